import { describe, expect, it } from 'vitest';
import { CircularCrossSection, RectangularCrossSection, rodStiffnessFromMaterial } from '../../src/rods/crossSections.ts';
import { FlexdynError } from '../../src/core/errors.ts';

describe('cross-sections', () => {
  it('circleHasTextbookAreaMomentsAndCowperShearFactor', () => {
    const r = 0.02;
    const c = CircularCrossSection({ radius: r });
    // closed forms; 1e-15 relative = a few rounding errors
    expect(c.area).toBeCloseTo(Math.PI * 4e-4, 18);
    expect(c.I2 / (Math.PI * r ** 4 / 4) - 1).toBeLessThan(1e-15);
    expect(c.I3).toBe(c.I2);
    expect(c.Ip).toBe(2 * c.I2);
    expect(c.torsionConstant).toBe(c.Ip);
    // Cowper (1966): κ = 6(1+ν)/(7+6ν): 6/7 at ν = 0, 0.88636 at ν = 0.3 (7.8/8.8)
    expect(c.shearCorrectionFactors(0)[0]).toBeCloseTo(6 / 7, 15);
    expect(c.shearCorrectionFactors(0.3)[1]).toBeCloseTo(7.8 / 8.8, 15);
    expect(CircularCrossSection({ radius: 1, shearCorrectionFactor: 0.9 }).shearCorrectionFactors(0.3)).toEqual([0.9, 0.9]);
  });

  it('rectangleMomentsFollowTheAxisConvention', () => {
    const s = RectangularCrossSection({ width: 0.03, height: 0.01 });
    expect(s.area).toBeCloseTo(3e-4, 18);
    // I2 about axis 2 (y, width direction) = b h³/12; I3 = h b³/12
    expect(s.I2 / (0.03 * 1e-6 / 12) - 1).toBeLessThan(1e-14);
    expect(s.I3 / (0.01 * 2.7e-5 / 12) - 1).toBeLessThan(1e-14);
    expect(s.Ip).toBe(s.I2 + s.I3);
    expect(s.shearCorrectionFactors(0)[0]).toBeCloseTo(5 / 6, 15);
    expect(s.shearCorrectionFactors(0.3)[0]).toBeCloseTo(13 / 15.3, 15);
  });

  it('rectangleTorsionConstantMatchesTimoshenkoGoodierTable', () => {
    // Timoshenko & Goodier, Theory of Elasticity, table of k1 = J/(a c³) (3 digits, hence 5e-4)
    const table: [number, number][] = [[1, 0.141], [1.5, 0.196], [2, 0.229], [2.5, 0.249], [3, 0.263], [4, 0.281], [5, 0.291], [10, 0.312]];
    for (const [ratio, k1] of table) {
      const s = RectangularCrossSection({ width: ratio * 0.01, height: 0.01 });
      expect(Math.abs(s.torsionConstant / (ratio * 0.01 * 1e-6) - k1)).toBeLessThan(5e-4);
      const turned = RectangularCrossSection({ width: 0.01, height: ratio * 0.01 });
      expect(turned.torsionConstant).toBe(s.torsionConstant);
    }
    // square: the often quoted 0.1406 a⁴ (4 digits)
    expect(Math.abs(RectangularCrossSection({ width: 1, height: 1 }).torsionConstant - 0.1406)).toBeLessThan(5e-5);
  });

  it('thinRectangleTorsionConstantHasTheExactAsymptote', () => {
    // for a/c ≥ 10 the tanh factors are 1 up to e^{-π·10/2·…} < 1e-13, so
    // J/(a c³) = 1/3 − (64/π⁵)(c/a)(31/32)ζ(5) to rounding (ζ(5) = 1.0369277551433699)
    const zeta5 = 1.0369277551433699;
    for (const ratio of [10, 20, 100]) {
      const s = RectangularCrossSection({ width: ratio, height: 1 });
      const expected = ratio * (1 / 3 - (64 / Math.PI ** 5) * (31 / 32) * zeta5 / ratio);
      expect(Math.abs(s.torsionConstant / expected - 1)).toBeLessThan(1e-13);
    }
  });
});

