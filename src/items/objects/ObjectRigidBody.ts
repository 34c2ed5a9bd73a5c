import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, LocalMatrixAccumulator, NodeModel, Only, ObjectModel, BodyModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { nodeIndex, ureal, vector } from '../../registry/parameters.ts';
import { eulerParameters2GLocalInto, rotationMatrix2RotXYZInto } from '../../rotations/rotationMatrices.ts';
import { rigidBodyInertiaDefect } from '../../rotations/rigidBodyInertia.ts';
import { mat3MulVecInto } from '../../rotations/skew.ts';
import { RigidNodeModel } from '../nodes/rigidNodeBase.ts';
import { RigidBodyBase, rigidBodyOutputs } from './rigidBodyBase.ts';
import { sameBits, zeroArray } from '../../linalg/arrays.ts';
import {
  rigidBodyConstantEntries, rigidBodyJacobianAddress, rigidBodyKernels, rigidBodyMassAddress, rigidBodyRowsAddress,
  type RigidBodyKernels,
} from './rigidBodyKernels.ts';
import { taitBryanJacobianAddress, taitBryanKernels, type TaitBryanKernels } from './rigidBodyTaitBryanKernels.ts';

const parameters = {
  physicsMass: ureal(0, 'Mass m [kg] of the body.'),
  physicsInertia: vector([0, 0, 0, 0, 0, 0], 'Inertia [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] [kg m²] in the body frame, with respect to the body reference point (the node), not necessarily the COM.', 6, 'Vector6D'),
  physicsCenterOfMass: vector([0, 0, 0], 'Local position χ of the center of mass relative to the reference point; [0, 0, 0] skips all COM terms.', 3, 'Vector3D'),
  nodeNumber: nodeIndex('3D rigid-body node (RigidBodyEP, RigidBodyRxyz, RigidBodyRotVecLG or RigidBodyQuaternion).'),
};

/** The 3×3 inertia tensor (row-major) of [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy]. */
function inertiaTensor(j6: ArrayLike<number>): Float64Array {
  return Float64Array.of(j6[0], j6[5], j6[4], j6[5], j6[1], j6[3], j6[4], j6[3], j6[2]);
}

/** Throws unless mass, inertia about the reference point and center of mass can belong to a rigid body (see rigidBodyInertiaDefect). */
function checkInertia(label: ItemLabel, mass: number, j6: ArrayLike<number>, centerOfMass: ArrayLike<number>): void {
  const defect = rigidBodyInertiaDefect(mass, inertiaTensor(j6), centerOfMass);
  if (defect !== undefined) {
    itemError(label, 'physicsInertia', `must be the inertia of a mass distribution about the reference point: ${defect}; got [${Array.from(j6).join(', ')}] with physicsMass = ${mass}, physicsCenterOfMass = [${Array.from(centerOfMass).join(', ')}]`);
  }
}

/**
 * ∂G_l/∂p_k of Euler parameters, k = 0…3 (3 × 4 row-major each): G_l is linear in p, so these are G_l of the unit vectors,
 * formed once (the gyroscopic Jacobian reads them in each evaluation).
 */
const eulerParameterGLocalDerivatives = [0, 1, 2, 3].map((k) => {
  const unit = new Float64Array(4);
  unit[k] = 1;
  return eulerParameters2GLocalInto(new Float64Array(12), unit);
});

/**
 * Run-time model of a 3D rigid body on a rigid node with n_rot rotation coordinates:
 * M = [[m I, −m A χ̃ G_l], [·ᵀ, G_lᵀ J G_l]], quadratic velocity terms on the left-hand side.
 * The left-hand side Jacobians are numerical, as in Exudyn.
 */
class RigidBodyModel extends RigidBodyBase<RigidNodeModel> implements Only<ObjectModel & BodyModel, RigidBodyModel> {
  readonly ode2LhsDependsOnVelocity = true;
  hasConstantMassMatrix = false;
  private readonly inertia: Float64Array;
  private readonly com: Float64Array;
  /** −m χ, the vector U of the COM terms. */
  private readonly massCom: Float64Array;
  private readonly hasCom: boolean;
  /** With a COM offset the mass-proportional force turns with the body (Q_θ = Gᵀ((Aχ) × m b)). */
  readonly massProportionalForceDependsOnCoordinates: boolean;
  private nRot = 0;
  private gl = new Float64Array(0);
  /** Work array: G_lᵀJ (n_rot × 3). */
  private jg = new Float64Array(0);
  private coupling = new Float64Array(0);
  private readonly omega = new Float64Array(3);
  private readonly jOmega = new Float64Array(3);
  private readonly gyro = new Float64Array(3);
  private readonly gDotRates = new Float64Array(3);
  private readonly jgDot = new Float64Array(3);
  private readonly translation = new Float64Array(3);
  /** The closed form of the gyroscopic Jacobian (set at bind): Euler parameters or Tait–Bryan angles without COM; none: numerical. */
  private gyroscopicForm: 'EP' | 'Rxyz' | undefined;
  /**
   * The quadratic velocity terms (quadraticVelocityLhs); absent (set at bind) where they vanish identically: an isotropic
   * inertia J = jI without COM offset on a node without the Ġ_lθ̇ term, where ω̄ × Jω̄ = j ω̄ × ω̄ = 0 (evaluated, it was
   * round-off, and its numerical Jacobian differences of round-off).
   */
  ode2Lhs?: (s: ItemState, f: Float64Array) => void;
  /**
   * out[ltg[r]] += (M a)_r with a read at a[ltg[c]], without the local matrix: the nonzero entries of massMatrix, formed
   * with the same operations, times a, summed per row over the columns in local order (the operations of the product
   * with the local matrix; its zero entries add nothing). The same values as through massMatrix to the last bit. Set at
   * bind, a field and not a dispatching method (no optimizing job is spent on a method that only chooses): the
   * Euler-parameter kernels (eulerParameterMassProduct, eulerParameterComMassProduct) or the general form.
   */
  massMatrixProduct: (s: ItemState, a: Float64Array, ltg: Int32Array, out: Float64Array) => void = this.generalMassMatrixProduct;
  /** True on NodeRigidBodyEP (set at bind): ω̄ comes from the node (see bodyGyroscopicForce). */
  private eulerParameterNode = false;
  /**
   * Adds factor·∂(ode2Lhs)/∂q, ∂(ode2Lhs)/∂u: defined (at bind) for bodies without COM offset on NodeRigidBodyEP (not
   * isotropic) and NodeRigidBodyRxyz; otherwise absent, and the model differentiates ode2Lhs numerically.
   */
  ode2Lhs_q?: (s: ItemState, target: LocalMatrixAccumulator, factor: number) => void;
  ode2Lhs_u?: (s: ItemState, target: LocalMatrixAccumulator, factor: number) => void;
  /**
   * Both, the bits ode2Lhs_q and then ode2Lhs_u add, in one kernel per closed form (eulerParameterGyroscopicJacobian_qu,
   * taitBryanGyroscopicJacobian_qu): every body that has it takes its kernel, none the general path as well.
   */
  ode2Lhs_qu?: (s: ItemState, target: LocalMatrixAccumulator, factorQ: number, factorU: number) => void;
  /** Work arrays of the gyroscopic Jacobian: ∂G_l/∂θ_k (3 × n_rot), ∂(Ġ_lθ̇) columns, S, h, the block and a unit vector. */
  private readonly gDerivative = new Float64Array(12);
  private readonly dotDerivative = new Float64Array(12);
  private readonly gyroStiffness = new Float64Array(9);
  private readonly gyroForce = new Float64Array(3);
  /** A gyroscopic Jacobian block (general path: entries 0 … n_rot²−1); the Tait–Bryan closed form puts the ∂/∂u block after the ∂/∂q one (at 9). */
  private readonly gyroBlock = new Float64Array(32);
  /** d and e of the gyroscopic Jacobian's column (addGyroColumn). */
  private readonly gyroColumnD = new Float64Array(3);
  private readonly gyroColumnE = new Float64Array(3);
  private readonly angleWork = new Float64Array(7);
  /**
   * On Euler parameters (set at bind): the rigid-body kernels and this body's constants for them (J, per row r of J
   * J_r0·0 + J_r1·0 + J_r2·0, the node's reference Euler parameters, m, −mχ; see rigidBodyKernelsSource.ts).
   */
  private kernels!: RigidBodyKernels;
  /** On Tait–Bryan angles without COM offset (set at bind): the kernel of the gyroscopic Jacobian. */
  private taitBryanKernels!: TaitBryanKernels;
  private kernelConstants = new Float64Array(0);
  private kernelSlot = 0;
  /** Work arrays of the load-Jacobian kernel: moment m, lever A x, Gᵀ(Ax), Gᵀf and G. */
  private readonly loadMoment = new Float64Array(3);
  private readonly loadLever = new Float64Array(3);
  private loadGLever = new Float64Array(0);
  private loadGForce = new Float64Array(0);
  private loadG = new Float64Array(0);
  /** The last load Jacobian block k of an Euler-parameter body and its entries 24…48 (rows 3…6 from column 3 on) as a view, made once per block. */
  private loadBlock: Float64Array = new Float64Array(0);
  private loadBlockRows: Float64Array = new Float64Array(0);
  /**
   * The COM coupling A·skew(−m χ)·G_l (couplingMatrix of massCom, 3 × n_rot) kept for the node's rotation coordinates in
   * comCouplingKey (on NodeRigidBodyEP and NodeRigidBodyRxyz, whose A and G_l are functions of them): the mass product
   * and the mass-proportional load of one residual form it once. comCouplingKeyed false: formed in every call.
   */
  private comCoupling = new Float64Array(0);
  /**
   * The mass matrix of a body on Tait–Bryan angles without COM offset (6 × 6), filled by taitBryanMassMatrix: m I₃'s
   * entries 0 + m set at bind, the rotation block per call, the other entries the zeros of its allocation.
   */
  private closedFormMass = new Float64Array(0);
  private readonly comCouplingKey = new Float64Array(4);
  private comCouplingKeyed = false;
  private comCouplingValid = false;

