/**
 * The generalized forces of a translation-only ObjectConnectorRigidBodySpringDamper on node markers, in the subset of
 * scripts/wasmKernelCompiler.ts: compiled into translationSpringDamperKernelsModule.ts (the engine runs it as
 * WebAssembly through translationSpringDamperKernels.ts), and run as JavaScript by the tests as the reference the module
 * matches bit for bit. Each step does the floating-point operations of the connector's JavaScript (its ode2Lhs on the
 * translation-only path: RigidMarkerPair.evaluateRelativeAndFrames, evaluateTranslation, translationForce, addTransposed)
 * in their order.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { mat3Mul, nodeMarker } from './nodeMarkerKernelsSource.ts';

/**
 * A translation-only rigid-body spring-damper's ode2Lhs entries into out (n0 + n1, to be added to the connector's
 * local vector): the markers' kinematics from their nodes (nodeMarker with constants0, constants1 and `nodes`, marker i's
 * from 14·i on, kinds kind0, kind1) into a0, p0, v0, w0, j0, g0 and a1, p1, v1, w1, j1, g1; Δp = p1 − p0, with damping
 * Δv = v1 − v0; the joint frame Aj = R0 A0 (fromLeft ≠ 0) or A0 R0; u = Ajᵀ Δp, v = Ajᵀ Δv; f = K (u − offset) + D v from
 * the translational 3 × 3 blocks of K and D; F = Aj f; out = [−J0ᵀF; J1ᵀF]. The connector's set-up in `setup`: R0 [0…8],
 * K's block [9…17], D's block [18…26], offset [27…29] (row-major).
 */
export function translationLoads(
  a0: Float64Array, a1: Float64Array, p0: Float64Array, p1: Float64Array, v0: Float64Array, v1: Float64Array,
  w0: Float64Array, w1: Float64Array, j0: Float64Array, g0: Float64Array, j1: Float64Array, g1: Float64Array,
  aj: Float64Array, nodes: Float64Array, out: Float64Array, setup: Float64Array, constants0: Float64Array, constants1: Float64Array,
  n0: Int, n1: Int, kind0: Int, kind1: Int, fromLeft: Int, hasDamping: Int,
): void {
  nodeMarker(a0, p0, v0, w0, j0, g0, constants0, nodes, 0, kind0);
  nodeMarker(a1, p1, v1, w1, j1, g1, constants1, nodes, 14, kind1);
  const dx: number = p1[0] - p0[0], dy: number = p1[1] - p0[1], dz: number = p1[2] - p0[2];
  if (fromLeft !== 0) mat3Mul(aj, setup, a0);
  else mat3Mul(aj, a0, setup);
  const u0: number = aj[0] * dx + aj[3] * dy + aj[6] * dz;
  const u1: number = aj[1] * dx + aj[4] * dy + aj[7] * dz;
  const u2: number = aj[2] * dx + aj[5] * dy + aj[8] * dz;
  const x0: number = u0 - setup[27], x1: number = u1 - setup[28], x2: number = u2 - setup[29];
  const s0: number = 0 + setup[9] * x0 + setup[10] * x1 + setup[11] * x2;
  const s1: number = 0 + setup[12] * x0 + setup[13] * x1 + setup[14] * x2;
  const s2: number = 0 + setup[15] * x0 + setup[16] * x1 + setup[17] * x2;
  let f0: number = s0 + 0, f1: number = s1 + 0, f2: number = s2 + 0;
  if (hasDamping !== 0) {
    const ex: number = v1[0] - v0[0], ey: number = v1[1] - v0[1], ez: number = v1[2] - v0[2];
    const c0: number = aj[0] * ex + aj[3] * ey + aj[6] * ez;
    const c1: number = aj[1] * ex + aj[4] * ey + aj[7] * ez;
    const c2: number = aj[2] * ex + aj[5] * ey + aj[8] * ez;
    f0 = s0 + (0 + setup[18] * c0 + setup[19] * c1 + setup[20] * c2);
    f1 = s1 + (0 + setup[21] * c0 + setup[22] * c1 + setup[23] * c2);
    f2 = s2 + (0 + setup[24] * c0 + setup[25] * c1 + setup[26] * c2);
  }
  const fx: number = aj[0] * f0 + aj[1] * f1 + aj[2] * f2;
  const fy: number = aj[3] * f0 + aj[4] * f1 + aj[5] * f2;
  const fz: number = aj[6] * f0 + aj[7] * f1 + aj[8] * f2;
  for (let k: Int = 0; k < n0; k++) out[k] = -1 * (j0[k] * fx + j0[n0 + k] * fy + j0[2 * n0 + k] * fz);
  for (let k: Int = 0; k < n1; k++) out[n0 + k] = 1 * (j1[k] * fx + j1[n1 + k] * fy + j1[2 * n1 + k] * fz);
}
