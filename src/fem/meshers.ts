/**
 * Structured meshes of a block and of a (hollow or full) cylinder with Hex8 elements, or
 * Tet4 elements made by splitting every hexahedron into 6 tetrahedra around one of its
 * space diagonals (Kuhn/Freudenthal split). The split diagonals are chosen so that
 * neighboring hexahedra split their common face along the same diagonal: the tetrahedral
 * meshes are conforming.
 * @module
 */
import { optionNames, ownOptions } from '../core/dictionary.ts';
import { FlexdynError } from '../core/errors.ts';
import type { ElementBlock } from './assembly.ts';

/** Nodes and elements of a mesh. */
export interface FemMesh {
  /** Node positions, x, y, z per node. */
  nodes: Float64Array;
  /** Element blocks (one per type). */
  elementBlocks: ElementBlock[];
}

/** Element type of a structured mesh. */
export type StructuredElementType = 'Hex8' | 'Tet4';

/** A 3-vector given as a fixed-length tuple. */
export type Vec3 = readonly [number, number, number];

function checkCount(value: number, name: string, where: string, min = 1): void {
  if (!Number.isInteger(value) || value < min) throw new FlexdynError(`${where}: ${name} must be an integer ≥ ${min}, got ${value}`);
}

/**
 * Kuhn split: the 6 tetrahedra of a hexahedron (C3D8 node order) that share the space diagonal
 * from local corner (0,0,0) to (1,1,1). With `mirrorEta` the local η axis is reversed first:
 * the split diagonals of the ξ and ζ faces become their mirror images, those of the η faces stay.
 */
function kuhnTets(hex: ArrayLike<number>, mirrorEta: boolean): number[][] {
  // corner (bx, by, bz) of the unit cube → C3D8 local node
  const corner = (bx: number, by: number, bz: number): number => {
    const y = mirrorEta ? 1 - by : by;
    const base = bx === 0 ? (y === 0 ? 0 : 3) : (y === 0 ? 1 : 2);
    return hex[base + 4 * bz];
  };
  const axes: Vec3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const tets: number[][] = [];
  for (const p of perms) {
    const c: number[] = [0, 0, 0];
    const tet = [corner(0, 0, 0)];
    for (const k of p) {
      c[0] += axes[k][0]; c[1] += axes[k][1]; c[2] += axes[k][2];
      tet.push(corner(c[0], c[1], c[2]));
    }
    tets.push(tet);
  }
  return tets;
}

function signedVolume6(nodes: Float64Array, t: readonly number[]): number {
  const o = 3 * t[0];
  const a0 = nodes[3 * t[1]] - nodes[o], a1 = nodes[3 * t[1] + 1] - nodes[o + 1], a2 = nodes[3 * t[1] + 2] - nodes[o + 2];
  const b0 = nodes[3 * t[2]] - nodes[o], b1 = nodes[3 * t[2] + 1] - nodes[o + 1], b2 = nodes[3 * t[2] + 2] - nodes[o + 2];
  const c0 = nodes[3 * t[3]] - nodes[o], c1 = nodes[3 * t[3] + 1] - nodes[o + 1], c2 = nodes[3 * t[3] + 2] - nodes[o + 2];
  return a0 * (b1 * c2 - b2 * c1) + a1 * (b2 * c0 - b0 * c2) + a2 * (b0 * c1 - b1 * c0);
}

/** Turns hexahedra into a Hex8 block or a conforming Tet4 block (6 tets per hex, positively oriented). */
function finish(nodes: Float64Array, hexes: number[], mirror: boolean[], elementType: StructuredElementType, where: string): FemMesh {
  if (elementType === 'Hex8') return { nodes, elementBlocks: [{ type: 'Hex8', connectivity: Int32Array.from(hexes) }] };
  if (elementType !== 'Tet4') throw new FlexdynError(`${where}: elementType must be 'Hex8' or 'Tet4', got ${String(elementType)}`);
  const conn: number[] = [];
  for (let e = 0; e < hexes.length / 8; e++) {
    for (const t of kuhnTets(hexes.slice(8 * e, 8 * e + 8), mirror[e])) {
      if (signedVolume6(nodes, t) < 0) [t[1], t[2]] = [t[2], t[1]];
      conn.push(...t);
    }
  }
  return { nodes, elementBlocks: [{ type: 'Tet4', connectivity: Int32Array.from(conn) }] };
}

/** Parameters of {@link createBlockMesh}. */
export interface BlockMeshOptions {
  /** Edge lengths [Lx, Ly, Lz]. */
  size: Vec3;
  /** Numbers of hexahedra [nx, ny, nz] along x, y, z. */
  divisions: Vec3;
  /** Corner with the smallest coordinates (default [0, 0, 0]). */
  origin?: Vec3;
  /** 'Hex8' (default) or 'Tet4' (6 tets per hexahedron). */
  elementType?: StructuredElementType;
}

