import { describeValue, FlexdynError } from '../core/errors.ts';

/** Throws a FlexdynError `<name>: <parameter> must be <expected>, got <value>` unless value is a finite number with ok(value). */
export function checkNumber(name: string, parameter: string, value: unknown, ok: (v: number) => boolean, expected: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !ok(value)) {
    throw new FlexdynError(`${name}: ${parameter} must be ${expected}, got ${describeValue(value)}`, { parameter });
  }
  return value;
}

/** Throws a FlexdynError unless value is a boolean. */
function checkBoolean(name: string, parameter: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new FlexdynError(`${name}: ${parameter} must be a boolean, got ${describeValue(value)}`, { parameter });
  return value;
}

/**
 * The settings of a GeneralContact with Exudyn's names (GeneralContactSettings): friction pairings, the regularization
 * of friction, the switches of the sphere–triangle contact and the search grid. Every setter checks its value and
 * throws a FlexdynError naming the setting. The contact kernels read them at every evaluation.
 */
export class GeneralContactSettings {
  /** Name in error messages ('GeneralContact 0'). */
  readonly name: string;
  private zone = 1e-3;
  private pairings: number[][] = [[0]];
  private sphereSphere = true;
  private minRelDistance = 1e-10;
  private excludeOverlapping = true;
  private excludeDuplicated = false;
  private ancfExact = true;
  private ancfSegments = 1;
  private activeFlag = true;
  /** Number of search-grid cells along x, y, z. */
  protected readonly treeSize = [10, 10, 10];
  /** The search grid's box; empty (min > max) until setSearchTreeBox: then the items' box at assembly is used. */
  protected readonly treeBoxMin = [1, 1, 1];
  protected readonly treeBoxMax = [-1, -1, -1];
  /** Distance below which projected contact points count as the same point (Exudyn's tolEquivalentPoints). */
  readonly tolEquivalentPoints = 1e-13;
  private changes = 0;

  constructor(name: string) {
    this.name = name;
  }

  /** Number of changes of the settings above since construction (a result computed with them stays valid while it is unchanged). */
  get settingsRevision(): number {
    return this.changes;
  }

  /** Tangential velocity (m/s, ≥ 0) below which friction grows linearly with it (regularized Coulomb friction); default 1e-3. */
  get frictionProportionalZone(): number {
    return this.zone;
  }

  set frictionProportionalZone(value: number) {
    this.zone = checkNumber(this.name, 'frictionProportionalZone', value, (v) => v >= 0, 'a finite number ≥ 0 (a velocity)');
    this.changes++;
  }

  /** Exudyn's SetFrictionProportionalZone: sets {@link frictionProportionalZone}. */
  setFrictionProportionalZone(frictionProportionalZone: number): void {
    this.frictionProportionalZone = frictionProportionalZone;
  }

  /** If false, spheres do not contact each other (only triangles and other items); default true. */
  get sphereSphereContact(): boolean {
    return this.sphereSphere;
  }

  set sphereSphereContact(value: boolean) {
    this.sphereSphere = checkBoolean(this.name, 'sphereSphereContact', value);
    this.changes++;
  }

  /** Distance (relative to the sphere radius) below which a sphere centre on a triangle is not in contact with it (spheres attached to triangles); default 1e-10. */
  get minRelDistanceSpheresTriangles(): number {
    return this.minRelDistance;
  }

  set minRelDistanceSpheresTriangles(value: number) {
    this.minRelDistance = checkNumber(this.name, 'minRelDistanceSpheresTriangles', value, (v) => v >= 0 && v < 1, 'a finite number in [0, 1)');
    this.changes++;
  }

  /** For closed, consistent meshes: a contact on a triangle's edge is dropped when it lies in the plane of a touched neighbour on the same body; default true. */
  get excludeOverlappingTrigSphereContacts(): boolean {
    return this.excludeOverlapping;
  }

  set excludeOverlappingTrigSphereContacts(value: boolean) {
    this.excludeOverlapping = checkBoolean(this.name, 'excludeOverlappingTrigSphereContacts', value);
    this.changes++;
  }

  /**
   * If true, an edge or vertex contact whose point another touched triangle already has is dropped and edge contacts
   * act with their full force; if false (default), edge and vertex contacts act with half the force (two triangles
   * share an edge).
   */
  get excludeDuplicatedTrigSphereContactPoints(): boolean {
    return this.excludeDuplicated;
  }

