import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import {
  bodyOrigin, DenseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type SuperElementMeshNodeMap,
  type SuperElementModel, type Only,
} from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import {
  bool, matrixContainer, nodeIndexArray, userFunction, vector, type MatrixContainerValue, type MatrixValue, type UserFunctionValue,
} from '../../registry/parameters.ts';
import { eulerParameters2GLocalInto, eulerParameters2RotationMatrixInto } from '../../rotations/rotationMatrices.ts';
import { cross3Into, mat3MulVecInto, skewEntry, skewInto } from '../../rotations/skew.ts';
import type { CscMatrix } from '../../linalg/sparse.ts';
import { RigidNodeModel } from '../nodes/rigidNodeBase.ts';
import { checkSymmetric, containerRowsAsCsc, containerShape } from './ffrf/matrixContainer.ts';
import { ReferenceFrameBody, referenceFrameBodyOutputs } from './ffrf/referenceFrameBody.ts';
import { createPointMeshNodeMap } from './ffrf/meshNodeMap.ts';
import { checkedUserMatrix, checkedUserVector } from '../../registry/userFunctionResults.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Generalized user force f_user(mbs, t, itemNumber, q, q_t) (n_c entries; rigid part global, flexible part body-fixed), added to the right-hand side. */
export type FFRFForceUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array], ArrayLike<number>>;
/** User mass matrix M_user(mbs, t, itemNumber, q, q_t) (n_c × n_c, array of rows), added to the FFRF mass matrix. */
export type FFRFMassMatrixUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array], MatrixValue>;

const parameters = {
  nodeNumbers: nodeIndexArray('Node 0: the reference frame (NodeRigidBodyEP); nodes 1 … n_nf: the mesh nodes (NodePoint, body-fixed flexible coordinates; their reference coordinates are the body-fixed reference positions x̄).'),
  massMatrixFF: matrixContainer('Body-fixed mass matrix M of the flexible coordinates (n_f × n_f, n_f = 3 n_nf, symmetric): dense rows, CSC or triplets; stored sparse.'),
  stiffnessMatrixFF: matrixContainer('Body-fixed stiffness matrix K of the flexible coordinates (n_f × n_f, symmetric) or empty.'),
  dampingMatrixFF: matrixContainer('Body-fixed damping matrix D of the flexible coordinates (n_f × n_f) or empty.'),
  forceVector: vector([], 'Generalized force f = [f_r, f_f] (n_c entries) or empty: f_r acts on the reference-frame coordinates, the global f_f is transformed to body-fixed coordinates (Aᵀ per node).'),
  forceUserFunction: userFunction<FFRFForceUserFunction>('Generalized user force f_user (n_c entries, rigid part global, flexible part body-fixed) added to the right-hand side.', '(mbs, t, itemNumber, q, q_t) => number[n_c]'),
  massMatrixUserFunction: userFunction<FFRFMassMatrixUserFunction>('User mass matrix M_user (n_c × n_c) added to the mass matrix.', '(mbs, t, itemNumber, q, q_t) => number[n_c][n_c]'),
  computeFFRFterms: bool(true, 'If true, the FFRF mass terms M_tt … M_ff and the quadratic velocity vector are computed; if false they are zero (user functions may supply them).'),
  tisserandFrameConstraints: bool(false, 'If true, the object adds the 6 Tisserand-frame constraints Φ_tᵀ M q_f = 0 and x̄̃ᵀ M q_f = 0 (6 Lagrange multipliers), which fix the reference frame to the mean motion of the mesh.'),
};

interface FFRFValues {
  nodeNumbers: readonly number[];
  massMatrixFF: MatrixContainerValue;
  stiffnessMatrixFF: MatrixContainerValue;
  dampingMatrixFF: MatrixContainerValue;
  forceVector: ArrayLike<number>;
  forceUserFunction: UserFunctionValue<FFRFForceUserFunction>;
  massMatrixUserFunction: UserFunctionValue<FFRFMassMatrixUserFunction>;
  computeFFRFterms: boolean;
  tisserandFrameConstraints: boolean;
}

const matrixNames = ['massMatrixFF', 'stiffnessMatrixFF', 'dampingMatrixFF'] as const;

/** Number of reference-frame coordinates (Euler parameters: 3 + 4). */
const NR = 7;

/** Mesh node outputs (seed 004, super element output variables). */
const meshNodeOutputs: readonly OutputVariableType[] = [
  OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration,
  OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal,
];

/**
 * Run-time model of ObjectFFRF (seed 004). Local coordinates q = [q_t (3), θ (4), q_f (n_f)]. Mass matrix with
 * M_tt = m I, M_tr = −A (Φ_tᵀM p̃) G_l, M_tf = A Φ_tᵀM, M_rr = G_lᵀ p̃ᵀM p̃ G_l, M_rf = −G_lᵀ p̃ᵀM, M_ff = M, all
 * from three sparse products R = M p̃ per evaluation (p̃ the stacked skew matrices of the nodal positions p = x̄ + q_f).
 * Left-hand side (Exudyn's form of −f_v): with s = p × ω̄, e = q̇_f × ω̄ per node (z = M s, w = M e),
 * LHS_t = −A (ω̄ × Σ z_i + 2 Σ w_i), LHS_θ = G_lᵀ (ω̄ × Σ z_i × p_i + 2 Σ w_i × p_i),
 * LHS_f = K q_f + D q̇_f + M (ω̄̃² p + 2 ω̄̃ q̇_f), minus forceVector and the user force.
 * Block-sparse: entries of M, K, D and the 7-wide rigid rows and columns; nothing allocated in the calls.
 */
