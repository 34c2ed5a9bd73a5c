/**
 * Exudyn's exudyn.signalProcessing for sensor data: Savitzky–Golay smoothing and differentiation (FilterSensorOutput,
 * FilterSignal, with scipy's savgol_filter conventions: least-squares polynomials over a centred window, the first and
 * last half windows from the polynomial fitted to the first and last full window — scipy's mode 'interp'), plain
 * finite differences, the one-sided amplitude spectrum (ComputeFFT) and linear interpolation in equally sampled data
 * (GetInterpolatedSignalValue).
 * @module
 */
import { FlexdynError, describeValue } from '../core/errors.ts';
import { DenseLU } from '../linalg/denseLU.ts';
import { fft } from './fft.ts';

/** Options of {@link FilterSensorOutput} and {@link FilterSignal} (Exudyn's keyword arguments and defaults). */
export interface SignalFilterOptions {
  /** Odd window length of the Savitzky–Golay filter; 0 = no smoothing, plain differences for derivative 1 or 2 (default 5). */
  filterWindow?: number;
  /** Degree of the local polynomials, < filterWindow (default 3). */
  polyOrder?: number;
  /** Derivative to compute: 0 = smoothed values, 1, 2, … (default 0). */
  derivative?: number;
  /** With filterWindow = 0 and derivative = 1: average forward and backward differences (default true). */
  centralDifferentiate?: boolean;
}

/** Options of {@link FilterSignal}: the filter options and the sample spacing. */
export interface FilterSignalOptions extends SignalFilterOptions {
  /** Time between two samples (Exudyn's samplingRate, which is a step size); needed for derivatives. */
  samplingRate?: number;
}

interface CheckedFilter { window: number; order: number; derivative: number; central: boolean }

function checkedFilter(where: string, options: SignalFilterOptions, length: number): CheckedFilter {
  const window = options.filterWindow ?? 5;
  const order = options.polyOrder ?? 3;
  const derivative = options.derivative ?? 0;
  const central = options.centralDifferentiate ?? true;
  if (!Number.isInteger(derivative) || derivative < 0) throw new FlexdynError(`${where}: derivative must be a non-negative integer, got ${describeValue(derivative)}`);
  if (typeof central !== 'boolean') throw new FlexdynError(`${where}: centralDifferentiate must be a boolean, got ${describeValue(central)}`);
  if (window === 0) {
    if (derivative > 2) throw new FlexdynError(`${where}: without filter (filterWindow = 0) only derivatives 0, 1 and 2 are available, got derivative ${derivative}`);
    if (length < 2 && derivative > 0) throw new FlexdynError(`${where}: differences need at least 2 samples, got ${length}`);
    return { window, order, derivative, central };
  }
  if (!Number.isInteger(window) || window < 1 || window % 2 !== 1) throw new FlexdynError(`${where}: filterWindow must be an odd integer ≥ 1 (or 0 for no filter), got ${describeValue(window)}`);
  if (!Number.isInteger(order) || order < 0 || order >= window) throw new FlexdynError(`${where}: polyOrder must be an integer in 0 … filterWindow − 1 = ${window - 1}, got ${describeValue(order)}`);
  if (window > length) throw new FlexdynError(`${where}: filterWindow (${window}) must not exceed the number of samples (${length})`);
  return { window, order, derivative, central };
}

/**
 * Savitzky–Golay weights: row r of the result (window entries) gives the derivative-th derivative, per sample step,
 * at position positions[r] (relative to the window centre) of the least-squares polynomial of degree order through
 * the window's samples at −half … half.
 */
