/**
 * The Redis-backed executor (bullmq): the study process adds one parent job per batch (a study, a generation)
 * with one child job per case, and collects each case's outcome from the queue's events; `flexdyn worker`
 * processes on any number of machines take the cases. Retries with exponential back-off for a case whose
 * function throws; a case whose worker dies is taken over by another worker once its lock expires (bullmq's
 * stalled-job check). bullmq is loaded on first use, so the rest of flexdyn/studies works without it.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { FlexdynError, describeValue } from '../core/errors.ts';
import { checkKnownKeys } from '../core/dictionary.ts';
import {
  checkCaseValue, errorMessage, loadParameterFunction,
  type CaseOutcome, type InlineParameterFunction, type ParameterFunction, type StudyCase,
} from './cases.ts';
import { requireFunctionModule, type Executor } from './executors.ts';

type Bullmq = typeof import('bullmq');

/** Loads bullmq, or a named error when the optional dependency is not installed. */
async function loadBullmq(): Promise<Bullmq> {
  try {
    return await import('bullmq');
  } catch (error) {
    throw new FlexdynError(`queue executor: the package 'bullmq' is not installed (npm install bullmq); it is an optional dependency of flexdyn/studies`, { cause: error });
  }
}

/** Redis connection settings (ioredis options) from a redis:// URL, with bounded reconnects. */
export function redisConnection(url: string): { host: string; port: number; username?: string; password?: string; db: number; maxRetriesPerRequest: null; connectTimeout: number; retryStrategy: (times: number) => number } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FlexdynError(`queue: redis must be a URL like redis://host:6379, got ${describeValue(url)}`, { parameter: 'redis' });
  }
  if (parsed.protocol !== 'redis:') throw new FlexdynError(`queue: redis must be a redis:// URL, got ${describeValue(url)}`, { parameter: 'redis' });
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new FlexdynError(`queue: the database number in ${url} must be a non-negative integer, got '${parsed.pathname.slice(1)}'`, { parameter: 'redis' });
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    username: parsed.username === '' ? undefined : decodeURIComponent(parsed.username),
    password: parsed.password === '' ? undefined : decodeURIComponent(parsed.password),
    db,
    maxRetriesPerRequest: null, // bullmq workers require it; a lost connection is retried, not failed per command
    connectTimeout: 3000,
    retryStrategy: (times: number) => Math.min(100 * 2 ** times, 2000),
  };
}

/**
 * Checks that a TCP connection to the Redis server opens within `timeoutMs`; a named error otherwise (instead
 * of a client that retries for ever).
 */
