/** Where the closest point of a triangle to a point lies: inside the face, on an edge (inside its ends), at a vertex. */
export const FACE = 0, EDGE = 1, VERTEX = 2;
import { hypot3 } from '../rotations/skew.ts';

/**
 * The exact closest point of a triangle (points y[o … o + 8]) to a point p, by the regions of the barycentric
 * coordinates (face, one of the three edges, one of the three vertices), preallocated; {@link inside} is true where
 * the projection of p onto the triangle's plane falls inside the triangle (barycentric coordinates ≥ −tolerance), so
 * that the closest point is the projection (kind FACE) or, within the tolerance, on its boundary.
 */
export class PointTriangle {
  /** The closest point. */
  readonly point = new Float64Array(3);
  /** The distance |p − point|. */
  distance = 0;
  /** FACE, EDGE or VERTEX; for EDGE the edge index k (points k, k + 1 mod 3), for VERTEX the vertex index. */
  kind = FACE;
  feature = 0;
  /** True if p projects into the triangle (within the barycentric tolerance 1e-12). */
  inside = false;

  /** The closest point of the triangle y[o …] to (px, py, pz). */
  evaluate(y: ArrayLike<number>, o: number, px: number, py: number, pz: number): void {
    const ax = y[o], ay = y[o + 1], az = y[o + 2];
    const e1x = y[o + 3] - ax, e1y = y[o + 4] - ay, e1z = y[o + 5] - az;
    const e2x = y[o + 6] - ax, e2y = y[o + 7] - ay, e2z = y[o + 8] - az;
    const vx = px - ax, vy = py - ay, vz = pz - az;
    const m11 = e1x * e1x + e1y * e1y + e1z * e1z, m12 = e1x * e2x + e1y * e2y + e1z * e2z, m22 = e2x * e2x + e2y * e2y + e2z * e2z;
    const r1 = vx * e1x + vy * e1y + vz * e1z, r2 = vx * e2x + vy * e2y + vz * e2z;
    const det = m11 * m22 - m12 * m12;
    const l1 = (r1 * m22 - r2 * m12) / det, l2 = (m11 * r2 - m12 * r1) / det;
    const tol = 1e-12;
    this.inside = l1 >= -tol && l2 >= -tol && l1 + l2 <= 1 + tol;
    let b1: number, b2: number;
    if (l1 >= 0 && l2 >= 0 && l1 + l2 <= 1) {
      b1 = l1; b2 = l2; this.kind = FACE; this.feature = 0;
    } else {
      // the nearest of the three edges (clamped); ties keep the first
      let best = Infinity;
      b1 = 0; b2 = 0;
      for (let k = 0; k < 3; k++) {
        // edge k from point k to point k + 1 in barycentric (λ1, λ2): 0 → (0,0), 1 → (1,0), 2 → (0,1)
        const s0 = k === 0 ? 0 : k === 1 ? 1 : 0, t0 = k === 0 ? 0 : k === 1 ? 0 : 1;
        const s1 = k === 0 ? 1 : k === 1 ? 0 : 0, t1 = k === 0 ? 0 : k === 1 ? 1 : 0;
        const ex = (s1 - s0) * e1x + (t1 - t0) * e2x, ey = (s1 - s0) * e1y + (t1 - t0) * e2y, ez = (s1 - s0) * e1z + (t1 - t0) * e2z;
        const qx = vx - s0 * e1x - t0 * e2x, qy = vy - s0 * e1y - t0 * e2y, qz = vz - s0 * e1z - t0 * e2z;
        const ee = ex * ex + ey * ey + ez * ez;
        let u = (qx * ex + qy * ey + qz * ez) / ee;
        u = u < 0 ? 0 : u > 1 ? 1 : u;
        const dx = qx - u * ex, dy = qy - u * ey, dz = qz - u * ez, squared = dx * dx + dy * dy + dz * dz;
        if (squared < best) {
          best = squared;
          b1 = s0 + u * (s1 - s0); b2 = t0 + u * (t1 - t0);
          if (u === 0) { this.kind = VERTEX; this.feature = k; } else if (u === 1) { this.kind = VERTEX; this.feature = (k + 1) % 3; } else { this.kind = EDGE; this.feature = k; }
        }
      }
    }
    const point = this.point;
    point[0] = ax + b1 * e1x + b2 * e2x; point[1] = ay + b1 * e1y + b2 * e2y; point[2] = az + b1 * e1z + b2 * e2z;
    this.distance = hypot3(px - point[0], py - point[1], pz - point[2]);
  }
}

/**
 * True if the segment [p, q] (points x[i …], x[j …]) crosses the triangle y[o …] (meets its plane at a point inside
 * it, including its boundary; a segment in the plane does not count): the rod's centerline has reached the surface.
 */
export function segmentCrossesTriangle(x: ArrayLike<number>, i: number, j: number, y: ArrayLike<number>, o: number): boolean {
  const e1x = y[o + 3] - y[o], e1y = y[o + 4] - y[o + 1], e1z = y[o + 5] - y[o + 2];
  const e2x = y[o + 6] - y[o], e2y = y[o + 7] - y[o + 1], e2z = y[o + 8] - y[o + 2];
  const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
  const d0 = nx * (x[i] - y[o]) + ny * (x[i + 1] - y[o + 1]) + nz * (x[i + 2] - y[o + 2]);
  const d1 = nx * (x[j] - y[o]) + ny * (x[j + 1] - y[o + 1]) + nz * (x[j + 2] - y[o + 2]);
  if (d0 > 0 && d1 > 0 || d0 < 0 && d1 < 0 || d0 === d1) return false;
  const c = d0 / (d0 - d1);
  const rx = x[i] + c * (x[j] - x[i]) - y[o], ry = x[i + 1] + c * (x[j + 1] - x[i + 1]) - y[o + 1], rz = x[i + 2] + c * (x[j + 2] - x[i + 2]) - y[o + 2];
  const m11 = e1x * e1x + e1y * e1y + e1z * e1z, m12 = e1x * e2x + e1y * e2y + e1z * e2z, m22 = e2x * e2x + e2y * e2y + e2z * e2z;
  const r1 = rx * e1x + ry * e1y + rz * e1z, r2 = rx * e2x + ry * e2y + rz * e2z;
  const det = m11 * m22 - m12 * m12;
  const l1 = (r1 * m22 - r2 * m12) / det, l2 = (m11 * r2 - m12 * r1) / det;
  return l1 >= 0 && l2 >= 0 && l1 + l2 <= 1;
}
