/**
 * The source of the WebAssembly module of ObjectRigidBody's closed forms on Euler parameters without COM offset (see
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

/**
 * The gyroscopic Jacobian ∂f_θ/∂p into b[0…15] and ∂f_θ/∂ṗ into b[16…31] (4 × 4 row-major each) of f_θ = G_lᵀh,
 * h = ω̄ × Jω̄, ω̄ = G_lṗ: G_l, ω̄ (the sums of the node's angularVelocityLocal), Jω̄, h and S = ω̄̃J − (Jω̄)~ as the
 * general path's gyroscopicState forms them; each column as its addGyroColumn sums it, with ∂G_l/∂p_k's entries (0, ±2,
 * and the zeros' signs of eulerParameters2GLocalInto of a unit vector) as literals. e = 0 there, so each of its rows
 * ends in + J_r0·0 + J_r1·0 + J_r2·0: those three additions of zeros of fixed signs to the row's sum x give the bits of
 * x + (their sum, c[9 + r]) for every x (a sum of zeros is −0 only if every term is), so the kernel adds that one
 * constant.
 */
export function eulerParameterGyroscopicJacobian(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, d0: number, d1: number, d2: number, d3: number, b: Float64Array,
): void {
  const J0 = c[0], J1 = c[1], J2 = c[2], J3 = c[3], J4 = c[4], J5 = c[5], J6 = c[6], J7 = c[7], J8 = c[8];
  const z0 = c[9], z1 = c[10], z2 = c[11];
  const e0 = 2 * (c[12] + p0), e1 = 2 * (c[13] + p1), e2 = 2 * (c[14] + p2), e3 = 2 * (c[15] + p3);
  // G_l = [g00 g01 g02 g03; g10 … ; g20 …]
  const g00 = -e1, g01 = e0, g02 = e3, g03 = -e2, g10 = -e2, g11 = -e3, g12 = e0, g13 = e1, g20 = -e3, g21 = e2, g22 = -e1, g23 = e0;
  const w0 = 0 + g00 * d0 + e0 * d1 + e3 * d2 + g03 * d3;
  const w1 = 0 + g10 * d0 + g11 * d1 + e0 * d2 + e1 * d3;
  const w2 = 0 + g20 * d0 + e2 * d1 + g22 * d2 + e0 * d3;
  const jw0 = J0 * w0 + J1 * w1 + J2 * w2, jw1 = J3 * w0 + J4 * w1 + J5 * w2, jw2 = J6 * w0 + J7 * w1 + J8 * w2;
  const h0 = w1 * jw2 - w2 * jw1, h1 = w2 * jw0 - w0 * jw2, h2 = w0 * jw1 - w1 * jw0;
  // S = ω̄̃J − (Jω̄)~
  const s00 = w1 * J6 - w2 * J3, s01 = w1 * J7 - w2 * J4 + jw2, s02 = w1 * J8 - w2 * J5 - jw1;
  const s10 = w2 * J0 - w0 * J6 - jw2, s11 = w2 * J1 - w0 * J7, s12 = w2 * J2 - w0 * J8 + jw0;
  const s20 = w0 * J3 - w1 * J0 + jw1, s21 = w0 * J4 - w1 * J1 - jw0, s22 = w0 * J5 - w1 * J2;
  // ∂/∂p_k: d = (∂G_l/∂p_k)ṗ, S d (+ J·0), then row m of G_lᵀ(S d) + (∂G_l/∂p_k)ᵀh. ∂G_l/∂p_k's entries times ṗ and
  // times h are the same few products in every column (0·x, −0·x, 2x, −2x), and two sums start alike: each is formed once.
  const nd0 = -0 * d0, md0 = -2 * d0, nd1 = -0 * d1, pd1 = 0 * d1, td1 = 2 * d1, md1 = -2 * d1;
  const pd2 = 0 * d2, nd2 = -0 * d2, td2 = 2 * d2, md2 = -2 * d2, nd3 = -0 * d3, pd3 = 0 * d3, td3 = 2 * d3, md3 = -2 * d3;
  const nd01 = nd0 + nd1, npd01 = nd0 + pd1;
  const nh0 = -0 * h0, ph0 = 0 * h0, th0 = 2 * h0, mh0 = -2 * h0, nh1 = -0 * h1, ph1 = 0 * h1, th1 = 2 * h1, mh1 = -2 * h1;
  const nh2 = -0 * h2, ph2 = 0 * h2, th2 = 2 * h2, mh2 = -2 * h2;
  const nh01 = nh0 + nh1, pnh01 = ph0 + nh1, ph01 = ph0 + ph1, nph01 = nh0 + ph1;
  let dx = nd0 + td1 + pd2 + nd3, dy = nd01 + td2 + pd3, dz = npd01 + nd2 + td3;
  let hx = s00 * dx + s01 * dy + s02 * dz + z0, hy = s10 * dx + s11 * dy + s12 * dz + z1, hz = s20 * dx + s21 * dy + s22 * dz + z2;
  b[0] = g00 * hx + g10 * hy + g20 * hz + (nh01 + nh2);
  b[4] = g01 * hx + g11 * hy + g21 * hz + (th0 + nh1 + ph2);
  b[8] = g02 * hx + g12 * hy + g22 * hz + (ph0 + th1 + nh2);
  b[12] = g03 * hx + g13 * hy + g23 * hz + (nph01 + th2);
  dx = md0 + pd1 + pd2 + nd3; dy = nd01 + pd2 + td3; dz = npd01 + md2 + pd3;
  hx = s00 * dx + s01 * dy + s02 * dz + z0; hy = s10 * dx + s11 * dy + s12 * dz + z1; hz = s20 * dx + s21 * dy + s22 * dz + z2;
  b[1] = g00 * hx + g10 * hy + g20 * hz + (mh0 + nh1 + nh2);
  b[5] = g01 * hx + g11 * hy + g21 * hz + (pnh01 + ph2);
  b[9] = g02 * hx + g12 * hy + g22 * hz + (ph01 + mh2);
  b[13] = g03 * hx + g13 * hy + g23 * hz + (nh0 + th1 + ph2);
  dx = npd01 + pd2 + md3; dy = md0 + nd1 + pd2 + pd3; dz = nd0 + td1 + nd2 + pd3;
  hx = s00 * dx + s01 * dy + s02 * dz + z0; hy = s10 * dx + s11 * dy + s12 * dz + z1; hz = s20 * dx + s21 * dy + s22 * dz + z2;
  b[2] = g00 * hx + g10 * hy + g20 * hz + (nh0 + mh1 + nh2);
  b[6] = g01 * hx + g11 * hy + g21 * hz + (pnh01 + th2);
  b[10] = g02 * hx + g12 * hy + g22 * hz + (ph01 + nh2);
  b[14] = g03 * hx + g13 * hy + g23 * hz + (mh0 + ph1 + ph2);
  dx = npd01 + td2 + nd3; dy = nd0 + md1 + pd2 + pd3; dz = md0 + pd1 + nd2 + pd3;
  hx = s00 * dx + s01 * dy + s02 * dz + z0; hy = s10 * dx + s11 * dy + s12 * dz + z1; hz = s20 * dx + s21 * dy + s22 * dz + z2;
  b[3] = g00 * hx + g10 * hy + g20 * hz + (nh01 + mh2);
  b[7] = g01 * hx + g11 * hy + g21 * hz + (ph0 + mh1 + ph2);
  b[11] = g02 * hx + g12 * hy + g22 * hz + (th0 + ph1 + nh2);
  b[15] = g03 * hx + g13 * hy + g23 * hz + (nph01 + ph2);
  // ∂/∂ṗ_m: d = column m of G_l, S d (+ J·0), then row n of G_lᵀ(S d)
  hx = s00 * g00 + s01 * g10 + s02 * g20 + z0; hy = s10 * g00 + s11 * g10 + s12 * g20 + z1; hz = s20 * g00 + s21 * g10 + s22 * g20 + z2;
  b[16] = g00 * hx + g10 * hy + g20 * hz; b[20] = g01 * hx + g11 * hy + g21 * hz; b[24] = g02 * hx + g12 * hy + g22 * hz; b[28] = g03 * hx + g13 * hy + g23 * hz;
  hx = s00 * g01 + s01 * g11 + s02 * g21 + z0; hy = s10 * g01 + s11 * g11 + s12 * g21 + z1; hz = s20 * g01 + s21 * g11 + s22 * g21 + z2;
  b[17] = g00 * hx + g10 * hy + g20 * hz; b[21] = g01 * hx + g11 * hy + g21 * hz; b[25] = g02 * hx + g12 * hy + g22 * hz; b[29] = g03 * hx + g13 * hy + g23 * hz;
  hx = s00 * g02 + s01 * g12 + s02 * g22 + z0; hy = s10 * g02 + s11 * g12 + s12 * g22 + z1; hz = s20 * g02 + s21 * g12 + s22 * g22 + z2;
  b[18] = g00 * hx + g10 * hy + g20 * hz; b[22] = g01 * hx + g11 * hy + g21 * hz; b[26] = g02 * hx + g12 * hy + g22 * hz; b[30] = g03 * hx + g13 * hy + g23 * hz;
  hx = s00 * g03 + s01 * g13 + s02 * g23 + z0; hy = s10 * g03 + s11 * g13 + s12 * g23 + z1; hz = s20 * g03 + s21 * g13 + s22 * g23 + z2;
  b[19] = g00 * hx + g10 * hy + g20 * hz; b[23] = g01 * hx + g11 * hy + g21 * hz; b[27] = g02 * hx + g12 * hy + g22 * hz; b[31] = g03 * hx + g13 * hy + g23 * hz;
}

