/**
 * Graphics data as in exudyn.graphics: plain, JSON-serializable descriptions of triangle lists and
 * polylines in a body's local frame. Conventions (docs/decisions.md, "Graphics data"): triangles are
 * counter-clockwise seen from outside, normals point outward, one normal and one RGBA colour per point.
 * @module
 */
import { FlexdynError } from '../core/errors.ts';
import { ComputeOrthonormalBasisVectors } from '../rotations/rotationMatrices.ts';

/** An RGBA colour, components in [0, 1]. */
export type Color4 = [number, number, number, number];

/** A 3D vector given as a list or typed array. */
export type Vector3Like = ArrayLike<number>;

/** A triangle mesh: flat point, normal and colour lists (3, 3 and 4 per point) and three point indices per triangle. */
export interface GraphicsTriangleList {
  /** Kind, as in Exudyn's graphics data dictionaries. */
  type: 'TriangleList';
  /** Point coordinates x0, y0, z0, x1, … */
  points: number[];
  /** Outward unit normals, one per point (same length as points). */
  normals: number[];
  /** RGBA colours, one per point. */
  colors: number[];
  /** Point indices, three per triangle, counter-clockwise seen from outside. */
  triangles: number[];
}

/** A polyline through the given points, drawn in one colour. */
export interface GraphicsLine {
  /** Kind, as in Exudyn's graphics data dictionaries. */
  type: 'Line';
  /** Point coordinates x0, y0, z0, x1, … (at least two points). */
  data: number[];
  /** RGBA colour. */
  color: number[];
}

/** One graphics data item (Exudyn's graphicsData dictionary). */
export type GraphicsData = GraphicsTriangleList | GraphicsLine;

/** Names of {@link color}. */
export type ColorName =
  | 'red' | 'green' | 'blue' | 'cyan' | 'magenta' | 'yellow' | 'orange' | 'pink' | 'lawngreen' | 'springgreen' | 'violet' | 'dodgerblue'
  | 'lightred' | 'lightgreen' | 'steelblue' | 'brown' | 'black' | 'darkgrey' | 'darkgrey2' | 'grey' | 'lightgrey' | 'lightgrey2' | 'white'
  | 'default' | 'defaultBody' | 'defaultJoint' | 'defaultFFRF';

const colorValues: Record<ColorName, Color4> = {
  red: [1, 0, 0, 1], green: [0, 1, 0, 1], blue: [0, 0, 1, 1],
  cyan: [0, 1, 1, 1], magenta: [1, 0, 1, 1], yellow: [1, 1, 0, 1],
  orange: [1, 0.5, 0, 1], pink: [1, 0, 0.5, 1], lawngreen: [0.5, 1, 0, 1],
  springgreen: [0, 1, 0.5, 1], violet: [0.5, 0, 1, 1], dodgerblue: [0, 0.5, 1, 1],
  lightred: [0.9, 0.4, 0.4, 1], lightgreen: [0.4, 0.9, 0.4, 1], steelblue: [0.4, 0.4, 0.9, 1], brown: [0.65, 0.2, 0.2, 1],
  black: [0, 0, 0, 1], darkgrey: [0.2, 0.2, 0.2, 1], darkgrey2: [0.35, 0.35, 0.35, 1], grey: [0.5, 0.5, 0.5, 1],
  lightgrey: [0.7, 0.7, 0.7, 1], lightgrey2: [0.85, 0.85, 0.85, 1], white: [1, 1, 1, 1],
  default: [-1, -1, -1, -1],
  defaultBody: [0.4, 0.4, 0.9, 1],
  defaultJoint: [0.6, 0.6, 0.8, 1],
  defaultFFRF: [0, 1, 0, 1],
};

/**
 * Exudyn's named colours (graphics.color): red, green, blue, cyan, magenta, yellow, orange, pink, lawngreen,
 * springgreen, violet, dodgerblue, lightred, lightgreen, steelblue, brown, black, darkgrey, darkgrey2, grey,
 * lightgrey, lightgrey2, white; `default` = [−1, −1, −1, −1] (use the item's default colour), defaultBody,
 * defaultJoint, defaultFFRF.
 */
export const color: Readonly<Record<ColorName, Readonly<Color4>>> = colorValues;

/** Sixteen distinct colours for colouring n bodies (Exudyn's graphics.colorList). */
export const colorList: readonly Color4[] = [
  color.red, color.green, color.blue, color.cyan, color.magenta, color.yellow, color.orange, color.pink,
  color.lawngreen, color.violet, color.springgreen, color.dodgerblue, color.grey, color.darkgrey, color.lightgrey, color.brown,
].map((c) => [...c] as Color4);

