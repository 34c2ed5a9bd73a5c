/**
 * Plectonemes (issue 14): a straight rod clamped at both ends, twisted by its end turns and released by a slack, winds
 * into a loop that touches itself and into a plectoneme; with the rod's self contact (GeneralContact) the link
 * Lk = Tw + Wr of the rod closed far away stays the number of end turns through the transition, while twist turns into
 * writhe; without self contact the rod passes through itself and the link jumps by 2 at each passage. Dynamic paths
 * (generalized-α, ρ∞ = 0, damping per length) because the loop forms at a fold of the static path (the static solver
 * stops there, at a writhe of 0.48 for 27 turns). Long: about 4.5 min for the 27-turn case, 25 s for the others.
 * @module
 */
import { describe, expect, it } from 'vitest';
import { simulatePlectoneme as run } from '../../examples/plectonemes.ts';

describe('plectonemes: link = twist + writhe through the transition with self contact', () => {
  it('27 turns, L = 100, slack 10, 200 SE3 elements (the helical-buckling rod): Lk = 27 to 1e-3 while Wr grows to 1.8', () => {
    // measured: Lk − 27 ≤ 6.7e-9 over 1706 steps (107 rejected), 8765 Newton iterations; final Tw = 25.199, Wr = 1.801,
    // 18 contact pairs, deepest penetration 0.05 of the radius 0.4
    const result = run({ numberOfElements: 200, slack: 10, radius: 0.4, contactStiffness: 50, steps: 500 });
    expect(Math.abs(result.initial.link - 27)).toBeLessThan(1e-12);
    expect(Math.abs(result.initial.writhe)).toBeLessThan(1e-12);
    expect(result.linkError).toBeLessThan(1e-3);
    expect(result.final.writhe).toBeGreaterThan(1.5); // the plectoneme: twist turned into writhe
    expect(result.contacts).toBeGreaterThan(5);
    expect(result.deepest).toBeLessThan(0.25 * 0.4);
  });

  it('10 turns, slack 15, 60 elements: with self contact Lk = 10 to 1e-3; without, the rod passes through itself (Lk changes by 2 per passage)', () => {
    // measured with contact: Lk − 10 ≤ 4.7e-9, final Wr = 1.77, 5 pairs; without: Lk ends at 6 (two passages)
    const withContact = run({ numberOfElements: 60, slack: 15, radius: 0.4, contactStiffness: 50, turns: 10, steps: 80 });
    expect(withContact.linkError).toBeLessThan(1e-3);
    expect(withContact.final.writhe).toBeGreaterThan(1.5);
    expect(withContact.contacts).toBeGreaterThan(0);
    const without = run({ numberOfElements: 60, slack: 15, radius: 0.4, contactStiffness: 50, turns: 10, steps: 80, selfContact: false });
    expect(without.contacts).toBe(0);
    const jump = without.final.link - 10;
    expect(Math.abs(jump)).toBeGreaterThan(1.5);
    // a passage changes the link by ±2 exactly; between the passages the sum stays an integer
    expect(Math.abs(jump / 2 - Math.round(jump / 2))).toBeLessThan(1e-6);
  });
});
