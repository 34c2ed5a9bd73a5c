import ndarray from 'ndarray';
import type { NdArray } from 'ndarray';
import { FlexdynError } from '../core/errors.ts';

/** A row-major matrix on a Float64Array; row(i) is a view (no copy). */
export class RowMatrix {
  /** Row-major values, rows × columns. */
  readonly data: Float64Array;
  /** Number of rows. */
  readonly rows: number;
  /** Number of columns. */
  readonly columns: number;

  /** A rows × columns matrix on the given data (allocated with zeros when omitted). */
  constructor(rows: number, columns: number, data?: Float64Array) {
    this.rows = rows;
    this.columns = columns;
    if (data !== undefined && data.length !== rows * columns) {
      throw new FlexdynError(`RowMatrix: data must have ${rows}·${columns} = ${rows * columns} entries, got ${data.length}`);
    }
    this.data = data ?? new Float64Array(rows * columns);
  }

  /** Row i as a Float64Array view into data. */
  row(i: number): Float64Array {
    this.checkRow(i);
    return this.data.subarray(i * this.columns, (i + 1) * this.columns);
  }

  /** Entry (i, j). */
  get(i: number, j: number): number {
    this.checkRow(i);
    if (!Number.isInteger(j) || j < 0 || j >= this.columns) throw new FlexdynError(`RowMatrix: column must be in 0 … ${this.columns - 1}, got ${j}`);
    return this.data[i * this.columns + j];
  }

  /** The matrix as a rows × columns ndarray view on the same data (as the FEM interface returns). */
  asNdArray(): NdArray<Float64Array> {
    return ndarray(this.data, [this.rows, this.columns]);
  }

  /** Column j as a new Float64Array. */
  column(j: number): Float64Array {
    if (!Number.isInteger(j) || j < 0 || j >= this.columns) throw new FlexdynError(`RowMatrix: column must be in 0 … ${this.columns - 1}, got ${j}`);
    const out = new Float64Array(this.rows);
    for (let i = 0; i < this.rows; i++) out[i] = this.data[i * this.columns + j];
    return out;
  }

  private checkRow(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.rows) throw new FlexdynError(`RowMatrix: row must be in 0 … ${this.rows - 1}, got ${i}`);
  }
}
