/**
 * The source of the WebAssembly kernels of the planar ANCF cable element (ObjectANCFCable2D; runtime in
 * ancfCable2DKernels.ts), in the TypeScript subset of scripts/wasmKernelCompiler.ts: the axial strain and curvature,
 * their gradients and Hessians at a quadrature point, and from them the stiffness and damping matrices of an element and
 * the strains of its points (the elastic forces, written out on locals: ancfCable2DForceKernelsSource.ts). The same operations in the same order as the JavaScript they replaced, so the results
 * are the same bit for bit; run as JavaScript, these functions are the reference of the tests.
 *
 * An element's table (cableTableLength doubles; ancfCable2DKernels.ts): [EA, d_ε, EI, d_K] at 0..3, then one block per
 * quadrature rule at index `rule` (up to five points): S'_j(x_p) at rule + 4p + j, S''_j(x_p) at rule + 20 + 4p + j,
 * the reference strain at rule + 40 + p, the reference curvature at rule + 45 + p, the weight L/2·w_p at rule + 50 + p.
 * Coordinates e and velocities u: node-shape j ∈ {r0, r0', r1, r1'}, component i ∈ {x, y} at 2j + i. A section holds
 * [r'_x, r'_y, |r'|, r' × r'', |r'|²] of the current point (what the Hessians use). Matrices are 8 × 8, row-major.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * ε = |r'| − 1 at point p of the rule at `rule` from coordinates e (r' = Σ S'_j e_j) and its gradient
 * ∂ε/∂e_(j,i) = S'_j r'_i / |r'| (into gradient; r' and |r'| into section[0..2]).
 */
function axialStrain(table: Float64Array, rule: Int, p: Int, e: Float64Array, section: Float64Array, gradient: Float64Array): number {
  const o: Int = rule + 4 * p;
  let rpx = 0, rpy = 0;
  for (let j: Int = 0; j < 4; j++) {
    const s = table[o + j];
    rpx += s * e[2 * j];
    rpy += s * e[2 * j + 1];
  }
  const norm = Math.sqrt(rpx * rpx + rpy * rpy);
  section[0] = rpx;
  section[1] = rpy;
  section[2] = norm;
  for (let j: Int = 0; j < 4; j++) {
    const s = table[o + j];
    gradient[2 * j] = s * rpx / norm;
    gradient[2 * j + 1] = s * rpy / norm;
  }
  return norm - 1;
}

/**
 * K = f/g at point p of the rule at `rule` from coordinates e, f = r' × r'', g = |r'|² (r' = Σ S'_j e_j,
 * r'' = Σ S''_j e_j), and its gradient ∂K/∂e = ∂f/∂e / g − f ∂g/∂e / g² (into gradient; ∂f/∂e, ∂g/∂e into df, dg; f, g
 * into section[3], section[4]).
 */
function curvature(table: Float64Array, rule: Int, p: Int, e: Float64Array, section: Float64Array, df: Float64Array, dg: Float64Array, gradient: Float64Array): number {
  const o: Int = rule + 4 * p;
  let rpx = 0, rpy = 0, rppx = 0, rppy = 0;
  for (let j: Int = 0; j < 4; j++) {
    const s = table[o + j], t = table[o + j + 20];
    rpx += s * e[2 * j];
    rpy += s * e[2 * j + 1];
    rppx += t * e[2 * j];
    rppy += t * e[2 * j + 1];
  }
  const f = rpx * rppy - rpy * rppx;
  const g = rpx * rpx + rpy * rpy;
  const g2 = g * g;
  section[3] = f;
  section[4] = g;
  for (let j: Int = 0; j < 4; j++) {
    const sx = table[o + j], sxx = table[o + j + 20];
    const dfx = sx * rppy - sxx * rpy, dfy = -sx * rppx + sxx * rpx, dgx = 2 * rpx * sx, dgy = 2 * rpy * sx;
    df[2 * j] = dfx;
    df[2 * j + 1] = dfy;
    dg[2 * j] = dgx;
    dg[2 * j + 1] = dgy;
    gradient[2 * j] = dfx / g - f * dgx / g2;
    gradient[2 * j + 1] = dfy / g - f * dgy / g2;
  }
  return f / g;
}

/** Σ_a x_a y_a over the 8 coordinates, summed from 0 in the order of a. */
function dot8(x: Float64Array, y: Float64Array): number {
  let sum = 0;
  for (let a: Int = 0; a < 8; a++) sum += x[a] * y[a];
  return sum;
}

/** m = 0 (8 × 8). */
function zeroMatrix(m: Float64Array): void {
  for (let a: Int = 0; a < 64; a++) m[a] = 0;
}

