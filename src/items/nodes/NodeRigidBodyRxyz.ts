import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { vector } from '../../registry/parameters.ts';
import { sameBits } from '../../linalg/arrays.ts';
import {
  rotXYZCosSin2GInto, rotXYZCosSin2GLocal_tInto, rotXYZCosSin2GLocalInto, rotXYZCosSin2G_tInto, rotXYZCosSin2RotationMatrixInto,
} from '../../rotations/rotationMatrices.ts';
import { RigidNodeModel, rigidNodeOutputs, rigidNodeExample, type RigidBodyNode } from './rigidNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0, 0, 0, 0], 'Reference position [x, y, z] and Tait–Bryan angles [θ0, θ1, θ2] (xyz sequence).', 6),
  initialCoordinates: vector([0, 0, 0, 0, 0, 0], 'Initial displacement and angle increments relative to the reference coordinates.', 6),
  initialVelocities: vector([0, 0, 0, 0, 0, 0], 'Initial velocity and angle rates θ̇.', 6),
};

/** Run-time model of a rigid-body node with Tait–Bryan angles θ = θ_ref + q[3..5], A = A_x(θ0) A_y(θ1) A_z(θ2). */
class RigidBodyRxyzNodeModel extends RigidNodeModel implements Only<RigidBodyNode, RigidBodyRxyzNodeModel> {
  readonly nAE = 0;
  readonly localAngularVelocityCoordinates = false;
  override readonly hasGLocalDotTerm = true;
  private readonly angles = new Float64Array(3);
  private readonly rates = new Float64Array(3);
  private readonly gDot = new Float64Array(9);
  /**
   * cos θ_i, sin θ_i of the total angles (rotXYZCosSinInto's layout) and the angles they belong to: a residual asks the
   * node for A, G_l and Ġ_lθ̇ several times at the same angles (the body's mass product, gyroscopic and mass-proportional
   * terms); each pair is formed again only when its angle differs (or is a zero of the other sign, whose sine differs).
   */
  private readonly cosSin = new Float64Array(6);
  private readonly cosSinAngles = new Float64Array([Number.NaN, Number.NaN, Number.NaN]);

  constructor(label: ItemLabel, reference: Float64Array, initial: Float64Array, velocities: Float64Array) {
    super(label, 6, 3, reference, initial, velocities, rigidNodeOutputs);
  }

  /** Total angles θ_ref + q (into this.angles). */
  private totalAngles(s: ItemState): Float64Array {
    const t = this.angles, q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3;
    t[0] = r[3] + q[i]; t[1] = r[4] + q[i + 1]; t[2] = r[5] + q[i + 2];
    return t;
  }

  /** The cosines and sines of the total angles at s (cosSin, formed again per angle that changed). */
  private currentCosSin(s: ItemState): Float64Array {
    const t = this.totalAngles(s), key = this.cosSinAngles, cs = this.cosSin;
    for (let i = 0; i < 3; i++) {
      const angle = t[i];
      if (!sameBits(angle, key[i])) {
        cs[2 * i] = Math.cos(angle); cs[2 * i + 1] = Math.sin(angle);
        key[i] = angle;
      }
    }
    return cs;
  }

  private angleRates(s: ItemState): Float64Array {
    const w = this.rates, u = s.u, i = this.uIndex + 3;
    w[0] = u[i]; w[1] = u[i + 1]; w[2] = u[i + 2];
    return w;
  }

  orientation(s: ItemState, out: Float64Array): void {
    rotXYZCosSin2RotationMatrixInto(out, this.currentCosSin(s));
  }

  gLocal(s: ItemState, out: Float64Array): void {
    rotXYZCosSin2GLocalInto(out, this.currentCosSin(s));
  }

  gGlobal(s: ItemState, out: Float64Array): void {
    rotXYZCosSin2GInto(out, this.currentCosSin(s));
  }

  /**
   * ∂ω/∂q at fixed θ̇ (3 × 6, position columns zero). The columns of G = [g0, g1, g2] are the axes e_x, A_x e_y,
   * A_x A_y e_z, and ∂g_k/∂θ_j = g_j × g_k for j < k (zero for j ≥ k), so ∂(G θ̇)/∂θ_j = g_j × Σ_{k>j} g_k θ̇_k.
   */
  angularVelocity_q(s: ItemState, out: Float64Array): void {
    const g = this.gWork;
    this.gGlobal(s, g);
    const w = this.angleRates(s);
    // b = Σ_{k>j} g_k θ̇_k for j = 1 (then j = 0 adds g1 θ̇1)
    let bx = g[2] * w[2], by = g[5] * w[2], bz = g[8] * w[2];
    for (let r = 0; r < 3; r++) { out[6 * r] = 0; out[6 * r + 1] = 0; out[6 * r + 2] = 0; out[6 * r + 5] = 0; }
    out[4] = g[4] * bz - g[7] * by; out[10] = g[7] * bx - g[1] * bz; out[16] = g[1] * by - g[4] * bx;
    bx += g[1] * w[1]; by += g[4] * w[1]; bz += g[7] * w[1];
    out[3] = g[3] * bz - g[6] * by; out[9] = g[6] * bx - g[0] * bz; out[15] = g[0] * by - g[3] * bx;
  }

