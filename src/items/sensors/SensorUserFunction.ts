import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, SensorModel } from '../../registry/capabilities.ts';
import type { ConfigurationType } from '../../registry/enums.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { sensorIndexArray, userFunction, vector, type UserFunctionValue } from '../../registry/parameters.ts';
import { sensorOutputParameters } from './sensorBase.ts';
import { sensorBodyDefinition } from './SensorBody.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Sensor user function: returns the sensor values, usually computed from the sensors in sensorNumbers (e.g. with mbs.getSensorValues). */
export type SensorUserFunctionType<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, sensorNumbers: readonly number[], factors: readonly number[], configuration: ConfigurationType], ArrayLike<number>>;

const parameters = {
  sensorNumbers: sensorIndexArray('Sensors the user function may evaluate (optional).'),
  factors: vector([], 'Factors the user function may use, e.g. weights (optional).'),
  writeToFile: sensorOutputParameters.writeToFile,
  fileName: sensorOutputParameters.fileName,
  sensorUserFunction: userFunction<SensorUserFunctionType>('Computes the sensor values.', '(mbs, t, sensorNumbers, factors, configuration) => number[]'),
  storeInternal: sensorOutputParameters.storeInternal,
};

/** Run-time model of a user-function sensor. */
class UserFunctionSensorModel implements SensorModel {
  readonly storeInternal: boolean;
  readonly writeToFile: boolean;
  readonly fileName: string;
  private readonly sensorNumbers: readonly number[];
  private readonly factors: readonly number[];
  private readonly userFunction: UserFunctionValue<SensorUserFunctionType>;

  constructor(readonly label: ItemLabel, values: {
    sensorNumbers: readonly number[]; factors: ArrayLike<number>; writeToFile: boolean; fileName: string;
    sensorUserFunction: UserFunctionValue<SensorUserFunctionType>; storeInternal: boolean;
  }) {
    this.storeInternal = values.storeInternal;
    this.writeToFile = values.writeToFile;
    this.fileName = values.fileName;
    this.sensorNumbers = Object.freeze(values.sensorNumbers.slice());
    this.factors = Object.freeze(Array.from(values.factors));
    this.userFunction = values.sensorUserFunction;
  }

  bind(context: BindContext): void {
    if (this.userFunction === 0) itemError(this.label, 'sensorUserFunction', 'must be a function (mbs, t, sensorNumbers, factors, configuration) => number[], got 0 (none)');
    this.sensorNumbers.forEach((index) => context.sensor(index, 'sensorNumbers'));
  }

  evaluate(s: ItemState): ArrayLike<number> {
    const values = (this.userFunction as SensorUserFunctionType)(s.mbs, s.t, this.sensorNumbers, this.factors, s.configuration);
    if (!(Array.isArray(values) || values instanceof Float64Array)) itemError(this.label, 'sensorUserFunction', `must return an array of numbers, got ${describeValue(values)}`);
    for (let i = 0; i < values.length; i++) {
      if (typeof values[i] !== 'number') itemError(this.label, 'sensorUserFunction', `must return an array of numbers; entry ${i} is ${describeValue(values[i])}`);
      if (!Number.isFinite(values[i])) itemError(this.label, 'sensorUserFunction', `must return finite numbers, got ${describeValue(values[i])} at entry ${i}`);
    }
    return values;
  }

  columnNames(s: ItemState): string[] {
    const count = this.evaluate(s).length;
    return Array.from({ length: count }, (_, i) => `userFunction${count > 1 ? `[${i}]` : ''}`);
  }
}

/** A sensor whose values a user function computes, typically by combining other sensors. */
export const sensorUserFunctionDefinition: ItemDefinition<'Sensor', typeof parameters> = {
  category: 'Sensor',
  typeName: 'UserFunction',
  description: 'Records the values of sensorUserFunction(mbs, t, sensorNumbers, factors, configuration) every sensorsWritePeriod; the function usually evaluates the sensors in sensorNumbers with mbs.getSensorValues and combines them with factors. The number of values should stay constant during a simulation.',
  parameters,
  outputVariables: [],
  example: (mbs) => {
    const sensor = sensorBodyDefinition.example(mbs);
    // the user function combines the time and the factors (what it may read from mbs is the run-time-change issue's)
    const sensorUserFunction: SensorUserFunctionType = (_mbs, t, _sensorNumbers, factors) => [factors[0] * t, factors[1]];
    return mbs.addSensor({ sensorType: 'UserFunction', sensorNumbers: [sensor], factors: [2, 0.5], sensorUserFunction, storeInternal: true });
  },
  create: (v, label) => new UserFunctionSensorModel(label, v),
};

/** Factory for a user-function sensor. */
export const SensorUserFunction = makeFactory(sensorUserFunctionDefinition);
