import type { GlobalMatrixAccumulator, ItemState } from '../registry/capabilities.ts';
import type { GeneralContactSettings } from './contactSettings.ts';
import type { ActiveContacts, ContactKernel } from './contactKernel.ts';
import type { ContactSpheres } from './contactSpheres.ts';
import type { SearchGrid } from './searchGrid.ts';
import { PAIR_VARIABLES, type PairJacobian } from './contactPair.ts';
import { addBlock, addCrossBlock, addCrossTimes, addIdentity, clear, type ContactForceLaw } from './contactForceLaw.ts';

const N = PAIR_VARIABLES;
/** Columns of p, v, ω of side a and b among the 24 kinematic variables of a pair. */
const PA = 0, VA = 6, WA = 9, PB = 12, VB = 18, WB = 21;

/**
 * Contact between two spheres I < J (Exudyn's sphere–sphere contact of GeneralContact): with d = p_J − p_I, the normal
 * n = d/|d|, the gap g = |d| − r_I − r_J < 0, the normal velocity v_n = n·(v_J − v_I) of the centres, k = k_I k_J/(k_I +
 * k_J) (springs in series) and d = d_I + d_J (dampers in parallel), the pair acts while F = k g + d v_n < 0 with the
 * force law of {@link ContactForceLaw}. With friction (μ = frictionPairings[m_I][m_J] ≠ 0) the relative velocity is that
 * of the contact point x_c = p_I + (r_I + g/2) n (halfway into the overlap) on both spheres, v + ω × (x_c − p), and
 * the force acts at x_c: spheres on rigid markers get the torque (x_c − p) × force. Candidates are the spheres whose
 * bounding boxes overlap in the search grid.
 */
export class SphereSphereContact implements ContactKernel {
  private readonly n = new Float64Array(3);
  private readonly dv = new Float64Array(3);
  private readonly w = new Float64Array(3);
  private readonly leverI = new Float64Array(3);
  private readonly leverJ = new Float64Array(3);
  private readonly xc = new Float64Array(3);
  private readonly Ax = new Float64Array(3 * N);
  private readonly P = new Float64Array(9);
  private readonly omegaI = new Float64Array(3);
  private readonly omegaJ = new Float64Array(3);
  private dist = 0;
  private mu = 0;
  /** The pairs, forces and levers of the last {@link addODE2Lhs} that searched and evaluated. */
  private readonly forces = new RecordedForces();

  constructor(
    private readonly settings: GeneralContactSettings, private readonly spheres: ContactSpheres, private readonly grid: SearchGrid,
    private readonly law: ContactForceLaw, private readonly jacobian: PairJacobian,
  ) {}

  /**
   * Calls pair(i, j) for each pair of spheres i < j whose boxes overlap, unless sphere–sphere contact is switched off;
   * with `moving`, only the pairs in which a sphere has coordinates (the others add nothing to forces or Jacobians: a bed
   * of ground spheres needs no query at all).
   */
  private candidates(pair: (i: number, j: number) => void, moving = false): void {
    if (!this.settings.sphereSphereContact) return;
    const { offset, count, kinematics: kin } = this.spheres;
    // the last sphere with coordinates: a sphere without them after it has no pair to look for
    let last = count - 1;
    if (moving) while (last >= 0 && kin.columns(last) === 0) last--;
    for (let i = 0; i < count; i++) {
      const fixed = moving && kin.columns(i) === 0;
      if (fixed && i >= last) continue;
      if (fixed && this.grid.cellCount(offset + i) > last - i) {
        // a sphere without coordinates adds nothing itself, so the order of its pairs changes no sum (each sphere j gets
        // one term here); a large one (a bowl) spans more cells than there are spheres to test: the test per sphere
        for (let j = i + 1; j <= last; j++) if (kin.columns(j) !== 0 && this.grid.finds(offset + i, offset + j)) pair(i, j);
        continue;
      }
      const found = this.grid.query(offset + i, offset + i + 1, offset + count);
      for (let c = 0; c < found; c++) {
        const j = this.grid.found[c] - offset;
        if (fixed && kin.columns(j) === 0) continue;
        pair(i, j);
      }
    }
  }

