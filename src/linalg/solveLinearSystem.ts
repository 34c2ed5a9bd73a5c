/**
 * The dense linear solve for user scripts (numpy.linalg.solve in Exudyn's scripts: a user Newton function or integrator
 * that solves M a = f with the solver object's mass matrix).
 * @module
 */

import { FlexdynError } from '../core/errors.ts';
import { toNumberArray } from './arrays.ts';
import { factorCroutLU, solveCroutLU } from './croutLU.ts';

/**
 * The last call's matrix (`matrix`, row-major), its factors and permutation (valid while `factored`), the work column and
 * the solution, kept for the next call of the same size.
 */
let workspace = {
  matrix: new Float64Array(0), factors: new Float64Array(0), pivots: new Int32Array(0), column: new Float64Array(0), solution: new Float64Array(0), factored: false,
};

/**
 * x = A⁻¹ b for a square, non-singular `matrix` given as rows and a right-hand side `rhs` of as many entries: an LU
 * decomposition with partial pivoting in Crout's order ({@link factorCroutLU}, the operations and order of ml-matrix's
 * and LINPACK's solve), then forward and back substitution. The work arrays are kept for the next call of the same size
 * (an integrator solves one size every step), and so are the factors: a matrix equal entry for entry (signed zeros
 * included) to the last one's is not factorized again (a user integrator's constant mass matrix) — the same factors, so
 * the same digits. Throws a FlexdynError for a matrix that is not square, a right-hand side of another length, an entry
 * that is not a finite number, or an exactly zero pivot (singular matrix).
 * @example
 * solveLinearSystem([[2, 1], [1, 3]], [3, 5]); // [0.8, 1.4]
 */
export function solveLinearSystem(matrix: readonly ArrayLike<number>[], rhs: ArrayLike<number>): number[] {
  const n = matrix.length;
  if (n === 0) throw new FlexdynError('solveLinearSystem: matrix must have at least one row, got none', { parameter: 'matrix' });
  if (rhs.length !== n) throw new FlexdynError(`solveLinearSystem: rhs must have ${n} entries (the rows of matrix), got ${rhs.length}`, { parameter: 'rhs' });
  if (workspace.pivots.length !== n) {
    workspace = {
      matrix: new Float64Array(n * n), factors: new Float64Array(n * n), pivots: new Int32Array(n), column: new Float64Array(n), solution: new Float64Array(n), factored: false,
    };
  }
  const { matrix: kept, factors, pivots, column, solution } = workspace;
  let same = workspace.factored;
  for (let i = 0; i < n; i++) {
    const row = matrix[i];
    if (row.length !== n) throw new FlexdynError(`solveLinearSystem: matrix must be square (${n} × ${n}), row ${i} has ${row.length} entries`, { parameter: 'matrix' });
    for (let j = 0, k = i * n; j < n; j++, k++) {
      const entry = row[j];
      // kept holds finite entries only: an equal entry is finite (Object.is would call a builtin for a holey array's entry)
      if (entry !== kept[k] || (entry === 0 && 1 / entry !== 1 / kept[k])) {
        if (!Number.isFinite(entry)) throw new FlexdynError(`solveLinearSystem: matrix entry (${i}, ${j}) must be a finite number, got ${entry}`, { parameter: 'matrix' });
        same = false;
        workspace.factored = false; // before a later entry may throw: kept no longer holds the factorized matrix
        kept[k] = entry;
      }
    }
    if (!Number.isFinite(rhs[i])) throw new FlexdynError(`solveLinearSystem: rhs entry ${i} must be a finite number, got ${rhs[i]}`, { parameter: 'rhs' });
  }
  if (!same) {
    factors.set(kept);
    const zeroPivot = factorCroutLU(factors, n, pivots, column);
    if (zeroPivot >= 0) throw new FlexdynError(`solveLinearSystem: matrix must be non-singular, got a zero pivot in column ${zeroPivot}`, { parameter: 'matrix' });
    workspace.factored = true;
  }
  solveCroutLU(factors, pivots, rhs, solution, n, 1);
  return toNumberArray(solution);
}
