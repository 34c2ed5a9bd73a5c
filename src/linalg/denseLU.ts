/**
 * Dense LU factorization with partial (row) pivoting, in place on a preallocated
 * row-major buffer. Meant for the small and medium dense systems (n = 1..300) of the
 * solvers: nothing is allocated by {@link DenseLU.factorize} or {@link DenseLU.solve}. The small-matrix factorization
 * and every substitution run as WebAssembly (denseLUKernels.ts: compiled code from a fresh process's first call on).
 * @module
 */

import { subtractScaled } from './vector.ts';
import { denseLUKernels, denseLULayout, type DenseLUKernels, type DenseLULayout } from './denseLUKernels.ts';

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
 * substitution's vector and lists live in a WebAssembly memory of the instance's own, where the kernels of
 * {@link denseLUKernels} factorize (below {@link largeMatrixDimension}) and substitute.
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
  /** The memory of the matrix and of the kernels' arrays (grown by resize, which then replaces every view). */
  private readonly memory: WebAssembly.Memory;
  private readonly kernels: DenseLUKernels;
  /** Where the arrays lie in memory, for matrices up to capacity×capacity. */
  private layout: DenseLULayout;
  private capacity: number;
  /** Row k was swapped with row swaps[k] (a view of memory). */
  private swaps!: Int32Array;
  /** The right-hand side and solution of the substitution (a view of memory). */
  private vector!: Float64Array;
  /** Pivot and column scale of a singular column found by the kernel (a view of memory). */
  private report!: Float64Array;
  /** Column indices of the nonzeros of the current pivot row (work array of the large-matrix factorization). */
  private columns: Int32Array;
  /** Per column: no row below this one holds a nonzero (work array of the large-matrix factorization). */
  private lastRow: Int32Array;
  /** Per column: the largest magnitude in the finished rows of U so far (work array of the large-matrix factorization). */
  private upperMax: Float64Array;
  private factored = false;
  /**
   * The nonzeros of the factors: listed at the second substitution with the same factors, when they fill less than 60 %
   * of the two triangles (multibody systems: blocks of coupled bodies and their constraints), and then the only entries
   * the substitutions visit (the same result: exact zeros skipped in the same order). Listing costs about one full
   * substitution: full Newton (one substitution per factorization) never pays it, modified Newton gains.
   */
  private readonly nonzeros = { substitutions: 0, listed: false };

  /** Allocates storage for an n×n system. */
  constructor(n: number) {
    checkDimension(n);
    this.n = n;
    this.capacity = n;
    this.layout = denseLULayout(n);
    this.memory = new WebAssembly.Memory({ initial: pagesFor(this.layout) });
    this.kernels = denseLUKernels(this.memory);
    this.columns = new Int32Array(n);
    this.lastRow = new Int32Array(n);
    this.upperMax = new Float64Array(n);
    this.makeViews();
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
    if (n > this.capacity) {
      const layout = denseLULayout(n);
      const pages = pagesFor(layout) - this.memory.buffer.byteLength / wasmPageBytes;
      // (growing detaches the old buffer and every view of it: makeViews below replaces them all)
      if (pages > 0) this.memory.grow(pages);
      this.layout = layout;
      this.capacity = n;
      this.columns = new Int32Array(n);
      this.lastRow = new Int32Array(n);
      this.upperMax = new Float64Array(n);
    }
    this.n = n;
    this.factored = false;
    this.makeViews();
  }

  /** The views of memory for the current dimension. */
  private makeViews(): void {
    const { buffer } = this.memory;
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
    this.factored = false;
    this.nonzeros.substitutions = 0;
    this.nonzeros.listed = false;
    if (this.n >= largeMatrixDimension) {
      const result = this.eliminateLarge();
      if (result !== true) return result;
    } else {
      const { layout } = this;
      const singularColumn = this.kernels.factorize(this.n, this.pivotTolerance, layout.swaps, layout.columns, layout.report);
      if (singularColumn >= 0) return { singularColumn, pivot: this.report[0], columnScale: this.report[1] };
    }
    this.factored = true;
    return true;
  }

  /**
   * {@link DenseLU.factorize} for n ≥ {@link largeMatrixDimension}, with the operations of the small path's kernel on
   * every entry and the same factors, without the passes down whole columns (one cache line per entry in row-major
   * storage) that the zeros below a banded matrix's profile make redundant: a bound per column on the last row with a
   * nonzero, kept through the row swaps and the eliminations, ends the pivot search, and, when the pivot is positive,
   * the computation of the multipliers (below the bound a multiplier is 0 · 1/pivot, the zero entry itself, and its row
   * is skipped as before); with a negative pivot every row gets its multiplier (0 · 1/pivot flips the sign of a zero).
   * The magnitudes of the finished U rows are kept per column as the rows are finished (same comparisons in the same
   * order as the pass up the column).
   */
  private eliminateLarge(): true | DenseLUSingular {
    // (the passes over rows and columns are small functions: V8 compiles each after a few pivots in a short job, instead
    // of compiling this whole loop on stack during the first factorization of a fresh process)
    const n = this.n;
    const a = this.matrix;
    const swaps = this.swaps;
    const tol = this.pivotTolerance;
    const lastRow = this.lastRow;
    const upperMax = this.upperMax;
    const columns = this.columns;
    lastRow.fill(-1, 0, n);
    upperMax.fill(0, 0, n);
    for (let i = 0, idx = 0; i < n; i++, idx += n) lastNonzeroRows(a, idx, n, i, lastRow);
    for (let k = 0; k < n; k++) {
      const kk = k * n + k;
      let scale = upperMax[k];
      const candidates = lastRow[k] > k ? lastRow[k] : k;
      const p = pivotRow(a, kk, n, k, candidates);
      const pmax = Math.abs(a[kk + (p - k) * n]);
      if (pmax > scale) scale = pmax;
      if (!(pmax > tol * scale) || pmax === 0) {
        return { singularColumn: k, pivot: pmax, columnScale: scale };
      }
      swaps[k] = p;
      if (p !== k) swapRowsTracked(a, k * n, p * n, n, p, lastRow);
      const invPivot = 1 / a[kk];
      const rowK = k * n;
      const lastI = invPivot > 0 ? (lastRow[k] > k ? lastRow[k] : k) : n - 1;
      const count = listNonzeroColumns(a, rowK, k + 1, n, columns);
      // row k of U is finished: its magnitudes enter the column scales of the later columns (zeros change nothing)
      raiseColumnScales(a, rowK, columns, count, upperMax);
      let lastUpdated = -1;
      // the rows with a nonzero multiplier two by two (sharing the loads of the pivot row), updated along a band of
      // columns [first, end) — all of k + 1 … n − 1 for a dense pivot row (its zero entries too), the nonzeros for a
      // pivot row whose nonzeros are one run — or along the column list of another sparse pivot row. Each entry gets
      // the same subtraction whichever row it is paired with. Dense and banded pivot rows share one loop: dense rows,
      // first met late in a factorization (the fill-in of the last columns), ran in a loop of their own, which the
      // optimizer had compiled without type feedback and left at its first use (ANCFmovingRigidBodyTest's fresh
      // process: two deoptimizations of its first factorizations).
      const dense = 2 * count >= n - k - 1;
      const band = dense || (count > 0 && columns[count - 1] - columns[0] === count - 1);
      const first = dense ? k + 1 : count > 0 ? columns[0] : 0;
      const end = dense ? n : first + count;
      let pending = -1;
      let pendingFactor = 0;
      for (let i = k + 1; i <= lastI; i++) {
        const rowI = i * n;
        const l = a[rowI + k] * invPivot;
        a[rowI + k] = l;
        if (l === 0) continue;
        lastUpdated = i;
        if (pending < 0) {
          pending = rowI;
          pendingFactor = l;
          continue;
        }
        if (band) updateRowPairBand(a, rowK, pending, pendingFactor, rowI, l, first, end);
        else updateRowPairListed(a, rowK, pending, pendingFactor, rowI, l, columns, count);
        pending = -1;
      }
      if (pending >= 0) {
        if (band) subtractScaled(a, pending, a, rowK, pendingFactor, first, end);
        else updateRowListed(a, rowK, pending, pendingFactor, columns, count);
      }
      // the updated rows reach at most lastUpdated; a column whose pivot-row entry is zero keeps its values (only a
      // non-finite multiplier turns such entries non-finite, in rows that are then non-finite from column k + 1 on)
      if (lastUpdated >= 0) raiseLastRows(columns, count, lastUpdated, lastRow);
    }
    return true;
  }

  /**
   * Solves A·x = b with the current factors. `x` may be the same array as `b`.
   * Throws if there is no valid factorization.
   */
  solve(b: Float64Array, x: Float64Array): void {
    if (!this.factored) throw new Error('DenseLU.solve: matrix is not factorized');
    const n = this.n;
    const { layout, nonzeros, kernels } = this;
    // (copies by TypedArray.set: no element passes through interpreted code)
    this.vector.set(b.length === n ? b : b.subarray(0, n));
    if (nonzeros.substitutions < 2 && ++nonzeros.substitutions === 2) {
      nonzeros.listed = kernels.list(n, layout.diagonal, layout.lowerStart, layout.upperStart, layout.lowerValues,
        layout.upperValues, layout.lowerColumns, layout.upperColumns) === 1;
    }
    if (nonzeros.listed) {
      kernels.substituteListed(n, layout.vector, layout.swaps, layout.diagonal, layout.lowerStart, layout.upperStart,
        layout.lowerValues, layout.upperValues, layout.lowerColumns, layout.upperColumns);
    } else {
      kernels.substitute(n, layout.vector, layout.swaps);
    }
    x.set(this.vector);
  }
}

