import type { TextFileWriter } from '../core/fileSystem.ts';

/** 10⁰ … 10²², the powers of ten that are exact doubles. */
const exactPowersOfTen = Float64Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** ASCII codes of the characters the fast path writes. */
const zeroCode = 48, dotCode = 46, minusCode = 45, plusCode = 43, eCode = 101;

/**
 * The doubles of one number's formatting, kept in slots instead of passed as arguments or returned: a double handed to
 * or returned from a call that is not inlined is boxed, a heap object per number written (≈ 1.8 MB per run of
 * rotatingTableTest's solution file). [0] the value.
 */
const formatValues = new Float64Array(1);

/**
 * One double and its two 32-bit halves (the high one at {@link highWord}: the byte order of the platform), signed: a
 * negative double's high word stays a small integer.
 */
const exponentScratch = new Float64Array(1);
const exponentWords = new Int32Array(exponentScratch.buffer);
const highWord = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/** Lowest decimal exponent in {@link powersOfTen}. */
const lowestPower = -70;
/** 10^−70 … 10^90 (each the double nearest to it), at index exponent − {@link lowestPower}. */
const powersOfTen = Float64Array.from({ length: 161 }, (_, i) => Number(`1e${i + lowestPower}`));

/**
 * The ASCII digits of 00 … 99 as 16-bit pairs in the platform's byte order: pair r stored at an even byte offset of
 * {@link digitBytes} puts its two characters in order.
 */
const digitPairs = (() => {
  const pairs = new Uint16Array(100);
  const bytes = new Uint8Array(pairs.buffer);
  for (let r = 0; r < 100; r++) {
    bytes[2 * r] = zeroCode + ((r / 10) | 0);
    bytes[2 * r + 1] = zeroCode + (r % 10);
  }
  return pairs;
})();

/**
 * The fast path's digits as ASCII, most significant first, right-aligned: `precision` digits at bytes 16 − precision …
 * 15 (written as 16-bit pairs through {@link digitPairsOut}, four at a time, so bytes before the first digit are
 * scratch). Bytes 16 … 39 are never written and stay "0": an integer's zeros up to its units place (at most 21 places
 * from byte 1 on) are read from there as the digits before the point are.
 */
const digitBytes = new Uint8Array(40).fill(zeroCode);
const digitPairsOut = new Uint16Array(digitBytes.buffer);

/** Index in {@link digitBytes} of the first digit {@link decimalDigits} wrote last. */
let digitsStart = 0;
/** The decimal exponent of the digits {@link decimalDigits} wrote last. */
let digitsExponent = 0;

/**
 * Writes the ASCII text of a number with the given significant digits into out at `at` and returns the position after
 * it; out must have room for 25 bytes. The text is Exudyn's text output: the shortest text of the value rounded to
 * `precision` digits, `Number(value.toPrecision(precision)).toString()`, which is the reference and the fallback. Fast
 * path (sensor and solution rows), the same text by construction: {@link decimalDigits}, then {@link writeDigits}. The
 * digits are written as bytes: no string per number.
 */
export function formatNumberInto(out: Uint8Array, at: number, value: number, precision: number): number {
  formatValues[0] = value;
  return formatValueInto(out, at, precision);
}

