import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, CoordinateVectorMarkerModel, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, matrix, userFunction, vector, type MatrixValue, type UserFunctionValue } from '../../registry/parameters.ts';
import { checkedUserMatrix, checkedUserVector } from '../../registry/userFunctionResults.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { lagrangeMultiplier, MarkerPair, coordinateVectorMarkers } from './connectorBase.ts';

/**
 * Constraint user function c_user(mbs, t, itemNumber, q, q_t, velocityLevel): the n_AE constraint equations for the
 * markers' coordinates q = [q_m0; q_m1] (reference values included) and velocities q_t, on velocity level when
 * velocityLevel is true.
 */
export type CoordinateVectorConstraintUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array, velocityLevel: boolean], ArrayLike<number>>;
/** Jacobian user function J_user(mbs, t, itemNumber, q, q_t, velocityLevel): ∂c_user/∂q (∂c_user/∂q_t on velocity level), n_AE × (n_m0 + n_m1) as an array of rows. */
export type CoordinateVectorJacobianUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, q: Float64Array, q_t: Float64Array, velocityLevel: boolean], MatrixValue>;

const parameters = {
  markerNumbers: markerIndexArray('Two coordinate-vector markers [m0, m1] (MarkerNodeCoordinates, MarkerObjectODE2Coordinates).', 2),
  scalingMarker0: matrix([], 'Linear scaling matrix X_m0 (n_AE × n_m0) of the coordinates of marker 0; empty means none.'),
  scalingMarker1: matrix([], 'Linear scaling matrix X_m1 (n_AE × n_m1) of the coordinates of marker 1; empty means none.'),
  quadraticTermMarker0: matrix([], 'Matrix Y_m0 (n_AE × n_m0) of the squared coordinates of marker 0; empty means none.'),
  quadraticTermMarker1: matrix([], 'Matrix Y_m1 (n_AE × n_m1) of the squared coordinates of marker 1; empty means none.'),
  offset: vector([], 'Offset v_off (n_AE entries) subtracted from the equations; empty means zero; not used with constraintUserFunction.'),
  velocityLevel: bool(false, 'If true, the equations act on the velocity coordinates (the offset between velocities).'),
  constraintUserFunction: userFunction<CoordinateVectorConstraintUserFunction>('Replaces the equations: returns the n_AE constraint equations; needs jacobianUserFunction.', '(mbs, t, itemNumber, q, q_t, velocityLevel) => number[nAE]'),
  jacobianUserFunction: userFunction<CoordinateVectorJacobianUserFunction>('Jacobian of constraintUserFunction with respect to q (q_t on velocity level), n_AE × (n_m0 + n_m1).', '(mbs, t, itemNumber, q, q_t, velocityLevel) => number[nAE][n]'),
  activeConnector: bool(true, 'If false, the equations read λ = 0 (the multipliers stay).'),
};

type Values = {
  scalingMarker0: MatrixValue; scalingMarker1: MatrixValue; quadraticTermMarker0: MatrixValue; quadraticTermMarker1: MatrixValue;
  offset: ArrayLike<number>; velocityLevel: boolean; activeConnector: boolean;
  constraintUserFunction: UserFunctionValue<CoordinateVectorConstraintUserFunction>;
  jacobianUserFunction: UserFunctionValue<CoordinateVectorJacobianUserFunction>;
};

const matrixNames = ['scalingMarker0', 'scalingMarker1', 'quadraticTermMarker0', 'quadraticTermMarker1'] as const;

/** n_AE: the largest number of rows of the four matrices. */
function equationCount(v: Pick<Values, typeof matrixNames[number]>): number {
  return Math.max(...matrixNames.map((name) => v[name].length));
}

/** Number of columns of a matrix given as rows (0 for an empty matrix). */
function columnsOf(m: MatrixValue): number {
  return m.length === 0 ? 0 : m[0].length;
}

