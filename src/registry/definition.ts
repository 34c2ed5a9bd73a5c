import { copyDefault, validateParameter, type LoadIndex, type Parameter, type MarkerIndex, type NodeIndex, type ObjectIndex, type ParameterInput, type ParameterSchema, type ParameterValues, type SensorIndex } from './parameters.ts';
import { describeValue, FlexdynError, itemError, type ItemLabel } from '../core/errors.ts';
import { closestName, ownValue } from '../core/dictionary.ts';
import type { OutputVariableType } from './enums.ts';
import { visualizationParameter } from './visualization.ts';
import { capabilityNames, retiredCapabilityNames, type LoadModel, type MarkerModel, type NodeModel, type ObjectModel, type SensorModel } from './capabilities.ts';
import type { LoadInput, MarkerInput, NodeInput, ObjectInput, SensorInput } from './itemDictionaries.ts';

/** The five item categories of a MainSystem. */
export type ItemCategory = 'Node' | 'Object' | 'Marker' | 'Load' | 'Sensor';

/** The dictionary key that names the item type, per category. */
export const typeKeyOf: Record<ItemCategory, string> = {
  Node: 'nodeType',
  Object: 'objectType',
  Marker: 'markerType',
  Load: 'loadType',
  Sensor: 'sensorType',
};

/** The run-time model an item definition creates, per category. */
export interface ModelOf {
  /** Node run-time model. */
  Node: NodeModel;
  /** Object run-time model. */
  Object: ObjectModel;
  /** Marker run-time model. */
  Marker: MarkerModel;
  /** Load run-time model. */
  Load: LoadModel;
  /** Sensor run-time model. */
  Sensor: SensorModel;
}

/**
 * The add functions of a system, through which item examples (and model builders) write items without importing
 * MainSystem, which implements it. Each takes an item dictionary (plain or from a factory) and returns its index.
 */
export interface ItemSink {
  /** Adds a node; returns its index. */
  addNode(item: NodeInput): NodeIndex;
  /** Adds an object; returns its index. */
  addObject(item: ObjectInput): ObjectIndex;
  /** Adds a marker; returns its index. */
  addMarker(item: MarkerInput): MarkerIndex;
  /** Adds a load; returns its index. */
  addLoad(item: LoadInput): LoadIndex;
  /** Adds a sensor; returns its index. */
  addSensor(item: SensorInput): SensorIndex;
}

/** The single declaration of an item type: schema, documentation and implementation. */
export interface ItemDefinition<C extends ItemCategory = ItemCategory, S extends ParameterSchema = ParameterSchema> {
  /** Item category. */
  readonly category: C;
  /** Type name as in Exudyn (e.g. 'MassPoint'). */
  readonly typeName: string;
  /** Exudyn's short aliases of the factory (e.g. 'MassPoint' for ObjectMassPoint). */
  readonly aliases?: readonly string[];
  /** Paragraph for the reference page. */
  readonly description: string;
  /** Parameters, in the order of the reference page. `name` is added for every item. */
  readonly parameters: S;
  /** Output variables the item answers (for sensors and get...Output). */
  readonly outputVariables: readonly OutputVariableType[];
  /** Optional equations section for the reference page (Markdown). */
  readonly equations?: string;
  /** Checks across parameters that the schema cannot express; throw with itemError. */
  validate?(values: ParameterValues<S>, label: ItemLabel): void;
  /**
   * A minimal model containing one item of this type (like Exudyn's mini examples), built through sink; returns the
   * index of that item in its category. Its coordinates, loads and parameters are chosen so that every term of the
   * item is non-zero away from the reference configuration: the registry-driven test (test/items/registry.test.ts)
   * assembles it and checks the item's Jacobians, outputs, defaults and reference page.
   */
  readonly example: (sink: ItemSink) => number;
  /** Creates the run-time model from validated values. */
  create(values: ParameterValues<S>, label: ItemLabel): ModelOf[C];
}

/** Parameters that every item has besides its own schema. */
export const commonParameters = {
  name: { kind: 'String', default: '', description: 'Name of the item, for lookup with get...Number(name).' },
  visualization: visualizationParameter,
} as const satisfies ParameterSchema;

