/**
 * Kernels in the subset of scripts/wasmKernelCompiler.ts that use every construct it accepts: run as JavaScript, they
 * are the reference its module must match bit for bit (test/scripts/wasmKernelCompiler.test.ts).
 * @module
 */

import type { Int } from '../../src/linalg/wasmModule.ts';
import { twicePlusOne } from './sampleKernelHelpers.ts';

/** Straight-line arithmetic with literals of both signs, −0, unary minus and compound assignments into out[0…5]. */
export function straightLine(x: Float64Array, out: Float64Array): void {
  const a = x[0], b = x[1], c = x[2];
  const negA = -a, zeroB = -0 * b, twice = 2 * (a + b);
  let sum = 0 + a * b + c;
  sum -= (b - c) / 3;
  sum *= 0.5;
  out[0] = sum;
  out[1] = negA + zeroB - -1.5 * c;
  out[2] = twice / (c - a);
  out[3] = Math.sqrt(Math.abs(a)) + Math.min(b, c) - Math.max(a, -0);
  out[4] = -(a * c);
  out[5] += a;
  out[5] /= b;
}

/** Loops over Int counters (up, down, by steps), nested, with index arithmetic folded into offsets. */
export function loops(a: Float64Array, n: Int, out: Float64Array): number {
  let total = 0;
  for (let i: Int = 0; i < n; i++) {
    const o = 2 * i;
    out[o] = a[o + 1] * a[i];
    out[o + 1] = 0;
    for (let k: Int = i; k >= 0; k--) out[o + 1] += a[k];
  }
  for (let j: Int = n - 1; j > 0; j -= 2) total += a[j];
  for (let j: Int = 0; j <= n; j += 3) total -= a[j] * 0.25;
  return total;
}

/** Conditions: comparisons of numbers and Ints, &&, ||, !, if/else chains, select, early returns. */
export function branches(x: number, y: number, k: Int, out: Float64Array): Int {
  if (x < y && !(k === 0)) out[0] = x;
  else if (x >= y || k !== 2) out[0] = y;
  else out[0] = -0;
  out[1] = x > 0 ? x : -x;
  out[2] = x !== x ? 1 : x <= y ? 2 : 3;
  if (k > 5) return k - 5;
  return k * 2 + 1;
}

/** A dot product (an internal function) and a scaled copy, called from an exported one. */
function dot(a: Float64Array, b: Float64Array, n: Int): number {
  let sum = 0;
  for (let i: Int = 0; i < n; i++) sum += a[i] * b[i];
  return sum;
}

/** Calls: a function with a result, a void one as a statement, and one imported from another kernel file. */
export function calls(a: Float64Array, b: Float64Array, n: Int, out: Float64Array): void {
  const d = dot(a, b, n);
  scale(a, d, n, out);
  out[n] = twicePlusOne(dot(b, b, n));
}

function scale(a: Float64Array, factor: number, n: Int, out: Float64Array): void {
  let i: Int = 0;
  for (i = 0; i < n; ++i) out[i] = factor * a[i];
}

/**
 * Int32Array elements (loads, stores, ++, compound assignments, constant offsets), while, break and continue (of for
 * and while loops, from inside ifs and nested loops): a histogram of `values` into `counts`, its running sums into
 * `starts`, then, per value, how many steps a chain of `next` links takes until it meets a negative link or one past
 * `limit`. Returns the number of values skipped as negative.
 */
export function integers(values: Int32Array, n: Int, next: Int32Array, limit: Int, counts: Int32Array, starts: Int32Array): Int {
  let skipped: Int = 0;
  for (let i: Int = 0; i < n; i++) {
    const v = values[i];
    if (v < 0) {
      skipped++;
      continue;
    }
    counts[v]++;
    counts[v + 1] -= 0;
  }
  starts[0] = 0;
  let k: Int = 0;
  while (k < n) {
    starts[k + 1] = starts[k] + counts[k];
    k++;
  }
  for (let i: Int = 0; i < n; i++) {
    let at = values[i], steps: Int = 0;
    while (steps >= 0) {
      if (at < 0) break;
      if (steps > limit) {
        steps = -1;
        break;
      }
      for (let j: Int = 0; j < 3; j++) {
        if (j === 1) continue;
        if (j === 2) break;
        steps += 1;
      }
      at = next[at];
    }
    values[i] = steps;
    countDown(counts, i);
  }
  return skipped;
}

/** Decrements counts[i] while it is positive (an internal function with an Int32Array argument). */
function countDown(counts: Int32Array, i: Int): void {
  while (counts[i] > 0) counts[i] -= 1;
}

/**
 * Uint8Array elements, Math.floor and `| 0`: the decimal digits of ⌊x[i]⌋ mod 10 as ASCII into text[start + i] (one
 * per value), ⌊x[n − 1]⌋ into out[0]; returns the sum of the bytes read back and of ⌊x[0]⌋ | 0.
 */
export function bytes(x: Float64Array, n: Int, text: Uint8Array, start: Int, out: Float64Array): Int {
  let sum: Int = 0;
  for (let i: Int = 0; i < n; i++) {
    const whole = Math.floor(x[i]);
    const q = Math.floor(whole / 10);
    text[start + i] = 48 + ((whole - q * 10) | 0);
    sum += text[start + i] + text[0];
  }
  out[0] = Math.floor(x[n - 1]);
  return sum + (Math.floor(x[0]) | 0);
}