/**
 * The nonzeros of in-place LU factors by row, for substitutions that visit only those when the factors fill less than
 * 60 % of the two triangles (multibody systems: blocks of coupled bodies and their constraints). Listing them costs about
 * one full substitution, so it happens at the second substitution with the same factors: full Newton (one substitution
 * per factorization) never pays it, modified Newton (many substitutions per factorization, over many steps) gains.
 * Skipping entries that are exactly zero, in the same order, gives the same result as {@link substituteFactors}; the
 * listed values are copied next to their columns (read in sequence instead of gathered from the row-major factors).
 * The lists grow when the factors need more room and are kept (no allocation once the largest fill has been seen).
 * Used by the rank-revealing DenseFullPivotLU; {@link DenseLU} lists and substitutes the same way in its WebAssembly
 * kernels (denseLUKernels.ts).
 */
export class FactorNonzeros {
  /** Substitutions with the current factors (counted up to 2). */
  private substitutions = 0;
  /**
   * Substitutions left in this instance's warm-up: while it lasts, every other substitution starts over as if with new
   * factors (a full substitution, and the next one lists the nonzeros and substitutes with the list — the same result),
   * so that the counter's reset, the listing and both substitutions have run, with type feedback, before the optimizer
   * compiles the Newton loop that inlines this method. Modified Newton factorizes rarely: a later factorization's
   * first substitutions were the first to run that path and threw the optimized Newton loop away (10–14 of the ported
   * test models' fresh processes).
   */
  private warmup = 12;
  private sparse = false;
  /** Columns of the strictly lower part of row i at lowerColumns[lowerStart[i] … lowerStart[i + 1]). */
  private lowerStart = new Int32Array(1);
  private lowerColumns = new Int32Array(0);
  /** Columns of the strictly upper part of row i at upperColumns[upperStart[i] … upperStart[i + 1]). */
  private upperStart = new Int32Array(1);
  private upperColumns = new Int32Array(0);
  /** The listed entries' values in the same order, and the diagonal of U: read in sequence, not gathered from the factors. */
  private lowerValues = new Float64Array(0);
  private upperValues = new Float64Array(0);
  private diagonal = new Float64Array(0);
  /**
   * The rows in the order the forward and the back substitution visit them: by level (a row after every row whose
   * value it reads), so that rows of independent blocks (bodies without contact) follow each other and their chains of
   * dependent subtractions overlap in the processor; each row's own operations stay those of the row-by-row loop.
   */
  private forwardOrder = new Int32Array(0);
  private backOrder = new Int32Array(0);
  /** Work arrays of the ordering: the level of each row and the rows per level. */
  private level = new Int32Array(0);
  private levelCount = new Int32Array(0);

