import { describe, expect, it } from 'vitest';
import { Jet2Pool, type Jet2 } from '../../src/linalg/jet2.ts';

/** Deterministic pseudo-random numbers in [−1, 1) (linear congruential). */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 2 * state / 2147483648 - 1;
  };
}

/** Six jets of 4 variables: nonlinear functions of the variables, so values, gradients and Hessians are all nonzero. */
function operands(pool: Jet2Pool, random: () => number): Jet2[] {
  const x = Array.from({ length: 4 }, (_, i) => pool.variable(i, random(), pool.take()));
  return Array.from({ length: 6 }, (_, k) => {
    const out = pool.mul(x[k % 4], x[(k + 1) % 4], pool.take());
    return pool.add(pool.sin(pool.addScaled(out, random(), x[(k + 2) % 4], pool.take()), pool.take()), x[(k + 3) % 4], out);
  });
}

/** Value, gradient and Hessian of a jet as plain arrays (exact comparison). */
function entries(jet: Jet2): number[] {
  return [jet.v, ...jet.g, ...jet.h];
}

describe('Jet2Pool', () => {
  // The fused kernels promise the result of the elementary operations to the last bit (the beams' results stay identical).
  it('fusedDot3AndCrossEqualTheElementaryOperationsBitForBit', () => {
    for (const hessians of [true, false]) {
      const pool = new Jet2Pool(4, 80);
      pool.hessians = hessians;
      const [a0, a1, a2, b0, b1, b2] = operands(pool, randomSource(3));
      const elementary = pool.add(pool.add(pool.mul(a0, b0, pool.take()), pool.mul(a1, b1, pool.take()), pool.take()), pool.mul(a2, b2, pool.take()), pool.take());
      expect(entries(pool.dot3(a0, a1, a2, b0, b1, b2, pool.take()))).toEqual(entries(elementary));
      // aliasing the output with an operand gives the same
      const alias = pool.copy(a1, pool.take());
      expect(entries(pool.dot3(a0, alias, a2, b0, b1, b2, alias))).toEqual(entries(elementary));
      const a = [a0, a1, a2], b = [b0, b1, b2];
      const cross = pool.cross(a, b, pool.vector());
      for (let k = 0; k < 3; k++) {
        const i = (k + 1) % 3, j = (k + 2) % 3;
        const expected = pool.addScaled(pool.mul(a[i], b[j], pool.take()), -1, pool.mul(a[j], b[i], pool.take()), pool.take());
        expect(entries(cross[k])).toEqual(entries(expected));
      }
      // addMul equals mul into a temporary and addScaled
      const accumulated = pool.copy(a2, pool.take());
      const expectedSum = pool.addScaled(a2, -2, pool.mul(b1, b2, pool.take()), pool.take());
      expect(entries(pool.addMul(accumulated, -2, b1, b2))).toEqual(entries(expectedSum));
      // mul into one of its operands equals mul into a fresh jet
      const product = pool.mul(a0, b0, pool.take());
      const inPlace = pool.copy(a0, pool.take());
      expect(entries(pool.mul(inPlace, b0, inPlace))).toEqual(entries(product));
    }
  });

  it('valuesOnlyGiveTheSameValuesWithoutDerivatives', () => {
    const withDerivatives = new Jet2Pool(4, 80), valuesOnly = new Jet2Pool(4, 80);
    valuesOnly.derivatives = false;
    expect(valuesOnly.derivatives).toBe(false);
    const full = operands(withDerivatives, randomSource(5)), values = operands(valuesOnly, randomSource(5));
    const f = withDerivatives.dot3(full[0], full[1], full[2], full[3], full[4], full[5], withDerivatives.take());
    const v = valuesOnly.dot3(values[0], values[1], values[2], values[3], values[4], values[5], valuesOnly.take());
    expect(v.v).toBe(f.v);
    expect(f.g.some((g) => g !== 0)).toBe(true);
    expect(Array.from(v.g)).toEqual([0, 0, 0, 0]); // fresh jets: nothing written
    valuesOnly.derivatives = true;
    expect(valuesOnly.hessians).toBe(true);
    const again = valuesOnly.mul(values[0], values[1], valuesOnly.take());
    expect(again.v).toBe(values[0].v * values[1].v);
  });

  // A function of the first variables only, differentiated with respect to those: the same entries as with all of them.
  it('activeVariablesGiveTheSameLeadingEntries', () => {
    const full = new Jet2Pool(4, 80), leading = new Jet2Pool(4, 80);
    leading.activeVariables = 2;
    const evaluate = (pool: Jet2Pool): Jet2 => {
      const random = randomSource(9);
      const x = [0, 1].map((i) => pool.variable(i, random(), pool.take()));
      const r = pool.dot3(x[0], x[1], pool.sin(x[0], pool.take()), x[1], x[1], x[0], pool.take());
      const c = pool.cross([x[0], x[1], r], [r, x[0], x[1]], pool.vector());
      return pool.mul(pool.inverseSqrt(pool.affine(pool.mul(c[0], c[0], pool.take()), 1, 2, pool.take()), pool.take()), pool.add(c[1], c[2], pool.take()), pool.take());
    };
    const a = evaluate(full), b = evaluate(leading);
    expect(b.v).toBe(a.v);
    expect([b.g[0], b.g[1]]).toEqual([a.g[0], a.g[1]]);
    expect([b.h[0], b.h[1], b.h[4], b.h[5]]).toEqual([a.h[0], a.h[1], a.h[4], a.h[5]]);
    expect(a.h.slice(2, 4).every((h) => h === 0)).toBe(true);
    expect(() => { leading.activeVariables = 5; }).toThrow(/activeVariables/);
  });

  // A reused jet made a constant: every derivative entry cleared (the 3D beam then writes its sparse gradients).
  it('constantClearsAReusedJetsDerivatives', () => {
    const pool = new Jet2Pool(4, 40);
    const used = operands(pool, randomSource(3))[0];
    expect(used.g.some((g) => g !== 0) && used.h.some((h) => h !== 0)).toBe(true);
    expect(entries(pool.constant(2.5, used))).toEqual([2.5, ...new Array<number>(20).fill(0)]);
  });
});