function fail(fn: string, parameter: string, message: string): never {
  throw new FlexdynError(`graphics.${fn}: ${parameter} ${message}`);
}

function vec3(fn: string, name: string, v: Vector3Like | undefined, fallback: readonly number[]): [number, number, number] {
  const a = v ?? fallback;
  if (a.length !== 3 || !Number.isFinite(a[0]) || !Number.isFinite(a[1]) || !Number.isFinite(a[2])) {
    fail(fn, name, `must be 3 finite numbers, got [${Array.from(a as ArrayLike<number>).join(', ')}]`);
  }
  return [a[0], a[1], a[2]];
}

function rgba(fn: string, name: string, c: ArrayLike<number> | undefined): Color4 {
  const a = c ?? color.black;
  if (a.length !== 4 || !Array.from(a).every(Number.isFinite)) fail(fn, name, `must be 4 RGBA numbers, got [${Array.from(a).join(', ')}]`);
  return [a[0], a[1], a[2], a[3]];
}

function positive(fn: string, name: string, x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) fail(fn, name, `must be a positive number, got ${x}`);
  return x;
}

function tiles(fn: string, x: number | undefined, fallback: number, min: number): number {
  const n = x ?? fallback;
  if (!Number.isInteger(n) || n < min) fail(fn, 'nTiles', `must be an integer ≥ ${min}, got ${n}`);
  return n;
}

/** Builds a triangle list incrementally. */
class MeshBuilder {
  readonly points: number[] = [];
  readonly normals: number[] = [];
  readonly colors: number[] = [];
  readonly triangles: number[] = [];
  constructor(private readonly rgba: Color4) {}
  /** Adds a point with its normal and returns its index. */
  point(x: number, y: number, z: number, nx: number, ny: number, nz: number): number {
    this.points.push(x, y, z);
    this.normals.push(nx, ny, nz);
    this.colors.push(...this.rgba);
    return this.points.length / 3 - 1;
  }
  triangle(a: number, b: number, c: number): void { this.triangles.push(a, b, c); }
  /** Quad a, b, c, d counter-clockwise from outside. */
  quad(a: number, b: number, c: number, d: number): void { this.triangles.push(a, b, c, a, c, d); }
  build(): GraphicsTriangleList {
    return { type: 'TriangleList', points: this.points, normals: this.normals, colors: this.colors, triangles: this.triangles };
  }
}

/** Unit vector along v and two unit vectors completing a right-handed orthonormal basis (e, n1, n2). */
function orthonormalBasis(v: readonly number[]): [number[], number[], number[]] {
  const len = Math.hypot(v[0], v[1], v[2]);
  const e = [v[0] / len, v[1] / len, v[2] / len];
  // helper axis: the coordinate axis least parallel to e
  const ax = Math.abs(e[0]), ay = Math.abs(e[1]), az = Math.abs(e[2]);
  const h = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  let n1 = [e[1] * h[2] - e[2] * h[1], e[2] * h[0] - e[0] * h[2], e[0] * h[1] - e[1] * h[0]];
  const l1 = Math.hypot(n1[0], n1[1], n1[2]);
  n1 = [n1[0] / l1, n1[1] / l1, n1[2] / l1];
  const n2 = [e[1] * n1[2] - e[2] * n1[1], e[2] * n1[0] - e[0] * n1[2], e[0] * n1[1] - e[1] * n1[0]];
  return [e, n1, n2];
}

/** Options of {@link Brick}. */
export interface BrickOptions {
  /** Centre of the brick (default [0, 0, 0]). */
  centerPoint?: Vector3Like;
  /** Edge lengths along x, y, z (default [0.1, 0.1, 0.1]). */
  size?: Vector3Like;
  /** RGBA colour (default black). */
  color?: ArrayLike<number>;
  /**
   * True (default): 4 points per face with the face's normal (flat shading, 24 points). False: Exudyn's 8 corner points
   * shared by the faces (a closed mesh by point index, as contact meshes and RefineMesh need), normals averaged.
   */
  addNormals?: boolean;
}

/**
 * An axis-aligned box, 12 triangles, outward. With addNormals = false it is Exudyn's graphics.Brick (addNormals=False,
 * Exudyn's default): corners [xMin, yMin, zMin], [xMax, yMin, zMin], [xMax, yMax, zMin], [xMin, yMax, zMin], then the
 * same at zMax, and Exudyn's triangles (bottom, top, the sides y = yMin, x = xMax, y = yMax, x = xMin).
 */
