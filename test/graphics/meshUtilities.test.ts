import { describe, expect, it } from 'vitest';
import { graphics, RefineMesh, ShrinkMeshNormalToSurface, FlexdynError } from '../../src/index.ts';

/** Counts of each undirected edge per direction: a closed, consistently oriented mesh has every edge once each way. */
function edgeBalance(triangles: number[][]): { closed: boolean; edges: number } {
  const count = new Map<string, number>();
  for (const t of triangles) for (let k = 0; k < 3; k++) { const key = `${t[k]},${t[(k + 1) % 3]}`; count.set(key, (count.get(key) ?? 0) + 1); }
  let closed = true;
  for (const [key, c] of count) { const [a, b] = key.split(','); if (c !== 1 || count.get(`${b},${a}`) !== 1) closed = false; }
  return { closed, edges: count.size / 2 };
}

describe("Exudyn's meshes from graphics data (for contact meshes)", () => {
  it('Brick with addNormals: false is Exudyn\'s 8-point cuboid: corner order, triangle list, outward', () => {
    const g = graphics.Brick({ centerPoint: [1, 2, 3], size: [2, 4, 6], addNormals: false });
    const [points, triangles] = graphics.ToPointsAndTrigs(g);
    // Exudyn's BrickXYZ corners and Cuboid trigList
    expect(points).toEqual([[0, 0, 0], [2, 0, 0], [2, 4, 0], [0, 4, 0], [0, 0, 6], [2, 0, 6], [2, 4, 6], [0, 4, 6]]);
    expect(triangles).toEqual([[0, 2, 1], [0, 3, 2], [6, 4, 5], [6, 7, 4], [0, 1, 4], [1, 5, 4], [1, 2, 5], [2, 6, 5], [2, 3, 6], [3, 7, 6], [3, 0, 7], [0, 4, 7]]);
    expect(edgeBalance(triangles)).toEqual({ closed: true, edges: 18 });
    // outward: every triangle's normal points away from the centre
    for (const t of triangles) {
      const [a, b, c] = t.map((i) => points[i]);
      const n = [(b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]), (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]), (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])];
      const centroid = [0, 1, 2].map((k) => (a[k] + b[k] + c[k]) / 3 - [1, 2, 3][k]);
      expect(n[0] * centroid[0] + n[1] * centroid[1] + n[2] * centroid[2]).toBeGreaterThan(0);
    }
    expect(graphics.Brick({ size: [1, 1, 1] }).points.length / 3).toBe(24); // the default keeps flat-shaded faces
  });

  it("Cylinder has Exudyn's tessellation: basis of ComputeOrthonormalBasisVectors, ring point i at r(sin φ n1 + cos φ n2), 2 + 4n points", () => {
    const n = 8, r = 0.25;
    const g = graphics.Cylinder({ pAxis: [0, -0.05, 0], vAxis: [0, 0.1, 0], radius: r, nTiles: n, alternatingColor: graphics.color.lightgrey });
    const [points, triangles] = graphics.ToPointsAndTrigs(g);
    expect(points.length).toBe(2 + 4 * n);
    // vAxis along y: n1 = x, n2 = y × x = −z; point 1 (φ = 0) at −r z, point 3 (φ = π/2) at +r x
    expect(points[0]).toEqual([0, -0.05, 0]);
    expect(points[1]).toEqual([0, -0.05, -r]);
    expect(points[3][0]).toBeCloseTo(r, 15);
    expect(points[n + 1]).toEqual([0, 0.05, 0]);
    expect(points[2 * n + 2]).toEqual(points[1]); // face rings repeat the mantle rings
    const m = n + 1; // points per face (ring and centre)
    expect(triangles.slice(0, 2)).toEqual([[1, m + 1, m + 2], [1, m + 2, 2]]);
    expect(triangles[2 * n]).toEqual([0, 2 * n + 2, 2 * n + 3]);
    expect(triangles.length).toBe(4 * n);
    expect(g.colors.slice(4 * (2 + n - 1), 4 * (2 + n))).toEqual([...graphics.color.lightgrey]); // second half of the first band
  });

  it('RefineMesh: Exudyn\'s 8 → 26 → 98 points on a cube, each triangle into four of a quarter of its area, closed', () => {
    const [p0, t0] = graphics.ToPointsAndTrigs(graphics.Brick({ size: [3, 2, 1], addNormals: false }));
    const [p1, t1] = RefineMesh(p0, t0);
    const [p2, t2] = RefineMesh(p1, t1);
    expect([p1.length, p2.length]).toEqual([26, 98]);
    expect([t1.length, t2.length]).toEqual([48, 192]);
    expect(edgeBalance(t1).closed).toBe(true);
    expect(edgeBalance(t2).closed).toBe(true);
    // first triangle (0, 2, 1): new points 8 = (p0 + p1)/2, 9 = (p2 + p0)/2, 10 = (p1 + p2)/2; triangle (0, 9, 8) first
    expect(t1.slice(0, 4)).toEqual([[0, 9, 8], [2, 10, 9], [1, 8, 10], [8, 9, 10]]);
    expect(p1[8]).toEqual([0, 1, 2].map((k) => (p0[0][k] + p0[1][k]) / 2));
    expect(() => RefineMesh(p0, [[0, 1, 9]])).toThrow(FlexdynError);
  });

  it('ShrinkMeshNormalToSurface moves the corners of a box inwards by the distance along each axis', () => {
    const [p, t] = graphics.ToPointsAndTrigs(graphics.Brick({ size: [3, 2, 1], addNormals: false }));
    const [q, tq] = ShrinkMeshNormalToSurface(p, t, 0.1);
    expect(tq).toEqual(t);
    for (let i = 0; i < 8; i++) for (let k = 0; k < 3; k++) expect(q[i][k]).toBeCloseTo(p[i][k] - 0.1 * Math.sign(p[i][k]), 15);
  });

  it('FromPointsAndTrigs / ToPointsAndTrigs round trip; bad input named', () => {
    const g = graphics.Brick({ size: [1, 2, 3], addNormals: false, color: graphics.color.red });
    const [points, triangles] = graphics.ToPointsAndTrigs(g);
    const back = graphics.FromPointsAndTrigs(points, triangles, graphics.color.red);
    expect(back.points).toEqual(g.points);
    expect(back.triangles).toEqual(g.triangles);
    expect(back.normals).toEqual(g.normals);
    expect(() => graphics.FromPointsAndTrigs(points, [[0, 1, 8]])).toThrow(/triangles\[0\] must be 3 point indices in \[0, 8\), got \[0, 1, 8\]/);
    expect(() => graphics.FromPointsAndTrigs(points, triangles, [1, 0, 0])).toThrow(/color must have 4 RGBA numbers or 4 per point/);
    expect(() => graphics.ToPointsAndTrigs(graphics.Lines([[0, 0, 0], [1, 0, 0]]) as never)).toThrow(/must be graphics data of type 'TriangleList', got type 'Line'/);
  });
});