  constructor(label: ItemLabel, nodeNumber: number, private readonly mass: number, inertia6: ArrayLike<number>, com: ArrayLike<number>) {
    super(label, nodeNumber);
    this.inertia = inertiaTensor(inertia6);
    this.com = Float64Array.from(com);
    this.hasCom = !(com[0] === 0 && com[1] === 0 && com[2] === 0);
    this.massProportionalForceDependsOnCoordinates = this.hasCom;
    this.massCom = Float64Array.of(-mass * com[0], -mass * com[1], -mass * com[2]);
  }

  protected resolveNode(node: NodeModel): RigidNodeModel {
    if (!(node instanceof RigidNodeModel)) {
      itemError(this.label, 'nodeNumber', `must refer to a 3D rigid-body node (RigidBodyEP, RigidBodyRxyz, RigidBodyRotVecLG, RigidBodyQuaternion), got ${node.label.category}${node.label.typeName} #${node.label.index}`);
    }
    return node;
  }

  protected allocate(): void {
    this.nRot = this.node.nRotation;
    this.gl = new Float64Array(3 * this.nRot);
    this.jg = new Float64Array(3 * this.nRot);
    this.coupling = new Float64Array(3 * this.nRot);
    this.comCoupling = new Float64Array(3 * this.nRot);
    this.loadGLever = new Float64Array(this.nRot);
    this.loadGForce = new Float64Array(this.nRot);
    this.loadG = new Float64Array(3 * this.nRot);
    this.hasConstantMassMatrix = this.node.localAngularVelocityCoordinates && !this.hasCom;
    const type = this.node.label.typeName;
    this.eulerParameterNode = type === 'RigidBodyEP';
    this.comCouplingKeyed = this.hasCom && (type === 'RigidBodyEP' || type === 'RigidBodyRxyz');
    this.comCouplingValid = false;
    const J = this.inertia;
    const isotropic = J[0] === J[4] && J[0] === J[8] && J[1] === 0 && J[2] === 0 && J[3] === 0 && J[5] === 0 && J[6] === 0 && J[7] === 0;
    // isotropic on Euler parameters: no ode2Lhs (below), so no Jacobian either
    this.gyroscopicForm = this.hasCom ? undefined : type === 'RigidBodyEP' ? (isotropic ? undefined : 'EP') : type === 'RigidBodyRxyz' ? 'Rxyz' : undefined;
    this.ode2Lhs = isotropic && !this.hasCom && !this.node.hasGLocalDotTerm ? undefined
      : this.eulerParameterNode ? (this.hasCom ? this.eulerParameterComQuadraticVelocityLhs : this.eulerParameterGyroscopicLhs)
        : this.gyroscopicForm === 'Rxyz' ? this.taitBryanGyroscopicLhs : this.quadraticVelocityLhs;
    this.ode2Lhs_q = this.gyroscopicForm === undefined ? undefined : this.gyroscopicJacobian_q;
    this.ode2Lhs_u = this.gyroscopicForm === undefined ? undefined : this.gyroscopicJacobian_u;
    this.ode2Lhs_qu = this.gyroscopicForm === undefined ? undefined
      : this.gyroscopicForm === 'EP' ? this.eulerParameterGyroscopicJacobian_qu : this.taitBryanGyroscopicJacobian_qu;
    this.massMatrixProduct = !this.eulerParameterNode ? this.generalMassMatrixProduct
      : this.hasCom ? this.eulerParameterComMassProduct : this.eulerParameterMassProduct;
    if (this.gyroscopicForm === 'Rxyz') {
      const n = this.nLocalU, m = this.closedFormMass = new Float64Array(n * n);
      m[0] = 0 + this.mass; m[n + 1] = 0 + this.mass; m[2 * n + 2] = 0 + this.mass;
      this.taitBryanKernels = taitBryanKernels();
    }
    if (this.eulerParameterNode) {
      // a new array: a slot that holds the constants of a former binding is copied again
      const c = this.kernelConstants = new Float64Array(rigidBodyConstantEntries), ref = this.node.referenceCoordinates;
      c.set(J);
      // J_r0·0 + J_r1·0 + J_r2·0 of the gyroscopic columns' J e terms (e = 0 on Euler parameters)
      for (let r = 0; r < 3; r++) c[9 + r] = J[3 * r] * 0 + J[3 * r + 1] * 0 + J[3 * r + 2] * 0;
      c.set(ref.subarray(3, 7), 12);
      c[16] = this.mass;
      c.set(this.massCom, 17);
      c.set(ref.subarray(0, 3), 20);
      this.kernels = rigidBodyKernels();
      this.kernelSlot = this.kernels.slot();
      // the constants into the slot now: the evaluations' constantsAddress then copies only where a slot is shared, and
      // optimized code made for one body does not meet the copy (no type feedback) when the next system's body comes
      this.kernels.constantsAddress(this.kernelConstants, this.kernelSlot);
    }
  }

  /**
   * G_l (node.gLocal) into gl, ω̄ = G_l θ̇ into omega, J ω̄ into jOmega and ω̄ × J ω̄ into out. On Euler parameters ω̄ is
   * the node's angularVelocityLocal (the same sums, kept by the node for the markers on the body in the same residual).
   */
  private bodyGyroscopicForce(s: ItemState, out: Float64Array): void {
    const nr = this.nRot, g = this.gl, J = this.inertia, w = this.omega, jw = this.jOmega, node = this.node;
    node.gLocal(s, g);
    if (this.eulerParameterNode) {
      node.angularVelocityLocal(s, w);
    } else {
      const u = s.u, o = node.uIndex + 3;
      for (let r = 0; r < 3; r++) {
        let sum = 0;
        for (let j = 0; j < nr; j++) sum += g[r * nr + j] * u[o + j];
        w[r] = sum;
      }
    }
    jw[0] = J[0] * w[0] + J[1] * w[1] + J[2] * w[2];
    jw[1] = J[3] * w[0] + J[4] * w[1] + J[5] * w[2];
    jw[2] = J[6] * w[0] + J[7] * w[1] + J[8] * w[2];
    out[0] = w[1] * jw[2] - w[2] * jw[1];
    out[1] = w[2] * jw[0] - w[0] * jw[2];
    out[2] = w[0] * jw[1] - w[1] * jw[0];
  }

