/**
 * JSON files of FE data (FEMinterface, ObjectFFRFreducedOrderInterface; Exudyn's SaveToFile / LoadFromFile): a header
 * `{ format, version, data }`, typed arrays tagged as `{ "$f64": [...] }` / `{ "$i32": [...] }` and ndarrays as
 * `{ "$nd": { shape, data } }`. Doubles are written in the shortest round-trip form, so loading gives the saved values exactly.
 * @module
 */
import ndarray from 'ndarray';
import { assign } from 'ndarray-ops';
import { FlexdynError } from '../core/errors.ts';
import { readTextFile, writeFile, type FileLocation } from '../core/fileSystem.ts';

/** Version of the file layout written by {@link saveDataFile}. */
export const FEM_FILE_VERSION = 1;

function isNdArray(value: unknown): value is ndarray.NdArray<Float64Array> {
  return typeof value === 'object' && value !== null && 'shape' in value && 'stride' in value && 'data' in value && 'offset' in value;
}

/**
 * Copies the ndarray `source` of 1 or 2 dimensions into `target` in column-major (Fortran) order, the layout of the mode
 * bases: a plain copy when `source` is a Float64Array stored so (a mode basis as computed or loaded), otherwise
 * ndarray-ops' assign (any strides: a view, a transposed or row-major array). The copy spares a model ndarray-ops'
 * loading (≈ 25 ms CPU: it compiles its operations).
 */
export function assignColumnMajor(target: Float64Array, source: ndarray.NdArray): void {
  const { shape, stride, offset, data } = source;
  const columnMajor = shape.length === 1 ? stride[0] === 1 : shape.length === 2 && stride[0] === 1 && stride[1] === shape[0];
  const size = shape.reduce((a, b) => a * b, 1);
  if (columnMajor && data instanceof Float64Array && size <= target.length && offset + size <= data.length) {
    target.set(data.subarray(offset, offset + size));
    return;
  }
  assign(ndarray(target, shape, shape.length === 2 ? [1, shape[0]] : [1]), source);
}

function encode(value: unknown): unknown {
  if (value instanceof Float64Array) return { $f64: Array.from(value) };
  if (value instanceof Int32Array) return { $i32: Array.from(value) };
  if (isNdArray(value)) {
    const shape = value.shape.slice();
    const size = shape.reduce((a, b) => a * b, 1);
    if (shape.length !== 1 && shape.length !== 2) throw new FlexdynError(`saveToFile: arrays must have 1 or 2 dimensions, got ${shape.length}`);
    const data = new Float64Array(size);
    assignColumnMajor(data, value);
    return { $nd: { shape, data: Array.from(data) } };
  }
  if (Array.isArray(value)) return value.map(encode);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encode(v);
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new FlexdynError(`saveToFile: numbers must be finite, got ${value}`);
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    if (Array.isArray(o.$f64)) return Float64Array.from(o.$f64 as number[]);
    if (Array.isArray(o.$i32)) return Int32Array.from(o.$i32 as number[]);
    if (typeof o.$nd === 'object' && o.$nd !== null) {
      const { shape, data } = o.$nd as { shape: number[]; data: number[] };
      const stride = shape.length === 2 ? [1, shape[0]] : [1];
      return ndarray(Float64Array.from(data), shape, stride);
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = decode(v);
    return out;
  }
  return value;
}

/** Writes `data` with the header `format` to a JSON file. */
export function saveDataFile(location: FileLocation, format: string, data: object): void {
  writeFile(location, JSON.stringify({ format, version: FEM_FILE_VERSION, data: encode(data) }), 'saveToFile');
}

/** Reads a file written by {@link saveDataFile} and checks its format header. */
export function loadDataFile(location: FileLocation, format: string): Record<string, unknown> {
  const { text, fileName } = readTextFile(location, 'loadFromFile');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new FlexdynError(`loadFromFile: cannot read ${fileName}: ${(e as Error).message}`);
  }
  const header = parsed as { format?: unknown; version?: unknown; data?: unknown };
  if (header === null || typeof header !== 'object' || header.format !== format) {
    throw new FlexdynError(`loadFromFile: ${fileName} must be a '${format}' file, got format ${String(header?.format)}`);
  }
  if (header.version !== FEM_FILE_VERSION) throw new FlexdynError(`loadFromFile: ${fileName} must have version ${FEM_FILE_VERSION}, got ${String(header.version)}`);
  if (typeof header.data !== 'object' || header.data === null) throw new FlexdynError(`loadFromFile: ${fileName} must hold a data object, got ${String(header.data)}`);
  return decode(header.data) as Record<string, unknown>;
}