  /**
   * ∂(Gᵀm)/∂θ with the columns of G = [e_x, (0, c0, s0), (s1, −s0c1, c0c1)]:
   * Gᵀm = (m0, c0 m1 + s0 m2, s1 m0 − s0 c1 m1 + c0 c1 m2).
   */
  override gTransposedVector_q(s: ItemState, m: ArrayLike<number>, out: Float64Array): void {
    const cs = this.currentCosSin(s);
    const c0 = cs[0], s0 = cs[1], c1 = cs[2], s1 = cs[3];
    out[0] = 0; out[1] = 0; out[2] = 0;
    out[3] = -s0 * m[1] + c0 * m[2]; out[4] = 0; out[5] = 0;
    out[6] = -c0 * c1 * m[1] - s0 * c1 * m[2]; out[7] = c1 * m[0] + s0 * s1 * m[1] - c0 * s1 * m[2]; out[8] = 0;
  }

  /** Ġ_l θ̇. */
  override gLocalDotRates(s: ItemState, out: Float64Array): void {
    const w = this.angleRates(s);
    rotXYZCosSin2GLocal_tInto(this.gDot, this.currentCosSin(s), w);
    multiply3(this.gDot, w, out);
  }

  /** α = G θ̈ + Ġ θ̇. */
  angularAcceleration(s: ItemState, out: Float64Array): void {
    this.gGlobal(s, this.gWork);
    this.multiplyRates(this.gWork, s.a, out);
    const w = this.angleRates(s);
    rotXYZCosSin2G_tInto(this.gDot, this.currentCosSin(s), w);
    const d = this.gDot;
    for (let r = 0; r < 3; r++) out[r] += d[3 * r] * w[0] + d[3 * r + 1] * w[1] + d[3 * r + 2] * w[2];
  }

  /** The total angles θ_ref + q themselves (no extraction from A, no wrapping). */
  rotationOutput(s: ItemState): Float64Array {
    return this.totalAngles(s).slice();
  }
}

function multiply3(m: Float64Array, x: Float64Array, out: Float64Array): void {
  for (let r = 0; r < 3; r++) out[r] = m[3 * r] * x[0] + m[3 * r + 1] * x[1] + m[3 * r + 2] * x[2];
}

/** A 3D rigid-body node with Tait–Bryan (xyz) angles (Exudyn's NodeRigidBodyRxyz, alias RigidRxyz). */
export const nodeRigidBodyRxyzDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'RigidBodyRxyz',
  aliases: ['RigidRxyz'],
  description: 'A 3D rigid-body node with 6 ODE2 coordinates: the displacement of the reference point and Tait–Bryan angles θ '
    + '(rotation sequence x, y, z about the rotated axes; A = A_x(θ0) A_y(θ1) A_z(θ2)). Singular at θ1 = ±π/2. '
    + 'The Rotation output is the total angle vector θ_ref + q.',
  parameters,
  outputVariables: rigidNodeOutputs,
  equations: 'ω = G θ̇ with G = [[1, 0, s₁], [0, c₀, −c₁s₀], [0, s₀, c₀c₁]]; ω̄ = G_l θ̇ with G_l = [[c₁c₂, s₂, 0], [−c₁s₂, c₂, 0], [s₁, 0, 1]] '
    + '(cᵢ = cos θᵢ, sᵢ = sin θᵢ). AngularAcceleration = G θ̈ + Ġ θ̇.',
  example: (mbs) => rigidNodeExample(mbs, 'RigidBodyRxyz', [0.1, 0.2, 0.3, 0.4, -0.3, 0.2], [0.5, 0, -0.2, 1, -2, 0.5]),
  create: (v, label) => new RigidBodyRxyzNodeModel(label, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates),
    Float64Array.from(v.initialVelocities)),
};

/** Factory for a Tait–Bryan angle rigid-body node. */
export const NodeRigidBodyRxyz = makeFactory(nodeRigidBodyRxyzDefinition);
/** Exudyn's alias of {@link NodeRigidBodyRxyz}. */
export const RigidRxyz = NodeRigidBodyRxyz;
