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
 */
export function negativeEigenvalue(a: ArrayLike<number>, n: number, tolerance: number): number | undefined {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) l[i * n + j] = 0.5 * (a[i * n + j] + a[j * n + i]) + (i === j ? tolerance : 0);
  let definite = true;
  for (let j = 0; j < n && definite; j++) {
    let d = l[j * n + j];
    for (let k = 0; k < j; k++) d -= l[j * n + k] * l[j * n + k];
    if (!(d > 0)) { definite = false; break; }
    const pivot = Math.sqrt(d);
    l[j * n + j] = pivot;
    for (let i = j + 1; i < n; i++) {
      let s = l[i * n + j];
      for (let k = 0; k < j; k++) s -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = s / pivot;
    }
  }
  if (definite) return undefined;
  const symmetric = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) symmetric[i * n + j] = 0.5 * (a[i * n + j] + a[j * n + i]);
  const smallest = symmetricEigen(symmetric, n).values[0]; // ascending
  return smallest < -tolerance ? smallest : undefined;
}
