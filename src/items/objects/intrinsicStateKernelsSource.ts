/**
 * The intrinsic (SE(3)) rigid-body spring-damper's logarithm terms and state, in the subset of scripts/wasmKernelCompiler.ts:
 * functions the kernel sources import (rigidBodySpringDamperKernelsSource.ts's intrinsicLog and intrinsicState,
 * intrinsicSpringDamperKernelsSource.ts), so that each module has them without the other's functions (an import brings
 * all functions of its file). Not a module of its own.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * The relative rotation M = A0allᵀA1all into relRot and the terms of its logarithm by the trace formula of the Euler
 * parameters into logTerms, in Exudyn's order of operations (LogSO3Vector): with t = 1 + tr M, s = ½/√|t|, e0 = ¼/s,
 * e = (M21 − M12, M02 − M20, M10 − M01)·s, logTerms = [e0, |e|, e_x, e_y, e_z], and log M = 2 atan2(|e|, e0) e/|e| (the
 * connector's JavaScript, which has atan2). Returns 1 without logTerms where the formula is not used (|t| ≤ 1e-15,
 * 180°: the connector takes logSO3Into, largest Euler parameter first, of relRot), else 0.
 */
export function relativeLogTerms(a0All: Float64Array, a1All: Float64Array, relRot: Float64Array, logTerms: Float64Array): Int {
  for (let i: Int = 0; i < 3; i++) {
    const m0 = a0All[i], m1 = a0All[3 + i], m2 = a0All[6 + i];
    relRot[3 * i] = m0 * a1All[0] + m1 * a1All[3] + m2 * a1All[6];
    relRot[3 * i + 1] = m0 * a1All[1] + m1 * a1All[4] + m2 * a1All[7];
    relRot[3 * i + 2] = m0 * a1All[2] + m1 * a1All[5] + m2 * a1All[8];
  }
  const trace = relRot[0] + relRot[4] + relRot[8] + 1;
  if (Math.abs(trace) <= 1e-15) return 1;
  const s = 0.5 / Math.sqrt(Math.abs(trace));
  const e1 = (relRot[7] - relRot[5]) * s, e2 = (relRot[2] - relRot[6]) * s, e3 = (relRot[3] - relRot[1]) * s;
  logTerms[0] = 0.25 / s;
  logTerms[1] = Math.sqrt(e1 * e1 + e2 * e2 + e3 * e3);
  logTerms[2] = e1; logTerms[3] = e2; logTerms[4] = e3;
  return 0;
}

/**
 * The intrinsic formulation's state after the logarithm (the connector's evaluate; its JavaScript computes uRot =
 * (x, y, z) = log(A0allᵀA1all), φ = |uRot| and the trigonometric values, the kernel subset has none): with
 * d = A0allᵀp1 − A0allᵀp0, T⁻¹ = T_exp(uRot)⁻¹ = β I + ½ũRot + γ uRot uRotᵀ into tInverse (β = (φ/2) cot(φ/2) from
 * sinH = sin(φ/2) and cosH = cos(φ/2), by series below φ = 0.05), uPos = T⁻ᵀd, E = exp(½uRot) into halfExp (sinc(φ/2)
 * from sinH, sinc(φ/4) from sinQuarter = sin(φ/4)), the joint frame aj = A0all E and u6 = [uPos, uRot] with the rotation
 * entries above π shifted by −2π; if velocities ≠ 0, v6 = [ajᵀdv, ajᵀomegaRel]; if linear ≠ 0, f6 = K(u6 − offset) + D v6
 * (each row's sums from +0, the damping's only if hasDamping ≠ 0); if loads ≠ 0 (with linear), force = aj f6[0:3] and
 * with T = aj f6[3:6] and τ = (aj(−½uPos)) × force the torques torque0 = −T + τ, torque1 = T + τ. The connector's
 * former JavaScript (tExpSO3InvInto, expSO3Into, mat3MulInto, linearForce, ode2Lhs) in its order of operations.
 */
