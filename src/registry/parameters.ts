import { describeValue, itemError, type ItemLabel } from '../core/errors.ts';
import { closestName } from '../core/dictionary.ts';
import { OutputVariableType } from './enums.ts';
import { validateGraphicsData, type GraphicsData } from '../graphics/graphicsData.ts';
import type { CscMatrix } from '../linalg/sparse.ts';

/** Branded index types: plain numbers at run time, distinct for the type checker. */
export type NodeIndex = number & { readonly __brand?: 'NodeIndex' };
/** Index of an object in its MainSystem. */
export type ObjectIndex = number & { readonly __brand?: 'ObjectIndex' };
/** Index of a marker in its MainSystem. */
export type MarkerIndex = number & { readonly __brand?: 'MarkerIndex' };
/** Index of a load in its MainSystem. */
export type LoadIndex = number & { readonly __brand?: 'LoadIndex' };
/** Index of a sensor in its MainSystem. */
export type SensorIndex = number & { readonly __brand?: 'SensorIndex' };

/** A user function parameter: a function, or 0 for none (as in Exudyn). */
export type UserFunctionValue<F> = F | 0;

/** Kinds of parameter values; each kind has one validation rule. */
export type ParameterKind =
  | 'Real' | 'UReal' | 'PReal' | 'Int' | 'UInt' | 'Bool' | 'String'
  | 'Vector' | 'Matrix' | 'IntVector'
  | 'MatrixContainer'
  | 'NodeIndex' | 'ArrayNodeIndex' | 'ObjectIndex' | 'MarkerIndex' | 'ArrayMarkerIndex'
  | 'LoadIndex' | 'SensorIndex' | 'ArraySensorIndex'
  | 'UserFunction' | 'OutputVariableType' | 'Dict' | 'GraphicsDataList';

/** Declaration of one item parameter; `T` is its value type in dictionaries. */
export interface Parameter<T> {
  /** What kind of value it holds (decides the validation). */
  readonly kind: ParameterKind;
  /** Value when the user gives none. */
  readonly default: T;
  /** One-line description for the item reference page. */
  readonly description: string;
  /** Required vector length, or matrix [rows, columns]; undefined means any size. */
  readonly size?: number | readonly [number, number];
  /** Display type name for docs (e.g. 'Vector3D'); defaults to the kind. */
  readonly typeName?: string;
  /** For 'Dict' parameters: the allowed keys and their declarations (undefined: any keys). */
  readonly fields?: ParameterSchema;
  /**
   * Set if the parameter is structural: it cannot change on an assembled model (set…Parameter rejects it; modify…
   * changes it and drops the compiled model, so that assemble() must follow). The text says why, for the error
   * message. References to other items are structural without it ({@link structuralReason}).
   */
  readonly structural?: string;
}

/** A record of parameter declarations, the schema of an item type. */
export type ParameterSchema = Record<string, Parameter<unknown>>;

/** The dictionary type an item schema describes, with every parameter present. */
export type ParameterValues<S extends ParameterSchema> = { -readonly [K in keyof S]: S[K] extends Parameter<infer T> ? T : never };

/** What a user may pass: any subset of the parameters. */
export type ParameterInput<S extends ParameterSchema> = Partial<ParameterValues<S>>;

/** A vector value as users give it. */
export type VectorValue = readonly number[] | Float64Array;
/** A dense matrix value as users give it (rows of numbers). */
export type MatrixValue = readonly (readonly number[])[];

