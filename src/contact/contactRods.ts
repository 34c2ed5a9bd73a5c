import { bodyOrigin, type ItemState, type NodeModel, type ObjectModel } from '../registry/capabilities.ts';
import { FlexdynError } from '../core/errors.ts';
import { checkNumber } from './contactSettings.ts';
import { ContactTypeIndex, type ContactItemSet } from './contactKernel.ts';
import { lagrangeBasisInto } from '../items/objects/cosseratRod/lagrange.ts';

/** Sub-chords per element with which the reference element length of the self-contact check is measured. */
const LENGTH_CHORDS = 16;

/**
 * The rod segments of a GeneralContact (Flexdyn's own kind, ContactTypeIndex.IndexRodSegments): the centerline
 * r = Σ N_i r_i of each element of a CosseratRod of degree p, split at the element parameters η = j/m (m =
 * segmentsPerElement) into m straight segments, each a capsule of the rod's cross-section radius. A segment's end points
 * are fixed combinations P = Σ N_i(η_j) r_i of the element's p + 1 nodal positions ({@link weights}), so a point
 * (1 − s) P_0 + s P_1 of it and its velocity are linear in the nodal positions and velocities (for p = 1 and m = 1 the
 * segments are the centerline itself). Per update the end points and their velocities are kept up to date; a segment's
 * bounding box is that of its end points widened by the radius. Self contact of a rod excludes the segment pairs closer
 * along the reference centerline than the exclusion length π R ({@link excluded}).
 */
export class ContactRodSegments implements ContactItemSet {
  readonly typeIndex = ContactTypeIndex.IndexRodSegments;
  offset = 0;
  private readonly rods: { objectIndex: number; radius: number; stiffness: number; damping: number; material: number; segmentsPerElement: number; selfContact: boolean }[] = [];
  /** Per rod (as added): its first segment (set at bind). */
  private readonly rodFirst: number[] = [];
  private total = 0;
  /** Nodes per segment (p + 1 of its element) and the largest of them over all rods. */
  nodesPerSegment = new Int32Array(0);
  maxNodes = 0;
  /** Per segment: its rod (index in the order added), radius, contact stiffness, damping, friction material. */
  rod = new Int32Array(0);
  radius = new Float64Array(0);
  stiffness = new Float64Array(0);
  damping = new Float64Array(0);
  material = new Int32Array(0);
  /** Per segment: whether the rod contacts itself, and the reference arc length at its start and end (sum of segment chords). */
  selfContact = new Uint8Array(0);
  arcStart = new Float64Array(0);
  arcEnd = new Float64Array(0);
  /** Per segment: 1 if the next segment along the same rod exists (its end point is shared and owned by that segment). */
  hasNext = new Uint8Array(0);
  /**
   * Per segment, at 2·maxNodes·i: the weights N_k(η_0) of its start point, then at 2·maxNodes·i + maxNodes those of its
   * end point, for the nodes k of {@link nodes} (nodesPerSegment of them).
   */
  weights = new Float64Array(0);
  /** Per segment at maxNodes·i: the nodes of its element. */
  nodes: NodeModel[] = [];
  /** Per segment at 3·maxNodes·i: the global velocity indices of the nodal positions (3 per node). */
  ltg = new Int32Array(0);
  /** End points [P_0, P_1] (6 per segment) and their velocities at the last update. */
  points = new Float64Array(0);
  velocities = new Float64Array(0);

  constructor(private readonly name: string) {}

  /** Number of segments (of all rods; known after {@link add}). */
  get count(): number {
    return this.total;
  }

  /** Number of rods added. */
  get numberOfRods(): number {
    return this.rods.length;
  }

  /** The first segment of rod r (in the order added) and its number of segments (after assembly). */
  segmentsOf(r: number): { first: number; count: number } {
    const first = this.rodFirst[r];
    return { first, count: (r + 1 < this.rodFirst.length ? this.rodFirst[r + 1] : this.total) - first };
  }

  /**
   * Adds a rod (checked: radius > 0, contactStiffness > 0, contactDamping ≥ 0, frictionMaterialIndex ≥ 0,
   * segmentsPerElement an integer ≥ 1, selfContact a boolean; the rod's kind and elements at bind). Returns the rod's
   * index in this set; its segments (elements × segmentsPerElement) are numbered at assembly ({@link segmentsOf}).
   */
  add(objectIndex: number, radius: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number, segmentsPerElement: number, selfContact: boolean): number {
    checkNumber(this.name, 'objectIndex', objectIndex, (v) => Number.isInteger(v) && v >= 0, 'an object index (integer ≥ 0)');
    checkNumber(this.name, 'radius', radius, (v) => v > 0, 'a finite number > 0 (the cross-section radius)');
    checkNumber(this.name, 'contactStiffness', contactStiffness, (v) => v > 0, 'a finite number > 0');
    checkNumber(this.name, 'contactDamping', contactDamping, (v) => v >= 0, 'a finite number ≥ 0');
    checkNumber(this.name, 'frictionMaterialIndex', frictionMaterialIndex, (v) => Number.isInteger(v) && v >= 0, 'an integer ≥ 0');
    checkNumber(this.name, 'segmentsPerElement', segmentsPerElement, (v) => Number.isInteger(v) && v >= 1, 'an integer ≥ 1');
    if (typeof selfContact !== 'boolean') throw new FlexdynError(`${this.name}: selfContact must be a boolean, got ${String(selfContact)}`, { parameter: 'selfContact' });
    this.rods.push({ objectIndex, radius, stiffness: contactStiffness, damping: contactDamping, material: frictionMaterialIndex, segmentsPerElement, selfContact });
    return this.rods.length - 1;
  }

