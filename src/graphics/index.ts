/**
 * Graphics data (exudyn.graphics): primitives, colours, STL import/export and triangulation to typed arrays.
 * @module
 */
export {
  color, colorList, Brick, Sphere, Cylinder, Arrow, Basis, Lines, Line, SolidOfRevolution, CheckerBoard, Rectangle, MergeTriangleLists, Move,
  validateGraphicsData,
} from './graphicsData.ts';
export type {
  Color4, ColorName, Vector3Like, GraphicsData, GraphicsTriangleList, GraphicsLine, BrickOptions, SphereOptions, CylinderOptions, ArrowOptions,
  BasisOptions, LinesOptions, SolidOfRevolutionOptions, CheckerBoardOptions, RectangleOptions,
} from './graphicsData.ts';
export { FromSTL, toSTL, ExportSTL } from './stl.ts';
export { ToPointsAndTrigs, FromPointsAndTrigs } from './meshUtilities.ts';
export type { PointsAndTrigs } from './meshUtilities.ts';
export type { FromSTLOptions, STLWriteOptions } from './stl.ts';
export { triangulate } from './triangulate.ts';
export type { TriangulatedGraphics, TriangulateOptions } from './triangulate.ts';
