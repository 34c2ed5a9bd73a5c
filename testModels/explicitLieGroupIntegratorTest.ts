import {
  SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, ObjectGround, NodeRigidBodyRotVecLG, ObjectRigidBody,
  MarkerBodyPosition, Force, NodePointGround, MarkerNodeCoordinate, SensorNode, SensorBody, Skew, mat3Mul,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's explicitLieGroupIntegratorTest: a free rigid body with a rotation-vector Lie-group node
 * (heavy-top inertia about the node, force at [0, 1, 0]), integrated with ExplicitMidpoint, RK44, RK67
 * and DOPRI5 in the Lie algebra; sum of the final coordinate and position norms plus the DOPRI5 step count.
 */
export const explicitLieGroupIntegratorTest: TestModel = {
  name: 'explicitLieGroupIntegratorTest',
  reference: 0.16164013319819065,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const m = 15;
    const Jxx = 0.234375;
    const Jyy = 0.46875;
    const Jzz = 0.234375;
    const rp = [0, 1, 0];
    const rpt = Skew(rp);
    const Fg = [0, 0, -m * 9.81];
    const rpt2 = mat3Mul(rpt, rpt);
    const diagonal = [Jxx, Jyy, Jzz];
    const JFP = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? diagonal[i] : 0) - m * rpt2[i][j]));
    const omega0 = [0, 150, -4.61538];
    const p0 = [0, 0, 0];
    const v0 = [0, 0, 0];
    const rot0 = [0, 0, 0];
    const nRB = mbs.addNode(NodeRigidBodyRotVecLG({ referenceCoordinates: [...p0, ...rot0], initialVelocities: [...v0, ...omega0] }));
    const oRB = mbs.addObject(ObjectRigidBody({
      physicsMass: m,
      physicsInertia: [JFP[0][0], JFP[1][1], JFP[2][2], JFP[1][2], JFP[0][2], JFP[0][1]],
      nodeNumber: nRB,
    }));
    const mMassRB = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRB, localPosition: [0, 1, 0] }));
    mbs.addLoad(Force({ markerNumber: mMassRB, loadVector: Fg }));
    const nPG = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nPG, coordinate: 0 }));
    for (const coordinate of [0, 1, 2]) mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRB, coordinate }));
    mbs.addSensor(SensorNode({ nodeNumber: nRB, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Rotation }));
    mbs.addSensor(SensorNode({ nodeNumber: nRB, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    const sPos = mbs.addSensor(SensorBody({ bodyNumber: oRB, storeInternal: true, writeToFile: false, localPosition: rp, outputVariableType: OutputVariableType.Position }));
    const sCoords = mbs.addSensor(SensorNode({ nodeNumber: nRB, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Coordinates }));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.solutionSettings.sensorsWritePeriod = settings.timeIntegration.endTime / 2000;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.explicitIntegration.useLieGroupIntegration = true;
    const methods = [DynamicSolverType.ExplicitMidpoint, DynamicSolverType.RK44, DynamicSolverType.RK67, DynamicSolverType.DOPRI5];
    const normL2 = (v: ArrayLike<number>) => Math.hypot(...Array.from(v));
    let err = 0;
    for (const method of methods) {
      const h = 1e-3;
      const tEnd = 2;
      settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
      settings.timeIntegration.endTime = tEnd;
      settings.timeIntegration.absoluteTolerance = 1e-10;
      settings.timeIntegration.relativeTolerance = 0;
      const statistics = mbs.solveDynamic(settings, method);
      const pos = mbs.getSensorValues(sPos) as number[];
      const coords = mbs.getSensorValues(sCoords) as number[];
      err += normL2(coords) + normL2(pos);
      if (method === DynamicSolverType.DOPRI5) err += statistics.steps / 8517;
    }
    return err * 1e-3;
  },
};
