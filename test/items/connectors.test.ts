import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, FlexdynError,
  NodePoint, NodePoint2D, NodePointGround, MassPoint, MassPoint2D, ObjectGround,
  MarkerNodePosition, MarkerNodeCoordinate, MarkerBodyPosition, LoadCoordinate, Force, SensorNode,
  SpringDamper, CartesianSpringDamper, InertiaCuboid, CoordinateConstraint, DistanceConstraint, ObjectConnectorGravity,
  type MainSystem,
} from '../../src/index.ts';
import { constantJacobianTransposedVector_q, type ObjectModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { randomSequence } from '../helpers/random.ts';
import { maxAbs, maxDifference } from '../helpers/arrays.ts';
import { dense } from '../helpers/denseMatrix.ts';

function silentSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.verboseMode = 0;
  return settings;
}

/**
 * Two free points (a 3D NodePoint via MarkerNodePosition, and a 2D mass point via MarkerBodyPosition with
 * a local offset) plus a ground marker, so that the Jacobians cover 3×3 and 3×2 marker blocks.
 */
function twoPointSystem(): { mbs: MainSystem; m3D: number; m2D: number; mGround: number } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({ referencePosition: [0.1, -0.2, 0.3] }));
  const n3D = mbs.addNode(NodePoint({ referenceCoordinates: [0.4, 0.9, -0.3] }));
  mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: n3D }));
  const n2D = mbs.addNode(NodePoint2D({ referenceCoordinates: [1.3, -0.5] }));
  const body2D = mbs.addObject(MassPoint2D({ physicsMass: 3, nodeNumber: n2D }));
  const m3D = mbs.addMarker(MarkerNodePosition({ nodeNumber: n3D }));
  const m2D = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body2D, localPosition: [0.2, 0.1, 0.4] }));
  const mGround = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0.3, 0, 0] }));
  return { mbs, m3D, m2D, mGround };
}

/** Sets random displacements and velocities in the current state (amplitude 0.3 and 2). */
function randomizeState(s: SystemState, seed: number): void {
  const random = randomSequence(seed);
  for (let i = 0; i < s.q.length; i++) s.q[i] = 0.3 * random();
  for (let i = 0; i < s.u.length; i++) s.u[i] = 2 * random();
}

function localSize(object: ObjectModel): number {
  return object.localNodes.reduce((sum, node) => sum + node.nu, 0);
}

/** Central differences of a local vector function with respect to the object's local q (or u) coordinates; columns per local coordinate. */
function centralDifferences(object: ObjectModel, s: SystemState, rows: number, velocity: boolean, evaluate: (out: Float64Array) => void, h: number): Float64Array {
  const n = localSize(object);
  const result = new Float64Array(rows * n);
  const plus = new Float64Array(rows);
  const minus = new Float64Array(rows);
  let local = 0;
  for (const node of object.localNodes) {
    for (let j = 0; j < node.nu; j++, local++) {
      const values = velocity ? s.u : s.q;
      const index = (velocity ? node.uIndex : node.qIndex) + j;
      const saved = values[index];
      values[index] = saved + h;
      plus.fill(0);
      evaluate(plus);
      values[index] = saved - h;
      minus.fill(0);
      evaluate(minus);
      values[index] = saved;
      for (let r = 0; r < rows; r++) result[r * n + local] = (plus[r] - minus[r]) / (2 * h);
    }
  }
  return result;
}

/** Compares ode2Lhs_q and ode2Lhs_u (called with a factor) against central differences of ode2Lhs; returns the relative errors. */
function lhsJacobianErrors(object: ObjectModel, s: SystemState): { q: number; u: number; scaleQ: number } {
  const n = localSize(object);
  const lhs = (out: Float64Array) => object.ode2Lhs!(s, out);
  const factor = 0.7;
  const analyticQ = new Float64Array(n * n);
  object.ode2Lhs_q!(s, dense(analyticQ), factor);
  analyticQ.forEach((_, i) => { analyticQ[i] /= factor; });
  const numericQ = centralDifferences(object, s, n, false, lhs, 1e-6);
  const result = { q: maxDifference(analyticQ, numericQ) / maxAbs(numericQ), u: 0, scaleQ: maxAbs(numericQ) };
  if (object.ode2Lhs_u !== undefined) {
    const analyticU = new Float64Array(n * n);
    object.ode2Lhs_u(s, dense(analyticU), factor);
    analyticU.forEach((_, i) => { analyticU[i] /= factor; });
    const numericU = centralDifferences(object, s, n, true, lhs, 1e-6);
    result.u = maxDifference(analyticU, numericU) / maxAbs(numericU);
  }
  return result;
}

// Central differences with h = 1e-6 on O(1) coordinates: truncation error ~h²·|f'''| ≈ 1e-10, round-off
// ~eps·|f|/h ≈ 1e-10 relative; 1e-7 leaves margin but catches any missing term (those are O(1) relative).
const jacobianTolerance = 1e-7;

