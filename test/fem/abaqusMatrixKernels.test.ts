import { describe, expect, it } from 'vitest';
import { PlainLineScanner } from '../../src/fem/abaqusMatrixKernels.ts';
import { plainLines } from '../../src/fem/abaqusMatrixKernelsSource.ts';
import { parseAbaqusMatrix } from '../../src/fem/abaqus.ts';
import { bitPatterns } from '../helpers/kernelValues.ts';
import { mulberry32 } from '../helpers/random.ts';

/*
 * The plain-line scanner as WebAssembly against its source run as JavaScript (the same lines, indices and bits), and
 * its values against Number() on their text: the fast path (m < 2⁵³, |s| ≤ 22) must round as Number() does, the rest is
 * left to Number() by the caller.
 */

/** A random decimal number's text: sign, 1–20 digits around an optional point, an optional exponent. */
function randomNumberText(next: () => number): string {
  const pick = (n: number) => Math.floor(next() * n);
  const sign = ['', '-', '+'][pick(3)];
  const digits = Array.from({ length: 1 + pick(20) }, () => String(pick(10))).join('');
  const point = pick(digits.length + 2);
  const mantissa = point > digits.length ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
  const exponent = pick(3) === 0 ? '' : `${['e', 'E'][pick(2)]}${['', '-', '+'][pick(3)]}${pick(4) === 0 ? pick(400) : pick(30)}`;
  return `${sign}${mantissa === '.' ? '0' : mantissa}${exponent}`;
}

/** A text of `lines` plain lines (random blanks, commas, \r) with a few lines that are none among them. */
function randomText(lines: number, next: () => number): { text: string; values: string[] } {
  const pick = (n: number) => Math.floor(next() * n);
  const separators = [' ', '  ', '\t', ',', ', ', ' ,', ' , '];
  const values: string[] = [];
  const text: string[] = [];
  for (let k = 0; k < lines; k++) {
    const value = randomNumberText(next);
    values.push(value);
    text.push(`${[' ', '', '\t'][pick(3)]}${1 + pick(300)}${separators[pick(7)]}${1 + pick(300)}${separators[pick(7)]}${value}${['', ' ', '\r', ' \r'][pick(4)]}`);
  }
  return { text: text.join('\n'), values };
}

/** Runs the source as JavaScript over the text from `from` on: the lines read and the batch arrays. */
function sourceLines(text: string, from: number, limit: number, capacity: number) {
  const codes = new Int32Array(text.length + 1);
  for (let k = 0; k < text.length; k++) codes[k] = text.charCodeAt(k);
  codes[text.length] = 10;
  const powers = Float64Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
  const ints = () => new Int32Array(capacity);
  const out = { rows: ints(), cols: ints(), vals: new Float64Array(capacity), next: ints(), valueStart: ints(), valueEnd: ints(), slow: ints(), scalars: new Int32Array(4) };
  const count = plainLines(codes, from, text.length, limit, capacity, Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), powers, out.rows, out.cols, out.vals,
    out.next, out.valueStart, out.valueEnd, out.slow, out.scalars);
  return { count, ...out };
}

