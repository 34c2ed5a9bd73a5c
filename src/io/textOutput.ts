import type { TextFileWriter } from '../core/fileSystem.ts';

/** Formats a number with the given significant digits, as Exudyn's text output does. */
export function formatNumber(value: number, precision: number): string {
  if (value === 0) return '0';
  return Number(value.toPrecision(precision)).toString();
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
