import { shapeFunctions, shapeFunctions_x } from '../items/objects/ObjectANCFCable2D.ts';
import { hypot2 } from '../rotations/skew.ts';

/** Gauss–Lobatto points and weights with 3 points on [−1, 1] (Exudyn's lobattoRuleOrder3). */
const lobattoPoints = [-1, 0, 1];
const lobattoWeights = [1 / 3, 4 / 3, 1 / 3];
/** The points' halves ξ/2 (exact). */
const lobattoHalfPoints = lobattoPoints.map((xi) => 0.5 * xi);

/**
 * Below this regularization velocity the squared speeds of pointForce's zone test could be subnormal (losing the
 * relative precision that test relies on): hypot2 decides there.
 */
const tinyZone = 1e-100;

/** Number of position-level variables X = [e (8), c (2)] and velocity-level variables Y = [ė (8), v_c (2), ω (1)]. */
const NX = 10;
const NY = 11;
/** Number of outputs g = [cable forces (8), contact force sum F_c (2), torque sum T (1)]. */
const NG = 11;

/** Material and geometry of one circle–cable pair. */
export interface CableCircleParameters {
  /** Element length L. */
  length: number;
  /** Exudyn's ancfCableUseExactMethod: contact with the cubic centerline itself (else with `segments` chords). */
  exact: boolean;
  /** Number of chords of the element without the exact method (Exudyn's ancfCableNumberOfContactSegments). */
  segments: number;
  /** Contact radius: circle radius + the cable's halfHeight. */
  contactRadius: number;
  /** Lever of the friction torque on the circle: its radius. */
  lever: number;
  /** Contact stiffness (springs in series) and damping (dampers in parallel). */
  stiffness: number;
  damping: number;
  /** Dry friction coefficient μ and the regularization velocity (frictionProportionalZone). */
  friction: number;
  zone: number;
}

/**
 * Exudyn's GeneralContact between a circle (a sphere in the x–y plane) and a planar ANCF cable element with the
 * centerline r(x) = Σ S_j(x) e_j, x ∈ [0, L]. The contact segments are where the centerline is inside the circle of
 * contact radius R around c: with the exact method (ancfCableUseExactMethod) the intervals of [0, L] where the
 * degree-6 polynomial |r(x) − c|² − R² is negative (its real roots), else, per chord between r(a) and r(b)
 * (a = i·L/n, b = a + L/n), the part of the chord inside the circle (the line–circle intersection clamped to the chord),
 * the contact point then lying on the chord. Each segment [x_a, x_b] is integrated with 3-point Gauss–Lobatto: at each
 * point the contact point p and its velocity v give d = p − c, n = d/|d|, gap |d| − R, the normal force
 * F = k·gap + d_c·n·(v − v_c) and, with μ ≠ 0, the regularized Coulomb friction of the tangential part of
 * Δv = v − v_c − ω ẑ × d (−μF/zone·v_t while |v_t| < zone, else −μF v_t/|v_t|). The force f = F n + f_t, weighted with
 * W = (x_b − x_a)/2·w, acts on the cable through the Hermite shape functions at the point (Σ S_j(x) f on e_j), and its
 * opposite on the circle, with the torque of the friction about the centre (lever r n). Every segment acts, also where
 * damping makes F tensile (Exudyn's full evaluation, CCode2rhsFull, which keeps the forces continuous in the state); a
 * segment is an active contact while the mean of F over its three points is compressive (Exudyn's active-set criterion).
 *
 * `evaluate` writes g = [cable forces (8), F_c = Σ W f (2), T = Σ W r (n × f)_z (1)] and, with derivatives, the exact
 * Jacobians ∂g/∂X, X = [e (8), c (2)] (row-major 11 × 10) and ∂g/∂Y, Y = [ė (8), v_c (2), ω (1)] (11 × 11), including
 * the motion of the segment ends with the state. All arrays are allocated once.
 */
