import type { ItemState, MarkerModel, PositionMarkerModel, RigidMarkerModel } from '../registry/capabilities.ts';

/** True if the marker gives a position and its Jacobian (MarkerNodePosition, MarkerBodyPosition, rigid markers …). */
export function isPositionMarker(marker: MarkerModel): marker is PositionMarkerModel {
  return typeof (marker as Partial<PositionMarkerModel>).positionJacobian === 'function';
}

/** True if the marker also gives an orientation, an angular velocity and the rotation Jacobian (MarkerNodeRigid, MarkerBodyRigid …). */
export function isRigidMarker(marker: MarkerModel): marker is RigidMarkerModel {
  return isPositionMarker(marker) && typeof (marker as Partial<RigidMarkerModel>).rotationJacobian === 'function';
}

/**
 * The kinematics of the markers that carry contact items (sphere centres, rigid bodies of triangle meshes), in flat
 * arrays updated per evaluation: positions, velocities, global angular velocities (0 without rotation), orientations
 * (if asked for; identity without rotation), the position and rotation Jacobians (3 × n_i each, rotation 0 without
 * rotation; computed when first used) and the global velocity index of each local coordinate. The 12 kinematic
 * variables of a marker, in the order the contact kernels differentiate by, are [p, θ, v, ω]: position, virtual
 * rotation, velocity, angular velocity.
 */
export class MarkerKinematics {
  /** Number of markers. */
  count = 0;
  /** Largest number of local coordinates of one marker. */
  maxColumns = 0;
  private markers: PositionMarkerModel[] = [];
  private rigid: (RigidMarkerModel | undefined)[] = [];
  /** Local coordinates of marker i: columns start[i] … start[i + 1] − 1 (global velocity indices in ltg). */
  start = new Int32Array(1);
  ltg = new Int32Array(0);
  /** Per marker: position, velocity and global angular velocity (3 each), rotation matrix (9, row-major). */
  position3 = new Float64Array(0);
  velocity3 = new Float64Array(0);
  angularVelocity3 = new Float64Array(0);
  orientation9 = new Float64Array(0);
  /** Marker i: ∂p/∂u (3 × n_i row-major) at 3·start[i]; likewise the rotation Jacobian. */
  positionJacobian = new Float64Array(0);
  rotationJacobian = new Float64Array(0);
  /** Per marker: its 3 × n_i parts of positionJacobian and rotationJacobian (views the markers write into). */
  private positionJacobianOf: Float64Array[] = [];
  private rotationJacobianOf: Float64Array[] = [];
  private withOrientation = false;
  private scratch = new Float64Array(0);
  /** The state of the last update, its number, and per marker the number of the update whose Jacobians it holds. */
  private state?: ItemState;
  private evaluation = 0;
  private jacobianStamp = new Int32Array(0);
  /**
   * True once an update since bind has written the kinematics of the markers without coordinates: such a marker stays
   * where it is (a ground node or body; as ContactTriangles places a mesh on one once), so later updates skip it.
   */
  private staticDone = false;

