import type { GlobalMatrixAccumulator, ItemState, MarkerModel, ObjectModel, PostNewtonOutput, SystemComponentModel } from '../registry/capabilities.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';
import { ConfigurationType } from '../registry/enums.ts';
import { sameBits } from '../linalg/arrays.ts';
import { checkNumber, GeneralContactSettings } from './contactSettings.ts';
import { ActiveContacts, ContactTypeIndex, type ContactItemSet, type ContactKernel } from './contactKernel.ts';
import { ContactSpheres } from './contactSpheres.ts';
import { ContactForceLaw } from './contactForceLaw.ts';
import { PairJacobian } from './contactPair.ts';
import { SearchGrid } from './searchGrid.ts';
import { SphereSphereContact } from './sphereSphereContact.ts';
import { ContactANCFCables } from './contactANCFCables.ts';
import { SphereCableContact } from './sphereCableContact.ts';
import { ContactTriangles } from './contactTriangles.ts';
import { SphereTriangleContact } from './sphereTriangleContact.ts';
import { SphereMotion, SphereTunnellingCheck } from './sphereTunnelling.ts';
import { TriangleTunnellingCheck } from './triangleTunnelling.ts';
import { CableTunnellingCheck } from './cableTunnelling.ts';
import { SphereOverlaps, type ContactPointList } from './contactPoints.ts';
import { LineMeasurement, type DistanceAlongLine } from './distanceAlongLine.ts';
import { ContactRodSegments } from './contactRods.ts';
import { RodRodContact, type RodContact } from './rodRodContact.ts';
import { RodTunnellingCheck } from './rodTunnelling.ts';
import { RodTriangleContact } from './rodTriangleContact.ts';
import { RodTriangleTunnellingCheck } from './rodTriangleTunnelling.ts';

export { ContactTypeIndex } from './contactKernel.ts';
export type { RodContact } from './rodRodContact.ts';

/** The markers, objects and configurations of the compiled model (what {@link GeneralContact.bind} needs of it). */
export interface ContactModelView {
  readonly markers: readonly MarkerModel[];
  readonly objects: readonly ObjectModel[];
  readonly data: { readonly [K in 'reference' | 'initial' | 'current' | 'startOfStep' | 'visualization']: ItemState };
  /** Counts the run-time changes of items (a ground node moved by set…Parameter places the items on it again). */
  readonly revision: number;
}

/** The state of each configuration in a compiled model's data. */
const configurationStates = {
  [ConfigurationType.Reference]: 'reference', [ConfigurationType.Initial]: 'initial', [ConfigurationType.Current]: 'current',
  [ConfigurationType.StartOfStep]: 'startOfStep', [ConfigurationType.Visualization]: 'visualization',
} as const;

/**
 * Exudyn's GeneralContact (mbs.addGeneralContact()): a system component for contact between many items — spheres at
 * markers (addSphereWithMarker), ANCF cable elements (addANCFCable) and triangle meshes on rigid bodies
 * (addTrianglesRigidBodyBased) — found with a uniform search grid at every evaluation (cost linear in the number of
 * items). It dispatches to one kernel per pair of item kinds ({@link SphereSphereContact}, {@link SphereCableContact},
 * {@link SphereTriangleContact}); the sphere–sphere and sphere–triangle force
 * law is {@link ContactForceLaw}: a linear penalty with damping in compression and regularized Coulomb friction, with
 * analytic Jacobians. Configure it (settings with Exudyn's names, items) before assemble().
 */
