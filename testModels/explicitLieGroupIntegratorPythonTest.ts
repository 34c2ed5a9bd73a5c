import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, NodeRigidBodyRotVecLG, ObjectRigidBody, MarkerBodyPosition,
  Force, NodePointGround, MarkerNodeCoordinate, CoordinateConstraint, MainSolverImplicitSecondOrder, Skew, mat3Mul,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { lieGroupExplicitRKInitialize, userFunctionNewtonLieGroupRK4 } from './lieGroupIntegration.ts';

/**
 * Exudyn's explicitLieGroupIntegratorPythonTest: the heavy top of explicitLieGroupIntegratorTest (a NodeRigidBodyRotVecLG
 * body with the inertia about the fixed point, force [0, 0, −m g] at [0, 1, 0], translations fixed by three
 * CoordinateConstraints) integrated by a Lie-group RK4 written by the user (Exudyn's Python module
 * exudyn.lieGroupIntegration: LieGroupExplicitRKInitialize, UserFunctionNewtonLieGroupRK4) as the user Newton function
 * of a MainSolverImplicitSecondOrder (testModels/lieGroupIntegration.ts).
 * 400 steps to 0.01 s; the result is the y component of the angular velocity.
 */
export const explicitLieGroupIntegratorPythonTest: TestModel = {
  name: 'explicitLieGroupIntegratorPythonTest',
  reference: 149.8473939540758,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const m = 15;
    const diagonal = [0.234375, 0.46875, 0.234375];
    const rp = [0, 1, 0];
    const rpt2 = mat3Mul(Skew(rp), Skew(rp));
    const JFP = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? diagonal[i] : 0) - m * rpt2[i][j]));
    const omega0 = [0, 150, -4.61538];
    const nRB = mbs.addNode(NodeRigidBodyRotVecLG({ referenceCoordinates: [0, 0, 0, 0, 0, 0], initialVelocities: [0, 0, 0, ...omega0] }));
    const oRB = mbs.addObject(ObjectRigidBody({
      physicsMass: m, physicsInertia: [JFP[0][0], JFP[1][1], JFP[2][2], JFP[1][2], JFP[0][2], JFP[0][1]], nodeNumber: nRB,
    }));
    mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRB, localPosition: [0, 1, 0] })), loadVector: [0, 0, -m * 9.81] }));
    const nPG = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mCground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nPG, coordinate: 0 }));
    for (const coordinate of [0, 1, 2]) {
      mbs.addObject(CoordinateConstraint({ markerNumbers: [mCground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRB, coordinate }))] }));
    }
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 400;
    settings.timeIntegration.endTime = 0.01;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    settings.timeIntegration.verboseMode = 1;
    settings.solutionSettings.sensorsWritePeriod = settings.timeIntegration.endTime / 2000;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;

    const lieGroup = lieGroupExplicitRKInitialize(mbs);
    const dynamicSolver = new MainSolverImplicitSecondOrder();
    dynamicSolver.setUserFunctionNewton(mbs, (solver, system) => userFunctionNewtonLieGroupRK4(solver, system, lieGroup));
    dynamicSolver.solveSystem(mbs, settings);
    return mbs.getNodeOutput(nRB, OutputVariableType.AngularVelocity)[1];
  },
};
