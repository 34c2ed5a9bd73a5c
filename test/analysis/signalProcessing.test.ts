import { describe, expect, it } from 'vitest';
import {
  ComputeFFT, FilterSensorOutput, FilterSignal, GetInterpolatedSignalValue, PlotFFT, fft, FlexdynError, SystemContainer, SimulationSettings,
  OutputVariableType, NodePoint, NodePointGround, MassPoint, MarkerNodeCoordinate, CoordinateSpringDamper, SensorNode,
} from '../../src/index.ts';

/** The DFT by its definition, O(n²): the oracle of the fast transform. */
function naiveDFT(x: readonly number[]): { re: number[]; im: number[] } {
  const n = x.length;
  const re: number[] = [], im: number[] = [];
  for (let k = 0; k < n; k++) {
    let r = 0, i = 0;
    for (let j = 0; j < n; j++) {
      r += x[j] * Math.cos((2 * Math.PI * j * k) / n);
      i -= x[j] * Math.sin((2 * Math.PI * j * k) / n);
    }
    re.push(r); im.push(i);
  }
  return { re, im };
}

/** Deterministic pseudo-random values in [−1, 1). */
function values(n: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: n }, () => { s = (s * 16807) % 2147483647; return (2 * s) / 2147483647 - 1; });
}

describe('fft', () => {
  for (const n of [1, 2, 8, 64, 3, 12, 17, 100, 243]) {
    it(`matchesTheDefinitionForLength${n}`, () => {
      // radix-2 for powers of two, Bluestein otherwise; both O(n log n) with round-off ~ε log n · Σ|x| ≤ 1e-12 here
      const x = values(n, 7 + n);
      const fast = fft(x);
      const slow = naiveDFT(x);
      for (let k = 0; k < n; k++) {
        expect(Math.abs(fast.re[k] - slow.re[k])).toBeLessThan(1e-12 * n);
        expect(Math.abs(fast.im[k] - slow.im[k])).toBeLessThan(1e-12 * n);
      }
    });
  }
});

describe('ComputeFFT', () => {
  for (const [n, dt] of [[200, 0.01], [150, 0.02]] as const) {
    it(`findsTheAmplitudesAndPhasesOfASumOfSinesWith${n}Samples`, () => {
      // x = 1.5 sin(2π 5 t) + 0.4 cos(2π 12 t + 0.3) over whole periods: exactly on bins k = f n dt, magnitude 2|Y|/n equals
      // the amplitude, the phase is that of the cosine (−π/2 for the sine), every other bin is 0 — to round-off (1e-12).
      const t = Array.from({ length: n }, (_, i) => i * dt);
      const x = t.map((ti) => 1.5 * Math.sin(2 * Math.PI * 5 * ti) + 0.4 * Math.cos(2 * Math.PI * 12 * ti + 0.3));
      const [frequency, magnitude, phase] = ComputeFFT(t, x);
      expect(frequency.length).toBe(Math.floor(n / 2) + 1);
      const k5 = Math.round(5 * n * dt), k12 = Math.round(12 * n * dt);
      expect(frequency[k5]).toBeCloseTo(5, 12);
      expect(frequency[k12]).toBeCloseTo(12, 12);
      expect(Math.abs(magnitude[k5] - 1.5)).toBeLessThan(1e-12);
      expect(Math.abs(magnitude[k12] - 0.4)).toBeLessThan(1e-12);
      expect(Math.abs(phase[k5] + Math.PI / 2)).toBeLessThan(1e-12);
      expect(Math.abs(phase[k12] - 0.3)).toBeLessThan(1e-12);
      magnitude.forEach((m, k) => { if (k !== k5 && k !== k12) expect(m).toBeLessThan(1e-12); });
    });
  }

  it('rejectsMismatchedOrUnsortedTime', () => {
    expect(() => ComputeFFT([0, 1, 2], [1, 2])).toThrow(/data must have one value per time \(3\), got 2/);
    expect(() => ComputeFFT([1, 0], [1, 2])).toThrow(/time must increase/);
  });
});

