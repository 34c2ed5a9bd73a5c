import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { bool, vector } from '../../registry/parameters.ts';
import { eulerParameters2GInto } from '../../rotations/rotationMatrices.ts';
import { checkUnitEulerParameters, RigidNodeModel, rigidNodeOutputs, rotXYZOfOrientation, rigidNodeExample, type RigidBodyNode } from './rigidNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0, 0, 0, 0, 0], 'Reference position [x, y, z] and Euler parameters [p0, p1, p2, p3] (p0 scalar part); give e.g. [0, 0, 0, 1, 0, 0, 0].', 7),
  initialCoordinates: vector([0, 0, 0, 0, 0, 0, 0], 'Initial displacement and Euler-parameter increments relative to the reference coordinates.', 7),
  initialVelocities: vector([0, 0, 0, 0, 0, 0, 0], 'Initial velocity and Euler-parameter rates ṗ (e.g. ¼ Gᵀ ω for a global angular velocity ω).', 7),
  addConstraintEquation: bool(true, 'If true the node adds the Euler-parameter constraint p·p − 1 = 0 (one algebraic equation); if false the user must constrain the parameters.'),
};

/** Run-time model of a rigid-body node with Euler parameters p = p_ref + q[3..6] (never normalized, as in Exudyn). */
class RigidBodyEPNodeModel extends RigidNodeModel implements Only<RigidBodyNode, RigidBodyEPNodeModel> {
  readonly nAE: number;
  readonly localAngularVelocityCoordinates = false;

  constructor(label: ItemLabel, reference: Float64Array, initial: Float64Array, velocities: Float64Array, addConstraint: boolean) {
    super(label, 7, 4, reference, initial, velocities, rigidNodeOutputs);
    this.nAE = addConstraint ? 1 : 0;
  }

