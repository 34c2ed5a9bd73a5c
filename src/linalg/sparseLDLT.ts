/**
 * Sparse symmetric factorization P·A·Pᵀ = L·D·Lᵀ (L unit lower triangular, D diagonal,
 * 1×1 pivots in the fill-reducing order, no pivoting) for symmetric positive definite and
 * for quasi-definite / mildly indefinite matrices such as shifted finite element pencils
 * K − σM, with the inertia of A (number of negative pivots, by Sylvester's law of
 * inertia the number of negative eigenvalues of A).
 *
 * Algorithm (multifrontal supernodal, in the style of CHOLMOD's supernodal analysis):
 * - ordering: AMD and nested dissection ({@link nestedDissectionOrder}) on the graph of A
 *   with supervariables (consecutive unknowns with the same adjacency, e.g. the 3
 *   displacement coordinates of a finite element node) merged into one weighted vertex,
 *   which makes the orderings several times cheaper on FE matrices; the one with fewer
 *   factorization operations is kept, followed by the postorder of its elimination tree
 *   (nested dissection only when AMD's factorization needs at least
 *   {@link AUTO_NESTED_DISSECTION_WORK} operations);
 * - symbolic: elimination tree (Liu), column counts by row subtrees, fundamental supernodes
 *   merged into relaxed supernodes (CHOLMOD's default amalgamation thresholds), the row
 *   structure of every supernode, the sizes of the frontal matrices and the update stack;
 * - numeric: per supernode in postorder, the dense frontal matrix (columns of A plus the
 *   children's update matrices, extend-add), a blocked dense partial LDLᵀ of its supernode
 *   columns whose trailing updates yield the Schur complement F₂₂ − L₂₁·D·L₂₁ᵀ, pushed on
 *   the update stack; all in the WebAssembly memory of the factorization, by the kernels
 *   of sparseLDLTKernels.ts (as are the solves);
 * - a pivot |d_j| ≤ zeroPivotTolerance·(largest |a_ij| of column j) stops the
 *   factorization and is reported (A singular, or indefinite with a zero leading minor in
 *   this order: use {@link SparseLU} instead).
 *
 * Only the upper triangle of A (entries with row ≤ column) is read; A may hold both
 * triangles (as the FE assembly does) or only the upper one.
 * @module
 */

import type { CscMatrix } from './sparse.ts';
import { SparsePatternAnalysis, type OrderingTree } from './sparsePatternKernels.ts';
import { sparseLDLTKernels, type SparseLDLTKernels } from './sparseLDLTKernels.ts';
import { sparseLDLTLayout, writeSparseLDLTHeader, type SparseLDLTLayout, type SparseLDLTSizes } from './sparseLDLTKernelsLayout.ts';
import { memoryPages, wasmPageBytes } from './storedWasmModule.ts';
import { amdOrder, rcmOrder, type SymmetricGraph } from './ordering.ts';
import { nestedDissectionOrder } from './nestedDissection.ts';

/** Default relative zero-pivot tolerance of {@link SparseLDLT}. */
export const LDLT_ZERO_PIVOT_TOLERANCE = 1e-13;

/**
 * `'auto'` computes the nested-dissection candidate only when the AMD ordering's factorization work (Σ_j c_j² over the
 * column counts c_j of L) is at least this: below it a factorization and its solves cost a few milliseconds at most,
 * less than nested dissection itself costs a fresh process (≈ 15 ms of main-thread CPU and the compilation of its
 * functions, the rotor disc's 345 unknowns, AMD work 5.4e5). FE pencils of a few hundred nodes have ≥ 1.9e6
 * (abaqusImportTest), where nested dissection does win at times.
 */
export const AUTO_NESTED_DISSECTION_WORK = 1e6;

/** Ordering of {@link SparseLDLT.analyze}: a method or an explicit permutation (`perm[k]` = unknown eliminated k-th). */
export type LDLTOrdering = 'auto' | 'amd' | 'nd' | 'rcm' | 'natural' | Int32Array;

/** Options of {@link SparseLDLT}. */
export interface SparseLDLTOptions {
  /**
   * Fill-reducing ordering (default `'auto'`: AMD and nested dissection on the supervariable
   * graph, the one with fewer operations, nested dissection only from {@link AUTO_NESTED_DISSECTION_WORK} on;
   * `'amd'`, `'nd'` alone; `'rcm'`, `'natural'`, or a permutation).
   */
  ordering?: LDLTOrdering;
  /** Relative zero-pivot tolerance (default {@link LDLT_ZERO_PIVOT_TOLERANCE}). */
  zeroPivotTolerance?: number;
  /** Merge supernodes with few explicit zeros into larger ones (default true; false keeps the fundamental supernodes). */
  relaxedSupernodes?: boolean;
}

