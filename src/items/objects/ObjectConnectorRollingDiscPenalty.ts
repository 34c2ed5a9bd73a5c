import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only, type PostNewtonOutput } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, real, ureal, vector, type VectorValue } from '../../registry/parameters.ts';
import { bindDataNode, RigidMarkerPair } from './connectorBase.ts';
import { toNumberArray, zeroArray } from '../../linalg/arrays.ts';
import { RollingDiscGeometry } from './rollingDiscGeometry.ts';
import { hypot2, hypot3 } from '../../rotations/skew.ts';
import { CoordinateKey } from '../nodes/coordinateKey.ts';
import { rollingDiscPenaltyColumnsStart, rollingDiscPenaltyInput, rollingDiscPenaltyRegion, type RollingDiscPenaltyKernels } from './rollingDiscPenaltyKernels.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1]: m0 on the plane (ground or a moving body), m1 at the disc centre.', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 3 data coordinates [lateral slip velocity, forward slip velocity, gap] of the last '
    + 'post-Newton step (Exudyn\'s initial values [0, 0, 0]: no contact and no friction until the first one).'),
  discRadius: ureal(0, 'Disc radius r (must be > 0).'),
  discAxis: vector([1, 0, 0], 'Disc axis in marker 1\'s frame (unit vector).', 3, 'Vector3D'),
  planeNormal: vector([0, 0, 1], 'Plane normal in marker 0\'s frame (unit vector, pointing towards the disc); the plane passes through marker 0.', 3, 'Vector3D'),
  dryFrictionAngle: real(0, 'Angle α_t [rad] by which the axes of the friction coefficients are turned from (lateral, forward) about the normal (Mecanum wheels).'),
  contactStiffness: ureal(0, 'Normal contact stiffness k_c [N/m].'),
  contactDamping: ureal(0, 'Normal contact damping d_c [N s/m].'),
  dryFriction: vector([0, 0], 'Dry friction coefficients [μ_x, μ_y] (≥ 0) in the (turned) lateral and forward direction.', 2, 'Vector2D'),
  dryFrictionProportionalZone: ureal(0, 'Slip speed v_μ [m/s] below which the friction force grows with the slip speed (regularization); 0: none.'),
  viscousFriction: vector([0, 0], 'Viscous friction coefficients [d_x, d_y] [s/m] (≥ 0): the friction coefficients grow by d·|v_t|.', 2, 'Vector2D'),
  rollingFrictionViscous: ureal(0, 'Rolling friction μ_r [s/m]: a force μ_r |f_n| v_g against the in-plane velocity v_g of the disc centre relative to the plane, at the disc centre.'),
  useLinearProportionalZone: bool(false, 'If true, the regularization φ = v/v_μ is linear; else φ = (2 − v/v_μ) v/v_μ.'),
  activeConnector: bool(true, 'If false, the connector exerts no force and its post-Newton step does nothing.'),
};

const outputVariables = [OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.VelocityLocal, OutputVariableType.ForceLocal, OutputVariableType.RotationMatrix];

interface Values {
  readonly markerNumbers: readonly number[];
  readonly nodeNumber: number;
  readonly discRadius: number;
  readonly discAxis: VectorValue;
  readonly planeNormal: VectorValue;
  readonly dryFrictionAngle: number;
  readonly contactStiffness: number;
  readonly contactDamping: number;
  readonly dryFriction: VectorValue;
  readonly dryFrictionProportionalZone: number;
  readonly viscousFriction: VectorValue;
  readonly rollingFrictionViscous: number;
  readonly useLinearProportionalZone: boolean;
  readonly activeConnector: boolean;
}

/** Data coordinates of the data node (Exudyn's order): slip velocities (lateral, forward) and gap of the last post-Newton step. */
const dataSlipLateral = 0, dataSlipForward = 1, dataGap = 2;

/** a·b of 3-vectors. */
function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/**
 * Run-time model of the penalty rolling disc. The force is evaluated from the kinematics of RollingDiscGeometry with the
 * contact state (gap) and the friction regime (slip velocity) of the data node fixed; ode2Lhs_q and ode2Lhs_u differentiate
 * it exactly at fixed data coordinates (q: also the dependence of the joint frame, the marker Jacobians and the marker
 * velocities on the configuration). No method allocates after bind except the outputs.
 */
