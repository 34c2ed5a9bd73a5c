/**
 * Per-step overhead benchmarks on the smallest model: one mass point (NodePoint, 3
 * coordinates) on a coordinate spring-damper to ground along x, with a coordinate load
 * (Exudyn's perfSpringDamperExplicit model). Explicit Euler measures the explicit step
 * path, generalized-α the implicit path (predictor, residuals, Jacobian, LU, update).
 * @module
 */

import { SimulationSettings, DynamicSolverType, OutputVariableType } from '../src/index.ts';
import type { Benchmark, PreparedBenchmark } from './harness.ts';
import { exudynFigure } from './exudynFigures.ts';
import { buildSingleMass } from '../testModels/perfSpringDamperExplicit.ts';

function prepareSingleMass(steps: number, stepSize: number, solver: DynamicSolverType, configure: (s: SimulationSettings) => void): PreparedBenchmark {
  const { mbs, node } = buildSingleMass();
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.endTime = steps * stepSize;
  configure(settings);
  return {
    coordinates: mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE(),
    steps,
    solve: () => { mbs.solveDynamic(settings, solver); },
    check: () => `x = ${mbs.getNodeOutput(node, OutputVariableType.Position)[0].toPrecision(12)} (static 0.52)`,
  };
}

/** Exudyn's perfSpringDamperExplicit: explicit Euler, h = 1e-4, 5 000 000 steps to t = 500, no end-of-step accelerations. */
export const perfSpringDamperExplicit: Benchmark = {
  name: 'perfSpringDamperExplicit',
  description: 'one mass point on a coordinate spring-damper, ExplicitEuler, h = 1e-4, computeEndOfStepAccelerations = false',
  repetitions: 3,
  steps: 5_000_000,
  warmUpSteps: 500_000,
  comparison: exudynFigure('perfSpringDamperExplicit'),
  prepare: (steps) => prepareSingleMass(steps, 1e-4, DynamicSolverType.ExplicitEuler, (s) => {
    s.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = false;
  }),
};

/**
 * The same mass, generalized-α (ρ∞ = 0.9, full Newton, dense LU), h = 2e-3, 1 000 000 steps:
 * the implicit per-step overhead. Compared with Exudyn's perfRigidPendulum (3 coordinates,
 * 2 constraints, modified Newton), the closest implicit figure the issue gives.
 */
export const implicitSingleMass: Benchmark = {
  name: 'implicitSingleMass',
  description: 'one mass point on a coordinate spring-damper with a load, GeneralizedAlpha ρ∞ = 0.9, EXUdense, h = 2e-3',
  repetitions: 3,
  steps: 1_000_000,
  warmUpSteps: 100_000,
  comparison: exudynFigure('perfRigidPendulum', 'a related model: 3 coordinates, 2 constraints, modified Newton'),
  prepare: (steps) => prepareSingleMass(steps, 2e-3, DynamicSolverType.GeneralizedAlpha, () => {}),
};

/** The benchmarks of this file, in report order. */
export const singleMassBenchmarks: readonly Benchmark[] = [perfSpringDamperExplicit, implicitSingleMass];
