import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { addLocalBlock, type BindContext, type BodyModel, type DistributedLoadDensity, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndexArray, str, uint, ureal, vector, type ParameterValues } from '../../registry/parameters.ts';
import { quaternionRotationMatrixInto } from '../../rotations/quaternion.ts';
import { rotationMatrix2RotXYZInto } from '../../rotations/rotationMatrices.ts';
import { mat3MulInto, mat3TransposeMulInto, skewInto } from '../../rotations/skew.ts';
import { addSkewSandwichInto, addTraceMinusInto } from './cosseratRod/kernels.ts';
import { gaussLegendreUnit, lagrangeBasisInto, type UnitRule } from './cosseratRod/lagrange.ts';

/** Highest supported polynomial degree (equidistant Lagrange nodes get ill-conditioned beyond). */
const MAX_DEGREE = 6;
/** Gauss points per element for arc lengths of the reference centerline (J = |r_ξ| is smooth, not polynomial). */
const ARC_LENGTH_POINTS = 16;
/** Entries of the arc-length → element parameter cache of the body capability. */
const LOCATION_CACHE = 16;
/** Indices into CosseratRodModel.scales: 1, N_k, N_k', −N_k, ½N_k', −½N_k. */
const ONE = 0, N = 1, DN = 2, MINUS_N = 3, HALF_DN = 4, MINUS_HALF_N = 5;

const parameters = {
  nodeNumbers: nodeIndexArray('RigidBodyQuaternion nodes along the rod, p·n_el + 1 of them in order; element e uses nodes p·e … p·e + p (n_el = (count − 1)/p).'),
  polynomialDegree: uint(1, 'Degree p (1 … 6) of the Lagrange interpolation of centerline, rotation matrices (R12), virtual displacements and velocities.'),
  physicsAxialShearStiffness: vector([0, 0, 0], '[EA, GA₂, GA₃] [N]: n = C_γ(γ − γ⁰) in the cross-section frame, body axis 1 along the rod; all positive.', 3, 'Vector3D'),
  physicsBendingTorsionStiffness: vector([0, 0, 0], '[GI_p, EI₂, EI₃] [N m²]: m = C_κ(κ − κ⁰) in the cross-section frame; all positive.', 3, 'Vector3D'),
  physicsMassPerLength: ureal(0, 'Cross-section mass density A_ρ0 [kg/m].'),
  physicsInertiaPerLength: vector([0, 0, 0], 'Diagonal of the cross-section inertia K_I_ρ0 [kg m] (e.g. ρ[I_p, I₂, I₃]); non-negative.', 3, 'Vector3D'),
  physicsAxialShearDamping: vector([0, 0, 0], 'Viscous strain-rate damping D_γ [N s]: n += D_γ γ̇; non-negative.', 3, 'Vector3D'),
  physicsBendingTorsionDamping: vector([0, 0, 0], 'Viscous curvature-rate damping D_κ [N m² s]: m += D_κ κ̇; non-negative.', 3, 'Vector3D'),
  integration: str('reduced', 'Gauss quadrature of the internal forces per element: \'reduced\' = p points (no shear/membrane locking), \'full\' = p + 1 points.'),
  physicsLength: ureal(0, 'Length L of the arc-length coordinate s ∈ [0, L] of markers and outputs; 0 (default) = arc length of the interpolated reference centerline, else s is scaled to it.'),
};

type RodValues = ParameterValues<typeof parameters>;

/** Throws unless every entry of a 3-vector parameter is positive (or non-negative). */
function checkEntries(label: ItemLabel, name: string, value: ArrayLike<number>, strict: boolean): void {
  for (let i = 0; i < 3; i++) {
    if (strict ? !(value[i] > 0) : !(value[i] >= 0)) {
      itemError(label, name, `entry ${i} must be ${strict ? 'positive' : 'non-negative'}, got [${Array.from(value).join(', ')}]`);
    }
  }
}

/** Checks across parameters (at add time). */
function validateRod(v: RodValues, label: ItemLabel): void {
  const p = v.polynomialDegree;
  if (p < 1 || p > MAX_DEGREE) itemError(label, 'polynomialDegree', `must be an integer 1 … ${MAX_DEGREE}, got ${p}`);
  const count = v.nodeNumbers.length;
  if (count < 2) itemError(label, 'nodeNumbers', `must contain at least two nodes (p·n_el + 1 with n_el ≥ 1), got ${count}`);
  if ((count - 1) % p !== 0) {
    itemError(label, 'nodeNumbers', `must contain p·n_el + 1 nodes for polynomialDegree p = ${p} (n_el = (count − 1)/p must be an integer), got ${count} nodes: ${(count - 1) / p} elements`);
  }
  checkEntries(label, 'physicsAxialShearStiffness', v.physicsAxialShearStiffness, true);
  checkEntries(label, 'physicsBendingTorsionStiffness', v.physicsBendingTorsionStiffness, true);
  checkEntries(label, 'physicsInertiaPerLength', v.physicsInertiaPerLength, false);
  checkEntries(label, 'physicsAxialShearDamping', v.physicsAxialShearDamping, false);
  checkEntries(label, 'physicsBendingTorsionDamping', v.physicsBendingTorsionDamping, false);
  if (v.integration !== 'full' && v.integration !== 'reduced') itemError(label, 'integration', `must be 'full' or 'reduced', got '${v.integration}'`);
}

/** A Gauss rule mapped to every element: shape functions at its points and per-point reference data. */
class RodRule {
  /** Points per element. */
  readonly count: number;
  /** Element parameters η_k of the points. */
  readonly points: Float64Array;
  /** N_i at point k: n[k(p + 1) + i]. */
  readonly n: Float64Array;
  /** dN_i/dξ = n_el dN_i/dη at point k. */
  readonly dn: Float64Array;
  /** Weights in dξ (w_k / n_el). */
  readonly weight: Float64Array;
  /** J = |r⁰_ξ| at point k of element e: J[e·count + k] (set in bind). */
  readonly J: Float64Array;
  /** γ⁰ = A⁰ᵀ r⁰_ξ / J, 3 per point (set in bind). */
  readonly gamma0: Float64Array;
  /** κ⁰ = j⁻¹(Skw(A⁰ᵀ A⁰_ξ)) / J, 3 per point (set in bind). */
  readonly kappa0: Float64Array;
  /** Reference arc length from the rod start at each point (set in bind). */
  readonly arc: Float64Array;

  constructor(rule: UnitRule, p: number, nElements: number) {
    const count = rule.points.length;
    this.count = count;
    this.points = rule.points;
    this.n = new Float64Array(count * (p + 1));
    this.dn = new Float64Array(count * (p + 1));
    this.weight = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      lagrangeBasisInto(p, rule.points[k], this.n, this.dn, k * (p + 1));
      for (let i = 0; i <= p; i++) this.dn[k * (p + 1) + i] *= nElements;
      this.weight[k] = rule.weights[k] / nElements;
    }
    this.J = new Float64Array(nElements * count);
    this.gamma0 = new Float64Array(3 * nElements * count);
    this.kappa0 = new Float64Array(3 * nElements * count);
    this.arc = new Float64Array(nElements * count);
  }
}

/** out(3×3) += c · diag(d) · b. */
function addScaledRows(out: Float64Array, d: ArrayLike<number>, b: ArrayLike<number>, c: number): void {
  for (let r = 0; r < 3; r++) {
    const f = c * d[r];
    out[3 * r] += f * b[3 * r]; out[3 * r + 1] += f * b[3 * r + 1]; out[3 * r + 2] += f * b[3 * r + 2];
  }
}

