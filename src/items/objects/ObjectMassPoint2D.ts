import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { nodeIndex, ureal } from '../../registry/parameters.ts';
import { PointMassModel, pointMassOutputs } from './pointMassBase.ts';

const parameters = {
  physicsMass: ureal(0, 'Mass [kg] of the point.'),
  nodeNumber: nodeIndex('Node (Point2D) that carries the mass.'),
};

/** A point mass in the x-y plane on a Point2D node. */
export const objectMassPoint2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'MassPoint2D',
  aliases: ['MassPoint2D'],
  description: 'A planar point mass on a Point2D node: m q̈ = f with two coordinates.',
  parameters,
  outputVariables: pointMassOutputs,
  equations: 'M = m I₂; no internal forces.',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [0.5, 1], initialVelocities: [1, -0.5] });
    const mass = mbs.addObject({ objectType: 'MassPoint2D', physicsMass: 0.7, nodeNumber: node });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: mass, localPosition: [0.1, 0.2, 0] }), loadVector: [1, 2, 0] });
    return mass;
  },
  create: (v, label) => new PointMassModel(label, v.physicsMass, v.nodeNumber, 2),
};

/** Factory for a planar point mass. */
export const ObjectMassPoint2D = makeFactory(objectMassPoint2DDefinition);
/** Exudyn's alias of {@link ObjectMassPoint2D}. */
export const MassPoint2D = ObjectMassPoint2D;