class FFRFModel implements Only<ObjectModel, FFRFModel> {
  readonly nAE: number;
  readonly ode2LhsDependsOnVelocity = true;
  readonly hasConstantMassMatrix: boolean;
  localNodes: NodeModel[] = [];
  readonly body: ReferenceFrameBody;
  readonly superElement: SuperElementModel;
  /** Total mass m, centre of mass χ and inertia J = x̄̃ᵀ M x̄̃ about the frame origin (computed at bind from M and x̄). */
  private mass = 0;
  private readonly centerOfMass = new Float64Array(3);
  private readonly inertia = new Float64Array(9);
  private refNode!: RigidNodeModel;
  private meshNodes: NodeModel[] = [];
  private nn = 0;
  private nf = 0;
  private nc = 0;
  /**
   * M, K and D compressed by rows (containerRowsAsCsc: the CSC arrays of the transpose, column r = row r), read row by
   * row below as rowPtr = colPtr, col = rowIndex.
   */
  private readonly M?: CscMatrix;
  private readonly K?: CscMatrix;
  private readonly D?: CscMatrix;
  /** Local rows and columns (NR + r, NR + c) of the stored entries of M, K and D, for addEntries. */
  private readonly mPattern?: LocalPattern;
  private readonly kPattern?: LocalPattern;
  private readonly dPattern?: LocalPattern;
  /**
   * Entry list of the dense reference-frame parts and the quadratic velocity terms, written in place and passed to the
   * accumulator in one call (capacity from bind: the largest list of massMatrix and of the Jacobians).
   */
  private entryRows = new Int32Array(0);
  private entryCols = new Int32Array(0);
  private entryValues = new Float64Array(0);
  private readonly force?: Float64Array;
  /** Body-fixed reference positions x̄ (n_f). */
  private xRef = new Float64Array(0);
  /** Φ_tᵀ M, 3 × n_f row-major (constant). */
  private phiTM = new Float64Array(0);
  /** Tisserand rows x̄̃ᵀ M, 3 × n_f row-major (constant). */
  private rotTM = new Float64Array(0);
  private qIdx = new Int32Array(0);
  private uIdx = new Int32Array(0);
  // gathered state and work arrays (allocated in bind)
  private readonly theta = new Float64Array(4);
  private readonly thetaDot = new Float64Array(4);
  private qLocal = new Float64Array(0);
  private uLocal = new Float64Array(0);
  private p = new Float64Array(0);
  private sv = new Float64Array(0);
  private ev = new Float64Array(0);
  private vv = new Float64Array(0);
  private z = new Float64Array(0);
  private w = new Float64Array(0);
  private mv = new Float64Array(0);
  /** R = M p̃, n_f × 3 row-major. */
  private R = new Float64Array(0);
  private fPlus = new Float64Array(0);
  private fMinus = new Float64Array(0);
  private userBase = new Float64Array(0);
  private readonly A = new Float64Array(9);
  private readonly Gl = new Float64Array(12);
  private readonly omega = new Float64Array(3);
  private readonly m3 = new Float64Array(9);
  private readonly m3b = new Float64Array(9);
  private readonly v3 = new Float64Array(3);
  private readonly aRef = new Float64Array(9);
  private readonly skewOmega = new Float64Array(9);
  private readonly skewZ = new Float64Array(9);
  private readonly skewW = new Float64Array(9);

  constructor(readonly label: ItemLabel, private readonly v: FFRFValues) {
    const byRows = (name: typeof matrixNames[number]): CscMatrix | undefined => {
      const value = v[name];
      return containerShape(value)[0] === 0 ? undefined : containerRowsAsCsc(value);
    };
    this.M = byRows('massMatrixFF');
    this.K = byRows('stiffnessMatrixFF');
    this.D = byRows('dampingMatrixFF');
    if (this.M !== undefined) checkSymmetric(label, 'massMatrixFF', this.M);
    if (this.K !== undefined) checkSymmetric(label, 'stiffnessMatrixFF', this.K);
    this.mPattern = this.M === undefined ? undefined : localPattern(this.M);
    this.kPattern = this.K === undefined ? undefined : localPattern(this.K);
    this.dPattern = this.D === undefined ? undefined : localPattern(this.D);
    this.force = v.forceVector.length === 0 ? undefined : Float64Array.from(v.forceVector);
    this.nAE = v.tisserandFrameConstraints ? 6 : 0;
    this.hasConstantMassMatrix = !v.computeFFRFterms && v.massMatrixUserFunction === 0;
    this.body = new ReferenceFrameBody((variable, s) => this.energy(variable, s));
    const model = this;
    this.superElement = {
      get meshNodeCount() { return model.nn; },
      get referenceNode() { return model.refNode; },
      meshNodeReferencePosition: (i, out) => { out[0] = model.xRef[3 * i]; out[1] = model.xRef[3 * i + 1]; out[2] = model.xRef[3 * i + 2]; },
      meshNodeOutputVariables: meshNodeOutputs,
      meshNodeOutput: (variable, s, i, out) => model.meshNodeOutput(variable, s, i, out),
      createMeshNodeMap: (nodes, coefficients, rows) => createPointMeshNodeMap(model.meshNodes, nodes, coefficients, rows),
    };
  }

