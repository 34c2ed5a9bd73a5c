import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { hypot3 } from '../../rotations/skew.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, intVector, markerIndexArray, ureal, vector, type VectorValue } from '../../registry/parameters.ts';
import { lagrangeMultiplier, RigidMarkerPair } from './connectorBase.ts';
import { RollingDiscGeometry } from './rollingDiscGeometry.ts';
import { CoordinateKey } from '../nodes/coordinateKey.ts';
import { toNumberArray } from '../../linalg/arrays.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1]: m0 on the plane (ground or body), m1 at the disc centre.', 2),
  constrainedAxes: intVector([1, 1, 1], 'Flags (1 = constrained, 0 = free) of the lateral, forward and normal contact-point velocity.', 3),
  activeConnector: bool(true, 'If false, every equation reads λ = 0 (the multipliers stay).'),
  discRadius: ureal(0, 'Disc radius r (must be > 0).'),
  discAxis: vector([1, 0, 0], 'Disc axis in marker 1\'s frame (unit vector).', 3, 'Vector3D'),
  planeNormal: vector([0, 0, 1], 'Plane normal in marker 0\'s frame (unit vector, pointing towards the disc).', 3, 'Vector3D'),
};

const outputVariables = [OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.ForceLocal, OutputVariableType.RotationMatrix];

interface Values {
  readonly markerNumbers: readonly number[];
  readonly constrainedAxes: readonly number[];
  readonly activeConnector: boolean;
  readonly discRadius: number;
  readonly discAxis: VectorValue;
  readonly planeNormal: VectorValue;
}

/**
 * Run-time model of the ideal rolling disc: three velocity-level equations, the velocity of the disc's material point at
 * the contact point relative to the plane's, in the joint frame (lateral, forward, normal). No method allocates after
 * bind except the outputs.
 */
class RollingDiscJointModel implements Only<ObjectModel, RollingDiscJointModel> {
  readonly nAE = 3;
  readonly velocityLevelConstraint = true;
  readonly multiplierRows: readonly number[];
  localNodes: NodeModel[] = [];
  private readonly pair: RigidMarkerPair;
  private readonly geometry: RollingDiscGeometry;
  private readonly flags: readonly number[];
  private readonly active: boolean;
  /** The joint-frame directions of the rows (lateral, forward, normal): the geometry's arrays. */
  private readonly directions: readonly Float64Array[];
  /** Velocity Jacobians of the contact points, 3 entries per local coordinate (RollingDiscGeometry.writeContactJacobians). */
  private contactJacobians = new Float64Array(0);
  /**
   * The coordinates the kinematics in pair and geometry were evaluated at: a Newton Jacobian (ae with c) comes at the
   * state of the residual before it, whose kinematics and marker Jacobians it reuses.
   */
  private readonly key = new CoordinateKey();
  /** True if the pair's marker Jacobians belong to the kinematics of the key. */
  private jacobiansCurrent = false;
  /**
   * The disc's Euler-parameter node when the residual and the Jacobian run {@link RollingDiscJointModel.discNodeReaction} and
   * {@link RollingDiscJointModel.discNodeJacobian} (set in bind):
   * marker 1 is that node's frame, marker 0 has no coordinates (the plane is fixed), the joint is active with all three
   * rows constrained. Undefined: the general path through the pair and the geometry.
   */
  private discNode: NodeModel | undefined = undefined;
  /** Plane normal in marker 0's frame and disc axis in marker 1's frame (the geometry's, for the disc-node kernel). */
  private readonly planeNormalLocal: Float64Array;
  private readonly discAxisLocal: Float64Array;
  private readonly radius: number;
  /**
   * The plane's kinematics for the disc-node kernel: p0, v0, n0 = A0·planeNormal and ω0 = A0 ω̄0 (12 entries), formed at
   * the kernel's first call after bind: marker 0 has no coordinates, so they are fixed (a changed parameter of its
   * items makes new models, which bind the joint again).
   */
  private readonly plane = new Float64Array(12);
  /**
   * What {@link RollingDiscJointModel.discNodeKinematics} leaves for the disc-node kernels: the directions (lateral,
   * forward, normal), the radius arm r·w3 and the node's 2p_k (16 entries).
   */
  private readonly discFrame = new Float64Array(16);
  /** The trail velocity of a Velocity output (a sensor row at every write: no typed array per row). */
  private readonly trail = new Float64Array(3);
  private planeCurrent = false;

