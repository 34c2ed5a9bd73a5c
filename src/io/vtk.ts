/**
 * The VTK file formats of the ParaView export: XML PolyData pieces (.vtp, ASCII or VTK's inline base64 binary) and
 * the time-series collection (.pvd). File formats only: what is drawn comes from viewer/vtkExport.ts.
 * @module
 */
import { encodeBase64 } from '../core/base64.ts';
import { joinFileName, requireFileSystem, writeFile } from '../core/fileSystem.ts';

/** Point and cell arrays of one VTK PolyData piece. */
export interface PolyPiece {
  /** Point coordinates, 3 per point. */
  points: number[];
  /** Vertex cells: point ids. */
  verts: number[];
  /** End offset of each vertex cell in verts. */
  vertOffsets: number[];
  /** Polygon cells: point ids. */
  polys: number[];
  /** End offset of each polygon in polys. */
  polyOffsets: number[];
  /** Line cells (polylines): point ids. */
  lines: number[];
  /** End offset of each line in lines. */
  lineOffsets: number[];
  /** Point data arrays (values: components per point). */
  pointData: { name: string; components: number; values: number[]; type: 'Float64' | 'Float32' | 'Int32' }[];
  /** Cell data arrays, in VTK's cell order (vertices, lines, polygons). */
  cellData: { name: string; components: number; values: number[]; type: 'Float64' | 'Int32' }[];
}

/** A piece without points and cells. */
export function emptyPiece(): PolyPiece {
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
export function polyDataXml(piece: PolyPiece, encoding: 'ascii' | 'base64' = 'ascii'): string {
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
export function pvdXml(entries: readonly { time: number; part: number; file: string; name: string }[]): string {
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

/** One named part of a time-series frame (e.g. 'rods'); part numbers are the pvd part indices. */
export interface VtkFramePart {
  /** Part name, also the file name infix (<baseName>_<name>_<frame>.vtp). */
  readonly name: string;
  /** Part index in the collection. */
  readonly part: number;
  /** The geometry. */
  readonly piece: PolyPiece;
}

/**
 * Writes a time series into `folder`: per frame k (0 … frameCount − 1, produced one at a time by frameAt) one
 * `<baseName>_<part>_<k>.vtp` per part (frame numbers padded to at least 4 digits), and the collection
 * `<baseName>.pvd`; returns the .pvd path and the data files per frame.
 */
export function writeVtkTimeSeries(
  folder: string, baseName: string, frameCount: number, frameAt: (k: number) => { readonly time: number; readonly parts: readonly VtkFramePart[] },
  encoding: 'ascii' | 'base64',
): { pvdFile: string; files: string[][] } {
  requireFileSystem('exportVTK', folder);
  const digits = Math.max(4, String(frameCount - 1).length);
  const entries: { time: number; part: number; file: string; name: string }[] = [];
  const files: string[][] = [];
  for (let k = 0; k < frameCount; k++) {
    const frame = frameAt(k);
    files.push(frame.parts.map((part) => {
      const file = `${baseName}_${part.name}_${String(k).padStart(digits, '0')}.vtp`;
      writeFile(joinFileName(folder, file), polyDataXml(part.piece, encoding), 'exportVTK');
      entries.push({ time: frame.time, part: part.part, file, name: part.name });
      return joinFileName(folder, file);
    }));
  }
  const pvdFile = joinFileName(folder, `${baseName}.pvd`);
  writeFile(pvdFile, pvdXml(entries), 'exportVTK');
  return { pvdFile, files };
}