function savitzkyGolayWeights(window: number, order: number, derivative: number, positions: readonly number[]): Float64Array[] {
  const half = (window - 1) / 2;
  const p = order + 1;
  // normal equations VᵀV c = Vᵀ y on centred positions (well conditioned for the small windows used)
  const lu = new DenseLU(p);
  for (let a = 0; a < p; a++) {
    for (let b = 0; b < p; b++) {
      let sum = 0;
      for (let z = -half; z <= half; z++) sum += z ** (a + b);
      lu.matrix[a * p + b] = sum;
    }
  }
  const result = lu.factorize();
  if (result !== true) throw new FlexdynError(`Savitzky–Golay filter: the fit of degree ${order} over ${window} samples is singular`);
  const e = new Float64Array(p), g = new Float64Array(p);
  return positions.map((s) => {
    // e_j = d^derivative/ds^derivative of s^j
    for (let j = 0; j < p; j++) {
      let factor = j < derivative ? 0 : 1;
      for (let k = 0; k < derivative && factor !== 0; k++) factor *= j - k;
      e[j] = factor === 0 ? 0 : factor * s ** (j - derivative);
    }
    lu.solve(e, g); // VᵀV symmetric: weights = V g
    const weights = new Float64Array(window);
    for (let k = 0; k < window; k++) {
      const z = k - half;
      let sum = 0;
      for (let j = 0; j < p; j++) sum += g[j] * z ** j;
      weights[k] = sum;
    }
    return weights;
  });
}

/** The Savitzky–Golay filtered values (or derivative per sample step) of x, edges as scipy's mode 'interp'. */
function savitzkyGolay(x: ArrayLike<number>, filter: CheckedFilter): Float64Array {
  const { window, order, derivative } = filter;
  const n = x.length;
  const half = (window - 1) / 2;
  const edgePositions = Array.from({ length: half }, (_, i) => i - half);
  const [centre, ...leftEdge] = savitzkyGolayWeights(window, order, derivative, [0, ...edgePositions]);
  const rightEdge = savitzkyGolayWeights(window, order, derivative, edgePositions.map((s) => -s));
  const y = new Float64Array(n);
  for (let i = half; i < n - half; i++) {
    let sum = 0;
    for (let k = 0; k < window; k++) sum += centre[k] * x[i - half + k];
    y[i] = sum;
  }
  for (let i = 0; i < half; i++) {
    let left = 0, right = 0;
    for (let k = 0; k < window; k++) {
      left += leftEdge[i][k] * x[k];
      right += rightEdge[i][k] * x[n - window + k];
    }
    y[i] = left;
    y[n - 1 - i] = right;
  }
  return y;
}

/**
 * Plain differences of x (filterWindow = 0): derivative 1 as forward differences (the last one repeated), averaged with
 * the backward differences (the first one repeated) when central; derivative 2 as second differences over
 * stepForward², the first and last repeated from their neighbours. stepForward[i] / stepBackward[i] are the sample
 * spacings after and before sample i.
 */
function differences(x: ArrayLike<number>, filter: CheckedFilter, stepForward: (i: number) => number, stepBackward: (i: number) => number): Float64Array {
  const n = x.length;
  const y = new Float64Array(n);
  if (filter.derivative === 0) {
    for (let i = 0; i < n; i++) y[i] = x[i];
    return y;
  }
  if (filter.derivative === 1) {
    for (let i = 0; i < n; i++) {
      const forward = (i + 1 < n ? x[i + 1] - x[i] : 0) / stepForward(i);
      y[i] = filter.central ? 0.5 * (forward + (i > 0 ? x[i] - x[i - 1] : 0) / stepBackward(i)) : forward;
    }
    return y;
  }
  for (let i = 0; i < n; i++) {
    const previous = x[Math.max(i - 1, 0)], next = x[Math.min(i + 1, n - 1)];
    y[i] = (next - 2 * x[i] + previous) / stepForward(i) ** 2;
  }
  if (n > 2) { y[0] = y[1]; y[n - 1] = y[n - 2]; }
  return y;
}

/**
 * Exudyn's FilterSensorOutput: smooths or differentiates every value column of sensor data [t, v0, v1, …] (rows)
 * with respect to the time column; returns new rows with the time column unchanged. Derivatives are divided by the
 * forward time step of each sample to the power of the derivative (so the data should be sampled equally).
 */
