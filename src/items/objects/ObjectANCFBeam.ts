import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndexArray, ureal, vector, type MatrixValue, type ParameterValues } from '../../registry/parameters.ts';
import { BeamSection, checkSectionMatrix, sectionDataParameter, type BeamSectionValues } from './beamSection.ts';
import { type Jet2, type Jet2Pool } from '../../linalg/jet2.ts';
import { BlockJet2Pool } from '../../linalg/blockJet2.ts';
import { JetStrainPoint } from './jetStrainKernel.ts';
import { rotationMatrix2RotXYZInto } from '../../rotations/rotationMatrices.ts';
import { slopeFrame, slopeRotationJacobian } from '../nodes/slopeFrame.ts';

const parameters = {
  nodeNumbers: nodeIndexArray('Two PointSlope23 nodes [n0, n1] at x = −L/2 and L/2.', 2),
  physicsLength: ureal(0, 'Reference length L [m] of the element; must be positive. Local positions [x, y, z] with x ∈ [−L/2, L/2] along the axis and y, z in the cross section.'),
  sectionData: sectionDataParameter('diagonal stiffness [EA, GA_y, GA_z, GJ, EI_y, EI_z], damping of the same strains, diagonal cross-section inertia, mass per length'),
  crossSectionPenaltyFactor: vector([1, 1, 1], 'Factors [f_yy, f_zz, f_yz] of the penalty stiffness of cross-section deformation k_cs = [f_yy EA, f_zz EA, f_yz (GA_y + GA_z)].', 3, 'Vector3D'),
  crossSectionDamping: vector([0, 0, 0], 'Factors [d_yy, d_zz, d_yz] of the viscous damping of cross-section deformation, relative to the same stiffnesses (usually ≪ 1).', 3, 'Vector3D'),
};

type BeamValues = ParameterValues<typeof parameters>;

/** Local strain variables at a point: r_x (0–2), r_y (3–5), r_z (6–8), r_y,x (9–11), r_z,x (12–14). */
const N_VAR = 15;
/** Local coordinates: 2 nodes × [r, r_y, r_z]. */
const N_LOCAL = 18;

/** The three strain kinds, each with its rule, stiffness and damping vector. */
interface StrainGroup {
  /** Axial positions of the rule on [−L/2, L/2]. */
  readonly x: readonly number[];
  /** Weights (summing to L). */
  readonly w: readonly number[];
  readonly stiffness: Float64Array;
  readonly damping: Float64Array;
  /** The group's jets: workspace(kind), one pool per {@link StrainEvaluation}. */
  readonly kind: number;
  /** The group's three strains are the kind's strains first … first + 2. */
  readonly first: number;
  /** The strains depend on the local variables offset … offset + count − 1 only (differentiated with respect to those). */
  readonly offset: number;
  readonly count: number;
  /** Some damping entry is non-zero. */
  readonly hasDamping: boolean;
}

/**
 * One evaluation of strains in one pool: the jet variables are the local variables offset … offset + count − 1 (jet
 * variable j = local variable offset + j).
 */
interface StrainEvaluation {
  /**
   * Writes the strains into out. constantHessiansKept: an earlier evaluation in this pool formed Hessians, so the jets
   * that are products and sums of the variables alone still hold theirs (the variables' gradients are the unit vectors
   * set once, their Hessians zero: those Hessians are the same numbers at every evaluation), and may be formed without.
   */
  readonly evaluate: (pool: Jet2Pool, v: SlopeVariables, out: readonly Jet2[], constantHessiansKept: boolean) => void;
  /** The number of strains it writes. */
  readonly strains: number;
  readonly offset: number;
  readonly count: number;
}

/** The local variables as jet 3-vectors. */
interface SlopeVariables {
  readonly rx: readonly Jet2[];
  readonly ry: readonly Jet2[];
  readonly rz: readonly Jet2[];
  readonly ryx: readonly Jet2[];
  readonly rzx: readonly Jet2[];
}

