import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bool, markerIndexArray } from '../../registry/parameters.ts';
import { JointModel, type JointSelection } from './jointKernel.ts';

/** What the joint lowers to (one object for all joints of this type: read only). */
const selection: JointSelection = {
  constrainedAxes: [1, 1, 0, 0, 0, 0],
  translationFrame: 'global',
  rows: [0, 1],
  rigidMarkers: false,
  planar: true,
};

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
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [i, 0.2 * i, 0.3 * i], initialVelocities: [0.1, 0.2 * i, 1 - 2 * i] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody2D', physicsMass: 1, physicsInertia: 0.2, nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: body, localPosition: [0.5 - i, 0.1 * i, 0] }));
    return mbs.addObject({ objectType: 'JointRevolute2D', markerNumbers: markers });
  },
  create: (v, label) => new JointModel(label, selection, v, []),
};

/** Factory for a planar revolute joint. */
export const ObjectJointRevolute2D = makeFactory(objectJointRevolute2DDefinition);
/** Exudyn's alias of {@link ObjectJointRevolute2D}. */
export const RevoluteJoint2D = ObjectJointRevolute2D;
