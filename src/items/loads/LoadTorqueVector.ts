import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bool, markerIndex, userFunction, vector } from '../../registry/parameters.ts';
import { MarkerVectorLoadModel, type LoadVectorUserFunction } from './markerVectorLoad.ts';
import { objectRigidBodyDefinition } from '../objects/ObjectRigidBody.ts';

const parameters = {
  markerNumber: markerIndex('Marker (orientation) the torque acts on.'),
  loadVector: vector([0, 0, 0], 'Torque vector in global coordinates (in the marker frame if bodyFixed).', 3, 'Vector3D'),
  bodyFixed: bool(false, 'If true, the torque is given in the marker frame and rotates with it (follower torque, τ_global = A τ).'),
  loadVectorUserFunction: userFunction<LoadVectorUserFunction>('Replaces loadVector by its return value.', '(mbs, t, loadVector) => torque'),
};

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
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: objectRigidBodyDefinition.example(mbs), localPosition: [0, 0.2, 0] });
    return mbs.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0.4, -0.5, 0.3], bodyFixed: true });
  },
  create: (v, label) => new MarkerVectorLoadModel(label, 'rotation', v.markerNumber, Array.from(v.loadVector), v.loadVectorUserFunction, v.bodyFixed),
};

/** Factory for a torque vector load. */
export const LoadTorqueVector = makeFactory(loadTorqueVectorDefinition);
/** Exudyn's alias of {@link LoadTorqueVector}. */
export const Torque = LoadTorqueVector;
