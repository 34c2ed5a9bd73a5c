/**
 * Benchmarks of the sparse eigen solver (src/fem/eigenSparse.ts) and of the factorization of
 * its shifted matrix K − σM, on free bodies:
 * - the rotor disc of Exudyn's test data (Abaqus matrices, 345 DOF, K scaled by 1e-2 as in
 *   Exudyn's tests): the lowest 8 eigenpairs including the 6 rigid-body modes (as Exudyn's
 *   test), and computeEigenmodes with 10 flexible modes;
 * - a steel Hex8 block of 20 787 DOF from createBlockMesh (consistent mass): the lowest 16
 *   eigenpairs (10 flexible modes).
 * Each case reports the sparse LDLᵀ (SparseLDLT: analyze = ordering + symbolic + numeric,
 * refactorize = numeric only; fill nnz(L), operation count) beside the general sparse LU
 * (SparseLU analyze; for the block only with `--lu`, it takes minutes), and the eigen
 * solve (Krylov–Schur with the LDLᵀ factorization, and its Sturm check). Rows give medians
 * of the runs (wall time) and the CPU time of the last run.
 * Standalone: `npx tsx bench/femEigen.bench.ts [--block=nx,ny,nz] [--lu] [--runs=n]`.
 * @module
 */

import { pathToFileURL } from 'node:url';
import '../src/node.ts'; // Node's file system: the standalone run reads Exudyn's Abaqus matrices from disk
import { readAbaqusMatrixFile } from '../src/fem/abaqus.ts';
import { cscLinearCombination, cscTrace, DEFAULT_SHIFT_FACTOR, solveSparseEigen } from '../src/fem/eigenSparse.ts';
import { computeEigenmodes } from '../src/fem/modes.ts';
import { FEMinterface } from '../src/fem/FEMinterface.ts';
import { createBlockMesh } from '../src/fem/meshers.ts';
import type { CscMatrix } from '../src/linalg/sparse.ts';
import { SparseLU } from '../src/linalg/sparseLU.ts';
import { SparseLDLT } from '../src/linalg/sparseLDLT.ts';
import { exudynData } from '../testModels/exudynData.ts';

/** One benchmark result row. */
export interface FemEigenBenchRow {
  /** Case and phase, e.g. `rotorDisc 345 DOF: eigen solve`. */
  name: string;
  /** Median wall time in milliseconds. */
  medianMs: number;
  /** Sizes, iteration counts, CPU time and results. */
  note?: string;
}

/** Options of {@link runFemEigenBenchmarks}. */
export interface FemEigenBenchOptions {
  /** Timed runs per case (default 3). */
  runs?: number;
  /** Hex8 divisions of the block (default [40, 12, 12]: 41·13·13 nodes = 20 787 DOF, 1 m × 0.3 m × 0.3 m). */
  blockDivisions?: [number, number, number];
  /** Also time the sparse LU of the block (default false: about 100 s). */
  blockLU?: boolean;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : 0.5 * (s[mid - 1] + s[mid]);
}

/** Runs `f` `runs` times: median wall time, CPU time of the last run (ms) and its last result. */
function timed<T>(runs: number, f: () => T): { ms: number; cpuMs: number; value: T } {
  const times: number[] = [];
  let value!: T;
  let cpuMs = 0;
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    value = f();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuMs = (c.user + c.system) / 1e3;
  }
  return { ms: median(times), cpuMs, value };
}

const cpu = (ms: number): string => `CPU ${ms.toFixed(0)} ms`;