/**
 * Run-time model of ObjectConnectorCoordinateVector: n_AE equations in the coordinate vectors q0, q1 of two markers,
 * c = X1 q1 + Y1 q1² − X0 q0 − Y0 q0² − v_off (squares entry-wise), or a user function. The markers' Jacobians are
 * identities, so C_q = [−(X0 + 2 Y0 diag(q0)), X1 + 2 Y1 diag(q1)]. Parameters are read from the item on every call.
 */
class CoordinateVectorConstraintModel implements Only<ObjectModel, CoordinateVectorConstraintModel> {
  readonly nAE: number;
  readonly velocityLevelConstraint: boolean;
  localNodes: NodeModel[] = [];
  private readonly markers: MarkerPair<CoordinateVectorMarkerModel>;
  private readonly allRows: readonly number[];
  /** Coordinates [q0; q1] and velocities [q̇0; q̇1] of the markers (n0 + n1 each, sized in bind). */
  private q = new Float64Array(0);
  private qt = new Float64Array(0);
  private readonly equations: Float64Array;

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], private readonly v: Values) {
    this.markers = new MarkerPair(label, markerNumbers, coordinateVectorMarkers);
    this.nAE = equationCount(v);
    this.allRows = Array.from({ length: this.nAE }, (_, i) => i);
    this.velocityLevelConstraint = v.velocityLevel;
    this.equations = new Float64Array(this.nAE);
  }

  /** Inactive: every row reads g = λ. */
  get multiplierRows(): readonly number[] {
    return this.v.activeConnector ? [] : this.allRows;
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    const { n0, n1 } = this.markers;
    if (this.v.constraintUserFunction === 0) {
      // a matrix of a marker without coordinates (ground) is not used; otherwise it must fit the marker's coordinates
      for (const name of matrixNames) {
        const n = name.endsWith('0') ? n0 : n1;
        const columns = columnsOf(this.v[name]);
        if (n > 0 && this.v[name].length > 0 && columns !== n) {
          itemError(this.label, name, `must have ${n} columns (the coordinates of marker ${name.endsWith('0') ? 0 : 1}) or be empty, got ${columns}`);
        }
      }
    }
    this.q = new Float64Array(n0 + n1);
    this.qt = new Float64Array(n0 + n1);
  }

  /** Gathers [q0; q1] and [q̇0; q̇1]. */
  private gather(s: ItemState): void {
    const { marker0, marker1, n0, n1 } = this.markers;
    if (n0 > 0) {
      marker0.coordinateVector(s, this.q);
      marker0.coordinateVectorVelocity(s, this.qt);
    }
    if (n1 > 0) {
      marker1.coordinateVector(s, this.q.subarray(n0));
      marker1.coordinateVectorVelocity(s, this.qt.subarray(n0));
    }
  }

  /** g += sign·(X x + Y x²) for the block of one marker (x = values[offset … offset + n)). */
  private addMarkerTerms(g: Float64Array, scaling: MatrixValue, quadratic: MatrixValue, values: Float64Array, offset: number, n: number, sign: number): void {
    if (n === 0) return;
    for (let i = 0; i < scaling.length; i++) {
      const row = scaling[i];
      let sum = 0;
      for (let j = 0; j < n; j++) sum += row[j] * values[offset + j];
      g[i] += sign * sum;
    }
    for (let i = 0; i < quadratic.length; i++) {
      const row = quadratic[i];
      let sum = 0;
      for (let j = 0; j < n; j++) sum += row[j] * values[offset + j] * values[offset + j];
      g[i] += sign * sum;
    }
  }

  /** g ({@link writeEquations}) and, when c is given, C_q ({@link writeJacobian}). */
  ae(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void {
    this.writeEquations(s, g, useIndex2);
    if (c !== undefined) this.writeJacobian(s, c);
  }

  /**
   * Position level: g = X1 q1 + Y1 q1² − X0 q0 − Y0 q0² − v_off. velocityLevel: the same in the velocities q̇ (v_off
   * between velocities). Index-2 form of a position-level constraint: ġ = C_q q̇ (no offset). With a user function:
   * its value, called with velocityLevel = (velocityLevel or index 2). Inactive: g = λ.
   */
  private writeEquations(s: ItemState, g: Float64Array, useIndex2: boolean): void {
    const { v, nAE } = this;
    if (!v.activeConnector) {
      for (let i = 0; i < nAE; i++) g[i] = lagrangeMultiplier(s, this, i);
      return;
    }
    this.gather(s);
    const velocityLevel = v.velocityLevel || useIndex2;
    if (v.constraintUserFunction !== 0) {
      const values = checkedUserVector(this.label, 'constraintUserFunction', v.constraintUserFunction(s.mbs, s.t, this.label.index, this.q, this.qt, velocityLevel), nAE);
      for (let i = 0; i < nAE; i++) g[i] = values[i];
      return;
    }
    const { n0, n1 } = this.markers;
    g.fill(0, 0, nAE);
    if (!velocityLevel || v.velocityLevel) {
      const x = v.velocityLevel ? this.qt : this.q;
      this.addMarkerTerms(g, v.scalingMarker0, v.quadraticTermMarker0, x, 0, n0, -1);
      this.addMarkerTerms(g, v.scalingMarker1, v.quadraticTermMarker1, x, n0, n1, 1);
      for (let i = 0; i < v.offset.length; i++) g[i] -= v.offset[i];
      return;
    }
    // index 2 of the position-level equations: ġ = C_q q̇
    this.addMarkerJacobianProduct(g, v.scalingMarker0, v.quadraticTermMarker0, 0, n0, -1);
    this.addMarkerJacobianProduct(g, v.scalingMarker1, v.quadraticTermMarker1, n0, n1, 1);
  }

  /** g += sign·(X + 2 Y diag(q)) q̇ for the block of one marker. */
  private addMarkerJacobianProduct(g: Float64Array, scaling: MatrixValue, quadratic: MatrixValue, offset: number, n: number, sign: number): void {
    if (n === 0) return;
    const { q, qt } = this;
    for (let i = 0; i < scaling.length; i++) {
      let sum = 0;
      for (let j = 0; j < n; j++) sum += scaling[i][j] * qt[offset + j];
      g[i] += sign * sum;
    }
    for (let i = 0; i < quadratic.length; i++) {
      let sum = 0;
      for (let j = 0; j < n; j++) sum += 2 * quadratic[i][j] * q[offset + j] * qt[offset + j];
      g[i] += sign * sum;
    }
  }

  /**
   * C_q = [−(X0 + 2 Y0 diag(x0)), X1 + 2 Y1 diag(x1)] with x = q (x = q̇ with velocityLevel: then ∂g/∂u), or the user
   * Jacobian. Inactive: zero.
   */
  private writeJacobian(s: ItemState, c: Float64Array): void {
    const { v, nAE } = this;
    if (!v.activeConnector) return;
    this.gather(s);
    const { n0, n1 } = this.markers;
    const n = n0 + n1;
    if (v.jacobianUserFunction !== 0) {
      const rows = checkedUserMatrix(this.label, 'jacobianUserFunction', v.jacobianUserFunction(s.mbs, s.t, this.label.index, this.q, this.qt, v.velocityLevel), nAE, n);
      for (let i = 0; i < nAE; i++) for (let j = 0; j < n; j++) c[i * n + j] = rows[i][j];
      return;
    }
    const x = v.velocityLevel ? this.qt : this.q;
    this.addMarkerJacobian(c, v.scalingMarker0, v.quadraticTermMarker0, x, 0, n0, n, -1);
    this.addMarkerJacobian(c, v.scalingMarker1, v.quadraticTermMarker1, x, n0, n1, n, 1);
  }

  /** Columns offset … offset + nb of C_q: sign·(X + 2 Y diag(x)). */
  private addMarkerJacobian(c: Float64Array, scaling: MatrixValue, quadratic: MatrixValue, x: Float64Array, offset: number, nb: number, n: number, sign: number): void {
    if (nb === 0) return;
    for (let i = 0; i < scaling.length; i++) for (let j = 0; j < nb; j++) c[i * n + offset + j] += sign * scaling[i][j];
    for (let i = 0; i < quadratic.length; i++) for (let j = 0; j < nb; j++) c[i * n + offset + j] += 2 * sign * quadratic[i][j] * x[offset + j];
  }

  /**
   * ∂(C_qᵀλ)/∂q = diag(−2 Y0ᵀλ, 2 Y1ᵀλ) on position level (zero without quadratic terms); false (numerical) with a user
   * function.
   */
  constraintForce_q(s: ItemState, k: Float64Array, factor: number): boolean {
    const { v } = this;
    if (v.constraintUserFunction !== 0) return false;
    if (!v.activeConnector || v.velocityLevel) return true;
    const { n0, n1 } = this.markers;
    this.addQuadraticStiffness(s, k, v.quadraticTermMarker0, 0, n0, -2 * factor);
    this.addQuadraticStiffness(s, k, v.quadraticTermMarker1, n0, n1, 2 * factor);
    return true;
  }

  /** The diagonal block of one marker: k[j, j] += scale·(Yᵀλ)_j. */
  private addQuadraticStiffness(s: ItemState, k: Float64Array, quadratic: MatrixValue, offset: number, nb: number, scale: number): void {
    if (nb === 0) return;
    const n = this.markers.n0 + this.markers.n1;
    for (let i = 0; i < quadratic.length; i++) {
      const lambda = lagrangeMultiplier(s, this, i);
      for (let j = 0; j < nb; j++) k[(offset + j) * n + offset + j] += scale * quadratic[i][j] * lambda;
    }
  }

  /** x1 − x0 of two equally long coordinate (or velocity) vectors; a marker without coordinates counts as zero. */
  private difference(values: Float64Array, variable: OutputVariableType): number[] {
    const { n0, n1 } = this.markers;
    if (n0 > 0 && n1 > 0 && n0 !== n1) itemError(this.label, 'markerNumbers', `${variable} needs markers with equally many coordinates, got ${n0} and ${n1}`);
    const n = Math.max(n0, n1);
    const out = new Array<number>(n);
    for (let j = 0; j < n; j++) out[j] = (n1 > 0 ? values[n0 + j] : 0) - (n0 > 0 ? values[j] : 0);
    return out;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    switch (variable) {
      case OutputVariableType.Displacement:
        this.gather(s);
        return this.difference(this.q, variable);
      case OutputVariableType.Velocity:
        this.gather(s);
        return this.difference(this.qt, variable);
      case OutputVariableType.ConstraintEquation:
        if (!this.v.activeConnector) return new Array<number>(this.nAE).fill(0);
        this.ae(s, this.equations, false);
        return Array.from(this.equations);
      case OutputVariableType.Force:
        return Array.from({ length: this.nAE }, (_, i) => lagrangeMultiplier(s, this, i));
      default: return undefined;
    }
  }
}