export class CableCircleContact {
  /** Outputs: cable forces (8), F_c (2), T (1). */
  readonly g = new Float64Array(NG);
  /** ∂g/∂X, 11 × 10 row-major. */
  readonly gX = new Float64Array(NG * NX);
  /** ∂g/∂Y, 11 × 11 row-major. */
  readonly gY = new Float64Array(NG * NY);
  /** Number of segments of the last evaluation (0: the element is outside the circle, g = 0). */
  segmentCount = 0;
  /** Per segment of the last evaluation: its middle contact point (x, y) and depth R − |p − c| there (3 per segment). */
  middles = new Float64Array(12);
  // shape functions at a point and their slopes there
  private readonly S = new Float64Array(4);
  private readonly Sx = new Float64Array(4);
  /**
   * The shape functions at the chord ends of an element of length chordShapesLength with chordShapesSegments chords:
   * per chord, S_j(a) and S_j(a + l) (8 entries); they depend on the element's length and its number of chords only
   * (the current entry of chordTables).
   */
  private chordShapes: Float64Array = new Float64Array(0);
  /**
   * Per chord, at the three integration points of the whole chord (both ends inside the circle: the segment is the
   * chord), S_j(x) and τ = (x − a)/l (5 per point, 15 per chord), x formed as integrate forms it: the same values
   * pointKinematics would compute, kept with chordShapes.
   */
  private chordPoints: Float64Array = new Float64Array(0);
  /** Per chord, 1 if its start's shape functions are the previous chord's end's (the same numbers: a + l = (i + 1) l). */
  private chordStartsAtPreviousEnd: Uint8Array = new Uint8Array(0);
  private chordShapesLength = NaN;
  private chordShapesSegments = 0;
  /**
   * The chord tables of the last few element lengths (at most chordTableSlots, replaced in turn): elements of other
   * lengths alternate (a belt's arcs and straight parts), and each length's tables are computed once, not per element.
   */
  private readonly chordTables: ChordTables[] = [];
  private nextChordTable = 0;
  // the current chord (chord method): start a, the offset of its ends' shape functions in chordShapes, its ends P0, P1
  // and their velocities
  private chordStart = 0;
  private chordLength = NaN;
  private chordShapesAt = 0;
  /** Whether the current segment is the whole chord (its points' shape functions are in chordPoints). */
  private wholeChord = false;
  private readonly chord = new Float64Array(8);
  /** ∂x_a/∂X and ∂x_b/∂X of the segment ends (zero for an end clamped to the chord or element end: it does not move with X). */
  private readonly dXa = new Float64Array(NX);
  private readonly dXb = new Float64Array(NX);
  /**
   * The weights of e_j (and ė_j) in the contact point (and its velocity) at fixed x: S_j(x) on the centerline, the
   * chord's blend of its ends' S_j on a chord.
   */
  private readonly weights = new Float64Array(4);
  private readonly pv = new Float64Array(4);
  /**
   * The current integration point [x, d (2), |d|, Δv (2)]: its axial position, cable point − centre, their distance
   * and the relative velocity; passed to the point's kernels in this array, not as numbers (a double passed to a call
   * the optimizer does not inline is boxed: an allocation per argument and call).
   */
  private readonly point = new Float64Array(6);
  /** ∂p/∂x and ∂v/∂x at a point (2 each). */
  private readonly slope = new Float64Array(4);
  /**
   * Per output row of the current segment, the sums over its points of the coefficients of ∂x_a/∂X and ∂x_b/∂X (the
   * segment ends' motion, through x and W of each point): added to gX once per segment.
   */
  private readonly endA = new Float64Array(NG);
  private readonly endB = new Float64Array(NG);
  /**
   * Per point of the current segment (3) and output row: the coefficients of ∂d/∂X (Q, 2 per row) and of ∂Δv/∂Y (V, 2
   * per row), at 2·NG·k; per point its weights (4 at 4k), d (2 at 2k) and whether it acted (pointForce true).
   */
  private readonly rowQ = new Float64Array(6 * NG);
  private readonly rowV = new Float64Array(6 * NG);
  private readonly pointWeights = new Float64Array(12);
  private readonly pointD = new Float64Array(6);
  private readonly pointActs = new Uint8Array(3);
  // the force at a point and its derivatives by d and by Δv (2 × 2)
  private readonly f = new Float64Array(2);
  private readonly fD = new Float64Array(4);
  private readonly fV = new Float64Array(4);
  private readonly n = new Float64Array(2);
  /** The normal force F at the last point. */
  private normalForce = 0;
  // the exact method: coefficients of r(x) − c (x, y) and of |r − c|² − R², the roots in (0, L)
  private readonly poly = new Float64Array(8);
  private readonly gap6 = new Float64Array(7);
  private readonly roots = new PolynomialRoots();
  private e: ArrayLike<number> = [];
  private et: ArrayLike<number> = [];
  /**
   * The segment [xa, xb] that integrate integrates and the circle's angular velocity ω: fields, not arguments (a double
   * passed to a call the optimizer does not inline is boxed, three per segment and residual).
   */
  private xa = 0;
  private xb = 0;
  private omega = 0;