export class GeneralContact extends GeneralContactSettings implements SystemComponentModel {
  private readonly spheres: ContactSpheres;
  private readonly cables: ContactANCFCables;
  private readonly triangles: ContactTriangles;
  private readonly rods: ContactRodSegments;
  /** The item kinds in the order of the global contact indices. */
  private readonly itemSets: ContactItemSet[];
  private readonly kernels: ContactKernel[];
  private readonly sphereCable: SphereCableContact;
  private readonly sphereTriangle: SphereTriangleContact;
  private readonly rodRod: RodRodContact;
  private readonly rodTriangle: RodTriangleContact;
  /** The current state of the compiled model this contact is bound to, and its states by configuration. */
  private current?: ItemState;
  private states?: ContactModelView['data'];
  private model?: ContactModelView;
  /** The model's revision at which the items without coordinates were placed (their boxes and cells kept since). */
  private placedRevision = 0;
  private readonly line = new LineMeasurement();
  private readonly grid = new SearchGrid();
  /** q, u and t of the state of the last update of the items and the grid (their function, with the model's revision). */
  private readonly updated = new StateKey();
  /** Bounding boxes of all items by global contact index (6 per item). */
  private boxes = new Float64Array(0);
  private total = 0;
  private readonly active = new ActiveContacts();
  private readonly tunnelling: SphereTunnellingCheck;
  private readonly triangleTunnelling: TriangleTunnellingCheck;
  private readonly cableTunnelling: CableTunnellingCheck;
  private readonly rodTunnelling: RodTunnellingCheck;
  private readonly rodTriangleTunnelling: RodTriangleTunnellingCheck;
  /** Rod segment end points at the start and at the end of the step (6 per segment; pass-through check). */
  private startRodPoints = new Float64Array(0);
  private endRodPoints = new Float64Array(0);
  private readonly motion = new SphereMotion();
  private readonly overlaps = new SphereOverlaps();
  /** Sphere centres at the start and at the end of the step (tunnelling check; 3 per sphere). */
  private startCenters = new Float64Array(0);
  private endCenters = new Float64Array(0);
  /**
   * A copy of the state of the last post-Newton step (or of the state at assemble), whose active contacts are recorded when
   * asked for (stale: not yet).
   */
  private postNewtonState?: StateCopy;
  private activeStale = false;
  /**
   * True while endCenters are the sphere centres of postNewtonState at the model's revision {@link centersRevision}: the
   * next step's start centres when it starts from that state (a step's start is the last accepted step's end).
   */
  private centersKept = false;
  private centersRevision = 0;

  constructor(index: number) {
    super(`GeneralContact ${index}`);
    this.spheres = new ContactSpheres(this.name);
    this.cables = new ContactANCFCables(this.name);
    this.triangles = new ContactTriangles(this.name);
    this.rods = new ContactRodSegments(this.name);
    this.itemSets = [this.spheres, this.cables, this.triangles, this.rods];
    const law = new ContactForceLaw(), jacobian = new PairJacobian();
    this.sphereCable = new SphereCableContact(this, this.spheres, this.cables, this.grid);
    this.sphereTriangle = new SphereTriangleContact(this, this.spheres, this.triangles, this.grid, law, jacobian);
    this.rodRod = new RodRodContact(this, this.rods, this.grid, law);
    this.rodTriangle = new RodTriangleContact(this, this.rods, this.triangles, this.grid, law);
    this.kernels = [new SphereSphereContact(this, this.spheres, this.grid, law, jacobian), this.sphereCable, this.sphereTriangle, this.rodRod, this.rodTriangle];
    this.tunnelling = new SphereTunnellingCheck(this.name);
    this.triangleTunnelling = new TriangleTunnellingCheck(this.name);
    this.cableTunnelling = new CableTunnellingCheck(this.name);
    this.rodTunnelling = new RodTunnellingCheck(this.name);
    this.rodTriangleTunnelling = new RodTriangleTunnellingCheck(this.name);
  }

  /**
   * Adds a contact sphere at a position marker (Exudyn's AddSphereWithMarker); returns its sphere index (its local
   * index). radius > 0, contactStiffness > 0, contactDamping ≥ 0, frictionMaterialIndex an index into the friction
   * pairings. On a rigid marker with friction, the sphere also gets the torque of the friction force.
   */
  addSphereWithMarker(markerIndex: number, radius: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number): number {
    return this.spheres.add(markerIndex, radius, contactStiffness, contactDamping, frictionMaterialIndex);
  }

  /**
   * Adds a triangle mesh attached to a rigid-body marker (Exudyn's AddTrianglesRigidBodyBased): pointList holds the
   * points [x, y, z] in the marker's frame, triangleList the point indices [i0, i1, i2] of each triangle, whose normal
   * (p1 − p0) × (p2 − p0) must point outwards (graphics.ToPointsAndTrigs of graphics data gives such lists). Contact is
   * computed between spheres and triangles. contactStiffness > 0 (in series with the sphere's), contactDamping ≥ 0 (in
   * parallel), frictionMaterialIndex an index into the friction pairings; staticTriangles: the marker never moves
   * (ground), so the triangles are placed once. Checked: no degenerate triangle, consistent orientation; open meshes
   * (floors, plates) are accepted, on a moving marker with a console warning at assemble(). Returns the local index of
   * the mesh's first triangle.
   */
  addTrianglesRigidBodyBased(
    rigidBodyMarkerIndex: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number,
    pointList: ArrayLike<ArrayLike<number>>, triangleList: ArrayLike<ArrayLike<number>>, staticTriangles = false,
  ): number {
    return this.triangles.add(rigidBodyMarkerIndex, contactStiffness, contactDamping, frictionMaterialIndex, pointList, triangleList, staticTriangles);
  }

