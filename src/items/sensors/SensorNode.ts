import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { nodeIndex } from '../../registry/parameters.ts';
import { ItemOutputSensorModel, sensorOutputParameters } from './sensorBase.ts';
import { nodeRigidBodyEPDefinition } from '../nodes/NodeRigidBodyEP.ts';

const parameters = {
  nodeNumber: nodeIndex('Node to measure.'),
  ...sensorOutputParameters,
};

/** A sensor recording an output variable of a node. */
export const sensorNodeDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'Node',
  description: 'Records an output variable of a node (Position, Coordinates, …) every sensorsWritePeriod.',
  parameters,
  outputVariables: [],
  example: (mbs) => mbs.addSensor({ sensorType: 'Node', nodeNumber: nodeRigidBodyEPDefinition.example(mbs), outputVariableType: 'AngularVelocity', storeInternal: true }),
  create: (v, label) => new ItemOutputSensorModel(label, v, 'Node', v.nodeNumber, 'nodeNumber'),
};

/** Factory for a node sensor. */
export const SensorNode = makeFactory(sensorNodeDefinition);
