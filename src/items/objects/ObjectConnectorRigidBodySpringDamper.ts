import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only, PostNewtonOutput } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { checkPassiveMatrix } from '../../registry/physicalChecks.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, matrix, nodeIndex, userFunction, vector, type MatrixValue, type UserFunctionValue, type VectorValue } from '../../registry/parameters.ts';
import { expSO3Into, logSO3Into, rotationMatrix2RotXYZInto, tExpSO3InvInto } from '../../rotations/rotationMatrices.ts';
import { cross3Into, mat3MulInto, mat3MulVecInto, mat3TransposeMulVecInto } from '../../rotations/skew.ts';
import { rotationMarkerParameter } from './jointKernel.ts';
import { RigidMarkerPair, bindDataNode } from './connectorBase.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/**
 * Spring force-torque user function: returns the 6 joint-frame values [f, m] for the relative displacement, rotation,
 * velocity and angular velocity (joint frame, offset not subtracted) and the object's stiffness, damping, rotation markers and offset.
 */
export type RigidBodySpringForceTorqueUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [
  t: number, itemNumber: number, displacement: number[], rotation: number[], velocity: number[], angularVelocity: number[],
  stiffness: number[][], damping: number[][], rotJ0: number[][], rotJ1: number[][], offset: number[],
], ArrayLike<number>>;

/**
 * Post-Newton step user function: receives the data coordinates of the data node (of the last post-Newton step) and the
 * arguments of the force law; returns [error ε_PN, recommended step size (< 0: none, 0: the minimum), d_0, d_1, …] with
 * the new data coordinates, for active-set or switching strategies (contact, friction, plasticity) in user code.
 */
export type RigidBodyPostNewtonStepUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [
  t: number, itemNumber: number, dataCoordinates: number[], displacement: number[], rotation: number[], velocity: number[], angularVelocity: number[],
  stiffness: number[][], damping: number[][], rotJ0: number[][], rotJ1: number[][], offset: number[],
], ArrayLike<number>>;

const zero6 = Array.from({ length: 6 }, () => [0, 0, 0, 0, 0, 0]);

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1] (position and orientation).', 2),
  nodeNumber: nodeIndex('A NodeGenericData (any number of data coordinates) for the data of postNewtonStepUserFunction; -1: none.'),
  stiffness: matrix(zero6, 'Stiffness (6×6) acting on [displacement, rotation] in the joint frame.', [6, 6], 'Matrix6D'),
  damping: matrix(zero6, 'Damping (6×6) acting on [velocity, angular velocity] in the joint frame.', [6, 6], 'Matrix6D'),
  rotationMarker0: rotationMarkerParameter('Rotation of the joint frame relative to marker 0; multiplied from the LEFT, A0all = rotationMarker0·A0, as in Exudyn.'),
  rotationMarker1: rotationMarkerParameter('Rotation of the joint frame J1 relative to marker 1: A1all = A1·rotationMarker1.'),
  offset: vector([0, 0, 0, 0, 0, 0], 'Offset of [displacement, rotation] at which the springs are relaxed.', 6, 'Vector6D'),
  intrinsicFormulation: bool(false, 'If true, displacement and rotation are the SE(3) logarithm of the relative frame motion, evaluated in the mid frame (independent of the marker order).'),
  activeConnector: bool(true, 'If false, the connector exerts no force (outputs still evaluate the force law, as in Exudyn).'),
  springForceTorqueUserFunction: userFunction<RigidBodySpringForceTorqueUserFunction>('Replaces the force law; returns the joint-frame force and torque.', '(mbs, t, itemNumber, displacement, rotation, velocity, angularVelocity, stiffness, damping, rotJ0, rotJ1, offset) => [fx, fy, fz, mx, my, mz]'),
  postNewtonStepUserFunction: userFunction<RigidBodyPostNewtonStepUserFunction>('Post-Newton step of the connector (needs the data node): returns its discontinuous error, a recommended step size and the new data coordinates.', '(mbs, t, itemNumber, dataCoordinates, displacement, rotation, velocity, angularVelocity, stiffness, damping, rotJ0, rotJ1, offset) => [error, recommendedStepSize, ...data]'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; stiffness: MatrixValue; damping: MatrixValue; rotationMarker0: MatrixValue; rotationMarker1: MatrixValue;
  offset: VectorValue; intrinsicFormulation: boolean; activeConnector: boolean;
  springForceTorqueUserFunction: UserFunctionValue<RigidBodySpringForceTorqueUserFunction>;
  postNewtonStepUserFunction: UserFunctionValue<RigidBodyPostNewtonStepUserFunction>;
};

