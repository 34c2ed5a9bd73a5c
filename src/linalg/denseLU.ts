/**
 * Dense LU factorization with partial (row) pivoting, in place on a preallocated
 * row-major buffer. Meant for the small and medium dense systems (n = 1..300) of the
 * solvers: nothing is allocated by {@link DenseLU.factorize} or {@link DenseLU.solve}. The factorizations and every
 * substitution run as WebAssembly (denseLUKernels.ts: compiled code from a fresh process's first call on).
 * @module
 */

import {
  denseLULargeKernel, denseLULayout, type DenseLULayout, type DenseLUMemory, type FactorListing, growDenseLUMemory,
  ownedMemory, releasedError, returnDenseLUMemory, substituteInMemory, takeDenseLUMemory,
} from './denseLUKernels.ts';

/**
 * Default relative zero-pivot tolerance of {@link DenseLU}.
 *
 * Column k is declared singular when, after the eliminations of steps 0..k-1, every
 * candidate pivot satisfies |a_ik| <= tol · c_k, with c_k the largest absolute entry of
 * the whole column k of the partly factored matrix (its finished U part and its
 * candidates). Measuring relative to the column, not to the whole matrix, makes the
 * test independent of the units of each unknown (column scaling).
 *
 * Why 1e-13: a column that is an exact linear combination of earlier columns is reduced
 * to pure rounding noise, bounded by about m·ε·c_k after m ≤ n updates (ε = 2.2e-16),
 * i.e. ≤ 6.7e-14·c_k for n ≤ 300; with random-sign rounding it grows like √m·ε and
 * measures 1e-16..4e-15 for rank-deficient random matrices of n = 10..300 (checked in
 * test/linalg/denseLU.test.ts). A genuine pivot that small means a condition number
 * beyond ~1e13, where a double-precision solution keeps at most 3 correct digits, so
 * reporting it as singular is the more useful answer for a dynamics solver.
 */
export const DENSE_PIVOT_TOLERANCE = 1e-13;

/**
 * From this dimension on {@link DenseLU.factorize} bounds its column passes by the matrix's profile (same factors): below
 * it the bookkeeping (a pass over all n² entries) is not worth it.
 */
const largeMatrixDimension = 64;

/** Failure report of {@link DenseLU.factorize}: the first column without a usable pivot. */
export interface DenseLUSingular {
  /** Index of the (near-)singular column (= unknown), 0-based. */
  readonly singularColumn: number;
  /** Largest candidate pivot magnitude that was found in that column. */
  readonly pivot: number;
  /** Largest magnitude in that column of the partly factored matrix (the reference scale). */
  readonly columnScale: number;
}

/**
 * In-place dense LU factorization P·A = L·U with partial pivoting (row-major storage). The matrix, the row swaps and the
 * substitution's vector and lists live in a WebAssembly memory of the instance's own (taken from the pool of
 * denseLUKernels.ts, given back by {@link DenseLU.release}), where the kernels of denseLUKernels.ts factorize (from
 * {@link largeMatrixDimension} on bounded by the matrix's profile) and substitute.
 */
export class DenseLU {
  /** Current dimension. */
  n: number;
  /**
   * Row-major n×n matrix A, entry (i, j) at `i*n + j`. Fill it, then call
   * {@link DenseLU.factorize}, which overwrites it with the L and U factors.
   * {@link DenseLU.resize} may replace this array: always access it through the instance.
   */
  matrix!: Float64Array;
  /** Relative zero-pivot tolerance, see {@link DENSE_PIVOT_TOLERANCE}. */
  pivotTolerance: number = DENSE_PIVOT_TOLERANCE;
  /**
   * The memory of the matrix and of the kernels' arrays, with the kernels on it (grown by resize, which then replaces every
   * view); undefined once released.
   */
  private storage?: DenseLUMemory;
  /** Where the arrays lie in memory, for matrices up to capacity×capacity. */
  private layout: DenseLULayout;
  private capacity: number;
  /** Row k was swapped with row swaps[k] (a view of memory). */
  private swaps!: Int32Array;
  /** The right-hand side and solution of the substitution (a view of memory). */
  private vector!: Float64Array;
  /** Pivot and column scale of a singular column found by the kernel (a view of memory). */
  private report!: Float64Array;
  private factored = false;
  /** The listing of the factors' nonzeros for the substitutions (see {@link substituteInMemory}). */
  private readonly nonzeros: FactorListing = { substitutions: 0, listed: false };

