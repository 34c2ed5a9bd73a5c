/**
 * One Flexdyn side of the side-by-side harness (bench/peers/sideBySide.mjs), run from its compiled output
 * (bench/peers/out/bench/peers/flexdynRun.js, on dist/) as a fresh process:
 *
 * - `flexdynRun.js <model>`: runs the test model once (testModels/<model>.ts) with
 *   MainSystem.solveDynamic and solveStatic timed, and the solveSystem calls of the solver objects (MainSolverStatic,
 *   MainSolverImplicitSecondOrder, MainSolverExplicit), which the ports of scripts that drive a solver object call, as
 *   bench/peers/exudynRun.py times Exudyn's SolveSystem (process.hrtime and process.cpuUsage() around each call,
 *   summed over the calls: wall and CPU seconds; a solver object's steps and Newton counts from its `it`);
 * - `flexdynRun.js <model> --warm <timed> [--warmup <runs>]`: the same in one process, warm: warm-up runs until at least
 *   `runs` (default 2) runs and 1 s of solving (at most 200 runs, and at most 10 s of wall after the first 20), then at
 *   least `timed` runs and 0.5 s (at most 50 runs), seconds of solving counted as CPU time (a loaded machine's walls
 *   would end the warm-up too early);
 *   reports the median solve time of the timed runs, and every timed run's wall (`all`) and CPU seconds (`allCpu`);
 * - `flexdynRun.js <model> --batches [--warmup <runs>]`: warm, paced by the driver (sideBySide.mjs interleaves these
 *   batches with Exudyn's processes): the same warm-up, then the line `PEERS_READY {json}` (warm-up runs, the last
 *   warm-up run's solve seconds), then one command per line on stdin: a positive integer n runs one untimed run and
 *   then n timed runs and prints `PEERS_BATCH {json}` (the timed runs' wall and CPU seconds summed, steps summed, per-run
 *   lists `all` and `allCpu`, and the untimed run's `rewarmSeconds` and `rewarmCpuSeconds`: between batches the process sits idle while an
 *   Exudyn process runs on its CPU, and the first run after that can take more than the steady state —
 *   docs/decisions.md, "Side by side: a batch starts with one untimed run"); `end` or the end of stdin prints
 *   `PEERS_RESULT` over all timed runs of all batches as `--warm` does, and exits;
 * - `flexdynRun.js particles<n> [--warm <timed>]`: bench/particles.bench.ts's particle box of n spheres, the time of
 *   its steps after the first (the bench row's own timing).
 *
 * Prints the model's own output, then one line `PEERS_RESULT {json}`: solve seconds and CPU seconds (per run, or the
 * medians), the process's CPU seconds so far (user + system, all threads) when the line is printed, steps,
 * Newton iterations and Jacobian updates (summed over the solves of one run), the solve calls and the model's result.
 * @module
 */

import '../../src/node.ts'; // Node's file system: the models write their solution files as Exudyn's do
import { createRequire } from 'node:module';
import {
  MainSystem, SimulationSettings, DynamicSolverType, MainSolverBase, type SolverStatistics,
} from '../../src/index.ts';
import type { TestModel } from '../../testModels/testModel.ts';
import type { Benchmark } from '../harness.ts';
// bench/particles.bench.ts and bench/harness.ts (node:inspector) are imported only where
// needed: a cold process of a test model loads the package and the model's module, as the model's own script would

// node:fs and node:url through require: an ES import of a built-in builds its module facade, which for node:fs reads every
// export, fs.promises too (≈ 3–4 ms of a fresh process that the model's own script does not pay; docs/benchmarks.md, cold20)
const require = createRequire(import.meta.url);
const { existsSync } = require('node:fs') as typeof import('node:fs');
const { fileURLToPath } = require('node:url') as typeof import('node:url');

/** What the solves of one run did. */
interface RunRecord {
  seconds: number;
  cpuSeconds: number;
  steps: number;
  newton: number;
  jacobians: number;
  solves: number;
  result: number;
}

let current: RunRecord = { seconds: 0, cpuSeconds: 0, steps: 0, newton: 0, jacobians: 0, solves: 0, result: Number.NaN };

/**
 * Milliseconds of Node's monotonic clock: process.hrtime, not the global `performance`, whose first use loads Node's
 * perf_hooks (≈ 1.6 ms of a fresh process that the model's own script does not pay; docs/benchmarks.md, cold20).
 */
