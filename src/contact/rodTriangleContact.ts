import type { GlobalMatrixAccumulator, ItemState } from '../registry/capabilities.ts';
import type { GeneralContactSettings } from './contactSettings.ts';
import type { ActiveContacts, ContactKernel } from './contactKernel.ts';
import type { ContactRodSegments } from './contactRods.ts';
import type { ContactTriangles } from './contactTriangles.ts';
import type { SearchGrid } from './searchGrid.ts';
import type { ContactPointList } from './contactPoints.ts';
import { PAIR_VARIABLES } from './contactPair.ts';
import type { ContactForceLaw } from './contactForceLaw.ts';
import { SegmentPair } from './segmentPair.ts';
import { EDGE, FACE, PointTriangle, segmentCrossesTriangle, VERTEX } from './segmentTriangle.ts';
import type { RodContact } from './rodRodContact.ts';

const N = PAIR_VARIABLES;
/**
 * Columns of the 24 variables z of a rod-segment–triangle contact: the segment's end points P_0, P_1, the position p_b
 * and virtual rotation θ_b of the triangle's body, then the velocities V_0, V_1, v_b, ω_b (at V + the same columns).
 */
const CP0 = 0, CP1 = 3, CPB = 6, CTB = 9, V = 12;
/** Geometric tolerance relative to the rod radius: points this close count as equal, a point this close to a plane as in it. */
const RELATIVE_TOLERANCE = 1e-9;
/** Fraction of a segment at each end over which a crossing contact fades out (weight s/BLEND, (1 − s)/BLEND), where the end points' own contacts take over. */
const BLEND = 0.1;

/**
 * The contacts of one rod segment with the triangles near it, found per evaluation: the rod's centerline point x_r at
 * the segment parameter s, the point x_c on the triangle, the kind of x_c (FACE, EDGE, VERTEX), for contacts found as
 * the closest points of the segment and a triangle edge that edge (else −1), the triangle, and whether the contact is kept after the exclusions.
 */
class FoundRodTriangles {
  count = 0;
  s = new Float64Array(8);
  rodPoint = new Float64Array(24);
  point = new Float64Array(24);
  triangle = new Int32Array(8);
  kind = new Int32Array(8);
  edge = new Int32Array(8);
  weight = new Float64Array(8);
  kept = new Uint8Array(8);

  /** Makes room for one more contact; returns its index. */
  next(): number {
    if (this.count === this.triangle.length) {
      const grow = <T extends Float64Array | Int32Array | Uint8Array>(a: T): T => { const b = new (a.constructor as new (n: number) => T)(2 * a.length); b.set(a); return b; };
      this.s = grow(this.s); this.rodPoint = grow(this.rodPoint); this.point = grow(this.point);
      this.triangle = grow(this.triangle); this.kind = grow(this.kind); this.edge = grow(this.edge); this.weight = grow(this.weight); this.kept = grow(this.kept);
    }
    return this.count++;
  }
}

/**
 * Contact between the rod segments (capsules of the cross-section radius R around straight pieces of the centerlines,
 * {@link ContactRodSegments}) and the triangle meshes on rigid bodies ({@link ContactTriangles}) of a GeneralContact. A
 * mesh has no thickness: the gap is the distance of the centerline point from the triangle minus R (the sphere–triangle
 * convention, with the rod's radius for the sphere's). Per segment and triangle near it, the contact points are
 *
 * - the segment's start point (and the end point of a rod's last segment) where it projects onto the face (a rod
 *   point on a face: a line contact is carried by the points of the centerline, and a rod lying on a plane has a
 *   contact at every segment joint);
 * - the closest points of the segment and each convex edge of the triangle ({@link SegmentPair}; s ∈ [0, 1], the
 *   edge's parameter clamped to its ends is a vertex; flat and concave edges, {@link ContactTriangles.convexEdge}, are
 *   left to the faces, which are at least as close), where that point of the triangle is the triangle's closest point to the
 *   centerline point (a local minimum of the distance between segment and triangle), the end s = 1 belongs to the next
 *   segment of the rod and the start s = 0 is taken only if the distance does not decrease into the previous segment
 *   (once per crossing of the polyline).
 *
 * A contact must lie within R, on the outer side of the triangle (its normal (p1 − p0) × (p2 − p0) points towards the
 * rod). As for spheres (Exudyn's exclusions), an edge or vertex contact whose rod point also touches a face of the same
 * body in whose plane the contact point lies is dropped (the shared edge of coplanar triangles, the valley between the
 * faces of a concave mesh: the rod point feels the face), and of equal contacts (the same rod and triangle points,
 * within 1e-9 R) only the first counts. Each contact acts with the normal n = (x_r − x_c)/|x_r − x_c| from the
 * triangle to the rod, the gap |x_r − x_c| − R, the relative velocity w = v_r − v_b − ω_b × (x_c − p_b) of the
 * centerline point against the body's material point at x_c, stiffnesses in series, dampings in parallel and the force
 * law of {@link ContactForceLaw} (regularized Coulomb friction μ = frictionPairings[m_rod][m_mesh]) while F < 0 (no
 * pull, as rod–rod contact). The force acts on the rod's centerline at x_r (to the end points with the weights
 * (1 − s, s), from there to the element's nodes) and, opposite, on the triangle's body at x_c, with its torque.
 */
