import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { objectIndex } from '../../registry/parameters.ts';
import { ItemOutputSensorModel, sensorOutputParameters } from './sensorBase.ts';
import { objectConnectorSpringDamperDefinition } from '../objects/ObjectConnectorSpringDamper.ts';

const parameters = {
  objectNumber: objectIndex('Object (connector, constraint or body) to measure.'),
  ...sensorOutputParameters,
};

/** A sensor recording an output variable of an object, e.g. the force of a connector. */
export const sensorObjectDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'Object',
  description: 'Records an output variable of an object (connector Force, Displacement, …; for bodies the output at the body origin) every sensorsWritePeriod.',
  parameters,
  outputVariables: [],
  example: (mbs) => mbs.addSensor({ sensorType: 'Object', objectNumber: objectConnectorSpringDamperDefinition.example(mbs), outputVariableType: 'Force', storeInternal: true }),
  create: (v, label) => new ItemOutputSensorModel(label, v, 'Object', v.objectNumber, 'objectNumber'),
};

/** Factory for an object sensor. */
export const SensorObject = makeFactory(sensorObjectDefinition);
