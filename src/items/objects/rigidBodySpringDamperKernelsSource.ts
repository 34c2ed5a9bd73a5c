/**
 * The source of the WebAssembly module of ObjectConnectorRigidBodySpringDamper's q-Jacobian columns (the intrinsic and
 * the standard formulation; see rigidBodySpringDamperKernels.ts), written in the TypeScript subset of
 * scripts/wasmKernelCompiler.ts. Each function does the same floating-point operations in the same order as the
 * connector's JavaScript did (wasm has no fused multiply-add), so the module's results are the same bit for bit; the
 * tests run these functions as JavaScript against the module's exports. Matrices are 3 × 3 row-major; a marker's
 * Jacobians are 3 × n_i row-major (n_i its coordinates). The values that need trigonometric functions (the derivative
 * coefficients of the logarithm and of T_exp⁻¹) come in `coefficients`, computed by the connector once per Jacobian.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { intrinsicJointState, relativeLogTerms } from './intrinsicStateKernelsSource.ts';

/**
 * The q-Jacobian's columns of a rigid-body spring-damper, [−J0ᵀδF + G0ᵀ(−δT + δτ); J1ᵀδF + G1ᵀ(δT + δτ)] for each
 * coordinate of marker 0, then of marker 1, into m ((n0 + n1)², row-major), without the markers' ∂(Jᵀ loads)/∂q (see
 * the connector's stiffnessJacobian for the formulas). Inputs: the joint frame aj, the markers' orientations a0, a1,
 * their frames a0All, a1All, rotation markers r0, r1, the relative rotation relRot, T_exp(uRot)⁻¹ in tInverse,
 * exp(½uRot) in halfExp, T_exp(½uRot) in halfTangent; u6, f6, the global force, the lever w = Aj(−½uPos), d = A0allᵀΔp
 * in dLocal, Δp in dp, Δv in dv, the relative angular velocity in omegaRel; K and D (6 × 6); per marker i its position
 * Jacobian j_i, rotation Jacobian g_i, the null directions nd_i (the derivatives of A e_0, A e_1, A e_2 and the lever,
 * 3 × n_i each, one after the other; read if null_i ≠ 0) and rates_i (∂v/∂q, then ∂ω/∂q, 3 × n_i each; read if
 * hasDamping ≠ 0); `coefficients` as written by the connector: [a, b, 2 sgn(t), r² + t², γ, g, |uRot|², c] (see
 * logTraceDerivative, addTExpInverseTransposedDerivative, rotXYZDerivative). Work: dA, dAll, dM, dAj (3 × 3), du6, dv6,
 * df6 (6). nearPi ≠ 0: the relative rotation is at 180° (|1 + tr M| ≤ 1e-15).
 */
export function stiffnessColumns(
  aj: Float64Array, a0: Float64Array, a1: Float64Array, a0All: Float64Array, a1All: Float64Array, r0: Float64Array, r1: Float64Array,
  relRot: Float64Array, tInverse: Float64Array, halfExp: Float64Array, halfTangent: Float64Array,
  u6: Float64Array, f6: Float64Array, force: Float64Array, lever: Float64Array, dLocal: Float64Array, dp: Float64Array, dv: Float64Array,
  omegaRel: Float64Array, stiffness: Float64Array, damping: Float64Array, coefficients: Float64Array,
  j0: Float64Array, g0: Float64Array, nd0: Float64Array, rates0: Float64Array, j1: Float64Array, g1: Float64Array, nd1: Float64Array, rates1: Float64Array,
  dA: Float64Array, dAll: Float64Array, dM: Float64Array, dAj: Float64Array, du6: Float64Array, dv6: Float64Array, df6: Float64Array, m: Float64Array,
  n0: Int, n1: Int, null0: Int, null1: Int, intrinsic: Int, hasDamping: Int, nearPi: Int,
): void {
  for (let c: Int = 0; c < n0 + n1; c++) {
    if (c < n0) {
      const turns: Int = columnVariation(aj, a0, a0All, a1All, r0, r1, relRot, tInverse, halfExp, halfTangent, u6, dLocal, dp, coefficients,
        j0, g0, nd0, dA, dAll, dM, dAj, du6, n0, c, 1, -1, null0, intrinsic, nearPi);
      columnLoads(aj, u6, f6, force, lever, dv, omegaRel, stiffness, damping, j0, g0, j1, g1, rates0, dAj, du6, dv6, df6, m,
        n0, n1, c, n0, c, -1, intrinsic, hasDamping, turns);
    } else {
      const turns: Int = columnVariation(aj, a1, a0All, a1All, r0, r1, relRot, tInverse, halfExp, halfTangent, u6, dLocal, dp, coefficients,
        j1, g1, nd1, dA, dAll, dM, dAj, du6, n1, c - n0, 0, 1, null1, intrinsic, nearPi);
      columnLoads(aj, u6, f6, force, lever, dv, omegaRel, stiffness, damping, j0, g0, j1, g1, rates1, dAj, du6, dv6, df6, m,
        n0, n1, c, n1, c - n0, 1, intrinsic, hasDamping, turns);
    }
  }
}

