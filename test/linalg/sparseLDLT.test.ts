import { describe, it, expect } from 'vitest';
import { EigenvalueDecomposition, Matrix, solve as mlSolve } from 'ml-matrix';
import { SparseLDLT, LDLTPatternError, type LDLTOrdering } from '../../src/linalg/sparseLDLT.ts';
import { nestedDissectionOrder } from '../../src/linalg/nestedDissection.ts';
import { symmetricGraph } from '../../src/linalg/ordering.ts';
import { cscMultiply, type CscMatrix } from '../../src/linalg/sparse.ts';
import { cscLinearCombination } from '../../src/fem/eigenSparse.ts';
import { readAbaqusMatrixFile } from '../../src/fem/abaqus.ts';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { createBlockMesh } from '../../src/fem/meshers.ts';
import { assemble, cscToDense, mulberry32, randomVector, toRows } from './matrices.ts';
import { denseGeneralizedEigenvalues } from '../fem/eigenMatrices.ts';
import { writeOwnRotor } from '../fem/abaqusFixtures.ts';

/**
 * Tolerances. The solutions are compared with ml-matrix's dense LU solve relatively,
 * ‖x − x_dense‖∞/‖x_dense‖∞ ≤ 1e-11: both are backward stable (LDLᵀ without pivoting is,
 * for SPD matrices, and for the indefinite test matrices whose diagonal dominates, with
 * growth ≤ 2), so the difference is at most a few ε·cond(A)·n; the random matrices are
 * diagonally dominant with cond(A) ≤ 1e2, giving ≤ 1e-13. A wrong fill entry, supernode
 * update or permutation gives differences of order 1. FE matrices (cond up to 1e9) are
 * judged by the backward error ‖Ax − b‖/(‖A‖‖x‖) ≤ 1e-14 (measured ≤ 1e-16).
 */
const SOLUTION_TOL = 1e-11;
const BACKWARD_TOL = 1e-14;

/** Random sparse symmetric matrix: `perRow` random off-diagonal pairs per row in [-1, 1), diagonal ±(row sum + margin) with the sign pattern `sign`. */
function randomSymmetric(n: number, perRow: number, seed: number, sign: (i: number) => number): CscMatrix {
  const rnd = mulberry32(seed);
  const entries: [number, number, number][] = [];
  const rowSum = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < perRow; t++) {
      const j = Math.floor(rnd() * n);
      if (j === i) continue;
      const v = 2 * rnd() - 1;
      entries.push([i, j, v], [j, i, v]);
      rowSum[i] += Math.abs(v);
      rowSum[j] += Math.abs(v);
    }
  }
  return assemble(n, (sink) => {
    for (const [r, c, v] of entries) sink(r, c, v);
    for (let i = 0; i < n; i++) sink(i, i, sign(i) * (1.5 * rowSum[i] + 1));
  });
}

/** Upper triangle (row ≤ column) of a CSC matrix. */
function upperPart(a: CscMatrix): CscMatrix {
  const colPtr = new Int32Array(a.n + 1);
  const rows: number[] = [];
  const vals: number[] = [];
  for (let j = 0; j < a.n; j++) {
    for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) {
      if (a.rowIndex[k] <= j) {
        rows.push(a.rowIndex[k]);
        vals.push(a.values[k]);
      }
    }
    colPtr[j + 1] = rows.length;
  }
  return { n: a.n, colPtr, rowIndex: Int32Array.from(rows), values: Float64Array.from(vals) };
}

function denseSolve(a: CscMatrix, b: Float64Array): Float64Array {
  const x = mlSolve(new Matrix(toRows(cscToDense(a), a.n)), Matrix.columnVector(Array.from(b)));
  return Float64Array.from(x.getColumn(0));
}

function relativeDifference(x: Float64Array, y: Float64Array): number {
  let d = 0;
  let s = 0;
  for (let i = 0; i < x.length; i++) {
    d = Math.max(d, Math.abs(x[i] - y[i]));
    s = Math.max(s, Math.abs(y[i]));
  }
  return d / s;
}

