import type { ItemState } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { mat3MulVecInto, hypot3 } from '../../rotations/skew.ts';
import type { RigidMarkerPair } from './connectorBase.ts';

/**
 * Contact kinematics of a disc (marker 1) rolling on a plane (marker 0), shared by ObjectJointRollingDisc and
 * ObjectConnectorRollingDiscPenalty (Exudyn's contact point of the rolling disc): with the plane normal n0 = A0·planeNormal
 * and the disc axis w1 = A1·discAxis, the forward direction wForward = (w1 × n0)/|w1 × n0|, the direction from the disc
 * centre to the contact point w3 = w1 × wForward, the contact point pC = p1 + r·w3 and the lateral direction
 * wLateral = n0 × wForward. vC1 = v1 + ω1 × r·w3 is the velocity of the disc's material point at pC, vC0 = v0 + ω0 × (pC − p0)
 * that of the plane's. No method allocates.
 */
export class RollingDiscGeometry {
  /** Plane normal n0 (global). */
  readonly normal = new Float64Array(3);
  /** Disc axis w1 (global). */
  readonly axis = new Float64Array(3);
  /** Forward (rolling) direction, unit. */
  readonly forward = new Float64Array(3);
  /** Unit vector from the disc centre to the contact point, w3 = w1 × wForward. */
  readonly toContact = new Float64Array(3);
  /** Lateral direction n0 × wForward. */
  readonly lateral = new Float64Array(3);
  /** Contact point pC = p1 + r·w3. */
  readonly contactPoint = new Float64Array(3);
  /** r·w3, the contact point relative to the disc centre. */
  readonly radiusVector = new Float64Array(3);
  /** pC − p0, the contact point relative to marker 0. */
  readonly planeArm = new Float64Array(3);
  /** Global angular velocities ω0 = A0 ω̄0, ω1 = A1 ω̄1 (after {@link RollingDiscGeometry.evaluateVelocities}). */
  readonly omega0 = new Float64Array(3);
  /** Global angular velocity of the disc. */
  readonly omega1 = new Float64Array(3);
  /** Velocity of the disc's material point at pC. */
  readonly contactVelocity1 = new Float64Array(3);
  /** Velocity of the plane's material point at pC. */
  readonly contactVelocity0 = new Float64Array(3);
  /** |w1 × n0| of the last evaluation (sine of the angle between disc axis and normal). */
  axisNormalSine = 1;

  constructor(private readonly label: ItemLabel, private readonly planeNormal: ArrayLike<number>, private readonly discAxis: ArrayLike<number>, private readonly radius: number) {}

  /**
   * Updates the directions and the contact point from the orientations and positions of the pair (after evaluateFrames
   * or evaluateOrientations and the positions); throws when the disc axis is parallel to the plane normal (disc lying flat).
   */
  evaluatePositions(pair: RigidMarkerPair, s: ItemState): void {
    const { normal: n, axis: w, forward: f, toContact: w3, lateral: l, radius: r } = this;
    mat3MulVecInto(n, pair.a0, this.planeNormal);
    mat3MulVecInto(w, pair.a1, this.discAxis);
    // in locals: a store into one of the arrays could alias the others for the optimizer, which would reload them
    const nx = n[0], ny = n[1], nz = n[2], wx = w[0], wy = w[1], wz = w[2];
    let fx = wy * nz - wz * ny, fy = wz * nx - wx * nz, fz = wx * ny - wy * nx;
    const length = hypot3(fx, fy, fz);
    if (!(length > 1e-14)) {
      itemError(this.label, 'discAxis', `is parallel to the plane normal at t = ${s.t} (the disc lies flat on the plane, its contact point is undefined)`);
    }
    this.axisNormalSine = length;
    fx /= length; fy /= length; fz /= length;
    f[0] = fx; f[1] = fy; f[2] = fz;
    const w3x = wy * fz - wz * fy, w3y = wz * fx - wx * fz, w3z = wx * fy - wy * fx;
    w3[0] = w3x; w3[1] = w3y; w3[2] = w3z;
    l[0] = ny * fz - nz * fy; l[1] = nz * fx - nx * fz; l[2] = nx * fy - ny * fx;
    const { p0, p1 } = pair;
    const { radiusVector: a1, contactPoint: pC, planeArm: a0 } = this;
    a1[0] = r * w3x; a1[1] = r * w3y; a1[2] = r * w3z;
    const cx = p1[0] + r * w3x, cy = p1[1] + r * w3y, cz = p1[2] + r * w3z;
    pC[0] = cx; pC[1] = cy; pC[2] = cz;
    a0[0] = cx - p0[0]; a0[1] = cy - p0[1]; a0[2] = cz - p0[2];
  }

