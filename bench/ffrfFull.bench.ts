/**
 * Full FFRF benchmark: the unbalanced rotor of Exudyn's objectFFRFTest (rotorDiscTest, 115 mesh nodes, full ObjectFFRF
 * with 352 ODE2 coordinates + 1 Euler-parameter and 6 coordinate constraints, Abaqus K scaled by 1e-2), 10 steps of
 * 0.1 ms as in the test, generalized-α ρ∞ = 0.5, modified Newton; once with Exudyn's default dense linear solver and
 * once with the sparse one. Exudyn's figure: 155 ms per step (its full FFRF is dense).
 * @module
 */

import { LinearSolverType } from '../src/index.ts';
import { dynamicSolveBenchmark, type Benchmark } from './harness.ts';
import { exudynFigure } from './exudynFigures.ts';
import { buildObjectFFRFTestModel, objectFFRFTest } from '../testModels/objectFFRFTest.ts';
import { absSum } from '../testModels/ffrfRotor.ts';

function rotorBenchmark(name: string, description: string, solver: LinearSolverType): Benchmark {
  return {
    name,
    description,
    repetitions: 5,
    steps: 10,
    warmUpSteps: 10,
    comparison: exudynFigure('objectFFRFTest', 'Exudyn\'s dense solver'),
    prepare: (n) => {
      const { mbs, settings, sensor } = buildObjectFFRFTestModel(n);
      settings.linearSolverType = solver;
      return dynamicSolveBenchmark(mbs, settings, n, () => {
        const result = absSum(mbs.getSensorStoredData(sensor));
        const error = Math.abs(result - objectFFRFTest.reference) / objectFFRFTest.reference;
        return `result ${result} (relative error ${error.toExponential(1)} to Exudyn's reference)`;
      });
    },
  };
}

/** The full-FFRF benchmarks in report order. */
export function ffrfFullBenchmarks(): Benchmark[] {
  return [
    rotorBenchmark('objectFFRFTest (dense solver)', 'rotorDiscTest as full ObjectFFRF (352 coordinates), MarkerSuperElementPosition supports, 10 steps of 0.1 ms, dense LU (Exudyn\'s default)', LinearSolverType.EXUdense),
    rotorBenchmark('objectFFRFTest (sparse solver)', 'the same model with the sparse LU (linearSolverType EigenSparse)', LinearSolverType.EigenSparse),
  ];
}
