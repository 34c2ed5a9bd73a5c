/**
 * A tiny model for the reliability tests: a damped oscillator (one GenericODE2 coordinate, m = 1, k = 100, d = 0.1)
 * with a coordinate load, a stored node sensor and a user-function sensor, each with a hook where a test injects a fault
 * (a user function that throws or returns NaN from a given time on). Files go to a temporary folder.
 * @module
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodeGenericODE2, ObjectGenericODE2, MarkerNodeCoordinate,
  LoadCoordinate, SensorNode, SensorUserFunction, FlexdynError, type MainSystem,
} from '../../src/index.ts';

/** Where a fault is injected. */
export type FaultSite = 'load' | 'force' | 'sensor' | 'preStep';
/** What the faulty function does from the fault time on. */
export type FaultKind = 'throw' | 'NaN';

/** A fault: site, kind and the time from which the function misbehaves (undefined: no fault). */
export interface Fault {
  /** Where. */
  site: FaultSite;
  /** What. */
  kind: FaultKind;
  /** From which time. */
  time: number;
}

/** The model and what the tests read back. */
export interface FaultModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** The oscillator's node. */
  node: number;
  /** A node sensor (coordinate), stored and written to a file. */
  nodeSensor: number;
  /** A user-function sensor (2 values), stored and written to a file. */
  userSensor: number;
  /** Settings with files in the temporary folder, sensor and solution rows every step. */
  settings: SimulationSettings;
  /** The temporary folder. */
  folder: string;
  /** Path of the solution file. */
  solutionFile: string;
}

/** The value a faulty user function returns (or throws) at time t. */
function faulty(fault: Fault | undefined, site: FaultSite, t: number, value: number): number {
  if (fault === undefined || fault.site !== site || t < fault.time) return value;
  if (fault.kind === 'throw') throw new Error(`injected ${site} fault at t = ${t}`);
  return Number.NaN;
}

/** Builds the oscillator with an optional fault; endTime 1, 50 steps. */
export function faultModel(fault?: Fault): FaultModel {
  const folder = mkdtempSync(join(tmpdir(), 'flexdyn-fault-'));
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0.1] }));
  mbs.addObject(ObjectGenericODE2({
    nodeNumbers: [node], massMatrix: [[1]], stiffnessMatrix: [[100]], dampingMatrix: [[0.1]],
    forceUserFunction: (_mbs, t) => [faulty(fault, 'force', t, 0)],
  }));
  const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: 1, loadUserFunction: (_mbs, t, load) => faulty(fault, 'load', t, load * Math.sin(t)) }));
  const nodeSensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: true, fileName: join(folder, 'node.txt') }));
  const userSensor = mbs.addSensor(SensorUserFunction({
    sensorNumbers: [nodeSensor], storeInternal: true, writeToFile: true, fileName: join(folder, 'user.txt'),
    sensorUserFunction: (m, t) => [faulty(fault, 'sensor', t, 2 * m.getSensorValues(nodeSensor)[0]), t],
  }));
  if (fault?.site === 'preStep') mbs.setPreStepUserFunction((_mbs, t) => { faulty(fault, 'preStep', t, 0); return true; });
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 1;
  settings.timeIntegration.numberOfSteps = 50;
  settings.timeIntegration.verboseMode = 0;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.numberOfLoadSteps = 50;
  settings.solutionSettings.sensorsWritePeriod = 0;
  settings.solutionSettings.solutionWritePeriod = 0;
  const solutionFile = join(folder, 'solution.txt');
  settings.solutionSettings.coordinatesSolutionFileName = solutionFile;
  return { mbs, node, nodeSensor, userSensor, settings, folder, solutionFile };
}

/** Number of open file descriptors of this process (Linux /proc), to show that a failed solve closed its files. */
export function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

/** The data rows (lines not starting with '#') of a text output file. */
export function dataRows(path: string): number[][] {
  return readFileSync(path, 'utf8').split('\n').filter((line) => line !== '' && !line.startsWith('#')).map((line) => line.split(',').map(Number));
}

/** Runs fn, expects a FlexdynError and returns it. */
export function catchFlexdynError(fn: () => unknown): FlexdynError {
  let caught: unknown;
  try { fn(); } catch (error) { caught = error; }
  if (!(caught instanceof FlexdynError)) throw new Error(`expected a FlexdynError, got ${caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)}`);
  return caught;
}

/**
 * After a failed solve: the current state is the last good step (t before the fault time, equal to the time of the last
 * row of every table, coordinate equal to the last node-sensor row), the two sensor tables have equal length and end at
 * the same time, the files hold exactly the stored rows (so they were flushed and closed), and results stay accessible.
 */
export function expectLastGoodStepKept(model: FaultModel, faultTime: number, isStatic: boolean): void {
  const { mbs, node, nodeSensor, userSensor, folder, solutionFile } = model;
  const t = mbs.getTime();
  expect(t).toBeLessThan(faultTime);
  const nodeRows = mbs.getSensorStoredData(nodeSensor);
  const userRows = mbs.getSensorStoredData(userSensor);
  expect(nodeRows.length).toBeGreaterThan(0);
  expect(userRows.length).toBe(nodeRows.length);
  expect(nodeRows.at(-1)![0]).toBe(t);
  expect(userRows.at(-1)![0]).toBe(t);
  const q = mbs.getNodeOutput(node, OutputVariableType.Coordinates)[0];
  expect(Number.isFinite(q)).toBe(true);
  expect(nodeRows.at(-1)![1]).toBe(q);
  for (const rows of [nodeRows, userRows]) for (const row of rows) for (const value of row) expect(Number.isFinite(value)).toBe(true);
  expect(dataRows(join(folder, 'node.txt')).length).toBe(nodeRows.length);
  expect(dataRows(join(folder, 'user.txt')).length).toBe(userRows.length);
  const solutionRows = dataRows(solutionFile);
  expect(solutionRows.length).toBe(nodeRows.length);
  expect(solutionRows.at(-1)![0]).toBeCloseTo(t, 8);
  expect(readFileSync(solutionFile, 'utf8')).toContain('stepReductionFailed(or step failed)=1');
  if (!isStatic) expect(Number.isFinite(mbs.getNodeOutput(node, OutputVariableType.Coordinates_t)[0])).toBe(true);
}
