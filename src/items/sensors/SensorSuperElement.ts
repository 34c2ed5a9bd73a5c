import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState } from '../../registry/capabilities.ts';
import { formatItemLabel, itemError, type ItemLabel } from '../../core/errors.ts';
import { int, objectIndex } from '../../registry/parameters.ts';
import { OutputSensorModel, sensorOutputParameters, type SensorOutputValues } from './sensorBase.ts';
import { objectFFRFDefinition } from '../objects/ObjectFFRF.ts';

const parameters = {
  bodyNumber: objectIndex('Super element (ObjectFFRF, ObjectFFRFreducedOrder, ObjectGenericODE2 of Point nodes) to measure.'),
  meshNodeNumber: int(-1, 'Mesh node number (0-based) within the super element; must be set (default −1: invalid).'),
  ...sensorOutputParameters,
};

/** Run-time model of a super-element sensor: a per-mesh-node output of a super element. */
class SuperElementSensorModel extends OutputSensorModel {
  constructor(label: ItemLabel, values: SensorOutputValues, private readonly bodyNumber: number, private readonly meshNode: number) {
    super(label, values);
  }

  protected resolve(context: BindContext) {
    const object = context.object(this.bodyNumber, 'bodyNumber');
    const se = object.superElement;
    if (se === undefined) {
      itemError(this.label, 'bodyNumber', `must refer to a super element (ObjectFFRF, ObjectFFRFreducedOrder, ObjectGenericODE2 of Point nodes), got ${object.label.category}${object.label.typeName} #${this.bodyNumber}`);
    }
    if (!(this.meshNode >= 0 && this.meshNode < se.meshNodeCount)) {
      itemError(this.label, 'meshNodeNumber', `must be a mesh node number of body #${this.bodyNumber} (0 … ${se.meshNodeCount - 1}), got ${this.meshNode}`);
    }
    const buffer = new Float64Array(6);
    return {
      getter: (s: ItemState) => {
        const count = se.meshNodeOutput(this.variable, s, this.meshNode, buffer);
        return count === 0 ? undefined : buffer.slice(0, count);
      },
      itemName: `the mesh nodes of ${formatItemLabel(object.label)}`,
      answers: se.meshNodeOutputVariables,
    };
  }
}

/** A sensor recording an output variable of one mesh node of a super element (Exudyn's SensorSuperElement). */
export const sensorSuperElementDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'SuperElement',
  description: 'Records a super-element output variable (Position, Displacement, Velocity, Acceleration, DisplacementLocal, VelocityLocal; '
    + 'StressLocal / StrainLocal with stress modes) of mesh node meshNodeNumber of a super element every sensorsWritePeriod.',
  parameters,
  outputVariables: [],
  example: (mbs) => mbs.addSensor({ sensorType: 'SuperElement', bodyNumber: objectFFRFDefinition.example(mbs), meshNodeNumber: 2, outputVariableType: 'Velocity', storeInternal: true }),
  create: (v, label) => new SuperElementSensorModel(label, v, v.bodyNumber, v.meshNodeNumber),
};

/** Factory for a super-element sensor. */
export const SensorSuperElement = makeFactory(sensorSuperElementDefinition);
