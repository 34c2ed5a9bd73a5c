import type { GlobalMatrixAccumulator, ItemState, MarkerModel, PositionMarkerModel, SystemComponentModel } from '../registry/capabilities.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';
import { SearchGrid } from './searchGrid.ts';
import { SphereTunnellingCheck } from './sphereTunnelling.ts';
import { SphereOverlaps, type ContactPointList } from './contactPoints.ts';

/** Exudyn's ContactTypeIndex: the global contact index of a marker-based sphere is its sphere index. */
export const ContactTypeIndex = { IndexSpheresMarkerBased: 0 } as const;

/** A contact sphere attached to a position marker (Exudyn's ContactSpheresMarkerBased). */
interface ContactSphere {
  readonly markerNumber: number;
  readonly radius: number;
  readonly contactStiffness: number;
  readonly contactDamping: number;
  readonly frictionMaterialIndex: number;
}

/** A sphere bound to the compiled model: its marker, global velocity indices and position Jacobian storage. */
interface BoundSphere {
  readonly marker: PositionMarkerModel;
  /** Global velocity coordinate of each local marker coordinate. */
  readonly ltg: Int32Array;
  /** ∂position/∂u (3 × n_local, row-major), updated per evaluation. */
  readonly jacobian: Float64Array;
}

/** The markers of the compiled model, by marker index (what {@link GeneralContact.bind} needs of it). */
export interface ContactModelView {
  readonly markers: readonly MarkerModel[];
}

function isPositionMarker(marker: MarkerModel): marker is PositionMarkerModel {
  return typeof (marker as Partial<PositionMarkerModel>).positionJacobian === 'function';
}

function hasRotation(marker: MarkerModel): boolean {
  return typeof (marker as { rotationJacobian?: unknown }).rotationJacobian === 'function';
}

function checkNumber(name: string, parameter: string, value: unknown, ok: (v: number) => boolean, expected: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !ok(value)) {
    throw new FlexdynError(`${name}: ${parameter} must be ${expected}, got ${describeValue(value)}`, { parameter });
  }
  return value;
}

/**
 * Exudyn's GeneralContact (mbs.addGeneralContact()): a system component that computes contact between many spheres
 * attached to position markers, found with a uniform search grid at every evaluation (cost linear in the number of
 * spheres). Force law of a pair I, J in contact (gap g = |p_J − p_I| − r_I − r_J < 0): the linear penalty with damping
 * F = k g + d (n·Δv) with k = k_I k_J/(k_I + k_J) (springs in series), d = d_I + d_J (dampers in parallel) and
 * n = (p_J − p_I)/|p_J − p_I|, acting only while F < 0 (compressive), plus regularized Coulomb friction with
 * μ = frictionPairings[m_I][m_J]: f_t = −μF v_t/frictionProportionalZone while |v_t| < frictionProportionalZone,
 * else −μF v_t/|v_t|, v_t the tangential relative velocity. The force vector F n + f_t acts on J, its negative on I.
 * Its Jacobians are analytic.
 */
export class GeneralContact implements SystemComponentModel {
  readonly name: string;
  /** Exudyn's settings.frictionProportionalZone: tangential velocity below which friction is proportional to it. */
  frictionProportionalZone = 1e-3;
  private frictionPairings: number[][] = [[0]];
  private readonly treeSize = [10, 10, 10];
  private readonly treeBoxMin = [1, 1, 1];
  private readonly treeBoxMax = [-1, -1, -1];
  private readonly spheres: ContactSphere[] = [];
  private bound: BoundSphere[] = [];
  /** The current state of the compiled model this contact is bound to. */
  private current?: ItemState;
  private readonly grid = new SearchGrid();
  private readonly tunnelling: SphereTunnellingCheck;
  private readonly overlaps = new SphereOverlaps();
  /** Positions and velocities of all spheres (3 per sphere), and bounding boxes for the grid (6 per sphere). */
  private positions = new Float64Array(0);
  private velocities = new Float64Array(0);
  private boxes = new Float64Array(0);
  /** Radii of all spheres, and their positions at the start of the step (3 per sphere) for the tunnelling check. */
  private radii = new Float64Array(0);
  private startPositions = new Float64Array(0);
  /** Sphere centres at the state being drawn (3 per sphere). */
  private drawnCenters = new Float64Array(0);
  /** Candidate pairs of the last search (2 per pair) and their number. */
  private pairs = new Int32Array(64);
  private pairCount = 0;
  /** Active contacts per sphere from the last post-Newton step or updateContacts. */
  private active: number[][] = [];
  // work arrays of one pair: force, its derivatives by Δp and Δv (3×3 row-major), products with Jacobians
  private readonly force = new Float64Array(3);
  private readonly dForceDp = new Float64Array(9);
  private readonly dForceDv = new Float64Array(9);
  private readonly blend = new Float64Array(9);
  private product = new Float64Array(0);