  /**
   * Evaluates the contact of the element (total coordinates e and velocities ė) with the circle (centre c, velocity
   * v_c, angular velocity ω about z); returns true if a segment is an active contact (compressive mean force).
   */
  evaluate(e: ArrayLike<number>, et: ArrayLike<number>, c: ArrayLike<number>, vc: ArrayLike<number>, omega: number,
    p: CableCircleParameters, derivatives: boolean): boolean {
    this.e = e;
    this.et = et;
    this.omega = omega;
    this.g.fill(0);
    if (derivatives) { this.gX.fill(0); this.gY.fill(0); }
    this.segmentCount = 0;
    let any = false;
    if (p.exact) {
      const G = this.gapPolynomial(c, p);
      const count = this.roots.find(G, 6, 0, p.length);
      const x = this.roots.values;
      for (let k = 0; k <= count; k++) {
        const xa = k === 0 ? 0 : x[k - 1], xb = k === count ? p.length : x[k];
        if (!(xb > xa) || !(evaluatePolynomial(G, 6, 0.5 * (xa + xb)) < 0)) continue;
        if (derivatives) {
          this.rootDerivative(xa, k === 0, c, p.length, this.dXa);
          this.rootDerivative(xb, k === count, c, p.length, this.dXb);
        }
        this.xa = xa;
        this.xb = xb;
        if (this.integrate(c, vc, p, derivatives)) any = true;
      }
      return any;
    }
    const lSeg = p.length / p.segments;
    const R = p.contactRadius, R2 = R * R, cx = c[0], cy = c[1];
    this.chordLength = lSeg;
    const ends = this.chordEndShapes(p, lSeg);
    const { chord } = this;
    const e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3], e4 = e[4], e5 = e[5], e6 = e[6], e7 = e[7];
    const et0 = et[0], et1 = et[1], et2 = et[2], et3 = et[3], et4 = et[4], et5 = et[5], et6 = et[6], et7 = et[7];
    const startsAtPreviousEnd = this.chordStartsAtPreviousEnd;
    // the previous chord's end P1 and, if computed (velocityOf: that chord), its velocity
    let xPrevious = 0, yPrevious = 0, uPrevious = 0, vPrevious = 0, velocityOf = -1;
    for (let segment = 0; segment < p.segments; segment++) {
      const a = segment * lSeg;
      const o = 8 * segment;
      // the chord's ends P0, P1: Σ S_j(a) e_j and Σ S_j(a + l) e_j from +0, written out (in locals); P0 is the previous
      // chord's P1 where their shape functions are the same numbers (the same sums)
      const shared = startsAtPreviousEnd[segment] === 1;
      const b0 = ends[o + 4], b1 = ends[o + 5], b2 = ends[o + 6], b3 = ends[o + 7];
      const x0 = shared ? xPrevious : 0 + ends[o] * e0 + ends[o + 1] * e2 + ends[o + 2] * e4 + ends[o + 3] * e6;
      const y0 = shared ? yPrevious : 0 + ends[o] * e1 + ends[o + 1] * e3 + ends[o + 2] * e5 + ends[o + 3] * e7;
      const x1 = 0 + b0 * e0 + b1 * e2 + b2 * e4 + b3 * e6, y1 = 0 + b0 * e1 + b1 * e3 + b2 * e5 + b3 * e7;
      xPrevious = x1;
      yPrevious = y1;
      // chord P0 + t (P1 − P0) against the circle: A t² + B t + C = 0 (Exudyn's LineCircleIntersectionPoints)
      const lx = x1 - x0, ly = y1 - y0;
      const A = lx * lx + ly * ly;
      if (A === 0) continue;
      const qx = cx - x0, qy = cy - y0;
      const B = -2 * (qx * lx + qy * ly);
      const C = qx ** 2 + qy ** 2 - R2;
      const det = B * B - 4 * A * C;
      if (!(det > 0)) continue;
      const root = Math.sqrt(det), twoA = 2 * A;
      const t1 = (-B - root) / twoA, t2 = (-B + root) / twoA;
      if ((t1 < 0 && t2 < 0) || (t1 > 1 && t2 > 1)) continue;
      // the ends' velocities only for a chord in contact
      const sharedVelocity = shared && velocityOf === segment - 1;
      const u0 = sharedVelocity ? uPrevious : 0 + ends[o] * et0 + ends[o + 1] * et2 + ends[o + 2] * et4 + ends[o + 3] * et6;
      const v0 = sharedVelocity ? vPrevious : 0 + ends[o] * et1 + ends[o + 1] * et3 + ends[o + 2] * et5 + ends[o + 3] * et7;
      const u1 = 0 + b0 * et0 + b1 * et2 + b2 * et4 + b3 * et6, v1 = 0 + b0 * et1 + b1 * et3 + b2 * et5 + b3 * et7;
      uPrevious = u1;
      vPrevious = v1;
      velocityOf = segment;
      this.chordStart = a;
      this.chordShapesAt = o;
      chord[0] = x0; chord[1] = y0; chord[2] = x1; chord[3] = y1;
      chord[4] = u0; chord[5] = v0; chord[6] = u1; chord[7] = v1;
      const xa = a + Math.max(t1, 0) * lSeg, xb = a + Math.min(t2, 1) * lSeg;
      this.wholeChord = t1 <= 0 && t2 >= 1; // then xa = a + 0 = a and xb = a + 1 · l, as in chordPoints
      if (derivatives) {
        this.chordDerivative(t1, t1 < 0, c, lSeg, this.dXa);
        this.chordDerivative(t2, t2 > 1, c, lSeg, this.dXb);
      }
      this.xa = xa;
      this.xb = xb;
      if (this.integrate(c, vc, p, derivatives)) any = true;
    }
    return any;
  }

  /**
   * The shape functions at the ends of the element's chords (chord length lSeg = L/n): chordShapes, and at the points of
   * whole chords: chordPoints; from chordTables, computed only for an element length and number of chords not held there.
   */
  private chordEndShapes(p: CableCircleParameters, lSeg: number): Float64Array {
    const L = p.length, n = p.segments;
    if (L === this.chordShapesLength && n === this.chordShapesSegments) return this.chordShapes;
    const tables = this.chordTables;
    let table: ChordTables | undefined;
    for (let t = 0; t < tables.length; t++) {
      if (tables[t].length === L && tables[t].segments === n) { table = tables[t]; break; }
    }
    if (table === undefined) {
      table = this.freeChordTables(n);
      fillChordTables(table, L, n, lSeg);
    }
    this.chordShapes = table.shapes;
    this.chordPoints = table.points;
    this.chordStartsAtPreviousEnd = table.startsAtPreviousEnd;
    this.chordShapesLength = L;
    this.chordShapesSegments = n;
    return table.shapes;
  }

  /** A chordTables entry for n chords: a new one while there are fewer than chordTableSlots, else the next in turn. */
  private freeChordTables(n: number): ChordTables {
    const tables = this.chordTables;
    if (tables.length < chordTableSlots) {
      const table = { length: NaN, segments: 0, shapes: new Float64Array(8 * n), points: new Float64Array(15 * n), startsAtPreviousEnd: new Uint8Array(n) };
      tables.push(table);
      return table;
    }
    const table = tables[this.nextChordTable];
    this.nextChordTable = (this.nextChordTable + 1) % chordTableSlots;
    if (table.startsAtPreviousEnd.length < n) {
      table.shapes = new Float64Array(8 * n);
      table.points = new Float64Array(15 * n);
      table.startsAtPreviousEnd = new Uint8Array(n);
    }
    return table;
  }

  /**
   * The contact point and its velocity at the axial position x = point[0] into pv = [p, v] (on the current chord, or on the
   * centerline with the exact method) and the shape functions there into S; with derivatives also S' into Sx and the
   * weights of e_j in p at fixed x (∂p/∂e, ∂v/∂ė) into weights (the motion of x with the state is added by integrate).
   * k: the point's index in the segment (S and τ of a whole chord's point are in chordPoints).
   */
  private pointKinematics(p: CableCircleParameters, derivatives: boolean, k: number): void {
    const { pv, S } = this;
    const x = this.point[0];
    if (p.exact) {
      shapeFunctions(x, p.length, S, 0);
      const { e, et } = this;
      pv.fill(0);
      for (let j = 0; j < 4; j++) {
        for (let i = 0; i < 2; i++) { pv[i] += S[j] * e[2 * j + i]; pv[2 + i] += S[j] * et[2 * j + i]; }
      }
      if (!derivatives) return;
      shapeFunctions_x(x, p.length, this.Sx, 0);
      this.weights.set(S);
      return;
    }
    const chord = this.chord;
    let tau: number;
    if (this.wholeChord) {
      const points = this.chordPoints, at = 15 * (this.chordShapesAt >> 3) + 5 * k;
      S[0] = points[at]; S[1] = points[at + 1]; S[2] = points[at + 2]; S[3] = points[at + 3];
      tau = points[at + 4];
    } else {
      shapeFunctions(x, p.length, S, 0);
      tau = (x - this.chordStart) / this.chordLength;
    }
    const sigma = 1 - tau;
    pv[0] = sigma * chord[0] + tau * chord[2]; pv[1] = sigma * chord[1] + tau * chord[3];
    pv[2] = sigma * chord[4] + tau * chord[6]; pv[3] = sigma * chord[5] + tau * chord[7];
    if (!derivatives) return;
    shapeFunctions_x(x, p.length, this.Sx, 0);
    const { chordShapes: ends, chordShapesAt: o, weights } = this;
    weights[0] = sigma * ends[o] + tau * ends[o + 4]; weights[1] = sigma * ends[o + 1] + tau * ends[o + 5];
    weights[2] = sigma * ends[o + 2] + tau * ends[o + 6]; weights[3] = sigma * ends[o + 3] + tau * ends[o + 7];
  }

  /** ∂p/∂x and ∂v/∂x at x (after pointKinematics): the centerline's slope, or the chord's. */
  private slopes(p: CableCircleParameters, out: Float64Array): void {
    const { e, et, Sx, chord } = this;
    if (!p.exact) {
      const l = p.length / p.segments;
      for (let i = 0; i < 2; i++) { out[i] = (chord[2 + i] - chord[i]) / l; out[2 + i] = (chord[6 + i] - chord[4 + i]) / l; }
      return;
    }
    out.fill(0);
    for (let j = 0; j < 4; j++) for (let i = 0; i < 2; i++) { out[i] += Sx[j] * e[2 * j + i]; out[2 + i] += Sx[j] * et[2 * j + i]; }
  }

  /**
   * Integrates the segment [xa, xb] of the fields xa, xb (3-point Gauss–Lobatto) into g and, with derivatives (dXa, dXb
   * set), gX and gY; returns true if the mean normal force of its three points is compressive (an active
   * contact).
   *
   * The derivatives by structure: every output row is, at a point, E·∂W/∂X + D·∂x/∂X + Σ_i Q_i ∂d_i/∂X by X and
   * Σ_i V_i ∂Δv_i/∂Y by Y (d = p − c, Δv the relative velocity; ∂Δv/∂X is folded into Q and D). With ∂d_i/∂X = ∂p_i/∂X
   * at fixed x (the weights on the columns of e, −1 on c_i) + slope_i ∂x/∂X, and ∂x/∂X, ∂W/∂X combinations of the
   * segment ends' ∂x_a/∂X and ∂x_b/∂X, a point adds to the sparse columns (e_j, c) only, and the ends' coefficients are
   * summed over the points and added to the dense columns once per segment.
   */
  private integrate(c: ArrayLike<number>, vc: ArrayLike<number>, p: CableCircleParameters, derivatives: boolean): boolean {
    const xa = this.xa, xb = this.xb, omega = this.omega;
    // (the derivatives' work arrays are loaded per point where they are used: most calls are residuals)
    const { g, S, pv, f, n, point, pointActs } = this;
    const w = p.friction !== 0 ? omega : 0; // the circle's rotation enters through friction only
    let mean = 0;
    this.segmentCount++;
    if (derivatives) { this.endA.fill(0); this.endB.fill(0); }
    // g's entries in locals over the segment's points (the same sums in the same order; one load and store each)
    let g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4], g5 = g[5], g6 = g[6], g7 = g[7], g8 = g[8], g9 = g[9], g10 = g[10];
    // the points' x = (x_a + x_b)/2 + (ξ/2)(x_b − x_a) and weights W = ((x_b − x_a)/2) w: the segment's terms once
    const middle = 0.5 * (xa + xb), length = xb - xa, halfLength = 0.5 * length;
    const cx = c[0], cy = c[1], vcx = vc[0], vcy = vc[1];
    for (let k = 0; k < 3; k++) {
      pointActs[k] = 0;
      const x = middle + lobattoHalfPoints[k] * length;
      const W = halfLength * lobattoWeights[k];
      point[0] = x;
      this.pointKinematics(p, derivatives, k);
      const dx0 = pv[0] - cx, dy0 = pv[1] - cy;
      const dist = hypot2(dx0, dy0);
      point[1] = dx0; point[2] = dy0; point[3] = dist;
      point[4] = pv[2] - vcx + w * dy0; point[5] = pv[3] - vcy - w * dx0;
      if (k === 1) this.recordMiddle(p);
      if (!this.pointForce(p, derivatives)) continue;
      mean += this.normalForce / 3;
      const f0 = f[0], f1 = f[1];
      const torque = p.lever * (n[0] * f1 - n[1] * f0);
      const WS0 = W * S[0], WS1 = W * S[1], WS2 = W * S[2], WS3 = W * S[3];
      g0 += WS0 * f0; g1 += WS0 * f1;
      g2 += WS1 * f0; g3 += WS1 * f1;
      g4 += WS2 * f0; g5 += WS2 * f1;
      g6 += WS3 * f0; g7 += WS3 * f1;
      g8 += W * f0; g9 += W * f1;
      g10 += W * torque;
      if (!derivatives) continue;
      pointActs[k] = 1;
      const { Sx, fD, fV, slope, weights, endA, endB, rowQ, rowV, pointWeights, pointD } = this;
      this.slopes(p, slope);
      const s0 = slope[0], s1 = slope[1], n0 = n[0], n1 = n[1];
      // ∂f_r/∂X = Σ_i A_ri ∂d_i/∂X + u_r ∂x/∂X: Δv = v − v_c − ω ẑ × d moves with d (ω) and with x (∂v/∂x)
      const A00 = fD[0] - w * fV[1], A01 = fD[1] + w * fV[0], A10 = fD[2] - w * fV[3], A11 = fD[3] + w * fV[2];
      const u0 = fV[0] * slope[2] + fV[1] * slope[3], u1 = fV[2] * slope[2] + fV[3] * slope[3];
      // ∂x/∂X = α ∂x_a/∂X + β ∂x_b/∂X, ∂W/∂X = γ (∂x_b/∂X − ∂x_a/∂X)
      const xi = lobattoPoints[k];
      const alpha = 0.5 * (1 - xi), beta = 0.5 * (1 + xi), gamma = 0.5 * lobattoWeights[k];
      const q = 2 * NG * k;
      // rows 2j + r: W S_j f_r (E = f_r S_j, D = W S'_j f_r + W S_j u_r, Q = W S_j A_r, V = W S_j fV_r); rows 8 + r:
      // W f_r; row 10: W r (n × f)_z, with ∂n/∂d = (I − n nᵀ)/|d|
      for (let j = 0; j < 4; j++) {
        const WSj = W * S[j], ends = W * Sx[j];
        for (let r = 0; r < 2; r++) {
          const row = 2 * j + r, fr = r === 0 ? f0 : f1;
          const Q0 = WSj * (r === 0 ? A00 : A10), Q1 = WSj * (r === 0 ? A01 : A11);
          rowQ[q + 2 * row] = Q0; rowQ[q + 2 * row + 1] = Q1;
          rowV[q + 2 * row] = WSj * fV[2 * r]; rowV[q + 2 * row + 1] = WSj * fV[2 * r + 1];
          const E = fr * S[j], D = ends * fr + WSj * (r === 0 ? u0 : u1) + Q0 * s0 + Q1 * s1;
          endA[row] += alpha * D - gamma * E; endB[row] += beta * D + gamma * E;
        }
      }
      for (let r = 0; r < 2; r++) {
        const row = 8 + r, fr = r === 0 ? f0 : f1;
        const Q0 = W * (r === 0 ? A00 : A10), Q1 = W * (r === 0 ? A01 : A11);
        rowQ[q + 2 * row] = Q0; rowQ[q + 2 * row + 1] = Q1;
        rowV[q + 2 * row] = W * fV[2 * r]; rowV[q + 2 * row + 1] = W * fV[2 * r + 1];
        const D = W * (r === 0 ? u0 : u1) + Q0 * s0 + Q1 * s1;
        endA[row] += alpha * D - gamma * fr; endB[row] += beta * D + gamma * fr;
      }
      {
        const Wl = W * p.lever, dist1 = 1 / dist;
        const P00 = (1 - n0 * n0) * dist1, P01 = -n0 * n1 * dist1, P11 = (1 - n1 * n1) * dist1;
        const Q0 = Wl * (f1 * P00 - f0 * P01 + n0 * A10 - n1 * A00), Q1 = Wl * (f1 * P01 - f0 * P11 + n0 * A11 - n1 * A01);
        rowQ[q + 20] = Q0; rowQ[q + 21] = Q1;
        rowV[q + 20] = Wl * (n0 * fV[2] - n1 * fV[0]); rowV[q + 21] = Wl * (n0 * fV[3] - n1 * fV[1]);
        const D = Wl * (n0 * u1 - n1 * u0) + Q0 * s0 + Q1 * s1;
        endA[10] += alpha * D - gamma * torque; endB[10] += beta * D + gamma * torque;
      }
      pointWeights[4 * k] = weights[0]; pointWeights[4 * k + 1] = weights[1];
      pointWeights[4 * k + 2] = weights[2]; pointWeights[4 * k + 3] = weights[3];
      pointD[2 * k] = dx0; pointD[2 * k + 1] = dy0;
    }
    g[0] = g0; g[1] = g1; g[2] = g2; g[3] = g3; g[4] = g4; g[5] = g5; g[6] = g6; g[7] = g7; g[8] = g8; g[9] = g9; g[10] = g10;
    if (derivatives) this.addSegmentDerivatives(w !== 0); // a flag, not w: a double argument of a call not inlined is boxed
    return mean < 0;
  }

  /**
   * Adds the current segment's terms to gX and gY (after integrate's points; withOmega: the circle's ω enters, w ≠ 0):
   * per entry, the points' sparse-column terms in point order and then (gX) the segment ends' motion, each entry loaded
   * and stored once — the additions of a point-by-point update in the same order. The sparse columns: ∂d_i/∂e_{2j+i} = ∂Δv_i/∂ė_{2j+i} = weight_j,
   * ∂d_i/∂c_i = ∂Δv_i/∂v_c,i = −1, ∂Δv/∂ω = (d_y, −d_x). The ends' terms are added also where neither end moves
   * (dXa = dXb = 0): a branch first taken after the optimizer compiled this function would discard that code (no type
   * feedback there) and compile it again, in every fresh process.
   */
  private addSegmentDerivatives(withOmega: boolean): void {
    const { gX, gY, rowQ, rowV, pointWeights: pw, pointD, pointActs, endA, endB, dXa, dXb } = this;
    const act0 = pointActs[0] === 1, act1 = pointActs[1] === 1, act2 = pointActs[2] === 1;
    for (let row = 0; row < NG; row++) {
      const x0 = row * NX, y0 = row * NY, a = endA[row], b = endB[row];
      const r0 = 2 * row, r1 = 2 * NG + 2 * row, r2 = 4 * NG + 2 * row;
      const Qa0 = rowQ[r0], Qa1 = rowQ[r0 + 1], Qb0 = rowQ[r1], Qb1 = rowQ[r1 + 1], Qc0 = rowQ[r2], Qc1 = rowQ[r2 + 1];
      const Va0 = rowV[r0], Va1 = rowV[r0 + 1], Vb0 = rowV[r1], Vb1 = rowV[r1 + 1], Vc0 = rowV[r2], Vc1 = rowV[r2 + 1];
      for (let j = 0; j < 4; j++) {
        const wa = pw[j], wb = pw[4 + j], wc = pw[8 + j];
        const m = 2 * j;
        let x = gX[x0 + m], z = gX[x0 + m + 1], u = gY[y0 + m], v = gY[y0 + m + 1];
        if (act0) { x += Qa0 * wa; z += Qa1 * wa; u += Va0 * wa; v += Va1 * wa; }
        if (act1) { x += Qb0 * wb; z += Qb1 * wb; u += Vb0 * wb; v += Vb1 * wb; }
        if (act2) { x += Qc0 * wc; z += Qc1 * wc; u += Vc0 * wc; v += Vc1 * wc; }
        gX[x0 + m] = x + (a * dXa[m] + b * dXb[m]);
        gX[x0 + m + 1] = z + (a * dXa[m + 1] + b * dXb[m + 1]);
        gY[y0 + m] = u;
        gY[y0 + m + 1] = v;
      }
      let x = gX[x0 + 8], z = gX[x0 + 9], u = gY[y0 + 8], v = gY[y0 + 9], o = gY[y0 + 10];
      if (act0) { x -= Qa0; z -= Qa1; u -= Va0; v -= Va1; if (withOmega) o += Va0 * pointD[1] - Va1 * pointD[0]; }
      if (act1) { x -= Qb0; z -= Qb1; u -= Vb0; v -= Vb1; if (withOmega) o += Vb0 * pointD[3] - Vb1 * pointD[2]; }
      if (act2) { x -= Qc0; z -= Qc1; u -= Vc0; v -= Vc1; if (withOmega) o += Vc0 * pointD[5] - Vc1 * pointD[4]; }
      gX[x0 + 8] = x + (a * dXa[8] + b * dXb[8]);
      gX[x0 + 9] = z + (a * dXa[9] + b * dXb[9]);
      gY[y0 + 8] = u;
      gY[y0 + 9] = v;
      gY[y0 + 10] = o;
    }
  }

  /** Stores the middle point (pv) and its depth (contact radius − point[3]) of the current segment (segmentCount − 1). */
  private recordMiddle(p: CableCircleParameters): void {
    const x = this.pv[0], y = this.pv[1], depth = p.contactRadius - this.point[3];
    const at = 3 * (this.segmentCount - 1);
    if (at + 3 > this.middles.length) {
      const grown = new Float64Array(2 * this.middles.length);
      grown.set(this.middles);
      this.middles = grown;
    }
    this.middles[at] = x; this.middles[at + 1] = y; this.middles[at + 2] = depth;
  }

  /** ∂x/∂X of a chord–circle intersection t of the current chord (0 where the segment end is clamped to the chord end). */
  private chordDerivative(t: number, clamped: boolean, c: ArrayLike<number>, lSeg: number, out: Float64Array): void {
    out.fill(0);
    if (clamped) return;
    // G(t, X) = |P0 + t l − c|² − R² = 0: ∂t/∂X = −(∂G/∂X)/(∂G/∂t) with q = P0 + t l − c, ∂G/∂t = 2 q·l
    const { chordShapes: ends, chordShapesAt: o, chord } = this;
    const lx = chord[2] - chord[0], ly = chord[3] - chord[1];
    const qx = chord[0] + t * lx - c[0], qy = chord[1] + t * ly - c[1];
    const s = (qx * lx + qy * ly) / lSeg;
    for (let j = 0; j < 4; j++) {
      const weight = (1 - t) * ends[o + j] + t * ends[o + 4 + j];
      out[2 * j] = -weight * qx / s;
      out[2 * j + 1] = -weight * qy / s;
    }
    out[8] = qx / s;
    out[9] = qy / s;
  }

  /** ∂x/∂X of a root x of |r(x) − c|² − R² (0 at a clamped end 0 or L). */
  private rootDerivative(x: number, clamped: boolean, c: ArrayLike<number>, L: number, out: Float64Array): void {
    out.fill(0);
    if (clamped) return;
    const { S, Sx, e } = this;
    shapeFunctions(x, L, S, 0);
    shapeFunctions_x(x, L, Sx, 0);
    let qx = -c[0], qy = -c[1], rx = 0, ry = 0;
    for (let j = 0; j < 4; j++) { qx += S[j] * e[2 * j]; qy += S[j] * e[2 * j + 1]; rx += Sx[j] * e[2 * j]; ry += Sx[j] * e[2 * j + 1]; }
    // ∂x/∂X = −(∂G/∂X)/(∂G/∂x) with q = r(x) − c: ∂G/∂x = 2 q·r', ∂G/∂e_j = 2 S_j q, ∂G/∂c = −2 q
    const s = qx * rx + qy * ry;
    for (let j = 0; j < 4; j++) { out[2 * j] = -S[j] * qx / s; out[2 * j + 1] = -S[j] * qy / s; }
    out[8] = qx / s;
    out[9] = qy / s;
  }

  /** Coefficients (increasing powers) of |r(x) − c|² − R², degree 6, with r(x) the element's cubic centerline. */
  private gapPolynomial(c: ArrayLike<number>, p: CableCircleParameters): Float64Array {
    const { poly, gap6, e } = this;
    const L = p.length;
    // r(x) − c = Σ_k a_k x^k per component
    for (let i = 0; i < 2; i++) {
      centerlineCoefficients(e, 0, i, L, poly, 4 * i);
      poly[4 * i] -= c[i];
    }
    gap6.fill(0);
    for (let i = 0; i < 2; i++) for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) gap6[a + b] += poly[4 * i + a] * poly[4 * i + b];
    gap6[0] -= p.contactRadius * p.contactRadius;
    return gap6;
  }
  /**
   * The force f at the point of this.point = [x, d (2), dist, Δv (2)] with relative position d (cable point − centre),
   * dist = |d|, and relative velocity Δv into this.f, the
   * normal into this.n, F into normalForce, and with derivatives ∂f/∂d, ∂f/∂Δv (2 × 2 row-major) into fD, fV; false if |d| = 0.
   */
  private pointForce(p: CableCircleParameters, derivatives: boolean): boolean {
    const point = this.point, dx = point[1], dy = point[2], dist = point[3], vx = point[4], vy = point[5];
    if (dist === 0) return false;
    const { n, f, fD, fV } = this;
    const nx = dx / dist, ny = dy / dist;
    n[0] = nx; n[1] = ny;
    const vn = nx * vx + ny * vy;
    const F = p.stiffness * (dist - p.contactRadius) + p.damping * vn;
    this.normalForce = F;
    const vtx = vx - vn * nx, vty = vy - vn * ny;
    const mu = p.friction, zone = p.zone;
    // |v_t| is needed only to tell the regularized zone (where f_t = −μF/zone·v_t does not use it) from the rest: a
    // squared speed far below zone² (a quarter: hypot2's and the square sum's few-ulp errors cannot bridge that) answers
    // the test without hypot2's division and square root; near the zone's edge, beyond it, and for non-finite values
    // (the comparison fails) hypot2 decides as before
    const speed = vtx * vtx + vty * vty < 0.25 * zone * zone && zone > tinyZone ? 0 : hypot2(vtx, vty);
    const regularized = speed < zone;
    const cf = mu === 0 || (!regularized && speed === 0) ? 0 : regularized ? -mu * F / zone : -mu * F / speed;
    f[0] = F * nx + cf * vtx;
    f[1] = F * ny + cf * vty;
    if (!derivatives) return true;
    // P = I − n nᵀ; ∂F/∂d = k nᵀ + (d_c/|d|) Δvᵀ P; ∂F/∂Δv = d_c nᵀ; ∂(F n)/∂d = n ∂F/∂d + F P/|d|
    const P00 = 1 - nx * nx, P01 = -nx * ny, P11 = 1 - ny * ny;
    const vP0 = vx * P00 + vy * P01, vP1 = vx * P01 + vy * P11;
    const Fd0 = p.stiffness * nx + p.damping / dist * vP0, Fd1 = p.stiffness * ny + p.damping / dist * vP1;
    const Fv0 = p.damping * nx, Fv1 = p.damping * ny;
    fD[0] = nx * Fd0 + F * P00 / dist; fD[1] = nx * Fd1 + F * P01 / dist;
    fD[2] = ny * Fd0 + F * P01 / dist; fD[3] = ny * Fd1 + F * P11 / dist;
    fV[0] = nx * Fv0; fV[1] = nx * Fv1; fV[2] = ny * Fv0; fV[3] = ny * Fv1;
    if (cf === 0) return true;
    // v_t = P Δv: ∂v_t/∂d = −(n (PΔv)ᵀ + v_n P)/|d|, ∂v_t/∂Δv = P
    const Td00 = -(nx * vP0 + vn * P00) / dist, Td01 = -(nx * vP1 + vn * P01) / dist;
    const Td10 = -(ny * vP0 + vn * P01) / dist, Td11 = -(ny * vP1 + vn * P11) / dist;
    if (regularized) {
      // f_t = c v_t with c = −μF/zone
      const q = -mu / zone;
      fD[0] += cf * Td00 + q * vtx * Fd0; fD[1] += cf * Td01 + q * vtx * Fd1;
      fD[2] += cf * Td10 + q * vty * Fd0; fD[3] += cf * Td11 + q * vty * Fd1;
      fV[0] += cf * P00 + q * vtx * Fv0; fV[1] += cf * P01 + q * vtx * Fv1;
      fV[2] += cf * P01 + q * vty * Fv0; fV[3] += cf * P11 + q * vty * Fv1;
      return true;
    }
    // f_t = −μF e with e = v_t/|v_t|: ∂e = E ∂v_t, E = (I − e eᵀ)/|v_t|
    const ex = vtx / speed, ey = vty / speed;
    const E00 = (1 - ex * ex) / speed, E01 = -ex * ey / speed, E11 = (1 - ey * ey) / speed;
    const m = -mu * F;
    fD[0] += -mu * ex * Fd0 + m * (E00 * Td00 + E01 * Td10); fD[1] += -mu * ex * Fd1 + m * (E00 * Td01 + E01 * Td11);
    fD[2] += -mu * ey * Fd0 + m * (E01 * Td00 + E11 * Td10); fD[3] += -mu * ey * Fd1 + m * (E01 * Td01 + E11 * Td11);
    fV[0] += -mu * ex * Fv0 + m * (E00 * P00 + E01 * P01); fV[1] += -mu * ex * Fv1 + m * (E00 * P01 + E01 * P11);
    fV[2] += -mu * ey * Fv0 + m * (E01 * P00 + E11 * P01); fV[3] += -mu * ey * Fv1 + m * (E01 * P01 + E11 * P11);
    return true;
  }
}

