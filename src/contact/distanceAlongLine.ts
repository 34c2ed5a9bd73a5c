import { ContactTypeIndex } from './contactKernel.ts';
import type { ContactSpheres } from './contactSpheres.ts';
import type { ContactANCFCables } from './contactANCFCables.ts';
import type { ContactTriangles } from './contactTriangles.ts';
import type { SearchGrid } from './searchGrid.ts';
import { centerlineCoefficients, PolynomialRoots } from './ancfCableCircle.ts';
import { shapeFunctions } from '../items/objects/ObjectANCFCable2D.ts';

/** The result of {@link LineMeasurement.measure}: Exudyn's ShortestDistanceAlongLine dictionary. */
export interface DistanceAlongLine {
  /** Distance from pStart along the unit direction to the item found (maxDistance if none). */
  distance: number;
  /** Velocity of the item's point hit, along the direction (0 if none); like a laser Doppler vibrometer. */
  velocityAlongLine: number;
  /** Local index of the item found in its kind (−1 if none). */
  itemIndex: number;
  /** Its ContactTypeIndex (IndexEndOfEnumList if none). */
  typeIndex: number;
}

/** The items a line measurement looks at, with the search grid they were sorted into at the state measured. */
export interface MeasuredItems {
  readonly spheres: ContactSpheres;
  readonly cables: ContactANCFCables;
  readonly triangles: ContactTriangles;
  readonly grid: SearchGrid;
  /** Distance below which triangle coordinates count as on the edge (Exudyn's tolEquivalentPoints). */
  readonly tolerance: number;
}

/**
 * Exudyn's ShortestDistanceAlongLine: the smallest distance d ∈ [minDistance, maxDistance) along the line
 * p(d) = pStart + d·e (e the unit direction) at which the line meets an item — a sphere (or, with cylinderRadius > 0,
 * where a cylinder of that radius around the line first touches it: d = (projection of the centre) − √(r² − (ρ − R_c)²),
 * the centre's projection minus r when the centre lies within the cylinder), a triangle (its plane, the point inside
 * or on its edges), or the centerline of an ANCF cable element (planar lines only: the real roots of the cubic
 * e × (r(x) − pStart) = 0 on [0, L], found exactly where Exudyn refines chords) — with the velocity of the point hit
 * along e. Candidates come from the search grid in boxes along the line (one per grid cell along its main axis, the
 * parts outside the grid's box as one box each), so the cost grows with the cells crossed, not the items.
 */
export class LineMeasurement {
  private readonly roots = new PolynomialRoots();
  private readonly cubic = new Float64Array(4);
  private readonly component = new Float64Array(4);
  private readonly S = new Float64Array(4);
  private readonly result: DistanceAlongLine = { distance: 0, velocityAlongLine: 0, itemIndex: -1, typeIndex: ContactTypeIndex.IndexEndOfEnumList };
  private readonly boxMin = new Float64Array(3);
  private readonly boxMax = new Float64Array(3);

  /**
   * Measures along the line from pStart in the unit direction e between minDistance and maxDistance; typeIndex
   * selects one kind of item (IndexEndOfEnumList: all). The result object is reused by the next call.
   */
  measure(items: MeasuredItems, pStart: ArrayLike<number>, e: ArrayLike<number>, minDistance: number, maxDistance: number, cylinderRadius: number, typeIndex: number): DistanceAlongLine {
    const result = this.result;
    result.distance = maxDistance;
    result.velocityAlongLine = 0;
    result.itemIndex = -1;
    result.typeIndex = ContactTypeIndex.IndexEndOfEnumList;
    const grid = items.grid;
    // the parameter interval inside the grid's box (slab test), clipped to [minDistance, maxDistance]
    let inside0 = minDistance, inside1 = maxDistance;
    for (let k = 0; k < 3; k++) {
      const lo = grid.boxMin[k] - cylinderRadius, hi = grid.boxMax[k] + cylinderRadius;
      if (e[k] === 0) {
        if (pStart[k] < lo || pStart[k] > hi) { inside0 = Infinity; inside1 = -Infinity; }
        continue;
      }
      const a = (lo - pStart[k]) / e[k], b = (hi - pStart[k]) / e[k];
      inside0 = Math.max(inside0, Math.min(a, b));
      inside1 = Math.min(inside1, Math.max(a, b));
    }
    if (inside0 < inside1) {
      // one box per grid cell along the main axis of the line
      let axis = 0;
      for (let k = 1; k < 3; k++) if (Math.abs(e[k]) > Math.abs(e[axis])) axis = k;
      const cell = (grid.boxMax[axis] - grid.boxMin[axis]) / grid.cells[axis];
      const chunks = Math.max(1, Math.min(4 * grid.cells[axis], Math.ceil((inside1 - inside0) * Math.abs(e[axis]) / cell)));
      const step = (inside1 - inside0) / chunks;
      for (let c = 0; c < chunks; c++) this.searchSegment(items, pStart, e, inside0 + c * step, inside0 + (c + 1) * step, minDistance, cylinderRadius, typeIndex);
      if (minDistance < inside0) this.searchSegment(items, pStart, e, minDistance, inside0, minDistance, cylinderRadius, typeIndex);
      if (inside1 < maxDistance) this.searchSegment(items, pStart, e, inside1, maxDistance, minDistance, cylinderRadius, typeIndex);
    } else {
      this.searchSegment(items, pStart, e, minDistance, maxDistance, minDistance, cylinderRadius, typeIndex);
    }
    return result;
  }

