/**
 * Mode bases of linear finite element models for ObjectFFRFreducedOrder: free-free
 * eigenmodes without the rigid-body modes (Exudyn's FEMinterface.ComputeEigenmodes) and
 * Hurty–Craig–Bampton modes, i.e. static modes of the boundary interfaces plus
 * fixed-interface eigenmodes (Exudyn's FEMinterface.ComputeHurtyCraigBamptonModes).
 *
 * The functions take the sparse matrices (both triangles stored, 3 coordinates per node
 * x, y, z) and plain arrays, so they do not depend on the FEMinterface class. Mode bases
 * are n_dofs × n_modes ndarrays with column-major storage (each mode is contiguous).
 * @module
 */

import { optionNames, ownOptions } from '../core/dictionary.ts';
import ndarray from 'ndarray';
import { cscMultiply, type CscMatrix } from '../linalg/sparse.ts';
import { SparseLDLT } from '../linalg/sparseLDLT.ts';
import { FlexdynError } from '../core/errors.ts';
import { solveSparseEigen, type SparseEigenOptions } from './eigenSparse.ts';

/** Options of the sparse eigen solver that the mode computations pass on. */
export type ModeSolverOptions = Omit<SparseEigenOptions, 'numberOfEigenvalues' | 'factorization'>;

/** Default tolerance of the rigid-body mode check: |λ_rigid| ≤ tol·λ_first kept. */
export const RIGID_BODY_EIGENVALUE_TOLERANCE = 1e-6;

/** Options of {@link computeEigenmodes}. */
export interface EigenmodesOptions {
  /** Mass matrix M (symmetric positive definite). */
  massMatrix: CscMatrix;
  /** Stiffness matrix K (symmetric positive semi-definite). */
  stiffnessMatrix: CscMatrix;
  /** Number of modes to return (after the excluded rigid-body modes). */
  numberOfModes: number;
  /**
   * Rigid-body modes to skip: true = 6 (free 3D body), false = 0 (default, as Exudyn), or a
   * count. They are the lowest eigenvalues and must be numerically zero: |λ_i| ≤
   * rigidBodyTolerance·λ_first kept, otherwise an error is thrown (supported body, or a
   * mechanism with more zero eigenvalues).
   */
  excludeRigidBodyModes?: boolean | number;
  /** Tolerance of the rigid-body check (default {@link RIGID_BODY_EIGENVALUE_TOLERANCE}). */
  rigidBodyTolerance?: number;
  /** Options of the sparse eigen solver (shift, block size, tolerance, …). */
  solverOptions?: ModeSolverOptions;
}

/** The option names of {@link EigenmodesOptions}, for the unknown-option check of computeEigenmodes. */
const eigenmodesOptionNames = optionNames<EigenmodesOptions>({
  massMatrix: true, stiffnessMatrix: true, numberOfModes: true, excludeRigidBodyModes: true, rigidBodyTolerance: true, solverOptions: true,
});

/** Result of {@link computeEigenmodes}. */
export interface EigenmodesResult {
  /** Mode basis n_dofs × numberOfModes, M-normalized modes (φᵀMφ = 1). */
  modeBasis: ndarray.NdArray<Float64Array>;
  /** |λ| = ω² of the returned modes, ascending (Exudyn's eigenValues). */
  eigenValues: Float64Array;
  /** Eigenfrequencies √|λ|/(2π) in Hz. */
  eigenFrequenciesHz: Float64Array;
  /** The excluded rigid-body eigenvalues (rounding level). */
  rigidBodyEigenValues: Float64Array;
}

/** Static mode selection of {@link computeHurtyCraigBamptonModes} (Exudyn's HCBstaticModeSelection). */
export type HCBStaticModes = 'RBE2' | 'allBoundaryNodes';