export function FilterSensorOutput(signal: readonly (readonly number[])[], options: SignalFilterOptions = {}): number[][] {
  const where = 'FilterSensorOutput';
  if (!Array.isArray(signal) || signal.length === 0 || !Array.isArray(signal[0])) throw new FlexdynError(`${where}: signal must be rows [t, values…], got ${describeValue(signal)}`);
  const rows = signal.length;
  const columns = signal[0].length;
  if (columns < 2) throw new FlexdynError(`${where}: signal must have at least two columns (time and data), got ${columns}`);
  signal.forEach((row, r) => {
    if (row.length !== columns) throw new FlexdynError(`${where}: row ${r} must have ${columns} entries like row 0, got ${row.length}`);
  });
  const filter = checkedFilter(where, options, rows);
  if (rows < 2 && filter.derivative > 0) throw new FlexdynError(`${where}: derivatives need at least 2 rows, got ${rows}`);
  const t = signal.map((row) => row[0]);
  const forward = (i: number): number => (i + 1 < rows ? t[i + 1] - t[i] : t[rows - 1] - t[rows - 2]);
  const backward = (i: number): number => (i > 0 ? t[i] - t[i - 1] : t[1] - t[0]);
  const out = signal.map((row) => [...row]);
  for (let c = 1; c < columns; c++) {
    const x = signal.map((row) => row[c]);
    let y: Float64Array;
    if (filter.window === 0) {
      y = differences(x, filter, forward, backward);
    } else {
      y = savitzkyGolay(x, filter);
      if (filter.derivative > 0) for (let i = 0; i < rows; i++) y[i] /= forward(i) ** filter.derivative;
    }
    for (let r = 0; r < rows; r++) out[r][c] = y[r];
  }
  return out;
}

/**
 * Exudyn's FilterSignal: smooths or differentiates one equally sampled signal (samplingRate = the time step, needed for
 * derivatives); returns a new array.
 */
export function FilterSignal(signal: ArrayLike<number>, options: FilterSignalOptions = {}): Float64Array {
  const where = 'FilterSignal';
  if (signal === null || typeof signal !== 'object' || typeof signal.length !== 'number' || signal.length === 0) throw new FlexdynError(`${where}: signal must be a non-empty array of numbers, got ${describeValue(signal)}`);
  const filter = checkedFilter(where, options, signal.length);
  const dt = options.samplingRate ?? -1;
  if (filter.derivative > 0 && !(typeof dt === 'number' && dt > 0 && Number.isFinite(dt))) {
    throw new FlexdynError(`${where}: samplingRate must be the positive time step between samples for derivatives, got ${describeValue(options.samplingRate)}`);
  }
  if (filter.window === 0) return differences(signal, filter, () => dt, () => dt);
  const y = savitzkyGolay(signal, filter);
  if (filter.derivative > 0) for (let i = 0; i < y.length; i++) y[i] /= dt ** filter.derivative;
  return y;
}

/**
 * Exudyn's ComputeFFT: the one-sided spectrum of equally sampled data (time step time[1] − time[0]): for k = 0 … ⌊n/2⌋,
 * frequency k/(n Δt) [Hz], magnitude 2|Y_k|/n (the amplitude of a sine at that frequency; the mean appears doubled
 * at k = 0, as in Exudyn) and phase arg Y_k (of the cosine, as numpy.angle).
 */
