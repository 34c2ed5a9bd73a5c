import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { itemError } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, intVector, markerIndexArray } from '../../registry/parameters.ts';
import { JointModel } from './jointKernel.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two position markers [m0, m1].', 2),
  constrainedAxes: intVector([1, 1, 1], 'Flags (1 = constrained, 0 = free) of the global x, y and z components of p1 − p0.', 3),
  activeConnector: bool(true, 'If false, every equation reads λ = 0 (the multipliers stay).'),
};

const outputVariables = [OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.Displacement, OutputVariableType.Force];

/** A spherical joint (Exudyn's ObjectJointSpherical, alias SphericalJoint): the generic joint's global translation rows. */
export const objectJointSphericalDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointSpherical',
  aliases: ['SphericalJoint'],
  description: 'Makes two position markers coincide: g = p1 − p0 (global components), 3 algebraic equations; an unconstrained '
    + 'component reads λ_i = 0. The generic joint\'s translation rows with global components (even if not all are constrained).',
  parameters,
  outputVariables,
  equations: 'Index 3: g_i = (p1 − p0)_i; index 2: (v1 − v0)_i; free rows g_i = λ_i. Jacobian rows i of [−J0 | J1]. '
    + 'Outputs: Position p0, Velocity v0, Displacement p1 − p0, Force λ (global; the force on marker 0).',
  validate: (v, label) => {
    v.constrainedAxes.forEach((flag, i) => { if (flag !== 0 && flag !== 1) itemError(label, 'constrainedAxes', `entry ${i} must be 0 (free) or 1 (constrained), got ${flag}`); });
  },
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [i, 0.1 * i, 0, 1, 0, 0, 0], initialVelocities: [0.1, 0, 0.2 * i, 0, 0.1, -0.2 * i, 0.3] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.5 - i, 0.1, -0.05 * i] }));
    return mbs.addObject({ objectType: 'JointSpherical', markerNumbers: markers });
  },
  create: (v, label) => new JointModel(label, {
    constrainedAxes: [...v.constrainedAxes, 0, 0, 0],
    translationFrame: 'global',
    rows: [0, 1, 2],
    rigidMarkers: false,
    planar: false,
  }, v, outputVariables),
};

/** Factory for a spherical joint. */
export const ObjectJointSpherical = makeFactory(objectJointSphericalDefinition);
/** Exudyn's alias of {@link ObjectJointSpherical}. */
export const SphericalJoint = ObjectJointSpherical;
