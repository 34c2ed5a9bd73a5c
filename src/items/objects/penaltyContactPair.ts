import { isRigidMarker, type BindContext, type ItemState, type NodeModel, type PositionMarkerModel, type RigidMarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { arrayInto, float64Views, zeroArray } from '../../linalg/arrays.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { MarkerPair, positionMarkers } from './connectorBase.ts';
import { FrictionForce, NormalContactForce, dataGap, dataTangentVelocity, type NormalForceParameters } from './contactKernel.ts';

/** The parameters of a penalty contact with friction (Exudyn's names). */
export interface PenaltyContactParameters extends NormalForceParameters {
  readonly dynamicFriction: number;
  readonly frictionProportionalZone: number;
  readonly activeConnector: boolean;
}

/** out = a × b. */
export function cross(a: ArrayLike<number>, b: ArrayLike<number>, out: Float64Array): Float64Array {
  const x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
  out[0] = x; out[1] = y; out[2] = z;
  return out;
}

/** a[0 … 2] in `into` if it is a 3-vector, else in a new array (an output's copy). */
function copy3(a: Float64Array, into: Float64Array | undefined): Float64Array {
  const out = arrayInto(into, 3);
  out[0] = a[0]; out[1] = a[1]; out[2] = a[2];
  return out;
}

/** The lever −(r0 + gap/2) n0 of {@link contactOutput}'s torque (a work array: no allocation per output). */
const torqueLeverWork = new Float64Array(3);

/**
 * The outputs of a penalty contact of a sphere (radius r0 at marker 0) from the pair's last evaluation, as Exudyn's
 * ContactSphereSphere and ContactSphereTriangle give them: Position the contact point p0 + (r0 + gap/2) n0, Displacement
 * Δp (the item's), DisplacementLocal the gap, Velocity Δv, Director1 n0, Force F, Torque (−(r0 + gap/2) n0) × F (the
 * torque of F about the sphere's centre, also without friction); undefined for other variables. Written into `into` if
 * its length is the value's (ObjectModel.output), else into a new array.
 */
export function contactOutput(pair: PenaltyContactPair, variable: OutputVariableType, radius0: number, dp: Float64Array, into: Float64Array | undefined): Float64Array | undefined {
  const { normal: n, gap, force: f } = pair;
  const a = radius0 + 0.5 * gap;
  switch (variable) {
    case OutputVariableType.Position: {
      const out = arrayInto(into, 3), p0 = pair.markers.p0;
      for (let i = 0; i < 3; i++) out[i] = p0[i] + a * n[i];
      return out;
    }
    case OutputVariableType.Displacement: return copy3(dp, into);
    case OutputVariableType.DisplacementLocal: {
      const out = arrayInto(into, 1);
      out[0] = gap;
      return out;
    }
    case OutputVariableType.Velocity: return copy3(pair.dv, into);
    case OutputVariableType.Director1: return copy3(n, into);
    case OutputVariableType.Force: return copy3(f, into);
    case OutputVariableType.Torque: {
      const lever = torqueLeverWork;
      for (let i = 0; i < 3; i++) lever[i] = -a * n[i];
      return cross(lever, f, arrayInto(into, 3));
    }
    default: return undefined;
  }
}

/** out = a × (column j of the 3 × n matrix m). */
export function columnCross(a: ArrayLike<number>, m: Float64Array, n: number, j: number, out: Float64Array): void {
  const x = m[j], y = m[n + j], z = m[2 * n + j];
  out[0] = a[1] * z - a[2] * y;
  out[1] = a[2] * x - a[0] * z;
  out[2] = a[0] * y - a[1] * x;
}

/**
 * True if the contact state of the data node (data[start …]) is "in contact" (stored gap < 0) and the connector is
 * active: the only case in which the contact exerts a force (at fixed data coordinates), so that the items skip their
 * kinematics otherwise.
 */
export function contactInData(v: PenaltyContactParameters, data: Float64Array, start: number): boolean {
  return v.activeConnector && data[start + dataGap] < 0;
}

/**
 * What Exudyn's penalty contacts of a sphere (marker 0) with another body (marker 1) share beyond the force laws of
 * contactKernel.ts (ObjectContactSphereSphere, ObjectContactSphereTriangle): the markers, the relative velocity of the
 * contact points, the force F = −F_c n0 + F_t on marker 1 (left-hand side; −F on marker 0) with the torques of its levers,
 * the generalized forces [−J_p0ᵀF + J_r0ᵀ(ℓ0 × F); J_p1ᵀF + J_r1ᵀ(ℓ1 × F)] and their exact Jacobians at fixed data
 * coordinates. The item supplies the geometry: the normal n0 and the gap, the velocity levers μ0, μ1 (the contact points
 * relative to p0, p1 whose velocities v_i + ω_i × μ_i are compared) and the torque levers ℓ0, ℓ1, and for the Jacobian
 * ∂Δp/∂q (Δp the vector whose direction is the normal) and the q-derivatives of the levers. The rotation of a marker
 * enters (velocity term, torque) only where the item asks for a rigid marker. No method allocates after bind.
 */
export class PenaltyContactPair {
  readonly markers: MarkerPair;
  /** Marker 0 and 1 as rigid markers where their rotation enters (set in bind). */
  rigid0: RigidMarkerModel | undefined;
  rigid1: RigidMarkerModel | undefined;
  localNodes: NodeModel[] = [];
  /** Local coordinates of marker 0, marker 1 and both. */
  n0 = 0;
  n1 = 0;
  n = 0;
  /** Set by the item: unit normal n0 (from the sphere towards the other body) and gap. */
  readonly normal = new Float64Array(3);
  gap = 0;
  /** Set by the item: velocity levers μ0, μ1 and torque levers ℓ0, ℓ1. */
  readonly velocityLever0 = new Float64Array(3);
  readonly velocityLever1 = new Float64Array(3);
  readonly torqueLever0 = new Float64Array(3);
  readonly torqueLever1 = new Float64Array(3);
  /** Global angular velocities of the rigid markers (evaluateMarkers). */
  readonly omega0 = new Float64Array(3);
  readonly omega1 = new Float64Array(3);
  /** Relative velocity Δv = v1 + ω1 × μ1 − v0 − ω0 × μ0, its normal part v_n = n0·Δv and tangential part Δv_t. */
  readonly dv = new Float64Array(3);
  normalVelocity = 0;
  readonly dvt = new Float64Array(3);
  /** True if the data node's gap says contact (contactForce). */
  inContact = false;
  /** Force F on marker 1 (left-hand side) and the torques τ0 = ℓ0 × F, τ1 = ℓ1 × F. */
  readonly force = new Float64Array(3);
  readonly torque0 = new Float64Array(3);
  readonly torque1 = new Float64Array(3);
  readonly law = new NormalContactForce();
  private readonly friction = new FrictionForce();
  /** Marker Jacobians (3 × n0, 3 × n1, after evaluateJacobians). */
  jp0 = new Float64Array(0);
  jr0 = new Float64Array(0);
  jp1 = new Float64Array(0);
  jr1 = new Float64Array(0);
  /** Set by the item for the Jacobian (3 × n or 1 × n, row-major): ∂Δp/∂q, and with normalDerivatives ∂gap, ∂n0. */
  dDp = new Float64Array(0);
  /** Work arrays of addPositionNullDirections: the markers' ∂p/∂q along their null directions (3 × n0, 3 × n1; empty without). */
  private null0 = new Float64Array(0);
  private null1 = new Float64Array(0);
  dGap = new Float64Array(0);
  dNormal = new Float64Array(0);
  /** Set by the item for the Jacobian: ∂μ0/∂q, ∂μ1/∂q, ∂ℓ0/∂q, ∂ℓ1/∂q (3 × n). */
  dVelocityLever0 = new Float64Array(0);
  dVelocityLever1 = new Float64Array(0);
  dTorqueLever0 = new Float64Array(0);
  dTorqueLever1 = new Float64Array(0);
  private v0q = new Float64Array(0);
  private w0q = new Float64Array(0);
  private v1q = new Float64Array(0);
  private w1q = new Float64Array(0);
  private block0 = new Float64Array(0);
  private block1 = new Float64Array(0);
  private dDv = new Float64Array(0);
  private dVn = new Float64Array(0);
  private dFn = new Float64Array(0);
  private dDvt = new Float64Array(0);
  private dF = new Float64Array(0);
  private dTorque = new Float64Array(0);
  private readonly minusForce = new Float64Array(3);
  private readonly work = new Float64Array(3);
  private readonly work2 = new Float64Array(3);

  /**
   * @param rigid why marker 0 and marker 1 must be rigid markers (the error text), undefined where a position marker
   *   suffices (its rotation then does not enter)
   */
  constructor(private readonly label: ItemLabel, markerNumbers: readonly number[], private readonly rigid: readonly [string | undefined, string | undefined], parameter = 'markerNumbers') {
    this.markers = new MarkerPair(label, markerNumbers, positionMarkers, parameter);
  }

  /** Binds the markers (given: marker models that replace marker numbers, see MarkerPair.bind) and allocates the work arrays. */
  bind(context: BindContext, given?: readonly (PositionMarkerModel | undefined)[]): void {
    const markers = this.markers;
    markers.bind(context, given);
    [this.rigid0, this.rigid1] = ([0, 1] as const).map((k) => {
      const why = this.rigid[k];
      if (why === undefined) return undefined;
      const marker = k === 0 ? markers.marker0 : markers.marker1;
      if (!isRigidMarker(marker)) {
        const parameter = this.markers.parameter;
        itemError(this.label, parameter, `${parameter === 'markerNumbers' ? `entry ${k} ` : ''}must refer to a rigid marker (position and orientation, e.g. MarkerBodyRigid or MarkerNodeRigid) ${why}, `
          + `got Marker${marker.label.typeName} #${marker.label.index}`);
      }
      return marker;
    });
    this.localNodes = markers.localNodes;
    const n0 = this.n0 = markers.n0, n1 = this.n1 = markers.n1, n = this.n = n0 + n1;
    [this.jp0, this.jr0, this.jp1, this.jr1, this.v0q, this.w0q, this.v1q, this.w1q, this.block0, this.block1] =
      float64Views([3 * n0, 3 * n0, 3 * n1, 3 * n1, 3 * n0, 3 * n0, 3 * n1, 3 * n1, n0 * n0, n1 * n1]);
    [this.dDp, this.dGap, this.dNormal, this.dVelocityLever0, this.dVelocityLever1, this.dTorqueLever0, this.dTorqueLever1, this.dDv, this.dVn, this.dFn, this.dDvt, this.dF, this.dTorque] =
      float64Views([3 * n, n, 3 * n, 3 * n, 3 * n, 3 * n, 3 * n, 3 * n, n, n, 3 * n, 3 * n, 3 * n]);
    const withNull0 = markers.marker0.addPositionNullDirection !== undefined, withNull1 = markers.marker1.addPositionNullDirection !== undefined;
    [this.null0, this.null1] = float64Views([withNull0 ? 3 * n0 : 0, withNull1 ? 3 * n1 : 0]);
  }

  /**
   * Adds [−N0 | N1] to dDp, N_i the markers' ∂p/∂q along the directions their position Jacobians miss (the radial
   * direction of Euler parameters): with [−J_p0 | J_p1] the derivative of Δp in Newton's plain coordinates.
   */
  addPositionNullDirections(s: ItemState): void {
    const { n0, n1, n, dDp, null0, null1 } = this;
    if (null0.length > 0) {
      null0.fill(0);
      this.markers.marker0.addPositionNullDirection!(s, null0);
      for (let i = 0; i < 3; i++) for (let j = 0; j < n0; j++) dDp[i * n + j] -= null0[i * n0 + j];
    }
    if (null1.length > 0) {
      null1.fill(0);
      this.markers.marker1.addPositionNullDirection!(s, null1);
      for (let i = 0; i < 3; i++) for (let j = 0; j < n1; j++) dDp[i * n + n0 + j] += null1[i * n1 + j];
    }
  }

  /** Positions and velocities of the markers (markers.p0 … v1) and the angular velocities of the rigid ones. */
  evaluateMarkers(s: ItemState): void {
    this.markers.evaluatePositions(s);
    this.evaluateAngularVelocities(s);
  }

  /**
   * Position, velocity and (rigid) angular velocity of marker 0 only: markers.p1, v1 and omega1 keep what
   * {@link PenaltyContactPair.evaluateMarkers} wrote (an item whose marker 1 has no coordinates and does not move).
   */
  evaluateMarker0(s: ItemState): void {
    const markers = this.markers;
    markers.marker0.position(s, markers.p0);
    markers.marker0.velocity(s, markers.v0);
    this.rigid0?.angularVelocity(s, this.omega0);
  }

  /** The angular velocities omega0, omega1 of the rigid markers (the rotation terms of relativeVelocity(true)). */
  evaluateAngularVelocities(s: ItemState): void {
    this.rigid0?.angularVelocity(s, this.omega0);
    this.rigid1?.angularVelocity(s, this.omega1);
  }

  /**
   * Δv, v_n and Δv_t from the marker velocities and the velocity levers (after evaluateMarkers and setting normal and
   * levers); the rotation terms ω_i × μ_i of the rigid markers only with rotation.
   */
  relativeVelocity(rotation: boolean): void {
    const { dv, normal: n } = this;
    const v0 = this.markers.v0, v1 = this.markers.v1;
    for (let i = 0; i < 3; i++) dv[i] = v1[i] - v0[i];
    if (rotation && this.rigid1 !== undefined) {
      cross(this.omega1, this.velocityLever1, this.work);
      for (let i = 0; i < 3; i++) dv[i] += this.work[i];
    }
    if (rotation && this.rigid0 !== undefined) {
      cross(this.omega0, this.velocityLever0, this.work);
      for (let i = 0; i < 3; i++) dv[i] -= this.work[i];
    }
    const vn = n[0] * dv[0] + n[1] * dv[1] + n[2] * dv[2];
    this.normalVelocity = vn;
    for (let i = 0; i < 3; i++) this.dvt[i] = dv[i] - vn * n[i];
  }

  /**
   * The force and torques of the data node's contact state (data[start …]): in contact (stored gap < 0, connector active)
   * F = −F_c n0 + F_t with the friction zone from the stored tangential speed, τ_i = ℓ_i × F for the rigid markers; else
   * zero. Needs relativeVelocity and the torque levers. With derivatives also the friction law's derivatives that
   * {@link PenaltyContactPair.addJacobian} reads (a residual passes false).
   */
  contactForce(v: PenaltyContactParameters, data: Float64Array, start: number, derivatives: boolean): void {
    const { force: f, normal: n } = this;
    this.inContact = contactInData(v, data, start);
    zeroArray(f);
    zeroArray(this.torque0);
    zeroArray(this.torque1);
    if (!this.inContact) return;
    const law = this.law;
    law.penetration = -this.gap;
    law.normalVelocity = this.normalVelocity;
    law.evaluate(v, data, start);
    for (let i = 0; i < 3; i++) f[i] = -law.force * n[i];
    if (v.dynamicFriction !== 0) {
      const friction = this.friction;
      friction.coefficient = v.dynamicFriction;
      friction.regularization = v.frictionProportionalZone;
      friction.normalForce = law.force;
      friction.evaluate(data[start + dataTangentVelocity] < v.frictionProportionalZone, this.dvt, derivatives);
      for (let i = 0; i < 3; i++) f[i] += friction.force[i];
    }
    if (this.rigid0 !== undefined) cross(this.torqueLever0, f, this.torque0);
    if (this.rigid1 !== undefined) cross(this.torqueLever1, f, this.torque1);
  }

  /** Position and rotation Jacobians of the markers (rotation Jacobians of the rigid ones). */
  evaluateJacobians(s: ItemState): void {
    if (this.n0 > 0) {
      this.markers.marker0.positionJacobian(s, this.jp0);
      this.rigid0?.rotationJacobian(s, this.jr0);
    }
    if (this.n1 > 0) {
      this.markers.marker1.positionJacobian(s, this.jp1);
      this.rigid1?.rotationJacobian(s, this.jr1);
    }
  }

  /**
   * Adds the generalized forces [−J_p0ᵀF + J_r0ᵀτ0; J_p1ᵀF + J_r1ᵀτ1] to f (in contact; after contactForce): through the
   * markers' addJacobianTransposedLoad where they have it (a rigid body's reference point), else from their Jacobians
   * column by column, (J_pᵀF)_k = J_p[0][k]F_0 + J_p[1][k]F_1 + J_p[2][k]F_2 (the same numbers).
   */
  addLhs(s: ItemState, f: Float64Array): void {
    const { marker0, marker1 } = this.markers;
    if (this.n0 > 0) this.addMarkerLhs(s, f, marker0, this.rigid0, this.jp0, this.jr0, this.torque0, this.n0, 0, -1);
    if (this.n1 > 0) this.addMarkerLhs(s, f, marker1, this.rigid1, this.jp1, this.jr1, this.torque1, this.n1, this.n0, 1);
  }

  /** f[offset + k] += sign·(J_pᵀF)_k, then += (J_rᵀτ)_k (rigid markers), for the nb columns of one marker. */
  private addMarkerLhs(s: ItemState, f: Float64Array, marker: PositionMarkerModel, rigid: RigidMarkerModel | undefined, jp: Float64Array, jr: Float64Array, torque: Float64Array, nb: number, offset: number, sign: number): void {
    const force = this.force;
    if (marker.addJacobianTransposedLoad !== undefined) {
      marker.addJacobianTransposedLoad(s, force, sign, rigid !== undefined ? torque : undefined, f, offset);
      return;
    }
    marker.positionJacobian(s, jp);
    const f0 = force[0], f1 = force[1], f2 = force[2];
    for (let k = 0; k < nb; k++) f[offset + k] += sign * (jp[k] * f0 + jp[nb + k] * f1 + jp[2 * nb + k] * f2);
    if (rigid === undefined) return;
    rigid.rotationJacobian(s, jr);
    const t0 = torque[0], t1 = torque[1], t2 = torque[2];
    for (let k = 0; k < nb; k++) f[offset + k] += jr[k] * t0 + jr[nb + k] * t1 + jr[2 * nb + k] * t2;
  }

  /** ∂gap = n0ᵀ∂Δp and ∂n0 = scale·(I − n0 n0ᵀ)∂Δp from dDp (scale = ±1/|Δp|: n0 = scale·Δp). */
  normalDerivatives(scale: number): void {
    const { n, normal, dDp, dGap, dNormal } = this;
    for (let j = 0; j < n; j++) {
      const d = normal[0] * dDp[j] + normal[1] * dDp[n + j] + normal[2] * dDp[2 * n + j];
      dGap[j] = d;
      for (let i = 0; i < 3; i++) dNormal[i * n + j] = scale * (dDp[i * n + j] - normal[i] * d);
    }
  }

  /**
   * Adds factor·∂(generalized forces)/∂q (velocity = false; needs evaluateJacobians, normalDerivatives and the lever
   * derivatives) or ∂/∂u (true) into the dense local matrix m (n × n row-major), in contact: the chain rule through the
   * relative velocity (at fixed u with the markers' velocity_q and angularVelocity_q), the force laws, the levers, and
   * the derivative of the marker Jacobians at fixed force and torque.
   */
  addJacobian(s: ItemState, m: Float64Array, factor: number, velocity: boolean, v: PenaltyContactParameters): void {
    const { n0, n1, n, normal, dGap, dNormal, dDv, dVn, dFn, dDvt, dF } = this;
    if (velocity) this.velocityJacobian();
    else this.velocityRates(s);
    const dv = this.dv, vn = this.normalVelocity, law = this.law;
    // v_n = n0·Δv, Δv_t = Δv − v_n n0, F_c(δ, v_n) with δ = −gap
    for (let j = 0; j < n; j++) {
      let d = 0;
      for (let i = 0; i < 3; i++) d += normal[i] * dDv[i * n + j] + (velocity ? 0 : dv[i] * dNormal[i * n + j]);
      dVn[j] = d;
      dFn[j] = law.force_normalVelocity * d - (velocity ? 0 : law.force_penetration * dGap[j]);
      for (let i = 0; i < 3; i++) dDvt[i * n + j] = dDv[i * n + j] - normal[i] * d - (velocity ? 0 : vn * dNormal[i * n + j]);
    }
    // F = −F_c n0 + F_t(F_c, Δv_t)
    const friction = this.friction, ft = friction.force_tangentVelocity, fn = friction.force_normalForce;
    const withFriction = v.dynamicFriction !== 0;
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < 3; i++) {
        let d = -normal[i] * dFn[j] - (velocity ? 0 : law.force * dNormal[i * n + j]);
        if (withFriction) d += fn[i] * dFn[j] + ft[3 * i] * dDvt[j] + ft[3 * i + 1] * dDvt[n + j] + ft[3 * i + 2] * dDvt[2 * n + j];
        dF[i * n + j] = d;
      }
    }
    // rows of marker 1: J_p1ᵀ ∂F + J_r1ᵀ ∂τ1; rows of marker 0: −J_p0ᵀ ∂F + J_r0ᵀ ∂τ0
    if (this.rigid1 !== undefined) this.torqueDerivative(this.torqueLever1, this.dTorqueLever1, velocity);
    this.addRows(m, factor, this.jp1, this.rigid1 !== undefined ? this.jr1 : undefined, n1, n0, 1);
    if (this.rigid0 !== undefined) this.torqueDerivative(this.torqueLever0, this.dTorqueLever0, velocity);
    this.addRows(m, factor, this.jp0, this.rigid0 !== undefined ? this.jr0 : undefined, n0, 0, -1);
    if (!velocity) {
      for (let i = 0; i < 3; i++) this.minusForce[i] = -this.force[i];
      this.addMarkerBlock(s, this.markers.marker0, this.minusForce, this.rigid0 !== undefined ? this.torque0 : undefined, this.block0, n0, 0, m, factor);
      this.addMarkerBlock(s, this.markers.marker1, this.force, this.rigid1 !== undefined ? this.torque1 : undefined, this.block1, n1, n0, m, factor);
    }
  }

  /** m[offset + r, :] += factor·(sign·J_pᵀ ∂F + J_rᵀ ∂τ)[r, :] for the rows of one marker (∂τ from torqueDerivative). */
  private addRows(m: Float64Array, factor: number, jp: Float64Array, jr: Float64Array | undefined, nb: number, offset: number, sign: number): void {
    const { n, dF, dTorque } = this;
    for (let r = 0; r < nb; r++) {
      const row = (offset + r) * n;
      for (let j = 0; j < n; j++) {
        let sum = 0;
        for (let i = 0; i < 3; i++) sum += sign * jp[i * nb + r] * dF[i * n + j] + (jr === undefined ? 0 : jr[i * nb + r] * dTorque[i * n + j]);
        m[row + j] += factor * sum;
      }
    }
  }

  /** ∂Δv/∂u = [−J_p0 + μ̃0 J_r0 | J_p1 − μ̃1 J_r1] (rotation terms of the rigid markers). */
  private velocityJacobian(): void {
    const { n0, n1, n, dDv, work } = this;
    for (let j = 0; j < n0; j++) {
      for (let i = 0; i < 3; i++) dDv[i * n + j] = -this.jp0[i * n0 + j];
      if (this.rigid0 !== undefined) {
        columnCross(this.velocityLever0, this.jr0, n0, j, work);
        for (let i = 0; i < 3; i++) dDv[i * n + j] += work[i];
      }
    }
    for (let j = 0; j < n1; j++) {
      for (let i = 0; i < 3; i++) dDv[i * n + n0 + j] = this.jp1[i * n1 + j];
      if (this.rigid1 !== undefined) {
        columnCross(this.velocityLever1, this.jr1, n1, j, work);
        for (let i = 0; i < 3; i++) dDv[i * n + n0 + j] -= work[i];
      }
    }
  }

  /**
   * ∂Δv/∂q at fixed u: [−V0q + μ̃0 W0q | V1q − μ̃1 W1q] + ω̃1 ∂μ1 − ω̃0 ∂μ0 (V, W the markers' velocity_q and
   * angularVelocity_q; markers without them have q-independent velocities at fixed u).
   */
  private velocityRates(s: ItemState): void {
    const { n0, n1, n, dDv, work, work2 } = this;
    const { marker0, marker1 } = this.markers;
    this.v0q.fill(0); this.w0q.fill(0); this.v1q.fill(0); this.w1q.fill(0);
    if (n0 > 0) {
      marker0.velocity_q?.(s, this.v0q);
      this.rigid0?.angularVelocity_q?.(s, this.w0q);
    }
    if (n1 > 0) {
      marker1.velocity_q?.(s, this.v1q);
      this.rigid1?.angularVelocity_q?.(s, this.w1q);
    }
    for (let j = 0; j < n; j++) {
      if (j < n0) {
        for (let i = 0; i < 3; i++) dDv[i * n + j] = -this.v0q[i * n0 + j];
        if (this.rigid0 !== undefined) {
          columnCross(this.velocityLever0, this.w0q, n0, j, work);
          for (let i = 0; i < 3; i++) dDv[i * n + j] += work[i];
        }
      } else {
        for (let i = 0; i < 3; i++) dDv[i * n + j] = this.v1q[i * n1 + j - n0];
        if (this.rigid1 !== undefined) {
          columnCross(this.velocityLever1, this.w1q, n1, j - n0, work);
          for (let i = 0; i < 3; i++) dDv[i * n + j] -= work[i];
        }
      }
      if (this.rigid1 !== undefined) {
        columnCross(this.omega1, this.dVelocityLever1, n, j, work2);
        for (let i = 0; i < 3; i++) dDv[i * n + j] += work2[i];
      }
      if (this.rigid0 !== undefined) {
        columnCross(this.omega0, this.dVelocityLever0, n, j, work2);
        for (let i = 0; i < 3; i++) dDv[i * n + j] -= work2[i];
      }
    }
  }

  /** dTorque = ℓ̃ ∂F − F̃ ∂ℓ (only ℓ̃ ∂F for velocity derivatives). */
  private torqueDerivative(lever: Float64Array, dLever: Float64Array, velocity: boolean): void {
    const { n, dF, dTorque, force: f } = this;
    for (let j = 0; j < n; j++) {
      const x = dF[j], y = dF[n + j], z = dF[2 * n + j];
      let t0 = lever[1] * z - lever[2] * y, t1 = lever[2] * x - lever[0] * z, t2 = lever[0] * y - lever[1] * x;
      if (!velocity) {
        const l0 = dLever[j], l1 = dLever[n + j], l2 = dLever[2 * n + j];
        t0 -= f[1] * l2 - f[2] * l1;
        t1 -= f[2] * l0 - f[0] * l2;
        t2 -= f[0] * l1 - f[1] * l0;
      }
      dTorque[j] = t0; dTorque[n + j] = t1; dTorque[2 * n + j] = t2;
    }
  }

  /** m[offset…, offset…] += factor·∂(J_pᵀ force + J_rᵀ torque)/∂q of one marker (nb × nb, via the block work array). */
  private addMarkerBlock(s: ItemState, marker: PositionMarkerModel, force: Float64Array, torque: Float64Array | undefined, block: Float64Array, nb: number, offset: number, m: Float64Array, factor: number): void {
    if (nb === 0 || marker.jacobianTransposedVector_q === undefined) return;
    const n = this.n;
    block.fill(0);
    marker.jacobianTransposedVector_q(s, force, torque, block, factor);
    for (let i = 0; i < nb; i++) for (let j = 0; j < nb; j++) m[(offset + i) * n + offset + j] += block[i * nb + j];
  }
}
