import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BodyModel, ItemState, Only, PositionMarkerModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { positionMarkerOutput, positionMarkerOutputs } from './rigidMarkerOutputs.ts';
import { objectIndex, vector } from '../../registry/parameters.ts';
import { BodyMarker } from './bodyMarkerBase.ts';
import { objectRigidBodyDefinition } from '../objects/ObjectRigidBody.ts';
import { float64Copy } from '../../linalg/arrays.ts';

const parameters = {
  bodyNumber: objectIndex('Body the marker is attached to.'),
  localPosition: vector([0, 0, 0], 'Position of the marker in the body frame.', 3, 'Vector3D'),
};

/** Run-time model: a body-fixed point. */
class BodyPositionMarkerModel extends BodyMarker<BodyModel> implements Only<PositionMarkerModel, BodyPositionMarkerModel> {
  constructor(label: ItemLabel, bodyNumber: number, localPosition: Float64Array) {
    super(label, bodyNumber, localPosition, false);
  }

  protected resolve(body: BodyModel): BodyModel {
    return body;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return positionMarkerOutput(this, variable, s);
  }
}

/** A marker at a body-fixed point, for connectors and point forces. */
export const markerBodyPositionDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'BodyPosition',
  description: 'A point fixed to a body at localPosition (body frame); provides position, velocity and the position Jacobian, '
    + 'on rigid bodies also ∂v/∂q at fixed velocities (ω × A x depends on the rotation; for the Jacobians of damped connectors). '
    + 'Its coordinates are those of the body nodes that move the point (a Cosserat rod: the p + 1 nodes of the element at s).',
  parameters,
  outputVariables: positionMarkerOutputs,
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: objectRigidBodyDefinition.example(mbs), localPosition: [-0.2, 0.4, 0.1] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0.5, 1, -1] });
    return marker;
  },
  create: (v, label) => new BodyPositionMarkerModel(label, v.bodyNumber, float64Copy(v.localPosition)),
};

/** Factory for a body position marker. */
export const MarkerBodyPosition = makeFactory(markerBodyPositionDefinition);