  constructor(index: number) {
    this.name = `GeneralContact ${index}`;
    this.tunnelling = new SphereTunnellingCheck(this.name);
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
    this.frictionPairings = frictionPairings.map((row) => [...row]);
  }

  /** Sets the number of search-grid cells along x, y, z (integers ≥ 1); Exudyn's setSearchTreeSizes. */
  setSearchTreeSizes(numberOfCells: readonly number[]): void {
    if (!Array.isArray(numberOfCells) || numberOfCells.length !== 3) {
      throw new FlexdynError(`${this.name}: setSearchTreeSizes expects 3 numbers of cells [nx, ny, nz], got ${describeValue(numberOfCells)}`, { parameter: 'numberOfCells' });
    }
    numberOfCells.forEach((n, k) => checkNumber(this.name, `numberOfCells[${k}]`, n, (v) => Number.isInteger(v) && v >= 1, 'an integer ≥ 1 (a search tree of 0 cells finds nothing)'));
    this.treeSize.splice(0, 3, ...numberOfCells);
  }

  /** Sets the box of the search grid (min < max in each direction); without it, the box of the spheres at assembly is used. */
  setSearchTreeBox(pMin: readonly number[], pMax: readonly number[]): void {
    for (let k = 0; k < 3; k++) {
      checkNumber(this.name, `pMin[${k}]`, pMin?.[k], () => true, 'a finite number');
      checkNumber(this.name, `pMax[${k}]`, pMax?.[k], (v) => v > pMin[k], `a finite number > pMin[${k}] = ${pMin[k]}`);
    }
    this.treeBoxMin.splice(0, 3, ...pMin.slice(0, 3));
    this.treeBoxMax.splice(0, 3, ...pMax.slice(0, 3));
  }

  /**
   * Adds a contact sphere at a position marker (Exudyn's addSphereWithMarker); returns its sphere index (its global
   * contact index). radius > 0, contactStiffness > 0, contactDamping ≥ 0, frictionMaterialIndex an index into the
   * friction pairings.
   */
  addSphereWithMarker(markerIndex: number, radius: number, contactStiffness: number, contactDamping: number, frictionMaterialIndex: number): number {
    checkNumber(this.name, 'markerIndex', markerIndex, (v) => Number.isInteger(v) && v >= 0, 'a marker index (integer ≥ 0)');
    checkNumber(this.name, 'radius', radius, (v) => v > 0, 'a finite number > 0');
    checkNumber(this.name, 'contactStiffness', contactStiffness, (v) => v > 0, 'a finite number > 0');
    checkNumber(this.name, 'contactDamping', contactDamping, (v) => v >= 0, 'a finite number ≥ 0');
    checkNumber(this.name, 'frictionMaterialIndex', frictionMaterialIndex, (v) => Number.isInteger(v) && v >= 0, 'an integer ≥ 0');
    this.spheres.push({ markerNumber: markerIndex, radius, contactStiffness, contactDamping, frictionMaterialIndex });
    return this.spheres.length - 1;
  }

  /** Number of contact spheres. */
  get numberOfSpheres(): number {
    return this.spheres.length;
  }

