/**
 * Rotation parametrizations with Exudyn's names and conventions
 * (exudyn.rigidBodyUtilities, exudyn.lieGroupBasics):
 *
 * - A maps body-fixed (local) components to global ones: x_global = A x_local.
 * - Tait–Bryan angles rot = [θ0, θ1, θ2] (`RotXYZ`): A = A_x(θ0) A_y(θ1) A_z(θ2).
 * - Euler parameters ep = [e0, e1, e2, e3] (unit quaternion, scalar first).
 * - G matrices: global angular velocity ω = G θ̇, local (body-fixed) ω_local = G_local θ̇, so that
 *   ω̃ = Ȧ Aᵀ and ω̃_local = Aᵀ Ȧ. Euler parameters: G = 2[−e, e0 I + ẽ], G_local = 2[−e, e0 I − ẽ].
 * - SO(3) exponential map exp(Ω) = I + sin φ/φ Ω̃ + (1 − cos φ)/φ² Ω̃² (φ = |Ω|), its inverse log,
 *   and the tangent operator T_exp(Ω) = I − (1 − cos φ)/φ² Ω̃ + (1 − sin φ/φ)/φ² Ω̃², for which
 *   exp(Ω)ᵀ d/dt exp(Ω) = (T_exp(Ω) Ω̇)~ and exp(Ω + δ) ≈ exp(Ω) exp(T_exp(Ω) δ).
 *
 * `…Into` kernels work on Float64Array (3×3 row-major, 3×4 row-major for Euler-parameter G)
 * and read parameters at an offset so they can work on coordinate vectors directly; the
 * Exudyn-named functions allocate and return `number[][]` / `number[]`.
 * @module
 */
import { FlexdynError } from '../core/errors.ts';
import type { Matrix3Like, Vector3Like } from './skew.ts';
import { checkVector, cross3Into, hypot2, hypot3, skewInto, toMatrixArray, toNestedArray } from './skew.ts';
import { quaternionExpInto, quaternionProductInto, sinc } from './quaternion.ts';

/** Unit Euler parameters of the zero rotation, [1, 0, 0, 0] (Exudyn's `eulerParameters0`). */
export const eulerParameters0: readonly number[] = Object.freeze([1, 0, 0, 0]);

// ---------------------------------------------------------------------------------------
// Tait–Bryan angles (RotXYZ)

/**
 * out = [cos θ0, sin θ0, cos θ1, sin θ1, cos θ2, sin θ2] for rot = [θ0, θ1, θ2] at rot[offset..]: the argument of the
 * `rotXYZCosSin…` kernels, which a caller can keep between calls at the same angles (NodeRigidBodyRxyz does).
 */
export function rotXYZCosSinInto(out: Float64Array, rot: ArrayLike<number>, offset = 0): Float64Array {
  out[0] = Math.cos(rot[offset]); out[1] = Math.sin(rot[offset]);
  out[2] = Math.cos(rot[offset + 1]); out[3] = Math.sin(rot[offset + 1]);
  out[4] = Math.cos(rot[offset + 2]); out[5] = Math.sin(rot[offset + 2]);
  return out;
}

/** The cosines and sines of the rotXYZ2… kernels below (rotXYZCosSinInto's layout). */
const cosSinWork = new Float64Array(6);

/** out = A_x(θ0) A_y(θ1) A_z(θ2) for rot = [θ0, θ1, θ2] at rot[offset..]. */
export function rotXYZ2RotationMatrixInto(out: Float64Array, rot: ArrayLike<number>, offset = 0): Float64Array {
  return rotXYZCosSin2RotationMatrixInto(out, rotXYZCosSinInto(cosSinWork, rot, offset));
}

/** rotXYZ2RotationMatrixInto from the cosines and sines of the angles (cs in rotXYZCosSinInto's layout). */
export function rotXYZCosSin2RotationMatrixInto(out: Float64Array, cs: ArrayLike<number>): Float64Array {
  const c0 = cs[0], s0 = cs[1], c1 = cs[2], s1 = cs[3], c2 = cs[4], s2 = cs[5];
  out[0] = c1 * c2; out[1] = -c1 * s2; out[2] = s1;
  out[3] = s0 * s1 * c2 + c0 * s2; out[4] = -s0 * s1 * s2 + c0 * c2; out[5] = -s0 * c1;
  out[6] = -c0 * s1 * c2 + s0 * s2; out[7] = c0 * s1 * s2 + s0 * c2; out[8] = c0 * c1;
  return out;
}

