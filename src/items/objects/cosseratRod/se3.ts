/**
 * SE(3) kernels of the rod's 'SE3' interpolation: twists h = (u, θ) ∈ se(3) (translational part first, like (γ̄, κ̄)),
 * the adjoint ad_h = [θ̃ ũ; 0 θ̃] (6×6 row-major), the SE(3) logarithm of a relative pose and the inverse tangent operators
 * of the exponential with their derivative.
 *
 * With Exp(h + δh) = Exp(h) Exp(T(h) δh), T(h) = (I − e^{−ad_h})/ad_h; its inverse is g(ad_h) with g(x) = x/(1 − e^{−x})
 * = x/2 + (x/2)coth(x/2), and the left one g(−ad_h). ad_h satisfies ad⁵ + 2φ²ad³ + φ⁴ad = 0 (φ = |θ|: eigenvalue 0 and
 * the double eigenvalues ±iφ), so the even part (x/2)coth(x/2) = Σ e_n x²ⁿ (e_n = B₂ₙ/(2n)!) evaluated at ad_h is the
 * Hermite interpolant I + α ad² + β ad⁴ with, for y = −φ², α = Σ (2 − n) e_n yⁿ⁻¹ and β = Σ (n − 1) e_n yⁿ⁻² (value and
 * slope of Σ e_n yⁿ matched at y = −φ²): one power series for every angle, no small-angle branch; it converges for
 * φ < 2π and is summed to round-off for the angles a logarithm returns (φ ≤ π, terms ≤ 2·4⁻ⁿ·n²).
 * @module
 */

/** Terms of the series of α, β and their y-derivatives (φ = π: the 40th term is below 1e-20 of the first). */
const TERMS = 40;

/** The table of {@link bernoulliCoefficients}, computed on first use (160 000 powers: not at import, cold start). */
let bernoulliTable: Float64Array | undefined;

/** e_n = B₂ₙ/(2n)! = (−1)ⁿ⁺¹ 2ζ(2n)/(2π)²ⁿ for n = 0 … TERMS (e_0 = 1). */
function bernoulliCoefficients(): Float64Array {
  if (bernoulliTable !== undefined) return bernoulliTable;
  const e = new Float64Array(TERMS + 1);
  e[0] = 1;
  for (let n = 1; n <= TERMS; n++) {
    // ζ(2n) by the direct sum from the small terms up (tail below 1e-18 for n ≥ 2 with 4000 terms; ζ(2) = π²/6 exactly)
    let zeta = 0;
    if (n === 1) zeta = Math.PI * Math.PI / 6;
    else for (let k = 4000; k >= 1; k--) zeta += k ** (-2 * n);
    e[n] = (n % 2 === 1 ? 2 : -2) * zeta / (2 * Math.PI) ** (2 * n);
  }
  return bernoulliTable = e;
}

/** out = [α, β, ∂α/∂y, ∂β/∂y] at y = −φ² (Horner, the highest terms first). */
export function inverseTangentCoefficientsInto(out: Float64Array, y: number): Float64Array {
  const e = bernoulliCoefficients();
  let a = 0, b = 0, ay = 0, by = 0;
  for (let n = TERMS; n >= 1; n--) {
    a = a * y + (2 - n) * e[n];
    b = n >= 2 ? b * y + (n - 1) * e[n] : b;
    ay = n >= 2 ? ay * y + (2 - n) * (n - 1) * e[n] : ay;
    by = n >= 3 ? by * y + (n - 1) * (n - 2) * e[n] : by;
  }
  out[0] = a; out[1] = b; out[2] = ay; out[3] = by;
  return out;
}

/** out(6×6)[block at (row, col)] = the skew matrix of (a0, a1, a2). */
function skewBlock(out: Float64Array, row: number, col: number, a0: number, a1: number, a2: number): void {
  out[6 * row + col + 1] = -a2; out[6 * row + col + 2] = a1;
  out[6 * (row + 1) + col] = a2; out[6 * (row + 1) + col + 2] = -a0;
  out[6 * (row + 2) + col] = -a1; out[6 * (row + 2) + col + 1] = a0;
}

/** out(6×6) = ad_h for h = x[o..o+5] = (u, θ): [θ̃ ũ; 0 θ̃]. */
export function adInto(out: Float64Array, x: ArrayLike<number>, o: number): Float64Array {
  out.fill(0);
  skewBlock(out, 0, 0, x[o + 3], x[o + 4], x[o + 5]);
  skewBlock(out, 0, 3, x[o], x[o + 1], x[o + 2]);
  skewBlock(out, 3, 3, x[o + 3], x[o + 4], x[o + 5]);
  return out;
}

