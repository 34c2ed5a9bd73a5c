/**
 * The source of the WebAssembly module of ObjectRigidBody's load Jacobian on Euler parameters, ∂(J_posᵀf + J_rotᵀτ)/∂q
 * at a body-fixed point for fixed global f and τ (see rigidBodyKernels.ts; the mass kernels are
 * rigidBodyKernelsSource.ts, whose constants this kernel reads, the reference Euler parameters at c[12…15]; a module of
 * its own, below the 4 KB a browser's main thread compiles synchronously), in the TypeScript subset of
 * scripts/wasmKernelCompiler.ts: the same floating-point operations in the same order as the body's and the node's
 * JavaScript had them, so the module's results are the same bit for bit; the tests run this function as JavaScript
 * against the module's export.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * Adds factor·∂(J_posᵀf + J_rotᵀτ)/∂p to the rotation block of a 7 × 7 block: k holds its rows 3…6 from entry (3, 3),
 * so entry (3 + r, 3 + c) is k[7r + c]. Per entry, in this order: factor·∂(Gᵀm)/∂p with m = τ (+ (Ax) × f with the
 * lever), then with the lever (lever ≠ 0: f given and x ≠ 0) factor·(G_xr G_fc − (f·Ax)(GᵀG)_rc) (G_x = GᵀAx, G_f =
 * Gᵀf) and the radial direction's w_r p_c, w = 2·factor/(p·p)·G_lᵀ(x × (A − I)ᵀf); A in the node's form (diagonal
 * −2p_j² − 2p_k² + 1), G and G_l with the entries ±2p_i, p = p_ref + q. The radial term: A(λp) = I + λ²(A − I) and
 * G_l(λp) = λG_l, so the generalized force Q = G_lᵀ(x × Aᵀf) changes along p by Q + 2G_lᵀ(x × (A − I)ᵀf), while the
 * on-manifold formula gives Gᵀ((Ax) × f) = Q there; the difference enters as w pᵀ/(p·p), which leaves the tangent
 * directions (p·δp = 0) untouched.
 */
export function eulerParameterLoadJacobian(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, x0: number, x1: number, x2: number,
  f0: number, f1: number, f2: number, t0: number, t1: number, t2: number, factor: number, lever: Int, k: Float64Array,
): void {
  const q0 = c[12] + p0, q1 = c[13] + p1, q2 = c[14] + p2, q3 = c[15] + p3;
  const a0 = -2 * q3 * q3 - 2 * q2 * q2 + 1, a1 = -2 * q3 * q0 + 2 * q2 * q1, a2 = 2 * q3 * q1 + 2 * q2 * q0;
  const a3 = 2 * q3 * q0 + 2 * q2 * q1, a4 = -2 * q3 * q3 - 2 * q1 * q1 + 1, a5 = 2 * q3 * q2 - 2 * q1 * q0;
  const a6 = -2 * q2 * q0 + 2 * q3 * q1, a7 = 2 * q3 * q2 + 2 * q1 * q0, a8 = -2 * q2 * q2 - 2 * q1 * q1 + 1;
  const ax0 = a0 * x0 + a1 * x1 + a2 * x2, ax1 = a3 * x0 + a4 * x1 + a5 * x2, ax2 = a6 * x0 + a7 * x1 + a8 * x2;
  let m0 = t0, m1 = t1, m2 = t2;
  if (lever !== 0) {
    m0 = m0 + (ax1 * f2 - ax2 * f1);
    m1 = m1 + (ax2 * f0 - ax0 * f2);
    m2 = m2 + (ax0 * f1 - ax1 * f0);
  }
  // ∂(Gᵀm)/∂p = 2[0 −m0 −m1 −m2; m0 0 −m2 m1; m1 m2 0 −m0; m2 −m1 m0 0] (zeros as literals)
  const X = 2 * m0, Y = 2 * m1, Z = 2 * m2;
  addRow(k, 0, factor * 0, factor * -X, factor * -Y, factor * -Z);
  addRow(k, 7, factor * X, factor * 0, factor * -Z, factor * Y);
  addRow(k, 14, factor * Y, factor * Z, factor * 0, factor * -X);
  addRow(k, 21, factor * Z, factor * -Y, factor * X, factor * 0);
  if (lever === 0) return;
  const e0 = 2 * q0, e1 = 2 * q1, e2 = 2 * q2, e3 = 2 * q3;
  const fx = f0 * ax0 + f1 * ax1 + f2 * ax2;
  // (A − I)ᵀf and v = x × (A − I)ᵀf
  const b0 = a0 * f0 + a3 * f1 + a6 * f2 - f0, b1 = a1 * f0 + a4 * f1 + a7 * f2 - f1, b2 = a2 * f0 + a5 * f1 + a8 * f2 - f2;
  const v0 = x1 * b2 - x2 * b1, v1 = x2 * b0 - x0 * b2, v2 = x0 * b1 - x1 * b0;
  const scale = 2 * factor / (q0 * q0 + q1 * q1 + q2 * q2 + q3 * q3);
  // the columns of G = [−e1 e0 −e3 e2; −e2 e3 e0 −e1; −e3 −e2 e1 e0] and of G_l = [−e1 e0 e3 −e2; −e2 −e3 e0 e1; −e3 e2 −e1 e0]
  const g0 = -e1, g1 = -e2, g2 = -e3, g3 = e0, g4 = e3, g5 = -e2, g6 = -e3, g7 = e0, g8 = e1, g9 = e2, g10 = -e1, g11 = e0;
  leverRow(k, 0, factor, g0, g1, g2, scale * (-e1 * v0 + -e2 * v1 + -e3 * v2), g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11,
    ax0, ax1, ax2, f0, f1, f2, fx, q0, q1, q2, q3);
  leverRow(k, 7, factor, g3, g4, g5, scale * (e0 * v0 + -e3 * v1 + e2 * v2), g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11,
    ax0, ax1, ax2, f0, f1, f2, fx, q0, q1, q2, q3);
  leverRow(k, 14, factor, g6, g7, g8, scale * (e3 * v0 + e0 * v1 + -e1 * v2), g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11,
    ax0, ax1, ax2, f0, f1, f2, fx, q0, q1, q2, q3);
  leverRow(k, 21, factor, g9, g10, g11, scale * (-e2 * v0 + e1 * v1 + e0 * v2), g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11,
    ax0, ax1, ax2, f0, f1, f2, fx, q0, q1, q2, q3);
}

