/**
 * Array measures the tests compare results with.
 * @module
 */

/** max_i |values_i| (0 for an empty array). */
export function maxAbs(values: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) m = Math.max(m, Math.abs(values[i]));
  return m;
}

/** max_i |a_i − b_i| over the entries of a (b at least as long). */
export function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}
