import type { ItemState, MarkerModel, PositionMarkerModel } from '../registry/capabilities.ts';
import { FlexdynError } from '../core/errors.ts';
import { checkNumber } from './contactSettings.ts';
import { ContactTypeIndex, type ContactItemSet } from './contactKernel.ts';
import { isRigidMarker, MarkerKinematics } from './contactMarkers.ts';
import { checkTriangleMesh } from './triangleMesh.ts';

/** One mesh as added: its rigid-body marker, contact parameters and whether it is static. */
interface ContactMesh {
  readonly markerNumber: number;
  readonly contactStiffness: number;
  readonly contactDamping: number;
  readonly frictionMaterialIndex: number;
  readonly staticTriangles: boolean;
  readonly closed: boolean;
  readonly openEdge?: string;
  /** Its triangles: firstTriangle … firstTriangle + count − 1. */
  readonly firstTriangle: number;
  readonly count: number;
}

/**
 * The triangles of a GeneralContact (Exudyn's TrigsRigidBodyBased): meshes attached to rigid-body markers, each mesh
 * with a contact stiffness, damping and friction material; the triangles store their points in the marker's frame and
 * their local normal (p1 − p0) × (p2 − p0)/|…|, which must point outwards. Per evaluation the triangles' global points
 * y = p + A x and bounding boxes are updated (those of meshes on markers without coordinates, which never move, once).
 */
export class ContactTriangles implements ContactItemSet {
  readonly typeIndex = ContactTypeIndex.IndexTrigsRigidBodyBased;
  offset = 0;
  /** Kinematics of the meshes' rigid-body markers (with orientations). */
  readonly bodies = new MarkerKinematics();
  private readonly meshes: ContactMesh[] = [];
  private readonly local: number[] = [];
  /** Per mesh (rigid body): contact stiffness, damping, friction material (arrays at assembly). */
  stiffness = new Float64Array(0);
  damping = new Float64Array(0);
  material = new Int32Array(0);
  /** Per mesh m: its triangles are meshStart[m] … meshStart[m + 1] − 1 (set at assembly). */
  meshStart = new Int32Array(1);
  /** Per triangle: its mesh (rigid body index), its points in the marker frame (9) and its local unit normal (3). */
  body = new Int32Array(0);
  localPoints = new Float64Array(0);
  localNormal = new Float64Array(0);
  /**
   * Per triangle: 1e-9 (1 + L/h) for its longest edge L and smallest height h. A point whose distance from the triangle's
   * plane, measured with the global normal A·localNormal from its first point, is off by more than this times the sum of
   * the coordinates' magnitudes (the point's relative to the first point and the first point's) has that sign and size
   * in the closest-point test too: the rounding of the global points tilts their plane by ≈ ε·(those magnitudes)/h.
   */
  planeTolerance = new Float64Array(0);
  /**
   * Per triangle and edge k (points k, k + 1 mod 3), at 3t + k: 1 if the edge is convex (the neighbouring triangle
   * across it lies behind this triangle's plane) or open (no neighbour), 0 if flat or concave (a valley): there the
   * faces are at least as close to any point outside as the edge, so only convex edges carry edge contacts of rods.
   */
  convexEdge = new Uint8Array(0);
  /** Per triangle: the global points (9) at the last update. */
  points = new Float64Array(0);
  /**
   * The box around all triangles' boxes of the last update, [min x, y, z, max x, y, z]; empty (min +∞, max −∞) without
   * triangles. (The boxes hold no NaN: their comparisons drop a NaN point.)
   */
  readonly bounds = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  /** Per mesh, at 6m: the box around its triangles' boxes (those of a fixed mesh set once, as its boxes). */
  private meshBounds = new Float64Array(0);
  /** Per mesh: true if its marker never moves (no coordinates), so its triangles are placed once (set at assembly). */
  private fixed: boolean[] = [];

  constructor(private readonly name: string) {}

  /** Number of triangles. */
  get count(): number {
    return this.local.length / 9;
  }

