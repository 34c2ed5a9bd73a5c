/**
 * Continuum snake (Gazzola et al. 2018; PyElastica's ContinuumSnakeCase in the paper's set-up, examples/continuumSnake.ts):
 * muscle torques on an anisotropic friction plane, the paper's optimized gait, at implicit step sizes. Long (about 40 s).
 * @module
 */
import { describe, expect, it } from 'vitest';
import { optimizedSnakeGait, runContinuumSnake, snakeData } from '../../examples/continuumSnake.ts';

describe('Continuum snake (Gazzola et al. 2018, PyElastica ContinuumSnakeCase)', () => {
  it('paperGaitCrawlsHeadFirstAtAStepSizeAndMeshConvergedSpeed', () => {
    // measured forward speed [m/s] (40 linear elements unless stated): 0.08003 (h = T/50), 0.07959 (T/100), 0.07954 (T/200),
    // 0.07953 (T/400); 80 elements at T/200: 0.08019; friction stick zone 1e-4 instead of 1e-3 m/s at T/100: 0.07959.
    // The paper's figure for this gait is not retrievable here (the stored copies of the paper end after its
    // introduction; PyElastica states no speed; searched sources in docs/benchmarks.md). The paper's own C++ code
    // (mattialab/elastica 39e8445, Snake.cpp, run as shipped: its unrounded gait, 100 elements, G = E/1.5) prints
    // 0.568 m/s (mean nodal velocity over t = 1 … 2 s); this model in that set-up gives 0.090–0.100 m/s, NOT within 10 %:
    // the code's friction is component-wise (full μN along the axis and 2μN sideways at once), ours Coulomb along the
    // slip direction (docs/benchmarks.md, "The paper's own C++ code, run"), so no 10 % assertion. What is asserted is
    // that the speed is a property of the model, not of h or the mesh, and that the snake crawls towards its head.
    const coarse = runContinuumSnake({ stepsPerPeriod: 50 });
    const fine = runContinuumSnake({ stepsPerPeriod: 100 });
    const refined = runContinuumSnake({ stepsPerPeriod: 100, numberOfElements: 80 });
    expect(Math.abs(coarse.forwardSpeed / fine.forwardSpeed - 1)).toBeLessThan(0.01);
    expect(Math.abs(refined.forwardSpeed / fine.forwardSpeed - 1)).toBeLessThan(0.02);
    expect(fine.forwardSpeed).toBeGreaterThan(0.072);
    expect(fine.forwardSpeed).toBeLessThan(0.088);
    // the head is at the origin and the body along −x: forward is +x (the snake drifts by 20° over the run)
    expect(fine.direction[0]).toBeGreaterThan(0.9);
    // PyElastica (the paper's version): Δt = 1e-5 T, 4e5 steps for these 4 s; here 296 (T/50) and 506 accepted steps
    // (550 before the rod–plane stick/slip switch error became the force jump; same speed)
    for (const run of [coarse, fine]) expect(run.statistics.steps).toBeLessThan(4e5 / 500);
  });

  it('optimizedGaitFoundOfflineCrawlsFasterThanThePapersGait', () => {
    // scripts/optimizeSnakeGait.ts (flexdyn/studies: geneticOptimization at T/50, then minimize at T/100) found
    // optimizedSnakeGait; here only that optimum is run. Measured: 0.29539 m/s (T/100), 0.28737 (T/200), 0.28736 (T/400),
    // 3.6× the paper's gait (0.07954 m/s at T/200); smallest distance of body parts more than 4r apart along the body
    // 0.064 m > 2r (the model has no self-contact; the optimizer scored overlapping gaits 0)
    const paper = runContinuumSnake({ stepsPerPeriod: 200 });
    const optimum = runContinuumSnake({ gait: optimizedSnakeGait, stepsPerPeriod: 200 });
    const finer = runContinuumSnake({ gait: optimizedSnakeGait, stepsPerPeriod: 400 });
    expect(Math.abs(finer.forwardSpeed / optimum.forwardSpeed - 1)).toBeLessThan(1e-3);
    expect(optimum.forwardSpeed / paper.forwardSpeed).toBeGreaterThan(3.3);
    for (const run of [optimum, finer]) expect(run.selfDistance).toBeGreaterThan(2 * snakeData.radius);
  });
});
