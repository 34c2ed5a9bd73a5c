/**
 * The source of the WebAssembly module of ObjectRigidBody's quadratic velocity terms on Euler parameters, without and
 * with COM offset, and of its body-fixed points' position and position Jacobian (see rigidBodyKernels.ts; the
 * body's mass kernels are rigidBodyKernelsSource.ts, whose constants these kernels read, with the node's reference
 * position at c[20…22]; three modules, each below the 4 KB a browser's main thread compiles synchronously), in the
 * TypeScript subset of scripts/wasmKernelCompiler.ts: the same floating-point operations in the same order as the
 * body's JavaScript had them, so the module's results are the same bit for bit; the tests run these functions as
 * JavaScript against the module's exports.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * The gyroscopic force G_lᵀh, h = ω̄ × Jω̄, ω̄ = G_lṗ (the sums of the node's angularVelocityLocal), added to the rows'
 * values f: out[r] = f_r + (G_lᵀh)_r.
 */
export function eulerParameterGyroscopicLhs(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, d0: number, d1: number, d2: number, d3: number,
  f0: number, f1: number, f2: number, f3: number, out: Float64Array,
): void {
  const e0 = 2 * (c[12] + p0), e1 = 2 * (c[13] + p1), e2 = 2 * (c[14] + p2), e3 = 2 * (c[15] + p3);
  const negE1 = -e1, negE2 = -e2, negE3 = -e3;
  const w0 = 0 + negE1 * d0 + e0 * d1 + e3 * d2 + negE2 * d3;
  const w1 = 0 + negE2 * d0 + negE3 * d1 + e0 * d2 + e1 * d3;
  const w2 = 0 + negE3 * d0 + e2 * d1 + negE1 * d2 + e0 * d3;
  const jw0 = c[0] * w0 + c[1] * w1 + c[2] * w2, jw1 = c[3] * w0 + c[4] * w1 + c[5] * w2, jw2 = c[6] * w0 + c[7] * w1 + c[8] * w2;
  const h0 = w1 * jw2 - w2 * jw1, h1 = w2 * jw0 - w0 * jw2, h2 = w0 * jw1 - w1 * jw0;
  // the columns of G_l = [−e1 e0 e3 −e2; −e2 −e3 e0 e1; −e3 e2 −e1 e0]
  out[0] = f0 + (negE1 * h0 + negE2 * h1 + negE3 * h2);
  out[1] = f1 + (e0 * h0 + negE3 * h1 + e2 * h2);
  out[2] = f2 + (e3 * h0 + e0 * h1 + negE1 * h2);
  out[3] = f3 + (negE2 * h0 + e1 * h1 + e0 * h2);
}

/**
 * The quadratic velocity terms of a body with COM offset χ (U = −mχ), added to the values f of its seven rows: the
 * rotation rows as eulerParameterGyroscopicLhs, the position rows f_r + (A t)_r with t = ω̄ × (U × ω̄) and A the node's
 * rotation matrix in its form (diagonal −2p_j² − 2p_k² + 1, p = p_ref + q), as quadraticVelocityLhs forms them.
 */
export function eulerParameterComQuadraticVelocityLhs(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, d0: number, d1: number, d2: number, d3: number,
  f0: number, f1: number, f2: number, f3: number, f4: number, f5: number, f6: number, out: Float64Array,
): void {
  // the rotation rows: eulerParameterGyroscopicLhs writes them into out[0…3], moved to out[3…6] (from the last)
  eulerParameterGyroscopicLhs(c, p0, p1, p2, p3, d0, d1, d2, d3, f3, f4, f5, f6, out);
  out[6] = out[3]; out[5] = out[2]; out[4] = out[1]; out[3] = out[0];
  // ω̄ = G_l ṗ again, for the position rows
  const e0 = 2 * (c[12] + p0), e1 = 2 * (c[13] + p1), e2 = 2 * (c[14] + p2), e3 = 2 * (c[15] + p3);
  const w0 = 0 + -e1 * d0 + e0 * d1 + e3 * d2 + -e2 * d3;
  const w1 = 0 + -e2 * d0 + -e3 * d1 + e0 * d2 + e1 * d3;
  const w2 = 0 + -e3 * d0 + e2 * d1 + -e1 * d2 + e0 * d3;
  const U0 = c[17], U1 = c[18], U2 = c[19];
  const ux = U1 * w2 - U2 * w1, uy = U2 * w0 - U0 * w2, uz = U0 * w1 - U1 * w0;
  const t0 = w1 * uz - w2 * uy, t1 = w2 * ux - w0 * uz, t2 = w0 * uy - w1 * ux;
  addRotated(c, p0, p1, p2, p3, t0, t1, t2, f0, f1, f2, out);
}

/**
 * A of the node at p = p_ref + q in its form (diagonal −2p_j² − 2p_k² + 1) times x into out[0…2], each entry added to
 * b_r: out[r] = b_r + (A x)_r.
 */
