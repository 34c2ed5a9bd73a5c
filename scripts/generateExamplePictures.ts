/**
 * Produces the pictures of the examples index (docs/examples.md) by running the examples: scripts with sensor
 * files are run as they are (`node --import tsx examples/<name>.ts`) and their sensor files plotted with
 * plotSensor (or the figure an example plots itself is copied); the rod examples are built and solved through the builders they export. Writes
 * docs/images/<example>.svg. Run with `npm run pictures` (about a minute); the pictures are committed.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OutputVariableType, plotSensor } from '../src/node.ts';
import { buildHelicalSpring, castiglianoSpringStiffness, springData, springStiffness, textbookSpringStiffness } from '../examples/helicalSpring.ts';
import { helixLength, helixPosition, helixRadius, helixPitchParameter, solveHelixRollUp } from '../examples/helixRollUp.ts';
import { simulateSutureThread, solveSutureStatics, sutureData } from '../examples/sutureThread.ts';
import { buildWilberforce, simulateWilberforce } from '../examples/wilberforce.ts';
import { computedEnvelope, helicalBucklingAnalytic, solveHelicalBuckling } from '../examples/helicalBuckling.ts';
import { runContinuumSnake } from '../examples/continuumSnake.ts';
import { pulleyData, simulateThreadOverPulley } from '../examples/threadOverPulley.ts';
import { buildBeamTutorial, tutorialSettings } from '../examples/beamTutorial.ts';
import { eulerBernoulliFrequencies, freeVibration } from '../examples/dynamicCantilever.ts';
import { solveTimoshenkoCantilever, timoshenkoData, timoshenkoDeflection } from '../examples/timoshenkoCantilever.ts';
import { capstan } from '../examples/capstan.ts';
import { simulatePlectoneme } from '../examples/plectonemes.ts';
import { axialFriction, axialFrictionKineticEnergy, simulateAxialFriction } from '../examples/frictionValidation.ts';
import { catheterData, simulateCatheterInVessel, vesselAxis, vesselLength } from '../examples/catheterInVessel.ts';

/** The repository root. */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the pictures go. */
export const imageFolder = join(root, 'docs', 'images');

/** Runs an example script in the repository root (its sensor files land in solution/). */
function runExample(name: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'examples', `${name}.ts`)], { cwd: root, encoding: 'utf8' });
}

/** Rows [t, f(t)] on n + 1 points of [0, end]. */
function sampled(end: number, n: number, f: (t: number) => number): number[][] {
  return Array.from({ length: n + 1 }, (_, i) => [end * i / n, f(end * i / n)]);
}

function image(name: string): string {
  return join(imageFolder, `${name}.svg`);
}

/** examples/firstModel.ts: x(t) of the mass against the analytic cosine. */
function firstModel(): void {
  runExample('firstModel');
  const omega = Math.sqrt(800 / 2);
  plotSensor(undefined, [join(root, 'solution', 'sensor0.txt'), { data: sampled(1, 400, (t) => 0.5 + 0.01 * Math.cos(omega * t)), name: 'analytic' }], {
    components: 0, labels: ['Flexdyn, generalized-α', 'analytic 0.5 + x₀ cos ωt'], lineStyles: ['-', '--'],
    title: 'Mass on a spring', xLabel: 'time [s]', yLabel: 'x [m]', fileName: image('firstModel'),
  });
}

/** examples/demo.ts: displacements of both masses approaching the static deflection. */
function demo(): void {
  runExample('demo');
  plotSensor(undefined, [join(root, 'solution', 'demoMass1.txt'), join(root, 'solution', 'demoMass2.txt')], {
    components: 0, factors: 1000, labels: ['mass 1', 'mass 2'],
    title: 'Two-mass oscillator under a constant force', xLabel: 'time [s]', yLabel: 'displacement [mm]', fileName: image('demo'),
  });
}

/** examples/pendulumPort.ts: x and y of the pendulum mass over one small-angle period. */
function pendulumPort(): void {
  runExample('pendulumPort');
  plotSensor(undefined, join(root, 'solution', 'sensor0.txt'), {
    components: [0, 1], factors: [1000, 1000], offsets: [0, 0.8], labels: ['x', 'y + L'],
    title: 'Pendulum ported from Exudyn', xLabel: 'time [s]', yLabel: 'position [mm]', fileName: image('pendulumPort'),
  });
}