export class RodTriangleContact implements ContactKernel {
  private readonly found = new FoundRodTriangles();
  private readonly pair = new SegmentPair();
  private readonly closest = new PointTriangle();
  private readonly x12 = new Float64Array(12);
  private candidates = new Int32Array(16);
  private candidateCount = 0;
  private readonly normals = new Float64Array(3);
  private readonly n = new Float64Array(3);
  private readonly w = new Float64Array(3);
  private readonly rc = new Float64Array(3);
  private readonly omega = new Float64Array(3);
  private readonly rP = new Float64Array(3);
  private readonly rB0 = new Float64Array(3);
  private readonly rB1 = new Float64Array(3);
  private readonly D = new Float64Array(9);
  /** ∂x_c/∂z and ∂s/∂z (positions), inputs of the force law, ∂Q/∂z of [Q_P0, Q_P1, F_b, T_b] (12 × 24). */
  private readonly Ax = new Float64Array(3 * N);
  private readonly sz = new Float64Array(N);
  private readonly tz = new Float64Array(N);
  private readonly dQ = new Float64Array(12 * N);
  /** The combined Jacobian by the rod columns (12 × 6) and by the body's coordinates (12 × n_b); the body's kinematics Jacobian and scratch blocks. */
  private readonly Cr = new Float64Array(72);
  private Cb = new Float64Array(0);
  private K = new Float64Array(0);
  private Hb = new Float64Array(0);
  private block = new Float64Array(0);
  private readonly torque = new Float64Array(3);
  private dist = 0;
  private gap = 0;
  private F = 0;
  private mu = 0;

  constructor(
    private readonly settings: GeneralContactSettings, private readonly rods: ContactRodSegments, private readonly triangles: ContactTriangles,
    private readonly grid: SearchGrid, private readonly law: ContactForceLaw,
  ) {}

  /** The outward unit normal of triangle t (global, at the last update) into this.normals. */
  private normalOf(t: number): Float64Array {
    const { triangles } = this, b = triangles.body[t], A = triangles.bodies.orientation9, ln = triangles.localNormal, m = this.normals;
    for (let r = 0; r < 3; r++) m[r] = A[9 * b + 3 * r] * ln[3 * t] + A[9 * b + 3 * r + 1] * ln[3 * t + 1] + A[9 * b + 3 * r + 2] * ln[3 * t + 2];
    return m;
  }

