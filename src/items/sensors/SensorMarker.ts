import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { markerIndex } from '../../registry/parameters.ts';
import { ItemOutputSensorModel, sensorOutputParameters } from './sensorBase.ts';
import { markerBodyRigidDefinition } from '../markers/MarkerBodyRigid.ts';

const parameters = {
  markerNumber: markerIndex('Marker to measure.'),
  ...sensorOutputParameters,
};

/** A sensor recording an output variable of a marker (Position, Velocity of position markers; Coordinates of coordinate markers). */
export const sensorMarkerDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'Marker',
  description: 'Records an output variable of a marker every sensorsWritePeriod: Position and Velocity for position markers, Coordinates and Coordinates_t for coordinate markers.',
  parameters,
  outputVariables: [],
  example: (mbs) => mbs.addSensor({ sensorType: 'Marker', markerNumber: markerBodyRigidDefinition.example(mbs), outputVariableType: 'RotationMatrix', storeInternal: true }),
  create: (v, label) => new ItemOutputSensorModel(label, v, 'Marker', v.markerNumber, 'markerNumber'),
};

/** Factory for a marker sensor. */
export const SensorMarker = makeFactory(sensorMarkerDefinition);
