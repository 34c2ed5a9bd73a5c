import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { cross3Into, mat3MulVecInto, mat3TransposeMulVecInto } from '../../rotations/skew.ts';
import type { OrientedNode } from '../nodes/rigidNodeBase.ts';
import { float64Views } from '../../linalg/arrays.ts';

/** Body outputs of rigid bodies (3D and 2D), at a body-fixed local position. */
export const rigidBodyOutputs = [
  OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.VelocityLocal,
  OutputVariableType.RotationMatrix, OutputVariableType.Rotation, OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal,
  OutputVariableType.Acceleration, OutputVariableType.AccelerationLocal, OutputVariableType.AngularAcceleration,
  OutputVariableType.AngularAccelerationLocal, OutputVariableType.KineticEnergy,
] as const;

/** out += A x (A row-major 3 × 3): a body-fixed point's offset from the frame origin. */
function addRotatedPoint(out: Float64Array, a: ArrayLike<number>, x: ArrayLike<number>): void {
  const x0 = x[0], x1 = x[1], x2 = x[2];
  out[0] += a[0] * x0 + a[1] * x1 + a[2] * x2;
  out[1] += a[3] * x0 + a[4] * x1 + a[5] * x2;
  out[2] += a[6] * x0 + a[7] * x1 + a[8] * x2;
}

/**
 * Kinematics of body-fixed points on the frame of one rigid node (p + A x, u̇ + A(ω̄ × x)) and the node's
 * orientation, angular velocities and rotation Jacobian; shared by the rigid bodies and the FFRF reference frame.
 */
export abstract class RigidFrameKinematics<N extends OrientedNode> {
  protected node!: N;
  /** Rotation matrix work array (views cut by float64Views: no buffer per body). */
  protected readonly rotation = float64Views([9])[0];
  /** 3-vector work arrays. */
  protected readonly w0 = float64Views([3])[0];
  protected readonly w1 = float64Views([3])[0];

