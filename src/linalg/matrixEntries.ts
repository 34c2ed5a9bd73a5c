/**
 * Constant square matrices given as dense rows (an item's parameters), kept as their nonzero entries: finite-element and
 * state-space matrices are mostly zeros, and a zero entry adds nothing to a product or to the system matrix's pattern.
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

/** The nonzero entries of a square matrix given as rows; undefined for an empty matrix. */
export function matrixEntries(matrixRows: readonly (readonly number[])[]): MatrixEntries | undefined {
  const n = matrixRows.length;
  if (n === 0) return undefined;
  let count = 0;
  for (const row of matrixRows) for (let j = 0; j < n; j++) if (row[j] !== 0) count++;
  const rows = new Int32Array(count), cols = new Int32Array(count), values = new Float64Array(count), rowStart = new Int32Array(n + 1);
  let e = 0;
  for (let i = 0; i < n; i++) {
    rowStart[i] = e;
    const row = matrixRows[i];
    for (let j = 0; j < n; j++) {
      if (row[j] === 0) continue;
      rows[e] = i; cols[e] = j; values[e] = row[j];
      e++;
    }
  }
  rowStart[n] = e;
  return { rows, cols, values, rowStart, count };
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