  set excludeDuplicatedTrigSphereContactPoints(value: boolean) {
    this.excludeDuplicated = checkBoolean(this.name, 'excludeDuplicatedTrigSphereContactPoints', value);
    this.changes++;
  }

  /**
   * ANCF cables: if true (default), contact with the cubic centerline itself (the segments inside a circle from the
   * real roots of a degree-6 polynomial); if false, with ancfCableNumberOfContactSegments chords per element.
   */
  get ancfCableUseExactMethod(): boolean {
    return this.ancfExact;
  }

  set ancfCableUseExactMethod(value: boolean) {
    this.ancfExact = checkBoolean(this.name, 'ancfCableUseExactMethod', value);
    this.changes++;
  }

  /** ANCF cables without the exact method: number of chords per element (integer ≥ 1); default 1. */
  get ancfCableNumberOfContactSegments(): number {
    return this.ancfSegments;
  }

  set ancfCableNumberOfContactSegments(value: number) {
    this.ancfSegments = checkNumber(this.name, 'ancfCableNumberOfContactSegments', value, (v) => Number.isInteger(v) && v >= 1, 'an integer ≥ 1');
    this.changes++;
  }

  /**
   * If false, the contact exerts no forces and checks nothing after the steps (Exudyn's isActive; e.g. geometry that is
   * only measured with shortestDistanceAlongLine); default true.
   */
  get isActive(): boolean {
    return this.activeFlag;
  }

  set isActive(value: boolean) {
    this.activeFlag = checkBoolean(this.name, 'isActive', value);
    this.changes++;
  }

  /** Sets the dry friction coefficients μ between friction material indices (a square, symmetric matrix, entries ≥ 0). */
  setFrictionPairings(frictionPairings: readonly (readonly number[])[]): void {
    const n = Array.isArray(frictionPairings) ? frictionPairings.length : 0;
    if (n === 0 || !frictionPairings.every((row) => Array.isArray(row) && row.length === n)) {
      throw new FlexdynError(`${this.name}: setFrictionPairings expects a square matrix (n × n, n ≥ 1), got ${describeValue(frictionPairings)}`, { parameter: 'frictionPairings' });
    }
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        checkNumber(this.name, `frictionPairings[${a}][${b}]`, frictionPairings[a][b], (v) => v >= 0, 'a finite number ≥ 0 (a friction coefficient μ)');
        if (frictionPairings[a][b] !== frictionPairings[b][a]) {
          throw new FlexdynError(`${this.name}: frictionPairings must be symmetric, got [${a}][${b}] = ${frictionPairings[a][b]} ≠ [${b}][${a}] = ${frictionPairings[b][a]}`, { parameter: 'frictionPairings' });
        }
      }
    }
    this.pairings = frictionPairings.map((row) => [...row]);
    this.changes++;
  }

  /** Number of friction materials (the size of the friction pairings). */
  get numberOfFrictionMaterials(): number {
    return this.pairings.length;
  }

  /** The friction coefficient μ between materials a and b. */
  friction(a: number, b: number): number {
    return this.pairings[a][b];
  }

  /** Sets the number of search-grid cells along x, y, z (integers ≥ 1); Exudyn's SetSearchTreeCellSize. */
  setSearchTreeCellSize(numberOfCells: readonly number[]): void {
    if (!Array.isArray(numberOfCells) || numberOfCells.length !== 3) {
      throw new FlexdynError(`${this.name}: setSearchTreeCellSize expects 3 numbers of cells [nx, ny, nz], got ${describeValue(numberOfCells)}`, { parameter: 'numberOfCells' });
    }
    numberOfCells.forEach((n, k) => checkNumber(this.name, `numberOfCells[${k}]`, n, (v) => Number.isInteger(v) && v >= 1, 'an integer ≥ 1 (a search tree of 0 cells finds nothing)'));
    this.treeSize.splice(0, 3, ...numberOfCells);
  }

  /** Sets the box of the search grid (min < max in each direction); without it, the box of the items at assembly is used. */
  setSearchTreeBox(pMin: readonly number[], pMax: readonly number[]): void {
    for (let k = 0; k < 3; k++) {
      checkNumber(this.name, `pMin[${k}]`, pMin?.[k], () => true, 'a finite number');
      checkNumber(this.name, `pMax[${k}]`, pMax?.[k], (v) => v > pMin[k], `a finite number > pMin[${k}] = ${pMin[k]}`);
    }
    this.treeBoxMin.splice(0, 3, ...pMin.slice(0, 3));
    this.treeBoxMax.splice(0, 3, ...pMax.slice(0, 3));
  }
}
