import { encodeBase64 } from '../core/base64.ts';
import { joinFileName, requireFileSystem, writeFile } from '../core/fileSystem.ts';
import type { MainSystem } from '../MainSystem.ts';
import { Basis, Sphere, color as namedColors, type GraphicsData } from '../graphics/graphicsData.ts';
import type { BodyModel, ItemState, SuperElementModel } from '../registry/capabilities.ts';
import { ConfigurationType, OutputVariableType } from '../registry/enums.ts';
import { FlexdynError, formatItemLabel } from '../core/errors.ts';
import { visualizationOf } from '../registry/visualization.ts';
import type { Solution } from './solutionFile.ts';
import { connectorDrawings, defaultSpringWindings, springCoil, springCoilPointCount, type ConnectorDrawing } from '../viewer/connectorDrawing.ts';
import { evaluateUserGraphics, userGraphicsItems } from '../viewer/userGraphics.ts';

/** Options of {@link exportVTK}. */
export interface ExportVTKOptions {
  /** Base name of the files: <baseName>.pvd, <baseName>_rods_<frame>.vtp, _bodies_, _meshes_, _connectors_ (default 'solution'). */
  baseName?: string;
  /** 'ascii' (default) or 'base64' (VTK's inline binary: base64 of a UInt32 byte count and the little-endian values). */
  encoding?: 'ascii' | 'base64';
  /** Rows of the solution to export (default all); e.g. every 10th: rows.filter((i) => i % 10 === 0). */
  rows?: readonly number[];
  /** Cross-sections along each rod (default max(17, 4·(nodes − 1) + 1)). */
  rodSamples?: number;
  /** Points around each rod cross-section (default 16). */
  rodCircumferentialPoints?: number;
  /** Windings of spring coils in the connectors piece (default 8, Exudyn's springNumberOfWindings). */
  springNumberOfWindings?: number;
}

/** What exportVTK wrote. */
export interface ExportVTKResult {
  /** The .pvd collection file. */
  pvdFile: string;
  /** Data files per exported row (rod, body and mesh files; empty parts are not written). */
  files: string[][];
  /** Exported solution rows. */
  rows: number[];
}

/** Point and cell arrays of one PolyData piece. */
interface PolyPiece {
  points: number[];
  verts: number[];
  vertOffsets: number[];
  polys: number[];
  polyOffsets: number[];
  lines: number[];
  lineOffsets: number[];
  pointData: { name: string; components: number; values: number[]; type: 'Float64' | 'Float32' | 'Int32' }[];
  cellData: { name: string; components: number; values: number[]; type: 'Float64' | 'Int32' }[];
}

function emptyPiece(): PolyPiece {
  return { points: [], verts: [], vertOffsets: [], polys: [], polyOffsets: [], lines: [], lineOffsets: [], pointData: [], cellData: [] };
}

function dataArray(type: string, name: string | undefined, components: number, values: ArrayLike<number>, encoding: 'ascii' | 'base64', indent: string): string {
  const nameAttribute = name === undefined ? '' : ` Name="${name}"`;
  const head = `${indent}<DataArray type="${type}"${nameAttribute} NumberOfComponents="${components}" format="${encoding === 'ascii' ? 'ascii' : 'binary'}"`;
  if (values.length === 0) return `${head}/>`;
  let text: string;
  if (encoding === 'ascii') {
    const parts: string[] = [];
    for (let i = 0; i < values.length; i++) parts.push(String(values[i]));
    text = parts.join(' ');
  } else {
    const typed = type === 'Float64' ? Float64Array.from(values) : type === 'Float32' ? Float32Array.from(values) : Int32Array.from(values);
    const bytes = new Uint8Array(4 + typed.byteLength);
    new DataView(bytes.buffer).setUint32(0, typed.byteLength, true);
    bytes.set(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength), 4);
    text = encodeBase64(bytes);
  }
  // VTK's RangeMin/RangeMax: the value range of scalars, the magnitude range of vectors
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i += components) {
    let v = values[i];
    if (components > 1) {
      let sum = 0;
      for (let c = 0; c < components; c++) sum += values[i + c] * values[i + c];
      v = Math.sqrt(sum);
    }
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return `${head} RangeMin="${min}" RangeMax="${max}">${text}</DataArray>`;
}

