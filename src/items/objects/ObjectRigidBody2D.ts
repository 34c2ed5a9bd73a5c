import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, LocalMatrixAccumulator, NodeModel, Only, ObjectModel, BodyModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { nodeIndex, ureal, vector } from '../../registry/parameters.ts';
import { RigidBody2DNodeModel } from '../nodes/NodeRigidBody2D.ts';
import { RigidBodyBase, rigidBodyOutputs } from './rigidBodyBase.ts';
import { float64Views, zeroArray } from '../../linalg/arrays.ts';

const parameters = {
  physicsMass: ureal(0, 'Mass m [kg] of the body.'),
  physicsInertia: ureal(0, 'Inertia J [kg m²] about the z-axis through the reference point (the node), not necessarily the COM.'),
  physicsCenterOfMass: vector([0, 0], 'Local position c = [cx, cy] of the center of mass relative to the reference point; [0, 0] skips all COM terms.', 2, 'Vector2D'),
  nodeNumber: nodeIndex('Planar rigid-body node (RigidBody2D).'),
};

/**
 * Run-time model of a planar rigid body on a RigidBody2D node, coordinates [x, y, φ]:
 * M = [[m, 0, b0], [0, m, b1], [b0, b1, J]] with b = m A₂ [−cy, cx]; LHS_xy = −m φ̇² A₂ c.
 */
class RigidBody2DModel extends RigidBodyBase<RigidBody2DNodeModel> implements Only<ObjectModel & BodyModel, RigidBody2DModel> {
  readonly ode2LhsDependsOnVelocity = true;
  readonly hasConstantMassMatrix: boolean;
  /** Present only with a COM offset (the quadratic velocity term); its Jacobians are numerical. */
  readonly ode2Lhs?: (s: ItemState, f: Float64Array) => void;
  private readonly hasCom: boolean;
  /** With a COM offset the mass-proportional force turns with the body (Q_θ = Gᵀ((Aχ) × m b)). */
  readonly massProportionalForceDependsOnCoordinates: boolean;
  private readonly cx: number;
  private readonly cy: number;
  /** cos φ and sin φ of the node (its cached values: the markers' Jacobians ask at the same angle many times per residual). */
  private readonly cs = float64Views([2])[0];

  constructor(label: ItemLabel, nodeNumber: number, private readonly mass: number, private readonly inertia: number, com: ArrayLike<number>) {
    super(label, nodeNumber);
    this.cx = com[0];
    this.cy = com[1];
    this.hasCom = !(com[0] === 0 && com[1] === 0);
    this.massProportionalForceDependsOnCoordinates = this.hasCom;
    this.hasConstantMassMatrix = !this.hasCom;
    if (this.hasCom) {
      this.ode2Lhs = (s, f) => {
        const phi = this.node.angle(s);
        const c = Math.cos(phi), sn = Math.sin(phi);
        const omega = s.u[this.node.uIndex + 2];
        const factor = -(this.mass * (omega * omega));
        f[0] += factor * (c * this.cx - sn * this.cy);
        f[1] += factor * (sn * this.cx + c * this.cy);
      };
    }
  }

  protected resolveNode(node: NodeModel): RigidBody2DNodeModel {
    if (!(node instanceof RigidBody2DNodeModel)) {
      itemError(this.label, 'nodeNumber', `must refer to a planar rigid-body node (NodeRigidBody2D), got ${node.label.category}${node.label.typeName} #${node.label.index}`);
    }
    return node;
  }

  protected allocate(): void {}

  /** b = m A₂ [−cy, cx] (zero without COM offset). */
  private couplingVector(s: ItemState, out: Float64Array): void {
    if (!this.hasCom) { out[0] = 0; out[1] = 0; return; }
    const phi = this.node.angle(s);
    const c = Math.cos(phi), sn = Math.sin(phi);
    out[0] = this.mass * (c * -this.cy - sn * this.cx);
    out[1] = this.mass * (sn * -this.cy + c * this.cx);
  }

  massMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    const m = this.localMatrix;
    zeroArray(m);
    m[0] += this.mass; m[4] += this.mass; m[8] += this.inertia;
    if (this.hasCom) {
      const b = this.w0;
      this.couplingVector(s, b);
      m[2] += b[0]; m[6] += b[0];
      m[5] += b[1]; m[7] += b[1];
    }
    acc.addBlock(0, 0, 3, 3, m, 0, 3, 1);
  }

  /**
   * out[ltg[r]] += (M a)_r with a read at a[ltg[c]], without the local matrix: massMatrix's entries (each added onto the
   * zeroed matrix, so 0 + value) times a, summed per row from 0 over the three columns in order, the zeros included —
   * the operations of the product with the local matrix, so the same values to the last bit.
   */
  massMatrixProduct(s: ItemState, a: Float64Array, ltg: Int32Array, out: Float64Array): void {
    const a0 = a[ltg[0]], a1 = a[ltg[1]], a2 = a[ltg[2]];
    const m = 0 + this.mass, J = 0 + this.inertia;
    let b0 = 0, b1 = 0;
    if (this.hasCom) {
      const b = this.w0;
      this.couplingVector(s, b);
      b0 = 0 + b[0]; b1 = 0 + b[1];
    }
    out[ltg[0]] += 0 + m * a0 + 0 * a1 + b0 * a2;
    out[ltg[1]] += 0 + 0 * a0 + m * a1 + b1 * a2;
    out[ltg[2]] += 0 + b0 * a0 + b1 * a1 + J * a2;
  }

  /**
   * At the reference point: J_pos = [[1, 0, 0], [0, 1, 0], [0, 0, 0]] gives sign·force in the two position rows (1·f_i
   * plus zero products in the product with positionJacobian), J_rot = [0 | e_z] the torque's z entry in the angle row.
   */
  addOriginLoad(_s: ItemState, force: ArrayLike<number>, sign: number, torque: ArrayLike<number> | undefined, out: Float64Array, offset: number): void {
    out[offset] += sign * force[0];
    out[offset + 1] += sign * force[1];
    if (torque !== undefined) out[offset + 2] += torque[2];
  }

  /**
   * p + A x with A = R_z(φ) from the node's cosine and sine: the operations of the generic p + A x (each product with
   * A's zero entries included, so the same values to the last bit) without a rotation matrix written and read.
   */
  override position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x0 = localPosition[0], x1 = localPosition[1], x2 = localPosition[2];
    this.node.position(s, out);
    if (!(x0 === 0 && x1 === 0 && x2 === 0)) this.addRotated(s, x0, x1, x2, out);
  }

  /** u̇ + A (ω̄ × x) with ω̄ = (0, 0, φ̇): the generic operations (as {@link RigidBody2DModel.position}), without work arrays. */
  override velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x0 = localPosition[0], x1 = localPosition[1], x2 = localPosition[2];
    if (x0 === 0 && x1 === 0 && x2 === 0) {
      this.node.velocity(s, out);
      return;
    }
    const omega = s.u[this.node.uIndex + 2];
    const wx = 0 * x2 - omega * x1, wy = omega * x0 - 0 * x2, wz = 0 * x1 - 0 * x0;
    this.node.velocity(s, out);
    this.addRotated(s, wx, wy, wz, out);
  }

  /**
   * out += A w with A = R_z(φ) from the node's cosine and sine at s: the generic product's operations, A's zero entries
   * included, so the same values to the last bit.
   */
  private addRotated(s: ItemState, w0: number, w1: number, w2: number, out: Float64Array): void {
    const cs = this.cs;
    this.node.cosSin(s, cs);
    const c = cs[0], sn = cs[1];
    out[0] += c * w0 + -sn * w1 + 0 * w2;
    out[1] += sn * w0 + c * w1 + 0 * w2;
    out[2] += 0 * w0 + 0 * w1 + w2;
  }

  /** [[1, 0, −sin φ x0 − cos φ x1], [0, 1, cos φ x0 − sin φ x1], [0, 0, 0]]. */
  positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const cs = this.cs;
    this.node.cosSin(s, cs);
    const c = cs[0], sn = cs[1];
    const x0 = localPosition[0], x1 = localPosition[1];
    out[0] = 1; out[1] = 0; out[2] = -sn * x0 - c * x1;
    out[3] = 0; out[4] = 1; out[5] = c * x0 - sn * x1;
    out[6] = 0; out[7] = 0; out[8] = 0;
  }

  /**
   * Kinematic part of load Jacobians at the local position x: Jᵀ F has the angle entry F·(A′x) (A = R_z(φ)), whose
   * derivative is F·(A″x) = −F·(A x) (in-plane part) in the angle row and column; the translation columns of J and the
   * rotation Jacobian are constant, so torques add nothing.
   */
  jacobianTransposedVector_q(s: ItemState, localPosition: ArrayLike<number>, force: ArrayLike<number> | undefined, _torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void {
    if (force === undefined) return;
    const cs = this.cs;
    this.node.cosSin(s, cs);
    const c = cs[0], sn = cs[1];
    const x0 = localPosition[0], x1 = localPosition[1];
    k[8] -= factor * (force[0] * (c * x0 - sn * x1) + force[1] * (sn * x0 + c * x1));
  }

  /** Adds Jmᵀ g with the mass integral Jm = [[m, 0, b0], [0, m, b1], [0, 0, 0]]. */
  massProportionalForce(s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    f[0] += this.mass * loadPerMass[0];
    f[1] += this.mass * loadPerMass[1];
    if (!this.hasCom) return;
    const b = this.w0;
    this.couplingVector(s, b);
    f[2] += b[0] * loadPerMass[0] + b[1] * loadPerMass[1];
  }

  /** m on the two translations without COM offset (massProportionalForce's terms there), else undefined. */
  translationalMass(): readonly [number, number] | undefined {
    return this.hasCom ? undefined : [this.mass, 2];
  }

  /** Exudyn's quirk: the displacement coordinate q2 only (reference angle not added), one value. */
  protected rotationOutput(s: ItemState): number[] {
    return [s.q[this.node.qIndex + 2]];
  }

  /** T = ½ uᵀ M u. */
  protected kineticEnergy(s: ItemState): number {
    const i = this.node.uIndex;
    const vx = s.u[i], vy = s.u[i + 1], w = s.u[i + 2];
    const b = new Float64Array(2);
    this.couplingVector(s, b);
    return 0.5 * (this.mass * (vx * vx + vy * vy) + this.inertia * w * w) + w * (b[0] * vx + b[1] * vy);
  }
}