  constructor(readonly label: ItemLabel, v: Values) {
    this.pair = new RigidMarkerPair(label, v.markerNumbers);
    this.planeNormalLocal = Float64Array.from(v.planeNormal);
    this.discAxisLocal = Float64Array.from(v.discAxis);
    this.radius = v.discRadius;
    this.geometry = new RollingDiscGeometry(label, this.planeNormalLocal, this.discAxisLocal, v.discRadius);
    this.directions = [this.geometry.lateral, this.geometry.forward, this.geometry.normal];
    this.flags = v.constrainedAxes.slice();
    this.active = v.activeConnector;
    this.multiplierRows = [0, 1, 2].filter((r) => !this.active || this.flags[r] !== 1);
  }

  bind(context: BindContext): void {
    this.pair.bind(context);
    this.localNodes = this.pair.localNodes;
    this.contactJacobians = new Float64Array(3 * (this.pair.n0 + this.pair.n1));
    this.key.bind(this.localNodes);
    const frameNode = this.pair.marker1.frameNode;
    const allRows = this.active && this.flags[0] === 1 && this.flags[1] === 1 && this.flags[2] === 1;
    this.planeCurrent = false;
    this.discNode = allRows && this.pair.n0 === 0 && frameNode !== undefined && frameNode.label.typeName === 'RigidBodyEP' ? frameNode : undefined;
  }

  /** The kinematics with velocities at s (for a Jacobian or not): evaluated unless they are those of the key's coordinates. */
  private currentKinematics(s: ItemState, forJacobian: boolean): void {
    if (forJacobian ? this.key.matchesForJacobian(s) : this.key.matchesForResidual(s)) return;
    this.jacobiansCurrent = false;
    this.kinematics(s, true);
    this.key.confirm();
  }

  /** The pair's position and rotation Jacobians at s (after {@link RollingDiscJointModel.currentKinematics} at s). */
  private currentJacobians(s: ItemState): void {
    if (this.jacobiansCurrent) return;
    this.pair.evaluateJacobians(s);
    this.pair.evaluateRotationJacobians(s);
    this.jacobiansCurrent = true;
  }

  /** Positions, orientations, directions and (with velocities) the contact-point velocities. */
  private kinematics(s: ItemState, velocities: boolean): void {
    const { pair, geometry } = this;
    if (velocities) pair.evaluatePositions(s);
    else pair.evaluateRelativePositions(s);
    pair.evaluateOrientations(s);
    if (!velocities) {
      geometry.evaluatePositions(pair, s);
      return;
    }
    pair.evaluateAngularVelocities(s);
    geometry.evaluateKinematics(pair, s);
  }

  /** g of {@link RollingDiscJointModel.ae} (the kinematics of s evaluated when active; see currentKinematics). */
  private writeEquations(s: ItemState, g: Float64Array, forJacobian: boolean): void {
    const active = this.active;
    if (active) this.currentKinematics(s, forJacobian);
    const { contactVelocity0: c0, contactVelocity1: c1 } = this.geometry;
    // vC1 − vC0 in locals: a store into g could alias the geometry's arrays for the optimizer, which would reload them per row
    const dx = c1[0] - c0[0], dy = c1[1] - c0[1], dz = c1[2] - c0[2];
    const flags = this.flags, directions = this.directions;
    for (let r = 0; r < 3; r++) {
      const e = directions[r];
      g[r] = active && flags[r] === 1 ? e[0] * dx + e[1] * dy + e[2] * dz : lagrangeMultiplier(s, this, r);
    }
  }

  /** The marker Jacobians and from them the contact points' velocity Jacobians (after the kinematics). */
  private evaluateContactJacobians(s: ItemState): void {
    this.currentJacobians(s);
    this.geometry.writeContactJacobians(this.pair, this.contactJacobians);
  }