/** out(3×3) += c · ã b (ã the skew matrix of a). */
function addSkewTimes(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, c: number): void {
  const x = a[0], y = a[1], z = a[2];
  for (let col = 0; col < 3; col++) {
    const b0 = b[col], b1 = b[3 + col], b2 = b[6 + col];
    out[col] += c * (y * b2 - z * b1);
    out[3 + col] += c * (z * b0 - x * b2);
    out[6 + col] += c * (x * b1 - y * b0);
  }
}

/** out(3×3) += c · A b, c = scale[index] (from an array: a call that is not inlined passes no boxed double). */
function addProduct(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, scale: Float64Array, index: number): void {
  const c = scale[index];
  for (let r = 0; r < 3; r++) {
    const a0 = c * a[3 * r], a1 = c * a[3 * r + 1], a2 = c * a[3 * r + 2];
    for (let col = 0; col < 3; col++) out[3 * r + col] += a0 * b[col] + a1 * b[3 + col] + a2 * b[6 + col];
  }
}

/** target(n × n) block at (row, col) += c · b (3×3). */
function addBlock(target: Float64Array, n: number, row: number, col: number, b: ArrayLike<number>, c: number): void {
  for (let r = 0; r < 3; r++) {
    const o = (row + r) * n + col;
    target[o] += c * b[3 * r]; target[o + 1] += c * b[3 * r + 1]; target[o + 2] += c * b[3 * r + 2];
  }
}

/**
 * Run-time model of the Petrov–Galerkin Cosserat rod with nodal non-unit quaternions (seed 000):
 * R12 interpolation r = Σ N_i r_i, A = Σ N_i A(P_i), strains γ = Aᵀr_ξ/J, κ = j⁻¹(Skw(AᵀA_ξ))/J,
 * virtual displacements and velocities interpolated from nodal (δr_i, K_iδφ_i), (v_i, K_iω_i),
 * constant mass matrix. Analytic Jacobians with respect to the increments (Δr_i, Δφ_i), A_i ← A_i exp(Δφ̃_i).
 * Block-sparse: mass matrix and Jacobians are written entry-wise, element block by element block (6(p + 1))², and
 * points at s depend only on the p + 1 nodes of their element (nodesAt).
 */