/**
 * The power coefficients of one component of an ANCF cable element's centerline: r_i(x) = Σ_k out[o + k] x^k, k = 0 … 3,
 * from the total coordinates e[at …] = [r0, r0', r1, r1'] (component i of each at at + i, + 2 + i, + 4 + i, + 6 + i)
 * and the length L (the cubic Hermite shape functions expanded; Exudyn's ComputePolynomialCoeffs).
 */
export function centerlineCoefficients(e: ArrayLike<number>, at: number, i: number, L: number, out: Float64Array, o: number): void {
  const r0 = e[at + i], s0 = e[at + 2 + i], r1 = e[at + 4 + i], s1 = e[at + 6 + i];
  out[o] = r0;
  out[o + 1] = s0;
  out[o + 2] = -(3 * r0 - 3 * r1 + 2 * L * s0 + L * s1) / (L * L);
  out[o + 3] = (2 * r0 - 2 * r1 + L * (s0 + s1)) / (L * L * L);
}

/** Value of the polynomial Σ c_k x^k (degree d) at x (Horner). */
function evaluatePolynomial(c: ArrayLike<number>, d: number, x: number): number {
  let v = c[d];
  for (let k = d - 1; k >= 0; k--) v = v * x + c[k];
  return v;
}

/**
 * The real roots of a polynomial of degree ≤ 6 in an open interval (a, b), in increasing order: the roots of its
 * derivative (found the same way, down to degree 1) split (a, b) into intervals where it is monotone, each holding at
 * most one root, which bisection finds to round-off. Roots of even multiplicity (a touch without a sign change) are
 * not reported. Work arrays are allocated once.
 */
