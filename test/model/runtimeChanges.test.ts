/**
 * Models that change while they run (issue 15): set…Parameter and non-structural modify… between solves and from user
 * functions during a solve, checked against analytic piecewise solutions; solver caches that depend on parameters;
 * sensor rows and state untouched; bad input refused with the running model unchanged.
 * @module
 */
import { describe, expect, it } from 'vitest';
import {
  ConfigurationType, DynamicSolverType, FlexdynError, LoadCoordinate, LoadForceVector, MarkerBodyPosition, MarkerNodeCoordinate, MarkerNodePosition,
  NodePoint, NodePoint2D, NodePointGround, NodeRigidBody2D, ObjectConnectorCoordinate, ObjectConnectorCoordinateSpringDamper, ObjectConnectorSpringDamper, ObjectGround,
  ObjectJointRevolute2D, ObjectMassPoint, ObjectMassPoint2D, ObjectRigidBody2D, OutputVariableType, SensorNode, SensorUserFunction, SimulationSettings,
  SystemContainer, NodeGenericODE2, ObjectGenericODE2, type MainSystem,
} from '../../src/index.ts';
import { itemDefinitions } from '../../src/items/index.ts';
import { SystemAssembler } from '../../src/model/assembly.ts';
import { hydraulicActuatorOnMassPoint } from '../helpers/hydraulicActuator.ts';

function quietSettings(endTime: number, numberOfSteps: number): SimulationSettings {
  const s = new SimulationSettings();
  s.timeIntegration.endTime = endTime;
  s.timeIntegration.numberOfSteps = numberOfSteps;
  s.timeIntegration.verboseMode = 0;
  s.staticSolver.verboseMode = 0;
  s.solutionSettings.writeSolutionToFile = false;
  s.solutionSettings.sensorsWritePeriod = 0;
  return s;
}

/** The first time a pre-step function saw beyond each threshold: the step (t − h, t] is the first with the change. */
function firstTimesBeyond(thresholds: readonly number[]): { seen: number[]; mark: (t: number) => boolean[] } {
  const seen = thresholds.map(() => -1);
  return { seen, mark: (t) => thresholds.map((threshold, k) => { if (t > threshold && seen[k] < 0) seen[k] = t; return t > threshold; }) };
}

