import { describe, it, expect } from 'vitest';
import { graphics, FlexdynError } from '../../src/index.ts';

const sub = (a: number[], b: number[]) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: number[], b: number[]) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

describe('graphics.CheckerBoard (Exudyn graphics.CheckerBoard)', () => {
  it('tiles a size × size2 rectangle in the plane through point normal to n, one-sided towards n, colours alternating', () => {
    const normal = [1, 2, 2]; // |normal| = 3
    const n = normal.map((x) => x / 3), point = [0.5, -1, 2];
    const board = graphics.CheckerBoard({ point, normal, size: 2, size2: 1.2, nTiles: 4, nTiles2: 3, color: graphics.color.red, alternatingColor: graphics.color.blue });
    // counts: 4 points and 2 triangles per tile
    expect(board.points.length / 3).toBe(4 * 4 * 3);
    expect(board.triangles.length / 3).toBe(2 * 4 * 3);
    const P = (k: number) => board.points.slice(3 * k, 3 * k + 3);
    let area = 0;
    for (let t = 0; t < board.triangles.length; t += 3) {
      const [a, b, c] = [0, 1, 2].map((k) => P(board.triangles[t + k]));
      const w = cross(sub(b, a), sub(c, a));
      // counter-clockwise seen from the normal's side: the triangle normal is +n, |w| = 2·area
      expect(dot(w, n)).toBeCloseTo(Math.hypot(...w), 12);
      area += Math.hypot(...w) / 2;
    }
    expect(area).toBeCloseTo(2 * 1.2, 12);
    for (let k = 0; k < board.points.length / 3; k++) {
      expect(dot(sub(P(k), point), n)).toBeCloseTo(0, 14); // in the plane
      expect(board.normals.slice(3 * k, 3 * k + 3).map((x, i) => x - n[i]).every((d) => Math.abs(d) < 1e-15)).toBe(true); // unit normal n
    }
    // centred at point: the bounding extents along the two tangents are ±size/2, ±size2/2
    const t1 = sub(P(board.triangles[1]), P(board.triangles[0])); // first tile edge along t1
    const u = t1.map((x) => x / Math.hypot(...t1)), v = cross(n, u);
    const us = Array.from({ length: board.points.length / 3 }, (_, k) => dot(sub(P(k), point), u));
    const vs = Array.from({ length: board.points.length / 3 }, (_, k) => dot(sub(P(k), point), v));
    expect([Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)].map((x) => Math.round(x * 1e12) / 1e12)).toEqual([-1, 1, -0.6, 0.6]);
    // colours: tile (i, j) red for even i + j, blue otherwise; flat per tile; neighbours differ; tiles in Exudyn's
    // order (i along the first tangent fastest)
    const tileColor = (tile: number) => board.colors.slice(16 * tile, 16 * tile + 4);
    for (let i = 0; i < 4; i++) for (let j = 0; j < 3; j++) expect(tileColor(4 * j + i)).toEqual((i + j) % 2 === 0 ? [1, 0, 0, 1] : [0, 0, 1, 1]);
  });

  it("has Exudyn's defaults: a 1 × 1 board of 10 × 10 tiles at the origin facing +z, edges along the axes, lightgrey / lightgrey2", () => {
    const board = graphics.CheckerBoard();
    expect(board.triangles.length / 3).toBe(200);
    const xs = board.points.filter((_, i) => i % 3 === 0), ys = board.points.filter((_, i) => i % 3 === 1), zs = board.points.filter((_, i) => i % 3 === 2);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([-0.5, 0.5, -0.5, 0.5]);
    expect(zs.every((z) => z === 0)).toBe(true);
    expect(board.colors.slice(0, 4)).toEqual([...graphics.color.lightgrey]);
    expect(board.colors.slice(16, 20)).toEqual([...graphics.color.lightgrey2]);
    expect(() => graphics.validateGraphicsData(board, 'test')).not.toThrow();
  });

  it('names bad input', () => {
    expect(() => graphics.CheckerBoard({ normal: [0, 0, 0] })).toThrow('graphics.CheckerBoard: normal must not be the zero vector, got [0, 0, 0]');
    expect(() => graphics.CheckerBoard({ size: -1 })).toThrow('graphics.CheckerBoard: size must be a positive number, got -1');
    expect(() => graphics.CheckerBoard({ nTiles: 0 })).toThrow(FlexdynError);
    expect(() => graphics.CheckerBoard({ nTiles2: 2.5 })).toThrow('graphics.CheckerBoard: nTiles must be an integer ≥ 1, got 2.5');
  });
});

describe('graphics.Rectangle (Exudyn graphics.Rectangle / GraphicsDataRectangle)', () => {
  it('is the closed outline in the x–y plane, counter-clockwise from +z', () => {
    const r = graphics.Rectangle({ xMin: -1, yMin: 0.5, xMax: 2, yMax: 1.5, color: graphics.color.green });
    expect(r.type).toBe('Line');
    expect(r.color).toEqual([0, 1, 0, 1]);
    expect(r.data).toEqual([-1, 0.5, 0, 2, 0.5, 0, 2, 1.5, 0, -1, 1.5, 0, -1, 0.5, 0]);
    // perimeter 2·(3 + 1) and the signed (shoelace) area +3: counter-clockwise
    let perimeter = 0, area2 = 0;
    for (let k = 0; k + 1 < 5; k++) {
      const [x0, y0, x1, y1] = [r.data[3 * k], r.data[3 * k + 1], r.data[3 * k + 3], r.data[3 * k + 4]];
      perimeter += Math.hypot(x1 - x0, y1 - y0);
      area2 += x0 * y1 - x1 * y0;
    }
    expect(perimeter).toBe(8);
    expect(area2 / 2).toBe(3);
    expect(graphics.Rectangle({ xMin: 0, yMin: 0, xMax: 1, yMax: 1 }).color).toEqual([0, 0, 0, 1]);
    expect(() => graphics.validateGraphicsData(r, 'test')).not.toThrow();
  });

  it('names bad input', () => {
    expect(() => graphics.Rectangle({ xMin: 1, yMin: 0, xMax: 1, yMax: 1 })).toThrow('graphics.Rectangle: xMax must be greater than xMin = 1, got 1');
    expect(() => graphics.Rectangle({ xMin: 0, yMin: 2, xMax: 1, yMax: 1 })).toThrow('graphics.Rectangle: yMax must be greater than yMin = 2, got 1');
    expect(() => graphics.Rectangle({ xMin: 0, yMin: 0, xMax: Number.NaN, yMax: 1 })).toThrow('graphics.Rectangle: xMax must be a finite number, got NaN');
    expect(() => (graphics.Rectangle as (o?: unknown) => unknown)()).toThrow('graphics.Rectangle: xMin must be a finite number, got undefined');
  });
});
