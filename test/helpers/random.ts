/**
 * Seeded pseudo-random numbers for the tests and benchmarks (mulberry32), so that failures reproduce.
 * @module
 */

/** Next raw 32-bit state of a mulberry32 generator as an unsigned integer, from the running counter `a`. */
function mulberry32Step(a: number): number {
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** Seeded PRNG (mulberry32): returns a function yielding uniform numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    return mulberry32Step(a) / 4294967296;
  };
}

/** Seeded PRNG (mulberry32): returns a function yielding uniform numbers in [-1, 1). */
export function randomSequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    return mulberry32Step(a) / 2 ** 31 - 1;
  };
}