export class PolynomialRoots {
  /** The roots found by the last call, values[0 … count − 1]. */
  readonly values = new Float64Array(6);
  /** Coefficients of the polynomial and its derivatives, 7 per level. */
  private readonly levels = new Float64Array(49);
  /** Roots per level, 6 per level. */
  private readonly found = new Float64Array(42);
  private readonly counts = new Int32Array(7);

  /** Finds the roots of Σ c_k x^k (degree d ≤ 6) in (a, b); returns their number. */
  find(c: ArrayLike<number>, d: number, a: number, b: number): number {
    const { levels, found, counts } = this;
    for (let k = 0; k <= d; k++) levels[k] = c[k];
    for (let level = 1; level < d; level++) {
      for (let k = 0; k <= d - level; k++) levels[7 * level + k] = (k + 1) * levels[7 * (level - 1) + k + 1];
    }
    // from the linear derivative up: the roots of level l − 1 lie between the roots of level l
    for (let level = d - 1; level >= 0; level--) {
      const degree = d - level, at = 7 * level;
      let count = 0;
      let left = a, fLeft = evaluatePolynomial(levels.subarray(at), degree, a);
      const splits = level === d - 1 ? 0 : counts[level + 1];
      for (let s = 0; s <= splits; s++) {
        const right = s < splits ? found[6 * (level + 1) + s] : b;
        const fRight = evaluatePolynomial(levels.subarray(at), degree, right);
        if ((fLeft < 0 && fRight > 0) || (fLeft > 0 && fRight < 0)) found[6 * level + count++] = bisect(levels.subarray(at), degree, left, right, fLeft);
        left = right;
        fLeft = fRight;
      }
      counts[level] = count;
    }
    for (let k = 0; k < counts[0]; k++) this.values[k] = found[k];
    return counts[0];
  }
}