/** Options of {@link computeHurtyCraigBamptonModes}. */
export interface HurtyCraigBamptonOptions {
  /** Mass matrix M (symmetric positive definite). */
  massMatrix: CscMatrix;
  /** Stiffness matrix K (symmetric positive semi-definite). */
  stiffnessMatrix: CscMatrix;
  /** Node positions x, y, z per node (3·n_nodes = n_dofs values); needed for the rotation modes. */
  nodePositions: ArrayLike<number>;
  /** Boundary interfaces: lists of node indices (0-based); a node may belong to one list only. */
  boundaryNodeLists: readonly (readonly number[] | Int32Array)[];
  /** Number of fixed-interface eigenmodes added after the static modes. */
  numberOfEigenModes: number;
  /**
   * true (default, Exudyn's RBE2): 6 static modes per interface, the rigid-body motions
   * (3 translations, 3 rotations about the interface's weighted mean point) of its nodes;
   * false (Exudyn's allBoundaryNodes): one static mode per boundary coordinate.
   */
  useRigidBodyModes?: boolean;
  /**
   * RBE2 only: drop the 6 static modes of the first interface (default true, as Exudyn), so
   * that the first interface is clamped in the basis and defines the floating frame.
   */
  excludeRigidBodyMotion?: boolean;
  /** Weights of the boundary nodes (same shape as boundaryNodeLists; default 1/n per list); mean point p₀ = Σ wᵢ xᵢ. */
  boundaryNodeWeights?: readonly ArrayLike<number>[];
  /** Without boundary lists: number of rigid-body modes dropped from the free modes (default 6, as Exudyn). */
  numberOfRigidBodyModes?: number;
  /** Tolerance of the rigid-body check without boundary lists (default {@link RIGID_BODY_EIGENVALUE_TOLERANCE}). */
  rigidBodyTolerance?: number;
  /** Options of the sparse eigen solver. */
  solverOptions?: ModeSolverOptions;
}

/** The option names of {@link HurtyCraigBamptonOptions}, for the unknown-option check of computeHurtyCraigBamptonModes. */
const hurtyCraigBamptonOptionNames = optionNames<HurtyCraigBamptonOptions>({
  massMatrix: true, stiffnessMatrix: true, nodePositions: true, boundaryNodeLists: true, numberOfEigenModes: true, useRigidBodyModes: true, excludeRigidBodyMotion: true, boundaryNodeWeights: true, numberOfRigidBodyModes: true, rigidBodyTolerance: true, solverOptions: true,
});

/** Result of {@link computeHurtyCraigBamptonModes}. */
export interface HurtyCraigBamptonResult {
  /** Mode basis n_dofs × (numberOfStaticModes + numberOfEigenModes): static modes first, then eigenmodes. */
  modeBasis: ndarray.NdArray<Float64Array>;
  /** Number of static (boundary) modes, the first columns. */
  numberOfStaticModes: number;
  /** Number of eigenmodes, the last columns (M_ii-normalized on the interior coordinates, zero on the boundary). */
  numberOfEigenModes: number;
  /** |λ| = ω² of the fixed-interface eigenmodes, ascending (Exudyn's eigenValues). */
  eigenValues: Float64Array;
  /** Eigenfrequencies √|λ|/(2π) in Hz of the fixed-interface eigenmodes. */
  eigenFrequenciesHz: Float64Array;
}

function fail(where: string, parameter: string, message: string): never {
  throw new FlexdynError(`${where}: ${parameter} ${message}`, { parameter });
}

function checkPencil(where: string, mass: CscMatrix, stiffness: CscMatrix): number {
  if (mass === undefined || stiffness === undefined) fail(where, mass === undefined ? 'massMatrix' : 'stiffnessMatrix', 'must be given, got undefined');
  if (mass.n !== stiffness.n) fail(where, 'massMatrix', `must have the dimension of stiffnessMatrix (${stiffness.n}), got ${mass.n}`);
  return mass.n;
}

function frequenciesHz(values: Float64Array): Float64Array {
  return values.map((v) => Math.sqrt(v) / (2 * Math.PI));
}

/** Number of rigid-body modes from a boolean or count option. */
function rigidBodyCount(where: string, value: boolean | number | undefined, fallback: number, parameter: string): number {
  const count = value === undefined ? fallback : value === true ? 6 : value === false ? 0 : value;
  if (!Number.isInteger(count) || count < 0) fail(where, parameter, `must be a boolean or a non-negative integer, got ${String(value)}`);
  return count;
}

/**
 * Lowest `count + keep` free modes; the first `count` are checked to be rigid-body modes
 * (|λ| ≤ tol·λ_count) and split off.
 */
