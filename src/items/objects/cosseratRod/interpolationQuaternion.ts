/**
 * Quaternion interpolation of the Cosserat rod element (CardiLLo's "Quaternion" rod, after Harsch, Capobianco and
 * Eugster): the normalized nodal quaternions P̂_i = P_i/|P_i| and the positions are interpolated by the Lagrange
 * polynomials, Q = Σ N_i P̂_i, r = Σ N_i r_i, and the cross-section orientation is A = A(Q) — orthonormal everywhere.
 * With s = 2/|Q|², Ḡ(X) = [−x, x₀I − x̃] (3×4; H(Q) = sḠ(Q) maps Q̇ to the body-fixed angular velocity):
 * γ̄ = Aᵀr_ξ, κ̄ = sḠ(Q)Q_ξ. The nodal increments A_k ← A_k exp(Δφ̃_k) move P̂_k by D_kΔφ_k with D_k = ½[−p̂ᵀ; p̂₀I + p̂̃]
 * (Ṗ̂_k = D_k ω̄_k likewise), so with Ḡ(X)Y = −Ḡ(Y)X and T_k = sḠ(Q)D_k (the section's rotation per Δφ_k):
 * ∂γ̄/∂Δr_k = N_k'Aᵀ, ∂γ̄/∂Δφ_k = N_k γ̄̃ T_k, ∂κ̄/∂Δφ_k = s[N_k'Ḡ(Q) − N_kḠ(Q_ξ) − N_k κ̄Qᵀ]D_k.
 * Virtual rotations and angular velocities are the Petrov–Galerkin ones of every interpolation, body-fixed Σ N_i ω̄_i
 * (globally A Σ N_i ω̄_i). The nodal quaternions' signs are made continuous along the rod once, in the reference
 * configuration (A(P) = A(−P); a sign flip between neighbours would make Q pass through zero).
 * @module
 */

import type { ItemState, NodeModel } from '../../../registry/capabilities.ts';
import { quaternionRateMatrixInto, quaternionRatesInto, quaternionRotationMatrixInto } from '../../../rotations/quaternion.ts';
import { addSkewMulInto, skewInto } from '../../../rotations/skew.ts';
import { addBlock } from './kernels.ts';
import {
  gatherNodalAngularVelocities, lagrangeReferenceSpeed, lagrangePositionInto, lagrangePositionJacobian, lagrangeSubtractReferencePosition, lagrangeVelocityInto, minusRotationTimesSkewInto, type RodInterpolation,
} from './interpolation.ts';
import { SectionStrains } from './sectionLaw.ts';

/** out(3×3) = c·Ḡ(X)·D + (add ? out : 0) for X = x[o..o+3] and D 4×3 row-major; Ḡ(X) = [−x, x₀I − x̃]. */
function barGTimes(out: Float64Array, x: ArrayLike<number>, o: number, d: ArrayLike<number>, c: number, add: boolean): void {
  const x0 = x[o], x1 = x[o + 1], x2 = x[o + 2], x3 = x[o + 3];
  for (let col = 0; col < 3; col++) {
    const d0 = d[col], d1 = d[3 + col], d2 = d[6 + col], d3 = d[9 + col];
    const r0 = -x1 * d0 + x0 * d1 + x3 * d2 - x2 * d3;
    const r1 = -x2 * d0 - x3 * d1 + x0 * d2 + x1 * d3;
    const r2 = -x3 * d0 + x2 * d1 - x1 * d2 + x0 * d3;
    if (add) { out[col] += c * r0; out[3 + col] += c * r1; out[6 + col] += c * r2; } else { out[col] = c * r0; out[3 + col] = c * r1; out[6 + col] = c * r2; }
  }
}

/** out(3) = Ḡ(X)·Y for 4-vectors X = x[ox..], Y = y[oy..]. */
function barGVector(out: Float64Array, x: ArrayLike<number>, ox: number, y: ArrayLike<number>, oy: number): void {
  const x0 = x[ox], x1 = x[ox + 1], x2 = x[ox + 2], x3 = x[ox + 3];
  const y0 = y[oy], y1 = y[oy + 1], y2 = y[oy + 2], y3 = y[oy + 3];
  out[0] = -x1 * y0 + x0 * y1 + x3 * y2 - x2 * y3;
  out[1] = -x2 * y0 - x3 * y1 + x0 * y2 + x1 * y3;
  out[2] = -x3 * y0 + x2 * y1 - x1 * y2 + x0 * y3;
}

