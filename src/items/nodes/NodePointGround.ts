import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { vector } from '../../registry/parameters.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { PointNodeModel } from './pointNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0], 'Fixed position of the ground point.', 3),
};

/** A fixed point without coordinates, for markers and connectors attached to ground. */
export const nodePointGroundDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'PointGround',
  aliases: ['PointGround'],
  description: 'A ground point: no coordinates; its position is the reference position for all times. Coordinate markers on it have value 0.',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration],
  example: (mbs) => {
    const ground = mbs.addNode({ nodeType: 'PointGround', referenceCoordinates: [0.2, -0.1, 0.3] });
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [1, 0.2, 0], initialVelocities: [0, 0.5, 0.2] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const markers = [ground, node].map((n) => mbs.addMarker({ markerType: 'NodePosition', nodeNumber: n }));
    mbs.addObject({ objectType: 'ConnectorSpringDamper', markerNumbers: markers, referenceLength: 0.5, stiffness: 40, damping: 2 });
    return ground;
  },
  create: (v, label) => new PointNodeModel(label, 3, Float64Array.from(v.referenceCoordinates), undefined, undefined),
};

/** Factory for a ground point node. */
export const NodePointGround = makeFactory(nodePointGroundDefinition);
/** Exudyn's alias of {@link NodePointGround}. */
export const PointGround = NodePointGround;