  /** p + A x (p alone for x = 0, the frame origin: markers and sensors at the body's reference point). */
  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.node.position(s, out);
    if (localPosition[0] === 0 && localPosition[1] === 0 && localPosition[2] === 0) return;
    addRotatedPoint(out, this.rotationAt(s), localPosition);
  }

  /** p + A x and A, the rotation matrix formed once (position's values, and orientation's). */
  positionAndOrientation(s: ItemState, localPosition: ArrayLike<number>, position: Float64Array, orientation: Float64Array): void {
    this.node.orientation(s, orientation);
    this.node.position(s, position);
    if (localPosition[0] === 0 && localPosition[1] === 0 && localPosition[2] === 0) return;
    addRotatedPoint(position, orientation, localPosition);
  }

  /**
   * A at s, to be read at once: the node's kept matrix where it has one (OrientedNode.orientationAt, no copy), else
   * written into the rotation work array.
   */
  protected rotationAt(s: ItemState): ArrayLike<number> {
    const kept = this.node.orientationAt?.(s);
    if (kept !== undefined) return kept;
    this.node.orientation(s, this.rotation);
    return this.rotation;
  }

  /** Displacement of the frame-fixed point x from its reference position: position(q) − position(q = 0) (an output). */
  protected displacement(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): Float64Array {
    const p0 = new Float64Array(3);
    this.position({ ...s, q: new Float64Array(s.q.length) }, localPosition, p0);
    this.position(s, localPosition, out);
    for (let i = 0; i < 3; i++) out[i] -= p0[i];
    return out;
  }

  /** u̇ + A (ω̄ × x) (u̇ alone for x = 0). */
  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    if (localPosition[0] === 0 && localPosition[1] === 0 && localPosition[2] === 0) {
      this.node.velocity(s, out);
      return;
    }
    const w = this.w0;
    this.node.angularVelocityLocal(s, w);
    cross3Into(w, w, localPosition);
    mat3MulVecInto(w, this.rotationAt(s), w);
    this.node.velocity(s, out);
    out[0] += w[0]; out[1] += w[1]; out[2] += w[2];
  }

  orientation(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.node.orientation(s, out);
  }

  angularVelocity(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.node.angularVelocity(s, out);
  }

  angularVelocityLocal(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.node.angularVelocityLocal(s, out);
  }

  /** The node's rotation Jacobian ([0 | G] in 3D). */
  rotationJacobian(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.node.rotationJacobian(s, out);
  }

  /**
   * ∂v/∂Δq at fixed u of the point x (3 × n_u, with work arrays of 6·n_u entries): v = v_p + ω × r, r = A x, v_p a
   * velocity coordinate, ∂r/∂Δq_k = G_k × r (G the rotation Jacobian, the virtual rotation as in the position
   * Jacobian), so column k is W_k × r + ω × (G_k × r) with W = ∂ω/∂Δq (angularVelocity_q, the node's), plus, along the
   * directions G misses (radial Euler parameters), the node's derivative of the rotated vector ω̄ × x (addRotatedVectorNullDirection); rotationWork is
   * the view of work from 3·n_u on (made once: a subarray per call would allocate).
   */
  protected pointVelocity_q(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array, work: Float64Array, rotationWork: Float64Array, angularVelocity_q: (s: ItemState, out: Float64Array) => void): void {
    const node = this.node, n = node.nu;
    if (localPosition[0] === 0 && localPosition[1] === 0 && localPosition[2] === 0) {
      // the body's origin: r = 0, so every term is a product with 0 (the same values; a marker at a disc's centre)
      for (let i = 0; i < 3 * n; i++) out[i] = 0;
      return;
    }
    const r = this.w0, omega = this.w1, a = this.rotation;
    node.orientation(s, a);
    mat3MulVecInto(r, a, localPosition);
    node.angularVelocity(s, omega);
    angularVelocity_q(s, work);
    node.rotationJacobian(s, rotationWork);
    const rx = r[0], ry = r[1], rz = r[2], wx = omega[0], wy = omega[1], wz = omega[2];
    for (let k = 0; k < n; k++) {
      const ax = work[k], ay = work[n + k], az = work[2 * n + k];
      const gx = work[3 * n + k], gy = work[4 * n + k], gz = work[5 * n + k];
      // d = G_k × r
      const dx = gy * rz - gz * ry, dy = gz * rx - gx * rz, dz = gx * ry - gy * rx;
      out[k] = ay * rz - az * ry + wy * dz - wz * dy;
      out[n + k] = az * rx - ax * rz + wz * dx - wx * dz;
      out[2 * n + k] = ax * ry - ay * rx + wx * dy - wy * dx;
    }
    // the directions G misses (radial Euler parameters): ω × r = A(ω̄ × x) there also turns with A (W covers ω̄'s part)
    if (node.addRotatedVectorNullDirection === undefined) return;
    const lever = this.w0;
    node.angularVelocityLocal(s, lever);
    cross3Into(lever, lever, localPosition);
    node.addRotatedVectorNullDirection(s, lever, out, n);
  }
}

/**
 * Common part of rigid bodies on one rigid node: the frame kinematics of {@link RigidFrameKinematics}, binding
 * and the body outputs. Subclasses add the mass matrix, quadratic velocity terms and Jacobians.
 */