/** The option names of {@link BlockMeshOptions}, for the unknown-option check of createBlockMesh. */
const blockMeshOptionNames = optionNames<BlockMeshOptions>({
  size: true, divisions: true, origin: true, elementType: true,
});

/**
 * Structured mesh of the block origin + [0, Lx]×[0, Ly]×[0, Lz]. Node (i, j, k) at
 * origin + (i Lx/nx, j Ly/ny, k Lz/nz) has number i + (nx+1)(j + (ny+1)k).
 */
export function createBlockMesh(options: BlockMeshOptions): FemMesh {
  options = ownOptions('createBlockMesh', options, blockMeshOptionNames);
  const where = 'createBlockMesh';
  const [nx, ny, nz] = options.divisions;
  checkCount(nx, 'divisions[0]', where); checkCount(ny, 'divisions[1]', where); checkCount(nz, 'divisions[2]', where);
  const [lx, ly, lz] = options.size;
  if (!(lx > 0 && ly > 0 && lz > 0)) throw new FlexdynError(`${where}: size must be positive, got [${options.size.join(', ')}]`);
  const o = options.origin ?? [0, 0, 0];
  const id = (i: number, j: number, k: number) => i + (nx + 1) * (j + (ny + 1) * k);
  const nodes = new Float64Array(3 * (nx + 1) * (ny + 1) * (nz + 1));
  for (let k = 0; k <= nz; k++) {
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const n = id(i, j, k);
        nodes[3 * n] = o[0] + (lx * i) / nx;
        nodes[3 * n + 1] = o[1] + (ly * j) / ny;
        nodes[3 * n + 2] = o[2] + (lz * k) / nz;
      }
    }
  }
  const hexes: number[] = [];
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        hexes.push(id(i, j, k), id(i + 1, j, k), id(i + 1, j + 1, k), id(i, j + 1, k),
          id(i, j, k + 1), id(i + 1, j, k + 1), id(i + 1, j + 1, k + 1), id(i, j + 1, k + 1));
      }
    }
  }
  return finish(nodes, hexes, new Array<boolean>(hexes.length / 8).fill(false), options.elementType ?? 'Hex8', where);
}

/** Parameters of {@link createCylinderMesh}. */
export interface CylinderMeshOptions {
  /** Outer radius. */
  outerRadius: number;
  /** Inner radius: > 0 for a tube; 0 for a full cylinder (square core, segments divisible by 4). */
  innerRadius?: number;
  /** Length along the axis. */
  length: number;
  /** Radial element layers: from inner to outer radius (tube) or from the square core to the outer radius (full cylinder). */
  rings: number;
  /** Elements around the circumference (≥ 3; a multiple of 4 for a full cylinder, whose core then has (segments/4)² elements per layer). */
  segments: number;
  /** Element layers along the axis. */
  layers: number;
  /** Cylinder axis, starting at `origin` (default 'z'). */
  axis?: 'x' | 'y' | 'z';
  /** Center of the first end face (default [0, 0, 0]). */
  origin?: Vec3;
  /** 'Hex8' (default) or 'Tet4'. */
  elementType?: StructuredElementType;
}

/** The option names of {@link CylinderMeshOptions}, for the unknown-option check of createCylinderMesh. */
const cylinderMeshOptionNames = optionNames<CylinderMeshOptions>({
  outerRadius: true, innerRadius: true, length: true, rings: true, segments: true, layers: true, axis: true, origin: true, elementType: true,
});

/**
 * Structured mesh of a cylinder. With innerRadius > 0 it is a tube of rings × segments ×
 * layers hexahedra; node (ring r, segment s, layer l) at radius ri + r(ro−ri)/rings, angle
 * 2πs/segments, has number s + segments(r + (rings+1)l). With innerRadius = 0 the center is
 * a square core of m×m hexahedra (m = segments/4, half-width ro/(2√2)), joined to the outer
 * circle by `rings` layers of hexahedra blended linearly from the square to the circle; per
 * layer the (m+1)² core nodes come first, then rings·segments ring nodes.
 */
