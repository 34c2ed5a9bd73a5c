import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LoadCoordinateDependence, LoadModel, MarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../registry/errors.ts';
import { bool, markerIndex, userFunction, vector, type UserFunctionValue } from '../../registry/parameters.ts';
import { mat3MulVecInto } from '../../rotations/skew.ts';
import type { LoadVectorUserFunction } from './LoadForceVector.ts';
import { addFollowerTerm } from './loadJacobians.ts';
import { evaluateVectorUserFunction } from './loadUserFunctions.ts';

const parameters = {
  markerNumber: markerIndex('Marker (orientation) the torque acts on.'),
  loadVector: vector([0, 0, 0], 'Torque vector in global coordinates (in the marker frame if bodyFixed).', 3, 'Vector3D'),
  bodyFixed: bool(false, 'If true, the torque is given in the marker frame and rotates with it (follower torque, τ_global = A τ).'),
  loadVectorUserFunction: userFunction<LoadVectorUserFunction>('Replaces loadVector by its return value.', '(mbs, t, loadVector) => torque'),
};

/** Run-time model: a torque, distributed by the transposed rotation Jacobian of its marker. */
class TorqueVectorLoadModel implements LoadModel {
  marker!: MarkerModel;
  coordinateDependence: LoadCoordinateDependence = 'numerical';
  private jacobian = new Float64Array(0);
  /** −τ̃ J_rot of the follower-torque Jacobian (3 × n). */
  private torqueRotation = new Float64Array(0);
  private readonly torque = new Float64Array(3);
  private readonly rotation = new Float64Array(9);

  constructor(
    readonly label: ItemLabel,
    private readonly markerNumber: number,
    private readonly loadVector: number[],
    private readonly userFunction: UserFunctionValue<LoadVectorUserFunction>,
    private readonly bodyFixed: boolean,
  ) {}

  bind(context: BindContext): void {
    this.marker = context.marker(this.markerNumber, 'markerNumber');
    if (!this.marker.provides.orientation) {
      itemError(this.label, 'markerNumber', `must refer to a marker with orientation (MarkerBodyRigid, MarkerNodeRigid), got ${this.marker.label.category}${this.marker.label.typeName} #${this.markerNumber}`);
    }
    const n = this.marker.nLocalU;
    this.jacobian = new Float64Array(3 * n);
    if (this.bodyFixed) this.torqueRotation = new Float64Array(3 * n);
    this.coordinateDependence = n === 0 ? 'constant' : this.userFunction === 0 && this.marker.jacobianTransposedVector_q !== undefined ? 'analytic' : 'numerical';
  }

  values(s: ItemState): Float64Array {
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, this.torque);
    return this.torque.slice();
  }

  /** f += J_rotᵀ τ (τ := A τ if bodyFixed). */
  addGeneralizedLoad(s: ItemState, f: Float64Array): void {
    const n = this.marker.nLocalU;
    if (n === 0) return;
    const torque = this.torque;
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, torque);
    if (this.bodyFixed) {
      this.marker.orientation!(s, this.rotation);
      mat3MulVecInto(torque, this.rotation, torque);
    }
    const j = this.jacobian;
    this.marker.rotationJacobian!(s, j);
    const factor = this.userFunction === 0 ? s.loadFactor : 1;
    for (let k = 0; k < n; k++) f[k] += factor * (j[k] * torque[0] + j[n + k] * torque[1] + j[2 * n + k] * torque[2]);
  }

  /**
   * factor·∂(J_rotᵀ τ)/∂Δq: the marker's kinematic part for fixed τ (rigid node: ∂(Gᵀτ)/∂θ), and for bodyFixed,
   * with δτ = −τ̃ J_rot δq, J_rotᵀ(−τ̃ J_rot). For nodes with body-fixed ω̄ coordinates (quaternion, RotVecLG)
   * the two cancel: Gᵀ A τ_local = τ_local is constant.
   */
  addGeneralizedLoad_q(s: ItemState, k: Float64Array, factor: number): void {
    const n = this.marker.nLocalU;
    const torque = this.torque;
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, torque);
    if (this.bodyFixed) {
      this.marker.orientation!(s, this.rotation);
      mat3MulVecInto(torque, this.rotation, torque);
    }
    const scale = factor * (this.userFunction === 0 ? s.loadFactor : 1);
    this.marker.jacobianTransposedVector_q!(s, undefined, torque, k, scale);
    if (!this.bodyFixed) return;
    const j = this.jacobian;
    this.marker.rotationJacobian!(s, j);
    addFollowerTerm(j, j, torque, this.torqueRotation, n, k, scale);
  }
}

/** A torque vector on a rigid marker (Exudyn's LoadTorqueVector, alias Torque). */
export const loadTorqueVectorDefinition: ItemDefinition<'Load', typeof parameters> = {
  category: 'Load',
  typeName: 'TorqueVector',
  aliases: ['Torque'],
  description: 'A torque vector on a marker with orientation; the generalized force is J_rotᵀ τ with J_rot the marker rotation Jacobian '
    + '(rigid body: Q_θ = Gᵀ τ). With bodyFixed the vector is given in the marker frame, τ_global = A τ with A of the current state. '
    + 'Load Jacobian (staticSolver.computeLoadsJacobian, timeIntegration.computeLoadsJacobian): analytic, ∂(J_rotᵀτ)/∂q of the '
    + 'marker kinematics plus, for bodyFixed, J_rotᵀ(−τ̃ J_rot); numerical with a user function.',
  parameters,
  outputVariables: [],
  create: (v, label) => new TorqueVectorLoadModel(label, v.markerNumber, Array.from(v.loadVector), v.loadVectorUserFunction, v.bodyFixed),
};

/** Factory for a torque vector load. */
export const LoadTorqueVector = makeFactory(loadTorqueVectorDefinition);
/** Exudyn's alias of {@link LoadTorqueVector}. */
export const Torque = LoadTorqueVector;