describe('Savitzky–Golay filters', () => {
  const dt = 0.1;
  const t = Array.from({ length: 21 }, (_, i) => 1 + i * dt);
  const cubic = (s: number) => s ** 3 - 2 * s * s + 0.5;

  it('reproducesPolynomialsUpToTheirOrderWithDerivativesAlsoAtTheEdges', () => {
    // a cubic is its own least-squares cubic in every window (also the edge windows of mode 'interp'): values and
    // derivatives are exact up to round-off of the weights (~1e-13 relative for windows of 7)
    const data = t.map((s) => [s, cubic(s), 2 * s]);
    const smooth = FilterSensorOutput(data, { filterWindow: 7, polyOrder: 3 });
    const first = FilterSensorOutput(data, { filterWindow: 7, polyOrder: 3, derivative: 1 });
    const second = FilterSensorOutput(data, { filterWindow: 7, polyOrder: 3, derivative: 2 });
    t.forEach((s, i) => {
      expect(smooth[i][0]).toBe(s);
      expect(Math.abs(smooth[i][1] - cubic(s))).toBeLessThan(1e-12);
      expect(Math.abs(first[i][1] - (3 * s * s - 4 * s))).toBeLessThan(1e-10);
      expect(Math.abs(first[i][2] - 2)).toBeLessThan(1e-10);
      expect(Math.abs(second[i][1] - (6 * s - 4))).toBeLessThan(1e-8);
    });
    const signal = FilterSignal(t.map(cubic), { samplingRate: dt, filterWindow: 7, polyOrder: 3, derivative: 1 });
    t.forEach((s, i) => expect(Math.abs(signal[i] - (3 * s * s - 4 * s))).toBeLessThan(1e-10));
  });

  it('hasTheClassicFivePointQuadraticWeights', () => {
    // savgol_coeffs(5, 2) = [−3, 12, 17, 12, −3]/35: the response to a unit impulse in the interior
    const impulse = new Array<number>(11).fill(0);
    impulse[5] = 1;
    const y = FilterSignal(impulse, { filterWindow: 5, polyOrder: 2 });
    [-3, 12, 17, 12, -3].forEach((w, k) => expect(y[3 + k]).toBeCloseTo(w / 35, 14));
  });

  it('unfilteredDifferencesFollowExudyn', () => {
    // x = t²: central differences give 2t inside, half the one-sided difference at both ends; second differences 2
    const data = t.map((s) => [s, s * s]);
    const first = FilterSensorOutput(data, { filterWindow: 0, derivative: 1 });
    for (let i = 1; i < t.length - 1; i++) expect(first[i][1]).toBeCloseTo(2 * t[i], 10);
    expect(first[0][1]).toBeCloseTo(0.5 * (t[1] * t[1] - t[0] * t[0]) / dt, 10);
    expect(first[t.length - 1][1]).toBeCloseTo(0.5 * (t[20] * t[20] - t[19] * t[19]) / dt, 10);
    const second = FilterSensorOutput(data, { filterWindow: 0, derivative: 2 });
    second.forEach((row) => expect(row[1]).toBeCloseTo(2, 8));
  });

  it('namesBadWindowsAndMissingStepSizes', () => {
    expect(() => FilterSignal([1, 2, 3, 4, 5], { filterWindow: 4 })).toThrow(/filterWindow must be an odd integer/);
    expect(() => FilterSignal([1, 2, 3, 4, 5], { filterWindow: 5, polyOrder: 5 })).toThrow(/polyOrder must be an integer in 0 … filterWindow − 1 = 4/);
    expect(() => FilterSignal([1, 2, 3], { filterWindow: 5 })).toThrow(/filterWindow \(5\) must not exceed the number of samples \(3\)/);
    expect(() => FilterSignal([1, 2, 3, 4, 5], { derivative: 1 })).toThrow(/samplingRate must be the positive time step/);
    expect(() => FilterSensorOutput([[0, 1], [1]], {})).toThrow(FlexdynError);
    expect(() => FilterSensorOutput([[0, 1, 2]], { filterWindow: 0, derivative: 3 })).toThrow(/only derivatives 0, 1 and 2/);
  });
});

