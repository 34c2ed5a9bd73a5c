import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { vector } from '../../registry/parameters.ts';
import { rigidNodeOutput, rigidNodeOutputs, type OrientedNode } from './rigidNodeBase.ts';
import { NodeBase } from './nodeBase.ts';
import { float64Copy, sameBits, zeroLeading } from '../../linalg/arrays.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0], 'Reference position [x, y] and rotation angle φ about the z-axis.', 3),
  initialCoordinates: vector([0, 0, 0], 'Initial displacement [x, y] and angle increment relative to the reference coordinates.', 3),
  initialVelocities: vector([0, 0, 0], 'Initial velocity [ẋ, ẏ] and angular velocity φ̇.', 3),
};

/** Run-time model of a planar rigid-body node with coordinates [x, y, φ] (displacements from the reference). */
export class RigidBody2DNodeModel extends NodeBase implements Only<OrientedNode & { angle(s: ItemState): number; cosSin(s: ItemState, out: Float64Array): void }, RigidBody2DNodeModel> {
  readonly nq = 3;
  readonly nu = 3;
  readonly nAE = 0;
  readonly isGround = false;
  readonly positionDimension = 2;
  /** The angle of the last {@link RigidBody2DNodeModel.orientation} (NaN: none) and its cosine and sine, kept: position,
   * velocity, Jacobians and the object's forces ask for A several times per residual at the same angle. The cosine and
   * sine start as NaN too (set with the first angle, before any read): doubles from the start, so that a body whose angle
   * stays 0 until the code is optimized (cos 1, sin 0: small integers) does not change the fields' representation at its
   * first turn, which replaced the node's hidden class under compiled code (ANCFslidingAndALEjointTest: addRotated). */
  private cachedAngle = Number.NaN;
  private cachedCos = Number.NaN;
  private cachedSin = Number.NaN;

  constructor(label: ItemLabel, referenceCoordinates: Float64Array, initialCoordinates: Float64Array, initialVelocities: Float64Array) {
    super(label, referenceCoordinates, initialCoordinates, initialVelocities);
  }

  /** Total angle φ_ref + q2. */
  angle(s: ItemState): number {
    return this.referenceCoordinates[2] + s.q[this.qIndex + 2];
  }

  position(s: ItemState, out: Float64Array): void {
    const i = this.qIndex;
    out[0] = this.referenceCoordinates[0] + s.q[i]; out[1] = this.referenceCoordinates[1] + s.q[i + 1]; out[2] = 0;
  }

  velocity(s: ItemState, out: Float64Array): void {
    out[0] = s.u[this.uIndex]; out[1] = s.u[this.uIndex + 1]; out[2] = 0;
  }

  acceleration(s: ItemState, out: Float64Array): void {
    out[0] = s.a[this.uIndex]; out[1] = s.a[this.uIndex + 1]; out[2] = 0;
  }

  /** [[1, 0, 0], [0, 1, 0], [0, 0, 0]]. */
  positionJacobian(_s: ItemState, out: Float64Array): void {
    zeroLeading(out, 9);
    out[0] = 1; out[4] = 1;
  }

  /** Recomputes the cached cos φ and sin φ when φ differs from the cached angle (a zero of the other sign counts: its sine differs). */
  private updateCachedAngle(s: ItemState): void {
    const phi = this.angle(s);
    if (!sameBits(phi, this.cachedAngle)) {
      this.cachedAngle = phi;
      this.cachedCos = Math.cos(phi);
      this.cachedSin = Math.sin(phi);
    }
  }

  /** cos φ and sin φ into out[0] and out[1], from the cache that {@link RigidBody2DNodeModel.orientation} keeps. */
  cosSin(s: ItemState, out: Float64Array): void {
    this.updateCachedAngle(s);
    out[0] = this.cachedCos;
    out[1] = this.cachedSin;
  }

  /** A = R_z(φ). */
  orientation(s: ItemState, out: Float64Array): void {
    this.updateCachedAngle(s);
    const c = this.cachedCos, sn = this.cachedSin;
    out[0] = c; out[1] = -sn; out[2] = 0;
    out[3] = sn; out[4] = c; out[5] = 0;
    out[6] = 0; out[7] = 0; out[8] = 1;
  }

  angularVelocity(s: ItemState, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = s.u[this.uIndex + 2];
  }

  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    this.angularVelocity(s, out);
  }

  angularAcceleration(s: ItemState, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = s.a[this.uIndex + 2];
  }

  /** ω = (0, 0, φ̇) does not depend on the coordinates: zero (3 × 3). */
  angularVelocity_q(_s: ItemState, out: Float64Array): void {
    zeroLeading(out, 9);
  }

  /** [[0, 0, 0], [0, 0, 0], [0, 0, 1]]. */
  rotationJacobian(_s: ItemState, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = 0;
    out[3] = 0; out[4] = 0; out[5] = 0;
    out[6] = 0; out[7] = 0; out[8] = 1;
  }

  /** Position and rotation Jacobians are constant: no contribution to load Jacobians. */
  jacobianTransposedVector_q(): void {}

  /** [0, 0, φ_ref + q2] (not wrapped). */
  rotationOutput(s: ItemState): Float64Array {
    return Float64Array.of(0, 0, this.angle(s));
  }

  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined {
    return rigidNodeOutput(this, rigidNodeOutputs, variable, s, into);
  }
}

/** A planar rigid-body node (Exudyn's NodeRigidBody2D, alias Rigid2D). */
export const nodeRigidBody2DDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'RigidBody2D',
  aliases: ['Rigid2D'],
  description: 'A rigid-body node in the x-y plane: 3 ODE2 coordinates, the displacement [x, y] of the reference point and the '
    + 'rotation angle φ about the z-axis. Position, velocity and angular outputs are 3-vectors (z = 0, ω = [0, 0, φ̇]); '
    + 'the Rotation output is [0, 0, φ_ref + q2].',
  parameters,
  outputVariables: rigidNodeOutputs,
  equations: 'p = [x_ref + q₀, y_ref + q₁, 0], A = R_z(φ_ref + q₂), ω = ω̄ = [0, 0, q̇₂]; position Jacobian [[1, 0, 0], [0, 1, 0], [0, 0, 0]], '
    + 'rotation Jacobian [[0, 0, 0], [0, 0, 0], [0, 0, 1]].',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [0.5, -0.2, 0.4], initialVelocities: [0.3, 0.1, 2] });
    mbs.addObject({ objectType: 'RigidBody2D', physicsMass: 2, physicsInertia: 0.3, physicsCenterOfMass: [0.1, -0.05], nodeNumber: node });
    const marker = mbs.addMarker({ markerType: 'NodeRigid', nodeNumber: node });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [1, -2, 0], bodyFixed: true });
    return node;
  },
  create: (v, label) => new RigidBody2DNodeModel(label, float64Copy(v.referenceCoordinates), float64Copy(v.initialCoordinates),
    float64Copy(v.initialVelocities)),
};

/** Factory for a planar rigid-body node. */
export const NodeRigidBody2D = makeFactory(nodeRigidBody2DDefinition);
/** Exudyn's alias of {@link NodeRigidBody2D}. */
export const Rigid2D = NodeRigidBody2D;
