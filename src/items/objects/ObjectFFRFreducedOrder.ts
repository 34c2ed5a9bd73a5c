import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type {
  BindContext, BodyModel, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, SuperElementMeshNodeMap, SuperElementModel, Only,
} from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { checkMassMatrix } from '../../registry/physicalChecks.ts';
import { rigidBodyInertiaDefect } from '../../rotations/rigidBodyInertia.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import {
  bool, matrix, nodeIndexArray, outputVariable, ureal, userFunction, vector, type MatrixValue, type UserFunctionValue,
} from '../../registry/parameters.ts';
import { cross3Into, mat3MulVecInto } from '../../rotations/skew.ts';
import { RigidNodeModel } from '../nodes/rigidNodeBase.ts';
import { FFRFReducedOrderKernels } from './ffrfReducedOrderKernels.ts';
import { checkedUserMatrix, checkedUserVector } from '../../registry/userFunctionResults.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Generalized user force f_user(mbs, t, itemNumber, q, q_t) on all n_ODE2 object coordinates, added to the right-hand side. */
export type FFRFreducedOrderForceUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array], ArrayLike<number>>;
/** User mass matrix M_user(mbs, t, itemNumber, q, q_t), n_ODE2 × n_ODE2 as an array of rows, added to the mass matrix. */
export type FFRFreducedOrderMassMatrixUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array], MatrixValue>;

const parameters = {
  nodeNumbers: nodeIndexArray('[n0, n1]: rigid-body node of the reference frame (RigidBodyEP, RigidBodyRxyz, …) and the NodeGenericODE2 of the n_m modal coordinates ζ.', 2),
  massMatrixReduced: matrix([], 'Reduced mass matrix M_red = Ψᵀ M Ψ of the flexible coordinates only (n_m × n_m, symmetric).'),
  stiffnessMatrixReduced: matrix([], 'Reduced stiffness matrix K_red = Ψᵀ K Ψ (n_m × n_m, symmetric); empty means zero.'),
  dampingMatrixReduced: matrix([], 'Reduced damping matrix D_red (n_m × n_m, symmetric); empty means zero.'),
  forceUserFunction: userFunction<FFRFreducedOrderForceUserFunction>('Generalized force (n_ODE2 entries) added to the right-hand side.', '(mbs, t, itemNumber, q, q_t) => number[n_ODE2]'),
  massMatrixUserFunction: userFunction<FFRFreducedOrderMassMatrixUserFunction>('Mass matrix (n_ODE2 × n_ODE2) added to the mass matrix.', '(mbs, t, itemNumber, q, q_t) => number[n_ODE2][n_ODE2]'),
  computeFFRFterms: bool(true, 'If true the object computes the FFRF mass terms, the quadratic velocity vector and the K_red, D_red terms (as Exudyn, all inside this flag); false leaves everything to the user functions.'),
  modeBasis: matrix([], 'Mode basis Ψ (n_f × n_m, n_f = 3 n_n): column j is mode j as [u_x, u_y, u_z] per mesh node.'),
  outputVariableModeBasis: matrix([], 'Stress or strain modes Ψ_OV (n_n × 6 n_m): row i, column 6j + k is component k of mode j at mesh node i; empty means none.'),
  outputVariableTypeModeBasis: outputVariable('StressLocal or StrainLocal for outputVariableModeBasis; _None without it.'),
  referencePositions: vector([], 'Body-fixed reference positions x̄ of all mesh nodes (n_f entries, x, y, z per node).'),
  physicsMass: ureal(0, 'Total mass m of the body [kg].'),
  physicsInertia: matrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 'Inertia tensor Θ_u = x̃ᵀ M x̃ of the undeformed body with respect to the reference point [kg m²].', [3, 3], 'Matrix3D'),
  physicsCenterOfMass: vector([0, 0, 0], 'Body-fixed position χ_u of the center of mass of the undeformed body.', 3, 'Vector3D'),
  mPsiTildePsi: matrix([], 'FFRF invariant M_Ψ̃Ψ = Ψ̃ᵀ M Ψ (3n_m × n_m), see ObjectFFRFreducedOrderInterface.'),
  mPsiTildePsiTilde: matrix([], 'FFRF invariant M_Ψ̃Ψ̃ = Ψ̃ᵀ M Ψ̃ (3n_m × 3n_m).'),
  mPhitTPsi: matrix([], 'FFRF invariant M_ΦtΨ = Φ_tᵀ M Ψ (3 × n_m).'),
  mPhitTPsiTilde: matrix([], 'FFRF invariant M_ΦtΨ̃ = Φ_tᵀ M Ψ̃ (3 × 3n_m).'),
  mXRefTildePsi: matrix([], 'FFRF invariant M_x̃Ψ = x̃ᵀ M Ψ (3 × n_m).'),
  mXRefTildePsiTilde: matrix([], 'FFRF invariant M_x̃Ψ̃ = x̃ᵀ M Ψ̃ (3 × 3n_m).'),
};

/** Super-element outputs of the mesh nodes. */
const meshNodeOutputs: readonly OutputVariableType[] = [
  OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration,
  OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal,
];

