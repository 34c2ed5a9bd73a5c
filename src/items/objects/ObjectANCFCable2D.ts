import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndexArray, real, uint, ureal, userFunction, type ParameterValues, type UserFunctionValue } from '../../registry/parameters.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { zeroArray } from '../../linalg/arrays.ts';

/** Axial force law replacing N = EA(ε − ε_ref) + d_ε ε̇; axialPositionNormalized = x/L ∈ [0, 1]. */
export type CableAxialForceUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [
  t: number, itemNumber: number, axialPositionNormalized: number,
  axialStrain: number, axialStrain_t: number, axialStrainRef: number, physicsAxialStiffness: number, physicsAxialDamping: number,
  curvature: number, curvature_t: number, curvatureRef: number,
], number>;

/** Bending moment law replacing M = EI(K − K_ref) + d_K K̇; axialPositionNormalized = x/L ∈ [0, 1]. */
export type CableBendingMomentUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [
  t: number, itemNumber: number, axialPositionNormalized: number,
  curvature: number, curvature_t: number, curvatureRef: number, physicsBendingStiffness: number, physicsBendingDamping: number,
  axialStrain: number, axialStrain_t: number, axialStrainRef: number,
], number>;

const parameters = {
  physicsLength: ureal(0, 'Reference length L [m] of the element; must be positive.'),
  physicsMassPerLength: ureal(0, 'Mass per length ρA [kg/m].'),
  physicsBendingStiffness: ureal(0, 'Bending stiffness EI [N m²]: bending moment M = EI (K − K_ref), K the material measure of curvature.'),
  physicsAxialStiffness: ureal(0, 'Axial stiffness EA [N]: axial force N = EA (ε − ε_ref), ε = |r\'| − 1.'),
  physicsBendingDamping: ureal(0, 'Bending damping d_K [N m²/s]: adds d_K K̇ to the bending moment.'),
  physicsAxialDamping: ureal(0, 'Axial damping d_ε [N/s]: adds d_ε ε̇ to the axial force.'),
  physicsReferenceAxialStrain: real(0, 'Reference (pre-)strain ε₀: the stress-free axial strain.'),
  physicsReferenceCurvature: real(0, 'Reference (pre-)curvature K₀ [1/m]: the stress-free curvature.'),
  strainIsRelativeToReference: real(0, 'Factor f_ref: 1 makes the (pre-deformed) reference configuration stress-free, 0 the straight one plus ε₀, K₀; values in between blend.'),
  nodeNumbers: nodeIndexArray('Two Point2DSlope1 nodes [n0, n1] at x = 0 and x = L.', 2),
  useReducedOrderIntegration: uint(0, 'Quadrature: 0 = Gauss 5 points axial / 3 points bending; 1 (Python True) = Gauss 4 / 2; 2 = Lobatto 3 (0, L/2, L) axial / Gauss 2 bending (may show hourglass modes).'),
  axialForceUserFunction: userFunction<CableAxialForceUserFunction>('Replaces the axial force law (the Jacobian is then computed numerically).', '(mbs, t, itemNumber, axialPositionNormalized, axialStrain, axialStrain_t, axialStrainRef, physicsAxialStiffness, physicsAxialDamping, curvature, curvature_t, curvatureRef) => force'),
  bendingMomentUserFunction: userFunction<CableBendingMomentUserFunction>('Replaces the bending moment law (the Jacobian is then computed numerically).', '(mbs, t, itemNumber, axialPositionNormalized, curvature, curvature_t, curvatureRef, physicsBendingStiffness, physicsBendingDamping, axialStrain, axialStrain_t, axialStrainRef) => moment'),
};

/** The parameter values of an ANCFCable2D element. */
export type CableValues = ParameterValues<typeof parameters>;

/** A quadrature rule on [−1, 1]. */
export interface QuadratureRule {
  readonly points: readonly number[];
  readonly weights: readonly number[];
}

const gauss4Outer = Math.sqrt(3 / 7 + Math.sqrt(120) / 35);
const gauss4Inner = Math.sqrt(3 / 7 - Math.sqrt(120) / 35);
const gauss4OuterWeight = 1 / 2 - 5 / (3 * Math.sqrt(120));
const gauss4InnerWeight = 1 / 2 + 5 / (3 * Math.sqrt(120));

/** Gauss–Legendre with 2 points (exact to order 3). */
const gauss2: QuadratureRule = { points: [-Math.sqrt(1 / 3), Math.sqrt(1 / 3)], weights: [1, 1] };
/** Gauss–Legendre with 3 points (order 5). */
const gauss3: QuadratureRule = { points: [-Math.sqrt(3 / 5), 0, Math.sqrt(3 / 5)], weights: [5 / 9, 8 / 9, 5 / 9] };
/** Gauss–Legendre with 4 points (order 7). */
export const gauss4: QuadratureRule = {
  points: [-gauss4Outer, -gauss4Inner, gauss4Inner, gauss4Outer],
  weights: [gauss4OuterWeight, gauss4InnerWeight, gauss4InnerWeight, gauss4OuterWeight],
};
/** Gauss–Legendre with 5 points (order 9), the decimals Exudyn uses. */
const gauss5: QuadratureRule = {
  points: [-0.906179845938664, -0.5384693101056831, 0, 0.5384693101056831, 0.906179845938664],
  weights: [0.23692688505618914, 0.47862867049936636, 0.5688888888888889, 0.47862867049936636, 0.23692688505618914],
};
/** Gauss–Lobatto with 3 points (order 3): the element ends and the midpoint. */
const lobatto3: QuadratureRule = { points: [-1, 0, 1], weights: [1 / 3, 4 / 3, 1 / 3] };

/** Axial and bending rules per useReducedOrderIntegration. */
export const integrationRules: readonly { axial: QuadratureRule; bending: QuadratureRule }[] = [
  { axial: gauss5, bending: gauss3 },
  { axial: gauss4, bending: gauss2 },
  { axial: lobatto3, bending: gauss2 },
];

/** Cubic Hermite shape functions S1..S4 at x ∈ [0, L] (weights of r0, r0', r1, r1'). */
export function shapeFunctions(x: number, L: number, out: Float64Array, o: number): void {
  const xi = x / L;
  out[o] = 1 - 3 * xi * xi + 2 * xi * xi * xi;
  out[o + 1] = x - 2 * x * x / L + x * xi * xi;
  out[o + 2] = 3 * xi * xi - 2 * xi * xi * xi;
  out[o + 3] = -x * xi + x * xi * xi;
}

/** First derivatives S'1..S'4 with respect to x. */
export function shapeFunctions_x(x: number, L: number, out: Float64Array, o: number): void {
  const L2 = L * L;
  const L3 = L2 * L;
  out[o] = -6 * x / L2 + 6 * x * x / L3;
  out[o + 1] = 1 - 4 * x / L + 3 * x * x / L2;
  out[o + 2] = 6 * x / L2 - 6 * x * x / L3;
  out[o + 3] = -2 * x / L + 3 * x * x / L2;
}

