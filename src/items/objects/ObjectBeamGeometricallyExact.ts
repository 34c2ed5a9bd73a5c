import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndexArray, ureal, type ParameterValues } from '../../registry/parameters.ts';
import { BeamSection, checkSectionMatrix, sectionDataParameter, type BeamSectionValues } from './beamSection.ts';
import { expSO3Into, tExpSO3Into } from '../../rotations/rotationMatrices.ts';
import { skewInto } from '../../rotations/skew.ts';

const parameters = {
  nodeNumbers: nodeIndexArray('Two RigidBodyEP nodes [n0, n1] at x = −L/2 and L/2.', 2),
  physicsLength: ureal(0, 'Reference length L [m] of the element; must be positive.'),
  sectionData: sectionDataParameter('diagonal stiffness [EA, GA_y, GA_z, GJ, EI_y, EI_z], cross-section inertia J (3 × 3), mass per length; no damping'),
};

type BeamValues = ParameterValues<typeof parameters>;

/** Node coordinates [p (3), Euler parameters (4)] of two nodes. */
const N_LOCAL = 14;
/**
 * Variables of the Jacobian's forward differentiation (one column each): node 0's Euler parameters (0–3), node 1's
 * (4–7), node 1's position (8–10). The forces depend on the positions through p₁ − p₀ only, so ∂/∂p₀ = −∂/∂p₁ in every
 * operation (each is linear in the gradients and rounds symmetrically): node 0's position is not a variable, its
 * columns are the negated columns of node 1's. The relative rotation and everything computed from it depend on the first
 * {@link N_ROTATION} variables only.
 */
const N_VARIABLES = 11;
/** Variables of the Euler parameters (the relative rotation's variables). */
const N_ROTATION = 8;
/** The column (node coordinate 0 … 13) of variable e; node 0's position columns 0–2 are −(those of variables 8–10). */
const variableColumn = Int8Array.from([3, 4, 5, 6, 10, 11, 12, 13, 7, 8, 9]);

// The value and gradient formulas below repeat the operations of the jet operations they replaced, except that a jet
// operation's a + (−1)·b, a + (−½)·b and 1·b are written a − b, a − ½b and b: the same bits (−1·b is −b exactly,
// a + (−b) is a − b, 1·b is b), one multiplication fewer each in baseline code.

/** 2 atan(√τ)/√τ = 2 − 2τ/3 + 2τ²/5 (the log's factor near Ω = 0; the next term τ³/7 is below 1e-24). */
const SERIES_LOG = [2, -2 / 3, 2 / 5] as const;
/** γ(x) near x = |Ω|² = 0. */
const SERIES_GAMMA = [1 / 12, 1 / 720, 1 / 30240, 1 / 1209600] as const;
/** f8(x) near x = 0. */
const SERIES_F8 = [1 / 360, 1 / 7560, 1 / 201600, 1 / 5987520, 691 / 130767436800] as const;

/** Σ_k c_k x^k by Horner's scheme, the value operations of Jet2Pool.polynomial (0·x + c_last, then 1·(t x) + c_k). */
function horner(x: number, c: readonly number[]): number {
  let t = 0 * x + c[c.length - 1];
  for (let k = c.length - 2; k >= 0; k--) t = t * x + c[k];
  return t;
}

/** skew(a) with zero entries 0·a0 + 0 and the others s·a_k + 0 (row-major; the operations of the earlier jet form). */
function skewValues(a0: number, a1: number, a2: number, out: Float64Array): void {
  const z = 0 * a0 + 0;
  out[0] = z; out[1] = -1 * a2 + 0; out[2] = a1 + 0;
  out[3] = a2 + 0; out[4] = z; out[5] = -1 * a0 + 0;
  out[6] = -1 * a1 + 0; out[7] = a0 + 0; out[8] = z;
}

/** The entries of G_l(ep) = 2[−e, e0 I − ẽ] (3 × 4 row-major) as pairs (c, m): c·p_m. */
const gLocalEntries = Int8Array.from([-2, 1, 2, 0, 2, 3, -2, 2, -2, 2, -2, 3, 2, 0, 2, 1, -2, 3, 2, 2, -2, 1, 2, 0]);

/**
 * Run-time model of Exudyn's 3D geometrically exact beam (Lie-group SE(3) interpolation, two rigid-body nodes with Euler
 * parameters): the relative motion H₀⁻¹H₁ = exp(h) of the node frames gives the strains ε = (h − [L, 0, 0, 0, 0, 0])/L
 * (constant along the element); nodal forces (T_exp⁻¹(±h))ᵀ K ε mapped to the node coordinates (positions through A_i,
 * rotations through G_l,iᵀ); lumped mass (ρA L/2, L/2 G_lᵀ J G_l) with its quadratic velocity term. ∂f/∂q by forward
 * differentiation (one variable per column, 11 for the 14 coordinates), ∂f/∂u analytic.
 */
