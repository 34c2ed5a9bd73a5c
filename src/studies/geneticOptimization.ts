/**
 * `geneticOptimization` (Exudyn's GeneticOptimization): an elitist evolutionary search in a box of parameter
 * ranges, seeded so that a run is reproducible; each generation's cases run as one batch on the executor.
 * @module
 */
import { FlexdynError, describeValue } from '../core/errors.ts';
import { isDictionary } from '../core/dictionary.ts';
import type { CaseRecord, ParameterFunction, ParameterSet, StudyCase } from './cases.ts';
import { checkNumber, checkRange, checkShapes, checkStudyOptions, executorFor, type StudyOptions } from './options.ts';
import { SeededRandom } from './random.ts';
import { runCases } from './runCases.ts';

/** Options of {@link geneticOptimization} (Exudyn's names and defaults). */
export interface GeneticOptimizationOptions extends StudyOptions {
  /** Individuals per generation (default 100). */
  populationSize?: number;
  /** Generations including the first, random one (default 10). */
  numberOfGenerations?: number;
  /** Share of the population that survives into the next generation unchanged (default 0.1; at least one survivor). */
  elitistRatio?: number;
  /** Probability that a child is a crossover of two survivors instead of a mutation of one (default 0.25). */
  crossoverProbability?: number;
  /** Share of the parameters a crossover child takes from the second survivor (default 0.5). */
  crossoverAmount?: number;
  /** Factor by which the range children are drawn from shrinks each generation (default 0.7). */
  rangeReductionFactor?: number;
  /**
   * Survivors must lie at least this share of the parameter ranges apart (normalized Euclidean distance), so
   * that the search keeps several minima (default 0.1; 0 switches it off).
   */
  distanceFactor?: number;
  /** Seed of the random numbers (Exudyn's randomizerInitialization; default: a random seed, reported in the result). */
  randomizerInitialization?: number;
}

const gaKeys = ['populationSize', 'numberOfGenerations', 'elitistRatio', 'crossoverProbability', 'crossoverAmount', 'rangeReductionFactor', 'distanceFactor', 'randomizerInitialization'];

/** What {@link geneticOptimization} returns (Exudyn's [pOpt, vOpt, pList, values] plus the details). */
export interface OptimizationResult {
  /** The parameters of the best value found. */
  optimumParameters: ParameterSet;
  /** The best (smallest) objective value found. */
  optimumValue: number;
  /** Per parameter, its value in each evaluation (in evaluation order). */
  parameterList: Record<string, number[]>;
  /** The objective value of each evaluation (NaN for a failed one). */
  values: number[];
  /** Index of the generation (or iteration) of each evaluation. */
  generation: number[];
  /** Failed evaluations with their parameters and errors. */
  failed: CaseRecord[];
  /** The seed used (geneticOptimization). */
  seed?: number;
}

/** An evaluated individual. */
interface Individual {
  parameters: ParameterSet;
  value: number;
}

/** Collects evaluations in order into an {@link OptimizationResult}. */
export class OptimizationHistory {
  readonly parameterList: Record<string, number[]>;
  readonly values: number[] = [];
  readonly generation: number[] = [];
  readonly failed: CaseRecord[] = [];
  best: Individual | undefined;

  constructor(readonly names: readonly string[]) {
    this.parameterList = Object.fromEntries(names.map((n) => [n, [] as number[]]));
  }

  /** Adds the records of one batch; returns their values (NaN for failed ones). */
  add(records: readonly CaseRecord[], generation: number): number[] {
    return checkShapes([...records], true).map((r) => {
      for (const n of this.names) this.parameterList[n].push(r.parameters[n]);
      const value = typeof r.value === 'number' ? r.value : NaN;
      this.values.push(value);
      this.generation.push(generation);
      if (r.error !== undefined) this.failed.push(r);
      else if (this.best === undefined || value < this.best.value) this.best = { parameters: stripIndex(r.parameters), value };
      return value;
    });
  }

  /** The result; a named error when every evaluation failed. */
  result(where: string, seed?: number): OptimizationResult {
    if (this.best === undefined) throw new FlexdynError(`${where}: every evaluation failed; first error: ${this.failed[0]?.error ?? 'none'}`);
    return { optimumParameters: this.best.parameters, optimumValue: this.best.value, parameterList: this.parameterList, values: this.values, generation: this.generation, failed: this.failed, seed };
  }
}

/** A parameter set without the computation index the study added. */
function stripIndex(parameters: ParameterSet): ParameterSet {
  const { computationIndex: _, ...rest } = parameters;
  return rest;
}

/** Checks the dictionary of ranges { name: [min, max] }. */
export function checkRanges(where: string, parameters: unknown): Record<string, [number, number]> {
  if (!isDictionary(parameters) || Object.keys(parameters).length === 0) throw new FlexdynError(`${where}: parameters must be a dictionary of ranges { name: [min, max] }, got ${describeValue(parameters)}`, { parameter: 'parameters' });
  return Object.fromEntries(Object.entries(parameters).map(([name, range]) => [name, checkRange(where, name, range)]));
}

