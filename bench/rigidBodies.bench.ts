/**
 * Rigid-body benchmarks: Exudyn's rigid-body test models as ported in testModels/ (heavyTop,
 * sliderCrank3Dtest, fourBarMechanismTest, sphericalJointTest, perfRigidPendulum) with their own settings, a planar
 * chain of 100 Euler-parameter bodies on revolute joints, and Exudyn's performance model
 * perf3DRigidBodies (400 bodies, 2800 ODE2 coordinates, 2400 constraints, 1000 steps).
 * All implicit, file output off; the sparse solver where Exudyn uses it.
 * @module
 */

import {
  SystemContainer, SimulationSettings, MainSystem, InertiaCuboid, LinearSolverType, OutputVariableType, type SolverStatistics,
} from '../src/index.ts';
import { formatDuration, type Benchmark, type PreparedBenchmark } from './harness.ts';
import { exudynFigure } from './exudynFigures.ts';
import type { TestModel } from '../testModels/testModel.ts';
import { testModelError } from '../testModels/testModel.ts';
import { heavyTop } from '../testModels/heavyTop.ts';
import { sliderCrank3Dtest } from '../testModels/sliderCrank3Dtest.ts';
import { fourBarMechanismTest } from '../testModels/fourBarMechanismTest.ts';
import { sphericalJointTest } from '../testModels/sphericalJointTest.ts';
import { perfRigidPendulum } from '../testModels/perfRigidPendulum.ts';
import { perf3DRigidBodies, buildPerf3DRigidBodies, perf3DRigidBodiesResult, perf3DRigidBodiesSettings } from '../testModels/perf3DRigidBodies.ts';

/** A test model's system and settings, captured from its run() before the solve. */
interface CapturedSolve {
  mbs: MainSystem;
  settings: SimulationSettings;
  solverType: Parameters<MainSystem['solveDynamic']>[1];
}

/**
 * Builds a ported test model by running its run() with MainSystem.solveDynamic replaced by a recorder, so that
 * the model is built and assembled with the test's own code and settings but not solved (what run() computes
 * afterwards from the unsolved state is discarded).
 */
function captureSolve(model: TestModel): CapturedSolve {
  const original = MainSystem.prototype.solveDynamic;
  let captured: CapturedSolve | undefined;
  MainSystem.prototype.solveDynamic = function (this: MainSystem, settings = new SimulationSettings(), solverType) {
    captured = { mbs: this, settings, solverType };
    return { steps: 0, rejectedSteps: 0, newtonIterations: 0, jacobianUpdates: 0, discontinuousIterations: 0, computationTime: 0 };
  };
  try {
    model.run();
  } finally {
    MainSystem.prototype.solveDynamic = original;
  }
  if (captured === undefined) throw new Error(`${model.name}: run() did not call solveDynamic`);
  return captured;
}

/** Runs a test model with file output and the solver's progress line switched off; returns its result. */
function runQuietly(model: TestModel): number {
  const original = MainSystem.prototype.solveDynamic;
  MainSystem.prototype.solveDynamic = function (this: MainSystem, settings = new SimulationSettings(), solverType) {
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.writeSolutionToFile = false;
    return original.call(this, settings, solverType);
  };
  try {
    return model.run();
  } finally {
    MainSystem.prototype.solveDynamic = original;
  }
}

/** Newton iterations per step of the last solve, for the check column. */
function newtonPerStep(statistics: SolverStatistics | undefined): string {
  return statistics === undefined || statistics.steps === 0 ? '' : `${(statistics.newtonIterations / statistics.steps).toFixed(2)} Newton iterations/step`;
}

/**
 * Runs a solve and returns its process CPU time (user + system) in seconds: on a machine shared with other jobs
 * the wall time the harness reports includes waiting for a core, the CPU time mostly not.
 */
function cpuSeconds(solve: () => void): number {
  const started = process.cpuUsage();
  solve();
  const used = process.cpuUsage(started);
  return (used.user + used.system) * 1e-6;
}

/** The CPU time of the last run per step, for the check column. */
function cpuPerStep(seconds: number, steps: number): string {
  return `CPU time of the last run ${formatDuration(seconds / steps)}/step`;
}

/** Options of a test model benchmark. */
interface ExudynFigureOptions {
  /** Warm-up steps (default: the model's step count). */
  readonly warmUpSteps?: number;
}

/**
 * A benchmark of a ported test model with its own settings (file output and progress output off); the step size
 * stays, the number of steps is the harness's. The check runs the complete test once more and reports its error.
 */
function testModelBenchmark(model: TestModel, repetitions: number, options: ExudynFigureOptions = {}): Benchmark {
  const reference = captureSolve(model).settings.timeIntegration;
  const steps = reference.numberOfSteps;
  const h = (reference.endTime - reference.startTime) / steps;
  return {
    name: model.name,
    description: `testModels/${model.name}.ts (Exudyn's ${model.name}.py) with its own solver settings, ${steps} steps of ${h} s`,
    repetitions,
    steps,
    warmUpSteps: options.warmUpSteps ?? steps,
    comparison: exudynFigure(model.name),
    prepare: (n) => {
      const { mbs, settings, solverType } = captureSolve(model);
      const ti = settings.timeIntegration;
      ti.numberOfSteps = n;
      ti.endTime = ti.startTime + n * h;
      ti.verboseMode = 0;
      settings.solutionSettings.writeSolutionToFile = false;
      let statistics: SolverStatistics | undefined;
      let cpu = 0;
      return {
        coordinates: mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE(),
        steps: n,
        solve: () => { cpu = cpuSeconds(() => { statistics = mbs.solveDynamic(settings, solverType); }); },
        check: () => {
          const result = runQuietly(model);
          return `result ${result} (${model.comparison} error ${testModelError(model, result).toExponential(1)} to Exudyn's reference), ${newtonPerStep(statistics)}, ${cpuPerStep(cpu, n)}`;
        },
      };
    },
  };
}

