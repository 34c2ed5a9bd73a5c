import { describe, expect, it } from 'vitest';
import { Matrix, solve } from 'ml-matrix';
import { solveDense } from '../../testModels/denseSolve.ts';

/** A deterministic pseudo-random number in [−1, 1) (a linear congruential sequence). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 1073741824 - 1;
  };
}

describe('solveDense', () => {
  it('solves a small system with a row swap exactly', () => {
    // [[0, 2], [1, 1]] x = [4, 3]: the zero first pivot needs the swap; x = [1, 2]
    expect(solveDense([[0, 2], [1, 1]], [4, 3])).toEqual([1, 2]);
  });

  it('gives the digits of ml-matrix solve (same LU with partial pivoting) and A x = b to round-off', () => {
    const random = sequence(7);
    for (const n of [1, 3, 8, 20]) {
      const a = Array.from({ length: n }, () => Array.from({ length: n }, random));
      const b = Array.from({ length: n }, random);
      const x = solveDense(a, b);
      expect(x).toEqual(solve(new Matrix(a), Matrix.columnVector(b)).getColumn(0));
      // residual relative to |A| |x| (a well-conditioned random matrix: a few hundred ulps at most)
      const scale = Math.max(...a.flat().map(Math.abs)) * Math.max(...x.map(Math.abs)) * n;
      for (let i = 0; i < n; i++) expect(Math.abs(a[i].reduce((s, v, j) => s + v * x[j], 0) - b[i])).toBeLessThan(1e-12 * scale);
    }
  });

  it('throws for a singular matrix and for mismatched sizes', () => {
    expect(() => solveDense([[1, 2], [2, 4]], [1, 1])).toThrow(/singular/);
    expect(() => solveDense([[1, 2], [3, 4]], [1])).toThrow(/2 entries/);
    expect(() => solveDense([[1, 2], [3]], [1, 1])).toThrow(/square/);
  });
});
