/**
 * The text of sensor and solution rows as a WebAssembly kernel (compiled by scripts/wasmKernelCompiler.ts; this file
 * runs as JavaScript in the tests, the reference of the module's bytes). A number's text is Exudyn's:
 * `Number(value.toPrecision(precision)).toString()`, which src/io/textOutput.ts writes where this fast path does not
 * apply. Digits come from one product with a power of ten and exact double arithmetic (floor, a division by ten and a
 * product per digit), so a cold process writes its rows without boxed doubles and without compiling a formatter.
 * @module
 */

import type { Int } from '../linalg/wasmModule.ts';

/**
 * Writes values[from] … values[to − 1] as ASCII into text from byte 0, comma separated (a comma before values[from] as
 * well if `comma` is 1), and returns the bytes written. Stops before the first value the fast path does not take (no
 * comma written for it) and stores that value's index (else `to`) into state[0]: the caller writes its comma and text
 * and goes on from the next. `powers`: the doubles nearest to 10^−70 … 10^111.
 */
export function formatRow(values: Float64Array, from: Int, to: Int, comma: Int, precision: Int, powers: Float64Array, text: Uint8Array,
  state: Int32Array): Int {
  let p: Int = 0;
  for (let i: Int = from; i < to; i++) {
    const separator: Int = i > from || comma === 1 ? 1 : 0;
    text[p] = 44;
    const end: Int = formatValue(values[i], precision, powers, text, p + separator);
    if (end < 0) {
      state[0] = i;
      return p;
    }
    p = end;
  }
  state[0] = to;
  return p;
}

/**
 * Writes the text of `value` rounded to `precision` significant digits at `at` and returns the position after it, or −1
 * where the fast path does not apply. Zero (and −0) is "0". Otherwise, for 1 ≤ precision ≤ 15: the decimal exponent e
 * (the largest with 10^e's double ≤ |value|, powers[e + 70], found in steps of 16, 4 and 1), y = |value|·10^k with k = precision − 1 − e
 * (|k| ≤ 65: normal doubles), one product with the double nearest to 10^k (relative error < 2.3·10⁻¹⁶), lies in
 * [10^(p−1), 10^p) unless |value| is within rounding of a power of ten (then −1); rounded half up it gives the digits n of
 * toPrecision unless y is within 10⁻¹⁵·y of a tie (−1). For p ≤ 15 a decimal of p digits is recovered from its nearest
 * double, so the shortest text of that double is n without trailing zeros, written as toString does: fixed notation for
 * exponents −6 … 20, exponential (1.5e-7, 1e+21) otherwise.
 */
function formatValue(value: number, precision: Int, powers: Float64Array, text: Uint8Array, at: Int): Int {
  if (value === 0) {
    text[at] = 48;
    return at + 1;
  }
  if (precision < 1 || precision > 15) return -1;
  const magnitude = Math.abs(value);
  // NaN, subnormal, infinite and out-of-range values fail one of these
  if (!(magnitude >= powers[4] && magnitude < powers[151])) return -1;
  // the exponent's index in powers (e + 70 ≥ 4: a wasm address's variable part must not be negative)
  let index: Int = 4;
  while (magnitude >= powers[index + 16]) index += 16;
  while (magnitude >= powers[index + 4]) index += 4;
  while (magnitude >= powers[index + 1]) index += 1;
  let exponent: Int = index - 70;
  const k: Int = precision - 1 - exponent;
  if (k < -65 || k > 65) return -1;
  const lower = powers[precision + 69];
  const upper = powers[precision + 70];
  const y = magnitude * powers[precision + 139 - index]; // 10^k
  let n = Math.floor(y);
  const fromTie = y - n - 0.5;
  const tolerance = 1e-15 * y;
  if (!(y >= lower && y < upper && (fromTie > tolerance || fromTie < -tolerance))) return -1;
  if (fromTie > 0) n += 1;
  if (n === upper) {
    exponent += 1;
    n = lower;
  }
  // n has `precision` digits; drop its trailing zeros (n ≥ 1 has a nonzero digit)
  let count: Int = precision;
  while (count > 1) {
    const q = Math.floor(n / 10);
    if (n - q * 10 !== 0) break;
    n = q;
    count--;
  }
  let p: Int = at;
  if (value < 0) {
    text[p] = 45;
    p++;
  }
  if (exponent < -6 || exponent > 20) {
    p = writeDigits(n, count, 1, text, p);
    text[p] = 101;
    text[p + 1] = exponent < 0 ? 45 : 43;
    p += 2;
    let e: Int = exponent < 0 ? -exponent : exponent;
    if (e >= 10) {
      let tens: Int = 0;
      while (e >= 10) {
        e -= 10;
        tens++;
      }
      text[p] = 48 + tens;
      p++;
    }
    text[p] = 48 + e;
    return p + 1;
  }
  if (exponent < 0) {
    text[p] = 48;
    text[p + 1] = 46;
    p += 2;
    for (let i: Int = -1; i > exponent; i--) {
      text[p] = 48;
      p++;
    }
    return writeDigits(n, count, count, text, p);
  }
  // exponent + 1 places before the point: the digits, then zeros past the last one or the point and the rest
  p = writeDigits(n, count, exponent + 1, text, p);
  for (let i: Int = count; i < exponent + 1; i++) {
    text[p] = 48;
    p++;
  }
  return p;
}

/**
 * Writes the `count` decimal digits of the integer n (< 2⁵³) at `at`, most significant first, with a point after the
 * first `point` of them if point < count (point ≥ 1), and returns the position after them. Each digit is exact:
 * ⌊n / 10⌋ of an integer below 2⁵³ is its quotient (the division's rounding cannot reach the next integer).
 */
function writeDigits(n: number, count: Int, point: Int, text: Uint8Array, at: Int): Int {
  const end: Int = at + count + (point < count ? 1 : 0);
  let m = n;
  let p: Int = end - 1;
  for (let j: Int = count - 1; j >= 0; j--) {
    const q = Math.floor(m / 10);
    text[p] = 48 + ((m - q * 10) | 0);
    p--;
    m = q;
    if (j === point) {
      text[p] = 46;
      p--;
    }
  }
  return end;
}