/** ‖Ax − b‖∞ / (‖A‖∞·‖x‖∞). */
function backwardError(a: CscMatrix, x: Float64Array, b: Float64Array): number {
  const y = new Float64Array(a.n);
  cscMultiply(a, x, y);
  const rowSum = new Float64Array(a.n);
  for (let j = 0; j < a.n; j++) for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) rowSum[a.rowIndex[k]] += Math.abs(a.values[k]);
  let r = 0;
  let xm = 0;
  for (let i = 0; i < a.n; i++) {
    r = Math.max(r, Math.abs(y[i] - b[i]));
    xm = Math.max(xm, Math.abs(x[i]));
  }
  return r / (Math.max(...rowSum) * xm);
}

function negativeEigenvalues(a: CscMatrix): number {
  const evd = new EigenvalueDecomposition(new Matrix(toRows(cscToDense(a), a.n)), { assumeSymmetric: true });
  return evd.realEigenvalues.filter((v) => v < 0).length;
}

/** Structural nonzeros of L (with diagonal) by dense boolean elimination of P·A·Pᵀ: the reference for the column counts. */
function referenceFill(a: CscMatrix, perm: Int32Array): number {
  const n = a.n;
  const pinv = new Int32Array(n);
  for (let k = 0; k < n; k++) pinv[perm[k]] = k;
  const s = new Uint8Array(n * n);
  for (let j = 0; j < n; j++) for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) {
    const r = pinv[a.rowIndex[k]];
    const c = pinv[j];
    s[r * n + c] = 1;
    s[c * n + r] = 1;
  }
  let nnz = 0;
  for (let k = 0; k < n; k++) {
    const below: number[] = [];
    for (let i = k + 1; i < n; i++) if (s[i * n + k]) below.push(i);
    nnz += 1 + below.length;
    for (const i of below) for (const j of below) s[i * n + j] = 1;
  }
  return nnz;
}

function hexBlock(divisions: [number, number, number]): { stiffness: CscMatrix; mass: CscMatrix } {
  const fem = new FEMinterface();
  fem.importMesh(createBlockMesh({ size: [0.6, 0.2, 0.15], divisions }));
  fem.computeMassAndStiffness({ youngsModulus: 2.1e11, poissonsRatio: 0.3, density: 7850 });
  return { stiffness: fem.getStiffnessMatrix(), mass: fem.getMassMatrix() };
}

const ORDERINGS: LDLTOrdering[] = ['auto', 'amd', 'nd', 'rcm', 'natural'];

