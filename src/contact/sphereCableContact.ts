import { addGlobalBlock, type GlobalMatrixAccumulator, type ItemState } from '../registry/capabilities.ts';
import type { GeneralContactSettings } from './contactSettings.ts';
import { withPair, type ActiveContacts, type ContactKernel } from './contactKernel.ts';
import type { ContactSpheres } from './contactSpheres.ts';
import type { ContactANCFCables } from './contactANCFCables.ts';
import type { SearchGrid } from './searchGrid.ts';
import { CableCircleContact, type CableCircleParameters } from './ancfCableCircle.ts';
import type { ContactPointList } from './contactPoints.ts';

/** The settings of the cable contact a GeneralContact provides (Exudyn's ancfCable… settings). */
export interface CableContactSettings extends GeneralContactSettings {
  readonly ancfCableUseExactMethod: boolean;
  readonly ancfCableNumberOfContactSegments: number;
}

/**
 * Contact between the contact spheres (as circles of the x–y plane: centre and velocity x, y, rotation about z) and
 * the ANCF cable elements of a GeneralContact, Exudyn's circle–ANCFCable2D contact: per element and sphere whose
 * bounding boxes overlap, {@link CableCircleContact} with the contact radius r + halfHeight, k = k_c k_s/(k_c + k_s),
 * d = d_c + d_s and μ = frictionPairings[m_c][m_s]. Its forces act on the element's 8 coordinates, their opposite on
 * the sphere's marker, with the friction torque about z on rigid markers. Jacobians are analytic.
 */
export class SphereCableContact implements ContactKernel {
  private readonly kernel = new CableCircleContact();
  private readonly parameters: CableCircleParameters = { length: 1, exact: true, segments: 1, contactRadius: 0, lever: 0, stiffness: 0, damping: 0, friction: 0, zone: 0 };
  private readonly force = new Float64Array(3);
  private readonly torque = new Float64Array(3);
  /**
   * The sphere marker's ∂(Jᵀ wrench)/∂q (m × m), which goes to the target as a block (an add call per entry would box
   * each value), as the kernel's pair blocks do.
   */
  private block = new Float64Array(0);
  /**
   * The pairs (cable, sphere) whose Jacobian blocks are written, in this order, zeros where apart: the candidates when
   * a candidate last was not among them, so that the Jacobian keeps its sparse pattern (and its symbolic analysis)
   * while pairs come into contact and leave it; held pairs of cable i at heldStart[i] … heldStart[i + 1] − 1.
   */
  private heldPairs = new Int32Array(16);
  private heldCount = 0;
  private heldStart = new Int32Array(0);
  /** The number of spheres when the pairs were held (a new assembly may have fewer). */
  private heldSpheres = -1;

  constructor(
    private readonly settings: CableContactSettings, private readonly spheres: ContactSpheres, private readonly cables: ContactANCFCables,
    private readonly grid: SearchGrid,
  ) {}

  /** Calls pair(cable, sphere) for each element and sphere whose boxes overlap. */
  private candidates(pair: (i: number, j: number) => void): void {
    const { cables, spheres, grid } = this;
    for (let i = 0; i < cables.count; i++) {
      const found = grid.query(cables.offset + i, spheres.offset, spheres.offset + spheres.count);
      for (let k = 0; k < found; k++) pair(i, grid.found[k] - spheres.offset);
    }
  }

  /**
   * Evaluates element i against sphere j (kernel.g, and its Jacobians if derivatives; kernel.segmentCount = 0 if the
   * element is outside the circle); returns true if they are an active contact (a segment with compressive mean force).
   */
  private evaluate(i: number, j: number, derivatives: boolean): boolean {
    const { cables, spheres, parameters: p } = this;
    const kin = spheres.kinematics;
    p.length = cables.length[i];
    p.exact = this.settings.ancfCableUseExactMethod;
    p.segments = this.settings.ancfCableNumberOfContactSegments;
    p.contactRadius = spheres.radius[j] + cables.halfHeight[i];
    p.lever = spheres.radius[j];
    p.stiffness = cables.stiffness[i] * spheres.stiffness[j] / (cables.stiffness[i] + spheres.stiffness[j]);
    p.damping = cables.damping[i] + spheres.damping[j];
    p.friction = this.settings.friction(cables.material[i], spheres.material[j]);
    p.zone = this.settings.frictionProportionalZone;
    return this.kernel.evaluate(cables.coordinates, cables.velocities, kin.position3, kin.velocity3, kin.angularVelocity3[3 * j + 2], p, derivatives, 8 * i, 3 * j);
  }

  addODE2Lhs(_s: ItemState, out: Float64Array, factor: number): void {
    const { cables, kernel, force, torque } = this;
    const kin = this.spheres.kinematics;
    this.candidates((i, j) => {
      this.evaluate(i, j, false);
      if (kernel.segmentCount === 0) return;
      const g = kernel.g, ltg = cables.ltg, at = 8 * i;
      for (let k = 0; k < 8; k++) out[ltg[at + k]] += factor * g[k];
      // on the sphere: −F_c and the torque −T about z
      force[0] = g[8]; force[1] = g[9];
      torque[2] = g[10];
      kin.addForce(j, out, -factor, force);
      if (kin.hasRotation(j)) this.addTorque(j, out, -factor);
    });
  }

  /** out += factor·J_rotᵀ torque of sphere j. */
  private addTorque(j: number, out: Float64Array, factor: number): void {
    const kin = this.spheres.kinematics, t = this.torque;
    kin.ensureJacobians(j);
    const start = kin.start[j], n = kin.columns(j), at = 3 * start, R = kin.rotationJacobian;
    for (let col = 0; col < n; col++) out[kin.ltg[start + col]] += factor * (R[at + col] * t[0] + R[at + n + col] * t[1] + R[at + 2 * n + col] * t[2]);
  }

