import type { BindContext, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { matrix, type MatrixValue, type UserFunctionValue, type VectorValue } from '../../registry/parameters.ts';
import { rotationMatrix2RotXYZInto, rotXYZ2RotationMatrixInto } from '../../rotations/rotationMatrices.ts';
import { mat3MulInto, mat3TransposeMulInto, mat3TransposeMulVecInto, skewInto } from '../../rotations/skew.ts';
import { lagrangeMultiplier, MarkerPair, NodeMarkerInputs, nodeMarkerKind, positionMarkers, RigidMarkerPair } from './connectorBase.ts';
import { jointSlot, jointMarkerCapacity, jointSetupEntries, jointSlotDoubles, type JointKernels } from './jointKernels.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/**
 * Offset user function of ObjectJointGeneric: returns 6 offsets, translations (0..2) and
 * Tait–Bryan angles of an extra rotation of the joint frame J0 (3..5).
 */
export type JointOffsetUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, offsetUserFunctionParameters: number[]], ArrayLike<number>>;

/** Declares a rotationMarker0/1 parameter (a 3×3 rotation matrix, default identity). */
export function rotationMarkerParameter(description: string) {
  return matrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]], description, [3, 3], 'Matrix3D');
}

/**
 * The frame whose axes the translation rows of a joint measure p1 − p0 in: the global frame, the joint frame
 * J0 = A0·R0 of marker 0, or J1 = A1·R1 of marker 1 (ObjectJointPrismatic2D: d·n1 with n1 = A1·normalMarker1).
 */
export type JointTranslationFrame = 'global' | 'J0' | 'J1';

/**
 * What a joint item lowers to: the generic joint's six equations (translations j0..j2, rotations j3..j5)
 * and the selection of rows that are the item's own algebraic equations.
 */
export interface JointSelection {
  /** Six flags of the generic joint (1 = constrained): translations j0..j2, rotations j3..j5. */
  readonly constrainedAxes: readonly number[];
  /** The frame of the translation rows: components of p1 − p0 in the global frame, in J0 or in J1. */
  readonly translationFrame: JointTranslationFrame;
  /** The generic rows (0..5) that are the item's equations, in order; a row with flag 0 reads g = λ. */
  readonly rows: readonly number[];
  /** The markers must provide orientation (rigid markers); false for point joints. */
  readonly rigidMarkers: boolean;
  /**
   * A planar joint (for planar bodies, motion in the x-y plane of its frames): its translations x, y and its rotation
   * z are the motion it constrains or leaves free; translation z and rotations x, y are no degrees of freedom of its
   * markers, neither constrained nor free (their flags are 0). Viewers draw it from the in-plane axes.
   */
  readonly planar: boolean;
}

/**
 * What a joint lowers to as a viewer reads it: the selection and the rotations R0, R1 of its joint frames relative to
 * the marker frames (J_k = A_k·R_k; for a planar joint made from axes, a column may be an unnormalized axis).
 */
export interface LoweredJoint {
  /** The generic rows, flags and marker kind. */
  readonly selection: JointSelection;
  /** R0 and R1, row-major 3×3 (identity for point joints); must not be modified. */
  readonly frameRotations: readonly [Float64Array, Float64Array];
}

/** Parameter values the joint equations read. */
export interface JointValues {
  /** The two markers [m0, m1]. */
  readonly markerNumbers: readonly number[];
  /** Rotation of the joint frame J0 relative to marker 0 (identity if omitted). */
  readonly rotationMarker0?: MatrixValue;
  /** Rotation of the joint frame J1 relative to marker 1 (identity if omitted). */
  readonly rotationMarker1?: MatrixValue;
  /** If false, every equation reads λ = 0. */
  readonly activeConnector: boolean;
  /** Alternative equations for three locked rotations (ObjectJointGeneric). */
  readonly alternativeConstraints?: boolean;
  /** Time-dependent offsets (ObjectJointGeneric). */
  readonly offsetUserFunction?: UserFunctionValue<JointOffsetUserFunction>;
  /** Time derivative of the offsets (ObjectJointGeneric), used on velocity level. */
  readonly offsetUserFunction_t?: UserFunctionValue<JointOffsetUserFunction>;
  /** Parameters handed to the offset user functions. */
  readonly offsetUserFunctionParameters?: VectorValue;
}

/** The rotation axes (a0 of J0, a1 of J1) whose dot product is the equation of each rotation row 3..5; −1 if the row is free. */
function rotationAxisPairs(j: readonly number[]): { axis0: number[]; axis1: number[] } {
  const axis0 = [-1, -1, -1];
  const axis1 = [-1, -1, -1];
  const locked = [0, 1, 2].filter((k) => j[3 + k] === 1);
  const free = [0, 1, 2].filter((k) => j[3 + k] !== 1);
  if (locked.length === 3) {
    [axis0[0], axis1[0]] = [2, 1];
    [axis0[1], axis1[1]] = [2, 0];
    [axis0[2], axis1[2]] = [0, 1];
  } else if (locked.length === 2) {
    for (const k of locked) [axis0[k], axis1[k]] = [free[0], k];
  } else if (locked.length === 1) {
    [axis0[locked[0]], axis1[locked[0]]] = [free[0], free[1]];
  }
  return { axis0, axis1 };
}

/** Triple product col_i(a) · (col_j(b) × col_k(c)). */
function columnTriple(a: Float64Array, i: number, b: Float64Array, j: number, c: Float64Array, k: number): number {
  const bx = b[j], by = b[3 + j], bz = b[6 + j];
  const cx = c[k], cy = c[3 + k], cz = c[6 + k];
  return a[i] * (by * cz - bz * cy) + a[3 + i] * (bz * cx - bx * cz) + a[6 + i] * (bx * cy - by * cx);
}

/** R = I, the frame rotations of point joints. */
const identityRotation = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);

/** Zero-width rotation Jacobians of point joints (their equations have no rotation columns). */
const noColumns = new Float64Array(0);

/** The joint frames of point joints: zeros, never written (only rigid markers' frames are evaluated). */
const pointFrame = new Float64Array(9);

/** The offsets of joints without offset user functions: zeros (evaluateOffset writes only zeros into them). */
const zeroOffsets = new Float64Array(6);

/** The offset parameters of joints without offset user functions (never read or written). */
const noParameters: number[] = [];

/** The outputs of joints that declare none. */
const noOutputs: ReadonlySet<OutputVariableType> = new Set();

/** What the flags j of a selection give the equations: the constrained translations and the rotation axis pairs. */
interface JointAxes {
  /** The constrained translations (generic rows 0..2), ascending. */
  readonly translationRows: Int32Array;
  /** The rotation rows k (generic row 3 + k) with an axis pair, ascending. */
  readonly rotationRows: Int32Array;
  readonly axis0: readonly number[];
  readonly axis1: readonly number[];
}

/** {@link JointAxes} by the flags j (as text): the joints of one kind share them (read only). */
const jointAxes = new Map<string, JointAxes>();

