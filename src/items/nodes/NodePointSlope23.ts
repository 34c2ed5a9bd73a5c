import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { FrameNodeModel, ItemState, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { vector } from '../../registry/parameters.ts';
import { rotationMatrix2RotXYZInto } from '../../rotations/rotationMatrices.ts';
import { coordinateOutputVariables } from './coordinateOutputs.ts';
import { SlopeNodeBase } from './slopeNodeBase.ts';
import { slopeFrame, slopeRotationJacobian } from './slopeFrame.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0, 1, 0, 0, 1, 0, 0], 'Reference coordinates [r, r_y, r_z]: position of the point and the slope vectors ∂r/∂y, ∂r/∂z spanning the cross section (Exudyn\'s default; a beam along x usually has r_y = [0, 1, 0], r_z = [0, 0, 1]).', 9),
  initialCoordinates: vector([0, 0, 0, 0, 0, 0, 0, 0, 0], 'Initial displacement coordinates: displacement of the point and changes of the slope vectors.', 9),
  initialVelocities: vector([0, 0, 0, 0, 0, 0, 0, 0, 0], 'Initial velocity coordinates.', 9),
};

/**
 * Run-time model of a 3D ANCF node with position r and the two cross-section slope vectors r_y, r_z: nine ODE2
 * coordinates, displacements from the reference. Its frame is the orthonormalized [r_y, r_z] basis (z leading).
 */
class PointSlope23Model extends SlopeNodeBase implements Only<FrameNodeModel, PointSlope23Model> {
  private readonly slopes = new Float64Array(6);
  private readonly jacobian = new Float64Array(18);

  constructor(label: ItemLabel, referenceCoordinates: Float64Array, initialCoordinates: Float64Array, initialVelocities: Float64Array) {
    super(label, 9, referenceCoordinates, initialCoordinates, initialVelocities);
  }

  /** Total slopes [r_y, r_z] into this.slopes. */
  private totalSlopes(s: ItemState): Float64Array {
    for (let k = 0; k < 6; k++) this.slopes[k] = this.referenceCoordinates[3 + k] + s.q[this.qIndex + 3 + k];
    return this.slopes;
  }

  orientation(s: ItemState, out: Float64Array): void {
    slopeFrame(this.totalSlopes(s), 0, out);
  }

  /** ω = W⁻¹ (r̃_y ṙ_y + r̃_z ṙ_z). */
  angularVelocity(s: ItemState, out: Float64Array): void {
    slopeRotationJacobian(this.totalSlopes(s), 0, this.jacobian);
    for (let i = 0; i < 3; i++) {
      let w = 0;
      for (let k = 0; k < 6; k++) w += this.jacobian[6 * i + k] * s.u[this.uIndex + 3 + k];
      out[i] = w;
    }
  }

  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    const omega = new Float64Array(3);
    const a = new Float64Array(9);
    this.angularVelocity(s, omega);
    this.orientation(s, a);
    for (let i = 0; i < 3; i++) out[i] = a[i] * omega[0] + a[3 + i] * omega[1] + a[6 + i] * omega[2];
  }

  /** [0, W⁻¹ r̃_y, W⁻¹ r̃_z] (3 × 9), Exudyn's rotation Jacobian of this node. */
  rotationJacobian(s: ItemState, out: Float64Array): void {
    slopeRotationJacobian(this.totalSlopes(s), 0, this.jacobian);
    out.fill(0, 0, 27);
    for (let i = 0; i < 3; i++) for (let k = 0; k < 6; k++) out[9 * i + 3 + k] = this.jacobian[6 * i + k];
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.AngularVelocity: this.angularVelocity(s, out); return out;
      case OutputVariableType.AngularVelocityLocal: this.angularVelocityLocal(s, out); return out;
      case OutputVariableType.RotationMatrix: { const a = new Float64Array(9); this.orientation(s, a); return a; }
      case OutputVariableType.Rotation: { const a = new Float64Array(9); this.orientation(s, a); return rotationMatrix2RotXYZInto(out, a); }
      default: return this.pointOutput(variable, s);
    }
  }
}

/** A 3D ANCF node with position and the two cross-section slope vectors (Exudyn's NodePointSlope23). */
export const nodePointSlope23Definition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'PointSlope23',
  description: 'A 3D point with the slope vectors r_y = ∂r/∂y and r_z = ∂r/∂z of its cross section (for ObjectANCFBeam): nine ODE2 coordinates [r, r_y, r_z], the displacement from the reference coordinates. Its frame (RotationMatrix, markers) is Exudyn\'s: e_z = r_z/|r_z|, e_y the normalized part of r_y orthogonal to e_z, e_x = e_y × e_z; the angular velocity is ω = W⁻¹ (r̃_y ṙ_y + r̃_z ṙ_z), W = −(r̃_y² + r̃_z²), exact for orthonormal slopes.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration,
    OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal, OutputVariableType.RotationMatrix, OutputVariableType.Rotation,
    ...coordinateOutputVariables,
  ],
  example: (mbs) => {
    const nodes = [0, 1].map((x) => mbs.addNode({ nodeType: 'PointSlope23', referenceCoordinates: [x, 0.1 * x, 0, 0, 1, 0.1, 0, -0.1, 1], initialCoordinates: [0, 0.01 * x, 0, 0.02, 0, 0, 0, 0.03, 0], initialVelocities: [0.1, -0.3 * x, 0.2, 0.1, 0.2, 0, -0.1, 0, 0.3] }));
    const section = { massPerLength: 0.8, inertia: [[0.01, 0, 0], [0, 0.005, 0], [0, 0, 0.005]], stiffnessMatrix: [[50, 0, 0, 0, 0, 0], [0, 20, 0, 0, 0, 0], [0, 0, 20, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 2]] };
    mbs.addObject({ objectType: 'ANCFBeam', nodeNumbers: nodes, physicsLength: Math.hypot(1, 0.1), sectionData: section });
    const marker = mbs.addMarker({ markerType: 'NodeRigid', nodeNumber: nodes[1] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0, -1, 0.5] });
    mbs.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0.3, 0, -0.2] });
    return nodes[1];
  },
  create: (v, label) => new PointSlope23Model(label, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates), Float64Array.from(v.initialVelocities)),
};

/** Factory for a 3D ANCF node with position and two cross-section slopes. */
export const NodePointSlope23 = makeFactory(nodePointSlope23Definition);
