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
 * Run `npx tsx examples/sutureThread.ts`. The builder is shared with test/rods/sutureThread.test.ts and the benchmarks.
 * @module
 */

import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid, GenericJoint,
  CircularCrossSection, rodStiffnessFromMaterial, type MainSystem, type RodStiffness, type SolverStatistics,
} from '../src/node.ts';

/** Thread data of the issue. */
export const sutureData = {
  /** Length L [m]. */
  length: 0.1,
  /** Radius [m]. */
  radius: 2e-4,
  /** Young's modulus E [Pa]. */
  E: 750e6,
  /** Density [kg/m³]. */
  density: 1300,
  /** Sideways pull of the middle d [m]. */
  pull: 0.005,
  /** Duration of the pull T [s]. */
  pullTime: 0.5,
  /** Elements. */
  numberOfElements: 50,
} as const;

/** Cross-section data (circle, G = E/3, i.e. ν = 0.5). */
export function sutureStiffness(): RodStiffness {
  return rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: sutureData.radius }), E: sutureData.E, G: sutureData.E / 3, density: sutureData.density });
}

/** String estimate of the tension T = EA(√(1 + (d/a)²) − 1), a = L/2. */
export function stringTension(): number {
  const a = sutureData.length / 2;
  return sutureStiffness().axialShear[0] * (Math.sqrt(1 + (sutureData.pull / a) ** 2) - 1);
}

/** The assembled thread. */
export interface SutureModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** The rod object. */
  rod: number;
  /** Rod nodes from x = 0 to x = L. */
  nodeNumbers: number[];
  /** The middle node (s = L/2). */
  middleNode: number;
}

/**
 * Builds the thread; the pull offset is y(t) = d (1 − cos(π t/T))/2 for t < T, d after (dynamic) or d·min(t, 1) (static:
 * the static solver's load time runs from 0 to 1).
 */
export function buildSutureThread(kind: 'dynamic' | 'static', polynomialDegree = 2): SutureModel {
  const { length, pull, pullTime, numberOfElements } = sutureData;
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({
    centerline: { type: 'Straight', length }, numberOfElements, polynomialDegree, rodParameters: sutureStiffness(),
  });
  const nodes = rod.nodeNumbers;
  const ground = mbs.addObject(ObjectGround({}));
  for (const [node, x] of [[nodes[0], 0], [nodes[nodes.length - 1], length]]) {
    const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [x, 0, 0] }));
    mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }))] }));
  }
  const middleNode = nodes[(nodes.length - 1) / 2];
  const offset = kind === 'static'
    ? (t: number) => pull * Math.min(t, 1)
    : (t: number) => (t < pullTime ? 0.5 * pull * (1 - Math.cos(Math.PI * t / pullTime)) : pull);
  const offsetVelocity = (t: number) => (kind === 'static' || t >= pullTime ? 0 : 0.5 * pull * Math.PI / pullTime * Math.sin(Math.PI * t / pullTime));
  mbs.addObject(GenericJoint({
    markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [length / 2, 0, 0] })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: middleNode }))],
    constrainedAxes: [0, 1, 0, 0, 0, 0],
    offsetUserFunction: (_mbs: unknown, t: number) => [0, offset(t), 0, 0, 0, 0],
    offsetUserFunction_t: (_mbs: unknown, t: number) => [0, offsetVelocity(t), 0, 0, 0, 0],
  }));
  mbs.assemble();
  return { mbs, rod: rod.objectNumber, nodeNumbers: nodes, middleNode };
}

/** Newton tolerance: the residual floor is ≈ 1e-13·EA (EA = 94 N); 1e-9 N is 2e-9 of the tension. */
const residualTolerance = 1e-9;

/** Generalized-α ρ∞ = 0.8, h = 1e-3 s, 2 s, sparse LU, fixed steps. */
export function sutureDynamicSettings(endTime = 2, stepSize = 1e-3): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = Math.round(endTime / stepSize);
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
  settings.timeIntegration.adaptiveStep = false;
  settings.timeIntegration.newton.absoluteTolerance = residualTolerance;
  settings.timeIntegration.verboseMode = 0;
  return settings;
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
  settings.staticSolver.newton.absoluteTolerance = residualTolerance;
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