/**
 * Run-time model of a 6D spring-damper between two rigid markers. The damping Jacobian ∂(ode2Lhs)/∂u is analytic (the
 * force law is linear in the relative velocities, without user function); ∂/∂q is numerical, as in Exudyn.
 */
class RigidBodySpringDamperModel implements Only<ObjectModel, RigidBodySpringDamperModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  private readonly markers: RigidMarkerPair;
  private readonly stiffness: Float64Array;
  private readonly damping: Float64Array;
  private readonly offset: Float64Array;
  /** The joint frame Aj in which displacements and forces are measured. */
  private readonly aJoint = new Float64Array(9);
  /** [uPos, uRot] and [vPos, vRot] in the joint frame. */
  private readonly u6 = new Float64Array(6);
  private readonly v6 = new Float64Array(6);
  /** Joint-frame force and torque f6. */
  private readonly f6 = new Float64Array(6);
  private readonly work9 = new Float64Array(9);
  private readonly work3 = new Float64Array(3);
  private readonly work3b = new Float64Array(3);
  private readonly work3c = new Float64Array(3);
  private readonly forceGlobal = new Float64Array(3);
  private readonly torque0 = new Float64Array(3);
  private readonly torque1 = new Float64Array(3);
  /** The lever w = Aj(−½ uPos) of the intrinsic formulation's extra torque w × F. */
  private readonly lever = new Float64Array(3);
  /** One column of the damping Jacobian: the joint-frame relative twist and the force law's response to it. */
  private readonly columnTwist = new Float64Array(6);
  private readonly columnForce = new Float64Array(6);
  /** True if a damping entry is nonzero. */
  private readonly hasDamping: boolean;
  /** The damping Jacobian, n_local × n_local row-major (sized at bind). */
  private dampingWork = new Float64Array(0);
  /**
   * Adds factor·∂(ode2Lhs)/∂u; defined only without springForceTorqueUserFunction (whose dependence on the velocities
   * is unknown: numerical then).
   */
  ode2Lhs_u?: (s: ItemState, target: LocalMatrixAccumulator, factor: number) => void;
  /** Arguments handed to the user function, refreshed before each call. */
  private readonly argument = {
    displacement: [0, 0, 0], rotation: [0, 0, 0], velocity: [0, 0, 0], angularVelocity: [0, 0, 0],
    stiffness: zero6.map((row) => row.slice()), damping: zero6.map((row) => row.slice()),
    rotJ0: [[0, 0, 0], [0, 0, 0], [0, 0, 0]], rotJ1: [[0, 0, 0], [0, 0, 0], [0, 0, 0]], offset: [0, 0, 0, 0, 0, 0],
  };

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.markers = new RigidMarkerPair(label, v.markerNumbers, { rotationMarker0: v.rotationMarker0, rotationMarker1: v.rotationMarker1, rotationMarker0FromLeft: true });
    this.stiffness = Float64Array.from(v.stiffness.flat());
    this.damping = Float64Array.from(v.damping.flat());
    this.offset = Float64Array.from(v.offset);
    this.hasDamping = this.damping.some((x) => x !== 0);
    if (v.springForceTorqueUserFunction === 0) this.ode2Lhs_u = this.dampingJacobian;
  }

  private dataNode: NodeModel | undefined;
  /** The data coordinates handed to postNewtonStepUserFunction (sized at bind). */
  private dataArgument: number[] = [];

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    const neededFor = this.v.postNewtonStepUserFunction === 0 ? undefined : 'for postNewtonStepUserFunction';
    this.dataNode = bindDataNode(context, this.label, this.v.nodeNumber, undefined, neededFor);
    this.dataArgument = new Array<number>(this.dataNode?.nData ?? 0).fill(0);
    const n = this.markers.n0 + this.markers.n1;
    this.dampingWork = new Float64Array(n * n);
  }

  /**
   * factor·∂(ode2Lhs)/∂u. The relative velocities are linear in u, [Δv; Δω] = E u with E = [−J0, J1; −G0, G1] (positionJacobian
   * = ∂v/∂u, rotationJacobian = ∂ω/∂u of the markers), and Aj does not depend on u, so a column e = E δu gives
   * δf6 = D [Ajᵀe_v; Ajᵀe_ω], δF = Aj δf6[0:3], δT = Aj δf6[3:6] and the generalized forces of ode2Lhs with them
   * (the intrinsic torque w × δF with the lever w = Aj(−½ uPos), fixed at fixed q).
   */
  private dampingJacobian(s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    if (!this.v.activeConnector || !this.hasDamping) return;
    this.evaluate(s, false);
    const { markers, aJoint: a, damping: dm, lever: w, dampingWork: m, u6 } = this;
    markers.evaluateJacobians(s);
    markers.evaluateRotationJacobians(s);
    const { n0, n1, jacobian0: j0, jacobian1: j1, rotationJacobian0: g0, rotationJacobian1: g1 } = markers;
    const n = n0 + n1;
    if (this.v.intrinsicFormulation) {
      const x = -0.5 * u6[0], y = -0.5 * u6[1], z = -0.5 * u6[2];
      for (let i = 0; i < 3; i++) w[i] = a[3 * i] * x + a[3 * i + 1] * y + a[3 * i + 2] * z;
    } else {
      w[0] = 0; w[1] = 0; w[2] = 0;
    }
    const b = this.columnTwist, h = this.columnForce;
    for (let c = 0; c < n; c++) {
      // e = E column c, b = blockdiag(Ajᵀ, Ajᵀ) e
      const sign = c < n0 ? -1 : 1;
      const j = c < n0 ? j0 : j1, g = c < n0 ? g0 : g1, nm = c < n0 ? n0 : n1, k = c < n0 ? c : c - n0;
      const ev0 = sign * j[k], ev1 = sign * j[nm + k], ev2 = sign * j[2 * nm + k];
      const ew0 = sign * g[k], ew1 = sign * g[nm + k], ew2 = sign * g[2 * nm + k];
      for (let i = 0; i < 3; i++) {
        b[i] = a[i] * ev0 + a[3 + i] * ev1 + a[6 + i] * ev2;
        b[3 + i] = a[i] * ew0 + a[3 + i] * ew1 + a[6 + i] * ew2;
      }
      for (let i = 0; i < 6; i++) {
        let sum = 0;
        for (let l = 0; l < 6; l++) sum += dm[6 * i + l] * b[l];
        h[i] = sum;
      }
      const fx = a[0] * h[0] + a[1] * h[1] + a[2] * h[2], fy = a[3] * h[0] + a[4] * h[1] + a[5] * h[2], fz = a[6] * h[0] + a[7] * h[1] + a[8] * h[2];
      const tx = a[0] * h[3] + a[1] * h[4] + a[2] * h[5], ty = a[3] * h[3] + a[4] * h[4] + a[5] * h[5], tz = a[6] * h[3] + a[7] * h[4] + a[8] * h[5];
      const ex = w[1] * fz - w[2] * fy, ey = w[2] * fx - w[0] * fz, ez = w[0] * fy - w[1] * fx;
      for (let r = 0; r < n0; r++) {
        m[r * n + c] = -(j0[r] * fx + j0[n0 + r] * fy + j0[2 * n0 + r] * fz) + g0[r] * (ex - tx) + g0[n0 + r] * (ey - ty) + g0[2 * n0 + r] * (ez - tz);
      }
      for (let r = 0; r < n1; r++) {
        m[(n0 + r) * n + c] = j1[r] * fx + j1[n1 + r] * fy + j1[2 * n1 + r] * fz + g1[r] * (ex + tx) + g1[n1 + r] * (ey + ty) + g1[2 * n1 + r] * (ez + tz);
      }
    }
    target.addBlock(0, 0, n, n, m, 0, n, factor);
  }

  /** Updates the joint frame Aj, u6, v6 and (computeForce) the joint-frame force f6. */
  private evaluate(s: ItemState, computeForce: boolean): void {
    const { markers, aJoint, u6, v6, work9, work3 } = this;
    const { a0All } = markers;
    markers.evaluateRelative(s);
    markers.evaluateFrames(s);
    markers.evaluateAngularVelocities(s);
    markers.relativeRotation(work9);
    if (this.v.intrinsicFormulation) {
      // log of HT0⁻¹HT1 = (A0allᵀA1all, A0allᵀp1 − A0allᵀp0): uRot = log(A0allᵀA1all), uPos = T_exp(uRot)⁻ᵀ(A0allᵀp1 − A0allᵀp0);
      // mid frame HT0·exp(½[uPos, uRot]) has the rotation A0all·exp(½ uRot). The translation and the logarithm are
      // evaluated in Exudyn's order of operations (see logSO3TraceFormula): free bodies on these springs can be
      // chaotic, and last-bit differences then grow to 1e-7 in Exudyn's rigidBodySpringDamperIntrinsic test.
      logSO3TraceFormula(work3, work9);
      const dLocal = mat3TransposeMulVecInto(this.work3b, a0All, markers.p1);
      const p0Local = mat3TransposeMulVecInto(this.work3c, a0All, markers.p0);
      for (let i = 0; i < 3; i++) dLocal[i] += -p0Local[i];
      tExpSO3InvInto(work9, work3);
      mat3TransposeMulVecInto(dLocal, work9, dLocal);
      for (let i = 0; i < 3; i++) { u6[i] = dLocal[i]; u6[3 + i] = work3[i]; }
      for (let i = 0; i < 3; i++) work3[i] *= 0.5;
      mat3MulInto(aJoint, a0All, expSO3Into(work9, work3));
    } else {
      aJoint.set(a0All);
      rotationMatrix2RotXYZInto(work3, work9);
      const dLocal = mat3TransposeMulVecInto(this.work3b, aJoint, markers.dp);
      for (let i = 0; i < 3; i++) { u6[i] = dLocal[i]; u6[3 + i] = work3[i]; }
    }
    for (let i = 3; i < 6; i++) if (u6[i] > Math.PI) u6[i] -= 2 * Math.PI;
    const vLocal = mat3TransposeMulVecInto(work3, aJoint, markers.dv);
    for (let i = 0; i < 3; i++) v6[i] = vLocal[i];
    const w1 = markers.relativeAngularVelocity(work3);
    mat3TransposeMulVecInto(w1, aJoint, w1);
    for (let i = 0; i < 3; i++) v6[3 + i] = w1[i];
    if (computeForce) this.forceLaw(s);
  }

  /** f6 = K (u6 − offset) + D v6, or the user function of the raw u6, v6. */
  private forceLaw(s: ItemState): void {
    const { u6, v6, f6, stiffness: k, damping: d, offset } = this;
    const uf = this.v.springForceTorqueUserFunction;
    if (uf === 0) {
      for (let i = 0; i < 6; i++) {
        let sum = 0;
        for (let j = 0; j < 6; j++) sum += k[6 * i + j] * (u6[j] - offset[j]);
        let damping = 0;
        for (let j = 0; j < 6; j++) damping += d[6 * i + j] * v6[j];
        f6[i] = sum + damping;
      }
      return;
    }
    const a = this.userArguments();
    const result = uf(s.mbs, s.t, this.label.index, a.displacement, a.rotation, a.velocity, a.angularVelocity, a.stiffness, a.damping, a.rotJ0, a.rotJ1, a.offset);
    if (result === null || typeof result !== 'object' || result.length !== 6) itemError(this.label, 'springForceTorqueUserFunction', `must return 6 numbers (force, torque), got ${describeValue(result)}`);
    for (let i = 0; i < 6; i++) {
      if (typeof result[i] !== 'number' || !Number.isFinite(result[i])) itemError(this.label, 'springForceTorqueUserFunction', `must return finite numbers, got ${describeValue(result[i])} at entry ${i}`);
      f6[i] = result[i];
    }
  }

  /** The user functions' arguments from u6, v6 and the parameters (arrays reused from call to call). */
  private userArguments(): RigidBodySpringDamperModel['argument'] {
    const { u6, v6, stiffness: k, damping: d, offset } = this;
    const a = this.argument;
    for (let i = 0; i < 3; i++) {
      a.displacement[i] = u6[i]; a.rotation[i] = u6[3 + i]; a.velocity[i] = v6[i]; a.angularVelocity[i] = v6[3 + i];
      for (let j = 0; j < 3; j++) { a.rotJ0[i][j] = this.markers.r0[3 * i + j]; a.rotJ1[i][j] = this.markers.r1[3 * i + j]; }
    }
    for (let i = 0; i < 6; i++) {
      a.offset[i] = offset[i];
      for (let j = 0; j < 6; j++) { a.stiffness[i][j] = k[6 * i + j]; a.damping[i][j] = d[6 * i + j]; }
    }
    return a;
  }

  /**
   * Calls postNewtonStepUserFunction (active connector with data node, as Exudyn) with the data coordinates of s and the
   * force-law arguments, stores the returned data coordinates in s and returns its error (negative errors count as 0,
   * as in Exudyn, which takes the largest error of all items); the recommended step size goes to out.
   */
  postNewtonStep(s: ItemState, _startOfStep: ItemState, out: PostNewtonOutput): number {
    const uf = this.v.postNewtonStepUserFunction;
    const node = this.dataNode;
    if (uf === 0 || node === undefined || !this.v.activeConnector) return 0;
    this.evaluate(s, false);
    const a = this.userArguments();
    const data = this.dataArgument;
    const start = node.dataIndex;
    for (let i = 0; i < data.length; i++) data[i] = s.data[start + i];
    const result = uf(s.mbs, s.t, this.label.index, data, a.displacement, a.rotation, a.velocity, a.angularVelocity, a.stiffness, a.damping, a.rotJ0, a.rotJ1, a.offset);
    if (result === null || typeof result !== 'object' || result.length !== data.length + 2) {
      itemError(this.label, 'postNewtonStepUserFunction', `must return [error, recommendedStepSize, ...${data.length} data coordinates] (${data.length + 2} numbers), got ${describeValue(result)}`);
    }
    for (let i = 0; i < result.length; i++) {
      if (typeof result[i] !== 'number' || !Number.isFinite(result[i])) itemError(this.label, 'postNewtonStepUserFunction', `must return finite numbers, got ${describeValue(result[i])} at entry ${i}`);
    }
    for (let i = 0; i < data.length; i++) s.data[start + i] = result[i + 2];
    out.recommendedStepSize = result[1];
    return Math.max(result[0], 0);
  }

  /**
   * Global force F = Aj f6[0:3] and torque T = Aj f6[3:6]: lhs(m1) += J1ᵀF + G1ᵀ(T + τ), lhs(m0) += −J0ᵀF + G0ᵀ(−T + τ),
   * with τ = (Aj(−½ uPos)) × F in the intrinsic formulation (force applied at the mid point), else 0.
   */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s, true);
    const { markers, aJoint, f6, forceGlobal: force, torque0, torque1, work3 } = this;
    mat3MulVecInto(force, aJoint, f6);
    for (let i = 0; i < 3; i++) work3[i] = f6[3 + i];
    mat3MulVecInto(torque1, aJoint, work3);
    for (let i = 0; i < 3; i++) torque0[i] = -torque1[i];
    if (this.v.intrinsicFormulation) {
      for (let i = 0; i < 3; i++) work3[i] = -0.5 * this.u6[i];
      mat3MulVecInto(work3, aJoint, work3);
      const extra = cross3Into(work3, work3, force);
      for (let i = 0; i < 3; i++) { torque0[i] += extra[i]; torque1[i] += extra[i]; }
    }
    markers.evaluateJacobians(s);
    const { n0, n1 } = markers;
    markers.evaluateRotationJacobians(s);
    addTransposed(markers.jacobian0, n0, force, -1, f, 0);
    addTransposed(markers.rotationJacobian0, n0, torque0, 1, f, 0);
    addTransposed(markers.jacobian1, n1, force, 1, f, n0);
    addTransposed(markers.rotationJacobian1, n1, torque1, 1, f, n0);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const force = variable === OutputVariableType.ForceLocal || variable === OutputVariableType.TorqueLocal;
    this.evaluate(s, force);
    const { u6, v6, f6 } = this;
    switch (variable) {
      case OutputVariableType.DisplacementLocal: return Array.from(u6.subarray(0, 3));
      case OutputVariableType.Rotation: return Array.from(u6.subarray(3, 6));
      case OutputVariableType.VelocityLocal: return Array.from(v6.subarray(0, 3));
      case OutputVariableType.AngularVelocityLocal: return Array.from(v6.subarray(3, 6));
      case OutputVariableType.ForceLocal: return Array.from(f6.subarray(0, 3));
      case OutputVariableType.TorqueLocal: return Array.from(f6.subarray(3, 6));
      default: return undefined;
    }
  }
}

