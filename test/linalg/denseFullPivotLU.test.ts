import { describe, expect, it } from 'vitest';
import { DenseFullPivotLU, sparsePivotTolerance } from '../../src/linalg/denseFullPivotLU.ts';
import { DenseLU } from '../../src/linalg/denseLU.ts';
import type { DenseLUMemory } from '../../src/linalg/denseLUKernels.ts';
import { FlexdynError } from '../../src/core/errors.ts';

/** Deterministic pseudo-random numbers in [−1, 1) (linear congruential), so the tests do not depend on a seed library. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 2 * state / 2147483648 - 1;
  };
}

/** Row-major n×n matrix from rows. */
function fill(lu: { matrix: Float64Array; n: number }, rows: readonly (readonly number[])[]): void {
  rows.forEach((row, i) => row.forEach((value, j) => { lu.matrix[i * lu.n + j] = value; }));
}

function multiply(rows: readonly (readonly number[])[], x: ArrayLike<number>): number[] {
  return rows.map((row) => row.reduce((sum, value, j) => sum + value * x[j], 0));
}

describe('DenseFullPivotLU', () => {
  it('solvesARegularSystemLikePartialPivoting', () => {
    const n = 12;
    const random = randomSource(7);
    const rows = Array.from({ length: n }, () => Array.from({ length: n }, random));
    const b = Float64Array.from({ length: n }, random);
    const full = new DenseFullPivotLU(n), partial = new DenseLU(n);
    fill(full, rows);
    fill(partial, rows);
    expect(full.factorize()).toBe(true);
    expect(partial.factorize()).toBe(true);
    expect(full.rank).toBe(n);
    const x = new Float64Array(n), y = new Float64Array(n);
    full.solve(b, x);
    partial.solve(b, y);
    // both backward stable: the solutions agree to the conditioning of a random 12×12 matrix times ε
    for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(y[i], 11);
    const residual = multiply(rows, x).map((value, i) => value - b[i]);
    expect(Math.max(...residual.map(Math.abs))).toBeLessThan(1e-13);
  });

  it('solvesAConsistentSaddlePointSystemWithARepeatedConstraint', () => {
    // M = diag(2, 3, 4), constraints q0 − q1 = c and the same equation twice (a redundant constraint): the multipliers of
    // the pair are not unique, the coordinates are
    const M = [2, 3, 4];
    const C = [[1, -1, 0], [0, 1, 1], [1, -1, 0]];
    const rows = [
      [M[0], 0, 0, ...C.map((c) => c[0])],
      [0, M[1], 0, ...C.map((c) => c[1])],
      [0, 0, M[2], ...C.map((c) => c[2])],
      ...C.map((c) => [...c, 0, 0, 0]),
    ];
    const f = [1, -2, 0.5], g = [0.3, -0.1, 0.3];
    const b = Float64Array.from([...f, ...g]);
    const lu = new DenseFullPivotLU(6);
    fill(lu, rows);
    expect(lu.factorize()).toBe(true);
    expect(lu.rank).toBe(5);
    const x = new Float64Array(6);
    lu.solve(b, x);
    // every equation holds, the dependent one included
    multiply(rows, x).forEach((value, i) => expect(value).toBeCloseTo(b[i], 14));
    // the coordinates equal those of the system without the repeated row and column (solved by partial pivoting)
    const reduced = new DenseLU(5);
    fill(reduced, [0, 1, 2, 3, 4].map((i) => [0, 1, 2, 3, 4].map((j) => rows[i][j])));
    expect(reduced.factorize()).toBe(true);
    const y = new Float64Array(5);
    reduced.solve(Float64Array.from([...f, g[0], g[1]]), y);
    for (let i = 0; i < 3; i++) expect(x[i]).toBeCloseTo(y[i], 14);
    // and the multipliers of the pair carry the reduced system's one together
    expect(x[3] + x[5]).toBeCloseTo(y[3], 14);
    // partial pivoting reports the system as singular
    const partial = new DenseLU(6);
    fill(partial, rows);
    expect(partial.factorize()).not.toBe(true);
  });

  it('zeroMatrixHasRankZeroAndTheZeroSolution', () => {
    const lu = new DenseFullPivotLU(3);
    lu.matrix.fill(0);
    expect(lu.factorize()).toBe(true);
    expect(lu.rank).toBe(0);
    const x = Float64Array.of(1, 2, 3);
    lu.solve(Float64Array.of(0, 0, 0), x);
    expect([...x]).toEqual([0, 0, 0]);
    // the second solve (the kept block's own factors, here empty) too
    x.fill(1);
    lu.solve(Float64Array.of(0, 0, 0), x);
    expect([...x]).toEqual([0, 0, 0]);
  });

  it('rankFollowsTheThreshold', () => {
    const lu = new DenseFullPivotLU(2);
    // singular values 1 and 1e-12
    const rows = [[1, 0], [0, 1e-12]];
    fill(lu, rows);
    lu.factorize();
    expect(lu.rank).toBe(2);
    lu.threshold = 1e-10;
    fill(lu, rows);
    lu.factorize();
    expect(lu.rank).toBe(1);
  });

  it('reportsANonFiniteEntryAndRefusesToSolve', () => {
    const lu = new DenseFullPivotLU(2);
    fill(lu, [[1, 2], [Number.NaN, 4]]);
    expect(lu.factorize()).toEqual({ invalidIndex: 2 });
    expect(lu.isFactored).toBe(false);
    expect(() => lu.solve(new Float64Array(2), new Float64Array(2))).toThrow('not factorized');
  });

  it('resizeReusesTheStorage', () => {
    const lu = new DenseFullPivotLU(4);
    lu.resize(2);
    fill(lu, [[0, 2], [3, 0]]);
    expect(lu.factorize()).toBe(true);
    const x = new Float64Array(2);
    lu.solve(Float64Array.of(4, 9), x);
    expect([...x]).toEqual([3, 2]);
  });
  it('solves with the complete factors first, then with the kept block\'s sparse factors, listed from the third solve', () => {
    // 20 decoupled 3×3 blocks and one equation repeated (rank 59 of 60, consistent): the second solve factorizes the kept
    // block anew and agrees with the first to round-off; the third lists those factors' nonzeros and gives the second's
    // result bit for bit
    const random = randomSource(5);
    const blocks = 20, n = 3 * blocks;
    const a = new Float64Array(n * n);
    for (let b = 0; b < blocks; b++) {
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) a[(3 * b + i) * n + 3 * b + j] = (i === j ? 3 : 0) + random();
    }
    for (let j = 0; j < n; j++) a[(n - 1) * n + j] = a[j];
    const x0 = Float64Array.from({ length: n }, () => random());
    const rhs = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) rhs[i] += a[i * n + j] * x0[j];
    const lu = new DenseFullPivotLU(n);
    lu.matrix.set(a);
    expect(lu.factorize()).toBe(true);
    expect(lu.rank).toBe(n - 1);
    const first = new Float64Array(n), second = new Float64Array(n), third = new Float64Array(n);
    lu.solve(rhs, first);
    lu.solve(rhs, second);
    lu.solve(rhs, third);
    const inner = lu as unknown as { nonzeros: { listed: boolean }; reducedFactored: boolean };
    expect(inner.reducedFactored).toBe(true);
    expect(inner.nonzeros.listed).toBe(true);
    expect(Array.from(third)).toEqual(Array.from(second));
    // the same unknown set to zero (the one complete pivoting leaves without pivot), the others to round-off (entries and
    // solution O(1), diagonally dominant blocks: 1e-14)
    for (let i = 0; i < n; i++) {
      if (first[i] === 0) expect(second[i]).toBe(0);
      else expect(Math.abs(second[i] - first[i])).toBeLessThan(1e-14);
    }
    let residual = 0;
    for (let i = 0; i < n; i++) {
      let sum = -rhs[i];
      for (let j = 0; j < n; j++) sum += a[i * n + j] * third[j];
      residual = Math.max(residual, Math.abs(sum));
    }
    // consistent system: solved to round-off (entries O(1), n = 60)
    expect(residual).toBeLessThan(1e-13);
  });

  it('keeps the sparsity of an arrow matrix that complete pivoting fills', () => {
    // diagonal ≈ 5, first row and column 1, corner 20 (complete pivoting takes the corner first and fills every entry),
    // the last row repeated as an extra equation and a zero last column: the kept block's factors have the arrow's
    // nonzeros only (the diagonal entries stay above τ times the largest, the corner, with the least Markowitz count 1;
    // the corner last)
    const m = 12, n = m + 1;
    const a = new Float64Array(n * n);
    for (let i = 0; i < m; i++) { a[i * n + i] = 5 + i / m; a[i] = 1; a[i * n] = 1; }
    a[0] = 20;
    for (let j = 0; j < n; j++) a[m * n + j] = a[(m - 1) * n + j];
    const lu = new DenseFullPivotLU(n);
    lu.matrix.set(a);
    expect(lu.factorize()).toBe(true);
    expect(lu.rank).toBe(m);
    const b = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) b[i] += a[i * n + j] * (1 + j);
    const x = new Float64Array(n), y = new Float64Array(n);
    lu.solve(b, x);
    lu.solve(b, y);
    const inner = lu as unknown as { reduced: Float64Array };
    let nonzeros = 0;
    for (let i = 0; i < m * m; i++) if (inner.reduced[i] !== 0) nonzeros++;
    expect(nonzeros).toBe(3 * m - 2);
    // the unknowns 0 … m − 1 solve the arrow (the last column is zero): x = 1 … m
    for (let j = 0; j < m; j++) expect(y[j]).toBeCloseTo(1 + j, 12);
    for (let j = 0; j < n; j++) expect(y[j]).toBeCloseTo(x[j], 12);
  });

  it('chooses the sparse factors\' pivots by the Markowitz search: equal to a naive search bit for bit', () => {
    // sparse matrices of small integers and random magnitudes (ties in counts and magnitudes, cancellations, repeated
    // rows): the reference extracts the kept block in complete-pivoting order and, at every step, counts the nonzeros of
    // the remaining block and finds its largest entry anew, then visits the levels c = 1, 2, … (columns of c nonzeros
    // from the top, then rows of c nonzeros from the left) as the factorization does
    const random = randomSource(13);
    for (let trial = 0; trial < 60; trial++) {
      const n = 2 + (trial % 14);
      const a = new Float64Array(n * n);
      for (let i = 0; i < n; i++) a[i * n + i] = 1 + Math.abs(random());
      for (let i = 0; i < n * n; i++) if (random() > 0.6) a[i] = trial % 2 === 0 ? Math.round(4 * random()) : random();
      if (n > 2 && trial % 3 === 1) for (let j = 0; j < n; j++) a[(n - 1) * n + j] = a[j];
      const lu = new DenseFullPivotLU(n);
      lu.matrix.set(a);
      expect(lu.factorize()).toBe(true);
      const r = lu.rank;
      const inner = lu as unknown as { rowSwaps: Int32Array; columnSwaps: Int32Array; reduced: Float64Array; rowOrder: Int32Array; columnOrder: Int32Array; reducedFactored: boolean };
      const rows = Array.from({ length: n }, (_, i) => i), columns = rows.slice();
      for (let k = 0; k < r; k++) {
        const p = inner.rowSwaps[k], c = inner.columnSwaps[k];
        [rows[k], rows[p]] = [rows[p], rows[k]];
        [columns[k], columns[c]] = [columns[c], columns[k]];
      }
      lu.solve(new Float64Array(n), new Float64Array(n));
      lu.solve(new Float64Array(n), new Float64Array(n));
      if (r === 0) continue;
      expect(inner.reducedFactored, `trial ${trial}`).toBe(true);
      const f = Float64Array.from({ length: r * r }, (_, e) => a[rows[Math.floor(e / r)] * n + columns[e % r]]);
      const order = rows.slice(0, r), columnOrder = columns.slice(0, r);
      for (let k = 0; k < r; k++) {
        let largest = 0;
        for (let i = k; i < r; i++) for (let j = k; j < r; j++) largest = Math.max(largest, Math.abs(f[i * r + j]));
        const rowCount = (i: number) => { let count = 0; for (let t = k; t < r; t++) if (f[i * r + t] !== 0) count++; return count; };
        const columnCount = (j: number) => { let count = 0; for (let t = k; t < r; t++) if (f[t * r + j] !== 0) count++; return count; };
        let pivotRow = -1, pivotColumn = -1, least = Infinity;
        const visit = (i: number, j: number, bound: number): boolean => {
          if (!(Math.abs(f[i * r + j]) >= sparsePivotTolerance * largest)) return false;
          const count = (rowCount(i) - 1) * (columnCount(j) - 1);
          if (count < least) { least = count; pivotRow = i; pivotColumn = j; }
          return least <= bound;
        };
        search: for (let c = 1; c <= r - k; c++) {
          const bound = (c - 1) * (c - 1);
          if (least <= bound) break;
          for (let j = k; j < r; j++) if (columnCount(j) === c) for (let i = k; i < r; i++) if (visit(i, j, bound)) break search;
          for (let i = k; i < r; i++) if (rowCount(i) === c) for (let j = k; j < r; j++) if (visit(i, j, bound)) break search;
        }
        for (let j = 0; j < r; j++) { const t = f[k * r + j]; f[k * r + j] = f[pivotRow * r + j]; f[pivotRow * r + j] = t; }
        for (let i = 0; i < r; i++) { const t = f[i * r + k]; f[i * r + k] = f[i * r + pivotColumn]; f[i * r + pivotColumn] = t; }
        [order[k], order[pivotRow]] = [order[pivotRow], order[k]];
        [columnOrder[k], columnOrder[pivotColumn]] = [columnOrder[pivotColumn], columnOrder[k]];
        for (let i = k + 1; i < r; i++) {
          if (f[i * r + k] === 0) continue;
          const l = f[i * r + k] * (1 / f[k * r + k]);
          f[i * r + k] = l;
          for (let j = k + 1; j < r; j++) if (f[k * r + j] !== 0) f[i * r + j] -= l * f[k * r + j];
        }
      }
      expect(Array.from(inner.rowOrder.subarray(0, r)), `trial ${trial}`).toEqual(order);
      expect(Array.from(inner.columnOrder.subarray(0, r)), `trial ${trial}`).toEqual(columnOrder);
      expect(Array.from(inner.reduced.subarray(0, r * r)), `trial ${trial}`).toEqual(Array.from(f));
    }
  });

  it('chooses the pivots of the full search over the remaining block: the factors equal a naive complete-pivoting LU bit for bit', () => {
    // sparse matrices of small integers (many ties, zero rows and columns, repeated rows: rank-deficient), and dense
    // random ones; the reference searches the whole remaining block in row-major order at every step
    const random = randomSource(11);
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + (trial % 13);
      const a = new Float64Array(n * n);
      const dense = trial % 3 === 0;
      for (let i = 0; i < n * n; i++) if (dense || random() > 0.4) a[i] = dense ? random() : Math.round(3 * random());
      if (n > 2 && trial % 4 === 1) for (let j = 0; j < n; j++) a[(n - 1) * n + j] = a[j];
      const reference = Float64Array.from(a), rows: number[] = [], columns: number[] = [];
      let rank = 0, limit = 0;
      for (; rank < n; rank++) {
        const k = rank;
        let pivotRow = k, pivotColumn = k, largest = 0;
        for (let i = k; i < n; i++) for (let j = k; j < n; j++) {
          const v = Math.abs(reference[i * n + j]);
          if (v > largest) { largest = v; pivotRow = i; pivotColumn = j; }
        }
        if (k === 0) limit = n * Number.EPSILON * largest;
        if (largest === 0 || largest <= limit) break;
        rows.push(pivotRow); columns.push(pivotColumn);
        for (let j = 0; j < n; j++) { const t = reference[k * n + j]; reference[k * n + j] = reference[pivotRow * n + j]; reference[pivotRow * n + j] = t; }
        for (let i = 0; i < n; i++) { const t = reference[i * n + k]; reference[i * n + k] = reference[i * n + pivotColumn]; reference[i * n + pivotColumn] = t; }
        for (let i = k + 1; i < n; i++) {
          const l = reference[i * n + k] * (1 / reference[k * n + k]);
          reference[i * n + k] = l;
          if (l === 0) continue;
          for (let j = k + 1; j < n; j++) reference[i * n + j] -= l * reference[k * n + j];
        }
      }
      const lu = new DenseFullPivotLU(n);
      lu.matrix.set(a);
      expect(lu.factorize()).toBe(true);
      expect(lu.rank, `trial ${trial}`).toBe(rank);
      const swaps = lu as unknown as { rowSwaps: Int32Array; columnSwaps: Int32Array };
      expect(Array.from(swaps.rowSwaps.subarray(0, rank))).toEqual(rows);
      expect(Array.from(swaps.columnSwaps.subarray(0, rank))).toEqual(columns);
      // equal up to the sign of zeros (the elimination skips the pivot row's zeros: a − l·0 would turn −0 into +0)
      const unsigned = (m: Float64Array) => Array.from(m, (x) => (x === 0 ? 0 : x));
      expect(unsigned(lu.matrix), `trial ${trial}`).toEqual(unsigned(reference));
    }
  });

  it('gives its memory back on release: the next one takes it zeroed and solves as a fresh one; a released one throws', () => {
    // (this file releases nothing before: the first DenseFullPivotLU below has a new memory)
    const storageOf = (lu: DenseFullPivotLU): DenseLUMemory | undefined => (lu as unknown as { storage?: DenseLUMemory }).storage;
    const n = 25;
    const random = randomSource(35);
    // a random matrix with a repeated equation (rank 24) and a consistent right-hand side
    const rows = Array.from({ length: n }, () => Array.from({ length: n }, random));
    rows[n - 1] = rows[3].slice();
    const b = Float64Array.from(multiply(rows, Array.from({ length: n }, random)));
    /** Three solves (complete factors, kept block's factors, listed) with lu's factors of rows. */
    const solutions = (lu: DenseFullPivotLU): Float64Array[] => {
      fill(lu, rows);
      expect(lu.factorize()).toBe(true);
      expect(lu.rank).toBe(n - 1);
      return [0, 1, 2].map(() => { const x = new Float64Array(n); lu.solve(b, x); return x; });
    };
    const fresh = new DenseFullPivotLU(n);
    const expected = solutions(fresh);
    multiply(rows, expected[0]).forEach((value, i) => expect(value).toBeCloseTo(b[i], 12));
    const storage = storageOf(fresh);
    fresh.release();
    const again = new DenseFullPivotLU(n);
    expect(storageOf(again)).toBe(storage);
    expect(again.matrix.every((v) => Object.is(v, 0))).toBe(true);
    const actual = solutions(again);
    for (let k = 0; k < 3; k++) for (let i = 0; i < n; i++) expect(Object.is(actual[k][i], expected[k][i])).toBe(true);
    expect(fresh.matrix.length).toBe(0);
    expect(fresh.isFactored).toBe(false);
    for (const [method, call] of [['solve', () => fresh.solve(b, new Float64Array(n))], ['factorize', () => fresh.factorize()], ['resize', () => fresh.resize(3)]] as const) {
      expect(call).toThrow(FlexdynError);
      expect(call).toThrow(`DenseFullPivotLU.${method}: the factorization was released`);
    }
    again.release();
  });
});
