import { describe, it, expect } from 'vitest';
import { Matrix, solve as mlSolve } from 'ml-matrix';
import { SparseLU, SparseLUShare, PatternMismatchError } from '../../src/linalg/sparseLU.ts';
import type { OrderingChoice } from '../../src/linalg/sparseLU.ts';
import { SparseAssembler, cscMultiply } from '../../src/linalg/sparse.ts';
import type { CscMatrix } from '../../src/linalg/sparse.ts';
import { norm2 } from '../../src/linalg/vector.ts';
import {
  assemble,
  cscToDense,
  emitLaplacian2D,
  emitRandomSparse,
  emitSpringChainKKT,
  mulberry32,
  randomVector,
  toRows,
} from './matrices.ts';
import type { EntrySink } from './matrices.ts';

/**
 * Residual tolerance: threshold partial pivoting (τ = 0.1) bounds |l_ij| ≤ 10 and the
 * factorization is backward stable with a small growth factor, so for b = A·x_true the
 * relative residual ‖Ax − b‖/‖b‖ is a modest multiple of ε (measured 1e-16..2e-14 on
 * these matrices). 1e-12 keeps a 50× margin; a wrong pivot, permutation, scaling or a
 * missed fill entry produces residuals of order 1.
 */
const RESIDUAL_TOL = 1e-12;
const ORDERINGS: OrderingChoice[] = ['amd', 'rcm', 'natural'];

function residual(a: CscMatrix, x: Float64Array, b: Float64Array): number {
  const r = new Float64Array(a.n);
  cscMultiply(a, x, r);
  for (let i = 0; i < a.n; i++) r[i] -= b[i];
  return norm2(r) / norm2(b);
}

function relDiff(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let d = 0;
  let s = 0;
  for (let i = 0; i < x.length; i++) {
    d += (x[i] - y[i]) ** 2;
    s += x[i] ** 2;
  }
  return Math.sqrt(d / s);
}

/** Solves A x = A x_true and checks the residual; returns x. */
function solveChecked(lu: SparseLU, a: CscMatrix, seed: number): Float64Array {
  const xTrue = randomVector(a.n, mulberry32(seed));
  const b = new Float64Array(a.n);
  cscMultiply(a, xTrue, b);
  const x = new Float64Array(a.n);
  lu.solve(b, x);
  expect(residual(a, x, b)).toBeLessThan(RESIDUAL_TOL);
  return x;
}

/** Compares with ml-matrix's dense LU solve. */
function expectMatchesMlMatrix(a: CscMatrix, x: Float64Array, seed: number): void {
  const xTrue = randomVector(a.n, mulberry32(seed));
  const b = new Float64Array(a.n);
  cscMultiply(a, xTrue, b);
  const ref = mlSolve(new Matrix(toRows(cscToDense(a), a.n)), Matrix.columnVector(Array.from(b))).getColumn(0);
  // Both solvers are backward stable; the forward difference is ≤ cond(A)·ε·small factor.
  expect(relDiff(ref, x)).toBeLessThan(1e-8);
}

function kkt(masses: number, valueSeed = 1): CscMatrix {
  return assemble(3 * masses, (s) => emitSpringChainKKT(masses, s, valueSeed));
}

/**
 * A planar multibody system's pattern: bodies of three coordinates (3×3 blocks) and a joint of two constraint rows between
 * neighbours ([[M, Cᵀ], [C, 0]]), with about a third of the blocks' off-diagonal entries stored as zeros (entries of the
 * pattern whose value is 0, as an assembler keeps them), so that some multipliers of the elimination are exactly zero.
 */
function bodyChainKKT(bodies: number, valueSeed: number): CscMatrix {
  const rnd = mulberry32(valueSeed);
  const zero = mulberry32(3);
  const n = 3 * bodies + 2 * (bodies - 1);
  return assemble(n, (s) => {
    for (let b = 0; b < bodies; b++) {
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) s(3 * b + i, 3 * b + j, i === j ? 4 + rnd() : (zero() < 0.3 ? 0 : rnd() - 0.5));
      }
    }
    for (let c = 0; c < bodies - 1; c++) {
      for (let r = 0; r < 2; r++) {
        const row = 3 * bodies + 2 * c + r;
        for (const b of [c, c + 1]) {
          for (let j = 0; j < 3; j++) {
            const v = j === 2 && zero() < 0.3 ? 0 : rnd() - 0.5;
            s(row, 3 * b + j, v);
            s(3 * b + j, row, v);
          }
        }
      }
    }
  });
}

