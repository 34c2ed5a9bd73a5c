/**
 * Kernels on the pattern of a sparse matrix, in the subset of scripts/wasmKernelCompiler.ts: the graph of A + Aᵀ for
 * the fill-reducing orderings ({@link symmetricGraph}, src/linalg/ordering.ts) and SparseLDLT's symbolic analysis
 * (src/linalg/sparseLDLT.ts): for a candidate ordering, the elimination tree, the column counts of L and their
 * postorder ({@link orderingTree}); for the chosen one, the lower triangle of the permuted matrix with the map of A's
 * entries into it ({@link permutedLower}). Integer loops over all entries of the matrix, run once per analysis: in a
 * fresh process V8 ran them interpreted (most of the eigenmode analysis of objectFFRFreducedOrderTest), WebAssembly
 * compiles them before their first run. The module is stored in sparsePatternKernelsModule.ts; the same file run as
 * JavaScript is the tests' reference.
 *
 * A is given by its pattern: `cp` (column starts, n + 1) and `ri` (row indices); `perm[k]` is the column of A that
 * goes to place k, `pinv` its inverse.
 * @module
 */

import type { Int } from './wasmModule.ts';

/** pinv[perm[k]] = k. */
function invert(n: Int, perm: Int32Array, pinv: Int32Array): void {
  for (let k: Int = 0; k < n; k++) pinv[perm[k]] = k;
}

/** Running sums in place: the counts at 1 … n become the starts of the lists (counts[0] is 0). */
function prefixSums(n: Int, counts: Int32Array): void {
  for (let k: Int = 0; k < n; k++) counts[k + 1] += counts[k];
}

/**
 * The strict upper triangle of C = P·A·Pᵀ by columns (column k: the rows i < k of C's row k) into `ptr` (n + 1) and
 * `idx`, with `pos` (n) as work: the pattern the elimination tree and column counts need (the lists unsorted).
 */
function permutedUpperPattern(n: Int, cp: Int32Array, ri: Int32Array, pinv: Int32Array, ptr: Int32Array, pos: Int32Array, idx: Int32Array): void {
  for (let k: Int = 0; k <= n; k++) ptr[k] = 0;
  for (let c: Int = 0; c < n; c++) {
    const j = pinv[c];
    const end = cp[c + 1];
    for (let k: Int = cp[c]; k < end; k++) {
      const r = ri[k];
      if (r >= c) continue;
      const i = pinv[r];
      if (i < j) ptr[j + 1]++;
      else ptr[i + 1]++;
    }
  }
  prefixSums(n, ptr);
  for (let k: Int = 0; k < n; k++) pos[k] = ptr[k];
  for (let c: Int = 0; c < n; c++) {
    const j = pinv[c];
    const end = cp[c + 1];
    for (let k: Int = cp[c]; k < end; k++) {
      const r = ri[k];
      if (r >= c) continue;
      const i = pinv[r];
      if (i < j) {
        idx[pos[j]] = i;
        pos[j]++;
      } else {
        idx[pos[i]] = j;
        pos[i]++;
      }
    }
  }
}

/** Elimination tree of C into `parent` (Liu's algorithm with path compression; `ancestor` is work). */
function eliminationTree(n: Int, ptr: Int32Array, idx: Int32Array, parent: Int32Array, ancestor: Int32Array): void {
  for (let k: Int = 0; k < n; k++) {
    parent[k] = -1;
    ancestor[k] = -1;
  }
  for (let k: Int = 0; k < n; k++) {
    const end = ptr[k + 1];
    for (let p: Int = ptr[k]; p < end; p++) {
      let i = idx[p];
      while (i !== -1 && i < k) {
        const next = ancestor[i];
        ancestor[i] = k;
        if (next === -1) {
          parent[i] = k;
          break;
        }
        i = next;
      }
    }
  }
}