/** Declares a real parameter (any finite number). */
export function real(defaultValue: number, description: string): Parameter<number> {
  return { kind: 'Real', default: defaultValue, description };
}
/** Declares a non-negative real parameter. */
export function ureal(defaultValue: number, description: string): Parameter<number> {
  return { kind: 'UReal', default: defaultValue, description };
}
/** Declares a positive real parameter. */
export function preal(defaultValue: number, description: string): Parameter<number> {
  return { kind: 'PReal', default: defaultValue, description };
}
/** Declares an integer parameter. */
export function int(defaultValue: number, description: string): Parameter<number> {
  return { kind: 'Int', default: defaultValue, description };
}
/** Declares a non-negative integer parameter. */
export function uint(defaultValue: number, description: string): Parameter<number> {
  return { kind: 'UInt', default: defaultValue, description };
}
/** Declares a boolean parameter. */
export function bool(defaultValue: boolean, description: string): Parameter<boolean> {
  return { kind: 'Bool', default: defaultValue, description };
}
/** Declares a string parameter. */
export function str(defaultValue: string, description: string): Parameter<string> {
  return { kind: 'String', default: defaultValue, description };
}
/** Declares a real vector parameter of fixed length (or any length when size is undefined). */
export function vector(defaultValue: readonly number[], description: string, size?: number, typeName?: string): Parameter<VectorValue> {
  return { kind: 'Vector', default: defaultValue, description, size, typeName: typeName ?? (size === undefined ? 'Vector' : `Vector${size}D`) };
}
/** Declares a dense matrix parameter; size [rows, columns] fixes its shape. */
export function matrix(defaultValue: MatrixValue, description: string, size?: readonly [number, number], typeName?: string): Parameter<MatrixValue> {
  return { kind: 'Matrix', default: defaultValue, description, size, typeName: typeName ?? (size === undefined ? 'Matrix' : `Matrix${size[0]}D`) };
}
/** A sparse matrix parameter in compressed-column form: the engine's {@link CscMatrix} (what the FEM interface returns); square n × n. */
export type CscMatrixValue = CscMatrix;
/** A sparse matrix as [row, column, value] triplets (Exudyn's MatrixContainer.SetWithSparseMatrix); repeated positions add up. */
export interface TripletMatrixValue {
  /** Number of rows. */
  readonly numberOfRows: number;
  /** Number of columns. */
  readonly numberOfColumns: number;
  /** Entries [row, column, value], 0-based. */
  readonly triplets: readonly (readonly [number, number, number])[];
}
/** Exudyn's PyMatrixContainer: a dense matrix (array of rows), a CSC matrix or triplets; [] is the empty matrix. */
export type MatrixContainerValue = MatrixValue | CscMatrixValue | TripletMatrixValue;
/** Declares a matrix-container parameter (dense rows, CSC or triplets; stored sparse by the item). */
export function matrixContainer(description: string): Parameter<MatrixContainerValue> {
  return { kind: 'MatrixContainer', default: [], description, typeName: 'PyMatrixContainer' };
}
/** Declares an integer vector parameter (e.g. constrained axes flags). */
export function intVector(defaultValue: readonly number[], description: string, size?: number): Parameter<readonly number[]> {
  return { kind: 'IntVector', default: defaultValue, description, size };
}
/** Declares a node index parameter (default -1: not set). */
export function nodeIndex(description: string): Parameter<NodeIndex> {
  return { kind: 'NodeIndex', default: -1, description };
}
/** Declares a list of node indices. */
export function nodeIndexArray(description: string, size?: number): Parameter<readonly NodeIndex[]> {
  return { kind: 'ArrayNodeIndex', default: [], description, size };
}
/** Declares an object (body) index parameter. */
export function objectIndex(description: string): Parameter<ObjectIndex> {
  return { kind: 'ObjectIndex', default: -1, description };
}
/** Declares a marker index parameter. */
export function markerIndex(description: string): Parameter<MarkerIndex> {
  return { kind: 'MarkerIndex', default: -1, description };
}
/** Declares a list of marker indices of fixed length. */
export function markerIndexArray(description: string, size: number): Parameter<readonly MarkerIndex[]> {
  return { kind: 'ArrayMarkerIndex', default: new Array<number>(size).fill(-1), description, size };
}
/** Declares a list of marker indices of any length (default: Exudyn's placeholder [-1, -1]). */
export function markerIndexList(description: string): Parameter<readonly MarkerIndex[]> {
  return { kind: 'ArrayMarkerIndex', default: [-1, -1], description };
}
/** Declares a load index parameter. */
export function loadIndex(description: string): Parameter<LoadIndex> {
  return { kind: 'LoadIndex', default: -1, description };
}
/** Declares a sensor index parameter. */
export function sensorIndex(description: string): Parameter<SensorIndex> {
  return { kind: 'SensorIndex', default: -1, description };
}
/** Declares a list of sensor indices. */
export function sensorIndexArray(description: string): Parameter<readonly SensorIndex[]> {
  return { kind: 'ArraySensorIndex', default: [], description };
}
/** Declares a user function parameter; `signature` documents its arguments. */
export function userFunction<F>(description: string, signature: string): Parameter<UserFunctionValue<F>> {
  return { kind: 'UserFunction', default: 0, description: `${description} Signature: \`${signature}\`.`, typeName: 'UserFunction' };
}
/** Declares an OutputVariableType parameter. */
export function outputVariable(description: string): Parameter<OutputVariableType> {
  return { kind: 'OutputVariableType', default: OutputVariableType._None, description };
}
/** Declares a dictionary parameter; with `fields`, only those keys are allowed and each is validated by its declaration. */
export function dict(description: string, fields?: ParameterSchema, typeName?: string): Parameter<Record<string, unknown>> {
  return { kind: 'Dict', default: {}, description, fields, typeName };
}
/** Declares a list of graphics data (exudyn.graphics dictionaries), e.g. a body's visualization.graphicsData. */
export function graphicsDataList(description: string): Parameter<readonly GraphicsData[]> {
  return { kind: 'GraphicsDataList', default: [], description, typeName: 'BodyGraphicsData' };
}

