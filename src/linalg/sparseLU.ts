/**
 * Sparse direct solver for general square matrices (unsymmetric, indefinite, e.g.
 * saddle-point systems with zero diagonal blocks): fill-reducing column ordering on
 * A + Aᵀ, left-looking Gilbert–Peierls LU with threshold partial pivoting, and a
 * KLU-style refactorization that reuses pivots and the L/U pattern.
 * @module
 */

import { scatterSubtract, type CscMatrix } from './sparse.ts';
import { amdOrder, compressPairs, expandPairs, pairZeroDiagonal, rcmOrder, symmetricGraph, type PairCompression, type SymmetricGraph } from './ordering.ts';
import { DENSE_PIVOT_TOLERANCE } from './denseLU.ts';
import { lendSparseLUMemory, returnSparseLUMemory, sparseLULayout, useSparseLUMemory, type SparseLULayout, type SparseLUMemory, type SparseLUTenant } from './sparseLUKernels.ts';

/** Column ordering used by {@link SparseLU.analyze}: a method name or an explicit permutation (`perm[k]` = k-th column). */
export type OrderingChoice = 'amd' | 'rcm' | 'natural' | Int32Array;

/** Options of {@link SparseLU}. */
export interface SparseLUOptions {
  /** Column ordering (default `'amd'`). */
  ordering?: OrderingChoice;
  /** Diagonal preference: keep the diagonal pivot when |a_jj| ≥ threshold·max_i |a_ij| (default 0.1). */
  pivotThreshold?: number;
  /** Refactorization keeps a reused pivot only while |pivot| ≥ threshold·max |L column| (default 0.01). */
  refactorThreshold?: number;
  /** Relative zero-pivot tolerance, same meaning as in DenseLU (default {@link DENSE_PIVOT_TOLERANCE}). */
  zeroPivotTolerance?: number;
  /**
   * Equilibrate rows and columns (power-of-two Ruiz scaling, so no rounding) before
   * pivoting (default true). Needed for pivot choices that do not depend on units, e.g.
   * in KKT systems whose stiffness blocks are orders of magnitude above the constraint
   * Jacobian.
   */
  scaling?: boolean;
  /**
   * Element growth max|U|/max|A| (of the scaled matrix) above which a factorization is
   * redone with strict partial pivoting, and a refactorization falls back (default 1e4:
   * the backward error grows proportionally, 1e4·ε stays near 1e-12).
   */
  growthLimit?: number;
}

/** Failure report of a sparse factorization: the column (original numbering) that has no usable pivot. */
export interface SparseLUSingular {
  /** Original index of the (near-)singular column, i.e. of the unknown that is not determined. */
  readonly singularColumn: number;
  /** Elimination step at which the failure happened. */
  readonly step: number;
  /** Largest candidate pivot magnitude found. */
  readonly pivot: number;
  /** Largest magnitude in the computed column (the reference scale of the test). */
  readonly columnScale: number;
}

/** Result of {@link SparseLU.refactorize}: pivots reused, full re-pivoting fallback, or singular. */
export type RefactorOutcome = 'reused' | 'repivoted' | SparseLUSingular;

/** Counters of the work done by a {@link SparseLU} instance. */
export interface SparseLUStats {
  /** Calls of analyze (orderings computed). */
  analyses: number;
  /** Numeric passes with pivot search (including those inside analyze, fallbacks and growth retries). */
  factorizations: number;
  /** Successful refactorizations that reused the pivot sequence. */
  refactorizations: number;
  /** Refactorizations that had to fall back to a full factorization. */
  fallbacks: number;
  /** Factorizations repeated with strict partial pivoting because of element growth. */
  growthRetries: number;
}

/**
 * What the analyses of one matrix by several {@link SparseLU} instances (other orderings or diagonal preferences) share,
 * each part computed by the first analysis that needs it: the equilibration, the graph of A + Aᵀ, and per diagonal
 * preference the pairing of zero-diagonal columns with its compressed graph. Every analysis orders and factorizes as it
 * would alone; the share holds for its matrix only (pattern and values), see {@link SparseLU.analyzeWithin}.
 */
export class SparseLUShare {
  /** Row and column scale factors of the equilibration (analyses with scaling on). */
  scales?: { readonly row: Float64Array; readonly col: Float64Array };
  /** The graph of A + Aᵀ. */
  graph?: SymmetricGraph;
  /** Per diagonal preference (with scaling on): the pairing of zero-diagonal columns, compressed; null when none pairs. */
  readonly pairings = new Map<number, PairCompression | null>();

  /** A share for the analyses of `matrix`. */
  constructor(readonly matrix: CscMatrix) {}
}

/** Thrown by {@link SparseLU.refactorize} when the matrix pattern differs from the factorized one. */
export class PatternMismatchError extends Error {
  /** Creates the error with an explanatory message. */
  constructor(message: string) {
    super(message);
    this.name = 'PatternMismatchError';
  }
}

/**
 * Sparse LU factorization P·(R·A·C)·Q = L·U (L unit lower, U upper triangular, R and C
 * diagonal power-of-two equilibration).
 *
 * Usage: `analyze(A)` once per pattern (ordering + first factorization, which sizes all
 * storage), then per matrix update `refactorize(A)` (or `factorize(A)` to force a new
 * pivot search), then `solve(b, x)`. After analyze, factorize/refactorize/solve do not
 * allocate unless a new pivot sequence needs more fill than any earlier one (or the
 * pool took the memory back, see below).
 *
 * Algorithm:
 * - ordering: AMD (or RCM/natural/explicit) on A + Aᵀ; columns with a (nearly) zero
 *   diagonal are first paired with a neighbour (see `pairZeroDiagonal`) and each pair is
 *   ordered as one vertex, so saddle-point systems keep the fill of their ordering;
 * - numeric: left-looking Gilbert–Peierls; column k's pattern is the depth-first reach
 *   of A(:,q_k) in the graph of L (with symmetric pruning), then a sparse triangular solve;
 * - pivoting: the preferred row (the diagonal, or the partner row left free when another
 *   column took this column's diagonal, which makes the pair act as a 2×2 pivot) is kept
 *   when |x_pref| ≥ pivotThreshold·max|x_i| over the candidate rows, otherwise the largest
 *   candidate is taken; a column whose largest candidate is ≤ zeroPivotTolerance·(largest
 *   entry of the computed column) is reported as singular;
 * - refactorization: same pivots, same L/U pattern, values only, stored topological order; in large factors, the U
 *   entries of consecutive steps whose L columns are nested (a supernode's) eliminated together, with the same
 *   operations per entry in the same order.
 *
 * The refactorization and the solve are WebAssembly kernels (sparseLUKernels.ts): the arrays they use (the factors, the
 * work vector, the permutations, the scale factors and a copy of A's pattern and values) live in a WebAssembly.Memory
 * that a pool lends the instance, which the analyses and pivoting passes in JavaScript fill through typed-array views.
 * Storage that must grow moves to another memory (every array copied), never Memory.grow: that detaches the views and
 * throws away every optimized function of the process that reads typed arrays (see docs/decisions.md). The pool lends
 * its memories to the SparseLUs of later analyses (a fresh memory is dear to map and to touch first): an instance gives its
 * memory back on release, and the pool may take one back from an instance that has not used it for the longest time: the
 * arrays are then copied out into arrays of their own, and back into a memory at the next refactorization or solve.
 */
