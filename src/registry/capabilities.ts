import type { ItemLabel } from '../core/errors.ts';
import type { ConfigurationType, OutputVariableType } from './enums.ts';
import type { UserFunctionSystem } from './userFunctionSystem.ts';

/**
 * Where each node's and object's coordinates start in the global arrays: the address tables of the model that numbers
 * the items (the compiled model at assemble, the reference model for reference outputs), indexed by item index, as
 * MuJoCo's jnt_qposadr. Compiled once per assemble and never changed; the coordinates themselves live in the states.
 */
export interface CoordinateAddresses {
  /** Per node: first index of its position coordinates in q. */
  readonly nodeQ: Int32Array;
  /** Per node: first index of its velocity coordinates in u (its first ODE2 equation). */
  readonly nodeU: Int32Array;
  /** Per node: first global equation index n_u + k of its own algebraic equations (-1 without). */
  readonly nodeAE: Int32Array;
  /** Per object: first global equation index n_u + k of its algebraic equations (-1 without). */
  readonly objectAE: Int32Array;
  /** Per node: first index of its data coordinates in the states' data array ({@link NodeModel.nData}; 0 without). */
  readonly nodeData: Int32Array;
  /** Per node: first index of its ODE1 coordinates in the states' ode1 array ({@link NodeModel.nODE1}; -1 without). */
  readonly nodeODE1: Int32Array;
}

/**
 * The state an item reads when it evaluates its equations or outputs: global coordinate
 * arrays of one configuration plus time. Items index them through their nodes' addresses.
 */
export interface ItemState {
  /** Reference position coordinates (all nodes, n_q entries). */
  readonly qRef: Float64Array;
  /** Position coordinates as displacements from the reference (n_q entries). */
  readonly q: Float64Array;
  /** Velocity coordinates (n_u entries). */
  readonly u: Float64Array;
  /** Accelerations, time derivative of u (n_u entries). */
  readonly a: Float64Array;
  /** Algebraic coordinates: Lagrange multipliers (n_AE entries). */
  readonly lambda: Float64Array;
  /** Data coordinates (discrete states of contact and switching items, n_data entries; owned by data nodes, see {@link NodeModel.nData}). */
  readonly data: Float64Array;
  /** Reference values of the ODE1 coordinates (first-order states of all nodes, n_ODE1 entries). */
  readonly ode1Ref: Float64Array;
  /** ODE1 coordinates as displacements from their reference values (n_ODE1 entries; {@link NodeModel.nODE1}). */
  readonly ode1: Float64Array;
  /** Time derivatives of the ODE1 coordinates (n_ODE1 entries). */
  readonly ode1_t: Float64Array;
  /** The address tables of the model these arrays belong to. */
  readonly addresses: CoordinateAddresses;
  /** Simulation time. */
  readonly t: number;
  /** Load factor of the static solver (1 in dynamics). */
  readonly loadFactor: number;
  /** The system, passed as first argument to user functions. */
  readonly mbs: UserFunctionSystem;
  /** Which configuration this state is (passed on to sensor user functions). */
  readonly configuration: ConfigurationType;
  /**
   * True only while the step loop records an accepted step (sensors, solution file) and nothing changed this state since
   * the step's post-Newton steps (no post-step user function ran): an object may then take what its post-Newton step
   * computed at this very state object (compare it by identity: a spread copy carries the flag) instead of computing it
   * again. False or absent everywhere else.
   */
  readonly postNewtonKept?: boolean;
}

/**
 * The model interface I, checked against the class T that implements it (`class X implements Only<ObjectModel, X>`):
 * every public member of T must be a member of I, so a misspelled capability (`ode2LHS` for `ode2Lhs`) is a compile
 * error instead of a silently missing term. Helpers stay private or protected (keyof T does not list them).
 */
export type Only<I, T> = I & { readonly [K in Exclude<keyof T, keyof I>]: never };