/**
 * Column k of the moved marker (jm, gm, nd: marker 0 if side0 ≠ 0, sign −1, else marker 1, sign +1; am its
 * orientation, nm its coordinates), first half: δu6 into du6 and δAj into dAj. δA = δθ̃ A_m (+ the null directions), δA0all = R0 δA or
 * δA1all = δA R1, δM, δΔp; then the intrinsic δuRot (logTraceDerivative), δuPos = T⁻ᵀδd + δ(T⁻¹)ᵀd and
 * δAj = δA0all E + Aj (T_exp(½uRot) ½δuRot)~, or the standard δuRot (rotXYZDerivative), δAj = δA0all or 0 and δuPos.
 */
function columnVariation(
  aj: Float64Array, am: Float64Array, a0All: Float64Array, a1All: Float64Array, r0: Float64Array, r1: Float64Array,
  relRot: Float64Array, tInverse: Float64Array, halfExp: Float64Array, halfTangent: Float64Array, u6: Float64Array,
  dLocal: Float64Array, dp: Float64Array, coefficients: Float64Array, jm: Float64Array, gm: Float64Array, nd: Float64Array,
  dA: Float64Array, dAll: Float64Array, dM: Float64Array, dAj: Float64Array, du6: Float64Array,
  nm: Int, k: Int, side0: Int, sign: number, nullM: Int, intrinsic: Int, nearPi: Int,
): Int {
  const k1: Int = nm + k, k2: Int = 2 * nm + k;
  // δΔp = ±(J_m e + the lever's null direction)
  let px = sign * jm[k], py = sign * jm[k1], pz = sign * jm[k2];
  if (nullM !== 0) {
    const lever: Int = 9 * nm;
    px += sign * nd[lever + k]; py += sign * nd[lever + k1]; pz += sign * nd[lever + k2];
  }
  if (intrinsic !== 0 && turnsNot(gm, nd, nm, k, nullM) !== 0) {
    // δA = 0, so δuRot = 0, δuPos = T⁻ᵀA0allᵀδΔp and δAj = 0: without the products with zeros, which could change
    // only the sign of a zero entry (which vanishes in the system matrix, whose sums start from +0)
    const ex = a0All[0] * px + a0All[3] * py + a0All[6] * pz, ey = a0All[1] * px + a0All[4] * py + a0All[7] * pz, ez = a0All[2] * px + a0All[5] * py + a0All[8] * pz;
    du6[0] = tInverse[0] * ex + tInverse[3] * ey + tInverse[6] * ez;
    du6[1] = tInverse[1] * ex + tInverse[4] * ey + tInverse[7] * ez;
    du6[2] = tInverse[2] * ex + tInverse[5] * ey + tInverse[8] * ez;
    du6[3] = 0; du6[4] = 0; du6[5] = 0;
    return 0;
  }
  skewMul(dA, gm[k], gm[k1], gm[k2], am);
  if (nullM !== 0) {
    // δA e_j += (∂(A e_j) along the null directions) e
    const e1: Int = 3 * nm, e2: Int = 6 * nm;
    dA[0] += nd[k]; dA[3] += nd[k1]; dA[6] += nd[k2];
    dA[1] += nd[e1 + k]; dA[4] += nd[e1 + k1]; dA[7] += nd[e1 + k2];
    dA[2] += nd[e2 + k]; dA[5] += nd[e2 + k1]; dA[8] += nd[e2 + k2];
  }
  if (side0 !== 0) {
    mat3Product(dAll, r0, 3, 1, dA);
    mat3Product(dM, dAll, 1, 3, a1All);
  } else {
    mat3Product(dAll, dA, 3, 1, r1);
    mat3Product(dM, a0All, 1, 3, dAll);
  }
  if (intrinsic !== 0) {
    logTraceDerivative(du6, relRot, dM, tInverse, coefficients, nearPi);
    // δd = δA0allᵀΔp + A0allᵀδΔp, δuPos = T⁻ᵀδd + δ(T⁻¹)ᵀd
    let ex = a0All[0] * px + a0All[3] * py + a0All[6] * pz, ey = a0All[1] * px + a0All[4] * py + a0All[7] * pz, ez = a0All[2] * px + a0All[5] * py + a0All[8] * pz;
    if (side0 !== 0) {
      ex += dAll[0] * dp[0] + dAll[3] * dp[1] + dAll[6] * dp[2];
      ey += dAll[1] * dp[0] + dAll[4] * dp[1] + dAll[7] * dp[2];
      ez += dAll[2] * dp[0] + dAll[5] * dp[1] + dAll[8] * dp[2];
    }
    du6[0] = tInverse[0] * ex + tInverse[3] * ey + tInverse[6] * ez;
    du6[1] = tInverse[1] * ex + tInverse[4] * ey + tInverse[7] * ez;
    du6[2] = tInverse[2] * ex + tInverse[5] * ey + tInverse[8] * ez;
    addTExpInverseTransposedDerivative(du6, u6, dLocal, coefficients);
    // δAj = δA0all E + Aj h̃ with h = T_exp(½uRot) ½δuRot (h̃ in dA: the moved marker's δA is not needed any more)
    const hx = 0.5 * (halfTangent[0] * du6[3] + halfTangent[1] * du6[4] + halfTangent[2] * du6[5]);
    const hy = 0.5 * (halfTangent[3] * du6[3] + halfTangent[4] * du6[4] + halfTangent[5] * du6[5]);
    const hz = 0.5 * (halfTangent[6] * du6[3] + halfTangent[7] * du6[4] + halfTangent[8] * du6[5]);
    dA[0] = 0; dA[1] = -hz; dA[2] = hy; dA[3] = hz; dA[4] = 0; dA[5] = -hx; dA[6] = -hy; dA[7] = hx; dA[8] = 0;
    mat3Product(dAj, aj, 3, 1, dA);
    if (side0 !== 0) {
      mat3Product(dA, dAll, 3, 1, halfExp);
      dAj[0] += dA[0]; dAj[1] += dA[1]; dAj[2] += dA[2]; dAj[3] += dA[3]; dAj[4] += dA[4];
      dAj[5] += dA[5]; dAj[6] += dA[6]; dAj[7] += dA[7]; dAj[8] += dA[8];
    }
  } else {
    rotXYZDerivative(du6, relRot, dM, coefficients[7]);
    // Aj = A0all: δuPos = δA0allᵀΔp + A0allᵀδΔp
    for (let i: Int = 0; i < 9; i++) {
      dAj[i] = side0 !== 0 ? dAll[i] : 0;
    }
    du6[0] = aj[0] * px + aj[3] * py + aj[6] * pz + dAj[0] * dp[0] + dAj[3] * dp[1] + dAj[6] * dp[2];
    du6[1] = aj[1] * px + aj[4] * py + aj[7] * pz + dAj[1] * dp[0] + dAj[4] * dp[1] + dAj[7] * dp[2];
    du6[2] = aj[2] * px + aj[5] * py + aj[8] * pz + dAj[2] * dp[0] + dAj[5] * dp[1] + dAj[8] * dp[2];
  }
  return 1;
}

