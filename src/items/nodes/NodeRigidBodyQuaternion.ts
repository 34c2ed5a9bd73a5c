import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { vector } from '../../registry/parameters.ts';
import { quaternionComposeRotationVectorInto, quaternionRatesInto, quaternionRotationMatrixInto } from '../../rotations/quaternion.ts';
import { tExpSO3InvInto } from '../../rotations/rotationMatrices.ts';
import { BodyFixedLieGroupNode, checkNonzeroQuaternion, rigidNodeOutputs, rigidNodeExample, type RigidBodyNode } from './rigidNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0, 1, 0, 0, 0], 'Reference position [x, y, z] and quaternion P = [p0, p1, p2, p3] (p0 scalar part, need not be unit).', 7),
  initialCoordinates: vector([0, 0, 0, 0, 0, 0, 0], 'Initial displacement and quaternion increment relative to the reference coordinates.', 7),
  initialVelocities: vector([0, 0, 0, 0, 0, 0], 'Initial velocity v (global) and body-fixed angular velocity ω̄.', 6),
};

/**
 * Run-time model of the quaternion rigid-body node: position coordinates r, P (7), velocity
 * coordinates v, ω̄ (6), q̇ = B(q)u with ṙ = v and Ṗ = ½ P ⊗ (0, ω̄); solvers update P ← P ⊗ exp(Δφ).
 */
class RigidBodyQuaternionNodeModel extends BodyFixedLieGroupNode implements Only<RigidBodyNode, RigidBodyQuaternionNodeModel> {
  private readonly quaternion = new Float64Array(4);
  private readonly tangent = new Float64Array(9);

  constructor(label: ItemLabel, reference: Float64Array, initial: Float64Array, velocities: Float64Array) {
    super(label, 7, 3, reference, initial, velocities, rigidNodeOutputs);
  }

  /** Total quaternion P_ref + q (into this.quaternion). */
  private totalQuaternion(q: Float64Array): Float64Array {
    const p = this.quaternion, r = this.referenceCoordinates, i = this.qIndex + 3;
    p[0] = r[3] + q[i]; p[1] = r[4] + q[i + 1]; p[2] = r[5] + q[i + 2]; p[3] = r[6] + q[i + 3];
    return p;
  }

  /** A(P) = I + 2(p0 p̃ + p̃²)/|P|², orthogonal for every P ≠ 0. */
  orientation(s: ItemState, out: Float64Array): void {
    quaternionRotationMatrixInto(out, this.totalQuaternion(s.q));
  }

  /** P ← P ⊗ exp(factor·Δφ) (keeps |P|). */
  protected composeRotation(q: Float64Array, i: number, delta: Float64Array, d: number, factor: number): void {
    const r = this.referenceCoordinates;
    const p = this.totalQuaternion(q);
    quaternionComposeRotationVectorInto(p, 0, p, 0, delta, d, factor);
    q[i] = p[0] - r[3]; q[i + 1] = p[1] - r[4]; q[i + 2] = p[2] - r[5]; q[i + 3] = p[3] - r[6];
  }

  protected rotationIncrementRate(delta: Float64Array, d: number, w: Float64Array, j: number, out: Float64Array, o: number): void {
    const t = tExpSO3InvInto(this.tangent, delta, d);
    const wx = w[j], wy = w[j + 1], wz = w[j + 2];
    out[o] = t[0] * wx + t[1] * wy + t[2] * wz;
    out[o + 1] = t[3] * wx + t[4] * wy + t[5] * wz;
    out[o + 2] = t[6] * wx + t[7] * wy + t[8] * wz;
  }

  /** Ṗ = ½ P ⊗ (0, ω̄). */
  protected rotationParameterRates(q: Float64Array, i: number, u: Float64Array, j: number, out: Float64Array): void {
    quaternionRatesInto(out, i, this.totalQuaternion(q), 0, u, j);
  }
}

/** A 3D rigid-body node with a non-unit quaternion and body-fixed angular velocity (Flexdyn's own; the Cosserat rod node kinematics). */
export const nodeRigidBodyQuaternionDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'RigidBodyQuaternion',
  description: 'A 3D rigid-body node with 7 position coordinates (displacement of the reference point r and a non-unit quaternion P, '
    + 'total value P_ref + q) and 6 velocity coordinates (global velocity v and body-fixed angular velocity ω̄), q̇ = B(q)u. '
    + 'Solvers update r += Δr and P ← P ⊗ exp(Δφ) (body-fixed increment), which keeps |P| and needs no norm constraint. '
    + 'The reference plus initial quaternion must not be zero.',
  parameters,
  outputVariables: rigidNodeOutputs,
  equations: 'A(P) = I + 2(p₀p̃ + p̃²)/|P|²; G_l = I, G = A; ṙ = v, Ṗ = ½ P ⊗ (0, ω̄) = ½[−pᵀ; p₀I + p̃] ω̄. '
    + 'Coordinates_t and Coordinates_tt are the 6 velocity coordinates and their derivatives; AngularAcceleration = A ω̄̇.',
  example: (mbs) => rigidNodeExample(mbs, 'RigidBodyQuaternion', [0.1, 0.2, 0.3, 0.9, 0.3, -0.2, Math.sqrt(1 - 0.94)], [0.5, 0, -0.2, 1, -2, 0.5]),
  create: (v, label) => {
    checkNonzeroQuaternion(label, v.referenceCoordinates, v.initialCoordinates, 3);
    return new RigidBodyQuaternionNodeModel(label, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates),
      Float64Array.from(v.initialVelocities));
  },
};

/** Factory for a quaternion rigid-body node. */
export const NodeRigidBodyQuaternion = makeFactory(nodeRigidBodyQuaternionDefinition);
