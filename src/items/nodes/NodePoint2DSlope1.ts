import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, NodeModel, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { vector } from '../../registry/parameters.ts';
import { coordinateOutput, coordinateOutputVariables } from './coordinateOutputs.ts';
import { NodeBase } from './nodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 1, 0], 'Reference coordinates [x, y, x\', y\']: position of the point and its slope vector r\' = ∂r/∂x.', 4),
  initialCoordinates: vector([0, 0, 0, 0], 'Initial displacement coordinates: displacement of the point and change of the slope vector.', 4),
  initialVelocities: vector([0, 0, 0, 0], 'Initial velocity coordinates.', 4),
};

/**
 * Run-time model of a planar point/slope node (ANCF): four ODE2 coordinates [x, y, x', y'], all
 * displacements from the reference; the first two are the point, the last two its slope vector.
 */
class Point2DSlope1Model extends NodeBase implements Only<NodeModel, Point2DSlope1Model> {
  readonly nq = 4;
  readonly nu = 4;
  readonly nAE = 0;
  readonly isGround = false;
  readonly positionDimension = 2;

  constructor(label: ItemLabel, referenceCoordinates: Float64Array, initialCoordinates: Float64Array, initialVelocities: Float64Array) {
    super(label, referenceCoordinates, initialCoordinates, initialVelocities);
  }

  position(s: ItemState, out: Float64Array): void {
    out[0] = this.referenceCoordinates[0] + s.q[this.qIndex];
    out[1] = this.referenceCoordinates[1] + s.q[this.qIndex + 1];
    out[2] = 0;
  }

  velocity(s: ItemState, out: Float64Array): void {
    out[0] = s.u[this.uIndex];
    out[1] = s.u[this.uIndex + 1];
    out[2] = 0;
  }

  acceleration(s: ItemState, out: Float64Array): void {
    out[0] = s.a[this.uIndex];
    out[1] = s.a[this.uIndex + 1];
    out[2] = 0;
  }

  positionJacobian(_s: ItemState, out: Float64Array): void {
    out.fill(0, 0, 12);
    out[0] = 1;
    out[5] = 1;
  }

  /** The slope vector r' (total coordinates) and g = |r'|². */
  private slope(s: ItemState): [number, number, number] {
    const x = this.referenceCoordinates[2] + s.q[this.qIndex + 2];
    const y = this.referenceCoordinates[3] + s.q[this.qIndex + 3];
    return [x, y, x * x + y * y];
  }

  /** Rotation about z by φ = atan2(r'_y, r'_x) (the slope [1, 0] is φ = 0), as Exudyn's node. */
  orientation(s: ItemState, out: Float64Array): void {
    const [x, y] = this.slope(s);
    const phi = Math.atan2(y, x);
    const c = Math.cos(phi), sn = Math.sin(phi);
    out[0] = c; out[1] = -sn; out[2] = 0;
    out[3] = sn; out[4] = c; out[5] = 0;
    out[6] = 0; out[7] = 0; out[8] = 1;
  }

  /** ω_z = (r'_x ṙ'_y − r'_y ṙ'_x)/|r'|². */
  angularVelocity(s: ItemState, out: Float64Array): void {
    const [x, y, g] = this.slope(s);
    out[0] = 0;
    out[1] = 0;
    out[2] = (x * s.u[this.uIndex + 3] - y * s.u[this.uIndex + 2]) / g;
  }

  /** Planar: the local angular velocity equals the global one. */
  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    this.angularVelocity(s, out);
  }

  /** ∂ω/∂u (3 × 4): row z [0, 0, −r'_y/g, r'_x/g]. */
  rotationJacobian(s: ItemState, out: Float64Array): void {
    const [x, y, g] = this.slope(s);
    out.fill(0, 0, 12);
    out[10] = -y / g;
    out[11] = x / g;
  }

  /** ∂ω/∂Δq at fixed u (3 × 4): row z, the derivative of (x u3 − y u2)/g by the slope coordinates. */
  angularVelocity_q(s: ItemState, out: Float64Array): void {
    const [x, y, g] = this.slope(s);
    const u2 = s.u[this.uIndex + 2], u3 = s.u[this.uIndex + 3];
    const numerator = x * u3 - y * u2;
    out.fill(0, 0, 12);
    out[10] = (u3 * g - 2 * x * numerator) / (g * g);
    out[11] = (-u2 * g - 2 * y * numerator) / (g * g);
  }

  /**
   * factor·∂(J_rotᵀ τ)/∂Δq (4 × 4): only τ_z and the slope coordinates, ∂(−y/g)/∂(x, y) and ∂(x/g)/∂(x, y); the position
   * Jacobian is constant.
   */
  jacobianTransposedVector_q(s: ItemState, _force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void {
    if (torque === undefined || torque[2] === 0) return;
    const [x, y, g] = this.slope(s);
    const c = factor * torque[2] / (g * g);
    k[2 * 4 + 2] += c * 2 * x * y;
    k[2 * 4 + 3] += c * (2 * y * y - g);
    k[3 * 4 + 2] += c * (g - 2 * x * x);
    k[3 * 4 + 3] += c * -2 * x * y;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, out); return out;
      case OutputVariableType.Displacement:
        out[0] = s.q[this.qIndex];
        out[1] = s.q[this.qIndex + 1];
        return out;
      case OutputVariableType.Velocity: this.velocity(s, out); return out;
      case OutputVariableType.Acceleration: this.acceleration(s, out); return out;
      default: return coordinateOutput(this, variable, s);
    }
  }
}

/** A planar ANCF node with position and slope vector (Exudyn's NodePoint2DSlope1). */
export const nodePoint2DSlope1Definition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'Point2DSlope1',
  aliases: ['Point2DS1'],
  description: 'A point in the x-y plane with its slope vector r\' = ∂r/∂x (for planar ANCF cable elements): four ODE2 coordinates [x, y, x\', y\'], the displacement from the reference coordinates. A straight reference along x has the slope [1, 0]. Position outputs are 3-vectors with z = 0. As a frame (MarkerNodeRigid) it rotates about z by φ = atan2(r\'_y, r\'_x), with ω_z = (r\' × ṙ\')/|r\'|² (Exudyn\'s).',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity,
    OutputVariableType.Acceleration, ...coordinateOutputVariables,
  ],
  example: (mbs) => {
    const nodes = [0, 1].map((x) => mbs.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [x, 0.2 * x, 1, 0.2], initialVelocities: [0.1, -0.3 * x, 0, 0.2] }));
    mbs.addObject({ objectType: 'ANCFCable2D', nodeNumbers: nodes, physicsLength: Math.hypot(1, 0.2), physicsMassPerLength: 0.8, physicsBendingStiffness: 2, physicsAxialStiffness: 50 });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'NodePosition', nodeNumber: nodes[1] }), loadVector: [0, -1, 0] });
    return nodes[1];
  },
  create: (v, label) => new Point2DSlope1Model(label, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates), Float64Array.from(v.initialVelocities)),
};

/** Factory for a planar point/slope node. */
export const NodePoint2DSlope1 = makeFactory(nodePoint2DSlope1Definition);
/** Exudyn's alias of {@link NodePoint2DSlope1}. */
export const Point2DS1 = NodePoint2DSlope1;
