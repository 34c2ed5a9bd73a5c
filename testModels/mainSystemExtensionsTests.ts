import { SystemContainer, SimulationSettings, InertiaCuboid, RotationMatrixX, type MainSystem } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's settings of every dynamic part: the default solver (generalized-α), 1000 steps to t = 2. */
function settings(): SimulationSettings {
  const s = new SimulationSettings();
  s.timeIntegration.numberOfSteps = 1000;
  s.timeIntegration.endTime = 2;
  return s;
}

/** Assembles, solves dynamically with {@link settings} and returns ‖q‖ of the final ODE2 coordinates. */
function solvedCoordinateNorm(mbs: MainSystem): number {
  mbs.assemble();
  mbs.solveDynamic(settings());
  return Math.hypot(...mbs.systemData.getODE2Coordinates());
}

/** The bar of most parts: a 1 × 0.1 × 0.1 cuboid of density 5000 (m = 50). */
const bar = () => InertiaCuboid({ density: 5000, sideLengths: [1, 0.1, 0.1] });

/** A new, empty system. */
const newSystem = (): MainSystem => new SystemContainer().addSystem();

/** Each part of the original, in its order; each returns its contribution to the total. */
const parts: readonly (() => number)[] = [
  // MP: a free mass point thrown under gravity
  () => {
    const mbs = newSystem();
    mbs.createMassPoint({ referencePosition: [0, 0, 0], initialVelocity: [2, 5, 0], physicsMass: 1, gravity: [0, -9.81, 0] });
    return solvedCoordinateNorm(mbs);
  },
  // RB: a free spinning rigid body under gravity
  () => {
    const mbs = newSystem();
    mbs.createRigidBody({ inertia: bar(), referencePosition: [1, 0, 0], initialVelocity: [2, 5, 0], initialAngularVelocity: [5, 0.5, 0.7], gravity: [0, -9.81, 0] });
    return solvedCoordinateNorm(mbs);
  },
  // SD: a mass point on a spring-damper to the ground
  () => {
    const mbs = newSystem();
    const b0 = mbs.createMassPoint({ referencePosition: [2, 0, 0], initialVelocity: [2, 5, 0], physicsMass: 1, gravity: [0, -9.81, 0] });
    const oGround = mbs.createGround({});
    mbs.createSpringDamper({ bodyNumbers: [oGround, b0], localPosition0: [2, 1, 0], localPosition1: [0, 0, 0], stiffness: 1e4, damping: 1e2 });
    return solvedCoordinateNorm(mbs);
  },
  // CSD: a mass point on a Cartesian spring-damper
  () => {
    const mbs = newSystem();
    const b0 = mbs.createMassPoint({ referencePosition: [7, 0, 0], physicsMass: 1, gravity: [0, -9.81, 0] });
    const oGround = mbs.createGround({});
    mbs.createCartesianSpringDamper({ bodyNumbers: [oGround, b0], localPosition0: [7.5, 1, 0], localPosition1: [0, 0, 0], stiffness: [200, 2000, 0], damping: [2, 20, 0] });
    return solvedCoordinateNorm(mbs);
  },
  // RJ: a pendulum on a revolute joint
  () => {
    const mbs = newSystem();
    const b0 = mbs.createRigidBody({ inertia: bar(), referencePosition: [3, 0, 0], gravity: [0, -9.81, 0] });
    const oGround = mbs.createGround({});
    mbs.createRevoluteJoint({ bodyNumbers: [oGround, b0], position: [2.5, 0, 0], axis: [0, 0, 1], useGlobalFrame: true });
    return solvedCoordinateNorm(mbs);
  },
  // PJ: a body on a vertical prismatic joint
  () => {
    const mbs = newSystem();
    const b0 = mbs.createRigidBody({ inertia: bar(), referencePosition: [4, 0, 0], initialVelocity: [0, 4, 0], gravity: [0, -9.81, 0] });
    const oGround = mbs.createGround({});
    mbs.createPrismaticJoint({ bodyNumbers: [oGround, b0], position: [3.5, 0, 0], axis: [0, 1, 0], useGlobalFrame: true });
    return solvedCoordinateNorm(mbs);
  },
  // SJ: a spinning body on a spherical joint
  () => {
    const mbs = newSystem();
    const b0 = mbs.createRigidBody({ inertia: bar(), referencePosition: [5, 0, 0], initialAngularVelocity: [5, 0, 0], gravity: [0, -9.81, 0] });
    const oGround = mbs.createGround({});
    mbs.createSphericalJoint({ bodyNumbers: [oGround, b0], position: [5.5, 0, 0], useGlobalFrame: true });
    return solvedCoordinateNorm(mbs);
  },
  // GJ: a universal joint (axes tilted by π/8 about x) with a global force and a body-fixed torque ramped by a user function
  () => {
    const mbs = newSystem();
    const b0 = mbs.createRigidBody({ inertia: bar(), referencePosition: [6, 0, 0], initialAngularVelocity: [0, 8, 0], gravity: [0, -9.81, 0] });
    const oGround = mbs.createGround({});
    mbs.createGenericJoint({ bodyNumbers: [oGround, b0], position: [5.5, 0, 0], constrainedAxes: [1, 1, 1, 1, 0, 0], rotationMatrixAxes: RotationMatrixX(0.125 * Math.PI), useGlobalFrame: true });
    mbs.createForce({ bodyNumber: b0, loadVector: [0, 20, 0], localPosition: [0.5, 0, 0] });
    mbs.createTorque({
      bodyNumber: b0, loadVector: [0, 0, 10], bodyFixed: true,
      loadVectorUserFunction: (_mbs, t, load) => load.map((value) => (t < 1 ? t * t : 1) * value),
    });
    return solvedCoordinateNorm(mbs);
  },
  // LinEig: linearized system and eigenvalues of a mass point on a spring-damper (ω² = 0, 0, 1e4)
  () => {
    const mbs = newSystem();
    const b0 = mbs.createMassPoint({ referencePosition: [2, 0, 0], initialVelocity: [0, 5, 0], physicsMass: 1, gravity: [0, -9.81, 0] });
    const oGround = mbs.createGround({});
    mbs.createSpringDamper({ bodyNumbers: [oGround, b0], localPosition0: [2, 1, 0], localPosition1: [0, 0, 0], stiffness: 1e4, damping: 1e2 });
    mbs.assemble();
    mbs.computeLinearizedSystem();
    const { values } = mbs.computeODE2Eigenvalues();
    return 1e-3 * Math.hypot(...values);
  },
  // DOF: degreeOfFreedom + redundantConstraints + nODE2 of a body on a universal joint (2 + 0 + 7)
  () => {
    const mbs = newSystem();
    const b0 = mbs.createRigidBody({ inertia: bar(), referencePosition: [6, 0, 0], initialAngularVelocity: [0, 8, 0], gravity: [0, -9.81, 0] });
    const oGround = mbs.createGround({});
    mbs.createGenericJoint({ bodyNumbers: [oGround, b0], position: [5.5, 0, 0], constrainedAxes: [1, 1, 1, 1, 0, 0], rotationMatrixAxes: RotationMatrixX(0.125 * Math.PI), useGlobalFrame: true });
    mbs.assemble();
    const result = mbs.computeSystemDegreeOfFreedom(new SimulationSettings(), { verbose: false });
    // the original sums the first three values of the result dictionary
    return Object.values(result).slice(0, 3).reduce((sum: number, value) => sum + (value as number), 0);
  },
  // DC: a rigid body hanging on a distance constraint, a mass point on a second one
  () => {
    const mbs = newSystem();
    const b0 = mbs.createRigidBody({ inertia: bar(), referencePosition: [6, 0, 0], gravity: [0, -9.81, 0] });
    const m1 = mbs.createMassPoint({ referencePosition: [5.5, -1, 0], physicsMass: 1 });
    const n1 = mbs.getObject(m1).nodeNumber as number;
    const oGround = mbs.createGround({});
    mbs.createDistanceConstraint({ bodyNumbers: [oGround, b0], localPosition0: [6.5, 1, 0], localPosition1: [0.5, 0, 0] });
    mbs.createDistanceConstraint({ bodyOrNodeList: [b0, { nodeNumber: n1 }], localPosition0: [-0.5, 0, 0], localPosition1: [0, 0, 0] });
    return solvedCoordinateNorm(mbs);
  },
];

/**
 * Exudyn's mainSystemExtensionsTests: the create helpers (mass point, rigid body, spring-dampers, joints, force and
 * torque, distance constraints) each in a short dynamic simulation, plus computeLinearizedSystem,
 * computeODE2Eigenvalues and computeSystemDegreeOfFreedom; the result is the sum of the parts' figures (‖q‖ at t = 2
 * for the simulations).
 */
export const mainSystemExtensionsTests: TestModel = {
  name: 'mainSystemExtensionsTests',
  reference: 57.64639446941554,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    return parts.reduce((sum, part) => sum + part(), 0);
  },
};