export class SparseLU {
  /** Diagonal-preference threshold of the pivot search. */
  pivotThreshold: number;
  /** Minimum |pivot| / max |L column| accepted when reusing pivots. */
  refactorThreshold: number;
  /** Relative zero-pivot tolerance. */
  zeroPivotTolerance: number;
  /** Whether factorize equilibrates the matrix (refactorize reuses the last scale factors). */
  scaling: boolean;
  /** Largest accepted element growth max|U|/max|A| (scaled) before stricter pivoting is used. */
  growthLimit: number;
  /** Work counters. */
  readonly stats: SparseLUStats = { analyses: 0, factorizations: 0, refactorizations: 0, fallbacks: 0, growthRetries: 0 };
  private readonly ordering: OrderingChoice;
  private n = -1;
  private factored = false;
  private colOrder = new Int32Array(0);
  private stepOfCol = new Int32Array(0);
  private prefRow = new Int32Array(0);
  private prefCol = new Int32Array(0);
  private rowOfStep = new Int32Array(0);
  private stepOfRow = new Int32Array(0);
  private lp = new Int32Array(1);
  private lpend = new Int32Array(0);
  private pruned = new Uint8Array(0);
  /** Per step kk (see groupNestedColumns): 1 when L(:, kk)'s rows are kk + 1 and L(:, kk + 1)'s, stored in that order. */
  private nested = new Uint8Array(0);
  /** Per entry of U (see groupNestedColumns): the columns of L that the refactorization eliminates together from there (see groupUpperPart). */
  private uGroup = new Uint8Array(0);
  /** Whether nested and uGroup hold the current factors' groups (formed at their first refactorization). */
  private grouped = false;
  /** Whether the refactorization eliminates U's entries in the groups of uGroup (else one by one). */
  private groupsUsed = false;
  private li = new Int32Array(0);
  private lx = new Float64Array(0);
  private up = new Int32Array(1);
  private ui = new Int32Array(0);
  private ux = new Float64Array(0);
  private udiag = new Float64Array(0);
  private work = new Float64Array(0);
  private sol = new Float64Array(0);
  private mark = new Int32Array(0);
  private stack = new Int32Array(0);
  private stackPos = new Int32Array(0);
  private topo = new Int32Array(0);
  private rowScale = new Float64Array(0);
  private colScale = new Float64Array(0);
  private rowMax = new Float64Array(0);
  private patColPtr = new Int32Array(1);
  /** A's row indices of the last factorization's pattern (its length: the memory's capacity, patColPtr[n] of them used). */
  private patRowIndex = new Int32Array(0);
  /** The copy of A's values that the refactorization reads (as patRowIndex). */
  private values = new Float64Array(0);
  /** The right-hand side and solution of a solve. */
  private vector = new Float64Array(0);
  /** max |scaled A| and max |U| of the last successful refactorization, as the kernel wrote them. */
  private refactorMaxima = new Float64Array(2);
  /** Where the arrays above that the kernels use lie in the memory (see sparseLULayout). */
  private layout: SparseLULayout = sparseLULayout(0, 0, 0, 0);
  /**
   * The memory of the arrays above that the kernels use, with the kernels on it (lent by the pool of sparseLUKernels.ts
   * with the first layout, by analyze); undefined while the arrays are arrays of their own (the pool took the memory back,
   * see moveOut).
   */
  private memory?: SparseLUMemory;
  /** What the pool calls to take the memory back. */
  private readonly tenant: SparseLUTenant = { moveOut: () => this.moveOut() };
  /** The next column of a pivoting pass stopped at its fill limit (−1: none); its lnz and unz are lp and up there. */
  private stoppedAt = -1;
  /** The threshold of the pass that stopped at stoppedAt, and max |scaled A| and max |U| after a pass' last column. */
  private readonly stoppedState = new Float64Array(3);
  /** The column a pivoting pass is at, and the start of its reached rows in topo (see pivotColumns). */
  private readonly passAt = new Int32Array(2);
  /**
   * max |scaled A| and max |U| of the last refactorization (see eliminateWithPivots), and the element growth of the
   * current factors. The numbers that are fractions live in typed arrays, not in fields: a field first holding a small
   * integer (growth 1, threshold 0) and later a fraction changes its representation, which deprecates the object's map
   * and throws away the optimized code of the first factorization (and an optimization of it in progress) in a fresh
   * process.
   */
  private readonly maxima = new Float64Array(3);
  /** A computed column's largest magnitude, largest pivot candidate and max |U| so far (see splitColumn). */
  private readonly columnMaxima = new Float64Array(3);
  /** The row of a computed column's largest pivot candidate, −1 if none (see splitColumn). */
  private readonly candidateRow = new Int32Array(1);

  /** Creates a solver; nothing is allocated until {@link SparseLU.analyze}. */
  constructor(options: SparseLUOptions = {}) {
    this.ordering = options.ordering ?? 'amd';
    this.pivotThreshold = options.pivotThreshold ?? 0.1;
    this.refactorThreshold = options.refactorThreshold ?? 0.01;
    this.zeroPivotTolerance = options.zeroPivotTolerance ?? DENSE_PIVOT_TOLERANCE;
    this.scaling = options.scaling ?? true;
    this.growthLimit = options.growthLimit ?? 1e4;
    this.maxima[2] = 1;
  }

  /** Dimension of the analyzed matrix (-1 before analyze). */
  get size(): number {
    return this.n;
  }

  /** True when valid factors are available for {@link SparseLU.solve}. */
  get isFactored(): boolean {
    return this.factored;
  }

  /** Element growth max|U|/max|A| of the current factors (of the scaled matrix). */
  get growth(): number {
    return this.maxima[2];
  }

  /** Entries of L including its unit diagonal. */
  get nnzL(): number {
    return this.factored ? this.lp[this.n] + this.n : 0;
  }

  /** Entries of U including its diagonal. */
  get nnzU(): number {
    return this.factored ? this.up[this.n] + this.n : 0;
  }

  /** Column permutation in use: `columnOrder[k]` is the original column eliminated k-th. */
  get columnOrder(): Int32Array {
    return this.colOrder;
  }

  /**
   * Gives the memory back to the pool without copying anything out of it: for a SparseLU that will not be used again (an
   * analysis not kept, the factors of a finished solve or of a replaced pattern), whose memory the pool would otherwise
   * take back later by copying its arrays out (see moveOut). Afterwards the factors are gone: solve, refactorize and
   * factorize throw until the next analyze; a second release does nothing.
   */
  release(): void {
    const memory = this.memory;
    this.factored = false;
    this.stoppedAt = -1;
    this.n = -1;
    if (memory === undefined) return;
    // views of length 0: nothing of the memory, which the pool lends to the next SparseLU, stays reachable from here
    this.refactorMaxima = new Float64Array(2);
    this.work = this.udiag = this.rowScale = this.colScale = this.sol = this.vector = this.values = this.lx = this.ux = new Float64Array(0);
    this.colOrder = this.stepOfRow = this.rowOfStep = this.patRowIndex = this.li = this.ui = new Int32Array(0);
    this.lp = new Int32Array(1);
    this.up = new Int32Array(1);
    this.patColPtr = new Int32Array(1);
    this.uGroup = new Uint8Array(0);
    this.memory = undefined;
    returnSparseLUMemory(memory);
  }