// Generous timeouts: the dense oracles are slow on a loaded machine (measured 0.04–1 s per test unloaded).
describe('SparseLDLT against ml-matrix (dense)', { timeout: 60_000 }, () => {
  for (const [n, seed] of [[40, 1], [150, 2], [400, 3]] as const) {
    it(`random sparse SPD n = ${n}: all orderings solve to 1e-11, no negative pivot, column counts exact`, () => {
      const a = randomSymmetric(n, 3, seed, () => 1);
      const b = randomVector(n, mulberry32(seed + 10));
      const reference = denseSolve(a, b);
      for (const ordering of ORDERINGS) {
        for (const relaxedSupernodes of [true, false]) {
          const f = new SparseLDLT({ ordering, relaxedSupernodes });
          expect(f.analyze(a)).toBe(true);
          expect(f.negativePivots).toBe(0);
          const x = new Float64Array(n);
          f.solve(b, x);
          expect(relativeDifference(x, reference)).toBeLessThan(SOLUTION_TOL);
          if (n <= 150) expect(f.nnzL).toBe(referenceFill(a, f.permutation));
          expect(f.storedL).toBeGreaterThanOrEqual(f.nnzL);
        }
      }
    });
  }

  it('random indefinite (diagonal signs alternate in blocks): inertia = negative eigenvalues of ml-matrix, solution to 1e-11', () => {
    for (const [n, seed] of [[60, 4], [200, 5]] as const) {
      const a = randomSymmetric(n, 3, seed, (i) => ((i >> 2) % 3 === 1 ? -1 : 1));
      const f = new SparseLDLT();
      expect(f.analyze(a)).toBe(true);
      const negatives = negativeEigenvalues(a);
      expect(negatives).toBeGreaterThan(n / 5);
      expect(f.negativePivots).toBe(negatives);
      const b = randomVector(n, mulberry32(seed));
      const x = new Float64Array(n);
      f.solve(b, x);
      expect(relativeDifference(x, denseSolve(a, b))).toBeLessThan(SOLUTION_TOL);
    }
  });

  it('reads only the upper triangle; x may alias b', () => {
    const a = randomSymmetric(80, 3, 6, () => 1);
    const b = randomVector(80, mulberry32(7));
    const full = new SparseLDLT();
    const upper = new SparseLDLT();
    full.analyze(a);
    upper.analyze(upperPart(a));
    const x = new Float64Array(80);
    full.solve(b, x);
    const y = b.slice();
    upper.solve(y, y);
    expect(relativeDifference(y, x)).toBeLessThan(1e-14);
  });

  it('solveMultiple: three right-hand sides at once equal three single solves bit for bit', () => {
    const a = randomSymmetric(150, 3, 11, (i) => (i % 7 === 3 ? -1 : 1));
    const f = new SparseLDLT();
    expect(f.analyze(a)).toBe(true);
    const b = randomVector(3 * 150, mulberry32(12));
    const x = b.slice();
    f.solveMultiple(x, x, 3);
    for (let r = 0; r < 3; r++) {
      const single = new Float64Array(150);
      f.solve(b.subarray(r * 150, (r + 1) * 150), single);
      expect(Array.from(x.subarray(r * 150, (r + 1) * 150))).toEqual(Array.from(single));
      expect(relativeDifference(single, denseSolve(a, b.slice(r * 150, (r + 1) * 150)))).toBeLessThan(SOLUTION_TOL);
    }
  });

  it('refactorize: new values with the same pattern, a changed pattern throws LDLTPatternError', () => {
    const a = randomSymmetric(120, 3, 8, () => 1);
    const f = new SparseLDLT();
    f.analyze(a);
    // new values, still symmetric: each entry scaled by a factor symmetric in (row, col)
    const a2: CscMatrix = { ...a, values: new Float64Array(a.values.length) };
    for (let j = 0; j < a.n; j++) for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) a2.values[k] = a.values[k] * (1 + 0.3 * Math.sin(a.rowIndex[k] + j));
    expect(f.refactorize(a2)).toBe(true);
    const b = randomVector(120, mulberry32(9));
    const x = new Float64Array(120);
    f.solve(b, x);
    expect(relativeDifference(x, denseSolve(a2, b))).toBeLessThan(SOLUTION_TOL);
    const other = randomSymmetric(120, 3, 10, () => 1);
    expect(() => f.refactorize(other)).toThrow(LDLTPatternError);
  });

  it('zero pivot: a singular (free-body) stiffness and [[0, 1], [1, 0]] are reported, solve refuses', () => {
    const { stiffness } = hexBlock([3, 2, 2]);
    const f = new SparseLDLT();
    const outcome = f.analyze(stiffness);
    expect(outcome).not.toBe(true);
    if (outcome === true) return;
    expect(outcome.singularColumn).toBe(f.permutation[outcome.step]);
    expect(Math.abs(outcome.pivot)).toBeLessThanOrEqual(1e-13 * outcome.columnScale);
    expect(() => f.solve(new Float64Array(stiffness.n), new Float64Array(stiffness.n))).toThrow('no valid factorization');
    const swap = assemble(2, (sink) => {
      sink(0, 1, 1);
      sink(1, 0, 1);
    });
    const g = new SparseLDLT();
    const r = g.analyze(swap);
    expect(r === true ? -1 : r.pivot).toBe(0);
  });

  it("'auto': AMD alone below AUTO_NESTED_DISSECTION_WORK, the cheaper of AMD and nested dissection above it", () => {
    const orderOf = (a: CscMatrix, ordering: LDLTOrdering): number[] => {
      const f = new SparseLDLT({ ordering });
      expect(f.analyze(a)).toBe(true);
      return Array.from(f.permutation);
    };
    // 351 unknowns (AMD work ≈ 6e5, a rotor-sized pencil): nested dissection is not computed
    const small = hexBlock([12, 2, 2]);
    const a = cscLinearCombination(1, small.stiffness, 1e3, small.mass);
    expect(orderOf(a, 'auto')).toEqual(orderOf(a, 'amd'));
    // 4 557 unknowns of an elongated block: nested dissection's order has the smaller factor (nnzL 0.92e6 against AMD's 1.21e6)
    const large = hexBlock([30, 6, 6]);
    const b = cscLinearCombination(1, large.stiffness, 1e3, large.mass);
    const nd = orderOf(b, 'nd');
    expect(nd).not.toEqual(orderOf(b, 'amd'));
    expect(orderOf(b, 'auto')).toEqual(nd);
  });

  it('nested dissection returns a permutation; its supervariable graph keeps FE nodes together', () => {
    const { stiffness, mass } = hexBlock([6, 3, 3]);
    const perm = nestedDissectionOrder(symmetricGraph(stiffness));
    expect(Array.from(perm).sort((p, q) => p - q)).toEqual(Array.from({ length: stiffness.n }, (_, i) => i));
    const f = new SparseLDLT({ ordering: 'nd' });
    expect(f.analyze(cscLinearCombination(1, stiffness, 1e3, mass))).toBe(true);
    // supervariables: the three coordinates of a node are eliminated consecutively, x before y before z
    for (let k = 0; k < stiffness.n; k += 3) {
      expect(f.permutation[k] % 3).toBe(0);
      expect(f.permutation[k + 1]).toBe(f.permutation[k] + 1);
      expect(f.permutation[k + 2]).toBe(f.permutation[k] + 2);
    }
  });
});

