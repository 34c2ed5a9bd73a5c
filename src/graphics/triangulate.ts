/**
 * Graphics data to typed arrays for rendering (three.js BufferGeometry, VTK polydata): triangles as
 * vertex/normal/colour Float32Arrays with a Uint32 index array, polylines as line segments.
 * @module
 */
import type { GraphicsData } from './graphicsData.ts';

/** Triangle and line buffers of a list of graphics data. */
export interface TriangulatedGraphics {
  /** Vertex positions, 3 per vertex. */
  positions: Float32Array;
  /** Vertex normals (unit, outward), 3 per vertex. */
  normals: Float32Array;
  /** Vertex colours RGBA, 4 per vertex. */
  colors: Float32Array;
  /** Vertex indices, 3 per triangle (counter-clockwise from outside). */
  indices: Uint32Array;
  /** Line segment end points, 6 per segment (a polyline of n points gives n − 1 segments). */
  linePositions: Float32Array;
  /** Colours of the line segment end points, 8 per segment. */
  lineColors: Float32Array;
}

/** Optional rigid placement p ↦ position + rotation·p (rotation row-major 3×3, 9 numbers) and colour override. */
export interface TriangulateOptions {
  /** Translation (default 0). */
  position?: ArrayLike<number>;
  /** Row-major rotation matrix (default identity). */
  rotation?: ArrayLike<number>;
  /** If given with non-negative components, replaces all colours (Exudyn's visualization.color). */
  color?: ArrayLike<number>;
}

/** Concatenates the triangle lists and lines of `list` into typed arrays, optionally placed and recoloured. */
export function triangulate(list: readonly GraphicsData[], options: TriangulateOptions = {}): TriangulatedGraphics {
  let nv = 0, nt = 0, ns = 0;
  for (const g of list) {
    if (g.type === 'TriangleList') { nv += g.points.length / 3; nt += g.triangles.length / 3; } else ns += g.data.length / 3 - 1;
  }
  const positions = new Float32Array(3 * nv), normals = new Float32Array(3 * nv), colors = new Float32Array(4 * nv);
  const indices = new Uint32Array(3 * nt), linePositions = new Float32Array(6 * ns), lineColors = new Float32Array(8 * ns);
  const p = options.position ?? [0, 0, 0];
  const R = options.rotation ?? [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const override = options.color !== undefined && options.color[0] >= 0 ? options.color : undefined;
  const place = (src: ArrayLike<number>, i: number, dst: Float32Array, j: number, translate: boolean): void => {
    const x = src[i], y = src[i + 1], z = src[i + 2];
    for (let r = 0; r < 3; r++) dst[j + r] = (translate ? p[r] : 0) + R[3 * r] * x + R[3 * r + 1] * y + R[3 * r + 2] * z;
  };
  let v = 0, t = 0, s = 0;
  for (const g of list) {
    if (g.type === 'TriangleList') {
      const n = g.points.length / 3;
      for (let i = 0; i < n; i++) {
        place(g.points, 3 * i, positions, 3 * (v + i), true);
        place(g.normals, 3 * i, normals, 3 * (v + i), false);
        for (let k = 0; k < 4; k++) colors[4 * (v + i) + k] = override ? override[k] : g.colors[4 * i + k];
      }
      for (let i = 0; i < g.triangles.length; i++) indices[t + i] = v + g.triangles[i];
      v += n; t += g.triangles.length;
    } else {
      const c = override ?? g.color;
      for (let i = 0; i + 1 < g.data.length / 3; i++, s++) {
        place(g.data, 3 * i, linePositions, 6 * s, true);
        place(g.data, 3 * i + 3, linePositions, 6 * s + 3, true);
        for (let k = 0; k < 4; k++) { lineColors[8 * s + k] = c[k]; lineColors[8 * s + 4 + k] = c[k]; }
      }
    }
  }
  return { positions, normals, colors, indices, linePositions, lineColors };
}