/** A validated item dictionary: type key, every parameter with its value. */
export type ItemDictionary = Record<string, unknown>;

/**
 * Validates a user dictionary against a definition and returns a complete dictionary with defaults filled in.
 * Only own enumerable keys count: an unknown own key (also `constructor`, `toString`, a JSON `__proto__`) is an
 * error, an inherited value is never read.
 */
export function completeDictionary(definition: ItemDefinition, input: Record<string, unknown>, label: ItemLabel): ItemDictionary {
  const typeKey = typeKeyOf[definition.category];
  for (const key of Object.keys(input)) if (key !== typeKey) parameterDeclaration(definition, key, label);
  const result = filledDictionary(definition, input, label);
  definition.validate?.(result as never, label);
  return result;
}

/**
 * The declaration of parameter `name` of an item type (its own parameters and {@link commonParameters}); an unknown
 * name is a FlexdynError naming the item, the closest parameter and all of them.
 */
export function parameterDeclaration(definition: ItemDefinition, name: string, label: ItemLabel): Parameter<unknown> {
  const { schema } = fullSchemaOf(definition);
  if (!Object.hasOwn(schema, name)) {
    const suggestion = closestName(name, Object.keys(schema));
    itemError(label, name, `is not a parameter of ${definition.category}${definition.typeName}${suggestion ? ` (did you mean '${suggestion}'?)` : ''}; expected one of: ${Object.keys(schema).join(', ')}`);
  }
  return schema[name];
}

/**
 * A complete dictionary with `changes` applied: each changed parameter validated as at add time (an undefined value
 * restores the default), the others kept, then the type's cross-parameter rules; `dictionary` is not modified. The
 * changes must not contain the type key (the caller checks it).
 */
export function changedDictionary(definition: ItemDefinition, dictionary: ItemDictionary, changes: Record<string, unknown>, label: ItemLabel): ItemDictionary {
  // Object.assign onto {} keeps the dictionary's shape (see filledDictionary): the changed item's new model reads as the old
  const result: ItemDictionary = Object.assign({}, dictionary);
  for (const key of Object.keys(changes)) result[key] = validatedValue(definition, key, ownValue(changes, key), label);
  definition.validate?.(result as never, label);
  return result;
}

/**
 * `dictionary` with one entry set to an already validated value ({@link validatedValue}; set…Parameter, possibly in every
 * Newton iteration of a user function: no dictionary of changes with a computed key, which V8 builds slowly), then the
 * type's cross-parameter rules; `dictionary` is not modified.
 */
export function dictionaryWithEntry(definition: ItemDefinition, dictionary: ItemDictionary, key: string, validated: unknown, label: ItemLabel): ItemDictionary {
  const result: ItemDictionary = Object.assign({}, dictionary);
  result[key] = validated;
  definition.validate?.(result as never, label);
  return result;
}

/** The value of parameter `key` that `given` sets: validated as at add time, or a copy of the default for undefined. */
export function validatedValue(definition: ItemDefinition, key: string, given: unknown, label: ItemLabel): unknown {
  const parameter = parameterDeclaration(definition, key, label);
  return given === undefined ? copyDefault(parameter.default) : validateParameter(label, key, parameter, given);
}

/**
 * The dictionary of an item type's defaults (get...Defaults). Not checked across parameters: the defaults alone need
 * not form a valid item (a rod without nodes), and Exudyn answers them for every item type.
 */
export function defaultDictionary(definition: ItemDefinition): ItemDictionary {
  return filledDictionary(definition, {}, labelOf(definition.category, definition.typeName, -1));
}

/** An item type's parameters together with {@link commonParameters}: as a schema and as entries. */
interface FullSchema {
  readonly schema: ParameterSchema;
  readonly entries: readonly (readonly [string, ParameterSchema[string]])[];
  /** Type key and every parameter in dictionary order, fast properties: the object each filled dictionary is copied from. */
  readonly template: ItemDictionary;
}

/** The full schemas, built once per definition (not once per added item: issue 12, build cost). */
const fullSchemas = new WeakMap<ItemDefinition, FullSchema>();

