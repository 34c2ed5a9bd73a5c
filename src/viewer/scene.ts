/**
 * Scene export for the browser viewer: evaluates a MainSystem at every row of a solution (body poses, rod
 * centerline frames, spring coils, joint frames, connector end points, graphics user functions) and writes it with the triangulated graphics data and the sensor
 * rows into one JSON file beside the solution file (docs/viewer.md, "Scene file").
 * @module
 */
import { checkKnownKeys, optionNames, ownOptions } from '../core/dictionary.ts';
import { decodeBase64, encodeBase64 } from '../core/base64.ts';
import { installedFileSystem, writeFile } from '../core/fileSystem.ts';
import type { MainSystem } from '../MainSystem.ts';
import { ConfigurationType, type OutputVariableType } from '../registry/enums.ts';
import { FlexdynError, formatItemLabel } from '../core/errors.ts';
import type { ItemState } from '../registry/capabilities.ts';
import type { GraphicsData } from '../graphics/graphicsData.ts';
import { jointPartGraphics, jointShapeRadius, springCoil, springCoilPointCount, type EndPoint } from './connectorDrawing.ts';
import { contactPointColor, contactSphereColor, contactTriangleColor, FrameSampler, type ContactDrawingOptions, type DrawnBody, type DrawnContact, type DrawnMesh, type DrawnRod } from './sampler.ts';
import { ContactPointList } from '../contact/contactPoints.ts';
import { triangulate, type TriangulatedGraphics } from '../graphics/triangulate.ts';
import { loadSensorFile, parseSensorFile, sensorFileName } from '../io/sensorFile.ts';
import { loadSolutionFile } from '../io/solutionFile.ts';

/** Version of the scene file format. */
export const sceneFormatVersion = 1;

/** The part of a loaded solution the scene export reads (loadSolutionFile's Solution has it). */
export interface SceneSolution {
  /** File the solution came from; the scene file is written beside it. */
  fileName?: string;
  /** Times of the rows. */
  times: ArrayLike<number>;
  /** ODE2 coordinates (displacements from reference), one row per time. */
  coordinates: {
    /** Number of rows (times). */
    readonly rows: number;
    /** Coordinates per row. */
    readonly columns: number;
    /** Row i. */
    row(i: number): ArrayLike<number>;
  };
  /** ODE2 velocities per row, if written (velocity-dependent drawings: contact forces of contact items). */
  velocities?: SceneSolution['coordinates'];
  /** Data coordinates per row, if written (the contact state of contact items). */
  dataCoordinates?: SceneSolution['coordinates'];
}

/** A typed array stored as base64 of its little-endian bytes. */
export interface EncodedArray {
  /** Element type. */
  dtype: 'float32' | 'float64' | 'uint32';
  /** Number of elements. */
  length: number;
  /** Base64 of the bytes. */
  base64: string;
}

/** Triangulated graphics of one drawn item, in its own frame. */
export interface SceneMesh {
  /** Vertex positions (3 per vertex). */
  positions: EncodedArray;
  /** Vertex normals (3 per vertex). */
  normals: EncodedArray;
  /** Vertex colours RGBA (4 per vertex). */
  colors: EncodedArray;
  /** Triangle vertex indices (3 per triangle). */
  indices: EncodedArray;
  /** Line segment end points (6 per segment). */
  linePositions: EncodedArray;
  /** Line segment colours (8 per segment). */
  lineColors: EncodedArray;
}

/** A body drawn with a fixed mesh at a moving pose. */
export interface SceneBody {
  /** Item label, e.g. 'ObjectRigidBody #2'. */
  label: string;
  /** Item name. */
  name: string;
  /** Mesh in the body frame. */
  mesh: SceneMesh;
  /** Poses, 12 numbers per frame: position (3) and rotation matrix row-major (9); one pose only if static. */
  poses: EncodedArray;
  /** True if the body does not move (one pose). */
  static: boolean;
}

/** A rod or cable drawn as a tube along its centerline. */
export interface SceneRod {
  /** Item label. */
  label: string;
  /** Item name. */
  name: string;
  /** Tube radius. */
  radius: number;
  /** RGBA colour. */
  color: number[];
  /** Centerline samples per frame. */
  nSamples: number;
  /** Per frame and sample: position (3) and cross-section frame row-major (9), columns = tangent, normal, binormal. */
  samples: EncodedArray;
}

