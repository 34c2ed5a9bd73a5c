import { shapeFunctions, shapeFunctions_x } from '../items/objects/ObjectANCFCable2D.ts';

/** Gauss–Lobatto points and weights with 3 points on [−1, 1] (Exudyn's lobattoRuleOrder3). */
const lobattoPoints = [-1, 0, 1];
const lobattoWeights = [1 / 3, 4 / 3, 1 / 3];

/** Number of position-level variables X = [e (8), c (2)] and velocity-level variables Y = [ė (8), v_c (2), ω (1)]. */
const NX = 10;
const NY = 11;
/** Number of outputs g = [cable forces (8), contact force sum F_c (2), torque sum T (1)]. */
const NG = 11;

/** Material and geometry of one circle–cable pair. */
export interface CableCircleParameters {
  /** Element length L. */
  length: number;
  /** Number of straight sub-segments of the element (Exudyn's ancfCableNumberOfContactSegments). */
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
 * Exudyn's GeneralContact between a circle (a sphere in the x–y plane) and a planar ANCF cable element
 * (ancfCableUseExactMethod = false): the element's centerline r(x) = Σ S_j(x) e_j is replaced by `segments` chords
 * between r(a) and r(b), a = i·L/n, b = a + L/n; where a chord enters the circle of contact radius R around c (the
 * line–circle intersection, clamped to the chord), the contact segment [τ₁, τ₂] of the chord is integrated with
 * 3-point Gauss–Lobatto: at each point the chord point p = P₀ + τ (P₁ − P₀) and velocity v = V₀ + τ (V₁ − V₀) give
 * d = p − c, n = d/|d|, gap |d| − R, the normal force F = k·gap + d_c·n·(v − v_c) and, with μ ≠ 0, the regularized
 * Coulomb friction of the tangential part of Δv = v − v_c − ω ẑ × d (−μF/zone·v_t while |v_t| < zone, else
 * −μF v_t/|v_t|). The force f = F n + f_t, weighted with (τ₂ − τ₁)·L/n/2·w, acts on the cable through the Hermite shape
 * functions at the point's axial position x = a + τ L/n (Σ S_j(x) f on e_j), and its opposite on the circle, with the
 * torque of the friction about the centre (lever r n). A segment counts while the mean of F over its three points is
 * compressive (< 0), Exudyn's criterion for its active set.
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
  // shape functions at the chord ends and at the point, and the derivative at the point
  private readonly Sa = new Float64Array(4);
  private readonly Sb = new Float64Array(4);
  private readonly S = new Float64Array(4);
  private readonly Sx = new Float64Array(4);
  // derivatives by X of the segment ends τ₁, τ₂, of τ and W at a point, of the point p, d = p − c, n, Δv, f (2 × 10 each)
  private readonly dTau1 = new Float64Array(NX);
  private readonly dTau2 = new Float64Array(NX);
  private readonly dTau = new Float64Array(NX);
  private readonly dW = new Float64Array(NX);
  private readonly dD = new Float64Array(2 * NX);
  private readonly dN = new Float64Array(2 * NX);
  private readonly dVX = new Float64Array(2 * NX);
  private readonly dVY = new Float64Array(2 * NY);
  private readonly dFX = new Float64Array(2 * NX);
  private readonly dFY = new Float64Array(2 * NY);
  // the force at a point and its derivatives by d and by Δv (2 × 2)
  private readonly f = new Float64Array(2);
  private readonly fD = new Float64Array(4);
  private readonly fV = new Float64Array(4);
  private readonly n = new Float64Array(2);