  /** True if the nonzeros of the current factors are listed (the substitutions visit only those). */
  get listed(): boolean {
    return this.sparse;
  }

  /** New factors: the next substitution is the full one, the one after it lists the nonzeros. */
  reset(): void {
    this.substitutions = 0;
    this.sparse = false;
  }

  /** Lists the nonzeros of the leading rank×rank block of the factors a (row-major n×n) if they are few. */
  private index(a: Float64Array, n: number, rank: number): void {
    // (each pass over the factors is a function of its own that returns right after its loop, as are the ordering's: a
    // large system's first listing ran a loop in code compiled on stack, which had never run the statements after it and
    // was thrown away there at every later listing — objectGenericODE2Test, objectFFRFTest)
    let lower = nonzerosBelowDiagonal(a, n, rank);
    let upper = nonzerosAboveDiagonal(a, n, rank);
    this.sparse = 5 * (lower + upper) < 3 * rank * (rank - 1);
    if (!this.sparse) return;
    if (rank + 1 > this.lowerStart.length) {
      this.lowerStart = new Int32Array(rank + 1);
      this.upperStart = new Int32Array(rank + 1);
      this.diagonal = new Float64Array(rank + 1);
      this.forwardOrder = new Int32Array(rank + 1);
      this.backOrder = new Int32Array(rank + 1);
      this.level = new Int32Array(rank + 1);
      this.levelCount = new Int32Array(rank + 2);
    }
    if (lower > this.lowerColumns.length) { this.lowerColumns = new Int32Array(lower); this.lowerValues = new Float64Array(lower); }
    if (upper > this.upperColumns.length) { this.upperColumns = new Int32Array(upper); this.upperValues = new Float64Array(upper); }
    const { lowerStart, upperStart, lowerColumns, upperColumns, lowerValues, upperValues, diagonal } = this;
    lower = listBelowDiagonal(a, n, rank, lowerStart, lowerColumns, lowerValues);
    upper = listAboveDiagonal(a, n, rank, upperStart, upperColumns, upperValues, diagonal);
    lowerStart[rank] = lower;
    upperStart[rank] = upper;
    this.order(lowerStart, lowerColumns, rank, true, this.forwardOrder);
    this.order(upperStart, upperColumns, rank, false, this.backOrder);
  }