/** ε_cs = [(r_y·r_y − 1)/2, (r_z·r_z − 1)/2, r_y·r_z/2]: Hessians constant (see {@link StrainEvaluation.evaluate}). */
function crossSectionStrains(pool: Jet2Pool, v: SlopeVariables, out: readonly Jet2[], constantHessiansKept: boolean): void {
  const { ry, rz } = v;
  const hessians = pool.hessians;
  if (constantHessiansKept) pool.hessians = false;
  pool.affine(pool.dot(ry, ry, out[0]), 0.5, -0.5, out[0]);
  pool.affine(pool.dot(rz, rz, out[1]), 0.5, -0.5, out[1]);
  pool.affine(pool.dot(ry, rz, out[2]), 0.5, 0, out[2]);
  pool.hessians = hessians;
}

/**
 * The strains at the midpoint, in one pool of all 15 local variables (each strain's jets hold the blocks of the slopes it
 * depends on only): out[0 … 2] = γ = [t₀·r_x − 1, t₁·r_x, t₂·r_x] and out[3 … 5] = κ = [t_i·k] with the section basis
 * ē₀ = r_y × r_z, ē₁ = r_z × (r_y × r_z) = r_y|r_z|² − r_z(r_y·r_z), ē₂ = r_z (unnormalized, Exudyn's), t_i = ē_i/|ē_i|,
 * k = Σ_i ē_i × ē_i' / (2|ē_i|²) and ē_i' their derivatives along the axis from r_y, r_z, r_y,x, r_z,x. The basis, |ē_i|²
 * and 1/|ē_i| serve both: each is the same operations as it was when γ and κ were evaluated apart (so the same to the
 * last bit), formed once (|ē₂|² = r_z·r_z is the |r_z|² that ē₁ uses). The products and sums of the variables alone
 * come first: their Hessians are constant (see {@link StrainEvaluation.evaluate}).
 */
function midpointStrains(pool: Jet2Pool, v: SlopeVariables, out: readonly Jet2[], constantHessiansKept: boolean): void {
  const { rx, ry: a, rz: b, ryx: ax, rzx: bx } = v;
  const hessians = pool.hessians;
  if (constantHessiansKept) pool.hessians = false;
  const b0 = pool.vector();
  pool.cross(a, b, b0);
  const bb = pool.dot(b, b, pool.take()), ab = pool.dot(a, b, pool.take());
  const shear2 = pool.dot(b, rx, pool.take());
  // derivatives: ē₀' = a'×b + a×b', ē₁' = a'|b|² + 2a(b·b') − b'(a·b) − b(a'·b + a·b'), ē₂' = b'
  const d0 = pool.vector(), t2 = pool.vector(), t3 = pool.vector(), cross2 = pool.vector();
  pool.cross(ax, b, t2);
  pool.cross(a, bx, t3);
  for (let k = 0; k < 3; k++) pool.add(t2[k], t3[k], d0[k]);
  const bbx = pool.dot(b, bx, pool.take());
  const axb = pool.add(pool.dot(ax, b, pool.take()), pool.dot(a, bx, pool.take()), pool.take());
  pool.cross(b, bx, cross2);
  pool.hessians = hessians;
  const b1 = pool.vector();
  for (let k = 0; k < 3; k++) pool.addMul(pool.mul(a[k], bb, b1[k]), -1, b[k], ab);
  const n2 = pool.triple(pool.dot(b0, b0, pool.take()), pool.dot(b1, b1, pool.take()), bb), norms = pool.vector();
  for (let i = 0; i < 3; i++) pool.inverseSqrt(n2[i], norms[i]);
  for (let i = 0; i < 3; i++) {
    pool.mul(i === 2 ? shear2 : pool.dot(i === 0 ? b0 : b1, rx, pool.take()), norms[i], out[i]);
    if (i === 0) pool.affine(out[0], 1, -1, out[0]);
  }
  const d1 = pool.vector();
  for (let k = 0; k < 3; k++) {
    pool.mul(ax[k], bb, d1[k]);
    pool.addMul(d1[k], 2, a[k], bbx);
    pool.addMul(d1[k], -1, bx[k], ab);
    pool.addMul(d1[k], -1, b[k], axb);
  }
  const k = pool.vector();
  for (let c = 0; c < 3; c++) pool.constant(0, k[c]);
  for (let i = 0; i < 3; i++) {
    // fresh jets for each i, none an operand of its own result: each jet holds the same blocks at every evaluation
    const cross = i === 2 ? cross2 : pool.vector(), factor = pool.take();
    if (i < 2) pool.cross(i === 0 ? b0 : b1, i === 0 ? d0 : d1, cross);
    pool.affine(pool.inverse(n2[i], factor), 0.5, 0, factor);
    for (let c = 0; c < 3; c++) pool.addMul(k[c], 1, cross[c], factor);
  }
  for (let i = 0; i < 3; i++) pool.mul(pool.dot(i === 0 ? b0 : i === 1 ? b1 : b, k, pool.take()), norms[i], out[3 + i]);
}

