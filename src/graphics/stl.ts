/**
 * STL files (ASCII and binary) to and from graphics data. STL facets are counter-clockwise seen from
 * outside with outward normals, the same convention as Flexdyn's graphics data, so nothing is inverted.
 * @module
 */
import { fileErrorReason, requireFileSystem, writeFile } from '../core/fileSystem.ts';
import { FlexdynError } from '../core/errors.ts';
import { Move, color as namedColors } from './graphicsData.ts';
import type { GraphicsTriangleList, Vector3Like } from './graphicsData.ts';

/** Options of {@link FromSTL}. */
export interface FromSTLOptions {
  /** RGBA colour of all triangles (default black, as Exudyn). */
  color?: ArrayLike<number>;
  /** Scale factor applied to the coordinates before pOff/Aoff (default 1). */
  scale?: number;
  /** Translation applied after rotation (default none). */
  pOff?: Vector3Like;
  /** Rotation matrix applied to the scaled points (default none). */
  Aoff?: ArrayLike<ArrayLike<number>>;
}

function triangleNormal(p: number[], a: number, b: number, c: number): [number, number, number] {
  const u = [p[3 * b] - p[3 * a], p[3 * b + 1] - p[3 * a + 1], p[3 * b + 2] - p[3 * a + 2]];
  const w = [p[3 * c] - p[3 * a], p[3 * c + 1] - p[3 * a + 1], p[3 * c + 2] - p[3 * a + 2]];
  const n: [number, number, number] = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  const l = Math.hypot(...n);
  return l > 0 ? [n[0] / l, n[1] / l, n[2] / l] : [0, 0, 0];
}

/** True if the bytes are a binary STL (84-byte header + 50 bytes per facet, count in bytes 80…83). */
function isBinarySTL(bytes: Uint8Array): boolean {
  if (bytes.length < 84) return false;
  const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
  return bytes.length === 84 + 50 * n;
}

function readBytes(fileName: string): Uint8Array {
  const fileSystem = requireFileSystem('graphics.FromSTL', fileName);
  try {
    return fileSystem.readBinaryFile(fileName);
  } catch (error) {
    throw new FlexdynError(`graphics.FromSTL: cannot read ${fileName}: ${fileErrorReason(error)}`, { cause: error });
  }
}

/**
 * Reads an STL file (file name, or the file's bytes) as a triangle list with flat normals (three points
 * per facet). Facet normals are taken from the vertex order; the file's stored normals are ignored,
 * since many writers leave them zero.
 */
export function FromSTL(file: string | Uint8Array, options: FromSTLOptions = {}): GraphicsTriangleList {
  const name = typeof file === 'string' ? file : 'STL data';
  const bytes = typeof file === 'string' ? readBytes(file) : file;
  const points: number[] = [];
  if (isBinarySTL(bytes)) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = view.getUint32(80, true);
    for (let f = 0; f < n; f++) {
      const o = 84 + 50 * f + 12;
      for (let k = 0; k < 9; k++) points.push(view.getFloat32(o + 4 * k, true));
    }
  } else {
    const text = new TextDecoder().decode(bytes);
    if (!/^\s*solid/.test(text)) {
      throw new FlexdynError(`graphics.FromSTL: ${name} must be an ASCII STL starting with 'solid' or a binary STL of 84 + 50·n bytes, got ${bytes.length} bytes starting with ${JSON.stringify(text.slice(0, 20))}`);
    }
    const re = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      for (let k = 1; k <= 3; k++) {
        const x = Number(m[k]);
        if (!Number.isFinite(x)) throw new FlexdynError(`graphics.FromSTL: ${name}: vertex ${points.length / 3} must have 3 numbers, got '${m[0]}'`);
        points.push(x);
      }
    }
    const facets = (text.match(/\bendfacet\b/g) ?? []).length;
    if (points.length !== 9 * facets) throw new FlexdynError(`graphics.FromSTL: ${name}: every facet must have 3 vertices, got ${points.length / 3} vertices for ${facets} facets`);
  }
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new FlexdynError(`graphics.FromSTL: scale must be a positive number, got ${scale}`);
  for (let i = 0; i < points.length; i++) points[i] *= scale;
  const nPoints = points.length / 3;
  const c = options.color ?? namedColors.black;
  const g: GraphicsTriangleList = { type: 'TriangleList', points, normals: new Array<number>(points.length), colors: new Array<number>(4 * nPoints), triangles: new Array<number>(nPoints) };
  for (let i = 0; i < nPoints; i++) {
    g.triangles[i] = i;
    for (let k = 0; k < 4; k++) g.colors[4 * i + k] = c[k];
  }
  for (let t = 0; t < nPoints; t += 3) {
    const n = triangleNormal(points, t, t + 1, t + 2);
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) g.normals[3 * (t + j) + k] = n[k];
  }
  return options.pOff !== undefined || options.Aoff !== undefined ? Move(g, options.pOff ?? [0, 0, 0], options.Aoff) : g;
}

/** Options of {@link toSTL} and {@link ExportSTL}. */
export interface STLWriteOptions {
  /** Binary (default) or ASCII STL. */
  binary?: boolean;
  /** Solid name in the ASCII header (default 'FlexdynSolid'). */
  solidName?: string;
}

/** The STL file content of a triangle list (facet normals from the vertex order). */
export function toSTL(g: GraphicsTriangleList, options: STLWriteOptions = {}): Uint8Array {
  const nt = g.triangles.length / 3;
  if (options.binary ?? true) {
    const bytes = new Uint8Array(84 + 50 * nt);
    const view = new DataView(bytes.buffer);
    bytes.set(new TextEncoder().encode('Flexdyn binary STL'.padEnd(80, ' ')), 0);
    view.setUint32(80, nt, true);
    for (let t = 0; t < nt; t++) {
      const o = 84 + 50 * t;
      const n = triangleNormal(g.points, g.triangles[3 * t], g.triangles[3 * t + 1], g.triangles[3 * t + 2]);
      for (let k = 0; k < 3; k++) view.setFloat32(o + 4 * k, n[k], true);
      for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) view.setFloat32(o + 12 + 12 * j + 4 * k, g.points[3 * g.triangles[3 * t + j] + k], true);
    }
    return bytes;
  }
  const name = options.solidName ?? 'FlexdynSolid';
  const lines = [`solid ${name}`];
  for (let t = 0; t < nt; t++) {
    const n = triangleNormal(g.points, g.triangles[3 * t], g.triangles[3 * t + 1], g.triangles[3 * t + 2]);
    lines.push(`facet normal ${n.join(' ')}`, ' outer loop');
    for (let j = 0; j < 3; j++) {
      const i = 3 * g.triangles[3 * t + j];
      lines.push(`  vertex ${g.points[i]} ${g.points[i + 1]} ${g.points[i + 2]}`);
    }
    lines.push(' endloop', 'endfacet');
  }
  lines.push(`endsolid ${name}`, '');
  return new TextEncoder().encode(lines.join('\n'));
}

/** Writes a triangle list as an STL file (binary unless options.binary is false). */
export function ExportSTL(g: GraphicsTriangleList, fileName: string, options: STLWriteOptions = {}): void {
  writeFile(fileName, toSTL(g, options), 'graphics.ExportSTL');
}
