/**
 * The planar distance of a point c (a circle centre) from a segment [a, b] including its end points (Exudyn's
 * ShortestDistanceEndPointsRelativePosition), with its derivatives: the kernel of the circle–segment contacts
 * (ObjectContactCircleCable2D, ObjectContactFrictionCircleCable2D, ObjectContactCurveCircles).
 * @module
 */

import { hypot2 } from '../../rotations/skew.ts';

/**
 * Geometry of a segment [a, b] against a point c: the relative position t ∈ [0, 1] of the nearest point
 * q = a + t (b − a) (t = (c − a)·e/(e·e), e = b − a, clamped; 0 for a = b), w = q − c, its length d, the unit normal
 * n = w/d from c to the segment (0 for d = 0), and the gap d − radius. With derivatives with respect to
 * x = [a, b, c] (2D each): ∂t/∂x, ∂w/∂x, ∂n/∂x and ∂gap/∂x. Preallocated: one instance per item, no allocation per call.
 */
export class SegmentDistance {
  /** Relative position t ∈ [0, 1] of the nearest point. */
  t = 0;
  /** Distance d = |w|. */
  d = 0;
  /** Gap d − radius. */
  gap = 0;
  /** Input of evaluate: the radius of the circle around c (a field, not an argument; see evaluate). */
  radius = 0;
  /** w = q − c (2). */
  readonly w = new Float64Array(2);
  /** Unit normal n = w/d from the point to the segment (2; 0 for d = 0). */
  readonly n = new Float64Array(2);
  /** ∂t/∂x (6). */
  readonly t_x = new Float64Array(6);
  /** ∂w/∂x (2 × 6 row-major). */
  readonly w_x = new Float64Array(12);
  /** ∂n/∂x (2 × 6 row-major). */
  readonly n_x = new Float64Array(12);
  /** ∂gap/∂x (6). */
  readonly gap_x = new Float64Array(6);

  // the geometry of the last evaluate, for its derivatives: e = b − a, v = c − a, D = e·e, t before clamping inside (0, 1), 1/d
  private ex = 0;
  private ey = 0;
  private vx = 0;
  private vy = 0;
  private D = 0;
  private interior = false;
  /**
   * 1/d of the last evaluate with derivatives. NaN before (a double from the start: set only with derivatives, its first
   * fraction would change the field's representation under compiled code and discard the code of evaluate's callers).
   */
  private inverse = Number.NaN;

  /**
   * Evaluates segment [a, b] = [points[o], points[o + 1]], [points[o + 2], points[o + 3]] against c = [centre[0],
   * centre[1]] and the circle radius of the field `radius`; derivatives only when asked for. Coordinates come as arrays
   * and the radius as a field, not as numbers: a double passed to a call the optimizer does not inline is boxed (an
   * allocation per argument and call, in every residual and post-Newton step). The values are kept small enough for the
   * optimizer to inline (the post-Newton steps evaluate every segment), the derivatives are a call of their own.
   */
  evaluate(points: Float64Array, o: number, centre: Float64Array, derivatives: boolean): void {
    this.evaluateGap(points, o, centre);
    this.evaluateNormal(derivatives);
  }

  /**
   * The first part of evaluate: t, w, d and the gap (not n), for scans that need the normal of few segments only (the
   * post-Newton step of the curve contact); evaluateNormal completes it.
   */
  evaluateGap(points: Float64Array, o: number, centre: Float64Array): void {
    const ax = points[o], ay = points[o + 1], bx = points[o + 2], by = points[o + 3], cx = centre[0], cy = centre[1];
    const ex = bx - ax, ey = by - ay;
    const vx = cx - ax, vy = cy - ay;
    const D = ex * ex + ey * ey;
    let t = D === 0 ? 0 : (vx * ex + vy * ey) / D;
    this.interior = t > 0 && t < 1;
    if (t < 0) t = 0;
    else if (t >= 1) t = 1;
    this.t = t;
    const wx = ax + t * ex - cx, wy = ay + t * ey - cy;
    const d = hypot2(wx, wy);
    this.w[0] = wx;
    this.w[1] = wy;
    this.d = d;
    this.gap = d - this.radius;
    this.ex = ex; this.ey = ey; this.vx = vx; this.vy = vy; this.D = D;
  }

  /** The second part of evaluate (after evaluateGap): the normal n and, when asked for, the derivatives. */
  evaluateNormal(derivatives: boolean): void {
    const d = this.d;
    const inverse = d === 0 ? 0 : 1 / d;
    this.n[0] = this.w[0] * inverse;
    this.n[1] = this.w[1] * inverse;
    if (!derivatives) return;
    this.inverse = inverse;
    this.derivatives();
  }

  /** ∂t/∂x, ∂w/∂x, ∂n/∂x and ∂gap/∂x of the evaluation just made (its geometry in the fields). */
  private derivatives(): void {
    const { t_x, w_x, n_x, gap_x, t, ex, ey, vx, vy, D, inverse } = this;
    const nx = this.n[0], ny = this.n[1];
    t_x.fill(0);
    w_x.fill(0);
    if (this.interior) {
      t_x[0] = ((2 * t - 1) * ex - vx) / D; t_x[1] = ((2 * t - 1) * ey - vy) / D;
      t_x[2] = (vx - 2 * t * ex) / D; t_x[3] = (vy - 2 * t * ey) / D;
      t_x[4] = ex / D; t_x[5] = ey / D;
    }
    // w = a + t e − c: ∂w/∂x = [(1 − t) I, t I, −I] + e ⊗ ∂t/∂x
    for (let r = 0; r < 2; r++) {
      w_x[6 * r + r] = 1 - t;
      w_x[6 * r + 2 + r] = t;
      w_x[6 * r + 4 + r] = -1;
      const e = r === 0 ? ex : ey;
      for (let k = 0; k < 6; k++) w_x[6 * r + k] += e * t_x[k];
    }
    // ∂gap/∂x = nᵀ ∂w/∂x, ∂n/∂x = (I − n nᵀ)/d ∂w/∂x
    const p00 = (1 - nx * nx) * inverse, p01 = -nx * ny * inverse, p11 = (1 - ny * ny) * inverse;
    for (let k = 0; k < 6; k++) {
      const w0 = w_x[k], w1 = w_x[6 + k];
      gap_x[k] = nx * w0 + ny * w1;
      n_x[k] = p00 * w0 + p01 * w1;
      n_x[6 + k] = p01 * w0 + p11 * w1;
    }
  }
}
