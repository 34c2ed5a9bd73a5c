/**
 * Continuum snake (Gazzola et al. 2018) as the paper's own code runs it (examples/continuumSnake.ts): muscle torques
 * about the ground normal on an anisotropic, component-wise friction plane, the paper's optimized gait, at implicit step
 * sizes. Long (about 15 s).
 * @module
 */
import { describe, expect, it } from 'vitest';
import { optimizedSnakeGait, runContinuumSnake, snakeData } from '../../examples/continuumSnake.ts';

describe('Continuum snake (Gazzola et al. 2018, the paper code\'s set-up)', () => {
  it('papersGaitCrawlsHeadFirstAtAStepSizeConvergedSpeedTenPercentBelowThePaperCodes', () => {
    // The reference: the paper's code (mattialab/elastica 39e8445, Snake.cpp, run as shipped; docs/benchmarks.md) prints
    // 0.568 m/s, the mean nodal velocity over 1 ≤ t ≤ 2 s (position Verlet, Δt = 1e-5 T: 2e5 steps). Measured here (100
    // linear elements, Newton to 1e-4 relative): 0.50721 (h = T/50), 0.50721 (T/100) m/s (0.50724 at both with Newton to
    // 1e-8; 0.50862, 0.50850, 0.50824 at T/50, T/100, T/200 with the stick law not yet saturated), i.e. 10.7 % below it: NOT within the
    // issue's 10 %. With the cross-sections' rolling left out of the friction in both codes (contact-point velocity = centerline
    // velocity, no friction moment) the two agree to 1.4 % (0.565 against 0.573 m/s): the remaining gap comes with the
    // rolling of the sections, which slows this model by 10 % and the paper's code by 1 % (not explained; docs/benchmarks.md).
    // Asserted: the converged speed to 1 % between T/50 and T/100, its value within ±3 % of the measured 0.5072, and the
    // head-first direction along the body's initial axis.
    const coarse = runContinuumSnake({ stepsPerPeriod: 50 });
    const fine = runContinuumSnake({ stepsPerPeriod: 100 });
    expect(Math.abs(coarse.forwardSpeed / fine.forwardSpeed - 1)).toBeLessThan(0.01);
    expect(Math.abs(fine.forwardSpeed / 0.5072 - 1)).toBeLessThan(0.03);
    expect(fine.forwardSpeed / snakeData.codeSpeed).toBeGreaterThan(0.85);
    expect(fine.direction[0]).toBeGreaterThan(0.99);
    // the paper's code: 2e5 steps for these 2 s; here 602 (T/50) and 607 (T/100) accepted steps (the adaptive step
    // follows the stick/slip switches, whatever the nominal step)
    for (const run of [coarse, fine]) expect(run.statistics.steps).toBeLessThan(2e5 / 100);
  });

  it('optimizedGaitFoundOfflineCrawlsFasterThanThePapersGait', () => {
    // scripts/optimizeSnakeGait.ts (flexdyn/studies: geneticOptimization at T/50, then minimize at T/100, the paper code's
    // fitness: the speed over 1 ≤ t ≤ 2 s) found optimizedSnakeGait; here only that optimum is run. Measured: 0.52923 m/s
    // (T/100), 0.52951 (T/200), 1.043× the paper's gait (0.50721 m/s at T/100): the paper's gait, which the paper optimized
    // for this model, is close to the optimum here too (the search started the Nelder–Mead stage from it; its best
    // evolutionary candidate made 0.434 m/s at T/50); body parts more than 4r apart along the body stay 0.106 m > 2r apart
    const paper = runContinuumSnake({ stepsPerPeriod: 100 });
    const optimum = runContinuumSnake({ gait: optimizedSnakeGait, stepsPerPeriod: 100 });
    const finer = runContinuumSnake({ gait: optimizedSnakeGait, stepsPerPeriod: 200 });
    expect(Math.abs(finer.forwardSpeed / optimum.forwardSpeed - 1)).toBeLessThan(0.01);
    expect(optimum.forwardSpeed / paper.forwardSpeed).toBeGreaterThan(1.03);
    for (const run of [optimum, finer]) expect(run.selfDistance).toBeGreaterThan(2 * snakeData.radius);
  });
});