describe("Exudyn's switchingConstraintsPendulum example", () => {
  /**
   * Exudyn's main/pythonDev/Examples/switchingConstraintsPendulum.py restated: a planar rigid pendulum (m = 12, length
   * 2a = 1, J = m(2a)²/12 = 1) on a revolute joint at (−1, 0), turning at ω₀ = 4 without gravity, with a mass point
   * (m = 2) held at its centre of mass by two coordinate constraints. A pre-step function switches the coordinate
   * constraints off after t = 0.1 and the joint after t = 0.3 (SetObjectParameter 'activeConnector'); 4000 Newmark
   * steps (index 2) to t = 2.
   */
  function switchingPendulum() {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const a = 0.5, omega0 = 4;
    const nRigid = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [-0.5, 0, 0], initialVelocities: [0, omega0 * a, omega0] }));
    const oRigid = mbs.addObject(ObjectRigidBody2D({ physicsMass: 12, physicsInertia: 12 / 12 * (2 * a) ** 2, nodeNumber: nRigid }));
    const mR1 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [-0.5, 0, 0] }));
    const mG0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [-0.5 - a, 0, 0] }));
    const joint = mbs.addObject(ObjectJointRevolute2D({ markerNumbers: [mG0, mR1], activeConnector: true }));
    const mCoordR0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid, coordinate: 0 }));
    const mCoordR1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid, coordinate: 1 }));
    const nMass = mbs.addNode(NodePoint2D({ referenceCoordinates: [-0.5, 0], initialVelocities: [0, omega0 * a] }));
    mbs.addObject(ObjectMassPoint2D({ physicsMass: 2, nodeNumber: nMass }));
    const mCoordM0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nMass, coordinate: 0 }));
    const mCoordM1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nMass, coordinate: 1 }));
    const c0 = mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [mCoordM0, mCoordR0], activeConnector: true }));
    const c1 = mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [mCoordM1, mCoordR1], activeConnector: true }));
    const sensor = mbs.addSensor(SensorNode({ nodeNumber: nMass, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false }));
    mbs.assemble();
    const s = quietSettings(2, 4000);
    s.timeIntegration.newton.relativeTolerance = 1e-8;
    s.timeIntegration.newton.absoluteTolerance = 1e-6;
    s.timeIntegration.newton.useModifiedNewton = false;
    s.timeIntegration.newton.numericalDifferentiation.minimumCoordinateSize = 1;
    s.timeIntegration.generalizedAlpha.useNewmark = true;
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    return { mbs, s, nRigid, nMass, joint, c0, c1, sensor };
  }

  it('followsTheAnalyticPiecewiseMotionAndKeepsTheSystemSize', () => {
    const { mbs, s, nRigid, nMass, joint, c0, c1, sensor } = switchingPendulum();
    const sizes = [mbs.systemData.numberOfCoordinatesODE2(), mbs.systemData.numberOfCoordinatesAE()];
    const { seen, mark } = firstTimesBeyond([0.1, 0.3]);
    mbs.setPreStepUserFunction((m, t) => {
      const [constraintsOff, jointOff] = mark(t);
      if (jointOff) m.setObjectParameter(joint, 'activeConnector', false);
      if (constraintsOff) {
        m.setObjectParameter(c0, 'activeConnector', false);
        m.setObjectParameter(c1, 'activeConnector', false);
      }
      return true;
    });
    mbs.solveDynamic(s);
    const h = 2 / 4000;
    const T = mbs.getTime();
    expect(T).toBeCloseTo(2, 12);
    // λ rows stay: same system size, the inactive constraints' multipliers are zero
    expect([mbs.systemData.numberOfCoordinatesODE2(), mbs.systemData.numberOfCoordinatesAE()]).toEqual(sizes);
    expect(mbs.systemData.getAECoordinates().every((l) => l === 0)).toBe(true);
    expect(mbs.getObjectParameter(joint, 'activeConnector')).toBe(false);

    // Without gravity, no joint force has a moment about the pivot: pendulum and mass point turn uniformly, θ = 4t,
    // centre of mass (−1 + ½cos θ, ½ sin θ), speed 2. A released body flies straight on with its velocity at the
    // release. Each switch happens within the step (t₀, t₀ + h] whose pre-step call first saw t > threshold; the
    // trapezoidal rule averages the accelerations before and after it, which is the release at mid-step t₀ + h/2
    // up to O(h²) (released at t₀ or t₀ + h instead, the positions below differ by ~3.5e-3: the checks tell them apart).
    const onCircle = (t: number) => [-1 + 0.5 * Math.cos(4 * t), 0.5 * Math.sin(4 * t)];
    const tangent = (t: number) => [-2 * Math.sin(4 * t), 2 * Math.cos(4 * t)];
    const flight = (release: number, t: number) => onCircle(release).map((p, i) => p + tangent(release)[i] * (t - release));
    const massRelease = seen[0] - h / 2, jointRelease = seen[1] - h / 2;
    expect(seen[0]).toBeGreaterThan(0.1);
    expect(seen[0] - h).toBeLessThanOrEqual(0.1 + 1e-12);
    // positions: O(h²·a) = 2.5e-7·8 per switch, accumulated ~2e-6 (measured 1.8e-6); 5e-6 is far below the O(h) 3.5e-3
    const mass = mbs.getNodeOutput(nMass, OutputVariableType.Position);
    const massExpected = flight(massRelease, T);
    expect(Math.hypot(mass[0] - massExpected[0], mass[1] - massExpected[1])).toBeLessThan(5e-6);
    const rigid = mbs.getNodeOutput(nRigid, OutputVariableType.Position);
    const rigidExpected = flight(jointRelease, T);
    expect(Math.hypot(rigid[0] - rigidExpected[0], rigid[1] - rigidExpected[1])).toBeLessThan(5e-6);
    // the angular velocity never changes (no moment about the pivot, then a free body): 4 to Newton's tolerance
    expect(mbs.getNodeOutput(nRigid, OutputVariableType.AngularVelocity)[2]).toBeCloseTo(4, 8);
    // kinetic energy ½·12·2² + ½·1·4² + ½·2·2² = 36; each release adds ½m(h a_c/2)² with a_c = ω²·½ = 8 (the
    // velocity jump h a_c/2 is normal to the velocity): ½·14·(2e-3)² = 2.8e-5 (measured 2.8e-5 − 8e-14)
    const vr = mbs.getNodeOutput(nRigid, OutputVariableType.Velocity), vm = mbs.getNodeOutput(nMass, OutputVariableType.Velocity);
    const omega = mbs.getNodeOutput(nRigid, OutputVariableType.AngularVelocity)[2];
    const energy = 0.5 * 12 * (vr[0] ** 2 + vr[1] ** 2) + 0.5 * 1 * omega ** 2 + 0.5 * 2 * (vm[0] ** 2 + vm[1] ** 2);
    expect(energy - 36).toBeCloseTo(0.5 * 14 * (h * 8 / 2) ** 2, 11);
    // sensor rows: on the circle up to the first release (O(h²) phase error of Newmark: 2e-7 at t = 0.1), then straight
    for (const [t, x, y] of mbs.getSensorStoredData(sensor)) {
      const expected = t <= seen[0] - h ? onCircle(t) : flight(massRelease, t);
      expect(Math.hypot(x - expected[0], y - expected[1]), `t = ${t}`).toBeLessThan(5e-6);
    }
  });
});

