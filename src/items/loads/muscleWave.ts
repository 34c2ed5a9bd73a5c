/**
 * The travelling wave of muscle torques shared by LoadMuscleTorque (axis fixed in the cross-section) and
 * ObjectRodGlobalMuscleTorque (axis fixed in space): its parameters, declared once, the B-spline amplitude shape β(s) and
 * the magnitude τ(s, t) = r(t) a β(s) sin(2πt/T − k s + φ) with its arc-length derivative.
 * @module
 */

import { itemError, type ItemLabel } from '../../core/errors.ts';
import { bool, preal, real, ureal, vector, type ParameterValues } from '../../registry/parameters.ts';

/** The wave's parameters (both muscle-torque items spread them into their own). */
export const muscleWaveParameters = {
  amplitude: real(0, 'Amplitude a [N m] of the internal moment; the spline shape β(s) multiplies it.'),
  splineCoefficients: vector([], 'Control values β_0 … β_{n−1} (n ≥ 2) of the cubic B-spline shape β(s) over [0, baseLength] (PyElastica\'s b_coeff; the end values are clamped to 0); empty (default): β ≡ 1.'),
  splineCurve: bool(false, 'Shape of the 2018 snake paper\'s code (SplineProfileZeroEnds) instead of PyElastica\'s: the control values are the ordinates of the '
    + 'points (x_j, β_j), x_j = j·baseLength/(n − 1), of a parametric cubic B-spline curve with the end points (0, 0) and (baseLength, 0) doubled '
    + 'into its control polygon, and β(s) is the curve\'s ordinate at abscissa s (larger near the ends than PyElastica\'s function β(s), which '
    + 'places the same ordinates at the Greville abscissae; it rises like √s from the ends).'),
  baseLength: preal(1, 'Length [m] over which the spline\'s control points are spread evenly (PyElastica\'s base_length); β = 0 beyond it.'),
  period: preal(1, 'Period T [s] of the travelling wave.'),
  waveNumber: real(0, 'Wave number k [1/m] (2π/wavelength); positive k travels towards larger s.'),
  phaseShift: real(0, 'Phase φ [rad] of the wave.'),
  rampUpTime: ureal(0, 'Time [s] over which the torque is ramped up linearly from 0 (factor min(1, t/rampUpTime)); 0: no ramp.'),
};

/** The values of {@link muscleWaveParameters}. */
export type MuscleWaveValues = ParameterValues<typeof muscleWaveParameters>;

/** The wave's checks: at least 2 control values if any; splineCurve needs them. */
export function validateMuscleWave(v: MuscleWaveValues, label: ItemLabel): void {
  if (v.splineCoefficients.length === 1) itemError(label, 'splineCoefficients', `must be empty or hold at least 2 control values, got 1 ([${v.splineCoefficients[0]}])`);
  if (v.splineCurve && v.splineCoefficients.length === 0) itemError(label, 'splineCurve', 'needs splineCoefficients (the curve\'s ordinates), got true with none');
}

/**
 * PyElastica's cubic B-spline shape over [0, length]: n control values β_j at x_j = j·length/(n − 1), coefficients
 * [0, β_0, …, β_{n−1}, 0] on the clamped knots [0, 0, 0, 0, x_1, …, x_{n−2}, length ×4] (so β(0) = β(length) = 0),
 * evaluated by de Boor's algorithm; 0 outside [0, length]. With `curve` the paper code's shape: the same knots and
 * ordinates as a parametric curve (X(u), Y(u)) whose abscissa controls are [0, 0, x_1, …, x_{n−2}, length, length]
 * (PyElastica's function has X(u) = u), β(s) = Y(u) at X(u) = s (u by bisection; X is nondecreasing).
 * Allocation-free after construction.
 */
export class MuscleSpline {
  private readonly knots: Float64Array;
  private readonly coefficients: Float64Array;
  /** Abscissa controls of the parametric curve (undefined: PyElastica's function, X(u) = u). */
  private readonly abscissae: Float64Array | undefined;
  private readonly d = new Float64Array(4);
  /** Cubic basis functions N_{k−3…k}(u) of the span k and their derivatives; degree-2 values and work rows. */
  private readonly basis = new Float64Array(4);
  private readonly basisSlope = new Float64Array(4);
  private readonly quadratic = new Float64Array(3);
  private readonly left = new Float64Array(4);
  private readonly right = new Float64Array(4);

  constructor(values: ArrayLike<number>, private readonly length: number, curve = false) {
    const n = values.length;
    this.coefficients = new Float64Array(n + 2);
    for (let j = 0; j < n; j++) this.coefficients[j + 1] = values[j];
    this.knots = new Float64Array(n + 6);
    for (let j = 0; j < n - 2; j++) this.knots[4 + j] = length * (j + 1) / (n - 1);
    for (let j = n + 2; j < n + 6; j++) this.knots[j] = length;
    if (curve) {
      this.abscissae = new Float64Array(n + 2);
      for (let j = 0; j < n; j++) this.abscissae[j + 1] = length * j / (n - 1);
      this.abscissae[n + 1] = length;
    }
  }

  /** β(x). */
  value(x: number): number {
    if (!(x >= 0 && x <= this.length)) return 0;
    if (this.abscissae !== undefined) return this.curveAt(x, false);
    const t = this.knots, c = this.coefficients, d = this.d, k = this.span(x);
    for (let j = 0; j < 4; j++) d[j] = c[j + k - 3];
    for (let r = 1; r <= 3; r++) {
      for (let j = 3; j >= r; j--) {
        const left = t[j + k - 3], alpha = (x - left) / (t[j + 1 + k - r] - left);
        d[j] = (1 - alpha) * d[j - 1] + alpha * d[j];
      }
    }
    return d[3];
  }

