import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only, type SuperElementModel } from '../../registry/capabilities.ts';
import { createPointMeshNodeMap } from './ffrf/meshNodeMap.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { checkMassEntries } from '../../registry/physicalChecks.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { matrixContainer, nodeIndexArray, userFunction, vector, type MatrixContainerValue, type MatrixValue, type UserFunctionValue } from '../../registry/parameters.ts';
import { checkedUserMatrix, checkedUserVector } from '../../registry/userFunctionResults.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { zeroArray } from '../../linalg/arrays.ts';
import { addEntriesTo, addRowProduct, entryIndices, type MatrixEntries } from '../../linalg/matrixEntries.ts';
import { containerEntries, containerShape } from './ffrf/matrixContainer.ts';

/** Generalized user force f_user(mbs, t, itemNumber, q, q_t), n entries, added to the right-hand side. */
export type GenericODE2ForceUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array], ArrayLike<number>>;
/** User mass matrix M_user(mbs, t, itemNumber, q, q_t), n × n as an array of rows; replaces massMatrix. */
export type GenericODE2MassMatrixUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array], MatrixValue>;
/** User Jacobian −fODE2·∂f_user/∂q − fODE2_t·∂f_user/∂q_t, n × n as an array of rows (K and D are added internally). */
export type GenericODE2JacobianUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array, fODE2: number, fODE2_t: number], MatrixValue>;

/** Exudyn's default numerical differentiation: eps_i = 1e-7·max(1e-2, |x_i|), forward differences. */
const relativeEpsilon = 1e-7;
const minimumCoordinateSize = 1e-2;

const matrixNames = ['massMatrix', 'stiffnessMatrix', 'dampingMatrix'] as const;

const parameters = {
  nodeNumbers: nodeIndexArray('Nodes whose coordinates form q, concatenated in this order.'),
  massMatrix: matrixContainer('Mass matrix M (n × n, symmetric, positive semi-definite): dense rows, CSC or triplets; empty means zero.'),
  stiffnessMatrix: matrixContainer('Stiffness matrix K (n × n) acting on the displacement coordinates q: dense rows, CSC or triplets; empty means zero.'),
  dampingMatrix: matrixContainer('Damping matrix D (n × n) acting on q_t: dense rows, CSC or triplets; empty means zero.'),
  forceVector: vector([], 'Constant generalized force f (n entries), added to the right-hand side; empty means zero.'),
  forceUserFunction: userFunction<GenericODE2ForceUserFunction>('Generalized force f_user (n entries) added to the right-hand side.', '(mbs, t, itemNumber, q, q_t) => number[n]'),
  massMatrixUserFunction: userFunction<GenericODE2MassMatrixUserFunction>('Mass matrix M_user (n × n) used instead of massMatrix; the mass matrix is then not constant.', '(mbs, t, itemNumber, q, q_t) => number[n][n]'),
  jacobianUserFunction: userFunction<GenericODE2JacobianUserFunction>('Jacobian of −f_user: returns −fODE2·∂f_user/∂q − fODE2_t·∂f_user/∂q_t (n × n); K and D are added internally.', '(mbs, t, itemNumber, q, q_t, fODE2, fODE2_t) => number[n][n]'),
};

interface GenericODE2Values {
  nodeNumbers: readonly number[];
  massMatrix: MatrixContainerValue;
  stiffnessMatrix: MatrixContainerValue;
  dampingMatrix: MatrixContainerValue;
  forceVector: ArrayLike<number>;
  forceUserFunction: UserFunctionValue<GenericODE2ForceUserFunction>;
  massMatrixUserFunction: UserFunctionValue<GenericODE2MassMatrixUserFunction>;
  jacobianUserFunction: UserFunctionValue<GenericODE2JacobianUserFunction>;
}

/**
 * Run-time model of ObjectGenericODE2: M q̈ + D q̇ + K q = f + f_user on the concatenated
 * coordinates of its nodes. Local coordinate k belongs to global q index qIndex[k] and u index uIndex[k].
 */