  /**
   * out[offset + k] = c_k for the Jacobian row c of equation `row`, c_k = e_row·(column k of ∂(vC1 − vC0)/∂u) with
   * marker 0's columns negated. The direction and the loop bounds are held in locals (a store into a Float64Array may
   * alias any other, so V8 would reload them per entry).
   */
  private writeJacobianRow(row: number, out: Float64Array, offset: number): void {
    const e = this.directions[row], e0 = e[0], e1 = e[1], e2 = e[2], j = this.contactJacobians;
    const n0 = this.pair.n0, n = n0 + this.pair.n1;
    for (let k = 0; k < n; k++) {
      const value = e0 * j[3 * k] + e1 * j[3 * k + 1] + e2 * j[3 * k + 2];
      out[offset + k] = k < n0 ? -value : value;
    }
  }

  /**
   * g_i = e_i·(vC1 − vC0) with e = (wLateral, wForward, n0) for constrained rows, g_i = λ_i for free rows and inactive
   * joints; velocity level in both index settings (as Exudyn's). With c: ∂g/∂u, rows e_i·[−(J0 + G0 × (pC − p0)),
   * J1 + G1 × r·w3] (the directions depend on q only; free rows and inactive joints stay zero).
   */
  ae(s: ItemState, g: Float64Array, _useIndex2: boolean, c?: Float64Array): void {
    if (c !== undefined && this.discNode !== undefined && this.discNodeJacobian(this.discNode, s, g, c)) return;
    this.writeEquations(s, g, c !== undefined);
    if (c === undefined || !this.active) return;
    this.evaluateContactJacobians(s);
    const n = this.pair.n0 + this.pair.n1;
    for (let r = 0; r < 3; r++) if (this.flags[r] === 1) this.writeJacobianRow(r, c, r * n);
  }

  /**
   * g as {@link RollingDiscJointModel.ae} and r[ltg[k]] += c_k·λ for the constrained rows with λ ≠ 0, each entry formed
   * as ae forms it (the operations of the assembler's cᵀλ, bit for bit), without storing the Jacobian: per local
   * coordinate k the column of ∂(vC1 − vC0)/∂u (RollingDiscGeometry.writeContactJacobians' operations) in locals, then
   * the rows in their order (the adds into one entry in the order of a row-by-row pass).
   */
  aeAndReaction(s: ItemState, g: Float64Array, _useIndex2: boolean, lambda: Float64Array, first: number, r: Float64Array, ltg: Int32Array): boolean {
    if (this.discNode !== undefined && this.discNodeReaction(this.discNode, s, g, lambda, first, r, ltg)) return true;
    this.writeEquations(s, g, false);
    if (!this.active) return true;
    const flags = this.flags;
    const l0 = flags[0] === 1 ? lambda[first] : 0, l1 = flags[1] === 1 ? lambda[first + 1] : 0, l2 = flags[2] === 1 ? lambda[first + 2] : 0;
    if (l0 === 0 && l1 === 0 && l2 === 0) return true;
    const pair = this.pair;
    this.currentJacobians(s);
    const { lateral: e, forward: f, normal: n, planeArm: a0, radiusVector: a1 } = this.geometry;
    const ex = e[0], ey = e[1], ez = e[2], fx = f[0], fy = f[1], fz = f[2], nx = n[0], ny = n[1], nz = n[2];
    const { n0, n1, jacobian0: j0, jacobian1: j1, rotationJacobian0: g0, rotationJacobian1: g1 } = pair;
    for (let side = 0; side < 2; side++) {
      const nb = side === 0 ? n0 : n1, j = side === 0 ? j0 : j1, gr = side === 0 ? g0 : g1, a = side === 0 ? a0 : a1;
      const ax = a[0], ay = a[1], az = a[2], offset = side === 0 ? 0 : n0;
      for (let k = 0; k < nb; k++) {
        const gx = gr[k], gy = gr[nb + k], gz = gr[2 * nb + k];
        const cx = j[k] + gy * az - gz * ay, cy = j[nb + k] + gz * ax - gx * az, cz = j[2 * nb + k] + gx * ay - gy * ax;
        const at = ltg[offset + k];
        if (l0 !== 0) {
          const value = ex * cx + ey * cy + ez * cz;
          r[at] += (side === 0 ? -value : value) * l0;
        }
        if (l1 !== 0) {
          const value = fx * cx + fy * cy + fz * cz;
          r[at] += (side === 0 ? -value : value) * l1;
        }
        if (l2 !== 0) {
          const value = nx * cx + ny * cy + nz * cz;
          r[at] += (side === 0 ? -value : value) * l2;
        }
      }
    }
    return true;
  }

