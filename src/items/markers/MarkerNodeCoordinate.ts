import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, CoordinateMarkerModel, ItemState, NodeModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { int, nodeIndex } from '../../registry/parameters.ts';
import { nodePointDefinition } from '../nodes/NodePoint.ts';

const parameters = {
  nodeNumber: nodeIndex('Node that owns the coordinate.'),
  coordinate: int(-1, 'Index of the coordinate within the node (0-based).'),
};

/** Run-time model: one ODE2 coordinate of a node; on a ground node the coordinate is 0. */
class NodeCoordinateMarkerModel implements Only<CoordinateMarkerModel, NodeCoordinateMarkerModel> {
  nodes: NodeModel[] = [];
  nLocalU = 0;
  coordinateLocalIndex = -1;
  private globalIndex = -1;
  /** Index of the coordinate's velocity in u (set in bind, like globalIndex). */
  private velocityIndex = -1;

  constructor(readonly label: ItemLabel, private readonly nodeNumber: number, private readonly coordinateIndex: number) {}

  bind(context: BindContext): void {
    const node = context.node(this.nodeNumber, 'nodeNumber');
    if (node.isGround) {
      this.nodes = [];
      this.nLocalU = 0;
      this.coordinateLocalIndex = -1;
      return;
    }
    if (node.nq !== node.nu) itemError(this.label, 'nodeNumber', `must refer to a node whose coordinates are its velocity coordinates' integrals (n_q = n_u), got ${node.label.typeName} with n_q = ${node.nq}, n_u = ${node.nu}`);
    if (this.coordinateIndex < 0 || this.coordinateIndex >= node.nu) {
      itemError(this.label, 'coordinate', `must be a coordinate index of node #${this.nodeNumber} in [0, ${node.nu - 1}], got ${this.coordinateIndex}`);
    }
    this.nodes = [node];
    this.nLocalU = node.nu;
    this.coordinateLocalIndex = this.coordinateIndex;
    this.globalIndex = node.qIndex + this.coordinateIndex;
    this.velocityIndex = node.uIndex + this.coordinateIndex;
  }

  coordinate(s: ItemState): number {
    return this.coordinateLocalIndex < 0 ? 0 : s.q[this.globalIndex];
  }

  coordinateVelocity(s: ItemState): number {
    return this.coordinateLocalIndex < 0 ? 0 : s.u[this.velocityIndex];
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    if (variable === OutputVariableType.Coordinates) return [this.coordinate(s)];
    if (variable === OutputVariableType.Coordinates_t) return [this.coordinateVelocity(s)];
    return undefined;
  }
}

/** A marker on one coordinate of a node, for coordinate springs, constraints and loads. */
export const markerNodeCoordinateDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'NodeCoordinate',
  description: 'One ODE2 coordinate of a node (displacement value, not total). On a ground node it is the constant 0.',
  parameters,
  outputVariables: [OutputVariableType.Coordinates, OutputVariableType.Coordinates_t],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: nodePointDefinition.example(mbs), coordinate: 1 });
    mbs.addLoad({ loadType: 'Coordinate', markerNumber: marker, load: 0.5 });
    return marker;
  },
  create: (v, label) => new NodeCoordinateMarkerModel(label, v.nodeNumber, v.coordinate),
};

/** Factory for a node coordinate marker. */
export const MarkerNodeCoordinate = makeFactory(markerNodeCoordinateDefinition);
