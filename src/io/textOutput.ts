import type { TextFileWriter } from '../core/fileSystem.ts';

import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports } from '../linalg/storedWasmModule.ts';
import { textOutputModuleBase64 } from './textOutputKernelsModule.ts';
import type * as source from './textOutputKernelsSource.ts';

/** Values per call of the row kernel (a longer row takes several). */
const chunkValues = 1024;

/**
 * The regions of the row kernel's memory (doubles): the doubles nearest to 10^−70 … 10^111, the values of one call,
 * their text (26 bytes per number), the index where the kernel stopped (an Int32) — 44 kB.
 */
const layout = kernelLayout({ powers: 182, values: chunkValues, text: Math.ceil(chunkValues * 26 / 8), state: 1 });

/** The row kernel: the values' view, the text's and the state's, and the call (see textOutputKernelsSource.ts). */
interface RowKernel {
  readonly values: Float64Array<ArrayBuffer>;
  readonly text: Uint8Array<ArrayBuffer>;
  readonly state: Int32Array<ArrayBuffer>;
  readonly formatRow: KernelExports<typeof source>['formatRow'];
}

let rowKernel: RowKernel | undefined;

/** The process's row kernel (compiled and instantiated at the first row). */
function createRowKernel(): RowKernel {
  const { exports, doubles } = instantiateKernels<KernelExports<typeof source>>(compileStoredModule(textOutputModuleBase64));
  const views = kernelViews(doubles, layout), at = layout.addresses;
  for (let i = 0; i < 182; i++) views.powers[i] = Number(`1e${i - 70}`);
  return {
    values: views.values,
    text: new Uint8Array(doubles.buffer as ArrayBuffer, at.text, 8 * layout.lengths.text),
    state: new Int32Array(doubles.buffer as ArrayBuffer, at.state, 1),
    formatRow: exports.formatRow,
  };
}

/** Kernel memory addresses of {@link layout}'s regions (module constants: no property loads per row). */
const valuesAddress = layout.addresses.values, powersAddress = layout.addresses.powers, textAddress = layout.addresses.text,
  stateAddress = layout.addresses.state;

/**
 * Writes values[start] … values[end − 1], comma separated, as ASCII into out at `at` (room for 26 bytes per number) and
 * returns the position after them. A number's text is Exudyn's text output: the shortest text of the value rounded to
 * `precision` digits, `Number(value.toPrecision(precision)).toString()`, written here where the row kernel's fast path
 * (textOutputKernelsSource.ts: precision ≤ 15, no tie, not near a power of ten) does not apply. One kernel call per row
 * (and per such number): no string and no boxed double per number.
 *
 * The usual row (one chunk, every number on the kernel's fast path) takes one straight path without loops; any other row
 * is written again from its start by {@link writeNumbersInChunks} (same text). A function run once per row whose common
 * path is short stays in baseline code: the loops of the general path made V8 compile it with TurboFan in a process of
 * a few thousand rows (mainSystemExtensionsTests), for less than the compile cost.
 */
function writeNumbers(out: Uint8Array, at: number, values: Float64Array, precision: number, start: number, end: number): number {
  const kernel = rowKernel ??= createRowKernel();
  const count = end - start;
  if (count > 0 && count <= chunkValues) {
    kernel.values.set(start === 0 && count === values.length ? values : values.subarray(start, end));
    const written = kernel.formatRow(valuesAddress, 0, count, 0, precision >= 1 && precision < 16 ? precision : 0, powersAddress, textAddress, stateAddress);
    if (kernel.state[0] === count) {
      out.set(kernel.text.subarray(0, written), at);
      return at + written;
    }
  }
  return writeNumbersInChunks(kernel, out, at, values, precision, start, end);
}

/** {@link writeNumbers} for any row: chunks of {@link chunkValues} numbers, the numbers off the kernel's fast path by toPrecision. */
function writeNumbersInChunks(kernel: RowKernel, out: Uint8Array, at: number, values: Float64Array, precision: number, start: number, end: number): number {
  const { text, state } = kernel;
  const digits = precision >= 1 && precision < 16 ? precision : 0;
  let p = at;
  for (let chunk = start; chunk < end; chunk += chunkValues) {
    const count = Math.min(end - chunk, chunkValues);
    kernel.values.set(chunk === 0 && count === values.length ? values : values.subarray(chunk, chunk + count));
    let i = 0;
    while (i < count) {
      const written = kernel.formatRow(valuesAddress, i, count, chunk + i > start ? 1 : 0, digits, powersAddress, textAddress, stateAddress);
      out.set(text.subarray(0, written), p);
      p += written;
      i = state[0];
      if (i < count) {
        if (chunk + i > start) out[p++] = 44;
        const number = Number(kernel.values[i].toPrecision(precision)).toString();
        for (let j = 0; j < number.length; j++) out[p + j] = number.charCodeAt(j);
        p += number.length;
        i++;
      }
    }
  }
  return p;
}

/** The encoder of {@link TextOutputFile.writeLine}. */
const lineEncoder = new TextEncoder();

/** Work buffers of {@link formatNumber}. */
const numberScratch = new Uint8Array(32);
const numberValue = new Float64Array(1);

/** The text of a number in a row of {@link TextOutputFile.writeRow}, as a string. */
export function formatNumber(value: number, precision: number): string {
  numberValue[0] = value;
  const end = writeNumbers(numberScratch, 0, numberValue, precision, 0, 1);
  let text = '';
  for (let i = 0; i < end; i++) text += String.fromCharCode(numberScratch[i]);
  return text;
}

