import { constantJacobianTransposedVector_q, isCoordinateMarker, isCoordinateVectorMarker, isPositionMarker, isRigidMarker, type BindContext, type CoordinateMarkerModel, type CoordinateVectorMarkerModel, type ItemState, type MarkerModel, type NodeModel, type PositionMarkerModel, type RigidMarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { float64Views } from '../../linalg/arrays.ts';
import { ConfigurationType } from '../../registry/enums.ts';
import type { MatrixValue } from '../../registry/parameters.ts';
import { mat3MulInto, mat3MulVecInto, mat3TransposeMulInto, skewInto } from '../../rotations/skew.ts';

/** The kind of marker a connector needs: the type guard and the error text when a marker is of another kind. */
export interface MarkerKind<M extends MarkerModel> {
  /** True if the marker is of this kind. */
  is(marker: MarkerModel): marker is M;
  /** What a marker of this kind is, for errors: `entry i must refer to <what>, got <marker>`. */
  readonly what: string;
  /** Why a marker of another kind does not qualify, appended as `, which <reason>` (optional). */
  reason?(marker: MarkerModel): string;
}

/** Markers with a position (MarkerNodePosition, MarkerBodyPosition, the rigid markers …). */
export const positionMarkers: MarkerKind<PositionMarkerModel> = { is: isPositionMarker, what: 'a position marker' };

/** Markers on one coordinate (MarkerNodeCoordinate, MarkerNodeRotationCoordinate). */
export const coordinateMarkers: MarkerKind<CoordinateMarkerModel> = { is: isCoordinateMarker, what: 'a coordinate marker' };

/** Markers on all coordinates of a node or an object (MarkerNodeCoordinates, MarkerObjectODE2Coordinates). */
export const coordinateVectorMarkers: MarkerKind<CoordinateVectorMarkerModel> = {
  is: isCoordinateVectorMarker,
  what: 'a coordinate-vector marker (MarkerNodeCoordinates or MarkerObjectODE2Coordinates)',
};

/** Markers with position and orientation (MarkerNodeRigid, MarkerBodyRigid, MarkerSuperElementRigid). */
export const rigidMarkers: MarkerKind<RigidMarkerModel> = {
  is: isRigidMarker,
  what: 'a rigid marker (position and orientation, e.g. MarkerBodyRigid or MarkerNodeRigid)',
  reason: (marker) => `provides no ${isPositionMarker(marker) ? 'orientation' : 'position and orientation'}`,
};

/** The (empty) work arrays of a marker pair before bind sizes them; nothing can be written to it. */
const noEntries = new Float64Array(0);

/** The arrays of {@link pairWorkArray}, by length. */
const pairWorkArrays = new Map<number, Float64Array<ArrayBuffer>>();

/**
 * A work array of the given length shared by all marker pairs (∂v/∂q, null-direction and block arrays): each method
 * writes one, consumes it and then writes the next, so no two uses overlap, and a pair keeps no values in them between
 * calls. One per length, so `length` means what the pair's own array meant (a fresh process created six per pair,
 * which its set-up's scavenges copied: docs/benchmarks.md, gc24).
 */
function pairWorkArray(length: number): Float64Array<ArrayBuffer> {
  if (length === 0) return noEntries;
  let work = pairWorkArrays.get(length);
  if (work === undefined) {
    work = new Float64Array(length);
    pairWorkArrays.set(length, work);
  }
  return work;
}

/**
 * The two markers of a connector: binding with a check of their kind, local coordinates (marker 0's then marker 1's),
 * preallocated position Jacobians and relative kinematics. The position methods need position markers (their `this`
 * says so). No method allocates after bind.
 */
export class MarkerPair<M extends MarkerModel = PositionMarkerModel> {
  marker0!: M;
  marker1!: M;
  /** Local coordinates of marker 0 (its columns come first). */
  n0 = 0;
  /** Local coordinates of marker 1. */
  n1 = 0;
  /** Nodes of both markers in local order. */
  localNodes: NodeModel[] = [];
  /** Position Jacobian of marker 0 (3 × n0). */
  jacobian0 = noEntries;
  /** Position Jacobian of marker 1 (3 × n1). */
  jacobian1 = noEntries;
  /** Marker positions and velocities, updated by {@link MarkerPair.evaluatePositions}. */
  readonly p0: Float64Array;
  /** Position of marker 1. */
  readonly p1: Float64Array;
  /** Velocity of marker 0. */
  readonly v0: Float64Array;
  /** Velocity of marker 1. */
  readonly v1: Float64Array;
  /** Relative position Δp = p1 − p0, updated by {@link MarkerPair.evaluateRelative}. */
  readonly dp: Float64Array;
  /** Relative velocity Δv = v1 − v0, updated by {@link MarkerPair.evaluateRelative}. */
  readonly dv: Float64Array;
  /**
   * ∂v/∂q of marker 0 and 1 (3 × n0, 3 × n1) and blocks ∂(Jᵀ F)/∂q (n0 × n0, n1 × n1): work arrays of the Jacobians
   * ({@link pairWorkArray}: shared by length).
   */
  private velocityQ0 = noEntries;
  private velocityQ1 = noEntries;
  /** ∂position/∂q of marker 0 and 1 along their position Jacobians' null directions (3 × n0, 3 × n1), work arrays. */
  private nullQ0 = noEntries;
  private nullQ1 = noEntries;
  protected block0 = noEntries;
  protected block1 = noEntries;
  /** True if each marker has no coordinates or has addJacobianTransposedLoad ({@link MarkerPair.addForcePairAt}; set in bind). */
  private transposedLoadsDirect = false;

  /**
   * @param parameter the item's parameter of the marker numbers, for errors ('markerNumbers', whose entries are named; an
   *   item with one marker parameter, e.g. 'markerNumber', gets errors without the entry)
   */
  constructor(protected readonly label: ItemLabel, private readonly markerNumbers: readonly number[], private readonly kind: MarkerKind<M>, readonly parameter = 'markerNumbers') {
    [this.p0, this.p1, this.v0, this.v1, this.dp, this.dv] = float64Views([3, 3, 3, 3, 3, 3]);
  }

  /**
   * Resolves both markers and checks that they are of the pair's kind; an entry of given (a marker model the item made
   * itself, e.g. a point of a rod that moves along it) replaces the marker number of that entry.
   */
  bind(context: BindContext, given?: readonly (M | undefined)[]): void {
    const markers = this.markerNumbers.map((index, i) => {
      const supplied = given?.[i];
      if (supplied !== undefined) return supplied;
      const marker = context.marker(index, this.parameter);
      if (!this.kind.is(marker)) {
        const reason = this.kind.reason === undefined ? '' : `, which ${this.kind.reason(marker)}`;
        itemError(this.label, this.parameter, `${this.parameter === 'markerNumbers' ? `entry ${i} ` : ''}must refer to ${this.kind.what}, got ${marker.label.category}${marker.label.typeName} #${index}${reason}`);
      }
      return marker;
    });
    [this.marker0, this.marker1] = markers;
    this.n0 = this.marker0.nLocalU;
    this.n1 = this.marker1.nLocalU;
    this.localNodes = [...this.marker0.nodes, ...this.marker1.nodes];
    const null0 = (this.marker0 as Partial<PositionMarkerModel>).addPositionNullDirection !== undefined ? 3 * this.n0 : 0;
    const null1 = (this.marker1 as Partial<PositionMarkerModel>).addPositionNullDirection !== undefined ? 3 * this.n1 : 0;
    [this.jacobian0, this.jacobian1] = float64Views([3 * this.n0, 3 * this.n1]);
    this.velocityQ0 = pairWorkArray(3 * this.n0);
    this.velocityQ1 = pairWorkArray(3 * this.n1);
    this.block0 = pairWorkArray(this.n0 * this.n0);
    this.block1 = pairWorkArray(this.n1 * this.n1);
    this.nullQ0 = pairWorkArray(null0);
    this.nullQ1 = pairWorkArray(null1);
    const direct = (marker: M, n: number) => n === 0 || (marker as Partial<PositionMarkerModel>).addJacobianTransposedLoad !== undefined;
    this.transposedLoadsDirect = direct(this.marker0, this.n0) && direct(this.marker1, this.n1);
  }

  /** Updates p0, p1, v0, v1. */
  evaluatePositions(this: MarkerPair<PositionMarkerModel>, s: ItemState): void {
    this.marker0.position(s, this.p0);
    this.marker1.position(s, this.p1);
    this.marker0.velocity(s, this.v0);
    this.marker1.velocity(s, this.v1);
  }

  /** Updates p0, p1, v0, v1 and the relative kinematics dp = p1 − p0, dv = v1 − v0. */
  evaluateRelative(this: MarkerPair<PositionMarkerModel>, s: ItemState): void {
    this.evaluatePositions(s);
    // written out, with the arrays in locals: a fresh process's first solve runs this per Newton iteration in baseline
    // code, where a three-pass loop and its property loads cost more than the subtractions
    const { p0, p1, v0, v1, dp, dv } = this;
    dp[0] = p1[0] - p0[0]; dp[1] = p1[1] - p0[1]; dp[2] = p1[2] - p0[2];
    dv[0] = v1[0] - v0[0]; dv[1] = v1[1] - v0[1]; dv[2] = v1[2] - v0[2];
  }

  /** Updates p0, p1 and dp = p1 − p0 only (position-level equations need no velocities). */
  evaluateRelativePositions(this: MarkerPair<PositionMarkerModel>, s: ItemState): void {
    const { p0, p1, dp } = this;
    this.marker0.position(s, p0);
    this.marker1.position(s, p1);
    dp[0] = p1[0] - p0[0]; dp[1] = p1[1] - p0[1]; dp[2] = p1[2] - p0[2];
  }

  /**
   * Updates v0, v1 and dv = v1 − v0 only (velocity-level equations of point markers in the global frame need no positions).
   * JointModel.velocityLevelKinematics makes the same steps itself (a compile job this method got with both callers did
   * not pay back; docs/decisions.md): a change here goes there too.
   */
  evaluateRelativeVelocities(this: MarkerPair<PositionMarkerModel>, s: ItemState): void {
    const { v0, v1, dv } = this;
    this.marker0.velocity(s, v0);
    this.marker1.velocity(s, v1);
    dv[0] = v1[0] - v0[0]; dv[1] = v1[1] - v0[1]; dv[2] = v1[2] - v0[2];
  }

  /** Updates the position Jacobians of both markers. */
  evaluateJacobians(this: MarkerPair<PositionMarkerModel>, s: ItemState): void {
    if (this.n0 > 0) this.marker0.positionJacobian(s, this.jacobian0);
    if (this.n1 > 0) this.marker1.positionJacobian(s, this.jacobian1);
  }

  /** Adds the generalized forces of a force vector F acting on marker 1 and −F on marker 0 (f += [−J0ᵀF; J1ᵀF]). */
  addForcePair(force: ArrayLike<number>, f: Float64Array): void {
    const { n0, n1, jacobian0: j0, jacobian1: j1 } = this;
    for (let k = 0; k < n0; k++) f[k] -= j0[k] * force[0] + j0[n0 + k] * force[1] + j0[2 * n0 + k] * force[2];
    for (let k = 0; k < n1; k++) f[n0 + k] += j1[k] * force[0] + j1[n1 + k] * force[1] + j1[2 * n1 + k] * force[2];
  }

  /**
   * {@link MarkerPair.addForcePair} at state s: when each marker has no coordinates or forms J_posᵀF itself
   * (addJacobianTransposedLoad: a rigid body's reference point, the same numbers), without the position Jacobians;
   * otherwise from both markers' Jacobians, evaluated here.
   */
  addForcePairAt(this: MarkerPair<PositionMarkerModel>, s: ItemState, force: Float64Array, f: Float64Array): void {
    if (!this.transposedLoadsDirect) {
      this.evaluateJacobians(s);
      this.addForcePair(force, f);
      return;
    }
    if (this.n0 > 0) this.marker0.addJacobianTransposedLoad!(s, force, -1, undefined, f, 0);
    if (this.n1 > 0) this.marker1.addJacobianTransposedLoad!(s, force, 1, undefined, f, this.n0);
  }

  /**
   * Adds factor·Jᵀ S J to the local matrix, where J = [−J0, J1] and S is a 3×3 matrix (row-major),
   * i.e. the Jacobian of addForcePair for a force F with ∂F/∂(p1 − p0) = S (or ∂F/∂(v1 − v0) = S).
   */
  addProjectedMatrix(stiffness: ArrayLike<number>, factor: number, m: Float64Array): void {
    this.addProjectedColumns(stiffness, -factor, this.jacobian0, this.n0, 0, m);
    this.addProjectedColumns(stiffness, factor, this.jacobian1, this.n1, this.n0, m);
  }

  /**
   * Adds factor·Jᵀ S [−N0, N1], N_i the markers' ∂position/∂q along the directions their position Jacobians miss
   * (addPositionNullDirection: the radial direction of Euler parameters): with {@link MarkerPair.addProjectedMatrix}
   * the Jacobian of addForcePair for ∂F/∂(p1 − p0) = S in the plain coordinates that Newton's columns are. Needs the
   * position Jacobians of {@link MarkerPair.evaluateJacobians}.
   */
  addNullDirectionProjectedMatrix(this: MarkerPair<PositionMarkerModel>, s: ItemState, stiffness: ArrayLike<number>, factor: number, m: Float64Array): void {
    if (this.nullQ0.length > 0) {
      this.nullQ0.fill(0);
      this.marker0.addPositionNullDirection!(s, this.nullQ0);
      this.addProjectedColumns(stiffness, -factor, this.nullQ0, this.n0, 0, m);
    }
    if (this.nullQ1.length > 0) {
      this.nullQ1.fill(0);
      this.marker1.addPositionNullDirection!(s, this.nullQ1);
      this.addProjectedColumns(stiffness, factor, this.nullQ1, this.n1, this.n0, m);
    }
  }

  /**
   * Adds factor·Jᵀ S [−V0, V1] (V_i = ∂v_i/∂q of the markers that provide velocity_q; the others count as
   * q-independent velocities): the configuration dependence of a force with ∂F/∂(v1 − v0) = S. Needs the
   * position Jacobians of {@link MarkerPair.evaluateJacobians}.
   */
  addVelocityProjectedMatrix(this: MarkerPair<PositionMarkerModel>, s: ItemState, damping: ArrayLike<number>, factor: number, m: Float64Array): void {
    if (this.n0 > 0 && this.marker0.velocity_q !== undefined) {
      this.marker0.velocity_q(s, this.velocityQ0);
      this.addProjectedColumns(damping, -factor, this.velocityQ0, this.n0, 0, m);
    }
    if (this.n1 > 0 && this.marker1.velocity_q !== undefined) {
      this.marker1.velocity_q(s, this.velocityQ1);
      this.addProjectedColumns(damping, factor, this.velocityQ1, this.n1, this.n0, m);
    }
  }

  /**
   * Adds factor·[−∂(J0ᵀF)/∂q0, 0; 0, ∂(J1ᵀF)/∂q1] for a fixed force F (the derivative of the marker Jacobians, see
   * {@link MarkerModel.jacobianTransposedVector_q}); markers without that capability, or with the constant Jacobian's
   * (constantJacobianTransposedVector_q), contribute nothing (exact for constant Jacobians).
   */
  addJacobianTransposedForce_q(this: MarkerPair<PositionMarkerModel>, s: ItemState, force: ArrayLike<number>, factor: number, m: Float64Array): void {
    const kernel0 = this.marker0.jacobianTransposedVector_q, kernel1 = this.marker1.jacobianTransposedVector_q;
    if (this.n0 > 0 && kernel0 !== undefined && kernel0 !== constantJacobianTransposedVector_q) this.addMarkerBlock(s, this.marker0, force, this.block0, this.n0, 0, -factor, m);
    if (this.n1 > 0 && kernel1 !== undefined && kernel1 !== constantJacobianTransposedVector_q) this.addMarkerBlock(s, this.marker1, force, this.block1, this.n1, this.n0, factor, m);
  }

  /**
   * True if {@link MarkerPair.addJacobianTransposedForce_q} adds anything: a marker with coordinates gives the derivative
   * of a Jacobian that is not constant (then the connector needs its force for the Jacobian).
   */
  get addsJacobianTransposedForce_q(): boolean {
    const kernel0 = (this.marker0 as Partial<PositionMarkerModel>).jacobianTransposedVector_q, kernel1 = (this.marker1 as Partial<PositionMarkerModel>).jacobianTransposedVector_q;
    return (this.n0 > 0 && kernel0 !== undefined && kernel0 !== constantJacobianTransposedVector_q)
      || (this.n1 > 0 && kernel1 !== undefined && kernel1 !== constantJacobianTransposedVector_q);
  }

  /**
   * True if both markers give the derivative of their Jacobians (jacobianTransposedVector_q) or have no coordinates:
   * then {@link MarkerPair.addJacobianTransposedForce_q} is complete, not only for constant Jacobians.
   */
  get jacobianDerivativesAvailable(): boolean {
    return (this.n0 === 0 || (this.marker0 as Partial<PositionMarkerModel>).jacobianTransposedVector_q !== undefined) && (this.n1 === 0 || (this.marker1 as Partial<PositionMarkerModel>).jacobianTransposedVector_q !== undefined);
  }

  /** m[offset…, offset…] += the marker's scale·∂(J_posᵀ F + J_rotᵀ τ)/∂q (nb × nb, via the block work array; τ only for rigid markers). */
  protected addMarkerBlock(this: MarkerPair<PositionMarkerModel>, s: ItemState, marker: PositionMarkerModel, force: ArrayLike<number>, block: Float64Array, nb: number, offset: number, scale: number, m: Float64Array, torque?: ArrayLike<number>): void {
    const n = this.n0 + this.n1;
    block.fill(0);
    marker.jacobianTransposedVector_q?.(s, force, torque, block, scale);
    for (let i = 0; i < nb; i++) {
      const row = (offset + i) * n + offset;
      for (let j = 0; j < nb; j++) m[row + j] += block[i * nb + j];
    }
  }

  /** Adds the columns of one marker's block: m[:, offset + j] += J0/J1 rows · (factor·S·Jb[:, j]). */
  private addProjectedColumns(stiffness: ArrayLike<number>, factor: number, jb: Float64Array, nb: number, offset: number, m: Float64Array): void {
    const { n0, n1, jacobian0: j0, jacobian1: j1 } = this;
    const n = n0 + n1;
    const s = stiffness;
    const unit0 = isUnitJacobian(j0, n0), unit1 = isUnitJacobian(j1, n1);
    for (let j = 0; j < nb; j++) {
      const x = jb[j], y = jb[nb + j], z = jb[2 * nb + j];
      if (x === 0 && y === 0 && z === 0) continue;
      const t0 = factor * (s[0] * x + s[1] * y + s[2] * z);
      const t1 = factor * (s[3] * x + s[4] * y + s[5] * z);
      const t2 = factor * (s[6] * x + s[7] * y + s[8] * z);
      const column = offset + j;
      // a unit Jacobian's row i gives t_i plus products with 0 (±0, which change no sum the entry ends up in); only
      // for finite t (0·∞ would be NaN)
      const finite = t0 - t0 === 0 && t1 - t1 === 0 && t2 - t2 === 0;
      if (unit0 && finite) {
        m[column] -= t0;
        m[n + column] -= t1;
        m[2 * n + column] -= t2;
      } else {
        for (let i = 0; i < n0; i++) m[i * n + column] -= j0[i] * t0 + j0[n0 + i] * t1 + j0[2 * n0 + i] * t2;
      }
      if (unit1 && finite) {
        const first = n0 * n + column;
        m[first] += t0;
        m[first + n] += t1;
        m[first + 2 * n] += t2;
      } else {
        for (let i = 0; i < n1; i++) m[(n0 + i) * n + column] += j1[i] * t0 + j1[n1 + i] * t1 + j1[2 * n1 + i] * t2;
      }
    }
  }
}

/** True if the 3 × nb position Jacobian is the 3 × 3 unit matrix (a point node's). */
function isUnitJacobian(jb: Float64Array, nb: number): boolean {
  return nb === 3 && jb[0] === 1 && jb[1] === 0 && jb[2] === 0 && jb[3] === 0 && jb[4] === 1 && jb[5] === 0 && jb[6] === 0 && jb[7] === 0 && jb[8] === 1;
}

/** The joint frames J0, J1 of a {@link RigidMarkerPair}: their rotations relative to the markers (identity if omitted). */
export interface JointFrameRotations {
  /** Rotation R0 of J0 relative to marker 0 (3×3). */
  readonly rotationMarker0?: MatrixValue;
  /** Rotation R1 of J1 relative to marker 1 (3×3). */
  readonly rotationMarker1?: MatrixValue;
  /** A0all = R0·A0 (R0 from the left, Exudyn's ConnectorRigidBodySpringDamper) instead of A0·R0. */
  readonly rotationMarker0FromLeft?: boolean;
}

/**
 * The two markers of a rigid-body connector or joint: a {@link MarkerPair} of rigid markers with their frames. After
 * {@link RigidMarkerPair.evaluateOrientations} a0, a1 hold the marker rotation matrices A0, A1; after
 * {@link RigidMarkerPair.evaluateAngularVelocities} omega0, omega1 the body-fixed angular velocities ω̄0, ω̄1; after
 * {@link RigidMarkerPair.evaluateRotationJacobians} rotationJacobian0, rotationJacobian1 the rotation Jacobians
 * (3 × n0, 3 × n1). The joint frames: after {@link RigidMarkerPair.evaluateFrames} a0All = A0·R0 (or R0·A0), a1All = A1·R1;
 * after {@link RigidMarkerPair.evaluateFrameRates} a0AllDot = A0 ω̄̃0 R0, a1AllDot = A1 ω̄̃1 R1.
 */
export class RigidMarkerPair extends MarkerPair<RigidMarkerModel> {
  /** Rotation matrix A0 of marker 0 (row-major). */
  readonly a0 = new Float64Array(9);
  /** Rotation matrix A1 of marker 1. */
  readonly a1 = new Float64Array(9);
  /** Body-fixed angular velocity ω̄0 of marker 0. */
  readonly omega0 = new Float64Array(3);
  /** Body-fixed angular velocity ω̄1 of marker 1. */
  readonly omega1 = new Float64Array(3);
  /** Rotation Jacobian of marker 0 (3 × n0). */
  rotationJacobian0 = new Float64Array(0);
  /** Rotation Jacobian of marker 1 (3 × n1). */
  rotationJacobian1 = new Float64Array(0);
  /** Rotation R0 of the joint frame J0 relative to marker 0 (row-major). */
  readonly r0 = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  /** Rotation R1 of the joint frame J1 relative to marker 1. */
  readonly r1 = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  /** Joint frame A0all = A0·R0 (R0·A0 with rotationMarker0FromLeft); a joint may post-multiply an offset rotation. */
  readonly a0All = new Float64Array(9);
  /** Joint frame A1all = A1·R1. */
  readonly a1All = new Float64Array(9);
  /** Ȧ0all = A0 ω̄̃0 R0. */
  readonly a0AllDot = new Float64Array(9);
  /** Ȧ1all = A1 ω̄̃1 R1. */
  readonly a1AllDot = new Float64Array(9);
  /** A0all = R0·A0 (rotationMarker0FromLeft), else A0·R0. */
  readonly r0FromLeft: boolean;
  private readonly work9 = new Float64Array(9);
  private readonly work3 = new Float64Array(3);

  constructor(label: ItemLabel, markerNumbers: readonly number[], frames: JointFrameRotations = {}) {
    super(label, markerNumbers, rigidMarkers);
    if (frames.rotationMarker0 !== undefined) this.r0.set(frames.rotationMarker0.flat());
    if (frames.rotationMarker1 !== undefined) this.r1.set(frames.rotationMarker1.flat());
    this.r0FromLeft = frames.rotationMarker0FromLeft === true;
  }

  override bind(context: BindContext): void {
    super.bind(context);
    this.rotationJacobian0 = new Float64Array(3 * this.n0);
    this.rotationJacobian1 = new Float64Array(3 * this.n1);
  }

  /** Updates a0 and a1. */
  evaluateOrientations(s: ItemState): void {
    this.marker0.orientation(s, this.a0);
    this.marker1.orientation(s, this.a1);
  }

  /** Updates a0, a1 and the joint frames a0All, a1All. */
  evaluateFrames(s: ItemState): void {
    this.evaluateOrientations(s);
    this.formFrames();
  }

  /**
   * Updates p0, p1, dp (with velocities also v0, v1, dv), a0, a1 and the joint frames: evaluateRelativePositions
   * (evaluateRelative) and evaluateFrames in one pass, through the markers' positionAndOrientation where they have it (a
   * rigid body's marker then forms its rotation matrix once, not for its position and again for its orientation).
   */
  evaluateRelativeAndFrames(s: ItemState, velocities: boolean): void {
    const { marker0, marker1, p0, p1, a0, a1, dp } = this;
    if (marker0.positionAndOrientation !== undefined) marker0.positionAndOrientation(s, p0, a0);
    else { marker0.position(s, p0); marker0.orientation(s, a0); }
    if (marker1.positionAndOrientation !== undefined) marker1.positionAndOrientation(s, p1, a1);
    else { marker1.position(s, p1); marker1.orientation(s, a1); }
    dp[0] = p1[0] - p0[0]; dp[1] = p1[1] - p0[1]; dp[2] = p1[2] - p0[2];
    if (velocities) this.evaluateRelativeVelocities(s);
    this.formFrames();
  }

  /** The joint frames a0All, a1All from a0, a1. */
  private formFrames(): void {
    if (this.r0FromLeft) mat3MulInto(this.a0All, this.r0, this.a0);
    else mat3MulInto(this.a0All, this.a0, this.r0);
    mat3MulInto(this.a1All, this.a1, this.r1);
  }

  /** Updates omega0 and omega1. */
  evaluateAngularVelocities(s: ItemState): void {
    this.marker0.angularVelocityLocal(s, this.omega0);
    this.marker1.angularVelocityLocal(s, this.omega1);
  }

  /** Updates omega0, omega1 and the joint-frame rates a0AllDot, a1AllDot (needs a0, a1 of {@link RigidMarkerPair.evaluateFrames}). */
  evaluateFrameRates(s: ItemState): void {
    this.evaluateAngularVelocities(s);
    mat3MulInto(this.a0AllDot, this.a0, skewInto(this.work9, this.omega0));
    mat3MulInto(this.a0AllDot, this.a0AllDot, this.r0);
    mat3MulInto(this.a1AllDot, this.a1, skewInto(this.work9, this.omega1));
    mat3MulInto(this.a1AllDot, this.a1AllDot, this.r1);
  }

  /** out = A0allᵀ A1all, the rotation of J1 relative to J0 (after {@link RigidMarkerPair.evaluateFrames}). */
  relativeRotation(out: Float64Array): Float64Array {
    return mat3TransposeMulInto(out, this.a0All, this.a1All);
  }

  /** out = A1 ω̄1 − A0 ω̄0, the global relative angular velocity (after evaluateOrientations and evaluateAngularVelocities). */
  relativeAngularVelocity(out: Float64Array): Float64Array {
    const w1 = mat3MulVecInto(out, this.a1, this.omega1);
    const w0 = mat3MulVecInto(this.work3, this.a0, this.omega0);
    w1[0] -= w0[0]; w1[1] -= w0[1]; w1[2] -= w0[2];
    return w1;
  }

  /** Updates the rotation Jacobians of the markers with coordinates. */
  evaluateRotationJacobians(s: ItemState): void {
    if (this.n0 > 0) this.marker0.rotationJacobian(s, this.rotationJacobian0);
    if (this.n1 > 0) this.marker1.rotationJacobian(s, this.rotationJacobian1);
  }

  /**
   * True if both markers give the derivatives of their Jacobians and angular velocities (jacobianTransposedVector_q,
   * angularVelocity_q) or have no coordinates: the configuration dependence of a force acting through both Jacobians and
   * depending on the angular velocities is then analytic (a marker without velocity_q has a q-independent velocity).
   */
  get rotationDerivativesAvailable(): boolean {
    return this.jacobianDerivativesAvailable && (this.n0 === 0 || this.marker0.angularVelocity_q !== undefined) && (this.n1 === 0 || this.marker1.angularVelocity_q !== undefined);
  }

  /**
   * Adds factor·∂(J_posᵀ F_i + J_rotᵀ τ_i)/∂q of each marker i for fixed global forces F_i and torques τ_i (the loads on
   * marker i, no sign change) into its diagonal block of the local matrix m.
   */
  addJacobianTransposedLoads_q(s: ItemState, force0: ArrayLike<number>, torque0: ArrayLike<number>, force1: ArrayLike<number>, torque1: ArrayLike<number>, factor: number, m: Float64Array): void {
    if (this.n0 > 0) this.addMarkerBlock(s, this.marker0, force0, this.block0, this.n0, 0, factor, m, torque0);
    if (this.n1 > 0) this.addMarkerBlock(s, this.marker1, force1, this.block1, this.n1, this.n0, factor, m, torque1);
  }
}

/**
 * The kind of a rigid or position marker for kernels that form its kinematics from its node's coordinates
 * (nodeMarkerKernelsSource.ts's nodeMarker: JointKernels.evaluateNodes, the translation-only rigid-body spring-damper): 0 a marker without coordinates (its
 * kinematics are taken as fixed, as the rolling disc's kernels take a plane without coordinates), 1 a marker at the reference
 * point of an Euler-parameter node (its kinematics and Jacobians are the node's), 2 a marker at a body-fixed point of a
 * rigid body on an Euler-parameter node (PositionMarkerModel.frameOffset), −1 any other.
 */
export function nodeMarkerKind(marker: PositionMarkerModel, n: number): number {
  if (n === 0) return 0;
  const node = marker.frameNode ?? (marker.frameOffset !== undefined && marker.nodes.length === 1 ? marker.nodes[0] : undefined);
  if (node === undefined || n !== 7 || node.nu !== 7 || node.label.typeName !== 'RigidBodyEP') return -1;
  return marker.frameNode !== undefined ? 1 : 2;
}

/** The coordinate arrays of {@link fixedMarkerState}: empty. */
const noCoordinates = new Float64Array(0);
/** The address tables of {@link fixedMarkerState}: empty. */
const noAddresses = new Int32Array(0);

/**
 * The state a fixed marker's constants (nodeMarker kind 0, PointMarkerShortcuts' fixed markers and constant Jacobians)
 * are evaluated at, in bind: empty coordinate arrays at t = 0.
 * A marker without coordinates (on ground: a ground body or a ground node, which give their reference values) reads none
 * of them, and the kernels take its kinematics as fixed for all times; it calls no user function, so the state has no
 * system.
 */
export const fixedMarkerState: ItemState = {
  qRef: noCoordinates, q: noCoordinates, u: noCoordinates, a: noCoordinates, lambda: noCoordinates, data: noCoordinates,
  ode1Ref: noCoordinates, ode1: noCoordinates, ode1_t: noCoordinates,
  addresses: { nodeQ: noAddresses, nodeU: noAddresses, nodeAE: noAddresses, objectAE: noAddresses, nodeData: noAddresses, nodeODE1: noAddresses },
  t: 0, loadFactor: 1, mbs: undefined as never, configuration: ConfigurationType.Reference,
};

/**
 * What a kernel's nodeMarker (nodeMarkerKernelsSource.ts) reads of a connector's marker pair: the markers' kinds (−1
 * while not bound), their nodes (kinds ≥ 1), and the markers' constants, written at bind into the region given there.
 */
export class NodeMarkerInputs {
  /** Marker 0's nodeMarker kind; −1 while not bound (the markers evaluate in JavaScript). */
  kind0 = -1;
  /** Marker 1's nodeMarker kind; −1 while not bound. */
  kind1 = -1;
  private node0: NodeModel | undefined = undefined;
  private node1: NodeModel | undefined = undefined;
  private constants: Float64Array = new Float64Array(0);

  /**
   * Takes the pair's markers with their kinds (both ≥ 0) and writes their constants into `constants` (18 doubles each).
   * Written here, not at the first evaluation: that branch, taken once per connector, had no type feedback in the
   * optimized code of the evaluations and deoptimized it at each connector bound later in a process.
   */
  bind(pair: MarkerPair, kind0: number, kind1: number, constants: Float64Array): void {
    this.kind0 = kind0;
    this.kind1 = kind1;
    this.node0 = kind0 > 0 ? pair.marker0.nodes[0] : undefined;
    this.node1 = kind1 > 0 ? pair.marker1.nodes[0] : undefined;
    this.constants = constants;
    this.writeConstants(pair);
  }

  /** Not bound: the kernels do not form the markers' kinematics. */
  unbind(): void {
    this.kind0 = -1;
    this.kind1 = -1;
  }

  /** The coordinates and velocities of the markers' nodes into x, marker i's from 14·i on (q at 0, u̇ at 7, the node's nu each); a marker without node writes nothing. */
  write(s: ItemState, x: Float64Array): void {
    const q = s.q, u = s.u;
    // both markers in one loop: the loads of a node's indices then have type feedback from whichever marker has a node
    // (marker 0 of a joint to ground has none, and the first joint between two bodies deoptimized a copy of its own)
    for (let k = 0; k < 2; k++) {
      const node = k === 0 ? this.node0 : this.node1;
      if (node === undefined) continue;
      const i = node.qIndex, j = node.uIndex, o = 14 * k;
      for (let m = 0, n = node.nu; m < n; m++) {
        x[o + m] = q[i + m];
        x[o + 7 + m] = u[j + m];
      }
    }
  }

  /**
   * The markers' constants of nodeMarker (18 per marker): a fixed marker's (kind 0) A, p, v, ω̄ as it evaluates them at
   * {@link fixedMarkerState} (through the pair's arrays; a position marker's A and ω̄ zeros); a node marker's reference
   * position, body-fixed position (kind 2, at 3) and reference Euler parameters (at 12).
   */
  private writeConstants(pair: MarkerPair): void {
    const out = this.constants, s = fixedMarkerState;
    for (let i = 0; i < 2; i++) {
      const kind = i === 0 ? this.kind0 : this.kind1, o = 18 * i;
      const marker = i === 0 ? pair.marker0 : pair.marker1;
      if (kind > 0) {
        const reference = marker.nodes[0].referenceCoordinates;
        out.set(reference.subarray(0, 3), o);
        if (kind === 2) out.set(marker.frameOffset!, o + 3);
        out.set(reference.subarray(3, 7), o + 12);
        continue;
      }
      const p = i === 0 ? pair.p0 : pair.p1, v = i === 0 ? pair.v0 : pair.v1;
      marker.position(s, p);
      marker.velocity(s, v);
      out.set(p, o + 9);
      out.set(v, o + 12);
      if (!(pair instanceof RigidMarkerPair)) {
        out.fill(0, o, o + 9);
        out.fill(0, o + 15, o + 18);
        continue;
      }
      const a = i === 0 ? pair.a0 : pair.a1, w = i === 0 ? pair.omega0 : pair.omega1;
      const rigid = i === 0 ? pair.marker0 : pair.marker1;
      rigid.orientation(s, a);
      rigid.angularVelocityLocal(s, w);
      out.set(a, o);
      out.set(w, o + 15);
    }
  }
}

/** The Lagrange multiplier of algebraic equation `row` of an object, through the state's address tables. */
export function lagrangeMultiplier(s: ItemState, object: { readonly label: ItemLabel }, row = 0): number {
  return s.lambda[s.addresses.objectAE[object.label.index] - s.u.length + row];
}

/** Global velocity-coordinate index of a coordinate marker's coordinate, or -1 if it is a ground coordinate. */
export function globalCoordinateIndex(marker: CoordinateMarkerModel): number {
  let local = marker.coordinateLocalIndex ?? -1;
  if (local < 0) return -1;
  for (const node of marker.nodes) {
    if (local < node.nu) return node.uIndex + local;
    local -= node.nu;
  }
  return -1;
}

/**
 * Binds an object's optional data node (Exudyn's nodeNumber of a NodeGenericData): undefined when nodeNumber is −1 and
 * the object does not need one; a FlexdynError naming the object when it needs one (why, in `neededFor`) and has none,
 * or when the node is no data node (with `count` data coordinates, when count is given).
 */
export function bindDataNode(context: BindContext, label: ItemLabel, nodeNumber: number, count: number | undefined, neededFor: string | undefined): NodeModel | undefined {
  const what = count === undefined ? 'a NodeGenericData' : `a NodeGenericData with ${count} data coordinate${count === 1 ? '' : 's'}`;
  if (nodeNumber === -1) {
    if (neededFor !== undefined) itemError(label, 'nodeNumber', `must refer to ${what} ${neededFor}, got -1 (none)`);
    return undefined;
  }
  const node = context.node(nodeNumber, 'nodeNumber');
  const nData = node.nData ?? 0;
  if (node.nu !== 0 || nData === 0 || (count !== undefined && nData !== count)) {
    itemError(label, 'nodeNumber', `must refer to ${what}, got Node${node.label.typeName} #${nodeNumber} with ${nData} data coordinates`);
  }
  return node;
}