/** A VTK XML PolyData document (.vtp) of one piece. */
function polyDataXml(piece: PolyPiece, encoding: 'ascii' | 'base64' = 'ascii'): string {
  const nPoints = piece.points.length / 3;
  const cellArrays = (tag: string, connectivity: ArrayLike<number>, offsets: ArrayLike<number>): string[] => [
    `      <${tag}>`,
    dataArray('Int32', 'connectivity', 1, connectivity, encoding, '        '),
    dataArray('Int32', 'offsets', 1, offsets, encoding, '        '),
    `      </${tag}>`,
  ];
  const out: string[] = [
    '<?xml version="1.0"?>',
    '<VTKFile type="PolyData" version="0.1" byte_order="LittleEndian" header_type="UInt32">',
    '  <PolyData>',
    `    <Piece NumberOfPoints="${nPoints}" NumberOfVerts="${piece.vertOffsets.length}" NumberOfLines="${piece.lineOffsets.length}" NumberOfStrips="0" NumberOfPolys="${piece.polyOffsets.length}">`,
    '      <PointData>',
    ...piece.pointData.map((a) => dataArray(a.type, a.name, a.components, a.values, encoding, '        ')),
    '      </PointData>',
    '      <CellData>',
    ...piece.cellData.map((a) => dataArray(a.type, a.name, a.components, a.values, encoding, '        ')),
    '      </CellData>',
    '      <Points>',
    dataArray('Float64', 'Points', 3, piece.points, encoding, '        '),
    '      </Points>',
    ...cellArrays('Verts', piece.verts, piece.vertOffsets),
    ...cellArrays('Lines', piece.lines, piece.lineOffsets),
    ...cellArrays('Polys', piece.polys, piece.polyOffsets),
    '    </Piece>',
    '  </PolyData>',
    '</VTKFile>',
  ];
  return out.join('\n') + '\n';
}

/** A ParaView collection (.pvd): one DataSet per (time, part, file). */
function pvdXml(entries: readonly { time: number; part: number; file: string; name: string }[]): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return [
    '<?xml version="1.0"?>',
    '<VTKFile type="Collection" version="0.1" byte_order="LittleEndian">',
    '  <Collection>',
    ...entries.map((e) => `    <DataSet timestep="${e.time}" group="" part="${e.part}" name="${escape(e.name)}" file="${escape(e.file)}"/>`),
    '  </Collection>',
    '</VTKFile>',
  ].join('\n') + '\n';
}

/** Section outputs written as rod point data (where the rod answers them). */
const rodPointOutputs = [OutputVariableType.StrainLocal, OutputVariableType.CurvatureLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal] as const;

interface RodTrack {
  index: number;
  body: BodyModel;
  length: number;
  radius: number;
  samples: number;
  hasFrames: boolean;
  outputs: OutputVariableType[];
}

interface BodyTrack {
  index: number;
  body: BodyModel;
  graphics: GraphicsData[];
  color?: number[];
}

/** Tube radius: visualization radius, else drawSize/2, else √(2(EI₂ + EI₃)/EA) (exact for a circular section), else 1 % of the model size. */
function rodRadius(dictionary: Record<string, unknown>, modelSize: number): number {
  const vis = visualizationOf(dictionary);
  if (vis.radius > 0) return vis.radius;
  if (vis.drawSize > 0) return vis.drawSize / 2;
  const ea = (dictionary.physicsAxialShearStiffness as number[] | undefined)?.[0];
  const ei = dictionary.physicsBendingTorsionStiffness as number[] | undefined;
  if (ea !== undefined && ea > 0 && ei !== undefined && ei[1] > 0 && ei[2] > 0) return Math.sqrt((2 * (ei[1] + ei[2])) / ea);
  return 0.01 * modelSize;
}

