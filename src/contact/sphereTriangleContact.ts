import type { GlobalMatrixAccumulator, ItemState } from '../registry/capabilities.ts';
import type { GeneralContactSettings } from './contactSettings.ts';
import type { ActiveContacts, ContactKernel } from './contactKernel.ts';
import type { ContactSpheres } from './contactSpheres.ts';
import type { SearchGrid } from './searchGrid.ts';
import type { ContactPointList } from './contactPoints.ts';
import { triangleNormal, type ContactTriangles } from './contactTriangles.ts';
import { PAIR_VARIABLES, type PairJacobian } from './contactPair.ts';
import { MeshClearance } from './meshClearance.ts';
import { addBlock, addCrossBlock, addCrossTimes, addIdentity, clear, type ContactForceLaw } from './contactForceLaw.ts';

const N = PAIR_VARIABLES;
/** Columns of p, v, ω of the sphere (side a) and of p, θ, v, ω of the triangle's body (side b) among the 24 variables. */
const PA = 0, VA = 6, WA = 9, PB = 12, TB = 15, VB = 18, WB = 21;
/** Exudyn's tolerance of the triangle coordinates: a projected point this close to an edge counts as on it. */
const TOL = 1e-15;
/** Where the closest point lies: inside the face, on an edge (inside its ends), at a vertex. */
const FACE = 0, EDGE = 1, VERTEX = 2;

/**
 * The contacts of one sphere with the triangles near it, found per evaluation: per contact the closest point on the
 * triangle, Exudyn's `inside` (1: projected inside the face, 2: inside but within TOL of an edge, 0: outside, on an
 * edge or vertex), the kind of the closest point (FACE, EDGE, VERTEX) with the face normal or edge direction, the
 * triangle's plane normal (for inside ≠ 0), global index and body, and whether it is kept after the exclusions.
 */
class FoundTriangles {
  count = 0;
  point = new Float64Array(24);
  normal = new Float64Array(24);
  direction = new Float64Array(24);
  triangle = new Int32Array(8);
  inside = new Int32Array(8);
  kind = new Int32Array(8);
  kept = new Uint8Array(8);

  /** Makes room for one more contact; returns its index. */
  next(): number {
    if (this.count === this.triangle.length) {
      const grow = <T extends Float64Array | Int32Array | Uint8Array>(a: T): T => { const b = new (a.constructor as new (n: number) => T)(2 * a.length); b.set(a); return b; };
      this.point = grow(this.point); this.normal = grow(this.normal); this.direction = grow(this.direction);
      this.triangle = grow(this.triangle); this.inside = grow(this.inside); this.kind = grow(this.kind); this.kept = grow(this.kept);
    }
    return this.count++;
  }
}

/**
 * Contact between spheres and triangles on rigid bodies (Exudyn's sphere–triangle contact of GeneralContact). For sphere
 * I and a triangle near it, the closest point x_c on the triangle is found as Exudyn's MinDistTP does it (the
 * projection if it falls inside, else the nearest point of the first edge whose barycentric condition fails, clamped to
 * its ends); the triangle touches the sphere if |p_I − x_c| < r_I, the sphere centre lies on the side of the outward
 * normal and |p_I − x_c| ≥ minRelDistanceSpheresTriangles·r_I. Contacts on an edge that lie in the plane of another
 * touched triangle of the same body are dropped (Exudyn's exclusion for meshes: a sphere rolling over the shared edge
 * of two coplanar triangles feels one face, not the face and the edge), as are duplicated points with
 * excludeDuplicatedTrigSphereContactPoints. Each kept contact acts with the normal n = (x_c − p_I)/|x_c − p_I|, the gap
 * |x_c − p_I| − r_I, the relative velocity of x_c on the triangle's body and on the sphere, stiffnesses in series and
 * dampings in parallel, the force of {@link ContactForceLaw} with factor ½ at edges and vertices (each shared by two
 * triangles) unless duplicated points are excluded; as in Exudyn the force acts whatever its sign. The force acts on
 * the triangle's body at x_c (with its torque) and, opposite, on the sphere (with the torque of friction on rigid
 * markers).
 */
