import { SystemContainer, SimulationSettings, OutputVariableType, SensorBody, type ObjectIndex } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's deleteItemsTest: a chain of three mass points (0.5 kg, 0.25 m apart along x, initial velocity 0.5 m/s
 * downwards, gravity) hung from the ground by distance constraints; then the first joint, the second joint, the first
 * sensor, the first gravity load and the first mass point are deleted (joints with their markers, the load with its
 * marker, the body with its node), every later index moving down by one, and the second mass is tied to the ground
 * again. What remains is a double pendulum of the second and third mass; the result is the sum of the last sensor's
 * position (third mass) after 0.5 s, 250 generalized-α steps as in the original.
 */
export const deleteItemsTest: TestModel = {
  name: 'deleteItemsTest',
  reference: -0.9860528006518329,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const oGround = mbs.createGround();
    const nMasses = 3, mass = 0.5, length = 0.25, gravity = 9.81, initialVelocity = 0.5;
    const bodyNumbers: ObjectIndex[] = [];
    const loadNumbers: number[] = [];
    const jointNumbers: ObjectIndex[] = [];
    const sensorNumbers: number[] = [];
    let lastBody = oGround;
    for (let i = 0; i < nMasses; i++) {
      const created = mbs.createMassPoint({
        referencePosition: [length * (i + 1), 0, 0], initialVelocity: [0, -initialVelocity, 0], physicsMass: mass, gravity: [0, -gravity, 0], returnDict: true,
      });
      bodyNumbers.push(created.bodyNumber);
      loadNumbers.push(created.loadNumber!);
      jointNumbers.push(mbs.createDistanceConstraint({ bodyNumbers: [lastBody, created.bodyNumber] }));
      lastBody = created.bodyNumber;
      sensorNumbers.push(mbs.addSensor(SensorBody({ bodyNumber: lastBody, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position })));
    }

    mbs.deleteObject(jointNumbers[0], { suppressWarnings: false }); // with its markers
    mbs.deleteObject(jointNumbers[1] - 1, { suppressWarnings: false }); // the second joint moved down by one
    mbs.deleteSensor(sensorNumbers[0], { suppressWarnings: false });
    mbs.deleteLoad(loadNumbers[0], { suppressWarnings: false }); // with its marker
    mbs.deleteObject(bodyNumbers[0], { suppressWarnings: false }); // with its node
    // bodyNumbers[0] is now the second mass point
    mbs.createDistanceConstraint({ bodyNumbers: [oGround, bodyNumbers[0]] });
    mbs.assemble();

    const tEnd = 0.5, stepSize = 0.002;
    const settings = new SimulationSettings();
    settings.solutionSettings.sensorsWritePeriod = 1e-2;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
    settings.timeIntegration.endTime = tEnd;
    mbs.solveDynamic(settings);
    return mbs.getSensorValues(mbs.numberOfSensors - 1).reduce((sum, x) => sum + x, 0);
  },
};
