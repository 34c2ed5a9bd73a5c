import { describeValue, FlexdynError } from '../core/errors.ts';
import { NodeGenericODE2 } from '../items/nodes/NodeGenericODE2.ts';
import { NodeRigidBodyQuaternion } from '../items/nodes/NodeRigidBodyQuaternion.ts';
import { ObjectCosseratRod } from '../items/objects/ObjectCosseratRod.ts';
import type { RodInterpolationName } from '../items/objects/cosseratRod/interpolation.ts';
import type { RodConstraintName } from '../items/objects/cosseratRod/mixedVirtualWork.ts';
import type { LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, VectorValue } from '../registry/parameters.ts';
import { rodCenterline, type CenterlineOptions } from '../rods/centerlines.ts';
import type { RodStiffness } from '../rods/crossSections.ts';
import { rotationMatrix2EulerParametersInto } from '../rotations/rotationMatrices.ts';
import { addGravityLoad } from './bodies.ts';
import { checkBeforeAdding, type BuilderSink } from './builderSink.ts';
import { checkedVector3 } from './options.ts';

/*
 * The rod builder (mbs.createCosseratRod): nodes on a reference centerline and the ObjectCosseratRod on them.
 */

/** Options of createCosseratRod. */
export interface CreateCosseratRodOptions {
  /** Rod name; node k is named 'Node<k>:' + name. */
  name?: string;
  /**
   * Reference centerline with cross-section frames (x tangent): { type: 'Straight', start, direction, length, up },
   * { type: 'CircularArc', start, direction, towardCenter, radius, angle }, { type: 'Helix', radius, pitch, turns,
   * center, rotationMatrix } or { type: 'Curve', length, position(s), rotationMatrix(s) }.
   */
  centerline: CenterlineOptions;
  /** Number of elements n_el ≥ 1. */
  numberOfElements: number;
  /** Polynomial degree p (1 … 6); default 1. The rod gets p·n_el + 1 nodes. */
  polynomialDegree?: number;
  /** Stiffness and inertia, e.g. rodStiffnessFromMaterial(...); alternative to the four physics… options. */
  rodParameters?: RodStiffness;
  /** [EA, GA₂, GA₃] (when rodParameters is not given). */
  physicsAxialShearStiffness?: VectorValue;
  /** [GI_p, EI₂, EI₃] (when rodParameters is not given). */
  physicsBendingTorsionStiffness?: VectorValue;
  /** Mass per length ρA (when rodParameters is not given); default 0. */
  physicsMassPerLength?: number;
  /** Rotary inertia per length ρ[I_p, I₂, I₃] (when rodParameters is not given); default [0, 0, 0]. */
  physicsInertiaPerLength?: VectorValue;
  /** Strain-rate damping D_γ; default [0, 0, 0]. */
  physicsAxialShearDamping?: VectorValue;
  /** Curvature-rate damping D_κ; default [0, 0, 0]. */
  physicsBendingTorsionDamping?: VectorValue;
  /** Orientation interpolation: 'quaternion' (default), 'R12' (seed 000's) or 'SE3' (linear elements only; see ObjectCosseratRod's interpolation). */
  interpolation?: RodInterpolationName;
  /** Section law: 'linear' (default) or PyElastica's 'stretchScaled' (see ObjectCosseratRod's sectionLaw). */
  sectionLaw?: 'linear' | 'stretchScaled';
  /** Quadrature of the internal forces: 'reduced' (default) or 'full'. */
  integration?: 'reduced' | 'full';
  /**
   * Internal forces: 'mixed' (Hellinger–Reissner, stresses as unknowns on an added GenericODE2 node; see ObjectCosseratRod's
   * formulation) or 'displacement'. Default: 'mixed' where it applies (linear section law, reduced integration), else 'displacement'.
   */
  formulation?: 'displacement' | 'mixed';
  /** Constrained variant of the mixed formulation: 'none' (default), 'shearRigid', 'inextensible' or 'kirchhoff'. */
  constraints?: RodConstraintName;
  /** Gravity vector; when non-zero a MarkerBodyMass and a LoadMassProportional are added. */
  gravity?: VectorValue;
  /** Draw the rod. */
  show?: boolean;
}

/** What createCosseratRod returns. */
export interface CreateCosseratRodResult {
  /** The RigidBodyQuaternion nodes from s = 0 to s = L (p·n_el + 1). */
  nodeNumbers: NodeIndex[];
  /** The ObjectCosseratRod. */
  objectNumber: ObjectIndex;
  /** Arc length L of the reference centerline (the rod's physicsLength: markers at [s, 0, 0], s ∈ [0, L]). */
  length: number;
  /** The GenericODE2 node of the stresses (formulation 'mixed' only). */
  stressNodeNumber?: NodeIndex;
  /** The MarkerBodyMass of the gravity load (only with non-zero gravity). */
  markerBodyMass?: MarkerIndex;
  /** The gravity load (only with non-zero gravity). */
  loadNumber?: LoadIndex;
}

/**
 * Adds a Cosserat rod on a reference centerline: p·n_el + 1 NodeRigidBodyQuaternion nodes at equally spaced arc
 * lengths s_k = kL/(p n_el) (the element nodes ξᵢᵉ), with reference coordinates the exact curve points r(s_k) and the
 * unit quaternions of the frames A(s_k) (signs chosen continuous along the rod), an ObjectCosseratRod with
 * physicsLength = L and, with gravity, a mass-proportional load.
 */