/** The shared {@link JointAxes} of the flags j. */
function axesOf(j: readonly number[]): JointAxes {
  const key = j.join();
  let axes = jointAxes.get(key);
  if (axes === undefined) {
    const { axis0, axis1 } = rotationAxisPairs(j);
    const translationRows = Int32Array.from([0, 1, 2].filter((i) => j[i] === 1));
    axes = { translationRows, rotationRows: Int32Array.from([0, 1, 2].filter((k) => axis0[k] >= 0)), axis0, axis1 };
    jointAxes.set(key, axes);
  }
  return axes;
}

/** What a joint's item rows are: the generic equation each writes, and the multiplier rows. */
interface JointRows {
  /** Per item row: the generic equation it writes (0..5), or −1 for a multiplier row (g = λ: a free axis, or an inactive joint). */
  readonly source: Int32Array;
  /** The item rows r with source[r] = −1. */
  readonly multiplierRows: readonly number[];
}

/** {@link JointRows} by selection rows, flags and activity (as text): the joints of one kind share them (read only). */
const jointRows = new Map<string, JointRows>();

/** The shared {@link JointRows} of a selection's rows and flags j for an active or inactive joint. */
function rowsOf(rows: readonly number[], j: readonly number[], active: boolean): JointRows {
  const key = `${active}|${rows.join()}|${j.join()}`;
  let entry = jointRows.get(key);
  if (entry === undefined) {
    const source = Int32Array.from(rows, (row) => (active && j[row] === 1 ? row : -1));
    entry = { source, multiplierRows: rows.flatMap((_, r) => (source[r] < 0 ? [r] : [])) };
    jointRows.set(key, entry);
  }
  return entry;
}

/**
 * Work arrays of the joints' methods, shared by all joints: each is written before it is read within one call, and no
 * joint method runs while another holds values in them (the offset user functions, which may evaluate other items, are
 * called before any of them is written). Per joint they were ≈ 17 typed arrays that every fresh process created and
 * its set-up's scavenges copied (docs/benchmarks.md, gc24).
 */
const scratch = {
  work9: new Float64Array(9),
  work3: new Float64Array(3),
  work3b: new Float64Array(3),
  /** constraintForce_q: F, τ, P, Q, the skew matrices, the markers' forces and torques. */
  force: new Float64Array(3),
  torque: new Float64Array(3),
  matrixP: new Float64Array(9),
  matrixQ: new Float64Array(9),
  skewA: new Float64Array(9),
  skewB: new Float64Array(9),
  markerForce0: new Float64Array(3),
  markerForce1: new Float64Array(3),
  markerTorque0: new Float64Array(3),
  markerTorque1: new Float64Array(3),
  /** The generic equations g0..g5, written (constrained rows) and read (writeRows) within one ae or aeAndReaction call. */
  generic: new Float64Array(6),
  /** addBlock's 3 × n product and addMarkerDerivative's block, grown in bind to the largest marker of any joint. */
  blockWork: new Float64Array(0),
  markerBlock: new Float64Array(0),
};

/**
 * The shared run-time model of the joints (JointGeneric, JointSpherical, JointRevoluteZ, JointPrismaticX,
 * JointRevolute2D, JointPrismatic2D): the generic joint's equations, Jacobians and outputs evaluated for the rows the
 * item selects.
 *
 * Notation: A0all = A0·R0 (columns a0_x, a0_y, a0_z), A1all = A1·R1, d = p1 − p0, J0/J1 position and
 * G0/G1 rotation Jacobians of the markers. Index 3: translation rows d_i − o_i (global), (A0allᵀd)_i − o_i (J0) or
 * (A1allᵀd)_i − o_i (J1);
 * rotation rows dot products a0_k·a1_l of the pairs in {@link rotationAxisPairs}; free rows g_i = λ_i.
 * Index 2: v1 − v0, or A0allᵀ(v1 − v0) + Ȧ0allᵀ d (J1: with A1all), and ȧ0_k·a1_l + a0_k·ȧ1_l with Ȧall = A ω̄̃ R.
 * No method allocates after bind.
 */
export class JointModel implements Only<ObjectModel & LoweredJoint, JointModel> {
  readonly nAE: number;
  readonly frameRotations: readonly [Float64Array, Float64Array];
  localNodes: NodeModel[] = [];
  /** Item rows with the equation g = λ (free axes; all rows of an inactive joint). */
  readonly multiplierRows: readonly number[];
  private readonly markers: MarkerPair;
  /** The markers as a rigid pair, for joints on rigid markers (the same object as markers); undefined for point joints. */
  private readonly frames: RigidMarkerPair | undefined;
  private readonly translationRows: Int32Array;
  private readonly rotationRows: Int32Array;
  /** Per item row: the generic equation it writes, or −1 for a multiplier row ({@link rowsOf}). */
  private readonly rowSource: Int32Array;
  private readonly axis0: readonly number[];
  private readonly axis1: readonly number[];
  private readonly threeRotations: boolean;
  private readonly outputs: ReadonlySet<OutputVariableType>;
  /** The joint frames of the rigid pair (zeros for point joints): A0all = A0 R0 (times the user-function rotation offset on position level). */
  private readonly a0All: Float64Array;
  /** A1all = A1 R1. */
  private readonly a1All: Float64Array;
  /** Ȧ0all = A0 ω̄̃0 R0. */
  private readonly a0AllDot: Float64Array;
  /** Ȧ1all = A1 ω̄̃1 R1. */
  private readonly a1AllDot: Float64Array;
  /** Point markers, or rigid markers whose frames each depend on at most one node (see constraintForce_q). */
  private singleNodeFrames = true;
  /**
   * A point joint (no frames) with its translations in the global frame whose markers share no node: its rows' C_qᵀλ
   * terms can be added per coordinate, all rows at once ({@link JointModel.addPointReactions}).
   */
  private pointRowsPerCoordinate = false;
  /** Offsets of the user function (translations, Tait–Bryan angles); the shared zeros for joints without offset functions. */
  private readonly offset: Float64Array;
  private readonly offsetParameters: number[];
  /** The parameters as handed to the user function, refreshed before each call (user changes do not leak). */
  private readonly offsetArgument: number[];
  /** The parameters the equations read per evaluation, copied from the dictionary (plain fields are faster to read). */
  private readonly active: boolean;
  private readonly alternative: boolean;
  private readonly offsetFunction: JointOffsetUserFunction | undefined;
  private readonly offsetFunction_t: JointOffsetUserFunction | undefined;
  /**
   * False while this.offset holds zeros (as created, and after an evaluation without user function). Starting false keeps
   * a new joint's first call from refilling its zeros: that branch, run only in first calls, had no type feedback in the
   * optimized joint code and deoptimized it in a new system (scissorPrismaticRevolute2D's second case).
   */
  private offsetNonzero = false;
  private n = 0;
  /**
   * The markers' coordinate counts (set in bind), as the kernel calls read them: read from the pair, whose class differs
   * between point joints (MarkerPair) and joints on rigid markers (RigidMarkerPair), they made the optimized
   * evaluateKernel deoptimize ("wrong map") when the other kind of joint came in a process.
   */
  private n0 = 0;
  private n1 = 0;
  /**
   * The WebAssembly kernels of jointKernels.ts, for the joints whose evaluations they cover (set in bind: active joints
   * without offset functions, on rigid markers or point joints in the global frame, whose markers share no node and fit
   * the kernels' memory); undefined for the others, which evaluate in JavaScript.
   */
  private kernels: JointKernels | undefined = undefined;
  /** The kernels' rows g of this joint: a view of their first nAE entries (set in bind). */
  private kernelRows = noColumns;
  /** The kernels' Jacobian of this joint: a view of their first nAE·n entries (set in bind). */
  private kernelJacobian = noColumns;
  /**
   * The joint's set-up as the kernels read it (jointKernelsSource.ts): [fromLeft, frame (0 global, 1 J0, 2 J1),
   * alternative, rows, the row sources s0..s5 ({@link JointModel.rowSource}, then −1), axis0, axis1]; fromLeft set in bind.
   */
  private readonly kernelSetup = new Float64Array(jointSetupEntries);
  /** Byte address of the joint's slot in the kernels' memory: R0, R1 and the set-up (written in bind). */
  private kernelSlot = 0;
  /**
   * Where the kernels form the markers' kinematics from their nodes (JointKernels.evaluateNodes; bound in bind): the
   * markers' nodeMarker kinds (0 a marker without coordinates, 1 at an Euler-parameter node's reference point, 2 at a
   * body-fixed point of a rigid body on one; −1 where the markers evaluate in JavaScript), their nodes and constants.
   */
  private readonly nodeInputs = new NodeMarkerInputs();