  /** Finds the contacts of segment i with the triangles near it and applies the exclusions; the kept ones have found.kept = 1. */
  private collect(i: number): void {
    const { rods, triangles, grid, found } = this;
    found.count = 0;
    if (triangles.count === 0) return;
    const R = rods.radius[i], x = rods.points, y = triangles.points, tol = RELATIVE_TOLERANCE * R;
    const count = grid.query(rods.offset + i, triangles.offset, triangles.offset + triangles.count);
    if (this.candidates.length < count) this.candidates = new Int32Array(2 * count);
    for (let c = 0; c < count; c++) this.candidates[c] = grid.found[c] - triangles.offset;
    this.candidateCount = count;
    const x12 = this.x12, pair = this.pair, convex = triangles.convexEdge, closest = this.closest;
    for (let k = 0; k < 6; k++) x12[k] = x[6 * i + k];
    for (let c = 0; c < count; c++) {
      const t = this.candidates[c], o = 9 * t, m = this.normalOf(t);
      // the segment's start point (and the end of the rod's last segment) as a sphere: face, convex edge or vertex
      for (let end = 0; end < (rods.hasNext[i] === 1 ? 1 : 2); end++) {
        const p0 = x[6 * i + 3 * end], p1 = x[6 * i + 3 * end + 1], p2 = x[6 * i + 3 * end + 2];
        closest.evaluate(y, o, p0, p1, p2);
        let q0: number, q1: number, q2: number, kind: number, edge = -1;
        if (closest.inside) {
          const h = (p0 - y[o]) * m[0] + (p1 - y[o + 1]) * m[1] + (p2 - y[o + 2]) * m[2];
          if (!(h > 0 && h < R)) continue;
          q0 = p0 - h * m[0]; q1 = p1 - h * m[1]; q2 = p2 - h * m[2]; kind = FACE;
        } else {
          const v = closest.feature;
          if (closest.kind === EDGE ? convex[3 * t + v] === 0 : convex[3 * t + v] === 0 && convex[3 * t + (v + 2) % 3] === 0) continue;
          const dist = closest.distance;
          q0 = closest.point[0]; q1 = closest.point[1]; q2 = closest.point[2];
          if (!(dist < R) || dist === 0 || !((p0 - q0) * m[0] + (p1 - q1) * m[1] + (p2 - q2) * m[2] > 0)) continue;
          kind = closest.kind; edge = closest.kind === EDGE ? v : -1;
        }
        const k = found.next();
        found.s[k] = end; found.triangle[k] = t; found.kind[k] = kind; found.edge[k] = edge; found.weight[k] = -1;
        found.rodPoint[3 * k] = p0; found.rodPoint[3 * k + 1] = p1; found.rodPoint[3 * k + 2] = p2;
        found.point[3 * k] = q0; found.point[3 * k + 1] = q1; found.point[3 * k + 2] = q2;
      }
      // the segment crossing a convex edge: the closest points of the segment and the edge inside the segment
      for (let e = 0; e < 3; e++) {
        if (convex[3 * t + e] === 0) continue; // flat or concave: the faces carry the contact
        const a = o + 3 * e, b = o + 3 * ((e + 1) % 3);
        for (let k = 0; k < 3; k++) { x12[6 + k] = y[a + k]; x12[9 + k] = y[b + k]; }
        pair.evaluate(x12, 0, 6);
        const dist = pair.distance, s = pair.s, u = pair.t;
        if (!(dist < R) || dist === 0 || !(s > 0 && s < 1)) continue;
        // d = x_r − x_c (from the triangle to the rod) = −pair.d
        const d0 = -pair.d[0], d1 = -pair.d[1], d2 = -pair.d[2];
        if (!(d0 * m[0] + d1 * m[1] + d2 * m[2] > 0)) continue;
        const r0 = x12[0] + s * pair.a[0], r1 = x12[1] + s * pair.a[1], r2 = x12[2] + s * pair.a[2];
        const k = found.next();
        found.s[k] = s; found.triangle[k] = t; found.kind[k] = u === 0 || u === 1 ? VERTEX : EDGE; found.edge[k] = 3 + e;
        found.weight[k] = Math.min(1, s / BLEND, (1 - s) / BLEND);
        found.rodPoint[3 * k] = r0; found.rodPoint[3 * k + 1] = r1; found.rodPoint[3 * k + 2] = r2;
        found.point[3 * k] = r0 - d0; found.point[3 * k + 1] = r1 - d1; found.point[3 * k + 2] = r2 - d2;
      }
    }
    // exclusions
    const P = found.point, X = found.rodPoint, T = found.triangle, body = triangles.body;
    for (let k = 0; k < found.count; k++) {
      let exclude = false;
      if (found.kind[k] !== FACE && found.weight[k] < 0) {
        // an end point's edge or vertex contact counts only where no triangle sharing that edge or vertex is closer to it
        const distance = Math.hypot(X[3 * k] - P[3 * k], X[3 * k + 1] - P[3 * k + 1], X[3 * k + 2] - P[3 * k + 2]);
        const t = T[k], e = found.edge[k] % 3, a = 9 * t + 3 * e, b = 9 * t + 3 * ((e + 1) % 3), vertex = found.kind[k] === VERTEX;
        for (let c = 0; c < count && !exclude; c++) {
          const q = this.candidates[c];
          if (q === t || body[q] !== body[t]) continue;
          if (vertex ? !hasPoint(y, 9 * q, P[3 * k], P[3 * k + 1], P[3 * k + 2], tol) : !(hasPoint(y, 9 * q, y[a], y[a + 1], y[a + 2], tol) && hasPoint(y, 9 * q, y[b], y[b + 1], y[b + 2], tol))) continue;
          this.closest.evaluate(y, 9 * q, X[3 * k], X[3 * k + 1], X[3 * k + 2]);
          if (this.closest.distance < distance - tol) exclude = true;
        }
      }
      for (let q = 0; q < k && !exclude; q++) {
        if (found.kept[q] === 0 || body[T[q]] !== body[T[k]]) continue;
        if (Math.hypot(X[3 * k] - X[3 * q], X[3 * k + 1] - X[3 * q + 1], X[3 * k + 2] - X[3 * q + 2]) <= tol
          && Math.hypot(P[3 * k] - P[3 * q], P[3 * k + 1] - P[3 * q + 1], P[3 * k + 2] - P[3 * q + 2]) <= tol) exclude = true;
      }
      found.kept[k] = exclude ? 0 : 1;
    }
  }

