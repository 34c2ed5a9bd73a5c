/**
 * How connectors and joints are drawn, shared by the scene export and the VTK export (docs/viewer.md,
 * "Connectors and joints"): spring-dampers as helical coils between their marker positions, joints as cylinders
 * along the joint axis and spheres at the joint point attached to the marker frames, other two-marker connectors
 * as lines. Sizes and colours come from the items' visualization (Exudyn's VObject… parameters).
 * @module
 */
import type { MainSystem } from '../MainSystem.ts';
import { ConfigurationType, OutputVariableType } from '../registry/enums.ts';
import { formatItemLabel } from '../core/errors.ts';
import { isPositionMarker, isRigidMarker, type ItemState } from '../registry/capabilities.ts';
import { visualizationOf } from '../registry/visualization.ts';
import { Cylinder, Sphere, type GraphicsData } from '../graphics/graphicsData.ts';
import { JointModel, type JointSelection } from '../items/objects/jointKernel.ts';

/** Exudyn's visualizationSettings.connectors.defaultColor: the colour of connectors without visualization.color. */
export const defaultConnectorColor: readonly number[] = [0.2, 0.2, 1, 1];

/** Exudyn's visualizationSettings.connectors.springNumberOfWindings: windings of a drawn spring. */
export const defaultSpringWindings = 8;

/** Points per winding of a drawn spring coil. */
export const springPointsPerWinding = 12;

/** Default connector size (spring diameter, joint size) for drawSize −1: this fraction of the model size. */
export const defaultConnectorSizeFactor = 0.03;

/** Spring-dampers drawn as coils (all with two position markers; coordinate springs through their nodes). */
const springTypes = new Set(['ConnectorSpringDamper', 'ConnectorCartesianSpringDamper', 'ConnectorRigidBodySpringDamper', 'ConnectorCoordinateSpringDamper', 'ConnectorLinearSpringDamper']);

/** Writes a point's global position. */
export type EndPoint = (s: ItemState, out: Float64Array) => void;

/** Writes a joint frame: global position (3) and rotation matrix (9, row-major, columns = joint axes). */
export type JointFrame = (s: ItemState, position: Float64Array, rotation: Float64Array) => void;

/**
 * A glyph of a joint part in its joint frame: a cylinder from start·axis to (start + length)·axis, a sphere at the origin,
 * or a triangle with the given points (9 numbers, the contact triangle of ContactSphereTriangle).
 */
export type JointShape =
  | { type: 'cylinder'; axis: readonly [number, number, number]; start: number; length: number; radius: number }
  | { type: 'sphere'; radius: number }
  | { type: 'triangle'; points: readonly number[] };

/** One part of a drawn joint: shapes attached to the frame of marker 0 or 1. */
export interface JointPart {
  /** The marker whose frame carries the part. */
  marker: 0 | 1;
  /** The part's frame: marker position and marker rotation times the joint's rotationMarker. */
  frame: JointFrame;
  /** Glyphs in the joint frame. */
  shapes: JointShape[];
  /** RGBA colour (the marker-0 part is drawn lighter, as in Exudyn). */
  color: number[];
}

/** A connector or joint as drawn. */
export interface ConnectorDrawing {
  /** Object index. */
  index: number;
  /** Item label, e.g. 'ObjectJointRevoluteZ #3'. */
  label: string;
  /** Item name. */
  name: string;
  /** RGBA colour. */
  color: number[];
  /** The two marker positions. */
  ends: [EndPoint, EndPoint];
  /** Spring coil (spring-dampers): radius and windings. */
  spring?: { radius: number; windings: number };
  /** Joint glyphs (joints). */
  parts: JointPart[];
  /** Draw a line between the marker positions (other connectors, ConnectorDistance, spherical joints with free axes). */
  line: boolean;
}

/** Number of points of a spring coil polyline with the given windings: both ends, and the helix between. */
export function springCoilPointCount(windings: number): number {
  return windings * springPointsPerWinding + 3;
}

/**
 * Writes the polyline of a helical spring from p0 to p1 (springCoilPointCount(windings) points, 3 numbers each) into
 * out at offset o: p0, a helix of the given radius and windings around the axis between 10 % and 90 % of the
 * length (starting and ending at angle 0 of the axis' normal n1), p1. The normals (n1, n2) are those of
 * a right-handed basis with the coordinate axis least parallel to the spring as helper. Zero length: all points at p0.
 */
