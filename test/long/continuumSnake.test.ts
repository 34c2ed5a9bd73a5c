/**
 * Continuum snake (Gazzola et al. 2018) as the paper's own code runs it (examples/continuumSnake.ts): muscle torques
 * about the ground normal on an anisotropic, component-wise friction plane, the paper's optimized gait, at implicit step
 * sizes. Long (about 6 s).
 * @module
 */
import { describe, expect, it } from 'vitest';
import { optimizedSnakeGait, runContinuumSnake, snakeData } from '../../examples/continuumSnake.ts';

describe('Continuum snake (Gazzola et al. 2018, the paper code\'s set-up)', () => {
  it('papersGaitCrawlsHeadFirstWithinTenPercentOfThePaperCodesSpeed', () => {
    // The reference: the paper's code (mattialab/elastica 39e8445, Snake.cpp, run as shipped; docs/benchmarks.md) prints
    // 0.568 m/s, the mean nodal velocity over 1 ≤ t ≤ 2 s (position Verlet, Δt = 1e-5 T: 2e5 steps). Measured here (100
    // linear elements, the ground's penalty k = 1e4 N/m² standing in for the code's support without stiffness):
    // 0.5408 and 0.5403 m/s at h = T/50 and T/100, 4.9 % below it. The speed depends on the ground stiffness through the sections'
    // friction moment (0.548 … 0.458 m/s for k = 3e3 … 1e7 N/m²; examples/continuumSnake.ts): asserted are the issue's
    // 10 % against the code, the step-size convergence to 1 % between T/50 and T/100, the value within 1 % of the measured
    // 0.5400 (a change of the model or of the friction law moves it by more) and the head-first direction.
    const coarse = runContinuumSnake({ stepsPerPeriod: 50 });
    const fine = runContinuumSnake({ stepsPerPeriod: 100 });
    expect(Math.abs(coarse.forwardSpeed / fine.forwardSpeed - 1)).toBeLessThan(0.01);
    expect(Math.abs(fine.forwardSpeed / snakeData.codeSpeed - 1)).toBeLessThan(0.1);
    expect(Math.abs(fine.forwardSpeed / 0.5400 - 1)).toBeLessThan(0.01);
    expect(fine.direction[0]).toBeGreaterThan(0.99);
    // the paper's code: 2e5 steps for these 2 s; here 107 (+2 rejected, T/50) and 200 (T/100) steps
    for (const run of [coarse, fine]) expect(run.statistics.steps).toBeLessThan(2e5 / 100);
  });

  it('optimizedGaitFoundOfflineCrawlsFasterThanThePapersGait', () => {
    // scripts/optimizeSnakeGait.ts (flexdyn/studies: geneticOptimization at T/50, then minimize at T/100, the paper code's
    // fitness: the speed over 1 ≤ t ≤ 2 s) found optimizedSnakeGait; here only that optimum is run. Measured: 0.55261 m/s
    // (T/100), 0.55245 (T/200), 1.023× the paper's gait (0.54035 m/s at T/100): the paper's gait, which the paper optimized
    // for its model, is close to the optimum here too (the Nelder–Mead stage started from it; the best evolutionary
    // candidate made 0.440 m/s). Asserted: faster by more than 1.5 % (the optimizer's last steps moved the speed by
    // 0.1–0.5 %, so a gait that is not better than the paper's fails), step-converged to 1 %, and body parts more than 4r
    // apart along the body stay more than 2r apart (0.106 m measured)
    const paper = runContinuumSnake({ stepsPerPeriod: 100 });
    const optimum = runContinuumSnake({ gait: optimizedSnakeGait, stepsPerPeriod: 100 });
    const finer = runContinuumSnake({ gait: optimizedSnakeGait, stepsPerPeriod: 200 });
    expect(Math.abs(finer.forwardSpeed / optimum.forwardSpeed - 1)).toBeLessThan(0.01);
    expect(optimum.forwardSpeed / paper.forwardSpeed).toBeGreaterThan(1.015);
    for (const run of [optimum, finer]) expect(run.selfDistance).toBeGreaterThan(2 * snakeData.radius);
  });
});
