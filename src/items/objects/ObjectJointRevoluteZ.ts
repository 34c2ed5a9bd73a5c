import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray } from '../../registry/parameters.ts';
import { JointModel, rotationMarkerParameter, type JointSelection } from './jointKernel.ts';

/** What the joint lowers to (one object for all joints of this type: read only). */
const selection: JointSelection = {
  constrainedAxes: [1, 1, 1, 1, 1, 0],
  translationFrame: 'global',
  rows: [0, 1, 2, 3, 4],
  rigidMarkers: true,
  planar: false,
};

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1] (position and orientation).', 2),
  rotationMarker0: rotationMarkerParameter('Rotation of the joint frame J0 relative to marker 0; its z axis is the rotation axis.'),
  rotationMarker1: rotationMarkerParameter('Rotation of the joint frame J1 relative to marker 1.'),
  activeConnector: bool(true, 'If false, every equation reads λ = 0 (the multipliers stay).'),
};

const outputVariables = [
  OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal,
  OutputVariableType.Rotation, OutputVariableType.AngularVelocityLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
];

/** A revolute joint about the z axis of J0 (Exudyn's ObjectJointRevoluteZ, alias RevoluteJointZ): the generic joint with axes [1,1,1,1,1,0] without the free row. */
export const objectJointRevoluteZDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointRevoluteZ',
  aliases: ['RevoluteJointZ'],
  description: 'A revolute joint: the markers coincide (global p1 − p0 = 0) and the x and y axes of J1 stay perpendicular to the z '
    + 'axis of J0; 5 algebraic equations. Rows 0..4 of ObjectJointGeneric with constrainedAxes [1,1,1,1,1,0].',
  parameters,
  outputVariables,
  equations: 'g0..2 = p1 − p0, g3 = a0_z·a1_x, g4 = a0_z·a1_y (a0 = columns of A0 R0, a1 of A1 R1); index 2: v1 − v0 and '
    + 'ȧ0_z·a1_l + a0_z·ȧ1_l with ȧ = A ω̄̃ R e_k (Exudyn computes A(ω̄ × R e_k): equal up to round-off). '
    + 'Outputs as ObjectJointGeneric; ForceLocal = A0allᵀ[λ0, λ1, λ2], TorqueLocal = [λ3, λ4, 0].',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [i, 0.1 * i, 0, 1, 0, 0, 0], initialVelocities: [0.1, 0, 0.2 * i, 0, 0.1, -0.2 * i, 0.3] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.5 - i, 0.1, -0.05 * i] }));
    return mbs.addObject({ objectType: 'JointRevoluteZ', markerNumbers: markers, rotationMarker0: [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]] });
  },
  create: (v, label) => new JointModel(label, selection, v, outputVariables),
};

/** Factory for a revolute joint about z. */
export const ObjectJointRevoluteZ = makeFactory(objectJointRevoluteZDefinition);
/** Exudyn's alias of {@link ObjectJointRevoluteZ}. */
export const RevoluteJointZ = ObjectJointRevoluteZ;
