import { describe, expect, it } from 'vitest';
import { SimulationSettings, OutputVariableType, NodePointGround, MarkerNodeCoordinate, CoordinateConstraint } from '../../src/index.ts';
import { springChain } from './modelsForTests.ts';

describe('static solver', () => {
  it('springChainUnderEndForceStretchesEachSpringByFOverK', () => {
    // Linear problem: the displacement of mass i is i·F/k exactly (up to round-off).
    const { mbs, nodes } = springChain({ masses: 10, mass: 1, stiffness: 250, force: 5, transverseStiffness: 1 });
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.numberOfLoadSteps = 4;
    mbs.solveStatic(settings);
    nodes.forEach((node, i) => expect(mbs.getNodeOutput(node, OutputVariableType.Coordinates)[0]).toBeCloseTo(((i + 1) * 5) / 250, 13));
  });
});

describe('eigenvalues', () => {
  it('fixedFreeChainMatchesAnalyticFrequencies', () => {
    // n equal masses, n equal springs, fixed at one end: ω_j² = 4k/m sin²((2j−1)π/(2(2n+1))).
    const n = 6;
    const k = 100;
    const m = 2;
    const { mbs } = springChain({ masses: n, mass: m, stiffness: k });
    mbs.assemble();
    const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { constrainedCoordinates: Array.from({ length: n }, (_, i) => [3 * i + 1, 3 * i + 2]).flat() });
    const analytic = Array.from({ length: n }, (_, j) => ((4 * k) / m) * Math.sin(((2 * j + 1) * Math.PI) / (2 * (2 * n + 1))) ** 2);
    // Dense symmetric eigen solve: relative accuracy ~1e-13 for this well-conditioned problem.
    analytic.forEach((value, j) => expect(Math.abs(values[j] - value) / value).toBeLessThan(1e-12));
  });

  it('coordinateConstraintGivesTheSameSpectrumAsRemovingTheCoordinate', () => {
    // The null-space projection of C_q (nAE > 0) must reproduce the spectrum obtained by deleting the constrained
    // coordinate; both are dense symmetric solves of the same reduced problem, equal to ~1e-12 relative.
    const build = () => springChain({ masses: 4, mass: 1.5, stiffness: 300, transverseStiffness: 50 });
    const reference = build();
    reference.mbs.assemble();
    const removed = reference.mbs.computeODE2Eigenvalues(new SimulationSettings(), { constrainedCoordinates: [reference.mbs.getNodeODE2Index(reference.nodes[2]) + 1] }).values;
    const constrained = build();
    const ground = constrained.mbs.addNode(NodePointGround({}));
    const groundMarker = constrained.mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
    const nodeMarker = constrained.mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: constrained.nodes[2], coordinate: 1 }));
    constrained.mbs.addObject(CoordinateConstraint({ markerNumbers: [groundMarker, nodeMarker] }));
    constrained.mbs.assemble();
    const projected = constrained.mbs.computeODE2Eigenvalues(new SimulationSettings()).values;
    expect(projected.length).toBe(removed.length);
    removed.forEach((value, i) => expect(Math.abs(projected[i] - value) / value).toBeLessThan(1e-12));
  });
});
