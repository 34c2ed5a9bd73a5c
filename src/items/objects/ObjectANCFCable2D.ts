import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndexArray, real, uint, ureal, userFunction, type ParameterValues, type UserFunctionValue } from '../../registry/parameters.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { zeroArray } from '../../linalg/arrays.ts';
import { ancfCable2DAddresses as at, ancfCable2DKernels, axialRuleIndex, bendingRuleIndex, cableTableLength, ruleCapacity, ruleOffsets, sectionValueStride } from './ancfCable2DKernels.ts';
import { shapeFunctions, shapeFunctions_x, shapeFunctions_xx } from './ancfCable2DShapeFunctions.ts';

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

export { shapeFunctions, shapeFunctions_x, shapeFunctions_xx };

/**
 * A quadrature rule mapped to [0, L] with the shape function derivatives and reference strains at its points: views of
 * the rule's block in the element's kernel table (see ancfCable2DKernels.ts).
 */
class MappedRule {
  readonly count: number;
  /** Axial positions x_p = L/2 (p + 1). */
  readonly x: Float64Array;
  /** Weights L/2 · w_p. */
  readonly weight: Float64Array;
  /** ε₀ + f_ref (|r'_ref| − 1) per point (set in bind). */
  readonly strainRef: Float64Array;
  /** K₀ + f_ref K(reference) per point (set in bind). */
  readonly curvatureRef: Float64Array;