  constructor(
    readonly label: ItemLabel,
    /** What the joint lowers to (read-only: its constrained axes and marker kind; viewers draw the joint from it). */
    readonly selection: JointSelection,
    private readonly v: JointValues, outputVariables: readonly OutputVariableType[]) {
    this.frames = selection.rigidMarkers ? new RigidMarkerPair(label, v.markerNumbers, v) : undefined;
    this.markers = this.frames ?? new MarkerPair(label, v.markerNumbers, positionMarkers);
    this.a0All = this.frames?.a0All ?? pointFrame;
    this.a1All = this.frames?.a1All ?? pointFrame;
    this.a0AllDot = this.frames?.a0AllDot ?? pointFrame;
    this.a1AllDot = this.frames?.a1AllDot ?? pointFrame;
    this.frameRotations = this.frames === undefined ? [identityRotation, identityRotation] : [this.frames.r0, this.frames.r1];
    this.nAE = selection.rows.length;
    const j = selection.constrainedAxes;
    ({ translationRows: this.translationRows, rotationRows: this.rotationRows, axis0: this.axis0, axis1: this.axis1 } = axesOf(j));
    ({ source: this.rowSource, multiplierRows: this.multiplierRows } = rowsOf(selection.rows, j, v.activeConnector));
    this.threeRotations = j[3] === 1 && j[4] === 1 && j[5] === 1;
    const frame = selection.translationFrame === 'global' ? 0 : selection.translationFrame === 'J0' ? 1 : 2;
    this.kernelSetup.set([0, frame, this.threeRotations && v.alternativeConstraints === true ? 1 : 0, this.nAE, ...this.rowSource]);
    this.kernelSetup.fill(-1, 4 + this.nAE, 10);
    this.kernelSetup.set(this.axis0, 10);
    this.kernelSetup.set(this.axis1, 13);
    this.outputs = outputVariables.length === 0 ? noOutputs : new Set(outputVariables);
    this.active = v.activeConnector;
    this.alternative = v.alternativeConstraints === true;
    this.offsetFunction = v.offsetUserFunction === 0 ? undefined : v.offsetUserFunction;
    this.offsetFunction_t = v.offsetUserFunction_t === 0 ? undefined : v.offsetUserFunction_t;
    const withOffsets = this.offsetFunction !== undefined || this.offsetFunction_t !== undefined;
    // without offset functions the offsets stay zero (evaluateOffset writes zeros only) and the parameters are not read
    this.offset = withOffsets ? new Float64Array(6) : zeroOffsets;
    this.offsetParameters = withOffsets ? Array.from(v.offsetUserFunctionParameters ?? []) : noParameters;
    this.offsetArgument = withOffsets ? this.offsetParameters.slice() : noParameters;
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    this.n0 = this.markers.n0;
    this.n1 = this.markers.n1;
    this.n = this.n0 + this.n1;
    this.singleNodeFrames = !this.selection.rigidMarkers || (this.markers.marker0.nodes.length <= 1 && this.markers.marker1.nodes.length <= 1);
    const nodes1 = this.markers.marker1.nodes;
    this.pointRowsPerCoordinate = this.frames === undefined && this.selection.translationFrame === 'global'
      && this.rowSource.every((row) => row < 3) && this.markers.marker0.nodes.every((node) => !nodes1.includes(node));
    const largest = Math.max(this.markers.n0, this.markers.n1);
    if (scratch.blockWork.length < 3 * largest) scratch.blockWork = new Float64Array(3 * largest);
    if (scratch.markerBlock.length < largest * largest) scratch.markerBlock = new Float64Array(largest * largest);
    const localNodes = this.markers.localNodes;
    const frames = this.frames;
    const covered = this.active && this.offsetFunction === undefined && this.offsetFunction_t === undefined
      && new Set(localNodes).size === localNodes.length && largest <= jointMarkerCapacity;
    this.kernels = undefined;
    this.nodeInputs.unbind();
    const { marker0, marker1 } = this.markers;
    const kind0 = covered ? nodeMarkerKind(marker0, this.markers.n0) : -1, kind1 = covered ? nodeMarkerKind(marker1, this.markers.n1) : -1;
    const byNodes = kind0 >= 0 && kind1 >= 0;
    // point joints only where the kernels form the markers' kinematics (copying them in costs more than it saves)
    if (covered && (frames !== undefined || (byNodes && this.pointRowsPerCoordinate))) {
      const slot = jointSlot(byNodes);
      if (byNodes) this.nodeInputs.bind(this.markers, kind0, kind1, slot.region.subarray(jointSlotDoubles));
      this.kernels = slot.kernels;
      this.kernelSlot = slot.address;
      this.kernelSetup[0] = frames?.r0FromLeft === true ? 1 : 0;
      slot.region.set(this.frameRotations[0], 0);
      slot.region.set(this.frameRotations[1], 9);
      slot.region.set(this.kernelSetup, 18);
      this.kernelRows = slot.kernels.g.subarray(0, this.nAE);
      this.kernelJacobian = slot.kernels.c.subarray(0, this.nAE * this.n);
    }
  }

  /**
   * Writes the markers' kinematics that the kernels read into their views: positions (position level, or translations
   * in a joint frame), orientations, and on velocity level velocities and angular velocities, as
   * {@link JointModel.kinematics} and {@link JointModel.velocityLevelKinematics} evaluate them.
   */
  private kernelKinematics(s: ItemState, k: JointKernels, useIndex2: boolean): void {
    const frames = this.frames;
    if (frames === undefined) {
      const { marker0, marker1 } = this.markers;
      if (useIndex2) {
        marker0.velocity(s, k.v0);
        marker1.velocity(s, k.v1);
      } else {
        marker0.position(s, k.p0);
        marker1.position(s, k.p1);
      }
      return;
    }
    const { marker0, marker1 } = frames;
    if (!useIndex2 || this.selection.translationFrame !== 'global') {
      if (marker0.positionAndOrientation !== undefined) marker0.positionAndOrientation(s, k.p0, k.a0);
      else { marker0.position(s, k.p0); marker0.orientation(s, k.a0); }
      if (marker1.positionAndOrientation !== undefined) marker1.positionAndOrientation(s, k.p1, k.a1);
      else { marker1.position(s, k.p1); marker1.orientation(s, k.a1); }
    } else {
      marker0.orientation(s, k.a0);
      marker1.orientation(s, k.a1);
    }
    if (useIndex2) {
      marker0.velocity(s, k.v0);
      marker1.velocity(s, k.v1);
      marker0.angularVelocityLocal(s, k.omega0);
      marker1.angularVelocityLocal(s, k.omega1);
    }
  }