export function createCylinderMesh(options: CylinderMeshOptions): FemMesh {
  options = ownOptions('createCylinderMesh', options, cylinderMeshOptionNames);
  const where = 'createCylinderMesh';
  const ro = options.outerRadius;
  const ri = options.innerRadius ?? 0;
  const L = options.length;
  const { rings, segments, layers } = options;
  checkCount(rings, 'rings', where); checkCount(segments, 'segments', where, 3); checkCount(layers, 'layers', where);
  if (!(ro > 0 && L > 0)) throw new FlexdynError(`${where}: outerRadius and length must be > 0, got ${ro} and ${L}`);
  if (!(ri >= 0 && ri < ro)) throw new FlexdynError(`${where}: innerRadius must lie in [0, outerRadius), got ${ri}`);
  if (ri === 0 && segments % 4 !== 0) throw new FlexdynError(`${where}: segments must be a multiple of 4 for a full cylinder (innerRadius = 0), got ${segments}`);
  const axis = options.axis ?? 'z';
  if (axis !== 'x' && axis !== 'y' && axis !== 'z') throw new FlexdynError(`${where}: axis must be 'x', 'y' or 'z', got ${String(axis)}`);
  const o = options.origin ?? [0, 0, 0];

  // section points (a, b) in the plane normal to the axis, and hexes in (section index, layer)
  const section: number[] = [];
  const quads: number[] = [];
  const quadMirror: boolean[] = [];
  if (ri > 0) {
    for (let r = 0; r <= rings; r++) {
      const rad = ri + ((ro - ri) * r) / rings;
      for (let s = 0; s < segments; s++) {
        const phi = (2 * Math.PI * s) / segments;
        section.push(rad * Math.cos(phi), rad * Math.sin(phi));
      }
    }
    for (let r = 0; r < rings; r++) {
      for (let s = 0; s < segments; s++) {
        const s1 = (s + 1) % segments;
        quads.push(r * segments + s, (r + 1) * segments + s, (r + 1) * segments + s1, r * segments + s1);
        quadMirror.push(false);
      }
    }
  } else {
    const m = segments / 4;
    const h = ro / (2 * Math.SQRT2);
    const core = (i: number, j: number) => i + (m + 1) * j;
    for (let j = 0; j <= m; j++) for (let i = 0; i <= m; i++) section.push(-h + (2 * h * i) / m, -h + (2 * h * j) / m);
    for (let j = 0; j < m; j++) {
      for (let i = 0; i < m; i++) {
        quads.push(core(i, j), core(i + 1, j), core(i + 1, j + 1), core(i, j + 1));
        quadMirror.push(false);
      }
    }
    // square boundary, counter-clockwise from corner (h, −h): side 0 x = h, 1 y = h, 2 x = −h, 3 y = −h
    const boundary: number[] = [];
    for (let s = 0; s < segments; s++) {
      const side = Math.floor(s / m), t = s % m;
      boundary.push(side === 0 ? core(m, t) : side === 1 ? core(m - t, m) : side === 2 ? core(0, m - t) : core(t, 0));
    }
    const ringStart = section.length / 2;
    for (let r = 1; r <= rings; r++) {
      const w = r / rings;
      for (let s = 0; s < segments; s++) {
        const phi = -Math.PI / 4 + (2 * Math.PI * s) / segments;
        const b = boundary[s];
        section.push((1 - w) * section[2 * b] + w * ro * Math.cos(phi), (1 - w) * section[2 * b + 1] + w * ro * Math.sin(phi));
      }
    }
    const ringNode = (r: number, s: number) => (r === 0 ? boundary[s % segments] : ringStart + (r - 1) * segments + (s % segments));
    for (let r = 0; r < rings; r++) {
      for (let s = 0; s < segments; s++) {
        quads.push(ringNode(r, s), ringNode(r + 1, s), ringNode(r + 1, s + 1), ringNode(r, s + 1));
        // sides 1 and 2 run against the core's x and y directions: mirror η so that the split
        // diagonals of faces shared with the core (and with each other) coincide
        const side = Math.floor(s / m);
        quadMirror.push(side === 1 || side === 2);
      }
    }
  }
  const nSection = section.length / 2;
  const nodes = new Float64Array(3 * nSection * (layers + 1));
  const [ia, ib, ic] = axis === 'z' ? [0, 1, 2] : axis === 'x' ? [1, 2, 0] : [2, 0, 1];
  for (let l = 0; l <= layers; l++) {
    const c = (L * l) / layers;
    for (let p = 0; p < nSection; p++) {
      const n = 3 * (p + nSection * l);
      nodes[n + ia] = o[ia] + section[2 * p];
      nodes[n + ib] = o[ib] + section[2 * p + 1];
      nodes[n + ic] = o[ic] + c;
    }
  }
  const hexes: number[] = [];
  const mirror: boolean[] = [];
  for (let l = 0; l < layers; l++) {
    for (let q = 0; q < quads.length / 4; q++) {
      const b = l * nSection, t = (l + 1) * nSection;
      hexes.push(quads[4 * q] + b, quads[4 * q + 1] + b, quads[4 * q + 2] + b, quads[4 * q + 3] + b,
        quads[4 * q] + t, quads[4 * q + 1] + t, quads[4 * q + 2] + t, quads[4 * q + 3] + t);
      mirror.push(quadMirror[q]);
    }
  }
  return finish(nodes, hexes, mirror, options.elementType ?? 'Hex8', where);
}
