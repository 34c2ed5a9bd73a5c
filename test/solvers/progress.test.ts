import { describe, expect, it } from 'vitest';
import { formatDuration, formatProgressLine, progressModeFor, ProgressReporter } from '../../src/solvers/progress.ts';

describe('progress line', () => {
  it('formats simulated time, percentage, steps per second and remaining time', () => {
    // 0.45 of [0, 2] = 22.5 % in 10 s → 34.4 s remaining; 12345 steps / 10 s
    expect(formatProgressLine({ solverName: 'GeneralizedAlpha', t: 0.45, startTime: 0, endTime: 2, steps: 12345, elapsed: 10 }))
      .toBe('GeneralizedAlpha: t = 0.45 / 2 (22.5 %), 1 235 steps/s, remaining 34.4 s');
    // start time ≠ 0: 3.5 of [1, 11] is 25 % after 60 s → 180 s = 3:00
    expect(formatProgressLine({ solverName: 'RK44', t: 3.5, startTime: 1, endTime: 11, steps: 30, elapsed: 60 }))
      .toBe('RK44: t = 3.5 / 11 (25.0 %), 0.500 steps/s, remaining 3:00');
    // nothing done yet: rate and remaining unknown
    expect(formatProgressLine({ solverName: 'S', t: 0, startTime: 0, endTime: 1, steps: 0, elapsed: 0 })).toBe('S: t = 0 / 1 (0.0 %), ? steps/s, remaining ?');
    expect(formatProgressLine({ solverName: 'S', t: 0.123456789, startTime: 0, endTime: 1, steps: 1, elapsed: 1 })).toContain('t = 0.123457 / 1');
  });

  it('formats durations', () => {
    expect(formatDuration(0.04)).toBe('0.0 s');
    expect(formatDuration(59.94)).toBe('59.9 s');
    expect(formatDuration(61)).toBe('1:01');
    expect(formatDuration(3 * 3600 + 7 * 60 + 9.4)).toBe('3:07:09');
    expect(formatDuration(NaN)).toBe('?');
  });

  it('chooses in-place updates on terminals, lines in pipes, nothing in CI', () => {
    expect(progressModeFor({ write: () => 0, isTTY: true }, {})).toBe('tty');
    expect(progressModeFor({ write: () => 0 }, {})).toBe('lines');
    expect(progressModeFor({ write: () => 0, isTTY: true }, { CI: 'true' })).toBe('off');
    expect(progressModeFor({ write: () => 0, isTTY: true }, { CI: 'false' })).toBe('tty');
  });

  it('throttles: quiet for the first second, then at most every 0.25 s in place (cleared at the end), or a line every 10 s', () => {
    let clock = 100;
    const written: string[] = [];
    const stream = { write: (s: string) => written.push(s), isTTY: true };
    const tty = new ProgressReporter('GA', 0, 10, stream, { mode: 'tty', now: () => clock });
    // a step every 0.125 s (exact in binary, so the throttle boundaries are hit exactly)
    for (let step = 1; step <= 32; step++) { clock += 0.125; tty.update(step * 0.25, step); }
    // elapsed 0.125 … 4 s: shown from 1 s, then every 0.25 s (steps 8, 10, …, 32) = 13 writes
    expect(written).toHaveLength(13);
    expect(written[0]).toBe('\rGA: t = 2 / 10 (20.0 %), 8.00 steps/s, remaining 4.0 s');
    expect(written.every((w) => w.startsWith('\r') && !w.includes('\n'))).toBe(true);
    tty.finish();
    expect(written[13]).toMatch(/^\r +\r$/);
    expect(written[13].length).toBe(written[12].length + 1);

    const lines: string[] = [];
    clock = 0;
    const pipe = new ProgressReporter('GA', 0, 100, { write: (s: string) => lines.push(s) }, { mode: 'lines', now: () => clock });
    for (let step = 1; step <= 240; step++) { clock += 0.125; pipe.update(step * 0.1, step); }
    pipe.finish();
    // elapsed up to 30 s: lines at 1 s, 11 s, 21 s
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.endsWith('\n') && !l.includes('\r'))).toBe(true);

    const silent: string[] = [];
    const off = new ProgressReporter('GA', 0, 1, { write: (s: string) => silent.push(s) }, { mode: 'off', now: () => clock });
    for (let step = 1; step <= 100; step++) { clock += 1; off.update(step / 100, step); }
    off.finish();
    expect(silent).toHaveLength(0);
  });

  it('reads the clock every k-th step of a fast solve (k doubled up to 256), so that a line comes a few steps late at most', () => {
    let clock = 0;
    let reads = 0;
    let step = 0;
    const linesAt: number[] = [];
    const pipe = new ProgressReporter('GA', 0, 1, { write: () => linesAt.push(step) }, { mode: 'lines', now: () => { reads++; return clock; } });
    // 3 000 000 steps of 1 µs: reads at steps 1, 3, 7, …, 255 (k doubled after each read, the reads 1 µs … 128 µs apart,
    // below 5 ms), then every 256 steps (255 + 256 j); with the constructor's read 1 + 8 + ⌊(3e6 − 255)/256⌋ = 11 726
    for (step = 1; step <= 3_000_000; step++) { clock += 1e-6; pipe.update(step / 3e6, step); }
    expect(reads).toBe(11_726);
    // the first read at elapsed ≥ 1 s (the delay) is at 255 + 256·3906 = 1 000 191: 191 µs late
    expect(linesAt).toEqual([1_000_191]);

    // a solve whose steps slow down from 1 µs to 10 ms: the reads up to step 10 000 are those above, the last at
    // 255 + 256·38 = 9 983 (k = 256); the line due at elapsed 1 s (step 10 099) comes at the next read, step 10 239 (140 steps
    // late, within the 256 the class allows), which halves k (2.4 s since the read before); the next read, at 10 367, is
    // 1.28 s later (≥ 0.25 s: a line) and halves it again (the one after would be at 10 431, past the last step)
    const slowLines: number[] = [];
    clock = 0;
    const slowing = new ProgressReporter('GA', 0, 1, { write: () => slowLines.push(step) }, { mode: 'tty', now: () => clock });
    for (step = 1; step <= 10_000; step++) { clock += 1e-6; slowing.update(step * 1e-4, step); }
    for (; step <= 10_400; step++) { clock += 1e-2; slowing.update(step * 1e-4, step); }
    expect(slowLines).toEqual([10_239, 10_367]);
  });
});