export function Brick(options: BrickOptions = {}): GraphicsTriangleList {
  const c = vec3('Brick', 'centerPoint', options.centerPoint, [0, 0, 0]);
  const s = vec3('Brick', 'size', options.size, [0.1, 0.1, 0.1]);
  s.forEach((x, i) => positive('Brick', `size[${i}]`, x));
  const rgbaColor = rgba('Brick', 'color', options.color);
  if (options.addNormals === false) {
    const lo = [c[0] - 0.5 * s[0], c[1] - 0.5 * s[1], c[2] - 0.5 * s[2]], hi = [c[0] + 0.5 * s[0], c[1] + 0.5 * s[1], c[2] + 0.5 * s[2]];
    const points: number[] = [];
    for (const z of [lo[2], hi[2]]) points.push(lo[0], lo[1], z, hi[0], lo[1], z, hi[0], hi[1], z, lo[0], hi[1], z);
    const triangles = [0, 2, 1, 0, 3, 2, 6, 4, 5, 6, 7, 4, 0, 1, 4, 1, 5, 4, 1, 2, 5, 2, 6, 5, 2, 3, 6, 3, 7, 6, 3, 0, 7, 0, 4, 7];
    return { type: 'TriangleList', points, normals: computeFlatNormals(points, triangles), colors: Array.from({ length: 8 }, () => [...rgbaColor]).flat(), triangles };
  }
  const m = new MeshBuilder(rgbaColor);
  // each face: outward axis k with sign σ; the two tangent axes (i, j) such that e_i × e_j = σ e_k
  for (let k = 0; k < 3; k++) {
    for (const sigma of [-1, 1]) {
      const i = (k + 1) % 3, j = (k + 2) % 3;
      const corner = (a: number, b: number): number => {
        const p = [0, 0, 0], n = [0, 0, 0];
        p[k] = c[k] + 0.5 * sigma * s[k];
        p[i] = c[i] + 0.5 * a * s[i];
        p[j] = c[j] + 0.5 * b * sigma * s[j];
        n[k] = sigma;
        return m.point(p[0], p[1], p[2], n[0], n[1], n[2]);
      };
      m.quad(corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1));
    }
  }
  return m.build();
}

/** Options of {@link Sphere}. */
export interface SphereOptions {
  /** Centre (default [0, 0, 0]). */
  point?: Vector3Like;
  /** Radius (default 0.1). */
  radius?: number;
  /** RGBA colour (default black). */
  color?: ArrayLike<number>;
  /** Subdivisions of a half circle, ≥ 2 (default 8); 2·nTiles around the z axis. */
  nTiles?: number;
}

/** A UV sphere about the z axis with smooth normals: 2·nTiles·(2·nTiles − 2) triangles. */
export function Sphere(options: SphereOptions = {}): GraphicsTriangleList {
  const p = vec3('Sphere', 'point', options.point, [0, 0, 0]);
  const r = positive('Sphere', 'radius', options.radius ?? 0.1);
  const nTheta = tiles('Sphere', options.nTiles, 8, 2);
  const nPhi = 2 * nTheta;
  const m = new MeshBuilder(rgba('Sphere', 'color', options.color));
  const south = m.point(p[0], p[1], p[2] - r, 0, 0, -1);
  const rings: number[][] = [];
  for (let i = 1; i < nTheta; i++) {
    const theta = -Math.PI / 2 + (Math.PI * i) / nTheta;
    const ring: number[] = [];
    for (let j = 0; j < nPhi; j++) {
      const phi = (2 * Math.PI * j) / nPhi;
      const n = [Math.cos(theta) * Math.cos(phi), Math.cos(theta) * Math.sin(phi), Math.sin(theta)];
      ring.push(m.point(p[0] + r * n[0], p[1] + r * n[1], p[2] + r * n[2], n[0], n[1], n[2]));
    }
    rings.push(ring);
  }
  const north = m.point(p[0], p[1], p[2] + r, 0, 0, 1);
  for (let j = 0; j < nPhi; j++) {
    const j1 = (j + 1) % nPhi;
    m.triangle(south, rings[0][j1], rings[0][j]);
    for (let i = 0; i + 1 < rings.length; i++) m.quad(rings[i][j], rings[i][j1], rings[i + 1][j1], rings[i + 1][j]);
    const top = rings[rings.length - 1];
    m.triangle(top[j], top[j1], north);
  }
  return m.build();
}