/**
 * A mass point m = 2 on x with a coordinate spring to ground (k = 50, offset 0) and a coordinate load F = 0; steps
 * change F, k and the set-point (offset) at run time. Between changes x'' = (F − k(x − offset))/m, solved exactly:
 * x = x_eq + (x₀ − x_eq) cos ωτ + v₀/ω sin ωτ with x_eq = offset + F/k, ω = √(k/m).
 */
function springModel() {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
  const body = mbs.addObject(ObjectMassPoint({ physicsMass: 2, nodeNumber: node }));
  const m0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const m1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  const spring = mbs.addObject(ObjectConnectorCoordinateSpringDamper({ markerNumbers: [m0, m1], stiffness: 50 }));
  const load = mbs.addLoad(LoadCoordinate({ markerNumber: m1, load: 0 }));
  const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false }));
  return { mbs, node, body, spring, load, sensor, m1 };
}

/** One piece of the exact solution: from (x₀, v₀) at t₀ with F, k, offset, m. */
interface Piece { t0: number; x0: number; v0: number; F: number; k: number; offset: number; m: number }

function pieceAt(p: Piece, t: number): [number, number] {
  const omega = Math.sqrt(p.k / p.m);
  const xEq = p.offset + p.F / p.k;
  const tau = t - p.t0;
  return [xEq + (p.x0 - xEq) * Math.cos(omega * tau) + p.v0 / omega * Math.sin(omega * tau), -(p.x0 - xEq) * omega * Math.sin(omega * tau) + p.v0 * Math.cos(omega * tau)];
}

/** The exact solution through changes at the given times (each changing some of F, k, offset), as x(t). */
function piecewise(start: Piece, changes: readonly { t: number; F?: number; k?: number; offset?: number }[]): (t: number) => number {
  const pieces = [start];
  for (const change of changes) {
    const last = pieces[pieces.length - 1];
    const [x0, v0] = pieceAt(last, change.t);
    pieces.push({ ...last, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)), t0: change.t, x0, v0 });
  }
  return (t) => {
    let piece = pieces[0];
    for (const p of pieces) if (t >= p.t0) piece = p;
    return pieceAt(piece, t)[0];
  };
}

