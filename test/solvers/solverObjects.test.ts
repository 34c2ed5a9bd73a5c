import { describe, expect, it } from 'vitest';
import { Matrix, solve } from 'ml-matrix';
import {
  SystemContainer, Node1D, Mass1D, NodePointGround, MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate,
  SensorNode, OutputVariableType, DynamicSolverType, ConfigurationType, FlexdynError, NodePoint2D, ObjectMassPoint2D, MarkerNodePosition,
  MarkerBodyPosition, ObjectGround, ObjectConnectorDistance, LoadForceVector,
  MainSolverImplicitSecondOrder, MainSolverExplicit, MainSolverStatic, NodeGenericODE1, ObjectGenericODE1, type MainSystem,
} from '../../src/index.ts';
import { dynamicSettings } from './modelsForTests.ts';

const mass = 2, stiffness = 800, damping = 3, force = 10, q0 = 0.1, v0 = -0.5;

/** A mass on a spring-damper to ground with a constant force: m q̈ + d q̇ + k q = F, q(0) = q0, q̇(0) = v0; one position sensor. */
function oscillator(withDamping = true): { mbs: MainSystem; sensor: number } {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(Node1D({ referenceCoordinates: [0], initialCoordinates: [q0], initialVelocities: [v0] }));
  mbs.addObject(Mass1D({ nodeNumber: node, physicsMass: mass }));
  const ground = mbs.addNode(NodePointGround({}));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundMarker, marker], stiffness, damping: withDamping ? damping : 0 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: force }));
  const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, outputVariableType: OutputVariableType.Coordinates }));
  mbs.assemble();
  return { mbs, sensor };
}

const settingsFor = dynamicSettings;

/** The end state and all sensor rows of a solved system. */
function results(mbs: MainSystem, sensor: number): { q: number[]; u: number[]; rows: number[][] } {
  return { q: mbs.systemData.getODE2Coordinates(), u: mbs.systemData.getODE2Coordinates_t(), rows: mbs.getSensorStoredData(sensor) };
}

