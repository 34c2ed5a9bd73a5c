import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { checkScalarSpringDamper } from '../../registry/physicalChecks.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, real, userFunction, type UserFunctionValue } from '../../registry/parameters.ts';
import { CoordinatePair } from './coordinatePair.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Spring force user function: returns the scalar force for displacement u = q1 − q0 (offset not subtracted, as in Exudyn) and velocity v = q̇1 − q̇0. */
export type CoordinateSpringForceUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, displacement: number, velocity: number, stiffness: number, damping: number, offset: number], number>;

const parameters = {
  markerNumbers: markerIndexArray('Two coordinate markers [m0, m1].', 2),
  stiffness: real(0, 'Spring stiffness k.'),
  damping: real(0, 'Damping coefficient d.'),
  offset: real(0, 'Offset of the spring: force is zero at q1 − q0 = offset.'),
  activeConnector: bool(true, 'If false, the connector has no effect.'),
  springForceUserFunction: userFunction<CoordinateSpringForceUserFunction>('Replaces the linear force law.', '(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) => force'),
};

/**
 * Run-time model of a spring-damper between two coordinates. Without user function the
 * Jacobians are analytic (ode2Lhs_q, ode2Lhs_u); with one they are absent, so the model
 * differentiates numerically, as Exudyn does.
 */
class CoordinateSpringDamperModel implements Only<ObjectModel, CoordinateSpringDamperModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  /** k·factor on the pattern [[1, −1], [−1, 1]] of the two coordinates; only without user function and rotation-coordinate markers. */
  ode2Lhs_q?: (s: ItemState, k: LocalMatrixAccumulator, factor: number) => void;
  /** d·factor on the same pattern; only without user function and rotation-coordinate markers. */
  ode2Lhs_u?: (s: ItemState, d: LocalMatrixAccumulator, factor: number) => void;
  private readonly pair: CoordinatePair;
  localNodes: NodeModel[] = [];

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], private readonly v: {
    stiffness: number; damping: number; offset: number; activeConnector: boolean; springForceUserFunction: UserFunctionValue<CoordinateSpringForceUserFunction>;
  }) {
    this.pair = new CoordinatePair(label, markerNumbers);
  }

  bind(context: BindContext): void {
    this.pair.bind(context);
    this.localNodes = this.pair.localNodes;
    // rotation coordinates: numerical Jacobians, as in Exudyn (such markers have no Jacobian derivative)
    if (this.v.springForceUserFunction === 0 && this.pair.hasUnitRows) {
      this.ode2Lhs_q = (_s, acc, factor) => this.pair.addPatternEntries(acc, this.v.activeConnector ? factor * this.v.stiffness : 0, 1, 1);
      this.ode2Lhs_u = (_s, acc, factor) => this.pair.addPatternEntries(acc, this.v.activeConnector ? factor * this.v.damping : 0, 1, 1);
    }
  }

  private force(s: ItemState): number {
    const { stiffness, damping, offset, springForceUserFunction } = this.v;
    const u = this.pair.displacement(s, 1, 1);
    const v = this.pair.velocity(s, 1, 1);
    if (springForceUserFunction === 0) return stiffness * (u - offset) + damping * v;
    const force = springForceUserFunction(s.mbs, s.t, this.label.index, u, v, stiffness, damping, offset);
    if (typeof force !== 'number' || !Number.isFinite(force)) itemError(this.label, 'springForceUserFunction', `must return a finite number, got ${describeValue(force)}`);
    return force;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.v.activeConnector) return;
    this.pair.addForce(s, f, this.force(s), 1, 1);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    switch (variable) {
      case OutputVariableType.Displacement: return [this.pair.displacement(s, 1, 1)];
      case OutputVariableType.Velocity: return [this.pair.velocity(s, 1, 1)];
      case OutputVariableType.Force: return [this.v.activeConnector ? this.force(s) : 0];
      default: return undefined;
    }
  }
}

/** A spring-damper acting on two coordinates (Exudyn's CoordinateSpringDamper). */
export const objectConnectorCoordinateSpringDamperDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorCoordinateSpringDamper',
  aliases: ['CoordinateSpringDamper'],
  description: 'A spring-damper between two coordinate markers: force F = k (q1 − q0 − offset) + d (q̇1 − q̇0), acting with +F on coordinate 1 and −F on coordinate 0 (left-hand side). springForceUserFunction replaces F and receives u = q1 − q0 (without offset), v = q̇1 − q̇0, k, d and offset. Jacobians are analytic without user function, numerical with one.',
  parameters,
  outputVariables: [OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Force],
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point', referenceCoordinates: [i, 0, 0], initialVelocities: [0.5 * i, 0.2, 0] }));
    for (const node of nodes) mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const markers = nodes.map((node, i) => mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: node, coordinate: i }));
    return mbs.addObject({ objectType: 'ConnectorCoordinateSpringDamper', markerNumbers: markers, stiffness: 40, damping: 1.5, offset: 0.1 });
  },
  validate: (v, label) => checkScalarSpringDamper(label, v.stiffness, v.damping, v.springForceUserFunction),
  create: (v, label) => new CoordinateSpringDamperModel(label, v.markerNumbers, v),
};

/** Factory for a coordinate spring-damper. */
export const ObjectConnectorCoordinateSpringDamper = makeFactory(objectConnectorCoordinateSpringDamperDefinition);
/** Exudyn's alias of {@link ObjectConnectorCoordinateSpringDamper}. */
export const CoordinateSpringDamper = ObjectConnectorCoordinateSpringDamper;