  /**
   * Symbolic analysis: computes the column ordering for the pattern of A, allocates all
   * workspace and performs a first full factorization to size L and U.
   */
  analyze(a: CscMatrix): true | SparseLUSingular {
    return this.analyzeWithin(a, Infinity) as true | SparseLUSingular;
  }

  /**
   * {@link SparseLU.analyze} that stops as soon as the factors hold more than `maxFill` entries (nnzL + nnzU): returns
   * false then, without valid factors; {@link SparseLU.resumeAnalysis} continues from there (a factorize or analyze
   * starts afresh). A factorization stopped there would have ended with more fill, and its columns before the stop are
   * those of the complete one, so a singular column found before the stop is reported as analyze reports it. Lets a
   * caller that compares orderings by their fill skip the rest of a factorization that is already too full (the dearest
   * part: fill grows towards the end). With `share` (made for A), the work that other analyses of A with it have done
   * already is taken from there and the rest is left there for them.
   */
  analyzeWithin(a: CscMatrix, maxFill: number, share?: SparseLUShare): true | SparseLUSingular | false {
    const n = a.n;
    if (a.colPtr.length < n + 1) throw new RangeError('SparseLU.analyze: colPtr too short');
    if (share !== undefined && share.matrix !== a) throw new RangeError('SparseLU.analyzeWithin: the share was made for another matrix');
    this.stats.analyses++;
    this.n = n;
    // the scale factors and the ordering in arrays of their own until the fill estimate sizes the memory
    this.rowScale = new Float64Array(n);
    this.colScale = new Float64Array(n);
    this.rowMax = new Float64Array(n);
    const scales = this.scaling ? share?.scales : undefined;
    if (scales !== undefined) {
      this.rowScale.set(scales.row);
      this.colScale.set(scales.col);
    } else {
      this.computeScaling(a);
      if (this.scaling && share !== undefined) share.scales = { row: this.rowScale.slice(), col: this.colScale.slice() };
    }
    let graph = share?.graph;
    if (graph === undefined) {
      graph = symmetricGraph(a);
      if (share !== undefined) share.graph = graph;
    }
    const order = this.computeOrdering(a, graph, share);
    this.stepOfCol = new Int32Array(n);
    for (let k = 0; k < n; k++) this.stepOfCol[order[k]] = k;
    this.prefRow = new Int32Array(n);
    this.prefCol = new Int32Array(n);
    this.mark = new Int32Array(n);
    this.stack = new Int32Array(n);
    this.stackPos = new Int32Array(n);
    this.topo = new Int32Array(n);
    this.lpend = new Int32Array(n);
    this.pruned = new Uint8Array(n);
    // L and U sized as the final capacity rule below for the fill of diagonal pivots (exact for a symmetric pattern
    // factorized without row exchanges): a first guess that grows by doubling and shrinks at the end allocated about
    // three times the final factors (≈ 50 MB for the 141² grid Laplacian), whose external-memory pressure made V8 run
    // a full garbage collection of the whole heap on almost every analysis
    const fill = symmetricFactorFill(graph, order, this.stepOfCol, this.mark, this.stack, this.stackPos);
    const capacity = Math.ceil(1.2 * fill) + n;
    const rowScale = this.rowScale;
    const colScale = this.colScale;
    this.layOut(a.colPtr[n], capacity, capacity, false);
    this.rowScale.set(rowScale);
    this.colScale.set(colScale);
    this.colOrder.set(order);
    // the scale factors just computed for the ordering are those factorize would compute again (same matrix)
    return this.finishAnalysis(this.factorizeScaled(a, maxFill));
  }

  /**
   * Continues an analysis that {@link SparseLU.analyzeWithin} stopped, with the same matrix A, up to the new limit
   * maxFill: the outcome and factors of an analysis that had not stopped (its columns so far are kept, the rest is
   * computed as analyze computes it, including the retry with strict pivoting on element growth).
   */
  resumeAnalysis(a: CscMatrix, maxFill: number): true | SparseLUSingular | false {
    this.requireSize(a);
    const start = this.stoppedAt;
    if (start < 0) throw new Error('SparseLU.resumeAnalysis: no stopped analysis to resume');
    const tau = this.stoppedState[0];
    const r = this.pivotingPass(a, tau, maxFill, start);
    // the growth retry of factorizeScaled when the stopped pass was its first one
    if (r !== true || this.maxima[2] <= this.growthLimit || tau >= 1) return this.finishAnalysis(r);
    this.stats.growthRetries++;
    return this.finishAnalysis(this.pivotingPass(a, 1, maxFill, 0));
  }

  /**
   * The end of an analysis: L and U shrunk to their final capacity after a successful factorization, in a memory of
   * their own (a memory of the pool stays the pool's, whatever L and U take of it).
   */
  private finishAnalysis(result: true | SparseLUSingular | false): true | SparseLUSingular | false {
    if (result === false) return false;
    const n = this.n;
    const lnz = this.lp[n];
    const unz = this.up[n];
    if (result === true && this.memory?.pooled === false) this.resizeFactors(Math.ceil(1.2 * lnz) + n, Math.ceil(1.2 * unz) + n);
    return result;
  }

  /**
   * Full numeric factorization with threshold partial pivoting in the analyzed column
   * order. Returns `true`, or the singular column (original index) when no pivot
   * exceeds `zeroPivotTolerance` relative to its column. If the element growth
   * max|U|/max|A| exceeds `growthLimit`, the factorization is repeated once with strict
   * partial pivoting (threshold 1). A may have another pattern than at analyze (the
   * ordering is then merely less effective); a later refactorize expects A's pattern.
   */
  factorize(a: CscMatrix): true | SparseLUSingular {
    this.requireSize(a);
    this.computeScaling(a);
    return this.factorizeScaled(a, Infinity) as true | SparseLUSingular;
  }

  /** {@link SparseLU.factorize} with the scale factors already computed for A; false beyond maxFill (see analyzeWithin). */
  private factorizeScaled(a: CscMatrix, maxFill: number): true | SparseLUSingular | false {
    const r = this.pivotingPass(a, this.pivotThreshold, maxFill, 0);
    if (r !== true || this.maxima[2] <= this.growthLimit || this.pivotThreshold >= 1) return r;
    this.stats.growthRetries++;
    return this.pivotingPass(a, 1, maxFill, 0);
  }