/** The two evaluations: the midpoint's axial/shear strains and twist/curvatures, the ends' cross-section strains. */
const strainEvaluations: readonly StrainEvaluation[] = [
  { evaluate: midpointStrains, strains: 6, offset: 0, count: 15 },
  { evaluate: crossSectionStrains, strains: 3, offset: 3, count: 6 },
];

/**
 * The jets of one strain kind of all ANCFBeam elements (one evaluation at a time): the 15 variables, their 3-vectors
 * and the strain jets (three or six), reserved; the rest of the pool serves the strain function. The five slope vectors
 * are the blocks of the jets' block masks: most intermediate jets depend on two or three of them.
 */
function createWorkspace(strainCount: number) {
  // typed as the plain pool: every jet passed to it is one of its own. One pool per kind, so that a jet holds the same
  // quantity (the same blocks) at every evaluation and blocks seldom have to be cleared
  const pool: Jet2Pool = new BlockJet2Pool(N_VAR, 80, 3);
  const variables = Array.from({ length: N_VAR }, () => pool.take());
  const v = (i: number) => pool.triple(variables[i], variables[i + 1], variables[i + 2]);
  const slopeVariables: SlopeVariables = { rx: v(0), ry: v(3), rz: v(6), ryx: v(9), rzx: v(12) };
  const strains = Array.from({ length: strainCount }, () => pool.take());
  pool.reserve();
  return {
    pool, variables, slopeVariables, strains, variablesSet: false,
    /** An evaluation with Hessians ran: the jets of constant Hessians hold them (see {@link StrainEvaluation.evaluate}). */
    constantHessians: false,
    /** The element whose strains the jets hold (null: none yet), its state's version, the point and whether with Hessians. */
    owner: null as object | null, version: 0, x: NaN, hessians: false,
  };
}
/** The jets of each strain kind, created on first use (not when the module loads: a model without these elements never needs them). */
const workspaces: ReturnType<typeof createWorkspace>[] = [];
function workspace(kind: number): ReturnType<typeof createWorkspace> {
  return workspaces[kind] ??= createWorkspace(strainEvaluations[kind].strains);
}

/** Linear shapes S₀ = 1/2 − x/L, S₁ = 1/2 + x/L. */
function linearShapes(x: number, L: number): [number, number] {
  return [0.5 - x / L, 0.5 + x / L];
}

/**
 * Run-time model of Exudyn's 3D ANCF beam (shear deformable, cross section deformable with a penalty): two
 * PointSlope23 nodes, r(x, y, z) = Σ S_i (r_i + y r_y,i + z r_z,i) with linear S_i; axial/shear strains and twist/
 * curvatures at one Gauss point, cross-section deformation at the two Lobatto points (the element ends); elastic
 * forces Σ w (∂ε/∂q)ᵀ(k ε + d ε̇). Strain derivatives by second-order forward differentiation ({@link Jet2Pool}).
 */