describe('solver objects run the solvers of solveDynamic/solveStatic', () => {
  it('MainSolverImplicitSecondOrder.solveSystem equals solveDynamic bit for bit', () => {
    const reference = oscillator();
    reference.mbs.solveDynamic(settingsFor(200, 0.5));
    const object = oscillator();
    new MainSolverImplicitSecondOrder().solveSystem(object.mbs, settingsFor(200, 0.5));
    // the same stepper and step loop: every row identical, not only close
    expect(results(object.mbs, object.sensor)).toEqual(results(reference.mbs, reference.sensor));
    expect(results(object.mbs, object.sensor).rows.length).toBe(201);
  });

  it('initializeSolver, solveSteps and finalizeSolver one by one equal solveDynamic bit for bit', () => {
    const reference = oscillator();
    const settings = settingsFor(100, 0.3);
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6;
    reference.mbs.solveDynamic(settings);
    const object = oscillator();
    const solver = new MainSolverImplicitSecondOrder();
    expect(solver.initializeSolver(object.mbs, settings)).toBe(true);
    expect(solver.it.currentStepSize).toBeCloseTo(0.003, 15);
    expect(solver.it.currentStepIndex).toBe(0);
    expect(solver.solveSteps(object.mbs, settings)).toBe(true);
    expect(solver.it.currentTime).toBe(0.3);
    expect(solver.it.currentStepIndex).toBe(100);
    // a linear system: one Newton iteration and one Jacobian per step
    expect(solver.it.newtonStepsCount).toBe(100);
    expect(solver.it.newtonJacobiCount).toBe(100);
    solver.finalizeSolver(object.mbs, settings);
    expect(results(object.mbs, object.sensor)).toEqual(results(reference.mbs, reference.sensor));
  });

  it('MainSolverExplicit(RK44) and MainSolverStatic equal solveDynamic(RK44) and solveStatic bit for bit', () => {
    const reference = oscillator();
    reference.mbs.solveDynamic(settingsFor(300, 0.3), DynamicSolverType.RK44);
    const object = oscillator();
    const explicit = new MainSolverExplicit(DynamicSolverType.RK44);
    expect(explicit.getMethodOrder()).toBe(4);
    expect(explicit.getNumberOfStages()).toBe(4);
    explicit.solveSystem(object.mbs, settingsFor(300, 0.3));
    expect(results(object.mbs, object.sensor)).toEqual(results(reference.mbs, reference.sensor));

    const staticReference = oscillator();
    staticReference.mbs.solveStatic(settingsFor(1, 1));
    const staticObject = oscillator();
    new MainSolverStatic().solveSystem(staticObject.mbs, settingsFor(1, 1));
    expect(results(staticObject.mbs, staticObject.sensor)).toEqual(results(staticReference.mbs, staticReference.sensor));
    // the static solution of k q + d v0 = F: the static solver keeps the initial velocity v0, as Exudyn's
    expect(staticObject.mbs.systemData.getODE2Coordinates()[0]).toBeCloseTo((force - damping * v0) / stiffness, 14);
  });

  it('a manual explicit Euler step (user Newton function) follows the closed form of the Euler recursion', () => {
    // without damping and force: x_{n+1} = A x_n, A = [[1, h], [−ω²h, 1]], eigenvalues 1 ± iωh = r e^{±iθ}, r = √(1 + ω²h²),
    // θ = atan(ωh): q_n = rⁿ (q0 cos nθ + v0/ω sin nθ), v_n = rⁿ (v0 cos nθ − ω q0 sin nθ)
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(Node1D({ referenceCoordinates: [0], initialCoordinates: [q0], initialVelocities: [v0] }));
    mbs.addObject(Mass1D({ nodeNumber: node, physicsMass: mass }));
    const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }))], stiffness }));
    mbs.assemble();
    const steps = 500, endTime = 0.5, h = endTime / steps;
    const solver = new MainSolverImplicitSecondOrder();
    let calls = 0;
    solver.setUserFunctionNewton(mbs, (s, m) => {
      calls++;
      expect(s.it.currentStepSize).toBe(h);
      s.computeODE2RHS(m);
      s.computeMassMatrix(m);
      const a = s.getSystemResidual()[0] / s.getSystemMassMatrix()[0][0];
      const [q] = m.systemData.getODE2Coordinates();
      const [v] = m.systemData.getODE2Coordinates_t();
      m.systemData.setODE2Coordinates([q + h * v]);
      m.systemData.setODE2Coordinates_t([v + h * a]);
      return true;
    });
    const settings = settingsFor(steps, endTime);
    // uniform steps t_n = n·h (adaptive steps clamp the last one to the end time, a step of h − 4e-16 here)
    settings.timeIntegration.adaptiveStep = false;
    solver.solveSystem(mbs, settings);
    expect(calls).toBe(steps);
    const omega = Math.sqrt(stiffness / mass);
    const r = Math.hypot(1, omega * h), theta = Math.atan(omega * h);
    const growth = r ** steps;
    const qExact = growth * (q0 * Math.cos(steps * theta) + (v0 / omega) * Math.sin(steps * theta));
    const vExact = growth * (v0 * Math.cos(steps * theta) - omega * q0 * Math.sin(steps * theta));
    // 500 steps of a recursion with round-off ε per operation: relative 1e-12 leaves a factor of ~100 above ε·n
    expect(Math.abs(mbs.systemData.getODE2Coordinates()[0] - qExact)).toBeLessThan(1e-12 * growth * Math.hypot(q0, v0 / omega));
    expect(Math.abs(mbs.systemData.getODE2Coordinates_t()[0] - vExact)).toBeLessThan(1e-12 * growth * Math.hypot(v0, omega * q0));
    // the Euler growth is real: the amplitude grew by r^500 ≈ e^{nω²h²/2} = 1.105 (the method's instability, not a solver defect)
    expect(growth).toBeGreaterThan(1.1);
    expect(Math.hypot(mbs.systemData.getODE2Coordinates()[0], mbs.systemData.getODE2Coordinates_t()[0] / omega)).toBeGreaterThan(1.1 * Math.hypot(q0, v0 / omega));
  });

  it('a user-written Newton from computeNewtonResidual/Jacobian/Update reproduces the built-in Newton (pendulum with a constraint)', () => {
    const pendulum = (): MainSystem => {
      const mbs = new SystemContainer().addSystem();
      const ground = mbs.addObject(ObjectGround({}));
      const node = mbs.addNode(NodePoint2D({ referenceCoordinates: [1, 0] }));
      mbs.addObject(ObjectMassPoint2D({ physicsMass: 1, nodeNumber: node }));
      const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
      mbs.addObject(ObjectConnectorDistance({ markerNumbers: [mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0, 0, 0] })), marker], distance: 1 }));
      mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, -9.81, 0] }));
      mbs.assemble();
      return mbs;
    };
    const settings = settingsFor(100, 0.5);
    settings.timeIntegration.newton.relativeTolerance = 1e-13;
    const reference = pendulum();
    reference.solveDynamic(settings);
    const mbs = pendulum();
    const solver = new MainSolverImplicitSecondOrder();
    let iterations = 0;
    solver.setUserFunctionNewton(mbs, (s, m) => {
      s.computeNewtonUpdate(m, undefined, true);
      let initial = s.computeNewtonResidual(m);
      for (let k = 1; k <= 20; k++) {
        s.computeNewtonJacobian(m);
        const delta = solve(new Matrix(s.getSystemJacobian()), Matrix.columnVector(s.getSystemResidual())).getColumn(0);
        s.setNewtonSolution(delta);
        s.computeNewtonUpdate(m);
        iterations++;
        const residual = s.computeNewtonResidual(m);
        if (k === 1 && residual > initial) initial = residual;
        if (residual <= 1e-13 * initial || residual <= 1e-10) return true;
      }
      return false;
    });
    solver.solveSystem(mbs, settings);
    expect(iterations).toBeGreaterThan(100);
    const q = mbs.systemData.getODE2Coordinates(), qReference = reference.systemData.getODE2Coordinates();
    // both Newtons stop at a relative residual of 1e-13 (or the built-in one at its round-off level): after 100 steps of a
    // 1 m pendulum the iterates agree to 1e-11 m, the multiplier (≈ 10 N) to 1e-9
    for (let i = 0; i < q.length; i++) expect(Math.abs(q[i] - qReference[i])).toBeLessThan(1e-11);
    expect(Math.abs(mbs.systemData.getAECoordinates()[0] - reference.systemData.getAECoordinates()[0])).toBeLessThan(1e-9);
  });

  it('computeMassMatrix, computeODE2RHS and computeJacobianODE2RHS give M, f, K and D of the oscillator', () => {
    const { mbs } = oscillator();
    const solver = new MainSolverStatic();
    solver.initializeSolver(mbs, settingsFor(1, 1));
    mbs.systemData.setODE2Coordinates_t([v0]);
    solver.computeMassMatrix(mbs, 2);
    expect(solver.getSystemMassMatrix()).toEqual([[2 * mass]]);
    // later calls fill the matrices again (the solver reuses them): each is the new M, not a sum, and the one returned
    // before stays as it was
    const first = solver.getSystemMassMatrix();
    solver.computeMassMatrix(mbs, 3);
    expect(solver.getSystemMassMatrix()).toEqual([[3 * mass]]);
    solver.computeMassMatrix(mbs);
    expect(solver.getSystemMassMatrix()).toEqual([[mass]]);
    expect(first).toEqual([[2 * mass]]);
    solver.computeODE2RHS(mbs);
    expect(solver.getSystemResidual()[0]).toBeCloseTo(force - stiffness * q0 - damping * v0, 12);
    solver.computeJacobianODE2RHS(mbs, -1, 0);
    expect(solver.getSystemJacobian()).toEqual([[stiffness]]);
    solver.computeJacobianODE2RHS(mbs, 0, -1);
    expect(solver.getSystemJacobian()).toEqual([[damping]]);
    expect(solver.getODE2size()).toBe(1);
    expect(solver.getAEsize()).toBe(0);
    // the static Newton residual −f at the initial state and its Jacobian K
    expect(solver.computeNewtonResidual(mbs)).toBeCloseTo(Math.abs(force - stiffness * q0 - damping * v0), 10);
    solver.computeNewtonJacobian(mbs);
    expect(solver.getSystemJacobian()).toEqual([[stiffness]]);
    solver.finalizeSolver(mbs);
  });

  it('computeMassMatrix keeps a constant mass matrix only while the factor, the mass parameters and the setting stay', () => {
    const { mbs } = oscillator();
    const settings = settingsFor(1, 1);
    const solver = new MainSolverImplicitSecondOrder();
    solver.initializeSolver(mbs, settings);
    solver.computeMassMatrix(mbs);
    mbs.systemData.setODE2Coordinates([0.7]);
    solver.computeMassMatrix(mbs);
    expect(solver.getSystemMassMatrix()).toEqual([[mass]]);
    solver.computeMassMatrix(mbs, 2);
    expect(solver.getSystemMassMatrix()).toEqual([[2 * mass]]);
    // a changed mass (the model's node and object revision) is assembled again
    mbs.setObjectParameter(0, 'physicsMass', 5);
    solver.computeMassMatrix(mbs, 2);
    expect(solver.getSystemMassMatrix()).toEqual([[10]]);
    settings.timeIntegration.reuseConstantMassMatrix = false;
    solver.computeMassMatrix(mbs);
    expect(solver.getSystemMassMatrix()).toEqual([[5]]);
    solver.computeMassMatrix(mbs);
    expect(solver.getSystemMassMatrix()).toEqual([[5]]);
    solver.finalizeSolver(mbs);
  });
});

