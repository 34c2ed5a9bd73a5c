import { describe, it, expect } from 'vitest';
import { LuDecomposition, Matrix } from 'ml-matrix';
import { DenseLU, DENSE_PIVOT_TOLERANCE } from '../../src/linalg/denseLU.ts';
import type { DenseLUMemory } from '../../src/linalg/denseLUKernels.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { norm2 } from '../../src/linalg/vector.ts';
import { denseMultiply, mulberry32, randomDense, randomVector, textbookFactors, textbookSubstitution, toRows } from './matrices.ts';

/**
 * Residual tolerance: LU with partial pivoting is backward stable, so for b = A·x_true
 * the relative residual is about n·ε·growth·‖A‖‖x‖/‖b‖ ≈ 1e-16..1e-14 for these random
 * matrices (n ≤ 300, growth factor O(1)). 1e-12 leaves two orders of margin while any
 * wrong pivot, permutation or update gives a residual of order 1.
 */
const RESIDUAL_TOL = 1e-12;

function relResidual(a: Float64Array, n: number, x: Float64Array, b: Float64Array): number {
  const r = denseMultiply(a, n, x);
  for (let i = 0; i < n; i++) r[i] -= b[i];
  return norm2(r) / norm2(b);
}

function relDiff(x: Float64Array, y: ArrayLike<number>): number {
  const d = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) d[i] = x[i] - y[i];
  return norm2(d) / norm2(x);
}

/**
 * Factorizes a (n×n) with lu (default: a new DenseLU) and expects the swaps and, bit for bit (−0 included), the factors of
 * {@link textbookFactors}.
 */
function expectTextbookFactors(a: Float64Array, n: number, lu = new DenseLU(n)): void {
  lu.matrix.set(a);
  expect(lu.factorize()).toBe(true);
  const reference = Float64Array.from(a);
  const swaps = textbookFactors(reference, n);
  expect(Array.from((lu as unknown as { swaps: Int32Array }).swaps)).toEqual(Array.from(swaps));
  let differing = 0;
  for (let e = 0; e < n * n; e++) if (!Object.is(lu.matrix[e], reference[e])) differing++;
  expect(differing).toBe(0);
}

