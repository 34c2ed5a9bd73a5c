/**
 * getDictionary / setDictionary and the model file (saveToFile / loadFromFile): every registered item type's example
 * round-trips to bit-identical results; user functions by name; settings, graphics and sensor file names kept; a file
 * or dictionary of another version, a file that is not a model and a missing user function are named errors that leave
 * the system as it was.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, InMemoryFileSystem, installFileSystem, graphics,
  NodePoint, MassPoint, MarkerNodePosition, LoadForceVector, SensorNode, SensorLoad, SensorUserFunction, ObjectGround,
  simulationSettingsFromDictionary, simulationSettingsToDictionary, LinearSolverType,
  type FileSystemAccess, type MainSystem, type AnyUserFunction, type UserFunctionSlot,
} from '../src/index.ts';
import { expectFlexdynError } from './helpers/errors.ts';
import { itemDefinitions } from '../src/items/index.ts';
import { typeKeyOf, type ItemDefinition, type ItemSink } from '../src/registry/definition.ts';

let files: InMemoryFileSystem;
let previous: FileSystemAccess | undefined;
beforeEach(() => {
  files = new InMemoryFileSystem();
  previous = installFileSystem(files);
});
afterEach(() => { installFileSystem(previous); });

function shortSolve(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.timeIntegration.numberOfSteps = 10;
  settings.timeIntegration.endTime = 0.01;
  return settings;
}

/** The function a slot of `original` holds (item parameter, possibly inside visualization, or a system function). */
function functionOf(original: MainSystem, slot: UserFunctionSlot): AnyUserFunction | undefined {
  if (slot.item === undefined) return undefined;
  const getters = { Node: 'getNode', Object: 'getObject', Marker: 'getMarker', Load: 'getLoad', Sensor: 'getSensor' } as const;
  let value: unknown = original[getters[slot.item.category as keyof typeof getters]](slot.item.index);
  for (const key of slot.parameter.split('.')) value = (value as Record<string, unknown>)[key];
  return typeof value === 'function' ? value as AnyUserFunction : undefined;
}

/** Solves a system with the settings; the state vectors and sensor values afterwards, or the error message. */
function solveResult(mbs: MainSystem): { error?: string; vectors?: number[][] } {
  try {
    mbs.assemble();
    mbs.solveDynamic(shortSolve());
  } catch (error) {
    return { error: (error as Error).message };
  }
  const data = mbs.systemData;
  const sensors = Array.from({ length: mbs.numberOfSensors }, (_, i) => mbs.getSensorValues(i));
  return { vectors: [data.getODE2Coordinates(), data.getODE2Coordinates_t(), data.getODE2Coordinates_tt(), data.getAECoordinates(), [data.getTime()], ...sensors] };
}

/** Bit patterns of numbers (so that -0 and 0, and every last bit, count). */
function bits(vectors: number[][]): string[][] {
  return vectors.map((vector) => vector.map((x) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    return view.getBigUint64(0).toString(16);
  }));
}

/** A system holding the example of an item type (sensors without files). */
function exampleSystem(definition: ItemDefinition): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const sink: ItemSink = {
    addNode: (item) => mbs.addNode(item), addObject: (item) => mbs.addObject(item), addMarker: (item) => mbs.addMarker(item),
    addLoad: (item) => mbs.addLoad(item), addSensor: (item) => mbs.addSensor({ writeToFile: false, ...item }),
  };
  definition.example(sink);
  return mbs;
}