/** Relative tolerance of the symmetry check of the reduced matrices: |A_ij − A_ji| ≤ tol·max|A|. */
const symmetryTolerance = 1e-10;

interface Values {
  nodeNumbers: readonly number[];
  massMatrixReduced: MatrixValue;
  stiffnessMatrixReduced: MatrixValue;
  dampingMatrixReduced: MatrixValue;
  forceUserFunction: UserFunctionValue<FFRFreducedOrderForceUserFunction>;
  massMatrixUserFunction: UserFunctionValue<FFRFreducedOrderMassMatrixUserFunction>;
  computeFFRFterms: boolean;
  modeBasis: MatrixValue;
  outputVariableModeBasis: MatrixValue;
  outputVariableTypeModeBasis: OutputVariableType;
  referencePositions: ArrayLike<number>;
  physicsMass: number;
  physicsInertia: MatrixValue;
  physicsCenterOfMass: ArrayLike<number>;
  mPsiTildePsi: MatrixValue;
  mPsiTildePsiTilde: MatrixValue;
  mPhitTPsi: MatrixValue;
  mPhitTPsiTilde: MatrixValue;
  mXRefTildePsi: MatrixValue;
  mXRefTildePsiTilde: MatrixValue;
}

/** Row-major copy of a matrix given as rows (rows × cols). */
function flatten(rows: MatrixValue, cols: number): Float64Array {
  const out = new Float64Array(rows.length * cols);
  rows.forEach((row, i) => { for (let j = 0; j < cols; j++) out[i * cols + j] = row[j]; });
  return out;
}

/** Checks the shape rows × cols of a matrix parameter (empty allowed if optional) and returns it row-major, or undefined if empty. */
function checkedMatrix(label: ItemLabel, name: string, value: MatrixValue, rows: number, cols: number, optional: boolean, what: string): Float64Array | undefined {
  const r = value.length, c = r === 0 ? 0 : value[0].length;
  if (r === 0 && optional) return undefined;
  if (r !== rows || c !== cols) itemError(label, name, `must be ${rows} x ${cols} (${what})${optional ? ' or empty' : ''}, got ${r} x ${c}`);
  return flatten(value, cols);
}

/** Throws unless the square row-major matrix a (n × n) is symmetric to symmetryTolerance·max|a|. */
function checkSymmetric(label: ItemLabel, name: string, a: Float64Array, n: number): void {
  let scale = 0;
  for (let i = 0; i < a.length; i++) scale = Math.max(scale, Math.abs(a[i]));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = Math.abs(a[i * n + j] - a[j * n + i]);
      if (d > symmetryTolerance * scale) {
        itemError(label, name, `must be symmetric (|A_ij − A_ji| ≤ ${symmetryTolerance}·max|A| = ${symmetryTolerance * scale}), got A[${i}][${j}] = ${a[i * n + j]}, A[${j}][${i}] = ${a[j * n + i]}`);
      }
    }
  }
}

/**
 * y (rows) = a (rows × cols, row-major) · x, each entry summed in increasing column from 0; three rows per pass (three
 * independent sums, which the processor overlaps).
 */
function matVec(a: Float64Array, rows: number, cols: number, x: ArrayLike<number>, xOffset: number, y: Float64Array): void {
  let i = 0;
  for (; i + 2 < rows; i += 3) {
    let sum0 = 0, sum1 = 0, sum2 = 0;
    const o0 = i * cols, o1 = o0 + cols, o2 = o1 + cols;
    for (let j = 0; j < cols; j++) {
      const v = x[xOffset + j];
      sum0 += a[o0 + j] * v; sum1 += a[o1 + j] * v; sum2 += a[o2 + j] * v;
    }
    y[i] = sum0; y[i + 1] = sum1; y[i + 2] = sum2;
  }
  for (; i < rows; i++) {
    let sum = 0;
    const o = i * cols;
    for (let j = 0; j < cols; j++) sum += a[o + j] * x[xOffset + j];
    y[i] = sum;
  }
}

/** Mesh-node map y = J ζ of ObjectFFRFreducedOrder, J = Σ_j C_j Ψ_(k_j) (rows × n_m). */
class ReducedMeshNodeMap implements Only<SuperElementMeshNodeMap, ReducedMeshNodeMap> {
  readonly nU: number;

  constructor(readonly rows: number, readonly nodes: readonly NodeModel[], readonly jacobian: Float64Array) {
    this.nU = nodes[0].nu;
  }

  value(s: ItemState, out: Float64Array): void {
    matVec(this.jacobian, this.rows, this.nU, s.q, this.nodes[0].qIndex, out);
  }

  rate(s: ItemState, out: Float64Array): void {
    matVec(this.jacobian, this.rows, this.nU, s.u, this.nodes[0].uIndex, out);
  }
}

