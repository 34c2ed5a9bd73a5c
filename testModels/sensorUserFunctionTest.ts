import { SystemContainer, SimulationSettings, OutputVariableType, NodePoint, MassPoint, SensorNode, SensorUserFunction, type SensorUserFunctionType } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's sensorUserFunctionTest: a free mass point starting at (1, 0, 0) with velocity (0, 1, 0); a user-function
 * sensor turns the position sensor's x, y into the polar angle in degrees (factor 180/π). After the default 1 s
 * (100 generalized-α steps) the point is at (1, 1, 0): 45°.
 */
export const sensorUserFunctionTest: TestModel = {
  name: 'sensorUserFunctionTest',
  reference: 45.0,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0], initialCoordinates: [0, 0, 0], initialVelocities: [0, 1, 0] }));
    mbs.addObject(MassPoint({ nodeNumber: node, physicsMass: 1 }));
    const sNode = mbs.addSensor(SensorNode({ nodeNumber: node, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    const polarAngle: SensorUserFunctionType = (system, _t, sensorNumbers, factors) => {
      const position = system.getSensorValues(sensorNumbers[0]);
      return [factors[0] * Math.atan2(position[1], position[0])];
    };
    const sUser = mbs.addSensor(SensorUserFunction({ sensorNumbers: [sNode], factors: [180 / Math.PI], storeInternal: true, writeToFile: false, sensorUserFunction: polarAngle }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveDynamic(settings);
    return mbs.getSensorValues(sUser)[0];
  },
};