/**
 * 1 if coordinate k of a marker (gm its rotation Jacobian, nd its null directions if nullM ≠ 0, nm its coordinates)
 * does not turn it: its rotation Jacobian's column and its null directions' columns of A e_0, A e_1, A e_2 are zero
 * (a rigid body's translations), else 0.
 */
function turnsNot(gm: Float64Array, nd: Float64Array, nm: Int, k: Int, nullM: Int): Int {
  const k1: Int = nm + k, k2: Int = 2 * nm + k;
  if (gm[k] !== 0 || gm[k1] !== 0 || gm[k2] !== 0) return 0;
  if (nullM === 0) return 1;
  const e1: Int = 3 * nm, e2: Int = 6 * nm;
  if (nd[k] !== 0 || nd[k1] !== 0 || nd[k2] !== 0 || nd[e1 + k] !== 0 || nd[e1 + k1] !== 0 || nd[e1 + k2] !== 0) return 0;
  if (nd[e2 + k] !== 0 || nd[e2 + k1] !== 0 || nd[e2 + k2] !== 0) return 0;
  return 1;
}

/**
 * Column c (coordinate k of the moved marker, sign −1 for marker 0, +1 for marker 1; rates its ∂v/∂q and ∂ω/∂q, nm its
 * coordinates), second half, after columnVariation: δv6 = δAjᵀ[Δv; Δω] + Ajᵀ[δΔv; δΔω] (with damping), δf6 = K δu6 +
 * D δv6 (each row's sums from +0), δF = δAj f + Aj δf, δT likewise, the intrinsic δτ = δw × F + w × δF with
 * δw = δAj(−½uPos) + Aj(−½δuPos), and the column of the generalized forces into m.
 */
