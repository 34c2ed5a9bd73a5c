/**
 * `minimize` (Exudyn's Minimize, which calls scipy's Nelder–Mead): the derivative-free downhill simplex with
 * bounds; each simplex update evaluates its points as one batch on the executor (the start simplex and a
 * shrink in parallel, reflections one by one).
 * @module
 */
import { FlexdynError } from '../core/errors.ts';
import type { ParameterFunction, ParameterSet, StudyCase } from './cases.ts';
import { OptimizationHistory, checkRanges, type OptimizationResult } from './geneticOptimization.ts';
import { checkNumber, checkStudyOptions, executorFor, type StudyOptions } from './options.ts';
import { runCases } from './runCases.ts';

/** Options of {@link minimize}. */
export interface MinimizeOptions extends StudyOptions {
  /** Start point (default: the middle of the ranges). */
  initialGuess?: ParameterSet;
  /** Convergence tolerance on both the simplex size and the spread of its values (scipy's xatol = fatol; default 1e-4). */
  tol?: number;
  /** Maximum number of iterations (default 200 × number of parameters). */
  maxiter?: number;
}

const minimizeKeys = ['initialGuess', 'tol', 'maxiter'];

/**
 * Minimizes the objective returned by `parameterFunction` in the box `parameters = { name: [min, max] }` with the
 * Nelder–Mead simplex (reflection 1, expansion 2, contraction ½, shrink ½; every trial point clipped to the box;
 * the start simplex steps 5 % of each coordinate, 0.00025 from 0, into the box, as scipy). Stops when the largest
 * distance of a vertex from the best one and the largest value difference are both ≤ tol, or after maxiter
 * iterations. A failed evaluation counts as +∞.
 */
export async function minimize(parameterFunction: ParameterFunction, parameters: Record<string, readonly [number, number]>, options: MinimizeOptions = {}): Promise<OptimizationResult & { iterations: number; converged: boolean }> {
  const where = 'minimize';
  checkStudyOptions(where, options, minimizeKeys);
  const ranges = checkRanges(where, parameters);
  const names = Object.keys(ranges);
  const n = names.length;
  const tol = checkNumber(where, 'tol', options.tol ?? 1e-4, (v) => v > 0, '> 0');
  const maxiter = checkNumber(where, 'maxiter', options.maxiter ?? 200 * n, (v) => Number.isInteger(v) && v >= 1, 'an integer ≥ 1');
  const lower = names.map((k) => ranges[k][0]), upper = names.map((k) => ranges[k][1]);
  const x0 = names.map((k, i) => {
    const v = options.initialGuess === undefined ? 0.5 * (lower[i] + upper[i]) : options.initialGuess[k];
    return checkNumber(where, `initialGuess.${k}`, v, (x) => x >= lower[i] && x <= upper[i], `within [${lower[i]}, ${upper[i]}]`);
  });
  if (options.initialGuess !== undefined) {
    for (const k of Object.keys(options.initialGuess)) if (!names.includes(k)) throw new FlexdynError(`${where}: initialGuess.${k} is not one of the parameters ${names.join(', ')}`, { parameter: `initialGuess.${k}` });
  }
  const clip = (x: number[]) => x.map((v, i) => Math.min(upper[i], Math.max(lower[i], v)));
  const history = new OptimizationHistory(names);
  const { executor, owned } = executorFor(options, where);
  let evaluationIndex = 0, iterations = 0;
  const evaluate = async (points: number[][]): Promise<number[]> => {
    const cases: StudyCase[] = points.map((x) => {
      const index = evaluationIndex++;
      const set: ParameterSet = Object.fromEntries(names.map((k, i) => [k, x[i]]));
      return { index, parameters: options.addComputationIndex === true ? { ...set, computationIndex: index } : set };
    });
    const records = await runCases(parameterFunction, cases, { executor, studyName: where, label: `evaluations from ${cases[0].index}`, resultsFile: options.resultsFile, showProgress: false });
    return history.add(records, iterations).map((v) => (Number.isNaN(v) ? Infinity : v));
  };
  let converged = false;
  try {
    let simplex: number[][] = [x0];
    for (let k = 0; k < n; k++) {
      const x = x0.slice();
      const step = x[k] !== 0 ? 0.05 * x[k] : 0.00025;
      x[k] = x[k] + step <= upper[k] ? x[k] + step : x[k] - step; // into the box
      simplex.push(clip(x));
    }
    let f = await evaluate(simplex);
    const order = () => {
      const idx = simplex.map((_, i) => i).sort((a, b) => f[a] - f[b]);
      simplex = idx.map((i) => simplex[i]);
      f = idx.map((i) => f[i]);
    };
    order();
    while (iterations < maxiter) {
      const spreadX = Math.max(...simplex.slice(1).map((x) => Math.max(...x.map((v, i) => Math.abs(v - simplex[0][i])))));
      const spreadF = Math.max(...f.slice(1).map((v) => Math.abs(v - f[0])));
      if (spreadX <= tol && spreadF <= tol) {
        converged = true;
        break;
      }
      iterations++;
      const centroid = x0.map((_, i) => simplex.slice(0, n).reduce((s, x) => s + x[i], 0) / n);
      const along = (t: number) => clip(centroid.map((c, i) => c + t * (simplex[n][i] - c)));
      const xr = along(-1);
      const [fr] = await evaluate([xr]);
      if (fr < f[0]) {
        const xe = along(-2);
        const [fe] = await evaluate([xe]);
        [simplex[n], f[n]] = fe < fr ? [xe, fe] : [xr, fr];
      } else if (fr < f[n - 1]) {
        [simplex[n], f[n]] = [xr, fr];
      } else {
        const outside = fr < f[n];
        const xc = along(outside ? -0.5 : 0.5);
        const [fc] = await evaluate([xc]);
        if (outside ? fc <= fr : fc < f[n]) [simplex[n], f[n]] = [xc, fc];
        else {
          const shrunk = simplex.slice(1).map((x) => clip(x.map((v, i) => simplex[0][i] + 0.5 * (v - simplex[0][i]))));
          const fs = await evaluate(shrunk);
          simplex = [simplex[0], ...shrunk];
          f = [f[0], ...fs];
        }
      }
      order();
    }
  } finally {
    if (owned) await executor.close();
  }
  return { ...history.result(where), iterations, converged };
}