/** Second derivatives S''1..S''4 with respect to x. */
export function shapeFunctions_xx(x: number, L: number, out: Float64Array, o: number): void {
  const L2 = L * L;
  const L3 = L2 * L;
  out[o] = 12 * x / L3 - 6 / L2;
  out[o + 1] = 6 * x / L2 - 4 / L;
  out[o + 2] = 6 / L2 - 12 * x / L3;
  out[o + 3] = 6 * x / L2 - 2 / L;
}

/** A quadrature rule mapped to [0, L] with the shape function derivatives and reference strains at its points. */
class MappedRule {
  readonly count: number;
  /** Axial positions x_p = L/2 (p + 1). */
  readonly x: Float64Array;
  /** Weights L/2 · w_p. */
  readonly weight: Float64Array;
  /** S'_j(x_p), 4 per point. */
  readonly dS: Float64Array;
  /** S''_j(x_p), 4 per point. */
  readonly ddS: Float64Array;
  /** ε₀ + f_ref (|r'_ref| − 1) per point (set in bind). */
  readonly strainRef: Float64Array;
  /** K₀ + f_ref K(reference) per point (set in bind). */
  readonly curvatureRef: Float64Array;

  constructor(rule: QuadratureRule, L: number) {
    const n = rule.points.length;
    this.count = n;
    this.x = new Float64Array(n);
    this.weight = new Float64Array(n);
    this.dS = new Float64Array(4 * n);
    this.ddS = new Float64Array(4 * n);
    this.strainRef = new Float64Array(n);
    this.curvatureRef = new Float64Array(n);
    for (let p = 0; p < n; p++) {
      const x = 0.5 * L * rule.points[p] + 0.5 * L;
      this.x[p] = x;
      this.weight[p] = 0.5 * L * rule.weights[p];
      shapeFunctions_x(x, L, this.dS, 4 * p);
      shapeFunctions_xx(x, L, this.ddS, 4 * p);
    }
  }
}

/** Values of the centerline at one axial position. */
interface SectionKinematics {
  rpx: number; rpy: number; rppx: number; rppy: number;
}

/** Number of local coordinates; node-shape j ∈ {r0, r0', r1, r1'}, component i ∈ {x, y} has index 2j + i (node 0: 0..3, node 1: 4..7). */
const N_LOCAL = 8;

/**
 * Run-time model of the planar ANCF cable element (Euler–Bernoulli beam, Gerstmayr–Irschik):
 * r(x) = Σ S_j(x) e_j with e = [r0, r0', r1, r1'] the total nodal coordinates, axial strain
 * ε = |r'| − 1, material curvature K = (r' × r'')/|r'|², elastic forces from
 * δW = ∫ (N δε + M δK) dx by Gauss quadrature, constant consistent mass matrix.
 */
