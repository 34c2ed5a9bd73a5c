import { describe, expect, it } from 'vitest';
import { LuDecomposition, Matrix } from 'ml-matrix';
import { factorCroutLU, solveCroutLU } from '../../src/linalg/croutLU.ts';
import { mulberry32, randomDense } from './matrices.ts';

describe('croutLU', () => {
  it("gives ml-matrix LuDecomposition's factors, pivots and solution bit for bit (several right-hand sides)", () => {
    const rnd = mulberry32(11);
    for (const [n, count] of [[1, 1], [4, 2], [13, 5], [40, 40]]) {
      const a = randomDense(n, rnd);
      const b = randomDense(Math.max(n, count), rnd).subarray(0, n * count);
      const lu = a.slice();
      const pivots = new Int32Array(n);
      expect(factorCroutLU(lu, n, pivots, new Float64Array(n))).toBe(-1);
      const oracle = new LuDecomposition(Matrix.from1DArray(n, n, a));
      // the factors in one array: L strictly below the diagonal, U on and above it
      const lower = oracle.lowerTriangularMatrix, upper = oracle.upperTriangularMatrix;
      expect(Array.from(lu)).toEqual(Array.from({ length: n * n }, (_, k) => {
        const i = Math.floor(k / n), j = k % n;
        return i > j ? lower.get(i, j) : upper.get(i, j);
      }));
      expect(Array.from(pivots)).toEqual(oracle.pivotPermutationVector);
      const x = new Float64Array(n * count);
      solveCroutLU(lu, pivots, b, x, n, count);
      expect(Array.from(x)).toEqual(oracle.solve(Matrix.from1DArray(n, count, b)).to1DArray());
    }
  });

  it('solves with a row swap exactly and reports the first zero pivot', () => {
    // [[0, 2], [1, 1]] x = [4, 3]: the zero first pivot needs the swap; x = [1, 2]
    const lu = Float64Array.from([0, 2, 1, 1]);
    const pivots = new Int32Array(2);
    expect(factorCroutLU(lu, 2, pivots, new Float64Array(2))).toBe(-1);
    const x = new Float64Array(2);
    solveCroutLU(lu, pivots, [4, 3], x, 2, 1);
    expect(Array.from(x)).toEqual([1, 2]);
    // rank one: column 1 has a zero pivot after the elimination
    expect(factorCroutLU(Float64Array.from([1, 2, 2, 4]), 2, new Int32Array(2), new Float64Array(2))).toBe(1);
  });
});