class GenericODE2Model implements Only<ObjectModel, GenericODE2Model> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix: boolean;
  readonly ode2LhsDependsOnVelocity: boolean;
  localNodes: NodeModel[] = [];
  private n = 0;
  private qIndex = new Int32Array(0);
  private uIndex = new Int32Array(0);
  /** The q index of each stiffness entry's column and the u index of each damping entry's column (set in bind). */
  private stiffnessAt = new Int32Array(0);
  private dampingAt = new Int32Array(0);
  private readonly mass?: MatrixEntries;
  private readonly stiffness?: MatrixEntries;
  private readonly damping?: MatrixEntries;
  private readonly force?: Float64Array;
  private q = new Float64Array(0);
  private qt = new Float64Array(0);
  private userForce0 = new Float64Array(0);
  /** The shared dense work array of the local matrices (n × n, see denseLocalMatrix; set in bind). */
  private localMatrix = new Float64Array(0);
  private meshFace: SuperElementModel | undefined;

  constructor(readonly label: ItemLabel, private readonly v: GenericODE2Values) {
    this.mass = containerEntries(v.massMatrix);
    this.stiffness = containerEntries(v.stiffnessMatrix);
    this.damping = containerEntries(v.dampingMatrix);
    this.force = v.forceVector.length === 0 ? undefined : Float64Array.from(v.forceVector);
    this.hasConstantMassMatrix = v.massMatrixUserFunction === 0;
    this.ode2LhsDependsOnVelocity = this.damping !== undefined || v.forceUserFunction !== 0 || v.jacobianUserFunction !== 0;
  }

  bind(context: BindContext): void {
    const nodes = this.v.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.isGround || node.nu === 0 || node.nq !== node.nu) {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a node with ODE2 coordinates and n_q = n_u (Point, Point2D, GenericODE2), got ${node.label.category}${node.label.typeName} #${index} with n_q = ${node.nq}, n_u = ${node.nu}`);
      }
      return node;
    });
    const n = nodes.reduce((sum, node) => sum + node.nu, 0);
    for (const name of matrixNames) {
      const size = containerShape(this.v[name])[0];
      if (size !== 0 && size !== n) itemError(this.label, name, `must be ${n} x ${n} (the total number of coordinates of nodeNumbers [${this.v.nodeNumbers.join(', ')}]) or empty, got ${size} x ${size}`);
    }
    if (this.force !== undefined && this.force.length !== n) itemError(this.label, 'forceVector', `must have ${n} entries (the total number of coordinates of nodeNumbers [${this.v.nodeNumbers.join(', ')}]) or be empty, got ${this.force.length}`);
    this.localNodes = nodes;
    this.n = n;
    this.qIndex = new Int32Array(n);
    this.uIndex = new Int32Array(n);
    let k = 0;
    for (const node of nodes) {
      for (let j = 0; j < node.nu; j++, k++) {
        this.qIndex[k] = node.qIndex + j;
        this.uIndex[k] = node.uIndex + j;
      }
    }
    if (this.stiffness !== undefined) this.stiffnessAt = entryIndices(this.stiffness, this.qIndex);
    if (this.damping !== undefined) this.dampingAt = entryIndices(this.damping, this.uIndex);
    this.q = new Float64Array(n);
    this.qt = new Float64Array(n);
    this.userForce0 = new Float64Array(n);
    this.localMatrix = denseLocalMatrix(n);
    this.meshFace = nodes.every((node) => node.label.typeName === 'Point') ? pointMeshSuperElement(nodes) : undefined;
  }

  /** With only Point nodes, a super element whose mesh node i is node i (Exudyn: markers and sensors of FEM meshes on ObjectGenericODE2). */
  get superElement(): SuperElementModel | undefined {
    return this.meshFace;
  }

  /** Copies the object's displacement coordinates and velocities from the state into q, qt. */
  private gather(s: ItemState): void {
    for (let k = 0; k < this.n; k++) {
      this.q[k] = s.q[this.qIndex[k]];
      this.qt[k] = s.u[this.uIndex[k]];
    }
  }

  /** f_user at the state (gathered first); checks its size. */
  private userForce(s: ItemState, uf: GenericODE2ForceUserFunction): ArrayLike<number> {
    this.gather(s);
    return checkedUserVector(this.label, 'forceUserFunction', uf(s.mbs, s.t, this.label.index, this.q, this.qt), this.n);
  }

  /** A user matrix checked to be n × n, added as factor·matrix to the local matrix. */
  private addUserMatrix(name: string, result: MatrixValue, factor: number, out: Float64Array): void {
    const n = this.n;
    const rows = checkedUserMatrix(this.label, name, result, n);
    for (let i = 0; i < n; i++) {
      const row = rows[i];
      for (let j = 0; j < n; j++) out[i * n + j] += factor * row[j];
    }
  }

  /** The constant mass matrix as its nonzero entries; a user mass matrix as a dense block. */
  massMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    const n = this.n;
    const uf = this.v.massMatrixUserFunction;
    const mass = this.mass;
    if (uf === 0) {
      if (mass !== undefined) acc.addEntries(mass.rows, mass.cols, mass.values, mass.count, 1);
      return;
    }
    const m = this.localMatrix;
    zeroArray(m);
    this.gather(s);
    this.addUserMatrix('massMatrixUserFunction', uf(s.mbs, s.t, this.label.index, this.q, this.qt), 1, m);
    acc.addBlock(0, 0, n, n, m, 0, n, 1);
  }

  /** K q + D q̇ − f − f_user over the nonzero entries of K and D (a zero entry adds nothing to a sum). */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    const n = this.n;
    const { stiffness, damping, force } = this;
    for (let i = 0; i < n; i++) {
      let value = 0;
      if (stiffness !== undefined) value = addRowProduct(value, stiffness, i, s.q, this.stiffnessAt);
      if (damping !== undefined) value = addRowProduct(value, damping, i, s.u, this.dampingAt);
      if (force !== undefined) value -= force[i];
      f[i] += value;
    }
    const uf = this.v.forceUserFunction;
    if (uf !== 0) {
      const user = this.userForce(s, uf);
      for (let i = 0; i < n; i++) f[i] -= user[i];
    }
  }

  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addLinearJacobian(s, acc, factor, this.stiffness, false);
  }

  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addLinearJacobian(s, acc, factor, this.damping, true);
  }

  /**
   * factor·(K or D) plus the user force's part: without user functions the matrix's nonzero entries (the system matrix
   * gets the sparse pattern of the finite-element matrices), else one dense block.
   */
  private addLinearJacobian(s: ItemState, acc: LocalMatrixAccumulator, factor: number, matrix: MatrixEntries | undefined, velocity: boolean): void {
    if (this.v.jacobianUserFunction === 0 && this.v.forceUserFunction === 0) {
      if (matrix !== undefined) acc.addEntries(matrix.rows, matrix.cols, matrix.values, matrix.count, factor);
      return;
    }
    const n = this.n;
    const local = this.localMatrix;
    zeroArray(local);
    if (matrix !== undefined) addEntriesTo(matrix, n, factor, local);
    this.addUserJacobian(s, local, factor, velocity);
    acc.addBlock(0, 0, n, n, local, 0, n, 1);
  }

  /**
   * Adds factor·∂(−f_user)/∂q (or ∂/∂q_t): from jacobianUserFunction if given, else by forward
   * differences of forceUserFunction, perturbing the state's coordinate itself (so user functions
   * that read the MainSystem see the perturbation as well) with Exudyn's default epsilon.
   */
  private addUserJacobian(s: ItemState, out: Float64Array, factor: number, velocity: boolean): void {
    const { jacobianUserFunction: jac, forceUserFunction: uf } = this.v;
    const n = this.n;
    if (jac !== 0) {
      this.gather(s);
      const rows = jac(s.mbs, s.t, this.label.index, this.q, this.qt, velocity ? 0 : factor, velocity ? factor : 0);
      this.addUserMatrix('jacobianUserFunction', rows, 1, out);
      return;
    }
    if (uf === 0) return;
    const base = this.userForce0;
    base.set(this.userForce(s, uf));
    const values = velocity ? s.u : s.q;
    const indices = velocity ? this.uIndex : this.qIndex;
    for (let j = 0; j < n; j++) {
      const index = indices[j];
      const saved = values[index];
      const eps = relativeEpsilon * Math.max(minimumCoordinateSize, Math.abs(saved));
      values[index] = saved + eps;
      const perturbed = this.userForce(s, uf);
      values[index] = saved;
      const scale = -factor / eps;
      for (let i = 0; i < n; i++) out[i * n + j] += scale * (perturbed[i] - base[i]);
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const n = this.n;
    const out = new Float64Array(n);
    switch (variable) {
      case OutputVariableType.Coordinates: for (let k = 0; k < n; k++) out[k] = s.q[this.qIndex[k]]; return out;
      case OutputVariableType.CoordinatesTotal: for (let k = 0; k < n; k++) out[k] = s.qRef[this.qIndex[k]] + s.q[this.qIndex[k]]; return out;
      case OutputVariableType.Coordinates_t: for (let k = 0; k < n; k++) out[k] = s.u[this.uIndex[k]]; return out;
      case OutputVariableType.Coordinates_tt: for (let k = 0; k < n; k++) out[k] = s.a[this.uIndex[k]]; return out;
      case OutputVariableType.Force: this.ode2Lhs(s, out); return out;
      default: return undefined;
    }
  }
}