/**
 * out = Tait–Bryan angles of A (A = A_x A_y A_z) with θ1 ∈ [−π/2, π/2]; in gimbal lock
 * (cos θ1 ≤ 1e-14, as Exudyn) θ0 = 0 and θ2 carries the whole rotation about the common axis.
 */
export function rotationMatrix2RotXYZInto(out: Float64Array, a: ArrayLike<number>): Float64Array {
  const absC1 = hypot2(a[5], a[8]);
  const t1 = Math.atan2(a[2], absC1);
  let t0: number, t2: number;
  if (absC1 > 1e-14) {
    t0 = Math.atan2(-a[5], a[8]);
    t2 = Math.atan2(-a[1], a[0]);
  } else {
    t0 = 0;
    t2 = Math.atan2(a[3], a[4]);
  }
  out[0] = t0; out[1] = t1; out[2] = t2;
  return out;
}

/** out = G (3×3) with ω_global = G θ̇ for Tait–Bryan angles rot at rot[offset..]. */
export function rotXYZ2GInto(out: Float64Array, rot: ArrayLike<number>, offset = 0): Float64Array {
  return rotXYZCosSin2GInto(out, rotXYZCosSinInto(cosSinWork, rot, offset));
}

/** rotXYZ2GInto from the cosines and sines (rotXYZCosSinInto's layout; θ2's are not read). */
export function rotXYZCosSin2GInto(out: Float64Array, cs: ArrayLike<number>): Float64Array {
  const c0 = cs[0], s0 = cs[1], c1 = cs[2], s1 = cs[3];
  out[0] = 1; out[1] = 0; out[2] = s1;
  out[3] = 0; out[4] = c0; out[5] = -c1 * s0;
  out[6] = 0; out[7] = s0; out[8] = c0 * c1;
  return out;
}

/** out = G_local (3×3) with ω_local = G_local θ̇ for Tait–Bryan angles rot at rot[offset..]. */
export function rotXYZ2GLocalInto(out: Float64Array, rot: ArrayLike<number>, offset = 0): Float64Array {
  return rotXYZCosSin2GLocalInto(out, rotXYZCosSinInto(cosSinWork, rot, offset));
}

/** rotXYZ2GLocalInto from the cosines and sines (rotXYZCosSinInto's layout; θ0's are not read). */
export function rotXYZCosSin2GLocalInto(out: Float64Array, cs: ArrayLike<number>): Float64Array {
  const c1 = cs[2], s1 = cs[3], c2 = cs[4], s2 = cs[5];
  out[0] = c1 * c2; out[1] = s2; out[2] = 0;
  out[3] = -c1 * s2; out[4] = c2; out[5] = 0;
  out[6] = s1; out[7] = 0; out[8] = 1;
  return out;
}

/** out = Ġ, the time derivative of the global G of Tait–Bryan angles for angle rates rot_t. */
export function rotXYZ2G_tInto(out: Float64Array, rot: ArrayLike<number>, rot_t: ArrayLike<number>, offset = 0, offset_t = 0): Float64Array {
  return rotXYZCosSin2G_tInto(out, rotXYZCosSinInto(cosSinWork, rot, offset), rot_t, offset_t);
}

/** rotXYZ2G_tInto from the cosines and sines (rotXYZCosSinInto's layout; θ2's are not read). */
export function rotXYZCosSin2G_tInto(out: Float64Array, cs: ArrayLike<number>, rot_t: ArrayLike<number>, offset_t = 0): Float64Array {
  const c0 = cs[0], s0 = cs[1], c1 = cs[2], s1 = cs[3];
  const r0 = rot_t[offset_t], r1 = rot_t[offset_t + 1];
  out[0] = 0; out[1] = 0; out[2] = r1 * c1;
  out[3] = 0; out[4] = -r0 * s0; out[5] = r1 * s0 * s1 - r0 * c0 * c1;
  out[6] = 0; out[7] = r0 * c0; out[8] = -r0 * c1 * s0 - r1 * c0 * s1;
  return out;
}

/** out = Ġ_local, the time derivative of the local G of Tait–Bryan angles for angle rates rot_t. */
export function rotXYZ2GLocal_tInto(out: Float64Array, rot: ArrayLike<number>, rot_t: ArrayLike<number>, offset = 0, offset_t = 0): Float64Array {
  return rotXYZCosSin2GLocal_tInto(out, rotXYZCosSinInto(cosSinWork, rot, offset), rot_t, offset_t);
}

