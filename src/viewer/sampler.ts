/**
 * The one per-frame sampler of the drawn model, shared by the browser scene (scene.ts) and the ParaView export
 * (vtkExport.ts): which items are drawn and how (bodies with their graphics, rods as tubes, FFRF meshes, connectors
 * and joints, graphics user functions), and their geometry in the Visualization configuration of the current frame.
 * @module
 */
import type { MainSystem } from '../MainSystem.ts';
import { ConfigurationType, OutputVariableType } from '../registry/enums.ts';
import { describeValue, FlexdynError, formatItemLabel } from '../core/errors.ts';
import { checkKnownKeys, optionNames } from '../core/dictionary.ts';
import { visualizationOf } from '../registry/visualization.ts';
import type { BodyModel, ItemState, ObjectModel, SuperElementModel } from '../registry/capabilities.ts';
import type { SystemState } from '../model/SystemState.ts';
import { Basis, Sphere, color as namedColors, type GraphicsData } from '../graphics/graphicsData.ts';
import { connectorDrawings, defaultSpringWindings, type ConnectorDrawing } from './connectorDrawing.ts';
import { evaluateUserGraphics, userGraphicsItems, type UserGraphicsItem } from './userGraphics.ts';
import type { ContactPointList } from '../contact/contactPoints.ts';

/** A body drawn with its graphics data (or a default shape) at its pose. */
export interface DrawnBody {
  /** Object index. */
  readonly index: number;
  /** Item label, e.g. 'ObjectRigidBody #2'. */
  readonly label: string;
  /** Item name. */
  readonly name: string;
  /** The body's kinematics. */
  readonly body: BodyModel;
  /** Graphics in the body frame (ground: global). */
  readonly graphics: GraphicsData[];
  /** visualization.color when set (overrides the graphics colours). */
  readonly color?: number[];
  /** The body has an orientation (else its pose rotation is the identity). */
  readonly hasOrientation: boolean;
  /** The body does not move (ground: no nodes). */
  readonly isStatic: boolean;
}

/** A rod or cable drawn as a tube along its centerline. */
export interface DrawnRod {
  /** Object index. */
  readonly index: number;
  /** Item label. */
  readonly label: string;
  /** Item name. */
  readonly name: string;
  /** The rod's kinematics (body coordinates [start + s, 0, 0], s ∈ [0, length]). */
  readonly body: BodyModel;
  /** Tube radius. */
  readonly radius: number;
  /** visualization.color when set. */
  readonly color?: number[];
  /** Centerline samples, at s_i = length·i/(samples − 1). */
  readonly samples: number;
  /** Arc length of the centerline. */
  readonly length: number;
  /** Axial local coordinate of the centerline's start (body coordinates [start + s, 0, 0]). */
  readonly start: number;
  /** The rod answers RotationMatrix (cross-section frames); else rotation-minimizing frames are used. */
  readonly hasFrames: boolean;
}

/** A mesh body (FFRF super element) drawn from its surface triangles at its mesh node positions. */
export interface DrawnMesh {
  /** Object index. */
  readonly index: number;
  /** Item label. */
  readonly label: string;
  /** Item name. */
  readonly name: string;
  /** The mesh of the object. */
  readonly superElement: SuperElementModel;
  /** visualization.color when set. */
  readonly color?: number[];
  /** visualization.triangleMesh (checked mesh node numbers, 3 per triangle; empty: nodes drawn as points). */
  readonly triangles: Uint32Array;
}

/** What the sampler reads of a drawn contact: a GeneralContact, or a contact item through its contactPoints capability. */
export interface DrawableContact {
  /** Centres of the contact spheres (3 per sphere). */
  sphereCenters(s: ItemState, out: Float64Array): void;
  /** Points of the contact triangles (9 per triangle). */
  triangleVertices(s: ItemState, out: Float64Array): void;
  /** Appends the contact points of state s. */
  contactPoints(s: ItemState, out: ContactPointList): void;
}

/**
 * A contact drawn by its spheres, triangles and the contact points of each frame: a GeneralContact, or a contact item
 * (an object with contactPoints, e.g. ObjectContactRodPlane: points only).
 */
