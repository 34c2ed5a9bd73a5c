import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only, PostNewtonOutput } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { checkPassiveMatrix } from '../../registry/physicalChecks.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, matrix, nodeIndex, userFunction, vector, type MatrixValue, type UserFunctionValue, type VectorValue } from '../../registry/parameters.ts';
import { expSO3Into, logSO3Into, rotationMatrix2RotXYZInto, tExpSO3InvInto, tExpSO3Into } from '../../rotations/rotationMatrices.ts';
import { cross3Into, hypot2, hypot3, mat3MulVecInto, mat3TransposeMulInto, mat3TransposeMulVecInto } from '../../rotations/skew.ts';
import { rotationMarkerParameter } from './jointKernel.ts';
import { NodeMarkerInputs, RigidMarkerPair, bindDataNode, nodeMarkerKind } from './connectorBase.ts';
import { float64Views } from '../../linalg/arrays.ts';
import { rigidBodySpringDamperKernels, rigidBodySpringDamperMarkerCapacity, type RigidBodySpringDamperKernels } from './rigidBodySpringDamperKernels.ts';
import { translationSpringDamperSetupDoubles, translationSpringDamperSlot, type TranslationSpringDamperKernels } from './translationSpringDamperKernels.ts';
import { intrinsicSpringDamperSetupDoubles, intrinsicSpringDamperSlot, type IntrinsicSpringDamperKernels } from './intrinsicSpringDamperKernels.ts';
import type { KernelRegion } from './kernelRegions.ts';
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
/** The unit vectors e_0, e_1, e_2 (read only). */
const unitAxes = [Float64Array.of(1, 0, 0), Float64Array.of(0, 1, 0), Float64Array.of(0, 0, 1)];

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
 * Run-time model of a 6D spring-damper between two rigid markers. Without user function both Jacobians are analytic:
 * ∂(ode2Lhs)/∂u (the force law is linear in the relative velocities) and ∂(ode2Lhs)/∂q (when both markers give the
 * derivatives of their Jacobians and angular velocities, see {@link RigidMarkerPair.rotationDerivativesAvailable});
 * otherwise numerical, as in Exudyn.
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
  private readonly forceGlobal = new Float64Array(3);
  private readonly torque0 = new Float64Array(3);
  private readonly torque1 = new Float64Array(3);
  /** The lever w = Aj(−½ uPos) of the intrinsic formulation's extra torque w × F. */
  private readonly lever = new Float64Array(3);
  /** One column of the damping Jacobian: the joint-frame relative twist and the force law's response to it. */
  private readonly columnTwist = new Float64Array(6);
  private readonly columnForce = new Float64Array(6);
  /** True if each marker with coordinates adds its loads without the Jacobians (addForceTorqueTransposed; set at bind). */
  private forceTorqueDirect = false;
  /** True if a damping entry is nonzero. */
  private readonly hasDamping: boolean;
  /**
   * True for the standard formulation without user function whose stiffness and damping act on translations only
   * (rows and columns 3–5 zero): ode2Lhs then needs neither the relative rotation nor the angular velocities.
   */
  private readonly translationOnly: boolean;
  /** The damping or stiffness Jacobian, n_local × n_local row-major (sized at bind). */
  private dampingWork = new Float64Array(0);
  /**
   * The q-Jacobian's kinematics: ∂v/∂q and ∂ω/∂q of both markers (3 × n0, 3 × n1; zero without the capability), of
   * marker i one after the other in rates_i (sized at bind; for one `set` into the kernel's memory).
   */
  private rates0 = new Float64Array(0);
  private rates1 = new Float64Array(0);
  private velocityQ0 = new Float64Array(0);
  private velocityQ1 = new Float64Array(0);
  private angularQ0 = new Float64Array(0);
  private angularQ1 = new Float64Array(0);
  /**
   * The markers' derivatives along the directions their rotation Jacobians miss (Euler parameters' radial direction,
   * addRotatedVectorNullDirection): of the columns A e_0, A e_1, A e_2 and of the lever A x (x = Aᵀ(p − p_node), the
   * marker's position from its node), 3 × n_i each, of marker i one after the other in nullDirectionBlock_i (sized at bind).
   */
  private nullDirectionBlock0 = new Float64Array(0);
  private nullDirectionBlock1 = new Float64Array(0);
  private nullDirections0: Float64Array[] = [];
  private nullDirections1: Float64Array[] = [];
  /** The lever x of a marker (work). */
  private readonly leverLocal = new Float64Array(3);
  /**
   * The kernel slot of a translation-only connector whose markers are fixed or on Euler-parameter nodes
   * (nodeMarkerKind ≥ 0): ode2Lhs forms the markers' kinematics and the loads in one call (translationSpringDamperKernels.ts;
   * set in bind), undefined for the others.
   */
  private nodeSlot: KernelRegion<TranslationSpringDamperKernels> | undefined = undefined;
  /**
   * The kernel slot of an intrinsic connector without user function whose markers are fixed or on rigid bodies on
   * Euler-parameter nodes (nodeMarkerKind ≥ 0, the bodies' addForceTorqueTransposed): ode2Lhs forms the markers'
   * kinematics, the force law and the loads in one call (intrinsicSpringDamperKernels.ts; set in bind), undefined for the others.
   */
  private intrinsicSlot: KernelRegion<IntrinsicSpringDamperKernels> | undefined = undefined;
  /** True after an evaluate by the kernel (evaluateNodes), which also gave the markers' Jacobians and null directions. */
  private jacobiansFromNodes = false;
  /** The markers' kinds, nodes and constants of {@link RigidBodySpringDamperModel.nodeSlot} and intrinsicSlot (nodeMarkerKind). */
  private readonly nodeInputs = new NodeMarkerInputs();
  /** The q-Jacobian's loads at the state (see stiffnessJacobian): the force −F on marker 0 and the joint torque T. */
  private readonly force0 = new Float64Array(3);
  private readonly torqueJ = new Float64Array(3);
  /**
   * Adds factor·∂(ode2Lhs)/∂u; defined only without springForceTorqueUserFunction (whose dependence on the velocities
   * is unknown: numerical then).
   */
  ode2Lhs_u?: (s: ItemState, target: LocalMatrixAccumulator, factor: number) => void;
  /**
   * Adds factor·∂(ode2Lhs)/∂Δq; defined at bind without springForceTorqueUserFunction when both markers give the
   * derivatives of their Jacobians and angular velocities (else numerical).
   */
  ode2Lhs_q?: (s: ItemState, target: LocalMatrixAccumulator, factor: number) => void;
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
    const rotational = (x: number, index: number) => x !== 0 && (index % 6 >= 3 || index >= 18);
    this.translationOnly = !v.intrinsicFormulation && v.springForceTorqueUserFunction === 0 && !this.stiffness.some(rotational) && !this.damping.some(rotational);
    if (v.springForceTorqueUserFunction === 0) this.ode2Lhs_u = this.translationOnly ? this.translationDampingJacobian : this.dampingJacobian;
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
    const { n0, n1 } = this.markers;
    const n = n0 + n1;
    this.dampingWork = new Float64Array(n * n);
    // the kernel's memory has room for markers of up to rigidBodySpringDamperMarkerCapacity coordinates (rigid bodies
    // have 7); larger ones (none offers the derivatives yet) get the numerical Jacobian
    const capacity = rigidBodySpringDamperMarkerCapacity;
    const analytic = this.v.springForceTorqueUserFunction === 0 && this.markers.rotationDerivativesAvailable;
    const fits = n0 <= capacity && n1 <= capacity;
    this.ode2Lhs_q = analytic && fits ? this.stiffnessJacobian : undefined;
    // a translation-only connector on larger markers takes the general damping Jacobian (the same entries, see translationDampingJacobian)
    if (this.ode2Lhs_u !== undefined) this.ode2Lhs_u = this.translationOnly && fits ? this.translationDampingJacobian : this.dampingJacobian;
    [this.nullDirectionBlock0, this.nullDirectionBlock1, this.rates0, this.rates1] = float64Views([12 * n0, 12 * n1, 6 * n0, 6 * n1]);
    [this.velocityQ0, this.angularQ0] = [this.rates0.subarray(0, 3 * n0), this.rates0.subarray(3 * n0)];
    [this.velocityQ1, this.angularQ1] = [this.rates1.subarray(0, 3 * n1), this.rates1.subarray(3 * n1)];
    this.nullDirections0 = [0, 1, 2, 3].map((j) => this.nullDirectionBlock0.subarray(3 * n0 * j, 3 * n0 * (j + 1)));
    this.nullDirections1 = [0, 1, 2, 3].map((j) => this.nullDirectionBlock1.subarray(3 * n1 * j, 3 * n1 * (j + 1)));
    const { marker0, marker1 } = this.markers;
    this.forceTorqueDirect = (n0 === 0 || marker0.addForceTorqueTransposed !== undefined) && (n1 === 0 || marker1.addForceTorqueTransposed !== undefined);
    this.bindNodeSlot();
  }

  /**
   * The slot of {@link RigidBodySpringDamperModel.nodeSlot} with the connector's set-up (R0, the translational blocks of K
   * and D, the offset), for a translation-only connector whose markers are fixed or on Euler-parameter nodes; or that of
   * {@link RigidBodySpringDamperModel.intrinsicSlot} (R0, R1, K, D, the offset).
   */
  private bindNodeSlot(): void {
    const { marker0, marker1, n0, n1 } = this.markers;
    const kind0 = nodeMarkerKind(marker0, n0), kind1 = nodeMarkerKind(marker1, n1);
    this.nodeSlot = undefined;
    this.intrinsicSlot = undefined;
    if (kind0 < 0 || kind1 < 0) return;
    if (this.v.intrinsicFormulation && this.v.springForceTorqueUserFunction === 0 && this.forceTorqueDirect) {
      const slot = intrinsicSpringDamperSlot(), region = slot.region;
      region.set(this.markers.r0, 0);
      region.set(this.markers.r1, 9);
      region.set(this.stiffness, 18);
      region.set(this.damping, 54);
      region.set(this.offset, 90);
      this.intrinsicSlot = slot;
      this.nodeInputs.bind(this.markers, kind0, kind1, region.subarray(intrinsicSpringDamperSetupDoubles));
      return;
    }
    if (!this.translationOnly) return;
    const slot = translationSpringDamperSlot(), region = slot.region, k = this.stiffness, d = this.damping;
    region.set(this.markers.r0, 0);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        region[9 + 3 * i + j] = k[6 * i + j];
        region[18 + 3 * i + j] = d[6 * i + j];
      }
      region[27 + i] = this.offset[i];
    }
    this.nodeSlot = slot;
    this.nodeInputs.bind(this.markers, kind0, kind1, region.subarray(translationSpringDamperSetupDoubles));
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
    if (!this.jacobiansFromNodes) {
      markers.evaluateJacobians(s);
      markers.evaluateRotationJacobians(s);
    }
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

  /**
   * {@link RigidBodySpringDamperModel.dampingJacobian} of a translation-only connector
   * ({@link RigidBodySpringDamperModel.translationOnly}): the damping's rotational rows and columns are zero, so the
   * twist's rotational half, the joint torque δT and the rotation Jacobians' terms add only zeros of either sign to the
   * columns (for a finite state; a zero's sign vanishes when the column is added into the system matrix, whose entries
   * start from +0). The entries are therefore dampingJacobian's, from the translational products alone, in their order,
   * computed by the kernel's translationDampingColumns (rigidBodySpringDamperKernelsSource.ts; Aj = A0all): a Jacobian
   * of modified Newton runs in baseline code in a fresh process, where each product of JavaScript costs a boxed number.
   */
  private translationDampingJacobian(s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    if (!this.v.activeConnector || !this.hasDamping) return;
    const { markers } = this;
    markers.evaluateRelativeAndFrames(s, false);
    markers.evaluateJacobians(s);
    const { n0, n1 } = markers;
    const k = rigidBodySpringDamperKernels();
    k.aj.set(markers.a0All); k.damping.set(this.damping); k.j0.set(markers.jacobian0); k.j1.set(markers.jacobian1);
    k.translationDampingColumns(n0, n1);
    target.addBlock(0, 0, n0 + n1, n0 + n1, k.m, 0, n0 + n1, factor);
  }

  /**
   * The q-Jacobian's kinematics of marker i (after evaluate and the Jacobians): with damping, ∂v/∂q and ∂ω/∂q at fixed
   * u (zero without velocity_q); when the marker has addRotatedVectorNullDirection, its derivatives along those
   * directions into nd (A e_0, A e_1, A e_2, the lever A x with x = Aᵀ(p − p_node)) and, with damping, ω = A ω̄'s
   * (2(A − I)ω̄ besides angularVelocity_q's ∂(Gṗ)/∂p; v's, of A(ω̄ × x), is in the marker's velocity_q). Returns true
   * if nd was written.
   */
  private markerNullDirections(s: ItemState, i: 0 | 1, nd: Float64Array[], vq: Float64Array, wq: Float64Array): boolean {
    const { markers, hasDamping } = this;
    const marker = i === 0 ? markers.marker0 : markers.marker1;
    if (hasDamping) {
      vq.fill(0);
      marker.velocity_q?.(s, vq);
      marker.angularVelocity_q!(s, wq);
    }
    if (marker.addRotatedVectorNullDirection === undefined) return false;
    const a = i === 0 ? markers.a0 : markers.a1, p = i === 0 ? markers.p0 : markers.p1, omega = i === 0 ? markers.omega0 : markers.omega1;
    if (this.jacobiansFromNodes) {
      // the kernel's (evaluateNodes), the same numbers
      const k = this.intrinsicSlot!.kernels;
      (i === 0 ? this.nullDirectionBlock0 : this.nullDirectionBlock1).set(i === 0 ? k.nd0 : k.nd1);
      if (hasDamping) marker.addRotatedVectorNullDirection(s, omega, wq);
      return true;
    }
    const x = this.leverLocal, e = this.work3;
    // a short loop body: V8 counts it per pass, and rigidBodySpringDamperIntrinsic's calls reached the optimizing
    // compiler at their end when it formed each unit vector here
    for (let j = 0; j < 3; j++) {
      nd[j].fill(0);
      marker.addRotatedVectorNullDirection(s, unitAxes[j], nd[j]);
    }
    const node = marker.nodes[0];
    if (node.position === undefined) { x[0] = 0; x[1] = 0; x[2] = 0; } else {
      node.position(s, e);
      for (let j = 0; j < 3; j++) e[j] = p[j] - e[j];
      mat3TransposeMulVecInto(x, a, e);
    }
    nd[3].fill(0);
    marker.addRotatedVectorNullDirection(s, x, nd[3]);
    // v's part A(ω̄ × x) along these directions is the marker's velocity_q already
    if (hasDamping) marker.addRotatedVectorNullDirection(s, omega, wq);
    return true;
  }

  /**
   * factor·∂(ode2Lhs)/∂Δq, ode2Lhs's formulas differentiated column by column: a coordinate e of marker i moves it by
   * δp_i = J_i e and turns it by δθ_i = G_i e (δA_i = δθ̃_i A_i), and changes its velocities at fixed u by ∂v_i/∂q e and
   * ∂ω_i/∂q e (velocity_q, angularVelocity_q; zero without them). With δA0all = R0 δA0 and δA1all = δA1 R1 the relative
   * rotation M = A0allᵀA1all changes by δM and uRot by the derivative of its logarithm (trace formula,
   * {@link logDerivativeCoefficients}) or of its Tait–Bryan angles. Intrinsic: d = A0allᵀΔp, uPos = T⁻ᵀd with
   * T⁻¹ = T_exp(uRot)⁻¹ ({@link tExpInverseDerivativeCoefficients}), Aj = A0all E with E = exp(½uRot),
   * δAj = δA0all E + Aj (T_exp(½uRot) ½δuRot)~; standard: Aj = A0all, uPos = AjᵀΔp. Then δv6 = δAjᵀ[Δv; Δω] +
   * Ajᵀ[δΔv; δΔω], δf6 = K δu6 + D δv6, δF = δAj f + Aj δf (and δT), the intrinsic lever w = Aj(−½uPos) with
   * δτ = δw × F + w × δF, and the column [−J0ᵀδF + G0ᵀ(−δT + δτ); J1ᵀδF + G1ᵀ(δT + δτ)]; the markers' ∂(J_posᵀF_i +
   * J_rotᵀτ_i)/∂q at fixed loads comes last (addJacobianTransposedLoads_q). Directions the rotation Jacobians miss (the
   * radial one of Euler parameters) are added where the markers give them ({@link markerNullDirections}). At 180° relative
   * rotation (|1 + tr M| ≤ 1e-15, where ode2Lhs takes another logarithm) δuRot = T_exp(uRot)⁻¹ vee(MᵀδM), the
   * derivative on the rotation group; at the Tait–Bryan angles' singularity (cos θ1 = 0) the derivative is not defined.
   * The columns are the kernel's ({@link RigidBodySpringDamperModel.kernelColumns}, of a translation-only connector
   * {@link RigidBodySpringDamperModel.translationKernelColumns}).
   */
  private stiffnessJacobian(s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s, true);
    const { markers, aJoint: aj, u6, f6, lever: w } = this;
    if (!this.jacobiansFromNodes) {
      markers.evaluateJacobians(s);
      markers.evaluateRotationJacobians(s);
    }
    const { n0, n1 } = markers;
    const n = n0 + n1;
    const { velocityQ0: vq0, velocityQ1: vq1, angularQ0: wq0, angularQ1: wq1, nullDirections0: nd0, nullDirections1: nd1 } = this;
    const null0 = n0 > 0 && this.markerNullDirections(s, 0, nd0, vq0, wq0);
    const null1 = n1 > 0 && this.markerNullDirections(s, 1, nd1, vq1, wq1);
    // loads as in ode2Lhs: F = Aj f, T = Aj t, lever w = Aj(−½uPos) and τ = w × F (intrinsic)
    const force = mat3MulVecInto(this.forceGlobal, aj, f6);
    const tj = this.torqueJ;
    tj[0] = f6[3]; tj[1] = f6[4]; tj[2] = f6[5];
    const torque = mat3MulVecInto(tj, aj, tj);
    const { torque0, torque1, force0 } = this;
    torque0[0] = -torque[0]; torque1[0] = torque[0]; force0[0] = -force[0];
    torque0[1] = -torque[1]; torque1[1] = torque[1]; force0[1] = -force[1];
    torque0[2] = -torque[2]; torque1[2] = torque[2]; force0[2] = -force[2];
    if (this.v.intrinsicFormulation) {
      w[0] = -0.5 * u6[0]; w[1] = -0.5 * u6[1]; w[2] = -0.5 * u6[2];
      mat3MulVecInto(w, aj, w);
      const tau = cross3Into(this.work3, w, force);
      torque0[0] += tau[0]; torque1[0] += tau[0]; torque0[1] += tau[1]; torque1[1] += tau[1]; torque0[2] += tau[2]; torque1[2] += tau[2];
    }
    const m = this.translationOnly ? this.translationKernelColumns(null0, null1) : this.kernelColumns(null0, null1);
    markers.addJacobianTransposedLoads_q(s, force0, torque0, force, torque1, 1, m);
    target.addBlock(0, 0, n, n, m, 0, n, factor);
  }

  /**
   * stiffnessJacobian's n columns by the kernel (rigidBodySpringDamperKernels.ts): the state's
   * values into its views, the values that need trigonometric functions (logDerivativeCoefficients,
   * tExpInverseDerivativeCoefficients, the Tait–Bryan angles' c), then the call; returns the view of the columns.
   */
  private kernelColumns(null0: boolean, null1: boolean): Float64Array {
    const k = rigidBodySpringDamperKernels();
    const { markers, u6, hasDamping } = this;
    const { n0, n1 } = markers;
    const intrinsic = this.v.intrinsicFormulation;
    const relRot = markers.relativeRotation(k.relRot);
    k.aj.set(this.aJoint); k.u6.set(u6); k.f6.set(this.f6); k.force.set(this.forceGlobal); k.lever.set(this.lever);
    k.a0.set(markers.a0); k.a1.set(markers.a1); k.a0All.set(markers.a0All); k.a1All.set(markers.a1All);
    k.r0.set(markers.r0); k.r1.set(markers.r1); k.dp.set(markers.dp);
    k.stiffness.set(this.stiffness);
    if (hasDamping) {
      k.damping.set(this.damping); k.dv.set(markers.dv); k.rates0.set(this.rates0); k.rates1.set(this.rates1);
      markers.relativeAngularVelocity(k.omegaRel);
    }
    if (null0) k.nd0.set(this.nullDirectionBlock0);
    if (null1) k.nd1.set(this.nullDirectionBlock1);
    k.j0.set(markers.jacobian0); k.g0.set(markers.rotationJacobian0); k.j1.set(markers.jacobian1); k.g1.set(markers.rotationJacobian1);
    let nearPi = 0;
    if (intrinsic) {
      // d = A0allᵀΔp, T_exp(uRot)⁻¹, exp(½uRot), T_exp(½uRot)
      mat3TransposeMulVecInto(k.dLocal, markers.a0All, markers.dp);
      tExpSO3InvInto(k.tInverse, u6, 3);
      const half = this.work3;
      half[0] = 0.5 * u6[3]; half[1] = 0.5 * u6[4]; half[2] = 0.5 * u6[5];
      expSO3Into(k.halfExp, half);
      tExpSO3Into(k.halfTangent, half);
      nearPi = logDerivativeCoefficients(k.coefficients, relRot) ? 1 : 0;
      tExpInverseDerivativeCoefficients(k.coefficients, u6);
    } else {
      k.coefficients[7] = hypot2(relRot[5], relRot[8]);
    }
    k.stiffnessColumns(n0, n1, null0 ? 1 : 0, null1 ? 1 : 0, intrinsic ? 1 : 0, hasDamping ? 1 : 0, nearPi);
    return k.m;
  }

  /**
   * stiffnessJacobian's n columns of a translation-only connector ({@link RigidBodySpringDamperModel.translationOnly})
   * by the kernel's translationColumns: the kernel's stiffnessColumns without the relative rotation's variation δuRot,
   * the rotational half of δv6, δf6[3:6] = +0 and δT. K and D have zero rotational rows and columns, so these add only
   * zeros of either sign to the column (for a finite state away from the Tait–Bryan angles' singularity, where δuRot is
   * not defined; a zero's sign vanishes when the column is added into the system matrix, whose entries start from +0);
   * the entries are stiffnessColumns' from the remaining products, in their order. Returns the view of the columns.
   */
  private translationKernelColumns(null0: boolean, null1: boolean): Float64Array {
    const k = rigidBodySpringDamperKernels();
    const { markers, hasDamping } = this;
    const { n0, n1 } = markers;
    k.aj.set(this.aJoint); k.a0.set(markers.a0); k.r0.set(markers.r0); k.dp.set(markers.dp); k.f6.set(this.f6);
    k.stiffness.set(this.stiffness);
    if (hasDamping) {
      k.damping.set(this.damping); k.dv.set(markers.dv); k.rates0.set(this.velocityQ0); k.rates1.set(this.velocityQ1);
    }
    if (null0) k.nd0.set(this.nullDirectionBlock0);
    if (null1) k.nd1.set(this.nullDirectionBlock1);
    k.j0.set(markers.jacobian0); k.g0.set(markers.rotationJacobian0); k.j1.set(markers.jacobian1);
    k.translationColumns(n0, n1, null0 ? 1 : 0, null1 ? 1 : 0, hasDamping ? 1 : 0);
    return k.m;
  }

  /**
   * The intrinsic formulation's Aj, u6, (velocities) v6 and (linear: the force law without user function) f6, after
   * the markers' frames and (velocities) angular velocities: the log of HT0⁻¹HT1 = (A0allᵀA1all, A0allᵀp1 − A0allᵀp0),
   * uRot = log(A0allᵀA1all), uPos = T_exp(uRot)⁻ᵀ(A0allᵀp1 − A0allᵀp0); the mid frame HT0·exp(½[uPos, uRot]) has the
   * rotation Aj = A0all·exp(½ uRot). The logarithm is evaluated in Exudyn's order of operations, through the Euler
   * parameters of the trace formula (free bodies on these springs can be chaotic, and last-bit differences then grow to
   * 1e-7 in Exudyn's rigidBodySpringDamperIntrinsic test): the kernel's intrinsicLog, the atan2 here (near 180°, where
   * the formula's accuracy degrades, logSO3Into, largest Euler parameter first); then |uRot| and the sines and cosine
   * the rest needs, and the rest, with loads also the global force and the markers' torques (see ode2Lhs), by the
   * kernel's intrinsicState, in the order of operations of the JavaScript it replaced (which ran per Newton iteration in
   * a fresh process's first solve in baseline code, and cost TurboFan's compile). Returns the kernels (their views hold
   * the results).
   */
  private evaluateIntrinsic(velocities: boolean, linear: boolean, loads: boolean): RigidBodySpringDamperKernels {
    const { markers, work3 } = this;
    const k = rigidBodySpringDamperKernels();
    k.a0All.set(markers.a0All); k.a1All.set(markers.a1All);
    let x: number, y: number, z: number;
    if (k.intrinsicLog() === 0) {
      // log = 2 atan2(|e|, e0) e/|e| (the kernel's intrinsicLog)
      const terms = k.logTerms, norm = terms[1];
      const angle = 2 * Math.atan2(norm, terms[0]);
      const f = norm === 0 ? 0 : 1 / norm;
      x = angle * (f * terms[2]); y = angle * (f * terms[3]); z = angle * (f * terms[4]);
    } else {
      logSO3Into(work3, k.relRot);
      x = work3[0]; y = work3[1]; z = work3[2];
    }
    const phi = hypot3(x, y, z), half = 0.5 * phi;
    k.p0.set(markers.p0); k.p1.set(markers.p1);
    if (velocities) {
      k.dv.set(markers.dv);
      markers.relativeAngularVelocity(k.omegaRel);
    }
    if (linear) {
      k.stiffness.set(this.stiffness); k.offset.set(this.offset);
      if (this.hasDamping) k.damping.set(this.damping);
    }
    k.intrinsicState(x, y, z, phi, Math.sin(half), phi < 0.05 ? 0 : Math.cos(half), Math.sin(0.5 * half),
      velocities ? 1 : 0, linear ? 1 : 0, loads ? 1 : 0, this.hasDamping ? 1 : 0);
    this.aJoint.set(k.aj); this.u6.set(k.u6);
    if (velocities) this.v6.set(k.v6);
    if (linear) this.f6.set(k.f6);
    return k;
  }

  /**
   * ode2Lhs of the intrinsic formulation without user function: evaluateIntrinsic with the loads (velocities only with
   * damping, as evaluate's), then the markers' generalized forces from the kernel's force and torques.
   */
  private intrinsicLoads(s: ItemState, f: Float64Array): void {
    const { markers } = this;
    markers.evaluateRelativeAndFrames(s, this.hasDamping);
    if (this.hasDamping) markers.evaluateAngularVelocities(s);
    const k = this.evaluateIntrinsic(this.hasDamping, true, true);
    const { n0, n1, marker0, marker1 } = markers;
    if (this.forceTorqueDirect) {
      if (n0 > 0) marker0.addForceTorqueTransposed!(s, markers.a0, k.force, -1, k.torque0, f, 0);
      if (n1 > 0) marker1.addForceTorqueTransposed!(s, markers.a1, k.force, 1, k.torque1, f, n0);
      return;
    }
    markers.evaluateJacobians(s);
    markers.evaluateRotationJacobians(s);
    addTransposedForceTorque(markers.jacobian0, markers.rotationJacobian0, n0, k.force, -1, k.torque0, f, 0);
    addTransposedForceTorque(markers.jacobian1, markers.rotationJacobian1, n1, k.force, 1, k.torque1, f, n0);
  }

  /**
   * Updates the joint frame Aj, u6, v6 and (computeForce) the joint-frame force f6. Without velocities (for ode2Lhs of an
   * undamped connector without user function, whose force does not depend on them) v6 and the markers' velocities and
   * angular velocities are not updated.
   */
  private evaluate(s: ItemState, computeForce: boolean, velocities = true): void {
    const { markers, aJoint, u6, v6, work9, work3 } = this;
    this.jacobiansFromNodes = this.intrinsicSlot !== undefined && this.evaluateNodes(s, computeForce, velocities);
    if (this.jacobiansFromNodes) return;
    markers.evaluateRelativeAndFrames(s, velocities);
    if (velocities) markers.evaluateAngularVelocities(s);
    if (this.v.intrinsicFormulation) {
      const linear = computeForce && this.v.springForceTorqueUserFunction === 0;
      this.evaluateIntrinsic(velocities, linear, false);
      if (computeForce && !linear) this.forceLaw(s);
      return;
    }
    markers.relativeRotation(work9);
    aJoint.set(markers.a0All);
    rotationMatrix2RotXYZInto(work3, work9);
    // (three-entry loops written out here and below: this runs per Newton iteration, in a fresh process's first solve
    // in baseline code, where a short loop costs more than its arithmetic)
    const dLocal = mat3TransposeMulVecInto(this.work3b, aJoint, markers.dp);
    u6[0] = dLocal[0]; u6[1] = dLocal[1]; u6[2] = dLocal[2];
    u6[3] = work3[0]; u6[4] = work3[1]; u6[5] = work3[2];
    if (u6[3] > Math.PI) u6[3] -= 2 * Math.PI;
    if (u6[4] > Math.PI) u6[4] -= 2 * Math.PI;
    if (u6[5] > Math.PI) u6[5] -= 2 * Math.PI;
    if (velocities) {
      const vLocal = mat3TransposeMulVecInto(work3, aJoint, markers.dv);
      v6[0] = vLocal[0]; v6[1] = vLocal[1]; v6[2] = vLocal[2];
      const w1 = markers.relativeAngularVelocity(work3);
      mat3TransposeMulVecInto(w1, aJoint, w1);
      v6[3] = w1[0]; v6[4] = w1[1]; v6[5] = w1[2];
    }
    if (computeForce) this.forceLaw(s);
  }

  /**
   * evaluate of a connector with {@link RigidBodySpringDamperModel.intrinsicSlot} (no user function) by its kernel
   * without the loads: the markers' positions, orientations, joint frames, (velocities) velocities and angular
   * velocities, position and rotation Jacobians, and Aj, u6, (velocities) v6 and (computeForce) f6, copied from the
   * kernel's views into the pair's and the connector's arrays (the values of evaluateRelativeAndFrames,
   * evaluateAngularVelocities, evaluateIntrinsic, evaluateJacobians and evaluateRotationJacobians; checked by whole runs
   * against them). Returns false at 180° relative rotation (nothing copied: evaluate's JavaScript then).
   */
  private evaluateNodes(s: ItemState, computeForce: boolean, velocities: boolean): boolean {
    const slot = this.intrinsicSlot!, k = slot.kernels, markers = this.markers, nodeInputs = this.nodeInputs;
    const { n0, n1, p0, p1, dp } = markers;
    nodeInputs.write(s, k.nodes);
    const v = velocities ? 1 : 0;
    if (k.loads(slot.address, n0, n1, nodeInputs.kind0, nodeInputs.kind1, markers.r0FromLeft ? 1 : 0, this.hasDamping ? 1 : 0, v, computeForce ? 1 : 0, 0) !== 0) return false;
    p0.set(k.p0); p1.set(k.p1); markers.a0.set(k.a0); markers.a1.set(k.a1); markers.a0All.set(k.a0All); markers.a1All.set(k.a1All);
    dp[0] = p1[0] - p0[0]; dp[1] = p1[1] - p0[1]; dp[2] = p1[2] - p0[2];
    this.aJoint.set(k.aj); this.u6.set(k.u6);
    if (velocities) {
      markers.v0.set(k.v0); markers.v1.set(k.v1); markers.dv.set(k.dv); markers.omega0.set(k.w0); markers.omega1.set(k.w1);
      this.v6.set(k.v6);
    }
    if (computeForce) this.f6.set(k.f6);
    if (n0 > 0) { markers.jacobian0.set(k.j0); markers.rotationJacobian0.set(k.g0); }
    if (n1 > 0) { markers.jacobian1.set(k.j1); markers.rotationJacobian1.set(k.g1); }
    return true;
  }

  /**
   * evaluate for {@link RigidBodySpringDamperModel.translationOnly}: Aj = A0all, u6[0:3], v6[0:3] and f6 = [K (u6 − offset)
   * + D v6, 0] of the translational rows and columns (the others are zero: their products with the rotations add only
   * zeros, so f6 has the values of evaluate's); without damping v6 is not updated (its products with D are zeros).
   */
  private evaluateTranslation(): void {
    const { markers, aJoint, u6, v6 } = this;
    aJoint.set(markers.a0All);
    const dLocal = mat3TransposeMulVecInto(this.work3b, aJoint, markers.dp);
    u6[0] = dLocal[0]; u6[1] = dLocal[1]; u6[2] = dLocal[2];
    if (this.hasDamping) {
      const vLocal = mat3TransposeMulVecInto(this.work3, aJoint, markers.dv);
      v6[0] = vLocal[0]; v6[1] = vLocal[1]; v6[2] = vLocal[2];
    }
    this.translationForce();
  }

  /**
   * f6 = [K (u6 − offset) + D v6, 0] of a translation-only connector: linearForce's rows 0–2 over columns 0–2 (the
   * rotational products add only zeros), written out (this runs per Newton iteration, in a fresh process's first solve
   * in baseline code, where a loop costs more than its arithmetic); without damping the damping sum stays +0.
   */
  private translationForce(): void {
    const { u6, v6, f6, stiffness: k, damping: d, offset } = this;
    const x0 = u6[0] - offset[0], x1 = u6[1] - offset[1], x2 = u6[2] - offset[2];
    const s0 = 0 + k[0] * x0 + k[1] * x1 + k[2] * x2;
    const s1 = 0 + k[6] * x0 + k[7] * x1 + k[8] * x2;
    const s2 = 0 + k[12] * x0 + k[13] * x1 + k[14] * x2;
    if (this.hasDamping) {
      const v0 = v6[0], v1 = v6[1], v2 = v6[2];
      f6[0] = s0 + (0 + d[0] * v0 + d[1] * v1 + d[2] * v2);
      f6[1] = s1 + (0 + d[6] * v0 + d[7] * v1 + d[8] * v2);
      f6[2] = s2 + (0 + d[12] * v0 + d[13] * v1 + d[14] * v2);
    } else {
      f6[0] = s0 + 0; f6[1] = s1 + 0; f6[2] = s2 + 0;
    }
    f6[3] = 0; f6[4] = 0; f6[5] = 0;
  }

  /**
   * f6[i] = Σ_j K_ij (u6_j − offset_j) + Σ_j D_ij v6_j; without damping the sum stays +0 (the same f6 as with the
   * products 0·v6).
   */
  private linearForce(): void {
    const { u6, v6, f6, stiffness: k, damping: d, offset, hasDamping } = this;
    // Each difference u6_j − offset_j once and each row's sums written out from +0 (the same operations in the same
    // order as the loops over j): a fresh process's first solve runs this in baseline code, where the loops cost twice
    // as much as the arithmetic.
    const x0 = u6[0] - offset[0], x1 = u6[1] - offset[1], x2 = u6[2] - offset[2];
    const x3 = u6[3] - offset[3], x4 = u6[4] - offset[4], x5 = u6[5] - offset[5];
    for (let i = 0; i < 6; i++) {
      const r = 6 * i;
      const sum = 0 + k[r] * x0 + k[r + 1] * x1 + k[r + 2] * x2 + k[r + 3] * x3 + k[r + 4] * x4 + k[r + 5] * x5;
      let damping = 0;
      if (hasDamping) damping = damping + d[r] * v6[0] + d[r + 1] * v6[1] + d[r + 2] * v6[2] + d[r + 3] * v6[3] + d[r + 4] * v6[4] + d[r + 5] * v6[5];
      f6[i] = sum + damping;
    }
  }

  /** f6 = K (u6 − offset) + D v6, or the user function of the raw u6, v6. */
  private forceLaw(s: ItemState): void {
    const f6 = this.f6;
    const uf = this.v.springForceTorqueUserFunction;
    if (uf === 0) {
      // translation-only: translationForce's f6 is linearForce's (see evaluateTranslation)
      if (this.translationOnly) this.translationForce();
      else this.linearForce();
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
    if (this.translationOnly) {
      const slot = this.nodeSlot;
      if (slot !== undefined) {
        // by the kernel (in this function, not one of its own: a callee compiled before its caller is compiled again inlined)
        const k = slot.kernels, { n0, n1 } = this.markers, nodeInputs = this.nodeInputs;
        nodeInputs.write(s, k.nodes);
        k.loads(slot.address, n0, n1, nodeInputs.kind0, nodeInputs.kind1, this.markers.r0FromLeft ? 1 : 0, this.hasDamping ? 1 : 0);
        const out = k.out;
        for (let i = 0, n = n0 + n1; i < n; i++) f[i] += out[i];
        return;
      }
      // T = 0: the torques' terms G_iᵀT add zeros
      const { markers } = this;
      markers.evaluateRelativeAndFrames(s, this.hasDamping);
      this.evaluateTranslation();
      mat3MulVecInto(this.forceGlobal, this.aJoint, this.f6);
      markers.evaluateJacobians(s);
      addTransposed(markers.jacobian0, markers.n0, this.forceGlobal, -1, f, 0);
      addTransposed(markers.jacobian1, markers.n1, this.forceGlobal, 1, f, markers.n0);
      return;
    }
    if (this.v.intrinsicFormulation && this.v.springForceTorqueUserFunction === 0) {
      const slot = this.intrinsicSlot;
      if (slot !== undefined) {
        // by the kernel, which adds to the local vector in its memory (in this function: see the translation-only path)
        const k = slot.kernels, { n0, n1 } = this.markers, nodeInputs = this.nodeInputs, out = k.out, n = n0 + n1;
        nodeInputs.write(s, k.nodes);
        for (let i = 0; i < n; i++) out[i] = f[i];
        const damping = this.hasDamping ? 1 : 0;
        if (k.loads(slot.address, n0, n1, nodeInputs.kind0, nodeInputs.kind1, this.markers.r0FromLeft ? 1 : 0, damping, damping, 1, 1) === 0) {
          for (let i = 0; i < n; i++) f[i] = out[i];
          return;
        }
      }
      this.intrinsicLoads(s, f);
      return;
    }
    this.evaluate(s, true, this.hasDamping || this.v.springForceTorqueUserFunction !== 0);
    const { markers, aJoint, f6, forceGlobal: force, torque0, torque1, work3 } = this;
    // (three-entry loops written out: see evaluate)
    mat3MulVecInto(force, aJoint, f6);
    work3[0] = f6[3]; work3[1] = f6[4]; work3[2] = f6[5];
    mat3MulVecInto(torque1, aJoint, work3);
    torque0[0] = -torque1[0]; torque0[1] = -torque1[1]; torque0[2] = -torque1[2];
    if (this.v.intrinsicFormulation) {
      const u6 = this.u6;
      work3[0] = -0.5 * u6[0]; work3[1] = -0.5 * u6[1]; work3[2] = -0.5 * u6[2];
      mat3MulVecInto(work3, aJoint, work3);
      const extra = cross3Into(work3, work3, force);
      const ex = extra[0], ey = extra[1], ez = extra[2];
      torque0[0] += ex; torque0[1] += ey; torque0[2] += ez;
      torque1[0] += ex; torque1[1] += ey; torque1[2] += ez;
    }
    const { n0, n1, marker0, marker1 } = markers;
    if (this.forceTorqueDirect) {
      // the bodies add the loads without the Jacobians (the same numbers), with the orientations of evaluate
      if (n0 > 0) marker0.addForceTorqueTransposed!(s, markers.a0, force, -1, torque0, f, 0);
      if (n1 > 0) marker1.addForceTorqueTransposed!(s, markers.a1, force, 1, torque1, f, n0);
      return;
    }
    markers.evaluateJacobians(s);
    markers.evaluateRotationJacobians(s);
    addTransposedForceTorque(markers.jacobian0, markers.rotationJacobian0, n0, force, -1, torque0, f, 0);
    addTransposedForceTorque(markers.jacobian1, markers.rotationJacobian1, n1, force, 1, torque1, f, n0);
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
 * The coefficients of the trace formula's derivative δlog = a δc + b c (c·δc) − 2 sgn(t) c δt/(r² + t²) at M (the
 * kernel's logTraceDerivative, rigidBodySpringDamperKernelsSource.ts): with t = 1 + tr M, c = (M21 − M12, M02 − M20,
 * M10 − M01), r = |c|, the logarithm (the kernel's intrinsicLog) is ψ c/r with ψ = 2 atan2(r, |t|), so a = ψ/r,
 * b = (2|t|/(r² + t²) − a)/r² (series in x = r/|t| below 1e-2: a = 2/|t|·(1 − x²/3 + x⁴/5), b = 2/|t|³·(−2/3 + 4x²/5 −
 * 6x⁴/7), truncation below 1e-12 relative); [a, b, 2 sgn(t), r² + t²] into coefficients[0..3]. Returns true where the
 * trace formula is not used (|t| ≤ 1e-15, 180°), and writes nothing then: the kernel takes δlog = T_exp(u)⁻¹ vee(MᵀδM).
 */
function logDerivativeCoefficients(coefficients: Float64Array, mm: Float64Array): boolean {
  const t = mm[0] + mm[4] + mm[8] + 1;
  const at = Math.abs(t);
  if (at <= 1e-15) return true;
  const cx = mm[7] - mm[5], cy = mm[2] - mm[6], cz = mm[3] - mm[1];
  const r2 = cx * cx + cy * cy + cz * cz, r = Math.sqrt(r2);
  const x = r / at;
  let a: number, b: number;
  if (x < 1e-2) {
    const x2 = x * x;
    a = (2 / at) * (1 - x2 * (1 / 3 - x2 / 5));
    b = (2 / (at * at * at)) * (-2 / 3 + x2 * (4 / 5 - x2 * 6 / 7));
  } else {
    a = 2 * Math.atan2(r, at) / r;
    b = (2 * at / (r2 + t * t) - a) / r2;
  }
  coefficients[0] = a; coefficients[1] = b; coefficients[2] = 2 * Math.sign(t); coefficients[3] = r2 + t * t;
  return false;
}

/**
 * The coefficients of δ(T⁻¹)ᵀd for T⁻¹ = T_exp(u)⁻¹ = β I + ½ũ + γ uuᵀ (tExpSO3InvInto) with u = u6[3..5] (the kernel's
 * addTExpInverseTransposedDerivative): γ, g = γ'(φ)/φ (γ'(φ) = −β'/φ² − 2γ/φ, β' = ½(cot(φ/2) − (φ/2)/sin²(φ/2)); series
 * 1/360 + φ²/7560 + φ⁴/201600 below φ = 0.05, as tExpSO3InvInto's) and φ² into coefficients[4..6].
 */
function tExpInverseDerivativeCoefficients(coefficients: Float64Array, u6: Float64Array): void {
  const x = u6[3], y = u6[4], z = u6[5];
  const p2 = x * x + y * y + z * z, phi = Math.sqrt(p2);
  let gamma: number, g: number;
  if (phi < 0.05) {
    gamma = 1 / 12 + p2 * (1 / 720 + p2 * (1 / 30240 + p2 / 1209600));
    g = 1 / 360 + p2 * (1 / 7560 + p2 / 201600);
  } else {
    const h = 0.5 * phi, sin = Math.sin(h), cos = Math.cos(h);
    const beta = h * cos / sin;
    gamma = (1 - beta) / p2;
    const betaPrime = 0.5 * (cos / sin - h / (sin * sin));
    g = -betaPrime / (p2 * phi) - 2 * gamma / p2;
  }
  coefficients[4] = gamma; coefficients[5] = g; coefficients[6] = p2;
}

/** f[offset + k] += sign · (Jᵀ x)_k for a 3 × n Jacobian J (row-major). */
function addTransposed(j: Float64Array, n: number, x: ArrayLike<number>, sign: number, f: Float64Array, offset: number): void {
  const x0 = x[0], x1 = x[1], x2 = x[2];
  for (let k = 0; k < n; k++) f[offset + k] += sign * (j[k] * x0 + j[n + k] * x1 + j[2 * n + k] * x2);
}

/**
 * f[offset + k] += sign·(jᵀF)_k, then += (gᵀT)_k, in one pass (the two addTransposed calls of a marker's force and
 * torque, sign 1 for the torque: the same operations in the same order, with the multiplication by 1 left out, which
 * changes no bit; one loop instead of two in ode2Lhs, which a fresh process's first solve runs in baseline code).
 */
function addTransposedForceTorque(j: Float64Array, g: Float64Array, n: number, force: ArrayLike<number>, sign: number, torque: ArrayLike<number>, f: Float64Array, offset: number): void {
  const f0 = force[0], f1 = force[1], f2 = force[2], t0 = torque[0], t1 = torque[1], t2 = torque[2];
  for (let k = 0; k < n; k++) {
    const withForce = f[offset + k] + sign * (j[k] * f0 + j[n + k] * f1 + j[2 * n + k] * f2);
    f[offset + k] = withForce + (g[k] * t0 + g[n + k] * t1 + g[2 * n + k] * t2);
  }
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
    + 'Without user function the Jacobians are analytic in the velocities and, on markers that give the derivatives of their Jacobians and angular velocities (rigid bodies), in the coordinates (Exudyn differentiates numerically); else numerical.',
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