function columnLoads(
  aj: Float64Array, u6: Float64Array, f6: Float64Array, force: Float64Array, w: Float64Array, dv: Float64Array, omegaRel: Float64Array,
  stiffness: Float64Array, damping: Float64Array, j0: Float64Array, g0: Float64Array, j1: Float64Array, g1: Float64Array,
  rates: Float64Array, dAj: Float64Array, du6: Float64Array, dv6: Float64Array, df6: Float64Array, m: Float64Array,
  n0: Int, n1: Int, c: Int, nm: Int, k: Int, sign: number, intrinsic: Int, hasDamping: Int, turns: Int,
): void {
  const n: Int = n0 + n1;
  // each sum below starts with its δAj terms (left out where turns = 0, δAj = 0: the rest's values are the same, up to a zero's sign)
  if (hasDamping !== 0) {
    const w0: Int = 3 * nm;
    const vx = sign * rates[k], vy = sign * rates[nm + k], vz = sign * rates[2 * nm + k];
    const wx = sign * rates[w0 + k], wy = sign * rates[w0 + nm + k], wz = sign * rates[w0 + 2 * nm + k];
    for (let i: Int = 0; i < 3; i++) {
      let rv = 0, rw = 0;
      if (turns !== 0) {
        rv = dAj[i] * dv[0] + dAj[3 + i] * dv[1] + dAj[6 + i] * dv[2];
        rw = dAj[i] * omegaRel[0] + dAj[3 + i] * omegaRel[1] + dAj[6 + i] * omegaRel[2];
      }
      dv6[i] = rv + aj[i] * vx + aj[3 + i] * vy + aj[6 + i] * vz;
      dv6[3 + i] = rw + aj[i] * wx + aj[3 + i] * wy + aj[6 + i] * wz;
    }
  }
  const u0 = du6[0], u1 = du6[1], u2 = du6[2], u3 = du6[3], u4 = du6[4], u5 = du6[5];
  for (let i: Int = 0; i < 6; i++) {
    const r: Int = 6 * i;
    let sum = 0 + stiffness[r] * u0 + stiffness[r + 1] * u1 + stiffness[r + 2] * u2 + stiffness[r + 3] * u3 + stiffness[r + 4] * u4 + stiffness[r + 5] * u5;
    if (hasDamping !== 0) {
      sum = sum + damping[r] * dv6[0] + damping[r + 1] * dv6[1] + damping[r + 2] * dv6[2] + damping[r + 3] * dv6[3] + damping[r + 4] * dv6[4] + damping[r + 5] * dv6[5];
    }
    df6[i] = sum;
  }
  const f0 = f6[0], f1 = f6[1], f2 = f6[2], f3 = f6[3], f4 = f6[4], f5 = f6[5];
  const h0 = df6[0], h1 = df6[1], h2 = df6[2], h3 = df6[3], h4 = df6[4], h5 = df6[5];
  let rFx = 0, rFy = 0, rFz = 0, rtx = 0, rty = 0, rtz = 0;
  if (turns !== 0) {
    rFx = dAj[0] * f0 + dAj[1] * f1 + dAj[2] * f2; rFy = dAj[3] * f0 + dAj[4] * f1 + dAj[5] * f2; rFz = dAj[6] * f0 + dAj[7] * f1 + dAj[8] * f2;
    rtx = dAj[0] * f3 + dAj[1] * f4 + dAj[2] * f5; rty = dAj[3] * f3 + dAj[4] * f4 + dAj[5] * f5; rtz = dAj[6] * f3 + dAj[7] * f4 + dAj[8] * f5;
  }
  const dFx = rFx + aj[0] * h0 + aj[1] * h1 + aj[2] * h2;
  const dFy = rFy + aj[3] * h0 + aj[4] * h1 + aj[5] * h2;
  const dFz = rFz + aj[6] * h0 + aj[7] * h1 + aj[8] * h2;
  const tx = rtx + aj[0] * h3 + aj[1] * h4 + aj[2] * h5;
  const ty = rty + aj[3] * h3 + aj[4] * h4 + aj[5] * h5;
  const tz = rtz + aj[6] * h3 + aj[7] * h4 + aj[8] * h5;
  let ux = 0, uy = 0, uz = 0;
  if (intrinsic !== 0) {
    const p0 = u6[0], p1 = u6[1], p2 = u6[2];
    let rwx = 0, rwy = 0, rwz = 0;
    if (turns !== 0) {
      rwx = dAj[0] * p0 + dAj[1] * p1 + dAj[2] * p2; rwy = dAj[3] * p0 + dAj[4] * p1 + dAj[5] * p2; rwz = dAj[6] * p0 + dAj[7] * p1 + dAj[8] * p2;
    }
    const dwx = -0.5 * (rwx + aj[0] * u0 + aj[1] * u1 + aj[2] * u2);
    const dwy = -0.5 * (rwy + aj[3] * u0 + aj[4] * u1 + aj[5] * u2);
    const dwz = -0.5 * (rwz + aj[6] * u0 + aj[7] * u1 + aj[8] * u2);
    ux = dwy * force[2] - dwz * force[1] + w[1] * dFz - w[2] * dFy;
    uy = dwz * force[0] - dwx * force[2] + w[2] * dFx - w[0] * dFz;
    uz = dwx * force[1] - dwy * force[0] + w[0] * dFy - w[1] * dFx;
  }
  for (let r: Int = 0; r < n0; r++) {
    m[r * n + c] = -(j0[r] * dFx + j0[n0 + r] * dFy + j0[2 * n0 + r] * dFz) + g0[r] * (ux - tx) + g0[n0 + r] * (uy - ty) + g0[2 * n0 + r] * (uz - tz);
  }
  for (let r: Int = 0; r < n1; r++) {
    m[(n0 + r) * n + c] = j1[r] * dFx + j1[n1 + r] * dFy + j1[2 * n1 + r] * dFz + g1[r] * (ux + tx) + g1[n1 + r] * (uy + ty) + g1[2 * n1 + r] * (uz + tz);
  }
}