describe('SparseLDLT on finite element matrices: inertia of K − σM = eigenvalues below σ (Sturm count)', { timeout: 60_000 }, () => {
  it('Hex8 block 5×3×2: for σ between dense eigenvalues, negative pivots = eigenvalues below σ; backward error ≤ 1e-14', () => {
    const { stiffness, mass } = hexBlock([5, 3, 2]);
    const dense = denseGeneralizedEigenvalues(stiffness, mass);
    const f = new SparseLDLT();
    for (const count of [0, 6, 7, 12, 30, 100]) {
      const sigma = count === 0 ? -1e3 : 0.5 * (dense[count - 1] + dense[count]);
      const a = cscLinearCombination(1, stiffness, -sigma, mass);
      const outcome = count === 0 ? f.analyze(a) : f.refactorize(a);
      expect(outcome).toBe(true);
      expect(f.negativePivots).toBe(count);
      const b = randomVector(a.n, mulberry32(count + 1));
      const x = new Float64Array(a.n);
      f.solve(b, x);
      expect(backwardError(a, x, b)).toBeLessThan(BACKWARD_TOL);
    }
  });

  it('own rotor (a steel cylinder written and read back as Abaqus matrices): Sturm counts between the dense eigenvalues, backward error ≤ 1e-14', () => {
    const files = writeOwnRotor();
    const mass = readAbaqusMatrixFile(files.mass).matrix;
    const stiffness = readAbaqusMatrixFile(files.stiffness).matrix;
    const dense = denseGeneralizedEigenvalues(stiffness, mass);
    // σ midway in a clear gap (the cylinder's bending modes come in equal pairs): above the 6 rigid-body modes, and the first gap above 16
    const gapAbove = (from: number) => { let c = from; while (dense[c] - dense[c - 1] < 1e-3 * dense[c]) c++; return c; };
    for (const count of [6, gapAbove(16)]) {
      const sigma = 0.5 * (dense[count - 1] + dense[count]);
      const a = cscLinearCombination(1, stiffness, -sigma, mass);
      const f = new SparseLDLT();
      expect(f.analyze(a)).toBe(true);
      expect(f.negativePivots).toBe(count);
      const b = randomVector(a.n, mulberry32(count));
      const x = new Float64Array(a.n);
      f.solve(b, x);
      expect(backwardError(a, x, b)).toBeLessThan(BACKWARD_TOL);
    }
    // one factorization object through definite and indefinite values of the same pattern: the inertia of each
    const g = new SparseLDLT();
    expect(g.analyze(cscLinearCombination(1, stiffness, 0.5 * dense[6], mass))).toBe(true);
    expect(g.negativePivots).toBe(0);
    for (const count of [gapAbove(16), 6, 0]) {
      const sigma = count === 0 ? -0.5 * dense[6] : 0.5 * (dense[count - 1] + dense[count]);
      expect(g.refactorize(cscLinearCombination(1, stiffness, -sigma, mass))).toBe(true);
      expect(g.negativePivots).toBe(count);
    }
  });
});