  /**
   * The kinematics of the disc-node kernels ({@link RollingDiscJointModel.discNode}): g as the general path writes it, and
   * the joint frame, the radius arm r·w3 and the node's 2p_k into {@link RollingDiscJointModel.discFrame}, in one
   * straight-line kernel on the node's coordinates: the operations of the general path, in its order, on the values the
   * node, the pair and the geometry would form (A and ω̄ = G_l ṗ as NodeRigidBodyEP forms them), so g is the same to the
   * last bit. Nothing is stored in the pair or the geometry (the key's kinematics stay those of the general path). Returns
   * false, having written nothing, when the disc axis is parallel to the plane normal (the general path then names the item).
   */
  private discNodeKinematics(node: NodeModel, s: ItemState, g: Float64Array): boolean {
    if (!this.planeCurrent) this.evaluatePlane(s);
    const plane = this.plane, x = this.discAxisLocal, radius = this.radius;
    const nx = plane[6], ny = plane[7], nz = plane[8], o0x = plane[9], o0y = plane[10], o0z = plane[11];
    // the disc node: position, Euler parameters p = p_ref + q, A(p), velocity, ω̄ = G_l ṗ
    const q = s.q, u = s.u, ref = node.referenceCoordinates, i = node.qIndex, j = node.uIndex;
    const p1x = ref[0] + q[i], p1y = ref[1] + q[i + 1], p1z = ref[2] + q[i + 2];
    const e0 = ref[3] + q[i + 3], e1 = ref[4] + q[i + 4], e2 = ref[5] + q[i + 5], e3 = ref[6] + q[i + 6];
    const a0 = -2 * e3 * e3 - 2 * e2 * e2 + 1, a1 = -2 * e3 * e0 + 2 * e2 * e1, a2 = 2 * e3 * e1 + 2 * e2 * e0;
    const a3 = 2 * e3 * e0 + 2 * e2 * e1, a4 = -2 * e3 * e3 - 2 * e1 * e1 + 1, a5 = 2 * e3 * e2 - 2 * e1 * e0;
    const a6 = -2 * e2 * e0 + 2 * e3 * e1, a7 = 2 * e3 * e2 + 2 * e1 * e0, a8 = -2 * e2 * e2 - 2 * e1 * e1 + 1;
    const d0 = u[j + 3], d1 = u[j + 4], d2 = u[j + 5], d3 = u[j + 6];
    const t0 = 2 * e0, t1 = 2 * e1, t2 = 2 * e2, t3 = 2 * e3;
    const w1x = 0 + -t1 * d0 + t0 * d1 + t3 * d2 + -t2 * d3;
    const w1y = 0 + -t2 * d0 + -t3 * d1 + t0 * d2 + t1 * d3;
    const w1z = 0 + -t3 * d0 + t2 * d1 + -t1 * d2 + t0 * d3;
    // the operations of RollingDiscGeometry.evaluateKinematics (rollingDiscGeometryKernelsSource.ts: positions, velocities)
    const wx = a0 * x[0] + a1 * x[1] + a2 * x[2], wy = a3 * x[0] + a4 * x[1] + a5 * x[2], wz = a6 * x[0] + a7 * x[1] + a8 * x[2];
    let fx = wy * nz - wz * ny, fy = wz * nx - wx * nz, fz = wx * ny - wy * nx;
    const length = hypot3(fx, fy, fz);
    if (!(length > 1e-14)) return false;
    fx /= length; fy /= length; fz /= length;
    const w3x = wy * fz - wz * fy, w3y = wz * fx - wx * fz, w3z = wx * fy - wy * fx;
    const lx = ny * fz - nz * fy, ly = nz * fx - nx * fz, lz = nx * fy - ny * fx;
    const r1x = radius * w3x, r1y = radius * w3y, r1z = radius * w3z;
    const cx = p1x + radius * w3x, cy = p1y + radius * w3y, cz = p1z + radius * w3z;
    const r0x = cx - plane[0], r0y = cy - plane[1], r0z = cz - plane[2];
    const o1x = a0 * w1x + a1 * w1y + a2 * w1z, o1y = a3 * w1x + a4 * w1y + a5 * w1z, o1z = a6 * w1x + a7 * w1y + a8 * w1z;
    const c1x = u[j] + o1y * r1z - o1z * r1y, c1y = u[j + 1] + o1z * r1x - o1x * r1z, c1z = u[j + 2] + o1x * r1y - o1y * r1x;
    const c0x = plane[3] + o0y * r0z - o0z * r0y, c0y = plane[4] + o0z * r0x - o0x * r0z, c0z = plane[5] + o0x * r0y - o0y * r0x;
    const dx = c1x - c0x, dy = c1y - c0y, dz = c1z - c0z;
    g[0] = lx * dx + ly * dy + lz * dz;
    g[1] = fx * dx + fy * dy + fz * dz;
    g[2] = nx * dx + ny * dy + nz * dz;
    const frame = this.discFrame;
    frame[0] = lx; frame[1] = ly; frame[2] = lz; frame[3] = fx; frame[4] = fy; frame[5] = fz; frame[6] = nx; frame[7] = ny; frame[8] = nz;
    frame[9] = r1x; frame[10] = r1y; frame[11] = r1z; frame[12] = t0; frame[13] = t1; frame[14] = t2; frame[15] = t3;
    return true;
  }