describe('DenseLU', () => {
  it('matches ml-matrix LuDecomposition on random matrices, n = 1..10, 50, 300', () => {
    const rnd = mulberry32(1234);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50, 300]) {
      const a = randomDense(n, rnd);
      const xTrue = randomVector(n, rnd);
      const b = denseMultiply(a, n, xTrue);
      const lu = new DenseLU(n);
      lu.matrix.set(a);
      expect(lu.factorize()).toBe(true);
      const x = new Float64Array(n);
      lu.solve(b, x);
      expect(relResidual(a, n, x, b)).toBeLessThan(RESIDUAL_TOL);
      const ref = new LuDecomposition(new Matrix(toRows(a, n))).solve(Matrix.columnVector(Array.from(b)));
      // Both are backward stable; forward errors are ≤ cond(A)·ε ≈ 1e-13 for these matrices.
      expect(relDiff(x, ref.getColumn(0))).toBeLessThan(1e-9);
    }
  });

  it('pivots when the leading entry is zero and solves in place (x aliases b)', () => {
    const lu = new DenseLU(3);
    lu.matrix.set([0, 2, 1, 1, 0, 0, 0, 1, 3]);
    expect(lu.factorize()).toBe(true);
    const b = new Float64Array([7, 1, 11]);
    lu.solve(b, b);
    expect(Array.from(b).map((v) => Math.round(v * 1e12) / 1e12)).toEqual([1, 2, 3]);
  });

  it('solves with the row swaps of the latest factorization, into another array and in place, as a new instance does', () => {
    // each factorization forms its permutation; the in-place solve makes every swap, a row's with itself too
    const rnd = mulberry32(31);
    const n = 7;
    const lu = new DenseLU(n);
    for (let trial = 0; trial < 6; trial++) {
      const a = randomDense(n, rnd);
      // no row swap in every other matrix (a dominant diagonal), row swaps in the others (a dominant anti-diagonal)
      for (let i = 0; i < n; i++) a[i * n + (trial % 2 === 0 ? i : n - 1 - i)] += 10;
      lu.matrix.set(a);
      expect(lu.factorize()).toBe(true);
      const fresh = new DenseLU(n);
      fresh.matrix.set(a);
      expect(fresh.factorize()).toBe(true);
      const b = randomVector(n, rnd);
      for (let solve = 0; solve < 3; solve++) {
        const x = new Float64Array(n);
        const expected = new Float64Array(n);
        lu.solve(b, x);
        fresh.solve(b, expected);
        expect(Array.from(x)).toEqual(Array.from(expected));
        const inPlace = Float64Array.from(b);
        lu.solve(inPlace, inPlace);
        expect(Array.from(inPlace)).toEqual(Array.from(expected));
      }
    }
  });

  it('reuses one instance for many sizes through resize', () => {
    const rnd = mulberry32(7);
    const lu = new DenseLU(2);
    for (const n of [5, 3, 8, 1, 8, 0, 4]) {
      lu.resize(n);
      expect(lu.matrix.length).toBe(n * n);
      const a = randomDense(n, rnd);
      lu.matrix.set(a);
      expect(lu.factorize()).toBe(true);
      const b = randomVector(n, rnd);
      const x = new Float64Array(n);
      lu.solve(b, x);
      if (n > 0) expect(relResidual(a, n, x, b)).toBeLessThan(RESIDUAL_TOL);
    }
  });

  it('reports the first dependent column of rank-deficient matrices (n = 10..300)', () => {
    const rnd = mulberry32(99);
    for (const n of [10, 60, 300]) {
      for (let trial = 0; trial < 3; trial++) {
        const a = randomDense(n, rnd);
        const c = Math.floor(n / 3) + trial;
        const coef = randomVector(c, rnd);
        for (let i = 0; i < n; i++) {
          let s = 0;
          for (let j = 0; j < c; j++) s += a[i * n + j] * coef[j];
          a[i * n + c] = s;
        }
        const lu = new DenseLU(n);
        lu.matrix.set(a);
        const r = lu.factorize();
        expect(r).not.toBe(true);
        if (r === true) continue;
        expect(r.singularColumn).toBe(c);
        // The noise left in the dependent column is far below the tolerance (see DENSE_PIVOT_TOLERANCE).
        expect(r.pivot / r.columnScale).toBeLessThan(DENSE_PIVOT_TOLERANCE / 10);
        expect(lu.isFactored).toBe(false);
        expect(() => lu.solve(new Float64Array(n), new Float64Array(n))).toThrow();
      }
    }
  });

  it('reports an all-zero column and a duplicated column', () => {
    const lu = new DenseLU(4);
    lu.matrix.set([1, 2, 0, 4, 2, 1, 0, 3, 0, 1, 0, 1, 5, 0, 0, 1]);
    const r = lu.factorize();
    expect(r !== true && r.singularColumn).toBe(2);
    lu.matrix.set([1, 2, 1, 4, 2, 1, 2, 3, 0, 1, 0, 1, 5, 0, 5, 1]);
    const r2 = lu.factorize();
    expect(r2 !== true && r2.singularColumn).toBe(2);
  });

  it('is invariant to column scaling: a column scaled by 1e-30 is not singular', () => {
    const rnd = mulberry32(5);
    const n = 20;
    const a = randomDense(n, rnd);
    for (let i = 0; i < n; i++) a[i * n + 7] *= 1e-30;
    const lu = new DenseLU(n);
    lu.matrix.set(a);
    expect(lu.factorize()).toBe(true);
    const b = randomVector(n, rnd);
    const x = new Float64Array(n);
    // the first substitution with new factors is the full one, the second lists the nonzeros and visits only those
    lu.solve(b, x);
    expect((lu as unknown as { nonzeros: { listed: boolean } }).nonzeros.listed).toBe(false);
    const first = Float64Array.from(x);
    lu.solve(b, x);
    expect(Array.from(x)).toEqual(Array.from(first));
    expect(relResidual(a, n, x, b)).toBeLessThan(RESIDUAL_TOL);
  });
  it('solves systems with sparse factors through their listed nonzeros, bit for bit as the full substitution', () => {
    // a saddle-point system of 12 chained blocks (6 coordinates, 3 constraints each, coupled to the next block): its
    // factors fill far less than half of the triangles, so solve() visits only their nonzeros; it skips exact zeros in
    // the same order, so x equals the full substitution's result bit for bit (checked on a copy of the factors)
    const rnd = mulberry32(77);
    const blocks = 12, nb = 9, n = blocks * nb;
    const a = new Float64Array(n * n);
    for (let b = 0; b < blocks; b++) {
      const o = b * nb;
      for (let i = 0; i < 6; i++) {
        a[(o + i) * n + o + i] = 4 + rnd();
        for (let j = 0; j < 6; j++) if (j !== i) a[(o + i) * n + o + j] += 0.1 * (rnd() - 0.5);
      }
      for (let c = 0; c < 3; c++) {
        for (let j = 0; j < 6; j++) {
          const g = rnd() - 0.5;
          a[(o + 6 + c) * n + o + j] = g;
          a[(o + j) * n + o + 6 + c] = g;
          if (b + 1 < blocks) {
            const h = rnd() - 0.5;
            a[(o + 6 + c) * n + o + nb + j] = h;
            a[(o + nb + j) * n + o + 6 + c] = h;
          }
        }
      }
    }
    const lu = new DenseLU(n);
    lu.matrix.set(a);
    expect(lu.factorize()).toBe(true);
    const b = randomVector(n, rnd);
    const x = new Float64Array(n);
    // the first substitution with new factors is the full one, the second lists the nonzeros and visits only those
    lu.solve(b, x);
    expect((lu as unknown as { nonzeros: { listed: boolean } }).nonzeros.listed).toBe(false);
    const first = Float64Array.from(x);
    lu.solve(b, x);
    expect(Array.from(x)).toEqual(Array.from(first));
    expect(relResidual(a, n, x, b)).toBeLessThan(RESIDUAL_TOL);
    // the full substitution on the same factors and permutation
    const swaps = (lu as unknown as { swaps: Int32Array }).swaps;
    const y = Float64Array.from(b);
    for (let k = 0; k < n; k++) { const p = swaps[k]; const t = y[k]; y[k] = y[p]; y[p] = t; }
    textbookSubstitution(lu.matrix, n, n, y);
    expect(Array.from(x)).toEqual(Array.from(y));
    expect((lu as unknown as { nonzeros: { listed: boolean } }).nonzeros.listed).toBe(true);
  });
  it('factorizes small matrices to the textbook factors bit for bit (n < 64: pivot rows skipping their zeros, two rows per pass)', () => {
    // saddle-point matrices (mass blocks far smaller than the constraint entries: most columns swap rows, as in the
    // rigid-body Jacobians), negative pivots (0·(1/pivot) = −0 below them) and dense random matrices
    const rnd = mulberry32(1515);
    for (let trial = 0; trial < 120; trial++) {
      const n = 1 + Math.floor(rnd() * 63), kind = trial % 3;
      const a = new Float64Array(n * n);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          if (kind === 0) a[i * n + j] = i === j ? 1e-4 * (1 + rnd()) : rnd() < 0.2 ? rnd() - 0.5 : 0;
          else if (kind === 1) a[i * n + j] = i === j ? -(2 + rnd()) : rnd() < 0.3 ? rnd() - 0.5 : 0;
          else a[i * n + j] = rnd() - 0.5;
        }
      }
      expectTextbookFactors(a, n);
    }
  });
  it('factorizes large banded, sparse and dense matrices to the textbook factors bit for bit (n ≥ 64: profile-bounded passes)', () => {
    // Reference: partial pivoting as written in the textbook (first largest |a_ik| as pivot, l = a_ik·(1/pivot) stored
    // for every row below, a_ij −= l·a_kj for every j > k of every row with l ≠ 0); the solver's large-matrix path
    // skips passes over exact zeros and must give the same bits, −0 included (Object.is), with negative pivots
    // (0·(1/pivot) = −0 below the band), entries far outside the band and pivot rows swapped from there. (Finite entries without −0: there the
    // textbook's a_ij −= l·0 changes nothing, which both paths of the solver rely on.)
    const rnd = mulberry32(2026);
    for (let trial = 0; trial < 40; trial++) {
      const n = 64 + Math.floor(rnd() * 80), band = 1 + Math.floor(rnd() * 12), kind = trial % 4;
      const a = new Float64Array(n * n);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const inBand = Math.abs(i - j) <= band;
          if (kind === 0) a[i * n + j] = rnd() - 0.5;
          else if (kind === 1) a[i * n + j] = inBand ? (i === j ? 3 + rnd() : -rnd()) : 0;
          else if (kind === 2) a[i * n + j] = inBand ? (i === j ? -3 - rnd() : rnd() - 0.7) : 0;
          else a[i * n + j] = i === j ? (i % 2 === 0 ? 1 : -1) * (0.5 + rnd()) : (inBand && rnd() < 0.6) || rnd() < 0.01 ? rnd() - 0.5 : 0;
        }
      }
      // a large entry far below the band: its row becomes the pivot row and carries the band of the row it swaps with down
      if (trial % 5 === 4) { a[(n - 1) * n] = 10; a[(n - 2) * n + 3] = -10; }
      expectTextbookFactors(a, n);
    }
  });
});

