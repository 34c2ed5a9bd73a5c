/**
 * ObjectConnectorTorsionalSpringDamper's ode2Lhs on node markers, in the subset of scripts/wasmKernelCompiler.ts:
 * compiled into torsionalSpringDamperKernelsModule.ts (the engine runs it as WebAssembly through
 * torsionalSpringDamperKernels.ts), and run as JavaScript by the tests as the reference the module matches bit for bit.
 * One call per evaluation: the angle's atan2 is the host's Math.atan2 (imported by the module). Each step does the
 * floating-point operations of the connector's JavaScript (evaluate without data node and user function, then ode2Lhs)
 * in their order.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { hypot2 } from '../../rotations/hypot.ts';
import { mat3Mul, nodeMarker } from './nodeMarkerKernelsSource.ts';

/**
 * A torsional spring-damper's ode2Lhs entries into out (n0 + n1, to be added to the connector's local vector): the
 * markers' kinematics from their nodes (nodeMarker with constants0, constants1 and `nodes`, marker i's from 14·i on,
 * kinds kind0, kind1) into a0, p0, v0, w0, j0, g0 and a1, p1, v1, w1, j1, g1; the joint frames a0All = R0 A0
 * (fromLeft ≠ 0) or A0 R0 and a1All = A1 R1; the angle RotXYZ(A0allᵀA1all)_z in (−π, π], Δω = [A0allᵀ(A1 ω̄1 − A0 ω̄0)]_z,
 * τ = k(angle − θ_off) + d(Δω − ω_off) + τ_c; T = A0all [0, 0, τ]; out = [−G0ᵀT; G1ᵀT]. The connector's set-up in
 * `setup`: R0 [0…8] (row-major), k, d, θ_off, ω_off, τ_c [9…13]; R1 in r1.
 */
export function torsionLoads(
  a0: Float64Array, a1: Float64Array, p0: Float64Array, p1: Float64Array, v0: Float64Array, v1: Float64Array,
  w0: Float64Array, w1: Float64Array, j0: Float64Array, g0: Float64Array, j1: Float64Array, g1: Float64Array,
  a0All: Float64Array, a1All: Float64Array, nodes: Float64Array, out: Float64Array, setup: Float64Array, r1: Float64Array,
  constants0: Float64Array, constants1: Float64Array, n0: Int, n1: Int, kind0: Int, kind1: Int, fromLeft: Int,
): void {
  nodeMarker(a0, p0, v0, w0, j0, g0, constants0, nodes, 0, kind0);
  nodeMarker(a1, p1, v1, w1, j1, g1, constants1, nodes, 14, kind1);
  if (fromLeft !== 0) mat3Mul(a0All, setup, a0);
  else mat3Mul(a0All, a0, setup);
  mat3Mul(a1All, a1, r1);
  const m00: number = a0All[0] * a1All[0] + a0All[3] * a1All[3] + a0All[6] * a1All[6];
  const m01: number = a0All[0] * a1All[1] + a0All[3] * a1All[4] + a0All[6] * a1All[7];
  const m10: number = a0All[1] * a1All[0] + a0All[4] * a1All[3] + a0All[7] * a1All[6];
  const m11: number = a0All[1] * a1All[1] + a0All[4] * a1All[4] + a0All[7] * a1All[7];
  const m12: number = a0All[1] * a1All[2] + a0All[4] * a1All[5] + a0All[7] * a1All[8];
  const m22: number = a0All[2] * a1All[2] + a0All[5] * a1All[5] + a0All[8] * a1All[8];
  let angle: number = 0;
  if (hypot2(m12, m22) > 1e-14) angle = Math.atan2(-m01, m00);
  else angle = Math.atan2(m10, m11);
  if (angle > 3.141592653589793) angle -= 6.283185307179586;
  const e0: number = w1[0], e1: number = w1[1], e2: number = w1[2];
  const d0: number = w0[0], d1: number = w0[1], d2: number = w0[2];
  const x0: number = a1[0] * e0 + a1[1] * e1 + a1[2] * e2;
  const x1: number = a1[3] * e0 + a1[4] * e1 + a1[5] * e2;
  const x2: number = a1[6] * e0 + a1[7] * e1 + a1[8] * e2;
  const y0: number = a0[0] * d0 + a0[1] * d1 + a0[2] * d2;
  const y1: number = a0[3] * d0 + a0[4] * d1 + a0[5] * d2;
  const y2: number = a0[6] * d0 + a0[7] * d1 + a0[8] * d2;
  const omega: number = a0All[2] * (x0 - y0) + a0All[5] * (x1 - y1) + a0All[8] * (x2 - y2);
  const torque: number = setup[9] * (angle - setup[11]) + setup[10] * (omega - setup[12]) + setup[13];
  const tx: number = a0All[2] * torque, ty: number = a0All[5] * torque, tz: number = a0All[8] * torque;
  for (let k: Int = 0; k < n0; k++) out[k] = -(g0[k] * tx + g0[n0 + k] * ty + g0[2 * n0 + k] * tz);
  for (let k: Int = 0; k < n1; k++) out[n0 + k] = g1[k] * tx + g1[n1 + k] * ty + g1[2 * n1 + k] * tz;
}