  /**
   * Adds a mesh on a rigid-body marker (checked: stiffness > 0, damping ≥ 0, material index ≥ 0, the mesh by
   * {@link checkTriangleMesh}); returns the index of its first triangle.
   */
  add(rigidBodyMarkerIndex: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number, pointList: unknown, triangleList: unknown, staticTriangles: boolean): number {
    checkNumber(this.name, 'rigidBodyMarkerIndex', rigidBodyMarkerIndex, (v) => Number.isInteger(v) && v >= 0, 'a marker index (integer ≥ 0)');
    checkNumber(this.name, 'contactStiffness', contactStiffness, (v) => v > 0, 'a finite number > 0');
    checkNumber(this.name, 'contactDamping', contactDamping, (v) => v >= 0, 'a finite number ≥ 0');
    checkNumber(this.name, 'frictionMaterialIndex', frictionMaterialIndex, (v) => Number.isInteger(v) && v >= 0, 'an integer ≥ 0');
    if (typeof staticTriangles !== 'boolean') throw new FlexdynError(`${this.name}: staticTriangles must be a boolean, got ${typeof staticTriangles}`, { parameter: 'staticTriangles' });
    const mesh = checkTriangleMesh(this.name, pointList, triangleList);
    const first = this.count;
    const { points, triangles } = mesh;
    for (let t = 0; t < triangles.length / 3; t++) for (let k = 0; k < 3; k++) for (let c = 0; c < 3; c++) this.local.push(points[3 * triangles[3 * t + k] + c]);
    this.meshes.push({
      markerNumber: rigidBodyMarkerIndex, contactStiffness, contactDamping, frictionMaterialIndex, staticTriangles,
      closed: mesh.closed, openEdge: mesh.openEdge, firstTriangle: first, count: triangles.length / 3,
    });
    return first;
  }

  /**
   * Binds the meshes to the markers of a compiled model: each needs a rigid marker (position and orientation); static
   * triangles (Exudyn's flag: the mesh never moves) must be on a marker without coordinates (ground). An open mesh on a
   * moving marker is accepted, as in Exudyn (a plate, a shell), with a console warning naming an open edge (a body
   * whose surface has a hole would let spheres in).
   */
  bind(markers: readonly MarkerModel[], nMaterials: number): void {
    const bound = this.meshes.map((mesh, i): PositionMarkerModel => {
      const marker = markers[mesh.markerNumber];
      if (marker === undefined) {
        throw new FlexdynError(`${this.name}: triangle mesh ${i} refers to marker ${mesh.markerNumber}, which does not exist (${markers.length} markers)`, { parameter: 'rigidBodyMarkerIndex' });
      }
      if (!isRigidMarker(marker)) {
        throw new FlexdynError(`${this.name}: triangle mesh ${i} needs a rigid-body marker with position and orientation (MarkerNodeRigid, MarkerBodyRigid), got marker ${mesh.markerNumber} (Marker${marker.label.typeName})`, { parameter: 'rigidBodyMarkerIndex' });
      }
      if (mesh.frictionMaterialIndex >= nMaterials) {
        throw new FlexdynError(`${this.name}: triangle mesh ${i} has frictionMaterialIndex ${mesh.frictionMaterialIndex}, expected < ${nMaterials} (the size of setFrictionPairings)`, { parameter: 'frictionMaterialIndex' });
      }
      if (marker.nLocalU > 0 && !mesh.closed) {
        console.warn(`${this.name}: triangle mesh ${i} on marker ${mesh.markerNumber} moves with its body and is open (an edge with triangles on one side only: ${mesh.openEdge}): `
          + 'it is one-sided and spheres can pass behind it at its open edges; close it if it is the surface of a solid body');
      }
      if (mesh.staticTriangles && marker.nLocalU > 0) {
        throw new FlexdynError(`${this.name}: triangle mesh ${i} has staticTriangles = true, expected a marker without coordinates (ground), got marker ${mesh.markerNumber} with ${marker.nLocalU} coordinates`, { parameter: 'staticTriangles' });
      }
      return marker;
    });
    this.bodies.bind(bound, true);
    this.fixed = bound.map((marker) => marker.nLocalU === 0);
    this.meshBounds = new Float64Array(6 * this.meshes.length);
    this.stiffness = Float64Array.from(this.meshes, (m) => m.contactStiffness);
    this.damping = Float64Array.from(this.meshes, (m) => m.contactDamping);
    this.material = Int32Array.from(this.meshes, (m) => m.frictionMaterialIndex);
    const n = this.count;
    this.localPoints = Float64Array.from(this.local);
    this.body = new Int32Array(n);
    this.meshes.forEach((mesh, i) => this.body.fill(i, mesh.firstTriangle, mesh.firstTriangle + mesh.count));
    this.meshStart = Int32Array.from([...this.meshes.map((mesh) => mesh.firstTriangle), n]);
    this.localNormal = new Float64Array(3 * n);
    for (let t = 0; t < n; t++) triangleNormal(this.localPoints, 9 * t, this.localNormal, 3 * t);
    this.planeTolerance = new Float64Array(n);
    for (let t = 0; t < n; t++) this.planeTolerance[t] = 1e-9 * (1 + 1 / triangleShape(this.localPoints, 9 * t));
    this.points = new Float64Array(9 * n);
    this.convexEdge = edgeConvexity(this.localPoints, this.localNormal, this.body);
  }

