import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState } from '../../registry/capabilities.ts';
import { formatItemLabel, type ItemLabel } from '../../core/errors.ts';
import { nodeIndex } from '../../registry/parameters.ts';
import { OutputSensorModel, sensorOutputParameters, type SensorOutputValues } from './sensorBase.ts';

const parameters = {
  nodeNumber: nodeIndex('Node to measure.'),
  ...sensorOutputParameters,
};

/** Run-time model of a node sensor. */
class NodeSensorModel extends OutputSensorModel {
  constructor(label: ItemLabel, values: SensorOutputValues, private readonly nodeNumber: number) {
    super(label, values);
  }

  protected resolve(context: BindContext) {
    const node = context.node(this.nodeNumber, 'nodeNumber');
    return {
      getter: (s: ItemState) => node.output(this.variable, s),
      itemName: formatItemLabel(node.label),
      answers: context.outputVariables('Node', this.nodeNumber),
    };
  }
}

/** A sensor recording an output variable of a node. */
export const sensorNodeDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'Node',
  description: 'Records an output variable of a node (Position, Coordinates, …) every sensorsWritePeriod.',
  parameters,
  outputVariables: [],
  create: (v, label) => new NodeSensorModel(label, v, v.nodeNumber),
};

/** Factory for a node sensor. */
export const SensorNode = makeFactory(sensorNodeDefinition);