  bind(context: BindContext): void {
    const numbers = this.v.nodeNumbers;
    if (numbers.length < 2) itemError(this.label, 'nodeNumbers', `must list the reference node and at least one mesh node, got ${numbers.length} nodes`);
    const nodes = numbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (i === 0) {
        if (!(node instanceof RigidNodeModel) || node.label.typeName !== 'RigidBodyEP') {
          itemError(this.label, 'nodeNumbers', `entry 0 must be a RigidBodyEP node (the reference frame), got ${node.label.category}${node.label.typeName} #${index}`);
        }
      } else if (node.label.typeName !== 'Point' || node.isGround || node.nu !== 3) {
        itemError(this.label, 'nodeNumbers', `entry ${i} must be a Point node (3D mesh node), got ${node.label.category}${node.label.typeName} #${index}`);
      }
      return node;
    });
    this.refNode = nodes[0] as RigidNodeModel;
    this.meshNodes = nodes.slice(1);
    this.localNodes = nodes;
    const nn = nodes.length - 1, nf = 3 * nn, nc = NR + nf;
    this.nn = nn; this.nf = nf; this.nc = nc;
    for (const name of matrixNames) {
      const [r] = containerShape(this.v[name]);
      if (r !== 0 && r !== nf) itemError(this.label, name, `must be ${nf} x ${nf} (3 coordinates for each of the ${nn} mesh nodes) or empty, got ${r} x ${r}`);
    }
    if (this.force !== undefined && this.force.length !== nc) {
      itemError(this.label, 'forceVector', `must have ${nc} entries (7 reference-frame + ${nf} flexible coordinates) or be empty, got ${this.force.length}`);
    }
    this.xRef = new Float64Array(nf);
    this.meshNodes.forEach((node, i) => this.xRef.set(node.referenceCoordinates.subarray(0, 3), 3 * i));
    this.qIdx = new Int32Array(nc);
    this.uIdx = new Int32Array(nc);
    let k = 0;
    for (const node of nodes) for (let j = 0; j < node.nu; j++, k++) { this.qIdx[k] = node.qIndex + j; this.uIdx[k] = node.uIndex + j; }
    for (const name of ['qLocal', 'uLocal', 'fPlus', 'fMinus', 'userBase'] as const) this[name] = new Float64Array(nc);
    for (const name of ['p', 'sv', 'ev', 'vv', 'z', 'w', 'mv'] as const) this[name] = new Float64Array(nf);
    this.R = new Float64Array(3 * nf);
    // mass: m I₃, M_tr and its transpose, M_rr, 7 rigid rows and columns per flexible coordinate; Jacobian: three
    // entries per stored entry of M, 7 rigid rows per flexible column, 4 Euler-parameter columns
    const nnzM = this.M === undefined ? 0 : this.M.colPtr[nf];
    const entries = Math.max(3 + 24 + 16 + 14 * nf, 3 * nnzM + 7 * nf + 4 * nc);
    this.entryRows = new Int32Array(entries);
    this.entryCols = new Int32Array(entries);
    this.entryValues = new Float64Array(entries);
    this.computeInertia();
    this.body.set(this.refNode, this.mass, this.centerOfMass);
  }

  /** Φ_tᵀM, the Tisserand rows x̄̃ᵀM, m = (Φ_tᵀMΦ_t)₀₀, χ = Φ_tᵀM x̄ / m and J = x̄̃ᵀ M x̄̃ (Exudyn's InitializeObject). */
  private computeInertia(): void {
    const nf = this.nf, M = this.M, x = this.xRef;
    this.phiTM = new Float64Array(3 * nf);
    this.rotTM = new Float64Array(3 * nf);
    this.mass = 0;
    this.centerOfMass.fill(0);
    this.inertia.fill(0);
    if (M === undefined) return;
    // row r of M belongs to node i = r/3, component a = r%3: (Φ_tᵀM)[a][c] = Σ_i M[3i + a][c]
    for (let r = 0; r < nf; r++) {
      const a = r % 3;
      for (let k = M.colPtr[r]; k < M.colPtr[r + 1]; k++) this.phiTM[a * nf + M.rowIndex[k]] += M.values[k];
    }
    // (x̄̃ᵀ M)[b][c] = Σ_r x̄̃[r][b] M[r][c], x̄̃ the stacked skew matrices
    for (let r = 0; r < nf; r++) {
      const i = r - (r % 3), a = r % 3;
      for (let b = 0; b < 3; b++) {
        const t = skewEntry(x, i, a, b);
        if (t === 0) continue;
        for (let k = M.colPtr[r]; k < M.colPtr[r + 1]; k++) this.rotTM[b * nf + M.rowIndex[k]] += t * M.values[k];
      }
    }
    for (let c = 0; c < nf; c += 3) this.mass += this.phiTM[c];
    for (let a = 0; a < 3; a++) {
      let sum = 0;
      for (let c = 0; c < nf; c++) sum += this.phiTM[a * nf + c] * x[c];
      this.centerOfMass[a] = this.mass === 0 ? 0 : sum / this.mass;
    }
    for (let b = 0; b < 3; b++) {
      for (let d = 0; d < 3; d++) {
        let sum = 0;
        for (let c = 0; c < nf; c++) sum += this.rotTM[b * nf + c] * skewEntry(x, c - (c % 3), c % 3, d);
        this.inertia[3 * b + d] = sum;
      }
    }
  }

  /** Copies the object's coordinates from the state into qLocal, uLocal, θ = θ_ref + q_θ and θ̇. */
  private gather(s: ItemState): void {
    const { qIdx, uIdx, qLocal, uLocal, nc } = this;
    for (let k = 0; k < nc; k++) { qLocal[k] = s.q[qIdx[k]]; uLocal[k] = s.u[uIdx[k]]; }
    const r = this.refNode.referenceCoordinates;
    for (let j = 0; j < 4; j++) { this.theta[j] = r[3 + j] + qLocal[3 + j]; this.thetaDot[j] = uLocal[3 + j]; }
  }

  /** A(θ), G_l(θ), ω̄ = G_l θ̇ and the nodal positions p = x̄ + q_f from the gathered coordinates. */
  private frame(): void {
    const g = this.Gl, td = this.thetaDot, w = this.omega;
    eulerParameters2RotationMatrixInto(this.A, this.theta);
    eulerParameters2GLocalInto(g, this.theta);
    for (let r = 0; r < 3; r++) w[r] = g[4 * r] * td[0] + g[4 * r + 1] * td[1] + g[4 * r + 2] * td[2] + g[4 * r + 3] * td[3];
    const p = this.p, x = this.xRef, q = this.qLocal;
    for (let c = 0; c < this.nf; c++) p[c] = x[c] + q[NR + c];
  }

  /** R = M p̃ (n_f × 3): column b is M times the vector of p_i × e_b. */
  private computeR(): void {
    const M = this.M!, p = this.p, R = this.R, nf = this.nf;
    const { colPtr: rowPtr, rowIndex: col, values: val } = M;
    for (let r = 0; r < nf; r++) {
      let r0 = 0, r1 = 0, r2 = 0;
      for (let k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
        const c = col[k], m = val[k], a = c % 3, i = c - a;
        // row a of p̃_i: a = 0: [0, −p_z, p_y]; a = 1: [p_z, 0, −p_x]; a = 2: [−p_y, p_x, 0]
        if (a === 0) { r1 -= m * p[i + 2]; r2 += m * p[i + 1]; } else if (a === 1) { r0 += m * p[i + 2]; r2 -= m * p[i]; } else { r0 -= m * p[i + 1]; r1 += m * p[i]; }
      }
      R[3 * r] = r0; R[3 * r + 1] = r1; R[3 * r + 2] = r2;
    }
  }

  /**
   * Adds the quadratic velocity part of the left-hand side and the force vector to f (n_c, local) at the gathered
   * coordinates; with linear also K q_f + D q̇_f. Needs frame().
   */
  private lhsKernel(f: Float64Array, linear: boolean): void {
    const nf = this.nf, nn = this.nn, A = this.A, g = this.Gl, w = this.omega, p = this.p, u = this.uLocal;
    if (linear) {
      if (this.K !== undefined) addProduct(this.K, this.qLocal, NR, f, NR);
      if (this.D !== undefined) addProduct(this.D, u, NR, f, NR);
    }
    if (this.force !== undefined) {
      const fv = this.force;
      for (let k = 0; k < NR; k++) f[k] -= fv[k];
      for (let i = 0; i < nn; i++) {
        const c = NR + 3 * i, f0 = fv[c], f1 = fv[c + 1], f2 = fv[c + 2];
        f[c] -= A[0] * f0 + A[3] * f1 + A[6] * f2;
        f[c + 1] -= A[1] * f0 + A[4] * f1 + A[7] * f2;
        f[c + 2] -= A[2] * f0 + A[5] * f1 + A[8] * f2;
      }
    }
    if (!this.v.computeFFRFterms || this.M === undefined) return;
    const w0 = w[0], w1 = w[1], w2 = w[2];
    const sv = this.sv, ev = this.ev, vv = this.vv;
    for (let c = 0; c < nf; c += 3) {
      const px = p[c], py = p[c + 1], pz = p[c + 2];
      const cx = u[NR + c], cy = u[NR + c + 1], cz = u[NR + c + 2];
      // s = p × ω̄, e = ċ × ω̄, v = ω̄ × (ω̄ × p) + 2 ω̄ × ċ = −ω̄ × s − 2 e
      const sx = py * w2 - pz * w1, sy = pz * w0 - px * w2, sz = px * w1 - py * w0;
      const ex = cy * w2 - cz * w1, ey = cz * w0 - cx * w2, ez = cx * w1 - cy * w0;
      sv[c] = sx; sv[c + 1] = sy; sv[c + 2] = sz;
      ev[c] = ex; ev[c + 1] = ey; ev[c + 2] = ez;
      vv[c] = -(w1 * sz - w2 * sy) - 2 * ex;
      vv[c + 1] = -(w2 * sx - w0 * sz) - 2 * ey;
      vv[c + 2] = -(w0 * sy - w1 * sx) - 2 * ez;
    }
    const { colPtr: rowPtr, rowIndex: col, values: val } = this.M;
    const z = this.z, wv = this.w;
    let t10 = 0, t11 = 0, t12 = 0, t20 = 0, t21 = 0, t22 = 0, j0 = 0, j1 = 0, j2 = 0, e0 = 0, e1 = 0, e2 = 0;
    for (let r = 0; r < nf; r++) {
      let zs = 0, ws = 0, ms = 0;
      for (let k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
        const c = col[k], m = val[k];
        zs += m * sv[c]; ws += m * ev[c]; ms += m * vv[c];
      }
      z[r] = zs; wv[r] = ws;
      f[NR + r] += ms;
    }
    for (let c = 0; c < nf; c += 3) {
      const px = p[c], py = p[c + 1], pz = p[c + 2];
      const zx = z[c], zy = z[c + 1], zz = z[c + 2], wx = wv[c], wy = wv[c + 1], wz = wv[c + 2];
      t10 += zx; t11 += zy; t12 += zz;
      t20 += wx; t21 += wy; t22 += wz;
      j0 += zy * pz - zz * py; j1 += zz * px - zx * pz; j2 += zx * py - zy * px;
      e0 += wy * pz - wz * py; e1 += wz * px - wx * pz; e2 += wx * py - wy * px;
    }
    // translation: −A (ω̄ × T1 + 2 T2)
    const a0 = w1 * t12 - w2 * t11 + 2 * t20, a1 = w2 * t10 - w0 * t12 + 2 * t21, a2 = w0 * t11 - w1 * t10 + 2 * t22;
    f[0] -= A[0] * a0 + A[1] * a1 + A[2] * a2;
    f[1] -= A[3] * a0 + A[4] * a1 + A[5] * a2;
    f[2] -= A[6] * a0 + A[7] * a1 + A[8] * a2;
    // rotation: G_lᵀ (ω̄ × Jω̄ + 2E)
    const b0 = w1 * j2 - w2 * j1 + 2 * e0, b1 = w2 * j0 - w0 * j2 + 2 * e1, b2 = w0 * j1 - w1 * j0 + 2 * e2;
    for (let k = 0; k < 4; k++) f[3 + k] += g[k] * b0 + g[4 + k] * b1 + g[8 + k] * b2;
  }

  /** The user force at the gathered coordinates, size-checked. */
  private userForce(s: ItemState, uf: FFRFForceUserFunction): ArrayLike<number> {
    return checkedUserVector(this.label, 'forceUserFunction', uf(s.mbs, s.t, this.label.index, this.qLocal, this.uLocal), this.nc);
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.gather(s);
    this.frame();
    this.lhsKernel(f, true);
    const uf = this.v.forceUserFunction;
    if (uf !== 0) {
      const user = this.userForce(s, uf);
      for (let k = 0; k < this.nc; k++) f[k] -= user[k];
    }
  }

  massMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    this.gather(s);
    const nc = this.nc, nf = this.nf;
    const muf = this.v.massMatrixUserFunction;
    if (muf !== 0) {
      const rows = checkedUserMatrix(this.label, 'massMatrixUserFunction', muf(s.mbs, s.t, this.label.index, this.qLocal, this.uLocal), nc);
      for (let i = 0; i < nc; i++) {
        const row = rows[i];
        for (let j = 0; j < nc; j++) acc.add(i, j, row[j]);
      }
    }
    if (!this.v.computeFFRFterms || this.M === undefined) return;
    this.frame();
    this.computeR();
    const A = this.A, g = this.Gl, R = this.R, p = this.p, phi = this.phiTM, m = this.mass;
    const er = this.entryRows, ec = this.entryCols, ev = this.entryValues;
    let n = 0;
    for (let d = 0; d < 3; d++) { er[n] = d; ec[n] = d; ev[n++] = m; }
    // S = Φ_tᵀ M p̃ = Σ_i R_i, Jp = p̃ᵀ M p̃ = Σ_i p̃_iᵀ R_i
    const S = this.m3, Jp = this.m3b;
    S.fill(0); Jp.fill(0);
    for (let c = 0; c < nf; c += 3) {
      const px = p[c], py = p[c + 1], pz = p[c + 2];
      for (let b = 0; b < 3; b++) {
        const r0 = R[3 * c + b], r1 = R[3 * c + 3 + b], r2 = R[3 * c + 6 + b];
        S[b] += r0; S[3 + b] += r1; S[6 + b] += r2;
        // p̃ᵀ = −p̃: rows of −p̃: [0, p_z, −p_y], [−p_z, 0, p_x], [p_y, −p_x, 0]
        Jp[b] += pz * r1 - py * r2;
        Jp[3 + b] += -pz * r0 + px * r2;
        Jp[6 + b] += py * r0 - px * r1;
      }
    }
    // M_tr = −A S G_l (3 × 4)
    const as = this.v3;
    for (let r = 0; r < 3; r++) {
      for (let b = 0; b < 3; b++) as[b] = A[3 * r] * S[b] + A[3 * r + 1] * S[3 + b] + A[3 * r + 2] * S[6 + b];
      for (let k = 0; k < 4; k++) {
        const value = -(as[0] * g[k] + as[1] * g[4 + k] + as[2] * g[8 + k]);
        er[n] = r; ec[n] = 3 + k; ev[n++] = value;
        er[n] = 3 + k; ec[n] = r; ev[n++] = value;
      }
    }
    // M_rr = G_lᵀ Jp G_l (4 × 4)
    for (let k = 0; k < 4; k++) {
      for (let b = 0; b < 3; b++) as[b] = g[k] * Jp[b] + g[4 + k] * Jp[3 + b] + g[8 + k] * Jp[6 + b];
      for (let l = 0; l < 4; l++) { er[n] = 3 + k; ec[n] = 3 + l; ev[n++] = as[0] * g[l] + as[1] * g[4 + l] + as[2] * g[8 + l]; }
    }
    // M_tf = A Φ_tᵀM (3 × n_f), M_rf = −G_lᵀ Rᵀ (4 × n_f), and their transposes
    for (let c = 0; c < nf; c++) {
      const f0 = phi[c], f1 = phi[nf + c], f2 = phi[2 * nf + c];
      for (let r = 0; r < 3; r++) {
        const value = A[3 * r] * f0 + A[3 * r + 1] * f1 + A[3 * r + 2] * f2;
        er[n] = r; ec[n] = NR + c; ev[n++] = value;
        er[n] = NR + c; ec[n] = r; ev[n++] = value;
      }
      const r0 = R[3 * c], r1 = R[3 * c + 1], r2 = R[3 * c + 2];
      for (let k = 0; k < 4; k++) {
        const value = -(g[k] * r0 + g[4 + k] * r1 + g[8 + k] * r2);
        er[n] = 3 + k; ec[n] = NR + c; ev[n++] = value;
        er[n] = NR + c; ec[n] = 3 + k; ev[n++] = value;
      }
    }
    acc.addEntries(er, ec, ev, n, 1);
    addRowEntries(this.M, this.mPattern!, acc, 1);
  }

  /**
   * factor·∂LHS/∂q: K; the flexible block M (I ⊗ ω̄̃²) of the centrifugal term; the analytic rigid rows over the
   * flexible columns (∂LHS_t/∂p_j = A ω̄̃ (Φ_tᵀM)_j ω̄̃, ∂LHS_θ/∂p_j = G_lᵀ[ω̄̃ (z̃_j − R_jᵀ ω̄̃) + 2 w̃_j]); the four
   * Euler-parameter columns by central differences of the kernel (the LHS is a polynomial of low degree in θ).
   * The user force is differentiated by forward differences (n_c user-function calls).
   */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    this.frame();
    if (this.K !== undefined) addRowEntries(this.K, this.kPattern!, acc, factor);
    const count = this.addRigidColumns(factor, false, this.addVelocityTermJacobian(factor, false));
    acc.addEntries(this.entryRows, this.entryCols, this.entryValues, count, 1);
    this.addUserForceJacobian(s, acc, factor, false);
  }

  /** factor·∂LHS/∂u: D; 2 M (I ⊗ ω̄̃); the analytic rigid rows over q̇_f; the Euler-parameter rate columns numerically. */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    this.frame();
    if (this.D !== undefined) addRowEntries(this.D, this.dPattern!, acc, factor);
    const count = this.addRigidColumns(factor, true, this.addVelocityTermJacobian(factor, true));
    acc.addEntries(this.entryRows, this.entryCols, this.entryValues, count, 1);
    this.addUserForceJacobian(s, acc, factor, true);
  }

  /**
   * Flexible block and rigid rows over the flexible columns of the quadratic velocity terms (needs frame()), written to
   * the entry list from 0; returns the number of entries.
   */
  private addVelocityTermJacobian(factor: number, velocity: boolean): number {
    if (!this.v.computeFFRFterms || this.M === undefined) return 0;
    const er = this.entryRows, ec = this.entryCols, ev = this.entryValues;
    let n = 0;
    const nf = this.nf, w = this.omega, A = this.A, g = this.Gl, phi = this.phiTM;
    const w0 = w[0], w1 = w[1], w2 = w[2];
    // X = ω̄̃² (position) or 2 ω̄̃ (velocity)
    const X = this.m3;
    if (velocity) {
      X[0] = 0; X[1] = -2 * w2; X[2] = 2 * w1; X[3] = 2 * w2; X[4] = 0; X[5] = -2 * w0; X[6] = -2 * w1; X[7] = 2 * w0; X[8] = 0;
    } else {
      X[0] = -(w1 * w1 + w2 * w2); X[1] = w0 * w1; X[2] = w0 * w2;
      X[3] = w0 * w1; X[4] = -(w0 * w0 + w2 * w2); X[5] = w1 * w2;
      X[6] = w0 * w2; X[7] = w1 * w2; X[8] = -(w0 * w0 + w1 * w1);
    }
    const { colPtr: rowPtr, rowIndex: col, values: val } = this.M;
    for (let r = 0; r < nf; r++) {
      for (let k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
        const c = col[k], b = c % 3, j = c - b, m = factor * val[k];
        er[n] = NR + r; ec[n] = NR + j; ev[n++] = m * X[3 * b];
        er[n] = NR + r; ec[n] = NR + j + 1; ev[n++] = m * X[3 * b + 1];
        er[n] = NR + r; ec[n] = NR + j + 2; ev[n++] = m * X[3 * b + 2];
      }
    }
    // rigid rows: needs z, w (from the kernel) and R
    this.lhsKernel(this.fPlus.fill(0), false);
    this.computeR();
    const z = this.z, wv = this.w, R = this.R;
    const B = this.m3b, T = this.v3, W = this.skewOmega, Z = this.skewZ, WV = this.skewW;
    skewInto(W, w);
    for (let j = 0; j < nf; j += 3) {
      // P = (Φ_tᵀM)_j, 3 × 3: P[a][b] = phi[a][j + b]
      // translation rows: position A ω̄̃ P ω̄̃, velocity 2 A P ω̄̃
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) {
          // (P ω̄̃)[a][b] = Σ_d P[a][d] ω̃[d][b]
          B[3 * a + b] = phi[a * nf + j] * W[b] + phi[a * nf + j + 1] * W[3 + b] + phi[a * nf + j + 2] * W[6 + b];
        }
      }
      for (let b = 0; b < 3; b++) {
        if (velocity) {
          T[0] = 2 * B[b]; T[1] = 2 * B[3 + b]; T[2] = 2 * B[6 + b];
        } else {
          // ω̄ × column b of P ω̄̃
          const c0 = B[b], c1 = B[3 + b], c2 = B[6 + b];
          T[0] = w1 * c2 - w2 * c1; T[1] = w2 * c0 - w0 * c2; T[2] = w0 * c1 - w1 * c0;
        }
        for (let r = 0; r < 3; r++) { er[n] = r; ec[n] = NR + j + b; ev[n++] = factor * (A[3 * r] * T[0] + A[3 * r + 1] * T[1] + A[3 * r + 2] * T[2]); }
      }
      // rotation rows: position G_lᵀ[ω̄̃ (z̃_j − R_jᵀ ω̄̃) + 2 w̃_j], velocity −2 G_lᵀ R_jᵀ ω̄̃
      // B = R_jᵀ ω̄̃: B[a][b] = Σ_d R[(j + d)][a] ω̃[d][b]
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) {
          B[3 * a + b] = R[3 * j + a] * W[b] + R[3 * (j + 1) + a] * W[3 + b] + R[3 * (j + 2) + a] * W[6 + b];
        }
      }
      if (!velocity) { skewInto(Z, z, j); skewInto(WV, wv, j); }
      for (let b = 0; b < 3; b++) {
        if (velocity) {
          T[0] = -2 * B[b]; T[1] = -2 * B[3 + b]; T[2] = -2 * B[6 + b];
        } else {
          const c0 = Z[b] - B[b], c1 = Z[3 + b] - B[3 + b], c2 = Z[6 + b] - B[6 + b];
          T[0] = w1 * c2 - w2 * c1 + 2 * WV[b];
          T[1] = w2 * c0 - w0 * c2 + 2 * WV[3 + b];
          T[2] = w0 * c1 - w1 * c0 + 2 * WV[6 + b];
        }
        for (let k = 0; k < 4; k++) { er[n] = 3 + k; ec[n] = NR + j + b; ev[n++] = factor * (g[k] * T[0] + g[4 + k] * T[1] + g[8 + k] * T[2]); }
      }
    }
    return n;
  }

  /**
   * All rows over the Euler-parameter columns (θ or θ̇) by central differences of the kernel (without K, D), written to
   * the entry list from index start; returns the new number of entries.
   */
  private addRigidColumns(factor: number, velocity: boolean, start: number): number {
    if (this.force === undefined && (!this.v.computeFFRFterms || this.M === undefined)) return start;
    const er = this.entryRows, ec = this.entryCols, ev = this.entryValues;
    let n = start;
    const x = velocity ? this.thetaDot : this.theta;
    const fp = this.fPlus, fm = this.fMinus, nc = this.nc;
    for (let k = 0; k < 4; k++) {
      const saved = x[k];
      const h = 1e-6 * Math.max(1, Math.abs(saved));
      x[k] = saved + h; this.frame(); fp.fill(0); this.lhsKernel(fp, false);
      x[k] = saved - h; this.frame(); fm.fill(0); this.lhsKernel(fm, false);
      x[k] = saved;
      const scale = factor / (2 * h);
      for (let r = 0; r < nc; r++) { er[n] = r; ec[n] = 3 + k; ev[n++] = scale * (fp[r] - fm[r]); }
    }
    this.frame();
    return n;
  }

  /** factor·∂(−f_user)/∂q (or ∂/∂u) by forward differences, eps = 1e-7·max(1e-2, |x|) (Exudyn's default); dense. */
  private addUserForceJacobian(s: ItemState, acc: LocalMatrixAccumulator, factor: number, velocity: boolean): void {
    const uf = this.v.forceUserFunction;
    if (uf === 0) return;
    const nc = this.nc, base = this.userBase;
    base.set(this.userForce(s, uf));
    const x = velocity ? this.uLocal : this.qLocal;
    for (let j = 0; j < nc; j++) {
      const saved = x[j];
      const eps = 1e-7 * Math.max(1e-2, Math.abs(saved));
      x[j] = saved + eps;
      const perturbed = this.userForce(s, uf);
      x[j] = saved;
      const scale = -factor / eps;
      for (let i = 0; i < nc; i++) acc.add(i, j, scale * (perturbed[i] - base[i]));
    }
  }

  /** g ({@link writeEquations}) and, when c is given, C_q ({@link writeJacobian}). */
  ae(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void {
    this.writeEquations(s, g, useIndex2);
    if (c !== undefined) this.writeJacobian(s, c);
  }

  /** Tisserand frame: g = [Φ_tᵀM; x̄̃ᵀM] q_f (index 3) or the same rows times q̇_f (index 2). */
  private writeEquations(s: ItemState, g: Float64Array, useIndex2: boolean): void {
    const nf = this.nf, x = useIndex2 ? s.u : s.q, idx = useIndex2 ? this.uIdx : this.qIdx;
    for (let r = 0; r < 6; r++) {
      const row = r < 3 ? this.phiTM : this.rotTM, o = (r % 3) * nf;
      let sum = 0;
      for (let c = 0; c < nf; c++) sum += row[o + c] * x[idx[NR + c]];
      g[r] = sum;
    }
  }

  /** Constant rows [0 | Φ_tᵀM] and [0 | x̄̃ᵀM], 6 × n_c. */
  private writeJacobian(_s: ItemState, c: Float64Array): void {
    const nf = this.nf, nc = this.nc;
    for (let r = 0; r < 6; r++) {
      const row = r < 3 ? this.phiTM : this.rotTM, o = (r % 3) * nf;
      for (let k = 0; k < NR; k++) c[r * nc + k] = 0;
      for (let k = 0; k < nf; k++) c[r * nc + NR + k] = row[o + k];
    }
  }

  /** KineticEnergy ½ q̇ᵀ M(q) q̇ and PotentialEnergy ½ q_fᵀ K q_f − fᵀ q (raises with a forceUserFunction). */
  private energy(variable: OutputVariableType, s: ItemState): number | undefined {
    if (variable === OutputVariableType.KineticEnergy) {
      const nc = this.nc, dense = new Float64Array(nc * nc);
      this.massMatrix(s, new DenseLocalMatrix(dense, nc));
      let t = 0;
      for (let i = 0; i < nc; i++) {
        let row = 0;
        for (let j = 0; j < nc; j++) row += dense[i * nc + j] * this.uLocal[j];
        t += this.uLocal[i] * row;
      }
      return 0.5 * t;
    }
    if (variable === OutputVariableType.PotentialEnergy) {
      if (this.v.forceUserFunction !== 0) itemError(this.label, 'forceUserFunction', 'must be 0 for the PotentialEnergy output (a user force has no potential), got a function');
      this.gather(s);
      let v = 0;
      if (this.K !== undefined) {
        const kq = new Float64Array(this.nc);
        addProduct(this.K, this.qLocal, NR, kq, NR);
        for (let c = NR; c < this.nc; c++) v += 0.5 * this.qLocal[c] * kq[c];
      }
      if (this.force !== undefined) for (let c = 0; c < this.nc; c++) v -= this.force[c] * this.qLocal[c];
      return v;
    }
    return undefined;
  }

  /** Writes the body-fixed position p̄ of mesh node i in configuration s (x̄ + ū) into out. */
  private localPosition(s: ItemState, i: number, out: Float64Array): void {
    const k = this.meshNodes[i].qIndex;
    out[0] = this.xRef[3 * i] + s.q[k]; out[1] = this.xRef[3 * i + 1] + s.q[k + 1]; out[2] = this.xRef[3 * i + 2] + s.q[k + 2];
  }

  private meshNodeOutput(variable: OutputVariableType, s: ItemState, i: number, out: Float64Array): number {
    const node = this.refNode, uIndex = this.meshNodes[i].uIndex;
    const A = new Float64Array(9), pl = new Float64Array(3), t = new Float64Array(3), r = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position:
      case OutputVariableType.Displacement: {
        node.orientation(s, A);
        this.localPosition(s, i, pl);
        mat3MulVecInto(out, A, pl);
        node.position(s, t);
        for (let k = 0; k < 3; k++) out[k] += t[k];
        if (variable === OutputVariableType.Displacement) {
          const ref = node.referenceCoordinates;
          eulerParameters2RotationMatrixInto(this.aRef, ref, 3);
          mat3MulVecInto(t, this.aRef, this.xRef.subarray(3 * i, 3 * i + 3));
          for (let k = 0; k < 3; k++) out[k] -= ref[k] + t[k];
        }
        return 3;
      }
      case OutputVariableType.Velocity: {
        node.orientation(s, A);
        node.angularVelocityLocal(s, t);
        this.localPosition(s, i, pl);
        cross3Into(r, t, pl);
        for (let k = 0; k < 3; k++) r[k] += s.u[uIndex + k];
        mat3MulVecInto(out, A, r);
        node.velocity(s, t);
        for (let k = 0; k < 3; k++) out[k] += t[k];
        return 3;
      }
      case OutputVariableType.Acceleration: {
        // p̈_r + A ā + 2 ω × (A v̄) + α × (A p̄) + ω × (ω × (A p̄))
        node.orientation(s, A);
        const omega = new Float64Array(3), alpha = new Float64Array(3), xg = new Float64Array(3), vg = new Float64Array(3);
        node.angularVelocity(s, omega);
        node.angularAcceleration(s, alpha);
        this.localPosition(s, i, pl);
        mat3MulVecInto(xg, A, pl);
        mat3MulVecInto(vg, A, s.u.subarray(uIndex, uIndex + 3));
        mat3MulVecInto(out, A, s.a.subarray(uIndex, uIndex + 3));
        node.acceleration(s, t);
        for (let k = 0; k < 3; k++) out[k] += t[k];
        cross3Into(t, omega, vg);
        for (let k = 0; k < 3; k++) out[k] += 2 * t[k];
        cross3Into(t, alpha, xg);
        for (let k = 0; k < 3; k++) out[k] += t[k];
        cross3Into(r, omega, xg);
        cross3Into(t, omega, r);
        for (let k = 0; k < 3; k++) out[k] += t[k];
        return 3;
      }
      case OutputVariableType.DisplacementLocal: {
        const k = this.meshNodes[i].qIndex;
        out[0] = s.q[k]; out[1] = s.q[k + 1]; out[2] = s.q[k + 2];
        return 3;
      }
      case OutputVariableType.VelocityLocal:
        out[0] = s.u[uIndex]; out[1] = s.u[uIndex + 1]; out[2] = s.u[uIndex + 2];
        return 3;
      default:
        return 0;
    }
  }

  /** y = Σ_j C_j ū⁽ᵏʲ⁾ over the point nodes of the mesh nodes (a repeated mesh node gets its coefficients summed). */

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const nc = this.nc;
    const out = new Float64Array(nc);
    switch (variable) {
      case OutputVariableType.Coordinates: for (let k = 0; k < nc; k++) out[k] = s.q[this.qIdx[k]]; return out;
      case OutputVariableType.Coordinates_t: for (let k = 0; k < nc; k++) out[k] = s.u[this.uIdx[k]]; return out;
      case OutputVariableType.Coordinates_tt: for (let k = 0; k < nc; k++) out[k] = s.a[this.uIdx[k]]; return out;
      case OutputVariableType.Force: this.ode2Lhs(s, out); return out;
      case OutputVariableType.KineticEnergy: case OutputVariableType.PotentialEnergy: return [this.energy(variable, s)!];
      default: return this.body.outputBody(variable, s, bodyOrigin);
    }
  }
}

