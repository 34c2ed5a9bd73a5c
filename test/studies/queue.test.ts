import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSensitivities, geneticOptimization, minimize, parameterVariation, QueueExecutor } from '../../src/studies/index.ts';

/*
 * The Redis-queue executor with a real Redis server and two `flexdyn worker` processes: the four studies give the
 * serial results bit for bit; failing cases are reported; a worker killed in the middle of a case loses nothing
 * (the case is taken over once its lock expires, lock 1.5 s and stalled check 0.5 s instead of bullmq's 30 s);
 * a killed study process resumes from its results file. `.ci/run` starts redis-server and sets
 * FLEXDYN_TEST_REDIS_URL; without it the tests skip with a printed reason, except with CI=true where that fails.
 */

const redisUrl = process.env.FLEXDYN_TEST_REDIS_URL;
const ci = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI.toLowerCase());
const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'src', 'cli.ts');
const casesModule = fileURLToPath(new URL('./fixtures/cases.mjs', import.meta.url));
const fn = (name: string) => ({ module: casesModule, function: name });

describe('queue executor without a server', () => {
  it('namesAnUnreachableRedisWithinSeconds', async () => {
    const started = performance.now();
    const executor = new QueueExecutor({ name: 'nowhere', redis: 'redis://127.0.0.1:1' });
    await expect(parameterVariation(fn('trivial'), { x: [0, 1, 2] }, { executor, showProgress: false })).rejects.toThrow(/cannot reach the Redis server at redis:\/\/127\.0\.0\.1:1/);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(() => new QueueExecutor({ name: 'q', redis: 'http://x' })).toThrow(/redis must be a redis:\/\/ URL/);
  });

  if (redisUrl === undefined) {
    if (ci) it('hasARedisServerInCI', () => expect.fail('CI is set but FLEXDYN_TEST_REDIS_URL is not: .ci/run starts redis-server and sets it'));
    else console.log('queue tests with a Redis server skipped: FLEXDYN_TEST_REDIS_URL is not set (.ci/run starts redis-server and sets it)');
  }
});

/** A worker process and the lines it printed. */
interface WorkerProcess {
  child: ChildProcess;
  lines: string[];
}

