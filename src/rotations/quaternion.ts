/**
 * Non-unit quaternions P = (p0, p) for the Cosserat rod and quaternion rigid-body nodes
 * (Harsch, Capobianco, Eugster: Petrov–Galerkin Cosserat rod with nodal non-unit
 * quaternions, seed 000):
 *
 * - rotation matrix A(P) = I + 2(p0 p̃ + p̃²)/|P|², orthogonal for every P ≠ 0 and
 *   invariant under P → cP (eq. 5);
 * - Hamilton product (a0, a) ⊗ (b0, b) = (a0 b0 − a·b, a0 b + b0 a + a × b), so that
 *   A(P ⊗ Q) = A(P) A(Q);
 * - kinematics Ṗ = Q(P) ω with the body-fixed angular velocity ω = j⁻¹(Aᵀ Ȧ) and
 *   Q(P) = ½ [−pᵀ; p0 I + p̃] (eq. 10), which keeps |P| constant;
 * - body-fixed increment P ← P ⊗ exp(Δφ), A(P ⊗ exp(Δφ)) = A(P) exp(Δφ̃).
 *
 * Kernels (`…Into`) read and write Float64Array at offsets so that they work directly
 * on coordinate vectors; they allocate nothing and do not check for P = 0 (A(0) is NaN).
 * The allocating functions without `Into` are for scripts and validate their input.
 * @module
 */
import { FlexdynError } from '../core/errors.ts';
import { checkVector, hypot3, toNestedArray } from './skew.ts';

/** sin(x)/x, with the value 1 at x = 0. */
export function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(x) / x;
}

/** out[0..8] = A(P), the rotation matrix of the (not necessarily unit) quaternion P = p[offset..offset+3]. */
export function quaternionRotationMatrixInto(out: Float64Array, p: ArrayLike<number>, offset = 0): Float64Array {
  const p0 = p[offset], p1 = p[offset + 1], p2 = p[offset + 2], p3 = p[offset + 3];
  const s = 2 / (p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3);
  const q11 = p1 * p1, q22 = p2 * p2, q33 = p3 * p3;
  const q12 = p1 * p2, q13 = p1 * p3, q23 = p2 * p3;
  const q01 = p0 * p1, q02 = p0 * p2, q03 = p0 * p3;
  out[0] = 1 - s * (q22 + q33); out[1] = s * (q12 - q03); out[2] = s * (q13 + q02);
  out[3] = s * (q12 + q03); out[4] = 1 - s * (q11 + q33); out[5] = s * (q23 - q01);
  out[6] = s * (q13 - q02); out[7] = s * (q23 + q01); out[8] = 1 - s * (q11 + q22);
  return out;
}

/**
 * out[9k .. 9k+8] = ∂A(P)/∂P_k for k = 0..3 (four row-major 3×3 matrices, 36 entries), the
 * derivative of A(P) = I + 2N(P)/|P|² with N = p0 p̃ + p̃²:
 * ∂A/∂P_k = 2 ∂N/∂P_k / |P|² − 4 P_k N / |P|⁴.
 */
export function quaternionRotationMatrixDerivativeInto(out: Float64Array, p: ArrayLike<number>, offset = 0): Float64Array {
  const p0 = p[offset], p1 = p[offset + 1], p2 = p[offset + 2], p3 = p[offset + 3];
  const n = p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3;
  const a = 2 / n;
  const b = 4 / (n * n);
  // N = p0 p̃ + p p^T − |p|² I
  const pp = p1 * p1 + p2 * p2 + p3 * p3;
  const n00 = p1 * p1 - pp, n11 = p2 * p2 - pp, n22 = p3 * p3 - pp;
  const n01 = p1 * p2 - p0 * p3, n10 = p1 * p2 + p0 * p3;
  const n02 = p1 * p3 + p0 * p2, n20 = p1 * p3 - p0 * p2;
  const n12 = p2 * p3 - p0 * p1, n21 = p2 * p3 + p0 * p1;
  for (let k = 0; k < 4; k++) {
    const o = 9 * k;
    const c = b * p[offset + k];
    out[o] = -c * n00; out[o + 1] = -c * n01; out[o + 2] = -c * n02;
    out[o + 3] = -c * n10; out[o + 4] = -c * n11; out[o + 5] = -c * n12;
    out[o + 6] = -c * n20; out[o + 7] = -c * n21; out[o + 8] = -c * n22;
  }
  // ∂N/∂p0 = p̃
  out[1] += -a * p3; out[2] += a * p2; out[3] += a * p3; out[5] += -a * p1; out[6] += -a * p2; out[7] += a * p1;
  // ∂N/∂p_i = p0 ẽ_i + e_i p^T + p e_i^T − 2 p_i I
  for (let i = 0; i < 3; i++) {
    const o = 9 * (i + 1);
    const pi = p[offset + 1 + i];
    for (let r = 0; r < 3; r++) {
      const pr = p[offset + 1 + r];
      out[o + 3 * r + i] += a * pr;
      out[o + 3 * i + r] += a * pr;
      out[o + 4 * r] -= 2 * a * pi;
    }
    const j = (i + 1) % 3, k = (i + 2) % 3; // ẽ_i has +1 at (k, j) and −1 at (j, k)
    out[o + 3 * k + j] += a * p0;
    out[o + 3 * j + k] -= a * p0;
  }
  return out;
}