export class SphereTriangleContact implements ContactKernel {
  private readonly found = new FoundTriangles();
  /** The mesh each sphere moves with, left out of its query while the sphere stays clear of it. */
  private readonly clearance: MeshClearance;
  private readonly p = new Float64Array(3);
  private readonly pp = new Float64Array(3);
  private readonly dir = new Float64Array(3);
  private readonly n = new Float64Array(3);
  private readonly w = new Float64Array(3);
  private readonly leverBody = new Float64Array(3);
  private readonly leverSphere = new Float64Array(3);
  private readonly omegaS = new Float64Array(3);
  private readonly omegaB = new Float64Array(3);
  private readonly D = new Float64Array(9);
  private readonly M = new Float64Array(9);
  private readonly Ax = new Float64Array(3 * N);
  private readonly xc = new Float64Array(3);
  private dist = 0;
  private mu = 0;
  /** The kind of the closest point of the last closestPoint (FACE, EDGE, VERTEX). */
  private kind = FACE;

  constructor(
    private readonly settings: GeneralContactSettings, private readonly spheres: ContactSpheres, private readonly triangles: ContactTriangles,
    private readonly grid: SearchGrid, private readonly law: ContactForceLaw, private readonly jacobian: PairJacobian,
  ) {
    this.clearance = new MeshClearance(spheres, triangles);
  }

  /** Pairs the spheres with the meshes they move with (after the spheres and triangles are bound). */
  bind(): void {
    this.clearance.bind();
  }

  /**
   * The closest point of triangle t to the point p (Exudyn's MinDistTP with its classification) into this.pp; writes
   * the kind (FACE/EDGE/VERTEX) into this.kind and, for EDGE, the unit edge direction into this.dir; returns Exudyn's
   * inside (0, 1, 2).
   */
  private closestPoint(t: number): number {
    const y = this.triangles.points, o = 9 * t, p = this.p, pp = this.pp;
    const e1x = y[o + 3] - y[o], e1y = y[o + 4] - y[o + 1], e1z = y[o + 5] - y[o + 2];
    const e2x = y[o + 6] - y[o], e2y = y[o + 7] - y[o + 1], e2z = y[o + 8] - y[o + 2];
    const vx = p[0] - y[o], vy = p[1] - y[o + 1], vz = p[2] - y[o + 2];
    const m11 = e1x * e1x + e1y * e1y + e1z * e1z, m12 = e1x * e2x + e1y * e2y + e1z * e2z, m22 = e2x * e2x + e2y * e2y + e2z * e2z;
    const rs1 = vx * e1x + vy * e1y + vz * e1z, rs2 = vx * e2x + vy * e2y + vz * e2z;
    const det = m11 * m22 - m12 * m12;
    let lam1: number, lam2: number;
    if (det !== 0) {
      lam1 = (rs1 * m22 - rs2 * m12) / det;
      lam2 = (m11 * rs2 - m12 * rs1) / det;
    } else {
      lam1 = m11 !== 0 ? rs1 / m11 : 0;
      lam2 = m22 !== 0 ? rs2 / m22 : 0;
    }
    const in1 = lam1 >= -TOL, in2 = lam2 >= -TOL, in3 = lam1 + lam2 <= 1 + TOL;
    if (in1 && in2 && in3) {
      pp[0] = y[o] + lam1 * e1x + lam2 * e2x;
      pp[1] = y[o + 1] + lam1 * e1y + lam2 * e2y;
      pp[2] = y[o + 2] + lam1 * e1z + lam2 * e2z;
      this.kind = FACE;
      return lam1 <= TOL || lam2 <= TOL || lam1 + lam2 >= 1 - TOL ? 2 : 1;
    }
    // the first edge whose condition fails: (y0, y2) for λ1 < 0, (y0, y1) for λ2 < 0, else (y1, y2)
    const a = !in1 ? o : !in2 ? o : o + 3, b = !in1 ? o + 6 : !in2 ? o + 3 : o + 6;
    const ex = y[b] - y[a], ey = y[b + 1] - y[a + 1], ez = y[b + 2] - y[a + 2];
    const num = ex * (p[0] - y[a]) + ey * (p[1] - y[a + 1]) + ez * (p[2] - y[a + 2]);
    const den = ex * ex + ey * ey + ez * ez;
    this.kind = VERTEX;
    if (num <= 0 || !(den > 0)) {
      pp[0] = y[a]; pp[1] = y[a + 1]; pp[2] = y[a + 2];
    } else if (num >= den) {
      pp[0] = y[b]; pp[1] = y[b + 1]; pp[2] = y[b + 2];
    } else {
      const s = num / den;
      pp[0] = y[a] + s * ex; pp[1] = y[a + 1] + s * ey; pp[2] = y[a + 2] + s * ez;
      const len = Math.sqrt(den);
      this.dir[0] = ex / len; this.dir[1] = ey / len; this.dir[2] = ez / len;
      this.kind = EDGE;
    }
    return 0;
  }