class BeamGeometricallyExactModel implements Only<ObjectModel & BodyModel, BeamGeometricallyExactModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = false;
  readonly nLocalU = N_LOCAL;
  readonly ode2LhsDependsOnVelocity: boolean;
  readonly arcLength: number;
  readonly arcStart: number;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];

  private readonly L: number;
  private readonly section: BeamSectionValues;
  /** Diagonal stiffness [EA, GA_y, GA_z, GJ, EI_y, EI_z]. */
  private readonly k = new Float64Array(6);
  private readonly J = new Float64Array(9);
  private readonly q = new Float64Array(N_LOCAL);
  private readonly u = new Float64Array(N_LOCAL);
  private readonly localMatrix = denseLocalMatrix(N_LOCAL);
  private readonly gl = new Float64Array(12);

  /** ∂A_n/∂p_m per Euler-parameter variable e = 4n + m (9 entries, row-major; see eulerParameterGradients). */
  private readonly rotationMatrixGradients = new Float64Array(9 * N_ROTATION);
  /** Gradients of Ω (3), x = |Ω|², β, γ, f8 per variable (7 entries each; +0 for the position variables). */
  private readonly rotationGradients = new Float64Array(7 * N_VARIABLES);
  /** [Tso v, Tsoᵀ v] values, then their gradients (tsoTerms). */
  private readonly tsoValues = new Float64Array(12);
  /** Per node (12 each): pos values, gradients, rot values, gradients of one variable (forceColumn → nodeColumn). */
  private readonly nodeTerms = new Float64Array(24);
  /** ω̄ (value, gradient) × 3, then J ω̄ (value, gradient) × 3 of one node and variable (addVelocityTerm). */
  private readonly velocityTerms = new Float64Array(12);
  /** Work arrays of the value path (computeForceValues). */
  private readonly A0 = new Float64Array(9);
  private readonly A1 = new Float64Array(9);
  private readonly R = new Float64Array(9);
  private readonly Tso = new Float64Array(9);
  private readonly TuwPlus = new Float64Array(9);
  private readonly TuwMinus = new Float64Array(9);
  private readonly uSkew = new Float64Array(9);
  private readonly omegaSkew = new Float64Array(9);
  private readonly omegaValues = new Float64Array(3);
  /** d = A0ᵀ (p1 − p0), β, γ, f8 of the value path. */
  private readonly motionValues = new Float64Array(6);
  /** The stresses [r_p, r_r] of the value path. */
  private readonly stressValues = new Float64Array(6);
  private readonly totalValues = new Float64Array(3);
  private readonly forceValues = new Float64Array(N_LOCAL);
  private readonly dampingBlock = new Float64Array(9);
  /** ω̄ and J ω̄ of one node, and their skew matrices (ode2Lhs_u). */
  private readonly dampingOmega = new Float64Array(3);
  private readonly dampingJOmega = new Float64Array(3);
  private readonly dampingOmegaSkew = new Float64Array(9);
  private readonly dampingJOmegaSkew = new Float64Array(9);
  /** [f, f′, f″] of a series (seriesHorner). */
  private readonly seriesValues = new Float64Array(3);

  /** Relative motion h = [u, Ω] of the last force evaluation (values). */
  private readonly h = new Float64Array(6);
  private readonly nodeNumbers: readonly number[];

  constructor(readonly label: ItemLabel, p: BeamValues) {
    if (!(p.physicsLength > 0)) itemError(label, 'physicsLength', `must be positive, got ${p.physicsLength}`);
    if (p.nodeNumbers.length !== 2) itemError(label, 'nodeNumbers', `must contain two RigidBodyEP node numbers, got ${describeValue(p.nodeNumbers)}`);
    const section = BeamSection(p.sectionData as Partial<BeamSectionValues>);
    const fail = (parameter: string, message: string): never => itemError(label, parameter, message);
    checkSectionMatrix(fail, 'stiffnessMatrix', section.stiffnessMatrix);
    checkSectionMatrix(fail, 'inertia', section.inertia, true);
    if (section.dampingMatrix.some((row) => row.some((value) => value !== 0))) {
      itemError(label, 'sectionData.dampingMatrix', 'must be zero: ObjectBeamGeometricallyExact has no damping (as in Exudyn)');
    }
    this.section = section;
    this.nodeNumbers = p.nodeNumbers;
    this.L = p.physicsLength;
    this.arcLength = this.L;
    this.arcStart = -0.5 * this.L;
    for (let i = 0; i < 6; i++) this.k[i] = section.stiffnessMatrix[i][i];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) this.J[3 * i + j] = section.inertia[i][j];
    this.ode2LhsDependsOnVelocity = this.J.some((value) => value !== 0);
  }

  get body(): BodyModel {
    return this;
  }

  bind(context: BindContext): void {
    this.nodes = this.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.label.typeName !== 'RigidBodyEP') {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a RigidBodyEP node (Euler parameters; other rotation parametrizations are not ported), got Node${node.label.typeName} #${node.label.index}`);
      }
      return node;
    });
    this.localNodes = this.nodes;
  }

  /** Total coordinates q = q_ref + Δq and velocities u of both nodes. */
  private gather(s: ItemState): void {
    const { nodes, q, u } = this;
    for (let n = 0; n < nodes.length; n++) {
      const qIndex = nodes[n].qIndex, uIndex = nodes[n].uIndex;
      for (let k = 0; k < 7; k++) {
        q[7 * n + k] = s.qRef[qIndex + k] + s.q[qIndex + k];
        u[7 * n + k] = s.u[uIndex + k];
      }
    }
  }

  /**
   * The 14 nodal forces (values only) into `out` from this.q and this.u, and h into this.h (the residual of every
   * Newton iteration): the tangent operators T_exp,SO3⁻¹ and T_uw(±h) formed as matrices, each operation written as the
   * value formula of the jet operation it replaced (affine c·a + d, addScaled a + c·b, div a·(1/b), Horner polynomials),
   * so that the residual and the results stay those of the earlier all-jet element to the last bit.
   * {@link BeamGeometricallyExactModel.stiffness} applies the operators as vector forms instead (the same forces up
   * to rounding).
   */
  private computeForceValues(out: Float64Array): void {
    // in three parts, each a function of its own (the same operations in the same order), as stiffness's jets: as one
    // function, V8 compiled it in one long job (≈ 160 ms on the loaded 2-core machine)
    this.relativeMotionValues();
    this.tangentOperatorValues();
    for (let n = 0; n < 2; n++) this.nodeForceValues(n, out);
  }

  /**
   * {@link BeamGeometricallyExactModel.computeForceValues}' first part: A0, A1, R, Ω into this.omegaValues and
   * [d, β, γ, f8] into this.motionValues.
   */
  private relativeMotionValues(): void {
    const q = this.q, A0 = this.A0, A1 = this.A1, R = this.R;
    this.rotationValues(0, A0);
    this.rotationValues(1, A1);
    const dp0 = q[7] - q[0], dp1 = q[8] - q[1], dp2 = q[9] - q[2];
    const d0 = A0[0] * dp0 + A0[3] * dp1 + A0[6] * dp2;
    const d1 = A0[1] * dp0 + A0[4] * dp1 + A0[7] * dp2;
    const d2 = A0[2] * dp0 + A0[5] * dp1 + A0[8] * dp2;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) R[3 * i + j] = A0[i] * A1[j] + A0[3 + i] * A1[3 + j] + A0[6 + i] * A1[6 + j];
    const w0 = R[7] - R[5], w1 = R[2] - R[6], w2 = R[3] - R[1];
    const a = w0 * w0 + w1 * w1 + w2 * w2;
    const c = R[0] + R[4] + R[8] + 1;
    let h: number;
    if (a > 1e-8 * c * c) {
      const r = Math.sqrt(a);
      h = (2 * Math.atan2(r, c) + 0) * (1 / r);
    } else {
      const tau = a * (1 / (c * c));
      h = horner(tau, SERIES_LOG) * (1 / c);
    }
    const Om0 = h * w0, Om1 = h * w1, Om2 = h * w2;
    const x = Om0 * Om0 + Om1 * Om1 + Om2 * Om2;
    // β, γ, f8 (expFactors)
    const phi = Math.sqrt(x);
    let beta: number, gamma: number, f8: number;
    if (phi > 0.02) {
      const half = 0.5 * Math.sqrt(x) + 0;
      beta = half * Math.cos(half) * (1 / Math.sin(half));
      gamma = (1 - beta) * (1 / x);
    } else {
      gamma = horner(x, SERIES_GAMMA);
      beta = 1 - x * gamma;
    }
    if (phi >= 0.2) {
      const ph = Math.sqrt(x);
      const numerator = ph * Math.sin(ph) + (4 * Math.cos(ph) + -4) + x;
      const sinHalf = Math.sin(0.5 * ph + 0);
      f8 = numerator * (1 / (4 * (sinHalf * sinHalf * (x * x)) + 0));
    } else {
      f8 = horner(x, SERIES_F8);
    }
    const Om = this.omegaValues, m = this.motionValues;
    Om[0] = Om0; Om[1] = Om1; Om[2] = Om2;
    m[0] = d0; m[1] = d1; m[2] = d2; m[3] = beta; m[4] = gamma; m[5] = f8;
  }

  /**
   * {@link BeamGeometricallyExactModel.computeForceValues}' second part: T_exp,SO3⁻¹ into this.Tso, u and Ω into this.h,
   * the stresses [r_p, r_r] into this.stressValues and T_uw(±u, ±Ω) into this.TuwPlus and this.TuwMinus.
   */
  private tangentOperatorValues(): void {
    const L = this.L, T = this.Tso, Tp = this.TuwPlus, Tm = this.TuwMinus, Om = this.omegaValues, m = this.motionValues;
    const Om0 = Om[0], Om1 = Om[1], Om2 = Om[2], d0 = m[0], d1 = m[1], d2 = m[2], beta = m[3], gamma = m[4], f8 = m[5];
    // T_exp,SO3⁻¹ (tExpSO3Inv)
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const e = gamma * (Om[i] * Om[j]);
        T[3 * i + j] = i === j ? e + beta : e;
      }
    }
    T[1] = T[1] - 0.5 * Om2; T[3] = T[3] + 0.5 * Om2;
    T[2] = T[2] + 0.5 * Om1; T[6] = T[6] - 0.5 * Om1;
    T[5] = T[5] - 0.5 * Om0; T[7] = T[7] + 0.5 * Om0;
    const u0 = T[0] * d0 + T[3] * d1 + T[6] * d2;
    const u1 = T[1] * d0 + T[4] * d1 + T[7] * d2;
    const u2 = T[2] * d0 + T[5] * d1 + T[8] * d2;
    const k = this.k, r = this.stressValues;
    r[0] = k[0] / L * u0 + -k[0]; r[1] = k[1] / L * u1 + 0; r[2] = k[2] / L * u2 + 0;
    r[3] = k[3] / L * Om0 + 0; r[4] = k[4] / L * Om1 + 0; r[5] = k[5] / L * Om2 + 0;
    this.h[0] = u0; this.h[1] = u1; this.h[2] = u2; this.h[3] = Om0; this.h[4] = Om1; this.h[5] = Om2;
    // T_uw(±u, ±Ω) (tUWPair): ũ and Ω̃ as skew(a) = [0, −a2, a1; a2, 0, −a0; −a1, a0, 0] (each entry s·a + 0)
    const us = this.uSkew, os = this.omegaSkew;
    skewValues(u0, u1, u2, us);
    skewValues(Om0, Om1, Om2, os);
    const f8ou = f8 * (Om0 * u0 + Om1 * u1 + Om2 * u2);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const uo = us[3 * i] * os[j] + us[3 * i + 1] * os[3 + j] + us[3 * i + 2] * os[6 + j];
        const ou = os[3 * i] * us[j] + os[3 * i + 1] * us[3 + j] + os[3 * i + 2] * us[6 + j];
        const oo = os[3 * i] * os[j] + os[3 * i + 1] * os[3 + j] + os[3 * i + 2] * os[6 + j];
        const e = gamma * (uo + ou);
        const quadratic = f8ou * oo;
        Tp[3 * i + j] = e + 0.5 * us[3 * i + j] + quadratic;
        Tm[3 * i + j] = e - 0.5 * us[3 * i + j] + quadratic;
      }
    }
  }

  /** {@link BeamGeometricallyExactModel.computeForceValues}' last part: node n's 7 forces into `out`. */
  private nodeForceValues(n: number, out: Float64Array): void {
    const T = this.Tso, G = this.gl, total = this.totalValues, Jm = this.J, halfL = 0.5 * this.L, r = this.stressValues;
    const rp0 = r[0], rp1 = r[1], rp2 = r[2], rr0 = r[3], rr1 = r[4], rr2 = r[5];
    const sign = n === 0 ? -1 : 1;
    const A = n === 0 ? this.A0 : this.A1, Tuw = n === 0 ? this.TuwMinus : this.TuwPlus;
    // node 1: Tsoᵀ (entry (i, l) at Tso[i + 3l]), node 0: Tso (at Tso[3i + l])
    const si = n === 1 ? 1 : 3, sl = n === 1 ? 3 : 1;
    const pos0 = T[0] * rp0 + T[sl] * rp1 + T[2 * sl] * rp2;
    const pos1 = T[si] * rp0 + T[si + sl] * rp1 + T[si + 2 * sl] * rp2;
    const pos2 = T[2 * si] * rp0 + T[2 * si + sl] * rp1 + T[2 * si + 2 * sl] * rp2;
    this.gLocalValues(n);
    const v3 = this.u[7 * n + 3], v4 = this.u[7 * n + 4], v5 = this.u[7 * n + 5], v6 = this.u[7 * n + 6];
    const om0 = v3 * G[0] + 0 + v4 * G[1] + v5 * G[2] + v6 * G[3];
    const om1 = v3 * G[4] + 0 + v4 * G[5] + v5 * G[6] + v6 * G[7];
    const om2 = v3 * G[8] + 0 + v4 * G[9] + v5 * G[10] + v6 * G[11];
    const jw0 = Jm[0] * om0 + 0 + Jm[1] * om1 + Jm[2] * om2;
    const jw1 = Jm[3] * om0 + 0 + Jm[4] * om1 + Jm[5] * om2;
    const jw2 = Jm[6] * om0 + 0 + Jm[7] * om1 + Jm[8] * om2;
    const qv0 = om1 * jw2 - om2 * jw1, qv1 = om2 * jw0 - om0 * jw2, qv2 = om0 * jw1 - om1 * jw0;
    for (let i = 0; i < 3; i++) {
      const first = Tuw[i] * rp0 + Tuw[3 + i] * rp1 + Tuw[6 + i] * rp2;
      const second = T[si * i] * rr0 + T[si * i + sl] * rr1 + T[si * i + 2 * sl] * rr2;
      const rot = first + second;
      total[i] = sign * rot + 0 + halfL * (i === 0 ? qv0 : i === 1 ? qv1 : qv2);
      out[7 * n + i] = sign * (A[3 * i] * pos0 + A[3 * i + 1] * pos1 + A[3 * i + 2] * pos2) + 0;
    }
    for (let kk = 0; kk < 4; kk++) out[7 * n + 3 + kk] = G[kk] * total[0] + G[4 + kk] * total[1] + G[8 + kk] * total[2];
  }

  /** A(ep) of node n (values; the operations of {@link BeamGeometricallyExactModel.rotation}). */
  private rotationValues(n: number, A: Float64Array): void {
    const q = this.q;
    const p0 = q[7 * n + 3], p1 = q[7 * n + 4], p2 = q[7 * n + 5], p3 = q[7 * n + 6];
    A[0] = -2 * (p3 * p3) + 1 + -2 * (p2 * p2);
    A[1] = -2 * (p3 * p0) + 0 + 2 * (p2 * p1);
    A[2] = 2 * (p3 * p1) + 0 + 2 * (p2 * p0);
    A[3] = 2 * (p3 * p0) + 0 + 2 * (p2 * p1);
    A[4] = -2 * (p3 * p3) + 1 + -2 * (p1 * p1);
    A[5] = 2 * (p3 * p2) + 0 + -2 * (p1 * p0);
    A[6] = -2 * (p2 * p0) + 0 + 2 * (p3 * p1);
    A[7] = 2 * (p3 * p2) + 0 + 2 * (p1 * p0);
    A[8] = -2 * (p2 * p2) + 1 + -2 * (p1 * p1);
  }

  /** True unless node n's Euler-parameter velocities are all zero (then ω̄ = 0 and the quadratic velocity term vanishes). */
  private angularVelocityNonzero(n: number): boolean {
    const u = this.u, at = 7 * n + 3;
    return u[at] !== 0 || u[at + 1] !== 0 || u[at + 2] !== 0 || u[at + 3] !== 0;
  }

  /** [Σ_k c_k x^k, its first and second derivative] by Horner's scheme, into this.seriesValues. */
  private seriesHorner(x: number, c: readonly number[]): Float64Array {
    const last = c.length - 1;
    let f0 = c[last], f1 = 0, f2 = 0;
    for (let k = last - 1; k >= 0; k--) {
      f2 = f2 * x + 2 * f1;
      f1 = f1 * x + f0;
      f0 = f0 * x + c[k];
    }
    const f = this.seriesValues;
    f[0] = f0; f[1] = f1; f[2] = f2;
    return f;
  }

  /** Lumped mass: ρA L/2 on the positions, (L/2) G_lᵀ J G_l on the Euler parameters of each node. */
  massMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    this.gather(s);
    const m = this.localMatrix.fill(0), w = 0.5 * this.L;
    for (let n = 0; n < 2; n++) {
      for (let k = 0; k < 3; k++) m[(7 * n + k) * N_LOCAL + 7 * n + k] = w * this.section.massPerLength;
      this.gLocalValues(n);
      for (let a = 0; a < 4; a++) {
        for (let b = 0; b < 4; b++) {
          let sum = 0;
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) sum += this.gl[4 * i + a] * this.J[3 * i + j] * this.gl[4 * j + b];
          m[(7 * n + 3 + a) * N_LOCAL + 7 * n + 3 + b] = w * sum;
        }
      }
    }
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, m, 0, N_LOCAL, 1);
  }

  /** G_l of node n (values) into this.gl. */
  private gLocalValues(n: number): void {
    const e0 = 2 * this.q[7 * n + 3], e1 = 2 * this.q[7 * n + 4], e2 = 2 * this.q[7 * n + 5], e3 = 2 * this.q[7 * n + 6];
    const g = this.gl;
    g[0] = -e1; g[1] = e0; g[2] = e3; g[3] = -e2;
    g[4] = -e2; g[5] = -e3; g[6] = e0; g[7] = e1;
    g[8] = -e3; g[9] = e2; g[10] = -e1; g[11] = e0;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.gather(s);
    const values = this.forceValues;
    this.computeForceValues(values);
    for (let i = 0; i < N_LOCAL; i++) f[i] += values[i];
  }

  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, this.stiffness(factor), 0, N_LOCAL, 1);
  }

  /**
   * factor ∂f/∂q (14 × 14 row-major, in this.localMatrix) at this.q, this.u, one column per variable e of
   * {@link N_VARIABLES} (forward differentiation without jets): the values of the relative motion from
   * {@link BeamGeometricallyExactModel.relativeMotionValues}, the relative rotation's gradients (R … β, γ, f8, with
   * respect to the Euler parameters only) by {@link BeamGeometricallyExactModel.differentiateRotation}, then per
   * variable the gradients of the displacement, the stresses, the tangent operators applied to them and the nodal
   * forces by {@link BeamGeometricallyExactModel.forceColumn}. Every gradient entry is the expression (operations,
   * operands and order) that the earlier first-order jets formed for it, so K is the same to the last bit.
   * T_exp,SO3⁻¹ and T_uw(±h) are never formed: their products with d, r_p and r_r are written as vector forms
   * (β v + γ Ω(Ω·v) ± ½ Ω × v, and S r ∓ ½ u × r). The forces' values are not formed (the residual is
   * computeForceValues).
   */
  private stiffness(factor: number): Float64Array {
    this.relativeMotionValues();
    this.differentiateRotation();
    const K = this.localMatrix;
    for (let e = 0; e < N_VARIABLES; e++) this.forceColumn(e, factor, K);
    return K;
  }

  /**
   * ∂A_n/∂p_m of node n into this.rotationMatrixGradients at 9(4n + m) (each entry of A(ep) a quadratic form in the
   * Euler parameters p: its exact linear terms c·p_m with c ∈ {±2, −4}). The entries that are 0 (A00 does not depend
   * on p0, p1, A11 not on p0, p2, A22 not on p0, p3) are never written: +0 from the array's creation.
   */
  private eulerParameterGradients(n: number): void {
    const q = this.q, at = 7 * n + 3, g = this.rotationMatrixGradients, o = 36 * n;
    const p0 = q[at], p1 = q[at + 1], p2 = q[at + 2], p3 = q[at + 3];
    const P0 = 2 * p0, P1 = 2 * p1, P2 = 2 * p2, P3 = 2 * p3, M0 = -2 * p0, M1 = -2 * p1, M2 = -2 * p2, M3 = -2 * p3;
    const F1 = -4 * p1, F2 = -4 * p2, F3 = -4 * p3;
    // entry k of ∂A/∂p_m at o + 9m + k
    g[o + 18] = F2; g[o + 27] = F3;
    g[o + 1] = M3; g[o + 10] = P2; g[o + 19] = P1; g[o + 28] = M0;
    g[o + 2] = P2; g[o + 11] = P3; g[o + 20] = P0; g[o + 29] = P1;
    g[o + 3] = P3; g[o + 12] = P2; g[o + 21] = P1; g[o + 30] = P0;
    g[o + 13] = F1; g[o + 31] = F3;
    g[o + 5] = M1; g[o + 14] = M0; g[o + 23] = P3; g[o + 32] = P2;
    g[o + 6] = M2; g[o + 15] = P3; g[o + 24] = M0; g[o + 33] = P1;
    g[o + 7] = P1; g[o + 16] = P0; g[o + 25] = P3; g[o + 34] = P2;
    g[o + 17] = F1; g[o + 26] = F2;
  }

  /**
   * The gradients of Ω = LogSO3(R) (R = A0ᵀA1), x = |Ω|², β, γ and f8 with respect to the 8 Euler parameters into
   * this.rotationGradients (7 entries per variable; the position variables' entries stay +0). Ω = h(|w|², 1 + tr R) w
   * with w = (R21 − R12, R02 − R20, R10 − R01), h(a, c) = 2 atan2(√a, c)/√a (for small a: 2 atan(√τ)/(c √τ),
   * τ = a/c², by its series); β, γ, f8 of x by Exudyn's closed forms and series. The derivative factors are formed
   * once (as the jet operations sqrt, atan2, div, sin, cos and the series' chain formed them), then per variable the
   * expressions of the jet operations dot, addScaled, add, affine, mul and div.
   */
  private differentiateRotation(): void {
    this.eulerParameterGradients(0);
    this.eulerParameterGradients(1);
    const A0 = this.A0, A1 = this.A1, R = this.R, dA = this.rotationMatrixGradients, out = this.rotationGradients;
    const w0v = R[7] - R[5], w1v = R[2] - R[6], w2v = R[3] - R[1];
    const av = w0v * w0v + w1v * w1v + w2v * w2v;
    const cv = R[0] + R[4] + R[8] + 1;
    const closed = av > 1e-8 * cv * cv;
    // closed form: r = √a, t = affine(atan2(r, c), 2, 0), h = t·(1/r); f0 = √'s factor, f1, f2 = atan2's, f3 = t,
    // f4 = (1/r)'s factor, f5 = 1/r. Series: τ = a·(1/(c c)), s = Σ c_k τ^k, h = s·(1/c); f0 = (1/(c c))'s factor,
    // f1 = a, f2 = 1/(c c), f3 = the series' derivative, f4 = s, f5 = (1/c)'s factor, jv = 1/c
    let hv: number, f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, jv = 0;
    if (closed) {
      const rv = Math.sqrt(av), r2 = cv * cv + rv * rv, tv = 2 * Math.atan2(rv, cv) + 0, iv = 1 / rv;
      hv = tv * iv;
      f0 = 0.5 / rv; f1 = cv / r2; f2 = -rv / r2; f3 = tv; f4 = -iv * iv; f5 = iv;
    } else {
      const ccv = cv * cv, iv = 1 / ccv, tauv = av * iv, series = this.seriesHorner(tauv, SERIES_LOG), sv = series[0];
      jv = 1 / cv;
      hv = sv * jv;
      f0 = -iv * iv; f1 = av; f2 = iv; f3 = series[1]; f4 = sv; f5 = -jv * jv;
    }
    const Om = this.omegaValues, o0v = Om[0], o1v = Om[1], o2v = Om[2];
    const xv = o0v * o0v + o1v * o1v + o2v * o2v;
    // β, γ: closed, β = div(mul(half, cos half), sin half), half = affine(sqrt x, 0.5, 0), γ = div(affine(β, −1, 1), x);
    // series, γ = Σ c_k x^k, β = affine(mul(x, γ), −1, 1). f8: closed, div(add(add(mul(ph, sin ph), affine(cos ph, 4,
    // −4)), x), affine(mul(mul(s, s), mul(x, x)), 4, 0)), ph = sqrt x, s = sin(affine(ph, 0.5, 0)); series Σ c_k x^k
    const phi = Math.sqrt(xv), closedBeta = phi > 0.02, closedF8 = phi >= 0.2;
    let bDr = 0, bHv = 0, bDc = 0, bCv = 0, bTv = 0, bDi = 0, bDs = 0, bIv = 0, bAv = 0, bDj = 0, bJv = 0, gGv = 0, gDg = 0;
    if (closedBeta) {
      const r = Math.sqrt(xv);
      bDr = 0.5 / r; bHv = 0.5 * r + 0;
      bCv = Math.cos(bHv); bDc = -Math.sin(bHv); const sv = Math.sin(bHv); bDs = Math.cos(bHv);
      bTv = bHv * bCv; bIv = 1 / sv; bDi = -bIv * bIv;
      bAv = 1 - bTv * bIv; bJv = 1 / xv; bDj = -bJv * bJv;
    } else {
      const f = this.seriesHorner(xv, SERIES_GAMMA);
      gGv = f[0]; gDg = f[1];
    }
    let fR = 0, fDr = 0, fS1v = 0, fDs1 = 0, fDc1 = 0, fShv = 0, fDsh = 0, fM2v = 0, fM3v = 0, fNumv = 0, fIv = 0, fDi = 0, fDv = 0;
    if (closedF8) {
      fR = Math.sqrt(xv); fDr = 0.5 / fR;
      fS1v = Math.sin(fR); fDs1 = Math.cos(fR); const c1v = Math.cos(fR); fDc1 = -Math.sin(fR);
      fNumv = fR * fS1v + (4 * c1v + -4) + xv;
      const hv8 = 0.5 * fR + 0;
      fShv = Math.sin(hv8); fDsh = Math.cos(hv8);
      fM2v = fShv * fShv; fM3v = xv * xv;
      fIv = 1 / (4 * (fM2v * fM3v) + 0); fDi = -fIv * fIv;
    } else {
      fDv = this.seriesHorner(xv, SERIES_F8)[1];
    }
    for (let e = 0; e < N_ROTATION; e++) {
      // ∂R_ik = Σ_j A1_jk ∂A0_ji (node 0's parameters) or Σ_j A0_ji ∂A1_jk (node 1's), as H(i, k) or H(k, i) below
      const node1 = e >= 4, X = node1 ? A0 : A1, g = 9 * e;
      const G0 = dA[g], G1 = dA[g + 1], G2 = dA[g + 2], G3 = dA[g + 3], G4 = dA[g + 4], G5 = dA[g + 5], G6 = dA[g + 6], G7 = dA[g + 7], G8 = dA[g + 8];
      const X0 = X[0], X1 = X[1], X2 = X[2], X3 = X[3], X4 = X[4], X5 = X[5], X6 = X[6], X7 = X[7], X8 = X[8];
      // H(r, s) = X_s G_r + X_{3+s} G_{3+r} + X_{6+s} G_{6+r}
      const H00 = X0 * G0 + X3 * G3 + X6 * G6, H11 = X1 * G1 + X4 * G4 + X7 * G7, H22 = X2 * G2 + X5 * G5 + X8 * G8;
      const H01 = X1 * G0 + X4 * G3 + X7 * G6, H10 = X0 * G1 + X3 * G4 + X6 * G7;
      const H02 = X2 * G0 + X5 * G3 + X8 * G6, H20 = X0 * G2 + X3 * G5 + X6 * G8;
      const H12 = X2 * G1 + X5 * G4 + X8 * G7, H21 = X1 * G2 + X4 * G5 + X7 * G8;
      // w0 = R7 − R5 = R21 − R12, w1 = R2 − R6 = R02 − R20, w2 = R3 − R1 = R10 − R01
      const w0g = node1 ? H12 - H21 : H21 - H12, w1g = node1 ? H20 - H02 : H02 - H20, w2g = node1 ? H01 - H10 : H10 - H01;
      const ag = w0v * w0g + w0v * w0g + (w1v * w1g + w1v * w1g) + (w2v * w2g + w2v * w2g);
      const cg = H00 + H11 + H22;
      let hg: number;
      if (closed) {
        const rg = f0 * ag, tg = 2 * (f1 * rg + f2 * cg);
        hg = f3 * (f4 * rg) + f5 * tg;
      } else {
        const ccg = cv * cg + cv * cg, taug = f1 * (f0 * ccg) + f2 * ag, sg = f3 * taug;
        hg = f4 * (f5 * cg) + jv * sg;
      }
      const g0 = hv * w0g + w0v * hg, g1 = hv * w1g + w1v * hg, g2 = hv * w2g + w2v * hg;
      const xg = o0v * g0 + o0v * g0 + (o1v * g1 + o1v * g1) + (o2v * g2 + o2v * g2);
      let betag: number, gammag: number, f8g: number;
      if (closedBeta) {
        const hgb = 0.5 * (bDr * xg);
        const tg = bHv * (bDc * hgb) + bCv * hgb;
        betag = bTv * (bDi * (bDs * hgb)) + bIv * tg;
        gammag = bAv * (bDj * xg) - bJv * betag;
      } else {
        gammag = gDg * xg;
        betag = -1 * (xv * gammag + gGv * xg);
      }
      if (closedF8) {
        const phg = fDr * xg;
        const s1g = fDs1 * phg, m1g = fR * s1g + fS1v * phg, a1g = 4 * (fDc1 * phg);
        const numg = m1g + a1g + xg;
        const shg = fDsh * (0.5 * phg);
        const m2g = fShv * shg + fShv * shg, m3g = xv * xg + xv * xg, m4g = fM2v * m3g + fM3v * m2g;
        f8g = fNumv * (fDi * (4 * m4g)) + fIv * numg;
      } else {
        f8g = fDv * xg;
      }
      const at = 7 * e;
      out[at] = g0; out[at + 1] = g1; out[at + 2] = g2; out[at + 3] = xg; out[at + 4] = betag; out[at + 5] = gammag; out[at + 6] = f8g;
    }
  }

  /**
   * T_exp,SO3⁻¹(Ω) v (its value and its gradient for one variable) and its transpose times v into this.tsoTerms
   * ([Tso v, Tsoᵀ v] values, then their gradients): β v + γ Ω (Ω·v) ± ½ Ω × v, for v of value x and gradient y, with
   * the variable's gradients a of Ω, bg of β and gg of γ; per entry the expressions of the jet operations dot, mul
   * (γ (Ω·v)), cross, mul (β v_i), addMul (+ γ (Ω·v) Ω_i) and addScaled (± ½ (Ω × v)_i).
   */
  private tsoTerms(x0: number, x1: number, x2: number, y0: number, y1: number, y2: number, a0: number, a1: number, a2: number, bg: number, gammag: number): Float64Array {
    const Om = this.omegaValues, m = this.motionValues, o0 = Om[0], o1 = Om[1], o2 = Om[2], bv = m[3], gv = m[4], out = this.tsoValues;
    const dv = o0 * x0 + o1 * x1 + o2 * x2, gdv = gv * dv;
    const c0 = o1 * x2 - o2 * x1, c1 = o2 * x0 - o0 * x2, c2 = o0 * x1 - o1 * x0;
    const base0 = bv * x0 + gdv * o0, base1 = bv * x1 + gdv * o1, base2 = bv * x2 + gdv * o2;
    out[0] = base0 + 0.5 * c0; out[1] = base1 + 0.5 * c1; out[2] = base2 + 0.5 * c2;
    out[3] = base0 - 0.5 * c0; out[4] = base1 - 0.5 * c1; out[5] = base2 - 0.5 * c2;
    const dg = o0 * y0 + x0 * a0 + (o1 * y1 + x1 * a1) + (o2 * y2 + x2 * a2);
    const gg = gv * dg + dv * gammag;
    const e0 = o1 * y2 + x2 * a1 - (o2 * y1 + x1 * a2);
    const e1 = o2 * y0 + x0 * a2 - (o0 * y2 + x2 * a0);
    const e2 = o0 * y1 + x1 * a0 - (o1 * y0 + x0 * a1);
    const b0 = bv * y0 + x0 * bg + (gdv * a0 + o0 * gg);
    const b1 = bv * y1 + x1 * bg + (gdv * a1 + o1 * gg);
    const b2 = bv * y2 + x2 * bg + (gdv * a2 + o2 * gg);
    out[6] = b0 + 0.5 * e0; out[7] = b1 + 0.5 * e1; out[8] = b2 + 0.5 * e2;
    out[9] = b0 - 0.5 * e0; out[10] = b1 - 0.5 * e1; out[11] = b2 - 0.5 * e2;
    return out;
  }

  /**
   * Column(s) of variable e of factor ∂f/∂q: the gradients of d = A0ᵀ(p1 − p0), u = Tsoᵀ d, the stresses
   * [r_p, r_r] = K ε, posPlus/posMinus = Tsoᵀ r_p / Tso r_p and rotPlus/rotMinus = Tsoᵀ r_r + T_uw(h)ᵀ r_p /
   * Tso r_r + T_uw(−h)ᵀ r_p (with T_uw(σh)ᵀ r = S r − σ ½ u × r, S r = (γ u·r + f8 (Ω·u) Ω·r) Ω + γ (Ω·r) u
   * − (2γ Ω·u + f8 (Ω·u) |Ω|²) r), with their values, into this.nodeTerms; then both nodes' rows
   * ({@link BeamGeometricallyExactModel.nodeColumn}).
   */
  private forceColumn(e: number, factor: number, K: Float64Array): void {
    const L = this.L, k = this.k, Om = this.omegaValues, m = this.motionValues, rg = this.rotationGradients, A0 = this.A0, t = this.nodeTerms;
    const o0 = Om[0], o1 = Om[1], o2 = Om[2], d0 = m[0], d1 = m[1], d2 = m[2], gv = m[4], fv = m[5];
    const xv = o0 * o0 + o1 * o1 + o2 * o2;
    const at = 7 * e, a0 = rg[at], a1 = rg[at + 1], a2 = rg[at + 2], xg = rg[at + 3], betag = rg[at + 4], gammag = rg[at + 5], f8g = rg[at + 6];
    // d's gradient: node 0's Euler parameters through A0, 0 for node 1's, A0's row for the positions
    let y0 = 0, y1 = 0, y2 = 0;
    if (e < 4) {
      const q = this.q, dA = this.rotationMatrixGradients, g = 9 * e, dp0 = q[7] - q[0], dp1 = q[8] - q[1], dp2 = q[9] - q[2];
      y0 = dp0 * dA[g] + dp1 * dA[g + 3] + dp2 * dA[g + 6];
      y1 = dp0 * dA[g + 1] + dp1 * dA[g + 4] + dp2 * dA[g + 7];
      y2 = dp0 * dA[g + 2] + dp1 * dA[g + 5] + dp2 * dA[g + 8];
    } else if (e >= N_ROTATION) {
      const c = 3 * (e - N_ROTATION);
      y0 = A0[c]; y1 = A0[c + 1]; y2 = A0[c + 2];
    }
    // u = Tsoᵀ d; the stresses (affine): r_p = K_p u/L − [EA, 0, 0], r_r = K_r Ω/L
    let s = this.tsoTerms(d0, d1, d2, y0, y1, y2, a0, a1, a2, betag, gammag);
    const u0 = s[3], u1 = s[4], u2 = s[5], b0 = s[9], b1 = s[10], b2 = s[11];
    const cp0 = k[0] / L, cp1 = k[1] / L, cp2 = k[2] / L, cr0 = k[3] / L, cr1 = k[4] / L, cr2 = k[5] / L;
    const r0 = cp0 * u0 + -k[0], r1 = cp1 * u1 + 0, r2 = cp2 * u2 + 0, c0 = cp0 * b0, c1 = cp1 * b1, c2 = cp2 * b2;
    // node 0: posMinus = Tso r_p at 0, rotMinus at 6; node 1: posPlus = Tsoᵀ r_p at 12, rotPlus at 18 (values, then gradients)
    s = this.tsoTerms(r0, r1, r2, c0, c1, c2, a0, a1, a2, betag, gammag);
    t[0] = s[0]; t[1] = s[1]; t[2] = s[2]; t[3] = s[6]; t[4] = s[7]; t[5] = s[8];
    t[12] = s[3]; t[13] = s[4]; t[14] = s[5]; t[15] = s[9]; t[16] = s[10]; t[17] = s[11];
    s = this.tsoTerms(cr0 * o0 + 0, cr1 * o1 + 0, cr2 * o2 + 0, cr0 * a0, cr1 * a1, cr2 * a2, a0, a1, a2, betag, gammag);
    // + T_uw terms: S r_p ∓ ½ u × r_p
    const ouv = o0 * u0 + o1 * u1 + o2 * u2, f8ouv = fv * ouv;
    const omRv = o0 * r0 + o1 * r1 + o2 * r2, urv = u0 * r0 + u1 * r1 + u2 * r2;
    const cOmv = gv * urv + f8ouv * omRv, cUv = gv * omRv, cRv = 2 * (gv * ouv) + 0 + f8ouv * xv;
    const e0v = u1 * r2 - u2 * r1, e1v = u2 * r0 - u0 * r2, e2v = u0 * r1 - u1 * r0;
    const s0v = cOmv * o0 + cUv * u0 - cRv * r0;
    const s1v = cOmv * o1 + cUv * u1 - cRv * r1;
    const s2v = cOmv * o2 + cUv * u2 - cRv * r2;
    t[18] = s0v - 0.5 * e0v + s[3]; t[19] = s1v - 0.5 * e1v + s[4]; t[20] = s2v - 0.5 * e2v + s[5];
    t[6] = s0v + 0.5 * e0v + s[0]; t[7] = s1v + 0.5 * e1v + s[1]; t[8] = s2v + 0.5 * e2v + s[2];
    const oug = o0 * b0 + u0 * a0 + (o1 * b1 + u1 * a1) + (o2 * b2 + u2 * a2);
    const f8oug = fv * oug + ouv * f8g;
    const omRg = o0 * c0 + r0 * a0 + (o1 * c1 + r1 * a1) + (o2 * c2 + r2 * a2);
    const urg = u0 * c0 + r0 * b0 + (u1 * c1 + r1 * b1) + (u2 * c2 + r2 * b2);
    const cOmg = gv * urg + urv * gammag + (f8ouv * omRg + omRv * f8oug);
    const cUg = gv * omRg + omRv * gammag;
    const cRg = 2 * (gv * oug + ouv * gammag) + (f8ouv * xg + xv * f8oug);
    const e0 = u1 * c2 + r2 * b1 - (u2 * c1 + r1 * b2);
    const e1 = u2 * c0 + r0 * b2 - (u0 * c2 + r2 * b0);
    const e2 = u0 * c1 + r1 * b0 - (u1 * c0 + r0 * b1);
    const s0 = cOmv * a0 + o0 * cOmg + (cUv * b0 + u0 * cUg) - (cRv * c0 + r0 * cRg);
    const s1 = cOmv * a1 + o1 * cOmg + (cUv * b1 + u1 * cUg) - (cRv * c1 + r1 * cRg);
    const s2 = cOmv * a2 + o2 * cOmg + (cUv * b2 + u2 * cUg) - (cRv * c2 + r2 * cRg);
    t[21] = s0 - 0.5 * e0 + s[9]; t[22] = s1 - 0.5 * e1 + s[10]; t[23] = s2 - 0.5 * e2 + s[11];
    t[9] = s0 + 0.5 * e0 + s[6]; t[10] = s1 + 0.5 * e1 + s[7]; t[11] = s2 + 0.5 * e2 + s[8];
    this.nodeColumn(0, e, factor, K);
    this.nodeColumn(1, e, factor, K);
  }

  /**
   * Node n's 7 rows of column(s) e of factor ∂f/∂q into K from this.nodeTerms (pos and rot of node n, values then
   * gradients): the gradient entries of the forces sign·(A_n pos)_i and (G_lᵀ total)_k (total = sign·rot, or with the
   * quadratic velocity term) in the expressions of the jet operations affine, dot3 and affine, and of G_l's jets
   * (values c·p_m + 0, gradient c at one Euler parameter, exactly 0 elsewhere), times factor into the column of
   * {@link variableColumn} (node 0's position columns negated).
   */
  private nodeColumn(n: number, e: number, factor: number, K: Float64Array): void {
    const A = n === 0 ? this.A0 : this.A1, t = this.nodeTerms, o = 12 * n, sign = n === 0 ? -1 : 1;
    // quadratic velocity term (L/2) ω̄ × (J ω̄), ω̄ = G_l θ̇ (θ̇ constant for ∂/∂q); with θ̇ = 0 (static solves) every
    // value and derivative of ω̄ and of the term is +0 or −0, and adding it changes nothing: skipped
    const velocity = this.angularVelocityNonzero(n);
    if (velocity) this.addVelocityTerm(n, e, sign);
    // total = affine(rot, sign, 0) without the velocity term: its value sign·v + 0, its gradient sign·g
    const t0v = velocity ? t[o + 6] : sign * t[o + 6] + 0, t1v = velocity ? t[o + 7] : sign * t[o + 7] + 0, t2v = velocity ? t[o + 8] : sign * t[o + 8] + 0;
    const p0v = t[o], p1v = t[o + 1], p2v = t[o + 2], b0 = t[o + 3], b1 = t[o + 4], b2 = t[o + 5];
    // A_n's gradients: c·p at node n's Euler parameters, +0 at the other variables
    const own = e >= 4 * n && e < 4 * n + 4, dA = this.rotationMatrixGradients, g = 9 * e;
    const a0g = own ? dA[g] : 0, a1g = own ? dA[g + 1] : 0, a2g = own ? dA[g + 2] : 0, a3g = own ? dA[g + 3] : 0, a4g = own ? dA[g + 4] : 0;
    const a5g = own ? dA[g + 5] : 0, a6g = own ? dA[g + 6] : 0, a7g = own ? dA[g + 7] : 0, a8g = own ? dA[g + 8] : 0;
    // G_l = 2[−e, e0 I − ẽ] (gLocalEntries): column k's entries c·p_m + 0, their gradients c at variable 4n + m
    const q = this.q, at = 7 * n + 3, e0 = q[at], e1 = q[at + 1], e2 = q[at + 2], e3 = q[at + 3];
    const g00 = -2 * e1 + 0, g10 = -2 * e2 + 0, g20 = -2 * e3 + 0;
    const g01 = 2 * e0 + 0, g11 = -2 * e3 + 0, g21 = 2 * e2 + 0;
    const g02 = 2 * e3 + 0, g12 = 2 * e0 + 0, g22 = -2 * e1 + 0;
    const g03 = -2 * e2 + 0, g13 = 2 * e1 + 0, g23 = 2 * e0 + 0;
    // G_l's gradient terms t_k·c (c = ±2 at the variable of p_m, 0 at the others)
    const t0z = t0v * 0, t1z = t1v * 0, t2z = t2v * 0;
    const t0p = t0v * 2, t1p = t1v * 2, t2p = t2v * 2, t0m = t0v * -2, t1m = t1v * -2, t2m = t2v * -2;
    // the products with factor = 1 (static solves) and sign = 1 (node 1) left out, −1·y written −y: the same bits
    const scaled = factor !== 1, negated = n === 0, plain = velocity || !negated;
    const tg0 = plain ? t[o + 9] : -t[o + 9], tg1 = plain ? t[o + 10] : -t[o + 10], tg2 = plain ? t[o + 11] : -t[o + 11];
    const m = e - 4 * n;
    const s0 = A[0] * b0 + p0v * a0g + (A[1] * b1 + p1v * a1g) + (A[2] * b2 + p2v * a2g);
    const s1 = A[3] * b0 + p0v * a3g + (A[4] * b1 + p1v * a4g) + (A[5] * b2 + p2v * a5g);
    const s2 = A[6] * b0 + p0v * a6g + (A[7] * b1 + p1v * a7g) + (A[8] * b2 + p2v * a8g);
    const s3 = g00 * tg0 + (m === 1 ? t0m : t0z) + (g10 * tg1 + (m === 2 ? t1m : t1z)) + (g20 * tg2 + (m === 3 ? t2m : t2z));
    const s4 = g01 * tg0 + (m === 0 ? t0p : t0z) + (g11 * tg1 + (m === 3 ? t1m : t1z)) + (g21 * tg2 + (m === 2 ? t2p : t2z));
    const s5 = g02 * tg0 + (m === 3 ? t0p : t0z) + (g12 * tg1 + (m === 0 ? t1p : t1z)) + (g22 * tg2 + (m === 1 ? t2m : t2z));
    const s6 = g03 * tg0 + (m === 2 ? t0m : t0z) + (g13 * tg1 + (m === 1 ? t1p : t1z)) + (g23 * tg2 + (m === 0 ? t2p : t2z));
    const n0 = negated ? -s0 : s0, n1 = negated ? -s1 : s1, n2 = negated ? -s2 : s2;
    const f0 = scaled ? factor * n0 : n0, f1 = scaled ? factor * n1 : n1, f2 = scaled ? factor * n2 : n2;
    const f3 = scaled ? factor * s3 : s3, f4 = scaled ? factor * s4 : s4, f5 = scaled ? factor * s5 : s5, f6 = scaled ? factor * s6 : s6;
    const r0 = 7 * n * N_LOCAL, r1 = r0 + N_LOCAL, r2 = r1 + N_LOCAL, r3 = r2 + N_LOCAL, r4 = r3 + N_LOCAL, r5 = r4 + N_LOCAL, r6 = r5 + N_LOCAL;
    const c = variableColumn[e];
    K[r0 + c] = f0; K[r1 + c] = f1; K[r2 + c] = f2; K[r3 + c] = f3; K[r4 + c] = f4; K[r5 + c] = f5; K[r6 + c] = f6;
    if (e >= N_ROTATION) {
      const c0 = e - N_ROTATION;
      K[r0 + c0] = -f0; K[r1 + c0] = -f1; K[r2 + c0] = -f2; K[r3 + c0] = -f3; K[r4 + c0] = -f4; K[r5 + c0] = -f5; K[r6 + c0] = -f6;
    }
  }

  /**
   * Node n's rot (value and gradient for variable e, in this.nodeTerms) replaced by total = sign·rot + (L/2) ω̄ × (J ω̄),
   * ω̄ = G_l θ̇: the expressions of the jet operations affine and addScaled (ω̄ and J ω̄ from G_l's jets), cross and
   * affine/addScaled (total).
   */
  private addVelocityTerm(n: number, e: number, sign: number): void {
    const q = this.q, u = this.u, J = this.J, at = 7 * n + 3, slot = 4 * n, w = this.velocityTerms, t = this.nodeTerms, o = 12 * n;
    // ω̄_i = Σ_k θ̇_k G_l,ik (affine, then addScaled): values at 3i, gradients at 3i + 1
    for (let i = 0; i < 3; i++) {
      let ov = 0, og = 0;
      for (let kk = 0; kk < 4; kk++) {
        const entry = 4 * i + kk, c = gLocalEntries[2 * entry], mm = gLocalEntries[2 * entry + 1];
        const Gv = c * q[at + mm] + 0, Gg = e === slot + mm ? c : 0;
        if (kk === 0) { ov = u[at] * Gv + 0; og = u[at] * Gg; } else { ov = ov + u[at + kk] * Gv; og = og + u[at + kk] * Gg; }
      }
      w[2 * i] = ov; w[2 * i + 1] = og;
    }
    // J ω̄ at 6 + 2i
    for (let i = 0; i < 3; i++) {
      const v = J[3 * i] * w[0] + 0 + J[3 * i + 1] * w[2] + J[3 * i + 2] * w[4];
      const g = J[3 * i] * w[1] + J[3 * i + 1] * w[3] + J[3 * i + 2] * w[5];
      w[6 + 2 * i] = v; w[7 + 2 * i] = g;
    }
    const halfL = 0.5 * this.L;
    for (let kk = 0; kk < 3; kk++) {
      const i = (kk + 1) % 3, j = (kk + 2) % 3;
      const av = w[2 * i], ag = w[2 * i + 1], bv = w[6 + 2 * j], bg = w[7 + 2 * j], cv = w[2 * j], cg = w[2 * j + 1], dv = w[6 + 2 * i], dg = w[7 + 2 * i];
      const qv = av * bv + -1 * (cv * dv), qg = av * bg + bv * ag + -1 * (cv * dg + dv * cg);
      t[o + 6 + kk] = sign * t[o + 6 + kk] + 0 + halfL * qv;
      t[o + 9 + kk] = sign * t[o + 9 + kk] + halfL * qg;
    }
  }

  /** ∂/∂θ̇ of (L/2) G_lᵀ (ω̄ × Jω̄): (L/2) G_lᵀ (ω̄̃ J − (Jω̄)~) G_l per node. */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    const D = this.localMatrix.fill(0), w = 0.5 * this.L * factor;
    const M = this.dampingBlock;
    for (let n = 0; n < 2; n++) {
      this.gLocalValues(n);
      const g = this.gl;
      const om = this.dampingOmega, Jw = this.dampingJOmega, u = this.u, J = this.J, at = 7 * n + 3;
      for (let i = 0; i < 3; i++) om[i] = g[4 * i] * u[at] + g[4 * i + 1] * u[at + 1] + g[4 * i + 2] * u[at + 2] + g[4 * i + 3] * u[at + 3];
      for (let i = 0; i < 3; i++) Jw[i] = J[3 * i] * om[0] + J[3 * i + 1] * om[1] + J[3 * i + 2] * om[2];
      // M = ω̃ J − (Jω)~
      const so = skewInto(this.dampingOmegaSkew, om), sj = skewInto(this.dampingJOmegaSkew, Jw);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) M[3 * i + j] = so[3 * i] * J[j] + so[3 * i + 1] * J[3 + j] + so[3 * i + 2] * J[6 + j] - sj[3 * i + j];
      for (let a = 0; a < 4; a++) {
        for (let b = 0; b < 4; b++) {
          let sum = 0;
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) sum += g[4 * i + a] * M[3 * i + j] * g[4 * j + b];
          D[(7 * n + 3 + a) * N_LOCAL + 7 * n + 3 + b] = w * sum;
        }
      }
    }
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, D, 0, N_LOCAL, 1);
  }

  /** Markers on the element are not supported (as in Exudyn): attach them to the nodes. */
  nodesAt(): readonly NodeModel[] {
    return itemError(this.label, 'localPosition', 'markers cannot be attached to an ObjectBeamGeometricallyExact (as in Exudyn): attach them to its nodes');
  }

  positionJacobian(): void {
    itemError(this.label, 'localPosition', 'markers cannot be attached to an ObjectBeamGeometricallyExact (as in Exudyn): attach them to its nodes');
  }

  /**
   * The frame at x: H₀ exp(S₁ h), S₁ = 1/2 + x/L (node 0 at x = −L/2, node 1 at L/2), from the coordinates in this.q;
   * writes the position of [x, y, z] and the rotation matrix.
   */
  private frameAt(localPosition: ArrayLike<number>, p: Float64Array, A: Float64Array): void {
    this.computeForceValues(this.forceValues);
    const sigma = 0.5 + (localPosition[0] ?? 0) / this.L;
    const rot = [0, 1, 2].map((k) => sigma * this.h[3 + k]);
    const A0 = new Float64Array(9), E = new Float64Array(9), T = new Float64Array(9);
    const e = this.q.subarray(3, 7);
    A0.set([1 - 2 * (e[2] * e[2] + e[3] * e[3]), 2 * (e[1] * e[2] - e[0] * e[3]), 2 * (e[1] * e[3] + e[0] * e[2]),
      2 * (e[1] * e[2] + e[0] * e[3]), 1 - 2 * (e[1] * e[1] + e[3] * e[3]), 2 * (e[2] * e[3] - e[0] * e[1]),
      2 * (e[1] * e[3] - e[0] * e[2]), 2 * (e[2] * e[3] + e[0] * e[1]), 1 - 2 * (e[1] * e[1] + e[2] * e[2])]);
    expSO3Into(E, rot);
    tExpSO3Into(T, rot);
    // local translation Tᵀ (σ u), then p = p₀ + A₀ (that + E [0, y, z]), A = A₀ E
    const y = localPosition[1] ?? 0, z = localPosition[2] ?? 0;
    const local = [0, 1, 2].map((i) => sigma * (T[i] * this.h[0] + T[3 + i] * this.h[1] + T[6 + i] * this.h[2]) + E[3 * i + 1] * y + E[3 * i + 2] * z);
    for (let i = 0; i < 3; i++) {
      p[i] = this.q[i] + A0[3 * i] * local[0] + A0[3 * i + 1] * local[1] + A0[3 * i + 2] * local[2];
      for (let j = 0; j < 3; j++) A[3 * i + j] = A0[3 * i] * E[j] + A0[3 * i + 1] * E[3 + j] + A0[3 * i + 2] * E[6 + j];
    }
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s);
    this.frameAt(localPosition, out, new Float64Array(9));
  }

  /** Exudyn's velocity: interpolated node velocities plus A(x) (interpolated ω̄ × [0, y, z]). */
  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const S1 = 0.5 + (localPosition[0] ?? 0) / this.L, S0 = 1 - S1;
    this.gather(s);
    const A = new Float64Array(9);
    this.frameAt(localPosition, new Float64Array(3), A);
    const omega = [0, 0, 0];
    for (let n = 0; n < 2; n++) {
      this.gLocalValues(n);
      for (let i = 0; i < 3; i++) {
        let w = 0;
        for (let k = 0; k < 4; k++) w += this.gl[4 * i + k] * this.u[7 * n + 3 + k];
        omega[i] += (n === 0 ? S0 : S1) * w;
      }
    }
    const y = localPosition[1] ?? 0, z = localPosition[2] ?? 0;
    const c = [omega[1] * z - omega[2] * y, omega[2] * 0 - omega[0] * z, omega[0] * y - omega[1] * 0];
    for (let i = 0; i < 3; i++) out[i] = S0 * this.u[i] + S1 * this.u[7 + i] + A[3 * i] * c[0] + A[3 * i + 1] * c[1] + A[3 * i + 2] * c[2];
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        this.nodes.forEach((node, n) => { for (let k = 0; k < 7; k++) this.q[7 * n + k] = node.referenceCoordinates[k]; });
        const p0 = new Float64Array(3);
        this.frameAt(localPosition, p0, new Float64Array(9));
        this.position(s, localPosition, out);
        for (let k = 0; k < 3; k++) out[k] -= p0[k];
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** Exudyn's 3D geometrically exact beam (ObjectBeamGeometricallyExact). */
export const objectBeamGeometricallyExactDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'BeamGeometricallyExact',
  description: 'A 3D geometrically exact (Simo–Reissner) beam after Exudyn\'s Lie-group SE(3) element on two RigidBodyEP nodes: the relative motion of the node frames h = log(H₀⁻¹H₁) gives constant axial/shear strains and twist/curvatures ε = (h − [L, 0, 0, 0, 0, 0])/L, the nodal forces are the SE(3) tangent-operator transposes times Kε; lumped mass. '
    + 'Markers attach to the nodes only (as in Exudyn). Local positions [x, y, z], x ∈ [−L/2, L/2]: the frame H₀ exp((1/2 + x/L) h).',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity],
  equations: [
    'H_i = (A_i, p_i) node frames; H₀⁻¹H₁ = exp(h), h = [u, Ω], Ω = log(A₀ᵀA₁), u = T_exp,SO3⁻¹(Ω)ᵀ A₀ᵀ(p₁ − p₀).',
    'ε = (h − [L, 0, 0, 0, 0, 0])/L, σ = K ε with K = diag(EA, GA_y, GA_z, GJ, EI_y, EI_z).',
    'Forces on node 1: T_exp,SE3⁻¹(h)ᵀ σ, on node 0: −T_exp,SE3⁻¹(−h)ᵀ σ; translational part times A_i, rotational part times G_l,iᵀ.',
    'Mass: ρA L/2 I and (L/2) G_lᵀ J G_l per node, quadratic velocity term (L/2) G_lᵀ (ω̄ × J ω̄).',
  ].join('\n'),
  example: (mbs) => {
    const ep = (angle: number, axis: number[]) => [Math.cos(angle / 2), ...axis.map((c) => c * Math.sin(angle / 2))];
    const nodes = [[0, 0, 0, ...ep(0.1, [0, 0, 1])], [1, 0.2, -0.1, ...ep(0.4, [0.6, 0, 0.8])]].map((r, i) => mbs.addNode({
      nodeType: 'RigidBodyEP', referenceCoordinates: r, initialCoordinates: [0.02 * i, -0.01, 0.03 * i, 0, 0, 0, 0], initialVelocities: [0.1, -0.2 * i, 0.3, 0.05, -0.1, 0.2 * i, 0.1],
    }));
    const diagonal = (values: number[]) => values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));
    const sectionData = { massPerLength: 0.8, inertia: [[0.02, 0.001, 0], [0.001, 0.01, 0.002], [0, 0.002, 0.015]], stiffnessMatrix: diagonal([50, 20, 25, 1, 2, 3]) };
    return mbs.addObject({ objectType: 'BeamGeometricallyExact', nodeNumbers: nodes, physicsLength: 1, sectionData });
  },
  create: (v, label) => new BeamGeometricallyExactModel(label, v),
};

/** Factory for a 3D geometrically exact beam element. */
export const ObjectBeamGeometricallyExact = makeFactory(objectBeamGeometricallyExactDefinition);
