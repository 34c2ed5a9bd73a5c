import {
  SystemContainer, SimulationSettings, InertiaCuboid, RotationMatrixY, RotationMatrixZ, LinearSolverType, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Builds Bricard's mechanism: five cuboid links (L = 1, 0.1 × 0.1 cross-section, density 100, the node at one end)
 * and the ground closing a loop through six hinges at the corners of a unit cube path, axes alternating y, z, x;
 * five revolute joints and, at the ground, a GenericJoint with its rotation about x free. 35 ODE2 coordinates
 * (Euler parameters) and 35 algebraic equations, one of them redundant: a single degree of freedom that Grübler's
 * count (0) misses. The links fall under gravity −9.81 y.
 */
export function buildBricardMechanism(mbs: MainSystem): void {
  const L = 1, r = 0.1;
  const inertia = InertiaCuboid({ density: 100, sideLengths: [L, r, r] }).translated([L * 0.5, 0, 0]);
  const points = [[0, 0, 0], [L, 0, 0], [L, -L, 0], [L, -L, L], [0, -L, L], [0, 0, L]];
  const rotations = [[[1, 0, 0], [0, 1, 0], [0, 0, 1]], RotationMatrixZ(-0.5 * Math.PI), RotationMatrixY(-0.5 * Math.PI), RotationMatrixZ(Math.PI), RotationMatrixZ(0.5 * Math.PI)];
  const axes = [[0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0]];
  const oGround = mbs.createGround({});
  let previous = oGround;
  points.forEach((p, i) => {
    const body = i !== 5 ? mbs.createRigidBody({ inertia, referencePosition: p, referenceRotationMatrix: rotations[i], gravity: [0, -9.81, 0] }) : oGround;
    if (i !== 5) mbs.createRevoluteJoint({ bodyNumbers: [previous, body], position: p, axis: axes[i] });
    else mbs.createGenericJoint({ bodyNumbers: [previous, body], position: p, constrainedAxes: [1, 1, 1, 0, 1, 1] });
    previous = body;
  });
}

/**
 * Exudyn's bricardMechanism: the degree of freedom (1) and redundant constraints (1) of Bricard's overconstrained
 * mechanism, its lowest eigenvalue (≈ 0, the mechanism mode), and 1 s of motion under gravity, which needs the
 * rank-revealing solver (EigenDense with linearSolverSettings.ignoreSingularJacobian) for the redundant constraint.
 * Result: ‖q‖ at t = 1 + degreeOfFreedom + redundantConstraints + the first eigenvalue.
 */
export const bricardMechanism: TestModel = {
  name: 'bricardMechanism',
  reference: 4.172189649307425,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const mbs = new SystemContainer().addSystem();
    buildBricardMechanism(mbs);
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.solutionWritePeriod = 0.02;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.numberOfSteps = 1000;
    settings.timeIntegration.endTime = 1;
    settings.timeIntegration.verboseMode = 1;
    settings.displayStatistics = true;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.newton.relativeTolerance = 1e-6;
    settings.linearSolverType = LinearSolverType.EigenDense;
    settings.linearSolverSettings.ignoreSingularJacobian = true;
    const dof = mbs.computeSystemDegreeOfFreedom();
    const { values } = mbs.computeODE2Eigenvalues();
    mbs.solveDynamic(settings);
    return Math.hypot(...mbs.systemData.getODE2Coordinates()) + dof.degreeOfFreedom + dof.redundantConstraints + values[0];
  },
};
