import { makeFactory, type ItemDefinition, type ItemSink } from '../../registry/definition.ts';
import type { BindContext, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only, PostNewtonOutput } from '../../registry/capabilities.ts';
import { FlexdynError, formatItemLabel, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, markerIndexList, nodeIndex, real, structural, vector, type ParameterValues } from '../../registry/parameters.ts';
import { CableSlidingTrack } from './cableSliding.ts';
import { lagrangeMultiplier } from './connectorBase.ts';

const parameters = {
  markerNumbers: markerIndexArray('[m0, m1]: m0 a position marker of the sliding body (a rigid-body marker with constrainRotation), m1 the MarkerBodyCable2DCoordinates of the element the joint starts on (slidingMarkerNumbers[data coordinate 0]).', 2),
  slidingMarkerNumbers: markerIndexList('The MarkerBodyCable2DCoordinates of the cable elements the body slides along, in order: element i ends where element i + 1 starts.'),
  slidingMarkerOffsets: vector([], 'Arc offset of each sliding element from the start of the first one: [0, L0, L0 + L1, …].'),
  nodeNumber: nodeIndex('A NodeGenericData with 2 data coordinates: the index of the active element in slidingMarkerNumbers and the sliding position (arc length from the start of the chain) at the start of the step.'),
  classicalFormulation: bool(true, 'True: 3 (+1) equations in global directions with the force along the cable set to zero (index 3 only); false: equations normal and tangential to the cable (also index 2).'),
  constrainRotation: structural(bool(false, 'True: m0 (a rigid-body marker) keeps its local y axis normal to the cable (one more equation).'), 'changes the number of algebraic equations'),
  axialForce: real(0, 'Classical formulation only: a force along the cable [N] acting between the cable and the body (drives the body).'),
  activeConnector: bool(true, 'If false, all equations read λ = 0 (the sliding coordinate too).'),
};

type Values = ParameterValues<typeof parameters>;

/** Algebraic coordinates: forces along x and y (or dummy and normal force), the sliding coordinate increment, the rotation constraint's multiplier. */
const SLIDING = 2;

/**
 * Run-time model of the planar sliding joint of a body on a chain of ANCF cable elements. Its algebraic coordinates are
 * [λ0, λ1, s_Δ (, λ3)]: s_Δ, the change of the sliding position within the step, is an unknown of Newton as in Exudyn;
 * the local sliding position in the active element is x = s_Δ + s₀ − offset_i with s₀ (data coordinate 1) the sliding
 * position at the start of the step. The post-Newton step switches the element when x leaves [0, L] and adds s_Δ to s₀.
 */