/**
 * Run-time model of ObjectFFRFreducedOrder (modally reduced floating frame of reference body). Local coordinates
 * q = [q_t (3), θ (n_rot), ζ (n_m)]. With the body-fixed angular velocity ω̄ = G_l θ̇ and ζ ⊗ I written as the
 * operator x ↦ [ζ_0 x; …; ζ_{m−1} x], the ζ-dependent 3 × 3 blocks
 *   C = m χ̃_u + M_ΦtΨ̃ (ζ⊗I),   Θ_ζ = Θ_u + M_x̃Ψ̃(ζ⊗I) + (·)ᵀ + (ζ⊗I)ᵀ M_Ψ̃Ψ̃ (ζ⊗I),   R = M_x̃Ψ + (ζ⊗I)ᵀ M_Ψ̃Ψ (3 × n_m)
 * give the mass matrix [[m I, −A C G_l, A M_ΦtΨ], [·, G_lᵀ Θ_ζ G_l, −G_lᵀ R], [·, ·, M_red]] and the quadratic
 * velocity vector of Exudyn's ObjectFFRFreducedOrder page (Zwölfer and Gerstmayr), put on the left-hand side with
 * K_red ζ + D_red ζ̇. The Jacobians of the left-hand side are numerical (as Exudyn).
 */