/**
 * The body's 7 × 7 mass matrix into m (row-major): 0 + m on the diagonal of the position block, the rotation block
 * 0 + row i of G_lᵀJ times column j of G_l (in Exudyn's order: G_lᵀJ first); its other entries are never written (the
 * zeros the caller's block starts with).
 */
export function eulerParameterMassMatrix(c: Float64Array, p0: number, p1: number, p2: number, p3: number, m: Float64Array): void {
  const mass = c[16];
  m[0] = 0 + mass; m[8] = 0 + mass; m[16] = 0 + mass;
  const e0 = 2 * (c[12] + p0), e1 = 2 * (c[13] + p1), e2 = 2 * (c[14] + p2), e3 = 2 * (c[15] + p3);
  const g00 = -e1, g01 = e0, g02 = e3, g03 = -e2, g10 = -e2, g11 = -e3, g12 = e0, g13 = e1;
  const g20 = -e3, g21 = e2, g22 = -e1, g23 = e0;
  const J0 = c[0], J1 = c[1], J2 = c[2], J3 = c[3], J4 = c[4], J5 = c[5], J6 = c[6], J7 = c[7], J8 = c[8];
  const k00 = g00 * J0 + g10 * J3 + g20 * J6, k01 = g00 * J1 + g10 * J4 + g20 * J7, k02 = g00 * J2 + g10 * J5 + g20 * J8;
  const k10 = g01 * J0 + g11 * J3 + g21 * J6, k11 = g01 * J1 + g11 * J4 + g21 * J7, k12 = g01 * J2 + g11 * J5 + g21 * J8;
  const k20 = g02 * J0 + g12 * J3 + g22 * J6, k21 = g02 * J1 + g12 * J4 + g22 * J7, k22 = g02 * J2 + g12 * J5 + g22 * J8;
  const k30 = g03 * J0 + g13 * J3 + g23 * J6, k31 = g03 * J1 + g13 * J4 + g23 * J7, k32 = g03 * J2 + g13 * J5 + g23 * J8;
  m[24] = 0 + (k00 * g00 + k01 * g10 + k02 * g20); m[25] = 0 + (k00 * g01 + k01 * g11 + k02 * g21);
  m[26] = 0 + (k00 * g02 + k01 * g12 + k02 * g22); m[27] = 0 + (k00 * g03 + k01 * g13 + k02 * g23);
  m[31] = 0 + (k10 * g00 + k11 * g10 + k12 * g20); m[32] = 0 + (k10 * g01 + k11 * g11 + k12 * g21);
  m[33] = 0 + (k10 * g02 + k11 * g12 + k12 * g22); m[34] = 0 + (k10 * g03 + k11 * g13 + k12 * g23);
  m[38] = 0 + (k20 * g00 + k21 * g10 + k22 * g20); m[39] = 0 + (k20 * g01 + k21 * g11 + k22 * g21);
  m[40] = 0 + (k20 * g02 + k21 * g12 + k22 * g22); m[41] = 0 + (k20 * g03 + k21 * g13 + k22 * g23);
  m[45] = 0 + (k30 * g00 + k31 * g10 + k32 * g20); m[46] = 0 + (k30 * g01 + k31 * g11 + k32 * g21);
  m[47] = 0 + (k30 * g02 + k31 * g12 + k32 * g22); m[48] = 0 + (k30 * g03 + k31 * g13 + k32 * g23);
}