describe('ObjectConnectorSpringDamper', () => {
  it('analyticJacobiansMatchCentralDifferencesIncludingGeometricTerm', () => {
    const { mbs, m3D, m2D } = twoPointSystem();
    const index = mbs.addObject(SpringDamper({ markerNumbers: [m3D, m2D], referenceLength: 0.4, stiffness: 300, damping: 7, force: 2.5, velocityOffset: 0.3 }));
    mbs.assemble();
    const s = mbs.compiled().data.current;
    randomizeState(s, 1);
    const errors = lhsJacobianErrors(mbs.compiled().objects[index], s);
    expect(errors.q).toBeLessThan(jacobianTolerance);
    expect(errors.u).toBeLessThan(jacobianTolerance);
  });

  it('jacobianToGroundMatchesCentralDifferences', () => {
    const { mbs, m3D, mGround } = twoPointSystem();
    const index = mbs.addObject(SpringDamper({ markerNumbers: [mGround, m3D], referenceLength: 1.7, stiffness: 50, damping: 3 }));
    mbs.assemble();
    const s = mbs.compiled().data.current;
    randomizeState(s, 2);
    const errors = lhsJacobianErrors(mbs.compiled().objects[index], s);
    expect(errors.q).toBeLessThan(jacobianTolerance);
    expect(errors.u).toBeLessThan(jacobianTolerance);
  });

  it('forceLawAndOutputsFollowExudyn', () => {
    const mbs = new SystemContainer().addSystem();
    const n0 = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0], initialVelocities: [0.1, 0, 0] }));
    const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [3, 4, 0], initialVelocities: [0.5, 1.5, 2] }));
    for (const node of [n0, n1]) mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const m0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n0 }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n1 }));
    const k = 100, d = 2, L0 = 4, f0 = 3, vOffset = 0.25;
    const spring = mbs.addObject(SpringDamper({ markerNumbers: [m0, m1], referenceLength: L0, stiffness: k, damping: d, force: f0, velocityOffset: vOffset }));
    mbs.assemble();
    // L = 5, n = [0.6, 0.8, 0], L̇ = Δv·n = 0.4·0.6 + 1.5·0.8 = 1.44
    const F = k * (5 - L0) + d * (1.44 - vOffset) + f0;
    const initial = (variable: OutputVariableType) => mbs.getObjectOutput(spring, variable, 'Initial');
    // Values of simple decimal arithmetic: exact to a few ulps.
    expect(initial(OutputVariableType.Distance)[0]).toBeCloseTo(5, 14);
    expect(initial(OutputVariableType.ForceLocal)[0]).toBeCloseTo(F, 12);
    const force = initial(OutputVariableType.Force);
    [0.6 * F, 0.8 * F, 0].forEach((value, i) => expect(force[i]).toBeCloseTo(value, 12));
    expect(initial(OutputVariableType.Displacement)).toEqual([3, 4, 0]);
    initial(OutputVariableType.Velocity).forEach((value, i) => expect(value).toBeCloseTo([0.4, 1.5, 2][i], 15));
  });

  it('userFunctionReceivesElongationAndRateAndReplacesTheForce', () => {
    const mbs = new SystemContainer().addSystem();
    const n0 = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [0, 2, 0], initialVelocities: [0, -0.5, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: n1 }));
    const m0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n0 }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n1 }));
    const calls: number[][] = [];
    const spring = mbs.addObject(SpringDamper({
      markerNumbers: [m0, m1], referenceLength: 1.5, stiffness: 10, damping: 1, force: 0.5, velocityOffset: 0.1,
      springForceUserFunction: (_mbs, t, itemNumber, deltaL, deltaL_t, k, d, f) => { calls.push([t, itemNumber, deltaL, deltaL_t, k, d, f]); return 7; },
    }));
    mbs.assemble();
    expect(mbs.getObjectOutput(spring, OutputVariableType.ForceLocal, 'Initial')).toEqual([7]);
    expect(calls[0]).toEqual([0, spring, 0.5, -0.6, 10, 1, 0.5]);
    const model = mbs.compiled().objects[spring];
    expect(model.ode2Lhs_q).toBeUndefined();
    expect(model.ode2Lhs_u).toBeUndefined();
  });

  it('zeroLengthFallsBackToTheVelocityDirection', () => {
    const mbs = new SystemContainer().addSystem();
    const n0 = mbs.addNode(NodePointGround({ referenceCoordinates: [1, 1, 1] }));
    const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [1, 1, 1], initialVelocities: [0, 0, -2] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: n1 }));
    const m0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n0 }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n1 }));
    const spring = mbs.addObject(SpringDamper({ markerNumbers: [m0, m1], referenceLength: 0.5, stiffness: 10, damping: 3 }));
    mbs.assemble();
    // n = Δv/|Δv| = [0, 0, −1], L̇ = 2: F = 10·(0 − 0.5) + 3·2 = 1.
    expect(mbs.getObjectOutput(spring, OutputVariableType.Force, 'Initial')).toEqual([0, 0, -1]);
  });

  it('massHangingOnSpringDeflectsByWeightOverStiffness', () => {
    const mbs = new SystemContainer().addSystem();
    const m = 2.5, g = 9.81, k = 4000, L0 = 0.8;
    const ground = mbs.createGround();
    const mass = mbs.createMassPoint({ referencePosition: [0, -L0, 0], physicsMass: m, gravity: [0, -g, 0] });
    const spring = mbs.createSpringDamper({ bodyNumbers: [ground, mass], stiffness: k, damping: 10 });
    expect(mbs.getObject(spring).referenceLength).toBe(L0);
    // The spring alone has no transverse stiffness at F = 0: hold x and z with Cartesian springs (force-free here).
    mbs.createCartesianSpringDamper({ bodyNumbers: [ground, mass], localPosition0: [0, -L0, 0], stiffness: [100, 0, 100] });
    mbs.assemble();
    mbs.solveStatic(silentSettings());
    const displacement = mbs.getObjectOutputBody(mass, OutputVariableType.Displacement);
    // Linear along the spring axis, and Newton starts with the exact tangent (F = 0): one iteration to round-off.
    expect(displacement[0]).toBe(0);
    expect(displacement[1]).toBeCloseTo(-(m * g) / k, 14);
    expect(displacement[2]).toBe(0);
    expect(mbs.getObjectOutput(spring, OutputVariableType.ForceLocal)[0]).toBeCloseTo(m * g, 11);
  });

  it('oscillatesWithTheSpringFrequency', () => {
    // Mass on a horizontal spring, small amplitude along the axis: x(t) = A cos(ωt), ω = sqrt(k/m).
    const mbs = new SystemContainer().addSystem();
    const m = 1.6, k = 4000, A = 0.01;
    const ground = mbs.createGround();
    const mass = mbs.createMassPoint({ referencePosition: [1, 0, 0], initialDisplacement: [A, 0, 0], physicsMass: m });
    mbs.createSpringDamper({ bodyNumbers: [ground, mass], referenceLength: 1, stiffness: k });
    mbs.assemble();
    const settings = silentSettings();
    settings.timeIntegration.endTime = 0.2;
    settings.timeIntegration.numberOfSteps = 4000;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    const omega = Math.sqrt(k / m);
    // Trapezoidal rule, h = 5e-5, ω = 50: phase error ω³h²t/12 ≈ 5.2e-6 rad → |Δx| ≤ A·5.2e-6 = 5.2e-8.
    expect(Math.abs(mbs.getObjectOutputBody(mass, OutputVariableType.Displacement)[0] - A * Math.cos(omega * 0.2))).toBeLessThan(1e-7);
  });
});