/** A connector drawn as a line between its two markers. */
export interface SceneLine {
  /** Item label. */
  label: string;
  /** Item name. */
  name: string;
  /** RGBA colour. */
  color: number[];
  /** Per frame: both end points (6 numbers). */
  points: EncodedArray;
}

/** A spring-damper drawn as a helical coil between its two markers. */
export interface SceneSpring {
  /** Item label. */
  label: string;
  /** Item name. */
  name: string;
  /** RGBA colour. */
  color: number[];
  /** Coil radius (visualization.drawSize / 2). */
  radius: number;
  /** Windings of the coil. */
  windings: number;
  /** Points of the coil polyline per frame (the first is marker 0's position, the last marker 1's). */
  nPoints: number;
  /** Per frame the coil points (3 · nPoints numbers). */
  points: EncodedArray;
}

/** One part of a drawn joint: a mesh attached to the joint frame of marker 0 or 1. */
export interface SceneJointPart {
  /** Marker (0 or 1) whose joint frame carries the part. */
  marker: 0 | 1;
  /** Mesh in the joint frame. */
  mesh: SceneMesh;
  /** Joint frame poses, 12 numbers per frame (position, rotation row-major); one pose if `static`. */
  poses: EncodedArray;
  /** True if the frame does not move (one pose). */
  static: boolean;
}

/** A joint drawn by its parts (cylinders along the joint axis, spheres at the joint point). */
export interface SceneJoint {
  /** Item label. */
  label: string;
  /** Item name. */
  name: string;
  /** Parts attached to the marker frames. */
  parts: SceneJointPart[];
}

/** The graphics an item's graphicsDataUserFunction returned, one mesh per frame in global coordinates. */
export interface SceneUserGraphics {
  /** Item label. */
  label: string;
  /** Item name. */
  name: string;
  /** Per frame the triangulated result. */
  frames: SceneMesh[];
}

/** A mesh body (FFRF super element) drawn from its surface triangles at the mesh node positions of each frame. */
export interface SceneMeshBody {
  /** Item label. */
  label: string;
  /** Item name. */
  name: string;
  /** RGBA colour (without contour). */
  color: number[];
  /** Number of mesh nodes. */
  nMeshNodes: number;
  /** Surface triangles (mesh node numbers, 3 per triangle; empty: the nodes are drawn as points). */
  triangles: EncodedArray;
  /** Per frame the mesh node positions (3 per node). */
  positions: EncodedArray;
  /** Contour values per frame and node, if options.contour was given and the body answers the variable. */
  contour?: SceneContour;
}

/** The contour colouring of a {@link SceneMeshBody}. */
export interface SceneContour {
  /** Output variable the values are of (e.g. 'DisplacementLocal'). */
  outputVariable: string;
  /** Component of the output variable. */
  component: number;
  /** How the colour range is chosen: over all frames, per frame, or fixed by options.contour.range. */
  range: 'all' | 'frame' | 'fixed';
  /** Lower end of the colour range over all frames (or the fixed range). */
  min: number;
  /** Upper end of the colour range over all frames (or the fixed range). */
  max: number;
  /** With range 'frame': the lower end per frame (float64, one per frame). */
  frameMin?: EncodedArray;
  /** With range 'frame': the upper end per frame (float64, one per frame). */
  frameMax?: EncodedArray;
  /** Values per frame and mesh node (nFrames × nMeshNodes). */
  values: EncodedArray;
}

/**
 * A GeneralContact: its contact spheres at every frame and the contact points of every frame (where contact items
 * overlap; their number changes from frame to frame).
 */
