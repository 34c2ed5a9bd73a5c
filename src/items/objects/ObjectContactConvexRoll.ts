import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import {
  denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only,
  type PostNewtonOutput, type RigidMarkerModel,
} from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, preal, ureal, vector, type VectorValue } from '../../registry/parameters.ts';
import { bindDataNode, RigidMarkerPair } from './connectorBase.ts';
import { stribeckFunction } from './contactKernel.ts';
import { hypot2 } from '../../rotations/skew.ts';

/** Exudyn's largest number of hull coefficients. */
const maxCoefficients = 20;
/** Exudyn's Newton iterations for the axial position of the contact point, and their tolerance on the slope. */
const maxRootIterations = 20, rootTolerance = 1e-14;
/** Exudyn's number of samples of the convexity check over the roll length. */
const convexitySamples = 1000;

const parameters = {
  markerNumbers: markerIndexArray('[m0, m1]: rigid markers; m0 on the ground body (it takes the reaction; the contact plane is z = 0 of the global frame), '
    + 'm1 at the roll\'s center with the roll axis along its local x axis.', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 3 data coordinates; the first holds the gap of the last post-Newton step (contact while < 0), the other two are unused (Exudyn\'s layout).'),
  contactStiffness: ureal(0, 'Normal contact stiffness k_c [N/m].'),
  contactDamping: ureal(0, 'Normal contact damping d_c [N s/m], against the vertical velocity of the roll center.'),
  dynamicFriction: ureal(0, 'Dynamic friction coefficient μ_d of the Stribeck law.'),
  staticFrictionOffset: ureal(0, 'Static friction offset μ_so (static friction μ_d + μ_so) of the Stribeck law.'),
  viscousFriction: ureal(0, 'Viscous friction coefficient μ_v [s/m] (velocity dependent part) of the Stribeck law.'),
  exponentialDecayStatic: preal(1e-3, 'Velocity v_exp [m/s] of the exponential decay of the static friction offset (> 0).'),
  frictionProportionalZone: ureal(1e-3, 'Regularization velocity v_reg [m/s]: friction proportional to the slip velocity below it.'),
  rollLength: ureal(0, 'Length L [m] of the roll, symmetric about its center (> 0).'),
  coefficientsHull: vector([], `Polynomial coefficients [k_0, …, k_{n−1}] (highest power first, 3 … ${maxCoefficients}) of the radius of the strictly convex hull, r(x) = k_0 x^{n−1} + … + k_{n−1}, x ∈ [−L/2, L/2].`),
  rBoundingSphere: ureal(0, 'Radius of the bounding sphere of the contact pre-check: Exudyn computes it as r(0) at assembly, so only 0 (the default) or r(0) is accepted.'),
  activeConnector: bool(true, 'If false, the contact exerts no force and does not switch.'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; contactStiffness: number; contactDamping: number; dynamicFriction: number;
  staticFrictionOffset: number; viscousFriction: number; exponentialDecayStatic: number; frictionProportionalZone: number; rollLength: number;
  coefficientsHull: VectorValue; rBoundingSphere: number; activeConnector: boolean;
};

/** Horner's rule: Σ c_i x^{n−1−i} (highest power first; 0 for no coefficients). */
function polyval(c: ArrayLike<number>, x: number): number {
  let result = 0;
  for (let i = 0; i < c.length; i++) result = result * x + c[i];
  return result;
}

/** Coefficients of the derivative (highest power first). */
function derivative(c: ArrayLike<number>): Float64Array {
  const n = c.length;
  return Float64Array.from({ length: Math.max(n - 1, 0) }, (_, i) => (n - 1 - i) * c[i]);
}

/** cross(a, b) into out. */
function cross(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
  out[0] = x; out[1] = y; out[2] = z;
  return out;
}

/** Run-time model of the convex roll on the ground plane. */
class ContactConvexRollModel implements Only<ObjectModel, ContactConvexRollModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  /** Analytic ∂f/∂q, present when the roll marker gives ∂ω/∂q (rigid bodies and nodes; set in bind). */
  ode2Lhs_q?: ObjectModel['ode2Lhs_q'];
  private readonly markers: RigidMarkerPair;
  private dataIndex = -1;
  private nLocal = 0;
  private readonly hull: Float64Array;
  private readonly hull_x: Float64Array;
  private readonly hull_xx: Float64Array;
  /** r(0), the radius of the bounding sphere of the pre-check. */
  private readonly boundingRadius: number;
  // kinematics of the roll: rotation, center, velocity, global angular velocity
  private readonly A = new Float64Array(9);
  private readonly p1 = new Float64Array(3);
  private readonly v1 = new Float64Array(3);
  private readonly omega = new Float64Array(3);
  /** The lever a = A pL (pL the local contact point), the contact point pC and the velocity vC = ω × a of the rotation. */
  private readonly lever = new Float64Array(3);
  private readonly contactPoint = new Float64Array(3);
  private readonly contactVelocity = new Float64Array(3);
  /** Tangential velocity of the contact point, the normal force, the contact force and torque (on the roll). */
  private readonly slip = new Float64Array(3);
  private normalForce = 0;
  private frictionCoefficient = 0;
  private readonly force = new Float64Array(3);
  private readonly torque = new Float64Array(3);
  /** Whether the contact point is inside the roll (not clamped to an end). */
  private interior = false;
  /** ∂a/∂φ (3 × 3), the friction's ∂(μ(s) v/s)/∂v (3 × 3), Stribeck slope. */
  private readonly lever_phi = new Float64Array(9);
  private readonly friction_v = new Float64Array(9);
  private readonly slope = new Float64Array(1);
  // marker Jacobians and work columns
  private jp0 = new Float64Array(0);
  private jr0 = new Float64Array(0);
  private jp1 = new Float64Array(0);
  private jr1 = new Float64Array(0);
  private jv1 = new Float64Array(0);
  private jw1 = new Float64Array(0);
  private forceColumns = new Float64Array(0);
  private torqueColumns = new Float64Array(0);
  private block0 = new Float64Array(0);
  private block1 = new Float64Array(0);
  private localMatrix = new Float64Array(0);
  /** −r'(∓L/2), the slopes at the roll's ends, for the length they were computed for (see axialPosition). */
  private endSlopesLength = Number.NaN;
  private lowerEndSlope = 0;
  private upperEndSlope = 0;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.markers = new RigidMarkerPair(label, v.markerNumbers);
    this.hull = Float64Array.from(v.coefficientsHull);
    this.hull_x = derivative(this.hull);
    this.hull_xx = derivative(this.hull_x);
    this.boundingRadius = polyval(this.hull, 0);
  }

  bind(context: BindContext): void {
    const markers = this.markers;
    markers.bind(context);
    this.localNodes = markers.localNodes;
    this.dataIndex = bindDataNode(context, this.label, this.v.nodeNumber, 3, 'for the contact state')!.dataIndex;
    const n0 = markers.n0, n1 = markers.n1;
    this.nLocal = n0 + n1;
    [this.jp0, this.jr0, this.jp1, this.jr1, this.jv1, this.jw1, this.forceColumns, this.torqueColumns] =
      [n0, n0, n1, n1, n1, n1, n1, n1].map((n) => new Float64Array(3 * n));
    this.block0 = new Float64Array(n0 * n0);
    this.block1 = new Float64Array(n1 * n1);
    this.localMatrix = denseLocalMatrix(this.nLocal);
    const analytic = n1 === 0 || markers.marker1.angularVelocity_q !== undefined;
    this.ode2Lhs_q = analytic ? (s, acc, factor) => this.addJacobian(s, acc, factor, false) : undefined;
  }

  private get roll(): RigidMarkerModel {
    return this.markers.marker1;
  }

  /** Roll kinematics of state s: A, p1, v1, ω (global). */
  private kinematics(s: ItemState): void {
    const roll = this.roll;
    roll.orientation(s, this.A);
    roll.position(s, this.p1);
    roll.velocity(s, this.v1);
    roll.angularVelocity(s, this.omega);
  }

  /**
   * Exudyn's pre-check: an end of the roll axis lower than r(0) (else no contact is possible); without contact,
   * contactPoint is the lower end of the axis (Exudyn: the half axis A e_x L/2 itself when both ends are equally high).
   */
  private preContactCheck(): boolean {
    const { A, p1, contactPoint: pC } = this;
    const h = 0.5 * this.v.rollLength;
    const z1 = p1[2] + A[6] * h, z2 = p1[2] - A[6] * h;
    if (z1 < this.boundingRadius || z2 < this.boundingRadius) return true;
    const sign = z1 < z2 ? 1 : z2 < z1 ? -1 : 0;
    for (let i = 0; i < 3; i++) pC[i] = sign === 0 ? A[3 * i] * h : p1[i] + sign * A[3 * i] * h;
    return false;
  }

  /**
   * Exudyn's axial position of the contact point for the slope k = tan(angle): the root of −r'(x) = k by Newton's method
   * from 0 (steps limited to L), or the roll's end when k is outside the slopes at the ends.
   */
  private axialPosition(k: number): number {
    const L = this.v.rollLength, h = 0.5 * L;
    // the slopes at the ends depend on the length only (a parameter that can change in place while running)
    if (L !== this.endSlopesLength) {
      this.lowerEndSlope = -polyval(this.hull_x, -h);
      this.upperEndSlope = -polyval(this.hull_x, h);
      this.endSlopesLength = L;
    }
    const kLower = this.lowerEndSlope, kUpper = this.upperEndSlope;
    this.interior = false;
    if (k > kLower && k < kUpper) {
      this.interior = true;
      let x = 0;
      let error = -polyval(this.hull_x, x) - k;
      for (let iteration = 0; iteration < maxRootIterations && Math.abs(error) > rootTolerance; iteration++) {
        error = -polyval(this.hull_x, x) - k;
        let dx = error / -polyval(this.hull_xx, x);
        if (Math.abs(dx) > L) dx = L * Math.sign(dx);
        x -= dx;
      }
      return x;
    }
    if (k > kUpper) return h;
    if (k < kLower) return -h;
    return 0;
  }

  /**
   * Exudyn's lowest point of the hull in the roll frame: with g = Aᵀe_z (the third row of A), the slope angle
   * atan2(−g0, √(1 − g0²)) gives its axial position x, the angle atan2(g1, g2) its direction around the axis:
   * pL = [x, −r(x) sin, −r(x) cos]; with derivatives ∂pL/∂g. Sets lever = A pL and contactPoint = lever + p1.
   */
  private lowestPoint(derivatives: boolean): void {
    const { A, lever, contactPoint: pC, p1 } = this;
    // A in locals, read once: until TurboFan compiles this, every read of a double from an array makes a new heap number
    const A0 = A[0], A1 = A[1], A2 = A[2], A3 = A[3], A4 = A[4], A5 = A[5], g0 = A[6], g1 = A[7], g2 = A[8];
    const root = Math.sqrt(Math.abs(1 - g0 * g0));
    const slopeAngle = Math.atan2(-g0, root);
    const roundAngle = Math.atan2(g1, g2);
    const k = Math.tan(slopeAngle);
    const x = this.axialPosition(k);
    const r = polyval(this.hull, x);
    const sin = Math.sin(roundAngle), cos = Math.cos(roundAngle);
    const pL0 = x, pL1 = r * Math.sin(-roundAngle), pL2 = -r * Math.cos(-roundAngle);
    const a0 = A0 * pL0 + A1 * pL1 + A2 * pL2, a1 = A3 * pL0 + A4 * pL1 + A5 * pL2, a2 = g0 * pL0 + g1 * pL1 + g2 * pL2;
    lever[0] = a0; lever[1] = a1; lever[2] = a2;
    pC[0] = a0 + p1[0]; pC[1] = a1 + p1[1]; pC[2] = a2 + p1[2];
    if (!derivatives) return;
    // ∂pL/∂g (3 × 3, G): k = −g0/√(1 − g0²): ∂k/∂g0 = −(1 − g0²)^{−3/2}; interior: −r'(x) = k, ∂x/∂k = −1/r''(x)
    const x_g0 = this.interior ? (-1 / (root * root * root)) * (-1 / polyval(this.hull_xx, x)) : 0;
    const r_g0 = polyval(this.hull_x, x) * x_g0;
    const rho2 = g1 * g1 + g2 * g2;
    const angle_g1 = rho2 === 0 ? 0 : g2 / rho2, angle_g2 = rho2 === 0 ? 0 : -g1 / rho2;
    const G0 = x_g0, G1 = 0, G2 = 0;
    const G3 = -r_g0 * sin, G4 = -r * cos * angle_g1, G5 = -r * cos * angle_g2;
    const G6 = -r_g0 * cos, G7 = r * sin * angle_g1, G8 = r * sin * angle_g2;
    // δg = Aᵀ(e_z × δφ), δa = δφ × a + A (∂pL/∂g) δg: ∂a/∂φ = −ã + A G Aᵀ ẽ_z. Row i of A G is (ag0, ag1, ag2); (A G Aᵀ)
    // column j = A G (row j of A); Aᵀẽ_z: ẽ_z e_0 = e_1, ẽ_z e_1 = −e_0, ẽ_z e_2 = 0. Then −ã (into the zeros of column 2
    // as 0 − a, as the in-place subtraction formed it)
    const M = this.lever_phi;
    let ag0 = A0 * G0 + A1 * G3 + A2 * G6, ag1 = A0 * G1 + A1 * G4 + A2 * G7, ag2 = A0 * G2 + A1 * G5 + A2 * G8;
    M[0] = ag0 * A3 + ag1 * A4 + ag2 * A5;
    M[1] = -(ag0 * A0 + ag1 * A1 + ag2 * A2) + a2;
    M[2] = 0 - a1;
    ag0 = A3 * G0 + A4 * G3 + A5 * G6; ag1 = A3 * G1 + A4 * G4 + A5 * G7; ag2 = A3 * G2 + A4 * G5 + A5 * G8;
    M[3] = (ag0 * A3 + ag1 * A4 + ag2 * A5) - a2;
    M[4] = -(ag0 * A0 + ag1 * A1 + ag2 * A2);
    M[5] = 0 + a0;
    ag0 = g0 * G0 + g1 * G3 + g2 * G6; ag1 = g0 * G1 + g1 * G4 + g2 * G7; ag2 = g0 * G2 + g1 * G5 + g2 * G8;
    M[6] = (ag0 * A3 + ag1 * A4 + ag2 * A5) + a1;
    M[7] = -(ag0 * A0 + ag1 * A1 + ag2 * A2) - a0;
    M[8] = 0;
  }

  /**
   * Exudyn's contact forces on the roll: with contact (allowed by the data gap < 0, or in the post-Newton step) and the
   * pre-check passed, the normal force F_n = k_c p_C,z + d_c v_1,z and the friction μ(|v_t|)|F_n| v_t/|v_t| against the
   * tangential velocity v_t of the contact point; torque a × f. Returns whether there is contact.
   */
  private evaluate(s: ItemState, allowSwitching: boolean, derivatives: boolean): boolean {
    const v = this.v;
    const { force, torque, contactVelocity: vC, slip, omega, lever } = this;
    this.kinematics(s);
    const contact = (allowSwitching || s.data[this.dataIndex] < 0) && this.preContactCheck();
    if (!contact) {
      force.fill(0);
      torque.fill(0);
      vC.fill(0);
      return false;
    }
    this.lowestPoint(derivatives);
    cross(vC, omega, lever);
    slip[0] = this.v1[0] + vC[0];
    slip[1] = this.v1[1] + vC[1];
    slip[2] = 0;
    const fn = v.contactStiffness * this.contactPoint[2] + v.contactDamping * this.v1[2];
    this.normalForce = fn;
    const speed = hypot2(slip[0], slip[1]);
    const mu = stribeckFunction(speed, v.dynamicFriction, v.staticFrictionOffset, v.viscousFriction, v.exponentialDecayStatic, v.frictionProportionalZone, this.slope);
    this.frictionCoefficient = mu;
    const scale = speed === 0 ? mu * Math.abs(fn) : mu * Math.abs(fn) / speed;
    force[0] = scale * slip[0];
    force[1] = scale * slip[1];
    force[2] = fn;
    cross(torque, lever, force);
    if (derivatives) {
      // ∂(μ(s) v/s)/∂v = h I + h' v vᵀ/s, h = μ/s, h' = (μ' − h)/s (in-plane; 0 at s = 0 without regularization)
      const F = this.friction_v.fill(0);
      const regularized = speed <= v.frictionProportionalZone && v.frictionProportionalZone !== 0;
      const h = regularized ? this.slope[0] : speed === 0 ? 0 : mu / speed;
      const hPrime = regularized || speed === 0 ? 0 : (this.slope[0] - h) / speed;
      for (let i = 0; i < 2; i++) {
        F[4 * i] = h;
        for (let j = 0; j < 2; j++) F[3 * i + j] += speed === 0 ? 0 : hPrime * slip[i] * slip[j] / speed;
      }
    }
    return true;
  }

  /** True if the contact is active and the data gap says contact (< 0): only then can the forces act. */
  private contactInData(s: ItemState): boolean {
    return this.v.activeConnector && s.data[this.dataIndex] < 0;
  }

  ode2LhsActive(s: ItemState): boolean {
    return this.contactInData(s);
  }

  /**
   * Generalized forces: the roll gets J_p1ᵀ f + J_r1ᵀ m, the ground marker the opposite; without contact in the data
   * nothing (and no kinematics).
   */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.contactInData(s) || !this.evaluate(s, false, false)) return;
    const markers = this.markers, n0 = markers.n0, n1 = markers.n1;
    const { force, torque } = this;
    if (n0 > 0) {
      markers.marker0.positionJacobian(s, this.jp0);
      markers.marker0.rotationJacobian(s, this.jr0);
      addTransposed(f, 0, this.jp0, this.jr0, n0, force, torque, -1);
    }
    if (n1 > 0) {
      this.roll.positionJacobian(s, this.jp1);
      this.roll.rotationJacobian(s, this.jr1);
      addTransposed(f, n0, this.jp1, this.jr1, n1, force, torque, 1);
    }
  }

  /** Analytic ∂f/∂u at fixed data coordinates. */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addJacobian(s, acc, factor, true);
  }

  /**
   * Adds factor·∂f/∂u (velocity) or factor·∂f/∂q as one dense block; without contact in the data its positions only
   * (addZeros, no kinematics), so that the pattern stays.
   */
  private addJacobian(s: ItemState, acc: LocalMatrixAccumulator, factor: number, velocity: boolean): void {
    const nL = this.nLocal;
    if (!this.contactInData(s)) {
      acc.addZeros(0, 0, nL, nL);
      return;
    }
    const m = this.localMatrix.fill(0);
    if (this.evaluate(s, false, !velocity)) this.addContactJacobian(s, m, factor, velocity);
    acc.addBlock(0, 0, nL, nL, m, 0, nL, 1);
  }

  /**
   * ∂[f; m]/∂x (x = q or u of the roll marker) column by column from the kinematic derivatives (δp1, δφ, δv1, δω), then
   * mapped by the marker Jacobians; for q also the markers' ∂(Jᵀ[f; m])/∂q.
   */
  private addContactJacobian(s: ItemState, m: Float64Array, factor: number, velocity: boolean): void {
    const v = this.v;
    const markers = this.markers, roll = this.roll, n0 = markers.n0, n1 = markers.n1, nL = this.nLocal;
    const { jp0, jr0, jp1, jr1, jv1, jw1, forceColumns: Df, torqueColumns: Dm, force, torque, lever, omega, slip, friction_v: Fv } = this;
    if (n1 === 0) return;
    roll.positionJacobian(s, jp1);
    roll.rotationJacobian(s, jr1);
    if (!velocity) {
      if (roll.velocity_q !== undefined) roll.velocity_q(s, jv1);
      else jv1.fill(0);
      roll.angularVelocity_q!(s, jw1);
    }
    const signN = Math.sign(this.normalForce), absN = Math.abs(this.normalForce);
    const speed = hypot2(slip[0], slip[1]);
    const direction = speed === 0 ? this.frictionCoefficient : this.frictionCoefficient / speed;
    // in locals, read once (not once per column): until TurboFan compiles this, every read of a double from an array
    // makes a new heap number; the same operations in the same order as the vector form with cross products
    const M = this.lever_phi;
    const M0 = M[0], M1 = M[1], M2 = M[2], M3 = M[3], M4 = M[4], M5 = M[5], M6 = M[6], M7 = M[7], M8 = M[8];
    const a0 = lever[0], a1 = lever[1], a2 = lever[2], o0 = omega[0], o1 = omega[1], o2 = omega[2];
    const f0 = force[0], f1 = force[1], f2 = force[2], s0 = slip[0], s1 = slip[1];
    const F0 = Fv[0], F1 = Fv[1], F3 = Fv[3], F4 = Fv[4];
    const stiffness = v.contactStiffness, damping = v.contactDamping;
    for (let j = 0; j < n1; j++) {
      let dgap = 0;
      let dvx: number, dvy: number, dvz: number;
      // δa, δvC
      let da0 = 0, da1 = 0, da2 = 0, dc0: number, dc1: number, dc2: number;
      if (velocity) {
        // δv1 = J_p δu, δω = J_r δu: δvC = δω × a
        const w0 = jr1[j], w1 = jr1[n1 + j], w2 = jr1[2 * n1 + j];
        dc0 = w1 * a2 - w2 * a1; dc1 = w2 * a0 - w0 * a2; dc2 = w0 * a1 - w1 * a0;
        dvx = jp1[j]; dvy = jp1[n1 + j]; dvz = jp1[2 * n1 + j];
      } else {
        // δφ = J_r δq, δa = (∂a/∂φ) δφ, δvC = δω × a + ω × δa, δv1 = (∂v1/∂q) δq
        const r0 = jr1[j], r1 = jr1[n1 + j], r2 = jr1[2 * n1 + j];
        da0 = M0 * r0 + M1 * r1 + M2 * r2; da1 = M3 * r0 + M4 * r1 + M5 * r2; da2 = M6 * r0 + M7 * r1 + M8 * r2;
        const w0 = jw1[j], w1 = jw1[n1 + j], w2 = jw1[2 * n1 + j];
        dc0 = w1 * a2 - w2 * a1; dc1 = w2 * a0 - w0 * a2; dc2 = w0 * a1 - w1 * a0;
        dc0 += o1 * da2 - o2 * da1; dc1 += o2 * da0 - o0 * da2; dc2 += o0 * da1 - o1 * da0;
        dgap = jp1[2 * n1 + j] + da2;
        dvx = jv1[j]; dvy = jv1[n1 + j]; dvz = jv1[2 * n1 + j];
      }
      const dsx = dvx + dc0, dsy = dvy + dc1;
      const dfn = stiffness * dgap + damping * dvz;
      // f = μ|F_n| v_t/|v_t| + F_n e_z
      const df0 = signN * dfn * direction * s0 + absN * (F0 * dsx + F1 * dsy);
      const df1 = signN * dfn * direction * s1 + absN * (F3 * dsx + F4 * dsy);
      const df2 = dfn;
      Df[j] = df0; Df[n1 + j] = df1; Df[2 * n1 + j] = df2;
      // m = a × f: δm = δa × f + a × δf
      Dm[j] = (da1 * f2 - da2 * f1) + (a1 * df2 - a2 * df1);
      Dm[n1 + j] = (da2 * f0 - da0 * f2) + (a2 * df0 - a0 * df2);
      Dm[2 * n1 + j] = (da0 * f1 - da1 * f0) + (a0 * df1 - a1 * df0);
    }
    addProjectedColumns(m, nL, n0, jp1, jr1, n1, Df, Dm, n1, factor);
    if (n0 > 0) {
      markers.marker0.positionJacobian(s, jp0);
      markers.marker0.rotationJacobian(s, jr0);
      addProjectedColumns(m, nL, 0, jp0, jr0, n0, Df, Dm, n1, -factor);
    }
    if (velocity) return;
    // the markers' Jacobians depend on q: + ∂(J_pᵀ f + J_rᵀ m)/∂q, with −f, −m on the ground marker
    const kernel1 = roll.jacobianTransposedVector_q;
    if (kernel1 !== undefined) {
      const block = this.block1.fill(0);
      kernel1.call(roll, s, force, torque, block, factor);
      for (let a = 0; a < n1; a++) for (let b = 0; b < n1; b++) m[(n0 + a) * nL + n0 + b] += block[a * n1 + b];
    }
    const kernel0 = markers.marker0.jacobianTransposedVector_q;
    if (n0 > 0 && kernel0 !== undefined) {
      const block = this.block0.fill(0);
      kernel0.call(markers.marker0, s, force, torque, block, -factor);
      for (let a = 0; a < n0; a++) for (let b = 0; b < n0; b++) m[a * nL + b] += block[a * n0 + b];
    }
  }

  /**
   * Exudyn's post-Newton step: the gap p_C,z (of the lowest hull point, or of the lower axis end when the pre-check fails)
   * is stored; if its contact state differs from the start-of-step data gap, the error is |k_c g| and the recommended step
   * |g/v_C,z| (v_C the velocity of the contact point from the rotation).
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number {
    const v = this.v;
    if (!v.activeConnector) return 0;
    this.evaluate(s, true, false);
    const gap = this.contactPoint[2];
    const start = startOfStep.data[this.dataIndex];
    let error = 0;
    if ((gap > 0 && start <= 0) || (gap <= 0 && start > 0)) {
      error = Math.abs(gap * v.contactStiffness);
      const step = Math.abs(gap / this.contactVelocity[2]);
      if (Number.isFinite(step)) out.recommendedStepSize = step;
    }
    s.data[this.dataIndex] = gap;
    return error;
  }

  /** Exudyn's outputs, zero without contact (data gap ≥ 0): Position p_C, Velocity v_C (of the rotation), Force f, Torque m. */
  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const contact = this.evaluate(s, false, false);
    switch (variable) {
      case OutputVariableType.Position: return contact ? Array.from(this.contactPoint) : [0, 0, 0];
      case OutputVariableType.Velocity: return Array.from(this.contactVelocity);
      case OutputVariableType.Force: return Array.from(this.force);
      case OutputVariableType.Torque: return Array.from(this.torque);
      default: return undefined;
    }
  }
}