describe('solver objects with first-order (ODE1) coordinates', () => {
  /** A damped first-order oscillator ẋ = A x (A = [[0, 1], [−4, −0.4]]) beside the mass-spring of oscillator(). */
  const withODE1 = (): { mbs: MainSystem; sensor: number } => {
    const { mbs, sensor } = oscillator();
    const node = mbs.addNode(NodeGenericODE1({ numberOfODE1Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [1, 0] }));
    mbs.addObject(ObjectGenericODE1({ nodeNumbers: [node], systemMatrix: [[0, 1], [-4, -0.4]] }));
    mbs.assemble();
    return { mbs, sensor };
  };

  it('solveSystem equals solveDynamic bit for bit, implicit and explicit, ODE1 coordinates included', () => {
    for (const type of [DynamicSolverType.GeneralizedAlpha, DynamicSolverType.RK44]) {
      const reference = withODE1();
      reference.mbs.solveDynamic(settingsFor(100, 0.2), type);
      const object = withODE1();
      const solver = type === DynamicSolverType.GeneralizedAlpha ? new MainSolverImplicitSecondOrder() : new MainSolverExplicit(type);
      solver.solveSystem(object.mbs, settingsFor(100, 0.2));
      expect(results(object.mbs, object.sensor)).toEqual(results(reference.mbs, reference.sensor));
      expect(object.mbs.systemData.getODE1Coordinates()).toEqual(reference.mbs.systemData.getODE1Coordinates());
    }
  });

  it('computeODE1RHS and computeJacobianODE1RHS give F = A x and A in the ODE1 rows after the ODE2 and AE rows', () => {
    const { mbs } = withODE1();
    const solver = new MainSolverImplicitSecondOrder();
    solver.initializeSolver(mbs, settingsFor(10, 0.1));
    expect(solver.getODE1size()).toBe(2);
    solver.computeODE1RHS(mbs);
    // x = [1, 0]: F = A x = [0, −4]; rows 1 and 2 follow the single ODE2 row (no algebraic equations)
    expect(solver.getSystemResidual().slice(1)).toEqual([0, -4]);
    solver.computeJacobianODE2RHS(mbs, 0, 0, 0);
    solver.computeJacobianODE1RHS(mbs, 0, 0, 1);
    const J = solver.getSystemJacobian();
    expect(J.length).toBe(3);
    expect([J[1].slice(1), J[2].slice(1)]).toEqual([[0, 1], [-4, -0.4]]);
    solver.finalizeSolver(mbs);
  });
});

