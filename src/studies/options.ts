/**
 * Options every study takes (executor, threads, queue, results file, progress, computation index) and the
 * checks shared by the studies: known option keys, parameter ranges, the shape of the returned values.
 * @module
 */
import { checkKnownKeys } from '../core/dictionary.ts';
import { FlexdynError, describeValue } from '../core/errors.ts';
import type { CaseRecord } from './cases.ts';
import { InlineExecutor, ThreadExecutor, type Executor } from './executors.ts';
import { QueueExecutor, type QueueExecutorOptions } from './queue.ts';

/** Options common to parameterVariation, geneticOptimization, minimize and computeSensitivities. */
export interface StudyOptions {
  /**
   * Where cases run: 'inline' (default; this thread), 'threads' (worker threads of this machine), 'queue'
   * (bullmq on Redis, see `queue`), or an executor object the caller keeps open across studies.
   */
  executor?: 'inline' | 'threads' | 'queue' | Executor;
  /** Exudyn's switch: true selects 'threads' when `executor` is not given. */
  useMultiProcessing?: boolean;
  /** Worker threads for 'threads' (default: the number of cores). */
  numberOfThreads?: number;
  /** The queue for 'queue': name, Redis URL, attempts, back-off. */
  queue?: QueueExecutorOptions;
  /** JSON-lines file the cases are written to as they finish; a restarted study reads it and skips finished cases. */
  resultsFile?: string;
  /** Show a progress bar (default true; in place on a terminal, silent when CI is set). */
  showProgress?: boolean;
  /** Add 'computationIndex' (the case's index) to each parameter set, as Exudyn does. */
  addComputationIndex?: boolean;
}

/** The keys of {@link StudyOptions}, for the unknown-key check of each study. */
export const studyOptionKeys = ['executor', 'useMultiProcessing', 'numberOfThreads', 'queue', 'resultsFile', 'showProgress', 'addComputationIndex'] as const;

/** The executor the options ask for, and whether the study owns it (closes it at the end). */
export function executorFor(options: StudyOptions, where: string): { executor: Executor; owned: boolean } {
  const choice = options.executor ?? (options.useMultiProcessing === true ? 'threads' : 'inline');
  if (typeof choice === 'object' && choice !== null && typeof choice.run === 'function') return { executor: choice, owned: false };
  if (choice === 'inline') return { executor: new InlineExecutor(), owned: true };
  if (choice === 'threads') return { executor: new ThreadExecutor({ numberOfThreads: options.numberOfThreads }), owned: true };
  if (choice === 'queue') {
    if (options.queue === undefined) throw new FlexdynError(`${where}: executor 'queue' needs the option queue: { name, redis }`, { parameter: 'queue' });
    return { executor: new QueueExecutor(options.queue), owned: true };
  }
  throw new FlexdynError(`${where}: executor must be 'inline', 'threads', 'queue' or an executor object, got ${describeValue(choice)}`, { parameter: 'executor' });
}

/** Checks the options dictionary against the study's known keys (a misspelled option is a named error). */
export function checkStudyOptions(where: string, options: unknown, extraKeys: readonly string[]): void {
  checkKnownKeys(where, options, [...studyOptionKeys, ...extraKeys], `an option of ${where}`);
}

/** Checks a finite number option. */
export function checkNumber(where: string, name: string, value: unknown, condition: (v: number) => boolean, expected: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !condition(value)) throw new FlexdynError(`${where}: ${name} must be ${expected}, got ${describeValue(value)}`, { parameter: name });
  return value;
}

/** Checks a search range [min, max] of a parameter (min ≤ max, both finite). */
export function checkRange(where: string, name: string, range: unknown): [number, number] {
  if (!Array.isArray(range) || range.length !== 2 || !range.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new FlexdynError(`${where}: parameters.${name} must be a range [min, max] of two finite numbers, got ${describeValue(range)}`, { parameter: `parameters.${name}` });
  }
  if (range[0] > range[1]) throw new FlexdynError(`${where}: parameters.${name} has min > max: [${range[0]}, ${range[1]}]`, { parameter: `parameters.${name}` });
  return [range[0], range[1]];
}

/**
 * Marks failed every record whose value does not have the shape of the first successful record in parameter
 * order (a number, or an array of that length); `scalar` requires a number (objective functions).
 */
export function checkShapes(records: CaseRecord[], scalar: boolean): CaseRecord[] {
  const first = records.find((r) => r.value !== undefined)?.value;
  const shapeOf = (v: number | number[]) => (typeof v === 'number' ? 'a number' : `an array of ${v.length} numbers`);
  return records.map((r) => {
    if (r.value === undefined) return r;
    const expected = scalar ? 'a number' : shapeOf(first!);
    if (shapeOf(r.value) === expected) return r;
    return { index: r.index, parameters: r.parameters, error: `the parameter function returned ${shapeOf(r.value)}, expected ${expected}${scalar ? ' (an objective value)' : ' like the first case'}` };
  });
}
