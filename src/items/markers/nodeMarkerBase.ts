import { constantJacobianTransposedVector_q, type BindContext, type ItemState, type NodeModel, type PositionMarkerModel, type PositionNodeModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';

/**
 * A marker on a node (MarkerNodePosition, MarkerNodeRigid): binds the node of nodeNumber, checked for the kind the
 * marker needs ({@link NodeMarker.resolve}), takes its coordinates as the marker's and delegates the point
 * kinematics and the load-Jacobian kernel to it; the rigid marker adds the frame kinematics.
 */
export abstract class NodeMarker<N extends PositionNodeModel> {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  /** The bound node (set in bind). */
  protected node!: N;
  /** The node's load-Jacobian kernel, with the torque part only for markers with orientation (set in bind, if the node has one). */
  jacobianTransposedVector_q?: PositionMarkerModel['jacobianTransposedVector_q'];

  constructor(readonly label: ItemLabel, private readonly nodeNumber: number, private readonly withTorque: boolean) {}

  /** The node, checked for the kinematics this marker needs (throws naming nodeNumber). */
  protected abstract resolve(node: NodeModel): N;

  bind(context: BindContext): void {
    const node = this.resolve(context.node(this.nodeNumber, 'nodeNumber'));
    this.node = node;
    this.nodes = [node];
    this.nLocalU = node.nu;
    if (node.jacobianTransposedVector_q === constantJacobianTransposedVector_q) {
      this.jacobianTransposedVector_q = constantJacobianTransposedVector_q;
      return;
    }
    const kernel = node.jacobianTransposedVector_q?.bind(node);
    this.jacobianTransposedVector_q = kernel === undefined || this.withTorque ? kernel
      : (s, force, _torque, k, factor) => kernel(s, force, undefined, k, factor);
  }

  position(s: ItemState, out: Float64Array): void {
    this.node.position(s, out);
  }

  velocity(s: ItemState, out: Float64Array): void {
    this.node.velocity(s, out);
  }

  positionJacobian(s: ItemState, out: Float64Array): void {
    this.node.positionJacobian(s, out);
  }
}
