import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bool, markerIndexArray } from '../../registry/parameters.ts';
import { JointModel } from './jointKernel.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two position markers [m0, m1].', 2),
  activeConnector: bool(true, 'If false, both equations read λ = 0 (the multipliers stay).'),
};

/** A planar revolute joint (Exudyn's ObjectJointRevolute2D, alias RevoluteJoint2D): the generic joint's global x, y translation rows. */
export const objectJointRevolute2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointRevolute2D',
  aliases: ['RevoluteJoint2D'],
  description: 'Makes two position markers coincide in the x-y plane: g = (p1 − p0)_x,y, 2 algebraic equations. '
    + 'No output variables (Exudyn declares Displacement and Rotation but raises "not implemented" for them).',
  parameters,
  outputVariables: [],
  equations: 'Index 3: g = (p1 − p0)_x,y; index 2: (v1 − v0)_x,y; Jacobian rows x, y of [−J0 | J1].',
  create: (v, label) => new JointModel(label, {
    constrainedAxes: [1, 1, 0, 0, 0, 0],
    globalTranslation: true,
    rows: [0, 1],
    rigidMarkers: false,
  }, v, []),
};

/** Factory for a planar revolute joint. */
export const ObjectJointRevolute2D = makeFactory(objectJointRevolute2DDefinition);
/** Exudyn's alias of {@link ObjectJointRevolute2D}. */
export const RevoluteJoint2D = ObjectJointRevolute2D;
