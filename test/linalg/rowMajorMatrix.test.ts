import { describe, expect, it } from 'vitest';
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { FlexdynError } from '../../src/core/errors.ts';
import { RowMajorMatrix } from '../../src/linalg/rowMajorMatrix.ts';
import { singularValues } from '../../src/linalg/singularValues.ts';
import { mulberry32 } from '../helpers/random.ts';

/** A rows × columns matrix with entries uniform in [−1, 1). */
function random(rows: number, columns: number, rnd: () => number): RowMajorMatrix {
  const a = new RowMajorMatrix(rows, columns);
  for (let k = 0; k < a.data.length; k++) a.data[k] = 2 * rnd() - 1;
  return a;
}

/** The same entries as an ml-matrix Matrix (the oracle). */
function oracle(a: RowMajorMatrix): Matrix {
  return new Matrix(a.toRows());
}

describe('RowMajorMatrix', () => {
  it('productsTransposeBlocksAndSelectionsEqualMlMatrixBitForBit', () => {
    const rnd = mulberry32(7);
    for (const [m, n, p] of [[1, 1, 1], [3, 5, 2], [7, 7, 7], [12, 4, 9]]) {
      const a = random(m, n, rnd), b = random(n, p, rnd);
      expect(a.multiply(b).toRows()).toEqual(oracle(a).mmul(oracle(b)).to2DArray());
      const x = Float64Array.from({ length: n }, () => 2 * rnd() - 1);
      expect(Array.from(a.multiplyVector(x))).toEqual(oracle(a).mmul(Matrix.columnVector(Array.from(x))).to1DArray());
      expect(a.transpose().toRows()).toEqual(oracle(a).transpose().to2DArray());
      if (m > 2 && n > 2) {
        expect(a.block(1, m - 2, 2, n - 2).toRows()).toEqual(oracle(a).subMatrix(1, m - 2, 2, n - 1).to2DArray());
        expect(a.select([2, 0], [1, 2, 0]).toRows()).toEqual(oracle(a).selection([2, 0], [1, 2, 0]).to2DArray());
      }
    }
  });

  it('addsEntriesAsTheAssemblersAccumulatorAndExposesRowsAsViews', () => {
    const a = new RowMajorMatrix(2, 3);
    a.add(1, 2, 0.5);
    a.add(1, 2, 0.25);
    a.set(0, 1, -1);
    expect(a.get(1, 2)).toBe(0.75);
    expect(Array.from(a.row(0))).toEqual([0, -1, 0]);
    a.row(1)[0] = 3;
    expect(a.get(1, 0)).toBe(3);
  });
});

describe('singularValues (one-sided Jacobi)', () => {
  // Jacobi and ml-matrix's Golub–Kahan SVD both give each σ to a small multiple of ε·σ_max (absolute); 1e-13·σ_max
  // is ≈ 450 ε, room for the sums over up to 30 entries while far below any rank tolerance
  const expectSameValues = (a: RowMajorMatrix): void => {
    const ours = singularValues(a);
    const theirs = new SingularValueDecomposition(oracle(a), { computeLeftSingularVectors: false, computeRightSingularVectors: false, autoTranspose: true }).diagonal;
    expect(ours.length).toBe(Math.min(a.rows, a.columns));
    const largest = Math.max(...theirs);
    ours.forEach((value, k) => expect(Math.abs(value - theirs[k])).toBeLessThanOrEqual(1e-13 * largest));
  };

  it('equalsMlMatrixsSingularValuesOfRandomTallSquareAndWideMatrices', () => {
    const rnd = mulberry32(11);
    for (const [m, n] of [[1, 1], [5, 3], [3, 5], [8, 8], [30, 12], [12, 30]]) expectSameValues(random(m, n, rnd));
  });

  it('findsTheRankOfRankDeficientMatricesWithExactAndRoundOffZeros', () => {
    const rnd = mulberry32(13);
    // A = B C with B 10 × 3 and C 3 × 6: rank 3, three singular values at round-off
    const product = random(10, 3, rnd).multiply(random(3, 6, rnd));
    expectSameValues(product);
    const values = singularValues(product);
    const tolerance = values[0] * 10 * Number.EPSILON;
    expect(values.filter((value) => value > tolerance).length).toBe(3);
    // duplicate and zero columns (a redundant joint, an unused multiplier)
    const a = random(6, 4, rnd);
    for (let i = 0; i < 6; i++) { a.set(i, 3, a.get(i, 1)); a.set(i, 2, 0); }
    const deficient = singularValues(a);
    expect(deficient[3]).toBe(0);
    expect(deficient[2]).toBeLessThanOrEqual(4 * Number.EPSILON * deficient[0]);
    expect(deficient[1]).toBeGreaterThan(1e-3);
    expect(singularValues(new RowMajorMatrix(3, 2))).toEqual([0, 0]);
  });

  it('raisesAFlexdynErrorForANonFiniteEntryAndForRotationsThatDoNotConvergeWithinTheSweepGuard', () => {
    const a = random(5, 4, mulberry32(17));
    // a random 5 × 4 matrix needs several sweeps (quadratic convergence from cosines of order 1): one is not enough
    expect(() => singularValues(a, 1)).toThrow(FlexdynError);
    expect(() => singularValues(a, 1)).toThrow(/must converge within 1 sweeps/);
    expect(singularValues(a, 60).length).toBe(4);
    a.set(2, 1, Number.NaN);
    expect(() => singularValues(a)).toThrow(/matrix entries must be finite, got NaN at \(2, 1\)/);
    const wide = new RowMajorMatrix(2, 3);
    wide.set(1, 2, Number.POSITIVE_INFINITY);
    expect(() => singularValues(wide)).toThrow(/got Infinity at \(1, 2\)/);
  });
});
