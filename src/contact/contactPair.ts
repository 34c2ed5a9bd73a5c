import { addGlobalBlock, type GlobalMatrixAccumulator, type ItemState } from '../registry/capabilities.ts';
import type { MarkerKinematics } from './contactMarkers.ts';

/** Number of kinematic variables of the two markers of a pair: [p, θ, v, ω] of marker a, then of marker b. */
export const PAIR_VARIABLES = 24;

/**
 * Assembles the Jacobian of the generalized forces of one contact pair. The force f (left-hand side) acts at the contact
 * point x_c: +f on marker b and −f on marker a, so Q_b = J_pos,bᵀ f + J_rot,bᵀ (c_b × f) and Q_a = −(J_pos,aᵀ f + J_rot,aᵀ
 * (c_a × f)) with the levers c = x_c − p (the torque only where asked for and the marker has a rotation). Given
 * A_f = ∂f/∂z and A_x = ∂x_c/∂z for the 24 kinematic variables z = [p_a, θ_a, v_a, ω_a, p_b, θ_b, v_b, ω_b], the
 * Jacobian block of side σ (sign s_σ) by the coordinates of marker m is G_σᵀ W_σm K_m with the wrench derivative
 * W_σm = s_σ [A_f,m; c̃_σ A_f,m − f̃ (A_x,m − δ_σm E_p)] (E_p picks p) and the kinematics Jacobian K_m of
 * {@link MarkerKinematics.kinematicsJacobian}; each side adds the derivative of its Jacobians at fixed force and torque
 * (the markers' jacobianTransposedVector_q). Work arrays grow to the largest marker and are reused.
 */
export class PairJacobian {
  private Ka = new Float64Array(0);
  private Kb = new Float64Array(0);
  private readonly W = new Float64Array(72);
  private M = new Float64Array(0);
  private block = new Float64Array(0);
  private readonly lever = new Float64Array(3);
  private readonly torque = new Float64Array(3);

  /** Sizes the work arrays for markers with up to maxColumns local coordinates. */
  allocate(maxColumns: number): void {
    if (12 * maxColumns <= this.Ka.length) return;
    this.Ka = new Float64Array(12 * maxColumns);
    this.Kb = new Float64Array(12 * maxColumns);
    this.M = new Float64Array(6 * maxColumns);
    this.block = new Float64Array(maxColumns * maxColumns);
  }

  /**
   * Adds factorQ·∂Q/∂q + factorU·∂Q/∂u of the pair (marker ia of A on side a, marker ib of B on side b) into target;
   * torqueA, torqueB: whether that side's force acts with its lever (a torque on rigid markers).
   */
  add(
    s: ItemState, A: MarkerKinematics, ia: number, torqueA: boolean, B: MarkerKinematics, ib: number, torqueB: boolean,
    xc: ArrayLike<number>, f: ArrayLike<number>, Af: Float64Array, Ax: Float64Array, target: GlobalMatrixAccumulator, factorQ: number, factorU: number,
  ): void {
    const na = A.columns(ia), nb = B.columns(ib);
    if (na === 0 && nb === 0) return;
    if (na > 0) A.kinematicsJacobian(s, ia, factorQ, factorU, this.Ka);
    if (nb > 0) B.kinematicsJacobian(s, ib, factorQ, factorU, this.Kb);
    for (let side = 0; side < 2; side++) {
      const S = side === 0 ? A : B, i = side === 0 ? ia : ib, n = side === 0 ? na : nb;
      if (n === 0) continue;
      const sign = side === 0 ? -1 : 1;
      const withTorque = (side === 0 ? torqueA : torqueB) && S.hasRotation(i);
      const c = this.lever;
      for (let k = 0; k < 3; k++) c[k] = xc[k] - S.position3[3 * i + k];
      for (let other = 0; other < 2; other++) {
        const O = other === 0 ? A : B, j = other === 0 ? ia : ib, m = other === 0 ? na : nb;
        if (m === 0) continue;
        this.wrenchDerivative(sign, withTorque, side === other, c, f, Af, Ax, 12 * other);
        this.blockOf(S, i, n, withTorque, other === 0 ? this.Ka : this.Kb, m);
        scatter(target, this.block, S, i, n, O, j, m);
      }
      const marker = S.marker(i);
      if (factorQ !== 0 && marker.jacobianTransposedVector_q !== undefined) {
        const t = this.torque;
        t[0] = c[1] * f[2] - c[2] * f[1]; t[1] = c[2] * f[0] - c[0] * f[2]; t[2] = c[0] * f[1] - c[1] * f[0];
        this.block.fill(0, 0, n * n);
        marker.jacobianTransposedVector_q(s, f, withTorque ? t : undefined, this.block, sign * factorQ);
        scatter(target, this.block, S, i, n, S, i, n);
      }
    }
  }

