/**
 * The dense linear solve of the user-written integrators (numpy.linalg.solve in Exudyn's scripts), for the test models
 * whose user Newton function solves M a = f with the solver object's mass matrix (manualExplicitIntegrator,
 * lieGroupIntegration.ts).
 * @module
 */

/** The factors, row permutation and column of the last solveDense (one system size at a time: an integrator solves the same size every step). */
let workspace = { lu: new Float64Array(0), pivot: new Int32Array(0), column: new Float64Array(0) };

/**
 * x = A⁻¹ b for a square, non-singular A given as rows: an LU decomposition with partial pivoting (Crout's order, column
 * by column, rows swapped when a larger pivot is found below the diagonal) in one flat Float64Array (kept for the next call of the
 * same size), then forward and back substitution. The operations and their order are those of ml-matrix's `solve(new Matrix(A),
 * Matrix.columnVector(b))` (its LuDecomposition), so the digits are the same, without the library's per-row arrays and
 * per-entry iterator; throws if a pivot is zero.
 */
export function solveDense(a: readonly (readonly number[])[], b: ArrayLike<number>): number[] {
  const n = a.length;
  if (b.length !== n) throw new Error(`solveDense: b must have ${n} entries (the rows of A), got ${b.length}`);
  if (workspace.pivot.length !== n) workspace = { lu: new Float64Array(n * n), pivot: new Int32Array(n), column: new Float64Array(n) };
  const { lu, pivot, column } = workspace;
  for (let i = 0; i < n; i++) {
    const row = a[i];
    if (row.length !== n) throw new Error(`solveDense: A must be square, row ${i} has ${row.length} entries instead of ${n}`);
    for (let j = 0; j < n; j++) lu[i * n + j] = row[j];
  }
  for (let i = 0; i < n; i++) pivot[i] = i;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) column[i] = lu[i * n + j];
    for (let i = 0; i < n; i++) {
      const kmax = Math.min(i, j);
      let s = 0;
      for (let k = 0; k < kmax; k++) s += lu[i * n + k] * column[k];
      column[i] -= s;
      lu[i * n + j] = column[i];
    }
    let p = j;
    for (let i = j + 1; i < n; i++) if (Math.abs(column[i]) > Math.abs(column[p])) p = i;
    if (p !== j) {
      for (let k = 0; k < n; k++) {
        const t = lu[p * n + k];
        lu[p * n + k] = lu[j * n + k];
        lu[j * n + k] = t;
      }
      const t = pivot[p];
      pivot[p] = pivot[j];
      pivot[j] = t;
    }
    const diagonal = lu[j * n + j];
    if (diagonal === 0) throw new Error(`solveDense: A is singular (zero pivot in column ${j})`);
    for (let i = j + 1; i < n; i++) lu[i * n + j] /= diagonal;
  }
  const x: number[] = [];
  for (let i = 0; i < n; i++) x.push(b[pivot[i]]);
  for (let k = 0; k < n; k++) for (let i = k + 1; i < n; i++) x[i] -= x[k] * lu[i * n + k];
  for (let k = n - 1; k >= 0; k--) {
    x[k] /= lu[k * n + k];
    for (let i = 0; i < k; i++) x[i] -= x[k] * lu[i * n + k];
  }
  return x;
}