/** The memory a DenseLU owns (undefined once released). */
function storageOf(lu: DenseLU): DenseLUMemory | undefined {
  return (lu as unknown as { storage?: DenseLUMemory }).storage;
}

/** Solves with lu's factors of a three times (full substitution, listing, listed) and expects the textbook's solution bit for bit. */
function expectTextbookSolutions(lu: DenseLU, a: Float64Array, n: number, b: Float64Array): void {
  const factors = Float64Array.from(a);
  const swaps = textbookFactors(factors, n);
  const y = Float64Array.from(b);
  for (let k = 0; k < n; k++) { const p = swaps[k]; const t = y[k]; y[k] = y[p]; y[p] = t; }
  textbookSubstitution(factors, n, n, y);
  for (let solve = 0; solve < 3; solve++) {
    const x = new Float64Array(n);
    lu.solve(b, x);
    let differing = 0;
    for (let i = 0; i < n; i++) if (!Object.is(x[i], y[i])) differing++;
    expect(differing).toBe(0);
  }
}

/** A saddle-point matrix of n unknowns (mass diagonal far below the coupling entries: rows swap) or a dense random one. */
function testMatrix(n: number, rnd: () => number, saddle: boolean): Float64Array {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) a[i * n + j] = saddle ? (i === j ? 1e-4 * (1 + rnd()) : rnd() < 0.2 ? rnd() - 0.5 : 0) : rnd() - 0.5;
  }
  return a;
}

