/**
 * SE(3) interpolation of the linear Cosserat rod element (CardiLLo's "SE3" rod, after Harsch, Capobianco and Eugster):
 * the nodal poses H_i = (A_i, r_i) of element e (nodes e, e + 1) give the relative twist h = (u, θ) = Log(H_0⁻¹H_1),
 * θ = log(A_0ᵀA_1), u = T_L(θ)⁻¹A_0ᵀ(r_1 − r_0) (T_L = T_exp(θ)ᵀ the left tangent operator of SO(3)), and the pose at the
 * element parameter η is H(η) = H_0 Exp(ηh): A = A_0 exp(ηθ̃), r = r_0 + A_0 T_L(ηθ) ηu. H⁻¹H_ξ = n_el h, so the strains
 * γ̄ = Aᵀr_ξ = n_el u and κ̄ = n_el θ are constant in the element: constant strain (circles, helices) is represented
 * exactly, with any number of elements. With the nodal increments δs_k = (A_kᵀΔr_k, Δφ_k) (H_k ← H_k Exp(δs_k)),
 * δh = M_0 δs_0 + M_1 δs_1 with M_1 = T(h)⁻¹, M_0 = −T(−h)⁻¹ (the SE(3) inverse tangent operators, se3.ts); the strain
 * rates are n_el ḣ with ḣ = Σ M_k ṡ_k, ṡ_k = (A_kᵀv_k, ω̄_k), and their q-derivatives need ∂(M_k ṡ_k)/∂h.
 * Virtual displacements, virtual rotations and velocities are the Petrov–Galerkin fields of every interpolation (Σ N_i δr_i,
 * body-fixed Σ N_i δφ_i, Σ N_i v_i, Σ N_i ω̄_i; the mass matrix stays constant), so markers use the SE(3) pose but
 * J_pos = [N_i I₃ 0], J_rot = [0 N_i A] (at the nodes: the node's own kinematics).
 * @module
 */

import type { ItemState, NodeModel } from '../../../registry/capabilities.ts';
import { quaternionRotationMatrixInto } from '../../../rotations/quaternion.ts';
import { expSO3Into, logSO3Into, tExpSO3Into, tExpSO3InvInto } from '../../../rotations/rotationMatrices.ts';
import { addSkewMulInto, mat3MulInto, mat3TransposeMulInto } from '../../../rotations/skew.ts';
import { addBlock } from './kernels.ts';
import {
  gatherNodalAngularVelocities, lagrangePositionJacobian, lagrangeVelocityInto, minusRotationTimesSkewInto, type RodInterpolation,
} from './interpolation.ts';
import { addInverseTangentDerivative, inverseTangentsInto } from './se3.ts';
import { SectionStrains } from './sectionLaw.ts';

/** out(3) = Mᵀ x for M 3×3 row-major. */
function transposeTimes(out: Float64Array, m: ArrayLike<number>, x0: number, x1: number, x2: number): void {
  for (let c = 0; c < 3; c++) out[c] = m[c] * x0 + m[3 + c] * x1 + m[6 + c] * x2;
}

/** Views of one twist h = (u, θ): the whole 6 entries and θ. */
interface TwistView {
  readonly h: Float64Array;
  readonly theta: Float64Array;
}

/** Views of the twists stored 6 per element in h. */
function twistViews(h: Float64Array, count: number): TwistView[] {
  return Array.from({ length: count }, (_, e) => ({ h: h.subarray(6 * e, 6 * e + 6), theta: h.subarray(6 * e + 3, 6 * e + 6) }));
}

/** Views of 9 entries per node (rotation matrices). */
function matrixViews(a: Float64Array, count: number): Float64Array[] {
  return Array.from({ length: count }, (_, g) => a.subarray(9 * g, 9 * g + 9));
}

/** Scratch of relativeTwistInto. */
const relative = new Float64Array(9);
const tangentInverse = new Float64Array(9);
const translation = new Float64Array(3);

