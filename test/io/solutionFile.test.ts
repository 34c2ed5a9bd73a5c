import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodeType, RigidBodyInertia, SimulationSettings, OutputVariableType, ConfigurationType, SensorNode,
  loadSolutionFile, parseSolutionFile, solutionRowAtTime, type MainSystem,
} from '../../src/node.ts';
import { springChain } from '../solvers/modelsForTests.ts';

const folder = mkdtempSync(join(tmpdir(), 'flexdyn-solution-'));

/** Heavy spherical pendulum: one quaternion rigid body (n_q = 7, n_u = 6) on a spherical joint (n_AE = 3). */
function pendulum(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const inertia = new RigidBodyInertia({ mass: 2, inertiaTensor: [[0.1, 0, 0], [0, 0.2, 0], [0, 0, 0.3]] });
  const ground = mbs.createGround();
  const body = mbs.createRigidBody({
    inertia, referencePosition: [1, 0, 0], initialAngularVelocity: [0.5, -1, 2], nodeType: NodeType.RotationQuaternion, gravity: [0, -9.81, 0],
  });
  mbs.createSphericalJoint({ bodyNumbers: [ground, body], position: [0, 0, 0] });
  mbs.addSensor(SensorNode({ nodeNumber: 0, outputVariableType: OutputVariableType.Position, fileName: join(folder, 'pendulumPosition.txt') }));
  mbs.assemble();
  return mbs;
}

function settings(fileName: string): SimulationSettings {
  const s = new SimulationSettings();
  s.timeIntegration.endTime = 0.2;
  s.timeIntegration.numberOfSteps = 100;
  s.timeIntegration.verboseMode = 0;
  s.solutionSettings.coordinatesSolutionFileName = fileName;
  s.solutionSettings.solutionWritePeriod = 0.01;
  s.solutionSettings.solutionInformation = 'pendulum\ntest';
  return s;
}

/** The double that a value written with p significant digits reads back as. */
const written = (x: number, p = 10) => Number(x.toPrecision(p));