/** examples/helixRollUp.ts: the rod rolled up by a tip moment (top and side view) on the exact helix. */
function helixRollUp(): void {
  const { model, failure } = solveHelixRollUp({ polynomialDegree: 2, numberOfElements: 10, slenderness: 10 }, { loadSteps: 100 });
  if (failure !== undefined) throw new Error(`generateExamplePictures: helix roll-up failed: ${failure}`);
  const nodes = model.nodeNumbers.map((node, i) => [i, ...model.mbs.getNodeOutput(node, OutputVariableType.Position)]);
  const alphaEnd = helixLength / (helixRadius * Math.sqrt(1 + helixPitchParameter ** 2));
  const exact = Array.from({ length: 401 }, (_, i) => [i, ...helixPosition(alphaEnd * i / 400)]);
  plotSensor(undefined, [{ data: exact, name: 'exact' }, { data: nodes, name: 'nodes' }, { data: exact, name: 'exact' }, { data: nodes, name: 'nodes' }], {
    components: [1, 1, 2, 2], componentsX: [0, 0, 1, 1], lineStyles: ['-', '', '-', ''], markerStyles: ['', 'o', '', 's'],
    labels: ['exact helix, top view (y over x)', 'rod nodes, p = 2, 10 elements', 'exact helix, side view (z over y)', 'rod nodes'],
    title: 'Helix roll-up of a straight rod by a tip moment', xLabel: 'x (top view), y (side view)', yLabel: 'y (top view), z (side view)',
    fileName: image('helixRollUp'),
  });
}

/** examples/helicalSpring.ts: axial stiffness under refinement against the textbook and Castigliano values. */
function helicalSpring(): void {
  const perCoil = [3, 6, 12, 24];
  const rows = perCoil.map((n) => [n, springStiffness(buildHelicalSpring(n * springData.coils, 2))]);
  const flat = (value: number) => perCoil.map((n) => [n, value]);
  plotSensor(undefined, [{ data: rows, name: 'rod' }, { data: flat(castiglianoSpringStiffness()), name: 'Castigliano' }, { data: flat(textbookSpringStiffness), name: 'textbook' }], {
    components: 0, labels: ['Cosserat rod, p = 2', 'Castigliano (rod theory)', 'textbook G d⁴/(64 n R³)'],
    lineStyles: ['-', '--', ':'], markerStyles: ['o', '', ''],
    title: 'Helical spring: axial stiffness', xLabel: 'elements per coil', yLabel: 'k [N/m]', fileName: image('helicalSpring'),
  });
}

/** examples/wilberforce.ts: vertical displacement and rotation of the bob exchanging energy (the beat). */
function wilberforce(): void {
  const run = simulateWilberforce(buildWilberforce());
  const rows = run.rows;
  plotSensor(undefined, [{ data: rows, name: 'z' }, { data: rows, name: 'θ' }], {
    components: [0, 1], factors: [1000, 10], offsets: [run.meanDrop, 0], labels: ['z − z̄ [mm]', 'θ [0.1 rad]'],
    title: 'Wilberforce pendulum: vertical and torsional motion of the bob', xLabel: 'time [s]', yLabel: 'z − z̄ [mm], θ [0.1 rad]',
    fileName: image('wilberforce'),
  });
}

/** examples/sutureThread.ts: the pulled thread at the end of the dynamic run on the static solution. */
function sutureThread(): void {
  const dynamic = simulateSutureThread();
  const statics = solveSutureStatics();
  const shape = (positions: readonly number[]) => Array.from({ length: positions.length / 3 }, (_, i) => [i, 1000 * positions[3 * i], 1000 * positions[3 * i + 1]]);
  plotSensor(undefined, [{ data: shape(statics.positions), name: 'static' }, { data: shape(dynamic.positions), name: 'dynamic' }], {
    components: 1, componentsX: 0, lineStyles: ['-', ''], markerStyles: ['', 'o'], markerSizes: [6, 4],
    labels: ['static solution', 'end of the dynamic run, t = 2 s (generalized-α, h = 1 ms)'],
    title: `Suture thread pulled ${1000 * sutureData.pull} mm at the middle`, xLabel: 'x [mm]', yLabel: 'y [mm]', fileName: image('sutureThread'),
  });
}

