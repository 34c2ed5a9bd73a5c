import type { ItemState, NodeModel, ObjectModel } from '../registry/capabilities.ts';
import { FlexdynError } from '../core/errors.ts';
import { checkNumber } from './contactSettings.ts';
import { ContactTypeIndex, type ContactItemSet } from './contactKernel.ts';
import { centerlineCoefficients } from './ancfCableCircle.ts';

/**
 * The ANCF cable elements of a GeneralContact (Exudyn's ContactANCFCable2D): ObjectANCFCable2D elements in contact with
 * the circles of the x–y plane that the contact spheres make, each with a halfHeight (the distance of the contact
 * surface from the centerline), a contact stiffness, a damping and a friction material. Per element the total
 * coordinates e = [r0, r0', r1, r1'] (8) and their velocities are kept up to date; its bounding box is that of the cubic
 * centerline on [0, L] (exact extrema of both coordinates), widened by √2·halfHeight in x and y and flat in z = 0, as in
 * Exudyn.
 */
export class ContactANCFCables implements ContactItemSet {
  readonly typeIndex = ContactTypeIndex.IndexANCFCable2D;
  offset = 0;
  private readonly objectNumbers: number[] = [];
  private readonly halfHeights: number[] = [];
  private readonly stiffnesses: number[] = [];
  private readonly dampings: number[] = [];
  private readonly materials: number[] = [];
  /** Per element (bound at assembly): object number, length, halfHeight, contact stiffness, damping, friction material. */
  objectNumber = new Int32Array(0);
  length = new Float64Array(0);
  halfHeight = new Float64Array(0);
  stiffness = new Float64Array(0);
  damping = new Float64Array(0);
  material = new Int32Array(0);
  /** Global velocity index of each of the 8 coordinates of element i at 8i. */
  ltg = new Int32Array(0);
  /** Total coordinates e (8 per element) and their velocities at the last update. */
  coordinates = new Float64Array(0);
  velocities = new Float64Array(0);
  private nodes: NodeModel[][] = [];
  private readonly coefficients = new Float64Array(4);

  constructor(private readonly name: string) {}

  /** Number of cable elements. */
  get count(): number {
    return this.objectNumbers.length;
  }

  /** Adds an element (checked: halfHeight ≥ 0, contactStiffness > 0, contactDamping ≥ 0, frictionMaterialIndex ≥ 0); returns its index. */
  add(objectIndex: number, halfHeight: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number): number {
    checkNumber(this.name, 'objectIndex', objectIndex, (v) => Number.isInteger(v) && v >= 0, 'an object index (integer ≥ 0)');
    checkNumber(this.name, 'halfHeight', halfHeight, (v) => v >= 0, 'a finite number ≥ 0');
    checkNumber(this.name, 'contactStiffness', contactStiffness, (v) => v > 0, 'a finite number > 0');
    checkNumber(this.name, 'contactDamping', contactDamping, (v) => v >= 0, 'a finite number ≥ 0');
    checkNumber(this.name, 'frictionMaterialIndex', frictionMaterialIndex, (v) => Number.isInteger(v) && v >= 0, 'an integer ≥ 0');
    this.objectNumbers.push(objectIndex);
    this.halfHeights.push(halfHeight);
    this.stiffnesses.push(contactStiffness);
    this.dampings.push(contactDamping);
    this.materials.push(frictionMaterialIndex);
    return this.objectNumbers.length - 1;
  }

