/**
 * Rank-revealing dense LU factorization with complete (row and column) pivoting, P·A·Q = L·U, in place on a
 * preallocated row-major buffer: the factorization behind `linearSolverSettings.ignoreSingularJacobian` (Exudyn uses
 * Eigen's FullPivLU there). It solves consistent singular systems — the Jacobian of a mechanism with redundant
 * constraints, whose dependent equations repeat others and whose multipliers are not unique — with the unknowns of
 * the missing pivots set to zero. Nothing is allocated by {@link DenseFullPivotLU.factorize} or
 * {@link DenseFullPivotLU.solve}.
 * @module
 */

import { FactorNonzeros } from './denseLU.ts';

/** Failure report of {@link DenseFullPivotLU.factorize}: a non-finite entry, which no pivoting can handle. */
export interface DenseFullPivotLUInvalid {
  /** Row-major position of a NaN or infinite entry: row = ⌊index/n⌋, column = index mod n. */
  readonly invalidIndex: number;
}

/** In-place dense LU with complete pivoting and a numerical rank (row-major storage). */
export class DenseFullPivotLU {
  /** Current dimension. */
  n: number;
  /**
   * Row-major n×n matrix A, entry (i, j) at `i*n + j`; {@link DenseFullPivotLU.factorize} overwrites it with the factors.
   * {@link DenseFullPivotLU.resize} may replace this array: always access it through the instance.
   */
  matrix: Float64Array;
  /**
   * Relative rank threshold: elimination stops at the first step whose largest remaining |entry| is at most
   * threshold·|first pivot|; the remaining block counts as zero. Undefined: Eigen's default, n·ε. A pivot that small
   * means a condition number beyond 1/(n·ε) of the kept part, where the equation carries no information in double
   * precision.
   */
  threshold?: number;
  /** Number of pivots kept by the last factorization (the numerical rank). */
  rank = 0;
  private storage: Float64Array;
  private rowSwaps: Int32Array;
  private columnSwaps: Int32Array;
  private rowSwapStorage: Int32Array;
  private columnSwapStorage: Int32Array;
  private work: Float64Array;
  /**
   * During factorize, per row i ≥ k of the remaining block: its largest |entry| over the columns ≥ k and the first
   * column holding it, kept up to date row by row (the pivot search reads n values per step, not (n − k)²); column −1:
   * the value is only an upper bound (the maximum may have dropped), the row is scanned when the bound would win.
   */
  private rowMax: Float64Array;
  private rowArgMax: Int32Array;
  /** During factorize: the columns > k where the pivot row is nonzero, and per column the last step that listed it + 1. */
  private pivotColumns: Int32Array;
  private listedAt: Int32Array;
  private factored = false;
  /** The nonzeros of the factors, for the substitution. */
  private readonly nonzeros = new FactorNonzeros();

  /** Allocates storage for an n×n system. */
  constructor(n: number) {
    checkDimension(n);
    this.n = n;
    this.storage = new Float64Array(n * n);
    this.matrix = this.storage;
    this.rowSwapStorage = new Int32Array(n);
    this.columnSwapStorage = new Int32Array(n);
    this.rowSwaps = this.rowSwapStorage;
    this.columnSwaps = this.columnSwapStorage;
    this.work = new Float64Array(n);
    this.rowMax = new Float64Array(n);
    this.rowArgMax = new Int32Array(n);
    this.pivotColumns = new Int32Array(n);
    this.listedAt = new Int32Array(n);
  }

  /** True after a successful {@link DenseFullPivotLU.factorize} (reset by resize and by a failed factorization). */
  get isFactored(): boolean {
    return this.factored;
  }

  /** Changes the dimension; storage is reused when large enough, the matrix contents are unspecified afterwards. */
  resize(n: number): void {
    checkDimension(n);
    if (n * n > this.storage.length) this.storage = new Float64Array(n * n);
    if (n > this.rowSwapStorage.length) {
      this.rowSwapStorage = new Int32Array(n);
      this.columnSwapStorage = new Int32Array(n);
      this.work = new Float64Array(n);
      this.rowMax = new Float64Array(n);
      this.rowArgMax = new Int32Array(n);
      this.pivotColumns = new Int32Array(n);
      this.listedAt = new Int32Array(n);
    }
    this.matrix = n * n === this.storage.length ? this.storage : this.storage.subarray(0, n * n);
    this.rowSwaps = n === this.rowSwapStorage.length ? this.rowSwapStorage : this.rowSwapStorage.subarray(0, n);
    this.columnSwaps = n === this.columnSwapStorage.length ? this.columnSwapStorage : this.columnSwapStorage.subarray(0, n);
    this.n = n;
    this.factored = false;
  }

