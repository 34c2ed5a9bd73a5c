import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { matrix, nodeIndexArray, userFunction, vector, type MatrixValue, type UserFunctionValue } from '../../registry/parameters.ts';
import { checkedUserVector } from '../../registry/userFunctionResults.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { addEntriesTo, addRowProduct, entryIndices, matrixEntries, type MatrixEntries } from '../../linalg/matrixEntries.ts';

/** Right-hand side user function f_user(mbs, t, itemNumber, q) of ObjectGenericODE1: n entries added to ẋ = A q + f. */
export type GenericODE1RhsUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array], ArrayLike<number>>;

const parameters = {
  nodeNumbers: nodeIndexArray('Nodes with ODE1 coordinates (NodeGenericODE1) whose coordinates form q, concatenated in this order.'),
  systemMatrix: matrix([], 'System (state-space) matrix A (n × n, array of rows); empty means zero.'),
  rhsVector: vector([], 'Constant right-hand side f (n entries, e.g. a constant input); empty means zero.'),
  rhsUserFunction: userFunction<GenericODE1RhsUserFunction>('Right-hand side f_user (n entries) added to A q + f; q are the object\'s ODE1 coordinates without reference values (a work array the object reuses: copy it to keep it).', '(mbs, t, itemNumber, q) => number[n]'),
};

interface GenericODE1Values {
  nodeNumbers: readonly number[];
  systemMatrix: MatrixValue;
  rhsVector: ArrayLike<number>;
  rhsUserFunction: UserFunctionValue<GenericODE1RhsUserFunction>;
}

/** Run-time model of ObjectGenericODE1: q̇ = A q + f + f_user(mbs, t, i, q) on the concatenated ODE1 coordinates of its nodes. */
class GenericODE1Model implements Only<ObjectModel, GenericODE1Model> {
  readonly nAE = 0;
  readonly localNodes: readonly NodeModel[] = [];
  localODE1Nodes: NodeModel[] = [];
  private n = 0;
  /** Index of each local coordinate in the states' ode1 arrays. */
  private ode1Index = new Int32Array(0);
  /** Gathered coordinates q (displacements), the argument of the user function. */
  private q = new Float64Array(0);
  /** The nonzero entries of the system matrix A (undefined: empty). */
  private readonly systemMatrix?: MatrixEntries;
  /** The ODE1 index of each entry's column (set in bind). */
  private systemMatrixAt = new Int32Array(0);
  /** The constant right-hand side f (undefined: empty). */
  private readonly rhs?: Float64Array;

  constructor(readonly label: ItemLabel, private readonly v: GenericODE1Values) {
    this.systemMatrix = matrixEntries(v.systemMatrix);
    this.rhs = v.rhsVector.length === 0 ? undefined : Float64Array.from(v.rhsVector);
  }

