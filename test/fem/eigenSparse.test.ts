import { describe, it, expect } from 'vitest';
import { solveSparseEigen, cscLinearCombination, cscTrace, type SparseEigenResult } from '../../src/fem/eigenSparse.ts';
import { readAbaqusMatrixFile } from '../../src/fem/abaqus.ts';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { createBlockMesh } from '../../src/fem/meshers.ts';
import { SparseLU } from '../../src/linalg/sparseLU.ts';
import { cscMultiply, type CscMatrix } from '../../src/linalg/sparse.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { cscToDense } from '../linalg/matrices.ts';
import { denseGeneralizedEigenvalues, randomSpdPencil, trussLattice } from './eigenMatrices.ts';
import { writeOwnRotor } from './abaqusFixtures.ts';

/**
 * Tolerances. Sparse and dense eigenvalues are compared relatively to 1e-10 (the issue's
 * figure): the sparse ones are Rayleigh quotients of vectors with relative residual ≤ 1e-10
 * (error ∝ residual²), the dense Cholesky-reduced ones are backward stable, so both carry
 * rounding errors of about ε·λ_max/λ (≤ 1e-12 for these pencils). Zero (rigid-body)
 * eigenvalues have no relative accuracy: |λ| ≤ 1e-12·λ_max, the rounding level of K itself.
 */
const REL = 1e-10;

/** Largest |φ_iᵀ M φ_j − δ_ij| of the computed modes. */
function mOrthonormalityError(result: SparseEigenResult, mass: CscMatrix): number {
  const n = mass.n;
  const mx = new Float64Array(n);
  let err = 0;
  result.modes.forEach((phi, i) => {
    cscMultiply(mass, phi, mx);
    result.modes.forEach((psi, j) => {
      let s = 0;
      for (let k = 0; k < n; k++) s += psi[k] * mx[k];
      err = Math.max(err, Math.abs(s - (i === j ? 1 : 0)));
    });
  });
  return err;
}

/** Compares the sparse eigenvalues with the dense ones: relative for |λ| > zeroLevel·λ_max, absolute (≤ 1e-12·λ_max) below. */
function compareWithDense(result: SparseEigenResult, dense: number[], zeroCount: number): { maxRelative: number; maxZero: number } {
  const lambdaMax = dense[dense.length - 1];
  let maxRelative = 0;
  let maxZero = 0;
  result.values.forEach((v, i) => {
    if (i < zeroCount) maxZero = Math.max(maxZero, Math.abs(v) / lambdaMax, Math.abs(dense[i]) / lambdaMax);
    else maxRelative = Math.max(maxRelative, Math.abs(v - dense[i]) / dense[i]);
  });
  return { maxRelative, maxZero };
}

/** Our own rotor's matrices (test/fem/abaqusFixtures.ts), read back from the Abaqus matrix files written for the test. */
function ownRotorMatrices(): { stiffness: CscMatrix; mass: CscMatrix } {
  const files = writeOwnRotor();
  return { stiffness: readAbaqusMatrixFile(files.stiffness).matrix, mass: readAbaqusMatrixFile(files.mass).matrix };
}