export interface DrawnContact {
  /** GeneralContact index (mbs.getGeneralContact); −1 for a contact item. */
  readonly index: number;
  /** Object index of a contact item; −1 for a GeneralContact. */
  readonly objectIndex: number;
  /** Its name, e.g. 'GeneralContact 0' or 'ObjectContactRodPlane #3'. */
  readonly label: string;
  /** The contact. */
  readonly contact: DrawableContact;
  /** Radii of the drawn spheres, by sphere index (empty: spheres not drawn). */
  readonly radii: Float64Array;
  /** Number of drawn triangles (0: none, or not drawn). */
  readonly triangleCount: number;
  /** Contact points are drawn. */
  readonly showContactPoints: boolean;
}

/**
 * What is drawn of GeneralContacts (Exudyn's visualizationSettings.contact names; Flexdyn draws both by default, Exudyn
 * neither).
 */
export interface ContactDrawingOptions {
  /** Draw the contact spheres at their markers (default true). */
  showSpheres?: boolean;
  /** Draw the contact triangles on their bodies (default true). */
  showTriangles?: boolean;
  /** Draw the contact points: where contact items overlap, the point midway in the overlap (default true). */
  showContactPoints?: boolean;
}

/** Exudyn's visualizationSettings.contact.colorSpheres. */
export const contactSphereColor = [0.8, 0.5, 0.2, 1];
/** Exudyn's visualizationSettings.contact.colorTriangles. */
export const contactTriangleColor = [0.5, 0.5, 0.5, 1];
/** Colour of drawn contact points. */
export const contactPointColor = [0.9, 0.1, 0.1, 1];

const contactOptionNames = optionNames<ContactDrawingOptions>({ showSpheres: true, showTriangles: true, showContactPoints: true });

/** Options of the sampler (the exporters' options of the same names). */
export interface SamplerOptions {
  /** What is drawn of GeneralContacts. */
  contact?: ContactDrawingOptions;
  /** Centerline samples per rod (default max(17, 4·(nodes − 1) + 1)). */
  rodSamples?: number;
  /** Windings of drawn springs (default 8, Exudyn's springNumberOfWindings). */
  springNumberOfWindings?: number;
}

const origin = new Float64Array(3);
const identity9 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/**
 * Collects what is drawn of an assembled system and samples its geometry in the Visualization configuration, which
 * the exporter sets to each frame (coordinates and time) before sampling. `where` names the exporter in errors.
 */
export class FrameSampler {
  /** The Visualization configuration the samples are taken in. */
  readonly state: SystemState;
  /** Size of the model: diagonal of the bounding box of the node reference positions (1 if there is none). */
  readonly modelSize: number;
  /** Drawn bodies. */
  readonly bodies: DrawnBody[] = [];
  /** Drawn rods. */
  readonly rods: DrawnRod[] = [];
  /** Drawn mesh bodies. */
  readonly meshes: DrawnMesh[] = [];
  /** Drawn connectors and joints. */
  readonly connectors: ConnectorDrawing[];
  /** Items with a graphics user function. */
  readonly userItems: UserGraphicsItem[];
  /** Drawn GeneralContacts. */
  readonly contacts: DrawnContact[] = [];

