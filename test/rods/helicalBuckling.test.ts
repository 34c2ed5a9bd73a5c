/**
 * Helical buckling of a twisted, clamped rod (PyElastica's HelicalBucklingCase, issue 14) against the analytic localized
 * helix of van der Heijden et al. (examples/helicalBuckling.ts): one static solve with 50 load steps instead of
 * PyElastica's 1.05e7 explicit steps.
 * @module
 */
import { describe, expect, it } from 'vitest';
import { helicalBucklingAnalytic, solveHelicalBuckling } from '../../examples/helicalBuckling.ts';

describe('Helical buckling (PyElastica HelicalBucklingCase, van der Heijden et al. 2003)', () => {
  it('analyticEndMomentAndTensionSolveEqs14And15', () => {
    // PyElastica hard-codes the solution of the same two equations (from MATLAB's vpasolve): m = 98.541496171190744,
    // t = 2900.993205792131; our Newton solution agrees to round-off
    const analytic = helicalBucklingAnalytic();
    expect(Math.abs(analytic.moment / 98.541496171190744 - 1)).toBeLessThan(1e-12);
    expect(Math.abs(analytic.tension / 2900.993205792131 - 1)).toBeLessThan(1e-12);
    // the envelope is 0 at the middle (largest tangent angle) and tends to 1 towards the ends
    expect(analytic.envelope(0)).toBe(0);
    expect(analytic.envelope(50)).toBeGreaterThan(1 - 1e-8); // 1 − 4 e^{−√(4t − m²)·50/L} = 1 − 1.4e-9
  });

  it('staticPathReachesTheAnalyticEnvelopeWithin2PercentIn50LoadSteps', () => {
    // measured (linear SE3 elements): envelope error max|e − e_analytic| 5.1e-2 (100 elements), 1.65e-2 (200), 4.4e-3
    // (400), 1.2e-3 (800): second order; φ_max 3.0e-2, 1.0e-2, 2.8e-3, 8.4e-4; end moment 8.3e-4, 1.6e-4, 3.7e-5, 7.7e-6;
    // end tension 4.2e-1, 8.9e-2, 2.2e-2, 5.4e-3 (the tension, t B/L² = 0.39, is the most mesh-sensitive figure);
    // 50 load steps and 314–328 Newton iterations at every mesh
    const coarse = solveHelicalBuckling({ numberOfElements: 200 }, 50);
    const fine = solveHelicalBuckling({ numberOfElements: 400 }, 50);
    expect(coarse.envelopeError).toBeLessThan(0.02);
    expect(Math.abs(coarse.phiMaxError)).toBeLessThan(0.02);
    expect(Math.abs(coarse.momentError)).toBeLessThan(1e-3);
    // second-order convergence towards the analytic solution (ratios 3.8, 4.4, 4.1 measured)
    expect(coarse.envelopeError / fine.envelopeError).toBeGreaterThan(3.2);
    expect(coarse.tensionError / fine.tensionError).toBeGreaterThan(3.5);
    expect(fine.envelopeError).toBeLessThan(5e-3);
    expect(Math.abs(fine.phiMaxError)).toBeLessThan(5e-3);
    expect(Math.abs(fine.momentError)).toBeLessThan(1e-4);
    expect(Math.abs(fine.tensionError)).toBeLessThan(0.03);
    for (const result of [coarse, fine]) {
      expect(result.statistics.steps).toBe(50);
      expect(result.statistics.rejectedSteps).toBe(0);
      expect(result.statistics.newtonIterations).toBeLessThan(400);
    }
  });
});