describe('ObjectConnectorCartesianSpringDamper', () => {
  it('analyticJacobiansMatchCentralDifferences', () => {
    const { mbs, m3D, m2D } = twoPointSystem();
    const index = mbs.addObject(CartesianSpringDamper({ markerNumbers: [m2D, m3D], stiffness: [100, 200, 300], damping: [1, 2, 3], offset: [0.1, -0.2, 0.3] }));
    mbs.assemble();
    const s = mbs.compiled().data.current;
    randomizeState(s, 3);
    const errors = lhsJacobianErrors(mbs.compiled().objects[index], s);
    // Linear force law: central differences are exact up to round-off (~1e-10 relative).
    expect(errors.q).toBeLessThan(jacobianTolerance);
    expect(errors.u).toBeLessThan(jacobianTolerance);
  });

  it('staticDisplacementIsForceOverStiffnessPerAxis', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround();
    const mass = mbs.createMassPoint({ referencePosition: [1, 1, 0], physicsMass: 5 });
    const spring = mbs.createCartesianSpringDamper({ bodyNumbers: [ground, mass], localPosition0: [1, 1, 0], stiffness: [5000, 2000, 800], damping: [0, 250, 0], offset: [0.01, 0, 0] });
    const marker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: mass }));
    mbs.addLoad(Force({ markerNumber: marker, loadVector: [10, -5, 2] }));
    mbs.assemble();
    mbs.solveStatic(silentSettings());
    const displacement = mbs.getObjectOutputBody(mass, OutputVariableType.Displacement);
    // Linear problem: exact after one Newton step, up to round-off.
    [0.01 + 10 / 5000, -5 / 2000, 2 / 800].forEach((value, i) => expect(displacement[i]).toBeCloseTo(value, 14));
    mbs.getObjectOutput(spring, OutputVariableType.Force).forEach((value, i) => expect(value).toBeCloseTo([10, -5, 2][i], 10));
    mbs.getObjectOutput(spring, OutputVariableType.Displacement).forEach((value, i) => expect(value).toBeCloseTo([10 / 5000, -5 / 2000, 2 / 800][i], 14));
  });

  it('userFunctionGetsDisplacementWithoutOffset', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround();
    const mass = mbs.createMassPoint({ referencePosition: [1, 2, 3], initialVelocity: [0.5, 0, 0], physicsMass: 1 });
    let seen: number[][] = [];
    const spring = mbs.createCartesianSpringDamper({
      bodyNumbers: [ground, mass], offset: [0.5, 0.5, 0.5], stiffness: [1, 2, 3],
      springForceUserFunction: (_mbs, _t, _i, u, v, k, _d, offset) => { seen = [Array.from(u), Array.from(v), Array.from(k), Array.from(offset)]; return [u[0] * k[0], 0, 0]; },
    });
    mbs.assemble();
    expect(mbs.getObjectOutput(spring, OutputVariableType.Force, 'Initial')).toEqual([0.5, 0, 0]);
    expect(seen).toEqual([[0.5, 1.5, 2.5], [0.5, 0, 0], [1, 2, 3], [0.5, 0.5, 0.5]]);
  });
});