/** Failure report of a factorization: the unknown whose pivot vanished. */
export interface SparseLDLTZeroPivot {
  /** Original index of the unknown with the (near-)zero pivot. */
  readonly singularColumn: number;
  /** Elimination step of the failure. */
  readonly step: number;
  /** The pivot d_j found. */
  readonly pivot: number;
  /** Largest |a_ij| of that column (the reference scale of the test). */
  readonly columnScale: number;
}

/** Thrown by {@link SparseLDLT.refactorize} when the matrix pattern differs from the analyzed one. */
export class LDLTPatternError extends Error {
  /** Creates the error with an explanatory message. */
  constructor(message: string) {
    super(message);
    this.name = 'LDLTPatternError';
  }
}

/** Relaxed amalgamation thresholds (CHOLMOD's defaults): up to nrelax[i] columns, a zero fraction below zrelax[i]. */
const NRELAX = [4, 16, 48];
const ZRELAX = [0.8, 0.1, 0.05];

/**
 * Sparse LDLᵀ factorization with symbolic analysis and refactorization.
 *
 * Usage: `analyze(A)` once per pattern (ordering, symbolic analysis, first numeric
 * factorization), `refactorize(A)` for new values with the same pattern, `solve(b, x)`.
 * The numeric factorization and the solves run as WebAssembly kernels (sparseLDLTKernels.ts)
 * on a memory of the factorization's own, made by analyze; refactorize/solve allocate no
 * storage after analyze (solveMultiple moves to a larger memory once for more right-hand
 * sides than it has room for).
 */
export class SparseLDLT {
  /** Relative zero-pivot tolerance. */
  zeroPivotTolerance: number;
  private readonly ordering: LDLTOrdering;
  private readonly relaxed: boolean;
  private n = -1;
  private factored = false;
  private negative = 0;
  private perm: Int32Array = new Int32Array(0);
  // permuted lower triangle C = P·A·Pᵀ (column j: rows ≥ j) and the map from A's entries to it
  private cPtr = new Int32Array(1);
  private cRow = new Int32Array(0);
  private slot = new Int32Array(0);
  private patColPtr = new Int32Array(1);
  private patRowIndex = new Int32Array(0);
  // supernodes
  private nSuper = 0;
  private superFirst = new Int32Array(1);
  private rowPtr = new Int32Array(1);
  private rows = new Int32Array(0);
  private lPtr = new Float64Array(1);
  private childCount = new Int32Array(0);
  private nnzFactor = 0;
  private flops = 0;
  // the factorization's memory: its arrays' sizes and layout, the kernels on it, room for right-hand sides, the memory's
  // doubles and the pivots
  private sizes: SparseLDLTSizes | undefined;
  private layout: SparseLDLTLayout | undefined;
  private memory: WebAssembly.Memory | undefined;
  private kernels: SparseLDLTKernels | undefined;
  private rightHandSides = 0;
  private values = new Float64Array(0);
  private d = new Float64Array(0);

  /** Creates a solver; nothing is allocated until {@link SparseLDLT.analyze}. */
  constructor(options: SparseLDLTOptions = {}) {
    this.ordering = options.ordering ?? 'auto';
    this.zeroPivotTolerance = options.zeroPivotTolerance ?? LDLT_ZERO_PIVOT_TOLERANCE;
    this.relaxed = options.relaxedSupernodes ?? true;
  }

  /** Dimension of the analyzed matrix (-1 before analyze). */
  get size(): number {
    return this.n;
  }

  /** True when valid factors are available for {@link SparseLDLT.solve}. */
  get isFactored(): boolean {
    return this.factored;
  }

  /** Entries of L including its unit diagonal (structural nonzeros, without the explicit zeros of relaxed supernodes). */
  get nnzL(): number {
    return this.nnzFactor;
  }

  /** Stored entries of the supernodal L (including the explicit zeros of relaxed supernodes and the diagonal blocks' upper parts). */
  get storedL(): number {
    return this.sizes === undefined ? 0 : this.sizes.lEntries;
  }