/** out(3) = Xᵀ D (a row: X 4-vector, D 4×3 row-major). */
function quaternionTimes(out: Float64Array, x: ArrayLike<number>, d: ArrayLike<number>): void {
  for (let col = 0; col < 3; col++) out[col] = x[0] * d[col] + x[1] * d[3 + col] + x[2] * d[6 + col] + x[3] * d[9 + col];
}

/** out(3×3) += c·a bᵀ. */
function addOuter(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, c: number): void {
  for (let r = 0; r < 3; r++) for (let col = 0; col < 3; col++) out[3 * r + col] += c * a[r] * b[col];
}

/** Nodal data, the section at one point and the derivative blocks of one node there; element e uses nodes p·e … p·e + p. */
export class QuaternionInterpolation implements RodInterpolation {
  private nodes: readonly NodeModel[] = [];
  /** ±1 per node: the sign that makes the reference quaternions continuous along the rod. */
  private readonly signs: Float64Array;
  readonly rRef: Float64Array;
  /** Lagrange basis scratch of referenceSpeed. */
  private readonly basisN: Float64Array;
  private readonly basisDN: Float64Array;
  /** Normalized reference quaternions (signs applied), 4 per node. */
  private readonly pRef: Float64Array;
  /** Current positions r_i and normalized quaternions P̂_i (signs applied), gathered. */
  private readonly r: Float64Array;
  private readonly pHat: Float64Array;
  /** Velocities v_i, ω̄_i and the quaternion rates Ṗ̂_i = D_i ω̄_i (gathered with velocities). */
  private readonly v: Float64Array;
  readonly w: Float64Array;
  private readonly pDot: Float64Array;

  // the section at one point
  readonly rXi = new Float64Array(3);
  readonly aMat = new Float64Array(9);
  readonly strains = new SectionStrains();
  /** Q, Q_ξ, Q̇, Q̇_ξ (4 each), s = 2/|Q|², v_ξ, the section's body-fixed angular velocity ω_A = sḠ(Q)Q̇ and Aᵀv_ξ. */
  private readonly quat = new Float64Array(4);
  private readonly quatXi = new Float64Array(4);
  private readonly quatDot = new Float64Array(4);
  private readonly quatDotXi = new Float64Array(4);
  private scale = 0;
  private readonly vXi = new Float64Array(3);
  private readonly omegaA = new Float64Array(3);
  private readonly aTvXi = new Float64Array(3);

  // derivative blocks of one node k at the section
  readonly gr = new Float64Array(9);
  readonly gp = new Float64Array(9);
  readonly kp = new Float64Array(9);
  readonly gdr = new Float64Array(9);
  readonly gdp = new Float64Array(9);
  readonly kdp = new Float64Array(9);
  /** D_k (4×3), E_k = ∂(D_k ω̄_k)/∂Δφ_k (4×3), T_k = sḠ(Q)D_k, QᵀD_k of the node of the last strainDerivatives, and N_k. */
  private readonly dk = new Float64Array(12);
  private readonly ek = new Float64Array(12);
  private readonly tk = new Float64Array(9);
  private readonly qD = new Float64Array(3);
  private nk = 0;
  /** Scratch. */
  private readonly work9 = new Float64Array(9);
  private readonly work9b = new Float64Array(9);
  private readonly work3 = new Float64Array(3);
  private readonly work3b = new Float64Array(3);
  private readonly work4 = new Float64Array(4);
  private readonly column = new Float64Array(4);

  constructor(readonly p: number, readonly nNodes: number) {
    const n = nNodes;
    this.signs = new Float64Array(n);
    this.rRef = new Float64Array(3 * n);
    this.basisN = new Float64Array(p + 1);
    this.basisDN = new Float64Array(p + 1);
    this.pRef = new Float64Array(4 * n);
    this.r = new Float64Array(3 * n);
    this.pHat = new Float64Array(4 * n);
    this.v = new Float64Array(3 * n);
    this.w = new Float64Array(3 * n);
    this.pDot = new Float64Array(4 * n);
  }

