import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, real, userFunction, type UserFunctionValue } from '../../registry/parameters.ts';
import { globalCoordinateIndex, lagrangeMultiplier } from './connectorBase.ts';
import { CoordinatePair } from './coordinatePair.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Offset user function: returns the (time-dependent) offset, or its time derivative for offsetUserFunction_t. */
export type CoordinateOffsetUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, offset: number], number>;

const parameters = {
  markerNumbers: markerIndexArray('Two coordinate markers [m0, m1].', 2),
  offset: real(0, 'Offset between the two coordinates (between their velocities if velocityLevel is true).'),
  factorValue1: real(1, 'Factor multiplied with the coordinate of marker 1 (e.g. a gear ratio).'),
  velocityLevel: bool(false, 'If true, the constraint acts on the velocities; then offsetUserFunction_t is used and offsetUserFunction ignored.'),
  offsetUserFunction: userFunction<CoordinateOffsetUserFunction>('Time-dependent offset for position-level (index 3) constraints.', '(mbs, t, itemNumber, offset) => offset'),
  offsetUserFunction_t: userFunction<CoordinateOffsetUserFunction>('Time derivative of the offset, used on velocity level (velocityLevel or index-2 solvers).', '(mbs, t, itemNumber, offset) => offset_t'),
  activeConnector: bool(true, 'If false, the equation reads λ = 0 (the multiplier stays).'),
};

type Values = {
  offset: number; factorValue1: number; velocityLevel: boolean;
  offsetUserFunction: UserFunctionValue<CoordinateOffsetUserFunction>;
  offsetUserFunction_t: UserFunctionValue<CoordinateOffsetUserFunction>;
};

/** Run-time model of a linear constraint between two coordinates. */
class CoordinateConstraintModel implements Only<ObjectModel, CoordinateConstraintModel> {
  readonly nAE = 1;
  readonly velocityLevelConstraint: boolean;
  /** Inactive: the row reads g = λ. */
  readonly multiplierRows: readonly number[];
  localNodes: NodeModel[] = [];
  private readonly pair: CoordinatePair;
  private readonly equation = new Float64Array(1);

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], private readonly v: Values, private readonly active: boolean) {
    this.pair = new CoordinatePair(label, markerNumbers);
    this.multiplierRows = active ? [] : [0];
    this.velocityLevelConstraint = v.velocityLevel;
  }

  bind(context: BindContext): void {
    this.pair.bind(context);
    this.localNodes = this.pair.localNodes;
  }

  private userOffset(s: ItemState, parameter: 'offsetUserFunction' | 'offsetUserFunction_t'): number {
    const f = this.v[parameter] as CoordinateOffsetUserFunction;
    const value = f(s.mbs, s.t, this.label.index, this.v.offset);
    if (typeof value !== 'number' || !Number.isFinite(value)) itemError(this.label, parameter, `must return a finite number, got ${describeValue(value)}`);
    return value;
  }

  /** g ({@link writeEquations}) and, when c is given, C_q ({@link writeJacobian}). */
  ae(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void {
    this.writeEquations(s, g, useIndex2);
    if (c !== undefined) this.writeJacobian(s, c);
  }

  /**
   * Position level: g = factorValue1·c1 − c0 − offset (or offsetUserFunction).
   * Velocity level (velocityLevel, or useIndex2): g = factorValue1·ċ1 − ċ0 − o_t with o_t = offsetUserFunction_t,
   * else offset if velocityLevel, else 0 (index-2 form of a position constraint does not enforce the offset).
   * Inactive: g = λ.
   */
  private writeEquations(s: ItemState, g: Float64Array, useIndex2: boolean): void {
    if (!this.active) { g[0] = lagrangeMultiplier(s, this); return; }
    const { factorValue1, velocityLevel, offset } = this.v;
    if (!useIndex2 && !velocityLevel) {
      const o = this.v.offsetUserFunction === 0 ? offset : this.userOffset(s, 'offsetUserFunction');
      g[0] = this.pair.displacement(s, 1, factorValue1) - o;
      return;
    }
    const o = this.v.offsetUserFunction_t !== 0 ? this.userOffset(s, 'offsetUserFunction_t') : velocityLevel ? offset : 0;
    g[0] = this.pair.velocity(s, 1, factorValue1) - o;
  }

  /**
   * C_q = [−e(c0), factorValue1·e(c1)] (also ∂ġ/∂u on velocity level); for markers with a coordinate
   * Jacobian row (rotation coordinates) that row replaces the unit vector e. Inactive: zero.
   */
  private writeJacobian(s: ItemState, c: Float64Array): void {
    if (!this.active) return;
    this.pair.addForce(s, c, 1, 1, this.v.factorValue1);
  }

  /**
   * λ·C_qq: zero for markers of plain coordinates (constant unit entries in C_q); false (numerical) when a marker's
   * coordinate Jacobian row depends on the configuration (rotation coordinates).
   */
  constraintForce_q(): boolean {
    return this.pair.hasUnitRows;
  }

  /** The global velocity index of the non-ground coordinate if the other marker is a ground coordinate (active constraints only). */
  eliminableCoordinate(): number | undefined {
    if (!this.active) return undefined;
    const { marker0, marker1 } = this.pair.markers;
    const ground0 = marker0.nodes.length === 0;
    const ground1 = marker1.nodes.length === 0;
    const index = ground0 && !ground1 ? globalCoordinateIndex(marker1) : ground1 && !ground0 ? globalCoordinateIndex(marker0) : -1;
    return index >= 0 ? index : undefined;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    switch (variable) {
      case OutputVariableType.Displacement: return [this.pair.displacement(s, 1, 1)];
      case OutputVariableType.Velocity: return [this.pair.velocity(s, 1, 1)];
      case OutputVariableType.ConstraintEquation:
        if (!this.active) return [0];
        this.ae(s, this.equation, false);
        return [this.equation[0]];
      case OutputVariableType.Force: return [lagrangeMultiplier(s, this)];
      default: return undefined;
    }
  }
}

