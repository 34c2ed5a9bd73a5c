import { describe, expect, it } from 'vitest';
import {
  SystemContainer, type SimulationSettings, Node1D, Mass1D, NodePointGround, MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate,
  SensorNode, OutputVariableType, ConfigurationType, FlexdynError, DynamicSolverType, type MainSystem,
} from '../../src/index.ts';
import { dynamicSettings } from './modelsForTests.ts';

const mass = 2, stiffness = 800, damping = 3, q0 = 0.1, v0 = -0.5;

/**
 * A mass on a coordinate spring-damper to ground (replicate = false), or the same mass with the spring-damper force as a
 * LoadCoordinate whose value a pre-Newton-residual function sets from the current iterate (Exudyn's
 * mainSystemUserFunctionsTest, case ReplicateSpringDamper; the load reads a variable instead of SetLoadParameter).
 */
function oscillator(replicate: boolean): { mbs: MainSystem; node: number; sensor: number; setForce: (f: number) => void } {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(Node1D({ referenceCoordinates: [0], initialCoordinates: [q0], initialVelocities: [v0] }));
  mbs.addObject(Mass1D({ nodeNumber: node, physicsMass: mass }));
  const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  let springForce = 0;
  if (replicate) mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: 0, loadUserFunction: () => springForce }));
  else mbs.addObject(CoordinateSpringDamper({ markerNumbers: [ground, marker], stiffness, damping }));
  const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, outputVariableType: OutputVariableType.Coordinates }));
  mbs.assemble();
  return { mbs, node, sensor, setForce: (f) => { springForce = f; } };
}

/** dynamicSettings without initial accelerations (Exudyn's mainSystemUserFunctionsTest: the system Jacobian function is not called for them). */
function settingsFor(steps: number, endTime: number): SimulationSettings {
  const settings = dynamicSettings(steps, endTime);
  settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
  return settings;
}

describe('MainSystem user functions', () => {
  it('postStep runs after each accepted step and once at the start, before the row is recorded, and may stop the solve', () => {
    const { mbs, sensor } = oscillator(false);
    const times: number[] = [];
    mbs.setPostStepUserFunction((m, t) => {
      times.push(t);
      // stop the mass from t = 0.05 on: the recorded position stays at the start-of-step position (Exudyn's StopMass)
      if (t > 0.05 - 1e-12) {
        m.systemData.setODE2Coordinates(m.systemData.getODE2Coordinates(ConfigurationType.StartOfStep));
        m.systemData.setODE2Coordinates_t([0]);
      }
      return t < 0.08 - 1e-12;
    });
    const statistics = mbs.solveDynamic(settingsFor(10, 0.1));
    // initial call at t = 0, then steps 1 … 8; false at t = 0.08 stops after that step
    expect(times.length).toBe(9);
    expect(times[0]).toBe(0);
    expect(times[8]).toBeCloseTo(0.08, 14);
    expect(statistics.steps).toBe(8);
    const rows = mbs.getSensorStoredData(sensor);
    expect(rows.length).toBe(9);
    expect(rows[8][0]).toBeCloseTo(0.08, 14);
    // from the step ending at 0.05 on the position is frozen at that of t = 0.04
    expect(rows[5][1]).toBe(rows[4][1]);
    expect(rows[8][1]).toBe(rows[4][1]);
    expect(mbs.systemData.getODE2Coordinates()).toEqual([rows[8][1]]);
  });

  it('preNewtonResidual and systemJacobian replicate a spring-damper with the iterations of the item (ReplicateSpringDamper)', () => {
    const settings = settingsFor(200, 0.4);
    const reference = oscillator(false);
    const statisticsReference = reference.mbs.solveDynamic(settings);

    const replicated = oscillator(true);
    const calls: [number, number][] = [];
    const preNewton = (m: MainSystem, _t: number, newtonIt: number, discontinuousIt: number) => {
      calls.push([newtonIt, discontinuousIt]);
      const u = m.getNodeOutput(replicated.node, OutputVariableType.Coordinates)[0];
      const v = m.getNodeOutput(replicated.node, OutputVariableType.Coordinates_t)[0];
      replicated.setForce(-stiffness * u - damping * v);
    };
    replicated.mbs.setPreNewtonResidualUserFunction(preNewton);
    const index = replicated.mbs.getNodeODE2Index(replicated.node);
    const factors: number[][] = [];
    replicated.mbs.setSystemJacobianUserFunction((_m, _t, factorODE2, factorODE2_t, factorODE1) => {
      factors.push([factorODE2, factorODE2_t, factorODE1]);
      return [[index, index, -factorODE2 * stiffness - factorODE2_t * damping]];
    });
    const statistics = replicated.mbs.solveDynamic(settings);
    // the same residuals and Jacobians: the same iterates, to the round-off of a differently summed residual
    expect(statistics.newtonIterations).toBe(statisticsReference.newtonIterations);
    const rows = replicated.mbs.getSensorStoredData(replicated.sensor), rowsReference = reference.mbs.getSensorStoredData(reference.sensor);
    for (let k = 0; k < rows.length; k++) expect(Math.abs(rows[k][1] - rowsReference[k][1])).toBeLessThan(1e-14);
    // Exudyn's factors for generalized-α with ρ∞ = 0.9 (β = ¼(γ + ½)²), h = 0.002: −βh², −γh, −βh²
    const rho = 0.9, alphaM = (2 * rho - 1) / (rho + 1), alphaF = rho / (rho + 1), gamma = 0.5 + alphaF - alphaM, beta = 0.25 * (gamma + 0.5) ** 2, h = 0.002;
    expect(factors[0][0]).toBeCloseTo(-beta * h * h, 18);
    expect(factors[0][1]).toBeCloseTo(-gamma * h, 15);
    expect(factors[0][2]).toBe(factors[0][0]);
    // newtonIt 0 for the predictor's residual, then 1, 2, … within each step; one discontinuous iteration
    expect(calls[0]).toEqual([0, 0]);
    expect(calls[1]).toEqual([1, 0]);
    expect(calls.filter(([k]) => k === 0).length).toBe(200);
    expect(calls.length).toBe(200 + statistics.newtonIterations);

    // without the Jacobian terms Newton converges only linearly, with more iterations, to the same solution
    const unassisted = oscillator(true);
    unassisted.mbs.setPreNewtonResidualUserFunction((m, t, k, d) => {
      const u = m.getNodeOutput(unassisted.node, OutputVariableType.Coordinates)[0];
      const v = m.getNodeOutput(unassisted.node, OutputVariableType.Coordinates_t)[0];
      unassisted.setForce(-stiffness * u - damping * v);
      void t; void k; void d;
    });
    const statisticsUnassisted = unassisted.mbs.solveDynamic(settings);
    expect(statisticsUnassisted.newtonIterations).toBeGreaterThan(2 * statistics.newtonIterations);
  });

  it('the static solver adds the system Jacobian terms with its factors 1, 0, 1: k q = F in one Newton iteration', () => {
    const force = 10;
    const { mbs, node, setForce } = oscillator(true);
    mbs.addLoad(LoadCoordinate({ markerNumber: 1, load: force }));
    mbs.assemble();
    mbs.setPreNewtonResidualUserFunction((m) => setForce(-stiffness * m.getNodeOutput(node, OutputVariableType.Coordinates)[0]));
    const factors: number[] = [];
    mbs.setSystemJacobianUserFunction((_m, _t, factorODE2, factorODE2_t, factorODE1) => {
      factors.push(factorODE2, factorODE2_t, factorODE1);
      return { numberOfRows: 1, numberOfColumns: 1, triplets: [[0, 0, -factorODE2 * stiffness]] };
    });
    const settings = settingsFor(1, 1);
    settings.staticSolver.adaptiveStep = false;
    const statistics = mbs.solveStatic(settings);
    expect(factors.slice(0, 3)).toEqual([1, 0, 1]);
    // a linear problem with its exact Jacobian: one iteration
    expect(statistics.newtonIterations).toBe(1);
    expect(mbs.systemData.getODE2Coordinates()[0]).toBeCloseTo(force / stiffness, 15);
  });

  it('explicit solvers call the post-step function too', () => {
    const { mbs } = oscillator(false);
    let calls = 0;
    mbs.setPostStepUserFunction(() => { calls++; });
    mbs.solveDynamic(settingsFor(20, 0.02), DynamicSolverType.RK44);
    expect(calls).toBe(21);
  });
});

