import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndexArray, ureal, type ParameterValues } from '../../registry/parameters.ts';
import { Jet2Pool, type Jet2 } from '../../linalg/jet2.ts';
import { BeamSection, checkSectionMatrix, sectionDataParameter, type BeamSectionValues } from './beamSection.ts';
import { expSO3Into, tExpSO3Into } from '../../rotations/rotationMatrices.ts';

const parameters = {
  nodeNumbers: nodeIndexArray('Two RigidBodyEP nodes [n0, n1] at x = −L/2 and L/2.', 2),
  physicsLength: ureal(0, 'Reference length L [m] of the element; must be positive.'),
  sectionData: sectionDataParameter('diagonal stiffness [EA, GA_y, GA_z, GJ, EI_y, EI_z], cross-section inertia J (3 × 3), mass per length; no damping'),
};

type BeamValues = ParameterValues<typeof parameters>;

/** Node coordinates [p (3), Euler parameters (4)] of two nodes. */
const N_LOCAL = 14;
/**
 * Jet variables (gradient slots) of the Jacobian: node 0's Euler parameters (0–3), node 1's (4–7), node 1's position
 * (8–10). The forces depend on the positions through p₁ − p₀ only, so ∂/∂p₀ = −∂/∂p₁ in every operation (each is
 * linear in the gradients and rounds symmetrically): node 0's position is not a jet variable, its columns are the
 * negated columns of node 1's. The relative rotation and everything computed from it depend on the first
 * {@link N_ROTATION} variables only.
 */
const N_JET = 11;
/** Jet variables of the Euler parameters (the relative rotation's variables). */
const N_ROTATION = 8;
/** The column (node coordinate 0 … 13) of jet variable e; node 0's position columns 0–2 are −(those of variables 8–10). */
const jetColumn = Int8Array.from([3, 4, 5, 6, 10, 11, 12, 13, 7, 8, 9]);

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

/** Jets in a fixed order per evaluation: 3-vectors and 3 × 3 matrices (row-major) of jets. */
type Vec = Jet2[];

/** First-order jets of all elements (one evaluation at a time) over the jet variables. */
function createWorkspace() {
  return { pool: new Jet2Pool(N_JET, 900, false) };
}
/** The jets, created on first use (not when the module loads: a model without these elements never needs them). */
let sharedWorkspace: ReturnType<typeof createWorkspace> | undefined;
function workspace(): ReturnType<typeof createWorkspace> {
  return sharedWorkspace ??= createWorkspace();
}

/** The entries of G_l(ep) = 2[−e, e0 I − ẽ] (3 × 4 row-major) as pairs (c, m): c·p_m. */
const gLocalEntries = Int8Array.from([-2, 1, 2, 0, 2, 3, -2, 2, -2, 2, -2, 3, 2, 0, 2, 1, -2, 3, 2, 2, -2, 1, 2, 0]);

