import type { ContactRodSegments } from './contactRods.ts';
import { SearchGrid } from './searchGrid.ts';

/**
 * Smallest squared sine of the angle between two segments at which their crossing is located (sine 1e-6): the place of
 * the crossing along the segments has the root's error divided by the sine, so nearly parallel segments are left out.
 */
const PARALLEL_SINE_SQUARED = 1e-12;
/** Slack on the segment parameters of a crossing (of the segment length): a crossing through a shared node counts on either segment. */
const PARAMETER_SLACK = 1e-9;
/**
 * Largest distance of the lines at a root, per length of the two segments, at which they count as meeting: the root's
 * error in τ (1e-13) times the motion is far below it; a miss by less is a touch, a penetration of both radii anyway.
 */
const MEETING_DISTANCE = 1e-6;
/** Bisection of a sign change of the coplanarity cubic ends when its interval in τ is this short. */
const ROOT_INTERVAL = 1e-13;

/**
 * Continuous collision detection of two segments whose end points move linearly over a step (τ ∈ [0, 1], from the
 * points x0 at the start to x1 at the end; two end points each, at offsetA and offsetB): they pass through each other
 * exactly where the four end points become coplanar — a root of the cubic f(τ) = r·(a × b), r = B₀ − A₀,
 * a = A₁ − A₀, b = B₁ − B₀, each linear in τ — at which the lines meet (f also vanishes where a segment shrinks to a
 * point) within both segments. The cubic's
 * coefficients are expanded from the end points; [0, 1] is split at the roots of f′ into intervals on which f is
 * monotone, and each sign change is bisected to the root. A touch without a sign change (a double root) passes nothing
 * through. Roots at which the segments are parallel (sine < 1e-6) are skipped, as is a motion that keeps all four points
 * coplanar (f ≡ 0: planar models, where the segments would cross in their plane). The earliest crossing is reported:
 * its time fraction {@link tau} and the segment parameters {@link s} and {@link t}. Preallocated; no allocation per call.
 */
export class SweptSegmentCrossing {
  /** Time fraction of the step at the crossing found by the last {@link find}. */
  tau = 0;
  /** Parameters of the crossing along segment A and B (0 … 1). */
  s = 0;
  t = 0;
  private readonly coefficients = new Float64Array(4);
  private readonly breaks = new Float64Array(4);

  /** True if the segments at offsetA and offsetB of x0 (start) and x1 (end) pass through each other within the step. */
  find(x0: ArrayLike<number>, x1: ArrayLike<number>, offsetA: number, offsetB: number): boolean {
    const c = this.coefficients;
    c[0] = 0; c[1] = 0; c[2] = 0; c[3] = 0;
    // f(τ) = (r + τ dr)·((a + τ da) × (b + τ db)), summed per component of the cross products
    for (let k = 0; k < 3; k++) {
      const k1 = (k + 1) % 3, k2 = (k + 2) % 3;
      const r = x0[offsetB + k] - x0[offsetA + k], dr = x1[offsetB + k] - x1[offsetA + k] - r;
      const a1 = x0[offsetA + 3 + k1] - x0[offsetA + k1], a2 = x0[offsetA + 3 + k2] - x0[offsetA + k2];
      const b1 = x0[offsetB + 3 + k1] - x0[offsetB + k1], b2 = x0[offsetB + 3 + k2] - x0[offsetB + k2];
      const da1 = x1[offsetA + 3 + k1] - x1[offsetA + k1] - a1, da2 = x1[offsetA + 3 + k2] - x1[offsetA + k2] - a2;
      const db1 = x1[offsetB + 3 + k1] - x1[offsetB + k1] - b1, db2 = x1[offsetB + 3 + k2] - x1[offsetB + k2] - b2;
      // component k of a × b = a1 b2 − a2 b1, expanded in τ
      const p0 = a1 * b2 - a2 * b1, p1 = a1 * db2 + da1 * b2 - a2 * db1 - da2 * b1, p2 = da1 * db2 - da2 * db1;
      c[0] += r * p0; c[1] += r * p1 + dr * p0; c[2] += r * p2 + dr * p1; c[3] += dr * p2;
    }
    const breaks = this.breaks;
    let count = 0;
    breaks[count++] = 0;
    // roots of f′ = c1 + 2 c2 τ + 3 c3 τ² inside (0, 1), in increasing order
    const A = 3 * c[3], B = 2 * c[2], C = c[1];
    if (A === 0) {
      if (B !== 0) count = addBreak(breaks, count, -C / B);
    } else {
      const discriminant = B * B - 4 * A * C;
      if (discriminant > 0) {
        const q = -0.5 * (B + (B >= 0 ? 1 : -1) * Math.sqrt(discriminant));
        const r1 = q / A, r2 = q !== 0 ? C / q : r1;
        count = addBreak(breaks, count, Math.min(r1, r2));
        count = addBreak(breaks, count, Math.max(r1, r2));
      }
    }
    breaks[count++] = 1;
    for (let i = 0; i + 1 < count; i++) {
      let lo = breaks[i], hi = breaks[i + 1];
      let fLo = cubic(c, lo);
      const fHi = cubic(c, hi);
      if (!(fLo * fHi < 0)) continue;
      for (let iteration = 0; iteration < 64 && hi - lo > ROOT_INTERVAL; iteration++) {
        const mid = 0.5 * (lo + hi), fMid = cubic(c, mid);
        if (fMid * fLo <= 0) hi = mid;
        else { lo = mid; fLo = fMid; }
      }
      if (this.intersectsAt(x0, x1, offsetA, offsetB, 0.5 * (lo + hi))) return true;
    }
    return false;
  }