  /**
   * Evaluates the contact of the element (total coordinates e and velocities ė) with the circle (centre c, velocity
   * v_c, angular velocity ω about z); returns true if a segment is in contact.
   */
  evaluate(e: ArrayLike<number>, et: ArrayLike<number>, c: ArrayLike<number>, vc: ArrayLike<number>, omega: number,
    p: CableCircleParameters, derivatives: boolean): boolean {
    const { g, gX, gY, Sa, Sb, S, Sx, dTau1, dTau2, dTau, dW, dD, dN, dVX, dVY, dFX, dFY, f, fD, fV, n } = this;
    g.fill(0);
    if (derivatives) { gX.fill(0); gY.fill(0); }
    const lSeg = p.length / p.segments;
    const R = p.contactRadius;
    const w = p.friction !== 0 ? omega : 0; // the circle's rotation enters through friction only
    let any = false;
    for (let segment = 0; segment < p.segments; segment++) {
      const a = segment * lSeg;
      shapeFunctions(a, p.length, Sa, 0);
      shapeFunctions(a + lSeg, p.length, Sb, 0);
      let P0x = 0, P0y = 0, P1x = 0, P1y = 0, V0x = 0, V0y = 0, V1x = 0, V1y = 0;
      for (let j = 0; j < 4; j++) {
        P0x += Sa[j] * e[2 * j]; P0y += Sa[j] * e[2 * j + 1];
        P1x += Sb[j] * e[2 * j]; P1y += Sb[j] * e[2 * j + 1];
        V0x += Sa[j] * et[2 * j]; V0y += Sa[j] * et[2 * j + 1];
        V1x += Sb[j] * et[2 * j]; V1y += Sb[j] * et[2 * j + 1];
      }
      // chord P0 + t (P1 − P0) against the circle: A t² + B t + C = 0 (Exudyn's LineCircleIntersectionPoints)
      const lx = P1x - P0x, ly = P1y - P0y;
      const A = lx * lx + ly * ly;
      if (A === 0) continue;
      const B = -2 * ((c[0] - P0x) * lx + (c[1] - P0y) * ly);
      const C = (c[0] - P0x) ** 2 + (c[1] - P0y) ** 2 - R * R;
      const det = B * B - 4 * A * C;
      if (!(det > 0)) continue;
      const root = Math.sqrt(det);
      const t1 = (-B - root) / (2 * A), t2 = (-B + root) / (2 * A);
      if ((t1 < 0 && t2 < 0) || (t1 > 1 && t2 > 1)) continue;
      const tau1 = Math.max(t1, 0), tau2 = Math.min(t2, 1);
      // active while the mean normal force of the three points is compressive
      let mean = 0;
      for (let k = 0; k < 3; k++) {
        const tau = 0.5 * (tau1 + tau2) + 0.5 * lobattoPoints[k] * (tau2 - tau1);
        const dx = P0x + tau * lx - c[0], dy = P0y + tau * ly - c[1];
        const dist = Math.hypot(dx, dy);
        const vn = dist === 0 ? 0 : (dx * (V0x + tau * (V1x - V0x) - vc[0]) + dy * (V0y + tau * (V1y - V0y) - vc[1])) / dist;
        mean += (p.stiffness * (dist - R) + p.damping * vn) / 3;
      }
      if (!(mean < 0)) continue;
      any = true;
      if (derivatives) {
        this.endDerivative(t1, t1 < 0, P0x, P0y, lx, ly, c, dTau1);
        this.endDerivative(t2, t2 > 1, P0x, P0y, lx, ly, c, dTau2);
      }
      for (let k = 0; k < 3; k++) {
        const xi = lobattoPoints[k];
        const tau = 0.5 * (tau1 + tau2) + 0.5 * xi * (tau2 - tau1);
        const W = 0.5 * lSeg * (tau2 - tau1) * lobattoWeights[k];
        const dx = P0x + tau * lx - c[0], dy = P0y + tau * ly - c[1];
        const Dvx = V0x + tau * (V1x - V0x) - vc[0] + w * dy;
        const Dvy = V0y + tau * (V1y - V0y) - vc[1] - w * dx;
        if (!this.pointForce(dx, dy, Dvx, Dvy, p, derivatives)) continue;
        const x = a + tau * lSeg;
        shapeFunctions(x, p.length, S, 0);
        const torque = p.lever * (n[0] * f[1] - n[1] * f[0]);
        for (let j = 0; j < 4; j++) { g[2 * j] += W * S[j] * f[0]; g[2 * j + 1] += W * S[j] * f[1]; }
        g[8] += W * f[0]; g[9] += W * f[1];
        g[10] += W * torque;
        if (!derivatives) continue;
        shapeFunctions_x(x, p.length, Sx, 0);
        const alpha = 0.5 * (1 - xi), beta = 0.5 * (1 + xi);
        for (let m = 0; m < NX; m++) {
          dTau[m] = alpha * dTau1[m] + beta * dTau2[m];
          dW[m] = 0.5 * lSeg * lobattoWeights[k] * (dTau2[m] - dTau1[m]);
        }
        // d = (1 − τ) P0 + τ P1 − c; v = (1 − τ) V0 + τ V1; Δv = v − v_c − ω ẑ × d
        const dvx = V1x - V0x, dvy = V1y - V0y;
        for (let r = 0; r < 2; r++) {
          const chord = r === 0 ? lx : ly, dv = r === 0 ? dvx : dvy;
          for (let m = 0; m < NX; m++) { dD[r * NX + m] = chord * dTau[m]; dVX[r * NX + m] = dv * dTau[m]; }
          for (let j = 0; j < 4; j++) {
            const s = (1 - tau) * Sa[j] + tau * Sb[j];
            dD[r * NX + 2 * j + r] += s;
            dVY[r * NY + 2 * j + r] = s;
            dVY[r * NY + 2 * j + 1 - r] = 0;
          }
          dD[r * NX + 8 + r] -= 1;
          dVY[r * NY + 8] = r === 0 ? -1 : 0;
          dVY[r * NY + 9] = r === 1 ? -1 : 0;
        }
        dVY[10] = dy; dVY[NY + 10] = -dx;
        for (let m = 0; m < NX; m++) { dVX[m] += w * dD[NX + m]; dVX[NX + m] -= w * dD[m]; }
        if (w === 0) { dVY[10] = 0; dVY[NY + 10] = 0; }
        // f(d, Δv): ∂f/∂X = fD ∂d/∂X + fV ∂Δv/∂X, ∂f/∂Y = fV ∂Δv/∂Y; ∂n/∂X = (I − n nᵀ)/|d| ∂d/∂X
        const dist = Math.hypot(dx, dy);
        for (let r = 0; r < 2; r++) {
          for (let m = 0; m < NX; m++) {
            dFX[r * NX + m] = fD[2 * r] * dD[m] + fD[2 * r + 1] * dD[NX + m] + fV[2 * r] * dVX[m] + fV[2 * r + 1] * dVX[NX + m];
            dN[r * NX + m] = (((r === 0 ? 1 : 0) - n[r] * n[0]) * dD[m] + ((r === 1 ? 1 : 0) - n[r] * n[1]) * dD[NX + m]) / dist;
          }
          for (let m = 0; m < NY; m++) dFY[r * NY + m] = fV[2 * r] * dVY[m] + fV[2 * r + 1] * dVY[NY + m];
        }
        for (let j = 0; j < 4; j++) {
          const slope = Sx[j] * lSeg;
          for (let r = 0; r < 2; r++) {
            const row = 2 * j + r;
            for (let m = 0; m < NX; m++) gX[row * NX + m] += f[r] * (S[j] * dW[m] + W * slope * dTau[m]) + W * S[j] * dFX[r * NX + m];
            for (let m = 0; m < NY; m++) gY[row * NY + m] += W * S[j] * dFY[r * NY + m];
          }
        }
        for (let r = 0; r < 2; r++) {
          for (let m = 0; m < NX; m++) gX[(8 + r) * NX + m] += f[r] * dW[m] + W * dFX[r * NX + m];
          for (let m = 0; m < NY; m++) gY[(8 + r) * NY + m] += W * dFY[r * NY + m];
        }
        for (let m = 0; m < NX; m++) {
          gX[10 * NX + m] += torque * dW[m] + W * p.lever * (dN[m] * f[1] + n[0] * dFX[NX + m] - dN[NX + m] * f[0] - n[1] * dFX[m]);
        }
        for (let m = 0; m < NY; m++) gY[10 * NY + m] += W * p.lever * (n[0] * dFY[NY + m] - n[1] * dFY[m]);
      }
    }
    return any;
  }

