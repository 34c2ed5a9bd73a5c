/**
 * The visualization settings every item accepts (Exudyn's VObject…/VNode…/… parameters), declared once:
 * `visualization: { show, color, graphicsData, drawSize, … }`. Keys an item type does not use are accepted
 * and ignored by the viewer, as a key of another V-item is in Exudyn.
 * @module
 */
import { bool, dict, graphicsDataList, intVector, real, userFunction, vector, type ParameterSchema } from './parameters.ts';
import type { GraphicsData } from '../graphics/graphicsData.ts';

/** Allowed keys of an item's `visualization` dictionary. */
export const visualizationFields = {
  show: bool(true, 'Draw the item.'),
  color: vector([-1, -1, -1, -1], 'RGBA colour; [-1, -1, -1, -1] = the default colour of the item (for bodies with graphicsData: the colours of the graphics data).', 4, 'Float4'),
  graphicsData: graphicsDataList('Bodies: graphics data (graphics.Brick(…), …) in the body frame; drawn at the body pose. Ground objects: in global coordinates.'),
  graphicsDataUserFunction: userFunction('Exudyn\'s per-frame graphics function; accepted for ported scripts, but the scene export draws graphicsData only.', '(mbs, itemNumber) => GraphicsData[]'),
  drawSize: real(-1, 'Size of the drawn item (mass point sphere diameter, connector line/spring diameter, rod tube diameter, node size); -1 = automatic from the model size.'),
  drawHeight: real(-1, 'Cross-section height of drawn beams/cables (Exudyn VObjectANCFCable2D); -1 = drawSize.'),
  radius: real(-1, 'Radius of drawn cylinders/rods (Exudyn VCosseratRod, VObjectConnectorRollingDisc…); -1 = from drawSize.'),
  axisRadius: real(-1, 'Joint axis radius (Exudyn VObjectJointRevoluteZ, …).'),
  axisLength: real(-1, 'Joint axis length.'),
  jointRadius: real(-1, 'Spherical joint radius.'),
  axesRadius: real(-1, 'Generic joint axes radius.'),
  axesLength: real(-1, 'Generic joint axes length.'),
  showNodes: bool(false, 'Also draw the nodes of the item (rods, meshes).'),
  triangleMesh: intVector([], 'Mesh bodies (FFRF): surface triangles as a flat list of mesh node numbers [i0, j0, k0, i1, …], counter-clockwise seen from outside.'),
} as const satisfies ParameterSchema;

/** The `visualization` parameter declaration shared by all items. */
export const visualizationParameter = dict(
  `Visualization settings, Exudyn's V-item parameters; keys: ${Object.keys(visualizationFields).join(', ')} (see docs/viewer.md).`,
  visualizationFields, 'VisualizationDict',
);

/** A complete visualization dictionary (defaults filled in). */
export interface VisualizationValues {
  /** Draw the item. */
  show: boolean;
  /** RGBA colour, [-1, …] = default. */
  color: number[];
  /** Graphics data in the body frame (bodies) or globally (ground). */
  graphicsData: GraphicsData[];
  /** Drawing size, -1 = automatic. */
  drawSize: number;
  /** Radius of drawn rods/cylinders, -1 = from drawSize. */
  radius: number;
  /** Also draw the item's nodes. */
  showNodes: boolean;
}

/** The visualization values of a validated item dictionary, with defaults for missing keys. */
export function visualizationOf(dictionary: Record<string, unknown>): VisualizationValues {
  const v = (dictionary.visualization ?? {}) as Record<string, unknown>;
  const get = <T>(key: keyof typeof visualizationFields): T => (v[key] ?? visualizationFields[key].default) as T;
  return {
    show: get<boolean>('show'), color: [...get<readonly number[]>('color')], graphicsData: [...get<GraphicsData[]>('graphicsData')],
    drawSize: get<number>('drawSize'), radius: get<number>('radius'), showNodes: get<boolean>('showNodes'),
  };
}