/**
 * du[3..5] = δ log(M) of the trace formula for a variation δM of M: with t = 1 + tr M, c = (M21 − M12, M02 − M20,
 * M10 − M01) and the coefficients a = coefficients[0], b = coefficients[1] (the connector's logDerivativeCoefficients),
 * δlog = a δc + b c (c·δc) − 2 sgn(t) δt c/(r² + t²) (2 sgn(t) and r² + t² in coefficients[2], [3]); at 180°
 * (nearPi ≠ 0) δlog = T_exp(u)⁻¹ vee(MᵀδM) (tInverse = T_exp(u)⁻¹).
 */
function logTraceDerivative(du: Float64Array, mm: Float64Array, dM: Float64Array, tInverse: Float64Array, coefficients: Float64Array, nearPi: Int): void {
  if (nearPi !== 0) {
    // vee of the skew part of MᵀδM
    const sx = 0.5 * ((mm[1] * dM[2] + mm[4] * dM[5] + mm[7] * dM[8]) - (mm[2] * dM[1] + mm[5] * dM[4] + mm[8] * dM[7]));
    const sy = 0.5 * ((mm[2] * dM[0] + mm[5] * dM[3] + mm[8] * dM[6]) - (mm[0] * dM[2] + mm[3] * dM[5] + mm[6] * dM[8]));
    const sz = 0.5 * ((mm[0] * dM[1] + mm[3] * dM[4] + mm[6] * dM[7]) - (mm[1] * dM[0] + mm[4] * dM[3] + mm[7] * dM[6]));
    for (let i: Int = 0; i < 3; i++) {
      du[3 + i] = tInverse[3 * i] * sx + tInverse[3 * i + 1] * sy + tInverse[3 * i + 2] * sz;
    }
    return;
  }
  const a = coefficients[0], b = coefficients[1], twoSign = coefficients[2], denominator = coefficients[3];
  const cx = mm[7] - mm[5], cy = mm[2] - mm[6], cz = mm[3] - mm[1];
  const dcx = dM[7] - dM[5], dcy = dM[2] - dM[6], dcz = dM[3] - dM[1];
  const dt = dM[0] + dM[4] + dM[8];
  const cdc = b * (cx * dcx + cy * dcy + cz * dcz) - twoSign * dt / denominator;
  du[3] = a * dcx + cdc * cx; du[4] = a * dcy + cdc * cy; du[5] = a * dcz + cdc * cz;
}

/**
 * out[0..2] += δ(T⁻¹)ᵀ d for T⁻¹ = T_exp(u)⁻¹ = β I + ½ũ + γ uuᵀ with u = u6[3..5] and δu = out[3..5]: δβ d − ½ δu × d +
 * δγ u (u·d) + γ (u (δu·d) + δu (u·d)) with δγ = g (u·δu), δβ = −(g |u|² + 2γ)(u·δu); γ, g and |u|² in coefficients[4],
 * [5], [6] (the connector's tExpInverseDerivativeCoefficients).
 */
function addTExpInverseTransposedDerivative(out: Float64Array, u6: Float64Array, d: Float64Array, coefficients: Float64Array): void {
  const gamma = coefficients[4], g = coefficients[5], p2 = coefficients[6];
  const x = u6[3], y = u6[4], z = u6[5];
  const dx = out[3], dy = out[4], dz = out[5];
  const udu = x * dx + y * dy + z * dz, ud = x * d[0] + y * d[1] + z * d[2], dud = dx * d[0] + dy * d[1] + dz * d[2];
  const dBeta = -(g * p2 + 2 * gamma) * udu, dGamma = g * udu;
  out[0] += dBeta * d[0] - 0.5 * (dy * d[2] - dz * d[1]) + dGamma * x * ud + gamma * (x * dud + dx * ud);
  out[1] += dBeta * d[1] - 0.5 * (dz * d[0] - dx * d[2]) + dGamma * y * ud + gamma * (y * dud + dy * ud);
  out[2] += dBeta * d[2] - 0.5 * (dx * d[1] - dy * d[0]) + dGamma * z * ud + gamma * (z * dud + dz * ud);
}