class FFRFreducedOrderModel implements Only<ObjectModel & BodyModel & SuperElementModel, FFRFreducedOrderModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = false;
  readonly ode2LhsDependsOnVelocity = true;
  readonly massProportionalForceDependsOnCoordinates = true;
  readonly meshNodeOutputVariables: readonly OutputVariableType[];
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];
  nLocalU = 0;
  readonly meshNodeCount: number;
  referenceNode!: RigidNodeModel;
  private modal!: NodeModel;
  private readonly nm: number;
  private nr = 0;
  private readonly psi: Float64Array;
  private readonly xRef: Float64Array;
  private readonly mRed: Float64Array;
  private readonly kRed?: Float64Array;
  private readonly dRed?: Float64Array;
  private readonly psiOV?: Float64Array;
  private readonly theta: Float64Array;
  private readonly chi: Float64Array;
  private readonly mass: number;
  private readonly mPsiTPsi?: Float64Array;
  private readonly mPsiTPsiT?: Float64Array;
  private readonly mPhiPsi?: Float64Array;
  private readonly mPhiPsiT?: Float64Array;
  private readonly mXPsi?: Float64Array;
  private readonly mXPsiT?: Float64Array;
  // work arrays (allocated in bind where sizes depend on the node)
  private readonly a = new Float64Array(9);
  private gl = new Float64Array(0);
  /** The FFRF terms' kernels on the body's memory (with computeFFRFterms; created at bind for the reference node's n_r). */
  private kernels: FFRFReducedOrderKernels | undefined;
  private readonly w3a = new Float64Array(3);
  private readonly w3b = new Float64Array(3);
  private qObj = new Float64Array(0);
  private uObj = new Float64Array(0);
  private lhsWork = new Float64Array(0);
  /** Work arrays of meshNodeOutput. */
  private readonly outA = new Float64Array(9);
  private readonly outX = new Float64Array(3);
  private readonly outLocal = new Float64Array(3);
  private readonly outP = new Float64Array(3);
  private readonly outV = new Float64Array(3);
  private readonly outW = new Float64Array(3);
  private readonly outT = new Float64Array(3);
  /** A of the reference node at q = 0 (for Displacement), computed on first use after bind. */
  private referenceOrientation: Float64Array | undefined;
  private massWork: Float64Array = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    const nm = v.modeBasis.length === 0 ? 0 : v.modeBasis[0].length;
    const nf = v.modeBasis.length;
    if (nm === 0) itemError(label, 'modeBasis', `must be an n_f x n_m matrix with at least one mode, got ${nf} x ${nm}`);
    if (nf % 3 !== 0) itemError(label, 'modeBasis', `must have 3 rows per mesh node (n_f = 3 n_n), got ${nf} rows`);
    this.nm = nm;
    this.meshNodeCount = nf / 3;
    this.psi = flatten(v.modeBasis, nm);
    if (v.referencePositions.length !== nf) itemError(label, 'referencePositions', `must have ${nf} entries (3 per mesh node, as the rows of modeBasis), got ${v.referencePositions.length}`);
    this.xRef = Float64Array.from(v.referencePositions);
    this.mRed = checkedMatrix(label, 'massMatrixReduced', v.massMatrixReduced, nm, nm, false, 'n_m = number of modes')!;
    checkSymmetric(label, 'massMatrixReduced', this.mRed, nm);
    this.kRed = checkedMatrix(label, 'stiffnessMatrixReduced', v.stiffnessMatrixReduced, nm, nm, true, 'n_m = number of modes');
    if (this.kRed !== undefined) checkSymmetric(label, 'stiffnessMatrixReduced', this.kRed, nm);
    this.dRed = checkedMatrix(label, 'dampingMatrixReduced', v.dampingMatrixReduced, nm, nm, true, 'n_m = number of modes');
    if (this.dRed !== undefined) checkSymmetric(label, 'dampingMatrixReduced', this.dRed, nm);
    const ffrf = !v.computeFFRFterms;
    this.mPsiTPsi = checkedMatrix(label, 'mPsiTildePsi', v.mPsiTildePsi, 3 * nm, nm, ffrf, '3 n_m x n_m');
    this.mPsiTPsiT = checkedMatrix(label, 'mPsiTildePsiTilde', v.mPsiTildePsiTilde, 3 * nm, 3 * nm, ffrf, '3 n_m x 3 n_m');
    this.mPhiPsi = checkedMatrix(label, 'mPhitTPsi', v.mPhitTPsi, 3, nm, ffrf, '3 x n_m');
    this.mPhiPsiT = checkedMatrix(label, 'mPhitTPsiTilde', v.mPhitTPsiTilde, 3, 3 * nm, ffrf, '3 x 3 n_m');
    this.mXPsi = checkedMatrix(label, 'mXRefTildePsi', v.mXRefTildePsi, 3, nm, ffrf, '3 x n_m');
    this.mXPsiT = checkedMatrix(label, 'mXRefTildePsiTilde', v.mXRefTildePsiTilde, 3, 3 * nm, ffrf, '3 x 3 n_m');
    if (this.mPsiTPsiT !== undefined) checkSymmetric(label, 'mPsiTildePsiTilde', this.mPsiTPsiT, 3 * nm);
    this.theta = flatten(v.physicsInertia, 3);
    checkSymmetric(label, 'physicsInertia', this.theta, 3);
    this.chi = Float64Array.from(v.physicsCenterOfMass);
    this.mass = v.physicsMass;
    const ovType = v.outputVariableTypeModeBasis;
    if (v.outputVariableModeBasis.length > 0) {
      if (ovType !== OutputVariableType.StressLocal && ovType !== OutputVariableType.StrainLocal) {
        itemError(label, 'outputVariableTypeModeBasis', `must be StressLocal or StrainLocal when outputVariableModeBasis is given, got ${ovType}`);
      }
      this.psiOV = checkedMatrix(label, 'outputVariableModeBasis', v.outputVariableModeBasis, this.meshNodeCount, 6 * nm, false, 'n_n x 6 n_m');
      this.meshNodeOutputVariables = [...meshNodeOutputs, ovType];
    } else {
      this.meshNodeOutputVariables = meshNodeOutputs;
    }
  }

  get body(): BodyModel {
    return this;
  }

  get superElement(): SuperElementModel {
    return this;
  }

  bind(context: BindContext): void {
    const [n0, n1] = this.v.nodeNumbers;
    const rigid = context.node(n0, 'nodeNumbers');
    if (!(rigid instanceof RigidNodeModel)) {
      itemError(this.label, 'nodeNumbers', `entry 0 must refer to a 3D rigid-body node (RigidBodyEP, …), got ${rigid.label.category}${rigid.label.typeName} #${n0}`);
    }
    const modal = context.node(n1, 'nodeNumbers');
    if (modal.isGround || modal.positionDimension !== 0 || modal.nu !== this.nm || modal.nq !== this.nm) {
      itemError(this.label, 'nodeNumbers', `entry 1 must refer to a NodeGenericODE2 with ${this.nm} coordinates (the columns of modeBasis), got ${modal.label.category}${modal.label.typeName} #${n1} with ${modal.nu} coordinates`);
    }
    this.referenceNode = rigid;
    this.referenceOrientation = undefined;
    this.modal = modal;
    this.localNodes = [rigid, modal];
    this.nodes = [rigid, modal];
    this.nr = rigid.nRotation;
    this.nLocalU = rigid.nu + this.nm;
    this.gl = new Float64Array(3 * this.nr);
    this.qObj = new Float64Array(this.nLocalU);
    this.uObj = new Float64Array(this.nLocalU);
    this.lhsWork = new Float64Array(this.nLocalU);
    if (this.v.computeFFRFterms) {
      if (this.kernels?.nr !== this.nr) {
        this.kernels = new FFRFReducedOrderKernels({
          nm: this.nm, mass: this.mass, theta: this.theta, chi: this.chi, mPhiPsiT: this.mPhiPsiT!, mXPsiT: this.mXPsiT!,
          mPsiTPsiT: this.mPsiTPsiT!, mXPsi: this.mXPsi!, mPsiTPsi: this.mPsiTPsi!, mPhiPsi: this.mPhiPsi!, mRed: this.mRed,
          kRed: this.kRed, dRed: this.dRed,
        }, this.nr);
      }
      this.kernels.gDot.fill(0);
      this.massWork = this.kernels.mass;
    } else {
      this.massWork = new Float64Array(this.nLocalU * this.nLocalU);
    }
  }

  // ---------------------------------------------------------------- FFRF kernels

  /** Writes A, G_l of the reference node and ζ of s into the kernels' memory. */
  private loadFrameAndModes(s: ItemState, kernels: FFRFReducedOrderKernels): void {
    const node = this.referenceNode, q = s.q, oz = this.modal.qIndex, zeta = kernels.zeta;
    node.orientation(s, kernels.a);
    node.gLocal(s, kernels.gl);
    for (let j = 0; j < this.nm; j++) zeta[j] = q[oz + j];
  }

  massMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    const n = this.nLocalU, m = this.massWork;
    m.fill(0);
    this.addMassMatrix(s);
    acc.addBlock(0, 0, n, n, m, 0, n, 1);
  }

  /** Adds the local mass matrix (n_local × n_local row-major) to massWork. */
  private addMassMatrix(s: ItemState): void {
    const n = this.nLocalU, mOut = this.massWork;
    const uf = this.v.massMatrixUserFunction;
    if (uf !== 0) {
      this.gather(s);
      const rows = checkedUserMatrix(this.label, 'massMatrixUserFunction', uf(s.mbs, s.t, this.label.index, this.qObj, this.uObj), n);
      for (let i = 0; i < n; i++) {
        const row = rows[i];
        for (let j = 0; j < n; j++) mOut[i * n + j] += row[j];
      }
    }
    const kernels = this.kernels;
    if (kernels === undefined) return;
    this.loadFrameAndModes(s, kernels);
    kernels.zetaBlocks();
    kernels.addMassMatrix();
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (this.v.computeFFRFterms) this.addFFRFLhs(s, f);
    const uf = this.v.forceUserFunction;
    if (uf !== 0) {
      this.gather(s);
      const n = this.nLocalU;
      const values = checkedUserVector(this.label, 'forceUserFunction', uf(s.mbs, s.t, this.label.index, this.qObj, this.uObj), n);
      for (let i = 0; i < n; i++) f[i] -= values[i];
    }
  }

  /** K_red ζ + D_red ζ̇ − f_v (quadratic velocity vector) added to f (n_local entries). */
  private addFFRFLhs(s: ItemState, f: Float64Array): void {
    const kernels = this.kernels!, node = this.referenceNode, u = s.u, nm = this.nm, nr = this.nr;
    this.loadFrameAndModes(s, kernels);
    if (node.hasGLocalDotTerm) node.gLocalDotRates(s, kernels.gDot);
    const zetaDot = kernels.zetaDot, rates = kernels.rates, ou = this.modal.uIndex, or = node.uIndex + 3;
    for (let j = 0; j < nm; j++) zetaDot[j] = u[ou + j];
    for (let j = 0; j < nr; j++) rates[j] = u[or + j];
    kernels.f.set(f);
    kernels.zetaBlocks();
    kernels.addLhs();
    f.set(kernels.f);
  }

  /** Copies the object's coordinates (displacements, as Exudyn passes them to user functions) and velocities. */
  private gather(s: ItemState): void {
    const rigid = this.referenceNode, modal = this.modal, nu = rigid.nu;
    for (let i = 0; i < nu; i++) { this.qObj[i] = s.q[rigid.qIndex + i]; this.uObj[i] = s.u[rigid.uIndex + i]; }
    for (let j = 0; j < this.nm; j++) { this.qObj[nu + j] = s.q[modal.qIndex + j]; this.uObj[nu + j] = s.u[modal.uIndex + j]; }
  }

  // ---------------------------------------------------------------- body capability (reference frame)

  /** Body markers attach to the reference frame only (Exudyn: MarkerBodyPosition / MarkerBodyRigid on the floating frame). */
  nodesAt(): readonly NodeModel[] {
    return [this.referenceNode];
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const node = this.referenceNode;
    node.orientation(s, this.a);
    node.position(s, out);
    const x = mat3MulVecInto(this.w3a, this.a, localPosition);
    out[0] += x[0]; out[1] += x[1]; out[2] += x[2];
  }

  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const node = this.referenceNode;
    node.angularVelocityLocal(s, this.w3b);
    cross3Into(this.w3b, this.w3b, localPosition);
    node.orientation(s, this.a);
    const x = mat3MulVecInto(this.w3a, this.a, this.w3b);
    node.velocity(s, out);
    out[0] += x[0]; out[1] += x[1]; out[2] += x[2];
  }

  /** [I, −A x̃ G_l] (3 × n_u of the reference node). */
  positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const node = this.referenceNode, n = node.nu, nr = this.nr;
    node.orientation(s, this.a);
    node.gLocal(s, this.gl);
    out.fill(0, 0, 3 * n);
    out[0] = 1; out[n + 1] = 1; out[2 * n + 2] = 1;
    // −A x̃ G_l column j = A (G_l e_j × x)
    const col = this.w3b;
    for (let j = 0; j < nr; j++) {
      const g0 = this.gl[j], g1 = this.gl[nr + j], g2 = this.gl[2 * nr + j];
      col[0] = g1 * localPosition[2] - g2 * localPosition[1];
      col[1] = g2 * localPosition[0] - g0 * localPosition[2];
      col[2] = g0 * localPosition[1] - g1 * localPosition[0];
      const x = mat3MulVecInto(this.w3a, this.a, col);
      out[3 + j] = x[0]; out[n + 3 + j] = x[1]; out[2 * n + 3 + j] = x[2];
    }
  }

  orientation(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.referenceNode.orientation(s, out);
  }

  angularVelocity(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.referenceNode.angularVelocity(s, out);
  }

  angularVelocityLocal(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.referenceNode.angularVelocityLocal(s, out);
  }

  rotationJacobian(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.referenceNode.rotationJacobian(s, out);
  }

  /**
   * Generalized force of a mass-proportional load b (Exudyn's DisplacementMassIntegral_q of this object):
   * Jᵀ b with J = [m I, −m A χ̃_u G_l, A M_ΦtΨ] — the undeformed center of mass for the rotation part and the
   * modal participation M_ΦtΨ for the modal coordinates.
   */
  massProportionalForce(s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    const node = this.referenceNode, nr = this.nr, nm = this.nm, m = this.mass, chi = this.chi;
    node.orientation(s, this.a);
    node.gLocal(s, this.gl);
    f[0] += m * loadPerMass[0]; f[1] += m * loadPerMass[1]; f[2] += m * loadPerMass[2];
    const a = this.a;
    const bl = this.w3a;
    bl[0] = a[0] * loadPerMass[0] + a[3] * loadPerMass[1] + a[6] * loadPerMass[2];
    bl[1] = a[1] * loadPerMass[0] + a[4] * loadPerMass[1] + a[7] * loadPerMass[2];
    bl[2] = a[2] * loadPerMass[0] + a[5] * loadPerMass[1] + a[8] * loadPerMass[2];
    const tq = cross3Into(this.w3b, chi, bl);
    for (let j = 0; j < nr; j++) f[3 + j] += m * (this.gl[j] * tq[0] + this.gl[nr + j] * tq[1] + this.gl[2 * nr + j] * tq[2]);
    const mPhiPsi = this.mPhiPsi;
    if (mPhiPsi === undefined) return;
    for (let j = 0; j < nm; j++) f[3 + nr + j] += mPhiPsi[j] * bl[0] + mPhiPsi[nm + j] * bl[1] + mPhiPsi[2 * nm + j] * bl[2];
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.RotationMatrix: { const r = new Float64Array(9); this.referenceNode.orientation(s, r); return r; }
      case OutputVariableType.AngularVelocity: this.referenceNode.angularVelocity(s, out); return out;
      case OutputVariableType.AngularVelocityLocal: this.referenceNode.angularVelocityLocal(s, out); return out;
      default: return this.output(variable, s);
    }
  }

  // ---------------------------------------------------------------- super element

  meshNodeReferencePosition(meshNode: number, out: Float64Array): void {
    out[0] = this.xRef[3 * meshNode]; out[1] = this.xRef[3 * meshNode + 1]; out[2] = this.xRef[3 * meshNode + 2];
  }

  /** Writes rows 3i … 3i+2 of Ψ times x[offset …] (the body-fixed vector of mesh node i for modal values x). */
  private modeRows(meshNode: number, x: ArrayLike<number>, offset: number, out: Float64Array): Float64Array {
    const nm = this.nm, psi = this.psi;
    for (let k = 0; k < 3; k++) {
      let sum = 0;
      const o = (3 * meshNode + k) * nm;
      for (let j = 0; j < nm; j++) sum += psi[o + j] * x[offset + j];
      out[k] = sum;
    }
    return out;
  }

  meshNodeOutput(variable: OutputVariableType, s: ItemState, meshNode: number, out: Float64Array): number {
    const node = this.referenceNode, modal = this.modal, a = this.outA, x = this.outX, xr = this.xRef, i3 = 3 * meshNode;
    const local = this.outLocal, pf = this.outP, vf = this.outV, w = this.outW, t = this.outT;
    switch (variable) {
      case OutputVariableType.DisplacementLocal: this.modeRows(meshNode, s.q, modal.qIndex, local); break;
      case OutputVariableType.VelocityLocal: this.modeRows(meshNode, s.u, modal.uIndex, local); break;
      case OutputVariableType.Position: case OutputVariableType.Displacement: {
        this.modeRows(meshNode, s.q, modal.qIndex, pf);
        for (let k = 0; k < 3; k++) pf[k] += xr[i3 + k];
        node.orientation(s, a);
        node.position(s, x);
        mat3MulVecInto(local, a, pf);
        for (let k = 0; k < 3; k++) local[k] += x[k];
        if (variable === OutputVariableType.Displacement) {
          // reference configuration: p_t,ref + A_ref x̄ (A_ref at q = 0, computed once per assemble)
          if (this.referenceOrientation === undefined) {
            this.referenceOrientation = new Float64Array(9);
            node.orientation({ ...s, q: new Float64Array(s.q.length) }, this.referenceOrientation);
          }
          const ar = this.referenceOrientation, r = node.referenceCoordinates;
          for (let k = 0; k < 3; k++) local[k] -= r[k] + ar[3 * k] * xr[i3] + ar[3 * k + 1] * xr[i3 + 1] + ar[3 * k + 2] * xr[i3 + 2];
        }
        break;
      }
      case OutputVariableType.Velocity: {
        // ṗ_t + A (dū/dt + ω̄ × p̄)
        this.modeRows(meshNode, s.q, modal.qIndex, pf);
        for (let k = 0; k < 3; k++) pf[k] += xr[i3 + k];
        this.modeRows(meshNode, s.u, modal.uIndex, vf);
        node.angularVelocityLocal(s, w);
        cross3Into(t, w, pf);
        for (let k = 0; k < 3; k++) vf[k] += t[k];
        node.orientation(s, a);
        mat3MulVecInto(local, a, vf);
        node.velocity(s, x);
        for (let k = 0; k < 3; k++) local[k] += x[k];
        break;
      }
      case OutputVariableType.Acceleration: {
        // p̈_t + A d²ū/dt² + 2 ω × (A dū/dt) + α × (A p̄) + ω × (ω × A p̄)
        this.modeRows(meshNode, s.q, modal.qIndex, t);
        for (let k = 0; k < 3; k++) t[k] += xr[i3 + k];
        node.orientation(s, a);
        mat3MulVecInto(pf, a, t);
        mat3MulVecInto(vf, a, this.modeRows(meshNode, s.u, modal.uIndex, t));
        node.acceleration(s, local);
        mat3MulVecInto(x, a, this.modeRows(meshNode, s.a, modal.uIndex, t));
        for (let k = 0; k < 3; k++) local[k] += x[k];
        node.angularVelocity(s, w);
        cross3Into(x, w, vf);
        for (let k = 0; k < 3; k++) local[k] += 2 * x[k];
        cross3Into(t, w, pf);
        cross3Into(x, w, t);
        for (let k = 0; k < 3; k++) local[k] += x[k];
        node.angularAcceleration(s, t);
        cross3Into(x, t, pf);
        for (let k = 0; k < 3; k++) local[k] += x[k];
        break;
      }
      case OutputVariableType.StressLocal: case OutputVariableType.StrainLocal: {
        if (this.psiOV === undefined || variable !== this.v.outputVariableTypeModeBasis) return 0;
        const nm = this.nm, row = meshNode * 6 * nm;
        for (let k = 0; k < 6; k++) {
          let sum = 0;
          for (let j = 0; j < nm; j++) sum += this.psiOV[row + 6 * j + k] * s.q[modal.qIndex + j];
          out[k] = sum;
        }
        return 6;
      }
      default: return 0;
    }
    out[0] = local[0]; out[1] = local[1]; out[2] = local[2];
    return 3;
  }

  createMeshNodeMap(meshNodes: ArrayLike<number>, coefficients: ArrayLike<number>, rows: number): SuperElementMeshNodeMap {
    const nm = this.nm, m = meshNodes.length, psi = this.psi;
    const jac = new Float64Array(rows * nm);
    for (let k = 0; k < m; k++) {
      const i = meshNodes[k];
      for (let r = 0; r < rows; r++) {
        for (let d = 0; d < 3; d++) {
          const coefficient = coefficients[r * 3 * m + 3 * k + d];
          if (coefficient === 0) continue;
          const o = (3 * i + d) * nm;
          for (let j = 0; j < nm; j++) jac[r * nm + j] += coefficient * psi[o + j];
        }
      }
    }
    return new ReducedMeshNodeMap(rows, [this.modal], jac);
  }

  // ---------------------------------------------------------------- outputs

  /** ½ uᵀ M u with the mass matrix of the state (FFRF terms and user mass matrix). */
  private kineticEnergy(s: ItemState): number {
    const n = this.nLocalU, m = this.massWork;
    m.fill(0);
    this.addMassMatrix(s);
    this.gather(s);
    const u = this.uObj;
    let e = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) e += u[i] * m[i * n + j] * u[j];
    return 0.5 * e;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    switch (variable) {
      case OutputVariableType.Coordinates: this.gather(s); return Float64Array.from(this.qObj);
      case OutputVariableType.Coordinates_t: this.gather(s); return Float64Array.from(this.uObj);
      case OutputVariableType.Force: this.lhsWork.fill(0); this.ode2Lhs(s, this.lhsWork); return Float64Array.from(this.lhsWork);
      case OutputVariableType.KineticEnergy: return [this.kineticEnergy(s)];
      case OutputVariableType.PotentialEnergy: {
        const k = this.kRed, nm = this.nm, q = s.q, oz = this.modal.qIndex;
        let e = 0;
        if (k !== undefined) for (let i = 0; i < nm; i++) for (let j = 0; j < nm; j++) e += q[oz + i] * k[i * nm + j] * q[oz + j];
        return [0.5 * e];
      }
      default: return undefined;
    }
  }
}