/**
 * The relative twist of the poses (r0 = r[3·g0..], A0) and (r1 = r[3·g1..], A1) into out: θ = log(A0ᵀA1),
 * u = T_L(θ)⁻¹ A0ᵀ(r1 − r0) with T_L(θ)⁻¹ = (T_exp(θ)⁻¹)ᵀ.
 */
function relativeTwistInto(out: TwistView, r: Float64Array, g0: number, g1: number, a0: Float64Array, a1: Float64Array): void {
  mat3TransposeMulInto(relative, a0, a1);
  logSO3Into(out.theta, relative);
  const dx = r[3 * g1] - r[3 * g0], dy = r[3 * g1 + 1] - r[3 * g0 + 1], dz = r[3 * g1 + 2] - r[3 * g0 + 2];
  transposeTimes(translation, a0, dx, dy, dz);
  tExpSO3InvInto(tangentInverse, out.theta);
  transposeTimes(out.h, tangentInverse, translation[0], translation[1], translation[2]);
}

/** Nodal data, per-element twists and operators, the section at one point and the derivative blocks of one node there. */
export class SE3Interpolation implements RodInterpolation {
  private nodes: readonly NodeModel[] = [];
  private readonly nElements: number;
  readonly rRef: Float64Array;
  /** Reference A(P⁰_i), 9 per node, and the reference twists h⁰_e, 6 per element. */
  private readonly aRef: Float64Array;
  private readonly hRef: Float64Array;
  private readonly aRefViews: Float64Array[];
  private readonly hRefViews: TwistView[];
  /** Current r_i, A_i (gathered), the twists h_e and T(h_e)⁻¹, T(−h_e)⁻¹ (36 per element). */
  private readonly r: Float64Array;
  private readonly a: Float64Array;
  private readonly h: Float64Array;
  private readonly tRight: Float64Array;
  private readonly tLeft: Float64Array;
  private readonly aViews: Float64Array[];
  private readonly hViews: TwistView[];
  private readonly tRightViews: Float64Array[];
  private readonly tLeftViews: Float64Array[];
  /** v_i, ω̄_i, ṡ_i = (A_iᵀv_i, ω̄_i) and ḣ_e (gathered with velocities). */
  private readonly v: Float64Array;
  readonly w: Float64Array;
  private readonly sDot: Float64Array;
  private readonly hDot: Float64Array;
  private readonly sDotViews: Float64Array[];
  /** ∂ḣ/∂h of the element rateElement (computed once per element after a gather). */
  private readonly rateDerivative = new Float64Array(36);
  private rateElement = -1;

  // the section at one point
  readonly rXi = new Float64Array(3);
  readonly aMat = new Float64Array(9);
  readonly strains = new SectionStrains();
  private element = 0;
  private eta = 0;
  /** n_el = dN_1/dξ at the section. */
  private scale = 0;
  /** exp(ηθ̃) and T_exp(ηθ) of the section. */
  private readonly rotationEta = new Float64Array(9);
  private readonly tangentEta = new Float64Array(9);

  // derivative blocks of one node k at the section
  readonly gr = new Float64Array(9);
  readonly gp = new Float64Array(9);
  readonly kp = new Float64Array(9);
  readonly gdr = new Float64Array(9);
  readonly gdp = new Float64Array(9);
  readonly kdp = new Float64Array(9);
  /** ∂α/∂Δφ_k: the section's body-fixed rotation per nodal rotation increment (node of the last strainDerivatives). */
  private readonly rotationDerivative = new Float64Array(9);
  /** Scratch. */
  private readonly work9 = new Float64Array(9);
  private readonly work9b = new Float64Array(9);
  private readonly work3 = new Float64Array(3);
  private readonly columns = new Float64Array(36);
  private readonly quaternion = new Float64Array(4);
  /** The point pose of pointPose: A, the element's A_0 and A_1, r (r_0, r_1 of the nodes first) and the twist. */
  private readonly pointA = new Float64Array(9);
  private readonly pointA0 = new Float64Array(9);
  private readonly pointA1 = new Float64Array(9);
  private readonly pointR = new Float64Array(6);
  private readonly pointTwist: TwistView;
  /** tExp(θ)⁻¹ and tExp(ηθ) of addRotationJacobianTransposed_q. */
  private readonly tangentInverse = new Float64Array(9);
  private readonly tangent = new Float64Array(9);

