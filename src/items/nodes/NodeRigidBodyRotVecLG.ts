import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { vector } from '../../registry/parameters.ts';
import { sinc } from '../../rotations/quaternion.ts';
import { tExpSO3InvInto } from '../../rotations/rotationMatrices.ts';
import { BodyFixedLieGroupNode, rigidNodeBaseOutputs, rigidNodeExample, type RigidBodyNode } from './rigidNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0, 0, 0, 0], 'Reference position [x, y, z] and rotation vector ψ.', 6),
  initialCoordinates: vector([0, 0, 0, 0, 0, 0], 'Initial displacement and rotation-vector increment relative to the reference coordinates.', 6),
  initialVelocities: vector([0, 0, 0, 0, 0, 0], 'Initial velocity and initial body-fixed angular velocity ω̄ (the velocity coordinates of the rotation).', 6),
};

/**
 * out[0..8] = A(ψ) = I + (sin φ/φ) ψ̃ + (2 sin²(φ/2)/φ²) ψ̃ψ̃ of ψ = v[i..i+2], φ = |ψ|, as Exudyn's node computes it
 * (vectors as arrays and offsets, not three numbers: no boxed doubles per call where V8 does not inline it): for
 * φ > 2π the angle (not ψ) is reduced modulo 2π, which gives no rotation matrix; compositions keep φ ≤ 2π.
 */
export function rotationVectorMatrixInto(out: Float64Array, v: Float64Array, i: number): void {
  const x = v[i], y = v[i + 1], z = v[i + 2];
  const norm = Math.sqrt(x * x + y * y + z * z);
  if (norm === 0) {
    out[0] = 1; out[1] = 0; out[2] = 0; out[3] = 0; out[4] = 1; out[5] = 0; out[6] = 0; out[7] = 0; out[8] = 1;
    return;
  }
  const twoPi = 2 * Math.PI;
  const angle = norm > twoPi ? norm % twoPi : norm;
  const a = Math.sin(angle) / angle;
  const half = Math.sin(0.5 * angle);
  const b = (2 * half * half) / (angle * angle);
  // (bψ̃)ψ̃ entry by entry, ψ̃ = [[0, −z, y], [z, 0, −x], [−y, x, 0]]
  const bx = b * x, by = b * y, bz = b * z;
  out[0] = 1 + (-bz * z - by * y); out[1] = -a * z + by * x; out[2] = a * y + bz * x;
  out[3] = a * z + bx * y; out[4] = 1 + (-bz * z - bx * x); out[5] = -a * x + bz * y;
  out[6] = -a * y + bx * z; out[7] = a * x + by * z; out[8] = 1 + (-by * y - bx * x);
}

/**
 * out[o..o+2] = Compose(v0, Ω) of v0 = v0[i0..i0+2] and Ω = omega[iw..iw+2] (out may be either), the rotation vector of exp(v0) exp(Ω) in Exudyn's half-angle form
 * (EXUlie::CompositionRotationVector): angle w = π − 2 atan2(x, √|1 − x²|) ∈ [0, 2π] with
 * x = cos(|v0|/2) cos(|Ω|/2) − ¼ sinc(|v0|/2) sinc(|Ω|/2) v0·Ω, axis ρ/|ρ|. Like Exudyn it loses
 * accuracy (absolute angle error ~1e-8) when the resulting angle is tiny.
 */
export function composeRotationVectorsInto(out: Float64Array, o: number, v0: Float64Array, i0: number, omega: Float64Array, iw: number): void {
  const v0x = v0[i0], v0y = v0[i0 + 1], v0z = v0[i0 + 2], wx = omega[iw], wy = omega[iw + 1], wz = omega[iw + 2];
  const h0 = 0.5 * Math.sqrt(v0x * v0x + v0y * v0y + v0z * v0z);
  const h1 = 0.5 * Math.sqrt(wx * wx + wy * wy + wz * wz);
  const c0 = Math.cos(h0), c1 = Math.cos(h1);
  const s0 = sinc(h0), s1 = sinc(h1);
  const x = c0 * c1 - 0.25 * s0 * s1 * (v0x * wx + v0y * wy + v0z * wz);
  const w = Math.PI - 2 * Math.atan2(x, Math.sqrt(Math.abs(1 - x * x)));
  const a = s0 * c1, b = c0 * s1, c = 0.5 * s0 * s1;
  const rx = a * v0x + b * wx + c * (v0y * wz - v0z * wy);
  const ry = a * v0y + b * wy + c * (v0z * wx - v0x * wz);
  const rz = a * v0z + b * wz + c * (v0x * wy - v0y * wx);
  const length = Math.sqrt(rx * rx + ry * ry + rz * rz);
  if (length === 0) { out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; return; }
  const f = 1 / length;
  out[o] = w * (rx * f); out[o + 1] = w * (ry * f); out[o + 2] = w * (rz * f);
}

