/**
 * Exudyn's sparseMatrixSpringDamperTest grid (72 × 6 points, 852 ODE2 coordinates and one
 * coordinate constraint) solved statically, once with the dense LU (EXUdense) and once with
 * the sparse LU (EigenSparse); one load step, full Newton, from the initial configuration.
 * @module
 */

import { LinearSolverType, OutputVariableType, type SolverStatistics } from '../src/index.ts';
import { buildSparseMatrixSpringDamperModel, sparseMatrixSpringDamperSettings } from '../testModels/sparseMatrixSpringDamperTest.ts';
import type { Benchmark, PreparedBenchmark } from './harness.ts';

function prepareGrid(linearSolverType: LinearSolverType): PreparedBenchmark {
  const { mbs, tipNode } = buildSparseMatrixSpringDamperModel();
  const settings = sparseMatrixSpringDamperSettings(linearSolverType);
  settings.solutionSettings.writeSolutionToFile = false;
  let statistics: SolverStatistics | undefined;
  return {
    coordinates: mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE(),
    steps: settings.staticSolver.numberOfLoadSteps,
    solve: () => { statistics = mbs.solveStatic(settings); },
    check: () => `tip y = ${mbs.getNodeOutput(tipNode, OutputVariableType.Position)[1].toPrecision(12)} (Exudyn −6.779862812271394), ${statistics?.newtonIterations ?? 0} Newton iterations`,
  };
}

/** Static solve with the dense LU: four factorizations of the 853 × 853 Jacobian. */
export const sparseGridDense: Benchmark = {
  name: 'sparseGrid static EXUdense',
  description: 'sparseMatrixSpringDamperTest grid, SolveStatic, dense LU (no solution file)',
  repetitions: 5,
  steps: 1,
  warmUpSteps: 1,
  prepare: () => prepareGrid(LinearSolverType.EXUdense),
};

/** Static solve with the sparse LU: AMD ordering and symbolic analysis once, then refactorizations. */
export const sparseGridSparse: Benchmark = {
  name: 'sparseGrid static EigenSparse',
  description: 'sparseMatrixSpringDamperTest grid, SolveStatic, sparse LU (no solution file)',
  repetitions: 15,
  steps: 1,
  warmUpSteps: 1,
  warmUpRuns: 3,
  comparison: { seconds: 0.1, source: 'target of the issue: well under 0.1 s' },
  prepare: () => prepareGrid(LinearSolverType.EigenSparse),
};

/** The benchmarks of this file, in report order. */
export const sparseGridBenchmarks: readonly Benchmark[] = [sparseGridDense, sparseGridSparse];
