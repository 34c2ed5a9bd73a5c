import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { isFrameBody, type BindContext, type BodyModel, type FrameBodyModel, type ItemState, type NodeModel, type Only, type RigidMarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { objectIndex, vector } from '../../registry/parameters.ts';
import { rigidMarkerOutput, rigidMarkerOutputs } from './rigidMarkerOutputs.ts';
import { BodyMarker } from './bodyMarkerBase.ts';
import { objectCosseratRodDefinition } from '../objects/ObjectCosseratRod.ts';
import { float64Copy } from '../../linalg/arrays.ts';

const parameters = {
  bodyNumber: objectIndex('Body the marker is attached to.'),
  localPosition: vector([0, 0, 0], 'Position of the marker frame origin in the body frame; the frame axes are the body axes.', 3, 'Vector3D'),
};

/** Run-time model: a body-fixed frame (position and orientation). */
class BodyRigidMarkerModel extends BodyMarker<FrameBodyModel> implements Only<RigidMarkerModel, BodyRigidMarkerModel> {
  constructor(label: ItemLabel, bodyNumber: number, localPosition: Float64Array) {
    super(label, bodyNumber, localPosition, true);
  }

  /** The body's ∂ω/∂Δq at localPosition, if it has one (set in bind). */
  angularVelocity_q?: RigidMarkerModel['angularVelocity_q'];
  /** The body's derivative of a rotated vector along its null directions at localPosition, if it has one (set in bind). */
  addRotatedVectorNullDirection?: RigidMarkerModel['addRotatedVectorNullDirection'];

  /** The body's sign·J_posᵀF + J_rotᵀτ at localPosition, if it has one (set in bind). */
  addForceTorqueTransposed?: RigidMarkerModel['addForceTorqueTransposed'];

  override bind(context: BindContext): void {
    super.bind(context);
    const angularVelocity_q = this.body.angularVelocity_q?.bind(this.body);
    this.angularVelocity_q = angularVelocity_q === undefined ? undefined : (s, out) => angularVelocity_q(s, this.localPosition, out);
    const nullDirection = this.body.addRotatedVectorNullDirection?.bind(this.body);
    this.addRotatedVectorNullDirection = nullDirection === undefined ? undefined : (s, vLocal, out) => nullDirection(s, this.localPosition, vLocal, out);
    const forceTorque = this.body.addForceTorqueTransposed?.bind(this.body);
    this.addForceTorqueTransposed = forceTorque === undefined ? undefined
      : (s, orientation, force, sign, torque, out, offset) => forceTorque(s, this.localPosition, orientation, force, sign, torque, out, offset);
  }

  protected resolve(body: BodyModel, context: BindContext, bodyNumber: number): FrameBodyModel {
    if (!isFrameBody(body)) {
      const object = context.object(bodyNumber, 'bodyNumber');
      itemError(this.label, 'bodyNumber', `must refer to a body with orientation (RigidBody, RigidBody2D, Ground, …), got ${object.label.category}${object.label.typeName} #${bodyNumber}, which has none`);
    }
    return body;
  }

  orientation(s: ItemState, out: Float64Array): void {
    this.body.orientation(s, this.localPosition, out);
  }

  positionAndOrientation(s: ItemState, position: Float64Array, orientation: Float64Array): void {
    const body = this.body, x = this.localPosition;
    if (body.positionAndOrientation !== undefined) {
      body.positionAndOrientation(s, x, position, orientation);
      return;
    }
    body.position(s, x, position);
    body.orientation(s, x, orientation);
  }

  angularVelocity(s: ItemState, out: Float64Array): void {
    this.body.angularVelocity(s, this.localPosition, out);
  }

  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    this.body.angularVelocityLocal(s, this.localPosition, out);
  }

  rotationJacobian(s: ItemState, out: Float64Array): void {
    this.body.rotationJacobian(s, this.localPosition, out);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return rigidMarkerOutput(this, variable, s);
  }
}

/** A body-fixed frame at a local position, for joints, rigid-body connectors, forces and torques. */
export const markerBodyRigidDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'BodyRigid',
  description: 'A frame fixed to a body at localPosition, with the body\'s axes: provides position p + A x, velocity u̇ + A(ω̄ × x), '
    + 'orientation A, angular velocity, the position Jacobian (rigid body: [I | A(−x̃)G_l]), the rotation Jacobian ([0 | G]) '
    + 'and, on rigid bodies, ∂v/∂q and ∂ω/∂q at fixed velocities (for the Jacobians of damped connectors). '
    + 'Its coordinates are those of the body nodes that move the frame (a Cosserat rod: the p + 1 nodes of the element at s).',
  parameters,
  outputVariables: rigidMarkerOutputs,
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: objectCosseratRodDefinition.example(mbs), localPosition: [0, 0, 0] });
    mbs.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0.1, -0.2, 0.3] });
    return marker;
  },
  create: (v, label) => new BodyRigidMarkerModel(label, v.bodyNumber, float64Copy(v.localPosition)),
};

/** Factory for a rigid body marker. */
export const MarkerBodyRigid = makeFactory(markerBodyRigidDefinition);