  /** ∂t/∂X of a chord–circle intersection t (0 where the segment end is clamped to the chord end). */
  private endDerivative(t: number, clamped: boolean, P0x: number, P0y: number, lx: number, ly: number, c: ArrayLike<number>, out: Float64Array): void {
    out.fill(0);
    if (clamped) return;
    // G(t, X) = |P0 + t l − c|² − R² = 0: ∂t/∂X = −(∂G/∂X)/(∂G/∂t) with q = P0 + t l − c, ∂G/∂t = 2 q·l
    const qx = P0x + t * lx - c[0], qy = P0y + t * ly - c[1];
    const s = qx * lx + qy * ly;
    const { Sa, Sb } = this;
    for (let j = 0; j < 4; j++) {
      const weight = (1 - t) * Sa[j] + t * Sb[j];
      out[2 * j] = -weight * qx / s;
      out[2 * j + 1] = -weight * qy / s;
    }
    out[8] = qx / s;
    out[9] = qy / s;
  }

  /**
   * The force f at a point with relative position d (cable point − centre) and relative velocity Δv into this.f, the
   * normal into this.n, and with derivatives ∂f/∂d, ∂f/∂Δv (2 × 2 row-major) into fD, fV; false if |d| = 0.
   */
  private pointForce(dx: number, dy: number, vx: number, vy: number, p: CableCircleParameters, derivatives: boolean): boolean {
    const dist = Math.hypot(dx, dy);
    if (dist === 0) return false;
    const { n, f, fD, fV } = this;
    const nx = dx / dist, ny = dy / dist;
    n[0] = nx; n[1] = ny;
    const vn = nx * vx + ny * vy;
    const F = p.stiffness * (dist - p.contactRadius) + p.damping * vn;
    const vtx = vx - vn * nx, vty = vy - vn * ny;
    const speed = Math.hypot(vtx, vty);
    const mu = p.friction, zone = p.zone;
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