class ANCFBeamModel implements Only<ObjectModel & BodyModel, ANCFBeamModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = true;
  readonly nLocalU = N_LOCAL;
  readonly ode2LhsDependsOnVelocity: boolean;
  readonly arcLength: number;
  readonly arcStart: number;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];

  private readonly L: number;
  private readonly rhoA: number;
  private readonly groups: StrainGroup[];
  private readonly mass = new Float64Array(N_LOCAL * N_LOCAL);
  private readonly localMatrix = denseLocalMatrix(N_LOCAL);
  private readonly e = new Float64Array(N_LOCAL);
  private readonly u = new Float64Array(N_LOCAL);
  /** B: each local variable combines two element coordinates. */
  private readonly point = new JetStrainPoint(N_VAR, 2, N_LOCAL);
  /** The x of the point's B, values and rates (NaN: none since the last gather). */
  private pointX = NaN;
  /** Counts the gathers: the strains a workspace holds are this element's at the current state if it records this version. */
  private stateVersion = 0;
  /** B's factors, two per row (row-major): ±1/L in the rows of r_x, r_y,x, r_z,x; S₀(x), S₁(x) in those of r_y, r_z. */
  private readonly factors = new Float64Array(2 * N_VAR);
  private readonly slopes = new Float64Array(6);
  private readonly frameJacobian = new Float64Array(18);

  constructor(readonly label: ItemLabel, private readonly p: BeamValues) {
    if (!(p.physicsLength > 0)) itemError(label, 'physicsLength', `must be positive, got ${p.physicsLength}`);
    if (p.nodeNumbers.length !== 2) itemError(label, 'nodeNumbers', `must contain two PointSlope23 node numbers, got ${describeValue(p.nodeNumbers)}`);
    const section = BeamSection(p.sectionData as Partial<BeamSectionValues>);
    const fail = (parameter: string, message: string): never => itemError(label, parameter, message);
    checkSectionMatrix(fail, 'stiffnessMatrix', section.stiffnessMatrix);
    checkSectionMatrix(fail, 'dampingMatrix', section.dampingMatrix);
    checkSectionMatrix(fail, 'inertia', section.inertia);
    p.crossSectionPenaltyFactor.forEach((f, i) => { if (f < 0) itemError(label, 'crossSectionPenaltyFactor', `entry ${i} must be non-negative, got ${f}`); });
    p.crossSectionDamping.forEach((f, i) => { if (f < 0) itemError(label, 'crossSectionDamping', `entry ${i} must be non-negative, got ${f}`); });
    const L = p.physicsLength;
    this.L = L;
    this.arcLength = L;
    this.arcStart = -0.5 * L;
    this.rhoA = section.massPerLength;
    const k = (i: number) => section.stiffnessMatrix[i][i];
    const d = (i: number) => section.dampingMatrix[i][i];
    const EA = k(0), GA2 = k(1) + k(2);
    const penalty = p.crossSectionPenaltyFactor, csDamping = p.crossSectionDamping;
    const group = (x: number[], w: number[], stiffness: number[], damping: number[], kind: number, first: number, offset: number, count: number): StrainGroup => ({
      x, w, stiffness: Float64Array.from(stiffness), damping: Float64Array.from(damping), kind, first, offset, count, hasDamping: damping.some((value) => value !== 0),
    });
    // variables r_x 0–2, r_y 3–5, r_z 6–8, r_y,x 9–11, r_z,x 12–14: γ uses r_x, r_y, r_z; κ r_y … r_z,x (both of the
    // midpoint evaluation); ε_cs r_y, r_z
    this.groups = [
      group([0], [L], [k(0), k(1), k(2)], [d(0), d(1), d(2)], 0, 0, 0, 9),
      group([0], [L], [k(3), k(4), k(5)], [d(3), d(4), d(5)], 0, 3, 3, 12),
      group([-0.5 * L, 0.5 * L], [0.5 * L, 0.5 * L], [penalty[0] * EA, penalty[1] * EA, penalty[2] * GA2], [csDamping[0] * EA, csDamping[1] * EA, csDamping[2] * GA2], 1, 0, 3, 6),
    ];
    this.ode2LhsDependsOnVelocity = this.groups.some((g) => g.hasDamping);
    this.integrateMass(section);
    this.initializeMap();
  }

  get body(): BodyModel {
    return this;
  }

  /** Consistent mass ρA ∫ S_i S_j (positions) plus Exudyn's rotary part ∫ (S_y + S_z)ᵀ W⁻¹ J W⁻¹ (S_y + S_z), W⁻¹ = diag(1/2, 1, 1). */
  private integrateMass(section: BeamSectionValues): void {
    const L = this.L, n = N_LOCAL, mass = this.mass, inertia = section.inertia;
    const winv = [0.5, 1, 1];
    const w = 0.5 * L, xi0 = -Math.sqrt(1 / 3), xi1 = Math.sqrt(1 / 3);
    const S0 = linearShapes(0.5 * L * xi0, L), S1 = linearShapes(0.5 * L * xi1, L);
    // each entry is 0 + (point 0's term) + (point 1's term), as a loop over the points adds them to the zero matrix; the
    // three position entries of a node pair and the rotary part's four blocks (r_y, r_z) × (r_y, r_z) get the same sums.
    // Formed once and stored: the loop over points with a loop over the four blocks per entry ran this constructor-only
    // method hot enough for a TurboFan job of its own
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 2; j++) {
        let position = 0;
        position += w * this.rhoA * S0[i] * S0[j];
        position += w * this.rhoA * S1[i] * S1[j];
        for (let c = 0; c < 3; c++) mass[(9 * i + c) * n + 9 * j + c] = position;
        const wSS0 = w * S0[i] * S0[j], wSS1 = w * S1[i] * S1[j];
        for (let a = 0; a < 3; a++) {
          const yRow = (9 * i + 3 + a) * n, zRow = (9 * i + 6 + a) * n;
          for (let b = 0; b < 3; b++) {
            let rotary = 0;
            rotary += wSS0 * winv[a] * inertia[a][b] * winv[b];
            rotary += wSS1 * winv[a] * inertia[a][b] * winv[b];
            const yColumn = 9 * j + 3 + b, zColumn = 9 * j + 6 + b;
            mass[yRow + yColumn] = rotary;
            mass[yRow + zColumn] = rotary;
            mass[zRow + yColumn] = rotary;
            mass[zRow + zColumn] = rotary;
          }
        }
      }
    }
  }

  bind(context: BindContext): void {
    this.nodes = this.p.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.label.typeName !== 'PointSlope23') {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a PointSlope23 node, got Node${node.label.typeName} #${node.label.index}`);
      }
      return node;
    });
    this.localNodes = this.nodes;
  }

  private gather(s: ItemState): void {
    const { nodes, e, u } = this;
    for (let n = 0; n < nodes.length; n++) {
      const qIndex = nodes[n].qIndex, uIndex = nodes[n].uIndex;
      for (let k = 0; k < 9; k++) {
        e[9 * n + k] = s.qRef[qIndex + k] + s.q[qIndex + k];
        u[9 * n + k] = s.u[uIndex + k];
      }
    }
    this.pointX = NaN;
    this.stateVersion++;
  }

  /** B's columns and its factors that do not depend on x (in the constructor; S₀ and S₁ are set per point). */
  private initializeMap(): void {
    const iL = 1 / this.L;
    for (let c = 0; c < 3; c++) {
      this.setRow(c, c, -iL, 9 + c, iL);
      this.setRow(3 + c, 3 + c, 0, 12 + c, 0);
      this.setRow(6 + c, 6 + c, 0, 15 + c, 0);
      this.setRow(9 + c, 3 + c, -iL, 12 + c, iL);
      this.setRow(12 + c, 6 + c, -iL, 15 + c, iL);
    }
  }

  private setRow(r: number, c0: number, f0: number, c1: number, f1: number): void {
    this.point.set(r, 0, c0, f0);
    this.point.set(r, 1, c1, f1);
    this.factors[2 * r] = f0;
    this.factors[2 * r + 1] = f1;
  }

  /** Sets the map B of the local variables at x and their values and rates (kept when x is the point already set). */
  private setPoint(x: number): void {
    // the axial and the twist strains share x = 0: the same B, values and rates
    if (x === this.pointX) return;
    this.pointX = x;
    const S0 = 0.5 - x / this.L, S1 = 0.5 + x / this.L; // linearShapes without its array
    const f = this.factors;
    for (let r = 3; r < 9; r++) { f[2 * r] = S0; f[2 * r + 1] = S1; } // the rows of r_y and r_z
    this.point.setFactors(f);
    this.point.evaluate(this.e, this.u);
  }

  /**
   * The strains of the group's kind as jets at the current point (the group's three are first … first + 2), and the
   * point's window set to the group's variables. The kind's evaluation ({@link strainEvaluations}) differentiates with
   * respect to its variables only (jet variable j = local variable offset + j; the others are constants); it runs
   * unless the workspace holds this element's strains at this state and point already (with Hessians if asked for):
   * the midpoint's second group reads the jets of the first.
   */
  private evaluateStrains(group: StrainGroup, hessians: boolean): readonly Jet2[] {
    const jets = workspace(group.kind), evaluation = strainEvaluations[group.kind];
    this.point.window(group.offset, group.count, group.offset - evaluation.offset);
    if (jets.owner === this && jets.version === this.stateVersion && jets.x === this.pointX && (jets.hessians || !hessians)) return jets.strains;
    const { pool, variables, slopeVariables, strains } = jets;
    pool.reset();
    pool.hessians = hessians;
    pool.activeVariables = evaluation.count;
    const values = this.point.values, first = evaluation.offset, end = evaluation.offset + evaluation.count;
    if (jets.variablesSet) {
      // a pool serves one strain kind (the same window at every evaluation) and no operation writes into the
      // variables: their derivatives stay as the first evaluation set them, only the values change
      for (let r = 0; r < N_VAR; r++) variables[r].v = values[r];
    } else {
      for (let r = 0; r < N_VAR; r++) {
        if (r >= first && r < end) pool.variable(r - first, values[r], variables[r]);
        else pool.constant(values[r], variables[r]);
      }
      jets.variablesSet = true;
    }
    evaluation.evaluate(pool, slopeVariables, strains, jets.constantHessians);
    if (hessians) jets.constantHessians = true;
    jets.owner = this;
    jets.version = this.stateVersion;
    jets.x = this.pointX;
    jets.hessians = hessians;
    return strains;
  }

  massMatrix(_s: ItemState, acc: LocalMatrixAccumulator): void {
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, this.mass, 0, N_LOCAL, 1);
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.gather(s);
    const point = this.point;
    const groups = this.groups;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      for (let p = 0; p < group.x.length; p++) {
        this.setPoint(group.x[p]);
        const strains = this.evaluateStrains(group, false), first = group.first;
        point.beginForce();
        for (let j = 0; j < 3; j++) {
          const strain = strains[first + j];
          const rate = group.damping[j] !== 0 ? point.rate(strain) : 0;
          point.addForce(strain, group.w[p] * (group.stiffness[j] * strain.v + group.damping[j] * rate));
        }
        point.mapForce(f);
      }
    }
  }

  /** Σ w [k (g⊗g + ε H) + d ((g·v) H + g⊗(H v))] per strain, mapped with Bᵀ (·) B. */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    const K = this.localMatrix.fill(0);
    const point = this.point;
    const groups = this.groups;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      for (let p = 0; p < group.x.length; p++) {
        this.setPoint(group.x[p]);
        const strains = this.evaluateStrains(group, true), first = group.first;
        point.begin();
        for (let j = 0; j < 3; j++) {
          const strain = strains[first + j];
          const k = factor * group.w[p] * group.stiffness[j], d = factor * group.w[p] * group.damping[j];
          const rate = d !== 0 ? point.rate(strain) : 0;
          point.addStiffness(strain, k * strain.v + d * rate, k, d);
        }
        point.mapMatrix(K);
      }
    }
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, K, 0, N_LOCAL, 1);
  }

  /** Σ w d g⊗g per strain, mapped with Bᵀ (·) B. */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    const D = this.localMatrix.fill(0);
    const point = this.point;
    const groups = this.groups;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      if (!group.hasDamping) continue;
      for (let p = 0; p < group.x.length; p++) {
        this.setPoint(group.x[p]);
        const strains = this.evaluateStrains(group, false), first = group.first;
        point.begin();
        for (let j = 0; j < 3; j++) if (group.damping[j] !== 0) point.addDamping(strains[first + j], factor * group.w[p] * group.damping[j]);
        point.mapMatrix(D);
      }
    }
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, D, 0, N_LOCAL, 1);
  }

  /** Σ S_i (c_i + y c_y,i + z c_z,i) of node coordinates c (18: e, u or a). */
  private mapPoint(c: Float64Array, localPosition: ArrayLike<number>, out: Float64Array): void {
    const [S0, S1] = linearShapes(localPosition[0] ?? 0, this.L);
    const y = localPosition[1] ?? 0, z = localPosition[2] ?? 0;
    for (let k = 0; k < 3; k++) {
      out[k] = S0 * (c[k] + y * c[3 + k] + z * c[6 + k]) + S1 * (c[9 + k] + y * c[12 + k] + z * c[15 + k]);
    }
  }

  /** Interpolated slopes [r_y, r_z] at x from coordinates c into this.slopes. */
  private slopesAt(c: Float64Array, x: number): Float64Array {
    const [S0, S1] = linearShapes(x, this.L);
    for (let k = 0; k < 6; k++) this.slopes[k] = S0 * c[3 + k] + S1 * c[12 + k];
    return this.slopes;
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s);
    this.mapPoint(this.e, localPosition, out);
  }

  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s);
    this.mapPoint(this.u, localPosition, out);
  }

  /** 3 × 18: S_i, y S_i, z S_i in the r, r_y, r_z columns of node i. */
  positionJacobian(_s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const [S0, S1] = linearShapes(localPosition[0] ?? 0, this.L);
    const y = localPosition[1] ?? 0, z = localPosition[2] ?? 0;
    out.fill(0, 0, 3 * N_LOCAL);
    for (let k = 0; k < 3; k++) {
      const row = k * N_LOCAL;
      out[row + k] = S0; out[row + 3 + k] = S0 * y; out[row + 6 + k] = S0 * z;
      out[row + 9 + k] = S1; out[row + 12 + k] = S1 * y; out[row + 15 + k] = S1 * z;
    }
  }

  orientation(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s);
    slopeFrame(this.slopesAt(this.e, localPosition[0] ?? 0), 0, out);
  }

  /** ω = W⁻¹ (r̃_y ṙ_y + r̃_z ṙ_z) of the interpolated slopes (as the node's). */
  angularVelocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0;
    this.gather(s);
    slopeRotationJacobian(this.slopesAt(this.e, x), 0, this.frameJacobian);
    const [S0, S1] = linearShapes(x, this.L);
    for (let i = 0; i < 3; i++) {
      let w = 0;
      for (let k = 0; k < 6; k++) w += this.frameJacobian[6 * i + k] * (S0 * this.u[3 + k] + S1 * this.u[12 + k]);
      out[i] = w;
    }
  }

  angularVelocityLocal(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const omega = new Float64Array(3), a = new Float64Array(9);
    this.angularVelocity(s, localPosition, omega);
    this.orientation(s, localPosition, a);
    for (let i = 0; i < 3; i++) out[i] = a[i] * omega[0] + a[3 + i] * omega[1] + a[6 + i] * omega[2];
  }

  /** 3 × 18: S_i W⁻¹ r̃_y, S_i W⁻¹ r̃_z in the slope columns of node i. */
  rotationJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0;
    this.gather(s);
    slopeRotationJacobian(this.slopesAt(this.e, x), 0, this.frameJacobian);
    const S = linearShapes(x, this.L);
    out.fill(0, 0, 3 * N_LOCAL);
    for (let i = 0; i < 3; i++) for (let n = 0; n < 2; n++) for (let k = 0; k < 6; k++) out[i * N_LOCAL + 9 * n + 3 + k] = S[n] * this.frameJacobian[6 * i + k];
  }

  /** ∫ ρA S_i dx = ρA L/2 on the positions of each node. */
  massProportionalForce(_s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    const m = 0.5 * this.rhoA * this.L;
    for (let k = 0; k < 3; k++) { f[k] += m * loadPerMass[k]; f[9 + k] += m * loadPerMass[k]; }
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    const rotated = (v: Float64Array) => {
      const a = new Float64Array(9);
      this.orientation(s, localPosition, a);
      return [0, 1, 2].map((i) => a[i] * v[0] + a[3 + i] * v[1] + a[6 + i] * v[2]);
    };
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        this.gather(s);
        const reference = new Float64Array(N_LOCAL);
        this.nodes.forEach((node, n) => { for (let k = 0; k < 9; k++) reference[9 * n + k] = s.qRef[node.qIndex + k]; });
        const p0 = new Float64Array(3);
        this.mapPoint(this.e, localPosition, out);
        this.mapPoint(reference, localPosition, p0);
        for (let k = 0; k < 3; k++) out[k] -= p0[k];
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.VelocityLocal: this.velocity(s, localPosition, out); return rotated(out);
      case OutputVariableType.Acceleration: {
        const a = new Float64Array(N_LOCAL);
        this.nodes.forEach((node, n) => { for (let k = 0; k < 9; k++) a[9 * n + k] = s.a[node.uIndex + k]; });
        this.mapPoint(a, localPosition, out);
        return out;
      }
      case OutputVariableType.AngularVelocity: this.angularVelocity(s, localPosition, out); return out;
      case OutputVariableType.AngularVelocityLocal: this.angularVelocityLocal(s, localPosition, out); return out;
      case OutputVariableType.RotationMatrix: { const a = new Float64Array(9); this.orientation(s, localPosition, a); return a; }
      case OutputVariableType.Rotation: { const a = new Float64Array(9); this.orientation(s, localPosition, a); return rotationMatrix2RotXYZInto(out, a); }
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** Exudyn's 3D ANCF beam element (ObjectANCFBeam). */
export const objectANCFBeamDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ANCFBeam',
  description: 'A 3D shear deformable ANCF beam (Exudyn\'s ObjectANCFBeam) on two PointSlope23 nodes: linear interpolation of the position and the cross-section slopes r_y, r_z; axial and shear strains and twist/curvatures at the midpoint (one Gauss point, reduced against locking), cross-section deformation penalized at both ends (Lobatto). '
    + 'Strains are measured from the straight, orthonormal state (a curved reference is not stress-free, as in Exudyn). Local positions [x, y, z] with x ∈ [−L/2, L/2].',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.VelocityLocal,
    OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal, OutputVariableType.Acceleration,
    OutputVariableType.Rotation, OutputVariableType.RotationMatrix,
  ],
  equations: [
    'q = [r₀, r_y,0, r_z,0, r₁, r_y,1, r_z,1], r(x, y, z) = Σ S_i (r_i + y r_y,i + z r_z,i), S₀ = 1/2 − x/L, S₁ = 1/2 + x/L.',
    'Section basis ē₀ = r_y × r_z, ē₁ = r_y|r_z|² − r_z(r_y·r_z), ē₂ = r_z; t_i = ē_i/|ē_i|.',
    'γ = [t₀·r_x − 1, t₁·r_x, t₂·r_x], κ_i = t_i·k with k = Σ_i ē_i × ē_i\' / (2|ē_i|²) (at x = 0, weight L),',
    'ε_cs = [(|r_y|² − 1)/2, (|r_z|² − 1)/2, r_y·r_z/2] (at x = ±L/2, weights L/2), k_cs = [f_yy EA, f_zz EA, f_yz (GA_y + GA_z)].',
    'ode2Lhs = Σ_points w Σ_strains (∂ε/∂q)ᵀ (k ε + d ε̇); M = ρA ∫ S_i S_j + ∫ (S_y + S_z)ᵀ W⁻¹ J W⁻¹ (S_y + S_z), W⁻¹ = diag(1/2, 1, 1).',
  ].join('\n'),
  example: (mbs) => {
    const nodes = [0, 1].map((x) => mbs.addNode({
      nodeType: 'PointSlope23', referenceCoordinates: [x, 0.1 * x, 0, 0, 1, 0.05 * x, 0.02, -0.05, 1],
      initialCoordinates: [0.01 * x, -0.02 * x, 0.03 * x, 0.05 * x, 0.02, -0.03 * x, 0.01, 0.04 * x, 0.02 * x], initialVelocities: [0.1, -0.3 * x, 0.2, 0.1, 0.2, 0, -0.1, 0, 0.3],
    }));
    const sectionData = {
      massPerLength: 0.8, inertia: [[0.01, 0, 0], [0, 0.005, 0], [0, 0, 0.005]],
      stiffnessMatrix: [[50, 0, 0, 0, 0, 0], [0, 20, 0, 0, 0, 0], [0, 0, 25, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 3]],
      dampingMatrix: [[0.5, 0, 0, 0, 0, 0], [0, 0.2, 0, 0, 0, 0], [0, 0, 0.3, 0, 0, 0], [0, 0, 0, 0.01, 0, 0], [0, 0, 0, 0, 0.02, 0], [0, 0, 0, 0, 0, 0.03]],
    };
    const beam = mbs.addObject({ objectType: 'ANCFBeam', nodeNumbers: nodes, physicsLength: 1, sectionData, crossSectionPenaltyFactor: [1, 2, 0.5], crossSectionDamping: [0.01, 0.02, 0.03] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: beam, localPosition: [0.2, 0.05, -0.03] }), loadVector: [0.5, -1, 0.2] });
    return beam;
  },
  create: (v, label) => new ANCFBeamModel(label, v),
};

/** Factory for a 3D ANCF beam element. */
export const ObjectANCFBeam = makeFactory(objectANCFBeamDefinition);
