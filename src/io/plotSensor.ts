import { optionNames, ownOptions } from '../core/dictionary.ts';
import { installedFileSystem } from '../core/fileSystem.ts';
import { FlexdynError } from '../core/errors.ts';
import { fileStem, loadSensorFile, parseSensorFile, sensorFileName } from './sensorFile.ts';
import { RowMatrix } from './solutionFile.ts';
import { plotColors, svgPlot, writePlotFile, type PlotCurve, type SvgPlotOptions } from './svgPlot.ts';

/** Component number that plots the Euclidean norm of all values of a row (Exudyn's plot.componentNorm). */
export const componentNorm = -2;

/** What plotSensor needs from a MainSystem. */
export interface PlotSensorSystem {
  /** The sensor's dictionary (fileName, writeToFile, storeInternal, outputVariableType, name, sensorType). */
  getSensor(index: number): Record<string, unknown>;
  /** Rows [t, values…] stored internally. */
  getSensorStoredData(index: number): number[][];
  /** Names of the files solves kept in memory (no file system installed). */
  outputFileNames?(): string[];
  /** Text of a file kept in memory. */
  getOutputFile?(fileName: string): string;
}

/** Data given directly: rows [t, values…] (or any x column first), with an optional name for labels. */
export interface PlotData {
  /** Rows [t, values…] or a RowMatrix of them. */
  data: readonly (readonly number[])[] | RowMatrix;
  /** Name used in default labels (default 'data'). */
  name?: string;
  /** Output variable used in default labels and the y label. */
  outputVariableType?: string;
}

/** A curve source: a sensor index, a file name (sensor or solution file) or data. */
export type PlotSource = number | string | PlotData;

/** Options of {@link plotSensor}, named as Exudyn's PlotSensor arguments. */
export interface PlotSensorOptions {
  /** Value component(s) per curve: 0 = first value after time, −1 = time, componentNorm = norm (default 0). */
  components?: number | readonly number[];
  /** x component(s) per curve (default −1 = time). */
  componentsX?: number | readonly number[];
  /** Legend labels, one per curve (default: '<name>, <variable><component>'). */
  labels?: string | readonly string[];
  /** Offsets: plotted value = factor·(value + offset); a scalar, one per curve, or per curve rows like the data (its component column is used). */
  offsets?: number | readonly (number | readonly (readonly number[])[])[];
  /** Factors: plotted value = factor·(value + offset); a scalar or one per curve. */
  factors?: number | readonly number[];
  /** Figure title. */
  title?: string;
  /** x-axis label (default 'time (s)'). */
  xLabel?: string;
  /** y-axis label (default: the common output variable of the curves, else none). */
  yLabel?: string;
  /** SVG file to write ('.svg' is appended without extension; other extensions are an error). */
  fileName?: string;
  /** Curve colours (CSS); one per curve or a cycle. */
  colors?: readonly string[];
  /** Without colors: curve i takes the default colour i + colorCodeOffset (Exudyn's colorCodeOffset; default 0). */
  colorCodeOffset?: number;
  /** Line styles '-', '--', ':', '-.' or '' per curve. */
  lineStyles?: readonly string[];
  /** Line widths in px per curve. */
  lineWidths?: readonly number[];
  /** Marker styles 'o', 's', '^', 'v', 'd', 'x', '+' or '' per curve. */
  markerStyles?: readonly string[];
  /** Marker sizes in px per curve. */
  markerSizes?: readonly number[];
  /** Marker density (see {@link SvgPlotOptions.markerDensity}). */
  markerDensity?: number;
  /** x range [min, max]. */
  rangeX?: readonly number[];
  /** y range [min, max]. */
  rangeY?: readonly number[];
  /** Maximum number of major ticks on x (default 10). */
  majorTicksX?: number;
  /** Maximum number of major ticks on y (default 10). */
  majorTicksY?: number;
  /** Figure size in inches at 100 px per inch (default [6.4, 4.8]). */
  sizeInches?: readonly number[];
  /** Font size in px (default 13). */
  fontSize?: number;
  /** Logarithmic x axis (Exudyn's logScaleX keyword). */
  logScaleX?: boolean;
  /** Logarithmic y axis (Exudyn's logScaleY keyword). */
  logScaleY?: boolean;
  /** Use X, Y, Z (and XX … XY for strains and stresses) for components in default labels (default true). */
  useXYZcomponents?: boolean;
}

