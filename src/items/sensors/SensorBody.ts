import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState } from '../../registry/capabilities.ts';
import { formatItemLabel, type ItemLabel } from '../../core/errors.ts';
import { objectIndex, vector } from '../../registry/parameters.ts';
import { OutputSensorModel, sensorOutputParameters, type SensorOutputValues } from './sensorBase.ts';
import { objectRigidBodyDefinition } from '../objects/ObjectRigidBody.ts';

const parameters = {
  bodyNumber: objectIndex('Body (object) to measure.'),
  localPosition: vector([0, 0, 0], 'Body-fixed position of the sensor.', 3, 'Vector3D'),
  ...sensorOutputParameters,
};

/** Run-time model of a body sensor: the body's output at a body-fixed point. */
class BodySensorModel extends OutputSensorModel {
  private readonly localPosition: Float64Array;
  /** The 3-vector the body writes its output into (the recorder copies it into the row at once). */
  private readonly values = new Float64Array(3);

  constructor(label: ItemLabel, values: SensorOutputValues, private readonly bodyNumber: number, localPosition: ArrayLike<number>) {
    super(label, values);
    this.localPosition = Float64Array.from(localPosition);
  }

  protected resolve(context: BindContext) {
    const body = context.body(this.bodyNumber, 'bodyNumber');
    const object = context.object(this.bodyNumber, 'bodyNumber');
    return {
      getter: (s: ItemState) => body.outputBody(this.variable, s, this.localPosition, this.values),
      itemName: formatItemLabel(object.label),
      answers: context.outputVariables('Object', this.bodyNumber),
    };
  }
}

/** A sensor recording an output variable of a body at a body-fixed local position. */
export const sensorBodyDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'Body',
  description: 'Records an output variable of a body (Position, Velocity, …) at the body-fixed point localPosition every sensorsWritePeriod.',
  parameters,
  outputVariables: [],
  example: (mbs) => mbs.addSensor({ sensorType: 'Body', bodyNumber: objectRigidBodyDefinition.example(mbs), localPosition: [0.1, 0.2, 0.3], outputVariableType: 'Velocity', storeInternal: true }),
  create: (v, label) => new BodySensorModel(label, v, v.bodyNumber, v.localPosition),
};

/** Factory for a body sensor. */
export const SensorBody = makeFactory(sensorBodyDefinition);
