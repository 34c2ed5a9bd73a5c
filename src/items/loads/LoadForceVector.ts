import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bool, markerIndex, userFunction, vector } from '../../registry/parameters.ts';
import { MarkerVectorLoadModel, type LoadVectorUserFunction } from './markerVectorLoad.ts';
import { objectRigidBody2DDefinition } from '../objects/ObjectRigidBody2D.ts';

export type { LoadVectorUserFunction } from './markerVectorLoad.ts';

const parameters = {
  markerNumber: markerIndex('Marker (position) the force acts on.'),
  loadVector: vector([0, 0, 0], 'Force vector in global coordinates (in the marker frame if bodyFixed).', 3, 'Vector3D'),
  bodyFixed: bool(false, 'If true, the force is given in the frame of a rigid marker and rotates with it (follower force, F_global = A F).'),
  loadVectorUserFunction: userFunction<LoadVectorUserFunction>('Replaces loadVector by its return value.', '(mbs, t, loadVector) => force'),
};

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
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: objectRigidBody2DDefinition.example(mbs), localPosition: [-0.2, 0.1, 0] });
    return mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0.4, 1.5, 0], bodyFixed: true });
  },
  create: (v, label) => new MarkerVectorLoadModel(label, 'position', v.markerNumber, Array.from(v.loadVector), v.loadVectorUserFunction, v.bodyFixed),
};

/** Factory for a force vector load. */
export const LoadForceVector = makeFactory(loadForceVectorDefinition);
/** Exudyn's alias of {@link LoadForceVector}. */
export const Force = LoadForceVector;
