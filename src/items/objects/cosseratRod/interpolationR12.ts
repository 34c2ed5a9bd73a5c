/**
 * R12 interpolation of the Cosserat rod element (seed 000): nodal rotations from non-unit quaternions (eq. 5), the
 * ansatz r = Σ N_i r_i, A = Σ N_i A(P_i) (eq. 6), the strains γ̄ = Aᵀr_ξ and κ̄ = j⁻¹(Skw(AᵀA_ξ)) (before eq. 1 and
 * eq. 7), their rates from the nodal velocities (eq. 9), their derivatives with respect to the solver increments
 * (Δr_k, body-fixed Δφ_k with A_k ← A_k exp(Δφ̃_k)), and the kinematics of a point of the rod. Another interpolation
 * (interpolated quaternions, SE(3)) provides the same members in a file of its own.
 * @module
 */

import type { ItemState, NodeModel } from '../../../registry/capabilities.ts';
import { quaternionRotationMatrixInto } from '../../../rotations/quaternion.ts';
import { mat3MulInto, mat3TransposeMulInto, skewInto } from '../../../rotations/skew.ts';
import { addBlock, addProduct, addSkewSandwichInto, addTraceMinusInto } from './kernels.ts';
import { gatherNodalAngularVelocities, lagrangeReferenceSpeed, lagrangePositionInto, lagrangePositionJacobian, lagrangeSubtractReferencePosition, lagrangeVelocityInto, type RodInterpolation } from './interpolation.ts';
import { SectionStrains } from './sectionLaw.ts';

/** Indices into {@link R12Interpolation.scales}: N_k, N_k', −N_k, ½N_k', −½N_k. */
const N = 0, DN = 1, MINUS_N = 2, HALF_DN = 3, MINUS_HALF_N = 4;

/** Nodal data, the section at one point and the derivative blocks of one node there; element e uses nodes p·e … p·e + p. */
export class R12Interpolation implements RodInterpolation {
  /** Rod nodes in order (set by {@link R12Interpolation.bindNodes}). */
  private nodes: readonly NodeModel[] = [];
  /** Reference positions r⁰_i, 3 per node. */
  readonly rRef: Float64Array;
  /** Lagrange basis scratch of referenceSpeed. */
  private readonly basisN: Float64Array;
  private readonly basisDN: Float64Array;
  /** Reference rotations A(P⁰_i), 9 per node (row-major). */
  private readonly aRef: Float64Array;
  /** Current positions r_i (gathered). */
  private readonly r: Float64Array;
  /** Current rotations A_i (gathered). */
  private readonly a: Float64Array;
  /** Centerline velocities v_i (gathered with velocities). */
  private readonly v: Float64Array;
  /** Body-fixed angular velocities ω̄_i (gathered with velocities). */
  readonly w: Float64Array;
  /** A_i ω̃_i = Ȧ_i per node (gathered with velocities). */
  private readonly aw: Float64Array;
  /** Views of a, aw and aRef per node. */
  private aViews: Float64Array[] = [];
  private awViews: Float64Array[] = [];
  private aRefViews: Float64Array[] = [];
  private readonly quaternion = new Float64Array(4);

  // the section at one point
  /** r_ξ. */
  readonly rXi = new Float64Array(3);
  /** A. */
  readonly aMat = new Float64Array(9);
  /** A_ξ. */
  private readonly aXi = new Float64Array(9);
  /** v_ξ (with rates). */
  private readonly vXi = new Float64Array(3);
  /** Ȧ (with rates). */
  private readonly aDot = new Float64Array(9);
  /** Ȧ_ξ (with rates). */
  private readonly aDotXi = new Float64Array(9);
  /** γ̄, κ̄ and rates of the point, with its reference data (set by the kernels). */
  readonly strains = new SectionStrains();
  /** Scratch 3×3 matrices and 3-vectors. */
  private readonly work9 = new Float64Array(9);
  private readonly work9b = new Float64Array(9);
  private readonly work3 = new Float64Array(3);
  private readonly work3b = new Float64Array(3);