function fullSchemaOf(definition: ItemDefinition): FullSchema {
  let full = fullSchemas.get(definition);
  if (full === undefined) {
    const schema: ParameterSchema = { ...definition.parameters, ...commonParameters };
    const entries = Object.entries(schema);
    const keyed: ItemDictionary = { [typeKeyOf[definition.category]]: definition.typeName };
    for (const [key] of entries) keyed[key] = undefined;
    full = { schema, entries, template: { ...keyed } };
    fullSchemas.set(definition, full);
  }
  return full;
}

/** An item type's full parameter schema: its own parameters and {@link commonParameters} (built once per definition). */
export function itemParameterSchema(definition: ItemDefinition): ParameterSchema {
  return fullSchemaOf(definition).schema;
}

/**
 * Type key plus every parameter: the validated given value, else a copy of the default. The item models read their
 * parameters from this dictionary in every residual and post-Newton step, so it must have fast properties and one shape
 * per item type for the life of the process: it is a copy of the type's template (FullSchema.template, fast, kept with the
 * definition) by Object.assign onto {}, whose existing properties are then assigned. (Keyed stores of 20 or more new
 * properties keep an object in V8's slow dictionary mode (Node 20); spread copies of such objects, made per item, got
 * shapes of their own from one system to the next (three for ConnectorGravity in its first two runs), and the parameter
 * reads of the models' residuals, compiled for several shapes, boxed their doubles: connectorGravityTest allocated
 * 1.04 MB per warm solve, 0.17 MB with the template. A spread copy of the fast template still changed shape once, after
 * the first system, which deoptimized the residual in the second; Object.assign's copies keep the template's.)
 */
function filledDictionary(definition: ItemDefinition, input: Record<string, unknown>, label: ItemLabel): ItemDictionary {
  const { entries, template } = fullSchemaOf(definition);
  const result: ItemDictionary = Object.assign({}, template);
  for (const [key, parameter] of entries) {
    const given = ownValue(input, key);
    result[key] = given === undefined ? copyDefault(parameter.default) : validateParameter(label, key, parameter, given);
  }
  return result;
}

/** Object.prototype.propertyIsEnumerable: true for an own enumerable property. */
const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;

/** The dictionary a factory returns: parameters plus the type key. */
export type FactoryResult = Record<string, unknown>;

/** Creates Exudyn-style factory functions, e.g. `NodePoint({...})` returns `{ nodeType: 'Point', ... }`. */
export function makeFactory<C extends ItemCategory, S extends ParameterSchema>(definition: ItemDefinition<C, S>) {
  const typeKey = typeKeyOf[definition.category];
  return (parameters: ParameterInput<S> & { name?: string; visualization?: Record<string, unknown> } = {}): FactoryResult => {
    // the type key among the own enumerable keys (the ones the spread copies), not a list of all entries per call
    if (propertyIsEnumerable.call(parameters, typeKey)) {
      const value = (parameters as Record<string, unknown>)[typeKey];
      if (value !== undefined) throw new FlexdynError(`${definition.category}${definition.typeName}: the factory sets ${typeKey} itself, got ${describeValue(value)}`);
    }
    return { [typeKey]: definition.typeName, ...parameters };
  };
}

/** Registry of item definitions by category and type name (aliases resolved). */
export class ItemRegistry {
  private readonly definitions = new Map<string, ItemDefinition>();

  /** Registers a definition; a duplicate type name is a programming error. */
  register(definition: ItemDefinition): void {
    const key = `${definition.category}:${definition.typeName}`;
    if (this.definitions.has(key)) throw new FlexdynError(`item type ${definition.category}${definition.typeName} is registered twice`);
    this.definitions.set(key, definition);
  }

  /** Finds the definition for a dictionary's type name; throws with the known names when missing. */
  get(category: ItemCategory, typeName: unknown, index: number): ItemDefinition {
    const typeKey = typeKeyOf[category];
    if (typeof typeName !== 'string') {
      throw new FlexdynError(`${category} ${index >= 0 ? '#' + index : '(new)'}: ${typeKey} must be a string naming the ${category.toLowerCase()} type, got ${describeValue(typeName)}`);
    }
    const stripped = typeName.startsWith(category) && this.definitions.has(`${category}:${typeName.slice(category.length)}`) ? typeName.slice(category.length) : typeName;
    const definition = this.definitions.get(`${category}:${stripped}`);
    if (definition === undefined) {
      const known = this.list(category).map((d) => d.typeName);
      throw new FlexdynError(`${category} ${index >= 0 ? '#' + index : '(new)'}: unknown ${typeKey} '${typeName}'; known types: ${known.join(', ')}`);
    }
    return definition;
  }

