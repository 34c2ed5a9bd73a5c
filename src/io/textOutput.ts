import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Formats a number with the given significant digits, as Exudyn's text output does. */
export function formatNumber(value: number, precision: number): string {
  if (value === 0) return '0';
  return Number(value.toPrecision(precision)).toString();
}

/** A line-oriented text file with buffered writes, for sensor and solution output. */
export class TextOutputFile {
  private readonly descriptor: number;
  private buffer: string[] = [];
  private bufferedLength = 0;

  /** Creates (or truncates) the file, creating its folder when needed. */
  constructor(readonly path: string) {
    const folder = dirname(path);
    if (folder !== '' && folder !== '.') mkdirSync(folder, { recursive: true });
    this.descriptor = openSync(path, 'w');
  }

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

  /** Writes buffered lines to disk. */
  flush(): void {
    if (this.buffer.length === 0) return;
    writeSync(this.descriptor, this.buffer.join('\n') + '\n');
    this.buffer = [];
    this.bufferedLength = 0;
  }

  /** Flushes and closes the file. */
  close(): void {
    this.flush();
    closeSync(this.descriptor);
  }
}