/** A node at run time: owns n_q position and n_u velocity coordinates (q̇ = B(q) u). */
export interface NodeModel {
  /** Item label for error messages. */
  readonly label: ItemLabel;
  /** Number of position coordinates. */
  readonly nq: number;
  /** Number of velocity coordinates (equations it contributes to the ODE2 system). */
  readonly nu: number;
  /** Number of algebraic equations the node itself adds (e.g. Euler-parameter norm). */
  readonly nAE: number;
  /**
   * Number of data coordinates (NodeGenericData: discrete states of contact and switching items, Exudyn's data
   * coordinates), stored with the states at s.data[dataIndex …]; absent means 0.
   */
  readonly nData?: number;
  /** Initial values of the data coordinates (nData entries); absent means zeros. */
  readonly initialDataCoordinates?: Float64Array;
  /** True for ground nodes: no coordinates, fixed at the reference. */
  readonly isGround: boolean;
  /** Dimension of the point this node represents (3, 2), or 0 if it has no position. */
  readonly positionDimension: number;
  /** First index of this node's position coordinates in q: its entry of the attached address tables. */
  readonly qIndex: number;
  /** First index of this node's velocity coordinates in u: its entry of the attached address tables. */
  readonly uIndex: number;
  /** First global equation index of this node's own algebraic equations: its entry of the attached address tables. */
  readonly aeIndex: number;
  /** First index of this node's data coordinates in the states' data array: its entry of the attached address tables. */
  readonly dataIndex: number;
  /**
   * Attaches the node to the address tables of the model that numbers it (once, when that model is built); qIndex,
   * uIndex and aeIndex read them from then on. A node's model belongs to one compiled (or reference) model.
   */
  attach(addresses: CoordinateAddresses): void;
  /** Reference coordinates (n_q entries). */
  readonly referenceCoordinates: Float64Array;
  /** Initial displacement coordinates (n_q entries). */
  readonly initialCoordinates: Float64Array;
  /** Initial velocity coordinates (n_u entries). */
  readonly initialVelocities: Float64Array;
  /**
   * Number of ODE1 coordinates (first-order states y, ẏ = F(y, q, u, t), e.g. NodeGenericODE1); absent means 0. A node
   * with ODE1 coordinates has n_q = n_u = 0, and its referenceCoordinates and initialCoordinates hold the reference and
   * initial values of its n_ODE1 coordinates.
   */
  readonly nODE1?: number;
  /** First index of this node's ODE1 coordinates in the states' ode1 array: its entry of the attached address tables. */
  readonly ode1Index?: number;
  /** Writes the node's global position (3 entries; z = 0 for planar nodes). */
  position?(s: ItemState, out: Float64Array): void;
  /** Writes the node's global velocity (3 entries). */
  velocity?(s: ItemState, out: Float64Array): void;
  /** Writes the node's global acceleration (3 entries). */
  acceleration?(s: ItemState, out: Float64Array): void;
  /** Writes ∂position/∂u, 3 × n_u row-major. */
  positionJacobian?(s: ItemState, out: Float64Array): void;
  /** Writes the rotation matrix A (body-fixed → global), 9 entries row-major; for nodes with orientation. */
  orientation?(s: ItemState, out: Float64Array): void;
  /** Writes the global angular velocity ω. */
  angularVelocity?(s: ItemState, out: Float64Array): void;
  /** Writes the body-fixed angular velocity ω̄ = Aᵀω. */
  angularVelocityLocal?(s: ItemState, out: Float64Array): void;
  /** Writes ∂ω/∂Δq at fixed velocity coordinates, 3 × n_u row-major (Jacobians of velocity-dependent forces). */
  angularVelocity_q?(s: ItemState, out: Float64Array): void;
  /** Writes the rotation Jacobian: global virtual rotation per velocity coordinate, 3 × n_u row-major (generalized torque = Jᵀτ). */
  rotationJacobian?(s: ItemState, out: Float64Array): void;
  /**
   * Adds to out (3 × n row-major, the node's coordinates in columns 0 … n_u − 1) ∂(A v_local)/∂Δq along the directions
   * the rotation Jacobian misses (J_rot δq = 0 while A changes: the radial direction of Euler parameters), for the load
   * Jacobian of a vector that rotates with the node. Absent: no such directions.
   */
  addRotatedVectorNullDirection?(s: ItemState, vLocal: ArrayLike<number>, out: Float64Array, n: number): void;
  /**
   * Adds factor·∂(J_posᵀ force + J_rotᵀ torque)/∂Δq (n_u × n_u row-major) for fixed global vectors force and
   * torque (torque may be undefined): the kinematic part of the Jacobian of a load on this node (load Jacobians).
   * Absent: loads on the node are differentiated numerically.
   */
  jacobianTransposedVector_q?(s: ItemState, force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void;
  /**
   * Writes the node's own algebraic equations g (n_AE entries), e.g. the Euler-parameter norm, and, when c is given
   * (zeroed, n_AE × n_u row-major), their Jacobian ∂g/∂Δq.
   */
  ae?(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void;
  /**
   * Writes g as {@link NodeModel.ae} and adds C_qᵀλ (the node's multipliers at lambda[first …]) to r[uIndex …] without
   * the Jacobian, for the residual: the operations of the assembler's product of ae's Jacobian rows with λ (bit for
   * bit). Absent: the assembler forms C_qᵀλ from ae's Jacobian.
   */
  aeAndReaction?(s: ItemState, g: Float64Array, useIndex2: boolean, lambda: Float64Array, first: number, r: Float64Array): void;
  /** q ⊕ factor·Δ for this node; absent means addition. */
  composeIncrement?(q: Float64Array, delta: Float64Array, deltaIndex: number, factor: number): void;
  /** Writes q̇ = B(q)u for this node; absent means q̇ = u. */
  positionRates?(q: Float64Array, u: Float64Array, out: Float64Array): void;
  /**
   * Lie-group nodes (those with composeIncrement): out = T_exp(Δ)⁻¹ w, the rate of the increment Δ
   * in the node's Lie algebra for velocity coordinates w (n_u entries each; additive parts copy w,
   * a body-fixed rotation increment Ω gets TExpSO3Inv(Ω) ω̄). Explicit Lie-group Runge–Kutta
   * integration (Munthe-Kaas) needs it for every node with composeIncrement.
   */
  incrementRates?(delta: Float64Array, deltaIndex: number, w: Float64Array, wIndex: number, out: Float64Array, outIndex: number): void;
  /**
   * Exudyn's predictor correction for Lie-group nodes in the implicit solver (NodeRigidBodyRotVecLG):
   * multiplies the rotation part of the predicted increment (delta at deltaIndex, n_u entries) by
   * I + skew(factor·ω̄), ω̄ = the node's body-fixed angular velocity in s (the predicted velocities),
   * factor = −hβ/(2γ). Absent: the predicted increment is composed as it is.
   */
  correctPredictedIncrement?(s: ItemState, delta: Float64Array, deltaIndex: number, factor: number): void;
  /**
   * The node's value of an output variable, or undefined if it does not answer it. `into`: an array that the node may
   * write the value into and return when its length is the value's (a sensor's buffer, reused every row: no allocation
   * per row, as {@link BodyModel.outputBody}'s); nodes that ignore it return a new array.
   */
  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined;
}

/** A node with a position (point and rigid-body nodes): position, velocity, acceleration and the position Jacobian. */
export interface PositionNodeModel extends NodeModel {
  /** Writes the node's global position (3 entries; z = 0 for planar nodes). */
  position(s: ItemState, out: Float64Array): void;
  /** Writes the node's global velocity (3 entries). */
  velocity(s: ItemState, out: Float64Array): void;
  /** Writes the node's global acceleration (3 entries). */
  acceleration(s: ItemState, out: Float64Array): void;
  /** Writes ∂position/∂u, 3 × n_u row-major. */
  positionJacobian(s: ItemState, out: Float64Array): void;
}

/** A node with a frame (rigid-body nodes): a position node with orientation, angular velocity and rotation Jacobian. */
export interface FrameNodeModel extends PositionNodeModel {
  /** Writes the rotation matrix A (body-fixed → global), 9 entries row-major. */
  orientation(s: ItemState, out: Float64Array): void;
  /** Writes the global angular velocity ω. */
  angularVelocity(s: ItemState, out: Float64Array): void;
  /** Writes the body-fixed angular velocity ω̄ = Aᵀω. */
  angularVelocityLocal(s: ItemState, out: Float64Array): void;
  /** Writes the rotation Jacobian: global virtual rotation per velocity coordinate, 3 × n_u row-major. */
  rotationJacobian(s: ItemState, out: Float64Array): void;
}

/**
 * The jacobianTransposedVector_q of a node or marker whose position Jacobian is constant (point nodes): it adds nothing.
 * Items compare against it to skip the call and the addition of its zero block (which leaves every sum unchanged).
 */
export function constantJacobianTransposedVector_q(): void {}

/** True if the node has a position ({@link PositionNodeModel}). */
export function isPositionNode(node: NodeModel): node is PositionNodeModel {
  return node.position !== undefined && node.velocity !== undefined && node.acceleration !== undefined && node.positionJacobian !== undefined;
}

/** True if the node has a frame ({@link FrameNodeModel}). */
export function isFrameNode(node: NodeModel): node is FrameNodeModel {
  return isPositionNode(node) && node.orientation !== undefined && node.angularVelocity !== undefined
    && node.angularVelocityLocal !== undefined && node.rotationJacobian !== undefined;
}

/** A body with a frame at each point (rigid bodies, ground, rods, floating frames): orientation, angular velocity, rotation Jacobian. */
export interface FrameBodyModel extends BodyModel {
  /** Writes the body's rotation matrix A at localPosition (9 entries row-major). */
  orientation(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Writes the global angular velocity of the body frame at localPosition. */
  angularVelocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Writes the body-fixed angular velocity at localPosition. */
  angularVelocityLocal(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Writes the rotation Jacobian at localPosition, 3 × n_point row-major. */
  rotationJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
}

/** True if the body has a frame at its points ({@link FrameBodyModel}). */
export function isFrameBody(body: BodyModel): body is FrameBodyModel {
  return body.orientation !== undefined && body.angularVelocity !== undefined && body.angularVelocityLocal !== undefined && body.rotationJacobian !== undefined;
}

/** What an object, marker or load may ask for while binding to other items at assemble time. */
export interface BindContext {
  /** The node with this index; throws naming the asking item and parameter when missing. */
  node(index: number, parameter: string): NodeModel;
  /** The object with this index that is a body. */
  body(index: number, parameter: string): BodyModel;
  /** The marker with this index, bound. */
  marker(index: number, parameter: string): MarkerModel;
  /** The load with this index. */
  load(index: number, parameter: string): LoadModel;
  /** The object with this index (body or connector). */
  object(index: number, parameter: string): ObjectModel;
  /** The sensor with this index, bound. */
  sensor(index: number, parameter: string): SensorModel;
  /** The output variables the item type of a node, object or marker declares. */
  outputVariables(category: 'Node' | 'Object' | 'Marker', index: number): readonly OutputVariableType[];
}

/**
 * Receives an object's local matrix (mass matrix, ∂ode2Lhs/∂Δq, ∂ode2Lhs/∂u) by local indices 0 … n_local − 1; the
 * assembler maps it to global indices and adds it into the system matrix. The one way an object writes a matrix: a dense
 * object adds its preallocated n_local × n_local array with one {@link LocalMatrixAccumulator.addBlock} call; a
 * block-sparse object (a rod: element blocks couple p + 1 nodes; a mesh: a stored sparse pattern) adds its blocks and
 * entries, so that cost and sparse pattern grow with its blocks, not with n_local². Repeated positions add up. Every call
 * of one object method must make the same sequence of calls (structural zeros included), so that the sparse pattern of
 * the first assembly is reused.
 */
export interface LocalMatrixAccumulator {
  /** Adds value at the local position (row, col), 0 ≤ row, col < n_local. */
  add(row: number, col: number, value: number): void;
  /**
   * Adds factor·block[blockOffset + i·stride + j] at (rowOffset + i, colOffset + j) for i < rows, j < cols, row by row —
   * the entries of the equivalent add calls in that order, in one call (no number boxed per entry). A dense object's whole
   * local matrix: addBlock(0, 0, n, n, matrix, 0, n, 1).
   */
  addBlock(rowOffset: number, colOffset: number, rows: number, cols: number, block: Float64Array, blockOffset: number, stride: number, factor: number): void;
  /** Adds factor·values[k] at (rows[k], cols[k]) for k < count, in that order (a list of entries, e.g. a precomputed sparse pattern). */
  addEntries(rows: Int32Array, cols: Int32Array, values: Float64Array, count: number, factor: number): void;
  /**
   * The positions of addBlock(rowOffset, colOffset, rows, cols, …) with a zero block: no value changes, the sparse pattern
   * the same (an object's structural zeros, e.g. a contact's Jacobian without contact), without forming the zeros.
   */
  addZeros(rowOffset: number, colOffset: number, rows: number, cols: number): void;
}

/** The arrays of {@link denseLocalMatrix}, by size n. */
const denseLocalMatrices = new Map<number, Float64Array<ArrayBuffer>>();

/**
 * The n × n work array of dense objects' local matrices (row-major), one per size n shared by all objects: an object
 * takes it once (at construction or bind), and in each matrix call zeroes it, fills it and adds it to the accumulator
 * with one addBlock before it returns, so no two objects use it at the same time and nothing is allocated per call.
 */
export function denseLocalMatrix(n: number): Float64Array<ArrayBuffer> {
  let matrix = denseLocalMatrices.get(n);
  if (matrix === undefined) {
    matrix = new Float64Array(n * n);
    denseLocalMatrices.set(n, matrix);
  }
  return matrix;
}

/**
 * A {@link LocalMatrixAccumulator} into a dense n × n row-major array (numerical Jacobians, tests, diagnostics); retarget
 * it with {@link DenseLocalMatrix.to} instead of creating one per call.
 */
export class DenseLocalMatrix implements LocalMatrixAccumulator {
  constructor(
    /** The n × n row-major array the entries are added to. */
    public matrix: Float64Array = new Float64Array(0),
    /** Its number of rows and columns. */
    public n = 0) {}

  /** Directs the following entries to matrix (n × n); returns this. */
  to(matrix: Float64Array, n: number): this {
    this.matrix = matrix;
    this.n = n;
    return this;
  }

  add(row: number, col: number, value: number): void {
    this.matrix[row * this.n + col] += value;
  }

  addBlock(rowOffset: number, colOffset: number, rows: number, cols: number, block: Float64Array, blockOffset: number, stride: number, factor: number): void {
    const { matrix, n } = this;
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) matrix[(rowOffset + i) * n + colOffset + j] += factor * block[blockOffset + i * stride + j];
    }
  }

  addEntries(rows: Int32Array, cols: Int32Array, values: Float64Array, count: number, factor: number): void {
    for (let k = 0; k < count; k++) this.matrix[rows[k] * this.n + cols[k]] += factor * values[k];
  }

  addZeros(): void {}
}

/**
 * An object at run time: a body, a connector or a constraint; all capabilities optional. The compiled model keeps no
 * copy of an object's parameters: it calls the object, which reads its own values, so a parameter that does not change
 * the structure (sizes, node and marker numbers) may change between two evaluations. The object's addresses (its first
 * algebraic equation) are in the state's address tables (s.addresses, by the object's index); an object with discrete
 * state keeps it in the data coordinates of a data node it references (Exudyn's NodeGenericData via nodeNumber).
 */
export interface ObjectModel {
  /** Item label for error messages. */
  readonly label: ItemLabel;
  /** The nodes whose velocity coordinates form this object's local coordinates, in order (set in bind). */
  readonly localNodes: readonly NodeModel[];
  /** Number of algebraic equations (Lagrange multipliers). */
  readonly nAE: number;
  /**
   * The item-level post-Newton step of contact and switching items (Exudyn's PostNewtonStep, discontinuous iteration):
   * after Newton (or an explicit step) has converged on a step, the solver calls it with the converged state s and the
   * start-of-step state; the object updates its discrete state — the data coordinates of its data node in s.data,
   * nothing else — and returns its discontinuous error (≥ 0, 0 when no switching state changed; an absolute residual,
   * typically a force jump). It may propose a smaller step in out.recommendedStepSize (see {@link PostNewtonOutput}).
   * The solver repeats the step (state reset to the start of step, data coordinates kept) while the largest error
   * exceeds discontinuous.iterationTolerance, at most discontinuous.maxIterations times. Objects whose switching is
   * switched off by their parameters (and inactive ones) return 0 at once.
   */
  postNewtonStep?(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number;
  /** Resolves referenced nodes and markers; called once per assemble. */
  bind(context: BindContext): void;
  /** The body capability, if this object is a body (markers may attach to it). */
  readonly body?: BodyModel;
  /** The super-element capability, if this object is a mesh of nodes (FFRF bodies): super-element markers and sensors use it. */
  readonly superElement?: SuperElementModel;
  /** True when massMatrix does not depend on the state. */
  readonly hasConstantMassMatrix?: boolean;
  /** Adds the local mass matrix M (n_local × n_local) to m. */
  massMatrix?(s: ItemState, m: LocalMatrixAccumulator): void;
  /**
   * Adds M·a to out without the local matrix: out[ltg[r]] += Σ_c M_rc a[ltg[c]], per row over the local columns in
   * order, the same values as a product with the matrix massMatrix adds (to the last bit). Used by the residual's M·a
   * when the object's coordinates ascend (local order = global order); absent: the product goes through massMatrix.
   */
  massMatrixProduct?(s: ItemState, a: Float64Array, ltg: Int32Array, out: Float64Array): void;
  /** Adds the left-hand side forces (elastic, damping, gyroscopic) to the local vector. */
  ode2Lhs?(s: ItemState, f: Float64Array): void;
  /**
   * Optional, with ode2Lhs: false when ode2Lhs adds nothing in state s (a contact whose data coordinates say no contact),
   * so that the residual skips the object (zeroing, evaluation and scatter of zeros); absent or true: ode2Lhs is called.
   */
  ode2LhsActive?(s: ItemState): boolean;
  /**
   * Adds factor·∂(ode2Lhs)/∂Δq to k. Absent (or numericalDifferentiation.forODE2): the model differentiates ode2Lhs
   * numerically (forward differences over the local coordinates, a dense n_local × n_local work matrix).
   */
  ode2Lhs_q?(s: ItemState, k: LocalMatrixAccumulator, factor: number): void;
  /** Adds factor·∂(ode2Lhs)/∂u to d; absent (or forODE2): numerical, as ode2Lhs_q. */
  ode2Lhs_u?(s: ItemState, d: LocalMatrixAccumulator, factor: number): void;
  /**
   * Optional, with ode2Lhs_q and ode2Lhs_u: adds factorQ·∂(ode2Lhs)/∂Δq + factorU·∂(ode2Lhs)/∂u, the matrix of
   * ode2Lhs_q(s, k, factorQ) followed by ode2Lhs_u(s, k, factorU), from one evaluation of the kinematics; an object may
   * sum both parts into one block before adding it (fewer entries to assemble; the sums then round differently), its
   * calls must be the same in every evaluation (a fixed sparse pattern). The assembler calls it when it needs both
   * analytic Jacobians.
   */
  ode2Lhs_qu?(s: ItemState, k: LocalMatrixAccumulator, factorQ: number, factorU: number): void;
  /** True if ode2Lhs depends on u (decides whether a damping Jacobian is needed). */
  readonly ode2LhsDependsOnVelocity?: boolean;
  /**
   * Writes the algebraic equations g (n_AE entries; useIndex2 asks for velocity-level equations) and, when c is given
   * (zeroed, n_AE × n_local row-major), their Jacobian ∂g/∂Δq (position level), or ∂ġ/∂u (the same matrix for holonomic
   * constraints; ∂g/∂u for velocity-level constraints), from one evaluation of the kinematics.
   */
  ae?(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void;
  /**
   * Writes g as {@link ObjectModel.ae} and adds C_qᵀλ (the object's multipliers at lambda[first …]) to r[ltg[k]]
   * without storing the Jacobian, for the residual: the same operations as ae's Jacobian rows times λ added row by row
   * (bit for bit). Returns false, having written nothing, when the object has no such form in its set-up; absent or
   * false: the assembler forms C_qᵀλ from ae's Jacobian.
   */
  aeAndReaction?(s: ItemState, g: Float64Array, useIndex2: boolean, lambda: Float64Array, first: number, r: Float64Array, ltg: Int32Array): boolean;
  /**
   * Writes ae's Jacobian c alone (zeroed, as {@link ObjectModel.ae} writes it) without g, for the system Jacobian, which
   * discards g. Returns false, having written nothing, when the object has no such form in its set-up; absent or false:
   * the assembler calls ae.
   */
  aeJacobian?(s: ItemState, c: Float64Array): boolean;
  /**
   * Adds factor·∂(C_qᵀ λ)/∂Δq (n_local × n_local row-major) with the object's multipliers λ (from s) held fixed: the
   * stiffness of the constraint forces about a loaded state (λ·C_qq). Returns false, having added nothing, when it has
   * no analytic form for this object's set-up (markers without jacobianTransposedVector_q, alternative equations …);
   * absent or false: the assembler takes central differences of C_qᵀ λ (the Jacobian of ae at perturbed coordinates).
   */
  constraintForce_q?(s: ItemState, k: Float64Array, factor: number): boolean;
  /** True for constraints given on velocity level (g depends on u, not on q). */
  readonly velocityLevelConstraint?: boolean;
  /**
   * Local algebraic rows whose equation is g_i = λ_i (free axes of a joint, all rows of an inactive one):
   * ∂g_i/∂λ_i = 1 on these rows (the assembler puts it on the AE diagonal), ∂g/∂λ = 0 elsewhere.
   */
  readonly multiplierRows?: readonly number[];
  /**
   * Adds factor·∂g/∂λ (local algebraic rows and columns 0 … n_AE − 1) for objects whose equations depend on their own
   * algebraic coordinates beyond the multiplier rows (ObjectJointSliding2D: its sliding coordinate is an algebraic
   * coordinate; the penalty form of ObjectJointALEMoving2D: g = d − λ/k). The same sequence of entries at every call.
   */
  ae_lambda?(s: ItemState, target: LocalMatrixAccumulator, factor: number): void;
  /**
   * Local algebraic rows that stay on position level when the solver asks for index-2 equations (their Jacobian row is
   * ∂g/∂Δq, scaled like position-level rows); the other rows switch to velocity level. Absent: all rows switch.
   */
  readonly positionLevelRows?: readonly number[];
  /** For a coordinate constraint to ground: the global u index that explicit solvers set to zero. */
  eliminableCoordinate?(): number | undefined;
  /**
   * The nodes whose ODE1 coordinates form this object's local ODE1 coordinates x, in order (set in bind); absent or
   * empty for objects without first-order equations.
   */
  readonly localODE1Nodes?: readonly NodeModel[];
  /**
   * Adds the right-hand side F of the object's first-order equations ẋ = F(x, q, u, t) to f (n_ODE1,local entries, the
   * coordinates of localODE1Nodes): Exudyn's ComputeODE1RHS.
   */
  ode1Rhs?(s: ItemState, f: Float64Array): void;
  /**
   * Adds factor·∂F/∂x (n_ODE1,local × n_ODE1,local row-major) and returns true; returns false, having added nothing,
   * when the object has no analytic form in its current set-up (user functions): the assembler then takes forward
   * differences of ode1Rhs. Absent: always numerical.
   */
  ode1Rhs_x?(s: ItemState, k: Float64Array, factor: number): boolean;
  /** True if ode1Rhs depends on the ODE2 coordinates q or velocities u of localNodes (∂F/∂q, ∂F/∂u are numerical). */
  readonly ode1RhsDependsOnODE2?: boolean;
  /** True if ode2Lhs depends on the ODE1 coordinates of localODE1Nodes (∂(ode2Lhs)/∂x is numerical). */
  readonly ode2LhsDependsOnODE1?: boolean;
  /**
   * The object's value of an output variable, or undefined if it does not answer it. `into`: an array that the object
   * may write the value into and return when its length is the value's (a sensor's buffer, as NodeModel.output's);
   * objects that ignore it return a new array.
   */
  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined;
  /**
   * A run-time change of one parameter (set…Parameter, modify…) applied to this model in place, with the value already
   * validated as at add time: returns true if the model now behaves exactly as one created from the changed dictionary
   * (for parameters it reads at each evaluation, such as valve openings set from a pre-step function), false (having
   * changed nothing) otherwise. Absent or false: the compiled model creates a new model and binds it again
   * ({@link CompiledModel.replaceItem}), which costs a model creation and the binding of its dependents per change.
   */
  updateParameter?(name: string, value: unknown): boolean;
  /**
   * Contact items: appends the points where they touch at state s (their active contacts), each with its penetration
   * depth ≥ 0 and the contact force on the item's first body (global), for the viewer and the VTK export.
   */
  contactPoints?(s: ItemState, out: ContactPointSink): void;
}

/** Receives contact points for drawing ({@link ObjectModel.contactPoints}). */
export interface ContactPointSink {
  /** Appends a point (global), its penetration depth ≥ 0 and the contact force (global; 0 where it is not reported). */
  push(x: number, y: number, z: number, depth: number, fx?: number, fy?: number, fz?: number): void;
}

/** What an object's post-Newton step reports besides its error ({@link ObjectModel.postNewtonStep}). */
export interface PostNewtonOutput {
  /**
   * Step size the object recommends, written only when it has one (Exudyn's recommendedStepSize): a value ≥ 0 asks for
   * at most this step (0: the minimum step size); the solver starts each post-Newton step with −1 (no recommendation).
   */
  recommendedStepSize: number;
  /**
   * Why the step must not be accepted, written only when it must not (a contact passed through within the step): the
   * solver rejects the step, whatever its discontinuous settings, and retries it with a smaller step (adaptive steps) or
   * fails with this reason (at the minimum step size, or with fixed steps). The solver starts each post-Newton step with
   * undefined.
   */
  rejection: string | undefined;
  /**
   * Set by the solver before the post-Newton steps: true if s holds the position and velocity coordinates at which the
   * stepper evaluated its last residual, unchanged since (Newton ended with that evaluation; no post-Newton user function
   * ran before the objects). An object may then take the kinematics its last ode2Lhs computed at s instead of computing
   * them again (not what depends on data coordinates: the post-Newton steps write those).
   */
  stateOfLastResidual: boolean;
}

/**
 * The body-fixed origin (0, 0, 0): the local position of a body's own outputs and of reference-frame reads. Never
 * written. Local positions are Float64Arrays everywhere, so the bodies' kinematic kernels see one elements kind in the
 * solve and in the builders' reference reads (a plain [0, 0, 0] there deoptimized them at the next system's solve).
 */
export const bodyOrigin: Float64Array = new Float64Array(3);

/** The capability of bodies: kinematics at a local position, used by markers and sensors. */
export interface BodyModel {
  /** Nodes of the body in the order of its local coordinates. */
  readonly nodes: readonly NodeModel[];
  /** Number of local velocity coordinates of the body. */
  readonly nLocalU: number;
  /** Line bodies (rods, cables, beams): length L of the axial local coordinate, localPosition = [s, 0, 0] with s ∈ [arcStart, arcStart + L]. */
  readonly arcLength?: number;
  /** Line bodies: the axial local coordinate of the line's start (beams centred on their midpoint: −L/2). Absent: 0. */
  readonly arcStart?: number;
  /** Writes the global position of a body-fixed point. */
  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Writes the global velocity of a body-fixed point. */
  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /**
   * The nodes that influence the body-fixed point at localPosition, in the order of the columns of the body's point
   * Jacobians there: positionJacobian and rotationJacobian are 3 × n_point and jacobianTransposedVector_q is
   * n_point × n_point, n_point = Σ n_u of these nodes. Markers at localPosition depend on these nodes only, so their
   * connectors and loads couple to them alone. Bodies whose points depend on a few of their nodes define it (a rod: the
   * p + 1 nodes of the element at s); the same localPosition always gives the same nodes; an invalid localPosition may
   * throw here (markers ask at assemble). Absent: all nodes, n_point = nLocalU.
   */
  nodesAt?(localPosition: ArrayLike<number>): readonly NodeModel[];
  /** Writes ∂position/∂u of a body-fixed point, 3 × n_point row-major (columns: the nodes of {@link BodyModel.nodesAt}). */
  positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /**
   * Adds sign·J_posᵀ force, then J_rotᵀ torque (if given), at the body's reference point (localPosition 0, where
   * J_pos = [I | 0] and J_rot = [0 | G]) to out[offset …] (nLocalU entries): the numbers of the products with
   * positionJacobian and rotationJacobian there, without forming them. Absent: markers form the Jacobians.
   */
  addOriginLoad?(s: ItemState, force: ArrayLike<number>, sign: number, torque: ArrayLike<number> | undefined, out: Float64Array, offset: number): void;
  /**
   * Adds factor·J_posᵀ force at a body-fixed point off the reference point (localPosition ≠ 0) to out (nLocalU entries):
   * the numbers of factor·(the product with positionJacobian) there, without forming it. Absent: markers form the Jacobian.
   */
  addPointForce?(s: ItemState, localPosition: ArrayLike<number>, force: ArrayLike<number>, factor: number, out: Float64Array): void;
  /**
   * The node whose frame the body frame at the reference point (localPosition 0) is: there the body's position,
   * velocity, orientation, angular velocity and their Jacobians are the node's own (rigid bodies). Absent: none.
   */
  readonly frameNode?: NodeModel;
  /**
   * Writes ∂velocity/∂Δq of a body-fixed point at fixed velocity coordinates, 3 × n_point row-major (a rigid body:
   * the dependence of ω × A x on the rotation), for markers' {@link MarkerModel.velocity_q}. Absent: markers on the
   * body provide none.
   */
  velocity_q?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Writes the body's rotation matrix A (9 entries row-major), for rigid and rotating bodies. */
  orientation?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /**
   * Writes position and orientation at localPosition at once, the values of position and orientation (for bodies that
   * form the rotation matrix for both: once). Absent: each alone.
   */
  positionAndOrientation?(s: ItemState, localPosition: ArrayLike<number>, position: Float64Array, orientation: Float64Array): void;
  /**
   * Adds sign·J_posᵀ force, then J_rotᵀ torque, at localPosition to out[offset …] (nLocalU entries), each entry with the
   * operations of the products with positionJacobian and rotationJacobian; orientation is the body's rotation matrix at s
   * as orientation writes it (the caller has it). For rigid bodies; absent: callers form the Jacobians.
   */
  addForceTorqueTransposed?(s: ItemState, localPosition: ArrayLike<number>, orientation: ArrayLike<number>, force: ArrayLike<number>, sign: number,
    torque: ArrayLike<number>, out: Float64Array, offset: number): void;
  /** Writes the global angular velocity of the body frame at localPosition. */
  angularVelocity?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Writes the body-fixed angular velocity at localPosition. */
  angularVelocityLocal?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Writes the rotation Jacobian at localPosition, 3 × n_point row-major (columns: the nodes of {@link BodyModel.nodesAt}). */
  rotationJacobian?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Writes ∂ω/∂Δq at fixed velocity coordinates at localPosition, 3 × n_point row-major, for markers' {@link RigidMarkerModel.angularVelocity_q}. */
  angularVelocity_q?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Adds ∂(A v_local)/∂Δq at localPosition along the directions its rotation Jacobian misses (3 × n_point row-major; {@link NodeModel.addRotatedVectorNullDirection}). */
  addRotatedVectorNullDirection?(s: ItemState, localPosition: ArrayLike<number>, vLocal: ArrayLike<number>, out: Float64Array): void;
  /**
   * Line bodies (rods): writes the centerline point whose Jacobian is positionJacobian (Σ N_i r_i of the nodes; equal to
   * position except for interpolations whose pose is not the Lagrange one, such as the SE(3) rod's).
   */
  centerlinePosition?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /**
   * Line bodies (rods): writes ∂ω/∂Δq of the section at fixed velocity coordinates, 3 × n_point row-major, for line
   * contacts. Not offered as angularVelocity_q: a rod's marker orientation (the interpolated A(s)) is not the integral of
   * its Petrov–Galerkin rotation Jacobian, so marker-based items that combine both stay numerical in q.
   */
  lineAngularVelocity_q?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Line bodies (rods): writes the centerline tangent ∂r/∂ξ at localPosition (its direction; the length is not 1). */
  centerlineTangent?(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  /** Line bodies: writes ∂(centerlineTangent)/∂u = ∂/∂Δq, 3 × n_point row-major (a centerline linear in the nodal positions). */
  centerlineTangentJacobian?(localPosition: ArrayLike<number>, out: Float64Array): void;
  /**
   * Line bodies: Gauss points along the reference centerline, pointsPerElement per element, with their axial local
   * coordinates (as markers use them) and the reference arc length each point integrates over (summing to the length).
   */
  linePoints?(pointsPerElement: number): { readonly arc: Float64Array; readonly length: Float64Array };
  /** Adds the generalized force of a mass-proportional load vector (force per mass) to f (nLocalU). */
  massProportionalForce?(s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void;
  /**
   * True if massProportionalForce depends on the coordinates (bodies with a rotating reference frame and a mass
   * centre off the reference point: rigid bodies with COM offset, floating-frame bodies); then load Jacobians of
   * mass-proportional loads are numerical. Absent or false: the force is constant (mass points, absolute-coordinate
   * flexible bodies such as ANCF cables and rods), and those loads get no Jacobian.
   */
  readonly massProportionalForceDependsOnCoordinates?: boolean;
  /**
   * [m, d] when massProportionalForce adds m·b_i to f_i for i < d and nothing else (mass points; rigid bodies without
   * COM offset), known after bind; absent or undefined otherwise. Mass-proportional loads then add these terms
   * themselves, with the same operations, instead of calling massProportionalForce in every residual.
   */
  translationalMass?(): readonly [mass: number, dimension: number] | undefined;
  /**
   * Adds factor·∂(J_posᵀ force + J_rotᵀ torque)/∂Δq (n_point × n_point row-major, the nodes of
   * {@link BodyModel.nodesAt}) at localPosition for fixed global force and torque (either may be undefined): the
   * kinematic part of a load Jacobian. Absent: loads on markers of this body are differentiated numerically.
   */
  jacobianTransposedVector_q?(s: ItemState, localPosition: ArrayLike<number>, force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void;
  /**
   * Rods: adds the generalized force of line loads per reference arc length to f (nLocalU),
   * ∫ (δrᵀ b + δφ_Kᵀ c) ds with the body's test functions and quadrature. At each quadrature point (arc
   * length sArc as markers use it) the body calls density(sArc, force, moment, internalMoment) with zeroed 3-vectors
   * that the callback fills with the force density b (global frame), the moment density c (cross-section frame K) and
   * an internal (active) moment τ (frame K), which enters as ∫ δφ_K'ᵀ τ ds (a self-equilibrated couple, c = −τ').
   */
  addDistributedLoad?(s: ItemState, density: DistributedLoadDensity, f: Float64Array): void;
  /**
   * Rods: adds factor·∫ (δrᵀ b + δφ_Kᵀ c) ds of a state-dependent line-force law (drag, damping; see
   * {@link LineForceLaw}) to f (nLocalU), with the body's test functions and quadrature.
   */
  addLineForceLaw?(s: ItemState, law: LineForceLaw, f: Float64Array, factor: number): void;
  /**
   * Rods: adds factor·∂(∫ (δrᵀ b + δφ_Kᵀ c) ds)/∂Δq (wrt 'q') or ∂/∂u (wrt 'u') of the law to target (local indices of
   * the body's nodes), element block by element block in a fixed sequence.
   */
  lineForceLawJacobian?(s: ItemState, law: LineForceLaw, wrt: 'q' | 'u', target: LocalMatrixAccumulator, factor: number): void;
  /**
   * Output at a body-fixed point, or undefined if the body does not answer it. `into`: a 3-vector that a body may write a
   * 3-component output into and return (a sensor's buffer, reused every step: no allocation per row); bodies that ignore
   * it return a new array.
   */
  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>, into?: Float64Array): ArrayLike<number> | undefined;
}

/**
 * Force density b (global frame) and moment density c (cross-section frame) per reference arc length at sArc, and an
 * internal moment τ (cross-section frame, e.g. a muscle torque), written into the zeroed arrays force, moment and
 * internalMoment (see {@link BodyModel.addDistributedLoad}).
 */
export type DistributedLoadDensity = (sArc: number, force: Float64Array, moment: Float64Array, internalMoment: Float64Array) => void;

/**
 * A line force that depends on the state of a rod at one point (fluid drag, velocity damping): the force density b
 * (global) and moment density c (cross-section frame) per reference arc length from the current tangent vector r_ξ
 * (global, per ξ; |r_ξ|/dsdxi is the stretch), the centerline velocity v (global) and the body-fixed angular velocity ω̄,
 * and their 3×3 row-major derivatives ∂b/∂v, ∂b/∂r_ξ and ∂c/∂ω̄ (c must not depend on r_ξ or v, b not on ω̄).
 */
export interface LineForceLaw {
  /** True if b depends on r_ξ (the body then assembles the ∂/∂Δq Jacobian). */
  readonly dependsOnTangent: boolean;
  /**
   * Writes b and c at reference arc length sArc of a body of length L (zeroed on entry); when dbdv is given, also
   * ∂b/∂v, ∂b/∂r_ξ and ∂c/∂ω̄ (zeroed on entry).
   */
  evaluate(sArc: number, length: number, dsdxi: number, rXi: Float64Array, v: Float64Array, omega: Float64Array, b: Float64Array, c: Float64Array,
    dbdv?: Float64Array, dbdrXi?: Float64Array, dcdw?: Float64Array): void;
}

/**
 * A marker at run time: kinematics of a point, frame or coordinate, or a body's mass, for connectors and loads.
 * What a marker provides is the interface it implements ({@link PositionMarkerModel}, {@link RigidMarkerModel},
 * {@link CoordinateMarkerModel}, {@link BodyMassMarkerModel}): connectors and loads narrow the markers they bind to
 * with {@link isPositionMarker} and its siblings once, at assemble, and call them through the narrowed type.
 */
export interface MarkerModel {
  /** Item label for error messages. */
  readonly label: ItemLabel;
  /** Nodes the marker's kinematics depend on, in the order of its local coordinates (set in bind). */
  readonly nodes: readonly NodeModel[];
  /** Number of local velocity coordinates (sum of its nodes' n_u). */
  readonly nLocalU: number;
  /** Resolves the referenced body or node; called once per assemble. */
  bind(context: BindContext): void;
  /** The marker's value of an output variable, or undefined. */
  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined;
}

/** A marker at a point: position, velocity and the position Jacobian. */
export interface PositionMarkerModel extends MarkerModel {
  /** Writes the marker's global position. */
  position(s: ItemState, out: Float64Array): void;
  /** Writes the marker's global velocity. */
  velocity(s: ItemState, out: Float64Array): void;
  /** Writes ∂position/∂u, 3 × nLocalU row-major. */
  positionJacobian(s: ItemState, out: Float64Array): void;
  /**
   * Adds sign·J_posᵀ force, then J_rotᵀ torque (if given; rigid markers), to out[offset …] (nLocalU entries), the
   * numbers of the products with positionJacobian and rotationJacobian, for markers whose body forms them without the
   * Jacobians (a rigid body's reference point). Absent: callers form the Jacobians.
   */
  addJacobianTransposedLoad?(s: ItemState, force: ArrayLike<number>, sign: number, torque: ArrayLike<number> | undefined, out: Float64Array, offset: number): void;
  /**
   * Adds factor·J_posᵀ force to out (nLocalU entries), the numbers of factor·(the product with positionJacobian), for
   * markers whose body forms them without the Jacobian (a rigid body's point off its reference point). Absent: callers
   * form the Jacobian.
   */
  addPointForce?(s: ItemState, force: ArrayLike<number>, factor: number, out: Float64Array): void;
  /**
   * Writes ∂velocity/∂Δq at fixed velocity coordinates, 3 × nLocalU row-major (the velocity's dependence on the
   * configuration, e.g. ω × x on a rotating frame), for the Jacobians of damping forces. Absent: connectors treat
   * the velocity as independent of q (exact for node markers, whose velocity is a velocity coordinate).
   */
  velocity_q?(s: ItemState, out: Float64Array): void;
  /**
   * Adds to out (3 × nLocalU row-major) ∂position/∂Δq along the directions positionJacobian misses (J_pos δq = 0 while
   * the position changes: the radial direction of Euler parameters moves a body-fixed point by 2(A − I)x), for the
   * right-hand factor of position-Jacobian products J_posᵀ S ∂Δp/∂q. Absent: no such directions.
   */
  addPositionNullDirection?(s: ItemState, out: Float64Array): void;
  /**
   * The node whose frame the marker frame is (its kinematics and Jacobians are the node's own: a body marker at a
   * rigid body's reference point; set in bind), for connectors that read the node's coordinates directly. Absent: none.
   */
  readonly frameNode?: NodeModel;
  /**
   * The marker's body-fixed position x ≠ 0 on a rigid body whose frame is its node's (nodes[0]): position p + A x,
   * velocity u̇ + A(ω̄ × x) (rigid markers: the node's orientation, angular velocity and rotation Jacobian; set in bind),
   * for connectors that read the node's coordinates directly. Absent: none (at x = 0, frameNode).
   */
  readonly frameOffset?: Float64Array;
  /**
   * Adds factor·∂(J_posᵀ force + J_rotᵀ torque)/∂Δq (nLocalU × nLocalU row-major) for fixed global force and
   * torque (either may be undefined; torque only for rigid markers). Present only when the marker's body or node
   * provides it (known after bind); loads without it are differentiated numerically.
   */
  jacobianTransposedVector_q?(s: ItemState, force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void;
}

/** A marker at a frame: a position marker with orientation, angular velocity and the rotation Jacobian. */
export interface RigidMarkerModel extends PositionMarkerModel {
  /** Writes the marker frame's rotation matrix A (9 entries row-major). */
  orientation(s: ItemState, out: Float64Array): void;
  /** Writes position and orientation at once, the values of position and orientation (optional; see BodyModel.positionAndOrientation). */
  positionAndOrientation?(s: ItemState, position: Float64Array, orientation: Float64Array): void;
  /**
   * Adds sign·J_posᵀ force, then J_rotᵀ torque, to out[offset …] (nLocalU entries), each entry with the operations of the
   * products with positionJacobian and rotationJacobian; orientation is the marker's orientation at s (optional; see
   * BodyModel.addForceTorqueTransposed).
   */
  addForceTorqueTransposed?(s: ItemState, orientation: ArrayLike<number>, force: ArrayLike<number>, sign: number, torque: ArrayLike<number>, out: Float64Array, offset: number): void;
  /** Writes the marker frame's global angular velocity. */
  angularVelocity(s: ItemState, out: Float64Array): void;
  /** Writes the marker frame's body-fixed angular velocity. */
  angularVelocityLocal(s: ItemState, out: Float64Array): void;
  /** Writes the rotation Jacobian, 3 × nLocalU row-major (global virtual rotation per local velocity coordinate). */
  rotationJacobian(s: ItemState, out: Float64Array): void;
  /**
   * Writes ∂ω/∂Δq at fixed velocity coordinates (ω the global angular velocity), 3 × nLocalU row-major, for the
   * Jacobians of forces that depend on the angular velocity (friction at a contact point). Absent: taken as 0.
   */
  angularVelocity_q?(s: ItemState, out: Float64Array): void;
  /**
   * Adds to out (3 × nLocalU row-major) ∂(A v_local)/∂Δq of a vector that rotates with the marker frame, along the
   * directions the rotation Jacobian misses (J_rot δq = 0 while A changes: the radial direction of Euler parameters),
   * to be added to −ṽ J_rot in the Jacobian of a follower (bodyFixed) load. Absent: no such directions.
   */
  addRotatedVectorNullDirection?(s: ItemState, vLocal: ArrayLike<number>, out: Float64Array): void;
}

/** A marker on one scalar coordinate (a node coordinate, a rotation angle). */
export interface CoordinateMarkerModel extends MarkerModel {
  /** Local index (within nLocalU) of the marked coordinate; -1 for ground coordinates; absent when the value is no local coordinate (see coordinateJacobian). */
  readonly coordinateLocalIndex?: number;
  /** Value of the marked coordinate (displacement). */
  coordinate(s: ItemState): number;
  /** Velocity of the marked coordinate. */
  coordinateVelocity(s: ItemState): number;
  /**
   * Writes ∂(coordinate)/∂u, 1 × nLocalU, for coordinate markers whose value is not one of their local
   * coordinates (MarkerNodeRotationCoordinate: a row of the rotation Jacobian). Such markers have no
   * coordinateLocalIndex; connectors and loads use this row instead of a unit entry.
   */
  coordinateJacobian?(s: ItemState, out: Float64Array): void;
}

/**
 * A marker on all ODE2 coordinates of a node or an object (MarkerNodeCoordinates, MarkerObjectODE2Coordinates): the
 * vector of its nLocalU coordinates, reference values included, whose Jacobian ∂q/∂u is the identity (only nodes with
 * q̇ = u qualify). A ground node gives the empty vector (nLocalU = 0).
 */
export interface CoordinateVectorMarkerModel extends MarkerModel {
  /** Writes the coordinates q_ref + q (nLocalU entries). */
  coordinateVector(s: ItemState, out: Float64Array): void;
  /** Writes the velocity coordinates q̇ (nLocalU entries). */
  coordinateVectorVelocity(s: ItemState, out: Float64Array): void;
}

/**
 * The shape of a 2D cable element as a polygon (MarkerBodyCable2DShape): numberOfSegments + 1 equidistant points along the
 * element, positions and velocities as [x0, y0, x1, y1, …]. The points are linear in the element coordinates (their
 * Jacobian, 2(numberOfSegments + 1) × nLocalU row-major, does not depend on the state).
 */
export interface CableShapeMarkerModel extends MarkerModel {
  /** Number of segments (the polygon has numberOfSegments + 1 points). */
  readonly numberOfSegments: number;
  /** Reference length L of the cable element (the polygon's points sit at x_i = i L/numberOfSegments; known after bind). */
  readonly length: number;
  /** Writes the point positions [x0, y0, x1, y1, …]. */
  points(s: ItemState, out: Float64Array): void;
  /** Writes the point velocities. */
  pointVelocities(s: ItemState, out: Float64Array): void;
  /** Writes the Jacobian ∂[x0, y0, …]/∂u (2(numberOfSegments + 1) × nLocalU row-major; the same in every state). */
  pointJacobian(s: ItemState, out: Float64Array): void;
  /** Adds the generalized forces Jᵀ F of point forces F = [F0x, F0y, F1x, …] (one per polygon point) to f[offset …]. */
  addPointForces(s: ItemState, forces: Float64Array, f: Float64Array, offset: number): void;
}

/** A marker on a body's mass distribution, the target of mass-proportional and distributed loads. */
export interface BodyMassMarkerModel extends MarkerModel {
  /** Adds the generalized force of a mass-proportional load (force per mass) to f (nLocalU). */
  massProportionalForce(s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void;
  /** The body's {@link BodyModel.massProportionalForceDependsOnCoordinates} (known after bind). */
  readonly massProportionalForceDependsOnCoordinates: boolean;
  /** The body's mass m of {@link BodyModel.translationalMass} (0 without it; known after bind). */
  readonly translationalMass: number;
  /** The count d of {@link BodyModel.translationalMass} (0 without it: the load calls massProportionalForce; known after bind). */
  readonly translationalDimension: number;
  /** Line bodies (rods): the body's {@link BodyModel.addDistributedLoad} (present only when the body has it, after bind). */
  addDistributedLoad?(s: ItemState, density: DistributedLoadDensity, f: Float64Array): void;
  /** Line bodies (rods): the body's {@link BodyModel.addLineForceLaw} (present only when the body has it, after bind). */
  addLineForceLaw?(s: ItemState, law: LineForceLaw, f: Float64Array, factor: number): void;
  /** Line bodies (rods): the body's {@link BodyModel.lineForceLawJacobian} (present only when the body has it, after bind). */
  lineForceLawJacobian?(s: ItemState, law: LineForceLaw, wrt: 'q' | 'u', target: LocalMatrixAccumulator, factor: number): void;
}

/** True if the marker provides a position ({@link PositionMarkerModel}). */
export function isPositionMarker(marker: MarkerModel): marker is PositionMarkerModel {
  const m = marker as Partial<PositionMarkerModel>;
  return typeof m.position === 'function' && typeof m.velocity === 'function' && typeof m.positionJacobian === 'function';
}

/** True if the marker provides a frame ({@link RigidMarkerModel}). */
export function isRigidMarker(marker: MarkerModel): marker is RigidMarkerModel {
  const m = marker as Partial<RigidMarkerModel>;
  return isPositionMarker(marker) && typeof m.orientation === 'function' && typeof m.angularVelocity === 'function'
    && typeof m.angularVelocityLocal === 'function' && typeof m.rotationJacobian === 'function';
}

/** True if the marker provides a coordinate ({@link CoordinateMarkerModel}). */
export function isCoordinateMarker(marker: MarkerModel): marker is CoordinateMarkerModel {
  const m = marker as Partial<CoordinateMarkerModel>;
  return typeof m.coordinate === 'function' && typeof m.coordinateVelocity === 'function';
}

/** True if the marker provides a coordinate vector ({@link CoordinateVectorMarkerModel}). */
export function isCoordinateVectorMarker(marker: MarkerModel): marker is CoordinateVectorMarkerModel {
  const m = marker as Partial<CoordinateVectorMarkerModel>;
  return typeof m.coordinateVector === 'function' && typeof m.coordinateVectorVelocity === 'function';
}

/** True if the marker provides a cable shape polygon ({@link CableShapeMarkerModel}). */
export function isCableShapeMarker(marker: MarkerModel): marker is CableShapeMarkerModel {
  const m = marker as Partial<CableShapeMarkerModel>;
  return typeof m.points === 'function' && typeof m.pointVelocities === 'function' && typeof m.pointJacobian === 'function';
}

/** True if the marker provides a body's mass distribution ({@link BodyMassMarkerModel}). */
export function isBodyMassMarker(marker: MarkerModel): marker is BodyMassMarkerModel {
  return typeof (marker as Partial<BodyMassMarkerModel>).massProportionalForce === 'function';
}

/** See {@link LoadModel.coordinateDependence}. */
export type LoadCoordinateDependence = 'constant' | 'analytic' | 'numerical';

/** A load at run time: a right-hand side contribution on its marker's local coordinates. */
export interface LoadModel {
  /** Item label for error messages. */
  readonly label: ItemLabel;
  /** The marker the load acts on (set in bind). */
  readonly marker: MarkerModel;
  /** Resolves the marker and checks its capabilities. */
  bind(context: BindContext): void;
  /** Adds the generalized load (times the load factor) to f (marker's nLocalU entries). */
  addGeneralizedLoad(s: ItemState, f: Float64Array): void;
  /**
   * How the generalized load depends on the coordinates, known after bind: 'constant' — not at all (no load
   * Jacobian); 'analytic' — addGeneralizedLoad_q gives ∂/∂Δq; 'numerical' (also when absent) — the assembler
   * differentiates addGeneralizedLoad numerically with respect to the marker's coordinates, as Exudyn does for
   * every load when computeLoadsJacobian is set.
   */
  readonly coordinateDependence?: LoadCoordinateDependence;
  /** Adds factor·∂(generalized load)/∂Δq (nLocalU × nLocalU row-major, load factor included); used when coordinateDependence is 'analytic'. */
  addGeneralizedLoad_q?(s: ItemState, k: Float64Array, factor: number): void;
  /** Current load values (vector or scalar) as the load sensor reports them. */
  values(s: ItemState): ArrayLike<number>;
  /**
   * Applies a run-time change of one parameter in place, as {@link ObjectModel.updateParameter} does for objects (a
   * load value set from a pre-Newton or pre-step function in every iteration): true if the model now behaves exactly as
   * one created from the changed dictionary, false (having changed nothing) otherwise.
   */
  updateParameter?(name: string, value: unknown): boolean;
}

/** A sensor at run time: evaluates one output of an item each time the solver records. */
export interface SensorModel {
  /** Item label for error messages. */
  readonly label: ItemLabel;
  /** Resolves the sensed item and checks that it answers the output variable. */
  bind(context: BindContext): void;
  /** The sensor's current values. */
  evaluate(s: ItemState): ArrayLike<number>;
  /** Whether rows are kept in memory for getSensorStoredData. */
  readonly storeInternal: boolean;
  /** Whether rows are written to the sensor file. */
  readonly writeToFile: boolean;
  /** File name for writeToFile; empty means a default name from the sensor index. */
  readonly fileName: string;
  /** Column names after time, for the sensor file header. */
  columnNames(s: ItemState): string[];
}

/**
 * The capability of super elements (ObjectFFRF, ObjectFFRFreducedOrder): a body made of mesh nodes i = 0 … n_n − 1
 * whose current positions are p⁽ⁱ⁾ = p_r + A (x̄⁽ⁱ⁾ + ū⁽ⁱ⁾) — p_r, A the floating reference frame (its node
 * {@link SuperElementModel.referenceNode}), x̄⁽ⁱ⁾ the body-fixed reference position and ū⁽ⁱ⁾ the body-fixed
 * flexible displacement of the mesh node, linear in the object's flexible coordinates (nodal coordinates in
 * ObjectFFRF, ū = Ψ ζ in ObjectFFRFreducedOrder).
 *
 * MarkerSuperElementPosition / MarkerSuperElementRigid and SensorSuperElement use it. The markers compose their
 * kinematics from the reference node's kinematics (NodeModel position, orientation, velocity, angular velocity and
 * their Jacobians) and from weighted linear maps of mesh-node displacements ({@link SuperElementModel.createMeshNodeMap}),
 * which the super element prepares once at bind, so that no per-call work grows with the number of marker nodes
 * beyond one k × n product and nothing is allocated in the calls.
 */
export interface SuperElementModel {
  /** Number of mesh nodes n_n (valid mesh node numbers are 0 … n_n − 1). */
  readonly meshNodeCount: number;
  /**
   * The node of the floating reference frame (NodeRigidBodyEP, node 0 of the object); its velocity coordinates are
   * the first of the object's local coordinates. Undefined for super elements without a reference frame (then
   * p_r = 0, A = I).
   */
  readonly referenceNode: FrameNodeModel | undefined;
  /** Writes the body-fixed reference position x̄⁽ⁱ⁾ of mesh node i (3 entries). */
  meshNodeReferencePosition(meshNode: number, out: Float64Array): void;
  /**
   * The per-mesh-node output variables the object answers in {@link SuperElementModel.meshNodeOutput} (Position,
   * Displacement, Velocity, Acceleration, DisplacementLocal, VelocityLocal; StressLocal / StrainLocal with stress modes).
   */
  readonly meshNodeOutputVariables: readonly OutputVariableType[];
  /**
   * Writes the output variable of mesh node i into out and returns the number of entries written (3; 6 for
   * StressLocal, StrainLocal), or 0 if the variable is not in meshNodeOutputVariables. Seed 004's super element
   * output table: Position p⁽ⁱ⁾; Displacement p⁽ⁱ⁾ − (p_r,ref + A_ref x̄⁽ⁱ⁾); Velocity ṗ_r + A (dū⁽ⁱ⁾/dt + ω̃̄ p̄⁽ⁱ⁾);
   * Acceleration (with Coriolis, Euler and centripetal terms); DisplacementLocal ū⁽ⁱ⁾; VelocityLocal dū⁽ⁱ⁾/dt.
   * Not for hot loops (sensors, outputs).
   */
  meshNodeOutput(variable: OutputVariableType, s: ItemState, meshNode: number, out: Float64Array): number;
  /**
   * Prepares the weighted linear map y = Σ_j C_j ū⁽ᵏʲ⁾ (k rows) of the body-fixed displacements of the mesh nodes
   * meshNodes = [k_0 … k_{m−1}], C_j the k × 3 block j of coefficients (row-major k × 3m: row r holds
   * [C_0[r,0..2], C_1[r,0..2], …]). Markers use it once at bind: MarkerSuperElementPosition with k = 3, C_j = w_j I
   * (the weighted mean displacement), MarkerSuperElementRigid additionally with k = 3, C_j = w_j S p̃_ref⁽ʲ⁾ (its
   * rotation). The caller has checked the mesh node numbers against meshNodeCount; the object copies what it needs.
   */
  createMeshNodeMap(meshNodes: ArrayLike<number>, coefficients: ArrayLike<number>, rows: number): SuperElementMeshNodeMap;
}

/**
 * A linear map y = L(ū) of body-fixed mesh-node displacements, prepared by {@link SuperElementModel.createMeshNodeMap}.
 * ū is linear in the flexible coordinates of {@link SuperElementMeshNodeMap.nodes}, so y = J q_f with a constant J.
 */
export interface SuperElementMeshNodeMap {
  /** Number of rows k of y. */
  readonly rows: number;
  /**
   * The flexible-coordinate nodes y depends on, in the column order of {@link SuperElementMeshNodeMap.jacobian}
   * (ObjectFFRFreducedOrder: the modal-coordinate node; ObjectFFRF: the point nodes of the mapped mesh nodes). The
   * reference node is not among them.
   */
  readonly nodes: readonly NodeModel[];
  /** Σ n_u of {@link SuperElementMeshNodeMap.nodes}. */
  readonly nU: number;
  /** The constant Jacobian ∂y/∂q_f = ∂ẏ/∂u_f, k × nU row-major; must not be modified. */
  readonly jacobian: Float64Array;
  /** Writes y (k entries) for the body-fixed displacements of the state s. */
  value(s: ItemState, out: Float64Array): void;
  /** Writes ẏ = J u_f (k entries), the map of the body-fixed mesh-node velocities dū/dt. */
  rate(s: ItemState, out: Float64Array): void;
}

/**
 * The member names of the model interfaces, per interface (typed against them, so a list cannot miss or invent one):
 * the registry checks item models against them ({@link ItemRegistry} in definition.ts).
 */
export const capabilityNames = {
  /** {@link NodeModel}. */
  node: {
    label: true, nq: true, nu: true, nAE: true, nData: true, initialDataCoordinates: true, isGround: true, positionDimension: true, qIndex: true, uIndex: true,
    aeIndex: true, dataIndex: true, attach: true, referenceCoordinates: true, initialCoordinates: true, initialVelocities: true, position: true,
    velocity: true, acceleration: true, positionJacobian: true, orientation: true, angularVelocity: true,
    angularVelocityLocal: true, angularVelocity_q: true, rotationJacobian: true, jacobianTransposedVector_q: true, addRotatedVectorNullDirection: true,
    ae: true, aeAndReaction: true, composeIncrement: true, positionRates: true, incrementRates: true,
    correctPredictedIncrement: true, output: true, nODE1: true, ode1Index: true,
  } satisfies Record<keyof NodeModel, true>,
  /** {@link ObjectModel}. */
  object: {
    label: true, localNodes: true, nAE: true, postNewtonStep: true, bind: true, body: true, superElement: true,
    hasConstantMassMatrix: true, massMatrix: true, massMatrixProduct: true, ode2Lhs: true, ode2LhsActive: true, ode2Lhs_q: true, ode2Lhs_u: true, ode2Lhs_qu: true,
    ode2LhsDependsOnVelocity: true, ae: true, aeAndReaction: true, aeJacobian: true, constraintForce_q: true, velocityLevelConstraint: true, multiplierRows: true, ae_lambda: true, positionLevelRows: true,
    eliminableCoordinate: true, output: true, localODE1Nodes: true, ode1Rhs: true, ode1Rhs_x: true,
    ode1RhsDependsOnODE2: true, ode2LhsDependsOnODE1: true, contactPoints: true, updateParameter: true,
  } satisfies Record<keyof ObjectModel, true>,
  /** {@link BodyModel}. */
  body: {
    nodes: true, nLocalU: true, arcLength: true, arcStart: true, position: true, velocity: true, nodesAt: true, positionJacobian: true, addOriginLoad: true, addPointForce: true, frameNode: true,
    velocity_q: true, orientation: true, positionAndOrientation: true, addForceTorqueTransposed: true, angularVelocity: true, angularVelocityLocal: true, rotationJacobian: true,
    angularVelocity_q: true,
    addRotatedVectorNullDirection: true, massProportionalForce: true, massProportionalForceDependsOnCoordinates: true, translationalMass: true, jacobianTransposedVector_q: true,
    addDistributedLoad: true, addLineForceLaw: true, lineForceLawJacobian: true, outputBody: true, centerlinePosition: true, lineAngularVelocity_q: true, centerlineTangent: true,
    centerlineTangentJacobian: true, linePoints: true,
  } satisfies Record<keyof BodyModel, true>,
  /** {@link SuperElementModel}. */
  superElement: {
    meshNodeCount: true, referenceNode: true, meshNodeReferencePosition: true, meshNodeOutputVariables: true,
    meshNodeOutput: true, createMeshNodeMap: true,
  } satisfies Record<keyof SuperElementModel, true>,
  /** {@link MarkerModel} and its kinds. */
  marker: {
    label: true, nodes: true, nLocalU: true, bind: true, output: true, position: true, velocity: true, positionJacobian: true, addJacobianTransposedLoad: true, addPointForce: true,
    velocity_q: true, addPositionNullDirection: true, jacobianTransposedVector_q: true, orientation: true, positionAndOrientation: true, addForceTorqueTransposed: true,
    angularVelocity: true, angularVelocityLocal: true,
    rotationJacobian: true, angularVelocity_q: true, addRotatedVectorNullDirection: true, frameNode: true, frameOffset: true, coordinateLocalIndex: true, coordinate: true, coordinateVelocity: true, coordinateJacobian: true,
    massProportionalForce: true, massProportionalForceDependsOnCoordinates: true, translationalMass: true, translationalDimension: true, addDistributedLoad: true,
    addLineForceLaw: true, lineForceLawJacobian: true, coordinateVector: true, coordinateVectorVelocity: true,
  } satisfies Record<keyof (RigidMarkerModel & CoordinateMarkerModel & BodyMassMarkerModel & CoordinateVectorMarkerModel), true>,
  /** {@link LoadModel}. */
  load: {
    label: true, marker: true, bind: true, addGeneralizedLoad: true, coordinateDependence: true,
    addGeneralizedLoad_q: true, values: true, updateParameter: true,
  } satisfies Record<keyof LoadModel, true>,
  /** {@link SensorModel}. */
  sensor: {
    label: true, bind: true, evaluate: true, storeInternal: true, writeToFile: true, fileName: true, columnNames: true,
  } satisfies Record<keyof SensorModel, true>,
};

/**
 * Capability names of earlier versions of the item contract and the method that now writes their term: the registry
 * rejects an item model that still defines one (it would never be called).
 */
export const retiredCapabilityNames: Readonly<Record<string, string>> = {
  massMatrixEntries: 'massMatrix (adds its entries to the LocalMatrixAccumulator)',
  ode2Lhs_qEntries: 'ode2Lhs_q (adds its entries to the LocalMatrixAccumulator)',
  ode2Lhs_uEntries: 'ode2Lhs_u (adds its entries to the LocalMatrixAccumulator)',
  ae_q: 'ae (writes the Jacobian into its argument c)',
  aeAndJacobian: 'ae (writes g and, with its argument c, the Jacobian)',
};


/** Receives global matrix entries (the assembler's sparse or dense accumulator). */
export interface GlobalMatrixAccumulator {
  /** Adds value at (row, col) of the system matrix. */
  add(row: number, col: number, value: number): void;
  /**
   * Optional block entry: adds factor·block[blockOffset + i·rowStride + j·colStride] at
   * (rowIndex[rowOffset + i], colIndex[colOffset + j]) for i < rows, j < cols, row by row — the entries of the
   * equivalent add calls in that order, in one call (no number boxed per entry). Called through
   * {@link addGlobalBlock}, which falls back to add when absent.
   */
  addBlock?(rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number, rows: number, cols: number,
    block: Float64Array, blockOffset: number, rowStride: number, colStride: number, factor: number): void;
  /**
   * Optional: the positions of addBlock with a zero block (rowIndex[rowOffset + i], colIndex[colOffset + j]), row by row,
   * no value changed. Called through {@link addGlobalZeros}, which falls back to add(row, col, 0) when absent.
   */
  addZeros?(rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number, rows: number, cols: number): void;
}

/**
 * Adds factor·block[blockOffset + i·rowStride + j·colStride] at (rowIndex[rowOffset + i], colIndex[colOffset + j])
 * (i < rows, j < cols, row by row) to target: through its addBlock when it has one, else entry by entry.
 */
export function addGlobalBlock(target: GlobalMatrixAccumulator, rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number,
  rows: number, cols: number, block: Float64Array, blockOffset: number, rowStride: number, colStride: number, factor: number): void {
  if (target.addBlock !== undefined) {
    target.addBlock(rowIndex, rowOffset, colIndex, colOffset, rows, cols, block, blockOffset, rowStride, colStride, factor);
    return;
  }
  for (let i = 0; i < rows; i++) addRowByEntries(target, rowIndex[rowOffset + i], colIndex, colOffset, cols, block, blockOffset + i * rowStride, colStride, factor);
}

/** Row i of {@link addGlobalBlock} for a target without addBlock: the add calls of the row. */
function addRowByEntries(target: GlobalMatrixAccumulator, row: number, colIndex: Int32Array, colOffset: number, cols: number,
  block: Float64Array, rowStart: number, colStride: number, factor: number): void {
  for (let j = 0; j < cols; j++) target.add(row, colIndex[colOffset + j], factor * block[rowStart + j * colStride]);
}

/** The positions of a zero block in target (see {@link GlobalMatrixAccumulator.addZeros}): through its addZeros when it has one, else add(row, col, 0). */
export function addGlobalZeros(target: GlobalMatrixAccumulator, rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number,
  rows: number, cols: number): void {
  if (target.addZeros !== undefined) {
    target.addZeros(rowIndex, rowOffset, colIndex, colOffset, rows, cols);
    return;
  }
  for (let i = 0; i < rows; i++) {
    const row = rowIndex[rowOffset + i];
    for (let j = 0; j < cols; j++) target.add(row, colIndex[colOffset + j], 0);
  }
}

/**
 * A system component (Exudyn's GeneralContact): not an item, but a part of the system that adds ODE2 forces in
 * global coordinates for a set of markers whose coupling changes during the solve (contact pairs). The assembler adds
 * its forces and their Jacobian after the objects'; the discontinuous iteration calls its post-Newton step after the
 * objects'.
 */
export interface SystemComponentModel {
  /** Name in error messages ('GeneralContact 0'). */
  readonly name: string;
  /** Adds factor·(its ODE2 left-hand side forces) into the global vector out (n_u entries). */
  addODE2Lhs(s: ItemState, out: Float64Array, factor: number): void;
  /** Adds factorQ·∂(forces)/∂q + factorU·∂(forces)/∂u (of the left-hand side forces) into target. */
  addODE2LhsJacobian(s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void;
  /**
   * Updates the contact search from the state s at the end of a step that began at startOfStep (a contact that
   * tunnels within the step throws or rejects the step in out.rejection); returns the discontinuous error (0: the
   * active set did not change).
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number;
}