  // derivative blocks of one node k at the section
  /** Γ_k on Δr_k: N_k' Aᵀ. */
  readonly gr = new Float64Array(9);
  /** Γ_k on Δφ_k: N_k (A_kᵀ r_ξ)~. */
  readonly gp = new Float64Array(9);
  /** K_k on Δφ_k: ½[N_k'(tr C_k − C_kᵀ) − N_k(tr B_k − B_k)]. */
  readonly kp = new Float64Array(9);
  /** ∂γ̄̇/∂Δr_k, ∂γ̄̇/∂Δφ_k, ∂κ̄̇/∂Δφ_k. */
  readonly gdr = new Float64Array(9);
  readonly gdp = new Float64Array(9);
  readonly kdp = new Float64Array(9);
  /** C_k = AᵀA_k, B_k = A_kᵀA_ξ, ω̃_k. */
  private readonly cMat = new Float64Array(9);
  private readonly bMat = new Float64Array(9);
  private readonly omegaSkew = new Float64Array(9);
  /** A_kᵀ r_ξ of the node of the last {@link R12Interpolation.strainDerivatives}. */
  private readonly arXi = new Float64Array(3);
  /**
   * Shape-function coefficients of node k at one point for the 3×3 kernels, indexed by N, DN, MINUS_N, HALF_DN,
   * MINUS_HALF_N (from an array: a call that is not inlined passes no boxed double).
   */
  private readonly scales = new Float64Array(5);

  constructor(readonly p: number, readonly nNodes: number) {
    const n = nNodes;
    this.rRef = new Float64Array(3 * n);
    this.basisN = new Float64Array(p + 1);
    this.basisDN = new Float64Array(p + 1);
    this.aRef = new Float64Array(9 * n);
    this.r = new Float64Array(3 * n);
    this.a = new Float64Array(9 * n);
    this.v = new Float64Array(3 * n);
    this.w = new Float64Array(3 * n);
    this.aw = new Float64Array(9 * n);
  }

  /** Binds the rod nodes: per-node views and the reference r⁰_i, A(P⁰_i) (eq. 5; quaternions checked nonzero by the caller). */
  bindNodes(nodes: readonly NodeModel[]): void {
    this.nodes = nodes;
    this.aViews = nodes.map((_, g) => this.a.subarray(9 * g, 9 * g + 9));
    this.awViews = nodes.map((_, g) => this.aw.subarray(9 * g, 9 * g + 9));
    this.aRefViews = nodes.map((_, g) => this.aRef.subarray(9 * g, 9 * g + 9));
    nodes.forEach((node, g) => {
      const ref = node.referenceCoordinates;
      this.rRef[3 * g] = ref[0]; this.rRef[3 * g + 1] = ref[1]; this.rRef[3 * g + 2] = ref[2];
      quaternionRotationMatrixInto(this.aRefViews[g], ref, 3);
    });
  }

  /** Total r_i and A_i (and v_i, ω̄_i, A_i ω̃_i with velocities) of all nodes from the state. */
  gather(s: ItemState, withVelocities: boolean): void {
    const q = s.q, u = s.u, P = this.quaternion, r = this.r, v = this.v, w = this.w;
    for (let g = 0; g < this.nNodes; g++) {
      const node = this.nodes[g], ref = node.referenceCoordinates, i = node.qIndex;
      r[3 * g] = ref[0] + q[i]; r[3 * g + 1] = ref[1] + q[i + 1]; r[3 * g + 2] = ref[2] + q[i + 2];
      P[0] = ref[3] + q[i + 3]; P[1] = ref[4] + q[i + 4]; P[2] = ref[5] + q[i + 5]; P[3] = ref[6] + q[i + 6];
      quaternionRotationMatrixInto(this.aViews[g], P);
      if (withVelocities) {
        const j = node.uIndex;
        v[3 * g] = u[j]; v[3 * g + 1] = u[j + 1]; v[3 * g + 2] = u[j + 2];
        w[3 * g] = u[j + 3]; w[3 * g + 1] = u[j + 4]; w[3 * g + 2] = u[j + 5];
        skewInto(this.work9, w, 3 * g);
        mat3MulInto(this.awViews[g], this.aViews[g], this.work9);
      }
    }
  }

  /** |r⁰_η| of the Lagrange reference centerline. */
  referenceSpeed(e: number, eta: number): number {
    return lagrangeReferenceSpeed(this.rRef, this.p, e, eta, this.basisN, this.basisDN);
  }

  /** Only the nodal ω̄_i (all the gyroscopic Jacobian needs; without damping the u-Jacobian uses nothing else). */
  gatherAngularVelocities(s: ItemState): void {
    gatherNodalAngularVelocities(this.nodes, s, this.w);
  }