/** The option names of {@link PlotSensorOptions}, for the unknown-option check of plotSensor. */
const plotSensorOptionNames = optionNames<PlotSensorOptions>({
  components: true, componentsX: true, labels: true, offsets: true, factors: true, title: true, xLabel: true, yLabel: true, fileName: true, colors: true, colorCodeOffset: true, lineStyles: true, lineWidths: true, markerStyles: true, markerSizes: true, markerDensity: true, rangeX: true, rangeY: true, majorTicksX: true, majorTicksY: true, sizeInches: true, fontSize: true, logScaleX: true, logScaleY: true, useXYZcomponents: true,
});

/** What plotSensor produced. */
export interface PlotSensorResult {
  /** The SVG document. */
  svg: string;
  /** The file written ('' if no fileName was given). */
  fileName: string;
  /** The curves as plotted (after factors and offsets). */
  curves: PlotCurve[];
}

interface Table { data: RowMatrix; name: string; variable: string; columnNames?: string[] }

function toRowMatrix(rows: readonly (readonly number[])[] | RowMatrix, what: string): RowMatrix {
  if (rows instanceof RowMatrix) return rows;
  if (!Array.isArray(rows) || rows.length === 0) throw new FlexdynError(`plotSensor: ${what} must be a non-empty list of rows [t, values…], got ${Array.isArray(rows) ? 'no rows' : typeof rows}`);
  const columns = rows[0].length;
  const m = new RowMatrix(rows.length, columns);
  rows.forEach((row, r) => {
    if (row.length !== columns) throw new FlexdynError(`plotSensor: ${what} row ${r} must have ${columns} values as row 0, got ${row.length}`);
    for (let c = 0; c < columns; c++) m.data[r * columns + c] = row[c];
  });
  return m;
}

/** A sensor file: kept in memory by the system's solves when no file system is installed, else read from the file system. */
function readSensorFile(mbs: PlotSensorSystem | undefined, fileName: string): ReturnType<typeof parseSensorFile> {
  const inMemory = mbs !== undefined && installedFileSystem() === undefined && mbs.outputFileNames?.().includes(fileName) === true;
  return inMemory ? parseSensorFile(mbs.getOutputFile!(fileName), fileName) : loadSensorFile(fileName);
}

function tableOf(mbs: PlotSensorSystem | undefined, source: PlotSource, position: number): Table {
  if (typeof source === 'string') {
    const file = readSensorFile(mbs, source);
    return { data: file.data, name: fileStem(source), variable: file.outputVariableType, columnNames: file.columnNames };
  }
  if (typeof source === 'number') {
    if (mbs === undefined) throw new FlexdynError(`plotSensor: curve ${position} is sensor ${source}, which needs the MainSystem as first argument, got none`);
    const sensor = mbs.getSensor(source);
    const name = typeof sensor.name === 'string' && sensor.name !== '' ? sensor.name : `sensor${source}`;
    const variable = typeof sensor.outputVariableType === 'string' && sensor.outputVariableType !== '_None' ? sensor.outputVariableType : String(sensor.sensorType ?? '');
    if (sensor.storeInternal === true) {
      const rows = mbs.getSensorStoredData(source);
      if (rows.length > 0) return { data: toRowMatrix(rows, `stored data of sensor ${source}`), name, variable };
    }
    if (sensor.writeToFile === true) {
      const file = readSensorFile(mbs, sensorFileName(sensor.fileName, source));
      return { data: file.data, name, variable, columnNames: file.columnNames };
    }
    throw new FlexdynError(`plotSensor: sensor ${source} must have storeInternal (with recorded rows) or writeToFile set to be plotted, got neither`);
  }
  if (source !== null && typeof source === 'object' && 'data' in source) {
    return { data: toRowMatrix(source.data, `data of curve ${position}`), name: source.name ?? 'data', variable: source.outputVariableType ?? '' };
  }
  throw new FlexdynError(`plotSensor: curve sources must be sensor indices, file names or { data } objects, got ${typeof source} at position ${position}`);
}