  /**
   * A(p) exactly in Exudyn's form (diagonal 1 − 2p_j² − 2p_k²), not orthogonal when |p| ≠ 1. This and the other
   * per-iteration kinematics form p = p_ref + q in locals (without a call and stores and loads through a work array,
   * which cost baseline code, that a fresh process's first solve runs in, as much as the arithmetic).
   */
  orientation(s: ItemState, out: Float64Array): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3;
    const p0 = r[3] + q[i], p1 = r[4] + q[i + 1], p2 = r[5] + q[i + 2], p3 = r[6] + q[i + 3];
    out[0] = -2 * p3 * p3 - 2 * p2 * p2 + 1; out[1] = -2 * p3 * p0 + 2 * p2 * p1; out[2] = 2 * p3 * p1 + 2 * p2 * p0;
    out[3] = 2 * p3 * p0 + 2 * p2 * p1; out[4] = -2 * p3 * p3 - 2 * p1 * p1 + 1; out[5] = 2 * p3 * p2 - 2 * p1 * p0;
    out[6] = -2 * p2 * p0 + 2 * p3 * p1; out[7] = 2 * p3 * p2 + 2 * p1 * p0; out[8] = -2 * p2 * p2 - 2 * p1 * p1 + 1;
  }

  /** G_l(p) as eulerParameters2GLocalInto, p in locals (see orientation). */
  gLocal(s: ItemState, out: Float64Array): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3;
    const e0 = 2 * (r[3] + q[i]), e1 = 2 * (r[4] + q[i + 1]), e2 = 2 * (r[5] + q[i + 2]), e3 = 2 * (r[6] + q[i + 3]);
    out[0] = -e1; out[1] = e0; out[2] = e3; out[3] = -e2;
    out[4] = -e2; out[5] = -e3; out[6] = e0; out[7] = e1;
    out[8] = -e3; out[9] = e2; out[10] = -e1; out[11] = e0;
  }

  /** G(p) as eulerParameters2GInto, p in locals (see orientation). */
  gGlobal(s: ItemState, out: Float64Array): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3;
    const e0 = 2 * (r[3] + q[i]), e1 = 2 * (r[4] + q[i + 1]), e2 = 2 * (r[5] + q[i + 2]), e3 = 2 * (r[6] + q[i + 3]);
    out[0] = -e1; out[1] = e0; out[2] = -e3; out[3] = e2;
    out[4] = -e2; out[5] = e3; out[6] = e0; out[7] = -e1;
    out[8] = -e3; out[9] = -e2; out[10] = e1; out[11] = e0;
  }

  /**
   * Gᵀτ added to the rotation entries, each as the base class sums the column of gGlobal's G (the entries in locals,
   * without the work matrix: a torque on an Euler-parameter body adds this in every residual).
   */
  override addRotationJacobianTransposed(s: ItemState, torque: ArrayLike<number>, out: Float64Array, offset: number): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3, t0 = torque[0], t1 = torque[1], t2 = torque[2], o = offset + 3;
    const e0 = 2 * (r[3] + q[i]), e1 = 2 * (r[4] + q[i + 1]), e2 = 2 * (r[5] + q[i + 2]), e3 = 2 * (r[6] + q[i + 3]);
    out[o] += -e1 * t0 + -e2 * t1 + -e3 * t2;
    out[o + 1] += e0 * t0 + e3 * t1 + -e2 * t2;
    out[o + 2] += -e3 * t0 + e0 * t1 + e1 * t2;
    out[o + 3] += e2 * t0 + -e1 * t1 + e0 * t2;
  }

  /**
   * out[0…2] += 0·τ's sum and out[3…6] += Gᵀτ for τ = A τ_local (into `torque`): orientation's A, mat3MulVecInto's
   * product, the zero block's sum and addRotationJacobianTransposed's rows, in their order, with p, A and G in locals (a
   * body-fixed torque adds this in every residual; one call instead of three).
   */
  override addRotatedTorque(s: ItemState, localTorque: ArrayLike<number>, torque: Float64Array, out: Float64Array): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3;
    const p0 = r[3] + q[i], p1 = r[4] + q[i + 1], p2 = r[5] + q[i + 2], p3 = r[6] + q[i + 3];
    const x0 = localTorque[0], x1 = localTorque[1], x2 = localTorque[2];
    const t0 = (-2 * p3 * p3 - 2 * p2 * p2 + 1) * x0 + (-2 * p3 * p0 + 2 * p2 * p1) * x1 + (2 * p3 * p1 + 2 * p2 * p0) * x2;
    const t1 = (2 * p3 * p0 + 2 * p2 * p1) * x0 + (-2 * p3 * p3 - 2 * p1 * p1 + 1) * x1 + (2 * p3 * p2 - 2 * p1 * p0) * x2;
    const t2 = (-2 * p2 * p0 + 2 * p3 * p1) * x0 + (2 * p3 * p2 + 2 * p1 * p0) * x1 + (-2 * p2 * p2 - 2 * p1 * p1 + 1) * x2;
    torque[0] = t0; torque[1] = t1; torque[2] = t2;
    const zero = 0 * t0 + 0 * t1 + 0 * t2;
    out[0] += zero; out[1] += zero; out[2] += zero;
    const e0 = 2 * p0, e1 = 2 * p1, e2 = 2 * p2, e3 = 2 * p3;
    out[3] += -e1 * t0 + -e2 * t1 + -e3 * t2;
    out[4] += e0 * t0 + e3 * t1 + -e2 * t2;
    out[5] += -e3 * t0 + e0 * t1 + e1 * t2;
    out[6] += e2 * t0 + -e1 * t1 + e0 * t2;
  }

  /**
   * ω = G ṗ written out (no work matrix): each row's sum from 0 over the four products in the order of the base class's
   * G·ṗ, so the same numbers (every contact on an Euler-parameter body asks for it in each residual).
   */
  override angularVelocity(s: ItemState, out: Float64Array): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3, u = s.u, j = this.uIndex + 3;
    const e0 = 2 * (r[3] + q[i]), e1 = 2 * (r[4] + q[i + 1]), e2 = 2 * (r[5] + q[i + 2]), e3 = 2 * (r[6] + q[i + 3]);
    const d0 = u[j], d1 = u[j + 1], d2 = u[j + 2], d3 = u[j + 3];
    out[0] = 0 + -e1 * d0 + e0 * d1 + -e3 * d2 + e2 * d3;
    out[1] = 0 + -e2 * d0 + e3 * d1 + e0 * d2 + -e1 * d3;
    out[2] = 0 + -e3 * d0 + -e2 * d1 + e1 * d2 + e0 * d3;
  }

  /**
   * ω̄ = G_l ṗ written out: each row's sum from 0 over the four products in the order of the base class's G_l·ṗ (the
   * same numbers), without the work matrix.
   */
  override angularVelocityLocal(s: ItemState, out: Float64Array): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3, u = s.u, j = this.uIndex + 3;
    const e0 = 2 * (r[3] + q[i]), e1 = 2 * (r[4] + q[i + 1]), e2 = 2 * (r[5] + q[i + 2]), e3 = 2 * (r[6] + q[i + 3]);
    const d0 = u[j], d1 = u[j + 1], d2 = u[j + 2], d3 = u[j + 3];
    out[0] = 0 + -e1 * d0 + e0 * d1 + e3 * d2 + -e2 * d3;
    out[1] = 0 + -e2 * d0 + -e3 * d1 + e0 * d2 + e1 * d3;
    out[2] = 0 + -e3 * d0 + e2 * d1 + -e1 * d2 + e0 * d3;
  }

  /** [0 | G] (3 × 7) written directly: the entries of the base class's copy of gGlobal, without the work matrix. */
  override rotationJacobian(s: ItemState, out: Float64Array): void {
    const q = s.q, r = this.referenceCoordinates, i = this.qIndex + 3;
    const e0 = 2 * (r[3] + q[i]), e1 = 2 * (r[4] + q[i + 1]), e2 = 2 * (r[5] + q[i + 2]), e3 = 2 * (r[6] + q[i + 3]);
    out[0] = 0; out[1] = 0; out[2] = 0; out[3] = -e1; out[4] = e0; out[5] = -e3; out[6] = e2;
    out[7] = 0; out[8] = 0; out[9] = 0; out[10] = -e2; out[11] = e3; out[12] = e0; out[13] = -e1;
    out[14] = 0; out[15] = 0; out[16] = 0; out[17] = -e3; out[18] = -e2; out[19] = e1; out[20] = e0;
  }

  /**
   * The radial direction p of a rotated vector A v_local: A(λp) = I + λ²(A − I) gives ∂(A v_local)/∂p along p as
   * 2(A − I)v_local, entered as 2(A − I)v_local pᵀ/(p·p) (nothing along the tangent directions p·δp = 0, which the
   * rotation Jacobian G covers).
   */
  override addRotatedVectorNullDirection(s: ItemState, vLocal: ArrayLike<number>, out: Float64Array, n: number): void {
    // written out with p and A (orientation's entries) in locals: a rolling disc or spring-damper Jacobian calls this per
    // evaluation, and the loops over a work matrix made a large optimizing job of a few products
    const q = s.q, ref = this.referenceCoordinates, i = this.qIndex + 3;
    const p0 = ref[3] + q[i], p1 = ref[4] + q[i + 1], p2 = ref[5] + q[i + 2], p3 = ref[6] + q[i + 3];
    const scale = 2 / (p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3);
    const v0 = vLocal[0], v1 = vLocal[1], v2 = vLocal[2];
    const w0 = scale * ((-2 * p3 * p3 - 2 * p2 * p2 + 1) * v0 + (-2 * p3 * p0 + 2 * p2 * p1) * v1 + (2 * p3 * p1 + 2 * p2 * p0) * v2 - v0);
    const w1 = scale * ((2 * p3 * p0 + 2 * p2 * p1) * v0 + (-2 * p3 * p3 - 2 * p1 * p1 + 1) * v1 + (2 * p3 * p2 - 2 * p1 * p0) * v2 - v1);
    const w2 = scale * ((-2 * p2 * p0 + 2 * p3 * p1) * v0 + (2 * p3 * p2 + 2 * p1 * p0) * v1 + (-2 * p2 * p2 - 2 * p1 * p1 + 1) * v2 - v2);
    const o0 = 3, o1 = n + 3, o2 = 2 * n + 3;
    out[o0] += w0 * p0; out[o0 + 1] += w0 * p1; out[o0 + 2] += w0 * p2; out[o0 + 3] += w0 * p3;
    out[o1] += w1 * p0; out[o1 + 1] += w1 * p1; out[o1 + 2] += w1 * p2; out[o1 + 3] += w1 * p3;
    out[o2] += w2 * p0; out[o2 + 1] += w2 * p1; out[o2 + 2] += w2 * p2; out[o2 + 3] += w2 * p3;
  }

  /** ∂(Gᵀm)/∂p, constant since G = 2[−e, e0 I + ẽ] is linear in p (4 × 4). */
  override gTransposedVector_q(_s: ItemState, m: ArrayLike<number>, out: Float64Array): void {
    const x = 2 * m[0], y = 2 * m[1], z = 2 * m[2];
    out[0] = 0; out[1] = -x; out[2] = -y; out[3] = -z;
    out[4] = x; out[5] = 0; out[6] = -z; out[7] = y;
    out[8] = y; out[9] = z; out[10] = 0; out[11] = -x;
    out[12] = z; out[13] = -y; out[14] = x; out[15] = 0;
  }

  /** ω = G(p) ṗ = −G(ṗ) p, so ∂ω/∂p = −G(ṗ) (position columns zero). */
  angularVelocity_q(s: ItemState, out: Float64Array): void {
    const g = eulerParameters2GInto(this.gWork, s.u, this.uIndex + 3);
    for (let r = 0; r < 3; r++) {
      out[7 * r] = 0; out[7 * r + 1] = 0; out[7 * r + 2] = 0;
      for (let j = 0; j < 4; j++) out[7 * r + 3 + j] = -g[4 * r + j];
    }
  }

  /** α = G p̈ (Ġ ṗ = 0 identically). */
  angularAcceleration(s: ItemState, out: Float64Array): void {
    this.gGlobal(s, this.gWork);
    this.multiplyRates(this.gWork, s.a, out);
  }

  rotationOutput(s: ItemState, into?: Float64Array): Float64Array {
    return rotXYZOfOrientation(this, s, into);
  }

  /**
   * Index 3: g = p·p − 1; index 2: g = 2 p·ṗ; ∂g/∂q = [0, 0, 0, 2p0, 2p1, 2p2, 2p3] (the position Jacobian, also for index 2).
   * Both forms of g are evaluated and one is taken, without a branch (here and in aeAndReaction), so that optimized code
   * made in a run of one form (index 3: a solve's steps) meets no code without type feedback when the other comes
   * (index 2: the next solve's initial accelerations); p in locals as in orientation.
   */
  ae(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void {
    const q = s.q, u = s.u, r = this.referenceCoordinates, i = this.qIndex + 3, j = this.uIndex + 3;
    const p0 = r[3] + q[i], p1 = r[4] + q[i + 1], p2 = r[5] + q[i + 2], p3 = r[6] + q[i + 3];
    const velocityLevel = 2 * p0 * u[j] + 2 * p1 * u[j + 1] + 2 * p2 * u[j + 2] + 2 * p3 * u[j + 3];
    const positionLevel = p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3 - 1;
    g[0] = useIndex2 ? velocityLevel : positionLevel;
    if (c === undefined) return;
    c[0] = 0; c[1] = 0; c[2] = 0;
    c[3] = 2 * p0; c[4] = 2 * p1; c[5] = 2 * p2; c[6] = 2 * p3;
  }

  /**
   * g as {@link RigidBodyEPNodeModel.ae} and r[uIndex + k] += c_k λ for its Jacobian row c (unless λ = 0), as the
   * assembler's product adds it: the zero entries too (0·λ turns a −0 entry into +0 and propagates a non-finite λ).
   */
  aeAndReaction(s: ItemState, g: Float64Array, useIndex2: boolean, lambda: Float64Array, first: number, r: Float64Array): void {
    const q = s.q, u = s.u, ref = this.referenceCoordinates, k = this.qIndex + 3, j = this.uIndex + 3;
    const p0 = ref[3] + q[k], p1 = ref[4] + q[k + 1], p2 = ref[5] + q[k + 2], p3 = ref[6] + q[k + 3];
    const velocityLevel = 2 * p0 * u[j] + 2 * p1 * u[j + 1] + 2 * p2 * u[j + 2] + 2 * p3 * u[j + 3];
    const positionLevel = p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3 - 1;
    g[0] = useIndex2 ? velocityLevel : positionLevel;
    const l = lambda[first];
    if (l === 0) return;
    const i = this.uIndex;
    r[i] += 0 * l; r[i + 1] += 0 * l; r[i + 2] += 0 * l;
    r[i + 3] += 2 * p0 * l; r[i + 4] += 2 * p1 * l; r[i + 5] += 2 * p2 * l; r[i + 6] += 2 * p3 * l;
  }
}