  /**
   * Factorizes {@link DenseFullPivotLU.matrix} in place: at step k the largest |entry| of the remaining block becomes
   * the pivot (rows and columns swapped), until it falls to threshold·|first pivot| (then {@link DenseFullPivotLU.rank}
   * = k). Returns true, or the position of a non-finite entry (the factors are then unusable).
   */
  factorize(): true | DenseFullPivotLUInvalid {
    const n = this.n, a = this.matrix, rowMax = this.rowMax, rowArgMax = this.rowArgMax;
    const pivotColumns = this.pivotColumns, listedAt = this.listedAt;
    this.factored = false;
    for (let i = 0, row = 0; i < n; i++, row += n) {
      // scanRow's search with the check of each entry
      let largest = 0, at = 0;
      for (let j = 0; j < n; j++) {
        const v = Math.abs(a[row + j]);
        if (!(v < Infinity)) return { invalidIndex: row + j };
        if (v > largest) { largest = v; at = j; }
      }
      rowMax[i] = largest;
      rowArgMax[i] = at;
    }
    listedAt.fill(0, 0, n);
    const relative = this.threshold ?? n * Number.EPSILON;
    let limit = 0;
    let k = 0;
    for (; k < n; k++) {
      // the first largest entry in row-major order: the first row with the largest maximum, its first column there
      let pivotRow = k, pivotColumn = k, largest = 0;
      // (a row whose maximum is only bounded is scanned when the bound would win)
      for (let i = k; i < n; i++) {
        if (!(rowMax[i] > largest)) continue;
        if (rowArgMax[i] < 0) {
          this.scanRow(i, k);
          if (!(rowMax[i] > largest)) continue;
        }
        largest = rowMax[i]; pivotRow = i; pivotColumn = rowArgMax[i];
      }
      if (k === 0) limit = relative * largest;
      if (largest === 0 || largest <= limit) break;
      this.rowSwaps[k] = pivotRow;
      this.columnSwaps[k] = pivotColumn;
      if (pivotRow !== k) {
        const rk = k * n, rp = pivotRow * n;
        for (let j = 0; j < n; j++) { const t = a[rk + j]; a[rk + j] = a[rp + j]; a[rp + j] = t; }
        rowMax[pivotRow] = rowMax[k]; rowArgMax[pivotRow] = rowArgMax[k];
      }
      if (pivotColumn !== k) {
        for (let i = 0, row = 0; i < n; i++, row += n) { const t = a[row + k]; a[row + k] = a[row + pivotColumn]; a[row + pivotColumn] = t; }
      }
      const rowK = k * n;
      const invPivot = 1 / a[rowK + k];
      // the elimination touches the pivot row's nonzero columns only (a − l·0 is a, up to the sign of a zero)
      let count = 0;
      for (let j = k + 1; j < n; j++) if (a[rowK + j] !== 0) { pivotColumns[count++] = j; listedAt[j] = k + 1; }
      for (let i = k + 1; i < n; i++) {
        const rowI = i * n;
        const l = a[rowI + k] * invPivot;
        a[rowI + k] = l;
        const at = rowArgMax[i];
        if (l === 0) {
          // the row's columns > k are unchanged; its maximum (columns ≥ k before the column swap) stays where it was
          // (a strictly smaller entry preceded it: no new first one) unless it sat in column k or pivotColumn, swapped:
          // then it is only bounded
          if (at === k || at === pivotColumn) rowArgMax[i] = -1;
          continue;
        }
        let largestI = 0, atI = n;
        for (let c = 0; c < count; c++) {
          const j = pivotColumns[c];
          const v = a[rowI + j] - l * a[rowK + j];
          a[rowI + j] = v;
          const magnitude = Math.abs(v);
          if (magnitude > largestI) { largestI = magnitude; atI = j; }
        }
        // the unchanged columns keep their maximum where it was (first occurrence: the smaller column on a tie); if it
        // was only bounded, or in a swapped or changed column, the unchanged columns are below the old maximum, which
        // stays the bound unless the changed columns exceed it
        const before = rowMax[i];
        if (at < 0 || at === k || at === pivotColumn || listedAt[at] === k + 1) {
          if (largestI > before) { rowMax[i] = largestI; rowArgMax[i] = atI; } else rowArgMax[i] = -1;
        } else if (largestI > before || (largestI === before && atI < at)) { rowMax[i] = largestI; rowArgMax[i] = atI; }
      }
    }
    this.rank = k;
    this.nonzeros.reset();
    this.factored = true;
    return true;
  }

  /** rowMax[i], rowArgMax[i]: the largest |entry| of row i over the columns ≥ from and the first column holding it. */
  private scanRow(i: number, from: number): void {
    const n = this.n, a = this.matrix, row = i * n;
    let largest = 0, at = from;
    for (let j = from; j < n; j++) {
      const v = Math.abs(a[row + j]);
      if (v > largest) { largest = v; at = j; }
    }
    this.rowMax[i] = largest;
    this.rowArgMax[i] = at;
  }

  /**
   * Solves A·x = b with the current factors: with rank r < n, the first r permuted equations are solved with the
   * unknowns of the missing pivots set to zero, and the other n − r equations are not used (for a consistent system
   * they repeat the kept ones). `x` may be the same array as `b`. Throws if there is no valid factorization.
   */
  solve(b: Float64Array, x: Float64Array): void {
    if (!this.factored) throw new Error('DenseFullPivotLU.solve: matrix is not factorized');
    const n = this.n, r = this.rank, a = this.matrix, y = this.work;
    for (let i = 0; i < n; i++) y[i] = b[i];
    for (let k = 0; k < r; k++) {
      const p = this.rowSwaps[k];
      if (p !== k) { const t = y[k]; y[k] = y[p]; y[p] = t; }
    }
    this.nonzeros.substitute(a, n, r, y);
    for (let i = r; i < n; i++) y[i] = 0;
    // x = Q·z: undo the column swaps in reverse order
    for (let k = r - 1; k >= 0; k--) {
      const c = this.columnSwaps[k];
      if (c !== k) { const t = y[k]; y[k] = y[c]; y[c] = t; }
    }
    for (let i = 0; i < n; i++) x[i] = y[i];
  }
}

function checkDimension(n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`DenseFullPivotLU: invalid dimension ${n}`);
}
