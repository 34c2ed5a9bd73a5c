import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { vector } from '../../registry/parameters.ts';
import { PointNodeModel, pointNodeOutputs } from './pointNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0], 'Reference position (x, y) of the point.', 2),
  initialCoordinates: vector([0, 0], 'Initial displacement relative to the reference position.', 2),
  initialVelocities: vector([0, 0], 'Initial velocity.', 2),
};

/** A planar point node with two displacement coordinates. */
export const nodePoint2DDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'Point2D',
  aliases: ['Point2D'],
  description: 'A point in the x-y plane: two ODE2 coordinates, the displacement from the reference position. Position outputs are 3-vectors with z = 0.',
  parameters,
  outputVariables: pointNodeOutputs,
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [1, 0.5], initialCoordinates: [0.05, -0.1], initialVelocities: [0.4, 0.2] });
    mbs.addObject({ objectType: 'MassPoint2D', physicsMass: 0.5, nodeNumber: node });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'NodePosition', nodeNumber: node }), loadVector: [0.3, -1, 0] });
    return node;
  },
  create: (v, label) => new PointNodeModel(label, 2, v.referenceCoordinates, v.initialCoordinates, v.initialVelocities),
};

/** Factory for a planar point node. */
export const NodePoint2D = makeFactory(nodePoint2DDefinition);
/** Exudyn's alias of {@link NodePoint2D}. */
export const Point2D = NodePoint2D;