/** rotXYZ2GLocal_tInto from the cosines and sines (rotXYZCosSinInto's layout; θ0's are not read). */
export function rotXYZCosSin2GLocal_tInto(out: Float64Array, cs: ArrayLike<number>, rot_t: ArrayLike<number>, offset_t = 0): Float64Array {
  const c1 = cs[2], s1 = cs[3], c2 = cs[4], s2 = cs[5];
  const r1 = rot_t[offset_t + 1], r2 = rot_t[offset_t + 2];
  out[0] = -r2 * c1 * s2 - r1 * c2 * s1; out[1] = r2 * c2; out[2] = 0;
  out[3] = r1 * s2 * s1 - r2 * c2 * c1; out[4] = -r2 * s2; out[5] = 0;
  out[6] = r1 * c1; out[7] = 0; out[8] = 0;
  return out;
}

// ---------------------------------------------------------------------------------------
// Euler parameters

/**
 * out = rotation matrix of Euler parameters ep at ep[offset..], in Exudyn's form for unit ep
 * (diagonal 1 − 2(e_j² + e_k²)); not orthogonal if |ep| ≠ 1, as in Exudyn's NodeRigidBodyEP
 * (use quaternionRotationMatrixInto for non-unit quaternions).
 */
export function eulerParameters2RotationMatrixInto(out: Float64Array, ep: ArrayLike<number>, offset = 0): Float64Array {
  const e0 = ep[offset], e1 = ep[offset + 1], e2 = ep[offset + 2], e3 = ep[offset + 3];
  out[0] = 1 - 2 * (e2 * e2 + e3 * e3); out[1] = 2 * (e1 * e2 - e0 * e3); out[2] = 2 * (e1 * e3 + e0 * e2);
  out[3] = 2 * (e1 * e2 + e0 * e3); out[4] = 1 - 2 * (e1 * e1 + e3 * e3); out[5] = 2 * (e2 * e3 - e0 * e1);
  out[6] = 2 * (e1 * e3 - e0 * e2); out[7] = 2 * (e2 * e3 + e0 * e1); out[8] = 1 - 2 * (e1 * e1 + e2 * e2);
  return out;
}

/**
 * out[0..3] = unit Euler parameters of the rotation matrix A, with e0 ≥ 0 (Shepperd's method:
 * the largest of |e0|…|e3| is taken from the diagonal, the others from off-diagonal sums, which
 * is accurate for every rotation angle including π), normalized as Exudyn does.
 */
export function rotationMatrix2EulerParametersInto(out: Float64Array, a: ArrayLike<number>): Float64Array {
  const a00 = a[0], a11 = a[4], a22 = a[8];
  const tr = a00 + a11 + a22;
  const c0 = 1 + tr, c1 = 1 + 2 * a00 - tr, c2 = 1 + 2 * a11 - tr, c3 = 1 + 2 * a22 - tr;
  let e0: number, e1: number, e2: number, e3: number;
  if (c0 >= c1 && c0 >= c2 && c0 >= c3) {
    e0 = 0.5 * Math.sqrt(c0);
    const f = 0.25 / e0;
    e1 = (a[7] - a[5]) * f; e2 = (a[2] - a[6]) * f; e3 = (a[3] - a[1]) * f;
  } else if (c1 >= c2 && c1 >= c3) {
    e1 = 0.5 * Math.sqrt(c1);
    const f = 0.25 / e1;
    e0 = (a[7] - a[5]) * f; e2 = (a[1] + a[3]) * f; e3 = (a[2] + a[6]) * f;
  } else if (c2 >= c3) {
    e2 = 0.5 * Math.sqrt(c2);
    const f = 0.25 / e2;
    e0 = (a[2] - a[6]) * f; e1 = (a[1] + a[3]) * f; e3 = (a[5] + a[7]) * f;
  } else {
    e3 = 0.5 * Math.sqrt(c3);
    const f = 0.25 / e3;
    e0 = (a[3] - a[1]) * f; e1 = (a[2] + a[6]) * f; e2 = (a[5] + a[7]) * f;
  }
  let s = 1 / Math.sqrt(e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3);
  if (e0 < 0) s = -s;
  out[0] = s * e0; out[1] = s * e1; out[2] = s * e2; out[3] = s * e3;
  return out;
}

/** out (3×4 row-major) = G = 2[−e, e0 I + ẽ] with ω_global = G ė, for ep at ep[offset..]. */
export function eulerParameters2GInto(out: Float64Array, ep: ArrayLike<number>, offset = 0): Float64Array {
  const e0 = 2 * ep[offset], e1 = 2 * ep[offset + 1], e2 = 2 * ep[offset + 2], e3 = 2 * ep[offset + 3];
  out[0] = -e1; out[1] = e0; out[2] = -e3; out[3] = e2;
  out[4] = -e2; out[5] = e3; out[6] = e0; out[7] = -e1;
  out[8] = -e3; out[9] = -e2; out[10] = e1; out[11] = e0;
  return out;
}

