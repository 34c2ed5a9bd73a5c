/**
 * One row of `npm run bench` in one process, for A/B runs of two checkouts (docs/benchmarks.md, "Per-row A/B"):
 * `npx tsx bench/abRow.ts <worktree> <row> [repetitions] [steps]` builds the row from `<worktree>/bench` and
 * `<worktree>/src` (any checkout with the same bench files, e.g. 5cb7b7e), runs its warm-up, then the timed solves, and
 * prints the minimum and median wall and CPU time (process.cpuUsage) of the solves and the row's check. `linalg` runs
 * bench/linalg/sparseLU.bench.ts instead and prints its medians.
 *
 * Environment: CTX=<steps> first runs every row before this one (for `linalg`: every model row) in the order of
 * bench/runBenchmarks.ts once with at most that many steps, so that the shared code has seen the other models as in the full run (the type feedback they
 * leave changes the optimized code); WARM=<steps> overrides the warm-up steps; PROF=<file> writes a CPU profile of the
 * timed solves only (all solves prepared before) and prints the functions with the most self time.
 * @module
 */

import { existsSync, writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import type { Benchmark, PreparedBenchmark } from './harness.ts';

const [worktree, rowName, repetitionsArgument, stepsArgument] = process.argv.slice(2);
if (worktree === undefined || rowName === undefined) throw new Error('usage: npx tsx bench/abRow.ts <worktree> <row> [repetitions] [steps]');

/** A module of the worktree under test. */
async function load<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(`${worktree}/${path}`).href)) as T;
}

/** The rows of bench/runBenchmarks.ts (5cb7b7e and later), in its order. */
async function rows(): Promise<Benchmark[]> {
  const single = await load<{ singleMassBenchmarks: Benchmark[] }>('bench/singleMass.bench.ts');
  const chain = await load<{ springChainImplicit: Benchmark; springChainExplicit: Benchmark }>('bench/springChain.bench.ts');
  const grid = await load<{ sparseGridBenchmarks: Benchmark[] }>('bench/sparseGrid.bench.ts');
  const rigid = await load<{ rigidBodyBenchmarks: () => Benchmark[] }>('bench/rigidBodies.bench.ts');
  const rodStatics = await load<{ rodStaticsBenchmarks: () => Benchmark[] }>('bench/rodStatics.bench.ts');
  const rodScaling = await load<{ rodScalingBenchmarks: () => Benchmark[] }>('bench/rodScaling.bench.ts');
  const rodDynamics = await load<{ rodDynamicsBenchmarks: () => Benchmark[] }>('bench/rodDynamics.bench.ts');
  const reduced = await load<{ ffrfReducedOrderBenchmarks: () => Benchmark[] }>('bench/ffrfReducedOrder.bench.ts');
  const full = await load<{ ffrfFullBenchmarks: () => Benchmark[] }>('bench/ffrfFull.bench.ts');
  return [
    chain.springChainImplicit, ...grid.sparseGridBenchmarks, chain.springChainExplicit, ...single.singleMassBenchmarks,
    ...rigid.rigidBodyBenchmarks(), ...rodStatics.rodStaticsBenchmarks(), ...rodScaling.rodScalingBenchmarks(),
    ...rodDynamics.rodDynamicsBenchmarks(), ...reduced.ffrfReducedOrderBenchmarks(), ...full.ffrfFullBenchmarks(),
  ];
}

/** Self time per function of a CPU profile, the largest first, as lines `percent name file`. */
function topSelfTime(profile: Profiler.Profile, count: number): string[] {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  for (const id of samples) {
    const frame = frames.get(id)!;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, n]) => `${((100 * n) / samples.length).toFixed(1).padStart(5)} % ${key}`);
}

const minimum = (values: number[]) => Math.min(...values);
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

if (existsSync(`${worktree}/src/node.ts`)) await load('src/node.ts');
if (rowName === 'linalg') {
  const context = process.env.CTX;
  if (context !== undefined) for (const other of await rows()) other.prepare(Math.min(other.warmUpSteps, Number(context))).solve();
  const linalg = await load<{ runLinalgBenchmarks: () => { name: string; medianMs: number }[] }>('bench/linalg/sparseLU.bench.ts');
  for (const row of linalg.runLinalgBenchmarks()) console.log(`${row.name}\t${row.medianMs.toFixed(3)} ms`);
} else {
  const all = await rows();
  const benchmark = all.find((b) => b.name === rowName) ?? all.find((b) => b.name.includes(rowName));
  if (benchmark === undefined) throw new Error(`no row ${rowName}; rows: ${all.map((b) => b.name).join(', ')}`);
  const repetitions = repetitionsArgument === undefined ? benchmark.repetitions : Number(repetitionsArgument);
  const steps = stepsArgument === undefined ? benchmark.steps : Number(stepsArgument);
  const context = process.env.CTX;
  if (context !== undefined) {
    for (const other of all) {
      if (other === benchmark) break;
      other.prepare(Math.min(other.warmUpSteps, Number(context))).solve();
    }
  }
  const warmUpSteps = process.env.WARM === undefined ? benchmark.warmUpSteps : Number(process.env.WARM);
  for (let w = 0; w < (benchmark.warmUpRuns ?? 1); w++) benchmark.prepare(warmUpSteps).solve();
  const profileFile = process.env.PROF;
  const prepared: PreparedBenchmark[] = profileFile === undefined ? [] : Array.from({ length: repetitions }, () => benchmark.prepare(steps));
  const session = profileFile === undefined ? undefined : new Session();
  if (session !== undefined) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const wall: number[] = [];
  const cpu: number[] = [];
  let last: PreparedBenchmark | undefined;
  for (let r = 0; r < repetitions; r++) {
    last = prepared[r] ?? benchmark.prepare(steps);
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    last.solve();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  if (session !== undefined) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profileFile!, JSON.stringify(profile));
    for (const line of topSelfTime(profile, 25)) console.log(line);
  }
  console.log(`${benchmark.name}\twall min ${minimum(wall).toFixed(2)} ms, median ${middle(wall).toFixed(2)} ms\tCPU min ${minimum(cpu).toFixed(2)} ms, median ${middle(cpu).toFixed(2)} ms\t${last!.check()}`);
}