/** A linear second-order system on the coordinates of several nodes, with optional user force and mass matrix (Exudyn's GenericODE2). */
export const objectGenericODE2Definition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'GenericODE2',
  description:
    'A system of n second-order ODEs on the concatenated coordinates q of its nodes (Point, Point2D or GenericODE2 nodes; n = Σ node coordinates): '
    + 'M q̈ + D q̇ + K q = f + f_user(mbs, t, itemNumber, q, q̇), with q the displacement coordinates (reference values not included). '
    + 'Matrices are Exudyn\'s MatrixContainer: dense arrays of rows, a sparse CSC matrix {n, colPtr, rowIndex, values} (what FEMinterface.getMassMatrix() returns) '
    + 'or triplets {numberOfRows, numberOfColumns, triplets: [[row, column, value], …]} (repeated positions add up); each must be n × n or empty (= zero), checked at assemble; '
    + 'the object keeps their nonzero entries, the same from either form. The mass matrix must be symmetric and positive semi-definite. The mass matrix is constant unless massMatrixUserFunction is given. '
    + 'The force vector is not scaled by the static load factor. '
    + 'Jacobian: K and D are added analytically. The user-force part comes from jacobianUserFunction if given; otherwise the object differentiates f_user itself '
    + 'by forward differences (eps = 1e-7·max(1e-2, |q_i|), Exudyn\'s default), perturbing the state coordinate, so that K and D stay exact and the cost is n user-function calls. '
    + '(Exudyn differentiates the whole object numerically when jacobianUserFunction is missing; for constant K and D this gives the same matrix up to round-off. '
    + 'numericalDifferentiation.forODE2 = true makes the model differentiate the whole object with the solver settings.) '
    + 'Exudyn\'s internal fields coordinateIndexPerNode and tempCoordinates* are not parameters. Markers attach through the nodes (MarkerNodeCoordinate, MarkerNodePosition); the object is no body.',
  parameters,
  outputVariables: [
    OutputVariableType.Coordinates, OutputVariableType.CoordinatesTotal, OutputVariableType.Coordinates_t,
    OutputVariableType.Coordinates_tt, OutputVariableType.Force,
  ],
  equations: 'M q̈ + D q̇ + K q = f + f_user(mbs, t, i, q, q̇); left-hand side K q + D q̇ − f − f_user; Jacobian factor_q·(K − ∂f_user/∂q) + factor_u·(D − ∂f_user/∂q̇). Output Force = K q + D q̇ − f − f_user.',
  validate: (v, label) => {
    for (const name of matrixNames) {
      const [rows, columns] = containerShape(v[name]);
      if (rows !== columns) itemError(label, name, `must be a square matrix (n × n) or empty, got ${rows} x ${columns}`);
    }
    checkMassEntries(label, 'massMatrix', containerEntries(v.massMatrix), containerShape(v.massMatrix)[0]);
  },
  example: (mbs) => {
    const nodes = [mbs.addNode({ nodeType: 'GenericODE2', numberOfODE2Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [0.1, 0], initialCoordinates_t: [0, 1] }), mbs.addNode({ nodeType: '1D', initialVelocities: [0.5] })];
    return mbs.addObject({ objectType: 'GenericODE2', nodeNumbers: nodes, massMatrix: [[2, 0, 0], [0, 1, 0], [0, 0, 1]], stiffnessMatrix: [[30, -5, 0], [-5, 20, -2], [0, -2, 10]], dampingMatrix: { numberOfRows: 3, numberOfColumns: 3, triplets: [[0, 0, 0.5], [1, 1, 0.2], [2, 2, 0.1]] }, forceVector: [1, 0, -0.5] });
  },
  create: (v, label) => new GenericODE2Model(label, v),
};

