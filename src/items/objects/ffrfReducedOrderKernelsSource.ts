/**
 * The loops of ObjectFFRFreducedOrder's mass matrix and left-hand side (the FFRF terms) in the subset of
 * scripts/wasmKernelCompiler.ts: compiled into a WebAssembly module (ffrfReducedOrderKernelsModule.ts) that the body
 * runs on a memory of its own holding its constant modal matrices (ffrfReducedOrderKernels.ts); run as JavaScript, the
 * reference the module matches bit for bit (test/items/ffrfReducedOrderKernels.test.ts).
 *
 * Notation of ObjectFFRFreducedOrder.ts: n_m modes ζ, n_r rotation coordinates of the reference node, A its rotation
 * matrix, G_l (3 × n_r) its local G matrix, ω̄ = G_l θ̇, all matrices row-major.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * C = m χ̃_u + M_ΦtΨ̃ (ζ⊗I), Θ_ζ = Θ_u + (S + Sᵀ) + (ζ⊗I)ᵀ Y with S = M_x̃Ψ̃ (ζ⊗I) and Y = M_Ψ̃Ψ̃ (ζ⊗I) (3n_m × 3), and
 * R = M_x̃Ψ + (ζ⊗I)ᵀ M_Ψ̃Ψ (3 × n_m) at the modes zeta, unless zeta equals cached (the ζ of the last blocks; NaN before
 * the first), which then becomes zeta. Every entry starts from its first term and adds ζ_j·(…) in increasing j over
 * the modes with ζ_j ≠ 0; several entries are summed side by side per pass (independent sums the processor overlaps).
 */