  /** Number of contact triangles. */
  get numberOfTriangles(): number {
    return this.triangles.count;
  }

  /** Number of contact spheres. */
  get numberOfSpheres(): number {
    return this.spheres.count;
  }

  /**
   * Adds an ObjectANCFCable2D element in contact with the spheres (as circles in the x–y plane; Exudyn's AddANCFCable);
   * returns its local index. halfHeight ≥ 0 (contact surface distance from the centerline), contactStiffness > 0,
   * contactDamping ≥ 0, frictionMaterialIndex an index into the friction pairings; see ancfCableUseExactMethod.
   */
  addANCFCable(objectIndex: number, halfHeight: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number): number {
    return this.cables.add(objectIndex, halfHeight, contactStiffness, contactDamping, frictionMaterialIndex);
  }

  /** Number of ANCF cable elements. */
  get numberOfANCFCables(): number {
    return this.cables.count;
  }

  /**
   * Adds a CosseratRod (Flexdyn's own item kind, not in Exudyn): its centerline split into segmentsPerElement straight
   * segments per element (end points on the element's Lagrange centerline), each a capsule of the cross-section radius,
   * in contact with the segments of the other rods and, with selfContact, of the rod itself (neighbours sharing a node
   * excluded; pairs closer along the rod than π·radius touch at the chord 2·radius·sin(Δs/2 radius), where the rod
   * bends tighter than its radius; radius ≤ the element length is required at assemble). radius > 0, contactStiffness > 0
   * (N/m per contact point, in series with the other rod's), contactDamping ≥ 0 (in parallel), frictionMaterialIndex
   * an index into the friction pairings. Returns the rod's index among the rods of this contact; its segments are
   * numbered at assemble ({@link rodSegments}), global contact indices after the triangles.
   */
  addCosseratRod(objectIndex: number, radius: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number,
    segmentsPerElement = 1, selfContact = true): number {
    return this.rods.add(objectIndex, radius, contactStiffness, contactDamping, frictionMaterialIndex, segmentsPerElement, selfContact);
  }

  /** Number of rod segments (known after assemble). */
  get numberOfRodSegments(): number {
    return this.rods.count;
  }

  /** The first local segment index (ContactTypeIndex.IndexRodSegments) and the number of segments of rod rodIndex, after assemble. */
  rodSegments(rodIndex: number): { first: number; count: number } {
    checkNumber(this.name, 'rodIndex', rodIndex, (v) => Number.isInteger(v) && v >= 0 && v < this.rods.numberOfRods, `a rod index in [0, ${this.rods.numberOfRods})`);
    if (this.current === undefined) throw new FlexdynError(`${this.name}: rodSegments needs an assembled system: call mbs.assemble() first`);
    return this.rods.segmentsOf(rodIndex);
  }

  /**
   * The rod contacts at the state of `configuration` (default current): the rod–rod pairs (segments in contact), then the
   * rod–mesh contacts (a segment and a triangle: segmentB = −1, triangle its local index): segments, gap, normal force,
   * the force on side B (segment B; the triangle's body) (−force on A), the slip velocity of B against A, the closest
   * points (centerline; on the triangle) and the normal from A to B.
   * The search state is set back to the current state.
   */
  rodContacts(configuration: ConfigurationType = ConfigurationType.Current): RodContact[] {
    const state = configurationStates[configuration];
    if (this.states === undefined) throw new FlexdynError(`${this.name}: rodContacts needs an assembled system: call mbs.assemble() first`);
    if (state === undefined) throw new FlexdynError(`${this.name}: rodContacts: configuration must be a ConfigurationType, got ${describeValue(configuration)}`, { parameter: 'configuration' });
    const s = this.states[state];
    this.update(s);
    const list = this.rodRod.contacts();
    this.rodTriangle.contacts(list);
    this.restoreSearch(s);
    return list;
  }