/** f[fOffset + r] += (A x[xOffset..])_r. */
function addProduct(a: CscMatrix, x: Float64Array, xOffset: number, f: Float64Array, fOffset: number): void {
  const { n, colPtr: rowPtr, rowIndex: col, values: val } = a;
  for (let r = 0; r < n; r++) {
    let sum = 0;
    for (let k = rowPtr[r]; k < rowPtr[r + 1]; k++) sum += val[k] * x[xOffset + col[k]];
    f[fOffset + r] += sum;
  }
}

/** Local rows and columns of the stored entries of a flexible-block matrix. */
interface LocalPattern {
  readonly rows: Int32Array;
  readonly cols: Int32Array;
}

/** The local positions (NR + r, NR + c) of the stored entries of a, in storage order. */
function localPattern(a: CscMatrix): LocalPattern {
  const { n, colPtr: rowPtr, rowIndex: col } = a;
  const nnz = rowPtr[n];
  const rows = new Int32Array(nnz), cols = new Int32Array(nnz);
  for (let r = 0; r < n; r++) for (let k = rowPtr[r]; k < rowPtr[r + 1]; k++) { rows[k] = NR + r; cols[k] = NR + col[k]; }
  return { rows, cols };
}

/** Adds factor·A into the flexible block (row by row, the stored entries in order). */
function addRowEntries(a: CscMatrix, pattern: LocalPattern, acc: LocalMatrixAccumulator, factor: number): void {
  acc.addEntries(pattern.rows, pattern.cols, a.values, a.colPtr[a.n], factor);
}

