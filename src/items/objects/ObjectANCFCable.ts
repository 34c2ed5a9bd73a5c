import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndexArray, real, uint, ureal, type ParameterValues } from '../../registry/parameters.ts';
import { Jet2Pool, type Jet2 } from '../../linalg/jet2.ts';
import { JetStrainPoint } from './jetStrainKernel.ts';
import { gauss4, integrationRules, shapeFunctions, shapeFunctions_x, shapeFunctions_xx, type QuadratureRule } from './ObjectANCFCable2D.ts';

const parameters = {
  physicsLength: ureal(0, 'Reference length L [m] of the element; must be positive. Local positions [x, 0, 0] with x ∈ [0, L] on the axis.'),
  physicsMassPerLength: ureal(0, 'Mass per length ρA [kg/m].'),
  physicsBendingStiffness: ureal(0, 'Bending stiffness EI [N m²]: bending moment vector M = EI (κ − κ_ref), κ = (r\' × r\'\')/|r\'|².'),
  physicsAxialStiffness: ureal(0, 'Axial stiffness EA [N]: axial force N = EA (ε − ε_ref), ε = |r\'| − 1.'),
  physicsBendingDamping: ureal(0, 'Bending damping d_κ [N m²/s]: adds d_κ κ̇ to the bending moment.'),
  physicsAxialDamping: ureal(0, 'Axial damping d_ε [N/s]: adds d_ε ε̇ to the axial force.'),
  physicsReferenceAxialStrain: real(0, 'Reference (pre-)strain ε₀: the stress-free axial strain.'),
  strainIsRelativeToReference: real(0, 'Factor f_ref: 1 makes the (pre-deformed) reference configuration stress-free (strain and curvature), 0 the straight one plus ε₀; values in between blend.'),
  nodeNumbers: nodeIndexArray('Two PointSlope1 nodes [n0, n1] at x = 0 and x = L.', 2),
  useReducedOrderIntegration: uint(0, 'Quadrature: 0 = Gauss 5 points axial / 3 points bending; 1 = Gauss 4 / 2; 2 = Lobatto 3 (0, L/2, L) axial / Gauss 2 bending.'),
};

type CableValues = ParameterValues<typeof parameters>;

/** Local variables at a point: r' (0–2), r'' (3–5). */
const N_VAR = 6;
/** Local coordinates [r₀, r₀', r₁, r₁']. */
const N_LOCAL = 12;

/** The jets of all ANCFCable elements (one evaluation at a time): variables r', r'' and the strain jets, reserved. */
function createWorkspace() {
  const pool = new Jet2Pool(N_VAR, 40);
  const variables = Array.from({ length: N_VAR }, () => pool.take());
  const rp = pool.triple(variables[0], variables[1], variables[2]);
  const rpp = pool.triple(variables[3], variables[4], variables[5]);
  const strains = pool.vector();
  pool.reserve();
  return { pool, variables, rp, rpp, strains };
}
/** The jets, created on first use (not when the module loads: a model without these elements never needs them). */
let sharedWorkspace: ReturnType<typeof createWorkspace> | undefined;
function workspace(): ReturnType<typeof createWorkspace> {
  return sharedWorkspace ??= createWorkspace();
}

/** A rule mapped to [0, L] with S', S'' and the reference strains at its points (ε_ref: 1 per point, κ_ref: 3). */
class CableRule {
  readonly count: number;
  readonly weight: Float64Array;
  readonly dS: Float64Array;
  readonly ddS: Float64Array;
  readonly reference: Float64Array;

  constructor(rule: QuadratureRule, L: number, readonly strainsPerPoint: number) {
    const n = rule.points.length;
    this.count = n;
    this.weight = new Float64Array(n);
    this.dS = new Float64Array(4 * n);
    this.ddS = new Float64Array(4 * n);
    this.reference = new Float64Array(strainsPerPoint * n);
    for (let p = 0; p < n; p++) {
      const x = 0.5 * L * (rule.points[p] + 1);
      this.weight[p] = 0.5 * L * rule.weights[p];
      shapeFunctions_x(x, L, this.dS, 4 * p);
      shapeFunctions_xx(x, L, this.ddS, 4 * p);
    }
  }
}