  /**
   * The kernels' inputs of one evaluation: where the kernels form the markers' kinematics from their nodes (nodeInputs
   * bound), the nodes' coordinates and velocities, else the markers' kinematics and (with
   * `jacobians`) their Jacobians.
   */
  private kernelInputs(s: ItemState, k: JointKernels, useIndex2: boolean, jacobians: boolean): void {
    if (this.nodeInputs.kind0 >= 0) {
      this.nodeInputs.write(s, k.nodes);
      return;
    }
    this.kernelKinematics(s, k, useIndex2);
    if (jacobians) this.kernelJacobians(s, k);
  }

  /** Evaluates the markers' position (and rotation) Jacobians and copies them into the kernels' views. */
  private kernelJacobians(s: ItemState, k: JointKernels): void {
    const markers = this.markers;
    markers.evaluateJacobians(s);
    k.j0.set(markers.jacobian0);
    k.j1.set(markers.jacobian1);
    const frames = this.frames;
    if (frames === undefined) return;
    frames.evaluateRotationJacobians(s);
    k.g0.set(frames.rotationJacobian0);
    k.g1.set(frames.rotationJacobian1);
  }

  /** The kernels' evaluation of this joint from the kinematics, λ and (with reactions) residual entries in their views. */
  private evaluateKernel(k: JointKernels, useIndex2: boolean, reactions: boolean, jacobian: boolean): void {
    const nodeInputs = this.nodeInputs;
    if (nodeInputs.kind0 >= 0) k.evaluateNodes(this.kernelSlot, this.n0, this.n1, useIndex2 ? 1 : 0, reactions ? 1 : 0, jacobian ? 1 : 0, nodeInputs.kind0, nodeInputs.kind1);
    else k.evaluate(this.kernelSlot, this.n0, this.n1, useIndex2 ? 1 : 0, reactions ? 1 : 0, jacobian ? 1 : 0);
  }

  /** {@link JointModel.ae} by the kernels (λ of multiplier rows from the state). */
  private kernelAe(s: ItemState, k: JointKernels, g: Float64Array, useIndex2: boolean, c: Float64Array | undefined): void {
    this.kernelInputs(s, k, useIndex2, c !== undefined);
    this.kernelMultipliers(k, s.lambda, s.addresses.objectAE[this.label.index] - s.u.length);
    this.evaluateKernel(k, useIndex2, false, c !== undefined);
    g.set(this.kernelRows);
    if (c !== undefined) c.set(this.kernelJacobian);
  }

  /**
   * {@link JointModel.aeAndReaction} by the kernels: the residual's entries of the joint's coordinates go into their view
   * and back (the markers share no node, so no entry appears twice), the kernels adding the rows' terms in row order.
   */
  private kernelAeAndReaction(s: ItemState, k: JointKernels, g: Float64Array, useIndex2: boolean, lambda: Float64Array, first: number, r: Float64Array, ltg: Int32Array): void {
    // λ into the view, and whether a row adds (λ read once: a load in baseline code boxes it)
    const rows = this.rowSource, view = k.lambda;
    let adds = false;
    for (let i = 0; i < rows.length; i++) {
      const l = lambda[first + i];
      view[i] = l;
      if (l !== 0 && rows[i] >= 0) adds = true;
    }
    this.kernelInputs(s, k, useIndex2, adds);
    const n = this.n, entries = k.reaction;
    if (adds) {
      for (let i = 0; i < n; i++) entries[i] = r[ltg[i]];
    }
    this.evaluateKernel(k, useIndex2, adds, false);
    g.set(this.kernelRows);
    if (adds) for (let i = 0; i < n; i++) r[ltg[i]] = entries[i];
  }

  /** λ of the item's rows (from lambda[first …]) into the kernels' view. */
  private kernelMultipliers(k: JointKernels, lambda: Float64Array, first: number): void {
    const view = k.lambda;
    for (let r = 0, count = this.nAE; r < count; r++) view[r] = lambda[first + r];
  }

  /** Writes the user-function offsets (or zeros) of `parameter` at time t into this.offset. */
  private evaluateOffset(s: ItemState, parameter: 'offsetUserFunction' | 'offsetUserFunction_t'): void {
    const f = parameter === 'offsetUserFunction' ? this.offsetFunction : this.offsetFunction_t;
    if (f === undefined) {
      if (this.offsetNonzero) { this.offset.fill(0); this.offsetNonzero = false; }
      return;
    }
    this.offsetNonzero = true;
    for (let i = 0; i < this.offsetParameters.length; i++) this.offsetArgument[i] = this.offsetParameters[i];
    this.offsetArgument.length = this.offsetParameters.length;
    const value = f(s.mbs, s.t, this.label.index, this.offsetArgument);
    if (value === null || typeof value !== 'object' || value.length !== 6) itemError(this.label, parameter, `must return 6 numbers (3 translations, 3 rotations), got ${describeValue(value)}`);
    for (let i = 0; i < 6; i++) {
      const x = value[i];
      if (typeof x !== 'number' || !Number.isFinite(x)) itemError(this.label, parameter, `must return finite numbers, got ${describeValue(x)} at entry ${i}`);
      this.offset[i] = x;
    }
  }

  /**
   * Updates positions, (with velocities) velocities and (rigid markers) the joint frames and their rates;
   * withOffsetRotation applies the user-function rotation to A0all.
   */
  private kinematics(s: ItemState, velocities: boolean, withOffsetRotation: boolean): void {
    const { markers, frames } = this;
    if (frames === undefined) {
      if (velocities) markers.evaluateRelative(s);
      else markers.evaluateRelativePositions(s);
      return;
    }
    frames.evaluateRelativeAndFrames(s, velocities);
    const o = this.offset;
    if (withOffsetRotation && (o[3] !== 0 || o[4] !== 0 || o[5] !== 0)) {
      rotXYZ2RotationMatrixInto(scratch.work9, o, 3);
      mat3MulInto(this.a0All, this.a0All, scratch.work9);
    }
    if (velocities) frames.evaluateFrameRates(s);
  }

