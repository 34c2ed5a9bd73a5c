import {
  SystemContainer, NodePoint, NodePointGround, ObjectMassPoint, MarkerNodeCoordinate, MarkerBodyRigid, ObjectConnectorCoordinateSpringDamper,
  ObjectConnectorCoordinate, ObjectConnectorCartesianSpringDamper, ObjectJointGeneric, LoadCoordinate, InertiaCuboid, RotationMatrixY, RotationMatrixZ,
  SimulationSettings,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** 3-vector helpers for the model's geometry. */
const scaled = (v: readonly number[], factor: number): number[] => v.map((x) => factor * x);
const plus = (a: readonly number[], b: readonly number[]): number[] => a.map((x, i) => x + b[i]);
const times = (m: readonly (readonly number[])[], v: readonly number[]): number[] => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);
const product = (a: readonly (readonly number[])[], b: readonly (readonly number[])[]): number[][] =>
  a.map((row) => [0, 1, 2].map((j) => row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j]));

/**
 * Part 1: a mass point (m = 1.6) on a coordinate spring-damper (k = 4000, d = 8) in x, y and z fixed by coordinate
 * constraints (removed by the null-space projection): λ = −ζω₀ ± iω₀√(1 − ζ²). Returns
 * |Im λ₀|/(2π) − ω₀/(2π) + |Re λ₀|/|λ₀|, the damped minus the undamped frequency in Hz plus ζ.
 */
function massSpringDamper(): number {
  const mbs = new SystemContainer().addSystem();
  const L = 0.5, mass = 1.6, spring = 4000, damper = 8;
  const omega0 = Math.sqrt(spring / mass);
  const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [L, 0, 0], initialCoordinates: [-0.08, 0, 0], initialVelocities: [1, 0, 0] }));
  const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  mbs.addObject(ObjectMassPoint({ physicsMass: mass, nodeNumber: n1 }));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
  const nodeMarkers = [0, 1, 2].map((coordinate) => mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n1, coordinate })));
  mbs.addObject(ObjectConnectorCoordinateSpringDamper({ markerNumbers: [groundMarker, nodeMarkers[0]], stiffness: spring, damping: damper }));
  mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, nodeMarkers[1]] }));
  mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, nodeMarkers[2]] }));
  mbs.addLoad(LoadCoordinate({ markerNumber: nodeMarkers[0], load: 80 }));
  mbs.assemble();
  const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true, useAbsoluteValues: false });
  const first = values[0];
  return Math.abs(first.im) / (2 * Math.PI) - omega0 / (2 * Math.PI) + Math.abs(first.re) / Math.hypot(first.re, first.im);
}

/**
 * Part 2: a thin bar (Euler-parameter rigid body) hinged about z at its end, held by a Cartesian spring (k = 10 in y,
 * ζ = 1e-4) at its tip: ω₀ = √(k L²/Θ_zz). Returns the relative error of |λ₀|/(2π) against ω₀/(2π).
 */
function barWithTipSpring(): number {
  const mbs = new SystemContainer().addSystem();
  const beamL = 0.1, beamW = 0.01, beamH = 0.001, rho = 5000, dRel = 0.0001, springL = 0.02, springK = 10;
  const oGround = mbs.createGround({});
  const inertiaCuboid = InertiaCuboid({ density: rho, sideLengths: [beamL, beamH, beamW] });
  const thetaZZ = inertiaCuboid.translated([-beamL / 2, 0, 0]).inertia()[2][2];
  const springD = dRel * (2 * Math.sqrt(springK * beamL ** 2 / thetaZZ));
  const bBeam = mbs.createRigidBody({ inertia: inertiaCuboid, referencePosition: [beamL * 0.5, 0, 0] });
  const mBeamRight = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bBeam, localPosition: [beamL * 0.5, 0, 0] }));
  mbs.createGenericJoint({ bodyNumbers: [oGround, bBeam], position: [0, 0, 0], rotationMatrixAxes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], constrainedAxes: [1, 1, 1, 1, 1, 0] });
  const markerToConnect = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [beamL, -springL, 0] }));
  mbs.addObject(ObjectConnectorCartesianSpringDamper({
    markerNumbers: [markerToConnect, mBeamRight], stiffness: [0, springK, 0], damping: [0, springD, 0], offset: [0, springL * 0.9, 0],
  }));
  mbs.assemble();
  const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true, useAbsoluteValues: false });
  const evNumerical = Math.hypot(values[0].re, values[0].im) / (2 * Math.PI);
  const evAnalytical = Math.sqrt(springK * beamL ** 2 / thetaZZ) / (2 * Math.PI);
  return (evAnalytical - evNumerical) / evAnalytical;
}

/**
 * Part 3: two bars (Euler-parameter rigid bodies under gravity, which the linearization leaves out) joined by a
 * universal-like GenericJoint, the first hinged about z at the ground, the second held by a Cartesian spring-damper
 * (k = 1000, relaxed in the reference configuration). Returns the lowest undamped eigenfrequency in Hz / 100.
 */
function twoBarMechanism(): number {
  const mbs = new SystemContainer().addSystem();
  const beamL = 0.1, beamW = 0.01, beamH = 0.001, rho = 5000, springK = 1e3;
  const oGround = mbs.createGround({});
  const inertiaCuboid = InertiaCuboid({ density: rho, sideLengths: [beamL, beamH, beamW] });
  const p0 = [beamL * 0.5, 0, 0];
  const b0 = mbs.createRigidBody({ inertia: inertiaCuboid, referencePosition: p0, gravity: [0, -9.81, 0] });
  const R1 = product(RotationMatrixZ(-0.25 * Math.PI), RotationMatrixY(0.25 * Math.PI));
  const p1 = plus(scaled(p0, 2), times(R1, p0));
  const b1 = mbs.createRigidBody({ inertia: inertiaCuboid, referencePosition: p1, referenceRotationMatrix: R1, gravity: [0, -9.81, 0] });
  mbs.createGenericJoint({ bodyNumbers: [oGround, b0], position: [0, 0, 0], constrainedAxes: [1, 1, 1, 1, 1, 0] });
  const mB0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b0, localPosition: p0 }));
  const mB1 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b1, localPosition: scaled(p0, -1) }));
  const identity = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  mbs.addObject(ObjectJointGeneric({ markerNumbers: [mB1, mB0], constrainedAxes: [1, 1, 1, 1, 0, 0], rotationMarker0: identity, rotationMarker1: identity }));
  mbs.createCartesianSpringDamper({
    bodyNumbers: [b1, oGround], localPosition0: p0, localPosition1: plus(scaled(p0, 2), times(R1, scaled(p0, 2))),
    stiffness: [springK, springK, springK], damping: [springK * 1e-4, springK * 1e-4, springK * 1e-4],
  });
  mbs.assemble();
  // the original also computes the complex eigenvalues (useAbsoluteValues) for printing only; the result uses the undamped ones
  mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: true, useAbsoluteValues: true });
  const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { computeComplexEigenvalues: false, useAbsoluteValues: true });
  return Math.sqrt(values[0]) / (2 * Math.PI) / 100;
}

/**
 * Exudyn's complexEigenvaluesTest (the test suite runs it without the dynamic simulations, which only plot): complex
 * eigenvalues of damped systems with joint constraints, projected into the constraints' null space. The result is
 * the sum of the three parts' figures.
 */
export const complexEigenvaluesTest: TestModel = {
  name: 'complexEigenvaluesTest',
  reference: 0.42816392078752413,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    return massSpringDamper() + barWithTipSpring() + twoBarMechanism();
  },
};