  /** Binds to the markers (each a position marker; rigid ones with rotation); withOrientation: keep the orientations up to date. */
  bind(markers: readonly PositionMarkerModel[], withOrientation: boolean): void {
    const n = markers.length;
    this.count = n;
    this.markers = [...markers];
    this.rigid = markers.map((m) => (isRigidMarker(m) ? m : undefined));
    this.withOrientation = withOrientation;
    this.start = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) this.start[i + 1] = this.start[i] + markers[i].nLocalU;
    const total = this.start[n];
    this.ltg = new Int32Array(total);
    this.maxColumns = 0;
    for (let i = 0; i < n; i++) {
      let k = this.start[i];
      for (const node of markers[i].nodes) for (let c = 0; c < node.nu; c++) this.ltg[k++] = node.uIndex + c;
      this.maxColumns = Math.max(this.maxColumns, markers[i].nLocalU);
    }
    this.position3 = new Float64Array(3 * n);
    this.velocity3 = new Float64Array(3 * n);
    this.angularVelocity3 = new Float64Array(3 * n);
    this.orientation9 = new Float64Array(9 * n);
    for (let i = 0; i < n; i++) this.orientation9[9 * i] = this.orientation9[9 * i + 4] = this.orientation9[9 * i + 8] = 1;
    this.positionJacobian = new Float64Array(3 * total);
    this.rotationJacobian = new Float64Array(3 * total);
    this.positionJacobianOf = markers.map((_, i) => this.positionJacobian.subarray(3 * this.start[i], 3 * this.start[i + 1]));
    this.rotationJacobianOf = markers.map((_, i) => this.rotationJacobian.subarray(3 * this.start[i], 3 * this.start[i + 1]));
    this.scratch = new Float64Array(Math.max(9, 3 * this.maxColumns));
    this.jacobianStamp = new Int32Array(n);
    this.evaluation = 0;
    this.state = undefined;
    this.staticDone = false;
  }

  /** The next update writes the kinematics of the markers without coordinates again (after a run-time change). */
  placeStaticAgain(): void {
    this.staticDone = false;
  }

  /** Number of local coordinates of marker i. */
  columns(i: number): number {
    return this.start[i + 1] - this.start[i];
  }

  /** True if marker i has an orientation (a rigid marker). */
  hasRotation(i: number): boolean {
    return this.rigid[i] !== undefined;
  }

  /** The marker model of marker i. */
  marker(i: number): PositionMarkerModel {
    return this.markers[i];
  }

  /** Writes the positions of all markers at s (3 per marker) to out; the stored kinematics stay as they are. */
  positions(s: ItemState, out: Float64Array): void {
    const w = this.scratch;
    for (let i = 0; i < this.count; i++) {
      this.markers[i].position(s, w);
      out[3 * i] = w[0]; out[3 * i + 1] = w[1]; out[3 * i + 2] = w[2];
    }
  }

  /**
   * Writes the positions (3 per marker) and rotation matrices (9 per marker, row-major; identity without rotation) of
   * all markers at s to position and orientation; the stored kinematics stay as they are.
   */
  frames(s: ItemState, position: Float64Array, orientation: Float64Array): void {
    this.positions(s, position);
    const w = this.scratch;
    for (let i = 0; i < this.count; i++) {
      const rigid = this.rigid[i];
      if (rigid === undefined) {
        orientation.fill(0, 9 * i, 9 * i + 9);
        orientation[9 * i] = orientation[9 * i + 4] = orientation[9 * i + 8] = 1;
        continue;
      }
      rigid.orientation(s, w);
      for (let k = 0; k < 9; k++) orientation[9 * i + k] = w[k];
    }
  }

  /**
   * Updates positions, velocities, angular velocities (and orientations, if kept) of all markers at s (those without
   * coordinates at the first update after bind, or after {@link placeStaticAgain}, only). The Jacobians of a marker are
   * computed on first use at this state ({@link ensureJacobians}), so markers without contact cost nothing more. Returns
   * true if this update placed the markers without coordinates (their item sets then place what rides on them).
   * positions: the markers' positions at s where known already (3 per marker, the bits marker.position gives).
   */
  update(s: ItemState, positions?: Float64Array): boolean {
    this.state = s;
    if (++this.evaluation === 0x7fffffff) { this.jacobianStamp.fill(0); this.evaluation = 1; }
    const w = this.scratch, start = this.start, skipStatic = this.staticDone;
    this.staticDone = true;
    for (let i = 0; i < this.count; i++) {
      if (skipStatic && start[i + 1] === start[i]) continue;
      const marker = this.markers[i];
      if (positions === undefined) {
        marker.position(s, w);
        this.position3[3 * i] = w[0]; this.position3[3 * i + 1] = w[1]; this.position3[3 * i + 2] = w[2];
      } else {
        this.position3[3 * i] = positions[3 * i]; this.position3[3 * i + 1] = positions[3 * i + 1]; this.position3[3 * i + 2] = positions[3 * i + 2];
      }
      marker.velocity(s, w);
      this.velocity3[3 * i] = w[0]; this.velocity3[3 * i + 1] = w[1]; this.velocity3[3 * i + 2] = w[2];
      const rigid = this.rigid[i];
      if (rigid === undefined) continue;
      rigid.angularVelocity(s, w);
      this.angularVelocity3[3 * i] = w[0]; this.angularVelocity3[3 * i + 1] = w[1]; this.angularVelocity3[3 * i + 2] = w[2];
      if (this.withOrientation) {
        rigid.orientation(s, w);
        for (let k = 0; k < 9; k++) this.orientation9[9 * i + k] = w[k];
      }
    }
    return !skipStatic;
  }

  /**
   * Takes s as the state of the last update without evaluating anything: s has the bits of that state's coordinates, so
   * the kinematics and the Jacobians computed since are its own (later Jacobians are computed at s).
   */
  keepAt(s: ItemState): void {
    this.state = s;
  }

  /** Computes the position and rotation Jacobians of marker i at the state of the last update, unless done already. */
  ensureJacobians(i: number): void {
    if (this.jacobianStamp[i] === this.evaluation) return;
    this.jacobianStamp[i] = this.evaluation;
    if (this.start[i + 1] === this.start[i] || this.state === undefined) return;
    this.markers[i].positionJacobian(this.state, this.positionJacobianOf[i]);
    this.rigid[i]?.rotationJacobian(this.state, this.rotationJacobianOf[i]);
  }

  /**
   * Adds factor·(J_posᵀ f + J_rotᵀ (lever × f)) of marker i to the global vector out: the generalized force of the force
   * f acting at the point p_i + lever of the marker's body (without lever, or for markers without rotation: J_posᵀ f).
   */
  addForce(i: number, out: Float64Array, factor: number, f: ArrayLike<number>, lever?: ArrayLike<number>): void {
    const start = this.start[i], n = this.start[i + 1] - start;
    if (n === 0) return;
    this.ensureJacobians(i);
    const J = this.positionJacobian, at = 3 * start;
    const fx = factor * f[0], fy = factor * f[1], fz = factor * f[2];
    if (lever === undefined || this.rigid[i] === undefined) {
      for (let c = 0; c < n; c++) out[this.ltg[start + c]] += J[at + c] * fx + J[at + n + c] * fy + J[at + 2 * n + c] * fz;
      return;
    }
    const R = this.rotationJacobian;
    const tx = factor * (lever[1] * f[2] - lever[2] * f[1]), ty = factor * (lever[2] * f[0] - lever[0] * f[2]), tz = factor * (lever[0] * f[1] - lever[1] * f[0]);
    for (let c = 0; c < n; c++) {
      out[this.ltg[start + c]] += (J[at + c] * fx + J[at + n + c] * fy + J[at + 2 * n + c] * fz) + (R[at + c] * tx + R[at + n + c] * ty + R[at + 2 * n + c] * tz);
    }
  }

  /**
   * Writes K = factorQ·∂(p, θ, v, ω)/∂Δq + factorU·∂(p, θ, v, ω)/∂u of marker i (12 × n_i row-major): rows p and θ are
   * the position and rotation Jacobians times factorQ, rows v and ω are factorQ·∂v/∂Δq + factorU·J_pos and
   * factorQ·∂ω/∂Δq + factorU·J_rot (∂v/∂Δq, ∂ω/∂Δq from the marker where it gives them, else 0).
   */
  kinematicsJacobian(s: ItemState, i: number, factorQ: number, factorU: number, K: Float64Array): void {
    const start = this.start[i], n = this.start[i + 1] - start, at = 3 * start;
    this.ensureJacobians(i);
    K.fill(0, 0, 12 * n);
    const Jp = this.positionJacobian, Jr = this.rotationJacobian;
    for (let k = 0; k < 3 * n; k++) {
      K[k] = factorQ * Jp[at + k];
      K[6 * n + k] = factorU * Jp[at + k];
    }
    const marker = this.markers[i], rigid = this.rigid[i], w = this.scratch;
    if (rigid !== undefined) {
      for (let k = 0; k < 3 * n; k++) {
        K[3 * n + k] = factorQ * Jr[at + k];
        K[9 * n + k] = factorU * Jr[at + k];
      }
    }
    if (factorQ === 0) return;
    if (marker.velocity_q !== undefined) {
      marker.velocity_q(s, w);
      for (let k = 0; k < 3 * n; k++) K[6 * n + k] += factorQ * w[k];
    }
    if (rigid?.angularVelocity_q !== undefined) {
      rigid.angularVelocity_q(s, w);
      for (let k = 0; k < 3 * n; k++) K[9 * n + k] += factorQ * w[k];
    }
  }
}
