import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MassPoint, NodePoint, SimulationSettings, SystemContainer } from '../../src/index.ts';
import { dynamicStepSchedule, staticStepSchedule } from '../../src/solvers/stepSchedule.ts';

const directory = mkdtempSync(join(tmpdir(), 'flexdyn-schedule-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('step schedule', () => {
  it('uniformStepsOfTheDynamicScheduleSpanStartToEnd', () => {
    const settings = new SimulationSettings();
    Object.assign(settings.timeIntegration, { startTime: 0.5, endTime: 2.5, numberOfSteps: 8 });
    const schedule = dynamicStepSchedule(settings.timeIntegration);
    expect(schedule.numberOfSteps).toBe(8);
    expect(schedule.maximumStepSize).toBe(0.25); // 2/8, exact in binary
    expect(schedule.stepEndTime).toBeUndefined();
    // Exudyn's tolerance for float input: 100 ε relative
    settings.timeIntegration.numberOfSteps = 8 * (1 + 4 * Number.EPSILON);
    expect(dynamicStepSchedule(settings.timeIntegration).numberOfSteps).toBe(8);
  });

  it('geometricLoadStepsRunFromOneOverRangeToOne', () => {
    const settings = new SimulationSettings();
    Object.assign(settings.staticSolver, { numberOfLoadSteps: 3, loadStepGeometric: true, loadStepGeometricRange: 100, loadStepStart: 1, loadStepDuration: 2 });
    const schedule = staticStepSchedule(settings.staticSolver);
    expect(schedule.numberOfSteps).toBe(3);
    const times: number[] = [];
    let t = schedule.startTime;
    for (let k = 1; k <= 3; k++) times.push(t = schedule.stepEndTime!(k, t));
    // load factors τ_k/duration = 100^((k − 1)/2 − 1): 0.01, 0.1, 1; the last step ends exactly at the end time
    expect((times[0] - 1) / 2).toBeCloseTo(0.01, 15);
    expect((times[1] - 1) / 2).toBeCloseTo(0.1, 14);
    expect(times[2]).toBe(3);
  });

  it('namesTheSettingThatIsNotAStepCount', () => {
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 2.5;
    expect(() => dynamicStepSchedule(settings.timeIntegration)).toThrow('timeIntegration.numberOfSteps must be a positive integer, got 2.5');
    settings.staticSolver.numberOfLoadSteps = 0;
    expect(() => staticStepSchedule(settings.staticSolver)).toThrow('staticSolver.numberOfLoadSteps must be a positive integer, got 0');
  });

  it('checksTheStepCountBeforeTheSolutionFileIsOpened', () => {
    const mbs = new SystemContainer().addSystem();
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: mbs.addNode(NodePoint({})) }));
    mbs.assemble();
    const settings = new SimulationSettings();
    const file = join(directory, 'solution.txt');
    settings.solutionSettings.writeSolutionToFile = true;
    settings.solutionSettings.coordinatesSolutionFileName = file;
    settings.timeIntegration.numberOfSteps = -4;
    expect(() => mbs.solveDynamic(settings)).toThrow('SimulationSettings: timeIntegration.numberOfSteps must be an integer in 1 … 2147483647, got number -4');
    expect(existsSync(file)).toBe(false);
    settings.timeIntegration.numberOfSteps = 4;
    mbs.solveDynamic(settings);
    expect(existsSync(file)).toBe(true); // the same settings with a valid count do write the file
  });
});
