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

/** The kernels instantiated on a new memory of consecutive Int32Array regions of the given lengths, and the regions. */
function instantiateRegions<Name extends string>(names: readonly Name[], ints: Readonly<Record<Name, number>>) {
  const doubles = {} as Record<Name, number>;
  for (const name of names) doubles[name] = Math.ceil(ints[name] / 2);
  const layout = kernelLayout(doubles);
  compiled ??= compileStoredModule(sparsePatternModuleBase64);
  const instance = instantiateKernels<KernelExports<typeof source>>(compiled, memoryPages(8 * layout.doubles));
  const regions = {} as Record<Name, Int32Array>;
  for (const name of names) regions[name] = new Int32Array(instance.doubles.buffer, layout.addresses[name], ints[name]);
  return { exports: instance.exports, at: layout.addresses, regions };
}

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
    const { exports, at, regions } = instantiateRegions(regionNames, ints);
    regions.cp.set(a.colPtr.subarray(0, n + 1));
    regions.ri.set(a.rowIndex.subarray(0, entries));
    this.n = n;
    this.exports = exports;
    this.at = at;
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

/** The result of {@link amdElimination}. */
export interface AmdElimination {
  /** The pivots in their order (the first `pivotCount`). */
  readonly pivots: Int32Array<ArrayBuffer>;
  /** How many pivots there are. */
  readonly pivotCount: number;
  /** The variables eliminated with pivot p: mergedHead[p], then mergedNext[i] (−1 ends). */
  readonly mergedHead: Int32Array<ArrayBuffer>;
  /** See mergedHead. */
  readonly mergedNext: Int32Array<ArrayBuffer>;
  /** 1 for the vertices left out as dense. */
  readonly isDense: Int32Array<ArrayBuffer>;
}

/**
 * The approximate minimum degree elimination of src/linalg/ordering.ts's amdOrder as WebAssembly (amdEliminate of the
 * source): the graph with vertex weights, vertices of more than `dense` neighbours left out. The list storage has
 * `initialCapacity` entries (by default as the JavaScript version's started: max(2n, 1.5 · entries + n)) and is
 * compacted when full; should a graph need more, the elimination runs again with twice the storage.
 */
export function amdElimination(g: SymmetricGraph, weights: Int32Array, dense: number,
  initialCapacity = Math.max(2 * g.n, Math.ceil(1.5 * g.ptr[g.n]) + g.n)): AmdElimination {
  const n = g.n, entries = g.ptr[n];
  let totalWeight = 0;
  for (let i = 0; i < n; i++) totalWeight += weights[i];
  for (let capacity = Math.max(1, initialCapacity); ; capacity *= 2) {
    const ints: Record<AmdRegionName, number> = {
      ptr: n + 1, adj: entries, weights: n, isDense: n, pivots: n, mergedHead: n, mergedNext: n, state: n, nv: n, pe: n, len: n, elen: n,
      degree: n, w: n, next: n, prev: n, head: totalWeight + 1, scalars: 8, iw: capacity, iwSpare: capacity,
    };
    const { exports, at, regions } = instantiateRegions(amdRegionNames, ints);
    regions.ptr.set(g.ptr.subarray(0, n + 1));
    regions.adj.set(g.adj.subarray(0, entries));
    regions.weights.set(weights.subarray(0, n));
    const pivotCount = exports.amdEliminate(n, at.ptr, at.adj, at.weights, dense, at.isDense, at.pivots, at.mergedHead, at.mergedNext, at.state,
      at.nv, at.pe, at.len, at.elen, at.degree, at.w, at.next, at.prev, at.head, at.iw, at.iwSpare, capacity, at.scalars);
    if (pivotCount >= 0) {
      return { pivots: regions.pivots.slice(), pivotCount, mergedHead: regions.mergedHead.slice(), mergedNext: regions.mergedNext.slice(), isDense: regions.isDense.slice() };
    }
  }
}

/** The regions of amdElimination's memory, in their order. */
const amdRegionNames = ['ptr', 'adj', 'weights', 'isDense', 'pivots', 'mergedHead', 'mergedNext', 'state', 'nv', 'pe', 'len', 'elen', 'degree', 'w',
  'next', 'prev', 'head', 'scalars', 'iw', 'iwSpare'] as const;

/** The name of a region of amdElimination's memory. */
type AmdRegionName = typeof amdRegionNames[number];
