import { describe, expect, it } from 'vitest';
import { SimulationSettings, OutputVariableType, DynamicSolverType, LinearSolverType } from '../../src/index.ts';
import { springChain } from './modelsForTests.ts';

/** Settings for a run of n steps to tEnd without files. */
function settingsFor(tEnd: number, steps: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.numberOfSteps = steps;
  settings.solutionSettings.writeSolutionToFile = false;
  return settings;
}

describe('generalized-α', () => {
  it('trapezoidalRuleReproducesItsExactDiscreteSolutionForTheLinearOscillator', () => {
    // ρ∞ = 1 is the trapezoidal rule; for x'' = −ω²x it gives x_n = x0 cos(nΩh) with tan(Ωh/2) = ωh/2 exactly,
    // so the only error is round-off and Newton's tolerance on a linear problem (one iteration, exact Jacobian).
    const omega = 50;
    const { mbs, nodes } = springChain({ masses: 1, mass: 1.6, stiffness: 1.6 * omega * omega, initialDisplacement: 0.01 });
    mbs.assemble();
    const steps = 1000;
    const tEnd = 1;
    const settings = settingsFor(tEnd, steps);
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    const h = tEnd / steps;
    const discreteOmega = (2 / h) * Math.atan((omega * h) / 2);
    const x = mbs.getNodeOutput(nodes[0], OutputVariableType.Coordinates)[0];
    expect(Math.abs(x - 0.01 * Math.cos(discreteOmega * tEnd))).toBeLessThan(1e-13);
  });

  const chainEnergy = (spectralRadius: number): number[] => {
    const stiffness = 1e4;
    const { mbs, nodes } = springChain({ masses: 5, mass: 1, stiffness, initialVelocity: 1 });
    mbs.assemble();
    const settings = settingsFor(0.5, 200);
    settings.timeIntegration.generalizedAlpha.spectralRadius = spectralRadius;
    settings.timeIntegration.newton.relativeTolerance = 1e-13;
    const energies: number[] = [];
    const energy = (configuration: 'StartOfStep' | 'Current') => {
      const q = nodes.map((n) => mbs.getNodeOutput(n, OutputVariableType.Coordinates, configuration)[0]);
      const v = nodes.map((n) => mbs.getNodeOutput(n, OutputVariableType.Coordinates_t, configuration)[0]);
      return q.reduce((sum, qi, i) => sum + 0.5 * v[i] * v[i] + 0.5 * stiffness * (qi - (i > 0 ? q[i - 1] : 0)) ** 2, 0);
    };
    mbs.setPreStepUserFunction(() => { energies.push(energy('StartOfStep')); return true; });
    mbs.solveDynamic(settings);
    energies.push(energy('Current'));
    return energies;
  };

  it('trapezoidalRuleConservesEnergyOfALinearSystem', () => {
    // The average-acceleration rule conserves the quadratic energy of linear systems exactly. With Newton converged to 1e-13
    // (so that its tolerance does not enter), only round-off remains: a few ulp per step over 200 steps, below 1e-12 relative.
    const energies = chainEnergy(1);
    for (const value of energies) expect(Math.abs(value - energies[0]) / energies[0]).toBeLessThan(1e-12);
  });

  it('numericalDissipationRemovesEnergyOfHighModes', () => {
    // ρ∞ = 0.5 with ω_max·h ≈ 0.5 damps the upper modes noticeably: at least 1 % of the energy is gone after 200 steps.
    const energies = chainEnergy(0.5);
    expect(energies[energies.length - 1]).toBeLessThan(0.99 * energies[0]);
  });

  it('denseAndSparseLinearSolversGiveTheSameTrajectory', () => {
    // Same algorithm, different factorization: results differ only by round-off accumulated over 100 steps (1e-10 relative).
    const run = (type: LinearSolverType) => {
      const { mbs, nodes } = springChain({ masses: 20, mass: 1, stiffness: 1e3, damping: 0.5, force: 10 });
      mbs.assemble();
      const settings = settingsFor(0.2, 100);
      settings.linearSolverType = type;
      mbs.solveDynamic(settings);
      return nodes.map((n) => mbs.getNodeOutput(n, OutputVariableType.Coordinates)[0]);
    };
    const dense = run(LinearSolverType.EXUdense);
    const sparse = run(LinearSolverType.EigenSparse);
    dense.forEach((value, i) => expect(Math.abs(value - sparse[i])).toBeLessThan(1e-10 * Math.max(...dense.map(Math.abs))));
  });
});