  /** True if triangle t belongs to a mesh whose marker has no coordinates (placed once: its box never changes). */
  isFixed(t: number): boolean {
    return this.fixed[this.body[t]];
  }

  update(s: ItemState, boxes: Float64Array): void {
    const placeFixed = this.bodies.update(s);
    const { position3: p, orientation9: A } = this.bodies;
    const x = this.localPoints, y = this.points;
    for (let m = 0; m < this.meshes.length; m++) {
      const mesh = this.meshes[m];
      if (this.fixed[m] && !placeFixed) continue;
      // the mesh's frame and each box in locals: the optimizer cannot tell that the stores into y and boxes leave A and
      // p alone, and would load them again for every point
      const a00 = A[9 * m], a01 = A[9 * m + 1], a02 = A[9 * m + 2], a10 = A[9 * m + 3], a11 = A[9 * m + 4], a12 = A[9 * m + 5];
      const a20 = A[9 * m + 6], a21 = A[9 * m + 7], a22 = A[9 * m + 8], px = p[3 * m], py = p[3 * m + 1], pz = p[3 * m + 2];
      let bx0 = Infinity, by0 = Infinity, bz0 = Infinity, bx1 = -Infinity, by1 = -Infinity, bz1 = -Infinity;
      for (let t = mesh.firstTriangle; t < mesh.firstTriangle + mesh.count; t++) {
        let xMin = Infinity, yMin = Infinity, zMin = Infinity, xMax = -Infinity, yMax = -Infinity, zMax = -Infinity;
        for (let k = 0; k < 3; k++) {
          const o = 9 * t + 3 * k, x0 = x[o], x1 = x[o + 1], x2 = x[o + 2];
          const vx = a00 * x0 + a01 * x1 + a02 * x2 + px, vy = a10 * x0 + a11 * x1 + a12 * x2 + py, vz = a20 * x0 + a21 * x1 + a22 * x2 + pz;
          y[o] = vx; y[o + 1] = vy; y[o + 2] = vz;
          if (vx < xMin) xMin = vx;
          if (vx > xMax) xMax = vx;
          if (vy < yMin) yMin = vy;
          if (vy > yMax) yMax = vy;
          if (vz < zMin) zMin = vz;
          if (vz > zMax) zMax = vz;
        }
        const at = 6 * (this.offset + t);
        boxes[at] = xMin; boxes[at + 1] = yMin; boxes[at + 2] = zMin;
        boxes[at + 3] = xMax; boxes[at + 4] = yMax; boxes[at + 5] = zMax;
        if (xMin < bx0) bx0 = xMin;
        if (yMin < by0) by0 = yMin;
        if (zMin < bz0) bz0 = zMin;
        if (xMax > bx1) bx1 = xMax;
        if (yMax > by1) by1 = yMax;
        if (zMax > bz1) bz1 = zMax;
      }
      const mb = this.meshBounds, o = 6 * m;
      mb[o] = bx0; mb[o + 1] = by0; mb[o + 2] = bz0; mb[o + 3] = bx1; mb[o + 4] = by1; mb[o + 5] = bz1;
    }
    const b = this.bounds, mb = this.meshBounds;
    b[0] = b[1] = b[2] = Infinity; b[3] = b[4] = b[5] = -Infinity;
    for (let at = 0; at < mb.length; at += 6) {
      for (let k = 0; k < 3; k++) {
        if (mb[at + k] < b[k]) b[k] = mb[at + k];
        if (mb[at + 3 + k] > b[3 + k]) b[3 + k] = mb[at + 3 + k];
      }
    }
  }
}

