import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/io/textOutput.ts';

/** The definition formatNumber implements faster: the shortest text of the value rounded to `precision` digits. */
function byDefinition(value: number, precision: number): string {
  return value === 0 ? '0' : Number(value.toPrecision(precision)).toString();
}

/** A deterministic stream of doubles in [0, 1) (xorshift32), so that a failure repeats. */
function uniformStream(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 2 ** 32;
  };
}

describe('formatNumber', () => {
  it('equalsNumberOfToPrecisionToStringAtEveryPrecision', () => {
    const next = uniformStream(20261203);
    const values: number[] = [
      1, 0.1, 0.5, 3, 100, 1 / 3, 2 / 3, Math.PI, 12345.678, 1234567890, 12345678901, 123456789012345, 1e15, 1e16,
      1e20, 9.9999999999e20, 9.99999999999e20, 1e21, 1e22, 1e-5, 1e-6, 0.0000009999999999999, 1e-7, 9.9999999999, 99999.99999999,
      // around the fast path's bounds, overflow to Infinity after rounding, subnormals
      1e-300, 1.0000000001e-300, 9.99999999e299, 1e300, 1.7976931348623157e308, 2.2250738585072014e-308, 5e-324, -0,
    ];
    // decimal magnitudes 1e-30 … 1e30 (sensor values) and arbitrary bit patterns (every exponent)
    for (let i = 0; i < 4000; i++) values.push(next() * 10 * 10 ** (Math.floor(next() * 61) - 30));
    const bits = new Float64Array(1);
    const words = new Uint32Array(bits.buffer);
    for (let i = 0; i < 4000; i++) {
      words[0] = next() * 2 ** 32; words[1] = next() * 2 ** 32;
      if (Number.isFinite(bits[0])) values.push(bits[0]);
    }
    let compared = 0;
    for (const value of values) {
      for (const v of [value, -value]) {
        for (let precision = 1; precision <= 17; precision++) {
          const expected = byDefinition(v, precision);
          if (formatNumber(v, precision) !== expected) expect(formatNumber(v, precision), `${v} at precision ${precision}`).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(250_000);
  });
});
