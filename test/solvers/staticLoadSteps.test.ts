import { describe, expect, it } from 'vitest';
import {
  CoordinateSpringDamper, LoadCoordinate, Mass1D, MarkerNodeCoordinate, Node1D, NodePointGround, OutputVariableType,
  SensorNode, SimulationSettings, SystemContainer,
} from '../../src/index.ts';

/** Hardening spring k x + k3 x³ to ground under the load F on a Node1D; loads are scaled by the static load factor. */
function hardeningSpring(k: number, k3: number, force: number) {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  const node = mbs.addNode(Node1D({ referenceCoordinates: [0] }));
  mbs.addObject(Mass1D({ physicsMass: 1, nodeNumber: node }));
  const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addObject(CoordinateSpringDamper({
    markerNumbers: [ground, marker],
    springForceUserFunction: (_mbs: unknown, _t: number, _i: number, x: number) => k * x + k3 * x ** 3,
  }));
  mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: force }));
  const nodeSensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false }));
  mbs.assemble();
  return { mbs, node, nodeSensor };
}

/**
 * The real root of k x + k3 x³ = f (k, k3 > 0, f > 0: one real root) by Cardano's formula x = c − p/(3c),
 * c = ∛(−q/2 + √(q²/4 + p³/27)) for x³ + p x + q = 0 (the second cube root as −p/(3c) avoids its cancellation).
 */
function cubicRoot(k: number, k3: number, f: number): number {
  const p = k / k3, q = -f / k3;
  const c = Math.cbrt(-q / 2 + Math.sqrt((q / 2) ** 2 + (p / 3) ** 3));
  return c - p / (3 * c);
}

function settingsFor(steps: number, range: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0; // a sensor row at every load step, however small
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.numberOfLoadSteps = steps;
  settings.staticSolver.loadStepGeometric = true;
  settings.staticSolver.loadStepGeometricRange = range;
  // the default tolerance is relative to the largest residual of the first iterations (1e7 after Newton's first jump from
  // x = 0), which leaves 5e-4 relative in x; a tolerance relative to the step's initial residual makes the check sharp
  settings.staticSolver.newton.adaptInitialResidual = false;
  settings.staticSolver.newton.relativeTolerance = 1e-12;
  return settings;
}

describe('static solver: geometric load steps (loadStepGeometric)', () => {
  it('loadFactorsAreRangeToThePowerKOverNMinusOneDividedByRangeAndEachStepSolvesTheCubicSpring', () => {
    const k = 1, k3 = 1e4, force = 1e4, n = 8, range = 1000;
    const { mbs, nodeSensor } = hardeningSpring(k, k3, force);
    const settings = settingsFor(n, range);
    settings.staticSolver.loadStepDuration = 2;
    settings.staticSolver.loadStepStart = 0.5;
    const stepTimes: number[] = [];
    mbs.setPreStepUserFunction((_mbs, t) => { stepTimes.push(t); return true; });
    mbs.solveStatic(settings);
    // load time τ_k = duration·range^(k/(n−1))/range, k = 0 … n − 1 (Exudyn's cumulative product: equal to the closed
    // form up to a few ulps, 1e-14 relative covers 7 multiplications)
    const expectedFactors = Array.from({ length: n }, (_, i) => range ** (i / (n - 1)) / range);
    expect(stepTimes.length).toBe(n);
    stepTimes.forEach((t, i) => expect(Math.abs((t - 0.5) / 2 - expectedFactors[i]) / expectedFactors[i]).toBeLessThan(1e-14));
    expect(stepTimes[n - 1]).toBe(2.5); // the last step ends exactly at loadStepStart + loadStepDuration
    // a sensor row at the start and after each step; each step's equilibrium is the real root of k x + k3 x³ = F·λ_k
    // (x is monotonic in the load, so this checks the load factor the loads saw; the Newton tolerance 1e-12 relative to the
    // initial residual F·λ_k bounds the residual and so the error in x, which is ≤ residual/k)
    const x = mbs.getSensorStoredData(nodeSensor);
    expect(x.length).toBe(n + 1);
    x.slice(1).forEach((row, i) => {
      expect(row[0]).toBe(stepTimes[i]);
      const exact = cubicRoot(k, k3, force * expectedFactors[i]);
      expect(Math.abs(row[1] - exact)).toBeLessThan(1e-12 * force * expectedFactors[i] / k);
    });
    expect(x[n][1]).toBeCloseTo(0.9999666666666825, 12); // the root 0.99996666… of x + 1e4 x³ = 1e4
  });

  it('oneLoadStepBecomesTwoAndAFailingStepIsAnErrorWithoutAdaptiveReduction', () => {
    const { mbs, node, nodeSensor } = hardeningSpring(1, 1e4, 1e4);
    const settings = settingsFor(1, 100);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => { warnings.push(message); };
    try {
      mbs.solveStatic(settings);
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual(['StaticSolver: loadStepGeometric needs at least 2 load steps; performing 2 load steps']);
    // two steps: load factors 1/range and 1, i.e. equilibria of the loads F/100 and F
    const x = mbs.getSensorStoredData(nodeSensor).slice(1).map((row) => row[1]);
    expect(x.length).toBe(2);
    expect(Math.abs(x[0] - cubicRoot(1, 1e4, 100))).toBeLessThan(1e-9);
    expect(Math.abs(x[1] - cubicRoot(1, 1e4, 1e4))).toBeLessThan(1e-9);
    // range 1e6: the first step (load F/1e6, nearly linear) converges in a few iterations; the second jumps to the full
    // load and Newton's first iterate overshoots to x ≈ 2500, from where x³ shrinks by 2/3 per iteration: far more
    // than 8 iterations. Geometric load steps do not reduce the step (adaptiveStep is ignored, as in Exudyn): an error
    settings.staticSolver.numberOfLoadSteps = 2;
    settings.staticSolver.loadStepGeometricRange = 1e6;
    settings.staticSolver.newton.maxIterations = 8;
    expect(() => mbs.solveStatic(settings)).toThrow(/^StaticSolver failed at t = 1 \(step 2, step size 0.999999\): Newton did not converge after 8 iterations/);
    settings.staticSolver.loadStepGeometric = false;
    settings.staticSolver.numberOfLoadSteps = 1;
    mbs.solveStatic(settings); // linear load steps reduce the step (adaptiveStep) and get there
    expect(mbs.getNodeOutput(node, OutputVariableType.Coordinates)[0]).toBeCloseTo(cubicRoot(1, 1e4, 1e4), 12);
  });

  it('rejectsANonPositiveRange', () => {
    const { mbs } = hardeningSpring(1, 1, 1);
    expect(() => mbs.solveStatic(settingsFor(3, 0))).toThrow('staticSolver.loadStepGeometricRange must be a finite number > 0, got number 0');
  });
});
