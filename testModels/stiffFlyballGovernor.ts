import {
  SystemContainer, SimulationSettings, NodeType, MainSolverImplicitSecondOrder, ObjectGround, InertiaCuboid, InertiaMassPoint, RotationVector2RotationMatrix,
  MarkerBodyRigid, RigidBodySpringDamper, SpringDamper, SensorNode, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { lieGroupExplicitRKInitialize, userFunctionNewtonLieGroupRK4 } from './lieGroupIntegration.ts';

/** diag(values) as a 6×6 matrix. */
function diag6(values: readonly number[]): number[][] {
  return values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));
}

/**
 * Exudyn's stiffFlyballGovernor: a flyball governor of four rotation-vector (Lie-group) rigid bodies on stiff
 * RigidBodySpringDampers, stepped as Exudyn does with the Python Lie-group RK4 (UserFunctionNewtonLieGroupRK4,
 * testModels/lieGroupIntegration.ts) as the user Newton function of a MainSolverImplicitSecondOrder.
 * Result: y-velocity of rod AC's reference point after 20 steps of 5e-5 s.
 */
export const stiffFlyballGovernor: TestModel = {
  name: 'stiffFlyballGovernor',
  reference: 0.8962488779114738,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const lengthShaft = 1;
    const widthShaft = 0.01;
    const lengthRod = 1;
    const widthRod = 0.01;
    const dimSlider = 0.1;
    const sSlider = 0.5;
    const xAB = 0.1;
    const beta0 = 30 * Math.PI / 180;
    const omega0 = [0, 0, 0.16 * 2 * Math.PI];
    const density = 3000;
    const mMassPoint = 5;
    const g = [0, 0, -9.81];
    const iRod = InertiaCuboid({ density, sideLengths: [lengthRod, widthRod, 0.01] });
    const iMass = InertiaMassPoint({ mass: mMassPoint }).translated([lengthRod / 2, 0, 0]);
    let iRodSum = iRod.plus(iMass);
    const refRod = iRodSum.com.map((c) => -c);
    iRodSum = iRodSum.translated(refRod);
    const nodeType = NodeType.RotationRotationVector;
    const nRigidBodyNodes = 4;
    const inertiaList = [
      InertiaCuboid({ density, sideLengths: [widthShaft, widthShaft, lengthShaft] }),
      InertiaCuboid({ density, sideLengths: [dimSlider, dimSlider, dimSlider] }),
      iRodSum, iRodSum,
    ];
    const refPosList = [
      [0, 0, lengthShaft / 2],
      [0, 0, sSlider],
      [xAB / 2 + (lengthRod / 2 - refRod[0]) * Math.cos(beta0), 0, lengthShaft - (lengthRod / 2 - refRod[0]) * Math.sin(beta0)],
      [-xAB / 2 - (lengthRod / 2 - refRod[0]) * Math.cos(beta0), 0, lengthShaft - (lengthRod / 2 - refRod[0]) * Math.sin(beta0)],
    ];
    const refVelList = [[0, 0, 0], [0, 0, 0], [0, omega0[2] * refPosList[2][0], 0], [0, omega0[2] * refPosList[3][0], 0]];
    const refAngularVelList = [omega0, omega0, omega0, omega0];
    const refRotParList = [[0, 0, 0], [0, 0, 0], [0, beta0, 0], [0, -beta0, 0]];
    const refRotMatList = refRotParList.map((v) => RotationVector2RotationMatrix(v));
    const nodeNumberList: number[] = [];
    const bodyNumberList: number[] = [];
    for (let i = 0; i < nRigidBodyNodes; i++) {
      const result0 = mbs.createRigidBody({
        referencePosition: refPosList[i], initialVelocity: refVelList[i], initialAngularVelocity: refAngularVelList[i],
        inertia: inertiaList[i], gravity: g, nodeType, referenceRotationMatrix: refRotMatList[i], returnDict: true,
      });
      nodeNumberList.push(result0.nodeNumber);
      bodyNumberList.push(result0.bodyNumber);
    }
    const k = 8.e5 * 0.005;
    const l0 = 0.5;
    const c = 4.e4 * 0.005;
    const pointEslider = [dimSlider / 2, 0, 0];
    const pointFslider = [-dimSlider / 2, 0, 0];
    const connectingPointRodACWithSlider = [refRod[0], 0, 0];
    const connectingPointRodBDWithSlider = [-refRod[0], 0, 0];
    const pointA = [xAB / 2, 0, lengthShaft / 2];
    const pointB = [-xAB / 2, 0, lengthShaft / 2];
    const pointARodAC = [-(lengthRod / 2 - refRod[0]), 0, 0];
    const pointARodBD = [(lengthRod / 2 - refRod[0]), 0, 0];
    const connectingPointShaftWithGround = [0, 0, -lengthShaft / 2];
    const marker = (name: string, body: number, localPosition: number[]) => mbs.addMarker(MarkerBodyRigid({ name, bodyNumber: body, localPosition }));
    const markerShaftCOM = marker('markerShaftCOM', bodyNumberList[0], [0, 0, 0]);
    const markerShaftGround = marker('markerShaftGround', bodyNumberList[0], connectingPointShaftWithGround);
    const markerShaftPointA = marker('markerShaftPointA', bodyNumberList[0], pointA);
    const markerShaftPointB = marker('markerShaftPointB', bodyNumberList[0], pointB);
    const markerSliderCOM = marker('markerSliderCOM', bodyNumberList[1], [0, 0, 0]);
    const markerSliderPointE = marker('markerSliderPointE', bodyNumberList[1], pointEslider);
    const markerSliderPointF = marker('markerSliderPointF', bodyNumberList[1], pointFslider);
    const markerRodACShaft = marker('markerRodACShaft', bodyNumberList[2], pointARodAC);
    const markerRodACSlider = marker('markerRodACSlider', bodyNumberList[2], connectingPointRodACWithSlider);
    const markerRodBDShaft = marker('markerRodBDShaft', bodyNumberList[3], pointARodBD);
    const markerRodBDSlider = marker('markerRodBDSlider', bodyNumberList[3], connectingPointRodBDWithSlider);
    const oGround = mbs.addObject(ObjectGround({}));
    const markerGround = marker('markerGround', oGround, [0, 0, 0]);
    const kj = 1e5 * 0.2;
    const dj = kj * 0.05;
    const kj2 = kj * 0.05;
    const dj2 = kj2 * 0.05;
    mbs.addObject(RigidBodySpringDamper({ markerNumbers: [markerGround, markerShaftGround], stiffness: diag6([kj, kj, kj, kj2, kj2, 0]), damping: diag6([dj, dj, dj, dj2, dj2, 0]) }));
    mbs.addObject(RigidBodySpringDamper({ markerNumbers: [markerShaftCOM, markerSliderCOM], stiffness: diag6([kj, kj, 0, kj2, kj2, kj2]), damping: diag6([0, 0, 0, 0, 0, 0]) }));
    mbs.addObject(RigidBodySpringDamper({ markerNumbers: [markerShaftPointA, markerRodACShaft], stiffness: diag6([kj, kj, kj, kj2, 0, kj2]), damping: diag6([0, 0, 0, 0, 0, 0]) }));
    mbs.addObject(RigidBodySpringDamper({ markerNumbers: [markerShaftPointB, markerRodBDShaft], stiffness: diag6([kj, kj, kj, kj2, 0, kj2]), damping: diag6([0, 0, 0, 0, 0, 0]) }));
    mbs.addObject(SpringDamper({ markerNumbers: [markerSliderPointE, markerRodACSlider], stiffness: k, damping: c, referenceLength: l0 }));
    mbs.addObject(SpringDamper({ markerNumbers: [markerSliderPointF, markerRodBDSlider], stiffness: k, damping: c, referenceLength: l0 }));
    mbs.addSensor(SensorNode({ nodeNumber: nodeNumberList[1], storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    mbs.addSensor(SensorNode({ nodeNumber: nodeNumberList[2], storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Rotation }));
    mbs.addSensor(SensorNode({ nodeNumber: nodeNumberList[0], storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const fact = 20;
    settings.timeIntegration.numberOfSteps = fact;
    settings.timeIntegration.endTime = 5e-5 * fact;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    settings.timeIntegration.verboseMode = 1;
    settings.solutionSettings.sensorsWritePeriod = settings.timeIntegration.endTime / 2000;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / 2000;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
    const lieGroup = lieGroupExplicitRKInitialize(mbs);
    const dynamicSolver = new MainSolverImplicitSecondOrder();
    dynamicSolver.setUserFunctionNewton(mbs, (solver, system) => userFunctionNewtonLieGroupRK4(solver, system, lieGroup));
    dynamicSolver.solveSystem(mbs, settings);
    return mbs.getNodeOutput(nodeNumberList[2], OutputVariableType.Velocity)[1];
  },
};
