import { describe, expect, it } from 'vitest';
import { SimulationSettings, OutputVariableType } from '../../src/index.ts';
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
});
