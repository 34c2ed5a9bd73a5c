import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, BodyModel, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { objectIndex, uint, vector } from '../../registry/parameters.ts';
import { objectCosseratRodDefinition } from './ObjectCosseratRod.ts';

const parameters = {
  bodyNumber: objectIndex('The rod (a CosseratRod, or another line body with Gauss points and rotation Jacobians) the torque acts on.'),
  torquePerLength: vector([0, 0, 0], 'Torque per reference arc length τ [N m/m] in global coordinates (fixed in space, it does not rotate with the rod); '
    + 'PyElastica\'s UniformTorques(torque T, direction d) on a rod of length L is τ = T d/L.', 3, 'Vector3D'),
  pointsPerElement: uint(3, 'Gauss points per rod element at which the torque density is integrated (1 … 10).'),
};

/** The body capabilities the torque reads (optional in BodyModel; checked in bind). */
type LineBody = Required<Pick<BodyModel, 'linePoints' | 'rotationJacobian' | 'jacobianTransposedVector_q' | 'nodesAt'>> & BodyModel;

/**
 * Run-time model: at each Gauss point k (arc s_k, reference length ds_k) the torque τ ds_k acts on the cross-section,
 * Q = Σ_k J_rot(s_k)ᵀ τ ds_k = ∫ δφ_Kᵀ Aᵀ τ ds (the body-frame density c = Aᵀτ rotates against the rod), with the exact
 * Jacobian −Σ_k ∂(J_rotᵀ τ)/∂Δq ds_k from the rod.
 */
class RodUniformTorqueModel implements Only<ObjectModel, RodUniformTorqueModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = false;
  localNodes: readonly NodeModel[] = [];
  private rod: LineBody | undefined;
  private positions: Float64Array[] = [];
  private lengths: Float64Array = new Float64Array(0);
  /** Local column offset of each point's element. */
  private offsets = new Int32Array(0);
  /** Columns of a point (6(p + 1)). */
  private nPoint = 0;
  private jRot = new Float64Array(0);
  private block = new Float64Array(0);
  /** τ ds_k λ of the current point. */
  private readonly pointTorque = new Float64Array(3);

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number, private readonly torque: Float64Array, private readonly pointsPerElement: number) {}

  bind(context: BindContext): void {
    const body = context.body(this.bodyNumber, 'bodyNumber');
    const missing = (['linePoints', 'rotationJacobian', 'jacobianTransposedVector_q', 'nodesAt'] as const).filter((name) => body[name] === undefined);
    if (missing.length > 0) {
      itemError(this.label, 'bodyNumber', `must refer to a rod (a CosseratRod: a line body with ${missing.join(', ')}), got object #${this.bodyNumber} without them`);
    }
    const rod = body as LineBody;
    this.rod = rod;
    this.localNodes = body.nodes;
    const { arc, length } = rod.linePoints(this.pointsPerElement);
    this.positions = Array.from(arc, (s) => Float64Array.of(s, 0, 0));
    this.lengths = length;
    const columns = new Map<NodeModel, number>();
    let offset = 0;
    for (const node of body.nodes) { columns.set(node, offset); offset += node.nu; }
    this.offsets = Int32Array.from(this.positions, (p) => columns.get(rod.nodesAt(p)[0])
      ?? itemError(this.label, 'bodyNumber', `must refer to a line body whose points depend on its own nodes, got a point at s = ${p[0]} on a node outside them`));
    const pointNodes = rod.nodesAt(this.positions[0]);
    this.nPoint = pointNodes.reduce((sum, node) => sum + node.nu, 0);
    this.jRot = new Float64Array(3 * this.nPoint);
    this.block = new Float64Array(this.nPoint * this.nPoint);
  }

  private get line(): LineBody {
    return this.rod ?? itemError(this.label, 'bodyNumber', 'is not bound (assemble the system first)');
  }

  /** τ ds_k λ into pointTorque (λ the static load factor, 1 in dynamics). */
  private torqueAt(s: ItemState, k: number): Float64Array {
    const scale = this.lengths[k] * s.loadFactor, t = this.pointTorque;
    t[0] = scale * this.torque[0]; t[1] = scale * this.torque[1]; t[2] = scale * this.torque[2];
    return t;
  }

  /** ode2Lhs −= Σ_k J_rot(s_k)ᵀ τ ds_k (an applied torque is a right-hand side). */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    const body = this.line, np = this.nPoint, jRot = this.jRot;
    for (let k = 0; k < this.positions.length; k++) {
      const t = this.torqueAt(s, k), o = this.offsets[k];
      body.rotationJacobian(s, this.positions[k], jRot);
      for (let j = 0; j < np; j++) f[o + j] -= jRot[j] * t[0] + jRot[np + j] * t[1] + jRot[2 * np + j] * t[2];
    }
  }

  /** −factor·Σ_k ∂(J_rotᵀ τ ds_k)/∂Δq at fixed global τ (the rod's kernel), one element block per point. */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const body = this.line, np = this.nPoint, block = this.block;
    for (let k = 0; k < this.positions.length; k++) {
      block.fill(0);
      body.jacobianTransposedVector_q(s, this.positions[k], undefined, this.torqueAt(s, k), block, -factor);
      acc.addBlock(this.offsets[k], this.offsets[k], np, np, block, 0, np, 1);
    }
  }

  output(): undefined {
    return undefined;
  }
}