/** Column counts of L with the diagonal into `count`, by the row subtrees of the elimination tree (`mark` is work). */
function columnCounts(n: Int, parent: Int32Array, ptr: Int32Array, idx: Int32Array, count: Int32Array, mark: Int32Array): void {
  for (let k: Int = 0; k < n; k++) {
    count[k] = 1;
    mark[k] = -1;
  }
  for (let k: Int = 0; k < n; k++) {
    mark[k] = k;
    const end = ptr[k + 1];
    for (let p: Int = ptr[k]; p < end; p++) {
      let i = idx[p];
      while (mark[i] !== k) {
        count[i]++;
        mark[i] = k;
        i = parent[i];
      }
    }
  }
}

/**
 * Postorder of the elimination tree into `post` (post[k] = the vertex visited k-th; children in increasing order);
 * `head`, `next` and `stack` are work.
 */
function postorder(n: Int, parent: Int32Array, post: Int32Array, head: Int32Array, next: Int32Array, stack: Int32Array): void {
  for (let j: Int = 0; j < n; j++) {
    head[j] = -1;
    next[j] = -1;
  }
  for (let j: Int = n - 1; j >= 0; j--) {
    const p = parent[j];
    if (p === -1) continue;
    next[j] = head[p];
    head[p] = j;
  }
  let k: Int = 0;
  for (let root: Int = 0; root < n; root++) {
    if (parent[root] !== -1) continue;
    let top: Int = 0;
    stack[0] = root;
    while (top >= 0) {
      const v = stack[top];
      const c = head[v];
      if (c === -1) {
        top--;
        post[k] = v;
        k++;
      } else {
        head[v] = next[c];
        top++;
        stack[top] = c;
      }
    }
  }
}

/**
 * For the candidate ordering `candidate` of A: the elimination tree and column counts of C = P·A·Pᵀ, relabeled by the
 * tree's postorder (same fill, contiguous subtrees) into `perm` (perm[k] = candidate[post[k]]), `treeParent` (−1 for a
 * root) and `treeCount`. The other arrays are work of n (`ptr` n + 1, `idx` the entries of A).
 */
export function orderingTree(n: Int, cp: Int32Array, ri: Int32Array, candidate: Int32Array, pinv: Int32Array, ptr: Int32Array, pos: Int32Array,
  idx: Int32Array, parent: Int32Array, ancestor: Int32Array, count: Int32Array, mark: Int32Array, head: Int32Array, next: Int32Array,
  post: Int32Array, stack: Int32Array, perm: Int32Array, treeParent: Int32Array, treeCount: Int32Array): void {
  invert(n, candidate, pinv);
  permutedUpperPattern(n, cp, ri, pinv, ptr, pos, idx);
  eliminationTree(n, ptr, idx, parent, ancestor);
  columnCounts(n, parent, ptr, idx, count, mark);
  postorder(n, parent, post, head, next, stack);
  // the postorder's places (in `mark`, free again), then the relabeled tree
  for (let k: Int = 0; k < n; k++) mark[post[k]] = k;
  for (let k: Int = 0; k < n; k++) {
    const v = post[k];
    perm[k] = candidate[v];
    const p = parent[v];
    if (p === -1) treeParent[k] = -1;
    else treeParent[k] = mark[p];
    treeCount[k] = count[v];
  }
}

/**
 * The lower triangle of C = P·A·Pᵀ for the ordering `perm` by columns: starts `cPtr` (n + 1), rows `cRow`; each entry k
 * of A's upper triangle goes to column min(i, j), row max(i, j) ((i, j) its permuted position), and `slot[k]` is its
 * place in `cRow` (−1 for an entry of A below the diagonal). `pinv` and `pos` (n) are work.
 */