describe('solution file', () => {
  it('writes an Exudyn-compatible header and reads back times, coordinates, velocities, accelerations and multipliers to the written precision', () => {
    const mbs = pendulum();
    const fileName = join(folder, 'pendulum.txt');
    const s = settings(fileName);
    mbs.solveDynamic(s);
    const text = readFileSync(fileName, 'utf8').split('\n');
    // the first five lines are what Exudyn's LoadSolutionFile reads (line 5 = written coordinates)
    expect(text[0]).toBe('#Flexdyn GeneralizedAlpha solver solution file');
    expect(text[2]).toBe('#columns contain: time, ODE2 displacements, ODE2 velocities, ODE2 accelerations, AE coordinates');
    expect(text[3]).toBe('#number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = [7,0,3,0]');
    expect(text[4]).toBe('#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = [7,6,6,0,0,3,0]');
    expect(text[5]).toBe('#total columns exported  (excl. time) = 22');

    const solution = loadSolutionFile(fileName);
    const h = solution.header;
    expect(h.solverName).toBe('GeneralizedAlpha');
    expect(h.isStatic).toBe(false);
    expect(h.nVelocityCoordinates).toBe(6);
    expect(h.plannedSteps).toBe(100);
    expect(h.formatVersion).toBe(1);
    expect(h.solutionInformation).toBe('pendulum_test');
    expect(h.solverInfo['total time steps']).toBe('100');
    expect(h.finished).not.toBe('');
    expect(h.model?.nodes[0]).toEqual({ type: 'RigidBodyQuaternion', qIndex: 0, nq: 7, uIndex: 0, nu: 6 });
    expect(h.model?.objects).toEqual([{ type: 'Ground', nodes: [] }, { type: 'RigidBody', nodes: [0] }, { type: 'JointSpherical', nodes: [0] }]);
    expect(h.model?.sensors[0]).toEqual({ type: 'Node', fileName: join(folder, 'pendulumPosition.txt') });

    // rows at 0, 0.01, …, 0.2 (period 0.01 = 5 steps of 0.002)
    expect(solution.nRows).toBe(21);
    for (let i = 0; i < 21; i++) expect(Math.abs(solution.times[i] - i * 0.01)).toBeLessThan(1e-12);
    expect(solution.coordinates.columns).toBe(7);
    expect(solution.velocities?.columns).toBe(6);
    expect(solution.accelerations?.columns).toBe(6);
    expect(solution.algebraicCoordinates?.columns).toBe(3);
    expect(solution.data.columns).toBe(23);
    // the last row is the end state, exactly as written with 10 significant digits
    const last = solution.nRows - 1;
    const end = mbs.compiled().data.current;
    expect(Array.from(solution.coordinates.row(last))).toEqual(Array.from(end.q, (x) => written(x)));
    expect(Array.from(solution.velocities!.row(last))).toEqual(Array.from(end.u, (x) => written(x)));
    expect(Array.from(solution.accelerations!.row(last))).toEqual(Array.from(end.a, (x) => written(x)));
    expect(Array.from(solution.algebraicCoordinates!.row(last))).toEqual(Array.from(end.lambda, (x) => written(x)));
    // blocks are consistent with the full data matrix
    expect(solution.data.get(3, 1 + 7 + 2)).toBe(solution.velocities!.get(3, 2));
    expect(solution.skippedIncompleteLastRow).toBe(false);
    const nd = solution.velocities!.asNdArray();
    expect(nd.shape).toEqual([21, 6]);
    expect(nd.get(7, 4)).toBe(solution.velocities!.row(7)[4]);
  });

  it('setStateFromSolution reproduces the solver state of a row (outputs to 1e-9 relative = written precision)', () => {
    const mbs = pendulum();
    const fileName = join(folder, 'pendulumState.txt');
    const s = settings(fileName);
    s.timeIntegration.endTime = 0.1;
    s.timeIntegration.numberOfSteps = 50;
    mbs.solveDynamic(s);
    const position = mbs.getNodeOutput(0, OutputVariableType.Position);
    const omega = mbs.getNodeOutput(0, OutputVariableType.AngularVelocity);
    const solution = loadSolutionFile(fileName);
    const other = pendulum();
    const row = solutionRowAtTime(solution, 0.1);
    expect(row).toBe(solution.nRows - 1);
    other.setStateFromSolution(solution, row, ConfigurationType.Visualization);
    expect(other.systemData.getTime(ConfigurationType.Visualization)).toBe(written(0.1));
    const p2 = other.getNodeOutput(0, OutputVariableType.Position, ConfigurationType.Visualization);
    const w2 = other.getNodeOutput(0, OutputVariableType.AngularVelocity, ConfigurationType.Visualization);
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(p2[k] - position[k])).toBeLessThan(1e-9 * 2);
      expect(Math.abs(w2[k] - omega[k])).toBeLessThan(1e-9 * 3);
    }
    // the current state of the other system is untouched
    expect(other.systemData.getODE2Coordinates()).toEqual(other.systemData.getODE2Coordinates(ConfigurationType.Initial));
    expect(() => other.setStateFromSolution(solution, solution.nRows)).toThrow(/row must be an integer in 0 … 10/);
    const small = new SystemContainer().addSystem();
    small.createMassPoint({ physicsMass: 1, referencePosition: [0, 0, 0] });
    small.assemble();
    expect(() => small.setStateFromSolution(solution, 0)).toThrow(/ODE2 coordinates must have 3 entries as the system has, got 7/);
  });

  it('static solves write no velocities or accelerations; the precision setting is respected', () => {
    const { mbs } = springChain({ masses: 3, mass: 1, stiffness: 100, force: 2, transverseStiffness: 10 });
    mbs.assemble();
    const fileName = join(folder, 'chainStatic.txt');
    const s = settings(fileName);
    s.solutionSettings.outputPrecision = 16;
    s.staticSolver.numberOfLoadSteps = 4;
    s.staticSolver.verboseMode = 0;
    mbs.solveStatic(s);
    const solution = loadSolutionFile(fileName);
    expect(solution.header.isStatic).toBe(true);
    expect(solution.header.written).toEqual({ nODE2: 9, nVel2: 0, nAcc2: 0, nODE1: 0, nVel1: 0, nAlgebraic: 0, nData: 0 });
    expect(solution.velocities).toBeUndefined();
    expect(solution.accelerations).toBeUndefined();
    expect(solution.header.plannedSteps).toBe(4);
    expect(Array.from(solution.times)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    const end = mbs.compiled().data.current;
    expect(Array.from(solution.coordinates.row(4))).toEqual(Array.from(end.q, (x) => written(x, 16)));
  });

  it('reads an ASCII coordinatesSolution.txt in Exudyn\'s layout and skips an incomplete last row', () => {
    const text = [
      '#Exudyn generalized alpha solver solution file',
      '#simulation started=2024-01-01 10:00:00',
      '#columns contain: time, ODE2 displacements, ODE2 velocities, ODE2 accelerations',
      '#number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = [2,0,0,0]',
      '#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = [2,2,2,0,0,0,0]',
      '#total columns exported  (excl. time) = 6',
      '#number of time steps (planned) = 2',
      '#Exudyn version = 1.11',
      '#',
      '0,0,0,1,2,3,4',
      '0.5,0.1,-0.2,1.5,2.5,3.5,4.5',
      '1,0.3,-0.4,1.9,2.9,3',
    ].join('\n');
    const solution = parseSolutionFile(text, 'exudyn.txt');
    expect(solution.header.solverName).toBe('generalized alpha');
    expect(solution.header.nVelocityCoordinates).toBe(2);
    expect(solution.nRows).toBe(2);
    expect(solution.skippedIncompleteLastRow).toBe(true);
    expect(Array.from(solution.coordinates.row(1))).toEqual([0.1, -0.2]);
    expect(Array.from(solution.accelerations!.row(1))).toEqual([3.5, 4.5]);
    expect(() => parseSolutionFile('0,1,2\n', 'x.txt')).toThrow(/must have the header line '#number of written coordinates/);
    const broken = text.replace('0.5,0.1,-0.2,1.5,2.5,3.5,4.5', '0.5,0.1,-0.2');
    expect(() => parseSolutionFile(broken, 'b.txt')).toThrow(/'b.txt' line 11 must have 7 comma-separated values \(time \+ 6\), got 3/);
    const bad = text.replace('0.5,0.1', '0.5,abc');
    expect(() => parseSolutionFile(bad, 'c.txt')).toThrow(/line 11 column 2 must be a decimal number, got 'abc'/);
    const missing = join(folder, 'missing.txt');
    expect(() => loadSolutionFile(missing)).toThrow(/loadSolutionFile: cannot read/);
    writeFileSync(join(folder, 'total.txt'), text.replace('= 6', '= 5'));
    expect(() => loadSolutionFile(join(folder, 'total.txt'))).toThrow(/must equal the sum of the written coordinates 6, got 5/);
  });
});
