/**
 * Benchmark of flexdyn/studies (`npm run bench -- --filter=studies`): a 200-case parameter variation of a small
 * CPU-bound model (bench/fixtures/studyCase.mjs, the compiled engine, ≥ 50 ms per case) inline, on 2 worker threads
 * and through the Redis queue with 2 `flexdyn worker` processes; the queue's overhead per case measured with a
 * trivial case (pipelined: 200 cases in one batch; latency: one case per batch, as Nelder–Mead submits); resident
 * memory per worker. Redis: FLEXDYN_TEST_REDIS_URL, else a redis-server on PATH started on a free port.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parameterVariation, InlineExecutor, ThreadExecutor, QueueExecutor, type Executor } from '../src/studies/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const caseModule = fileURLToPath(new URL('./fixtures/studyCase.mjs', import.meta.url));
const fn = (name: string) => ({ module: caseModule, function: name });

/** One row of the table. */
export interface StudiesBenchmarkRow {
  name: string;
  value: string;
  note: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePromise) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolvePromise(port));
    });
  });
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 10 ms). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of this process, all threads. */
function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match === null ? NaN : Number(match[1]) * 1024;
}

async function startWorker(queue: string, redis: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${root}src/cli.ts`, 'worker', '--queue', queue, '--redis', redis], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolvePromise, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('flexdyn worker:') && resolvePromise());
    child.once('exit', (code) => reject(new Error(`flexdyn worker exited with ${code}`)));
  });
  return child;
}

async function timeVariation(executor: Executor, cases: Record<string, readonly [number, number, number]>, name = 'massSpring'): Promise<{ seconds: number; values: unknown[] }> {
  const t0 = performance.now();
  const result = await parameterVariation(fn(name), cases, { executor, showProgress: false });
  if (result.failed.length > 0) throw new Error(`studies benchmark: ${result.failed.length} cases failed: ${result.failed[0].error}`);
  return { seconds: (performance.now() - t0) / 1000, values: result.values };
}

/** Runs the benchmark and returns its rows. */
export async function runStudiesBenchmark(): Promise<StudiesBenchmarkRow[]> {
  if (!existsSync(`${root}dist/index.js`)) throw new Error('studies benchmark: dist/ is missing; run npm run build first (the workers load the compiled engine)');
  // steps per case so that one case takes ≥ 50 ms inline (after warm-up runs, so that compilation is not counted)
  const inline = new InlineExecutor();
  const one = (n: number) => ({ mass: [1.6, 1.6, 1], spring: [4000, 4000, 1], steps: [n, n, 1] }) as const;
  for (let i = 0; i < 3; i++) await timeVariation(inline, one(2000));
  let steps = 4000;
  for (let i = 0; i < 4; i++) {
    const { seconds } = await timeVariation(inline, one(steps));
    if (seconds >= 0.055) break;
    steps = Math.ceil((steps * 0.065) / seconds);
  }
  const grid = { mass: [1, 10, 10], spring: [1000, 10000, 20], steps: [steps, steps, 1] } as const; // 200 cases
  const rows: StudiesBenchmarkRow[] = [];
  let cpu = ownCpuSeconds();
  const serial = await timeVariation(inline, grid);
  const serialCores = (ownCpuSeconds() - cpu) / serial.seconds;
  rows.push({ name: 'inline, 200 cases', value: `${(200 / serial.seconds).toFixed(2)} cases/s`, note: `${((serial.seconds / 200) * 1000).toFixed(1)} ms per case (${steps} steps); CPU used ${serialCores.toFixed(2)} cores` });

  const rssBefore = process.memoryUsage().rss;
  const threads = new ThreadExecutor({ numberOfThreads: 2 });
  await timeVariation(threads, { mass: [1, 2, 2], spring: [4000, 4000, 1], steps: [10, 10, 1] }); // start the threads, load the engine
  const threadMemory = (process.memoryUsage().rss - rssBefore) / 2;
  cpu = ownCpuSeconds();
  const onThreads = await timeVariation(threads, grid);
  const threadCores = (ownCpuSeconds() - cpu) / onThreads.seconds;
  await threads.close();
  const same = JSON.stringify(onThreads.values) === JSON.stringify(serial.values);
  rows.push({ name: '2 worker threads, 200 cases', value: `${(200 / onThreads.seconds).toFixed(2)} cases/s`, note: `speed-up ${(serial.seconds / onThreads.seconds).toFixed(2)}× (goal ≥ 1.8×); CPU used ${threadCores.toFixed(2)} cores; results ${same ? 'identical to inline' : 'DIFFER from inline'}` });
  rows.push({ name: 'memory per worker thread', value: `${(threadMemory / 2 ** 20).toFixed(0)} MiB`, note: 'growth of the process RSS per started thread with the engine loaded' });

  let redis = process.env.FLEXDYN_TEST_REDIS_URL;
  let server: ChildProcess | undefined;
  if (redis === undefined) {
    const port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 300));
    redis = `redis://127.0.0.1:${port}`;
  }
  const queueName = `studies-bench-${process.pid}`;
  const workers = await Promise.all([startWorker(queueName, redis), startWorker(queueName, redis)]);
  try {
    const queue = new QueueExecutor({ name: queueName, redis });
    await timeVariation(queue, { mass: [1, 2, 2], spring: [4000, 4000, 1], steps: [10, 10, 1] }); // workers load the engine
    const workerCpu = () => workers.reduce((sum, w) => sum + cpuSecondsOf(w.pid!), 0);
    const cpuBefore = workerCpu();
    const queued = await timeVariation(queue, grid);
    const queueCores = (workerCpu() - cpuBefore) / queued.seconds;
    const sameQueued = JSON.stringify(queued.values) === JSON.stringify(serial.values);
    rows.push({ name: 'queue, 2 worker processes, 200 cases', value: `${(200 / queued.seconds).toFixed(2)} cases/s`, note: `speed-up ${(serial.seconds / queued.seconds).toFixed(2)}×; CPU used by the workers ${queueCores.toFixed(2)} cores; results ${sameQueued ? 'identical to inline' : 'DIFFER from inline'}` });
    rows.push({ name: 'memory per queue worker process', value: `${(workers.reduce((s, w) => s + rssOf(w.pid!), 0) / 2 / 2 ** 20).toFixed(0)} MiB`, note: 'RSS of a flexdyn worker process (Node, tsx, bullmq, engine) after the run' });
    const trivialGrid = { x: [0, 199, 200] } as const;
    const pipelined = await timeVariation(queue, trivialGrid, 'trivial');
    const inlineTrivial = await timeVariation(inline, trivialGrid, 'trivial');
    rows.push({ name: 'queue overhead per case, pipelined', value: `${(((pipelined.seconds - inlineTrivial.seconds) / 200) * 1000).toFixed(2)} ms`, note: '200 trivial cases in one batch, 2 workers, minus the inline time' });
    let single = 0;
    for (let i = 0; i < 20; i++) single += (await timeVariation(queue, { x: [i, i, 1] }, 'trivial')).seconds;
    rows.push({ name: 'queue round trip of one case', value: `${((single / 20) * 1000).toFixed(2)} ms`, note: 'one trivial case per batch (a Nelder–Mead step): submit, process, event back' });
    await queue.close();
  } finally {
    workers.forEach((w) => w.kill('SIGTERM'));
    server?.kill('SIGTERM');
  }
  return rows;
}