describe('MainSystem user functions: bad input', () => {
  const expectRunError = (mbs: MainSystem, message: string, solve: (m: MainSystem) => unknown = (m) => m.solveDynamic(settingsFor(10, 0.01))) => {
    expect(() => solve(mbs)).toThrow(FlexdynError);
    expect(() => solve(mbs)).toThrow(message);
  };

  it('names the function and what it returned', () => {
    const { mbs } = oscillator(false);
    expect(() => mbs.setPostStepUserFunction('f' as never)).toThrow('setPostStepUserFunction: expected a function or 0 (to clear it), got string');
    expect(() => mbs.setSystemJacobianUserFunction(1 as never)).toThrow('setSystemJacobianUserFunction: expected a function or 0');
    mbs.setPostStepUserFunction(() => 5 as unknown as boolean);
    expectRunError(mbs, 'postStepUserFunction must return true, false or nothing, got number 5');
    mbs.setPostStepUserFunction(0);
    mbs.setPreNewtonResidualUserFunction(() => { throw new RangeError('bad'); });
    expectRunError(mbs, 'preNewtonResidualUserFunction threw RangeError: bad');
    mbs.setPreNewtonResidualUserFunction(0);
    mbs.setSystemJacobianUserFunction(() => [[0, 5, 1]]);
    expectRunError(mbs, 'systemJacobianUserFunction entry 0: column must be an integer in 0 … 0 (the system\'s unknowns), got number 5');
    mbs.setSystemJacobianUserFunction(() => [[0, 0, Number.NaN]]);
    expectRunError(mbs, 'systemJacobianUserFunction entry 0: value must be a finite number, got number NaN');
    mbs.setSystemJacobianUserFunction(() => [[0, 0]] as never);
    expectRunError(mbs, 'systemJacobianUserFunction entry 0 must be [row, column, value]');
    mbs.setSystemJacobianUserFunction(() => 3 as never);
    expectRunError(mbs, 'systemJacobianUserFunction must return sparse terms');
    // a failed run keeps the initial state
    expect(mbs.systemData.getODE2Coordinates()).toEqual([q0]);
    // the functions cannot be replaced while a solve runs
    mbs.setSystemJacobianUserFunction(0);
    mbs.setPreStepUserFunction((m) => { m.setPostStepUserFunction(0); return true; });
    expectRunError(mbs, 'setPostStepUserFunction is not possible while solveDynamic is running');
  });
});