/** A 3D rigid-body node with Euler parameters (Exudyn's NodeRigidBodyEP, alias RigidEP). */
export const nodeRigidBodyEPDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'RigidBodyEP',
  aliases: ['RigidEP'],
  description: 'A 3D rigid-body node with 7 ODE2 coordinates: the displacement of the reference point and four Euler parameters '
    + 'p = [p0, p1, p2, p3] (p0 scalar part, total value p_ref + q, never normalized). With addConstraintEquation the node adds the '
    + 'algebraic equation p·p − 1 = 0 (index 3) or 2 p·ṗ = 0 (index-2 solvers) with its Lagrange multiplier. '
    + 'The reference plus initial Euler parameters must have unit length (within 1e-6).',
  parameters,
  outputVariables: rigidNodeOutputs,
  equations: 'A = [[1 − 2p₃² − 2p₂², 2p₂p₁ − 2p₃p₀, 2p₃p₁ + 2p₂p₀], [2p₃p₀ + 2p₂p₁, 1 − 2p₃² − 2p₁², 2p₃p₂ − 2p₁p₀], '
    + '[2p₃p₁ − 2p₂p₀, 2p₃p₂ + 2p₁p₀, 1 − 2p₂² − 2p₁²]]; ω = G ṗ, ω̄ = G_l ṗ with G = 2[−p, p₀I + p̃], '
    + 'G_l = 2[−p, p₀I − p̃] (p = [p₁, p₂, p₃]). Constraint g = p·p − 1 (index 3) or 2p·ṗ (index 2), ∂g/∂q = [0, 0, 0, 2pᵀ] '
    + 'in both cases; reaction 2pλ on the Euler-parameter equations. AngularAcceleration = G p̈.',
  example: (mbs) => rigidNodeExample(mbs, 'RigidBodyEP', [0.1, 0.2, 0.3, 0.9, 0.3, -0.2, Math.sqrt(1 - 0.94)], [0.5, 0, -0.2, 0.1, -0.2, 0.3, 0.05]),
  create: (v, label) => {
    checkUnitEulerParameters(label, v.referenceCoordinates, v.initialCoordinates, 3);
    return new RigidBodyEPNodeModel(label, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates),
      Float64Array.from(v.initialVelocities), v.addConstraintEquation);
  },
};

/** Factory for an Euler-parameter rigid-body node. */
export const NodeRigidBodyEP = makeFactory(nodeRigidBodyEPDefinition);
/** Exudyn's alias of {@link NodeRigidBodyEP}. */
export const RigidEP = NodeRigidBodyEP;
