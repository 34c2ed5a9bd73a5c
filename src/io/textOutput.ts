import type { TextFileWriter } from '../core/fileSystem.ts';

/**
 * Formats a number with the given significant digits, as Exudyn's text output does: the shortest form of the number
 * rounded to `precision` digits, `Number(value.toPrecision(precision)).toString()`. Up to 15 digits (which identify a
 * double, DBL_DIG) that form is toPrecision's own digits without trailing zeros, so the second conversion is only
 * needed where the notations differ (exponents 10…20, where toPrecision writes an exponent and toString does not) or
 * near the ends of the double range (subnormal numbers have fewer digits; rounding may overflow).
 */
export function formatNumber(value: number, precision: number): string {
  if (value === 0) return '0';
  const text = value.toPrecision(precision);
  if (precision > 15) return Number(text).toString();
  const e = text.indexOf('e');
  if (e < 0) {
    if (text.indexOf('.') < 0) return text;
    return withoutTrailingZeros(text, text.length);
  }
  const exponent = +text.slice(e + 1);
  if ((exponent >= -6 && exponent < 21) || exponent > 300 || exponent < -300) return Number(text).toString();
  return withoutTrailingZeros(text, e) + text.slice(e);
}

/** text[0 … end) without the trailing zeros of its fraction (and without the point if nothing follows it). */
function withoutTrailingZeros(text: string, end: number): string {
  let last = end;
  while (text.charCodeAt(last - 1) === 48) last--;
  if (text.charCodeAt(last - 1) === 46) last--;
  return last === text.length ? text : text.slice(0, last);
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
