/**
 * The dictionaries `MainSystem.add…` accept, per category. In the sources they are plain records (the
 * registry validates every key and value at run time); the published package replaces this module's
 * declarations with types generated from the item registry (scripts/itemDictionaryTypes.mjs, run by
 * `npm run build`): one interface per item type, discriminated by its type key, with each parameter's
 * description as doc comment.
 * @module
 */

/** A node dictionary (published: a union discriminated by `nodeType`). */
export type NodeInput = Record<string, unknown>;
/** An object dictionary (published: a union discriminated by `objectType`). */
export type ObjectInput = Record<string, unknown>;
/** A marker dictionary (published: a union discriminated by `markerType`). */
export type MarkerInput = Record<string, unknown>;
/** A load dictionary (published: a union discriminated by `loadType`). */
export type LoadInput = Record<string, unknown>;
/** A sensor dictionary (published: a union discriminated by `sensorType`). */
export type SensorInput = Record<string, unknown>;