  /** The force of kept contact k of segment i into law.f (on the rod; −f on the triangle's body); false if not in contact (F ≥ 0). */
  private evaluate(i: number, k: number): boolean {
    const { rods, triangles, found, settings } = this;
    const t = found.triangle[k], b = triangles.body[t], bk = triangles.bodies, s = found.s[k];
    const X = found.rodPoint, P = found.point, n = this.n, w = this.w, rc = this.rc, omega = this.omega, v = rods.velocities;
    let squared = 0;
    for (let c = 0; c < 3; c++) { n[c] = X[3 * k + c] - P[3 * k + c]; squared += n[c] * n[c]; }
    const dist = Math.sqrt(squared);
    if (dist === 0) return false;
    for (let c = 0; c < 3; c++) {
      n[c] /= dist;
      rc[c] = P[3 * k + c] - bk.position3[3 * b + c];
      omega[c] = bk.angularVelocity3[3 * b + c];
    }
    for (let c = 0; c < 3; c++) {
      const c1 = (c + 1) % 3, c2 = (c + 2) % 3;
      w[c] = (1 - s) * v[6 * i + c] + s * v[6 * i + 3 + c] - bk.velocity3[3 * b + c] - (omega[c1] * rc[c2] - omega[c2] * rc[c1]);
    }
    const vn = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
    const gap = dist - rods.radius[i];
    const kR = rods.stiffness[i], kT = triangles.stiffness[b];
    this.mu = settings.friction(rods.material[i], triangles.material[b]);
    const weight = found.weight[k] < 0 ? 1 : found.weight[k];
    const F = this.law.evaluate(n, gap, vn, w, kR * kT / (kR + kT), rods.damping[i] + triangles.damping[b], weight, this.mu, settings.frictionProportionalZone);
    this.dist = dist; this.gap = gap; this.F = F;
    return F < 0;
  }

