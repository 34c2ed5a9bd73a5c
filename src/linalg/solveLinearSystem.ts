/**
 * The dense linear solve for user scripts (numpy.linalg.solve in Exudyn's scripts: a user Newton function or integrator
 * that solves M a = f with the solver object's mass matrix).
 * @module
 */

import { FlexdynError } from '../core/errors.ts';
import { factorCroutLU, solveCroutLU } from './croutLU.ts';

/** Factors, permutation, work column and solution of the last call, kept for the next call of the same size. */
let workspace = { factors: new Float64Array(0), pivots: new Int32Array(0), column: new Float64Array(0), solution: new Float64Array(0) };

/**
 * x = A⁻¹ b for a square, non-singular `matrix` given as rows and a right-hand side `rhs` of as many entries: an LU
 * decomposition with partial pivoting in Crout's order ({@link factorCroutLU}, the operations and order of ml-matrix's
 * and LINPACK's solve), then forward and back substitution. The work arrays are kept for the next call of the same size
 * (an integrator solves one size every step). Throws a FlexdynError for a matrix that is not square, a right-hand side
 * of another length, an entry that is not a finite number, or an exactly zero pivot (singular matrix).
 * @example
 * solveLinearSystem([[2, 1], [1, 3]], [3, 5]); // [0.8, 1.4]
 */
export function solveLinearSystem(matrix: readonly ArrayLike<number>[], rhs: ArrayLike<number>): number[] {
  const n = matrix.length;
  if (n === 0) throw new FlexdynError('solveLinearSystem: matrix must have at least one row, got none', { parameter: 'matrix' });
  if (rhs.length !== n) throw new FlexdynError(`solveLinearSystem: rhs must have ${n} entries (the rows of matrix), got ${rhs.length}`, { parameter: 'rhs' });
  if (workspace.pivots.length !== n) {
    workspace = { factors: new Float64Array(n * n), pivots: new Int32Array(n), column: new Float64Array(n), solution: new Float64Array(n) };
  }
  const { factors, pivots, column, solution } = workspace;
  for (let i = 0; i < n; i++) {
    const row = matrix[i];
    if (row.length !== n) throw new FlexdynError(`solveLinearSystem: matrix must be square (${n} × ${n}), row ${i} has ${row.length} entries`, { parameter: 'matrix' });
    for (let j = 0; j < n; j++) {
      const entry = row[j];
      if (!Number.isFinite(entry)) throw new FlexdynError(`solveLinearSystem: matrix entry (${i}, ${j}) must be a finite number, got ${entry}`, { parameter: 'matrix' });
      factors[i * n + j] = entry;
    }
    if (!Number.isFinite(rhs[i])) throw new FlexdynError(`solveLinearSystem: rhs entry ${i} must be a finite number, got ${rhs[i]}`, { parameter: 'rhs' });
  }
  const zeroPivot = factorCroutLU(factors, n, pivots, column);
  if (zeroPivot >= 0) throw new FlexdynError(`solveLinearSystem: matrix must be non-singular, got a zero pivot in column ${zeroPivot}`, { parameter: 'matrix' });
  solveCroutLU(factors, pivots, rhs, solution, n, 1);
  return Array.from(solution);
}
