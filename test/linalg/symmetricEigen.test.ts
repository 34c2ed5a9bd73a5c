import { describe, expect, it } from 'vitest';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { symmetricEigen } from '../../src/linalg/symmetricEigen.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { mulberry32 } from './matrices.ts';

/** A random symmetric n × n matrix (row-major), entries (B + Bᵀ)/2 with B uniform in [−1, 1). */
function randomSymmetric(n: number, rnd: () => number): Float64Array {
  const b = new Float64Array(n * n);
  for (let k = 0; k < n * n; k++) b[k] = 2 * rnd() - 1;
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = 0.5 * (b[i * n + j] + b[j * n + i]);
  return a;
}

/** Expects symmetricEigen(a) to equal ml-matrix's symmetric EigenvalueDecomposition bit for bit (−0 included). */
function expectSameAsMlMatrix(a: Float64Array, n: number): void {
  const ours = symmetricEigen(a, n);
  const rows = Array.from({ length: n }, (_, i) => Array.from(a.subarray(i * n, (i + 1) * n)));
  const oracle = new EigenvalueDecomposition(new Matrix(rows), { assumeSymmetric: true });
  expect(Array.from(ours.values)).toEqual(oracle.realEigenvalues);
  const vectors = oracle.eigenvectorMatrix;
  for (let k = 0; k < n; k++) {
    expect(Array.from(ours.vectors.subarray(k * n, (k + 1) * n))).toEqual(vectors.getColumn(k));
  }
}

/** max |A v_k − λ_k v_k| and max |V Vᵀ − I| of a decomposition. */
function residuals(a: Float64Array, n: number, values: Float64Array, vectors: Float64Array): { eigen: number; orthogonality: number } {
  let eigen = 0, orthogonality = 0;
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += a[i * n + j] * vectors[k * n + j];
      eigen = Math.max(eigen, Math.abs(s - values[k] * vectors[k * n + i]));
    }
    for (let l = 0; l < n; l++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += vectors[k * n + j] * vectors[l * n + j];
      orthogonality = Math.max(orthogonality, Math.abs(s - (k === l ? 1 : 0)));
    }
  }
  return { eigen, orthogonality };
}