/**
 * Run-time model of Exudyn's 3D ANCF cable (ObjectANCFCable): r(x) = Σ S_j(x) e_j with the cubic Hermite shapes and
 * e = [r₀, r₀', r₁, r₁'], axial strain ε = |r'| − 1 and the curvature vector κ = (r' × r'')/|r'|² (no torsion), virtual
 * work ∫ (N δε + M·δκ) dx by Gauss quadrature, constant consistent mass matrix. Strain derivatives by second-order
 * forward differentiation.
 */
class ANCFCableModel implements Only<ObjectModel & BodyModel, ANCFCableModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = true;
  readonly nLocalU = N_LOCAL;
  readonly ode2LhsDependsOnVelocity: boolean;
  readonly arcLength: number;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];

  private readonly L: number;
  private readonly axial: CableRule;
  private readonly bending: CableRule;
  private readonly mass = new Float64Array(N_LOCAL * N_LOCAL);
  private readonly massShapeIntegral = new Float64Array(4);
  private readonly localMatrix = denseLocalMatrix(N_LOCAL);
  private readonly point = new JetStrainPoint(N_VAR, 4, N_LOCAL);
  private readonly e = new Float64Array(N_LOCAL);
  private readonly u = new Float64Array(N_LOCAL);
  private readonly shape = new Float64Array(12);

  constructor(readonly label: ItemLabel, private readonly p: CableValues) {
    if (!(p.physicsLength > 0)) itemError(label, 'physicsLength', `must be positive, got ${p.physicsLength}`);
    if (p.nodeNumbers.length !== 2) itemError(label, 'nodeNumbers', `must contain two PointSlope1 node numbers, got ${describeValue(p.nodeNumbers)}`);
    if (p.useReducedOrderIntegration > 2) itemError(label, 'useReducedOrderIntegration', `must be 0, 1 or 2, got ${p.useReducedOrderIntegration}`);
    this.L = p.physicsLength;
    this.arcLength = this.L;
    const rules = integrationRules[p.useReducedOrderIntegration];
    this.axial = new CableRule(rules.axial, this.L, 1);
    this.bending = new CableRule(rules.bending, this.L, 3);
    this.ode2LhsDependsOnVelocity = p.physicsAxialDamping !== 0 || p.physicsBendingDamping !== 0;
    for (let k = 0; k < gauss4.points.length; k++) {
      const x = 0.5 * this.L * (gauss4.points[k] + 1);
      const w = 0.5 * this.L * gauss4.weights[k] * p.physicsMassPerLength;
      shapeFunctions(x, this.L, this.shape, 0);
      for (let i = 0; i < 4; i++) {
        this.massShapeIntegral[i] += w * this.shape[i];
        for (let j = 0; j < 4; j++) for (let c = 0; c < 3; c++) this.mass[(3 * i + c) * N_LOCAL + 3 * j + c] += w * this.shape[i] * this.shape[j];
      }
    }
  }

  get body(): BodyModel {
    return this;
  }

  bind(context: BindContext): void {
    this.nodes = this.p.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.label.typeName !== 'PointSlope1') {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a PointSlope1 node, got Node${node.label.typeName} #${node.label.index}`);
      }
      return node;
    });
    this.localNodes = this.nodes;
    // reference strains: ε₀ + f_ref (|r'_ref| − 1), f_ref κ(reference)
    this.nodes.forEach((node, n) => { for (let k = 0; k < 6; k++) this.e[6 * n + k] = node.referenceCoordinates[k]; });
    this.u.fill(0);
    const f = this.p.strainIsRelativeToReference;
    for (let q = 0; q < this.axial.count; q++) {
      const strain = this.axialStrain(this.axial, q, false);
      this.axial.reference[q] = this.p.physicsReferenceAxialStrain + f * strain.v;
    }
    for (let q = 0; q < this.bending.count; q++) {
      const curvature = this.curvature(this.bending, q, false);
      for (let c = 0; c < 3; c++) this.bending.reference[3 * q + c] = f * curvature[c].v;
    }
  }

  private gather(s: ItemState): void {
    this.nodes.forEach((node, n) => {
      for (let k = 0; k < 6; k++) {
        this.e[6 * n + k] = s.qRef[node.qIndex + k] + s.q[node.qIndex + k];
        this.u[6 * n + k] = s.u[node.uIndex + k];
      }
    });
  }

  /** Sets B (r' = Σ S'_j e_j, r'' = Σ S''_j e_j) from shapes at offset o and evaluates the variable jets. */
  private setPoint(dS: Float64Array, ddS: Float64Array, o: number, hessians: boolean): void {
    for (let k = 0; k < 3; k++) {
      for (let j = 0; j < 4; j++) {
        this.point.set(k, j, 3 * j + k, dS[o + j]);
        this.point.set(3 + k, j, 3 * j + k, ddS[o + j]);
      }
    }
    this.point.evaluate(this.e, this.u);
    const { pool, variables } = workspace();
    pool.reset();
    pool.hessians = hessians;
    for (let r = 0; r < N_VAR; r++) pool.variable(r, this.point.values[r], variables[r]);
  }

  /** ε = |r'| − 1 at point q of the rule (jet in this.strains[0]). */
  private axialStrain(rule: CableRule, q: number, hessians: boolean): Jet2 {
    this.setPoint(rule.dS, rule.ddS, 4 * q, hessians);
    const { pool, rp, strains } = workspace();
    const out = strains[0];
    return pool.affine(pool.sqrt(pool.dot(rp, rp, out), out), 1, -1, out);
  }

  /** κ = (r' × r'')/|r'|² at point q of the rule (jets in this.strains). */
  private curvature(rule: CableRule, q: number, hessians: boolean): readonly Jet2[] {
    this.setPoint(rule.dS, rule.ddS, 4 * q, hessians);
    const { pool, rp, rpp, strains: out } = workspace();
    const inverseNorm2 = pool.inverse(pool.dot(rp, rp, pool.take()), pool.take());
    const cross = pool.cross(rp, rpp, pool.vector());
    for (let c = 0; c < 3; c++) pool.mul(cross[c], inverseNorm2, out[c]);
    return out;
  }

  massMatrix(_s: ItemState, acc: LocalMatrixAccumulator): void {
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, this.mass, 0, N_LOCAL, 1);
  }

  /** Adds the forces (matrix: null) or ∂f/∂q (matrix given, with factor) of all quadrature points. */
  private integrate(f: Float64Array | null, matrix: Float64Array | null, factor: number): void {
    const { point, p } = this;
    const hessians = matrix !== null;
    for (let q = 0; q < this.axial.count; q++) {
      const strain = this.axialStrain(this.axial, q, hessians);
      const w = this.axial.weight[q];
      const rate = p.physicsAxialDamping !== 0 ? point.rate(strain) : 0;
      const stress = w * (p.physicsAxialStiffness * (strain.v - this.axial.reference[q]) + p.physicsAxialDamping * rate);
      point.begin();
      if (matrix === null) point.addForce(strain, stress);
      else point.addStiffness(strain, factor * stress, factor * w * p.physicsAxialStiffness, factor * w * p.physicsAxialDamping);
      if (matrix === null) point.mapForce(f!); else point.mapMatrix(matrix);
    }
    for (let q = 0; q < this.bending.count; q++) {
      const curvature = this.curvature(this.bending, q, hessians);
      const w = this.bending.weight[q];
      point.begin();
      for (let c = 0; c < 3; c++) {
        const rate = p.physicsBendingDamping !== 0 ? point.rate(curvature[c]) : 0;
        const stress = w * (p.physicsBendingStiffness * (curvature[c].v - this.bending.reference[3 * q + c]) + p.physicsBendingDamping * rate);
        if (matrix === null) point.addForce(curvature[c], stress);
        else point.addStiffness(curvature[c], factor * stress, factor * w * p.physicsBendingStiffness, factor * w * p.physicsBendingDamping);
      }
      if (matrix === null) point.mapForce(f!); else point.mapMatrix(matrix);
    }
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.gather(s);
    this.integrate(f, null, 1);
  }

  /** Σ w [k ∇ε⊗∇ε + σ H + d (ε̇ H + ∇ε⊗(H v̇))] for ε and the three curvature components. */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    const K = this.localMatrix.fill(0);
    this.integrate(null, K, factor);
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, K, 0, N_LOCAL, 1);
  }

  /** Σ w d ∇ε⊗∇ε. */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    const D = this.localMatrix.fill(0);
    const { point, p } = this;
    if (p.physicsAxialDamping !== 0) {
      for (let q = 0; q < this.axial.count; q++) {
        const strain = this.axialStrain(this.axial, q, false);
        point.begin();
        point.addDamping(strain, factor * this.axial.weight[q] * p.physicsAxialDamping);
        point.mapMatrix(D);
      }
    }
    if (p.physicsBendingDamping !== 0) {
      for (let q = 0; q < this.bending.count; q++) {
        const curvature = this.curvature(this.bending, q, false);
        point.begin();
        for (let c = 0; c < 3; c++) point.addDamping(curvature[c], factor * this.bending.weight[q] * p.physicsBendingDamping);
        point.mapMatrix(D);
      }
    }
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, D, 0, N_LOCAL, 1);
  }

  /** The nodes at a local position; markers must lie on the axis (y = z = 0), as in Exudyn. */
  nodesAt(localPosition: ArrayLike<number>): readonly NodeModel[] {
    if ((localPosition[1] ?? 0) !== 0 || (localPosition[2] ?? 0) !== 0) {
      itemError(this.label, 'localPosition', `markers on an ANCFCable must lie on its axis (y = z = 0), got [${Array.from(localPosition).join(', ')}]`);
    }
    return this.nodes;
  }

  /** Σ S_j c_j at x for element coordinates c (e, u or a). */
  private mapAxis(c: Float64Array, x: number, out: Float64Array, derivative: 0 | 1 = 0): void {
    (derivative === 0 ? shapeFunctions : shapeFunctions_x)(x, this.L, this.shape, 0);
    for (let k = 0; k < 3; k++) out[k] = this.shape[0] * c[k] + this.shape[1] * c[3 + k] + this.shape[2] * c[6 + k] + this.shape[3] * c[9 + k];
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s);
    this.mapAxis(this.e, localPosition[0] ?? 0, out);
  }

  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s);
    this.mapAxis(this.u, localPosition[0] ?? 0, out);
  }

  /** 3 × 12: S_j in the columns of coordinate block j. */
  positionJacobian(_s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    shapeFunctions(localPosition[0] ?? 0, this.L, this.shape, 0);
    out.fill(0, 0, 3 * N_LOCAL);
    for (let j = 0; j < 4; j++) for (let k = 0; k < 3; k++) out[k * N_LOCAL + 3 * j + k] = this.shape[j];
  }

  massProportionalForce(_s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    for (let j = 0; j < 4; j++) for (let k = 0; k < 3; k++) f[3 * j + k] += this.massShapeIntegral[j] * loadPerMass[k];
  }

  /** ε, ε̇, ε_ref, κ, κ̇, κ_ref at x (new arrays, for outputs). */
  private sectionAt(s: ItemState, x: number): { strain: number; strain_t: number; strainRef: number; curvature: number[]; curvature_t: number[]; curvatureRef: number[] } {
    const rule = new CableRule({ points: [2 * x / this.L - 1], weights: [0] }, this.L, 3);
    const f = this.p.strainIsRelativeToReference;
    this.nodes.forEach((node, n) => { for (let k = 0; k < 6; k++) { this.e[6 * n + k] = node.referenceCoordinates[k]; this.u[6 * n + k] = 0; } });
    const strainRef = this.p.physicsReferenceAxialStrain + f * this.axialStrain(rule, 0, false).v;
    const curvatureRef = Array.from(this.curvature(rule, 0, false), (c) => f * c.v);
    this.gather(s);
    const axial = this.axialStrain(rule, 0, false);
    const strain = axial.v, strain_t = this.point.rate(axial);
    const curvature = this.curvature(rule, 0, false);
    return {
      strain, strain_t, strainRef, curvatureRef,
      curvature: curvature.map((c) => c.v), curvature_t: curvature.map((c) => this.point.rate(c)),
    };
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const x = localPosition[0] ?? 0;
    const out = new Float64Array(3);
    const p = this.p;
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        const reference = new Float64Array(N_LOCAL);
        this.nodes.forEach((node, n) => { for (let k = 0; k < 6; k++) reference[6 * n + k] = node.referenceCoordinates[k]; });
        const p0 = new Float64Array(3);
        this.mapAxis(reference, x, p0);
        this.position(s, localPosition, out);
        for (let k = 0; k < 3; k++) out[k] -= p0[k];
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.Acceleration: {
        const a = new Float64Array(N_LOCAL);
        this.nodes.forEach((node, n) => { for (let k = 0; k < 6; k++) a[6 * n + k] = s.a[node.uIndex + k]; });
        this.mapAxis(a, x, out);
        return out;
      }
      case OutputVariableType.Director1: this.gather(s); this.mapAxis(this.e, x, out, 1); return out;
      case OutputVariableType.StrainLocal: return [this.sectionAt(s, x).strain];
      case OutputVariableType.CurvatureLocal: return this.sectionAt(s, x).curvature;
      case OutputVariableType.ForceLocal: {
        const c = this.sectionAt(s, x);
        return [p.physicsAxialStiffness * (c.strain - c.strainRef) + p.physicsAxialDamping * c.strain_t];
      }
      case OutputVariableType.TorqueLocal: {
        const c = this.sectionAt(s, x);
        return c.curvature.map((k, i) => p.physicsBendingStiffness * (k - c.curvatureRef[i]) + p.physicsBendingDamping * c.curvature_t[i]);
      }
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** Exudyn's 3D ANCF cable element (ObjectANCFCable). */
export const objectANCFCableDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ANCFCable',
  description: 'A 3D Euler–Bernoulli cable (ANCF) on two PointSlope1 nodes: cubic Hermite interpolation of position and slope, axial strain ε = |r\'| − 1 and curvature vector κ = (r\' × r\'\')/|r\'|² (bending only, no torsion), consistent constant mass matrix. Local positions [x, 0, 0] with x ∈ [0, L] on the axis.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Director1,
    OutputVariableType.StrainLocal, OutputVariableType.CurvatureLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
    OutputVariableType.Acceleration,
  ],
  equations: [
    'e = [r₀, r₀\', r₁, r₁\'], r(x) = Σ S_j(x) e_j (cubic Hermite, as ObjectANCFCable2D).',
    'ε = |r\'| − 1, κ = (r\' × r\'\')/|r\'|², N = EA(ε − ε_ref) + d_ε ε̇, M = EI(κ − κ_ref) + d_κ κ̇,',
    'ε_ref = ε₀ + f_ref(|r\'_ref| − 1), κ_ref = f_ref κ(reference); ode2Lhs = ∫ (N ∂ε/∂e + M·∂κ/∂e) dx, M_e = ∫ ρA SᵀS dx.',
  ].join('\n'),
  example: (mbs) => {
    const nodes = [0, 1].map((x) => mbs.addNode({
      nodeType: 'PointSlope1', referenceCoordinates: [x, 0.1 * x, 0, 1, 0.1 + 0.2 * x, 0.3 * x],
      initialCoordinates: [0.01 * x, -0.02 * x, 0.03 * x, 0.05, -0.04 * x, 0.02], initialVelocities: [0.1, -0.3 * x, 0.2, 0.1, 0.2, -0.3],
    }));
    const cable = mbs.addObject({
      objectType: 'ANCFCable', nodeNumbers: nodes, physicsLength: 1.05, physicsMassPerLength: 0.8, physicsBendingStiffness: 2, physicsAxialStiffness: 50,
      physicsBendingDamping: 0.1, physicsAxialDamping: 0.5, physicsReferenceAxialStrain: 0.01, strainIsRelativeToReference: 0.5,
    });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: cable, localPosition: [0.7, 0, 0] }), loadVector: [0.5, -1, 0.2] });
    return cable;
  },
  create: (v, label) => new ANCFCableModel(label, v),
};

/** Factory for a 3D ANCF cable element. */
export const ObjectANCFCable = makeFactory(objectANCFCableDefinition);