/** Options of {@link SolidOfRevolution}. */
export interface SolidOfRevolutionOptions {
  /** Start point of the axis. */
  pAxis: Vector3Like;
  /** Axis direction (its length is not used; contour x values are absolute). */
  vAxis: Vector3Like;
  /** Contour points [x along the axis, r ≥ 0 from the axis]; a closed solid starts and ends on the axis (r = 0). */
  contour: ArrayLike<ArrayLike<number>>;
  /** RGBA colour (default black). */
  color?: ArrayLike<number>;
  /** Subdivisions around the axis, ≥ 3 (default 16). */
  nTiles?: number;
}

/**
 * A contour revolved about an axis; each contour segment gets its own ring of points with the
 * segment's normal (sharp edges between segments). Segments on the axis are skipped; a segment
 * touching the axis is a triangle fan (nTiles triangles), any other segment a band (2·nTiles triangles).
 * The surface is outward-oriented when the contour runs from the axis at small x to the axis at large x
 * (or more generally, clockwise in the (x, r) half plane seen with r up).
 */
export function SolidOfRevolution(options: SolidOfRevolutionOptions): GraphicsTriangleList {
  const fn = 'SolidOfRevolution';
  const p0 = vec3(fn, 'pAxis', options.pAxis, [0, 0, 0]);
  const v = vec3(fn, 'vAxis', options.vAxis, [0, 0, 1]);
  if (!(Math.hypot(...v) > 0)) fail(fn, 'vAxis', `must not be zero, got [${v.join(', ')}]`);
  const n = tiles(fn, options.nTiles, 16, 3);
  const contour = Array.from(options.contour, (c, i) => {
    if (c.length !== 2 || !Number.isFinite(c[0]) || !(c[1] >= 0)) fail(fn, `contour[${i}]`, `must be [x, r ≥ 0], got [${Array.from(c).join(', ')}]`);
    return [c[0], c[1]];
  });
  if (contour.length < 2) fail(fn, 'contour', `must have at least 2 points, got ${contour.length}`);
  const [e, n1, n2] = orthonormalBasis(v);
  const m = new MeshBuilder(rgba(fn, 'color', options.color));
  const ring = (x: number, r: number, nx: number, nr: number): number[] => {
    const ids: number[] = [];
    for (let j = 0; j < n; j++) {
      const phi = (2 * Math.PI * j) / n;
      const c = Math.cos(phi), s = Math.sin(phi);
      const radial = [c * n1[0] + s * n2[0], c * n1[1] + s * n2[1], c * n1[2] + s * n2[2]];
      ids.push(m.point(
        p0[0] + x * e[0] + r * radial[0], p0[1] + x * e[1] + r * radial[1], p0[2] + x * e[2] + r * radial[2],
        nx * e[0] + nr * radial[0], nx * e[1] + nr * radial[1], nx * e[2] + nr * radial[2],
      ));
    }
    return ids;
  };
  for (let k = 0; k + 1 < contour.length; k++) {
    const [xa, ra] = contour[k], [xb, rb] = contour[k + 1];
    if (ra === 0 && rb === 0) continue;
    const dx = xb - xa, dr = rb - ra, len = Math.hypot(dx, dr);
    if (len === 0) continue;
    // outward normal in the (x, r) plane: tangent (dx, dr) turned clockwise
    const nx = -dr / len, nr = dx / len;
    const A = ring(xa, ra, nx, nr), B = ring(xb, rb, nx, nr);
    for (let j = 0; j < n; j++) {
      const j1 = (j + 1) % n;
      // (a_j, a_j1, b_j1, b_j) is counter-clockwise seen from the outward normal side
      if (ra === 0) m.triangle(A[j], B[j1], B[j]);
      else if (rb === 0) m.triangle(A[j], A[j1], B[j]);
      else m.quad(A[j], A[j1], B[j1], B[j]);
    }
  }
  return m.build();
}

/** Options of {@link Cylinder}. */
export interface CylinderOptions {
  /** Centre of the first face (default [0, 0, 0]). */
  pAxis?: Vector3Like;
  /** Axis from the first to the second face (default [0, 0, 1]). */
  vAxis?: Vector3Like;
  /** Radius (default 0.1). */
  radius?: number;
  /** RGBA colour (default black). */
  color?: ArrayLike<number>;
  /** Subdivisions around the axis, ≥ 3 (default 16). */
  nTiles?: number;
  /** Colour of the second half of the tiles around the axis, to see the cylinder turn (default: color). */
  alternatingColor?: ArrayLike<number>;
}

/**
 * A closed cylinder from pAxis to pAxis + vAxis with Exudyn's tessellation (graphics.Cylinder): with the basis
 * (v, n1, n2) of ComputeOrthonormalBasisVectors(vAxis), ring point i at r·sin φ_i n1 + r·cos φ_i n2, φ_i = 2πi/nTiles;
 * points: the first face's centre, its ring, the second face's centre, its ring (mantle rings: radial normals), both
 * rings again (face rings: axial normals); triangles: 2 per tile on the mantle, then one per tile on each face
 * (4·nTiles, outward). Contact meshes built from it therefore equal Exudyn's.
 */
