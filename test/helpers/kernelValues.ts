/**
 * Inputs and comparisons of the bit-for-bit tests of WebAssembly kernels against their TypeScript source.
 * @module
 */

/** The default special values: ±0, subnormals, ±∞, NaN and ±1. */
export const kernelSpecials: readonly number[] = [0, -0, 5e-324, -2.2250738585072014e-308, Infinity, -Infinity, NaN, 1, -1];

/** The distribution of {@link kernelValues}' values. */
export interface KernelValueOptions {
  /** Share of special values (default 0.08; 0 for none). */
  readonly specialShare?: number;
  /** The special values (default {@link kernelSpecials}). */
  readonly specials?: readonly number[];
  /** Random values are negative for r below this (default 0.5). */
  readonly negativeBelow?: number;
  /** Random magnitudes are 10^(decades·r − decades/2)·(1 + r) (default 6). */
  readonly decades?: number;
}

/** Seeded values (r uniform in [0, 1) per value): a special value for r below specialShare, else a random one. */
export function kernelValues(seed: number, options: KernelValueOptions = {}): () => number {
  const { specialShare = 0.08, specials = kernelSpecials, negativeBelow = 0.5, decades = 6 } = options;
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const r = state / 2 ** 32;
    if (r < specialShare) return specials[state % specials.length];
    return (r < negativeBelow ? -1 : 1) * 10 ** (decades * r - decades / 2) * (1 + r);
  };
}

/** The values as bit patterns to compare (every NaN as one: wasm may give another NaN payload than JavaScript). */
export function bitPatterns(values: ArrayLike<number>): string[] {
  return Array.from(values, (x) => (Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : String(x)));
}
