import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only, type CoordinateMarkerModel } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { checkNonNegativeEntries } from '../../registry/physicalChecks.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, real, userFunction, type UserFunctionValue } from '../../registry/parameters.ts';
import { MarkerPair, coordinateMarkers } from './connectorBase.ts';
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
  /** The shared dense work array of the local matrices (n_local × n_local, see denseLocalMatrix; set in bind). */
  private localMatrix = new Float64Array(0);
  private readonly markers: MarkerPair<CoordinateMarkerModel>;
  localNodes: NodeModel[] = [];
  private local0 = -1;
  private local1 = -1;
  private row0 = new Float64Array(0);
  private row1 = new Float64Array(0);
  /** The markers' coordinate Jacobian rows, for markers whose value is no local coordinate (set in bind). */
  private rowOf0: CoordinateMarkerModel['coordinateJacobian'];
  private rowOf1: CoordinateMarkerModel['coordinateJacobian'];
  private nLocal = 0;

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], private readonly v: {
    stiffness: number; damping: number; offset: number; activeConnector: boolean; springForceUserFunction: UserFunctionValue<CoordinateSpringForceUserFunction>;
  }) {
    this.markers = new MarkerPair(label, markerNumbers, coordinateMarkers);
    if (v.springForceUserFunction === 0) {
      this.ode2Lhs_q = (_s, acc, factor) => this.addCoordinatePattern(acc, factor * v.stiffness);
      this.ode2Lhs_u = (_s, acc, factor) => this.addCoordinatePattern(acc, factor * v.damping);
    }
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    const { marker0, marker1, n0, n1 } = this.markers;
    this.nLocal = n0 + n1;
    this.localMatrix = denseLocalMatrix(this.nLocal);
    this.local0 = marker0.coordinateLocalIndex ?? -1;
    this.local1 = (marker1.coordinateLocalIndex ?? -1) < 0 ? -1 : n0 + marker1.coordinateLocalIndex!;
    this.rowOf0 = marker0.coordinateJacobian?.bind(marker0);
    this.rowOf1 = marker1.coordinateJacobian?.bind(marker1);
    this.row0 = new Float64Array(this.rowOf0 === undefined ? 0 : n0);
    this.row1 = new Float64Array(this.rowOf1 === undefined ? 0 : n1);
    if (this.row0.length > 0 || this.row1.length > 0) {
      // rotation coordinates: numerical Jacobians, as in Exudyn (such markers have no Jacobian derivative)
      this.ode2Lhs_q = undefined;
      this.ode2Lhs_u = undefined;
    }
  }

  /** u = c1 − c0 (no offset). */
  private displacement(s: ItemState): number {
    return this.markers.marker1.coordinate(s) - this.markers.marker0.coordinate(s);
  }

  private velocity(s: ItemState): number {
    return this.markers.marker1.coordinateVelocity(s) - this.markers.marker0.coordinateVelocity(s);
  }

  private force(s: ItemState): number {
    const { stiffness, damping, offset, springForceUserFunction } = this.v;
    const u = this.displacement(s);
    const v = this.velocity(s);
    if (springForceUserFunction === 0) return stiffness * (u - offset) + damping * v;
    const force = springForceUserFunction(s.mbs, s.t, this.label.index, u, v, stiffness, damping, offset);
    if (typeof force !== 'number' || !Number.isFinite(force)) itemError(this.label, 'springForceUserFunction', `must return a finite number, got ${describeValue(force)}`);
    return force;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.v.activeConnector) return;
    const force = this.force(s);
    if (this.local0 >= 0) f[this.local0] -= force;
    if (this.local1 >= 0) f[this.local1] += force;
    const { rowOf0, rowOf1 } = this;
    if (rowOf0 !== undefined) {
      rowOf0(s, this.row0);
      for (let k = 0; k < this.row0.length; k++) f[k] -= force * this.row0[k];
    }
    if (rowOf1 !== undefined) {
      const n0 = this.markers.n0;
      rowOf1(s, this.row1);
      for (let k = 0; k < this.row1.length; k++) f[n0 + k] += force * this.row1[k];
    }
  }

  /** Adds value·[[1, −1], [−1, 1]] on the local coordinates (local0, local1) to acc (as one dense block); ground coordinates are skipped. */
  private addCoordinatePattern(acc: LocalMatrixAccumulator, value: number): void {
    const n = this.nLocal;
    const m = this.localMatrix.fill(0);
    if (this.v.activeConnector && value !== 0) {
      const i0 = this.local0;
      const i1 = this.local1;
      if (i0 >= 0) m[i0 * n + i0] += value;
      if (i1 >= 0) m[i1 * n + i1] += value;
      if (i0 >= 0 && i1 >= 0) {
        m[i0 * n + i1] -= value;
        m[i1 * n + i0] -= value;
      }
    }
    acc.addBlock(0, 0, n, n, m, 0, n, 1);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    switch (variable) {
      case OutputVariableType.Displacement: return [this.displacement(s)];
      case OutputVariableType.Velocity: return [this.velocity(s)];
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
  validate: (v, label) => {
    // Without a user function the values are a spring and a damper; with one they are only its arguments.
    if (v.springForceUserFunction !== 0) return;
    checkNonNegativeEntries(label, 'stiffness', [v.stiffness], 'a spring with negative stiffness pushes away from its rest position');
    checkNonNegativeEntries(label, 'damping', [v.damping], 'a damper with negative damping adds energy');
  },
  create: (v, label) => new CoordinateSpringDamperModel(label, v.markerNumbers, v),
};

/** Factory for a coordinate spring-damper. */
export const ObjectConnectorCoordinateSpringDamper = makeFactory(objectConnectorCoordinateSpringDamperDefinition);
/** Exudyn's alias of {@link ObjectConnectorCoordinateSpringDamper}. */
export const CoordinateSpringDamper = ObjectConnectorCoordinateSpringDamper;
