/**
 * PyElastica's own plectoneme case (issue 14; examples/plectonemesPyElastica.ts): L = 1 m, r = 0.025 m, 1 kg, E = 1e6 Pa,
 * clamped start, the end turned about the axis at 10 turns per 50 s with its transverse position held, damping
 * ν = 2/(ρA), self contact; 100 s. Its reference is topological: the link of the rod closed far away equals the applied
 * end turns while twist turns into writhe, and changes only by ±2 where the rod swings around an end (crossing the
 * closure: the belt trick), never by a passage through itself. Long: about 2 minutes.
 * @module
 */
import { describe, expect, it } from 'vitest';
import { simulatePyElasticaPlectoneme, writheAt, pyelasticaPlectonemeData } from '../../examples/plectonemesPyElastica.ts';

describe('PyElastica\'s plectoneme case: link = twist + writhe through the transition', () => {
  it('100 s, 40 SE3 elements, h ≤ 0.25 s adaptive: no passage through itself, Lk = round(Φ/2π) + 2·(passages around an end) to 1e-3', () => {
    // measured (session 12): 9902 steps (790 rejected), 45573 Newton iterations; no passage through itself; the link exact
    // to 1e-11 up to 43.1 s, then 7 passages around the clamped start within 0.5 s; Wr(25 s) = 2.783; deepest 8.5e-3 m = 0.34 r
    const run = simulatePyElasticaPlectoneme({ steps: 400 });
    expect(Math.abs(run.samples[0].link)).toBeLessThan(1e-12); // the straight, untwisted rod
    expect(run.endRibbonError).toBeLessThan(1e-9); // the end turned by Φ about x as the link's closure assumes
    expect(run.selfPassages).toBe(0);
    expect(run.linkError).toBeLessThan(1e-3);
    // up to the first passage around an end, the link is the applied turns (5 at 25 s)
    const first = run.passageLog.length > 0 ? run.passageLog[0].t : Infinity;
    expect(first).toBeGreaterThan(40);
    const at25 = run.samples.find((s) => s.t >= 25)!;
    expect(Math.abs(at25.link - 5)).toBeLessThan(1e-3);
    // twist turned into writhe: the straight rod buckles after about one turn and coils
    expect(Math.abs(writheAt(run.samples, 2))).toBeLessThan(0.05);
    expect(writheAt(run.samples, 25)).toBeGreaterThan(2.5);
    expect(run.contacts).toBeGreaterThan(0);
    expect(run.deepest).toBeLessThan(0.5 * pyelasticaPlectonemeData.radius);
  });
});