function perCurve<T>(value: T | readonly T[] | undefined, n: number, name: string, fallback: T): T[] {
  if (value === undefined) return new Array<T>(n).fill(fallback);
  if (!Array.isArray(value)) return new Array<T>(n).fill(value as T);
  const list = value as readonly T[];
  if (list.length === 0) return new Array<T>(n).fill(fallback);
  if (list.length === 1) return new Array<T>(n).fill(list[0]);
  if (list.length !== n) throw new FlexdynError(`plotSensor: ${name} must be a scalar or have one entry per curve (${n}), got ${list.length}`);
  return [...list];
}

function cycle<T>(list: readonly T[] | undefined, i: number): T | undefined {
  return list === undefined || list.length === 0 ? undefined : list[i % list.length];
}

const xyzVariables = ['Force', 'Torque', 'Position', 'Displacement', 'Velocity', 'Acceleration', 'Rotation', 'AngularVelocity', 'AngularAcceleration'];

function componentName(variable: string, component: number, useXYZ: boolean): string {
  if (component === componentNorm) return ' norm';
  if (component === -1) return ' time';
  const base = variable.replace('Local', '');
  if (useXYZ && component >= 0 && component < 3 && xyzVariables.includes(base)) return 'XYZ'[component];
  if (useXYZ && component >= 0 && component < 6 && (base === 'Strain' || base === 'Stress')) return ['XX', 'YY', 'ZZ', 'YZ', 'XZ', 'XY'][component];
  return String(component);
}

function columnOf(table: Table, component: number, what: string): Float64Array {
  const { data } = table;
  if (component === componentNorm) {
    const out = new Float64Array(data.rows);
    for (let r = 0; r < data.rows; r++) {
      let sum = 0;
      for (let c = 1; c < data.columns; c++) sum += data.data[r * data.columns + c] ** 2;
      out[r] = Math.sqrt(sum);
    }
    return out;
  }
  if (!Number.isInteger(component) || component < -1 || component >= data.columns - 1) {
    throw new FlexdynError(`plotSensor: ${what} must be −1 (time), componentNorm or a value index in 0 … ${data.columns - 2} of '${table.name}', got ${component}`);
  }
  return data.column(component + 1);
}

/**
 * Plots sensors, sensor or solution files and data into an SVG figure (Exudyn's PlotSensor
 * without matplotlib): one curve per (source, component) pair; a single source or a single
 * component is repeated to match the other list. Writes options.fileName if given.
 */