/** A constraint between two coordinates (Exudyn's ObjectConnectorCoordinate, alias CoordinateConstraint). */
export const objectConnectorCoordinateDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorCoordinate',
  aliases: ['CoordinateConstraint'],
  description: 'Constrains two coordinate markers (displacement coordinates, without reference values): '
    + 'factorValue1·c1 − c0 − offset = 0, one Lagrange multiplier λ. With velocityLevel (or in index-2 solvers) the constraint acts on velocities.',
  parameters,
  outputVariables: [OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.ConstraintEquation, OutputVariableType.Force],
  equations: 'Index 3: g = f₁ c1 − c0 − l_off (l_off = offsetUserFunction(mbs, t, i, offset) if given). '
    + 'Velocity level: ġ = f₁ ċ1 − ċ0 − d with d = offsetUserFunction_t(mbs, t, i, offset) if given, else offset if velocityLevel, else 0. '
    + 'C_q = [−e(c0), f₁ e(c1)]. Force = λ. Inactive (activeConnector false): the equation reads λ = 0, the multiplier '
    + 'stays (as in Exudyn and the joints), ConstraintEquation is 0. Explicit solvers eliminate an active constraint to a ground '
    + 'coordinate by setting the other coordinate to zero (offset ignored, as in Exudyn) and skip an inactive one.',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point', referenceCoordinates: [i, 0, 0], initialVelocities: [0.5, 0.2 * i, 0] }));
    for (const node of nodes) mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const markers = nodes.map((node) => mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: node, coordinate: 0 }));
    // the y velocities coupled on velocity level (a second constraint of the other kind)
    const markersY = nodes.map((node) => mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: node, coordinate: 1 }));
    mbs.addObject({ objectType: 'ConnectorCoordinate', markerNumbers: markersY, offset: 0.3, factorValue1: 0.5, velocityLevel: true });
    return mbs.addObject({ objectType: 'ConnectorCoordinate', markerNumbers: markers, offset: 0.1, factorValue1: 2 });
  },
  create: (v, label) => new CoordinateConstraintModel(label, v.markerNumbers, v, v.activeConnector),
};

/** Factory for a coordinate constraint. */
export const ObjectConnectorCoordinate = makeFactory(objectConnectorCoordinateDefinition);
/** Exudyn's alias of {@link ObjectConnectorCoordinate}. */
export const CoordinateConstraint = ObjectConnectorCoordinate;