  /** Tests the items whose boxes overlap the box of the line between parameters t0 and t1 (widened by cylinderRadius). */
  private searchSegment(items: MeasuredItems, pStart: ArrayLike<number>, e: ArrayLike<number>, t0: number, t1: number, minDistance: number, cylinderRadius: number, typeIndex: number): void {
    const { boxMin, boxMax } = this;
    for (let k = 0; k < 3; k++) {
      const a = pStart[k] + t0 * e[k], b = pStart[k] + t1 * e[k];
      boxMin[k] = Math.min(a, b) - cylinderRadius;
      boxMax[k] = Math.max(a, b) + cylinderRadius;
    }
    const all = ContactTypeIndex.IndexEndOfEnumList;
    const { spheres, cables, triangles, grid } = items;
    if (typeIndex === all || typeIndex === ContactTypeIndex.IndexSpheresMarkerBased) {
      const found = grid.queryBox(boxMin, boxMax, spheres.offset, spheres.offset + spheres.count);
      for (let k = 0; k < found; k++) this.sphere(spheres, grid.found[k] - spheres.offset, pStart, e, minDistance, cylinderRadius);
    }
    if ((typeIndex === all || typeIndex === ContactTypeIndex.IndexANCFCable2D) && e[2] === 0) {
      const found = grid.queryBox(boxMin, boxMax, cables.offset, cables.offset + cables.count);
      for (let k = 0; k < found; k++) this.cable(cables, grid.found[k] - cables.offset, pStart, e, minDistance);
    }
    if (typeIndex === all || typeIndex === ContactTypeIndex.IndexTrigsRigidBodyBased) {
      const found = grid.queryBox(boxMin, boxMax, triangles.offset, triangles.offset + triangles.count);
      for (let k = 0; k < found; k++) this.triangle(triangles, grid.found[k] - triangles.offset, pStart, e, minDistance, items.tolerance);
    }
  }

  /** Takes the hit at distance d if it is the nearest so far. */
  private take(d: number, minDistance: number, velocity: number, itemIndex: number, typeIndex: number): void {
    const result = this.result;
    if (!(d >= minDistance && d < result.distance)) return;
    result.distance = d;
    result.velocityAlongLine = velocity;
    result.itemIndex = itemIndex;
    result.typeIndex = typeIndex;
  }

