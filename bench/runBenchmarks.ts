/**
 * Runs all benchmarks (`npm run bench`) and prints one table: model size, steps, median wall
 * time of the solve (model building excluded), time per step and per step and coordinate,
 * garbage collections during the timed runs, the estimated allocation per step, and Exudyn's
 * figure with our ratio to it. Then the rows of the linear-algebra benchmarks
 * (bench/linalg/sparseLU.bench.ts) and of the sparse eigen solver (bench/femEigen.bench.ts). The particle rows
 * (bench/particles.bench.ts) add the slope of their time per step over the number of spheres.
 *
 * Options: `--filter=<text>` runs only benchmarks whose name contains the text;
 * `--markdown` prints the tables as Markdown (for docs/benchmarks.md); `--no-linalg` skips
 * the linear-algebra rows; `--no-fem` skips the sparse eigen rows (bench/femEigen.bench.ts); `--no-build` skips the
 * model-build rows (bench/modelBuild.bench.ts: time and retained heap per node at 1e4 and 1e5 nodes; heap after a GC
 * when node runs with --expose-gc); `--filter=studies` runs only the parameter-studies benchmark
 * (bench/studies.bench.ts; without a filter it runs last).
 * @module
 */

import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import '../src/node.ts'; // Node's file system: models and benchmarks write their files to disk
import { formatComparison, formatDuration, runBenchmark, type Benchmark, type BenchmarkResult } from './harness.ts';
import { singleMassBenchmarks } from './singleMass.bench.ts';
import { springChainImplicit, springChainExplicit } from './springChain.bench.ts';
import { sparseGridBenchmarks } from './sparseGrid.bench.ts';
import { rigidBodyBenchmarks } from './rigidBodies.bench.ts';
import { rodStaticsBenchmarks } from './rodStatics.bench.ts';
import { rodScalingBenchmarks } from './rodScaling.bench.ts';
import { runFemEigenBenchmarks } from './femEigen.bench.ts';
import { runModelBuildBenchmarks } from './modelBuild.bench.ts';
import { rodDynamicsBenchmarks } from './rodDynamics.bench.ts';
import { ffrfReducedOrderBenchmarks } from './ffrfReducedOrder.bench.ts';
import { ffrfFullBenchmarks } from './ffrfFull.bench.ts';
import { runStudiesBenchmark } from './studies.bench.ts';
import { particleBenchmarks, particleScalingSlope } from './particles.bench.ts';

/** All benchmarks in report order. */
const benchmarks: readonly Benchmark[] = [
  springChainImplicit,
  ...sparseGridBenchmarks,
  springChainExplicit,
  ...singleMassBenchmarks,
  ...rigidBodyBenchmarks(),
  ...rodStaticsBenchmarks(),
  ...rodScalingBenchmarks(),
  ...rodDynamicsBenchmarks(),
  ...ffrfReducedOrderBenchmarks(),
  ...ffrfFullBenchmarks(),
  ...particleBenchmarks(),
];

/** A row of the linear-algebra benchmarks (the shape bench/linalg/sparseLU.bench.ts returns). */
interface LinalgRow {
  name: string;
  medianMs: number;
  note?: string;
}

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