/** out(6) = M(6×6) x (out must not alias x). */
export function mul6Vector(out: Float64Array, m: ArrayLike<number>, x: ArrayLike<number>): Float64Array {
  for (let r = 0; r < 6; r++) {
    let sum = 0;
    for (let c = 0; c < 6; c++) sum += m[6 * r + c] * x[c];
    out[r] = sum;
  }
  return out;
}

/** out(6×6) = c·A B + (add ? out : 0) (out must alias neither). */
export function mul6(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, c: number, add: boolean): Float64Array {
  for (let r = 0; r < 6; r++) {
    for (let col = 0; col < 6; col++) {
      let sum = 0;
      for (let k = 0; k < 6; k++) sum += a[6 * r + k] * b[6 * k + col];
      out[6 * r + col] = (add ? out[6 * r + col] : 0) + c * sum;
    }
  }
  return out;
}

/** Work arrays of the kernels below (module-level: nothing is allocated per call; not re-entrant). */
const ad = new Float64Array(36);
const ad2 = new Float64Array(36);
const ad4 = new Float64Array(36);
const coefficients = new Float64Array(4);
const z = new Float64Array(30);
const zViews = [0, 1, 2, 3, 4].map((m) => z.subarray(6 * m, 6 * m + 6));
const adZ = new Float64Array(36);
const acc = new Float64Array(36);
const tmp = new Float64Array(36);

/**
 * right = T(h)⁻¹ = ½ad_h + E and left = T(−h)⁻¹ = −½ad_h + E with E = I + α ad_h² + β ad_h⁴ (6×6 row-major):
 * Log(Exp(h) Exp(ε)) = h + right·ε and Log(Exp(ε) Exp(h)) = h + left·ε to first order.
 */
export function inverseTangentsInto(right: Float64Array, left: Float64Array, h: ArrayLike<number>): void {
  adInto(ad, h, 0);
  mul6(ad2, ad, ad, 1, false);
  mul6(ad4, ad2, ad2, 1, false);
  inverseTangentCoefficientsInto(coefficients, -(h[3] * h[3] + h[4] * h[4] + h[5] * h[5]));
  const alpha = coefficients[0], beta = coefficients[1];
  for (let i = 0; i < 36; i++) {
    const even = (i % 7 === 0 ? 1 : 0) + alpha * ad2[i] + beta * ad4[i];
    right[i] = even + 0.5 * ad[i];
    left[i] = even - 0.5 * ad[i];
  }
}

/**
 * out(6×6) += c·∂(g(σ ad_h) w)/∂h for σ = sign (±1), i.e. the derivative of right·w (σ = 1) or left·w (σ = −1) of
 * {@link inverseTangentsInto} with respect to h for a fixed w. With z_m = ad_hᵐ w and ad_a w = −ad_w a:
 * −σ½ ad_w − α(ad_{z1} + ad_h ad_{z0}) − β(ad_{z3} + ad_h(ad_{z2} + ad_h(ad_{z1} + ad_h ad_{z0})))
 * + (α_y z₂ + β_y z₄)(0, −2θ)ᵀ.
 */
export function addInverseTangentDerivative(out: Float64Array, h: ArrayLike<number>, w: ArrayLike<number>, sign: number, c: number): void {
  adInto(ad, h, 0);
  inverseTangentCoefficientsInto(coefficients, -(h[3] * h[3] + h[4] * h[4] + h[5] * h[5]));
  const alpha = coefficients[0], beta = coefficients[1], alphaY = coefficients[2], betaY = coefficients[3];
  for (let i = 0; i < 6; i++) z[i] = w[i];
  for (let m = 1; m <= 4; m++) mul6Vector(zViews[m], ad, zViews[m - 1]);
  // acc = ad_{z3} + ad(ad_{z2} + ad(ad_{z1} + ad ad_{z0})) by Horner; the α part from the inner two levels
  adInto(acc, z, 0);
  mul6(tmp, ad, acc, 1, false);
  adInto(adZ, z, 6);
  for (let i = 0; i < 36; i++) tmp[i] += adZ[i];
  // tmp = ad_{z1} + ad ad_{z0}: the α bracket
  for (let i = 0; i < 36; i++) out[i] -= c * alpha * tmp[i];
  mul6(acc, ad, tmp, 1, false);
  adInto(adZ, z, 12);
  for (let i = 0; i < 36; i++) acc[i] += adZ[i];
  mul6(tmp, ad, acc, 1, false);
  adInto(adZ, z, 18);
  for (let i = 0; i < 36; i++) out[i] -= c * beta * (tmp[i] + adZ[i]);
  adInto(adZ, w, 0);
  for (let i = 0; i < 36; i++) out[i] -= c * 0.5 * sign * adZ[i];
  for (let r = 0; r < 6; r++) {
    const zr = alphaY * z[12 + r] + betaY * z[24 + r];
    for (let d = 0; d < 3; d++) out[6 * r + 3 + d] -= 2 * c * zr * h[3 + d];
  }
}
