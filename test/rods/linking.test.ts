import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../helpers/random.ts';
import { polygonWrithe, ribbonLink, ribbonTwist } from '../../src/rods/linking.ts';

/**
 * A closed ribbon on the curve c(φ), φ ∈ [0, 2π), n vertices, with the ribbon vector of each edge the curve normal
 * (c'' part normal to the edge, or a fixed vector where c'' vanishes) turned by turns·φ about the edge tangent.
 */
function ribbonOn(curve: (phi: number) => number[], n: number, turns: number, fixed = [0, 0, 1]): { points: Float64Array; ribbon: Float64Array } {
  const points = new Float64Array(3 * n), ribbon = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) points.set(curve(2 * Math.PI * i / n), 3 * i);
  for (let e = 0; e < n; e++) {
    const f = (e + 1) % n;
    const t = [0, 1, 2].map((k) => points[3 * f + k] - points[3 * e + k]);
    const tl = Math.hypot(t[0], t[1], t[2]);
    const tu = t.map((x) => x / tl);
    // reference vector: the fixed one made normal to the edge; then turned about the edge by turns·φ
    const ft = fixed[0] * tu[0] + fixed[1] * tu[1] + fixed[2] * tu[2];
    const u = fixed.map((x, k) => x - ft * tu[k]);
    const ul = Math.hypot(u[0], u[1], u[2]);
    const a = u.map((x) => x / ul);
    const b = [tu[1] * a[2] - tu[2] * a[1], tu[2] * a[0] - tu[0] * a[2], tu[0] * a[1] - tu[1] * a[0]];
    const angle = turns * 2 * Math.PI * (e + 0.5) / n;
    for (let k = 0; k < 3; k++) ribbon[3 * e + k] = Math.cos(angle) * a[k] + Math.sin(angle) * b[k];
  }
  return { points, ribbon };
}

describe('twist, writhe and link of closed polygonal ribbons', () => {
  it('a planar polygon has writhe 0; a circle with n turns of ribbon has twist n and link n', () => {
    const next = mulberry32(3);
    const star = Float64Array.from({ length: 3 * 40 }, (_, i) => {
      const v = Math.floor(i / 3), phi = 2 * Math.PI * v / 40, radius = 1 + 0.4 * Math.sin(5 * phi) + 0.05 * next();
      return i % 3 === 0 ? radius * Math.cos(phi) : i % 3 === 1 ? radius * Math.sin(phi) : 0;
    });
    expect(Math.abs(polygonWrithe(star))).toBeLessThan(1e-14);
    for (const turns of [0, 1, 3, -2]) {
      // the ribbon normal to the plane of the circle turned by the edge index: exactly `turns` turns relative to parallel transport
      const { points, ribbon } = ribbonOn((phi) => [Math.cos(phi), Math.sin(phi), 0], 64, turns);
      const { twist, writhe, link } = ribbonLink(points, ribbon);
      expect(Math.abs(writhe)).toBeLessThan(1e-14);
      expect(Math.abs(twist - turns)).toBeLessThan(1e-12);
      expect(Math.abs(link - turns)).toBeLessThan(1e-12);
    }
  });

  it('Tw + Wr is an integer for twisted, knotted and random closed ribbons (Călugăreanu–White); the mirror image negates Wr', () => {
    const next = mulberry32(11);
    const curves: [string, (phi: number) => number[]][] = [
      ['trefoil (2, 3) torus knot', (phi) => [(2 + Math.cos(3 * phi)) * Math.cos(2 * phi), (2 + Math.cos(3 * phi)) * Math.sin(2 * phi), Math.sin(3 * phi)]],
      ['figure of a twisted loop', (phi) => [Math.cos(phi), Math.sin(2 * phi) / 2, 0.3 * Math.sin(phi)]],
      ['random smooth closed curve', (() => {
        const c = Array.from({ length: 18 }, () => next() - 0.5);
        return (phi: number) => [0, 1, 2].map((k) => Math.cos(phi + k) * (1 + c[k]) + c[3 + k] * Math.sin(2 * phi) + c[6 + k] * Math.cos(3 * phi) + c[9 + k] * Math.sin(4 * phi));
      })()],
    ];
    for (const [, curve] of curves) {
      for (const turns of [0, 2, 5]) {
        const { points, ribbon } = ribbonOn(curve, 300, turns, [0.3, -0.5, 0.8]);
        const { writhe, link } = ribbonLink(points, ribbon);
        // an exact identity of polygonal ribbons: the sum is an integer up to round-off of ≈ 300² solid angles, each a sum
        // of arcsines that lose digits near ±1 (√ε ≈ 1.5e-8 of a nearly flat face): measured ≤ 2.4e-8
        expect(Math.abs(link - Math.round(link))).toBeLessThan(1e-7);
        expect(Math.abs(writhe)).toBeGreaterThan(1e-3); // non-planar: a real test of the writhe
        const mirrored = points.map((x, i) => (i % 3 === 2 ? -x : x));
        expect(Math.abs(polygonWrithe(mirrored) + writhe)).toBeLessThan(1e-12);
      }
    }
    // the trefoil's writhe converges with the number of vertices (the Gauss integral of the smooth curve)
    const trefoil = curves[0][1];
    const [w1, w2] = [400, 800].map((n) => polygonWrithe(ribbonOn(trefoil, n, 0).points));
    expect(Math.abs(w1 - w2)).toBeLessThan(1e-3 * Math.abs(w2));
  });

  it('bad input: named errors', () => {
    expect(() => polygonWrithe([0, 0, 0, 1, 0, 0])).toThrow(/at least 3 vertices/);
    expect(() => ribbonTwist([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 0, 1])).toThrow(/ribbon must hold 3 coordinates per vertex and per edge/);
  });
});