export function springCoil(p0: ArrayLike<number>, p1: ArrayLike<number>, radius: number, windings: number, out: Float32Array | Float64Array, o = 0): void {
  const d = [p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]];
  const L = Math.hypot(d[0], d[1], d[2]);
  const n = windings * springPointsPerWinding;
  if (!(L > 0)) {
    for (let i = 0; i < n + 3; i++) for (let k = 0; k < 3; k++) out[o + 3 * i + k] = p0[k];
    return;
  }
  const e = d.map((x) => x / L);
  const ax = Math.abs(e[0]), ay = Math.abs(e[1]), az = Math.abs(e[2]);
  const h = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  const c = [e[1] * h[2] - e[2] * h[1], e[2] * h[0] - e[0] * h[2], e[0] * h[1] - e[1] * h[0]];
  const lc = Math.hypot(c[0], c[1], c[2]);
  const n1 = c.map((x) => x / lc);
  const n2 = [e[1] * n1[2] - e[2] * n1[1], e[2] * n1[0] - e[0] * n1[2], e[0] * n1[1] - e[1] * n1[0]];
  for (let k = 0; k < 3; k++) { out[o + k] = p0[k]; out[o + 3 * (n + 2) + k] = p1[k]; }
  for (let i = 0; i <= n; i++) {
    const s = L * (0.1 + (0.8 * i) / n), phi = (2 * Math.PI * i) / springPointsPerWinding;
    const cs = radius * Math.cos(phi), sn = radius * Math.sin(phi);
    for (let k = 0; k < 3; k++) out[o + 3 * (i + 1) + k] = p0[k] + s * e[k] + cs * n1[k] + sn * n2[k];
  }
}

/** The graphics data of a joint part's shapes, in the joint frame. */
export function jointPartGraphics(part: JointPart): GraphicsData[] {
  return part.shapes.map((shape) => {
    if (shape.type === 'sphere') return Sphere({ radius: shape.radius, color: part.color, nTiles: 8 });
    if (shape.type === 'triangle') return triangleGraphics(shape.points, part.color);
    return Cylinder({ pAxis: shape.axis.map((x) => x * shape.start), vAxis: shape.axis.map((x) => x * shape.length), radius: shape.radius, color: part.color, nTiles: 16 });
  });
}

/** One flat triangle (points p0, p1, p2 as 9 numbers) with its normal. */
function triangleGraphics(points: readonly number[], color: readonly number[]): GraphicsData {
  const e1 = [0, 1, 2].map((k) => points[3 + k] - points[k]), e2 = [0, 1, 2].map((k) => points[6 + k] - points[k]);
  const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
  const length = Math.hypot(n[0], n[1], n[2]);
  const normal = n.map((x) => x / length);
  return { type: 'TriangleList', points: [...points], normals: [...normal, ...normal, ...normal], colors: [...color, ...color, ...color], triangles: [0, 1, 2] };
}

/** Largest distance of a glyph from its frame origin (for the scene's bounds). */
export function jointShapeRadius(shape: JointShape): number {
  if (shape.type === 'sphere') return shape.radius;
  if (shape.type === 'triangle') return Math.max(...[0, 3, 6].map((o) => Math.hypot(shape.points[o], shape.points[o + 1], shape.points[o + 2])));
  return Math.max(Math.abs(shape.start), Math.abs(shape.start + shape.length), shape.radius);
}

const origin = new Float64Array(3);

/** A function writing a marker's global position (marker position; else the position of its node or body reference point). */
export function markerPoint(mbs: MainSystem, markerIndex: number): EndPoint | undefined {
  const items = mbs.assembledItems();
  const marker = items.markers[markerIndex];
  if (marker === undefined) return undefined;
  if (isPositionMarker(marker)) {
    const position = marker.position.bind(marker);
    return (s, out) => position(s, out);
  }
  const dictionary = mbs.getMarker(markerIndex);
  if (typeof dictionary.nodeNumber === 'number') {
    const node = items.nodes[dictionary.nodeNumber];
    if (node === undefined || node.output(OutputVariableType.Position, mbs.stateOf(ConfigurationType.Reference)) === undefined) return undefined;
    return (s, out) => out.set(node.output(OutputVariableType.Position, s)!);
  }
  if (typeof dictionary.bodyNumber === 'number') {
    const body = items.objects[dictionary.bodyNumber]?.body;
    if (body === undefined) return undefined;
    return (s, out) => body.position(s, origin, out);
  }
  return undefined;
}

