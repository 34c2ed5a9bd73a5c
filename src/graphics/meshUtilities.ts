/**
 * Triangle meshes as point and triangle lists (Exudyn's graphics.ToPointsAndTrigs / FromPointsAndTrigs and the
 * graphicsDataUtilities RefineMesh and ShrinkMeshNormalToSurface), e.g. to give a body's graphics to
 * GeneralContact.addTrianglesRigidBodyBased.
 * @module
 */
import { FlexdynError } from '../core/errors.ts';
import { color as namedColors, computeFlatNormals, type GraphicsTriangleList, type Vector3Like } from './graphicsData.ts';

/** A mesh as lists: points [x, y, z] and triangles [i0, i1, i2] (indices into points). */
export type PointsAndTrigs = [points: number[][], triangles: number[][]];

function checkTriangleList(fn: string, g: unknown): GraphicsTriangleList {
  const t = g as Partial<GraphicsTriangleList> | undefined;
  if (t?.type !== 'TriangleList' || !Array.isArray(t.points) || !Array.isArray(t.triangles)) {
    throw new FlexdynError(`graphics.${fn}: g must be graphics data of type 'TriangleList', got ${t?.type === undefined ? String(g) : `type '${String(t.type)}'`}`, { parameter: 'g' });
  }
  return t as GraphicsTriangleList;
}

function checkMesh(fn: string, points: ArrayLike<Vector3Like>, triangles: ArrayLike<ArrayLike<number>>): void {
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (p?.length !== 3 || !Number.isFinite(p[0]) || !Number.isFinite(p[1]) || !Number.isFinite(p[2])) {
      throw new FlexdynError(`${fn}: points[${i}] must be 3 finite numbers, got ${p === undefined ? 'undefined' : `[${Array.from(p).join(', ')}]`}`, { parameter: 'points' });
    }
  }
  for (let t = 0; t < triangles.length; t++) {
    const tri = triangles[t];
    if (tri?.length !== 3 || !Array.from(tri).every((k) => Number.isInteger(k) && k >= 0 && k < points.length)) {
      throw new FlexdynError(`${fn}: triangles[${t}] must be 3 point indices in [0, ${points.length}), got ${tri === undefined ? 'undefined' : `[${Array.from(tri).join(', ')}]`}`, { parameter: 'triangles' });
    }
  }
}

/** The points (3 numbers each) and triangles (3 point indices each) of a triangle list (Exudyn's graphics.ToPointsAndTrigs). */
export function ToPointsAndTrigs(g: GraphicsTriangleList): PointsAndTrigs {
  const list = checkTriangleList('ToPointsAndTrigs', g);
  const points: number[][] = [], triangles: number[][] = [];
  for (let i = 0; i < list.points.length; i += 3) points.push(list.points.slice(i, i + 3));
  for (let i = 0; i < list.triangles.length; i += 3) triangles.push(list.triangles.slice(i, i + 3));
  return [points, triangles];
}

/**
 * A triangle list from points and triangles (Exudyn's graphics.FromPointsAndTrigs): one RGBA colour for all points (or
 * 4 numbers per point); normals given (3 per point) or the area-weighted averages of the adjacent triangles' normals.
 */
export function FromPointsAndTrigs(points: ArrayLike<Vector3Like>, triangles: ArrayLike<ArrayLike<number>>, color: ArrayLike<number> = namedColors.black, normals?: ArrayLike<number>): GraphicsTriangleList {
  checkMesh('graphics.FromPointsAndTrigs', points, triangles);
  const flatPoints = Array.from(points, (p) => Array.from(p)).flat();
  const flatTriangles = Array.from(triangles, (t) => Array.from(t)).flat();
  const n = points.length;
  let colors: number[];
  if (color.length === 4) colors = Array.from({ length: n }, () => Array.from(color)).flat();
  else if (color.length === 4 * n) colors = Array.from(color);
  else throw new FlexdynError(`graphics.FromPointsAndTrigs: color must have 4 RGBA numbers or 4 per point (${4 * n}), got ${color.length}`, { parameter: 'color' });
  if (normals !== undefined && normals.length !== 3 * n) {
    throw new FlexdynError(`graphics.FromPointsAndTrigs: normals must have 3 numbers per point (${3 * n}), got ${normals.length}`, { parameter: 'normals' });
  }
  return {
    type: 'TriangleList', points: flatPoints, triangles: flatTriangles, colors,
    normals: normals === undefined ? computeFlatNormals(flatPoints, flatTriangles) : Array.from(normals),
  };
}