  /**
   * Binds the items to the markers of a compiled model (called by assemble()): checks marker kinds and friction
   * material indices, numbers the items globally, allocates the work arrays and sets the search grid's box (the items'
   * box if none was set); current is the model's current state (for updateContacts).
   */
  bind(model: ContactModelView, current: ItemState): void {
    this.current = current;
    this.states = model.data;
    this.model = model;
    this.placedRevision = model.revision;
    this.updated.clear();
    this.spheres.bind(model.markers, this.numberOfFrictionMaterials);
    this.cables.bind(model.objects, this.numberOfFrictionMaterials);
    this.triangles.bind(model.markers, this.numberOfFrictionMaterials);
    this.rods.bind(model.objects, this.numberOfFrictionMaterials);
    this.sphereTriangle.bind();
    this.total = 0;
    for (const set of this.itemSets) {
      set.offset = this.total;
      this.total += set.count;
    }
    this.boxes = new Float64Array(6 * this.total);
    this.startCenters = new Float64Array(3 * this.spheres.count);
    this.endCenters = new Float64Array(3 * this.spheres.count);
    this.startRodPoints = new Float64Array(6 * this.rods.count);
    this.endRodPoints = new Float64Array(6 * this.rods.count);
    this.postNewtonState = new StateCopy(current);
    this.centersKept = false;
    for (const set of this.itemSets) set.update(current, this.boxes);
    const boxMin = [...this.treeBoxMin], boxMax = [...this.treeBoxMax];
    if (!(boxMin[0] < boxMax[0])) {
      for (let k = 0; k < 3; k++) { boxMin[k] = Infinity; boxMax[k] = -Infinity; }
      for (let i = 0; i < this.total; i++) {
        for (let k = 0; k < 3; k++) {
          boxMin[k] = Math.min(boxMin[k], this.boxes[6 * i + k]);
          boxMax[k] = Math.max(boxMax[k], this.boxes[6 * i + 3 + k]);
        }
      }
      for (let k = 0; k < 3; k++) if (!(boxMin[k] < boxMax[k])) { boxMin[k] = (boxMin[k] === Infinity ? 0 : boxMin[k]) - 1; boxMax[k] = boxMin[k] + 2; }
    }
    this.grid.reset(this.treeSize[0], this.treeSize[1], this.treeSize[2], boxMin, boxMax);
    // spheres without coordinates and the triangles of meshes on the ground keep their boxes: their cells are found once
    const fixed = new Uint8Array(this.total);
    for (let i = 0; i < this.spheres.count; i++) if (this.spheres.isFixed(i)) fixed[this.spheres.offset + i] = 1;
    for (let t = 0; t < this.triangles.count; t++) if (this.triangles.isFixed(t)) fixed[this.triangles.offset + t] = 1;
    this.grid.setFixedItems(fixed);
    this.update(current);
    // the active contacts of the assembled state are recorded when first asked for (getActiveContacts), at this copy of
    // it: a solve that follows searches again and records them at its post-Newton steps (10 000 spheres: ≈ 0.1 s saved)
    this.postNewtonState.copy(current);
    this.activeStale = true;
  }

  /**
   * Updates all items at s and sorts their bounding boxes into the grid; at a state with the bits of the last update's
   * q, u and t (an explicit step's end-of-step accelerations and the next step's first stage; a residual and the
   * Jacobian of the same Newton iterate) the items, boxes, grid and the markers' Jacobians already computed are those of
   * the last update, and only the markers take s as their state.
   */
  private update(s: ItemState): void {
    if (this.model !== undefined && this.model.revision !== this.placedRevision) {
      // a run-time change (set…Parameter) may have moved a ground item: place the items without coordinates again
      this.placedRevision = this.model.revision;
      this.spheres.kinematics.placeStaticAgain();
      this.triangles.bodies.placeStaticAgain();
      this.grid.findFixedCellsAgain();
      this.updated.clear();
    }
    if (this.updated.matches(s)) {
      this.spheres.kinematics.keepAt(s);
      this.triangles.bodies.keepAt(s);
      return;
    }
    // at the state of the last post-Newton step (an explicit solver's next step starts there) its end centres are known
    this.spheres.update(s, this.boxes, this.centersKeptAt(s) ? this.endCenters : undefined);
    for (const set of this.itemSets) if (set !== this.spheres) set.update(s, this.boxes);
    this.grid.build(this.boxes, this.total);
    this.updated.store(s);
  }