  /** Finds the triangles touching sphere i and applies the exclusions; the kept ones have found.kept = 1. */
  private collect(i: number): void {
    const { spheres, triangles, grid, found, settings } = this;
    found.count = 0;
    // a sphere apart from the box around all triangles has no candidates (most of a bed of spheres under one mesh)
    if (triangles.count === 0 || !grid.overlaps(spheres.offset + i, triangles.bounds, 0)) return;
    const kin = spheres.kinematics, x = kin.position3, r = spheres.radius[i], p = this.p;
    p[0] = x[3 * i]; p[1] = x[3 * i + 1]; p[2] = x[3 * i + 2];
    const A = triangles.bodies.orientation9, ln = triangles.localNormal, y = triangles.points, tolerance = triangles.planeTolerance;
    const minDistance = settings.minRelDistanceSpheresTriangles * r;
    // the triangles of a mesh the sphere stays clear of are left out (the height pre-test would reject each)
    const lo = triangles.offset, hi = lo + triangles.count, clear = this.clearance.clearOf(i);
    const candidates = clear < 0 ? grid.query(spheres.offset + i, lo, hi)
      : grid.queryExcept(spheres.offset + i, lo, hi, lo + triangles.meshStart[clear], lo + triangles.meshStart[clear + 1]);
    for (let c = 0; c < candidates; c++) {
      const t = grid.found[c] - triangles.offset, b = triangles.body[t];
      // outward normal of the triangle in global coordinates
      const nx = A[9 * b] * ln[3 * t] + A[9 * b + 1] * ln[3 * t + 1] + A[9 * b + 2] * ln[3 * t + 2];
      const ny = A[9 * b + 3] * ln[3 * t] + A[9 * b + 4] * ln[3 * t + 1] + A[9 * b + 5] * ln[3 * t + 2];
      const nz = A[9 * b + 6] * ln[3 * t] + A[9 * b + 7] * ln[3 * t + 1] + A[9 * b + 8] * ln[3 * t + 2];
      // the centre's height above the triangle's plane: clearly behind it (d·n ≤ 0 below) or farther than r (|d| ≥ r)
      // decides without the closest point (most candidates: spheres inside a body's mesh, faces of a brick's far side)
      const o = 9 * t, vx = p[0] - y[o], vy = p[1] - y[o + 1], vz = p[2] - y[o + 2];
      const height = vx * nx + vy * ny + vz * nz;
      const slack = tolerance[t] * (Math.abs(vx) + Math.abs(vy) + Math.abs(vz) + Math.abs(y[o]) + Math.abs(y[o + 1]) + Math.abs(y[o + 2]));
      if (height < -slack || height > r + slack) continue;
      const inside = this.closestPoint(t);
      const dx = p[0] - this.pp[0], dy = p[1] - this.pp[1], dz = p[2] - this.pp[2];
      const distSquared = dx * dx + dy * dy + dz * dz;
      if (!(distSquared < r * r && dx * nx + dy * ny + dz * nz > 0 && distSquared >= minDistance * minDistance)) continue;
      const k = found.next(), point = found.point, direction = found.direction, pp = this.pp, dir = this.dir;
      // three stores each (a TypedArray set is a builtin call per contact)
      point[3 * k] = pp[0]; point[3 * k + 1] = pp[1]; point[3 * k + 2] = pp[2];
      direction[3 * k] = dir[0]; direction[3 * k + 1] = dir[1]; direction[3 * k + 2] = dir[2];
      found.triangle[k] = t;
      found.inside[k] = inside;
      found.kind[k] = this.kind;
      if (inside !== 0) triangleNormal(triangles.points, 9 * t, found.normal, 3 * k);
    }
    const tol = settings.tolEquivalentPoints, overlapping = settings.excludeOverlappingTrigSphereContacts;
    const duplicated = settings.excludeDuplicatedTrigSphereContactPoints;
    const P = found.point, Nn = found.normal, T = found.triangle, In = found.inside, body = triangles.body;
    for (let k = 0; k < found.count; k++) {
      let exclude = false;
      if (In[k] !== 1) {
        for (let q = 0; q < found.count && !exclude; q++) {
          // a touched plane of the same body in which this edge contact lies
          if (In[q] === 0 || body[T[q]] !== body[T[k]] || T[q] === T[k]) continue;
          if ((In[k] === 2 && T[q] > T[k]) && !(In[q] === 1 && overlapping)) continue;
          const distance = Math.abs((P[3 * q] - P[3 * k]) * Nn[3 * q] + (P[3 * q + 1] - P[3 * k + 1]) * Nn[3 * q + 1] + (P[3 * q + 2] - P[3 * k + 2]) * Nn[3 * q + 2]);
          if (distance <= tol) exclude = true;
        }
        if (!exclude && duplicated) {
          for (let q = 0; q < found.count && !exclude; q++) {
            if (T[q] >= T[k]) continue;
            const ex = P[3 * k] - P[3 * q], ey = P[3 * k + 1] - P[3 * q + 1], ez = P[3 * k + 2] - P[3 * q + 2];
            if (ex * ex + ey * ey + ez * ez <= tol * tol) exclude = true;
          }
        }
      }
      found.kept[k] = exclude ? 0 : 1;
    }
  }