  /**
   * The kinematics of the velocity-level equations and of their Jacobian: with translations in the global frame the
   * relative position is read by neither (g = v1 − v0 and ȧ0·a1 + a0·ȧ1; Jacobian rows −J0, J1 and those of the frames),
   * so the markers' velocities and, for rigid markers, the joint frames and their rates; the others
   * {@link JointModel.kinematics}.
   */
  private velocityLevelKinematics(s: ItemState): void {
    if (this.selection.translationFrame !== 'global') {
      this.kinematics(s, true, false);
      return;
    }
    // the pair's evaluateRelativeVelocities written out, not called: the rigid connectors call that method too, and
    // with both kinds of callers it reached TurboFan on its own in a fresh process (rotatingTableTest), in a job that
    // inlined the velocities of all their markers and cost more than it saved (36 M instructions single-threaded)
    const markers = this.markers, { v0, v1, dv } = markers;
    markers.marker0.velocity(s, v0);
    markers.marker1.velocity(s, v1);
    dv[0] = v1[0] - v0[0]; dv[1] = v1[1] - v0[1]; dv[2] = v1[2] - v0[2];
    const frames = this.frames;
    if (frames === undefined) return;
    frames.evaluateFrames(s);
    frames.evaluateFrameRates(s);
  }

  /** Position-level generic equations into the shared generic work array (constrained rows only). */
  private positionEquations(s: ItemState): void {
    this.evaluateOffset(s, 'offsetUserFunction');
    this.kinematics(s, false, true);
    this.writePositionEquations();
  }

  /** The position-level equations from the evaluated kinematics and offsets. */
  private writePositionEquations(): void {
    const { offset: o, a0All, a1All, axis0, axis1 } = this;
    const g = scratch.generic;
    const d = this.markers.dp;
    const frame = this.selection.translationFrame;
    const t = frame === 'global' ? d : mat3TransposeMulVecInto(scratch.work3, frame === 'J0' ? a0All : a1All, d);
    const translations = this.translationRows, rotations = this.rotationRows;
    for (let m = 0; m < translations.length; m++) { const i = translations[m]; g[i] = t[i] - o[i]; }
    if (this.threeRotations && this.alternative) {
      for (let k = 0; k < 3; k++) g[3 + k] = columnTriple(a0All, k, a1All, (k + 1) % 3, a0All, (k + 2) % 3) - 1;
      return;
    }
    // a0_i·a1_l written out (a columnDot call left out of the inlined residual returns a boxed double)
    for (let m = 0; m < rotations.length; m++) {
      const k = rotations[m], i = axis0[k], l = axis1[k];
      g[3 + k] = a0All[i] * a1All[l] + a0All[3 + i] * a1All[3 + l] + a0All[6 + i] * a1All[6 + l];
    }
  }

  /** Velocity-level generic equations into the shared generic work array (constrained rows only); translation offsets from offsetUserFunction_t. */
  private velocityEquations(s: ItemState): void {
    this.evaluateOffset(s, 'offsetUserFunction_t');
    const o = this.offset;
    if (o[3] !== 0 || o[4] !== 0 || o[5] !== 0) {
      itemError(this.label, 'offsetUserFunction_t', `must return zero rotation offsets (entries 3..5) on velocity level (index 2), as Exudyn has no rotation offsets there, got [${o[3]}, ${o[4]}, ${o[5]}]`);
    }
    this.velocityLevelKinematics(s);
    this.writeVelocityEquations();
  }

  /** The velocity-level equations from the evaluated kinematics (with velocities) and offsets. */
  private writeVelocityEquations(): void {
    const o = this.offset;
    const { a0All, a1All, a0AllDot, a1AllDot, axis0, axis1 } = this;
    const g = scratch.generic;
    const { dp, dv } = this.markers;
    let t: ArrayLike<number> = dv;
    const frame = this.selection.translationFrame;
    if (frame !== 'global') {
      const w = mat3TransposeMulVecInto(scratch.work3, frame === 'J0' ? a0All : a1All, dv);
      const w2 = mat3TransposeMulVecInto(scratch.work3b, frame === 'J0' ? a0AllDot : a1AllDot, dp);
      for (let i = 0; i < 3; i++) w[i] += w2[i];
      t = w;
    }
    const translations = this.translationRows, rotations = this.rotationRows;
    for (let m = 0; m < translations.length; m++) { const i = translations[m]; g[i] = t[i] - o[i]; }
    for (let m = 0; m < rotations.length; m++) {
      const k = rotations[m], i = axis0[k], l = axis1[k];
      g[3 + k] = (a0AllDot[i] * a1All[l] + a0AllDot[3 + i] * a1All[3 + l] + a0AllDot[6 + i] * a1All[6 + l])
        + (a0All[i] * a1AllDot[l] + a0All[3 + i] * a1AllDot[3 + l] + a0All[6 + i] * a1AllDot[6 + l]);
    }
  }

