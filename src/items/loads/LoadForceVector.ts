import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LoadCoordinateDependence, LoadModel, MarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../registry/errors.ts';
import { bool, markerIndex, userFunction, vector, type UserFunctionValue } from '../../registry/parameters.ts';
import { mat3MulVecInto } from '../../rotations/skew.ts';
import { evaluateVectorUserFunction } from './loadUserFunctions.ts';
import { addFollowerTerm } from './loadJacobians.ts';

/** Signature of the force vector user function: returns the force vector for time t. */
export type LoadVectorUserFunction = (mbs: unknown, t: number, loadVector: number[]) => ArrayLike<number>;

const parameters = {
  markerNumber: markerIndex('Marker (position) the force acts on.'),
  loadVector: vector([0, 0, 0], 'Force vector in global coordinates (in the marker frame if bodyFixed).', 3, 'Vector3D'),
  bodyFixed: bool(false, 'If true, the force is given in the frame of a rigid marker and rotates with it (follower force, F_global = A F).'),
  loadVectorUserFunction: userFunction<LoadVectorUserFunction>('Replaces loadVector by its return value.', '(mbs, t, loadVector) => force'),
};

/** Run-time model: a point force, distributed by the transposed position Jacobian of its marker. */
class ForceVectorLoadModel implements LoadModel {
  marker!: MarkerModel;
  coordinateDependence: LoadCoordinateDependence = 'numerical';
  private jacobian = new Float64Array(0);
  /** Rotation Jacobian and −f̃ J_rot of the follower-force Jacobian (3 × n each). */
  private rotationJacobian = new Float64Array(0);
  private forceRotation = new Float64Array(0);
  private readonly force = new Float64Array(3);
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
    if (!this.marker.provides.position) itemError(this.label, 'markerNumber', `must refer to a marker that provides a position, got ${this.marker.label.category}${this.marker.label.typeName} #${this.markerNumber}`);
    if (this.bodyFixed && !this.marker.provides.orientation) itemError(this.label, 'bodyFixed', `needs a rigid marker (orientation); ${this.marker.label.category}${this.marker.label.typeName} #${this.markerNumber} provides none`);
    const n = this.marker.nLocalU;
    this.jacobian = new Float64Array(3 * n);
    if (this.bodyFixed) {
      this.rotationJacobian = new Float64Array(3 * n);
      this.forceRotation = new Float64Array(3 * n);
    }
    this.coordinateDependence = n === 0 ? 'constant' : this.userFunction === 0 && this.marker.jacobianTransposedVector_q !== undefined ? 'analytic' : 'numerical';
  }

  values(s: ItemState): Float64Array {
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, this.force);
    return this.force.slice();
  }

  addGeneralizedLoad(s: ItemState, f: Float64Array): void {
    const n = this.marker.nLocalU;
    if (n === 0) return;
    const force = this.force;
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, force);
    if (this.bodyFixed) {
      this.marker.orientation!(s, this.rotation);
      mat3MulVecInto(force, this.rotation, force);
    }
    const j = this.jacobian;
    this.marker.positionJacobian!(s, j);
    const factor = this.userFunction === 0 ? s.loadFactor : 1;
    for (let k = 0; k < n; k++) f[k] += factor * (j[k] * force[0] + j[n + k] * force[1] + j[2 * n + k] * force[2]);
  }

  /**
   * factor·∂(J_posᵀ f)/∂Δq: the marker's kinematic part for fixed f, and for bodyFixed, with δf = −f̃ J_rot δq
   * (f = A F rotates with the marker), J_posᵀ(−f̃ J_rot).
   */
  addGeneralizedLoad_q(s: ItemState, k: Float64Array, factor: number): void {
    const n = this.marker.nLocalU;
    const force = this.force;
    evaluateVectorUserFunction(this.label, this.userFunction, s, this.loadVector, force);
    if (this.bodyFixed) {
      this.marker.orientation!(s, this.rotation);
      mat3MulVecInto(force, this.rotation, force);
    }
    const scale = factor * (this.userFunction === 0 ? s.loadFactor : 1);
    this.marker.jacobianTransposedVector_q!(s, force, undefined, k, scale);
    if (!this.bodyFixed) return;
    const j = this.jacobian, jr = this.rotationJacobian, w = this.forceRotation;
    this.marker.positionJacobian!(s, j);
    this.marker.rotationJacobian!(s, jr);
    addFollowerTerm(j, jr, force, w, n, k, scale);
  }
}

/** A force vector on a position marker (Exudyn's LoadForceVector, alias Force). */
export const loadForceVectorDefinition: ItemDefinition<'Load', typeof parameters> = {
  category: 'Load',
  typeName: 'ForceVector',
  aliases: ['Force'],
  description: 'A force vector applied at a marker position; the generalized force is Jᵀ f with J the marker position Jacobian. '
    + 'With bodyFixed the vector is given in the marker frame, f = A F with A the marker orientation of the current state. '
    + 'Load Jacobian (staticSolver.computeLoadsJacobian, timeIntegration.computeLoadsJacobian): analytic, '
    + '∂(Jᵀf)/∂q of the marker kinematics plus, for bodyFixed, Jᵀ(−f̃ J_rot); numerical with a user function.',
  parameters,
  outputVariables: [],
  create: (v, label) => new ForceVectorLoadModel(label, v.markerNumber, Array.from(v.loadVector), v.loadVectorUserFunction, v.bodyFixed),
};

/** Factory for a force vector load. */
export const LoadForceVector = makeFactory(loadForceVectorDefinition);
/** Exudyn's alias of {@link LoadForceVector}. */
export const Force = LoadForceVector;