/** Marks a declaration as structural (see {@link Parameter.structural}); `reason` completes "it …" in the error message. */
export function structural<T>(parameter: Parameter<T>, reason: string): Parameter<T> {
  return { ...parameter, structural: reason };
}

/** The reason of parameters that set a number of coordinates (NodeGeneric…: numberOf…Coordinates). */
export const setsTheNumberOfCoordinates = 'sets the number of coordinates (the sizes of the system state and its address tables)';

/** The parameter kinds that refer to other items. */
const referenceKinds: ReadonlySet<ParameterKind> = new Set<ParameterKind>([
  'NodeIndex', 'ArrayNodeIndex', 'ObjectIndex', 'MarkerIndex', 'ArrayMarkerIndex', 'LoadIndex', 'SensorIndex', 'ArraySensorIndex',
]);

/** True if the parameter refers to other items (node, object, marker, load or sensor numbers). */
export function isReferenceParameter(parameter: Parameter<unknown>): boolean {
  return referenceKinds.has(parameter.kind);
}

/**
 * Why a parameter cannot change on an assembled model ("it …"), or undefined if it can: references to other items
 * decide which coordinates the item couples (the compiled address tables and the sparsity pattern); other
 * parameters say so in their declaration.
 */
export function structuralReason(parameter: Parameter<unknown>): string | undefined {
  if (parameter.structural !== undefined) return parameter.structural;
  if (referenceKinds.has(parameter.kind)) return 'refers to other items, which decides the coordinates the item couples (the compiled address tables and the sparsity pattern)';
  return undefined;
}

const outputVariableNames = new Set<string>(Object.values(OutputVariableType));

function isIndexKind(kind: ParameterKind): boolean {
  return kind === 'NodeIndex' || kind === 'ObjectIndex' || kind === 'MarkerIndex' || kind === 'LoadIndex' || kind === 'SensorIndex';
}

function checkNumber(item: ItemLabel, name: string, value: unknown, kind: ParameterKind): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    itemError(item, name, `must be a finite number, got ${describeValue(value)}`);
  }
  switch (kind) {
    case 'UReal': if (value < 0) itemError(item, name, `must be non-negative, got ${value}`); break;
    case 'PReal': if (value <= 0) itemError(item, name, `must be positive, got ${value}`); break;
    case 'Int': if (!Number.isInteger(value)) itemError(item, name, `must be an integer, got ${value}`); break;
    case 'UInt': if (!Number.isInteger(value) || value < 0) itemError(item, name, `must be a non-negative integer, got ${value}`); break;
    default: if (isIndexKind(kind) && (!Number.isInteger(value) || value < -1)) itemError(item, name, `must be an item index (integer >= 0), got ${value}`);
  }
  return value;
}

