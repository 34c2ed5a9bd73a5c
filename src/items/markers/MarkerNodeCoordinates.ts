import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, CoordinateVectorMarkerModel, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { nodeIndex } from '../../registry/parameters.ts';
import { CoordinateVectorMarker, coordinateVectorMarkerOutputs } from './coordinateVectorMarkerBase.ts';

const parameters = {
  nodeNumber: nodeIndex('Node whose ODE2 coordinates the marker represents.'),
};

/** Run-time model: all ODE2 coordinates of one node, reference values included; empty on a ground node. */
class NodeCoordinatesMarkerModel extends CoordinateVectorMarker implements Only<CoordinateVectorMarkerModel, NodeCoordinatesMarkerModel> {
  constructor(label: ItemLabel, private readonly nodeNumber: number) {
    super(label);
  }

  bind(context: BindContext): void {
    this.useNodes([context.node(this.nodeNumber, 'nodeNumber')], 'nodeNumber');
  }
}

/** A marker on all coordinates of a node, for ObjectConnectorCoordinateVector. */
export const markerNodeCoordinatesDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'NodeCoordinates',
  description: 'All ODE2 coordinates of a node as one vector q_ref + q (unlike MarkerNodeCoordinate, the reference values are '
    + 'included), with the identity as Jacobian; for ObjectConnectorCoordinateVector. On a ground node the vector is empty. '
    + 'Only nodes whose velocity coordinates are the time derivatives of their coordinates qualify (Point, Point2D, '
    + 'GenericODE2, RigidBodyEP, …; not the Lie-group nodes).',
  parameters,
  outputVariables: coordinateVectorMarkerOutputs,
  example: (mbs) => {
    // a mass point held on the circle |q| = 1 about the origin through its coordinate vector
    const node = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [1, 0], initialCoordinates: [0.1, 0.2], initialVelocities: [0.3, -0.4] });
    mbs.addObject({ objectType: 'MassPoint2D', physicsMass: 2, nodeNumber: node });
    const ground = mbs.addMarker({ markerType: 'NodeCoordinates', nodeNumber: mbs.addNode({ nodeType: 'PointGround' }) });
    const marker = mbs.addMarker({ markerType: 'NodeCoordinates', nodeNumber: node });
    mbs.addObject({ objectType: 'ConnectorCoordinateVector', markerNumbers: [ground, marker], quadraticTermMarker1: [[1, 1]], offset: [1] });
    return marker;
  },
  create: (v, label) => new NodeCoordinatesMarkerModel(label, v.nodeNumber),
};

/** Factory for a node coordinates marker. */
export const MarkerNodeCoordinates = makeFactory(markerNodeCoordinatesDefinition);