  bind(context: BindContext): void {
    const nodes = this.v.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if ((node.nODE1 ?? 0) === 0) {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a node with ODE1 coordinates (NodeGenericODE1), got ${node.label.category}${node.label.typeName} #${index}`);
      }
      return node;
    });
    const n = nodes.reduce((sum, node) => sum + node.nODE1!, 0);
    const size = this.v.systemMatrix.length;
    const of = `the total number of ODE1 coordinates of nodeNumbers [${this.v.nodeNumbers.join(', ')}]`;
    if (size !== 0 && size !== n) itemError(this.label, 'systemMatrix', `must be ${n} x ${n} (${of}) or empty, got ${size} x ${size}`);
    if (this.v.rhsVector.length !== 0 && this.v.rhsVector.length !== n) itemError(this.label, 'rhsVector', `must have ${n} entries (${of}) or be empty, got ${this.v.rhsVector.length}`);
    this.localODE1Nodes = nodes;
    this.n = n;
    this.ode1Index = new Int32Array(n);
    let k = 0;
    for (const node of nodes) for (let j = 0; j < node.nODE1!; j++) this.ode1Index[k++] = node.ode1Index! + j;
    if (this.systemMatrix !== undefined) this.systemMatrixAt = entryIndices(this.systemMatrix, this.ode1Index);
    this.q = new Float64Array(n);
  }

  /** Copies the object's ODE1 coordinates (displacements) of the state into q. */
  private gather(s: ItemState): void {
    for (let k = 0; k < this.n; k++) this.q[k] = s.ode1[this.ode1Index[k]];
  }

  /** f += A q + f + f_user: A q over A's nonzero entries, read from the state's ODE1 coordinates (sum from 0, see addRowProduct). */
  ode1Rhs(s: ItemState, f: Float64Array): void {
    const { n, systemMatrix: a, rhs: b } = this;
    if (a !== undefined) for (let i = 0; i < n; i++) f[i] += addRowProduct(0, a, i, s.ode1, this.systemMatrixAt);
    if (b !== undefined) for (let i = 0; i < n; i++) f[i] += b[i];
    const uf = this.v.rhsUserFunction;
    if (uf !== 0) {
      const q = this.q;
      this.gather(s);
      const user = checkedUserVector(this.label, 'rhsUserFunction', uf(s.mbs, s.t, this.label.index, q), n);
      for (let i = 0; i < n; i++) f[i] += user[i];
    }
  }

  /** ∂F/∂x = A without a user function; with one, the assembler differentiates numerically. */
  ode1Rhs_x(_s: ItemState, k: Float64Array, factor: number): boolean {
    if (this.v.rhsUserFunction !== 0) return false;
    if (this.systemMatrix !== undefined) addEntriesTo(this.systemMatrix, this.n, factor, k);
    return true;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const index = this.ode1Index;
    switch (variable) {
      case OutputVariableType.Coordinates: return Array.from(index, (i) => s.ode1[i]);
      case OutputVariableType.CoordinatesTotal: return Array.from(index, (i) => s.ode1Ref[i] + s.ode1[i]);
      case OutputVariableType.Coordinates_t: return Array.from(index, (i) => s.ode1_t[i]);
      default: return undefined;
    }
  }
}

/** Exudyn's ObjectGenericODE1: a system of first-order ODEs q̇ = A q + f + f_user on NodeGenericODE1 coordinates. */
export const objectGenericODE1Definition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'GenericODE1',
  description: 'A system of n first-order ordinary differential equations (ODE1) on the coordinates of its NodeGenericODE1 nodes, with a '
    + 'system matrix, a constant right-hand side and a user function (state-space systems, friction and actuator states). Every matrix and '
    + 'vector has n entries per dimension or is empty.',
  parameters,
  outputVariables: [OutputVariableType.Coordinates, OutputVariableType.CoordinatesTotal, OutputVariableType.Coordinates_t],
  equations: 'q̇ = A q + f + f_user(mbs, t, i, q), q the concatenated ODE1 coordinates of nodeNumbers without their reference values, '
    + 'n = Σ n_c,i. Jacobian ∂F/∂q = A (analytic) without a user function, forward differences with one. The user function must return '
    + 'n finite numbers (a FlexdynError names the object otherwise). Coordinates, CoordinatesTotal (reference + q) and Coordinates_t (q̇) '
    + 'concatenate the nodes\' values.',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'GenericODE1', numberOfODE1Coordinates: 3, referenceCoordinates: [0.1, 0, -0.2], initialCoordinates: [1, 0.5, 0] });
    return mbs.addObject({
      objectType: 'GenericODE1', nodeNumbers: [node], systemMatrix: [[0, 1, 0], [-50, -0.4, 2], [0, -1, -3]], rhsVector: [0, 1, 0.5],
      rhsUserFunction: (_mbs: unknown, t: number, _item: number, q: Float64Array) => [0, -10 * q[0] ** 3, Math.sin(t) * q[1]],
    });
  },
  create: (v, label) => new GenericODE1Model(label, v),
};

/** Factory for a first-order ODE system on NodeGenericODE1 coordinates. */
export const ObjectGenericODE1 = makeFactory(objectGenericODE1Definition);
