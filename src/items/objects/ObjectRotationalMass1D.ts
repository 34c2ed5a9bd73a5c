import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, Only, ObjectModel, BodyModel } from '../../registry/capabilities.ts';
import { itemError } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { matrix, nodeIndex, ureal, vector } from '../../registry/parameters.ts';
import { ScalarBody1DModel } from './scalarBody1D.ts';

const parameters = {
  physicsInertia: ureal(0, 'Rotational inertia J [kg m²] about the local z-axis.'),
  nodeNumber: nodeIndex('Node (Node1D) whose coordinate is the rotation angle ψ about the local z-axis.'),
  referencePosition: vector([0, 0, 0], 'Constant reference point p_ref, used for joints and drawing.', 3, 'Vector3D'),
  referenceRotation: matrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 'Intermediate rotation R that maps the local rotation axis e_z to the global axis R e_z.', [3, 3], 'Matrix3D'),
};

/** Run-time model of a rotor: A = R·Rz(θ), θ = ψ_ref + ψ, position p = A x + p_ref of a body-fixed point x on the axis. */
class RotationalMass1DModel extends ScalarBody1DModel implements Only<ObjectModel & BodyModel, RotationalMass1DModel> {
  private readonly a = new Float64Array(9);

  orientation(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    const r = this.rotation;
    const theta = this.totalCoordinate(s);
    const c = Math.cos(theta), sn = Math.sin(theta);
    for (let i = 0; i < 3; i++) {
      out[3 * i] = r[3 * i] * c + r[3 * i + 1] * sn;
      out[3 * i + 1] = -r[3 * i] * sn + r[3 * i + 1] * c;
      out[3 * i + 2] = r[3 * i + 2];
    }
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const a = this.a;
    this.orientation(s, localPosition, a);
    const x0 = localPosition[0], x1 = localPosition[1], x2 = localPosition[2];
    for (let i = 0; i < 3; i++) out[i] = a[3 * i] * x0 + a[3 * i + 1] * x1 + a[3 * i + 2] * x2 + this.referencePosition[i];
  }

  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const a = this.a;
    this.orientation(s, localPosition, a);
    const w = s.u[this.node.uIndex];
    const v0 = -w * localPosition[1], v1 = w * localPosition[0];
    for (let i = 0; i < 3; i++) out[i] = a[3 * i] * v0 + a[3 * i + 1] * v1;
  }

  positionJacobian(_s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.checkOnAxis(localPosition);
    out.fill(0, 0, 3);
  }

  angularVelocity(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    const w = s.u[this.node.uIndex];
    for (let i = 0; i < 3; i++) out[i] = this.rotation[3 * i + 2] * w;
  }

  angularVelocityLocal(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = s.u[this.node.uIndex];
  }

  rotationJacobian(_s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    for (let i = 0; i < 3; i++) out[i] = this.rotation[3 * i + 2];
  }

  /** Forces only act on the rotor at points on its axis (Exudyn's restriction: the position Jacobian is 0). */
  private checkOnAxis(localPosition: ArrayLike<number>): void {
    if (localPosition[0] !== 0 || localPosition[1] !== 0) {
      itemError(this.label, undefined, `markers and loads can only act at localPosition [0, 0, z], got [${Array.from(localPosition).join(', ')}]; use ObjectRigidBody2D otherwise`);
    }
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        this.position(s, localPosition, out);
        const theta = this.node.referenceCoordinates[0];
        const c = Math.cos(theta), sn = Math.sin(theta);
        const r = this.rotation;
        const x0 = c * localPosition[0] - sn * localPosition[1], x1 = sn * localPosition[0] + c * localPosition[1], x2 = localPosition[2];
        for (let i = 0; i < 3; i++) out[i] -= r[3 * i] * x0 + r[3 * i + 1] * x1 + r[3 * i + 2] * x2 + this.referencePosition[i];
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.Rotation: return [this.totalCoordinate(s)];
      case OutputVariableType.AngularVelocity: this.angularVelocity(s, localPosition, out); return out;
      case OutputVariableType.AngularVelocityLocal: this.angularVelocityLocal(s, localPosition, out); return out;
      case OutputVariableType.RotationMatrix: {
        const a = new Float64Array(9);
        this.orientation(s, localPosition, a);
        return a;
      }
      default: return undefined;
    }
  }
}

/** Exudyn's ObjectRotationalMass1D (Rotor1D): a rotational inertia on a Node1D, rotating about the local z-axis. */
export const objectRotationalMass1DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'RotationalMass1D',
  aliases: ['Rotor1D'],
  description: 'A 1D rotational inertia attached to a Node1D whose coordinate ψ is the rotation about the local z-axis: '
    + 'A = R·Rz(ψ_ref + ψ), position p = A x + p_ref, ω = R [0, 0, ψ̇]. Rigid markers may attach on the axis (x = y = 0); '
    + 'forces have no effect, torques act through their component along R e_z.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.RotationMatrix,
    OutputVariableType.Rotation, OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal,
  ],
  equations: 'J ψ̈ = τ with τ = (R e_z)ᵀ τ_a for an applied global torque τ_a; rotation Jacobian J_rot = R e_z (3 × 1), position Jacobian 0.',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: '1D', referenceCoordinates: [0.3], initialVelocities: [2] });
    const disc = mbs.addObject({ objectType: 'RotationalMass1D', physicsInertia: 0.5, nodeNumber: node, referencePosition: [0.1, 0.2, 0.3], referenceRotation: [[1, 0, 0], [0, 0.6, -0.8], [0, 0.8, 0.6]] });
    mbs.addLoad({ loadType: 'TorqueVector', markerNumber: mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: disc, localPosition: [0, 0, 0] }), loadVector: [0.1, 0.2, 0.3] });
    return disc;
  },
  create: (v, label) => new RotationalMass1DModel(label, v.physicsInertia, v.nodeNumber, Float64Array.from(v.referencePosition), Float64Array.from(v.referenceRotation.flat())),
};

/** Factory for a 1D rotational mass. */
export const ObjectRotationalMass1D = makeFactory(objectRotationalMass1DDefinition);
/** Exudyn's alias of {@link ObjectRotationalMass1D}. */
export const Rotor1D = ObjectRotationalMass1D;