/** ε, K, ∂ε/∂e and ∂K/∂e at point p of the rule at `rule` from coordinates e into out[o], out[o + 1], out[o + 2..9], out[o + 10..17]. */
function sectionValues(
  table: Float64Array, rule: Int, p: Int, e: Float64Array, out: Float64Array, o: Int, section: Float64Array, df: Float64Array,
  dg: Float64Array, gradient: Float64Array,
): void {
  out[o] = axialStrain(table, rule, p, e, section, gradient);
  for (let a: Int = 0; a < 8; a++) out[o + a + 2] = gradient[a];
  out[o + 1] = curvature(table, rule, p, e, section, df, dg, gradient);
  for (let a: Int = 0; a < 8; a++) out[o + a + 10] = gradient[a];
}

/**
 * The section values (sectionValues: 18 per point) of every point from coordinates e into out: the axial rule's
 * points (at `axial`) at 18p, the bending rule's (at `bending`) at 18 (5 + p).
 */
export function sections(
  table: Float64Array, axial: Int, axialCount: Int, bending: Int, bendingCount: Int, e: Float64Array, out: Float64Array,
  section: Float64Array, df: Float64Array, dg: Float64Array, gradient: Float64Array,
): void {
  for (let p: Int = 0; p < axialCount; p++) sectionValues(table, axial, p, e, out, 18 * p, section, df, dg, gradient);
  for (let p: Int = 0; p < bendingCount; p++) sectionValues(table, bending, p, e, out, 18 * (5 + p), section, df, dg, gradient);
}

/** ∂²ε/∂e_(j,i)∂e_(k,l) = S'_j S'_k (δ_il/|r'| − r'_i r'_l/|r'|³) into hessian (after axialStrain). */
function axialStrainHessian(table: Float64Array, rule: Int, p: Int, section: Float64Array, hessian: Float64Array): void {
  const rpx = section[0], rpy = section[1], n = section[2];
  const n3 = n * n * n;
  const hxx = 1 / n - rpx * rpx / n3;
  const hxy = -rpx * rpy / n3;
  const hyy = 1 / n - rpy * rpy / n3;
  const o: Int = rule + 4 * p;
  // S'_j S'_k = S'_k S'_j exactly: the blocks (j, k) and (k, j) are the same products, formed once
  for (let j: Int = 0; j < 4; j++) {
    const sj = table[o + j];
    for (let k: Int = j; k < 4; k++) {
      const sjk = sj * table[o + k];
      const xx = sjk * hxx, xy = sjk * hxy, yy = sjk * hyy;
      const row: Int = 16 * j + 2 * k;
      hessian[row] = xx;
      hessian[row + 1] = xy;
      hessian[row + 8] = xy;
      hessian[row + 9] = yy;
      if (k !== j) {
        const mirror: Int = 16 * k + 2 * j;
        hessian[mirror] = xx;
        hessian[mirror + 1] = xy;
        hessian[mirror + 8] = xy;
        hessian[mirror + 9] = yy;
      }
    }
  }
}

/**
 * ∂²K/∂e_a∂e_b = H^f_ab/g − (df_a dg_b + dg_a df_b)/g² − f H^g_ab/g² + 2 f dg_a dg_b/g³ into hessian (after curvature),
 * with H^f_(j,i)(k,l) = ε_il (S'_j S''_k − S'_k S''_j) (ε_xy = 1 = −ε_yx) and H^g_(j,i)(k,l) = 2 S'_j S'_k δ_il.
 */
function curvatureHessian(table: Float64Array, rule: Int, p: Int, section: Float64Array, df: Float64Array, dg: Float64Array, hessian: Float64Array): void {
  const f = section[3], g = section[4];
  const g2 = g * g;
  const g3 = g2 * g;
  // the terms each entry formed the same way once per point (0/g where H^f = 0, f·0/g² where H^g = 0, 2f) or per
  // row (2f dg_a, 2 S'_j): the same operations on the same operands
  const hfZero = 0 / g, hgZero = f * 0 / g2, twoF = 2 * f;
  const o: Int = rule + 4 * p;
  for (let j: Int = 0; j < 4; j++) {
    const sj = table[o + j], tj = table[o + j + 20], twoSj = 2 * sj;
    for (let i: Int = 0; i < 2; i++) {
      const a: Int = 2 * j + i;
      const dfa = df[a], dga = dg[a], lastA = twoF * dga, row: Int = 8 * a;
      for (let k: Int = 0; k < 4; k++) {
        const sk = table[o + k], tk = table[o + k + 20];
        for (let l: Int = 0; l < 2; l++) {
          const b: Int = 2 * k + l;
          const dgb = dg[b];
          const mixed = (dfa * dgb + dga * df[b]) / g2;
          let value = 0;
          if (i === l) value = hfZero - mixed - f * (twoSj * sk) / g2;
          else {
            const antisymmetric = sj * tk - sk * tj;
            value = (i === 0 ? antisymmetric : -antisymmetric) / g - mixed - hgZero;
          }
          hessian[row + b] = value + lastA * dgb / g3;
        }
      }
    }
  }
}

