/**
 * The progress bar of a study: cases done of the total, rate and remaining time, rewritten in place on a
 * terminal, a line every 10 s in a pipe or log, nothing in CI (the solvers' conventions, src/solvers/progress.ts).
 * @module
 */
import { monotonicMilliseconds } from '../core/clock.ts';
import { defaultProgressStream, formatDuration, progressModeFor, type ProgressMode, type ProgressStream } from '../solvers/progress.ts';

/** One progress line, e.g. `parameterVariation [########------------] 37/200 cases (18.5 %), 4.10 cases/s, remaining 0:40`. */
export function formatStudyProgress(name: string, done: number, total: number, computed: number, elapsed: number, failed: number): string {
  const fraction = total > 0 ? done / total : 1;
  const width = 20, filled = Math.round(fraction * width);
  const rate = elapsed > 0 ? computed / elapsed : NaN;
  const remaining = rate > 0 ? (total - done) / rate : NaN;
  const failures = failed > 0 ? `, ${failed} failed` : '';
  return `${name} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} cases (${(100 * fraction).toFixed(1)} %)${failures}, ${Number.isFinite(rate) ? rate.toPrecision(3) : '?'} cases/s, remaining ${formatDuration(remaining)}`;
}

/** Shows a study's progress after each finished case (see the module comment for where it goes). */
export class StudyProgress {
  private readonly started = monotonicMilliseconds() / 1000;
  private readonly mode: ProgressMode;
  private lastShown = -Infinity;
  private shownLength = 0;
  private done: number;
  private computed = 0;
  private failed = 0;

  /** `alreadyDone` counts cases taken from the results file of an earlier run (they do not enter the rate). */
  constructor(private readonly name: string, private readonly total: number, alreadyDone: number, enabled: boolean, private readonly stream: ProgressStream = defaultProgressStream()) {
    this.mode = enabled ? progressModeFor(stream) : 'off';
    this.done = alreadyDone;
  }

  /** Counts a finished case and writes the line when due. */
  caseFinished(failed: boolean): void {
    this.done++;
    this.computed++;
    if (failed) this.failed++;
    if (this.mode === 'off') return;
    const now = monotonicMilliseconds() / 1000;
    const interval = this.mode === 'tty' ? 0.2 : 10;
    if (now - this.lastShown < interval && this.done < this.total) return;
    this.lastShown = now;
    const line = formatStudyProgress(this.name, this.done, this.total, this.computed, now - this.started, this.failed);
    if (this.mode === 'tty') {
      const padded = line.padEnd(this.shownLength);
      this.stream.write(`\r${padded}`);
      this.shownLength = padded.length;
    } else this.stream.write(`${line}\n`);
  }

  /** Ends the in-place line with a newline so that what follows starts on a clean line. */
  finish(): void {
    if (this.mode === 'tty' && this.shownLength > 0) this.stream.write('\n');
  }
}
