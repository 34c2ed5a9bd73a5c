import type { ItemState, NodeModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { RigidMarkerPair } from './connectorBase.ts';
import { rollingDiscGeometryLayout as at, rollingDiscGeometryRegion, type RollingDiscGeometryKernels } from './rollingDiscGeometryKernels.ts';

/**
 * Contact kinematics of a disc (marker 1) rolling on a plane (marker 0), shared by ObjectJointRollingDisc and
 * ObjectConnectorRollingDiscPenalty (Exudyn's contact point of the rolling disc): with the plane normal n0 = A0·planeNormal
 * and the disc axis w1 = A1·discAxis, the forward direction wForward = (w1 × n0)/|w1 × n0|, the direction from the disc
 * centre to the contact point w3 = w1 × wForward, the contact point pC = p1 + r·w3 and the lateral direction
 * wLateral = n0 × wForward. vC1 = v1 + ω1 × r·w3 is the velocity of the disc's material point at pC, vC0 = v0 + ω0 × (pC − p0)
 * that of the plane's. The kernels of rollingDiscGeometryKernelsSource.ts compute them in the geometry's region of their
 * memory, of which the arrays below are views. No method allocates.
 */
export class RollingDiscGeometry {
  /** Plane normal n0 (global). */
  readonly normal: Float64Array;
  /** Disc axis w1 (global). */
  readonly axis: Float64Array;
  /** Forward (rolling) direction, unit. */
  readonly forward: Float64Array;
  /** Unit vector from the disc centre to the contact point, w3 = w1 × wForward. */
  readonly toContact: Float64Array;
  /** Lateral direction n0 × wForward. */
  readonly lateral: Float64Array;
  /** Contact point pC = p1 + r·w3. */
  readonly contactPoint: Float64Array;
  /** r·w3, the contact point relative to the disc centre. */
  readonly radiusVector: Float64Array;
  /** pC − p0, the contact point relative to marker 0. */
  readonly planeArm: Float64Array;
  /** Body-fixed angular velocities ω̄0, ω̄1 of the markers (the inputs of the last evaluateKinematics or evaluateNodeKinematics). */
  readonly omegaLocal0: Float64Array;
  /** Body-fixed angular velocity of the disc. */
  readonly omegaLocal1: Float64Array;
  /** Global angular velocities ω0 = A0 ω̄0, ω1 = A1 ω̄1 (after {@link RollingDiscGeometry.evaluateKinematics}). */
  readonly omega0: Float64Array;
  /** Global angular velocity of the disc. */
  readonly omega1: Float64Array;
  /** Velocity of the disc's material point at pC. */
  readonly contactVelocity1: Float64Array;
  /** Velocity of the plane's material point at pC. */
  readonly contactVelocity0: Float64Array;
  /** Contact velocity vC = vC1 − vC0. */
  readonly relativeVelocity: Float64Array;
  /** Slip velocity (vC·lateral, vC·forward). */
  readonly slipVelocity: Float64Array;
  /**
   * The region's block from the marker velocities v0, v1 through the results to |w1 × n0| (rollingDiscGeometryKernelsSource.ts),
   * for a connector's kernels to copy in one call.
   */
  readonly kinematics: Float64Array;
  /**
   * The region's inputs of {@link RollingDiscGeometry.evaluateNodeKinematics} (the nodes' reference coordinates,
   * coordinates and velocities, 42 doubles), for a connector's kernels to copy in one call.
   */
  readonly nodeCoordinates: Float64Array;
  /** |w1 × n0| of the last evaluation (sine of the angle between disc axis and normal). */
  axisNormalSine = 1;
  /** The trail velocity of the last {@link RollingDiscGeometry.trailVelocity}. */
  private readonly trail: Float64Array;

  private readonly kernels: RollingDiscGeometryKernels;
  /** The geometry's region of the kernels' memory, and its byte address. */
  private readonly region: Float64Array;
  private readonly address: number;

  constructor(private readonly label: ItemLabel, planeNormal: ArrayLike<number>, discAxis: ArrayLike<number>, radius: number) {
    const { kernels, region, address } = rollingDiscGeometryRegion();
    this.kernels = kernels;
    this.region = region;
    this.address = address;
    region.set(planeNormal, at.planeNormal);
    region.set(discAxis, at.discAxis);
    region[at.radius] = radius;
    const view = (start: number): Float64Array => region.subarray(start, start + 3);
    this.normal = view(at.normal);
    this.axis = view(at.axis);
    this.forward = view(at.forward);
    this.toContact = view(at.toContact);
    this.lateral = view(at.lateral);
    this.contactPoint = view(at.contactPoint);
    this.radiusVector = view(at.radiusVector);
    this.planeArm = view(at.planeArm);
    this.omegaLocal0 = view(at.omegaLocal0);
    this.omegaLocal1 = view(at.omegaLocal1);
    this.omega0 = view(at.omega0);
    this.omega1 = view(at.omega1);
    this.contactVelocity1 = view(at.contactVelocity1);
    this.contactVelocity0 = view(at.contactVelocity0);
    this.relativeVelocity = view(at.relativeVelocity);
    this.slipVelocity = region.subarray(at.slipVelocity, at.slipVelocity + 2);
    this.kinematics = region.subarray(at.v0, at.axisNormalSine + 1);
    this.nodeCoordinates = region.subarray(at.reference0, at.u1 + 7);
    this.trail = view(at.trailVelocity);
  }

  /**
   * Updates the directions and the contact point from the orientations and positions of the pair (after evaluateFrames
   * or evaluateOrientations and the positions); throws when the disc axis is parallel to the plane normal (disc lying flat).
   */
  evaluatePositions(pair: RigidMarkerPair, s: ItemState): void {
    this.copyPositionInputs(pair);
    this.accept(this.kernels.positions(this.address), s);
  }

  /**
   * {@link RollingDiscGeometry.evaluatePositions}, then ω0, ω1, the two contact-point velocities, vC and the slip velocity
   * (with the pair's velocities and ω̄), in one kernel call.
   */
  evaluateKinematics(pair: RigidMarkerPair, s: ItemState): void {
    this.copyPositionInputs(pair);
    const region = this.region;
    copy3(region, at.omegaLocal0, pair.omega0);
    copy3(region, at.omegaLocal1, pair.omega1);
    copy3(region, at.v0, pair.v0);
    copy3(region, at.v1, pair.v1);
    this.accept(this.kernels.kinematics(this.address), s);
  }

  /**
   * The constants of {@link RollingDiscGeometry.evaluateNodeKinematics}: the nodes' reference coordinates and, without
   * node 0, marker 0's A0, p0, v0 and ω̄0 (through the pair's arrays), fixed while it has no coordinates.
   */
  setNodeConstants(pair: RigidMarkerPair, s: ItemState, node0: NodeModel | undefined, node1: NodeModel): void {
    const region = this.region;
    region.set(node1.referenceCoordinates, at.reference1);
    if (node0 !== undefined) {
      region.set(node0.referenceCoordinates, at.reference0);
      return;
    }
    const marker0 = pair.marker0;
    marker0.position(s, pair.p0);
    marker0.velocity(s, pair.v0);
    marker0.orientation(s, pair.a0);
    marker0.angularVelocityLocal(s, pair.omega0);
    region.set(pair.a0, at.a0);
    region.set(pair.p0, at.p0);
    region.set(pair.v0, at.v0);
    region.set(pair.omega0, at.omegaLocal0);
  }

  /**
   * {@link RollingDiscGeometry.evaluateKinematics} for markers at the reference points of Euler-parameter nodes (node 1 the
   * disc's; node 0 the plane's, or undefined for a plane fixed by {@link RollingDiscGeometry.setNodeConstants}): the
   * nodes' coordinates and velocities into the region and one kernel call, which forms the markers' kinematics as the
   * nodes do (the same numbers). The pair's arrays are not written.
   */
  evaluateNodeKinematics(s: ItemState, node0: NodeModel | undefined, node1: NodeModel): void {
    const region = this.region, q = s.q, u = s.u;
    let i = node1.qIndex, j = node1.uIndex;
    for (let k = 0; k < 7; k++) {
      region[at.q1 + k] = q[i + k];
      region[at.u1 + k] = u[j + k];
    }
    if (node0 !== undefined) {
      i = node0.qIndex; j = node0.uIndex;
      for (let k = 0; k < 7; k++) {
        region[at.q0 + k] = q[i + k];
        region[at.u0 + k] = u[j + k];
      }
    }
    this.accept(this.kernels.nodeKinematics(this.address, node0 === undefined ? 0 : 1), s);
  }

  /** A0, A1, p0, p1 into the region, element by element (TypedArray.prototype.set is a builtin call that optimized code does not inline: 20 ns each). */
  private copyPositionInputs(pair: RigidMarkerPair): void {
    const { region } = this, { a0, a1, p0, p1 } = pair;
    for (let i = 0; i < 9; i++) {
      region[at.a0 + i] = a0[i];
      region[at.a1 + i] = a1[i];
    }
    copy3(region, at.p0, p0);
    copy3(region, at.p1, p1);
  }

  /** axisNormalSine = |w1 × n0| of the kernel; throws when it is not above 1e-14 (the disc axis parallel to the plane normal). */
  private accept(length: number, s: ItemState): void {
    if (!(length > 1e-14)) {
      itemError(this.label, 'discAxis', `is parallel to the plane normal at t = ${s.t} (the disc lies flat on the plane, its contact point is undefined)`);
    }
    this.axisNormalSine = length;
  }

  /**
   * Velocity of the contact point as a geometric point (Exudyn's trail velocity, output Velocity): v1 + r·ẇ3 − (v0 + ω0 × arm),
   * the disc's rotation about its axis not included; written to out (after evaluateKinematics or evaluateNodeKinematics,
   * whose inputs v0, v1 it reads from the region). The arm of the plane's
   * rotation is the contact point pC in Exudyn's ObjectJointRollingDisc and pC − p0 (planeArm) in its
   * ObjectConnectorRollingDiscPenalty (equal for a plane marker at the origin or a plane that does not rotate): arm is this
   * geometry's contactPoint or planeArm (the kernel reads it from the geometry's region).
   */
  trailVelocity(out: Float64Array, arm: Float64Array = this.contactPoint): Float64Array {
    this.kernels.trailVelocity(this.address, arm.byteOffset);
    out.set(this.trail);
    return out;
  }

  /**
   * Writes the velocity Jacobians of the two contact points, column by column (3 entries per column, n0 + n1 columns):
   * marker 0's columns J0 + G0 × (pC − p0), marker 1's J1 + G1 × r·w3 (after the pair's evaluateJacobians and
   * evaluateRotationJacobians). ∂(vC1 − vC0)/∂u is marker 1's columns and marker 0's negated.
   */
  writeContactJacobians(pair: RigidMarkerPair, out: Float64Array): void {
    const { n0, n1, jacobian0: j0, jacobian1: j1, rotationJacobian0: g0, rotationJacobian1: g1 } = pair;
    const a0 = this.planeArm, a1 = this.radiusVector;
    const a00 = a0[0], a01 = a0[1], a02 = a0[2], a10 = a1[0], a11 = a1[1], a12 = a1[2];
    for (let k = 0; k < n0; k++) {
      const gx = g0[k], gy = g0[n0 + k], gz = g0[2 * n0 + k];
      out[3 * k] = j0[k] + gy * a02 - gz * a01;
      out[3 * k + 1] = j0[n0 + k] + gz * a00 - gx * a02;
      out[3 * k + 2] = j0[2 * n0 + k] + gx * a01 - gy * a00;
    }
    for (let k = 0; k < n1; k++) {
      const gx = g1[k], gy = g1[n1 + k], gz = g1[2 * n1 + k], at = 3 * (n0 + k);
      out[at] = j1[k] + gy * a12 - gz * a11;
      out[at + 1] = j1[n1 + k] + gz * a10 - gx * a12;
      out[at + 2] = j1[2 * n1 + k] + gx * a11 - gy * a10;
    }
  }
}

/** region[at…at + 2] = v (element by element: see RollingDiscGeometry.evaluatePositions). */
function copy3(region: Float64Array, at: number, v: Float64Array): void {
  region[at] = v[0];
  region[at + 1] = v[1];
  region[at + 2] = v[2];
}
