import { describe, expect, it } from 'vitest';
import { buildBeamTutorial, tipDeflection, tutorialSettings } from '../../examples/beamTutorial.ts';
import { OutputVariableType } from '../../src/node.ts';

describe('examples/beamTutorial', () => {
  it('theTwoStripsAreTheSameCantileverAtRest: static tip deflections of the geometrically exact beam and the ANCF cable', () => {
    // both clamped (the cable by the joint on x, y and the slope angle) under their weight: the deflection (−0.358 m,
    // 18 % of L, geometrically nonlinear) differs by the beam's shear flexibility (~(h/L)² ≈ 1e-5) and the two
    // discretizations with 16 elements; measured 7.8e-5
    const model = buildBeamTutorial();
    const settings = tutorialSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.verboseMode = 0;
    settings.staticSolver.newton.relativeTolerance = 1e-10;
    model.mbs.solveStatic(settings);
    const beam = tipDeflection(model.mbs, model.beamNodes), cable = tipDeflection(model.mbs, model.cableNodes);
    expect(beam).toBeLessThan(-0.35);
    expect(Math.abs(beam / cable - 1)).toBeLessThan(2e-4);
  });

  it('theJointCarriesTheCableAlongItsPrescribedOffset: node 0 at x = 0.5 with its slope along x at t = 4.5 s', () => {
    // Exudyn's step size (5 ms), 900 steps: the translation offset (SmoothStep from 2 to 4 s) is complete, the rotation
    // (from 5 s) has not started; the constrained node follows to Newton's tolerance
    const model = buildBeamTutorial();
    const settings = tutorialSettings(4.5);
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 0;
    model.mbs.solveDynamic(settings);
    const position = model.mbs.getNodeOutput(model.cableNodes[0], OutputVariableType.Position);
    const slope = model.mbs.getNodeOutput(model.cableNodes[0], OutputVariableType.CoordinatesTotal);
    expect(Math.abs(position[0] - 0.5)).toBeLessThan(1e-8);
    expect(Math.abs(position[1])).toBeLessThan(1e-8);
    expect(Math.abs(Math.atan2(slope[3], slope[2]))).toBeLessThan(1e-8);
    // the clamped beam stays clamped
    expect(model.mbs.getNodeOutput(model.beamNodes[0], OutputVariableType.Displacement).map(Math.abs).every((v) => v < 1e-12)).toBe(true);
  });
});

describe('SmoothStep (Exudyn\'s advancedUtilities)', () => {
  it('stepsFromValue0ToValue1WithAContinuousDerivative', async () => {
    const { SmoothStep, SmoothStepDerivative } = await import('../../src/index.ts');
    expect(SmoothStep(1, 2, 4, 0, 0.5)).toBe(0);
    expect(SmoothStep(5, 2, 4, 0, 0.5)).toBe(0.5);
    expect(SmoothStep(3, 2, 4, 0, 0.5)).toBeCloseTo(0.25, 15);
    for (const x of [2.3, 3.1, 3.9]) {
      const h = 1e-6;
      const central = (SmoothStep(x + h, 2, 4, 0, 0.5) - SmoothStep(x - h, 2, 4, 0, 0.5)) / (2 * h);
      expect(Math.abs(SmoothStepDerivative(x, 2, 4, 0, 0.5) - central)).toBeLessThan(1e-9);
    }
    expect(SmoothStepDerivative(4.5, 2, 4, 0, 0.5)).toBe(0);
  });
});