export function zetaBlocks(nm: Int, zeta: Float64Array, cached: Float64Array, mass: number, chi: Float64Array, theta: Float64Array,
  mPhiPsiT: Float64Array, mXPsiT: Float64Array, mPsiTPsiT: Float64Array, mXPsi: Float64Array, mPsiTPsi: Float64Array,
  c: Float64Array, s9: Float64Array, y: Float64Array, thetaZ: Float64Array, r: Float64Array): void {
  let changed: Int = 0;
  for (let j: Int = 0; j < nm; j++) {
    if (cached[j] !== zeta[j]) changed = 1;
  }
  if (changed === 0) return;
  for (let j: Int = 0; j < nm; j++) cached[j] = zeta[j];
  const n3: Int = 3 * nm;
  c[0] = 0; c[1] = -mass * chi[2]; c[2] = mass * chi[1];
  c[3] = mass * chi[2]; c[4] = 0; c[5] = -mass * chi[0];
  c[6] = -mass * chi[1]; c[7] = mass * chi[0]; c[8] = 0;
  // C += M_ΦtΨ̃ (ζ⊗I) and S = M_x̃Ψ̃ (ζ⊗I), row i of both per pass
  for (let i: Int = 0; i < 3; i++) {
    const o: Int = i * n3, e: Int = 3 * i;
    let c0 = c[e], c1 = c[e + 1], c2 = c[e + 2], s0 = 0, s1 = 0, s2 = 0;
    for (let j: Int = 0; j < nm; j++) {
      const z = zeta[j];
      if (z !== 0) {
        const p: Int = o + 3 * j;
        c0 += z * mPhiPsiT[p]; c1 += z * mPhiPsiT[p + 1]; c2 += z * mPhiPsiT[p + 2];
        s0 += z * mXPsiT[p]; s1 += z * mXPsiT[p + 1]; s2 += z * mXPsiT[p + 2];
      }
    }
    c[e] = c0; c[e + 1] = c1; c[e + 2] = c2;
    s9[e] = s0; s9[e + 1] = s1; s9[e + 2] = s2;
  }
  // Y = M_Ψ̃Ψ̃ (ζ⊗I), two rows per pass
  let row: Int = 0;
  for (row = 0; row + 1 < n3; row += 2) {
    const o: Int = row * n3, o2: Int = o + n3;
    let y0 = 0, y1 = 0, y2 = 0, x0 = 0, x1 = 0, x2 = 0;
    for (let j: Int = 0; j < nm; j++) {
      const z = zeta[j];
      if (z !== 0) {
        const p: Int = o + 3 * j, p2: Int = o2 + 3 * j;
        y0 += z * mPsiTPsiT[p]; y1 += z * mPsiTPsiT[p + 1]; y2 += z * mPsiTPsiT[p + 2];
        x0 += z * mPsiTPsiT[p2]; x1 += z * mPsiTPsiT[p2 + 1]; x2 += z * mPsiTPsiT[p2 + 2];
      }
    }
    const e: Int = 3 * row;
    y[e] = y0; y[e + 1] = y1; y[e + 2] = y2; y[e + 3] = x0; y[e + 4] = x1; y[e + 5] = x2;
  }
  if (row < n3) {
    const o: Int = row * n3;
    let y0 = 0, y1 = 0, y2 = 0;
    for (let j: Int = 0; j < nm; j++) {
      const z = zeta[j];
      if (z !== 0) {
        const p: Int = o + 3 * j;
        y0 += z * mPsiTPsiT[p]; y1 += z * mPsiTPsiT[p + 1]; y2 += z * mPsiTPsiT[p + 2];
      }
    }
    const e: Int = 3 * row;
    y[e] = y0; y[e + 1] = y1; y[e + 2] = y2;
  }
  // Θ_ζ = Θ_u + (S + Sᵀ) + Q, Q_ik = Σ_j ζ_j Y_(3j+i),k
  let t0 = theta[0] + (s9[0] + s9[0]), t1 = theta[1] + (s9[1] + s9[3]), t2 = theta[2] + (s9[2] + s9[6]);
  let t3 = theta[3] + (s9[3] + s9[1]), t4 = theta[4] + (s9[4] + s9[4]), t5 = theta[5] + (s9[5] + s9[7]);
  let t6 = theta[6] + (s9[6] + s9[2]), t7 = theta[7] + (s9[7] + s9[5]), t8 = theta[8] + (s9[8] + s9[8]);
  for (let j: Int = 0; j < nm; j++) {
    const z = zeta[j];
    if (z !== 0) {
      const p: Int = 9 * j;
      t0 += z * y[p]; t1 += z * y[p + 1]; t2 += z * y[p + 2];
      t3 += z * y[p + 3]; t4 += z * y[p + 4]; t5 += z * y[p + 5];
      t6 += z * y[p + 6]; t7 += z * y[p + 7]; t8 += z * y[p + 8];
    }
  }
  thetaZ[0] = t0; thetaZ[1] = t1; thetaZ[2] = t2; thetaZ[3] = t3; thetaZ[4] = t4;
  thetaZ[5] = t5; thetaZ[6] = t6; thetaZ[7] = t7; thetaZ[8] = t8;
  // R = M_x̃Ψ + (ζ⊗I)ᵀ M_Ψ̃Ψ, two entries per pass
  for (let i: Int = 0; i < 3; i++) {
    const ro: Int = i * nm;
    let k: Int = 0;
    for (k = 0; k + 1 < nm; k += 2) {
      let r0 = mXPsi[ro + k], r1 = mXPsi[ro + k + 1];
      for (let j: Int = 0; j < nm; j++) {
        const z = zeta[j];
        if (z !== 0) {
          const p: Int = 3 * j * nm + ro + k;
          r0 += z * mPsiTPsi[p]; r1 += z * mPsiTPsi[p + 1];
        }
      }
      r[ro + k] = r0; r[ro + k + 1] = r1;
    }
    if (k < nm) {
      let r0 = mXPsi[ro + k];
      for (let j: Int = 0; j < nm; j++) {
        const z = zeta[j];
        if (z !== 0) r0 += z * mPsiTPsi[3 * j * nm + ro + k];
      }
      r[ro + k] = r0;
    }
  }
}