describe('parameters changed by user functions during a solve', () => {
  it('aPreStepFunctionChangesLoadAndStiffnessAndASensorFunctionTheSetPoint', () => {
    const { mbs, spring, load, sensor } = springModel();
    const { seen, mark } = firstTimesBeyond([0.2, 0.5]);
    mbs.setPreStepUserFunction((m, t) => {
      const [loadOn, stiffer] = mark(t);
      if (loadOn) m.setLoadParameter(load, 'load', 10);
      if (stiffer) m.setObjectParameter(spring, 'stiffness', 200);
      return true;
    });
    // the set-point moves from a sensor user function (evaluated after each accepted step): the step after the row
    // of the first t > 0.8 is the first with the new offset
    let setPointMoved = -1;
    mbs.addSensor(SensorUserFunction({
      writeToFile: false,
      sensorUserFunction: (m, t) => {
        if (t > 0.8 && setPointMoved < 0) { setPointMoved = t; m.setObjectParameter(spring, 'offset', 0.1); }
        return [t];
      },
    }));
    mbs.assemble();
    const h = 1e-4;
    mbs.solveDynamic(quietSettings(1.2, 12000), DynamicSolverType.RK44);
    // RK4 evaluates every stage of the step with the changed parameters: the change acts from the step's start
    const exact = piecewise({ t0: 0, x0: 0, v0: 0, F: 0, k: 50, offset: 0, m: 2 },
      [{ t: seen[0] - h, F: 10 }, { t: seen[1] - h, k: 200 }, { t: setPointMoved, offset: 0.1 }]);
    const rows = mbs.getSensorStoredData(sensor);
    expect(rows.length).toBe(12001);
    let largest = 0;
    for (const [t, x] of rows) largest = Math.max(largest, Math.abs(x - exact(t)));
    // RK4's global error at ωh ≤ 1e-3 is ~1e-14 of the amplitude 0.2; 1e-11 leaves round-off room, while a change
    // applied one step early or late differs by v·h or F/m·h² ≥ 1e-7
    expect(largest).toBeLessThan(1e-11);
    expect(mbs.getObjectParameter(spring, 'stiffness')).toBe(200);
    expect(mbs.getLoadParameter(load, 'load')).toBe(10);
  });

  it('movingTheGroundNodeMovesTheSpringAnchor', () => {
    // a spring k = 50, L0 = 1 from a ground node at the origin to the point (1 + x, 0, 0), F = 10 on x: moving the ground
    // node to x = 0.05 after t = 0.3 (setNodeParameter referenceCoordinates: the reference of a node changes at once)
    // is the set-point change offset 0 → 0.05 of the exact piecewise solution
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
    mbs.addObject(ObjectMassPoint({ physicsMass: 2, nodeNumber: node }));
    mbs.addObject(ObjectConnectorSpringDamper({ markerNumbers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: ground })), mbs.addMarker(MarkerNodePosition({ nodeNumber: node }))], stiffness: 50, referenceLength: 1 }));
    mbs.addLoad(LoadCoordinate({ markerNumber: mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 })), load: 10 }));
    const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false }));
    const { seen, mark } = firstTimesBeyond([0.3]);
    mbs.setPreStepUserFunction((m, t) => { if (mark(t)[0]) m.setNodeParameter(ground, 'referenceCoordinates', [0.05, 0, 0]); return true; });
    mbs.assemble();
    mbs.solveDynamic(quietSettings(0.6, 6000), DynamicSolverType.RK44);
    const exact = piecewise({ t0: 0, x0: 0, v0: 0, F: 10, k: 50, offset: 0, m: 2 }, [{ t: seen[0] - 1e-4, offset: 0.05 }]);
    for (const [t, x] of mbs.getSensorStoredData(sensor)) expect(Math.abs(x - exact(t)), `t = ${t}`).toBeLessThan(1e-11);
    expect(mbs.getNodeOutput(ground, OutputVariableType.Position)).toEqual([0.05, 0, 0]);
  });

  it('switchingACoordinateConstraintInAnExplicitSolveFreesTheCoordinate', () => {
    // explicit solvers eliminate a coordinate held by a ConnectorCoordinate to ground; switched off after t = 0.2 the
    // point falls freely under F/m = 10/2: x = ½·5·(t − t_s)² (exact for RK4), the multiplier row stays (λ = 0)
    const ids = springModel();
    const { mbs, load, sensor, m1 } = ids;
    mbs.modifyObject(ids.spring, { stiffness: 0 });
    mbs.modifyLoad(load, { load: 10 });
    const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: 0, coordinate: 0 }));
    const constraint = mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, m1] }));
    const { seen, mark } = firstTimesBeyond([0.2]);
    mbs.setPreStepUserFunction((m, t) => { if (mark(t)[0]) m.setObjectParameter(constraint, 'activeConnector', false); return true; });
    mbs.assemble();
    mbs.solveDynamic(quietSettings(0.5, 500), DynamicSolverType.RK44);
    const released = seen[0] - 1e-3;
    for (const [t, x] of mbs.getSensorStoredData(sensor)) expect(Math.abs(x - (t <= released ? 0 : 2.5 * (t - released) ** 2)), `t = ${t}`).toBeLessThan(1e-13);
    expect(mbs.systemData.numberOfCoordinatesAE()).toBe(1);
  });

  it('modifyLoadInAPreStepFunctionIsTheSameRunTimeChange', () => {
    const run = (change: (m: MainSystem, load: number) => void) => {
      const { mbs, load, sensor } = springModel();
      mbs.setPreStepUserFunction((m, t) => { if (t > 0.2) change(m, load); return true; });
      mbs.assemble();
      mbs.solveDynamic(quietSettings(0.5, 500));
      return mbs.getSensorStoredData(sensor);
    };
    const withSet = run((m, load) => m.setLoadParameter(load, 'load', 10));
    expect(run((m, load) => m.modifyLoad(load, { load: 10 }))).toEqual(withSet);
    expect(withSet).not.toEqual(run(() => {}));
  });

  it('aCoordinateLoadSetInEveryIterationChangesInPlaceAsAReplacedModelWouldAndKeepsTheMassMatrix', () => {
    // the load follows the node from a pre-Newton function (as mainSystemUserFunctionsTest's spring-damper replica):
    // changed in place, the same rows bit for bit as with the load's model created anew from its dictionary in every
    // iteration; the model stays the same object and the node-and-object revision (the kept mass matrix) unchanged
    const definition = itemDefinitions.find((d) => d.category === 'Load' && d.typeName === 'Coordinate')!;
    const run = (inPlace: boolean) => {
      const { mbs, load, sensor, node } = springModel();
      mbs.assemble();
      const model = mbs.compiled();
      const loadModel = model.loads[load];
      mbs.setPreNewtonResidualUserFunction((m) => {
        const value = -30 * m.getNodeOutput(node, OutputVariableType.Coordinates)[0] + 5;
        if (inPlace) m.setLoadParameter(load, 'load', value);
        else model.replaceItem('Load', load, { definition, dictionary: { ...m.getLoad(load), load: value } }, 'the test change');
      });
      const s = quietSettings(0.5, 500);
      s.timeIntegration.newton.useModifiedNewton = true;
      mbs.solveDynamic(s);
      expect(model.revision).toBeGreaterThan(500);
      return { rows: mbs.getSensorStoredData(sensor), same: model.loads[load] === loadModel, nodeObjectRevision: model.nodeObjectRevision };
    };
    const inPlace = run(true);
    const replaced = run(false);
    expect(inPlace.rows).toEqual(replaced.rows);
    expect(inPlace.rows[500][1]).not.toBe(0);
    expect([inPlace.same, replaced.same]).toEqual([true, false]);
    expect([inPlace.nodeObjectRevision, replaced.nodeObjectRevision]).toEqual([0, 0]);
  });

  it('aValveOpeningSetInEveryStepChangesInPlaceAsAReplacedModelWouldAndKeepsTheMassMatrix', () => {
    // a pre-step function steers a hydraulic actuator's valve (as hydraulicActuatorSimpleTest): changed in place, the
    // stored entry is the last value set, the rows are those of the actuator's model created anew in every step, and
    // the actuator (no mass matrix, no algebraic equations) leaves the node-and-object revision (the kept M) unchanged
    const definition = itemDefinitions.find((d) => d.category === 'Object' && d.typeName === 'ConnectorHydraulicActuatorSimple')!;
    const run = (inPlace: boolean) => {
      const { mbs, actuator, point } = hydraulicActuatorOnMassPoint({ valveOpening0: 0.3, valveOpening1: -0.2, systemPressure: 1e7 });
      const sensor = mbs.addSensor(SensorNode({ nodeNumber: point, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
      mbs.assemble();
      const model = mbs.compiled();
      const actuatorModel = model.objects[actuator];
      let last = Number.NaN;
      mbs.setPreStepUserFunction((m, t) => {
        last = 0.3 + 0.1 * Math.sin(300 * t) + (1 - m.getObjectOutput(actuator, OutputVariableType.Distance)[0]);
        if (inPlace) m.setObjectParameter(actuator, 'valveOpening0', last);
        else model.replaceItem('Object', actuator, { definition, dictionary: { ...m.getObject(actuator), valveOpening0: last } }, 'the test change');
        return true;
      });
      mbs.solveDynamic(quietSettings(0.02, 20));
      expect(model.revision).toBeGreaterThanOrEqual(20);
      expect(mbs.getObjectParameter(actuator, 'valveOpening0')).toBe(last);
      return { mbs, actuator, rows: mbs.getSensorStoredData(sensor), same: model.objects[actuator] === actuatorModel, nodeObjectRevision: model.nodeObjectRevision };
    };
    const inPlace = run(true);
    const replaced = run(false);
    expect(inPlace.rows).toEqual(replaced.rows);
    expect(inPlace.rows[20][1]).not.toBe(1);
    expect([inPlace.same, replaced.same]).toEqual([true, false]);
    expect(inPlace.nodeObjectRevision).toBe(0);
    expect(replaced.nodeObjectRevision).toBeGreaterThanOrEqual(20);
    // a bad value is refused and the stored one stays
    const kept = inPlace.mbs.getObjectParameter(inPlace.actuator, 'valveOpening0');
    expect(() => inPlace.mbs.setObjectParameter(inPlace.actuator, 'valveOpening0', Number.NaN)).toThrow(/ObjectConnectorHydraulicActuatorSimple #2: valveOpening0 must be a finite number, got number NaN/);
    expect(inPlace.mbs.getObjectParameter(inPlace.actuator, 'valveOpening0')).toBe(kept);
  });

  it('aChangedMassIsSeenByTheConstantMassMatrixOfExplicitAndImplicitSolvers', () => {
    // x'' = F/m with F = 2: m = 1 until the change, then 4. RK4 is exact for piecewise quadratic motion when the change
    // is at a step start; Newmark's trapezoidal rule averages a₀ and a₁ over the switching step (mid-step switch for
    // the velocity, position offset h²(a₀ − a₁)/8 = 1.9e-8 for h = 1e-3). A kept factorization of M = 1 would give a
    // twice… four times larger acceleration after the change.
    for (const solver of [DynamicSolverType.RK44, DynamicSolverType.ExplicitEuler, DynamicSolverType.GeneralizedAlpha]) {
      const mbs = new SystemContainer().addSystem();
      const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
      const body = mbs.addObject(ObjectMassPoint({ physicsMass: 1, nodeNumber: node }));
      mbs.addLoad(LoadForceVector({ markerNumber: mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), loadVector: [2, 0, 0] }));
      const { seen, mark } = firstTimesBeyond([0.3]);
      mbs.setPreStepUserFunction((m, t) => { if (mark(t)[0]) m.setObjectParameter(body, 'physicsMass', 4); return true; });
      mbs.assemble();
      expect(mbs.compiled().hasConstantMassMatrix).toBe(true);
      const h = 1e-3;
      const s = quietSettings(1, 1000);
      s.timeIntegration.generalizedAlpha.useNewmark = true;
      mbs.solveDynamic(s, solver);
      const implicit = solver === DynamicSolverType.GeneralizedAlpha;
      const ts = implicit ? seen[0] - h / 2 : seen[0] - h;
      const x = mbs.getNodeOutput(node, OutputVariableType.Position)[0];
      const v = mbs.getNodeOutput(node, OutputVariableType.Velocity)[0];
      const vs = 2 * ts, xs = ts * ts;
      const expectedV = vs + 0.5 * (1 - ts);
      const expectedX = xs + vs * (1 - ts) + 0.25 * (1 - ts) ** 2;
      if (solver === DynamicSolverType.ExplicitEuler) {
        // explicit Euler: velocities exact (piecewise constant accelerations), positions O(h)
        expect(v).toBeCloseTo(expectedV, 12);
        continue;
      }
      expect(v, solver).toBeCloseTo(expectedV, 12);
      expect(Math.abs(x - expectedX), solver).toBeLessThan(implicit ? 2e-7 : 1e-12);
    }
  });

  it('modifiedNewtonKeepsItsJacobianAfterAChangeAsExudynAndUpdatesItOnSolverSignalJacobianUpdate', () => {
    const run = (change: boolean, signal: boolean) => {
      const { mbs, spring, sensor } = springModel();
      mbs.modifyLoad(0, { load: 10 });
      let signalled = false;
      mbs.setPreStepUserFunction((m, t) => {
        if (change && t > 0.25) {
          m.setObjectParameter(spring, 'stiffness', 5000);
          if (signal && !signalled) { m.solverSignalJacobianUpdate = true; signalled = true; }
        }
        return true;
      });
      mbs.assemble();
      const s = quietSettings(0.5, 500);
      s.timeIntegration.newton.useModifiedNewton = true;
      const statistics = mbs.solveDynamic(s);
      return { statistics, rows: mbs.getSensorStoredData(sensor) };
    };
    const unchanged = run(false, false);
    const kept = run(true, false);
    const signalled = run(true, true);
    // a linear system: one Jacobian for the whole run; after the change (stiffness × 100) the kept Jacobian is too soft
    // but still contracts (the mass term dominates at this step size), so Exudyn keeps it and Newton needs more
    // iterations; the signal updates it at once and the linear system converges in one iteration per step again
    expect(unchanged.statistics.jacobianUpdates).toBe(1);
    expect(kept.statistics.jacobianUpdates).toBe(1);
    expect(signalled.statistics.jacobianUpdates).toBe(2);
    expect(kept.statistics.newtonIterations).toBeGreaterThan(signalled.statistics.newtonIterations);
    expect(signalled.rows).not.toEqual(unchanged.rows);
    // both converge to the same motion within Newton's tolerance (relative 1e-8 of the residual: positions agree to 1e-9 m)
    kept.rows.forEach((row, i) => row.forEach((value, j) => expect(Math.abs(value - signalled.rows[i][j])).toBeLessThan(1e-9)));
  });
});

describe('changes between solves', () => {
  it('leaveStateAndSensorRowsUntouchedAndTheNextSolveUsesThem', () => {
    const { mbs, spring, load, sensor, node } = springModel();
    mbs.assemble();
    mbs.setLoadParameter(load, 'load', 10);
    mbs.solveDynamic(quietSettings(0.5, 5000), DynamicSolverType.RK44);
    const rows = mbs.getSensorStoredData(sensor);
    const state = { q: mbs.systemData.getODE2Coordinates(), u: mbs.systemData.getODE2Coordinates_t(), a: mbs.systemData.getODE2Coordinates_tt(), t: mbs.getTime() };
    mbs.setObjectParameter(spring, 'stiffness', 200);
    mbs.modifyObject(spring, { damping: 0 });
    mbs.setNodeParameter(node, 'Vshow', false);
    expect(mbs.getSensorStoredData(sensor)).toEqual(rows);
    expect({ q: mbs.systemData.getODE2Coordinates(), u: mbs.systemData.getODE2Coordinates_t(), a: mbs.systemData.getODE2Coordinates_tt(), t: mbs.getTime() }).toEqual(state);
    expect(mbs.getNodeParameter(node, 'Vshow')).toBe(false);
    expect(mbs.getNode(node).visualization).toEqual({ show: false });
    // no assemble(): the next solve starts from the initial state with k = 200, F = 10
    mbs.solveDynamic(quietSettings(0.5, 5000), DynamicSolverType.RK44);
    const exact = piecewise({ t0: 0, x0: 0, v0: 0, F: 10, k: 200, offset: 0, m: 2 }, []);
    for (const [t, x] of mbs.getSensorStoredData(sensor)) expect(Math.abs(x - exact(t))).toBeLessThan(1e-11);
  });

  it('nodeInitialValuesGoIntoTheInitialStateOfTheNextSolve', () => {
    const { mbs, node, sensor } = springModel();
    mbs.assemble();
    mbs.setNodeParameter(node, 'initialCoordinates', [0.1, 0, 0]);
    mbs.setNodeParameter(node, 'initialVelocities', [0.5, 0, 0]);
    expect(mbs.systemData.getODE2Coordinates(ConfigurationType.Initial)).toEqual([0.1, 0, 0]);
    expect(mbs.systemData.getODE2Coordinates_t(ConfigurationType.Initial)).toEqual([0.5, 0, 0]);
    mbs.solveDynamic(quietSettings(0.3, 3000), DynamicSolverType.RK44);
    const exact = piecewise({ t0: 0, x0: 0.1, v0: 0.5, F: 0, k: 50, offset: 0, m: 2 }, []);
    for (const [t, x] of mbs.getSensorStoredData(sensor)) expect(Math.abs(x - exact(t))).toBeLessThan(1e-11);
  });
});

describe('bad run-time changes are named errors and leave the running model unchanged', () => {
  /** Runs the spring model with a pre-step function that attempts `attempt` once after t = 0.1; returns rows and the error. */
  function attemptDuringSolve(attempt?: (m: MainSystem, ids: ReturnType<typeof springModel>) => void) {
    const ids = springModel();
    const { mbs, sensor } = ids;
    mbs.modifyLoad(ids.load, { load: 10 });
    let error: unknown;
    mbs.setPreStepUserFunction((m, t) => {
      if (t > 0.1 && error === undefined && attempt !== undefined) {
        try { attempt(m, ids); error = 'no error'; } catch (caught) { error = caught; }
      }
      return true;
    });
    mbs.assemble();
    mbs.solveDynamic(quietSettings(0.3, 300));
    return { rows: mbs.getSensorStoredData(sensor), error, mbs, ids };
  }

  const reference = attemptDuringSolve().rows;
  const cases: [string, (m: MainSystem, ids: ReturnType<typeof springModel>) => void, RegExp, string | undefined][] = [
    ['a structural parameter (markerNumbers)', (m, { spring }) => m.setObjectParameter(spring, 'markerNumbers', [3, 2]),
      /^ObjectConnectorCoordinateSpringDamper #1: setObjectParameter cannot change markerNumbers while solveDynamic is running: it is structural \(it refers to other items, .*\); change it with modifyObject and call mbs\.assemble\(\) between solves .*; the system is left unchanged$/, 'markerNumbers'],
    ['a structural parameter through modify (nodeNumber)', (m, { m1 }) => m.modifyMarker(m1, { nodeNumber: 0 }),
      /^MarkerNodeCoordinate #1: modifyMarker cannot change nodeNumber while solveDynamic is running: it is structural/, 'nodeNumber'],
    ['a structural sensor setting (outputVariableType)', (m, { sensor }) => m.setSensorParameter(sensor, 'outputVariableType', OutputVariableType.Velocity),
      /^SensorNode #0: setSensorParameter cannot change outputVariableType while solveDynamic is running: it is structural \(it shapes the sensor's stored rows and file/, 'outputVariableType'],
    ['a parameter the item does not have', (m, { spring }) => m.setObjectParameter(spring, 'stifness', 1),
      /^ObjectConnectorCoordinateSpringDamper #1: stifness is not a parameter of ObjectConnectorCoordinateSpringDamper \(did you mean 'stiffness'\?\); expected one of: /, 'stifness'],
    ['a value of the wrong type', (m, { spring }) => m.setObjectParameter(spring, 'stiffness', '200'),
      /^ObjectConnectorCoordinateSpringDamper #1: stiffness must be a finite number, got string "200"$/, 'stiffness'],
    ['a value out of range', (m, { body }) => m.setObjectParameter(body, 'physicsMass', -1),
      /^ObjectMassPoint #0: physicsMass must be non-negative, got -1$/, 'physicsMass'],
    ['a vector of the wrong size', (m, { node }) => m.setNodeParameter(node, 'initialVelocities', [1, 2]),
      /^NodePoint #1: initialVelocities must have 3 entries, got 2$/, 'initialVelocities'],
    ['a visualization field of the wrong type', (m, { spring }) => m.setObjectParameter(spring, 'Vshow', 1),
      /^ObjectConnectorCoordinateSpringDamper #1: visualization\.show must be a boolean, got number 1$/, 'visualization.show'],
    ['the item type', (m, { spring }) => m.setObjectParameter(spring, 'objectType', 'ConnectorSpringDamper'),
      /^ObjectConnectorCoordinateSpringDamper #1: setObjectParameter cannot change objectType; the type of an item is fixed/, 'objectType'],
    ['an item that does not exist', (m) => m.setLoadParameter(7, 'load', 1), /^load index must be in 0 \.\.\. 0, got number 7$/, undefined],
  ];

  it.each(cases)('%s', (_name, attempt, message, parameter) => {
    const { rows, error, mbs, ids } = attemptDuringSolve(attempt);
    expect(error).toBeInstanceOf(FlexdynError);
    expect((error as FlexdynError).message).toMatch(message);
    expect((error as FlexdynError).parameter).toBe(parameter);
    // the solve went on with the model as it was: every row equal to the run without the attempt
    expect(rows).toEqual(reference);
    expect(mbs.getObject(ids.spring).markerNumbers).toEqual([0, 1]);
    expect(mbs.getObject(ids.spring).stiffness).toBe(50);
  });

  it('aStructuralParameterBetweenSolvesIsRefusedBySetAndNeedsModifyAndAssemble', () => {
    const { mbs, spring, sensor } = springModel();
    mbs.assemble();
    expect(() => mbs.setObjectParameter(spring, 'markerNumbers', [1, 0])).toThrow(/setObjectParameter cannot change markerNumbers on an assembled system: it is structural/);
    expect(mbs.getObjectParameter(spring, 'markerNumbers')).toEqual([0, 1]);
    mbs.modifyObject(spring, { markerNumbers: [0, 1], stiffness: 60 });
    expect(mbs.compiled().nu).toBe(3); // the same marker numbers count as unchanged: still assembled
    mbs.modifyObject(spring, { markerNumbers: [1, 0] });
    expect(() => mbs.getSensorValues(sensor)).toThrow(/getSensorValues needs an assembled system, got one that is not assembled since items were added, modified or deleted/);
    mbs.assemble();
    expect(mbs.getObject(spring).markerNumbers).toEqual([1, 0]);
  });

  it('aChangeThatWouldChangeTheStructureAnywayIsRefusedAndTheOldModelsStay', () => {
    // the safety net behind the declarations: the compiled model binds the new model and the items referring to it and
    // compares structures. A NodeGenericODE2 given 2 coordinates (numberOfODE2Coordinates is declared structural, so
    // only a direct replaceItem gets this far) is refused — by the structure comparison, or by a referring item that
    // cannot bind to it (the 1 × 1 mass matrix of an ObjectGenericODE2); the old node model is back and every item
    // refers to it again
    for (const withObject of [false, true]) {
      const mbs = new SystemContainer().addSystem();
      const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0.1] }));
      if (withObject) mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1]], stiffnessMatrix: [[100]] }));
      const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
      mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: 1 }));
      mbs.assemble();
      expect(() => mbs.setNodeParameter(node, 'numberOfODE2Coordinates', 2)).toThrow(/^NodeGenericODE2 #0: setNodeParameter cannot change numberOfODE2Coordinates on an assembled system: it is structural \(it sets the number of coordinates/);
      const model = mbs.compiled();
      const old = model.nodes[node];
      const f = () => { const out = new Float64Array(1); new SystemAssembler(model).computeODE2Rhs(model.data.current, out); return out[0]; };
      const before = f();
      const dictionary = { ...mbs.getNode(node), numberOfODE2Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [0, 0], initialCoordinates_t: [0, 0] };
      const definition = itemDefinitions.find((d) => d.category === 'Node' && d.typeName === 'GenericODE2')!;
      expect(() => model.replaceItem('Node', node, { definition, dictionary }, 'the test change')).toThrow(withObject
        ? /^ObjectGenericODE2 #0: massMatrix must be 2 x 2/
        : /^NodeGenericODE2 #0: the test change changes the structure of the assembled system \(n_q = 1, n_u = 1, n_AE = 0, n_ODE1 = 0, n_data = 0 → n_q = 2, n_u = 2, .*\); the structure cannot change while the system is assembled: change it with modifyNode and call mbs\.assemble\(\) between solves; the system is left unchanged$/);
      expect(model.nodes[node]).toBe(old);
      expect(model.revision).toBe(0);
      expect(mbs.getNode(node).numberOfODE2Coordinates).toBe(1);
      if (withObject) expect(model.objects[0].localNodes[0]).toBe(old);
      expect(model.markers[marker].nodes[0]).toBe(old);
      expect(f()).toBe(before);
    }
  });

  it('getParameterNamesTheItemAndTheParameter', () => {
    const { mbs, spring } = springModel();
    expect(() => mbs.getObjectParameter(spring, 'stifness')).toThrow(/^ObjectConnectorCoordinateSpringDamper #1: stifness is not a parameter of ObjectConnectorCoordinateSpringDamper \(did you mean 'stiffness'\?\)/);
    expect(mbs.getObjectParameter(spring, 'stiffness')).toBe(50);
    expect(mbs.getObjectParameter(spring, 'VdrawSize')).toBe(-1);
    // a copy: changing it changes nothing
    (mbs.getObjectParameter(spring, 'markerNumbers') as number[])[0] = 5;
    expect(mbs.getObject(spring).markerNumbers).toEqual([0, 1]);
  });
});
