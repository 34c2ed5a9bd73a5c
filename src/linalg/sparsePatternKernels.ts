/**
 * The kernels on a sparse matrix's pattern as WebAssembly (the graph of A + Aᵀ, SparseLDLT's symbolic analysis): the
 * module of sparsePatternKernelsSource.ts, stored in sparsePatternKernelsModule.ts. Each analysis instantiates it on a
 * memory sized for its matrix, copies the matrix's pattern in once, and reads the results out of the memory's regions.
 * @module
 */

import type { CscMatrix } from './sparse.ts';
import { sparsePatternModuleBase64 } from './sparsePatternKernelsModule.ts';
import type * as source from './sparsePatternKernelsSource.ts';
import { compileStoredModule, instantiateKernels, kernelLayout, memoryPages, type KernelExports } from './storedWasmModule.ts';

/** Symmetric adjacency structure without self loops: neighbours of i are `adj[ptr[i]..ptr[i+1])`. */
export interface SymmetricGraph {
  /** Number of vertices. */
  n: number;
  /** Offsets into `adj`, length n+1. */
  ptr: Int32Array;
  /** Neighbour lists (each edge stored in both directions, no duplicates). */
  adj: Int32Array;
}

/** A candidate ordering's elimination tree and column counts of L, relabeled by the tree's postorder. */
export interface OrderingTree {
  /** perm[k]: the unknown eliminated k-th. */
  readonly perm: Int32Array<ArrayBuffer>;
  /** The tree's parent of each place (−1 for a root). */
  readonly parent: Int32Array<ArrayBuffer>;
  /** The column counts of L with the diagonal, per place. */
  readonly count: Int32Array<ArrayBuffer>;
  /** Σ count²: the factorization's operations, up to a factor. */
  readonly work: number;
}

/** The lower triangle of P·A·Pᵀ by columns and the map of A's entries into it. */
export interface PermutedLower {
  /** Column starts (n + 1). */
  readonly cPtr: Int32Array<ArrayBuffer>;
  /** Row indices. */
  readonly cRow: Int32Array<ArrayBuffer>;
  /** The place in cRow of each entry of A (−1 for an entry below the diagonal). */
  readonly slot: Int32Array<ArrayBuffer>;
}

let compiled: WebAssembly.Module | undefined;

/** The kernels on a memory holding the pattern of one matrix (see the source for what each region holds). */
export class SparsePatternAnalysis {
  private readonly n: number;
  private readonly exports: KernelExports<typeof source>;
  private readonly at: Readonly<Record<RegionName, number>>;
  private readonly regions: Readonly<Record<RegionName, Int32Array>>;

  /** Instantiates the kernels on a new memory and copies A's pattern (colPtr, rowIndex) into it. */
  constructor(a: CscMatrix) {
    const n = a.n, entries = a.colPtr[n];
    const ints: Record<RegionName, number> = {
      cp: n + 1, ri: entries, candidate: n, pinv: n, ptr: n + 1, pos: n, idx: entries, parent: n, ancestor: n, count: n, mark: n,
      head: n, next: n, post: n, stack: n, perm: n, treeParent: n, treeCount: n, cPtr: n + 1, cRow: entries, slot: entries,
      graphCount: n + 1, graphPtr: n + 1, adj: 2 * entries,
    };
    const doubles = {} as Record<RegionName, number>;
    for (const name of regionNames) doubles[name] = Math.ceil(ints[name] / 2);
    const layout = kernelLayout(doubles);
    compiled ??= compileStoredModule(sparsePatternModuleBase64);
    const instance = instantiateKernels<KernelExports<typeof source>>(compiled, memoryPages(8 * layout.doubles));
    const regions = {} as Record<RegionName, Int32Array>;
    for (const name of regionNames) regions[name] = new Int32Array(instance.doubles.buffer, layout.addresses[name], ints[name]);
    regions.cp.set(a.colPtr.subarray(0, n + 1));
    regions.ri.set(a.rowIndex.subarray(0, entries));
    this.n = n;
    this.exports = instance.exports;
    this.at = layout.addresses;
    this.regions = regions;
  }

  /** The graph of A + Aᵀ without the diagonal (copies; see symmetricGraph in src/linalg/ordering.ts). */
  symmetricGraph(): SymmetricGraph {
    const { n, at, regions } = this;
    const kept = this.exports.symmetricGraph(n, at.cp, at.ri, at.graphCount, at.pos, at.adj, at.graphPtr);
    return { n, ptr: regions.graphPtr.slice(), adj: regions.adj.slice(0, kept) };
  }

  /** The elimination tree and column counts of the candidate ordering, relabeled by their postorder (copies). */
  orderingTree(candidate: Int32Array): OrderingTree {
    const { n, at, regions } = this;
    regions.candidate.set(candidate);
    this.exports.orderingTree(n, at.cp, at.ri, at.candidate, at.pinv, at.ptr, at.pos, at.idx, at.parent, at.ancestor, at.count, at.mark,
      at.head, at.next, at.post, at.stack, at.perm, at.treeParent, at.treeCount);
    const count = regions.treeCount.slice();
    let work = 0;
    for (let j = 0; j < n; j++) work += count[j] * count[j];
    return { perm: regions.perm.slice(), parent: regions.treeParent.slice(), count, work };
  }

  /** The lower triangle of P·A·Pᵀ for the ordering `perm` (copies). */
  permutedLower(perm: Int32Array): PermutedLower {
    const { n, at, regions } = this;
    regions.perm.set(perm);
    this.exports.permutedLower(n, at.cp, at.ri, at.perm, at.pinv, at.cPtr, at.pos, at.cRow, at.slot);
    const cPtr = regions.cPtr.slice();
    return { cPtr, cRow: regions.cRow.slice(0, cPtr[n]), slot: regions.slot.slice() };
  }
}

/** The regions of the memory, in their order. */
const regionNames = ['cp', 'ri', 'candidate', 'pinv', 'ptr', 'pos', 'idx', 'parent', 'ancestor', 'count', 'mark', 'head', 'next', 'post',
  'stack', 'perm', 'treeParent', 'treeCount', 'cPtr', 'cRow', 'slot', 'graphCount', 'graphPtr', 'adj'] as const;

/** The name of a region of the memory. */
type RegionName = typeof regionNames[number];