describe('GetInterpolatedSignalValue', () => {
  const t = [1, 1.5, 2, 2.5, 3];
  const x = t.map((s) => 3 * s - 1);
  it('interpolatesLinearlyAndHoldsTheEndValues', () => {
    expect(GetInterpolatedSignalValue(1.7, x, { timeArray: t })).toBeCloseTo(3 * 1.7 - 1, 14);
    expect(GetInterpolatedSignalValue(0, x, { timeArray: t })).toBe(x[0]);
    expect(GetInterpolatedSignalValue(5, x, { timeArray: t })).toBe(x[4]);
    const rows = t.map((s, i) => [s, x[i], -x[i]]);
    expect(GetInterpolatedSignalValue(2.2, rows, { dataArrayIndex: 2, timeArrayIndex: 0 })).toBeCloseTo(-(3 * 2.2 - 1), 14);
  });
  it('rejectsUnequalSamplesAndMissingColumns', () => {
    expect(() => GetInterpolatedSignalValue(1.7, x, { timeArray: [1, 1.5, 2.1, 2.5, 3] })).toThrow(/not equally spaced/);
    expect(() => GetInterpolatedSignalValue(1.7, t.map((s) => [s, s]), {})).toThrow(/dataArrayIndex must name its column/);
  });
});

describe('PlotFFT', () => {
  it('plotsTheSelectedFrequencyRangeAsExudyn', () => {
    const frequency = [0, 1, 2, 3, 4, 5];
    const magnitude = [1, 0.5, 0.25, 0.125, 0.0625, 0.03];
    const { svg, curve, fileName } = PlotFFT(frequency, magnitude, { freqStart: 1, freqEnd: 4, label: 'spectrum' });
    // Exudyn: start = last index with f ≤ freqStart, end = last index with f ≤ freqEnd (excluded)
    expect(Array.from(curve.x)).toEqual([1, 2, 3]);
    expect(Array.from(curve.y)).toEqual([0.5, 0.25, 0.125]);
    expect(svg).toContain('<svg');
    expect(svg).toContain('spectrum');
    expect(fileName).toBe('');
    expect(() => PlotFFT(frequency, magnitude, { freqStart: 4, freqEnd: 1 })).toThrow(/select no frequencies/);
    expect(() => PlotFFT(frequency, magnitude.slice(1))).toThrow(/one value per frequency/);
  });
});

describe('ComputeFFT of a simulation', () => {
  it('findsTheEigenfrequencyOfATwoMassOscillator', () => {
    // Exudyn's nMassOscillatorEigenmodes in small: two masses m on springs k (ground–m1–m2) have ω² = (3 ∓ √5)/2 · k/m.
    // Started in a mix of both modes and sampled over 10 s, the two spectral peaks lie within one frequency bin (0.1 Hz)
    // of f = ω/2π; the trapezoidal rule (ρ∞ = 1) shifts them by (ωh)²/12 ≈ 1e-4 relative only.
    const mbs = new SystemContainer().addSystem();
    const m = 1, k = 400;
    const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
    const nodes = [0.01, -0.02].map((x0, i) => mbs.addNode(NodePoint({ referenceCoordinates: [i + 1, 0, 0], initialCoordinates: [x0, 0, 0] })));
    for (const node of nodes) mbs.addObject(MassPoint({ physicsMass: m, nodeNumber: node }));
    const markers = nodes.map((node) => mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 })));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [ground, markers[0]], stiffness: k }));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [markers[0], markers[1]], stiffness: k }));
    const sensor = mbs.addSensor(SensorNode({ nodeNumber: nodes[1], storeInternal: true, outputVariableType: OutputVariableType.Displacement }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 5000;
    settings.timeIntegration.endTime = 10;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    const data = mbs.getSensorStoredData(sensor);
    const [frequency, magnitude] = ComputeFFT(data.map((row) => row[0]), data.map((row) => row[1]));
    const peaks = magnitude.map((value, i) => ({ value, i })).filter(({ value, i }) => i > 0 && i < magnitude.length - 1 && value > magnitude[i - 1] && value > magnitude[i + 1])
      .sort((a, b) => b.value - a.value).slice(0, 2).map(({ i }) => frequency[i]).sort((a, b) => a - b);
    const expected = [3 - Math.sqrt(5), 3 + Math.sqrt(5)].map((factor) => Math.sqrt((factor / 2) * (k / m)) / (2 * Math.PI));
    const resolution = frequency[1];
    for (let i = 0; i < 2; i++) expect(Math.abs(peaks[i] - expected[i])).toBeLessThanOrEqual(resolution);
  });
});
