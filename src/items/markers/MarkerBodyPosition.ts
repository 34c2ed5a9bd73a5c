import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, BodyModel, ItemState, MarkerModel, NodeModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { objectIndex, vector } from '../../registry/parameters.ts';
import { objectRigidBodyDefinition } from '../objects/ObjectRigidBody.ts';

const parameters = {
  bodyNumber: objectIndex('Body the marker is attached to.'),
  localPosition: vector([0, 0, 0], 'Position of the marker in the body frame.', 3, 'Vector3D'),
};

/** Run-time model: a body-fixed point. */
class BodyPositionMarkerModel implements MarkerModel {
  readonly provides = { position: true, orientation: false, coordinate: false, bodyMass: false };
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  private body!: BodyModel;
  /** The body's load-Jacobian kernel at localPosition, if the body has one (set in bind). */
  jacobianTransposedVector_q?: MarkerModel['jacobianTransposedVector_q'];
  /** The body's ∂v/∂Δq at localPosition, if the body has one (rigid bodies; set in bind). */
  velocity_q?: MarkerModel['velocity_q'];

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number, private readonly localPosition: Float64Array) {}

  bind(context: BindContext): void {
    const body = context.body(this.bodyNumber, 'bodyNumber');
    this.body = body;
    // only the nodes that influence the point (a rod: the element at s), so connectors and loads couple to these alone
    this.nodes = body.nodesAt?.(this.localPosition) ?? body.nodes;
    this.nLocalU = body.nodesAt === undefined ? body.nLocalU : this.nodes.reduce((sum, node) => sum + node.nu, 0);
    this.velocity_q = body.velocity_q === undefined ? undefined : (s, out) => body.velocity_q!(s, this.localPosition, out);
    this.jacobianTransposedVector_q = body.jacobianTransposedVector_q === undefined ? undefined
      : (s, force, _torque, k, factor) => body.jacobianTransposedVector_q!(s, this.localPosition, force, undefined, k, factor);
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

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    if (variable === OutputVariableType.Position) { this.position(s, out); return out; }
    if (variable === OutputVariableType.Velocity) { this.velocity(s, out); return out; }
    return undefined;
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
  outputVariables: [OutputVariableType.Position, OutputVariableType.Velocity],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: objectRigidBodyDefinition.example(mbs), localPosition: [-0.2, 0.4, 0.1] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0.5, 1, -1] });
    return marker;
  },
  create: (v, label) => new BodyPositionMarkerModel(label, v.bodyNumber, Float64Array.from(v.localPosition)),
};

/** Factory for a body position marker. */
export const MarkerBodyPosition = makeFactory(markerBodyPositionDefinition);