/**
 * du[3..5] = δ of the Tait–Bryan angles of M for a variation δM: θ0 = atan2(−M12, M22), θ1 = atan2(M02, c) with
 * c = hypot(M12, M22), θ2 = atan2(−M01, M00); at c ≤ 1e-14 (θ1 = ±90°, where θ0 = 0 and θ2 = atan2(M10, M11)) the
 * derivative of that branch with δc = 0.
 */
function rotXYZDerivative(du: Float64Array, mm: Float64Array, dM: Float64Array, c: number): void {
  if (c > 1e-14) {
    const dc = (mm[5] * dM[5] + mm[8] * dM[8]) / c;
    du[3] = (mm[5] * dM[8] - mm[8] * dM[5]) / (mm[5] * mm[5] + mm[8] * mm[8]);
    du[4] = (c * dM[2] - mm[2] * dc) / (mm[2] * mm[2] + c * c);
    du[5] = (mm[1] * dM[0] - mm[0] * dM[1]) / (mm[0] * mm[0] + mm[1] * mm[1]);
  } else {
    du[3] = 0;
    du[4] = c * dM[2] / (mm[2] * mm[2] + c * c);
    du[5] = (mm[4] * dM[3] - mm[3] * dM[4]) / (mm[3] * mm[3] + mm[4] * mm[4]);
  }
}

/** out = ṽ A for v = (x, y, z) (out must not alias a). */
function skewMul(out: Float64Array, x: number, y: number, z: number, a: Float64Array): void {
  const a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
  out[0] = y * a20 - z * a10; out[1] = y * a21 - z * a11; out[2] = y * a22 - z * a12;
  out[3] = z * a00 - x * a20; out[4] = z * a01 - x * a21; out[5] = z * a02 - x * a22;
  out[6] = x * a10 - y * a00; out[7] = x * a11 - y * a01; out[8] = x * a12 - y * a02;
}

/**
 * out = Â B for Â_ik = a[i·rowStride + k·columnStride] (A B: strides 3, 1; Aᵀ B: 1, 3), each entry Â_i0 B_0j + Â_i1 B_1j +
 * Â_i2 B_2j (out must not alias a or b).
 */
function mat3Product(out: Float64Array, a: Float64Array, rowStride: Int, columnStride: Int, b: Float64Array): void {
  for (let i: Int = 0; i < 3; i++) {
    const a0: Int = i * rowStride, a1: Int = a0 + columnStride, a2: Int = a1 + columnStride;
    for (let j: Int = 0; j < 3; j++) {
      out[3 * i + j] = a[a0] * b[j] + a[a1] * b[3 + j] + a[a2] * b[6 + j];
    }
  }
}

/**
 * The q-Jacobian's columns of a translation-only connector (K and D with zero rotational rows and columns, the standard
 * formulation: Aj = A0all) into m ((n0 + n1)², row-major), without the markers' ∂(Jᵀ loads)/∂q: per column of marker 0
 * δA0 = δθ̃ A0 (+ the null directions nd0 if null0 ≠ 0), δAj = δA0all = R0 δA0, of marker 1 δAj = 0; δΔp = ±(J e + the
 * lever's null direction), δuPos = AjᵀδΔp + δAjᵀΔp, δf = K δuPos (+ D δvPos with δvPos = δAjᵀΔv + AjᵀδΔv, δΔv = ±∂v/∂q e
 * from rates_i, if hasDamping ≠ 0; each row's sums from +0), δF = δAj f + Aj δf, the column [−J0ᵀδF; J1ᵀδF]. The
 * connector's former JavaScript (translationColumnVariation, translationColumnLoads) in its order of operations; inputs
 * as in stiffnessColumns (aj, a0, r0, dp, dv, f6, stiffness, damping, j0, g0, nd0, rates0, j1, nd1, rates1), work dA,
 * dAll, dAj, du6, dv6.
 */
export function translationColumns(
  aj: Float64Array, a0: Float64Array, r0: Float64Array, dp: Float64Array, dv: Float64Array, f6: Float64Array,
  stiffness: Float64Array, damping: Float64Array, j0: Float64Array, g0: Float64Array, nd0: Float64Array, rates0: Float64Array,
  j1: Float64Array, nd1: Float64Array, rates1: Float64Array, dA: Float64Array, dAll: Float64Array, dAj: Float64Array,
  du6: Float64Array, dv6: Float64Array, m: Float64Array, n0: Int, n1: Int, null0: Int, null1: Int, hasDamping: Int,
): void {
  for (let c: Int = 0; c < n0 + n1; c++) {
    if (c < n0) {
      translationColumn(aj, a0, r0, dp, dv, f6, stiffness, damping, j0, g0, nd0, rates0, j0, j1, dA, dAll, dAj, du6, dv6, m,
        n0, n1, c, n0, c, 1, -1, null0, hasDamping);
    } else {
      translationColumn(aj, a0, r0, dp, dv, f6, stiffness, damping, j1, g0, nd1, rates1, j0, j1, dA, dAll, dAj, du6, dv6, m,
        n0, n1, c, n1, c - n0, 0, 1, null1, hasDamping);
    }
  }
}