  /**
   * One left-looking factorization with diagonal-preference threshold `tau` from column `start` (0, or where a pass
   * stopped: its state is taken from the stopped* fields, lp and up); false (factors not valid, work vector zeroed, the
   * state kept in the stopped* fields) as soon as nnzL + nnzU exceeds maxFill after a column. The columns are
   * {@link SparseLU.pivotColumns}' loop; what happens at its rare exits (L or U full, the fill limit, a singular column)
   * and after its last column is done here.
   */
  private pivotingPass(a: CscMatrix, tau: number, maxFill: number, start: number): true | SparseLUSingular | false {
    const n = this.n;
    this.factored = false;
    this.stoppedAt = -1;
    const state = this.stoppedState;
    if (start === 0) {
      this.stats.factorizations++;
      const prefRow = this.prefRow;
      const prefCol = this.prefCol;
      for (let i = 0; i < n; i++) {
        prefRow[i] = i;
        prefCol[i] = i;
      }
      this.stepOfRow.fill(-1);
      this.mark.fill(-1);
      this.pruned.fill(0);
      this.lp[0] = 0;
      this.up[0] = 0;
      state[1] = 0;
      state[2] = 0;
    }
    const at = this.passAt;
    let from = start;
    let exit = this.pivotColumns(a, tau, maxFill, n, from, this.lp[from], this.up[from], state[1], state[2]);
    while (exit === PASS_FULL_STORAGE) {
      // L or U may not hold the next column: grown (as the factors grow, by doubling) and the pass continued there
      from = at[0];
      const lnz = this.lp[from];
      const unz = this.up[from];
      const lcap = this.li.length;
      const ucap = this.ui.length;
      this.resizeFactors(lnz + n > lcap ? Math.max(2 * lcap, lnz + n) : lcap, unz + n > ucap ? Math.max(2 * ucap, unz + n) : ucap);
      exit = this.pivotColumns(a, tau, maxFill, n, from, lnz, unz, state[1], state[2]);
    }
    const k = at[0];
    if (exit === PASS_FILL_LIMIT) {
      this.stoppedAt = k + 1;
      state[0] = tau;
      return false;
    }
    if (exit === PASS_SINGULAR) {
      const x = this.work;
      const topo = this.topo;
      for (let t = at[1]; t < n; t++) x[topo[t]] = 0;
      this.lp[k + 1] = this.lp[k];
      const ipiv = this.candidateRow[0];
      const column = this.columnMaxima;
      return { singularColumn: this.colOrder[k], step: k, pivot: ipiv < 0 ? 0 : column[1], columnScale: column[0] };
    }
    remapRows(this.li, this.lp[n], this.stepOfRow);
    this.grouped = false;
    this.snapshotPattern(a);
    const amax = state[1];
    this.maxima[2] = amax > 0 ? state[2] / amax : 1;
    this.factored = true;
    return true;
  }

  /**
   * The column loop of {@link SparseLU.pivotingPass} for columns `start` … n − 1, with L and U filled up to lnz and unz
   * and max |scaled A| and max |U| so far (from lp, up and stoppedState). Each exit returns a constant and every number
   * the caller needs is stored in every column (the column in passAt[0], lp[k + 1] and up[k + 1], the maxima in
   * stoppedState): the loop is compiled on stack during the first pass of a process, and an exit first taken later with
   * code of its own (a store, an allocation, a call) would lack type feedback there and throw the compiled code away (see
   * onStackReplacement below). The fields and A's arrays are read in the loop's body, not before the loop: V8 allocates a
   * function's type feedback only during its first long call, so loads before the loop in that call leave none, and the
   * function compiled after it for the next call would deoptimize on entry there, after which V8 did not compile it
   * again — every later analysis of the process ran its columns in unoptimized code.
   */
  private pivotColumns(a: CscMatrix, tau: number, maxFill: number, n: number, start: number, lnz: number, unz: number,
    amax: number, umax: number): number {
    for (let k = start; k < n; k++) {
      const lp = this.lp;
      const up = this.up;
      const li = this.li;
      const ui = this.ui;
      const at = this.passAt;
      lp[k] = lnz;
      up[k] = unz;
      at[0] = k;
      // a column has at most n rows in L and in U
      if (lnz + n > li.length || unz + n > ui.length) return PASS_FULL_STORAGE;
      const cp = a.colPtr;
      const ri = a.rowIndex;
      const pinv = this.stepOfRow;
      const x = this.work;
      const topo = this.topo;
      const lx = this.lx;
      const ux = this.ux;
      const state = this.stoppedState;
      const column = this.columnMaxima;
      const candidate = this.candidateRow;
      const prefRow = this.prefRow;
      const prefCol = this.prefCol;
      const j = this.colOrder[k];
      const top = this.reach(ri, cp[j], cp[j + 1], k, n);
      at[1] = top;
      // the loops over the column are functions of their own: called for every column, V8 compiles them early in the
      // first pass of a process, while this loop waits for its compilation on stack (see onStackReplacement below)
      amax = scatterScaledColumn(a, j, this.rowScale, this.colScale[j], x, amax);
      eliminateColumn(topo, top, n, pinv, x, li, lx, lp);
      column[2] = umax;
      unz = splitColumn(topo, top, n, pinv, x, ui, ux, unz, column, candidate);
      up[k + 1] = unz;
      const scale = column[0];
      const pmax = column[1];
      umax = column[2];
      let ipiv = candidate[0];
      if (ipiv < 0 || !(pmax > this.zeroPivotTolerance * scale) || pmax === 0) return PASS_SINGULAR;
      const pref = prefRow[j];
      if (pinv[pref] < 0 && Math.abs(x[pref]) >= tau * pmax) {
        ipiv = pref;
      } else {
        const c = prefCol[ipiv];
        if (this.stepOfCol[c] > k && pinv[pref] < 0) {
          prefRow[c] = pref;
          prefCol[pref] = c;
        }
      }
      const pivot = x[ipiv];
      x[ipiv] = 0;
      pinv[ipiv] = k;
      this.rowOfStep[k] = ipiv;
      this.udiag[k] = pivot;
      if (Math.abs(pivot) > umax) umax = Math.abs(pivot);
      lnz = storeLowerPart(topo, top, n, pinv, x, li, lx, lnz, 1 / pivot);
      this.lpend[k] = lnz;
      lp[k + 1] = lnz;
      state[1] = amax;
      state[2] = umax;
      this.prune(k, ipiv, unz);
      if (lnz + unz + 2 * n > maxFill) return PASS_FILL_LIMIT;
    }
    return PASS_DONE;
  }

  /**
   * Numeric refactorization for a matrix with the pattern of the last factorization:
   * reuses the pivot sequence and the L/U pattern (no graph search, no allocation).
   * When a reused pivot drops below `refactorThreshold` relative to its L column (or
   * below the zero-pivot tolerance), or the growth exceeds `growthLimit`, it falls back
   * to {@link SparseLU.factorize} and returns `'repivoted'` (or the singular column). Throws {@link PatternMismatchError}
   * when the pattern differs, unless `patternKnown`: the caller guarantees A's colPtr and rowIndex hold the pattern of
   * the last factorization (LinearSystem: its assembler has not rebuilt the pattern since), and the O(nnz) comparison
   * (≈ 1 % of perf3DRigidBodies' solve, one per Jacobian update) is skipped.
   */
  refactorize(a: CscMatrix, patternKnown = false): RefactorOutcome {
    this.requireSize(a);
    if (!this.factored) return this.fallback(a);
    if (!patternKnown) this.checkPattern(a);
    this.useMemory();
    this.factored = false;
    if (!this.grouped) this.groupNestedColumns();
    if (!this.eliminateWithPivots(a)) return this.fallback(a);
    const amax = this.maxima[0];
    const growth = amax > 0 ? this.maxima[1] / amax : 1;
    if (growth > this.growthLimit) return this.fallback(a);
    this.maxima[2] = growth;
    this.factored = true;
    this.stats.refactorizations++;
    return 'reused';
  }

