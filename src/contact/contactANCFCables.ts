import type { ItemState, NodeModel, ObjectModel } from '../registry/capabilities.ts';
import { FlexdynError } from '../core/errors.ts';
import { checkNumber } from './contactSettings.ts';
import { ContactTypeIndex, type ContactItemSet } from './contactKernel.ts';
import { cableContactModule } from './ancfCableCircle.ts';
import type * as kernelSource from './ancfCableCircleKernelsSource.ts';
import { instantiateKernels, kernelLayout, kernelViews, memoryPages, type KernelExports } from '../linalg/storedWasmModule.ts';

/**
 * The ANCF cable elements of a GeneralContact (Exudyn's ContactANCFCable2D): ObjectANCFCable2D elements in contact with
 * the circles of the x–y plane that the contact spheres make, each with a halfHeight (the distance of the contact
 * surface from the centerline), a contact stiffness, a damping and a friction material. Per element the total
 * coordinates e = [r0, r0', r1, r1'] (8) and their velocities are kept up to date; its bounding box is that of the cubic
 * centerline on [0, L] (exact extrema of both coordinates), widened by √2·halfHeight in x and y and flat in z = 0, as in
 * Exudyn. The coordinates, lengths and halfHeights are views of a WebAssembly memory of the set's own, where
 * ancfCableCircleKernelsSource.ts' cableBoxes computes the boxes.
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
  /** The boxes kernel and the byte addresses of its arrays (set in bind), with the view of the boxes it writes. */
  private kernel: KernelExports<typeof kernelSource>['cableBoxes'] = () => undefined;
  private at = { coordinates: 0, length: 0, halfHeight: 0, boxes: 0 };
  private boxes = new Float64Array(0);

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
    const views = this.bindKernel(n);
    this.boxes = views.boxes;
    this.length = views.length;
    this.objectNumbers.forEach((number, i) => { this.length[i] = objects[number].body!.arcLength!; });
    this.halfHeight = views.halfHeight;
    this.halfHeight.set(this.halfHeights);
    this.stiffness = Float64Array.from(this.stiffnesses);
    this.damping = Float64Array.from(this.dampings);
    this.material = Int32Array.from(this.materials);
    this.ltg = new Int32Array(8 * n);
    this.nodes.forEach((nodes, i) => {
      for (let k = 0; k < 4; k++) { this.ltg[8 * i + k] = nodes[0].uIndex + k; this.ltg[8 * i + 4 + k] = nodes[1].uIndex + k; }
    });
    this.coordinates = views.coordinates;
    this.velocities = new Float64Array(8 * n);
  }

  /**
   * The boxes kernel on a memory for n elements and the views of its arrays (without elements: empty arrays, no
   * module compiled).
   */
  private bindKernel(n: number): Record<'coordinates' | 'length' | 'halfHeight' | 'boxes', Float64Array<ArrayBuffer>> {
    if (n === 0) {
      this.kernel = () => undefined;
      return { coordinates: new Float64Array(0), length: new Float64Array(0), halfHeight: new Float64Array(0), boxes: new Float64Array(0) };
    }
    const layout = kernelLayout({ coordinates: 8 * n, length: n, halfHeight: n, boxes: 6 * n });
    const { exports, doubles } = instantiateKernels<KernelExports<typeof kernelSource>>(cableContactModule(), memoryPages(8 * layout.doubles));
    this.kernel = exports.cableBoxes;
    this.at = layout.addresses;
    return kernelViews(doubles, layout);
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
    }
    const at = this.at;
    this.kernel(at.coordinates, at.length, at.halfHeight, at.boxes, this.nodes.length);
    boxes.set(this.boxes, 6 * this.offset);
  }
}