/**
 * Column c of {@link translationColumns}: coordinate k of the moved marker (jm its position Jacobian, nd its null
 * directions, rates its ∂v/∂q, nm its coordinates; side0 ≠ 0 and sign −1 for marker 0, else marker 1 and sign +1).
 */
function translationColumn(
  aj: Float64Array, a0: Float64Array, r0: Float64Array, dp: Float64Array, dv: Float64Array, f6: Float64Array,
  stiffness: Float64Array, damping: Float64Array, jm: Float64Array, g0: Float64Array, nd: Float64Array, rates: Float64Array,
  j0: Float64Array, j1: Float64Array, dA: Float64Array, dAll: Float64Array, dAj: Float64Array, du6: Float64Array, dv6: Float64Array,
  m: Float64Array, n0: Int, n1: Int, c: Int, nm: Int, k: Int, side0: Int, sign: number, nullM: Int, hasDamping: Int,
): void {
  const k1: Int = nm + k, k2: Int = 2 * nm + k;
  if (side0 !== 0) {
    skewMul(dA, g0[k], g0[k1], g0[k2], a0);
    if (nullM !== 0) {
      const e1: Int = 3 * nm, e2: Int = 6 * nm;
      dA[0] += nd[k]; dA[3] += nd[k1]; dA[6] += nd[k2];
      dA[1] += nd[e1 + k]; dA[4] += nd[e1 + k1]; dA[7] += nd[e1 + k2];
      dA[2] += nd[e2 + k]; dA[5] += nd[e2 + k1]; dA[8] += nd[e2 + k2];
    }
    mat3Product(dAll, r0, 3, 1, dA);
    for (let i: Int = 0; i < 9; i++) {
      dAj[i] = dAll[i];
    }
  } else {
    for (let i: Int = 0; i < 9; i++) {
      dAj[i] = 0;
    }
  }
  let px = sign * jm[k], py = sign * jm[k1], pz = sign * jm[k2];
  if (nullM !== 0) {
    const lever: Int = 9 * nm;
    px += sign * nd[lever + k]; py += sign * nd[lever + k1]; pz += sign * nd[lever + k2];
  }
  du6[0] = aj[0] * px + aj[3] * py + aj[6] * pz + dAj[0] * dp[0] + dAj[3] * dp[1] + dAj[6] * dp[2];
  du6[1] = aj[1] * px + aj[4] * py + aj[7] * pz + dAj[1] * dp[0] + dAj[4] * dp[1] + dAj[7] * dp[2];
  du6[2] = aj[2] * px + aj[5] * py + aj[8] * pz + dAj[2] * dp[0] + dAj[5] * dp[1] + dAj[8] * dp[2];
  const u0 = du6[0], u1 = du6[1], u2 = du6[2];
  let h0 = 0 + stiffness[0] * u0 + stiffness[1] * u1 + stiffness[2] * u2;
  let h1 = 0 + stiffness[6] * u0 + stiffness[7] * u1 + stiffness[8] * u2;
  let h2 = 0 + stiffness[12] * u0 + stiffness[13] * u1 + stiffness[14] * u2;
  if (hasDamping !== 0) {
    const vx = sign * rates[k], vy = sign * rates[k1], vz = sign * rates[k2];
    dv6[0] = dAj[0] * dv[0] + dAj[3] * dv[1] + dAj[6] * dv[2] + aj[0] * vx + aj[3] * vy + aj[6] * vz;
    dv6[1] = dAj[1] * dv[0] + dAj[4] * dv[1] + dAj[7] * dv[2] + aj[1] * vx + aj[4] * vy + aj[7] * vz;
    dv6[2] = dAj[2] * dv[0] + dAj[5] * dv[1] + dAj[8] * dv[2] + aj[2] * vx + aj[5] * vy + aj[8] * vz;
    const v0 = dv6[0], v1 = dv6[1], v2 = dv6[2];
    h0 = h0 + damping[0] * v0 + damping[1] * v1 + damping[2] * v2;
    h1 = h1 + damping[6] * v0 + damping[7] * v1 + damping[8] * v2;
    h2 = h2 + damping[12] * v0 + damping[13] * v1 + damping[14] * v2;
  }
  const f0 = f6[0], f1 = f6[1], f2 = f6[2];
  writeForceColumn(m, j0, j1, n0, n1, c,
    dAj[0] * f0 + dAj[1] * f1 + dAj[2] * f2 + aj[0] * h0 + aj[1] * h1 + aj[2] * h2,
    dAj[3] * f0 + dAj[4] * f1 + dAj[5] * f2 + aj[3] * h0 + aj[4] * h1 + aj[5] * h2,
    dAj[6] * f0 + dAj[7] * f1 + dAj[8] * f2 + aj[6] * h0 + aj[7] * h1 + aj[8] * h2);
}

