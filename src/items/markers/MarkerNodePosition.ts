import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, MarkerModel, NodeModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndex } from '../../registry/parameters.ts';
import { nodeRigidBodyRxyzDefinition } from '../nodes/NodeRigidBodyRxyz.ts';

const parameters = {
  nodeNumber: nodeIndex('Node whose position the marker represents.'),
};

/** Run-time model: the position of a node. */
class NodePositionMarkerModel implements MarkerModel {
  readonly provides = { position: true, orientation: false, coordinate: false, bodyMass: false };
  nodes: NodeModel[] = [];
  nLocalU = 0;
  private node!: NodeModel;
  /** The node's load-Jacobian kernel (force part only), if the node has one (set in bind). */
  jacobianTransposedVector_q?: MarkerModel['jacobianTransposedVector_q'];

  constructor(readonly label: ItemLabel, private readonly nodeNumber: number) {}

  bind(context: BindContext): void {
    const node = context.node(this.nodeNumber, 'nodeNumber');
    if (node.position === undefined) itemError(this.label, 'nodeNumber', `must refer to a node with a position, got ${node.label.category}${node.label.typeName} #${node.label.index}`);
    this.node = node;
    this.nodes = [node];
    this.nLocalU = node.nu;
    this.jacobianTransposedVector_q = node.jacobianTransposedVector_q === undefined ? undefined
      : (s, force, _torque, k, factor) => node.jacobianTransposedVector_q!(s, force, undefined, k, factor);
  }

  position(s: ItemState, out: Float64Array): void {
    this.node.position!(s, out);
  }

  velocity(s: ItemState, out: Float64Array): void {
    this.node.velocity!(s, out);
  }

  positionJacobian(s: ItemState, out: Float64Array): void {
    this.node.positionJacobian!(s, out);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    if (variable === OutputVariableType.Position) { this.position(s, out); return out; }
    if (variable === OutputVariableType.Velocity) { this.velocity(s, out); return out; }
    return undefined;
  }
}

/** A marker at a node's position, for connectors and forces on points. */
export const markerNodePositionDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'NodePosition',
  description: 'The position of a node (Point, Point2D, rigid-body nodes); provides position, velocity and the position Jacobian.',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Velocity],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: nodeRigidBodyRxyzDefinition.example(mbs) });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [1, -0.5, 0.2] });
    return marker;
  },
  create: (v, label) => new NodePositionMarkerModel(label, v.nodeNumber),
};

/** Factory for a node position marker. */
export const MarkerNodePosition = makeFactory(markerNodePositionDefinition);