export function createCosseratRod(sink: BuilderSink, options: CreateCosseratRodOptions): CreateCosseratRodResult {
  const where = 'createCosseratRod';
  if (options === null || typeof options !== 'object') throw new FlexdynError(`${where}: options must be an object, got ${describeValue(options)}`);
  const name = options.name ?? '';
  const line = rodCenterline(options.centerline, where);
  const nElements = options.numberOfElements;
  if (typeof nElements !== 'number' || !Number.isInteger(nElements) || nElements < 1) {
    throw new FlexdynError(`${where}: numberOfElements must be a positive integer, got ${describeValue(nElements)}`);
  }
  const explicit = (['physicsAxialShearStiffness', 'physicsBendingTorsionStiffness', 'physicsMassPerLength', 'physicsInertiaPerLength'] as const)
    .filter((key) => options[key] !== undefined);
  const rod = options.rodParameters;
  if (rod !== undefined && explicit.length > 0) {
    throw new FlexdynError(`${where}: give either rodParameters or the physics… options, got both (rodParameters and ${explicit.join(', ')})`);
  }
  if (rod === undefined && (options.physicsAxialShearStiffness === undefined || options.physicsBendingTorsionStiffness === undefined)) {
    throw new FlexdynError(`${where}: rodParameters (e.g. rodStiffnessFromMaterial(...)) or physicsAxialShearStiffness and physicsBendingTorsionStiffness are required`);
  }
  const gravity = checkedVector3(where, 'gravity', options.gravity ?? [0, 0, 0]);
  const p = options.polynomialDegree ?? 1;
  const sectionLaw = options.sectionLaw ?? 'linear', integration = options.integration ?? 'reduced';
  const formulation = options.formulation ?? (sectionLaw === 'linear' && integration === 'reduced' ? 'mixed' : 'displacement');
  const rodObject = ObjectCosseratRod({
    name,
    polynomialDegree: p,
    physicsAxialShearStiffness: rod?.axialShear ?? options.physicsAxialShearStiffness,
    physicsBendingTorsionStiffness: rod?.bendingTorsion ?? options.physicsBendingTorsionStiffness,
    physicsMassPerLength: rod?.massPerLength ?? options.physicsMassPerLength ?? 0,
    physicsInertiaPerLength: rod?.inertiaPerLength ?? options.physicsInertiaPerLength ?? [0, 0, 0],
    physicsAxialShearDamping: options.physicsAxialShearDamping ?? [0, 0, 0],
    physicsBendingTorsionDamping: options.physicsBendingTorsionDamping ?? [0, 0, 0],
    interpolation: options.interpolation ?? 'quaternion',
    integration,
    sectionLaw,
    formulation,
    constraints: options.constraints ?? 'none',
    // placeholder for the check; the stress node is added with the rod's nodes
    stressNodeNumber: formulation === 'mixed' ? 0 : -1,
    physicsLength: line.length,
    visualization: { show: options.show ?? true },
  });
  // placeholder: the nodes of one element (a degree beyond any rod gets none and fails on polynomialDegree first)
  const oneElement = Number.isInteger(p) && p >= 1 && p <= 64 ? p + 1 : 0;
  checkBeforeAdding('Object', rodObject, { nodeNumbers: new Array<number>(oneElement).fill(0) });

  const count = p * nElements + 1;
  const r = new Float64Array(3), a = new Float64Array(9), quaternion = new Float64Array(4), previous = new Float64Array(4);
  const nodeNumbers: NodeIndex[] = [];
  for (let k = 0; k < count; k++) {
    const sk = k === count - 1 ? line.length : (k * line.length) / (count - 1);
    line.position(sk, r);
    line.rotationMatrix(sk, a);
    rotationMatrix2EulerParametersInto(quaternion, a);
    if (k > 0 && quaternion[0] * previous[0] + quaternion[1] * previous[1] + quaternion[2] * previous[2] + quaternion[3] * previous[3] < 0) {
      for (let i = 0; i < 4; i++) quaternion[i] = -quaternion[i];
    }
    previous.set(quaternion);
    nodeNumbers.push(sink.addNode(NodeRigidBodyQuaternion({
      name: name === '' ? '' : `Node${k}:${name}`,
      referenceCoordinates: [r[0], r[1], r[2], quaternion[0], quaternion[1], quaternion[2], quaternion[3]],
    })));
  }
  let stressNodeNumber: NodeIndex | undefined;
  if (rodObject.formulation === 'mixed') {
    const nStresses = 6 * p * nElements, zeros = new Array<number>(nStresses).fill(0);
    stressNodeNumber = sink.addNode(NodeGenericODE2({ name: name === '' ? '' : `Stresses:${name}`, numberOfODE2Coordinates: nStresses, referenceCoordinates: zeros, initialCoordinates: zeros, initialCoordinates_t: zeros }));
  }
  const objectNumber = sink.addObject({ ...rodObject, nodeNumbers, stressNodeNumber: stressNodeNumber ?? -1 });
  return { nodeNumbers, objectNumber, length: line.length, ...(stressNodeNumber === undefined ? {} : { stressNodeNumber }), ...addGravityLoad(sink, objectNumber, gravity, name === '' ? '' : `MarkerBodyMass:${name}`) };
}
