/**
 * The source of the WebAssembly module of ObjectRigidBody's quadratic velocity terms and their Jacobian on Tait–Bryan
 * angles (NodeRigidBodyRxyz) without COM offset (see rigidBodyTaitBryanKernels.ts), in the TypeScript subset of scripts/wasmKernelCompiler.ts: the
 * operations of the body's former JavaScript closed form, in the same order, so the module's results are the same bit
 * for bit; the tests run this function as JavaScript against the module's export.
 * @module
 */

/**
 * The gyroscopic Jacobian ∂f_θ/∂θ into b[0…8] and ∂f_θ/∂θ̇ into b[9…17] (3 × 3 row-major each) of f_θ = G_lᵀh,
 * h = ω̄ × Jω̄ + J(Ġ_lθ̇), ω̄ = G_lθ̇, for J at c[0…8] (row-major), c1 = cos θ1, s1 = sin θ1, c2 = cos θ2, s2 = sin θ2
 * (θ = θ_ref + q) and the rates r0…r2: G_l as rotXYZCosSin2GLocalInto writes it, ω̄ as bodyGyroscopicForce sums it,
 * h and S = ω̄̃J − (Jω̄)~ as gyroscopicState forms them, each column as addGyroColumn sums it, with ∂G_l/∂θ_k's zero
 * entries as literals; the three (∂G_l/∂θ_k)ᵀh rows whose ∂G_l column is zero add the same 0·h0 + 0·h1 + 0·h2, formed
 * once. The products with G_l's and ∂G_l's entries 0 and 1 stay on purpose: they give the general path's bits also
 * where a term is ±0 or not finite.
 */
