/**
 * Benchmark harness: a benchmark builds its model untimed, then its solve is timed over
 * several repetitions after a warm-up run; the report holds the median wall time, per-step
 * and per-step-and-coordinate times, the garbage collections seen during the timed runs
 * and Exudyn's figure where one exists.
 * @module
 */

import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import type { MainSystem, SimulationSettings, SolverStatistics } from '../src/index.ts';

/** A figure to compare with: Exudyn's measured time (per step or per solve), or a target. */
export interface ComparisonFigure {
  /** Time per step in microseconds (dynamic benchmarks). */
  readonly microsecondsPerStep?: number;
  /** Wall time of the whole solve in seconds (static benchmarks). */
  readonly seconds?: number;
  /** Where the figure comes from, e.g. `Exudyn 1.11, perfSpringDamperExplicit`. */
  readonly source: string;
  /** Date of the measurement (a peer's figure), shown beside it in the table. */
  readonly measured?: string;
}

/** A model built and ready to be solved; solve() is what the harness times. */
export interface PreparedBenchmark {
  /** Number of unknowns (ODE2 coordinates plus algebraic coordinates). */
  readonly coordinates: number;
  /** Time steps (load steps for static solves) of one solve. */
  readonly steps: number;
  /** Runs the timed solve. */
  solve(): void;
  /**
   * Seconds of the timed part of the last solve(), when the benchmark times a part of it itself (e.g. the steps after
   * the first, without the solver's set-up); `steps` then counts the steps of that part. Absent: the wall time of solve().
   */
  timedSeconds?(): number;
  /** A short check of the result after the last solve (e.g. a final position), printed in the notes. */
  check(): string;
}

/** One benchmark: a model, a solver, how often to run it and what to compare it with. */
export interface Benchmark {
  /** Short name, used by `--filter`. */
  readonly name: string;
  /** Model and solver in a few words. */
  readonly description: string;
  /** Timed repetitions after the warm-up run (at least 3). */
  readonly repetitions: number;
  /** Time steps of the timed runs. */
  readonly steps: number;
  /** Time steps of the warm-up runs (JIT compilation); the same model size. */
  readonly warmUpSteps: number;
  /** Untimed warm-up runs before the timed ones (default 1). */
  readonly warmUpRuns?: number;
  /** Exudyn's figure or the target from the issue. */
  readonly comparison?: ComparisonFigure;
  /** Builds the model for the given number of steps (not timed). */
  prepare(steps: number): PreparedBenchmark;
}

/** Measured figures of one benchmark. */
export interface BenchmarkResult {
  /** The benchmark. */
  readonly benchmark: Benchmark;
  /** Unknowns of the model. */
  readonly coordinates: number;
  /** Steps per timed run. */
  readonly steps: number;
  /** Wall times of the timed runs in seconds. */
  readonly seconds: readonly number[];
  /** Median wall time in seconds. */
  readonly medianSeconds: number;
  /** Median time per step in microseconds. */
  readonly microsecondsPerStep: number;
  /** Median time per step and coordinate in nanoseconds. */
  readonly nanosecondsPerStepAndCoordinate: number;
  /** Garbage collections (all kinds) during all timed runs. */
  readonly garbageCollections: number;
  /** Estimated bytes allocated per step (see {@link allocatedBytesPerStep}); undefined for single-step (static) runs. */
  readonly bytesPerStep?: number;
  /** Our time divided by the comparison figure (per step, or per solve for static benchmarks). */
  readonly ratio?: number;
  /** The benchmark's result check. */
  readonly check: string;
}

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}

/** Counts garbage collections while active. */
class GcCounter {
  count = 0;
  private readonly observer = new PerformanceObserver((list) => { this.count += list.getEntries().length; });

  start(): void {
    this.count = 0;
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Stops observing; GC entries are delivered asynchronously, so wait one macrotask first. */
  async stop(): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.observer.disconnect();
    return this.count;
  }
}

/**
 * Runs one benchmark: warm-up runs, then the timed repetitions, each on a freshly built model,
 * then (for multi-step benchmarks) one more run of warmUpSteps steps under the sampling heap
 * profiler for the allocation estimate.
 */