/** examples/cantileverTipMass.ts: the tip-deflection figure the example plots itself (solution/cantileverTipMass.svg). */
function cantileverTipMass(): void {
  runExample('cantileverTipMass');
  copyFileSync(join(root, 'solution', 'cantileverTipMass.svg'), image('cantileverTipMass'));
}

/** examples/helicalBuckling.ts: the normalized envelope of 200 SE3 elements against van der Heijden's localized helix. */
function helicalBuckling(): void {
  const { model } = solveHelicalBuckling({ numberOfElements: 200 }, 50);
  const computed = computedEnvelope(model), analytic = helicalBucklingAnalytic();
  const exact = Array.from({ length: 401 }, (_, i) => { const s = -50 + 100 * i / 400; return [s, analytic.envelope(s)]; });
  plotSensor(undefined, [{ data: exact, name: 'analytic' }, { data: computed.s.map((s, k) => [s, computed.envelope[k]]), name: 'rod' }], {
    components: 0, lineStyles: ['-', ''], markerStyles: ['', 'o'], markerSizes: [6, 3],
    labels: ['van der Heijden et al.: tanh²(√(4t − m²) s/2L)', 'rod, 200 SE3 elements, 50 load steps'],
    title: 'Helical buckling: envelope (cos φ − cos φ_max)/(1 − cos φ_max)', xLabel: 's from the middle', yLabel: 'envelope', fileName: image('helicalBuckling'),
  });
}

/** examples/continuumSnake.ts: the body (top view) at t = 2, 3 and 4 s, the paper's gait at h = T/50 (run to 4 s). */
function continuumSnake(): void {
  const { model } = runContinuumSnake({ stepsPerPeriod: 50, endTime: 4 });
  const columns = model.sensors.map((sensor) => model.mbs.getSensorStoredData(sensor));
  const shapeAt = (time: number) => {
    const row = columns[0].findIndex((r) => r[0] >= time - 1e-9);
    return columns.map((column, k) => [k, column[row][1], column[row][2]]);
  };
  const times = [2, 3, 4];
  plotSensor(undefined, times.map((t) => ({ data: shapeAt(t), name: `t = ${t} s` })), {
    components: 1, componentsX: 0, labels: times.map((t) => `t = ${t} s`),
    title: 'Continuum snake, the paper\'s gait: body from above (head at the right)', xLabel: 'x [m]', yLabel: 'y [m]', fileName: image('continuumSnake'),
  });
}

/** examples/beamTutorial.ts: the static shapes of the geometrically exact beam and the ANCF cable (the same cantilever). */
function beamTutorial(): void {
  const model = buildBeamTutorial();
  const settings = tutorialSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.verboseMode = 0;
  model.mbs.solveStatic(settings);
  const shape = (nodes: number[]) => nodes.map((node, k) => {
    const p = model.mbs.getNodeOutput(node, OutputVariableType.Position);
    return [k, p[0], p[1]];
  });
  plotSensor(undefined, [{ data: shape(model.beamNodes), name: 'beam' }, { data: shape(model.cableNodes), name: 'cable' }], {
    components: 1, componentsX: 0, lineStyles: ['-', ''], markerStyles: ['', 'o'], markerSizes: [6, 4],
    labels: ['geometrically exact beam (Beam2D), 16 elements', 'ANCF cable (Cable2D), 16 elements'],
    title: 'beamTutorial: both strips clamped under their weight (static)', xLabel: 'x [m]', yLabel: 'y [m]', fileName: image('beamTutorial'),
  });
}

/** examples/threadOverPulley.ts: the thread on the pulley at the start and after 0.3 s (the heavier mass went down). */
function threadOverPulley(): void {
  const shape = (model: ReturnType<typeof simulateThreadOverPulley>['model']) => model.nodeNumbers.map((node, i) => {
    const p = model.mbs.getNodeOutput(node, OutputVariableType.Position);
    return [i, 100 * p[0], 100 * p[1]];
  });
  const start = shape(simulateThreadOverPulley(0.001).model), end = shape(simulateThreadOverPulley(0.3).model);
  const pulley = Array.from({ length: 121 }, (_, i) => [i, 100 * pulleyData.pulleyRadius * Math.cos(i * Math.PI / 60), 100 * pulleyData.pulleyRadius * Math.sin(i * Math.PI / 60)]);
  plotSensor(undefined, [{ data: pulley, name: 'pulley' }, { data: start, name: 'start' }, { data: end, name: 'end' }], {
    components: 1, componentsX: 0, lineStyles: ['-', '-', ''], markerStyles: ['', '', 'o'], markerSizes: [4, 4, 3],
    labels: ['pulley', 'thread at the start', 'thread at t = 0.3 s (nodes)'],
    title: 'Thread over a pulley (Atwood): m1 = 1 kg left, m2 = 1.5 kg right', xLabel: 'x [cm]', yLabel: 'y [cm]', fileName: image('threadOverPulley'),
  });
}