  /** Adds factor·(the contact forces on the left-hand side) into out, at the global velocity indices of the items' markers. */
  addODE2Lhs(s: ItemState, out: Float64Array, factor: number): void {
    if (!this.isActive) return;
    this.update(s);
    for (const kernel of this.kernels) kernel.addODE2Lhs(s, out, factor);
  }

  /** Adds factorQ·∂/∂q + factorU·∂/∂u of the left-hand side contact forces (analytic) into target. */
  addODE2LhsJacobian(s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void {
    if (!this.isActive) return;
    this.update(s);
    for (const kernel of this.kernels) kernel.addODE2LhsJacobian(s, target, factorQ, factorU);
  }

  /**
   * Searches the contacts at the current state of the assembled system and records the active contacts (Exudyn's
   * UpdateContacts(mbs); the system is the one this contact was assembled with).
   */
  updateContacts(): void {
    if (this.current === undefined) throw new FlexdynError(`${this.name}: updateContacts needs an assembled system: call mbs.assemble() first`);
    this.updateActiveContacts(this.current);
  }

  /** Searches the contacts at the state s and records the pairs in contact. */
  private updateActiveContacts(s: ItemState): void {
    this.update(s);
    this.active.clear(this.total);
    for (const kernel of this.kernels) kernel.recordActiveContacts(this.active);
    this.activeStale = false;
  }

  /** True if endCenters are the sphere centres at s: those of the last post-Newton step, s has its coordinates, and no run-time change since. */
  private centersKeptAt(s: ItemState): boolean {
    const kept = this.postNewtonState;
    return this.centersKept && kept !== undefined && (this.model?.revision ?? 0) === this.centersRevision && sameCoordinates(s, kept);
  }

  /**
   * The post-Newton step: reports tunnelling (a pair of spheres separated at the start of the step that penetrates
   * beyond the smaller radius within it: {@link SphereTunnellingCheck}; a sphere that passes through a triangle:
   * {@link TriangleTunnellingCheck}; a circle that penetrates beyond its radius into an ANCF cable or passes through it:
   * {@link CableTunnellingCheck}) and rejects the step (out.rejection) when rod segments passed through each other
   * ({@link RodTunnellingCheck}) or through a triangle ({@link RodTriangleTunnellingCheck}), or a rod penetrates another
   * deeper than the smaller radius or a triangle with its centerline: the solver then retries the step smaller
   * (adaptive steps) or fails with the reason. Otherwise it keeps a copy of the state, at which the active contacts are
   * recorded when next asked for (getActiveContacts); the forces are functions of the state, so the error is 0.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number {
    if (!this.isActive) return 0;
    if (this.centersKeptAt(startOfStep)) {
      // the centres are functions of q (and qRef): those computed at the last post-Newton step's end
      const start = this.endCenters;
      this.endCenters = this.startCenters;
      this.startCenters = start;
    } else {
      this.spheres.centers(startOfStep, this.startCenters);
    }
    this.centersKept = false;
    this.spheres.centers(s, this.endCenters);
    this.motion.measure(this.spheres.radius, this.startCenters, this.endCenters);
    this.tunnelling.check(this.spheres.radius, this.startCenters, this.endCenters, this.motion, this.grid, s.t);
    this.triangleTunnelling.check(this.spheres, this.triangles, this.startCenters, this.endCenters, this.motion, startOfStep, s, this.grid);
    this.cableTunnelling.check(this.spheres, this.cables, this.startCenters, this.endCenters, this.motion, startOfStep, s, this.grid);
    if (this.rods.count > 0) {
      this.rods.readPoints(startOfStep, this.startRodPoints);
      this.rods.readPoints(s, this.endRodPoints);
      // the penetration first: a segment already through a surface at both ends of the step is deep, not passing through
      const rejection = this.rodPenetration(s)
        ?? this.rodTunnelling.check(this.rods, this.startRodPoints, this.endRodPoints, this.grid, s.t)
        ?? this.rodTriangleTunnelling.check(this.rods, this.triangles, this.startRodPoints, this.endRodPoints, startOfStep, s, this.grid);
      if (rejection !== undefined) {
        out.rejection = rejection;
        return 0;
      }
    }
    if (this.postNewtonState !== undefined) {
      this.postNewtonState.copy(s);
      this.centersKept = true;
      this.centersRevision = this.model?.revision ?? 0;
    }
    this.activeStale = true;
    return 0;
  }

  /**
   * Why a step must be rejected for a rod–rod penetration deeper than the smaller cross-section radius or a rod
   * centerline through a triangle at its end (both segments or the segment and the triangle, their rods, the places along
   * the rods and the time): the contact cannot hold at that stiffness and step size, and a rod may pass through the
   * other (or itself) next; undefined if neither.
   */
  private rodPenetration(s: ItemState): string | undefined {
    this.update(s);
    const worst = this.rodRod.deepest();
    const through = this.rodTriangle.centerlineThrough();
    this.restoreSearch(s);
    const rods = this.rods, place = (g: number, x: number) => rods.arcStart[g] + x * (rods.arcEnd[g] - rods.arcStart[g]);
    if (through !== undefined) {
      return `${this.name}: rod segment ${through.i} (rod ${rods.rod[through.i]}, arc length ${place(through.i, 0).toPrecision(6)} … ${place(through.i, 1).toPrecision(6)}) `
        + `crosses triangle ${through.t} with its centerline (a penetration of the cross-section radius) at t = ${s.t}: increase contactStiffness or reduce the step size`;
    }
    if (worst === undefined) return undefined;
    return `${this.name}: rod segments ${worst.i} (rod ${rods.rod[worst.i]}, at arc length ≈ ${place(worst.i, worst.s).toPrecision(6)}) and ${worst.j} `
      + `(rod ${rods.rod[worst.j]}, at ≈ ${place(worst.j, worst.t).toPrecision(6)}) penetrate by ${worst.depth.toPrecision(4)}, deeper than the cross-section radius, at t = ${s.t}: `
      + 'increase contactStiffness or reduce the step size';
  }

  /** Radii of the spheres, by sphere index (filled by assemble()). */
  get sphereRadii(): Float64Array {
    return this.spheres.radius;
  }

  /** Centres of the spheres at the state s (3 per sphere, by sphere index) into out; for drawing. */
  sphereCenters(s: ItemState, out: Float64Array): void {
    this.spheres.centers(s, out);
  }

  /**
   * Appends the contact points at the state s to out, for drawing, each with its depth: where two spheres overlap, the
   * point midway in the overlap ({@link SphereOverlaps}); where a sphere touches a triangle, the closest point on it
   * (after Exudyn's exclusions); the middle of each contact segment of a cable. Geometric (the sign of the force, which
   * involves the velocities, is not looked at); the active contacts stay as they were and the search state is set back
   * to the current state.
   */
  contactPoints(s: ItemState, out: ContactPointList): void {
    this.update(s);
    this.overlaps.find(this.spheres.kinematics.position3, this.spheres.radius, this.grid, out);
    this.sphereTriangle.contactPoints(out);
    this.sphereCable.contactPoints(out);
    this.rodRod.contactPoints(out);
    this.rodTriangle.contactPoints(out);
    this.restoreSearch(s);
  }

  /** The global points of all triangles at the state s (9 per triangle) into out, for drawing; the search state is set back to the current state. */
  triangleVertices(s: ItemState, out: Float64Array): void {
    this.update(s);
    out.set(this.triangles.points.subarray(0, 9 * this.triangles.count));
    this.restoreSearch(s);
  }

  /** Sets the items and the search grid back to the current state after an update at another state s. */
  private restoreSearch(s: ItemState): void {
    if (this.current !== undefined && s !== this.current) this.update(this.current);
  }

  /** The item set of a ContactTypeIndex, or a FlexdynError naming typeIndex. */
  private itemSet(typeIndex: number): ContactItemSet {
    const set = this.itemSets.find((candidate) => candidate.typeIndex === typeIndex);
    if (set === undefined) {
      const known = this.itemSets.map((candidate) => `${candidate.typeIndex} (${Object.keys(ContactTypeIndex)[candidate.typeIndex]})`).join(', ');
      throw new FlexdynError(`${this.name}: typeIndex must be one of ${known}, got ${describeValue(typeIndex)}`, { parameter: 'typeIndex' });
    }
    return set;
  }

  /**
   * Global contact indices of the items in contact with item itemIndex (local index) of kind typeIndex at the last
   * post-Newton step, updateContacts or assemble, in increasing order.
   */
  getActiveContacts(typeIndex: number, itemIndex: number): number[] {
    const set = this.itemSet(typeIndex);
    checkNumber(this.name, 'itemIndex', itemIndex, (v) => Number.isInteger(v) && v >= 0 && v < set.count, `an item index in [0, ${set.count}) of an assembled system`);
    if (this.activeStale && this.postNewtonState !== undefined) this.updateActiveContacts(this.postNewtonState);
    return this.active.of(set.offset + itemIndex);
  }

  /**
   * Exudyn's ShortestDistanceAlongLine: the distance d ∈ [minDistance, maxDistance) along the line from pStart in the
   * direction (any length ≠ 0) to the nearest item it meets (spheres, triangles, ANCF cable centerlines for lines in
   * the x–y plane; {@link LineMeasurement}), maxDistance if none; with asDictionary, also the velocity of the point hit
   * along the line, its local item index and ContactTypeIndex. cylinderRadius > 0 measures to the spheres with a
   * cylinder of that radius around the line (typeIndex IndexSpheresMarkerBased only); typeIndex selects one kind of
   * items (IndexEndOfEnumList: all). Measured at the state of `configuration` (default current; the items' search
   * state is updated to it), so sensors and graphics user functions measure in the configuration they are given.
   */
  shortestDistanceAlongLine(pStart: readonly number[], direction: readonly number[], minDistance?: number, maxDistance?: number, asDictionary?: false,
    cylinderRadius?: number, typeIndex?: number, configuration?: ConfigurationType): number;
  shortestDistanceAlongLine(pStart: readonly number[], direction: readonly number[], minDistance: number | undefined, maxDistance: number | undefined, asDictionary: true,
    cylinderRadius?: number, typeIndex?: number, configuration?: ConfigurationType): DistanceAlongLine;
  shortestDistanceAlongLine(pStart: readonly number[], direction: readonly number[], minDistance = -1e-7, maxDistance = 1e7, asDictionary = false,
    cylinderRadius = 0, typeIndex: number = ContactTypeIndex.IndexEndOfEnumList, configuration: ConfigurationType = ConfigurationType.Current): number | DistanceAlongLine {
    const where = `${this.name}: shortestDistanceAlongLine`;
    for (let k = 0; k < 3; k++) {
      checkNumber(where, `pStart[${k}]`, pStart?.[k], () => true, 'a finite number (pStart is a 3D point)');
      checkNumber(where, `direction[${k}]`, direction?.[k], () => true, 'a finite number (direction is a 3D vector)');
    }
    const length = Math.hypot(direction[0], direction[1], direction[2]);
    if (length === 0) throw new FlexdynError(`${where}: direction must not be [0, 0, 0]`, { parameter: 'direction' });
    checkNumber(where, 'minDistance', minDistance, () => true, 'a finite number');
    checkNumber(where, 'maxDistance', maxDistance, (v) => v > minDistance, `a finite number > minDistance = ${minDistance}`);
    checkNumber(where, 'cylinderRadius', cylinderRadius, (v) => v >= 0, 'a finite number ≥ 0');
    checkNumber(where, 'typeIndex', typeIndex, (v) => Number.isInteger(v) && v >= 0 && v <= ContactTypeIndex.IndexEndOfEnumList, `a ContactTypeIndex (0 … ${ContactTypeIndex.IndexEndOfEnumList})`);
    if (cylinderRadius !== 0 && typeIndex !== ContactTypeIndex.IndexSpheresMarkerBased) {
      throw new FlexdynError(`${where}: cylinderRadius ≠ 0 needs typeIndex = ContactTypeIndex.IndexSpheresMarkerBased (${ContactTypeIndex.IndexSpheresMarkerBased}), got typeIndex ${typeIndex}`, { parameter: 'cylinderRadius' });
    }
    const state = configurationStates[configuration];
    if (this.states === undefined) throw new FlexdynError(`${where} needs an assembled system: call mbs.assemble() first`);
    if (state === undefined) throw new FlexdynError(`${where}: configuration must be a ConfigurationType, got ${describeValue(configuration)}`, { parameter: 'configuration' });
    this.update(this.states[state]);
    const e = [direction[0] / length, direction[1] / length, direction[2] / length];
    const result = this.line.measure({ spheres: this.spheres, cables: this.cables, triangles: this.triangles, grid: this.grid, tolerance: this.tolEquivalentPoints },
      pStart, e, minDistance, maxDistance, cylinderRadius, typeIndex);
    return asDictionary ? { ...result } : result.distance;
  }

  /** The items (local indices per kind) whose bounding boxes overlap the box [pMin, pMax] at the last search (Exudyn's GetItemsInBox). */
  getItemsInBox(pMin: readonly number[], pMax: readonly number[]): { MarkerBasedSpheres: number[]; ANCFCable2D: number[]; TrigsRigidBodyBased: number[]; RodSegments: number[] } {
    for (let k = 0; k < 3; k++) {
      checkNumber(this.name, `pMin[${k}]`, pMin?.[k], () => true, 'a finite number');
      checkNumber(this.name, `pMax[${k}]`, pMax?.[k], (v) => v >= pMin[k], `a finite number ≥ pMin[${k}]`);
    }
    const local = (set: ContactItemSet): number[] => {
      const count = this.grid.queryBox(pMin, pMax, set.offset, set.offset + set.count);
      return Array.from(this.grid.found.subarray(0, count), (g) => g - set.offset).sort((a, b) => a - b);
    };
    return { MarkerBasedSpheres: local(this.spheres), ANCFCable2D: local(this.cables), TrigsRigidBodyBased: local(this.triangles), RodSegments: local(this.rods) };
  }
}

/**
 * The bits of a state's q, u and t (and its qRef array, by identity) at the last {@link StateKey.store}: whether another
 * state has the same ones (a −0 is not a +0, a NaN never matches).
 */
class StateKey {
  private q = new Float64Array(0);
  private u = new Float64Array(0);
  private t = 0;
  private qRef?: Float64Array;

