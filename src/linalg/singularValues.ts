/**
 * Singular values of a small dense matrix by one-sided Jacobi rotations (Hestenes), for the rank decisions of
 * computeSystemDegreeOfFreedom: plane rotations of column pairs until all columns are orthogonal to working precision;
 * the singular values are then the column norms, each to a small multiple of ε relative to the largest (Demmel and
 * Veselić, "Jacobi's method is more accurate than QR", 1992), as a Golub–Kahan SVD.
 * @module
 */

import { FlexdynError } from '../core/errors.ts';
import type { RowMajorMatrix } from './rowMajorMatrix.ts';

/**
 * Sweeps over all column pairs allowed: the iteration converges quadratically and ends after 5–10 sweeps for matrices
 * of a few hundred columns; 60 is a guard that ends the loop, not a tuning.
 */
const defaultMaxSweeps = 60;

/**
 * The min(rows, columns) singular values of `a`, descending (a wide matrix is handled as its transpose: the same values).
 * A pair of columns x, y counts as orthogonal when |xᵀy| ≤ ε·‖x‖‖y‖, the working-precision limit of the cosine.
 * Throws a FlexdynError for a non-finite entry, and when the columns are not orthogonal after `maxSweeps` sweeps
 * (values of an unfinished iteration would decide a rank silently).
 */
export function singularValues(a: RowMajorMatrix, maxSweeps = defaultMaxSweeps): number[] {
  const tall = a.rows >= a.columns;
  const m = tall ? a.rows : a.columns, n = tall ? a.columns : a.rows;
  const columns = Array.from({ length: n }, (_, j) => {
    const column = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      const entry = tall ? a.get(i, j) : a.get(j, i);
      if (!Number.isFinite(entry)) {
        throw new FlexdynError(`singularValues: matrix entries must be finite, got ${entry} at (${tall ? i : j}, ${tall ? j : i})`, { parameter: 'matrix' });
      }
      column[i] = entry;
    }
    return column;
  });
  // a column whose norm is below ε‖A‖_F holds only round-off: its singular value is zero to the accuracy of every
  // other one (each σ is known to a small multiple of ε‖A‖), and rotating two such columns against each other never
  // meets the cosine test, so such pairs are left as they are
  let frobenius = 0;
  for (const column of columns) frobenius += squaredNorm(column, m);
  const negligible = Number.EPSILON * Number.EPSILON * frobenius;
  let converged = n < 2;
  for (let sweep = 0; sweep < maxSweeps && !converged; sweep++) {
    let rotated = false;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) rotated = rotatePair(columns[p], columns[q], m, negligible) || rotated;
    }
    converged = !rotated;
  }
  if (!converged) {
    throw new FlexdynError(`singularValues: the Jacobi rotations of the ${a.rows} × ${a.columns} matrix must converge within ${maxSweeps} sweeps, got columns still not orthogonal`, { parameter: 'matrix' });
  }
  return columns.map((column) => Math.sqrt(squaredNorm(column, m))).sort((x, y) => y - x);
}

/** Σ x_i² of the first m entries. */
function squaredNorm(x: Float64Array, m: number): number {
  let sum = 0;
  for (let i = 0; i < m; i++) sum += x[i] * x[i];
  return sum;
}

/**
 * Rotates the columns x, y (m entries) in their plane so that they become orthogonal; false (nothing changed) if they
 * already are to working precision or one of them is negligible (squared norm ≤ `negligible`). With α = ‖x‖²,
 * β = ‖y‖², γ = xᵀy: ζ = (β − α)/(2γ), t = sign(ζ)/(|ζ| + √(1 + ζ²)) (the smaller root of t² + 2ζt − 1 = 0),
 * c = 1/√(1 + t²), s = c·t; x ← c·x − s·y, y ← s·x + c·y.
 */
function rotatePair(x: Float64Array, y: Float64Array, m: number, negligible: number): boolean {
  let alpha = 0, beta = 0, gamma = 0;
  for (let i = 0; i < m; i++) {
    alpha += x[i] * x[i];
    beta += y[i] * y[i];
    gamma += x[i] * y[i];
  }
  if (alpha <= negligible || beta <= negligible) return false;
  if (!(Math.abs(gamma) > Number.EPSILON * Math.sqrt(alpha) * Math.sqrt(beta))) return false;
  const zeta = (beta - alpha) / (2 * gamma);
  const t = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.hypot(1, zeta));
  const c = 1 / Math.hypot(1, t), s = c * t;
  for (let i = 0; i < m; i++) {
    const xi = x[i], yi = y[i];
    x[i] = c * xi - s * yi;
    y[i] = s * xi + c * yi;
  }
  return true;
}