function startWorker(queue: string): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'worker', '--queue', queue, '--redis', redisUrl!, '--lock-duration', '1500', '--stalled-interval', '500', '--verbose'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const worker: WorkerProcess = { child, lines: [] };
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolvePromise, reject) => {
    let buffer = '';
    child.stdout!.on('data', (d) => {
      buffer += d;
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        worker.lines.push(line);
        if (line.startsWith('flexdyn worker:')) resolvePromise(worker);
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${stderr}`)));
  });
}

function stop(worker: WorkerProcess | undefined): void {
  if (worker !== undefined && worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
}

describe.skipIf(redisUrl === undefined)('queue executor with a Redis server and two worker processes', () => {
  const queueName = `studies-test-${process.pid}-${Date.now()}`;
  let workers: WorkerProcess[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'flexdyn-queue-'));
  const queue = () => ({ executor: 'queue' as const, queue: { name: queueName, redis: redisUrl!, backoff: 50, sweepInterval: 500 }, showProgress: false });

  beforeAll(async () => {
    workers = await Promise.all([startWorker(queueName), startWorker(queueName)]);
  });
  afterAll(() => {
    workers.forEach(stop);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('givesTheSerialResultsBitForBitForAllFourStudies', async () => {
    const grid = { stiffness: [50, 500, 4], damping: [0.1, 3, 3] } as const;
    const serial = await parameterVariation(fn('oscillator'), grid, { showProgress: false });
    const queued = await parameterVariation(fn('oscillator'), grid, queue());
    expect(queued.values).toEqual(serial.values);
    expect(queued.values).toHaveLength(12);
    const gaOptions = { populationSize: 8, numberOfGenerations: 3, randomizerInitialization: 3 };
    const gaSerial = await geneticOptimization(fn('bowl'), { a: [-1, 1], b: [-1, 1] }, { ...gaOptions, showProgress: false });
    const gaQueued = await geneticOptimization(fn('bowl'), { a: [-1, 1], b: [-1, 1] }, { ...gaOptions, ...queue() });
    expect(gaQueued.values).toEqual(gaSerial.values);
    expect(gaQueued.optimumParameters).toEqual(gaSerial.optimumParameters);
    const nmSerial = await minimize(fn('bowl'), { a: [-1, 1], b: [-1, 1] }, { tol: 1e-5, showProgress: false });
    const nmQueued = await minimize(fn('bowl'), { a: [-1, 1], b: [-1, 1] }, { tol: 1e-5, ...queue() });
    expect(nmQueued.values).toEqual(nmSerial.values);
    expect(nmQueued.optimumParameters.a).toBeCloseTo(0.3, 2);
    const sSerial = await computeSensitivities(fn('oscillator'), { stiffness: [100, 1e-4], damping: [1, 1e-4] }, { showProgress: false });
    const sQueued = await computeSensitivities(fn('oscillator'), { stiffness: [100, 1e-4], damping: [1, 1e-4] }, queue());
    expect(sQueued.sensitivity).toEqual(sSerial.sensitivity);
  });

  it('reportsFailingCasesWithTheirParametersAfterTheRetries', async () => {
    const before = workers.map((w) => w.lines.length);
    const result = await parameterVariation(fn('misbehaving'), [0, 1, 2, 3, 5].map((mode) => ({ mode })), queue());
    expect(result.cases.map((c) => c.value)).toEqual([10, undefined, undefined, undefined, 15]);
    expect(result.cases[1]).toMatchObject({ parameters: { mode: 1 }, error: 'bad case 1' });
    expect(result.cases[2].error).toMatch(/returned NaN/);
    expect(result.cases[3].error).toMatch(/array of 2 numbers, expected a number/);
    // the throwing case was attempted three times (attempts 3, back-off 50 ms, 100 ms); NaN is not retried
    const attempts = workers.flatMap((w, k) => w.lines.slice(before[k])).filter((l) => /^start .*-1 attempt/.test(l));
    expect(attempts.map((l) => l.split(' ').pop()).sort()).toEqual(['1', '2', '3']);
  });

  it('resumesAKilledStudyProcessWithoutRecomputingFinishedCases', async () => {
    const resultsFile = join(scratch, 'resume.jsonl');
    const script = join(root, 'test', 'studies', 'fixtures', 'queueStudy.mts');
    const lines = () => (existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').filter((l) => l !== '') : []);
    const first = spawn(process.execPath, ['--import', 'tsx', script, redisUrl!, queueName, resultsFile], { cwd: root, stdio: 'ignore' });
    while (lines().length < 3) await new Promise((r) => setTimeout(r, 20));
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const written = lines().length;
    expect(written).toBeLessThan(8);
    const second = spawn(process.execPath, ['--import', 'tsx', script, redisUrl!, queueName, resultsFile], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    second.stdout!.on('data', (d) => (out += d));
    await new Promise((r) => second.once('exit', r));
    expect(JSON.parse(out)).toEqual({ values: [0, 2, 4, 6, 8, 10, 12, 14], failed: 0 });
    const indices = lines().map((l) => JSON.parse(l).index as number).sort((a, b) => a - b);
    expect(indices).toEqual([0, 1, 2, 3, 4, 5, 6, 7]); // each case written once: the second run computed only the rest
  });

  it('retriesTheCaseOfAKilledWorkerAndLosesOrDuplicatesNothing', async () => {
    const resultsFile = join(scratch, 'kill.jsonl');
    const [victim, survivor] = workers;
    const before = victim.lines.length;
    const study = parameterVariation(fn('busy'), { x: [0, 5, 6], ms: [400, 400, 1] }, { ...queue(), resultsFile });
    while (!victim.lines.slice(before).some((l) => l.startsWith('start '))) await new Promise((r) => setTimeout(r, 10));
    const killedJob = victim.lines.slice(before).find((l) => l.startsWith('start '))!.split(' ')[1];
    victim.child.kill('SIGKILL');
    const result = await study;
    expect(result.values).toEqual([0, 2, 4, 6, 8, 10]);
    expect(result.failed).toEqual([]);
    expect(survivor.lines.some((l) => l.startsWith(`done ${killedJob}`))).toBe(true); // taken over by the other worker
    const indices = readFileSync(resultsFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l).index as number).sort((a, b) => a - b);
    expect(indices).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