  addODE2Lhs(_s: ItemState, out: Float64Array, factor: number): void {
    const { rods, triangles, found } = this, M = rods.maxNodes, f = this.law.f;
    for (let i = 0; i < rods.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) {
        if (found.kept[k] === 0 || !this.evaluate(i, k)) continue;
        const s = found.s[k], np = rods.nodesPerSegment[i], wAt = 2 * M * i;
        for (let node = 0; node < np; node++) {
          const c = factor * ((1 - s) * rods.weights[wAt + node] + s * rods.weights[wAt + M + node]), at = 3 * M * i + 3 * node;
          for (let d = 0; d < 3; d++) out[rods.ltg[at + d]] += c * f[d];
        }
        triangles.bodies.addForce(triangles.body[found.triangle[k]], out, -factor, f, this.rc);
      }
    }
  }

  /**
   * ∂x_c/∂z (Ax) and ∂s/∂z (sz) of kept contact k of segment i, then the force law's derivatives. A face contact (s fixed)
   * moves with the body and slides with the rod point's motion relative to the body projected onto the face (D = I − m mᵀ):
   * δx_c = δp_b + δθ_b × (x_c − p_b) + D (δP − δp_b − δθ_b × (P − p_b)). An edge or vertex contact has the segment–edge
   * parameters' derivatives of {@link SegmentPair} by [P_0, P_1, B_0, B_1], the edge's end points moving with the body
   * (∂B/∂p_b = I, ∂B/∂θ_b = −(B − p_b)~). With a = P_1 − P_0: ∂d = (1 − s) ∂P_0 + s ∂P_1 + a ∂s − ∂x_c, and
   * ∂w = (1 − s) ∂V_0 + s ∂V_1 − ∂v_b + (x_c − p_b)~ ∂ω_b + (V_1 − V_0) ∂s − ω_b × (∂x_c − ∂p_b).
   */
  private derivatives(i: number, k: number): void {
    const { found, law, Ax, sz, tz, rods, triangles } = this;
    const t = found.triangle[k], b = triangles.body[t], pb = triangles.bodies.position3, s = found.s[k];
    Ax.fill(0); sz.fill(0);
    if (found.weight[k] < 0) {
      // an end point of the segment: D = I − m mᵀ on the face, ê êᵀ on an edge, 0 at a vertex
      const D = this.D, kind = found.kind[k];
      D.fill(0);
      if (kind === FACE) {
        const m = this.normalOf(t);
        for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) D[3 * r + c] = (r === c ? 1 : 0) - m[r] * m[c];
      } else if (kind === EDGE) {
        const y = triangles.points, o = 9 * t, e = found.edge[k], a = o + 3 * e, bb = o + 3 * ((e + 1) % 3);
        const u0 = y[bb] - y[a], u1 = y[bb + 1] - y[a + 1], u2 = y[bb + 2] - y[a + 2], length = Math.hypot(u0, u1, u2);
        const u = [u0 / length, u1 / length, u2 / length];
        for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) D[3 * r + c] = u[r] * u[c];
      }
      const rP = this.rP;
      for (let c = 0; c < 3; c++) rP[c] = found.rodPoint[3 * k + c] - pb[3 * b + c];
      const col = s === 0 ? CP0 : CP1;
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          Ax[N * r + col + c] = D[3 * r + c];
          Ax[N * r + CPB + c] = (r === c ? 1 : 0) - D[3 * r + c];
        }
        // θ columns: −(x_c − p_b)~ + D (P − p_b)~
        for (let c = 0; c < 3; c++) {
          let value = -crossColumn(this.rc, r, c);
          for (let l = 0; l < 3; l++) value += D[3 * r + l] * crossColumn(rP, l, c);
          Ax[N * r + CTB + c] = value;
        }
      }
    } else {
      const pair = this.pair, x12 = this.x12, y = triangles.points, o = 9 * t, e = found.edge[k] - 3;
      const a = o + 3 * e, bb = o + 3 * ((e + 1) % 3);
      for (let c = 0; c < 6; c++) x12[c] = rods.points[6 * i + c];
      for (let c = 0; c < 3; c++) { x12[6 + c] = y[a + c]; x12[9 + c] = y[bb + c]; }
      pair.evaluate(x12, 0, 6);
      pair.derivatives();
      const rB0 = this.rB0, rB1 = this.rB1;
      for (let c = 0; c < 3; c++) { rB0[c] = x12[6 + c] - pb[3 * b + c]; rB1[c] = x12[9 + c] - pb[3 * b + c]; }
      chain(pair.s_z, rB0, rB1, sz);
      chain(pair.t_z, rB0, rB1, tz);
      for (let r = 0; r < 3; r++) {
        const edge = x12[9 + r] - x12[6 + r];
        Ax[N * r + CPB + r] = 1;
        for (let c = 0; c < 3; c++) Ax[N * r + CTB + c] = -crossColumn(this.rc, r, c);
        for (let c = 0; c < 12; c++) Ax[N * r + c] += edge * tz[c];
      }
    }
    // ∂d and ∂w
    const Dd = law.Dd, DW = law.DW, p = rods.points, v = rods.velocities, omega = this.omega;
    Dd.fill(0); DW.fill(0);
    for (let r = 0; r < 3; r++) {
      const ar = p[6 * i + 3 + r] - p[6 * i + r], dv = v[6 * i + 3 + r] - v[6 * i + r];
      Dd[N * r + CP0 + r] += 1 - s; Dd[N * r + CP1 + r] += s;
      for (let c = 0; c < 12; c++) {
        Dd[N * r + c] += ar * sz[c] - Ax[N * r + c];
        DW[N * r + c] += dv * sz[c];
      }
      DW[N * r + V + CP0 + r] = 1 - s; DW[N * r + V + CP1 + r] = s; DW[N * r + V + CPB + r] = -1;
      for (let c = 0; c < 3; c++) DW[N * r + V + CTB + c] = crossColumn(this.rc, r, c);
    }
    // − ω × (∂x_c − ∂p_b) column by column
    for (let c = 0; c < 12; c++) {
      const x0 = Ax[c] - (c === CPB ? 1 : 0), x1 = Ax[N + c] - (c === CPB + 1 ? 1 : 0), x2 = Ax[2 * N + c] - (c === CPB + 2 ? 1 : 0);
      DW[c] -= omega[1] * x2 - omega[2] * x1;
      DW[N + c] -= omega[2] * x0 - omega[0] * x2;
      DW[2 * N + c] -= omega[0] * x1 - omega[1] * x0;
    }
    law.DVn.set(DW);
    law.derivatives(this.dist, this.w);
    // a crossing's fading weight w(s): ∂f += (f/w) w'(s) ∂s
    const weight = found.weight[k];
    if (weight > 0 && weight < 1) {
      const slope = (s < 0.5 ? 1 : -1) / BLEND / weight, Af = law.Af, f = law.f;
      for (let r = 0; r < 3; r++) for (let c = 0; c < 12; c++) Af[N * r + c] += f[r] * slope * sz[c];
    }
    // ∂Q: Q_P0 = (1 − s) f, Q_P1 = s f, F_b = −f, T_b = −(x_c − p_b) × f
    const Af = law.Af, f = law.f, dQ = this.dQ, rc = this.rc;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < N; c++) {
        const af = Af[N * r + c], fs = c < 12 ? f[r] * sz[c] : 0;
        dQ[N * r + c] = (1 - s) * af - fs;
        dQ[N * (3 + r) + c] = s * af + fs;
        dQ[N * (6 + r) + c] = -af;
      }
    }
    for (let c = 0; c < N; c++) {
      const a0 = Af[c], a1 = Af[N + c], a2 = Af[2 * N + c];
      let x0 = 0, x1 = 0, x2 = 0;
      if (c < 12) { x0 = Ax[c] - (c === CPB ? 1 : 0); x1 = Ax[N + c] - (c === CPB + 1 ? 1 : 0); x2 = Ax[2 * N + c] - (c === CPB + 2 ? 1 : 0); }
      // −rc × a + f × x
      dQ[N * 9 + c] = -(rc[1] * a2 - rc[2] * a1) + (f[1] * x2 - f[2] * x1);
      dQ[N * 10 + c] = -(rc[2] * a0 - rc[0] * a2) + (f[2] * x0 - f[0] * x2);
      dQ[N * 11 + c] = -(rc[0] * a1 - rc[1] * a0) + (f[0] * x1 - f[1] * x0);
    }
  }

  addODE2LhsJacobian(s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void {
    const { rods, triangles, found } = this, bodies = triangles.bodies, M = rods.maxNodes;
    const maxColumns = bodies.maxColumns;
    if (this.K.length < 12 * maxColumns) {
      this.K = new Float64Array(12 * maxColumns); this.Cb = new Float64Array(12 * maxColumns);
      this.Hb = new Float64Array(6 * maxColumns); this.block = new Float64Array(maxColumns * maxColumns);
    }
    const { Cr, dQ } = this;
    for (let i = 0; i < rods.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) {
        if (found.kept[k] === 0 || !this.evaluate(i, k)) continue;
        this.derivatives(i, k);
        const b = triangles.body[found.triangle[k]], nb = bodies.columns(b);
        for (let r = 0; r < 12; r++) for (let c = 0; c < 6; c++) Cr[6 * r + c] = factorQ * dQ[N * r + c] + factorU * dQ[N * r + V + c];
        const np = rods.nodesPerSegment[i], wAt = 2 * M * i;
        // rod rows × rod columns
        for (let a = 0; a < np; a++) {
          const ra0 = rods.weights[wAt + a], ra1 = rods.weights[wAt + M + a], rowAt = 3 * M * i + 3 * a;
          for (let bn = 0; bn < np; bn++) {
            const cb0 = rods.weights[wAt + bn], cb1 = rods.weights[wAt + M + bn], colAt = 3 * M * i + 3 * bn;
            for (let kr = 0; kr < 3; kr++) {
              for (let kc = 0; kc < 3; kc++) {
                const value = ra0 * (cb0 * Cr[6 * kr + kc] + cb1 * Cr[6 * kr + 3 + kc]) + ra1 * (cb0 * Cr[6 * (3 + kr) + kc] + cb1 * Cr[6 * (3 + kr) + 3 + kc]);
                if (value !== 0) target.add(rods.ltg[rowAt + kr], rods.ltg[colAt + kc], value);
              }
            }
          }
        }
        if (nb === 0) continue;
        // the body's columns: Cb = ∂Q/∂(p, θ, v, ω) K (12 × n_b)
        const K = this.K, Cb = this.Cb, Hb = this.Hb, block = this.block;
        bodies.kinematicsJacobian(s, b, factorQ, factorU, K);
        for (let r = 0; r < 12; r++) {
          for (let c = 0; c < nb; c++) {
            let sum = 0;
            for (let q = 0; q < 6; q++) sum += dQ[N * r + CPB + q] * K[q * nb + c] + dQ[N * r + V + CPB + q] * K[(6 + q) * nb + c];
            Cb[r * nb + c] = sum;
          }
        }
        bodies.ensureJacobians(b);
        const at = 3 * bodies.start[b], Jp = bodies.positionJacobian, Jr = bodies.rotationJacobian, ltgB = bodies.ltg, startB = bodies.start[b];
        // rod rows × body columns
        for (let a = 0; a < np; a++) {
          const ra0 = rods.weights[wAt + a], ra1 = rods.weights[wAt + M + a], rowAt = 3 * M * i + 3 * a;
          for (let kr = 0; kr < 3; kr++) {
            for (let c = 0; c < nb; c++) {
              const value = ra0 * Cb[kr * nb + c] + ra1 * Cb[(3 + kr) * nb + c];
              if (value !== 0) target.add(rods.ltg[rowAt + kr], ltgB[startB + c], value);
            }
          }
        }
        // body rows: Hb = J_posᵀ C[F] + J_rotᵀ C[T] by the rod columns (n_b × 6), then by the body's columns
        for (let r = 0; r < nb; r++) {
          for (let c = 0; c < 6; c++) {
            let sum = 0;
            for (let q = 0; q < 3; q++) sum += Jp[at + q * nb + r] * Cr[6 * (6 + q) + c] + Jr[at + q * nb + r] * Cr[6 * (9 + q) + c];
            Hb[6 * r + c] = sum;
          }
          for (let bn = 0; bn < np; bn++) {
            const cb0 = rods.weights[wAt + bn], cb1 = rods.weights[wAt + M + bn], colAt = 3 * M * i + 3 * bn;
            for (let kc = 0; kc < 3; kc++) {
              const value = cb0 * Hb[6 * r + kc] + cb1 * Hb[6 * r + 3 + kc];
              if (value !== 0) target.add(ltgB[startB + r], rods.ltg[colAt + kc], value);
            }
          }
        }
        block.fill(0, 0, nb * nb);
        for (let r = 0; r < nb; r++) {
          for (let c = 0; c < nb; c++) {
            let sum = 0;
            for (let q = 0; q < 3; q++) sum += Jp[at + q * nb + r] * Cb[(6 + q) * nb + c] + Jr[at + q * nb + r] * Cb[(9 + q) * nb + c];
            block[r * nb + c] = sum;
          }
        }
        const marker = bodies.marker(b);
        if (factorQ !== 0 && marker.jacobianTransposedVector_q !== undefined) {
          const f = this.law.f, rc = this.rc, tq = this.torque;
          tq[0] = rc[1] * f[2] - rc[2] * f[1]; tq[1] = rc[2] * f[0] - rc[0] * f[2]; tq[2] = rc[0] * f[1] - rc[1] * f[0];
          marker.jacobianTransposedVector_q(s, f, tq, block, -factorQ);
        }
        for (let r = 0; r < nb; r++) for (let c = 0; c < nb; c++) if (block[r * nb + c] !== 0) target.add(ltgB[startB + r], ltgB[startB + c], block[r * nb + c]);
      }
    }
  }

  recordActiveContacts(active: ActiveContacts): void {
    const { rods, triangles, found } = this;
    for (let i = 0; i < rods.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) if (found.kept[k] === 1 && this.evaluate(i, k)) active.add(rods.offset + i, triangles.offset + found.triangle[k]);
    }
  }

  /** Appends, for drawing, the contact points in contact (on the triangles) with the depth R − |x_r − x_c|. */
  contactPoints(out: ContactPointList): void {
    const { rods, found } = this;
    for (let i = 0; i < rods.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) {
        if (found.kept[k] === 0 || !this.evaluate(i, k)) continue;
        out.push(found.point[3 * k], found.point[3 * k + 1], found.point[3 * k + 2], -this.gap);
      }
    }
  }

  /**
   * The rod–mesh contacts at the last update (new objects; a query, not for the solver): side A the rod segment, side B
   * the triangle (segmentB −1); the force on the triangle's body, the slip velocity of the body's point against the rod's,
   * the normal from the rod to the triangle.
   */
  contacts(list: RodContact[]): void {
    const { rods, found } = this;
    for (let i = 0; i < rods.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) {
        if (found.kept[k] === 0 || !this.evaluate(i, k)) continue;
        const n = this.n, w = this.w, wn = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
        list.push({
          segmentA: i, segmentB: -1, triangle: found.triangle[k], gap: this.gap, normalForce: this.F, force: Array.from(this.law.f),
          slipVelocity: [0, 1, 2].map((c) => -(w[c] - wn * n[c])),
          pointA: Array.from(found.rodPoint.subarray(3 * k, 3 * k + 3)), pointB: Array.from(found.point.subarray(3 * k, 3 * k + 3)),
          normal: [-n[0], -n[1], -n[2]],
        });
      }
    }
  }

  /**
   * The first rod segment whose centerline crosses a triangle near it at the last update (the penetration has reached the
   * cross-section radius: the contact cannot hold there), with the place along the segment; undefined if none.
   */
  centerlineThrough(): { i: number; t: number } | undefined {
    const { rods, triangles, grid } = this;
    if (triangles.count === 0) return undefined;
    for (let i = 0; i < rods.count; i++) {
      const count = grid.query(rods.offset + i, triangles.offset, triangles.offset + triangles.count);
      for (let c = 0; c < count; c++) {
        const t = grid.found[c] - triangles.offset;
        if (segmentCrossesTriangle(rods.points, 6 * i, 6 * i + 3, triangles.points, 9 * t)) return { i, t };
      }
    }
    return undefined;
  }
}