/** A free mass point with coordinate markers on x and y, and a ground node with a coordinate marker. */
function coordinateSystem(options: { initialVelocity?: number[] } = {}): { mbs: MainSystem; node: number; groundCoordinate: number; x: number; y: number } {
  const mbs = new SystemContainer().addSystem();
  const groundNode = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0], initialVelocities: options.initialVelocity ?? [0, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: node }));
  const groundCoordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: groundNode, coordinate: 0 }));
  const x = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  const y = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 1 }));
  return { mbs, node, groundCoordinate, x, y };
}

/** The Jacobian c of ae against central differences of ae in q (position level) and in u (velocity level). */
function constraintJacobianErrors(object: ObjectModel, s: SystemState): { position: number; velocity: number } {
  const n = localSize(object);
  const analytic = new Float64Array(object.nAE * n);
  object.ae!(s, new Float64Array(object.nAE), false, analytic);
  const positionLevel = centralDifferences(object, s, object.nAE, false, (g) => object.ae!(s, g, false), 1e-6);
  const velocityLevel = centralDifferences(object, s, object.nAE, true, (g) => object.ae!(s, g, true), 1e-6);
  return {
    position: maxDifference(analytic, positionLevel) / maxAbs(analytic),
    velocity: maxDifference(analytic, velocityLevel) / maxAbs(analytic),
  };
}