  /** dβ/dx (0 outside [0, length]; the curve's slope is infinite at its ends, where X'(u) = 0: there the largest finite value is not defined, 0 is returned). */
  slope(x: number): number {
    if (!(x >= 0 && x <= this.length)) return 0;
    if (this.abscissae !== undefined) return this.curveAt(x, true);
    const k = this.span(x);
    this.basisFunctions(x, k);
    let slope = 0;
    for (let a = 0; a < 4; a++) slope += this.coefficients[k - 3 + a] * this.basisSlope[a];
    return slope;
  }

  /** The span k (3 ≤ k ≤ last) with t_k ≤ u < t_{k+1} (u = length: the last non-empty span). */
  private span(u: number): number {
    const t = this.knots, last = this.coefficients.length - 1;
    let k = 3;
    while (k < last && u >= t[k + 1]) k++;
    return k;
  }

  /** Cubic basis functions of span k at u and their derivatives into basis, basisSlope (Cox–de Boor triangle). */
  private basisFunctions(u: number, k: number): void {
    const t = this.knots, N = this.basis, left = this.left, right = this.right, quadratic = this.quadratic;
    N[0] = 1;
    for (let j = 1; j <= 3; j++) {
      left[j] = u - t[k + 1 - j];
      right[j] = t[k + j] - u;
      let saved = 0;
      for (let r = 0; r < j; r++) {
        const temp = N[r] / (right[r + 1] + left[j - r]);
        N[r] = saved + right[r + 1] * temp;
        saved = left[j - r] * temp;
      }
      N[j] = saved;
      if (j === 2) for (let b = 0; b < 3; b++) quadratic[b] = N[b];
    }
    // N'_{i,3} = 3 N_{i,2}/(t_{i+3} − t_i) − 3 N_{i+1,2}/(t_{i+4} − t_{i+1}), i = k − 3 + a; quadratic[b] = N_{k−2+b,2}
    for (let a = 0; a < 4; a++) {
      const i = k - 3 + a;
      const first = a >= 1 ? 3 * quadratic[a - 1] / (t[i + 3] - t[i]) : 0;
      const second = a <= 2 ? 3 * quadratic[a] / (t[i + 4] - t[i + 1]) : 0;
      this.basisSlope[a] = first - second;
    }
  }

  /** The curve's ordinate Y(u) (slope false) or dY/dX (true) at the parameter u with X(u) = s (bisection to round-off). */
  private curveAt(s: number, slope: boolean): number {
    const X = this.abscissae!, c = this.coefficients;
    let low = 0, high = this.length;
    for (let iteration = 0; iteration < 200 && high - low > 1e-15 * this.length; iteration++) {
      const middle = 0.5 * (low + high);
      const k = this.span(middle);
      this.basisFunctions(middle, k);
      let x = 0;
      for (let a = 0; a < 4; a++) x += X[k - 3 + a] * this.basis[a];
      if (x < s) low = middle;
      else high = middle;
    }
    const u = 0.5 * (low + high), k = this.span(u);
    this.basisFunctions(u, k);
    let y = 0, dy = 0, dx = 0;
    for (let a = 0; a < 4; a++) {
      y += c[k - 3 + a] * this.basis[a];
      dy += c[k - 3 + a] * this.basisSlope[a];
      dx += X[k - 3 + a] * this.basisSlope[a];
    }
    if (!slope) return y;
    return dx > 0 ? dy / dx : 0;
  }
}

/**
 * The wave τ(s, t) = r(t) a β(s) sin(2πt/T − k s + φ) of the muscle-torque items: call {@link MuscleWave.setTime} with
 * the state's time and load factor, then {@link MuscleWave.magnitude} and {@link MuscleWave.magnitudeSlope} (∂τ/∂s).
 */
export class MuscleWave {
  private readonly spline: MuscleSpline | undefined;
  /** Time-dependent part of the magnitude (ramp, amplitude, load factor) and ωt, set by setTime. */
  private factor = 0;
  private omegaT = 0;

  constructor(private readonly v: MuscleWaveValues) {
    this.spline = v.splineCoefficients.length === 0 ? undefined : new MuscleSpline(v.splineCoefficients, v.baseLength, v.splineCurve);
  }

  /** The shape β(s) (1 without spline coefficients). */
  shape(sArc: number): number {
    return this.spline === undefined ? 1 : this.spline.value(sArc);
  }

  /** dβ/ds (0 without spline coefficients). */
  shapeSlope(sArc: number): number {
    return this.spline === undefined ? 0 : this.spline.slope(sArc);
  }

  /** Sets the time-dependent factors: ramp min(1, t/rampUpTime), amplitude, static load factor, ωt. */
  setTime(t: number, loadFactor: number): void {
    const ramp = this.v.rampUpTime > 0 ? Math.min(1, t / this.v.rampUpTime) : 1;
    this.factor = loadFactor * ramp * this.v.amplitude;
    this.omegaT = 2 * Math.PI * t / this.v.period;
  }

  /** τ(s, t) at the time of the last setTime, given β(s). */
  magnitude(sArc: number, shape: number): number {
    return this.factor * shape * Math.sin(this.omegaT - this.v.waveNumber * sArc + this.v.phaseShift);
  }

  /** ∂τ/∂s(s, t) at the time of the last setTime, given β(s) and dβ/ds. */
  magnitudeSlope(sArc: number, shape: number, shapeSlope: number): number {
    const phase = this.omegaT - this.v.waveNumber * sArc + this.v.phaseShift;
    return this.factor * (shapeSlope * Math.sin(phase) - this.v.waveNumber * shape * Math.cos(phase));
  }
}