  /**
   * The gyroscopic force f_θ = G_lᵀh, h = ω̄ × Jω̄ + J a, ω̄ = G_lθ̇, a = Ġ_lθ̇ (Tait–Bryan angles; 0 for Euler parameters):
   * evaluates G_l, ω̄, h and S = ω̄̃J − (Jω̄)~ (∂(ω̄ × Jω̄)/∂ω̄). Then ∂f_θ/∂θ̇_m = G_lᵀ(S G_l e_m + J ∂a/∂θ̇_m) and
   * ∂f_θ/∂θ_k = (∂G_l/∂θ_k)ᵀh + G_lᵀ(S (∂G_l/∂θ_k)θ̇ + J ∂a/∂θ_k). Without COM the translational rows are zero.
   */
  private gyroscopicState(s: ItemState): void {
    const J = this.inertia, w = this.omega, jw = this.jOmega, S = this.gyroStiffness, h = this.gyroForce;
    this.bodyGyroscopicForce(s, h);
    if (this.gyroscopicForm === 'Rxyz') {
      const a = this.gDotRates;
      this.node.gLocalDotRates(s, a);
      for (let r = 0; r < 3; r++) h[r] += J[3 * r] * a[0] + J[3 * r + 1] * a[1] + J[3 * r + 2] * a[2];
    }
    // S x = ω̄ × (J x) − (Jω̄) × x
    for (let c = 0; c < 3; c++) {
      const jx = J[c], jy = J[3 + c], jz = J[6 + c];
      S[c] = w[1] * jz - w[2] * jy;
      S[3 + c] = w[2] * jx - w[0] * jz;
      S[6 + c] = w[0] * jy - w[1] * jx;
    }
    S[1] += jw[2]; S[2] -= jw[1];
    S[3] -= jw[2]; S[5] += jw[0];
    S[6] += jw[1]; S[7] -= jw[0];
  }

  /** Writes [cos θ1, sin θ1, cos θ2, sin θ2, θ̇0, θ̇1, θ̇2] of the node's Tait–Bryan angles into angleWork. */
  private anglesAndRates(s: ItemState): Float64Array {
    const node = this.node, q = node.qIndex + 3, u = node.uIndex + 3, ref = node.referenceCoordinates, out = this.angleWork;
    const t1 = ref[4] + s.q[q + 1], t2 = ref[5] + s.q[q + 2];
    out[0] = Math.cos(t1); out[1] = Math.sin(t1); out[2] = Math.cos(t2); out[3] = Math.sin(t2);
    out[4] = s.u[u]; out[5] = s.u[u + 1]; out[6] = s.u[u + 2];
    return out;
  }

  /**
   * Column k of G_lᵀ(S d + J e) into the block, d and e written into gyroColumnD and gyroColumnE (arrays, not
   * arguments: a double passed to a call that is not inlined is boxed, a new heap object per call).
   */
  private addGyroColumn(k: number, extra: boolean, dG: Float64Array = this.gDerivative): void {
    const nr = this.nRot, g = this.gl, J = this.inertia, S = this.gyroStiffness, b = this.gyroBlock, h = this.gyroForce;
    const d = this.gyroColumnD, e = this.gyroColumnE;
    const dx = d[0], dy = d[1], dz = d[2], ex = e[0], ey = e[1], ez = e[2];
    const hx = S[0] * dx + S[1] * dy + S[2] * dz + J[0] * ex + J[1] * ey + J[2] * ez;
    const hy = S[3] * dx + S[4] * dy + S[5] * dz + J[3] * ex + J[4] * ey + J[5] * ez;
    const hz = S[6] * dx + S[7] * dy + S[8] * dz + J[6] * ex + J[7] * ey + J[8] * ez;
    for (let j = 0; j < nr; j++) {
      let value = g[j] * hx + g[nr + j] * hy + g[2 * nr + j] * hz;
      if (extra) value += dG[j] * h[0] + dG[nr + j] * h[1] + dG[2 * nr + j] * h[2];
      b[j * nr + k] = value;
    }
  }

  /** factor·∂(ode2Lhs)/∂u (rotation block only; see gyroscopicState). */
  private gyroscopicJacobian_u(s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    this.gyroscopicState(s);
    this.addGyroscopicBlock_u(s, target, factor);
  }

  /** factor·∂(ode2Lhs)/∂q (rotation block only; see gyroscopicState). */
  private gyroscopicJacobian_q(s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    this.gyroscopicState(s);
    this.addGyroscopicBlock_q(s, target, factor);
  }