export function Cylinder(options: CylinderOptions = {}): GraphicsTriangleList {
  const v = vec3('Cylinder', 'vAxis', options.vAxis, [0, 0, 1]);
  if (!(Math.hypot(...v) > 0)) fail('Cylinder', 'vAxis', `must not be zero, got [${v.join(', ')}]`);
  const p0 = vec3('Cylinder', 'pAxis', options.pAxis, [0, 0, 0]);
  const r = positive('Cylinder', 'radius', options.radius ?? 0.1);
  const nTiles = tiles('Cylinder', options.nTiles, 16, 3);
  const color1 = rgba('Cylinder', 'color', options.color);
  const color2 = options.alternatingColor === undefined ? color1 : rgba('Cylinder', 'alternatingColor', options.alternatingColor);
  const [e, n1, n2] = ComputeOrthonormalBasisVectors(v);
  const p1 = [p0[0] + v[0], p0[1] + v[1], p0[2] + v[2]];
  const ring0: number[] = [], ring1: number[] = [], radial: number[] = [];
  for (let i = 0; i < nTiles; i++) {
    const phi = i * (2 * Math.PI) / nTiles;
    const x = r * Math.sin(phi), y = r * Math.cos(phi);
    const vv = [x * n1[0] + y * n2[0], x * n1[1] + y * n2[1], x * n1[2] + y * n2[2]];
    ring0.push(p0[0] + vv[0], p0[1] + vv[1], p0[2] + vv[2]);
    ring1.push(p1[0] + vv[0], p1[1] + vv[1], p1[2] + vv[2]);
    const len = Math.hypot(vv[0], vv[1], vv[2]);
    radial.push(vv[0] / len, vv[1] / len, vv[2] / len);
  }
  const minus = [-e[0], -e[1], -e[2]];
  const repeat = (a: readonly number[], times: number) => Array.from({ length: times }, () => a).flat();
  const points = [...p0, ...ring0, ...p1, ...ring1, ...ring0, ...ring1];
  const normals = [...minus, ...radial, ...e, ...radial, ...repeat(minus, nTiles), ...repeat(e, nTiles)];
  const half = Math.floor(nTiles / 2);
  const band = [...repeat(color1, half), ...repeat(color2, nTiles - half)];
  const colors = [...color1, ...color1, ...band, ...band, ...band, ...band];
  const n = nTiles + 1, nn = 2 * n, triangles: number[] = [];
  for (let i = 0; i < nTiles; i++) {
    if (i !== nTiles - 1) triangles.push(1 + i, n + 1 + i, n + 2 + i, 1 + i, n + 2 + i, 2 + i);
    else triangles.push(1 + i, n + 1 + i, n + 1, 1 + i, n + 1, 1);
  }
  for (let i = 0; i < nTiles; i++) {
    if (i !== nTiles - 1) triangles.push(0, nn + i, nn + i + 1, n, nn + nTiles + i + 1, nn + nTiles + i);
    else triangles.push(0, nn + i, nn, n, nn + nTiles, nn + nTiles + i);
  }
  return { type: 'TriangleList', points, normals, colors, triangles };
}

/** Options of {@link Arrow}. */
export interface ArrowOptions {
  /** Start point (default [0, 0, 0]). */
  pAxis?: Vector3Like;
  /** Arrow vector, start to tip (default [0, 0, 1]). */
  vAxis?: Vector3Like;
  /** Shaft radius (default 0.01·|vAxis|). */
  radius?: number;
  /** RGBA colour (default black). */
  color?: ArrayLike<number>;
  /** Head radius / shaft radius (default 2). */
  headFactor?: number;
  /** Head length / head radius (default 4). */
  headStretch?: number;
  /** Subdivisions around the axis, ≥ 3 (default 12). */
  nTiles?: number;
}

