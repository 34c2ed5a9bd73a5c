import { itemRegistry } from '../items/index.ts';
import type { ReferenceOutputs } from '../model/referenceModel.ts';
import { FlexdynError } from '../core/errors.ts';
import { completeDictionary, labelOf, typeKeyOf, type ItemCategory, type ItemSink } from '../registry/definition.ts';

/**
 * What a builder may do with a system: add items (the registry's ItemSink) and read an object's dictionary and the
 * reference-configuration outputs of the items added so far. MainSystem implements it; builders never see the
 * MainSystem itself.
 */
export interface BuilderSink extends ItemSink {
  /** The dictionary of an object, defaults filled in. */
  getObject(index: number): Record<string, unknown>;
  /**
   * Outputs of the items in the reference configuration, computed from the items they depend on without assembling
   * the system; builders read joint frames and reference lengths with it.
   */
  referenceOutputs(): ReferenceOutputs;
}

/**
 * Validates an item dictionary with the registry's rules (schema and the type's cross-parameter checks) without
 * adding it, so that a builder rejects a bad parameter before it adds any item. `pending` holds the index parameters
 * the builder fills in once it has added the items they refer to (nodeNumbers, markerNumbers), as placeholders of
 * the right shape; errors about them are left to the add.
 */
export function checkBeforeAdding(category: ItemCategory, item: Record<string, unknown>, pending: Record<string, unknown>): void {
  const definition = itemRegistry.get(category, item[typeKeyOf[category]], -1);
  try {
    completeDictionary(definition, { ...item, ...pending }, labelOf(category, definition.typeName, -1));
  } catch (error) {
    if (!(error instanceof FlexdynError && error.parameter !== undefined && error.parameter in pending)) throw error;
  }
}