/** A modally reduced flexible body in the floating frame of reference formulation (Exudyn's ObjectFFRFreducedOrder, alias CMSobject). */
export const objectFFRFreducedOrderDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'FFRFreducedOrder',
  aliases: ['CMSobject'],
  description:
    'A flexible body reduced by a mode basis Ψ (component mode synthesis) in the floating frame of reference: node 0 is a 3D rigid-body node '
    + '(the reference frame; RigidBodyEP adds its Euler-parameter constraint itself), node 1 a NodeGenericODE2 with the n_m modal coordinates ζ. '
    + 'Mesh node i is at p_t + A (x̄_i + Ψ_i ζ). Use ObjectFFRFreducedOrderInterface (src/fem) to compute all matrices from a FEMinterface in one call. '
    + 'Markers: MarkerSuperElementPosition / MarkerSuperElementRigid on weighted mesh nodes; MarkerBodyPosition / MarkerBodyRigid attach to the reference '
    + 'frame only; MarkerBodyMass gives gravity with the undeformed center of mass (rotation part) and M_ΦtΨ (modal part), as Exudyn. '
    + 'Sensor: SensorSuperElement with a mesh node number. As in Exudyn, K_red, D_red and M_red act only with computeFFRFterms; '
    + 'ζ are the displacement coordinates of the modal node (its reference coordinates are not added). '
    + 'Jacobians of the left-hand side are numerical (as Exudyn).',
  parameters,
  outputVariables: [
    OutputVariableType.Coordinates, OutputVariableType.Coordinates_t, OutputVariableType.Force,
    OutputVariableType.KineticEnergy, OutputVariableType.PotentialEnergy,
  ],
  equations: 'M(q) q̈ + [0; 0; K_red ζ + D_red ζ̇] = f_v(q, q̇) + f_user; M = [[m I, −A C G_l, A M_ΦtΨ], [·, G_lᵀ Θ_ζ G_l, −G_lᵀ R], [sym., ·, M_red]] '
    + 'with C = m χ̃_u + M_ΦtΨ̃(ζ⊗I), Θ_ζ = Θ_u + M_x̃Ψ̃(ζ⊗I) + (ζ⊗I)ᵀM_x̃Ψ̃ᵀ + (ζ⊗I)ᵀM_Ψ̃Ψ̃(ζ⊗I), R = M_x̃Ψ + (ζ⊗I)ᵀM_Ψ̃Ψ; '
    + 'f_v,t = A[ω̃ C ω + 2 M_ΦtΨ̃(ζ̇⊗I)ω], f_v,r = −G_lᵀ[ω̃ Θ_ζ ω + 2(M_x̃Ψ̃(ζ̇⊗I) + (ζ⊗I)ᵀM_Ψ̃Ψ̃(ζ̇⊗I))ω], '
    + 'f_v,f = (I⊗ω)ᵀ[M_x̃Ψ̃ᵀ + M_Ψ̃Ψ̃(ζ⊗I)]ω + 2M_Ψ̃Ψᵀ(ζ̇⊗I)ω (ω body-fixed; plus the Ġ_lθ̇ terms for nodes with Ġ_lθ̇ ≠ 0). '
    + 'KineticEnergy ½ q̇ᵀ M q̇, PotentialEnergy ½ ζᵀ K_red ζ.',
  example: (mbs) => {
    // four mesh points and two modes (bending in y and in z) on a spinning reference frame, FFRF terms off; loads on a super-element frame
    const referencePositions = [0, 0, 0, 1, 0, 0, 0, 0.5, 0, 1, 0.5, 0.2];
    const modeBasis = [[0, 0], [0, 0], [0, 0], [0.1, 0], [0.3, 0], [0, 0.2], [0, 0], [0, 0], [0, 0.1], [0.1, 0], [0.3, 0], [0.05, 0.3]];
    const nodes = [
      mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0.1, 0, 0, 1, 0, 0, 0], initialVelocities: [0, 0.2, 0, 0, 0.1, 0.3, 0.2] }),
      mbs.addNode({ nodeType: 'GenericODE2', numberOfODE2Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [0.1, -0.2], initialCoordinates_t: [0.5, 0.3] }),
    ];
    const body = mbs.addObject({ objectType: 'FFRFreducedOrder', nodeNumbers: nodes, massMatrixReduced: [[1, 0], [0, 1]], stiffnessMatrixReduced: [[40, 0], [0, 60]], dampingMatrixReduced: [[0.2, 0], [0, 0.3]], modeBasis, referencePositions, computeFFRFterms: false });
    const marker = mbs.addMarker({ markerType: 'SuperElementRigid', bodyNumber: body, meshNodeNumbers: [1, 2, 3], weightingFactors: [0.3, 0.3, 0.4] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0.2, -0.5, 0.1], bodyFixed: true });
    mbs.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0.1, 0.2, -0.1] });
    return body;
  },
  validate: (v, label) => {
    checkMassMatrix(label, 'massMatrixReduced', v.massMatrixReduced);
    const inertia = v.physicsInertia;
    const defect = rigidBodyInertiaDefect(v.physicsMass, [...inertia[0], ...inertia[1], ...inertia[2]], v.physicsCenterOfMass);
    if (defect !== undefined) itemError(label, 'physicsInertia', `must be the inertia of the undeformed body about the reference point: ${defect}; got ${JSON.stringify(inertia)} with physicsMass = ${v.physicsMass}`);
  },
  create: (v, label) => new FFRFreducedOrderModel(label, v),
};

/** Factory for a modally reduced FFRF body. */
export const ObjectFFRFreducedOrder = makeFactory(objectFFRFreducedOrderDefinition);
/** Exudyn's alias of {@link ObjectFFRFreducedOrder}. */
export const CMSobject = ObjectFFRFreducedOrder;
