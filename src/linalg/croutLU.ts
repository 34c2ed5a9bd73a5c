/**
 * Dense LU factorization with partial pivoting in Crout's column-by-column order (the order of LINPACK/JAMA-style
 * implementations such as ml-matrix's LuDecomposition, whose results it reproduces bit for bit) on flat row-major
 * Float64Array storage, and the substitutions for several right-hand sides. For the dense solves that must give the
 * digits of that order (computeODE2Eigenvalues' shift-invert solve, the test models' numpy.linalg.solve); the
 * solvers' own dense systems use {@link DenseLU}.
 * @module
 */

import { dotRange } from './vector.ts';

/**
 * Factorizes the row-major n × n `a` in place into P A = L U (L unit lower, U upper, both in `a`): per column j the
 * entries from inner products with the finished columns (`column` is an n-entry work array), then the row of the
 * largest candidate swapped up and L's part divided by the pivot. `pivots` (n entries) receives the permutation: row i
 * of the factors is row pivots[i] of A. Returns −1, or the first column whose pivot is exactly zero (singular).
 */
export function factorCroutLU(a: Float64Array, n: number, pivots: Int32Array, column: Float64Array): number {
  for (let i = 0; i < n; i++) pivots[i] = i;
  let singular = -1;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) column[i] = a[i * n + j];
    for (let i = 0; i < n; i++) {
      column[i] -= dotRange(a, i * n, column, 0, Math.min(i, j));
      a[i * n + j] = column[i];
    }
    let p = j;
    for (let i = j + 1; i < n; i++) if (Math.abs(column[i]) > Math.abs(column[p])) p = i;
    if (p !== j) {
      for (let k = 0; k < n; k++) {
        const t = a[p * n + k];
        a[p * n + k] = a[j * n + k];
        a[j * n + k] = t;
      }
      const t = pivots[p];
      pivots[p] = pivots[j];
      pivots[j] = t;
    }
    const pivot = a[j * n + j];
    if (pivot !== 0) {
      for (let i = j + 1; i < n; i++) a[i * n + j] = a[i * n + j] / pivot;
    } else if (singular < 0) {
      singular = j;
    }
  }
  return singular;
}

/**
 * X = A⁻¹ B for the factors and pivots of {@link factorCroutLU} (non-singular) and the row-major n × count B (`b`);
 * X into `x` (n × count, not aliasing b): B's rows permuted, forward substitution with L, back substitution with U.
 */
export function solveCroutLU(lu: Float64Array, pivots: Int32Array, b: ArrayLike<number>, x: Float64Array, n: number, count: number): void {
  for (let i = 0; i < n; i++) {
    const source = pivots[i] * count;
    for (let j = 0; j < count; j++) x[i * count + j] = b[source + j];
  }
  for (let k = 0; k < n; k++) {
    for (let i = k + 1; i < n; i++) subtractScaledRow(x, i * count, k * count, lu[i * n + k], count);
  }
  for (let k = n - 1; k >= 0; k--) {
    const rowK = k * count;
    const pivot = lu[k * n + k];
    for (let j = 0; j < count; j++) x[rowK + j] = x[rowK + j] / pivot;
    for (let i = 0; i < k; i++) subtractScaledRow(x, i * count, rowK, lu[i * n + k], count);
  }
}

/**
 * The `count` entries of row `row` of x minus `factor` times those of row `source` (both offsets into x); a small
 * function of its own for the reason given at {@link dotRange}.
 */
function subtractScaledRow(x: Float64Array, row: number, source: number, factor: number, count: number): void {
  for (let j = 0; j < count; j++) x[row + j] = x[row + j] - x[source + j] * factor;
}