export interface SceneContact {
  /** Its name, e.g. 'GeneralContact 0', or the label of a contact item ('ObjectContactRodPlane #3': points only). */
  label: string;
  /** RGBA colour of the spheres. */
  sphereColor: number[];
  /** Sphere radii (float32, one per sphere; empty if the spheres are not drawn). */
  radii: EncodedArray;
  /** Per frame the sphere centres (float32, 3 per sphere). */
  centers: EncodedArray;
  /** RGBA colour of the triangles. */
  triangleColor: number[];
  /** Number of triangles (0: none drawn). */
  nTriangles: number;
  /** Per frame the triangles' points (float32, 9 per triangle); one frame only if `trianglesStatic`. */
  triangles: EncodedArray;
  /** True if the triangles do not move (their points are given once). */
  trianglesStatic: boolean;
  /** RGBA colour of the contact points. */
  pointColor: number[];
  /** The contact points of frame f are points pointOffsets[f] … pointOffsets[f + 1] − 1 (uint32, frames + 1 entries). */
  pointOffsets: EncodedArray;
  /** Contact points (float32, 4 per point: position and penetration depth). */
  points: EncodedArray;
}

/** Rows of a sensor for the plots beside the scene. */
export interface SceneSensor {
  /** Item label, e.g. 'SensorNode #0'. */
  label: string;
  /** Item name. */
  name: string;
  /** Column names, the first is 'time'. */
  columns: string[];
  /** Number of rows. */
  nRows: number;
  /** Rows × columns, row-major. */
  rows: EncodedArray;
}

/** The scene file: everything the viewer draws, per frame of the solution. */
export interface Scene {
  /** Always 'flexdyn-scene'. */
  format: 'flexdyn-scene';
  /** {@link sceneFormatVersion}. */
  version: number;
  /** The solution file the frames come from ('' if none). */
  solutionFile: string;
  /** Time of each frame. */
  times: number[];
  /** Size of the model (diagonal of the bounding box over all frames), for default sizes and the camera. */
  characteristicLength: number;
  /** Bounding box over all frames. */
  bounds: {
    /** Smallest x, y, z. */
    min: number[];
    /** Largest x, y, z. */
    max: number[];
  };
  /** Bodies with meshes. */
  bodies: SceneBody[];
  /** Rods and cables. */
  rods: SceneRod[];
  /** Connector lines (connectors other than springs and joints; distance constraints). */
  lines: SceneLine[];
  /** Spring-dampers as coils. */
  springs: SceneSpring[];
  /** Joints as glyphs on their marker frames. */
  joints: SceneJoint[];
  /** Results of graphicsDataUserFunction per frame. */
  userGraphics: SceneUserGraphics[];
  /** Mesh bodies (FFRF). */
  meshBodies: SceneMeshBody[];
  /** GeneralContacts: spheres and contact points. */
  contacts: SceneContact[];
  /** Sensors with rows. */
  sensors: SceneSensor[];
  /** The axis the viewer draws upward ({@link SceneOptions.upAxis}). */
  upAxis: 'y' | 'z';
}

/** Options of {@link computeScene} and {@link exportScene}. */
export interface SceneOptions {
  /** Centerline samples per rod or cable (default 4 per node interval + 1, at least 17). */
  rodSamples?: number;
  /** Scene file to write (default: {@link sceneFileNameFor} of the solution file). */
  fileName?: string;
  /**
   * Contour colour of mesh bodies (Exudyn's visualizationSettings.contour): a mesh-node output variable
   * (e.g. DisplacementLocal, StressLocal) and its component (−1 = Euclidean norm, the default).
   */
  contour?: {
    /** Mesh-node output variable. */
    outputVariable: OutputVariableType;
    /** Component, −1 = Euclidean norm (default). */
    component?: number;
    /**
     * Colour range: 'all' (default) = min … max over all frames (colours mean the same value in every frame),
     * 'frame' = min … max of each frame, or a fixed [min, max].
     */
    range?: 'all' | 'frame' | readonly [number, number];
  };
  /** Windings of drawn springs (Exudyn's visualizationSettings.connectors.springNumberOfWindings, default 8). */
  springNumberOfWindings?: number;
  /**
   * The axis drawn upward: 'y' (default, Exudyn's initial view along −z onto the x–y plane) or 'z' (a view along +y,
   * for models with gravity along −z).
   */
  upAxis?: 'y' | 'z';
  /** What is drawn of GeneralContacts: spheres, triangles and contact points (all by default). */
  contact?: ContactDrawingOptions;
}