  /** Binds the rod nodes: reference positions, sign-continuous normalized reference quaternions (nonzero: checked by the caller). */
  bindNodes(nodes: readonly NodeModel[]): void {
    this.nodes = nodes;
    nodes.forEach((node, g) => {
      const ref = node.referenceCoordinates;
      for (let d = 0; d < 3; d++) this.rRef[3 * g + d] = ref[d];
      const length = Math.hypot(ref[3], ref[4], ref[5], ref[6]);
      let dot = 0;
      for (let d = 0; d < 4; d++) {
        this.pRef[4 * g + d] = ref[3 + d] / length;
        if (g > 0) dot += this.pRef[4 * g + d] * this.pRef[4 * g - 4 + d];
      }
      this.signs[g] = dot < 0 ? -1 : 1;
      for (let d = 0; d < 4; d++) this.pRef[4 * g + d] *= this.signs[g];
    });
  }

  /** P̂_g = sign_g P_g/|P_g| of rod node g in the state into out[o..o+3]. */
  private nodeQuaternionInto(s: ItemState, g: number, out: Float64Array, o: number): void {
    const node = this.nodes[g], ref = node.referenceCoordinates, q = s.q, i = node.qIndex + 3;
    const p0 = ref[3] + q[i], p1 = ref[4] + q[i + 1], p2 = ref[5] + q[i + 2], p3 = ref[6] + q[i + 3];
    const c = this.signs[g] / Math.sqrt(p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3);
    out[o] = c * p0; out[o + 1] = c * p1; out[o + 2] = c * p2; out[o + 3] = c * p3;
  }

  /** r_i, P̂_i (and v_i, ω̄_i, Ṗ̂_i with velocities) of all nodes from the state. */
  gather(s: ItemState, withVelocities: boolean): void {
    const q = s.q, u = s.u, r = this.r, v = this.v, w = this.w;
    for (let g = 0; g < this.nNodes; g++) {
      const node = this.nodes[g], ref = node.referenceCoordinates, i = node.qIndex;
      r[3 * g] = ref[0] + q[i]; r[3 * g + 1] = ref[1] + q[i + 1]; r[3 * g + 2] = ref[2] + q[i + 2];
      this.nodeQuaternionInto(s, g, this.pHat, 4 * g);
      if (withVelocities) {
        const j = node.uIndex;
        v[3 * g] = u[j]; v[3 * g + 1] = u[j + 1]; v[3 * g + 2] = u[j + 2];
        w[3 * g] = u[j + 3]; w[3 * g + 1] = u[j + 4]; w[3 * g + 2] = u[j + 5];
        quaternionRatesInto(this.pDot, 4 * g, this.pHat, 4 * g, w, 3 * g);
      }
    }
  }

  /** |r⁰_η| of the Lagrange reference centerline. */
  referenceSpeed(e: number, eta: number): number {
    return lagrangeReferenceSpeed(this.rRef, this.p, e, eta, this.basisN, this.basisDN);
  }

  /** Only the nodal ω̄_i. */
  gatherAngularVelocities(s: ItemState): void {
    gatherNodalAngularVelocities(this.nodes, s, this.w);
  }

