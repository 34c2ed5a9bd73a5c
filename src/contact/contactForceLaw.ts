import { PAIR_VARIABLES } from './contactPair.ts';

const N = PAIR_VARIABLES;

/**
 * The force law of GeneralContact (Exudyn's ComputeContactForces with its regularized friction): for a contact with unit
 * normal n (from the item on side a to the item on side b), gap g < 0 in contact, normal relative velocity v_n and
 * relative velocity w of the contact points, the force on b (left-hand side; −f on a) is
 *
 *   F = s (k g + d v_n),   f = F n + f_t,   v_t = w − v_n n,
 *   f_t = −μF v_t / v_reg  while |v_t| < v_reg (frictionProportionalZone),   else −μF v_t / |v_t|,
 *
 * F < 0 in compression, s a factor of the contact type (½ at triangle edges). {@link evaluate} computes f in Exudyn's
 * order of operations; {@link derivatives} then gives A_f = ∂f/∂z for the 24 kinematic variables z of the pair from
 * ∂d/∂z (d = |d| n), ∂v_N/∂z (the velocity whose normal part is v_n) and ∂w/∂z, all 3 × 24 row-major, which the
 * contact kernel writes into {@link Dd}, {@link DVn} and {@link DW} (DW only with friction).
 */
export class ContactForceLaw {
  /** The force on side b (left-hand side), written by evaluate. */
  readonly f = new Float64Array(3);
  /** Inputs of derivatives: ∂d/∂z, ∂v_N/∂z, ∂w/∂z (3 × 24 row-major). */
  readonly Dd = new Float64Array(3 * N);
  readonly DVn = new Float64Array(3 * N);
  readonly DW = new Float64Array(3 * N);
  /** Output of derivatives: ∂f/∂z (3 × 24 row-major). */
  readonly Af = new Float64Array(3 * N);
  private readonly n = new Float64Array(3);
  private readonly vt = new Float64Array(3);
  private readonly Dn = new Float64Array(3 * N);
  private readonly dF = new Float64Array(N);
  private readonly dvn = new Float64Array(N);
  private F = 0;
  private vn = 0;
  private k = 0;
  private d = 0;
  private scale = 1;
  private mu = 0;
  private zone = 0;
  private relVel = 0;

  /**
   * Computes f (into {@link f}) and returns the normal force F for unit normal n, gap, normal velocity vn, contact-point
   * relative velocity w, stiffness k, damping d, factor scale, friction coefficient mu and frictionProportionalZone.
   */
  evaluate(n: ArrayLike<number>, gap: number, vn: number, w: ArrayLike<number>, k: number, d: number, scale: number, mu: number, zone: number): number {
    let F = k * gap + d * vn;
    if (scale !== 1) F *= scale;
    const f = this.f;
    f[0] = F * n[0]; f[1] = F * n[1]; f[2] = F * n[2];
    this.n[0] = n[0]; this.n[1] = n[1]; this.n[2] = n[2];
    this.F = F; this.vn = vn; this.k = k; this.d = d; this.scale = scale; this.mu = mu; this.zone = zone;
    if (mu === 0) return F;
    const vt = this.vt;
    vt[0] = w[0] - vn * n[0]; vt[1] = w[1] - vn * n[1]; vt[2] = w[2] - vn * n[2];
    const relVel = Math.sqrt(vt[0] * vt[0] + vt[1] * vt[1] + vt[2] * vt[2]);
    this.relVel = relVel;
    const pressure = -F;
    let c = 0;
    if (relVel < zone) c = mu * pressure / zone;
    else if (relVel !== 0) c = mu * pressure / relVel;
    f[0] += c * vt[0]; f[1] += c * vt[1]; f[2] += c * vt[2];
    return F;
  }