function checkVector(item: ItemLabel, name: string, value: unknown, size: number | undefined, integer: boolean): number[] {
  if (!(Array.isArray(value) || value instanceof Float64Array)) {
    itemError(item, name, `must be an array of numbers${size === undefined ? '' : ` with ${size} entries`}, got ${describeValue(value)}`);
  }
  const length = (value as ArrayLike<unknown>).length;
  if (size !== undefined && length !== size) itemError(item, name, `must have ${size} entries, got ${length}`);
  return checkedCopy(item, name, -1, value as ArrayLike<unknown>, integer);
}

/**
 * A copy of an array's entries, each checked to be a finite number (an integer if `integer`); `row` ≥ 0 names the matrix
 * row they form in the message. The check is a plain loop that allocates nothing, the copy an array's own slice (or one
 * preallocated array for a Float64Array): a matrix parameter of a few hundred rows checks 10⁵ entries, which in a fresh
 * process run before any of this is compiled (docs/benchmarks.md, cold22 and gode26).
 */
function checkedCopy(item: ItemLabel, name: string, row: number, source: ArrayLike<unknown>, integer: boolean): number[] {
  const length = source.length;
  for (let i = 0; i < length; i++) {
    const entry = source[i];
    // entry − entry is 0 exactly for a finite number (NaN for ±Infinity and NaN): no call per entry
    if (typeof entry !== 'number' || entry - entry !== 0 || (integer && !Number.isInteger(entry))) {
      itemError(item, row < 0 ? name : `${name} row ${row}`, `entry ${i} must be a finite ${integer ? 'integer' : 'number'}, got ${describeValue(entry)}`);
    }
  }
  if (Array.isArray(source)) return source.slice() as number[];
  const copy = new Array<number>(length);
  for (let i = 0; i < length; i++) copy[i] = source[i] as number;
  return copy;
}

function checkMatrix(item: ItemLabel, name: string, value: unknown, size: readonly [number, number] | undefined): number[][] {
  if (!Array.isArray(value)) itemError(item, name, `must be a matrix given as an array of rows, got ${describeValue(value)}`);
  const rows = value as unknown[];
  if (size !== undefined && rows.length !== size[0]) itemError(item, name, `must have ${size[0]} rows, got ${rows.length}`);
  const columns = rows.length > 0 && (Array.isArray(rows[0]) || rows[0] instanceof Float64Array) ? (rows[0] as ArrayLike<unknown>).length : 0;
  const expected = size === undefined ? columns : size[1];
  const result = new Array<number[]>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!(Array.isArray(row) || row instanceof Float64Array)) itemError(item, name, `row ${i} must be an array of numbers, got ${describeValue(row)}`);
    if ((row as ArrayLike<unknown>).length !== expected) itemError(item, name, `row ${i} must have ${expected} entries, got ${(row as ArrayLike<unknown>).length}`);
    result[i] = checkedCopy(item, name, i, row as ArrayLike<unknown>, false);
  }
  return result;
}

function checkIndexArray(item: ItemLabel, name: string, value: unknown, what: string): ArrayLike<number> {
  if (!(Array.isArray(value) || ArrayBuffer.isView(value))) itemError(item, name, `${what} must be an array of numbers, got ${describeValue(value)}`);
  return value as ArrayLike<number>;
}

/** A copy of a CSC index array as an Int32Array; an entry that is no integer (a 32-bit one) is an error, not truncated. */
function checkedIndices(item: ItemLabel, name: string, value: unknown, what: string): Int32Array {
  const source = checkIndexArray(item, name, value, what);
  const indices = Int32Array.from(source);
  if (source instanceof Int32Array) return indices;
  for (let k = 0; k < indices.length; k++) {
    if (indices[k] !== source[k]) itemError(item, name, `${what}[${k}] must be an integer, got ${describeValue(source[k])}`);
  }
  return indices;
}

