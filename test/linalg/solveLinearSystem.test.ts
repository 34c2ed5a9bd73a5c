import { describe, expect, it } from 'vitest';
import { Matrix, solve } from 'ml-matrix';
import { FlexdynError } from '../../src/core/errors.ts';
import { solveLinearSystem } from '../../src/index.ts';

/** A deterministic pseudo-random number in [−1, 1) (a linear congruential sequence). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 1073741824 - 1;
  };
}

describe('solveLinearSystem', () => {
  it('solves a small system with a row swap exactly', () => {
    // [[0, 2], [1, 1]] x = [4, 3]: the zero first pivot needs the swap; x = [1, 2]
    expect(solveLinearSystem([[0, 2], [1, 1]], [4, 3])).toEqual([1, 2]);
  });

  it('gives the digits of ml-matrix solve (same LU with partial pivoting) and A x = b to round-off', () => {
    const random = sequence(7);
    for (const n of [1, 3, 8, 20]) {
      const a = Array.from({ length: n }, () => Array.from({ length: n }, random));
      const b = Array.from({ length: n }, random);
      const x = solveLinearSystem(a, b);
      expect(x).toEqual(solve(new Matrix(a), Matrix.columnVector(b)).getColumn(0));
      // residual relative to |A| |x| (a well-conditioned random matrix: a few hundred ulps at most)
      const scale = Math.max(...a.flat().map(Math.abs)) * Math.max(...x.map(Math.abs)) * n;
      for (let i = 0; i < n; i++) expect(Math.abs(a[i].reduce((s, v, j) => s + v * x[j], 0) - b[i])).toBeLessThan(1e-12 * scale);
    }
  });

  it('throws a FlexdynError naming the parameter for a singular matrix, mismatched sizes and non-finite entries', () => {
    const cases: [number[][], number[], string, RegExp][] = [
      [[[1, 2], [2, 4]], [1, 1], 'matrix', /non-singular, got a zero pivot in column 1/],
      [[[1, 2], [3, 4]], [1], 'rhs', /rhs must have 2 entries \(the rows of matrix\), got 1/],
      [[[1, 2], [3]], [1, 1], 'matrix', /square \(2 × 2\), row 1 has 1 entries/],
      [[[1, NaN], [3, 4]], [1, 1], 'matrix', /entry \(0, 1\) must be a finite number, got NaN/],
      [[[1, 2], [3, 4]], [1, Infinity], 'rhs', /rhs entry 1 must be a finite number, got Infinity/],
      [[], [], 'matrix', /at least one row/],
    ];
    for (const [a, b, parameter, message] of cases) {
      let thrown: unknown;
      try {
        solveLinearSystem(a, b);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(FlexdynError);
      expect((thrown as FlexdynError).parameter).toBe(parameter);
      expect((thrown as FlexdynError).message).toMatch(message);
    }
  });

  it('accepts typed-array rows and keeps no state between calls of different sizes', () => {
    // [[2, 1], [1, 3]] x = [3, 5]: x = [0.8, 1.4] (the doc comment's example); then a 3 × 3 diagonal, then the 2 × 2 again
    const first = solveLinearSystem([Float64Array.of(2, 1), Float64Array.of(1, 3)], Float64Array.of(3, 5));
    expect(first[0]).toBeCloseTo(0.8, 15);
    expect(first[1]).toBeCloseTo(1.4, 15);
    expect(solveLinearSystem([[2, 0, 0], [0, 4, 0], [0, 0, 8]], [1, 1, 1])).toEqual([0.5, 0.25, 0.125]);
    expect(solveLinearSystem([[2, 1], [1, 3]], [3, 5])).toEqual(first);
  });

  it('reuses the factors only for a matrix equal entry for entry to the last one, signed zeros included', () => {
    const random = sequence(11);
    const n = 6;
    const a = Array.from({ length: n }, () => Array.from({ length: n }, random));
    const reference = (m: number[][], b: number[]): number[] => solve(new Matrix(m), Matrix.columnVector(b)).getColumn(0);
    const b = Array.from({ length: n }, random);
    const c = Array.from({ length: n }, random);
    // the same matrix again with other right-hand sides (the kept factors), then one entry changed
    expect(solveLinearSystem(a, b)).toEqual(reference(a, b));
    expect(solveLinearSystem(a, c)).toEqual(reference(a, c));
    const changed = a.map((row) => row.slice());
    changed[n - 1][0] += 1e-3;
    expect(solveLinearSystem(changed, b)).toEqual(reference(changed, b));
    expect(solveLinearSystem(a, b)).toEqual(reference(a, b));
    // −0 for 0 is another matrix: [[1, ±0], [±0, 1]] x = [−0, 1]: x₀ = −0 − (±0)·x₁ is −0 for +0 entries, +0 for −0
    expect(Object.is(solveLinearSystem([[1, 0], [0, 1]], [-0, 1])[0], -0)).toBe(true);
    expect(Object.is(solveLinearSystem([[1, -0], [-0, 1]], [-0, 1])[0], 0)).toBe(true);
    // a call that throws at a later entry after an earlier one changed leaves no factors to reuse: the matrix that agrees
    // with the partly copied one is factorized anew
    solveLinearSystem(a, b);
    const mixed = a.map((row) => row.slice());
    mixed[0][0] += 0.5;
    const invalid = mixed.map((row) => row.slice());
    invalid[n - 1][n - 1] = NaN;
    expect(() => solveLinearSystem(invalid, b)).toThrow(FlexdynError);
    expect(solveLinearSystem(mixed, b)).toEqual(reference(mixed, b));
  });
});
