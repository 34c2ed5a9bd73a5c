import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { isBodyMassMarker, type BindContext, type BodyMassMarkerModel, type DistributedLoadDensity, type ItemState, type LoadCoordinateDependence, type LoadModel, type MarkerModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { markerIndex, userFunction, vector, type UserFunctionValue } from '../../registry/parameters.ts';
import { objectCosseratRodDefinition } from '../objects/ObjectCosseratRod.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Signature of the line-load user functions: the density at reference arc length s and time t. */
export type DistributedLoadUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, s: number, value: number[]], ArrayLike<number>>;

const parameters = {
  markerNumber: markerIndex('MarkerBodyMass of the rod the line load acts on.'),
  forcePerLength: vector([0, 0, 0], 'Force per reference arc length b [N/m] in global coordinates.', 3, 'Vector3D'),
  momentPerLength: vector([0, 0, 0], 'Moment per reference arc length c [N m/m] in the cross-section frame (rotates with the rod).', 3, 'Vector3D'),
  forcePerLengthUserFunction: userFunction<DistributedLoadUserFunction>('Replaces forcePerLength by its return value at arc length s.', '(mbs, t, s, forcePerLength) => [bx, by, bz]'),
  momentPerLengthUserFunction: userFunction<DistributedLoadUserFunction>('Replaces momentPerLength by its return value at arc length s.', '(mbs, t, s, momentPerLength) => [c1, c2, c3]'),
};

/** A body-mass marker on a body with line-load integration (rods). */
export type LineLoadMarker = BodyMassMarkerModel & Required<Pick<BodyMassMarkerModel, 'addDistributedLoad'>>;

/** The line-load marker `markerNumber` of a load (LoadDistributed, LoadMuscleTorque); throws naming the load if it is none. */
export function bindLineLoadMarker(context: BindContext, label: ItemLabel, markerNumber: number): LineLoadMarker {
  const marker: MarkerModel = context.marker(markerNumber, 'markerNumber');
  if (!isBodyMassMarker(marker) || marker.addDistributedLoad === undefined) {
    itemError(label, 'markerNumber', `must refer to a MarkerBodyMass on a rod (a body with line-load integration, e.g. ObjectCosseratRod), got ${marker.label.category}${marker.label.typeName} #${markerNumber}`);
  }
  return marker as LineLoadMarker;
}

/** Run-time model: force and moment densities integrated by the rod's quadrature. */
class DistributedLoadModel implements Only<LoadModel, DistributedLoadModel> {
  marker!: LineLoadMarker;
  /**
   * Always constant: b (global) and c (cross-section frame) give a configuration-independent generalized force, and the
   * user functions receive (t, s), not the state; a numerical Jacobian would couple all rod nodes densely.
   */
  readonly coordinateDependence: LoadCoordinateDependence = 'constant';
  private state!: ItemState;
  private forceFactor = 1;
  private momentFactor = 1;
  /** The density callback (allocated once): constant values or the user functions at sArc, times the load factors. */
  private readonly density: DistributedLoadDensity = (sArc, force, moment) => {
    this.evaluate(this.forceUserFunction, 'forcePerLengthUserFunction', this.forcePerLength, sArc, force, this.forceFactor);
    this.evaluate(this.momentUserFunction, 'momentPerLengthUserFunction', this.momentPerLength, sArc, moment, this.momentFactor);
  };

  constructor(
    readonly label: ItemLabel,
    private readonly markerNumber: number,
    private readonly forcePerLength: number[],
    private readonly momentPerLength: number[],
    private readonly forceUserFunction: UserFunctionValue<DistributedLoadUserFunction>,
    private readonly momentUserFunction: UserFunctionValue<DistributedLoadUserFunction>,
  ) {}

  bind(context: BindContext): void {
    this.marker = bindLineLoadMarker(context, this.label, this.markerNumber);
  }

  private evaluate(fn: UserFunctionValue<DistributedLoadUserFunction>, name: string, value: number[], sArc: number, out: Float64Array, factor: number): void {
    if (fn === 0) {
      out[0] = factor * value[0]; out[1] = factor * value[1]; out[2] = factor * value[2];
      return;
    }
    const result = fn(this.state.mbs, this.state.t, sArc, value);
    if (result === null || typeof result !== 'object' || result.length !== 3 || !Number.isFinite(result[0]) || !Number.isFinite(result[1]) || !Number.isFinite(result[2])) {
      itemError(this.label, name, `must return 3 finite numbers, got ${describeValue(result)} at s = ${sArc}`);
    }
    out[0] = factor * result[0]; out[1] = factor * result[1]; out[2] = factor * result[2];
  }

  /** [b; c] at s = 0 (the constant densities, or the user functions' values at the start of the rod). */
  values(s: ItemState): Float64Array {
    this.state = s;
    const out = new Float64Array(6);
    this.evaluate(this.forceUserFunction, 'forcePerLengthUserFunction', this.forcePerLength, 0, out.subarray(0, 3), 1);
    this.evaluate(this.momentUserFunction, 'momentPerLengthUserFunction', this.momentPerLength, 0, out.subarray(3, 6), 1);
    return out;
  }

  /** f += ∫ (δrᵀ b + δφ_Kᵀ c) ds; constant densities are scaled by the static load factor, user-function values are not. */
  addGeneralizedLoad(s: ItemState, f: Float64Array): void {
    if (this.marker.nLocalU === 0) return;
    this.state = s;
    this.forceFactor = this.forceUserFunction === 0 ? s.loadFactor : 1;
    this.momentFactor = this.momentUserFunction === 0 ? s.loadFactor : 1;
    this.marker.addDistributedLoad(s, this.density, f);
  }
}

/** A line load on a rod: force and moment per reference arc length (Flexdyn's own; alias DistributedRodLoad). */
export const loadDistributedDefinition: ItemDefinition<'Load', typeof parameters> = {
  category: 'Load',
  typeName: 'Distributed',
  aliases: ['DistributedRodLoad'],
  description: 'Force and moment densities per reference arc length on a rod, through a MarkerBodyMass on the rod: the generalized force '
    + 'is ∫ (δrᵀ b + δφ_Kᵀ c) ds with the rod\'s test functions and quadrature (the Petrov–Galerkin external virtual work). The force '
    + 'density b is global, the moment density c in the cross-section frame; both may depend on the arc length s (as markers use it) '
    + 'through user functions. The generalized force does not depend on the configuration, so the load has no load Jacobian '
    + '(user functions are taken as functions of t and s only). The static load factor scales constant densities, not user-function values.',
  parameters,
  outputVariables: [],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyMass', bodyNumber: objectCosseratRodDefinition.example(mbs) });
    return mbs.addLoad({ loadType: 'Distributed', markerNumber: marker, forcePerLength: [0, -0.5, 1], momentPerLength: [0.1, 0, 0.2] });
  },
  create: (v, label) => new DistributedLoadModel(label, v.markerNumber, Array.from(v.forcePerLength), Array.from(v.momentPerLength),
    v.forcePerLengthUserFunction, v.momentPerLengthUserFunction),
};

/** Factory for a rod line load. */
export const LoadDistributed = makeFactory(loadDistributedDefinition);
/** Alias of {@link LoadDistributed}. */
export const DistributedRodLoad = LoadDistributed;