function checkMatrixContainer(item: ItemLabel, name: string, value: unknown): MatrixContainerValue {
  if (Array.isArray(value)) {
    const rows = checkMatrix(item, name, value, undefined);
    return rows;
  }
  if (typeof value !== 'object' || value === null) {
    itemError(item, name, `must be a matrix: array of rows, CSC {n, colPtr, rowIndex, values} or {numberOfRows, numberOfColumns, triplets}, got ${describeValue(value)}`);
  }
  const v = value as Record<string, unknown>;
  if ('triplets' in v) {
    const nr = v.numberOfRows, nc = v.numberOfColumns;
    if (typeof nr !== 'number' || !Number.isInteger(nr) || nr < 0 || typeof nc !== 'number' || !Number.isInteger(nc) || nc < 0) {
      itemError(item, name, `numberOfRows and numberOfColumns must be non-negative integers, got ${describeValue(nr)} and ${describeValue(nc)}`);
    }
    if (!Array.isArray(v.triplets)) itemError(item, name, `triplets must be an array of [row, column, value], got ${describeValue(v.triplets)}`);
    const triplets = (v.triplets as unknown[]).map((t, k) => {
      if (!(Array.isArray(t) || ArrayBuffer.isView(t)) || (t as ArrayLike<unknown>).length !== 3) itemError(item, name, `triplet ${k} must be [row, column, value], got ${describeValue(t)}`);
      const [r, c, x] = Array.from(t as ArrayLike<unknown>);
      if (typeof r !== 'number' || !Number.isInteger(r) || r < 0 || r >= nr || typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c >= nc) {
        itemError(item, name, `triplet ${k} must have row in 0..${nr - 1} and column in 0..${nc - 1}, got [${describeValue(r)}, ${describeValue(c)}]`);
      }
      if (typeof x !== 'number' || !Number.isFinite(x)) itemError(item, name, `triplet ${k} value must be a finite number, got ${describeValue(x)}`);
      return [r, c, x] as [number, number, number];
    });
    return { numberOfRows: nr, numberOfColumns: nc, triplets };
  }
  if ('colPtr' in v) {
    const n = v.n;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) itemError(item, name, `CSC n must be a non-negative integer, got ${describeValue(n)}`);
    const colPtr = checkedIndices(item, name, v.colPtr, 'CSC colPtr');
    const rowIndex = checkedIndices(item, name, v.rowIndex, 'CSC rowIndex');
    const values = Float64Array.from(checkIndexArray(item, name, v.values, 'CSC values'));
    if (colPtr.length !== n + 1 || colPtr[0] !== 0 || colPtr[n] !== rowIndex.length || values.length !== rowIndex.length) {
      itemError(item, name, `CSC arrays must have colPtr n + 1 = ${n + 1} entries from 0 to the entry count, rowIndex and values one entry each, got colPtr ${colPtr.length}, rowIndex ${rowIndex.length}, values ${values.length}`);
    }
    for (let c = 0; c < n; c++) if (colPtr[c + 1] < colPtr[c]) itemError(item, name, `CSC colPtr must not decrease, got colPtr[${c + 1}] = ${colPtr[c + 1]} < ${colPtr[c]}`);
    for (let k = 0; k < rowIndex.length; k++) {
      if (rowIndex[k] < 0 || rowIndex[k] >= n) itemError(item, name, `CSC rowIndex[${k}] must be in 0..${n - 1}, got ${rowIndex[k]}`);
      if (!Number.isFinite(values[k])) itemError(item, name, `CSC values[${k}] must be finite, got ${values[k]}`);
    }
    return { n, colPtr, rowIndex, values };
  }
  itemError(item, name, `must be a matrix: array of rows, CSC {n, colPtr, rowIndex, values} or {numberOfRows, numberOfColumns, triplets}, got an object with keys ${Object.keys(v).join(', ')}`);
}