  /** r_ξ = Σ N_i' r_i, Q = Σ N_i P̂_i, Q_ξ = Σ N_i' P̂_i, A = A(Q), γ̄ = Aᵀr_ξ, κ̄ = sḠ(Q)Q_ξ (current or reference). */
  section(e: number, nv: Float64Array, dnv: Float64Array, o: number, reference: boolean): void {
    const p = this.p, rXi = this.rXi, Q = this.quat, QXi = this.quatXi, A = this.aMat;
    const r = reference ? this.rRef : this.r, P = reference ? this.pRef : this.pHat;
    rXi.fill(0); Q.fill(0); QXi.fill(0);
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, ni = nv[o + i], dni = dnv[o + i];
      rXi[0] += dni * r[3 * g]; rXi[1] += dni * r[3 * g + 1]; rXi[2] += dni * r[3 * g + 2];
      for (let d = 0; d < 4; d++) { Q[d] += ni * P[4 * g + d]; QXi[d] += dni * P[4 * g + d]; }
    }
    quaternionRotationMatrixInto(A, Q);
    this.scale = 2 / (Q[0] * Q[0] + Q[1] * Q[1] + Q[2] * Q[2] + Q[3] * Q[3]);
    const gb = this.strains.gammaBar, kb = this.strains.kappaBar;
    gb[0] = A[0] * rXi[0] + A[3] * rXi[1] + A[6] * rXi[2];
    gb[1] = A[1] * rXi[0] + A[4] * rXi[1] + A[7] * rXi[2];
    gb[2] = A[2] * rXi[0] + A[5] * rXi[1] + A[8] * rXi[2];
    barGVector(kb, Q, 0, QXi, 0);
    for (let d = 0; d < 3; d++) kb[d] *= this.scale;
  }

  /**
   * Rates at the current section: Q̇ = Σ N_i Ṗ̂_i, Q̇_ξ = Σ N_i' Ṗ̂_i, v_ξ, ω_A = sḠ(Q)Q̇, γ̄̇ = γ̄ × ω_A + Aᵀv_ξ,
   * κ̄̇ = s[Ḡ(Q)Q̇_ξ − Ḡ(Q_ξ)Q̇ − (QᵀQ̇)κ̄].
   */
  sectionRates(e: number, nv: Float64Array, dnv: Float64Array, o: number): void {
    const p = this.p, Qd = this.quatDot, QdXi = this.quatDotXi, vXi = this.vXi, v = this.v, A = this.aMat, Q = this.quat, s = this.scale;
    Qd.fill(0); QdXi.fill(0); vXi.fill(0);
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, ni = nv[o + i], dni = dnv[o + i];
      vXi[0] += dni * v[3 * g]; vXi[1] += dni * v[3 * g + 1]; vXi[2] += dni * v[3 * g + 2];
      for (let d = 0; d < 4; d++) { Qd[d] += ni * this.pDot[4 * g + d]; QdXi[d] += dni * this.pDot[4 * g + d]; }
    }
    const om = this.omegaA, atv = this.aTvXi, gb = this.strains.gammaBar, kb = this.strains.kappaBar;
    barGVector(om, Q, 0, Qd, 0);
    for (let d = 0; d < 3; d++) om[d] *= s;
    for (let d = 0; d < 3; d++) atv[d] = A[d] * vXi[0] + A[3 + d] * vXi[1] + A[6 + d] * vXi[2];
    const gd = this.strains.gammaBarDot;
    gd[0] = gb[1] * om[2] - gb[2] * om[1] + atv[0];
    gd[1] = gb[2] * om[0] - gb[0] * om[2] + atv[1];
    gd[2] = gb[0] * om[1] - gb[1] * om[0] + atv[2];
    const kd = this.strains.kappaBarDot, t = this.work3;
    barGVector(kd, Q, 0, QdXi, 0);
    barGVector(t, this.quatXi, 0, Qd, 0);
    const qqd = Q[0] * Qd[0] + Q[1] * Qd[1] + Q[2] * Qd[2] + Q[3] * Qd[3];
    for (let d = 0; d < 3; d++) kd[d] = s * (kd[d] - t[d] - qqd * kb[d]);
  }

  /** gr = N_k'Aᵀ, gp = N_k γ̄̃ T_k, kp = s[N_k'Ḡ(Q) − N_kḠ(Q_ξ) − N_k κ̄Qᵀ]D_k for node g; keeps D_k, T_k, QᵀD_k. */
  strainDerivatives(g: number, nv: Float64Array, dnv: Float64Array, i: number): void {
    const nk = nv[i], dnk = dnv[i], s = this.scale, A = this.aMat, gr = this.gr, gp = this.gp, kp = this.kp;
    this.nk = nk;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) gr[3 * r + c] = dnk * A[3 * c + r];
    quaternionRateMatrixInto(this.dk, this.pHat, 4 * g);
    barGTimes(this.tk, this.quat, 0, this.dk, s, false);
    quaternionTimes(this.qD, this.quat, this.dk);
    gp.fill(0);
    addSkewMulInto(gp, this.strains.gammaBar, this.tk, nk);
    for (let c = 0; c < 9; c++) kp[c] = dnk * this.tk[c];
    barGTimes(kp, this.quatXi, 0, this.dk, -s * nk, true);
    addOuter(kp, this.strains.kappaBar, this.qD, -s * nk);
  }

  /**
   * After strainDerivatives of node g and the rates: with E_k = ∂(D_kω̄_k)/∂Δφ_k (columns ½(D_k e_j) ⊗ (0, ω̄_k)) and
   * W_k = ∂ω_A/∂Δφ_k / N_k = s[−Ḡ(Q̇)D_k + Ḡ(Q)E_k − ω_A QᵀD_k]: gdr = −N_k' ω̃_A Aᵀ,
   * gdp = −ω̃_A gp + N_k(γ̄̃ W_k + (Aᵀv_ξ)~ T_k), kdp = s[N_k'(Ḡ(Q)E_k + Ḡ(Q̇)D_k) − N_k(Ḡ(Q̇_ξ)D_k + Ḡ(Q_ξ)E_k)
   * − N_k κ̄(Q̇ᵀD_k + QᵀE_k) − N_k κ̄̇ QᵀD_k − (QᵀQ̇) kp/s].
   */
  strainRateDerivatives(g: number, nv: Float64Array, dnv: Float64Array, i: number): void {
    const nk = nv[i], dnk = dnv[i], s = this.scale, A = this.aMat, om = this.omegaA, Q = this.quat, Qd = this.quatDot;
    const gdr = this.gdr, gdp = this.gdp, kdp = this.kdp, dk = this.dk, ek = this.ek, col = this.column, work = this.work9;
    // E_k column j: ½ (D_k e_j) ⊗ (0, ω̄_k)
    for (let j = 0; j < 3; j++) {
      for (let d = 0; d < 4; d++) col[d] = dk[3 * d + j];
      quaternionRatesInto(this.work4, 0, col, 0, this.w, 3 * g);
      for (let d = 0; d < 4; d++) ek[3 * d + j] = this.work4[d];
    }
    // gdr = −N_k' ω̃_A Aᵀ
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) work[3 * r + c] = A[3 * c + r];
    gdr.fill(0);
    addSkewMulInto(gdr, om, work, -dnk);
    // W_k into work
    barGTimes(work, Qd, 0, dk, -s, false);
    barGTimes(work, Q, 0, ek, s, true);
    addOuter(work, om, this.qD, -s);
    gdp.fill(0);
    addSkewMulInto(gdp, om, this.gp, -1);
    addSkewMulInto(gdp, this.strains.gammaBar, work, nk);
    addSkewMulInto(gdp, this.aTvXi, this.tk, nk);
    // kdp
    barGTimes(kdp, Q, 0, ek, s * dnk, false);
    barGTimes(kdp, Qd, 0, dk, s * dnk, true);
    barGTimes(kdp, this.quatDotXi, 0, dk, -s * nk, true);
    barGTimes(kdp, this.quatXi, 0, ek, -s * nk, true);
    const t = this.work3b;
    quaternionTimes(t, Qd, dk);
    quaternionTimes(this.work3, Q, ek);
    for (let d = 0; d < 3; d++) t[d] += this.work3[d];
    addOuter(kdp, this.strains.kappaBar, t, -s * nk);
    addOuter(kdp, this.strains.kappaBarDot, this.qD, -s * nk);
    const qqd = Q[0] * Qd[0] + Q[1] * Qd[1] + Q[2] * Qd[2] + Q[3] * Qd[3];
    for (let c = 0; c < 9; c++) kdp[c] -= s * qqd * this.kp[c];
  }

  /** After strainDerivatives of node g: out += ∂(A x)/∂Δφ_k = −N_k A x̃ T_k. */
  addRotationDerivativeTimes(_g: number, x: Float64Array, out: Float64Array): void {
    const xt = this.work9, A = this.aMat, nk = this.nk;
    xt.fill(0);
    addSkewMulInto(xt, x, this.tk, 1);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) out[3 * r + c] -= nk * (A[3 * r] * xt[c] + A[3 * r + 1] * xt[3 + c] + A[3 * r + 2] * xt[6 + c]);
    }
  }

  // ---------------------------------------------------------------------------------------
  // A point of element e with the shape values nv (N_i at the point): the body kinematics

  position(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    lagrangePositionInto(this.nodes, this.p, s, e, nv, out);
  }

  subtractReferencePosition(e: number, nv: Float64Array, out: Float64Array): void {
    lagrangeSubtractReferencePosition(this.rRef, this.p, e, nv, out);
  }

  velocity(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 0, out);
  }

  positionJacobian(nv: Float64Array, out: Float64Array): void {
    lagrangePositionJacobian(this.p, nv, out);
  }

  /** Q = Σ N_i P̂_i of the point from the state into this.quat. */
  private pointQuaternion(s: ItemState, e: number, nv: Float64Array): Float64Array {
    const Q = this.quat, P = this.work4;
    Q.fill(0);
    for (let i = 0; i <= this.p; i++) {
      this.nodeQuaternionInto(s, this.p * e + i, P, 0);
      for (let d = 0; d < 4; d++) Q[d] += nv[i] * P[d];
    }
    return Q;
  }

  /** A(Σ N_i P̂_i), orthonormal. */
  orientation(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    quaternionRotationMatrixInto(out, this.pointQuaternion(s, e, nv));
  }

  /** ω = A Σ N_i ω̄_i (= rotationJacobian · u). */
  angularVelocity(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    const A = quaternionRotationMatrixInto(this.work9, this.pointQuaternion(s, e, nv)), w = this.work3;
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 3, w);
    for (let r = 0; r < 3; r++) out[r] = A[3 * r] * w[0] + A[3 * r + 1] * w[1] + A[3 * r + 2] * w[2];
  }

  /** Σ N_i ω̄_i, the Petrov–Galerkin body-fixed angular velocity field. */
  angularVelocityLocal(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 3, out);
  }

  /** Blocks N_i A on the ω̄_i columns (3 × 6(p + 1)). */
  rotationJacobian(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    const p = this.p, n = 6 * (p + 1), A = quaternionRotationMatrixInto(this.work9, this.pointQuaternion(s, e, nv));
    out.fill(0, 0, 3 * n);
    for (let i = 0; i <= p; i++) {
      const col = 6 * i + 3, ni = nv[i];
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * n + col + c] = ni * A[3 * r + c];
    }
  }

  /**
   * factor·∂(J_rotᵀτ)/∂Δq: J_rotᵀτ = N_i Aᵀτ on φ_i, δ(Aᵀτ) = (Aᵀτ)~ δθ with δθ = N_k T_k Δφ_k, so the blocks
   * (φ_i, φ_k) get N_i N_k (Aᵀτ)~ T_k.
   */
  addRotationJacobianTransposed_q(s: ItemState, e: number, nv: Float64Array, torque: ArrayLike<number>, k: Float64Array, factor: number): void {
    const p = this.p, n = 6 * (p + 1), Q = this.pointQuaternion(s, e, nv), A = quaternionRotationMatrixInto(this.work9, Q);
    const at = this.work3, block = this.work9b, tk = this.tk;
    const scale = 2 / (Q[0] * Q[0] + Q[1] * Q[1] + Q[2] * Q[2] + Q[3] * Q[3]);
    for (let d = 0; d < 3; d++) at[d] = A[d] * torque[0] + A[3 + d] * torque[1] + A[6 + d] * torque[2];
    for (let kk = 0; kk <= p; kk++) {
      this.sectionRotationPerIncrement(s, e, kk, Q, scale);
      block.fill(0);
      addSkewMulInto(block, at, tk, 1);
      for (let i = 0; i <= p; i++) addBlock(k, n, 6 * i + 3, 6 * kk + 3, block, factor * nv[i] * nv[kk]);
    }
  }

  /** this.tk = T_k = sḠ(Q)D_k, the rotation of the section at Q per increment Δφ_k of node kk of element e (s = 2/|Q|²). */
  private sectionRotationPerIncrement(s: ItemState, e: number, kk: number, Q: Float64Array, scale: number): void {
    this.nodeQuaternionInto(s, this.p * e + kk, this.column, 0);
    quaternionRateMatrixInto(this.dk, this.column);
    barGTimes(this.tk, Q, 0, this.dk, scale, false);
  }

  /**
   * ∂ω/∂Δq at fixed u (3 × 6(p + 1)): ω = A x with x = Σ N_i ω̄_i fixed, δA = A δθ̃ with δθ = Σ N_k T_k Δφ_k, so the
   * φ_k columns get −N_k A x̃ T_k.
   */
  angularVelocity_q(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    const p = this.p, n = 6 * (p + 1), Q = this.pointQuaternion(s, e, nv), A = quaternionRotationMatrixInto(this.work9, Q);
    const x = this.work3, ax = this.work9b, tk = this.tk;
    const scale = 2 / (Q[0] * Q[0] + Q[1] * Q[1] + Q[2] * Q[2] + Q[3] * Q[3]);
    lagrangeVelocityInto(this.nodes, p, s, e, nv, 3, x);
    minusRotationTimesSkewInto(ax, A, x);
    out.fill(0, 0, 3 * n);
    for (let kk = 0; kk <= p; kk++) {
      this.sectionRotationPerIncrement(s, e, kk, Q, scale);
      const col = 6 * kk + 3, nk = nv[kk];
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) out[r * n + col + c] = nk * (ax[3 * r] * tk[c] + ax[3 * r + 1] * tk[3 + c] + ax[3 * r + 2] * tk[6 + c]);
      }
    }
  }
}
