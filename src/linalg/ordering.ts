/**
 * Fill-reducing orderings on the symmetric pattern of A + Aᵀ: approximate minimum
 * degree (quotient graph) and reverse Cuthill–McKee.
 * @module
 */

import { prefixSums, type CscMatrix } from './sparse.ts';
import { amdElimination, SparsePatternAnalysis, type SymmetricGraph } from './sparsePatternKernels.ts';

export type { SymmetricGraph } from './sparsePatternKernels.ts';

/** Builds the graph of A + Aᵀ (diagonal dropped, duplicates merged) from a square CSC matrix (a WebAssembly kernel). */
export function symmetricGraph(a: CscMatrix): SymmetricGraph {
  return new SparsePatternAnalysis(a).symmetricGraph();
}

/**
 * Approximate minimum degree ordering of a symmetric graph. Returns `perm` with
 * `perm[k]` = vertex eliminated k-th.
 *
 * Quotient-graph elimination in the style of Amestoy, Davis and Duff (1996): each
 * vertex is a variable or an element (an eliminated pivot standing for the clique of
 * its uneliminated neighbours). Eliminating pivot p forms L_p = A_p ∪ ⋃_{e∈E_p} L_e,
 * absorbs the elements of E_p, prunes the adjacency lists of L_p, and bounds the
 * external degree of each i ∈ L_p by
 *   min(n - k, d_i + |L_p \ i|, |A_i \ i| + |L_p \ i| + Σ_{e∈E_i, e≠p} |L_e \ L_p|),
 * with |L_e \ L_p| found for all neighbouring elements in one sweep. Variables whose
 * whole neighbourhood lies in L_p are eliminated together with p (mass elimination),
 * elements contained in L_p are absorbed (aggressive absorption). Vertices of degree
 * above `denseThreshold` (default max(16, 10√n)) are left out and ordered last.
 * `weights` (default 1) give the number of unknowns a vertex stands for, as in a
 * compressed graph; degrees are then counted in unknowns.
 */
export function amdOrder(g: SymmetricGraph, weights?: Int32Array, denseThreshold?: number): Int32Array {
  const n = g.n;
  if (n === 0) return new Int32Array(0);
  const dense = denseThreshold ?? Math.max(16, Math.floor(10 * Math.sqrt(n)));
  // unit weights for none: the same degrees and the same order
  const w = weights ?? new Int32Array(n).fill(1);
  for (const r of recentAmdOrderings) {
    if (r.dense === dense && sameArray(r.ptr, g.ptr, n + 1) && sameArray(r.adj, g.adj, g.ptr[n]) && sameArray(r.weights, w, n)) {
      return r.perm.slice();
    }
  }
  const perm = new Int32Array(n);
  const { pivots, pivotCount: nPivots, mergedHead, mergedNext, isDense } = amdElimination(g, w, dense);
  let k = 0;
  for (let t = 0; t < nPivots; t++) {
    const p = pivots[t];
    perm[k++] = p;
    for (let i = mergedHead[p]; i >= 0; i = mergedNext[i]) perm[k++] = i;
  }
  for (let i = 0; i < n; i++) if (isDense[i]) perm[k++] = i;
  if (g.ptr[n] <= RECENT_AMD_MAX_ADJACENCY
    && recentAmdOrderings.unshift({ ptr: g.ptr.slice(0, n + 1), adj: g.adj.slice(0, g.ptr[n]), weights: w.slice(0, n), dense, perm: perm.slice() })
    > RECENT_AMD_ORDERINGS) recentAmdOrderings.pop();
  return perm;
}

/** How many of the last distinct graphs {@link amdOrder} keeps with their orderings. */
const RECENT_AMD_ORDERINGS = 4;

/**
 * The largest graph (adjacency entries) {@link amdOrder} keeps: 2¹⁸ entries, ≈ 2 MB with its copies, so the kept graphs
 * never hold more than ≈ 8 MB of a process; larger graphs (FEM meshes) are ordered each time, where the ordering's cost is
 * small beside their factorization's.
 */
const RECENT_AMD_MAX_ADJACENCY = 1 << 18;

/**
 * The graphs, weights, dense thresholds and results of the last distinct {@link amdOrder} calls, the latest first: a
 * process that builds its systems anew (geometricallyExactBeamTest's five static systems with two patterns, ANCFBeamTest's
 * five with one) orders the same graph again, whose ordering is then a copy of the kept one (the same permutation: AMD
 * depends on nothing else).
 */
