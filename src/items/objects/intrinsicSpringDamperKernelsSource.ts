/**
 * The generalized forces of an intrinsic (SE(3)) ObjectConnectorRigidBodySpringDamper on node markers, in the subset of
 * scripts/wasmKernelCompiler.ts: compiled into intrinsicSpringDamperKernelsModule.ts (the engine runs it as WebAssembly
 * through intrinsicSpringDamperKernels.ts), and run as JavaScript by the tests as the reference the module matches bit
 * for bit. One call per evaluation: the logarithm's atan2 and the sines and cosine of |uRot| are the host's Math.atan2,
 * Math.sin and Math.cos (imported by the module). Each step does the floating-point operations of the connector's
 * JavaScript (ode2Lhs of the intrinsic formulation without user function: RigidMarkerPair.evaluateRelativeAndFrames,
 * evaluateAngularVelocities, relativeAngularVelocity, evaluateIntrinsic, and the rigid bodies' addForceTorqueTransposed)
 * in their order.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { hypot3 } from '../../rotations/hypot.ts';
import { mat3Mul, nodeMarker } from './nodeMarkerKernelsSource.ts';
import { intrinsicJointState, relativeLogTerms } from './intrinsicStateKernelsSource.ts';

/**
 * An intrinsic rigid-body spring-damper's state and (loads ≠ 0) its ode2Lhs added to out (n0 + n1 entries, the
 * connector's local vector copied in before the call): the markers' kinematics from their nodes (nodeMarker with
 * constants0, constants1 and `nodes`, marker i's from 14·i on, kinds kind0, kind1) into a0, p0, v0, w0, j0, g0 and a1,
 * p1, v1, w1, j1, g1; the joint frames a0All = R0 A0 (fromLeft ≠ 0) or A0 R0 and a1All = A1 R1; with velocities ≠ 0
 * Δv = v1 − v0 and ω_rel = A1 ω̄1 − A0 ω̄0; the logarithm (relativeLogTerms, then uRot = 2 atan2(|e|, e0) e/|e|), φ =
 * hypot3(uRot), and intrinsicJointState (flags velocities, linear, loads, hasDamping) with the force law's set-up (stiffness,
 * damping, offset) into aj, u6, v6, f6, force, torque0, torque1; then (loads ≠ 0) each marker with coordinates adds
 * ∓J_posᵀF + J_rotᵀτ_i as {@link addBodyForceTorque}, else (loads = 0) each such marker's null directions into nd0,
 * nd1 ({@link nullDirections}). The set-up: R0 in `setup` [0…8], R1 in r1 (row-major). Returns 1
 * at 180° relative rotation (after the frames; nothing else written: the connector takes its JavaScript, whose
 * logarithm differs there), else 0.
 */