  /** The force of pair (i, j) at the current kinematics into law.f (on J; −f on I), levers and μ; false if not in contact. */
  private evaluate(i: number, j: number): boolean {
    const { kinematics: kin, radius, stiffness, damping, material } = this.spheres;
    const x = kin.position3, v = kin.velocity3, omega = kin.angularVelocity3;
    const dx = x[3 * j] - x[3 * i], dy = x[3 * j + 1] - x[3 * i + 1], dz = x[3 * j + 2] - x[3 * i + 2];
    const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const gap = dist - (radius[i] + radius[j]);
    if (!(gap < 0) || dist === 0) return false;
    const n = this.n, dv = this.dv, w = this.w;
    const inv = 1 / dist;
    n[0] = inv * dx; n[1] = inv * dy; n[2] = inv * dz;
    for (let k = 0; k < 3; k++) dv[k] = v[3 * j + k] - v[3 * i + k];
    const vn = n[0] * dv[0] + n[1] * dv[1] + n[2] * dv[2];
    const mu = this.settings.friction(material[i], material[j]);
    const cI = radius[i] + 0.5 * gap, cJ = -radius[j] - 0.5 * gap;
    for (let k = 0; k < 3; k++) { this.leverI[k] = cI * n[k]; this.leverJ[k] = cJ * n[k]; }
    if (mu !== 0) {
      // velocities of the common contact point on both spheres
      const a = this.leverI, b = this.leverJ;
      const wIx = v[3 * i] + (omega[3 * i + 1] * a[2] - omega[3 * i + 2] * a[1]);
      const wIy = v[3 * i + 1] + (omega[3 * i + 2] * a[0] - omega[3 * i] * a[2]);
      const wIz = v[3 * i + 2] + (omega[3 * i] * a[1] - omega[3 * i + 1] * a[0]);
      const wJx = v[3 * j] + (omega[3 * j + 1] * b[2] - omega[3 * j + 2] * b[1]);
      const wJy = v[3 * j + 1] + (omega[3 * j + 2] * b[0] - omega[3 * j] * b[2]);
      const wJz = v[3 * j + 2] + (omega[3 * j] * b[1] - omega[3 * j + 1] * b[0]);
      w[0] = wJx - wIx; w[1] = wJy - wIy; w[2] = wJz - wIz;
    }
    const k = stiffness[i] * stiffness[j] / (stiffness[i] + stiffness[j]);
    const d = damping[i] + damping[j];
    const F = this.law.evaluate(n, gap, vn, w, k, d, 1, mu, this.settings.frictionProportionalZone);
    this.dist = dist;
    this.mu = mu;
    return F < 0;
  }

  /**
   * Adds the forces of the pairs in contact; at the grid's build and with the settings of the last call (an explicit
   * step's end-of-step accelerations and the next step's first stage: the same state) the pairs, forces and levers
   * recorded by that call, in its order (the same operations on the same numbers, without search or force law).
   */
  addODE2Lhs(_s: ItemState, out: Float64Array, factor: number): void {
    const kin = this.spheres.kinematics, f = this.law.f, forces = this.forces;
    const build = this.grid.builds, repeat = build === forces.lastCall;
    forces.lastCall = build;
    if (repeat && forces.build === build && forces.settings === this.settings.settingsRevision) {
      this.replay(out, factor);
      forces.repeated = true;
      return;
    }
    // recorded only where the calls repeat states (the call before this one was a repeat, or this is the first): a
    // solver that never repeats one pays no recording
    const record = forces.repeated;
    forces.repeated = repeat;
    forces.count = 0;
    forces.build = -1;
    this.candidates((i, j) => {
      if (!this.evaluate(i, j)) return;
      const torque = this.mu !== 0;
      if (record) forces.add(i, j, torque, f, this.leverI, this.leverJ);
      kin.addForce(j, out, factor, f, torque ? this.leverJ : undefined);
      // on I: −f at the lever x_c − p_I
      kin.addForce(i, out, -factor, f, torque ? this.leverI : undefined);
    }, true);
    if (!record) return;
    forces.build = build;
    forces.settings = this.settings.settingsRevision;
  }

  /** The recorded pairs' forces added as {@link addODE2Lhs} adds them: the same addForce calls with the recorded numbers. */
  private replay(out: Float64Array, factor: number): void {
    const kin = this.spheres.kinematics, forces = this.forces, f = this.law.f, leverI = this.leverI, leverJ = this.leverJ;
    const pairs = forces.pairs, values = forces.values;
    for (let p = 0; p < forces.count; p++) {
      const i = pairs[3 * p], j = pairs[3 * p + 1], torque = pairs[3 * p + 2] === 1, at = 9 * p;
      f[0] = values[at]; f[1] = values[at + 1]; f[2] = values[at + 2];
      leverI[0] = values[at + 3]; leverI[1] = values[at + 4]; leverI[2] = values[at + 5];
      leverJ[0] = values[at + 6]; leverJ[1] = values[at + 7]; leverJ[2] = values[at + 8];
      kin.addForce(j, out, factor, f, torque ? leverJ : undefined);
      kin.addForce(i, out, -factor, f, torque ? leverI : undefined);
    }
  }

