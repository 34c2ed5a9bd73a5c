/**
 * PyElastica's own plectoneme case (issue 14; examples/plectonemesPyElastica.ts): L = 1 m, r = 0.025 m, 1 kg, E = 1e6 Pa,
 * clamped start, the end turned about the axis at 10 turns per 50 s with its transverse position held, damping
 * ν = 2/(ρA), self contact. Its reference is topological: the link of the rod closed far away equals the applied end
 * turns while twist turns into writhe. The test runs the first 25 s (5 turns; the example and bench/pyelasticaCases.ts
 * run the 100 s): Lk = round(Φ/2π) after every step, the writhe past 1, and the contact holding the rod apart with a
 * penetration small against r. Long: about 20 s.
 * @module
 */
import { describe, expect, it } from 'vitest';
import { simulatePyElasticaPlectoneme, writheAt, pyelasticaPlectonemeData } from '../../examples/plectonemesPyElastica.ts';

describe('PyElastica\'s plectoneme case: link = twist + writhe through the transition', () => {
  it('first 25 s (5 turns), 40 SE3 elements, h ≤ 0.25 s adaptive: Lk = round(Φ/2π) to 1e-3, Wr past 1, contact depth < 0.5 r', () => {
    // measured: 2594 steps (213 rejected), 12442 Newton iterations; Lk − round(Φ/2π) ≤ 1.6e-11 after every step, Lk(25 s) = 5,
    // Wr(25 s) = 2.783; 41 contact pairs at most, deepest penetration 2.95e-3 m = 0.12 r
    const run = simulatePyElasticaPlectoneme({ steps: 400, endTime: 25 });
    const last = run.samples[run.samples.length - 1];
    expect(Math.abs(run.samples[0].link)).toBeLessThan(1e-12); // the straight, untwisted rod
    expect(run.endRibbonError).toBeLessThan(1e-9); // the end turned by Φ about x as the link's closure assumes
    expect(run.linkError).toBeLessThan(1e-3);
    expect(Math.abs(last.link - 5)).toBeLessThan(1e-3);
    // twist turned into writhe: the straight rod buckles after about one turn and coils
    expect(Math.abs(writheAt(run.samples, 2))).toBeLessThan(0.05);
    expect(last.writhe).toBeGreaterThan(1);
    expect(run.contacts).toBeGreaterThan(0);
    expect(run.deepest).toBeLessThan(0.5 * pyelasticaPlectonemeData.radius);
  });
});