/** The root of a polynomial in [left, right] where it changes sign (value fLeft at left), by bisection to round-off. */
function bisect(c: ArrayLike<number>, d: number, left: number, right: number, fLeft: number): number {
  for (let iteration = 0; iteration < 200; iteration++) {
    const middle = 0.5 * (left + right);
    if (middle <= left || middle >= right) break;
    const f = evaluatePolynomial(c, d, middle);
    if (f === 0) return middle;
    if ((f < 0) === (fLeft < 0)) { left = middle; fLeft = f; } else right = middle;
  }
  return 0.5 * (left + right);
}

/** The chord tables of an element of length L with n chords of length lSeg (see CableCircleContact.chordShapes). */
interface ChordTables {
  length: number;
  segments: number;
  shapes: Float64Array;
  points: Float64Array;
  startsAtPreviousEnd: Uint8Array;
}

/** Number of element lengths whose chord tables a CableCircleContact keeps. */
const chordTableSlots = 4;

/** Computes the chord tables of an element of length L with n chords of length lSeg into table. */
function fillChordTables(table: ChordTables, L: number, n: number, lSeg: number): void {
  const ends = table.shapes, points = table.points, shared = table.startsAtPreviousEnd;
  for (let segment = 0; segment < n; segment++) {
    const a = segment * lSeg;
    shapeFunctions(a, L, ends, 8 * segment);
    shapeFunctions(a + lSeg, L, ends, 8 * segment + 4);
    const xa = a, xb = a + lSeg, middle = 0.5 * (xa + xb), length = xb - xa;
    for (let k = 0; k < 3; k++) {
      const x = middle + lobattoHalfPoints[k] * length, at = 15 * segment + 5 * k;
      shapeFunctions(x, L, points, at);
      points[at + 4] = (x - a) / lSeg;
    }
    let same = segment > 0;
    for (let j = 0; j < 4 && same; j++) same = Object.is(ends[8 * segment + j], ends[8 * segment - 4 + j]);
    shared[segment] = same ? 1 : 0;
  }
  table.length = L;
  table.segments = n;
}
