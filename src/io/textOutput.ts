import type { TextFileWriter } from '../core/fileSystem.ts';

/** 10⁰ … 10²², the powers of ten that are exact doubles. */
const exactPowersOfTen = Float64Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** ASCII codes of the characters the fast path writes. */
const zeroCode = 48, dotCode = 46, minusCode = 45, plusCode = 43, eCode = 101;

/**
 * The doubles of one number's formatting, kept in slots instead of passed as arguments or returned: a double handed to
 * or returned from a call that is not inlined is boxed, a heap object per number written (≈ 1.8 MB per run of
 * rotatingTableTest's solution file). [0] the value, [1] its magnitude, [2] the magnitude scaled by a power of ten.
 */
const formatValues = new Float64Array(3);

/**
 * formatValues[2] = magnitude·10^k (magnitude in formatValues[1]) for |k| ≤ 66, by at most three products or quotients
 * with exact powers of ten (one rounding each): up to two steps of 10^±22, then the rest. Every call runs the same
 * operations (a step not taken multiplies or divides by 1, which is exact), so that code compiled before the first
 * |k| > 22 has type feedback for them and is not deoptimized when it comes (a loop over the steps was).
 */
function scaleByPowerOfTen(k: number): void {
  const up = k > 22 ? 1e22 : 1, up2 = k > 44 ? 1e22 : 1;
  const down = k < -22 ? 1e22 : 1, down2 = k < -44 ? 1e22 : 1;
  const rest = k - (k > 44 ? 44 : k > 22 ? 22 : k < -44 ? -44 : k < -22 ? -22 : 0);
  const restUp = rest > 0 ? rest : 0;
  const restDown = restUp - rest;
  formatValues[2] = formatValues[1] * up * up2 * exactPowersOfTen[restUp] / down / down2 / exactPowersOfTen[restDown];
}

/** One double and its two 32-bit halves (the high one at {@link highWord}: the byte order of the platform). */
const exponentScratch = new Float64Array(1);
const exponentWords = new Uint32Array(exponentScratch.buffer);
const highWord = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const log10Of2 = Math.log10(2);

/**
 * An estimate of the decimal exponent ⌊log₁₀x⌋ of a finite x > 0 (x in formatValues[1]) from its bits, without
 * Math.log10's call: x = 2^e (1 + f) with 0 ≤ f < 1 and f ≤ log₂(1 + f) ≤ f + 0.087, so ⌊(e + f) log₁₀2⌋ is the
 * exponent or one below it (for x less than 6 % above a power of ten). A subnormal, infinite or NaN x gives an exponent beyond the fast path's range.
 */
function decimalExponentEstimate(): number {
  exponentScratch[0] = formatValues[1];
  const high = exponentWords[highWord];
  const binaryExponent = ((high >>> 20) & 0x7ff) - 1023;
  const fraction = (high & 0xfffff) / 0x100000;
  return Math.floor((binaryExponent + fraction) * log10Of2);
}

/** Digits of the fast path, least significant first (at most 15). */
const digitScratch = new Uint8Array(16);

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
 * The digits of the value (formatValues[0]) rounded to `precision` significant digits, without trailing zeros, into
 * {@link digitScratch} (least significant first) and their decimal exponent into {@link digitsExponent}; returns their
 * count, or −1 where the fast path does not apply (the caller falls back to toPrecision). Zero (and −0) has no digits
 * at exponent 0: it takes the writer's path of every other number (stores of its own would first run when a zero
 * comes, possibly after TurboFan compiled the writer without feedback for them, and deoptimize it). Otherwise y = |value|·10^k (at most three roundings
 * with exact powers of ten, relative error < 4·2⁻⁵³) lies in [10^(p−1), 10^p); rounded half up it gives the digits n of
 * toPrecision unless y is within 10⁻¹⁵·y of a tie, which falls back. For p ≤ 15 a decimal of p digits is recovered from
 * its nearest double (a normal one: |k| ≤ 66), so the shortest text of that double is n without trailing zeros.
 */