/** PyElastica's UniformTorques: a torque per length fixed in space along the whole rod (issue 14). */
export const objectRodUniformTorqueDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'RodUniformTorque',
  aliases: ['UniformTorques'],
  description: 'A torque per reference arc length τ in global coordinates along a whole rod (PyElastica\'s UniformTorques: its total torque T '
    + 'along d spread evenly over the elements and rotated into each element\'s frame is τ = T d/L here). The torque stays fixed in space '
    + 'while the rod rotates, so in the cross-section frame its density c = Aᵀτ depends on the configuration: the generalized force '
    + '∫ δφ_Kᵀ Aᵀ τ ds = Σ_k J_rot(s_k)ᵀ τ ds_k (pointsPerElement Gauss points per element) has the load Jacobian Σ_k ∂(J_rotᵀ τ)/∂Δq ds_k, '
    + 'given analytically by the rod. That is why it is an object on the rod (bodyNumber) with block-sparse Jacobians, not a load on a '
    + 'MarkerBodyMass (a load\'s Jacobian is one dense block over all rod coordinates). A body-fixed torque density is LoadDistributed\'s '
    + 'momentPerLength, a uniform force LoadDistributed\'s forcePerLength (PyElastica\'s UniformForces F d: F d/L). The static load factor '
    + 'scales τ.',
  parameters,
  outputVariables: [],
  equations: 'ode2Lhs = −Σ_k J_rot(s_k)ᵀ τ λ ds_k (λ the static load factor); ∂ode2Lhs/∂Δq = −Σ_k ∂(J_rotᵀ τ λ ds_k)/∂Δq at fixed τ.',
  validate: (v, label) => {
    if (v.pointsPerElement < 1 || v.pointsPerElement > 10) itemError(label, 'pointsPerElement', `must be 1 … 10, got ${v.pointsPerElement}`);
  },
  example: (mbs) => mbs.addObject({ objectType: 'RodUniformTorque', bodyNumber: objectCosseratRodDefinition.example(mbs), torquePerLength: [0.3, -0.2, 0.5] }),
  create: (v, label) => new RodUniformTorqueModel(label, v.bodyNumber, Float64Array.from(v.torquePerLength), v.pointsPerElement),
};

/** Factory for a uniform global torque on a rod. */
export const ObjectRodUniformTorque = makeFactory(objectRodUniformTorqueDefinition);
/** PyElastica's name of {@link ObjectRodUniformTorque}. */
export const UniformTorques = ObjectRodUniformTorque;
