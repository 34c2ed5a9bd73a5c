import { describeValue, FlexdynError } from '../core/errors.ts';

/** A checked triangle mesh: points (3 per point) and triangles (3 point indices each), and whether it is closed. */
export interface CheckedTriangleMesh {
  readonly points: Float64Array;
  readonly triangles: Int32Array;
  /** True if every edge (points merged where their coordinates are equal) borders as many triangles on one side as on the other: a closed surface. */
  readonly closed: boolean;
  /** An edge that borders triangles on one side only (for the warning about an open mesh), as 'triangle t, points a–b'. */
  readonly openEdge?: string;
}

/**
 * Checks a triangle mesh for contact (Exudyn's pointList/triangleList of AddTrianglesRigidBodyBased) and throws a
 * FlexdynError naming `name`, the parameter, what was expected and what came: points must be 3 finite numbers,
 * triangles 3 integer indices into the points, no triangle may be degenerate (twice its area below 1e-10 of its longest
 * edge squared: no normal), and the orientation must be consistent (an edge shared by exactly two triangles must be
 * traversed in opposite directions, so that all normals (p1 − p0) × (p2 − p0) point to the same side). Whether the mesh
 * is closed is returned, not required: open meshes (floors, walls, plates) are accepted as in Exudyn.
 */
export function checkTriangleMesh(name: string, pointList: unknown, triangleList: unknown): CheckedTriangleMesh {
  const fail = (parameter: string, message: string): never => {
    throw new FlexdynError(`${name}: ${parameter} ${message}`, { parameter });
  };
  if (!isList(pointList) || pointList.length === 0) fail('pointList', `must be a non-empty list of points [x, y, z], got ${describeValue(pointList)}`);
  if (!isList(triangleList) || triangleList.length === 0) fail('triangleList', `must be a non-empty list of triangles [i0, i1, i2], got ${describeValue(triangleList)}`);
  const pl = pointList as ArrayLike<unknown>, tl = triangleList as ArrayLike<unknown>;
  const np = pl.length, nt = tl.length;
  const points = new Float64Array(3 * np);
  for (let i = 0; i < np; i++) {
    const p = pl[i];
    if (!isList(p) || p.length !== 3 || ![0, 1, 2].every((k) => typeof p[k] === 'number' && Number.isFinite(p[k]))) {
      fail(`pointList[${i}]`, `must be 3 finite numbers, got ${describeValue(p)}`);
    }
    for (let k = 0; k < 3; k++) points[3 * i + k] = (p as ArrayLike<number>)[k];
  }
  const triangles = new Int32Array(3 * nt);
  for (let t = 0; t < nt; t++) {
    const tri = tl[t];
    if (!isList(tri) || tri.length !== 3) fail(`triangleList[${t}]`, `must be 3 point indices, got ${describeValue(tri)}`);
    for (let k = 0; k < 3; k++) {
      const index = (tri as ArrayLike<unknown>)[k];
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= np) {
        fail(`triangleList[${t}][${k}]`, `must be a point index in [0, ${np}), got ${describeValue(index)}`);
      }
      triangles[3 * t + k] = index as number;
    }
    const [a, b, c] = [triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]];
    const e1 = [0, 1, 2].map((k) => points[3 * b + k] - points[3 * a + k]);
    const e2 = [0, 1, 2].map((k) => points[3 * c + k] - points[3 * a + k]);
    const e3 = [0, 1, 2].map((k) => points[3 * c + k] - points[3 * b + k]);
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const longest = Math.max(dot(e1, e1), dot(e2, e2), dot(e3, e3));
    if (!(Math.sqrt(dot(n, n)) > 1e-10 * longest)) {
      fail(`triangleList[${t}]`, `must not be degenerate (points ${a}, ${b}, ${c} are ${longest === 0 ? 'equal' : 'on one line'}: the triangle has no normal), got area ${0.5 * Math.sqrt(dot(n, n))}`);
    }
  }
  // merge points with equal coordinates, then count each edge in both directions
  const id = new Int32Array(np);
  const byCoordinates = new Map<string, number>();
  for (let i = 0; i < np; i++) {
    const key = `${points[3 * i]},${points[3 * i + 1]},${points[3 * i + 2]}`;
    const known = byCoordinates.get(key);
    id[i] = known ?? i;
    if (known === undefined) byCoordinates.set(key, i);
  }
  const edges = new Map<string, { forward: number; backward: number; triangle: number; from: number; to: number }>();
  for (let t = 0; t < nt; t++) {
    for (let k = 0; k < 3; k++) {
      const from = id[triangles[3 * t + k]], to = id[triangles[3 * t + (k + 1) % 3]];
      const key = from < to ? `${from},${to}` : `${to},${from}`;
      let edge = edges.get(key);
      if (edge === undefined) { edge = { forward: 0, backward: 0, triangle: t, from: triangles[3 * t + k], to: triangles[3 * t + (k + 1) % 3] }; edges.set(key, edge); }
      if (from < to) edge.forward++; else edge.backward++;
    }
  }
  let openEdge: string | undefined;
  for (const edge of edges.values()) {
    if (edge.forward + edge.backward === 2 && edge.forward !== 1) {
      fail('triangleList', `must be consistently oriented (the normals (p1 − p0) × (p2 − p0) all pointing outwards), got triangle ${edge.triangle} and a neighbour running along their common edge (points ${edge.from}–${edge.to}) in the same direction`);
    }
    if (openEdge === undefined && edge.forward !== edge.backward) openEdge = `triangle ${edge.triangle}, points ${edge.from}–${edge.to}`;
  }
  return { points, triangles, closed: openEdge === undefined, openEdge };
}

function isList(x: unknown): x is ArrayLike<unknown> {
  return Array.isArray(x) || ArrayBuffer.isView(x);
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
