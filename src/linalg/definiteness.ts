import { symmetricEigen } from './symmetricEigen.ts';

/** The largest asymmetry |a_ij − a_ji| of a row-major n × n matrix and where it is (row < column). */
export interface Asymmetry {
  /** |a_ij − a_ji|. */
  value: number;
  /** Row i. */
  row: number;
  /** Column j. */
  column: number;
}

/** Finds the largest |a_ij − a_ji| of a row-major n × n matrix. */
export function largestAsymmetry(a: ArrayLike<number>, n: number): Asymmetry {
  const worst: Asymmetry = { value: 0, row: 0, column: 0 };
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = Math.abs(a[i * n + j] - a[j * n + i]);
      if (d > worst.value) { worst.value = d; worst.row = i; worst.column = j; }
    }
  }
  return worst;
}

/** Largest |a_ij| of a row-major matrix (0 for an empty one). */
export function largestMagnitude(a: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < a.length; k++) m = Math.max(m, Math.abs(a[k]));
  return m;
}

/**
 * Smallest eigenvalue of the symmetric part of a row-major n × n matrix, found by a Cholesky test first:
 * the matrix is positive semi-definite within `tolerance` (absolute) when A + tolerance·I has a Cholesky
 * factor; only when it has none are the eigenvalues computed ({@link symmetricEigen}) to report the smallest. Returns
 * undefined when A is positive semi-definite within the tolerance (also when the Cholesky test failed only
 * on a zero pivot, e.g. of a zero matrix).
 *
 * The Cholesky test works within the rows' envelope: a row's factor entries left of its first nonzero are zero (their
 * sums hold only products with zero), so its sums start there and a row is skipped by the columns left of it. For
 * finite entries (checked by the parameters) this decides as the full test does: a skipped term is a product with an
 * exact zero, which leaves a sum unchanged up to the sign of a zero, and no pivot test (d > 0) tells the zeros apart.
 * A lumped (diagonal) mass matrix costs O(n²) instead of n³/6 multiplications.
 */
export function negativeEigenvalue(a: ArrayLike<number>, n: number, tolerance: number): number | undefined {
  const l = new Float64Array(n * n);
  const first = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let f = i;
    const row = i * n;
    for (let j = 0; j < i; j++) {
      const v = 0.5 * (a[row + j] + a[j * n + i]);
      l[row + j] = v;
      if (v !== 0 && f === i) f = j;
    }
    l[row + i] = 0.5 * (a[row + i] + a[row + i]) + tolerance;
    first[i] = f;
  }
  let definite = true;
  for (let j = 0; j < n && definite; j++) {
    const rowJ = j * n;
    const firstJ = first[j];
    let d = l[rowJ + j];
    for (let k = firstJ; k < j; k++) d -= l[rowJ + k] * l[rowJ + k];
    if (!(d > 0)) { definite = false; break; }
    const pivot = Math.sqrt(d);
    l[rowJ + j] = pivot;
    for (let i = j + 1; i < n; i++) {
      const firstI = first[i];
      if (firstI > j) continue;
      const rowI = i * n;
      let s = l[rowI + j];
      for (let k = firstI > firstJ ? firstI : firstJ; k < j; k++) s -= l[rowI + k] * l[rowJ + k];
      l[rowI + j] = s / pivot;
    }
  }
  if (definite) return undefined;
  const symmetric = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) symmetric[i * n + j] = 0.5 * (a[i * n + j] + a[j * n + i]);
  const smallest = symmetricEigen(symmetric, n).values[0]; // ascending
  return smallest < -tolerance ? smallest : undefined;
}