/** Rotation-minimizing frames along a polyline (columns: tangent, normal, binormal; row-major 9 per point). */
function transportFrames(points: Float64Array, n: number, frames: Float64Array): void {
  let normal = [0, 0, 1];
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - 1), b = Math.min(n - 1, i + 1);
    const t = [0, 1, 2].map((k) => points[3 * b + k] - points[3 * a + k]);
    const lt = Math.hypot(t[0], t[1], t[2]) || 1;
    for (let k = 0; k < 3; k++) t[k] /= lt;
    if (i === 0 && Math.abs(t[2]) > 0.9) normal = [0, 1, 0];
    const d = normal[0] * t[0] + normal[1] * t[1] + normal[2] * t[2];
    normal = normal.map((x, k) => x - d * t[k]);
    const ln = Math.hypot(normal[0], normal[1], normal[2]) || 1;
    normal = normal.map((x) => x / ln);
    const binormal = [t[1] * normal[2] - t[2] * normal[1], t[2] * normal[0] - t[0] * normal[2], t[0] * normal[1] - t[1] * normal[0]];
    for (let k = 0; k < 3; k++) {
      frames[9 * i + 3 * k] = t[k];
      frames[9 * i + 3 * k + 1] = normal[k];
      frames[9 * i + 3 * k + 2] = binormal[k];
    }
  }
}

/**
 * Makes columns 2 and 3 of a row-major 3×3 matrix (the cross-section axes) orthonormal by
 * Gram–Schmidt: interpolated rod rotations (R12) are orthogonal only at the nodes, and the
 * tube rings must be circles of the given radius.
 */
function orthonormalizeSectionAxes(a: Float64Array, o: number): void {
  const n2 = Math.hypot(a[o + 1], a[o + 4], a[o + 7]) || 1;
  for (let d = 0; d < 3; d++) a[o + 3 * d + 1] /= n2;
  const dot = a[o + 1] * a[o + 2] + a[o + 4] * a[o + 5] + a[o + 7] * a[o + 8];
  for (let d = 0; d < 3; d++) a[o + 3 * d + 2] -= dot * a[o + 3 * d + 1];
  const n3 = Math.hypot(a[o + 2], a[o + 5], a[o + 8]) || 1;
  for (let d = 0; d < 3; d++) a[o + 3 * d + 2] /= n3;
}

/**
 * Rod tubes of one configuration: per rod `samples` cross-sections at s_i = L·i/(samples − 1),
 * each a ring of m points r(s) + radius·(cos φ e₂(s) + sin φ e₃(s)) with the cross-section
 * axes e₂, e₃ (columns 2 and 3 of the rod's RotationMatrix output, made orthonormal;
 * rotation-minimizing frames for bodies without one), quads between rings and closing fans at both ends.
 * Point data: the rod's StrainLocal, CurvatureLocal, ForceLocal, TorqueLocal at s, ArcLength,
 * and cell data ObjectIndex.
 */