describe('ObjectConnectorCoordinate', () => {
  it('constraintJacobianMatchesDifferencesOfBothLevels', () => {
    const mbs = new SystemContainer().addSystem();
    const a = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    const b = mbs.addNode(NodePoint2D({ referenceCoordinates: [1, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: a }));
    mbs.addObject(MassPoint2D({ physicsMass: 1, nodeNumber: b }));
    const ma = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: a, coordinate: 2 }));
    const mb = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: b, coordinate: 1 }));
    const index = mbs.addObject(CoordinateConstraint({ markerNumbers: [ma, mb], factorValue1: -2.5, offset: 0.3 }));
    mbs.assemble();
    const s = mbs.compiled().data.current;
    randomizeState(s, 4);
    const object = mbs.compiled().objects[index];
    const errors = constraintJacobianErrors(object, s);
    // Linear equations: only round-off, eps·|g|/h ≈ 2e-16·3/1e-6 ≈ 1e-9 relative to |C_q| ≈ 2.5 at most.
    expect(errors.position).toBeLessThan(1e-8);
    expect(errors.velocity).toBeLessThan(1e-8);
    const g = new Float64Array(1);
    object.ae!(s, g, false);
    expect(g[0]).toBeCloseTo(-2.5 * s.q[3 + 1] - s.q[2] - 0.3, 15);
    object.ae!(s, g, true);
    // Index-2 form of a position-level constraint: no offset.
    expect(g[0]).toBeCloseTo(-2.5 * s.u[3 + 1] - s.u[2], 15);
  });

  it('constraintToGroundCarriesTheWeightAndIsEliminable', () => {
    const { mbs, node, groundCoordinate, y } = coordinateSystem();
    const constraint = mbs.addObject(CoordinateConstraint({ markerNumbers: [groundCoordinate, y] }));
    const g = 9.81;
    mbs.addLoad(LoadCoordinate({ markerNumber: y, load: -2 * g }));
    mbs.assemble();
    expect(mbs.compiled().objects[constraint].eliminableCoordinate!()).toBe(mbs.getNodeODE2Index(node) + 1);
    const settings = silentSettings();
    settings.timeIntegration.endTime = 0.5;
    settings.timeIntegration.numberOfSteps = 50;
    mbs.solveDynamic(settings);
    // M a + C_qᵀλ = f with C_q = +1: λ = −m g (to Newton tolerance); the coordinate stays at 0.
    expect(Math.abs(mbs.getNodeOutput(node, OutputVariableType.Coordinates)[1])).toBeLessThan(1e-12);
    expect(mbs.getObjectOutput(constraint, OutputVariableType.Force)[0]).toBeCloseTo(-2 * g, 8);
    expect(mbs.getObjectOutput(constraint, OutputVariableType.ConstraintEquation)[0]).toBeCloseTo(0, 12);
  });

  it('explicitSolverEliminatesTheCoordinate', () => {
    const { mbs, node, groundCoordinate, x } = coordinateSystem({ initialVelocity: [0, 1, 0] });
    mbs.addObject(CoordinateConstraint({ markerNumbers: [x, groundCoordinate] }));
    mbs.addLoad(LoadCoordinate({ markerNumber: x, load: 5 }));
    mbs.assemble();
    const settings = silentSettings();
    settings.timeIntegration.numberOfSteps = 10;
    mbs.solveDynamic(settings, DynamicSolverType.RK44);
    const q = mbs.getNodeOutput(node, OutputVariableType.Coordinates);
    expect(q[0]).toBe(0);
    expect(q[1]).toBeCloseTo(1, 14);
  });

  it('factorAndOffsetCoupleTwoCoordinatesStatically', () => {
    // x of A on a spring k to ground, x of B coupled by 2 xB − xA − 0.1 = 0 and loaded by F; y, z fixed:
    // k xA − λ = 0, 2λ = F  →  xA = F/(2k), xB = (0.1 + xA)/2.
    const mbs = new SystemContainer().addSystem();
    const groundNode = mbs.addNode(NodePointGround({}));
    const groundCoordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: groundNode, coordinate: 0 }));
    const [a, b] = [0, 2].map((x) => mbs.addNode(NodePoint({ referenceCoordinates: [x, 0, 0] })));
    const [xA, xB] = [a, b].map((node) => {
      for (const coordinate of [1, 2]) mbs.addObject(CoordinateConstraint({ markerNumbers: [groundCoordinate, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate }))] }));
      return mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
    });
    const k = 400, F = 12;
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: groundNode })), mbs.addMarker(MarkerNodePosition({ nodeNumber: a }))], stiffness: [k, 0, 0] }));
    const coupling = mbs.addObject(CoordinateConstraint({ markerNumbers: [xA, xB], factorValue1: 2, offset: 0.1 }));
    mbs.addLoad(LoadCoordinate({ markerNumber: xB, load: F }));
    mbs.assemble();
    mbs.solveStatic(silentSettings());
    const qA = mbs.getNodeOutput(a, OutputVariableType.Coordinates)[0];
    const qB = mbs.getNodeOutput(b, OutputVariableType.Coordinates)[0];
    // Linear system, one Newton step: round-off only.
    expect(qA).toBeCloseTo(F / (2 * k), 14);
    expect(qB).toBeCloseTo((0.1 + F / (2 * k)) / 2, 14);
    expect(mbs.getObjectOutput(coupling, OutputVariableType.Displacement)[0]).toBeCloseTo(qB - qA, 15);
    expect(mbs.getObjectOutput(coupling, OutputVariableType.ConstraintEquation)[0]).toBeCloseTo(0, 14);
  });

  it('velocityLevelConstraintPrescribesTheVelocity', () => {
    const { mbs, node, groundCoordinate, x } = coordinateSystem({ initialVelocity: [0.5, 0, 0] });
    const constraint = mbs.addObject(CoordinateConstraint({ markerNumbers: [groundCoordinate, x], offset: 0.5, velocityLevel: true }));
    mbs.addLoad(LoadCoordinate({ markerNumber: x, load: 3 }));
    mbs.assemble();
    expect(mbs.compiled().objects[constraint].velocityLevelConstraint).toBe(true);
    const settings = silentSettings();
    settings.timeIntegration.numberOfSteps = 20;
    mbs.solveDynamic(settings);
    // u ≡ 0.5 and a ≡ 0 solve the discrete equations exactly: x(1) = 0.5, λ = F = 3 (Newton tolerance).
    expect(mbs.getNodeOutput(node, OutputVariableType.Coordinates_t)[0]).toBeCloseTo(0.5, 12);
    expect(mbs.getNodeOutput(node, OutputVariableType.Coordinates)[0]).toBeCloseTo(0.5, 11);
    expect(mbs.getObjectOutput(constraint, OutputVariableType.Force)[0]).toBeCloseTo(3, 8);
  });

  it('offsetUserFunctionsPrescribeAMotionOnBothIndexLevels', () => {
    const A = 0.2, omega = 3;
    for (const solver of [DynamicSolverType.GeneralizedAlpha, DynamicSolverType.TrapezoidalIndex2]) {
      const { mbs, node, groundCoordinate, x } = coordinateSystem({ initialVelocity: [A * omega, 0, 0] });
      mbs.addObject(CoordinateConstraint({
        markerNumbers: [groundCoordinate, x],
        offsetUserFunction: (_mbs, t, _i, offset) => offset + A * Math.sin(omega * t),
        offsetUserFunction_t: (_mbs, t) => A * omega * Math.cos(omega * t),
      }));
      mbs.assemble();
      const settings = silentSettings();
      settings.timeIntegration.numberOfSteps = 200;
      mbs.solveDynamic(settings, solver);
      const q = mbs.getNodeOutput(node, OutputVariableType.Coordinates)[0];
      const u = mbs.getNodeOutput(node, OutputVariableType.Coordinates_t)[0];
      if (solver === DynamicSolverType.GeneralizedAlpha) {
        // Index 3 enforces the position exactly (Newton tolerance).
        expect(q).toBeCloseTo(A * Math.sin(omega), 11);
      } else {
        // Index 2 enforces the velocity; the position follows by the trapezoidal rule, error ~ A ω² h² t/12 ≈ 4e-6.
        expect(u).toBeCloseTo(A * omega * Math.cos(omega), 11);
        expect(Math.abs(q - A * Math.sin(omega))).toBeLessThan(1e-5);
      }
    }
  });
});

