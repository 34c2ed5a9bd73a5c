import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LoadModel, MarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../registry/errors.ts';
import { bool, markerIndex, userFunction, vector, type UserFunctionValue } from '../../registry/parameters.ts';
import { mat3MulVecInto } from '../../rotations/skew.ts';
import { evaluateVectorUserFunction } from './loadUserFunctions.ts';

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
  private jacobian = new Float64Array(0);
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
    this.jacobian = new Float64Array(3 * this.marker.nLocalU);
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
}

/** A force vector on a position marker (Exudyn's LoadForceVector, alias Force). */
export const loadForceVectorDefinition: ItemDefinition<'Load', typeof parameters> = {
  category: 'Load',
  typeName: 'ForceVector',
  aliases: ['Force'],
  description: 'A force vector applied at a marker position; the generalized force is Jᵀ f with J the marker position Jacobian. '
    + 'With bodyFixed the vector is given in the marker frame, f = A F with A the marker orientation of the current state '
    + '(the dependence of A on the coordinates is not in the Jacobian, as in Exudyn).',
  parameters,
  outputVariables: [],
  create: (v, label) => new ForceVectorLoadModel(label, v.markerNumber, Array.from(v.loadVector), v.loadVectorUserFunction, v.bodyFixed),
};

/** Factory for a force vector load. */
export const LoadForceVector = makeFactory(loadForceVectorDefinition);
/** Exudyn's alias of {@link LoadForceVector}. */
export const Force = LoadForceVector;
