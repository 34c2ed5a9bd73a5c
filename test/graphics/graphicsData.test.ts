import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphics, FlexdynError } from '../../src/index.ts';
import type { GraphicsTriangleList } from '../../src/index.ts';

/** Welds coincident points (to 1e-9) and returns, per triangle, the welded point ids. */
function weld(g: GraphicsTriangleList): number[] {
  const ids = new Map<string, number>();
  const map: number[] = [];
  for (let i = 0; i < g.points.length / 3; i++) {
    const key = [0, 1, 2].map((k) => Math.round(g.points[3 * i + k] * 1e9)).join(',');
    if (!ids.has(key)) ids.set(key, ids.size);
    map.push(ids.get(key)!);
  }
  return g.triangles.map((t) => map[t]);
}

/** Closed, consistently oriented surface: every directed edge of the welded mesh occurs once, and its reverse once. */
function isClosedOriented(g: GraphicsTriangleList): boolean {
  const t = weld(g);
  const count = new Map<string, number>();
  for (let i = 0; i < t.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const key = `${t[i + k]}>${t[i + (k + 1) % 3]}`;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  }
  for (const [key, n] of count) {
    const [a, b] = key.split('>');
    if (n !== 1 || count.get(`${b}>${a}`) !== 1) return false;
  }
  return count.size > 0;
}

/** Enclosed volume by the divergence theorem, Σ a·(b × c)/6: positive iff triangles are counter-clockwise from outside. */
function volume(g: GraphicsTriangleList): number {
  let v = 0;
  const p = g.points;
  for (let i = 0; i < g.triangles.length; i += 3) {
    const [a, b, c] = [0, 1, 2].map((k) => 3 * g.triangles[i + k]);
    v += p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
  }
  return v / 6;
}

/** Face normal of triangle i from its winding (not normalized). */
function faceNormal(g: GraphicsTriangleList, i: number): number[] {
  const [a, b, c] = [0, 1, 2].map((k) => 3 * g.triangles[3 * i + k]);
  const p = g.points;
  const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]], w = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
  return [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
}

/** Smallest cosine between a point normal and the face normal of a triangle using the point; all normals' length deviation from 1. */
function normalAgreement(g: GraphicsTriangleList): { minCos: number; maxLengthError: number } {
  let minCos = 1, maxLengthError = 0;
  for (let i = 0; i < g.triangles.length / 3; i++) {
    const f = faceNormal(g, i), lf = Math.hypot(...f);
    for (let k = 0; k < 3; k++) {
      const j = 3 * g.triangles[3 * i + k], n = g.normals.slice(j, j + 3), ln = Math.hypot(...n);
      maxLengthError = Math.max(maxLengthError, Math.abs(ln - 1));
      minCos = Math.min(minCos, (f[0] * n[0] + f[1] * n[1] + f[2] * n[2]) / (lf * ln));
    }
  }
  return { minCos, maxLengthError };
}

/** Smallest (face centroid − centre)·face normal over all faces, > 0 for an outward-oriented convex body. */
function minOutwardness(g: GraphicsTriangleList, center: number[]): number {
  let m = Infinity;
  for (let i = 0; i < g.triangles.length / 3; i++) {
    const f = faceNormal(g, i), lf = Math.hypot(...f);
    const c = [0, 1, 2].map((k) => (g.points[3 * g.triangles[3 * i] + k] + g.points[3 * g.triangles[3 * i + 1] + k] + g.points[3 * g.triangles[3 * i + 2] + k]) / 3 - center[k]);
    m = Math.min(m, (c[0] * f[0] + c[1] * f[1] + c[2] * f[2]) / lf);
  }
  return m;
}

// Volumes of the polyhedra are exact up to rounding: tolerance 1e-12 relative.
const polygonArea = (n: number, r: number): number => 0.5 * n * r * r * Math.sin(2 * Math.PI / n);