/**
 * Adds K_red ζ + D_red ζ̇ − f_v (the quadratic velocity vector) to f (n_local = 3 + n_r + n_m entries) with the blocks
 * C, Θ_ζ, Y, R of {@link zetaBlocks} at zeta. hasK, hasD: 1 if K_red, D_red are given (else 0: the term is absent).
 * rates: θ̇ (n_r); a: A; gl: G_l; gDot: Ġ_l θ̇; v1 (3n_m), h (3n_m), psiV (n_m): work arrays.
 */
export function ffrfLhs(nm: Int, nr: Int, hasK: Int, hasD: Int, zeta: Float64Array, zetaDot: Float64Array, rates: Float64Array,
  kRed: Float64Array, dRed: Float64Array, a: Float64Array, gl: Float64Array, gDot: Float64Array, c: Float64Array,
  thetaZ: Float64Array, y: Float64Array, r: Float64Array, mPhiPsiT: Float64Array, mXPsiT: Float64Array,
  mPsiTPsi: Float64Array, v1: Float64Array, h: Float64Array, psiV: Float64Array, f: Float64Array): void {
  const of: Int = 3 + nr, n3: Int = 3 * nm;
  // ω̄ = G_l θ̇
  let w0 = 0, w1 = 0, w2 = 0;
  for (let j: Int = 0; j < nr; j++) w0 += gl[j] * rates[j];
  for (let j: Int = 0; j < nr; j++) w1 += gl[nr + j] * rates[j];
  for (let j: Int = 0; j < nr; j++) w2 += gl[2 * nr + j] * rates[j];
  // K_red ζ + D_red ζ̇, each entry summed over the row of K_red, then of D_red; two rows per pass
  let i: Int = 0;
  for (i = 0; i + 1 < nm; i += 2) {
    let sum0 = 0, sum1 = 0;
    const o0: Int = i * nm, o1: Int = o0 + nm;
    if (hasK !== 0) {
      for (let j: Int = 0; j < nm; j++) {
        const z = zeta[j];
        sum0 += kRed[o0 + j] * z; sum1 += kRed[o1 + j] * z;
      }
    }
    if (hasD !== 0) {
      for (let j: Int = 0; j < nm; j++) {
        const zt = zetaDot[j];
        sum0 += dRed[o0 + j] * zt; sum1 += dRed[o1 + j] * zt;
      }
    }
    f[of + i] += sum0;
    f[of + i + 1] += sum1;
  }
  if (i < nm) {
    let sum = 0;
    if (hasK !== 0) for (let j: Int = 0; j < nm; j++) sum += kRed[i * nm + j] * zeta[j];
    if (hasD !== 0) for (let j: Int = 0; j < nm; j++) sum += dRed[i * nm + j] * zetaDot[j];
    f[of + i] += sum;
  }
  // v1 = (ζ̇⊗I) ω̄
  for (let j: Int = 0; j < nm; j++) {
    const zt = zetaDot[j];
    v1[3 * j] = zt * w0; v1[3 * j + 1] = zt * w1; v1[3 * j + 2] = zt * w2;
  }
  const g0 = gDot[0], g1 = gDot[1], g2 = gDot[2];
  // f_vt = A [ ω̃ (C ω̄) + 2 M_ΦtΨ̃ v1 + C Ġ_lθ̇ ]
  let x0 = c[0] * w0 + c[1] * w1 + c[2] * w2, x1 = c[3] * w0 + c[4] * w1 + c[5] * w2, x2 = c[6] * w0 + c[7] * w1 + c[8] * w2;
  let f0 = w1 * x2 - w2 * x1, f1 = w2 * x0 - w0 * x2, f2 = w0 * x1 - w1 * x0;
  let p0 = 0, p1 = 0, p2 = 0;
  for (let k: Int = 0; k < n3; k++) {
    const v = v1[k];
    p0 += mPhiPsiT[k] * v; p1 += mPhiPsiT[n3 + k] * v; p2 += mPhiPsiT[2 * n3 + k] * v;
  }
  x0 = c[0] * g0 + c[1] * g1 + c[2] * g2; x1 = c[3] * g0 + c[4] * g1 + c[5] * g2; x2 = c[6] * g0 + c[7] * g1 + c[8] * g2;
  f0 += 2 * p0 + x0; f1 += 2 * p1 + x1; f2 += 2 * p2 + x2;
  f[0] -= a[0] * f0 + a[1] * f1 + a[2] * f2;
  f[1] -= a[3] * f0 + a[4] * f1 + a[5] * f2;
  f[2] -= a[6] * f0 + a[7] * f1 + a[8] * f2;
  // f_vr = −G_lᵀ [ ω̃ Θ_ζ ω̄ + 2 (M_x̃Ψ̃ v1 + (ζ⊗I)ᵀ M_Ψ̃Ψ̃ v1) + Θ_ζ Ġ_lθ̇ ], (ζ⊗I)ᵀ M_Ψ̃Ψ̃ v1 = Yᵀ v1 (M_Ψ̃Ψ̃ symmetric)
  x0 = thetaZ[0] * w0 + thetaZ[1] * w1 + thetaZ[2] * w2; x1 = thetaZ[3] * w0 + thetaZ[4] * w1 + thetaZ[5] * w2; x2 = thetaZ[6] * w0 + thetaZ[7] * w1 + thetaZ[8] * w2;
  f0 = w1 * x2 - w2 * x1; f1 = w2 * x0 - w0 * x2; f2 = w0 * x1 - w1 * x0;
  p0 = 0; p1 = 0; p2 = 0;
  for (let k: Int = 0; k < n3; k++) {
    const v = v1[k];
    p0 += mXPsiT[k] * v; p1 += mXPsiT[n3 + k] * v; p2 += mXPsiT[2 * n3 + k] * v;
  }
  f0 += 2 * p0; f1 += 2 * p1; f2 += 2 * p2;
  for (let k: Int = 0; k < n3; k++) {
    const v = 2 * v1[k];
    f0 += y[3 * k] * v; f1 += y[3 * k + 1] * v; f2 += y[3 * k + 2] * v;
  }
  x0 = thetaZ[0] * g0 + thetaZ[1] * g1 + thetaZ[2] * g2; x1 = thetaZ[3] * g0 + thetaZ[4] * g1 + thetaZ[5] * g2; x2 = thetaZ[6] * g0 + thetaZ[7] * g1 + thetaZ[8] * g2;
  f0 += x0; f1 += x1; f2 += x2;
  for (let j: Int = 0; j < nr; j++) f[3 + j] += gl[j] * f0 + gl[nr + j] * f1 + gl[2 * nr + j] * f2;
  // f_vf = (I⊗ω̄)ᵀ [M_x̃Ψ̃ᵀ ω̄ + M_Ψ̃Ψ̃ v2] + 2 M_Ψ̃Ψᵀ v1 + Rᵀ Ġ_lθ̇ with M_Ψ̃Ψ̃ v2 = Y ω̄
  for (let k: Int = 0; k < n3; k++) {
    h[k] = (y[3 * k] + mXPsiT[k]) * w0 + (y[3 * k + 1] + mXPsiT[n3 + k]) * w1 + (y[3 * k + 2] + mXPsiT[2 * n3 + k]) * w2;
  }
  // M_Ψ̃Ψᵀ v1, each entry summed in increasing k from 0; four columns per pass
  let j: Int = 0;
  for (j = 0; j + 3 < nm; j += 4) {
    let sum0 = 0, sum1 = 0, sum2 = 0, sum3 = 0;
    for (let k: Int = 0; k < n3; k++) {
      const v = v1[k], o: Int = k * nm + j;
      sum0 += mPsiTPsi[o] * v; sum1 += mPsiTPsi[o + 1] * v; sum2 += mPsiTPsi[o + 2] * v; sum3 += mPsiTPsi[o + 3] * v;
    }
    psiV[j] = sum0; psiV[j + 1] = sum1; psiV[j + 2] = sum2; psiV[j + 3] = sum3;
  }
  for (; j < nm; j++) {
    let sum = 0;
    for (let k: Int = 0; k < n3; k++) sum += mPsiTPsi[k * nm + j] * v1[k];
    psiV[j] = sum;
  }
  for (j = 0; j < nm; j++) {
    let value = w0 * h[3 * j] + w1 * h[3 * j + 1] + w2 * h[3 * j + 2];
    value += 2 * psiV[j] + r[j] * g0 + r[nm + j] * g1 + r[2 * nm + j] * g2;
    f[of + j] -= value;
  }
}