describe('rodStiffnessFromMaterial', () => {
  it('steelRodFromYoungsModulusAndPoissonsRatio', () => {
    const crossSection = CircularCrossSection({ radius: 0.01 });
    const E = 210e9, nu = 0.3, density = 7850;
    const p = rodStiffnessFromMaterial({ crossSection, E, nu, density });
    const G = E / 2.6;
    const A = Math.PI * 1e-4, I = Math.PI * 1e-8 / 4;
    const kappa = 7.8 / 8.8;
    const rel = (a: number, b: number): number => Math.abs(a / b - 1);
    // products of the same factors in a different order: 1e-15 relative
    expect(rel(p.axialShear[0], E * A)).toBeLessThan(1e-15);
    expect(rel(p.axialShear[1], kappa * G * A)).toBeLessThan(1e-15);
    expect(p.axialShear[2]).toBe(p.axialShear[1]);
    expect(rel(p.bendingTorsion[0], G * 2 * I)).toBeLessThan(1e-15);
    expect(rel(p.bendingTorsion[1], E * I)).toBeLessThan(1e-15);
    expect(rel(p.massPerLength, density * A)).toBeLessThan(1e-15);
    expect(rel(p.inertiaPerLength[0], density * 2 * I)).toBeLessThan(1e-15);
    expect(rel(p.inertiaPerLength[2], density * I)).toBeLessThan(1e-15);
  });

  it('shearModulusGivesTheSameParametersAsPoissonsRatio', () => {
    const crossSection = RectangularCrossSection({ width: 0.02, height: 0.01 });
    const a = rodStiffnessFromMaterial({ crossSection, E: 2e11, nu: 0.25, density: 1 });
    const b = rodStiffnessFromMaterial({ crossSection, E: 2e11, G: 2e11 / 2.5, density: 1 });
    for (let i = 0; i < 3; i++) {
      expect(Math.abs(b.axialShear[i] / a.axialShear[i] - 1)).toBeLessThan(1e-14);
      expect(Math.abs(b.bendingTorsion[i] / a.bendingTorsion[i] - 1)).toBeLessThan(1e-14);
    }
    // torsional stiffness uses J, the rotary inertia Ip = I2 + I3 > J
    expect(a.bendingTorsion[0]).toBeCloseTo(0.8e11 * crossSection.torsionConstant, 0);
    expect(a.inertiaPerLength[0]).toBe(crossSection.Ip);
    expect(crossSection.torsionConstant).toBeLessThan(crossSection.Ip);
  });

  it('rejectsBadInput', () => {
    const crossSection = CircularCrossSection({ radius: 1 });
    expect(() => CircularCrossSection({ radius: -1 })).toThrow('CircularCrossSection: radius must be positive, got -1');
    expect(() => RectangularCrossSection({ width: 1, height: Number.NaN })).toThrow('height must be a finite number');
    expect(() => CircularCrossSection({ radius: 1, shearCorrectionFactor: 1.2 })).toThrow('shearCorrectionFactor must be in (0, 1]');
    expect(() => rodStiffnessFromMaterial({ crossSection, E: 1, density: 1 })).toThrow('give exactly one of G and nu, got neither');
    expect(() => rodStiffnessFromMaterial({ crossSection, E: 1, G: 1, nu: 0.3, density: 1 })).toThrow('got both');
    expect(() => rodStiffnessFromMaterial({ crossSection, E: 1, nu: 0.6, density: 1 })).toThrow('nu must be in (−1, 0.5], got 0.6');
    expect(() => rodStiffnessFromMaterial({ crossSection, E: 1, G: 0.1, density: 1 })).toThrow("G must give a Poisson's ratio");
    expect(() => rodStiffnessFromMaterial({ crossSection, E: 1, nu: 0.3, density: -1 })).toThrow('density must be non-negative, got -1');
    expect(() => rodStiffnessFromMaterial({ crossSection: { radius: 1 } as never, E: 1, nu: 0.3, density: 1 })).toThrow(FlexdynError);
  });
});