export async function runBenchmark(benchmark: Benchmark): Promise<BenchmarkResult> {
  if (benchmark.repetitions < 3) throw new RangeError(`${benchmark.name}: at least 3 repetitions are required, got ${benchmark.repetitions}`);
  for (let w = 0; w < (benchmark.warmUpRuns ?? 1); w++) benchmark.prepare(benchmark.warmUpSteps).solve();
  const seconds: number[] = [];
  const gc = new GcCounter();
  let garbageCollections = 0;
  let prepared: PreparedBenchmark | undefined;
  for (let r = 0; r < benchmark.repetitions; r++) {
    prepared = benchmark.prepare(benchmark.steps);
    gc.start();
    const started = performance.now();
    prepared.solve();
    seconds.push(prepared.timedSeconds?.() ?? (performance.now() - started) / 1000);
    garbageCollections += await gc.stop();
  }
  const medianSeconds = median(seconds);
  const steps = prepared!.steps;
  const coordinates = prepared!.coordinates;
  const microsecondsPerStep = (medianSeconds / steps) * 1e6;
  const c = benchmark.comparison;
  const bytesPerStep = benchmark.warmUpSteps >= 2 ? await allocatedBytesPerStep(benchmark, benchmark.warmUpSteps) : undefined;
  const ratio = c?.microsecondsPerStep !== undefined ? microsecondsPerStep / c.microsecondsPerStep : c?.seconds !== undefined ? medianSeconds / c.seconds : undefined;
  return {
    benchmark, coordinates, steps, seconds, medianSeconds, microsecondsPerStep,
    nanosecondsPerStepAndCoordinate: (microsecondsPerStep * 1000) / coordinates,
    garbageCollections,
    bytesPerStep,
    ratio,
    check: prepared!.check(),
  };
}

/**
 * Bytes allocated per step by one solve of `steps` steps (model building excluded), estimated
 * with V8's sampling heap profiler including objects that garbage collections freed again:
 * the sum of the profiler's scaled allocation sizes, minus the same for a one-step solve
 * (setup allocations), divided by the extra steps.
 */
export async function allocatedBytesPerStep(benchmark: Benchmark, steps: number): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    const sampled = async (n: number): Promise<number> => {
      const prepared = benchmark.prepare(n);
      await session.post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true });
      prepared.solve();
      const { profile } = await session.post('HeapProfiler.stopSampling');
      let total = 0;
      const stack = [profile.head];
      while (stack.length > 0) {
        const node = stack.pop()!;
        total += node.selfSize;
        stack.push(...node.children);
      }
      return total;
    };
    const base = await sampled(1);
    const full = await sampled(steps);
    return Math.max(0, full - base) / (steps - 1);
  } finally {
    session.disconnect();
  }
}

/** Formats seconds with three significant digits in s, ms, µs or ns. */
export function formatDuration(seconds: number): string {
  const [scale, unit] = seconds >= 1 ? [1, 's'] : seconds >= 1e-3 ? [1e-3, 'ms'] : seconds >= 1e-6 ? [1e-6, 'µs'] : [1e-9, 'ns'];
  return `${(seconds / scale).toPrecision(3)} ${unit}`;
}

/**
 * A prepared benchmark whose timed solve is mbs.solveDynamic(settings) over `steps` steps; its check reports
 * `result()` (called after the last solve), the Newton iterations per step and the CPU time of the last run per step.
 */
export function dynamicSolveBenchmark(mbs: MainSystem, settings: SimulationSettings, steps: number, result: () => string): PreparedBenchmark {
  let statistics: SolverStatistics | undefined;
  let cpu = 0;
  return {
    coordinates: mbs.systemData.numberOfCoordinatesODE2() + mbs.systemData.numberOfCoordinatesAE(),
    steps,
    solve: () => {
      const started = process.cpuUsage();
      statistics = mbs.solveDynamic(settings);
      const used = process.cpuUsage(started);
      cpu = (used.user + used.system) * 1e-6;
    },
    check: () => {
      const newton = statistics === undefined ? '' : `${(statistics.newtonIterations / statistics.steps).toFixed(2)} Newton iterations/step, `;
      return `${result()}, ${newton}CPU time of the last run ${formatDuration(cpu / steps)}/step`;
    },
  };
}

/** Formats a comparison figure for the table. */
export function formatComparison(c: ComparisonFigure | undefined): string {
  if (c === undefined) return '–';
  if (c.microsecondsPerStep !== undefined) return `${c.microsecondsPerStep} µs/step${c.measured === undefined ? '' : ` (${c.measured})`}`;
  if (c.seconds !== undefined) return `${formatDuration(c.seconds)}`;
  return '–';
}