describe('ObjectConnectorDistance', () => {
  it('constraintJacobianMatchesDifferencesOfBothLevels', () => {
    const { mbs, m3D, m2D } = twoPointSystem();
    const index = mbs.addObject(DistanceConstraint({ markerNumbers: [m2D, m3D], distance: 1 }));
    mbs.assemble();
    const s = mbs.compiled().data.current;
    randomizeState(s, 5);
    const errors = constraintJacobianErrors(mbs.compiled().objects[index], s);
    // Position level: smooth (truncation O(h²)); velocity level is linear in u, round-off eps·|ġ|/h ≈ 1e-9 only.
    expect(errors.position).toBeLessThan(jacobianTolerance);
    expect(errors.velocity).toBeLessThan(1e-8);
  });

  it('pendulumKeepsItsLengthWithGeneralizedAlpha', () => {
    const mbs = new SystemContainer().addSystem();
    const L = 0.8, m = 1.5, g = 9.81;
    const pivot = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mass = mbs.createMassPoint({ referencePosition: [L, 0, 0], physicsMass: m, gravity: [0, -g, 0] });
    const node = mbs.getObject(mass).nodeNumber as number;
    const constraint = mbs.createDistanceConstraint({ bodyNumbers: [{ nodeNumber: pivot }, mass] });
    expect(mbs.getObject(constraint).distance).toBe(L);
    const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false }));
    mbs.assemble();
    const settings = silentSettings();
    settings.timeIntegration.endTime = 2;
    settings.timeIntegration.numberOfSteps = 2000;
    settings.solutionSettings.sensorsWritePeriod = 1e-3;
    mbs.solveDynamic(settings);
    const rows = mbs.getSensorStoredData(sensor);
    expect(rows.length).toBe(2001);
    let worst = 0;
    for (const row of rows) worst = Math.max(worst, Math.abs(Math.hypot(row[1], row[2], row[3]) - L));
    // Index-3 constraint: enforced to the converged Newton residual at every step.
    expect(worst).toBeLessThan(1e-10);
    // The pendulum swings: it passes below the pivot.
    expect(Math.min(...rows.map((row) => row[2]))).toBeLessThan(-0.99 * L);
    // Force = λ with M a + C_qᵀλ = f, C_q = nᵀ (n from pivot to mass): λ = m (g_vec − a)·n, the rod force (tension > 0).
    const p = mbs.getNodeOutput(node, OutputVariableType.Position);
    const a = mbs.getNodeOutput(node, OutputVariableType.Acceleration);
    const n = p.map((value) => value / L);
    const expected = m * ((0 - a[0]) * n[0] + (-g - a[1]) * n[1] + (0 - a[2]) * n[2]);
    const lambda = mbs.getObjectOutput(constraint, OutputVariableType.Force)[0];
    expect(Math.abs(lambda - expected)).toBeLessThan(1e-8 * Math.abs(expected));
    expect(lambda).toBeGreaterThan(0);
    expect(mbs.getObjectOutput(constraint, OutputVariableType.Distance)[0]).toBeCloseTo(L, 10);
  });
});

describe('ObjectConnectorGravity', () => {
  function gravityPair(distance: number, dMin = 0): { mbs: MainSystem; connector: number } {
    const mbs = new SystemContainer().addSystem();
    const n0 = mbs.addNode(NodePoint({ referenceCoordinates: [1, 2, 3] }));
    const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [1 + 0.6 * distance, 2 - 0.8 * distance, 3] }));
    mbs.addObject(MassPoint({ physicsMass: 5e10, nodeNumber: n0 }));
    mbs.addObject(MassPoint({ physicsMass: 2e3, nodeNumber: n1 }));
    const m0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n0 }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n1 }));
    const connector = mbs.addObject(ObjectConnectorGravity({ markerNumbers: [m0, m1], mass0: 5e10, mass1: 2e3, minDistanceRegularization: dMin }));
    return { mbs, connector };
  }

  it('forceIsNewtonsAttraction', () => {
    const r = 25;
    const { mbs, connector } = gravityPair(r);
    mbs.assemble();
    const F = (6.6743e-11 * 5e10 * 2e3) / (r * r);
    const force = mbs.getObjectOutput(connector, OutputVariableType.Force);
    // Same formula, differently rounded: a few ulps.
    expect(Math.abs(Math.hypot(...force) - F) / F).toBeLessThan(1e-14);
    [0.6 * F, -0.8 * F, 0].forEach((value, i) => expect(Math.abs(force[i] - value)).toBeLessThan(1e-14 * F));
    expect(mbs.getObjectOutput(connector, OutputVariableType.Distance)[0]).toBeCloseTo(r, 13);
    // Left-hand side +F n on marker 1: the right-hand side pulls body 1 towards body 0 and body 0 towards body 1.
    const model = mbs.compiled().objects[connector];
    const lhs = new Float64Array(6);
    model.ode2Lhs!(mbs.compiled().data.current, lhs);
    [-0.6 * F, 0.8 * F, 0, 0.6 * F, -0.8 * F, 0].forEach((value, i) => expect(Math.abs(lhs[i] - value)).toBeLessThan(1e-14 * F));
  });

  it('regularizesBelowTheMinimumDistance', () => {
    const { mbs, connector } = gravityPair(0.5, 2);
    mbs.assemble();
    const F = (6.6743e-11 * 5e10 * 2e3) / (0.5 ** 2 + 1.5 ** 2);
    expect(Math.abs(Math.hypot(...mbs.getObjectOutput(connector, OutputVariableType.Force)) - F) / F).toBeLessThan(1e-14);
  });

  it('analyticJacobianMatchesCentralDifferencesInBothRegimes', () => {
    for (const [distance, dMin] of [[3, 0], [0.9, 1.2]]) {
      const { mbs, connector } = gravityPair(distance, dMin);
      mbs.assemble();
      const s = mbs.compiled().data.current;
      const random = randomSequence(6);
      for (let i = 0; i < s.q.length; i++) s.q[i] = 0.05 * random();
      const errors = lhsJacobianErrors(mbs.compiled().objects[connector], s);
      expect(errors.q).toBeLessThan(jacobianTolerance);
    }
  });
});