  constructor(private readonly mbs: MainSystem, private readonly where: string, options: SamplerOptions = {}) {
    const items = mbs.assembledItems();
    this.state = mbs.stateOf(ConfigurationType.Visualization);
    const reference = mbs.stateOf(ConfigurationType.Reference);
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (const node of items.nodes) {
      const p = node.output(OutputVariableType.Position, reference);
      if (p === undefined || p.length !== 3) continue;
      for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], p[k]); hi[k] = Math.max(hi[k], p[k]); }
    }
    this.modelSize = lo[0] <= hi[0] ? Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) || 1 : 1;
    if (options.rodSamples !== undefined && (!Number.isInteger(options.rodSamples) || options.rodSamples < 2)) {
      throw new FlexdynError(`${where}: rodSamples must be an integer ≥ 2, got ${options.rodSamples}`);
    }
    items.objects.forEach((object, index) => {
      const dictionary = mbs.getObject(index);
      const vis = visualizationOf(dictionary);
      if (!vis.show) return;
      const label = formatItemLabel(object.label);
      const name = String(dictionary.name ?? '');
      const color = vis.color[0] >= 0 ? vis.color : undefined;
      const superElement = object.superElement;
      if (superElement !== undefined) {
        this.meshes.push({ index, label, name, superElement, color, triangles: this.checkedTriangles(label, vis.triangleMesh, superElement.meshNodeCount) });
        return;
      }
      const body = object.body;
      if (body === undefined) return;
      if (body.arcLength !== undefined) {
        const hasFrames = body.outputBody(OutputVariableType.RotationMatrix, reference, origin) !== undefined;
        const samples = options.rodSamples ?? Math.max(17, 4 * (body.nodes.length - 1) + 1);
        this.rods.push({ index, label, name, body, radius: rodRadius(dictionary, this.modelSize), color, samples, length: body.arcLength, start: body.arcStart ?? 0, hasFrames });
        return;
      }
      if (body.outputBody(OutputVariableType.Position, reference, origin) === undefined) return;
      const hasOrientation = body.orientation !== undefined;
      let graphics = vis.graphicsData;
      if (graphics.length === 0) {
        if (body.nodes.length === 0) return; // ground without graphics
        const size = vis.drawSize > 0 ? vis.drawSize : 0.04 * this.modelSize;
        graphics = hasOrientation ? [Basis({ length: 1.5 * size, radius: 0.05 * size })] : [Sphere({ radius: size / 2, color: namedColors.defaultBody, nTiles: 12 })];
      }
      this.bodies.push({ index, label, name, body, graphics, color, hasOrientation, isStatic: body.nodes.length === 0 });
    });
    const windings = options.springNumberOfWindings ?? defaultSpringWindings;
    if (!Number.isInteger(windings) || windings < 1) throw new FlexdynError(`${where}: springNumberOfWindings must be a positive integer, got ${windings}`);
    this.connectors = connectorDrawings(mbs, this.modelSize, windings);
    this.userItems = userGraphicsItems(mbs);
    const { showSpheres, showTriangles, showContactPoints } = contactOptions(where, options.contact);
    for (let index = 0; index < mbs.numberOfGeneralContacts(); index++) {
      const contact = mbs.getGeneralContact(index);
      const radii = showSpheres ? contact.sphereRadii : new Float64Array(0);
      const triangleCount = showTriangles ? contact.numberOfTriangles : 0;
      if (radii.length > 0 || triangleCount > 0 || (showContactPoints && contact.numberOfSpheres > 0)) {
        this.contacts.push({ index, objectIndex: -1, label: contact.name, contact, radii, triangleCount, showContactPoints });
      }
    }
    if (showContactPoints) {
      items.objects.forEach((object, objectIndex) => {
        if (object.contactPoints !== undefined && visualizationOf(mbs.getObject(objectIndex)).show) {
          this.contacts.push({ index: -1, objectIndex, label: formatItemLabel(object.label), contact: contactItem(object), radii: new Float64Array(0), triangleCount: 0, showContactPoints });
        }
      });
    }
  }

  /** Centres of the drawn spheres of a contact (3 per sphere) into out. */
  contactSphereCenters(c: DrawnContact, out: Float64Array): void {
    c.contact.sphereCenters(this.state, out);
  }

  /** The points of the drawn triangles of a contact (9 per triangle) into out. */
  contactTriangles(c: DrawnContact, out: Float64Array): void {
    c.contact.triangleVertices(this.state, out);
  }

  /** The contact points of a contact in the current frame into out (cleared first). */
  contactPoints(c: DrawnContact, out: ContactPointList): void {
    out.clear();
    if (c.showContactPoints) c.contact.contactPoints(this.state, out);
  }

  /** Body pose: reference point p (3) and rotation matrix A (9, row-major; identity without orientation). */
  bodyPose(b: DrawnBody, p: Float64Array, A: Float64Array): void {
    b.body.position(this.state, origin, p);
    if (b.hasOrientation) b.body.orientation!(this.state, origin, A); else A.set(identity9);
  }

  /**
   * Rod centerline: per sample i the position (centers, 3 per sample) and the cross-section frame (frames, 9 per
   * sample, row-major, columns tangent and the two section axes, orthonormal): the rod's RotationMatrix made
   * orthonormal (interpolated rotations are orthogonal only at the nodes, and tube rings must be circles), else
   * rotation-minimizing frames along the sampled points.
   */
  rodCenterline(r: DrawnRod, centers: Float64Array, frames: Float64Array): void {
    const p = new Float64Array(3);
    const local = new Float64Array(3);
    for (let i = 0; i < r.samples; i++) {
      local[0] = this.axialCoordinate(r, i);
      r.body.position(this.state, local, p);
      centers.set(p, 3 * i);
      if (r.hasFrames) {
        frames.set(r.body.outputBody(OutputVariableType.RotationMatrix, this.state, local)!, 9 * i);
        orthonormalizeSectionAxes(frames, 9 * i);
      }
    }
    if (!r.hasFrames) transportFrames(centers, r.samples, frames);
  }

  /** Arc length of sample i of a rod. */
  arcLength(r: DrawnRod, i: number): number {
    return (r.length * i) / (r.samples - 1);
  }

  /** Axial local body coordinate of sample i of a rod (its arc length plus the rod's start). */
  axialCoordinate(r: DrawnRod, i: number): number {
    return r.start + this.arcLength(r, i);
  }

  /** Positions of all mesh nodes of a mesh body (3 per node) into out at offset o. */
  meshNodePositions(m: DrawnMesh, out: Float64Array | Float32Array, o = 0): void {
    const p = new Float64Array(3);
    for (let k = 0; k < m.superElement.meshNodeCount; k++) {
      m.superElement.meshNodeOutput(OutputVariableType.Position, this.state, k, p);
      for (let d = 0; d < 3; d++) out[o + 3 * k + d] = p[d];
    }
  }

  /** The graphics (global coordinates) user item k returns for the current frame (frame number and time for errors). */
  userGraphics(k: number, frame: number, time: number): GraphicsData[] {
    return evaluateUserGraphics(this.mbs, this.userItems[k], this.where, frame, time);
  }

  /** True if nothing is drawn. */
  get isEmpty(): boolean {
    return this.bodies.length + this.rods.length + this.meshes.length + this.connectors.length + this.userItems.length + this.contacts.length === 0;
  }

  private checkedTriangles(label: string, triangleMesh: readonly number[], meshNodeCount: number): Uint32Array {
    triangleMesh.forEach((t, k) => {
      if (!Number.isInteger(t) || t < 0 || t >= meshNodeCount) {
        throw new FlexdynError(`${this.where}: ${label}: visualization.triangleMesh entry ${k} must be a mesh node number in 0 … ${meshNodeCount - 1}, got ${t}`);
      }
    });
    if (triangleMesh.length % 3 !== 0) throw new FlexdynError(`${this.where}: ${label}: visualization.triangleMesh must have 3 node numbers per triangle, got ${triangleMesh.length}`);
    return Uint32Array.from(triangleMesh);
  }
}

