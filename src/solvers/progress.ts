import { monotonicMilliseconds } from '../core/clock.ts';

/** What a progress line reports. */
export interface ProgressInfo {
  /** Solver name, e.g. 'GeneralizedAlpha'. */
  solverName: string;
  /** Current simulated time (load-step time for static solves). */
  t: number;
  /** Start time. */
  startTime: number;
  /** End time. */
  endTime: number;
  /** Accepted steps so far. */
  steps: number;
  /** Wall time since the start in seconds. */
  elapsed: number;
}

/** Duration in seconds as 's.s s', 'm:ss' or 'h:mm:ss'. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Steps per second with three significant digits (thousands separated by a space). */
function formatRate(rate: number): string {
  if (!Number.isFinite(rate)) return '?';
  if (rate >= 1000) return Math.round(rate).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return rate.toPrecision(3);
}

/**
 * One progress line: simulated time of the end time with percentage, steps per second and
 * the remaining wall time estimated from the rate of simulated time so far, e.g.
 * `GeneralizedAlpha: t = 0.45 / 2 (22.5 %), 1 234 steps/s, remaining 0:41`.
 */
export function formatProgressLine(info: ProgressInfo): string {
  const span = info.endTime - info.startTime;
  const done = span > 0 ? Math.min(1, Math.max(0, (info.t - info.startTime) / span)) : 1;
  const rate = info.elapsed > 0 ? info.steps / info.elapsed : NaN;
  const remaining = done > 0 ? (info.elapsed * (1 - done)) / done : NaN;
  const time = Number(info.t.toPrecision(6)).toString();
  return `${info.solverName}: t = ${time} / ${Number(info.endTime.toPrecision(6))} (${(100 * done).toFixed(1)} %), ${formatRate(rate)} steps/s, remaining ${formatDuration(remaining)}`;
}

/** Where progress goes: a writable text stream and whether it is a terminal. */
export interface ProgressStream {
  /** Writes text. */
  write(text: string): unknown;
  /** True for a terminal (updates in place with '\r'). */
  isTTY?: boolean;
}

/** What the progress line uses of Node's `process`, read through globalThis so that the engine needs no Node global. */
interface HostProcess {
  stdout?: ProgressStream;
  env?: Record<string, string | undefined>;
}

function hostProcess(): HostProcess | undefined {
  return (globalThis as { process?: HostProcess }).process;
}

/** The console as a progress stream (a browser, a worker): one console line per progress line. */
const consoleStream: ProgressStream = { write: (text: string) => console.log(text.replace(/\n$/, '')) };

/** Where progress goes by default: Node's stdout, else the console. */
export function defaultProgressStream(): ProgressStream {
  return hostProcess()?.stdout ?? consoleStream;
}

/** How progress is shown: 'tty' (in place), 'lines' (a line every lineInterval), 'off'. */
export type ProgressMode = 'tty' | 'lines' | 'off';

/** The mode for a stream and environment: off in CI (env CI set), in place on terminals, else lines. */
export function progressModeFor(stream: ProgressStream, environment: Record<string, string | undefined> = hostProcess()?.env ?? {}): ProgressMode {
  const ci = environment.CI;
  if (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false') return 'off';
  return stream.isTTY === true ? 'tty' : 'lines';
}

/** Seconds between two clock reads that {@link ProgressReporter} aims at (it reads the clock every k-th step). */
const clockReadInterval = 0.005;
/** The most steps between two clock reads (k): at 0.24 µs per step a read every ≈ 60 µs, i.e. ≈ 0.3 ns per step. */
const maxStepsPerClockRead = 256;

/**
 * Shows the progress of a long solve. Nothing is shown during the first `delay` seconds (short
 * solves stay quiet); then, on a terminal, the line is rewritten in place at most every
 * `ttyInterval` seconds and cleared at the end; in a pipe or log file a line is written every
 * `lineInterval` seconds; in CI nothing. The clock is read every k-th step, k doubled while two
 * reads are less than {@link clockReadInterval} apart and halved while they are more than twice
 * that: a read of Node's clock (≈ 70 ns and a BigInt) would otherwise cost the smallest models
 * ≈ 10 % of their step (perfSpringDamperExplicit: 0.24 µs). A line comes at most ≈ 10 ms late while
 * the step time stays as it was, and at most 256 steps late after the steps slow down.
 */
export class ProgressReporter {
  private readonly started: number;
  private lastClockRead: number;
  private stepsPerClockRead = 1;
  private stepsUntilClockRead = 1;
  private lastShown = -Infinity;
  private shownLength = 0;
  private readonly mode: ProgressMode;
  private readonly delay: number;
  private readonly ttyInterval: number;
  private readonly lineInterval: number;
  private readonly now: () => number;

  /**
   * Options: mode (default from {@link progressModeFor}), delay (1 s), ttyInterval (0.25 s),
   * lineInterval (10 s), now (clock in seconds, for tests).
   */
  constructor(
    private readonly solverName: string,
    private readonly startTime: number,
    private readonly endTime: number,
    private readonly stream: ProgressStream = defaultProgressStream(),
    options: { mode?: ProgressMode; delay?: number; ttyInterval?: number; lineInterval?: number; now?: () => number } = {},
  ) {
    this.mode = options.mode ?? progressModeFor(stream);
    this.delay = options.delay ?? 1;
    this.ttyInterval = options.ttyInterval ?? 0.25;
    this.lineInterval = options.lineInterval ?? 10;
    this.now = options.now ?? (() => monotonicMilliseconds() / 1000);
    this.started = this.now();
    this.lastClockRead = this.started;
  }

  /** Called after each accepted step; writes when due. */
  update(t: number, steps: number): void {
    if (this.mode === 'off' || --this.stepsUntilClockRead > 0) return;
    const now = this.now();
    this.scheduleClockRead(now - this.lastClockRead);
    this.lastClockRead = now;
    const elapsed = now - this.started;
    if (elapsed < this.delay) return;
    const interval = this.mode === 'tty' ? this.ttyInterval : this.lineInterval;
    if (now - this.lastShown < interval) return;
    this.lastShown = now;
    const line = formatProgressLine({ solverName: this.solverName, t, startTime: this.startTime, endTime: this.endTime, steps, elapsed });
    if (this.mode === 'tty') {
      const padded = line.padEnd(this.shownLength);
      this.stream.write(`\r${padded}`);
      this.shownLength = padded.length;
    } else {
      this.stream.write(`${line}\n`);
    }
  }

  /** Sets the steps until the next clock read from the seconds since the last one (see the class comment). */
  private scheduleClockRead(sinceLastRead: number): void {
    if (sinceLastRead < clockReadInterval) this.stepsPerClockRead = Math.min(2 * this.stepsPerClockRead, maxStepsPerClockRead);
    else if (sinceLastRead > 2 * clockReadInterval) this.stepsPerClockRead = Math.max(this.stepsPerClockRead >> 1, 1);
    this.stepsUntilClockRead = this.stepsPerClockRead;
  }

  /** Clears the in-place line (terminal) so that the summary that follows starts on a clean line. */
  finish(): void {
    if (this.mode === 'tty' && this.shownLength > 0) {
      this.stream.write(`\r${' '.repeat(this.shownLength)}\r`);
      this.shownLength = 0;
    }
  }
}
