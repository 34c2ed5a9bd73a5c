import type { ItemState, PositionNodeModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { coordinateOutput } from './coordinateOutputs.ts';
import { NodeBase } from './nodeBase.ts';

/**
 * The point part of 3D ANCF nodes (NodePointSlope1, NodePointSlope23): coordinates [r, slopes…], all displacements
 * from the reference; position, velocity and acceleration are the first three.
 */
export abstract class SlopeNodeBase extends NodeBase implements PositionNodeModel {
  readonly nu: number;
  readonly nAE = 0;
  readonly isGround = false;
  readonly positionDimension = 3;

  constructor(label: ItemLabel, readonly nq: number, referenceCoordinates: Float64Array, initialCoordinates: Float64Array, initialVelocities: Float64Array) {
    super(label, referenceCoordinates, initialCoordinates, initialVelocities);
    this.nu = nq;
  }

  position(s: ItemState, out: Float64Array): void {
    for (let k = 0; k < 3; k++) out[k] = this.referenceCoordinates[k] + s.q[this.qIndex + k];
  }

  velocity(s: ItemState, out: Float64Array): void {
    for (let k = 0; k < 3; k++) out[k] = s.u[this.uIndex + k];
  }

  acceleration(s: ItemState, out: Float64Array): void {
    for (let k = 0; k < 3; k++) out[k] = s.a[this.uIndex + k];
  }

  /** [I₃, 0] (3 × n_u). */
  positionJacobian(_s: ItemState, out: Float64Array): void {
    const n = this.nu;
    out.fill(0, 0, 3 * n);
    for (let k = 0; k < 3; k++) out[k * n + k] = 1;
  }

  abstract output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined;

  /** Position, Displacement, Velocity, Acceleration and the coordinate outputs. */
  protected pointOutput(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, out); return out;
      case OutputVariableType.Displacement: for (let k = 0; k < 3; k++) out[k] = s.q[this.qIndex + k]; return out;
      case OutputVariableType.Velocity: this.velocity(s, out); return out;
      case OutputVariableType.Acceleration: this.acceleration(s, out); return out;
      default: return coordinateOutput(this, variable, s);
    }
  }
}