  /** Binds the elements to the objects of a compiled model: each must be an ObjectANCFCable2D; friction materials < nMaterials. */
  bind(objects: readonly ObjectModel[], nMaterials: number): void {
    const n = this.count;
    this.nodes = this.objectNumbers.map((number, i) => {
      const object = objects[number];
      if (object === undefined) {
        throw new FlexdynError(`${this.name}: ANCF cable ${i} refers to object ${number}, which does not exist (${objects.length} objects)`, { parameter: 'objectIndex' });
      }
      if (object.label.typeName !== 'ANCFCable2D' || object.body?.arcLength === undefined) {
        throw new FlexdynError(`${this.name}: ANCF cable ${i} must refer to an ObjectANCFCable2D, got object ${number} (Object${object.label.typeName})`, { parameter: 'objectIndex' });
      }
      if (this.materials[i] >= nMaterials) {
        throw new FlexdynError(`${this.name}: ANCF cable ${i} has frictionMaterialIndex ${this.materials[i]}, expected < ${nMaterials} (the size of setFrictionPairings)`, { parameter: 'frictionMaterialIndex' });
      }
      return [...object.body.nodes];
    });
    this.objectNumber = Int32Array.from(this.objectNumbers);
    this.length = Float64Array.from(this.objectNumbers, (number) => objects[number].body!.arcLength!);
    this.halfHeight = Float64Array.from(this.halfHeights);
    this.stiffness = Float64Array.from(this.stiffnesses);
    this.damping = Float64Array.from(this.dampings);
    this.material = Int32Array.from(this.materials);
    this.ltg = new Int32Array(8 * n);
    this.nodes.forEach((nodes, i) => {
      for (let k = 0; k < 4; k++) { this.ltg[8 * i + k] = nodes[0].uIndex + k; this.ltg[8 * i + 4 + k] = nodes[1].uIndex + k; }
    });
    this.coordinates = new Float64Array(8 * n);
    this.velocities = new Float64Array(8 * n);
  }

  /** Writes the total coordinates e = [r0, r0', r1, r1'] of every element at s (8 per element) to out. */
  readCoordinates(s: ItemState, out: Float64Array): void {
    // the nodes by index, not by destructuring (an array pattern runs the iterator protocol until optimized)
    const qRef = s.qRef, q = s.q;
    for (let i = 0; i < this.nodes.length; i++) {
      const pair = this.nodes[i], i0 = pair[0].qIndex, i1 = pair[1].qIndex;
      for (let k = 0; k < 4; k++) {
        out[8 * i + k] = qRef[i0 + k] + q[i0 + k];
        out[8 * i + 4 + k] = qRef[i1 + k] + q[i1 + k];
      }
    }
  }

  /**
   * Writes the bounding box of element i with the total coordinates e[8i …] to boxes[at … at + 5]: the box of the cubic
   * centerline widened by √2·halfHeight in x and y, flat in z = 0.
   */
  elementBox(i: number, e: Float64Array, boxes: Float64Array, at: number): void {
    const widen = Math.SQRT2 * this.halfHeight[i];
    for (let k = 0; k < 2; k++) {
      centerlineCoefficients(e, 8 * i, k, this.length[i], this.coefficients, 0);
      cubicRange(this.coefficients, this.length[i], boxes, at + k, at + 3 + k);
      boxes[at + k] -= widen;
      boxes[at + 3 + k] += widen;
    }
    boxes[at + 2] = 0;
    boxes[at + 5] = 0;
  }

  update(s: ItemState, boxes: Float64Array): void {
    const et = this.velocities;
    this.readCoordinates(s, this.coordinates);
    const u = s.u;
    for (let i = 0; i < this.nodes.length; i++) {
      const pair = this.nodes[i], j0 = pair[0].uIndex, j1 = pair[1].uIndex;
      for (let k = 0; k < 4; k++) {
        et[8 * i + k] = u[j0 + k];
        et[8 * i + 4 + k] = u[j1 + k];
      }
      this.elementBox(i, this.coordinates, boxes, 6 * (this.offset + i));
    }
  }
}

/**
 * The range of a cubic r(x) = c0 + c1 x + c2 x² + c3 x³ on [0, L]: min into out[min], max into out[max], from the ends
 * and the interior zeros of its derivative.
 */
function cubicRange(c: Float64Array, L: number, out: Float64Array, min: number, max: number): void {
  const c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];
  const end = c0 + L * (c1 + L * (c2 + L * c3));
  let lo = Math.min(c0, end), hi = Math.max(c0, end);
  // interior extrema: r'(x) = c1 + 2 c2 x + 3 c3 x² = 0
  let xa = NaN, xb = NaN;
  if (c3 !== 0) {
    const det = c2 * c2 - 3 * c3 * c1;
    if (det >= 0) {
      xa = (-c2 + Math.sqrt(det)) / (3 * c3);
      xb = (-c2 - Math.sqrt(det)) / (3 * c3);
    }
  } else if (c2 !== 0) xa = -c1 / (2 * c2);
  for (let k = 0; k < 2; k++) {
    const x = k === 0 ? xa : xb;
    if (!(x > 0 && x < L)) continue;
    const v = c0 + x * (c1 + x * (c2 + x * c3));
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  out[min] = lo;
  out[max] = hi;
}