class JointSliding2DModel implements Only<ObjectModel, JointSliding2DModel> {
  readonly nAE: number;
  readonly multiplierRows: readonly number[];
  readonly positionLevelRows: readonly number[];
  private readonly track: CableSlidingTrack;
  private readonly classical: boolean;
  private readonly active: boolean;
  private readonly rotation: boolean;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.track = new CableSlidingTrack(label, v.markerNumbers, v.slidingMarkerNumbers, Array.from(v.slidingMarkerOffsets));
    this.classical = v.classicalFormulation;
    this.active = v.activeConnector;
    this.rotation = v.constrainRotation;
    this.nAE = 3 + (this.rotation ? 1 : 0);
    this.multiplierRows = !this.active ? Array.from({ length: this.nAE }, (_, i) => i) : this.classical ? [] : [0];
    this.positionLevelRows = this.active && !this.classical ? [SLIDING] : [];
  }

  get localNodes(): readonly NodeModel[] {
    return this.track.localNodes;
  }

  bind(context: BindContext): void {
    this.track.bind(context, this.v.nodeNumber, 'nodeNumber', 2, this.rotation);
  }

  /** Local sliding position x = s_Δ + s₀ − offset of the active element. */
  private localSlidingPosition(s: ItemState): number {
    const track = this.track;
    return lagrangeMultiplier(s, this, SLIDING) + s.data[track.dataIndex + 1] - track.offsets[track.activeIndex(s)];
  }

  ae(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void {
    if (!this.active) {
      for (let i = 0; i < this.nAE; i++) g[i] = lagrangeMultiplier(s, this, i);
      return;
    }
    const track = this.track;
    track.evaluate(s, this.localSlidingPosition(s), c !== undefined);
    const { r, r_x, p0, S, S_x, jacobian0, n0, nLocal } = track;
    const columns = track.activeColumns(s);
    const dx = r[0] - p0[0], dy = r[1] - p0[1];
    if (this.classical) {
      if (useIndex2) throw new FlexdynError(`${formatItemLabel(this.label)}: the classical formulation (classicalFormulation = true) has no index-2 form; set classicalFormulation = false or use index-3 constraints (useIndex2Constraints = false; with nonzero initial velocities also computeInitialAccelerations = false, whose curvature term needs the index-2 form)`, { item: this.label, parameter: 'classicalFormulation' });
      const fx = lagrangeMultiplier(s, this, 0), fy = lagrangeMultiplier(s, this, 1);
      const slopeNorm = Math.hypot(r_x[0], r_x[1]);
      g[0] = dx;
      g[1] = dy;
      g[2] = r_x[0] * fx + r_x[1] * fy - this.v.axialForce * slopeNorm;
      if (c !== undefined) {
        for (let i = 0; i < n0; i++) {
          c[i] = -jacobian0[i];
          c[nLocal + i] = -jacobian0[n0 + i];
        }
        const axial = this.v.axialForce / slopeNorm;
        for (let j = 0; j < 4; j++) {
          c[columns[2 * j]] += S[j];
          c[nLocal + columns[2 * j + 1]] += S[j];
          c[2 * nLocal + columns[2 * j]] += S_x[j] * (fx - axial * r_x[0]);
          c[2 * nLocal + columns[2 * j + 1]] += S_x[j] * (fy - axial * r_x[1]);
        }
      }
    } else {
      // normal n = [−r'_y, r'_x]; g0 = λ0 (a dummy row), g1 normal, g2 = d·r' (the closest point, position level always)
      const nx = -r_x[1], ny = r_x[0];
      g[0] = lagrangeMultiplier(s, this, 0);
      g[2] = dx * r_x[0] + dy * r_x[1];
      if (!useIndex2) {
        g[1] = dx * nx + dy * ny;
      } else {
        const { eDot, v0 } = track;
        let vx = 0, vy = 0, rxt = 0, ryt = 0;
        for (let j = 0; j < 4; j++) {
          vx += S[j] * eDot[2 * j]; vy += S[j] * eDot[2 * j + 1];
          rxt += S_x[j] * eDot[2 * j]; ryt += S_x[j] * eDot[2 * j + 1];
        }
        g[1] = (vx - v0[0]) * nx + (vy - v0[1]) * ny + dx * -ryt + dy * rxt;
      }
      if (c !== undefined) {
        for (let i = 0; i < n0; i++) {
          const jx = jacobian0[i], jy = jacobian0[n0 + i];
          c[nLocal + i] = -(jx * nx + jy * ny);
          c[2 * nLocal + i] = -(jx * r_x[0] + jy * r_x[1]);
        }
        for (let j = 0; j < 4; j++) {
          const cx = columns[2 * j], cy = columns[2 * j + 1];
          c[nLocal + cx] += S[j] * nx + dy * S_x[j];
          c[nLocal + cy] += S[j] * ny - dx * S_x[j];
          c[2 * nLocal + cx] += S[j] * r_x[0] + S_x[j] * dx;
          c[2 * nLocal + cy] += S[j] * r_x[1] + S_x[j] * dy;
        }
      }
    }
    if (this.rotation) this.rotationEquation(s, g, useIndex2 && !this.classical, c);
  }

  /**
   * Row 3: the body's local y axis n0 = A0 ȳ stays normal to the cable, r'·n0 = 0; on index 2 its rate
   * ṙ'·n0 + ω r'·(−A0 x̄). Jacobian: S'_j n0 on the cable, r'·(G0 × n0) on m0 (G0 its rotation Jacobian).
   */
  private rotationEquation(s: ItemState, g: Float64Array, velocityLevel: boolean, c?: Float64Array): void {
    const track = this.track;
    track.evaluateRotation(s, c !== undefined);
    const { A0, r_x, S_x, eDot, n0, nLocal, rotationJacobian0 } = track;
    const n0x = A0[1], n0y = A0[4];
    if (!velocityLevel) {
      g[3] = r_x[0] * n0x + r_x[1] * n0y;
    } else {
      let rxt = 0, ryt = 0;
      for (let j = 0; j < 4; j++) { rxt += S_x[j] * eDot[2 * j]; ryt += S_x[j] * eDot[2 * j + 1]; }
      const omega = track.angularVelocity0(s);
      g[3] = rxt * n0x + ryt * n0y + omega[2] * (r_x[0] * -A0[0] + r_x[1] * -A0[3]);
    }
    if (c === undefined) return;
    const columns = track.activeColumns(s);
    const n0z = A0[7];
    for (let i = 0; i < n0; i++) {
      const gx = rotationJacobian0[i], gy = rotationJacobian0[n0 + i], gz = rotationJacobian0[2 * n0 + i];
      // (G0 × n0) for the x and y components
      const cx = gy * n0z - gz * n0y, cy = gz * n0x - gx * n0z;
      c[3 * nLocal + i] = r_x[0] * cx + r_x[1] * cy;
    }
    for (let j = 0; j < 4; j++) {
      c[3 * nLocal + columns[2 * j]] += S_x[j] * n0x;
      c[3 * nLocal + columns[2 * j + 1]] += S_x[j] * n0y;
    }
  }

  /**
   * ∂g/∂λ beyond the dummy row: classical — row 2 [r'_x, r'_y, r''·F − f_a r'·r''/|r'|], column 2 of rows 0, 1 r';
   * local — ∂g1/∂s_Δ = d·n' (n' = [−r''_y, r''_x]; r'·n = 0), ∂g2/∂s_Δ = r'·r' + d·r''; constrainRotation:
   * ∂g3/∂s_Δ = r''·A0 ȳ. Index-2 row 1 contains no s_Δ
   * derivative there (as Exudyn's Jacobian, which is that of the index-3 row).
   */
  ae_lambda(s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    if (!this.active) return;
    const track = this.track;
    track.evaluate(s, this.localSlidingPosition(s), false);
    const { r, r_x, r_xx, p0 } = track;
    const dx = r[0] - p0[0], dy = r[1] - p0[1];
    if (this.classical) {
      const fx = lagrangeMultiplier(s, this, 0), fy = lagrangeMultiplier(s, this, 1);
      const slopeNorm = Math.hypot(r_x[0], r_x[1]);
      target.add(2, 0, factor * r_x[0]);
      target.add(2, 1, factor * r_x[1]);
      target.add(0, SLIDING, factor * r_x[0]);
      target.add(1, SLIDING, factor * r_x[1]);
      target.add(2, SLIDING, factor * (r_xx[0] * fx + r_xx[1] * fy - this.v.axialForce * (r_x[0] * r_xx[0] + r_x[1] * r_xx[1]) / slopeNorm));
    } else {
      target.add(1, SLIDING, factor * (-dx * r_xx[1] + dy * r_xx[0]));
      target.add(2, SLIDING, factor * (r_x[0] * r_x[0] + r_x[1] * r_x[1] + dx * r_xx[0] + dy * r_xx[1]));
    }
    if (this.rotation) {
      // ∂(r'·A0 ȳ)/∂s_Δ = r''·A0 ȳ
      track.evaluateRotation(s, false);
      target.add(3, SLIDING, factor * (r_xx[0] * track.A0[1] + r_xx[1] * track.A0[4]));
    }
  }

  /**
   * Exudyn's post-Newton step: an element switch when the sliding position left the active element (error: the distance
   * beyond its end), then s₀ += s_Δ, kept within [0, last offset + L].
   */
  postNewtonStep(s: ItemState, _startOfStep: ItemState, _out: PostNewtonOutput): number {
    if (!this.active) return 0;
    const track = this.track;
    const error = track.switchElement(s, this.localSlidingPosition(s));
    const start = track.dataIndex + 1;
    const maximum = track.offsets[track.offsets.length - 1] + track.activeLength(s);
    s.data[start] = Math.min(maximum, Math.max(0, s.data[start] + lagrangeMultiplier(s, this, SLIDING)));
    return error;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const track = this.track;
    switch (variable) {
      case OutputVariableType.Position: { const out = new Float64Array(3); track.marker0.position(s, out); return out; }
      case OutputVariableType.Velocity: { const out = new Float64Array(3); track.marker0.velocity(s, out); return out; }
      case OutputVariableType.Force: return [lagrangeMultiplier(s, this, 0), lagrangeMultiplier(s, this, 1), 0];
      case OutputVariableType.SlidingCoordinate: return [lagrangeMultiplier(s, this, SLIDING) + s.data[track.dataIndex + 1]];
      default: return undefined;
    }
  }
}