  /**
   * Writes the rows 0 … rank − 1 to out by level (stable within a level): forward, a row's level is one more than the
   * highest level of the rows (columns) it reads, rows visited in increasing order; backward likewise in decreasing order.
   */
  private order(start: Int32Array, columns: Int32Array, rank: number, forward: boolean, out: Int32Array): void {
    const { level, levelCount } = this;
    levelCount.fill(0, 0, rank + 1);
    countLevels(start, columns, rank, forward, level, levelCount);
    for (let l = 1; l <= rank; l++) levelCount[l] += levelCount[l - 1];
    placeByLevel(rank, forward, level, levelCount, out);
  }

  /** y ← U⁻¹L⁻¹y on the first rank entries, as {@link substituteFactors}, with the factors since the last reset. */
  substitute(a: Float64Array, n: number, rank: number, y: Float64Array): void {
    const warmup = this.warmup - (this.warmup > 0 ? 1 : 0);
    this.warmup = warmup;
    // the warm-up's restart (reset) and the count by selects, not by statements in a branch: V8 allocates this method's
    // type feedback only after its first calls, so a restart could run before it and meet the optimized code only in a
    // later instance's warm-up, which threw that code away (mainSystemExtensionsTests: eleven models, a DenseLU each)
    const restart = (warmup & 1) === 1;
    const substitutions = restart ? 0 : this.substitutions;
    this.sparse = restart ? false : this.sparse;
    this.substitutions = substitutions + (substitutions < 2 ? 1 : 0);
    if (substitutions === 1) this.index(a, n, rank);
    if (!this.sparse) {
      substituteFactors(a, n, rank, y);
      return;
    }
    const { lowerStart, upperStart, lowerColumns, upperColumns, lowerValues, upperValues, diagonal, forwardOrder, backOrder } = this;
    // each row over its columns in increasing order (the row-by-row loop's operations), the rows by level (the loops stay
    // here: as functions of their own they made this method too short for V8 to record its type feedback within the
    // warm-up, and the Newton loop that inlines it was thrown away at a later factorization's listing — driveTrainTest)
    for (let t = 0; t < rank; t++) {
      const i = forwardOrder[t];
      let s = y[i];
      for (let k = lowerStart[i], end = lowerStart[i + 1]; k < end; k++) s -= lowerValues[k] * y[lowerColumns[k]];
      y[i] = s;
    }
    for (let t = 0; t < rank; t++) {
      const i = backOrder[t];
      let s = y[i];
      for (let k = upperStart[i], end = upperStart[i + 1]; k < end; k++) s -= upperValues[k] * y[upperColumns[k]];
      y[i] = s / diagonal[i];
    }
  }
}

// The passes of FactorNonzeros (each as the loop it replaces: the same operations in the same order).

/** Nonzeros of the strictly lower part of the leading rank×rank block of a (row-major, stride n). */
function nonzerosBelowDiagonal(a: Float64Array, n: number, rank: number): number {
  let count = 0;
  for (let i = 0; i < rank; i++) {
    const row = i * n;
    for (let j = 0; j < i; j++) if (a[row + j] !== 0) count++;
  }
  return count;
}