describe('solver objects reject calls out of order and foreign arguments', () => {
  const expectError = (action: () => unknown, message: string) => {
    expect(action).toThrow(FlexdynError);
    expect(action).toThrow(message);
  };

  it('names the method and what to call first', () => {
    const { mbs } = oscillator();
    const solver = new MainSolverImplicitSecondOrder();
    expectError(() => solver.solveSteps(mbs), 'MainSolverImplicitSecondOrder.solveSteps: the solver is not initialized; call initializeSolver(mbs, settings) first');
    expectError(() => solver.computeNewtonResidual(mbs), 'MainSolverImplicitSecondOrder.computeNewtonResidual: the solver is not initialized');
    expectError(() => solver.it, 'MainSolverImplicitSecondOrder.it: the solver is not initialized');
    const settings = settingsFor(10, 0.1);
    solver.initializeSolver(mbs, settings);
    expectError(() => solver.initializeSolver(mbs, settings), 'the solver is already initialized; call finalizeSolver first');
    expectError(() => solver.getSystemJacobian(), 'no Jacobian computed yet');
    expectError(() => solver.getSystemMassMatrix(), 'no mass matrix computed yet');
    expectError(() => solver.solveSteps(oscillator().mbs, settings), 'mbs must be the system passed to initializeSolver');
    expectError(() => solver.solveSteps(mbs, settingsFor(10, 0.1)), 'settings must be the SimulationSettings passed to initializeSolver');
    expectError(() => solver.setNewtonSolution([1, 2]), 'values must be an array of 1 numbers');
    expectError(() => solver.setNewtonSolution([Number.NaN]), 'setNewtonSolution: values[0] must be a finite number, got number NaN');
    expectError(() => solver.computeJacobianODE2RHS(mbs, 1, 0, 1, 3), 'computeLoadsJacobian must be 0, 1 or 2, got number 3');
    solver.solveSteps(mbs, settings);
    expectError(() => solver.solveSteps(mbs, settings), 'not possible after solveSteps; the order is initializeSolver, solveSteps, finalizeSolver');
    solver.finalizeSolver(mbs, settings);
    expectError(() => solver.finalizeSolver(mbs, settings), 'the solver was finalized; call initializeSolver(mbs, settings) again');
    expectError(() => solver.computeNewtonResidual(mbs), 'the solver was finalized');
    // the results of the finished run stay readable
    expect(solver.it.currentStepIndex).toBe(10);
    // a new run after finalizeSolver
    expect(solver.initializeSolver(mbs, settings)).toBe(true);
    mbs.assemble();
    expectError(() => solver.solveSteps(mbs, settings), 'the system was assembled again since initializeSolver');
    // finalizeSolver still closes the run's files
    solver.finalizeSolver(mbs, settings);
    expect(solver.initializeSolver(mbs, settings)).toBe(true);
    solver.finalizeSolver(mbs, settings);
  });

  it('rejects bad user Newton functions and non-explicit solver types', () => {
    const { mbs } = oscillator();
    const solver = new MainSolverImplicitSecondOrder();
    expectError(() => solver.setUserFunctionNewton(mbs, 'newton' as never), 'setUserFunctionNewton: expected a function or 0 (to clear it), got string');
    solver.setUserFunctionNewton(mbs, () => 1 as unknown as boolean);
    expectError(() => solver.solveSystem(mbs, settingsFor(10, 0.1)), 'the user Newton function must return true or false, got number 1');
    // a failed step keeps the initial state
    expect(mbs.systemData.getODE2Coordinates()).toEqual([q0]);
    solver.setUserFunctionNewton(mbs, () => false);
    expectError(() => solver.solveSystem(mbs, settingsFor(10, 0.1)), 'the user Newton function returned false');
    solver.setUserFunctionNewton(oscillator().mbs, () => true);
    expectError(() => solver.solveSystem(mbs, settingsFor(10, 0.1)), 'setUserFunctionNewton: mbs must be the system the solver solves');
    expectError(() => new MainSolverExplicit(DynamicSolverType.GeneralizedAlpha), 'MainSolverExplicit: solverType must be an explicit method');
  });

  it('systemData.setTime and getObjectLTGODE2 check their arguments', () => {
    const { mbs } = oscillator();
    mbs.systemData.setTime(0.25, ConfigurationType.StartOfStep);
    expect(mbs.systemData.getTime(ConfigurationType.StartOfStep)).toBe(0.25);
    expectError(() => mbs.systemData.setTime(Number.NaN), 'systemData.setTime: t must be a finite number, got number NaN');
    expect(mbs.systemData.getObjectLTGODE2(0)).toEqual([0]);
    expectError(() => mbs.systemData.getObjectLTGODE2(7), 'object index must be in 0 ... 1, got number 7');
  });
});