  /** True if the lines of the two segments at time fraction τ meet within both segments (sets tau, s, t). */
  private intersectsAt(x0: ArrayLike<number>, x1: ArrayLike<number>, offsetA: number, offsetB: number, tau: number): boolean {
    let aa = 0, bb = 0, ab = 0, ar = 0, br = 0, rr = 0;
    for (let k = 0; k < 3; k++) {
      const A0 = x0[offsetA + k] + tau * (x1[offsetA + k] - x0[offsetA + k]);
      const A1 = x0[offsetA + 3 + k] + tau * (x1[offsetA + 3 + k] - x0[offsetA + 3 + k]);
      const B0 = x0[offsetB + k] + tau * (x1[offsetB + k] - x0[offsetB + k]);
      const B1 = x0[offsetB + 3 + k] + tau * (x1[offsetB + 3 + k] - x0[offsetB + 3 + k]);
      const a = A1 - A0, b = B1 - B0, r = A0 - B0;
      aa += a * a; bb += b * b; ab += a * b; ar += a * r; br += b * r; rr += r * r;
    }
    // closest points of the lines: aa s − ab t = −ar, ab s − bb t = −br
    const D = aa * bb - ab * ab;
    if (!(D > PARALLEL_SINE_SQUARED * aa * bb)) return false;
    const s = (ab * br - bb * ar) / D, t = (aa * br - ab * ar) / D;
    if (!(s >= -PARAMETER_SLACK && s <= 1 + PARAMETER_SLACK && t >= -PARAMETER_SLACK && t <= 1 + PARAMETER_SLACK)) return false;
    // the lines meet there (f also vanishes where a segment shrinks to a point): |r + s a − t b|² = rr + 2 s ar − 2 t br + s² aa − 2 s t ab + t² bb
    const squared = rr + 2 * s * ar - 2 * t * br + s * s * aa - 2 * s * t * ab + t * t * bb;
    const tolerance = MEETING_DISTANCE * (Math.sqrt(aa) + Math.sqrt(bb));
    if (!(squared <= tolerance * tolerance)) return false;
    this.tau = tau;
    this.s = Math.min(1, Math.max(0, s));
    this.t = Math.min(1, Math.max(0, t));
    return true;
  }
}

/** c0 + c1 τ + c2 τ² + c3 τ³ (Horner). */
function cubic(c: Float64Array, tau: number): number {
  return c[0] + tau * (c[1] + tau * (c[2] + tau * c[3]));
}