/**
 * out = log(A) through the Euler parameters of the trace formula, e0 = ½√|1 + tr A|, e = (A21 − A12, A02 − A20, A10 − A01)/(4e0),
 * log = 2 atan2(|e|, e0) e/|e|, in Exudyn's order of operations (LogSO3Vector); its accuracy degrades near 180°, where
 * (|1 + tr A| ≤ 1e-15) the shared logSO3Into (largest Euler parameter first) takes over.
 */
function logSO3TraceFormula(out: Float64Array, a: Float64Array): Float64Array {
  const trace = a[0] + a[4] + a[8] + 1;
  if (Math.abs(trace) <= 1e-15) return logSO3Into(out, a);
  const s = 0.5 / Math.sqrt(Math.abs(trace));
  const e0 = 0.25 / s;
  const e1 = (a[7] - a[5]) * s, e2 = (a[2] - a[6]) * s, e3 = (a[3] - a[1]) * s;
  const norm = Math.sqrt(e1 * e1 + e2 * e2 + e3 * e3);
  const phi = 2 * Math.atan2(norm, e0);
  const f = norm === 0 ? 0 : 1 / norm;
  out[0] = phi * (f * e1); out[1] = phi * (f * e2); out[2] = phi * (f * e3);
  return out;
}

/** f[offset + k] += sign · (Jᵀ x)_k for a 3 × n Jacobian J (row-major). */
function addTransposed(j: Float64Array, n: number, x: ArrayLike<number>, sign: number, f: Float64Array, offset: number): void {
  for (let k = 0; k < n; k++) f[offset + k] += sign * (j[k] * x[0] + j[n + k] * x[1] + j[2 * n + k] * x[2]);
}

