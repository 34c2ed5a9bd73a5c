import type { ItemState } from '../registry/capabilities.ts';
import type { ContactRodSegments } from './contactRods.ts';
import type { ContactTriangles } from './contactTriangles.ts';
import { SearchGrid } from './searchGrid.ts';
import { crossesInsideTriangle } from '../items/objects/ObjectContactSphereTriangle.ts';
import { sweptTriangleBoxes } from './triangleTunnelling.ts';
import { SweptSegmentCrossing, sweptSegmentBoxes } from './rodTunnelling.ts';

/**
 * The pass-through check of rod segments against the triangles of GeneralContact after each step, in the frame of each
 * triangle's body (the rod's points at the start and the end of the step mapped by that body's frames there, so a
 * moving mesh counts as fixed): the step is rejected ({@link check} returns the reason, naming the segment, its rod, the
 * place along it, the triangle and the time) when
 *
 * - a segment end point, moving linearly in the body's frame, crosses the triangle from its outer side (the centerline
 *   went through the surface: a penetration beyond the cross-section radius), or
 * - a segment, moving linearly in the body's frame, passes through an edge of the triangle ({@link SweptSegmentCrossing},
 *   as rod–rod pass-through), e.g. a rod swept through a convex edge of a body.
 *
 * Candidates are the pairs whose swept boxes (segments widened by their radius, triangles at both configurations)
 * overlap, on a grid of its own with the contact's cells.
 */
export class RodTriangleTunnellingCheck {
  private readonly grid = new SearchGrid();
  private boxes = new Float64Array(0);
  private p0 = new Float64Array(0);
  private p1 = new Float64Array(0);
  private A0 = new Float64Array(0);
  private A1 = new Float64Array(0);
  /** The segment's end points in the body's frame relative to the triangle's first point: [P_0, P_1] at the start, then at the end. */
  private readonly local = new Float64Array(12);
  private readonly path = new Float64Array(6);
  /** The segment and the edge at the start [P_0, P_1, E_0, E_1] and at the end of the step. */
  private readonly x12Start = new Float64Array(12);
  private readonly x12End = new Float64Array(12);
  private readonly crossing = new SweptSegmentCrossing();

  /** @param name the contact's name in errors ('GeneralContact 0') */
  constructor(private readonly name: string) {}

  /**
   * Checks the step from startOfStep to s; startPoints, endPoints: the segments' end points there (6 per segment);
   * layout: the grid whose cells and box are used. Returns why the step must be rejected, or undefined.
   */
  check(rods: ContactRodSegments, triangles: ContactTriangles, startPoints: Float64Array, endPoints: Float64Array, startOfStep: ItemState, s: ItemState, layout: SearchGrid): string | undefined {
    const nS = rods.count, nT = triangles.count, bodies = triangles.bodies, nB = bodies.count;
    if (nS === 0 || nT === 0) return undefined;
    if (this.p0.length !== 3 * nB) {
      this.p0 = new Float64Array(3 * nB); this.p1 = new Float64Array(3 * nB);
      this.A0 = new Float64Array(9 * nB); this.A1 = new Float64Array(9 * nB);
    }
    const { p0, p1, A0, A1 } = this;
    bodies.frames(startOfStep, p0, A0);
    bodies.frames(s, p1, A1);
    if (this.boxes.length < 6 * (nS + nT)) this.boxes = new Float64Array(6 * (nS + nT));
    const boxes = this.boxes;
    sweptSegmentBoxes(startPoints, endPoints, rods.radius, nS, boxes);
    sweptTriangleBoxes(triangles, p0, A0, p1, A1, boxes, nS);
    const grid = this.grid;
    grid.resetLike(layout);
    grid.build(boxes, nS + nT);
    for (let i = 0; i < nS; i++) {
      const found = grid.query(i, nS, nS + nT);
      for (let f = 0; f < found; f++) {
        const t = grid.found[f] - nS;
        const where = this.passesThrough(i, t, startPoints, endPoints, triangles);
        if (where < 0) continue;
        const arc = rods.arcStart[i] + where * (rods.arcEnd[i] - rods.arcStart[i]);
        return `${this.name}: rod segment ${i} (rod ${rods.rod[i]}, at arc length ≈ ${arc.toPrecision(6)}) passed through triangle ${t} within the step ending at t = ${s.t}: `
          + 'reduce the step size or increase contactStiffness';
      }
    }
    return undefined;
  }

  /** The segment parameter (0, 1 or the crossing's) at which segment i passed through triangle t, or −1. */
  private passesThrough(i: number, t: number, startPoints: Float64Array, endPoints: Float64Array, triangles: ContactTriangles): number {
    const b = triangles.body[t], x = triangles.localPoints, o = 9 * t, local = this.local;
    for (let k = 0; k < 4; k++) {
      const source = k < 2 ? startPoints : endPoints, p = k < 2 ? this.p0 : this.p1, A = k < 2 ? this.A0 : this.A1, at = 6 * i + 3 * (k % 2);
      const dx = source[at] - p[3 * b], dy = source[at + 1] - p[3 * b + 1], dz = source[at + 2] - p[3 * b + 2];
      for (let m = 0; m < 3; m++) local[3 * k + m] = A[9 * b + m] * dx + A[9 * b + 3 + m] * dy + A[9 * b + 6 + m] * dz - x[o + m];
    }
    const e1x = x[o + 3] - x[o], e1y = x[o + 4] - x[o + 1], e1z = x[o + 5] - x[o + 2];
    const e2x = x[o + 6] - x[o], e2y = x[o + 7] - x[o + 1], e2z = x[o + 8] - x[o + 2];
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const path = this.path;
    for (let end = 0; end < 2; end++) {
      // the end point's path: start (local[3 end …]) to end (local[6 + 3 end …])
      for (let m = 0; m < 3; m++) { path[m] = local[3 * end + m]; path[3 + m] = local[6 + 3 * end + m]; }
      const d0 = nx * path[0] + ny * path[1] + nz * path[2], d1 = nx * path[3] + ny * path[4] + nz * path[5];
      if (d0 > 0 && d1 < 0 && crossesInsideTriangle(path, 3, d0, d1, e1x, e1y, e1z, e2x, e2y, e2z)) return end;
    }
    const x12Start = this.x12Start, x12End = this.x12End;
    for (let m = 0; m < 6; m++) { x12Start[m] = local[m]; x12End[m] = local[6 + m]; }
    for (let e = 0; e < 3; e++) {
      const a = 3 * e, c = 3 * ((e + 1) % 3);
      for (let m = 0; m < 3; m++) {
        x12Start[6 + m] = x12End[6 + m] = x[o + a + m] - x[o + m];
        x12Start[9 + m] = x12End[9 + m] = x[o + c + m] - x[o + m];
      }
      if (this.crossing.find(x12Start, x12End, 0, 6)) return this.crossing.s;
    }
    return -1;
  }
}