export function intrinsicNodeLoads(
  a0: Float64Array, a1: Float64Array, p0: Float64Array, p1: Float64Array, v0: Float64Array, v1: Float64Array,
  w0: Float64Array, w1: Float64Array, j0: Float64Array, g0: Float64Array, j1: Float64Array, g1: Float64Array,
  a0All: Float64Array, a1All: Float64Array, relRot: Float64Array, logTerms: Float64Array, dv: Float64Array, omegaRel: Float64Array,
  aj: Float64Array, u6: Float64Array, v6: Float64Array, f6: Float64Array, force: Float64Array, torque0: Float64Array, torque1: Float64Array,
  tInverse: Float64Array, halfExp: Float64Array, nd0: Float64Array, nd1: Float64Array, nodes: Float64Array, out: Float64Array, setup: Float64Array, r1: Float64Array,
  stiffness: Float64Array, damping: Float64Array, offset: Float64Array, constants0: Float64Array, constants1: Float64Array,
  n0: Int, n1: Int, kind0: Int, kind1: Int, fromLeft: Int, hasDamping: Int, velocities: Int, linear: Int, loads: Int,
): Int {
  nodeMarker(a0, p0, v0, w0, j0, g0, constants0, nodes, 0, kind0);
  nodeMarker(a1, p1, v1, w1, j1, g1, constants1, nodes, 14, kind1);
  if (velocities !== 0) {
    dv[0] = v1[0] - v0[0]; dv[1] = v1[1] - v0[1]; dv[2] = v1[2] - v0[2];
  }
  if (fromLeft !== 0) mat3Mul(a0All, setup, a0);
  else mat3Mul(a0All, a0, setup);
  mat3Mul(a1All, a1, r1);
  if (relativeLogTerms(a0All, a1All, relRot, logTerms) !== 0) return 1;
  const norm = logTerms[1];
  const angle = 2 * Math.atan2(norm, logTerms[0]);
  const f = norm === 0 ? 0 : 1 / norm;
  const x = angle * (f * logTerms[2]), y = angle * (f * logTerms[3]), z = angle * (f * logTerms[4]);
  const phi = hypot3(x, y, z), half = 0.5 * phi;
  if (velocities !== 0) {
    // A1 ω̄1 − A0 ω̄0
    const c0 = w1[0], c1 = w1[1], c2 = w1[2], b0 = w0[0], b1 = w0[1], b2 = w0[2];
    const s0 = a0[0] * b0 + a0[1] * b1 + a0[2] * b2;
    const s1 = a0[3] * b0 + a0[4] * b1 + a0[5] * b2;
    const s2 = a0[6] * b0 + a0[7] * b1 + a0[8] * b2;
    omegaRel[0] = a1[0] * c0 + a1[1] * c1 + a1[2] * c2 - s0;
    omegaRel[1] = a1[3] * c0 + a1[4] * c1 + a1[5] * c2 - s1;
    omegaRel[2] = a1[6] * c0 + a1[7] * c1 + a1[8] * c2 - s2;
  }
  // cos(φ/2) is read for φ ≥ 0.05 only (intrinsicState's series below); the connector passes 0 otherwise
  const sinH = Math.sin(half), sinQuarter = Math.sin(0.5 * half);
  let cosH = 0;
  if (phi < 0.05) cosH = 0;
  else cosH = Math.cos(half);
  intrinsicJointState(a0All, p0, p1, dv, omegaRel, stiffness, damping, offset, aj, u6, v6, f6, force, torque0, torque1, tInverse, halfExp,
    x, y, z, phi, sinH, cosH, sinQuarter, velocities, linear, loads, hasDamping);
  if (loads === 0) {
    if (n0 > 0) nullDirections(nd0, a0, p0, constants0, nodes, 0);
    if (n1 > 0) nullDirections(nd1, a1, p1, constants1, nodes, 14);
    return 0;
  }
  if (n0 > 0) addBodyForceTorque(out, 0, a0, constants0, nodes, 0, kind0, force, -1, torque0);
  if (n1 > 0) addBodyForceTorque(out, n0, a1, constants1, nodes, 14, kind1, force, 1, torque1);
  return 0;
}

/**
 * A marker's derivatives along its Euler parameters' radial direction (NodeRigidBodyEP.addRotatedVectorNullDirection,
 * 3 × 7 each, from zero) of the columns A e_0, A e_1, A e_2 and of the lever A x with x = Aᵀ(p − p_node) into
 * nd[0…20], nd[21…41], nd[42…62], nd[63…83], as the connector's markerNullDirections forms them (A = a, p the marker's
 * position, p_node = k[0…2] + nodes[at…at + 2], the Euler parameters k[12…15] + nodes[at + 3…at + 6]).
 */
function nullDirections(nd: Float64Array, a: Float64Array, p: Float64Array, k: Float64Array, nodes: Float64Array, at: Int): void {
  for (let i: Int = 0; i < 84; i++) nd[i] = 0;
  const p0 = k[12] + nodes[at + 3], p1 = k[13] + nodes[at + 4], p2 = k[14] + nodes[at + 5], p3 = k[15] + nodes[at + 6];
  const scale = 2 / (p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3);
  addNullDirection(nd, 0, p0, p1, p2, p3, scale, 1, 0, 0);
  addNullDirection(nd, 21, p0, p1, p2, p3, scale, 0, 1, 0);
  addNullDirection(nd, 42, p0, p1, p2, p3, scale, 0, 0, 1);
  const e0 = p[0] - (k[0] + nodes[at]), e1 = p[1] - (k[1] + nodes[at + 1]), e2 = p[2] - (k[2] + nodes[at + 2]);
  const x0 = a[0] * e0 + a[3] * e1 + a[6] * e2;
  const x1 = a[1] * e0 + a[4] * e1 + a[7] * e2;
  const x2 = a[2] * e0 + a[5] * e1 + a[8] * e2;
  addNullDirection(nd, 63, p0, p1, p2, p3, scale, x0, x1, x2);
}

