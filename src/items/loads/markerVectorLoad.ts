import { isPositionMarker, isRigidMarker, type BindContext, type ItemState, type LoadCoordinateDependence, type LoadModel, type Only, type PositionMarkerModel, type RigidMarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { UserFunctionValue } from '../../registry/parameters.ts';
import { mat3MulVecInto } from '../../rotations/skew.ts';
import { addFollowerTerm, followerProduct } from './loadJacobians.ts';
import { float64Copy } from '../../linalg/arrays.ts';
import { evaluateVectorUserFunction } from './loadUserFunctions.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { RigidNodeModel } from '../nodes/rigidNodeBase.ts';

/** Signature of the force (torque) vector user function: returns the vector for time t. */
export type LoadVectorUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, loadVector: number[]], ArrayLike<number>>;

/**
 * Which marker Jacobian distributes the vector: 'position' for a force (Q = J_posᵀ f),
 * 'rotation' for a torque (Q = J_rotᵀ τ).
 */
export type MarkerVectorLoadAction = 'position' | 'rotation';

/** The arrays a model has no use for (jacobian and the follower arrays until bind; the bodyFixed arrays without bodyFixed). */
const noEntries = new Float64Array(0);

/**
 * Run-time model shared by LoadForceVector and LoadTorqueVector: a 3D vector v (global, or v = A v_local if
 * bodyFixed) distributed by the transposed position or rotation Jacobian of its marker, with the analytic load
 * Jacobian ∂(Jᵀv)/∂q of the marker kinematics plus, for bodyFixed, Jᵀ(−ṽ J_rot).
 */
export class MarkerVectorLoadModel implements Only<LoadModel, MarkerVectorLoadModel> {
  marker!: PositionMarkerModel;
  /** The marker as a rigid marker, for a torque or a bodyFixed vector (set in bind; undefined otherwise). */
  private rigid: RigidMarkerModel | undefined;
  coordinateDependence: LoadCoordinateDependence = 'numerical';
  // no array more than the load uses: each small typed array costs a fresh process ≈ 2 µs and 250 bytes that every
  // scavenge of the set-up copies (10 000 loads in the particle box; docs/benchmarks.md, part21)
  /** The distributing Jacobian J (3 × n): position Jacobian for a force, rotation Jacobian for a torque. */
  private jacobian = noEntries;
  /** Rotation Jacobian of the follower term (the same array as jacobian for a torque). */
  private rotationJacobian = noEntries;
  /** ∂v/∂q of the follower term (3 × n): −ṽ J_rot and the marker's null directions. */
  private followerProduct = noEntries;
  private readonly vector = new Float64Array(3);
  /** v_local of a bodyFixed vector (before rotation), for the marker's null directions (bodyFixed only). */
  private readonly localVector: Float64Array;
  /** The marker's rotation matrix (bodyFixed only). */
  private readonly rotation: Float64Array;
  /** loadVector as a Float64Array (see {@link evaluateVectorUserFunction}). */
  private readonly loadValues: Float64Array;
  /** Whether addGeneralizedLoad goes through the marker's addPointForce: a force in global axes on a marker with one (set in bind). */
  private pointForce = false;
  /**
   * For a torque, the node whose frame the marker frame is, when the marker's coordinates are the node's alone (a marker on
   * a rigid body or a rigid node: its orientation and rotation Jacobian [0 | G] are the node's; set in bind).
   */
  private torqueNode: RigidNodeModel | undefined;

  constructor(
    readonly label: ItemLabel,
    private readonly action: MarkerVectorLoadAction,
    private readonly markerNumber: number,
    private readonly loadVector: number[],
    private readonly userFunction: UserFunctionValue<LoadVectorUserFunction>,
    private readonly bodyFixed: boolean,
  ) {
    this.localVector = bodyFixed ? new Float64Array(3) : noEntries;
    this.rotation = bodyFixed ? new Float64Array(9) : noEntries;
    this.loadValues = float64Copy(loadVector);
  }

  bind(context: BindContext): void {
    const marker = context.marker(this.markerNumber, 'markerNumber');
    const markerName = (): string => `${marker.label.category}${marker.label.typeName} #${this.markerNumber}`;
    if (this.action === 'position') {
      if (!isPositionMarker(marker)) itemError(this.label, 'markerNumber', `must refer to a marker that provides a position, got ${markerName()}`);
      if (this.bodyFixed && !isRigidMarker(marker)) itemError(this.label, 'bodyFixed', `needs a rigid marker (orientation); ${markerName()} provides none`);
    } else if (!isRigidMarker(marker)) {
      itemError(this.label, 'markerNumber', `must refer to a marker with orientation (MarkerBodyRigid, MarkerNodeRigid), got ${markerName()}`);
    }
    this.marker = marker;
    this.rigid = (this.action === 'rotation' || this.bodyFixed) && isRigidMarker(marker) ? marker : undefined;
    const n = marker.nLocalU;
    this.jacobian = new Float64Array(3 * n);
    if (this.bodyFixed) {
      this.rotationJacobian = this.action === 'rotation' ? this.jacobian : new Float64Array(3 * n);
      this.followerProduct = new Float64Array(3 * n);
    }
    this.pointForce = marker.addPointForce !== undefined && this.action === 'position' && !this.bodyFixed;
    const frameNode = this.action === 'rotation' ? marker.frameNode ?? (marker.frameOffset !== undefined && marker.nodes.length === 1 ? marker.nodes[0] : undefined) : undefined;
    this.torqueNode = frameNode instanceof RigidNodeModel && frameNode.nu === n ? frameNode : undefined;
    this.coordinateDependence = n === 0 ? 'constant' : this.userFunction === 0 && marker.jacobianTransposedVector_q !== undefined ? 'analytic' : 'numerical';
  }

