import type { GlobalMatrixAccumulator, ItemState } from '../registry/capabilities.ts';
import type { GeneralContactSettings } from './contactSettings.ts';
import type { ActiveContacts, ContactKernel } from './contactKernel.ts';
import type { ContactRodSegments } from './contactRods.ts';
import type { SearchGrid } from './searchGrid.ts';
import type { ContactPointList } from './contactPoints.ts';
import { PAIR_VARIABLES } from './contactPair.ts';
import type { ContactForceLaw } from './contactForceLaw.ts';
import { SegmentPair } from './segmentPair.ts';

const N = PAIR_VARIABLES;
/** Columns of the velocities among the 24 variables z = [A_0, A_1, B_0, B_1, V_A0, V_A1, V_B0, V_B1] of a segment pair. */
const V = 12;

/**
 * One rod contact of GeneralContact.rodContacts: rod–rod ({@link RodRodContact.contacts}) or rod–mesh (side B a triangle,
 * RodTriangleContact.contacts): the items, gap, normal force and force on B, and both points.
 */
export interface RodContact {
  /** Local segment indices (ContactTypeIndex.IndexRodSegments) of side A and B (A < B); segmentB = −1 for a rod–mesh contact. */
  segmentA: number;
  segmentB: number;
  /** Local triangle index (ContactTypeIndex.IndexTrigsRigidBodyBased) of side B of a rod–mesh contact; −1 for a rod–rod contact. */
  triangle: number;
  /** Gap |x_B − x_A| − R_A − R_B (< 0 in contact); rod–mesh: |x_B − x_A| − R_A (the triangle has no thickness). */
  gap: number;
  /** Normal force F (< 0: compression) and the contact force acting on B (−force on A), normal and friction; rod–mesh: on the triangle's body. */
  normalForce: number;
  force: number[];
  /** The tangential relative velocity v_t = w − (n·w) n of B's closest centerline point against A's (the slip velocity). */
  slipVelocity: number[];
  /** The closest points of the centerlines and the unit normal from A to B. */
  pointA: number[];
  pointB: number[];
  normal: number[];
}

/**
 * Contact between rod segments (two rods, or a rod with itself): two capsules of radii R_A, R_B around the segments
 * [A_0, A_1] and [B_0, B_1] of the centerlines touch where the closest points x_A, x_B of the segments ({@link SegmentPair})
 * are closer than the contact distance D = R_A + R_B (for two segments of one rod closer along it than π·R, the chord
 * 2R sin(Δs/2R): {@link ContactRodSegments.contactDistance}): with d = x_B − x_A, n = d/|d|, the gap g = |d| − D, the relative velocity
 * w = v_B(t) − v_A(s) of the closest centerline points and v_n = n·w, k = k_A k_B/(k_A + k_B) (springs in series) and
 * d = d_A + d_B, the pair acts while F = k g + d v_n < 0 with the force law of {@link ContactForceLaw} (regularized
 * Coulomb friction μ = frictionPairings[m_A][m_B] on the tangential part of w). The force f on B acts at x_B and −f on
 * A at x_A, distributed to the end points with the weights (1 − t, t) and (1 − s, s) and from there to the element's
 * nodes with the end points' shape-function weights; it acts on the centerline (friction exerts no torque on the
 * sections). A segment end shared with the next segment of the same rod belongs to that segment (pairs whose closest
 * point is the end s = 1 or t = 1 of a segment that has a successor are skipped, unless the successor's pair is excluded
 * as neighbours in self contact: then nobody else would carry it), so that a contact moving over a segment joint is
 * counted once. Candidates are the segments whose boxes overlap in the search grid, without the
 * pairs excluded by {@link ContactRodSegments.excluded} (of one rod without self contact, or neighbours sharing a node).
 */
export class RodRodContact implements ContactKernel {
  private readonly pair = new SegmentPair();
  private readonly w = new Float64Array(3);
  private readonly n = new Float64Array(3);
  /** Jacobian of the end-point forces Q = [Q_A0, Q_A1, Q_B0, Q_B1] by z (12 × 24) and its combination factorQ·∂/∂z_pos + factorU·∂/∂z_vel (12 × 12). */
  private readonly dQ = new Float64Array(12 * N);
  private readonly C = new Float64Array(144);
  private readonly endForces = new Float64Array(12);
  private dist = 0;
  private gap = 0;
  private F = 0;

  constructor(
    private readonly settings: GeneralContactSettings, private readonly rods: ContactRodSegments, private readonly grid: SearchGrid,
    private readonly law: ContactForceLaw,
  ) {}

  /** Calls pair(i, j) for each pair of segments i < j whose boxes overlap and that are not excluded. */
  private candidates(pair: (i: number, j: number) => void): void {
    const { offset, count } = this.rods;
    for (let i = 0; i < count; i++) {
      const found = this.grid.query(offset + i, offset + i + 1, offset + count);
      for (let c = 0; c < found; c++) {
        const j = this.grid.found[c] - offset;
        if (!this.rods.excluded(i, j)) pair(i, j);
      }
    }
  }