describe('explicit solvers', () => {
  it.each([LinearSolverType.EXUdense, LinearSolverType.EigenSparse])('a constant diagonal mass matrix is divided, not factorized: the trajectory of a factorization at every step, bit for bit (%s)', (type) => {
    // reuseConstantMassMatrix = false factorizes M (sparse: equilibrated LU) at every stage; the kept diagonal M divides
    const run = (reuse: boolean) => {
      const { mbs, nodes } = springChain({ masses: 12, mass: 0.37, stiffness: 1.3e3, damping: 0.7, force: 10, initialVelocity: 0.3 });
      mbs.assemble();
      const settings = settingsFor(0.05, 200);
      settings.linearSolverType = type;
      settings.timeIntegration.reuseConstantMassMatrix = reuse;
      mbs.solveDynamic(settings, DynamicSolverType.RK44);
      return nodes.flatMap((n) => [...mbs.getNodeOutput(n, OutputVariableType.Coordinates), ...mbs.getNodeOutput(n, OutputVariableType.Coordinates_t)]);
    };
    const divided = run(true);
    expect(divided.some((x) => x !== 0)).toBe(true);
    expect(divided).toEqual(run(false));
  });

  it.each([LinearSolverType.EXUdense, LinearSolverType.EigenSparse])('a zero mass stops an explicit solve as a singular mass matrix (%s)', (type) => {
    const { mbs } = springChain({ masses: 3, mass: 0, stiffness: 10 });
    mbs.assemble();
    const settings = settingsFor(0.01, 10);
    settings.linearSolverType = type;
    expect(() => mbs.solveDynamic(settings, DynamicSolverType.ExplicitEuler)).toThrow(/the mass matrix is singular .*explicit solvers need a regular mass matrix/);
  });

  const omega = 10;
  const exact = (t: number) => 0.01 * Math.cos(omega * t);
  const finalError = (solver: DynamicSolverType, steps: number) => {
    const { mbs, nodes } = springChain({ masses: 1, mass: 1, stiffness: omega * omega, initialDisplacement: 0.01 });
    mbs.assemble();
    const settings = settingsFor(1, steps);
    mbs.solveDynamic(settings, solver);
    return Math.abs(mbs.getNodeOutput(nodes[0], OutputVariableType.Coordinates)[0] - exact(1));
  };

  it.each([
    [DynamicSolverType.ExplicitEuler, 1],
    [DynamicSolverType.ExplicitMidpoint, 2],
    [DynamicSolverType.RK33, 3],
    [DynamicSolverType.RK44, 4],
    [DynamicSolverType.VelocityVerlet, 2],
  ])('%s converges with order %i', (solver, order) => {
    // Halving h divides the global error by 2^order; allow ±0.3 in the observed order (asymptotic range, ωh ≤ 0.05).
    const coarse = finalError(solver, 200);
    const fine = finalError(solver, 400);
    expect(Math.log2(coarse / fine)).toBeGreaterThan(order - 0.3);
    expect(Math.log2(coarse / fine)).toBeLessThan(order + 0.3);
  });

  it('RK67IsSixthOrderAccurate', () => {
    // With ωh = 0.1 the sixth-order local error is ~1e-9·amplitude per step; the global error stays below 1e-10 (amplitude 1e-2).
    expect(finalError(DynamicSolverType.RK67, 100)).toBeLessThan(1e-10);
  });

  it('DOPRI5MeetsItsTolerance', () => {
    // Tolerances 1e-8 (Exudyn's defaults) on |q| ~ 1e-2: the accumulated error over ~2 periods stays below 1e-8.
    expect(finalError(DynamicSolverType.DOPRI5, 10)).toBeLessThan(1e-8);
    expect(finalError(DynamicSolverType.ODE23, 10)).toBeLessThan(1e-7);
  });
});