function addRotated(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, x0: number, x1: number, x2: number,
  b0: number, b1: number, b2: number, out: Float64Array,
): void {
  const q0 = c[12] + p0, q1 = c[13] + p1, q2 = c[14] + p2, q3 = c[15] + p3;
  const a0 = -2 * q3 * q3 - 2 * q2 * q2 + 1, a1 = -2 * q3 * q0 + 2 * q2 * q1, a2 = 2 * q3 * q1 + 2 * q2 * q0;
  const a3 = 2 * q3 * q0 + 2 * q2 * q1, a4 = -2 * q3 * q3 - 2 * q1 * q1 + 1, a5 = 2 * q3 * q2 - 2 * q1 * q0;
  const a6 = -2 * q2 * q0 + 2 * q3 * q1, a7 = 2 * q3 * q2 + 2 * q1 * q0, a8 = -2 * q2 * q2 - 2 * q1 * q1 + 1;
  out[0] = b0 + (a0 * x0 + a1 * x1 + a2 * x2);
  out[1] = b1 + (a3 * x0 + a4 * x1 + a5 * x2);
  out[2] = b2 + (a6 * x0 + a7 * x1 + a8 * x2);
}

/**
 * The position p + A x of the body-fixed point x into out[0…2] (the body's position: the node's position p_ref + q
 * with p_ref at c[20…22], then A x added as addRotatedPoint sums it); u0…u2 the node's position displacements.
 */
export function eulerParameterPointPosition(
  c: Float64Array, u0: number, u1: number, u2: number, p0: number, p1: number, p2: number, p3: number,
  x0: number, x1: number, x2: number, out: Float64Array,
): void {
  addRotated(c, p0, p1, p2, p3, x0, x1, x2, c[20] + u0, c[21] + u1, c[22] + u2, out);
}

/**
 * The position Jacobian [I₃ | A(−x̃)G_l] (3 × 7 row-major) of the body-fixed point x ≠ 0 into out[0…20], the coupling
 * block as couplingMatrix forms it with v = −x: per column j of G_l, s = skew(v) column j, then A s.
 */
export function eulerParameterPositionJacobian(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, x0: number, x1: number, x2: number, out: Float64Array,
): void {
  const e0 = 2 * (c[12] + p0), e1 = 2 * (c[13] + p1), e2 = 2 * (c[14] + p2), e3 = 2 * (c[15] + p3);
  const q0 = c[12] + p0, q1 = c[13] + p1, q2 = c[14] + p2, q3 = c[15] + p3;
  const a0 = -2 * q3 * q3 - 2 * q2 * q2 + 1, a1 = -2 * q3 * q0 + 2 * q2 * q1, a2 = 2 * q3 * q1 + 2 * q2 * q0;
  const a3 = 2 * q3 * q0 + 2 * q2 * q1, a4 = -2 * q3 * q3 - 2 * q1 * q1 + 1, a5 = 2 * q3 * q2 - 2 * q1 * q0;
  const a6 = -2 * q2 * q0 + 2 * q3 * q1, a7 = 2 * q3 * q2 + 2 * q1 * q0, a8 = -2 * q2 * q2 - 2 * q1 * q1 + 1;
  const x = -x0, y = -x1, z = -x2;
  out[0] = 1; out[1] = 0; out[2] = 0;
  out[7] = 0; out[8] = 1; out[9] = 0;
  out[14] = 0; out[15] = 0; out[16] = 1;
  // the columns of G_l = [−e1 e0 e3 −e2; −e2 −e3 e0 e1; −e3 e2 −e1 e0]
  jacobianColumn(a0, a1, a2, a3, a4, a5, a6, a7, a8, -z * -e2 + y * -e3, z * -e1 - x * -e3, -y * -e1 + x * -e2, out, 3);
  jacobianColumn(a0, a1, a2, a3, a4, a5, a6, a7, a8, -z * -e3 + y * e2, z * e0 - x * e2, -y * e0 + x * -e3, out, 4);
  jacobianColumn(a0, a1, a2, a3, a4, a5, a6, a7, a8, -z * e0 + y * -e1, z * e3 - x * -e1, -y * e3 + x * e0, out, 5);
  jacobianColumn(a0, a1, a2, a3, a4, a5, a6, a7, a8, -z * e1 + y * e0, z * -e2 - x * e0, -y * -e2 + x * e1, out, 6);
}

/** Column k of the position Jacobian: A s into out[k], out[7 + k], out[14 + k] (A = [a0 … a8] row-major). */
function jacobianColumn(
  a0: number, a1: number, a2: number, a3: number, a4: number, a5: number, a6: number, a7: number, a8: number,
  s0: number, s1: number, s2: number, out: Float64Array, k: Int,
): void {
  out[k] = a0 * s0 + a1 * s1 + a2 * s2;
  out[7 + k] = a3 * s0 + a4 * s1 + a5 * s2;
  out[14 + k] = a6 * s0 + a7 * s1 + a8 * s2;
}
