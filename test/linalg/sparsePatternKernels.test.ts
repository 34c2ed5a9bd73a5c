import { describe, expect, it } from 'vitest';
import { amdElimination, SparsePatternAnalysis } from '../../src/linalg/sparsePatternKernels.ts';
import { amdEliminate, orderingTree, permutedLower, symmetricGraph } from '../../src/linalg/sparsePatternKernelsSource.ts';
import type { CscMatrix } from '../../src/linalg/sparse.ts';
import { kernelValues } from '../helpers/kernelValues.ts';

/*
 * The pattern kernels as WebAssembly against their source run as JavaScript (the same integers), and against brute
 * force: the graph's neighbour lists are the off-diagonal entries of A + Aᵀ, each once in the order of first sight; the
 * column counts of L are those of a boolean Gaussian elimination of the permuted pattern, and the parent of each column
 * is its first off-diagonal row in L. (A's pattern is unsymmetric here: the graph takes both triangles; the LDLᵀ
 * analysis reads the upper one.)
 */

/** A random pattern of order n (the diagonal always; an entry's mirror image in about half of the cases), about `perColumn` entries a column. */
function randomPattern(n: number, perColumn: number, next: () => number): CscMatrix {
  const dense: boolean[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => i === j));
  for (let k = 0; k < n * perColumn / 2; k++) {
    const i = Math.floor(Math.abs(next()) * 1e6) % n, j = Math.floor(Math.abs(next()) * 1e6) % n;
    dense[i][j] = true;
    if (next() > 0) dense[j][i] = true;
  }
  const colPtr = new Int32Array(n + 1), rows: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) if (dense[i][j]) rows.push(i);
    colPtr[j + 1] = rows.length;
  }
  return { n, colPtr, rowIndex: Int32Array.from(rows), values: new Float64Array(rows.length) };
}

/** A random permutation of 0 … n − 1. */
function randomPermutation(n: number, next: () => number): Int32Array {
  const perm = Int32Array.from({ length: n }, (_, k) => k);
  for (let k = n - 1; k > 0; k--) {
    const j = Math.floor(Math.abs(next()) * 1e6) % (k + 1);
    [perm[k], perm[j]] = [perm[j], perm[k]];
  }
  return perm;
}

/** Column counts (with diagonal) and parents of L for the pattern of A's upper triangle permuted by perm, by boolean elimination. */
function bruteForceTree(a: CscMatrix, perm: Int32Array): { count: number[]; parent: number[] } {
  const n = a.n;
  const pinv = new Int32Array(n);
  for (let k = 0; k < n; k++) pinv[perm[k]] = k;
  const filled: boolean[][] = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  // the symmetric matrix of A's upper triangle (what SparseLDLT factorizes)
  for (let c = 0; c < n; c++) {
    for (let k = a.colPtr[c]; k < a.colPtr[c + 1]; k++) {
      const r = a.rowIndex[k];
      if (r <= c) filled[pinv[r]][pinv[c]] = filled[pinv[c]][pinv[r]] = true;
    }
  }
  for (let k = 0; k < n; k++) {
    for (let i = k + 1; i < n; i++) {
      if (!filled[i][k]) continue;
      for (let j = k + 1; j < n; j++) if (filled[j][k]) filled[i][j] = filled[j][i] = true;
    }
  }
  const count: number[] = [], parent: number[] = [];
  for (let k = 0; k < n; k++) {
    let c = 1, p = -1;
    for (let i = n - 1; i > k; i--) {
      if (filled[i][k]) {
        c++;
        p = i;
      }
    }
    count.push(c);
    parent.push(p);
  }
  return { count, parent };
}

/** The source's orderingTree run as JavaScript on plain arrays. */
function javascriptTree(a: CscMatrix, candidate: Int32Array) {
  const n = a.n, entries = a.colPtr[n];
  const work = (length: number): Int32Array => new Int32Array(length).fill(-9);
  const perm = work(n), treeParent = work(n), treeCount = work(n);
  orderingTree(n, a.colPtr, a.rowIndex, candidate, work(n), work(n + 1), work(n), work(entries), work(n), work(n), work(n), work(n), work(n),
    work(n), work(n), work(n), perm, treeParent, treeCount);
  return { perm, parent: treeParent, count: treeCount };
}