function freeModes(where: string, stiffness: CscMatrix, mass: CscMatrix, count: number, keep: number, tol: number, solverOptions: ModeSolverOptions | undefined) {
  const n = stiffness.n;
  if (count + keep > n) fail(where, 'numberOfModes', `plus the rigid-body modes must not exceed the ${n} coordinates, got ${count} + ${keep}`);
  const result = solveSparseEigen(stiffness, mass, { ...solverOptions, numberOfEigenvalues: count + keep });
  const values = result.values;
  if (count > 0 && keep > 0) {
    const reference = Math.abs(values[count]);
    for (let i = 0; i < count; i++) {
      if (!(Math.abs(values[i]) <= tol * reference)) {
        throw new FlexdynError(
          `${where}: the ${count} lowest eigenvalues must be rigid-body modes (|λ| ≤ ${tol}·λ_${count} = ${tol * reference}), got λ_${i} = ${values[i]}` +
          ' (is the body supported, or does it have more than ' + count + ' zero-energy modes?)',
          { parameter: 'excludeRigidBodyModes' },
        );
      }
    }
  }
  const data = new Float64Array(n * keep);
  data.set(result.vectors.data.subarray(count * n, (count + keep) * n));
  return { data, values: values.slice(count, count + keep).map(Math.abs), rigid: values.slice(0, count) };
}

/**
 * Free-free eigenmodes of K φ = λ M φ (Exudyn's FEMinterface.ComputeEigenmodes with the
 * sparse solver): the lowest `numberOfModes` modes after the excluded rigid-body modes,
 * which are identified as the lowest eigenvalues and checked to be zero (see
 * {@link EigenmodesOptions.excludeRigidBodyModes}).
 */
export function computeEigenmodes(options: EigenmodesOptions): EigenmodesResult {
  options = ownOptions('computeEigenmodes', options, eigenmodesOptionNames);
  const where = 'computeEigenmodes';
  const n = checkPencil(where, options.massMatrix, options.stiffnessMatrix);
  const keep = options.numberOfModes;
  if (!Number.isInteger(keep) || keep < 1) fail(where, 'numberOfModes', `must be a positive integer, got ${keep}`);
  const count = rigidBodyCount(where, options.excludeRigidBodyModes, 0, 'excludeRigidBodyModes');
  const tol = options.rigidBodyTolerance ?? RIGID_BODY_EIGENVALUE_TOLERANCE;
  const free = freeModes(where, options.stiffnessMatrix, options.massMatrix, count, keep, tol, options.solverOptions);
  return {
    modeBasis: ndarray(free.data, [n, keep], [1, n]),
    eigenValues: free.values,
    eigenFrequenciesHz: frequenciesHz(free.values),
    rigidBodyEigenValues: free.rigid,
  };
}

/** Principal submatrix A[idx, idx] of a CSC matrix; `local[g]` is the position of global index g in idx or −1. */
function principalSubmatrix(a: CscMatrix, idx: Int32Array, local: Int32Array): CscMatrix {
  const m = idx.length;
  const colPtr = new Int32Array(m + 1);
  let nnz = 0;
  for (let c = 0; c < m; c++) {
    const j = idx[c];
    for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) if (local[a.rowIndex[k]] >= 0) nnz++;
    colPtr[c + 1] = nnz;
  }
  const rowIndex = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let p = 0;
  for (let c = 0; c < m; c++) {
    const j = idx[c];
    for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) {
      const r = local[a.rowIndex[k]];
      if (r < 0) continue;
      rowIndex[p] = r;
      values[p++] = a.values[k];
    }
  }
  return { n: m, colPtr, rowIndex, values };
}

/**
 * Hurty–Craig–Bampton modes (Exudyn's FEMinterface.ComputeHurtyCraigBamptonModes with
 * computationMode RBE2 or allBoundaryNodes). With boundary coordinates b (all coordinates
 * of the boundary nodes) and interior coordinates i:
 * - static modes: prescribed boundary displacements u_b = T (RBE2: for every interface
 *   the columns [I₃, Skew(xⱼ − p₀)] of its nodes j, i.e. translations and rotations about the
 *   weighted mean point p₀ — Skew(p)·e_k = p × e_k, Exudyn's sign; allBoundaryNodes: T = I)
 *   and the static interior response u_i = −K_ii⁻¹ K_ib T;
 * - eigenmodes: the lowest eigenmodes of the fixed-interface problem K_ii φ = λ M_ii φ
 *   (shift-invert with σ = 0, sharing the sparse LDLᵀ factorization of K_ii), zero on the boundary.
 * Columns: the static modes (interface by interface; without the first interface's 6 when
 * excludeRigidBodyMotion), then the eigenmodes. Without boundary lists the free modes are
 * used, Exudyn's convention: numberOfEigenModes modes are computed, the first
 * numberOfRigidBodyModes (checked to be zero) are dropped from the basis, and eigenValues
 * lists all computed ones.
 */
