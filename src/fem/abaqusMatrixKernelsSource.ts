/**
 * The scanner of an Abaqus matrix file's plain coordinate lines (src/fem/abaqus.ts), in the subset of
 * scripts/wasmKernelCompiler.ts: the file's character codes in, the entries out. A stiffness matrix file has tens of
 * thousands of lines, read once per process: in a fresh process V8 ran a regular expression, a string per field and a
 * number conversion per line (about 7 % of objectFFRFreducedOrderTest); WebAssembly compiles the scanner before its
 * first run. The module is stored in abaqusMatrixKernelsModule.ts; the same file run as JavaScript is the tests'
 * reference.
 * @module
 */

import type { Int } from '../linalg/wasmModule.ts';

/**
 * The plain coordinate lines of the text `codes` (its character codes, `length` of them, then a 10 (\n) at
 * codes[length] as the text's end) from `from` on, up to the first line that is none or `capacity` lines. A plain line
 * is: blanks (spaces, tabs), a row and a column label of 1–9 digits, each at least 1 and at most `limit`, a decimal
 * number `[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`, each two separated by blanks or one comma among blanks, then blanks or
 * \r and the line's end (\n or the text's end).
 *
 * Line i goes to rows[i], cols[i] (0-based indices) and vals[i]; next[i] is the position after it (past the end for a
 * last line without \n). The value's digits form an integer m and a decimal exponent s: where m < 2⁵³ and |s| ≤ 22,
 * m and 10^|s| (`powers`) are exact doubles and one IEEE multiplication or division rounds m·10^s correctly, as
 * Number() does (Clinger's fast path, which V8's own conversion takes first). (The double m < 2⁵³ only if the digits'
 * integer is, rounding being monotonic, and then every step of it was exact; `digits` holds 0–9 as doubles.) Any other
 * value is left to the caller: its line's index goes to slow[] and its text's bounds to valueStart[i], valueEnd[i].
 * Returns the number of lines read; the number of slow values goes to scalars[0], the largest index to scalars[1] (−1
 * for none) and the first line holding it to scalars[2].
 */
export function plainLines(codes: Int32Array, from: Int, length: Int, limit: Int, capacity: Int, digits: Float64Array, powers: Float64Array,
  rows: Int32Array, cols: Int32Array, vals: Float64Array, next: Int32Array, valueStart: Int32Array, valueEnd: Int32Array, slow: Int32Array,
  scalars: Int32Array): Int {
  let read: Int = 0;
  let slowCount: Int = 0;
  let maxIndex: Int = -1;
  let maxLine: Int = 0;
  // one loop per field over the character codes, each loaded once into ch (the scanner runs in the baseline compiler)
  while (read < capacity && from < length) {
    let k = from;
    let ch = codes[k];
    while (ch === 32 || ch === 9) { k++; ch = codes[k]; }
    // the row and the column label (1-based), each followed by a separator
    let r: Int = -1;
    let c: Int = -1;
    let labels: Int = 0;
    while (labels < 2) {
      const labelStart = k;
      let label: Int = 0;
      while (ch >= 48 && ch <= 57) { label = 10 * label + (ch - 48); k++; ch = codes[k]; }
      if (k === labelStart || k - labelStart > 9 || label === 0) break;
      const separatorStart = k;
      while (ch === 32 || ch === 9) { k++; ch = codes[k]; }
      if (ch === 44) {
        k++; ch = codes[k];
        while (ch === 32 || ch === 9) { k++; ch = codes[k]; }
      }
      if (k === separatorStart) break;
      if (labels === 0) r = label - 1;
      else c = label - 1;
      labels++;
    }
    if (labels < 2) break;
    if (r >= limit || c >= limit) break;
    // the value
    const start = k;
    let negative: Int = 0;
    if (ch === 45) negative = 1;
    if (ch === 45 || ch === 43) { k++; ch = codes[k]; }
    let m = 0;
    let scale: Int = 0;
    const integerStart = k;
    while (ch >= 48 && ch <= 57) { m = 10 * m + digits[ch - 48]; k++; ch = codes[k]; }
    const integerDigits = k - integerStart;
    if (ch === 46) {
      k++; ch = codes[k];
      const fractionStart = k;
      while (ch >= 48 && ch <= 57) { m = 10 * m + digits[ch - 48]; scale--; k++; ch = codes[k]; }
      if (integerDigits === 0 && k === fractionStart) break;
    } else if (integerDigits === 0) break;
    let exponentTooLarge: Int = 0;
    if (ch === 101 || ch === 69) {
      k++; ch = codes[k];
      let negativeExponent: Int = 0;
      if (ch === 45) negativeExponent = 1;
      if (ch === 45 || ch === 43) { k++; ch = codes[k]; }
      const exponentStart = k;
      let exponent: Int = 0;
      while (ch >= 48 && ch <= 57) {
        // saturated at 10⁶ (a value out of the fast path's range)
        if (exponent < 1000000) exponent = 10 * exponent + (ch - 48);
        k++; ch = codes[k];
      }
      if (k === exponentStart) break;
      if (exponent >= 1000000) exponentTooLarge = 1;
      if (negativeExponent === 1) scale -= exponent;
      else scale += exponent;
    }
    const valueEndAt = k;
    while (ch === 32 || ch === 9 || ch === 13) { k++; ch = codes[k]; }
    if (ch !== 10) break;
    if (m >= 9007199254740992 || exponentTooLarge === 1 || scale < -22 || scale > 22) {
      vals[read] = 0;
      valueStart[read] = start;
      valueEnd[read] = valueEndAt;
      slow[slowCount] = read;
      slowCount++;
    } else {
      let v = 0;
      if (scale < 0) v = m / powers[-scale];
      else v = m * powers[scale];
      if (negative === 1) v = -v;
      vals[read] = v;
    }
    rows[read] = r;
    cols[read] = c;
    if (r > maxIndex || c > maxIndex) {
      maxIndex = r > c ? r : c;
      maxLine = read;
    }
    // after the \n, or past the end of a text without a final \n
    from = k + 1;
    next[read] = from;
    read++;
  }
  scalars[0] = slowCount;
  scalars[1] = maxIndex;
  scalars[2] = maxLine;
  return read;
}
