/**
 * References between items, read from the parameter schemas: which parameters of an item refer to nodes, objects,
 * markers, loads or sensors (the index kinds of registry/parameters.ts), the indices they hold, and their renumbering
 * when an item is deleted (Exudyn's DeleteNode/DeleteObject/…: a reference to the deleted item becomes the invalid
 * index -1, a reference to a later item moves down by one).
 * @module
 */
import { itemParameterSchema, type ItemCategory, type ItemDefinition, type ItemDictionary } from './definition.ts';
import type { Parameter, ParameterKind, ParameterSchema } from './parameters.ts';

/** Exudyn's invalid index: a reference that is not set, or whose item was deleted. */
export const INVALID_INDEX = -1;

/** The parameter kinds that refer to items of a category: one index, or a list of indices. */
const referenceKinds: Record<ItemCategory, readonly ParameterKind[]> = {
  Node: ['NodeIndex', 'ArrayNodeIndex'],
  Object: ['ObjectIndex'],
  Marker: ['MarkerIndex', 'ArrayMarkerIndex'],
  Load: ['LoadIndex'],
  Sensor: ['SensorIndex', 'ArraySensorIndex'],
};

/** One parameter of an item that refers to another item: its dotted path and its declaration. */
interface ReferenceParameter {
  /** Path of the parameter in the dictionary (`markerNumbers`, or `group.key` inside a dictionary parameter). */
  readonly path: readonly string[];
  /** Category of the items it refers to. */
  readonly target: ItemCategory;
}

/** The reference parameters per definition, found once. */
const referenceParametersOf = new WeakMap<ItemDefinition, readonly ReferenceParameter[]>();

function collectReferences(schema: ParameterSchema, prefix: readonly string[], out: ReferenceParameter[]): void {
  for (const [key, parameter] of Object.entries(schema) as [string, Parameter<unknown>][]) {
    const path = [...prefix, key];
    const target = (Object.keys(referenceKinds) as ItemCategory[]).find((category) => referenceKinds[category].includes(parameter.kind));
    if (target !== undefined) out.push({ path, target });
    else if (parameter.kind === 'Dict' && parameter.fields !== undefined) collectReferences(parameter.fields, path, out);
  }
}

function referenceParameters(definition: ItemDefinition): readonly ReferenceParameter[] {
  let references = referenceParametersOf.get(definition);
  if (references === undefined) {
    const out: ReferenceParameter[] = [];
    collectReferences(itemParameterSchema(definition), [], out);
    references = out;
    referenceParametersOf.set(definition, references);
  }
  return references;
}

function valueAt(dictionary: ItemDictionary, path: readonly string[]): unknown {
  let value: unknown = dictionary;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The valid indices (≥ 0) of items of category `target` that an item's dictionary refers to, in parameter order. */
export function referencedIndices(definition: ItemDefinition, dictionary: ItemDictionary, target: ItemCategory): number[] {
  const indices: number[] = [];
  for (const reference of referenceParameters(definition)) {
    if (reference.target !== target) continue;
    const value = valueAt(dictionary, reference.path);
    for (const index of Array.isArray(value) ? value : [value]) if (typeof index === 'number' && index >= 0) indices.push(index);
  }
  return indices;
}

/** An item's dictionary after a deletion renumbered its references, and the references that pointed to the deleted item. */
export interface RenumberedReferences {
  /** The new dictionary (the input is not changed). */
  readonly dictionary: ItemDictionary;
  /** Paths (`markerNumbers[0]`, `nodeNumber`) that referred to the deleted item and are now {@link INVALID_INDEX}. */
  readonly invalidated: readonly string[];
}

/**
 * Renumbers an item's references after the item `deleted` of category `target` was removed: that index becomes
 * {@link INVALID_INDEX}, larger ones move down by one. Returns undefined when the item refers to no item at or after
 * `deleted` (its dictionary stays as it is).
 */
export function renumberReferences(definition: ItemDefinition, dictionary: ItemDictionary, target: ItemCategory, deleted: number): RenumberedReferences | undefined {
  const renumber = (index: number): number => (index === deleted ? INVALID_INDEX : index > deleted ? index - 1 : index);
  let result: ItemDictionary | undefined;
  const invalidated: string[] = [];
  for (const reference of referenceParameters(definition)) {
    if (reference.target !== target) continue;
    const value = valueAt(dictionary, reference.path);
    const name = reference.path.join('.');
    let renumbered: unknown;
    if (Array.isArray(value)) {
      if (!value.some((index) => typeof index === 'number' && index >= deleted)) continue;
      renumbered = value.map((index: number, i) => {
        if (index === deleted) invalidated.push(`${name}[${i}]`);
        return renumber(index);
      });
    } else {
      if (typeof value !== 'number' || value < deleted) continue;
      if (value === deleted) invalidated.push(name);
      renumbered = renumber(value);
    }
    result ??= { ...dictionary };
    setAt(result, reference.path, renumbered);
  }
  return result === undefined ? undefined : { dictionary: result, invalidated };
}

/** Sets a value at a path, copying the dictionaries along the path (the caller's top level is already a copy). */
function setAt(dictionary: ItemDictionary, path: readonly string[], value: unknown): void {
  let level = dictionary;
  for (const key of path.slice(0, -1)) {
    const copy = { ...(level[key] as Record<string, unknown>) };
    level[key] = copy;
    level = copy;
  }
  level[path[path.length - 1]] = value;
}
