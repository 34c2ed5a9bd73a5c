/**
 * Hostile cases of the settings, solver and run classes of issue 12, one row per case: what the hostile user does, the
 * class, and the expected behaviour (an error message pattern, or 'ok' for a run that must finish with finite results).
 * After every failed run the state must be finite and all sensor tables equally long (a step is all or nothing).
 * @module
 */
import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, DynamicSolverType, NodeGenericODE2, ObjectGenericODE2, MarkerNodeCoordinate, LoadCoordinate,
  SensorNode, SensorUserFunction, NodePoint, MassPoint, MarkerNodePosition, LoadForceVector, NodePointGround, CoordinateSpringDamper,
  OutputVariableType, FlexdynError, type MainSystem,
} from '../../src/index.ts';
import { TimeIntegrationSettings } from '../../src/solvers/SimulationSettings.ts';
import { maximumRejectionsPerStep } from '../../src/solvers/stepLoop.ts';
import { setSettingPath } from './settingsHelpers.ts';

/** The hostile inputs a model may carry. */
interface Hooks {
  stiffness?: number;
  load?: (t: number) => unknown;
  force?: (t: number, q: number) => unknown;
  mass?: (t: number) => unknown;
  sensor?: (t: number) => unknown;
  preStep?: (mbs: MainSystem, t: number) => unknown;
  postNewton?: (mbs: MainSystem, t: number) => unknown;
}

/** The run context of one row: the model, its settings and the sensors. */
interface Context {
  mbs: MainSystem;
  settings: SimulationSettings;
  node: number;
  sensors: number[];
}

/** A damped oscillator with one GenericODE2 coordinate (m = 1, k = 100 unless given), a coordinate load and two stored sensors, no files. */
function oscillator(hooks: Hooks = {}): Context {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0.1] }));
  mbs.addObject(ObjectGenericODE2({
    nodeNumbers: [node], massMatrix: [[1]], stiffnessMatrix: [[hooks.stiffness ?? 100]], dampingMatrix: [[0.1]],
    ...(hooks.force === undefined ? {} : { forceUserFunction: ((_m: unknown, t: number, _i: number, q: ArrayLike<number>) => hooks.force!(t, q[0])) as never }),
    ...(hooks.mass === undefined ? {} : { massMatrixUserFunction: ((_m: unknown, t: number) => hooks.mass!(t)) as never }),
  }));
  const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: 1, ...(hooks.load === undefined ? {} : { loadUserFunction: ((_m: unknown, t: number) => hooks.load!(t)) as never }) }));
  const nodeSensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false }));
  const userSensor = mbs.addSensor(SensorUserFunction({
    storeInternal: true, writeToFile: false,
    sensorUserFunction: ((_m: unknown, t: number) => (hooks.sensor === undefined ? [t] : hooks.sensor(t))) as never,
  }));
  if (hooks.preStep !== undefined) mbs.setPreStepUserFunction((m, t) => hooks.preStep!(m, t) as boolean);
  if (hooks.postNewton !== undefined) mbs.setPostNewtonUserFunction((m, t) => hooks.postNewton!(m, t) as [number, number]);
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 0.2;
  settings.timeIntegration.numberOfSteps = 20;
  settings.staticSolver.numberOfLoadSteps = 5;
  settings.staticSolver.verboseMode = 0;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  return { mbs, settings, node, sensors: [nodeSensor, userSensor] };
}

/** A point mass on a spring in x (y, z free) with a LoadForceVector whose user function is hostile. */
function vectorLoad(loadVector: (t: number) => unknown): Context {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
  const m0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const m1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addObject(CoordinateSpringDamper({ markerNumbers: [m0, m1], stiffness: 100 }));
  const position = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
  mbs.addLoad(LoadForceVector({ markerNumber: position, loadVectorUserFunction: ((_m: unknown, t: number) => loadVector(t)) as never }));
  const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false }));
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 0.2;
  settings.timeIntegration.numberOfSteps = 20;
  settings.solutionSettings.writeSolutionToFile = false;
  return { mbs, settings, node, sensors: [sensor] };
}

type Class = 'settings' | 'endless solve' | 'explicit state' | 'user-function result' | 'throwing user function' | 'run-time change';
type Solve = 'dynamic' | 'static' | 'eigen' | DynamicSolverType;

/** One hostile case. */
interface Row {
  /** What the hostile user does. */
  input: string;
  /** The class of issue 12. */
  class: Class;
  /** The model (default: the oscillator without hooks). */
  model?: () => Context;
  /** Changes to the settings. */
  settings?: (s: SimulationSettings) => void;
  /** The solve (default: GeneralizedAlpha). */
  solve?: Solve;
  /** Expected: the message pattern of the FlexdynError, or 'ok'. */
  expected: RegExp | 'ok';
  /** Further checks after the run. */
  after?: (context: Context) => void;
}

