/**
 * Assembly of linear elastic element matrices into global sparse mass and stiffness
 * matrices with 3 coordinates per node (coordinate 3i+d is direction d of node i,
 * Exudyn's ordering). The pattern is built once from the node adjacency of the mesh, so
 * element matrices are summed directly into CSC storage without triplet lists.
 * @module
 */
import { FlexdynError } from '../core/errors.ts';
import type { CscMatrix } from '../linalg/sparse.ts';
import {
  ElementWorkspace, checkMaterial, hex8MassScalar, hex8Stiffness, nodesPerElement, tet4MassScalar, tet4Stiffness,
  type FemElementType, type Hex8Integration, type LinearElasticMaterial,
} from './elements.ts';

/** Elements of one type: connectivity with `nodesPerElement[type]` node numbers per element. */
export interface ElementBlock {
  /** Element type. */
  type: FemElementType;
  /** 0-based node numbers, element by element. */
  connectivity: Int32Array;
}

/** Node adjacency of a mesh: the nodes sharing an element with node j are `neighbors[ptr[j] … ptr[j+1]-1]`, sorted, j included. */
export interface NodeAdjacency {
  /** Offsets, length numberOfNodes + 1. */
  ptr: Int32Array;
  /** Neighbor node numbers. */
  neighbors: Int32Array;
}