/** f[offset + j] += sign (J_pᵀ force + J_rᵀ torque)_j for the n columns of one marker. */
function addTransposed(f: Float64Array, offset: number, jp: Float64Array, jr: Float64Array, n: number, force: Float64Array, torque: Float64Array, sign: number): void {
  for (let j = 0; j < n; j++) {
    let sum = 0;
    for (let i = 0; i < 3; i++) sum += jp[i * n + j] * force[i] + jr[i * n + j] * torque[i];
    f[offset + j] += sign * sum;
  }
}

/**
 * m[rowOffset + a, columnOffset + b] += factor (J_pᵀ Df + J_rᵀ Dm)[a, b] for the rows of one marker (J_p, J_r 3 × nRows)
 * and the columns of the roll marker (Df, Dm 3 × nColumns; the roll's columns start after the ground marker's).
 */
function addProjectedColumns(m: Float64Array, nL: number, rowOffset: number, jp: Float64Array, jr: Float64Array, nRows: number, Df: Float64Array, Dm: Float64Array, nColumns: number, factor: number): void {
  const columnOffset = nL - nColumns;
  for (let a = 0; a < nRows; a++) {
    for (let b = 0; b < nColumns; b++) {
      let sum = 0;
      for (let i = 0; i < 3; i++) sum += jp[i * nRows + a] * Df[i * nColumns + b] + jr[i * nRows + a] * Dm[i * nColumns + b];
      m[(rowOffset + a) * nL + columnOffset + b] += factor * sum;
    }
  }
}

