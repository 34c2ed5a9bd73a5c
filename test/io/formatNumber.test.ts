import { describe, expect, it } from 'vitest';
import { formatNumber, TextOutputFile } from '../../src/io/textOutput.ts';
import { mulberry32 } from '../helpers/random.ts';

/** The definition the fast path must reproduce character for character. */
function reference(value: number, precision: number): string {
  if (value === 0) return '0';
  return Number(value.toPrecision(precision)).toString();
}

/** The values of `values` whose text differs from the reference, at every precision 1 … 17 (at most 5 listed). */
function mismatches(values: number[]): string[] {
  const found: string[] = [];
  for (const x of values) {
    for (let p = 1; p <= 17 && found.length < 5; p++) {
      for (const v of [x, -x]) {
        const got = formatNumber(v, p), expected = reference(v, p);
        if (got !== expected) found.push(`${v} at ${p} digits: got ${got}, expected ${expected}`);
      }
    }
  }
  return found;
}

describe('formatNumber (sensor and solution rows)', () => {
  it('gives the text of Number(x.toPrecision(p)).toString() at the ends of the fast path', () => {
    const edges = [
      0, -0, 1, 10, 100, 0.1, 0.5, 1.5, 2.5, 1 / 3, 2 / 3, 0.1 + 0.2, 1e-6, 1e-7, 9.99999999995e-7, 9.9999999995, 99999.99999, 1e20, 9.999999999e20,
      1e21, 1e22, 123456789012, 2147483647, 2147483648, 4294967296.5, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, NaN, Infinity,
    ];
    expect(mismatches(edges)).toEqual([]);
  });

  it('agrees on 60 000 random values over 160 decades and on values next to a rounding tie', () => {
    const random = mulberry32(18);
    const values: number[] = [];
    for (let i = 0; i < 20000; i++) values.push((random() - 0.5) * 10 ** Math.floor(random() * 160 - 80));
    // a tie of p digits: p + 1 digits ending in 5, the decimal exactly, and one ulp either side
    for (let i = 0; i < 13000; i++) {
      const p = 1 + (i % 15);
      const tie = (Math.floor(random() * 10 ** p) * 10 + 5) * 10 ** Math.floor(random() * 80 - 50);
      values.push(tie, tie * (1 + Number.EPSILON), tie * (1 - Number.EPSILON));
    }
    expect(mismatches(values)).toEqual([]);
  });

  it('agrees next to powers of ten and below the carry to the next one, where the decimal exponent is decided', () => {
    const values: number[] = [];
    for (let e = -330; e <= 310; e++) {
      const power = Number(`1e${e}`);
      // the double nearest to 10^e and the four doubles around it; 0.99…95 · 10^e, which rounds up to 10^e at some precisions
      values.push(power, nextDouble(power, 1), nextDouble(nextDouble(power, 1), 1), nextDouble(power, -1), nextDouble(nextDouble(power, -1), -1));
      values.push(Number(`9.9999999999995e${e - 1}`), Number(`9.5e${e - 1}`));
    }
    expect(mismatches(values.filter((v) => Number.isFinite(v)))).toEqual([]);
  });
});

/** The double next to x (x ≥ 0) upwards (direction 1) or downwards (−1). */
function nextDouble(x: number, direction: 1 | -1): number {
  const bits = new BigInt64Array(Float64Array.of(x).buffer);
  bits[0] += BigInt(x === 0 && direction < 0 ? 0 : direction);
  return new Float64Array(bits.buffer)[0];
}

