import { describe, expect, it } from 'vitest';
import { butcherTableaux } from '../../src/solvers/explicit.ts';

describe('butcherTableaux', () => {
  it('are consistent (row sums of a equal c, weights sum to 1) and stored as Float64Arrays of one shape', () => {
    const tableaux = Object.entries(butcherTableaux);
    expect(tableaux.length).toBeGreaterThanOrEqual(7);
    for (const [method, t] of tableaux) {
      expect(t.c, method).toBeInstanceOf(Float64Array);
      expect(t.b, method).toBeInstanceOf(Float64Array);
      expect(Object.keys(t), method).toEqual(['c', 'a', 'b', 'bHat', 'order']);
      expect(t.a.length, method).toBe(t.c.length);
      // sums of at most seven coefficients of order one: a few ulps
      t.a.forEach((row, i) => expect(row.reduce((s, x) => s + x, 0), `${method} row ${i}`).toBeCloseTo(t.c[i], 14));
      expect(t.b.reduce((s, x) => s + x, 0), method).toBeCloseTo(1, 14);
      if (t.bHat !== undefined) expect(t.bHat.reduce((s, x) => s + x, 0), method).toBeCloseTo(1, 14);
    }
  });
});