  /** The force of pair (i, j) at the current kinematics into law.f (on j; −f on i); false if not in contact. */
  private evaluate(i: number, j: number): boolean {
    const rods = this.rods, pair = this.pair;
    pair.evaluate(rods.points, 6 * i, 6 * j);
    const dist = pair.distance, gap = dist - rods.contactDistance(i, j);
    if (!(gap < 0) || dist === 0) return false;
    const s = pair.s, t = pair.t;
    // a closest point at a segment's end node belongs to the next segment's pair (its s or t = 0), unless that pair is
    // excluded (a neighbour of the other segment in self contact): then this pair carries it
    if ((s === 1 && rods.hasNext[i] === 1 && !rods.excluded(i + 1, j)) || (t === 1 && rods.hasNext[j] === 1 && !rods.excluded(i, j + 1))) return false;
    const n = this.n, w = this.w, v = rods.velocities;
    for (let k = 0; k < 3; k++) {
      n[k] = pair.d[k] / dist;
      w[k] = (1 - t) * v[6 * j + k] + t * v[6 * j + 3 + k] - (1 - s) * v[6 * i + k] - s * v[6 * i + 3 + k];
    }
    const vn = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
    const mu = this.settings.friction(rods.material[i], rods.material[j]);
    const k = rods.stiffness[i] * rods.stiffness[j] / (rods.stiffness[i] + rods.stiffness[j]);
    const F = this.law.evaluate(n, gap, vn, w, k, rods.damping[i] + rods.damping[j], 1, mu, this.settings.frictionProportionalZone);
    this.dist = dist; this.gap = gap; this.F = F;
    return F < 0;
  }

  /** The end-point forces (left-hand side) of the pair at the last evaluate: Q_A0 = −(1 − s) f, Q_A1 = −s f, Q_B0 = (1 − t) f, Q_B1 = t f. */
  private endPointForces(): Float64Array {
    const f = this.law.f, s = this.pair.s, t = this.pair.t, Q = this.endForces;
    for (let k = 0; k < 3; k++) {
      Q[k] = -(1 - s) * f[k]; Q[3 + k] = -s * f[k]; Q[6 + k] = (1 - t) * f[k]; Q[9 + k] = t * f[k];
    }
    return Q;
  }

  addODE2Lhs(_s: ItemState, out: Float64Array, factor: number): void {
    const rods = this.rods, M = rods.maxNodes;
    this.candidates((i, j) => {
      if (!this.evaluate(i, j)) return;
      const Q = this.endPointForces();
      for (let side = 0; side < 2; side++) {
        const g = side === 0 ? i : j, np = rods.nodesPerSegment[g], w = 2 * M * g;
        for (let node = 0; node < np; node++) {
          const c0 = factor * rods.weights[w + node], c1 = factor * rods.weights[w + M + node], at = 3 * M * g + 3 * node;
          for (let k = 0; k < 3; k++) out[rods.ltg[at + k]] += c0 * Q[6 * side + k] + c1 * Q[6 * side + 3 + k];
        }
      }
    });
  }

