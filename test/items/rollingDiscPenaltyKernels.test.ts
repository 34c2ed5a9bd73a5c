import { describe, expect, it } from 'vitest';
import { rollingDiscPenaltyColumnsStart, rollingDiscPenaltyKernels } from '../../src/items/objects/rollingDiscPenaltyKernels.ts';
import * as source from '../../src/items/objects/rollingDiscPenaltyKernelsSource.ts';

/** Random magnitudes over many decades and both signs, and (with `special`) ±0, subnormals, ±∞ and NaN. */
function values(seed: number, special: boolean): () => number {
  let state = seed >>> 0;
  const specials = [0, -0, 5e-324, -2.2250738585072014e-308, Infinity, -Infinity, NaN, 1, -1];
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const r = state / 2 ** 32;
    if (special && r < 0.08) return specials[state % specials.length];
    return (r < 0.5 ? -1 : 1) * 10 ** (6 * r - 3) * (1 + r);
  };
}

/** Bit patterns (every NaN as one: wasm may give another NaN payload). */
function bits(a: ArrayLike<number>): string[] {
  return Array.from(a, (x) => (Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : String(x)));
}

describe('rollingDiscPenaltyKernels', () => {
  const { exports, doubles } = rollingDiscPenaltyKernels(rollingDiscPenaltyColumnsStart + 2000);

  it('adds the Jacobian columns bit for bit as the source run as JavaScript (both sides, q and u, with and without rolling friction)', () => {
    let trial = 0;
    for (const special of [false, true]) {
      for (const [n0, n1] of [[0, 7], [7, 7], [6, 3], [7, 0]]) {
        for (const configuration of [0, 1]) {
          for (const rolling of [0, 1]) {
            const next = values(++trial, special);
            const array = (length: number, zeroColumns = false): Float64Array => {
              const a = Float64Array.from({ length }, next);
              // every second column (3 × length/3) zero: a translation, which does not move the frame
              const nb = length / 3;
              if (zeroColumns) for (let k = 0; k < nb; k += 2) a[k] = a[nb + k] = a[2 * nb + k] = 0;
              return a;
            };
            const input = array(rollingDiscPenaltyColumnsStart);
            const arrays = [array(3 * n0), array(3 * n0, true), array(3 * n0), array(3 * n0), array(3 * n0, true),
              array(3 * n1), array(3 * n1, true), array(3 * n1), array(3 * n1), array(3 * n1, true)];
            const n = n0 + n1, g = next(), factor = next();
            const m = Float64Array.from({ length: n * n }, next);
            const [j0, g0, vq0, wq0, null0, j1, g1, vq1, wq1, null1] = arrays;
            source.addJacobianColumns(input, j0, g0, vq0, wq0, null0, j1, g1, vq1, wq1, null1, m, n0, n1, configuration, rolling, g, factor);
            doubles.set(input, 0);
            let at = rollingDiscPenaltyColumnsStart;
            const addresses = arrays.map((a) => {
              doubles.set(a, at);
              at += a.length;
              return 8 * (at - a.length);
            });
            doubles.fill(7, at, at + n * n);
            const [a0, b0, c0, d0, e0, a1, b1, c1, d1, e1] = addresses;
            exports.addJacobianColumns(0, a0, b0, c0, d0, e0, a1, b1, c1, d1, e1, 8 * at, n0, n1, configuration, rolling, g, factor);
            expect(bits(doubles.subarray(at, at + n * n))).toEqual(bits(m));
          }
        }
      }
    }
  });
});
