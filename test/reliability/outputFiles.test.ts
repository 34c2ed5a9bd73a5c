import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodePoint, MassPoint, SensorNode, SensorUserFunction, OutputVariableType, FlexdynError, type MainSystem,
} from '../../src/index.ts';
import { loadSensorFile, loadSolutionFile } from '../../src/node.ts';

const folder = mkdtempSync(join(tmpdir(), 'flexdyn-output-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
/** A file where an output folder should be: creating the folder fails (ENOTDIR/EEXIST), also for root. */
const blocker = join(folder, 'blocked');
writeFileSync(blocker, 'not a folder');

/** A falling mass with two file sensors. */
function model(sensorFile0: string, sensorFile1: string): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const n = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0], initialVelocities: [1, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: n }));
  mbs.addSensor(SensorNode({ nodeNumber: n, outputVariableType: OutputVariableType.Position, fileName: sensorFile0 }));
  mbs.addSensor(SensorNode({ nodeNumber: n, outputVariableType: OutputVariableType.Velocity, fileName: sensorFile1 }));
  mbs.assemble();
  return mbs;
}

function settings(solutionFile: string): SimulationSettings {
  const s = new SimulationSettings();
  s.timeIntegration.endTime = 0.1;
  s.timeIntegration.numberOfSteps = 10;
  s.solutionSettings.coordinatesSolutionFileName = solutionFile;
  return s;
}

function flexdynError(fn: () => unknown): FlexdynError {
  try { fn(); } catch (error) {
    expect(error).toBeInstanceOf(FlexdynError);
    return error as FlexdynError;
  }
  throw new Error('expected a FlexdynError, got a normal return');
}

/** Open file descriptors of this process. */
function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

describe('writing output files', () => {
  it('aBlockedSolutionFolderNamesTheSettingAndLeavesNoSensorFile', () => {
    const s0 = join(folder, 'a', 'position.txt'), s1 = join(folder, 'a', 'velocity.txt');
    const error = flexdynError(() => model(s0, s1).solveDynamic(settings(join(blocker, 'solution.txt'))));
    expect(error.message).toMatch(new RegExp(`^solutionSettings\\.coordinatesSolutionFileName = '${blocker}/solution\\.txt': the file cannot be opened for writing \\(.*(ENOTDIR|EEXIST)`));
    expect(error.parameter).toBe('solutionSettings.coordinatesSolutionFileName');
    // the sensor files opened before it are closed and removed: no empty stray files
    expect(existsSync(s0)).toBe(false);
    expect(existsSync(s1)).toBe(false);
  });

  it('aBlockedSensorFileNamesTheSensorAndItsFileName', () => {
    const s0 = join(folder, 'b', 'position.txt');
    const error = flexdynError(() => model(s0, join(blocker, 'velocity.txt')).solveDynamic(settings(join(folder, 'b', 'solution.txt'))));
    expect(error.message).toMatch(new RegExp(`^SensorNode #1: fileName = '${blocker}/velocity\\.txt': the file cannot be opened for writing`));
    expect(error.parameter).toBe('SensorNode #1: fileName');
    expect(existsSync(s0)).toBe(false);
    expect(existsSync(join(folder, 'b', 'solution.txt'))).toBe(false);
  });

  it('missingFoldersAreCreatedOnEverySolve', () => {
    // the folders are created where opening finds none (ENOENT), also when they were removed between two solves
    const nested = join(folder, 'd', 'e');
    const mbs = model(join(nested, 'position.txt'), join(nested, 'velocity.txt'));
    for (let run = 0; run < 2; run++) {
      rmSync(join(folder, 'd'), { recursive: true, force: true });
      mbs.solveDynamic(settings(join(folder, 'd', 'f', 'solution.txt')));
      expect(loadSensorFile(join(nested, 'velocity.txt')).data.rows).toBe(11); // t = 0 and 10 steps
      expect(existsSync(join(folder, 'd', 'f', 'solution.txt'))).toBe(true);
    }
  });

  it('aFolderAsFileNameIsANamedError', () => {
    const dir = join(folder, 'isFolder.txt');
    mkdirSync(dir);
    expect(flexdynError(() => model(join(folder, 'c0.txt'), join(folder, 'c1.txt')).solveDynamic(settings(dir))).message)
      .toMatch(/^solutionSettings\.coordinatesSolutionFileName = '.*isFolder\.txt': the file cannot be opened for writing \(.*EISDIR/);
  });

  it('twentyFailedSolvesLeakNoDescriptor', () => {
    const mbs = model(join(folder, 'd', 'position.txt'), join(folder, 'd', 'velocity.txt'));
    const failing = settings(join(blocker, 'solution.txt'));
    const before = openDescriptors();
    for (let k = 0; k < 20; k++) flexdynError(() => mbs.solveDynamic(failing));
    expect(openDescriptors()).toBe(before);
    expect(existsSync(join(folder, 'd', 'position.txt'))).toBe(false);
  });

  it('twentyRunsThatFailInTheStepLoopCloseTheirFiles', () => {
    // a sensor value that turns NaN at t = 0.05 stops the run after the files are open: they are closed, with their rows
    const s0 = join(folder, 'e', 'position.txt');
    const mbs = model(s0, join(folder, 'e', 'velocity.txt'));
    mbs.addSensor(SensorUserFunction({ sensorUserFunction: ((_m: unknown, t: number) => [t < 0.05 ? t : Number.NaN]) as never, fileName: join(folder, 'e', 'user.txt') }));
    mbs.assemble();
    const s = settings(join(folder, 'e', 'solution.txt'));
    const before = openDescriptors();
    for (let k = 0; k < 20; k++) expect(flexdynError(() => mbs.solveDynamic(s)).message).toMatch(/^GeneralizedAlpha failed at t = 0\.05 \(step 5, step size 0\.01\): SensorUserFunction #2: sensorUserFunction must return finite numbers/);
    expect(openDescriptors()).toBe(before);
    const rows = loadSensorFile(s0);
    expect(rows.data.rows).toBe(5); // t = 0 … 0.04: every sensor table ends at the last complete time
    expect(rows.complete).toBe(true); // closed by the solver (its footer says the solve failed)
  });

  it('aFinishedRunWritesFilesThatReadBackComplete', () => {
    const s0 = join(folder, 'f', 'position.txt');
    const mbs = model(s0, join(folder, 'f', 'velocity.txt'));
    mbs.solveDynamic(settings(join(folder, 'f', 'solution.txt')));
    const sensor = loadSensorFile(s0);
    expect(sensor.complete).toBe(true);
    expect(sensor.data.rows).toBe(11);
    const solution = loadSolutionFile(join(folder, 'f', 'solution.txt'));
    expect(solution.complete).toBe(true);
    expect(solution.nRows).toBe(11);
  });
});