describe('every item type round-trips through a model file to bit-identical results', () => {
  const examples = (itemDefinitions as readonly ItemDefinition[]).map((definition) => [`${definition.category}${definition.typeName}`, definition] as const);
  it.each(examples)('%s', (_name, definition) => {
    const original = exampleSystem(definition);
    const settings = shortSolve();
    original.saveToFile('model.json', { simulationSettings: settings });
    const copy = new SystemContainer().addSystem();
    const loaded = copy.loadFromFile('model.json', { userFunctions: (slot) => functionOf(original, slot) });
    expect(copy.getDictionary()).toEqual(original.getDictionary());
    expect(loaded.simulationSettings).toEqual(settings);
    const expected = solveResult(original);
    const result = solveResult(copy);
    expect(result.error).toEqual(expected.error);
    if (expected.vectors !== undefined) expect(bits(result.vectors!)).toEqual(bits(expected.vectors));
  });

  it('theExamplesMostlySolve', () => {
    // the round trip above is only as strong as the solves it compares: most examples must solve, not fail alike
    let solved = 0;
    for (const definition of itemDefinitions as readonly ItemDefinition[]) if (solveResult(exampleSystem(definition)).error === undefined) solved++;
    expect(solved).toBeGreaterThanOrEqual(0.8 * itemDefinitions.length);
  });
});

/** A mass point with a user-function load, a sensor of the load with a file name and graphics on the ground. */
function loadedMass(): { mbs: MainSystem; push: AnyUserFunction; preStep: AnyUserFunction } {
  const mbs = new SystemContainer().addSystem();
  mbs.addObject(ObjectGround({ visualization: { graphicsData: [graphics.Brick({ size: [1, 2, 3], color: graphics.color.red })] } }));
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0.1], initialVelocities: [0, 1, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: node, visualization: { color: [0.1, 0.2, 0.3, 1] } }));
  const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
  function push(_mbs: MainSystem, t: number): number[] { return [Math.sin(t), 0, 1 / 3]; }
  const load = mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVectorUserFunction: push }));
  mbs.addSensor(SensorLoad({ loadNumber: load, fileName: 'out/loadSensor.txt' }));
  mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Velocity }));
  const preStep = () => true;
  mbs.setPreStepUserFunction(preStep);
  return { mbs, push, preStep };
}

describe('getDictionary and setDictionary', () => {
  it('theDictionaryIsPlainDataThatJSONKeeps', () => {
    const { mbs } = loadedMass();
    const dictionary = mbs.getDictionary();
    expect(JSON.parse(JSON.stringify(dictionary))).toEqual(dictionary);
    expect(dictionary.format).toBe('flexdyn-system');
    expect(dictionary.formatVersion).toBe(1);
    expect(dictionary.loadList[0].loadVectorUserFunction).toBe('push');
    expect(dictionary.userFunctions).toEqual({ preStepUserFunction: 'preStep', postStepUserFunction: 0, postNewtonUserFunction: 0, preNewtonResidualUserFunction: 0, systemJacobianUserFunction: 0 });
    expect(dictionary.sensorList[0].fileName).toBe('out/loadSensor.txt');
    expect((dictionary.objectList[0].visualization as { graphicsData: unknown[] }).graphicsData).toHaveLength(1);
  });

  it('setDictionaryRebuildsTheSystemWithTheGivenFunctions', () => {
    const { mbs, push, preStep } = loadedMass();
    const copy = new SystemContainer().addSystem();
    copy.setDictionary(JSON.parse(JSON.stringify(mbs.getDictionary())), { userFunctions: { push, preStep } });
    expect(copy.getDictionary()).toEqual(mbs.getDictionary());
    expect(copy.getLoad(0).loadVectorUserFunction).toBe(push);
    mbs.assemble();
    copy.assemble();
    expect(copy.getLoadValues(0)).toEqual(mbs.getLoadValues(0));
  });

  it('aFunctionAskedForEachSlotGetsTheSlot', () => {
    const { mbs, push, preStep } = loadedMass();
    const asked: UserFunctionSlot[] = [];
    new SystemContainer().addSystem().setDictionary(mbs.getDictionary(), { userFunctions: (slot) => { asked.push(slot); return slot.name === 'push' ? push : preStep; } });
    expect(asked).toEqual([
      { name: 'push', item: { category: 'Load', typeName: 'ForceVector', index: 0 }, parameter: 'loadVectorUserFunction' },
      { name: 'preStep', parameter: 'preStepUserFunction' },
    ]);
  });

  it('theSystemsOwnUserFunctionsRoundTrip', () => {
    const { mbs, push, preStep } = loadedMass();
    const postStep = () => {}, postNewton = () => [0, 0], preNewtonResidual = () => {}, systemJacobian = () => [];
    mbs.setPostStepUserFunction(postStep);
    mbs.setPostNewtonUserFunction(postNewton);
    mbs.setPreNewtonResidualUserFunction(preNewtonResidual);
    mbs.setSystemJacobianUserFunction(systemJacobian);
    mbs.saveToFile('m.json');
    const copy = new SystemContainer().addSystem();
    copy.loadFromFile('m.json', { userFunctions: { push, preStep, postStep, postNewton, preNewtonResidual, systemJacobian } });
    expect(copy.getDictionary()).toEqual(mbs.getDictionary());
    expect(copy.getDictionary().userFunctions).toEqual({
      preStepUserFunction: 'preStep', postStepUserFunction: 'postStep', postNewtonUserFunction: 'postNewton', preNewtonResidualUserFunction: 'preNewtonResidual', systemJacobianUserFunction: 'systemJacobian',
    });
    copy.setPostStepUserFunction(0);
    expect(copy.getDictionary().userFunctions.postStepUserFunction).toBe(0);
  });

  it('distinctFunctionsOfOneNameGetNumberedNames', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({}));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    const make = (k: number) => { const force = () => [k, 0, 0]; return force; };
    const first = make(1);
    for (const f of [first, make(2), first, () => [0, 0, 0]]) mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVectorUserFunction: f }));
    mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVectorUserFunction: (() => () => [1, 1, 1])() }));
    expect(mbs.getDictionary().loadList.map((load) => load.loadVectorUserFunction)).toEqual(['force', 'force#2', 'force', 'anonymous', 'anonymous#2']);
  });
});