function milliseconds(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** CPU seconds of this process so far (user + system). */
function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) * 1e-6;
}

/** Adds one solve's wall and CPU time (from `started` and `startedCpu`) and statistics to the current run. */
function record<S extends Pick<SolverStatistics, 'steps' | 'newtonIterations' | 'jacobianUpdates'>>(started: number, startedCpu: number, statistics: S): S {
  current.seconds += (milliseconds() - started) / 1000;
  current.cpuSeconds += cpuSeconds() - startedCpu;
  current.steps += statistics.steps;
  current.newton += statistics.newtonIterations;
  current.jacobians += statistics.jacobianUpdates;
  current.solves++;
  return statistics;
}

const solveDynamic = MainSystem.prototype.solveDynamic;
const solveStatic = MainSystem.prototype.solveStatic;
MainSystem.prototype.solveDynamic = function (this: MainSystem, settings: SimulationSettings = new SimulationSettings(), solverType: DynamicSolverType = DynamicSolverType.GeneralizedAlpha) {
  const started = milliseconds(), startedCpu = cpuSeconds();
  return record(started, startedCpu, solveDynamic.call(this, settings, solverType));
};
MainSystem.prototype.solveStatic = function (this: MainSystem, settings: SimulationSettings = new SimulationSettings()) {
  const started = milliseconds(), startedCpu = cpuSeconds();
  return record(started, startedCpu, solveStatic.call(this, settings));
};

// a solver object's solveSystem (initializeSolver, solveSteps, finalizeSolver; MainSystem.solveDynamic does not call it)
const solveSystem = MainSolverBase.prototype.solveSystem;
MainSolverBase.prototype.solveSystem = function (this: MainSolverBase, ...args: Parameters<typeof solveSystem>) {
  const started = milliseconds(), startedCpu = cpuSeconds();
  const solved = solveSystem.apply(this, args);
  // the index of the last step solved (steps count from 1) and the Newton counts of the run, as Exudyn's solver.it
  const it = this.it;
  record(started, startedCpu, { steps: it.currentStepIndex, newtonIterations: it.newtonStepsCount, jacobianUpdates: it.newtonJacobiCount });
  return solved;
};

/** The ported test model of the given name (testModels/<name>). */
async function findModel(name: string): Promise<TestModel> {
  // the compiled output has .js files, tsx (for debugging) the sources
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const file = new URL(`../../testModels/${name}${extension}`, import.meta.url);
  if (!existsSync(fileURLToPath(file))) throw new Error(`no test model testModels/${name}${extension}`);
  const module = (await import(file.href)) as Record<string, TestModel | undefined>;
  const model = module[name];
  if (model === undefined || typeof model.run !== 'function') throw new Error(`testModels/${name}: no export named ${name}`);
  return model;
}

/** One run of a test model. */
function runModel(model: TestModel): RunRecord {
  current = { seconds: 0, cpuSeconds: 0, steps: 0, newton: 0, jacobians: 0, solves: 0, result: Number.NaN };
  current.result = model.run();
  return current;
}

/** One run of the particle box of n spheres: the bench row's timed steps (all steps after the first; wall only, no CPU). */
function runParticles(particleBenchmarks: () => readonly Benchmark[], n: number): RunRecord {
  const benchmark = particleBenchmarks().find((b) => b.name === `particles${n}`);
  if (benchmark === undefined) throw new Error(`no particle box of ${n} spheres in bench/particles.bench.ts`);
  const prepared = benchmark.prepare(benchmark.steps);
  prepared.solve();
  const lowest = /lowest centre z = (\S+)/.exec(prepared.check());
  return { seconds: prepared.timedSeconds!(), cpuSeconds: Number.NaN, steps: prepared.steps, newton: 0, jacobians: 0, solves: 1, result: Number(lowest?.[1]) };
}

