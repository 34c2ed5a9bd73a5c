/**
 * Static condensation of massless ODE2 coordinates for the eigenvalue solvers: coordinates whose mass-matrix row and
 * column are zero (e.g. the stresses of a mixed Cosserat rod) carry algebraic equations K_SM q_M + K_SS q_S = 0, so
 * q_S = −K_SS⁻¹ K_SM q_M and the eigenproblem of the others is M_MM, K_MM − K_MS K_SS⁻¹ K_SM (the Schur complement; exact,
 * also for unsymmetric K).
 * @module
 */

import { LuDecomposition, Matrix } from 'ml-matrix';
import { FlexdynError } from '../core/errors.ts';
import { RowMajorMatrix } from '../linalg/rowMajorMatrix.ts';

/** The condensed system and how to recover the massless coordinates. */
export interface MasslessCondensation {
  /** Indices of the coordinates kept (with mass), ascending. */
  readonly kept: number[];
  /** Indices of the massless coordinates, ascending. */
  readonly massless: number[];
  /** M_MM. */
  readonly mass: RowMajorMatrix;
  /** K_MM − K_MS K_SS⁻¹ K_SM. */
  readonly stiffness: RowMajorMatrix;
  /** −K_SS⁻¹ K_SM (n_S × n_M): q_S = recover · q_M. */
  readonly recover: RowMajorMatrix;
}

/** Indices whose row and column of the mass matrix are exactly zero. */
export function masslessCoordinates(mass: RowMajorMatrix): number[] {
  const n = mass.rows, result: number[] = [];
  for (let i = 0; i < n; i++) {
    let zero = true;
    for (let j = 0; j < n && zero; j++) zero = mass.get(i, j) === 0 && mass.get(j, i) === 0;
    if (zero) result.push(i);
  }
  return result;
}

/** Condenses the massless coordinates out of (M, K) (ml-matrix's LU); throws a named error when K_SS is singular. */
export function condenseMassless(mass: RowMajorMatrix, stiffness: RowMajorMatrix, massless: number[], where: string): MasslessCondensation {
  const isMassless = new Set(massless);
  const kept = Array.from({ length: mass.rows }, (_, i) => i).filter((i) => !isMassless.has(i));
  const matrix = (m: RowMajorMatrix): Matrix => Matrix.from1DArray(m.rows, m.columns, m.data);
  const kSM = matrix(stiffness.select(massless, kept)), kMS = matrix(stiffness.select(kept, massless));
  const lu = new LuDecomposition(matrix(stiffness.select(massless, massless)));
  if (lu.isSingular()) throw new FlexdynError(`${where}: the stiffness of the ${massless.length} massless coordinates is singular: they cannot be condensed (a massless coordinate without stiffness)`);
  const recover = lu.solve(kSM).mul(-1);
  const condensed = matrix(stiffness.select(kept, kept)).add(kMS.mmul(recover));
  const rowMajor = (m: Matrix): RowMajorMatrix => new RowMajorMatrix(m.rows, m.columns, Float64Array.from(m.to1DArray()));
  return { kept, massless, mass: mass.select(kept, kept), stiffness: rowMajor(condensed), recover: rowMajor(recover) };
}
