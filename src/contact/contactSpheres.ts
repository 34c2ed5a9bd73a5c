import type { ItemState, MarkerModel, PositionMarkerModel } from '../registry/capabilities.ts';
import { FlexdynError } from '../core/errors.ts';
import { checkNumber } from './contactSettings.ts';
import { ContactTypeIndex, type ContactItemSet } from './contactKernel.ts';
import { isPositionMarker, MarkerKinematics } from './contactMarkers.ts';

/**
 * The contact spheres of a GeneralContact (Exudyn's ContactSpheresMarkerBased): spheres of given radius at position
 * markers (node, body or rigid markers), each with a contact stiffness, a damping and a friction material. Their
 * bounding boxes are [p − r, p + r].
 */
export class ContactSpheres implements ContactItemSet {
  readonly typeIndex = ContactTypeIndex.IndexSpheresMarkerBased;
  offset = 0;
  /** Kinematics of the sphere centres (the markers). */
  readonly kinematics = new MarkerKinematics();
  private readonly markerNumbers: number[] = [];
  private readonly radii: number[] = [];
  private readonly stiffnesses: number[] = [];
  private readonly dampings: number[] = [];
  private readonly materials: number[] = [];
  /** Radius, contact stiffness, damping and friction material of each sphere (arrays at assembly). */
  radius = new Float64Array(0);
  stiffness = new Float64Array(0);
  damping = new Float64Array(0);
  material = new Int32Array(0);
  /** The spheres whose markers have coordinates (the others' boxes are written when their kinematics places them). */
  private moving = new Int32Array(0);

  constructor(private readonly name: string) {}

  /** Number of spheres. */
  get count(): number {
    return this.markerNumbers.length;
  }

  /** Adds a sphere (checked: radius > 0, contactStiffness > 0, contactDamping ≥ 0, frictionMaterialIndex ≥ 0); returns its index. */
  add(markerIndex: number, radius: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number): number {
    checkNumber(this.name, 'markerIndex', markerIndex, (v) => Number.isInteger(v) && v >= 0, 'a marker index (integer ≥ 0)');
    checkNumber(this.name, 'radius', radius, (v) => v > 0, 'a finite number > 0');
    checkNumber(this.name, 'contactStiffness', contactStiffness, (v) => v > 0, 'a finite number > 0');
    checkNumber(this.name, 'contactDamping', contactDamping, (v) => v >= 0, 'a finite number ≥ 0');
    checkNumber(this.name, 'frictionMaterialIndex', frictionMaterialIndex, (v) => Number.isInteger(v) && v >= 0, 'an integer ≥ 0');
    this.markerNumbers.push(markerIndex);
    this.radii.push(radius);
    this.stiffnesses.push(contactStiffness);
    this.dampings.push(contactDamping);
    this.materials.push(frictionMaterialIndex);
    return this.markerNumbers.length - 1;
  }

  /** Binds the spheres to the markers of a compiled model: checks the marker kinds and friction materials (< nMaterials). */
  bind(markers: readonly MarkerModel[], nMaterials: number): void {
    const bound = this.markerNumbers.map((number, i): PositionMarkerModel => {
      const marker = markers[number];
      if (marker === undefined) {
        throw new FlexdynError(`${this.name}: sphere ${i} refers to marker ${number}, which does not exist (${markers.length} markers)`, { parameter: 'markerIndex' });
      }
      if (!isPositionMarker(marker)) {
        throw new FlexdynError(`${this.name}: sphere ${i} needs a position marker (MarkerNodePosition, MarkerBodyPosition, MarkerNodeRigid, MarkerBodyRigid), got marker ${number} (Marker${marker.label.typeName}) without a position`, { parameter: 'markerIndex' });
      }
      if (this.materials[i] >= nMaterials) {
        throw new FlexdynError(`${this.name}: sphere ${i} has frictionMaterialIndex ${this.materials[i]}, expected < ${nMaterials} (the size of setFrictionPairings)`, { parameter: 'frictionMaterialIndex' });
      }
      return marker;
    });
    this.kinematics.bind(bound, false);
    this.radius = Float64Array.from(this.radii);
    this.stiffness = Float64Array.from(this.stiffnesses);
    this.damping = Float64Array.from(this.dampings);
    this.material = Int32Array.from(this.materials);
    this.moving = Int32Array.from(bound.flatMap((marker, i) => (marker.nLocalU > 0 ? [i] : [])));
  }

  /** True if sphere i's marker has no coordinates (placed once: its box never changes). */
  isFixed(i: number): boolean {
    return this.kinematics.columns(i) === 0;
  }

  /** Writes the centres of the spheres at the state s (3 per sphere) to out, without changing the kinematics of the last update. */
  centers(s: ItemState, out: Float64Array): void {
    this.kinematics.positions(s, out);
  }

  /** As ContactItemSet.update; centers: the sphere centres at s where known already (3 per sphere, as {@link centers} writes them). */
  update(s: ItemState, boxes: Float64Array, centers?: Float64Array): void {
    // the boxes of spheres without coordinates are those of the update that placed them (the same numbers)
    const all = this.kinematics.update(s, centers);
    const x = this.kinematics.position3, r = this.radius, moving = this.moving, n = all ? this.radius.length : moving.length;
    for (let m = 0; m < n; m++) {
      const i = all ? m : moving[m];
      const at = 6 * (this.offset + i);
      const x0 = x[3 * i], x1 = x[3 * i + 1], x2 = x[3 * i + 2], ri = r[i]; // (loaded once: see ContactTriangles.update)
      boxes[at] = x0 - ri; boxes[at + 1] = x1 - ri; boxes[at + 2] = x2 - ri;
      boxes[at + 3] = x0 + ri; boxes[at + 4] = x1 + ri; boxes[at + 5] = x2 + ri;
    }
  }
}