/** {@link formatNumberInto} of the value in formatValues[0]. */
function formatValueInto(out: Uint8Array, at: number, precision: number): number {
  const count = decimalDigits(precision);
  if (count >= 0) return writeDigits(out, at, formatValues[0] < 0, count, digitsExponent);
  const text = Number(formatValues[0].toPrecision(precision)).toString();
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/**
 * The digits of the value (formatValues[0]) rounded to `precision` significant digits, without trailing zeros, as
 * ASCII into {@link digitBytes} from {@link digitsStart} on, and their decimal exponent into {@link digitsExponent};
 * returns their count, or −1 where the fast path does not apply (the caller falls back to toPrecision). Zero (and −0)
 * has no digits at exponent 0: it takes the writer's path of every other number (stores of its own would first run
 * when a zero comes, possibly after TurboFan compiled the writer without feedback for them, and deoptimize it).
 * Otherwise y = |value|·10^k, one product with the double nearest to 10^k (two roundings, relative error < 2.3·10⁻¹⁶),
 * lies in [10^(p−1), 10^p) unless |value| is within rounding of a power of ten (then the fallback); rounded half up it
 * gives the digits n of toPrecision unless y is within 10⁻¹⁵·y of a tie, which falls back. For p ≤ 15 a decimal of p
 * digits is recovered from its nearest double (a normal one: |k| ≤ 65), so the shortest text of that double is n
 * without trailing zeros. Cheap while the code is cold (a fresh process runs it in the baseline tier, where every double
 * result is a heap object, ≈ 40 000 numbers per process of mainSystemExtensionsTests): the decimal exponent from the
 * binary one by integer arithmetic and one comparison, one product, the digits in groups of four by integer operations
 * and a table of digit pairs, and no branch that only rare values take (code compiled before such a value came would
 * be deoptimized).
 */
function decimalDigits(precision: number): number {
  const value = formatValues[0];
  if (value === 0) { digitsStart = 16; digitsExponent = 0; return 0; }
  if (!(precision <= 15 && precision >= 1)) return -1;
  exponentScratch[0] = value;
  // x = |value| = 2^e·(1 + f), 0 ≤ f < 1: ⌊log₁₀x⌋ is ⌊e·log₁₀2⌋ (= (e·78 913) >> 18 for |e| ≤ 1 100) or one more; a
  // subnormal, infinite or NaN value gives an exponent beyond the fast path's range
  const binaryExponent = ((exponentWords[highWord] >> 20) & 0x7ff) - 1023;
  let exponent = (binaryExponent * 78913) >> 18;
  if (!(exponent >= -66 && exponent <= 80)) return -1;
  const magnitude = value < 0 ? -value : value;
  exponent += magnitude >= powersOfTen[exponent + 1 - lowestPower] ? 1 : 0;
  const k = precision - 1 - exponent;
  if (!(k >= -65 && k <= 65)) return -1;
  const lower = exactPowersOfTen[precision - 1];
  const upper = exactPowersOfTen[precision];
  const y = magnitude * powersOfTen[k - lowestPower];
  let n = Math.floor(y);
  const fromTie = y - n - 0.5;
  const tolerance = 1e-15 * y;
  // y lies outside [lower, upper) only for a magnitude within rounding of a power of ten: such values fall back
  if (!(y >= lower && y < upper && (fromTie > tolerance || fromTie < -tolerance))) return -1;
  if (fromTie > 0) n++;
  const carry = n === upper ? 1 : 0;
  exponent += carry;
  n -= carry * (upper - lower);
  // n < 10¹⁵ in groups of four digits, right-aligned in digitBytes: the low eight from one part below 10⁸, the rest
  // (precision > 8) from n / 10⁸; x·5243 >>> 19 is ⌊x / 100⌋ for 0 ≤ x < 43 699 (integer operations, no double)
  const high = precision > 8 ? Math.floor(n / 1e8) : 0;
  const low = (n - high * 1e8) | 0;
  const lowHigh = (low / 10000) | 0;
  let group = low - lowHigh * 10000;
  let hundreds = (group * 5243) >>> 19;
  digitPairsOut[6] = digitPairs[hundreds];
  digitPairsOut[7] = digitPairs[group - hundreds * 100];
  hundreds = (lowHigh * 5243) >>> 19;
  digitPairsOut[4] = digitPairs[hundreds];
  digitPairsOut[5] = digitPairs[lowHigh - hundreds * 100];
  if (precision > 8) {
    const highHigh = (high / 10000) | 0;
    group = high - highHigh * 10000;
    hundreds = (group * 5243) >>> 19;
    digitPairsOut[2] = digitPairs[hundreds];
    digitPairsOut[3] = digitPairs[group - hundreds * 100];
    hundreds = (highHigh * 5243) >>> 19;
    digitPairsOut[0] = digitPairs[hundreds];
    digitPairsOut[1] = digitPairs[highHigh - hundreds * 100];
  }
  const start = 16 - precision;
  let end = 16;
  while (digitBytes[end - 1] === zeroCode) end--;
  digitsStart = start;
  digitsExponent = exponent;
  return end - start;
}

/**
 * Writes `count` ASCII digits of {@link digitBytes} from {@link digitsStart} on (most significant first, no trailing
 * zeros) at decimal exponent `exponent`, with a minus sign if `negative`, as toString writes that number: fixed
 * notation for exponents −6 … 20, exponential (1.5e-7, 1e+21) otherwise; no digits at exponent 0 write "0". Returns
 * the position after the text.
 */
function writeDigits(out: Uint8Array, at: number, negative: boolean, count: number, exponent: number): number {
  let p = at;
  if (negative) out[p++] = minusCode;
  const first = digitsStart, end = first + count;
  if (exponent < -6 || exponent > 20) {
    out[p++] = digitBytes[first];
    if (count > 1) {
      out[p++] = dotCode;
      for (let i = first + 1; i < end; i++) out[p++] = digitBytes[i];
    }
    out[p++] = eCode;
    out[p++] = exponent < 0 ? minusCode : plusCode;
    // |exponent| = |precision − 1 − k| ≤ 79 here (|k| ≤ 65, precision ≤ 15): one or two digits. The tens digit is always
    // written and kept only if nonzero (the units digit overwrites it otherwise): the same operations for every exponent,
    // so that the first two-digit exponent does not deoptimize code compiled without one
    const e = exponent < 0 ? -exponent : exponent;
    const units = e % 10;
    const tens = (e - units) / 10;
    out[p] = zeroCode + tens;
    p += tens > 0 ? 1 : 0;
    out[p++] = zeroCode + units;
  } else if (exponent < 0) {
    out[p++] = zeroCode;
    out[p++] = dotCode;
    for (let i = -1; i > exponent; i--) out[p++] = zeroCode;
    for (let i = first; i < end; i++) out[p++] = digitBytes[i];
  } else {
    // exponent + 1 places before the point (an integer's places past its last digit read the "0"s after the digits; no
    // digits: zero), then the point and the rest if any digits are left. Integers and fractions take the same
    // operations (the point is always stored and kept only if digits follow), so that the first integer written (often
    // a time of 1 s, after the writer was compiled) does not deoptimize code compiled without one
    const point = first + exponent + 1;
    for (let i = first; i < point; i++) out[p++] = digitBytes[i];
    out[p] = dotCode;
    p += end > point ? 1 : 0;
    for (let i = point; i < end; i++) out[p++] = digitBytes[i];
  }
  return p;
}

/** The encoder of {@link TextOutputFile.writeLine}. */
const lineEncoder = new TextEncoder();

/** Work buffer of {@link formatNumber}. */
const numberScratch = new Uint8Array(32);

/** The text {@link formatNumberInto} writes, as a string. */
export function formatNumber(value: number, precision: number): string {
  const end = formatNumberInto(numberScratch, 0, value, precision);
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
  writeRow(values: ArrayLike<number>, precision: number, start = 0, end = values.length): void {
    this.reserve((end - start) * bytesPerNumber + 1);
    const bytes = this.bytes;
    let p = this.length;
    for (let i = start; i < end; i++) {
      if (i > start) bytes[p++] = 44;
      formatValues[0] = values[i];
      p = formatValueInto(bytes, p, precision);
    }
    bytes[p++] = 10;
    this.length = p;
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