  /**
   * Writes the selected rows (generic equations, or λ for multiplier rows) and, when c is given, their Jacobian from the
   * same kinematics evaluation. Joints with offset user functions, whose position- and velocity-level kinematics differ
   * (the Jacobian takes the position-level frames with the rotation offset), evaluate the kinematics twice.
   */
  ae(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void {
    if (!this.active) {
      this.writeRows(s, g);
      return;
    }
    const k = this.kernels;
    if (k !== undefined) {
      this.kernelAe(s, k, g, useIndex2, c);
      return;
    }
    if (c !== undefined && this.offsetFunction === undefined && this.offsetFunction_t === undefined) {
      this.evaluateOffset(s, 'offsetUserFunction');
      if (useIndex2) this.velocityLevelKinematics(s);
      else this.kinematics(s, false, false);
      if (useIndex2) this.writeVelocityEquations();
      else this.writePositionEquations();
      this.writeRows(s, g);
      this.writeJacobian(s, c);
      return;
    }
    if (useIndex2) this.velocityEquations(s);
    else this.positionEquations(s);
    this.writeRows(s, g);
    if (c === undefined) return;
    this.evaluateOffset(s, 'offsetUserFunction');
    this.kinematics(s, false, true);
    this.writeJacobian(s, c);
  }

  /**
   * ae's Jacobian alone for active joints without offset functions: point joints with translations in the global frame
   * write rows −J0, J1 of the marker Jacobians, which need no kinematics; joints on rigid markers evaluate the positions
   * and joint frames as ae does (no velocities, no offset rotation) but write no g. False, having written nothing, for
   * the other set-ups.
   */
  aeJacobian(s: ItemState, c: Float64Array): boolean {
    if (!this.active || this.offsetFunction !== undefined || this.offsetFunction_t !== undefined) return false;
    const k = this.kernels;
    if (k !== undefined) {
      this.kernelInputs(s, k, false, true);
      this.evaluateKernel(k, false, false, true);
      c.set(this.kernelJacobian);
      return true;
    }
    if (this.frames !== undefined) this.frames.evaluateRelativeAndFrames(s, false);
    else if (this.selection.translationFrame !== 'global') return false;
    this.writeJacobian(s, c);
    return true;
  }

  /**
   * Writes the selected rows g as {@link JointModel.ae} and adds C_qᵀλ (λ of the rows from lambda[first …]) to
   * r[ltg[k]] without storing C_q: each row's entries, formed as writeJacobian forms them, times its λ, added row by
   * row as the assembler adds cᵀλ (the same operations in the same order: bit for bit). Returns false, having written
   * nothing, for joints with offset user functions (whose Jacobian takes other kinematics than g).
   */
  aeAndReaction(s: ItemState, g: Float64Array, useIndex2: boolean, lambda: Float64Array, first: number, r: Float64Array, ltg: Int32Array): boolean {
    if (!this.active) {
      this.writeRows(s, g);
      return true;
    }
    if (this.offsetFunction !== undefined || this.offsetFunction_t !== undefined) return false;
    const k = this.kernels;
    if (k !== undefined) {
      this.kernelAeAndReaction(s, k, g, useIndex2, lambda, first, r, ltg);
      return true;
    }
    this.evaluateOffset(s, 'offsetUserFunction');
    if (useIndex2) this.velocityLevelKinematics(s);
    else this.kinematics(s, false, false);
    if (useIndex2) this.writeVelocityEquations();
    else this.writePositionEquations();
    this.writeRows(s, g);
    if (this.pointRowsPerCoordinate) {
      this.addPointReactions(s, lambda, first, r, ltg);
      return true;
    }
    const translationFrame = this.selection.translationFrame, source = this.rowSource;
    let evaluated = false;
    for (let k = 0; k < source.length; k++) {
      const l = lambda[first + k];
      const row = source[k]; // −1: a multiplier row (the joint is active)
      if (l === 0 || row < 0) continue;
      if (!evaluated) {
        this.markers.evaluateJacobians(s);
        this.frames?.evaluateRotationJacobians(s);
        evaluated = true;
      }
      this.addRowReaction(row, translationFrame, lambda, first + k, r, ltg);
    }
    return true;
  }

  /**
   * r[ltg[k]] += c_k·λ for the Jacobian row c of generic equation `row` and λ = lambda[at], marker Jacobians evaluated:
   * each entry formed as {@link JointModel.writeJacobianRow} forms it and added at once (no row array written and read
   * back; the same products and sums, in the same order of k). λ is read here: a double passed to a call that is not
   * inlined is boxed, a heap object per row and iteration.
   */
  private addRowReaction(row: number, translationFrame: JointTranslationFrame, lambda: Float64Array, at: number, r: Float64Array, ltg: Int32Array): void {
    const l = lambda[at];
    const { markers, a0All, a1All, axis0, axis1 } = this;
    const { n0, n1, jacobian0: j0, jacobian1: j1, dp } = markers;
    const frames = this.frames;
    const g0 = frames?.rotationJacobian0 ?? noColumns, g1 = frames?.rotationJacobian1 ?? noColumns;
    if (row < 3 && translationFrame === 'global') {
      for (let k = 0; k < n0; k++) r[ltg[k]] += -j0[row * n0 + k] * l;
      for (let k = 0; k < n1; k++) r[ltg[n0 + k]] += j1[row * n1 + k] * l;
    } else if (row < 3 && translationFrame === 'J1') {
      const ax = a1All[row], ay = a1All[3 + row], az = a1All[6 + row];
      const ex = ay * dp[2] - az * dp[1], ey = az * dp[0] - ax * dp[2], ez = ax * dp[1] - ay * dp[0];
      for (let k = 0; k < n0; k++) r[ltg[k]] += -(ax * j0[k] + ay * j0[n0 + k] + az * j0[2 * n0 + k]) * l;
      for (let k = 0; k < n1; k++) {
        r[ltg[n0 + k]] += (ax * j1[k] + ay * j1[n1 + k] + az * j1[2 * n1 + k] + g1[k] * ex + g1[n1 + k] * ey + g1[2 * n1 + k] * ez) * l;
      }
    } else if (row < 3) {
      const ax = a0All[row], ay = a0All[3 + row], az = a0All[6 + row];
      const dx = dp[0], dy = dp[1], dz = dp[2];
      for (let k = 0; k < n0; k++) {
        const gx = g0[k], gy = g0[n0 + k], gz = g0[2 * n0 + k];
        const wx = dy * gz - dz * gy - j0[k];
        const wy = dz * gx - dx * gz - j0[n0 + k];
        const wz = dx * gy - dy * gx - j0[2 * n0 + k];
        r[ltg[k]] += (ax * wx + ay * wy + az * wz) * l;
      }
      for (let k = 0; k < n1; k++) r[ltg[n0 + k]] += (ax * j1[k] + ay * j1[n1 + k] + az * j1[2 * n1 + k]) * l;
    } else {
      const i = axis0[row - 3], m = axis1[row - 3];
      const ax = a0All[i], ay = a0All[3 + i], az = a0All[6 + i];
      const bx = a1All[m], by = a1All[3 + m], bz = a1All[6 + m];
      for (let k = 0; k < n0; k++) {
        const wx = g0[k], wy = g0[n0 + k], wz = g0[2 * n0 + k];
        r[ltg[k]] += -(bx * (ay * wz - az * wy) + by * (az * wx - ax * wz) + bz * (ax * wy - ay * wx)) * l;
      }
      for (let k = 0; k < n1; k++) {
        const wx = g1[k], wy = g1[n1 + k], wz = g1[2 * n1 + k];
        r[ltg[n0 + k]] += -(ax * (by * wz - bz * wy) + ay * (bz * wx - bx * wz) + az * (bx * wy - by * wx)) * l;
      }
    }
  }

  /**
   * C_qᵀλ of a point joint with global translation rows ({@link JointModel.pointRowsPerCoordinate}): the terms ∓J_k[row]·λ
   * of the rows with λ ≠ 0, added to each coordinate's entry of r in row order — the additions of the row-by-row loop
   * ({@link JointModel.addRowReaction}) in the same order per entry (the markers share no coordinate), one pass per marker.
   */
  private addPointReactions(s: ItemState, lambda: Float64Array, first: number, r: Float64Array, ltg: Int32Array): void {
    const source = this.rowSource;
    // at most three translation rows: row numbers and λ of those that add (−1: none)
    let row0 = -1, row1 = -1, row2 = -1, l0 = 0, l1 = 0, l2 = 0;
    for (let k = 0; k < source.length; k++) {
      const l = lambda[first + k], row = source[k];
      if (l === 0 || row < 0) continue;
      if (row0 < 0) { row0 = row; l0 = l; } else if (row1 < 0) { row1 = row; l1 = l; } else { row2 = row; l2 = l; }
    }
    if (row0 < 0) return;
    const markers = this.markers;
    markers.evaluateJacobians(s);
    const { n0, n1, jacobian0: j0, jacobian1: j1 } = markers;
    for (let k = 0; k < n0; k++) {
      const at = ltg[k];
      let v = r[at] + -j0[row0 * n0 + k] * l0;
      if (row1 >= 0) v += -j0[row1 * n0 + k] * l1;
      if (row2 >= 0) v += -j0[row2 * n0 + k] * l2;
      r[at] = v;
    }
    for (let k = 0; k < n1; k++) {
      const at = ltg[n0 + k];
      let v = r[at] + j1[row0 * n1 + k] * l0;
      if (row1 >= 0) v += j1[row1 * n1 + k] * l1;
      if (row2 >= 0) v += j1[row2 * n1 + k] * l2;
      r[at] = v;
    }
  }

  /**
   * The item's rows of g from the generic equations just written, λ for multiplier rows (λ read here as lagrangeMultiplier reads it: the call,
   * not inlined into the residual, allocated about 0.5 kB per Newton iteration in bricardMechanism).
   */
  private writeRows(s: ItemState, g: Float64Array): void {
    const source = this.rowSource, generic = scratch.generic;
    for (let r = 0; r < source.length; r++) {
      const row = source[r];
      g[r] = row >= 0 ? generic[row] : s.lambda[s.addresses.objectAE[this.label.index] - s.u.length + r];
    }
  }

  /** ∂g/∂q of the selected rows (also ∂ġ/∂u on velocity level) from the evaluated position-level kinematics (marker Jacobians evaluated here); multiplier rows stay zero. */
  private writeJacobian(s: ItemState, c: Float64Array): void {
    this.markers.evaluateJacobians(s);
    this.frames?.evaluateRotationJacobians(s);
    const { rows, constrainedAxes, translationFrame } = this.selection;
    for (let r = 0; r < rows.length; r++) {
      if (constrainedAxes[rows[r]] === 1) this.writeJacobianRow(rows[r], translationFrame, c, r * this.n);
    }
  }

  /** The n entries of the Jacobian row of generic equation `row` into c from offset (marker and frame Jacobians evaluated). */
  private writeJacobianRow(row: number, translationFrame: JointTranslationFrame, c: Float64Array, offset: number): void {
    const { markers, a0All, a1All, axis0, axis1 } = this;
    const { n0, n1, jacobian0: j0, jacobian1: j1, dp } = markers;
    const frames = this.frames;
    const g0 = frames?.rotationJacobian0 ?? noColumns, g1 = frames?.rotationJacobian1 ?? noColumns;
    if (row < 3 && translationFrame === 'global') {
      for (let k = 0; k < n0; k++) c[offset + k] = -j0[row * n0 + k];
      for (let k = 0; k < n1; k++) c[offset + n0 + k] = j1[row * n1 + k];
    } else if (row < 3 && translationFrame === 'J1') {
      // a1·d with a = column `row` of A1all: −a·J0 (marker 0); a·J1 + w·(a × d) with w = G1δ, as ∂a = w × a (marker 1).
      const ax = a1All[row], ay = a1All[3 + row], az = a1All[6 + row];
      const ex = ay * dp[2] - az * dp[1], ey = az * dp[0] - ax * dp[2], ez = ax * dp[1] - ay * dp[0];
      for (let k = 0; k < n0; k++) c[offset + k] = -(ax * j0[k] + ay * j0[n0 + k] + az * j0[2 * n0 + k]);
      for (let k = 0; k < n1; k++) {
        c[offset + n0 + k] = ax * j1[k] + ay * j1[n1 + k] + az * j1[2 * n1 + k] + g1[k] * ex + g1[n1 + k] * ey + g1[2 * n1 + k] * ez;
      }
    } else if (row < 3) {
      // (A0allᵀ d)_row: column `row` of A0all dotted with d × G0 − J0 (marker 0) and with J1 (marker 1).
      // (the loop-invariant entries read once: stores into c could alias them for the compiler)
      const ax = a0All[row], ay = a0All[3 + row], az = a0All[6 + row];
      const dx = dp[0], dy = dp[1], dz = dp[2];
      for (let k = 0; k < n0; k++) {
        const gx = g0[k], gy = g0[n0 + k], gz = g0[2 * n0 + k];
        const wx = dy * gz - dz * gy - j0[k];
        const wy = dz * gx - dx * gz - j0[n0 + k];
        const wz = dx * gy - dy * gx - j0[2 * n0 + k];
        c[offset + k] = ax * wx + ay * wy + az * wz;
      }
      for (let k = 0; k < n1; k++) c[offset + n0 + k] = ax * j1[k] + ay * j1[n1 + k] + az * j1[2 * n1 + k];
    } else {
      // a0·a1 with ∂a0 = G0δ × a0 and ∂a1 = G1δ × a1 (standard equations, also for alternativeConstraints):
      // entries −a1·(a0 × w) (marker 0, w = G0δ) and −a0·(a1 × w) (marker 1, w = G1δ), a0 = col_i(A0all), a1 = col_l(A1all) read once
      const i = axis0[row - 3], l = axis1[row - 3];
      const ax = a0All[i], ay = a0All[3 + i], az = a0All[6 + i];
      const bx = a1All[l], by = a1All[3 + l], bz = a1All[6 + l];
      for (let k = 0; k < n0; k++) {
        const wx = g0[k], wy = g0[n0 + k], wz = g0[2 * n0 + k];
        c[offset + k] = -(bx * (ay * wz - az * wy) + by * (az * wx - ax * wz) + bz * (ax * wy - ay * wx));
      }
      for (let k = 0; k < n1; k++) {
        const wx = g1[k], wy = g1[n1 + k], wz = g1[2 * n1 + k];
        c[offset + n0 + k] = -(ax * (by * wz - bz * wy) + ay * (bz * wx - bx * wz) + az * (bx * wy - by * wx));
      }
    }
  }

  /**
   * λ·C_qq = ∂(C_qᵀλ)/∂q with λ fixed. C_qᵀλ is the generalized force of a force F on marker 1 (−F on marker 0) and
   * torques τ₀ on marker 0, τ₁ on marker 1: global translation rows F = Σλᵢeᵢ; local rows F = Σλᵢa0ᵢ with the extra
   * torque F × d on marker 0; rotation rows a0ᵢ·a1ₗ τ = Σλₖ a0ᵢ × a1ₗ on marker 0, −τ on marker 1. The derivative is the
   * markers' ∂(Jᵀf + Gᵀt)/∂q at fixed f, t plus the change of F, F × d and τ through the virtual rotations w = Gδ and
   * ∂d = J1δ1 − J0δ0: ∂F = −F̃ G0δ, ∂(F × d) = d̃F̃ G0δ + F̃ ∂d, ∂τ = P G0δ0 − Q G1δ1 with P = Σλₖ ã1ₗ ã0ᵢ,
   * Q = Σλₖ ã0ᵢ ã1ₗ. These assume that a marker frame varies as δA = (Gδ)~A, true for the frame of one node or rigid
   * body; a frame interpolated from several nodes (a rod's interior cross-section Σ Nᵢ Aᵢ, a super-element marker) does
   * not, so such markers, alternativeConstraints, markers without jacobianTransposedVector_q and translations measured in
   * J1 (no analytic form yet) give false (numerical).
   */
  constraintForce_q(s: ItemState, k: Float64Array, factor: number): boolean {
    if (!this.active) return true;
    const { markers, a0All, a1All, axis0, axis1 } = this;
    const { rows, constrainedAxes, translationFrame } = this.selection;
    if ((this.threeRotations && this.alternative) || !markers.jacobianDerivativesAvailable || !this.singleNodeFrames || translationFrame === 'J1') return false;
    const globalTranslation = translationFrame === 'global';
    this.evaluateOffset(s, 'offsetUserFunction');
    this.kinematics(s, false, true);
    markers.evaluateJacobians(s);
    const { n0, n1, jacobian0: j0, jacobian1: j1, dp } = markers;
    const frames = this.frames;
    frames?.evaluateRotationJacobians(s);
    const g0 = frames?.rotationJacobian0 ?? noColumns, g1 = frames?.rotationJacobian1 ?? noColumns;
    const force = scratch.force.fill(0), torque = scratch.torque.fill(0), p = scratch.matrixP.fill(0), q = scratch.matrixQ.fill(0);
    const skew0 = scratch.skewA, skew1 = scratch.skewB, work = scratch.work9;
    let rotationRows = false;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      if (constrainedAxes[row] !== 1) continue;
      const lambda = lagrangeMultiplier(s, this, r);
      if (row < 3) {
        if (globalTranslation) force[row] += lambda;
        else for (let i = 0; i < 3; i++) force[i] += lambda * a0All[3 * i + row];
        continue;
      }
      rotationRows = true;
      const i = axis0[row - 3], l = axis1[row - 3];
      const u = scratch.work3, v = scratch.work3b;
      for (let m = 0; m < 3; m++) { u[m] = a0All[3 * m + i]; v[m] = a1All[3 * m + l]; }
      torque[0] += lambda * (u[1] * v[2] - u[2] * v[1]);
      torque[1] += lambda * (u[2] * v[0] - u[0] * v[2]);
      torque[2] += lambda * (u[0] * v[1] - u[1] * v[0]);
      skewInto(skew0, u);
      skewInto(skew1, v);
      mat3MulInto(work, skew1, skew0);
      for (let m = 0; m < 9; m++) p[m] += lambda * work[m];
      mat3MulInto(work, skew0, skew1);
      for (let m = 0; m < 9; m++) q[m] += lambda * work[m];
    }
    const local = !globalTranslation && (force[0] !== 0 || force[1] !== 0 || force[2] !== 0);
    const f0 = scratch.markerForce0, t0 = scratch.markerTorque0, f1 = scratch.markerForce1, t1 = scratch.markerTorque1;
    for (let m = 0; m < 3; m++) { f0[m] = -force[m]; f1[m] = force[m]; t0[m] = torque[m]; t1[m] = -torque[m]; }
    if (local) {
      t0[0] += force[1] * dp[2] - force[2] * dp[1];
      t0[1] += force[2] * dp[0] - force[0] * dp[2];
      t0[2] += force[0] * dp[1] - force[1] * dp[0];
      const skewF = skewInto(skew0, force);
      this.addBlock(k, j0, n0, 0, skewF, g0, n0, 0, factor);
      mat3MulInto(work, skewInto(skew1, dp), skewF);
      this.addBlock(k, g0, n0, 0, work, g0, n0, 0, factor);
      this.addBlock(k, g0, n0, 0, skewF, j0, n0, 0, -factor);
      this.addBlock(k, g0, n0, 0, skewF, j1, n1, n0, factor);
      this.addBlock(k, j1, n1, n0, skewF, g0, n0, 0, -factor);
    }
    if (rotationRows) {
      this.addBlock(k, g0, n0, 0, p, g0, n0, 0, factor);
      this.addBlock(k, g0, n0, 0, q, g1, n1, n0, -factor);
      this.addBlock(k, g1, n1, n0, p, g0, n0, 0, -factor);
      this.addBlock(k, g1, n1, n0, q, g1, n1, n0, factor);
    }
    this.addMarkerDerivative(s, 0, f0, frames === undefined ? undefined : t0, k, factor);
    this.addMarkerDerivative(s, 1, f1, frames === undefined ? undefined : t1, k, factor);
    return true;
  }