export abstract class RigidBodyBase<N extends OrientedNode> extends RigidFrameKinematics<N> implements Only<ObjectModel & BodyModel, RigidBodyBase<N>> {
  readonly nAE = 0;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];
  nLocalU = 0;
  /** The shared dense work array of the local mass matrix (n_local × n_local, see denseLocalMatrix; set in bind). */
  protected localMatrix = new Float64Array(0);

  constructor(readonly label: ItemLabel, protected readonly nodeNumber: number) {
    super();
  }

  /** The node: at localPosition 0 the body frame is the node frame (BodyModel.frameNode). */
  get frameNode(): N {
    return this.node;
  }

  get body(): BodyModel {
    return this;
  }

  /** Resolves the node and checks its kind (throws naming nodeNumber). */
  protected abstract resolveNode(node: NodeModel): N;

  /** ∂v/∂Δq of a body-fixed point (see {@link RigidFrameKinematics.pointVelocity_q}); present if the node has angularVelocity_q (set in bind). */
  velocity_q?: (s: ItemState, localPosition: ArrayLike<number>, out: Float64Array) => void;
  /** ∂ω/∂Δq of the body frame (the node's; the same at every localPosition); present if the node has angularVelocity_q (set in bind). */
  angularVelocity_q?: (s: ItemState, localPosition: ArrayLike<number>, out: Float64Array) => void;

  bind(context: BindContext): void {
    this.node = this.resolveNode(context.node(this.nodeNumber, 'nodeNumber'));
    this.localNodes = [this.node];
    this.nodes = [this.node];
    this.nLocalU = this.node.nu;
    this.localMatrix = denseLocalMatrix(this.nLocalU);
    const [work] = float64Views([6 * this.node.nu]), rotationWork = work.subarray(3 * this.node.nu);
    const angularVelocity_q = this.node.angularVelocity_q?.bind(this.node);
    this.velocity_q = angularVelocity_q === undefined ? undefined : (s, x, out) => this.pointVelocity_q(s, x, out, work, rotationWork, angularVelocity_q);
    this.angularVelocity_q = angularVelocity_q === undefined ? undefined : (s, _x, out) => angularVelocity_q(s, out);
    this.allocate();
  }

  /** Allocates work arrays that depend on the node (called at the end of bind). */
  protected abstract allocate(): void;

  abstract positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;

  /** The body's Rotation output. */
  protected abstract rotationOutput(s: ItemState): ArrayLike<number>;

  /** Kinetic energy ½ uᵀ M u. */
  protected abstract kineticEnergy(s: ItemState): number;

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>, into?: Float64Array): ArrayLike<number> | undefined {
    const out = into ?? new Float64Array(3);
    // the rotation goes into the work array, except where it is the output (RotationMatrix)
    const a = this.rotation;
    // the one-call cases first: V8 charges each call its return's bytecode offset towards marking the function for its
    // optimizing compiler, and a sensor calls this once per row (rotatingTableTest's three angular sensors, 3 006 calls,
    // marked it at their last calls when these cases came after the multi-statement ones)
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: return this.displacement(s, localPosition, out);
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.AngularVelocity: this.node.angularVelocity(s, out); return out;
      case OutputVariableType.AngularVelocityLocal: this.node.angularVelocityLocal(s, out); return out;
      case OutputVariableType.AngularAcceleration: this.node.angularAcceleration(s, out); return out;
      case OutputVariableType.Acceleration: this.acceleration(s, localPosition, out); return out;
      case OutputVariableType.Rotation: return this.rotationOutput(s);
      case OutputVariableType.RotationMatrix: { const matrix = new Float64Array(9); this.node.orientation(s, matrix); return matrix; }
      case OutputVariableType.VelocityLocal:
        this.velocity(s, localPosition, out);
        this.node.orientation(s, a);
        return mat3TransposeMulVecInto(out, a, out);
      case OutputVariableType.AccelerationLocal:
        this.acceleration(s, localPosition, out);
        this.node.orientation(s, a);
        return mat3TransposeMulVecInto(out, a, out);
      case OutputVariableType.AngularAccelerationLocal:
        this.node.angularAcceleration(s, out);
        this.node.orientation(s, a);
        return mat3TransposeMulVecInto(out, a, out);
      case OutputVariableType.KineticEnergy: return [this.kineticEnergy(s)];
      default: return undefined;
    }
  }

  /** ü + α × (A x) + ω × (ω × (A x)). */
  private acceleration(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const a = new Float64Array(9);
    this.node.orientation(s, a);
    const r = mat3MulVecInto(new Float64Array(3), a, localPosition);
    const alpha = new Float64Array(3);
    const omega = new Float64Array(3);
    this.node.angularAcceleration(s, alpha);
    this.node.angularVelocity(s, omega);
    const t1 = cross3Into(new Float64Array(3), alpha, r);
    const t2 = cross3Into(new Float64Array(3), omega, cross3Into(new Float64Array(3), omega, r));
    this.node.acceleration(s, out);
    for (let i = 0; i < 3; i++) out[i] = out[i] + t1[i] + t2[i];
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}