/** out (3×4 row-major) = G_local = 2[−e, e0 I − ẽ] with ω_local = G_local ė, for ep at ep[offset..]. */
export function eulerParameters2GLocalInto(out: Float64Array, ep: ArrayLike<number>, offset = 0): Float64Array {
  const e0 = 2 * ep[offset], e1 = 2 * ep[offset + 1], e2 = 2 * ep[offset + 2], e3 = 2 * ep[offset + 3];
  out[0] = -e1; out[1] = e0; out[2] = e3; out[3] = -e2;
  out[4] = -e2; out[5] = -e3; out[6] = e0; out[7] = e1;
  out[8] = -e3; out[9] = e2; out[10] = -e1; out[11] = e0;
  return out;
}

// ---------------------------------------------------------------------------------------
// Rotation vector and the SO(3) exponential map

/** out = exp(Ω̃) = I + sin φ/φ Ω̃ + ½ (sin(φ/2)/(φ/2))² Ω̃² for the rotation vector Ω at v[offset..] (φ = |Ω|). */
export function expSO3Into(out: Float64Array, v: ArrayLike<number>, offset = 0): Float64Array {
  const x = v[offset], y = v[offset + 1], z = v[offset + 2];
  const phi = hypot3(x, y, z);
  const a = sinc(phi);
  const sh = sinc(0.5 * phi);
  const b = 0.5 * sh * sh;
  const xx = x * x, yy = y * y, zz = z * z;
  // Ω̃² = ΩΩᵀ − φ² I
  out[0] = 1 - b * (yy + zz); out[1] = b * x * y - a * z; out[2] = b * x * z + a * y;
  out[3] = b * x * y + a * z; out[4] = 1 - b * (xx + zz); out[5] = b * y * z - a * x;
  out[6] = b * x * z - a * y; out[7] = b * y * z + a * x; out[8] = 1 - b * (xx + yy);
  return out;
}

/** Work array of logSO3Into (module-level, so the kernel allocates nothing). */
const logWork = new Float64Array(4);

/** out = log(A), the rotation vector of A with angle in [0, π] (via Euler parameters, accurate near π). */
export function logSO3Into(out: Float64Array, a: ArrayLike<number>): Float64Array {
  const ep = rotationMatrix2EulerParametersInto(logWork, a);
  const n = hypot3(ep[1], ep[2], ep[3]);
  const f = n === 0 ? 2 : 2 * Math.atan2(n, ep[0]) / n;
  out[0] = f * ep[1]; out[1] = f * ep[2]; out[2] = f * ep[3];
  return out;
}

/** Coefficient (1 − sin φ/φ)/φ², by series below φ = 0.05 (relative error of the series < 1e-17 there). */
function oneMinusSincOverPhi2(phi: number): number {
  const p2 = phi * phi;
  if (phi < 0.05) return 1 / 6 - p2 * (1 / 120 - p2 * (1 / 5040 - p2 / 362880));
  return (1 - Math.sin(phi) / phi) / p2;
}

/** out = T_exp(Ω) = I − (1 − cos φ)/φ² Ω̃ + (1 − sin φ/φ)/φ² Ω̃², the tangent operator of exp on SO(3). */
export function tExpSO3Into(out: Float64Array, v: ArrayLike<number>, offset = 0): Float64Array {
  const x = v[offset], y = v[offset + 1], z = v[offset + 2];
  const phi = hypot3(x, y, z);
  const sh = sinc(0.5 * phi);
  const a = -0.5 * sh * sh;
  const b = oneMinusSincOverPhi2(phi);
  const xx = x * x, yy = y * y, zz = z * z;
  out[0] = 1 - b * (yy + zz); out[1] = b * x * y - a * z; out[2] = b * x * z + a * y;
  out[3] = b * x * y + a * z; out[4] = 1 - b * (xx + zz); out[5] = b * y * z - a * x;
  out[6] = b * x * z - a * y; out[7] = b * y * z + a * x; out[8] = 1 - b * (xx + yy);
  return out;
}

/**
 * out = T_exp(Ω)⁻¹ = β I + ½ Ω̃ + (1 − β)/φ² ΩΩᵀ with β = (φ/2) cot(φ/2) (series below φ = 0.05);
 * singular at φ = 2π.
 */