  /** All definitions of a category, in registration order. */
  list(category?: ItemCategory): ItemDefinition[] {
    return [...this.definitions.values()].filter((d) => category === undefined || d.category === category);
  }
}

/** Label of an item for messages, e.g. `ObjectMassPoint #2`. */
export function labelOf(category: ItemCategory, typeName: string, index: number): ItemLabel {
  return { category, typeName, index };
}


/** The member names of the model interfaces an item of each category may implement (objects: also body and super element). */
const knownMembers: Record<ItemCategory, readonly string[]> = {
  Node: Object.keys(capabilityNames.node),
  Object: [...new Set([...Object.keys(capabilityNames.object), ...Object.keys(capabilityNames.body), ...Object.keys(capabilityNames.superElement)])],
  Marker: Object.keys(capabilityNames.marker),
  Load: Object.keys(capabilityNames.load),
  Sensor: Object.keys(capabilityNames.sensor),
};

/** Prototypes (item model classes) already checked by {@link checkItemModel}. */
const checkedPrototypes = new WeakSet<object>();

/**
 * Per category, the member names found to misspell no capability: base classes and helpers share their names, and a
 * name's verdict never changes, so each is compared with the capabilities once per process (start-up cost).
 */
const acceptedMemberNames = new Map<ItemCategory, Set<string>>();

/** A name with case and underscores dropped, so that `ode2LHS`, `ode2lhs` and `ode2_lhs` compare equal to `ode2Lhs`. */
function normalizedName(name: string): string {
  return name.toLowerCase().replaceAll('_', '');
}

/**
 * A category's capability names ({@link knownMembers}) indexed for {@link misspelledCapability}: the names, the first
 * capability (in the order of the names) of each normalized name ({@link normalizedName}), and per length the indices
 * of the normalized names of 6 characters or more, so that a member name is compared only with the capabilities one edit
 * can reach (at most one character longer or shorter) instead of with all of them.
 */
interface CapabilityIndex {
  readonly known: readonly string[];
  readonly names: ReadonlySet<string>;
  readonly normalized: readonly string[];
  readonly firstOfNormalized: ReadonlyMap<string, number>;
  readonly byLength: ReadonlyMap<number, readonly number[]>;
}

/** The {@link CapabilityIndex} of a category's capability names. */
function capabilityIndex(known: readonly string[]): CapabilityIndex {
  const normalized = known.map(normalizedName);
  const firstOfNormalized = new Map<string, number>();
  const byLength = new Map<number, number[]>();
  normalized.forEach((other, k) => {
    if (!firstOfNormalized.has(other)) firstOfNormalized.set(other, k);
    if (other.length < 6) return;
    let bucket = byLength.get(other.length);
    if (bucket === undefined) byLength.set(other.length, bucket = []);
    bucket.push(k);
  });
  return { known, names: new Set(known), normalized, firstOfNormalized, byLength };
}

/**
 * The capability that `name` misspells, if any: not a member of the category's interfaces, but equal to one of them up to
 * case and underscores, or (names of 6 characters or more) one character inserted, deleted or replaced away from one
 * inside the name (`massMatrx`); a name that only extends or shortens one at its end (`outputs`, `rotationJacobian0`,
 * `nLocal`) is a helper, not a misspelling. Of several such capabilities, the first in the order of the names.
 */
function misspelledCapability(name: string, index: CapabilityIndex): string | undefined {
  if (index.names.has(name)) return undefined;
  const normalized = normalizedName(name);
  let first = index.firstOfNormalized.get(normalized) ?? index.known.length;
  if (normalized.length >= 6) {
    // one edit changes the length by at most one: no comparison needed with the others
    for (let length = normalized.length - 1; length <= normalized.length + 1; length++) {
      for (const k of index.byLength.get(length) ?? []) {
        if (k >= first) break;
        const other = index.normalized[k];
        if (normalized.startsWith(other) || other.startsWith(normalized)) continue;
        if (oneEditApart(normalized, other)) first = k;
      }
    }
  }
  return first < index.known.length ? index.known[first] : undefined;
}

