/**
 * Stiff thin thread (the sixth example): a suture thread of length 10 cm, radius 0.2 mm, E = 750 MPa, G = E/3,
 * density 1300 kg/m³, 50 quadratic Cosserat rod elements along x, both ends clamped. Its middle node is pulled 5 mm
 * sideways (y) by a prescribed motion y(t) = d (1 − cos(π t/T))/2 over T = 0.5 s, then held: a GenericJoint that
 * constrains only the y translation between the ground and the middle node, with an offsetUserFunction.
 * Generalized-α (ρ∞ = 0.8) with h = 1e-3 s for 2 s, the case explicit rod codes need steps of 1e-8·Δl for.
 * The end state is compared with the static solution of the same pulled configuration (the same model, solved
 * statically with the offset ramped over 10 load steps) and with the string estimate T = EA(√(1 + (d/a)²) − 1),
 * a = L/2 (bending is negligible: √(EI/T) = 1.4 mm ≪ a).
 *
 * Run `npx tsx examples/sutureThread.ts`. The model definition is src/live/demos/sutureThread.ts (shared with the live
 * browser page); this file adds the comparison and is shared with test/rods/sutureThread.test.ts and the benchmarks.
 * @module
 */

import { pathToFileURL } from 'node:url';
import { SimulationSettings, OutputVariableType, LinearSolverType, type SolverStatistics } from '../src/node.ts';
import { sutureData, sutureStiffness, buildSutureThread, sutureDynamicSettings, sutureResidualTolerance, type SutureModel } from '../src/live/demos/sutureThread.ts';

/** The model definition (shared with the live page): src/live/demos/sutureThread.ts. */
export { sutureData, sutureStiffness, buildSutureThread, sutureDynamicSettings, sutureResidualTolerance } from '../src/live/demos/sutureThread.ts';
export type { SutureModel, SutureChanges } from '../src/live/demos/sutureThread.ts';

/** String estimate of the tension T = EA(√(1 + (d/a)²) − 1), a = L/2. */
export function stringTension(): number {
  const a = sutureData.length / 2;
  return sutureStiffness().axialShear[0] * (Math.sqrt(1 + (sutureData.pull / a) ** 2) - 1);
}

/** The state compared: tension and shape. */
export interface SutureState {
  /** Axial force n₁ at s = L/4 [N]. */
  tension: number;
  /** Nodal positions, 3 per node. */
  positions: number[];
  /** y of the middle node [m]. */
  middleY: number;
  /** Solver statistics. */
  statistics: SolverStatistics;
}

function state(model: SutureModel, statistics: SolverStatistics): SutureState {
  const { mbs } = model;
  return {
    tension: mbs.getObjectOutputBody(model.rod, OutputVariableType.ForceLocal, [sutureData.length / 4, 0, 0])[0],
    positions: model.nodeNumbers.flatMap((n) => mbs.getNodeOutput(n, OutputVariableType.Position)),
    middleY: mbs.getNodeOutput(model.middleNode, OutputVariableType.Position)[1],
    statistics,
  };
}

/** 2 s of the pull with generalized-α; the end state. */
export function simulateSutureThread(endTime = 2, stepSize = 1e-3): SutureState {
  const model = buildSutureThread('dynamic');
  const statistics = model.mbs.solveDynamic(sutureDynamicSettings(endTime, stepSize));
  return state(model, statistics);
}

/** The static solution of the pulled thread (offset ramped over 10 load steps). */
export function solveSutureStatics(): SutureState {
  const model = buildSutureThread('static');
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.staticSolver.numberOfLoadSteps = 10;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.newton.absoluteTolerance = sutureResidualTolerance;
  settings.staticSolver.newton.relativeTolerance = 0;
  const statistics = model.mbs.solveStatic(settings);
  return state(model, statistics);
}

function main(): void {
  const started = performance.now();
  const dynamic = simulateSutureThread();
  const seconds = (performance.now() - started) / 1000;
  const statics = solveSutureStatics();
  let shape = 0;
  for (let i = 0; i < dynamic.positions.length; i++) shape = Math.max(shape, Math.abs(dynamic.positions[i] - statics.positions[i]));
  console.log('Suture thread: L = 10 cm, r = 0.2 mm, E = 750 MPa, G = E/3, ρ = 1300 kg/m³, 50 quadratic elements, both ends clamped;');
  console.log('middle pulled 5 mm sideways over 0.5 s, generalized-α ρ∞ = 0.8, h = 1e-3 s, 2 s');
  console.log(`dynamic: ${dynamic.statistics.steps} steps, ${dynamic.statistics.newtonIterations} Newton iterations, ${seconds.toFixed(2)} s; middle y = ${(1000 * dynamic.middleY).toFixed(6)} mm`);
  console.log(`tension n₁(L/4): dynamic ${dynamic.tension.toFixed(6)} N, static ${statics.tension.toFixed(6)} N (${((dynamic.tension / statics.tension - 1)).toExponential(2)} relative), `
    + `string estimate EA(√(1 + (d/a)²) − 1) = ${stringTension().toFixed(6)} N`);
  console.log(`shape: largest nodal distance dynamic − static ${shape.toExponential(3)} m (${(shape / sutureData.pull).toExponential(2)} of the pull); static: ${statics.statistics.newtonIterations} Newton iterations`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