/** A convex roll given by the polynomial of its hull, rolling and sliding with friction on the ground plane z = 0 (Exudyn's ObjectContactConvexRoll). */
export const objectContactConvexRollDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactConvexRoll',
  description: 'A penalty contact between a roll (marker m1 at its center, axis along the local x axis, length L, radius r(x) '
    + 'given by the polynomial coefficientsHull, strictly convex) and the ground plane z = 0 (marker m0 on the ground body, which '
    + 'takes the reaction), with regularized Stribeck friction, as Exudyn\'s ObjectContactConvexRoll (the roll of a mecanum '
    + 'wheel). The contact point is the lowest point of the hull: its axial position x solves −r\'(x) = tan(slope angle of the '
    + 'axis) (Newton\'s method as Exudyn, clamped to the roll\'s ends), its direction around the axis points down. In contact '
    + '(data gap < 0 and an axis end below r(0)) the roll gets the normal force F_n = k_c p_C,z + d_c v_1,z and the friction '
    + 'μ(|v_t|)|F_n| v_t/|v_t| along the tangential velocity v_t of the contact point, with the torque about the roll center. '
    + 'The NodeGenericData\'s first data coordinate holds the gap; the post-Newton step (discontinuous iteration) switches '
    + 'against the start-of-step gap and recommends the step to the contact. Jacobians are analytic at fixed data coordinates '
    + '(∂f/∂q numerical, as in Exudyn, when the roll marker gives no ∂ω/∂q: a marker on a flexible body). Outputs (zero '
    + 'without contact): Position (contact point), Velocity (of the contact point from the rotation, ω × a), Force, Torque '
    + '(on the roll, about its center).',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.Force, OutputVariableType.Torque],
  equations: 'g = Aᵀe_z (third row of A); x: −r\'(x) = −g0/√(1 − g0²) (clamped to ±L/2), φ = atan2(g1, g2), '
    + 'pL = [x, −r(x) sin φ, −r(x) cos φ]; a = A pL, p_C = p1 + a; v_C = ω × a, v_t = P(v1 + v_C) (P drops z); '
    + 'F_n = k_c p_C,z + d_c v_1,z; f = μ(|v_t|)|F_n| v_t/|v_t| + F_n e_z, m = a × f (left-hand side on the roll, −f, −m on m0); '
    + 'μ(v) Exudyn\'s StribeckFunction (μ_d, μ_so, μ_v, v_exp, v_reg). Post-Newton step: x_gap ← p_C,z, error |k_c p_C,z| and '
    + 'step |p_C,z / v_C,z| when the contact state differs from the start of step.',
  example: (mbs) => {
    const ground = mbs.addObject({ objectType: 'Ground' });
    const groundMarker = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: ground });
    // a roll of radius r(x) = 0.3 − x² (length 0.6) tilted by 0.15 rad about y, its center 0.2 above the ground, spinning and sliding
    const node = mbs.addNode({ nodeType: 'RigidBodyRxyz', referenceCoordinates: [0, 0, 0.2, 0, 0.15, 0], initialVelocities: [0.3, -0.2, 0.1, 10, 1, 0] });
    mbs.addObject({ objectType: 'RigidBody', nodeNumber: node, physicsMass: 2, physicsInertia: [0.1, 0.2, 0.2, 0, 0, 0] });
    const roll = mbs.addMarker({ markerType: 'NodeRigid', nodeNumber: node });
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 3, initialCoordinates: [-0.02, 0, 0] });
    return mbs.addObject({
      objectType: 'ContactConvexRoll', markerNumbers: [groundMarker, roll], nodeNumber: data, contactStiffness: 1e4, contactDamping: 50,
      dynamicFriction: 0.5, staticFrictionOffset: 0.2, viscousFriction: 0.1, exponentialDecayStatic: 0.5, frictionProportionalZone: 0.01,
      rollLength: 0.6, coefficientsHull: [-1, 0, 0.3],
    });
  },
  validate: (v, label) => {
    const c = v.coefficientsHull;
    if (c.length < 3 || c.length > maxCoefficients) itemError(label, 'coefficientsHull', `must have 3 … ${maxCoefficients} coefficients (a strictly convex hull), got ${c.length}`);
    if (!(v.rollLength > 0)) itemError(label, 'rollLength', `must be positive, got ${v.rollLength}`);
    const radius = polyval(c, 0);
    if (!(radius > 0)) itemError(label, 'coefficientsHull', `must give a positive radius r(0) at the roll center, got r(0) = ${radius}`);
    // Exudyn's convexity check (there a warning): r'(x) strictly decreasing on 1000 samples over the roll length
    const slope = derivative(c);
    let last = Infinity;
    for (let i = 0; i < convexitySamples; i++) {
      const x = v.rollLength * ((i - convexitySamples / 2) / convexitySamples);
      const value = polyval(slope, x);
      if (!(value < last)) itemError(label, 'coefficientsHull', `must describe a strictly convex roll (r'(x) decreasing on [−L/2, L/2]), got r' not decreasing at x = ${x} for [${Array.from(c).join(', ')}]`);
      last = value;
    }
    if (v.rBoundingSphere !== 0 && Math.abs(v.rBoundingSphere - radius) > 1e-12 * radius) {
      itemError(label, 'rBoundingSphere', `is computed as r(0) = ${radius}: give 0 or that value, got ${v.rBoundingSphere}`);
    }
  },
  create: (v, label) => new ContactConvexRollModel(label, v),
};

/** Factory for the convex roll contact. */
export const ObjectContactConvexRoll = makeFactory(objectContactConvexRollDefinition);
