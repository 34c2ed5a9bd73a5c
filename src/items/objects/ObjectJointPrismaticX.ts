import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray } from '../../registry/parameters.ts';
import { JointModel, rotationMarkerParameter, type JointSelection } from './jointKernel.ts';

/** What the joint lowers to (one object for all joints of this type: read only). */
const selection: JointSelection = {
  constrainedAxes: [0, 1, 1, 1, 1, 1],
  translationFrame: 'J0',
  rows: [1, 2, 3, 4, 5],
  rigidMarkers: true,
  planar: false,
};

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1] (position and orientation).', 2),
  rotationMarker0: rotationMarkerParameter('Rotation of the joint frame J0 relative to marker 0; its x axis is the sliding axis.'),
  rotationMarker1: rotationMarkerParameter('Rotation of the joint frame J1 relative to marker 1.'),
  activeConnector: bool(true, 'If false, every equation reads λ = 0 (the multipliers stay).'),
};

const outputVariables = [
  OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal,
  OutputVariableType.Rotation, OutputVariableType.AngularVelocityLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
];

/** A prismatic joint along the x axis of J0 (Exudyn's ObjectJointPrismaticX, alias PrismaticJointX): the generic joint with axes [0,1,1,1,1,1] without the free row. */
export const objectJointPrismaticXDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointPrismaticX',
  aliases: ['PrismaticJointX'],
  description: 'A prismatic joint: marker 1 slides along the x axis of the joint frame J0 = A0·rotationMarker0 and the relative '
    + 'rotation is locked; 5 algebraic equations. Rows 1..5 of ObjectJointGeneric with constrainedAxes [0,1,1,1,1,1].',
  parameters,
  outputVariables,
  equations: 'd_loc = A0allᵀ(p1 − p0): g0 = d_loc,y, g1 = d_loc,z, g2 = a0_z·a1_y, g3 = a0_z·a1_x, g4 = a0_x·a1_y; '
    + 'index 2: rows y, z of A0allᵀ(v1 − v0) + (A0 ω̄̃0 R0)ᵀ(p1 − p0) and ȧ0·a1 + a0·ȧ1. '
    + 'Outputs as ObjectJointGeneric; ForceLocal = [0, λ0, λ1] (joint frame), TorqueLocal = [λ2, λ3, λ4].',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [i, 0.1 * i, 0, 1, 0, 0, 0], initialVelocities: [0.1, 0, 0.2 * i, 0, 0.1, -0.2 * i, 0.3] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.5 - i, 0.1, -0.05 * i] }));
    return mbs.addObject({ objectType: 'JointPrismaticX', markerNumbers: markers, rotationMarker1: [[1, 0, 0], [0, 0.6, -0.8], [0, 0.8, 0.6]] });
  },
  create: (v, label) => new JointModel(label, selection, v, outputVariables),
};

/** Factory for a prismatic joint along x. */
export const ObjectJointPrismaticX = makeFactory(objectJointPrismaticXDefinition);
/** Exudyn's alias of {@link ObjectJointPrismaticX}. */
export const PrismaticJointX = ObjectJointPrismaticX;
