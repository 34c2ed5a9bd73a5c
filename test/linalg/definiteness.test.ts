import { describe, it, expect } from 'vitest';
import { largestAsymmetry, negativeEigenvalue } from '../../src/linalg/definiteness.ts';
import { matrixEntries, transposedEntries } from '../../src/linalg/matrixEntries.ts';
import { symmetricEigen } from '../../src/linalg/symmetricEigen.ts';
import { mulberry32 } from '../helpers/random.ts';

/** The entries of a row-major n × n matrix and of its transpose. */
function entriesOf(a: Float64Array, n: number) {
  const rows = Array.from({ length: n }, (_, i) => a.subarray(i * n, i * n + n));
  const entries = matrixEntries(rows);
  if (entries === undefined) throw new Error('empty matrix');
  return { a: entries, at: transposedEntries(entries, n) };
}

/** negativeEigenvalue of a row-major n × n matrix, through its entries. */
function denseNegativeEigenvalue(a: Float64Array, n: number, tolerance: number): number | undefined {
  const { a: entries, at } = entriesOf(a, n);
  return negativeEigenvalue(entries, at, n, tolerance);
}

/** The full Cholesky test of A + tolerance·I (every row from column 0): true when it finds a factor. */
function fullCholeskyDefinite(a: Float64Array, n: number, tolerance: number): boolean {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) l[i * n + j] = 0.5 * (a[i * n + j] + a[j * n + i]) + (i === j ? tolerance : 0);
  for (let j = 0; j < n; j++) {
    let d = l[j * n + j];
    for (let k = 0; k < j; k++) d -= l[j * n + k] * l[j * n + k];
    if (!(d > 0)) return false;
    const pivot = Math.sqrt(d);
    l[j * n + j] = pivot;
    for (let i = j + 1; i < n; i++) {
      let s = l[i * n + j];
      for (let k = 0; k < j; k++) s -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = s / pivot;
    }
  }
  return true;
}

/**
 * B·Bᵀ of a random lower-triangular B whose rows start at random columns (an envelope with zeros left of it), shifted by
 * −μ·I: symmetric, with rows of leading zeros as a lumped or banded mass matrix has them.
 */
function envelopeMatrix(n: number, random: () => number, shift: (lambdaMin: number) => number): Float64Array {
  const b = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const first = random() < 0.3 ? i : Math.floor(random() * (i + 1));
    for (let k = first; k <= i; k++) b[i * n + k] = random() < 0.7 ? random() - 0.5 : 0;
    b[i * n + i] = 0.5 + random();
  }
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += b[i * n + k] * b[j * n + k];
    a[i * n + j] = s;
  }
  const lambdaMin = symmetricEigen(Float64Array.from(a), n).values[0];
  const mu = shift(lambdaMin);
  for (let i = 0; i < n; i++) a[i * n + i] -= mu;
  return a;
}

describe('negativeEigenvalue (the Cholesky test within the rows\' envelope)', () => {
  it('decides as the full Cholesky test on matrices just inside and just outside semi-definiteness', () => {
    const random = mulberry32(22);
    let definite = 0, indefinite = 0;
    for (let trial = 0; trial < 60; trial++) {
      const n = 2 + Math.floor(random() * 30);
      const inside = trial % 2 === 0;
      const a = envelopeMatrix(n, random, (lambdaMin) => lambdaMin * (inside ? 1 - 1e-6 : 1 + 1e-3));
      const tolerance = 1e-12;
      const lambda = denseNegativeEigenvalue(a, n, tolerance);
      const full = fullCholeskyDefinite(a, n, tolerance);
      if (full) expect(lambda).toBeUndefined();
      else {
        const symmetric = Float64Array.from(a);
        const smallest = symmetricEigen(symmetric, n).values[0];
        expect(lambda).toBe(smallest < -tolerance ? smallest : undefined);
      }
      if (full) definite++; else indefinite++;
    }
    expect(definite).toBeGreaterThan(10);
    expect(indefinite).toBeGreaterThan(10);
  });

  it('accepts a lumped (diagonal) mass matrix with zero entries and reports a negative diagonal entry', () => {
    const n = 50;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) a[i * n + i] = i % 7 === 0 ? 0 : 1 + i;
    expect(denseNegativeEigenvalue(a, n, 1e-10 * n)).toBeUndefined();
    a[17 * n + 17] = -2;
    expect(denseNegativeEigenvalue(a, n, 1e-10 * n)).toBe(-2);
  });

  it('largestAsymmetry finds the largest |a_ij − a_ji| where a scan of the dense upper triangle does (first of equal ones)', () => {
    const random = mulberry32(2626);
    for (let trial = 0; trial < 40; trial++) {
      const n = 1 + Math.floor(random() * 15);
      const a = new Float64Array(n * n);
      // sparse, values from a small set so that equal asymmetries occur
      for (let k = 0; k < n * n; k++) if (random() < 0.3) a[k] = Math.floor(random() * 5) - 2;
      let value = 0, row = 0, column = 0;
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
        const d = Math.abs(a[i * n + j] - a[j * n + i]);
        if (d > value) { value = d; row = i; column = j; }
      }
      const { a: entries, at } = entriesOf(a, n);
      expect(largestAsymmetry(entries, at, n)).toEqual({ value, row, column });
    }
  });
});
