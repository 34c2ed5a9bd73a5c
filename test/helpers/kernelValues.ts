/**
 * Inputs and comparisons of the bit-for-bit tests of WebAssembly kernels against their TypeScript source.
 * @module
 */

/** Seeded values: random magnitudes 1e-3 … 2e3 of both signs, and (with `special`) ±0, subnormals, ±∞, NaN and ±1. */
export function kernelValues(seed: number, special: boolean): () => number {
  let state = seed >>> 0;
  const specials = [0, -0, 5e-324, -2.2250738585072014e-308, Infinity, -Infinity, NaN, 1, -1];
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const r = state / 2 ** 32;
    if (special && r < 0.08) return specials[state % specials.length];
    return (r < 0.5 ? -1 : 1) * 10 ** (6 * r - 3) * (1 + r);
  };
}

/** The values as bit patterns to compare (every NaN as one: wasm may give another NaN payload than JavaScript). */
export function bitPatterns(values: ArrayLike<number>): string[] {
  return Array.from(values, (x) => (Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : String(x)));
}