export function permutedLower(n: Int, cp: Int32Array, ri: Int32Array, perm: Int32Array, pinv: Int32Array, cPtr: Int32Array, pos: Int32Array,
  cRow: Int32Array, slot: Int32Array): void {
  invert(n, perm, pinv);
  for (let k: Int = 0; k <= n; k++) cPtr[k] = 0;
  for (let c: Int = 0; c < n; c++) {
    const end = cp[c + 1];
    for (let k: Int = cp[c]; k < end; k++) {
      const r = ri[k];
      if (r > c) continue;
      const i = pinv[r];
      const j = pinv[c];
      if (i < j) cPtr[i + 1]++;
      else cPtr[j + 1]++;
    }
  }
  prefixSums(n, cPtr);
  for (let k: Int = 0; k < n; k++) pos[k] = cPtr[k];
  const entries = cp[n];
  for (let k: Int = 0; k < entries; k++) slot[k] = -1;
  for (let c: Int = 0; c < n; c++) {
    const end = cp[c + 1];
    for (let k: Int = cp[c]; k < end; k++) {
      const r = ri[k];
      if (r > c) continue;
      const i = pinv[r];
      const j = pinv[c];
      if (i < j) {
        cRow[pos[i]] = j;
        slot[k] = pos[i];
        pos[i]++;
      } else {
        cRow[pos[j]] = i;
        slot[k] = pos[j];
        pos[j]++;
      }
    }
  }
}

/**
 * The graph of A + Aᵀ without the diagonal, duplicates merged: the neighbours of i are adj[ptr[i] … ptr[i + 1]),
 * returned is their number in all. `count` (n + 1) holds the lists' starts before the merge, `pos` (n) is work and
 * `adj` holds twice A's off-diagonal entries before the merge compacts it in place.
 */
export function symmetricGraph(n: Int, cp: Int32Array, ri: Int32Array, count: Int32Array, pos: Int32Array, adj: Int32Array, ptr: Int32Array): Int {
  for (let k: Int = 0; k <= n; k++) count[k] = 0;
  for (let j: Int = 0; j < n; j++) {
    const end = cp[j + 1];
    for (let k: Int = cp[j]; k < end; k++) {
      const i = ri[k];
      if (i !== j) {
        count[i + 1]++;
        count[j + 1]++;
      }
    }
  }
  prefixSums(n, count);
  for (let k: Int = 0; k < n; k++) pos[k] = count[k];
  for (let j: Int = 0; j < n; j++) {
    const end = cp[j + 1];
    for (let k: Int = cp[j]; k < end; k++) {
      const i = ri[k];
      if (i !== j) {
        adj[pos[i]] = j;
        pos[i]++;
        adj[pos[j]] = i;
        pos[j]++;
      }
    }
  }
  // duplicates merged in place: pos[j] = i + 1 once j is in list i (0: not yet)
  for (let k: Int = 0; k < n; k++) pos[k] = 0;
  let kept: Int = 0;
  for (let i: Int = 0; i < n; i++) {
    ptr[i] = kept;
    const stamp = i + 1;
    const end = count[i + 1];
    for (let k: Int = count[i]; k < end; k++) {
      const j = adj[k];
      if (pos[j] !== stamp) {
        pos[j] = stamp;
        adj[kept] = j;
        kept++;
      }
    }
  }
  ptr[n] = kept;
  return kept;
}

/*
 * The approximate minimum degree elimination of src/linalg/ordering.ts (amdOrder; the algorithm is described there).
 * The quotient graph's arrays are Int32Array regions; its scalars live in `scalars` (the indices below), so that the
 * functions of a step can share them. Vertex states: 0 variable, 1 element, 2 dead.
 */

/**
 * Approximate minimum degree elimination of the graph (n, ptr, adj) with vertex `weights`; vertices of more than
 * `dense` neighbours are left out (isDense[i] = 1). Writes the pivots in their order to `pivots` and the variables
 * eliminated with pivot p to the list mergedHead[p], mergedNext (−1 ends); returns the number of pivots, or −1 when
 * the list storage iw (`capacity` entries, and iwSpare as much for its compaction) is too small: the caller then runs it
 * again with more. `head` has room for the total weight + 1; the other arrays are work of n; `scalars` of 8.
 */
