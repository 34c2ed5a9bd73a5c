import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../helpers/random.ts';
import { CableCircleContact, PolynomialRoots, type CableCircleParameters } from '../../src/contact/ancfCableCircle.ts';

const base: CableCircleParameters = { length: 0.4, exact: false, segments: 4, contactRadius: 0.5, lever: 0.5, stiffness: 1e5, damping: 100, friction: 0, zone: 1 };

/** An element of length 0.4 bent slightly, lying over a circle of radius 0.5 at the origin, pressed in by depth. */
function bentElement(next: () => number, depth: number, x0 = -0.2): { e: number[]; et: number[] } {
  const y = 0.5 - depth;
  const e = [x0, y + 0.3 * depth * next(), 1, 0.05 * (next() - 0.5), x0 + 0.4, y + 0.3 * depth * next(), 1, 0.05 * (next() - 0.5)];
  const et = Array.from({ length: 8 }, () => 0.4 * (next() - 0.5));
  return { e, et };
}

describe('GeneralContact ANCF cable–circle kernel', () => {
  it('a straight cable pressed into a circle: Simpson on the chord, force sums consistent with the cable forces', () => {
    const kernel = new CableCircleContact();
    const depth = 1e-3, R = 0.5, k = 1e5;
    // straight element from x = −0.2 to 0.2 at y = R − depth, at rest: one chord per sub-segment is exact
    const e = [-0.2, R - depth, 1, 0, 0.2, R - depth, 1, 0];
    const p = { ...base, damping: 0, segments: 1 };
    expect(kernel.evaluate(e, new Array(8).fill(0), [0, 0], [0, 0], 0, p, false)).toBe(true);
    // contact where |x| < h = √(R² − (R − δ)²); Lobatto-3 = Simpson: the ends have gap 0, the midpoint −δ (weight 4h/3)
    const h = Math.sqrt(R * R - (R - depth) ** 2);
    expect(kernel.g[8]).toBeCloseTo(0, 12);
    expect(kernel.g[9] / (-(4 / 3) * h * k * depth)).toBeCloseTo(1, 12);
    // the cable forces of the position coordinates (S1 + S3 = 1) sum to the contact force; no torque without friction
    expect(kernel.g[0] + kernel.g[4]).toBeCloseTo(kernel.g[8], 9);
    expect(kernel.g[1] + kernel.g[5]).toBeCloseTo(kernel.g[9], 9);
    expect(kernel.g[10]).toBeCloseTo(0, 12);
    // lifted off: no contact
    expect(kernel.evaluate(e.map((x, i) => (i % 4 === 1 ? x + 2 * depth : x)), new Array(8).fill(0), [0, 0], [0, 0], 0, p, false)).toBe(false);
  });

  const cases: [string, Partial<CableCircleParameters>, number][] = [
    ['frictionless, shallow contact across a chord end (one end interior, one clamped)', {}, 2e-3],
    ['frictionless, deep contact over three chords (the middle one inside the circle)', { segments: 3 }, 2e-2],
    ['regularized friction (|v_t| < zone)', { friction: 0.5, zone: 10 }, 2e-3],
    ['Coulomb friction (|v_t| > zone)', { friction: 0.5, zone: 1e-3 }, 2e-3],
    ['exact method, frictionless', { exact: true }, 5e-3],
    ['exact method, deep contact reaching the element ends', { exact: true }, 5e-2],
    ['exact method, regularized friction', { exact: true, friction: 0.5, zone: 10 }, 5e-3],
    ['exact method, Coulomb friction', { exact: true, friction: 0.5, zone: 1e-3 }, 5e-3],
  ];
  for (const [name, parameters, depth] of cases) {
    it(`${name}: ∂g/∂X and ∂g/∂Y against central differences`, () => {
      const next = mulberry32(name.length * 7 + 3);
      const p = { ...base, ...parameters };
      const kernel = new CableCircleContact();
      for (let trial = 0; trial < 5; trial++) {
        const { e, et } = bentElement(next, depth, -0.2 + 0.05 * (next() - 0.5));
        const c = [0.02 * (next() - 0.5), 0.2 * depth * (next() - 0.5)];
        const vc = [0.3 * (next() - 0.5), 0.3 * (next() - 0.5)];
        const omega = 2 * (next() - 0.5);
        const X = [...e, ...c], Y = [...et, ...vc, omega];
        const g = (x: number[], y: number[]) => {
          kernel.evaluate(x.slice(0, 8), y.slice(0, 8), x.slice(8, 10), y.slice(8, 10), y[10], p, false);
          return Array.from(kernel.g);
        };
        kernel.evaluate(e, et, c, vc, omega, p, true);
        expect(kernel.segmentCount).toBeGreaterThan(0);
        const gX = Array.from(kernel.gX), gY = Array.from(kernel.gY);
        expect(Math.max(...Array.from(kernel.g).map(Math.abs))).toBeGreaterThan(0.01); // in contact
        for (const [vars, analytic, n, isX] of [[X, gX, 10, true], [Y, gY, 11, false]] as const) {
          let largest = 0, error = 0;
          for (let m = 0; m < n; m++) {
            const eps = 1e-7;
            const plus = [...vars], minus = [...vars];
            plus[m] += eps; minus[m] -= eps;
            const gp = isX ? g(plus, Y) : g(X, plus), gm = isX ? g(minus, Y) : g(X, minus);
            for (let r = 0; r < 11; r++) {
              const numeric = (gp[r] - gm[r]) / (2 * eps);
              largest = Math.max(largest, Math.abs(numeric));
              error = Math.max(error, Math.abs(numeric - analytic[r * n + m]));
            }
          }
          // central differences: truncation ε²·g''' and round-off |g|·1e-16/ε stay below 1e-8 of the largest entry
          // (measured ≤ 1e-8); a missing term (segment-end motion, shape-function slope, friction) is ≥ 1e-3
          expect(largest).toBeGreaterThan(0.1);
          expect(error / largest, `${isX ? 'X' : 'Y'} trial ${trial}`).toBeLessThan(1e-7);
        }
      }
    });
  }

  it('the real roots of a degree-6 polynomial in an interval; a double root (touch) is no sign change', () => {
    // (x − 0.1)(x − 0.2)(x − 0.5)(x − 0.7)(x − 0.9)(x + 1): coefficients by multiplying out
    const multiply = (roots: number[]) => roots.reduce((c, r) => c.map((_, k) => (k > 0 ? c[k - 1] : 0) - r * c[k]).concat([c[c.length - 1]]), [1]);
    const roots = new PolynomialRoots();
    const c = multiply([0.1, 0.2, 0.5, 0.7, 0.9, -1]);
    expect(c).toHaveLength(7);
    expect(roots.find(c, 6, 0, 1)).toBe(5);
    [0.1, 0.2, 0.5, 0.7, 0.9].forEach((r, k) => expect(Math.abs(roots.values[k] - r)).toBeLessThan(1e-14));
    expect(roots.find(c, 6, 0.15, 0.6)).toBe(2);
    // (x − 0.3)² (x − 0.6)(x² + 1)(x + 2): the double root at 0.3 does not change the sign
    const quartic = multiply([0.3, 0.3, 0.6, -2]);
    const withComplex = quartic.map((_, k) => quartic[k] + (k >= 2 ? quartic[k - 2] : 0)).concat([quartic[3], quartic[4]]);
    expect(roots.find(withComplex, 6, 0, 1)).toBe(1);
    expect(Math.abs(roots.values[0] - 0.6)).toBeLessThan(1e-14);
  });

  it('elements of several lengths in turn (more than the kept chord tables): the same forces as a fresh kernel each', () => {
    const shared = new CableCircleContact();
    const next = mulberry32(11);
    const elements = [0.3, 0.4, 0.35, 0.45, 0.32, 0.38].map((length) => {
      const { e, et } = bentElement(next, 5e-3, -0.5 * length);
      e[4] = e[0] + length;
      return { e, et, p: { ...base, length, segments: 3 + Math.round(10 * length) % 3 } };
    });
    for (let round = 0; round < 3; round++) {
      for (const { e, et, p } of elements) {
        const fresh = new CableCircleContact();
        fresh.evaluate(e, et, [0, 0], [0, 0], 0.5, p, true);
        shared.evaluate(e, et, [0, 0], [0, 0], 0.5, p, true);
        expect(shared.segmentCount).toBeGreaterThan(0);
        expect(Array.from(shared.g)).toEqual(Array.from(fresh.g));
        expect(Array.from(shared.gX)).toEqual(Array.from(fresh.gX));
        expect(Array.from(shared.gY)).toEqual(Array.from(fresh.gY));
      }
    }
  });

  it('chords converge at second order in the chord length; on a straight element the exact method equals the chords', () => {
    const kernel = new CableCircleContact();
    // a curved element sagging towards the circle (slopes ∓0.3 at its ends, ≈ 18 mm into the circle at its middle), at rest
    const e = [-0.2, 0.497, 1, -0.3, 0.2, 0.497, 1, 0.3];
    const rest = new Array(8).fill(0);
    const force = (element: number[], exact: boolean, segments: number) => {
      kernel.evaluate(element, rest, [0, 0], [0, 0], 0, { ...base, damping: 0, exact, segments }, false);
      return kernel.g[9];
    };
    const forces = [4, 8, 16, 32, 64].map((n) => force(e, false, n));
    expect(forces[0]).toBeLessThan(-1);
    // each chord's distance to the cubic is O(l²): the differences between n and 2n chords fall by ≈ 4
    for (let k = 2; k < forces.length; k++) expect(Math.abs(forces[k - 2] - forces[k - 1]) / Math.abs(forces[k - 1] - forces[k])).toBeGreaterThan(3);
    // a straight element: its chords are the element itself, and the exact method integrates the same segment
    const straight = [-0.2, 0.497, 1, 0, 0.2, 0.497, 1, 0];
    expect(force(straight, true, 1) / force(straight, false, 1)).toBeCloseTo(1, 12);
  });
});
