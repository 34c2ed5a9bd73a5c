import { describe, expect, it } from 'vitest';
import { LinearElasticSection } from '../../src/items/objects/cosseratRod/linearElasticSection.ts';
import { SectionStrains, type SectionLaw } from '../../src/items/objects/cosseratRod/sectionLaw.ts';
import { randomSequence } from '../helpers/random.ts';

/** A random strain state with its reference data (J ∈ [0.5, 1.5]). */
function randomStrains(seed: number): SectionStrains {
  const random = randomSequence(seed), strains = new SectionStrains();
  for (let d = 0; d < 3; d++) {
    strains.gammaBar[d] = random(); strains.kappaBar[d] = random();
    strains.gammaBarDot[d] = random(); strains.kappaBarDot[d] = random();
  }
  strains.atReference(Float64Array.of(9, 1 + 0.5 * random()), Float64Array.of(9, 9, 9, random(), random(), random()), Float64Array.of(9, 9, 9, random(), random(), random()), 1);
  return strains;
}

/**
 * Checks a section law against itself by central differences at random states: n = J ∂ψ/∂γ̄ and m = J ∂ψ/∂κ̄ without the
 * rate-dependent parts (the elastic stresses are the gradient of the energy per dξ, ψ J), and the tangents ∂n/∂γ̄, ∂m/∂κ̄ (rate false) and ∂n/∂γ̄̇, ∂m/∂κ̄̇ (rate true)
 * against differences of the stresses. h = 1e-6 on O(1) strains: truncation h²·|ψ'''| and round-off eps·|ψ|/h ≈ 1e-10,
 * so 1e-8 relative to the largest stiffness still catches any wrong entry (which is O(stiffness)).
 */
function expectConsistentLaw(law: SectionLaw, scale: number): void {
  const h = 1e-6, n = new Float64Array(3), m = new Float64Array(3), np = new Float64Array(3), mp = new Float64Array(3), nm = new Float64Array(3), mm = new Float64Array(3);
  for (let seed = 1; seed <= 5; seed++) {
    const strains = randomStrains(seed);
    law.stress(strains, false, n, m);
    law.prepareTangent(strains);
    for (const rate of [false, true]) {
      for (const [vector, stress] of [[rate ? strains.gammaBarDot : strains.gammaBar, 'force'], [rate ? strains.kappaBarDot : strains.kappaBar, 'moment']] as const) {
        const tangent = new Float64Array(9);
        if (stress === 'force') law.addForceTangent(rate, Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1), tangent);
        else law.addMomentTangent(rate, Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1), tangent);
        for (let c = 0; c < 3; c++) {
          const saved = vector[c];
          vector[c] = saved + h; law.stress(strains, true, np, mp); const energyPlus = law.energyDensity(strains);
          vector[c] = saved - h; law.stress(strains, true, nm, mm); const energyMinus = law.energyDensity(strains);
          vector[c] = saved;
          const plus = stress === 'force' ? np : mp, minus = stress === 'force' ? nm : mm;
          for (let r = 0; r < 3; r++) expect(Math.abs((plus[r] - minus[r]) / (2 * h) - tangent[3 * r + c])).toBeLessThan(1e-8 * scale);
          if (!rate) {
            const gradient = strains.J * (energyPlus - energyMinus) / (2 * h);
            expect(Math.abs(gradient - (stress === 'force' ? n : m)[c])).toBeLessThan(1e-8 * scale);
          }
        }
      }
    }
  }
}

describe('section laws of the Cosserat rod', () => {
  it('linearElasticSectionIsTheGradientOfItsEnergyWithConsistentTangents', () => {
    const law = new LinearElasticSection([100, 40, 50], [2, 3, 4], [0.3, 0.2, 0.1], [0.01, 0.02, 0.03], 1.5, [0.1, 0.05, 0.07]);
    expect(law.hasDamping).toBe(true);
    expectConsistentLaw(law, 100);
    // the values themselves at one state: n = C_γ(γ̄/J − γ⁰) + D_γ γ̄̇/J
    const strains = randomStrains(9), n = new Float64Array(3), m = new Float64Array(3);
    law.stress(strains, true, n, m);
    const J = strains.J;
    expect(n[1]).toBeCloseTo(40 * (strains.gammaBar[1] / J - strains.gamma0[4]) + 0.2 * strains.gammaBarDot[1] / J, 14);
    expect(m[2]).toBeCloseTo(4 * (strains.kappaBar[2] / J - strains.kappa0[5]) + 0.03 * strains.kappaBarDot[2] / J, 14);
  });

  it('aLawWithoutDampingIgnoresTheRates', () => {
    const law = new LinearElasticSection([1, 2, 3], [4, 5, 6], [0, 0, 0], [0, 0, 0], 1, [0, 0, 0]);
    expect(law.hasDamping).toBe(false);
    const strains = randomStrains(4), n = new Float64Array(3), m = new Float64Array(3), n2 = new Float64Array(3), m2 = new Float64Array(3);
    law.stress(strains, false, n, m);
    law.stress(strains, true, n2, m2);
    expect(Array.from(n2)).toEqual(Array.from(n));
    expect(Array.from(m2)).toEqual(Array.from(m));
  });
});