/** The option names of {@link SceneOptions} and of its contour, for the unknown-option checks of exportScene and computeScene. */
const sceneOptionNames = optionNames<SceneOptions>({ rodSamples: true, fileName: true, contour: true, springNumberOfWindings: true, upAxis: true, contact: true });
const contourOptionNames = optionNames<NonNullable<SceneOptions['contour']>>({ outputVariable: true, component: true, range: true });

function encode(a: Float32Array | Float64Array | Uint32Array): EncodedArray {
  const dtype = a instanceof Float32Array ? 'float32' : a instanceof Float64Array ? 'float64' : 'uint32';
  return { dtype, length: a.length, base64: encodeBase64(a) };
}

/** Decodes an {@link EncodedArray} (the viewer page has its own decoder). */
export function decodeArray(e: EncodedArray): Float32Array | Float64Array | Uint32Array {
  const bytes = decodeBase64(e.base64);
  const Type = e.dtype === 'float32' ? Float32Array : e.dtype === 'float64' ? Float64Array : Uint32Array;
  if (bytes.length % Type.BYTES_PER_ELEMENT !== 0) throw new FlexdynError(`scene: encoded ${e.dtype} array must have a multiple of ${Type.BYTES_PER_ELEMENT} bytes, got ${bytes.length}`);
  const out = new Type(bytes.buffer);
  if (out.length !== e.length) throw new FlexdynError(`scene: encoded array must have ${e.length} ${e.dtype} entries, got ${out.length}`);
  return out;
}

function encodeMesh(t: TriangulatedGraphics): SceneMesh {
  return {
    positions: encode(t.positions), normals: encode(t.normals), colors: encode(t.colors), indices: encode(t.indices),
    linePositions: encode(t.linePositions), lineColors: encode(t.lineColors),
  };
}

/** The scene file written beside a solution file: `coordinatesSolution.txt` → `coordinatesSolution.scene.json`. */
export function sceneFileNameFor(solutionFile: string): string {
  return solutionFile.replace(/\.txt$/i, '') + '.scene.json';
}

class Bounds {
  readonly min = [Infinity, Infinity, Infinity];
  readonly max = [-Infinity, -Infinity, -Infinity];
  add(p: ArrayLike<number>, o = 0, margin = 0): void {
    for (let k = 0; k < 3; k++) {
      this.min[k] = Math.min(this.min[k], p[o + k] - margin);
      this.max[k] = Math.max(this.max[k], p[o + k] + margin);
    }
  }
  get diagonal(): number {
    return this.min[0] === Infinity ? 0 : Math.hypot(this.max[0] - this.min[0], this.max[1] - this.min[1], this.max[2] - this.min[2]);
  }
}

interface BodyTrack { drawn: DrawnBody; poses: Float32Array }
interface RodTrack { drawn: DrawnRod; color: number[]; samples: Float32Array }
interface MeshTrack { drawn: DrawnMesh; color: number[]; positions: Float32Array; contour?: Float32Array }
interface LineTrack { label: string; name: string; color: number[]; ends: [EndPoint, EndPoint]; points: Float32Array }
interface SpringTrack { label: string; name: string; color: number[]; ends: [EndPoint, EndPoint]; radius: number; windings: number; nPoints: number; points: Float32Array }
interface JointPartTrack { marker: 0 | 1; frame: (s: ItemState, p: Float64Array, A: Float64Array) => void; graphics: GraphicsData[]; radius: number; poses: Float32Array }
interface JointTrack { label: string; name: string; parts: JointPartTrack[] }
interface ContactTrack { drawn: DrawnContact; centers: Float32Array; triangles: Float32Array; pointOffsets: Uint32Array; points: number[] }

/**
 * Computes the scene of a solution: for every row the bodies' poses (rigid bodies: reference point and rotation
 * matrix; mass points: position), the rods' centerline samples with their cross-section frames, the spring coils,
 * joint frames and connector lines (src/viewer/connectorDrawing.ts), the results of graphics user functions
 * (called with the Visualization configuration set to the row), the mesh node positions of FFRF bodies (and
 * options.contour values), the spheres and contact points of GeneralContacts; plus the
 * meshes of the items' graphicsData (or default shapes) and the sensor rows (stored internally, else read from
 * the sensor file). The system must be assembled; its Visualization
 * configuration is overwritten.
 */
