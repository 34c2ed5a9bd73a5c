/**
 * Executors run the cases of a study: inline in the study's thread, on worker threads of this machine
 * (piscina), or through a Redis queue on any number of machines (bullmq, in queue.ts). All three implement
 * {@link Executor}; the studies call nothing else.
 * @module
 */
import { availableParallelism } from 'node:os';
import { FlexdynError, describeValue } from '../core/errors.ts';
import {
  checkCaseValue, errorMessage, loadParameterFunction, resolveFunctionModule,
  type CaseOutcome, type InlineParameterFunction, type ParameterFunction, type ParameterFunctionModule, type StudyCase,
} from './cases.ts';

/** Runs cases of a study and reports each outcome as it finishes (in any order). */
export interface Executor {
  /** 'inline', 'threads' or 'queue'. */
  readonly kind: string;
  /**
   * Runs the cases; calls `onOutcome` once per case as it finishes; resolves when all have finished.
   * `label` names the batch (a study, a generation) for the queue's parent job.
   */
  run(parameterFunction: ParameterFunction, cases: readonly StudyCase[], onOutcome: (outcome: CaseOutcome) => void, label: string): Promise<void>;
  /** Releases threads and connections. */
  close(): Promise<void>;
}

/** Runs one case in this thread: the function's value checked, a throw or bad value as the case's error. */
async function runCaseHere(fn: InlineParameterFunction, c: StudyCase): Promise<CaseOutcome> {
  try {
    const checked = checkCaseValue(await fn(c.parameters));
    return { index: c.index, ...checked };
  } catch (error) {
    return { index: c.index, error: errorMessage(error) };
  }
}

/** Runs the cases one after another in the study's own thread (for debugging; takes an inline function too). */
export class InlineExecutor implements Executor {
  readonly kind = 'inline';

  async run(parameterFunction: ParameterFunction, cases: readonly StudyCase[], onOutcome: (outcome: CaseOutcome) => void): Promise<void> {
    const fn = typeof parameterFunction === 'function' ? parameterFunction : await loadParameterFunction(resolveFunctionModule(parameterFunction, 'inline executor'));
    for (const c of cases) onOutcome(await runCaseHere(fn, c));
  }

  async close(): Promise<void> {}
}

/** The module form of a parameter function, or a named error for an inline function where workers need a module. */
export function requireFunctionModule(parameterFunction: ParameterFunction, executor: string): ParameterFunctionModule {
  if (typeof parameterFunction === 'function') {
    throw new FlexdynError(`${executor} executor: parameterFunction must be { module, function } (a JavaScript module path and export name that a worker can load), got an inline function; inline functions run only with executor 'inline'`, { parameter: 'parameterFunction' });
  }
  return resolveFunctionModule(parameterFunction, `${executor} executor`);
}

/** Options of the worker-thread executor. */
export interface ThreadExecutorOptions {
  /** Number of worker threads (default: the number of cores, os.availableParallelism()). */
  numberOfThreads?: number;
}

/**
 * Runs the cases on a pool of worker threads (piscina), one case per thread at a time. A case whose function
 * throws, returns a bad value or kills its thread (process.exit, an uncaught error) is reported failed with its
 * error; the pool replaces the thread and the study goes on.
 */
export class ThreadExecutor implements Executor {
  readonly kind = 'threads';
  /** Number of worker threads. */
  readonly numberOfThreads: number;
  private pool: { run(task: unknown, options: { filename: string; name: string }): Promise<unknown>; destroy(): Promise<void> } | undefined;

  constructor(options: ThreadExecutorOptions = {}) {
    const n = options.numberOfThreads ?? availableParallelism();
    if (!Number.isInteger(n) || n < 1) throw new FlexdynError(`threads executor: numberOfThreads must be an integer ≥ 1, got ${describeValue(n)}`, { parameter: 'numberOfThreads' });
    this.numberOfThreads = n;
  }

  private async getPool() {
    if (this.pool === undefined) {
      let Piscina: typeof import('piscina').Piscina;
      try {
        ({ Piscina } = await import('piscina'));
      } catch (error) {
        throw new FlexdynError(`threads executor: the package 'piscina' is not installed (npm install piscina); it is an optional dependency of flexdyn/studies`, { cause: error });
      }
      this.pool = new Piscina({ minThreads: this.numberOfThreads, maxThreads: this.numberOfThreads, concurrentTasksPerWorker: 1, idleTimeout: 60_000 });
    }
    return this.pool;
  }

  async run(parameterFunction: ParameterFunction, cases: readonly StudyCase[], onOutcome: (outcome: CaseOutcome) => void): Promise<void> {
    const spec = requireFunctionModule(parameterFunction, 'threads');
    const pool = await this.getPool();
    await Promise.all(cases.map(async (c) => {
      let outcome: CaseOutcome;
      try {
        const value = await pool.run(c.parameters, { filename: spec.module, name: spec.function });
        outcome = { index: c.index, ...checkCaseValue(value) };
      } catch (error) {
        outcome = { index: c.index, error: errorMessage(error) };
      }
      onOutcome(outcome);
    }));
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
