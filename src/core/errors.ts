/** Identifies an item for error messages: its category, type name and index. */
export interface ItemLabel {
  /** 'Node', 'Object', 'Marker', 'Load' or 'Sensor'. */
  category: string;
  /** Item type name, e.g. 'RigidBody'. */
  typeName: string;
  /** Index of the item in its list, or -1 while it is being added. */
  index: number;
}

/** Formats an item label like `ObjectRigidBody #3`. */
export function formatItemLabel(label: ItemLabel): string {
  const index = label.index >= 0 ? ` #${label.index}` : ' (new)';
  return `${label.category}${label.typeName}${index}`;
}

/** The one error type Flexdyn throws for bad input and failed solves. */
export class FlexdynError extends Error {
  /** The item the error is about, when there is one. */
  readonly item?: ItemLabel;
  /** The parameter the error is about, when there is one. */
  readonly parameter?: string;

  constructor(message: string, details: { item?: ItemLabel; parameter?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'FlexdynError';
    this.item = details.item;
    this.parameter = details.parameter;
  }
}

/** Throws a FlexdynError of the form `ObjectRigidBody #3: physicsInertia must have 6 entries, got 3`. */
export function itemError(item: ItemLabel, parameter: string | undefined, message: string): never {
  const prefix = parameter === undefined ? '' : `${parameter} `;
  throw new FlexdynError(`${formatItemLabel(item)}: ${prefix}${message}`, { item, parameter });
}

/** Describes a value briefly for error messages ('array of 3 numbers', 'string "abc"', ...). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'number') return `number ${value}`;
  if (typeof value === 'boolean') return `boolean ${value}`;
  if (typeof value === 'function') return 'a function';
  if (value instanceof Float64Array) return `Float64Array of length ${value.length}`;
  if (Array.isArray(value)) return `array of length ${value.length}`;
  return typeof value;
}