export function computeScene(mbs: MainSystem, solution: SceneSolution, options: SceneOptions = {}): Scene {
  options = ownOptions('computeScene', options, sceneOptionNames);
  if (options.contour !== undefined) {
    checkKnownKeys('computeScene', options.contour, contourOptionNames, 'an option of the contour', 'options.contour');
    options.contour = { ...options.contour };
  }
  const nFrames = solution.coordinates.rows;
  if (solution.times.length !== nFrames) throw new FlexdynError(`exportScene: solution must have one time per row, got ${solution.times.length} times for ${nFrames} rows`);
  if (nFrames === 0) throw new FlexdynError('exportScene: solution must have at least one row, got 0');
  const nq = mbs.stateOf(ConfigurationType.Visualization).q.length;
  if (solution.coordinates.columns !== nq) {
    throw new FlexdynError(`exportScene: solution must have the system's ${nq} ODE2 coordinates per row, got ${solution.coordinates.columns} (another model?)`);
  }
  const sampler = new FrameSampler(mbs, 'exportScene', { rodSamples: options.rodSamples, springNumberOfWindings: options.springNumberOfWindings, contact: options.contact });
  const state = sampler.state;
  const Lc = sampler.modelSize;
  const contour = options.contour;
  const contourComponent = contour?.component ?? -1;
  const contourRange = contour?.range ?? 'all';
  if (contourRange !== 'all' && contourRange !== 'frame' && !(Array.isArray(contourRange) && contourRange.length === 2 && contourRange.every(Number.isFinite) && contourRange[0] < contourRange[1])) {
    throw new FlexdynError(`exportScene: contour.range must be 'all', 'frame' or [min, max] with min < max, got ${JSON.stringify(contourRange)}`);
  }

  const upAxis = options.upAxis ?? 'y';
  if (upAxis !== 'y' && upAxis !== 'z') throw new FlexdynError(`exportScene: upAxis must be 'y' or 'z', got ${JSON.stringify(upAxis)}`);
  const bodies: BodyTrack[] = sampler.bodies.map((drawn) => ({ drawn, poses: new Float32Array((drawn.isStatic ? 1 : nFrames) * 12) }));
  const rods: RodTrack[] = sampler.rods.map((drawn) => ({ drawn, color: drawn.color ?? [0.2, 0.55, 0.85, 1], samples: new Float32Array(nFrames * drawn.samples * 12) }));
  const meshes: MeshTrack[] = sampler.meshes.map((drawn) => {
    const n = drawn.superElement.meshNodeCount;
    const withContour = contour !== undefined && drawn.superElement.meshNodeOutputVariables.includes(contour.outputVariable);
    return { drawn, color: drawn.color ?? [0.1, 0.8, 0.1, 1], positions: new Float32Array(nFrames * 3 * n), contour: withContour ? new Float32Array(nFrames * n) : undefined };
  });
  const lines: LineTrack[] = [];
  const springs: SpringTrack[] = [];
  const joints: JointTrack[] = [];
  for (const c of sampler.connectors) {
    if (c.spring !== undefined) {
      const nPoints = springCoilPointCount(c.spring.windings);
      springs.push({ label: c.label, name: c.name, color: c.color, ends: c.ends, radius: c.spring.radius, windings: c.spring.windings, nPoints, points: new Float32Array(nFrames * 3 * nPoints) });
    }
    if (c.line) lines.push({ label: c.label, name: c.name, color: c.color, ends: c.ends, points: new Float32Array(nFrames * 6) });
    if (c.parts.length > 0) {
      joints.push({
        label: c.label, name: c.name,
        parts: c.parts.map((part) => ({
          marker: part.marker, frame: part.frame, graphics: jointPartGraphics(part), poses: new Float32Array(nFrames * 12),
          radius: Math.max(...part.shapes.map(jointShapeRadius)),
        })),
      });
    }
  }
  const userFrames: SceneMesh[][] = sampler.userItems.map(() => []);
  const contacts: ContactTrack[] = sampler.contacts.map((drawn) => ({
    drawn, centers: new Float32Array(nFrames * 3 * drawn.radii.length), triangles: new Float32Array(nFrames * 9 * drawn.triangleCount), pointOffsets: new Uint32Array(nFrames + 1), points: [],
  }));
  const contactPoints = new ContactPointList();

  const bounds = new Bounds();
  const p = new Float64Array(3), p1 = new Float64Array(3), A = new Float64Array(9), contourValues = new Float64Array(6);
  let centers = new Float64Array(0), frames = new Float64Array(0), positions = new Float64Array(0);
  // corners of each body's local bounding box, placed at every pose for the scene bounds
  const bodyCorners = bodies.map((b) => {
    const t = triangulate(b.drawn.graphics);
    const box = new Bounds();
    for (const arr of [t.positions, t.linePositions]) for (let i = 0; i < arr.length; i += 3) box.add(arr, i);
    if (box.min[0] === Infinity) box.add([0, 0, 0]);
    const corners: number[][] = [];
    for (let c = 0; c < 8; c++) corners.push([0, 1, 2].map((k) => ((c >> k) & 1 ? box.max[k] : box.min[k])));
    return corners;
  });
  for (let f = 0; f < nFrames; f++) {
    state.q.set(solution.coordinates.row(f));
    state.t = solution.times[f];
    // contact items draw their points from their data coordinates (contact state) and forces that need velocities
    if (solution.dataCoordinates !== undefined && solution.dataCoordinates.columns === state.data.length) state.data.set(solution.dataCoordinates.row(f));
    if (solution.velocities !== undefined && solution.velocities.columns === state.u.length) state.u.set(solution.velocities.row(f));
    bodies.forEach((b, j) => {
      if (b.drawn.isStatic && f > 0) return;
      sampler.bodyPose(b.drawn, p, A);
      const o = 12 * (b.drawn.isStatic ? 0 : f);
      b.poses.set(p, o);
      b.poses.set(A, o + 3);
      for (const c of bodyCorners[j]) {
        bounds.add([0, 1, 2].map((k) => p[k] + A[3 * k] * c[0] + A[3 * k + 1] * c[1] + A[3 * k + 2] * c[2]));
      }
    });
    for (const r of rods) {
      const n = r.drawn.samples;
      if (centers.length < 3 * n) { centers = new Float64Array(3 * n); frames = new Float64Array(9 * n); }
      sampler.rodCenterline(r.drawn, centers, frames);
      const o = f * n * 12;
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < 3; k++) r.samples[o + 12 * i + k] = centers[3 * i + k];
        for (let k = 0; k < 9; k++) r.samples[o + 12 * i + 3 + k] = frames[9 * i + k];
        bounds.add(centers, 3 * i, r.drawn.radius);
      }
    }
    for (const m of meshes) {
      const se = m.drawn.superElement;
      const n = se.meshNodeCount;
      if (positions.length < 3 * n) positions = new Float64Array(3 * n);
      sampler.meshNodePositions(m.drawn, positions);
      m.positions.set(positions.subarray(0, 3 * n), 3 * f * n);
      for (let k = 0; k < n; k++) {
        bounds.add(positions, 3 * k);
        if (m.contour !== undefined) {
          const count = se.meshNodeOutput(contour!.outputVariable, state, k, contourValues);
          if (contourComponent >= count) throw new FlexdynError(`exportScene: contour component must be −1 (norm) or in 0 … ${count - 1} for ${contour!.outputVariable}, got ${contourComponent}`);
          let v = 0;
          if (contourComponent >= 0) v = contourValues[contourComponent];
          else for (let c = 0; c < count; c++) v += contourValues[c] * contourValues[c];
          m.contour[f * n + k] = contourComponent >= 0 ? v : Math.sqrt(v);
        }
      }
    }
    for (const l of lines) {
      for (let e = 0; e < 2; e++) {
        l.ends[e](state, p);
        l.points.set(p, 6 * f + 3 * e);
        bounds.add(p);
      }
    }
    for (const sp of springs) {
      sp.ends[0](state, p);
      sp.ends[1](state, p1);
      springCoil(p, p1, sp.radius, sp.windings, sp.points, 3 * sp.nPoints * f);
      bounds.add(p, 0, sp.radius);
      bounds.add(p1, 0, sp.radius);
    }
    for (const j of joints) {
      for (const part of j.parts) {
        part.frame(state, p, A);
        part.poses.set(p, 12 * f);
        part.poses.set(A, 12 * f + 3);
        bounds.add(p, 0, part.radius);
      }
    }
    for (const c of contacts) {
      const n = c.drawn.radii.length;
      if (n > 0) {
        if (positions.length < 3 * n) positions = new Float64Array(3 * n);
        sampler.contactSphereCenters(c.drawn, positions);
        c.centers.set(positions.subarray(0, 3 * n), 3 * n * f);
        for (let i = 0; i < n; i++) bounds.add(positions, 3 * i, c.drawn.radii[i]);
      }
      const nt = c.drawn.triangleCount;
      if (nt > 0) {
        if (positions.length < 9 * nt) positions = new Float64Array(9 * nt);
        sampler.contactTriangles(c.drawn, positions);
        c.triangles.set(positions.subarray(0, 9 * nt), 9 * nt * f);
        for (let i = 0; i < 3 * nt; i++) bounds.add(positions, 3 * i);
      }
      sampler.contactPoints(c.drawn, contactPoints);
      for (let k = 0; k < 4 * contactPoints.count; k++) c.points.push(contactPoints.values[k]);
      c.pointOffsets[f + 1] = c.pointOffsets[f] + contactPoints.count;
    }
    sampler.userItems.forEach((_item, k) => {
      const t = triangulate(sampler.userGraphics(k, f, solution.times[f]));
      for (const arr of [t.positions, t.linePositions]) for (let i = 0; i < arr.length; i += 3) bounds.add(arr, i);
      userFrames[k].push(encodeMesh(t));
    });
  }
  if (bounds.min[0] === Infinity) { bounds.add([0, 0, 0]); }

  return {
    format: 'flexdyn-scene',
    version: sceneFormatVersion,
    solutionFile: solution.fileName ?? '',
    times: Array.from(solution.times),
    characteristicLength: bounds.diagonal > 0 ? bounds.diagonal : Lc,
    bounds: { min: bounds.min, max: bounds.max },
    bodies: bodies.map((b) => ({
      label: b.drawn.label, name: b.drawn.name, mesh: encodeMesh(triangulate(b.drawn.graphics, { color: b.drawn.color ?? [-1, -1, -1, -1] })), poses: encode(b.poses), static: b.drawn.isStatic,
    })),
    rods: rods.map((r) => ({ label: r.drawn.label, name: r.drawn.name, radius: r.drawn.radius, color: r.color, nSamples: r.drawn.samples, samples: encode(r.samples) })),
    lines: lines.map((l) => ({ label: l.label, name: l.name, color: l.color, points: encode(l.points) })),
    springs: springs.map((sp) => ({ label: sp.label, name: sp.name, color: sp.color, radius: sp.radius, windings: sp.windings, nPoints: sp.nPoints, points: encode(sp.points) })),
    joints: joints.map((j) => ({
      label: j.label, name: j.name,
      parts: j.parts.map((part) => {
        const isStatic = part.poses.every((x, i) => x === part.poses[i % 12]);
        return { marker: part.marker, mesh: encodeMesh(triangulate(part.graphics)), poses: encode(isStatic ? part.poses.subarray(0, 12) : part.poses), static: isStatic };
      }),
    })),
    userGraphics: sampler.userItems.map((item, k) => ({ label: item.label, name: item.name, frames: userFrames[k] })),
    meshBodies: meshes.map((m) => {
      const n = m.drawn.superElement.meshNodeCount;
      const result: SceneMeshBody = { label: m.drawn.label, name: m.drawn.name, color: m.color, nMeshNodes: n, triangles: encode(m.drawn.triangles), positions: encode(m.positions) };
      if (m.contour !== undefined) result.contour = contourData(m.contour, n, nFrames, contour!.outputVariable, contourComponent, contourRange);
      return result;
    }),
    contacts: contacts.map((c) => {
      const n = 9 * c.drawn.triangleCount;
      const trianglesStatic = c.triangles.every((x, i) => x === c.triangles[i % n]);
      return {
        label: c.drawn.label, sphereColor: contactSphereColor, radii: encode(Float32Array.from(c.drawn.radii)), centers: encode(c.centers),
        triangleColor: contactTriangleColor, nTriangles: c.drawn.triangleCount, triangles: encode(trianglesStatic ? c.triangles.subarray(0, n) : c.triangles), trianglesStatic,
        pointColor: contactPointColor, pointOffsets: encode(c.pointOffsets), points: encode(Float32Array.from(c.points)),
      };
    }),
    sensors: sceneSensors(mbs),
    upAxis,
  };
}