/** examples/dynamicCantilever.ts: the free end over 4 periods against (v_end/ω₁) sin ω₁t of Euler–Bernoulli. */
function dynamicCantilever(): void {
  const run = freeVibration(100, 4, 1), omega = eulerBernoulliFrequencies[0];
  plotSensor(undefined, [{ data: run.t.map((t, k) => [t, 1000 * run.y[k]]), name: 'rod' }, { data: sampled(run.t[run.t.length - 1], 400, (t) => 1000 * run.amplitude * Math.sin(omega * t)), name: 'analytic' }], {
    components: 0, lineStyles: ['', '--'], markerStyles: ['o', ''], markerSizes: [3, 6],
    labels: ['rod, 8 cubic elements, generalized-α h = T₁/100', 'Euler–Bernoulli mode 1: (v_end/ω₁) sin ω₁t'],
    title: 'Dynamic cantilever: free-end deflection', xLabel: 'time [s]', yLabel: 'y [mm]', fileName: image('dynamicCantilever'),
  });
}

/** examples/timoshenkoCantilever.ts: the deflection curve of one static solve against the linear Timoshenko curve. */
function timoshenkoCantilever(): void {
  const { L, force } = timoshenkoData;
  const result = solveTimoshenkoCantilever(force, 8, 2);
  plotSensor(undefined, [{ data: sampled(L, 300, (s) => timoshenkoDeflection(s, force)), name: 'Timoshenko' }, { data: result.curve, name: 'rod' }], {
    components: 0, lineStyles: ['-', ''], markerStyles: ['', 'o'], markerSizes: [6, 4],
    labels: ['Timoshenko: F s/(α_c G A) + F L s²/(2EI) − F s³/(6EI)', 'rod nodes, 8 quadratic elements, one static solve'],
    title: 'Timoshenko cantilever under an end force of 15 N', xLabel: 's [m]', yLabel: 'y [m]', fileName: image('timoshenkoCantilever'),
  });
}

/** examples/capstan.ts: the thread wrapped by π over the turning drum at the end of the run. */
function capstanPicture(): void {
  const result = capstan(Math.PI, 0.3);
  const drum = Array.from({ length: 121 }, (_, i) => [i, 10 * Math.cos(i * Math.PI / 60), 10 * Math.sin(i * Math.PI / 60)]);
  plotSensor(undefined, [{ data: drum, name: 'drum' }, { data: result.shape.map(([x, y], i) => [i, 100 * x, 100 * y]), name: 'thread' }], {
    components: 1, componentsX: 0, lineStyles: ['-', ''], markerStyles: ['', 'o'], markerSizes: [4, 3],
    labels: ['drum, radius 10 cm', `thread (nodes): T1/T2 = ${result.ratio.toFixed(4)}, e^{μθ} = ${Math.exp(0.3 * Math.PI).toFixed(4)}`],
    title: 'Capstan: θ = π, μ = 0.3, end 1 (left) loaded, end 2 (right) held', xLabel: 'x [cm]', yLabel: 'y [cm]', fileName: image('capstan'),
  });
}