/** A constraint on the coordinate vectors of two markers (Exudyn's ObjectConnectorCoordinateVector, alias CoordinateVectorConstraint). */
export const objectConnectorCoordinateVectorDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorCoordinateVector',
  aliases: ['CoordinateVectorConstraint'],
  description: 'Constrains the coordinate vectors q_m0, q_m1 of two coordinate-vector markers (MarkerNodeCoordinates, '
    + 'MarkerObjectODE2Coordinates; reference values included) by n_AE equations, linear and entry-wise quadratic in the '
    + 'coordinates, or by a user function with its Jacobian. n_AE is the largest number of rows of the four matrices (with '
    + 'user functions, e.g. scalingMarker0 = zeros(n_AE, 1) only sets it). A marker without coordinates (a ground node) '
    + 'takes no part.',
  parameters,
  outputVariables: [OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.ConstraintEquation, OutputVariableType.Force],
  equations: 'Index 3: c = X_m1 q_m1 + Y_m1 q_m1² − X_m0 q_m0 − Y_m0 q_m0² − v_off = 0, squares entry-wise. '
    + 'C_q = [−(X_m0 + 2 Y_m0 diag(q_m0)), X_m1 + 2 Y_m1 diag(q_m1)]; the constraint force C_qᵀλ has the stiffness '
    + 'diag(−2 Y_m0ᵀλ, 2 Y_m1ᵀλ). velocityLevel: the same equations in q̇ (with v_off), Jacobian with respect to q̇. '
    + 'Index 2 of a position-level constraint: ċ = C_q q̇ (Exudyn writes Y q̇² there, which is not the time derivative; '
    + 'see docs/decisions.md). With constraintUserFunction: c = c_user(mbs, t, i, q, q_t, velocityLevel or index 2) '
    + 'and C_q = J_user(mbs, t, i, q, q_t, velocityLevel), q = [q_m0; q_m1]. Inactive: λ = 0 on every row. '
    + 'Outputs: Displacement q_m1 − q_m0, Velocity q̇_m1 − q̇_m0 (markers with equally many coordinates, or one ground '
    + 'marker), ConstraintEquation c, Force λ.',
  example: (mbs) => {
    // two masses: a quadratic and linear coupling of their coordinates (an ellipse-like relation) on position level
    const n0 = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [1, 0], initialCoordinates: [0.2, 0.1], initialVelocities: [0.1, 0.4] });
    const n1 = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [0, 1], initialCoordinates: [-0.1, 0.3], initialVelocities: [0.5, -0.2] });
    for (const node of [n0, n1]) mbs.addObject({ objectType: 'MassPoint2D', physicsMass: 1.5, nodeNumber: node });
    const m0 = mbs.addMarker({ markerType: 'NodeCoordinates', nodeNumber: n0 });
    const m1 = mbs.addMarker({ markerType: 'NodeCoordinates', nodeNumber: n1 });
    // a second, velocity-level coupling of the same markers
    mbs.addObject({ objectType: 'ConnectorCoordinateVector', markerNumbers: [m0, m1], scalingMarker0: [[1, 0.5]], scalingMarker1: [[0.3, 1]], quadraticTermMarker1: [[0.2, 0.4]], offset: [0.1], velocityLevel: true });
    return mbs.addObject({
      objectType: 'ConnectorCoordinateVector', markerNumbers: [m0, m1],
      scalingMarker0: [[1, 0], [0.5, 2]], scalingMarker1: [[0, 1], [1, 0]],
      quadraticTermMarker0: [[0.3, 0.7], [0, 0]], quadraticTermMarker1: [[0, 0], [1.2, -0.4]], offset: [0.2, -0.1],
    });
  },
  validate: (v, label) => {
    const nAE = equationCount(v);
    if (nAE === 0) itemError(label, 'scalingMarker0', 'one of scalingMarker0, scalingMarker1, quadraticTermMarker0, quadraticTermMarker1 must have rows: their largest number of rows is the number of equations, got none');
    for (const name of matrixNames) {
      if (v[name].length !== 0 && v[name].length !== nAE) itemError(label, name, `must have ${nAE} rows (the number of equations, the largest row count of the four matrices) or be empty, got ${v[name].length}`);
    }
    if (v.offset.length !== 0 && v.offset.length !== nAE) itemError(label, 'offset', `must have ${nAE} entries (the number of equations) or be empty, got ${v.offset.length}`);
    if ((v.constraintUserFunction === 0) !== (v.jacobianUserFunction === 0)) {
      const [given, missing] = v.constraintUserFunction === 0 ? ['jacobianUserFunction', 'constraintUserFunction'] : ['constraintUserFunction', 'jacobianUserFunction'];
      itemError(label, missing, `must be given together with ${given} (the Jacobian must be the derivative of the user equations), got none`);
    }
  },
  create: (v, label) => new CoordinateVectorConstraintModel(label, v.markerNumbers, v),
};

/** Factory for a coordinate-vector constraint. */
export const ObjectConnectorCoordinateVector = makeFactory(objectConnectorCoordinateVectorDefinition);
/** Exudyn's alias of {@link ObjectConnectorCoordinateVector}. */
export const CoordinateVectorConstraint = ObjectConnectorCoordinateVector;
