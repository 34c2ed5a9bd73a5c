/** What the clock uses of Node's `process`, read through globalThis so that the engine needs no Node global. */
interface HostProcess {
  hrtime?: { bigint?: () => bigint };
}

const hostHrtime = (globalThis as { process?: HostProcess }).process?.hrtime;

/**
 * Milliseconds of a monotonic clock, for the solvers' computation time and progress lines. Under Node it reads
 * `process.hrtime.bigint()`: Node 20 loads its perf_hooks modules (≈ 1.6 ms of a fresh process) on the first use of the
 * global `performance`, which a solve would otherwise pay for a statistic (docs/benchmarks.md, cold20); elsewhere (a
 * browser, a worker) `performance.now()`.
 */
export const monotonicMilliseconds: () => number = typeof hostHrtime?.bigint === 'function'
  ? () => Number(hostHrtime.bigint!()) / 1e6
  : () => performance.now();