/** A 6D spring-damper between two rigid markers (Exudyn's ObjectConnectorRigidBodySpringDamper, alias RigidBodySpringDamper). */
export const objectConnectorRigidBodySpringDamperDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorRigidBodySpringDamper',
  aliases: ['RigidBodySpringDamper'],
  description: 'Translational, rotational and coupled springs and dampers between two rigid markers, measured in a joint frame: '
    + '[f, m] = K([Δp, θ] − offset) + D[Δv, Δω] (or the user function). Without the intrinsic formulation, Δp = A0allᵀ(p1 − p0) and '
    + 'θ = RotXYZ(A0allᵀ A1all) (Tait–Bryan angles; meant for small rotations except about one axis), joint frame A0all. '
    + 'With a data node (nodeNumber, NodeGenericData) a postNewtonStepUserFunction can switch states in the discontinuous iteration: it '
    + 'receives the data coordinates and the force-law arguments and returns [error, recommended step size, new data coordinates]. '
    + 'The Jacobian is numerical in the coordinates, as in Exudyn, and analytic in the velocities (without user function).',
  parameters,
  outputVariables: [OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal, OutputVariableType.Rotation,
    OutputVariableType.AngularVelocityLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal],
  equations: 'A0all = R0·A0 (rotationMarker0 from the left, Exudyn\'s convention), A1all = A1·R1. Standard: Aj = A0all, uPos = Ajᵀ(p1 − p0), '
    + 'uRot = RotXYZ(AjᵀA1all). Intrinsic: uRot = log(A0allᵀA1all), uPos = T_exp(uRot)⁻ᵀ A0allᵀ(p1 − p0) (SE(3) logarithm; evaluated in Exudyn\'s order of operations, the log through the trace formula of the Euler parameters), '
    + 'Aj = A0all exp(½ uRot). Rotation entries > π are shifted by −2π. vPos = Ajᵀ(v1 − v0), vRot = Ajᵀ(A1ω̄1 − A0ω̄0). '
    + 'f6 = K(u6 − offset) + D v6; F = Aj f6[0:3], T = Aj f6[3:6]; LHS(m1) = J1ᵀF + G1ᵀ(T + τ), LHS(m0) = −J0ᵀF + G0ᵀ(−T + τ), '
    + 'τ = (Aj(−½uPos)) × F in the intrinsic formulation, else 0. Outputs: DisplacementLocal uPos, Rotation uRot, VelocityLocal vPos, '
    + 'AngularVelocityLocal vRot, ForceLocal f6[0:3], TorqueLocal f6[3:6] (evaluated also when inactive, as in Exudyn).',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [i, 0.1 * i, 0, 1, 0, 0, 0], initialVelocities: [0.1, 0, 0.2 * i, 0, 0.1, -0.2 * i, 0.3] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.5 - i, 0.1, -0.05 * i] }));
    return mbs.addObject({ objectType: 'ConnectorRigidBodySpringDamper', markerNumbers: markers, stiffness: Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i === j ? 20 + 5 * i : 1))), damping: Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i === j ? 0.5 : 0.05))), rotationMarker0: [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]], offset: [0.1, 0, -0.1, 0.2, 0, 0.1] });
  },
  validate: (v, label) => {
    // Without a user function the matrices are springs and dampers; with one they are only its arguments.
    if (v.springForceTorqueUserFunction !== 0) return;
    checkPassiveMatrix(label, 'stiffness', v.stiffness, 'else a small relative motion is pushed further away');
    checkPassiveMatrix(label, 'damping', v.damping, 'else a small relative motion gains energy');
  },
  create: (v, label) => new RigidBodySpringDamperModel(label, v),
};

/** Factory for a rigid-body spring-damper. */
export const ObjectConnectorRigidBodySpringDamper = makeFactory(objectConnectorRigidBodySpringDamperDefinition);
/** Exudyn's alias of {@link ObjectConnectorRigidBodySpringDamper}. */
export const RigidBodySpringDamper = ObjectConnectorRigidBodySpringDamper;