/** A planar rigid body on a RigidBody2D node (Exudyn's ObjectRigidBody2D, alias RigidBody2D). */
export const objectRigidBody2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'RigidBody2D',
  aliases: ['RigidBody2D'],
  description: 'A rigid body in the x-y plane on a NodeRigidBody2D: mass m, inertia J about the z-axis through the reference point, '
    + 'center of mass c (body frame). Markers attach at local positions (z allowed). As in Exudyn the Rotation output is the '
    + 'displacement angle q2 only, without the reference angle.',
  parameters,
  outputVariables: rigidBodyOutputs,
  equations: 'c = 0: M = diag(m, m, J), no left-hand side terms. c ≠ 0: b = m A₂[−c_y, c_x], M = [[m, 0, b₀], [0, m, b₁], [b₀, b₁, J]], '
    + 'LHS_xy = −m φ̇² A₂ c (numerical Jacobians). Position Jacobian at x: [[1, 0, −sin φ x₀ − cos φ x₁], [0, 1, cos φ x₀ − sin φ x₁], [0, 0, 0]]; '
    + 'for connector and load Jacobians ∂(Jᵀ F)/∂φ at fixed F = −F·(A x) in the angle row (A = R_z(φ)).',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [0.5, -0.2, 0.4], initialVelocities: [0.3, 0.1, 2] });
    const body = mbs.addObject({ objectType: 'RigidBody2D', physicsMass: 2, physicsInertia: 0.3, physicsCenterOfMass: [0.1, -0.05], nodeNumber: node });
    const marker = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.3, 0.2, 0] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [1, -2, 0], bodyFixed: true });
    mbs.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0, 0, 0.5] });
    return body;
  },
  validate: (v, label) => {
    // J about the reference point = J_COM + m|c|² with J_COM ≥ 0 (tolerance: round-off of a computed J).
    const c = v.physicsCenterOfMass;
    const parallelAxis = v.physicsMass * (c[0] * c[0] + c[1] * c[1]);
    if (v.physicsInertia < parallelAxis * (1 - 1e-12)) {
      itemError(label, 'physicsInertia', `must be at least physicsMass·|physicsCenterOfMass|² = ${parallelAxis} (the inertia about the reference point includes the parallel-axis term), got ${v.physicsInertia}`);
    }
  },
  create: (v, label) => new RigidBody2DModel(label, v.nodeNumber, v.physicsMass, v.physicsInertia, v.physicsCenterOfMass),
};

/** Factory for a planar rigid body. */
export const ObjectRigidBody2D = makeFactory(objectRigidBody2DDefinition);
/** Exudyn's alias of {@link ObjectRigidBody2D}. */
export const RigidBody2D = ObjectRigidBody2D;
