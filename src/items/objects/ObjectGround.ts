import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, type BodyModel, type ItemState, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { matrix, vector } from '../../registry/parameters.ts';

const parameters = {
  referencePosition: vector([0, 0, 0], 'Position of the ground frame origin.', 3, 'Vector3D'),
  referenceRotation: matrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 'Rotation matrix of the ground frame.', [3, 3], 'Matrix3D'),
};

/** Run-time model of the ground body: fixed frame, no coordinates. */
class GroundModel implements Only<ObjectModel & BodyModel, GroundModel> {
  readonly nAE = 0;
  readonly localNodes: NodeModel[] = [];
  readonly nodes: NodeModel[] = [];
  readonly nLocalU = 0;

  constructor(readonly label: ItemLabel, private readonly origin: Float64Array, private readonly rotation: Float64Array) {}

  get body(): BodyModel {
    return this;
  }

  bind(): void {}

  /** origin + A x, written out (a joint on the ground asks for it in each residual). */
  position(_s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const a = this.rotation, o = this.origin;
    const x0 = localPosition[0] ?? 0, x1 = localPosition[1] ?? 0, x2 = localPosition[2] ?? 0;
    out[0] = o[0] + a[0] * x0 + a[1] * x1 + a[2] * x2;
    out[1] = o[1] + a[3] * x0 + a[4] * x1 + a[5] * x2;
    out[2] = o[2] + a[6] * x0 + a[7] * x1 + a[8] * x2;
  }

  velocity(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = 0;
  }

  positionJacobian(): void {}

  /** The reference rotation (fixed), entry by entry. */
  orientation(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    const a = this.rotation;
    out[0] = a[0]; out[1] = a[1]; out[2] = a[2];
    out[3] = a[3]; out[4] = a[4]; out[5] = a[5];
    out[6] = a[6]; out[7] = a[7]; out[8] = a[8];
  }

  angularVelocity(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = 0;
  }

  angularVelocityLocal(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = 0;
  }

  /** No coordinates: 3 × 0. */
  rotationJacobian(): void {}

  /** No coordinates: nothing to add to load Jacobians. */
  jacobianTransposedVector_q(): void {}

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    switch (variable) {
      case OutputVariableType.Position: { const out = new Float64Array(3); this.position(s, localPosition, out); return out; }
      case OutputVariableType.Displacement: case OutputVariableType.Velocity: case OutputVariableType.Acceleration: case OutputVariableType.AngularVelocity: return new Float64Array(3);
      case OutputVariableType.RotationMatrix: return Float64Array.from(this.rotation);
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** The ground body: a fixed frame to attach markers and connectors to. */
export const objectGroundDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'Ground',
  description: 'A fixed body without coordinates; markers attach at local positions in its reference frame.',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration, OutputVariableType.AngularVelocity, OutputVariableType.RotationMatrix],
  example: (mbs) => {
    const ground = mbs.addObject({ objectType: 'Ground', referencePosition: [0.1, 0.2, -0.3], referenceRotation: [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]] });
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [1, 0.5, 0], initialVelocities: [0.2, 0, 0.4] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const markers = [mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: ground, localPosition: [0.2, 0, 0.1] }), mbs.addMarker({ markerType: 'NodePosition', nodeNumber: node })];
    mbs.addObject({ objectType: 'ConnectorCartesianSpringDamper', markerNumbers: markers, stiffness: [20, 30, 40], damping: [1, 2, 3] });
    return ground;
  },
  create: (v, label) => new GroundModel(label, Float64Array.from(v.referencePosition), Float64Array.from(v.referenceRotation.flat())),
};

/** Factory for the ground body. */
export const ObjectGround = makeFactory(objectGroundDefinition);