  private sphere(spheres: ContactSpheres, i: number, pStart: ArrayLike<number>, e: ArrayLike<number>, minDistance: number, cylinderRadius: number): void {
    const x = spheres.kinematics.position3, v = spheres.kinematics.velocity3, r = spheres.radius[i];
    const dx = x[3 * i] - pStart[0], dy = x[3 * i + 1] - pStart[1], dz = x[3 * i + 2] - pStart[2];
    const along = dx * e[0] + dy * e[1] + dz * e[2];
    const off = Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - along * along));
    if (!(off <= r + cylinderRadius)) return;
    const lateral = off <= cylinderRadius ? 0 : off - cylinderRadius;
    const depth = off <= cylinderRadius ? r : Math.sqrt(Math.max(0, r * r - lateral * lateral));
    this.take(along - depth, minDistance, e[0] * v[3 * i] + e[1] * v[3 * i + 1] + e[2] * v[3 * i + 2], i, ContactTypeIndex.IndexSpheresMarkerBased);
  }

  private triangle(triangles: ContactTriangles, t: number, pStart: ArrayLike<number>, e: ArrayLike<number>, minDistance: number, tolerance: number): void {
    const y = triangles.points, o = 9 * t;
    const ax = y[o + 3] - y[o], ay = y[o + 4] - y[o + 1], az = y[o + 5] - y[o + 2];
    const bx = y[o + 6] - y[o], by = y[o + 7] - y[o + 1], bz = y[o + 8] - y[o + 2];
    const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
    const ne = nx * e[0] + ny * e[1] + nz * e[2];
    if (ne === 0) return; // the line is parallel to the plane
    const d = (nx * (y[o] - pStart[0]) + ny * (y[o + 1] - pStart[1]) + nz * (y[o + 2] - pStart[2])) / ne;
    if (!(d >= minDistance && d < this.result.distance)) return;
    // triangle coordinates of the point hit: w = λ1 a + λ2 b (least squares in the plane)
    const wx = pStart[0] + d * e[0] - y[o], wy = pStart[1] + d * e[1] - y[o + 1], wz = pStart[2] + d * e[2] - y[o + 2];
    const aa = ax * ax + ay * ay + az * az, ab = ax * bx + ay * by + az * bz, bb = bx * bx + by * by + bz * bz;
    const wa = wx * ax + wy * ay + wz * az, wb = wx * bx + wy * by + wz * bz;
    const det = aa * bb - ab * ab;
    const l1 = (wa * bb - wb * ab) / det, l2 = (wb * aa - wa * ab) / det;
    if (!(l1 >= -tolerance && l2 >= -tolerance && l1 + l2 <= 1 + tolerance)) return;
    // velocity of the body's point hit: v + ω × (x − p)
    const kin = triangles.bodies, m = triangles.body[t];
    const p = kin.position3, v = kin.velocity3, w = kin.angularVelocity3;
    const rx = y[o] + wx - p[3 * m], ry = y[o + 1] + wy - p[3 * m + 1], rz = y[o + 2] + wz - p[3 * m + 2];
    const vx = v[3 * m] + w[3 * m + 1] * rz - w[3 * m + 2] * ry;
    const vy = v[3 * m + 1] + w[3 * m + 2] * rx - w[3 * m] * rz;
    const vz = v[3 * m + 2] + w[3 * m] * ry - w[3 * m + 1] * rx;
    this.take(d, minDistance, e[0] * vx + e[1] * vy + e[2] * vz, t, ContactTypeIndex.IndexTrigsRigidBodyBased);
  }

  private cable(cables: ContactANCFCables, i: number, pStart: ArrayLike<number>, e: ArrayLike<number>, minDistance: number): void {
    const q = cables.coordinates, qt = cables.velocities, at = 8 * i, L = cables.length[i];
    // e × (r(x) − pStart) = Σ_k c_k x^k
    const { cubic, component, S } = this;
    cubic.fill(0);
    for (let comp = 0; comp < 2; comp++) {
      const sign = comp === 0 ? -e[1] : e[0];
      centerlineCoefficients(q, at, comp, L, component, 0);
      component[0] -= pStart[comp];
      for (let k = 0; k < 4; k++) cubic[k] += sign * component[k];
    }
    let degree = 3;
    while (degree > 0 && cubic[degree] === 0) degree--;
    if (degree === 0) return;
    // roots on [0, L], the ends included (the interval widened by round-off)
    const count = this.roots.find(cubic, degree, -1e-12 * L, L * (1 + 1e-12));
    for (let k = 0; k < count; k++) {
      const x = Math.min(L, Math.max(0, this.roots.values[k]));
      shapeFunctions(x, L, S, 0);
      let d = 0, velocity = 0;
      for (let comp = 0; comp < 2; comp++) {
        const r = S[0] * q[at + comp] + S[1] * q[at + 2 + comp] + S[2] * q[at + 4 + comp] + S[3] * q[at + 6 + comp];
        const rt = S[0] * qt[at + comp] + S[1] * qt[at + 2 + comp] + S[2] * qt[at + 4 + comp] + S[3] * qt[at + 6 + comp];
        d += (r - pStart[comp]) * e[comp];
        velocity += rt * e[comp];
      }
      this.take(d, minDistance, velocity, i, ContactTypeIndex.IndexANCFCable2D);
    }
  }
}