/** Validates one parameter value against its declaration and returns a private copy. Throws a FlexdynError naming item, parameter, expected and got. */
export function validateParameter(item: ItemLabel, name: string, parameter: Parameter<unknown>, value: unknown): unknown {
  const kind = parameter.kind;
  switch (kind) {
    case 'Real': case 'UReal': case 'PReal': case 'Int': case 'UInt':
    case 'NodeIndex': case 'ObjectIndex': case 'MarkerIndex': case 'LoadIndex': case 'SensorIndex':
      return checkNumber(item, name, value, kind);
    case 'Bool':
      if (typeof value !== 'boolean') itemError(item, name, `must be a boolean, got ${describeValue(value)}`);
      return value;
    case 'String':
      if (typeof value !== 'string') itemError(item, name, `must be a string, got ${describeValue(value)}`);
      return value;
    case 'Vector':
      return checkVector(item, name, value, parameter.size as number | undefined, false);
    case 'IntVector': case 'ArrayNodeIndex': case 'ArrayMarkerIndex': case 'ArraySensorIndex': {
      const entries = checkVector(item, name, value, parameter.size as number | undefined, true);
      // -1 (Exudyn's invalid index) as in a single index: not set, or its item was deleted; assemble() rejects it
      if (kind !== 'IntVector') entries.forEach((entry, i) => { if (entry < -1) itemError(item, name, `entry ${i} must be an item index (integer >= 0, or -1 for none), got ${entry}`); });
      return entries;
    }
    case 'MatrixContainer':
      return checkMatrixContainer(item, name, value);
    case 'Matrix':
      return checkMatrix(item, name, value, parameter.size as readonly [number, number] | undefined);
    case 'UserFunction':
      if (value !== 0 && typeof value !== 'function') itemError(item, name, `must be a function or 0 (none), got ${describeValue(value)}`);
      return value;
    case 'OutputVariableType':
      if (typeof value !== 'string' || !outputVariableNames.has(value)) itemError(item, name, `must be an OutputVariableType member, got ${describeValue(value)}`);
      return value;
    case 'Dict': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) itemError(item, name, `must be a dictionary, got ${describeValue(value)}`);
      const fields = parameter.fields;
      if (fields === undefined) return { ...(value as object) };
      const result: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
        const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
        if (field === undefined) {
          const suggestion = closestName(key, Object.keys(fields));
          itemError(item, `${name}.${key}`, `is not a ${name} setting${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}; expected one of: ${Object.keys(fields).join(', ')}`);
        }
        if (entry !== undefined) result[key] = validateParameter(item, `${name}.${key}`, field, entry);
      }
      return result;
    }
    case 'GraphicsDataList': {
      if (!Array.isArray(value)) itemError(item, name, `must be a list of graphics data (graphics.Brick(…), …), got ${describeValue(value)}`);
      return (value as unknown[]).map((g, i) => validateGraphicsData(g, `${name}[${i}]`, (message) => itemError(item, `${name}[${i}]`, message)));
    }
  }
}

/** Deep-copies a default or stored value so that items never share arrays and callers never hold an item's own. */
export function copyDefault<T>(value: T): T {
  if (Array.isArray(value)) return value.map((entry) => copyDefault(entry)) as T;
  if (value instanceof Float64Array) return Array.from(value) as T;
  if (typeof value === 'object' && value !== null) {
    // the object's arrays copied too (a CSC matrix's typed arrays stay typed): a caller never holds a stored array
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of Object.keys(copy)) {
      const entry = copy[key];
      copy[key] = ArrayBuffer.isView(entry) ? (entry as Float64Array).slice() : copyDefault(entry);
    }
    return copy as T;
  }
  return value;
}

/** Human-readable type of a parameter for reference pages. */
export function parameterTypeName(parameter: Parameter<unknown>): string {
  return parameter.typeName ?? parameter.kind;
}

/** Human-readable size of a parameter for reference pages. */
export function parameterSizeText(parameter: Parameter<unknown>): string {
  if (parameter.size === undefined) return '';
  return typeof parameter.size === 'number' ? String(parameter.size) : `${parameter.size[0]} x ${parameter.size[1]}`;
}