const recentAmdOrderings: { ptr: Int32Array; adj: Int32Array; weights: Int32Array; dense: number; perm: Int32Array }[] = [];

/** True when the first `length` entries of a and b are equal (a holds exactly `length`). */
function sameArray(a: Int32Array, b: Int32Array, length: number): boolean {
  if (a.length !== length || b.length < length) return false;
  for (let k = 0; k < length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Breadth-first search of {@link rcmOrder} from `root` over the vertices not `visited`: `stamp[v]` = v's level (−1 on
 * entry for all vertices), the vertices in `queue` in the order reached; returns their number.
 */
function breadthFirstLevels(ptr: Int32Array, adj: Int32Array, root: number, visited: Uint8Array, stamp: Int32Array, queue: Int32Array): number {
  let qh = 0;
  let qt = 0;
  queue[qt++] = root;
  stamp[root] = 0;
  while (qh < qt) {
    const v = queue[qh++];
    for (let k = ptr[v]; k < ptr[v + 1]; k++) {
      const u = adj[k];
      if (stamp[u] < 0 && !visited[u]) {
        stamp[u] = stamp[v] + 1;
        queue[qt++] = u;
      }
    }
  }
  return qt;
}

/** `stamp` back to −1 at the first `count` vertices of `queue`. */
function clearStamps(queue: Int32Array, count: number, stamp: Int32Array): void {
  for (let t = 0; t < count; t++) stamp[queue[t]] = -1;
}

/**
 * Reverse Cuthill–McKee ordering (bandwidth reduction), one breadth-first sweep per
 * connected component from a pseudo-peripheral start vertex, neighbours visited by
 * increasing degree. Returns `perm` with `perm[k]` = vertex placed k-th.
 */
export function rcmOrder(g: SymmetricGraph): Int32Array {
  const n = g.n;
  const { ptr, adj } = g;
  const perm = new Int32Array(n);
  const visited = new Uint8Array(n);
  const level = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const deg = (i: number): number => ptr[i + 1] - ptr[i];
  /** BFS from `root` over unvisited vertices; returns [count, last level, min-degree vertex of last level]. */
  const bfsLevels = (root: number, stamp: Int32Array): [number, number, number] => {
    // the long loops end their functions (the note at onStackReplacement in sparseLU.ts)
    const qt = breadthFirstLevels(ptr, adj, root, visited, stamp, queue);
    // the last vertex dequeued is the last one queued
    const lastLevel = stamp[queue[qt - 1]];
    let best = queue[qt - 1];
    for (let t = qt - 1; t >= 0 && stamp[queue[t]] === lastLevel; t--) {
      if (deg(queue[t]) < deg(best)) best = queue[t];
    }
    clearStamps(queue, qt, stamp);
    return [qt, lastLevel, best];
  };

  let k = 0;
  const nbrs: number[] = [];
  for (let s = 0; s < n; s++) {
    if (visited[s]) continue;
    let root = s;
    let [, ecc, cand] = bfsLevels(root, level);
    for (let it = 0; it < 8; it++) {
      const [, ecc2, cand2] = bfsLevels(cand, level);
      if (ecc2 <= ecc) break;
      root = cand;
      ecc = ecc2;
      cand = cand2;
    }
    const first = k;
    perm[k++] = root;
    visited[root] = 1;
    for (let h = first; h < k; h++) {
      const v = perm[h];
      nbrs.length = 0;
      for (let q = ptr[v]; q < ptr[v + 1]; q++) {
        const u = adj[q];
        if (!visited[u]) {
          visited[u] = 1;
          nbrs.push(u);
        }
      }
      nbrs.sort((x, y) => deg(x) - deg(y));
      for (const u of nbrs) perm[k++] = u;
    }
  }
  perm.reverse();
  return perm;
}

/**
 * Pairs each column z whose diagonal is (nearly) zero — |a_zz| < `threshold`·max_i |a_iz|,
 * e.g. the multiplier columns of a KKT system — with a neighbour r whose diagonal is not,
 * greedily by the largest |a_rz| + |a_zr|. Magnitudes are optionally scaled,
 * `rowScale[i]·|a_ij|·colScale[j]`. Returns `pairOf` with pairOf[z] = r for every paired
 * z, -1 elsewhere.
 * Ordering the compressed graph in which each pair is one vertex, then eliminating r
 * right before z, makes z's pivot the structurally nonzero Schur complement
 * -a_zr·a_rz/a_rr: the elimination acts like the 2×2 pivot [[a_rr, a_rz], [a_zr, 0]].
 */
export function pairZeroDiagonal(
  a: CscMatrix,
  threshold: number,
  rowScale?: Float64Array,
  colScale?: Float64Array,
): Int32Array {
  const n = a.n;
  const pairOf = new Int32Array(n).fill(-1);
  const zero = new Uint8Array(n);
  // one long loop per function, each ending its function (the note at onStackReplacement in sparseLU.ts)
  // A's arrays are passed, not loaded from it in these functions: the note at eliminationTree in sparseLU.ts
  const { colPtr: cp, rowIndex: ri, values: av } = a;
  if (markZeroDiagonal(n, cp, ri, av, threshold, rowScale, zero) === 0) return pairOf;
  const cnt = new Int32Array(n + 1);
  countCandidates(n, cp, ri, zero, cnt);
  prefixSums(cnt, n);
  const pos = cnt.slice(0, n);
  const candRow = new Int32Array(cnt[n]);
  const candMag = new Float64Array(cnt[n]);
  listCandidates(n, cp, ri, av, zero, rowScale, colScale, pos, candRow, candMag);
  // choosePartners' work arrays made here: allocated before its loop, they were code without type feedback in the first
  // call (V8 allocates the feedback during the loop), on which the function compiled for the next call deoptimized
  choosePartners(n, zero, cnt, candRow, candMag, pairOf, new Uint8Array(n), new Float64Array(n));
  return pairOf;
}

/** {@link pairZeroDiagonal}'s test: `zero[j]` = 1 for each column j with a (nearly) zero diagonal; returns their number. */
function markZeroDiagonal(n: number, cp: Int32Array, ri: Int32Array, av: Float64Array, threshold: number, rowScale: Float64Array | undefined,
  zero: Uint8Array): number {
  let nZero = 0;
  for (let j = 0; j < n; j++) {
    let d = 0;
    let m = 0;
    for (let k = cp[j]; k < cp[j + 1]; k++) {
      const mag = Math.abs(av[k]) * (rowScale ? rowScale[ri[k]] : 1);
      if (mag > m) m = mag;
      if (ri[k] === j) d += av[k];
    }
    // without a branch of its own: the first zero diagonal (a KKT system's multipliers come last) would be V8's first
    // execution of that branch after the loop was compiled
    const isZero = !(Math.abs(d) * (rowScale ? rowScale[j] : 1) >= threshold * m) || d === 0 ? 1 : 0;
    zero[j] = isZero;
    nZero += isZero;
  }
  return nZero;
}

/** {@link pairZeroDiagonal}'s count: `cnt[z + 1]` += the off-diagonal neighbours (in A + Aᵀ, with repeats) of each zero column z. */
function countCandidates(n: number, cp: Int32Array, ri: Int32Array, zero: Uint8Array, cnt: Int32Array): void {
  for (let j = 0; j < n; j++) {
    for (let k = cp[j]; k < cp[j + 1]; k++) {
      const i = ri[k];
      if (i === j) continue;
      // adds 0 for a column with a diagonal (without a branch, as in markZeroDiagonal)
      cnt[j + 1] += zero[j];
      cnt[i + 1] += zero[i];
    }
  }
}

/** {@link pairZeroDiagonal}'s candidates: each zero column's neighbours and the scaled magnitudes linking them (at `pos`). */
function listCandidates(n: number, cp: Int32Array, ri: Int32Array, av: Float64Array, zero: Uint8Array, rowScale: Float64Array | undefined,
  colScale: Float64Array | undefined, pos: Int32Array, candRow: Int32Array, candMag: Float64Array): void {
  for (let j = 0; j < n; j++) {
    for (let k = cp[j]; k < cp[j + 1]; k++) {
      const i = ri[k];
      // the magnitude only for the entries of a zero column or row: the few, in baseline code a few boxed doubles each
      if (i === j || zero[j] + zero[i] === 0) continue;
      const mag = Math.abs(av[k]) * (rowScale ? rowScale[i] : 1) * (colScale ? colScale[j] : 1);
      if (zero[j]) {
        candRow[pos[j]] = i;
        candMag[pos[j]++] = mag;
      }
      if (zero[i]) {
        candRow[pos[i]] = j;
        candMag[pos[i]++] = mag;
      }
    }
  }
}

/**
 * {@link pairZeroDiagonal}'s greedy choice: each zero column z, in order, takes the free non-zero neighbour r with the
 * largest summed magnitude (the smaller index on a tie), `pairOf[z] = r`; `taken` and `score` (length n) are zero on entry.
 */
function choosePartners(n: number, zero: Uint8Array, cnt: Int32Array, candRow: Int32Array, candMag: Float64Array, pairOf: Int32Array,
  taken: Uint8Array, score: Float64Array): void {
  for (let z = 0; z < n; z++) {
    if (!zero[z]) continue;
    for (let k = cnt[z]; k < cnt[z + 1]; k++) score[candRow[k]] += candMag[k];
    let best = -1;
    let bestScore = 0;
    for (let k = cnt[z]; k < cnt[z + 1]; k++) {
      const r = candRow[k];
      if (zero[r] || taken[r]) continue;
      const sc = score[r];
      if (sc > bestScore || (sc === bestScore && sc > 0 && r < best)) {
        best = r;
        bestScore = sc;
      }
    }
    for (let k = cnt[z]; k < cnt[z + 1]; k++) score[candRow[k]] = 0;
    if (best >= 0) {
      pairOf[z] = best;
      taken[best] = 1;
    }
  }
}

/** Graph in which each pair of {@link pairZeroDiagonal} is merged into one vertex. */
export interface PairCompression {
  /** The compressed graph. */
  graph: SymmetricGraph;
  /** Number of original vertices per compressed vertex (1 or 2). */
  weights: Int32Array;
  /** Original vertex eliminated first for each compressed vertex (the nonzero-diagonal one). */
  first: Int32Array;
  /** Original vertex eliminated second (the zero-diagonal one), or -1. */
  second: Int32Array;
}

/** Merges each pair z ↔ pairOf[z] (from {@link pairZeroDiagonal}) into a single vertex. */
export function compressPairs(g: SymmetricGraph, pairOf: Int32Array): PairCompression {
  const n = g.n;
  const zeroOf = new Int32Array(n).fill(-1);
  for (let z = 0; z < n; z++) if (pairOf[z] >= 0) zeroOf[pairOf[z]] = z;
  const superOf = new Int32Array(n);
  const firstTmp = new Int32Array(n);
  const secondTmp = new Int32Array(n);
  let ns = 0;
  for (let i = 0; i < n; i++) {
    if (pairOf[i] >= 0) continue;
    superOf[i] = ns;
    firstTmp[ns] = i;
    secondTmp[ns] = zeroOf[i];
    if (zeroOf[i] >= 0) superOf[zeroOf[i]] = ns;
    ns++;
  }
  const first = firstTmp.slice(0, ns);
  const second = secondTmp.slice(0, ns);
  const weights = new Int32Array(ns);
  const mark = new Int32Array(ns).fill(-1);
  const ptr = new Int32Array(ns + 1);
  const adj = new Int32Array(g.adj.length);
  // the long loop ends its function (the note at onStackReplacement in sparseLU.ts)
  const nz = superVertexLists(g, ns, superOf, first, second, weights, mark, ptr, adj);
  ptr[ns] = nz;
  return { graph: { n: ns, ptr, adj: adj.slice(0, nz) }, weights, first, second };
}

/**
 * {@link compressPairs}' graph: per super vertex s (`first[s]` and its partner `second[s]`, −1 if none) its weight and
 * the super vertices adjacent to either member, without repeats, in `adj` from `ptr[s]` (`mark` −1 on entry); returns
 * the entries written.
 */
function superVertexLists(g: SymmetricGraph, ns: number, superOf: Int32Array, first: Int32Array, second: Int32Array,
  weights: Int32Array, mark: Int32Array, ptr: Int32Array, adj: Int32Array): number {
  let nz = 0;
  for (let s = 0; s < ns; s++) {
    ptr[s] = nz;
    mark[s] = s;
    weights[s] = second[s] >= 0 ? 2 : 1;
    for (let m = 0; m < weights[s]; m++) {
      const v = m === 0 ? first[s] : second[s];
      for (let k = g.ptr[v]; k < g.ptr[v + 1]; k++) {
        const t = superOf[g.adj[k]];
        if (mark[t] === s) continue;
        mark[t] = s;
        adj[nz++] = t;
      }
    }
  }
  return nz;
}

/** Expands an ordering of the compressed graph into an ordering of the original vertices. */
export function expandPairs(c: PairCompression, superPerm: Int32Array): Int32Array {
  let total = 0;
  for (let s = 0; s < c.weights.length; s++) total += c.weights[s];
  const perm = new Int32Array(total);
  let k = 0;
  for (let t = 0; t < superPerm.length; t++) {
    const s = superPerm[t];
    perm[k++] = c.first[s];
    if (c.second[s] >= 0) perm[k++] = c.second[s];
  }
  return perm;
}