/** A contact item drawn as a contact: its contact points, no spheres or triangles. */
function contactItem(object: ObjectModel): DrawableContact {
  return {
    sphereCenters: () => {},
    triangleVertices: () => {},
    contactPoints: (s, out) => object.contactPoints?.(s, out),
  };
}

/** The contact options checked, with their defaults. */
function contactOptions(where: string, options: ContactDrawingOptions | undefined): Required<ContactDrawingOptions> {
  if (options !== undefined) checkKnownKeys(where, options, contactOptionNames, 'an option of contact', 'options.contact');
  const flag = (name: keyof ContactDrawingOptions): boolean => {
    const value = options?.[name] ?? true;
    if (typeof value !== 'boolean') throw new FlexdynError(`${where}: contact.${name} must be true or false, got ${describeValue(value)}`, { parameter: `contact.${name}` });
    return value;
  };
  return { showSpheres: flag('showSpheres'), showTriangles: flag('showTriangles'), showContactPoints: flag('showContactPoints') };
}

/** Tube radius: visualization radius, else drawSize/2, else √(2(EI₂ + EI₃)/EA) (exact for a circular section), else 1 % of the model size. */
function rodRadius(dictionary: Record<string, unknown>, modelSize: number): number {
  const vis = visualizationOf(dictionary);
  if (vis.radius > 0) return vis.radius;
  if (vis.drawSize > 0) return vis.drawSize / 2;
  if (vis.drawHeight > 0) return vis.drawHeight / 2;
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
    // start with z (or y for a tangent near z); each normal is the previous one made orthogonal to the tangent
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

/** Makes columns 2 and 3 of a row-major 3×3 matrix at offset o (the cross-section axes) orthonormal by Gram–Schmidt. */
function orthonormalizeSectionAxes(a: Float64Array, o: number): void {
  const n2 = Math.hypot(a[o + 1], a[o + 4], a[o + 7]) || 1;
  for (let d = 0; d < 3; d++) a[o + 3 * d + 1] /= n2;
  const dot = a[o + 1] * a[o + 2] + a[o + 4] * a[o + 5] + a[o + 7] * a[o + 8];
  for (let d = 0; d < 3; d++) a[o + 3 * d + 2] -= dot * a[o + 3 * d + 1];
  const n3 = Math.hypot(a[o + 2], a[o + 5], a[o + 8]) || 1;
  for (let d = 0; d < 3; d++) a[o + 3 * d + 2] /= n3;
}