export function amdEliminate(n: Int, ptr: Int32Array, adj: Int32Array, weights: Int32Array, dense: Int, isDense: Int32Array, pivots: Int32Array,
  mergedHead: Int32Array, mergedNext: Int32Array, state: Int32Array, nv: Int32Array, pe: Int32Array, len: Int32Array, elen: Int32Array,
  degree: Int32Array, w: Int32Array, next: Int32Array, prev: Int32Array, head: Int32Array, iw: Int32Array, iwSpare: Int32Array, capacity: Int,
  scalars: Int32Array): Int {
  for (let i: Int = 0; i < n; i++) {
    isDense[i] = 0;
    pivots[i] = 0;
    mergedHead[i] = -1;
    mergedNext[i] = -1;
    state[i] = 0;
    nv[i] = 0;
    pe[i] = 0;
    len[i] = 0;
    elen[i] = 0;
    degree[i] = 0;
    w[i] = 0;
    next[i] = 0;
    prev[i] = 0;
    if (ptr[i + 1] - ptr[i] > dense) isDense[i] = 1;
  }
  // the initial lists: the graph without the dense vertices (those dead), each variable's weight and degree
  let pfree: Int = 0;
  for (let i: Int = 0; i < n; i++) {
    pe[i] = pfree;
    if (isDense[i] === 1) {
      state[i] = 2;
      continue;
    }
    let d: Int = 0;
    const end = ptr[i + 1];
    for (let k: Int = ptr[i]; k < end; k++) {
      const j = adj[k];
      if (isDense[j] === 1) continue;
      if (pfree >= capacity) return -1;
      iw[pfree] = j;
      pfree++;
      d += weights[j];
    }
    len[i] = pfree - pe[i];
    nv[i] = weights[i];
    degree[i] = d;
  }
  let nActive: Int = 0;
  for (let i: Int = 0; i < n; i++) if (state[i] === 0) nActive += nv[i];
  for (let d: Int = 0; d <= nActive; d++) head[d] = -1;
  for (let i: Int = 0; i < n; i++) if (state[i] === 0) bucketInsert(head, next, prev, i, degree[i]);
  // scalars: pfree, nel, mindeg, degme, wflg, wMax, nPivots, nActive
  scalars[0] = pfree;
  scalars[1] = 0;
  scalars[2] = 0;
  scalars[3] = 0;
  scalars[4] = 1;
  scalars[5] = 1073741823 - nActive - 2;
  scalars[6] = 0;
  scalars[7] = nActive;
  while (scalars[1] < nActive) {
    if (eliminatePivot(n, state, nv, pe, len, elen, degree, w, next, prev, head, iw, iwSpare, capacity, pivots, mergedHead, mergedNext, scalars) < 0) return -1;
  }
  return scalars[6];
}

/** One step: the variable of least approximate degree becomes an element, its neighbours updated; −1 when iw is full. */
function eliminatePivot(n: Int, state: Int32Array, nv: Int32Array, pe: Int32Array, len: Int32Array, elen: Int32Array, degree: Int32Array,
  w: Int32Array, next: Int32Array, prev: Int32Array, head: Int32Array, iw: Int32Array, iwSpare: Int32Array, capacity: Int, pivots: Int32Array,
  mergedHead: Int32Array, mergedNext: Int32Array, scalars: Int32Array): Int {
  let mindeg = scalars[2];
  while (head[mindeg] < 0) mindeg++;
  const p = head[mindeg];
  bucketRemove(head, next, prev, degree, p);
  const nvp = nv[p];
  scalars[1] += nvp;
  nv[p] = -nvp;
  // L_p in place when p is adjacent to no element, else at the end of iw (compacted first when full)
  const elp = elen[p];
  let start: Int = pe[p];
  if (elp !== 0) {
    let need = len[p] - elp;
    const elementsEnd = pe[p] + elp;
    for (let q: Int = pe[p]; q < elementsEnd; q++) {
      const e = iw[q];
      if (state[e] === 1) need += len[e];
    }
    if (scalars[0] + need > capacity) {
      const used = compactLists(n, iw, iwSpare, pe, len, state);
      if (used + need > capacity) return -1;
      scalars[0] = used;
    }
    start = scalars[0];
  }
  const lenp = gatherElement(p, elp, start, state, nv, pe, len, degree, next, prev, head, iw, scalars);
  if (elp !== 0) scalars[0] = start + lenp;
  pe[p] = start;
  len[p] = lenp;
  elen[p] = 0;
  state[p] = 1;
  // w[e] − wflg = |L_e \ L_p| for every element e adjacent to L_p
  if (scalars[4] > scalars[5]) {
    for (let k: Int = 0; k < n; k++) w[k] = 0;
    scalars[4] = 1;
  }
  externalDegrees(start, lenp, state, nv, pe, elen, degree, w, iw, scalars[4]);
  const merged = updateVariables(p, start, lenp, state, nv, pe, len, elen, degree, w, iw, mergedHead, mergedNext, scalars);
  scalars[2] = finishElement(p, start, lenp, mindeg, state, nv, len, degree, next, prev, head, iw);
  nv[p] = nvp + merged;
  degree[p] = scalars[3];
  pivots[scalars[6]] = p;
  scalars[6]++;
  scalars[4] += scalars[7] + 1;
  return 0;
}

