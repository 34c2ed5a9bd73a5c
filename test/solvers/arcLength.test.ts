import { describe, expect, it } from 'vitest';
import {
  CoordinateConstraint, FlexdynError, LoadForceVector, MarkerBodyPosition, MarkerNodeCoordinate, MarkerNodePosition, MassPoint2D,
  NodePoint2D, NodePointGround, ObjectGround, SimulationSettings, SpringDamper, SystemContainer,
} from '../../src/index.ts';

/**
 * The von Mises truss (shallow two-bar arch): apex node at (0, h) on two springs of stiffness k and unstretched length
 * L0 = √(a² + h²) to the supports (±a, 0), x held by a constraint, load λ·P0 downward. With y the apex height and
 * L = √(a² + y²): λ(y) = 2k·y·(L0/L − 1)/P0 (vertical equilibrium), a limit point where L³ = L0·a², snap-through to
 * the inverted branch, λ = 0 again at y = −h and rising beyond.
 */
function vonMisesTruss(a: number, h: number, k: number, P0: number) {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  const left = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [-a, 0, 0] }));
  const right = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [a, 0, 0] }));
  const apex = mbs.addNode(NodePoint2D({ referenceCoordinates: [0, h] }));
  mbs.addObject(MassPoint2D({ nodeNumber: apex, physicsMass: 1 }));
  const apexMarker = mbs.addMarker(MarkerNodePosition({ nodeNumber: apex }));
  const L0 = Math.hypot(a, h);
  for (const support of [left, right]) mbs.addObject(SpringDamper({ markerNumbers: [support, apexMarker], stiffness: k, referenceLength: L0 }));
  const groundCoordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  mbs.addObject(CoordinateConstraint({ markerNumbers: [groundCoordinate, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: apex, coordinate: 0 }))] }));
  mbs.addLoad(LoadForceVector({ markerNumber: apexMarker, loadVector: [0, -P0, 0] }));
  mbs.assemble();
  const loadFactor = (y: number): number => 2 * k * y * (L0 / Math.hypot(a, y) - 1) / P0;
  const Llimit = Math.cbrt(L0 * a * a);
  const yLimit = Math.sqrt(Llimit * Llimit - a * a);
  return { mbs, apex, L0, loadFactor, yLimit, loadFactorLimit: loadFactor(yLimit) };
}

function arcLengthSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.arcLength.useArcLength = true;
  return settings;
}

