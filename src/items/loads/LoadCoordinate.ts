import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { isCoordinateMarker, type BindContext, type CoordinateMarkerModel, type ItemState, type LoadCoordinateDependence, type LoadModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { markerIndex, real, userFunction, type UserFunctionValue } from '../../registry/parameters.ts';
import { nodeGenericODE2Definition } from '../nodes/NodeGenericODE2.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Signature of the coordinate load user function: returns the scalar load for time t. */
export type LoadUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, load: number], number>;

const parameters = {
  markerNumber: markerIndex('Marker (coordinate) the load acts on.'),
  load: real(0, 'Generalized force on the coordinate.'),
  loadUserFunction: userFunction<LoadUserFunction>('Replaces load by its return value.', '(mbs, t, load) => number'),
};

/** Run-time model: a generalized force on one coordinate. */
class CoordinateLoadModel implements Only<LoadModel, CoordinateLoadModel> {
  marker!: CoordinateMarkerModel;
  /** Constant on a plain coordinate; numerical with a user function or on a rotation-coordinate marker (its row depends on q). */
  coordinateDependence: LoadCoordinateDependence = 'numerical';
  private row = new Float64Array(0);
  /** The marker's coordinate Jacobian row, for markers whose value is no local coordinate (set in bind). */
  private rowOf: CoordinateMarkerModel['coordinateJacobian'];

  /** The load value: {@link CoordinateLoadModel.updateParameter} changes it. */
  private load: number;

  constructor(readonly label: ItemLabel, private readonly markerNumber: number, load: number, private readonly userFunction: UserFunctionValue<LoadUserFunction>) {
    this.load = load;
  }

  /**
   * The load value is read at each evaluation: a new value (validated) takes effect in place, without a new model and
   * its binding (a pre-Newton function that sets the load in every iteration, as mainSystemUserFunctionsTest's).
   */
  updateParameter(name: string, value: unknown): boolean {
    if (name !== 'load' || typeof value !== 'number') return false;
    this.load = value;
    return true;
  }

  bind(context: BindContext): void {
    const marker = context.marker(this.markerNumber, 'markerNumber');
    if (!isCoordinateMarker(marker)) itemError(this.label, 'markerNumber', `must refer to a coordinate marker, got ${marker.label.category}${marker.label.typeName} #${this.markerNumber}`);
    this.marker = marker;
    this.rowOf = marker.coordinateJacobian?.bind(marker);
    this.row = new Float64Array(this.rowOf === undefined ? 0 : marker.nLocalU);
    this.coordinateDependence = this.marker.nLocalU === 0 || (this.userFunction === 0 && this.row.length === 0) ? 'constant' : 'numerical';
  }

  private value(s: ItemState): number {
    if (this.userFunction === 0) return this.load;
    const result = this.userFunction(s.mbs, s.t, this.load);
    if (typeof result !== 'number' || !Number.isFinite(result)) itemError(this.label, 'loadUserFunction', `must return a finite number, got ${describeValue(result)}`);
    return result;
  }

  values(s: ItemState): number[] {
    return [this.value(s)];
  }

  /** f[local] += load, or f += load·(coordinate Jacobian row) for rotation-coordinate markers. */
  addGeneralizedLoad(s: ItemState, f: Float64Array): void {
    const local = this.marker.coordinateLocalIndex ?? -1;
    const load = (this.userFunction === 0 ? s.loadFactor : 1) * this.value(s);
    if (local >= 0) f[local] += load;
    const rowOf = this.rowOf;
    if (rowOf !== undefined) {
      rowOf(s, this.row);
      for (let k = 0; k < this.row.length; k++) f[k] += load * this.row[k];
    }
  }
}

/** A scalar generalized force on a coordinate marker. */
export const loadCoordinateDefinition: ItemDefinition<'Load', typeof parameters> = {
  category: 'Load',
  typeName: 'Coordinate',
  description: 'A scalar load added to the right-hand side of the marked coordinate\'s equation.',
  parameters,
  outputVariables: [],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: nodeGenericODE2Definition.example(mbs), coordinate: 1 });
    return mbs.addLoad({ loadType: 'Coordinate', markerNumber: marker, load: -0.7 });
  },
  create: (v, label) => new CoordinateLoadModel(label, v.markerNumber, v.load, v.loadUserFunction),
};

/** Factory for a coordinate load. */
export const LoadCoordinate = makeFactory(loadCoordinateDefinition);