/** Nonzeros of the strictly upper part of the leading rank×rank block of a (row-major, stride n). */
function nonzerosAboveDiagonal(a: Float64Array, n: number, rank: number): number {
  let count = 0;
  for (let i = 0; i < rank; i++) {
    const row = i * n;
    for (let j = i + 1; j < rank; j++) if (a[row + j] !== 0) count++;
  }
  return count;
}

/** Lists the strictly lower part's nonzeros by row (row i's from start[i] on, columns increasing); their number. */
function listBelowDiagonal(a: Float64Array, n: number, rank: number, start: Int32Array, columns: Int32Array, values: Float64Array): number {
  let count = 0;
  for (let i = 0; i < rank; i++) {
    const row = i * n;
    start[i] = count;
    for (let j = 0; j < i; j++) {
      if (a[row + j] !== 0) { values[count] = a[row + j]; columns[count++] = j; }
    }
  }
  return count;
}

/** Lists the strictly upper part's nonzeros by row as {@link listBelowDiagonal}, and the diagonal; their number. */
function listAboveDiagonal(a: Float64Array, n: number, rank: number, start: Int32Array, columns: Int32Array, values: Float64Array,
  diagonal: Float64Array): number {
  let count = 0;
  for (let i = 0; i < rank; i++) {
    const row = i * n;
    start[i] = count;
    diagonal[i] = a[row + i];
    for (let j = i + 1; j < rank; j++) {
      if (a[row + j] !== 0) { values[count] = a[row + j]; columns[count++] = j; }
    }
  }
  return count;
}

/** Each row's level (see FactorNonzeros.order) into level, and the rows per level into levelCount[level + 1]. */
function countLevels(start: Int32Array, columns: Int32Array, rank: number, forward: boolean, level: Int32Array, levelCount: Int32Array): void {
  for (let t = 0; t < rank; t++) {
    const i = forward ? t : rank - 1 - t;
    let l = 0;
    for (let k = start[i], end = start[i + 1]; k < end; k++) l = Math.max(l, level[columns[k]] + 1);
    level[i] = l;
    levelCount[l + 1]++;
  }
}

/** The rows into out by level, levelCount[l] the first place of level l (advanced as rows are placed). */
function placeByLevel(rank: number, forward: boolean, level: Int32Array, levelCount: Int32Array, out: Int32Array): void {
  for (let t = 0; t < rank; t++) {
    const i = forward ? t : rank - 1 - t;
    out[levelCount[level[i]]++] = i;
  }
}

/**
 * Forward and back substitution with in-place LU factors (row-major n×n `a`: unit lower L below the diagonal, U on and
 * above it), restricted to the leading rank×rank block: y ← U⁻¹L⁻¹y on its first `rank` entries (the rest untouched).
 * Used by the rank-revealing DenseFullPivotLU ({@link DenseLU}'s kernel does the same operations for rank = n).
 */
export function substituteFactors(a: Float64Array, n: number, rank: number, y: Float64Array): void {
  // (each substitution is a function of its own that returns right after its loop: a large system's first substitutions
  // ran the forward loop in code compiled on stack, which had never run the back substitution after it and was thrown
  // away there at every call — 185 times in objectFFRFTest2's fresh process, each call entering that code again)
  forwardSubstitution(a, n, rank, y);
  backSubstitution(a, n, rank, y);
}

/** y ← L⁻¹y on the first rank entries (the forward half of {@link substituteFactors}). */
function forwardSubstitution(a: Float64Array, n: number, rank: number, y: Float64Array): void {
  // rows i and i + 1 in one pass (two independent sums), each over j in increasing order; row i + 1's column i once
  // y_i is known (the operations of the row-by-row loop). Row 0 has nothing to subtract: with an even rank it is paired
  // with row 1 (y_0 = y_0), so that no row is left over and the same code runs for every rank.
  let i = rank & 1;
  for (; i + 1 < rank; i += 2) {
    const row = i * n, next = row + n;
    let s = y[i], t = y[i + 1];
    for (let j = 0; j < i; j++) {
      const yj = y[j];
      s -= a[row + j] * yj;
      t -= a[next + j] * yj;
    }
    y[i] = s;
    y[i + 1] = t - a[next + i] * s;
  }
}