/** Checks the lengths of the sliding lists against each other (named errors). */
function validateSlidingLists(v: { slidingMarkerNumbers: readonly number[]; slidingMarkerOffsets: ArrayLike<number> }, label: ItemLabel): void {
  if (v.slidingMarkerOffsets.length !== v.slidingMarkerNumbers.length) {
    itemError(label, 'slidingMarkerOffsets', `must have one entry per slidingMarkerNumbers entry (${v.slidingMarkerNumbers.length}), got ${v.slidingMarkerOffsets.length}`);
  }
}

/** Adds a chain of two cable elements with their coordinate markers and a data node; returns the markers and the data node. */
export function slidingChainExample(mbs: ItemSink, cableType: 'ANCFCable2D' | 'ALEANCFCable2D', aleNode?: number): { markers: number[]; offsets: number[] } {
  const nodes = [0, 1, 2].map((i) => mbs.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [0.5 * i, 0, 1, 0], initialCoordinates: [0.01 * i, 0.05 * i * i, 0, 0.1 * i], initialVelocities: [0.1, -0.2 * i, 0.05, 0.3] }));
  const markers: number[] = [];
  for (let i = 0; i < 2; i++) {
    const nodeNumbers = aleNode === undefined ? [nodes[i], nodes[i + 1]] : [nodes[i], nodes[i + 1], aleNode];
    const cable = mbs.addObject({ objectType: cableType, nodeNumbers, physicsLength: 0.5, physicsMassPerLength: 2, physicsBendingStiffness: 3, physicsAxialStiffness: 100 });
    markers.push(mbs.addMarker({ markerType: 'BodyCable2DCoordinates', bodyNumber: cable }));
  }
  return { markers, offsets: [0, 0.5] };
}