/** examples/plectonemes.ts: the 10-turn rod after the release, seen along its axis x (the loop) and from the side. */
function plectonemes(): void {
  const { model } = simulatePlectoneme({ numberOfElements: 60, slack: 15, radius: 0.4, contactStiffness: 50, turns: 10, steps: 80 });
  const points = model.nodeNumbers.map((node, i) => [i, ...model.mbs.getNodeOutput(node, OutputVariableType.Position)]);
  const loop = points.filter(([, x]) => x > 70);
  plotSensor(undefined, [{ data: loop.map(([i, , y, z]) => [i, y, z]), name: 'along x' }, { data: loop.map(([i, x, , z]) => [i, x - 80, z]), name: 'side' }], {
    components: 1, componentsX: 0, lineStyles: ['-', '-'], markerStyles: ['o', 'o'], markerSizes: [3, 3],
    labels: ['seen along the rod axis: (y, z)', 'seen from the side: (x − 80, z)'],
    title: 'Plectoneme: 10 end turns, slack 15, self contact (nodes with x > 70)', xLabel: 'y or x − 80', yLabel: 'z', fileName: image('plectonemes'),
  });
}

/** examples/frictionValidation.ts: the kinetic energy after 0.25 s over PyElastica's axial force sweep against the closed form. */
function frictionValidation(): void {
  const forces = [...Array.from({ length: 22 }, (_, i) => -10.6 + 0.5 * i), ...Array.from({ length: 22 }, (_, i) => 0.5 * i)];
  const exact = sampled(21.2, 424, (x) => axialFrictionKineticEnergy(x - 10.6, axialFriction.endTime)).map(([x, e]) => [x - 10.6, e]);
  plotSensor(undefined, [
    { data: exact, name: 'closed form' },
    { data: forces.map((F) => [F, simulateAxialFriction(F, 250, true).energy]), name: 'elastic' },
    { data: forces.map((F) => [F, simulateAxialFriction(F, 250, false).energy]), name: 'viscous' },
  ], {
    components: 0, lineStyles: ['-', '', ''], markerStyles: ['', 'o', 'x'], markerSizes: [6, 5, 5],
    labels: ['closed form t²(|F| − μ_k m g)²/(2m), 0 below μ_s m g', 'elastic stick/slip, 250 steps', 'viscous stick zone, 250 steps'],
    title: 'Axial friction: kinetic energy at t = 0.25 s over the pulling force', xLabel: 'F [N]', yLabel: 'kinetic energy [J]', fileName: image('frictionValidation'),
  });
}

/** examples/catheterInVessel.ts: the vessel's walls in the bend's plane and the catheter (μ = 0.3) at four times of the push. */
function catheterInVessel(): void {
  const wall = (side: number) => Array.from({ length: 201 }, (_, i) => {
    const { point, tangent } = vesselAxis(vesselLength() * i / 200);
    return [i, 1000 * (point[0] - side * catheterData.vesselRadius * tangent[1]), 1000 * (point[1] + side * catheterData.vesselRadius * tangent[0])];
  });
  const times = [0.15, 0.3, 0.45, 0.6];
  const shapes = times.map((t) => {
    const { model } = simulateCatheterInVessel(0.3, t);
    return model.nodeNumbers.map((node, i) => { const p = model.mbs.getNodeOutput(node, OutputVariableType.Position); return [i, 1000 * p[0], 1000 * p[1]]; });
  });
  plotSensor(undefined, [{ data: wall(1), name: 'wall' }, { data: wall(-1), name: 'wall' }, ...shapes.map((data, k) => ({ data, name: `t = ${times[k]} s` }))], {
    components: 1, componentsX: 0, lineStyles: ['-', '-', '-', '-', '-', '-'], markerStyles: ['', '', 'o', 'o', 'o', 'o'], markerSizes: [4, 4, 2, 2, 2, 2],
    labels: ['vessel wall', 'vessel wall', ...times.map((t) => `catheter at t = ${t} s`)],
    title: 'Catheter pushed through a bent vessel (μ = 0.3)', xLabel: 'x [mm]', yLabel: 'y [mm]', fileName: image('catheterInVessel'),
  });
}

/** The picture makers by example name. */
export const pictureMakers: Record<string, () => void> = { firstModel, demo, pendulumPort, helixRollUp, helicalSpring, wilberforce, sutureThread, cantileverTipMass, helicalBuckling, continuumSnake, beamTutorial, threadOverPulley,
  dynamicCantilever, timoshenkoCantilever, capstan: capstanPicture, plectonemes, frictionValidation, catheterInVessel };

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  mkdirSync(imageFolder, { recursive: true });
  const only = process.argv.slice(2);
  for (const [name, make] of Object.entries(pictureMakers)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const started = performance.now();
    make();
    console.log(`generateExamplePictures: docs/images/${name}.svg (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}