class CosseratRodModel implements Only<ObjectModel & BodyModel, CosseratRodModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = true;
  readonly ode2LhsDependsOnVelocity: boolean;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];
  readonly nLocalU: number;

  private readonly p: number;
  private readonly nElements: number;
  private readonly nNodes: number;
  private readonly cGamma: Float64Array;
  private readonly cKappa: Float64Array;
  private readonly dGamma: Float64Array;
  private readonly dKappa: Float64Array;
  private readonly rhoA: number;
  private readonly inertia: Float64Array;
  private readonly hasDamping: boolean;
  private readonly hasInertia: boolean;
  /** Quadrature of the internal forces (p or p + 1 points). */
  private readonly stiffness: RodRule;
  /** Quadrature of mass matrix, gyroscopic term, gravity and kinetic energy: ⌈3(p + 1)/2⌉ points. */
  private readonly inertiaRule: RodRule;
  private readonly arcRule: UnitRule;
  /** ∫ N_i N_j J dξ per element, (p + 1)² each. */
  private readonly massCoefficients: Float64Array;
  /** ∫ N_g J dξ per node (gravity). */
  private readonly massShape: Float64Array;
  /** Reference arc length per element and cumulative (n_el + 1). */
  private readonly elementLength: Float64Array;
  private readonly cumulativeLength: Float64Array;
  private referenceLength = 0;
  private length = 0;

  // nodal data: reference and current (gathered per call)
  private readonly rRef: Float64Array;
  private readonly aRef: Float64Array;
  private readonly r: Float64Array;
  private readonly a: Float64Array;
  private readonly v: Float64Array;
  private readonly w: Float64Array;
  /** A_i ω̃_i per node (Ȧ_i). */
  private readonly aw: Float64Array;
  private aViews: Float64Array[] = [];
  private awViews: Float64Array[] = [];
  private aRefViews: Float64Array[] = [];
  private readonly quaternion = new Float64Array(4);

  // section at one point
  private readonly rXi = new Float64Array(3);
  private readonly aMat = new Float64Array(9);
  private readonly aXi = new Float64Array(9);
  private readonly gammaBar = new Float64Array(3);
  private readonly kappaBar = new Float64Array(3);
  private readonly vXi = new Float64Array(3);
  private readonly aDot = new Float64Array(9);
  private readonly aDotXi = new Float64Array(9);
  private readonly gammaBarDot = new Float64Array(3);
  private readonly kappaBarDot = new Float64Array(3);
  private readonly force = new Float64Array(3);
  private readonly moment = new Float64Array(3);
  private readonly work9 = new Float64Array(9);
  private readonly work9b = new Float64Array(9);
  private readonly work3 = new Float64Array(3);
  private readonly work3b = new Float64Array(3);
  private readonly loadForce = new Float64Array(3);
  private readonly loadMoment = new Float64Array(3);

  // Jacobian blocks of one node k at one point
  private readonly gr = new Float64Array(9);
  private readonly gp = new Float64Array(9);
  private readonly kp = new Float64Array(9);
  private readonly gdr = new Float64Array(9);
  private readonly gdp = new Float64Array(9);
  private readonly kdp = new Float64Array(9);
  private readonly nnR = new Float64Array(9);
  private readonly nnP = new Float64Array(9);
  private readonly mmP = new Float64Array(9);
  private readonly xR = new Float64Array(9);
  private readonly xP = new Float64Array(9);
  private readonly yR = new Float64Array(9);
  private readonly yP = new Float64Array(9);
  private readonly cMat = new Float64Array(9);
  private readonly bMat = new Float64Array(9);
  private readonly omegaSkew = new Float64Array(9);
  private readonly coefA = new Float64Array(3);
  private readonly coefB = new Float64Array(3);
  private readonly coefC = new Float64Array(3);
  private readonly coefD = new Float64Array(3);
  /** Shape-function coefficients of node k at one point for the 3×3 kernels, indexed by ONE, N, DN, MINUS_N, HALF_DN, MINUS_HALF_N. */
  private readonly scales = Float64Array.of(1, 0, 0, 0, 0, 0);

  /** Element matrix (6(p + 1))² row-major of the Jacobians, emitted entry-wise per element. */
  private readonly elementMatrix: Float64Array;
  /** The p + 1 nodes of each element (set in bind), the nodes of points in that element. */
  private elementNodes: NodeModel[][] = [];

  // body capability: shape functions at a located arc length
  private readonly bodyN: Float64Array;
  private readonly bodyDN: Float64Array;
  private readonly basisN: Float64Array;
  private readonly basisDN: Float64Array;
  private readonly cacheS = new Float64Array(LOCATION_CACHE).fill(Number.NaN);
  private readonly cacheElement = new Int32Array(LOCATION_CACHE);
  private readonly cacheEta = new Float64Array(LOCATION_CACHE);
  private cacheNext = 0;

  constructor(readonly label: ItemLabel, private readonly values: RodValues) {
    const p = values.polynomialDegree;
    this.p = p;
    this.nNodes = values.nodeNumbers.length;
    this.nElements = (this.nNodes - 1) / p;
    this.nLocalU = 6 * this.nNodes;
    this.cGamma = Float64Array.from(values.physicsAxialShearStiffness);
    this.cKappa = Float64Array.from(values.physicsBendingTorsionStiffness);
    this.dGamma = Float64Array.from(values.physicsAxialShearDamping);
    this.dKappa = Float64Array.from(values.physicsBendingTorsionDamping);
    this.rhoA = values.physicsMassPerLength;
    this.inertia = Float64Array.from(values.physicsInertiaPerLength);
    this.hasDamping = [...this.dGamma, ...this.dKappa].some((d) => d !== 0);
    this.hasInertia = this.inertia.some((j) => j !== 0);
    this.ode2LhsDependsOnVelocity = this.hasDamping || this.hasInertia;
    this.stiffness = new RodRule(gaussLegendreUnit(values.integration === 'full' ? p + 1 : p), p, this.nElements);
    this.inertiaRule = new RodRule(gaussLegendreUnit(Math.ceil(3 * (p + 1) / 2)), p, this.nElements);
    this.arcRule = gaussLegendreUnit(ARC_LENGTH_POINTS);
    this.massCoefficients = new Float64Array(this.nElements * (p + 1) * (p + 1));
    this.massShape = new Float64Array(this.nNodes);
    this.elementLength = new Float64Array(this.nElements);
    this.cumulativeLength = new Float64Array(this.nElements + 1);
    const n = this.nNodes;
    this.rRef = new Float64Array(3 * n);
    this.aRef = new Float64Array(9 * n);
    this.r = new Float64Array(3 * n);
    this.a = new Float64Array(9 * n);
    this.v = new Float64Array(3 * n);
    this.w = new Float64Array(3 * n);
    this.aw = new Float64Array(9 * n);
    this.bodyN = new Float64Array(p + 1);
    this.bodyDN = new Float64Array(p + 1);
    this.basisN = new Float64Array(p + 1);
    this.basisDN = new Float64Array(p + 1);
    this.elementMatrix = new Float64Array(36 * (p + 1) * (p + 1));
  }

  get body(): BodyModel {
    return this;
  }

  /** Length L of the arc-length coordinate s ∈ [0, L] (set in bind). */
  get arcLength(): number {
    return this.length;
  }

  bind(context: BindContext): void {
    this.nodes = this.values.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.label.typeName !== 'RigidBodyQuaternion') {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a RigidBodyQuaternion node, got Node${node.label.typeName} #${node.label.index}`);
      }
      return node;
    });
    this.localNodes = this.nodes;
    this.elementNodes = Array.from({ length: this.nElements }, (_, e) => this.nodes.slice(this.p * e, this.p * e + this.p + 1));
    this.cacheS.fill(Number.NaN);
    this.aViews = this.nodes.map((_, g) => this.a.subarray(9 * g, 9 * g + 9));
    this.awViews = this.nodes.map((_, g) => this.aw.subarray(9 * g, 9 * g + 9));
    this.aRefViews = this.nodes.map((_, g) => this.aRef.subarray(9 * g, 9 * g + 9));
    this.nodes.forEach((node, g) => {
      const ref = node.referenceCoordinates;
      this.rRef[3 * g] = ref[0]; this.rRef[3 * g + 1] = ref[1]; this.rRef[3 * g + 2] = ref[2];
      if (ref[3] === 0 && ref[4] === 0 && ref[5] === 0 && ref[6] === 0) {
        itemError(this.label, 'nodeNumbers', `entry ${g} (node #${node.label.index}) must have a nonzero reference quaternion, got [0, 0, 0, 0]`);
      }
      quaternionRotationMatrixInto(this.aRefViews[g], ref, 3);
    });
    this.checkDistinctNodes();
    this.computeReferenceGeometry();
    const given = this.values.physicsLength;
    this.length = given > 0 ? given : this.referenceLength;
  }

  /** Throws if two consecutive nodes have the same reference position. */
  private checkDistinctNodes(): void {
    const r = this.rRef;
    let total = 0;
    const distance = (g: number) => Math.hypot(r[3 * g + 3] - r[3 * g], r[3 * g + 4] - r[3 * g + 1], r[3 * g + 5] - r[3 * g + 2]);
    for (let g = 0; g + 1 < this.nNodes; g++) total += distance(g);
    for (let g = 0; g + 1 < this.nNodes; g++) {
      if (distance(g) <= 1e-12 * total) {
        itemError(this.label, 'nodeNumbers', `entries ${g} and ${g + 1} (nodes #${this.nodes[g].label.index}, #${this.nodes[g + 1].label.index}) must have distinct reference positions, got both at [${Array.from(r.subarray(3 * g, 3 * g + 3)).join(', ')}] (distance ${distance(g)})`);
      }
    }
  }

  /** Element lengths, J, γ⁰, κ⁰ at the quadrature points, mass coefficients (from the reference nodes). */
  private computeReferenceGeometry(): void {
    const p = this.p, np = p + 1;
    let total = 0;
    for (let e = 0; e < this.nElements; e++) {
      this.cumulativeLength[e] = total;
      this.elementLength[e] = this.partialLength(e, 1);
      total += this.elementLength[e];
    }
    this.cumulativeLength[this.nElements] = total;
    this.referenceLength = total;
    for (const rule of [this.stiffness, this.inertiaRule]) {
      for (let e = 0; e < this.nElements; e++) {
        for (let k = 0; k < rule.count; k++) {
          const index = e * rule.count + k;
          rule.arc[index] = this.cumulativeLength[e] + this.partialLength(e, rule.points[k]);
          this.section(e, rule.n, rule.dn, k * np, this.rRef, this.aRefViews);
          const J = Math.hypot(this.rXi[0], this.rXi[1], this.rXi[2]);
          if (!(J > 1e-10 * total)) {
            itemError(this.label, 'nodeNumbers', `must give a reference centerline with a nonzero tangent, got |r⁰_ξ| = ${J} at quadrature point ${k} of element ${e}`);
          }
          rule.J[index] = J;
          for (let d = 0; d < 3; d++) {
            rule.gamma0[3 * index + d] = this.gammaBar[d] / J;
            rule.kappa0[3 * index + d] = this.kappaBar[d] / J;
          }
        }
      }
    }
    const rule = this.inertiaRule;
    this.massCoefficients.fill(0);
    this.massShape.fill(0);
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const wJ = rule.weight[k] * rule.J[e * rule.count + k];
        for (let i = 0; i < np; i++) {
          const ni = rule.n[k * np + i];
          this.massShape[p * e + i] += wJ * ni;
          for (let j = i; j < np; j++) this.massCoefficients[(e * np + i) * np + j] += wJ * ni * rule.n[k * np + j];
        }
      }
      for (let i = 1; i < np; i++) {
        for (let j = 0; j < i; j++) this.massCoefficients[(e * np + i) * np + j] = this.massCoefficients[(e * np + j) * np + i];
      }
    }
  }

  /** Reference arc length of element e from η = 0 to eta: ∫ |r⁰_η| dη by Gauss quadrature (p = 1: η times the chord). */
  private partialLength(e: number, eta: number): number {
    if (this.p === 1) return eta * this.referenceSpeed(e, 0);
    const rule = this.arcRule;
    let sum = 0;
    for (let k = 0; k < rule.points.length; k++) sum += rule.weights[k] * this.referenceSpeed(e, eta * rule.points[k]);
    return eta * sum;
  }

  /** |r⁰_η| at η of element e. */
  private referenceSpeed(e: number, eta: number): number {
    const p = this.p, n = this.basisN, dn = this.basisDN, r = this.rRef;
    lagrangeBasisInto(p, eta, n, dn, 0);
    let x = 0, y = 0, z = 0;
    for (let i = 0; i <= p; i++) {
      const g = p * e + i;
      x += dn[i] * r[3 * g]; y += dn[i] * r[3 * g + 1]; z += dn[i] * r[3 * g + 2];
    }
    return Math.hypot(x, y, z);
  }

  /** Total r_i and A_i (and v_i, ω̄_i, A_i ω̃_i with velocities) of all nodes from the state. */
  private gather(s: ItemState, withVelocities: boolean): void {
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

  /** Only the nodal ω̄_i (all the gyroscopic Jacobian needs; without damping the u-Jacobian uses nothing else). */
  private gatherAngularVelocities(s: ItemState): void {
    const u = s.u, w = this.w;
    for (let g = 0; g < this.nNodes; g++) {
      const j = this.nodes[g].uIndex + 3;
      w[3 * g] = u[j]; w[3 * g + 1] = u[j + 1]; w[3 * g + 2] = u[j + 2];
    }
  }

  /**
   * Interpolates at one point of element e (shape values nv, ξ-derivatives dnv at offset o):
   * r_ξ = Σ N_i' r_i, A = Σ N_i A_i, A_ξ = Σ N_i' A_i, γ̄ = Aᵀ r_ξ, κ̄ = j⁻¹(Skw(AᵀA_ξ)).
   */
  private section(e: number, nv: Float64Array, dnv: Float64Array, o: number, r: Float64Array, a: Float64Array[]): void {
    const p = this.p, rXi = this.rXi, A = this.aMat, AXi = this.aXi;
    rXi.fill(0); A.fill(0); AXi.fill(0);
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, ni = nv[o + i], dni = dnv[o + i], ai = a[g];
      rXi[0] += dni * r[3 * g]; rXi[1] += dni * r[3 * g + 1]; rXi[2] += dni * r[3 * g + 2];
      for (let k = 0; k < 9; k++) { A[k] += ni * ai[k]; AXi[k] += dni * ai[k]; }
    }
    const g = this.gammaBar;
    g[0] = A[0] * rXi[0] + A[3] * rXi[1] + A[6] * rXi[2];
    g[1] = A[1] * rXi[0] + A[4] * rXi[1] + A[7] * rXi[2];
    g[2] = A[2] * rXi[0] + A[5] * rXi[1] + A[8] * rXi[2];
    const m = mat3TransposeMulInto(this.work9, A, AXi);
    this.kappaBar[0] = 0.5 * (m[7] - m[5]); this.kappaBar[1] = 0.5 * (m[2] - m[6]); this.kappaBar[2] = 0.5 * (m[3] - m[1]);
  }

  /** Rates at the current section (after section and gather with velocities): v_ξ, Ȧ, Ȧ_ξ, γ̄̇ = Ȧᵀr_ξ + Aᵀv_ξ, κ̄̇ = j⁻¹(Skw(ȦᵀA_ξ + AᵀȦ_ξ)). */
  private sectionRates(e: number, nv: Float64Array, dnv: Float64Array, o: number): void {
    const p = this.p, vXi = this.vXi, Ad = this.aDot, AdXi = this.aDotXi, v = this.v, A = this.aMat, rXi = this.rXi;
    vXi.fill(0); Ad.fill(0); AdXi.fill(0);
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, ni = nv[o + i], dni = dnv[o + i], awi = this.awViews[g];
      vXi[0] += dni * v[3 * g]; vXi[1] += dni * v[3 * g + 1]; vXi[2] += dni * v[3 * g + 2];
      for (let k = 0; k < 9; k++) { Ad[k] += ni * awi[k]; AdXi[k] += dni * awi[k]; }
    }
    const gd = this.gammaBarDot;
    for (let d = 0; d < 3; d++) {
      gd[d] = Ad[d] * rXi[0] + Ad[3 + d] * rXi[1] + Ad[6 + d] * rXi[2] + A[d] * vXi[0] + A[3 + d] * vXi[1] + A[6 + d] * vXi[2];
    }
    const m = mat3TransposeMulInto(this.work9, Ad, this.aXi);
    const m2 = mat3TransposeMulInto(this.work9b, A, AdXi);
    for (let k = 0; k < 9; k++) m[k] += m2[k];
    this.kappaBarDot[0] = 0.5 * (m[7] - m[5]); this.kappaBarDot[1] = 0.5 * (m[2] - m[6]); this.kappaBarDot[2] = 0.5 * (m[3] - m[1]);
  }

  /** n = C_γ(γ̄/J − γ⁰) + D_γ γ̄̇/J and m = C_κ(κ̄/J − κ⁰) + D_κ κ̄̇/J at point index of rule (section evaluated). */
  private sectionForces(rule: RodRule, index: number, withRates: boolean): void {
    this.sectionForcesFrom(rule.J[index], rule.gamma0, rule.kappa0, 3 * index, withRates);
  }

  /** n and m of the evaluated section for reference data J, γ⁰ = gamma0[o..o+2], κ⁰ = kappa0[o..o+2]. */
  private sectionForcesFrom(J: number, gamma0: Float64Array, kappa0: Float64Array, o: number, withRates: boolean): void {
    for (let d = 0; d < 3; d++) {
      this.force[d] = this.cGamma[d] * (this.gammaBar[d] / J - gamma0[o + d]);
      this.moment[d] = this.cKappa[d] * (this.kappaBar[d] / J - kappa0[o + d]);
      if (withRates) {
        this.force[d] += this.dGamma[d] * this.gammaBarDot[d] / J;
        this.moment[d] += this.dKappa[d] * this.kappaBarDot[d] / J;
      }
    }
  }

  /** Per element and node pair (i, j): the diagonals A_ρ0 c_ij I₃ (translations) and c_ij K_I_ρ0 (rotations), c_ij = ∫ N_i N_j J dξ. */
  massMatrixEntries(_s: ItemState, m: LocalMatrixAccumulator): void {
    const p = this.p, np = p + 1, J = this.inertia;
    for (let e = 0; e < this.nElements; e++) {
      for (let i = 0; i < np; i++) {
        const rowBase = 6 * (p * e + i);
        for (let j = 0; j < np; j++) {
          const c = this.massCoefficients[(e * np + i) * np + j];
          const colBase = 6 * (p * e + j);
          for (let d = 0; d < 3; d++) {
            m.add(rowBase + d, colBase + d, this.rhoA * c);
            m.add(rowBase + 3 + d, colBase + 3 + d, J[d] * c);
          }
        }
      }
    }
  }

  /**
   * −(δW_int + gyroscopic part of δW_dyn) per nodal virtual displacement:
   * f_{r_i} = ∫ N_i' A n dξ, f_{φ_i} = ∫ [N_i' m − N_i(γ̄ × n + κ̄ × m)] dξ + ∫ N_i (ω × I ω) J dξ.
   */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.gather(s, this.ode2LhsDependsOnVelocity);
    const p = this.p, np = p + 1, rule = this.stiffness, A = this.aMat, n = this.force, m = this.moment;
    const an = this.work3, couple = this.work3b, gb = this.gammaBar, kb = this.kappaBar;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const o = k * np, index = e * rule.count + k;
        this.section(e, rule.n, rule.dn, o, this.r, this.aViews);
        if (this.hasDamping) this.sectionRates(e, rule.n, rule.dn, o);
        this.sectionForces(rule, index, this.hasDamping);
        an[0] = A[0] * n[0] + A[1] * n[1] + A[2] * n[2];
        an[1] = A[3] * n[0] + A[4] * n[1] + A[5] * n[2];
        an[2] = A[6] * n[0] + A[7] * n[1] + A[8] * n[2];
        couple[0] = gb[1] * n[2] - gb[2] * n[1] + kb[1] * m[2] - kb[2] * m[1];
        couple[1] = gb[2] * n[0] - gb[0] * n[2] + kb[2] * m[0] - kb[0] * m[2];
        couple[2] = gb[0] * n[1] - gb[1] * n[0] + kb[0] * m[1] - kb[1] * m[0];
        const weight = rule.weight[k];
        for (let i = 0; i < np; i++) {
          const row = 6 * (p * e + i), ni = weight * rule.n[o + i], dni = weight * rule.dn[o + i];
          for (let d = 0; d < 3; d++) {
            f[row + d] += dni * an[d];
            f[row + 3 + d] += dni * m[d] - ni * couple[d];
          }
        }
      }
    }
    if (this.hasInertia) this.addGyroscopicForces(f);
  }

  /** f_{φ_i} += ∫ N_i (ω × I ω) J dξ with ω = Σ N_j ω̄_j (velocities gathered). */
  private addGyroscopicForces(f: Float64Array): void {
    const p = this.p, np = p + 1, rule = this.inertiaRule, I = this.inertia, omega = this.work3, w = this.w;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const o = k * np;
        omega.fill(0);
        for (let j = 0; j < np; j++) {
          const g = p * e + j, nj = rule.n[o + j];
          omega[0] += nj * w[3 * g]; omega[1] += nj * w[3 * g + 1]; omega[2] += nj * w[3 * g + 2];
        }
        const x = omega[0], y = omega[1], z = omega[2];
        const gx = y * I[2] * z - z * I[1] * y, gy = z * I[0] * x - x * I[2] * z, gz = x * I[1] * y - y * I[0] * x;
        const wJ = rule.weight[k] * rule.J[e * rule.count + k];
        for (let i = 0; i < np; i++) {
          const row = 6 * (p * e + i) + 3, c = wJ * rule.n[o + i];
          f[row] += c * gx; f[row + 1] += c * gy; f[row + 2] += c * gz;
        }
      }
    }
  }

  /** factor·∂(ode2Lhs)/∂Δ for the increments Δ = (Δr_i, Δφ_i) (body-fixed, A_i ← A_i exp(Δφ̃_i)), element by element. */
  ode2Lhs_qEntries(s: ItemState, k: LocalMatrixAccumulator, factor: number): void {
    this.gather(s, this.hasDamping);
    for (let e = 0; e < this.nElements; e++) {
      this.elementMatrix.fill(0);
      this.addSectionJacobian(e, factor, true);
      this.emitElementMatrix(e, k);
    }
  }

  /** factor·∂(ode2Lhs)/∂u: strain-rate damping and the gyroscopic term, element by element. */
  ode2Lhs_uEntries(s: ItemState, d: LocalMatrixAccumulator, factor: number): void {
    if (this.hasDamping) this.gather(s, true);
    else this.gatherAngularVelocities(s);
    for (let e = 0; e < this.nElements; e++) {
      this.elementMatrix.fill(0);
      if (this.hasDamping) this.addSectionJacobian(e, factor, false);
      if (this.hasInertia) this.addGyroscopicJacobian(e, factor);
      if (this.hasDamping) this.emitElementMatrix(e, d);
      else this.emitRotationBlocks(e, d);
    }
  }

  /** Adds all (6(p + 1))² entries of the element matrix (structural zeros too: a fixed pattern) at the rows and columns of element e. */
  private emitElementMatrix(e: number, target: LocalMatrixAccumulator): void {
    const size = 6 * (this.p + 1), offset = 6 * this.p * e;
    addLocalBlock(target, offset, offset, size, size, this.elementMatrix, 0, size, 1);
  }

  /**
   * Adds only the (φ_i, φ_k) blocks of the element matrix, the entries the gyroscopic Jacobian fills (without damping the
   * others are zero): (p + 1)² · 9 instead of (6(p + 1))² entries. The positions are a subset of the stiffness pattern, so
   * the assembled values are those of {@link CosseratRodModel.emitElementMatrix}.
   */
  private emitRotationBlocks(e: number, target: LocalMatrixAccumulator): void {
    const np = this.p + 1, size = 6 * np, offset = 6 * this.p * e, m = this.elementMatrix;
    // 3 × 3 blocks: their positions are distinct within the element, so the order of the blocks does not change a sum
    for (let i = 0; i < np; i++) {
      const r = 6 * i + 3;
      for (let k = 0; k < np; k++) addLocalBlock(target, offset + r, offset + 6 * k + 3, 3, 3, m, r * size + 6 * k + 3, size, 1);
    }
  }

  /**
   * Adds factor·(∂lhs/∂Δ) (geometric = true: stiffness, incl. the q-dependence of the damping forces) or
   * factor·(∂lhs/∂u) of the damping forces (geometric = false) of element e to the element matrix. Per point and node k with
   * Γ_k = ∂γ̄/∂Δ_k = [N_k' Aᵀ | N_k (A_kᵀ r_ξ)~], K_k = ∂κ̄/∂Δφ_k = ½[N_k'(tr C_k − C_kᵀ) − N_k(tr B_k − B_k)],
   * C_k = AᵀA_k, B_k = A_kᵀA_ξ (γ̄̇ = Σ Γ_k u_k, κ̄̇ = Σ K_k ω_k), n_Δ = C_γ/J Γ + D_γ/J ∂γ̄̇/∂Δ, m_Δ likewise:
   * ∂f_{r_i} = N_i'(A n_Δ − N_k A_k ñ), ∂f_{φ_i} = N_i' m_Δ + N_i(ñ Γ − γ̄~ n_Δ + m̃ K − κ̄~ m_Δ).
   */
  private addSectionJacobian(e: number, factor: number, geometric: boolean): void {
    const p = this.p, np = p + 1, rule = this.stiffness, size = 6 * np, A = this.aMat, target = this.elementMatrix;
    const rates = geometric && this.hasDamping;
    const { gr, gp, kp, gdr, gdp, kdp, nnR, nnP, mmP, xR, xP, yR, yP, cMat, bMat, omegaSkew } = this;
    const aN = this.coefA, bN = this.coefB, aM = this.coefC, bM = this.coefD, scales = this.scales;
    for (let q = 0; q < rule.count; q++) {
      const o = q * np, index = e * rule.count + q;
      this.section(e, rule.n, rule.dn, o, this.r, this.aViews);
      if (rates) this.sectionRates(e, rule.n, rule.dn, o);
      if (geometric) this.sectionForces(rule, index, rates);
      const J = rule.J[index];
      for (let d = 0; d < 3; d++) {
        aN[d] = (geometric ? this.cGamma[d] : this.dGamma[d]) / J;
        aM[d] = (geometric ? this.cKappa[d] : this.dKappa[d]) / J;
        bN[d] = this.dGamma[d] / J;
        bM[d] = this.dKappa[d] / J;
      }
      const weight = factor * rule.weight[q];
      const aT = this.work9b;
      for (let kk = 0; kk < np; kk++) {
        const g = p * e + kk, nk = rule.n[o + kk], dnk = rule.dn[o + kk], ak = this.aViews[g];
        scales[N] = nk; scales[DN] = dnk; scales[MINUS_N] = -nk; scales[HALF_DN] = 0.5 * dnk; scales[MINUS_HALF_N] = -0.5 * nk;
        // Γ_k
        for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) gr[3 * r + c] = dnk * A[3 * c + r];
        const ar = this.work3;
        for (let d = 0; d < 3; d++) ar[d] = ak[d] * this.rXi[0] + ak[3 + d] * this.rXi[1] + ak[6 + d] * this.rXi[2];
        skewInto(gp, ar);
        for (let c = 0; c < 9; c++) gp[c] *= nk;
        // K_k
        mat3TransposeMulInto(cMat, A, ak);
        mat3TransposeMulInto(bMat, ak, this.aXi);
        kp.fill(0);
        addTraceMinusInto(kp, cMat, true, scales, HALF_DN);
        addTraceMinusInto(kp, bMat, false, scales, MINUS_HALF_N);
        nnR.fill(0); nnP.fill(0); mmP.fill(0);
        addScaledRows(nnR, aN, gr, 1);
        addScaledRows(nnP, aN, gp, 1);
        addScaledRows(mmP, aM, kp, 1);
        if (rates) {
          // ∂γ̄̇/∂Δr_k = N_k' Ȧᵀ, ∂γ̄̇/∂Δφ_k = N_k[(A_kᵀ v_ξ)~ − ω̃_k (A_kᵀ r_ξ)~]
          for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) gdr[3 * r + c] = dnk * this.aDot[3 * c + r];
          const av = this.work3b;
          for (let d = 0; d < 3; d++) av[d] = ak[d] * this.vXi[0] + ak[3 + d] * this.vXi[1] + ak[6 + d] * this.vXi[2];
          skewInto(gdp, av);
          skewInto(omegaSkew, this.w, 3 * g);
          skewInto(aT, ar);
          mat3MulInto(aT, omegaSkew, aT);
          for (let c = 0; c < 9; c++) gdp[c] = nk * (gdp[c] - aT[c]);
          // ∂κ̄̇/∂Δφ_k = N_k T(ω̃_k, B_k) + N_k'·½(tr E_k − E_kᵀ) − N_k·½(tr F_k − F_k) + N_k' T(C_k, ω̃_k)
          kdp.fill(0);
          addSkewSandwichInto(kdp, omegaSkew, bMat, scales, N, aT);
          addSkewSandwichInto(kdp, cMat, omegaSkew, scales, DN, aT);
          addTraceMinusInto(kdp, mat3TransposeMulInto(aT, this.aDot, ak), true, scales, HALF_DN);
          addTraceMinusInto(kdp, mat3TransposeMulInto(aT, ak, this.aDotXi), false, scales, MINUS_HALF_N);
          addScaledRows(nnR, bN, gdr, 1);
          addScaledRows(nnP, bN, gdp, 1);
          addScaledRows(mmP, bM, kdp, 1);
        }
        // X = ∂(A n)/∂Δ_k, Y = −∂(γ̄ × n + κ̄ × m)/∂Δ_k
        xR.fill(0); xP.fill(0); yR.fill(0); yP.fill(0);
        addProduct(xR, A, nnR, scales, ONE);
        addProduct(xP, A, nnP, scales, ONE);
        addSkewTimes(yR, this.gammaBar, nnR, -1);
        addSkewTimes(yP, this.gammaBar, nnP, -1);
        addSkewTimes(yP, this.kappaBar, mmP, -1);
        if (geometric) {
          skewInto(aT, this.force);
          addProduct(xP, ak, aT, scales, MINUS_N);
          addSkewTimes(yR, this.force, gr, 1);
          addSkewTimes(yP, this.force, gp, 1);
          addSkewTimes(yP, this.moment, kp, 1);
        }
        // blocks (r_i, r_k) += N_i' X_r, (r_i, φ_k) += N_i' X_φ, (φ_i, r_k) += N_i Y_r, (φ_i, φ_k) += N_i' m_Δ + N_i Y_φ (inlined:
        // no boxed coefficients per call)
        const col = 6 * kk;
        for (let i = 0; i < np; i++) {
          const ni = weight * rule.n[o + i], dni = weight * rule.dn[o + i];
          for (let r = 0; r < 3; r++) {
            const top = (6 * i + r) * size + col, bottom = top + 3 * size, b = 3 * r;
            target[top] += dni * xR[b]; target[top + 1] += dni * xR[b + 1]; target[top + 2] += dni * xR[b + 2];
            target[top + 3] += dni * xP[b]; target[top + 4] += dni * xP[b + 1]; target[top + 5] += dni * xP[b + 2];
            target[bottom] += ni * yR[b]; target[bottom + 1] += ni * yR[b + 1]; target[bottom + 2] += ni * yR[b + 2];
            target[bottom + 3] += dni * mmP[b]; target[bottom + 4] += dni * mmP[b + 1]; target[bottom + 5] += dni * mmP[b + 2];
            target[bottom + 3] += ni * yP[b]; target[bottom + 4] += ni * yP[b + 1]; target[bottom + 5] += ni * yP[b + 2];
          }
        }
      }
    }
  }

  /** ∂(ω × Iω)/∂ω = ω̃ I − (Iω)~ of element e, distributed as ∫ N_i N_k (…) J dξ onto the rotation blocks of the element matrix. */
  private addGyroscopicJacobian(e: number, factor: number): void {
    const p = this.p, np = p + 1, rule = this.inertiaRule, I = this.inertia, w = this.w, size = 6 * np, target = this.elementMatrix;
    const omega = this.work3, jac = this.work9, iw = this.work3b, sk = this.work9b;
    for (let q = 0; q < rule.count; q++) {
      const o = q * np;
      omega.fill(0);
      for (let j = 0; j < np; j++) {
        const g = p * e + j, nj = rule.n[o + j];
        omega[0] += nj * w[3 * g]; omega[1] += nj * w[3 * g + 1]; omega[2] += nj * w[3 * g + 2];
      }
      skewInto(jac, omega);
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) jac[3 * r + c] *= I[c];
      iw[0] = I[0] * omega[0]; iw[1] = I[1] * omega[1]; iw[2] = I[2] * omega[2];
      skewInto(sk, iw);
      for (let c = 0; c < 9; c++) jac[c] -= sk[c];
      const wJ = factor * rule.weight[q] * rule.J[e * rule.count + q];
      for (let i = 0; i < np; i++) {
        const row = 6 * i + 3, ni = wJ * rule.n[o + i];
        for (let kk = 0; kk < np; kk++) {
          // block (φ_i, φ_k) += N_i N_k wJ · jac, inlined (no boxed coefficient per call)
          const c = ni * rule.n[o + kk];
          for (let r = 0; r < 3; r++) {
            const t = (row + r) * size + 6 * kk + 3, b = 3 * r;
            target[t] += c * jac[b]; target[t + 1] += c * jac[b + 1]; target[t + 2] += c * jac[b + 2];
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------
  // Body capability: kinematics at the reference arc length s = localPosition[0]

  /**
   * Element of the arc length s = localPosition[0] (checked: 0 ≤ s ≤ L, localPosition[1] = localPosition[2] = 0);
   * writes N_i and dN_i/dξ of that element at s into bodyN, bodyDN.
   */
  private locate(localPosition: ArrayLike<number>): number {
    const sValue = localPosition[0];
    const y = localPosition[1] ?? 0, z = localPosition[2] ?? 0;
    const L = this.length, tolerance = 1e-12 * L;
    if (!(sValue >= -tolerance && sValue <= L + tolerance) || y !== 0 || z !== 0) {
      itemError(this.label, 'localPosition', `must be [s, 0, 0] with the reference arc length 0 ≤ s ≤ L = ${L}, got [${Array.from(localPosition).join(', ')}]`);
    }
    let e = -1;
    let eta = 0;
    for (let c = 0; c < LOCATION_CACHE; c++) {
      if (this.cacheS[c] === sValue) { e = this.cacheElement[c]; eta = this.cacheEta[c]; break; }
    }
    if (e < 0) {
      const target = Math.min(Math.max(sValue, 0), L) * (this.referenceLength / L);
      e = 0;
      while (e < this.nElements - 1 && this.cumulativeLength[e + 1] <= target) e++;
      eta = this.elementParameter(e, target - this.cumulativeLength[e]);
      const c = this.cacheNext;
      this.cacheNext = (c + 1) % LOCATION_CACHE;
      this.cacheS[c] = sValue; this.cacheElement[c] = e; this.cacheEta[c] = eta;
    }
    lagrangeBasisInto(this.p, eta, this.bodyN, this.bodyDN, 0);
    for (let i = 0; i <= this.p; i++) this.bodyDN[i] *= this.nElements;
    return e;
  }

  /** η ∈ [0, 1] where the reference arc length from the start of element e equals target (Newton). */
  private elementParameter(e: number, target: number): number {
    let eta = Math.min(Math.max(target / this.elementLength[e], 0), 1);
    for (let iteration = 0; iteration < 50; iteration++) {
      const step = (this.partialLength(e, eta) - target) / this.referenceSpeed(e, eta);
      eta = Math.min(Math.max(eta - step, 0), 1);
      if (Math.abs(step) <= 1e-15) break;
    }
    return eta;
  }

  /** A(P_g) of rod node g in the state into out (9 entries). */
  private nodeRotationInto(s: ItemState, g: number, out: Float64Array): Float64Array {
    const node = this.nodes[g], ref = node.referenceCoordinates, q = s.q, i = node.qIndex + 3, P = this.quaternion;
    P[0] = ref[3] + q[i]; P[1] = ref[4] + q[i + 1]; P[2] = ref[5] + q[i + 2]; P[3] = ref[6] + q[i + 3];
    return quaternionRotationMatrixInto(out, P);
  }

  /** r(s) = Σ N_i r_i. */
  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.locate(localPosition), p = this.p, q = s.q;
    out[0] = 0; out[1] = 0; out[2] = 0;
    for (let i = 0; i <= p; i++) {
      const node = this.nodes[p * e + i], ref = node.referenceCoordinates, j = node.qIndex, ni = this.bodyN[i];
      out[0] += ni * (ref[0] + q[j]); out[1] += ni * (ref[1] + q[j + 1]); out[2] += ni * (ref[2] + q[j + 2]);
    }
  }

  /** v(s) = Σ N_i v_i. */
  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.locate(localPosition), p = this.p, u = s.u;
    out[0] = 0; out[1] = 0; out[2] = 0;
    for (let i = 0; i <= p; i++) {
      const j = this.nodes[p * e + i].uIndex, ni = this.bodyN[i];
      out[0] += ni * u[j]; out[1] += ni * u[j + 1]; out[2] += ni * u[j + 2];
    }
  }

  /** The p + 1 nodes of the element at s: the only nodes that move the point (columns of the point Jacobians). */
  nodesAt(localPosition: ArrayLike<number>): readonly NodeModel[] {
    return this.elementNodes[this.locate(localPosition)];
  }

  /** ∂r(s)/∂u = [N_0 I₃ 0 | … | N_p I₃ 0] on the element's nodes (3 × 6(p + 1)). */
  positionJacobian(_s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.locate(localPosition);
    const p = this.p, n = 6 * (p + 1);
    out.fill(0, 0, 3 * n);
    for (let i = 0; i <= p; i++) {
      const col = 6 * i, ni = this.bodyN[i];
      out[col] = ni; out[n + col + 1] = ni; out[2 * n + col + 2] = ni;
    }
  }

  /** The interpolated A(s) = Σ N_i A(P_i) (R12; orthogonal at the nodes, in between only approximately). */
  orientation(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.locate(localPosition), p = this.p, ai = this.work9b;
    out.fill(0, 0, 9);
    for (let i = 0; i <= p; i++) {
      this.nodeRotationInto(s, p * e + i, ai);
      const ni = this.bodyN[i];
      for (let k = 0; k < 9; k++) out[k] += ni * ai[k];
    }
  }

  /** ω(s) = Σ N_i A_i ω̄_i, the interpolated global nodal angular velocities (= rotationJacobian · u). */
  angularVelocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.locate(localPosition), p = this.p, ai = this.work9b, u = s.u;
    out[0] = 0; out[1] = 0; out[2] = 0;
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, j = this.nodes[g].uIndex + 3, ni = this.bodyN[i];
      this.nodeRotationInto(s, g, ai);
      for (let r = 0; r < 3; r++) out[r] += ni * (ai[3 * r] * u[j] + ai[3 * r + 1] * u[j + 1] + ai[3 * r + 2] * u[j + 2]);
    }
  }

  /** K_ω(s) = Σ N_i ω̄_i, the body-fixed angular velocity field of the rod (seed eq. 9). */
  angularVelocityLocal(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.locate(localPosition), p = this.p, u = s.u;
    out[0] = 0; out[1] = 0; out[2] = 0;
    for (let i = 0; i <= p; i++) {
      const j = this.nodes[p * e + i].uIndex + 3, ni = this.bodyN[i];
      out[0] += ni * u[j]; out[1] += ni * u[j + 1]; out[2] += ni * u[j + 2];
    }
  }

  /** Global virtual rotation per velocity coordinate of the element's nodes: blocks N_i A_i on the ω̄_i columns (3 × 6(p + 1)). */
  rotationJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.locate(localPosition), p = this.p, n = 6 * (p + 1), ai = this.work9b;
    out.fill(0, 0, 3 * n);
    for (let i = 0; i <= p; i++) {
      const g = p * e + i, col = 6 * i + 3, ni = this.bodyN[i];
      this.nodeRotationInto(s, g, ai);
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * n + col + c] = ni * ai[3 * r + c];
    }
  }

  /** f_{r_g} += A_ρ0 ∫ N_g J dξ · b. */
  massProportionalForce(_s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    for (let g = 0; g < this.nNodes; g++) {
      const c = this.rhoA * this.massShape[g];
      f[6 * g] += c * loadPerMass[0]; f[6 * g + 1] += c * loadPerMass[1]; f[6 * g + 2] += c * loadPerMass[2];
    }
  }

  /**
   * Line loads: adds ∫ (δrᵀ b + δφ_Kᵀ c) ds = Σ_i [∫ N_i b ds on r_i, ∫ N_i c ds on φ_i] (c in the cross-section frame, so the
   * generalized force does not depend on the configuration), with the inertia quadrature; ds = (L/L_ref) J dξ so that
   * ∫ ds = L in the arc-length coordinate that density receives.
   */
  addDistributedLoad(_s: ItemState, density: DistributedLoadDensity, f: Float64Array): void {
    const p = this.p, np = p + 1, rule = this.inertiaRule, scale = this.length / this.referenceLength;
    const b = this.loadForce, c = this.loadMoment;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const index = e * rule.count + k, o = k * np;
        b.fill(0); c.fill(0);
        density(rule.arc[index] * scale, b, c);
        const wds = rule.weight[k] * rule.J[index] * scale;
        for (let i = 0; i < np; i++) {
          const row = 6 * (p * e + i), ni = wds * rule.n[o + i];
          for (let d = 0; d < 3; d++) { f[row + d] += ni * b[d]; f[row + 3 + d] += ni * c[d]; }
        }
      }
    }
  }

  /**
   * factor·∂(J_posᵀ F + J_rotᵀ τ)/∂Δq at s for fixed global F, τ, on the element's nodes (6(p + 1) square): J_pos is
   * constant; J_rotᵀτ = N_i A_iᵀτ on φ_i gives the blocks N_i (A_iᵀτ)~ on (φ_i, φ_i).
   */
  jacobianTransposedVector_q(s: ItemState, localPosition: ArrayLike<number>, _force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void {
    if (torque === undefined) return;
    const e = this.locate(localPosition), p = this.p, n = 6 * (p + 1), ai = this.work9b, at = this.work3, sk = this.work9;
    for (let i = 0; i <= p; i++) {
      this.nodeRotationInto(s, p * e + i, ai);
      for (let d = 0; d < 3; d++) at[d] = ai[d] * torque[0] + ai[3 + d] * torque[1] + ai[6 + d] * torque[2];
      skewInto(sk, at);
      addBlock(k, n, 6 * i + 3, 6 * i + 3, sk, factor * this.bodyN[i]);
    }
  }

  /** Section quantities at s: γ − γ⁰, κ − κ⁰, n and m (new arrays; for outputs). */
  private sectionAt(s: ItemState, localPosition: ArrayLike<number>): { strain: number[]; curvature: number[]; force: number[]; moment: number[] } {
    const e = this.locate(localPosition);
    this.section(e, this.bodyN, this.bodyDN, 0, this.rRef, this.aRefViews);
    const J = Math.hypot(this.rXi[0], this.rXi[1], this.rXi[2]);
    const gamma0 = this.gammaBar.map((x) => x / J);
    const kappa0 = this.kappaBar.map((x) => x / J);
    this.gather(s, this.hasDamping);
    this.section(e, this.bodyN, this.bodyDN, 0, this.r, this.aViews);
    if (this.hasDamping) this.sectionRates(e, this.bodyN, this.bodyDN, 0);
    this.sectionForcesFrom(J, gamma0, kappa0, 0, this.hasDamping);
    return {
      strain: [0, 1, 2].map((d) => this.gammaBar[d] / J - gamma0[d]),
      curvature: [0, 1, 2].map((d) => this.kappaBar[d] / J - kappa0[d]),
      force: Array.from(this.force),
      moment: Array.from(this.moment),
    };
  }

  /** T = ½ uᵀ M u. */
  private kineticEnergy(s: ItemState): number {
    const p = this.p, np = p + 1, u = s.u, I = this.inertia;
    let energy = 0;
    for (let e = 0; e < this.nElements; e++) {
      for (let i = 0; i < np; i++) {
        const a = this.nodes[p * e + i].uIndex;
        for (let j = 0; j < np; j++) {
          const b = this.nodes[p * e + j].uIndex, c = this.massCoefficients[(e * np + i) * np + j];
          energy += 0.5 * c * (this.rhoA * (u[a] * u[b] + u[a + 1] * u[b + 1] + u[a + 2] * u[b + 2])
            + I[0] * u[a + 3] * u[b + 3] + I[1] * u[a + 4] * u[b + 4] + I[2] * u[a + 5] * u[b + 5]);
        }
      }
    }
    return energy;
  }

  /** Strain energy ∫ ½[(γ − γ⁰)ᵀC_γ(γ − γ⁰) + (κ − κ⁰)ᵀC_κ(κ − κ⁰)] J dξ with the internal-force quadrature. */
  private potentialEnergy(s: ItemState): number {
    this.gather(s, false);
    const rule = this.stiffness, np = this.p + 1;
    let energy = 0;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const index = e * rule.count + k, J = rule.J[index];
        this.section(e, rule.n, rule.dn, k * np, this.r, this.aViews);
        let density = 0;
        for (let d = 0; d < 3; d++) {
          const dg = this.gammaBar[d] / J - rule.gamma0[3 * index + d];
          const dk = this.kappaBar[d] / J - rule.kappa0[3 * index + d];
          density += 0.5 * (this.cGamma[d] * dg * dg + this.cKappa[d] * dk * dk);
        }
        energy += rule.weight[k] * J * density;
      }
    }
    return energy;
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        const e = this.locate(localPosition), p = this.p;
        this.position(s, localPosition, out);
        for (let i = 0; i <= p; i++) {
          const g = p * e + i;
          for (let d = 0; d < 3; d++) out[d] -= this.bodyN[i] * this.rRef[3 * g + d];
        }
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.RotationMatrix: {
        const a = new Float64Array(9);
        this.orientation(s, localPosition, a);
        return a;
      }
      case OutputVariableType.Rotation: {
        const a = new Float64Array(9);
        this.orientation(s, localPosition, a);
        return rotationMatrix2RotXYZInto(out, a);
      }
      case OutputVariableType.AngularVelocity: this.angularVelocity(s, localPosition, out); return out;
      case OutputVariableType.AngularVelocityLocal: this.angularVelocityLocal(s, localPosition, out); return out;
      case OutputVariableType.StrainLocal: return this.sectionAt(s, localPosition).strain;
      case OutputVariableType.CurvatureLocal: return this.sectionAt(s, localPosition).curvature;
      case OutputVariableType.ForceLocal: return this.sectionAt(s, localPosition).force;
      case OutputVariableType.TorqueLocal: return this.sectionAt(s, localPosition).moment;
      case OutputVariableType.KineticEnergy: return [this.kineticEnergy(s)];
      case OutputVariableType.PotentialEnergy: return [this.potentialEnergy(s)];
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, [0, 0, 0]);
  }
}

