import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, intVector, markerIndexArray, ureal, vector, type VectorValue } from '../../registry/parameters.ts';
import { lagrangeMultiplier, RigidMarkerPair } from './connectorBase.ts';
import { RollingDiscGeometry } from './rollingDiscGeometry.ts';
import { rollingDiscJointLayout as layout, rollingDiscJointRegion, type RollingDiscJointKernels } from './rollingDiscJointKernels.ts';
import type { KernelRegion } from './kernelRegions.ts';
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
   * The disc's Euler-parameter node when the residual and the Jacobian run the node-coordinate kernels
   * (rollingDiscJointKernelsSource.ts, through {@link RollingDiscJointModel.nodeKernel};
   * set in bind): marker 1 is that node's frame, marker 0 has no coordinates
   * (the plane is fixed) or is the frame of another Euler-parameter node ({@link RollingDiscJointModel.planeNode}), the
   * joint is active with all three rows constrained. Undefined: the general path through the pair and the geometry.
   */
  private discNode: NodeModel | undefined = undefined;
  /** The plane's Euler-parameter node when marker 0 is its frame and the kernels run (set in bind), else undefined. */
  private planeNode: NodeModel | undefined = undefined;
  /** Plane normal in marker 0's frame and disc axis in marker 1's frame (the geometry's, and the kernels' constants). */
  private readonly planeNormalLocal: Float64Array;
  private readonly discAxisLocal: Float64Array;
  private readonly radius: number;
  /** The kernels and this joint's region of their memory (taken at the first bind that runs them). */
  private kernel: KernelRegion<RollingDiscJointKernels> | undefined = undefined;
  /**
   * True once the region holds the constants of this binding: the nodes' reference coordinates and, for a fixed plane,
   * its kinematics p0, v0, n0 = A0·planeNormal, ω0 = A0 ω̄0 (marker 0 has no coordinates, so they are fixed: a changed
   * parameter of its items makes new models, which bind the joint again), written at the kernels' first call after bind.
   */
  private constantsCurrent = false;
  /** True once the geometry holds the constants of its evaluateNodeKinematics for this binding (see nodeKinematics). */
  private geometryConstantsCurrent = false;
  /** The trail velocity of a Velocity output (a sensor row at every write: no typed array per row). */
  private readonly trail = new Float64Array(3);

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
    const frame0 = this.pair.marker0.frameNode, frame1 = this.pair.marker1.frameNode;
    const allRows = this.active && this.flags[0] === 1 && this.flags[1] === 1 && this.flags[2] === 1;
    const planeNode = frame0 !== undefined && frame0 !== frame1 && frame0.label.typeName === 'RigidBodyEP' ? frame0 : undefined;
    const kernels = allRows && (this.pair.n0 === 0 || planeNode !== undefined) && frame1 !== undefined && frame1.label.typeName === 'RigidBodyEP';
    this.discNode = kernels ? frame1 : undefined;
    this.planeNode = kernels ? planeNode : undefined;
    this.constantsCurrent = false;
    this.geometryConstantsCurrent = false;
    if (kernels) this.kernel ??= rollingDiscJointRegion();
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
    if (c !== undefined && this.discNode !== undefined && this.nodeKernel(this.discNode, s, g, c)) return;
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
    if (this.discNode !== undefined && this.nodeKernel(this.discNode, s, g, undefined, lambda, first, r, ltg)) return true;
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
   * The node-coordinate kernel ({@link RollingDiscJointModel.discNode}): the nodes' coordinates and velocities into the
   * region (after the constants at the first call after bind), then with c ae's g and Jacobian c (3 × n), else
   * aeAndReaction's g and entries r[ltg[k]] (λ and the entries into the region, one call, the entries back: each entry's
   * adds as the general path makes them, the same r to the last bit; the local coordinates are distinct entries of r,
   * the two nodes being different). g and c as the general path writes them, to the last bit. Returns false, having
   * written nothing, when the disc axis is parallel to the plane normal (the general path then names the item). One
   * function for both (the copy of the coordinates not in a function of its own: a callee that tiers up before its
   * caller is compiled again inlined).
   */
  private nodeKernel(disc: NodeModel, s: ItemState, g: Float64Array, c: Float64Array | undefined, lambda?: Float64Array, first = 0,
    r?: Float64Array, ltg?: Int32Array): boolean {
    const { kernels, region, address } = this.kernel!;
    if (!this.constantsCurrent) this.writeConstants(disc, s, region);
    const q = s.q, u = s.u, plane = this.planeNode;
    let i = disc.qIndex, j = disc.uIndex;
    for (let k = 0; k < 7; k++) {
      region[layout.q1 + k] = q[i + k];
      region[layout.u1 + k] = u[j + k];
    }
    let n = 7;
    if (plane !== undefined) {
      i = plane.qIndex; j = plane.uIndex;
      for (let k = 0; k < 7; k++) {
        region[layout.q0 + k] = q[i + k];
        region[layout.u0 + k] = u[j + k];
      }
      n = 14;
    }
    if (c !== undefined) {
      if (kernels.jacobian(address, n === 14 ? 1 : 0) === 0) return false;
      g[0] = region[layout.g]; g[1] = region[layout.g + 1]; g[2] = region[layout.g + 2];
      for (let k = 0; k < 3 * n; k++) c[k] = region[layout.jacobian + k];
      return true;
    }
    region[layout.lambda] = lambda![first];
    region[layout.lambda + 1] = lambda![first + 1];
    region[layout.lambda + 2] = lambda![first + 2];
    for (let k = 0; k < n; k++) region[layout.residual + k] = r![ltg![k]];
    const status = kernels.reaction(address, n === 14 ? 1 : 0);
    if (status === 0) return false;
    g[0] = region[layout.g]; g[1] = region[layout.g + 1]; g[2] = region[layout.g + 2];
    if (status === 2) for (let k = 0; k < n; k++) r![ltg![k]] = region[layout.residual + k];
    return true;
  }

  /**
   * The region's constants ({@link RollingDiscJointModel.constantsCurrent}): the directions and the radius, the nodes'
   * reference coordinates, and a fixed plane's kinematics from marker 0 (into the pair's arrays, then n0 and ω0 as the
   * geometry forms them).
   */
  private writeConstants(disc: NodeModel, s: ItemState, region: Float64Array): void {
    region.set(this.planeNormalLocal, layout.planeNormal);
    region.set(this.discAxisLocal, layout.discAxis);
    region[layout.radius] = this.radius;
    region.set(disc.referenceCoordinates, layout.reference1);
    if (this.planeNode !== undefined) region.set(this.planeNode.referenceCoordinates, layout.reference0);
    else {
      const pair = this.pair, marker0 = pair.marker0, b = pair.a0, w = pair.omega0, pn = this.planeNormalLocal, o = layout.plane;
      marker0.position(s, pair.p0);
      marker0.velocity(s, pair.v0);
      marker0.orientation(s, b);
      marker0.angularVelocityLocal(s, w);
      region.set(pair.p0, o);
      region.set(pair.v0, o + 3);
      region[o + 6] = b[0] * pn[0] + b[1] * pn[1] + b[2] * pn[2]; region[o + 7] = b[3] * pn[0] + b[4] * pn[1] + b[5] * pn[2]; region[o + 8] = b[6] * pn[0] + b[7] * pn[1] + b[8] * pn[2];
      region[o + 9] = b[0] * w[0] + b[1] * w[1] + b[2] * w[2]; region[o + 10] = b[3] * w[0] + b[4] * w[1] + b[5] * w[2]; region[o + 11] = b[6] * w[0] + b[7] * w[1] + b[8] * w[2];
    }
    this.constantsCurrent = true;
  }

  /**
   * The geometry's kinematics from the nodes' coordinates (RollingDiscGeometry.evaluateNodeKinematics, with its constants
   * at the first call after bind) where the kernels run ({@link RollingDiscJointModel.discNode}): the general path's
   * numbers, without the pair.
   */
  private nodeKinematics(disc: NodeModel, s: ItemState): void {
    if (!this.geometryConstantsCurrent) {
      this.geometry.setNodeConstants(this.pair, s, this.planeNode, disc);
      this.geometryConstantsCurrent = true;
    }
    this.geometry.evaluateNodeKinematics(s, this.planeNode, disc);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.key.invalidate(); // the kinematics below overwrite those of the key
    switch (variable) {
      case OutputVariableType.Position:
        this.kinematics(s, false);
        return [this.geometry.contactPoint[0], this.geometry.contactPoint[1], this.geometry.contactPoint[2]];
      case OutputVariableType.Velocity:
        if (this.discNode !== undefined) this.nodeKinematics(this.discNode, s);
        else this.kinematics(s, true);
        return toNumberArray(this.geometry.trailVelocity(this.trail));
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