  /** Forgets the stored state: nothing matches until the next store. */
  clear(): void {
    this.qRef = undefined;
  }

  /** Keeps the bits of s's q, u and t. */
  store(s: ItemState): void {
    if (this.q.length !== s.q.length) this.q = new Float64Array(s.q.length);
    if (this.u.length !== s.u.length) this.u = new Float64Array(s.u.length);
    this.q.set(s.q);
    this.u.set(s.u);
    this.t = s.t;
    this.qRef = s.qRef;
  }

  /** True if s has the stored state's bits of q, u and t and the same qRef array. */
  matches(s: ItemState): boolean {
    if (this.qRef !== s.qRef || s.q.length !== this.q.length || s.u.length !== this.u.length || !sameBits(s.t, this.t)) return false;
    return sameEntries(s.q, this.q) && sameEntries(s.u, this.u);
  }
}

/** True if s has the bits of the position coordinates q of other and the same qRef array (what the marker positions read). */
function sameCoordinates(s: ItemState, other: ItemState): boolean {
  return s.qRef === other.qRef && s.q.length === other.q.length && sameEntries(s.q, other.q);
}

/** True if a and b (of equal length) hold the same bits as far as arithmetic can tell ({@link sameBits} per entry). */
function sameEntries(a: Float64Array, b: Float64Array): boolean {
  for (let k = 0; k < a.length; k++) if (!sameBits(a[k], b[k])) return false;
  return true;
}

/** A copy of a state's coordinates (arrays allocated once, copied per post-Newton step); the rest is shared with the original. */
class StateCopy implements ItemState {
  readonly qRef: Float64Array;
  readonly q: Float64Array;
  readonly u: Float64Array;
  readonly a: Float64Array;
  readonly lambda: Float64Array;
  readonly data: Float64Array;
  readonly ode1Ref: Float64Array;
  readonly ode1: Float64Array;
  readonly ode1_t: Float64Array;
  readonly addresses: ItemState['addresses'];
  readonly mbs: ItemState['mbs'];
  readonly configuration: ItemState['configuration'];
  t = 0;
  loadFactor = 1;

  constructor(s: ItemState) {
    this.qRef = s.qRef; this.ode1Ref = s.ode1Ref; this.addresses = s.addresses; this.mbs = s.mbs; this.configuration = s.configuration;
    this.q = s.q.slice(); this.u = s.u.slice(); this.a = s.a.slice(); this.lambda = s.lambda.slice();
    this.data = s.data.slice(); this.ode1 = s.ode1.slice(); this.ode1_t = s.ode1_t.slice();
  }

  /** Copies the coordinates, time and load factor of s. */
  copy(s: ItemState): void {
    this.q.set(s.q); this.u.set(s.u); this.a.set(s.a); this.lambda.set(s.lambda);
    this.data.set(s.data); this.ode1.set(s.ode1); this.ode1_t.set(s.ode1_t);
    this.t = s.t; this.loadFactor = s.loadFactor;
  }
}