export function taitBryanGyroscopicJacobian(
  c: Float64Array, c1: number, s1: number, c2: number, s2: number, r0: number, r1: number, r2: number, b: Float64Array,
): void {
  const J0 = c[0], J1 = c[1], J2 = c[2], J3 = c[3], J4 = c[4], J5 = c[5], J6 = c[6], J7 = c[7], J8 = c[8];
  // G_l = [g00 g01 0; g10 g11 0; g20 0 1]
  const g00 = c1 * c2, g01 = s2, g10 = -c1 * s2, g11 = c2, g20 = s1;
  const zeroR1 = 0 * r1, zeroR2 = 0 * r2;
  const w0 = 0 + g00 * r0 + g01 * r1 + zeroR2, w1 = 0 + g10 * r0 + g11 * r1 + zeroR2, w2 = 0 + g20 * r0 + zeroR1 + 1 * r2;
  const jw0 = J0 * w0 + J1 * w1 + J2 * w2, jw1 = J3 * w0 + J4 * w1 + J5 * w2, jw2 = J6 * w0 + J7 * w1 + J8 * w2;
  // products that several of the entries below share, each formed once (the same operations: a·b·c is (a·b)·c)
  const negR2C1 = -r2 * c1, r2c2 = r2 * c2, r2s2 = r2 * s2, r1c2 = r1 * c2, r1s2 = r1 * s2, r1c2s1 = r1c2 * s1, r1s2s1 = r1s2 * s1;
  const r2c2r1 = r2c2 * r1, c1r0 = c1 * r0;
  // ∂(Ġ_lθ̇)/∂θ̇'s first column is Ġ_l's: [e00; e10; e20]
  const e00 = negR2C1 * s2 - r1c2s1, e10 = r1s2s1 - r2c2 * c1, e20 = r1 * c1;
  // Ġ_lθ̇ (rotXYZCosSin2GLocal_tInto's entries times θ̇)
  const a0 = e00 * r0 + r2c2r1 + zeroR2;
  const a1 = e10 * r0 + -r2 * s2 * r1 + zeroR2;
  const a2 = e20 * r0 + zeroR1 + zeroR2;
  const h0 = w1 * jw2 - w2 * jw1 + (J0 * a0 + J1 * a1 + J2 * a2);
  const h1 = w2 * jw0 - w0 * jw2 + (J3 * a0 + J4 * a1 + J5 * a2);
  const h2 = w0 * jw1 - w1 * jw0 + (J6 * a0 + J7 * a1 + J8 * a2);
  // S = ω̄̃J − (Jω̄)~
  const s00 = w1 * J6 - w2 * J3, s01 = w1 * J7 - w2 * J4 + jw2, s02 = w1 * J8 - w2 * J5 - jw1;
  const s10 = w2 * J0 - w0 * J6 - jw2, s11 = w2 * J1 - w0 * J7, s12 = w2 * J2 - w0 * J8 + jw0;
  const s20 = w0 * J3 - w1 * J0 + jw1, s21 = w0 * J4 - w1 * J1 - jw0, s22 = w0 * J5 - w1 * J2;
  // the products with the zero entries of ∂G_l/∂θ2, ∂(Ġ_lθ̇)/∂θ2 and the columns of G_l and ∂(Ġ_lθ̇)/∂θ̇ below
  const zeroS02 = s02 * 0, zeroS12 = s12 * 0, zeroS22 = s22 * 0, zeroJ2 = J2 * 0, zeroJ5 = J5 * 0, zeroJ8 = J8 * 0, zeroH2 = 0 * h2;
  const zeroColumn = 0 * h0 + 0 * h1 + zeroH2;
  // ∂/∂θ0: G_l and Ġ_lθ̇ do not depend on it
  b[0] = 0; b[3] = 0; b[6] = 0;
  // ∂/∂θ1: ∂G_l/∂θ1 = [p0 0 0; p1 0 0; p2 0 0], d = (∂G_l/∂θ1)θ̇, e = ∂(Ġ_lθ̇)/∂θ1
  let p0 = -s1 * c2, p1 = s1 * s2;
  const p2 = c1;
  let dx = p0 * r0, dy = p1 * r0;
  const dz = c1r0;
  let ex = (r2 * s1 * s2 - r1c2 * c1) * r0, ey = (r1s2 * c1 + r2c2 * s1) * r0;
  const ez = -r1 * s1 * r0;
  let hx = s00 * dx + s01 * dy + s02 * dz + J0 * ex + J1 * ey + J2 * ez;
  let hy = s10 * dx + s11 * dy + s12 * dz + J3 * ex + J4 * ey + J5 * ez;
  let hz = s20 * dx + s21 * dy + s22 * dz + J6 * ex + J7 * ey + J8 * ez;
  b[1] = g00 * hx + g10 * hy + g20 * hz + (p0 * h0 + p1 * h1 + p2 * h2);
  b[4] = g01 * hx + g11 * hy + 0 * hz + zeroColumn;
  b[7] = 0 * hx + 0 * hy + 1 * hz + zeroColumn;
  // ∂/∂θ2: ∂G_l/∂θ2 = [p0 p3 0; p1 p4 0; 0 0 0] with p0 = g10; d = (∂G_l/∂θ2)θ̇ is also ∂(Ġ_lθ̇)/∂θ̇'s e02; d_z = e_z = 0
  p0 = g10; p1 = -c1 * c2;
  const p3 = c2, p4 = -s2;
  dx = p0 * r0 + p3 * r1; dy = p1 * r0 + p4 * r1;
  ex = (negR2C1 * c2 + r1s2s1) * r0 - r2s2 * r1; ey = (r1c2s1 + r2s2 * c1) * r0 - r2c2r1;
  hx = s00 * dx + s01 * dy + zeroS02 + J0 * ex + J1 * ey + zeroJ2;
  hy = s10 * dx + s11 * dy + zeroS12 + J3 * ex + J4 * ey + zeroJ5;
  hz = s20 * dx + s21 * dy + zeroS22 + J6 * ex + J7 * ey + zeroJ8;
  b[2] = g00 * hx + g10 * hy + g20 * hz + (p0 * h0 + p1 * h1 + zeroH2);
  b[5] = g01 * hx + g11 * hy + 0 * hz + (p3 * h0 + p4 * h1 + zeroH2);
  b[8] = 0 * hx + 0 * hy + 1 * hz + zeroColumn;
  // ∂/∂θ̇_m: d = column m of G_l, e = column m of ∂(Ġ_lθ̇)/∂θ̇ = [e00 e01 e02; e10 e11 e12; e20 e21 0]
  const e01 = -c2 * s1 * r0 + r2c2, e02 = dx;
  const e11 = s2 * s1 * r0 - r2s2, e12 = -c2 * c1 * r0 - s2 * r1;
  const e21 = c1r0;
  hx = s00 * g00 + s01 * g10 + s02 * g20 + J0 * e00 + J1 * e10 + J2 * e20;
  hy = s10 * g00 + s11 * g10 + s12 * g20 + J3 * e00 + J4 * e10 + J5 * e20;
  hz = s20 * g00 + s21 * g10 + s22 * g20 + J6 * e00 + J7 * e10 + J8 * e20;
  b[9] = g00 * hx + g10 * hy + g20 * hz; b[12] = g01 * hx + g11 * hy + 0 * hz; b[15] = 0 * hx + 0 * hy + 1 * hz;
  hx = s00 * g01 + s01 * g11 + zeroS02 + J0 * e01 + J1 * e11 + J2 * e21;
  hy = s10 * g01 + s11 * g11 + zeroS12 + J3 * e01 + J4 * e11 + J5 * e21;
  hz = s20 * g01 + s21 * g11 + zeroS22 + J6 * e01 + J7 * e11 + J8 * e21;
  b[10] = g00 * hx + g10 * hy + g20 * hz; b[13] = g01 * hx + g11 * hy + 0 * hz; b[16] = 0 * hx + 0 * hy + 1 * hz;
  hx = s00 * 0 + s01 * 0 + s02 * 1 + J0 * e02 + J1 * e12 + zeroJ2;
  hy = s10 * 0 + s11 * 0 + s12 * 1 + J3 * e02 + J4 * e12 + zeroJ5;
  hz = s20 * 0 + s21 * 0 + s22 * 1 + J6 * e02 + J7 * e12 + zeroJ8;
  b[11] = g00 * hx + g10 * hy + g20 * hz; b[14] = g01 * hx + g11 * hy + 0 * hz; b[17] = 0 * hx + 0 * hy + 1 * hz;
}

