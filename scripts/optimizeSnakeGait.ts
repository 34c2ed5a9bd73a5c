/**
 * Offline gait optimization of the continuum snake (examples/continuumSnake.ts), as Gazzola et al. (2018) do with
 * CMA-ES: maximize the forward speed over the muscle torques' four B-spline control values and the wavelength, with the
 * derivative-free optimizers of flexdyn/studies: an elitist evolutionary search (geneticOptimization, the population
 * method closest to CMA-ES here) in the box at h = T/50, then Nelder–Mead (minimize, 12 iterations) at h = T/100 from the
 * better of its best gait and the paper's gait. Gaits that fold the body over itself score 0 (no self-contact in the model). Each evaluation is a 2 s run (the speed measured over t = T … 2T, as the paper code's fitness). The optimum it prints is
 * committed as `optimizedSnakeGait` in examples/continuumSnake.ts, and test/long/continuumSnake.test.ts tests only that.
 * At T/50 the objective is not smooth for the fast gaits (parameter changes of 0.1 % moved the speed between 0.10 and
 * 0.31 m/s in a first run that refined at T/50 too: step-size error), at T/100 it is (±0.1 %: ±0.5 % in speed), hence
 * the refinement at T/100.
 *
 * Run `nice -n 10 npx tsx scripts/optimizeSnakeGait.ts` (about 60 evaluations of 2–6 s each; serial, inline executor).
 * @module
 */
import { geneticOptimization, minimize, type ParameterSet } from '../src/studies/index.ts';
import { runContinuumSnake, snakeData, type SnakeGait } from '../examples/continuumSnake.ts';

/** Box of the search: control values [N m] up to 80 (the paper's largest is 48.5), wavelength 0.5 … 1.5 L. */
const ranges = { b0: [0, 80], b1: [0, 80], b2: [0, 80], b3: [0, 80], wavelength: [0.5, 1.5] } as const;

function gaitOf(p: ParameterSet): SnakeGait {
  return { splineCoefficients: [p.b0, p.b1, p.b2, p.b3], wavelength: p.wavelength };
}

let evaluations = 0;
/**
 * Minus the forward speed [m/s] of a gait. The model has no self-contact, so a gait that folds the body over itself
 * (two nodes more than 4r apart along it come closer than 2r) is infeasible and scores 0, like a snake that does not
 * move; a failed run (Newton divergence at extreme torques) is +∞ through the optimizers' failure handling.
 */
function objectiveAt(stepsPerPeriod: number, p: ParameterSet): number {
  evaluations++;
  const label = `#${evaluations} h = T/${stepsPerPeriod} [${[p.b0, p.b1, p.b2, p.b3].map((b) => b.toFixed(2)).join(', ')}], λ = ${p.wavelength.toFixed(3)} L`;
  try {
    const run = runContinuumSnake({ gait: gaitOf(p), stepsPerPeriod });
    const feasible = run.selfDistance >= 2 * snakeData.radius;
    console.log(`${label}: ${run.forwardSpeed.toFixed(5)} m/s, self-distance ${run.selfDistance.toFixed(4)} m${feasible ? '' : ' (overlaps: scored 0)'}`);
    return feasible ? -run.forwardSpeed : 0;
  } catch (error) {
    console.log(`${label}: failed (${String(error).slice(0, 80)})`);
    throw error;
  }
}

/** The coarse search's objective (h = T/50) and the refinement's (h = T/100, where the speed is converged). */
const coarseObjective = (p: ParameterSet) => objectiveAt(50, p);
const fineObjective = (p: ParameterSet) => objectiveAt(100, p);

async function main(): Promise<void> {
  const started = performance.now();
  const paper: ParameterSet = { b0: snakeData.gait.splineCoefficients[0], b1: snakeData.gait.splineCoefficients[1], b2: snakeData.gait.splineCoefficients[2], b3: snakeData.gait.splineCoefficients[3], wavelength: snakeData.gait.wavelength };
  const ga = await geneticOptimization(coarseObjective, ranges, {
    populationSize: 12, numberOfGenerations: 3, elitistRatio: 0.25, randomizerInitialization: 14, showProgress: false,
  });
  console.log(`evolutionary search (T/50): best ${(-ga.optimumValue).toFixed(5)} m/s at ${JSON.stringify(ga.optimumParameters)}`);
  const paperValue = fineObjective(paper), gaValue = fineObjective(ga.optimumParameters);
  const start = gaValue < paperValue ? ga.optimumParameters : paper;
  const nm = await minimize(fineObjective, ranges, { initialGuess: start, maxiter: 12, tol: 1e-4, showProgress: false });
  const [best, bestValue] = nm.optimumValue < Math.min(gaValue, paperValue) ? [nm.optimumParameters, nm.optimumValue] : [start, Math.min(gaValue, paperValue)];
  console.log(`T/100: paper's gait ${(-paperValue).toFixed(5)} m/s; optimum ${(-bestValue).toFixed(5)} m/s (${(bestValue / paperValue).toFixed(2)}× the paper's gait) `
    + `after ${evaluations} evaluations, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(`optimizedSnakeGait = ${JSON.stringify(gaitOf(best))}`);
}

await main();