/**
 * Run-time model of Exudyn's 3D geometrically exact beam (Lie-group SE(3) interpolation, two rigid-body nodes with Euler
 * parameters): the relative motion H₀⁻¹H₁ = exp(h) of the node frames gives the strains ε = (h − [L, 0, 0, 0, 0, 0])/L
 * (constant along the element); nodal forces (T_exp⁻¹(±h))ᵀ K ε mapped to the node coordinates (positions through A_i,
 * rotations through G_l,iᵀ); lumped mass (ρA L/2, L/2 G_lᵀ J G_l) with its quadratic velocity term. ∂f/∂q by forward
 * differentiation (first-order jets over the 14 coordinates), ∂f/∂u analytic.
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
  private readonly pool = workspace().pool;
  private readonly q = new Float64Array(N_LOCAL);
  private readonly u = new Float64Array(N_LOCAL);
  private readonly localMatrix = denseLocalMatrix(N_LOCAL);
  private readonly gl = new Float64Array(12);

  /** Jet vectors and matrices of the jet path (stiffness): preallocated arrays, their entries pool jets per call. */
  private readonly jets = {
    A0: new Array<Jet2>(9), A1: new Array<Jet2>(9), R: new Array<Jet2>(9), Gl: new Array<Jet2>(12),
    d: new Array<Jet2>(3), Om: new Array<Jet2>(3), uDisp: new Array<Jet2>(3), res: new Array<Jet2>(6),
    posPlus: new Array<Jet2>(3), posMinus: new Array<Jet2>(3), rotPlus: new Array<Jet2>(3), rotMinus: new Array<Jet2>(3),
    rot: new Array<Jet2>(3), omega: new Array<Jet2>(3), Jw: new Array<Jet2>(3), total: new Array<Jet2>(3),
    factors: new Array<Jet2>(4),
  };
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
   * A(ep) of node n as 9 jets into A (Exudyn's form, as NodeRigidBodyEP's orientation): the values of rotationValues,
   * the gradients written out (each entry a quadratic form in the Euler parameters p: ∂/∂p its exact linear terms
   * c·p_m with c ∈ {±2, −4}, the numbers of differentiating the products on jets; the other jet variables exactly 0).
   * Written out, not from a table: one product per distinct c·p_m, no call per entry (cheap in baseline code).
   */
  private rotation(n: number, A: Vec): void {
    const a = n === 0 ? this.A0 : this.A1, q = this.q, at = 7 * n + 3, s = 4 * n;
    this.rotationValues(n, a);
    const p0 = q[at], p1 = q[at + 1], p2 = q[at + 2], p3 = q[at + 3];
    const P0 = 2 * p0, P1 = 2 * p1, P2 = 2 * p2, P3 = 2 * p3, M0 = -2 * p0, M1 = -2 * p1, M2 = -2 * p2, M3 = -2 * p3;
    const F1 = -4 * p1, F2 = -4 * p2, F3 = -4 * p3;
    A[0] = this.epJet(a[0], s, 0, 0, F2, F3);
    A[1] = this.epJet(a[1], s, M3, P2, P1, M0);
    A[2] = this.epJet(a[2], s, P2, P3, P0, P1);
    A[3] = this.epJet(a[3], s, P3, P2, P1, P0);
    A[4] = this.epJet(a[4], s, 0, F1, 0, F3);
    A[5] = this.epJet(a[5], s, M1, M0, P3, P2);
    A[6] = this.epJet(a[6], s, M2, P3, M0, P1);
    A[7] = this.epJet(a[7], s, P1, P0, P3, P2);
    A[8] = this.epJet(a[8], s, 0, F1, F2, 0);
  }

  /** A new jet with value v and gradient [g0, g1, g2, g3] at jet variables s … s + 3, exactly 0 elsewhere. */
  private epJet(v: number, s: number, g0: number, g1: number, g2: number, g3: number): Jet2 {
    const out = this.pool.take(), g = out.g;
    out.v = v;
    g.fill(0);
    g[s] = g0; g[s + 1] = g1; g[s + 2] = g2; g[s + 3] = g3;
    return out;
  }

  /** G_l(ep) of node n as 12 jets (3 × 4 row-major) into G: 2[−e, e0 I − ẽ] (entries ±2 p_k, gradients ±2). */
  private gLocalJets(n: number, G: Vec): void {
    for (let i = 0; i < 12; i++) G[i] = this.linearEpJet(n, gLocalEntries[2 * i], gLocalEntries[2 * i + 1]);
  }

  /** The jet of c·p_m + 0 of node n's Euler parameters: gradient c at p_m, 0 at the others. */
  private linearEpJet(n: number, c: number, m: number): Jet2 {
    const pool = this.pool, out = pool.constant(c * this.q[7 * n + 3 + m] + 0, pool.take());
    if (pool.derivatives) {
      const g = out.g, slot = 4 * n;
      for (let k = 0; k < 4; k++) g[slot + k] = k === m ? c : 0;
    }
    return out;
  }

  /** {@link BeamGeometricallyExactModel.stiffness}' first part: A0, A1, d, R, Ω and factors = [|Ω|², β, γ, f8]. */
  private relativeMotionJets(): void {
    const pool = this.pool, j = this.jets;
    const A0 = j.A0, A1 = j.A1, R = j.R, d = j.d, Om = j.Om;
    this.rotation(0, A0);
    this.rotation(1, A1);
    // d = A0ᵀ (p1 − p0), R = A0ᵀ A1
    // (the gradients written out as sparse sums: d's of the positions and node 0's Euler parameters, R's of the 8 Euler
    // parameters; each entry the terms that jets' dot3 forms, in its order, without its products with zero gradients)
    const q = this.q, dp0 = q[7] - q[0], dp1 = q[8] - q[1], dp2 = q[9] - q[2];
    for (let i = 0; i < 3; i++) d[i] = this.directionJet(A0[i], A0[3 + i], A0[6 + i], dp0, dp1, dp2);
    pool.activeVariables = N_ROTATION;
    for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) R[3 * i + k] = this.relativeRotationJet(A0[i], A0[3 + i], A0[6 + i], A1[k], A1[3 + k], A1[6 + k]);
    const x = this.logJets();
    // T_exp,SO3⁻¹(Ω) = β I + ½ Ω̃ + γ ΩΩᵀ, T_uw = ½ ũ + γ (ũΩ̃ + Ω̃ũ) + f8 (Ω·u) Ω̃²
    const beta = pool.take(), gamma = pool.take(), f8 = pool.take();
    this.expFactors(x, beta, gamma, f8);
    // back to all jet variables: the position gradients of the rotation's quantities used below are 0
    pool.activeVariables = N_JET;
    if (pool.derivatives) {
      for (let k = 0; k < 3; k++) Om[k].g.fill(0, N_ROTATION);
      x.g.fill(0, N_ROTATION); beta.g.fill(0, N_ROTATION); gamma.g.fill(0, N_ROTATION); f8.g.fill(0, N_ROTATION);
    }
    const factors = j.factors;
    factors[0] = x; factors[1] = beta; factors[2] = gamma; factors[3] = f8;
  }

  /**
   * Ω = LogSO3(R) = h(|w|², 1 + tr R) w with w = (R21 − R12, R02 − R20, R10 − R01), h(a, c) = 2 atan2(√a, c)/√a
   * (for small a: 2 atan(√τ)/(c √τ), τ = a/c², by its series; the next term τ³/7 is below 1e-24), into the jets
   * jets.Om, and x = |Ω|² (a new jet, returned), over the active variables: per gradient entry the operations and
   * order of the jet operations addScaled, dot, add, affine, sqrt, atan2, div (inverse and mul), mul and the series'
   * chain, in one pass with the operands in locals (the derivative factors formed once, as those operations form them).
   */
  private logJets(): Jet2 {
    const pool = this.pool, R = this.jets.R, Om = this.jets.Om, m = pool.activeVariables;
    const R0 = R[0], R1 = R[1], R2 = R[2], R3 = R[3], R4 = R[4], R5 = R[5], R6 = R[6], R7 = R[7], R8 = R[8];
    const R0g = R0.g, R1g = R1.g, R2g = R2.g, R3g = R3.g, R4g = R4.g, R5g = R5.g, R6g = R6.g, R7g = R7.g, R8g = R8.g;
    const w0v = R7.v - R5.v, w1v = R2.v - R6.v, w2v = R3.v - R1.v;
    const av = w0v * w0v + w1v * w1v + w2v * w2v;
    const cv = R0.v + R4.v + R8.v + 1;
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
    const O0 = pool.take(), O1 = pool.take(), O2 = pool.take(), x = pool.take();
    const o0v = hv * w0v, o1v = hv * w1v, o2v = hv * w2v;
    O0.v = o0v; O1.v = o1v; O2.v = o2v;
    x.v = o0v * o0v + o1v * o1v + o2v * o2v;
    const o0g = O0.g, o1g = O1.g, o2g = O2.g, xg = x.g;
    for (let i = 0; i < m; i++) {
      const w0g = R7g[i] - R5g[i], w1g = R2g[i] - R6g[i], w2g = R3g[i] - R1g[i];
      const ag = w0v * w0g + w0v * w0g + (w1v * w1g + w1v * w1g) + (w2v * w2g + w2v * w2g);
      const cg = R0g[i] + R4g[i] + R8g[i];
      let hg: number;
      if (closed) {
        const rg = f0 * ag, tg = 2 * (f1 * rg + f2 * cg);
        hg = f3 * (f4 * rg) + f5 * tg;
      } else {
        const ccg = cv * cg + cv * cg, taug = f1 * (f0 * ccg) + f2 * ag, sg = f3 * taug;
        hg = f4 * (f5 * cg) + jv * sg;
      }
      const g0 = hv * w0g + w0v * hg, g1 = hv * w1g + w1v * hg, g2 = hv * w2g + w2v * hg;
      o0g[i] = g0; o1g[i] = g1; o2g[i] = g2;
      xg[i] = o0v * g0 + o0v * g0 + (o1v * g1 + o1v * g1) + (o2v * g2 + o2v * g2);
    }
    Om[0] = O0; Om[1] = O1; Om[2] = O2;
    return x;
  }

  /**
   * {@link BeamGeometricallyExactModel.stiffness}' second part: the displacement u, the stresses res, and
   * posPlus/posMinus, rotPlus/rotMinus (the tangent operators applied to them).
   */
  private stressJets(): void {
    const pool = this.pool, L = this.L, j = this.jets, Om = j.Om, d = j.d, uDisp = j.uDisp, res = j.res;
    const x = j.factors[0], beta = j.factors[1], gamma = j.factors[2], f8 = j.factors[3];
    // T_exp,SO3⁻¹(Ω) v = β v + γ Ω (Ω·v) + ½ Ω × v, its transpose with −½ Ω × v (vector forms, no matrices): u = Tsoᵀ d
    this.tsoApply(Om, beta, gamma, d, undefined, uDisp);
    // ε = (h − h₀)/L, stresses K ε: res = [r_p (3), r_r (3)]
    res[0] = pool.affine(uDisp[0], this.k[0] / L, -this.k[0], pool.take());
    res[1] = pool.affine(uDisp[1], this.k[1] / L, 0, pool.take());
    res[2] = pool.affine(uDisp[2], this.k[2] / L, 0, pool.take());
    for (let k = 0; k < 3; k++) res[3 + k] = pool.affine(Om[k], this.k[3 + k] / L, 0, pool.take());
    const rp = pool.triple(res[0], res[1], res[2]), rr = pool.triple(res[3], res[4], res[5]);
    // node 1: [Tsoᵀ r_p ; T_uw(h)ᵀ r_p + Tsoᵀ r_r]; node 0: −[Tso r_p ; T_uw(−h)ᵀ r_p + Tso r_r] (T_exp⁻¹(−h) = [Tsoᵀ, T_uw(−h); 0, Tsoᵀ])
    const posMinus = j.posMinus, posPlus = j.posPlus, rotMinus = j.rotMinus, rotPlus = j.rotPlus;
    this.tsoApply(Om, beta, gamma, rp, posMinus, posPlus);
    this.tsoApply(Om, beta, gamma, rr, rotMinus, rotPlus);
    // T_uw(σh) = σ ½ ũ + S with the symmetric S = γ (ũΩ̃ + Ω̃ũ) + f8 (Ω·u) Ω̃², so T_uw(σh)ᵀ r = S r − σ ½ u × r, and
    // (a × (b × c) = b (a·c) − c (a·b)) S r = (γ u·r + f8 (Ω·u) Ω·r) Ω + γ (Ω·r) u − (2γ Ω·u + f8 (Ω·u) |Ω|²) r
    this.addTuwTerms(Om, uDisp, rp, x, gamma, f8, rotPlus, rotMinus);
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

  /** total = sign·rot + (L/2) ω̄ × (J ω̄) as jets for node n (jets.rot set; G_l's jets into jets.Gl), ω̄ = G_l θ̇. */
  private totalWithVelocityTerm(n: number, sign: number): void {
    const pool = this.pool, { Gl, omega, Jw, rot, total } = this.jets;
    this.gLocalJets(n, Gl);
    for (let i = 0; i < 3; i++) {
      const o = pool.affine(Gl[4 * i], this.u[7 * n + 3], 0, pool.take());
      for (let k = 1; k < 4; k++) pool.addScaled(o, this.u[7 * n + 3 + k], Gl[4 * i + k], o);
      omega[i] = o;
    }
    for (let i = 0; i < 3; i++) {
      const o = pool.affine(omega[0], this.J[3 * i], 0, pool.take());
      pool.addScaled(o, this.J[3 * i + 1], omega[1], o);
      Jw[i] = pool.addScaled(o, this.J[3 * i + 2], omega[2], o);
    }
    const qv = pool.cross(omega, Jw, pool.vector());
    for (let i = 0; i < 3; i++) total[i] = pool.addScaled(pool.affine(rot[i], sign, 0, pool.take()), 0.5 * this.L, qv[i], pool.take());
  }

  /** True unless node n's Euler-parameter velocities are all zero (then ω̄ = 0 and the quadratic velocity term vanishes). */
  private angularVelocityNonzero(n: number): boolean {
    const u = this.u, at = 7 * n + 3;
    return u[at] !== 0 || u[at + 1] !== 0 || u[at + 2] !== 0 || u[at + 3] !== 0;
  }

  /** Σ_k c_k a^k into out by the chain rule (value, first and second derivative by Horner's scheme: one jet operation). */
  private series(a: Jet2, c: readonly number[], out: Jet2): Jet2 {
    const f = this.seriesHorner(a.v, c);
    return this.pool.chain(a, f[0], f[1], f[2], out);
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

  /**
   * β, γ and f8 of x = |Ω|² (Exudyn's closed forms and series) into the given jets: per gradient entry the operations
   * and order of the jet operations they were written with (sqrt, affine, sin, cos, mul, div as inverse and mul, add,
   * the series by chain), in one pass with the operands in locals (the derivative factors of sin, cos, sqrt and 1/a
   * formed once, as those operations form them).
   */
  private expFactors(x: Jet2, beta: Jet2, gamma: Jet2, f8: Jet2): void {
    const m = this.pool.activeVariables, xv = x.v, xg = x.g, bg = beta.g, cg = gamma.g, fg = f8.g;
    const phi = Math.sqrt(xv);
    if (phi > 0.02) {
      // β = div(mul(half, cos half), sin half), half = affine(sqrt x, 0.5, 0); γ = div(affine(β, −1, 1), x)
      const r = Math.sqrt(xv), dr = 0.5 / r, hv = 0.5 * r + 0;
      const cv = Math.cos(hv), dc = -Math.sin(hv), sv = Math.sin(hv), ds = Math.cos(hv);
      const tv = hv * cv, iv = 1 / sv, di = -iv * iv;
      const bv = tv * iv, av = 1 - bv, jv = 1 / xv, dj = -jv * jv;
      beta.v = bv;
      gamma.v = av * jv;
      for (let i = 0; i < m; i++) {
        const xgi = xg[i], hg = 0.5 * (dr * xgi);
        const tg = hv * (dc * hg) + cv * hg;
        const b = tv * (di * (ds * hg)) + iv * tg;
        bg[i] = b;
        cg[i] = av * (dj * xgi) - jv * b;
      }
    } else {
      // γ by its series, β = affine(mul(x, γ), −1, 1)
      const f = this.seriesHorner(xv, SERIES_GAMMA), gv = f[0], dg = f[1];
      gamma.v = gv;
      beta.v = 1 - xv * gv;
      for (let i = 0; i < m; i++) {
        const xgi = xg[i], g = dg * xgi;
        cg[i] = g;
        bg[i] = -1 * (xv * g + gv * xgi);
      }
    }
    if (phi >= 0.2) {
      // f8 = div(add(add(mul(ph, sin ph), affine(cos ph, 4, −4)), x), affine(mul(mul(s, s), mul(x, x)), 4, 0)),
      // ph = sqrt x, s = sin(affine(ph, 0.5, 0))
      const r = Math.sqrt(xv), dr = 0.5 / r;
      const s1v = Math.sin(r), ds1 = Math.cos(r), c1v = Math.cos(r), dc1 = -Math.sin(r);
      const m1v = r * s1v, a1v = 4 * c1v + -4, numv = m1v + a1v + xv;
      const hv = 0.5 * r + 0, shv = Math.sin(hv), dsh = Math.cos(hv);
      const m2v = shv * shv, m3v = xv * xv, m4v = m2v * m3v, denv = 4 * m4v + 0;
      const iv = 1 / denv, di = -iv * iv;
      f8.v = numv * iv;
      for (let i = 0; i < m; i++) {
        const xgi = xg[i], phg = dr * xgi;
        const s1g = ds1 * phg, m1g = r * s1g + s1v * phg, a1g = 4 * (dc1 * phg);
        const numg = m1g + a1g + xgi;
        const shg = dsh * (0.5 * phg);
        const m2g = shv * shg + shv * shg, m3g = xv * xgi + xv * xgi, m4g = m2v * m3g + m3v * m2g;
        fg[i] = numv * (di * (4 * m4g)) + iv * numg;
      }
    } else {
      const f = this.seriesHorner(xv, SERIES_F8), dv = f[1];
      f8.v = f[0];
      for (let i = 0; i < m; i++) fg[i] = dv * xg[i];
    }
  }

  /**
   * T_exp,SO3⁻¹(Ω) v into tso (if given) and its transpose times v into tsoT: β v + γ Ω (Ω·v) ± ½ Ω × v (new jets), in
   * one pass over the gradient entries: per entry the operations and order of the jet operations dot, mul (γ (Ω·v)),
   * cross, mul (β v_i), addMul (+ γ (Ω·v) Ω_i) and addScaled (± ½ (Ω × v)_i), so the same to the last bit.
   */
  private tsoApply(Om: Vec, beta: Jet2, gamma: Jet2, v: Vec, tso: Vec | undefined, tsoT: Vec): void {
    const pool = this.pool, O0 = Om[0], O1 = Om[1], O2 = Om[2], v0 = v[0], v1 = v[1], v2 = v[2];
    const o0 = O0.v, o1 = O1.v, o2 = O2.v, x0 = v0.v, x1 = v1.v, x2 = v2.v, bv = beta.v, gv = gamma.v;
    const dv = o0 * x0 + o1 * x1 + o2 * x2, gdv = gv * dv;
    const c0 = o1 * x2 - o2 * x1, c1 = o2 * x0 - o0 * x2, c2 = o0 * x1 - o1 * x0;
    const base0 = bv * x0 + gdv * o0, base1 = bv * x1 + gdv * o1, base2 = bv * x2 + gdv * o2;
    // without tso (u = Tsoᵀ d) the p jets are taken but not computed
    const both = tso !== undefined;
    const p0 = pool.take(), p1 = pool.take(), p2 = pool.take(), t0 = pool.take(), t1 = pool.take(), t2 = pool.take();
    t0.v = base0 - 0.5 * c0; t1.v = base1 - 0.5 * c1; t2.v = base2 - 0.5 * c2;
    if (both) { p0.v = base0 + 0.5 * c0; p1.v = base1 + 0.5 * c1; p2.v = base2 + 0.5 * c2; }
    if (pool.derivatives) {
      const O0g = O0.g, O1g = O1.g, O2g = O2.g, v0g = v0.g, v1g = v1.g, v2g = v2.g, betag = beta.g, gammag = gamma.g;
      const p0g = p0.g, p1g = p1.g, p2g = p2.g, t0g = t0.g, t1g = t1.g, t2g = t2.g;
      for (let i = 0, m = pool.activeVariables; i < m; i++) {
        const a0 = O0g[i], a1 = O1g[i], a2 = O2g[i], y0 = v0g[i], y1 = v1g[i], y2 = v2g[i], bg = betag[i];
        const dg = o0 * y0 + x0 * a0 + (o1 * y1 + x1 * a1) + (o2 * y2 + x2 * a2);
        const gg = gv * dg + dv * gammag[i];
        const e0 = o1 * y2 + x2 * a1 - (o2 * y1 + x1 * a2);
        const e1 = o2 * y0 + x0 * a2 - (o0 * y2 + x2 * a0);
        const e2 = o0 * y1 + x1 * a0 - (o1 * y0 + x0 * a1);
        const b0 = bv * y0 + x0 * bg + (gdv * a0 + o0 * gg);
        const b1 = bv * y1 + x1 * bg + (gdv * a1 + o1 * gg);
        const b2 = bv * y2 + x2 * bg + (gdv * a2 + o2 * gg);
        t0g[i] = b0 - 0.5 * e0; t1g[i] = b1 - 0.5 * e1; t2g[i] = b2 - 0.5 * e2;
        if (both) { p0g[i] = b0 + 0.5 * e0; p1g[i] = b1 + 0.5 * e1; p2g[i] = b2 + 0.5 * e2; }
      }
    }
    tsoT[0] = t0; tsoT[1] = t1; tsoT[2] = t2;
    if (both) { tso[0] = p0; tso[1] = p1; tso[2] = p2; }
  }

  /**
   * rotPlus_i += S r − ½ (u × r)_i and rotMinus_i += S r + ½ (u × r)_i (new jets) with S r = (γ u·r + f8 (Ω·u) Ω·r) Ω
   * + γ (Ω·r) u − (2γ Ω·u + f8 (Ω·u) |Ω|²) r, r = r_p, in one pass over the gradient entries: per entry the operations
   * and order of the jet operations dot, mul, addMul, affine, cross, addScaled and add, so the same to the last bit.
   */
  private addTuwTerms(Om: Vec, uDisp: Vec, rp: Vec, x: Jet2, gamma: Jet2, f8: Jet2, rotPlus: Vec, rotMinus: Vec): void {
    const pool = this.pool, O0 = Om[0], O1 = Om[1], O2 = Om[2], U0 = uDisp[0], U1 = uDisp[1], U2 = uDisp[2], R0 = rp[0], R1 = rp[1], R2 = rp[2];
    const o0 = O0.v, o1 = O1.v, o2 = O2.v, u0 = U0.v, u1 = U1.v, u2 = U2.v, r0 = R0.v, r1 = R1.v, r2 = R2.v;
    const gv = gamma.v, fv = f8.v, xv = x.v;
    const ouv = o0 * u0 + o1 * u1 + o2 * u2, f8ouv = fv * ouv;
    const omRv = o0 * r0 + o1 * r1 + o2 * r2, urv = u0 * r0 + u1 * r1 + u2 * r2;
    const cOmv = gv * urv + f8ouv * omRv, cUv = gv * omRv, cRv = 2 * (gv * ouv) + 0 + f8ouv * xv;
    const e0v = u1 * r2 - u2 * r1, e1v = u2 * r0 - u0 * r2, e2v = u0 * r1 - u1 * r0;
    const s0v = cOmv * o0 + cUv * u0 - cRv * r0;
    const s1v = cOmv * o1 + cUv * u1 - cRv * r1;
    const s2v = cOmv * o2 + cUv * u2 - cRv * r2;
    const P0 = rotPlus[0], P1 = rotPlus[1], P2 = rotPlus[2], M0 = rotMinus[0], M1 = rotMinus[1], M2 = rotMinus[2];
    const p0 = pool.take(), p1 = pool.take(), p2 = pool.take(), m0 = pool.take(), m1 = pool.take(), m2 = pool.take();
    p0.v = s0v - 0.5 * e0v + P0.v; p1.v = s1v - 0.5 * e1v + P1.v; p2.v = s2v - 0.5 * e2v + P2.v;
    m0.v = s0v + 0.5 * e0v + M0.v; m1.v = s1v + 0.5 * e1v + M1.v; m2.v = s2v + 0.5 * e2v + M2.v;
    if (pool.derivatives) {
      const O0g = O0.g, O1g = O1.g, O2g = O2.g, U0g = U0.g, U1g = U1.g, U2g = U2.g, R0g = R0.g, R1g = R1.g, R2g = R2.g;
      const gammag = gamma.g, f8g = f8.g, xg = x.g, P0g = P0.g, P1g = P1.g, P2g = P2.g, M0g = M0.g, M1g = M1.g, M2g = M2.g;
      const p0g = p0.g, p1g = p1.g, p2g = p2.g, m0g = m0.g, m1g = m1.g, m2g = m2.g;
      for (let i = 0, m = pool.activeVariables; i < m; i++) {
        const a0 = O0g[i], a1 = O1g[i], a2 = O2g[i], b0 = U0g[i], b1 = U1g[i], b2 = U2g[i], c0 = R0g[i], c1 = R1g[i], c2 = R2g[i];
        const gg = gammag[i];
        const oug = o0 * b0 + u0 * a0 + (o1 * b1 + u1 * a1) + (o2 * b2 + u2 * a2);
        const f8oug = fv * oug + ouv * f8g[i];
        const omRg = o0 * c0 + r0 * a0 + (o1 * c1 + r1 * a1) + (o2 * c2 + r2 * a2);
        const urg = u0 * c0 + r0 * b0 + (u1 * c1 + r1 * b1) + (u2 * c2 + r2 * b2);
        const cOmg = gv * urg + urv * gg + (f8ouv * omRg + omRv * f8oug);
        const cUg = gv * omRg + omRv * gg;
        const cRg = 2 * (gv * oug + ouv * gg) + (f8ouv * xg[i] + xv * f8oug);
        const e0 = u1 * c2 + r2 * b1 - (u2 * c1 + r1 * b2);
        const e1 = u2 * c0 + r0 * b2 - (u0 * c2 + r2 * b0);
        const e2 = u0 * c1 + r1 * b0 - (u1 * c0 + r0 * b1);
        const s0 = cOmv * a0 + o0 * cOmg + (cUv * b0 + u0 * cUg) - (cRv * c0 + r0 * cRg);
        const s1 = cOmv * a1 + o1 * cOmg + (cUv * b1 + u1 * cUg) - (cRv * c1 + r1 * cRg);
        const s2 = cOmv * a2 + o2 * cOmg + (cUv * b2 + u2 * cUg) - (cRv * c2 + r2 * cRg);
        p0g[i] = s0 - 0.5 * e0 + P0g[i]; p1g[i] = s1 - 0.5 * e1 + P1g[i]; p2g[i] = s2 - 0.5 * e2 + P2g[i];
        m0g[i] = s0 + 0.5 * e0 + M0g[i]; m1g[i] = s1 + 0.5 * e1 + M1g[i]; m2g[i] = s2 + 0.5 * e2 + M2g[i];
      }
    }
    rotPlus[0] = p0; rotPlus[1] = p1; rotPlus[2] = p2;
    rotMinus[0] = m0; rotMinus[1] = m1; rotMinus[2] = m2;
  }

  /** a·(p1 − p0) for a column a of A0 (jets of node 0's Euler parameters) and the values dp = p1 − p0 (a new jet). */
  private directionJet(a0: Jet2, a1: Jet2, a2: Jet2, dp0: number, dp1: number, dp2: number): Jet2 {
    const pool = this.pool, out = pool.constant(a0.v * dp0 + a1.v * dp1 + a2.v * dp2, pool.take());
    if (pool.derivatives) {
      const g = out.g, ag0 = a0.g, ag1 = a1.g, ag2 = a2.g;
      for (let e = 0; e < 4; e++) g[e] = dp0 * ag0[e] + dp1 * ag1[e] + dp2 * ag2[e];
      g[8] = a0.v; g[9] = a1.v; g[10] = a2.v;
    }
    return out;
  }

  /** a·b for a column a of A0 and a column b of A1 (jets of node 0's and node 1's Euler parameters; a new jet). */
  private relativeRotationJet(a0: Jet2, a1: Jet2, a2: Jet2, b0: Jet2, b1: Jet2, b2: Jet2): Jet2 {
    const pool = this.pool, a0v = a0.v, a1v = a1.v, a2v = a2.v, b0v = b0.v, b1v = b1.v, b2v = b2.v;
    // every entry of the 8 active variables is written below: no zeroing first (pool.constant)
    const out = pool.take();
    out.v = a0v * b0v + a1v * b1v + a2v * b2v;
    const g = out.g, ag0 = a0.g, ag1 = a1.g, ag2 = a2.g, bg0 = b0.g, bg1 = b1.g, bg2 = b2.g;
    for (let e = 0; e < 4; e++) g[e] = b0v * ag0[e] + b1v * ag1[e] + b2v * ag2[e];
    for (let e = 4; e < 8; e++) g[e] = a0v * bg0[e] + a1v * bg1[e] + a2v * bg2[e];
    return out;
  }

  /** a·b of two jet 3-vectors given by components (a new jet). */
  private dot3(a0: Jet2, a1: Jet2, a2: Jet2, b0: Jet2, b1: Jet2, b2: Jet2): Jet2 {
    return this.pool.dot3(a0, a1, a2, b0, b1, b2, this.pool.take());
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
   * factor ∂f/∂q (14 × 14 row-major, in this.localMatrix) at this.q, this.u: first-order jets over the jet variables
   * of {@link N_JET} up to the tangent operators applied to the stresses, then each node's 7 force gradients written
   * into K by {@link BeamGeometricallyExactModel.nodeStiffness}. The relative rotation's quantities (R … β, γ, f8) are
   * differentiated with respect to the Euler parameters only. T_exp,SO3⁻¹ and T_uw(±h) are never formed: their
   * products with d, r_p and r_r are written as vector forms (β v + γ Ω(Ω·v) ± ½ Ω × v, and S r ∓ ½ u × r), about a
   * third of the jet operations of the matrices. The jet vectors are preallocated arrays of the model whose entries
   * are pool jets (no allocation per call). The forces' values are not formed (the residual is computeForceValues).
   */
  private stiffness(factor: number): Float64Array {
    const pool = this.pool;
    pool.reset();
    pool.activeVariables = N_JET;
    pool.derivatives = true;
    // in parts, each a function of its own (the same operations in the same order): as one function, V8 compiled it
    // with the jet operations inlined in one long job (≈ 220 ms on the loaded 2-core machine), most of the first
    // solve's Jacobians running before it was ready
    this.relativeMotionJets();
    this.stressJets();
    const K = this.localMatrix;
    for (let n = 0; n < 2; n++) this.nodeStiffness(n, factor, K);
    return K;
  }

  /**
   * Node n's 7 rows of factor ∂f/∂q into K: per jet variable e, the gradient entries of the forces sign·(A_n r_pos)_i
   * and (G_lᵀ total)_k (total = sign·r_rot, or with the quadratic velocity term) in the operations and order of the
   * jet operations affine, dot3 and affine, and of G_l's jets (values c·p_m + 0, gradient c at one Euler parameter,
   * exactly 0 elsewhere), then times factor into the columns of {@link jetColumn} (node 0's position columns negated).
   * One pass over the jet variables with the operands in locals: no jets for the forces, no second pass to copy them.
   */
  private nodeStiffness(n: number, factor: number, K: Float64Array): void {
    const j = this.jets, A = n === 0 ? j.A0 : j.A1, pos = n === 1 ? j.posPlus : j.posMinus, rot = n === 1 ? j.rotPlus : j.rotMinus;
    const sign = n === 0 ? -1 : 1;
    // quadratic velocity term (L/2) ω̄ × (J ω̄), ω̄ = G_l θ̇ (θ̇ constant for ∂/∂q); with θ̇ = 0 (static solves) every
    // value and derivative of ω̄ and of the term is +0 or −0, and adding it changes nothing: skipped
    const velocity = this.angularVelocityNonzero(n);
    if (velocity) {
      for (let i = 0; i < 3; i++) j.rot[i] = rot[i];
      this.totalWithVelocityTerm(n, sign);
    }
    // total = affine(rot, sign, 0) without the velocity term: its value sign·v + 0, its gradient sign·g
    const T = velocity ? j.total : rot, T0 = T[0], T1 = T[1], T2 = T[2], T0g = T0.g, T1g = T1.g, T2g = T2.g;
    const t0v = velocity ? T0.v : sign * T0.v + 0, t1v = velocity ? T1.v : sign * T1.v + 0, t2v = velocity ? T2.v : sign * T2.v + 0;
    const P0 = pos[0], P1 = pos[1], P2 = pos[2], p0v = P0.v, p1v = P1.v, p2v = P2.v, p0g = P0.g, p1g = P1.g, p2g = P2.g;
    const A0 = A[0], A1 = A[1], A2 = A[2], A3 = A[3], A4 = A[4], A5 = A[5], A6 = A[6], A7 = A[7], A8 = A[8];
    const a0v = A0.v, a1v = A1.v, a2v = A2.v, a3v = A3.v, a4v = A4.v, a5v = A5.v, a6v = A6.v, a7v = A7.v, a8v = A8.v;
    const a0g = A0.g, a1g = A1.g, a2g = A2.g, a3g = A3.g, a4g = A4.g, a5g = A5.g, a6g = A6.g, a7g = A7.g, a8g = A8.g;
    // G_l = 2[−e, e0 I − ẽ] (gLocalEntries): column k's entries c·p_m + 0, their gradients c at jet variable 4n + m
    const q = this.q, at = 7 * n + 3, slot = 4 * n, e0 = q[at], e1 = q[at + 1], e2 = q[at + 2], e3 = q[at + 3];
    const g00 = -2 * e1 + 0, g10 = -2 * e2 + 0, g20 = -2 * e3 + 0;
    const g01 = 2 * e0 + 0, g11 = -2 * e3 + 0, g21 = 2 * e2 + 0;
    const g02 = 2 * e3 + 0, g12 = 2 * e0 + 0, g22 = -2 * e1 + 0;
    const g03 = -2 * e2 + 0, g13 = 2 * e1 + 0, g23 = 2 * e0 + 0;
    // G_l's gradient terms t_k·c (c = ±2 at the jet variable of p_m, 0 at the others) formed once per node, not per
    // jet variable: t_k·0 is the same number at every jet variable outside the row's Euler parameter
    const t0z = t0v * 0, t1z = t1v * 0, t2z = t2v * 0;
    const t0p = t0v * 2, t1p = t1v * 2, t2p = t2v * 2, t0m = t0v * -2, t1m = t1v * -2, t2m = t2v * -2;
    // the products with factor = 1 (static solves) and sign = 1 (node 1) left out, −1·y written −y: the same bits
    const scaled = factor !== 1, negated = n === 0, plain = velocity || !negated;
    const r0 = 7 * n * N_LOCAL, r1 = r0 + N_LOCAL, r2 = r1 + N_LOCAL, r3 = r2 + N_LOCAL, r4 = r3 + N_LOCAL, r5 = r4 + N_LOCAL, r6 = r5 + N_LOCAL;
    for (let e = 0; e < N_JET; e++) {
      const tg0 = plain ? T0g[e] : -T0g[e], tg1 = plain ? T1g[e] : -T1g[e], tg2 = plain ? T2g[e] : -T2g[e];
      const b0 = p0g[e], b1 = p1g[e], b2 = p2g[e], m = e - slot;
      const s0 = a0v * b0 + p0v * a0g[e] + (a1v * b1 + p1v * a1g[e]) + (a2v * b2 + p2v * a2g[e]);
      const s1 = a3v * b0 + p0v * a3g[e] + (a4v * b1 + p1v * a4g[e]) + (a5v * b2 + p2v * a5g[e]);
      const s2 = a6v * b0 + p0v * a6g[e] + (a7v * b1 + p1v * a7g[e]) + (a8v * b2 + p2v * a8g[e]);
      const s3 = g00 * tg0 + (m === 1 ? t0m : t0z) + (g10 * tg1 + (m === 2 ? t1m : t1z)) + (g20 * tg2 + (m === 3 ? t2m : t2z));
      const s4 = g01 * tg0 + (m === 0 ? t0p : t0z) + (g11 * tg1 + (m === 3 ? t1m : t1z)) + (g21 * tg2 + (m === 2 ? t2p : t2z));
      const s5 = g02 * tg0 + (m === 3 ? t0p : t0z) + (g12 * tg1 + (m === 0 ? t1p : t1z)) + (g22 * tg2 + (m === 1 ? t2m : t2z));
      const s6 = g03 * tg0 + (m === 2 ? t0m : t0z) + (g13 * tg1 + (m === 1 ? t1p : t1z)) + (g23 * tg2 + (m === 0 ? t2p : t2z));
      const n0 = negated ? -s0 : s0, n1 = negated ? -s1 : s1, n2 = negated ? -s2 : s2;
      const f0 = scaled ? factor * n0 : n0, f1 = scaled ? factor * n1 : n1, f2 = scaled ? factor * n2 : n2;
      const f3 = scaled ? factor * s3 : s3, f4 = scaled ? factor * s4 : s4, f5 = scaled ? factor * s5 : s5, f6 = scaled ? factor * s6 : s6;
      const c = jetColumn[e];
      K[r0 + c] = f0; K[r1 + c] = f1; K[r2 + c] = f2; K[r3 + c] = f3; K[r4 + c] = f4; K[r5 + c] = f5; K[r6 + c] = f6;
      if (e >= 8) {
        const c0 = e - 8;
        K[r0 + c0] = -f0; K[r1 + c0] = -f1; K[r2 + c0] = -f2; K[r3 + c0] = -f3; K[r4 + c0] = -f4; K[r5 + c0] = -f5; K[r6 + c0] = -f6;
      }
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
      const om = [0, 1, 2].map((i) => g[4 * i] * this.u[7 * n + 3] + g[4 * i + 1] * this.u[7 * n + 4] + g[4 * i + 2] * this.u[7 * n + 5] + g[4 * i + 3] * this.u[7 * n + 6]);
      const Jw = [0, 1, 2].map((i) => this.J[3 * i] * om[0] + this.J[3 * i + 1] * om[1] + this.J[3 * i + 2] * om[2]);
      // M = ω̃ J − (Jω)~
      const skew = (a: number[]) => [0, -a[2], a[1], a[2], 0, -a[0], -a[1], a[0], 0];
      const so = skew(om), sj = skew(Jw);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) M[3 * i + j] = so[3 * i] * this.J[j] + so[3 * i + 1] * this.J[3 + j] + so[3 * i + 2] * this.J[6 + j] - sj[3 * i + j];
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
