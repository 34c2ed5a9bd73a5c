import { SystemContainer, OutputVariableType, SensorSuperElement, SensorNode } from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { buildRotorFFRFreducedOrder } from './objectFFRFreducedOrderTest.ts';
import { absSum, rotorSimulationSettings } from './ffrfRotor.ts';

/**
 * Exudyn's performance model perfObjectFFRFreducedOrder: the rotor of objectFFRFreducedOrderTest (rotorDiscTest from
 * Exudyn's test data, stiffness × 1e-2, 8 modes) over 2 s in 20 000 steps of 0.1 ms, generalized-α ρ∞ = 0.5 with modified
 * Newton; two sensors stored every 0.1 s (the mid node's displacement, the reference frame's angular velocity), no
 * solution file, progress output and statistics (the script's displayComputationTime, a timing printout, has no setting
 * here). The result is Σ|entries| of the displacement sensor's rows, time column included (numpy's abs(data).sum()).
 * Exudyn's performance suite compares with 1e-10 absolute; the result is 1.5e-11 from the reference, so that tolerance
 * holds as it is. It reads Exudyn's test data (`needsExudynData`): it runs in `npm run test:exudyn-data` (.ci/run), in
 * about a second.
 */
export const perfObjectFFRFreducedOrder: TestModel = {
  name: 'perfObjectFFRFreducedOrder',
  needsExudynData: true,
  reference: 21.00863102425483,
  comparison: 'absolute',
  tolerance: 1e-10,
  run() {
    const mbs = new SystemContainer().addSystem();
    const { objFFRF, nMid } = buildRotorFFRFreducedOrder(mbs, { stiffnessScale: 1e-2, sensorPoint: [0, 0, 0.25] });
    const sDisp = mbs.addSensor(SensorSuperElement({
      bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement,
    }));
    mbs.addSensor(SensorNode({ nodeNumber: objFFRF.nRigidBody, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    mbs.assemble();
    const settings = rotorSimulationSettings(2);
    settings.solutionSettings.solutionWritePeriod = 0.1;
    settings.solutionSettings.sensorsWritePeriod = 0.1;
    settings.timeIntegration.verboseMode = 1;
    settings.displayStatistics = true;
    mbs.solveDynamic(settings);
    return absSum(mbs.getSensorStoredData(sDisp));
  },
};