  /** The rule's block at index `block` of the element table `table` (S'_j(x_p), S''_j(x_p) and the weights written here). */
  constructor(rule: QuadratureRule, L: number, table: Float64Array, block: number) {
    const n = rule.points.length;
    this.count = n;
    this.x = new Float64Array(n);
    const view = (offset: number, length: number) => table.subarray(block + offset, block + offset + length);
    this.weight = view(ruleOffsets.weight, ruleCapacity);
    const dS = view(ruleOffsets.slopes, 4 * ruleCapacity);
    const ddS = view(ruleOffsets.slopes2, 4 * ruleCapacity);
    this.strainRef = view(ruleOffsets.strainRef, ruleCapacity);
    this.curvatureRef = view(ruleOffsets.curvatureRef, ruleCapacity);
    for (let p = 0; p < n; p++) {
      const x = 0.5 * L * rule.points[p] + 0.5 * L;
      this.x[p] = x;
      this.weight[p] = 0.5 * L * rule.weights[p];
      shapeFunctions_x(x, L, dS, 4 * p);
      shapeFunctions_xx(x, L, ddS, 4 * p);
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
  /** The kernels of the elastic forces and their Jacobians (shared by all elements). */
  private readonly kernels = ancfCable2DKernels();
  /** [EA, d_ε, EI, d_K] and the two rules' blocks, copied into the kernels' table for each call. */
  private readonly table = new Float64Array(cableTableLength);
  /** 1 if the elastic forces depend on the velocities (damping) without user functions: the kernels' withRates. */
  private readonly kernelRates: number;
  /** ε, K and their gradients at every point (the sections kernel's output, copied: user functions may run kernels). */
  private readonly sectionValues = new Float64Array(2 * ruleCapacity * sectionValueStride);

  private readonly e = new Float64Array(N_LOCAL);
  private readonly u = new Float64Array(N_LOCAL);
  private readonly eReference = new Float64Array(N_LOCAL);
  private readonly shape = new Float64Array(12);

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
    const table = this.table;
    table[0] = this.EA;
    table[1] = this.dAxial;
    table[2] = this.EI;
    table[3] = this.dBending;
    this.axial = new MappedRule(rules.axial, this.L, table, axialRuleIndex);
    this.bending = new MappedRule(rules.bending, this.L, table, bendingRuleIndex);
    this.ode2LhsDependsOnVelocity = this.hasUserFunction || this.dAxial !== 0 || this.dBending !== 0;
    this.kernelRates = this.ode2LhsDependsOnVelocity ? 1 : 0;
    // factor·∂(ode2Lhs)/∂q and factor·∂(ode2Lhs)/∂u (see the kernels stiffnessMatrix and dampingMatrix)
    this.ode2Lhs_q = this.hasUserFunction ? undefined : (s, acc, factor) => {
      this.loadKernelState(s, this.kernelRates !== 0);
      this.kernels.exports.stiffnessMatrix(at.table, axialRuleIndex, this.axial.count, bendingRuleIndex, this.bending.count, at.e, at.u, factor,
        at.matrix, at.section, at.df, at.dg, at.gradient, at.hessian, at.hessianU, at.column);
      acc.addBlock(0, 0, N_LOCAL, N_LOCAL, this.kernels.views.matrix, 0, N_LOCAL, 1);
    };
    this.ode2Lhs_u = this.hasUserFunction ? undefined : (s, acc, factor) => {
      this.loadKernelState(s, false);
      this.kernels.exports.dampingMatrix(at.table, axialRuleIndex, this.axial.count, bendingRuleIndex, this.bending.count, at.e, factor,
        at.matrix, at.section, at.df, at.dg, at.gradient);
      acc.addBlock(0, 0, N_LOCAL, N_LOCAL, this.kernels.views.matrix, 0, N_LOCAL, 1);
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
    const values = this.evaluateSections(this.eReference);
    const relative = this.v.strainIsRelativeToReference;
    for (const [rule, first] of [[this.axial, 0], [this.bending, ruleCapacity]] as const) {
      for (let p = 0; p < rule.count; p++) {
        const o = sectionValueStride * (first + p);
        rule.strainRef[p] = this.v.physicsReferenceAxialStrain + (relative !== 0 ? relative * values[o] : 0);
        rule.curvatureRef[p] = this.v.physicsReferenceCurvature + (relative !== 0 ? relative * values[o + 1] : 0);
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
    if (this.hasUserFunction) {
      this.userFunctionLhs(s, f);
      return;
    }
    const fv = this.kernels.views.f;
    this.loadKernelState(s, this.kernelRates !== 0);
    for (let a = 0; a < N_LOCAL; a++) fv[a] = f[a];
    this.kernels.exports.elasticLhs(at.table, axialRuleIndex, this.axial.count, bendingRuleIndex, this.bending.count, at.e, at.u, this.kernelRates, at.f);
    f.set(fv);
  }

  /** The element's table and coordinates (and velocities) into the kernels' arrays. */
  private loadKernelState(s: ItemState, withVelocities: boolean): void {
    const views = this.kernels.views;
    views.table.set(this.table);
    this.gather(s, withVelocities, views.e, views.u);
  }

  /** ε, K and their gradients at every point from coordinates e (see the sections kernel), into sectionValues. */
  private evaluateSections(e: Float64Array): Float64Array {
    const kernels = this.kernels, views = kernels.views;
    views.table.set(this.table);
    views.e.set(e);
    kernels.exports.sections(at.table, axialRuleIndex, this.axial.count, bendingRuleIndex, this.bending.count, at.e, at.sectionValues,
      at.section, at.df, at.dg, at.gradient);
    this.sectionValues.set(views.sectionValues);
    return this.sectionValues;
  }

  /** ode2Lhs with a user function: the strains and their gradients of all points first (sections kernel), then per point. */
  private userFunctionLhs(s: ItemState, f: Float64Array): void {
    const withRates = this.ode2LhsDependsOnVelocity;
    const { e, u } = this;
    this.gather(s, withRates, e, u);
    const values = this.evaluateSections(e);
    const axial = this.axial;
    for (let p = 0; p < axial.count; p++) {
      const o = sectionValueStride * p;
      const strain = values[o];
      const strain_t = withRates ? dot8(values, o + 2, u) : 0;
      let force: number;
      if (this.axialForceUF === 0) {
        force = this.EA * (strain - axial.strainRef[p]) + this.dAxial * strain_t;
      } else {
        force = this.callAxialUF(s, axial.x[p], strain, strain_t, axial.strainRef[p], values[o + 1], dot8(values, o + 10, u), axial.curvatureRef[p]);
      }
      const c = axial.weight[p] * force;
      for (let a = 0; a < N_LOCAL; a++) f[a] += c * values[o + 2 + a];
    }
    const bending = this.bending;
    for (let p = 0; p < bending.count; p++) {
      const o = sectionValueStride * (ruleCapacity + p);
      const curvature = values[o + 1];
      const curvature_t = withRates ? dot8(values, o + 10, u) : 0;
      let moment: number;
      if (this.bendingMomentUF === 0) {
        moment = this.EI * (curvature - bending.curvatureRef[p]) + this.dBending * curvature_t;
      } else {
        moment = this.callBendingUF(s, bending.x[p], curvature, curvature_t, bending.curvatureRef[p], values[o], dot8(values, o + 2, u), bending.strainRef[p]);
      }
      const c = bending.weight[p] * moment;
      for (let a = 0; a < N_LOCAL; a++) f[a] += c * values[o + 10 + a];
    }
  }

  /** Total element coordinates e = reference + displacement, and optionally the velocities u, into e and u. */
  private gather(s: ItemState, withVelocities: boolean, e: Float64Array, u: Float64Array): void {
    // the nodes by index, not by destructuring (an array pattern runs the iterator protocol until optimized)
    const nodes = this.nodes, n0 = nodes[0], n1 = nodes[1];
    const qRef = s.qRef, q = s.q, i0 = n0.qIndex, i1 = n1.qIndex;
    for (let k = 0; k < 4; k++) {
      e[k] = qRef[i0 + k] + q[i0 + k];
      e[4 + k] = qRef[i1 + k] + q[i1 + k];
    }
    if (withVelocities) {
      const v = s.u, j0 = n0.uIndex, j1 = n1.uIndex;
      for (let k = 0; k < 4; k++) {
        u[k] = v[j0 + k];
        u[4 + k] = v[j1 + k];
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
    this.gather(s, false, this.e, this.u);
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
    this.gather(s, true, this.e, this.u);
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
      this.gather(s, false, this.e, this.u);
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

/** Σ_i a[o + i] b[i] over the 8 coordinates, summed from 0 in the order of i. */
function dot8(a: Float64Array, o: number, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < N_LOCAL; i++) sum += a[o + i] * b[i];
  return sum;
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
