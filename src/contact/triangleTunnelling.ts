import type { ItemState } from '../registry/capabilities.ts';
import { FlexdynError } from '../core/errors.ts';
import type { ContactSpheres } from './contactSpheres.ts';
import type { ContactTriangles } from './contactTriangles.ts';
import { SearchGrid } from './searchGrid.ts';
import type { SphereMotion } from './sphereTunnelling.ts';
import { crossesInsideTriangle } from '../items/objects/ObjectContactSphereTriangle.ts';

/**
 * The tunnelling check of GeneralContact's spheres against its triangles after each step (as ObjectContactSphereTriangle
 * reports it): a sphere that was separated from a triangle at the start of the step (its centre at least its radius
 * away) and whose centre, moving linearly in the frame of the triangle's body from its start to its end position,
 * passes through the triangle from the outer side (crosses its plane inside it) is reported with a FlexdynError naming
 * the contact, sphere, triangle, time and what to change. Once behind a triangle a sphere feels no force from it, so
 * without the check it would fall through silently.
 *
 * Such a pass needs a motion of at least the radius relative to the body: with Δc the sphere's displacement, Δp and ΔA
 * the body's change of position and rotation and ρ the largest distance of the body's triangle points from its marker,
 * the centre moves by at most (|Δc| + |Δp| + ‖ΔA‖_F ρ)/(1 − ‖ΔA‖_F) in the body's frame. Spheres that cannot pass so
 * are skipped after one pass over the displacements; the others are searched on a grid of the swept boxes (spheres at
 * the start and the end of the step, triangles in both configurations) with the contact's cells. Arrays are allocated
 * on the first check and when the numbers of items change.
 */
export class TriangleTunnellingCheck {
  private readonly grid = new SearchGrid();
  private boxes = new Float64Array(0);
  private candidates = new Int32Array(0);
  /** Frames of the meshes' markers at the start (0) and the end (1) of the step. */
  private p0 = new Float64Array(0);
  private p1 = new Float64Array(0);
  private A0 = new Float64Array(0);
  private A1 = new Float64Array(0);
  /** Per mesh: the largest distance of its triangle points from the marker (for the local points it was computed for). */
  private reach = new Float64Array(0);
  private reachOf?: Float64Array;
  private readonly rho = new Float64Array(6);

  /** @param name the contact's name in errors ('GeneralContact 0') */
  constructor(private readonly name: string) {}