  /** The force of kept contact k of sphere i into law.f (on the triangle's body; −f on the sphere); false if the sphere centre lies on the triangle. */
  private evaluate(i: number, k: number): boolean {
    const { spheres, triangles, found, settings } = this;
    const t = found.triangle[k], b = triangles.body[t];
    const sk = spheres.kinematics, bk = triangles.bodies;
    const pp = found.point, p = this.p;
    const dx = pp[3 * k] - p[0], dy = pp[3 * k + 1] - p[1], dz = pp[3 * k + 2] - p[2];
    const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (dist === 0) return false;
    const inv = 1 / dist, n = this.n;
    n[0] = inv * dx; n[1] = inv * dy; n[2] = inv * dz;
    const wB = this.omegaB, wS = this.omegaS, rc = this.leverBody, cI = this.leverSphere;
    for (let c = 0; c < 3; c++) {
      wB[c] = bk.angularVelocity3[3 * b + c]; wS[c] = sk.angularVelocity3[3 * i + c];
      rc[c] = pp[3 * k + c] - bk.position3[3 * b + c];
      cI[c] = pp[3 * k + c] - p[c];
    }
    // velocities of the contact point on the triangle's body and on the sphere
    const vb = bk.velocity3, vs = sk.velocity3, w = this.w;
    w[0] = (wB[1] * rc[2] - wB[2] * rc[1]) + vb[3 * b] - ((wS[1] * cI[2] - wS[2] * cI[1]) + vs[3 * i]);
    w[1] = (wB[2] * rc[0] - wB[0] * rc[2]) + vb[3 * b + 1] - ((wS[2] * cI[0] - wS[0] * cI[2]) + vs[3 * i + 1]);
    w[2] = (wB[0] * rc[1] - wB[1] * rc[0]) + vb[3 * b + 2] - ((wS[0] * cI[1] - wS[1] * cI[0]) + vs[3 * i + 2]);
    const vn = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
    const gap = dist - spheres.radius[i];
    const kS = spheres.stiffness[i], kT = triangles.stiffness[b];
    const stiffness = kS * kT / (kS + kT), damping = spheres.damping[i] + triangles.damping[b];
    const scale = found.inside[k] === 0 && !settings.excludeDuplicatedTrigSphereContactPoints ? 0.5 : 1;
    this.mu = settings.friction(spheres.material[i], triangles.material[b]);
    this.dist = dist;
    this.law.evaluate(n, gap, vn, w, stiffness, damping, scale, this.mu, settings.frictionProportionalZone);
    return true;
  }

