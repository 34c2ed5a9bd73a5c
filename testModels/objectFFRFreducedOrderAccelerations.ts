import { SystemContainer, OutputVariableType, SensorSuperElement, SensorNode } from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { buildRotorFFRFreducedOrder } from './objectFFRFreducedOrderTest.ts';
import { absSum, rotorSimulationSettings } from './ffrfRotor.ts';

/**
 * Exudyn's objectFFRFreducedOrderAccelerations: the rotor of objectFFRFreducedOrderTest with stiffness factor 6e-4, the FFRF
 * terms given by the interface's user functions (computeFFRFterms = false), 10 steps; result from the mesh-node acceleration
 * sensor.
 */
export const objectFFRFreducedOrderAccelerations: TestModel = {
  name: 'objectFFRFreducedOrderAccelerations',
  needsExudynData: true,
  reference: 0.1000057024588858,
  comparison: 'relative',
  tolerance: 1e-7,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const { objFFRF, nMid } = buildRotorFFRFreducedOrder(mbs, { stiffnessScale: 6e-4, sensorPoint: [0, 0.05, 0.25], userFunctions: true });
    for (const variable of [OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration, OutputVariableType.AngularVelocity]) {
      mbs.addSensor(SensorNode({ nodeNumber: objFFRF.nRigidBody, storeInternal: true, writeToFile: false, outputVariableType: variable }));
    }
    for (const variable of [OutputVariableType.Displacement, OutputVariableType.Velocity]) {
      mbs.addSensor(SensorSuperElement({ bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: variable }));
    }
    const sCMSacc = mbs.addSensor(SensorSuperElement({
      bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Acceleration,
    }));
    mbs.assemble();
    mbs.solveDynamic(rotorSimulationSettings(0.001));
    return absSum(mbs.getSensorStoredData(sCMSacc)) / (10 * 61576.266114362006);
  },
};
