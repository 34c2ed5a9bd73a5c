/**
 * Item dictionaries as plain data (numbers, strings, booleans, arrays and records: what JSON holds exactly) and back,
 * read from the parameter schemas: the system dictionary of MainSystem.getDictionary and the model files are made of
 * them. A user function cannot be written as data: it is saved by name ({@link UserFunctionNames}), and the loader
 * asks the caller for a function for every named slot ({@link resolveUserFunctions}).
 * @module
 */
import { FlexdynError, formatItemLabel, type ItemLabel } from '../core/errors.ts';
import { isDictionary } from '../core/dictionary.ts';
import { itemParameterSchema, type ItemDefinition, type ItemDictionary } from './definition.ts';
import type { Parameter, ParameterSchema } from './parameters.ts';

/** A slot that holds a user function: an item's parameter, or one of the system's own user functions. */
export interface UserFunctionSlot {
  /** The name the function was saved under. */
  readonly name: string;
  /** The item whose parameter holds it; undefined for the system's user functions (preStepUserFunction, …). */
  readonly item?: ItemLabel;
  /** The parameter (`loadVectorUserFunction`, `visualization.graphicsDataUserFunction`, `preStepUserFunction`). */
  readonly parameter: string;
}

/** A function that can fill a user-function slot (its signature is the slot's; it is checked when it is called). */
export type AnyUserFunction = (...args: never[]) => unknown;

/**
 * The user functions for the named slots of a saved model: by name (`{ UFtorque: UFtorque }`), or a function asked
 * for each slot that returns its function (undefined when it has none).
 */
export type UserFunctionSource = Readonly<Record<string, AnyUserFunction>> | ((slot: UserFunctionSlot) => AnyUserFunction | undefined);

/**
 * Names the user functions of a system as they are saved: a function's own name (`function UFtorque` or
 * `const UFtorque = …` gives 'UFtorque'), 'anonymous' when it has none; a second, different function of a name already
 * taken gets `name#2`, a third `name#3`, so that every name stands for one function. The same function in several slots
 * keeps one name.
 */
export class UserFunctionNames {
  private readonly names = new Map<AnyUserFunction, string>();
  private readonly taken = new Set<string>();

  /** The saved name of a function. */
  nameOf(f: AnyUserFunction): string {
    let name = this.names.get(f);
    if (name === undefined) {
      const base = f.name === '' ? 'anonymous' : f.name;
      name = base;
      for (let k = 2; this.taken.has(name); k++) name = `${base}#${k}`;
      this.names.set(f, name);
      this.taken.add(name);
    }
    return name;
  }
}

/** A parameter value as plain data: typed arrays as arrays, user functions by name, nested dictionaries by their fields. */
function valueToData(parameter: Parameter<unknown>, value: unknown, names: UserFunctionNames): unknown {
  if (parameter.kind === 'UserFunction') return typeof value === 'function' ? names.nameOf(value as AnyUserFunction) : value;
  if (parameter.kind === 'Dict' && parameter.fields !== undefined && isDictionary(value)) return schemaToData(parameter.fields, value, names);
  return plainData(value);
}

/** A deep copy of a value with typed arrays as arrays and records copied entry by entry (other values as they are). */
function plainData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainData);
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>);
  if (isDictionary(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, plainData(entry)]));
  return value;
}

function schemaToData(schema: ParameterSchema, dictionary: Record<string, unknown>, names: UserFunctionNames): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(dictionary)) {
    data[key] = Object.hasOwn(schema, key) ? valueToData(schema[key], value, names) : plainData(value);
  }
  return data;
}

/** An item's validated dictionary as plain data (the type key and every parameter; user functions by name). */
export function itemToData(definition: ItemDefinition, dictionary: ItemDictionary, names: UserFunctionNames): Record<string, unknown> {
  return schemaToData(itemParameterSchema(definition), dictionary, names);
}

/** The user-function slots of an item dictionary given as data, in parameter order: paths and values. */
function userFunctionEntries(schema: ParameterSchema, data: Record<string, unknown>, prefix: string, out: { path: string; value: unknown; parent: Record<string, unknown>; key: string }[]): void {
  for (const [key, parameter] of Object.entries(schema) as [string, Parameter<unknown>][]) {
    if (!Object.hasOwn(data, key)) continue;
    const value = data[key];
    if (parameter.kind === 'UserFunction') out.push({ path: `${prefix}${key}`, value, parent: data, key });
    else if (parameter.kind === 'Dict' && parameter.fields !== undefined && isDictionary(value)) userFunctionEntries(parameter.fields, value, `${prefix}${key}.`, out);
  }
}

/**
 * An item dictionary given as data, with every user function named by a string replaced by the caller's function:
 * a copy, ready for validation. Slots without a function are added to `missing` (and keep their name).
 */
export function itemFromData(definition: ItemDefinition, data: Record<string, unknown>, label: ItemLabel, source: UserFunctionSource | undefined, missing: UserFunctionSlot[]): Record<string, unknown> {
  const copy = plainData(data) as Record<string, unknown>;
  const entries: { path: string; value: unknown; parent: Record<string, unknown>; key: string }[] = [];
  userFunctionEntries(itemParameterSchema(definition), copy, '', entries);
  for (const entry of entries) {
    if (typeof entry.value !== 'string') continue;
    const slot: UserFunctionSlot = { name: entry.value, item: label, parameter: entry.path };
    const f = userFunctionFor(slot, source);
    if (f === undefined) missing.push(slot);
    else entry.parent[entry.key] = f;
  }
  return copy;
}

/** The caller's function for a slot, or undefined. A source that answers something else than a function is an error. */
export function userFunctionFor(slot: UserFunctionSlot, source: UserFunctionSource | undefined): AnyUserFunction | undefined {
  if (source === undefined) return undefined;
  const f = typeof source === 'function' ? source(slot) : Object.hasOwn(source, slot.name) ? source[slot.name] : undefined;
  if (f !== undefined && typeof f !== 'function') {
    throw new FlexdynError(`userFunctions: the function for ${describeSlot(slot)} must be a function, got ${typeof f}`, { item: slot.item, parameter: slot.parameter });
  }
  return f;
}

/** `'UFtorque' (LoadTorqueVector #0: loadVectorUserFunction)` or `'preStep' (preStepUserFunction)`. */
export function describeSlot(slot: UserFunctionSlot): string {
  return `'${slot.name}' (${slot.item === undefined ? '' : `${formatItemLabel(slot.item)}: `}${slot.parameter})`;
}

/**
 * The error for user functions the caller did not give: one FlexdynError that names every missing slot and says how
 * to pass them. `where` names the request (setDictionary, loadFromFile …).
 */
export function missingUserFunctionsError(where: string, missing: readonly UserFunctionSlot[]): FlexdynError {
  const names = [...new Set(missing.map((slot) => slot.name))];
  return new FlexdynError(
    `${where}: no function given for ${missing.length === 1 ? 'the user function' : `${missing.length} user functions`} ${missing.map(describeSlot).join(', ')}; `
    + `user functions are saved by name: pass them as options.userFunctions = { ${names.map((name) => `'${name}': …`).join(', ')} } or as a function (slot) => function`,
    { item: missing[0].item, parameter: missing[0].parameter },
  );
}