/**
 * True if two different strings whose lengths differ by at most one are one edit apart (Levenshtein distance 1): one
 * character replaced (same length) or one inserted into the shorter. Allocation-free (no pair to destructure, no slices:
 * it runs a few thousand times at start-up, long enough for TurboFan to compile it), for the start-up check.
 */
function oneEditApart(a: string, b: string): boolean {
  // an edit at the first character leaves the last in place (names of 6 characters or more): both different is two
  // edits. Most pairs end here, at the start of the bytecode, which V8 charges each call towards optimizing the function:
  // the check runs a few thousand times while a model is built, and a TurboFan job for it never paid back
  if (a.charCodeAt(0) !== b.charCodeAt(0) && a.charCodeAt(a.length - 1) !== b.charCodeAt(b.length - 1)) return false;
  const aShorter = a.length <= b.length;
  const shorter = aShorter ? a : b, longer = aShorter ? b : a;
  const n = shorter.length;
  let i = 0;
  while (i < n && shorter.charCodeAt(i) === longer.charCodeAt(i)) i++;
  // the first difference at i: replaced (skip it in both) or inserted into the shorter (skip it in the longer)
  const shift = n === longer.length ? 0 : 1;
  for (let j = n === longer.length ? i + 1 : i; j < n; j++) {
    if (shorter.charCodeAt(j) !== longer.charCodeAt(j + shift)) return false;
  }
  return true;
}

/** {@link knownMembers} indexed ({@link capabilityIndex}), per category, computed on first use. */
const knownMembersIndex = new Map<ItemCategory, CapabilityIndex>();

/**
 * Checks a freshly created item model against the member names of its category's model interfaces and throws a
 * FlexdynError naming the item when one of its methods or fields misspells a capability (`ode2LHS` for `ode2Lhs`:
 * the assembler would never call it, and the term would silently be missing). Classes that declare
 * `implements Only<ObjectModel, Class>` get the same check at compile time; this one also covers models written
 * without it. Each class is checked once (its members, own and inherited, are those of its first instance).
 */
export function checkItemModel(category: ItemCategory, model: object, label: ItemLabel): void {
  const prototype = Object.getPrototypeOf(model) as object | null;
  if (prototype !== null && checkedPrototypes.has(prototype)) return;
  let index = knownMembersIndex.get(category);
  if (index === undefined) knownMembersIndex.set(category, index = capabilityIndex(knownMembers[category]));
  let accepted = acceptedMemberNames.get(category);
  if (accepted === undefined) acceptedMemberNames.set(category, accepted = new Set());
  for (let level: object | null = model; level !== null && level !== Object.prototype; level = Object.getPrototypeOf(level) as object | null) {
    for (const name of Object.getOwnPropertyNames(level)) {
      if (name === 'constructor') continue;
      const replacement = ownValue(retiredCapabilityNames, name);
      if (replacement !== undefined && (category === 'Object' || category === 'Node')) {
        itemError(label, undefined, `the item model defines '${name}', a capability of an earlier item contract that is never called; its term is written by ${replacement}`);
      }
      if (accepted.has(name)) continue;
      const capability = misspelledCapability(name, index);
      if (capability !== undefined) {
        itemError(label, undefined, `the item model defines '${name}', which is not a capability of ${category} models (did you mean '${capability}'?); a misspelled capability would never be called`);
      }
      accepted.add(name);
    }
  }
  if (prototype !== null) checkedPrototypes.add(prototype);
}

/** Creates the run-time model of a stored item (validated dictionary) and checks it with {@link checkItemModel}. */
export function createItemModel<C extends ItemCategory>(category: C, definition: ItemDefinition, dictionary: ItemDictionary, index: number): ModelOf[C] {
  const label = labelOf(category, definition.typeName, index);
  const model = definition.create(dictionary as never, label) as ModelOf[C];
  checkItemModel(category, model, label);
  return model;
}