/**
 * out[o..o+2] = T_exp(Ω)⁻¹ w of Ω = omega[i..i+2] and w = w[j..j+2] with Exudyn's EXUlie::TExpSO3Inv: identity for Ω = 0; for φ = |Ω| ≤ 0.02 the series
 * c = 1/12 + φ²/720 + φ⁴/30240, b = 1 − cφ²; else β = (φ/2) cot(φ/2), γ = (1 − β)/φ²: (β I + ½ Ω̃ + γ ΩΩᵀ) w.
 */
export function tExpSO3InvTimesInto(out: Float64Array, o: number, omega: Float64Array, i: number, w: Float64Array, j: number): void {
  const x = omega[i], y = omega[i + 1], z = omega[i + 2], wx = w[j], wy = w[j + 1], wz = w[j + 2];
  const phi = Math.sqrt(x * x + y * y + z * z);
  if (phi === 0) { out[o] = wx; out[o + 1] = wy; out[o + 2] = wz; return; }
  let b: number, c: number;
  if (phi <= 0.02) {
    const p2 = phi * phi;
    c = 1 / 12 + p2 / 720 + (p2 * p2) / 30240;
    b = 1 - c * p2;
  } else {
    const half = 0.5 * phi;
    b = half * (1 / Math.tan(half));
    c = (1 - b) / (phi * phi);
  }
  // (b I + ½ Ω̃ + c ΩΩᵀ) row by row
  const m00 = b + c * x * x, m01 = -0.5 * z + c * x * y, m02 = 0.5 * y + c * x * z;
  const m10 = 0.5 * z + c * y * x, m11 = b + c * y * y, m12 = -0.5 * x + c * y * z;
  const m20 = -0.5 * y + c * z * x, m21 = 0.5 * x + c * z * y, m22 = b + c * z * z;
  out[o] = m00 * wx + m01 * wy + m02 * wz;
  out[o + 1] = m10 * wx + m11 * wy + m12 * wz;
  out[o + 2] = m20 * wx + m21 * wy + m22 * wz;
}

/**
 * Run-time model of the Lie-group rigid-body node: rotation vector ψ = ψ_ref + q[3..5] as position
 * coordinates, the body-fixed angular velocity ω̄ as velocity coordinates (G_l = I, G = A).
 */
class RigidBodyRotVecLGNodeModel extends BodyFixedLieGroupNode implements Only<RigidBodyNode, RigidBodyRotVecLGNodeModel> {
  private readonly work = new Float64Array(9);
  /** The last rotation vector whose matrix was computed, and that matrix (markers on one body ask for it many times per evaluation). */
  private readonly lastVector = new Float64Array([Number.NaN, 0, 0]);
  private readonly lastMatrix = new Float64Array(9);

  constructor(label: ItemLabel, reference: Float64Array, initial: Float64Array, velocities: Float64Array) {
    super(label, 6, 3, reference, initial, velocities, rigidNodeBaseOutputs);
  }

  orientation(s: ItemState, out: Float64Array): void {
    const a = this.matrixAt(s.q);
    for (let k = 0; k < 9; k++) out[k] = a[k];
  }

  /** The remembered A itself (no copy). */
  override orientationAt(s: ItemState): ArrayLike<number> {
    return this.matrixAt(s.q);
  }

  /** ω = A ω̄, summed as the generic G θ̇ product sums it (from 0, column by column), without copying A. */
  override angularVelocity(s: ItemState, out: Float64Array): void {
    const a = this.matrixAt(s.q), u = s.u, i = this.uIndex + 3, x = u[i], y = u[i + 1], z = u[i + 2];
    out[0] = 0 + a[0] * x + a[1] * y + a[2] * z;
    out[1] = 0 + a[3] * x + a[4] * y + a[5] * z;
    out[2] = 0 + a[6] * x + a[7] * y + a[8] * z;
  }

  /** [0 | G] = [0 | A] (3 × 6) from the remembered rotation matrix. */
  override rotationJacobian(s: ItemState, out: Float64Array): void {
    const a = this.matrixAt(s.q);
    for (let r = 0; r < 3; r++) {
      out[6 * r] = 0; out[6 * r + 1] = 0; out[6 * r + 2] = 0;
      out[6 * r + 3] = a[3 * r]; out[6 * r + 4] = a[3 * r + 1]; out[6 * r + 5] = a[3 * r + 2];
    }
  }

  /** A(ψ_ref + q_rot) of the coordinates q: the remembered matrix, computed again where the rotation vector changed. */
  private matrixAt(q: Float64Array): Float64Array {
    const r = this.referenceCoordinates, i = this.qIndex + 3;
    const x = r[3] + q[i], y = r[4] + q[i + 1], z = r[5] + q[i + 2], last = this.lastVector, a = this.lastMatrix;
    if (x !== last[0] || y !== last[1] || z !== last[2]) {
      last[0] = x; last[1] = y; last[2] = z;
      rotationVectorMatrixInto(a, last, 0);
    }
    return a;
  }