/** The lists of the vertices that are not dead moved to the front of iw, in vertex order (through iwSpare); the entries used. */
function compactLists(n: Int, iw: Int32Array, iwSpare: Int32Array, pe: Int32Array, len: Int32Array, state: Int32Array): Int {
  let q: Int = 0;
  for (let i: Int = 0; i < n; i++) {
    if (state[i] === 2) continue;
    const from = pe[i];
    const count = len[i];
    for (let k: Int = 0; k < count; k++) iwSpare[q + k] = iw[from + k];
    pe[i] = q;
    q += count;
  }
  for (let k: Int = 0; k < q; k++) iw[k] = iwSpare[k];
  return q;
}

/**
 * L_p into iw from start: the variables of p's elp elements (those elements then dead) and of p's own list, each once
 * (its weight negated while in L_p) and out of its degree bucket; their total weight into scalars' degme; returns |L_p|.
 */
function gatherElement(p: Int, elp: Int, start: Int, state: Int32Array, nv: Int32Array, pe: Int32Array, len: Int32Array, degree: Int32Array,
  next: Int32Array, prev: Int32Array, head: Int32Array, iw: Int32Array, scalars: Int32Array): Int {
  let lenp: Int = 0;
  let degme: Int = 0;
  const p0 = pe[p];
  const elementsEnd = p0 + elp;
  const end = p0 + len[p];
  for (let q: Int = p0; q < end; q++) {
    let r: Int = q;
    let rEnd: Int = q + 1;
    if (q < elementsEnd) {
      const e = iw[q];
      if (state[e] !== 1) continue;
      state[e] = 2;
      r = pe[e];
      rEnd = r + len[e];
    }
    for (; r < rEnd; r++) {
      const i = iw[r];
      const nvi = nv[i];
      if (nvi <= 0 || state[i] !== 0) continue;
      degme += nvi;
      nv[i] = -nvi;
      iw[start + lenp] = i;
      lenp++;
      bucketRemove(head, next, prev, degree, i);
    }
  }
  scalars[3] = degme;
  return lenp;
}

/** w[e] = wflg + |L_e \ L_p| for every element e adjacent to the variables of L_p (iw[start … start + lenp)). */
function externalDegrees(start: Int, lenp: Int, state: Int32Array, nv: Int32Array, pe: Int32Array, elen: Int32Array, degree: Int32Array,
  w: Int32Array, iw: Int32Array, wflg: Int): void {
  const end = start + lenp;
  for (let t: Int = start; t < end; t++) {
    const i = iw[t];
    const nvi = -nv[i];
    const qEnd = pe[i] + elen[i];
    for (let q: Int = pe[i]; q < qEnd; q++) {
      const e = iw[q];
      if (state[e] !== 1) continue;
      const we = w[e];
      if (we >= wflg) w[e] = we - nvi;
      else w[e] = wflg + degree[e] - nvi;
    }
  }
}