  constructor(readonly p: number, readonly nNodes: number) {
    const n = nNodes, nEl = nNodes - 1;
    this.nElements = nEl;
    this.rRef = new Float64Array(3 * n);
    this.aRef = new Float64Array(9 * n);
    this.hRef = new Float64Array(6 * nEl);
    this.r = new Float64Array(3 * n);
    this.a = new Float64Array(9 * n);
    this.h = new Float64Array(6 * nEl);
    this.tRight = new Float64Array(36 * nEl);
    this.tLeft = new Float64Array(36 * nEl);
    this.v = new Float64Array(3 * n);
    this.w = new Float64Array(3 * n);
    this.sDot = new Float64Array(6 * n);
    this.hDot = new Float64Array(6 * nEl);
    this.aRefViews = matrixViews(this.aRef, n);
    this.aViews = matrixViews(this.a, n);
    this.hRefViews = twistViews(this.hRef, nEl);
    this.hViews = twistViews(this.h, nEl);
    this.tRightViews = Array.from({ length: nEl }, (_, e) => this.tRight.subarray(36 * e, 36 * e + 36));
    this.tLeftViews = Array.from({ length: nEl }, (_, e) => this.tLeft.subarray(36 * e, 36 * e + 36));
    this.sDotViews = Array.from({ length: n }, (_, g) => this.sDot.subarray(6 * g, 6 * g + 6));
    this.pointTwist = twistViews(new Float64Array(6), 1)[0];
  }

  /** Binds the rod nodes: reference r⁰_i, A(P⁰_i) and the reference twists h⁰_e. */
  bindNodes(nodes: readonly NodeModel[]): void {
    this.nodes = nodes;
    nodes.forEach((node, g) => {
      const ref = node.referenceCoordinates;
      for (let d = 0; d < 3; d++) this.rRef[3 * g + d] = ref[d];
      quaternionRotationMatrixInto(this.aRefViews[g], ref, 3);
    });
    for (let e = 0; e < this.nElements; e++) relativeTwistInto(this.hRefViews[e], this.rRef, e, e + 1, this.aRefViews[e], this.aRefViews[e + 1]);
  }

  /** r_i of node g in the state into r[3·o..] and A_i into a. */
  private nodePoseInto(s: ItemState, g: number, r: Float64Array, o: number, a: Float64Array): void {
    const node = this.nodes[g], ref = node.referenceCoordinates, q = s.q, i = node.qIndex, quaternion = this.quaternion;
    r[3 * o] = ref[0] + q[i]; r[3 * o + 1] = ref[1] + q[i + 1]; r[3 * o + 2] = ref[2] + q[i + 2];
    quaternion[0] = ref[3] + q[i + 3]; quaternion[1] = ref[4] + q[i + 4]; quaternion[2] = ref[5] + q[i + 5]; quaternion[3] = ref[6] + q[i + 6];
    quaternionRotationMatrixInto(a, quaternion);
  }