export function tExpSO3InvInto(out: Float64Array, v: ArrayLike<number>, offset = 0): Float64Array {
  const x = v[offset], y = v[offset + 1], z = v[offset + 2];
  const phi = hypot3(x, y, z);
  const p2 = phi * phi;
  let beta: number, gamma: number;
  if (phi < 0.05) {
    gamma = 1 / 12 + p2 * (1 / 720 + p2 * (1 / 30240 + p2 / 1209600));
    beta = 1 - gamma * p2;
  } else {
    const h = 0.5 * phi;
    beta = h * Math.cos(h) / Math.sin(h);
    gamma = (1 - beta) / p2;
  }
  out[0] = beta + gamma * x * x; out[1] = gamma * x * y - 0.5 * z; out[2] = gamma * x * z + 0.5 * y;
  out[3] = gamma * x * y + 0.5 * z; out[4] = beta + gamma * y * y; out[5] = gamma * y * z - 0.5 * x;
  out[6] = gamma * x * z - 0.5 * y; out[7] = gamma * y * z + 0.5 * x; out[8] = beta + gamma * z * z;
  return out;
}

/** Work arrays of compositionRotationVectorInto. */
const compWork = new Float64Array(8);

/**
 * out = log(exp(v0) exp(Ω)), the rotation vector of the rotation v0 followed by the body-fixed
 * increment Ω, with angle in [0, 2π) like Exudyn's CompositionRuleForRotationVectors (no flip to
 * the shorter rotation, so a continuously growing rotation keeps a continuous rotation vector).
 */
export function compositionRotationVectorInto(out: Float64Array, v0: ArrayLike<number>, omega: ArrayLike<number>,
  v0Offset = 0, omegaOffset = 0): Float64Array {
  quaternionExpInto(compWork, 0, v0, v0Offset);
  quaternionExpInto(compWork, 4, omega, omegaOffset);
  quaternionProductInto(compWork, 0, compWork, 0, compWork, 4);
  const q0 = compWork[0], q1 = compWork[1], q2 = compWork[2], q3 = compWork[3];
  const n = hypot3(q1, q2, q3);
  const f = n === 0 ? 0 : 2 * Math.atan2(n, q0) / n;
  out[0] = f * q1; out[1] = f * q2; out[2] = f * q3;
  return out;
}

// ---------------------------------------------------------------------------------------
// Script functions with Exudyn names

/** Rotation matrix about the x axis by angleRad (Exudyn's `RotationMatrixX`). */
export function RotationMatrixX(angleRad: number): number[][] {
  const c = Math.cos(angleRad), s = Math.sin(angleRad);
  return [[1, 0, 0], [0, c, -s], [0, s, c]];
}

/** Rotation matrix about the y axis by angleRad (Exudyn's `RotationMatrixY`). */
export function RotationMatrixY(angleRad: number): number[][] {
  const c = Math.cos(angleRad), s = Math.sin(angleRad);
  return [[c, 0, s], [0, 1, 0], [-s, 0, c]];
}

/** Rotation matrix about the z axis by angleRad (Exudyn's `RotationMatrixZ`). */
export function RotationMatrixZ(angleRad: number): number[][] {
  const c = Math.cos(angleRad), s = Math.sin(angleRad);
  return [[c, -s, 0], [s, c, 0], [0, 0, 1]];
}

/** 2×2 rotation matrix by angleRad (Exudyn's `RotationMatrix2D`). */
export function RotationMatrix2D(angleRad: number): number[][] {
  const c = Math.cos(angleRad), s = Math.sin(angleRad);
  return [[c, -s], [s, c]];
}

/** Rotation matrix A = A_x(rot[0]) A_y(rot[1]) A_z(rot[2]) of Tait–Bryan angles. */
export function RotXYZ2RotationMatrix(rot: Vector3Like): number[][] {
  return toNestedArray(rotXYZ2RotationMatrixInto(new Float64Array(9), checkVector('RotXYZ2RotationMatrix', 'rot', rot, 3)));
}

/** Tait–Bryan angles [θ0, θ1, θ2] of a rotation matrix (A = A_x A_y A_z); see rotationMatrix2RotXYZInto for gimbal lock. */
export function RotationMatrix2RotXYZ(rotationMatrix: Matrix3Like): number[] {
  const a = toMatrixArray('RotationMatrix2RotXYZ', 'rotationMatrix', rotationMatrix);
  return Array.from(rotationMatrix2RotXYZInto(new Float64Array(3), a));
}

/** Global G matrix of Tait–Bryan angles: ω = G θ̇. */
export function RotXYZ2G(rot: Vector3Like): number[][] {
  return toNestedArray(rotXYZ2GInto(new Float64Array(9), checkVector('RotXYZ2G', 'rot', rot, 3)));
}

/** Local (body-fixed) G matrix of Tait–Bryan angles: ω_local = G_local θ̇. */
export function RotXYZ2GLocal(rot: Vector3Like): number[][] {
  return toNestedArray(rotXYZ2GLocalInto(new Float64Array(9), checkVector('RotXYZ2GLocal', 'rot', rot, 3)));
}