function rodPiece(rods: readonly RodTrack[], state: ItemState, m: number): PolyPiece {
  const piece = emptyPiece();
  const arrays = new Map<OutputVariableType, number[]>();
  for (const variable of rodPointOutputs) if (rods.some((r) => r.outputs.includes(variable))) arrays.set(variable, []);
  const arc: number[] = [];
  const objectIndex: number[] = [];
  const p = new Float64Array(3);
  for (const rod of rods) {
    const n = rod.samples;
    const centers = new Float64Array(3 * n);
    const frames = new Float64Array(9 * n);
    const values = rod.outputs.map(() => new Float64Array(3 * n));
    for (let i = 0; i < n; i++) {
      const local = [(rod.length * i) / (n - 1), 0, 0];
      rod.body.position(state, local, p);
      centers.set(p, 3 * i);
      if (rod.hasFrames) frames.set(rod.body.outputBody(OutputVariableType.RotationMatrix, state, local)!, 9 * i);
      rod.outputs.forEach((variable, k) => values[k].set(rod.body.outputBody(variable, state, local)!, 3 * i));
    }
    if (!rod.hasFrames) transportFrames(centers, n, frames);
    else for (let i = 0; i < n; i++) orthonormalizeSectionAxes(frames, 9 * i);
    const first = piece.points.length / 3;
    const pushPointData = (i: number) => {
      for (const [variable, list] of arrays) {
        const k = rod.outputs.indexOf(variable);
        for (let d = 0; d < 3; d++) list.push(k < 0 ? NaN : values[k][3 * i + d]);
      }
      arc.push((rod.length * i) / (n - 1));
    };
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < m; j++) {
        const phi = (2 * Math.PI * j) / m;
        const c = rod.radius * Math.cos(phi);
        const s = rod.radius * Math.sin(phi);
        for (let d = 0; d < 3; d++) piece.points.push(centers[3 * i + d] + c * frames[9 * i + 3 * d + 1] + s * frames[9 * i + 3 * d + 2]);
        pushPointData(i);
      }
    }
    const startCenter = piece.points.length / 3;
    for (const i of [0, n - 1]) {
      for (let d = 0; d < 3; d++) piece.points.push(centers[3 * i + d]);
      pushPointData(i);
    }
    const ring = (i: number, j: number) => first + i * m + (j % m);
    const poly = (...ids: number[]) => {
      piece.polys.push(...ids);
      piece.polyOffsets.push(piece.polys.length);
      objectIndex.push(rod.index);
    };
    for (let i = 0; i + 1 < n; i++) for (let j = 0; j < m; j++) poly(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1), ring(i, j + 1));
    for (let j = 0; j < m; j++) poly(startCenter, ring(0, j + 1), ring(0, j));
    for (let j = 0; j < m; j++) poly(startCenter + 1, ring(n - 1, j), ring(n - 1, j + 1));
  }
  for (const [variable, list] of arrays) piece.pointData.push({ name: variable, components: 3, values: list, type: 'Float64' });
  piece.pointData.push({ name: 'ArcLength', components: 1, values: arc, type: 'Float64' });
  piece.cellData.push({ name: 'ObjectIndex', components: 1, values: objectIndex, type: 'Int32' });
  return piece;
}

interface MeshTrack {
  index: number;
  superElement: SuperElementModel;
  triangles: number[];
  outputs: OutputVariableType[];
}

/** Mesh-node outputs written as point data of super elements (FFRF), where the object answers them. */
const meshPointOutputs = [
  OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal,
  OutputVariableType.StressLocal, OutputVariableType.StrainLocal,
] as const;

/**
 * Super-element meshes (FFRF bodies) of one configuration: all mesh nodes at their current
 * Position, the surface triangles of visualization.triangleMesh as polygons (vertex cells of all
 * nodes without it); point data: the object's mesh-node outputs (Displacement, Velocity,
 * DisplacementLocal, VelocityLocal; StressLocal, StrainLocal with 6 components when the object
 * has stress modes); cell data ObjectIndex.
 */
