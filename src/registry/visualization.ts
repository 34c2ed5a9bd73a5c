/**
 * The visualization settings every item accepts (Exudyn's VObject…/VNode…/… parameters), declared once:
 * `visualization: { show, color, graphicsData, drawSize, … }`. Keys an item type does not use are accepted
 * and ignored by the viewer, as a key of another V-item is in Exudyn.
 * @module
 */
import { bool, dict, graphicsDataList, intVector, real, userFunction, vector, type ParameterSchema } from './parameters.ts';
import type { GraphicsData } from '../graphics/graphicsData.ts';
import type { SystemUserFunction, UserFunctionSystem } from './userFunctionSystem.ts';

/** Exudyn's graphicsDataUserFunction: (mbs, itemNumber) → graphics data in global coordinates for the frame set in the Visualization configuration. */
export type GraphicsDataUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [itemNumber: number], unknown>;

/** Allowed keys of an item's `visualization` dictionary. */
export const visualizationFields = {
  show: bool(true, 'Draw the item.'),
  color: vector([-1, -1, -1, -1], 'RGBA colour; [-1, -1, -1, -1] = the default colour of the item (for bodies with graphicsData: the colours of the graphics data).', 4, 'Float4'),
  graphicsData: graphicsDataList('Bodies: graphics data (graphics.Brick(…), …) in the body frame; drawn at the body pose. Ground objects: in global coordinates.'),
  graphicsDataUserFunction: userFunction<GraphicsDataUserFunction>('Exudyn\'s graphics user function: called for every drawn frame (scene export, VTK export) with the Visualization configuration set to that frame; returns a list of graphics data in GLOBAL coordinates, drawn besides graphicsData (read the state with configuration ConfigurationType.Visualization). Errors it throws are reported naming the item.', '(mbs, itemNumber) => GraphicsData[]'),
  drawSize: real(-1, 'Size of the drawn item (mass point sphere diameter, spring coil diameter, 2D joint and distance constraint size, rod tube diameter, node size); -1 = automatic from the model size.'),
  drawHeight: real(-1, 'Cross-section height of drawn beams/cables (Exudyn VObjectANCFCable2D); -1 = drawSize.'),
  radius: real(-1, 'Radius of drawn cylinders/rods (Exudyn VCosseratRod, VObjectConnectorRollingDisc…); -1 = from drawSize.'),
  axisRadius: real(-1, 'Joint axis radius of JointRevoluteZ and JointPrismaticX (Exudyn VObjectJointRevoluteZ/PrismaticX): hinge/sleeve radius on marker 1, half of it for the axis on marker 0; ≤ 0 (default) = automatic, 1.5 % of the model size (Exudyn: 0.1, see docs/decisions.md).'),
  axisLength: real(-1, 'Joint axis length of JointRevoluteZ and JointPrismaticX: hinge/sleeve length on marker 1 (the axis on marker 0 is 1.2× / 1.5× longer); ≤ 0 (default) = automatic, 6 % of the model size (Exudyn: 0.4).'),
  jointRadius: real(-1, 'Sphere radius of JointSpherical (Exudyn VObjectJointSpherical); ≤ 0 (default) = automatic, 1.5 % of the model size (Exudyn: 0.1).'),
  axesRadius: real(-1, 'Axis radius of JointGeneric (Exudyn VObjectJointGeneric): free rotation axes as cylinders, locked joints as spheres of half this radius; ≤ 0 (default) = automatic, 1.5 % of the model size (Exudyn: 0.1).'),
  axesLength: real(-1, 'Axis length of JointGeneric; ≤ 0 (default) = automatic, 6 % of the model size (Exudyn: 0.4).'),
  discWidth: real(0.1, 'Width of the drawn disc of JointRollingDisc and ConnectorRollingDiscPenalty (Exudyn VObjectJointRollingDisc/VObjectConnectorRollingDiscPenalty).'),
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
  /** Cross-section height of drawn beams/cables (their tube diameter), -1 = drawSize. */
  drawHeight: number;
  /** Radius of drawn rods/cylinders, -1 = from drawSize. */
  radius: number;
  /** Joint axis radius (JointRevoluteZ, JointPrismaticX). */
  axisRadius: number;
  /** Joint axis length (JointRevoluteZ, JointPrismaticX). */
  axisLength: number;
  /** Sphere radius of spherical joints. */
  jointRadius: number;
  /** Axis radius of generic joints. */
  axesRadius: number;
  /** Axis length of generic joints. */
  axesLength: number;
  /** Width of the drawn disc of the rolling discs. */
  discWidth: number;
  /** Graphics user function (global coordinates), or 0. */
  graphicsDataUserFunction: GraphicsDataUserFunction | 0;
  /** Also draw the item's nodes. */
  showNodes: boolean;
  /** Surface triangles of mesh bodies (flat mesh node numbers). */
  triangleMesh: number[];
}

/** The visualization values of a validated item dictionary, with defaults for missing keys. */
export function visualizationOf(dictionary: Record<string, unknown>): VisualizationValues {
  const v = (dictionary.visualization ?? {}) as Record<string, unknown>;
  const get = <T>(key: keyof typeof visualizationFields): T => (v[key] ?? visualizationFields[key].default) as T;
  return {
    show: get<boolean>('show'), color: [...get<readonly number[]>('color')], graphicsData: [...get<GraphicsData[]>('graphicsData')],
    drawSize: get<number>('drawSize'), drawHeight: get<number>('drawHeight'), radius: get<number>('radius'), showNodes: get<boolean>('showNodes'),
    axisRadius: get<number>('axisRadius'), axisLength: get<number>('axisLength'), jointRadius: get<number>('jointRadius'),
    axesRadius: get<number>('axesRadius'), axesLength: get<number>('axesLength'), discWidth: get<number>('discWidth'),
    graphicsDataUserFunction: get<GraphicsDataUserFunction | 0>('graphicsDataUserFunction'),
    triangleMesh: [...get<readonly number[]>('triangleMesh')],
  };
}