  /** W (6 × 12) = sign·[A_f; c̃ A_f − f̃ (A_x − [own]·E_p)] on the 12 columns from offset (rows 3–5 only with torque). */
  private wrenchDerivative(sign: number, withTorque: boolean, own: boolean, c: Float64Array, f: ArrayLike<number>, Af: Float64Array, Ax: Float64Array, offset: number): void {
    const W = this.W;
    for (let r = 0; r < 3; r++) for (let k = 0; k < 12; k++) W[12 * r + k] = sign * Af[PAIR_VARIABLES * r + offset + k];
    if (!withTorque) return;
    for (let k = 0; k < 12; k++) {
      const a0 = Af[offset + k], a1 = Af[PAIR_VARIABLES + offset + k], a2 = Af[2 * PAIR_VARIABLES + offset + k];
      let x0 = Ax[offset + k], x1 = Ax[PAIR_VARIABLES + offset + k], x2 = Ax[2 * PAIR_VARIABLES + offset + k];
      if (own && k < 3) { if (k === 0) x0 -= 1; else if (k === 1) x1 -= 1; else x2 -= 1; }
      // c × a − f × x
      W[36 + k] = sign * (c[1] * a2 - c[2] * a1 - (f[1] * x2 - f[2] * x1));
      W[48 + k] = sign * (c[2] * a0 - c[0] * a2 - (f[2] * x0 - f[0] * x2));
      W[60 + k] = sign * (c[0] * a1 - c[1] * a0 - (f[0] * x1 - f[1] * x0));
    }
  }

  /** block (n × m) = J_pos,iᵀ (W K)[0:3] + J_rot,iᵀ (W K)[3:6] of marker i of S, with K (12 × m). */
  private blockOf(S: MarkerKinematics, i: number, n: number, withTorque: boolean, K: Float64Array, m: number): void {
    const W = this.W, M = this.M, rows = withTorque ? 6 : 3;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < m; c++) {
        let sum = 0;
        for (let k = 0; k < 12; k++) { const w = W[12 * r + k]; if (w !== 0) sum += w * K[k * m + c]; }
        M[r * m + c] = sum;
      }
    }
    S.ensureJacobians(i);
    const at = 3 * S.start[i], Jp = S.positionJacobian, Jr = S.rotationJacobian, out = this.block;
    for (let r = 0; r < n; r++) {
      const p0 = Jp[at + r], p1 = Jp[at + n + r], p2 = Jp[at + 2 * n + r];
      const r0 = Jr[at + r], r1 = Jr[at + n + r], r2 = Jr[at + 2 * n + r];
      for (let c = 0; c < m; c++) {
        let v = p0 * M[c] + p1 * M[m + c] + p2 * M[2 * m + c];
        if (withTorque) v += r0 * M[3 * m + c] + r1 * M[4 * m + c] + r2 * M[5 * m + c];
        out[r * m + c] = v;
      }
    }
  }
}

/** target += block (n × m row-major) at rows = global indices of marker i of S, columns = those of marker j of O. */
function scatter(target: GlobalMatrixAccumulator, block: Float64Array, S: MarkerKinematics, i: number, n: number, O: MarkerKinematics, j: number, m: number): void {
  addGlobalBlock(target, S.ltg, S.start[i], O.ltg, O.start[j], n, m, block, 0, m, 1, 1);
}