function meshPiece(meshes: readonly MeshTrack[], state: ItemState): PolyPiece {
  const piece = emptyPiece();
  const data = new Map<OutputVariableType, { components: number; values: number[] }>();
  const objectIndex: number[] = [];
  const out = new Float64Array(6);
  for (const mesh of meshes) {
    const first = piece.points.length / 3;
    const n = mesh.superElement.meshNodeCount;
    for (let i = 0; i < n; i++) {
      mesh.superElement.meshNodeOutput(OutputVariableType.Position, state, i, out);
      piece.points.push(out[0], out[1], out[2]);
    }
    for (const variable of meshPointOutputs) {
      if (!meshes.some((m) => m.outputs.includes(variable))) continue;
      const components = variable === OutputVariableType.StressLocal || variable === OutputVariableType.StrainLocal ? 6 : 3;
      let entry = data.get(variable);
      if (entry === undefined) {
        entry = { components, values: new Array<number>(first * components).fill(NaN) };
        data.set(variable, entry);
      }
      for (let i = 0; i < n; i++) {
        const count = mesh.outputs.includes(variable) ? mesh.superElement.meshNodeOutput(variable, state, i, out) : 0;
        for (let c = 0; c < components; c++) entry.values.push(c < count ? out[c] : NaN);
      }
    }
    if (mesh.triangles.length > 0) {
      for (let t = 0; t < mesh.triangles.length; t += 3) {
        piece.polys.push(first + mesh.triangles[t], first + mesh.triangles[t + 1], first + mesh.triangles[t + 2]);
        piece.polyOffsets.push(piece.polys.length);
        objectIndex.push(mesh.index);
      }
    } else {
      for (let i = 0; i < n; i++) {
        piece.verts.push(first + i);
        piece.vertOffsets.push(piece.verts.length);
        objectIndex.push(mesh.index);
      }
    }
  }
  for (const [variable, entry] of data) piece.pointData.push({ name: variable, components: entry.components, values: entry.values, type: 'Float64' });
  piece.cellData.push({ name: 'ObjectIndex', components: 1, values: objectIndex, type: 'Int32' });
  return piece;
}

/**
 * Bodies of one configuration from their graphics data, placed at the body pose
 * (x = r + A·x_local; ground graphics in global coordinates), and the results of graphics user functions
 * (global coordinates): triangles as polygons, graphics lines as line cells. Point data Color (RGBA in [0, 1]); cell data ObjectIndex (lines first,
 * then polygons, as VTK orders cells).
 */
function bodyPiece(bodies: readonly BodyTrack[], state: ItemState, globalGraphics: readonly { index: number; graphics: GraphicsData[] }[] = []): PolyPiece {
  const piece = emptyPiece();
  const colors: number[] = [];
  const lineObjects: number[] = [];
  const polyObjects: number[] = [];
  const r = new Float64Array(3);
  const A = new Float64Array(9);
  const placed = [...bodies, ...globalGraphics.map((g) => ({ index: g.index, graphics: g.graphics, color: undefined, body: undefined }))];
  for (const b of placed) {
    A.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    r.fill(0);
    b.body?.position(state, [0, 0, 0], r);
    b.body?.orientation?.(state, [0, 0, 0], A);
    const place = (x: number, y: number, z: number) => {
      for (let d = 0; d < 3; d++) piece.points.push(r[d] + A[3 * d] * x + A[3 * d + 1] * y + A[3 * d + 2] * z);
    };
    for (const g of b.graphics) {
      const first = piece.points.length / 3;
      if (g.type === 'TriangleList') {
        for (let i = 0; i < g.points.length / 3; i++) {
          place(g.points[3 * i], g.points[3 * i + 1], g.points[3 * i + 2]);
          for (let k = 0; k < 4; k++) colors.push(b.color?.[k] ?? g.colors[4 * i + k]);
        }
        for (let t = 0; t < g.triangles.length; t += 3) {
          piece.polys.push(first + g.triangles[t], first + g.triangles[t + 1], first + g.triangles[t + 2]);
          piece.polyOffsets.push(piece.polys.length);
          polyObjects.push(b.index);
        }
      } else {
        const n = g.data.length / 3;
        for (let i = 0; i < n; i++) {
          place(g.data[3 * i], g.data[3 * i + 1], g.data[3 * i + 2]);
          for (let k = 0; k < 4; k++) colors.push(b.color?.[k] ?? g.color[k]);
        }
        for (let i = 0; i < n; i++) piece.lines.push(first + i);
        piece.lineOffsets.push(piece.lines.length);
        lineObjects.push(b.index);
      }
    }
  }
  piece.pointData.push({ name: 'Color', components: 4, values: colors, type: 'Float32' });
  piece.cellData.push({ name: 'ObjectIndex', components: 1, values: [...lineObjects, ...polyObjects], type: 'Int32' });
  return piece;
}

