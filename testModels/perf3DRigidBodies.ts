import {
  SystemContainer, SimulationSettings, InertiaCuboid, RotationMatrixX, RotationMatrixZ, mat3Mul, mat3MulVec, mat3TransposeMulVec,
  ObjectGround, MarkerBodyRigid, LinearSolverType, OutputVariableType, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Builds Exudyn's perf3DRigidBodies model: 400 cuboids (0.4 × 0.1 × 0.1 m, ρ = 1000) on Euler-parameter nodes, each
 * turned by Rx(0.01π)·Rz(0.02π) against its predecessor, joined end to end by revolute joints (createRevoluteJoint,
 * axis = the body's local z axis) and hanging from the ground, gravity +9.81 z. Returns the last body.
 */
export function buildPerf3DRigidBodies(mbs: MainSystem, nBodies = 400): number {
  const L = 0.4;
  const d = 0.1;
  const oGround = mbs.addObject(ObjectGround({ referencePosition: [-0.5 * L, 0, 0] }));
  mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
  const delta = 0.01 * Math.PI;
  const aList: number[][][] = [];
  const axisList: number[][] = [];
  let a = RotationMatrixX(0);
  for (let i = 0; i < nBodies; i++) {
    aList.push(a);
    axisList.push(mat3MulVec(a, [0, 0, 1]));
    a = mat3Mul(mat3Mul(a, RotationMatrixX(delta)), RotationMatrixZ(2 * delta));
  }
  const p0 = [0, 0, 0];
  const vLoc = [L, 0, 0];
  const g = [0, 0, 9.81];
  let aLast = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  let bodyLast = oGround;
  let oRB = -1;
  for (let i = 0; i < nBodies; i++) {
    const inertia = InertiaCuboid(1000, [L, d, d]);
    const half = mat3MulVec(aList[i], [0.5 * vLoc[0], 0.5 * vLoc[1], 0.5 * vLoc[2]]);
    for (let k = 0; k < 3; k++) p0[k] += half[k];
    oRB = mbs.createRigidBody({ inertia, referencePosition: [...p0], referenceRotationMatrix: aList[i], gravity: g });
    mbs.createRevoluteJoint({ bodyNumbers: [bodyLast, oRB], position: [0.5 * L, 0, 0], axis: mat3TransposeMulVec(aLast, axisList[i]), useGlobalFrame: false });
    bodyLast = oRB;
    for (let k = 0; k < 3; k++) p0[k] += half[k];
    aLast = aList[i];
  }
  return oRB;
}

/**
 * perf3DRigidBodies' settings for n steps of 1 ms (the script: 1000): generalized-α ρ∞ = 0.8 with initial accelerations,
 * index 3, modified Newton, EigenSparse, no solution file (the script's useGraphics = False branch), no progress output.
 */
export function perf3DRigidBodiesSettings(steps = 1000): SimulationSettings {
  const settings = new SimulationSettings();
  const h = 0.001;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.endTime = steps * h;
  settings.solutionSettings.solutionWritePeriod = 0.005;
  settings.solutionSettings.sensorsWritePeriod = 0.01;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.timeIntegration.verboseMode = 0;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
  settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  return settings;
}

/** perf3DRigidBodies' result: Σ|Displacement| + Σ|Rotation| of the last body's node. */
export function perf3DRigidBodiesResult(mbs: MainSystem, lastBody: number): number {
  const node = mbs.getObject(lastBody).nodeNumber as number;
  const u0 = mbs.getNodeOutput(node, OutputVariableType.Displacement);
  const rot0 = mbs.getNodeOutput(node, OutputVariableType.Rotation);
  let result = 0;
  for (let i = 0; i < 3; i++) result += Math.abs(u0[i]) + Math.abs(rot0[i]);
  return result;
}

/**
 * Exudyn's performance model perf3DRigidBodies: {@link buildPerf3DRigidBodies}' chain of 400 bodies (2 800 ODE2
 * coordinates, 2 400 constraint equations) over 1 s in 1 000 steps with {@link perf3DRigidBodiesSettings}, the script's
 * progress output (verboseMode 1) and statistics; its displayComputationTime (a timing printout) has no setting here,
 * and its 4 threads (parallel.numberOfThreads) none either: the solve is single-threaded. The result is
 * {@link perf3DRigidBodiesResult}. Exudyn's performance suite (runPerformanceTests.py) compares with 1e-10 absolute;
 * the result is 1.2e-13 from the reference (modified Newton to the same tolerances, sparse LU instead of Eigen's), so
 * that tolerance holds as it is. A long model (`long`): it runs in `npm run testmodels:long` (.ci/run), not in `npm test`.
 */
export const perf3DRigidBodies: TestModel = {
  name: 'perf3DRigidBodies',
  reference: 5.307943301446709,
  comparison: 'absolute',
  tolerance: 1e-10,
  long: true,
  run() {
    const mbs = new SystemContainer().addSystem();
    const last = buildPerf3DRigidBodies(mbs);
    mbs.assemble();
    const settings = perf3DRigidBodiesSettings(1000);
    settings.timeIntegration.verboseMode = 1;
    settings.displayStatistics = true;
    mbs.solveDynamic(settings);
    return perf3DRigidBodiesResult(mbs, last);
  },
};
