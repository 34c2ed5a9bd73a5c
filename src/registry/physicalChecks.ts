import { itemError, type ItemLabel } from '../core/errors.ts';
import { largestAsymmetry, largestMagnitude, negativeEigenvalue } from '../linalg/definiteness.ts';
import { entryValue, matrixEntries, transposedEntries, type MatrixEntries } from '../linalg/matrixEntries.ts';
import type { MatrixValue } from './parameters.ts';

/**
 * Relative tolerance of the symmetry and definiteness checks of mass matrices: 1e-10 of the largest entry
 * allows the round-off of computed matrices (products such as Ψᵀ M Ψ) and rejects every physical error.
 */
const massTolerance = 1e-10;

/**
 * Throws unless a mass (or inertia) matrix given as rows is symmetric and positive semi-definite: a kinetic
 * energy ½ q̇ᵀ M q̇ that can be negative, or an asymmetric M, belongs to no physical body ({@link checkMassEntries}
 * on its nonzero entries).
 */
export function checkMassMatrix(label: ItemLabel, parameter: string, rows: MatrixValue): void {
  const n = rows.length;
  if (n === 0) return;
  for (let i = 0; i < n; i++) if (rows[i].length !== n) itemError(label, parameter, `must be a square matrix (n × n), got ${n} rows and ${rows[i].length} entries in row ${i}`);
  checkMassEntries(label, parameter, matrixEntries(rows), n);
}

/**
 * {@link checkMassMatrix} of an n × n mass matrix given by its nonzero entries (dense rows or a sparse matrix container;
 * undefined: empty): the symmetry and the diagonal in O(n + entries), the semi-definiteness by a Cholesky test within the
 * rows' envelope ({@link negativeEigenvalue}: O(n) for a lumped mass matrix); the same decisions and messages as on the
 * dense matrix.
 */
export function checkMassEntries(label: ItemLabel, parameter: string, a: MatrixEntries | undefined, n: number): void {
  if (a === undefined) return;
  const scale = largestMagnitude(a.values);
  const at = transposedEntries(a, n);
  const asymmetry = largestAsymmetry(a, at, n);
  if (asymmetry.value > massTolerance * scale) {
    const { row: i, column: j } = asymmetry;
    itemError(label, parameter, `must be symmetric (a mass matrix is), got entry [${i}][${j}] = ${entryValue(a, i, j)} but [${j}][${i}] = ${entryValue(a, j, i)}`);
  }
  for (let e = 0; e < a.count; e++) {
    const i = a.rows[e];
    if (a.cols[e] === i && a.values[e] < -massTolerance * scale) itemError(label, parameter, `must be positive semi-definite (kinetic energy ≥ 0), got diagonal entry [${i}][${i}] = ${a.values[e]}`);
  }
  const lambda = negativeEigenvalue(a, at, n, massTolerance * scale);
  if (lambda !== undefined) itemError(label, parameter, `must be positive semi-definite (kinetic energy ≥ 0), got a matrix with eigenvalue ${lambda.toPrecision(6)}`);
}

/** Throws unless every entry of a vector parameter (stiffnesses, dampings, masses per axis) is ≥ 0. */
export function checkNonNegativeEntries(label: ItemLabel, parameter: string, values: ArrayLike<number>, meaning: string): void {
  for (let i = 0; i < values.length; i++) {
    if (values[i] < 0) itemError(label, parameter, `entry ${i} must be non-negative (${meaning}), got ${values[i]}`);
  }
}

/**
 * The check of a scalar linear spring-damper law f = k·(…) + d·(…): k ≥ 0 and d ≥ 0. With a user function the two
 * values are only its arguments and are not checked (userFunction is the parameter value, 0 for none).
 */
export function checkScalarSpringDamper(label: ItemLabel, stiffness: number, damping: number, userFunction: unknown): void {
  if (userFunction !== 0) return;
  checkNonNegativeEntries(label, 'stiffness', [stiffness], 'a spring with negative stiffness pushes away from its rest position');
  checkNonNegativeEntries(label, 'damping', [damping], 'a damper with negative damping adds energy');
}

/**
 * Throws unless the symmetric part of a stiffness or damping matrix (rows) is positive semi-definite: otherwise
 * some small motion gains energy from the element (a spring that pushes away, a damper that drives).
 */
export function checkPassiveMatrix(label: ItemLabel, parameter: string, rows: MatrixValue, meaning: string): void {
  const n = rows.length;
  const a = matrixEntries(rows);
  if (a === undefined) return;
  const lambda = negativeEigenvalue(a, transposedEntries(a, n), n, massTolerance * largestMagnitude(a.values));
  if (lambda !== undefined) itemError(label, parameter, `must have a positive semi-definite symmetric part (${meaning}), got one with eigenvalue ${lambda.toPrecision(6)}`);
}
