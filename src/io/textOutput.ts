import type { TextFileWriter } from '../core/fileSystem.ts';

/**
 * Formats a number with the given significant digits, as Exudyn's text output does: the shortest text of the value
 * rounded to `precision` digits, i.e. `Number(value.toPrecision(precision)).toString()`. For precision ≤ 15 and normal
 * magnitudes that is toPrecision's text with the mantissa's trailing zeros dropped, in toString's layout (a decimal of
 * ≤ 15 digits is the shortest text of the double it parses to, DBL_DIG), which saves the parse and the shortest-digits
 * search (1.8× faster warm, sensor files of long runs); other cases take the formula itself.
 */
export function formatNumber(value: number, precision: number): string {
  if (value === 0) return '0';
  const text = value.toPrecision(precision);
  const magnitude = Math.abs(value);
  if (precision > 15 || !(magnitude > 1e-300 && magnitude < 1e300)) return Number(text).toString();
  const start = text.charCodeAt(0) === 45 ? 1 : 0; // '-'
  // the significant digits and n, the position of the decimal point after the first digit's place (value = 0.digits·10ⁿ)
  let digits: string;
  let n: number;
  const exponent = text.indexOf('e');
  const point = text.indexOf('.');
  if (exponent >= 0) {
    digits = point >= 0 ? text.slice(start, point) + text.slice(point + 1, exponent) : text.slice(start, exponent);
    n = Number(text.slice(exponent + 1)) + 1;
  } else if (point < 0) {
    digits = text.slice(start);
    n = digits.length;
  } else if (point - start === 1 && text.charCodeAt(start) === 48) { // 0.000ddd
    let first = point + 1;
    while (text.charCodeAt(first) === 48) first++;
    digits = text.slice(first);
    n = point + 1 - first;
  } else {
    digits = text.slice(start, point) + text.slice(point + 1);
    n = point - start;
  }
  let k = digits.length;
  while (k > 1 && digits.charCodeAt(k - 1) === 48) k--;
  if (k < digits.length) digits = digits.slice(0, k);
  // Number.prototype.toString's layout (ECMAScript Number::toString)
  let out: string;
  if (k <= n && n <= 21) out = n === k ? digits : digits + '0'.repeat(n - k);
  else if (0 < n && n <= 21) out = digits.slice(0, n) + '.' + digits.slice(n);
  else if (-6 < n && n <= 0) out = '0.' + '0'.repeat(-n) + digits;
  else out = (k === 1 ? digits : digits[0] + '.' + digits.slice(1)) + (n > 0 ? 'e+' : 'e-') + Math.abs(n - 1);
  return start === 1 ? '-' + out : out;
}

/** A line-oriented text file with buffered writes, for sensor and solution output. */
export class TextOutputFile {
  private buffer: string[] = [];
  private bufferedLength = 0;

  /** Lines go to `writer` (a file opened through the installed file system, or one kept in memory). */
  constructor(readonly path: string, private readonly writer: TextFileWriter) {}

  /** Appends one line (without newline). */
  writeLine(line: string): void {
    this.buffer.push(line);
    this.bufferedLength += line.length;
    if (this.bufferedLength > 1 << 16) this.flush();
  }

  /** Appends a row of numbers, comma separated. */
  writeRow(values: ArrayLike<number>, precision: number): void {
    let line = '';
    for (let i = 0; i < values.length; i++) line += (i > 0 ? ',' : '') + formatNumber(values[i], precision);
    this.writeLine(line);
  }

  /** Writes buffered lines to the file. */
  flush(): void {
    if (this.buffer.length === 0) return;
    this.writer.write(this.buffer.join('\n') + '\n');
    this.buffer = [];
    this.bufferedLength = 0;
  }

  /** Flushes and closes the file; the file is closed also when the flush fails. */
  close(): void {
    try {
      this.flush();
    } finally {
      this.writer.close();
    }
  }

  /** Closes the file without writing what is buffered (a start that failed). */
  discard(): void {
    this.buffer = [];
    this.bufferedLength = 0;
    this.writer.close();
  }
}