export function plotSensor(mbs: PlotSensorSystem | undefined, sources: PlotSource | readonly PlotSource[], options: PlotSensorOptions = {}): PlotSensorResult {
  options = ownOptions('plotSensor', options, plotSensorOptionNames);
  const sourceList = Array.isArray(sources) ? [...(sources as readonly PlotSource[])] : [sources as PlotSource];
  const componentList = options.components === undefined ? [0] : Array.isArray(options.components) ? [...(options.components as readonly number[])] : [options.components as number];
  if (sourceList.length === 0) throw new FlexdynError('plotSensor: sources must name at least one sensor, file or data set, got none');
  if (componentList.length === 0) throw new FlexdynError('plotSensor: components must not be empty');
  if (sourceList.length !== componentList.length && sourceList.length !== 1 && componentList.length !== 1) {
    throw new FlexdynError(`plotSensor: sources (${sourceList.length}) and components (${componentList.length}) must have the same length, or one of them a single entry`);
  }
  const n = Math.max(sourceList.length, componentList.length);
  const tables = new Map<PlotSource, Table>();
  const tableFor = (i: number): Table => {
    const source = sourceList.length === 1 ? sourceList[0] : sourceList[i];
    let table = tables.get(source);
    if (table === undefined) { table = tableOf(mbs, source, i); tables.set(source, table); }
    return table;
  };
  const components = componentList.length === 1 ? new Array<number>(n).fill(componentList[0]) : componentList;
  const componentsX = perCurve<number>(options.componentsX, n, 'componentsX', -1);
  const factors = perCurve<number>(options.factors, n, 'factors', 1);
  const offsets = perCurve<number | readonly (readonly number[])[]>(options.offsets as never, n, 'offsets', 0);
  const labels = typeof options.labels === 'string' ? (n === 1 ? [options.labels] : undefined) : options.labels === undefined || options.labels.length === 0 ? undefined : [...options.labels];
  if (typeof options.labels === 'string' && n !== 1) throw new FlexdynError(`plotSensor: labels must be a list of ${n} strings for ${n} curves, got one string`);
  if (labels !== undefined && labels.length !== n) throw new FlexdynError(`plotSensor: labels must have one entry per curve (${n}), got ${labels.length}`);
  const useXYZ = options.useXYZcomponents ?? true;
  const colorCodeOffset = options.colorCodeOffset ?? 0;
  if (!Number.isInteger(colorCodeOffset) || colorCodeOffset < 0) throw new FlexdynError(`plotSensor: colorCodeOffset must be a non-negative integer, got ${String(colorCodeOffset)}`);
  const curves: PlotCurve[] = [];
  const variables: string[] = [];
  for (let i = 0; i < n; i++) {
    const table = tableFor(i);
    const y = columnOf(table, components[i], `components[${i}]`);
    const x = columnOf(table, componentsX[i], `componentsX[${i}]`);
    const factor = factors[i];
    const offset = offsets[i];
    if (typeof factor !== 'number' || !Number.isFinite(factor)) throw new FlexdynError(`plotSensor: factors[${i}] must be a finite number, got ${String(factor)}`);
    if (typeof offset === 'number') {
      for (let r = 0; r < y.length; r++) y[r] = factor * (y[r] + offset);
    } else {
      const o = toRowMatrix(offset, `offsets[${i}]`);
      if (o.rows !== y.length) throw new FlexdynError(`plotSensor: offsets[${i}] must have as many rows as the data of '${table.name}' (${y.length}), got ${o.rows}`);
      const oc = columnOf({ data: o, name: `offsets[${i}]`, variable: '' }, components[i], `components[${i}] in offsets[${i}]`);
      for (let r = 0; r < y.length; r++) y[r] = factor * (y[r] + oc[r]);
    }
    const column = components[i] >= 0 ? table.columnNames?.[components[i] + 1] : undefined;
    const defaultLabel = table.variable !== ''
      ? `${table.name}, ${table.variable}${componentName(table.variable, components[i], useXYZ)}`
      : `${table.name}, ${column ?? `column ${components[i] + 1}`}`;
    variables.push(table.variable);
    curves.push({
      x, y, label: labels?.[i] ?? defaultLabel,
      color: cycle(options.colors, i) ?? plotColors[(i + colorCodeOffset) % plotColors.length], lineStyle: cycle(options.lineStyles, i), lineWidth: cycle(options.lineWidths, i),
      markerStyle: cycle(options.markerStyles, i), markerSize: cycle(options.markerSizes, i),
    });
  }
  const commonVariable = variables.every((v) => v === variables[0]) ? variables[0] : '';
  const plotOptions: SvgPlotOptions = {
    title: options.title, xLabel: options.xLabel ?? 'time (s)', yLabel: options.yLabel ?? commonVariable,
    rangeX: options.rangeX, rangeY: options.rangeY, majorTicksX: options.majorTicksX, majorTicksY: options.majorTicksY,
    sizeInches: options.sizeInches, fontSize: options.fontSize, markerDensity: options.markerDensity,
    logScaleX: options.logScaleX, logScaleY: options.logScaleY,
  };
  const svg = svgPlot(curves, plotOptions);
  const fileName = writePlotFile('plotSensor', options.fileName, svg);
  return { svg, fileName, curves };
}