/** The identity rotation, row-major. */
const identity = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);

/** The joint frame of a marker: its position and rotation A·R (A = the marker's rotation, identity without one; R row-major 3×3). */
function markerFrame(mbs: MainSystem, markerIndex: number, point: EndPoint, R: Float64Array): JointFrame {
  const marker = mbs.assembledItems().markers[markerIndex];
  const orientation = isRigidMarker(marker) ? marker.orientation.bind(marker) : undefined;
  const A = new Float64Array(9);
  return (s, position, rotation) => {
    point(s, position);
    if (orientation === undefined) A.set(identity); else orientation(s, A);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) rotation[3 * i + j] = A[3 * i] * R[j] + A[3 * i + 1] * R[3 + j] + A[3 * i + 2] * R[6 + j];
  };
}

/** Largest deviation of RᵀR from I up to which a joint frame rotation R is drawn as it is (round-off of given rotations). */
const orthonormalTolerance = 1e-12;

/**
 * R (row-major 3×3) when it is a rotation to within {@link orthonormalTolerance}, else its columns made orthonormal
 * (Gram–Schmidt from x: x/|x|, then y, z = x × y), so that a lowered frame with unnormalized axis columns (a planar
 * joint's axes) draws undistorted glyphs. Degenerate columns keep R as it is.
 */
function drawingFrame(R: Float64Array): Float64Array {
  let deviation = 0;
  for (let a = 0; a < 3; a++) {
    for (let b = 0; b < 3; b++) deviation = Math.max(deviation, Math.abs(R[a] * R[b] + R[3 + a] * R[3 + b] + R[6 + a] * R[6 + b] - (a === b ? 1 : 0)));
  }
  if (deviation <= orthonormalTolerance) return R;
  const x = [R[0], R[3], R[6]], y = [R[1], R[4], R[7]];
  const lx = Math.hypot(x[0], x[1], x[2]);
  if (!(lx > 0)) return R;
  for (let k = 0; k < 3; k++) x[k] /= lx;
  const p = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
  for (let k = 0; k < 3; k++) y[k] -= p * x[k];
  const ly = Math.hypot(y[0], y[1], y[2]);
  if (!(ly > 0)) return R;
  for (let k = 0; k < 3; k++) y[k] /= ly;
  const z = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
  return Float64Array.from([x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]]);
}

const unitAxes = [[1, 0, 0], [0, 1, 0], [0, 0, 1]] as const;

/** A lighter shade (the marker-0 part of a joint): 40 % towards white. */
function lighter(c: readonly number[]): number[] {
  return [0.6 * c[0] + 0.4, 0.6 * c[1] + 0.4, 0.6 * c[2] + 0.4, c[3]];
}

/** Axis part pair of a revolute-type joint: a thin axis of length 1.2 L on marker 0 and a hinge of length L on marker 1 (Exudyn's layout). */
function axisPair(axis: readonly [number, number, number], R: number, L: number): [JointShape[], JointShape[]] {
  return [
    [{ type: 'cylinder', axis, start: -0.6 * L, length: 1.2 * L, radius: 0.5 * R }],
    [{ type: 'cylinder', axis, start: -0.5 * L, length: L, radius: R }],
  ];
}

/**
 * The glyphs of a joint from what it lowers to (the generic joint's constrained axes, its marker kind and whether it is
 * planar), so that a new joint type on the joint kernel is drawn without a change here. A planar joint counts only its
 * in-plane axes (translations x, y, rotation z). Rigid-marker joints: one free rotation → an axis (1.2·L, radius R/2)
 * on marker 0 and a hinge (L, R) on marker 1 about it (revolute), with a free translation as well → a rail (1.5·L, R/2)
 * along it on marker 0 and the hinge on marker 1 (pin in a slot); two free rotations → one axis per marker; no free
 * rotation and one free translation → a rail (1.5·L, R/2) and a sleeve (L, R) along it (prismatic); otherwise spheres
 * of radius R/2. Point joints (position markers): spheres of radius R and a line between the markers where a
 * translation is free.
 */