export function computeHurtyCraigBamptonModes(options: HurtyCraigBamptonOptions): HurtyCraigBamptonResult {
  options = ownOptions('computeHurtyCraigBamptonModes', options, hurtyCraigBamptonOptionNames);
  const where = 'computeHurtyCraigBamptonModes';
  const mass = options.massMatrix;
  const stiffness = options.stiffnessMatrix;
  const n = checkPencil(where, mass, stiffness);
  const nEig = options.numberOfEigenModes;
  if (!Number.isInteger(nEig) || nEig < 0) fail(where, 'numberOfEigenModes', `must be a non-negative integer, got ${nEig}`);
  const lists = options.boundaryNodeLists ?? fail(where, 'boundaryNodeLists', 'must be given, got undefined');

  if (lists.length === 0) {
    const count = rigidBodyCount(where, options.numberOfRigidBodyModes, 6, 'numberOfRigidBodyModes');
    if (nEig < count + 1) fail(where, 'numberOfEigenModes', `must exceed numberOfRigidBodyModes (${count}) without boundary lists, got ${nEig}`);
    const tol = options.rigidBodyTolerance ?? RIGID_BODY_EIGENVALUE_TOLERANCE;
    const free = freeModes(where, stiffness, mass, count, nEig - count, tol, options.solverOptions);
    const eigenValues = new Float64Array(nEig);
    eigenValues.set(free.rigid.map(Math.abs));
    eigenValues.set(free.values, count);
    return {
      modeBasis: ndarray(free.data, [n, nEig - count], [1, n]),
      numberOfStaticModes: 0,
      numberOfEigenModes: nEig - count,
      eigenValues,
      eigenFrequenciesHz: frequenciesHz(eigenValues),
    };
  }

  const positions = options.nodePositions;
  if (positions === undefined || positions.length !== n) {
    fail(where, 'nodePositions', `must hold 3 coordinates per node (${n} values), got ${positions === undefined ? 'undefined' : positions.length}`);
  }
  const nNodes = n / 3;
  const owner = new Int32Array(nNodes).fill(-1);
  lists.forEach((list, k) => {
    if (list.length === 0) fail(where, `boundaryNodeLists[${k}]`, 'must not be empty, got an empty list');
    for (const node of list) {
      if (!Number.isInteger(node) || node < 0 || node >= nNodes) fail(where, `boundaryNodeLists[${k}]`, `must hold node indices in [0, ${nNodes - 1}], got ${node}`);
      if (owner[node] >= 0) fail(where, `boundaryNodeLists[${k}]`, `must not repeat nodes (node ${node} is already in list ${owner[node]})`);
      owner[node] = k;
    }
  });
  const weights = options.boundaryNodeWeights;
  if (weights !== undefined) {
    if (weights.length !== lists.length) fail(where, 'boundaryNodeWeights', `must have one list per boundary list (${lists.length}), got ${weights.length}`);
    weights.forEach((w, k) => {
      if (w.length !== lists[k].length) fail(where, `boundaryNodeWeights[${k}]`, `must have ${lists[k].length} entries, got ${w.length}`);
    });
  }

  const boundaryDofs: number[] = [];
  for (const list of lists) for (const node of list) boundaryDofs.push(3 * node, 3 * node + 1, 3 * node + 2);
  const nb = boundaryDofs.length;
  const ni = n - nb;
  if (ni === 0) fail(where, 'boundaryNodeLists', 'must leave interior nodes, got all nodes on the boundary');
  const local = new Int32Array(n).fill(-1);
  const interior = new Int32Array(ni);
  const isBoundary = new Uint8Array(n);
  for (const d of boundaryDofs) isBoundary[d] = 1;
  for (let g = 0, c = 0; g < n; g++) {
    if (isBoundary[g]) continue;
    interior[c] = g;
    local[g] = c++;
  }
  const kii = principalSubmatrix(stiffness, interior, local);
  const factor = new SparseLDLT();
  const outcome = factor.analyze(kii);
  if (outcome !== true) {
    fail(where, 'boundaryNodeLists', `must fix all rigid-body motions of the body: K_ii is singular (interior coordinate ${interior[outcome.singularColumn]})`);
  }

  const useRigid = options.useRigidBodyModes ?? true;
  const exclude = useRigid && (options.excludeRigidBodyMotion ?? true);
  const boundaryColumns = staticBoundaryColumns(lists, weights, positions, useRigid, exclude);
  const nStatic = boundaryColumns.length;
  const nModes = nStatic + nEig;
  const data = new Float64Array(n * nModes);
  const u = new Float64Array(n);
  const f = new Float64Array(n);
  const rhs = new Float64Array(ni);
  for (let c = 0; c < nStatic; c++) {
    const col = boundaryColumns[c];
    u.fill(0);
    for (let t = 0; t < nb; t++) u[boundaryDofs[t]] = col[t];
    cscMultiply(stiffness, u, f);
    for (let r = 0; r < ni; r++) rhs[r] = -f[interior[r]];
    factor.solve(rhs, rhs);
    const mode = data.subarray(c * n, (c + 1) * n);
    for (let t = 0; t < nb; t++) mode[boundaryDofs[t]] = col[t];
    for (let r = 0; r < ni; r++) mode[interior[r]] = rhs[r];
  }

  let eigenValues = new Float64Array(0);
  if (nEig > 0) {
    if (nEig > ni) fail(where, 'numberOfEigenModes', `must not exceed the ${ni} interior coordinates, got ${nEig}`);
    const mii = principalSubmatrix(mass, interior, local);
    const eig = solveSparseEigen(kii, mii, { ...options.solverOptions, numberOfEigenvalues: nEig, shift: 0, factorization: factor });
    eigenValues = eig.values.map(Math.abs);
    for (let q = 0; q < nEig; q++) {
      const mode = data.subarray((nStatic + q) * n, (nStatic + q + 1) * n);
      const phi = eig.modes[q];
      for (let r = 0; r < ni; r++) mode[interior[r]] = phi[r];
    }
  }
  return {
    modeBasis: ndarray(data, [n, nModes], [1, n]),
    numberOfStaticModes: nStatic,
    numberOfEigenModes: nEig,
    eigenValues,
    eigenFrequenciesHz: frequenciesHz(eigenValues),
  };
}