  /**
   * gyroscopicJacobian_qu on Euler parameters (gyroscopicForm 'EP'): the kernel eulerParameterGyroscopicJacobian (both
   * blocks), added through one addBlock site (the accumulator is inlined once into this method's optimized code).
   */
  private eulerParameterGyroscopicJacobian_qu(s: ItemState, target: LocalMatrixAccumulator, factorQ: number, factorU: number): void {
    const k = this.kernels, q = s.q, u = s.u, node = this.node, i = node.qIndex + 3, j = node.uIndex + 3;
    k.exports.eulerParameterGyroscopicJacobian(
      k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], u[j], u[j + 1], u[j + 2], u[j + 3], rigidBodyJacobianAddress,
    );
    const b = k.jacobian;
    for (let n = 0; n < 2; n++) target.addBlock(3, 3, 4, 4, b, 16 * n, 4, n === 0 ? factorQ : factorU);
  }

  /**
   * gyroscopicJacobian_qu on Tait–Bryan angles (gyroscopicForm 'Rxyz'): the kernel taitBryanGyroscopicJacobian (both
   * blocks; the general path's operations in the same order, see rigidBodyTaitBryanKernelsSource.ts) on the sines and
   * cosines of the node's angles, added through one addBlock site. A body on either closed form takes one kernel, so no
   * model compiles both a kernel and the general path (which ode2Lhs_q and ode2Lhs_u alone still use).
   */
  private taitBryanGyroscopicJacobian_qu(s: ItemState, target: LocalMatrixAccumulator, factorQ: number, factorU: number): void {
    const node = this.node, q = s.q, u = s.u, ref = node.referenceCoordinates, i = node.qIndex + 3, j = node.uIndex + 3, k = this.taitBryanKernels;
    const t1 = ref[4] + q[i + 1], t2 = ref[5] + q[i + 2];
    k.exports.taitBryanGyroscopicJacobian(
      k.inertiaAddress(this.inertia), Math.cos(t1), Math.sin(t1), Math.cos(t2), Math.sin(t2), u[j], u[j + 1], u[j + 2], taitBryanJacobianAddress,
    );
    const b = k.jacobian;
    // both blocks through one addBlock site, as in eulerParameterGyroscopicJacobian_qu
    for (let n = 0; n < 2; n++) target.addBlock(3, 3, 3, 3, b, 9 * n, 3, n === 0 ? factorQ : factorU);
  }

  /** The block of gyroscopicJacobian_u from the gyroscopic state (gyroscopicState at s). */
  private addGyroscopicBlock_u(s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    const nr = this.nRot, g = this.gl;
    const rxyz = this.gyroscopicForm === 'Rxyz';
    const da = this.dotDerivative;
    if (rxyz) {
      // ∂a/∂θ̇ (Tait–Bryan), columns m
      const t = this.anglesAndRates(s);
      const c1 = t[0], s1 = t[1], c2 = t[2], s2 = t[3], r0 = t[4], r1 = t[5], r2 = t[6];
      da[0] = -r2 * c1 * s2 - r1 * c2 * s1; da[1] = -c2 * s1 * r0 + r2 * c2; da[2] = -c1 * s2 * r0 + c2 * r1;
      da[3] = r1 * s2 * s1 - r2 * c2 * c1; da[4] = s2 * s1 * r0 - r2 * s2; da[5] = -c2 * c1 * r0 - s2 * r1;
      da[6] = r1 * c1; da[7] = c1 * r0; da[8] = 0;
    }
    const d = this.gyroColumnD, e = this.gyroColumnE;
    for (let m = 0; m < nr; m++) {
      d[0] = g[m]; d[1] = g[nr + m]; d[2] = g[2 * nr + m];
      e[0] = rxyz ? da[m] : 0; e[1] = rxyz ? da[3 + m] : 0; e[2] = rxyz ? da[6 + m] : 0;
      this.addGyroColumn(m, false);
    }
    target.addBlock(3, 3, nr, nr, this.gyroBlock, 0, nr, factor);
  }

  /** The block of gyroscopicJacobian_q from the gyroscopic state (gyroscopicState at s). */
  private addGyroscopicBlock_q(s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    const nr = this.nRot, dG = this.gDerivative, u = s.u, o = this.node.uIndex + 3;
    const d = this.gyroColumnD, e = this.gyroColumnE;
    if (this.gyroscopicForm === 'EP') {
      e[0] = 0; e[1] = 0; e[2] = 0;
      for (let k = 0; k < 4; k++) {
        const dGk = eulerParameterGLocalDerivatives[k];
        d[0] = dGk[0] * u[o] + dGk[1] * u[o + 1] + dGk[2] * u[o + 2] + dGk[3] * u[o + 3];
        d[1] = dGk[4] * u[o] + dGk[5] * u[o + 1] + dGk[6] * u[o + 2] + dGk[7] * u[o + 3];
        d[2] = dGk[8] * u[o] + dGk[9] * u[o + 1] + dGk[10] * u[o + 2] + dGk[11] * u[o + 3];
        this.addGyroColumn(k, true, dGk);
      }
    } else {
      const t = this.anglesAndRates(s);
      const c1 = t[0], s1 = t[1], c2 = t[2], s2 = t[3], r0 = t[4], r1 = t[5], r2 = t[6];
      // θ0: G_l and Ġ_lθ̇ do not depend on it
      for (let j = 0; j < nr; j++) this.gyroBlock[j * nr] = 0;
      // θ1: ∂G_l/∂θ1 = [−s1c2 0 0; s1s2 0 0; c1 0 0]
      dG.fill(0, 0, 9);
      dG[0] = -s1 * c2; dG[3] = s1 * s2; dG[6] = c1;
      d[0] = dG[0] * r0; d[1] = dG[3] * r0; d[2] = dG[6] * r0;
      e[0] = (r2 * s1 * s2 - r1 * c2 * c1) * r0; e[1] = (r1 * s2 * c1 + r2 * c2 * s1) * r0; e[2] = -r1 * s1 * r0;
      this.addGyroColumn(1, true);
      // θ2: ∂G_l/∂θ2 = [−c1s2 c2 0; −c1c2 −s2 0; 0 0 0]
      dG.fill(0, 0, 9);
      dG[0] = -c1 * s2; dG[1] = c2; dG[3] = -c1 * c2; dG[4] = -s2;
      d[0] = dG[0] * r0 + dG[1] * r1; d[1] = dG[3] * r0 + dG[4] * r1; d[2] = 0;
      e[0] = (-r2 * c1 * c2 + r1 * s2 * s1) * r0 - r2 * s2 * r1; e[1] = (r1 * c2 * s1 + r2 * s2 * c1) * r0 - r2 * c2 * r1; e[2] = 0;
      this.addGyroColumn(2, true);
    }
    target.addBlock(3, 3, nr, nr, this.gyroBlock, 0, nr, factor);
  }

  /**
   * a · (skew(v) · G_l) (3 × n_rot, in Exudyn's order of products) with a = A (the node's at the state) and gl already
   * evaluated: into coupling, or row r into c[offset + r·stride …] of another matrix (the position Jacobian's block,
   * without a copy).
   */
  private couplingMatrix(a: ArrayLike<number>, v: ArrayLike<number>, c: Float64Array = this.coupling, stride = this.nRot, offset = 0): Float64Array {
    const nr = this.nRot, g = this.gl;
    const x = v[0], y = v[1], z = v[2];
    // A in locals (a store into c could alias a for the optimizer, which would reload it per entry), and one pass over
    // the columns: skew(v)·G_l's column j, then its three entries of A·(skew(v)·G_l), each the same sum as before: a
    // fresh process's first solve runs this per Newton iteration in baseline code, where loop passes and a work array's
    // stores and loads cost more than the arithmetic.
    const a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
    const row0 = offset, row1 = offset + stride, row2 = offset + 2 * stride;
    for (let j = 0; j < nr; j++) {
      const g0 = g[j], g1 = g[nr + j], g2 = g[2 * nr + j];
      const s0 = -z * g1 + y * g2, s1 = z * g0 - x * g2, s2 = -y * g0 + x * g1;
      c[row0 + j] = a00 * s0 + a01 * s1 + a02 * s2;
      c[row1 + j] = a10 * s0 + a11 * s1 + a12 * s2;
      c[row2 + j] = a20 * s0 + a21 * s1 + a22 * s2;
    }
    return c;
  }

  /**
   * The COM coupling at s (comCoupling): kept while the node's rotation coordinates are the same numbers (a zero of the
   * other sign counts as different), else formed by couplingMatrix after node.gLocal (unless glCurrent: gl is G_l at s
   * already) and node.orientation.
   */
  private comCouplingAt(s: ItemState, glCurrent: boolean): Float64Array {
    if (this.comCouplingKeyed) {
      const q = s.q, first = this.node.qIndex + 3, n = this.nRot, key = this.comCouplingKey;
      let same = this.comCouplingValid;
      for (let i = 0; same && i < n; i++) same = sameBits(q[first + i], key[i]);
      if (same) return this.comCoupling;
      for (let i = 0; i < n; i++) key[i] = q[first + i];
      this.comCouplingValid = true;
    }
    if (!glCurrent) this.node.gLocal(s, this.gl);
    this.node.orientation(s, this.rotation);
    return this.couplingMatrix(this.rotation, this.massCom, this.comCoupling);
  }

  massMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    if (this.eulerParameterNode && !this.hasCom) {
      this.eulerParameterMassMatrix(s, acc);
      return;
    }
    if (this.gyroscopicForm === 'Rxyz') {
      this.taitBryanMassMatrix(s, acc);
      return;
    }
    const m = this.localMatrix;
    zeroArray(m);
    const n = this.nLocalU, nr = this.nRot, g = this.gl, jg = this.jg, J = this.inertia;
    m[0] += this.mass; m[n + 1] += this.mass; m[2 * n + 2] += this.mass;
    this.node.gLocal(s, g);
    if (this.hasCom) {
      this.node.orientation(s, this.rotation);
      const c = this.couplingMatrix(this.rotation, this.massCom);
      for (let r = 0; r < 3; r++) {
        for (let j = 0; j < nr; j++) {
          m[r * n + 3 + j] += c[r * nr + j];
          m[(3 + j) * n + r] += c[r * nr + j];
        }
      }
    }
    // (G_lᵀ J) G_l, in Exudyn's order: gj = G_lᵀ J (n_rot × 3), then gj · G_l
    for (let i = 0; i < nr; i++) {
      const g0 = g[i], g1 = g[nr + i], g2 = g[2 * nr + i];
      jg[3 * i] = g0 * J[0] + g1 * J[3] + g2 * J[6];
      jg[3 * i + 1] = g0 * J[1] + g1 * J[4] + g2 * J[7];
      jg[3 * i + 2] = g0 * J[2] + g1 * J[5] + g2 * J[8];
    }
    for (let i = 0; i < nr; i++) {
      for (let j = 0; j < nr; j++) m[(3 + i) * n + 3 + j] += jg[3 * i] * g[j] + jg[3 * i + 1] * g[nr + j] + jg[3 * i + 2] * g[2 * nr + j];
    }
    acc.addBlock(0, 0, n, n, m, 0, n, 1);
  }

  /** massMatrix on Euler parameters without COM offset: the kernel eulerParameterMassMatrix. */
  private eulerParameterMassMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    const k = this.kernels, q = s.q, i = this.node.qIndex + 3;
    k.exports.eulerParameterMassMatrix(k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], rigidBodyMassAddress);
    acc.addBlock(0, 0, 7, 7, k.mass, 0, 7, 1);
  }

  /**
   * massMatrix on Tait–Bryan angles without COM offset (gyroscopicForm 'Rxyz'): the same entries, each formed with the
   * same operations (0 + row i of G_lᵀJ times column j of G_l), written out into closedFormMass (6 × 6), G_l as
   * rotXYZCosSin2GLocalInto writes it, with its entries 0 and 1 as literals (their products stay: the same bits where a
   * term is ±0 or not finite).
   */
  private taitBryanMassMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    const J = this.inertia, node = this.node, q = s.q, ref = node.referenceCoordinates, i = node.qIndex + 3, m = this.closedFormMass;
    const t1 = ref[4] + q[i + 1], t2 = ref[5] + q[i + 2];
    const c1 = Math.cos(t1), s1 = Math.sin(t1), c2 = Math.cos(t2), s2 = Math.sin(t2);
    // G_l = [g00 g01 0; g10 g11 0; g20 0 1]
    const g00 = c1 * c2, g01 = s2, g10 = -c1 * s2, g11 = c2, g20 = s1;
    const J0 = J[0], J1 = J[1], J2 = J[2], J3 = J[3], J4 = J[4], J5 = J[5], J6 = J[6], J7 = J[7], J8 = J[8];
    const k00 = g00 * J0 + g10 * J3 + g20 * J6, k01 = g00 * J1 + g10 * J4 + g20 * J7, k02 = g00 * J2 + g10 * J5 + g20 * J8;
    const k10 = g01 * J0 + g11 * J3 + 0 * J6, k11 = g01 * J1 + g11 * J4 + 0 * J7, k12 = g01 * J2 + g11 * J5 + 0 * J8;
    const k20 = 0 * J0 + 0 * J3 + 1 * J6, k21 = 0 * J1 + 0 * J4 + 1 * J7, k22 = 0 * J2 + 0 * J5 + 1 * J8;
    m[21] = 0 + (k00 * g00 + k01 * g10 + k02 * g20); m[22] = 0 + (k00 * g01 + k01 * g11 + k02 * 0); m[23] = 0 + (k00 * 0 + k01 * 0 + k02 * 1);
    m[27] = 0 + (k10 * g00 + k11 * g10 + k12 * g20); m[28] = 0 + (k10 * g01 + k11 * g11 + k12 * 0); m[29] = 0 + (k10 * 0 + k11 * 0 + k12 * 1);
    m[33] = 0 + (k20 * g00 + k21 * g10 + k22 * g20); m[34] = 0 + (k20 * g01 + k21 * g11 + k22 * 0); m[35] = 0 + (k20 * 0 + k21 * 0 + k22 * 1);
    acc.addBlock(0, 0, 6, 6, m, 0, 6, 1);
  }

  /** massMatrixProduct in general (see {@link RigidBodyModel.massMatrixProduct}). */
  private generalMassMatrixProduct(s: ItemState, a: Float64Array, ltg: Int32Array, out: Float64Array): void {
    const nr = this.nRot, g = this.gl, jg = this.jg, J = this.inertia, mass = this.mass;
    this.node.gLocal(s, g);
    const a0 = a[ltg[0]], a1 = a[ltg[1]], a2 = a[ltg[2]];
    const c = this.hasCom ? this.comCouplingAt(s, true) : this.comCoupling;
    if (this.hasCom) {
      for (let r = 0; r < 3; r++) {
        let sum = mass * a[ltg[r]];
        for (let j = 0; j < nr; j++) sum += c[r * nr + j] * a[ltg[3 + j]];
        out[ltg[r]] += sum;
      }
    } else {
      out[ltg[0]] += mass * a0;
      out[ltg[1]] += mass * a1;
      out[ltg[2]] += mass * a2;
    }
    for (let i = 0; i < nr; i++) {
      const g0 = g[i], g1 = g[nr + i], g2 = g[2 * nr + i];
      jg[3 * i] = g0 * J[0] + g1 * J[3] + g2 * J[6];
      jg[3 * i + 1] = g0 * J[1] + g1 * J[4] + g2 * J[7];
      jg[3 * i + 2] = g0 * J[2] + g1 * J[5] + g2 * J[8];
    }
    for (let i = 0; i < nr; i++) {
      let sum = 0;
      if (this.hasCom) sum = c[i] * a0 + c[nr + i] * a1 + c[2 * nr + i] * a2;
      const j0 = jg[3 * i], j1 = jg[3 * i + 1], j2 = jg[3 * i + 2];
      for (let j = 0; j < nr; j++) sum += (j0 * g[j] + j1 * g[nr + j] + j2 * g[2 * nr + j]) * a[ltg[3 + j]];
      out[ltg[3 + i]] += sum;
    }
  }

  /**
   * massMatrixProduct on Euler parameters without COM offset: the position rows here, the rotation rows by the kernel
   * eulerParameterMassProduct (out's entries passed in, the sums written back).
   */
  private eulerParameterMassProduct(s: ItemState, a: Float64Array, ltg: Int32Array, out: Float64Array): void {
    const mass = this.mass;
    out[ltg[0]] += mass * a[ltg[0]];
    out[ltg[1]] += mass * a[ltg[1]];
    out[ltg[2]] += mass * a[ltg[2]];
    const a3 = a[ltg[3]], a4 = a[ltg[4]], a5 = a[ltg[5]], a6 = a[ltg[6]];
    // no rotational acceleration (a body that does not turn): the rows stay as they are, as the assembled matrix's product,
    // which skips zero entries of a, leaves them (+0 in the residual's product, which zeroes out first)
    if (a3 === 0 && a4 === 0 && a5 === 0 && a6 === 0) return;
    const k = this.kernels, q = s.q, i = this.node.qIndex + 3, o3 = ltg[3], o4 = ltg[4], o5 = ltg[5], o6 = ltg[6];
    k.exports.eulerParameterMassProduct(
      k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], a3, a4, a5, a6, out[o3], out[o4], out[o5], out[o6], rigidBodyRowsAddress,
    );
    const rows = k.rows;
    out[o3] = rows[0]; out[o4] = rows[1]; out[o5] = rows[2]; out[o6] = rows[3];
  }

  /**
   * massMatrixProduct on Euler parameters with COM offset: all seven rows by the kernel eulerParameterComMassProduct
   * (out's entries passed in, the sums written back; the coupling formed in the kernel, in the Jacobian's region, not
   * kept in comCoupling).
   */
  private eulerParameterComMassProduct(s: ItemState, a: Float64Array, ltg: Int32Array, out: Float64Array): void {
    const k = this.kernels, q = s.q, i = this.node.qIndex + 3;
    const o0 = ltg[0], o1 = ltg[1], o2 = ltg[2], o3 = ltg[3], o4 = ltg[4], o5 = ltg[5], o6 = ltg[6];
    k.exports.eulerParameterComMassProduct(
      k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], a[o0], a[o1], a[o2], a[o3], a[o4], a[o5], a[o6],
      out[o0], out[o1], out[o2], out[o3], out[o4], out[o5], out[o6], rigidBodyRowsAddress, rigidBodyJacobianAddress,
    );
    const rows = k.rows;
    out[o0] = rows[0]; out[o1] = rows[1]; out[o2] = rows[2]; out[o3] = rows[3]; out[o4] = rows[4]; out[o5] = rows[5]; out[o6] = rows[6];
  }

  /**
   * LHS_θ = G_lᵀ (ω̄ × J ω̄) + G_lᵀ J (Ġ_l θ̇) (the second term for Rxyz only);
   * LHS_u = A [ω̄ × (U × ω̄) + U × (Ġ_l θ̇)] with U = −m χ, only for χ ≠ 0.
   */
  private quadraticVelocityLhs(s: ItemState, f: Float64Array): void {
    const nr = this.nRot, g = this.gl, J = this.inertia, w = this.omega, gyro = this.gyro;
    this.bodyGyroscopicForce(s, gyro);
    const gd = this.gDotRates;
    const dotTerm = this.node.hasGLocalDotTerm;
    if (dotTerm) {
      this.node.gLocalDotRates(s, gd);
      const jgd = this.jgDot;
      jgd[0] = J[0] * gd[0] + J[1] * gd[1] + J[2] * gd[2];
      jgd[1] = J[3] * gd[0] + J[4] * gd[1] + J[5] * gd[2];
      jgd[2] = J[6] * gd[0] + J[7] * gd[1] + J[8] * gd[2];
      for (let j = 0; j < nr; j++) {
        const t1 = g[j] * gyro[0] + g[nr + j] * gyro[1] + g[2 * nr + j] * gyro[2];
        const t2 = g[j] * jgd[0] + g[nr + j] * jgd[1] + g[2 * nr + j] * jgd[2];
        f[3 + j] += t1 + t2;
      }
    } else {
      // ω̄ × Jω̄ in locals: a store into f could alias gyro for the optimizer, which would reload it per entry
      const h0 = gyro[0], h1 = gyro[1], h2 = gyro[2];
      for (let j = 0; j < nr; j++) f[3 + j] += g[j] * h0 + g[nr + j] * h1 + g[2 * nr + j] * h2;
    }
    if (!this.hasCom) return;
    const U = this.massCom, t = this.translation;
    // U × ω̄, then ω̄ × (U × ω̄)
    const ux = U[1] * w[2] - U[2] * w[1], uy = U[2] * w[0] - U[0] * w[2], uz = U[0] * w[1] - U[1] * w[0];
    t[0] = w[1] * uz - w[2] * uy;
    t[1] = w[2] * ux - w[0] * uz;
    t[2] = w[0] * uy - w[1] * ux;
    if (dotTerm) {
      t[0] += U[1] * gd[2] - U[2] * gd[1];
      t[1] += U[2] * gd[0] - U[0] * gd[2];
      t[2] += U[0] * gd[1] - U[1] * gd[0];
    }
    const a = this.rotation;
    this.node.orientation(s, a);
    f[0] += a[0] * t[0] + a[1] * t[1] + a[2] * t[2];
    f[1] += a[3] * t[0] + a[4] * t[1] + a[5] * t[2];
    f[2] += a[6] * t[0] + a[7] * t[1] + a[8] * t[2];
  }

  /**
   * quadraticVelocityLhs on Euler parameters without COM offset: the kernel eulerParameterGyroscopicLhs adds G_lᵀ(ω̄ × Jω̄)
   * to f's rotation rows (passed in, the sums written back; nothing stored in the work arrays).
   */
  private eulerParameterGyroscopicLhs(s: ItemState, f: Float64Array): void {
    const k = this.kernels, q = s.q, u = s.u, node = this.node, i = node.qIndex + 3, j = node.uIndex + 3;
    k.exports.eulerParameterGyroscopicLhs(
      k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], u[j], u[j + 1], u[j + 2], u[j + 3], f[3], f[4], f[5], f[6], rigidBodyRowsAddress,
    );
    const rows = k.rows;
    f[3] = rows[0]; f[4] = rows[1]; f[5] = rows[2]; f[6] = rows[3];
  }

  /**
   * quadraticVelocityLhs on Euler parameters with COM offset: the kernel eulerParameterComQuadraticVelocityLhs adds
   * G_lᵀ(ω̄ × Jω̄) to f's rotation rows and A(ω̄ × (U × ω̄)) to its position rows (passed in, the sums written back).
   */
  private eulerParameterComQuadraticVelocityLhs(s: ItemState, f: Float64Array): void {
    const k = this.kernels, q = s.q, u = s.u, node = this.node, i = node.qIndex + 3, j = node.uIndex + 3;
    k.exports.eulerParameterComQuadraticVelocityLhs(
      k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], u[j], u[j + 1], u[j + 2], u[j + 3],
      f[0], f[1], f[2], f[3], f[4], f[5], f[6], rigidBodyRowsAddress,
    );
    const rows = k.rows;
    f[0] = rows[0]; f[1] = rows[1]; f[2] = rows[2]; f[3] = rows[3]; f[4] = rows[4]; f[5] = rows[5]; f[6] = rows[6];
  }

  /**
   * quadraticVelocityLhs on Tait–Bryan angles without COM offset (gyroscopicForm 'Rxyz'): the kernel
   * taitBryanGyroscopicLhs adds G_lᵀh + G_lᵀJ(Ġ_lθ̇) to f's rotation rows (passed in, the sums written back; the general
   * path's operations in the same order, see rigidBodyTaitBryanKernelsSource.ts) on the sines and cosines of the node's
   * angles. Every residual runs this.
   */
  private taitBryanGyroscopicLhs(s: ItemState, f: Float64Array): void {
    const node = this.node, q = s.q, u = s.u, ref = node.referenceCoordinates, i = node.qIndex + 3, j = node.uIndex + 3, k = this.taitBryanKernels;
    const t1 = ref[4] + q[i + 1], t2 = ref[5] + q[i + 2];
    k.exports.taitBryanGyroscopicLhs(
      k.inertiaAddress(this.inertia), Math.cos(t1), Math.sin(t1), Math.cos(t2), Math.sin(t2), u[j], u[j + 1], u[j + 2], f[3], f[4], f[5],
      taitBryanJacobianAddress,
    );
    const rows = k.jacobian;
    f[3] = rows[0]; f[4] = rows[1]; f[5] = rows[2];
  }

  /**
   * At the reference point: J_pos = [I₃ | 0] gives sign·force in the position rows (1·f_i plus zero products in the
   * product with positionJacobian), J_rot = [0 | G] the node's Gᵀτ in the rotation rows.
   */
  addOriginLoad(s: ItemState, force: ArrayLike<number>, sign: number, torque: ArrayLike<number> | undefined, out: Float64Array, offset: number): void {
    out[offset] += sign * force[0];
    out[offset + 1] += sign * force[1];
    out[offset + 2] += sign * force[2];
    if (torque !== undefined) this.node.addRotationJacobianTransposed(s, torque, out, offset);
  }

  /** p + A x; on Euler parameters (x ≠ 0) the kernel eulerParameterPointPosition. */
  override position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    if (!this.eulerParameterNode || (localPosition[0] === 0 && localPosition[1] === 0 && localPosition[2] === 0)) {
      super.position(s, localPosition, out);
      return;
    }
    const k = this.kernels, q = s.q, i = this.node.qIndex;
    k.exports.eulerParameterPointPosition(
      k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], q[i + 4], q[i + 5], q[i + 6],
      localPosition[0], localPosition[1], localPosition[2], rigidBodyRowsAddress,
    );
    const rows = k.rows;
    out[0] = rows[0]; out[1] = rows[1]; out[2] = rows[2];
  }

  /** [I₃ | A (−x̃) G_l], 3 × n_u; on Euler parameters (x ≠ 0) the kernel eulerParameterPositionJacobian. */
  positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const n = this.nLocalU;
    if (localPosition[0] === 0 && localPosition[1] === 0 && localPosition[2] === 0) {
      // the reference point: [I₃ | 0] (the coupling block A(−x̃)G_l vanishes)
      for (let i = 0; i < 3 * n; i++) out[i] = 0;
      out[0] = 1; out[n + 1] = 1; out[2 * n + 2] = 1;
      return;
    }
    if (this.eulerParameterNode) {
      const k = this.kernels, q = s.q, i = this.node.qIndex + 3;
      k.exports.eulerParameterPositionJacobian(
        k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3],
        localPosition[0], localPosition[1], localPosition[2], rigidBodyJacobianAddress,
      );
      out.set(k.positionJacobian);
      return;
    }
    this.node.gLocal(s, this.gl);
    const x = this.w1;
    x[0] = -localPosition[0]; x[1] = -localPosition[1]; x[2] = -localPosition[2];
    out[0] = 1; out[1] = 0; out[2] = 0;
    out[n] = 0; out[n + 1] = 1; out[n + 2] = 0;
    out[2 * n] = 0; out[2 * n + 1] = 0; out[2 * n + 2] = 1;
    this.couplingMatrix(this.rotationAt(s), x, out, n, 3);
  }

  /**
   * out[k] += factor·(J_posᵀ force)_k at localPosition ≠ 0, each entry the operations of the product with
   * positionJacobian's entries there (its unit and zero entries as literals, the coupling block A (skew(−x) G_l) as
   * couplingMatrix forms it), without the 3 × n_u matrix: a force at a point of the body adds this in every residual,
   * which a fresh process's first solve runs in baseline code. Its coupling loop is addForceTorqueTransposed's, written
   * out in both: the loop as a method of its own for both cost rigidBodySpringDamperIntrinsic's fresh process 1 % more
   * instructions (session 39), so a change to one goes to the other too. On Euler parameters the coupling block comes
   * from the kernel eulerParameterPositionJacobian (the same entries, formed with the same operations), only its
   * product with the force here.
   */
  addPointForce(s: ItemState, localPosition: ArrayLike<number>, force: ArrayLike<number>, factor: number, out: Float64Array): void {
    const nr = this.nRot, g = this.gl, f0 = force[0], f1 = force[1], f2 = force[2];
    out[0] += factor * (1 * f0 + 0 * f1 + 0 * f2);
    out[1] += factor * (0 * f0 + 1 * f1 + 0 * f2);
    out[2] += factor * (0 * f0 + 0 * f1 + 1 * f2);
    if (this.eulerParameterNode) {
      const k = this.kernels, q = s.q, i = this.node.qIndex + 3;
      k.exports.eulerParameterPositionJacobian(
        k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3],
        localPosition[0], localPosition[1], localPosition[2], rigidBodyJacobianAddress,
      );
      const b = k.positionJacobian;
      out[3] += factor * (b[3] * f0 + b[10] * f1 + b[17] * f2);
      out[4] += factor * (b[4] * f0 + b[11] * f1 + b[18] * f2);
      out[5] += factor * (b[5] * f0 + b[12] * f1 + b[19] * f2);
      out[6] += factor * (b[6] * f0 + b[13] * f1 + b[20] * f2);
      return;
    }
    this.node.gLocal(s, g);
    const a = this.rotationAt(s);
    const x = -localPosition[0], y = -localPosition[1], z = -localPosition[2];
    const a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
    for (let j = 0; j < nr; j++) {
      const g0 = g[j], g1 = g[nr + j], g2 = g[2 * nr + j];
      const s0 = -z * g1 + y * g2, s1 = z * g0 - x * g2, s2 = -y * g0 + x * g1;
      const c0 = a00 * s0 + a01 * s1 + a02 * s2, c1 = a10 * s0 + a11 * s1 + a12 * s2, c2 = a20 * s0 + a21 * s1 + a22 * s2;
      out[3 + j] += factor * (c0 * f0 + c1 * f1 + c2 * f2);
    }
  }

  /**
   * out[offset + k] += sign·(J_posᵀ force)_k, then += (J_rotᵀ torque)_k, with J_pos = positionJacobian's and J_rot =
   * rotationJacobian's entries at localPosition, each entry the same operations as the products with those matrices (their
   * unit and zero entries as literals, 1·x as x, which changes no bit), orientation the body's A at s as orientation
   * writes it. Without the two 3 × n_u matrices and the second evaluation of A: a rigid-body connector adds this in every
   * residual, which a fresh process's first solve runs in baseline code.
   */
  addForceTorqueTransposed(s: ItemState, localPosition: ArrayLike<number>, orientation: ArrayLike<number>, force: ArrayLike<number>, sign: number,
    torque: ArrayLike<number>, out: Float64Array, offset: number): void {
    const nr = this.nRot, g = this.gl, f0 = force[0], f1 = force[1], f2 = force[2];
    // J_pos's unit block and J_rot's zero block (the same sum for the three entries)
    const zeroTorque = 0 * torque[0] + 0 * torque[1] + 0 * torque[2];
    out[offset] = out[offset] + sign * (f0 + 0 * f1 + 0 * f2) + zeroTorque;
    out[offset + 1] = out[offset + 1] + sign * (0 * f0 + f1 + 0 * f2) + zeroTorque;
    out[offset + 2] = out[offset + 2] + sign * (0 * f0 + 0 * f1 + f2) + zeroTorque;
    // J_pos's coupling block A (skew(−x) G_l), each entry as couplingMatrix forms it (zero at the reference point, where
    // positionJacobian writes zeros); addPointForce has the same loop (see there)
    const x = -localPosition[0], y = -localPosition[1], z = -localPosition[2];
    const atReference = localPosition[0] === 0 && localPosition[1] === 0 && localPosition[2] === 0;
    if (!atReference) this.node.gLocal(s, g);
    const a00 = orientation[0], a01 = orientation[1], a02 = orientation[2], a10 = orientation[3], a11 = orientation[4], a12 = orientation[5];
    const a20 = orientation[6], a21 = orientation[7], a22 = orientation[8];
    for (let j = 0; j < nr; j++) {
      let c0 = 0, c1 = 0, c2 = 0;
      if (!atReference) {
        const g0 = g[j], g1 = g[nr + j], g2 = g[2 * nr + j];
        const s0 = -z * g1 + y * g2, s1 = z * g0 - x * g2, s2 = -y * g0 + x * g1;
        c0 = a00 * s0 + a01 * s1 + a02 * s2;
        c1 = a10 * s0 + a11 * s1 + a12 * s2;
        c2 = a20 * s0 + a21 * s1 + a22 * s2;
      }
      out[offset + 3 + j] += sign * (c0 * f0 + c1 * f1 + c2 * f2);
    }
    // J_rot = [0 | G]: Gᵀτ as the product with rotationJacobian sums it
    this.node.addRotationJacobianTransposed(s, torque, out, offset);
  }

  /**
   * Kinematic part of load Jacobians at the local position x: the generalized force of a global force f and
   * torque τ is [f; Gᵀm] with m = τ + (Ax) × f, so the node adds ∂(Gᵀm)/∂θ and the lever arm, with
   * δ(Ax) = −(Ax)~ G δθ, adds Gᵀ f̃ (Ax)~ G = (Gᵀ Ax)(Gᵀf)ᵀ − (f·Ax) GᵀG. Exact where AG_l = G holds
   * (all nodes on their manifold; Euler parameters of unit norm) and G has full column rank (all nodes but Euler
   * parameters). On Euler parameters the kernel eulerParameterLoadJacobian adds the whole rotation block (the node's
   * ∂(Gᵀm)/∂p, the lever's terms and the derivative along the radial direction p, G p = 0, each entry's additions in this
   * order), k's rows 3…6 copied into the kernel's memory and back.
   */
  jacobianTransposedVector_q(s: ItemState, localPosition: ArrayLike<number>, force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void {
    const lever = force !== undefined && !(localPosition[0] === 0 && localPosition[1] === 0 && localPosition[2] === 0);
    if (this.eulerParameterNode) {
      const kernels = this.kernels, q = s.q, i = this.node.qIndex + 3, rows = kernels.loadJacobianRows;
      // entries 24…48 of the 7 × 7 block through a view kept per block (a loop of 25 copies costs more cold, a view per call allocates)
      if (this.loadBlock !== k) {
        this.loadBlock = k;
        this.loadBlockRows = k.subarray(24, 49);
      }
      rows.set(this.loadBlockRows);
      kernels.loadJacobian().eulerParameterLoadJacobian(
        kernels.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], localPosition[0], localPosition[1], localPosition[2],
        force === undefined ? 0 : force[0], force === undefined ? 0 : force[1], force === undefined ? 0 : force[2],
        torque === undefined ? 0 : torque[0], torque === undefined ? 0 : torque[1], torque === undefined ? 0 : torque[2], factor, lever ? 1 : 0, rigidBodyJacobianAddress,
      );
      this.loadBlockRows.set(rows);
      return;
    }
    const m = this.loadMoment;
    if (torque === undefined) { m[0] = 0; m[1] = 0; m[2] = 0; } else { m[0] = torque[0]; m[1] = torque[1]; m[2] = torque[2]; }
    const ax = this.loadLever;
    if (lever) {
      const a = this.rotation;
      this.node.orientation(s, a);
      mat3MulVecInto(ax, a, localPosition);
      m[0] += ax[1] * force[2] - ax[2] * force[1];
      m[1] += ax[2] * force[0] - ax[0] * force[2];
      m[2] += ax[0] * force[1] - ax[1] * force[0];
    }
    this.node.jacobianTransposedVector_q(s, undefined, m, k, factor);
    if (!lever) return;
    const n = this.nLocalU, nr = this.nRot, g = this.loadG, gx = this.loadGLever, gf = this.loadGForce;
    this.node.gGlobal(s, g);
    const fx = force[0] * ax[0] + force[1] * ax[1] + force[2] * ax[2];
    for (let j = 0; j < nr; j++) {
      gx[j] = g[j] * ax[0] + g[nr + j] * ax[1] + g[2 * nr + j] * ax[2];
      gf[j] = g[j] * force[0] + g[nr + j] * force[1] + g[2 * nr + j] * force[2];
    }
    for (let r = 0; r < nr; r++) {
      for (let c = 0; c < nr; c++) {
        const gtg = g[r] * g[c] + g[nr + r] * g[nr + c] + g[2 * nr + r] * g[2 * nr + c];
        k[(3 + r) * n + 3 + c] += factor * (gx[r] * gf[c] - fx * gtg);
      }
    }
  }

  /** The node's part: the body frame is the node frame at every localPosition. */
  addRotatedVectorNullDirection(s: ItemState, _localPosition: ArrayLike<number>, vLocal: ArrayLike<number>, out: Float64Array): void {
    this.node.addRotatedVectorNullDirection?.(s, vLocal, out, this.nLocalU);
  }

  /**
   * Adds Jmᵀ b with the mass integral Jm = [m I | A skew(−m χ) G_l] (the rotation part only for χ ≠ 0; on Euler
   * parameters with χ ≠ 0 the kernel eulerParameterComMassProportionalForce).
   */
  massProportionalForce(s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    if (this.eulerParameterNode && this.hasCom) {
      const k = this.kernels, q = s.q, i = this.node.qIndex + 3;
      k.exports.eulerParameterComMassProportionalForce(
        k.constantsAddress(this.kernelConstants, this.kernelSlot), q[i], q[i + 1], q[i + 2], q[i + 3], loadPerMass[0], loadPerMass[1], loadPerMass[2],
        f[0], f[1], f[2], f[3], f[4], f[5], f[6], rigidBodyRowsAddress, rigidBodyJacobianAddress,
      );
      const rows = k.rows;
      f[0] = rows[0]; f[1] = rows[1]; f[2] = rows[2]; f[3] = rows[3]; f[4] = rows[4]; f[5] = rows[5]; f[6] = rows[6];
      return;
    }
    const m = this.mass;
    f[0] += m * loadPerMass[0]; f[1] += m * loadPerMass[1]; f[2] += m * loadPerMass[2];
    if (!this.hasCom) return;
    const nr = this.nRot;
    const c = this.comCouplingAt(s, false);
    for (let j = 0; j < nr; j++) f[3 + j] += c[j] * loadPerMass[0] + c[nr + j] * loadPerMass[1] + c[2 * nr + j] * loadPerMass[2];
  }

  /** m on the three translations without COM offset (massProportionalForce's terms there), else undefined. */
  translationalMass(): readonly [number, number] | undefined {
    return this.hasCom ? undefined : [this.mass, 3];
  }

  protected rotationOutput(s: ItemState): Float64Array {
    const a = new Float64Array(9);
    this.node.orientation(s, a);
    return rotationMatrix2RotXYZInto(new Float64Array(3), a);
  }

  /** T = ½ m |u̇|² + m u̇ · A(ω̄ × χ) + ½ ω̄ᵀ J ω̄. */
  protected kineticEnergy(s: ItemState): number {
    const v = new Float64Array(3), w = new Float64Array(3), a = new Float64Array(9);
    this.node.velocity(s, v);
    this.node.angularVelocityLocal(s, w);
    this.node.orientation(s, a);
    const J = this.inertia, chi = this.com;
    const wc = [w[1] * chi[2] - w[2] * chi[1], w[2] * chi[0] - w[0] * chi[2], w[0] * chi[1] - w[1] * chi[0]];
    let coupling = 0;
    for (let r = 0; r < 3; r++) coupling += v[r] * (a[3 * r] * wc[0] + a[3 * r + 1] * wc[1] + a[3 * r + 2] * wc[2]);
    let rotational = 0;
    for (let r = 0; r < 3; r++) rotational += w[r] * (J[3 * r] * w[0] + J[3 * r + 1] * w[1] + J[3 * r + 2] * w[2]);
    return 0.5 * this.mass * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + this.mass * coupling + 0.5 * rotational;
  }
}