/** A flexible body in the floating frame of reference formulation on a finite element mesh (Exudyn's ObjectFFRF, seed 004). */
export const objectFFRFDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'FFRF',
  description:
    'A flexible body in the floating frame of reference formulation (seed 004): node 0 is the reference frame (NodeRigidBodyEP: '
    + 'position q_t and Euler parameters θ), nodes 1 … n_nf are the mesh nodes (NodePoint) whose coordinates are body-fixed flexible '
    + 'displacements q_f; the body-fixed nodal positions are p = x̄ + q_f with x̄ the Point nodes\' reference coordinates, the global '
    + 'positions p_r + A p. Mass, stiffness and damping matrices of the flexible coordinates are given in the body frame (dense rows, '
    + 'CSC or triplets; stored sparse; M and K must be symmetric). The Euler-parameter constraint comes from the RigidBodyEP node '
    + '(its addConstraintEquation). Mass m, centre of mass χ and inertia J about the frame origin are computed from M and x̄ at '
    + 'assemble (Exudyn\'s auto-computed mass, centerOfMass, inertia; they are not parameters). Body markers (MarkerBodyPosition, '
    + 'MarkerBodyRigid) act on the reference frame only; MarkerBodyMass applies mass-proportional loads with m at χ through the '
    + 'reference-frame coordinates only; MarkerSuperElementPosition / MarkerSuperElementRigid act on the mesh nodes. '
    + 'With tisserandFrameConstraints the object adds the 6 Tisserand-frame constraints (Exudyn applies them with an '
    + 'ObjectConnectorCoordinateVector). Matrices are block-sparse: sparse M, K, D and 7-wide dense reference-frame rows and columns; '
    + 'Jacobian: K, D and the quadratic velocity terms analytic over the flexible coordinates, the Euler-parameter columns by central '
    + 'differences; a forceUserFunction is differentiated by forward differences.',
  parameters,
  outputVariables: [
    OutputVariableType.Coordinates, OutputVariableType.Coordinates_t, OutputVariableType.Coordinates_tt, OutputVariableType.Force,
    OutputVariableType.KineticEnergy, OutputVariableType.PotentialEnergy, ...referenceFrameBodyOutputs,
  ],
  equations: '(M_user + [[M_tt, M_tr, M_tf], [·, M_rr, M_rf], [sym., ·, M]]) q̈ + [0; 0; D q̇_f] + [0; 0; K q_f] = f_v + [f_r; A_bdᵀ f_f] + f_user, '
    + 'M_tt = m I, M_tr = −A Φ_tᵀM p̃ G_l, M_tf = A Φ_tᵀM, M_rr = G_lᵀ p̃ᵀM p̃ G_l, M_rf = −G_lᵀ p̃ᵀM; '
    + 'f_v = [A(ω̄̃ Φ_tᵀM p̃ ω̄ + 2 Φ_tᵀM q̃̇_f ω̄); −G_lᵀ(ω̄̃ p̃ᵀM p̃ ω̄ + 2 p̃ᵀM q̃̇_f ω̄); −M(ω̄̃_bd² p + 2 ω̄̃_bd q̇_f)] (Exudyn\'s form; equal to seed 004\'s for M = m ⊗ I₃). '
    + 'With computeFFRFterms = false the FFRF mass terms and f_v are zero; K, D and f stay. Tisserand constraints: Φ_tᵀ M q_f = 0, x̄̃ᵀ M q_f = 0. '
    + 'KineticEnergy ½ q̇ᵀ M q̇, PotentialEnergy ½ q_fᵀ K q_f − fᵀ q.',
  validate: (v, label) => {
    for (const name of matrixNames) {
      const [r, c] = containerShape(v[name]);
      if (r !== c) itemError(label, name, `must be square (n_f × n_f) or empty, got ${r} x ${c}`);
    }
  },
  example: (mbs) => {
    // a floating triangle of three mesh nodes (lumped masses, a truss of three springs as stiffness) on a spinning reference frame
    const x = [[0, 0, 0], [1, 0, 0], [0.2, 0.8, 0.1]];
    const nodes = [mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0.1, 0, 0.2, 1, 0, 0, 0], initialVelocities: [0.1, 0, 0, 0, 0.2, 0.3, 0.4] })];
    for (const p of x) nodes.push(mbs.addNode({ nodeType: 'Point', referenceCoordinates: p }));
    const stiffness = Array.from({ length: 9 }, () => new Array<number>(9).fill(0));
    for (const [i, j] of [[0, 1], [1, 2], [2, 0]]) {
      const d = [0, 1, 2].map((k) => x[j][k] - x[i][k]), length = Math.hypot(...d);
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) {
        const kab = (200 * d[a] * d[b]) / length ** 3;
        stiffness[3 * i + a][3 * i + b] += kab; stiffness[3 * j + a][3 * j + b] += kab;
        stiffness[3 * i + a][3 * j + b] -= kab; stiffness[3 * j + a][3 * i + b] -= kab;
      }
    }
    const mass = Array.from({ length: 9 }, (_, i) => Array.from({ length: 9 }, (_, j) => (i === j ? 0.4 : 0)));
    const damping = stiffness.map((row) => row.map((v) => 0.01 * v));
    const body = mbs.addObject({ objectType: 'FFRF', nodeNumbers: nodes, massMatrixFF: mass, stiffnessMatrixFF: stiffness, dampingMatrixFF: damping, tisserandFrameConstraints: true });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.3, 0.2, 0] }), loadVector: [0.5, 0, -1], bodyFixed: true });
    return body;
  },
  create: (v, label) => new FFRFModel(label, v),
};

/** Factory for a full FFRF body (Exudyn's ObjectFFRF). */
export const ObjectFFRF = makeFactory(objectFFRFDefinition);