  /**
   * The numeric elimination of {@link SparseLU.refactorize} with the stored pivot sequence and L/U pattern (A's values
   * copied into the memory, its pattern the stored one), by the refactor kernel; false when a reused pivot fails its
   * test (the work vector is left zeroed). Writes max |scaled A| and max |U| to maxima[0] and maxima[1] on success.
   */
  private eliminateWithPivots(a: CscMatrix): boolean {
    const n = this.n;
    const entries = this.patColPtr[n];
    const values = a.values;
    this.values.set(values.length === entries ? values : values.subarray(0, entries));
    const l = this.layout;
    const group = this.groupsUsed ? l.group : 0;
    if (this.memory!.kernels.refactor(n, this.refactorThreshold, this.zeroPivotTolerance, l.values, l.colPtr, l.rowIndex, l.work, group,
      l.maxima, l.colOrder, l.stepOfRow, l.lp, l.li, l.lx, l.up, l.ui, l.ux, l.udiag, l.rowScale, l.colScale) === 0) return false;
    this.maxima[0] = this.refactorMaxima[0];
    this.maxima[1] = this.refactorMaxima[1];
    return true;
  }

  /**
   * The groups of U entries that the refactorization eliminates together, for the pattern of the last complete pass: L's
   * nested columns aligned and marked, then U's entries grouped; none (every entry one by one) when L has fewer than
   * {@link GROUPING_MIN_L_ENTRIES} entries. Done at the first refactorization with a new pattern, so that a
   * factorization that is never refactorized (an analysis' alternatives, a single solve) does not pay it.
   */
  private groupNestedColumns(): void {
    const n = this.n;
    this.groupsUsed = this.lp[n] >= GROUPING_MIN_L_ENTRIES;
    if (this.groupsUsed) {
      if (this.nested.length !== n) this.nested = new Uint8Array(n);
      alignNestedColumns(n, this.lp, this.li, this.lx, this.nested, this.stackPos, this.sol);
      groupUpperPart(n, this.up, this.ui, this.ux, this.nested, this.uGroup);
    }
    this.grouped = true;
  }

  /** Solves A·x = b with the current factors; `x` may be the same array as `b`. */
  solve(b: Float64Array, x: Float64Array): void {
    if (!this.factored) throw new Error('SparseLU.solve: no valid factorization');
    this.useMemory();
    const n = this.n;
    const vector = this.vector;
    vector.set(b.length === n ? b : b.subarray(0, n));
    const l = this.layout;
    this.memory!.kernels.solve(n, l.vector, l.sol, l.rowOfStep, l.colOrder, l.stepOfRow, l.lp, l.li, l.lx, l.up, l.ui, l.ux, l.udiag,
      l.rowScale, l.colScale);
    x.set(vector);
  }

  /**
   * Ruiz equilibration: repeatedly divides every row and column by the square root of
   * its largest scaled entry, rounded to a power of two, until all maxima lie in (0.5, 2].
   */
  private computeScaling(a: CscMatrix): void {
    const n = this.n;
    const rs = this.rowScale;
    const cs = this.colScale;
    rs.fill(1);
    cs.fill(1);
    if (!this.scaling) return;
    const rmax = this.rowMax;
    for (let iter = 0; iter < 20; iter++) {
      rmax.fill(0);
      // the sweeps are functions of their own, each ending with its loop (see onStackReplacement below), A's arrays as arguments
      // (see eliminationTree)
      const columnsChanged = scaleColumns(n, a.colPtr, a.rowIndex, a.values, rs, cs, rmax);
      const rowsChanged = scaleRows(n, rs, rmax);
      if (!columnsChanged && !rowsChanged) break;
    }
  }

  private fallback(a: CscMatrix): RefactorOutcome {
    this.stats.fallbacks++;
    const r = this.factorize(a);
    return r === true ? 'repivoted' : r;
  }

  /**
   * Depth-first search in the graph of the L columns computed so far from each row ri[p … end) of a column of A (at
   * step k) not yet reached; appends the reached rows to `topo[..top)` from top = n in reverse postorder (a topological
   * order of the pivotal rows) and returns the new `top`. The loop over the column's rows is here, not in pivotColumns:
   * it would count in pivotColumns' tier-up budget, and a short run's few analyses would then have pivotColumns
   * compiled by TurboFan (a long job) after its last use.
   */
  private reach(ri: Int32Array, p: number, end: number, k: number, n: number): number {
    const pinv = this.stepOfRow;
    const mark = this.mark;
    const topo = this.topo;
    const lp = this.lp;
    const lpend = this.lpend;
    const li = this.li;
    const stack = this.stack;
    const stackPos = this.stackPos;
    let top = n;
    for (; p < end; p++) {
      const start = ri[p];
      if (mark[start] === k) continue;
      mark[start] = k;
      if (pinv[start] < 0) {
        topo[--top] = start;
        continue;
      }
      let depth = 0;
      stack[0] = start;
      stackPos[0] = lp[pinv[start]];
      while (depth >= 0) {
        const i = stack[depth];
        const unpruned = lpend[pinv[i]];
        let q = stackPos[depth];
        let descended = false;
        while (q < unpruned) {
          const r = li[q++];
          if (mark[r] === k) continue;
          mark[r] = k;
          const kr = pinv[r];
          if (kr < 0) {
            topo[--top] = r;
            continue;
          }
          stackPos[depth] = q;
          stack[++depth] = r;
          stackPos[depth] = lp[kr];
          descended = true;
          break;
        }
        if (!descended) {
          topo[--top] = i;
          depth--;
        }
      }
    }
    return top;
  }

  /**
   * Symmetric pruning (Eisenstat–Liu): when column kk of L contains the row just chosen
   * as pivot of step k and U(kk, k) ≠ 0, the rows of L(:,kk) that are not yet pivotal
   * are reachable through column k, so the depth-first search may skip them. They are
   * moved behind `lpend[kk]` (the numeric phase still uses the whole column).
   */
  private prune(k: number, ipiv: number, uEnd: number): void {
    const up = this.up;
    const ui = this.ui;
    const lp = this.lp;
    const lpend = this.lpend;
    const li = this.li;
    const lx = this.lx;
    const pinv = this.stepOfRow;
    const pruned = this.pruned;
    for (let p = up[k]; p < uEnd; p++) {
      const kk = ui[p];
      if (pruned[kk]) continue;
      const p0 = lp[kk];
      const p1 = lpend[kk];
      let found = false;
      for (let t = p0; t < p1; t++) {
        if (li[t] === ipiv) {
          found = true;
          break;
        }
      }
      if (!found) continue;
      let lo = p0;
      let hi = p1 - 1;
      while (lo <= hi) {
        if (pinv[li[lo]] >= 0) {
          lo++;
        } else if (pinv[li[hi]] < 0) {
          hi--;
        } else {
          const ti = li[lo];
          li[lo] = li[hi];
          li[hi] = ti;
          const tx = lx[lo];
          lx[lo] = lx[hi];
          lx[hi] = tx;
          lo++;
          hi--;
        }
      }
      lpend[kk] = lo;
      pruned[kk] = 1;
    }
  }