/**
 * Prunes the lists of the variables of L_p, updates their approximate degrees and mass-eliminates those left without
 * neighbours (into p's merged list; degme and nel of the scalars follow); returns their total weight.
 */
function updateVariables(p: Int, start: Int, lenp: Int, state: Int32Array, nv: Int32Array, pe: Int32Array, len: Int32Array, elen: Int32Array,
  degree: Int32Array, w: Int32Array, iw: Int32Array, mergedHead: Int32Array, mergedNext: Int32Array, scalars: Int32Array): Int {
  let degme = scalars[3];
  let nel = scalars[1];
  const wflg = scalars[4];
  const nActive = scalars[7];
  let merged: Int = 0;
  const end = start + lenp;
  for (let t: Int = start; t < end; t++) {
    const i = iw[t];
    const nvi = -nv[i];
    const s0 = pe[i];
    const eEnd = s0 + elen[i];
    const aEnd = s0 + len[i];
    let wr: Int = s0;
    let degE: Int = 0;
    for (let q: Int = s0; q < eEnd; q++) {
      const e = iw[q];
      if (state[e] !== 1) continue;
      const ext = w[e] - wflg;
      if (ext > 0) {
        degE += ext;
        iw[wr] = e;
        wr++;
      } else {
        state[e] = 2;
      }
    }
    const nE = wr - s0;
    let degA: Int = 0;
    for (let q: Int = eEnd; q < aEnd; q++) {
      const j = iw[q];
      if (state[j] !== 0 || nv[j] <= 0) continue;
      degA += nv[j];
      iw[wr] = j;
      wr++;
    }
    if (degE === 0 && degA === 0) {
      state[i] = 2;
      nv[i] = 0;
      merged += nvi;
      degme -= nvi;
      nel += nvi;
      mergedNext[i] = mergedHead[p];
      mergedHead[p] = i;
      continue;
    }
    // p as the first element (the slot freed by pruning makes room)
    iw[wr] = iw[s0 + nE];
    iw[s0 + nE] = p;
    elen[i] = nE + 1;
    len[i] = wr + 1 - s0;
    const outside = degme - nvi;
    let d = degree[i] + outside;
    const d2 = degE + degA + outside;
    if (d2 < d) d = d2;
    const dMax = nActive - nel - nvi;
    if (d < dMax) degree[i] = d;
    else degree[i] = dMax;
  }
  scalars[3] = degme;
  scalars[1] = nel;
  return merged;
}

/**
 * Finishes element p: drops its mass-eliminated members, puts the others (weights positive again) back in the degree
 * buckets; returns the smallest degree bucket that may be non-empty (mindeg, or lower).
 */
function finishElement(p: Int, start: Int, lenp: Int, mindeg: Int, state: Int32Array, nv: Int32Array, len: Int32Array, degree: Int32Array,
  next: Int32Array, prev: Int32Array, head: Int32Array, iw: Int32Array): Int {
  let wr: Int = start;
  let lowest = mindeg;
  const end = start + lenp;
  for (let t: Int = start; t < end; t++) {
    const i = iw[t];
    if (state[i] !== 0) continue;
    nv[i] = -nv[i];
    iw[wr] = i;
    wr++;
    const d = degree[i];
    bucketInsert(head, next, prev, i, d);
    if (d < lowest) lowest = d;
  }
  len[p] = wr - start;
  return lowest;
}

/** Puts variable i at the front of the degree bucket d (doubly linked lists head/next/prev). */
function bucketInsert(head: Int32Array, next: Int32Array, prev: Int32Array, i: Int, d: Int): void {
  const h = head[d];
  next[i] = h;
  prev[i] = -1;
  if (h >= 0) prev[h] = i;
  head[d] = i;
}

/** Unlinks variable i from its degree bucket, degree[i]. */
function bucketRemove(head: Int32Array, next: Int32Array, prev: Int32Array, degree: Int32Array, i: Int): void {
  const nx = next[i];
  const pv = prev[i];
  if (nx >= 0) prev[nx] = pv;
  if (pv >= 0) next[pv] = nx;
  else head[degree[i]] = nx;
}