/** k[o + c] += v_c for the four entries of a row. */
function addRow(k: Float64Array, o: Int, v0: number, v1: number, v2: number, v3: number): void {
  k[o] = k[o] + v0;
  k[o + 1] = k[o + 1] + v1;
  k[o + 2] = k[o + 2] + v2;
  k[o + 3] = k[o + 3] + v3;
}

/**
 * Row r of the lever's terms (G's column r = (r0, r1, r2), w = w_r): per column c (G's columns g0…g11, three entries
 * each), k[o + c] += factor·(G_xr G_fc − fx (GᵀG)_rc), then += w p_c.
 */
function leverRow(
  k: Float64Array, o: Int, factor: number, r0: number, r1: number, r2: number, w: number,
  g0: number, g1: number, g2: number, g3: number, g4: number, g5: number, g6: number, g7: number, g8: number, g9: number, g10: number, g11: number,
  ax0: number, ax1: number, ax2: number, f0: number, f1: number, f2: number, fx: number, p0: number, p1: number, p2: number, p3: number,
): void {
  const gx = r0 * ax0 + r1 * ax1 + r2 * ax2;
  leverEntry(k, o, factor, gx, r0, r1, r2, g0, g1, g2, f0, f1, f2, fx, w, p0);
  leverEntry(k, o + 1, factor, gx, r0, r1, r2, g3, g4, g5, f0, f1, f2, fx, w, p1);
  leverEntry(k, o + 2, factor, gx, r0, r1, r2, g6, g7, g8, f0, f1, f2, fx, w, p2);
  leverEntry(k, o + 3, factor, gx, r0, r1, r2, g9, g10, g11, f0, f1, f2, fx, w, p3);
}

/** One entry of leverRow: G's column (c0, c1, c2), G_fc = c·f, (GᵀG)_rc = r·c. */
function leverEntry(
  k: Float64Array, i: Int, factor: number, gx: number, r0: number, r1: number, r2: number, c0: number, c1: number, c2: number,
  f0: number, f1: number, f2: number, fx: number, w: number, p: number,
): void {
  const gf = c0 * f0 + c1 * f1 + c2 * f2;
  const gtg = r0 * c0 + r1 * c1 + r2 * c2;
  k[i] = k[i] + factor * (gx * gf - fx * gtg);
  k[i] = k[i] + w * p;
}