/** Bodies of the planar revolute chain. */
const chainBodies = 100;

/**
 * A horizontal chain of 100 Euler-parameter cuboids (0.2 × 0.02 × 0.02 m, ρ = 1000, created by createRigidBody)
 * along x, the first on the ground and each on its predecessor by a revolute joint about global z
 * (createRevoluteJoint), falling under gravity −9.81 y. Returns the last body.
 */
export function buildRevoluteChain(mbs: MainSystem, nBodies = chainBodies): number {
  const L = 0.2;
  const d = 0.02;
  const ground = mbs.createGround({ referencePosition: [0, 0, 0] });
  let previous = ground;
  for (let i = 0; i < nBodies; i++) {
    const body = mbs.createRigidBody({ inertia: InertiaCuboid(1000, [L, d, d]), referencePosition: [(i + 0.5) * L, 0, 0], gravity: [0, -9.81, 0] });
    mbs.createRevoluteJoint({ bodyNumbers: [previous, body], position: [i * L, 0, 0], axis: [0, 0, 1] });
    previous = body;
  }
  return previous;
}

function prepareRevoluteChain(steps: number): PreparedBenchmark {
  const mbs = new SystemContainer().addSystem();
  const last = buildRevoluteChain(mbs);
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.endTime = steps * 1e-3;
  settings.timeIntegration.verboseMode = 0;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  let statistics: SolverStatistics | undefined;
  let cpu = 0;
  return {
    coordinates: mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE(),
    steps,
    solve: () => { cpu = cpuSeconds(() => { statistics = mbs.solveDynamic(settings); }); },
    check: () => {
      const tip = mbs.getObjectOutputBody(last, OutputVariableType.Position, [0.1, 0, 0]);
      return `tip at t = ${(steps * 1e-3).toFixed(1)} s: [${Array.from(tip, (x) => x.toPrecision(8)).join(', ')}], ${newtonPerStep(statistics)}, ${cpuPerStep(cpu, steps)}`;
    },
  };
}

/** The planar chain: generalized-α with Exudyn's defaults (ρ∞ = 0.9, full Newton), EigenSparse, h = 1e-3. */
export const revoluteChainBenchmark: Benchmark = {
  name: 'revoluteChain100 gen-α',
  description: `${chainBodies} Euler-parameter cuboids on revolute joints (createRigidBody, createRevoluteJoint) falling from the horizontal, GeneralizedAlpha ρ∞ = 0.9, full Newton, EigenSparse, h = 1e-3`,
  repetitions: 3,
  steps: 2000,
  warmUpSteps: 200,
  prepare: prepareRevoluteChain,
};

function preparePerf3D(steps: number): PreparedBenchmark {
  const mbs = new SystemContainer().addSystem();
  const last = buildPerf3DRigidBodies(mbs);
  mbs.assemble();
  const settings = perf3DRigidBodiesSettings(steps);
  let statistics: SolverStatistics | undefined;
  let cpu = 0;
  return {
    coordinates: mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE(),
    steps,
    solve: () => { cpu = cpuSeconds(() => { statistics = mbs.solveDynamic(settings); }); },
    check: () => {
      const result = perf3DRigidBodiesResult(mbs, last);
      const error = steps === 1000 ? `, relative error ${(Math.abs(result - perf3DRigidBodies.reference) / perf3DRigidBodies.reference).toExponential(1)} to Exudyn's ${perf3DRigidBodies.reference}` : '';
      return `result ${result}${error}, ${newtonPerStep(statistics)}, ${cpuPerStep(cpu, steps)}`;
    },
  };
}

/** Exudyn's perf3DRigidBodies: 1000 steps; 3 timed runs (the minimum of the harness) after a 50-step warm-up. */
export const perf3DRigidBodiesBenchmark: Benchmark = {
  name: 'perf3DRigidBodies',
  description: 'Exudyn\'s perf3DRigidBodies.py: 400 Euler-parameter bodies on revolute joints (2800 ODE2, 2400 AE), GeneralizedAlpha ρ∞ = 0.8, modified Newton, EigenSparse, h = 1e-3 (Exudyn: 4 threads)',
  repetitions: 3,
  steps: 1000,
  warmUpSteps: 50,
  comparison: exudynFigure('perf3DRigidBodies', 'the script\'s 4 threads on 2 cores'),
  prepare: preparePerf3D,
};

/** The rigid-body benchmarks in report order (the test models' benchmarks read their settings when called). */
export function rigidBodyBenchmarks(): Benchmark[] {
  return [
    testModelBenchmark(heavyTop, 7),
    testModelBenchmark(sliderCrank3Dtest, 7),
    testModelBenchmark(fourBarMechanismTest, 7),
    testModelBenchmark(sphericalJointTest, 7),
    // 10⁶ steps per run: the harness's minimum of 3 runs after a 10⁵-step warm-up
    testModelBenchmark(perfRigidPendulum, 3, { warmUpSteps: 100_000 }),
    revoluteChainBenchmark,
    perf3DRigidBodiesBenchmark,
  ];
}