  /** Floating-point operations of one numeric factorization (multiplications and additions of the updates). */
  get factorFlops(): number {
    return this.flops;
  }

  /** Number of supernodes. */
  get supernodes(): number {
    return this.nSuper;
  }

  /** Number of negative pivots of the last successful factorization = number of negative eigenvalues of A. */
  get negativePivots(): number {
    return this.negative;
  }

  /** Elimination order in use: `permutation[k]` is the original unknown eliminated k-th. */
  get permutation(): Int32Array {
    return this.perm;
  }

  /**
   * The pivots d_j in elimination order (valid after a successful factorization): a view of the factorization's memory,
   * to be read again after a solveMultiple with more right-hand sides than before (which moves to a new memory).
   */
  get pivots(): Float64Array {
    return this.d;
  }

  /** Ordering, symbolic analysis and the first numeric factorization of the symmetric matrix A. */
  analyze(a: CscMatrix): true | SparseLDLTZeroPivot {
    const n = a.n;
    if (a.colPtr.length < n + 1) throw new RangeError('SparseLDLT.analyze: colPtr too short');
    this.n = n;
    this.factored = false;
    // Each candidate ordering is followed by the postorder of its elimination tree (same
    // fill, contiguous subtrees for supernodes and the update stack); the one with the
    // fewest factorization operations is kept.
    // The elimination tree and column counts are computed once, in the candidate's order, and relabeled by the
    // postorder: a postorder is a topological order of the tree, so the postordered matrix has the relabeled tree and
    // the same column counts (the same fill).
    const analysis = new SparsePatternAnalysis(a);
    let best: OrderingTree | undefined;
    const consider = (candidate: Int32Array): void => {
      const tree = analysis.orderingTree(candidate);
      if (best === undefined || tree.work < best.work) best = tree;
    };
    const { orderings, nestedDissection } = this.candidateOrderings(a, analysis);
    for (const candidate of orderings) consider(candidate);
    if (nestedDissection !== undefined && best !== undefined && best.work >= AUTO_NESTED_DISSECTION_WORK) consider(nestedDissection());
    if (best === undefined) throw new Error('SparseLDLT.analyze: no ordering');
    const lower = analysis.permutedLower(best.perm);
    this.cPtr = lower.cPtr;
    this.cRow = lower.cRow;
    this.slot = lower.slot;
    this.perm = best.perm;
    this.patColPtr = a.colPtr.slice(0, n + 1);
    this.patRowIndex = a.rowIndex.slice(0, a.colPtr[n]);
    this.symbolic(best.parent, best.count);
    return this.factorize(a);
  }

  /** Numeric factorization of new values with the analyzed pattern (throws {@link LDLTPatternError} on another pattern). */
  refactorize(a: CscMatrix): true | SparseLDLTZeroPivot {
    if (this.n < 0) throw new Error('SparseLDLT: analyze() must be called first');
    const n = this.n;
    if (a.n !== n) throw new LDLTPatternError(`SparseLDLT.refactorize: matrix size ${a.n} differs from analyzed size ${n}`);
    const nnz = this.patColPtr[n];
    if (a.colPtr !== this.patColPtr || a.rowIndex !== this.patRowIndex) {
      let same = a.colPtr[n] === nnz;
      for (let j = 0; same && j <= n; j++) same = a.colPtr[j] === this.patColPtr[j];
      for (let k = 0; same && k < nnz; k++) same = a.rowIndex[k] === this.patRowIndex[k];
      if (!same) throw new LDLTPatternError('SparseLDLT.refactorize: the matrix pattern differs from the analyzed one');
    }
    return this.factorize(a);
  }

  /** Solves A x = b with the current factors; x may alias b. */
  solve(b: Float64Array, x: Float64Array): void {
    this.solveMultiple(b, x, 1);
  }

  /**
   * Solves A X = B for `count` right-hand sides stored one after the other (column-major
   * n × count) in `b`, results in `x` (may alias b). Each column of L is applied to all
   * right-hand sides while it is in cache, so a block of b vectors costs much less than b
   * single solves; the arithmetic per vector is the same as {@link SparseLDLT.solve}'s.
   * The rows below a supernode's columns are gathered into (and scattered from) a dense
   * vector once per supernode, so the inner loops are dense.
   */
  solveMultiple(b: Float64Array, x: Float64Array, count: number): void {
    if (!this.factored) throw new Error('SparseLDLT.solve: no valid factorization');
    if (count > this.rightHandSides) this.moveToMemory(count);
    const size = this.n * count;
    const rhs = this.layout!.rhs / 8;
    this.values.set(b.subarray(0, size), rhs);
    this.kernels!.solve(count);
    x.set(this.values.subarray(rhs, rhs + size));
  }