/** Time derivative of the global G matrix of Tait–Bryan angles. */
export function RotXYZ2G_t(rot: Vector3Like, rot_t: Vector3Like): number[][] {
  return toNestedArray(rotXYZ2G_tInto(new Float64Array(9), checkVector('RotXYZ2G_t', 'rot', rot, 3), checkVector('RotXYZ2G_t', 'rot_t', rot_t, 3)));
}

/** Time derivative of the local G matrix of Tait–Bryan angles. */
export function RotXYZ2GLocal_t(rot: Vector3Like, rot_t: Vector3Like): number[][] {
  return toNestedArray(rotXYZ2GLocal_tInto(new Float64Array(9), checkVector('RotXYZ2GLocal_t', 'rot', rot, 3),
    checkVector('RotXYZ2GLocal_t', 'rot_t', rot_t, 3)));
}

/** Tait–Bryan angle rates θ̇ = G⁻¹ ω from the global angular velocity; throws in gimbal lock, |cos θ1| ≤ 1e-14. */
export function AngularVelocity2RotXYZ_t(angularVelocity: Vector3Like, rotation: Vector3Like): number[] {
  const w = checkVector('AngularVelocity2RotXYZ_t', 'angularVelocity', angularVelocity, 3);
  const r = checkVector('AngularVelocity2RotXYZ_t', 'rotation', rotation, 3);
  const c0 = Math.cos(r[0]), s0 = Math.sin(r[0]), c1 = Math.cos(r[1]), s1 = Math.sin(r[1]);
  if (Math.abs(c1) <= 1e-14) {
    throw new FlexdynError(`AngularVelocity2RotXYZ_t: rotation[1] must not be ±π/2 (gimbal lock, |cos| <= 1e-14), got ${r[1]}`,
      { parameter: 'rotation' });
  }
  const t2 = (c0 * w[2] - s0 * w[1]) / c1;
  return [w[0] - s1 * t2, c0 * w[1] + s0 * w[2], t2];
}

/** Euler parameters of Tait–Bryan angles: q_x(θ0) ⊗ q_y(θ1) ⊗ q_z(θ2) (e0 may be negative, as in Exudyn). */
export function RotXYZ2EulerParameters(alpha: Vector3Like): number[] {
  const r = checkVector('RotXYZ2EulerParameters', 'alpha', alpha, 3);
  const q = new Float64Array(8);
  const h0 = 0.5 * r[0], h1 = 0.5 * r[1], h2 = 0.5 * r[2];
  q[0] = Math.cos(h0); q[1] = Math.sin(h0);
  q[4] = Math.cos(h1); q[6] = Math.sin(h1);
  quaternionProductInto(q, 0, q, 0, q, 4);
  q.fill(0, 4, 8);
  q[4] = Math.cos(h2); q[7] = Math.sin(h2);
  quaternionProductInto(q, 0, q, 0, q, 4);
  return Array.from(q.subarray(0, 4));
}

/** Rotation matrix of unit Euler parameters [e0, e1, e2, e3] (Exudyn's formula, see eulerParameters2RotationMatrixInto). */
export function EulerParameters2RotationMatrix(eulerParameters: ArrayLike<number>): number[][] {
  const ep = checkVector('EulerParameters2RotationMatrix', 'eulerParameters', eulerParameters, 4);
  return toNestedArray(eulerParameters2RotationMatrixInto(new Float64Array(9), ep));
}

/** Unit Euler parameters (e0 ≥ 0) of a rotation matrix. */
export function RotationMatrix2EulerParameters(rotationMatrix: Matrix3Like): number[] {
  const a = toMatrixArray('RotationMatrix2EulerParameters', 'rotationMatrix', rotationMatrix);
  return Array.from(rotationMatrix2EulerParametersInto(new Float64Array(4), a));
}

/** Global 3×4 G matrix of Euler parameters: ω = G ė. */
export function EulerParameters2G(eulerParameters: ArrayLike<number>): number[][] {
  const ep = checkVector('EulerParameters2G', 'eulerParameters', eulerParameters, 4);
  return toNestedArray(eulerParameters2GInto(new Float64Array(12), ep), 3, 4);
}

/** Local 3×4 G matrix of Euler parameters: ω_local = G_local ė. */
export function EulerParameters2GLocal(eulerParameters: ArrayLike<number>): number[][] {
  const ep = checkVector('EulerParameters2GLocal', 'eulerParameters', eulerParameters, 4);
  return toNestedArray(eulerParameters2GLocalInto(new Float64Array(12), ep), 3, 4);
}