describe('bad input to setDictionary and loadFromFile is a named error and leaves the system as it was', () => {
  it('aMissingUserFunctionIsNamedWithItsSlot', () => {
    const { mbs, push } = loadedMass();
    const target = loadedMass().mbs;
    target.deleteSensor(1);
    const before = target.getDictionary();
    expectFlexdynError(() => target.setDictionary(mbs.getDictionary()),
      "setDictionary: no function given for 2 user functions 'push' (LoadForceVector #0: loadVectorUserFunction), 'preStep' (preStepUserFunction); user functions are saved by name: pass them as options.userFunctions = { 'push': …, 'preStep': … } or as a function (slot) => function");
    const error = expectFlexdynError(() => target.setDictionary(mbs.getDictionary(), { userFunctions: { push } }), /no function given for the user function 'preStep' \(preStepUserFunction\)/);
    expect(error.parameter).toBe('preStepUserFunction');
    expectFlexdynError(() => target.setDictionary(mbs.getDictionary(), { userFunctions: { push, preStep: 3 as never } }), "userFunctions: the function for 'preStep' (preStepUserFunction) must be a function, got number");
    expect(target.getDictionary()).toEqual(before);
    mbs.saveToFile('m.json');
    expectFlexdynError(() => target.loadFromFile('m.json'), /^loadFromFile: no function given for 2 user functions 'push'/);
    expect(target.getDictionary()).toEqual(before);
  });

  it('aDictionaryOfAnotherVersionOrFormatIsRejected', () => {
    const { mbs, push, preStep } = loadedMass();
    const target = new SystemContainer().addSystem();
    target.addNode(NodePoint({}));
    const before = target.getDictionary();
    const userFunctions = { push, preStep };
    expectFlexdynError(() => target.setDictionary({ ...mbs.getDictionary(), formatVersion: 2 }, { userFunctions }), "setDictionary: the system dictionary has format version 2; this Flexdyn reads version 1 only");
    expectFlexdynError(() => target.setDictionary({ ...mbs.getDictionary(), formatVersion: undefined as never }, { userFunctions }), 'has format version missing');
    expectFlexdynError(() => target.setDictionary({ nodeList: [] }), "setDictionary: expected a Flexdyn system dictionary (format 'flexdyn-system', from mbs.getDictionary()), got a dictionary with format missing");
    expectFlexdynError(() => target.setDictionary([] as never), 'got array of length 0');
    expectFlexdynError(() => target.setDictionary({ ...mbs.getDictionary(), sensors: [] }, { userFunctions }), "setDictionary: 'sensors' is not an entry of a system dictionary");
    expectFlexdynError(() => target.setDictionary({ ...mbs.getDictionary(), loadList: {} }, { userFunctions }), 'setDictionary: loadList must be a list of load dictionaries, got object');
    expect(target.getDictionary()).toEqual(before);
  });

  it('anInvalidItemIsTheErrorOfAddAndChangesNothing', () => {
    const { mbs, push, preStep } = loadedMass();
    const dictionary = mbs.getDictionary();
    dictionary.objectList[1].physicsMass = -2;
    const target = new SystemContainer().addSystem();
    expectFlexdynError(() => target.setDictionary(dictionary, { userFunctions: { push, preStep } }), 'ObjectMassPoint #1: physicsMass must be non-negative, got -2');
    dictionary.objectList[1] = { objectType: 'MassPiont' };
    expectFlexdynError(() => target.setDictionary(dictionary, { userFunctions: { push, preStep } }), "Object #1: unknown objectType 'MassPiont'");
    expect(target.numberOfObjects).toBe(0);
  });

  it('aFileThatIsNotAFlexdynModelIsNamed', () => {
    const target = loadedMass().mbs;
    const before = target.getDictionary();
    files.writeFile('text.json', 'not json');
    files.writeFile('array.json', '[1, 2]');
    files.writeFile('fem.json', JSON.stringify({ format: 'FEMinterface', version: 1, data: {} }));
    files.writeFile('plain.json', '{"nodes": []}');
    expectFlexdynError(() => target.loadFromFile('text.json'), /^loadFromFile: text\.json is not a Flexdyn model file: it is not JSON \(/);
    expectFlexdynError(() => target.loadFromFile('array.json'), "loadFromFile: array.json is not a Flexdyn model file: expected format 'flexdyn-model', got JSON array");
    expectFlexdynError(() => target.loadFromFile('fem.json'), "loadFromFile: fem.json is not a Flexdyn model file: expected format 'flexdyn-model', got format \"FEMinterface\"");
    expectFlexdynError(() => target.loadFromFile('plain.json'), "got JSON without a format entry");
    expectFlexdynError(() => target.loadFromFile('missing.json'), 'loadFromFile: cannot read missing.json: file not found');
    expect(target.getDictionary()).toEqual(before);
  });

  it('aModelFileOfAnotherVersionIsRejected', () => {
    const { mbs, push, preStep } = loadedMass();
    mbs.saveToFile('m.json');
    const text = files.readTextFile('m.json');
    files.writeFile('v2.json', text.replace('"formatVersion": 1', '"formatVersion": 2'));
    files.writeFile('extra.json', text.replace('"formatVersion": 1,', '"formatVersion": 1, "results": [],'));
    const target = new SystemContainer().addSystem();
    expectFlexdynError(() => target.loadFromFile('v2.json', { userFunctions: { push, preStep } }), 'loadFromFile: v2.json is a Flexdyn model file of format version 2; this Flexdyn reads version 1 only');
    expectFlexdynError(() => target.loadFromFile('extra.json', { userFunctions: { push, preStep } }), "loadFromFile: extra.json: unknown entries 'results'");
    expect(target.numberOfNodes).toBe(0);
  });

  it('badSettingsInAFileAreNamedAndLoadNothing', () => {
    const { mbs, push, preStep } = loadedMass();
    const settings = new SimulationSettings();
    mbs.saveToFile('m.json', { simulationSettings: settings });
    const text = files.readTextFile('m.json');
    files.writeFile('steps.json', text.replace('"numberOfSteps": 100', '"numberOfSteps": -3'));
    files.writeFile('key.json', text.replace('"numberOfSteps": 100', '"numberOfStep": 100'));
    const target = new SystemContainer().addSystem();
    expectFlexdynError(() => target.loadFromFile('steps.json', { userFunctions: { push, preStep } }), 'SimulationSettings: timeIntegration.numberOfSteps must be an integer in 1 … 2147483647, got number -3');
    expectFlexdynError(() => target.loadFromFile('key.json', { userFunctions: { push, preStep } }), "loadFromFile: 'timeIntegration.numberOfStep' is not a setting of TimeIntegrationSettings (did you mean 'timeIntegration.numberOfSteps'?)");
    expect(target.numberOfNodes).toBe(0);
  });

  it('withoutAFileSystemTheErrorSaysHowToInstallOne', () => {
    installFileSystem(undefined);
    const { mbs } = loadedMass();
    expectFlexdynError(() => mbs.saveToFile('m.json'), /^saveToFile: no file system to access 'm\.json': import 'flexdyn\/node' in Node\.js/);
  });

  it('aSettingThatIsNotPlainDataIsNamedOnSave', () => {
    const { mbs } = loadedMass();
    expectFlexdynError(() => mbs.saveToFile('m.json', { visualizationSettings: { range: [0, Infinity] } }), 'saveToFile: model.visualizationSettings.range[1] must be a finite number, got Infinity');
    expectFlexdynError(() => mbs.saveToFile('m.json', { visualizationSettings: [1] as never }), 'saveToFile: options.visualizationSettings must be a dictionary of plain data, got array of length 1');
    expectFlexdynError(() => mbs.saveToFile('m.json', { simulationSettings: { timeIntegration: {} } as never }), /^SimulationSettings: /);
    expect(files.exists('m.json')).toBe(false);
  });
});

describe('a model file keeps the whole model with its settings', () => {
  it('settingsSensorsGraphicsAndVisualizationRoundTrip', () => {
    const { mbs, push, preStep } = loadedMass();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 123;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6;
    settings.timeIntegration.newton.numericalDifferentiation.relativeEpsilon = 1e-9;
    settings.staticSolver.loadStepGeometric = true;
    settings.solutionSettings.coordinatesSolutionFileName = 'out/solution.txt';
    settings.solutionSettings.solutionInformation = 'a "quoted" note';
    settings.linearSolverType = LinearSolverType.EigenSparse;
    const visualizationSettings = { contour: { outputVariable: 'DisplacementLocal', component: -1 }, upAxis: 'z', springNumberOfWindings: 12 };
    mbs.modifyNode(0, { initialCoordinates: [0, -0, 0] });
    mbs.saveToFile('out/model.json', { simulationSettings: settings, visualizationSettings });
    const copy = new SystemContainer().addSystem();
    const loaded = copy.loadFromFile('out/model.json', { userFunctions: { push, preStep } });
    expect(loaded.simulationSettings).toBeInstanceOf(SimulationSettings);
    expect(loaded.simulationSettings).toEqual(settings);
    expect(loaded.visualizationSettings).toEqual(visualizationSettings);
    expect(copy.getSensor(0).fileName).toBe('out/loadSensor.txt');
    expect(copy.getObject(0).visualization).toEqual(mbs.getObject(0).visualization);
    expect(copy.getObject(1).visualization).toEqual({ color: [0.1, 0.2, 0.3, 1] });
    expect(Object.is((copy.getNode(0).initialCoordinates as number[])[1], -0)).toBe(true); // −0 kept (JSON.stringify writes 0)
    // the loaded system solves like the original, sensor file and all
    for (const system of [mbs, copy]) { system.assemble(); system.solveDynamic(loaded.simulationSettings); }
    expect(copy.getSensorStoredData(1)).toEqual(mbs.getSensorStoredData(1));
    expect(files.exists('out/loadSensor.txt')).toBe(true);
  });

  it('parametersChangedAtRunTimeAreSaved', () => {
    const { mbs, push, preStep } = loadedMass();
    mbs.assemble();
    mbs.setObjectParameter(1, 'physicsMass', 3);
    mbs.setObjectParameter(1, 'Vcolor', [1, 0, 0, 1]);
    mbs.saveToFile('m.json');
    const copy = new SystemContainer().addSystem();
    copy.loadFromFile('m.json', { userFunctions: { push, preStep } });
    expect(copy.getObject(1).physicsMass).toBe(3);
    expect(copy.getObjectParameter(1, 'Vcolor')).toEqual([1, 0, 0, 1]);
  });

  it('withoutSettingsTheFileHoldsTheSystemOnly', () => {
    const { mbs, push, preStep } = loadedMass();
    mbs.saveToFile('m.json');
    const loaded = new SystemContainer().addSystem().loadFromFile('m.json', { userFunctions: { push, preStep } });
    expect(loaded).toEqual({ simulationSettings: undefined, visualizationSettings: undefined });
  });

  it('settingsDictionariesRoundTripAndTakeDefaultsForMissingFields', () => {
    const settings = new SimulationSettings();
    settings.staticSolver.newton.maxIterations = 7;
    const dictionary = simulationSettingsToDictionary(settings);
    expect(JSON.parse(JSON.stringify(dictionary))).toEqual(dictionary);
    expect(simulationSettingsFromDictionary(dictionary)).toEqual(settings);
    expect(simulationSettingsFromDictionary({ staticSolver: { newton: { maxIterations: 7 } } })).toEqual(settings);
    expectFlexdynError(() => simulationSettingsFromDictionary({ staticSolver: 3 }), 'simulationSettingsFromDictionary: staticSolver must be a dictionary of StaticSolverSettings, got number 3');
  });

  it('loadFromFileReplacesAnAssembledSystemAndItsRows', () => {
    const { mbs, push, preStep } = loadedMass();
    mbs.saveToFile('m.json');
    const target = loadedMass().mbs;
    target.assemble();
    target.solveDynamic(shortSolve());
    target.loadFromFile('m.json', { userFunctions: { push, preStep } });
    expectFlexdynError(() => target.getSensorStoredData(1), /needs an assembled system/);
    target.assemble();
    expect(target.getSensorStoredData(1)).toEqual([]);
    expect(target.getSensorValues(1, ConfigurationType.Initial)).toEqual([0, 1, 0]);
  });

  it('aUserFunctionSensorAndItsSensorsRoundTrip', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({ initialVelocities: [1, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const s0 = mbs.addSensor(SensorNode({ nodeNumber: node, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    const twice: AnyUserFunction = ((m: MainSystem, _t: number, numbers: readonly number[]) => m.getSensorValues(numbers[0]).map((x) => 2 * x)) as never;
    mbs.addSensor(SensorUserFunction({ sensorNumbers: [s0], writeToFile: false, sensorUserFunction: twice as never }));
    mbs.saveToFile('m.json');
    const copy = new SystemContainer().addSystem();
    copy.loadFromFile('m.json', { userFunctions: { twice } });
    expect(copy.getSensor(1)[typeKeyOf.Sensor]).toBe('UserFunction');
    expect(copy.getSensor(1).sensorNumbers).toEqual([0]);
    for (const system of [mbs, copy]) { system.assemble(); system.solveDynamic(shortSolve()); }
    expect(copy.getSensorValues(1)).toEqual(mbs.getSensorValues(1));
  });
});