class RollingDiscPenaltyModel implements Only<ObjectModel, RollingDiscPenaltyModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  /** Analytic ∂(ode2Lhs)/∂q; set in bind when both markers give the derivatives of their Jacobians and angular velocities, else numerical. */
  ode2Lhs_q?: (s: ItemState, k: LocalMatrixAccumulator, factor: number) => void;
  /** ode2Lhs_q then ode2Lhs_u from one evaluation (set with ode2Lhs_q). */
  ode2Lhs_qu?: (s: ItemState, k: LocalMatrixAccumulator, factorQ: number, factorU: number) => void;
  private readonly pair: RigidMarkerPair;
  private readonly geometry: RollingDiscGeometry;
  private dataNode: NodeModel | undefined;
  private nLocal = 0;
  /**
   * The kernels and the connector's region of their memory (set in bind, see rollingDiscPenaltyKernels.ts): the input
   * region (the kinematics, the constants, the forces the kernels write, of which the views below up to torque0), the
   * copies of the pair's Jacobians, the arrays below up to axisNull1, and the local matrix. Its byte address and those of
   * the column kernel's arrays (each marker's columns: the five blocks from its Jacobian) follow.
   */
  private kernels: RollingDiscPenaltyKernels | undefined;
  private region: Float64Array = new Float64Array(0);
  private jacobian0: Float64Array = new Float64Array(0);
  private rotationJacobian0: Float64Array = new Float64Array(0);
  private jacobian1: Float64Array = new Float64Array(0);
  private rotationJacobian1: Float64Array = new Float64Array(0);
  private address = 0;
  private addressColumns0 = 0;
  private addressColumns1 = 0;
  private addressLocalMatrix = 0;
  /** The connector's constants in the input region (rollingDiscPenaltyForceKernelsSource.ts). */
  private readonly constants: Float64Array;
  /** 1 with rolling friction, else 0 (the kernel's flag). */
  private readonly rolling: number;
  private localMatrix: Float64Array = new Float64Array(0);
  /** ∂v/∂q and ∂ω/∂q of the markers (3 × n0, 3 × n1; zero without velocity_q). */
  private velocityQ0: Float64Array = new Float64Array(0);
  private velocityQ1: Float64Array = new Float64Array(0);
  private angularQ0: Float64Array = new Float64Array(0);
  private angularQ1: Float64Array = new Float64Array(0);
  /**
   * ∂(A0 planeNormal)/∂q0 and ∂(A1 discAxis)/∂q1 along the directions the rotation Jacobians miss (3 × n0, 3 × n1; the
   * radial direction of Euler parameters, zero for other nodes): the frame depends on the node coordinates also there, and
   * leaving it out made Newton converge linearly (2.49 iterations per step on rollingCoinPenaltyTest, 1.91 with it as with
   * central differences and in Exudyn).
   */
  private normalNull0: Float64Array = new Float64Array(0);
  private axisNull1: Float64Array = new Float64Array(0);
  private readonly planeNormalLocal: Float64Array;
  private readonly discAxisLocal: Float64Array;
  /** Normal force f_n (positive: pushes the disc off the plane). */
  private normalForce: Float64Array = new Float64Array(0);
  /** The trail velocity of a Velocity output (a sensor row at every write: no typed array per row). */
  private readonly trail = new Float64Array(3);
  /** Slip force f_t. */
  private slipForce: Float64Array = new Float64Array(0);
  /** Loads of the markers: marker 1 F1 = fPos + R, τ1 = r w3 × fPos; marker 0 F0 = −F1, τ0 = −(pC − p0) × fPos. */
  private force1: Float64Array = new Float64Array(0);
  private torque1: Float64Array = new Float64Array(0);
  private force0: Float64Array = new Float64Array(0);
  private torque0: Float64Array = new Float64Array(0);
  /**
   * The coordinates the kinematics in pair and geometry were evaluated at: a full-Newton Jacobian comes at the state of
   * the residual before it, whose kinematics and marker Jacobians it reuses (the forces are evaluated again: the Jacobian
   * needs the friction law's derivatives).
   */
  private readonly key = new CoordinateKey();
  /** True if the pair's marker Jacobians belong to the kinematics of the key. */
  private jacobiansCurrent = false;
  /**
   * The disc's Euler-parameter node when the residual's and the Jacobian's kinematics come from the nodes' coordinates
   * (RollingDiscGeometry.evaluateNodeKinematics; set in bind): marker 1 is that node's frame, marker 0 has no coordinates
   * or is the frame of another Euler-parameter node ({@link RollingDiscPenaltyModel.planeNode}). Undefined: through the pair.
   */
  private discNode: NodeModel | undefined = undefined;
  /** The plane's Euler-parameter node when marker 0 is its frame and discNode is set, else undefined. */
  private planeNode: NodeModel | undefined = undefined;
  /** True once the geometry holds the constants of evaluateNodeKinematics for this binding (set at its first call). */
  private nodeConstantsCurrent = false;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.pair = new RigidMarkerPair(label, v.markerNumbers);
    this.planeNormalLocal = Float64Array.from(v.planeNormal);
    this.discAxisLocal = Float64Array.from(v.discAxis);
    this.geometry = new RollingDiscGeometry(label, this.planeNormalLocal, this.discAxisLocal, v.discRadius);
    this.constants = Float64Array.of(v.discRadius, v.contactStiffness, v.contactDamping, v.rollingFrictionViscous, v.activeConnector ? 1 : 0,
      v.dryFrictionProportionalZone, v.useLinearProportionalZone ? 1 : 0, v.dryFriction[0], v.dryFriction[1], v.viscousFriction[0],
      v.viscousFriction[1], v.dryFrictionAngle, Math.cos(v.dryFrictionAngle), Math.sin(v.dryFrictionAngle));
    this.rolling = v.rollingFrictionViscous !== 0 ? 1 : 0;
  }

  bind(context: BindContext): void {
    const pair = this.pair;
    pair.bind(context);
    this.localNodes = pair.localNodes;
    this.dataNode = bindDataNode(context, this.label, this.v.nodeNumber, 3, 'for the contact and friction state');
    this.nLocal = pair.n0 + pair.n1;
    this.bindKernels();
    this.key.bind(this.localNodes);
    const frame0 = pair.marker0.frameNode, frame1 = pair.marker1.frameNode;
    const planeNode = frame0 !== undefined && frame0 !== frame1 && frame0.label.typeName === 'RigidBodyEP' ? frame0 : undefined;
    const nodes = (pair.n0 === 0 || planeNode !== undefined) && frame1 !== undefined && frame1.label.typeName === 'RigidBodyEP';
    this.discNode = nodes ? frame1 : undefined;
    this.planeNode = nodes ? planeNode : undefined;
    this.nodeConstantsCurrent = false;
    const analytic = pair.rotationDerivativesAvailable;
    this.ode2Lhs_q = analytic ? (s, acc, factor) => this.addJacobian(s, acc, factor, true) : undefined;
    this.ode2Lhs_qu = analytic ? (s, acc, factorQ, factorU) => this.addJacobians(s, acc, factorQ, factorU) : undefined;
  }

  /**
   * The kernels' views and addresses: the input region, then the column arrays of marker 0 (its Jacobians, ∂v/∂q, ∂ω/∂q,
   * normalNull0; 3 × n0 each) and marker 1 (3 × n1 each), then the local matrix.
   */
  private bindKernels(): void {
    const { n0, n1 } = this.pair, n = this.nLocal, input = rollingDiscPenaltyInput;
    const start0 = rollingDiscPenaltyColumnsStart, start1 = start0 + 15 * n0, matrixStart = start1 + 15 * n1;
    // a region of its own (kept when bound again with the same coordinates)
    if (this.region.length !== matrixStart + n * n) ({ kernels: this.kernels, region: this.region, address: this.address } = rollingDiscPenaltyRegion(matrixStart + n * n));
    const { region, address } = this;
    region.set(this.constants, input.constants);
    region.set(this.planeNormalLocal, input.planeNormal);
    region.set(this.discAxisLocal, input.discAxis);
    const view = (start: number, length: number): Float64Array => region.subarray(start, start + length);
    // a marker's five blocks of 3 × nb in the kernel's order
    const blocks = (start: number, nb: number): Float64Array[] => [0, 1, 2, 3, 4].map((i) => view(start + 3 * nb * i, 3 * nb));
    [this.jacobian0, this.rotationJacobian0, this.velocityQ0, this.angularQ0, this.normalNull0] = blocks(start0, n0);
    [this.jacobian1, this.rotationJacobian1, this.velocityQ1, this.angularQ1, this.axisNull1] = blocks(start1, n1);
    this.localMatrix = view(matrixStart, n * n);
    this.addressColumns0 = address + 8 * start0;
    this.addressColumns1 = address + 8 * start1;
    this.addressLocalMatrix = address + 8 * matrixStart;
    this.normalForce = view(input.normalForce, 1);
    this.slipForce = view(input.slipForce, 2);
    this.force0 = view(input.force0, 3);
    this.torque0 = view(input.torque0, 3);
    this.force1 = view(input.force1, 3);
    this.torque1 = view(input.torque1, 3);
  }

  private dataStart(): number {
    const node = this.dataNode;
    if (node === undefined) return itemError(this.label, 'nodeNumber', 'must refer to a NodeGenericData with 3 data coordinates (parameters changed after assemble?), got -1 (none)');
    return node.dataIndex;
  }

  /**
   * Frames, contact point, contact velocities vC = vC1 − vC0 and the slip velocity of state s: for a residual or a
   * Jacobian (`use`) evaluated unless they are those of the key's coordinates; `fresh` evaluates them outside the key (for
   * the post-Newton step and the outputs), which then forgets its coordinates. One method, not a key check calling a
   * kinematics method: that method was a TurboFan job of its own which inlined the pair's and the geometry's methods,
   * compiled on their own already, a second time (it never paid back in rollingCoinPenaltyTest's fresh process).
   */
  private currentKinematics(s: ItemState, use: 'residual' | 'jacobian' | 'fresh'): void {
    const key = this.key;
    if (use === 'fresh') key.invalidate();
    else if (use === 'jacobian' ? key.matchesForJacobian(s) : key.matchesForResidual(s)) return;
    this.jacobiansCurrent = false;
    const { pair, geometry: geo, discNode } = this;
    if (discNode !== undefined) {
      if (!this.nodeConstantsCurrent) {
        geo.setNodeConstants(pair, s, this.planeNode, discNode);
        this.nodeConstantsCurrent = true;
      }
      geo.evaluateNodeKinematics(s, this.planeNode, discNode);
    } else {
      pair.evaluatePositions(s);
      pair.evaluateOrientations(s);
      pair.evaluateAngularVelocities(s);
      geo.evaluateKinematics(pair, s);
    }
    if (use !== 'fresh') key.confirm();
  }

  /** The pair's position and rotation Jacobians at s (after {@link RollingDiscPenaltyModel.currentKinematics} at s). */
  private currentJacobians(s: ItemState): void {
    if (this.jacobiansCurrent) return;
    this.pair.evaluateJacobians(s);
    this.pair.evaluateRotationJacobians(s);
    this.jacobiansCurrent = true;
  }

  /**
   * The forces at fixed data coordinates from the kinematics of s (evaluated before), by the kernel evaluate: contact
   * from the data gap, f_n = −(k (pC − p0)·n0 + d vC·n0), the slip force of the friction law (with its derivatives), the
   * marker loads; the kinematics copied into the kernels' input region first.
   */
  private evaluate(s: ItemState, derivatives: boolean): void {
    this.region.set(this.geometry.kinematics, rollingDiscPenaltyInput.kinematics);
    const data = s.data, start = this.dataStart();
    this.kernels!.evaluate(this.address, data[start + dataSlipLateral], data[start + dataSlipForward], data[start + dataGap], derivatives ? 1 : 0);
  }

  /** True if the connector is active and the data node's gap says contact: only then do the forces act. */
  private contactInData(s: ItemState): boolean {
    return this.v.activeConnector && s.data[this.dataStart() + dataGap] < 0;
  }

  ode2LhsActive(s: ItemState): boolean {
    return this.contactInData(s);
  }

  /**
   * LHS = [J0ᵀ F0 + G0ᵀ τ0; J1ᵀ F1 + G1ᵀ τ1] (Exudyn: fPos at the disc centre with the torque of the contact point); without
   * contact in the data nothing (and no kinematics).
   */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.contactInData(s)) return;
    this.currentKinematics(s, 'residual');
    this.evaluate(s, false);
    if (this.discNode !== undefined) {
      // the markers' loads from the nodes' coordinates of the kinematics, in one kernel call (addOriginLoad's amounts)
      const region = this.region, input = rollingDiscPenaltyInput, n = this.nLocal;
      region.set(this.geometry.nodeCoordinates, input.nodes);
      this.kernels!.nodeLoads(this.address, this.address + 8 * input.nodes, this.address + 8 * input.nodeLoads, this.planeNode === undefined ? 0 : 1);
      for (let k = 0; k < n; k++) f[k] += region[input.nodeLoads + k];
      return;
    }
    const pair = this.pair;
    const { n0, n1, marker0, marker1 } = pair;
    // a marker at a rigid body's reference point adds its loads without the Jacobians (the same numbers; a modified-Newton
    // residual then forms no Jacobian at all)
    const direct0 = n0 === 0 || marker0.addJacobianTransposedLoad !== undefined;
    const direct1 = n1 === 0 || marker1.addJacobianTransposedLoad !== undefined;
    if (!direct0 || !direct1) this.currentJacobians(s);
    if (n0 > 0) {
      if (direct0) marker0.addJacobianTransposedLoad!(s, this.force0, 1, this.torque0, f, 0);
      else this.addMarkerLoads(f, 0, n0, pair.jacobian0, pair.rotationJacobian0, this.force0, this.torque0);
    }
    if (n1 > 0) {
      if (direct1) marker1.addJacobianTransposedLoad!(s, this.force1, 1, this.torque1, f, n0);
      else this.addMarkerLoads(f, n0, n1, pair.jacobian1, pair.rotationJacobian1, this.force1, this.torque1);
    }
  }

  /** f[offset + k] += (J_pᵀF + J_rᵀτ)_k for the nb columns of one marker (J_p = jp, J_r = jr, 3 × nb). */
  private addMarkerLoads(f: Float64Array, offset: number, nb: number, jp: Float64Array, jr: Float64Array, force: Float64Array, torque: Float64Array): void {
    // the loads in locals: a store into f could alias them for the optimizer, which would reload them per entry
    const fx = force[0], fy = force[1], fz = force[2], tx = torque[0], ty = torque[1], tz = torque[2];
    for (let k = 0; k < nb; k++) {
      f[offset + k] += jp[k] * fx + jp[nb + k] * fy + jp[2 * nb + k] * fz + jr[k] * tx + jr[nb + k] * ty + jr[2 * nb + k] * tz;
    }
  }

  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addJacobian(s, acc, factor, false);
  }

  /**
   * factor·∂(ode2Lhs)/∂q (configuration) or ∂/∂u (velocities) at fixed data coordinates, column by column: each local
   * coordinate moves marker i's position, rotation, velocity and angular velocity by (J, G, ∂v/∂q, ∂ω/∂q)_k (q) or by
   * (0, 0, J, G)_k (u); the kernel addJacobianColumns (rollingDiscPenaltyKernelsSource.ts) carries these variations through the geometry and the
   * force law. For q, the derivatives of the marker Jacobians at fixed loads are added (jacobianTransposedVector_q).
   * Without contact in the data the block is zeros, its positions added (addZeros) so that the sparse pattern stays the same.
   */
  private addJacobian(s: ItemState, acc: LocalMatrixAccumulator, factor: number, configuration: boolean): void {
    this.addJacobianBlock(s, acc, factor, configuration, this.evaluateForJacobian(s));
  }

  /**
   * ode2Lhs_q(s, acc, factorQ) followed by ode2Lhs_u(s, acc, factorU) from one evaluation of the kinematics, the forces
   * and the marker Jacobians: the same two blocks, added in the same order (bit for bit).
   */
  private addJacobians(s: ItemState, acc: LocalMatrixAccumulator, factorQ: number, factorU: number): void {
    const inContact = this.evaluateForJacobian(s);
    this.addJacobianBlock(s, acc, factorQ, true, inContact);
    this.addJacobianBlock(s, acc, factorU, false, inContact);
  }

  /**
   * In contact (in the data): the kinematics, forces and force derivatives of state s and the marker Jacobians (copied
   * into the kernels' memory); true in contact.
   */
  private evaluateForJacobian(s: ItemState): boolean {
    if (!this.contactInData(s)) return false;
    this.currentKinematics(s, 'jacobian');
    this.evaluate(s, true);
    if (this.discNode !== undefined) {
      // the column arrays from the nodes' coordinates of the kinematics (the geometry's inputs), in one kernel call
      this.region.set(this.geometry.nodeCoordinates, rollingDiscPenaltyInput.nodes);
      this.kernels!.nodeColumns(this.address + 8 * rollingDiscPenaltyInput.nodes, this.addressColumns0, this.addressColumns1, this.planeNode === undefined ? 0 : 1);
      return true;
    }
    this.currentJacobians(s);
    const pair = this.pair;
    if (pair.n0 > 0) {
      this.jacobian0.set(pair.jacobian0);
      this.rotationJacobian0.set(pair.rotationJacobian0);
    }
    if (pair.n1 > 0) {
      this.jacobian1.set(pair.jacobian1);
      this.rotationJacobian1.set(pair.rotationJacobian1);
    }
    return true;
  }

  /** Adds the block of {@link RollingDiscPenaltyModel.addJacobian} after {@link RollingDiscPenaltyModel.evaluateForJacobian}. */
  private addJacobianBlock(s: ItemState, acc: LocalMatrixAccumulator, factor: number, configuration: boolean, inContact: boolean): void {
    const n = this.nLocal;
    if (!inContact) {
      acc.addZeros(0, 0, n, n);
      return;
    }
    const m = this.localMatrix;
    const pair = this.pair;
    const { n0, n1 } = pair;
    if (configuration && this.discNode === undefined) {
      zeroArray(this.velocityQ0);
      zeroArray(this.velocityQ1);
      zeroArray(this.normalNull0);
      zeroArray(this.axisNull1);
      if (n0 > 0) {
        pair.marker0.velocity_q?.(s, this.velocityQ0);
        pair.marker0.angularVelocity_q!(s, this.angularQ0);
        pair.marker0.addRotatedVectorNullDirection?.(s, this.planeNormalLocal, this.normalNull0);
        // ω0 = A0 ω̄0: its radial part 2(A0 − I)ω̄0 besides the ∂(G ṗ)/∂p of angularVelocity_q
        pair.marker0.addRotatedVectorNullDirection?.(s, this.geometry.omegaLocal0, this.angularQ0);
      }
      if (n1 > 0) {
        pair.marker1.velocity_q?.(s, this.velocityQ1);
        pair.marker1.angularVelocity_q!(s, this.angularQ1);
        pair.marker1.addRotatedVectorNullDirection?.(s, this.discAxisLocal, this.axisNull1);
        pair.marker1.addRotatedVectorNullDirection?.(s, this.geometry.omegaLocal1, this.angularQ1);
      }
    }
    // factor × the columns of both markers (m zeroed first): per column k, the variations δp, δθ, δv, δω of the marker
    // carried through the frame, the contact point and velocity, the normal force, the slip velocity, the friction law
    // and the rolling friction to the marker loads δF, δτ
    this.kernels!.addJacobianColumns(this.address, this.addressColumns0, this.addressColumns1, this.addressLocalMatrix, n0, n1, configuration ? 1 : 0,
      this.rolling, factor);
    if (configuration && this.discNode !== undefined) this.kernels!.nodeLoads_q(this.address, this.addressLocalMatrix, this.planeNode === undefined ? 0 : 1, factor);
    else if (configuration) pair.addJacobianTransposedLoads_q(s, this.force0, this.torque0, this.force1, this.torque1, factor, m);
    acc.addBlock(0, 0, n, n, m, 0, n, 1);
  }

  /**
   * Exudyn's post-Newton step: with the current gap (pC − p0)·n0 and slip velocity v_t, a change of contact gives the error
   * |k·gap| + |f_t(v_t, v_t)|, persisting contact |f_t(v_t, v_t) − f_t(v_t, x)| (x the stored slip velocity); then the data
   * node stores [v_t, gap]. No step size is recommended.
   */
  postNewtonStep(s: ItemState, _startOfStep: ItemState, _out: PostNewtonOutput): number {
    if (!this.v.activeConnector) return 0;
    const start = this.dataStart();
    const data = s.data;
    // the state of Newton's last residual, whose kinematics the key holds (a data change alters no kinematics)
    if (!this.key.matches(s)) this.currentKinematics(s, 'fresh');
    const geo = this.geometry;
    const gap = dot(geo.planeArm, geo.normal);
    // the normal force with the current gap (of the forces, the friction law below needs only this)
    this.normalForce[0] = gap < 0 ? -(this.v.contactStiffness * gap + this.v.contactDamping * dot(geo.relativeVelocity, geo.normal)) : 0;
    const dataGapState = data[start + dataGap];
    const slip = geo.slipVelocity;
    const ft = this.slipForce, kernels = this.kernels!;
    // the friction law (the kernel slipForce) of v_t and the normal force in the input region, into ft
    this.region.set(geo.kinematics, rollingDiscPenaltyInput.kinematics);
    let error = 0;
    if ((gap > 0 && dataGapState <= 0) || (gap <= 0 && dataGapState > 0)) {
      kernels.slipForce(this.address, slip[0], slip[1], 0);
      error = Math.abs(gap * this.v.contactStiffness) + hypot2(ft[0], ft[1]);
    } else if (gap < 0) {
      kernels.slipForce(this.address, data[start + dataSlipLateral], data[start + dataSlipForward], 0);
      const fx = ft[0], fy = ft[1];
      kernels.slipForce(this.address, slip[0], slip[1], 0);
      error = hypot2(ft[0] - fx, ft[1] - fy);
    }
    data[start + dataSlipLateral] = slip[0];
    data[start + dataSlipForward] = slip[1];
    data[start + dataGap] = gap;
    return error;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.currentKinematics(s, 'fresh');
    // only ForceLocal needs the forces (a Velocity sensor's row would evaluate the friction law for nothing)
    if (variable === OutputVariableType.ForceLocal) this.evaluate(s, false);
    const geo = this.geometry, vC = geo.relativeVelocity;
    const { lateral: l, forward: f, normal: n } = geo;
    switch (variable) {
      case OutputVariableType.Position: return [geo.planeArm[0], geo.planeArm[1], geo.planeArm[2]];
      case OutputVariableType.Velocity: return toNumberArray(geo.trailVelocity(this.trail, geo.planeArm));
      case OutputVariableType.VelocityLocal: return [dot(vC, l), dot(vC, f), dot(vC, n)];
      case OutputVariableType.ForceLocal: return [this.slipForce[0], this.slipForce[1], this.normalForce[0]];
      case OutputVariableType.RotationMatrix: return [l[0], f[0], n[0], l[1], f[1], n[1], l[2], f[2], n[2]];
      default: return undefined;
    }
  }
}