  /**
   * aeAndReaction for a disc on an Euler-parameter node rolling on a fixed plane ({@link RollingDiscJointModel.discNode}):
   * g by {@link RollingDiscJointModel.discNodeKinematics}, then r[ltg[k]] += c_k·λ per column of the position Jacobian
   * [I₃ | 0] plus the rotation Jacobian [0 | G] × r·w3 (G's entries ±2p_k), as the general path adds them, so r is the same
   * to the last bit. Returns false, having written nothing, where discNodeKinematics does.
   */
  private discNodeReaction(node: NodeModel, s: ItemState, g: Float64Array, lambda: Float64Array, first: number, r: Float64Array, ltg: Int32Array): boolean {
    if (!this.discNodeKinematics(node, s, g)) return false;
    const l0 = lambda[first], l1 = lambda[first + 1], l2 = lambda[first + 2];
    if (l0 === 0 && l1 === 0 && l2 === 0) return true;
    const frame = this.discFrame;
    const lx = frame[0], ly = frame[1], lz = frame[2], fx = frame[3], fy = frame[4], fz = frame[5], nx = frame[6], ny = frame[7], nz = frame[8];
    const r1x = frame[9], r1y = frame[10], r1z = frame[11], t0 = frame[12], t1 = frame[13], t2 = frame[14], t3 = frame[15];
    // the columns of [I₃ | 0] + [0 | G] × r·w3, G = 2[−p1 p0 −p3 p2; −p2 p3 p0 −p1; −p3 −p2 p1 p0]
    addReactionColumn(r, ltg[0], 1, 0, 0, 0, 0, 0, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz, l0, l1, l2);
    addReactionColumn(r, ltg[1], 0, 1, 0, 0, 0, 0, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz, l0, l1, l2);
    addReactionColumn(r, ltg[2], 0, 0, 1, 0, 0, 0, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz, l0, l1, l2);
    addReactionColumn(r, ltg[3], 0, 0, 0, -t1, -t2, -t3, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz, l0, l1, l2);
    addReactionColumn(r, ltg[4], 0, 0, 0, t0, t3, -t2, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz, l0, l1, l2);
    addReactionColumn(r, ltg[5], 0, 0, 0, -t3, t0, t1, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz, l0, l1, l2);
    addReactionColumn(r, ltg[6], 0, 0, 0, t2, -t1, t0, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz, l0, l1, l2);
    return true;
  }

