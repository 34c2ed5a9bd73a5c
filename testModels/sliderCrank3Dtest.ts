import {
  SystemContainer, SimulationSettings, NodeType, RigidBodyInertia, GramSchmidt, cross3, MarkerBodyRigid, ObjectJointGeneric,
  OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's sliderCrank3Dtest: the IFToMM spatial slider-crank benchmark (Euler-parameter bodies, generic joints, index 2). */
export const sliderCrank3Dtest: TestModel = {
  name: 'sliderCrank3Dtest',
  reference: 3.3642761780921897,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const g = [0, 0, -9.81];
    const lAB = 0.08;
    const lBC = 0.3;
    const omega0 = [6, 0, 0];
    const v1Init = [1.2e-01, -2.400e-01, 0];
    const omega1Init = [1.6941176470530785, -0.8470588235366621, 0.705882352947701];
    const v2Init = [0.24, 0, 0];
    const zA = 0.12;
    const yA = 0.1;
    const xD = Math.sqrt(lBC ** 2 - yA ** 2 - (zA + lAB) ** 2);
    const pA = [0, yA, zA];
    const pB = [0 + 0, yA + 0, zA + lAB];
    const pC = [xD, 0, 0];
    const vCB = [pC[0] - pB[0], pC[1] - pB[1], pC[2] - pB[2]];
    const [xAxis1, zAxis1] = GramSchmidt(vCB, pA);
    const yAxis1 = cross3(xAxis1, zAxis1).map((x) => -x);
    const rotMatBC = [0, 1, 2].map((i) => [xAxis1[i], yAxis1[i], zAxis1[i]]);
    const mAB = 0.12;
    const mBC = 0.5;
    const mSlider = 2;
    const iAB = [[0.0001, 0, 0], [0, 0.00001, 0], [0, 0, 0.0001]];
    const iSlider = [[0.0001, 0, 0], [0, 0.0001, 0], [0, 0, 0.0001]];
    const iBC = [[0.0004, 0, 0], [0, 0.004, 0], [0, 0, 0.004]];
    const inertiaAB = new RigidBodyInertia({ mass: mAB, inertiaTensor: iAB });
    const inertiaBC = new RigidBodyInertia({ mass: mBC, inertiaTensor: iBC });
    const inertiaSlider = new RigidBodyInertia({ mass: mSlider, inertiaTensor: iSlider });
    const nodeType = NodeType.RotationEulerParameters;

    const dict0 = mbs.createRigidBody({ referencePosition: pA, initialAngularVelocity: omega0, inertia: inertiaAB, gravity: g, nodeType, returnDict: true });
    const [n0, b0] = [dict0.nodeNumber, dict0.bodyNumber];
    const pBC = [0.5 * (pB[0] + pC[0]), 0.5 * (pB[1] + pC[1]), 0.5 * (pB[2] + pC[2])];
    const dict1 = mbs.createRigidBody({
      referencePosition: pBC, referenceRotationMatrix: rotMatBC, initialVelocity: v1Init, initialAngularVelocity: omega1Init,
      inertia: inertiaBC, gravity: g, nodeType, returnDict: true,
    });
    const [n1, b1] = [dict1.nodeNumber, dict1.bodyNumber];
    const dict2 = mbs.createRigidBody({ referencePosition: pC, initialVelocity: v2Init, inertia: inertiaSlider, nodeType, returnDict: true });
    const b2 = dict2.bodyNumber;
    const oGround = mbs.createGround();
    const markerGroundA = mbs.addMarker(MarkerBodyRigid({ name: 'markerGroundA', bodyNumber: oGround, localPosition: pA }));
    const markerGroundD = mbs.addMarker(MarkerBodyRigid({ name: 'markerGroundD', bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const markerCrankA = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b0 }));
    const markerCrankB = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b0, localPosition: [0, 0, lAB] }));
    const markerConrodB = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b1, localPosition: [-0.5 * lBC, 0, 0] }));
    const markerConrodC = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b1, localPosition: [0.5 * lBC, 0, 0] }));
    const markerSlider = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b2 }));
    mbs.addObject(ObjectJointGeneric({ markerNumbers: [markerGroundA, markerCrankA], constrainedAxes: [1, 1, 1, 0, 1, 1] }));
    mbs.addObject(ObjectJointGeneric({ markerNumbers: [markerGroundD, markerSlider], constrainedAxes: [0, 1, 1, 1, 1, 1] }));
    mbs.addObject(ObjectJointGeneric({ markerNumbers: [markerCrankB, markerConrodB], constrainedAxes: [1, 1, 1, 0, 0, 0] }));
    mbs.addObject(ObjectJointGeneric({ markerNumbers: [markerSlider, markerConrodC], constrainedAxes: [1, 1, 1, 0, 0, 1] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const outputFact = 1000;
    settings.timeIntegration.numberOfSteps = 1000;
    settings.timeIntegration.endTime = 0.2;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / outputFact;
    settings.solutionSettings.sensorsWritePeriod = settings.timeIntegration.endTime / outputFact;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
    mbs.solveDynamic(settings);
    // Exudyn sums |sol[i] + solref[i]| over the first 14 ODE2 coordinates: the total coordinates of crank and conrod
    const total = [...mbs.getNodeOutput(n0, OutputVariableType.CoordinatesTotal), ...mbs.getNodeOutput(n1, OutputVariableType.CoordinatesTotal)];
    let u = 0;
    for (let i = 0; i < 14; i++) u += Math.abs(total[i]);
    return u;
  },
};