/** Builds the node adjacency of the given element blocks. */
export function nodeAdjacency(numberOfNodes: number, blocks: readonly ElementBlock[]): NodeAdjacency {
  // all elements as one connectivity list with offsets
  let total = 0, nElements = 0;
  for (const b of blocks) { total += b.connectivity.length; nElements += b.connectivity.length / nodesPerElement[b.type]; }
  const conn = new Int32Array(total);
  const start = new Int32Array(nElements + 1);
  let e = 0, w = 0;
  for (const b of blocks) {
    const nn = nodesPerElement[b.type];
    conn.set(b.connectivity, w);
    for (let k = 0; k < b.connectivity.length; k += nn) { start[e++] = w; w += nn; }
  }
  start[nElements] = w;
  // node → elements
  const elemPtr = new Int32Array(numberOfNodes + 1);
  for (let k = 0; k < total; k++) elemPtr[conn[k] + 1]++;
  for (let i = 0; i < numberOfNodes; i++) elemPtr[i + 1] += elemPtr[i];
  const elemOf = new Int32Array(total);
  const fill = elemPtr.slice(0, numberOfNodes);
  for (let el = 0; el < nElements; el++) for (let k = start[el]; k < start[el + 1]; k++) elemOf[fill[conn[k]]++] = el;
  // neighbors by stamping, then sorting each node's range
  const stamp = new Int32Array(numberOfNodes).fill(-1);
  const ptr = new Int32Array(numberOfNodes + 1);
  let neighbors: Int32Array = new Int32Array(Math.max(16, 4 * total));
  let count = 0;
  for (let j = 0; j < numberOfNodes; j++) {
    const first = count;
    stamp[j] = j;
    if (count === neighbors.length) neighbors = grow(neighbors);
    neighbors[count++] = j;
    for (let k = elemPtr[j]; k < elemPtr[j + 1]; k++) {
      const el = elemOf[k];
      for (let q = start[el]; q < start[el + 1]; q++) {
        const i = conn[q];
        if (stamp[i] === j) continue;
        stamp[i] = j;
        if (count === neighbors.length) neighbors = grow(neighbors);
        neighbors[count++] = i;
      }
    }
    neighbors.subarray(first, count).sort();
    ptr[j + 1] = count;
  }
  return { ptr, neighbors: neighbors.slice(0, count) };
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/** CSC matrix (3 coordinates per node) with the full pattern of a node adjacency and zero values. */
export function patternMatrix(adj: NodeAdjacency): CscMatrix {
  const nNodes = adj.ptr.length - 1;
  const n = 3 * nNodes;
  const colPtr = new Int32Array(n + 1);
  const rowIndex = new Int32Array(9 * adj.ptr[nNodes]);
  for (let j = 0; j < nNodes; j++) {
    const p0 = adj.ptr[j], deg = adj.ptr[j + 1] - p0;
    for (let b = 0; b < 3; b++) {
      const start = 9 * p0 + 3 * deg * b;
      colPtr[3 * j + b] = start;
      for (let k = 0; k < deg; k++) {
        const i = adj.neighbors[p0 + k];
        for (let a = 0; a < 3; a++) rowIndex[start + 3 * k + a] = 3 * i + a;
      }
    }
  }
  colPtr[n] = rowIndex.length;
  return { n, colPtr, rowIndex, values: new Float64Array(rowIndex.length) };
}

function positionInColumn(adj: NodeAdjacency, j: number, i: number): number {
  let lo = adj.ptr[j], hi = adj.ptr[j + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = adj.neighbors[mid];
    if (v === i) return mid - adj.ptr[j];
    if (v < i) lo = mid + 1; else hi = mid - 1;
  }
  throw new FlexdynError(`FEM assembly: node ${i} is not a neighbor of node ${j}`);
}

/** Options of {@link assembleLinearElastic}. */
export interface LinearElasticAssemblyOptions {
  /** Hex8 stiffness integration (default 'full', 2×2×2 Gauss). */
  hex8Integration?: Hex8Integration;
  /** Lumped (row-sum, = ∫ρN_i dV) diagonal mass instead of the consistent mass (default false). */
  lumpedMass?: boolean;
}

/** Global mass and stiffness of a linear elastic mesh. */
export interface LinearElasticMatrices {
  /** Mass matrix (consistent, or diagonal when lumped). */
  massMatrix: CscMatrix;
  /** Stiffness matrix. */
  stiffnessMatrix: CscMatrix;
  /** Total volume of the elements. */
  volume: number;
}

/**
 * Assembles the mass and stiffness matrices of Hex8 and Tet4 elements.
 * `materialOfElement[e]` is the index into `materials` of element e (numbering over the
 * blocks in order); without it every element uses `materials[0]`.
 */
export function assembleLinearElastic(
  nodes: Float64Array, blocks: readonly ElementBlock[], materials: readonly LinearElasticMaterial[],
  materialOfElement?: Int32Array, options: LinearElasticAssemblyOptions = {},
): LinearElasticMatrices {
  const nNodes = nodes.length / 3;
  if (materials.length === 0) throw new FlexdynError('FEM assembly: no material given');
  materials.forEach((m, k) => checkMaterial(m, `FEM assembly: material ${k}`));
  for (const b of blocks) {
    if (b.type !== 'Hex8' && b.type !== 'Tet4') {
      throw new FlexdynError(`FEM assembly: element type ${b.type} has no element formulation (only Hex8 and Tet4; ${b.type} meshes can be imported, with matrices read from files)`);
    }
  }
  const integration = options.hex8Integration ?? 'full';
  const adj = nodeAdjacency(nNodes, blocks);
  const K = patternMatrix(adj);
  const lumped = options.lumpedMass === true;
  const M: CscMatrix = lumped
    ? { n: 3 * nNodes, colPtr: Int32Array.from({ length: 3 * nNodes + 1 }, (_, k) => k), rowIndex: Int32Array.from({ length: 3 * nNodes }, (_, k) => k), values: new Float64Array(3 * nNodes) }
    : { n: K.n, colPtr: K.colPtr.slice(), rowIndex: K.rowIndex.slice(), values: new Float64Array(K.values.length) };
  const ws = new ElementWorkspace();
  const xe = new Float64Array(24);
  const Ke = new Float64Array(576);
  const Me = new Float64Array(64);
  const pos = new Int32Array(64);
  let volume = 0;
  let e = 0;
  for (const b of blocks) {
    const nn = nodesPerElement[b.type];
    const n3 = 3 * nn;
    const conn = b.connectivity;
    for (let s = 0; s < conn.length; s += nn, e++) {
      const mat = materials[materialOfElement === undefined ? 0 : materialOfElement[e]];
      if (mat === undefined) throw new FlexdynError(`FEM assembly: element ${e} has material index ${materialOfElement?.[e]}, but there are ${materials.length} materials`);
      for (let a = 0; a < nn; a++) {
        const node = conn[s + a];
        xe[3 * a] = nodes[3 * node]; xe[3 * a + 1] = nodes[3 * node + 1]; xe[3 * a + 2] = nodes[3 * node + 2];
      }
      try {
        if (b.type === 'Hex8') {
          hex8Stiffness(xe, mat, integration, Ke, ws);
          volume += hex8MassScalar(xe, mat.density, Me, ws);
        } else {
          tet4Stiffness(xe, mat, Ke, ws);
          volume += tet4MassScalar(xe, mat.density, Me, ws);
        }
      } catch (err) {
        if (err instanceof FlexdynError) throw new FlexdynError(`element ${e} (${b.type}, nodes ${Array.from(conn.subarray(s, s + nn)).join(', ')}): ${err.message}`);
        throw err;
      }
      for (let q = 0; q < nn; q++) for (let p = 0; p < nn; p++) pos[q * nn + p] = positionInColumn(adj, conn[s + q], conn[s + p]);
      for (let q = 0; q < nn; q++) {
        const j = conn[s + q];
        for (let bDir = 0; bDir < 3; bDir++) {
          const col = K.colPtr[3 * j + bDir];
          for (let p = 0; p < nn; p++) {
            const base = col + 3 * pos[q * nn + p];
            for (let a = 0; a < 3; a++) K.values[base + a] += Ke[(3 * p + a) * n3 + 3 * q + bDir];
            if (!lumped) M.values[base + bDir] += Me[p * nn + q];
          }
        }
        if (lumped) {
          let rowSum = 0;
          for (let p = 0; p < nn; p++) rowSum += Me[q * nn + p];
          for (let d = 0; d < 3; d++) M.values[3 * j + d] += rowSum;
        }
      }
    }
  }
  return { massMatrix: M, stiffnessMatrix: K, volume };
}
