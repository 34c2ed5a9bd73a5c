import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { vector } from '../../registry/parameters.ts';
import { PointNodeModel, pointNodeOutputs } from './pointNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0], 'Reference position of the point.', 3),
  initialCoordinates: vector([0, 0, 0], 'Initial displacement relative to the reference position.', 3),
  initialVelocities: vector([0, 0, 0], 'Initial velocity.', 3),
};

/** A 3D point node with three displacement coordinates (ODE2). */
export const nodePointDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'Point',
  aliases: ['Point'],
  description: 'A 3D point node: three ODE2 coordinates, the displacement of the point from its reference position; the velocity coordinates are their time derivatives.',
  parameters,
  outputVariables: pointNodeOutputs,
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [1, 0.5, -0.2], initialCoordinates: [0.1, 0, 0], initialVelocities: [0.3, -0.2, 0.5] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 2, nodeNumber: node });
    const marker = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: node });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0, 0, -9.81] });
    return node;
  },
  create: (v, label) => new PointNodeModel(label, 3, v.referenceCoordinates, v.initialCoordinates, v.initialVelocities),
};

/** Factory for a 3D point node: `NodePoint({ referenceCoordinates: [1, 0, 0] })`. */
export const NodePoint = makeFactory(nodePointDefinition);
/** Exudyn's alias of {@link NodePoint}. */
export const Point = NodePoint;