/** out[o … o + 2] = the unit normal (p1 − p0) × (p2 − p0)/|…| of the triangle with points p[at … at + 8] (Exudyn's ComputeTriangleNormal). */
export function triangleNormal(p: ArrayLike<number>, at: number, out: Float64Array, o: number): void {
  const ax = p[at + 3] - p[at], ay = p[at + 4] - p[at + 1], az = p[at + 5] - p[at + 2];
  const bx = p[at + 6] - p[at], by = p[at + 7] - p[at + 1], bz = p[at + 8] - p[at + 2];
  const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const inv = len !== 0 ? 1 / len : 1;
  out[o] = inv * nx; out[o + 1] = inv * ny; out[o + 2] = inv * nz;
}

/** h/L of the triangle with points p[at … at + 8]: its smallest height over its longest edge (twice its area over L²). */
function triangleShape(p: ArrayLike<number>, at: number): number {
  const ax = p[at + 3] - p[at], ay = p[at + 4] - p[at + 1], az = p[at + 5] - p[at + 2];
  const bx = p[at + 6] - p[at], by = p[at + 7] - p[at + 1], bz = p[at + 8] - p[at + 2];
  const cx = bx - ax, cy = by - ay, cz = bz - az;
  const longest = Math.max(ax * ax + ay * ay + az * az, bx * bx + by * by + bz * bz, cx * cx + cy * cy + cz * cz);
  return Math.hypot(ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx) / longest;
}

/**
 * The convexity of each triangle edge ({@link ContactTriangles.convexEdge}): the neighbour across the edge is the other
 * triangle of the same mesh with the same two points (equal coordinates); the edge is convex if that neighbour's third
 * point lies behind the triangle's plane by more than 1e-9 of the edge length, open edges count as convex.
 */
function edgeConvexity(points: Float64Array, normals: Float64Array, mesh: Int32Array): Uint8Array<ArrayBuffer> {
  const n = mesh.length, convex = new Uint8Array(3 * n);
  const key = (t: number, k: number) => `${mesh[t]}:${points[9 * t + 3 * k]},${points[9 * t + 3 * k + 1]},${points[9 * t + 3 * k + 2]}`;
  const edges = new Map<string, number[]>();
  const edgeKey = (t: number, k: number) => { const a = key(t, k), b = key(t, (k + 1) % 3); return a < b ? `${a}|${b}` : `${b}|${a}`; };
  for (let t = 0; t < n; t++) for (let k = 0; k < 3; k++) { const e = edgeKey(t, k), list = edges.get(e); if (list === undefined) edges.set(e, [3 * t + k]); else list.push(3 * t + k); }
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 3; k++) {
      const others = edges.get(edgeKey(t, k))!.filter((code) => Math.floor(code / 3) !== t);
      if (others.length === 0) { convex[3 * t + k] = 1; continue; }
      const a = 9 * t + 3 * k, b = 9 * t + 3 * ((k + 1) % 3), length = Math.hypot(points[b] - points[a], points[b + 1] - points[a + 1], points[b + 2] - points[a + 2]);
      let isConvex = true;
      for (const code of others) {
        const q = Math.floor(code / 3), w = 9 * q + 3 * ((code % 3 + 2) % 3); // the neighbour's point opposite the shared edge
        const h = normals[3 * t] * (points[w] - points[a]) + normals[3 * t + 1] * (points[w + 1] - points[a + 1]) + normals[3 * t + 2] * (points[w + 2] - points[a + 2]);
        if (!(h < -1e-9 * length)) isConvex = false;
      }
      convex[3 * t + k] = isConvex ? 1 : 0;
    }
  }
  return convex;
}