describe('DenseLU memory pool', () => {
  // (the first test expects an empty pool: no earlier test of this file releases a DenseLU)
  it('lends a released memory to the next DenseLU, zeroed, whose factors and solutions are the textbook\'s bit for bit', () => {
    const rnd = mulberry32(35);
    // first a large matrix (n ≥ 64: the memory gets the large-matrix kernel), then smaller and larger ones on its memory
    let previous = new DenseLU(80);
    expectTextbookFactors(testMatrix(80, rnd, true), 80, previous);
    previous.solve(randomVector(80, rnd), new Float64Array(80));
    for (const [n, saddle] of [[12, true], [100, false], [5, false], [70, true], [30, true]] as const) {
      const storage = storageOf(previous)!;
      previous.release();
      const lu = new DenseLU(n);
      // the pool's only free memory, grown where n needs more
      expect(storageOf(lu)).toBe(storage);
      expect(new Uint8Array(storage.memory.buffer).subarray(0, (lu as unknown as { layout: { bytes: number } }).layout.bytes).every((v) => v === 0)).toBe(true);
      const a = testMatrix(n, rnd, saddle);
      expectTextbookFactors(a, n, lu);
      expectTextbookSolutions(lu, a, n, randomVector(n, rnd));
      previous = lu;
    }
    previous.release();
  });

  it('keeps the factors of DenseLUs used in turn (factor A, factor B, solve A, solve B), with memories released and lent meanwhile', () => {
    const rnd = mulberry32(36);
    const first = new DenseLU(9), second = new DenseLU(14);
    expect(storageOf(first)).not.toBe(storageOf(second));
    for (let round = 0; round < 3; round++) {
      const a = testMatrix(9, rnd, round !== 1), c = testMatrix(14, rnd, round !== 2);
      first.matrix.set(a);
      expect(first.factorize()).toBe(true);
      second.matrix.set(c);
      expect(second.factorize()).toBe(true);
      // a third DenseLU factorizes and solves, is released, and a fourth takes its memory and factorizes
      const third = new DenseLU(9);
      expectTextbookFactors(testMatrix(9, rnd, true), 9, third);
      const storage = storageOf(third);
      third.release();
      const fourth = new DenseLU(14);
      expect(storageOf(fourth)).toBe(storage);
      expectTextbookFactors(testMatrix(14, rnd, false), 14, fourth);
      expectTextbookSolutions(first, a, 9, randomVector(9, rnd));
      expectTextbookSolutions(second, c, 14, randomVector(14, rnd));
      fourth.release();
    }
  });

  it('refuses every use after release with a FlexdynError that says so', () => {
    const lu = new DenseLU(4);
    lu.matrix.set([4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4]);
    expect(lu.factorize()).toBe(true);
    lu.release();
    expect(lu.isFactored).toBe(false);
    expect(lu.matrix.length).toBe(0);
    const x = new Float64Array(4);
    for (const [method, call] of [['solve', () => lu.solve(new Float64Array(4), x)], ['factorize', () => lu.factorize()], ['resize', () => lu.resize(3)]] as const) {
      expect(call).toThrow(FlexdynError);
      expect(call).toThrow(`DenseLU.${method}: the factorization was released (its memory went back to the pool at the end of the solve that used it) and cannot be used any more`);
    }
    // a second release gives nothing back twice: two new DenseLUs get two memories
    lu.release();
    const one = new DenseLU(4), other = new DenseLU(4);
    expect(storageOf(one)).not.toBe(storageOf(other));
    one.release();
    other.release();
  });
});
