/**
 * A small dense matrix on a row-major Float64Array, for the linearization, the symmetric eigen solve and the degree of
 * freedom count: the operations they need, each in the operation order of the ml-matrix routine it replaced (so the
 * results stay bit for bit), without loading ml-matrix (≈ 15 ms of a fresh process) where no unsymmetric eigen solve or
 * massless condensation needs it.
 * @module
 */

import { dotRange } from './vector.ts';

/** A dense rows × columns matrix, entry (i, j) at data[i·columns + j]. */
export class RowMajorMatrix {
  /** The entries, row by row. */
  readonly data: Float64Array;

  /** A zero matrix, or one on the given row-major entries (not copied). */
  constructor(readonly rows: number, readonly columns: number, data?: Float64Array) {
    this.data = data ?? new Float64Array(rows * columns);
  }

  /** Entry (i, j). */
  get(i: number, j: number): number {
    return this.data[i * this.columns + j];
  }

  /** Sets entry (i, j). */
  set(i: number, j: number, value: number): void {
    this.data[i * this.columns + j] = value;
  }

  /** Adds value to entry (row, col): the assemblers' matrix accumulator entry. */
  add(row: number, col: number, value: number): void {
    this.data[row * this.columns + col] += value;
  }

  /** Row i as a view (no copy). */
  row(i: number): Float64Array {
    return this.data.subarray(i * this.columns, (i + 1) * this.columns);
  }

  /** This·other, c_ij = Σ_k a_ik b_kj summed from +0 in ascending k (ml-matrix's mmul). */
  multiply(other: RowMajorMatrix): RowMajorMatrix {
    const n = this.columns, p = other.columns;
    const result = new RowMajorMatrix(this.rows, p);
    const column = new Float64Array(n);
    for (let j = 0; j < p; j++) {
      for (let k = 0; k < n; k++) column[k] = other.data[k * p + j];
      for (let i = 0; i < this.rows; i++) result.data[i * p + j] = dotRange(this.data, i * n, column, 0, n);
    }
    return result;
  }

  /** This·x for a vector x of `columns` entries, each entry summed from +0 in ascending k (as {@link RowMajorMatrix.multiply}). */
  multiplyVector(x: Float64Array): Float64Array {
    const result = new Float64Array(this.rows);
    for (let i = 0; i < this.rows; i++) result[i] = dotRange(this.data, i * this.columns, x, 0, this.columns);
    return result;
  }

  /** The transpose. */
  transpose(): RowMajorMatrix {
    const result = new RowMajorMatrix(this.columns, this.rows);
    for (let i = 0; i < this.rows; i++) for (let j = 0; j < this.columns; j++) result.data[j * this.rows + i] = this.data[i * this.columns + j];
    return result;
  }

  /** The submatrix of rows firstRow … firstRow + rows − 1 and columns firstColumn … firstColumn + columns − 1 (a copy). */
  block(firstRow: number, rows: number, firstColumn: number, columns: number): RowMajorMatrix {
    const result = new RowMajorMatrix(rows, columns);
    for (let i = 0; i < rows; i++) result.data.set(this.data.subarray((firstRow + i) * this.columns + firstColumn, (firstRow + i) * this.columns + firstColumn + columns), i * columns);
    return result;
  }

  /** The submatrix of the given rows and columns, in the given orders (a copy). */
  select(rowIndices: readonly number[], columnIndices: readonly number[]): RowMajorMatrix {
    const result = new RowMajorMatrix(rowIndices.length, columnIndices.length);
    for (let i = 0; i < rowIndices.length; i++) for (let j = 0; j < columnIndices.length; j++) result.data[i * columnIndices.length + j] = this.get(rowIndices[i], columnIndices[j]);
    return result;
  }

  /**
   * The rows as plain arrays, each created at its length and filled by a loop (a solver object's getSystemMassMatrix
   * calls this in every step of a user's integrator: Array.from over a typed array's iterator is several times slower,
   * and pushing into an empty array grows its storage twice for a row of 20).
   */
  toRows(): number[][] {
    const result: number[][] = new Array(this.rows);
    for (let i = 0; i < this.rows; i++) {
      const row: number[] = new Array(this.columns);
      for (let j = 0, k = i * this.columns; j < this.columns; j++, k++) row[j] = this.data[k];
      result[i] = row;
    }
    return result;
  }
}