export async function checkRedisReachable(url: string, timeoutMs = 3000): Promise<void> {
  const { host, port } = redisConnection(url);
  await new Promise<void>((resolvePromise, reject) => {
    const socket = new Socket();
    const fail = (reason: string) => {
      socket.destroy();
      reject(new FlexdynError(`queue: cannot reach the Redis server at ${url} (${reason}); start redis-server or pass the right --redis URL`, { parameter: 'redis' }));
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs} ms`));
    socket.once('error', (error) => fail(errorMessage(error)));
    socket.connect(port, host, () => {
      socket.end();
      resolvePromise();
    });
  });
}

/** Options of the queue executor (the study process's side). */
export interface QueueExecutorOptions {
  /** Queue name (the workers' --queue). */
  name: string;
  /** Redis URL, e.g. redis://127.0.0.1:6379 (the workers' --redis). */
  redis: string;
  /** Attempts per case when the function throws (default 3). */
  attempts?: number;
  /** First back-off delay in ms between attempts, doubling each time (default 1000). */
  backoff?: number;
  /** Milliseconds between sweeps that look up unreported cases in Redis (default 2000). */
  sweepInterval?: number;
}

const queueExecutorKeys = ['name', 'redis', 'attempts', 'backoff', 'sweepInterval'];

/** The queue holding the parent jobs of a case queue. */
export function parentQueueName(name: string): string {
  return `${name}-study`;
}

/**
 * Submits cases to a bullmq queue and collects their outcomes: a parent job per batch in `<name>-study`, a child
 * job per case in `<name>`. Outcomes arrive through the queue's events (completed / failed after the last
 * attempt); a periodic sweep looks up cases whose event was missed, so nothing is lost.
 */
export class QueueExecutor implements Executor {
  readonly kind = 'queue';
  private readonly options: Required<QueueExecutorOptions>;
  private opened: { bullmq: Bullmq; queue: InstanceType<Bullmq['Queue']>; events: InstanceType<Bullmq['QueueEvents']>; flow: InstanceType<Bullmq['FlowProducer']> } | undefined;

  constructor(options: QueueExecutorOptions) {
    checkKnownKeys('queue executor', options, queueExecutorKeys, 'an option of the queue executor');
    if (typeof options.name !== 'string' || !/^[A-Za-z0-9_.-]+$/.test(options.name)) throw new FlexdynError(`queue executor: name must be letters, digits, '_', '.', '-', got ${describeValue(options.name)}`, { parameter: 'name' });
    redisConnection(options.redis);
    const attempts = options.attempts ?? 3, backoff = options.backoff ?? 1000, sweepInterval = options.sweepInterval ?? 2000;
    if (!Number.isInteger(attempts) || attempts < 1) throw new FlexdynError(`queue executor: attempts must be an integer ≥ 1, got ${describeValue(attempts)}`, { parameter: 'attempts' });
    if (!(backoff >= 0)) throw new FlexdynError(`queue executor: backoff must be ≥ 0 ms, got ${describeValue(backoff)}`, { parameter: 'backoff' });
    if (!(sweepInterval > 0)) throw new FlexdynError(`queue executor: sweepInterval must be > 0 ms, got ${describeValue(sweepInterval)}`, { parameter: 'sweepInterval' });
    this.options = { name: options.name, redis: options.redis, attempts, backoff, sweepInterval };
  }

  private async open() {
    if (this.opened === undefined) {
      await checkRedisReachable(this.options.redis);
      const bullmq = await loadBullmq();
      const connection = redisConnection(this.options.redis);
      const queue = new bullmq.Queue(this.options.name, { connection });
      const events = new bullmq.QueueEvents(this.options.name, { connection });
      const flow = new bullmq.FlowProducer({ connection });
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady(), flow.waitUntilReady()]);
      this.opened = { bullmq, queue, events, flow };
    }
    return this.opened;
  }

  async run(parameterFunction: ParameterFunction, cases: readonly StudyCase[], onOutcome: (outcome: CaseOutcome) => void, label: string): Promise<void> {
    const spec = requireFunctionModule(parameterFunction, 'queue');
    if (cases.length === 0) return;
    const { queue, events, flow } = await this.open();
    const run = randomUUID();
    const jobIdOf = (index: number) => `${run}-${index}`;
    const byJobId = new Map(cases.map((c) => [jobIdOf(c.index), c.index]));
    const reported = new Set<number>();
    let finish!: () => void;
    const allDone = new Promise<void>((resolvePromise) => (finish = resolvePromise));
    const report = (outcome: CaseOutcome) => {
      if (reported.has(outcome.index)) return;
      reported.add(outcome.index);
      onOutcome(outcome);
      if (reported.size === cases.length) finish();
    };
    const onCompleted = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) => {
      const index = byJobId.get(jobId);
      if (index === undefined) return;
      const value = typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue;
      report({ index, ...checkCaseValue(value) });
    };
    const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
      const index = byJobId.get(jobId);
      if (index !== undefined) report({ index, error: failedReason });
    };
    events.on('completed', onCompleted);
    events.on('failed', onFailed);
    const sweep = async () => {
      for (const [jobId, index] of byJobId) {
        if (reported.has(index)) continue;
        const job = await queue.getJob(jobId);
        if (job === undefined) continue;
        const state = await job.getState();
        if (state === 'completed') onCompleted({ jobId, returnvalue: job.returnvalue });
        else if (state === 'failed') onFailed({ jobId, failedReason: job.failedReason });
      }
    };
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      sweep().catch(() => undefined).finally(() => (sweeping = false));
    }, this.options.sweepInterval);
    try {
      await flow.add({
        name: label,
        queueName: parentQueueName(this.options.name),
        data: { label, cases: cases.length },
        opts: { jobId: `${run}-parent`, removeOnComplete: { age: 86_400 }, removeOnFail: { age: 86_400 } },
        children: cases.map((c) => ({
          name: 'case',
          queueName: this.options.name,
          data: { module: spec.module, function: spec.function, parameters: c.parameters, index: c.index },
          opts: {
            jobId: jobIdOf(c.index),
            attempts: this.options.attempts,
            backoff: { type: 'exponential', delay: this.options.backoff },
            ignoreDependencyOnFailure: true,
            removeOnComplete: { age: 86_400 },
            removeOnFail: { age: 86_400 },
          },
        })),
      });
      await allDone;
    } finally {
      clearInterval(timer);
      events.off('completed', onCompleted);
      events.off('failed', onFailed);
    }
  }

  async close(): Promise<void> {
    if (this.opened === undefined) return;
    const { queue, events, flow } = this.opened;
    this.opened = undefined;
    await Promise.all([queue.close(), events.close(), flow.close()]);
  }
}

/** Options of a queue worker (`flexdyn worker`). */
export interface QueueWorkerOptions {
  /** Queue name. */
  queue: string;
  /** Redis URL. */
  redis: string;
  /** Cases processed at the same time by this process (default 1: a case is CPU-bound). */
  concurrency?: number;
  /**
   * Lock duration in ms (default 30000): a case whose worker stops renewing its lock this long is taken over by
   * another worker. A case runs on the worker's main thread and blocks lock renewal while it computes, so a
   * single case must take less than this.
   */
  lockDuration?: number;
  /** Milliseconds between stalled-job checks (default 30000). */
  stalledInterval?: number;
  /** Called with a line for each case started and finished (default: nothing). */
  log?: (line: string) => void;
}

/** A running queue worker. */
export interface QueueWorker {
  /** Stops taking cases, finishes the running ones, closes the connections. */
  close(): Promise<void>;
}

/**
 * Starts a worker process's consumers: the case queue (loads the job's module once, calls the function, returns
 * its checked value; a bad value fails the case without retry, a throw is retried with back-off) and the parent
 * queue (completes a batch's parent job with its counts once all its cases have finished).
 */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  await checkRedisReachable(options.redis);
  const bullmq = await loadBullmq();
  const connection = redisConnection(options.redis);
  const functions = new Map<string, Promise<InlineParameterFunction>>();
  const log = options.log ?? (() => undefined);
  const cases = new bullmq.Worker(options.queue, async (job) => {
    const data = job.data as { module: string; function: string; parameters: Record<string, number>; index: number };
    const key = `${data.module}#${data.function}`;
    let fn = functions.get(key);
    if (fn === undefined) functions.set(key, (fn = loadParameterFunction({ module: data.module, function: data.function })));
    log(`start ${job.id} attempt ${job.attemptsMade + 1}`);
    const checked = checkCaseValue(await (await fn)(data.parameters));
    if ('error' in checked) throw new bullmq.UnrecoverableError(checked.error);
    log(`done ${job.id}`);
    return checked.value;
  }, {
    connection,
    concurrency: options.concurrency ?? 1,
    lockDuration: options.lockDuration ?? 30_000,
    stalledInterval: options.stalledInterval ?? 30_000,
    maxStalledCount: 2,
  });
  const parents = new bullmq.Worker(parentQueueName(options.queue), async (job) => {
    const [values, failures] = await Promise.all([job.getChildrenValues(), job.getIgnoredChildrenFailures()]);
    return { completed: Object.keys(values).length, failed: Object.keys(failures).length };
  }, { connection });
  await Promise.all([cases.waitUntilReady(), parents.waitUntilReady()]);
  return {
    close: async () => {
      await Promise.all([cases.close(), parents.close()]);
    },
  };
}