function loweredJointGlyphs(selection: JointSelection, R: number, L: number): { shapes: [JointShape[], JointShape[]]; line: boolean } {
  const j = selection.constrainedAxes;
  const moves = (axis: number) => !selection.planar || axis === 0 || axis === 1 || axis === 5;
  const freeTranslations = [0, 1, 2].filter((k) => j[k] !== 1 && moves(k));
  const spheres = (radius: number): [JointShape[], JointShape[]] => [[{ type: 'sphere', radius }], [{ type: 'sphere', radius }]];
  if (!selection.rigidMarkers) return { shapes: spheres(R), line: freeTranslations.length > 0 };
  const freeRotations = [0, 1, 2].filter((k) => j[3 + k] !== 1 && moves(3 + k));
  const rail = (k: number): JointShape[] => [{ type: 'cylinder', axis: unitAxes[k], start: -0.75 * L, length: 1.5 * L, radius: 0.5 * R }];
  if (freeRotations.length === 1) {
    const [axis, hinge] = axisPair(unitAxes[freeRotations[0]], R, L);
    return { shapes: [freeTranslations.length === 1 ? rail(freeTranslations[0]) : axis, hinge], line: false };
  }
  if (freeRotations.length === 2) {
    const axis = (k: number): JointShape[] => [{ type: 'cylinder', axis: unitAxes[k], start: -0.6 * L, length: 1.2 * L, radius: 0.5 * R }];
    return { shapes: [axis(freeRotations[0]), axis(freeRotations[1])], line: false };
  }
  if (freeRotations.length === 0 && freeTranslations.length === 1) {
    const k = freeTranslations[0];
    return { shapes: [rail(k), [{ type: 'cylinder', axis: unitAxes[k], start: -0.5 * L, length: L, radius: R }]], line: false };
  }
  return { shapes: spheres(0.5 * R), line: false };
}

/**
 * The drawings of all shown connectors with two markers whose positions are known. Joints on the joint kernel are drawn
 * from their lowered data ({@link loweredJointGlyphs}) in their joint frames J = A·R of the markers (R the lowered frame
 * rotations, see {@link drawingFrame}); sizes R, L from visualization axesRadius/axesLength (rigid joints with a row
 * for every axis: JointGeneric), axisRadius/axisLength (rigid joints with a subset of rows: JointRevoluteZ,
 * JointPrismaticX), jointRadius (point joints: JointSpherical), drawSize/2 and L = 4·R (planar joints: JointRevolute2D,
 * JointPrismatic2D); non-positive sizes are automatic from modelSize ({@link defaultConnectorSizeFactor}). Spring-dampers
 * are coils (diameter drawSize), ConnectorDistance spheres and a line, the rolling discs (JointRollingDisc,
 * ConnectorRollingDiscPenalty) their disc and axle at the wheel marker (visualization discWidth), the sliding joints on
 * cables (JointSliding2D, JointALEMoving2D) a sphere of diameter drawSize at the body point, other connectors a line.
 */