describe('connector bad input', () => {
  function expectFlexdynError(action: () => unknown, ...parts: string[]): void {
    let error: unknown;
    try { action(); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(FlexdynError);
    for (const part of parts) expect((error as Error).message).toContain(part);
  }

  it('springDamperOnCoordinateMarkersFailsAtAssemble', () => {
    const { mbs, groundCoordinate, x } = coordinateSystem();
    const index = mbs.addObject(SpringDamper({ markerNumbers: [groundCoordinate, x], stiffness: 1 }));
    expectFlexdynError(() => mbs.assemble(), `ObjectConnectorSpringDamper #${index}`, 'markerNumbers', 'entry 0 must refer to a position marker', `got MarkerNodeCoordinate #${groundCoordinate}`);
  });

  it('coordinateConstraintOnPositionMarkersFailsAtAssemble', () => {
    const { mbs, m3D, m2D } = twoPointSystem();
    const index = mbs.addObject(CoordinateConstraint({ markerNumbers: [m3D, m2D] }));
    expectFlexdynError(() => mbs.assemble(), `ObjectConnectorCoordinate #${index}`, 'markerNumbers', 'must refer to a coordinate marker', `got MarkerNodePosition #${m3D}`);
  });

  it('missingMarkerIsNamed', () => {
    const { mbs, m3D } = twoPointSystem();
    mbs.addObject(DistanceConstraint({ markerNumbers: [m3D, 99], distance: 1 }));
    expectFlexdynError(() => mbs.assemble(), 'ObjectConnectorDistance', 'markerNumbers must refer to an existing marker', 'got 99');
  });

  it('parameterValuesAreValidatedWhenAdded', () => {
    const { mbs, m3D, m2D } = twoPointSystem();
    expectFlexdynError(() => mbs.addObject(CartesianSpringDamper({ markerNumbers: [m3D, m2D], stiffness: [1, 2] })), 'ObjectConnectorCartesianSpringDamper', 'stiffness must have 3 entries, got 2');
    expectFlexdynError(() => mbs.addObject(SpringDamper({ markerNumbers: [m3D, m2D], stiffness: -5 })), 'stiffness must be non-negative, got -5');
    expectFlexdynError(() => mbs.addObject(DistanceConstraint({ markerNumbers: [m3D, m2D], distance: 0 })), 'distance must be positive, got 0');
    expectFlexdynError(() => mbs.addObject({ objectType: 'ConnectorGravity', markerNumbers: [m3D, m2D], mas0: 1 }), "mas0 is not a parameter of ObjectConnectorGravity (did you mean 'mass0'?)");
  });

  it('badUserFunctionResultsAreNamed', () => {
    const { mbs, m3D, m2D } = twoPointSystem();
    const spring = mbs.addObject(SpringDamper({ markerNumbers: [m3D, m2D], springForceUserFunction: () => Number.NaN }));
    const cartesian = mbs.addObject(CartesianSpringDamper({ markerNumbers: [m3D, m2D], springForceUserFunction: () => [1, 2] }));
    mbs.assemble();
    expectFlexdynError(() => mbs.getObjectOutput(spring, OutputVariableType.Force), `ObjectConnectorSpringDamper #${spring}`, 'springForceUserFunction must return a finite number, got number NaN');
    expectFlexdynError(() => mbs.getObjectOutput(cartesian, OutputVariableType.Force), `ObjectConnectorCartesianSpringDamper #${cartesian}`, 'springForceUserFunction must return 3 numbers, got array of length 2');
  });

  it('coincidingMarkersAreSingularForGravityAndDistance', () => {
    const mbs = new SystemContainer().addSystem();
    const n = mbs.addNode(NodePoint({ referenceCoordinates: [1, 1, 1] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: n }));
    const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [1, 1, 1] }));
    const m0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: ground }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: n }));
    const gravity = mbs.addObject(ObjectConnectorGravity({ markerNumbers: [m0, m1], mass0: 1, mass1: 1 }));
    const distance = mbs.addObject(DistanceConstraint({ markerNumbers: [m0, m1], distance: 1 }));
    mbs.assemble();
    expectFlexdynError(() => mbs.getObjectOutput(gravity, OutputVariableType.Force), `ObjectConnectorGravity #${gravity}`, 'minDistanceRegularization must be positive when the markers coincide');
    const model = mbs.compiled().objects[distance];
    expectFlexdynError(() => model.ae!(mbs.compiled().data.current, new Float64Array(model.nAE), false, new Float64Array(3)), `ObjectConnectorDistance #${distance}`, 'markerNumbers', 'coinciding markers');
  });
});