function printTable(header: string[], rows: string[][], markdown: boolean, rightAligned: boolean[]): void {
  if (markdown) {
    console.log(`| ${header.join(' | ')} |`);
    console.log(`|${header.map((_, c) => (rightAligned[c] ? '---:' : ':---')).join('|')}|`);
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    return;
  }
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((row) => row[c].length)));
  const line = (row: string[]) => row.map((cell, c) => (rightAligned[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function resultRow(r: BenchmarkResult): string[] {
  return [
    r.benchmark.name,
    String(r.coordinates),
    r.steps.toLocaleString('en-US'),
    String(r.benchmark.repetitions),
    formatDuration(r.medianSeconds),
    formatDuration(r.microsecondsPerStep * 1e-6),
    formatDuration(r.nanosecondsPerStepAndCoordinate * 1e-9),
    String(r.garbageCollections),
    r.bytesPerStep === undefined ? '–' : `${r.bytesPerStep < 10 ? r.bytesPerStep.toFixed(1) : Math.round(r.bytesPerStep).toLocaleString('en-US')} B`,
    formatComparison(r.benchmark.comparison),
    r.ratio === undefined ? '–' : r.ratio.toFixed(2),
  ];
}

async function linalgRows(): Promise<LinalgRow[] | undefined> {
  const path = fileURLToPath(new URL('./linalg/sparseLU.bench.ts', import.meta.url));
  if (!existsSync(path)) return undefined;
  const module = (await import(pathToFileURL(path).href)) as { runLinalgBenchmarks?: () => LinalgRow[] | Promise<LinalgRow[]> };
  return module.runLinalgBenchmarks === undefined ? undefined : await module.runLinalgBenchmarks();
}

async function main(): Promise<void> {
  const filter = option('filter');
  const markdown = flag('markdown');
  if (filter === 'studies') {
    console.log(`Flexdyn studies benchmark: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`);
    printTable(['parameter studies (bench/studies)', 'result', 'note'], (await runStudiesBenchmark()).map((r) => [r.name, r.value, r.note]), markdown, [false, true, false]);
    return;
  }
  const selected = benchmarks.filter((b) => filter === undefined || b.name.includes(filter));
  console.log(`Flexdyn benchmarks: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; medians of the timed runs after warm-up runs`);
  const results: BenchmarkResult[] = [];
  for (const benchmark of selected) {
    const result = await runBenchmark(benchmark);
    results.push(result);
    if (!markdown) console.log(`  ${benchmark.name}: ${formatDuration(result.medianSeconds)} (runs ${result.seconds.map((s) => formatDuration(s)).join(', ')}); ${result.check}`);
  }
  console.log();
  printTable(
    ['benchmark', 'coordinates', 'steps', 'runs', 'median', 'per step', 'per step·coord.', 'GCs', 'alloc/step', 'Exudyn / target', 'ratio'],
    results.map(resultRow),
    markdown,
    [false, true, true, true, true, true, true, true, true, true, true],
  );
  console.log();
  for (const r of results) {
    const c = r.benchmark.comparison;
    console.log(`${markdown ? '- ' : ''}${r.benchmark.name}: ${r.benchmark.description}; ${r.check}${c === undefined ? '' : `; comparison: ${c.source}`}`);
  }
  const slope = particleScalingSlope(results);
  if (slope !== undefined) console.log(`${markdown ? '- ' : ''}particles: slope of log(time per step) over log(spheres) ${slope} (the issue asks ≤ 1.1)`);
  if (flag('no-linalg') || filter !== undefined) return;
  const rows = await linalgRows();
  if (rows === undefined) return;
  console.log();
  printTable(['linear algebra (bench/linalg)', 'median', 'note'], rows.map((row) => [row.name, `${row.medianMs.toFixed(2)} ms`, row.note ?? '']), markdown, [false, true, false]);
  if (!flag('no-fem')) {
    console.log();
    printTable(['sparse eigen (bench/femEigen)', 'median', 'note'], runFemEigenBenchmarks().map((row) => [row.name, `${row.medianMs.toFixed(1)} ms`, row.note ?? '']), markdown, [false, true, false]);
  }
  if (!flag('no-build')) {
    console.log();
    printTable(
      ['model build (bench/modelBuild)', 'time', 'per node', 'CPU per node', 'heap per node'],
      runModelBuildBenchmarks().map((row) => [`${row.nodes} mass points, springs`, `${row.seconds.toFixed(2)} s`, `${row.microsecondsPerNode.toFixed(0)} µs`, `${row.cpuMicrosecondsPerNode.toFixed(0)} µs`, `${(row.bytesPerNode / 1024).toFixed(1)} kB`]),
      markdown, [false, true, true, true, true],
    );
  }
  console.log();
  printTable(['parameter studies (bench/studies)', 'result', 'note'], (await runStudiesBenchmark()).map((r) => [r.name, r.value, r.note]), markdown, [false, true, false]);
}

await main();
