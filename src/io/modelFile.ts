/**
 * The model file (MainSystem.saveToFile / loadFromFile): JSON with a header `{ format: 'flexdyn-model',
 * formatVersion, … }` around the system dictionary and the settings. Numbers are written in the shortest form that
 * reads back to the same double (also −0), so a loaded model computes bit-identical results. Written and read
 * through the installed file system (core/fileSystem.ts): disk under `flexdyn/node`, an InMemoryFileSystem in a browser.
 * @module
 */
import { FlexdynError } from '../core/errors.ts';
import { isDictionary } from '../core/dictionary.ts';
import { readTextFile, writeFile, type FileLocation } from '../core/fileSystem.ts';

/** The `format` entry of every model file. */
export const MODEL_FILE_FORMAT = 'flexdyn-model';
/** The version of the model file layout this Flexdyn writes and reads. */
export const MODEL_FILE_VERSION = 1;

/** What a model file holds besides its header. */
export interface ModelFileContent {
  /** The system dictionary (MainSystem.getDictionary). */
  readonly system: Record<string, unknown>;
  /** SimulationSettings as a dictionary, when saved. */
  readonly simulationSettings?: Record<string, unknown>;
  /** Visualization settings (the viewer's scene options), when saved. */
  readonly visualizationSettings?: Record<string, unknown>;
}

/**
 * JSON text of plain data, two-space indented, with arrays of numbers on one line; −0 is written as `-0` (JSON.parse
 * reads it back as −0, JSON.stringify would write 0). Non-finite numbers, functions and other objects are errors that
 * name their path.
 */
export function dataToJSON(value: unknown, indent = '', path = 'model'): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new FlexdynError(`saveToFile: ${path} must be a finite number, got ${value}`);
    return Object.is(value, -0) ? '-0' : String(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((entry) => typeof entry === 'number')) return `[${value.map((entry, i) => dataToJSON(entry, inner, `${path}[${i}]`)).join(', ')}]`;
    return `[\n${value.map((entry, i) => inner + dataToJSON(entry, inner, `${path}[${i}]`)).join(',\n')}\n${indent}]`;
  }
  if (isDictionary(value) && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)) {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, entry]) => `${inner}${JSON.stringify(key)}: ${dataToJSON(entry, inner, `${path}.${key}`)}`).join(',\n')}\n${indent}}`;
  }
  throw new FlexdynError(`saveToFile: ${path} must be plain data (numbers, strings, booleans, arrays, records), got ${typeof value === 'function' ? 'a function' : typeof value}`);
}

/** Writes a model file. */
export function writeModelFile(location: FileLocation, content: ModelFileContent): void {
  const text = dataToJSON({ format: MODEL_FILE_FORMAT, formatVersion: MODEL_FILE_VERSION, ...content });
  writeFile(location, `${text}\n`, 'saveToFile');
}

/**
 * Reads a model file and checks its header: text that is not JSON, JSON that is not a Flexdyn model file, and a
 * model file of another format version are FlexdynErrors naming the file.
 */
export function readModelFile(location: FileLocation): ModelFileContent {
  const { text, fileName } = readTextFile(location, 'loadFromFile');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new FlexdynError(`loadFromFile: ${fileName} is not a Flexdyn model file: it is not JSON (${(error as Error).message})`, { cause: error });
  }
  if (!isDictionary(parsed) || parsed.format !== MODEL_FILE_FORMAT) {
    const got = isDictionary(parsed) ? (parsed.format === undefined ? 'JSON without a format entry' : `format ${JSON.stringify(parsed.format)}`) : `JSON ${Array.isArray(parsed) ? 'array' : typeof parsed}`;
    throw new FlexdynError(`loadFromFile: ${fileName} is not a Flexdyn model file: expected format '${MODEL_FILE_FORMAT}', got ${got}`);
  }
  if (parsed.formatVersion !== MODEL_FILE_VERSION) {
    throw new FlexdynError(`loadFromFile: ${fileName} is a Flexdyn model file of format version ${JSON.stringify(parsed.formatVersion)}; this Flexdyn reads version ${MODEL_FILE_VERSION} only`);
  }
  const known = ['format', 'formatVersion', 'system', 'simulationSettings', 'visualizationSettings'];
  const unknown = Object.keys(parsed).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new FlexdynError(`loadFromFile: ${fileName}: unknown entries ${unknown.map((key) => `'${key}'`).join(', ')}; expected ${known.join(', ')}`);
  const part = (key: string, required: boolean): Record<string, unknown> | undefined => {
    const value = parsed[key];
    if (value === undefined && !required) return undefined;
    if (!isDictionary(value)) throw new FlexdynError(`loadFromFile: ${fileName}: ${key} must be a dictionary, got ${value === undefined ? 'none' : JSON.stringify(value).slice(0, 40)}`);
    return value;
  };
  return { system: part('system', true)!, simulationSettings: part('simulationSettings', false), visualizationSettings: part('visualizationSettings', false) };
}
