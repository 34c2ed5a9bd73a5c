import type { MatrixContainerValue } from '../../../registry/parameters.ts';
import { itemError, type ItemLabel } from '../../../core/errors.ts';
import { cscEntry, cscFromTriplets, type CscMatrix } from '../../../linalg/sparse.ts';
import { cscEntries, matrixEntries, type MatrixEntries } from '../../../linalg/matrixEntries.ts';

/** The number of rows and columns of a matrix-container value. */
export function containerShape(m: MatrixContainerValue): [number, number] {
  if (Array.isArray(m)) return [m.length, m.length === 0 ? 0 : (m[0] as readonly number[]).length];
  if ('triplets' in m) return [m.numberOfRows, m.numberOfColumns];
  if ('colPtr' in m) return [m.n, m.n];
  return [0, 0];
}

/**
 * The nonzero entries of a square matrix container (checked square by the caller), row by row with columns ascending;
 * undefined for the empty matrix. Dense rows as {@link matrixEntries}; CSC and triplets from their stored entries
 * ({@link cscEntries}: O(n + stored entries)), repeated positions summed in the order given: the same entries, bit for
 * bit, as from the dense rows that add the stored values to zeros in that order.
 */
export function containerEntries(m: MatrixContainerValue): MatrixEntries | undefined {
  if (entriesOf.has(m)) return entriesOf.get(m);
  const entries = entriesOfContainer(m);
  entriesOf.set(m, entries);
  return entries;
}

/**
 * The entries {@link containerEntries} found, by container: an item's validated parameter value is its private copy, never
 * modified (get…Parameter answers copies), so the check at add time and the model created at assemble share one.
 */
const entriesOf = new WeakMap<MatrixContainerValue, MatrixEntries | undefined>();

/** {@link containerEntries} computed. */
function entriesOfContainer(m: MatrixContainerValue): MatrixEntries | undefined {
  if (Array.isArray(m)) return matrixEntries(m as readonly (readonly number[])[]);
  if ('colPtr' in m) return cscEntries(m.n, m.colPtr, m.rowIndex, m.values);
  if (!('triplets' in m)) return undefined;
  // repeated positions summed in the order given (cscFromTriplets), then row by row
  const t = m.triplets;
  const csc = cscFromTriplets(m.numberOfRows, Int32Array.from(t, (e) => e[0]), Int32Array.from(t, (e) => e[1]), Float64Array.from(t, (e) => e[2]), t.length);
  return cscEntries(csc.n, csc.colPtr, csc.rowIndex, csc.values);
}

/**
 * A square matrix container (dense rows, CSC or triplets; checked square by the caller) compressed by rows: the CSC
 * matrix of its transpose, so that column r of the result lists row r of m (colPtr as row offsets, rowIndex as column
 * indices, sorted); repeated positions summed, dense zeros not stored.
 */
export function containerRowsAsCsc(m: MatrixContainerValue): CscMatrix {
  const [n] = containerShape(m);
  const rows: number[] = [], cols: number[] = [], vals: number[] = [];
  if (Array.isArray(m)) {
    const dense = m as readonly (readonly number[])[];
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (dense[i][j] !== 0) { rows.push(i); cols.push(j); vals.push(dense[i][j]); }
  } else if ('triplets' in m) {
    for (const [r, c, v] of m.triplets) { rows.push(r); cols.push(c); vals.push(v); }
  } else if ('colPtr' in m) {
    for (let c = 0; c < n; c++) for (let k = m.colPtr[c]; k < m.colPtr[c + 1]; k++) { rows.push(m.rowIndex[k]); cols.push(c); vals.push(m.values[k]); }
  }
  return cscFromTriplets(n, Int32Array.from(cols), Int32Array.from(rows), Float64Array.from(vals), vals.length);
}

/**
 * Throws unless the matrix whose rows are the columns of a ({@link containerRowsAsCsc}) is symmetric:
 * |a_ij − a_ji| ≤ 1e-10·max|a| for every stored entry (the relative round-off of matrices written with 16 digits and
 * assembled in different orders stays far below).
 */
export function checkSymmetric(label: ItemLabel, parameter: string, a: CscMatrix): void {
  let scale = 0;
  for (let k = 0; k < a.values.length; k++) scale = Math.max(scale, Math.abs(a.values[k]));
  const tolerance = 1e-10 * scale;
  for (let i = 0; i < a.n; i++) {
    for (let k = a.colPtr[i]; k < a.colPtr[i + 1]; k++) {
      const j = a.rowIndex[k];
      const t = cscEntry(a, i, j);
      if (Math.abs(a.values[k] - t) > tolerance) {
        itemError(label, parameter, `must be symmetric, got entry (${i}, ${j}) = ${a.values[k]} but (${j}, ${i}) = ${t}`);
      }
    }
  }
}
