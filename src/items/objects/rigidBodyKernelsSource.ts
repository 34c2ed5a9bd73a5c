/**
 * The source of the WebAssembly module of ObjectRigidBody's closed forms on Euler parameters without COM offset, other
 * than the gyroscopic Jacobian (rigidBodyJacobianKernelsSource.ts: with it, one module would exceed the 4 KB a browser's
 * main thread compiles synchronously): the mass matrix, the mass product's rotation rows and the gyroscopic force (see
 * rigidBodyKernels.ts), in the TypeScript subset of scripts/wasmKernelCompiler.ts: the same floating-point operations in
 * the same order as the body's JavaScript had them, so the module's results are the same bit for bit (wasm has no fused
 * multiply-add); the tests run these functions as JavaScript against the module's exports.
 *
 * Every kernel reads the body's constants c (J row-major at 0…8, the inertiaZeroTerms of the gyroscopic Jacobian at
 * 9…11, the node's reference Euler parameters at 12…15, the mass at 16) and takes the node's Euler parameter
 * displacements p0…p3 (and rates d0…d3) as arguments (cheaper than through memory in a fresh process's baseline code).
 * G_l = [−e1 e0 e3 −e2; −e2 −e3 e0 e1; −e3 e2 −e1 e0] with e_k = 2(p_ref,k + p_k), as eulerParameters2GLocalInto
 * writes it.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * M_θθ = (G_lᵀJ)G_l into m: entry (i, j) = row i of G_lᵀJ times column j of G_l (in Exudyn's order: G_lᵀJ first) at
 * m[first + i·stride + j]. Internal: the mass matrix and the mass product share it.
 */
function rotationBlock(c: Float64Array, p0: number, p1: number, p2: number, p3: number, m: Float64Array, first: Int, stride: Int): void {
  const e0 = 2 * (c[12] + p0), e1 = 2 * (c[13] + p1), e2 = 2 * (c[14] + p2), e3 = 2 * (c[15] + p3);
  const g00 = -e1, g01 = e0, g02 = e3, g03 = -e2, g10 = -e2, g11 = -e3, g12 = e0, g13 = e1;
  const g20 = -e3, g21 = e2, g22 = -e1, g23 = e0;
  const J0 = c[0], J1 = c[1], J2 = c[2], J3 = c[3], J4 = c[4], J5 = c[5], J6 = c[6], J7 = c[7], J8 = c[8];
  const k00 = g00 * J0 + g10 * J3 + g20 * J6, k01 = g00 * J1 + g10 * J4 + g20 * J7, k02 = g00 * J2 + g10 * J5 + g20 * J8;
  const k10 = g01 * J0 + g11 * J3 + g21 * J6, k11 = g01 * J1 + g11 * J4 + g21 * J7, k12 = g01 * J2 + g11 * J5 + g21 * J8;
  const k20 = g02 * J0 + g12 * J3 + g22 * J6, k21 = g02 * J1 + g12 * J4 + g22 * J7, k22 = g02 * J2 + g12 * J5 + g22 * J8;
  const k30 = g03 * J0 + g13 * J3 + g23 * J6, k31 = g03 * J1 + g13 * J4 + g23 * J7, k32 = g03 * J2 + g13 * J5 + g23 * J8;
  const row1: Int = first + stride, row2: Int = row1 + stride, row3: Int = row2 + stride;
  m[first] = k00 * g00 + k01 * g10 + k02 * g20; m[first + 1] = k00 * g01 + k01 * g11 + k02 * g21;
  m[first + 2] = k00 * g02 + k01 * g12 + k02 * g22; m[first + 3] = k00 * g03 + k01 * g13 + k02 * g23;
  m[row1] = k10 * g00 + k11 * g10 + k12 * g20; m[row1 + 1] = k10 * g01 + k11 * g11 + k12 * g21;
  m[row1 + 2] = k10 * g02 + k11 * g12 + k12 * g22; m[row1 + 3] = k10 * g03 + k11 * g13 + k12 * g23;
  m[row2] = k20 * g00 + k21 * g10 + k22 * g20; m[row2 + 1] = k20 * g01 + k21 * g11 + k22 * g21;
  m[row2 + 2] = k20 * g02 + k21 * g12 + k22 * g22; m[row2 + 3] = k20 * g03 + k21 * g13 + k22 * g23;
  m[row3] = k30 * g00 + k31 * g10 + k32 * g20; m[row3 + 1] = k30 * g01 + k31 * g11 + k32 * g21;
  m[row3 + 2] = k30 * g02 + k31 * g12 + k32 * g22; m[row3 + 3] = k30 * g03 + k31 * g13 + k32 * g23;
}

/**
 * The body's 7 × 7 mass matrix into m (row-major): 0 + m on the diagonal of the position block, 0 + M_θθ's entries in
 * the rotation block; its other entries are never written (the zeros the caller's block starts with).
 */
export function eulerParameterMassMatrix(c: Float64Array, p0: number, p1: number, p2: number, p3: number, m: Float64Array): void {
  const mass = c[16];
  m[0] = 0 + mass; m[8] = 0 + mass; m[16] = 0 + mass;
  rotationBlock(c, p0, p1, p2, p3, m, 24, 7);
  for (let row: Int = 24; row < 49; row += 7) {
    for (let k: Int = row; k < row + 4; k++) m[k] = 0 + m[k];
  }
}

/**
 * The rotation rows of the mass product: out[r] = f_r + (0 + M_r3·a3 + M_r4·a4 + M_r5·a5 + M_r6·a6) for r = 0…3 (f: the
 * rows' values before, M_θθ's entries at out[0…15] meanwhile), each row's sum from 0 over the columns in order.
 */
export function eulerParameterMassProduct(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, a3: number, a4: number, a5: number, a6: number,
  f0: number, f1: number, f2: number, f3: number, out: Float64Array,
): void {
  rotationBlock(c, p0, p1, p2, p3, out, 0, 4);
  const r0 = 0 + out[0] * a3 + out[1] * a4 + out[2] * a5 + out[3] * a6;
  const r1 = 0 + out[4] * a3 + out[5] * a4 + out[6] * a5 + out[7] * a6;
  const r2 = 0 + out[8] * a3 + out[9] * a4 + out[10] * a5 + out[11] * a6;
  const r3 = 0 + out[12] * a3 + out[13] * a4 + out[14] * a5 + out[15] * a6;
  out[0] = f0 + r0; out[1] = f1 + r1; out[2] = f2 + r2; out[3] = f3 + r3;
}

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