/**
 * Refines a triangle mesh: every triangle (p0, p1, p2) becomes four, with the edge midpoints a = (p2 + p0)/2,
 * b = (p0 + p1)/2, c = (p1 + p2)/2 as new points: (p0, b, a), (p1, c, b), (p2, a, c), (a, b, c) (Exudyn's RefineMesh,
 * same order of points and triangles). A midpoint already created by a refined neighbour sharing the edge's point
 * (within 1e-12) is reused, so a consistent mesh stays consistent; returns new lists.
 */
export function RefineMesh(points: ArrayLike<Vector3Like>, triangles: ArrayLike<ArrayLike<number>>): PointsAndTrigs {
  checkMesh('RefineMesh', points, triangles);
  const points2 = Array.from(points, (p) => Array.from(p));
  const triangles2: number[][] = [];
  // refined triangles at each point, to find the midpoints of shared edges
  const trianglesAt: number[][] = Array.from({ length: points.length + 3 * triangles.length }, () => []);
  const created = [0, 0, 0];
  for (let t = 0; t < triangles.length; t++) {
    const tri = Array.from(triangles[t]);
    for (let j = 0; j < 3; j++) {
      const a = points2[tri[j]], b = points2[tri[(j + 2) % 3]];
      const mid = [0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1]), 0.5 * (a[2] + b[2])];
      let found = -1;
      for (const t2 of trianglesAt[tri[j]]) {
        for (const k of triangles2[t2]) {
          const q = points2[k];
          if (Math.hypot(mid[0] - q[0], mid[1] - q[1], mid[2] - q[2]) <= 1e-12) found = k;
        }
      }
      if (found === -1) { created[j] = points2.length; points2.push(mid); } else created[j] = found;
    }
    const offset = triangles2.length;
    triangles2.push([tri[0], created[1], created[0]], [tri[1], created[2], created[1]], [tri[2], created[0], created[2]], [created[0], created[1], created[2]]);
    for (let k = 0; k < 4; k++) for (const i of triangles2[offset + k]) trianglesAt[i].push(offset + k);
  }
  return [points2, triangles2];
}

/**
 * Moves every point of a mesh inwards, against the normals of its triangles: per coordinate, by the largest component
 * (in magnitude) of −distance·n over the triangles at the point, n = (p1 − p0) × (p2 − p0)/|…| (Exudyn's
 * ShrinkMeshNormalToSurface; for an axis-aligned box every point moves by distance along each axis it has a face
 * normal along). Points of no triangle stay. Returns new lists (triangles copied).
 */
export function ShrinkMeshNormalToSurface(points: ArrayLike<Vector3Like>, triangles: ArrayLike<ArrayLike<number>>, distance: number): PointsAndTrigs {
  checkMesh('ShrinkMeshNormalToSurface', points, triangles);
  if (!Number.isFinite(distance)) throw new FlexdynError(`ShrinkMeshNormalToSurface: distance must be a finite number, got ${distance}`, { parameter: 'distance' });
  const displacement = Array.from(points, () => [0, 0, 0]);
  for (let t = 0; t < triangles.length; t++) {
    const tri = triangles[t];
    const [p0, p1, p2] = [points[tri[0]], points[tri[1]], points[tri[2]]];
    const u = [p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]], w = [p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]];
    const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    const len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (len !== 0) for (let k = 0; k < 3; k++) n[k] /= len;
    for (let i = 0; i < 3; i++) {
      const d = displacement[tri[i]];
      for (let k = 0; k < 3; k++) if (Math.abs(-distance * n[k]) > Math.abs(d[k])) d[k] = -distance * n[k];
    }
  }
  return [Array.from(points, (p, i) => [p[0] + displacement[i][0], p[1] + displacement[i][1], p[2] + displacement[i][2]]), Array.from(triangles, (t) => Array.from(t))];
}
