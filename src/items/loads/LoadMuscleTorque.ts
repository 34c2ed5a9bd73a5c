import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, DistributedLoadDensity, ItemState, LoadCoordinateDependence, LoadModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { markerIndex, preal, real, ureal, vector, type ParameterValues } from '../../registry/parameters.ts';
import { objectCosseratRodDefinition } from '../objects/ObjectCosseratRod.ts';
import { bindLineLoadMarker, type LineLoadMarker } from './LoadDistributed.ts';

const parameters = {
  markerNumber: markerIndex('MarkerBodyMass of the rod the muscle torque acts on.'),
  direction: vector([0, 0, 1], 'Axis d of the internal moment in the cross-section frame (body-fixed; body axis 1 is the rod axis); not normalized: τ = τ_mag d.', 3, 'Vector3D'),
  amplitude: real(0, 'Amplitude a [N m] of the internal moment; the spline shape β(s) multiplies it.'),
  splineCoefficients: vector([], 'Control values β_0 … β_{n−1} (n ≥ 2) of the cubic B-spline shape β(s) over [0, baseLength] (PyElastica\'s b_coeff; the end values are clamped to 0); empty (default): β ≡ 1.'),
  baseLength: preal(1, 'Length [m] over which the spline\'s control points are spread evenly (PyElastica\'s base_length); β = 0 beyond it.'),
  period: preal(1, 'Period T [s] of the travelling wave.'),
  waveNumber: real(0, 'Wave number k [1/m] (2π/wavelength); positive k travels towards larger s.'),
  phaseShift: real(0, 'Phase φ [rad] of the wave.'),
  rampUpTime: ureal(0, 'Time [s] over which the torque is ramped up linearly from 0 (factor min(1, t/rampUpTime)); 0: no ramp.'),
};

type MuscleTorqueValues = ParameterValues<typeof parameters>;

/**
 * PyElastica's cubic B-spline shape over [0, length]: n control values β_j at x_j = j·length/(n − 1), coefficients
 * [0, β_0, …, β_{n−1}, 0] on the clamped knots [0, 0, 0, 0, x_1, …, x_{n−2}, length ×4] (so β(0) = β(length) = 0),
 * evaluated by de Boor's algorithm; 0 outside [0, length]. Allocation-free after construction.
 */
export class MuscleSpline {
  private readonly knots: Float64Array;
  private readonly coefficients: Float64Array;
  private readonly d = new Float64Array(4);

  constructor(values: ArrayLike<number>, private readonly length: number) {
    const n = values.length;
    this.coefficients = new Float64Array(n + 2);
    for (let j = 0; j < n; j++) this.coefficients[j + 1] = values[j];
    this.knots = new Float64Array(n + 6);
    for (let j = 0; j < n - 2; j++) this.knots[4 + j] = length * (j + 1) / (n - 1);
    for (let j = n + 2; j < n + 6; j++) this.knots[j] = length;
  }

  /** β(x). */
  value(x: number): number {
    if (!(x >= 0 && x <= this.length)) return 0;
    const t = this.knots, c = this.coefficients, d = this.d, last = c.length - 1;
    // span k with t_k ≤ x < t_{k+1}, 3 ≤ k ≤ last (x = length uses the last non-empty span)
    let k = 3;
    while (k < last && x >= t[k + 1]) k++;
    for (let j = 0; j < 4; j++) d[j] = c[j + k - 3];
    for (let r = 1; r <= 3; r++) {
      for (let j = 3; j >= r; j--) {
        const left = t[j + k - 3], alpha = (x - left) / (t[j + 1 + k - r] - left);
        d[j] = (1 - alpha) * d[j - 1] + alpha * d[j];
      }
    }
    return d[3];
  }
}

/** Run-time model: the travelling wave of internal moments, integrated by the rod as ∫ δφ_K'ᵀ τ ds. */
class MuscleTorqueModel implements Only<LoadModel, MuscleTorqueModel> {
  marker!: LineLoadMarker;
  /** τ is body-fixed and a function of (s, t): the generalized force does not depend on the configuration. */
  readonly coordinateDependence: LoadCoordinateDependence = 'constant';
  private readonly spline: MuscleSpline | undefined;
  private readonly direction: Float64Array;
  /** Time-dependent part of the magnitude (ramp, amplitude, load factor), set per call. */
  private magnitude = 0;
  private omegaT = 0;
  private readonly density: DistributedLoadDensity = (sArc, _force, _moment, internalMoment) => {
    const m = this.magnitude * this.shape(sArc) * Math.sin(this.omegaT - this.v.waveNumber * sArc + this.v.phaseShift);
    const d = this.direction;
    internalMoment[0] = m * d[0]; internalMoment[1] = m * d[1]; internalMoment[2] = m * d[2];
  };

  constructor(readonly label: ItemLabel, private readonly v: MuscleTorqueValues) {
    this.spline = v.splineCoefficients.length === 0 ? undefined : new MuscleSpline(v.splineCoefficients, v.baseLength);
    this.direction = Float64Array.from(v.direction);
  }

  bind(context: BindContext): void {
    this.marker = bindLineLoadMarker(context, this.label, this.v.markerNumber);
  }

  private shape(sArc: number): number {
    return this.spline === undefined ? 1 : this.spline.value(sArc);
  }

  /** Sets the time-dependent factors at the state's time (ramp, load factor, ωt). */
  private atTime(s: ItemState): void {
    const ramp = this.v.rampUpTime > 0 ? Math.min(1, s.t / this.v.rampUpTime) : 1;
    this.magnitude = s.loadFactor * ramp * this.v.amplitude;
    this.omegaT = 2 * Math.PI * s.t / this.v.period;
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
  validate: (v, label) => {
    if (v.splineCoefficients.length === 1) itemError(label, 'splineCoefficients', `must be empty or hold at least 2 control values, got 1 ([${v.splineCoefficients[0]}])`);
  },
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyMass', bodyNumber: objectCosseratRodDefinition.example(mbs) });
    return mbs.addLoad({
      loadType: 'MuscleTorque', markerNumber: marker, direction: [0.2, 0, 1], amplitude: 0.8, splineCoefficients: [1, 2, 0.5, 1.5],
      baseLength: 1, period: 0.5, waveNumber: 6, phaseShift: 0.3, rampUpTime: 0.1,
    });
  },
  create: (v, label) => new MuscleTorqueModel(label, v),
};

/** Factory for a rod muscle torque. */
export const LoadMuscleTorque = makeFactory(loadMuscleTorqueDefinition);
/** Alias of {@link LoadMuscleTorque}. */
export const RodMuscleTorque = LoadMuscleTorque;