  /**
   * Binds the rods to the objects of a compiled model: each must be a CosseratRod, friction materials < nMaterials and,
   * with self contact, the radius at most the shortest reference element length (a larger radius makes the neighbour
   * exclusion span several elements: ill-posed). Numbers the segments rod after rod and allocates the work arrays.
   */
  bind(objects: readonly ObjectModel[], nMaterials: number): void {
    const elementsOf: { nodes: readonly NodeModel[]; p: number; elements: number }[] = this.rods.map((rod, r) => {
      const object = objects[rod.objectIndex];
      if (object === undefined) {
        throw new FlexdynError(`${this.name}: rod ${r} refers to object ${rod.objectIndex}, which does not exist (${objects.length} objects)`, { parameter: 'objectIndex' });
      }
      const body = object.body;
      if (object.label.typeName !== 'CosseratRod' || body === undefined || body.nodesAt === undefined) {
        throw new FlexdynError(`${this.name}: rod ${r} must refer to an ObjectCosseratRod, got object ${rod.objectIndex} (Object${object.label.typeName})`, { parameter: 'objectIndex' });
      }
      if (rod.material >= nMaterials) {
        throw new FlexdynError(`${this.name}: rod ${r} has frictionMaterialIndex ${rod.material}, expected < ${nMaterials} (the size of setFrictionPairings)`, { parameter: 'frictionMaterialIndex' });
      }
      const p = body.nodesAt(bodyOrigin).length - 1;
      return { nodes: body.nodes, p, elements: (body.nodes.length - 1) / p };
    });
    let total = 0;
    this.rodFirst.length = 0;
    for (let r = 0; r < this.rods.length; r++) { this.rodFirst.push(total); total += elementsOf[r].elements * this.rods[r].segmentsPerElement; }
    this.total = total;
    const maxNodes = Math.max(0, ...elementsOf.map((rod) => rod.p + 1));
    this.maxNodes = maxNodes;
    this.nodesPerSegment = new Int32Array(total);
    this.rod = new Int32Array(total);
    this.radius = new Float64Array(total);
    this.stiffness = new Float64Array(total);
    this.damping = new Float64Array(total);
    this.material = new Int32Array(total);
    this.selfContact = new Uint8Array(total);
    this.arcStart = new Float64Array(total);
    this.arcEnd = new Float64Array(total);
    this.hasNext = new Uint8Array(total);
    this.weights = new Float64Array(2 * maxNodes * total);
    this.nodes = new Array<NodeModel>(maxNodes * total);
    this.ltg = new Int32Array(3 * maxNodes * total);
    this.points = new Float64Array(6 * total);
    this.velocities = new Float64Array(6 * total);
    const n = new Float64Array(maxNodes), dn = new Float64Array(maxNodes), a = new Float64Array(3), b = new Float64Array(3);
    for (let r = 0; r < this.rods.length; r++) {
      const rod = this.rods[r], { nodes, p, elements } = elementsOf[r], m = rod.segmentsPerElement;
      const referencePoint = (e: number, eta: number, out: Float64Array) => {
        lagrangeBasisInto(p, eta, n, dn, 0);
        out.fill(0);
        for (let k = 0; k <= p; k++) for (let d = 0; d < 3; d++) out[d] += n[k] * nodes[p * e + k].referenceCoordinates[d];
      };
      let arc = 0;
      for (let e = 0; e < elements; e++) {
        if (rod.selfContact) {
          let length = 0;
          referencePoint(e, 0, a);
          for (let c = 1; c <= LENGTH_CHORDS; c++) { referencePoint(e, c / LENGTH_CHORDS, b); length += Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]); a.set(b); }
          // a radius equal to the element length (L/n exactly) is allowed: the chord sum is rounded by a few ulps
          if (rod.radius > length * (1 + 1e-12)) {
            throw new FlexdynError(`${this.name}: rod ${r} (object ${rod.objectIndex}) with self contact must have a radius ≤ its element length (the contact of neighbours within π·radius along the rod resolves bends at the element scale), `
              + `got radius ${rod.radius} > length ${length} of element ${e}: use fewer elements or selfContact = false`, { parameter: 'radius' });
          }
        }
        for (let j = 0; j < m; j++) {
          const i = this.rodFirst[r] + m * e + j;
          this.nodesPerSegment[i] = p + 1;
          this.rod[i] = r;
          this.radius[i] = rod.radius;
          this.stiffness[i] = rod.stiffness;
          this.damping[i] = rod.damping;
          this.material[i] = rod.material;
          this.selfContact[i] = rod.selfContact ? 1 : 0;
          this.hasNext[i] = e + 1 < elements || j + 1 < m ? 1 : 0;
          for (let end = 0; end < 2; end++) {
            lagrangeBasisInto(p, (j + end) / m, n, dn, 0);
            for (let k = 0; k <= p; k++) this.weights[2 * maxNodes * i + end * maxNodes + k] = n[k];
          }
          for (let k = 0; k <= p; k++) {
            const node = nodes[p * e + k];
            this.nodes[maxNodes * i + k] = node;
            for (let d = 0; d < 3; d++) this.ltg[3 * maxNodes * i + 3 * k + d] = node.uIndex + d;
          }
          referencePoint(e, j / m, a);
          referencePoint(e, (j + 1) / m, b);
          this.arcStart[i] = arc;
          arc += Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
          this.arcEnd[i] = arc;
        }
      }
    }
  }

  /**
   * True if segments i and j are excluded from contact: of the same rod without self contact, or neighbours that share a
   * node (they cannot pass through each other; their contact distance {@link contactDistance} would be 0).
   */
  excluded(i: number, j: number): boolean {
    if (this.rod[i] !== this.rod[j]) return false;
    if (this.selfContact[i] === 0) return true;
    return (j === i + 1 && this.hasNext[i] === 1) || (i === j + 1 && this.hasNext[j] === 1);
  }

  /**
   * The distance of the centerlines at which segments i and j touch: R_i + R_j, except for segments of one rod closer
   * than π·R along it (R the mean radius, Δs the reference arc length between them): 2R sin(Δs/2R), the chord of a
   * circle of radius R over Δs. Two stretches of one rod bent no tighter than its radius are never closer than that
   * chord, so such a pair touches exactly when the rod between them bends tighter than its cross-section radius (where
   * its inner fibres would meet); it is continuous at Δs = πR, where the chord is 2R, and 0 for neighbours.
   */
  contactDistance(i: number, j: number): number {
    const sum = this.radius[i] + this.radius[j];
    if (this.rod[i] !== this.rod[j]) return sum;
    const arc = j > i ? this.arcStart[j] - this.arcEnd[i] : this.arcStart[i] - this.arcEnd[j];
    return arc < 0.5 * Math.PI * sum ? sum * Math.sin(arc / sum) : sum;
  }

  /** Writes the end points [P_0, P_1] of all segments at s (6 per segment) to out, and their velocities to velocities if given. */
  readPoints(s: ItemState, out: Float64Array, velocities?: Float64Array): void {
    const { maxNodes, weights, nodes } = this;
    const q = s.q, u = s.u;
    for (let i = 0; i < this.total; i++) {
      const np = this.nodesPerSegment[i], w = 2 * maxNodes * i;
      let x0 = 0, y0 = 0, z0 = 0, x1 = 0, y1 = 0, z1 = 0, vx0 = 0, vy0 = 0, vz0 = 0, vx1 = 0, vy1 = 0, vz1 = 0;
      for (let k = 0; k < np; k++) {
        const node = nodes[maxNodes * i + k], ref = node.referenceCoordinates, at = node.qIndex;
        const n0 = weights[w + k], n1 = weights[w + maxNodes + k];
        const x = ref[0] + q[at], y = ref[1] + q[at + 1], z = ref[2] + q[at + 2];
        x0 += n0 * x; y0 += n0 * y; z0 += n0 * z;
        x1 += n1 * x; y1 += n1 * y; z1 += n1 * z;
        if (velocities !== undefined) {
          const v = node.uIndex;
          vx0 += n0 * u[v]; vy0 += n0 * u[v + 1]; vz0 += n0 * u[v + 2];
          vx1 += n1 * u[v]; vy1 += n1 * u[v + 1]; vz1 += n1 * u[v + 2];
        }
      }
      out[6 * i] = x0; out[6 * i + 1] = y0; out[6 * i + 2] = z0; out[6 * i + 3] = x1; out[6 * i + 4] = y1; out[6 * i + 5] = z1;
      if (velocities !== undefined) {
        velocities[6 * i] = vx0; velocities[6 * i + 1] = vy0; velocities[6 * i + 2] = vz0;
        velocities[6 * i + 3] = vx1; velocities[6 * i + 4] = vy1; velocities[6 * i + 5] = vz1;
      }
    }
  }

  update(s: ItemState, boxes: Float64Array): void {
    this.readPoints(s, this.points, this.velocities);
    const x = this.points;
    for (let i = 0; i < this.total; i++) {
      const at = 6 * (this.offset + i), R = this.radius[i];
      for (let k = 0; k < 3; k++) {
        const a = x[6 * i + k], b = x[6 * i + 3 + k];
        boxes[at + k] = Math.min(a, b) - R;
        boxes[at + 3 + k] = Math.max(a, b) + R;
      }
    }
  }
}
