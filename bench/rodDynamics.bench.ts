/**
 * Dynamic Cosserat-rod benchmarks (generalized-α, sparse LU):
 * - the Wilberforce pendulum of examples/wilberforce.ts, 18 quadratic elements + bob, 800 steps of 5e-3 s (4 s), from the
 *   pulled-down static equilibrium (k·10 mm, static solve untimed). CardiLLo: 275 s with backward Euler
 *   (0.34 s per step, 3.1 Newton iterations per step); the goal is under 5 s;
 * - a straight steel cantilever of 200 quadratic elements (1 m, wire radius 5 mm) in free vibration from a smooth
 *   velocity field, 1000 steps of 1e-4 s, ρ∞ = 0.8;
 * - the suture thread of examples/sutureThread.ts, 50 quadratic elements, 2000 steps of 1e-3 s.
 * The checks report Newton iterations and the wall and CPU time of the last run (CPU time is the steadier figure on a
 * loaded machine).
 * @module
 */

import { buildWilberforce, pullDown, wilberforceSettings } from '../examples/wilberforce.ts';
import { buildSutureThread, sutureDynamicSettings } from '../examples/sutureThread.ts';
import {
  SystemContainer, SimulationSettings, LinearSolverType, ConfigurationType, OutputVariableType, ObjectGround, MarkerBodyRigid, GenericJoint,
  CircularCrossSection, rodStiffnessFromMaterial, type MainSystem, type SolverStatistics,
} from '../src/index.ts';
import type { Benchmark, PreparedBenchmark } from './harness.ts';

/** A prepared dynamic run: solve() is solveDynamic; the check adds iterations, CPU time and the model's own line. */
function timedDynamic(mbs: MainSystem, settings: SimulationSettings, steps: number, extra: () => string): PreparedBenchmark {
  let statistics: SolverStatistics | undefined;
  let seconds = 0;
  let cpuSeconds = 0;
  return {
    coordinates: mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE(),
    steps,
    solve: () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      statistics = mbs.solveDynamic(settings);
      seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      cpuSeconds = (used.user + used.system) / 1e6;
    },
    check: () => {
      const s = statistics;
      if (s === undefined) return 'not run';
      return `${s.steps} steps (${s.rejectedSteps} rejected), ${s.newtonIterations} Newton iterations (${(s.newtonIterations / Math.max(s.steps, 1)).toFixed(2)} per step); `
        + `last run ${seconds.toFixed(3)} s wall, ${cpuSeconds.toFixed(3)} s CPU; ${extra()}`;
    },
  };
}

function prepareWilberforce(steps: number): PreparedBenchmark {
  const model = buildWilberforce();
  pullDown(model);
  const stepSize = 5e-3;
  const settings = wilberforceSettings(steps * stepSize, stepSize);
  return timedDynamic(model.mbs, settings, steps, () => {
    const [z, theta] = model.mbs.getSensorValues(model.sensor) as number[];
    return `bob at the end z = ${(1000 * z).toFixed(3)} mm, θ = ${theta.toFixed(4)} rad`;
  });
}

/** 200 quadratic elements, 1 m steel cantilever (wire radius 5 mm) clamped at x = 0, velocity ∝ (x/L)² in y and z. */
function prepareFreeVibration(steps: number): PreparedBenchmark {
  const mbs = new SystemContainer().addSystem();
  const length = 1;
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Straight', length }, numberOfElements: 200, polynomialDegree: 2,
    rodParameters: rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: 0.005 }), E: 2.1e11, nu: 0.3, density: 7850 }),
  });
  const ground = mbs.addObject(ObjectGround({}));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod.objectNumber, localPosition: [0, 0, 0] }))] }));
  mbs.assemble();
  const u = mbs.systemData.getODE2Coordinates_t(ConfigurationType.Initial);
  const compiled = mbs.compiled();
  rod.nodeNumbers.forEach((node, i) => {
    const x = (i / (rod.nodeNumbers.length - 1)) ** 2;
    u[compiled.nodes[node].uIndex + 1] = 0.1 * x;
    u[compiled.nodes[node].uIndex + 2] = 0.05 * x;
  });
  mbs.systemData.setODE2Coordinates_t(u, ConfigurationType.Initial);
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.endTime = steps * 1e-4;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
  // the residual stalls at its round-off floor, measured 1.5e-5 … 2.1e-5 N (EA = 1.6e7 N, 2406 coordinates)
  settings.timeIntegration.newton.absoluteTolerance = 1e-4;
  const tip = rod.nodeNumbers[rod.nodeNumbers.length - 1];
  return timedDynamic(mbs, settings, steps, () => `tip displacement ${mbs.getNodeOutput(tip, OutputVariableType.Displacement).map((v) => v.toExponential(3)).join(', ')} m`);
}

function prepareSuture(steps: number): PreparedBenchmark {
  const model = buildSutureThread('dynamic');
  const settings = sutureDynamicSettings(steps * 1e-3, 1e-3);
  return timedDynamic(model.mbs, settings, steps, () => `middle y = ${(1000 * model.mbs.getNodeOutput(model.middleNode, OutputVariableType.Position)[1]).toFixed(6)} mm`);
}

/** The rod dynamics benchmarks in report order. */
export function rodDynamicsBenchmarks(): Benchmark[] {
  return [
    {
      name: 'rod Wilberforce p2×18 800 steps',
      description: 'Wilberforce pendulum: helical spring of 18 quadratic rod elements + steel cylinder bob, gravity, generalized-α ρ∞ = 0.8, h = 5e-3 s, 4 s, sparse LU',
      repetitions: 3,
      steps: 800,
      warmUpSteps: 40,
      comparison: { seconds: 5, source: 'goal of the issue: under 5 s (CardiLLo 275 s with backward Euler, 3.1 Newton iterations per step)' },
      prepare: prepareWilberforce,
    },
    {
      name: 'rod free vibration p2×200 1000 steps',
      description: 'straight steel cantilever, 200 quadratic elements (2406 velocity coordinates), free vibration, generalized-α ρ∞ = 0.8, h = 1e-4 s, sparse LU',
      repetitions: 3,
      steps: 1000,
      warmUpSteps: 20,
      prepare: prepareFreeVibration,
    },
    {
      name: 'rod suture thread p2×50 2000 steps',
      description: 'suture thread, 50 quadratic elements, middle pulled 5 mm over 0.5 s, generalized-α ρ∞ = 0.8, h = 1e-3 s, 2 s, sparse LU',
      repetitions: 3,
      steps: 2000,
      warmUpSteps: 50,
      prepare: prepareSuture,
    },
  ];
}