  /** ψ ← Compose(ψ_ref + ψ, factor·Δψ) − ψ_ref. */
  protected composeRotation(q: Float64Array, i: number, delta: Float64Array, d: number, factor: number): void {
    const r = this.referenceCoordinates, w = this.work;
    w[3] = q[i] + r[3]; w[4] = q[i + 1] + r[4]; w[5] = q[i + 2] + r[5];
    w[6] = factor * delta[d]; w[7] = factor * delta[d + 1]; w[8] = factor * delta[d + 2];
    composeRotationVectorsInto(w, 0, w, 3, w, 6);
    q[i] = w[0] - r[3]; q[i + 1] = w[1] - r[4]; q[i + 2] = w[2] - r[5];
  }

  /** Exudyn's explicit Lie-group integration: T_exp(Ω)⁻¹ ω̄ in its series form near 0. */
  protected rotationIncrementRate(delta: Float64Array, d: number, w: Float64Array, j: number, out: Float64Array, o: number): void {
    tExpSO3InvTimesInto(out, o, delta, d, w, j);
  }

  /** ψ̇ = T_exp(ψ)⁻¹ ω̄. */
  protected rotationParameterRates(q: Float64Array, i: number, u: Float64Array, j: number, out: Float64Array): void {
    const r = this.referenceCoordinates, w = this.work;
    w[0] = r[3] + q[i]; w[1] = r[4] + q[i + 1]; w[2] = r[5] + q[i + 2];
    tExpSO3InvInto(w, w);
    const x = u[j], y = u[j + 1], z = u[j + 2];
    out[i] = w[0] * x + w[1] * y + w[2] * z;
    out[i + 1] = w[3] * x + w[4] * y + w[5] * z;
    out[i + 2] = w[6] * x + w[7] * y + w[8] * z;
  }

  /** Exudyn's implicit predictor: Δψ ← (I + skew(factor·ω̄)) Δψ with ω̄ the (predicted) velocity coordinates in s. */
  correctPredictedIncrement(s: ItemState, delta: Float64Array, deltaIndex: number, factor: number): void {
    const u = s.u, i = this.uIndex + 3, d = deltaIndex + 3;
    const vx = factor * u[i], vy = factor * u[i + 1], vz = factor * u[i + 2];
    const x = delta[d], y = delta[d + 1], z = delta[d + 2];
    delta[d] = x + -vz * y + vy * z;
    delta[d + 1] = vz * x + y + -vx * z;
    delta[d + 2] = -vy * x + vx * y + z;
  }
}

/** A 3D rigid-body node with a rotation vector for Lie-group integrators (Exudyn's NodeRigidBodyRotVecLG, alias RigidRotVecLG). */
export const nodeRigidBodyRotVecLGDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'RigidBodyRotVecLG',
  aliases: ['RigidRotVecLG'],
  description: 'A 3D rigid-body node for Lie-group integration: 6 ODE2 coordinates, the displacement of the reference point and the '
    + 'rotation vector ψ; the velocity coordinates of the rotation are the body-fixed angular velocity ω̄ (not ψ̇). Solvers update '
    + 'the rotation by composition ψ ← Compose(ψ, Δψ) (body-fixed increment), the position by addition (R³ × SO(3)). '
    + 'No AngularAcceleration or Coordinates_tt output, as in Exudyn.',
  parameters,
  outputVariables: rigidNodeBaseOutputs,
  equations: 'A(ψ) = I + (sin φ/φ) ψ̃ + (2 sin²(φ/2)/φ²) ψ̃² (φ = |ψ|); G_l = I, G = A, so ω̄ = q̇_rot and ω = A q̇_rot. '
    + 'Composition (Exudyn\'s EXUlie rule): x = cos(|ψ|/2) cos(|Δψ|/2) − ¼ sinc(|ψ|/2) sinc(|Δψ|/2) ψ·Δψ, '
    + 'w = π − 2 atan2(x, √|1 − x²|), ρ = sinc(|ψ|/2) cos(|Δψ|/2) ψ + cos(|ψ|/2) sinc(|Δψ|/2) Δψ + ½ sinc sinc ψ × Δψ, '
    + 'result w ρ/|ρ|. Position rates ψ̇ = T_exp(ψ)⁻¹ ω̄.',
  example: (mbs) => rigidNodeExample(mbs, 'RigidBodyRotVecLG', [0.1, 0.2, 0.3, 0.4, -0.3, 0.2], [0.5, 0, -0.2, 1, -2, 0.5]),
  create: (v, label) => new RigidBodyRotVecLGNodeModel(label, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates),
    Float64Array.from(v.initialVelocities)),
};

/** Factory for a Lie-group rotation-vector rigid-body node. */
export const NodeRigidBodyRotVecLG = makeFactory(nodeRigidBodyRotVecLGDefinition);
/** Exudyn's alias of {@link NodeRigidBodyRotVecLG}. */
export const RigidRotVecLG = NodeRigidBodyRotVecLG;