function decimalDigits(precision: number): number {
  const value = formatValues[0];
  if (value === 0) { digitsExponent = 0; return 0; }
  if (!(precision <= 15 && precision >= 1)) return -1;
  formatValues[1] = value < 0 ? -value : value;
  let exponent = decimalExponentEstimate();
  let k = precision - 1 - exponent;
  if (!(k >= -65 && k <= 65)) return -1;
  const lower = exactPowersOfTen[precision - 1];
  scaleByPowerOfTen(k);
  // the estimate may be one below the decimal exponent, and rounding may move y across a power of ten
  if (formatValues[2] < lower) { exponent--; k++; scaleByPowerOfTen(k); }
  else if (formatValues[2] >= 10 * lower) { exponent++; k--; scaleByPowerOfTen(k); }
  const y = formatValues[2];
  let n = Math.floor(y);
  const fromTie = y - n - 0.5;
  if (!(y >= lower && y < 10 * lower && (fromTie > 1e-15 * y || fromTie < -1e-15 * y))) return -1;
  if (fromTie > 0) n++;
  if (n === 10 * lower) { n = lower; exponent++; }
  // the digits of n < 10¹⁵ without trailing zeros, least significant first, from two parts below 2³¹ (exact as
  // 32-bit integers: their divisions by 10 are integer operations)
  const high = Math.floor(n / 1e8) | 0;
  let part = (n - high * 1e8) | 0;
  let count = 0;
  let trailing = true;
  for (let place = 0; ; place++) {
    // the low part's 8 places (zeros before a nonzero high part), then the high part's digits
    if (place === 8) part = high;
    if (part === 0 && (place >= 8 || high === 0)) break;
    const next = (part / 10) | 0;
    const digit = part - next * 10;
    part = next;
    if (trailing && digit === 0) continue;
    trailing = false;
    digitScratch[count++] = digit;
  }
  digitsExponent = exponent;
  return count;
}

/**
 * Writes `count` digits of {@link digitScratch} (least significant first, no trailing zeros) at decimal exponent
 * `exponent`, with a minus sign if `negative`, as toString writes that number: fixed notation for exponents −6 … 20,
 * exponential (1.5e-7, 1e+21) otherwise; no digits at exponent 0 write "0". Returns the position after the text.
 */
function writeDigits(out: Uint8Array, at: number, negative: boolean, count: number, exponent: number): number {
  let p = at;
  if (negative) out[p++] = minusCode;
  if (exponent < -6 || exponent > 20) {
    out[p++] = zeroCode + digitScratch[count - 1];
    if (count > 1) {
      out[p++] = dotCode;
      for (let i = count - 2; i >= 0; i--) out[p++] = zeroCode + digitScratch[i];
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
    for (let i = count - 1; i >= 0; i--) out[p++] = zeroCode + digitScratch[i];
  } else {
    // exponent + 1 digits before the point, the rest (if any) after it
    for (let i = count - 1, place = exponent; place >= 0; i--, place--) {
      out[p++] = i >= 0 ? zeroCode + digitScratch[i] : zeroCode;
      if (place === 0 && i > 0) {
        out[p++] = dotCode;
        for (let j = i - 1; j >= 0; j--) out[p++] = zeroCode + digitScratch[j];
      }
    }
  }
  return p;
}

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
/** Buffered bytes at which the file is written. */
const flushAt = 1 << 16;
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
 * bytes (a line with other characters is passed on as text, after the bytes before it) and written when 64 kB are
 * buffered, at flush and at close (as bytes to a writer with writeBytes, Node's file system; decoded otherwise).
 */
export class TextOutputFile {
  private bytes = spareBuffers.pop() ?? new Uint8Array(bufferSize);
  private length = 0;
  /** Made at the first flush to a writer without writeBytes (Node's file system takes bytes). */
  private decoder?: TextDecoder;

  /** Lines go to `writer` (a file opened through the installed file system, or one kept in memory). */
  constructor(readonly path: string, private readonly writer: TextFileWriter) {}

  /** Appends one line (without newline). */
  writeLine(line: string): void {
    this.reserve(line.length + 1);
    const bytes = this.bytes;
    let p = this.length;
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i);
      if (code >= 128) {
        this.flush();
        this.writer.write(line + '\n');
        return;
      }
      bytes[p++] = code;
    }
    bytes[p++] = 10;
    this.length = p;
    if (p > flushAt) this.flush();
  }

  /** Appends a row of numbers, comma separated. */
  writeRow(values: ArrayLike<number>, precision: number): void {
    this.reserve(values.length * bytesPerNumber + 1);
    const bytes = this.bytes;
    let p = this.length;
    for (let i = 0; i < values.length; i++) {
      if (i > 0) bytes[p++] = 44;
      formatValues[0] = values[i];
      p = formatValueInto(bytes, p, precision);
    }
    bytes[p++] = 10;
    this.length = p;
    if (p > flushAt) this.flush();
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
    if (bytes.length === bufferSize && spareBuffers.length < spareBufferLimit) spareBuffers.push(bytes);
  }

  /** Room for `count` more bytes: the buffered ones written first if needed, the buffer enlarged for a longer line. */
  private reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    this.flush();
    if (count > this.bytes.length) this.bytes = new Uint8Array(count);
  }
}