/** Appends τ to breaks[count] if it lies inside (0, 1) (and after the last break); returns the new count. */
function addBreak(breaks: Float64Array, count: number, tau: number): number {
  if (tau > breaks[count - 1] && tau < 1) breaks[count++] = tau;
  return count;
}

/**
 * The pass-through check of rod segments after each step: with the segments' end points moving linearly from the start
 * to the end of the step, two segments that pass through each other ({@link SweptSegmentCrossing}: exact for the
 * polygon of the segments, so a rod's self-link cannot change unseen) make the step's rejection: {@link check} returns
 * the reason, naming the segments, their rods, the places along the rods and the time. Pairs excluded from the contact
 * (neighbours sharing a node, segments of one rod without self contact) are not checked. Candidates are the pairs whose
 * swept boxes (start and end, widened by the radius) overlap, on a grid of its own; without self contact, when no
 * segment end moved by half the smallest radius (then the centerlines, at least the larger radius apart at the start
 * after the penetration check, cannot meet) the check ends after one pass over the displacements (near neighbours of a
 * rod in self contact may be closer than that: with self contact every step is checked).
 */
export class RodTunnellingCheck {
  private readonly grid = new SearchGrid();
  private boxes = new Float64Array(0);
  private readonly crossing = new SweptSegmentCrossing();
  /** The first crossing pair of the running check (−1: none), with its crossing's parameters. */
  private first = -1;
  private second = -1;
  private firstS = 0;
  private secondT = 0;
  private rods?: ContactRodSegments;
  private startPoints: Float64Array = new Float64Array(0);
  private endPoints: Float64Array = new Float64Array(0);
  private readonly visit = (i: number, j: number): void => {
    if (this.first >= 0 || this.rods!.excluded(i, j)) return;
    if (!this.crossing.find(this.startPoints, this.endPoints, 6 * i, 6 * j)) return;
    this.first = i; this.second = j; this.firstS = this.crossing.s; this.secondT = this.crossing.t;
  };

  constructor(private readonly name: string) {}

  /**
   * Checks the step from the end points startPoints to endPoints (6 per segment) ending at time t; the grid gives cells
   * and box. Returns why the step must be rejected (two segments passed through each other), or undefined.
   */
  check(rods: ContactRodSegments, startPoints: Float64Array, endPoints: Float64Array, like: SearchGrid, t: number): string | undefined {
    const n = rods.count;
    let largest = 0, smallest = Infinity, selfContact = false;
    for (let i = 0; i < n; i++) {
      smallest = Math.min(smallest, rods.radius[i]);
      if (rods.selfContact[i] === 1) selfContact = true;
      for (let e = 0; e < 2; e++) {
        const at = 6 * i + 3 * e;
        largest = Math.max(largest, Math.hypot(endPoints[at] - startPoints[at], endPoints[at + 1] - startPoints[at + 1], endPoints[at + 2] - startPoints[at + 2]));
      }
    }
    if (largest < 0.5 * smallest && !selfContact) return undefined;
    if (this.boxes.length < 6 * n) this.boxes = new Float64Array(6 * n);
    const boxes = this.boxes;
    sweptSegmentBoxes(startPoints, endPoints, rods.radius, n, boxes);
    this.grid.resetLike(like);
    this.grid.build(boxes, n);
    this.rods = rods; this.startPoints = startPoints; this.endPoints = endPoints; this.first = -1;
    this.grid.forEachPair(this.visit);
    if (this.first < 0) return undefined;
    const i = this.first, j = this.second;
    const place = (g: number, x: number) => rods.arcStart[g] + x * (rods.arcEnd[g] - rods.arcStart[g]);
    return `${this.name}: rod segments ${i} (rod ${rods.rod[i]}, at arc length ≈ ${place(i, this.firstS).toPrecision(6)}) and ${j} (rod ${rods.rod[j]}, at ≈ ${place(j, this.secondT).toPrecision(6)}) `
      + `passed through each other within the step ending at t = ${t}: reduce the step size or increase contactStiffness`;
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
