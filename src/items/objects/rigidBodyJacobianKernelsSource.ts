/**
 * The source of the WebAssembly module of ObjectRigidBody's gyroscopic Jacobian on Euler parameters without COM offset
 * (see rigidBodyKernels.ts; the mass kernels are rigidBodyKernelsSource.ts, whose constants this kernel
 * reads), in the TypeScript subset of scripts/wasmKernelCompiler.ts: the same floating-point operations in the same
 * order as the body's JavaScript had them, so the module's results are the same bit for bit; the tests run this
 * function as JavaScript against the module's export.
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