describe('symmetricEigen', () => {
  it('equals ml-matrix bit for bit on random symmetric matrices', () => {
    const rnd = mulberry32(17);
    for (const n of [1, 2, 3, 5, 8, 17, 40]) expectSameAsMlMatrix(randomSymmetric(n, rnd), n);
  });

  it('equals ml-matrix bit for bit with zero rows (no reflection), repeated eigenvalues and a diagonal matrix', () => {
    const rnd = mulberry32(3);
    const n = 9;
    const a = randomSymmetric(n, rnd);
    for (const zero of [0, 4, 8]) for (let j = 0; j < n; j++) { a[zero * n + j] = 0; a[j * n + zero] = 0; }
    expectSameAsMlMatrix(a, n);
    const identity = new Float64Array(16);
    for (let i = 0; i < 4; i++) identity[i * 4 + i] = 1;
    expectSameAsMlMatrix(identity, 4);
    expectSameAsMlMatrix(Float64Array.from([3, 0, 0, 0, -1, 0, 0, 0, 2]), 3);
    expectSameAsMlMatrix(new Float64Array(9), 3);
  });

  it('gives the analytic eigenpairs of the second-difference matrix tridiag(−1, 2, −1)', () => {
    // λ_k = 2 − 2cos(kπ/(n + 1)), v_k(i) = √(2/(n + 1))·sin(ikπ/(n + 1)), k, i = 1 … n
    const n = 12;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      a[i * n + i] = 2;
      if (i > 0) a[i * n + i - 1] = a[(i - 1) * n + i] = -1;
    }
    const { values, vectors } = symmetricEigen(a, n);
    for (let k = 1; k <= n; k++) {
      // backward stable: errors of a few ε·‖A‖ (‖A‖ ≤ 4); 1e-14 leaves a factor 10 on the 1e-15 observed
      expect(Math.abs(values[k - 1] - (2 - 2 * Math.cos((k * Math.PI) / (n + 1))))).toBeLessThan(1e-14);
      // the eigenvalues are simple with gaps ≥ 0.05, so the vectors are determined up to sign to about ε‖A‖/gap
      const row = vectors.subarray((k - 1) * n, k * n);
      const sign = Math.sign(row[0]);
      for (let i = 1; i <= n; i++) {
        expect(Math.abs(sign * row[i - 1] - Math.sqrt(2 / (n + 1)) * Math.sin((i * k * Math.PI) / (n + 1)))).toBeLessThan(1e-13);
      }
    }
  });

  it('satisfies A v = λ v with orthonormal vectors to round-off on a matrix with widely spread eigenvalues', () => {
    const rnd = mulberry32(5);
    const n = 30;
    // Q diag(10^(−6 … 6)) Qᵀ with Q from a random symmetric matrix's eigenvectors
    const { vectors: q } = symmetricEigen(randomSymmetric(n, rnd), n);
    const a = new Float64Array(n * n);
    for (let k = 0; k < n; k++) {
      const lambda = 10 ** (-6 + (12 * k) / (n - 1));
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] += lambda * q[k * n + i] * q[k * n + j];
    }
    for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) a[i * n + j] = a[j * n + i];
    const { values, vectors } = symmetricEigen(a, n);
    const { eigen, orthogonality } = residuals(a, n, values, vectors);
    // residuals ≈ n·ε·‖A‖ = 30·2.2e-16·1e6 ≈ 7e-9 at most; observed ≈ 1e-9
    expect(eigen).toBeLessThan(1e-8);
    // orthogonality of a backward-stable decomposition: a few n·ε
    expect(orthogonality).toBeLessThan(1e-13);
    for (let k = 1; k < n; k++) expect(values[k]).toBeGreaterThanOrEqual(values[k - 1]);
  });

  it('returns empty arrays for n = 0 and does not change its input', () => {
    expect(symmetricEigen(new Float64Array(0), 0).values.length).toBe(0);
    const a = Float64Array.from([2, 1, 1, 2]);
    const { values } = symmetricEigen(a, 2);
    expect(Array.from(a)).toEqual([2, 1, 1, 2]);
    // eigenvalues 1 and 3 to round-off (a few ε)
    expect(Math.abs(values[0] - 1)).toBeLessThan(1e-15);
    expect(Math.abs(values[1] - 3)).toBeLessThan(1e-15);
  });

  it('with firstEntry computes the eigenvalues and the eigenvector entries firstEntry … n − 1 bit for bit, the others 0', () => {
    const rnd = mulberry32(29);
    for (const n of [1, 4, 12, 33]) {
      const a = randomSymmetric(n, rnd);
      const full = symmetricEigen(a, n);
      for (const first of [0, 1, n >> 1, n - 1, n]) {
        const partial = symmetricEigen(a, n, first);
        expect(Array.from(partial.values)).toEqual(Array.from(full.values));
        for (let k = 0; k < n; k++) {
          for (let j = 0; j < n; j++) expect(Object.is(partial.vectors[k * n + j], j < first ? 0 : full.vectors[k * n + j])).toBe(true);
        }
      }
    }
  });

  it('rejects a wrong size and non-finite entries, naming the parameter', () => {
    expect(() => symmetricEigen(new Float64Array(3), 2)).toThrow(FlexdynError);
    expect(() => symmetricEigen(new Float64Array(4), 2.5)).toThrow(/n × n/);
    expect(() => symmetricEigen(Float64Array.from([1, NaN, NaN, 1]), 2)).toThrow(/finite, got NaN/);
    expect(() => symmetricEigen(Float64Array.from([1, 0, 0, 1]), 2, 3)).toThrow(/firstEntry must be an integer in \[0, 2\], got 3/);
  });
});
