/**
 * The source of the WebAssembly module of ObjectRigidBody's quadratic velocity terms on Euler parameters, without and
 * with COM offset (see rigidBodyKernels.ts; the body's mass kernels are rigidBodyKernelsSource.ts, whose constants these
 * kernels read; three modules, each below the 4 KB a browser's main thread compiles synchronously), in the TypeScript
 * subset of scripts/wasmKernelCompiler.ts: the same floating-point operations in the same order as the body's
 * JavaScript had them, so the module's results are the same bit for bit; the tests run these functions as JavaScript
 * against the module's exports.
 * @module
 */

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
  const q0 = c[12] + p0, q1 = c[13] + p1, q2 = c[14] + p2, q3 = c[15] + p3;
  const e0 = 2 * q0, e1 = 2 * q1, e2 = 2 * q2, e3 = 2 * q3;
  const negE1 = -e1, negE2 = -e2, negE3 = -e3;
  const w0 = 0 + negE1 * d0 + e0 * d1 + e3 * d2 + negE2 * d3;
  const w1 = 0 + negE2 * d0 + negE3 * d1 + e0 * d2 + e1 * d3;
  const w2 = 0 + negE3 * d0 + e2 * d1 + negE1 * d2 + e0 * d3;
  const jw0 = c[0] * w0 + c[1] * w1 + c[2] * w2, jw1 = c[3] * w0 + c[4] * w1 + c[5] * w2, jw2 = c[6] * w0 + c[7] * w1 + c[8] * w2;
  const h0 = w1 * jw2 - w2 * jw1, h1 = w2 * jw0 - w0 * jw2, h2 = w0 * jw1 - w1 * jw0;
  out[3] = f3 + (negE1 * h0 + negE2 * h1 + negE3 * h2);
  out[4] = f4 + (e0 * h0 + negE3 * h1 + e2 * h2);
  out[5] = f5 + (e3 * h0 + e0 * h1 + negE1 * h2);
  out[6] = f6 + (negE2 * h0 + e1 * h1 + e0 * h2);
  const U0 = c[17], U1 = c[18], U2 = c[19];
  const ux = U1 * w2 - U2 * w1, uy = U2 * w0 - U0 * w2, uz = U0 * w1 - U1 * w0;
  const t0 = w1 * uz - w2 * uy, t1 = w2 * ux - w0 * uz, t2 = w0 * uy - w1 * ux;
  const a0 = -2 * q3 * q3 - 2 * q2 * q2 + 1, a1 = -2 * q3 * q0 + 2 * q2 * q1, a2 = 2 * q3 * q1 + 2 * q2 * q0;
  const a3 = 2 * q3 * q0 + 2 * q2 * q1, a4 = -2 * q3 * q3 - 2 * q1 * q1 + 1, a5 = 2 * q3 * q2 - 2 * q1 * q0;
  const a6 = -2 * q2 * q0 + 2 * q3 * q1, a7 = 2 * q3 * q2 + 2 * q1 * q0, a8 = -2 * q2 * q2 - 2 * q1 * q1 + 1;
  out[0] = f0 + (a0 * t0 + a1 * t1 + a2 * t2);
  out[1] = f1 + (a3 * t0 + a4 * t1 + a5 * t2);
  out[2] = f2 + (a6 * t0 + a7 * t1 + a8 * t2);
}