  addODE2Lhs(_s: ItemState, out: Float64Array, factor: number): void {
    const { spheres, triangles, found } = this, f = this.law.f;
    for (let i = 0; i < spheres.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) {
        if (found.kept[k] === 0 || !this.evaluate(i, k)) continue;
        triangles.bodies.addForce(triangles.body[found.triangle[k]], out, factor, f, this.leverBody);
        spheres.kinematics.addForce(i, out, -factor, f, this.mu !== 0 ? this.leverSphere : undefined);
      }
    }
  }

  addODE2LhsJacobian(s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void {
    const { spheres, triangles, found, jacobian } = this;
    jacobian.allocate(Math.max(spheres.kinematics.maxColumns, triangles.bodies.maxColumns));
    for (let i = 0; i < spheres.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) {
        if (found.kept[k] === 0 || !this.evaluate(i, k)) continue;
        const b = triangles.body[found.triangle[k]];
        this.derivatives(i, k, b);
        for (let c = 0; c < 3; c++) this.xc[c] = found.point[3 * k + c];
        jacobian.add(s, spheres.kinematics, i, this.mu !== 0, triangles.bodies, b, true, this.xc, this.law.f, this.law.Af, this.Ax, target, factorQ, factorU);
      }
    }
  }

  /**
   * ∂x_c/∂z and the inputs of the force law's derivatives for kept contact k of sphere i with a triangle of body b. The
   * closest point moves with the body and with the sphere centre through the projection D onto the face (I − m mᵀ), the
   * edge (ê êᵀ) or a vertex (0): δx_c = δp_b + δθ_b × (x_c − p_b) + D (δp_I − δp_b − δθ_b × (p_I − p_b)); d = x_c − p_I;
   * w = v_b + ω_b × (x_c − p_b) − v_I − ω_I × (x_c − p_I), whose normal part is v_n.
   */
  private derivatives(i: number, k: number, b: number): void {
    const { found, law, D, M, Ax } = this;
    const kind = found.kind[k];
    D.fill(0);
    if (kind !== VERTEX) {
      let u0: number, u1: number, u2: number;
      if (kind === FACE) {
        const y = this.triangles.points, o = 9 * found.triangle[k];
        const ax = y[o + 3] - y[o], ay = y[o + 4] - y[o + 1], az = y[o + 5] - y[o + 2];
        const bx = y[o + 6] - y[o], by = y[o + 7] - y[o + 1], bz = y[o + 8] - y[o + 2];
        u0 = ay * bz - az * by; u1 = az * bx - ax * bz; u2 = ax * by - ay * bx;
        const len = Math.sqrt(u0 * u0 + u1 * u1 + u2 * u2);
        u0 /= len; u1 /= len; u2 /= len;
      } else {
        u0 = found.direction[3 * k]; u1 = found.direction[3 * k + 1]; u2 = found.direction[3 * k + 2];
      }
      const sign = kind === FACE ? -1 : 1;
      D[0] = sign * u0 * u0; D[1] = sign * u0 * u1; D[2] = sign * u0 * u2;
      D[3] = sign * u1 * u0; D[4] = sign * u1 * u1; D[5] = sign * u1 * u2;
      D[6] = sign * u2 * u0; D[7] = sign * u2 * u1; D[8] = sign * u2 * u2;
      if (kind === FACE) { D[0] += 1; D[4] += 1; D[8] += 1; }
    }
    // M = D q̃ with q = p_I − p_b
    const q0 = this.p[0] - this.triangles.bodies.position3[3 * b], q1 = this.p[1] - this.triangles.bodies.position3[3 * b + 1], q2 = this.p[2] - this.triangles.bodies.position3[3 * b + 2];
    for (let r = 0; r < 3; r++) {
      M[3 * r] = D[3 * r + 1] * q2 - D[3 * r + 2] * q1;
      M[3 * r + 1] = D[3 * r + 2] * q0 - D[3 * r] * q2;
      M[3 * r + 2] = D[3 * r] * q1 - D[3 * r + 1] * q0;
    }
    clear(Ax);
    addBlock(Ax, PA, D, 1);
    addIdentity(Ax, PB, 1); addBlock(Ax, PB, D, -1);
    addCrossBlock(Ax, TB, this.leverBody, -1); addBlock(Ax, TB, M, 1);
    law.Dd.set(Ax); addIdentity(law.Dd, PA, -1);
    const DW = law.DW;
    clear(DW);
    addIdentity(DW, VB, 1); addIdentity(DW, VA, -1);
    addCrossBlock(DW, WB, this.leverBody, -1); addCrossBlock(DW, WA, this.leverSphere, 1);
    addCrossTimes(DW, this.omegaB, Ax, 1); addCrossBlock(DW, PB, this.omegaB, -1);
    addCrossTimes(DW, this.omegaS, Ax, -1); addCrossBlock(DW, PA, this.omegaS, 1);
    law.DVn.set(DW);
    law.derivatives(this.dist, this.w);
  }

  recordActiveContacts(active: ActiveContacts): void {
    const { spheres, triangles, found } = this;
    for (let i = 0; i < spheres.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) if (found.kept[k] === 1) active.add(spheres.offset + i, triangles.offset + found.triangle[k]);
    }
  }

  /** Appends, for drawing, the kept contact points of the last update (the closest points on the triangles) with the depth r − |p − x_c|. */
  contactPoints(out: ContactPointList): void {
    const { spheres, found } = this;
    const x = spheres.kinematics.position3;
    for (let i = 0; i < spheres.count; i++) {
      this.collect(i);
      for (let k = 0; k < found.count; k++) {
        if (found.kept[k] === 0) continue;
        const px = found.point[3 * k], py = found.point[3 * k + 1], pz = found.point[3 * k + 2];
        out.push(px, py, pz, spheres.radius[i] - Math.hypot(x[3 * i] - px, x[3 * i + 1] - py, x[3 * i + 2] - pz));
      }
    }
  }
}
