/**
 * Benchmarks of the sparse direct solver: analyze / factorize / refactorize / solve on a
 * 2D grid Laplacian (141² = 19 881 unknowns) and on the KKT system of a 1000-mass spring
 * chain with 1000 distance constraints (3000 unknowns), plus DenseLU per-call cost.
 * Medians over 5 runs after one warm-up run. Standalone: `npx tsx bench/linalg/sparseLU.bench.ts`.
 * @module
 */

import { pathToFileURL } from 'node:url';
import { DenseLU } from '../../src/linalg/denseLU.ts';
import { SparseLU } from '../../src/linalg/sparseLU.ts';
import type { OrderingChoice } from '../../src/linalg/sparseLU.ts';
import { amdOrder, symmetricGraph } from '../../src/linalg/ordering.ts';
import { cscMultiply } from '../../src/linalg/sparse.ts';
import type { CscMatrix } from '../../src/linalg/sparse.ts';
import { norm2 } from '../../src/linalg/vector.ts';
import { assemble, emitLaplacian2D, emitSpringChainKKT, mulberry32, randomVector } from '../../test/linalg/matrices.ts';

/** One benchmark result row. */
export interface LinalgBenchResult {
  /** Case and phase, e.g. `laplacian2d 141x141: refactorize`. */
  name: string;
  /** Median wall time in milliseconds. */
  medianMs: number;
  /** Sizes, fill and accuracy figures. */
  note?: string;
}

const RUNS = 5;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeIt(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function expectOk(r: unknown, what: string): void {
  if (r !== true && r !== 'reused') throw new Error(`${what} failed: ${JSON.stringify(r)}`);
}

function fillOf(a: CscMatrix, ordering: OrderingChoice): number {
  const lu = new SparseLU({ ordering });
  expectOk(lu.analyze(a), `analyze (${String(ordering)})`);
  return lu.nnzL + lu.nnzU - a.n;
}

/** Times all phases on `versions` (same pattern, different values; refactorize cycles through them). */
function benchCase(label: string, versions: CscMatrix[], fillNote: string): LinalgBenchResult[] {
  const a = versions[0];
  const n = a.n;
  const b = new Float64Array(n);
  const x = new Float64Array(n);
  cscMultiply(a, randomVector(n, mulberry32(1)), b);
  const times = { ordering: [] as number[], analyze: [] as number[], factorize: [] as number[], refactorize: [] as number[], solve: [] as number[] };
  let lu = new SparseLU();
  for (let run = 0; run <= RUNS; run++) {
    const record = run > 0;
    const tOrder = timeIt(() => amdOrder(symmetricGraph(a)));
    lu = new SparseLU();
    const tAnalyze = timeIt(() => expectOk(lu.analyze(a), 'analyze'));
    const tFactor = timeIt(() => expectOk(lu.factorize(a), 'factorize'));
    const next = versions[(run % (versions.length - 1)) + 1];
    const tRefactor = timeIt(() => expectOk(lu.refactorize(next), 'refactorize'));
    expectOk(lu.refactorize(a), 'refactorize');
    const tSolve = timeIt(() => lu.solve(b, x));
    if (record) {
      times.ordering.push(tOrder);
      times.analyze.push(tAnalyze);
      times.factorize.push(tFactor);
      times.refactorize.push(tRefactor);
      times.solve.push(tSolve);
    }
  }
  const r = new Float64Array(n);
  cscMultiply(a, x, r);
  for (let i = 0; i < n; i++) r[i] -= b[i];
  const relRes = norm2(r) / norm2(b);
  const nnzA = a.colPtr[n];
  const nnzLU = lu.nnzL + lu.nnzU - n;
  return [
    { name: `${label}: AMD ordering`, medianMs: median(times.ordering), note: `n=${n}, nnz(A)=${nnzA}; plain AMD on A+Aᵀ` },
    { name: `${label}: analyze`, medianMs: median(times.analyze), note: `ordering + first factorization; nnz(L+U)=${nnzLU}; ${fillNote}` },
    { name: `${label}: factorize`, medianMs: median(times.factorize), note: 'full factorization with pivot search' },
    { name: `${label}: refactorize`, medianMs: median(times.refactorize), note: `new values, pivots reused; fallbacks=${lu.stats.fallbacks}` },
    { name: `${label}: solve`, medianMs: median(times.solve), note: `‖Ax−b‖/‖b‖=${relRes.toExponential(1)}` },
  ];
}

/** DenseLU factorize + solve per call, for a small (n = 6) and a large (n = 300) system. */
function benchDense(): LinalgBenchResult[] {
  const rows: LinalgBenchResult[] = [];
  for (const [n, calls] of [
    [6, 20000],
    [300, 2],
  ]) {
    const rnd = mulberry32(n);
    const a = new Float64Array(n * n);
    for (let i = 0; i < n * n; i++) a[i] = 2 * rnd() - 1;
    const b = randomVector(n, rnd);
    const x = new Float64Array(n);
    const lu = new DenseLU(n);
    const samples: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const t = timeIt(() => {
        for (let c = 0; c < calls; c++) {
          lu.matrix.set(a);
          expectOk(lu.factorize(), 'DenseLU.factorize');
          lu.solve(b, x);
        }
      });
      if (run > 0) samples.push(t / calls);
    }
    rows.push({ name: `DenseLU n=${n}: factorize+solve`, medianMs: median(samples), note: `per call, mean of ${calls} calls` });
  }
  return rows;
}

/** Runs the linear-algebra benchmarks and returns one row per case and phase. */
export function runLinalgBenchmarks(): LinalgBenchResult[] {
  const m = 141;
  const lap = (scale: number): CscMatrix => assemble(m * m, (s) => emitLaplacian2D(m, s, scale));
  const lapVersions = [lap(1), lap(1.5), lap(0.7)];
  const lapFill = `fill natural=${fillOf(lapVersions[0], 'natural')}, rcm=${fillOf(lapVersions[0], 'rcm')}`;
  const masses = 1000;
  const chain = (seed: number): CscMatrix => assemble(3 * masses, (s) => emitSpringChainKKT(masses, s, seed));
  const chainVersions = [chain(1), chain(2), chain(3)];
  const chainFill = `fill natural=${fillOf(chainVersions[0], 'natural')}, rcm=${fillOf(chainVersions[0], 'rcm')}`;
  return [
    ...benchCase(`laplacian2d ${m}x${m}`, lapVersions, lapFill),
    ...benchCase(`kkt chain ${masses} masses + ${masses} constraints`, chainVersions, chainFill),
    ...benchDense(),
  ];
}

function printTable(rows: LinalgBenchResult[]): void {
  const w = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'benchmark'.padEnd(w)}  ${'median ms'.padStart(10)}  note`);
  console.log(`${'-'.repeat(w)}  ${'-'.repeat(10)}  ${'-'.repeat(40)}`);
  for (const r of rows) {
    const ms = r.medianMs >= 0.1 ? r.medianMs.toFixed(2) : r.medianMs.toPrecision(3);
    console.log(`${r.name.padEnd(w)}  ${ms.padStart(10)}  ${r.note ?? ''}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable(runLinalgBenchmarks());
}
