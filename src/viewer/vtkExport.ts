/**
 * The ParaView export of a solution: the drawn model (from the shared FrameSampler (viewer/sampler.ts)) as VTK PolyData pieces per
 * row (rods, bodies, meshes, connectors), written by io/vtk.ts.
 * @module
 */
import { optionNames, ownOptions } from '../core/dictionary.ts';
import type { MainSystem } from '../MainSystem.ts';
import type { GraphicsData } from '../graphics/graphicsData.ts';
import { bodyOrigin } from '../registry/capabilities.ts';
import { ConfigurationType, OutputVariableType } from '../registry/enums.ts';
import { FlexdynError, formatItemLabel } from '../core/errors.ts';
import type { Solution } from '../io/solutionFile.ts';
import { emptyPiece, writeVtkTimeSeries, type PolyPiece, type VtkFramePart } from '../io/vtk.ts';
import { springCoil, springCoilPointCount } from './connectorDrawing.ts';
import { FrameSampler, type ContactDrawingOptions } from './sampler.ts';
import { ContactPointList } from '../contact/contactPoints.ts';

/** Options of {@link exportVTK}. */
export interface ExportVTKOptions {
  /** Base name of the files: <baseName>.pvd, <baseName>_rods_<frame>.vtp, _bodies_, _meshes_, _connectors_, _contactSpheres_, _contactPoints_, _contactTriangles_ (default 'solution'). */
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
  /** What is drawn of GeneralContacts: spheres, triangles and contact points (all by default). */
  contact?: ContactDrawingOptions;
}

/** The option names of {@link ExportVTKOptions}, for the unknown-option check of exportVTK. */
const exportVTKOptionNames = optionNames<ExportVTKOptions>({
  baseName: true, encoding: true, rows: true, rodSamples: true, rodCircumferentialPoints: true, springNumberOfWindings: true, contact: true,
});

/** What exportVTK wrote. */
export interface ExportVTKResult {
  /** The .pvd collection file. */
  pvdFile: string;
  /** Data files per exported row (rod, body and mesh files; empty parts are not written). */
  files: string[][];
  /** Exported solution rows. */
  rows: number[];
}

/** Section outputs written as rod point data (where the rod answers them). */
const rodPointOutputs = [OutputVariableType.StrainLocal, OutputVariableType.CurvatureLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal] as const;

/**
 * Rod tubes of one configuration: per rod `samples` cross-sections at s_i = L·i/(samples − 1) (the sampler's
 * centerline), each a ring of m points r(s) + radius·(cos φ e₂(s) + sin φ e₃(s)) with the cross-section axes e₂, e₃,
 * quads between rings and closing fans at both ends. Point data: the rod's StrainLocal, CurvatureLocal, ForceLocal,
 * TorqueLocal at s (NaN where a rod does not answer one), ArcLength; cell data ObjectIndex.
 */