/**
 * Connectors and joints of one configuration: spring-dampers as coil polylines (springCoilPointCount points from
 * marker 0 to marker 1), other connectors as a line between their markers, joint parts as a line along each
 * cylinder's axis (its two end points in the joint frame of its marker) and a vertex at the centre of each
 * sphere (the marker position). Point data Color (RGBA); cell data ObjectIndex (vertices first, then lines).
 */
function connectorPiece(drawings: readonly ConnectorDrawing[], state: ItemState): PolyPiece {
  const piece = emptyPiece();
  const colors: number[] = [];
  const vertObjects: number[] = [];
  const lineObjects: number[] = [];
  const p0 = new Float64Array(3), p1 = new Float64Array(3), A = new Float64Array(9);
  const addPoint = (x: ArrayLike<number>, o: number, color: readonly number[]): number => {
    piece.points.push(x[o], x[o + 1], x[o + 2]);
    colors.push(...color);
    return piece.points.length / 3 - 1;
  };
  const addLine = (ids: number[], index: number) => {
    piece.lines.push(...ids);
    piece.lineOffsets.push(piece.lines.length);
    lineObjects.push(index);
  };
  for (const c of drawings) {
    c.ends[0](state, p0);
    c.ends[1](state, p1);
    if (c.spring !== undefined) {
      const n = springCoilPointCount(c.spring.windings);
      const coil = new Float64Array(3 * n);
      springCoil(p0, p1, c.spring.radius, c.spring.windings, coil);
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push(addPoint(coil, 3 * i, c.color));
      addLine(ids, c.index);
    }
    if (c.line) addLine([addPoint(p0, 0, c.color), addPoint(p1, 0, c.color)], c.index);
    for (const part of c.parts) {
      part.frame(state, p0, A);
      for (const shape of part.shapes) {
        if (shape.type === 'sphere') {
          piece.verts.push(addPoint(p0, 0, part.color));
          piece.vertOffsets.push(piece.verts.length);
          vertObjects.push(c.index);
          continue;
        }
        const ids = [shape.start, shape.start + shape.length].map((s) => {
          const x = [0, 1, 2].map((k) => p0[k] + s * (A[3 * k] * shape.axis[0] + A[3 * k + 1] * shape.axis[1] + A[3 * k + 2] * shape.axis[2]));
          return addPoint(x, 0, part.color);
        });
        addLine(ids, c.index);
      }
    }
  }
  piece.pointData.push({ name: 'Color', components: 4, values: colors, type: 'Float32' });
  piece.cellData.push({ name: 'ObjectIndex', components: 1, values: [...vertObjects, ...lineObjects], type: 'Int32' });
  return piece;
}

/**
 * Writes a solution as a ParaView time series into `folder`: `<baseName>.pvd` referencing per
 * exported row `<baseName>_rods_<k>.vtp` (Cosserat rods and other line bodies as tubes with
 * StrainLocal, CurvatureLocal, ForceLocal, TorqueLocal, ArcLength) and
 * `<baseName>_bodies_<k>.vtp` (bodies and ground from their visualization graphicsData; a
 * sphere for mass points and a coordinate basis for rigid bodies without graphics data; ground
 * graphics at the ground's reference position) and `<baseName>_meshes_<k>.vtp` (super elements,
 * i.e. FFRF bodies: mesh nodes at their positions, surface triangles of visualization.triangleMesh,
 * mesh-node outputs such as Displacement and StressLocal as point data) and `<baseName>_connectors_<k>.vtp`
 * (spring-dampers as coil polylines, joints as axis lines and points, other connectors as lines; see
 * connectorPiece); graphicsDataUserFunction results (global coordinates) go into the bodies file. The
 * system must be assembled and be the model of the solution; its Visualization configuration is
 * overwritten with each row (see MainSystem.setStateFromSolution).
 */
