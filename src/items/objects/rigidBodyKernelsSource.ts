/**
 * The source of the WebAssembly module of ObjectRigidBody's mass kernels on Euler parameters: without COM offset the
 * mass matrix and the mass product's rotation rows, with COM offset the whole mass product and the mass-proportional
 * load (see rigidBodyKernels.ts; the gyroscopic Jacobian is rigidBodyJacobianKernelsSource.ts, the quadratic velocity
 * terms and point kinematics rigidBodyVelocityKernelsSource.ts: in one module they would exceed the 4 KB a browser's main thread compiles synchronously), in the TypeScript subset of
 * scripts/wasmKernelCompiler.ts: the same floating-point operations in the same order as the body's JavaScript had them,
 * so the module's results are the same bit for bit (wasm has no fused multiply-add); the tests run these functions as
 * JavaScript against the module's exports.
 *
 * Every kernel reads the body's constants c (J row-major at 0…8, the inertiaZeroTerms of the gyroscopic Jacobian at
 * 9…11, the node's reference Euler parameters at 12…15, the mass at 16, U = −mχ at 17…19, the node's reference
 * position at 20…22) and takes the node's Euler parameter displacements p0…p3 (and rates d0…d3) as arguments (cheaper
 * than through memory in a fresh process's baseline code).
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
 * The COM coupling C = A·skew(U)·G_l (3 × 4 row-major) into w[0…11], formed as couplingMatrix forms it (per column j of
 * G_l: s = skew(U) column j, then A s, A the node's rotation matrix in its form). Internal: the COM kernels share it.
 */
function comCoupling(c: Float64Array, p0: number, p1: number, p2: number, p3: number, w: Float64Array): void {
  const q0 = c[12] + p0, q1 = c[13] + p1, q2 = c[14] + p2, q3 = c[15] + p3;
  const e0 = 2 * q0, e1 = 2 * q1, e2 = 2 * q2, e3 = 2 * q3;
  const x = c[17], y = c[18], z = c[19];
  // the columns of G_l = [−e1 e0 e3 −e2; −e2 −e3 e0 e1; −e3 e2 −e1 e0]
  couplingColumn(q0, q1, q2, q3, -z * -e2 + y * -e3, z * -e1 - x * -e3, -y * -e1 + x * -e2, w, 0);
  couplingColumn(q0, q1, q2, q3, -z * -e3 + y * e2, z * e0 - x * e2, -y * e0 + x * -e3, w, 1);
  couplingColumn(q0, q1, q2, q3, -z * e0 + y * -e1, z * e3 - x * -e1, -y * e3 + x * e0, w, 2);
  couplingColumn(q0, q1, q2, q3, -z * e1 + y * e0, z * -e2 - x * e0, -y * -e2 + x * e1, w, 3);
}

/** Column j of the COM coupling: A s into w[j], w[4 + j], w[8 + j] (A of p = [q0 … q3] in the node's form). */
function couplingColumn(q0: number, q1: number, q2: number, q3: number, s0: number, s1: number, s2: number, w: Float64Array, j: Int): void {
  w[j] = (-2 * q3 * q3 - 2 * q2 * q2 + 1) * s0 + (-2 * q3 * q0 + 2 * q2 * q1) * s1 + (2 * q3 * q1 + 2 * q2 * q0) * s2;
  w[4 + j] = (2 * q3 * q0 + 2 * q2 * q1) * s0 + (-2 * q3 * q3 - 2 * q1 * q1 + 1) * s1 + (2 * q3 * q2 - 2 * q1 * q0) * s2;
  w[8 + j] = (-2 * q2 * q0 + 2 * q3 * q1) * s0 + (2 * q3 * q2 + 2 * q1 * q0) * s1 + (-2 * q2 * q2 - 2 * q1 * q1 + 1) * s2;
}

/**
 * The mass product of a body with COM offset: out[r] = f_r + (M a)_r for the seven rows, M's coupling block C (into
 * w[0…11] by comCoupling), the position rows m·a_r + C_r0·a3 + … + C_r3·a6, the rotation rows
 * C_0i·a0 + C_1i·a1 + C_2i·a2 + M_i3·a3 + … + M_i6·a6 (M_θθ's entries at out[0…15] meanwhile), each summed in that
 * order as massMatrixProduct sums them.
 */
export function eulerParameterComMassProduct(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number,
  a0: number, a1: number, a2: number, a3: number, a4: number, a5: number, a6: number,
  f0: number, f1: number, f2: number, f3: number, f4: number, f5: number, f6: number, out: Float64Array, w: Float64Array,
): void {
  comCoupling(c, p0, p1, p2, p3, w);
  const mass = c[16];
  const r0 = mass * a0 + w[0] * a3 + w[1] * a4 + w[2] * a5 + w[3] * a6;
  const r1 = mass * a1 + w[4] * a3 + w[5] * a4 + w[6] * a5 + w[7] * a6;
  const r2 = mass * a2 + w[8] * a3 + w[9] * a4 + w[10] * a5 + w[11] * a6;
  rotationBlock(c, p0, p1, p2, p3, out, 0, 4);
  const r3 = w[0] * a0 + w[4] * a1 + w[8] * a2 + out[0] * a3 + out[1] * a4 + out[2] * a5 + out[3] * a6;
  const r4 = w[1] * a0 + w[5] * a1 + w[9] * a2 + out[4] * a3 + out[5] * a4 + out[6] * a5 + out[7] * a6;
  const r5 = w[2] * a0 + w[6] * a1 + w[10] * a2 + out[8] * a3 + out[9] * a4 + out[10] * a5 + out[11] * a6;
  const r6 = w[3] * a0 + w[7] * a1 + w[11] * a2 + out[12] * a3 + out[13] * a4 + out[14] * a5 + out[15] * a6;
  out[0] = f0 + r0; out[1] = f1 + r1; out[2] = f2 + r2; out[3] = f3 + r3; out[4] = f4 + r4; out[5] = f5 + r5; out[6] = f6 + r6;
}

/**
 * The mass-proportional load b of a body with COM offset added to the values f of its seven rows:
 * out[r] = f_r + m·b_r (r < 3), out[3 + j] = f_3+j + (C_0j·b0 + C_1j·b1 + C_2j·b2) with C by comCoupling (into w), as
 * massProportionalForce sums them.
 */
export function eulerParameterComMassProportionalForce(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, b0: number, b1: number, b2: number,
  f0: number, f1: number, f2: number, f3: number, f4: number, f5: number, f6: number, out: Float64Array, w: Float64Array,
): void {
  comCoupling(c, p0, p1, p2, p3, w);
  const mass = c[16];
  out[0] = f0 + mass * b0; out[1] = f1 + mass * b1; out[2] = f2 + mass * b2;
  out[3] = f3 + (w[0] * b0 + w[4] * b1 + w[8] * b2);
  out[4] = f4 + (w[1] * b0 + w[5] * b1 + w[9] * b2);
  out[5] = f5 + (w[2] * b0 + w[6] * b1 + w[10] * b2);
  out[6] = f6 + (w[3] * b0 + w[7] * b1 + w[11] * b2);
}