describe('Abaqus matrix plain-line scanner (WebAssembly)', () => {
  it('reads the lines, indices and value bits of its JavaScript source, and every fast value as Number() does', () => {
    const next = mulberry32(48);
    for (const lines of [1, 7, 200, 3000]) {
      const { text, values } = randomText(lines, next);
      const scanner = PlainLineScanner.shared();
      const count = scanner.scan(text, 0, 2147483647);
      // the window: whole lines (a 16 384-character one here) or the whole text
      const window = text.slice(0, scanner.windowEnd);
      const reference = sourceLines(window, 0, 2147483647, scanner.capacity);
      expect(count).toBe(window.split('\n').filter((line) => line !== '').length);
      expect(count).toBe(reference.count);
      const take = (a: Int32Array) => Array.from(a.subarray(0, count));
      expect([take(scanner.rows), take(scanner.cols), take(scanner.next)]).toEqual([take(reference.rows), take(reference.cols), take(reference.next)]);
      expect(bitPatterns(scanner.vals.subarray(0, count))).toEqual(bitPatterns(reference.vals.subarray(0, count)));
      expect(Array.from(scanner.scalars.subarray(0, 3))).toEqual(Array.from(reference.scalars.subarray(0, 3)));
      const slow = new Set(Array.from(scanner.slow.subarray(0, scanner.scalars[0])));
      expect(Array.from(scanner.slow.subarray(0, scanner.scalars[0]))).toEqual(Array.from(reference.slow.subarray(0, reference.scalars[0])));
      for (let i = 0; i < count; i++) {
        if (slow.has(i)) expect(window.slice(scanner.valueStart[i], scanner.valueEnd[i])).toBe(values[i]);
        else expect(bitPatterns([scanner.vals[i]])).toEqual(bitPatterns([Number(values[i])]));
      }
      // most values of a file's form take the fast path
      if (lines >= 200) expect(slow.size).toBeLessThan(count);
    }
  });

  it('stops at the first line that is none, at an index beyond the limit and at the end of the window', () => {
    const cases: [string, number][] = [['1 1 1.0\n2 2 x\n', 1], ['1 1 1.0\n0 2 1\n', 1], ['1 1 1.0\n2 2 1e\n', 1], ['1 1 .\n', 0], ['1,,1 1\n', 0],
      ['1 1 1\n1234567890 1 1\n', 1], ['1 1 1 1 1\n', 0], ['1 1 1\u00a0\n', 0], ['1 1 -.5e+3 \r\n2 2 +7.\n', 2], ['', 0], ['\n1 1 1', 0]];
    const scanner = PlainLineScanner.shared();
    for (const [text, lines] of cases) {
      expect([text, scanner.scan(text, 0, 2147483647)]).toEqual([text, lines]);
      expect([text, sourceLines(text, 0, 2147483647, 16).count]).toEqual([text, lines]);
    }
    expect(scanner.scan('1 1 1\n2 2 1\n3 3 1\n', 0, 2)).toBe(2);
    // a window ends after its last whole line; a line longer than a window is none
    const long = Array.from({ length: 3000 }, (_, k) => `${k + 1} ${k + 1} 1.5`).join('\n');
    const count = scanner.scan(long, 0, 2147483647);
    expect([long[scanner.windowEnd - 1], count]).toEqual(['\n', long.slice(0, scanner.windowEnd).split('\n').length - 1]);
    expect(scanner.scan(`1 1 ${'1'.repeat(20000)}\n`, 0, 2147483647)).toBe(0);
  });

  it('parseAbaqusMatrix reads plain lines as the general tokenizer reads the same entries (random values, several batches)', () => {
    const next = mulberry32(7);
    const lines = 2000;
    const entries = Array.from({ length: lines }, (_, k) => [k % 97 + 1, Math.floor(k / 97) + 1, randomNumberText(next)] as const)
      .filter(([, , v]) => Number.isFinite(Number(v)));
    const plain = entries.map(([r, c, v]) => `${r} ${c} ${v}`).join('\n');
    const general = entries.map(([r, c, v]) => `${r}\f${c}\f${v}`).join('\n');
    const a = parseAbaqusMatrix(plain, 'plain.mtx');
    const b = parseAbaqusMatrix(general, 'general.mtx');
    expect(a.entries).toBe(entries.length);
    expect([a.storage, a.entries, a.matrix.n, Array.from(a.matrix.colPtr), Array.from(a.matrix.rowIndex)])
      .toEqual([b.storage, b.entries, b.matrix.n, Array.from(b.matrix.colPtr), Array.from(b.matrix.rowIndex)]);
    expect(bitPatterns(a.matrix.values)).toEqual(bitPatterns(b.matrix.values));
  });
});