  /**
   * ae with the Jacobian c for the disc node ({@link RollingDiscJointModel.discNode}): g by
   * {@link RollingDiscJointModel.discNodeKinematics}, and c[row·7 + k] = e_row·(column k of [I₃ | 0] + [0 | G] × r·w3) with
   * the operations of RollingDiscGeometry.writeContactJacobians and writeJacobianRow on the marker Jacobians the node
   * writes, so c is the same to the last bit. Returns false, having written nothing, where discNodeKinematics does.
   */
  private discNodeJacobian(node: NodeModel, s: ItemState, g: Float64Array, c: Float64Array): boolean {
    if (!this.discNodeKinematics(node, s, g)) return false;
    const frame = this.discFrame;
    const lx = frame[0], ly = frame[1], lz = frame[2], fx = frame[3], fy = frame[4], fz = frame[5], nx = frame[6], ny = frame[7], nz = frame[8];
    const r1x = frame[9], r1y = frame[10], r1z = frame[11], t0 = frame[12], t1 = frame[13], t2 = frame[14], t3 = frame[15];
    writeJacobianColumn(c, 0, 1, 0, 0, 0, 0, 0, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz);
    writeJacobianColumn(c, 1, 0, 1, 0, 0, 0, 0, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz);
    writeJacobianColumn(c, 2, 0, 0, 1, 0, 0, 0, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz);
    writeJacobianColumn(c, 3, 0, 0, 0, -t1, -t2, -t3, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz);
    writeJacobianColumn(c, 4, 0, 0, 0, t0, t3, -t2, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz);
    writeJacobianColumn(c, 5, 0, 0, 0, -t3, t0, t1, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz);
    writeJacobianColumn(c, 6, 0, 0, 0, t2, -t1, t0, r1x, r1y, r1z, lx, ly, lz, fx, fy, fz, nx, ny, nz);
    return true;
  }

  /** {@link RollingDiscJointModel.plane} from marker 0 (into the pair's arrays, then n0 and ω0 as the geometry forms them). */
  private evaluatePlane(s: ItemState): void {
    const pair = this.pair, marker0 = pair.marker0, plane = this.plane, b = pair.a0, w = pair.omega0, pn = this.planeNormalLocal;
    marker0.position(s, pair.p0);
    marker0.velocity(s, pair.v0);
    marker0.orientation(s, b);
    marker0.angularVelocityLocal(s, w);
    plane.set(pair.p0, 0);
    plane.set(pair.v0, 3);
    plane[6] = b[0] * pn[0] + b[1] * pn[1] + b[2] * pn[2]; plane[7] = b[3] * pn[0] + b[4] * pn[1] + b[5] * pn[2]; plane[8] = b[6] * pn[0] + b[7] * pn[1] + b[8] * pn[2];
    plane[9] = b[0] * w[0] + b[1] * w[1] + b[2] * w[2]; plane[10] = b[3] * w[0] + b[4] * w[1] + b[5] * w[2]; plane[11] = b[6] * w[0] + b[7] * w[1] + b[8] * w[2];
    this.planeCurrent = true;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.key.invalidate(); // the kinematics below overwrite those of the key
    switch (variable) {
      case OutputVariableType.Position:
        this.kinematics(s, false);
        return [this.geometry.contactPoint[0], this.geometry.contactPoint[1], this.geometry.contactPoint[2]];
      case OutputVariableType.Velocity:
        this.kinematics(s, true);
        return toNumberArray(this.geometry.trailVelocity(this.pair, this.trail));
      case OutputVariableType.ForceLocal:
        return [-lagrangeMultiplier(s, this, 0), -lagrangeMultiplier(s, this, 1), -lagrangeMultiplier(s, this, 2)];
      case OutputVariableType.RotationMatrix: {
        this.kinematics(s, false);
        const { lateral: l, forward: f, normal: n } = this.geometry;
        return [l[0], f[0], n[0], l[1], f[1], n[1], l[2], f[2], n[2]];
      }
      default: return undefined;
    }
  }
}

/**
 * r[at] += c_k·λ_i for the three rows (lateral e, forward f, normal n) of one disc column k, c = J_k + G_k × a (J_k, G_k
 * the column's position and rotation Jacobian entries, a = r·w3), as the general aeAndReaction adds them (rows with
 * λ_i = 0 skipped).
 */
function addReactionColumn(r: Float64Array, at: number, jx: number, jy: number, jz: number, gx: number, gy: number, gz: number, ax: number, ay: number, az: number,
  ex: number, ey: number, ez: number, fx: number, fy: number, fz: number, nx: number, ny: number, nz: number, l0: number, l1: number, l2: number): void {
  const cx = jx + gy * az - gz * ay, cy = jy + gz * ax - gx * az, cz = jz + gx * ay - gy * ax;
  if (l0 !== 0) r[at] += (ex * cx + ey * cy + ez * cz) * l0;
  if (l1 !== 0) r[at] += (fx * cx + fy * cy + fz * cz) * l1;
  if (l2 !== 0) r[at] += (nx * cx + ny * cy + nz * cz) * l2;
}