describe('TextOutputFile (rows as bytes)', () => {
  /** A file whose writes are kept as the list of texts written. */
  function memoryFile(): { file: TextOutputFile; writes: string[]; closed: () => boolean } {
    const writes: string[] = [];
    let closed = false;
    const file = new TextOutputFile('memory.txt', { write: (text) => { writes.push(text); }, close: () => { closed = true; } });
    return { file, writes, closed: () => closed };
  }

  it('writes lines and rows as the comma-joined texts of formatNumber, in order, across buffer flushes', () => {
    const random = mulberry32(21);
    const { file, writes, closed } = memoryFile();
    const expected: string[] = [];
    for (let r = 0; r < 4000; r++) {
      if (r % 997 === 0) {
        // a header line with characters beyond ASCII goes out as text, after the rows before it
        const line = `#row ${r}: φ = 2π, ω̄ in rad/s`;
        file.writeLine(line);
        expected.push(line);
        continue;
      }
      const row = Array.from({ length: 1 + (r % 13) }, () => (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20));
      if (r % 7 === 0) row.push(0, -0, 1e21, -1.2345678901234567e-6, Number.NaN, Number.NEGATIVE_INFINITY);
      const precision = r % 3 === 0 ? 17 : 10;
      file.writeRow(Float64Array.from(row), precision);
      expected.push(row.map((v) => formatNumber(v, precision)).join(','));
    }
    // one row longer than the buffer
    const long = Array.from({ length: 5000 }, (_, i) => -1.2345678901234567e-6 * (i + 1));
    file.writeRow(Float64Array.from(long), 17);
    expected.push(long.map((v) => formatNumber(v, 17)).join(','));
    file.writeLine('#end');
    expected.push('#end');
    expect(writes.length).toBeGreaterThan(3);
    file.close();
    expect(closed()).toBe(true);
    expect(writes.join('')).toBe(expected.join('\n') + '\n');
  });

  it('hands a closed file\'s buffer to the next files once: each file\'s text is its own', () => {
    const first = memoryFile();
    first.file.writeLine('#a long first line that leaves its bytes in the buffer');
    first.file.close();
    first.file.discard(); // closed twice: the buffer must not be handed on twice
    const second = memoryFile(), third = memoryFile();
    second.file.writeLine('#2');
    third.file.writeLine('#3');
    second.file.writeRow(Float64Array.of(1.5, -2), 10);
    third.file.writeRow(Float64Array.of(3, 4.25), 10);
    second.file.close();
    third.file.close();
    expect(first.writes.join('')).toBe('#a long first line that leaves its bytes in the buffer\n');
    expect(second.writes.join('')).toBe('#2\n1.5,-2\n');
    expect(third.writes.join('')).toBe('#3\n3,4.25\n');
  });

  it('gives a writer that takes bytes the same text as bytes', () => {
    const texts: string[] = [];
    const bytes: number[] = [];
    const asText = new TextOutputFile('text.txt', { write: (text) => { texts.push(text); }, close: () => {} });
    const asBytes = new TextOutputFile('bytes.txt', { write: (text) => { bytes.push(...new TextEncoder().encode(text)); }, writeBytes: (b) => { bytes.push(...b); }, close: () => {} });
    for (const file of [asText, asBytes]) {
      const random = mulberry32(22);
      file.writeLine('#header');
      for (let r = 0; r < 3000; r++) file.writeRow(Float64Array.of(r * 1e-3, random() - 0.5, 1e6 * random(), -1e-9 * random()), 10);
      file.writeLine('#ω̄ = 1');
      file.writeRow(Float64Array.of(1, 2), 10);
      file.close();
    }
    expect(new TextDecoder().decode(Uint8Array.from(bytes))).toBe(texts.join(''));
  });

  it('writes a new file first after about 1 kB, then at limits growing by 1 kB up to 64 kB, the same text as one write', () => {
    const chunks: number[] = [];
    let text = '';
    const file = new TextOutputFile('chunks.txt', { write: (t) => { chunks.push(t.length); text += t; }, close: () => {} });
    let expected = '';
    for (let r = 0; r < 20000; r++) {
      file.writeRow(Float64Array.of(r, r + 0.5), 10);
      expected += `${r},${r + 0.5}\n`;
    }
    file.close();
    expect(text).toBe(expected);
    // the i-th write holds at most (i + 1) kB (each row written with the buffer that it would overfill)
    chunks.slice(0, -1).forEach((length, i) => expect(length).toBeLessThanOrEqual(Math.min((i + 1) * 1024, 1 << 16)));
    expect(chunks[0]).toBeGreaterThan(900);
    expect(chunks.length).toBeGreaterThan(15);
  });

  it('writes nothing that was buffered when discarded', () => {
    const { file, writes, closed } = memoryFile();
    file.writeRow(Float64Array.of(1, 2, 3), 10);
    file.discard();
    expect(writes).toEqual([]);
    expect(closed()).toBe(true);
  });
});