/** A 3D rigid body on a rigid-body node (Exudyn's ObjectRigidBody, alias RigidBody). */
export const objectRigidBodyDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'RigidBody',
  aliases: ['RigidBody'],
  description: 'A 3D rigid body on a rigid-body node (RigidBodyEP, RigidBodyRxyz, RigidBodyRotVecLG or RigidBodyQuaternion); its '
    + 'rotation parametrization is the node\'s. Mass m, inertia J about the reference point (the node position) in the body frame, '
    + 'center of mass χ (body frame). Markers (BodyPosition, BodyRigid, BodyMass) attach at local positions; the Rotation output is '
    + 'the Tait–Bryan angle vector of A, KineticEnergy is ½ uᵀ M u. The left-hand side Jacobians are numerical, as in Exudyn; '
    + 'the mass matrix is constant only for G_l = I (RotVecLG, quaternion node) and χ = 0.',
  parameters,
  outputVariables: rigidBodyOutputs,
  equations: 'M = [[m I₃, A skew(−mχ) G_l], [(A skew(−mχ) G_l)ᵀ, G_lᵀ J G_l]] (coupling only for χ ≠ 0), '
    + 'with ω̄ = G_l θ̇: LHS_θ = G_lᵀ(ω̄ × Jω̄) + G_lᵀ J Ġ_l θ̇ (the last term for Rxyz), '
    + 'LHS_u = A[ω̄ × (U × ω̄) + U × Ġ_l θ̇], U = −mχ (χ ≠ 0). Position Jacobian at x: [I | A(−x̃)G_l]; rotation Jacobian [0 | G]; '
    + 'mass-proportional load b: Q = [m I | A skew(−mχ) G_l]ᵀ b.',
  validate: (v, label) => checkInertia(label, v.physicsMass, v.physicsInertia, v.physicsCenterOfMass),
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0.5, 0, 1, 1, 0, 0, 0], initialVelocities: [0.2, 0.1, -0.3, 0, 0, 0, 0] });
    const body = mbs.addObject({ objectType: 'RigidBody', physicsMass: 2, physicsInertia: [0.3, 0.4, 0.5, 0.01, -0.02, 0.03], physicsCenterOfMass: [0.1, -0.05, 0.08], nodeNumber: node });
    const marker = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.3, 0.2, -0.1] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [1, -2, 0.5], bodyFixed: true });
    mbs.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0.2, 0.1, -0.3] });
    return body;
  },
  create: (v, label) => new RigidBodyModel(label, v.nodeNumber, v.physicsMass, v.physicsInertia, v.physicsCenterOfMass),
};

/** Factory for a 3D rigid body. */
export const ObjectRigidBody = makeFactory(objectRigidBodyDefinition);
/** Exudyn's alias of {@link ObjectRigidBody}. */
export const RigidBody = ObjectRigidBody;
