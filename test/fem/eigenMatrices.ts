/**
 * Test and benchmark pencils (K, M) for the sparse eigen solver, and the dense oracle:
 * random sparse SPD pencils, a free 3D truss lattice (six rigid-body modes) and the dense
 * generalized symmetric solve through the Cholesky factor of M (ml-matrix).
 * @module
 */

import { CholeskyDecomposition, EigenvalueDecomposition, Matrix } from 'ml-matrix';
import type { CscMatrix } from '../../src/linalg/sparse.ts';
import { assemble, cscToDense, mulberry32 } from '../linalg/matrices.ts';

/** Node positions (3 per node) and the pencil of a lattice. */
export interface LatticePencil {
  /** Stiffness matrix (singular for a free lattice). */
  stiffness: CscMatrix;
  /** Lumped (diagonal) mass matrix. */
  mass: CscMatrix;
  /** Node positions x, y, z per node. */
  positions: Float64Array;
  /** Number of nodes. */
  nodes: number;
}

/**
 * Free 3D truss lattice of nx × ny × nz nodes with spacing h: axial springs along the cube
 * edges, the face diagonals and the body diagonals of every cell (a rigid truss, so K has
 * exactly the six rigid-body motions as null space), lumped node masses. `perturbation` > 0
 * scales spring stiffnesses and masses by random factors in [1 − p, 1 + p] (seeded), which
 * removes the symmetry-induced multiple eigenvalues.
 */
export function trussLattice(nx: number, ny: number, nz: number, options: { h?: number; k?: number; m?: number; perturbation?: number; seed?: number } = {}): LatticePencil {
  const h = options.h ?? 0.1;
  const k = options.k ?? 1e6;
  const m = options.m ?? 0.5;
  const p = options.perturbation ?? 0;
  const rnd = mulberry32(options.seed ?? 7);
  const nodes = nx * ny * nz;
  const id = (i: number, j: number, l: number): number => (l * ny + j) * nx + i;
  const positions = new Float64Array(3 * nodes);
  for (let l = 0; l < nz; l++) for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) {
    const a = id(i, j, l);
    positions[3 * a] = i * h;
    positions[3 * a + 1] = j * h;
    positions[3 * a + 2] = l * h;
  }
  const springs: [number, number][] = [];
  const offsets: [number, number, number][] = [];
  for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) for (let dl = -1; dl <= 1; dl++) {
    const first = dl > 0 || (dl === 0 && (dj > 0 || (dj === 0 && di > 0)));
    if (first) offsets.push([di, dj, dl]);
  }
  for (let l = 0; l < nz; l++) for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) {
    for (const [di, dj, dl] of offsets) {
      const i2 = i + di;
      const j2 = j + dj;
      const l2 = l + dl;
      if (i2 < 0 || j2 < 0 || l2 < 0 || i2 >= nx || j2 >= ny || l2 >= nz) continue;
      springs.push([id(i, j, l), id(i2, j2, l2)]);
    }
  }
  const factors = springs.map(() => 1 + p * (2 * rnd() - 1));
  const masses = Array.from({ length: nodes }, () => m * (1 + p * (2 * rnd() - 1)));
  const n = 3 * nodes;
  const stiffness = assemble(n, (sink) => {
    springs.forEach(([a, b], s) => {
      const e = [0, 1, 2].map((d) => positions[3 * b + d] - positions[3 * a + d]);
      const len = Math.hypot(e[0], e[1], e[2]);
      const ks = (k * factors[s] * h) / len;
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
        const v = (ks * e[r] * e[c]) / (len * len);
        sink(3 * a + r, 3 * a + c, v);
        sink(3 * b + r, 3 * b + c, v);
        sink(3 * a + r, 3 * b + c, -v);
        sink(3 * b + r, 3 * a + c, -v);
      }
    });
  });
  const mass = assemble(n, (sink) => {
    for (let a = 0; a < nodes; a++) for (let d = 0; d < 3; d++) sink(3 * a + d, 3 * a + d, masses[a]);
  });
  return { stiffness, mass, positions, nodes };
}

/**
 * Random sparse SPD pencil of dimension n: K = BᵀB + shiftK·I with a sparse random B (about
 * `perRow` entries per row, seeded), M = CᵀC + I/2 with a sparser random C (consistent mass
 * like). shiftK = 0 with fewer rows in B than n gives a singular (PSD) K.
 */
export function randomSpdPencil(n: number, seed: number, options: { perRow?: number; rowsB?: number; shiftK?: number } = {}): { stiffness: CscMatrix; mass: CscMatrix } {
  const rnd = mulberry32(seed);
  const perRow = options.perRow ?? 3;
  const rowsB = options.rowsB ?? n;
  const shiftK = options.shiftK ?? 0.1;
  const sparseRows = (rows: number, count: number): Map<number, number>[] => {
    const out: Map<number, number>[] = [];
    for (let r = 0; r < rows; r++) {
      const row = new Map<number, number>();
      row.set(r % n, 1 + rnd());
      for (let t = 0; t < count; t++) row.set(Math.floor(rnd() * n), 2 * rnd() - 1);
      out.push(row);
    }
    return out;
  };
  const gram = (rows: Map<number, number>[], diag: number): CscMatrix => assemble(n, (sink) => {
    for (const row of rows) {
      for (const [i, vi] of row) for (const [j, vj] of row) sink(i, j, vi * vj);
    }
    if (diag !== 0) for (let i = 0; i < n; i++) sink(i, i, diag);
  });
  return { stiffness: gram(sparseRows(rowsB, perRow), shiftK), mass: gram(sparseRows(n, 1), 0.5) };
}

/** Dense generalized symmetric eigenvalues (ascending) of K φ = λ M φ: eig(L⁻¹KL⁻ᵀ) with M = LLᵀ. */
export function denseGeneralizedEigenvalues(stiffness: CscMatrix, mass: CscMatrix): number[] {
  const n = stiffness.n;
  const toMatrix = (a: CscMatrix): Matrix => {
    const d = cscToDense(a);
    const mat = new Matrix(n, n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) mat.set(i, j, 0.5 * (d[i * n + j] + d[j * n + i]));
    return mat;
  };
  const chol = new CholeskyDecomposition(toMatrix(mass));
  if (!chol.isPositiveDefinite()) throw new Error('denseGeneralizedEigenvalues: M is not positive definite');
  const l = chol.lowerTriangularMatrix;
  const k = toMatrix(stiffness);
  // Y = L⁻¹K (forward substitution on the columns of K), then A = L⁻¹Yᵀ = L⁻¹KL⁻ᵀ.
  const forward = (b: Matrix): Matrix => {
    const x = new Matrix(n, b.columns);
    for (let c = 0; c < b.columns; c++) {
      for (let i = 0; i < n; i++) {
        let s = b.get(i, c);
        for (let t = 0; t < i; t++) s -= l.get(i, t) * x.get(t, c);
        x.set(i, c, s / l.get(i, i));
      }
    }
    return x;
  };
  const a = forward(forward(k).transpose());
  const sym = a.add(a.transpose()).mul(0.5);
  const evd = new EigenvalueDecomposition(sym, { assumeSymmetric: true });
  return [...evd.realEigenvalues].sort((p, q) => p - q);
}
