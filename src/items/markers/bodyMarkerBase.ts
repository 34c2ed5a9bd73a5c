import { constantJacobianTransposedVector_q, type BindContext, type BodyModel, type ItemState, type NodeModel, type PositionMarkerModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';

/**
 * A marker at a body-fixed point (MarkerBodyPosition, MarkerBodyRigid): binds the body of bodyNumber, checked for the
 * kind the marker needs ({@link BodyMarker.resolve}), takes the coordinates of the body nodes that move the point
 * (a rod: the p + 1 nodes of the element at s) and delegates the point kinematics, ∂v/∂Δq and the load-Jacobian
 * kernel to the body at localPosition; the rigid marker adds the frame kinematics.
 */
export abstract class BodyMarker<B extends BodyModel> {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  /** The bound body (set in bind). */
  protected body!: B;
  /** The body's load-Jacobian kernel at localPosition, with the torque part only for markers with orientation (set in bind, if the body has one). */
  jacobianTransposedVector_q?: PositionMarkerModel['jacobianTransposedVector_q'];
  /** The body's ∂v/∂Δq at localPosition, if the body has one (rigid bodies; set in bind). */
  velocity_q?: PositionMarkerModel['velocity_q'];
  /** The body's ∂(A x)/∂Δq along its null directions at x = localPosition, if it has them (rigid bodies; set in bind). */
  addPositionNullDirection?: PositionMarkerModel['addPositionNullDirection'];
  /** The body's J_posᵀF (+ J_rotᵀτ) without Jacobians, if it has one and the marker sits at its reference point (set in bind). */
  addJacobianTransposedLoad?: PositionMarkerModel['addJacobianTransposedLoad'];
  /** The body's factor·J_posᵀF without the Jacobian, if it has one and the marker sits off its reference point (set in bind). */
  addPointForce?: PositionMarkerModel['addPointForce'];

  /** The body's frame node if the marker sits at the body's reference point (set in bind). */
  frameNode?: NodeModel;
  /** localPosition if the marker sits elsewhere on a body whose frame is its node's (set in bind). */
  frameOffset?: Float64Array;

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number, protected readonly localPosition: Float64Array, private readonly withTorque: boolean) {}

  /** The body, checked for the kinematics this marker needs (throws naming bodyNumber). */
  protected abstract resolve(body: BodyModel, context: BindContext, bodyNumber: number): B;

  bind(context: BindContext): void {
    const body = this.resolve(context.body(this.bodyNumber, 'bodyNumber'), context, this.bodyNumber);
    this.body = body;
    // only the nodes that influence the point (a rod: the element at s), so connectors and loads couple to these alone
    this.nodes = body.nodesAt?.(this.localPosition) ?? body.nodes;
    this.nLocalU = body.nodesAt === undefined ? body.nLocalU : this.nodes.reduce((sum, node) => sum + node.nu, 0);
    const x = this.localPosition;
    this.frameNode = x[0] === 0 && x[1] === 0 && x[2] === 0 && body.nodesAt === undefined ? body.frameNode : undefined;
    this.frameOffset = this.frameNode === undefined && body.nodesAt === undefined && body.frameNode !== undefined ? x : undefined;
    const velocity_q = body.velocity_q?.bind(body);
    this.velocity_q = velocity_q === undefined ? undefined : (s, out) => velocity_q(s, x, out);
    // position = node position + A x: along the null directions the lever A x alone moves
    const nullDirection = body.addRotatedVectorNullDirection?.bind(body);
    this.addPositionNullDirection = nullDirection === undefined ? undefined : (s, out) => nullDirection(s, x, x, out);
    const originLoad = x[0] === 0 && x[1] === 0 && x[2] === 0 && body.nodesAt === undefined ? body.addOriginLoad?.bind(body) : undefined;
    this.addJacobianTransposedLoad = originLoad === undefined || this.withTorque ? originLoad
      : (s, force, sign, _torque, out, offset) => originLoad(s, force, sign, undefined, out, offset);
    const pointForce = x[0] === 0 && x[1] === 0 && x[2] === 0 ? undefined : body.addPointForce?.bind(body);
    this.addPointForce = pointForce === undefined ? undefined : (s, force, factor, out) => pointForce(s, x, force, factor, out);
    // a body whose position Jacobian is constant (a mass point) gives the marker the constant kernel, which connectors skip
    const bodyKernel = body.jacobianTransposedVector_q;
    const kernel = bodyKernel?.bind(body);
    this.jacobianTransposedVector_q = bodyKernel === constantJacobianTransposedVector_q ? constantJacobianTransposedVector_q : kernel === undefined ? undefined : this.withTorque
      ? (s, force, torque, k, factor) => kernel(s, x, force, torque, k, factor)
      : (s, force, _torque, k, factor) => kernel(s, x, force, undefined, k, factor);
  }

  position(s: ItemState, out: Float64Array): void {
    this.body.position(s, this.localPosition, out);
  }

  velocity(s: ItemState, out: Float64Array): void {
    this.body.velocity(s, this.localPosition, out);
  }

  positionJacobian(s: ItemState, out: Float64Array): void {
    this.body.positionJacobian(s, this.localPosition, out);
  }
}