  /** r_i, A_i, the twists and their inverse tangent operators (and v_i, ω̄_i, ṡ_i, ḣ_e with velocities) from the state. */
  gather(s: ItemState, withVelocities: boolean): void {
    const u = s.u, v = this.v, w = this.w, sDot = this.sDot;
    this.rateElement = -1;
    for (let g = 0; g < this.nNodes; g++) {
      this.nodePoseInto(s, g, this.r, g, this.aViews[g]);
      if (withVelocities) {
        const j = this.nodes[g].uIndex;
        v[3 * g] = u[j]; v[3 * g + 1] = u[j + 1]; v[3 * g + 2] = u[j + 2];
        w[3 * g] = u[j + 3]; w[3 * g + 1] = u[j + 4]; w[3 * g + 2] = u[j + 5];
        transposeTimes(this.sDotViews[g], this.aViews[g], v[3 * g], v[3 * g + 1], v[3 * g + 2]);
        sDot[6 * g + 3] = w[3 * g]; sDot[6 * g + 4] = w[3 * g + 1]; sDot[6 * g + 5] = w[3 * g + 2];
      }
    }
    for (let e = 0; e < this.nElements; e++) {
      relativeTwistInto(this.hViews[e], this.r, e, e + 1, this.aViews[e], this.aViews[e + 1]);
      const right = this.tRightViews[e], left = this.tLeftViews[e];
      inverseTangentsInto(right, left, this.hViews[e].h);
      if (withVelocities) {
        // ḣ = T(h)⁻¹ ṡ_1 − T(−h)⁻¹ ṡ_0
        for (let r = 0; r < 6; r++) {
          let sum = 0;
          for (let c = 0; c < 6; c++) sum += right[6 * r + c] * sDot[6 * (e + 1) + c] - left[6 * r + c] * sDot[6 * e + c];
          this.hDot[6 * e + r] = sum;
        }
      }
    }
  }

  /** Only the nodal ω̄_i. */
  gatherAngularVelocities(s: ItemState): void {
    gatherNodalAngularVelocities(this.nodes, s, this.w);
  }

  /** |∂r⁰/∂η| = |u⁰_e|: the SE(3) curve has constant speed in the element. */
  referenceSpeed(e: number): number {
    const h = this.hRef;
    return Math.hypot(h[6 * e], h[6 * e + 1], h[6 * e + 2]);
  }

  /** η = N_1, n_el = N_1' at the point; A = A_0 exp(ηθ̃), γ̄ = n_el u, κ̄ = n_el θ, r_ξ = Aγ̄ (current or reference). */
  section(e: number, nv: Float64Array, dnv: Float64Array, o: number, reference: boolean): void {
    const eta = nv[o + 1], scale = dnv[o + 1], h = reference ? this.hRef : this.h, a = reference ? this.aRefViews[e] : this.aViews[e];
    this.element = e; this.eta = eta; this.scale = scale;
    const th = this.work3;
    th[0] = eta * h[6 * e + 3]; th[1] = eta * h[6 * e + 4]; th[2] = eta * h[6 * e + 5];
    expSO3Into(this.rotationEta, th);
    tExpSO3Into(this.tangentEta, th);
    mat3MulInto(this.aMat, a, this.rotationEta);
    const gb = this.strains.gammaBar, kb = this.strains.kappaBar, A = this.aMat;
    for (let d = 0; d < 3; d++) { gb[d] = scale * h[6 * e + d]; kb[d] = scale * h[6 * e + 3 + d]; }
    for (let d = 0; d < 3; d++) this.rXi[d] = A[3 * d] * gb[0] + A[3 * d + 1] * gb[1] + A[3 * d + 2] * gb[2];
  }

  /** γ̄̇ = n_el ḣ_u, κ̄̇ = n_el ḣ_θ (constant in the element). */
  sectionRates(e: number, _nv: Float64Array, dnv: Float64Array, o: number): void {
    const scale = dnv[o + 1], gd = this.strains.gammaBarDot, kd = this.strains.kappaBarDot;
    for (let d = 0; d < 3; d++) { gd[d] = scale * this.hDot[6 * e + d]; kd[d] = scale * this.hDot[6 * e + 3 + d]; }
  }

  /** Entry (r, c) of M_k = ∂h/∂δs_k of the section's element (M_0 = −T(−h)⁻¹, M_1 = T(h)⁻¹). */
  private m(k: number, r: number, c: number): number {
    const o = 36 * this.element + 6 * r + c;
    return k === 0 ? -this.tLeft[o] : this.tRight[o];
  }