  /**
   * Throws if a sphere passes through a triangle within the step from startOfStep to s; start and end are the sphere
   * centres at those states (3 per sphere), moved their {@link SphereMotion}, layout the search grid whose cells and
   * box the swept search uses.
   */
  check(spheres: ContactSpheres, triangles: ContactTriangles, start: Float64Array, end: Float64Array, moved: SphereMotion, startOfStep: ItemState, s: ItemState, layout: SearchGrid): void {
    const nT = triangles.count, nS = spheres.count, bodies = triangles.bodies, nB = bodies.count;
    if (nT === 0 || nS === 0) return;
    if (this.p0.length !== 3 * nB) {
      this.p0 = new Float64Array(3 * nB); this.p1 = new Float64Array(3 * nB);
      this.A0 = new Float64Array(9 * nB); this.A1 = new Float64Array(9 * nB);
      this.reach = new Float64Array(nB);
      this.reachOf = undefined;
    }
    if (this.reachOf !== triangles.localPoints) {
      const x = triangles.localPoints;
      this.reach.fill(0);
      for (let t = 0; t < nT; t++) {
        for (let k = 0; k < 3; k++) this.reach[triangles.body[t]] = Math.max(this.reach[triangles.body[t]], Math.hypot(x[9 * t + 3 * k], x[9 * t + 3 * k + 1], x[9 * t + 3 * k + 2]));
      }
      this.reachOf = x;
    }
    const { p0, p1, A0, A1 } = this;
    bodies.frames(startOfStep, p0, A0);
    bodies.frames(s, p1, A1);
    // the largest ‖ΔA‖_F and |Δp| + ‖ΔA‖_F ρ over the bodies
    let rotation = 0, motion = 0;
    for (let b = 0; b < nB; b++) {
      let dA = 0;
      for (let k = 0; k < 9; k++) dA += (A1[9 * b + k] - A0[9 * b + k]) ** 2;
      dA = Math.sqrt(dA);
      rotation = Math.max(rotation, dA);
      motion = Math.max(motion, Math.hypot(p1[3 * b] - p0[3 * b], p1[3 * b + 1] - p0[3 * b + 1], p1[3 * b + 2] - p0[3 * b + 2]) + dA * this.reach[b]);
    }
    const keep = 1 - rotation;
    if (keep > 0 && moved.largest + motion <= moved.smallest * keep) return; // no sphere can pass
    if (this.candidates.length < nS) this.candidates = new Int32Array(nS);
    const radius = spheres.radius, candidates = this.candidates;
    let nC = 0;
    for (let i = 0; i < nS; i++) {
      // a candidate if |Δc| > r (1 − ‖ΔA‖) − motion (compared squared where that is positive)
      const safe = radius[i] * keep - motion;
      const dx = end[3 * i] - start[3 * i], dy = end[3 * i + 1] - start[3 * i + 1], dz = end[3 * i + 2] - start[3 * i + 2];
      if (!(safe > 0) || dx * dx + dy * dy + dz * dz > safe * safe) candidates[nC++] = i;
    }
    if (nC === 0) return;
    if (this.boxes.length < 6 * (nC + nT)) this.boxes = new Float64Array(6 * (nC + nT));
    const boxes = this.boxes;
    for (let c = 0; c < nC; c++) {
      const i = this.candidates[c];
      for (let k = 0; k < 3; k++) {
        boxes[6 * c + k] = Math.min(start[3 * i + k], end[3 * i + k]) - radius[i];
        boxes[6 * c + 3 + k] = Math.max(start[3 * i + k], end[3 * i + k]) + radius[i];
      }
    }
    sweptTriangleBoxes(triangles, p0, A0, p1, A1, boxes, nC);
    const grid = this.grid;
    grid.resetLike(layout);
    grid.build(boxes, nC + nT);
    for (let c = 0; c < nC; c++) {
      const i = this.candidates[c];
      const found = grid.query(c, nC, nC + nT);
      for (let f = 0; f < found; f++) {
        const t = grid.found[f] - nC;
        if (this.passesThrough(i, t, radius[i], start, end, triangles)) {
          throw new FlexdynError(`${this.name}: sphere ${i} passed through triangle ${t} (radius ${radius[i]}) within one step at t = ${s.t} (tunnelling): `
            + 'reduce the step size (timeIntegration.numberOfSteps) so that spheres move less than their radius per step relative to the triangles, or increase contactStiffness if the contact is too soft to stop them', { parameter: 'contactStiffness' });
        }
      }
    }
  }

  /** True if sphere i, separated from triangle t at the start, passes through it from its outer side (in the body's frame). */
  private passesThrough(i: number, t: number, r: number, start: Float64Array, end: Float64Array, triangles: ContactTriangles): boolean {
    const b = triangles.body[t], rho = this.rho, x = triangles.localPoints, o = 9 * t;
    for (let k = 0; k < 2; k++) {
      const c = k === 0 ? start : end, p = k === 0 ? this.p0 : this.p1, A = k === 0 ? this.A0 : this.A1;
      const dx = c[3 * i] - p[3 * b], dy = c[3 * i + 1] - p[3 * b + 1], dz = c[3 * i + 2] - p[3 * b + 2];
      // ρ = Aᵀ(c − p) − x0, relative to the triangle's first point
      for (let m = 0; m < 3; m++) rho[3 * k + m] = A[9 * b + m] * dx + A[9 * b + 3 + m] * dy + A[9 * b + 6 + m] * dz - x[o + m];
    }
    const e1x = x[o + 3] - x[o], e1y = x[o + 4] - x[o + 1], e1z = x[o + 5] - x[o + 2];
    const e2x = x[o + 6] - x[o], e2y = x[o + 7] - x[o + 1], e2z = x[o + 8] - x[o + 2];
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const d0 = nx * rho[0] + ny * rho[1] + nz * rho[2], d1 = nx * rho[3] + ny * rho[4] + nz * rho[5];
    if (!(d0 > 0 && d1 < 0)) return false;
    if (pointTriangleDistanceSquared(rho[0], rho[1], rho[2], e1x, e1y, e1z, e2x, e2y, e2z) < r * r) return false; // in contact at the start
    return crossesInsideTriangle(rho, 3, d0, d1, e1x, e1y, e1z, e2x, e2y, e2z);
  }
}