  /** k[rowOffset + a, colOffset + b] += factor·(Rᵀ M C)_ab for the 3 × nr row Jacobian R, 3×3 M and 3 × nc column Jacobian C. */
  private addBlock(k: Float64Array, rj: Float64Array, nr: number, rowOffset: number, m: Float64Array, cj: Float64Array, nc: number, colOffset: number, factor: number): void {
    if (nr === 0 || nc === 0) return;
    const n = this.n;
    const t = scratch.blockWork;
    for (let i = 0; i < 3; i++) {
      for (let b = 0; b < nc; b++) t[i * nc + b] = factor * (m[3 * i] * cj[b] + m[3 * i + 1] * cj[nc + b] + m[3 * i + 2] * cj[2 * nc + b]);
    }
    for (let a = 0; a < nr; a++) {
      const row = (rowOffset + a) * n + colOffset;
      const r0 = rj[a], r1 = rj[nr + a], r2 = rj[2 * nr + a];
      for (let b = 0; b < nc; b++) k[row + b] += r0 * t[b] + r1 * t[nc + b] + r2 * t[2 * nc + b];
    }
  }

  /** Adds factor·∂(Jᵀf + Gᵀt)/∂q of marker `which` (its diagonal block) at fixed force f and torque t. */
  private addMarkerDerivative(s: ItemState, which: 0 | 1, f: Float64Array, t: Float64Array | undefined, k: Float64Array, factor: number): void {
    const marker = which === 0 ? this.markers.marker0 : this.markers.marker1;
    const nb = which === 0 ? this.markers.n0 : this.markers.n1;
    if (nb === 0) return;
    const offset = which === 0 ? 0 : this.markers.n0;
    const block = scratch.markerBlock.subarray(0, nb * nb);
    block.fill(0);
    // present: constraintForce_q returns false (numerical) unless both markers have it
    marker.jacobianTransposedVector_q?.(s, f, t, block, factor);
    const n = this.n;
    for (let i = 0; i < nb; i++) for (let j = 0; j < nb; j++) k[(offset + i) * n + offset + j] += block[i * nb + j];
  }

