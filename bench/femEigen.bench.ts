/**
 * Benchmarks of the sparse eigen solver (src/fem/eigenSparse.ts) on free bodies, lowest 10
 * flexible modes (16 eigenpairs with the 6 rigid-body modes, as computeEigenmodes with
 * excludeRigidBodyModes: true): the rotor disc of Exudyn's test data (Abaqus matrices, 345
 * DOF, K scaled by 1e-2 as in Exudyn's tests) and a steel Hex8 block of about 20 000 DOF
 * from createBlockMesh (consistent mass). Each solve is split into the factorization of
 * K − σM (SparseLU analyze) and the Krylov–Schur iteration with that factorization; the
 * rows give medians of 3 runs (after one warm-up run for the rotor disc).
 * Standalone: `npx tsx bench/femEigen.bench.ts [--block=nx,ny,nz]`.
 * @module
 */

import { pathToFileURL } from 'node:url';
import { readAbaqusMatrixFile } from '../src/fem/abaqus.ts';
import { cscLinearCombination, cscTrace, DEFAULT_SHIFT_FACTOR, solveSparseEigen } from '../src/fem/eigenSparse.ts';
import { computeEigenmodes } from '../src/fem/modes.ts';
import { FEMinterface } from '../src/fem/FEMinterface.ts';
import { createBlockMesh } from '../src/fem/meshers.ts';
import type { CscMatrix } from '../src/linalg/sparse.ts';
import { SparseLU } from '../src/linalg/sparseLU.ts';

/** One benchmark result row. */
export interface FemEigenBenchRow {
  /** Case and phase, e.g. `rotorDisc 345 DOF: eigen iteration`. */
  name: string;
  /** Median wall time in milliseconds. */
  medianMs: number;
  /** Sizes, iteration counts and results. */
  note?: string;
}

/** Options of {@link runFemEigenBenchmarks}. */
export interface FemEigenBenchOptions {
  /** Timed runs per case (default 3). */
  runs?: number;
  /** Hex8 divisions of the block (default [40, 12, 12]: 41·13·13 nodes = 20 787 DOF, 1 m × 0.3 m × 0.3 m). */
  blockDivisions?: [number, number, number];
}

const FLEXIBLE_MODES = 10;
const RIGID_MODES = 6;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : 0.5 * (s[mid - 1] + s[mid]);
}

/** Factorization and iteration times of one free-body eigen solve (16 eigenpairs). */
function timeSolve(stiffness: CscMatrix, mass: CscMatrix): { factorMs: number; iterationMs: number; note: string } {
  const shift = -DEFAULT_SHIFT_FACTOR * (cscTrace(stiffness) / cscTrace(mass));
  const t0 = performance.now();
  const lu = new SparseLU();
  if (lu.analyze(cscLinearCombination(1, stiffness, -shift, mass)) !== true) throw new Error('femEigen bench: K − σM is singular');
  const t1 = performance.now();
  const result = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: RIGID_MODES + FLEXIBLE_MODES, shift, factorization: lu });
  const t2 = performance.now();
  const hz = Array.from(result.values.slice(RIGID_MODES), (v) => Math.sqrt(v) / (2 * Math.PI));
  const note = `nnz(L+U) ${((lu.nnzL + lu.nnzU) / 1e6).toFixed(2)}M, ${result.operatorApplications} solves, ${result.restarts} restarts, `
    + `f = ${hz[0].toPrecision(9)} … ${hz[hz.length - 1].toPrecision(6)} Hz`;
  return { factorMs: t1 - t0, iterationMs: t2 - t1, note };
}

function caseRows(name: string, stiffness: CscMatrix, mass: CscMatrix, runs: number, warmUp: boolean): FemEigenBenchRow[] {
  if (warmUp) timeSolve(stiffness, mass);
  const factor: number[] = [];
  const iteration: number[] = [];
  let note = '';
  for (let r = 0; r < runs; r++) {
    const t = timeSolve(stiffness, mass);
    factor.push(t.factorMs);
    iteration.push(t.iterationMs);
    note = t.note;
  }
  const total = factor.map((f, r) => f + iteration[r]);
  const label = `${name} ${stiffness.n} DOF`;
  return [
    { name: `${label}: factorize K − σM (SparseLU analyze)`, medianMs: median(factor), note: `nnz(K) ${(stiffness.colPtr[stiffness.n] / 1e6).toFixed(2)}M` },
    { name: `${label}: Krylov–Schur iteration, 16 eigenpairs`, medianMs: median(iteration), note },
    { name: `${label}: total, lowest ${FLEXIBLE_MODES} flexible modes`, medianMs: median(total), note: `medians of ${runs}` },
  ];
}

/** Runs the benchmarks and returns one row per case and phase. */
export function runFemEigenBenchmarks(options: FemEigenBenchOptions = {}): FemEigenBenchRow[] {
  const runs = options.runs ?? 3;
  const rows: FemEigenBenchRow[] = [];

  const dataDir = new URL('../../shared/data/exudyn-testData/', import.meta.url);
  const mass = readAbaqusMatrixFile(new URL('rotorDiscTestMASS1.mtx', dataDir)).matrix;
  const stiffness = readAbaqusMatrixFile(new URL('rotorDiscTestSTIF1.mtx', dataDir)).matrix;
  for (let k = 0; k < stiffness.values.length; k++) stiffness.values[k] *= 1e-2;
  rows.push(...caseRows('rotorDisc', stiffness, mass, runs, true));
  const times: number[] = [];
  let f1 = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const modes = computeEigenmodes({ massMatrix: mass, stiffnessMatrix: stiffness, numberOfModes: FLEXIBLE_MODES, excludeRigidBodyModes: true });
    times.push(performance.now() - t0);
    f1 = modes.eigenFrequenciesHz[0];
  }
  rows.push({ name: `rotorDisc ${stiffness.n} DOF: computeEigenmodes (10 modes, rigid excluded)`, medianMs: median(times), note: `f1 = ${f1.toPrecision(13)} Hz (Exudyn 104.6370132606291)` });

  const divisions = options.blockDivisions ?? [40, 12, 12];
  const fem = new FEMinterface();
  fem.importMesh(createBlockMesh({ size: [1, 0.3, 0.3], divisions }));
  fem.computeMassAndStiffness({ youngsModulus: 2.1e11, poissonsRatio: 0.3, density: 7850 });
  rows.push(...caseRows(`block Hex8 ${divisions.join('×')}`, fem.getStiffnessMatrix(), fem.getMassMatrix(), runs, false));
  return rows;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = process.argv.find((a) => a.startsWith('--block='));
  const blockDivisions = arg === undefined ? undefined : (arg.slice(8).split(',').map(Number) as [number, number, number]);
  for (const row of runFemEigenBenchmarks({ blockDivisions })) {
    console.log(`${row.name.padEnd(72)} ${row.medianMs.toFixed(1).padStart(10)} ms  ${row.note ?? ''}`);
  }
}
