import { constantJacobianTransposedVector_q, type ItemState, type NodeModel, type Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { coordinateOutput, coordinateOutputVariables } from './coordinateOutputs.ts';
import { NodeBase } from './nodeBase.ts';
import { float64Views } from '../../linalg/arrays.ts';

/** Output variables of nodes that represent a point (Point, Point2D, PointGround). */
export const pointNodeOutputs = [
  OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity,
  OutputVariableType.Acceleration, ...coordinateOutputVariables,
] as const;

/**
 * A node whose coordinates are the displacement components of one point in 3D or 2D
 * (q = position − reference, u = q̇). Ground nodes have no coordinates.
 */
export class PointNodeModel extends NodeBase implements Only<NodeModel, PointNodeModel> {
  readonly nq: number;
  readonly nu: number;
  readonly nAE = 0;
  readonly isGround: boolean;

  constructor(
    label: ItemLabel,
    readonly positionDimension: 2 | 3,
    referenceCoordinates: ArrayLike<number>,
    initialCoordinates: ArrayLike<number> | undefined,
    initialVelocities: ArrayLike<number> | undefined,
  ) {
    // the reference and both initial vectors in one buffer (issue 12, build memory; part21, build time)
    const [r, q0, u0] = float64Views([referenceCoordinates.length, initialCoordinates?.length ?? 0, initialVelocities?.length ?? 0]);
    r.set(referenceCoordinates);
    if (initialCoordinates !== undefined) q0.set(initialCoordinates);
    if (initialVelocities !== undefined) u0.set(initialVelocities);
    super(label, r, q0, u0);
    this.isGround = initialCoordinates === undefined;
    this.nq = this.isGround ? 0 : positionDimension;
    this.nu = this.nq;
  }

  position(s: ItemState, out: Float64Array): void {
    const d = this.positionDimension;
    const r = this.referenceCoordinates;
    if (this.isGround) {
      for (let i = 0; i < d; i++) out[i] = r[i] + 0;
    } else {
      const q = s.q, first = this.qIndex;
      for (let i = 0; i < d; i++) out[i] = r[i] + q[first + i];
    }
    if (d === 2) out[2] = 0;
  }

  velocity(s: ItemState, out: Float64Array): void {
    this.copyRate(s.u, out);
  }

  acceleration(s: ItemState, out: Float64Array): void {
    this.copyRate(s.a, out);
  }

  positionJacobian(_s: ItemState, out: Float64Array): void {
    const n = this.nu;
    // a loop: the built-in fill with a range costs more than these 9 (or 6) stores
    for (let k = 0; k < 3 * n; k++) out[k] = 0;
    for (let i = 0; i < n; i++) out[i * n + i] = 1;
  }

  /** The position Jacobian is constant: no contribution to load Jacobians. */
  readonly jacobianTransposedVector_q = constantJacobianTransposedVector_q;

  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined {
    const d = this.positionDimension;
    const out = into !== undefined && into.length === 3 ? into : new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, out); return out;
      case OutputVariableType.Displacement:
        this.position(s, out);
        for (let i = 0; i < d; i++) out[i] -= this.referenceCoordinates[i];
        return out;
      case OutputVariableType.Velocity: this.velocity(s, out); return out;
      case OutputVariableType.Acceleration: this.acceleration(s, out); return out;
      default: return this.isGround ? undefined : coordinateOutput(this, variable, s, into);
    }
  }

  private copyRate(source: Float64Array, out: Float64Array): void {
    out[0] = 0; out[1] = 0; out[2] = 0;
    if (this.isGround) return;
    const n = this.nu, first = this.uIndex;
    for (let i = 0; i < n; i++) out[i] = source[first + i];
  }
}
