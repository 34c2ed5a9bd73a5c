import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { isFrameNode, type BindContext, type CoordinateMarkerModel, type FrameNodeModel, type ItemState, type NodeModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { int, nodeIndex } from '../../registry/parameters.ts';
import { rotationMatrix2RotXYZInto } from '../../rotations/rotationMatrices.ts';
import { nodeRigidBodyRxyzDefinition } from '../nodes/NodeRigidBodyRxyz.ts';

const parameters = {
  nodeNumber: nodeIndex('Node with orientation (rigid-body node); a ground node gives the constant 0.'),
  rotationCoordinate: int(-1, 'Rotation coordinate: 0 = x, 1 = y, 2 = z (Tait–Bryan angle of the node\'s rotation matrix).'),
};

/**
 * Run-time model: one Tait–Bryan angle of a node's rotation matrix as a coordinate. The value
 * includes the reference rotation and is wrapped to (−π, π]; its velocity is the global angular
 * velocity component ω_k and its Jacobian row k of the rotation Jacobian (as in Exudyn, so both are
 * the angle's derivatives only for rotations about a single axis).
 */
class NodeRotationCoordinateMarkerModel implements Only<CoordinateMarkerModel, NodeRotationCoordinateMarkerModel> {
  nodes: NodeModel[] = [];
  nLocalU = 0;
  private node?: FrameNodeModel;
  private readonly rotation = new Float64Array(9);
  private readonly angles = new Float64Array(3);
  private jacobian = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly nodeNumber: number, private readonly axis: number) {}

  bind(context: BindContext): void {
    if (![0, 1, 2].includes(this.axis)) itemError(this.label, 'rotationCoordinate', `must be 0 (x), 1 (y) or 2 (z), got ${this.axis}`);
    const node = context.node(this.nodeNumber, 'nodeNumber');
    if (node.isGround) {
      this.node = undefined;
      this.nodes = [];
      this.nLocalU = 0;
      return;
    }
    if (!isFrameNode(node)) {
      itemError(this.label, 'nodeNumber', `must refer to a node with orientation (rigid-body node), got ${node.label.category}${node.label.typeName} #${node.label.index}`);
    }
    this.node = node;
    this.nodes = [node];
    this.nLocalU = node.nu;
    this.jacobian = new Float64Array(3 * node.nu);
  }

  /** RotXYZ(A)[k], wrapped to (−π, π]. */
  coordinate(s: ItemState): number {
    if (this.node === undefined) return 0;
    this.node.orientation(s, this.rotation);
    return rotationMatrix2RotXYZInto(this.angles, this.rotation)[this.axis];
  }

  /** ω_k, the global angular velocity component. */
  coordinateVelocity(s: ItemState): number {
    if (this.node === undefined) return 0;
    this.node.angularVelocity(s, this.angles);
    return this.angles[this.axis];
  }

  /** Row k of the rotation Jacobian [0 | G]. */
  coordinateJacobian(s: ItemState, out: Float64Array): void {
    if (this.node === undefined) return;
    const n = this.nLocalU;
    this.node.rotationJacobian(s, this.jacobian);
    for (let j = 0; j < n; j++) out[j] = this.jacobian[this.axis * n + j];
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    if (variable === OutputVariableType.Coordinates) return [this.coordinate(s)];
    if (variable === OutputVariableType.Coordinates_t) return [this.coordinateVelocity(s)];
    return undefined;
  }
}

/** A marker on one rotation angle of a rigid-body node, for coordinate constraints, springs and loads on rotations. */
export const markerNodeRotationCoordinateDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'NodeRotationCoordinate',
  description: 'The Tait–Bryan angle θ_k (k = rotationCoordinate) extracted from the rotation matrix of a rigid-body node, including '
    + 'the reference rotation and wrapped to (−π, π]; its velocity is the global angular velocity component ω_k and its Jacobian '
    + 'row k of the rotation Jacobian [0 | G]. Exact as an angle only for rotations about one axis (as in Exudyn). Connectors on it '
    + 'use numerical Jacobians.',
  parameters,
  outputVariables: [OutputVariableType.Coordinates, OutputVariableType.Coordinates_t],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'NodeRotationCoordinate', nodeNumber: nodeRigidBodyRxyzDefinition.example(mbs), rotationCoordinate: 1 });
    mbs.addLoad({ loadType: 'Coordinate', markerNumber: marker, load: 0.4 });
    return marker;
  },
  create: (v, label) => new NodeRotationCoordinateMarkerModel(label, v.nodeNumber, v.rotationCoordinate),
};

/** Factory for a node rotation coordinate marker. */
export const MarkerNodeRotationCoordinate = makeFactory(markerNodeRotationCoordinateDefinition);