/** An arrow (cylindrical shaft, conical head) of total length |vAxis|: 6·nTiles triangles. */
export function Arrow(options: ArrowOptions = {}): GraphicsTriangleList {
  const v = vec3('Arrow', 'vAxis', options.vAxis, [0, 0, 1]);
  const L = Math.hypot(...v);
  if (!(L > 0)) fail('Arrow', 'vAxis', `must not be zero, got [${v.join(', ')}]`);
  const r = positive('Arrow', 'radius', options.radius ?? 0.01 * L);
  const rHead = r * positive('Arrow', 'headFactor', options.headFactor ?? 2);
  const xHead = L - positive('Arrow', 'headStretch', options.headStretch ?? 4) * rHead;
  if (!(xHead > 0)) fail('Arrow', 'vAxis', `must be longer than the head (headStretch·headFactor·radius = ${L - xHead}), got length ${L}`);
  return SolidOfRevolution({
    pAxis: vec3('Arrow', 'pAxis', options.pAxis, [0, 0, 0]), vAxis: v,
    contour: [[0, 0], [0, r], [xHead, r], [xHead, rHead], [L, 0]], color: rgba('Arrow', 'color', options.color), nTiles: options.nTiles ?? 12,
  });
}

/** Options of {@link Basis}. */
export interface BasisOptions {
  /** Origin (default [0, 0, 0]). */
  origin?: Vector3Like;
  /** 3×3 rotation matrix whose columns are the drawn axes (default identity). */
  rotationMatrix?: ArrayLike<ArrayLike<number>>;
  /** Arrow length (default 1). */
  length?: number;
  /** Colours of the x, y, z arrows (default red, green, blue). */
  colors?: ArrayLike<ArrayLike<number>>;
  /** Shaft radius (default 0.01·length). */
  radius?: number;
  /** Head radius / shaft radius (default 2). */
  headFactor?: number;
  /** Head length / head radius (default 4). */
  headStretch?: number;
  /** Subdivisions around each arrow, ≥ 3 (default 12). */
  nTiles?: number;
}