  private computeOrdering(a: CscMatrix, g: SymmetricGraph, share: SparseLUShare | undefined): Int32Array {
    const n = a.n;
    const o = this.ordering;
    if (o instanceof Int32Array) {
      if (o.length !== n) throw new RangeError('SparseLU: ordering length differs from matrix size');
      const seen = new Uint8Array(n);
      for (let k = 0; k < n; k++) {
        const j = o[k];
        if (!(j >= 0 && j < n) || seen[j]) throw new RangeError('SparseLU: ordering is not a permutation');
        seen[j] = 1;
      }
      return o.slice();
    }
    if (o === 'natural') {
      const perm = new Int32Array(n);
      for (let k = 0; k < n; k++) perm[k] = k;
      return perm;
    }
    const pairings = this.scaling ? share?.pairings : undefined;
    let c = pairings?.get(this.pivotThreshold);
    if (c === undefined) {
      const pairOf = pairZeroDiagonal(a, this.pivotThreshold, this.rowScale, this.colScale);
      c = pairOf.some((r) => r >= 0) ? compressPairs(g, pairOf) : null;
      pairings?.set(this.pivotThreshold, c);
    }
    if (c === null) return o === 'rcm' ? rcmOrder(g) : amdOrder(g);
    return expandPairs(c, o === 'rcm' ? rcmOrder(c.graph) : amdOrder(c.graph, c.weights));
  }

  private requireSize(a: CscMatrix): number {
    if (this.n < 0) throw new Error('SparseLU: analyze() must be called first');
    if (a.n !== this.n) throw new RangeError(`SparseLU: matrix size ${a.n} differs from analyzed size ${this.n}`);
    return this.n;
  }

  private snapshotPattern(a: CscMatrix): void {
    const n = this.n;
    const nnz = a.colPtr[n];
    if (nnz > this.patRowIndex.length) this.layOut(nnz, this.li.length, this.ui.length, true);
    for (let j = 0; j <= n; j++) this.patColPtr[j] = a.colPtr[j];
    for (let p = 0; p < nnz; p++) this.patRowIndex[p] = a.rowIndex[p];
  }

  private checkPattern(a: CscMatrix): void {
    const n = this.n;
    const cp = a.colPtr;
    const ri = a.rowIndex;
    const pc = this.patColPtr;
    const pr = this.patRowIndex;
    for (let j = 0; j <= n; j++) {
      if (cp[j] !== pc[j]) throw new PatternMismatchError(`SparseLU.refactorize: column ${j} pattern changed`);
    }
    for (let p = 0, nnz = pc[n]; p < nnz; p++) {
      if (ri[p] !== pr[p]) throw new PatternMismatchError('SparseLU.refactorize: row pattern changed');
    }
  }

  /** L and U with room for lcap and ucap entries (their used entries kept): a new memory when that differs from now. */
  private resizeFactors(lcap: number, ucap: number): void {
    if (lcap !== this.li.length || ucap !== this.ui.length) this.layOut(this.patRowIndex.length, lcap, ucap, true);
  }