/** The planar sliding joint on a chain of cable elements (Exudyn's ObjectJointSliding2D). */
export const objectJointSliding2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointSliding2D',
  aliases: ['SlidingJoint2D'],
  description: 'A point of a body (marker m0) slides along a chain of ObjectANCFCable2D (or ALE) elements, given by their '
    + 'MarkerBodyCable2DCoordinates in slidingMarkerNumbers with arc offsets slidingMarkerOffsets. Algebraic coordinates '
    + '[λ0, λ1, s_Δ (, λ3)]: s_Δ is the change of the sliding position in the step, an unknown of Newton; the NodeGenericData '
    + '(nodeNumber) holds the index of the active element and the sliding position s₀ at the start of the step. After Newton '
    + 'the element switches when the position left it (discontinuous iteration, error = distance beyond the element end) and '
    + 's₀ += s_Δ. The joint couples to the nodes of all chain elements (a fixed sparse pattern) and fills the columns of the '
    + 'active one; markerNumbers[1] is not changed by the solver (Exudyn rewrites it), the active element is slidingMarkerNumbers[data 0]. '
    + 'Outputs: Position and Velocity of m0, Force [λ0, λ1, 0], SlidingCoordinate s_Δ + s₀.',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.SlidingCoordinate, OutputVariableType.Force],
  equations: [
    'x = s_Δ + s₀ − offset_i (element i = data 0), r = Σ S_j(x) e_j, r\' = Σ S\'_j(x) e_j, d = r − p0.',
    'Classical (index 3): g0 = d_x, g1 = d_y, g2 = r\'·[λ0, λ1] − f_a |r\'|.',
    'Local: g0 = λ0, g1 = d·n with n = [−r\'_y, r\'_x] (index 2: ḋ·n + d·ṅ), g2 = d·r\' (position level also in index 2).',
    'constrainRotation: g3 = r\'·A0 ȳ (index 2: ṙ\'·A0 ȳ − ω r\'·A0 x̄).',
    'Post-Newton: x < 0 → i − 1, x > L → i + 1 (error |x| or x − L); s₀ ← clamp(s₀ + s_Δ, 0, offset_last + L).',
  ].join('\n'),
  validate: validateSlidingLists,
  example: (mbs) => {
    const { markers, offsets } = slidingChainExample(mbs, 'ANCFCable2D');
    const body = mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [0.3, -0.1, 0.1], initialVelocities: [0.2, 0.1, 0.5] });
    const rigid = mbs.addObject({ objectType: 'RigidBody2D', physicsMass: 1, physicsInertia: 0.1, nodeNumber: body });
    const m0 = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: rigid, localPosition: [0, 0.1, 0] });
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 2, initialCoordinates: [0, 0.25] });
    return mbs.addObject({ objectType: 'JointSliding2D', markerNumbers: [m0, markers[0]], slidingMarkerNumbers: markers, slidingMarkerOffsets: offsets, nodeNumber: data, classicalFormulation: false, constrainRotation: true });
  },
  create: (v, label) => new JointSliding2DModel(label, v),
};

/** Factory for a planar sliding joint on cable elements. */
export const ObjectJointSliding2D = makeFactory(objectJointSliding2DDefinition);
/** Exudyn's alias of {@link ObjectJointSliding2D}. */
export const SlidingJoint2D = ObjectJointSliding2D;
