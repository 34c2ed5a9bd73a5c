import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { isFrameNode, type BindContext, type FrameNodeModel, type ItemState, type NodeModel, type Only, type RigidMarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndex } from '../../registry/parameters.ts';
import { rigidMarkerOutput, rigidMarkerOutputs } from './rigidMarkerOutputs.ts';
import { NodeMarker } from './nodeMarkerBase.ts';
import { nodeRigidBodyRotVecLGDefinition } from '../nodes/NodeRigidBodyRotVecLG.ts';

const parameters = {
  nodeNumber: nodeIndex('Rigid-body node whose frame the marker represents.'),
};

/** Run-time model: the frame (position and orientation) of a rigid-body node. */
class NodeRigidMarkerModel extends NodeMarker<FrameNodeModel> implements Only<RigidMarkerModel, NodeRigidMarkerModel> {
  constructor(label: ItemLabel, nodeNumber: number) {
    super(label, nodeNumber, true);
  }

  /** The node's ∂ω/∂Δq, if it has one (set in bind). */
  angularVelocity_q?: RigidMarkerModel['angularVelocity_q'];
  /** The node's derivative of a rotated vector along its null directions, if it has one (set in bind). */
  addRotatedVectorNullDirection?: RigidMarkerModel['addRotatedVectorNullDirection'];

  override bind(context: BindContext): void {
    super.bind(context);
    this.angularVelocity_q = this.node.angularVelocity_q?.bind(this.node);
    const nullDirection = this.node.addRotatedVectorNullDirection?.bind(this.node);
    this.addRotatedVectorNullDirection = nullDirection === undefined ? undefined : (s, vLocal, out) => nullDirection(s, vLocal, out, this.nLocalU);
  }

  protected resolve(node: NodeModel): FrameNodeModel {
    if (!isFrameNode(node)) {
      itemError(this.label, 'nodeNumber', `must refer to a node with position and orientation (rigid-body node), got ${node.label.category}${node.label.typeName} #${node.label.index}`);
    }
    return node;
  }

  orientation(s: ItemState, out: Float64Array): void {
    this.node.orientation(s, out);
  }

  angularVelocity(s: ItemState, out: Float64Array): void {
    this.node.angularVelocity(s, out);
  }

  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    this.node.angularVelocityLocal(s, out);
  }

  rotationJacobian(s: ItemState, out: Float64Array): void {
    this.node.rotationJacobian(s, out);
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
    + 'position, velocity, orientation A, angular velocity, position Jacobian [I | 0], rotation Jacobian [0 | G] and ∂ω/∂q at fixed velocities.',
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
