import { describe, expect, it } from 'vitest';
import { Jet2Pool, type Jet2 } from '../../src/linalg/jet2.ts';
import { BlockJet2Pool, type BlockJet2 } from '../../src/linalg/blockJet2.ts';

/** Deterministic pseudo-random numbers in [−1, 1) (linear congruential). */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 2 * state / 2147483648 - 1;
  };
}

/** Value, gradient and Hessian as plain arrays, with −0 written as 0 (the block pool stores structural zeros as +0). */
function entries(jet: Jet2): number[] {
  return [jet.v, ...jet.g, ...jet.h].map((x) => (x === 0 ? 0 : x));
}

/**
 * Functions of three 2-vectors u, w, z (variables 0–1, 2–3, 4–5: the blocks of size 2), through every operation the
 * block pool keeps blocks in, with results written into operands; `variant` changes which quantity each pooled jet holds.
 */
function evaluate(pool: Jet2Pool, variant: number): Jet2[] {
  pool.reset();
  const random = randomSource(7 + variant);
  const x = Array.from({ length: 6 }, (_, i) => pool.variable(i, 0.5 + 0.4 * random(), pool.take()));
  const [u0, u1, w0, w1, z0, z1] = variant === 0 ? x : [x[4], x[5], x[0], x[1], x[2], x[3]];
  const uw = pool.dot3(u0, u1, pool.constant(1.5, pool.take()), w0, w1, u0, pool.take());
  const c = pool.cross([u0, u1, w0], [z0, z1, u1], pool.vector());
  const p = pool.mul(pool.sin(uw, pool.take()), c[0], pool.take());
  pool.mul(p, z1, p); // into an operand
  const q = pool.addMul(pool.affine(c[1], 2, 0.25, pool.take()), -1, c[2], w1);
  const r = pool.addScaled(pool.inverseSqrt(pool.affine(pool.mul(z0, z0, pool.take()), 1, 1, pool.take()), pool.take()), 0.5, q, pool.take());
  const s = pool.add(pool.div(p, pool.affine(r, 1, 3, pool.take()), pool.take()), pool.polynomial(w0, [1, -2, 0.5], pool.take()), pool.take());
  pool.dot3(s, u0, w1, z0, s, c[2], s); // into an operand
  return [uw, ...c, p, q, r, s, pool.copy(s, pool.take())];
}

describe('BlockJet2Pool', () => {
  // The ANCF beam's results stay identical: every entry equals the dense pool's (up to the sign of a zero).
  it('givesTheDensePoolsEntriesWhenJetsAreReusedForOtherQuantities', () => {
    const dense = new Jet2Pool(6, 60), blocks = new BlockJet2Pool(6, 60, 2);
    for (const [variant, hessians, active] of [[0, true, 6], [1, true, 6], [0, false, 6], [1, true, 4], [0, true, 3], [0, true, 6]] as const) {
      for (const pool of [dense, blocks]) { pool.hessians = hessians; pool.activeVariables = active; }
      const a = evaluate(dense, variant), b = evaluate(blocks, variant);
      for (let k = 0; k < a.length; k++) {
        if (hessians && active === 6) expect(entries(b[k])).toEqual(entries(a[k]));
        else {
          // the dense pool leaves the entries it does not compute as they were: compare the computed ones
          expect(b[k].v).toBe(a[k].v);
          for (let i = 0; i < active; i++) expect(b[k].g[i] === 0 ? 0 : b[k].g[i]).toBe(a[k].g[i] === 0 ? 0 : a[k].g[i]);
          if (hessians) for (let i = 0; i < active; i++) for (let j = 0; j < active; j++) expect(b[k].h[6 * i + j] === 0 ? 0 : b[k].h[6 * i + j]).toBe(a[k].h[6 * i + j] === 0 ? 0 : a[k].h[6 * i + j]);
        }
      }
    }
  });

  it('recordsOnlyTheBlocksAResultCanReach', () => {
    const pool: Jet2Pool = new BlockJet2Pool(6, 20, 2);
    const x = Array.from({ length: 6 }, (_, i) => pool.variable(i, i + 1, pool.take()) as BlockJet2);
    const product = pool.mul(x[0], x[3], pool.take()) as BlockJet2;
    expect(product.gBlocks).toBe(0b011);
    expect(product.hBlocks).toBe(1 << 1 | 1 << 3); // (0, 1) and (1, 0) of 3 × 3 block pairs
    const square = pool.chain(x[5], 0, 1, 2, pool.take()) as BlockJet2;
    expect(square.hBlocks).toBe(1 << 8); // (2, 2)
    expect(entries(pool.constant(3, product))).toEqual([3, ...new Array<number>(42).fill(0)]);
    expect(product.gBlocks | product.hBlocks).toBe(0);
    expect(() => new BlockJet2Pool(12, 4, 2)).toThrow(/blocks/);
  });
});