/** Euler parameter rates ė = ¼ Gᵀ ω from the global angular velocity (GᵀG = 4 I for unit ep). */
export function AngularVelocity2EulerParameters_t(angularVelocity: Vector3Like, eulerParameters: ArrayLike<number>): number[] {
  const w = checkVector('AngularVelocity2EulerParameters_t', 'angularVelocity', angularVelocity, 3);
  const ep = checkVector('AngularVelocity2EulerParameters_t', 'eulerParameters', eulerParameters, 4);
  const g = eulerParameters2GInto(new Float64Array(12), ep);
  const out: number[] = [];
  for (let j = 0; j < 4; j++) out.push(0.25 * (g[j] * w[0] + g[4 + j] * w[1] + g[8 + j] * w[2]));
  return out;
}

/** Rotation matrix exp(Ω̃) of a rotation vector (Exudyn's `RotationVector2RotationMatrix`). */
export function RotationVector2RotationMatrix(rotationVector: Vector3Like): number[][] {
  const v = checkVector('RotationVector2RotationMatrix', 'rotationVector', rotationVector, 3);
  return toNestedArray(expSO3Into(new Float64Array(9), v));
}

/** Rotation vector (angle in [0, π]) of a rotation matrix (Exudyn's `RotationMatrix2RotationVector`). */
export function RotationMatrix2RotationVector(rotationMatrix: Matrix3Like): number[] {
  const a = toMatrixArray('RotationMatrix2RotationVector', 'rotationMatrix', rotationMatrix);
  return Array.from(logSO3Into(new Float64Array(3), a));
}

/** Unit rotation axis of a rotation vector, [0, 0, 0] for the zero vector. */
export function ComputeRotationAxisFromRotationVector(rotationVector: Vector3Like): number[] {
  const v = checkVector('ComputeRotationAxisFromRotationVector', 'rotationVector', rotationVector, 3);
  const n = hypot3(v[0], v[1], v[2]);
  return n === 0 ? [0, 0, 0] : [v[0] / n, v[1] / n, v[2] / n];
}

/**
 * Global G of Lie-group rotation-vector nodes whose velocity coordinates are the local angular
 * velocity: ω = A ω_local, so G = A = exp(Ω̃) (Exudyn's `RotationVector2G`).
 */
export function RotationVector2G(rotationVector: Vector3Like): number[][] {
  return RotationVector2RotationMatrix(rotationVector);
}

