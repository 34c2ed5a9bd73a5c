/**
 * Twist, writhe and link of discrete rods (closed polygonal ribbons): the writhe of a closed polygon by the exact Gauss
 * double integral over its pairs of edges (Klenin & Langowski, "Computation of writhe in modeling of supercoiled DNA",
 * Biopolymers 54, 2000: the solid angle of each pair of segments), the twist of a ribbon given by one unit vector per
 * edge (normal to the edge) as the sum of the angles between consecutive ribbon vectors after parallel transport over
 * the vertex (the rotation about t_e × t_{e+1} that takes t_e to t_{e+1}), and the link Lk = Tw + Wr
 * (Călugăreanu–White–Fuller), an integer for a closed ribbon: it changes only when the curve passes through itself.
 * @module
 */
import { FlexdynError } from '../core/errors.ts';

/**
 * The writhe of the closed polygon through the points (3 per vertex, n ≥ 3 vertices; the last edge returns to the first
 * vertex): Wr = Σ_{i≠j} Ω_ij/(4π), Ω_ij the signed solid angle of edges i and j (0 for an edge with itself or its
 * neighbours, which are coplanar).
 */
export function polygonWrithe(points: ArrayLike<number>): number {
  const n = points.length / 3;
  if (!Number.isInteger(n) || n < 3) throw new FlexdynError(`polygonWrithe: points must hold 3 coordinates per vertex of at least 3 vertices, got ${points.length} numbers`, { parameter: 'points' });
  let sum = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // neighbours over the closing vertex
      sum += solidAngle(points, i, (i + 1) % n, j, (j + 1) % n);
    }
  }
  // every unordered pair counts twice in Σ_{i≠j}
  return 2 * sum / (4 * Math.PI);
}

/** The signed solid angle Ω of the segments p1p2 (vertices a, b) and p3p4 (c, d) of x (Klenin & Langowski, method 1a). */
function solidAngle(x: ArrayLike<number>, a: number, b: number, c: number, d: number): number {
  const r13 = diff(x, c, a), r14 = diff(x, d, a), r23 = diff(x, c, b), r24 = diff(x, d, b);
  const n1 = unitCross(r13, r14), n2 = unitCross(r14, r24), n3 = unitCross(r24, r23), n4 = unitCross(r23, r13);
  if (n1 === undefined || n2 === undefined || n3 === undefined || n4 === undefined) return 0;
  const omega = asinClamped(dot(n1, n2)) + asinClamped(dot(n2, n3)) + asinClamped(dot(n3, n4)) + asinClamped(dot(n4, n1));
  const r34 = diff(x, d, c), r12 = diff(x, b, a);
  const orientation = dot(cross(r34, r12), r13);
  return orientation > 0 ? omega : orientation < 0 ? -omega : 0;
}

/**
 * The twist of the closed ribbon on the polygon through the points (n vertices, edge e from vertex e to e + 1, the
 * last edge back to vertex 0) with the ribbon vectors (3 per edge, normal to their edges, any length): Tw = Σ_e φ_e/(2π),
 * φ_e ∈ (−π, π] the angle about t_{e+1} from the parallel transport of the ribbon vector of edge e over vertex e + 1 to
 * that of edge e + 1. The ribbon must be resolved: consecutive vectors less than π apart after transport.
 */
export function ribbonTwist(points: ArrayLike<number>, ribbon: ArrayLike<number>): number {
  const n = points.length / 3;
  if (!Number.isInteger(n) || n < 3 || ribbon.length !== points.length) {
    throw new FlexdynError(`ribbonTwist: points and ribbon must hold 3 coordinates per vertex and per edge (n ≥ 3), got ${points.length} and ${ribbon.length} numbers`, { parameter: 'ribbon' });
  }
  let sum = 0;
  for (let e = 0; e < n; e++) {
    const f = (e + 1) % n;
    const t0 = unit(diff(points, (e + 1) % n, e)), t1 = unit(diff(points, (f + 1) % n, f));
    const u0 = perpendicularUnit(ribbon, e, t0), u1 = perpendicularUnit(ribbon, f, t1);
    const transported = parallelTransport(t0, t1, u0);
    sum += Math.atan2(dot(t1, cross(transported, u1)), dot(transported, u1));
  }
  return sum / (2 * Math.PI);
}

/** The rotation of u about t0 × t1 by the angle between t0 and t1 (unit vectors): Rodrigues' formula; u for t0 = t1. */
function parallelTransport(t0: number[], t1: number[], u: number[]): number[] {
  const axis = cross(t0, t1), s = Math.hypot(axis[0], axis[1], axis[2]), c = dot(t0, t1);
  if (s === 0) return u;
  const k = [axis[0] / s, axis[1] / s, axis[2] / s], ku = cross(k, u), kdu = dot(k, u);
  return [0, 1, 2].map((i) => u[i] * c + ku[i] * s + k[i] * kdu * (1 - c));
}

/** The unit part of ribbon vector e normal to the unit tangent t. */
function perpendicularUnit(ribbon: ArrayLike<number>, e: number, t: number[]): number[] {
  const v = [ribbon[3 * e], ribbon[3 * e + 1], ribbon[3 * e + 2]], vt = dot(v, t);
  return unit([v[0] - vt * t[0], v[1] - vt * t[1], v[2] - vt * t[2]]);
}

/** The link Tw + Wr of the closed ribbon (see {@link ribbonTwist}, {@link polygonWrithe}). */
export function ribbonLink(points: ArrayLike<number>, ribbon: ArrayLike<number>): { twist: number; writhe: number; link: number } {
  const twist = ribbonTwist(points, ribbon), writhe = polygonWrithe(points);
  return { twist, writhe, link: twist + writhe };
}

function diff(x: ArrayLike<number>, i: number, j: number): number[] {
  return [x[3 * i] - x[3 * j], x[3 * i + 1] - x[3 * j + 1], x[3 * i + 2] - x[3 * j + 2]];
}

function dot(a: number[], b: number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: number[], b: number[]): number[] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function unit(a: number[]): number[] {
  const length = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / length, a[1] / length, a[2] / length];
}

/** The unit vector along a × b, or undefined when they are parallel (a degenerate, zero-area face of the solid angle). */
function unitCross(a: number[], b: number[]): number[] | undefined {
  const c = cross(a, b), length = Math.hypot(c[0], c[1], c[2]);
  return length === 0 ? undefined : [c[0] / length, c[1] / length, c[2] / length];
}

function asinClamped(x: number): number {
  return Math.asin(x < -1 ? -1 : x > 1 ? 1 : x);
}