export function connectorDrawings(mbs: MainSystem, modelSize: number, springWindings = defaultSpringWindings): ConnectorDrawing[] {
  const automatic = defaultConnectorSizeFactor * modelSize;
  const result: ConnectorDrawing[] = [];
  mbs.assembledItems().objects.forEach((object, index) => {
    if (object.body !== undefined || object.superElement !== undefined) return;
    const dictionary = mbs.getObject(index);
    const vis = visualizationOf(dictionary);
    if (!vis.show) return;
    const markerNumbers = dictionary.markerNumbers;
    if (!Array.isArray(markerNumbers) || markerNumbers.length !== 2) return;
    const ends = markerNumbers.map((m: number) => markerPoint(mbs, m));
    if (ends[0] === undefined || ends[1] === undefined) return;
    const type = String(dictionary.objectType);
    const color = vis.color[0] >= 0 ? vis.color : [...defaultConnectorColor];
    const size = (x: number, fallback: number) => (x > 0 ? x : fallback);
    const r = 0.5 * size(vis.drawSize, automatic);
    const drawing: ConnectorDrawing = {
      index, label: formatItemLabel(object.label), name: String(dictionary.name ?? ''), color, ends: [ends[0], ends[1]], parts: [], line: false,
    };
    const parts = (shapes: [JointShape[], JointShape[]], R: readonly [Float64Array, Float64Array]) => {
      drawing.parts = [0, 1].map((k) => ({
        marker: k as 0 | 1, frame: markerFrame(mbs, markerNumbers[k], drawing.ends[k], R[k]), shapes: shapes[k], color: k === 0 ? lighter(color) : color,
      }));
    };
    if (object instanceof JointModel) {
      // Exudyn's size names: a planar joint uses drawSize; a joint with an equation (or multiplier) row for each axis of
      // its kind carries the user's flags (JointGeneric: axesRadius/-Length; JointSpherical: jointRadius), one with a
      // subset of rows is a fixed specialization (JointRevoluteZ, JointPrismaticX: axisRadius/-Length)
      const selection = object.selection;
      const allRows = selection.rows.length === (selection.rigidMarkers ? 6 : 3);
      const radius = selection.planar ? 0.5 * vis.drawSize : selection.rigidMarkers ? (allRows ? vis.axesRadius : vis.axisRadius) : vis.jointRadius;
      const length = selection.planar || !selection.rigidMarkers ? 4 * radius : allRows ? vis.axesLength : vis.axisLength;
      const glyphs = loweredJointGlyphs(selection, size(radius, 0.5 * automatic), size(length, 2 * automatic));
      parts(glyphs.shapes, [drawingFrame(object.frameRotations[0]), drawingFrame(object.frameRotations[1])]);
      drawing.line = glyphs.line;
    } else if (springTypes.has(type)) {
      drawing.spring = { radius: r, windings: springWindings };
    } else if (type === 'ConnectorDistance') {
      parts([[{ type: 'sphere', radius: r }], [{ type: 'sphere', radius: r }]], [identity, identity]);
      drawing.line = true;
    } else if (type === 'ContactSphereSphere') {
      const radii = dictionary.spheresRadii as number[];
      parts([[{ type: 'sphere', radius: radii[0] }], [{ type: 'sphere', radius: radii[1] }]], [identity, identity]);
    } else if (type === 'ContactSphereTriangle') {
      parts([[{ type: 'sphere', radius: dictionary.radiusSphere as number }], [{ type: 'triangle', points: (dictionary.trianglePoints as number[][]).flat() }]], [identity, identity]);
    } else if (type === 'JointSliding2D' || type === 'JointALEMoving2D') {
      // the joint point is the body point (on the cable while the constraint holds): a sphere there, no line (marker 1 is
      // the coordinates of the element the joint started on, not the point where it acts)
      drawing.ends[1] = drawing.ends[0];
      drawing.parts = [{ marker: 0, frame: markerFrame(mbs, markerNumbers[0], drawing.ends[0], identity), shapes: [{ type: 'sphere', radius: r }], color }];
    } else if (type === 'JointRollingDisc' || type === 'ConnectorRollingDiscPenalty') {
      // Exudyn's drawing: the disc (radius discRadius, width discWidth) and a thin axle (0.1·discRadius, 2·discWidth)
      // about the disc axis A1·discAxis at the wheel marker; nothing on the plane's marker
      const a = dictionary.discAxis as number[], length = Math.hypot(a[0], a[1], a[2]);
      const axis = [a[0] / length, a[1] / length, a[2] / length] as const, radius = dictionary.discRadius as number, width = vis.discWidth;
      const frame = markerFrame(mbs, markerNumbers[1], drawing.ends[1], identity);
      drawing.parts = [
        { marker: 1, frame, shapes: [{ type: 'cylinder', axis, start: -0.5 * width, length: width, radius }], color },
        { marker: 1, frame, shapes: [{ type: 'cylinder', axis, start: -width, length: 2 * width, radius: 0.1 * radius }], color: lighter(color) },
      ];
    } else {
      drawing.line = true;
    }
    result.push(drawing);
  });
  return result;
}