/** out[outOffset..+3] = a ⊗ b (Hamilton product); out may alias a or b. */
export function quaternionProductInto(out: Float64Array, outOffset: number, a: ArrayLike<number>, aOffset: number,
  b: ArrayLike<number>, bOffset: number): Float64Array {
  const a0 = a[aOffset], a1 = a[aOffset + 1], a2 = a[aOffset + 2], a3 = a[aOffset + 3];
  const b0 = b[bOffset], b1 = b[bOffset + 1], b2 = b[bOffset + 2], b3 = b[bOffset + 3];
  out[outOffset] = a0 * b0 - a1 * b1 - a2 * b2 - a3 * b3;
  out[outOffset + 1] = a0 * b1 + b0 * a1 + a2 * b3 - a3 * b2;
  out[outOffset + 2] = a0 * b2 + b0 * a2 + a3 * b1 - a1 * b3;
  out[outOffset + 3] = a0 * b3 + b0 * a3 + a1 * b2 - a2 * b1;
  return out;
}

/** out[outOffset..+3] = exp(factor·φ) = (cos(θ/2), sin(θ/2) φ/|φ|) with θ = |factor·φ|, the unit quaternion of a rotation vector. */
export function quaternionExpInto(out: Float64Array, outOffset: number, phi: ArrayLike<number>, phiOffset = 0, factor = 1): Float64Array {
  const x = factor * phi[phiOffset], y = factor * phi[phiOffset + 1], z = factor * phi[phiOffset + 2];
  const half = 0.5 * hypot3(x, y, z);
  const s = 0.5 * sinc(half);
  out[outOffset] = Math.cos(half);
  out[outOffset + 1] = s * x;
  out[outOffset + 2] = s * y;
  out[outOffset + 3] = s * z;
  return out;
}

/**
 * out[outOffset..+3] = P ⊗ exp(factor·Δφ), the body-fixed rotation increment of a quaternion node
 * (keeps |P|; A(result) = A(P) exp(factor·Δφ̃)). out may alias P.
 */
export function quaternionComposeRotationVectorInto(out: Float64Array, outOffset: number, p: ArrayLike<number>, pOffset: number,
  deltaPhi: ArrayLike<number>, deltaOffset: number, factor = 1): Float64Array {
  const x = factor * deltaPhi[deltaOffset], y = factor * deltaPhi[deltaOffset + 1], z = factor * deltaPhi[deltaOffset + 2];
  const half = 0.5 * hypot3(x, y, z);
  const s = 0.5 * sinc(half);
  const e0 = Math.cos(half), e1 = s * x, e2 = s * y, e3 = s * z;
  const p0 = p[pOffset], p1 = p[pOffset + 1], p2 = p[pOffset + 2], p3 = p[pOffset + 3];
  out[outOffset] = p0 * e0 - p1 * e1 - p2 * e2 - p3 * e3;
  out[outOffset + 1] = p0 * e1 + e0 * p1 + p2 * e3 - p3 * e2;
  out[outOffset + 2] = p0 * e2 + e0 * p2 + p3 * e1 - p1 * e3;
  out[outOffset + 3] = p0 * e3 + e0 * p3 + p1 * e2 - p2 * e1;
  return out;
}

/** out[0..11] = Q(P) = ½ [−pᵀ; p0 I + p̃], the 4×3 row-major matrix with Ṗ = Q(P) ω (ω body-fixed, seed eq. 10). */
export function quaternionRateMatrixInto(out: Float64Array, p: ArrayLike<number>, offset = 0): Float64Array {
  const p0 = 0.5 * p[offset], p1 = 0.5 * p[offset + 1], p2 = 0.5 * p[offset + 2], p3 = 0.5 * p[offset + 3];
  out[0] = -p1; out[1] = -p2; out[2] = -p3;
  out[3] = p0; out[4] = -p3; out[5] = p2;
  out[6] = p3; out[7] = p0; out[8] = -p1;
  out[9] = -p2; out[10] = p1; out[11] = p0;
  return out;
}