const set = (path: string, value: unknown) => (s: SimulationSettings): void => setSettingPath(s, path, value);
const rejects = (path: string, message: string): RegExp => new RegExp(`^SimulationSettings: ${path.replace(/[.[\]()]/g, '\\$&')} ${message}`);
const runFailure = (cause: string): RegExp => new RegExp(`failed at t = [\\d.e-]+ \\(step \\d+, step size [\\d.e-]+\\): .*${cause}.*; the state of t = [\\d.e-]+ is kept`);
const stiff = (): Context => oscillator({ stiffness: 1e12 });
const moderatelyStiff = (): Context => oscillator({ stiffness: 1e8 });
const nanAfter = (t0: number) => (t: number): number => (t > t0 ? Number.NaN : 0);
const keepsLoadAndResults = (context: Context): void => {
  expect(context.mbs.getLoad(0).load).toBe(1);
  expect(context.mbs.getSensorStoredData(context.sensors[0]).length).toBeGreaterThan(0);
  expect(Number.isFinite(context.mbs.getNodeOutput(context.node, OutputVariableType.Coordinates)[0])).toBe(true);
};

const rows: Row[] = [
  // settings: names, types, ranges, dependencies, own keys
  { input: 'misspelled timeIntegration.endtime = 5', class: 'settings', settings: set('timeIntegration.endtime', 5), expected: /^SimulationSettings: timeIntegration\.endtime is not a setting of TimeIntegrationSettings \(did you mean 'timeIntegration\.endTime'\?\)/ },
  { input: 'misspelled top-level timeintegration', class: 'settings', settings: set('timeintegration', {}), expected: /timeintegration is not a setting of SimulationSettings \(did you mean 'timeIntegration'\?\)/ },
  { input: 'misspelled newton.maxIteration', class: 'settings', settings: set('timeIntegration.newton.maxIteration', 5), expected: /did you mean 'timeIntegration\.newton\.maxIterations'/ },
  { input: 'misspelled staticSolver.numberOfLoadStep', class: 'settings', solve: 'static', settings: set('staticSolver.numberOfLoadStep', 5), expected: /did you mean 'staticSolver\.numberOfLoadSteps'/ },
  { input: "own key 'constructor' in timeIntegration", class: 'settings', settings: set('timeIntegration.constructor', 1), expected: /timeIntegration\.constructor is not a setting/ },
  { input: "own key 'toString' in newton", class: 'settings', settings: set('timeIntegration.newton.toString', 1), expected: /timeIntegration\.newton\.toString is not a setting/ },
  { input: "own key '__proto__' (JSON) in solutionSettings", class: 'settings', settings: (s) => { Object.defineProperty(s.solutionSettings, '__proto__', { value: {}, enumerable: true }); }, expected: /solutionSettings\.__proto__ is not a setting/ },
  { input: 'timeIntegration replaced by an object inheriting every value', class: 'settings', settings: set('timeIntegration', Object.create(new TimeIntegrationSettings())), expected: rejects('timeIntegration.numberOfSteps', 'is missing') },
  { input: 'settings = null', class: 'settings', settings: () => {}, model: () => ({ ...oscillator(), settings: null as unknown as SimulationSettings }), expected: /^SimulationSettings: the settings must be a SimulationSettings object, got null/ },
  { input: 'settings = {}', class: 'settings', model: () => ({ ...oscillator(), settings: {} as SimulationSettings }), expected: rejects('timeIntegration', 'is missing') },
  { input: 'timeIntegration.newton = []', class: 'settings', settings: set('timeIntegration.newton', []), expected: /timeIntegration\.newton must be a NewtonSettings object, got array/ },
  { input: "endTime = '5' (string)", class: 'settings', settings: set('timeIntegration.endTime', '5'), expected: rejects('timeIntegration.endTime', 'must be a finite number, got string "5"') },
  { input: 'endTime < startTime', class: 'settings', settings: set('timeIntegration.endTime', -1), expected: rejects('timeIntegration.endTime', 'must be greater than timeIntegration.startTime = 0, got -1') },
  { input: 'endTime = startTime', class: 'settings', settings: (s) => { s.timeIntegration.startTime = 0.2; }, expected: rejects('timeIntegration.endTime', 'must be greater than') },
  { input: 'endTime = NaN', class: 'settings', settings: set('timeIntegration.endTime', Number.NaN), expected: rejects('timeIntegration.endTime', 'must be a finite number, got number NaN') },
  { input: 'endTime = Infinity', class: 'settings', settings: set('timeIntegration.endTime', Number.POSITIVE_INFINITY), expected: rejects('timeIntegration.endTime', 'must be a finite number, got number Infinity') },
  { input: 'startTime = −Infinity', class: 'settings', settings: set('timeIntegration.startTime', Number.NEGATIVE_INFINITY), expected: rejects('timeIntegration.startTime', 'must be a finite number') },
  { input: 'startTime = −1e308, endTime = 1e308 (span overflows)', class: 'settings', settings: (s) => { s.timeIntegration.startTime = -1e308; s.timeIntegration.endTime = 1e308; }, expected: /must be a finite span/ },
  { input: "unknown linearSolverType 'Pardiso'", class: 'settings', settings: set('linearSolverType', 'Pardiso'), expected: rejects('linearSolverType', "must be one of 'EXUdense', 'EigenSparse', 'EigenDense', got string \"Pardiso\"") },
  { input: "linearSolverType in wrong case 'eigensparse'", class: 'settings', settings: set('linearSolverType', 'eigensparse'), expected: rejects('linearSolverType', 'must be one of') },
  { input: 'outputPrecision = 0', class: 'settings', settings: set('solutionSettings.outputPrecision', 0), expected: rejects('solutionSettings.outputPrecision', 'must be an integer in 1 … 17, got number 0') },
  { input: 'outputPrecision = 18', class: 'settings', settings: set('solutionSettings.outputPrecision', 18), expected: rejects('solutionSettings.outputPrecision', 'must be an integer in 1 … 17') },
  { input: 'outputPrecision = 2.5', class: 'settings', settings: set('solutionSettings.outputPrecision', 2.5), expected: rejects('solutionSettings.outputPrecision', 'must be an integer') },
  { input: "outputPrecision = '10'", class: 'settings', settings: set('solutionSettings.outputPrecision', '10'), expected: rejects('solutionSettings.outputPrecision', 'must be an integer in 1 … 17, got string "10"') },
  { input: 'staticSolver.numberOfLoadSteps = 0', class: 'settings', solve: 'static', settings: set('staticSolver.numberOfLoadSteps', 0), expected: rejects('staticSolver.numberOfLoadSteps', 'must be an integer in 1 … 2147483647, got number 0') },
  { input: 'numberOfSteps = 1.5', class: 'settings', settings: set('timeIntegration.numberOfSteps', 1.5), expected: rejects('timeIntegration.numberOfSteps', 'must be an integer') },
  { input: 'numberOfSteps = −3', class: 'settings', settings: set('timeIntegration.numberOfSteps', -3), expected: rejects('timeIntegration.numberOfSteps', 'must be an integer in 1') },
  { input: 'numberOfSteps = 10·0.1/0.1 (10.000000000000002, a float count)', class: 'settings', settings: set('timeIntegration.numberOfSteps', 20 * (0.1 / 0.1) + 2e-15), expected: 'ok' },
  { input: 'adaptiveStep = 1 (number for a flag)', class: 'settings', settings: set('timeIntegration.adaptiveStep', 1), expected: rejects('timeIntegration.adaptiveStep', 'must be true or false, got number 1') },
  { input: "displayStatistics = 'true'", class: 'settings', settings: set('displayStatistics', 'true'), expected: rejects('displayStatistics', 'must be true or false, got string "true"') },
  { input: 'coordinatesSolutionFileName = 5', class: 'settings', settings: set('solutionSettings.coordinatesSolutionFileName', 5), expected: rejects('solutionSettings.coordinatesSolutionFileName', 'must be a string, got number 5') },
  { input: "coordinatesSolutionFileName = '' while writing", class: 'settings', settings: (s) => { s.solutionSettings.writeSolutionToFile = true; s.solutionSettings.coordinatesSolutionFileName = ''; }, expected: rejects('solutionSettings.coordinatesSolutionFileName', 'must name a file') },
  { input: "removed setting explicitIntegration.dynamicSolverType = 'RK45'", class: 'settings', settings: set('timeIntegration.explicitIntegration.dynamicSolverType', 'RK45'), expected: rejects('timeIntegration.explicitIntegration.dynamicSolverType', 'is not a setting of ExplicitIntegrationSettings') },
  { input: 'computeLoadsJacobian = 3', class: 'settings', settings: set('timeIntegration.computeLoadsJacobian', 3), expected: rejects('timeIntegration.computeLoadsJacobian', 'must be one of 0, 1, 2, got number 3') },
  { input: 'staticSolver.computeLoadsJacobian = 1 (number for a flag)', class: 'settings', solve: 'static', settings: set('staticSolver.computeLoadsJacobian', 1), expected: rejects('staticSolver.computeLoadsJacobian', 'must be true or false') },
  { input: 'spectralRadius = 1.5', class: 'settings', settings: set('timeIntegration.generalizedAlpha.spectralRadius', 1.5), expected: rejects('timeIntegration.generalizedAlpha.spectralRadius', 'must be a finite number in \\[0, 1\\], got number 1.5') },
  { input: 'newmarkBeta = 0', class: 'settings', settings: set('timeIntegration.generalizedAlpha.newmarkBeta', 0), expected: rejects('timeIntegration.generalizedAlpha.newmarkBeta', 'must be a finite number in \\(0, 1\\]') },
  { input: 'newton.maxIterations = 0', class: 'settings', settings: set('timeIntegration.newton.maxIterations', 0), expected: rejects('timeIntegration.newton.maxIterations', 'must be an integer in 1 … 10000') },
  { input: 'newton.maxIterations = 1e9', class: 'settings', settings: set('timeIntegration.newton.maxIterations', 1e9), expected: rejects('timeIntegration.newton.maxIterations', 'must be an integer in 1 … 10000') },
  { input: 'newton.relativeTolerance = −1e-8', class: 'settings', settings: set('timeIntegration.newton.relativeTolerance', -1e-8), expected: rejects('timeIntegration.newton.relativeTolerance', 'must be a finite number ≥ 0') },
  { input: 'explicit relative tolerance 0 (DOPRI5, absolute only)', class: 'settings', solve: DynamicSolverType.DOPRI5, settings: set('timeIntegration.relativeTolerance', 0), expected: 'ok' },
  { input: 'verboseMode = 7', class: 'settings', settings: set('timeIntegration.verboseMode', 7), expected: rejects('timeIntegration.verboseMode', 'must be an integer in 0 … 3') },
  { input: 'sensorsWritePeriod = −0.01', class: 'settings', settings: set('solutionSettings.sensorsWritePeriod', -0.01), expected: rejects('solutionSettings.sensorsWritePeriod', 'must be a finite number ≥ 0') },
  { input: 'staticSolver.minimumStepSize = 0', class: 'settings', solve: 'static', settings: set('staticSolver.minimumStepSize', 0), expected: rejects('staticSolver.minimumStepSize', 'must be a finite number > 0') },
  { input: 'staticSolver.loadStepDuration = 0', class: 'settings', solve: 'static', settings: set('staticSolver.loadStepDuration', 0), expected: rejects('staticSolver.loadStepDuration', 'must be a finite number > 0') },
  { input: 'adaptiveStepIncrease = 0.5', class: 'settings', settings: set('timeIntegration.adaptiveStepIncrease', 0.5), expected: rejects('timeIntegration.adaptiveStepIncrease', 'must be a finite number > 1') },
  { input: 'stepSizeSafety = 2', class: 'settings', solve: DynamicSolverType.DOPRI5, settings: set('timeIntegration.stepSizeSafety', 2), expected: rejects('timeIntegration.stepSizeSafety', 'must be a finite number in \\(0, 1\\]') },
  { input: 'numericalDifferentiation.relativeEpsilon = 1', class: 'settings', settings: set('timeIntegration.newton.numericalDifferentiation.relativeEpsilon', 1), expected: rejects('timeIntegration.newton.numericalDifferentiation.relativeEpsilon', 'must be a finite number in \\(0, 1\\)') },
  { input: 'eigen solve with a misspelled setting', class: 'settings', solve: 'eigen', settings: set('linearSolverTyp', 'EXUdense'), expected: /linearSolverTyp is not a setting of SimulationSettings \(did you mean 'linearSolverType'\?\)/ },
  { input: 'default settings (control)', class: 'settings', expected: 'ok' },
  { input: 'default settings, static (control)', class: 'settings', solve: 'static', expected: 'ok' },
  { input: 'EigenSparse linear solver (control)', class: 'settings', settings: set('linearSolverType', 'EigenSparse'), expected: 'ok' },

  // endless solves: every loop ends
  { input: 'DOPRI5 with a load that becomes NaN', class: 'endless solve', solve: DynamicSolverType.DOPRI5, model: () => oscillator({ load: nanAfter(0.1) }), expected: runFailure('LoadCoordinate #0: loadUserFunction must return a finite number, got number NaN') },
  { input: 'DOPRI5 with NaN load and minimumStepSize 1e-300', class: 'endless solve', solve: DynamicSolverType.DOPRI5, model: () => oscillator({ load: nanAfter(0.1) }), settings: set('timeIntegration.minimumStepSize', 1e-300), expected: runFailure('loadUserFunction must return a finite number') },
  { input: 'adaptiveStepDecrease = 1', class: 'endless solve', settings: set('timeIntegration.adaptiveStepDecrease', 1), expected: rejects('timeIntegration.adaptiveStepDecrease', 'must be a finite number in \\(0, 1\\)') },
  { input: 'adaptiveStepDecrease = 0.999999 on a step that always fails', class: 'endless solve', model: () => oscillator({ force: (t, q) => [t > 0.1 ? -1e4 * q ** 3 : 0] }), settings: (s) => { s.timeIntegration.adaptiveStepDecrease = 0.999999; s.timeIntegration.newton.maxIterations = 1; s.timeIntegration.newton.relativeTolerance = 1e-300; s.timeIntegration.newton.absoluteTolerance = 0; s.timeIntegration.newton.roundOffResidualFactor = 0; }, expected: new RegExp(`the step was rejected ${maximumRejectionsPerStep} times`) },
  { input: 'minimumStepSize = 0 on a failing step', class: 'endless solve', settings: set('timeIntegration.minimumStepSize', 0), expected: rejects('timeIntegration.minimumStepSize', 'must be a finite number > 0') },
  { input: 'negative initialStepSize', class: 'endless solve', solve: DynamicSolverType.DOPRI5, settings: set('timeIntegration.initialStepSize', -0.01), expected: rejects('timeIntegration.initialStepSize', 'must be a finite number ≥ 0') },
  { input: 'initialStepSize 1e-300 below minimumStepSize', class: 'endless solve', solve: DynamicSolverType.DOPRI5, settings: set('timeIntegration.initialStepSize', 1e-300), expected: rejects('timeIntegration.initialStepSize', 'must be 0 \\(automatic\\) or at least timeIntegration.minimumStepSize') },
  { input: 'stepSizeMaxIncrease = 1 (a small step never grows)', class: 'endless solve', solve: DynamicSolverType.DOPRI5, settings: set('timeIntegration.stepSizeMaxIncrease', 1), expected: rejects('timeIntegration.stepSizeMaxIncrease', 'must be a finite number > 1') },
  { input: 'step below the resolution of t (startTime 1e20)', class: 'endless solve', settings: (s) => { s.timeIntegration.startTime = 1e20; s.timeIntegration.endTime = 1e20 + 65536; s.timeIntegration.numberOfSteps = 1e6; }, expected: /the step size must be positive and advance the time/ },
  { input: 'zero absolute tolerance (DOPRI5: 0/0 error estimate on a coordinate at rest)', class: 'endless solve', solve: DynamicSolverType.DOPRI5, settings: set('timeIntegration.absoluteTolerance', 0), expected: rejects('timeIntegration.absoluteTolerance', 'must be a finite number > 0, got number 0') },
  { input: 'Newton never converges (maxIterations 1, tolerance 0), fixed steps', class: 'endless solve', model: () => oscillator({ force: (t, q) => [t > 0.1 ? -1e4 * q ** 3 : 0] }), settings: (s) => { s.timeIntegration.adaptiveStep = false; s.timeIntegration.newton.maxIterations = 1; s.timeIntegration.newton.relativeTolerance = 0; s.timeIntegration.newton.absoluteTolerance = 0; s.timeIntegration.newton.roundOffResidualFactor = 0; }, expected: runFailure('Newton did not converge after 1 iterations') },
  { input: 'static solve that never converges, adaptive', class: 'endless solve', solve: 'static', settings: (s) => { s.staticSolver.newton.maxIterations = 1; s.staticSolver.newton.relativeTolerance = 0; s.staticSolver.newton.absoluteTolerance = 0; s.staticSolver.newton.roundOffResidualFactor = 0; }, model: () => oscillator({ force: (t, q) => [t * 1e3 - 1e4 * q ** 3] }), expected: runFailure('Newton did not converge') },
  { input: 'eigen solve with a NaN mass matrix from a user function', class: 'endless solve', solve: 'eigen', model: () => oscillator({ mass: () => [[Number.NaN]] }), expected: /ObjectGenericODE2 #0: massMatrixUserFunction must return finite numbers, got number NaN at \(0, 0\)/ },

  // explicit solvers check the state
  ...([DynamicSolverType.ExplicitEuler, DynamicSolverType.ExplicitMidpoint, DynamicSolverType.RK33, DynamicSolverType.RK44, DynamicSolverType.RK67, DynamicSolverType.VelocityVerlet] as const).map((solver): Row => ({
    input: `${solver} on a stiff spring (k = 1e12, ωh = 1e4) beyond its stability limit, fixed steps`, class: 'explicit state', model: stiff, solve: solver,
    settings: (s) => { s.timeIntegration.adaptiveStep = false; s.timeIntegration.endTime = 2; s.timeIntegration.numberOfSteps = 200; }, expected: runFailure('the solution became non-finite within the step .* beyond the method\'s stability limit'),
  })),
  { input: 'ExplicitEuler beyond the stability limit with adaptive steps (reduces to the minimum, then stops)', class: 'explicit state', model: stiff, solve: DynamicSolverType.ExplicitEuler, settings: (s) => { s.timeIntegration.endTime = 2; s.timeIntegration.numberOfSteps = 200; }, expected: runFailure('the solution became non-finite within the step') },
  { input: 'DOPRI5 with step-size control on a stiff spring (k = 1e8)', class: 'explicit state', model: moderatelyStiff, solve: DynamicSolverType.DOPRI5, settings: set('timeIntegration.endTime', 0.01), expected: 'ok' },
  { input: 'ODE23 with step-size control on a stiff spring (k = 1e8)', class: 'explicit state', model: moderatelyStiff, solve: DynamicSolverType.ODE23, settings: set('timeIntegration.endTime', 0.005), expected: 'ok' },
  { input: 'RK44 with a force that becomes NaN', class: 'explicit state', solve: DynamicSolverType.RK44, model: () => oscillator({ force: (t) => [nanAfter(0.1)(t)] }), expected: runFailure('ObjectGenericODE2 #0: forceUserFunction must return finite numbers, got number NaN at entry 0') },
  { input: 'RK44 with a force that becomes Infinity', class: 'explicit state', solve: DynamicSolverType.RK44, model: () => oscillator({ force: (t) => [t > 0.1 ? Number.POSITIVE_INFINITY : 0] }), expected: runFailure('forceUserFunction must return finite numbers, got number Infinity') },
  { input: 'RK44 with a force of 1e300 (overflows the state)', class: 'explicit state', solve: DynamicSolverType.RK44, settings: set('timeIntegration.adaptiveStep', false), model: () => oscillator({ force: (t) => [t > 0.1 ? 1e300 : 0], stiffness: 1e10 }), expected: runFailure('non-finite') },

  // user-function results checked at the call
  { input: 'load user function returns undefined', class: 'user-function result', model: () => oscillator({ load: () => undefined }), expected: /LoadCoordinate #0: loadUserFunction must return a finite number, got undefined/ },
  { input: "load user function returns '1'", class: 'user-function result', model: () => oscillator({ load: () => '1' }), expected: /loadUserFunction must return a finite number, got string "1"/ },
  { input: 'implicit run with a NaN load names the load, not Newton', class: 'user-function result', model: () => oscillator({ load: nanAfter(0.05) }), expected: runFailure('LoadCoordinate #0: loadUserFunction must return a finite number, got number NaN') },
  { input: 'static run with a NaN load', class: 'user-function result', solve: 'static', model: () => oscillator({ load: nanAfter(0.5) }), expected: runFailure('LoadCoordinate #0: loadUserFunction') },
  { input: 'LoadForceVector user function returns 2 entries', class: 'user-function result', model: () => vectorLoad(() => [1, 2]), expected: /LoadForceVector #0: loadVectorUserFunction must return an array of 3 numbers, got array of length 2/ },
  { input: 'LoadForceVector user function returns [NaN, 0, 0]', class: 'user-function result', model: () => vectorLoad(() => [Number.NaN, 0, 0]), expected: /loadVectorUserFunction must return finite numbers, got number NaN at entry 0/ },
  { input: 'LoadForceVector user function returns undefined (explicit)', class: 'user-function result', solve: DynamicSolverType.RK44, model: () => vectorLoad(() => undefined), expected: /loadVectorUserFunction must return an array of 3 numbers, got undefined/ },
  { input: 'GenericODE2 force user function returns [Infinity]', class: 'user-function result', model: () => oscillator({ force: () => [Number.POSITIVE_INFINITY] }), expected: /forceUserFunction must return finite numbers, got number Infinity at entry 0/ },
  { input: 'GenericODE2 force user function returns a number', class: 'user-function result', model: () => oscillator({ force: () => 3 }), expected: /forceUserFunction must return an array of 1 numbers, got number 3/ },
  { input: 'GenericODE2 mass matrix user function returns [[NaN]]', class: 'user-function result', model: () => oscillator({ mass: () => [[Number.NaN]] }), expected: /massMatrixUserFunction must return finite numbers, got number NaN at \(0, 0\)/ },
  { input: 'sensor user function returns [NaN]', class: 'user-function result', model: () => oscillator({ sensor: (t) => [t > 0.1 ? Number.NaN : t] }), expected: runFailure('SensorUserFunction #1: sensorUserFunction must return finite numbers, got number NaN at entry 0') },
  { input: "sensor user function returns 'x'", class: 'user-function result', model: () => oscillator({ sensor: () => 'x' }), expected: /SensorUserFunction #1: sensorUserFunction must return an array of numbers, got string "x"/ },
  { input: 'post-Newton function returns undefined', class: 'user-function result', model: () => oscillator({ postNewton: () => undefined }), expected: /postNewtonUserFunction must return \[error, recommendedStepSize\] with a finite error, got undefined/ },
  { input: 'post-Newton function returns [NaN, 0]', class: 'user-function result', model: () => oscillator({ postNewton: () => [Number.NaN, 0] }), expected: /postNewtonUserFunction must return \[error, recommendedStepSize\] with a finite error, got array of length 2 \(number NaN, number 0\)/ },
  { input: 'post-Newton function returns 5', class: 'user-function result', model: () => oscillator({ postNewton: () => 5 }), expected: /postNewtonUserFunction must return .*got number 5/ },
  { input: 'post-Newton function returns [0, 0] (control)', class: 'user-function result', model: () => oscillator({ postNewton: () => [0, 0] }), expected: 'ok' },
  { input: "pre-step function returns 'yes'", class: 'user-function result', model: () => oscillator({ preStep: () => 'yes' }), expected: runFailure('preStepUserFunction must return true, false or nothing, got string "yes"') },
  { input: 'pre-step function returns 0', class: 'user-function result', solve: DynamicSolverType.RK44, model: () => oscillator({ preStep: () => 0 }), expected: runFailure('preStepUserFunction must return true, false or nothing, got number 0') },
  { input: 'pre-step function returns nothing (control)', class: 'user-function result', model: () => oscillator({ preStep: () => undefined }), expected: 'ok' },

  // throwing user functions: a step is all or nothing
  { input: 'pre-step function throws at t > 0.1', class: 'throwing user function', model: () => oscillator({ preStep: (_m, t) => { if (t > 0.1) throw new Error('boom'); return true; } }), expected: runFailure('preStepUserFunction threw Error: boom') },
  { input: 'pre-step function throws a string', class: 'throwing user function', model: () => oscillator({ preStep: (_m, t) => { if (t > 0.1) throw 'boom'; return true; } }), expected: runFailure('preStepUserFunction threw string "boom"') },
  { input: 'sensor user function throws at t > 0.1', class: 'throwing user function', model: () => oscillator({ sensor: (t) => { if (t > 0.1) throw new RangeError('sensor'); return [t]; } }), expected: runFailure('SensorUserFunction #1 threw RangeError: sensor') },
  { input: 'load user function throws (implicit)', class: 'throwing user function', model: () => oscillator({ load: (t) => { if (t > 0.1) throw new Error('load'); return 1; } }), expected: runFailure('LoadCoordinate #0 threw Error: load') },
  { input: 'load user function throws (static)', class: 'throwing user function', solve: 'static', model: () => oscillator({ load: (t) => { if (t > 0.5) throw new Error('load'); return 1; } }), expected: runFailure('LoadCoordinate #0 threw Error: load') },
  { input: 'force user function throws (RK44)', class: 'throwing user function', solve: DynamicSolverType.RK44, model: () => oscillator({ force: (t) => { if (t > 0.1) throw new TypeError('force'); return [0]; } }), expected: runFailure('ObjectGenericODE2 #0 threw TypeError: force') },
  { input: 'post-Newton function throws', class: 'throwing user function', model: () => oscillator({ postNewton: (_m, t) => { if (t > 0.1) throw new Error('pn'); return [0, 0]; } }), expected: runFailure('postNewtonUserFunction threw Error: pn') },
  { input: 'pre-step function returns false at t > 0.1 (stop)', class: 'throwing user function', model: () => oscillator({ preStep: (_m, t) => t <= 0.1 }), expected: 'ok', after: ({ mbs, sensors }) => {
    const rows = mbs.getSensorStoredData(sensors[0]);
    expect(mbs.getTime()).toBe(rows.at(-1)![0]);
    expect(mbs.getTime()).toBeLessThanOrEqual(0.1);
  } },
  { input: 'pre-step function throws during the static solve', class: 'throwing user function', solve: 'static', model: () => oscillator({ preStep: (_m, t) => { if (t > 0.5) throw new Error('boom'); return true; } }), expected: runFailure('preStepUserFunction threw Error: boom') },

  // run-time changes: non-structural modify… calls take effect (as set…Parameter); everything else fails clearly and leaves the system as it was
  { input: 'modifyLoad in a pre-step function takes effect', class: 'run-time change', model: () => oscillator({ preStep: (m, t) => { if (t > 0.1) m.modifyLoad(0, { load: 5 }); return true; } }), expected: 'ok', after: ({ mbs }) => expect(mbs.getLoad(0).load).toBe(5) },
  { input: 'modifyObject in a pre-step function (RK44) takes effect', class: 'run-time change', solve: DynamicSolverType.RK44, model: () => oscillator({ preStep: (m) => { m.modifyObject(0, { stiffnessMatrix: [[5]] }); return true; } }), expected: 'ok', after: ({ mbs }) => expect(mbs.getObject(0).stiffnessMatrix).toEqual([[5]]) },
  { input: 'modifyLoad in a pre-step function of a static solve takes effect', class: 'run-time change', solve: 'static', model: () => oscillator({ preStep: (m, t) => { if (t > 0.5) m.modifyLoad(0, { load: 5 }); return true; } }), expected: 'ok', after: ({ mbs }) => {
    // the last load step solves k x = 5 (load factor 1): x = 5/100 to Newton's tolerance on a linear problem
    expect(mbs.getNodeOutput(0, OutputVariableType.Coordinates)[0]).toBeCloseTo(5 / 100, 12);
  } },
  { input: 'structural modifyLoad (markerNumber) in a pre-step function', class: 'run-time change', model: () => oscillator({ preStep: (m, t) => { if (t > 0.1) m.modifyLoad(0, { markerNumber: 3 }); return true; } }), expected: runFailure('LoadCoordinate #0: modifyLoad cannot change markerNumber while solveDynamic is running: it is structural'), after: ({ mbs, settings }) => {
    keepsLoadAndResults({ mbs, settings, node: 0, sensors: [0, 1] });
    expect(mbs.getLoad(0).markerNumber).toBe(0);
    // the next solve sees a change made between solves, without assemble()
    mbs.setPreStepUserFunction(0);
    mbs.modifyLoad(0, { load: 5 });
    mbs.solveStatic(settings);
    expect(mbs.getNodeOutput(0, OutputVariableType.Coordinates)[0]).toBeCloseTo(5 / 100, 12);
  } },
  { input: 'addNode in a pre-step function', class: 'run-time change', model: () => oscillator({ preStep: (m) => { m.addNode(NodePointGround({})); return true; } }), expected: runFailure('addNode is not possible while solveDynamic is running'), after: ({ mbs }) => expect(mbs.numberOfNodes).toBe(1) },
  { input: 'assemble in a pre-step function', class: 'run-time change', model: () => oscillator({ preStep: (m) => { m.assemble(); return true; } }), expected: runFailure('assemble is not possible while solveDynamic is running'), after: keepsLoadAndResults },
  { input: 'reset in a sensor user function', class: 'run-time change', model: () => ({ ...oscillator({ sensor: (t) => { if (t > 0.1) resetTarget!.reset(); return [t]; } }) }), expected: runFailure('reset is not possible while solveDynamic is running'), after: ({ mbs }) => expect(mbs.numberOfObjects).toBe(1) },
  { input: 'solveDynamic inside a pre-step function', class: 'run-time change', model: () => oscillator({ preStep: (m) => { m.solveDynamic(); return true; } }), expected: runFailure('solveDynamic is not possible while solveDynamic is running') },
  { input: 'setPreStepUserFunction in a post-Newton function', class: 'run-time change', model: () => oscillator({ postNewton: (m) => { m.setPreStepUserFunction(0); return [0, 0]; } }), expected: runFailure('setPreStepUserFunction is not possible while solveDynamic is running') },
];

/** The system a sensor function resets (set before each run of the row that needs it). */
let resetTarget: MainSystem | undefined;

function runSolve(context: Context, solve: Solve): void {
  if (solve === 'static') context.mbs.solveStatic(context.settings);
  else if (solve === 'eigen') context.mbs.computeODE2Eigenvalues(context.settings);
  else if (solve === 'dynamic') context.mbs.solveDynamic(context.settings);
  else context.mbs.solveDynamic(context.settings, solve);
}

describe('hostile cases of settings, solvers and runs (table)', () => {
  it('hasAtLeast80Rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(80);
  });

  for (const row of rows) {
    it(`[${row.class}] ${row.input}`, () => {
      const context = (row.model ?? oscillator)();
      resetTarget = context.mbs;
      if (context.settings !== null && typeof context.settings === 'object' && 'timeIntegration' in context.settings) row.settings?.(context.settings);
      const started = performance.now();
      let error: unknown;
      try {
        runSolve(context, row.solve ?? DynamicSolverType.GeneralizedAlpha);
      } catch (caught) {
        error = caught;
      }
      expect((performance.now() - started) / 1000).toBeLessThan(10);
      if (row.expected === 'ok') {
        expect(error, String(error)).toBeUndefined();
        if (row.solve !== 'eigen') expect(Number.isFinite(context.mbs.getNodeOutput(context.node, OutputVariableType.Coordinates)[0])).toBe(true);
      } else {
        expect(error, 'expected a FlexdynError').toBeInstanceOf(FlexdynError);
        expect((error as FlexdynError).message).toMatch(row.expected);
        if (/failed at t =/.test((error as FlexdynError).message)) {
          // a failed run keeps a finite last good state and equally long sensor tables ending at its time
          const t = context.mbs.getTime();
          expect(Number.isFinite(context.mbs.getNodeOutput(context.node, OutputVariableType.Coordinates)[0])).toBe(true);
          const lengths = context.sensors.map((s) => context.mbs.getSensorStoredData(s).length);
          expect(new Set(lengths).size).toBe(1);
          for (const s of context.sensors) expect(context.mbs.getSensorStoredData(s).at(-1)![0]).toBe(t);
        }
      }
      row.after?.(context);
    });
  }
});
