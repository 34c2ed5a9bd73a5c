import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { isPositionNode, type BindContext, type ItemState, type NodeModel, type Only, type PositionMarkerModel, type PositionNodeModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { positionMarkerOutput, positionMarkerOutputs } from './rigidMarkerOutputs.ts';
import { nodeIndex } from '../../registry/parameters.ts';
import { NodeMarker } from './nodeMarkerBase.ts';
import { nodeRigidBodyRxyzDefinition } from '../nodes/NodeRigidBodyRxyz.ts';

const parameters = {
  nodeNumber: nodeIndex('Node whose position the marker represents.'),
};

/** Run-time model: the position of a node. */
class NodePositionMarkerModel extends NodeMarker<PositionNodeModel> implements Only<PositionMarkerModel, NodePositionMarkerModel> {
  /** The node: its position, velocity and position Jacobian are the marker's (set in bind). */
  frameNode?: NodeModel;

  constructor(label: ItemLabel, nodeNumber: number) {
    super(label, nodeNumber, false);
  }

  override bind(context: BindContext): void {
    super.bind(context);
    this.frameNode = this.node;
  }

  protected resolve(node: NodeModel): PositionNodeModel {
    if (!isPositionNode(node)) itemError(this.label, 'nodeNumber', `must refer to a node with a position, got ${node.label.category}${node.label.typeName} #${node.label.index}`);
    return node;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return positionMarkerOutput(this, variable, s);
  }
}

/** A marker at a node's position, for connectors and forces on points. */
export const markerNodePositionDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'NodePosition',
  description: 'The position of a node (Point, Point2D, rigid-body nodes); provides position, velocity and the position Jacobian.',
  parameters,
  outputVariables: positionMarkerOutputs,
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: nodeRigidBodyRxyzDefinition.example(mbs) });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [1, -0.5, 0.2] });
    return marker;
  },
  create: (v, label) => new NodePositionMarkerModel(label, v.nodeNumber),
};

/** Factory for a node position marker. */
export const MarkerNodePosition = makeFactory(markerNodePositionDefinition);