/** y ← U⁻¹y on the first rank entries (the back half of {@link substituteFactors}). */
function backSubstitution(a: Float64Array, n: number, rank: number, y: Float64Array): void {
  for (let i = rank - 1; i >= 0; i--) {
    const row = i * n;
    let s = y[i];
    for (let j = i + 1; j < rank; j++) s -= a[row + j] * y[j];
    y[i] = s / a[row + i];
  }
}

// The passes of DenseLU's large-matrix elimination (each as the loop it replaces: the same operations in the same order).

/** lastRow[j] = i for every column j where row i (entries a[row … row + n)) is nonzero. */
function lastNonzeroRows(a: Float64Array, row: number, n: number, i: number, lastRow: Int32Array): void {
  for (let j = 0; j < n; j++) if (a[row + j] !== 0) lastRow[j] = i;
}

/** The first row k … candidates of the largest |entry| in column k (a[kk] the diagonal entry, n the stride). */
function pivotRow(a: Float64Array, kk: number, n: number, k: number, candidates: number): number {
  let p = k;
  let pmax = -1;
  for (let i = k, idx = kk; i <= candidates; i++, idx += n) {
    const v = Math.abs(a[idx]);
    if (v > pmax) {
      pmax = v;
      p = i;
    }
  }
  return p;
}

/** Swaps rows rk and rp (offsets, n entries each), p the index of rp's row: a nonzero moved down raises its column's lastRow. */
function swapRowsTracked(a: Float64Array, rk: number, rp: number, n: number, p: number, lastRow: Int32Array): void {
  for (let j = 0; j < n; j++) {
    const t = a[rk + j];
    a[rk + j] = a[rp + j];
    a[rp + j] = t;
    if (t !== 0 && lastRow[j] < p) lastRow[j] = p;
  }
}

/** The columns from … n − 1 where the row at offset row is nonzero, into columns; their number. */
function listNonzeroColumns(a: Float64Array, row: number, from: number, n: number, columns: Int32Array): number {
  let count = 0;
  for (let j = from; j < n; j++) if (a[row + j] !== 0) columns[count++] = j;
  return count;
}

/** upperMax[j] = max(upperMax[j], |a[row + j]|) for the listed columns. */
function raiseColumnScales(a: Float64Array, row: number, columns: Int32Array, count: number, upperMax: Float64Array): void {
  for (let c = 0; c < count; c++) {
    const j = columns[c];
    const v = Math.abs(a[row + j]);
    if (v > upperMax[j]) upperMax[j] = v;
  }
}

/** Rows p and i (offsets) minus m resp. l times the pivot row (offset rowK) over the columns [first, end). */
function updateRowPairBand(a: Float64Array, rowK: number, rowP: number, m: number, rowI: number, l: number, first: number, end: number): void {
  for (let j = first; j < end; j++) {
    const pivotEntry = a[rowK + j];
    a[rowP + j] -= m * pivotEntry;
    a[rowI + j] -= l * pivotEntry;
  }
}

/** Rows p and i (offsets) minus m resp. l times the pivot row (offset rowK) over the listed columns. */
function updateRowPairListed(a: Float64Array, rowK: number, rowP: number, m: number, rowI: number, l: number, columns: Int32Array, count: number): void {
  for (let c = 0; c < count; c++) {
    const j = columns[c];
    const pivotEntry = a[rowK + j];
    a[rowP + j] -= m * pivotEntry;
    a[rowI + j] -= l * pivotEntry;
  }
}

/** Row p (offset) minus m times the pivot row (offset rowK) over the listed columns. */
function updateRowListed(a: Float64Array, rowK: number, rowP: number, m: number, columns: Int32Array, count: number): void {
  for (let c = 0; c < count; c++) {
    const j = columns[c];
    a[rowP + j] -= m * a[rowK + j];
  }
}

/** lastRow[j] = max(lastRow[j], lastUpdated) for the listed columns. */
function raiseLastRows(columns: Int32Array, count: number, lastUpdated: number, lastRow: Int32Array): void {
  for (let c = 0; c < count; c++) {
    const j = columns[c];
    if (lastRow[j] < lastUpdated) lastRow[j] = lastUpdated;
  }
}

function checkDimension(n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`DenseLU: invalid dimension ${n}`);
}

/** Bytes of a WebAssembly memory page. */
const wasmPageBytes = 65536;

/** Pages of memory for a layout (at least one). */
function pagesFor(layout: DenseLULayout): number {
  return Math.max(1, Math.ceil(layout.bytes / wasmPageBytes));
}
