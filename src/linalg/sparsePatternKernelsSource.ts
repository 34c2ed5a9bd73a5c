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