/**
 * c[k], c[7 + k], c[14 + k] = e·c_k, f·c_k, n·c_k for one disc column k of a 3 × 7 Jacobian, c_k = J_k + G_k × a (as
 * {@link addReactionColumn} forms it; the rows of RollingDiscGeometry.writeContactJacobians and writeJacobianRow).
 */
function writeJacobianColumn(c: Float64Array, k: number, jx: number, jy: number, jz: number, gx: number, gy: number, gz: number, ax: number, ay: number, az: number,
  ex: number, ey: number, ez: number, fx: number, fy: number, fz: number, nx: number, ny: number, nz: number): void {
  const cx = jx + gy * az - gz * ay, cy = jy + gz * ax - gx * az, cz = jz + gx * ay - gy * ax;
  c[k] = ex * cx + ey * cy + ez * cz;
  c[7 + k] = fx * cx + fy * cy + fz * cz;
  c[14 + k] = nx * cx + ny * cy + nz * cz;
}

/** An ideal rolling disc on a plane (Exudyn's ObjectJointRollingDisc): non-holonomic, velocity-level constraints. */
export const objectJointRollingDiscDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointRollingDisc',
  description: 'Ideal rolling of a disc (marker 1 at its centre, axis discAxis, radius discRadius) on a plane (marker 0, normal '
    + 'planeNormal): the disc\'s material point at the contact point has the velocity of the plane\'s material point there. Three '
    + 'velocity-level (non-holonomic) equations in the joint frame (lateral, forward, normal), as Exudyn\'s: the normal row, too, '
    + 'acts on the velocity, so the distance of the disc from the plane is kept only up to the integration error.',
  parameters,
  outputVariables,
  equations: 'n0 = A0·planeNormal, w1 = A1·discAxis, wForward = (w1 × n0)/|w1 × n0|, w3 = w1 × wForward, pC = p1 + r·w3, '
    + 'wLateral = n0 × wForward; vC1 = v1 + ω1 × r·w3, vC0 = v0 + ω0 × (pC − p0). g = [wLateral, wForward, n0]·(vC1 − vC0) '
    + '(rows with constrainedAxes 0: g_i = λ_i). Jacobian ∂g/∂u = e_i·[−(J0 + G0 × (pC − p0)), J1 + G1 × r·w3]. Outputs: Position pC, '
    + 'Velocity v1 + r·ẇ3 − (v0 + ω0 × pC) (the trail of the contact point), ForceLocal −λ (the force on the disc in the joint frame), '
    + 'RotationMatrix [wLateral, wForward, n0] (columns).',
  validate: (v, label) => {
    v.constrainedAxes.forEach((flag, i) => { if (flag !== 0 && flag !== 1) itemError(label, 'constrainedAxes', `entry ${i} must be 0 (free) or 1 (constrained), got ${flag}`); });
    if (!(v.discRadius > 0)) itemError(label, 'discRadius', `must be > 0, got ${v.discRadius}`);
    for (const key of ['discAxis', 'planeNormal'] as const) {
      const norm = Math.hypot(v[key][0], v[key][1], v[key][2]);
      if (Math.abs(norm - 1) > 1e-12) itemError(label, key, `must be a unit vector, got length ${norm}`);
    }
  },
  example: (mbs) => {
    // a tilted, spinning disc on a moving rigid plate: every term (both bodies' motion and rotation) is non-zero
    const disc = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0.1, 0.2, 0.5, 0.9, 0.3, 0.3, 0.1], initialVelocities: [0.1, 0.3, -0.2, 0.2, -0.1, 0.3, 0.1] });
    const plate = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0, 0, 0, 0.7, 0.1, -0.1, 0.7], initialVelocities: [0.05, -0.1, 0.02, 0.1, 0.2, -0.1, 0.05] });
    const bodies = [plate, disc].map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: i === 0 ? [0.1, -0.2, 0.05] : [0, 0, 0] }));
    return mbs.addObject({ objectType: 'JointRollingDisc', markerNumbers: markers, discRadius: 0.4 });
  },
  create: (v, label) => new RollingDiscJointModel(label, v),
};

/** Factory for an ideal rolling disc joint. */
export const ObjectJointRollingDisc = makeFactory(objectJointRollingDiscDefinition);