const [name, ...options] = process.argv.slice(2);
const usage = 'usage: node flexdynRun.js <model>|particles<n> [--warm <timed runs> | --batches] [--warmup <runs>]';
/** The value of a numeric option, or undefined. */
function numericOption(flag: string): number | undefined {
  const at = options.indexOf(flag);
  if (at < 0) return undefined;
  const parsed = Number(options[at + 1]);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${flag}: expected a positive integer, got ${options[at + 1]}; ${usage}`);
  return parsed;
}
const batches = options.includes('--batches');
const valued = options.filter((o) => o !== '--batches');
if (name === undefined || valued.some((o, i) => i % 2 === 0 && o !== '--warm' && o !== '--warmup') || (batches && valued.includes('--warm'))) throw new Error(usage);
const timed = numericOption('--warm');
const warmUpRuns = numericOption('--warmup') ?? 2;
const particles = /^particles(\d+)$/.exec(name);
const model = particles === null ? await findModel(name) : undefined;
const particleBenchmarks = particles === null ? undefined : (await import('../particles.bench.ts')).particleBenchmarks;
const once = (): RunRecord => (model !== undefined ? runModel(model) : runParticles(particleBenchmarks!, Number(particles![1])));
// the budgets count CPU seconds of the solves (wall where no CPU is measured): on a loaded machine walls would end the
// warm-up after a few runs, before the JIT has compiled the solve
const spent = (r: RunRecord): number => (Number.isFinite(r.cpuSeconds) ? r.cpuSeconds : r.seconds);

/**
 * The warm-up of --warm and --batches: at least `warmUpRuns` runs and 1 s of solving, at most 200 runs and, after the
 * first 20, 10 s of wall: a short model (geometricallyExactBeamTest, 15 ms of solving per run) reaches its 1 s only
 * after ≈ 65 runs, and until then TurboFan still compiles its setup functions on other threads during the runs
 * (docs/benchmarks.md, warm20). Returns the number of runs and the last run.
 */
function warmUp(): { runs: number; last: RunRecord | undefined } {
  let solving = 0;
  let last: RunRecord | undefined;
  const started = milliseconds();
  let runs = 0;
  for (; runs < 200 && (runs < warmUpRuns || solving < 1) && (runs < 20 || milliseconds() - started < 10_000); runs++) {
    last = once();
    solving += spent(last);
  }
  return { runs, last };
}

/** The PEERS_RESULT line of the timed runs of a warm process: the last run's counts, the medians and every run's times. */
async function printWarmResult(runs: readonly RunRecord[]): Promise<void> {
  const { median } = await import('../harness.ts');
  const last = runs[runs.length - 1];
  console.log(`PEERS_RESULT ${JSON.stringify({
    ...last, seconds: median(runs.map((r) => r.seconds)), cpuSeconds: median(runs.map((r) => r.cpuSeconds)), runs: runs.length,
    all: runs.map((r) => r.seconds), allCpu: runs.map((r) => r.cpuSeconds), processCpuSeconds: cpuSeconds(),
  })}`);
}

if (batches) {
  const warmed = warmUp();
  console.log(`PEERS_READY ${JSON.stringify({ warmUpRuns: warmed.runs, seconds: warmed.last?.seconds, cpuSeconds: warmed.last?.cpuSeconds })}`);
  const { createInterface } = await import('node:readline');
  const runs: RunRecord[] = [];
  for await (const line of createInterface({ input: process.stdin })) {
    const command = line.trim();
    if (command === 'end') break;
    const n = Number(command);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--batches: expected a positive integer or 'end' on stdin, got '${command}'`);
    const rewarm = once();
    const batch = Array.from({ length: n }, () => once());
    runs.push(...batch);
    const sum = (key: 'seconds' | 'cpuSeconds' | 'steps'): number => batch.reduce((total, r) => total + r[key], 0);
    console.log(`PEERS_BATCH ${JSON.stringify({
      runs: n, seconds: sum('seconds'), cpuSeconds: sum('cpuSeconds'), steps: sum('steps'),
      all: batch.map((r) => r.seconds), allCpu: batch.map((r) => r.cpuSeconds), rewarmSeconds: rewarm.seconds, rewarmCpuSeconds: rewarm.cpuSeconds,
    })}`);
  }
  if (runs.length === 0) throw new Error('--batches: no batch was run');
  await printWarmResult(runs);
  process.stdin.destroy();
} else if (timed === undefined) {
  const run = once();
  console.log(`PEERS_RESULT ${JSON.stringify({ ...run, processCpuSeconds: cpuSeconds() })}`);
} else {
  warmUp();
  const runs: RunRecord[] = [];
  let total = 0;
  while (runs.length < 50 && (runs.length < timed || total < 0.5)) {
    runs.push(once());
    total += spent(runs[runs.length - 1]);
  }
  await printWarmResult(runs);
}