  /**
   * The orderings to compare: the explicit one, or AMD on the supervariable graph for `'auto'` with nested dissection on
   * it as `nestedDissection`, computed on demand (see {@link AUTO_NESTED_DISSECTION_WORK}).
   */
  private candidateOrderings(a: CscMatrix, analysis: SparsePatternAnalysis): { orderings: Int32Array[]; nestedDissection?: () => Int32Array } {
    const n = a.n;
    const o = this.ordering;
    if (o instanceof Int32Array) {
      if (o.length !== n) throw new RangeError(`SparseLDLT: ordering length ${o.length} differs from matrix size ${n}`);
      const seen = new Uint8Array(n);
      for (let k = 0; k < n; k++) {
        const j = o[k];
        if (!(j >= 0 && j < n) || seen[j]) throw new RangeError('SparseLDLT: ordering is not a permutation');
        seen[j] = 1;
      }
      return { orderings: [o.slice()] };
    }
    if (o === 'natural') {
      const perm = new Int32Array(n);
      for (let k = 0; k < n; k++) perm[k] = k;
      return { orderings: [perm] };
    }
    const g = analysis.symmetricGraph();
    if (o === 'rcm') return { orderings: [rcmOrder(g)] };
    const sv = supervariables(g);
    const expand = (superPerm: Int32Array): Int32Array => {
      const perm = new Int32Array(n);
      let k = 0;
      for (let t = 0; t < superPerm.length; t++) {
        const s = superPerm[t];
        for (let v = sv.start[s]; v < sv.start[s + 1]; v++) perm[k++] = v;
      }
      return perm;
    };
    const nestedDissection = (): Int32Array => expand(nestedDissectionOrder(sv.graph, sv.weights));
    if (o === 'nd') return { orderings: [nestedDissection()] };
    const amd = expand(amdOrder(sv.graph, sv.weights));
    return o === 'amd' ? { orderings: [amd] } : { orderings: [amd], nestedDissection };
  }