/** The Petrov–Galerkin Cosserat rod with nodal non-unit quaternions (Flexdyn's own item; CardiLLo's formulation). */
export const objectCosseratRodDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'CosseratRod',
  aliases: ['CosseratRod'],
  description: 'A geometrically exact Cosserat rod (axial, shear, bending and torsion) on p·n_el + 1 RigidBodyQuaternion nodes: '
    + 'Petrov–Galerkin element of Harsch, Capobianco and Eugster with R12 interpolation of centerline and rotation matrices by '
    + 'Lagrange polynomials of degree p, nodal virtual rotations and angular velocities in the cross-section frames, constant mass '
    + 'matrix. The stress-free configuration is the reference configuration of the nodes (curved and twisted rods, helices): J, γ⁰ '
    + 'and κ⁰ are computed at the quadrature points from the reference nodes. Markers and body sensors attach at localPosition '
    + '[s, 0, 0] with the reference arc length s ∈ [0, L] and depend only on the p + 1 nodes of the element at s; between the nodes the orientation is the interpolated (not exactly '
    + 'orthogonal) A(s) = Σ N_i A_i, the angular velocity and rotation Jacobian are the interpolated nodal ones (Σ N_i A_i ω̄_i, '
    + 'blocks N_i A_i). Line loads (addDistributedLoad) integrate force densities (global) and moment densities (cross-section '
    + 'frame) with the test functions. Analytic Jacobians with respect to the increments Δr_i and body-fixed Δφ_i; mass matrix '
    + 'and Jacobians are assembled element block by element block (sparse pattern and cost linear in n_el). The R12 '
    + 'curvature of an element saturates (p = 1: |κ̄| = n_el sin θ for a relative nodal rotation θ), so linear elements must stay well below '
    + '90° of relative rotation.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Rotation,
    OutputVariableType.RotationMatrix, OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal,
    OutputVariableType.StrainLocal, OutputVariableType.CurvatureLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
    OutputVariableType.KineticEnergy, OutputVariableType.PotentialEnergy,
  ],
  equations: [
    'ξ ∈ [0, 1], element e = [e/n_el, (e+1)/n_el], nodes p·e … p·e + p; r = Σ N_i r_i, A = Σ N_i A(P_i), A(P) = I + 2(p₀p̃ + p̃²)/|P|².',
    'J = |r⁰_ξ|, γ = Aᵀr_ξ/J, κ = j⁻¹(Skw(AᵀA_ξ))/J, n = C_γ(γ − γ⁰) + D_γγ̇, m = C_κ(κ − κ⁰) + D_κκ̇ (diagonal C, D).',
    'ode2Lhs (= −δW_int − gyroscopic part of δW_dyn): f_{r_i} = ∫ N_i\' A n dξ, f_{φ_i} = ∫ [N_i\' m − N_i(γ̄ × n + κ̄ × m)] dξ + ∫ N_i (ω × I ω) J dξ,',
    'γ̄ = Aᵀr_ξ, κ̄ = j⁻¹(Skw(AᵀA_ξ)), ω = Σ N_i ω̄_i; Gauss quadrature per element: p points (reduced) or p + 1 (full) for the internal forces,',
    '⌈3(p + 1)/2⌉ points for mass matrix, gyroscopic term, gravity and kinetic energy (exact for constant J).',
    'M: ∫ N_i N_j A_ρ0 J dξ · I₃ (translations), ∫ N_i N_j J dξ · K_I_ρ0 (rotations); gravity f_{r_i} = A_ρ0 ∫ N_i J dξ · b;',
    'line loads f_{r_i} = ∫ N_i b ds, f_{φ_i} = ∫ N_i c ds (ds = (L/L_ref) J dξ, inertia quadrature).',
    'PotentialEnergy = ∫ ½[(γ − γ⁰)ᵀC_γ(γ − γ⁰) + (κ − κ⁰)ᵀC_κ(κ − κ⁰)] J dξ (internal-force quadrature), KineticEnergy = ½uᵀMu.',
  ].join('\n'),
  validate: validateRod,
  create: (v, label) => new CosseratRodModel(label, v),
};

/** Factory for a Cosserat rod. */
export const ObjectCosseratRod = makeFactory(objectCosseratRodDefinition);
/** Alias of {@link ObjectCosseratRod}. */
export const CosseratRod = ObjectCosseratRod;