/**
 * The squared distance of the point v from the triangle with the points 0, e1, e2 (exact closest point: the face, an
 * edge or a vertex, by the regions of the barycentric coordinates).
 */
export function pointTriangleDistanceSquared(vx: number, vy: number, vz: number, e1x: number, e1y: number, e1z: number, e2x: number, e2y: number, e2z: number): number {
  const d1 = e1x * vx + e1y * vy + e1z * vz, d2 = e2x * vx + e2y * vy + e2z * vz;
  const vv = vx * vx + vy * vy + vz * vz;
  if (d1 <= 0 && d2 <= 0) return vv; // vertex 0
  const a11 = e1x * e1x + e1y * e1y + e1z * e1z, a12 = e1x * e2x + e1y * e2y + e1z * e2z, a22 = e2x * e2x + e2y * e2y + e2z * e2z;
  // distance from the point a·e1 + b·e2
  const at = (a: number, b: number): number => {
    const wx = vx - a * e1x - b * e2x, wy = vy - a * e1y - b * e2y, wz = vz - a * e1z - b * e2z;
    return wx * wx + wy * wy + wz * wz;
  };
  const d3 = d1 - a11, d4 = d2 - a12; // v − e1 projected on e1, e2
  if (d3 >= 0 && d4 <= d3) return at(1, 0); // vertex 1
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return at(d1 / (d1 - d3), 0); // edge 0–1
  const d5 = d1 - a12, d6 = d2 - a22; // v − e2 projected on e1, e2
  if (d6 >= 0 && d5 <= d6) return at(0, 1); // vertex 2
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return at(0, d2 / (d2 - d6)); // edge 0–2
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return at(1 - w, w); // edge 1–2
  }
  const denominator = 1 / (va + vb + vc);
  return at(vb * denominator, vc * denominator); // face
}

/**
 * The axis-aligned boxes [min x, y, z, max x, y, z] that hold each triangle of `triangles` at the start (body origins p0,
 * rotations A0) and the end (p1, A1) of a step, written to `boxes` from box index `first` on (6 entries per triangle).
 */
export function sweptTriangleBoxes(triangles: ContactTriangles, p0: Float64Array, A0: Float64Array, p1: Float64Array, A1: Float64Array, boxes: Float64Array, first: number): void {
  const x = triangles.localPoints, nT = triangles.count;
  for (let t = 0; t < nT; t++) {
    const b = triangles.body[t], at = 6 * (first + t);
    for (let k = 0; k < 3; k++) { boxes[at + k] = Infinity; boxes[at + 3 + k] = -Infinity; }
    for (let v = 0; v < 3; v++) {
      const o = 9 * t + 3 * v;
      for (let r = 0; r < 3; r++) {
        const y0 = p0[3 * b + r] + A0[9 * b + 3 * r] * x[o] + A0[9 * b + 3 * r + 1] * x[o + 1] + A0[9 * b + 3 * r + 2] * x[o + 2];
        const y1 = p1[3 * b + r] + A1[9 * b + 3 * r] * x[o] + A1[9 * b + 3 * r + 1] * x[o + 1] + A1[9 * b + 3 * r + 2] * x[o + 2];
        boxes[at + r] = Math.min(boxes[at + r], y0, y1);
        boxes[at + 3 + r] = Math.max(boxes[at + 3 + r], y0, y1);
      }
    }
  }
}
