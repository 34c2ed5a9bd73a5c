import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, MarkerModel, NodeModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndex } from '../../registry/parameters.ts';
import { rigidMarkerOutput, rigidMarkerOutputs } from './rigidMarkerOutputs.ts';
import { nodeRigidBodyRotVecLGDefinition } from '../nodes/NodeRigidBodyRotVecLG.ts';

const parameters = {
  nodeNumber: nodeIndex('Rigid-body node whose frame the marker represents.'),
};

/** Run-time model: the frame (position and orientation) of a rigid-body node. */
class NodeRigidMarkerModel implements MarkerModel {
  readonly provides = { position: true, orientation: true, coordinate: false, bodyMass: false };
  nodes: NodeModel[] = [];
  nLocalU = 0;
  private node!: NodeModel;
  /** The node's load-Jacobian kernel, if the node has one (set in bind). */
  jacobianTransposedVector_q?: MarkerModel['jacobianTransposedVector_q'];

  constructor(readonly label: ItemLabel, private readonly nodeNumber: number) {}

  bind(context: BindContext): void {
    const node = context.node(this.nodeNumber, 'nodeNumber');
    if (node.position === undefined || node.orientation === undefined || node.angularVelocityLocal === undefined || node.rotationJacobian === undefined) {
      itemError(this.label, 'nodeNumber', `must refer to a node with position and orientation (rigid-body node), got ${node.label.category}${node.label.typeName} #${node.label.index}`);
    }
    this.node = node;
    this.nodes = [node];
    this.nLocalU = node.nu;
    this.jacobianTransposedVector_q = node.jacobianTransposedVector_q?.bind(node);
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

  orientation(s: ItemState, out: Float64Array): void {
    this.node.orientation!(s, out);
  }

  angularVelocity(s: ItemState, out: Float64Array): void {
    this.node.angularVelocity!(s, out);
  }

  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    this.node.angularVelocityLocal!(s, out);
  }

  rotationJacobian(s: ItemState, out: Float64Array): void {
    this.node.rotationJacobian!(s, out);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return rigidMarkerOutput(this, variable, s);
  }
}

/** A marker on the frame of a rigid-body node, for joints, connectors, forces and torques. */
export const markerNodeRigidDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'NodeRigid',
  description: 'The frame of a rigid-body node (RigidBodyEP, RigidBodyRxyz, RigidBodyRotVecLG, RigidBodyQuaternion, RigidBody2D): '
    + 'position, velocity, orientation A, angular velocity, position Jacobian [I | 0] and rotation Jacobian [0 | G].',
  parameters,
  outputVariables: rigidMarkerOutputs,
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'NodeRigid', nodeNumber: nodeRigidBodyRotVecLGDefinition.example(mbs) });
    mbs.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0.3, 0.2, -0.1] });
    return marker;
  },
  create: (v, label) => new NodeRigidMarkerModel(label, v.nodeNumber),
};

/** Factory for a rigid node marker. */
export const MarkerNodeRigid = makeFactory(markerNodeRigidDefinition);