function rodPiece(sampler: FrameSampler, m: number): PolyPiece {
  const rods = sampler.rods;
  const state = sampler.state;
  const piece = emptyPiece();
  const outputsOf = rods.map((rod): OutputVariableType[] => rodPointOutputs.filter((v) => rod.body.outputBody(v, state, bodyOrigin) !== undefined));
  const arrays = new Map<OutputVariableType, number[]>();
  for (const variable of rodPointOutputs) if (outputsOf.some((outputs) => outputs.includes(variable))) arrays.set(variable, []);
  const arc: number[] = [];
  const objectIndex: number[] = [];
  rods.forEach((rod, r) => {
    const n = rod.samples;
    const outputs = outputsOf[r];
    const centers = new Float64Array(3 * n);
    const frames = new Float64Array(9 * n);
    sampler.rodCenterline(rod, centers, frames);
    const values = outputs.map(() => new Float64Array(3 * n));
    const local = new Float64Array(3);
    for (let i = 0; i < n; i++) {
      local[0] = sampler.axialCoordinate(rod, i);
      outputs.forEach((variable, k) => values[k].set(rod.body.outputBody(variable, state, local)!, 3 * i));
    }
    const first = piece.points.length / 3;
    const pushPointData = (i: number) => {
      for (const [variable, list] of arrays) {
        const k = outputs.indexOf(variable);
        for (let d = 0; d < 3; d++) list.push(k < 0 ? NaN : values[k][3 * i + d]);
      }
      arc.push(sampler.arcLength(rod, i));
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
  });
  for (const [variable, list] of arrays) piece.pointData.push({ name: variable, components: 3, values: list, type: 'Float64' });
  piece.pointData.push({ name: 'ArcLength', components: 1, values: arc, type: 'Float64' });
  piece.cellData.push({ name: 'ObjectIndex', components: 1, values: objectIndex, type: 'Int32' });
  return piece;
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
function meshPiece(sampler: FrameSampler): PolyPiece {
  const { meshes, state } = sampler;
  const piece = emptyPiece();
  const data = new Map<OutputVariableType, { components: number; values: number[] }>();
  const objectIndex: number[] = [];
  const out = new Float64Array(6);
  for (const mesh of meshes) {
    const first = piece.points.length / 3;
    const n = mesh.superElement.meshNodeCount;
    const positions = new Float64Array(3 * n);
    sampler.meshNodePositions(mesh, positions);
    for (let i = 0; i < 3 * n; i++) piece.points.push(positions[i]);
    const outputs = meshPointOutputs.filter((v) => mesh.superElement.meshNodeOutputVariables.includes(v));
    for (const variable of meshPointOutputs) {
      if (!meshes.some((m) => m.superElement.meshNodeOutputVariables.includes(variable))) continue;
      const components = variable === OutputVariableType.StressLocal || variable === OutputVariableType.StrainLocal ? 6 : 3;
      let entry = data.get(variable);
      if (entry === undefined) {
        entry = { components, values: new Array<number>(first * components).fill(NaN) };
        data.set(variable, entry);
      }
      for (let i = 0; i < n; i++) {
        const count = outputs.includes(variable) ? mesh.superElement.meshNodeOutput(variable, state, i, out) : 0;
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
function bodyPiece(sampler: FrameSampler, globalGraphics: readonly { index: number; graphics: GraphicsData[] }[]): PolyPiece {
  const piece = emptyPiece();
  const colors: number[] = [];
  const lineObjects: number[] = [];
  const polyObjects: number[] = [];
  const r = new Float64Array(3);
  const A = new Float64Array(9);
  const placed = [...sampler.bodies, ...globalGraphics.map((g) => ({ index: g.index, graphics: g.graphics, color: undefined, drawn: false }))];
  for (const b of placed) {
    A.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    r.fill(0);
    if (!('drawn' in b)) sampler.bodyPose(b, r, A);
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
function connectorPiece(sampler: FrameSampler): PolyPiece {
  const { connectors: drawings, state } = sampler;
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
        if (shape.type === 'triangle') {
          // its outline, a closed line through the three points in the part's frame
          const ids = [0, 3, 6, 0].map((o) => addPoint([0, 1, 2].map((k) => p0[k] + A[3 * k] * shape.points[o] + A[3 * k + 1] * shape.points[o + 1] + A[3 * k + 2] * shape.points[o + 2]), 0, part.color));
          addLine(ids, c.index);
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
 * Contact spheres of the GeneralContacts in one configuration: a vertex at each sphere centre with point data Radius
 * and SphereIndex (ParaView: Glyph filter, Sphere glyph, scale by Radius, scale factor 2 for the diameter); cell data
 * GeneralContactIndex.
 */
function contactSpherePiece(sampler: FrameSampler): PolyPiece {
  const piece = emptyPiece();
  const radius: number[] = [], sphereIndex: number[] = [], contactIndex: number[] = [];
  for (const c of sampler.contacts) {
    const n = c.radii.length;
    const centers = new Float64Array(3 * n);
    sampler.contactSphereCenters(c, centers);
    for (let i = 0; i < n; i++) {
      piece.points.push(centers[3 * i], centers[3 * i + 1], centers[3 * i + 2]);
      piece.verts.push(piece.points.length / 3 - 1);
      piece.vertOffsets.push(piece.verts.length);
      radius.push(c.radii[i]);
      sphereIndex.push(i);
      contactIndex.push(c.index);
    }
  }
  piece.pointData.push({ name: 'Radius', components: 1, values: radius, type: 'Float64' }, { name: 'SphereIndex', components: 1, values: sphereIndex, type: 'Int32' });
  piece.cellData.push({ name: 'GeneralContactIndex', components: 1, values: contactIndex, type: 'Int32' });
  return piece;
}

/** Contact triangles of the GeneralContacts in one configuration: polygons at their global points; cell data GeneralContactIndex. */
function contactTrianglePiece(sampler: FrameSampler): PolyPiece {
  const piece = emptyPiece();
  const contactIndex: number[] = [];
  for (const c of sampler.contacts) {
    const points = new Float64Array(9 * c.triangleCount);
    sampler.contactTriangles(c, points);
    for (let t = 0; t < c.triangleCount; t++) {
      const first = piece.points.length / 3;
      for (let k = 0; k < 9; k++) piece.points.push(points[9 * t + k]);
      piece.polys.push(first, first + 1, first + 2);
      piece.polyOffsets.push(piece.polys.length);
      contactIndex.push(c.index);
    }
  }
  piece.cellData.push({ name: 'GeneralContactIndex', components: 1, values: contactIndex, type: 'Int32' });
  return piece;
}

/**
 * Contact points in one configuration: of the GeneralContacts (where contact items overlap, the point midway in the
 * overlap) and of contact items with contactPoints (ObjectContactRodPlane, ObjectContactRodSphere,
 * ObjectContactRodCylinder: the contact points of their points in contact): a vertex each with point data Penetration
 * (the depth) and ContactForce (the contact force on the item's first body, for glyphs; 0 for GeneralContact points,
 * which do not report it); cell data GeneralContactIndex and ObjectIndex (−1 where not applicable). Written at every
 * exported row, empty where nothing touches.
 */
function contactPointPiece(sampler: FrameSampler, found: ContactPointList): PolyPiece {
  const piece = emptyPiece();
  const depth: number[] = [], force: number[] = [], contactIndex: number[] = [], objectIndex: number[] = [];
  for (const c of sampler.contacts) {
    sampler.contactPoints(c, found);
    for (let k = 0; k < found.count; k++) {
      piece.points.push(found.values[4 * k], found.values[4 * k + 1], found.values[4 * k + 2]);
      piece.verts.push(piece.points.length / 3 - 1);
      piece.vertOffsets.push(piece.verts.length);
      depth.push(found.values[4 * k + 3]);
      force.push(found.forces[3 * k], found.forces[3 * k + 1], found.forces[3 * k + 2]);
      contactIndex.push(c.index);
      objectIndex.push(c.objectIndex);
    }
  }
  piece.pointData.push({ name: 'Penetration', components: 1, values: depth, type: 'Float64' });
  piece.pointData.push({ name: 'ContactForce', components: 3, values: force, type: 'Float64' });
  piece.cellData.push({ name: 'GeneralContactIndex', components: 1, values: contactIndex, type: 'Int32' });
  piece.cellData.push({ name: 'ObjectIndex', components: 1, values: objectIndex, type: 'Int32' });
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
 * connectorPiece), `<baseName>_contactSpheres_<k>.vtp`, `<baseName>_contactPoints_<k>.vtp` and
 * `<baseName>_contactTriangles_<k>.vtp` (GeneralContacts: sphere centres with Radius, contact points with Penetration,
 * triangles; see contactSpherePiece, contactPointPiece, contactTrianglePiece);
 * graphicsDataUserFunction results (global coordinates) go into the bodies file. What is drawn and
 * where comes from the same FrameSampler (viewer/sampler.ts) as the browser scene. The system must be assembled and be the model
 * of the solution; its Visualization configuration is overwritten with each row (see MainSystem.setStateFromSolution).
 */
export function exportVTK(mbs: MainSystem, solution: Solution, folder: string, options: ExportVTKOptions = {}): ExportVTKResult {
  options = ownOptions('exportVTK', options, exportVTKOptionNames);
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
  const sampler = new FrameSampler(mbs, 'exportVTK', { rodSamples: options.rodSamples, springNumberOfWindings: options.springNumberOfWindings, contact: options.contact });
  const found = new ContactPointList();
  const withSpheres = sampler.contacts.some((c) => c.radii.length > 0), withPoints = sampler.contacts.some((c) => c.showContactPoints);
  const withTriangles = sampler.contacts.some((c) => c.triangleCount > 0);
  if (sampler.isEmpty) {
    const objects = mbs.assembledItems().objects.map((o) => formatItemLabel(o.label)).join(', ') || 'none';
    throw new FlexdynError(`exportVTK: the system must have a shown rod, body, connector or contact to export, got none (objects: ${objects})`);
  }
  const { pvdFile, files } = writeVtkTimeSeries(folder, baseName, rows.length, (k) => {
    const row = rows[k];
    const time = solution.times[row];
    mbs.setStateFromSolution(solution, row, ConfigurationType.Visualization);
    const parts: VtkFramePart[] = [];
    if (sampler.rods.length > 0) parts.push({ name: 'rods', part: 0, piece: rodPiece(sampler, m) });
    if (sampler.bodies.length > 0 || sampler.userItems.length > 0) {
      const userGraphics = sampler.userItems.map((item, j) => ({ index: item.index, graphics: sampler.userGraphics(j, row, time) }));
      parts.push({ name: 'bodies', part: 1, piece: bodyPiece(sampler, userGraphics) });
    }
    if (sampler.meshes.length > 0) parts.push({ name: 'meshes', part: 2, piece: meshPiece(sampler) });
    if (sampler.connectors.length > 0) parts.push({ name: 'connectors', part: 3, piece: connectorPiece(sampler) });
    if (withSpheres) parts.push({ name: 'contactSpheres', part: 4, piece: contactSpherePiece(sampler) });
    if (withPoints) parts.push({ name: 'contactPoints', part: 5, piece: contactPointPiece(sampler, found) });
    if (withTriangles) parts.push({ name: 'contactTriangles', part: 6, piece: contactTrianglePiece(sampler) });
    return { time, parts };
  }, encoding);
  return { pvdFile, files, rows };
}