  /** Relaxed supernodes, their row structures and the memory of the numeric factorization. */
  private symbolic(parent: Int32Array, count: Int32Array): void {
    const n = this.n;
    const { cPtr, cRow } = this;
    const mark = new Int32Array(n).fill(-1);
    let nnzL = 0;
    for (let j = 0; j < n; j++) nnzL += count[j];
    this.nnzFactor = nnzL;

    // Fundamental supernodes: j−1 joins j when j is its parent and their structures nest.
    const first: number[] = [];
    for (let j = 0; j < n; j++) {
      if (j === 0 || parent[j - 1] !== j || count[j - 1] !== count[j] + 1) first.push(j);
    }
    first.push(n);
    // Relaxed amalgamation: a supernode absorbs the child just before it when few zeros are added.
    const sFirst: number[] = [];
    const sLast: number[] = [];
    const sNz: number[] = [];
    for (let s = 0; s + 1 < first.length; s++) {
      let f = first[s];
      const l = first[s + 1] - 1;
      let nz = 0;
      for (let j = f; j <= l; j++) nz += count[j];
      const r = count[l] - 1;
      while (this.relaxed && sFirst.length > 0) {
        const q = sFirst.length - 1;
        const pq = parent[sLast[q]];
        if (pq === -1 || pq > l) break;
        const ncol = l - sFirst[q] + 1;
        const entries = (ncol * (ncol + 1)) / 2 + ncol * r;
        const zeros = entries - (nz + sNz[q]);
        const z = zeros / entries;
        const merge = ncol <= NRELAX[0] || (ncol <= NRELAX[1] && z < ZRELAX[0]) || (ncol <= NRELAX[2] && z < ZRELAX[1]) || z < ZRELAX[2];
        if (!merge) break;
        f = sFirst[q];
        nz += sNz[q];
        sFirst.pop();
        sLast.pop();
        sNz.pop();
      }
      sFirst.push(f);
      sLast.push(l);
      sNz.push(nz);
    }
    const ns = sFirst.length;
    this.nSuper = ns;
    const superFirst = new Int32Array(ns + 1);
    const superOf = new Int32Array(n);
    for (let s = 0; s < ns; s++) {
      superFirst[s] = sFirst[s];
      for (let j = sFirst[s]; j <= sLast[s]; j++) superOf[j] = s;
    }
    superFirst[ns] = n;
    const superParent = new Int32Array(ns);
    const childCount = new Int32Array(ns);
    const childHead = new Int32Array(ns).fill(-1);
    const childNext = new Int32Array(ns).fill(-1);
    for (let s = ns - 1; s >= 0; s--) {
      const p = parent[sLast[s]];
      superParent[s] = p === -1 ? -1 : superOf[p];
      if (p !== -1) {
        const ps = superParent[s];
        childCount[ps]++;
        childNext[s] = childHead[ps];
        childHead[ps] = s;
      }
    }
    // Row structures below each supernode's columns: A's entries and the children's structures.
    const rowPtr = new Int32Array(ns + 1);
    let rowsCap = Math.max(16, nnzL);
    let rows = new Int32Array(rowsCap);
    let nr = 0;
    mark.fill(-1);
    for (let s = 0; s < ns; s++) {
      const f = superFirst[s];
      const l = superFirst[s + 1] - 1;
      rowPtr[s] = nr;
      // room for every candidate row first, so that addRowsBelow adds each without a check
      let candidates = cPtr[l + 1] - cPtr[f];
      for (let c = childHead[s]; c !== -1; c = childNext[c]) candidates += rowPtr[c + 1] - rowPtr[c];
      if (nr + candidates > rowsCap) {
        rowsCap = Math.max(2 * rowsCap, nr + candidates);
        const grown = new Int32Array(rowsCap);
        grown.set(rows);
        rows = grown;
      }
      nr = addRowsBelow(cRow, cPtr[f], cPtr[l + 1], l, s, mark, rows, nr);
      for (let c = childHead[s]; c !== -1; c = childNext[c]) nr = addRowsBelow(rows, rowPtr[c], rowPtr[c + 1], l, s, mark, rows, nr);
      rows.subarray(rowPtr[s], nr).sort();
    }
    rowPtr[ns] = nr;
    this.rows = rows.slice(0, nr);
    this.rowPtr = rowPtr;
    this.superFirst = superFirst;
    this.childCount = childCount;
    // Storage: L blocks, largest front, peak of the update stack; operation count.
    const lPtr = new Float64Array(ns + 1);
    let maxFront = 0;
    let maxRows = 0;
    let sp = 0;
    let peak = 0;
    let depth = 0;
    let maxDepth = 0;
    const stackSizes: number[] = [];
    let flops = 0;
    for (let s = 0; s < ns; s++) {
      const k = superFirst[s + 1] - superFirst[s];
      const r = rowPtr[s + 1] - rowPtr[s];
      const m = k + r;
      lPtr[s + 1] = lPtr[s] + m * k;
      if (m * m > maxFront) maxFront = m * m;
      if (r > maxRows) maxRows = r;
      for (let c = 0; c < childCount[s]; c++) {
        sp -= stackSizes.pop()!;
        depth--;
      }
      if (r > 0) {
        stackSizes.push(r * r);
        sp += r * r;
        depth++;
        if (sp > peak) peak = sp;
        if (depth > maxDepth) maxDepth = depth;
      }
      for (let c = 0; c < k; c++) flops += (m - c - 1) * (m - c + 1);
    }
    this.flops = flops;
    this.lPtr = lPtr;
    this.sizes = { n, supernodes: ns, entries: this.patColPtr[n], cEntries: cPtr[n], rows: nr, lEntries: lPtr[ns], maxRows,
      maxFront, stackPeak: peak, stackDepth: maxDepth };
    this.memory = undefined;
    this.moveToMemory(1);
  }