describe('create helpers', () => {
  it('acceptBodiesNodesAndMarkersAsEnds', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({ referencePosition: [0, 1, 0] });
    const body = mbs.createMassPoint({ referencePosition: [3, 1, 0], physicsMass: 1 });
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 5, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    const s1 = mbs.createSpringDamper({ name: 'spring', bodyNumbers: [ground, body], localPosition0: [0, 4, 0], stiffness: 10 });
    const s2 = mbs.createSpringDamper({ bodyOrNodeList: [{ nodeNumber: node }, body], referenceLength: 2 });
    const c = mbs.createCartesianSpringDamper({ bodyNumbers: [{ markerNumber: marker }, body], stiffness: [1, 2, 3] });
    const d = mbs.createDistanceConstraint({ bodyNumbers: [{ markerNumber: marker }, { nodeNumber: node }], distance: 0.5 });
    // |[3, 1, 0] − [0, 5, 0]| = 5 from the reference configuration.
    expect(mbs.getObject(s1).referenceLength).toBe(5);
    expect(mbs.getObject(s1).markerNumbers).toEqual([marker + 1, marker + 2]);
    expect(mbs.getMarker(marker + 1)).toMatchObject({ markerType: 'BodyPosition', name: 'Marker0:spring', bodyNumber: ground, localPosition: [0, 4, 0] });
    expect(mbs.getObject(s1)).toMatchObject({ name: 'spring', stiffness: 10, visualization: { show: true, drawSize: -1, color: [-1, -1, -1, -1] } });
    expect(mbs.getObject(s2).referenceLength).toBe(2);
    expect(mbs.getMarker((mbs.getObject(s2).markerNumbers as number[])[0])).toMatchObject({ markerType: 'NodePosition', nodeNumber: node });
    expect((mbs.getObject(c).markerNumbers as number[])[0]).toBe(marker);
    expect(mbs.getObject(d)).toMatchObject({ objectType: 'ConnectorDistance', distance: 0.5 });
    mbs.assemble();
    expect(mbs.getObjectOutput(s1, OutputVariableType.Distance)[0]).toBe(5);
  });

  it('rejectBadEnds', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
    expect(() => mbs.createSpringDamper({ bodyNumbers: [ground] })).toThrow('createSpringDamper: bodyNumbers must be a list of 2 connector ends');
    expect(() => mbs.createSpringDamper({})).toThrow('createSpringDamper: bodyOrNodeList must be a list of 2 connector ends');
    expect(() => mbs.createCartesianSpringDamper({ bodyNumbers: [ground, { nodeNumber: node }], localPosition1: [0, 1, 0] }))
      .toThrow('createCartesianSpringDamper: localPosition1 must be [0, 0, 0] when bodyNumbers[1] is a node, got [0, 1, 0]');
    expect(() => mbs.createDistanceConstraint({ bodyNumbers: [ground, -3] })).toThrow('createDistanceConstraint: bodyNumbers[1] must be an object index (body), { nodeNumber } or { markerNumber }, got number -3');
    // both ends are checked before the first marker is added: a rejected call leaves the system as it was
    expect(mbs.numberOfMarkers).toBe(0);
    expect(() => mbs.createDistanceConstraint({ bodyNumbers: [ground, ground] })).toThrow('createDistanceConstraint: distance must be positive');
    // a helper that fails after adding items removes them again (all or nothing): the markers are #1 and #2, not #3 and #4
    expect(() => mbs.createSpringDamper({ bodyNumbers: [ground, 7] })).toThrow('createSpringDamper: referenceLength was not given and cannot be computed from the reference configuration (MarkerBodyPosition #1: bodyNumber must refer to an existing object (0 ... 0), got 7); pass referenceLength explicitly');
    expect(mbs.numberOfMarkers).toBe(0);
  });
});

describe('markers on mass points', () => {
  it('haveTheConstantJacobianKernelSoThatConnectorsSkipTheForceTerm', () => {
    // a mass point's position Jacobian is its node's, constant: a MarkerBodyPosition on it takes the shared constant
    // kernel (as a node marker on a point node does), which MarkerPair.addJacobianTransposedForce_q skips; a rigid body's
    // marker keeps its kernel
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround();
    const point = mbs.createMassPoint({ referencePosition: [1, 0, 0], physicsMass: 2 });
    const rigid = mbs.createRigidBody({ referencePosition: [0, 1, 0], inertia: InertiaCuboid(1000, [0.1, 0.1, 0.1]) });
    const onPoint = mbs.addMarker(MarkerBodyPosition({ bodyNumber: point, localPosition: [0, 0, 0] }));
    const onRigid = mbs.addMarker(MarkerBodyPosition({ bodyNumber: rigid, localPosition: [0.1, 0, 0] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0, 0, 0] })), onPoint], stiffness: [10, 10, 10], damping: [1, 1, 1] }));
    mbs.assemble();
    const markers = mbs.compiled().markers as { jacobianTransposedVector_q?: unknown }[];
    expect(markers[onPoint].jacobianTransposedVector_q).toBe(constantJacobianTransposedVector_q);
    expect(markers[onRigid].jacobianTransposedVector_q).toBeInstanceOf(Function);
    expect(markers[onRigid].jacobianTransposedVector_q).not.toBe(constantJacobianTransposedVector_q);
  });
});
