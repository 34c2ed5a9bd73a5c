/**
 * Constant square matrices given as dense rows or compressed by columns (an item's parameters), kept as their nonzero
 * entries: finite-element and state-space matrices are mostly zeros, and a zero entry adds nothing to a product or to
 * the system matrix's pattern.
 * @module
 */

/** The nonzero entries of a constant square matrix, row by row (columns ascending). */
export interface MatrixEntries {
  /** Row of each entry. */
  readonly rows: Int32Array;
  /** Column of each entry. */
  readonly cols: Int32Array;
  /** Value of each entry. */
  readonly values: Float64Array;
  /** Row i's entries are rowStart[i] … rowStart[i + 1] − 1. */
  readonly rowStart: Int32Array;
  /** Number of entries. */
  readonly count: number;
}

/** The nonzero entries of a square matrix given as rows; undefined for an empty matrix. One pass over the n² entries. */
export function matrixEntries(matrixRows: ArrayLike<ArrayLike<number>>): MatrixEntries | undefined {
  const n = matrixRows.length;
  if (n === 0) return undefined;
  const cols: number[] = [], values: number[] = [];
  const rowStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    rowStart[i] = cols.length;
    const row = matrixRows[i];
    for (let j = 0; j < n; j++) {
      const v = row[j];
      if (v === 0) continue;
      cols.push(j);
      values.push(v);
    }
  }
  const count = cols.length;
  rowStart[n] = count;
  const rows = new Int32Array(count);
  for (let i = 0; i < n; i++) rows.fill(i, rowStart[i], rowStart[i + 1]);
  return { rows, cols: Int32Array.from(cols), values: Float64Array.from(values), rowStart, count };
}

/**
 * The nonzero entries of a square n × n matrix compressed by columns (the entries of column c are rowIndex[k], values[k]
 * for colPtr[c] ≤ k < colPtr[c + 1]; indices checked by the caller), row by row with columns ascending; undefined for
 * n = 0. A position stored more than once is the sum of its values in storage order, and a zero sum is dropped: the
 * entries {@link matrixEntries} finds in the dense rows that add the stored values to zeros in that order, bit for bit
 * (0 + v = v, and a sum that differs from the dense one only in the sign of a zero is dropped by both). Costs O(n +
 * stored entries).
 */
export function cscEntries(n: number, colPtr: ArrayLike<number>, rowIndex: ArrayLike<number>, values: ArrayLike<number>): MatrixEntries | undefined {
  if (n === 0) return undefined;
  const stored = colPtr[n];
  const rowStart = new Int32Array(n + 1);
  for (let k = 0; k < stored; k++) rowStart[rowIndex[k] + 1]++;
  for (let i = 0; i < n; i++) rowStart[i + 1] += rowStart[i];
  // bucketed by row, columns in ascending order (the columns are visited in order), repeated positions adjacent
  const next = rowStart.slice(0, n);
  let cols = new Int32Array(stored), entryValues = new Float64Array(stored);
  for (let c = 0; c < n; c++) {
    for (let k = colPtr[c], end = colPtr[c + 1]; k < end; k++) {
      const p = next[rowIndex[k]]++;
      cols[p] = c;
      entryValues[p] = values[k];
    }
  }
  let rows = new Int32Array(stored);
  const count = mergeRows(n, rowStart, rows, cols, entryValues);
  if (count < stored) {
    rows = rows.slice(0, count);
    cols = cols.slice(0, count);
    entryValues = entryValues.slice(0, count);
  }
  return { rows, cols, values: entryValues, rowStart, count };
}

/**
 * {@link cscEntries}' compaction in place: per row (rowStart), adjacent entries of one column summed, zero sums dropped;
 * sets rows and the new rowStart and returns the number of entries kept.
 */
function mergeRows(n: number, rowStart: Int32Array, rows: Int32Array, cols: Int32Array, values: Float64Array): number {
  let e = 0;
  for (let i = 0; i < n; i++) {
    const start = rowStart[i], end = rowStart[i + 1];
    rowStart[i] = e;
    for (let p = start; p < end;) {
      const c = cols[p];
      let v = values[p++];
      while (p < end && cols[p] === c) v += values[p++];
      if (v === 0) continue;
      rows[e] = i; cols[e] = c; values[e] = v;
      e++;
    }
  }
  rowStart[n] = e;
  return e;
}

/** The entries of the transpose of an n × n matrix's entries, row by row with columns ascending. Costs O(n + entries). */
export function transposedEntries(a: MatrixEntries, n: number): MatrixEntries {
  const count = a.count;
  const rowStart = new Int32Array(n + 1);
  for (let e = 0; e < count; e++) rowStart[a.cols[e] + 1]++;
  for (let i = 0; i < n; i++) rowStart[i + 1] += rowStart[i];
  const next = rowStart.slice(0, n);
  const rows = new Int32Array(count), cols = new Int32Array(count), values = new Float64Array(count);
  for (let e = 0; e < count; e++) {
    const p = next[a.cols[e]]++;
    rows[p] = a.cols[e];
    cols[p] = a.rows[e];
    values[p] = a.values[e];
  }
  return { rows, cols, values, rowStart, count };
}

/** Entry (i, j) of a matrix given by its entries: the stored value, 0 where none is stored (binary search in row i). */
export function entryValue(a: MatrixEntries, i: number, j: number): number {
  let lo = a.rowStart[i], hi = a.rowStart[i + 1];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a.cols[mid] < j) lo = mid + 1;
    else hi = mid;
  }
  return lo < a.rowStart[i + 1] && a.cols[lo] === j ? a.values[lo] : 0;
}

/** Adds factor·entries to the row-major n × n matrix out. */
export function addEntriesTo(entries: MatrixEntries, n: number, factor: number, out: Float64Array): void {
  const { rows, cols, values, count } = entries;
  for (let e = 0; e < count; e++) out[rows[e] * n + cols[e]] += factor * values[e];
}

/** The index into a vector x of each entry's column: index[cols[e]] (the entries' x positions for {@link addRowProduct}). */
export function entryIndices(a: MatrixEntries, index: Int32Array): Int32Array<ArrayBuffer> {
  const result = new Int32Array(a.count);
  for (let e = 0; e < a.count; e++) result[e] = index[a.cols[e]];
  return result;
}

/**
 * start + Σ_j a_ij x_j over row i's entries, summed in column order, x_j read at x[at[e]] (at from {@link entryIndices}).
 * For finite x this is bit for bit the sum over all n columns from start: a skipped term a_ij·x_j = ±0 leaves a nonzero
 * sum unchanged, and +0 too (+0 + −0 = +0), so the sum is never −0 unless start is.
 */
export function addRowProduct(start: number, a: MatrixEntries, i: number, x: Float64Array, at: Int32Array): number {
  const values = a.values;
  let sum = start;
  for (let e = a.rowStart[i], end = a.rowStart[i + 1]; e < end; e++) sum += values[e] * x[at[e]];
  return sum;
}