/** out[outOffset..+3] = Ṗ = Q(P) ω = ½ P ⊗ (0, ω) for the body-fixed angular velocity ω; out must not alias P. */
export function quaternionRatesInto(out: Float64Array, outOffset: number, p: ArrayLike<number>, pOffset: number,
  omega: ArrayLike<number>, omegaOffset = 0): Float64Array {
  const p0 = p[pOffset], p1 = p[pOffset + 1], p2 = p[pOffset + 2], p3 = p[pOffset + 3];
  const w1 = omega[omegaOffset], w2 = omega[omegaOffset + 1], w3 = omega[omegaOffset + 2];
  out[outOffset] = -0.5 * (p1 * w1 + p2 * w2 + p3 * w3);
  out[outOffset + 1] = 0.5 * (p0 * w1 + p2 * w3 - p3 * w2);
  out[outOffset + 2] = 0.5 * (p0 * w2 + p3 * w1 - p1 * w3);
  out[outOffset + 3] = 0.5 * (p0 * w3 + p1 * w2 - p2 * w1);
  return out;
}

/**
 * out[0..11] = H(P) = 2/|P|² [−p, p0 I − p̃], the 3×4 row-major matrix with ω = H(P) Ṗ (ω body-fixed);
 * it is the left inverse of Q(P): H(P) Q(P) = I.
 */
export function quaternionAngularVelocityMatrixInto(out: Float64Array, p: ArrayLike<number>, offset = 0): Float64Array {
  const p0 = p[offset], p1 = p[offset + 1], p2 = p[offset + 2], p3 = p[offset + 3];
  const s = 2 / (p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3);
  out[0] = -s * p1; out[1] = s * p0; out[2] = s * p3; out[3] = -s * p2;
  out[4] = -s * p2; out[5] = -s * p3; out[6] = s * p0; out[7] = s * p1;
  out[8] = -s * p3; out[9] = s * p2; out[10] = -s * p1; out[11] = s * p0;
  return out;
}

// ---------------------------------------------------------------------------------------
// Script functions

/** Throws unless P has 4 finite entries and is not zero. */
function checkQuaternion(functionName: string, parameter: string, value: unknown): ArrayLike<number> {
  const p = checkVector(functionName, parameter, value, 4);
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0) {
    throw new FlexdynError(`${functionName}: ${parameter} must be a nonzero quaternion, got [0, 0, 0, 0]`, { parameter });
  }
  return p;
}

/** Rotation matrix A(P) = I + 2(p0 p̃ + p̃²)/|P|² of a non-unit quaternion P = [p0, p1, p2, p3]. */
export function quaternionRotationMatrix(quaternion: ArrayLike<number>): number[][] {
  const p = checkQuaternion('quaternionRotationMatrix', 'quaternion', quaternion);
  return toNestedArray(quaternionRotationMatrixInto(new Float64Array(9), p));
}

/** Hamilton product a ⊗ b of two quaternions. */
export function quaternionProduct(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const qa = checkVector('quaternionProduct', 'a', a, 4);
  const qb = checkVector('quaternionProduct', 'b', b, 4);
  return Array.from(quaternionProductInto(new Float64Array(4), 0, qa, 0, qb, 0));
}

/** Unit quaternion exp(φ) of a rotation vector φ (same as Exudyn's `ExpS3`). */
export function quaternionExp(rotationVector: ArrayLike<number>): number[] {
  const phi = checkVector('quaternionExp', 'rotationVector', rotationVector, 3);
  return Array.from(quaternionExpInto(new Float64Array(4), 0, phi));
}

/** P ⊗ exp(Δφ): the quaternion P rotated by the body-fixed rotation vector Δφ. */
export function quaternionComposeRotationVector(quaternion: ArrayLike<number>, deltaPhi: ArrayLike<number>): number[] {
  const p = checkQuaternion('quaternionComposeRotationVector', 'quaternion', quaternion);
  const d = checkVector('quaternionComposeRotationVector', 'deltaPhi', deltaPhi, 3);
  return Array.from(quaternionComposeRotationVectorInto(new Float64Array(4), 0, p, 0, d, 0));
}

/** The 4×3 matrix Q(P) = ½ [−pᵀ; p0 I + p̃] with Ṗ = Q(P) ω for the body-fixed angular velocity ω. */
export function quaternionRateMatrix(quaternion: ArrayLike<number>): number[][] {
  const p = checkVector('quaternionRateMatrix', 'quaternion', quaternion, 4);
  return toNestedArray(quaternionRateMatrixInto(new Float64Array(12), p), 4, 3);
}

/** The 3×4 matrix H(P) = 2/|P|² [−p, p0 I − p̃] with ω = H(P) Ṗ (body-fixed angular velocity from quaternion rates). */
export function quaternionAngularVelocityMatrix(quaternion: ArrayLike<number>): number[][] {
  const p = checkQuaternion('quaternionAngularVelocityMatrix', 'quaternion', quaternion);
  return toNestedArray(quaternionAngularVelocityMatrixInto(new Float64Array(12), p), 3, 4);
}