/**
 * The quadratic velocity terms f_θ += G_lᵀh + G_lᵀJ(Ġ_lθ̇), h = ω̄ × Jω̄, added to the rotation rows' values f3…f5 into
 * out[0…2] (J, c1, s1, c2, s2 and r0…r2 as for taitBryanGyroscopicJacobian): ω̄ as bodyGyroscopicForce sums it,
 * Ġ_lθ̇ as gLocalDotRates forms it, G_l's entries 0 and 1 as literals (their products stay: the general path's bits
 * also where a term is ±0 or not finite).
 */
export function taitBryanGyroscopicLhs(
  c: Float64Array, c1: number, s1: number, c2: number, s2: number, r0: number, r1: number, r2: number,
  f3: number, f4: number, f5: number, out: Float64Array,
): void {
  const J0 = c[0], J1 = c[1], J2 = c[2], J3 = c[3], J4 = c[4], J5 = c[5], J6 = c[6], J7 = c[7], J8 = c[8];
  // G_l = [g00 g01 0; g10 g11 0; g20 0 1]
  const g00 = c1 * c2, g01 = s2, g10 = -c1 * s2, g11 = c2, g20 = s1;
  const zeroR2 = 0 * r2;
  const w0 = 0 + g00 * r0 + g01 * r1 + zeroR2, w1 = 0 + g10 * r0 + g11 * r1 + zeroR2, w2 = 0 + g20 * r0 + 0 * r1 + 1 * r2;
  const jw0 = J0 * w0 + J1 * w1 + J2 * w2, jw1 = J3 * w0 + J4 * w1 + J5 * w2, jw2 = J6 * w0 + J7 * w1 + J8 * w2;
  const h0 = w1 * jw2 - w2 * jw1, h1 = w2 * jw0 - w0 * jw2, h2 = w0 * jw1 - w1 * jw0;
  // Ġ_lθ̇ (rotXYZCosSin2GLocal_tInto's entries times θ̇)
  const a0 = (-r2 * c1 * s2 - r1 * c2 * s1) * r0 + r2 * c2 * r1 + zeroR2;
  const a1 = (r1 * s2 * s1 - r2 * c2 * c1) * r0 + -r2 * s2 * r1 + zeroR2;
  const a2 = r1 * c1 * r0 + 0 * r1 + zeroR2;
  const ja0 = J0 * a0 + J1 * a1 + J2 * a2, ja1 = J3 * a0 + J4 * a1 + J5 * a2, ja2 = J6 * a0 + J7 * a1 + J8 * a2;
  out[0] = f3 + (g00 * h0 + g10 * h1 + g20 * h2 + (g00 * ja0 + g10 * ja1 + g20 * ja2));
  out[1] = f4 + (g01 * h0 + g11 * h1 + 0 * h2 + (g01 * ja0 + g11 * ja1 + 0 * ja2));
  out[2] = f5 + (0 * h0 + 0 * h1 + 1 * h2 + (0 * ja0 + 0 * ja1 + 1 * ja2));
}