  /**
   * A memory of the pool laid out for n unknowns, `entries` entries of A and lcap and ucap of L and U, with views of it
   * as the fields of the arrays there; with `keep`, each array's contents copied over (cut to the new length). A memory
   * of the pool in use is given back first; when kept, its arrays are copied out if it could hold the new layout (the
   * pool may lend the same memory again, zeroed), else they are carried over from it straight (the pool lends only a
   * memory that holds the layout, so this one stays untouched until then; L or U full in a pass always asks for more).
   * The arrays of a memory of its own are copied straight into the new one. Another memory rather than a grown one: see
   * the class' comment.
   */
  private layOut(entries: number, lcap: number, ucap: number, keep: boolean): void {
    const n = this.n;
    const l = sparseLULayout(n, entries, lcap, ucap);
    const current = this.memory;
    if (!keep && current !== undefined) returnSparseLUMemory(current);
    else if (current?.pooled === true && current.buffer.byteLength >= l.bytes) this.moveOut();
    else if (current?.pooled === true) returnSparseLUMemory(current);
    const memory = lendSparseLUMemory(l.bytes, this.tenant);
    const buffer = memory.buffer;
    const float64 = (at: number, length: number, old: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> =>
      carry(new Float64Array(buffer, at, length), old, keep);
    const int32 = (at: number, length: number, old: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> =>
      carry(new Int32Array(buffer, at, length), old, keep);
    this.refactorMaxima = new Float64Array(buffer, l.maxima, 2);
    this.work = float64(l.work, n, this.work);
    this.udiag = float64(l.udiag, n, this.udiag);
    this.rowScale = float64(l.rowScale, n, this.rowScale);
    this.colScale = float64(l.colScale, n, this.colScale);
    this.sol = float64(l.sol, n, this.sol);
    this.vector = new Float64Array(buffer, l.vector, n);
    this.values = new Float64Array(buffer, l.values, entries);
    this.lx = float64(l.lx, lcap, this.lx);
    this.ux = float64(l.ux, ucap, this.ux);
    this.colOrder = int32(l.colOrder, n, this.colOrder);
    this.stepOfRow = int32(l.stepOfRow, n, this.stepOfRow);
    this.rowOfStep = int32(l.rowOfStep, n, this.rowOfStep);
    this.lp = int32(l.lp, n + 1, this.lp);
    this.up = int32(l.up, n + 1, this.up);
    this.patColPtr = int32(l.colPtr, n + 1, this.patColPtr);
    this.patRowIndex = int32(l.rowIndex, entries, this.patRowIndex);
    this.li = int32(l.li, lcap, this.li);
    this.ui = int32(l.ui, ucap, this.ui);
    this.uGroup = carry(new Uint8Array(buffer, l.group, ucap), this.uGroup, keep);
    this.layout = l;
    this.memory = memory;
  }

  /** Before the kernels run: the arrays moved back into a memory if the pool took theirs back, else the memory's use marked. */
  private useMemory(): void {
    if (this.memory === undefined) this.layOut(this.patRowIndex.length, this.li.length, this.ui.length, true);
    else useSparseLUMemory(this.memory);
  }

  /**
   * The arrays in the memory copied into arrays of their own and the memory given back to the pool (nothing when they are
   * not in a memory). The work arrays of a refactorization and a solve (A's values, the solve's vector) are not kept.
   */
  private moveOut(): void {
    const memory = this.memory;
    if (memory === undefined) return;
    this.refactorMaxima = new Float64Array(2);
    this.work = this.work.slice();
    this.udiag = this.udiag.slice();
    this.rowScale = this.rowScale.slice();
    this.colScale = this.colScale.slice();
    this.sol = this.sol.slice();
    this.vector = new Float64Array(0);
    this.values = new Float64Array(0);
    this.lx = this.lx.slice();
    this.ux = this.ux.slice();
    this.colOrder = this.colOrder.slice();
    this.stepOfRow = this.stepOfRow.slice();
    this.rowOfStep = this.rowOfStep.slice();
    this.lp = this.lp.slice();
    this.up = this.up.slice();
    this.patColPtr = this.patColPtr.slice();
    this.patRowIndex = this.patRowIndex.slice();
    this.li = this.li.slice();
    this.ui = this.ui.slice();
    this.uGroup = this.uGroup.slice();
    this.memory = undefined;
    returnSparseLUMemory(memory);
  }
}

/*
 * onStackReplacement: the analyses below run once or a few times per pattern, their first call in a fresh process
 * interpreted until V8 has compiled its long loop on stack. Code after such a loop that has not run yet (a second loop, an
 * allocation, a return value built there) has no type feedback in that compilation, and V8 throws the compiled code away
 * when it gets there, interprets on and compiles the function again. So each long loop ends its function (the caller
 * does what follows), as in scaleColumns, scaleRows, eliminationTree and factorEntries here and in ordering.ts.
 */

/**
 * Entries of the strictly lower Cholesky factor of the pattern of g (A + Aᵀ) eliminated in the order `order`
 * (`stepOf` its inverse): the fill of an LU factorization of A whose pivots stay on the diagonal. Elimination tree by
 * Liu's algorithm with path compression, then each row's entries by walking up the tree from the row's nonzeros to
 * the first node already counted; O(entries of the factor). `parent`, `ancestor` and `mark` are work arrays of length n.
 */
function symmetricFactorFill(g: SymmetricGraph, order: Int32Array, stepOf: Int32Array, parent: Int32Array, ancestor: Int32Array, mark: Int32Array): number {
  parent.fill(-1);
  ancestor.fill(-1);
  eliminationTree(g.n, g.ptr, g.adj, order, stepOf, parent, ancestor);
  mark.fill(-1);
  return factorEntries(g.n, g.ptr, g.adj, order, stepOf, parent, mark);
}

/**
 * The elimination tree of {@link symmetricFactorFill} (`parent`, −1 at roots; `parent` and `ancestor` filled with −1) of
 * the graph (n, ptr, adj). The graph's arrays are arguments, not loaded from it here: a load before the loop in the
 * first call has no type feedback (V8 allocates it during that call's loop), and the code compiled for the next call
 * would deoptimize there on entry and not be compiled again (see onStackReplacement above).
 */
function eliminationTree(n: number, ptr: Int32Array, adj: Int32Array, order: Int32Array, stepOf: Int32Array, parent: Int32Array,
  ancestor: Int32Array): void {
  for (let k = 0; k < n; k++) {
    const v = order[k];
    for (let p = ptr[v], end = ptr[v + 1]; p < end; p++) {
      let i = stepOf[adj[p]];
      while (i !== -1 && i < k) {
        const up = ancestor[i];
        ancestor[i] = k;
        if (up === -1) parent[i] = k;
        i = up;
      }
    }
  }
}

/** The entries of {@link symmetricFactorFill}'s factor, row by row up the elimination tree (`mark` filled with −1); arguments as {@link eliminationTree}'s. */
function factorEntries(n: number, ptr: Int32Array, adj: Int32Array, order: Int32Array, stepOf: Int32Array, parent: Int32Array,
  mark: Int32Array): number {
  let count = 0;
  for (let k = 0; k < n; k++) {
    mark[k] = k;
    const v = order[k];
    for (let p = ptr[v], end = ptr[v + 1]; p < end; p++) {
      let i = stepOf[adj[p]];
      if (i > k) continue;
      while (i !== -1 && mark[i] !== k) {
        mark[i] = k;
        count++;
        i = parent[i];
      }
    }
  }
  return count;
}


/** {@link SparseLU.pivotColumns}' exits: all columns done, L or U full, the fill limit passed, a singular column. */
const PASS_DONE = 0;
const PASS_FULL_STORAGE = 1;
const PASS_FILL_LIMIT = 2;
const PASS_SINGULAR = 3;

/** `view` with the first entries of `old` copied in when `keep` (as many as fit). */
function carry<T extends Float64Array | Int32Array | Uint8Array>(view: T, old: T, keep: boolean): T {
  if (keep) view.set(old.length > view.length ? old.subarray(0, view.length) : old);
  return view;
}

/** L's row indices `li[0..lnz)` renumbered from original rows to their pivot steps (`pinv`), after a complete pass. */
function remapRows(li: Int32Array, lnz: number, pinv: Int32Array): void {
  for (let p = 0; p < lnz; p++) li[p] = pinv[li[p]];
}

/** The most L columns the refactorization eliminates together (see eliminateGroupOf in sparseLUKernelsSource.ts). */
const MAX_GROUP = 4;

/**
 * Entries of L below which {@link SparseLU} refactorizes one column at a time (no groups): with few and short columns the
 * grouping saves little per refactorization (geometricallyExactBeamTest, 761 entries: ≈ 8 000 updates per
 * refactorization, 88 refactorizations; PARTS_ATEs_moving, 25 839 entries: 672 000 updates, 99 refactorizations). Chosen
 * when the grouped elimination was JavaScript, against what compiling it cost a fresh process; not measured again since
 * it is a WebAssembly kernel.
 */
const GROUPING_MIN_L_ENTRIES = 8192;

/**
 * For factors of a complete pass (L's rows as steps): for each step kk whose L column holds row kk + 1 and exactly the rows of
 * L(:, kk + 1) besides (a supernode's columns), stores L(:, kk) as kk + 1 first and then the rows in L(:, kk + 1)'s
 * order, and sets nested[kk] (0 elsewhere). From the last column to the first, so that a chain of nested columns has
 * one order. Only positions within a column change: the refactorization and the solves update each entry of their work
 * vector with the same products in the same order. `position` (length n, any content) and `values` are scratch.
 */
function alignNestedColumns(n: number, lp: Int32Array, li: Int32Array, lx: Float64Array, nested: Uint8Array, position: Int32Array,
  values: Float64Array): void {
  nested.fill(0);
  for (let kk = n - 2; kk >= 0; kk--) {
    const start = lp[kk];
    const next = lp[kk + 1];
    const end = lp[kk + 2];
    if (next - start !== end - next + 1) continue;
    for (let t = start; t < next; t++) position[li[t]] = t;
    const first = position[kk + 1];
    if (!(first >= start && first < next && li[first] === kk + 1)) continue;
    let shared = true;
    for (let t = next; t < end; t++) {
      const r = li[t];
      const at = position[r];
      if (!(at >= start && at < next && li[at] === r)) {
        shared = false;
        break;
      }
      values[t - next] = lx[at];
    }
    if (!shared) continue;
    const firstValue = lx[first];
    li[start] = kk + 1;
    lx[start] = firstValue;
    for (let t = next; t < end; t++) {
      li[start + 1 + t - next] = li[t];
      lx[start + 1 + t - next] = values[t - next];
    }
    nested[kk] = 1;
  }
}

/**
 * For the U entries of each column, in their (topological) order: group[p] = the number g ≤ {@link MAX_GROUP} of
 * entries from p on that are consecutive steps kk, kk + 1, … with nested L columns (nested[kk … kk + g − 2]), the
 * next group starting at p + g. An entry whose multiplier (ux) is zero in the factors at hand is a group of its own: such
 * zeros are mostly structural (PARTS_ATEs_moving: 3 486 of 26 177 U entries, the same in every refactorization), and a
 * group with a zero multiplier is eliminated one by one after its kernel has formed the multipliers; alone, a zero entry
 * is skipped at once and its neighbours stay grouped. Only the speed depends on it: every grouping gives the same bits.
 */
function groupUpperPart(n: number, up: Int32Array, ui: Int32Array, ux: Float64Array, nested: Uint8Array,
  group: Uint8Array): void {
  for (let k = 0; k < n; k++) {
    const end = up[k + 1];
    for (let p = up[k]; p < end;) {
      const kk = ui[p];
      let g = 1;
      if (ux[p] !== 0) while (g < MAX_GROUP && p + g < end && ux[p + g] !== 0 && ui[p + g] === kk + g && nested[kk + g - 1] === 1) g++;
      group[p] = g;
      p += g;
    }
  }
}

/**
 * Adds column j of the scaled matrix, rs[i]·a_ij·cj, to the work vector x of {@link SparseLU}'s pivoting pass; returns
 * `amax` raised to the largest magnitude added.
 */
function scatterScaledColumn(a: CscMatrix, j: number, rs: Float64Array, cj: number, x: Float64Array, amax: number): number {
  const ri = a.rowIndex;
  const av = a.values;
  for (let p = a.colPtr[j], end = a.colPtr[j + 1]; p < end; p++) {
    const i = ri[p];
    const v = av[p] * rs[i] * cj;
    x[i] += v;
    // one call: a second one where a new largest entry turns up would lack type feedback in compiled code
    const absV = Math.abs(v);
    if (absV > amax) amax = absV;
  }
  return amax;
}

/**
 * The sparse triangular solve of a column in the pivoting pass: for each row reached (`topo[top..n)`, in topological
 * order) that is already pivotal at step kk, x −= x_row · L(:, kk).
 */
function eliminateColumn(topo: Int32Array, top: number, n: number, pinv: Int32Array, x: Float64Array, li: Int32Array, lx: Float64Array, lp: Int32Array): void {
  for (let t = top; t < n; t++) {
    const i = topo[t];
    const kk = pinv[i];
    if (kk < 0) continue;
    const xi = x[i];
    if (xi === 0) continue;
    scatterSubtract(x, li, lx, lp[kk], lp[kk + 1], xi);
  }
}

/**
 * Splits a solved column of the pivoting pass: each row reached that is already pivotal (step kk) goes to U (`ui`/`ux`
 * from `unz` on) and is zeroed in x, the others are pivot candidates. Writes the column's largest magnitude to
 * `column[0]`, the largest candidate's to `column[1]`, raises max |U| in `column[2]`, and the largest candidate's row
 * (the first of equal ones in topological order; −1 if none) to `candidate[0]`. Returns the new end of U.
 */
function splitColumn(topo: Int32Array, top: number, n: number, pinv: Int32Array, x: Float64Array, ui: Int32Array, ux: Float64Array,
  unz: number, column: Float64Array, candidate: Int32Array): number {
  let scale = 0;
  let pmax = 0;
  let ipiv = -1;
  let umax = column[2];
  for (let t = top; t < n; t++) {
    const i = topo[t];
    const v = x[i];
    const absV = Math.abs(v);
    if (absV > scale) scale = absV;
    const kk = pinv[i];
    if (kk >= 0) {
      ui[unz] = kk;
      ux[unz++] = v;
      x[i] = 0;
      if (absV > umax) umax = absV;
    } else if (absV > pmax || ipiv < 0) {
      pmax = absV;
      ipiv = i;
    }
  }
  column[0] = scale;
  column[1] = pmax;
  column[2] = umax;
  candidate[0] = ipiv;
  return unz;
}

/** The L part of a column after its pivot: each row not yet pivotal, x_i·inv, stored from `lnz` on and zeroed in x; returns the new end of L. */
function storeLowerPart(topo: Int32Array, top: number, n: number, pinv: Int32Array, x: Float64Array, li: Int32Array, lx: Float64Array,
  lnz: number, inv: number): number {
  for (let t = top; t < n; t++) {
    const i = topo[t];
    if (pinv[i] >= 0) continue;
    li[lnz] = i;
    lx[lnz++] = x[i] * inv;
    x[i] = 0;
  }
  return lnz;
}

/**
 * One column sweep of {@link SparseLU}'s equilibration: each column's scale multiplied by the power of two that brings
 * its largest scaled entry into (0.5, 2], and the rows' largest scaled entries (before that factor) gathered in `rmax`
 * (zero on entry). True if a column's scale changed. A's arrays are arguments (see eliminationTree).
 */
function scaleColumns(n: number, cp: Int32Array, ri: Int32Array, av: Float64Array, rs: Float64Array, cs: Float64Array, rmax: Float64Array): boolean {
  let changed = false;
  for (let j = 0; j < n; j++) {
    const cj = cs[j];
    let cmax = 0;
    for (let p = cp[j], end = cp[j + 1]; p < end; p++) {
      const i = ri[p];
      const v = Math.abs(av[p]) * rs[i] * cj;
      if (v > cmax) cmax = v;
      if (v > rmax[i]) rmax[i] = v;
    }
    const f = powerOfTwoInvSqrt(cmax);
    if (f !== 1) {
      cs[j] = cj * f;
      changed = true;
    }
  }
  return changed;
}

/** The row sweep after {@link scaleColumns}: each row's scale multiplied by the power of two for `rmax`; true if one changed. */
function scaleRows(n: number, rs: Float64Array, rmax: Float64Array): boolean {
  let changed = false;
  for (let i = 0; i < n; i++) {
    const f = powerOfTwoInvSqrt(rmax[i]);
    if (f !== 1) {
      rs[i] *= f;
      changed = true;
    }
  }
  return changed;
}

/**
 * Power of two f with f²·v in (0.5, 2], i.e. ≈ 1/√v without rounding error; 1 when v is
 * zero or not finite.
 */
function powerOfTwoInvSqrt(v: number): number {
  if ((v > 0.5 && v <= 2) || !(v > 0) || v === Infinity) return 1;
  // one loop for both directions (exact steps: v above 2 reaches (0.5, 2] going down, v at most 0.5 going up): with a
  // loop per direction, the one a process met later had no type feedback in the sweep's code compiled on stack, which
  // then deoptimized in the first analysis of every process
  const down = v > 2;
  const vStep = down ? 0.25 : 4;
  const fStep = down ? 0.5 : 2;
  // f / 2 from 0.5 (exact: powers of two), not f from 1: a factor starting as the integer 1 took the small-integer
  // representation while only doublings had been seen (2, 4, …), and the first halving (0.5) threw away the optimized
  // sweep that inlines this (scaleColumns, ANCFgeneralContactCircle)
  let halfFactor = 0.5;
  while (v > 2 || v <= 0.5) {
    v *= vStep;
    halfFactor *= fStep;
  }
  return 2 * halfFactor;
}