describe('graphics primitives', () => {
  it('Brick: 12 triangles, closed, outward, exact volume, face normals', () => {
    const g = graphics.Brick({ centerPoint: [1, 2, 3], size: [0.4, 0.6, 1], color: graphics.color.red });
    expect(g.triangles.length / 3).toBe(12);
    expect(g.points.length / 3).toBe(24);
    expect(isClosedOriented(g)).toBe(true);
    expect(volume(g)).toBeCloseTo(0.24, 12);
    const { minCos, maxLengthError } = normalAgreement(g);
    expect(minCos).toBeCloseTo(1, 12); // flat faces: point normals equal face normals
    expect(maxLengthError).toBeLessThan(1e-15);
    // (centroid − centre)·n is the distance of the face plane, half the size across it: smallest 0.2
    expect(minOutwardness(g, [1, 2, 3])).toBeCloseTo(0.2, 12);
    expect(g.colors.slice(0, 4)).toEqual([1, 0, 0, 1]);
  });

  it('Sphere: 2n(2n−2) triangles, closed, outward, smooth normals, volume converges to 4/3 π r³ from below', () => {
    const errors: number[] = [];
    for (const nTiles of [4, 8, 16]) {
      const g = graphics.Sphere({ point: [0.1, -0.2, 0.3], radius: 0.5, nTiles });
      expect(g.triangles.length / 3).toBe(2 * nTiles * (2 * nTiles - 2));
      expect(isClosedOriented(g)).toBe(true);
      expect(minOutwardness(g, [0.1, -0.2, 0.3])).toBeGreaterThan(0);
      const { minCos, maxLengthError } = normalAgreement(g);
      expect(minCos).toBeGreaterThan(Math.cos(Math.PI / nTiles)); // smooth normals deviate less than one tile angle from the faces
      expect(maxLengthError).toBeLessThan(1e-14);
      for (let i = 0; i < g.points.length / 3; i++) {
        const d = [0, 1, 2].map((k) => g.points[3 * i + k] - [0.1, -0.2, 0.3][k]);
        expect(Math.hypot(...d)).toBeCloseTo(0.5, 14);
        expect(g.normals[3 * i] * d[0] + g.normals[3 * i + 1] * d[1] + g.normals[3 * i + 2] * d[2]).toBeCloseTo(0.5, 14); // radial
      }
      const exact = (4 / 3) * Math.PI * 0.125;
      const v = volume(g);
      expect(v).toBeLessThan(exact); // inscribed polyhedron
      errors.push(exact - v);
    }
    // second order in the tile size: halving it quarters the error (ratio 3.5 … 4.5)
    expect(errors[0] / errors[1]).toBeGreaterThan(3.5);
    expect(errors[1] / errors[2]).toBeGreaterThan(3.5);
    expect(errors[1] / errors[2]).toBeLessThan(4.5);
  });

  it('Cylinder: 4n triangles, closed, outward, volume of the polygon prism, along a skew axis', () => {
    const n = 10, r = 0.2, v = [0.3, -0.4, 1.2], L = Math.hypot(...v);
    const g = graphics.Cylinder({ pAxis: [1, 0, 0], vAxis: v, radius: r, nTiles: n });
    expect(g.triangles.length / 3).toBe(4 * n);
    expect(isClosedOriented(g)).toBe(true);
    expect(volume(g)).toBeCloseTo(polygonArea(n, r) * L, 12);
    expect(minOutwardness(g, [1 + v[0] / 2, v[1] / 2, v[2] / 2])).toBeGreaterThan(0);
    const { minCos } = normalAgreement(g);
    expect(minCos).toBeGreaterThan(Math.cos(Math.PI / n) - 1e-12); // mantle normals radial at the points, faces between
  });

  it('Arrow: 6n triangles, closed, outward, volume of shaft prism + head pyramid', () => {
    const n = 12, r = 0.02, L = 1;
    const g = graphics.Arrow({ pAxis: [0, 0, 0], vAxis: [0, L, 0], radius: r, nTiles: n });
    expect(g.triangles.length / 3).toBe(6 * n);
    expect(isClosedOriented(g)).toBe(true);
    const rHead = 2 * r, xHead = L - 4 * rHead;
    expect(volume(g)).toBeCloseTo(polygonArea(n, r) * xHead + polygonArea(n, rHead) * (L - xHead) / 3, 12);
    expect(normalAgreement(g).minCos).toBeGreaterThan(Math.cos(Math.PI / n) - 1e-12); // smooth around the axis, flat along the contour
    expect(() => graphics.Arrow({ vAxis: [0, 0.1, 0], radius: 0.1 })).toThrow(/longer than the head/);
  });

  it('Basis: three arrows along the rotation matrix columns, 18n triangles, closed', () => {
    const c = Math.cos(0.3), s = Math.sin(0.3);
    const A = [[c, -s, 0], [s, c, 0], [0, 0, 1]];
    const g = graphics.Basis({ origin: [1, 1, 1], rotationMatrix: A, length: 2, nTiles: 8 });
    expect(g.triangles.length / 3).toBe(18 * 8);
    // the three arrows share the origin: each third of the triangles is one closed arrow
    const nt = g.triangles.length / 3;
    for (let k = 0; k < 3; k++) expect(isClosedOriented({ ...g, triangles: g.triangles.slice(k * nt, (k + 1) * nt) })).toBe(true);
    const rHead = 0.04, xHead = 2 - 4 * rHead;
    expect(volume(g)).toBeCloseTo(3 * (polygonArea(8, 0.02) * xHead + polygonArea(8, rHead) * (2 - xHead) / 3), 12);
    // the tip of the x arrow is the point farthest along column 0: origin + 2·(c, s, 0)
    let best = -Infinity;
    for (let i = 0; i < g.points.length / 3; i++) best = Math.max(best, (g.points[3 * i] - 1) * c + (g.points[3 * i + 1] - 1) * s);
    expect(best).toBeCloseTo(2, 14);
    expect(g.colors.slice(0, 4)).toEqual(graphics.color.red);
    expect(g.colors.slice(-4)).toEqual(graphics.color.blue);
  });

  it('Lines and bad input', () => {
    const l = graphics.Lines([[0, 0, 0], [1, 0, 0], [1, 1, 0]], { color: graphics.color.blue });
    expect(l).toEqual({ type: 'Line', data: [0, 0, 0, 1, 0, 0, 1, 1, 0], color: [0, 0, 1, 1] });
    expect(graphics.Line).toBe(graphics.Lines);
    expect(() => graphics.Lines([[0, 0, 0]])).toThrow(/pList must have at least 2 points, got 1/);
    expect(() => graphics.Brick({ size: [1, -1, 1] })).toThrow(FlexdynError);
    expect(() => graphics.Brick({ size: [1, -1, 1] })).toThrow(/size\[1\] must be a positive number, got -1/);
    expect(() => graphics.Sphere({ nTiles: 1 })).toThrow(/nTiles must be an integer ≥ 2, got 1/);
    expect(() => graphics.Cylinder({ color: [1, 0, 0] })).toThrow(/color must be 4 RGBA numbers/);
  });

  it('validateGraphicsData: accepts dictionaries, fills normals/colours, rejects bad indices', () => {
    const g = graphics.validateGraphicsData({ type: 'TriangleList', points: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 2] }, 'ObjectRigidBody 0: visualization.graphicsData[0]');
    expect(g.type === 'TriangleList' && g.normals).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(() => graphics.validateGraphicsData({ type: 'TriangleList', points: [0, 0, 0], triangles: [0, 1, 2] }, 'X'))
      .toThrow(/X: triangles\[1\] must be a point index in \[0, 0\], got 1/);
    expect(() => graphics.validateGraphicsData({ type: 'Circle' }, 'X')).toThrow(/type must be 'TriangleList' or 'Line', got "Circle"/);
  });
});