export class ANCFCable2DModel implements Only<ObjectModel & BodyModel, ANCFCable2DModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = true;
  readonly nLocalU = N_LOCAL;
  readonly ode2LhsDependsOnVelocity: boolean;
  /** Analytic stiffness; undefined with user functions, so that the model differentiates numerically. */
  readonly ode2Lhs_q: ((s: ItemState, k: LocalMatrixAccumulator, factor: number) => void) | undefined;
  /** Analytic damping matrix; undefined with user functions. */
  readonly ode2Lhs_u: ((s: ItemState, d: LocalMatrixAccumulator, factor: number) => void) | undefined;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];

  private readonly L: number;
  private readonly rhoA: number;
  private readonly EA: number;
  private readonly EI: number;
  private readonly dAxial: number;
  private readonly dBending: number;
  private readonly axial: MappedRule;
  private readonly bending: MappedRule;
  private readonly axialForceUF: UserFunctionValue<CableAxialForceUserFunction>;
  private readonly bendingMomentUF: UserFunctionValue<CableBendingMomentUserFunction>;
  private readonly hasUserFunction: boolean;
  /** ∫ ρA S_i S_j dx (4 × 4), the same for x and y. */
  private readonly mass4 = new Float64Array(16);
  /** ∫ ρA S_j dx. */
  private readonly massShapeIntegral = new Float64Array(4);
  /** The shared dense work array of the local matrices (see denseLocalMatrix). */
  private readonly localMatrix = denseLocalMatrix(N_LOCAL);

  private readonly e = new Float64Array(N_LOCAL);
  private readonly u = new Float64Array(N_LOCAL);
  private readonly eReference = new Float64Array(N_LOCAL);
  private readonly gradStrain = new Float64Array(N_LOCAL);
  private readonly gradCurvature = new Float64Array(N_LOCAL);
  private readonly df = new Float64Array(N_LOCAL);
  private readonly dg = new Float64Array(N_LOCAL);
  private readonly hessian = new Float64Array(N_LOCAL * N_LOCAL);
  private readonly hessianU = new Float64Array(N_LOCAL);
  /** C G + d H u of a point (addStrainStiffness). */
  private readonly stiffnessColumn = new Float64Array(N_LOCAL);
  private readonly shape = new Float64Array(12);
  /**
   * r' and r'' at the current point. Doubles from the start (NaN until the first setSlopes): with small-integer zeros the
   * literal's fields changed their representation at the first fraction, and the next element's literal then had another
   * hidden class than the one the compiled element code was specialized on — in a fresh process, building the second
   * system of ANCFCableBeamDampingTest discarded the optimized ode2Lhs, stiffnessMatrix, setSlopes, axialStrain,
   * axialStrainHessian and curvature.
   */
  private readonly slope: SectionKinematics = { rpx: Number.NaN, rpy: Number.NaN, rppx: Number.NaN, rppy: Number.NaN };
  private norm = 1;
  private curvatureNumerator = 0;
  private slopeNorm2 = 1;

  constructor(readonly label: ItemLabel, private readonly v: CableValues) {
    if (!(v.physicsLength > 0)) itemError(label, 'physicsLength', `must be positive, got ${v.physicsLength}`);
    if (v.nodeNumbers.length !== 2) itemError(label, 'nodeNumbers', `must contain two Point2DSlope1 node numbers, got ${describeValue(v.nodeNumbers)}`);
    if (v.useReducedOrderIntegration > 2) itemError(label, 'useReducedOrderIntegration', `must be 0, 1 or 2, got ${v.useReducedOrderIntegration}`);
    this.L = v.physicsLength;
    this.rhoA = v.physicsMassPerLength;
    this.EA = v.physicsAxialStiffness;
    this.EI = v.physicsBendingStiffness;
    this.dAxial = v.physicsAxialDamping;
    this.dBending = v.physicsBendingDamping;
    this.axialForceUF = v.axialForceUserFunction;
    this.bendingMomentUF = v.bendingMomentUserFunction;
    this.hasUserFunction = this.axialForceUF !== 0 || this.bendingMomentUF !== 0;
    const rules = integrationRules[v.useReducedOrderIntegration];
    this.axial = new MappedRule(rules.axial, this.L);
    this.bending = new MappedRule(rules.bending, this.L);
    this.ode2LhsDependsOnVelocity = this.hasUserFunction || this.dAxial !== 0 || this.dBending !== 0;
    this.ode2Lhs_q = this.hasUserFunction ? undefined : (s, acc, factor) => {
      const k = this.localMatrix;
      zeroArray(k);
      this.stiffnessMatrix(s, k, factor);
      acc.addBlock(0, 0, N_LOCAL, N_LOCAL, k, 0, N_LOCAL, 1);
    };
    this.ode2Lhs_u = this.hasUserFunction ? undefined : (s, acc, factor) => {
      const d = this.localMatrix;
      zeroArray(d);
      this.dampingMatrix(s, d, factor);
      acc.addBlock(0, 0, N_LOCAL, N_LOCAL, d, 0, N_LOCAL, 1);
    };
    this.integrateMass();
  }

  get body(): BodyModel {
    return this;
  }

  /** Element length L: local positions [x, 0, 0] with x ∈ [0, L]. */
  get arcLength(): number {
    return this.L;
  }

  bind(context: BindContext): void {
    this.nodes = this.v.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.label.typeName !== 'Point2DSlope1') {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a Point2DSlope1 node, got Node${node.label.typeName} #${node.label.index}`);
      }
      return node;
    });
    this.localNodes = this.nodes;
    for (let k = 0; k < 4; k++) {
      this.eReference[k] = this.nodes[0].referenceCoordinates[k];
      this.eReference[4 + k] = this.nodes[1].referenceCoordinates[k];
    }
    for (const rule of [this.axial, this.bending]) {
      for (let p = 0; p < rule.count; p++) {
        this.setSlopes(rule, p, this.eReference);
        const relative = this.v.strainIsRelativeToReference;
        rule.strainRef[p] = this.v.physicsReferenceAxialStrain + (relative !== 0 ? relative * this.axialStrain(rule.dS, 4 * p) : 0);
        rule.curvatureRef[p] = this.v.physicsReferenceCurvature + (relative !== 0 ? relative * this.curvature(rule.dS, rule.ddS, 4 * p) : 0);
      }
    }
  }

  massMatrix(_s: ItemState, acc: LocalMatrixAccumulator): void {
    const m = this.localMatrix;
    zeroArray(m);
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        const value = this.mass4[4 * i + j];
        m[(2 * i) * N_LOCAL + 2 * j] += value;
        m[(2 * i + 1) * N_LOCAL + 2 * j + 1] += value;
      }
    }
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, m, 0, N_LOCAL, 1);
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (this.hasUserFunction) this.userFunctionLhs(s, f);
    else this.elasticLhs(s, f);
  }

  /**
   * ode2Lhs without user functions: the operations of mapSlopes, axialStrain, curvature and dot8 in the same order, on
   * the coordinates, gradients and f's entries held in locals (loaded once per call, not per point; no work arrays, no
   * helper calls: until the optimizer compiles it, each array load and each call costs, and every double a helper hands
   * back through a field or an array is boxed again).
   */
  private elasticLhs(s: ItemState, f: Float64Array): void {
    const withRates = this.ode2LhsDependsOnVelocity;
    const nodes = this.nodes, qRef = s.qRef, q = s.q, i0 = nodes[0].qIndex, i1 = nodes[1].qIndex;
    const e0 = qRef[i0] + q[i0], e1 = qRef[i0 + 1] + q[i0 + 1], e2 = qRef[i0 + 2] + q[i0 + 2], e3 = qRef[i0 + 3] + q[i0 + 3];
    const e4 = qRef[i1] + q[i1], e5 = qRef[i1 + 1] + q[i1 + 1], e6 = qRef[i1 + 2] + q[i1 + 2], e7 = qRef[i1 + 3] + q[i1 + 3];
    let u0 = 0, u1 = 0, u2 = 0, u3 = 0, u4 = 0, u5 = 0, u6 = 0, u7 = 0;
    if (withRates) {
      const v = s.u, j0 = nodes[0].uIndex, j1 = nodes[1].uIndex;
      u0 = v[j0]; u1 = v[j0 + 1]; u2 = v[j0 + 2]; u3 = v[j0 + 3];
      u4 = v[j1]; u5 = v[j1 + 1]; u6 = v[j1 + 2]; u7 = v[j1 + 3];
    }
    let f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4], f5 = f[5], f6 = f[6], f7 = f[7];
    const axial = this.axial, EA = this.EA, dAxial = this.dAxial;
    const adS = axial.dS, strainRef = axial.strainRef, axialWeight = axial.weight;
    for (let p = 0; p < axial.count; p++) {
      const o = 4 * p;
      const s0 = adS[o], s1 = adS[o + 1], s2 = adS[o + 2], s3 = adS[o + 3];
      // r' (mapSlopes), ε and ∂ε/∂e (axialStrain)
      const rpx = 0 + s0 * e0 + s1 * e2 + s2 * e4 + s3 * e6, rpy = 0 + s0 * e1 + s1 * e3 + s2 * e5 + s3 * e7;
      const norm = Math.sqrt(rpx * rpx + rpy * rpy);
      const g0 = s0 * rpx / norm, g1 = s0 * rpy / norm, g2 = s1 * rpx / norm, g3 = s1 * rpy / norm;
      const g4 = s2 * rpx / norm, g5 = s2 * rpy / norm, g6 = s3 * rpx / norm, g7 = s3 * rpy / norm;
      const strain_t = withRates ? 0 + g0 * u0 + g1 * u1 + g2 * u2 + g3 * u3 + g4 * u4 + g5 * u5 + g6 * u6 + g7 * u7 : 0;
      const force = EA * ((norm - 1) - strainRef[p]) + dAxial * strain_t;
      const c = axialWeight[p] * force;
      f0 += c * g0; f1 += c * g1; f2 += c * g2; f3 += c * g3; f4 += c * g4; f5 += c * g5; f6 += c * g6; f7 += c * g7;
    }
    const bending = this.bending, EI = this.EI, dBending = this.dBending;
    const bdS = bending.dS, bddS = bending.ddS, curvatureRef = bending.curvatureRef, bendingWeight = bending.weight;
    for (let p = 0; p < bending.count; p++) {
      const o = 4 * p;
      const s0 = bdS[o], s1 = bdS[o + 1], s2 = bdS[o + 2], s3 = bdS[o + 3];
      const t0 = bddS[o], t1 = bddS[o + 1], t2 = bddS[o + 2], t3 = bddS[o + 3];
      // r', r'' (mapSlopes), K = F/G and ∂K/∂e = ∂F/∂e / G − F ∂G/∂e / G² (curvature)
      const rpx = 0 + s0 * e0 + s1 * e2 + s2 * e4 + s3 * e6, rpy = 0 + s0 * e1 + s1 * e3 + s2 * e5 + s3 * e7;
      const rppx = 0 + t0 * e0 + t1 * e2 + t2 * e4 + t3 * e6, rppy = 0 + t0 * e1 + t1 * e3 + t2 * e5 + t3 * e7;
      const F = rpx * rppy - rpy * rppx, G = rpx * rpx + rpy * rpy, G2 = G * G;
      const twoRpx = 2 * rpx, twoRpy = 2 * rpy;
      const g0 = (s0 * rppy - t0 * rpy) / G - F * (twoRpx * s0) / G2, g1 = (-s0 * rppx + t0 * rpx) / G - F * (twoRpy * s0) / G2;
      const g2 = (s1 * rppy - t1 * rpy) / G - F * (twoRpx * s1) / G2, g3 = (-s1 * rppx + t1 * rpx) / G - F * (twoRpy * s1) / G2;
      const g4 = (s2 * rppy - t2 * rpy) / G - F * (twoRpx * s2) / G2, g5 = (-s2 * rppx + t2 * rpx) / G - F * (twoRpy * s2) / G2;
      const g6 = (s3 * rppy - t3 * rpy) / G - F * (twoRpx * s3) / G2, g7 = (-s3 * rppx + t3 * rpx) / G - F * (twoRpy * s3) / G2;
      const curvature_t = withRates ? 0 + g0 * u0 + g1 * u1 + g2 * u2 + g3 * u3 + g4 * u4 + g5 * u5 + g6 * u6 + g7 * u7 : 0;
      const moment = EI * (F / G - curvatureRef[p]) + dBending * curvature_t;
      const c = bendingWeight[p] * moment;
      f0 += c * g0; f1 += c * g1; f2 += c * g2; f3 += c * g3; f4 += c * g4; f5 += c * g5; f6 += c * g6; f7 += c * g7;
    }
    f[0] = f0; f[1] = f1; f[2] = f2; f[3] = f3; f[4] = f4; f[5] = f5; f[6] = f6; f[7] = f7;
  }

  /** ode2Lhs with a user function: per point through the strain helpers (gradients in gradStrain, gradCurvature). */
  private userFunctionLhs(s: ItemState, f: Float64Array): void {
    const withRates = this.ode2LhsDependsOnVelocity;
    this.gather(s, withRates);
    const { e, u, gradStrain, gradCurvature } = this;
    const axial = this.axial;
    for (let p = 0; p < axial.count; p++) {
      this.setSlopes(axial, p, e);
      const strain = this.axialStrain(axial.dS, 4 * p);
      const strain_t = withRates ? dot8(gradStrain, u) : 0;
      let force: number;
      if (this.axialForceUF === 0) {
        force = this.EA * (strain - axial.strainRef[p]) + this.dAxial * strain_t;
      } else {
        const curvature = this.curvature(axial.dS, axial.ddS, 4 * p);
        force = this.callAxialUF(s, axial.x[p], strain, strain_t, axial.strainRef[p], curvature, dot8(gradCurvature, u), axial.curvatureRef[p]);
      }
      const c = axial.weight[p] * force;
      for (let a = 0; a < N_LOCAL; a++) f[a] += c * gradStrain[a];
    }
    const bending = this.bending;
    for (let p = 0; p < bending.count; p++) {
      this.setSlopes(bending, p, e);
      const curvature = this.curvature(bending.dS, bending.ddS, 4 * p);
      const curvature_t = withRates ? dot8(gradCurvature, u) : 0;
      let moment: number;
      if (this.bendingMomentUF === 0) {
        moment = this.EI * (curvature - bending.curvatureRef[p]) + this.dBending * curvature_t;
      } else {
        const strain = this.axialStrain(bending.dS, 4 * p);
        moment = this.callBendingUF(s, bending.x[p], curvature, curvature_t, bending.curvatureRef[p], strain, dot8(gradStrain, u), bending.strainRef[p]);
      }
      const c = bending.weight[p] * moment;
      for (let a = 0; a < N_LOCAL; a++) f[a] += c * gradCurvature[a];
    }
  }

  /**
   * factor·∂(ode2Lhs)/∂q. For a strain measure s with gradient G = ∂s/∂e, Hessian H and section
   * force F = C (s − s_ref) + d ṡ, ṡ = G·u: ∂(∫F G)/∂e = ∫ [G ⊗ (C G + d H u) + F H] dx.
   */
  private stiffnessMatrix(s: ItemState, k: Float64Array, factor: number): void {
    const withAxialRate = this.dAxial !== 0;
    const withBendingRate = this.dBending !== 0;
    this.gather(s, withAxialRate || withBendingRate);
    const { e, u, gradStrain, gradCurvature } = this;
    const axial = this.axial;
    for (let p = 0; p < axial.count; p++) {
      this.setSlopes(axial, p, e);
      const strain = this.axialStrain(axial.dS, 4 * p);
      this.axialStrainHessian(axial.dS, 4 * p);
      const force = this.EA * (strain - axial.strainRef[p]) + (withAxialRate ? this.dAxial * dot8(gradStrain, u) : 0);
      this.addStrainStiffness(k, factor * axial.weight[p], gradStrain, this.EA, this.dAxial, force, withAxialRate);
    }
    const bending = this.bending;
    for (let p = 0; p < bending.count; p++) {
      this.setSlopes(bending, p, e);
      const curvature = this.curvature(bending.dS, bending.ddS, 4 * p);
      this.curvatureHessian(bending.dS, bending.ddS, 4 * p);
      const moment = this.EI * (curvature - bending.curvatureRef[p]) + (withBendingRate ? this.dBending * dot8(gradCurvature, u) : 0);
      this.addStrainStiffness(k, factor * bending.weight[p], gradCurvature, this.EI, this.dBending, moment, withBendingRate);
    }
  }

  /** Adds w·[G ⊗ (C G + d H u) + F H] (row a, column b: G_a (C G_b + d (Hu)_b) + F H_ab); H in this.hessian. */
  private addStrainStiffness(k: Float64Array, w: number, gradient: Float64Array, stiffness: number, damping: number, force: number, withRate: boolean): void {
    const { hessian, hessianU, u } = this;
    if (withRate) {
      // (the sums from 0 in the order of b, with u's entries in locals)
      const u0 = u[0], u1 = u[1], u2 = u[2], u3 = u[3], u4 = u[4], u5 = u[5], u6 = u[6], u7 = u[7];
      for (let a = 0; a < N_LOCAL; a++) {
        const r = a * N_LOCAL;
        hessianU[a] = 0 + hessian[r] * u0 + hessian[r + 1] * u1 + hessian[r + 2] * u2 + hessian[r + 3] * u3
          + hessian[r + 4] * u4 + hessian[r + 5] * u5 + hessian[r + 6] * u6 + hessian[r + 7] * u7;
      }
    }
    // C G_b + d (Hu)_b and w F once per point (the same expressions as per entry), the column in locals
    const column = this.stiffnessColumn;
    for (let b = 0; b < N_LOCAL; b++) column[b] = stiffness * gradient[b] + (withRate ? damping * hessianU[b] : 0);
    const c0 = column[0], c1 = column[1], c2 = column[2], c3 = column[3], c4 = column[4], c5 = column[5], c6 = column[6], c7 = column[7];
    const wf = w * force;
    for (let a = 0; a < N_LOCAL; a++) {
      const ga = w * gradient[a];
      const row = a * N_LOCAL;
      k[row] += ga * c0 + wf * hessian[row]; k[row + 1] += ga * c1 + wf * hessian[row + 1];
      k[row + 2] += ga * c2 + wf * hessian[row + 2]; k[row + 3] += ga * c3 + wf * hessian[row + 3];
      k[row + 4] += ga * c4 + wf * hessian[row + 4]; k[row + 5] += ga * c5 + wf * hessian[row + 5];
      k[row + 6] += ga * c6 + wf * hessian[row + 6]; k[row + 7] += ga * c7 + wf * hessian[row + 7];
    }
  }

  /** factor·∂(ode2Lhs)/∂u = factor·∫ (d_ε G_ε ⊗ G_ε + d_K G_K ⊗ G_K) dx. */
  private dampingMatrix(s: ItemState, d: Float64Array, factor: number): void {
    if (this.dAxial === 0 && this.dBending === 0) return;
    this.gather(s, false);
    const { e, gradStrain, gradCurvature } = this;
    if (this.dAxial !== 0) {
      const axial = this.axial;
      for (let p = 0; p < axial.count; p++) {
        this.setSlopes(axial, p, e);
        this.axialStrain(axial.dS, 4 * p);
        addOuter(d, factor * axial.weight[p] * this.dAxial, gradStrain);
      }
    }
    if (this.dBending !== 0) {
      const bending = this.bending;
      for (let p = 0; p < bending.count; p++) {
        this.setSlopes(bending, p, e);
        this.curvature(bending.dS, bending.ddS, 4 * p);
        addOuter(d, factor * bending.weight[p] * this.dBending, gradCurvature);
      }
    }
  }

  /** Total element coordinates e = reference + displacement, and optionally the velocities u. */
  private gather(s: ItemState, withVelocities: boolean): void {
    // the nodes by index, not by destructuring (an array pattern runs the iterator protocol until optimized)
    const nodes = this.nodes, n0 = nodes[0], n1 = nodes[1];
    const e = this.e, qRef = s.qRef, q = s.q, i0 = n0.qIndex, i1 = n1.qIndex;
    for (let k = 0; k < 4; k++) {
      e[k] = qRef[i0 + k] + q[i0 + k];
      e[4 + k] = qRef[i1 + k] + q[i1 + k];
    }
    if (withVelocities) {
      const u = this.u, v = s.u, j0 = n0.uIndex, j1 = n1.uIndex;
      for (let k = 0; k < 4; k++) {
        u[k] = v[j0 + k];
        u[4 + k] = v[j1 + k];
      }
    }
  }

  /** r' and r'' at quadrature point p of a rule from coordinates e. */
  private setSlopes(rule: MappedRule, p: number, e: Float64Array): void {
    mapSlopes(rule.dS, rule.ddS, 4 * p, e, this.slope);
  }

  /** ε = |r'| − 1 and its gradient ∂ε/∂e_(j,i) = S'_j r'_i / |r'| (into gradStrain), at the current slopes. */
  private axialStrain(dS: Float64Array, o: number): number {
    const { rpx, rpy } = this.slope;
    const norm = Math.sqrt(rpx * rpx + rpy * rpy);
    this.norm = norm;
    const g = this.gradStrain;
    for (let j = 0; j < 4; j++) {
      g[2 * j] = dS[o + j] * rpx / norm;
      g[2 * j + 1] = dS[o + j] * rpy / norm;
    }
    return norm - 1;
  }

  /** ∂²ε/∂e_(j,i)∂e_(k,l) = S'_j S'_k (δ_il/|r'| − r'_i r'_l/|r'|³) into hessian (after axialStrain). */
  private axialStrainHessian(dS: Float64Array, o: number): void {
    const { rpx, rpy } = this.slope;
    const n = this.norm;
    const n3 = n * n * n;
    const h = this.hessian;
    const hxx = 1 / n - rpx * rpx / n3;
    const hxy = -rpx * rpy / n3;
    const hyy = 1 / n - rpy * rpy / n3;
    // S'_j S'_k = S'_k S'_j exactly: the blocks (j, k) and (k, j) are the same products, formed once
    for (let j = 0; j < 4; j++) {
      const sj = dS[o + j];
      for (let k = j; k < 4; k++) {
        const sjk = sj * dS[o + k];
        const xx = sjk * hxx, xy = sjk * hxy, yy = sjk * hyy;
        const row = 2 * j * N_LOCAL + 2 * k;
        h[row] = xx; h[row + 1] = xy; h[row + N_LOCAL] = xy; h[row + N_LOCAL + 1] = yy;
        if (k === j) continue;
        const mirror = 2 * k * N_LOCAL + 2 * j;
        h[mirror] = xx; h[mirror + 1] = xy; h[mirror + N_LOCAL] = xy; h[mirror + N_LOCAL + 1] = yy;
      }
    }
  }

  /**
   * K = f/g with f = r' × r'', g = |r'|², and its gradient ∂K/∂e = ∂f/∂e / g − f ∂g/∂e / g²
   * (into gradCurvature; ∂f/∂e, ∂g/∂e into df, dg), at the current slopes.
   */
  private curvature(dS: Float64Array, ddS: Float64Array, o: number): number {
    const { rpx, rpy, rppx, rppy } = this.slope;
    const f = rpx * rppy - rpy * rppx;
    const g = rpx * rpx + rpy * rpy;
    this.curvatureNumerator = f;
    this.slopeNorm2 = g;
    const { df, dg, gradCurvature } = this;
    for (let j = 0; j < 4; j++) {
      const sx = dS[o + j];
      const sxx = ddS[o + j];
      df[2 * j] = sx * rppy - sxx * rpy;
      df[2 * j + 1] = -sx * rppx + sxx * rpx;
      dg[2 * j] = 2 * rpx * sx;
      dg[2 * j + 1] = 2 * rpy * sx;
    }
    const g2 = g * g;
    for (let a = 0; a < N_LOCAL; a++) gradCurvature[a] = df[a] / g - f * dg[a] / g2;
    return f / g;
  }

  /**
   * ∂²K/∂e_a∂e_b = H^f_ab/g − (df_a dg_b + dg_a df_b)/g² − f H^g_ab/g² + 2 f dg_a dg_b/g³ into hessian
   * (after curvature), with H^f_(j,i)(k,l) = ε_il (S'_j S''_k − S'_k S''_j) (ε_xy = 1 = −ε_yx)
   * and H^g_(j,i)(k,l) = 2 S'_j S'_k δ_il.
   */
  private curvatureHessian(dS: Float64Array, ddS: Float64Array, o: number): void {
    const f = this.curvatureNumerator;
    const g = this.slopeNorm2;
    const g2 = g * g;
    const g3 = g2 * g;
    const { df, dg, hessian } = this;
    // the terms each entry formed the same way once per point (0/g where H^f = 0, f·0/g² where H^g = 0, 2f) or per
    // row (2f dg_a, 2 S'_j): the same operations on the same operands
    const hfZero = 0 / g, hgZero = f * 0 / g2, twoF = 2 * f;
    for (let a = 0; a < N_LOCAL; a++) {
      const j = a >> 1;
      const i = a & 1;
      const dfa = df[a], dga = dg[a], sj = dS[o + j], tj = ddS[o + j], twoSj = 2 * sj, lastA = twoF * dga, row = a * N_LOCAL;
      for (let b = 0; b < N_LOCAL; b++) {
        const k = b >> 1;
        const dgb = dg[b];
        const mixed = (dfa * dgb + dga * df[b]) / g2;
        let value: number;
        if (i === (b & 1)) value = hfZero - mixed - f * (twoSj * dS[o + k]) / g2;
        else {
          const antisymmetric = sj * ddS[o + k] - dS[o + k] * tj;
          value = (i === 0 ? antisymmetric : -antisymmetric) / g - mixed - hgZero;
        }
        hessian[row + b] = value + lastA * dgb / g3;
      }
    }
  }

  private callAxialUF(s: ItemState, x: number, strain: number, strain_t: number, strainRef: number, curvature: number, curvature_t: number, curvatureRef: number): number {
    const uf = this.axialForceUF as CableAxialForceUserFunction;
    const force = uf(s.mbs, s.t, this.label.index, x / this.L, strain, strain_t, strainRef, this.EA, this.dAxial, curvature, curvature_t, curvatureRef);
    if (typeof force !== 'number' || !Number.isFinite(force)) itemError(this.label, 'axialForceUserFunction', `must return a finite number, got ${describeValue(force)}`);
    return force;
  }

  private callBendingUF(s: ItemState, x: number, curvature: number, curvature_t: number, curvatureRef: number, strain: number, strain_t: number, strainRef: number): number {
    const uf = this.bendingMomentUF as CableBendingMomentUserFunction;
    const moment = uf(s.mbs, s.t, this.label.index, x / this.L, curvature, curvature_t, curvatureRef, this.EI, this.dBending, strain, strain_t, strainRef);
    if (typeof moment !== 'number' || !Number.isFinite(moment)) itemError(this.label, 'bendingMomentUserFunction', `must return a finite number, got ${describeValue(moment)}`);
    return moment;
  }

  /** Consistent mass matrix ∫ ρA S_i S_j dx and ∫ ρA S_j dx by 4-point Gauss (exact for the cubic shape functions). */
  private integrateMass(): void {
    const S = this.shape;
    for (let p = 0; p < gauss4.points.length; p++) {
      const x = 0.5 * this.L * gauss4.points[p] + 0.5 * this.L;
      const w = 0.5 * this.L * gauss4.weights[p] * this.rhoA;
      shapeFunctions(x, this.L, S, 0);
      for (let i = 0; i < 4; i++) {
        this.massShapeIntegral[i] += w * S[i];
        for (let j = i; j < 4; j++) this.mass4[4 * i + j] += w * S[i] * S[j];
      }
    }
    for (let i = 1; i < 4; i++) for (let j = 0; j < i; j++) this.mass4[4 * i + j] = this.mass4[4 * j + i];
  }

  /** Coordinates e (total) and u of a state, as new arrays (for outputs). */
  private stateCoordinates(s: ItemState): { e: Float64Array; u: Float64Array; a: Float64Array } {
    const e = new Float64Array(N_LOCAL);
    const u = new Float64Array(N_LOCAL);
    const a = new Float64Array(N_LOCAL);
    this.nodes.forEach((node, n) => {
      for (let k = 0; k < 4; k++) {
        e[4 * n + k] = s.qRef[node.qIndex + k] + s.q[node.qIndex + k];
        u[4 * n + k] = s.u[node.uIndex + k];
        a[4 * n + k] = s.a[node.uIndex + k];
      }
    });
    return { e, u, a };
  }

  /** Writes S, S', S'' at x into this.shape[0..3], [4..7], [8..11]. */
  private shapesAt(x: number): Float64Array {
    shapeFunctions(x, this.L, this.shape, 0);
    shapeFunctions_x(x, this.L, this.shape, 4);
    shapeFunctions_xx(x, this.L, this.shape, 8);
    return this.shape;
  }

  /** Writes S at x into this.shape[0..3] and, withSlopes, S' into [4..7]: what position, velocity and their Jacobian use. */
  private kinematicShapesAt(x: number, withSlopes: boolean): Float64Array {
    shapeFunctions(x, this.L, this.shape, 0);
    if (withSlopes) shapeFunctions_x(x, this.L, this.shape, 4);
    return this.shape;
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s, false);
    this.positionFrom(this.e, localPosition, out);
  }

  /** r(x) + y n(x) for coordinates e; n = [−t_y, t_x], t = r'/|r'|. */
  private positionFrom(e: Float64Array, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0;
    const y = localPosition[1] ?? 0;
    const S = this.kinematicShapesAt(x, y !== 0);
    out[0] = S[0] * e[0] + S[1] * e[2] + S[2] * e[4] + S[3] * e[6];
    out[1] = S[0] * e[1] + S[1] * e[3] + S[2] * e[5] + S[3] * e[7];
    out[2] = 0;
    if (y !== 0) {
      const rpx = S[4] * e[0] + S[5] * e[2] + S[6] * e[4] + S[7] * e[6];
      const rpy = S[4] * e[1] + S[5] * e[3] + S[6] * e[5] + S[7] * e[7];
      const norm = Math.sqrt(rpx * rpx + rpy * rpy);
      out[0] -= y * rpy / norm;
      out[1] += y * rpx / norm;
    }
  }

  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s, true);
    const x = localPosition[0] ?? 0;
    const y = localPosition[1] ?? 0;
    const { e, u } = this;
    const S = this.kinematicShapesAt(x, y !== 0);
    out[0] = S[0] * u[0] + S[1] * u[2] + S[2] * u[4] + S[3] * u[6];
    out[1] = S[0] * u[1] + S[1] * u[3] + S[2] * u[5] + S[3] * u[7];
    out[2] = 0;
    if (y !== 0) {
      const rpx = S[4] * e[0] + S[5] * e[2] + S[6] * e[4] + S[7] * e[6];
      const rpy = S[4] * e[1] + S[5] * e[3] + S[6] * e[5] + S[7] * e[7];
      const rpx_t = S[4] * u[0] + S[5] * u[2] + S[6] * u[4] + S[7] * u[6];
      const rpy_t = S[4] * u[1] + S[5] * u[3] + S[6] * u[5] + S[7] * u[7];
      const g = rpx * rpx + rpy * rpy;
      const norm = Math.sqrt(g);
      const omega = (rpx * rpy_t - rpy * rpx_t) / g;
      out[0] -= y * omega * rpx / norm;
      out[1] -= y * omega * rpy / norm;
    }
  }

  /** ∂p/∂u (3 × 8): S_j δ_ci, plus −y t_c n_i S'_j/|r'| for a point off the axis. */
  positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0;
    const y = localPosition[1] ?? 0;
    const S = this.kinematicShapesAt(x, y !== 0);
    out.fill(0, 0, 3 * N_LOCAL);
    for (let j = 0; j < 4; j++) {
      out[2 * j] = S[j];
      out[N_LOCAL + 2 * j + 1] = S[j];
    }
    if (y !== 0) {
      this.gather(s, false);
      const e = this.e;
      const rpx = S[4] * e[0] + S[5] * e[2] + S[6] * e[4] + S[7] * e[6];
      const rpy = S[4] * e[1] + S[5] * e[3] + S[6] * e[5] + S[7] * e[7];
      const norm = Math.sqrt(rpx * rpx + rpy * rpy);
      const tx = rpx / norm;
      const ty = rpy / norm;
      for (let j = 0; j < 4; j++) {
        const c = y * S[4 + j] / norm;
        out[2 * j] += c * tx * ty;
        out[2 * j + 1] -= c * tx * tx;
        out[N_LOCAL + 2 * j] += c * ty * ty;
        out[N_LOCAL + 2 * j + 1] -= c * ty * tx;
      }
    }
  }

  massProportionalForce(_s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    for (let j = 0; j < 4; j++) {
      f[2 * j] += this.massShapeIntegral[j] * loadPerMass[0];
      f[2 * j + 1] += this.massShapeIntegral[j] * loadPerMass[1];
    }
  }

  /** Strains, strain rates and their reference values at axial position x. */
  private sectionAt(s: ItemState, x: number): { strain: number; strain_t: number; strainRef: number; curvature: number; curvature_t: number; curvatureRef: number } {
    const { e, u } = this.stateCoordinates(s);
    const S = this.shapesAt(x);
    const section = (coordinates: Float64Array) => {
      const slope = { rpx: Number.NaN, rpy: Number.NaN, rppx: Number.NaN, rppy: Number.NaN }; // doubles, as the field slope
      mapSlopes(S.subarray(4, 8), S.subarray(8, 12), 0, coordinates, slope);
      return slope;
    };
    const current = section(e);
    const reference = section(this.eReference);
    const strainOf = (k: SectionKinematics) => Math.sqrt(k.rpx * k.rpx + k.rpy * k.rpy) - 1;
    const curvatureOf = (k: SectionKinematics) => (k.rpx * k.rppy - k.rpy * k.rppx) / (k.rpx * k.rpx + k.rpy * k.rpy);
    const rp_t = mapPair(S, 4, u);
    const rpp_t = mapPair(S, 8, u);
    const g = current.rpx * current.rpx + current.rpy * current.rpy;
    const f = current.rpx * current.rppy - current.rpy * current.rppx;
    const f_t = rp_t[0] * current.rppy - rp_t[1] * current.rppx + current.rpx * rpp_t[1] - current.rpy * rpp_t[0];
    const g_t = 2 * (current.rpx * rp_t[0] + current.rpy * rp_t[1]);
    const relative = this.v.strainIsRelativeToReference;
    return {
      strain: strainOf(current),
      strain_t: (current.rpx * rp_t[0] + current.rpy * rp_t[1]) / Math.sqrt(g),
      strainRef: this.v.physicsReferenceAxialStrain + relative * strainOf(reference),
      curvature: curvatureOf(current),
      curvature_t: (f_t * g - f * g_t) / (g * g),
      curvatureRef: this.v.physicsReferenceCurvature + relative * curvatureOf(reference),
    };
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const x = localPosition[0] ?? 0;
    const y = localPosition[1] ?? 0;
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        const reference = new Float64Array(3);
        this.position(s, localPosition, out);
        this.positionFrom(this.eReference, localPosition, reference);
        for (let c = 0; c < 3; c++) out[c] -= reference[c];
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.VelocityLocal: {
        this.velocity(s, localPosition, out);
        const [tx, ty] = this.tangent(s, x);
        return [tx * out[0] + ty * out[1], -ty * out[0] + tx * out[1], 0];
      }
      case OutputVariableType.Acceleration: {
        const { e, u, a } = this.stateCoordinates(s);
        const S = this.shapesAt(x);
        const r_tt = mapPair(S, 0, a);
        out[0] = r_tt[0];
        out[1] = r_tt[1];
        if (y !== 0) {
          const { omega, omega_t } = this.angularRates(e, u, a, S);
          const rp = mapPair(S, 4, e);
          const norm = Math.sqrt(rp[0] * rp[0] + rp[1] * rp[1]);
          const t = [rp[0] / norm, rp[1] / norm];
          out[0] += -y * omega_t * t[0] + y * omega * omega * t[1];
          out[1] += -y * omega_t * t[1] - y * omega * omega * t[0];
        }
        return out;
      }
      case OutputVariableType.AngularVelocity: {
        const { e, u, a } = this.stateCoordinates(s);
        return [0, 0, this.angularRates(e, u, a, this.shapesAt(x)).omega];
      }
      case OutputVariableType.AngularAcceleration: {
        const { e, u, a } = this.stateCoordinates(s);
        return [0, 0, this.angularRates(e, u, a, this.shapesAt(x)).omega_t];
      }
      case OutputVariableType.Rotation: {
        const { e } = this.stateCoordinates(s);
        const rp = mapPair(this.shapesAt(x), 4, e);
        return [Math.atan2(rp[1], rp[0])];
      }
      case OutputVariableType.Director1: {
        const { e } = this.stateCoordinates(s);
        const rp = mapPair(this.shapesAt(x), 4, e);
        return [rp[0], rp[1], 0];
      }
      case OutputVariableType.StrainLocal: {
        const section = this.sectionAt(s, x);
        return [section.strain - y * section.curvature];
      }
      case OutputVariableType.CurvatureLocal: return [this.sectionAt(s, x).curvature];
      case OutputVariableType.ForceLocal: {
        const c = this.sectionAt(s, x);
        return [this.axialForceUF === 0
          ? this.EA * (c.strain - c.strainRef) + this.dAxial * c.strain_t
          : this.callAxialUF(s, x, c.strain, c.strain_t, c.strainRef, c.curvature, c.curvature_t, c.curvatureRef)];
      }
      case OutputVariableType.TorqueLocal: {
        const c = this.sectionAt(s, x);
        return [this.bendingMomentUF === 0
          ? this.EI * (c.curvature - c.curvatureRef) + this.dBending * c.curvature_t
          : this.callBendingUF(s, x, c.curvature, c.curvature_t, c.curvatureRef, c.strain, c.strain_t, c.strainRef)];
      }
      default: return undefined;
    }
  }

  /** Unit tangent r'/|r'| at x. */
  private tangent(s: ItemState, x: number): [number, number] {
    const { e } = this.stateCoordinates(s);
    const rp = mapPair(this.shapesAt(x), 4, e);
    const norm = Math.sqrt(rp[0] * rp[0] + rp[1] * rp[1]);
    return [rp[0] / norm, rp[1] / norm];
  }

  /** ω = (r' × ṙ')/|r'|² and ω̇ = (r' × r̈')/|r'|² − 2 ω (r'·ṙ')/|r'|², with S' in S[4..7]. */
  private angularRates(e: Float64Array, u: Float64Array, a: Float64Array, S: Float64Array): { omega: number; omega_t: number } {
    const rp = mapPair(S, 4, e);
    const rp_t = mapPair(S, 4, u);
    const rp_tt = mapPair(S, 4, a);
    const g = rp[0] * rp[0] + rp[1] * rp[1];
    const omega = (rp[0] * rp_t[1] - rp[1] * rp_t[0]) / g;
    const omega_t = (rp[0] * rp_tt[1] - rp[1] * rp_tt[0]) / g - 2 * omega * (rp[0] * rp_t[0] + rp[1] * rp_t[1]) / g;
    return { omega, omega_t };
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** Σ_j w[o + j] c_j for the x and y components of the element coordinates c. */
function mapPair(w: Float64Array, o: number, c: Float64Array): [number, number] {
  return [
    w[o] * c[0] + w[o + 1] * c[2] + w[o + 2] * c[4] + w[o + 3] * c[6],
    w[o] * c[1] + w[o + 1] * c[3] + w[o + 2] * c[5] + w[o + 3] * c[7],
  ];
}

/** r' = Σ S'_j e_j and r'' = Σ S''_j e_j into out. */
function mapSlopes(dS: Float64Array, ddS: Float64Array, o: number, e: Float64Array, out: SectionKinematics): void {
  let rpx = 0;
  let rpy = 0;
  let rppx = 0;
  let rppy = 0;
  for (let j = 0; j < 4; j++) {
    rpx += dS[o + j] * e[2 * j];
    rpy += dS[o + j] * e[2 * j + 1];
    rppx += ddS[o + j] * e[2 * j];
    rppy += ddS[o + j] * e[2 * j + 1];
  }
  out.rpx = rpx;
  out.rpy = rpy;
  out.rppx = rppx;
  out.rppy = rppy;
}

function dot8(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < N_LOCAL; i++) sum += a[i] * b[i];
  return sum;
}