export function exportVTK(mbs: MainSystem, solution: Solution, folder: string, options: ExportVTKOptions = {}): ExportVTKResult {
  const model = mbs.compiled();
  const baseName = options.baseName ?? 'solution';
  if (!/^[A-Za-z0-9_.-]+$/.test(baseName)) throw new FlexdynError(`exportVTK: baseName must consist of letters, digits, '_', '.', '-', got '${baseName}'`);
  const encoding = options.encoding ?? 'ascii';
  if (encoding !== 'ascii' && encoding !== 'base64') throw new FlexdynError(`exportVTK: encoding must be 'ascii' or 'base64', got '${String(encoding)}'`);
  const rows = options.rows !== undefined ? [...options.rows] : Array.from({ length: solution.nRows }, (_, i) => i);
  if (rows.length === 0) throw new FlexdynError(`exportVTK: there must be rows to export, got none (solution '${solution.fileName}' has ${solution.nRows})`);
  for (const row of rows) {
    if (!Number.isInteger(row) || row < 0 || row >= solution.nRows) throw new FlexdynError(`exportVTK: rows must be integers in 0 … ${solution.nRows - 1}, got ${row}`);
  }
  const m = options.rodCircumferentialPoints ?? 16;
  if (!Number.isInteger(m) || m < 3) throw new FlexdynError(`exportVTK: rodCircumferentialPoints must be an integer ≥ 3, got ${m}`);
  if (options.rodSamples !== undefined && (!Number.isInteger(options.rodSamples) || options.rodSamples < 2)) {
    throw new FlexdynError(`exportVTK: rodSamples must be an integer ≥ 2, got ${options.rodSamples}`);
  }
  const state = mbs.stateOf(ConfigurationType.Visualization);
  const reference = mbs.stateOf(ConfigurationType.Reference);

  let lo = [Infinity, Infinity, Infinity];
  let hi = [-Infinity, -Infinity, -Infinity];
  for (const node of model.nodes) {
    const p = node.output(OutputVariableType.Position, reference);
    if (p === undefined || p.length !== 3) continue;
    lo = lo.map((v, k) => Math.min(v, p[k]));
    hi = hi.map((v, k) => Math.max(v, p[k]));
  }
  const size = lo[0] <= hi[0] ? Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) || 1 : 1;

  const rods: RodTrack[] = [];
  const bodies: BodyTrack[] = [];
  const meshes: MeshTrack[] = [];
  model.objects.forEach((object, index) => {
    const dictionary = mbs.getObject(index);
    const vis = visualizationOf(dictionary);
    if (!vis.show) return;
    const superElement = object.superElement;
    if (superElement !== undefined) {
      const triangles = ((dictionary.visualization as Record<string, unknown> | undefined)?.triangleMesh ?? []) as number[];
      for (let t = 0; t < triangles.length; t++) {
        if (!Number.isInteger(triangles[t]) || triangles[t] < 0 || triangles[t] >= superElement.meshNodeCount) {
          throw new FlexdynError(`exportVTK: ${formatItemLabel(object.label)} visualization.triangleMesh entry ${t} must be a mesh node number in 0 … ${superElement.meshNodeCount - 1}, got ${triangles[t]}`);
        }
      }
      if (triangles.length % 3 !== 0) throw new FlexdynError(`exportVTK: ${formatItemLabel(object.label)} visualization.triangleMesh must hold three node numbers per triangle, got ${triangles.length} entries`);
      meshes.push({ index, superElement, triangles: [...triangles], outputs: meshPointOutputs.filter((v) => superElement.meshNodeOutputVariables.includes(v)) });
      return;
    }
    const body = object.body;
    const userColor = vis.color[0] >= 0 ? vis.color : undefined;
    if (body !== undefined && body.arcLength !== undefined) {
      const hasFrames = body.outputBody(OutputVariableType.RotationMatrix, reference, [0, 0, 0]) !== undefined;
      const outputs = rodPointOutputs.filter((v) => body.outputBody(v, reference, [0, 0, 0]) !== undefined);
      rods.push({
        index, body, length: body.arcLength, radius: rodRadius(dictionary, size),
        samples: options.rodSamples ?? Math.max(17, 4 * (body.nodes.length - 1) + 1), hasFrames, outputs: [...outputs],
      });
      return;
    }
    if (body === undefined) return;
    let graphics = vis.graphicsData;
    if (graphics.length === 0) {
      if (body.nodes.length === 0) return;
      const drawSize = vis.drawSize > 0 ? vis.drawSize : 0.04 * size;
      graphics = body.orientation !== undefined
        ? [Basis({ length: 1.5 * drawSize, radius: 0.05 * drawSize })]
        : [Sphere({ radius: drawSize / 2, color: namedColors.defaultBody, nTiles: 12 })];
    }
    bodies.push({ index, body, graphics, color: userColor });
  });
  const windings = options.springNumberOfWindings ?? defaultSpringWindings;
  if (!Number.isInteger(windings) || windings < 1) throw new FlexdynError(`exportVTK: springNumberOfWindings must be a positive integer, got ${windings}`);
  const connectors = connectorDrawings(mbs, size, windings);
  const userItems = userGraphicsItems(mbs);
  if (rods.length === 0 && bodies.length === 0 && meshes.length === 0 && connectors.length === 0 && userItems.length === 0) {
    throw new FlexdynError(`exportVTK: the system must have a shown rod, body or connector to export, got none (objects: ${model.objects.map((o) => formatItemLabel(o.label)).join(', ') || 'none'})`);
  }

  requireFileSystem('exportVTK', folder);
  const digits = Math.max(4, String(rows.length - 1).length);
  const entries: { time: number; part: number; file: string; name: string }[] = [];
  const files: string[][] = [];
  rows.forEach((row, k) => {
    mbs.setStateFromSolution(solution, row, ConfigurationType.Visualization);
    const frame = String(k).padStart(digits, '0');
    const written: string[] = [];
    if (rods.length > 0) {
      const file = `${baseName}_rods_${frame}.vtp`;
      writeFile(joinFileName(folder, file), polyDataXml(rodPiece(rods, state, m), encoding), 'exportVTK');
      entries.push({ time: solution.times[row], part: 0, file, name: 'rods' });
      written.push(joinFileName(folder, file));
    }
    if (bodies.length > 0 || userItems.length > 0) {
      const file = `${baseName}_bodies_${frame}.vtp`;
      const userGraphics = userItems.map((item) => ({ index: item.index, graphics: evaluateUserGraphics(mbs, item, 'exportVTK', row, solution.times[row]) }));
      writeFile(joinFileName(folder, file), polyDataXml(bodyPiece(bodies, state, userGraphics), encoding), 'exportVTK');
      entries.push({ time: solution.times[row], part: 1, file, name: 'bodies' });
      written.push(joinFileName(folder, file));
    }
    if (meshes.length > 0) {
      const file = `${baseName}_meshes_${frame}.vtp`;
      writeFile(joinFileName(folder, file), polyDataXml(meshPiece(meshes, state), encoding), 'exportVTK');
      entries.push({ time: solution.times[row], part: 2, file, name: 'meshes' });
      written.push(joinFileName(folder, file));
    }
    if (connectors.length > 0) {
      const file = `${baseName}_connectors_${frame}.vtp`;
      writeFile(joinFileName(folder, file), polyDataXml(connectorPiece(connectors, state), encoding), 'exportVTK');
      entries.push({ time: solution.times[row], part: 3, file, name: 'connectors' });
      written.push(joinFileName(folder, file));
    }
    files.push(written);
  });
  const pvdFile = joinFileName(folder, `${baseName}.pvd`);
  writeFile(pvdFile, pvdXml(entries), 'exportVTK');
  return { pvdFile, files, rows };
}