describe('sparse pattern kernels', () => {
  const next = kernelValues(5, { specialShare: 0, decades: 0 });
  const cases: [number, number][] = [[1, 1], [2, 2], [7, 3], [20, 2], [40, 6], [90, 4]];

  it.each(cases)('give the JavaScript source\'s trees and the brute-force counts (n = %i, ≈ %i entries a column)', (n, perColumn) => {
    for (let trial = 0; trial < 4; trial++) {
      const a = randomPattern(n, perColumn, next);
      const candidate = randomPermutation(n, next);
      const tree = new SparsePatternAnalysis(a).orderingTree(candidate);
      const expected = javascriptTree(a, candidate);
      expect(tree.perm).toEqual(expected.perm);
      expect(tree.parent).toEqual(expected.parent);
      expect(tree.count).toEqual(expected.count);
      // the postordered tree is the tree of the matrix in the order perm: its counts and parents by brute force
      const brute = bruteForceTree(a, tree.perm);
      expect(Array.from(tree.count)).toEqual(brute.count);
      expect(Array.from(tree.parent)).toEqual(brute.parent);
      expect(tree.work).toBe(brute.count.reduce((sum, c) => sum + c * c, 0));
      expect(Array.from(tree.perm).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, k) => k));
    }
  });

  it.each(cases)('give the JavaScript source\'s permuted lower triangle and entry map (n = %i)', (n, perColumn) => {
    const a = randomPattern(n, perColumn, next);
    const perm = randomPermutation(n, next);
    const lower = new SparsePatternAnalysis(a).permutedLower(perm);
    const entries = a.colPtr[n];
    const cPtr = new Int32Array(n + 1), cRow = new Int32Array(entries).fill(-9), slot = new Int32Array(entries).fill(-9);
    permutedLower(n, a.colPtr, a.rowIndex, perm, new Int32Array(n), cPtr, new Int32Array(n), cRow, slot);
    expect(lower.cPtr).toEqual(cPtr);
    expect(lower.cRow).toEqual(cRow.slice(0, cPtr[n]));
    expect(lower.slot).toEqual(slot);
    // every upper entry (r ≤ c) of A lands at its permuted place: row max, column min of (pinv[r], pinv[c])
    const pinv = new Int32Array(n);
    for (let k = 0; k < n; k++) pinv[perm[k]] = k;
    let upper = 0;
    for (let c = 0; c < n; c++) {
      for (let k = a.colPtr[c]; k < a.colPtr[c + 1]; k++) {
        const r = a.rowIndex[k];
        if (r > c) {
          expect(lower.slot[k]).toBe(-1);
          continue;
        }
        upper++;
        const i = pinv[r], j = pinv[c], q = lower.slot[k];
        expect(q).toBeGreaterThanOrEqual(lower.cPtr[Math.min(i, j)]);
        expect(q).toBeLessThan(lower.cPtr[Math.min(i, j) + 1]);
        expect(lower.cRow[q]).toBe(Math.max(i, j));
      }
    }
    expect(lower.cPtr[n]).toBe(upper);
  });

  it.each(cases)('give the JavaScript source\'s graph of A + Aᵀ and the brute-force neighbours (n = %i)', (n, perColumn) => {
    const a = randomPattern(n, perColumn, next);
    const graph = new SparsePatternAnalysis(a).symmetricGraph();
    const entries = a.colPtr[n];
    const count = new Int32Array(n + 1), ptr = new Int32Array(n + 1), adj = new Int32Array(2 * entries).fill(-9);
    const kept = symmetricGraph(n, a.colPtr, a.rowIndex, count, new Int32Array(n), adj, ptr);
    expect(graph.n).toBe(n);
    expect(graph.ptr).toEqual(ptr);
    expect(graph.adj).toEqual(adj.slice(0, kept));
    for (let i = 0; i < n; i++) {
      const expected = new Set<number>();
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const inColumn = (c: number, r: number): boolean => a.rowIndex.subarray(a.colPtr[c], a.colPtr[c + 1]).includes(r);
        if (inColumn(j, i) || inColumn(i, j)) expected.add(j);
      }
      const list = Array.from(graph.adj.subarray(graph.ptr[i], graph.ptr[i + 1]));
      expect(list.length).toBe(expected.size);
      expect(new Set(list)).toEqual(expected);
    }
  });
});

describe('amdElimination', () => {
  const next = kernelValues(9, { specialShare: 0, decades: 0 });

  it('gives the JavaScript source\'s elimination, and the same with list storage compacted or run again with more', () => {
    for (const [n, perColumn] of [[6, 2], [40, 4], [200, 6], [500, 3]] as const) {
      const a = randomPattern(n, perColumn, next);
      const graph = new SparsePatternAnalysis(a).symmetricGraph();
      const weights = Int32Array.from({ length: n }, () => 1 + (Math.floor(Math.abs(next()) * 1e6) % 3));
      const dense = Math.max(4, Math.floor(2 * Math.sqrt(n)));
      const entries = graph.ptr[n];
      // the source as JavaScript, with room enough
      const capacity = 4 * entries + 4 * n + 8;
      const work = (length: number): Int32Array => new Int32Array(length);
      const pivots = work(n), mergedHead = work(n), mergedNext = work(n), isDense = work(n);
      const totalWeight = weights.reduce((s, x) => s + x, 0);
      const count = amdEliminate(n, graph.ptr, graph.adj, weights, dense, isDense, pivots, mergedHead, mergedNext, work(n), work(n), work(n),
        work(n), work(n), work(n), work(n), work(n), work(n), work(totalWeight + 1), work(capacity), work(capacity), capacity, work(8));
      expect(count).toBeGreaterThan(0);
      for (const initial of [undefined, 1, entries, entries + n + 1]) {
        const got = amdElimination(graph, weights, dense, initial);
        expect(got.pivotCount).toBe(count);
        expect(got.pivots).toEqual(pivots);
        expect(got.mergedHead).toEqual(mergedHead);
        expect(got.mergedNext).toEqual(mergedNext);
        expect(got.isDense).toEqual(isDense);
      }
      // every vertex once: the pivots, the variables merged into them and the dense ones
      const seen: number[] = [];
      for (let t = 0; t < count; t++) {
        seen.push(pivots[t]);
        for (let i = mergedHead[pivots[t]]; i >= 0; i = mergedNext[i]) seen.push(i);
      }
      for (let i = 0; i < n; i++) if (isDense[i] === 1) seen.push(i);
      expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, k) => k));
    }
  });
});