/** True if one of the three points of the triangle y[o …] is within tol of (x0, x1, x2). */
function hasPoint(y: ArrayLike<number>, o: number, x0: number, x1: number, x2: number, tol: number): boolean {
  for (let v = 0; v < 3; v++) if (Math.abs(y[o + 3 * v] - x0) <= tol && Math.abs(y[o + 3 * v + 1] - x1) <= tol && Math.abs(y[o + 3 * v + 2] - x2) <= tol) return true;
  return false;
}

/** Component r of column c of the cross-product matrix of v (ṽ e_c = v × e_c). */
function crossColumn(v: ArrayLike<number>, r: number, c: number): number {
  // (v × e_c)_r = ε_{r l c} v_l
  if (r === c) return 0;
  const l = 3 - r - c;
  return ((r + 1) % 3 === l ? 1 : -1) * v[l];
}

/**
 * Chains the 12 derivatives g by [P_0, P_1, B_0, B_1] (B the end points of an edge of a rigid body) into the 12 position
 * columns [P_0, P_1, p_b, θ_b]: ∂/∂p_b = g_B0 + g_B1, ∂/∂θ_b = r_B0 × g_B0 + r_B1 × g_B1 (r_B = B − p_b).
 */
function chain(g: Float64Array, rB0: Float64Array, rB1: Float64Array, out: Float64Array): void {
  out.fill(0);
  for (let c = 0; c < 6; c++) out[c] = g[c];
  for (let c = 0; c < 3; c++) out[CPB + c] = g[6 + c] + g[9 + c];
  for (let c = 0; c < 3; c++) {
    const c1 = (c + 1) % 3, c2 = (c + 2) % 3;
    out[CTB + c] = rB0[c1] * g[6 + c2] - rB0[c2] * g[6 + c1] + rB1[c1] * g[9 + c2] - rB1[c2] * g[9 + c1];
  }
}
