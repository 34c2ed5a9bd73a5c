import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState } from '../../registry/capabilities.ts';
import { formatItemLabel, type ItemLabel } from '../../core/errors.ts';
import { objectIndex } from '../../registry/parameters.ts';
import { OutputSensorModel, sensorOutputParameters, type SensorOutputValues } from './sensorBase.ts';

const parameters = {
  objectNumber: objectIndex('Object (connector, constraint or body) to measure.'),
  ...sensorOutputParameters,
};

/** Run-time model of an object sensor: the object's output variable (no local position). */
class ObjectSensorModel extends OutputSensorModel {
  constructor(label: ItemLabel, values: SensorOutputValues, private readonly objectNumber: number) {
    super(label, values);
  }

  protected resolve(context: BindContext) {
    const object = context.object(this.objectNumber, 'objectNumber');
    return {
      getter: (s: ItemState) => object.output(this.variable, s),
      itemName: formatItemLabel(object.label),
      answers: context.outputVariables('Object', this.objectNumber),
    };
  }
}

/** A sensor recording an output variable of an object, e.g. the force of a connector. */
export const sensorObjectDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'Object',
  description: 'Records an output variable of an object (connector Force, Displacement, …; for bodies the output at the body origin) every sensorsWritePeriod.',
  parameters,
  outputVariables: [],
  create: (v, label) => new ObjectSensorModel(label, v, v.objectNumber),
};

/** Factory for an object sensor. */
export const SensorObject = makeFactory(sensorObjectDefinition);
