import type { ItemState, SensorModel, BindContext } from '../../registry/capabilities.ts';
import { formatItemLabel, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, outputVariable, str, structural } from '../../registry/parameters.ts';

/** Why a sensor's output settings are structural: the recorder sets up rows and files from them when a solve starts. */
const shapesTheRecords = 'shapes the sensor\'s stored rows and file, which are set up when a solve starts';

/** Parameters every sensor has, after the sensed item. */
export const sensorOutputParameters = {
  writeToFile: structural(bool(true, 'Write the sensor rows to fileName.'), shapesTheRecords),
  fileName: structural(str('', 'Sensor file; empty means solution/sensor<index>.txt.'), shapesTheRecords),
  outputVariableType: structural(outputVariable('Output variable to record.'), shapesTheRecords),
  storeInternal: structural(bool(false, 'Keep the rows in memory for getSensorStoredData.'), shapesTheRecords),
};

/** Values every sensor has from its dictionary. */
export interface SensorOutputValues {
  /** Write to file. */
  writeToFile: boolean;
  /** File name. */
  fileName: string;
  /** Recorded output variable. */
  outputVariableType: OutputVariableType;
  /** Store rows in memory. */
  storeInternal: boolean;
}

/**
 * A sensor that records one output variable of an item through a getter; subclasses resolve
 * the item in resolve() and return the getter, whose answer is checked once at bind time.
 */
export abstract class OutputSensorModel implements SensorModel {
  readonly storeInternal: boolean;
  readonly writeToFile: boolean;
  readonly fileName: string;
  protected readonly variable: OutputVariableType;
  private getter!: (s: ItemState) => ArrayLike<number> | undefined;

  constructor(readonly label: ItemLabel, values: SensorOutputValues) {
    this.storeInternal = values.storeInternal;
    this.writeToFile = values.writeToFile;
    this.fileName = values.fileName;
    this.variable = values.outputVariableType;
  }

  /** Resolves the sensed item and returns the function that reads its output. */
  protected abstract resolve(context: BindContext): { getter: (s: ItemState) => ArrayLike<number> | undefined; itemName: string; answers: readonly string[] };

  bind(context: BindContext): void {
    if (this.variable === OutputVariableType._None) itemError(this.label, 'outputVariableType', 'must be set to an OutputVariableType member, got _None');
    const { getter, itemName, answers } = this.resolve(context);
    if (!answers.includes(this.variable)) {
      itemError(this.label, 'outputVariableType', `must be an output variable of ${itemName} (${answers.join(', ') || 'none'}), got ${this.variable}`);
    }
    this.getter = getter;
  }

  evaluate(s: ItemState): ArrayLike<number> {
    const values = this.getter(s);
    if (values === undefined) itemError(this.label, 'outputVariableType', `${this.variable} is not available`);
    return values;
  }

  columnNames(s: ItemState): string[] {
    const count = this.evaluate(s).length;
    return Array.from({ length: count }, (_, i) => `${this.variable}${count > 1 ? `[${i}]` : ''}`);
  }
}

/** The categories of items whose own output(variable, s) a sensor records (nodes, markers, objects without a local position). */
export type SensedCategory = 'Node' | 'Marker' | 'Object';

/** An item a sensor reads: its label and its output (a node's or object's may write into `into`: NodeModel.output). */
interface SensedItem {
  readonly label: ItemLabel;
  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined;
}

/** The bind-context lookup of each sensed category. */
const findSensed: Record<SensedCategory, (context: BindContext, index: number, parameter: string) => SensedItem> = {
  Node: (context, index, parameter) => context.node(index, parameter),
  Marker: (context, index, parameter) => context.marker(index, parameter),
  Object: (context, index, parameter) => context.object(index, parameter),
};

/**
 * A sensor recording the output variable of one node, marker or object (SensorNode, SensorMarker, SensorObject): the
 * item named by the parameter `parameter` with index `itemNumber`, and the output variables its category declares.
 */
export class ItemOutputSensorModel extends OutputSensorModel {
  /**
   * The buffer a node or object writes its output into (NodeModel.output's `into`), sized by the first value: one array per sensor,
   * not one per row. The recorder copies the values into its row at once, getSensorValues into a new array.
   */
  private into: Float64Array | undefined = undefined;

  constructor(label: ItemLabel, values: SensorOutputValues, private readonly category: SensedCategory,
    private readonly itemNumber: number, private readonly parameter: string) {
    super(label, values);
  }

  protected resolve(context: BindContext) {
    const item = findSensed[this.category](context, this.itemNumber, this.parameter);
    const getter = this.category === 'Marker' ? (s: ItemState) => item.output(this.variable, s) : (s: ItemState) => {
      const values = item.output(this.variable, s, this.into);
      if (values !== undefined && (this.into === undefined || this.into.length !== values.length)) this.into = new Float64Array(values.length);
      return values;
    };
    return {
      getter,
      itemName: formatItemLabel(item.label),
      answers: context.outputVariables(this.category, this.itemNumber),
    };
  }
}
