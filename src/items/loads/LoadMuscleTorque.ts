import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, DistributedLoadDensity, ItemState, LoadCoordinateDependence, LoadModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { markerIndex, vector, type ParameterValues } from '../../registry/parameters.ts';
import { MuscleWave, muscleWaveParameters, validateMuscleWave } from './muscleWave.ts';
import { objectCosseratRodDefinition } from '../objects/ObjectCosseratRod.ts';
import { bindLineLoadMarker, type LineLoadMarker } from './LoadDistributed.ts';

const parameters = {
  markerNumber: markerIndex('MarkerBodyMass of the rod the muscle torque acts on.'),
  direction: vector([0, 0, 1], 'Axis d of the internal moment in the cross-section frame (body-fixed; body axis 1 is the rod axis); not normalized: τ = τ_mag d.', 3, 'Vector3D'),
  ...muscleWaveParameters,
};

type MuscleTorqueValues = ParameterValues<typeof parameters>;

class MuscleTorqueModel implements Only<LoadModel, MuscleTorqueModel> {
  marker!: LineLoadMarker;
  /** τ is body-fixed and a function of (s, t): the generalized force does not depend on the configuration. */
  readonly coordinateDependence: LoadCoordinateDependence = 'constant';
  private readonly wave: MuscleWave;
  private readonly direction: Float64Array;
  private readonly density: DistributedLoadDensity = (sArc, _force, _moment, internalMoment) => {
    const m = this.wave.magnitude(sArc, this.wave.shape(sArc));
    const d = this.direction;
    internalMoment[0] = m * d[0]; internalMoment[1] = m * d[1]; internalMoment[2] = m * d[2];
  };

  constructor(readonly label: ItemLabel, private readonly v: MuscleTorqueValues) {
    this.wave = new MuscleWave(v);
    this.direction = Float64Array.from(v.direction);
  }

  bind(context: BindContext): void {
    this.marker = bindLineLoadMarker(context, this.label, this.v.markerNumber);
  }

  /** Sets the time-dependent factors at the state's time (ramp, load factor, ωt). */
  private atTime(s: ItemState): void {
    this.wave.setTime(s.t, s.loadFactor);
  }

  /** τ at s = baseLength/2 (the load sensor's value). */
  values(s: ItemState): Float64Array {
    this.atTime(s);
    const out = new Float64Array(3);
    this.density(this.v.baseLength / 2, out, out, out);
    return out;
  }

  /** f_{φ_i} += ∫ N_i' τ(s, t) ds (the rod's quadrature). */
  addGeneralizedLoad(s: ItemState, f: Float64Array): void {
    if (this.marker.nLocalU === 0) return;
    this.atTime(s);
    this.marker.addDistributedLoad(s, this.density, f);
  }
}

/** PyElastica's MuscleTorques on a rod: a travelling wave of body-fixed internal moments (Flexdyn's own; alias RodMuscleTorque). */
export const loadMuscleTorqueDefinition: ItemDefinition<'Load', typeof parameters> = {
  category: 'Load',
  typeName: 'MuscleTorque',
  aliases: ['RodMuscleTorque'],
  description: 'Muscle torques on a rod (PyElastica\'s MuscleTorques), through a MarkerBodyMass on the rod: an internal moment '
    + 'τ(s, t) = r(t) a β(s) sin(2πt/T − k s + φ) d in the cross-section frame, with the ramp r(t) = min(1, t/rampUpTime), the amplitude a, '
    + 'the cubic B-spline shape β(s) of PyElastica (zero at both ends of [0, baseLength]) and a body-fixed axis d. It acts as the '
    + 'self-equilibrated moment density c = −∂τ/∂s, in weak form f_{φ_i} = ∫ N_i\'(s) τ ds without end couples (PyElastica applies '
    + '+τ and −τ to the two elements next to each interior node): with τ = 0 at the rod ends (the spline) this is exactly ∫ N_i c ds; '
    + 'with a constant τ it is a couple −τ at the first node and +τ at the last. The rod in equilibrium takes the bending moment m = τ. '
    + 'The generalized force does not depend on the configuration (no load Jacobian). s is the arc length from the rod\'s first node; '
    + 'PyElastica evaluates the wave from the rod\'s last node (its torque_mag[::-1]), so a PyElastica set-up is reproduced on a rod '
    + 'numbered from the other end. The static load factor scales τ.',
  parameters,
  outputVariables: [],
  validate: (v, label) => validateMuscleWave(v, label),
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyMass', bodyNumber: objectCosseratRodDefinition.example(mbs) });
    return mbs.addLoad({
      loadType: 'MuscleTorque', markerNumber: marker, direction: [0.2, 0, 1], amplitude: 0.8, splineCoefficients: [1, 2, 0.5, 1.5],
      baseLength: 1, period: 0.5, waveNumber: 6, phaseShift: 0.3, rampUpTime: 0.1,
    });
  },
  create: (v, label) => new MuscleTorqueModel(label, v),
};

/** PyElastica's cubic B-spline shape (see muscleWave.ts). */
export { MuscleSpline } from './muscleWave.ts';

/** Factory for a rod muscle torque. */
export const LoadMuscleTorque = makeFactory(loadMuscleTorqueDefinition);
/** Alias of {@link LoadMuscleTorque}. */
export const RodMuscleTorque = LoadMuscleTorque;
