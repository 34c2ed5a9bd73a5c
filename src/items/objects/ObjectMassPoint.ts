import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { nodeIndex, ureal } from '../../registry/parameters.ts';
import { PointMassModel, pointMassOutputs } from './pointMassBase.ts';

const parameters = {
  physicsMass: ureal(0, 'Mass [kg] of the point.'),
  nodeNumber: nodeIndex('Node (Point) that carries the mass.'),
};

/** A point mass in 3D on a Point node. */
export const objectMassPointDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'MassPoint',
  aliases: ['MassPoint'],
  description: 'A point mass on a Point node: equations m q̈ = f. Markers may attach with localPosition (added to the node position, no rotation).',
  parameters,
  outputVariables: pointMassOutputs,
  equations: 'M = m I₃; no internal forces.',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [0.5, 1, 0], initialVelocities: [1, 0, 0.2] });
    const mass = mbs.addObject({ objectType: 'MassPoint', physicsMass: 1.5, nodeNumber: node });
    const marker = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: mass, localPosition: [0.1, 0, 0] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [1, 2, 3] });
    return mass;
  },
  create: (v, label) => new PointMassModel(label, v.physicsMass, v.nodeNumber, 3),
};

/** Factory for a 3D point mass. */
export const ObjectMassPoint = makeFactory(objectMassPointDefinition);
/** Exudyn's alias of {@link ObjectMassPoint}. */
export const MassPoint = ObjectMassPoint;