  /** λ of generic row `row`, or 0 if the item has no such row. */
  private genericMultiplier(s: ItemState, row: number): number {
    const r = this.selection.rows.indexOf(row);
    return r < 0 ? 0 : lagrangeMultiplier(s, this, r);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    if (!this.outputs.has(variable)) return undefined;
    this.kinematics(s, true, false);
    const { markers, a0All } = this;
    const local = (x: ArrayLike<number>) => Array.from(mat3TransposeMulVecInto(new Float64Array(3), a0All, x));
    const multipliers = (first: number) => [0, 1, 2].map((i) => this.genericMultiplier(s, first + i));
    switch (variable) {
      case OutputVariableType.Position: return Array.from(markers.p0);
      case OutputVariableType.Velocity: return Array.from(markers.v0);
      case OutputVariableType.Displacement: return Array.from(markers.dp);
      case OutputVariableType.DisplacementLocal: return local(markers.dp);
      case OutputVariableType.VelocityLocal: return local(markers.dv);
      case OutputVariableType.AngularVelocityLocal: {
        const frames = this.frames;
        if (frames === undefined) return undefined;
        return local(frames.relativeAngularVelocity(scratch.work3b));
      }
      case OutputVariableType.Rotation: {
        mat3TransposeMulInto(scratch.work9, a0All, this.a1All);
        return Array.from(rotationMatrix2RotXYZInto(new Float64Array(3), scratch.work9));
      }
      case OutputVariableType.Force: return multipliers(0);
      // no joint with translations in J1 declares ForceLocal (ObjectJointPrismatic2D has no outputs)
      case OutputVariableType.ForceLocal: return this.selection.translationFrame === 'global' ? local(multipliers(0)) : this.selection.translationFrame === 'J0' ? multipliers(0) : undefined;
      case OutputVariableType.TorqueLocal: return multipliers(3);
      default: return undefined;
    }
  }
}
