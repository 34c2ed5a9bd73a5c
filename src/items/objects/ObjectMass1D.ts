import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, Only, ObjectModel, BodyModel } from '../../registry/capabilities.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { matrix, nodeIndex, ureal, vector } from '../../registry/parameters.ts';
import { rotationMatrix2RotXYZInto } from '../../rotations/index.ts';
import { ScalarBody1DModel } from './scalarBody1D.ts';

const parameters = {
  physicsMass: ureal(0, 'Mass m [kg].'),
  nodeNumber: nodeIndex('Node (Node1D) whose coordinate is the position along the local x-axis.'),
  referencePosition: vector([0, 0, 0], 'Reference position p_ref, used to transform the 1D coordinate to a 3D position.', 3, 'Vector3D'),
  referenceRotation: matrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 'Constant rotation matrix R (body-fixed → global); the coordinate moves along R e_x.', [3, 3], 'Matrix3D'),
};

/** Run-time model of a translational 1D mass: position p = p_ref + R([c_ref + c, 0, 0] + x). */
class Mass1DModel extends ScalarBody1DModel implements Only<ObjectModel & BodyModel, Mass1DModel> {
  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const r = this.rotation;
    const x0 = this.totalCoordinate(s) + localPosition[0], x1 = localPosition[1], x2 = localPosition[2];
    for (let i = 0; i < 3; i++) out[i] = r[3 * i] * x0 + r[3 * i + 1] * x1 + r[3 * i + 2] * x2 + this.referencePosition[i];
  }

  velocity(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    const v = s.u[this.node.uIndex];
    for (let i = 0; i < 3; i++) out[i] = this.rotation[3 * i] * v;
  }

  positionJacobian(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    for (let i = 0; i < 3; i++) out[i] = this.rotation[3 * i];
  }

  orientation(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    out.set(this.rotation);
  }

  angularVelocity(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    out.fill(0, 0, 3);
  }

  angularVelocityLocal(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    out.fill(0, 0, 3);
  }

  rotationJacobian(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    out.fill(0, 0, 3);
  }

  massProportionalForce(_s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    const r = this.rotation;
    f[0] += this.massEntry * (r[0] * loadPerMass[0] + r[3] * loadPerMass[1] + r[6] * loadPerMass[2]);
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        const d = s.q[this.node.qIndex];
        for (let i = 0; i < 3; i++) out[i] = this.rotation[3 * i] * d;
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.AngularVelocity: case OutputVariableType.AngularVelocityLocal: return out;
      case OutputVariableType.RotationMatrix: return this.rotation.slice();
      case OutputVariableType.Rotation: return rotationMatrix2RotXYZInto(out, this.rotation);
      default: return undefined;
    }
  }
}

/** Exudyn's ObjectMass1D: a translational mass on a Node1D, moving along the local x-axis of a fixed frame. */
export const objectMass1DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'Mass1D',
  aliases: ['Mass1D'],
  description: 'A 1D (translational) mass attached to a Node1D with coordinate c. Its position is p = p_ref + R([c_ref + c, 0, 0] + x) '
    + 'for a body-fixed point x; markers may attach (rigid markers too), forces act only along R e_x and torques have no effect.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity,
    OutputVariableType.RotationMatrix, OutputVariableType.Rotation, OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal,
  ],
  equations: 'm c̈ = f with f = (R e_x)ᵀ f_a for an applied global force f_a; position Jacobian J_pos = R e_x (3 × 1), rotation Jacobian 0.',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: '1D', referenceCoordinates: [0.2], initialVelocities: [0.5] });
    const mass = mbs.addObject({ objectType: 'Mass1D', physicsMass: 2, nodeNumber: node, referencePosition: [0.1, 0.2, 0.3], referenceRotation: [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: mass, localPosition: [0, 0, 0] }), loadVector: [1, 0.5, 0] });
    return mass;
  },
  create: (v, label) => new Mass1DModel(label, v.physicsMass, v.nodeNumber, Float64Array.from(v.referencePosition), Float64Array.from(v.referenceRotation.flat())),
};

/** Factory for a 1D translational mass. */
export const ObjectMass1D = makeFactory(objectMass1DDefinition);
/** Exudyn's alias of {@link ObjectMass1D}. */
export const Mass1D = ObjectMass1D;