/** m += w g ⊗ g (8 × 8); g's entries in locals, each row written out. */
function addOuter(m: Float64Array, w: number, g: Float64Array): void {
  const g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4], g5 = g[5], g6 = g[6], g7 = g[7];
  for (let a = 0; a < N_LOCAL; a++) {
    const ga = w * g[a], r = a * N_LOCAL;
    m[r] += ga * g0; m[r + 1] += ga * g1; m[r + 2] += ga * g2; m[r + 3] += ga * g3;
    m[r + 4] += ga * g4; m[r + 5] += ga * g5; m[r + 6] += ga * g6; m[r + 7] += ga * g7;
  }
}

/** The planar ANCF cable element (Exudyn's ObjectANCFCable2D). */
export const objectANCFCable2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ANCFCable2D',
  aliases: ['Cable2D'],
  description: 'A planar Euler–Bernoulli cable (ANCF, Gerstmayr–Irschik) on two Point2DSlope1 nodes: cubic Hermite interpolation of position and slope, geometrically exact axial strain ε = |r\'| − 1 and material curvature K = (r\' × r\'\')/|r\'|², consistent constant mass matrix. Local positions [x, y, 0] with x ∈ [0, L] along the axis and y across it.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.VelocityLocal,
    OutputVariableType.Acceleration, OutputVariableType.AngularVelocity, OutputVariableType.AngularAcceleration,
    OutputVariableType.Rotation, OutputVariableType.Director1, OutputVariableType.StrainLocal, OutputVariableType.CurvatureLocal,
    OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
  ],
  equations: [
    'e = [r0, r0\', r1, r1\'] (total nodal coordinates), r(x) = Σ S_j(x) e_j with ξ = x/L:',
    'S1 = 1 − 3ξ² + 2ξ³, S2 = x − 2x²/L + xξ², S3 = 3ξ² − 2ξ³, S4 = −xξ + xξ².',
    'ε = |r\'| − 1, K = (r\' × r\'\')/|r\'|², N = EA(ε − ε_ref) + d_ε ε̇, M = EI(K − K_ref) + d_K K̇,',
    'ε_ref = ε₀ + f_ref(|r\'_ref| − 1), K_ref = K₀ + f_ref K(reference).',
    'ode2Lhs = ∫ (N ∂ε/∂e + M ∂K/∂e) dx (axial and bending parts with their own Gauss rules), M_e = ∫ ρA SᵀS dx.',
  ].join('\n'),
  example: (mbs) => {
    const nodes = [0, 1].map((x) => mbs.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [x, 0, 1, 0], initialVelocities: [0, 0.5 * x, 0, 0.3] }));
    const cable = mbs.addObject({ objectType: 'ANCFCable2D', nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 0.8, physicsBendingStiffness: 2, physicsAxialStiffness: 50, physicsBendingDamping: 0.1, physicsAxialDamping: 0.5, physicsReferenceCurvature: 0.2 });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: cable, localPosition: [0.7, 0, 0] }), loadVector: [0.5, -1, 0] });
    return cable;
  },
  create: (v, label) => new ANCFCable2DModel(label, v),
};

/** Factory for a planar ANCF cable element. */
export const ObjectANCFCable2D = makeFactory(objectANCFCable2DDefinition);
/** Exudyn's alias of {@link ObjectANCFCable2D}. */
export const Cable2D = ObjectANCFCable2D;