/**
 * Minimizes the objective returned by `parameterFunction` over the box `parameters = { name: [min, max] }`.
 * Generation 0 draws `populationSize` individuals uniformly in the box. Each further generation keeps the best
 * individuals (elitistRatio of the population, at least one, pairwise at least distanceFactor apart in the
 * range-normalized space) and fills the population with children: a child of one survivor is drawn uniformly in a
 * box around it whose size is the range times rangeReductionFactor^generation (clipped to the ranges); with
 * probability crossoverProbability a child instead takes each parameter, with probability crossoverAmount, from a
 * second survivor. Only the children are evaluated. Same seed, same options → same evaluations on every executor.
 */
export async function geneticOptimization(parameterFunction: ParameterFunction, parameters: Record<string, readonly [number, number]>, options: GeneticOptimizationOptions = {}): Promise<OptimizationResult> {
  const where = 'geneticOptimization';
  checkStudyOptions(where, options, gaKeys);
  const ranges = checkRanges(where, parameters);
  const populationSize = checkNumber(where, 'populationSize', options.populationSize ?? 100, (v) => Number.isInteger(v) && v >= 1, 'an integer ≥ 1');
  const numberOfGenerations = checkNumber(where, 'numberOfGenerations', options.numberOfGenerations ?? 10, (v) => Number.isInteger(v) && v >= 1, 'an integer ≥ 1');
  const elitistRatio = checkNumber(where, 'elitistRatio', options.elitistRatio ?? 0.1, (v) => v >= 0 && v <= 1, 'in [0, 1]');
  const crossoverProbability = checkNumber(where, 'crossoverProbability', options.crossoverProbability ?? 0.25, (v) => v >= 0 && v <= 1, 'in [0, 1]');
  const crossoverAmount = checkNumber(where, 'crossoverAmount', options.crossoverAmount ?? 0.5, (v) => v >= 0 && v <= 1, 'in [0, 1]');
  const rangeReductionFactor = checkNumber(where, 'rangeReductionFactor', options.rangeReductionFactor ?? 0.7, (v) => v > 0 && v <= 1, 'in (0, 1]');
  const distanceFactor = checkNumber(where, 'distanceFactor', options.distanceFactor ?? 0.1, (v) => v >= 0, '≥ 0');
  const seed = options.randomizerInitialization ?? Math.floor(Math.random() * 2 ** 32);
  checkNumber(where, 'randomizerInitialization', seed, (v) => Number.isInteger(v), 'an integer');
  const names = Object.keys(ranges);
  const random = new SeededRandom(seed);
  const numberOfSurvivors = Math.min(populationSize, Math.max(1, Math.round(elitistRatio * populationSize)));
  const history = new OptimizationHistory(names);
  const { executor, owned } = executorFor(options, where);
  const clip = (name: string, v: number) => Math.min(ranges[name][1], Math.max(ranges[name][0], v));
  const normalizedDistance = (p: ParameterSet, q: ParameterSet) => Math.sqrt(names.reduce((sum, n) => {
    const span = ranges[n][1] - ranges[n][0];
    return span > 0 ? sum + ((p[n] - q[n]) / span) ** 2 : sum;
  }, 0));
  let population: Individual[] = [];
  let caseIndex = 0;
  try {
    for (let g = 0; g < numberOfGenerations; g++) {
      let survivors: Individual[] = [];
      const children: ParameterSet[] = [];
      if (g === 0) {
        for (let i = 0; i < populationSize; i++) children.push(Object.fromEntries(names.map((n) => [n, random.uniform(ranges[n][0], ranges[n][1])])));
      } else {
        const sorted = population.filter((p) => Number.isFinite(p.value)).sort((p, q) => p.value - q.value);
        for (const candidate of sorted) {
          if (survivors.length >= numberOfSurvivors) break;
          if (survivors.every((s) => normalizedDistance(s.parameters, candidate.parameters) >= distanceFactor * rangeReductionFactor ** (g - 1))) survivors.push(candidate);
        }
        if (survivors.length === 0) throw new FlexdynError(`${where}: every case of generation ${g - 1} failed; first error: ${history.failed[0]?.error ?? 'none'}`);
        const shrink = rangeReductionFactor ** g;
        for (let i = 0; children.length < populationSize - survivors.length; i++) {
          const parent = survivors[i % survivors.length];
          if (survivors.length > 1 && random.next() < crossoverProbability) {
            const other = survivors[random.integer(survivors.length)];
            children.push(Object.fromEntries(names.map((n) => [n, random.next() < crossoverAmount ? other.parameters[n] : parent.parameters[n]])));
          } else {
            children.push(Object.fromEntries(names.map((n) => {
              const half = 0.5 * shrink * (ranges[n][1] - ranges[n][0]);
              return [n, clip(n, parent.parameters[n] + random.uniform(-half, half))];
            })));
          }
        }
      }
      const cases: StudyCase[] = children.map((set) => {
        const index = caseIndex++;
        return { index, parameters: options.addComputationIndex === true ? { ...set, computationIndex: index } : set };
      });
      const records = await runCases(parameterFunction, cases, { executor, studyName: where, label: `generation ${g}`, resultsFile: options.resultsFile, showProgress: options.showProgress });
      const values = history.add(records, g);
      population = [...survivors, ...children.map((parameters, i) => ({ parameters, value: values[i] }))];
    }
  } finally {
    if (owned) await executor.close();
  }
  return history.result(where, seed);
}