/**
 * The damping Jacobian's columns of a translation-only connector into m ((n0 + n1)², row-major): column c is the
 * velocity half e = ±J_i e_c of the relative twist, b = Ajᵀe, h = D b (each row's sum from +0), F = Aj h and
 * [−J0ᵀF; J1ᵀF] (the connector's former translationDampingColumn in its order of operations).
 */
export function translationDampingColumns(aj: Float64Array, damping: Float64Array, j0: Float64Array, j1: Float64Array, m: Float64Array, n0: Int, n1: Int): void {
  const a0 = aj[0], a1 = aj[1], a2 = aj[2], a3 = aj[3], a4 = aj[4], a5 = aj[5], a6 = aj[6], a7 = aj[7], a8 = aj[8];
  for (let c: Int = 0; c < n0 + n1; c++) {
    let ev0 = 0, ev1 = 0, ev2 = 0;
    if (c < n0) {
      ev0 = -1 * j0[c]; ev1 = -1 * j0[n0 + c]; ev2 = -1 * j0[2 * n0 + c];
    } else {
      const k: Int = c - n0;
      ev0 = j1[k]; ev1 = j1[n1 + k]; ev2 = j1[2 * n1 + k];
    }
    const b0 = a0 * ev0 + a3 * ev1 + a6 * ev2, b1 = a1 * ev0 + a4 * ev1 + a7 * ev2, b2 = a2 * ev0 + a5 * ev1 + a8 * ev2;
    const h0 = 0 + damping[0] * b0 + damping[1] * b1 + damping[2] * b2;
    const h1 = 0 + damping[6] * b0 + damping[7] * b1 + damping[8] * b2;
    const h2 = 0 + damping[12] * b0 + damping[13] * b1 + damping[14] * b2;
    writeForceColumn(m, j0, j1, n0, n1, c, a0 * h0 + a1 * h1 + a2 * h2, a3 * h0 + a4 * h1 + a5 * h2, a6 * h0 + a7 * h1 + a8 * h2);
  }
}

/** Column c of m ((n0 + n1)², row-major) for a force F = (fx, fy, fz) on marker 1 and −F on marker 0: [−J0ᵀF; J1ᵀF]. */
function writeForceColumn(m: Float64Array, j0: Float64Array, j1: Float64Array, n0: Int, n1: Int, c: Int, fx: number, fy: number, fz: number): void {
  const n: Int = n0 + n1;
  for (let r: Int = 0; r < n0; r++) {
    m[r * n + c] = -(j0[r] * fx + j0[n0 + r] * fy + j0[2 * n0 + r] * fz);
  }
  for (let r: Int = 0; r < n1; r++) {
    m[(n0 + r) * n + c] = j1[r] * fx + j1[n1 + r] * fy + j1[2 * n1 + r] * fz;
  }
}

/**
 * The relative rotation A0allᵀA1all into relRot and its logarithm's terms into logTerms; 1 at 180° (logTerms not
 * written), else 0 (intrinsicStateKernelsSource.ts's relativeLogTerms, exported by this module).
 */
export function intrinsicLog(a0All: Float64Array, a1All: Float64Array, relRot: Float64Array, logTerms: Float64Array): Int {
  return relativeLogTerms(a0All, a1All, relRot, logTerms);
}

/** The intrinsic formulation's state after the logarithm (intrinsicStateKernelsSource.ts's intrinsicJointState, exported by this module). */
export function intrinsicState(
  a0All: Float64Array, p0: Float64Array, p1: Float64Array, dv: Float64Array, omegaRel: Float64Array,
  stiffness: Float64Array, damping: Float64Array, offset: Float64Array, aj: Float64Array, u6: Float64Array, v6: Float64Array,
  f6: Float64Array, force: Float64Array, torque0: Float64Array, torque1: Float64Array, tInverse: Float64Array, halfExp: Float64Array,
  x: number, y: number, z: number, phi: number, sinH: number, cosH: number, sinQuarter: number,
  velocities: Int, linear: Int, loads: Int, hasDamping: Int,
): void {
  intrinsicJointState(a0All, p0, p1, dv, omegaRel, stiffness, damping, offset, aj, u6, v6, f6, force, torque0, torque1, tInverse, halfExp,
    x, y, z, phi, sinH, cosH, sinQuarter, velocities, linear, loads, hasDamping);
}