  /**
   * gr = n_el M_k[u, u] A_kᵀ, gp = n_el M_k[u, θ], kp = n_el M_k[θ, θ] (local node k = g − e); keeps
   * ∂α/∂Δφ_k = [k = 0] exp(−ηθ̃) + η T_exp(ηθ) M_k[θ, θ].
   */
  strainDerivatives(g: number, _nv: Float64Array, _dnv: Float64Array, _i: number): void {
    const k = g - this.element, scale = this.scale, ak = 9 * g, a = this.a, gr = this.gr, gp = this.gp, kp = this.kp;
    for (let r = 0; r < 3; r++) {
      const m0 = this.m(k, r, 0), m1 = this.m(k, r, 1), m2 = this.m(k, r, 2);
      for (let c = 0; c < 3; c++) {
        gr[3 * r + c] = scale * (m0 * a[ak + 3 * c] + m1 * a[ak + 3 * c + 1] + m2 * a[ak + 3 * c + 2]);
        gp[3 * r + c] = scale * this.m(k, r, 3 + c);
        kp[3 * r + c] = scale * this.m(k, 3 + r, 3 + c);
      }
    }
    const rd = this.rotationDerivative, t = this.tangentEta, eta = this.eta, re = this.rotationEta;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let j = 0; j < 3; j++) sum += t[3 * r + j] * this.m(k, 3 + j, 3 + c);
        rd[3 * r + c] = eta * sum + (k === 0 ? re[3 * c + r] : 0);
      }
    }
  }

  /**
   * After strainDerivatives of node g and the rates: with D = ∂ḣ/∂h (fixed ṡ), X_r = D M_k[:, u] A_kᵀ and
   * X_φ = D M_k[:, θ] + M_k[:, u](A_kᵀv_k)~: gdr = n_el X_r[u], gdp = n_el X_φ[u], kdp = n_el X_φ[θ].
   */
  strainRateDerivatives(g: number, _nv: Float64Array, _dnv: Float64Array, _i: number): void {
    const e = this.element, k = g - e, scale = this.scale, D = this.rateDerivative, a = this.a;
    if (this.rateElement !== e) {
      const h = this.hViews[e].h;
      D.fill(0);
      addInverseTangentDerivative(D, h, this.sDotViews[e + 1], 1, 1);
      addInverseTangentDerivative(D, h, this.sDotViews[e], -1, -1);
      this.rateElement = e;
    }
    // columns = [M_k[:, u] A_kᵀ | M_k[:, θ]] (6×6), then X = D·columns, and X_φ += M_k[:, u](A_kᵀv_k)~
    const cols = this.columns, ak = 9 * g;
    for (let r = 0; r < 6; r++) {
      const m0 = this.m(k, r, 0), m1 = this.m(k, r, 1), m2 = this.m(k, r, 2);
      for (let c = 0; c < 3; c++) {
        cols[6 * r + c] = m0 * a[ak + 3 * c] + m1 * a[ak + 3 * c + 1] + m2 * a[ak + 3 * c + 2];
        cols[6 * r + 3 + c] = this.m(k, r, 3 + c);
      }
    }
    const sx = this.sDot[6 * g], sy = this.sDot[6 * g + 1], sz = this.sDot[6 * g + 2];
    for (let r = 0; r < 6; r++) {
      const row = r < 3 ? 3 * r : 3 * (r - 3);
      for (let c = 0; c < 6; c++) {
        let sum = 0;
        for (let j = 0; j < 6; j++) sum += D[6 * r + j] * cols[6 * j + c];
        if (c >= 3) {
          // (M_k[:, u] s̃)_{r, c−3} with s̃ the skew matrix of A_kᵀv_k
          const cc = c - 3;
          const s0 = cc === 0 ? 0 : cc === 1 ? -sz : sy;
          const s1 = cc === 0 ? sz : cc === 1 ? 0 : -sx;
          const s2 = cc === 0 ? -sy : cc === 1 ? sx : 0;
          sum += this.m(k, r, 0) * s0 + this.m(k, r, 1) * s1 + this.m(k, r, 2) * s2;
        }
        if (r < 3 && c < 3) this.gdr[row + c] = scale * sum;
        else if (r < 3) this.gdp[row + c - 3] = scale * sum;
        else if (c >= 3) this.kdp[row + c - 3] = scale * sum;
      }
    }
  }

  /** After strainDerivatives of node g: out += ∂(A x)/∂Δφ_k = −A x̃ ∂α/∂Δφ_k. */
  addRotationDerivativeTimes(_g: number, x: Float64Array, out: Float64Array): void {
    const xt = this.work9, A = this.aMat;
    xt.fill(0);
    addSkewMulInto(xt, x, this.rotationDerivative, 1);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) out[3 * r + c] -= A[3 * r] * xt[c] + A[3 * r + 1] * xt[3 + c] + A[3 * r + 2] * xt[6 + c];
    }
  }

  // ---------------------------------------------------------------------------------------
  // A point of element e with the shape values nv (N_i at the point, η = N_1): the body kinematics

  /**
   * The pose of element e's point η from the state (or the reference without a state): A into pointA, r into pointR[0..3],
   * the element's A_0 into pointA0 and its twist into pointTwist.
   */
  private pointPose(s: ItemState | undefined, e: number, eta: number): void {
    const r = this.pointR, twist = this.pointTwist, a0 = this.pointA0;
    if (s === undefined) {
      for (let d = 0; d < 3; d++) r[d] = this.rRef[3 * e + d];
      a0.set(this.aRefViews[e]);
      twist.h.set(this.hRefViews[e].h);
    } else {
      this.nodePoseInto(s, e, r, 0, a0);
      this.nodePoseInto(s, e + 1, r, 1, this.pointA1);
      relativeTwistInto(twist, r, 0, 1, a0, this.pointA1);
    }
    // A = A_0 exp(ηθ̃); r = r_0 + A_0 T_exp(ηθ)ᵀ ηu
    const th = this.work3, h = twist.h;
    th[0] = eta * h[3]; th[1] = eta * h[4]; th[2] = eta * h[5];
    expSO3Into(this.work9, th);
    mat3MulInto(this.pointA, a0, this.work9);
    tExpSO3Into(this.work9b, th);
    transposeTimes(th, this.work9b, eta * h[0], eta * h[1], eta * h[2]);
    for (let d = 0; d < 3; d++) r[d] += a0[3 * d] * th[0] + a0[3 * d + 1] * th[1] + a0[3 * d + 2] * th[2];
  }

  /** r(η) = r_0 + A_0 T_exp(ηθ)ᵀ ηu, the SE(3) centerline. */
  position(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    this.pointPose(s, e, nv[1]);
    out[0] = this.pointR[0]; out[1] = this.pointR[1]; out[2] = this.pointR[2];
  }

  subtractReferencePosition(e: number, nv: Float64Array, out: Float64Array): void {
    this.pointPose(undefined, e, nv[1]);
    out[0] -= this.pointR[0]; out[1] -= this.pointR[1]; out[2] -= this.pointR[2];
  }

  /** Σ N_i v_i, the Petrov–Galerkin velocity field (J_pos u). */
  velocity(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 0, out);
  }

  positionJacobian(nv: Float64Array, out: Float64Array): void {
    lagrangePositionJacobian(this.p, nv, out);
  }

  /** A_0 exp(ηθ̃), orthonormal. */
  orientation(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    this.pointPose(s, e, nv[1]);
    out.set(this.pointA);
  }

  /** ω = A Σ N_i ω̄_i (= rotationJacobian · u). */
  angularVelocity(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    this.pointPose(s, e, nv[1]);
    const A = this.pointA, w = this.work3;
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 3, w);
    for (let r = 0; r < 3; r++) out[r] = A[3 * r] * w[0] + A[3 * r + 1] * w[1] + A[3 * r + 2] * w[2];
  }

  /** Σ N_i ω̄_i, the Petrov–Galerkin body-fixed angular velocity field. */
  angularVelocityLocal(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 3, out);
  }

  /** Blocks N_i A on the ω̄_i columns (3 × 12). */
  rotationJacobian(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    this.pointPose(s, e, nv[1]);
    const n = 12, A = this.pointA;
    out.fill(0, 0, 3 * n);
    for (let i = 0; i <= 1; i++) {
      const col = 6 * i + 3, ni = nv[i];
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * n + col + c] = ni * A[3 * r + c];
    }
  }

  /**
   * factor·∂(J_rotᵀτ)/∂Δq: J_rotᵀτ = N_i Aᵀτ on φ_i, δ(Aᵀτ) = (Aᵀτ)~ δα with δα = ∂α/∂Δφ_k Δφ_k:
   * ∂α/∂Δφ_0 = exp(−ηθ̃) − η T_exp(ηθ) T_exp(θ)⁻ᵀ, ∂α/∂Δφ_1 = η T_exp(ηθ) T_exp(θ)⁻¹ (A does not depend on the r_k).
   */
  addRotationJacobianTransposed_q(s: ItemState, e: number, nv: Float64Array, torque: ArrayLike<number>, k: Float64Array, factor: number): void {
    const eta = nv[1];
    this.prepareRotationDerivatives(s, e, eta);
    const A = this.pointA, at = this.work3, block = this.work9b, rd = this.rotationDerivative;
    for (let d = 0; d < 3; d++) at[d] = A[d] * torque[0] + A[3 + d] * torque[1] + A[6 + d] * torque[2];
    for (let kk = 0; kk <= 1; kk++) {
      this.rotationDerivativeInto(kk, eta);
      block.fill(0);
      addSkewMulInto(block, at, rd, 1);
      for (let i = 0; i <= 1; i++) addBlock(k, 12, 6 * i + 3, 6 * kk + 3, block, factor * nv[i]);
    }
  }

  /** The pose at η and the operators of {@link SE3Interpolation.rotationDerivativeInto}: T_exp(θ)⁻¹, T_exp(ηθ), exp(ηθ̃) (work9). */
  private prepareRotationDerivatives(s: ItemState, e: number, eta: number): void {
    this.pointPose(s, e, eta);
    const th = this.pointTwist.theta;
    tExpSO3InvInto(this.tangentInverse, th);
    for (let d = 0; d < 3; d++) this.work9[d] = eta * th[d];
    tExpSO3Into(this.tangent, this.work9);
    expSO3Into(this.work9, this.work9);
  }

  /** rotationDerivative = ∂α/∂Δφ_kk (see addRotationJacobianTransposed_q), after prepareRotationDerivatives. */
  private rotationDerivativeInto(kk: number, eta: number): void {
    const tinv = this.tangentInverse, te = this.tangent, rd = this.rotationDerivative;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let j = 0; j < 3; j++) sum += te[3 * r + j] * (kk === 0 ? -tinv[3 * c + j] : tinv[3 * j + c]);
        rd[3 * r + c] = eta * sum + (kk === 0 ? this.work9[3 * c + r] : 0);
      }
    }
  }

  /** ∂ω/∂Δq at fixed u (3 × 12): ω = A x, x = Σ N_i ω̄_i fixed, δω = −A x̃ δα, so the φ_k columns get −A x̃ ∂α/∂Δφ_k. */
  angularVelocity_q(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
    const eta = nv[1], x = this.work3, ax = this.work9b, rd = this.rotationDerivative;
    this.prepareRotationDerivatives(s, e, eta);
    const A = this.pointA;
    lagrangeVelocityInto(this.nodes, this.p, s, e, nv, 3, x);
    minusRotationTimesSkewInto(ax, A, x);
    out.fill(0, 0, 36);
    for (let kk = 0; kk <= 1; kk++) {
      this.rotationDerivativeInto(kk, eta);
      const col = 6 * kk + 3;
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) out[12 * r + col + c] = ax[3 * r] * rd[c] + ax[3 * r + 1] * rd[3 + c] + ax[3 * r + 2] * rd[6 + c];
      }
    }
  }
}
