/**
 * The scanner of an Abaqus matrix file's plain coordinate lines as WebAssembly: the module of
 * abaqusMatrixKernelsSource.ts, stored in abaqusMatrixKernelsModule.ts. One instance per process on a small memory
 * (parses never nest): a batch copies a window of whole lines of the text into it and reads the lines out of its
 * regions. (A memory the size of a whole stiffness matrix file, counted as external memory, brought V8's first full
 * garbage collection forward and cost more than the scanner saved.)
 * @module
 */

import { abaqusMatrixModuleBase64 } from './abaqusMatrixKernelsModule.ts';
import type * as source from './abaqusMatrixKernelsSource.ts';
import { compileStoredModule, instantiateKernels, kernelLayout, memoryPages, type KernelExports } from '../linalg/storedWasmModule.ts';

/** The exact powers 10⁰ … 10²² of doubles (the scanner's fast path of decimal numbers). */
const exactPowersOf10 = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
  1e21, 1e22];

/** The characters of a window (whole lines, or the text's rest). */
const windowChars = 16384;

/** Lines per batch: more than a window holds (a plain line has at least 6 characters with its \n). */
const batchLines = 4096;

/** The regions of the memory holding integers, in their order, and their lengths (see plainLines of the source). */
const intRegions = {
  codes: windowChars + 1, rows: batchLines, cols: batchLines, next: batchLines, valueStart: batchLines, valueEnd: batchLines, slow: batchLines, scalars: 4,
} as const;

/** The name of an integer region. */
type IntRegionName = keyof typeof intRegions;

/** The plain-line scanner of abaqusMatrixKernelsSource.ts on the process's one memory for it. */
export class PlainLineScanner {
  /** Lines per batch. */
  readonly capacity = batchLines;
  /** The lines of the last batch: 0-based row and column indices, values (0 for a slow one). */
  readonly rows: Int32Array;
  /** See rows. */
  readonly cols: Int32Array;
  /** See rows. */
  readonly vals: Float64Array;
  /** The position after each line of the batch, from `offset`. */
  readonly next: Int32Array;
  /** The bounds of a slow value's text (a value the caller reads by Number()), by line of the batch, from `offset`. */
  readonly valueStart: Int32Array;
  /** See valueStart. */
  readonly valueEnd: Int32Array;
  /** The lines of the batch with a slow value, ascending. */
  readonly slow: Int32Array;
  /** After a batch: the number of slow values, the largest index (−1 for none), the first line holding it. */
  readonly scalars: Int32Array;
  /** The text position of the last batch's window (its positions count from here). */
  offset = 0;
  /** The text position after the last batch's window. */
  windowEnd = 0;
  private readonly codes: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly encoder = new TextEncoder();
  private readonly exports: KernelExports<typeof source>;
  private readonly at: Readonly<Record<string, number>>;

  private constructor() {
    const doubles: Record<string, number> = { digits: 10, powers: exactPowersOf10.length, vals: batchLines, bytes: windowChars / 8 };
    for (const name of Object.keys(intRegions) as IntRegionName[]) doubles[name] = Math.ceil(intRegions[name] / 2);
    const layout = kernelLayout(doubles);
    const instance = instantiateKernels<KernelExports<typeof source>>(compileStoredModule(abaqusMatrixModuleBase64), memoryPages(8 * layout.doubles));
    const buffer = instance.doubles.buffer;
    const at = layout.addresses;
    const region = (name: IntRegionName) => new Int32Array(buffer, at[name], intRegions[name]);
    new Float64Array(buffer, at.digits, 10).set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    new Float64Array(buffer, at.powers, exactPowersOf10.length).set(exactPowersOf10);
    this.codes = region('codes');
    this.bytes = new Uint8Array(buffer, at.bytes, windowChars);
    this.rows = region('rows');
    this.cols = region('cols');
    this.vals = new Float64Array(buffer, at.vals, batchLines);
    this.next = region('next');
    this.valueStart = region('valueStart');
    this.valueEnd = region('valueEnd');
    this.slow = region('slow');
    this.scalars = region('scalars');
    this.exports = instance.exports;
    this.at = at;
  }

  private static instance: PlainLineScanner | undefined;

  /** The process's scanner (instantiated at the first call). */
  static shared(): PlainLineScanner {
    return PlainLineScanner.instance ??= new PlainLineScanner();
  }

  /**
   * Reads the plain lines of `text` from `from` on (indices at most `limit`) in the window of whole lines from `from`
   * (at most windowChars characters; the text's rest, or up to its last \n there) into the batch regions: returns
   * their number. A line longer than a window is no plain line here.
   */
  scan(text: string, from: number, limit: number): number {
    const length = text.length;
    if (from >= length) return 0;
    let end = Math.min(length, from + windowChars);
    let sentinel = 10;
    if (end < length) {
      const lastNewline = text.lastIndexOf('\n', end - 1);
      if (lastNewline >= from) end = lastNewline + 1;
      sentinel = 0;
    }
    const n = end - from;
    const { codes, bytes } = this;
    // the codes: an ASCII window by the encoder's bytes (UTF-8 is ASCII there), any other by its UTF-16 code units
    const part = text.slice(from, end);
    const encoded = this.encoder.encodeInto(part, bytes);
    if (encoded.read === n && encoded.written === n) codes.set(bytes.subarray(0, n));
    else for (let k = 0; k < n; k++) codes[k] = part.charCodeAt(k);
    codes[n] = sentinel;
    this.offset = from;
    this.windowEnd = end;
    const at = this.at;
    return this.exports.plainLines(at.codes, 0, n, limit, batchLines, at.digits, at.powers, at.rows, at.cols, at.vals, at.next,
      at.valueStart, at.valueEnd, at.slow, at.scalars);
  }
}
