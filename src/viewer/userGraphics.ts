/**
 * Items' graphicsDataUserFunction (Exudyn semantics): per drawn frame a function (mbs, itemNumber) returns graphics data
 * in global coordinates; the scene and VTK exports call it with the Visualization configuration set to the frame.
 * @module
 */
import type { MainSystem } from '../MainSystem.ts';
import { FlexdynError, describeValue, formatItemLabel, type ItemLabel } from '../core/errors.ts';
import { visualizationOf, type GraphicsDataUserFunction } from '../registry/visualization.ts';
import { validateGraphicsData, type GraphicsData } from '../graphics/graphicsData.ts';

/** A shown object with a graphics user function. */
export interface UserGraphicsItem {
  /** Object index (the user function's itemNumber). */
  index: number;
  /** Item label, e.g. 'ObjectGround #0'. */
  label: string;
  /** The item (for FlexdynError.item). */
  item: ItemLabel;
  /** Item name. */
  name: string;
  /** The user function. */
  fn: GraphicsDataUserFunction;
}

/** The shown objects that have a visualization.graphicsDataUserFunction. */
export function userGraphicsItems(mbs: MainSystem): UserGraphicsItem[] {
  const result: UserGraphicsItem[] = [];
  mbs.assembledItems().objects.forEach((object, index) => {
    const dictionary = mbs.getObject(index);
    const vis = visualizationOf(dictionary);
    if (vis.show && vis.graphicsDataUserFunction !== 0) {
      result.push({ index, label: formatItemLabel(object.label), item: object.label, name: String(dictionary.name ?? ''), fn: vis.graphicsDataUserFunction });
    }
  });
  return result;
}

/**
 * Calls an item's graphics user function for the frame currently set in the Visualization configuration and returns the
 * checked graphics data (global coordinates). A throwing function or a bad result gives a FlexdynError naming the item,
 * the frame and the time (the thrown error is its cause).
 */
export function evaluateUserGraphics(mbs: MainSystem, item: UserGraphicsItem, where: string, frame: number, time: number): GraphicsData[] {
  const at = `frame ${frame} (t = ${time})`;
  const parameter = 'visualization.graphicsDataUserFunction';
  let result: unknown;
  try {
    result = item.fn(mbs, item.index);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FlexdynError(`${where}: ${item.label}: ${parameter} threw at ${at}: ${message}`, { item: item.item, parameter, cause: error });
  }
  if (!Array.isArray(result)) throw new FlexdynError(`${where}: ${item.label}: ${parameter} must return a list of graphics data, got ${describeValue(result)} at ${at}`, { item: item.item, parameter });
  return result.map((g, k) => validateGraphicsData(g, `${where}: ${item.label}: ${parameter} result [${k}] at ${at}`));
}