describe('solveSparseEigen against the dense Cholesky-reduced solve (ml-matrix)', () => {
  for (const [n, seed] of [[60, 1], [90, 2], [120, 3]] as const) {
    it(`random sparse SPD pencil n = ${n}: 8 lowest eigenvalues to 1e-10, M-orthonormal modes, residuals ≤ tol`, () => {
      const { stiffness, mass } = randomSpdPencil(n, seed);
      const result = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 8 });
      const dense = denseGeneralizedEigenvalues(stiffness, mass);
      expect(compareWithDense(result, dense, 0).maxRelative).toBeLessThan(REL);
      // the modes are M-normalized explicitly and M-orthogonal to the Gram–Schmidt level
      expect(mOrthonormalityError(result, mass)).toBeLessThan(1e-12);
      for (const r of result.residuals) expect(r).toBeLessThanOrEqual(1e-10);
      for (let i = 1; i < 8; i++) expect(result.values[i]).toBeGreaterThanOrEqual(result.values[i - 1]);
    });
  }

  it('singular random pencil with a 10-dimensional null space (more than the block size 3)', () => {
    const { stiffness, mass } = randomSpdPencil(80, 5, { rowsB: 70, shiftK: 0 });
    const result = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 14 });
    const dense = denseGeneralizedEigenvalues(stiffness, mass);
    const cmp = compareWithDense(result, dense, 10);
    expect(cmp.maxZero).toBeLessThan(1e-12);
    expect(cmp.maxRelative).toBeLessThan(REL);
    expect(result.values[10]).toBeGreaterThan(1e-3); // the first nonzero one (0.0495), not an 11th null vector
  });

  it('regular free truss lattice 5×5×5 (cubic symmetry: double and triple eigenvalues, six rigid-body modes): 28 lowest', () => {
    const { stiffness, mass } = trussLattice(5, 5, 5);
    const dense = denseGeneralizedEigenvalues(stiffness, mass);
    // block size ≥ the multiplicity 3 (with blockSize 2 the third copy of λ_25 = λ_26 = λ_27 is
    // missed when the wanted range ends inside the cluster: the documented limitation)
    for (const blockSize of [3, 4, 6]) {
      const result = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 28, blockSize });
      const cmp = compareWithDense(result, dense, 6);
      expect(cmp.maxZero).toBeLessThan(1e-12);
      expect(cmp.maxRelative).toBeLessThan(REL);
      expect(mOrthonormalityError(result, mass)).toBeLessThan(1e-12);
    }
    // block size 1 below the multiplicity 3: for 28 wanted, copies of the triple eigenvalues are
    // missed (3 wrong values for seeds 1–3); the Sturm check (inertia of K − τM, τ in the gap
    // after the computed λ_26) counts 28 eigenvalues below τ and reports the miss
    for (const seed of [1, 2, 3]) {
      const unchecked = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 28, blockSize: 1, seed, sturmCheck: false });
      expect(unchecked.values.some((v, i) => i >= 6 && Math.abs(v - dense[i]) > 1e-8 * dense[i])).toBe(true);
      expect(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 28, blockSize: 1, seed })).toThrow(/eigenvalues were missed: K − τM has 28 negative pivots/);
    }
    const checked = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 28, blockSize: 3 });
    expect(checked.sturm).toBeDefined();
    expect(checked.sturm!.count).toBe(checked.sturm!.found);
    expect(dense.filter((v) => v < checked.sturm!.shift).length).toBe(checked.sturm!.count);
    // the lattice really has double and triple eigenvalues (λ_6 = λ_7 = 583658.93, λ_8 = λ_9 = λ_10 = 806352.50)
    expect(Math.abs(dense[7] - dense[6]) / dense[6]).toBeLessThan(1e-12);
    expect(Math.abs(dense[10] - dense[8]) / dense[8]).toBeLessThan(1e-12);
    expect(dense[11] / dense[10]).toBeGreaterThan(1.1);
  }, 60_000);

  it('perturbed free truss lattice 7×5×4 (no symmetry): 20 lowest, also with block size 2 (all six rigid-body modes)', () => {
    const { stiffness, mass } = trussLattice(7, 5, 4, { perturbation: 0.2, seed: 3 });
    const dense = denseGeneralizedEigenvalues(stiffness, mass);
    for (const blockSize of [2, 3]) {
      const cmp = compareWithDense(solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 20, blockSize }), dense, 6);
      expect(cmp.maxZero).toBeLessThan(1e-12);
      expect(cmp.maxRelative).toBeLessThan(REL);
    }
  });

  it('free Hex8 block (consistent mass of the other engineer\'s elements): 16 lowest', () => {
    const fem = new FEMinterface();
    fem.importMesh(createBlockMesh({ size: [0.4, 0.15, 0.1], divisions: [5, 3, 2] }));
    fem.computeMassAndStiffness({ youngsModulus: 2.1e11, poissonsRatio: 0.3, density: 7850 });
    const stiffness = fem.getStiffnessMatrix();
    const mass = fem.getMassMatrix();
    const result = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 16 });
    const cmp = compareWithDense(result, denseGeneralizedEigenvalues(stiffness, mass), 6);
    expect(cmp.maxZero).toBeLessThan(1e-12);
    expect(cmp.maxRelative).toBeLessThan(REL);
    expect(mOrthonormalityError(result, mass)).toBeLessThan(1e-12);
  });

  it('own rotor (steel cylinder, Abaqus files written by the test): 18 lowest; bending modes in equal pairs', () => {
    const { stiffness, mass } = ownRotorMatrices();
    const result = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 18 });
    const dense = denseGeneralizedEigenvalues(stiffness, mass);
    const cmp = compareWithDense(result, dense, 6);
    expect(cmp.maxZero).toBeLessThan(1e-12);
    expect(cmp.maxRelative).toBeLessThan(REL);
    expect(mOrthonormalityError(result, mass)).toBeLessThan(1e-12);
    // the mesh is symmetric under a quarter turn about its axis, so the first bending modes (x and y) have equal λ
    expect(Math.abs(result.values[7] - result.values[6]) / result.values[6]).toBeLessThan(1e-9);
  });
});

