import type { MatrixContainerValue } from '../../../registry/parameters.ts';
import { itemError, type ItemLabel } from '../../../core/errors.ts';

/** A square sparse matrix in compressed-row form with sorted, unique column indices per row. */
export interface CsrMatrix {
  /** Dimension n (n × n). */
  readonly n: number;
  /** Row start offsets, n + 1 entries. */
  readonly rowPtr: Int32Array;
  /** Column index of each stored entry. */
  readonly col: Int32Array;
  /** Value of each stored entry. */
  readonly val: Float64Array;
}

/** The number of rows and columns of a matrix-container value. */
export function containerShape(m: MatrixContainerValue): [number, number] {
  if (Array.isArray(m)) return [m.length, m.length === 0 ? 0 : (m[0] as readonly number[]).length];
  if ('triplets' in m) return [m.numberOfRows, m.numberOfColumns];
  if ('colPtr' in m) return [m.n, m.n];
  return [0, 0];
}

/**
 * Converts a matrix container (dense rows, CSC or triplets; square, checked by the caller) to CSR, summing repeated
 * positions; dense zeros are not stored.
 */
export function containerToCsr(m: MatrixContainerValue): CsrMatrix {
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
  const order = Int32Array.from(rows.keys()).sort((a, b) => rows[a] - rows[b] || cols[a] - cols[b]);
  const rowPtr = new Int32Array(n + 1);
  const col: number[] = [], val: number[] = [];
  let lastRow = -1, lastCol = -1;
  for (const k of order) {
    if (rows[k] === lastRow && cols[k] === lastCol) { val[val.length - 1] += vals[k]; continue; }
    lastRow = rows[k]; lastCol = cols[k];
    col.push(cols[k]); val.push(vals[k]);
    rowPtr[rows[k] + 1]++;
  }
  for (let i = 0; i < n; i++) rowPtr[i + 1] += rowPtr[i];
  return { n, rowPtr, col: Int32Array.from(col), val: Float64Array.from(val) };
}

/** The value at (i, j) of a CSR matrix (binary search in row i), 0 if not stored. */
export function csrEntry(a: CsrMatrix, i: number, j: number): number {
  let lo = a.rowPtr[i], hi = a.rowPtr[i + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = a.col[mid];
    if (c === j) return a.val[mid];
    if (c < j) lo = mid + 1; else hi = mid - 1;
  }
  return 0;
}

/**
 * Throws unless a is symmetric: |a_ij − a_ji| ≤ 1e-10·max|a| for every stored entry (the relative round-off of
 * matrices written with 16 digits and assembled in different orders stays far below).
 */
export function checkSymmetric(label: ItemLabel, parameter: string, a: CsrMatrix): void {
  let scale = 0;
  for (let k = 0; k < a.val.length; k++) scale = Math.max(scale, Math.abs(a.val[k]));
  const tolerance = 1e-10 * scale;
  for (let i = 0; i < a.n; i++) {
    for (let k = a.rowPtr[i]; k < a.rowPtr[i + 1]; k++) {
      const j = a.col[k];
      const t = csrEntry(a, j, i);
      if (Math.abs(a.val[k] - t) > tolerance) {
        itemError(label, parameter, `must be symmetric, got entry (${i}, ${j}) = ${a.val[k]} but (${j}, ${i}) = ${t}`);
      }
    }
  }
}