export function intrinsicJointState(
  a0All: Float64Array, p0: Float64Array, p1: Float64Array, dv: Float64Array, omegaRel: Float64Array,
  stiffness: Float64Array, damping: Float64Array, offset: Float64Array, aj: Float64Array, u6: Float64Array, v6: Float64Array,
  f6: Float64Array, force: Float64Array, torque0: Float64Array, torque1: Float64Array, tInverse: Float64Array, halfExp: Float64Array,
  x: number, y: number, z: number, phi: number, sinH: number, cosH: number, sinQuarter: number,
  velocities: Int, linear: Int, loads: Int, hasDamping: Int,
): void {
  // d = A0allᵀp1 + (−A0allᵀp0)
  const q0 = p1[0], q1 = p1[1], q2 = p1[2], r0 = p0[0], r1 = p0[1], r2 = p0[2];
  let d0 = a0All[0] * q0 + a0All[3] * q1 + a0All[6] * q2;
  let d1 = a0All[1] * q0 + a0All[4] * q1 + a0All[7] * q2;
  let d2 = a0All[2] * q0 + a0All[5] * q1 + a0All[8] * q2;
  d0 += -(a0All[0] * r0 + a0All[3] * r1 + a0All[6] * r2);
  d1 += -(a0All[1] * r0 + a0All[4] * r1 + a0All[7] * r2);
  d2 += -(a0All[2] * r0 + a0All[5] * r1 + a0All[8] * r2);
  const p2 = phi * phi;
  let beta = 0, gamma = 0;
  if (phi < 0.05) {
    gamma = 1 / 12 + p2 * (1 / 720 + p2 * (1 / 30240 + p2 / 1209600));
    beta = 1 - gamma * p2;
  } else {
    const h = 0.5 * phi;
    beta = h * cosH / sinH;
    gamma = (1 - beta) / p2;
  }
  tInverse[0] = beta + gamma * x * x; tInverse[1] = gamma * x * y - 0.5 * z; tInverse[2] = gamma * x * z + 0.5 * y;
  tInverse[3] = gamma * x * y + 0.5 * z; tInverse[4] = beta + gamma * y * y; tInverse[5] = gamma * y * z - 0.5 * x;
  tInverse[6] = gamma * x * z - 0.5 * y; tInverse[7] = gamma * y * z + 0.5 * x; tInverse[8] = beta + gamma * z * z;
  const u0 = tInverse[0] * d0 + tInverse[3] * d1 + tInverse[6] * d2;
  const u1 = tInverse[1] * d0 + tInverse[4] * d1 + tInverse[7] * d2;
  const u2 = tInverse[2] * d0 + tInverse[5] * d1 + tInverse[8] * d2;
  u6[0] = u0; u6[1] = u1; u6[2] = u2;
  // E = exp(½uRot): |½uRot| = φ/2 exactly (a power of two scales each step of hypot3)
  const hx = x * 0.5, hy = y * 0.5, hz = z * 0.5, half = 0.5 * phi, quarter = 0.5 * half;
  const a = half === 0 ? 1 : sinH / half;
  const sh = quarter === 0 ? 1 : sinQuarter / quarter;
  const b = 0.5 * sh * sh;
  const xx = hx * hx, yy = hy * hy, zz = hz * hz;
  halfExp[0] = 1 - b * (yy + zz); halfExp[1] = b * hx * hy - a * hz; halfExp[2] = b * hx * hz + a * hy;
  halfExp[3] = b * hx * hy + a * hz; halfExp[4] = 1 - b * (xx + zz); halfExp[5] = b * hy * hz - a * hx;
  halfExp[6] = b * hx * hz - a * hy; halfExp[7] = b * hy * hz + a * hx; halfExp[8] = 1 - b * (xx + yy);
  for (let i: Int = 0; i < 3; i++) {
    const m0 = a0All[3 * i], m1 = a0All[3 * i + 1], m2 = a0All[3 * i + 2];
    aj[3 * i] = m0 * halfExp[0] + m1 * halfExp[3] + m2 * halfExp[6];
    aj[3 * i + 1] = m0 * halfExp[1] + m1 * halfExp[4] + m2 * halfExp[7];
    aj[3 * i + 2] = m0 * halfExp[2] + m1 * halfExp[5] + m2 * halfExp[8];
  }
  u6[3] = x > 3.141592653589793 ? x - 6.283185307179586 : x;
  u6[4] = y > 3.141592653589793 ? y - 6.283185307179586 : y;
  u6[5] = z > 3.141592653589793 ? z - 6.283185307179586 : z;
  if (velocities !== 0) {
    const w0 = dv[0], w1 = dv[1], w2 = dv[2], o0 = omegaRel[0], o1 = omegaRel[1], o2 = omegaRel[2];
    v6[0] = aj[0] * w0 + aj[3] * w1 + aj[6] * w2;
    v6[1] = aj[1] * w0 + aj[4] * w1 + aj[7] * w2;
    v6[2] = aj[2] * w0 + aj[5] * w1 + aj[8] * w2;
    v6[3] = aj[0] * o0 + aj[3] * o1 + aj[6] * o2;
    v6[4] = aj[1] * o0 + aj[4] * o1 + aj[7] * o2;
    v6[5] = aj[2] * o0 + aj[5] * o1 + aj[8] * o2;
  }
  if (linear === 0) return;
  const x0 = u6[0] - offset[0], x1 = u6[1] - offset[1], x2 = u6[2] - offset[2];
  const x3 = u6[3] - offset[3], x4 = u6[4] - offset[4], x5 = u6[5] - offset[5];
  for (let i: Int = 0; i < 6; i++) {
    const r: Int = 6 * i;
    const sum = 0 + stiffness[r] * x0 + stiffness[r + 1] * x1 + stiffness[r + 2] * x2 + stiffness[r + 3] * x3 + stiffness[r + 4] * x4 + stiffness[r + 5] * x5;
    let dampingSum = 0;
    if (hasDamping !== 0) {
      dampingSum = dampingSum + damping[r] * v6[0] + damping[r + 1] * v6[1] + damping[r + 2] * v6[2] + damping[r + 3] * v6[3] + damping[r + 4] * v6[4] + damping[r + 5] * v6[5];
    }
    f6[i] = sum + dampingSum;
  }
  if (loads === 0) return;
  const f0 = f6[0], f1 = f6[1], f2 = f6[2], g0 = f6[3], g1 = f6[4], g2 = f6[5];
  const fx = aj[0] * f0 + aj[1] * f1 + aj[2] * f2, fy = aj[3] * f0 + aj[4] * f1 + aj[5] * f2, fz = aj[6] * f0 + aj[7] * f1 + aj[8] * f2;
  force[0] = fx; force[1] = fy; force[2] = fz;
  const tx = aj[0] * g0 + aj[1] * g1 + aj[2] * g2, ty = aj[3] * g0 + aj[4] * g1 + aj[5] * g2, tz = aj[6] * g0 + aj[7] * g1 + aj[8] * g2;
  // the lever w = aj(−½uPos) and τ = w × F
  const l0 = -0.5 * u0, l1 = -0.5 * u1, l2 = -0.5 * u2;
  const wx = aj[0] * l0 + aj[1] * l1 + aj[2] * l2, wy = aj[3] * l0 + aj[4] * l1 + aj[5] * l2, wz = aj[6] * l0 + aj[7] * l1 + aj[8] * l2;
  const ex = wy * fz - wz * fy, ey = wz * fx - wx * fz, ez = wx * fy - wy * fx;
  torque0[0] = -tx + ex; torque0[1] = -ty + ey; torque0[2] = -tz + ez;
  torque1[0] = tx + ex; torque1[1] = ty + ey; torque1[2] = tz + ez;
}
