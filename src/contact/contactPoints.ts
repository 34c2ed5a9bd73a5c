import type { ContactPointSink } from '../registry/capabilities.ts';
import { SearchGrid } from './searchGrid.ts';

/**
 * Contact points found at one state: 4 numbers per point (position x, y, z and penetration depth ≥ 0) and the contact
 * force (3 per point; 0 where the source does not report it); storage grows.
 */
export class ContactPointList implements ContactPointSink {
  /** [x, y, z, depth] of point k at 4k. */
  values = new Float64Array(64);
  /** Contact force [fx, fy, fz] of point k at 3k. */
  forces = new Float64Array(48);
  /** Number of points. */
  count = 0;

  /** Removes all points (keeps the storage). */
  clear(): void {
    this.count = 0;
  }

  /** Appends a point with its penetration depth and contact force (default 0). */
  push(x: number, y: number, z: number, depth: number, fx = 0, fy = 0, fz = 0): void {
    if (4 * this.count + 4 > this.values.length) {
      const grown = new Float64Array(2 * this.values.length);
      grown.set(this.values);
      this.values = grown;
      const grownForces = new Float64Array(2 * this.forces.length);
      grownForces.set(this.forces);
      this.forces = grownForces;
    }
    const v = this.values, o = 4 * this.count, f = this.forces, o3 = 3 * this.count;
    v[o] = x; v[o + 1] = y; v[o + 2] = z; v[o + 3] = depth;
    f[o3] = fx; f[o3 + 1] = fy; f[o3 + 2] = fz;
    this.count++;
  }
}

/**
 * The geometric contacts of spheres at given centres, for drawing (the viewer and the VTK export): every pair whose
 * spheres overlap (gap g = |p_j − p_i| − r_i − r_j < 0) gives the point midway in the overlap on the line of centres,
 * p_i + (r_i + g/2) n, with depth −g. It searches a grid of its own over the spheres only (with the layout of the
 * contact's grid); the force kernel's test, which involves the velocities, is not used.
 */
export class SphereOverlaps {
  private readonly grid = new SearchGrid();
  private boxes = new Float64Array(0);

  /** Appends the contact points of the spheres (centres 3 per sphere, radii) to out. */
  find(centers: Float64Array, radii: Float64Array, layout: SearchGrid, out: ContactPointList): void {
    const n = radii.length;
    if (this.boxes.length < 6 * n) this.boxes = new Float64Array(6 * n);
    const boxes = this.boxes;
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 3; k++) {
        boxes[6 * i + k] = centers[3 * i + k] - radii[i];
        boxes[6 * i + 3 + k] = centers[3 * i + k] + radii[i];
      }
    }
    this.grid.resetLike(layout);
    this.grid.build(boxes, n);
    this.grid.forEachPair((i, j) => {
      const dx = centers[3 * j] - centers[3 * i], dy = centers[3 * j + 1] - centers[3 * i + 1], dz = centers[3 * j + 2] - centers[3 * i + 2];
      const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const gap = distance - radii[i] - radii[j];
      if (!(gap < 0) || distance === 0) return;
      const a = (radii[i] + 0.5 * gap) / distance;
      out.push(centers[3 * i] + a * dx, centers[3 * i + 1] + a * dy, centers[3 * i + 2] + a * dz, -gap);
    });
  }
}
