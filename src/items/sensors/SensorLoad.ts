import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LoadModel, SensorModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { loadIndex } from '../../registry/parameters.ts';
import { sensorOutputParameters, type SensorOutputValues } from './sensorBase.ts';
import { loadForceVectorDefinition } from '../loads/LoadForceVector.ts';

const { outputVariableType: _unused, ...fileParameters } = sensorOutputParameters;
const parameters = {
  loadNumber: loadIndex('Load to record.'),
  ...fileParameters,
};

/** Run-time model of a load sensor: the load's current value (without static load factor). */
class LoadSensorModel implements SensorModel {
  readonly storeInternal: boolean;
  readonly writeToFile: boolean;
  readonly fileName: string;
  private load!: LoadModel;

  constructor(readonly label: ItemLabel, values: Omit<SensorOutputValues, 'outputVariableType'>, private readonly loadNumber: number) {
    this.storeInternal = values.storeInternal;
    this.writeToFile = values.writeToFile;
    this.fileName = values.fileName;
  }

  bind(context: BindContext): void {
    this.load = context.load(this.loadNumber, 'loadNumber');
  }

  evaluate(s: ItemState): ArrayLike<number> {
    return this.load.values(s);
  }

  columnNames(s: ItemState): string[] {
    const count = this.evaluate(s).length;
    return Array.from({ length: count }, (_, i) => `load${count > 1 ? `[${i}]` : ''}`);
  }
}

/** A sensor recording the value of a load (vector or scalar). */
export const sensorLoadDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'Load',
  description: 'Records the current value of a load (user function evaluated at the current time).',
  parameters,
  outputVariables: [],
  example: (mbs) => mbs.addSensor({ sensorType: 'Load', loadNumber: loadForceVectorDefinition.example(mbs), storeInternal: true }),
  create: (v, label) => new LoadSensorModel(label, v, v.loadNumber),
};

/** Factory for a load sensor. */
export const SensorLoad = makeFactory(sensorLoadDefinition);
