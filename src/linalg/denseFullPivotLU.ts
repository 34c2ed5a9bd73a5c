/**
 * Rank-revealing dense LU factorization with complete (row and column) pivoting, P·A·Q = L·U, in place on a
 * preallocated row-major buffer: the factorization behind `linearSolverSettings.ignoreSingularJacobian` (Exudyn uses
 * Eigen's FullPivLU there). It solves consistent singular systems — the Jacobian of a mechanism with redundant
 * constraints, whose dependent equations repeat others and whose multipliers are not unique — with the unknowns of
 * the missing pivots set to zero. The equations and unknowns kept are those of complete pivoting; from the second solve
 * with the same factors on, the kept square block is solved with sparser factors of its own (see
 * {@link DenseFullPivotLU.solve}). Nothing is allocated by {@link DenseFullPivotLU.factorize} or
 * {@link DenseFullPivotLU.solve}. The factors, the row swaps and the substitution's vector live in a WebAssembly memory
 * of the instance's own (taken from the pool of denseLUKernels.ts, given back by {@link DenseFullPivotLU.release}), where
 * DenseLU's kernels (denseLUKernels.ts) substitute.
 * @module
 */

import {
  denseLULayout, type DenseLULayout, type DenseLUMemory, type FactorListing, growDenseLUMemory, ownedMemory, releasedError,
  returnDenseLUMemory, substituteInMemory, takeDenseLUMemory,
} from './denseLUKernels.ts';

/**
 * Threshold of the pivot choice of the kept block's sparse factors: candidates are its entries of at least this
 * fraction of the largest |entry| of the remaining block (every multiplier of L at most 1/τ = 10 in magnitude, the usual
 * threshold of sparse LU codes), and among them the pivot has the least Markowitz count (r − 1)(c − 1), r and c the
 * nonzeros of its row and column in the remaining block: the fewest new nonzeros. bricardMechanism's Jacobian
 * (71 unknowns, rank 70): complete pivoting fills about half the triangles (2400 of 4830 entries), this choice about
 * 15 % (700).
 */