/** Local G of Lie-group rotation-vector nodes: the identity (Exudyn's `RotationVector2GLocal`). */
export function RotationVector2GLocal(rotationVector: Vector3Like): number[][] {
  checkVector('RotationVector2GLocal', 'rotationVector', rotationVector, 3);
  return [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
}

/** exp(Ω̃) on SO(3), the rotation matrix of a rotation vector (Exudyn's `ExpSO3`). */
export function ExpSO3(Omega: Vector3Like): number[][] {
  return toNestedArray(expSO3Into(new Float64Array(9), checkVector('ExpSO3', 'Omega', Omega, 3)));
}

/** log(A) on SO(3) as the skew matrix Ω̃ of the rotation vector, like Exudyn's `LogSO3` (use RotationMatrix2RotationVector for the vector). */
export function LogSO3(R: Matrix3Like): number[][] {
  const v = logSO3Into(new Float64Array(3), toMatrixArray('LogSO3', 'R', R));
  return toNestedArray(skewInto(new Float64Array(9), v));
}

/** Tangent operator T_exp(Ω) of SO(3) (Exudyn's `TExpSO3`): exp(Ω)ᵀ d exp(Ω)/dt = (T_exp(Ω) Ω̇)~. */
export function TExpSO3(Omega: Vector3Like): number[][] {
  return toNestedArray(tExpSO3Into(new Float64Array(9), checkVector('TExpSO3', 'Omega', Omega, 3)));
}

/** Inverse tangent operator T_exp(Ω)⁻¹ of SO(3) (Exudyn's `TExpSO3Inv`). */
export function TExpSO3Inv(Omega: Vector3Like): number[][] {
  return toNestedArray(tExpSO3InvInto(new Float64Array(9), checkVector('TExpSO3Inv', 'Omega', Omega, 3)));
}

/** Unit quaternion (Euler parameters) exp(Ω) on S³ (Exudyn's `ExpS3`). */
export function ExpS3(Omega: Vector3Like): number[] {
  return Array.from(quaternionExpInto(new Float64Array(4), 0, checkVector('ExpS3', 'Omega', Omega, 3)));
}

/** Rotation vector of exp(v0) exp(Ω), angle in [0, 2π) (Exudyn's `CompositionRuleForRotationVectors`). */
export function CompositionRuleForRotationVectors(v0: Vector3Like, Omega: Vector3Like): number[] {
  const a = checkVector('CompositionRuleForRotationVectors', 'v0', v0, 3);
  const b = checkVector('CompositionRuleForRotationVectors', 'Omega', Omega, 3);
  return Array.from(compositionRotationVectorInto(new Float64Array(3), a, b));
}

/** Euler-parameter product q ⊗ p (Exudyn's `CompositionRuleForEulerParameters`). */
export function CompositionRuleForEulerParameters(q: ArrayLike<number>, p: ArrayLike<number>): number[] {
  const a = checkVector('CompositionRuleForEulerParameters', 'q', q, 4);
  const b = checkVector('CompositionRuleForEulerParameters', 'p', p, 4);
  return Array.from(quaternionProductInto(new Float64Array(4), 0, a, 0, b, 0));
}

// ---------------------------------------------------------------------------------------
// Orthonormal bases

/**
 * Returns `[v, n1, n2]`: v = vector0/|vector0| and two unit normals with v × n1 = n2 (Exudyn's convention:
 * n1 is e_y projected if v is close to ±e_x, else e_x projected). Throws for the zero vector.
 */
export function ComputeOrthonormalBasisVectors(vector0: Vector3Like): [number[], number[], number[]] {
  const v0 = checkVector('ComputeOrthonormalBasisVectors', 'vector0', vector0, 3);
  const len = hypot3(v0[0], v0[1], v0[2]);
  if (len === 0) {
    throw new FlexdynError('ComputeOrthonormalBasisVectors: vector0 must be nonzero, got [0, 0, 0]', { parameter: 'vector0' });
  }
  const v = new Float64Array([v0[0] / len, v0[1] / len, v0[2] / len]);
  const n1 = Math.abs(v[0]) > 0.5 && Math.abs(v[1]) < 0.1 && Math.abs(v[2]) < 0.1
    ? new Float64Array([0, 1, 0]) : new Float64Array([1, 0, 0]);
  const h = n1[0] * v[0] + n1[1] * v[1] + n1[2] * v[2];
  for (let i = 0; i < 3; i++) n1[i] -= h * v[i];
  const l1 = hypot3(n1[0], n1[1], n1[2]);
  for (let i = 0; i < 3; i++) n1[i] /= l1;
  const n2 = cross3Into(new Float64Array(3), v, n1);
  return [Array.from(v), Array.from(n1), Array.from(n2)];
}

/** Rotation matrix whose columns are ComputeOrthonormalBasisVectors(vector0): first column ∥ vector0. */
export function ComputeOrthonormalBasis(vector0: Vector3Like): number[][] {
  const [v, n1, n2] = ComputeOrthonormalBasisVectors(vector0);
  return [[v[0], n1[0], n2[0]], [v[1], n1[1], n2[1]], [v[2], n1[2], n2[2]]];
}

/** Gram–Schmidt triad [e0, e1, e0 × e1]: e0 ∥ vector0, e1 the normalized part of vector1 normal to e0. */
export function GramSchmidt(vector0: Vector3Like, vector1: Vector3Like): [number[], number[], number[]] {
  const a = checkVector('GramSchmidt', 'vector0', vector0, 3);
  const b = checkVector('GramSchmidt', 'vector1', vector1, 3);
  const la = hypot3(a[0], a[1], a[2]);
  if (la === 0) {
    throw new FlexdynError('GramSchmidt: vector0 must be nonzero, got [0, 0, 0]', { parameter: 'vector0' });
  }
  const e0 = new Float64Array([a[0] / la, a[1] / la, a[2] / la]);
  const h = e0[0] * b[0] + e0[1] * b[1] + e0[2] * b[2];
  const e1 = new Float64Array([b[0] - h * e0[0], b[1] - h * e0[1], b[2] - h * e0[2]]);
  const l1 = hypot3(e1[0], e1[1], e1[2]);
  // a normal part below 1e-14·|vector1| is rounding noise: vector1 is parallel to vector0
  if (!(l1 > 1e-14 * hypot3(b[0], b[1], b[2]))) {
    throw new FlexdynError(`GramSchmidt: vector1 must not be zero or parallel to vector0, got [${Array.from(b).join(', ')}]`, { parameter: 'vector1' });
  }
  for (let i = 0; i < 3; i++) e1[i] /= l1;
  const e2 = cross3Into(new Float64Array(3), e0, e1);
  return [Array.from(e0), Array.from(e1), Array.from(e2)];
}
