import { symmetricEigen } from './symmetricEigen.ts';
import type { MatrixEntries } from './matrixEntries.ts';

/** The largest asymmetry |a_ij − a_ji| of an n × n matrix and where it is (row < column). */
export interface Asymmetry {
  /** |a_ij − a_ji|. */
  value: number;
  /** Row i. */
  row: number;
  /** Column j. */
  column: number;
}

/**
 * Finds the largest |a_ij − a_ji| of an n × n matrix given by its entries a and those of its transpose at
 * (`transposedEntries`), the first of equal ones in row-major order of the upper triangle (as a scan of the dense
 * matrix finds it). Row i of a and row i of aᵀ, both sorted by column, are merged right of the diagonal: O(n + entries).
 */
export function largestAsymmetry(a: MatrixEntries, at: MatrixEntries, n: number): Asymmetry {
  const worst: Asymmetry = { value: 0, row: 0, column: 0 };
  for (let i = 0; i < n; i++) {
    let p = a.rowStart[i], q = at.rowStart[i];
    const pEnd = a.rowStart[i + 1], qEnd = at.rowStart[i + 1];
    while (p < pEnd && a.cols[p] <= i) p++;
    while (q < qEnd && at.cols[q] <= i) q++;
    while (p < pEnd || q < qEnd) {
      const cp = p < pEnd ? a.cols[p] : n, cq = q < qEnd ? at.cols[q] : n;
      const j = cp < cq ? cp : cq;
      const d = Math.abs((cp === j ? a.values[p++] : 0) - (cq === j ? at.values[q++] : 0));
      if (d > worst.value) { worst.value = d; worst.row = i; worst.column = j; }
    }
  }
  return worst;
}

/** Largest |a_ij| of a matrix's values (0 for none). */
export function largestMagnitude(a: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < a.length; k++) m = Math.max(m, Math.abs(a[k]));
  return m;
}

/**
 * Smallest eigenvalue of the symmetric part of an n × n matrix given by its entries a and those of its transpose at
 * (`transposedEntries`), found by a Cholesky test first: the matrix is positive semi-definite within `tolerance`
 * (absolute) when A + tolerance·I has a Cholesky factor; only when it has none are the eigenvalues computed
 * ({@link symmetricEigen}, dense) to report the smallest. Returns undefined when A is positive semi-definite within the
 * tolerance (also when the Cholesky test failed only on a zero pivot; at once for the zero matrix).
 *
 * The Cholesky test works within the rows' envelope, stored packed (row i from its first stored entry left of the
 * diagonal, in a or in at, to the diagonal): a row's factor entries left of its first nonzero are zero (their sums hold
 * only products with zero), so its sums start there. For finite entries (checked by the parameters) this decides as the
 * full test does: a skipped term is a product with an exact zero, which leaves a sum unchanged up to the sign of a zero,
 * and no pivot test (d > 0) tells the zeros apart. The rows are factored in turn (l_ij for j < i, then the pivot of
 * row i), which computes every l_ij by the same sum in the same order as the column-by-column factorization and meets
 * the same first failing pivot. Costs O(n + entries) for the entries and Σ (envelope width)² / 2 multiplications: O(n)
 * for a lumped (diagonal) mass matrix, at most n³/6.
 */
export function negativeEigenvalue(a: MatrixEntries, at: MatrixEntries, n: number, tolerance: number): number | undefined {
  if (a.count === 0) return undefined; // the zero matrix
  const first = new Int32Array(n);
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    let f = i;
    if (a.rowStart[i] < a.rowStart[i + 1] && a.cols[a.rowStart[i]] < f) f = a.cols[a.rowStart[i]];
    if (at.rowStart[i] < at.rowStart[i + 1] && at.cols[at.rowStart[i]] < f) f = at.cols[at.rowStart[i]];
    first[i] = f;
    start[i + 1] = start[i] + i - f + 1;
  }
  // l[start[i] − first[i] + j] = l_ij for first[i] ≤ j ≤ i: 0.5·(a_ij + a_ji), the diagonal + tolerance
  const l = new Float64Array(start[n]);
  addLowerEntries(a, n, first, start, l);
  addLowerEntries(at, n, first, start, l);
  for (let i = 0; i < n; i++) {
    for (let k = start[i]; k < start[i + 1]; k++) l[k] *= 0.5;
    l[start[i + 1] - 1] += tolerance;
  }
  if (envelopeCholesky(n, first, start, l)) return undefined;
  const symmetric = new Float64Array(n * n);
  for (let e = 0; e < a.count; e++) {
    const i = a.rows[e], j = a.cols[e], v = a.values[e];
    symmetric[i * n + j] += v;
    symmetric[j * n + i] += v;
  }
  for (let k = 0; k < n * n; k++) symmetric[k] *= 0.5;
  const smallest = symmetricEigen(symmetric, n).values[0]; // ascending
  return smallest < -tolerance ? smallest : undefined;
}

/** {@link negativeEigenvalue}'s fill: adds each entry (i, j) of m with j ≤ i to the packed envelope l. */
function addLowerEntries(m: MatrixEntries, n: number, first: Int32Array, start: Int32Array, l: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const offset = start[i] - first[i];
    for (let e = m.rowStart[i], end = m.rowStart[i + 1]; e < end; e++) {
      const j = m.cols[e];
      if (j > i) break;
      l[offset + j] += m.values[e];
    }
  }
}

/** The Cholesky factorization of the packed envelope l in place, row by row; false at the first pivot d ≤ 0 (or NaN). */
function envelopeCholesky(n: number, first: Int32Array, start: Int32Array, l: Float64Array): boolean {
  for (let i = 0; i < n; i++) {
    const firstI = first[i];
    const rowI = start[i] - firstI;
    for (let j = firstI; j < i; j++) {
      const firstJ = first[j];
      const rowJ = start[j] - firstJ;
      let s = l[rowI + j];
      for (let k = firstI > firstJ ? firstI : firstJ; k < j; k++) s -= l[rowI + k] * l[rowJ + k];
      l[rowI + j] = s / l[rowJ + j];
    }
    let d = l[rowI + i];
    for (let k = firstI; k < i; k++) d -= l[rowI + k] * l[rowI + k];
    if (!(d > 0)) return false;
    l[rowI + i] = Math.sqrt(d);
  }
  return true;
}