export const sparsePivotTolerance = 0.1;

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
  matrix!: Float64Array;
  /**
   * Relative rank threshold: elimination stops at the first step whose largest remaining |entry| is at most
   * threshold·|first pivot|; the remaining block counts as zero. Undefined: Eigen's default, n·ε. A pivot that small
   * means a condition number beyond 1/(n·ε) of the kept part, where the equation carries no information in double
   * precision.
   */
  threshold?: number;
  /** Number of pivots kept by the last factorization (the numerical rank). */
  rank = 0;
  /**
   * The memory of the factors, the row swaps, the vector and the kernels' lists, with the kernels on it (grown by resize,
   * which replaces every view); undefined once released.
   */
  private storage?: DenseLUMemory;
  /** Where DenseLU's arrays lie in memory, for matrices up to capacity×capacity; the kept block's factors follow them. */
  private layout: DenseLULayout;
  private reducedAddress: number;
  private capacity: number;
  /** Row k was swapped with row rowSwaps[k] (a view of memory). */
  private rowSwaps!: Int32Array;
  private columnSwaps: Int32Array;
  /** The right-hand side and solution of the substitution (a view of memory). */
  private vector!: Float64Array;
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
  /** The listing of the nonzeros of the factors in use (the complete ones, then the kept block's) for the substitutions. */
  private readonly nonzeros: FactorListing = { substitutions: 0, listed: false };
  /** A before factorize overwrote it (row-major n×n). */
  private original: Float64Array;
  /** Solves with the current factors (counted up to 2). */
  private solves = 0;
  /**
   * True when the kept rank×rank block has its sparse factors (row-major, stride rank, in {@link DenseFullPivotLU.reduced},
   * a view of memory); its equation k is A's row rowOrder[k], its unknown k A's unknown columnOrder[k].
   */
  private reducedFactored = false;
  private reduced!: Float64Array;
  private rowOrder: Int32Array;
  private columnOrder: Int32Array;
  /** During the reduced factorization: nonzeros of each row and column of the remaining block. */
  private rowCount: Int32Array;
  private columnCount: Int32Array;
  private maxBounded: Uint8Array;

  /** Allocates storage for an n×n system. */
  constructor(n: number) {
    checkDimension(n);
    this.n = n;
    this.capacity = n;
    this.layout = denseLULayout(n);
    this.reducedAddress = reducedFactorsAddress(this.layout);
    this.storage = takeDenseLUMemory(this.reducedAddress + n * n * 8);
    this.original = new Float64Array(n * n);
    this.columnSwaps = new Int32Array(n);
    this.rowMax = new Float64Array(n);
    this.rowArgMax = new Int32Array(n);
    this.pivotColumns = new Int32Array(n);
    this.listedAt = new Int32Array(n);
    this.rowOrder = new Int32Array(n);
    this.columnOrder = new Int32Array(n);
    this.rowCount = new Int32Array(n);
    this.columnCount = new Int32Array(n);
    this.maxBounded = new Uint8Array(n);
    this.makeViews(this.storage);
  }

  /** True after a successful {@link DenseFullPivotLU.factorize} (reset by resize and by a failed factorization). */
  get isFactored(): boolean {
    return this.factored;
  }

  /** Changes the dimension; storage is reused when large enough, the matrix contents are unspecified afterwards. */
  resize(n: number): void {
    checkDimension(n);
    const storage = this.owned('resize');
    if (n > this.capacity) {
      const layout = denseLULayout(n);
      const reducedAddress = reducedFactorsAddress(layout);
      // (growing detaches the old buffer and every view of it: makeViews below replaces them all)
      growDenseLUMemory(storage, reducedAddress + n * n * 8);
      this.layout = layout;
      this.reducedAddress = reducedAddress;
      this.capacity = n;
      this.original = new Float64Array(n * n);
      this.columnSwaps = new Int32Array(n);
      this.rowMax = new Float64Array(n);
      this.rowArgMax = new Int32Array(n);
      this.pivotColumns = new Int32Array(n);
      this.listedAt = new Int32Array(n);
      this.rowOrder = new Int32Array(n);
      this.columnOrder = new Int32Array(n);
      this.rowCount = new Int32Array(n);
      this.columnCount = new Int32Array(n);
      this.maxBounded = new Uint8Array(n);
    }
    this.n = n;
    this.factored = false;
    this.makeViews(storage);
  }

  /**
   * Gives the memory back to the pool of denseLUKernels.ts, where the next dense LU takes it: call it only when nothing
   * uses this DenseFullPivotLU any more (views of its matrix taken before included). Afterwards
   * {@link DenseFullPivotLU.matrix} is empty and factorize, solve and resize throw a FlexdynError; a second release does
   * nothing.
   */
  release(): void {
    if (this.storage === undefined) return;
    // views of length 0 (nothing of the memory reachable from here)
    this.n = 0;
    this.rank = 0;
    this.makeViews(this.storage);
    this.factored = false;
    returnDenseLUMemory(this.storage);
    this.storage = undefined;
  }

  /** The memory, or the FlexdynError of a call after {@link DenseFullPivotLU.release}. */
  private owned(method: string): DenseLUMemory {
    return ownedMemory(this.storage, 'DenseFullPivotLU', method);
  }

  /** The views of memory for the current dimension. */
  private makeViews(storage: DenseLUMemory): void {
    const { buffer } = storage.memory;
    const n = this.n;
    this.matrix = new Float64Array(buffer, 0, n * n);
    this.reduced = new Float64Array(buffer, this.reducedAddress, n * n);
    this.rowSwaps = new Int32Array(buffer, this.layout.swaps, n);
    this.vector = new Float64Array(buffer, this.layout.vector, n);
  }

  /**
   * Factorizes {@link DenseFullPivotLU.matrix} in place: at step k the largest |entry| of the remaining block becomes
   * the pivot (rows and columns swapped), until it falls to threshold·|first pivot| (then {@link DenseFullPivotLU.rank}
   * = k). Returns true, or the position of a non-finite entry (the factors are then unusable).
   */
  factorize(): true | DenseFullPivotLUInvalid {
    // (the loops are in functions of their own that return after them: the first factorization of a large matrix runs
    // them in code compiled during that call (on-stack replacement), which had never seen the statements after a loop
    // and threw itself away there at every later call — ANCFslidingAndALEjointTest's fresh process: 14 times)
    this.owned('factorize');
    this.factored = false;
    this.original.set(this.matrix);
    const invalidIndex = this.scanRows();
    if (invalidIndex >= 0) return { invalidIndex };
    this.listedAt.fill(0, 0, this.n);
    this.rank = this.eliminate(this.threshold ?? this.n * Number.EPSILON);
    this.nonzeros.substitutions = 0;
    this.nonzeros.listed = false;
    this.solves = 0;
    this.reducedFactored = false;
    this.factored = true;
    return true;
  }

  /** rowMax, rowArgMax of every row (see scanRow) before the elimination; the position of a non-finite entry, or −1. */
  private scanRows(): number {
    const n = this.n, a = this.matrix, rowMax = this.rowMax, rowArgMax = this.rowArgMax;
    for (let i = 0, row = 0; i < n; i++, row += n) {
      // scanRow's search with the check of each entry
      let largest = 0, at = 0;
      for (let j = 0; j < n; j++) {
        const v = Math.abs(a[row + j]);
        if (!(v < Infinity)) return row + j;
        if (v > largest) { largest = v; at = j; }
      }
      rowMax[i] = largest;
      rowArgMax[i] = at;
    }
    return -1;
  }

  /** The elimination steps of factorize until the largest remaining |entry| is at most relative·|first pivot|: the rank. */
  private eliminate(relative: number): number {
    const n = this.n, a = this.matrix, rowMax = this.rowMax, rowArgMax = this.rowArgMax;
    const pivotColumns = this.pivotColumns, listedAt = this.listedAt;
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
    return k;
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
   *
   * The first solve substitutes with the complete-pivoting factors. The second one factorizes the kept block (those r
   * equations in those r unknowns, nonsingular) anew with {@link sparsePivotTolerance}'s sparsity-aware pivots, and it
   * and the later solves with the same factors substitute with those: the same equations solved for the same unknowns
   * (the result agrees to round-off), through fewer nonzeros — modified Newton solves many times per factorization.
   */
  solve(b: Float64Array, x: Float64Array): void {
    if (!this.factored) throw this.storage === undefined ? releasedError('DenseFullPivotLU', 'solve') : new Error('DenseFullPivotLU.solve: matrix is not factorized');
    const { nonzeros } = this;
    const { kernels } = this.storage!;
    if (this.solves < 2 && ++this.solves === 2) {
      this.reducedFactored = this.eliminateReduced();
      // the kept block's factors are in use from now on: substituted in full, then listed
      if (this.reducedFactored) { nonzeros.substitutions = 0; nonzeros.listed = false; }
    }
    const n = this.n, r = this.rank, y = this.vector;
    if (this.reducedFactored) {
      const rowOrder = this.rowOrder, columnOrder = this.columnOrder;
      for (let k = 0; k < r; k++) y[k] = b[rowOrder[k]];
      substituteInMemory(kernels, this.layout, nonzeros, r, r, this.reducedAddress, 0);
      for (let i = 0; i < n; i++) x[i] = 0;
      for (let k = 0; k < r; k++) x[columnOrder[k]] = y[k];
      return;
    }
    y.set(b.length === n ? b : b.subarray(0, n));
    // the first r row swaps, then the leading r×r block of the factors (stride n)
    substituteInMemory(kernels, this.layout, nonzeros, r, n, 0, r);
    for (let i = r; i < n; i++) y[i] = 0;
    // x = Q·z: undo the column swaps in reverse order
    for (let k = r - 1; k >= 0; k--) {
      const c = this.columnSwaps[k];
      if (c !== k) { const t = y[k]; y[k] = y[c]; y[c] = t; }
    }
    x.set(y);
  }

  /**
   * Factorizes the kept block of A (the rows and columns of the complete-pivoting pivots) into
   * {@link DenseFullPivotLU.reduced}: at step k, among the entries of the remaining block of at least
   * {@link sparsePivotTolerance} times its largest |entry|, the pivot with the least Markowitz count, the first one met
   * by the search below on equal counts. False if a remaining block is zero (then the complete
   * factors stay in use; the complete pivoting kept these pivots, so only round-off can cause it).
   */
  private eliminateReduced(): boolean {
    const n = this.n, r = this.rank, a = this.reduced, original = this.original;
    const rowOrder = this.rowOrder, columnOrder = this.columnOrder, rowCount = this.rowCount, columnCount = this.columnCount;
    const rowMax = this.rowMax, maxBounded = this.maxBounded, pivotColumns = this.pivotColumns;
    // the kept rows and columns in pivot order: the swaps applied to 0 … n − 1
    for (let i = 0; i < n; i++) { rowOrder[i] = i; columnOrder[i] = i; }
    for (let k = 0; k < r; k++) {
      const p = this.rowSwaps[k], c = this.columnSwaps[k];
      let t = rowOrder[k]; rowOrder[k] = rowOrder[p]; rowOrder[p] = t;
      t = columnOrder[k]; columnOrder[k] = columnOrder[c]; columnOrder[c] = t;
    }
    columnCount.fill(0, 0, r);
    for (let i = 0; i < r; i++) {
      const from = rowOrder[i] * n, row = i * r;
      let nonzeros = 0;
      for (let j = 0; j < r; j++) {
        const v = original[from + columnOrder[j]];
        a[row + j] = v;
        if (v !== 0) { nonzeros++; columnCount[j]++; }
      }
      rowCount[i] = nonzeros;
    }
    // rowMax: per row the largest |entry| of the remaining block, or (maxBounded) an upper bound of it
    for (let i = 0; i < r; i++) { rowMax[i] = Infinity; maxBounded[i] = 1; }
    for (let k = 0; k < r; k++) {
      // the largest |entry|: a bounded row is scanned when its bound would win
      let largest = 0;
      for (let i = k; i < r; i++) {
        if (!(rowMax[i] > largest)) continue;
        if (maxBounded[i] === 1) {
          const row = i * r;
          let m = 0;
          for (let j = k; j < r; j++) { const v = Math.abs(a[row + j]); if (v > m) m = v; }
          rowMax[i] = m;
          maxBounded[i] = 0;
          if (!(m > largest)) continue;
        }
        largest = rowMax[i];
      }
      if (!(largest > 0)) return false;
      // Markowitz search by increasing count c: the columns of c nonzeros (each from the top), then the rows of c
      // nonzeros (each from the left); a candidate replaces the best only with a smaller count. An entry not yet seen at
      // level c lies in a row and a column of at least c nonzeros (count ≥ (c − 1)²): the search ends as soon as the best
      // count is at most that
      const candidate = sparsePivotTolerance * largest;
      let pivotRow = -1, pivotColumn = -1, leastCount = Infinity;
      search: for (let c = 1; c <= r - k; c++) {
        const bound = (c - 1) * (c - 1);
        if (leastCount <= bound) break;
        for (let j = k; j < r; j++) {
          if (columnCount[j] !== c) continue;
          for (let i = k, at = k * r + j; i < r; i++, at += r) {
            if (!(Math.abs(a[at]) >= candidate)) continue;
            const count = (rowCount[i] - 1) * (c - 1);
            if (count < leastCount) {
              leastCount = count; pivotRow = i; pivotColumn = j;
              if (count <= bound) break search;
            }
          }
        }
        for (let i = k; i < r; i++) {
          if (rowCount[i] !== c || rowMax[i] < candidate) continue;
          const row = i * r;
          for (let j = k; j < r; j++) {
            if (!(Math.abs(a[row + j]) >= candidate)) continue;
            const count = (c - 1) * (columnCount[j] - 1);
            if (count < leastCount) {
              leastCount = count; pivotRow = i; pivotColumn = j;
              if (count <= bound) break search;
            }
          }
        }
      }
      if (pivotRow !== k) {
        const rk = k * r, rp = pivotRow * r;
        for (let j = 0; j < r; j++) { const t = a[rk + j]; a[rk + j] = a[rp + j]; a[rp + j] = t; }
        const t = rowOrder[k]; rowOrder[k] = rowOrder[pivotRow]; rowOrder[pivotRow] = t;
        rowCount[pivotRow] = rowCount[k]; rowMax[pivotRow] = rowMax[k]; maxBounded[pivotRow] = maxBounded[k];
      }
      if (pivotColumn !== k) {
        for (let row = 0; row < r * r; row += r) { const t = a[row + k]; a[row + k] = a[row + pivotColumn]; a[row + pivotColumn] = t; }
        const t = columnOrder[k]; columnOrder[k] = columnOrder[pivotColumn]; columnOrder[pivotColumn] = t;
        columnCount[pivotColumn] = columnCount[k];
      }
      // the elimination touches the pivot row's nonzero columns; the pivot row and column leave the remaining block, a
      // new nonzero (fill) or an exact cancellation changes the counts. An updated row's maximum is the largest changed
      // entry if that reaches the old maximum (the others are at most that), else the old maximum bounds it; rows not
      // updated have a zero in the pivot column and keep their maximum
      const rowK = k * r;
      const invPivot = 1 / a[rowK + k];
      let count = 0;
      for (let j = k + 1; j < r; j++) if (a[rowK + j] !== 0) { pivotColumns[count++] = j; columnCount[j]--; }
      for (let i = k + 1; i < r; i++) {
        const rowI = i * r;
        if (a[rowI + k] === 0) continue;
        rowCount[i]--;
        const l = a[rowI + k] * invPivot;
        a[rowI + k] = l;
        let changed = 0;
        for (let c = 0; c < count; c++) {
          const j = pivotColumns[c];
          const before = a[rowI + j];
          const v = before - l * a[rowK + j];
          a[rowI + j] = v;
          if ((before === 0) !== (v === 0)) {
            const change = v === 0 ? -1 : 1;
            rowCount[i] += change;
            columnCount[j] += change;
          }
          const magnitude = Math.abs(v);
          if (magnitude > changed) changed = magnitude;
        }
        if (changed >= rowMax[i]) rowMax[i] = changed;
        else maxBounded[i] = 1;
      }
    }
    return true;
  }
}

function checkDimension(n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`DenseFullPivotLU: invalid dimension ${n}`);
}

/** The byte address of the kept block's factors: after DenseLU's arrays, aligned for doubles. */
function reducedFactorsAddress(layout: DenseLULayout): number {
  return Math.ceil(layout.bytes / 8) * 8;
}