/**
 * k += w·[G ⊗ (C G + d H u) + F H] (row a, column b: G_a (C G_b + d (Hu)_b) + F H_ab) for a strain measure with
 * gradient G, Hessian H, stiffness C, damping d and section force F; the rate term only if withRate ≠ 0.
 */
function addStrainStiffness(
  k: Float64Array, w: number, gradient: Float64Array, hessian: Float64Array, stiffness: number, damping: number, force: number,
  withRate: Int, u: Float64Array, hessianU: Float64Array, column: Float64Array,
): void {
  if (withRate !== 0) {
    for (let a: Int = 0; a < 8; a++) {
      let sum = 0;
      for (let b: Int = 0; b < 8; b++) sum += hessian[8 * a + b] * u[b];
      hessianU[a] = sum;
    }
    for (let b: Int = 0; b < 8; b++) column[b] = stiffness * gradient[b] + damping * hessianU[b];
  } else {
    for (let b: Int = 0; b < 8; b++) column[b] = stiffness * gradient[b] + 0;
  }
  const wf = w * force;
  for (let a: Int = 0; a < 8; a++) {
    const ga = w * gradient[a];
    const row: Int = 8 * a;
    for (let b: Int = 0; b < 8; b++) k[row + b] += ga * column[b] + wf * hessian[row + b];
  }
}

/**
 * k = factor·∂(ode2Lhs)/∂e: for each strain measure s (ε by the axial rule, K by the bending rule) with gradient G,
 * Hessian H and section force F = C (s − s_ref) + d ṡ, ṡ = G·u: ∫ [G ⊗ (C G + d H u) + F H] dx. The rate terms only
 * where d ≠ 0 (u is read only then).
 */
export function stiffnessMatrix(
  table: Float64Array, axial: Int, axialCount: Int, bending: Int, bendingCount: Int, e: Float64Array, u: Float64Array, factor: number,
  k: Float64Array, section: Float64Array, df: Float64Array, dg: Float64Array, gradient: Float64Array, hessian: Float64Array,
  hessianU: Float64Array, column: Float64Array,
): void {
  const EA = table[0], dAxial = table[1], EI = table[2], dBending = table[3];
  zeroMatrix(k);
  let withAxialRate: Int = 0;
  if (dAxial !== 0) withAxialRate = 1;
  let withBendingRate: Int = 0;
  if (dBending !== 0) withBendingRate = 1;
  for (let p: Int = 0; p < axialCount; p++) {
    const strain = axialStrain(table, axial, p, e, section, gradient);
    axialStrainHessian(table, axial, p, section, hessian);
    let rate = 0;
    if (withAxialRate !== 0) rate = dAxial * dot8(gradient, u);
    const force = EA * (strain - table[axial + p + 40]) + rate;
    addStrainStiffness(k, factor * table[axial + p + 50], gradient, hessian, EA, dAxial, force, withAxialRate, u, hessianU, column);
  }
  for (let p: Int = 0; p < bendingCount; p++) {
    const K = curvature(table, bending, p, e, section, df, dg, gradient);
    curvatureHessian(table, bending, p, section, df, dg, hessian);
    let rate = 0;
    if (withBendingRate !== 0) rate = dBending * dot8(gradient, u);
    const moment = EI * (K - table[bending + p + 45]) + rate;
    addStrainStiffness(k, factor * table[bending + p + 50], gradient, hessian, EI, dBending, moment, withBendingRate, u, hessianU, column);
  }
}

/** m += w g ⊗ g (8 × 8). */
function addOuter(m: Float64Array, w: number, g: Float64Array): void {
  for (let a: Int = 0; a < 8; a++) {
    const ga = w * g[a], r: Int = 8 * a;
    for (let b: Int = 0; b < 8; b++) m[r + b] += ga * g[b];
  }
}

/** d = factor·∂(ode2Lhs)/∂u = factor·∫ (d_ε G_ε ⊗ G_ε + d_K G_K ⊗ G_K) dx (zero without damping; e is read only with it). */
export function dampingMatrix(
  table: Float64Array, axial: Int, axialCount: Int, bending: Int, bendingCount: Int, e: Float64Array, factor: number,
  d: Float64Array, section: Float64Array, df: Float64Array, dg: Float64Array, gradient: Float64Array,
): void {
  const dAxial = table[1], dBending = table[3];
  zeroMatrix(d);
  if (dAxial !== 0) {
    for (let p: Int = 0; p < axialCount; p++) {
      axialStrain(table, axial, p, e, section, gradient);
      addOuter(d, factor * table[axial + p + 50] * dAxial, gradient);
    }
  }
  if (dBending !== 0) {
    for (let p: Int = 0; p < bendingCount; p++) {
      curvature(table, bending, p, e, section, df, dg, gradient);
      addOuter(d, factor * table[bending + p + 50] * dBending, gradient);
    }
  }
}