function caseRows(label: string, stiffness: CscMatrix, mass: CscMatrix, eigenpairs: number, runs: number, withLU: boolean): FemEigenBenchRow[] {
  const n = stiffness.n;
  const name = `${label} ${n} DOF`;
  const shift = -DEFAULT_SHIFT_FACTOR * (cscTrace(stiffness) / cscTrace(mass));
  const shifted = cscLinearCombination(1, stiffness, -shift, mass);
  const rows: FemEigenBenchRow[] = [];
  const analyze = timed(runs, () => {
    const f = new SparseLDLT();
    if (f.analyze(shifted) !== true) throw new Error('femEigen bench: K − σM has a zero pivot');
    return f;
  });
  const ldlt = analyze.value;
  rows.push({
    name: `${name}: SparseLDLT analyze K − σM`,
    medianMs: analyze.ms,
    note: `${cpu(analyze.cpuMs)}; nnz(A) ${(shifted.colPtr[n] / 1e6).toFixed(2)}M, nnz(L) ${(ldlt.nnzL / 1e6).toFixed(2)}M, ${(ldlt.factorFlops / 1e9).toFixed(2)} GFlop, ${ldlt.supernodes} supernodes`,
  });
  const refactor = timed(runs, () => ldlt.refactorize(shifted));
  rows.push({ name: `${name}: SparseLDLT refactorize`, medianMs: refactor.ms, note: `${cpu(refactor.cpuMs)}; ${(ldlt.factorFlops / 1e6 / refactor.ms).toFixed(2)} GFlop/s` });
  if (withLU) {
    const lu = timed(Math.min(runs, 1), () => {
      const f = new SparseLU();
      if (f.analyze(shifted) !== true) throw new Error('femEigen bench: K − σM is singular');
      return f;
    });
    rows.push({ name: `${name}: SparseLU analyze K − σM (before)`, medianMs: lu.ms, note: `${cpu(lu.cpuMs)}; nnz(L+U) ${((lu.value.nnzL + lu.value.nnzU) / 1e6).toFixed(2)}M` });
    const withLu = timed(runs, () => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: eigenpairs, shift, factorization: lu.value, sturmCheck: false }));
    rows.push({ name: `${name}: eigen iteration with the SparseLU factors (before)`, medianMs: withLu.ms, note: `${cpu(withLu.cpuMs)}; ${withLu.value.operatorApplications} solves` });
    const withLdlt = timed(runs, () => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: eigenpairs, shift, factorization: ldlt, sturmCheck: false }));
    rows.push({ name: `${name}: eigen iteration with the SparseLDLT factors`, medianMs: withLdlt.ms, note: `${cpu(withLdlt.cpuMs)}; ${withLdlt.value.operatorApplications} solves` });
  }
  const solve = timed(runs, () => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: eigenpairs, shift }));
  const r = solve.value;
  const hz = Array.from(r.values.slice(6), (v) => Math.sqrt(v) / (2 * Math.PI));
  rows.push({
    name: `${name}: solveSparseEigen, ${eigenpairs} eigenpairs (LDLᵀ + Sturm check)`,
    medianMs: solve.ms,
    note: `${cpu(solve.cpuMs)}; ${r.operatorApplications} solves, ${r.restarts} restarts, Sturm ${r.sturm === undefined ? '–' : `${r.sturm.count} = ${r.sturm.found}`}, f = ${hz[0].toPrecision(10)} … ${hz[hz.length - 1].toPrecision(6)} Hz`,
  });
  const noSturm = timed(runs, () => solveSparseEigen(stiffness, mass, { numberOfEigenvalues: eigenpairs, shift, sturmCheck: false }));
  rows.push({ name: `${name}: solveSparseEigen without Sturm check`, medianMs: noSturm.ms, note: cpu(noSturm.cpuMs) });
  return rows;
}

/** Runs the benchmarks and returns one row per case and phase. */
export function runFemEigenBenchmarks(options: FemEigenBenchOptions = {}): FemEigenBenchRow[] {
  const runs = options.runs ?? 3;
  const rows: FemEigenBenchRow[] = [];

  const mass = readAbaqusMatrixFile(exudynData('rotorDiscTestMASS1.mtx')).matrix;
  const stiffness = readAbaqusMatrixFile(exudynData('rotorDiscTestSTIF1.mtx')).matrix;
  for (let k = 0; k < stiffness.values.length; k++) stiffness.values[k] *= 1e-2;
  caseRows('rotorDisc', stiffness, mass, 8, 1, true);
  rows.push(...caseRows('rotorDisc', stiffness, mass, 8, Math.max(runs, 5), true));
  const modes = timed(Math.max(runs, 5), () => computeEigenmodes({ massMatrix: mass, stiffnessMatrix: stiffness, numberOfModes: 10, excludeRigidBodyModes: true }));
  rows.push({
    name: `rotorDisc ${stiffness.n} DOF: computeEigenmodes (10 modes, rigid excluded)`,
    medianMs: modes.ms,
    note: `${cpu(modes.cpuMs)}; f1 = ${modes.value.eigenFrequenciesHz[0].toPrecision(13)} Hz (Exudyn 104.6370132606291)`,
  });

  const divisions = options.blockDivisions ?? [40, 12, 12];
  const fem = new FEMinterface();
  fem.importMesh(createBlockMesh({ size: [1, 0.3, 0.3], divisions }));
  fem.computeMassAndStiffness({ youngsModulus: 2.1e11, poissonsRatio: 0.3, density: 7850 });
  rows.push(...caseRows(`block Hex8 ${divisions.join('×')}`, fem.getStiffnessMatrix(), fem.getMassMatrix(), 16, runs, options.blockLU ?? false));
  return rows;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const block = arg('block');
  const blockDivisions = block === undefined ? undefined : (block.split(',').map(Number) as [number, number, number]);
  const runs = arg('runs') === undefined ? undefined : Number(arg('runs'));
  for (const row of runFemEigenBenchmarks({ blockDivisions, runs, blockLU: process.argv.includes('--lu') })) {
    console.log(`${row.name.padEnd(80)} ${row.medianMs.toFixed(1).padStart(10)} ms  ${row.note ?? ''}`);
  }
}