describe('STL', () => {
  it('binary and ASCII round trip of a cylinder: same triangles to float32 precision, closed, same volume', () => {
    const g = graphics.Cylinder({ pAxis: [0.1, 0.2, 0.3], vAxis: [0, 0, 0.5], radius: 0.1, nTiles: 9 });
    for (const binary of [true, false]) {
      const back = graphics.FromSTL(graphics.toSTL(g, { binary }), { color: graphics.color.grey });
      expect(back.triangles.length).toBe(g.triangles.length);
      expect(isClosedOriented(back)).toBe(true);
      // float32 relative precision 6e-8 on coordinates ≤ 0.8: points within 1e-7
      for (let i = 0; i < g.triangles.length; i++) {
        for (let k = 0; k < 3; k++) expect(Math.abs(back.points[3 * i + k] - g.points[3 * g.triangles[i] + k])).toBeLessThan(binary ? 1e-7 : 1e-15);
      }
      expect(volume(back)).toBeCloseTo(volume(g), binary ? 7 : 13);
      expect(normalAgreement(back).minCos).toBeCloseTo(1, 6);
      expect(back.colors.slice(0, 4)).toEqual(graphics.color.grey);
    }
  });

  it('reads a hand-written ASCII tetrahedron through a file, with scale and offset; rejects garbage', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flexdyn-stl-'));
    try {
      const file = join(dir, 'tet.stl');
      const tet: GraphicsTriangleList = graphics.validateGraphicsData({
        type: 'TriangleList', points: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], triangles: [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3],
      }, 'tet') as GraphicsTriangleList;
      expect(volume(tet)).toBeCloseTo(1 / 6, 15);
      graphics.ExportSTL(tet, file, { binary: false });
      const back = graphics.FromSTL(file, { scale: 2, pOff: [1, 0, 0] });
      expect(back.triangles.length / 3).toBe(4);
      expect(isClosedOriented(back)).toBe(true);
      expect(volume(back)).toBeCloseTo(8 / 6, 14); // scale 2 → volume × 8; translation keeps it
      expect(Math.min(...back.points.filter((_, i) => i % 3 === 0))).toBeCloseTo(1, 15);
      expect(() => graphics.FromSTL(new TextEncoder().encode('hello world, no STL'))).toThrow(/must be an ASCII STL starting with 'solid'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('triangulate', () => {
  it('concatenates triangle lists with index offsets, places them rigidly and splits polylines into segments', () => {
    const b = graphics.Brick({ size: [1, 2, 3], color: graphics.color.green });
    const s = graphics.Sphere({ nTiles: 3 });
    const l = graphics.Lines([[0, 0, 0], [1, 0, 0], [1, 1, 0]], { color: graphics.color.red });
    // rotation by 90° about z, then translation
    const R = [0, -1, 0, 1, 0, 0, 0, 0, 1], p = [10, 20, 30];
    const t = graphics.triangulate([b, l, s], { position: p, rotation: R });
    expect(t.positions.length).toBe(3 * (24 + s.points.length / 3));
    expect(t.indices.length).toBe(3 * (12 + s.triangles.length / 3));
    expect(t.indices[36]).toBe(24 + s.triangles[0]);
    expect(Math.max(...t.indices)).toBe(t.positions.length / 3 - 1);
    // first brick point (x, y, z) ↦ (10 − y, 20 + x, 30 + z)
    expect(Array.from(t.positions.slice(0, 3))).toEqual([10 - b.points[1], 20 + b.points[0], 30 + b.points[2]].map(Math.fround));
    expect(Array.from(t.normals.slice(0, 3))).toEqual([-b.normals[1], b.normals[0], b.normals[2]].map((x) => x + 0));
    expect(t.linePositions.length).toBe(12);
    expect(Array.from(t.linePositions.slice(6, 12))).toEqual([10, 21, 30, 9, 21, 30]);
    expect(Array.from(t.lineColors.slice(0, 4))).toEqual([1, 0, 0, 1]);
    expect(Array.from(t.colors.slice(0, 4))).toEqual([0, 1, 0, 1]);
    const recoloured = graphics.triangulate([b], { color: [0.5, 0.5, 0.5, 1] });
    expect(Array.from(recoloured.colors.slice(-4))).toEqual([0.5, 0.5, 0.5, 1]);
    expect(Array.from(graphics.triangulate([b], { color: graphics.color.default }).colors.slice(0, 4))).toEqual([0, 1, 0, 1]);
  });
});