  values(s: ItemState): Float64Array {
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, this.loadValues, this.vector);
    return this.vector.slice();
  }

  /** The vector of the current state in global coordinates (v := A v if bodyFixed), into this.vector. */
  private currentVector(s: ItemState): Float64Array {
    const v = this.vector;
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, this.loadValues, v);
    const rigid = this.rigid;
    if (this.bodyFixed && rigid !== undefined) {
      this.localVector.set(v);
      rigid.orientation(s, this.rotation);
      mat3MulVecInto(v, this.rotation, v);
    }
    return v;
  }

  /** Fills the distributing Jacobian J of the current state. */
  private distributingJacobian(s: ItemState): Float64Array {
    const j = this.jacobian;
    const rigid = this.rigid;
    if (this.action === 'rotation' && rigid !== undefined) rigid.rotationJacobian(s, j);
    else this.marker.positionJacobian(s, j);
    return j;
  }

  /**
   * f += loadFactor·Jᵀ v (the load factor applies without a user function); a force in global axes through the marker's
   * addPointForce where it has one (the same numbers without J). On that path (never bodyFixed) a vector without user
   * function is read where it is stored, not copied by currentVector: every residual runs this, in a fresh process's
   * first steps in baseline code. (Reading it there on the Jacobian path too cost scissorPrismaticRevolute2D's fresh
   * process 0.4 % more instructions.)
   */
  addGeneralizedLoad(s: ItemState, f: Float64Array): void {
    const n = this.marker.nLocalU;
    if (n === 0) return;
    const factor = this.userFunction === 0 ? s.loadFactor : 1;
    if (this.pointForce) {
      this.marker.addPointForce!(s, this.userFunction === 0 ? this.loadValues : this.currentVector(s), factor, f);
      return;
    }
    const node = this.torqueNode;
    if (node !== undefined && factor === 1) {
      this.addNodeTorque(s, node, f);
      return;
    }
    const v = this.currentVector(s);
    const j = this.distributingJacobian(s);
    for (let k = 0; k < n; k++) f[k] += factor * (j[k] * v[0] + j[n + k] * v[1] + j[2 * n + k] * v[2]);
  }

  /**
   * f += J_rotᵀτ at load factor 1 for a torque on a marker whose frame is its node's: the node's orientation (bodyFixed)
   * and its Gᵀτ (addRotationJacobianTransposed, each entry the sum of the product with the rotation Jacobian [0 | G]),
   * the zero block's entries as that product sums them; the same numbers without the marker's and the body's calls and
   * the 3 × n Jacobian.
   */
  private addNodeTorque(s: ItemState, node: RigidNodeModel, f: Float64Array): void {
    const v = this.vector;
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, this.loadValues, v);
    if (this.bodyFixed && node.addRotatedTorque !== undefined) {
      // an Euler-parameter node: the same operations in one call
      this.localVector.set(v);
      node.addRotatedTorque(s, this.localVector, v, f);
      return;
    }
    if (this.bodyFixed) {
      this.localVector.set(v);
      node.orientation(s, this.rotation);
      mat3MulVecInto(v, this.rotation, v);
    }
    const zero = 0 * v[0] + 0 * v[1] + 0 * v[2];
    f[0] += zero; f[1] += zero; f[2] += zero;
    node.addRotationJacobianTransposed(s, v, f, 0);
  }

  /**
   * factor·∂(Jᵀv)/∂Δq: the marker's kinematic part for fixed v (rigid node and torque: ∂(Gᵀτ)/∂θ), and for
   * bodyFixed, with δv = −ṽ J_rot δq (v = A v_local rotates with the marker) plus the marker's null directions (the
   * radial direction of Euler parameters, where J_rot δq = 0 but A changes), Jᵀ ∂v/∂q. For a torque on nodes with
   * body-fixed ω̄ coordinates (quaternion, RotVecLG) the two cancel: Gᵀ A τ_local = τ_local is constant.
   */
  addGeneralizedLoad_q(s: ItemState, k: Float64Array, factor: number): void {
    const n = this.marker.nLocalU;
    const v = this.currentVector(s);
    const scale = factor * (this.userFunction === 0 ? s.loadFactor : 1);
    // 'analytic' only with the marker's kernel (bind)
    if (this.action === 'position') this.marker.jacobianTransposedVector_q?.(s, v, undefined, k, scale);
    else this.marker.jacobianTransposedVector_q?.(s, undefined, v, k, scale);
    const rigid = this.rigid;
    if (!this.bodyFixed || rigid === undefined) return;
    const j = this.distributingJacobian(s);
    if (this.action === 'position') rigid.rotationJacobian(s, this.rotationJacobian);
    const w = this.followerProduct;
    followerProduct(this.rotationJacobian, v, w, n);
    rigid.addRotatedVectorNullDirection?.(s, this.localVector, w);
    addFollowerTerm(j, w, n, k, scale);
  }
}
