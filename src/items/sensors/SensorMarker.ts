import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState } from '../../registry/capabilities.ts';
import { formatItemLabel, type ItemLabel } from '../../core/errors.ts';
import { markerIndex } from '../../registry/parameters.ts';
import { OutputSensorModel, sensorOutputParameters, type SensorOutputValues } from './sensorBase.ts';

const parameters = {
  markerNumber: markerIndex('Marker to measure.'),
  ...sensorOutputParameters,
};

/** Run-time model of a marker sensor: the marker's output variable. */
class MarkerSensorModel extends OutputSensorModel {
  constructor(label: ItemLabel, values: SensorOutputValues, private readonly markerNumber: number) {
    super(label, values);
  }

  protected resolve(context: BindContext) {
    const marker = context.marker(this.markerNumber, 'markerNumber');
    return {
      getter: (s: ItemState) => marker.output(this.variable, s),
      itemName: formatItemLabel(marker.label),
      answers: context.outputVariables('Marker', this.markerNumber),
    };
  }
}

/** A sensor recording an output variable of a marker (Position, Velocity of position markers; Coordinates of coordinate markers). */
export const sensorMarkerDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'Marker',
  description: 'Records an output variable of a marker every sensorsWritePeriod: Position and Velocity for position markers, Coordinates and Coordinates_t for coordinate markers.',
  parameters,
  outputVariables: [],
  create: (v, label) => new MarkerSensorModel(label, v, v.markerNumber),
};

/** Factory for a marker sensor. */
export const SensorMarker = makeFactory(sensorMarkerDefinition);