  /**
   * Binds the spheres to the markers of a compiled model (called by assemble()): checks marker kinds and friction
   * material indices, allocates the work arrays and sets the search grid's box (the spheres' box if none was set);
   * current is the model's current state (for updateContacts).
   */
  bind(model: ContactModelView, current: ItemState): void {
    this.current = current;
    const nMaterials = this.frictionPairings.length;
    this.bound = this.spheres.map((sphere, i) => {
      const marker = model.markers[sphere.markerNumber];
      if (marker === undefined) {
        throw new FlexdynError(`${this.name}: sphere ${i} refers to marker ${sphere.markerNumber}, which does not exist (${model.markers.length} markers)`, { parameter: 'markerIndex' });
      }
      if (!isPositionMarker(marker)) {
        throw new FlexdynError(`${this.name}: sphere ${i} needs a position marker (MarkerNodePosition, MarkerBodyPosition, MarkerNodeRigid, MarkerBodyRigid), got marker ${sphere.markerNumber} without a position`, { parameter: 'markerIndex' });
      }
      if (sphere.frictionMaterialIndex >= nMaterials) {
        throw new FlexdynError(`${this.name}: sphere ${i} has frictionMaterialIndex ${sphere.frictionMaterialIndex}, expected < ${nMaterials} (the size of setFrictionPairings)`, { parameter: 'frictionMaterialIndex' });
      }
      if (hasRotation(marker) && this.frictionPairings[sphere.frictionMaterialIndex].some((mu) => mu !== 0)) {
        throw new FlexdynError(`${this.name}: sphere ${i} on a rigid marker with friction needs the friction torque of the spinning sphere, which Flexdyn's GeneralContact does not have yet; use a position marker or μ = 0`, { parameter: 'frictionPairings' });
      }
      const ltg = new Int32Array(marker.nLocalU);
      let k = 0;
      for (const node of marker.nodes) for (let c = 0; c < node.nu; c++) ltg[k++] = node.uIndex + c;
      return { marker, ltg, jacobian: new Float64Array(3 * marker.nLocalU) };
    });
    const n = this.spheres.length;
    this.positions = new Float64Array(3 * n);
    this.velocities = new Float64Array(3 * n);
    this.boxes = new Float64Array(6 * n);
    this.radii = Float64Array.from(this.spheres, (sphere) => sphere.radius);
    this.startPositions = new Float64Array(3 * n);
    this.drawnCenters = new Float64Array(3 * n);
    const largest = this.bound.reduce((m, b) => Math.max(m, b.ltg.length), 0);
    this.product = new Float64Array(3 * largest + largest * largest);
    this.active = this.spheres.map(() => []);
    this.updateKinematics(current, false);
    const boxMin = [...this.treeBoxMin], boxMax = [...this.treeBoxMax];
    if (!(boxMin[0] < boxMax[0])) {
      for (let k = 0; k < 3; k++) { boxMin[k] = Infinity; boxMax[k] = -Infinity; }
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < 3; k++) {
          boxMin[k] = Math.min(boxMin[k], this.boxes[6 * i + k]);
          boxMax[k] = Math.max(boxMax[k], this.boxes[6 * i + 3 + k]);
        }
      }
      for (let k = 0; k < 3; k++) if (!(boxMin[k] < boxMax[k])) { boxMin[k] = (boxMin[k] === Infinity ? 0 : boxMin[k]) - 1; boxMax[k] = boxMin[k] + 2; }
    }
    this.grid.reset(this.treeSize[0], this.treeSize[1], this.treeSize[2], boxMin, boxMax);
    this.updateActiveContacts(current);
  }

  /** Positions, velocities, bounding boxes (and, if withJacobians, position Jacobians) of all spheres at s. */
  private updateKinematics(s: ItemState, withJacobians: boolean): void {
    const { positions: x, velocities: v, boxes } = this;
    for (let i = 0; i < this.bound.length; i++) {
      const { marker, jacobian } = this.bound[i];
      marker.position(s, x.subarray(3 * i, 3 * i + 3));
      marker.velocity(s, v.subarray(3 * i, 3 * i + 3));
      if (withJacobians && jacobian.length > 0) marker.positionJacobian(s, jacobian);
      const r = this.spheres[i].radius;
      for (let k = 0; k < 3; k++) { boxes[6 * i + k] = x[3 * i + k] - r; boxes[6 * i + 3 + k] = x[3 * i + k] + r; }
    }
  }

  /** The grid search at the kinematics of updateKinematics: the candidate pairs (overlapping bounding boxes). */
  private search(): void {
    this.grid.build(this.boxes, this.bound.length);
    this.pairCount = 0;
    this.grid.forEachPair((a, b) => {
      if (2 * this.pairCount + 2 > this.pairs.length) {
        const grown = new Int32Array(2 * this.pairs.length);
        grown.set(this.pairs);
        this.pairs = grown;
      }
      this.pairs[2 * this.pairCount] = a;
      this.pairs[2 * this.pairCount + 1] = b;
      this.pairCount++;
    });
  }

  /** The candidate pairs [a, b] (a < b) of the last search: pairs of spheres whose bounding boxes overlap. */
  candidatePairs(): [number, number][] {
    const out: [number, number][] = [];
    for (let p = 0; p < this.pairCount; p++) out.push([this.pairs[2 * p], this.pairs[2 * p + 1]]);
    return out;
  }

  /**
   * Force of pair (i, j) at the current kinematics into this.force (acting on j; −force on i); returns false if the
   * pair is not in compressive contact. With derivatives, also ∂force/∂(p_j − p_i) and ∂force/∂(v_j − v_i).
   */
  private pairForce(i: number, j: number, derivatives: boolean): boolean {
    const x = this.positions, v = this.velocities;
    const a = this.spheres[i], b = this.spheres[j];
    const px = x[3 * j] - x[3 * i], py = x[3 * j + 1] - x[3 * i + 1], pz = x[3 * j + 2] - x[3 * i + 2];
    const dist = Math.sqrt(px * px + py * py + pz * pz);
    const gap = dist - a.radius - b.radius;
    if (!(gap < 0) || dist === 0) return false;
    const n = [px / dist, py / dist, pz / dist];
    const dv = [v[3 * j] - v[3 * i], v[3 * j + 1] - v[3 * i + 1], v[3 * j + 2] - v[3 * i + 2]];
    const vn = n[0] * dv[0] + n[1] * dv[1] + n[2] * dv[2];
    const k = a.contactStiffness * b.contactStiffness / (a.contactStiffness + b.contactStiffness);
    const d = a.contactDamping + b.contactDamping;
    const F = k * gap + d * vn;
    if (!(F < 0)) return false;
    const mu = this.frictionPairings[a.frictionMaterialIndex][b.frictionMaterialIndex];
    const vt = [dv[0] - vn * n[0], dv[1] - vn * n[1], dv[2] - vn * n[2]];
    const w = Math.sqrt(vt[0] * vt[0] + vt[1] * vt[1] + vt[2] * vt[2]);
    const zone = this.frictionProportionalZone;
    const regularized = w < zone;
    // friction force = c·vt with c = −μF/zone (regularized) or −μF/|vt| (Coulomb)
    const c = mu === 0 || (!regularized && w === 0) ? 0 : regularized ? -mu * F / zone : -mu * F / w;
    for (let r = 0; r < 3; r++) this.force[r] = F * n[r] + c * vt[r];
    if (!derivatives) return true;
    const Dp = this.dForceDp, Dv = this.dForceDv;
    // P = I − n nᵀ; ∂F/∂p = k nᵀ + (d/dist) dvᵀP; ∂F/∂v = d nᵀ; ∂n/∂p = P/dist
    const P = (r: number, s: number) => (r === s ? 1 : 0) - n[r] * n[s];
    const dvP = [0, 1, 2].map((s) => dv[0] * P(0, s) + dv[1] * P(1, s) + dv[2] * P(2, s));
    const dFdp = [0, 1, 2].map((s) => k * n[s] + d / dist * dvP[s]);
    const dFdv = [d * n[0], d * n[1], d * n[2]];
    // ∂vt/∂p = −(n dvᵀ + vn I) P/dist; ∂vt/∂v = P
    const dVtDp = (r: number, s: number) => -(n[r] * dvP[s] + vn * P(r, s)) / dist;
    for (let r = 0; r < 3; r++) {
      for (let s = 0; s < 3; s++) {
        Dp[3 * r + s] = n[r] * dFdp[s] + F * P(r, s) / dist;
        Dv[3 * r + s] = n[r] * dFdv[s];
      }
    }
    if (c === 0) return true;
    if (regularized) {
      // f_t = (−μF/zone) vt
      for (let r = 0; r < 3; r++) {
        for (let s = 0; s < 3; s++) {
          Dp[3 * r + s] += c * dVtDp(r, s) - mu / zone * vt[r] * dFdp[s];
          Dv[3 * r + s] += c * P(r, s) - mu / zone * vt[r] * dFdv[s];
        }
      }
    } else {
      // f_t = −μF e, e = vt/|vt|: ∂e = (I − e eᵀ)/|vt| ∂vt
      const e = [vt[0] / w, vt[1] / w, vt[2] / w];
      const E = (r: number, s: number) => ((r === s ? 1 : 0) - e[r] * e[s]) / w;
      for (let r = 0; r < 3; r++) {
        for (let s = 0; s < 3; s++) {
          let ep = 0, ev = 0;
          for (let m = 0; m < 3; m++) { ep += E(r, m) * dVtDp(m, s); ev += E(r, m) * P(m, s); }
          Dp[3 * r + s] += -mu * e[r] * dFdp[s] - mu * F * ep;
          Dv[3 * r + s] += -mu * e[r] * dFdv[s] - mu * F * ev;
        }
      }
    }
    return true;
  }

  /** Adds factor·(contact forces on the left-hand side: J_jᵀ f for sphere j, −J_iᵀ f for sphere i) into out. */
  addODE2Lhs(s: ItemState, out: Float64Array, factor: number): void {
    this.updateKinematics(s, true);
    this.search();
    for (let p = 0; p < this.pairCount; p++) {
      const i = this.pairs[2 * p], j = this.pairs[2 * p + 1];
      if (!this.pairForce(i, j, false)) continue;
      this.scatterForce(j, factor, out);
      this.scatterForce(i, -factor, out);
    }
  }

  /** out += factor·J_iᵀ f at the global indices of sphere i. */
  private scatterForce(i: number, factor: number, out: Float64Array): void {
    const { ltg, jacobian } = this.bound[i];
    const f = this.force;
    const n = ltg.length;
    for (let c = 0; c < n; c++) out[ltg[c]] += factor * (jacobian[c] * f[0] + jacobian[n + c] * f[1] + jacobian[2 * n + c] * f[2]);
  }

  /**
   * Adds factorQ·∂/∂q + factorU·∂/∂u of the left-hand side contact forces: blocks s_a s_b J_aᵀ D J_b for a, b ∈ {i, j}
   * (s_i = −1, s_j = +1, D = factorQ ∂f/∂p + factorU ∂f/∂v), plus the markers' ∂(J_aᵀ f)/∂q at fixed f where they
   * give it.
   */
  addODE2LhsJacobian(s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void {
    this.updateKinematics(s, true);
    this.search();
    const D = this.blend;
    for (let p = 0; p < this.pairCount; p++) {
      const i = this.pairs[2 * p], j = this.pairs[2 * p + 1];
      if (!this.pairForce(i, j, true)) continue;
      for (let m = 0; m < 9; m++) D[m] = factorQ * this.dForceDp[m] + factorU * this.dForceDv[m];
      this.addBlock(j, j, 1, target);
      this.addBlock(j, i, -1, target);
      this.addBlock(i, j, -1, target);
      this.addBlock(i, i, 1, target);
      if (factorQ !== 0) {
        this.addGeometricTerm(j, 1, factorQ, s, target);
        this.addGeometricTerm(i, -1, factorQ, s, target);
      }
    }
  }

  /** target += sign·J_aᵀ D J_b at the global indices of spheres a and b. */
  private addBlock(a: number, b: number, sign: number, target: GlobalMatrixAccumulator): void {
    const A = this.bound[a], B = this.bound[b];
    const na = A.ltg.length, nb = B.ltg.length;
    if (na === 0 || nb === 0) return;
    const M = this.product; // D J_b, 3 × nb
    const D = this.blend;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < nb; c++) M[r * nb + c] = D[3 * r] * B.jacobian[c] + D[3 * r + 1] * B.jacobian[nb + c] + D[3 * r + 2] * B.jacobian[2 * nb + c];
    }
    for (let r = 0; r < na; r++) {
      for (let c = 0; c < nb; c++) {
        const value = A.jacobian[r] * M[c] + A.jacobian[na + r] * M[nb + c] + A.jacobian[2 * na + r] * M[2 * nb + c];
        target.add(A.ltg[r], B.ltg[c], sign * value);
      }
    }
  }

  /** target += factor·∂(J_aᵀ (sign·f))/∂q at the pair's force f (this.force), when the marker gives it (position Jacobians that vary with q). */
  private addGeometricTerm(a: number, sign: number, factor: number, s: ItemState, target: GlobalMatrixAccumulator): void {
    const { marker, ltg } = this.bound[a];
    const n = ltg.length;
    if (n === 0 || marker.jacobianTransposedVector_q === undefined) return;
    const K = this.product.subarray(3 * n, 3 * n + n * n);
    K.fill(0);
    marker.jacobianTransposedVector_q(s, this.force, undefined, K, sign * factor);
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (K[r * n + c] !== 0) target.add(ltg[r], ltg[c], K[r * n + c]);
  }

  /**
   * Searches the contacts at the current state of the assembled system and records the active contacts per sphere
   * (Exudyn's updateContacts(mbs); the system is the one this contact was assembled with).
   */
  updateContacts(): void {
    if (this.current === undefined) throw new FlexdynError(`${this.name}: updateContacts needs an assembled system: call mbs.assemble() first`);
    this.updateActiveContacts(this.current);
  }

  /** Searches the contacts at the state s and records the active contacts per sphere. */
  private updateActiveContacts(s: ItemState): void {
    this.updateKinematics(s, false);
    this.search();
    for (const list of this.active) list.length = 0;
    for (let p = 0; p < this.pairCount; p++) {
      const i = this.pairs[2 * p], j = this.pairs[2 * p + 1];
      if (!this.pairForce(i, j, false)) continue;
      this.active[i].push(j);
      this.active[j].push(i);
    }
  }

  /**
   * The post-Newton step: reports tunnelling (a pair separated at the start of the step that penetrates beyond the
   * smaller radius within it: {@link SphereTunnellingCheck}) and updates the active contacts; the forces are functions
   * of the state, so the error is 0.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState): number {
    this.sphereCenters(startOfStep, this.startPositions);
    this.updateKinematics(s, false);
    this.tunnelling.check(this.radii, this.startPositions, this.positions, this.grid, s.t);
    this.updateActiveContacts(s);
    return 0;
  }

  /** Global contact indices in contact with item itemIndex of contact type typeIndex at the last updateContacts. */
  getActiveContacts(typeIndex: number, itemIndex: number): number[] {
    if (typeIndex !== ContactTypeIndex.IndexSpheresMarkerBased) {
      throw new FlexdynError(`${this.name}: getActiveContacts supports typeIndex ${ContactTypeIndex.IndexSpheresMarkerBased} (IndexSpheresMarkerBased), got ${describeValue(typeIndex)}`, { parameter: 'typeIndex' });
    }
    checkNumber(this.name, 'itemIndex', itemIndex, (v) => Number.isInteger(v) && v >= 0 && v < this.active.length, `a sphere index in [0, ${this.active.length}) of an assembled system`);
    return [...this.active[itemIndex]].sort((a, b) => a - b);
  }

  /** Radii of the spheres, by sphere index (filled by assemble()). */
  get sphereRadii(): Float64Array {
    return this.radii;
  }

  /** Centres of the spheres at the state s (3 per sphere, by sphere index) into out; for drawing. */
  sphereCenters(s: ItemState, out: Float64Array): void {
    for (let i = 0; i < this.bound.length; i++) this.bound[i].marker.position(s, out.subarray(3 * i, 3 * i + 3));
  }

  /**
   * Appends the contact points at the state s to out, for drawing: where two spheres overlap, the point midway in the
   * overlap with its depth ({@link SphereOverlaps}); geometric (the sign of the force, which involves the velocities, is
   * not looked at) and without changing the active contacts or the search state.
   */
  contactPoints(s: ItemState, out: ContactPointList): void {
    this.sphereCenters(s, this.drawnCenters);
    this.overlaps.find(this.drawnCenters, this.radii, this.grid, out);
  }

  /** The items whose bounding boxes overlap the box [pMin, pMax] at the last search (Exudyn's getItemsInBox). */
  getItemsInBox(pMin: readonly number[], pMax: readonly number[]): { MarkerBasedSpheres: number[] } {
    for (let k = 0; k < 3; k++) {
      checkNumber(this.name, `pMin[${k}]`, pMin?.[k], () => true, 'a finite number');
      checkNumber(this.name, `pMax[${k}]`, pMax?.[k], (v) => v >= pMin[k], `a finite number ≥ pMin[${k}]`);
    }
    return { MarkerBasedSpheres: this.grid.itemsInBox(pMin, pMax) };
  }
}