  addODE2LhsJacobian(_s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void {
    const rods = this.rods, M = rods.maxNodes, C = this.C;
    this.candidates((i, j) => {
      if (!this.evaluate(i, j)) return;
      this.derivatives(i, j);
      // C = factorQ ∂Q/∂z_pos + factorU ∂Q/∂z_vel (12 × 12 over the end points)
      for (let r = 0; r < 12; r++) for (let c = 0; c < 12; c++) C[12 * r + c] = factorQ * this.dQ[N * r + c] + factorU * this.dQ[N * r + V + c];
      for (let rowSide = 0; rowSide < 2; rowSide++) {
        const gr = rowSide === 0 ? i : j, nr = rods.nodesPerSegment[gr], wr = 2 * M * gr;
        for (let colSide = 0; colSide < 2; colSide++) {
          const gc = colSide === 0 ? i : j, nc = rods.nodesPerSegment[gc], wc = 2 * M * gc;
          for (let a = 0; a < nr; a++) {
            const ra0 = rods.weights[wr + a], ra1 = rods.weights[wr + M + a], rowAt = 3 * M * gr + 3 * a;
            for (let b = 0; b < nc; b++) {
              const cb0 = rods.weights[wc + b], cb1 = rods.weights[wc + M + b], colAt = 3 * M * gc + 3 * b;
              for (let kr = 0; kr < 3; kr++) {
                const r0 = 6 * rowSide + kr, r1 = r0 + 3;
                for (let kc = 0; kc < 3; kc++) {
                  const c0 = 6 * colSide + kc, c1 = c0 + 3;
                  const value = ra0 * (cb0 * C[12 * r0 + c0] + cb1 * C[12 * r0 + c1]) + ra1 * (cb0 * C[12 * r1 + c0] + cb1 * C[12 * r1 + c1]);
                  if (value !== 0) target.add(rods.ltg[rowAt + kr], rods.ltg[colAt + kc], value);
                }
              }
            }
          }
        }
      }
    });
  }

  /**
   * ∂Q/∂z (12 × 24) of the end-point forces after evaluate: the force law's inputs ∂d/∂z = ∂d|_{s,t} + b ∂t − a ∂s,
   * ∂w/∂z (velocity columns with the weights, position columns (V_B1 − V_B0) ∂t − (V_A1 − V_A0) ∂s) and v_N = w, then
   * ∂Q_A0 = −(1 − s) A_f + f ∂s, ∂Q_A1 = −s A_f − f ∂s, ∂Q_B0 = (1 − t) A_f − f ∂t, ∂Q_B1 = t A_f + f ∂t.
   */
  private derivatives(i: number, j: number): void {
    const pair = this.pair, law = this.law, v = this.rods.velocities;
    pair.derivatives();
    const s = pair.s, t = pair.t, a = pair.a, b = pair.b, sz = pair.s_z, tz = pair.t_z;
    const Dd = law.Dd, DW = law.DW;
    Dd.fill(0); DW.fill(0);
    for (let k = 0; k < 3; k++) {
      const row = N * k;
      Dd[row + k] = -(1 - s); Dd[row + 3 + k] = -s; Dd[row + 6 + k] = 1 - t; Dd[row + 9 + k] = t;
      DW[row + V + k] = -(1 - s); DW[row + V + 3 + k] = -s; DW[row + V + 6 + k] = 1 - t; DW[row + V + 9 + k] = t;
      const dvA = v[6 * i + 3 + k] - v[6 * i + k], dvB = v[6 * j + 3 + k] - v[6 * j + k];
      for (let c = 0; c < 12; c++) {
        Dd[row + c] += b[k] * tz[c] - a[k] * sz[c];
        DW[row + c] += dvB * tz[c] - dvA * sz[c];
      }
    }
    law.DVn.set(DW);
    law.derivatives(this.dist, this.w);
    const Af = law.Af, f = law.f, dQ = this.dQ;
    for (let k = 0; k < 3; k++) {
      for (let c = 0; c < N; c++) {
        const af = Af[N * k + c], ds = c < 12 ? f[k] * sz[c] : 0, dt = c < 12 ? f[k] * tz[c] : 0;
        dQ[N * k + c] = -(1 - s) * af + ds;
        dQ[N * (3 + k) + c] = -s * af - ds;
        dQ[N * (6 + k) + c] = (1 - t) * af - dt;
        dQ[N * (9 + k) + c] = t * af + dt;
      }
    }
  }

  recordActiveContacts(active: ActiveContacts): void {
    const offset = this.rods.offset;
    this.candidates((i, j) => { if (this.evaluate(i, j)) active.add(offset + i, offset + j); });
  }

  /** Appends the middle of the overlap of each pair in contact, with its depth, to out (for drawing). */
  contactPoints(out: ContactPointList): void {
    const rods = this.rods;
    this.candidates((i, j) => {
      if (!this.evaluate(i, j)) return;
      const d = this.pair.d, s = this.pair.s, x = rods.points;
      const c = (rods.radius[i] * rods.contactDistance(i, j) / (rods.radius[i] + rods.radius[j]) + 0.5 * this.gap) / this.dist;
      const p = [0, 1, 2].map((k) => (1 - s) * x[6 * i + k] + s * x[6 * i + 3 + k] + c * d[k]);
      out.push(p[0], p[1], p[2], -this.gap);
    });
  }

  /** The pairs in contact at the last update, with gap, forces and points (new objects; a query, not for the solver). */
  contacts(): RodContact[] {
    const rods = this.rods, x = rods.points, list: RodContact[] = [];
    this.candidates((i, j) => {
      if (!this.evaluate(i, j)) return;
      const s = this.pair.s, t = this.pair.t, n = this.n, w = this.w, wn = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
      list.push({
        segmentA: i, segmentB: j, triangle: -1, gap: this.gap, normalForce: this.F, force: Array.from(this.law.f, (x) => -x),
        slipVelocity: [0, 1, 2].map((k) => w[k] - wn * n[k]),
        pointA: [0, 1, 2].map((k) => (1 - s) * x[6 * i + k] + s * x[6 * i + 3 + k]),
        pointB: [0, 1, 2].map((k) => (1 - t) * x[6 * j + k] + t * x[6 * j + 3 + k]),
        normal: Array.from(this.n),
      });
    });
    return list;
  }

  /**
   * The deepest penetration beyond the smaller radius of the candidate pairs at the last update: depth −g (the contact
   * distance minus the centerlines' distance), with the segments (undefined if none is deeper than its smaller radius).
   */
  deepest(): { i: number; j: number; depth: number; s: number; t: number } | undefined {
    let worst: { i: number; j: number; depth: number; s: number; t: number } | undefined;
    const rods = this.rods;
    this.candidates((i, j) => {
      // geometry only: centerlines that meet (distance 0, no normal) are the deepest, whatever the force
      this.pair.evaluate(rods.points, 6 * i, 6 * j);
      const depth = rods.contactDistance(i, j) - this.pair.distance;
      if (depth > Math.min(rods.radius[i], rods.radius[j]) && (worst === undefined || depth > worst.depth)) worst = { i, j, depth, s: this.pair.s, t: this.pair.t };
    });
    return worst;
  }
}
