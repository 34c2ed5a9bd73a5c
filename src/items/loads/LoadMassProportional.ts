import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { isBodyMassMarker, type BodyMassMarkerModel, type BindContext, type ItemState, type LoadCoordinateDependence, type LoadModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { markerIndex, userFunction, vector, type UserFunctionValue } from '../../registry/parameters.ts';
import { float64Copy } from '../../linalg/arrays.ts';
import { evaluateVectorUserFunction } from './loadUserFunctions.ts';
import type { LoadVectorUserFunction } from './LoadForceVector.ts';
import { objectRigidBodyDefinition } from '../objects/ObjectRigidBody.ts';

const parameters = {
  markerNumber: markerIndex('Marker (BodyMass) the load acts on.'),
  loadVector: vector([0, 0, 0], 'Force per unit mass, e.g. gravity [0, -9.81, 0].', 3, 'Vector3D'),
  loadVectorUserFunction: userFunction<LoadVectorUserFunction>('Replaces loadVector by its return value.', '(mbs, t, loadVector) => vector'),
};

/** Run-time model: a body force per unit mass (gravity). */
class MassProportionalLoadModel implements Only<LoadModel, MassProportionalLoadModel> {
  marker!: BodyMassMarkerModel;
  /** Numerical with a user function or on bodies whose mass-proportional force depends on q (rigid bodies with COM offset), else constant. */
  coordinateDependence: LoadCoordinateDependence = 'constant';
  private readonly loadPerMass = new Float64Array(3);
  private readonly scaled = new Float64Array(3);

  /** loadVector as a Float64Array (see {@link evaluateVectorUserFunction}). */
  private readonly loadValues: Float64Array;
  /** The marker's translational mass m and its count d of coordinates, d = 0 without one (set in bind). */
  private mass = 0;
  private dimension = 0;

  constructor(readonly label: ItemLabel, private readonly markerNumber: number, private readonly loadVector: number[], private readonly userFunction: UserFunctionValue<LoadVectorUserFunction>) {
    this.loadValues = float64Copy(loadVector);
  }

  bind(context: BindContext): void {
    const marker = context.marker(this.markerNumber, 'markerNumber');
    if (!isBodyMassMarker(marker)) itemError(this.label, 'markerNumber', `must refer to a BodyMass marker, got ${marker.label.category}${marker.label.typeName} #${this.markerNumber}`);
    this.marker = marker;
    this.mass = marker.translationalMass;
    this.dimension = marker.translationalDimension;
    const dependent = this.userFunction !== 0 || marker.massProportionalForceDependsOnCoordinates;
    this.coordinateDependence = dependent && this.marker.nLocalU > 0 ? 'numerical' : 'constant';
  }

  values(s: ItemState): Float64Array {
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, this.loadValues, this.loadPerMass);
    return this.loadPerMass.slice();
  }

  /**
   * f += Jmᵀ(factor·b). On a body with a translational mass (mass points; rigid bodies without COM offset; most gravity
   * loads) without a user function, the load adds m·(factor·b_i) itself, the body's operations on the stored vector,
   * without the calls through the marker to the body's massProportionalForce in every residual.
   */
  addGeneralizedLoad(s: ItemState, f: Float64Array): void {
    const d = this.dimension;
    if (d > 0 && this.userFunction === 0) {
      const m = this.mass, factor = s.loadFactor, b = this.loadValues;
      for (let i = 0; i < d; i++) f[i] += m * (factor * b[i]);
      return;
    }
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, this.loadValues, this.loadPerMass);
    const factor = this.userFunction === 0 ? s.loadFactor : 1;
    for (let i = 0; i < 3; i++) this.scaled[i] = factor * this.loadPerMass[i];
    this.marker.massProportionalForce(s, this.scaled, f);
  }
}

/** A load per unit mass on a body (Exudyn's LoadMassProportional, alias Gravity). */
export const loadMassProportionalDefinition: ItemDefinition<'Load', typeof parameters> = {
  category: 'Load',
  typeName: 'MassProportional',
  aliases: ['Gravity'],
  description: 'A distributed load proportional to mass: every mass element dm of the body gets the force b dm, with b = loadVector.',
  parameters,
  outputVariables: [],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyMass', bodyNumber: objectRigidBodyDefinition.example(mbs) });
    return mbs.addLoad({ loadType: 'MassProportional', markerNumber: marker, loadVector: [0.5, 0, -9.81] });
  },
  create: (v, label) => new MassProportionalLoadModel(label, v.markerNumber, Array.from(v.loadVector), v.loadVectorUserFunction),
};

/** Factory for a mass-proportional load. */
export const LoadMassProportional = makeFactory(loadMassProportionalDefinition);
/** Exudyn's alias of {@link LoadMassProportional}. */
export const Gravity = LoadMassProportional;