/**
 * The rotation rows of the mass product: out[r] = f_r + (0 + M_r3·a3 + M_r4·a4 + M_r5·a5 + M_r6·a6) for r = 0…3 (f: the
 * rows' values before), M's entries as eulerParameterMassMatrix forms them, each row's sum from 0 over the columns in
 * order.
 */
export function eulerParameterMassProduct(
  c: Float64Array, p0: number, p1: number, p2: number, p3: number, a3: number, a4: number, a5: number, a6: number,
  f0: number, f1: number, f2: number, f3: number, out: Float64Array,
): void {
  const e0 = 2 * (c[12] + p0), e1 = 2 * (c[13] + p1), e2 = 2 * (c[14] + p2), e3 = 2 * (c[15] + p3);
  const g00 = -e1, g01 = e0, g02 = e3, g03 = -e2, g10 = -e2, g11 = -e3, g12 = e0, g13 = e1;
  const g20 = -e3, g21 = e2, g22 = -e1, g23 = e0;
  const J0 = c[0], J1 = c[1], J2 = c[2], J3 = c[3], J4 = c[4], J5 = c[5], J6 = c[6], J7 = c[7], J8 = c[8];
  // row i of G_lᵀJ (k_i), then row i of M_θθ = (G_lᵀJ) G_l times the accelerations
  const k00 = g00 * J0 + g10 * J3 + g20 * J6, k01 = g00 * J1 + g10 * J4 + g20 * J7, k02 = g00 * J2 + g10 * J5 + g20 * J8;
  const k10 = g01 * J0 + g11 * J3 + g21 * J6, k11 = g01 * J1 + g11 * J4 + g21 * J7, k12 = g01 * J2 + g11 * J5 + g21 * J8;
  const k20 = g02 * J0 + g12 * J3 + g22 * J6, k21 = g02 * J1 + g12 * J4 + g22 * J7, k22 = g02 * J2 + g12 * J5 + g22 * J8;
  const k30 = g03 * J0 + g13 * J3 + g23 * J6, k31 = g03 * J1 + g13 * J4 + g23 * J7, k32 = g03 * J2 + g13 * J5 + g23 * J8;
  out[0] = f0 + (0 + (k00 * g00 + k01 * g10 + k02 * g20) * a3 + (k00 * g01 + k01 * g11 + k02 * g21) * a4
      + (k00 * g02 + k01 * g12 + k02 * g22) * a5 + (k00 * g03 + k01 * g13 + k02 * g23) * a6);
  out[1] = f1 + (0 + (k10 * g00 + k11 * g10 + k12 * g20) * a3 + (k10 * g01 + k11 * g11 + k12 * g21) * a4
      + (k10 * g02 + k11 * g12 + k12 * g22) * a5 + (k10 * g03 + k11 * g13 + k12 * g23) * a6);
  out[2] = f2 + (0 + (k20 * g00 + k21 * g10 + k22 * g20) * a3 + (k20 * g01 + k21 * g11 + k22 * g21) * a4
      + (k20 * g02 + k21 * g12 + k22 * g22) * a5 + (k20 * g03 + k21 * g13 + k22 * g23) * a6);
  out[3] = f3 + (0 + (k30 * g00 + k31 * g10 + k32 * g20) * a3 + (k30 * g01 + k31 * g11 + k32 * g21) * a4
      + (k30 * g02 + k31 * g12 + k32 * g22) * a5 + (k30 * g03 + k31 * g13 + k32 * g23) * a6);
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