describe('static solver: arc-length continuation (staticSolver.arcLength)', () => {
  // a = 1, h = 0.2 (shallow), k = 1000, P0 twice the limit load: the limit point at λ ≈ 0.5, λ = 1 only on the inverted branch
  const a = 1, h = 0.2, k = 1000;
  const reference = vonMisesTruss(a, h, k, 1);
  const P0 = 2 * reference.loadFactorLimit;

  it('followsTheVonMisesTrussThroughItsLimitPointAndSnapThroughToTheInvertedBranch', () => {
    const { mbs, apex, loadFactor, yLimit, loadFactorLimit } = vonMisesTruss(a, h, k, P0);
    expect(loadFactorLimit).toBeCloseTo(0.5, 12);
    const settings = arcLengthSettings();
    settings.staticSolver.arcLength.initialArcLength = 0.005;
    settings.staticSolver.arcLength.maximumArcLength = 0.005;
    const heights: number[] = [];
    mbs.setPostStepUserFunction((m) => { heights.push(h + m.getNodeOutput(apex, 'Coordinates')[1]); return true; });
    const statistics = mbs.solveStatic(settings);
    const path = statistics.equilibriumPath!;
    expect(path.loadFactor.length).toBe(heights.length);
    expect(path.loadFactor[0]).toBe(0);
    // every point on the analytic path: the residual tolerance (1e-8 relative to forces ~ P0) leaves ≲ 1e-7 in λ
    let largest = 0;
    for (let i = 0; i < heights.length; i++) {
      expect(Math.abs(path.loadFactor[i] - loadFactor(heights[i]))).toBeLessThan(1e-7);
      if (heights[i] > 0) largest = Math.max(largest, path.loadFactor[i]);
    }
    // through the limit point: the largest λ on the upper branch (y > 0) is the limit load up to the curvature of the path over half a
    // step (|λ''|/2 ≈ 56 at yLimit, (Δs/2)² ≈ 6e-6: 4e-4 absolute, below 2e-3 relative)
    expect(largest).toBeLessThanOrEqual(loadFactorLimit * (1 + 1e-9));
    expect(largest).toBeGreaterThan(loadFactorLimit * (1 - 2e-3));
    // passes the negative minimum at −yLimit and ends on the inverted branch (y < −h) at λ ≥ 1, path parameters growing
    expect(Math.min(...path.loadFactor)).toBeLessThan(-loadFactorLimit * (1 - 2e-3));
    expect(heights[heights.length - 1]).toBeLessThan(-h);
    expect(path.loadFactor[path.loadFactor.length - 1]).toBeGreaterThanOrEqual(1);
    expect(yLimit).toBeGreaterThan(0);
    for (let i = 1; i < path.pathParameter.length; i++) expect(path.pathParameter[i]).toBeGreaterThan(path.pathParameter[i - 1]);
  });

  it('tracesTheDescendingBranchThatLoadStepsJumpOver', () => {
    const { mbs, apex, yLimit } = vonMisesTruss(a, h, k, P0);
    const heights: number[] = [];
    mbs.setPostStepUserFunction((m) => { heights.push(h + m.getNodeOutput(apex, 'Coordinates')[1]); return true; });
    const loadSteps = arcLengthSettings();
    loadSteps.staticSolver.arcLength.useArcLength = false;
    loadSteps.staticSolver.numberOfLoadSteps = 20;
    mbs.solveStatic(loadSteps);
    // load control snaps from the limit point (λ = 0.5 is a load step) to the inverted branch below −h: no equilibrium
    // between −h and the limit height is found (the unstable branch, where λ falls with y)
    const onUnstableBranch = (y: number): boolean => y > -h && y < 0.99 * yLimit;
    expect(heights.filter(onUnstableBranch)).toEqual([]);
    expect(heights[heights.length - 1]).toBeLessThan(-h);
    heights.length = 0;
    const settings = arcLengthSettings();
    settings.staticSolver.arcLength.maximumArcLength = 0.02;
    mbs.solveStatic(settings);
    expect(heights.filter(onUnstableBranch).length).toBeGreaterThan(10);
  });

  it('adaptsTheArcLengthAndStillPassesTheLimitPoint', () => {
    const { mbs, apex, loadFactor } = vonMisesTruss(a, h, k, P0);
    const settings = arcLengthSettings();
    settings.staticSolver.arcLength.initialArcLength = 0.01;
    settings.staticSolver.arcLength.maximumArcLength = 0.1;
    const heights: number[] = [];
    mbs.setPostStepUserFunction((m) => { heights.push(h + m.getNodeOutput(apex, 'Coordinates')[1]); return true; });
    const path = mbs.solveStatic(settings).equilibriumPath!;
    for (let i = 0; i < heights.length; i++) expect(Math.abs(path.loadFactor[i] - loadFactor(heights[i]))).toBeLessThan(1e-7);
    expect(heights[heights.length - 1]).toBeLessThan(-h);
    expect(path.loadFactor.length).toBeLessThan(200);
  });

  it('rejectsArcLengthSettingsThatCannotWork', () => {
    const { mbs } = vonMisesTruss(a, h, k, P0);
    const cases: [(s: SimulationSettings) => void, string][] = [
      [(s) => { s.staticSolver.arcLength.initialArcLength = 2; }, 'staticSolver.arcLength.initialArcLength'],
      [(s) => { s.staticSolver.arcLength.minimumArcLength = 2; s.staticSolver.arcLength.initialArcLength = 2; }, 'staticSolver.arcLength.minimumArcLength'],
      [(s) => { s.staticSolver.arcLength.maximumLoadFactor = 0; }, 'staticSolver.arcLength.maximumLoadFactor'],
      [(s) => { s.staticSolver.stabilizerODE2term = 1; }, 'staticSolver.stabilizerODE2term'],
      [(s) => { s.staticSolver.useLoadFactor = false; }, 'staticSolver.useLoadFactor'],
      [(s) => { s.staticSolver.arcLength.loadFactorScale = -1; }, 'staticSolver.arcLength.loadFactorScale'],
    ];
    for (const [change, parameter] of cases) {
      const settings = arcLengthSettings();
      change(settings);
      let error: unknown;
      try { mbs.solveStatic(settings); } catch (e) { error = e; }
      expect(error).toBeInstanceOf(FlexdynError);
      expect((error as FlexdynError).parameter).toBe(parameter);
    }
  });
});