  addODE2LhsJacobian(s: ItemState, target: GlobalMatrixAccumulator, factorQ: number, factorU: number): void {
    const kin = this.spheres.kinematics;
    this.jacobian.allocate(kin.maxColumns);
    this.candidates((i, j) => {
      if (!this.evaluate(i, j)) return;
      this.derivatives(i, j);
      const torque = this.mu !== 0;
      this.jacobian.add(s, kin, i, torque, kin, j, torque, this.xc, this.law.f, this.law.Af, this.Ax, target, factorQ, factorU);
    }, true);
  }

  /**
   * ∂x_c/∂z and the inputs of the force law's derivatives for pair (i, j) after evaluate: x_c = (p_I + p_J)/2 + ρ n with
   * ρ = (r_I − r_J)/2, so ∂x_c/∂p_I = I/2 − ρP/|d|, ∂x_c/∂p_J = I/2 + ρP/|d| (P = I − n nᵀ); ∂d = ∂p_J − ∂p_I; the
   * normal velocity is that of the centres; w = v_J + ω_J × c_J − v_I − ω_I × c_I with c = x_c − p.
   */
  private derivatives(i: number, j: number): void {
    const { kinematics: kin, radius } = this.spheres;
    const law = this.law, n = this.n, P = this.P, Ax = this.Ax, xc = this.xc;
    const x = kin.position3, omega = kin.angularVelocity3;
    for (let k = 0; k < 3; k++) xc[k] = x[3 * i + k] + this.leverI[k];
    const rho = 0.5 * (radius[i] - radius[j]);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) P[3 * r + c] = (r === c ? 1 : 0) - n[r] * n[c];
    clear(Ax);
    addIdentity(Ax, PA, 0.5); addBlock(Ax, PA, P, -rho / this.dist);
    addIdentity(Ax, PB, 0.5); addBlock(Ax, PB, P, rho / this.dist);
    clear(law.Dd); addIdentity(law.Dd, PB, 1); addIdentity(law.Dd, PA, -1);
    clear(law.DVn); addIdentity(law.DVn, VB, 1); addIdentity(law.DVn, VA, -1);
    if (this.mu !== 0) {
      const DW = law.DW, wI = this.omegaI, wJ = this.omegaJ;
      for (let k = 0; k < 3; k++) { wI[k] = omega[3 * i + k]; wJ[k] = omega[3 * j + k]; }
      clear(DW);
      addIdentity(DW, VB, 1); addIdentity(DW, VA, -1);
      // ω × c = −c̃ ω; δc = δx_c − δp
      addCrossBlock(DW, WB, this.leverJ, -1); addCrossBlock(DW, WA, this.leverI, 1);
      addCrossTimes(DW, wJ, Ax, 1); addCrossBlock(DW, PB, wJ, -1);
      addCrossTimes(DW, wI, Ax, -1); addCrossBlock(DW, PA, wI, 1);
    }
    law.derivatives(this.dist, this.dv);
  }

  recordActiveContacts(active: ActiveContacts): void {
    const offset = this.spheres.offset;
    this.candidates((i, j) => { if (this.evaluate(i, j)) active.add(offset + i, offset + j); });
  }
}

/**
 * The pairs in contact of one evaluation of the sphere–sphere forces, in their order: per pair the spheres i, j and
 * whether the force acts with its levers (3 integers), the force on j and the levers of i and j (9 numbers); with the
 * grid build and settings revision they belong to (build −1: none).
 */
class RecordedForces {
  count = 0;
  pairs = new Int32Array(48);
  values = new Float64Array(144);
  build = -1;
  settings = -1;
  /** The grid build of the last call, and whether that call was at the build of the call before it. */
  lastCall = -1;
  repeated = true;

  /** Appends a pair (grows the arrays when full). */
  add(i: number, j: number, torque: boolean, f: Float64Array, leverI: Float64Array, leverJ: Float64Array): void {
    if (3 * this.count === this.pairs.length) {
      const pairs = new Int32Array(2 * this.pairs.length), values = new Float64Array(2 * this.values.length);
      pairs.set(this.pairs);
      values.set(this.values);
      this.pairs = pairs;
      this.values = values;
    }
    const p = this.count++, at = 9 * p, pairs = this.pairs, values = this.values;
    pairs[3 * p] = i; pairs[3 * p + 1] = j; pairs[3 * p + 2] = torque ? 1 : 0;
    values[at] = f[0]; values[at + 1] = f[1]; values[at + 2] = f[2];
    values[at + 3] = leverI[0]; values[at + 4] = leverI[1]; values[at + 5] = leverI[2];
    values[at + 6] = leverJ[0]; values[at + 7] = leverJ[1]; values[at + 8] = leverJ[2];
  }
}