  addODE2LhsJacobian(s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void {
    const kin = this.spheres.kinematics;
    const m = kin.maxColumns;
    this.kernel.reserveColumns(m);
    if (this.block.length < m * m) this.block = new Float64Array(m * m);
    if (!this.candidatesHeld()) this.holdCandidates();
    const pairs = this.heldPairs;
    for (let h = 0; h < this.heldCount; h++) {
      const i = pairs[2 * h], j = pairs[2 * h + 1];
      this.evaluate(i, j, true);
      this.addPairJacobian(s, i, j, target, factorQ, factorU);
    }
  }

  /** True if every candidate pair is a held pair. */
  private candidatesHeld(): boolean {
    const { cables, spheres, grid, heldPairs: pairs, heldStart: start } = this;
    if (start.length !== cables.count + 1 || this.heldSpheres !== spheres.count) return false;
    for (let i = 0; i < cables.count; i++) {
      const found = grid.query(cables.offset + i, spheres.offset, spheres.offset + spheres.count);
      for (let k = 0; k < found; k++) {
        const j = grid.found[k] - spheres.offset;
        let h = start[i];
        while (h < start[i + 1] && pairs[2 * h + 1] !== j) h++;
        if (h === start[i + 1]) return false;
      }
    }
    return true;
  }

  /** Holds the current candidate pairs, ordered by cable, as the pairs of the Jacobian's pattern. */
  private holdCandidates(): void {
    const count = this.cables.count;
    if (this.heldStart.length !== count + 1) this.heldStart = new Int32Array(count + 1);
    const start = this.heldStart;
    start.fill(0);
    this.heldCount = 0;
    this.heldSpheres = this.spheres.count;
    this.candidates((i, j) => {
      this.heldPairs = withPair(this.heldPairs, this.heldCount++, i, j);
      start[i + 1]++;
    });
    for (let i = 0; i < count; i++) start[i + 1] += start[i];
  }

  /**
   * The Jacobian blocks of element i and sphere j after evaluate (the kernel's pairBlocks): by the cable coordinates
   * C = factorQ ∂g/∂e + factorU ∂g/∂ė, by the sphere's coordinates M = D K with D = ∂g/∂(p, v, ω) and K the sphere
   * marker's kinematics Jacobian; rows: the cable's coordinates (g[0 … 7]) and the sphere's, −(J_posᵀ [F_c, 0] +
   * J_rotᵀ [0, 0, T]); plus the sphere marker's ∂(Jᵀ wrench)/∂q at fixed wrench.
   */
  private addPairJacobian(s: ItemState, i: number, j: number, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void {
    const { kernel, cables, block, force, torque } = this;
    const kin = this.spheres.kinematics;
    const { K, J, C, M, rows } = kernel.blocks;
    const m = kin.columns(j);
    const start = kin.start[j];
    if (m > 0) {
      const rotation = kin.hasRotation(j);
      kin.ensureJacobians(j);
      kin.kinematicsJacobian(s, j, factorQ, factorU, K);
      // the rows x, y of the position Jacobian and z of the rotation Jacobian (zeros without rotation)
      const at = 3 * start, Jp = kin.positionJacobian, Jr = kin.rotationJacobian;
      for (let a = 0; a < m; a++) {
        J[a] = Jp[at + a];
        J[m + a] = Jp[at + m + a];
        J[2 * m + a] = rotation ? Jr[at + 2 * m + a] : 0;
      }
    }
    kernel.pairBlocks(factorQ, factorU, m);
    const ltg = cables.ltg, cableAt = 8 * i; // the cable's 8 entries (no subarray per pair)
    addGlobalBlock(target, ltg, cableAt, ltg, cableAt, 8, 8, C, 0, 8, 1, 1);
    if (m === 0) return;
    // the sphere's rows by the cable's columns, then by its own (each entry of the target gets the same additions in
    // the same order as row by row: the two blocks' positions are distinct)
    addGlobalBlock(target, kin.ltg, start, ltg, cableAt, m, 8, rows, 0, 8 + m, 1, 1);
    addGlobalBlock(target, kin.ltg, start, kin.ltg, start, m, m, rows, 8, 8 + m, 1, 1);
    addGlobalBlock(target, ltg, cableAt, kin.ltg, start, 8, m, M, 0, m, 1, 1);
    const marker = kin.marker(j);
    if (factorQ !== 0 && marker.jacobianTransposedVector_q !== undefined) {
      force[0] = kernel.g[8]; force[1] = kernel.g[9];
      torque[2] = kernel.g[10];
      block.fill(0, 0, m * m);
      marker.jacobianTransposedVector_q(s, force, kin.hasRotation(j) ? torque : undefined, block, -factorQ);
      addGlobalBlock(target, kin.ltg, start, kin.ltg, start, m, m, block, 0, m, 1, 1);
    }
  }

  recordActiveContacts(active: ActiveContacts): void {
    const { cables, spheres } = this;
    this.candidates((i, j) => { if (this.evaluate(i, j, false)) active.add(cables.offset + i, spheres.offset + j); });
  }

  /** Appends, for drawing, the middle point of every contact segment of the last update (in the plane z = 0) with its depth. */
  contactPoints(out: ContactPointList): void {
    const kernel = this.kernel;
    this.candidates((i, j) => {
      this.evaluate(i, j, false);
      for (let k = 0; k < kernel.segmentCount; k++) out.push(kernel.middles[3 * k], kernel.middles[3 * k + 1], 0, kernel.middles[3 * k + 2]);
    });
  }
}
