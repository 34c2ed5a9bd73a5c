/**
 * 3×3 kernels of the rod element: the linearization of the curvature κ̄ = j⁻¹(Skw(AᵀA_ξ)) under body-fixed
 * rotation increments δφ (δA_k = A_k δφ̃) — the matrices T with j⁻¹(Skw(Z(δφ))) = T δφ for the products Z that
 * occur: δφ̃ X, X δφ̃ and X δφ̃ Y — and the block products of the element matrices. All row-major, allocation-free.
 * @module
 */

/**
 * out += c·(tr X·I − X) when transposed is false, out += c·(tr X·I − Xᵀ) otherwise, c = scale[index]:
 * j⁻¹(Skw(δφ̃ X)) = ½(tr X·I − X) δφ and j⁻¹(Skw(X δφ̃)) = ½(tr X·I − Xᵀ) δφ. The coefficient comes from an array so
 * that a call the compiler does not inline passes no boxed double (no allocation per call in the Jacobian loops).
 */
export function addTraceMinusInto(out: Float64Array, x: ArrayLike<number>, transposed: boolean, scale: Float64Array, index: number): void {
  const c = scale[index];
  const trace = x[0] + x[4] + x[8];
  for (let r = 0; r < 3; r++) {
    for (let col = 0; col < 3; col++) {
      const entry = transposed ? x[3 * col + r] : x[3 * r + col];
      out[3 * r + col] += c * ((r === col ? trace : 0) - entry);
    }
  }
}

/**
 * out += c·T(X, Y) with j⁻¹(Skw(X δφ̃ Y)) = T δφ, c = scale[index] (from an array, as in {@link addTraceMinusInto});
 * column m of T is j⁻¹(Skw(X ẽ_m Y)). work must hold 9 entries.
 */
export function addSkewSandwichInto(out: Float64Array, x: ArrayLike<number>, y: ArrayLike<number>, scale: Float64Array, index: number, work: Float64Array): void {
  const c = scale[index];
  for (let m = 0; m < 3; m++) {
    // work = ẽ_m Y; ẽ_m has +1 at (k, j) and −1 at (j, k) with j = m + 1, k = m + 2 (mod 3)
    const j = (m + 1) % 3, k = (m + 2) % 3;
    work.fill(0);
    for (let col = 0; col < 3; col++) {
      work[3 * k + col] = y[3 * j + col];
      work[3 * j + col] = -y[3 * k + col];
    }
    // Z = X (ẽ_m Y); only its skew part is needed: ½(Z21 − Z12, Z02 − Z20, Z10 − Z01)
    out[m] += 0.5 * c * (product(x, work, 2, 1) - product(x, work, 1, 2));
    out[3 + m] += 0.5 * c * (product(x, work, 0, 2) - product(x, work, 2, 0));
    out[6 + m] += 0.5 * c * (product(x, work, 1, 0) - product(x, work, 0, 1));
  }
}

/** Entry (r, col) of the product X W. */
function product(x: ArrayLike<number>, w: Float64Array, r: number, col: number): number {
  return x[3 * r] * w[col] + x[3 * r + 1] * w[3 + col] + x[3 * r + 2] * w[6 + col];
}

/** out(3×3) += c · A b, c = scale[index] (from an array, as in {@link addTraceMinusInto}). */
export function addProduct(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, scale: Float64Array, index: number): void {
  const c = scale[index];
  for (let r = 0; r < 3; r++) {
    const a0 = c * a[3 * r], a1 = c * a[3 * r + 1], a2 = c * a[3 * r + 2];
    for (let col = 0; col < 3; col++) out[3 * r + col] += a0 * b[col] + a1 * b[3 + col] + a2 * b[6 + col];
  }
}

/** target(n × n) block at (row, col) += c · b (3×3). */
export function addBlock(target: Float64Array, n: number, row: number, col: number, b: ArrayLike<number>, c: number): void {
  for (let r = 0; r < 3; r++) {
    const o = (row + r) * n + col;
    target[o] += c * b[3 * r]; target[o + 1] += c * b[3 * r + 1]; target[o + 2] += c * b[3 * r + 2];
  }
}