/** A disc rolling on a plane with penalty contact and friction (Exudyn's ObjectConnectorRollingDiscPenalty). */
export const objectConnectorRollingDiscPenaltyDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorRollingDiscPenalty',
  aliases: ['RollingDiscPenalty'],
  description: 'A rigid disc (marker 1 at its centre, axis discAxis, radius discRadius) on a plane (marker 0, normal planeNormal) with a '
    + 'penalty normal force and regularized, optionally anisotropic dry and viscous friction at the contact point, as Exudyn\'s. The '
    + 'contact state (gap) and the friction regime (slip velocity) are the 3 data coordinates of a NodeGenericData (nodeNumber), '
    + 'updated only in the post-Newton step (discontinuous iteration); during Newton the force is a smooth function of the state and '
    + 'its Jacobians are analytic at fixed data coordinates (numerical only on markers without the derivatives of their Jacobians '
    + 'and angular velocities). The contact frame J1 is (lateral, forward, normal) as in ObjectJointRollingDisc. The disc axis must '
    + 'not be parallel to the plane normal.',
  parameters,
  outputVariables,
  equations: 'n0 = A0·planeNormal, w1 = A1·discAxis, w2 = (w1 × n0)/|w1 × n0| (forward), w3 = w1 × w2, wLateral = n0 × w2; '
    + 'pC = p1 + r w3 − p0 (relative to marker 0), vC = v1 + ω1 × r w3 − (v0 + ω0 × pC). Data x = [x_lat, x_fwd, gap]. In contact '
    + '(data gap < 0): f_n = −(k_c pC·n0 + d_c vC·n0), v_t = [vC·wLateral, vC·w2]; friction f_t = 0 if x_t = 0 or v_t = 0, else '
    + 'f_t = −Rᵀ diag(μ_x + d_x|v_t|, μ_y + d_y|v_t|) R φ |f_n| e with R = [[cos α_t, −sin α_t], [sin α_t, cos α_t]] and, if '
    + '|x_t| ≤ v_μ (v_μ > 0), e = v_t/|v_t|, φ = (2 − |v_t|/v_μ)|v_t|/v_μ (|v_t|/v_μ with useLinearProportionalZone), else e = x_t/|x_t|, φ = 1. '
    + 'fPos = −(f_t,x wLateral + f_t,y w2 + f_n n0), rolling friction R = μ_r |f_n| (I − n0 n0ᵀ)(v1 − v0 − ω0 × pC). LHS: marker 1 '
    + 'J1ᵀ(fPos + R) + G1ᵀ(r w3 × fPos), marker 0 −J0ᵀ(fPos + R) − G0ᵀ(pC × fPos). Post-Newton step: gap = pC·n0; a change of contact '
    + 'gives the error |k_c gap| + |f_t(v_t; x_t = v_t)|, persisting contact |f_t(v_t; x_t = v_t) − f_t(v_t; x_t)|; then x = [v_t, gap]. '
    + 'Outputs: Position pC, Velocity v1 + r ẇ3 − (v0 + ω0 × pC) (the trail), VelocityLocal [wLateral, w2, n0]ᵀ vC, ForceLocal '
    + '[f_t,x, f_t,y, f_n] (on the disc, frame J1; zero without contact), RotationMatrix [wLateral, w2, n0] (columns).',
  validate: (v, label) => {
    if (!(v.discRadius > 0)) itemError(label, 'discRadius', `must be > 0, got ${v.discRadius}`);
    for (const key of ['discAxis', 'planeNormal'] as const) {
      const norm = hypot3(v[key][0], v[key][1], v[key][2]);
      if (Math.abs(norm - 1) > 1e-12) itemError(label, key, `must be a unit vector, got length ${norm}`);
    }
    for (const key of ['dryFriction', 'viscousFriction'] as const) {
      v[key].forEach((value, i) => { if (!(value >= 0)) itemError(label, key, `entry ${i} must be ≥ 0, got ${value}`); });
    }
  },
  example: (mbs) => {
    // a tilted, spinning disc on a moving rigid plate, pressed into it (data gap < 0), with two connectors: one with the
    // stored slip outside the proportional zone (fixed direction) and a turned anisotropic friction, one inside it
    const disc = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0.1, 0.2, 0.35, 0.7, 0.1, 0.1, 0.7], initialVelocities: [0.1, 0.3, -0.2, 0.2, -0.1, 0.3, 0.1] });
    const plate = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0, 0, 0, 0.7, 0.1, -0.1, 0.7], initialVelocities: [0.05, -0.1, 0.02, 0.1, 0.2, -0.1, 0.05] });
    const bodies = [plate, disc].map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: i === 0 ? [0.1, -0.2, 0.05] : [0, 0, 0] }));
    const common = { markerNumbers: markers, discRadius: 0.4, contactStiffness: 1e3, contactDamping: 20 };
    const fixedDirection = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 3, initialCoordinates: [0.6, -0.8, -0.01] });
    const zone = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 3, initialCoordinates: [0.1, 0.2, -0.01] });
    mbs.addObject({
      objectType: 'ConnectorRollingDiscPenalty', ...common, nodeNumber: zone, dryFriction: [0.5, 0.3], viscousFriction: [0.2, 0.1],
      dryFrictionProportionalZone: 2,
    });
    return mbs.addObject({
      objectType: 'ConnectorRollingDiscPenalty', ...common, nodeNumber: fixedDirection, dryFriction: [0.6, 0.4], viscousFriction: [0.3, 0.2],
      dryFrictionAngle: 0.4, dryFrictionProportionalZone: 0.1, rollingFrictionViscous: 0.2, planeNormal: [0, 0.6, 0.8],
    });
  },
  create: (v, label) => new RollingDiscPenaltyModel(label, v),
};

/** Factory for the penalty rolling disc. */
export const ObjectConnectorRollingDiscPenalty = makeFactory(objectConnectorRollingDiscPenaltyDefinition);

/** Exudyn's short name of ObjectConnectorRollingDiscPenalty. */
export const RollingDiscPenalty = ObjectConnectorRollingDiscPenalty;
