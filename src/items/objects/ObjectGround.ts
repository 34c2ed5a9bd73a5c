import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BodyModel, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { matrix, vector } from '../../registry/parameters.ts';
import { copyArray, zeroLeading } from '../../linalg/arrays.ts';

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

  position(_s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const a = this.rotation;
    for (let i = 0; i < 3; i++) {
      out[i] = this.origin[i] + a[3 * i] * (localPosition[0] ?? 0) + a[3 * i + 1] * (localPosition[1] ?? 0) + a[3 * i + 2] * (localPosition[2] ?? 0);
    }
  }

  velocity(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    zeroLeading(out, 3);
  }

  positionJacobian(): void {}

  /** The reference rotation (fixed). */
  orientation(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    copyArray(out, this.rotation);
  }

  angularVelocity(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    zeroLeading(out, 3);
  }

  angularVelocityLocal(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    zeroLeading(out, 3);
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
    return this.outputBody(variable, s, [0, 0, 0]);
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