export function ComputeFFT(time: ArrayLike<number>, data: ArrayLike<number>): [frequency: number[], magnitude: number[], phase: number[]] {
  const where = 'ComputeFFT';
  if (time.length < 2) throw new FlexdynError(`${where}: time must have at least 2 samples, got ${time.length}`);
  if (data.length !== time.length) throw new FlexdynError(`${where}: data must have one value per time (${time.length}), got ${data.length}`);
  const dt = time[1] - time[0];
  if (!(dt > 0)) throw new FlexdynError(`${where}: time must increase (time[1] − time[0] > 0), got ${dt}`);
  const n = data.length;
  const { re, im } = fft(data);
  const half = Math.floor(n / 2);
  const frequency: number[] = [], magnitude: number[] = [], phase: number[] = [];
  for (let k = 0; k <= half; k++) {
    frequency.push(k / (n * dt));
    magnitude.push((2 * Math.hypot(re[k], im[k])) / n);
    phase.push(Math.atan2(im[k], re[k]));
  }
  return [frequency, magnitude, phase];
}

/** Options of {@link GetInterpolatedSignalValue} (Exudyn's keyword arguments). */
export interface InterpolatedSignalOptions {
  /** The time samples: a 1D array, or rows with the time in column timeArrayIndex; default: dataArray itself. */
  timeArray?: ArrayLike<number> | readonly (readonly number[])[];
  /** Column of dataArray when it has rows (required then). */
  dataArrayIndex?: number;
  /** Column of timeArray when it has rows (required then). */
  timeArrayIndex?: number;
  /** Tolerance for the check that the samples are equally spaced (default 1e-6). */
  tolerance?: number;
}

/**
 * Exudyn's GetInterpolatedSignalValue: the value of equally sampled data at `time`, interpolated linearly between the
 * two samples around it; before the first sample the first value, after the last the last one. Unlike Exudyn, which
 * prints a warning and interpolates anyway, samples that are not equally spaced (beyond tolerance) are an error.
 */
export function GetInterpolatedSignalValue(time: number, dataArray: ArrayLike<number> | readonly (readonly number[])[], options: InterpolatedSignalOptions = {}): number {
  const where = 'GetInterpolatedSignalValue';
  const dataIndex = options.dataArrayIndex ?? -1;
  const timeIndex = options.timeArrayIndex ?? -1;
  const tolerance = options.tolerance ?? 1e-6;
  const timeSource = options.timeArray === undefined || options.timeArray.length === 0 ? dataArray : options.timeArray;
  const column = (array: ArrayLike<number> | readonly (readonly number[])[], index: number, name: string, indexName: string): (i: number) => number => {
    const isRows = array.length > 0 && Array.isArray(array[0]);
    if (isRows && index < 0) throw new FlexdynError(`${where}: ${name} has rows, so ${indexName} must name its column, got ${index}`);
    return isRows ? (i) => (array as readonly (readonly number[])[])[i][index] : (i) => (array as ArrayLike<number>)[i];
  };
  const value = column(dataArray, dataIndex, 'dataArray', 'dataArrayIndex');
  const timeAt = column(timeSource, timeIndex, 'timeArray', 'timeArrayIndex');
  const n = dataArray.length;
  if (n < 2 || timeSource.length < 2) throw new FlexdynError(`${where}: dataArray and timeArray need at least 2 samples, got ${n} and ${timeSource.length}`);
  const t0 = timeAt(0);
  const dt = timeAt(1) - t0;
  if (!(dt > 0)) throw new FlexdynError(`${where}: the time step timeArray[1] − timeArray[0] must be positive, got ${dt}`);
  if (!Number.isFinite(time)) throw new FlexdynError(`${where}: time must be a finite number, got ${describeValue(time)}`);
  const index = Math.floor((time - t0) / dt);
  if (time - t0 < 0) return value(0);
  if (index >= n - 1) return value(n - 1);
  const tA = t0 + index * dt, tB = tA + dt;
  if (Math.abs(tA - timeAt(index)) > tolerance || Math.abs(tB - timeAt(index + 1)) > tolerance) {
    throw new FlexdynError(`${where}: the samples are not equally spaced: sample ${index} is at ${timeAt(index)}, expected ${tA} (tolerance ${tolerance}); interpolate unequal samples otherwise`);
  }
  return (value(index) * (tB - time) + value(index + 1) * (time - tA)) / dt;
}