/** The contour entry of a mesh body: values and colour range ('all' frames, per 'frame', or fixed). */
function contourData(values: Float32Array, n: number, nFrames: number, outputVariable: string, component: number, range: 'all' | 'frame' | readonly [number, number]): SceneContour {
  const frameMin = new Float64Array(nFrames).fill(Infinity), frameMax = new Float64Array(nFrames).fill(-Infinity);
  let min = Infinity, max = -Infinity;
  for (let f = 0; f < nFrames; f++) {
    for (let k = 0; k < n; k++) {
      const v = values[f * n + k];
      if (v < frameMin[f]) frameMin[f] = v;
      if (v > frameMax[f]) frameMax[f] = v;
    }
    min = Math.min(min, frameMin[f]);
    max = Math.max(max, frameMax[f]);
  }
  if (Array.isArray(range)) return { outputVariable, component, range: 'fixed', min: range[0], max: range[1], values: encode(values) };
  if (range === 'frame') return { outputVariable, component, range: 'frame', min, max, frameMin: encode(frameMin), frameMax: encode(frameMax), values: encode(values) };
  return { outputVariable, component, range: 'all', min, max, values: encode(values) };
}

/** Sensor rows for the plots: internal rows if stored, else the sensor file's rows; sensors without rows are left out. */
function sceneSensors(mbs: MainSystem): SceneSensor[] {
  const state = mbs.stateOf(ConfigurationType.Visualization);
  const result: SceneSensor[] = [];
  mbs.assembledItems().sensors.forEach((sensor, i) => {
    let data: Float64Array | undefined, nRows = 0, nCols = 0;
    if (sensor.storeInternal) {
      const rows = mbs.getSensorStoredData(i);
      nRows = rows.length;
      nCols = rows[0]?.length ?? 0;
      data = new Float64Array(nRows * nCols);
      rows.forEach((row, r) => data!.set(row, r * nCols));
    } else if (sensor.writeToFile) {
      const file = sensorFileName(sensor.fileName, i);
      const fileSystem = installedFileSystem();
      const table = fileSystem !== undefined
        ? (fileSystem.exists(file) ? loadSensorFile(file).data : undefined)
        : (mbs.outputFileNames().includes(file) ? parseSensorFile(mbs.getOutputFile(file), file).data : undefined);
      if (table !== undefined) {
        nRows = table.rows;
        nCols = table.columns;
        data = table.data;
      }
    }
    if (data === undefined || nRows === 0) return;
    const names = sensor.columnNames(state);
    const columns = ['time', ...(names.length === nCols - 1 ? names : Array.from({ length: nCols - 1 }, (_, k) => `value ${k}`))];
    result.push({ label: formatItemLabel(sensor.label), name: String(mbs.getSensor(i).name ?? ''), columns, nRows, rows: encode(data) });
  });
  return result;
}

/**
 * Writes the scene of a solution (a loaded solution or a solution file name) for the viewer
 * (`npx flexdyn view <solution file>`) and returns the scene file's path: options.fileName, else beside the
 * solution file ({@link sceneFileNameFor}). The system must be assembled and be the one that was solved.
 */
export function exportScene(mbs: MainSystem, solutionOrFile: SceneSolution | string, options: SceneOptions = {}): string {
  options = ownOptions('exportScene', options, sceneOptionNames);
  const solution = typeof solutionOrFile === 'string' ? loadSolutionFile(solutionOrFile) : solutionOrFile;
  const fileName = options.fileName ?? (solution.fileName ? sceneFileNameFor(solution.fileName) : undefined);
  if (fileName === undefined) throw new FlexdynError('exportScene: options.fileName must be given for a solution without fileName');
  const scene = computeScene(mbs, solution, options);
  writeFile(fileName, JSON.stringify(scene), 'exportScene');
  return fileName;
}
