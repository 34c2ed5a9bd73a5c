import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { itemError } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, intVector, markerIndexArray, userFunction, vector } from '../../registry/parameters.ts';
import { JointModel, rotationMarkerParameter, type JointOffsetUserFunction } from './jointKernel.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1] (position and orientation).', 2),
  constrainedAxes: intVector([1, 1, 1, 1, 1, 1], 'Flags (1 = constrained, 0 = free) of the translations (0, 1, 2) and rotations (3, 4, 5) along / about the joint frame axes.', 6),
  rotationMarker0: rotationMarkerParameter('Rotation of the joint frame J0 relative to marker 0: A0all = A0·rotationMarker0.'),
  rotationMarker1: rotationMarkerParameter('Rotation of the joint frame J1 relative to marker 1: A1all = A1·rotationMarker1.'),
  activeConnector: bool(true, 'If false, every equation reads λ = 0 (the multipliers stay).'),
  offsetUserFunctionParameters: vector([0, 0, 0, 0, 0, 0], 'Parameters handed to the offset user functions.', 6, 'Vector6D'),
  offsetUserFunction: userFunction<JointOffsetUserFunction>('Time-dependent offsets of the translations (0..2) and Tait–Bryan angles of an extra joint-frame rotation (3..5); position level (index 3, static) only.', '(mbs, t, itemNumber, offsetUserFunctionParameters) => [6 offsets]'),
  offsetUserFunction_t: userFunction<JointOffsetUserFunction>('Time derivative of the translation offsets, subtracted on velocity level (index 2); rotation entries must be 0.', '(mbs, t, itemNumber, offsetUserFunctionParameters) => [6 offset velocities]'),
  alternativeConstraints: bool(false, 'For three locked rotations: a0_x·(a1_y × a0_z) − 1, a0_y·(a1_z × a0_x) − 1, a0_z·(a1_x × a0_y) − 1 instead of the dot products (avoids 180° flips in statics); Jacobian and index-2 equations stay the standard ones, as in Exudyn.'),
};

const outputVariables = [
  OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal,
  OutputVariableType.Rotation, OutputVariableType.AngularVelocityLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
];

/** The generic joint (Exudyn's ObjectJointGeneric, alias GenericJoint); all other 3D joints lower to its equations. */
export const objectJointGenericDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointGeneric',
  aliases: ['GenericJoint'],
  description: 'Constrains any of the three relative translations and three relative rotations of two rigid markers in the joint frame '
    + 'J0 = A0·rotationMarker0. Always 6 algebraic equations; free axes read λ_i = 0. Translations: global p1 − p0 if all three are '
    + 'constrained, else the components of A0allᵀ(p1 − p0). Rotations: dot products of joint-frame axes (3 locked: a0_z·a1_y, a0_z·a1_x, '
    + 'a0_x·a1_y; 2 locked (revolute about the free axis f): a0_f·a1_l; 1 locked (universal): a0_f1·a1_f2).',
  parameters,
  outputVariables,
  equations: 'A0all = A0 R0 (times RotXYZ(o3, o4, o5) with the user-function offsets o on position level), A1all = A1 R1, d = p1 − p0. '
    + 'Index 3: g_i = d_i − o_i (all translations constrained) or (A0allᵀd)_i − o_i; rotation rows a0_k·a1_l; free rows g_i = λ_i. '
    + 'Index 2: v1 − v0, or A0allᵀ(v1 − v0) + (A0 ω̄̃0 R0)ᵀ d, minus offsetUserFunction_t; rotation rows ȧ0_k·a1_l + a0_k·ȧ1_l with '
    + 'ȧ = A ω̄̃ R e_k; no rotation offsets. Jacobian: [−J0 | J1] or column i of A0all times [d̃ G0 − J0 | J1]; rotation rows '
    + '[−a1ᵀ ã0 G0 | −a0ᵀ ã1 G1]; ∂g/∂λ = 1 on free rows. Outputs (J0 without user-function rotation): DisplacementLocal A0allᵀd, '
    + 'VelocityLocal A0allᵀ(v1 − v0), AngularVelocityLocal A0allᵀ(ω1 − ω0), Rotation RotXYZ(A0allᵀA1all), ForceLocal λ0..2 '
    + '(A0allᵀλ0..2 if all translations are constrained), TorqueLocal λ3..5.',
  validate: (v, label) => {
    v.constrainedAxes.forEach((flag, i) => { if (flag !== 0 && flag !== 1) itemError(label, 'constrainedAxes', `entry ${i} must be 0 (free) or 1 (constrained), got ${flag}`); });
  },
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [i, 0.1 * i, 0, 1, 0, 0, 0], initialVelocities: [0.1, 0, 0.2 * i, 0, 0.1, -0.2 * i, 0.3] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.5 - i, 0.1, -0.05 * i] }));
    return mbs.addObject({ objectType: 'JointGeneric', markerNumbers: markers, constrainedAxes: [1, 1, 0, 1, 0, 1], rotationMarker0: [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]], rotationMarker1: [[1, 0, 0], [0, 0.6, -0.8], [0, 0.8, 0.6]] });
  },
  create: (v, label) => {
    const j = v.constrainedAxes;
    return new JointModel(label, {
      constrainedAxes: j,
      translationFrame: j[0] === 1 && j[1] === 1 && j[2] === 1 ? 'global' : 'J0',
      rows: [0, 1, 2, 3, 4, 5],
      rigidMarkers: true,
      planar: false,
    }, v, outputVariables);
  },
};

/** Factory for a generic joint. */
export const ObjectJointGeneric = makeFactory(objectJointGenericDefinition);
/** Exudyn's alias of {@link ObjectJointGeneric}. */
export const GenericJoint = ObjectJointGeneric;