  /** Updates ω0, ω1 and the two contact-point velocities (after evaluatePositions, with the pair's velocities and ω̄). */
  evaluateVelocities(pair: RigidMarkerPair): void {
    const { omega0: o0, omega1: o1, radiusVector: a1, planeArm: a0 } = this;
    mat3MulVecInto(o0, pair.a0, pair.omega0);
    mat3MulVecInto(o1, pair.a1, pair.omega1);
    const { v0, v1 } = pair;
    const o0x = o0[0], o0y = o0[1], o0z = o0[2], o1x = o1[0], o1y = o1[1], o1z = o1[2];
    const a0x = a0[0], a0y = a0[1], a0z = a0[2], a1x = a1[0], a1y = a1[1], a1z = a1[2];
    const c1 = this.contactVelocity1, c0 = this.contactVelocity0;
    const c1x = v1[0] + o1y * a1z - o1z * a1y, c1y = v1[1] + o1z * a1x - o1x * a1z, c1z = v1[2] + o1x * a1y - o1y * a1x;
    const c0x = v0[0] + o0y * a0z - o0z * a0y, c0y = v0[1] + o0z * a0x - o0x * a0z, c0z = v0[2] + o0x * a0y - o0y * a0x;
    c1[0] = c1x; c1[1] = c1y; c1[2] = c1z;
    c0[0] = c0x; c0[1] = c0y; c0[2] = c0z;
  }

  /**
   * Velocity of the contact point as a geometric point (Exudyn's trail velocity, output Velocity): v1 + r·ẇ3 − (v0 + ω0 × arm),
   * the disc's rotation about its axis not included; written to out (after evaluateVelocities). The arm of the plane's
   * rotation is the contact point pC in Exudyn's ObjectJointRollingDisc and pC − p0 (planeArm) in its
   * ObjectConnectorRollingDiscPenalty (equal for a plane marker at the origin or a plane that does not rotate).
   */
  trailVelocity(pair: RigidMarkerPair, out: Float64Array, arm: Float64Array = this.contactPoint): Float64Array {
    const { axis: w1, normal: n0, forward: f, omega0: o0, omega1: o1, radius: r } = this;
    // ẇ1 = ω1 × w1, ṅ0 = ω0 × n0 (in locals: this runs for every sensor row)
    const w1tx = o1[1] * w1[2] - o1[2] * w1[1], w1ty = o1[2] * w1[0] - o1[0] * w1[2], w1tz = o1[0] * w1[1] - o1[1] * w1[0];
    const n0tx = o0[1] * n0[2] - o0[2] * n0[1], n0ty = o0[2] * n0[0] - o0[0] * n0[2], n0tz = o0[0] * n0[1] - o0[1] * n0[0];
    // f = w1 × n0 unnormalized: g = |f|, wForward = f/g, ẇForward = (ḟ g − f ġ)/g², ġ = f·ḟ/g
    const fux = w1[1] * n0[2] - w1[2] * n0[1], fuy = w1[2] * n0[0] - w1[0] * n0[2], fuz = w1[0] * n0[1] - w1[1] * n0[0];
    const ftx = (w1ty * n0[2] - w1tz * n0[1]) + (w1[1] * n0tz - w1[2] * n0ty);
    const fty = (w1tz * n0[0] - w1tx * n0[2]) + (w1[2] * n0tx - w1[0] * n0tz);
    const ftz = (w1tx * n0[1] - w1ty * n0[0]) + (w1[0] * n0ty - w1[1] * n0tx);
    const g = this.axisNormalSine;
    const gt = (fux * ftx + fuy * fty + fuz * ftz) / g;
    const ffx = (ftx * g - fux * gt) / (g * g), ffy = (fty * g - fuy * gt) / (g * g), ffz = (ftz * g - fuz * gt) / (g * g);
    const w3tx = (w1ty * f[2] - w1tz * f[1]) + (w1[1] * ffz - w1[2] * ffy);
    const w3ty = (w1tz * f[0] - w1tx * f[2]) + (w1[2] * ffx - w1[0] * ffz);
    const w3tz = (w1tx * f[1] - w1ty * f[0]) + (w1[0] * ffy - w1[1] * ffx);
    const cx = o0[1] * arm[2] - o0[2] * arm[1], cy = o0[2] * arm[0] - o0[0] * arm[2], cz = o0[0] * arm[1] - o0[1] * arm[0];
    const { v0, v1 } = pair;
    out[0] = v1[0] + r * w3tx - (v0[0] + cx);
    out[1] = v1[1] + r * w3ty - (v0[1] + cy);
    out[2] = v1[2] + r * w3tz - (v0[2] + cz);
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
