import {
  SystemContainer, SimulationSettings, NodePointGround, NodeGenericData, MarkerNodeRigid, MarkerBodyRigid, ObjectContactSphereSphere,
  SpringDamper, OutputVariableType, InertiaSphere, SensorBody, SensorObject,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's contactSphereSphereTestEAPM: the adhesive elasto-plastic model (impactModel 0) of ContactSphereSphere. A rigid
 * sphere (r = 0.1, m = 1.6, no gravity) touching a fixed sphere (gap 0 at the start) is pressed 2 mm into it and pulled
 * back within T = 1 s by a spring (k = 1e5, user function) to a prescribed position; contact k = 1e5 with exponent 2,
 * d = 0.001, plasticity ratio 0.6, pull-off force 0.01, adhesion coefficient 4e4 with exponent 2. Generalized-α with
 * ρ∞ = 1 and modified Newton, h = 2e-5 (50000 steps). The result is the sphere's final y coordinate.
 */
export const contactSphereSphereTestEAPM: TestModel = {
  name: 'contactSphereSphereTestEAPM',
  reference: 0.20000219249662216,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const T = 1;
    const stepSize = 2e-5;
    const radius = 0.1;
    const mass = 1.6;
    const yInit = 2 * radius;

    mbs.createGround({ referencePosition: [0, 0, 0] });
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGround = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nGround }));
    const { bodyNumber: massPoint, nodeNumber: nMassPoint } = mbs.createRigidBody({
      referencePosition: [0, yInit, 0], initialVelocity: [0, 0, 0], inertia: InertiaSphere(mass, radius), gravity: [0, 0, 0], returnDict: true,
    });
    const mMass = mbs.addMarker(MarkerBodyRigid({ bodyNumber: massPoint }));

    const tMove = T / 2;
    const dMove = 0.002;
    mbs.addObject(SpringDamper({
      markerNumbers: [mGround, mMass], referenceLength: 0,
      springForceUserFunction: (_mbs, t, _itemNumber, u) => {
        const setPosition = t < tMove ? 2 * radius - (dMove / tMove) * t : 2 * radius - dMove + (dMove / tMove) * (t - tMove);
        return (u - setPosition) * 1e5;
      },
    }));
    const nData = mbs.addNode(NodeGenericData({ initialCoordinates: [0, 0, 0, 0], numberOfDataCoordinates: 4 }));
    const oSSC = mbs.addObject(ObjectContactSphereSphere({
      markerNumbers: [mGround, mMass], nodeNumber: nData, spheresRadii: [radius, radius], impactModel: 0, contactStiffness: 1e5,
      contactStiffnessExponent: 2, contactDamping: 0.001, contactPlasticityRatio: 0.6, constantPullOffForce: 0.01,
      adhesionCoefficient: 4e4, adhesionExponent: 2,
    }));
    mbs.addSensor(SensorBody({ bodyNumber: massPoint, outputVariableType: OutputVariableType.Position, writeToFile: false, storeInternal: true }));
    mbs.addSensor(SensorBody({ bodyNumber: massPoint, outputVariableType: OutputVariableType.Velocity, writeToFile: false, storeInternal: true }));
    mbs.addSensor(SensorObject({ objectNumber: oSSC, outputVariableType: OutputVariableType.DisplacementLocal, writeToFile: false, storeInternal: true }));
    mbs.addSensor(SensorObject({ objectNumber: oSSC, outputVariableType: OutputVariableType.Force, writeToFile: false, storeInternal: true }));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = Math.trunc(T / stepSize);
    settings.solutionSettings.sensorsWritePeriod = stepSize;
    settings.timeIntegration.endTime = T;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    return mbs.getNodeOutput(nMassPoint, OutputVariableType.CoordinatesTotal)[1];
  },
};