/** NodeRigidBodyEP.addRotatedVectorNullDirection of v (3 × 7 block at nd[o…]): 2(A − I)v pᵀ/(p·p), A from p. */
function addNullDirection(nd: Float64Array, o: Int, p0: number, p1: number, p2: number, p3: number, scale: number,
  v0: number, v1: number, v2: number): void {
  const w0 = scale * ((-2 * p3 * p3 - 2 * p2 * p2 + 1) * v0 + (-2 * p3 * p0 + 2 * p2 * p1) * v1 + (2 * p3 * p1 + 2 * p2 * p0) * v2 - v0);
  const w1 = scale * ((2 * p3 * p0 + 2 * p2 * p1) * v0 + (-2 * p3 * p3 - 2 * p1 * p1 + 1) * v1 + (2 * p3 * p2 - 2 * p1 * p0) * v2 - v1);
  const w2 = scale * ((-2 * p2 * p0 + 2 * p3 * p1) * v0 + (2 * p3 * p2 + 2 * p1 * p0) * v1 + (-2 * p2 * p2 - 2 * p1 * p1 + 1) * v2 - v2);
  nd[o + 3] += w0 * p0; nd[o + 4] += w0 * p1; nd[o + 5] += w0 * p2; nd[o + 6] += w0 * p3;
  nd[o + 10] += w1 * p0; nd[o + 11] += w1 * p1; nd[o + 12] += w1 * p2; nd[o + 13] += w1 * p3;
  nd[o + 17] += w2 * p0; nd[o + 18] += w2 * p1; nd[o + 19] += w2 * p2; nd[o + 20] += w2 * p3;
}

/**
 * out[o…o + 6] += sign·J_posᵀF + J_rotᵀτ of a marker of kind 1 or 2 (nodeMarker) on a rigid body on an Euler-parameter
 * node, with ObjectRigidBody.addForceTorqueTransposed's operations in their order: the translations' unit block and the
 * rotation's zero block, the coupling block A (skew(−x) G_l) at the body-fixed point x = k[3…5] (kind 2; zero products
 * at the reference point, kind 1), then the node's addRotationJacobianTransposed (Gᵀτ); A the marker's orientation, the
 * Euler parameters p = k[12…15] + nodes[at + 3…at + 6].
 */
function addBodyForceTorque(out: Float64Array, o: Int, a: Float64Array, k: Float64Array, nodes: Float64Array, at: Int, kind: Int,
  force: Float64Array, sign: number, torque: Float64Array): void {
  const f0 = force[0], f1 = force[1], f2 = force[2], t0 = torque[0], t1 = torque[1], t2 = torque[2];
  const zeroTorque = 0 * t0 + 0 * t1 + 0 * t2;
  out[o] = out[o] + sign * (f0 + 0 * f1 + 0 * f2) + zeroTorque;
  out[o + 1] = out[o + 1] + sign * (0 * f0 + f1 + 0 * f2) + zeroTorque;
  out[o + 2] = out[o + 2] + sign * (0 * f0 + 0 * f1 + f2) + zeroTorque;
  const e0 = 2 * (k[12] + nodes[at + 3]), e1 = 2 * (k[13] + nodes[at + 4]), e2 = 2 * (k[14] + nodes[at + 5]), e3 = 2 * (k[15] + nodes[at + 6]);
  if (kind === 1) {
    for (let j: Int = 0; j < 4; j++) out[o + 3 + j] += sign * (0 * f0 + 0 * f1 + 0 * f2);
  } else {
    const x = -k[3], y = -k[4], z = -k[5];
    for (let j: Int = 0; j < 4; j++) {
      // column j of G_l: (−e1, e0, e3, −e2; −e2, −e3, e0, e1; −e3, e2, −e1, e0)
      let gx = -e1, gy = -e2, gz = -e3;
      if (j === 1) { gx = e0; gy = -e3; gz = e2; }
      if (j === 2) { gx = e3; gy = e0; gz = -e1; }
      if (j === 3) { gx = -e2; gy = e1; gz = e0; }
      const s0 = -z * gy + y * gz, s1 = z * gx - x * gz, s2 = -y * gx + x * gy;
      const c0 = a[0] * s0 + a[1] * s1 + a[2] * s2, c1 = a[3] * s0 + a[4] * s1 + a[5] * s2, c2 = a[6] * s0 + a[7] * s1 + a[8] * s2;
      out[o + 3 + j] += sign * (c0 * f0 + c1 * f1 + c2 * f2);
    }
  }
  out[o + 3] += -e1 * t0 + -e2 * t1 + -e3 * t2;
  out[o + 4] += e0 * t0 + e3 * t1 + -e2 * t2;
  out[o + 5] += -e3 * t0 + e0 * t1 + e1 * t2;
  out[o + 6] += e2 * t0 + -e1 * t1 + e0 * t2;
}
