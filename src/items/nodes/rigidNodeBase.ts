import type { FrameNodeModel, ItemState, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { rotationMatrix2RotXYZInto } from '../../rotations/rotationMatrices.ts';
import { coordinateOutput } from './coordinateOutputs.ts';
import { arrayInto } from '../../linalg/arrays.ts';
import { NodeBase } from './nodeBase.ts';
import type { ItemSink } from '../../registry/definition.ts';

/** Output variables every 3D rigid-body node answers (AngularAcceleration and Coordinates_tt are added per node type). */
export const rigidNodeBaseOutputs = [
  OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration,
  OutputVariableType.CoordinatesTotal, OutputVariableType.Coordinates, OutputVariableType.Coordinates_t,
  OutputVariableType.RotationMatrix, OutputVariableType.Rotation, OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal,
] as const;

/** Outputs of rigid nodes that also answer Coordinates_tt and AngularAcceleration (EP, Rxyz, 2D, quaternion). */
export const rigidNodeOutputs: readonly OutputVariableType[] = [
  ...rigidNodeBaseOutputs, OutputVariableType.Coordinates_tt, OutputVariableType.AngularAcceleration,
];

/** A node with position and orientation: the kinematics a rigid-body output needs. */
export interface OrientedNode extends FrameNodeModel {
  /** Writes the global angular acceleration α. */
  angularAcceleration(s: ItemState, out: Float64Array): void;
  /** The node's "Rotation" output (Tait–Bryan angles of A, raw angles for Rxyz, [0, 0, φ] in 2D), in `into` if given. */
  rotationOutput(s: ItemState, into?: Float64Array): Float64Array;
  /**
   * A at s (9 entries row-major, orientation's values) in the node's own array, valid until the node is asked again: to
   * be read at once, not kept or written. Only nodes that keep A define it (reading it in place saves the copy that
   * orientation writes); the others are asked for orientation.
   */
  orientationAt?(s: ItemState): ArrayLike<number>;
}

/** A's entries for rotXYZOfOrientation (read at once; a sensor asks for the Rotation every recorded step). */
const orientationScratch = new Float64Array(9);

/** Tait–Bryan angles of A (Exudyn's RotationMatrix2RotXYZ), the Rotation output of most rigid nodes; in `into` if given (length 3). */
export function rotXYZOfOrientation(node: OrientedNode, s: ItemState, into?: Float64Array): Float64Array {
  node.orientation(s, orientationScratch);
  return rotationMatrix2RotXYZInto(arrayInto(into, 3), orientationScratch);
}

/**
 * The value of a rigid node output, if the node's declared list contains it: in `into` if its length is the value's
 * (NodeModel.output), else a new array.
 */
export function rigidNodeOutput(node: OrientedNode, declared: readonly OutputVariableType[], variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined {
  if (!declared.includes(variable)) return undefined;
  switch (variable) {
    case OutputVariableType.RotationMatrix: { const a = into !== undefined && into.length === 9 ? into : new Float64Array(9); node.orientation(s, a); return a; }
    case OutputVariableType.Rotation: return node.rotationOutput(s, into !== undefined && into.length === 3 ? into : undefined);
    case OutputVariableType.Position: case OutputVariableType.Displacement: case OutputVariableType.Velocity: case OutputVariableType.Acceleration:
    case OutputVariableType.AngularVelocity: case OutputVariableType.AngularVelocityLocal: case OutputVariableType.AngularAcceleration:
      return vectorOutput(node, variable, s, into);
    default: return coordinateOutput(node, variable, s, into);
  }
}

/** The three-vector outputs of rigidNodeOutput. */
function vectorOutput(node: OrientedNode, variable: OutputVariableType, s: ItemState, into: Float64Array | undefined): Float64Array {
  const out = arrayInto(into, 3);
  switch (variable) {
    case OutputVariableType.Position: node.position(s, out); return out;
    case OutputVariableType.Displacement:
      node.position(s, out);
      for (let i = 0; i < node.positionDimension; i++) out[i] -= node.referenceCoordinates[i];
      return out;
    case OutputVariableType.Velocity: node.velocity(s, out); return out;
    case OutputVariableType.Acceleration: node.acceleration(s, out); return out;
    case OutputVariableType.AngularVelocity: node.angularVelocity(s, out); return out;
    case OutputVariableType.AngularVelocityLocal: node.angularVelocityLocal(s, out); return out;
    default: node.angularAcceleration(s, out); return out;
  }
}

/**
 * The rigid-node family API that rigid bodies and floating frames build their mass terms from (G, G_l and their
 * derivatives), beside the node capabilities.
 */
export interface RigidBodyNode extends OrientedNode {
  /** Number of rotation velocity coordinates n_rot = n_u − 3. */
  readonly nRotation: number;
  /** True if the rotation velocity coordinates are ω̄ itself (G_l = I): RotVecLG and quaternion nodes. */
  readonly localAngularVelocityCoordinates: boolean;
  /** True if Ġ_l θ̇ does not vanish identically (Rxyz); then gLocalDotRates must be evaluated. */
  readonly hasGLocalDotTerm: boolean;
  /** Writes G_l = ∂ω̄/∂θ̇, 3 × n_rot row-major. */
  gLocal(s: ItemState, out: Float64Array): void;
  /** Writes the global G = ∂ω/∂θ̇, 3 × n_rot row-major. */
  gGlobal(s: ItemState, out: Float64Array): void;
  /** Writes Ġ_l θ̇ (zero unless hasGLocalDotTerm). */
  gLocalDotRates(s: ItemState, out: Float64Array): void;
  /** Adds Gᵀτ (global G) to out[offset + 3 …] (n_rot entries): the rotation columns of J_rotᵀτ, J_rot = [0 | G]. */
  addRotationJacobianTransposed(s: ItemState, torque: ArrayLike<number>, out: Float64Array, offset: number): void;
  /** Writes ∂(Gᵀm)/∂θ (n_rot × n_rot row-major) for a fixed global vector m. */
  gTransposedVector_q(s: ItemState, m: ArrayLike<number>, out: Float64Array): void;
  /** A body-fixed torque's generalized forces in one call (Euler parameters only; see RigidNodeModel.addRotatedTorque). */
  addRotatedTorque?(s: ItemState, localTorque: ArrayLike<number>, torque: Float64Array, out: Float64Array): void;
}

/**
 * A 3D rigid-body node: three displacement coordinates u of the reference point
 * (position p = p_ref + u, velocity u̇) followed by rotation coordinates θ with velocity
 * coordinates θ̇ (or, for Lie-group nodes, the body-fixed angular velocity ω̄).
 * Subclasses define the rotation matrix A(θ) and the matrices G = ∂ω/∂θ̇, G_l = ∂ω̄/∂θ̇;
 * ObjectRigidBody builds its mass matrix and quadratic velocity terms from them.
 */
export abstract class RigidNodeModel extends NodeBase implements Only<RigidBodyNode, RigidNodeModel> {
  readonly isGround = false;
  readonly positionDimension = 3;
  /** Number of rotation velocity coordinates n_rot = n_u − 3. */
  readonly nRotation: number;
  readonly nu: number;
  /** True if the rotation velocity coordinates are ω̄ itself (G_l = I): RotVecLG and quaternion nodes. */
  abstract readonly localAngularVelocityCoordinates: boolean;
  /** True if Ġ_l θ̇ does not vanish identically (Rxyz); then gLocalDotRates must be evaluated. */
  readonly hasGLocalDotTerm: boolean = false;
  abstract readonly nAE: number;
  /** Work array of G or G_l (3 × n_rot). */
  protected readonly gWork: Float64Array;
  /** Work arrays of the load-Jacobian kernel: ∂(Gᵀm)/∂θ (n_rot × n_rot) and a 3×3 matrix (also for angularVelocity_q). */
  private readonly gTransposedDerivative: Float64Array;
  protected readonly matrixWork = new Float64Array(9);

  constructor(
    label: ItemLabel,
    readonly nq: number,
    nRotation: number,
    referenceCoordinates: Float64Array,
    initialCoordinates: Float64Array,
    initialVelocities: Float64Array,
    private readonly declaredOutputs: readonly OutputVariableType[],
  ) {
    super(label, referenceCoordinates, initialCoordinates, initialVelocities);
    this.nRotation = nRotation;
    this.nu = 3 + nRotation;
    this.gWork = new Float64Array(3 * nRotation);
    this.gTransposedDerivative = new Float64Array(nRotation * nRotation);
  }

  /** Writes A(θ_ref + q_rot), 9 entries row-major. */
  abstract orientation(s: ItemState, out: Float64Array): void;
  /** Writes G_l = ∂ω̄/∂θ̇, 3 × n_rot row-major. */
  abstract gLocal(s: ItemState, out: Float64Array): void;
  /** Writes the global G = ∂ω/∂θ̇, 3 × n_rot row-major. */
  abstract gGlobal(s: ItemState, out: Float64Array): void;
  /** The node's Rotation output. */
  abstract rotationOutput(s: ItemState, into?: Float64Array): Float64Array;
  /** Writes the global angular acceleration. */
  abstract angularAcceleration(s: ItemState, out: Float64Array): void;

  /** Only nodes that keep A define it (OrientedNode.orientationAt). */
  orientationAt?(s: ItemState): ArrayLike<number>;

  /** Only nodes whose rotation Jacobian has null directions (Euler parameters) define it (NodeModel.addRotatedVectorNullDirection). */
  addRotatedVectorNullDirection?(s: ItemState, vLocal: ArrayLike<number>, out: Float64Array, n: number): void;

  /**
   * Only Euler-parameter nodes define it: a body-fixed torque's generalized forces in one call, out[0…2] += 0·τ's sum and
   * out[3…] += Gᵀτ with τ = A τ_local, τ written into `torque` (the operations of orientation, mat3MulVecInto, the zero
   * block's sum and addRotationJacobianTransposed, in their order).
   */
  addRotatedTorque?(s: ItemState, localTorque: ArrayLike<number>, torque: Float64Array, out: Float64Array): void;

  /** Writes Ġ_l θ̇ (zero unless hasGLocalDotTerm). */
  gLocalDotRates(_s: ItemState, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = 0;
  }

  position(s: ItemState, out: Float64Array): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex;
    out[0] = r[0] + q[i]; out[1] = r[1] + q[i + 1]; out[2] = r[2] + q[i + 2];
  }

  velocity(s: ItemState, out: Float64Array): void {
    const u = s.u, i = this.uIndex;
    out[0] = u[i]; out[1] = u[i + 1]; out[2] = u[i + 2];
  }

  acceleration(s: ItemState, out: Float64Array): void {
    const a = s.a, i = this.uIndex;
    out[0] = a[i]; out[1] = a[i + 1]; out[2] = a[i + 2];
  }

  /** [I₃ | 0], 3 × n_u. */
  positionJacobian(_s: ItemState, out: Float64Array): void {
    const n = this.nu;
    out.fill(0, 0, 3 * n);
    out[0] = 1; out[n + 1] = 1; out[2 * n + 2] = 1;
  }

  /** [0 | G] (global G), 3 × n_u. */
  rotationJacobian(s: ItemState, out: Float64Array): void {
    const n = this.nu, nr = this.nRotation, g = this.gWork;
    this.gGlobal(s, g);
    for (let r = 0; r < 3; r++) {
      out[r * n] = 0; out[r * n + 1] = 0; out[r * n + 2] = 0;
      for (let j = 0; j < nr; j++) out[r * n + 3 + j] = g[r * nr + j];
    }
  }

  /** Gᵀτ column by column as the product with rotationJacobian sums it (G from gGlobal, the entries rotationJacobian copies). */
  addRotationJacobianTransposed(s: ItemState, torque: ArrayLike<number>, out: Float64Array, offset: number): void {
    const nr = this.nRotation, g = this.gWork, t0 = torque[0], t1 = torque[1], t2 = torque[2], o = offset + 3;
    this.gGlobal(s, g);
    for (let j = 0; j < nr; j++) out[o + j] += g[j] * t0 + g[nr + j] * t1 + g[2 * nr + j] * t2;
  }

  /**
   * Writes ∂(Gᵀm)/∂θ (n_rot × n_rot row-major) for a fixed global vector m, the derivative with respect to the
   * node's rotation increments. This version is for nodes whose rotation velocity coordinates are ω̄ with
   * body-fixed increments, A ← A exp(Δθ̃) (quaternion, RotVecLG): Gᵀm = Aᵀm, so the derivative is skew(Aᵀm).
   * Nodes with other rotation coordinates (EP, Rxyz) override it.
   */
  gTransposedVector_q(s: ItemState, m: ArrayLike<number>, out: Float64Array): void {
    const a = this.matrixWork;
    this.orientation(s, a);
    const x = a[0] * m[0] + a[3] * m[1] + a[6] * m[2];
    const y = a[1] * m[0] + a[4] * m[1] + a[7] * m[2];
    const z = a[2] * m[0] + a[5] * m[1] + a[8] * m[2];
    out[0] = 0; out[1] = -z; out[2] = y;
    out[3] = z; out[4] = 0; out[5] = -x;
    out[6] = -y; out[7] = x; out[8] = 0;
  }

  /** J_pos = [I | 0] is constant, so only a torque contributes: factor·∂(Gᵀτ)/∂θ in the rotation block. */
  jacobianTransposedVector_q(s: ItemState, _force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void {
    if (torque === undefined) return;
    const n = this.nu, nr = this.nRotation, d = this.gTransposedDerivative;
    this.gTransposedVector_q(s, torque, d);
    for (let r = 0; r < nr; r++) {
      for (let c = 0; c < nr; c++) k[(3 + r) * n + 3 + c] += factor * d[r * nr + c];
    }
  }

  /**
   * ∂ω/∂Δq at fixed u (3 × n_u row-major) for nodes with body-fixed rotation increments A ← A exp(Ω̃) and velocity
   * coordinates ω̄ (quaternion, RotVecLG): ω = A ω̄, so ∂ω/∂Ω_k = A (e_k × ω̄), i.e. the rotation block is −A ω̄̃.
   */
  protected bodyFixedIncrementAngularVelocity_q(s: ItemState, out: Float64Array): void {
    const a = this.matrixWork, n = this.nu, i = this.uIndex + 3;
    this.orientation(s, a);
    const x = s.u[i], y = s.u[i + 1], z = s.u[i + 2];
    for (let r = 0; r < 3; r++) {
      const a0 = a[3 * r], a1 = a[3 * r + 1], a2 = a[3 * r + 2];
      out[r * n] = 0; out[r * n + 1] = 0; out[r * n + 2] = 0;
      out[r * n + 3] = a2 * y - a1 * z;
      out[r * n + 4] = a0 * z - a2 * x;
      out[r * n + 5] = a1 * x - a0 * y;
    }
  }

  /** ω̄ = G_l θ̇. */
  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    this.gLocal(s, this.gWork);
    this.multiplyRates(this.gWork, s.u, out);
  }

  /** ω = G θ̇. */
  angularVelocity(s: ItemState, out: Float64Array): void {
    this.gGlobal(s, this.gWork);
    this.multiplyRates(this.gWork, s.u, out);
  }

  /** out = g · x_rot, where x_rot are the node's rotation entries of a velocity-sized array (u or a). */
  protected multiplyRates(g: Float64Array, x: Float64Array, out: Float64Array): void {
    const nr = this.nRotation, o = this.uIndex + 3;
    for (let r = 0; r < 3; r++) {
      let sum = 0;
      for (let j = 0; j < nr; j++) sum += g[r * nr + j] * x[o + j];
      out[r] = sum;
    }
  }

  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined {
    return rigidNodeOutput(this, this.declaredOutputs, variable, s, into);
  }
}

/**
 * A body-fixed Lie-group rigid node (NodeRigidBodyQuaternion, NodeRigidBodyRotVecLG): the velocity coordinates of the
 * rotation are the body-fixed angular velocity ω̄ (G_l = I, G = A), rotations are updated by composition with a
 * body-fixed increment, A ← A exp(Ω̃), and positions by addition (R³ × SO(3)). Subclasses parametrize the rotation
 * (quaternion, rotation vector): its matrix, the composition, and the rates of the parameters and of the increment.
 */
export abstract class BodyFixedLieGroupNode extends RigidNodeModel {
  readonly nAE = 0;
  readonly localAngularVelocityCoordinates = true;

  /** Composes the rotation parameters at q[i…] with the body-fixed increment factor·delta[d … d + 2]. */
  protected abstract composeRotation(q: Float64Array, i: number, delta: Float64Array, d: number, factor: number): void;
  /** out[o … o + 2] = T_exp(Ω)⁻¹ ω̄ for the rotation increment Ω = delta[d …] and the angular velocity ω̄ = w[j …]. */
  protected abstract rotationIncrementRate(delta: Float64Array, d: number, w: Float64Array, j: number, out: Float64Array, o: number): void;
  /** Writes the rates of the rotation parameters at q[i…] for ω̄ = u[j …] into out[i…] (global arrays). */
  protected abstract rotationParameterRates(q: Float64Array, i: number, u: Float64Array, j: number, out: Float64Array): void;

  gLocal(_s: ItemState, out: Float64Array): void {
    out[0] = 1; out[1] = 0; out[2] = 0; out[3] = 0; out[4] = 1; out[5] = 0; out[6] = 0; out[7] = 0; out[8] = 1;
  }

  gGlobal(s: ItemState, out: Float64Array): void {
    this.orientation(s, out);
  }

  override angularVelocityLocal(s: ItemState, out: Float64Array): void {
    const u = s.u, i = this.uIndex + 3;
    out[0] = u[i]; out[1] = u[i + 1]; out[2] = u[i + 2];
  }

  /** ∂ω/∂Δq = [0 | −A ω̄̃] for the body-fixed rotation increments. */
  angularVelocity_q(s: ItemState, out: Float64Array): void {
    this.bodyFixedIncrementAngularVelocity_q(s, out);
  }

  /** α = A ω̄̇. */
  angularAcceleration(s: ItemState, out: Float64Array): void {
    this.orientation(s, this.gWork);
    this.multiplyRates(this.gWork, s.a, out);
  }

  rotationOutput(s: ItemState, into?: Float64Array): Float64Array {
    return rotXYZOfOrientation(this, s, into);
  }

  /** r += factor·Δr; the rotation composed with the body-fixed increment factor·Ω. */
  composeIncrement(q: Float64Array, delta: Float64Array, deltaIndex: number, factor: number): void {
    const i = this.qIndex, d = deltaIndex;
    q[i] += factor * delta[d]; q[i + 1] += factor * delta[d + 1]; q[i + 2] += factor * delta[d + 2];
    this.composeRotation(q, i + 3, delta, d + 3, factor);
  }

  /** Rate of an increment Δ = [Δr, Ω] for velocities w = [v, ω̄]: [v; T_exp(Ω)⁻¹ ω̄]. */
  incrementRates(delta: Float64Array, deltaIndex: number, w: Float64Array, wIndex: number, out: Float64Array, outIndex: number): void {
    const j = wIndex;
    out[outIndex] = w[j]; out[outIndex + 1] = w[j + 1]; out[outIndex + 2] = w[j + 2];
    this.rotationIncrementRate(delta, deltaIndex + 3, w, j + 3, out, outIndex + 3);
  }

  /** ṙ = v and the rates of the rotation parameters (global arrays q, u; out has n_q entries like q). */
  positionRates(q: Float64Array, u: Float64Array, out: Float64Array): void {
    const i = this.qIndex, j = this.uIndex;
    out[i] = u[j]; out[i + 1] = u[j + 1]; out[i + 2] = u[j + 2];
    this.rotationParameterRates(q, i + 3, u, j + 3, out);
  }
}

/** The rotation parameters reference[offset … offset + 3] + initial[…] and their length. */
function startRotationParameters(reference: ArrayLike<number>, initial: ArrayLike<number>, offset: number): { total: number[]; norm: number } {
  const total = [0, 1, 2, 3].map((i) => reference[offset + i] + initial[offset + i]);
  return { total, norm: Math.hypot(...total) };
}

/** Checks that the rotation parameters at reference[offset..offset+3] + initial[...] are not the zero quaternion. */
export function checkNonzeroQuaternion(label: ItemLabel, reference: ArrayLike<number>, initial: ArrayLike<number>, offset: number): void {
  const { total, norm } = startRotationParameters(reference, initial, offset);
  if (norm === 0) {
    itemError(label, 'referenceCoordinates', `plus initialCoordinates must give nonzero rotation parameters (entries ${offset}…${offset + 3}; e.g. referenceCoordinates [x, y, z, 1, 0, 0, 0]), got [${total.join(', ')}]`);
  }
}

/**
 * Tolerance of |‖p‖ − 1| for the Euler parameters a simulation starts from: computed parameters are unit to
 * ~1e-15; hand-typed ones with 7 digits pass; anything larger is an input error that the constraint p·p = 1 would
 * silently correct in the first step (a jump of the body) or, without the constraint, scale the rotation matrix.
 */
const unitEulerParameterTolerance = 1e-6;

/** Throws unless reference plus initial Euler parameters (entries offset … offset + 3) have unit length. */
export function checkUnitEulerParameters(label: ItemLabel, reference: ArrayLike<number>, initial: ArrayLike<number>, offset: number): void {
  checkNonzeroQuaternion(label, reference, initial, offset);
  const { total, norm } = startRotationParameters(reference, initial, offset);
  if (Math.abs(norm - 1) > unitEulerParameterTolerance) {
    itemError(label, 'referenceCoordinates', `plus initialCoordinates must give unit Euler parameters (entries ${offset}…${offset + 3}, |p| = 1 within ${unitEulerParameterTolerance}), got [${total.join(', ')}] with |p| = ${norm}`);
  }
}

/**
 * The example model of a 3D rigid-body node type (ItemDefinition.example): the node carrying a rigid body with a
 * centre-of-mass offset and a full inertia tensor, and a body-fixed force and torque on a node marker (so the node's
 * load Jacobians are exercised). Returns the node's index.
 */
export function rigidNodeExample(sink: ItemSink, nodeType: string, referenceCoordinates: readonly number[], initialVelocities: readonly number[]): number {
  const node = sink.addNode({ nodeType, referenceCoordinates, initialVelocities });
  sink.addObject({ objectType: 'RigidBody', physicsMass: 1.5, physicsInertia: [0.2, 0.3, 0.4, 0, 0.01, 0], physicsCenterOfMass: [0.05, 0, -0.02], nodeNumber: node });
  const marker = sink.addMarker({ markerType: 'NodeRigid', nodeNumber: node });
  sink.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0.5, -1, 2], bodyFixed: true });
  sink.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0.1, 0.3, -0.2], bodyFixed: true });
  return node;
}