/** Three arrows along the columns of rotationMatrix, merged into one triangle list (18·nTiles triangles). */
export function Basis(options: BasisOptions = {}): GraphicsTriangleList {
  const A = options.rotationMatrix ?? [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  if (A.length !== 3 || !Array.from(A).every((row) => row.length === 3)) fail('Basis', 'rotationMatrix', 'must be a 3×3 matrix');
  const length = positive('Basis', 'length', options.length ?? 1);
  const colors = options.colors ?? [color.red, color.green, color.blue];
  if (colors.length !== 3) fail('Basis', 'colors', `must be 3 RGBA colours, got ${colors.length}`);
  const arrows = [0, 1, 2].map((k) => Arrow({
    pAxis: options.origin, vAxis: [A[0][k] * length, A[1][k] * length, A[2][k] * length], radius: options.radius ?? 0.01 * length,
    color: colors[k], headFactor: options.headFactor, headStretch: options.headStretch, nTiles: options.nTiles,
  }));
  return MergeTriangleLists(MergeTriangleLists(arrows[0], arrows[1]), arrows[2]);
}

/** Options of {@link CheckerBoard}. */
export interface CheckerBoardOptions {
  /** Centre of the board (default [0, 0, 0]). */
  point?: Vector3Like;
  /** Normal of the board: the side the triangles face (default [0, 0, 1]); need not be unit. */
  normal?: Vector3Like;
  /** Edge length along the board's first tangent (default 1). */
  size?: number;
  /** Edge length along the second tangent (default size: a square). */
  size2?: number;
  /** Colour of the tiles with even i + j (default lightgrey). */
  color?: ArrayLike<number>;
  /** Colour of the other tiles (default lightgrey2). */
  alternatingColor?: ArrayLike<number>;
  /** Tiles along the first tangent, ≥ 1 (default 10). */
  nTiles?: number;
  /** Tiles along the second tangent, ≥ 1 (default nTiles). */
  nTiles2?: number;
}

/**
 * A flat checkerboard (Exudyn's graphics.CheckerBoard, typically the ground): a size × size2 rectangle centred at point
 * in the plane normal to `normal`, of nTiles × nTiles2 tiles in two alternating colours. The tangents (t1, t2) complete
 * the unit normal n to a right-handed basis (n, t1, t2), so the board's edges follow the coordinate axes for a normal
 * along one. One-sided, like Exudyn's: triangles counter-clockwise seen from the normal's side, all normals n; each
 * tile has its own 4 points (flat colours): 4·nTiles·nTiles2 points, 2·nTiles·nTiles2 triangles.
 */
export function CheckerBoard(options: CheckerBoardOptions = {}): GraphicsTriangleList {
  const p = vec3('CheckerBoard', 'point', options.point, [0, 0, 0]);
  const normal = vec3('CheckerBoard', 'normal', options.normal, [0, 0, 1]);
  if (!(Math.hypot(...normal) > 0)) fail('CheckerBoard', 'normal', 'must not be the zero vector, got [0, 0, 0]');
  const size = positive('CheckerBoard', 'size', options.size ?? 1);
  const size2 = positive('CheckerBoard', 'size2', options.size2 ?? size);
  const nx = tiles('CheckerBoard', options.nTiles, 10, 1);
  const ny = options.nTiles2 === undefined ? nx : tiles('CheckerBoard', options.nTiles2, nx, 1);
  const colors = [rgba('CheckerBoard', 'color', options.color ?? color.lightgrey), rgba('CheckerBoard', 'alternatingColor', options.alternatingColor ?? color.lightgrey2)];
  const [n, t1, t2] = ComputeOrthonormalBasisVectors(normal);
  // corners c0 … c3 counter-clockwise seen from the normal's side; tile corners bilinear in them (Exudyn's graphics.Quad)
  const corner = (a: number, b: number) => [0, 1, 2].map((k) => p[k] + a * 0.5 * size * t1[k] + b * 0.5 * size2 * t2[k]);
  const [c0, c1, c2, c3] = [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
  const at = (i: number, f: number, k: number) => ((nx - i) / nx) * ((1 - f) * c0[k] + f * c3[k]) + (i / nx) * ((1 - f) * c1[k] + f * c2[k]);
  const board: GraphicsTriangleList = { type: 'TriangleList', points: [], normals: [], colors: [], triangles: [] };
  for (let j = 0; j < ny; j++) {
    const f0 = j / ny, f1 = (j + 1) / ny;
    for (let i = 0; i < nx; i++) {
      const index = board.points.length / 3;
      for (const [ii, f] of [[i, f0], [i + 1, f0], [i + 1, f1], [i, f1]]) {
        board.points.push(at(ii, f, 0), at(ii, f, 1), at(ii, f, 2));
        board.normals.push(...n);
        board.colors.push(...colors[(i + j) % 2]);
      }
      board.triangles.push(index, index + 1, index + 2, index, index + 2, index + 3);
    }
  }
  return board;
}

/** Options of {@link Rectangle}. */
export interface RectangleOptions {
  /** Smallest x. */
  xMin: number;
  /** Smallest y. */
  yMin: number;
  /** Largest x (> xMin). */
  xMax: number;
  /** Largest y (> yMin). */
  yMax: number;
  /** RGBA colour (default black). */
  color?: ArrayLike<number>;
}

/**
 * The outline of an axis-parallel rectangle in the x–y plane (Exudyn's graphics.Rectangle, formerly
 * GraphicsDataRectangle): a closed polyline of 5 points at z = 0, counter-clockwise seen from +z, starting and
 * ending at (xMin, yMin).
 */
export function Rectangle(options: RectangleOptions): GraphicsLine {
  const given: Partial<RectangleOptions> = options ?? {};
  const finite = (name: keyof RectangleOptions): number => {
    const x = given[name];
    if (typeof x !== 'number' || !Number.isFinite(x)) fail('Rectangle', name, `must be a finite number, got ${String(x)}`);
    return x;
  };
  const xMin = finite('xMin'), yMin = finite('yMin'), xMax = finite('xMax'), yMax = finite('yMax');
  if (!(xMax > xMin)) fail('Rectangle', 'xMax', `must be greater than xMin = ${xMin}, got ${xMax}`);
  if (!(yMax > yMin)) fail('Rectangle', 'yMax', `must be greater than yMin = ${yMin}, got ${yMax}`);
  return { type: 'Line', data: [xMin, yMin, 0, xMax, yMin, 0, xMax, yMax, 0, xMin, yMax, 0, xMin, yMin, 0], color: rgba('Rectangle', 'color', given.color) };
}

/** Options of {@link Lines}. */
export interface LinesOptions {
  /** RGBA colour (default black). */
  color?: ArrayLike<number>;
}

/** A polyline through the points of pList (at least two). */
export function Lines(pList: ArrayLike<Vector3Like>, options: LinesOptions = {}): GraphicsLine {
  if (pList.length < 2) fail('Lines', 'pList', `must have at least 2 points, got ${pList.length}`);
  const data: number[] = [];
  for (let i = 0; i < pList.length; i++) data.push(...vec3('Lines', `pList[${i}]`, pList[i], [0, 0, 0]));
  return { type: 'Line', data, color: rgba('Lines', 'color', options.color) };
}

/** Alias of {@link Lines} (the graphics data type is called 'Line'). */
export const Line = Lines;

/** One triangle list holding the triangles of g1 followed by those of g2. */
export function MergeTriangleLists(g1: GraphicsTriangleList, g2: GraphicsTriangleList): GraphicsTriangleList {
  const offset = g1.points.length / 3;
  return {
    type: 'TriangleList',
    points: [...g1.points, ...g2.points],
    normals: [...g1.normals, ...g2.normals],
    colors: [...g1.colors, ...g2.colors],
    triangles: [...g1.triangles, ...g2.triangles.map((i) => i + offset)],
  };
}

/**
 * Moves graphics data rigidly: every point p becomes pOff + Aoff·p, normals turn with Aoff
 * (Aoff a 3×3 rotation matrix, default identity).
 */
export function Move<G extends GraphicsData>(g: G, pOff: Vector3Like, Aoff?: ArrayLike<ArrayLike<number>>): G {
  const p = vec3('Move', 'pOff', pOff, [0, 0, 0]);
  const A = Aoff ?? [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const rot = (src: number[], add: boolean): number[] => {
    const out = new Array<number>(src.length);
    for (let i = 0; i < src.length; i += 3) {
      for (let r = 0; r < 3; r++) out[i + r] = (add ? p[r] : 0) + A[r][0] * src[i] + A[r][1] * src[i + 1] + A[r][2] * src[i + 2];
    }
    return out;
  };
  if (g.type === 'Line') return { ...g, data: rot(g.data, true) };
  return { ...g, points: rot(g.points, true), normals: rot(g.normals, false) };
}

/**
 * Checks a graphics data item (list lengths, index ranges, finite numbers) and returns a copy with missing
 * normals (area-weighted) and colours (graphics.color.defaultBody) filled in; used for user-given dictionaries,
 * e.g. in an item's visualization.graphicsData. `where` names the place in errors; `onError` replaces the throw.
 */
export function validateGraphicsData(g: unknown, where: string, onError?: (message: string) => never): GraphicsData {
  const bad = (msg: string): never => {
    if (onError) return onError(msg);
    throw new FlexdynError(`${where}: ${msg}`);
  };
  if (typeof g !== 'object' || g === null) return bad(`must be a graphics data object, got ${String(g)}`);
  const o = g as Record<string, unknown>;
  const numbers = (name: string, multiple: number): number[] => {
    const a = o[name];
    if (!Array.isArray(a) || !a.every((x) => typeof x === 'number' && Number.isFinite(x))) return bad(`${name} must be a list of finite numbers`);
    if (a.length % multiple !== 0) bad(`${name} must have a multiple of ${multiple} entries, got ${a.length}`);
    return a as number[];
  };
  if (o.type === 'Line') {
    const data = numbers('data', 3);
    if (data.length < 6) bad(`data must hold at least 2 points, got ${data.length / 3}`);
    const c = numbers('color', 4);
    if (c.length !== 4) bad(`color must be 4 RGBA numbers, got ${c.length}`);
    return { type: 'Line', data: [...data], color: [...c] };
  }
  if (o.type === 'TriangleList') {
    const points = numbers('points', 3);
    const nPoints = points.length / 3;
    const triangles = numbers('triangles', 3);
    for (let i = 0; i < triangles.length; i++) {
      const t = triangles[i];
      if (!Number.isInteger(t) || t < 0 || t >= nPoints) bad(`triangles[${i}] must be a point index in [0, ${nPoints - 1}], got ${t}`);
    }
    const normals = o.normals === undefined ? computeFlatNormals(points, triangles) : numbers('normals', 3);
    if (normals.length !== points.length) bad(`normals must have as many entries as points (${points.length}), got ${normals.length}`);
    const colors = o.colors === undefined ? Array.from({ length: nPoints }, () => [...color.defaultBody]).flat() : numbers('colors', 4);
    if (colors.length !== 4 * nPoints) bad(`colors must have 4 entries per point (${4 * nPoints}), got ${colors.length}`);
    return { type: 'TriangleList', points: [...points], normals: [...normals], colors: [...colors], triangles: [...triangles] };
  }
  return bad(`type must be 'TriangleList' or 'Line', got ${JSON.stringify(o.type)}`);
}

/** Per-point normals as the normalized sum of the adjacent triangles' area-weighted normals. */
export function computeFlatNormals(points: number[], triangles: number[]): number[] {
  const n = new Array<number>(points.length).fill(0);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    const u = [points[b] - points[a], points[b + 1] - points[a + 1], points[b + 2] - points[a + 2]];
    const w = [points[c] - points[a], points[c + 1] - points[a + 1], points[c + 2] - points[a + 2]];
    const f = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    for (const i of [a, b, c]) for (let k = 0; k < 3; k++) n[i + k] += f[k];
  }
  for (let i = 0; i < n.length; i += 3) {
    const l = Math.hypot(n[i], n[i + 1], n[i + 2]);
    if (l > 0) { n[i] /= l; n[i + 1] /= l; n[i + 2] /= l; }
  }
  return n;
}