describe('solveSparseEigen options and results', () => {
  it('returns an n × count column-major ndarray whose columns are the mode views, M-normalized with the largest entry positive', () => {
    const { stiffness, mass } = trussLattice(4, 3, 3, { perturbation: 0.1 });
    const result = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 9 });
    expect(result.vectors.shape).toEqual([stiffness.n, 9]);
    for (let q = 0; q < 9; q++) {
      expect(result.modes[q].buffer).toBe(result.vectors.data.buffer);
      expect(result.vectors.get(5, q)).toBe(result.modes[q][5]);
      let big = 0;
      for (const v of result.modes[q]) if (Math.abs(v) > Math.abs(big)) big = v;
      expect(big).toBeGreaterThan(0);
    }
    // the default shift: −1e-8·tr(K)/tr(M)
    expect(result.shift).toBeCloseTo(-1e-8 * cscTrace(stiffness) / cscTrace(mass), 20);
    expect(result.operatorApplications).toBeGreaterThan(0);
  });

  it('is reproducible for a seed; another seed or block size gives the same eigenvalues to the tolerance', () => {
    const { stiffness, mass } = trussLattice(5, 4, 3, { perturbation: 0.2 });
    const a = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 12 });
    const b = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 12 });
    const c = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 12, seed: 99, blockSize: 4 });
    expect(Array.from(b.values)).toEqual(Array.from(a.values));
    for (let i = 6; i < 12; i++) expect(Math.abs(c.values[i] - a.values[i]) / a.values[i]).toBeLessThan(1e-13);
  });

  it('uses a given factorization of K − σM (here σ = 0 for a clamped lattice) and applies it as counted', () => {
    const { stiffness, mass } = trussLattice(6, 3, 3, { perturbation: 0.1 });
    // clamp the nodes of the face x = 0 (the first nx-th nodes of every row): keep the others
    const keep: number[] = [];
    for (let a = 0; a < stiffness.n / 3; a++) if (a % 6 !== 0) keep.push(3 * a, 3 * a + 1, 3 * a + 2);
    const sub = (m: CscMatrix): CscMatrix => {
      const local = new Int32Array(m.n).fill(-1);
      keep.forEach((g, i) => { local[g] = i; });
      const d = cscToDense(m);
      const rows: number[] = [];
      const vals: number[] = [];
      const colPtr = new Int32Array(keep.length + 1);
      keep.forEach((gc, c) => {
        keep.forEach((gr, r) => {
          const v = d[gr * m.n + gc];
          if (v !== 0) { rows.push(r); vals.push(v); }
        });
        colPtr[c + 1] = rows.length;
      });
      return { n: keep.length, colPtr, rowIndex: Int32Array.from(rows), values: Float64Array.from(vals) };
    };
    const k = sub(stiffness);
    const m = sub(mass);
    const lu = new SparseLU();
    expect(lu.analyze(k)).toBe(true);
    let solves = 0;
    const result = solveSparseEigen(k, m, { numberOfEigenvalues: 6, shift: 0, factorization: { solve: (b, x) => { solves++; lu.solve(b, x); } } });
    expect(solves).toBe(result.operatorApplications);
    expect(result.shift).toBe(0);
    expect(compareWithDense(result, denseGeneralizedEigenvalues(k, m), 0).maxRelative).toBeLessThan(REL);
  });

  it('cscLinearCombination forms αA + βB on the union pattern', () => {
    const { stiffness, mass } = randomSpdPencil(30, 4);
    const c = cscLinearCombination(2, stiffness, -3, mass);
    const dk = cscToDense(stiffness);
    const dm = cscToDense(mass);
    const dc = cscToDense(c);
    let err = 0;
    for (let i = 0; i < dc.length; i++) err = Math.max(err, Math.abs(dc[i] - (2 * dk[i] - 3 * dm[i])));
    expect(err).toBeLessThan(1e-14);
  });

  it('rejects bad input and reports non-convergence', () => {
    const { stiffness, mass } = randomSpdPencil(60, 1);
    const expectError = (f: () => unknown, text: string) => {
      expect(f).toThrow(FlexdynError);
      expect(f).toThrow(text);
    };
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 0 }), 'numberOfEigenvalues must be an integer in [1, 60], got 0');
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 61 }), 'got 61');
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 4, blockSize: 0 }), 'blockSize must be a positive integer, got 0');
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 4, tolerance: 0 }), 'tolerance must be in (0, 1), got 0');
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 4, maxBasisSize: 8 }), 'maxBasisSize must be at least');
    expectError(() => solveSparseEigen(stiffness, randomSpdPencil(50, 1).mass, { numberOfEigenvalues: 4 }), 'massMatrix must be a consistent 60×60 CSC matrix');
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 4, factorization: { solve: () => undefined } }), 'shift must be given together with factorization');
    // a shift between λ_4 and λ_5: eigenvalues below the shift are detected
    const dense = denseGeneralizedEigenvalues(stiffness, mass);
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 4, shift: 0.5 * (dense[4] + dense[5]) }), 'shift must lie below the lowest eigenvalue');
    // exactly at an eigenvalue of a diagonal pencil: K − σM singular
    const diag = (v: number[]): CscMatrix => ({ n: v.length, colPtr: Int32Array.from(v.map((_, i) => i).concat(v.length)), rowIndex: Int32Array.from(v.map((_, i) => i)), values: Float64Array.from(v) });
    expectError(() => solveSparseEigen(diag([1, 2, 3, 4, 5, 6, 7, 8]), diag([1, 1, 1, 1, 1, 1, 1, 1]), { numberOfEigenvalues: 2, shift: 1 }), 'K − σM must be regular');
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 8, maxRestarts: 0 }), 'no convergence after 0 restarts');
    // a restart limit that could never be reached (restarts >= NaN is always false) and a non-finite entry
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 4, maxRestarts: Number.NaN }), 'maxRestarts must be a positive integer, got NaN');
    expectError(() => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 4, maxRestarts: Infinity }), 'maxRestarts must be a positive integer, got Infinity');
    const poisoned = { ...mass, values: Float64Array.from(mass.values) };
    poisoned.values[5] = Number.NaN;
    expectError(() => solveSparseEigen(stiffness, poisoned, { numberOfEigenvalues: 4 }), 'massMatrix must have finite entries, got NaN');
  });
});