  /**
   * The section at one point of element e (shape values nv, ξ-derivatives dnv at offset o), current (gathered) or
   * reference configuration: r_ξ = Σ N_i' r_i, A = Σ N_i A_i, A_ξ = Σ N_i' A_i (eq. 6), γ̄ = Aᵀ r_ξ, κ̄ = j⁻¹(Skw(AᵀA_ξ)) (eq. 7).
   */
  section(e: number, nv: Float64Array, dnv: Float64Array, o: number, reference: boolean): void {
    const p = this.p, rXi = this.rXi, A = this.aMat, AXi = this.aXi;
    const r = reference ? this.rRef : this.r, a = reference ? this.aRefViews : this.aViews;
    rXi[0] = 0; rXi[1] = 0; rXi[2] = 0;
    for (let k = 0; k < 9; k++) { A[k] = 0; AXi[k] = 0; }
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, ni = nv[o + i], dni = dnv[o + i], ai = a[g];
      rXi[0] += dni * r[3 * g]; rXi[1] += dni * r[3 * g + 1]; rXi[2] += dni * r[3 * g + 2];
      for (let k = 0; k < 9; k++) { A[k] += ni * ai[k]; AXi[k] += dni * ai[k]; }
    }
    const gb = this.strains.gammaBar, kb = this.strains.kappaBar;
    gb[0] = A[0] * rXi[0] + A[3] * rXi[1] + A[6] * rXi[2];
    gb[1] = A[1] * rXi[0] + A[4] * rXi[1] + A[7] * rXi[2];
    gb[2] = A[2] * rXi[0] + A[5] * rXi[1] + A[8] * rXi[2];
    const m = mat3TransposeMulInto(this.work9, A, AXi);
    kb[0] = 0.5 * (m[7] - m[5]); kb[1] = 0.5 * (m[2] - m[6]); kb[2] = 0.5 * (m[3] - m[1]);
  }

  /** Rates at the current section (after section and gather with velocities): v_ξ, Ȧ, Ȧ_ξ, γ̄̇ = Ȧᵀr_ξ + Aᵀv_ξ, κ̄̇ = j⁻¹(Skw(ȦᵀA_ξ + AᵀȦ_ξ)). */
  sectionRates(e: number, nv: Float64Array, dnv: Float64Array, o: number): void {
    const p = this.p, vXi = this.vXi, Ad = this.aDot, AdXi = this.aDotXi, v = this.v, A = this.aMat, rXi = this.rXi;
    vXi[0] = 0; vXi[1] = 0; vXi[2] = 0;
    for (let k = 0; k < 9; k++) { Ad[k] = 0; AdXi[k] = 0; }
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, ni = nv[o + i], dni = dnv[o + i], awi = this.awViews[g];
      vXi[0] += dni * v[3 * g]; vXi[1] += dni * v[3 * g + 1]; vXi[2] += dni * v[3 * g + 2];
      for (let k = 0; k < 9; k++) { Ad[k] += ni * awi[k]; AdXi[k] += dni * awi[k]; }
    }
    const gd = this.strains.gammaBarDot;
    for (let d = 0; d < 3; d++) {
      gd[d] = Ad[d] * rXi[0] + Ad[3 + d] * rXi[1] + Ad[6 + d] * rXi[2] + A[d] * vXi[0] + A[3 + d] * vXi[1] + A[6 + d] * vXi[2];
    }
    const m = mat3TransposeMulInto(this.work9, Ad, this.aXi);
    const m2 = mat3TransposeMulInto(this.work9b, A, AdXi);
    for (let k = 0; k < 9; k++) m[k] += m2[k];
    const kd = this.strains.kappaBarDot;
    kd[0] = 0.5 * (m[7] - m[5]); kd[1] = 0.5 * (m[2] - m[6]); kd[2] = 0.5 * (m[3] - m[1]);
  }

  /**
   * The strain derivatives of node g (shape value nk = nv[i], derivative dnk = dnv[i] at the evaluated section) into gr, gp, kp:
   * Γ_k = ∂γ̄/∂Δ_k = [N_k' Aᵀ | N_k (A_kᵀ r_ξ)~], K_k = ∂κ̄/∂Δφ_k = ½[N_k'(tr C_k − C_kᵀ) − N_k(tr B_k − B_k)],
   * C_k = AᵀA_k, B_k = A_kᵀA_ξ (∂κ̄/∂Δr_k = 0). Sets {@link R12Interpolation.scales} for node k.
   */
  strainDerivatives(g: number, nv: Float64Array, dnv: Float64Array, i: number): void {
    const nk = nv[i], dnk = dnv[i];
    const A = this.aMat, ak = this.aViews[g], gr = this.gr, gp = this.gp, kp = this.kp, scales = this.scales;
    scales[N] = nk; scales[DN] = dnk; scales[MINUS_N] = -nk; scales[HALF_DN] = 0.5 * dnk; scales[MINUS_HALF_N] = -0.5 * nk;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) gr[3 * r + c] = dnk * A[3 * c + r];
    const ar = this.arXi;
    for (let d = 0; d < 3; d++) ar[d] = ak[d] * this.rXi[0] + ak[3 + d] * this.rXi[1] + ak[6 + d] * this.rXi[2];
    skewInto(gp, ar);
    for (let c = 0; c < 9; c++) gp[c] *= nk;
    mat3TransposeMulInto(this.cMat, A, ak);
    mat3TransposeMulInto(this.bMat, ak, this.aXi);
    for (let m = 0; m < 9; m++) kp[m] = 0;
    addTraceMinusInto(kp, this.cMat, true, scales, HALF_DN);
    addTraceMinusInto(kp, this.bMat, false, scales, MINUS_HALF_N);
  }

  /**
   * After {@link R12Interpolation.strainDerivatives} of node g and the section rates (same nv, dnv, i): the rate derivatives into gdr, gdp,
   * kdp: ∂γ̄̇/∂Δr_k = N_k' Ȧᵀ, ∂γ̄̇/∂Δφ_k = N_k[(A_kᵀ v_ξ)~ − ω̃_k (A_kᵀ r_ξ)~],
   * ∂κ̄̇/∂Δφ_k = N_k T(ω̃_k, B_k) + N_k'·½(tr E_k − E_kᵀ) − N_k·½(tr F_k − F_k) + N_k' T(C_k, ω̃_k), E_k = ȦᵀA_k, F_k = A_kᵀȦ_ξ.
   */
  strainRateDerivatives(g: number, nv: Float64Array, dnv: Float64Array, i: number): void {
    const nk = nv[i], dnk = dnv[i];
    const ak = this.aViews[g], gdr = this.gdr, gdp = this.gdp, kdp = this.kdp, omegaSkew = this.omegaSkew, scales = this.scales;
    const aT = this.work9b;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) gdr[3 * r + c] = dnk * this.aDot[3 * c + r];
    const av = this.work3b;
    for (let d = 0; d < 3; d++) av[d] = ak[d] * this.vXi[0] + ak[3 + d] * this.vXi[1] + ak[6 + d] * this.vXi[2];
    skewInto(gdp, av);
    skewInto(omegaSkew, this.w, 3 * g);
    skewInto(aT, this.arXi);
    mat3MulInto(aT, omegaSkew, aT);
    for (let c = 0; c < 9; c++) gdp[c] = nk * (gdp[c] - aT[c]);
    for (let m = 0; m < 9; m++) kdp[m] = 0;
    addSkewSandwichInto(kdp, omegaSkew, this.bMat, scales, N, aT);
    addSkewSandwichInto(kdp, this.cMat, omegaSkew, scales, DN, aT);
    addTraceMinusInto(kdp, mat3TransposeMulInto(aT, this.aDot, ak), true, scales, HALF_DN);
    addTraceMinusInto(kdp, mat3TransposeMulInto(aT, ak, this.aDotXi), false, scales, MINUS_HALF_N);
  }

  /**
   * After {@link R12Interpolation.strainDerivatives} of node g: out += ∂(A x)/∂Δφ_k for a fixed vector x, = −N_k A_k x̃
   * (∂(A x)/∂Δr_k = 0).
   */
  addRotationDerivativeTimes(g: number, x: Float64Array, out: Float64Array): void {
    const xSkew = this.work9b;
    skewInto(xSkew, x);
    addProduct(out, this.aViews[g], xSkew, this.scales, MINUS_N);
  }

  /** A(P_g) of rod node g in the state into out (9 entries). */
  nodeRotationInto(s: ItemState, g: number, out: Float64Array): Float64Array {
    const node = this.nodes[g], ref = node.referenceCoordinates, q = s.q, i = node.qIndex + 3, P = this.quaternion;
    P[0] = ref[3] + q[i]; P[1] = ref[4] + q[i + 1]; P[2] = ref[5] + q[i + 2]; P[3] = ref[6] + q[i + 3];
    return quaternionRotationMatrixInto(out, P);
  }

  // ---------------------------------------------------------------------------------------
  // A point of element e with the shape values nv (N_i at the point): the body kinematics

  /** r = Σ N_i r_i. */
  position(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    lagrangePositionInto(this.nodes, this.p, s, e, nv, out);
  }

  /** r⁰ = Σ N_i r⁰_i subtracted from out (Displacement). */
  subtractReferencePosition(e: number, nv: Float64Array, out: Float64Array): void {
    lagrangeSubtractReferencePosition(this.rRef, this.p, e, nv, out);
  }

  /** v = Σ N_i v_i (eq. 9). */
  velocity(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 0, out);
  }

  /** ∂r/∂u = [N_0 I₃ 0 | … | N_p I₃ 0] on the element's nodes (3 × 6(p + 1)). */
  positionJacobian(nv: Float64Array, out: Float64Array): void {
    lagrangePositionJacobian(this.p, nv, out);
  }

  /** The interpolated A = Σ N_i A(P_i) (orthogonal at the nodes, in between only approximately). */
  orientation(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    const p = this.p, ai = this.work9b;
    out.fill(0, 0, 9);
    for (let i = 0; i <= p; i++) {
      this.nodeRotationInto(s, p * e + i, ai);
      const ni = nv[i];
      for (let k = 0; k < 9; k++) out[k] += ni * ai[k];
    }
  }

  /** ω = Σ N_i A_i ω̄_i, the interpolated global nodal angular velocities (= rotationJacobian · u). */
  angularVelocity(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    const p = this.p, ai = this.work9b, u = s.u;
    out[0] = 0; out[1] = 0; out[2] = 0;
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, j = this.nodes[g].uIndex + 3, ni = nv[i];
      this.nodeRotationInto(s, g, ai);
      for (let r = 0; r < 3; r++) out[r] += ni * (ai[3 * r] * u[j] + ai[3 * r + 1] * u[j + 1] + ai[3 * r + 2] * u[j + 2]);
    }
  }

  /** K_ω = Σ N_i ω̄_i, the body-fixed angular velocity field of the rod (eq. 9). */
  angularVelocityLocal(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 3, out);
  }

  /** Global virtual rotation per velocity coordinate of the element's nodes: blocks N_i A_i on the ω̄_i columns (3 × 6(p + 1)). */
  rotationJacobian(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    const p = this.p, n = 6 * (p + 1), ai = this.work9b;
    out.fill(0, 0, 3 * n);
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, col = 6 * i + 3, ni = nv[i];
      this.nodeRotationInto(s, g, ai);
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * n + col + c] = ni * ai[3 * r + c];
    }
  }

  /**
   * factor·∂(J_rotᵀ τ)/∂Δq for a fixed global torque τ, on the element's nodes (6(p + 1) square, added to k):
   * J_rotᵀτ = N_i A_iᵀτ on φ_i gives the blocks N_i (A_iᵀτ)~ on (φ_i, φ_i).
   */
  addRotationJacobianTransposed_q(s: ItemState, e: number, nv: Float64Array, torque: ArrayLike<number>, k: Float64Array, factor: number): void {
    const p = this.p, n = 6 * (p + 1), ai = this.work9b, at = this.work3, sk = this.work9;
    for (let i = 0; i <= p; i++) {
      this.nodeRotationInto(s, p * e + i, ai);
      for (let d = 0; d < 3; d++) at[d] = ai[d] * torque[0] + ai[3 + d] * torque[1] + ai[6 + d] * torque[2];
      skewInto(sk, at);
      addBlock(k, n, 6 * i + 3, 6 * i + 3, sk, factor * nv[i]);
    }
  }

  /** ∂ω/∂Δq at fixed u (3 × 6(p + 1)): δ(A_i ω̄_i) = A_i(Δφ_i × ω̄_i), so the φ_i columns get −N_i A_i ω̄̃_i. */
  angularVelocity_q(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    const p = this.p, n = 6 * (p + 1), ai = this.work9b, u = s.u;
    out.fill(0, 0, 3 * n);
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, j = this.nodes[g].uIndex + 3, ni = nv[i], col = 6 * i + 3;
      const w0 = u[j], w1 = u[j + 1], w2 = u[j + 2];
      this.nodeRotationInto(s, g, ai);
      for (let r = 0; r < 3; r++) {
        const a0 = ai[3 * r], a1 = ai[3 * r + 1], a2 = ai[3 * r + 2];
        out[r * n + col] = -ni * (a1 * w2 - a2 * w1);
        out[r * n + col + 1] = -ni * (a2 * w0 - a0 * w2);
        out[r * n + col + 2] = -ni * (a0 * w1 - a1 * w0);
      }
    }
  }
}