  /** A_f = ∂f/∂z at the last evaluate, with dist = |d| and vN the velocity whose normal part is v_n (v_n = n·vN). */
  derivatives(dist: number, vN: ArrayLike<number>): void {
    const { n, Dd, DVn, Dn, dF, dvn, Af } = this;
    const inv = 1 / dist;
    for (let j = 0; j < N; j++) {
      const d0 = Dd[j], d1 = Dd[N + j], d2 = Dd[2 * N + j];
      const nd = n[0] * d0 + n[1] * d1 + n[2] * d2;
      // ∂n = (I − n nᵀ) ∂d / |d|
      const n0 = (d0 - n[0] * nd) * inv, n1 = (d1 - n[1] * nd) * inv, n2 = (d2 - n[2] * nd) * inv;
      Dn[j] = n0; Dn[N + j] = n1; Dn[2 * N + j] = n2;
      dvn[j] = vN[0] * n0 + vN[1] * n1 + vN[2] * n2 + n[0] * DVn[j] + n[1] * DVn[N + j] + n[2] * DVn[2 * N + j];
      dF[j] = this.scale * (this.k * nd + this.d * dvn[j]);
      for (let r = 0; r < 3; r++) Af[r * N + j] = n[r] * dF[j] + this.F * Dn[r * N + j];
    }
    const mu = this.mu;
    if (mu === 0) return;
    const vt = this.vt, F = this.F, vn = this.vn, DW = this.DW, zone = this.zone, w = this.relVel;
    const regularized = w < zone;
    if (!regularized && w === 0) return;
    const e0 = vt[0] / w, e1 = vt[1] / w, e2 = vt[2] / w;
    for (let j = 0; j < N; j++) {
      // ∂v_t = ∂w − n ∂v_n − v_n ∂n
      const t0 = DW[j] - n[0] * dvn[j] - vn * Dn[j];
      const t1 = DW[N + j] - n[1] * dvn[j] - vn * Dn[N + j];
      const t2 = DW[2 * N + j] - n[2] * dvn[j] - vn * Dn[2 * N + j];
      if (regularized) {
        // f_t = −(μ/v_reg) F v_t
        const c = -mu / zone;
        Af[j] += c * (vt[0] * dF[j] + F * t0);
        Af[N + j] += c * (vt[1] * dF[j] + F * t1);
        Af[2 * N + j] += c * (vt[2] * dF[j] + F * t2);
      } else {
        // f_t = −μF e, e = v_t/|v_t|: ∂e = (I − e eᵀ) ∂v_t/|v_t|
        const et = e0 * t0 + e1 * t1 + e2 * t2;
        const c = -mu * F / w;
        Af[j] += -mu * e0 * dF[j] + c * (t0 - e0 * et);
        Af[N + j] += -mu * e1 * dF[j] + c * (t1 - e1 * et);
        Af[2 * N + j] += -mu * e2 * dF[j] + c * (t2 - e2 * et);
      }
    }
  }
}

/** Sets the 3 × 24 matrix out to 0. */
export function clear(out: Float64Array): void {
  out.fill(0, 0, 3 * N);
}

/** out[:, column … column + 2] += scale·I (3 × 24 row-major). */
export function addIdentity(out: Float64Array, column: number, scale: number): void {
  out[column] += scale; out[N + column + 1] += scale; out[2 * N + column + 2] += scale;
}

/** out[:, column … column + 2] += scale·M (M 3 × 3 row-major; out 3 × 24 row-major). */
export function addBlock(out: Float64Array, column: number, M: ArrayLike<number>, scale: number): void {
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * N + column + c] += scale * M[3 * r + c];
}

/** out[:, column … column + 2] += scale·ṽ (the cross-product matrix of v: ṽ x = v × x). */
export function addCrossBlock(out: Float64Array, column: number, v: ArrayLike<number>, scale: number): void {
  out[column + 1] -= scale * v[2]; out[column + 2] += scale * v[1];
  out[N + column] += scale * v[2]; out[N + column + 2] -= scale * v[0];
  out[2 * N + column] -= scale * v[1]; out[2 * N + column + 1] += scale * v[0];
}

/** out += scale·ṽ B (all 24 columns; ṽ B column j = v × B_j). */
export function addCrossTimes(out: Float64Array, v: ArrayLike<number>, B: Float64Array, scale: number): void {
  for (let j = 0; j < N; j++) {
    const b0 = B[j], b1 = B[N + j], b2 = B[2 * N + j];
    out[j] += scale * (v[1] * b2 - v[2] * b1);
    out[N + j] += scale * (v[2] * b0 - v[0] * b2);
    out[2 * N + j] += scale * (v[0] * b1 - v[1] * b0);
  }
}