  /** Allocates storage for an n×n system. */
  constructor(n: number) {
    checkDimension(n);
    this.n = n;
    this.capacity = n;
    this.layout = denseLULayout(n);
    this.storage = takeDenseLUMemory(this.layout.bytes);
    this.makeViews(this.storage);
  }

  /** True after a successful {@link DenseLU.factorize} (reset by resize and by a failed factorization). */
  get isFactored(): boolean {
    return this.factored;
  }

  /**
   * Changes the dimension. Storage is reused when it is large enough; the contents of
   * {@link DenseLU.matrix} are unspecified afterwards and must be filled again.
   */
  resize(n: number): void {
    checkDimension(n);
    const storage = this.owned('resize');
    if (n > this.capacity) {
      const layout = denseLULayout(n);
      // (growing detaches the old buffer and every view of it: makeViews below replaces them all)
      growDenseLUMemory(storage, layout.bytes);
      this.layout = layout;
      this.capacity = n;
    }
    this.n = n;
    this.factored = false;
    this.makeViews(storage);
  }

  /**
   * Gives the memory back to the pool of denseLUKernels.ts, where the next DenseLU takes it: call it only when nothing uses
   * this DenseLU any more (views of its matrix taken before included). Afterwards {@link DenseLU.matrix} is empty and
   * factorize, solve and resize throw a FlexdynError; a second release does nothing.
   */
  release(): void {
    if (this.storage === undefined) return;
    // views of length 0 (nothing of the memory reachable from here)
    this.n = 0;
    this.makeViews(this.storage);
    this.factored = false;
    returnDenseLUMemory(this.storage);
    this.storage = undefined;
  }

  /** The memory, or the FlexdynError of a call after {@link DenseLU.release}. */
  private owned(method: string): DenseLUMemory {
    return ownedMemory(this.storage, 'DenseLU', method);
  }

  /** The views of memory for the current dimension. */
  private makeViews(storage: DenseLUMemory): void {
    const { buffer } = storage.memory;
    const n = this.n;
    this.matrix = new Float64Array(buffer, 0, n * n);
    this.swaps = new Int32Array(buffer, this.layout.swaps, n);
    this.vector = new Float64Array(buffer, this.layout.vector, n);
    this.report = new Float64Array(buffer, this.layout.report, 2);
  }

  /**
   * Factorizes {@link DenseLU.matrix} in place. Returns `true` on success, or a
   * {@link DenseLUSingular} naming the first column whose best pivot is below
   * `pivotTolerance` relative to that column (the factors are then unusable).
   */
  factorize(): true | DenseLUSingular {
    const storage = this.owned('factorize');
    this.factored = false;
    this.nonzeros.substitutions = 0;
    this.nonzeros.listed = false;
    const { layout } = this;
    let singularColumn: number;
    if (this.n >= largeMatrixDimension) {
      storage.largeKernel ??= denseLULargeKernel(storage.memory);
      singularColumn = storage.largeKernel.factorizeLarge(this.n, this.pivotTolerance, layout.swaps, layout.columns,
        layout.lastRow, layout.upperMax, layout.report);
    } else {
      singularColumn = storage.kernels.factorize(this.n, this.pivotTolerance, layout.swaps, layout.columns, layout.report);
    }
    if (singularColumn >= 0) return { singularColumn, pivot: this.report[0], columnScale: this.report[1] };
    this.factored = true;
    return true;
  }

  /**
   * Solves A·x = b with the current factors. `x` may be the same array as `b`.
   * Throws if there is no valid factorization (a FlexdynError after {@link DenseLU.release}).
   */
  solve(b: Float64Array, x: Float64Array): void {
    if (!this.factored) throw this.storage === undefined ? releasedError('DenseLU', 'solve') : new Error('DenseLU.solve: matrix is not factorized');
    const n = this.n;
    // (copies by TypedArray.set: no element passes through interpreted code)
    this.vector.set(b.length === n ? b : b.subarray(0, n));
    substituteInMemory(this.storage!.kernels, this.layout, this.nonzeros, n, n, 0, n);
    x.set(this.vector);
  }
}

function checkDimension(n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`DenseLU: invalid dimension ${n}`);
}