describe('SparseLU', () => {
  it('solves random sparse unsymmetric matrices with zero diagonals like ml-matrix (all orderings)', () => {
    for (const [n, seed] of [
      [1, 1],
      [7, 2],
      [40, 3],
      [150, 4],
      [300, 5],
    ]) {
      const a = assemble(n, (s) => emitRandomSparse(n, 3, mulberry32(seed), s, 0.3));
      for (const ordering of ORDERINGS) {
        const lu = new SparseLU({ ordering });
        expect(lu.analyze(a)).toBe(true);
        const x = solveChecked(lu, a, seed + 100);
        expectMatchesMlMatrix(a, x, seed + 100);
        expect(lu.nnzL).toBeGreaterThanOrEqual(n);
        expect(lu.nnzU).toBeGreaterThanOrEqual(n);
      }
    }
  });

  it('solves a 2D grid Laplacian, with far less fill under AMD than natural ordering', () => {
    const m = 30;
    const a = assemble(m * m, (s) => emitLaplacian2D(m, s));
    const fill: Record<string, number> = {};
    for (const ordering of ORDERINGS) {
      const lu = new SparseLU({ ordering });
      expect(lu.analyze(a)).toBe(true);
      solveChecked(lu, a, 9);
      fill[String(ordering)] = lu.nnzL + lu.nnzU - a.n;
    }
    expect(fill.amd).toBeLessThan(0.45 * fill.natural);
    expect(fill.amd).toBeLessThan(0.6 * fill.rcm);
    const small = assemble(225, (s) => emitLaplacian2D(15, s));
    const lu = new SparseLU();
    lu.analyze(small);
    expectMatchesMlMatrix(small, solveChecked(lu, small, 10), 10);
  });

  it('solves saddle-point KKT systems [[K, Cᵀ], [C, 0]] with low fill', () => {
    const small = kkt(60);
    for (const ordering of ORDERINGS) {
      const lu = new SparseLU({ ordering });
      expect(lu.analyze(small)).toBe(true);
      expectMatchesMlMatrix(small, solveChecked(lu, small, 11), 11);
    }
    const big = kkt(1000);
    const lu = new SparseLU();
    expect(lu.analyze(big)).toBe(true);
    solveChecked(lu, big, 12);
    // A chain is banded: the zero-diagonal pairing keeps fill near nnz(A) (without it AMD fills ~3e6).
    expect(lu.nnzL + lu.nnzU - big.n).toBeLessThan(1.6 * big.colPtr[big.n]);
  });

  it('analyzeWithin stops beyond its fill limit, resumeAnalysis continues, and both give the factors of analyze bit for bit', () => {
    const a = assemble(400, (s) => emitLaplacian2D(20, s));
    for (const ordering of ORDERINGS) {
      const full = new SparseLU({ ordering });
      expect(full.analyze(a)).toBe(true);
      const fill = full.nnzL + full.nnzU;
      // one entry short of the complete factors: stopped, no factors; exactly the fill: the same factors
      const short = new SparseLU({ ordering });
      expect(short.analyzeWithin(a, fill - 1)).toBe(false);
      expect(short.isFactored).toBe(false);
      expect(() => short.solve(new Float64Array(a.n), new Float64Array(a.n))).toThrow();
      const within = new SparseLU({ ordering });
      expect(within.analyzeWithin(a, fill)).toBe(true);
      const b = randomVector(a.n, mulberry32(21));
      const x = new Float64Array(a.n), y = new Float64Array(a.n);
      full.solve(b, x);
      within.solve(b, y);
      for (let i = 0; i < a.n; i++) expect(Object.is(x[i], y[i])).toBe(true);
      // resumed in two legs (stopping again, then to the end): the factors of analyze, bit for bit
      const resumed = new SparseLU({ ordering });
      expect(resumed.analyzeWithin(a, Math.floor(fill / 3))).toBe(false);
      expect(resumed.resumeAnalysis(a, Math.floor((2 * fill) / 3))).toBe(false);
      expect(resumed.resumeAnalysis(a, Infinity)).toBe(true);
      expect(resumed.nnzL + resumed.nnzU).toBe(fill);
      const z = new Float64Array(a.n);
      resumed.solve(b, z);
      for (let i = 0; i < a.n; i++) expect(Object.is(x[i], z[i])).toBe(true);
      expect(() => resumed.resumeAnalysis(a, Infinity)).toThrow(/no stopped analysis/);
      // a stopped analysis recovers with a full factorization on refactorize
      expect(short.refactorize(a)).toBe('repivoted');
      solveChecked(short, a, 22);
    }
    // a singular column before the limit is reported as analyze reports it
    const singular = assemble(3, (s) => { s(0, 0, 1); s(1, 1, 1); s(1, 2, 1); s(2, 1, 1); s(2, 2, 1); });
    expect(new SparseLU({ ordering: 'natural' }).analyzeWithin(singular, 100)).toMatchObject({ singularColumn: 2 });
  });

  it('analyses sharing their equilibration, graph and pairings (SparseLUShare) factorize as alone, bit for bit', () => {
    // a saddle-point system (zero-diagonal columns paired) and a Laplacian (none paired), analysed in LinearSystem's
    // order: the default, RCM, then diagonal preference 0.01 (a pairing of its own) and the default again (all reused)
    for (const a of [kkt(200, 3), assemble(400, (s) => emitLaplacian2D(20, s))]) {
      const share = new SparseLUShare(a);
      const b = randomVector(a.n, mulberry32(5));
      for (const options of [{}, { ordering: 'rcm' as const }, { pivotThreshold: 0.01 }, {}, { scaling: false }]) {
        const alone = new SparseLU(options), shared = new SparseLU(options);
        expect(alone.analyzeWithin(a, Infinity)).toBe(true);
        expect(shared.analyzeWithin(a, Infinity, share)).toBe(true);
        expect(Array.from(shared.columnOrder)).toEqual(Array.from(alone.columnOrder));
        const x = new Float64Array(a.n), y = new Float64Array(a.n);
        alone.solve(b, x);
        shared.solve(b, y);
        for (let i = 0; i < a.n; i++) expect(Object.is(x[i], y[i])).toBe(true);
      }
      expect(share.graph).toBeDefined();
      expect(share.pairings.size).toBe(2);
    }
    expect(() => new SparseLU().analyzeWithin(kkt(20, 1), Infinity, new SparseLUShare(kkt(20, 1)))).toThrow(/another matrix/);
  });

  it('refactorize with new values on the same pattern reuses pivots and matches a fresh factorization', () => {
    const cases: Array<[string, (seed: number) => CscMatrix]> = [
      ['kkt', (seed) => kkt(200, seed)],
      ['random', (seed) => assemble(200, (s) => emitRandomSparse(200, 3, mulberry32(77), (r, c, v) => s(r, c, v * (1 + 0.05 * Math.sin(seed * (r + 3 * c)))), 0))],
      ['laplacian', (seed) => assemble(400, (s) => emitLaplacian2D(20, s, 1 + seed))],
    ];
    for (const [, make] of cases) {
      const a1 = make(1);
      const a2 = make(2);
      const lu = new SparseLU();
      expect(lu.analyze(a1)).toBe(true);
      const nnzL = lu.nnzL;
      const nnzU = lu.nnzU;
      expect(lu.refactorize(a2)).toBe('reused');
      expect(lu.nnzL).toBe(nnzL);
      expect(lu.nnzU).toBe(nnzU);
      expect(lu.stats).toEqual({ analyses: 1, factorizations: 1, refactorizations: 1, fallbacks: 0, growthRetries: 0 });
      const xRe = solveChecked(lu, a2, 21);
      const fresh = new SparseLU();
      fresh.analyze(a2);
      const xFresh = solveChecked(fresh, a2, 21);
      expect(relDiff(xFresh, xRe)).toBeLessThan(1e-12);
      expect(lu.refactorize(a1)).toBe('reused');
      solveChecked(lu, a1, 22);
      expect(lu.factorize(a2)).toBe(true);
      expect(lu.stats.factorizations).toBe(2);
    }
  });

  it('refactorize falls back to a pivoting factorization when a reused pivot becomes too small', () => {
    const make = (a00: number): CscMatrix =>
      assemble(3, (s) => {
        s(0, 0, a00);
        s(1, 0, 1);
        s(0, 1, 1);
        s(1, 1, 2);
        s(2, 2, 2);
        s(2, 1, 0.5);
      });
    const lu = new SparseLU({ ordering: 'natural' });
    expect(lu.analyze(make(1))).toBe(true);
    const a = make(1e-10);
    expect(lu.refactorize(a)).toBe('repivoted');
    expect(lu.stats.fallbacks).toBe(1);
    expect(lu.stats.factorizations).toBe(2);
    expect(lu.stats.refactorizations).toBe(0);
    solveChecked(lu, a, 3);
    expect(lu.refactorize(make(2e-10))).toBe('reused');
  });

  it('repeats a factorization with strict pivoting when threshold pivoting lets entries grow', () => {
    // Cycle: diagonal 0.15 passes the 0.1 threshold against the subdiagonal 1, but the
    // fill in the last column then grows like (1/0.15)^k.
    const n = 30;
    const a = assemble(n, (s) => {
      for (let j = 0; j < n; j++) {
        s(j, j, 0.15);
        s((j + 1) % n, j, 1);
      }
    });
    const loose = new SparseLU({ ordering: 'natural', growthLimit: Infinity });
    expect(loose.analyze(a)).toBe(true);
    expect(loose.growth).toBeGreaterThan(1e10);
    const lu = new SparseLU({ ordering: 'natural' });
    expect(lu.analyze(a)).toBe(true);
    expect(lu.stats.growthRetries).toBe(1);
    expect(lu.growth).toBeLessThan(10);
    solveChecked(lu, a, 5);
    expect(lu.refactorize(a)).toBe('reused');
    // an analysis stopped in its first pass and resumed makes the same retry: the same factors
    const resumed = new SparseLU({ ordering: 'natural' });
    expect(resumed.analyzeWithin(a, 2 * n + 10)).toBe(false);
    expect(resumed.resumeAnalysis(a, Infinity)).toBe(true);
    expect(resumed.stats).toEqual({ analyses: 1, factorizations: 2, refactorizations: 0, fallbacks: 0, growthRetries: 1 });
    const b = randomVector(n, mulberry32(6));
    const x = new Float64Array(n), y = new Float64Array(n);
    lu.solve(b, x);
    resumed.solve(b, y);
    for (let i = 0; i < n; i++) expect(Object.is(x[i], y[i])).toBe(true);
  });

  it('refactorize rejects a different pattern', () => {
    const lu = new SparseLU();
    lu.analyze(assemble(100, (s) => emitLaplacian2D(10, s)));
    const other = assemble(100, (s) => {
      emitLaplacian2D(10, s);
      s(0, 99, 0.5);
    });
    expect(() => lu.refactorize(other)).toThrow(PatternMismatchError);
    expect(lu.isFactored).toBe(true);
  });

  it('refactorize with the pattern known to the caller gives the same factors bit for bit', () => {
    const a1 = kkt(200, 1);
    const a2 = kkt(200, 2);
    const checked = new SparseLU();
    const known = new SparseLU();
    expect(checked.analyze(a1)).toBe(true);
    expect(known.analyze(a1)).toBe(true);
    expect(checked.refactorize(a2)).toBe('reused');
    expect(known.refactorize(a2, true)).toBe('reused');
    const n = a2.n;
    const b = randomVector(n, mulberry32(5));
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    checked.solve(b, x);
    known.solve(b, y);
    for (let i = 0; i < n; i++) expect(Object.is(x[i], y[i])).toBe(true);
  });

  it('refactorize of the analyzed matrix gives the analysis\' solution bit for bit (nested L columns eliminated together, zero multipliers)', () => {
    // the analysis eliminates one L column at a time, the refactorization the nested columns of a supernode together
    // (groups of 2 to 4 with all multipliers nonzero) when L has 8192 entries or more: both subtract the same products
    // from each entry in the same order
    const matrices = [kkt(1000, 1), assemble(1600, (s) => emitLaplacian2D(40, s)), bodyChainKKT(500, 1), bodyChainKKT(60, 1)];
    let zeroMultipliers = 0;
    for (const a1 of matrices) {
      const n = a1.n;
      // other values on the same pattern, near enough to keep the pivots
      const a2 = { ...a1, values: a1.values.map((v, p) => v * (1 + 0.01 * Math.sin(p))) };
      const b = randomVector(n, mulberry32(9));
      const lu = new SparseLU();
      expect(lu.analyze(a1)).toBe(true);
      expect(lu.nnzL - n >= 8192).toBe(n > 1000);
      const analyzed = new Float64Array(n);
      lu.solve(b, analyzed);
      expect(lu.refactorize(a1)).toBe('reused');
      // an entry whose multiplier was zero in the factors the groups were formed from is a group of its own
      const grouping = lu as unknown as { groupsUsed: boolean; uGroup: Uint8Array; ux: Float64Array; up: Int32Array };
      for (let p = 0; grouping.groupsUsed && p < grouping.up[n]; p += grouping.uGroup[p]) {
        for (let m = 0; m < grouping.uGroup[p]; m++) {
          if (grouping.ux[p + m] !== 0) continue;
          zeroMultipliers++;
          expect(grouping.uGroup[p]).toBe(1);
        }
      }
      const refactorized = new Float64Array(n);
      lu.solve(b, refactorized);
      for (let i = 0; i < n; i++) expect(Object.is(refactorized[i], analyzed[i])).toBe(true);
      // other values and back: the same bits again
      expect(lu.refactorize(a2)).toBe('reused');
      solveChecked(lu, a2, 23);
      expect(lu.refactorize(a1)).toBe('reused');
      lu.solve(b, refactorized);
      for (let i = 0; i < n; i++) expect(Object.is(refactorized[i], analyzed[i])).toBe(true);
    }
    expect(zeroMultipliers).toBeGreaterThan(0);
  });

  it('carries factors that outgrow their pooled memory into the next one: the analysis\' solution, refactorized bit for bit', () => {
    // an arrow matrix with tiny diagonal entries: pivoting takes the dense last row early, so the factors outgrow the
    // symmetric fill estimate the memory was laid out for, and the pass moves L and U into a larger memory of the pool
    // (once, for n = 2000: checked with a counter in layOut when written)
    const n = 2000;
    const arrow = assemble(n, (sink) => {
      for (let i = 0; i < n - 1; i++) {
        sink(i, i, 1e-10 * (1 + (i % 7)));
        sink(i, n - 1, 1 + (i % 3));
        sink(n - 1, i, 2 - (i % 5) / 10);
      }
      sink(n - 1, n - 1, 1);
    });
    const lu = new SparseLU();
    expect(lu.analyze(arrow)).toBe(true);
    const analyzed = solveChecked(lu, arrow, 31);
    const b = new Float64Array(n);
    cscMultiply(arrow, randomVector(n, mulberry32(31)), b);
    expect(lu.refactorize(arrow)).toBe('reused');
    const refactorized = new Float64Array(n);
    lu.solve(b, refactorized);
    for (let i = 0; i < n; i++) expect(Object.is(refactorized[i], analyzed[i])).toBe(true);
  });

  it('follows SparseAssembler: refactorize while the pattern is kept, analyze when it changes', () => {
    const masses = 80;
    const n = 3 * masses;
    const asm = new SparseAssembler(n);
    const lu = new SparseLU();
    const step = (seed: number, extra: boolean): Float64Array => {
      asm.begin();
      const sink: EntrySink = (r, c, v) => asm.add(r, c, v);
      emitSpringChainKKT(masses, sink, seed);
      if (extra) sink(0, 2 * masses - 1, 1e-3);
      const a = asm.end();
      if (asm.patternChanged) expect(lu.analyze(a)).toBe(true);
      else expect(lu.refactorize(a)).toBe('reused');
      return solveChecked(lu, a, seed);
    };
    step(1, false);
    step(2, false);
    step(3, false);
    step(4, true);
    step(5, true);
    expect(asm.patternVersion).toBe(2);
    expect(lu.stats.analyses).toBe(2);
    expect(lu.stats.refactorizations).toBe(3);
  });

  it('solve allows x to alias b', () => {
    const a = kkt(30);
    const lu = new SparseLU();
    lu.analyze(a);
    const b = randomVector(a.n, mulberry32(4));
    const x = new Float64Array(a.n);
    lu.solve(b, x);
    const bb = b.slice();
    lu.solve(bb, bb);
    expect(Array.from(bb)).toEqual(Array.from(x));
  });

  it('names the singular column: redundant constraint in a KKT system', () => {
    const masses = 40;
    const n = 3 * masses + 1;
    // Constraint row n-1 duplicates constraint 10 (same Jacobian row): multipliers 10 and n-1 are not determined.
    const a = assemble(n, (s) => {
      emitSpringChainKKT(masses, (r, c, v) => {
        s(r, c, v);
        if (r === 2 * masses + 10) {
          s(n - 1, c, v);
          s(c, n - 1, v);
        }
      });
    });
    const dup = new Set([2 * masses + 10, n - 1]);
    for (const ordering of ORDERINGS) {
      const lu = new SparseLU({ ordering });
      const r = lu.analyze(a);
      expect(r).not.toBe(true);
      if (r === true) continue;
      expect(dup.has(r.singularColumn)).toBe(true);
      if (ordering === 'natural') expect(r.singularColumn).toBe(n - 1);
      expect(lu.isFactored).toBe(false);
      expect(() => lu.solve(new Float64Array(n), new Float64Array(n))).toThrow();
    }
  });

  it('names the singular column: empty column, dependent column, pure Neumann Laplacian', () => {
    const n = 120;
    const emptyCol = 37;
    const withEmpty = assemble(n, (s) =>
      emitRandomSparse(n, 3, mulberry32(8), (r, c, v) => {
        if (c !== emptyCol) s(r, c, v);
      }),
    );
    const lu = new SparseLU();
    const r1 = lu.analyze(withEmpty);
    expect(r1 !== true && r1.singularColumn).toBe(emptyCol);

    // Column 50 = 2 · column 20 (same pattern, all other columns independent).
    const dependent = assemble(n, (s) => {
      const cols: Array<Array<[number, number]>> = Array.from({ length: n }, () => []);
      emitRandomSparse(n, 3, mulberry32(9), (r, c, v) => cols[c].push([r, v]), 0);
      cols[50] = cols[20].map(([r, v]) => [r, 2 * v]);
      cols.forEach((col, c) => col.forEach(([r, v]) => s(r, c, v)));
    });
    for (const ordering of ORDERINGS) {
      const r2 = new SparseLU({ ordering }).analyze(dependent);
      expect(r2 !== true && [20, 50].includes(r2.singularColumn)).toBe(true);
    }

    // Graph Laplacian of a grid without boundary (rank n-1): fails at the very last step.
    const m = 12;
    const neumann = assemble(m * m, (s) =>
      emitLaplacian2D(m, (r, c, v) => {
        if (r !== c) {
          s(r, c, v);
          s(r, r, -v);
        }
      }),
    );
    const r3 = new SparseLU().analyze(neumann);
    expect(r3).not.toBe(true);
    if (r3 !== true) {
      expect(r3.step).toBe(m * m - 1);
      expect(r3.pivot).toBeLessThan(1e-13 * r3.columnScale);
    }
  });

  it('refactorize after a singular factorization re-pivots and recovers once values are fixed', () => {
    const make = (d: number): CscMatrix =>
      assemble(2, (s) => {
        s(0, 0, 1);
        s(0, 1, 1);
        s(1, 0, 1);
        s(1, 1, d);
      });
    const lu = new SparseLU({ ordering: 'natural' });
    const r = lu.analyze(make(1));
    expect(r !== true && r.singularColumn).toBe(1);
    expect(lu.refactorize(make(3))).toBe('repivoted');
    solveChecked(lu, make(3), 1);
  });
});