  /**
   * A new memory for the factorization with room for at least `rightHandSides` right-hand sides (as many as fill its last
   * page), with the kernels on it: the symbolic arrays written at the first, the factors copied along later. A new
   * memory, not a grown one: growing detaches the old buffer, and V8 then deoptimizes all optimized code that reads
   * typed arrays (its "no array buffer detached" assumption) and compiles it again with detach checks.
   */
  private moveToMemory(rightHandSides: number): void {
    const sizes = this.sizes!;
    const needed = sparseLDLTLayout(sizes, rightHandSides);
    const pages = memoryPages(needed.bytes);
    const room = needed.bytesPerRightHandSide === 0 ? rightHandSides
      : Math.floor((pages * wasmPageBytes - needed.fixedBytes) / needed.bytesPerRightHandSide);
    const layout = sparseLDLTLayout(sizes, room);
    const memory = new WebAssembly.Memory({ initial: pages });
    if (this.memory === undefined) {
      const ints = new Int32Array(memory.buffer);
      ints.set(this.perm, layout.perm / 4);
      ints.set(this.cPtr, layout.cPtr / 4);
      ints.set(this.cRow, layout.cRow / 4);
      ints.set(this.slot, layout.slot / 4);
      ints.set(this.superFirst, layout.superFirst / 4);
      ints.set(this.rowPtr, layout.rowPtr / 4);
      ints.set(this.rows, layout.rows / 4);
      ints.set(this.lPtr, layout.lPtr / 4);
      ints.set(this.childCount, layout.childCount / 4);
    } else {
      new Uint8Array(memory.buffer).set(new Uint8Array(this.memory.buffer, 0, layout.fixedBytes));
    }
    writeSparseLDLTHeader(memory, layout);
    this.memory = memory;
    this.layout = layout;
    this.rightHandSides = room;
    this.kernels = sparseLDLTKernels(memory);
    this.values = new Float64Array(memory.buffer);
    this.d = new Float64Array(memory.buffer, layout.d, sizes.n);
  }

  /** Numeric multifrontal factorization of A's values (pattern analyzed). */
  private factorize(a: CscMatrix): true | SparseLDLTZeroPivot {
    this.factored = false;
    const layout = this.layout!;
    this.values.set(a.values.subarray(0, this.patColPtr[this.n]), layout.aValues / 8);
    const failed = this.kernels!.factorize(this.zeroPivotTolerance);
    if (failed >= 0) {
      return { singularColumn: this.perm[failed], step: failed, pivot: this.d[failed], columnScale: this.values[layout.colScale / 8 + failed] };
    }
    this.negative = this.kernels!.countNegative();
    this.factored = true;
    return true;
  }
}

/**
 * Appends to `rows` at nr (room made) each row i > l of source[from … to) not marked s yet, marking it; returns the new nr.
 * SparseLDLT.symbolic's structure of supernode s (last column l) from C's columns and from its children's structures.
 */
function addRowsBelow(source: Int32Array, from: number, to: number, l: number, s: number, mark: Int32Array, rows: Int32Array, nr: number): number {
  for (let p = from; p < to; p++) {
    const i = source[p];
    if (i > l && mark[i] !== s) {
      mark[i] = s;
      rows[nr++] = i;
    }
  }
  return nr;
}

/** Supervariables: runs of consecutive vertices with the same closed adjacency, as weighted vertices of a compressed graph. */
function supervariables(g: SymmetricGraph): { graph: SymmetricGraph; weights: Int32Array; start: Int32Array } {
  const n = g.n;
  const { ptr, adj } = g;
  const mark = new Int32Array(n).fill(-1);
  const startList: number[] = [0];
  for (let i = 0; i + 1 < n; i++) {
    const j = i + 1;
    let same = ptr[i + 1] - ptr[i] === ptr[j + 1] - ptr[j];
    if (same) {
      mark[i] = i;
      for (let p = ptr[i]; p < ptr[i + 1]; p++) mark[adj[p]] = i;
      same = mark[j] === i;
      for (let p = ptr[j]; same && p < ptr[j + 1]; p++) same = mark[adj[p]] === i;
    }
    if (!same) startList.push(j);
  }
  startList.push(n);
  const ns = startList.length - 1;
  const start = Int32Array.from(startList);
  const superOf = new Int32Array(n);
  const weights = new Int32Array(ns);
  for (let s = 0; s < ns; s++) {
    weights[s] = start[s + 1] - start[s];
    for (let v = start[s]; v < start[s + 1]; v++) superOf[v] = s;
  }
  const cptr = new Int32Array(ns + 1);
  const cadj = new Int32Array(adj.length);
  const smark = new Int32Array(ns).fill(-1);
  let nz = 0;
  for (let s = 0; s < ns; s++) {
    cptr[s] = nz;
    smark[s] = s;
    const v = start[s];
    for (let p = ptr[v]; p < ptr[v + 1]; p++) {
      const t = superOf[adj[p]];
      if (smark[t] === s) continue;
      smark[t] = s;
      cadj[nz++] = t;
    }
  }
  cptr[ns] = nz;
  return { graph: { n: ns, ptr: cptr, adj: cadj.slice(0, nz) }, weights, start };
}