/** Bytes of the longest number text (−0.0000012345678901234567: 25) and its comma. */
const bytesPerNumber = 26;
/** Buffered bytes at which the file is written (the first writes of a file at fewer, see {@link firstFlushAt}). */
const flushAt = 1 << 16;
/**
 * Buffered bytes at which a file is written the first time; the limit grows by as much with every write, up to
 * {@link flushAt}. A file's first writes so come every few rows, while V8 still collects type feedback: a first write at
 * 64 kB came after the row writer was optimized, which then met a call it had never made and threw that code (and the solution and sensor
 * recorders it was inlined into) away — in 14 of the 81 test models' first runs.
 */
const firstFlushAt = 1 << 10;
/** Bytes of a file's buffer (a longer line enlarges it). */
const bufferSize = flushAt + 64 * bytesPerNumber;
/**
 * Buffers of closed files, for the next files opened (at most {@link spareBufferLimit}): a solve opens its files again in
 * every run, and a warm run of hydraulicActuatorSimpleTest allocated a zero-filled 66 kB buffer (memory outside the heap,
 * freed only by a garbage collection) per run and file.
 */
const spareBuffers: Uint8Array[] = [];
const spareBufferLimit = 8;
/** The buffer of a closed file. */
const noBytes = new Uint8Array(0);

/**
 * A line-oriented text file with buffered writes, for sensor and solution output: lines and rows are collected as ASCII
 * bytes (a line with other characters is passed on as text, after the bytes before it) and written when 64 kB (a new
 * file's first writes: fewer) are buffered, at flush and at close (as bytes to a writer with writeBytes, Node's file
 * system; decoded otherwise).
 */
export class TextOutputFile {
  /**
   * The buffer: first the empty one, then (in the constructor) one of {@link bufferSize}. A field stored once per object
   * is a constant to V8: the first file closed (releaseBuffer stores the empty one) discarded all code compiled with that
   * assumption, the row writer of the next solve's files among it (rotatingTableTest's second solve).
   */
  private bytes: Uint8Array = noBytes;
  private length = 0;
  /** Buffered bytes beyond which the next line or row writes the buffer first: {@link firstFlushAt}, growing by as much per write up to {@link flushAt}. */
  private flushLimit = firstFlushAt;
  /** Made at the first flush to a writer without writeBytes (Node's file system takes bytes). */
  private decoder?: TextDecoder;

  /** Lines go to `writer` (a file opened through the installed file system, or one kept in memory). */
  constructor(readonly path: string, private readonly writer: TextFileWriter) {
    this.bytes = spareBuffers.pop() ?? new Uint8Array(bufferSize);
  }

  /**
   * Appends one line (without newline). The characters are copied by the platform's UTF-8 encoder, not by a loop of
   * ours: the header lines of a solution file (its model summary alone ≈ 1 500 characters) made such a loop hot, and
   * TurboFan compiled it in a short run with several solves, for a handful of lines (ANCFBeamTest: two jobs, ≈ 9 ms).
   * An ASCII line's UTF-8 bytes are its character codes; a line with other characters is passed on as text.
   */
  writeLine(line: string): void {
    this.reserve(line.length + 1);
    const p = this.length;
    const { read, written } = lineEncoder.encodeInto(line, this.bytes.subarray(p, p + line.length));
    if (read !== line.length || written !== line.length) {
      this.flush();
      this.writer.write(line + '\n');
      return;
    }
    this.bytes[p + written] = 10;
    this.length = p + written + 1;
  }

  /** Appends a row of numbers, comma separated: values[start] to values[end − 1] (all values by default). */
  writeRow(values: Float64Array, precision: number, start = 0, end = values.length): void {
    this.reserve((end - start) * bytesPerNumber + 1);
    const p = writeNumbers(this.bytes, this.length, values, precision, start, end);
    this.bytes[p] = 10;
    this.length = p + 1;
  }

  /** Writes buffered lines to the file: as bytes if the writer takes them, else as text. */
  flush(): void {
    if (this.length === 0) return;
    const bytes = this.bytes.subarray(0, this.length);
    this.length = 0;
    if (this.writer.writeBytes !== undefined) this.writer.writeBytes(bytes);
    else this.writer.write((this.decoder ??= new TextDecoder()).decode(bytes));
  }

  /** Flushes and closes the file; the file is closed also when the flush fails. */
  close(): void {
    try {
      this.flush();
    } finally {
      try {
        this.writer.close();
      } finally {
        this.releaseBuffer();
      }
    }
  }

  /** Closes the file without writing what is buffered (a start that failed). */
  discard(): void {
    this.length = 0;
    try {
      this.writer.close();
    } finally {
      this.releaseBuffer();
    }
  }

  /** Hands the buffer (not an enlarged one) to the next file opened; this file keeps an empty one. */
  private releaseBuffer(): void {
    const bytes = this.bytes;
    this.bytes = noBytes;
    this.length = 0;
    this.flushLimit = 0; // a line written after all the same gets a buffer of its own, as with the empty one before
    if (bytes.length === bufferSize && spareBuffers.length < spareBufferLimit) spareBuffers.push(bytes);
  }

  /**
   * Room for `count` more bytes: the buffered ones written first when they would pass the flush limit (which then
   * grows, up to {@link flushAt}), the buffer enlarged for a longer line.
   */
  private reserve(count: number): void {
    if (this.length + count <= this.flushLimit) return;
    this.flush();
    this.flushLimit = Math.min(this.flushLimit + firstFlushAt, flushAt);
    if (count > this.bytes.length) this.bytes = new Uint8Array(count);
  }
}
