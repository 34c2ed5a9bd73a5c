import { FlexdynError } from '../core/errors.ts';
import type { ContactRodSegments } from './contactRods.ts';
import { SearchGrid } from './searchGrid.ts';
import { SegmentPair } from './segmentPair.ts';

/** Smallest |a × b|/(|a| |b|) (sine of the crossing angle) at which the side of a crossing is told apart. */
const CROSSING_SINE = 0.1;

/**
 * The side of a crossing of two segments (the rod–rod and rod–mesh pass-through checks): the sign of d·(a × b) of the
 * segments at x[offsetA …] and x[offsetB …] (two end points each), or 0 if the crossing is too flat (sine of its angle
 * below 0.1) or a closest point is at an end; pair holds the evaluation (its s, t) afterwards.
 */
export function crossingSide(pair: SegmentPair, x: Float64Array, offsetA: number, offsetB: number): number {
  pair.evaluate(x, offsetA, offsetB);
  if (!(pair.s > 0 && pair.s < 1 && pair.t > 0 && pair.t < 1)) return 0;
  const a = pair.a, b = pair.b, d = pair.d;
  const c0 = a[1] * b[2] - a[2] * b[1], c1 = a[2] * b[0] - a[0] * b[2], c2 = a[0] * b[1] - a[1] * b[0];
  const sine = Math.hypot(c0, c1, c2) / (Math.hypot(a[0], a[1], a[2]) * Math.hypot(b[0], b[1], b[2]));
  if (!(sine >= CROSSING_SINE)) return 0;
  return Math.sign(d[0] * c0 + d[1] * c1 + d[2] * c2);
}

/**
 * The pass-through check of rod segments after each step: two segments that cross at an angle (sine ≥ 0.1) with their
 * closest points inside both segments at the start and at the end of the step, with the centerline of B on the other
 * side of A's at the end (the sign of d·(a × b), d = x_B − x_A, flipped), have passed through each other within the step
 * without the contact seeing it; reported with a FlexdynError naming the segments, their rods, the places along the
 * rods and the time. Candidates are the pairs whose swept boxes (start and end, widened by the radius) overlap, on a grid
 * of its own; when no segment end moved by half the smallest radius (then the centerlines, at least the larger radius
 * apart at the start after the penetration check, cannot meet) the check ends after one pass over the displacements.
 */
export class RodTunnellingCheck {
  private readonly grid = new SearchGrid();
  private boxes = new Float64Array(0);
  private readonly start = new SegmentPair();
  private readonly end = new SegmentPair();

  constructor(private readonly name: string) {}

  /** Checks the step from the end points startPoints to endPoints (6 per segment) at time t; the grid gives cells and box. */
  check(rods: ContactRodSegments, startPoints: Float64Array, endPoints: Float64Array, like: SearchGrid, t: number): void {
    const n = rods.count;
    let largest = 0, smallest = Infinity;
    for (let i = 0; i < n; i++) {
      smallest = Math.min(smallest, rods.radius[i]);
      for (let e = 0; e < 2; e++) {
        const at = 6 * i + 3 * e;
        largest = Math.max(largest, Math.hypot(endPoints[at] - startPoints[at], endPoints[at + 1] - startPoints[at + 1], endPoints[at + 2] - startPoints[at + 2]));
      }
    }
    if (largest < 0.5 * smallest) return;
    if (this.boxes.length < 6 * n) this.boxes = new Float64Array(6 * n);
    const boxes = this.boxes;
    sweptSegmentBoxes(startPoints, endPoints, rods.radius, n, boxes);
    this.grid.resetLike(like);
    this.grid.build(boxes, n);
    this.grid.forEachPair((i, j) => {
      if (rods.excluded(i, j)) return;
      const side0 = crossingSide(this.start, startPoints, 6 * i, 6 * j), side1 = crossingSide(this.end, endPoints, 6 * i, 6 * j);
      if (side0 * side1 >= 0) return;
      const place = (g: number, x: number) => rods.arcStart[g] + x * (rods.arcEnd[g] - rods.arcStart[g]);
      throw new FlexdynError(`${this.name}: rod segments ${i} (rod ${rods.rod[i]}, at arc length ≈ ${place(i, this.end.s).toPrecision(6)}) and ${j} (rod ${rods.rod[j]}, at ≈ ${place(j, this.end.t).toPrecision(6)}) `
        + `passed through each other within the step ending at t = ${t}: reduce the step size or increase contactStiffness`, { parameter: 'contactStiffness' });
    });
  }

}

/**
 * The axis-aligned boxes [min x, y, z, max x, y, z] that hold each of the first n segments (ends at 6i … 6i + 5 of
 * startPoints and endPoints) over a step, widened by its radius, written to boxes[6i …].
 */
export function sweptSegmentBoxes(startPoints: Float64Array, endPoints: Float64Array, radius: ArrayLike<number>, n: number, boxes: Float64Array): void {
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      const a = startPoints[6 * i + k], b = startPoints[6 * i + 3 + k], c = endPoints[6 * i + k], d = endPoints[6 * i + 3 + k];
      boxes[6 * i + k] = Math.min(a, b, c, d) - radius[i];
      boxes[6 * i + 3 + k] = Math.max(a, b, c, d) + radius[i];
    }
  }
}