/** Mesh-node outputs of an ObjectGenericODE2 of Point nodes (no reference frame: local = global). */
const meshNodeOutputs: readonly OutputVariableType[] = [
  OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration,
  OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal,
];

/** The super element of mesh nodes = the object's 3D Point nodes, without a reference frame (p_r = 0, A = I). */
function pointMeshSuperElement(nodes: readonly NodeModel[]): SuperElementModel {
  return {
    meshNodeCount: nodes.length,
    referenceNode: undefined,
    meshNodeReferencePosition: (i, out) => out.set(nodes[i].referenceCoordinates.subarray(0, 3)),
    meshNodeOutputVariables: meshNodeOutputs,
    meshNodeOutput: (variable, s, i, out) => {
      const { qIndex, uIndex } = nodes[i];
      for (let k = 0; k < 3; k++) {
        switch (variable) {
          case OutputVariableType.Position: out[k] = s.qRef[qIndex + k] + s.q[qIndex + k]; break;
          case OutputVariableType.Displacement: case OutputVariableType.DisplacementLocal: out[k] = s.q[qIndex + k]; break;
          case OutputVariableType.Velocity: case OutputVariableType.VelocityLocal: out[k] = s.u[uIndex + k]; break;
          case OutputVariableType.Acceleration: out[k] = s.a[uIndex + k]; break;
          default: return 0;
        }
      }
      return 3;
    },
    createMeshNodeMap: (meshNodes, coefficients, rows) => createPointMeshNodeMap(nodes, meshNodes, coefficients, rows),
  };
}

/** Factory for a generic ODE2 object. */
export const ObjectGenericODE2 = makeFactory(objectGenericODE2Definition);