/**
 * Boundary parts (over all boundary coordinates, list order) of the static modes: RBE2
 * rigid-body motions per interface (without the first interface's when `exclude`), or
 * unit vectors.
 */
function staticBoundaryColumns(
  lists: readonly (readonly number[] | Int32Array)[], weights: readonly ArrayLike<number>[] | undefined, positions: ArrayLike<number>,
  useRigid: boolean, exclude: boolean,
): Float64Array[] {
  let nb = 0;
  for (const list of lists) nb += 3 * list.length;
  const columns: Float64Array[] = [];
  if (!useRigid) {
    for (let t = 0; t < nb; t++) {
      const col = new Float64Array(nb);
      col[t] = 1;
      columns.push(col);
    }
    return columns;
  }
  let offset = 0;
  lists.forEach((list, k) => {
    const nn = list.length;
    const p0 = [0, 0, 0];
    for (let j = 0; j < nn; j++) {
      const w = weights === undefined ? 1 / nn : weights[k][j];
      for (let d = 0; d < 3; d++) p0[d] += w * positions[3 * list[j] + d];
    }
    if (!(exclude && k === 0)) {
      const block: Float64Array[] = [];
      for (let c = 0; c < 6; c++) block.push(new Float64Array(nb));
      for (let j = 0; j < nn; j++) {
        const row = offset + 3 * j;
        const px = positions[3 * list[j]] - p0[0];
        const py = positions[3 * list[j] + 1] - p0[1];
        const pz = positions[3 * list[j] + 2] - p0[2];
        for (let d = 0; d < 3; d++) block[d][row + d] = 1;
        // Skew(p) = [[0, −pz, py], [pz, 0, −px], [−py, px, 0]]: column c is p × e_c
        block[3][row + 1] = pz;
        block[3][row + 2] = -py;
        block[4][row] = -pz;
        block[4][row + 2] = px;
        block[5][row] = py;
        block[5][row + 1] = -px;
      }
      columns.push(...block);
    }
    offset += 3 * nn;
  });
  return columns;
}