/**
 * Adds the FFRF mass matrix [[m I, −A C G_l, A M_ΦtΨ], [·, G_lᵀ Θ_ζ G_l, −G_lᵀ R], [·, ·, M_red]] (n × n, n = 3 + n_r +
 * n_m, row-major) to out, with the blocks C, Θ_ζ, R of {@link zetaBlocks}; ac (9) and tg (3n_r) are work arrays.
 */
export function ffrfMassMatrix(nm: Int, nr: Int, mass: number, a: Float64Array, gl: Float64Array, c: Float64Array,
  thetaZ: Float64Array, r: Float64Array, mPhiPsi: Float64Array, mRed: Float64Array, ac: Float64Array, tg: Float64Array,
  out: Float64Array): void {
  const of: Int = 3 + nr, n: Int = of + nm;
  for (let i: Int = 0; i < 3; i++) out[i * n + i] += mass;
  // M_tr = −A C G_l, with AC (3 × 3) in ac
  for (let i: Int = 0; i < 3; i++) {
    for (let k: Int = 0; k < 3; k++) ac[i * 3 + k] = a[i * 3] * c[k] + a[i * 3 + 1] * c[3 + k] + a[i * 3 + 2] * c[6 + k];
  }
  for (let i: Int = 0; i < 3; i++) {
    for (let j: Int = 0; j < nr; j++) {
      const value = -(ac[i * 3] * gl[j] + ac[i * 3 + 1] * gl[nr + j] + ac[i * 3 + 2] * gl[2 * nr + j]);
      out[i * n + 3 + j] += value;
      out[(3 + j) * n + i] += value;
    }
  }
  // M_tf = A M_ΦtΨ
  for (let i: Int = 0; i < 3; i++) {
    for (let j: Int = 0; j < nm; j++) {
      const value = a[i * 3] * mPhiPsi[j] + a[i * 3 + 1] * mPhiPsi[nm + j] + a[i * 3 + 2] * mPhiPsi[2 * nm + j];
      out[i * n + of + j] += value;
      out[(of + j) * n + i] += value;
    }
  }
  // M_rr = G_lᵀ Θ_ζ G_l with TG = Θ_ζ G_l (3 × n_r) in tg
  for (let i: Int = 0; i < 3; i++) {
    for (let j: Int = 0; j < nr; j++) tg[i * nr + j] = thetaZ[i * 3] * gl[j] + thetaZ[i * 3 + 1] * gl[nr + j] + thetaZ[i * 3 + 2] * gl[2 * nr + j];
  }
  for (let i: Int = 0; i < nr; i++) {
    for (let j: Int = 0; j < nr; j++) {
      out[(3 + i) * n + 3 + j] += gl[i] * tg[j] + gl[nr + i] * tg[nr + j] + gl[2 * nr + i] * tg[2 * nr + j];
    }
  }
  // M_rf = −G_lᵀ R
  for (let i: Int = 0; i < nr; i++) {
    for (let j: Int = 0; j < nm; j++) {
      const value = -(gl[i] * r[j] + gl[nr + i] * r[nm + j] + gl[2 * nr + i] * r[2 * nm + j]);
      out[(3 + i) * n + of + j] += value;
      out[(of + j) * n + 3 + i] += value;
    }
  }
  for (let i: Int = 0; i < nm; i++) for (let j: Int = 0; j < nm; j++) out[(of + i) * n + of + j] += mRed[i * nm + j];
}
