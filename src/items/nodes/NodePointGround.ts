import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { vector } from '../../registry/parameters.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import type { ItemState } from '../../registry/capabilities.ts';
import { PointNodeModel } from './pointNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0], 'Fixed position of the ground point.', 3),
};

/**
 * Run-time model of a ground point: a fixed frame as in Exudyn (rotation I, angular velocity 0, empty rotation Jacobian),
 * so that rigid markers (MarkerNodeRigid) may refer to it.
 */
class GroundPointNodeModel extends PointNodeModel {
  orientation(_s: ItemState, out: Float64Array): void {
    out.fill(0);
    out[0] = out[4] = out[8] = 1;
  }

  angularVelocity(_s: ItemState, out: Float64Array): void {
    out.fill(0);
  }

  angularVelocityLocal(_s: ItemState, out: Float64Array): void {
    out.fill(0);
  }

  rotationJacobian(): void {
    // no coordinates: the 3 × 0 Jacobian has no entries
  }
}

/** A fixed point without coordinates, for markers and connectors attached to ground. */
export const nodePointGroundDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'PointGround',
  aliases: ['PointGround'],
  description: 'A ground point: no coordinates; its position is the reference position for all times, its frame the global frame '
    + '(rigid markers may refer to it). Coordinate markers on it have value 0.',
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
  create: (v, label) => new GroundPointNodeModel(label, 3, v.referenceCoordinates, undefined, undefined),
};

/** Factory for a ground point node. */
export const NodePointGround = makeFactory(nodePointGroundDefinition);
/** Exudyn's alias of {@link NodePointGround}. */
export const PointGround = NodePointGround;
