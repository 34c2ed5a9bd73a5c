/**
 * The source of the WebAssembly module of ObjectBeamGeometricallyExact's arithmetic (the relative motion of the node
 * frames, the nodal forces and the columns of ∂f/∂q; see beamGeometricallyExactKernels.ts), in the TypeScript subset of
 * scripts/wasmKernelCompiler.ts: the same floating-point operations in the same order as the element's JavaScript had
 * them, so the module's results are the same bit for bit (wasm has no fused multiply-add); the tests run these
 * functions as JavaScript against the module's exports.
 *
 * The arrays are an element's: q and u its 14 node coordinates and velocities [p (3), Euler parameters (4)] × 2, k the
 * diagonal stiffness [EA, GA_y, GA_z, GJ, EI_y, EI_z], J the cross-section inertia (3 × 3), A0, A1 the node rotations
 * and R = A0ᵀA1 (row-major), and `motion`: d = A0ᵀ(p1 − p0) at 0–2, β, γ, f8 at 3–5, Ω at 6–8, x = |Ω|² at 9,
 * w = (R21 − R12, R02 − R20, R10 − R01) at 10–12, a = |w|² at 13, c = 1 + tr R at 14, and the values the element
 * computes in JavaScript (trigonometric functions, outside the subset): atan2(√a, c) at 15 (read where a > 1e-8 c²),
 * cos ½√x and sin ½√x at 16, 17 (read where √x > 0.02), sin √x and cos √x at 18, 19 (read where √x ≥ 0.2). A force or
 * Jacobian evaluation is {@link beamRelativeRotation}, atan2, {@link beamRotationVector}, the trigonometric functions,
 * then {@link beamForces} or {@link beamStiffness}.
 *
 * The value and gradient formulas repeat the operations of the jet operations they once replaced, except that a jet
 * operation's a + (−1)·b, a + (−½)·b and 1·b are written a − b, a − ½b and b: the same bits.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * A0, A1, R = A0ᵀA1, d, w, a and c (into motion) from q; 1 where the logarithm takes its closed form (a > 1e-8 c²: the
 * element then writes atan2(√a, c) at motion[15]), else 0.
 */
export function beamRelativeRotation(q: Float64Array, A0: Float64Array, A1: Float64Array, R: Float64Array, motion: Float64Array): Int {
  rotationValues(q, 3, A0);
  rotationValues(q, 10, A1);
  const dp0 = q[7] - q[0], dp1 = q[8] - q[1], dp2 = q[9] - q[2];
  motion[0] = A0[0] * dp0 + A0[3] * dp1 + A0[6] * dp2;
  motion[1] = A0[1] * dp0 + A0[4] * dp1 + A0[7] * dp2;
  motion[2] = A0[2] * dp0 + A0[5] * dp1 + A0[8] * dp2;
  for (let i: Int = 0; i < 3; i++) {
    for (let j: Int = 0; j < 3; j++) R[3 * i + j] = A0[i] * A1[j] + A0[i + 3] * A1[j + 3] + A0[i + 6] * A1[j + 6];
  }
  const w0 = R[7] - R[5], w1 = R[2] - R[6], w2 = R[3] - R[1];
  const a = w0 * w0 + w1 * w1 + w2 * w2;
  const c = R[0] + R[4] + R[8] + 1;
  motion[10] = w0; motion[11] = w1; motion[12] = w2; motion[13] = a; motion[14] = c;
  return a > 1e-8 * c * c ? 1 : 0;
}

/**
 * Ω = LogSO3(R) = h w (h = 2 atan2(√a, c)/√a, or for `closed` = 0 the series 2 atan(√τ)/(c √τ), τ = a/c²) and
 * x = |Ω|² into motion; returns x.
 */
export function beamRotationVector(motion: Float64Array, closed: Int): number {
  const w0 = motion[10], w1 = motion[11], w2 = motion[12], a = motion[13], c = motion[14];
  let h = 0;
  if (closed !== 0) {
    const r = Math.sqrt(a);
    h = (2 * motion[15] + 0) * (1 / r);
  } else {
    const tau = a * (1 / (c * c));
    h = hornerValue3(tau, 2, -2 / 3, 2 / 5) * (1 / c);
  }
  const Om0 = h * w0, Om1 = h * w1, Om2 = h * w2;
  const x = Om0 * Om0 + Om1 * Om1 + Om2 * Om2;
  motion[6] = Om0; motion[7] = Om1; motion[8] = Om2; motion[9] = x;
  return x;
}

/**
 * The 14 nodal forces into `out` and h = [u, Ω] into h, after {@link beamRotationVector}: β, γ, f8; T_exp,SO3⁻¹(Ω) into
 * T, u = T d, the stresses [r_p, r_r] = K ε into stress, T_uw(±u, ±Ω) into Tp and Tm (ũ, Ω̃ in us, os), then per node
 * sign·A_n (T or Tᵀ) r_p on the positions and G_lᵀ total on the Euler parameters, total = sign·(T_uw(∓h)ᵀ r_p + (T or
 * Tᵀ) r_r) + (L/2) ω̄ × J ω̄ (ω̄ = G_l θ̇; G_l in gl, total in total).
 */
export function beamForces(
  q: Float64Array, u: Float64Array, k: Float64Array, J: Float64Array, A0: Float64Array, A1: Float64Array, motion: Float64Array,
  T: Float64Array, Tp: Float64Array, Tm: Float64Array, us: Float64Array, os: Float64Array, stress: Float64Array, total: Float64Array,
  h: Float64Array, gl: Float64Array, out: Float64Array, L: number,
): void {
  expFactors(motion);
  tangentOperatorValues(k, motion, T, Tp, Tm, us, os, stress, h, L);
  nodeForceValues(0, q, u, J, A0, Tm, T, stress, total, gl, out, L);
  nodeForceValues(1, q, u, J, A1, Tp, T, stress, total, gl, out, L);
}

/**
 * factor ∂f/∂q (14 × 14 row-major) into K, after {@link beamRotationVector}: β, γ, f8; ∂A_n/∂p_m into dA, the relative
 * rotation's gradients into rg ({@link differentiateRotation}), then one column per variable e of the forward
 * differentiation ({@link forceColumn}; work arrays tso, terms and velocity). The variables: node 0's Euler parameters
 * (0–3), node 1's (4–7), node 1's position (8–10); node 0's position columns are the negated columns of node 1's (the
 * forces depend on p1 − p0 only).
 */
export function beamStiffness(
  q: Float64Array, u: Float64Array, k: Float64Array, J: Float64Array, A0: Float64Array, A1: Float64Array, R: Float64Array,
  motion: Float64Array, dA: Float64Array, rg: Float64Array, tso: Float64Array, terms: Float64Array, velocity: Float64Array,
  K: Float64Array, L: number, factor: number,
): void {
  expFactors(motion);
  eulerParameterGradients(q, 0, dA);
  eulerParameterGradients(q, 1, dA);
  differentiateRotation(A0, A1, R, motion, dA, rg);
  for (let e: Int = 0; e < 11; e++) forceColumn(e, q, u, k, J, A0, A1, motion, dA, rg, tso, terms, velocity, K, L, factor);
}

/** A(ep) of the Euler parameters at q[at … at + 3] into A (values). */
function rotationValues(q: Float64Array, at: Int, A: Float64Array): void {
  const p0 = q[at], p1 = q[at + 1], p2 = q[at + 2], p3 = q[at + 3];
  A[0] = -2 * (p3 * p3) + 1 + -2 * (p2 * p2);
  A[1] = -2 * (p3 * p0) + 0 + 2 * (p2 * p1);
  A[2] = 2 * (p3 * p1) + 0 + 2 * (p2 * p0);
  A[3] = 2 * (p3 * p0) + 0 + 2 * (p2 * p1);
  A[4] = -2 * (p3 * p3) + 1 + -2 * (p1 * p1);
  A[5] = 2 * (p3 * p2) + 0 + -2 * (p1 * p0);
  A[6] = -2 * (p2 * p0) + 0 + 2 * (p3 * p1);
  A[7] = 2 * (p3 * p2) + 0 + 2 * (p1 * p0);
  A[8] = -2 * (p2 * p2) + 1 + -2 * (p1 * p1);
}

/** c0 + c1 x + c2 x² by Horner's scheme from 0·x + c2 (the value operations of a jet polynomial). */
function hornerValue3(x: number, c0: number, c1: number, c2: number): number {
  let t = 0 * x + c2;
  t = t * x + c1;
  return t * x + c0;
}

/** c0 + … + c3 x³ as {@link hornerValue3}. */
function hornerValue4(x: number, c0: number, c1: number, c2: number, c3: number): number {
  let t = 0 * x + c3;
  t = t * x + c2;
  t = t * x + c1;
  return t * x + c0;
}

/** c0 + … + c4 x⁴ as {@link hornerValue3}. */
function hornerValue5(x: number, c0: number, c1: number, c2: number, c3: number, c4: number): number {
  let t = 0 * x + c4;
  t = t * x + c3;
  t = t * x + c2;
  t = t * x + c1;
  return t * x + c0;
}

/** c0 + c1 x + c2 x² by Horner's scheme from c2 (the value of a series with its derivatives). */
function seriesValue3(x: number, c0: number, c1: number, c2: number): number {
  let f0 = c2;
  f0 = f0 * x + c1;
  return f0 * x + c0;
}

/** c0 + … + c3 x³ as {@link seriesValue3}. */
function seriesValue4(x: number, c0: number, c1: number, c2: number, c3: number): number {
  let f0 = c3;
  f0 = f0 * x + c2;
  f0 = f0 * x + c1;
  return f0 * x + c0;
}

/** The derivative of c0 + c1 x + c2 x², by Horner's scheme alongside the value's. */
function seriesSlope3(x: number, c1: number, c2: number): number {
  let f0 = c2, f1 = 0;
  f1 = f1 * x + f0; f0 = f0 * x + c1;
  return f1 * x + f0;
}

/** The derivative of c0 + … + c3 x³ as {@link seriesSlope3}. */
function seriesSlope4(x: number, c1: number, c2: number, c3: number): number {
  let f0 = c3, f1 = 0;
  f1 = f1 * x + f0; f0 = f0 * x + c2;
  f1 = f1 * x + f0; f0 = f0 * x + c1;
  return f1 * x + f0;
}

/** The derivative of c0 + … + c4 x⁴ as {@link seriesSlope3}. */
function seriesSlope5(x: number, c1: number, c2: number, c3: number, c4: number): number {
  let f0 = c4, f1 = 0;
  f1 = f1 * x + f0; f0 = f0 * x + c3;
  f1 = f1 * x + f0; f0 = f0 * x + c2;
  f1 = f1 * x + f0; f0 = f0 * x + c1;
  return f1 * x + f0;
}

/**
 * β, γ and f8 of x = |Ω|² into motion[3 … 5]: closed forms β = (½√x) cos(½√x)/sin(½√x), γ = (1 − β)/x for √x > 0.02,
 * else γ by its series and β = 1 − xγ; f8 = (√x sin √x + 4 cos √x − 4 + x)/(4 sin²(½√x) x²) for √x ≥ 0.2, else its
 * series.
 */
function expFactors(motion: Float64Array): void {
  const x = motion[9];
  const phi = Math.sqrt(x);
  let beta = 0, gamma = 0, f8 = 0;
  if (phi > 0.02) {
    const half = 0.5 * Math.sqrt(x) + 0;
    beta = half * motion[16] * (1 / motion[17]);
    gamma = (1 - beta) * (1 / x);
  } else {
    gamma = hornerValue4(x, 1 / 12, 1 / 720, 1 / 30240, 1 / 1209600);
    beta = 1 - x * gamma;
  }
  if (phi >= 0.2) {
    const ph = Math.sqrt(x);
    const numerator = ph * motion[18] + (4 * motion[19] + -4) + x;
    const sinHalf = motion[17];
    f8 = numerator * (1 / (4 * (sinHalf * sinHalf * (x * x)) + 0));
  } else {
    f8 = hornerValue5(x, 1 / 360, 1 / 7560, 1 / 201600, 1 / 5987520, 691 / 130767436800);
  }
  motion[3] = beta; motion[4] = gamma; motion[5] = f8;
}

/** skew(a) with zero entries 0·a0 + 0 and the others s·a_k + 0 (row-major; the operations of the earlier jet form). */
function skewValues(a0: number, a1: number, a2: number, out: Float64Array): void {
  const z = 0 * a0 + 0;
  out[0] = z; out[1] = -1 * a2 + 0; out[2] = a1 + 0;
  out[3] = a2 + 0; out[4] = z; out[5] = -1 * a0 + 0;
  out[6] = -1 * a1 + 0; out[7] = a0 + 0; out[8] = z;
}

/**
 * T_exp,SO3⁻¹ into T, u = T d and Ω into h, the stresses [r_p, r_r] into stress and T_uw(±u, ±Ω) into Tp and Tm
 * (ũ and Ω̃ as skew(a) = [0, −a2, a1; a2, 0, −a0; −a1, a0, 0] in us and os).
 */
function tangentOperatorValues(
  k: Float64Array, motion: Float64Array, T: Float64Array, Tp: Float64Array, Tm: Float64Array, us: Float64Array, os: Float64Array,
  stress: Float64Array, h: Float64Array, L: number,
): void {
  const Om0 = motion[6], Om1 = motion[7], Om2 = motion[8], d0 = motion[0], d1 = motion[1], d2 = motion[2];
  const beta = motion[3], gamma = motion[4], f8 = motion[5];
  for (let i: Int = 0; i < 3; i++) {
    for (let j: Int = 0; j < 3; j++) {
      const e = gamma * (motion[i + 6] * motion[j + 6]);
      T[3 * i + j] = i === j ? e + beta : e;
    }
  }
  T[1] = T[1] - 0.5 * Om2; T[3] = T[3] + 0.5 * Om2;
  T[2] = T[2] + 0.5 * Om1; T[6] = T[6] - 0.5 * Om1;
  T[5] = T[5] - 0.5 * Om0; T[7] = T[7] + 0.5 * Om0;
  const u0 = T[0] * d0 + T[3] * d1 + T[6] * d2;
  const u1 = T[1] * d0 + T[4] * d1 + T[7] * d2;
  const u2 = T[2] * d0 + T[5] * d1 + T[8] * d2;
  stress[0] = k[0] / L * u0 + -k[0]; stress[1] = k[1] / L * u1 + 0; stress[2] = k[2] / L * u2 + 0;
  stress[3] = k[3] / L * Om0 + 0; stress[4] = k[4] / L * Om1 + 0; stress[5] = k[5] / L * Om2 + 0;
  h[0] = u0; h[1] = u1; h[2] = u2; h[3] = Om0; h[4] = Om1; h[5] = Om2;
  skewValues(u0, u1, u2, us);
  skewValues(Om0, Om1, Om2, os);
  const f8ou = f8 * (Om0 * u0 + Om1 * u1 + Om2 * u2);
  for (let i: Int = 0; i < 3; i++) {
    for (let j: Int = 0; j < 3; j++) {
      const uo = us[3 * i] * os[j] + us[3 * i + 1] * os[j + 3] + us[3 * i + 2] * os[j + 6];
      const ou = os[3 * i] * us[j] + os[3 * i + 1] * us[j + 3] + os[3 * i + 2] * us[j + 6];
      const oo = os[3 * i] * os[j] + os[3 * i + 1] * os[j + 3] + os[3 * i + 2] * os[j + 6];
      const e = gamma * (uo + ou);
      const quadratic = f8ou * oo;
      Tp[3 * i + j] = e + 0.5 * us[3 * i + j] + quadratic;
      Tm[3 * i + j] = e - 0.5 * us[3 * i + j] + quadratic;
    }
  }
}

/** G_l = 2[−e, e0 I − ẽ] of node n (values) into g (3 × 4 row-major). */
function gLocalValues(q: Float64Array, n: Int, g: Float64Array): void {
  const at: Int = 7 * n + 3;
  const e0 = 2 * q[at], e1 = 2 * q[at + 1], e2 = 2 * q[at + 2], e3 = 2 * q[at + 3];
  g[0] = -e1; g[1] = e0; g[2] = e3; g[3] = -e2;
  g[4] = -e2; g[5] = -e3; g[6] = e0; g[7] = e1;
  g[8] = -e3; g[9] = e2; g[10] = -e1; g[11] = e0;
}

/** Node n's 7 forces into out (A its rotation, Tuw = T_uw(∓h): Tm for node 0, Tp for node 1). */
function nodeForceValues(
  n: Int, q: Float64Array, u: Float64Array, J: Float64Array, A: Float64Array, Tuw: Float64Array, T: Float64Array, stress: Float64Array,
  total: Float64Array, G: Float64Array, out: Float64Array, L: number,
): void {
  const halfL = 0.5 * L;
  const rp0 = stress[0], rp1 = stress[1], rp2 = stress[2], rr0 = stress[3], rr1 = stress[4], rr2 = stress[5];
  const sign = n === 0 ? -1 : 1;
  // node 1: Tᵀ (entry (i, l) at T[i + 3l]), node 0: T (at T[3i + l])
  const si: Int = n === 1 ? 1 : 3, sl: Int = n === 1 ? 3 : 1;
  const pos0 = T[0] * rp0 + T[sl] * rp1 + T[2 * sl] * rp2;
  const pos1 = T[si] * rp0 + T[si + sl] * rp1 + T[si + 2 * sl] * rp2;
  const pos2 = T[2 * si] * rp0 + T[2 * si + sl] * rp1 + T[2 * si + 2 * sl] * rp2;
  gLocalValues(q, n, G);
  const at: Int = 7 * n;
  const v3 = u[at + 3], v4 = u[at + 4], v5 = u[at + 5], v6 = u[at + 6];
  const om0 = v3 * G[0] + 0 + v4 * G[1] + v5 * G[2] + v6 * G[3];
  const om1 = v3 * G[4] + 0 + v4 * G[5] + v5 * G[6] + v6 * G[7];
  const om2 = v3 * G[8] + 0 + v4 * G[9] + v5 * G[10] + v6 * G[11];
  const jw0 = J[0] * om0 + 0 + J[1] * om1 + J[2] * om2;
  const jw1 = J[3] * om0 + 0 + J[4] * om1 + J[5] * om2;
  const jw2 = J[6] * om0 + 0 + J[7] * om1 + J[8] * om2;
  const qv0 = om1 * jw2 - om2 * jw1, qv1 = om2 * jw0 - om0 * jw2, qv2 = om0 * jw1 - om1 * jw0;
  for (let i: Int = 0; i < 3; i++) {
    const first = Tuw[i] * rp0 + Tuw[i + 3] * rp1 + Tuw[i + 6] * rp2;
    const second = T[si * i] * rr0 + T[si * i + sl] * rr1 + T[si * i + 2 * sl] * rr2;
    const rot = first + second;
    total[i] = sign * rot + 0 + halfL * (i === 0 ? qv0 : i === 1 ? qv1 : qv2);
    out[at + i] = sign * (A[3 * i] * pos0 + A[3 * i + 1] * pos1 + A[3 * i + 2] * pos2) + 0;
  }
  for (let kk: Int = 0; kk < 4; kk++) out[at + kk + 3] = G[kk] * total[0] + G[kk + 4] * total[1] + G[kk + 8] * total[2];
}

/**
 * ∂A_n/∂p_m of node n into g at 9(4n + m) (each entry of A(ep) a quadratic form in the Euler parameters p: its exact
 * linear terms c·p_m with c ∈ {±2, −4}; +0 where an entry does not depend on p_m).
 */
function eulerParameterGradients(q: Float64Array, n: Int, g: Float64Array): void {
  const at: Int = 7 * n + 3, o: Int = 36 * n;
  const p0 = q[at], p1 = q[at + 1], p2 = q[at + 2], p3 = q[at + 3];
  const P0 = 2 * p0, P1 = 2 * p1, P2 = 2 * p2, P3 = 2 * p3, M0 = -2 * p0, M1 = -2 * p1, M2 = -2 * p2, M3 = -2 * p3;
  const F1 = -4 * p1, F2 = -4 * p2, F3 = -4 * p3;
  // entry k of ∂A/∂p_m at o + 9m + k
  g[o] = 0; g[o + 9] = 0; g[o + 18] = F2; g[o + 27] = F3;
  g[o + 1] = M3; g[o + 10] = P2; g[o + 19] = P1; g[o + 28] = M0;
  g[o + 2] = P2; g[o + 11] = P3; g[o + 20] = P0; g[o + 29] = P1;
  g[o + 3] = P3; g[o + 12] = P2; g[o + 21] = P1; g[o + 30] = P0;
  g[o + 4] = 0; g[o + 13] = F1; g[o + 22] = 0; g[o + 31] = F3;
  g[o + 5] = M1; g[o + 14] = M0; g[o + 23] = P3; g[o + 32] = P2;
  g[o + 6] = M2; g[o + 15] = P3; g[o + 24] = M0; g[o + 33] = P1;
  g[o + 7] = P1; g[o + 16] = P0; g[o + 25] = P3; g[o + 34] = P2;
  g[o + 8] = 0; g[o + 17] = F1; g[o + 26] = F2; g[o + 35] = 0;
}

/**
 * The gradients of Ω = LogSO3(R), x = |Ω|², β, γ and f8 with respect to the 8 Euler parameters into out (7 entries per
 * variable; +0 for the 3 position variables). Ω = h(|w|², 1 + tr R) w, h(a, c) = 2 atan2(√a, c)/√a (for small a:
 * 2 atan(√τ)/(c √τ), τ = a/c², by its series); β, γ, f8 of x by Exudyn's closed forms and series. The derivative
 * factors are formed once (as the jet operations sqrt, atan2, div, sin, cos and the series' chain formed them), then
 * per variable the expressions of the jet operations dot, addScaled, add, affine, mul and div.
 */
function differentiateRotation(A0: Float64Array, A1: Float64Array, R: Float64Array, motion: Float64Array, dA: Float64Array, out: Float64Array): void {
  const w0v = R[7] - R[5], w1v = R[2] - R[6], w2v = R[3] - R[1];
  const av = w0v * w0v + w1v * w1v + w2v * w2v;
  const cv = R[0] + R[4] + R[8] + 1;
  const closed: Int = av > 1e-8 * cv * cv ? 1 : 0;
  // closed form: r = √a, t = affine(atan2(r, c), 2, 0), h = t·(1/r); f0 = √'s factor, f1, f2 = atan2's, f3 = t,
  // f4 = (1/r)'s factor, f5 = 1/r. Series: τ = a·(1/(c c)), s = Σ c_k τ^k, h = s·(1/c); f0 = (1/(c c))'s factor,
  // f1 = a, f2 = 1/(c c), f3 = the series' derivative, f4 = s, f5 = (1/c)'s factor, jv = 1/c
  let hv = 0, f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, jv = 0;
  if (closed !== 0) {
    const rv = Math.sqrt(av), r2 = cv * cv + rv * rv, tv = 2 * motion[15] + 0, iv = 1 / rv;
    hv = tv * iv;
    f0 = 0.5 / rv; f1 = cv / r2; f2 = -rv / r2; f3 = tv; f4 = -iv * iv; f5 = iv;
  } else {
    const ccv = cv * cv, iv = 1 / ccv, tauv = av * iv, sv = seriesValue3(tauv, 2, -2 / 3, 2 / 5);
    jv = 1 / cv;
    hv = sv * jv;
    f0 = -iv * iv; f1 = av; f2 = iv; f3 = seriesSlope3(tauv, -2 / 3, 2 / 5); f4 = sv; f5 = -jv * jv;
  }
  const o0v = motion[6], o1v = motion[7], o2v = motion[8];
  const xv = o0v * o0v + o1v * o1v + o2v * o2v;
  // β, γ: closed, β = div(mul(half, cos half), sin half), half = affine(sqrt x, 0.5, 0), γ = div(affine(β, −1, 1), x);
  // series, γ = Σ c_k x^k, β = affine(mul(x, γ), −1, 1). f8: closed, div(add(add(mul(ph, sin ph), affine(cos ph, 4,
  // −4)), x), affine(mul(mul(s, s), mul(x, x)), 4, 0)), ph = sqrt x, s = sin(affine(ph, 0.5, 0)); series Σ c_k x^k
  const phi = Math.sqrt(xv);
  const closedBeta: Int = phi > 0.02 ? 1 : 0, closedF8: Int = phi >= 0.2 ? 1 : 0;
  let bDr = 0, bHv = 0, bDc = 0, bCv = 0, bTv = 0, bDi = 0, bDs = 0, bIv = 0, bAv = 0, bDj = 0, bJv = 0, gGv = 0, gDg = 0;
  if (closedBeta !== 0) {
    const r = Math.sqrt(xv);
    bDr = 0.5 / r; bHv = 0.5 * r + 0;
    bCv = motion[16]; bDc = -motion[17]; const sv = motion[17]; bDs = motion[16];
    bTv = bHv * bCv; bIv = 1 / sv; bDi = -bIv * bIv;
    bAv = 1 - bTv * bIv; bJv = 1 / xv; bDj = -bJv * bJv;
  } else {
    gGv = seriesValue4(xv, 1 / 12, 1 / 720, 1 / 30240, 1 / 1209600);
    gDg = seriesSlope4(xv, 1 / 720, 1 / 30240, 1 / 1209600);
  }
  let fR = 0, fDr = 0, fS1v = 0, fDs1 = 0, fDc1 = 0, fShv = 0, fDsh = 0, fM2v = 0, fM3v = 0, fNumv = 0, fIv = 0, fDi = 0, fDv = 0;
  if (closedF8 !== 0) {
    fR = Math.sqrt(xv); fDr = 0.5 / fR;
    fS1v = motion[18]; fDs1 = motion[19]; const c1v = motion[19]; fDc1 = -motion[18];
    fNumv = fR * fS1v + (4 * c1v + -4) + xv;
    fShv = motion[17]; fDsh = motion[16];
    fM2v = fShv * fShv; fM3v = xv * xv;
    fIv = 1 / (4 * (fM2v * fM3v) + 0); fDi = -fIv * fIv;
  } else {
    fDv = seriesSlope5(xv, 1 / 7560, 1 / 201600, 1 / 5987520, 691 / 130767436800);
  }
  for (let e: Int = 0; e < 8; e++) {
    // ∂R_ik = Σ_j A1_jk ∂A0_ji (node 0's parameters) or Σ_j A0_ji ∂A1_jk (node 1's), as H(i, k) or H(k, i) below; X is
    // A0 for node 1's parameters, else A1
    const g: Int = 9 * e;
    const G0 = dA[g], G1 = dA[g + 1], G2 = dA[g + 2], G3 = dA[g + 3], G4 = dA[g + 4], G5 = dA[g + 5], G6 = dA[g + 6], G7 = dA[g + 7], G8 = dA[g + 8];
    const X0 = e >= 4 ? A0[0] : A1[0], X1 = e >= 4 ? A0[1] : A1[1], X2 = e >= 4 ? A0[2] : A1[2];
    const X3 = e >= 4 ? A0[3] : A1[3], X4 = e >= 4 ? A0[4] : A1[4], X5 = e >= 4 ? A0[5] : A1[5];
    const X6 = e >= 4 ? A0[6] : A1[6], X7 = e >= 4 ? A0[7] : A1[7], X8 = e >= 4 ? A0[8] : A1[8];
    // H(r, s) = X_s G_r + X_{3+s} G_{3+r} + X_{6+s} G_{6+r}
    const H00 = X0 * G0 + X3 * G3 + X6 * G6, H11 = X1 * G1 + X4 * G4 + X7 * G7, H22 = X2 * G2 + X5 * G5 + X8 * G8;
    const H01 = X1 * G0 + X4 * G3 + X7 * G6, H10 = X0 * G1 + X3 * G4 + X6 * G7;
    const H02 = X2 * G0 + X5 * G3 + X8 * G6, H20 = X0 * G2 + X3 * G5 + X6 * G8;
    const H12 = X2 * G1 + X5 * G4 + X8 * G7, H21 = X1 * G2 + X4 * G5 + X7 * G8;
    // w0 = R7 − R5 = R21 − R12, w1 = R2 − R6 = R02 − R20, w2 = R3 − R1 = R10 − R01
    const w0g = e >= 4 ? H12 - H21 : H21 - H12, w1g = e >= 4 ? H20 - H02 : H02 - H20, w2g = e >= 4 ? H01 - H10 : H10 - H01;
    const ag = w0v * w0g + w0v * w0g + (w1v * w1g + w1v * w1g) + (w2v * w2g + w2v * w2g);
    const cg = H00 + H11 + H22;
    let hg = 0;
    if (closed !== 0) {
      const rg = f0 * ag, tg = 2 * (f1 * rg + f2 * cg);
      hg = f3 * (f4 * rg) + f5 * tg;
    } else {
      const ccg = cv * cg + cv * cg, taug = f1 * (f0 * ccg) + f2 * ag, sg = f3 * taug;
      hg = f4 * (f5 * cg) + jv * sg;
    }
    const g0 = hv * w0g + w0v * hg, g1 = hv * w1g + w1v * hg, g2 = hv * w2g + w2v * hg;
    const xg = o0v * g0 + o0v * g0 + (o1v * g1 + o1v * g1) + (o2v * g2 + o2v * g2);
    let betag = 0, gammag = 0, f8g = 0;
    if (closedBeta !== 0) {
      const hgb = 0.5 * (bDr * xg);
      const tg = bHv * (bDc * hgb) + bCv * hgb;
      betag = bTv * (bDi * (bDs * hgb)) + bIv * tg;
      gammag = bAv * (bDj * xg) - bJv * betag;
    } else {
      gammag = gDg * xg;
      betag = -1 * (xv * gammag + gGv * xg);
    }
    if (closedF8 !== 0) {
      const phg = fDr * xg;
      const s1g = fDs1 * phg, m1g = fR * s1g + fS1v * phg, a1g = 4 * (fDc1 * phg);
      const numg = m1g + a1g + xg;
      const shg = fDsh * (0.5 * phg);
      const m2g = fShv * shg + fShv * shg, m3g = xv * xg + xv * xg, m4g = fM2v * m3g + fM3v * m2g;
      f8g = fNumv * (fDi * (4 * m4g)) + fIv * numg;
    } else {
      f8g = fDv * xg;
    }
    const at: Int = 7 * e;
    out[at] = g0; out[at + 1] = g1; out[at + 2] = g2; out[at + 3] = xg; out[at + 4] = betag; out[at + 5] = gammag; out[at + 6] = f8g;
  }
  for (let i: Int = 56; i < 77; i++) out[i] = 0;
}

/**
 * T_exp,SO3⁻¹(Ω) v (its value and its gradient for one variable) and its transpose times v into out ([Tso v, Tsoᵀ v]
 * values, then their gradients): β v + γ Ω (Ω·v) ± ½ Ω × v, for v of value x and gradient y, with the variable's
 * gradients a of Ω, bg of β and gammag of γ; per entry the expressions of the jet operations dot, mul (γ (Ω·v)),
 * cross, mul (β v_i), addMul (+ γ (Ω·v) Ω_i) and addScaled (± ½ (Ω × v)_i).
 */
function tsoTerms(
  out: Float64Array, motion: Float64Array, x0: number, x1: number, x2: number, y0: number, y1: number, y2: number,
  a0: number, a1: number, a2: number, bg: number, gammag: number,
): void {
  const o0 = motion[6], o1 = motion[7], o2 = motion[8], bv = motion[3], gv = motion[4];
  const dv = o0 * x0 + o1 * x1 + o2 * x2, gdv = gv * dv;
  const c0 = o1 * x2 - o2 * x1, c1 = o2 * x0 - o0 * x2, c2 = o0 * x1 - o1 * x0;
  const base0 = bv * x0 + gdv * o0, base1 = bv * x1 + gdv * o1, base2 = bv * x2 + gdv * o2;
  out[0] = base0 + 0.5 * c0; out[1] = base1 + 0.5 * c1; out[2] = base2 + 0.5 * c2;
  out[3] = base0 - 0.5 * c0; out[4] = base1 - 0.5 * c1; out[5] = base2 - 0.5 * c2;
  const dg = o0 * y0 + x0 * a0 + (o1 * y1 + x1 * a1) + (o2 * y2 + x2 * a2);
  const gg = gv * dg + dv * gammag;
  const e0 = o1 * y2 + x2 * a1 - (o2 * y1 + x1 * a2);
  const e1 = o2 * y0 + x0 * a2 - (o0 * y2 + x2 * a0);
  const e2 = o0 * y1 + x1 * a0 - (o1 * y0 + x0 * a1);
  const b0 = bv * y0 + x0 * bg + (gdv * a0 + o0 * gg);
  const b1 = bv * y1 + x1 * bg + (gdv * a1 + o1 * gg);
  const b2 = bv * y2 + x2 * bg + (gdv * a2 + o2 * gg);
  out[6] = b0 + 0.5 * e0; out[7] = b1 + 0.5 * e1; out[8] = b2 + 0.5 * e2;
  out[9] = b0 - 0.5 * e0; out[10] = b1 - 0.5 * e1; out[11] = b2 - 0.5 * e2;
}

/**
 * Column(s) of variable e of factor ∂f/∂q: the gradients of d = A0ᵀ(p1 − p0), u = Tsoᵀ d, the stresses
 * [r_p, r_r] = K ε, posPlus/posMinus = Tsoᵀ r_p / Tso r_p and rotPlus/rotMinus = Tsoᵀ r_r + T_uw(h)ᵀ r_p /
 * Tso r_r + T_uw(−h)ᵀ r_p (with T_uw(σh)ᵀ r = S r − σ ½ u × r, S r = (γ u·r + f8 (Ω·u) Ω·r) Ω + γ (Ω·r) u
 * − (2γ Ω·u + f8 (Ω·u) |Ω|²) r), with their values, into t; then both nodes' rows ({@link nodeColumn}).
 */
function forceColumn(
  e: Int, q: Float64Array, u: Float64Array, k: Float64Array, J: Float64Array, A0: Float64Array, A1: Float64Array, motion: Float64Array,
  dA: Float64Array, rg: Float64Array, s: Float64Array, t: Float64Array, w: Float64Array, K: Float64Array, L: number, factor: number,
): void {
  const o0 = motion[6], o1 = motion[7], o2 = motion[8], d0 = motion[0], d1 = motion[1], d2 = motion[2], gv = motion[4], fv = motion[5];
  const xv = o0 * o0 + o1 * o1 + o2 * o2;
  const at: Int = 7 * e;
  const a0 = rg[at], a1 = rg[at + 1], a2 = rg[at + 2], xg = rg[at + 3], betag = rg[at + 4], gammag = rg[at + 5], f8g = rg[at + 6];
  // d's gradient: node 0's Euler parameters through A0, 0 for node 1's, A0's row for the positions
  let y0 = 0, y1 = 0, y2 = 0;
  if (e < 4) {
    const g: Int = 9 * e, dp0 = q[7] - q[0], dp1 = q[8] - q[1], dp2 = q[9] - q[2];
    y0 = dp0 * dA[g] + dp1 * dA[g + 3] + dp2 * dA[g + 6];
    y1 = dp0 * dA[g + 1] + dp1 * dA[g + 4] + dp2 * dA[g + 7];
    y2 = dp0 * dA[g + 2] + dp1 * dA[g + 5] + dp2 * dA[g + 8];
  } else if (e >= 8) {
    const c: Int = 3 * (e - 8);
    y0 = A0[c]; y1 = A0[c + 1]; y2 = A0[c + 2];
  }
  // u = Tsoᵀ d; the stresses (affine): r_p = K_p u/L − [EA, 0, 0], r_r = K_r Ω/L
  tsoTerms(s, motion, d0, d1, d2, y0, y1, y2, a0, a1, a2, betag, gammag);
  const u0 = s[3], u1 = s[4], u2 = s[5], b0 = s[9], b1 = s[10], b2 = s[11];
  const cp0 = k[0] / L, cp1 = k[1] / L, cp2 = k[2] / L, cr0 = k[3] / L, cr1 = k[4] / L, cr2 = k[5] / L;
  const r0 = cp0 * u0 + -k[0], r1 = cp1 * u1 + 0, r2 = cp2 * u2 + 0, c0 = cp0 * b0, c1 = cp1 * b1, c2 = cp2 * b2;
  // node 0: posMinus = Tso r_p at 0, rotMinus at 6; node 1: posPlus = Tsoᵀ r_p at 12, rotPlus at 18 (values, then gradients)
  tsoTerms(s, motion, r0, r1, r2, c0, c1, c2, a0, a1, a2, betag, gammag);
  t[0] = s[0]; t[1] = s[1]; t[2] = s[2]; t[3] = s[6]; t[4] = s[7]; t[5] = s[8];
  t[12] = s[3]; t[13] = s[4]; t[14] = s[5]; t[15] = s[9]; t[16] = s[10]; t[17] = s[11];
  tsoTerms(s, motion, cr0 * o0 + 0, cr1 * o1 + 0, cr2 * o2 + 0, cr0 * a0, cr1 * a1, cr2 * a2, a0, a1, a2, betag, gammag);
  // + T_uw terms: S r_p ∓ ½ u × r_p
  const ouv = o0 * u0 + o1 * u1 + o2 * u2, f8ouv = fv * ouv;
  const omRv = o0 * r0 + o1 * r1 + o2 * r2, urv = u0 * r0 + u1 * r1 + u2 * r2;
  const cOmv = gv * urv + f8ouv * omRv, cUv = gv * omRv, cRv = 2 * (gv * ouv) + 0 + f8ouv * xv;
  const e0v = u1 * r2 - u2 * r1, e1v = u2 * r0 - u0 * r2, e2v = u0 * r1 - u1 * r0;
  const s0v = cOmv * o0 + cUv * u0 - cRv * r0;
  const s1v = cOmv * o1 + cUv * u1 - cRv * r1;
  const s2v = cOmv * o2 + cUv * u2 - cRv * r2;
  t[18] = s0v - 0.5 * e0v + s[3]; t[19] = s1v - 0.5 * e1v + s[4]; t[20] = s2v - 0.5 * e2v + s[5];
  t[6] = s0v + 0.5 * e0v + s[0]; t[7] = s1v + 0.5 * e1v + s[1]; t[8] = s2v + 0.5 * e2v + s[2];
  const oug = o0 * b0 + u0 * a0 + (o1 * b1 + u1 * a1) + (o2 * b2 + u2 * a2);
  const f8oug = fv * oug + ouv * f8g;
  const omRg = o0 * c0 + r0 * a0 + (o1 * c1 + r1 * a1) + (o2 * c2 + r2 * a2);
  const urg = u0 * c0 + r0 * b0 + (u1 * c1 + r1 * b1) + (u2 * c2 + r2 * b2);
  const cOmg = gv * urg + urv * gammag + (f8ouv * omRg + omRv * f8oug);
  const cUg = gv * omRg + omRv * gammag;
  const cRg = 2 * (gv * oug + ouv * gammag) + (f8ouv * xg + xv * f8oug);
  const e0 = u1 * c2 + r2 * b1 - (u2 * c1 + r1 * b2);
  const e1 = u2 * c0 + r0 * b2 - (u0 * c2 + r2 * b0);
  const e2 = u0 * c1 + r1 * b0 - (u1 * c0 + r0 * b1);
  const s0 = cOmv * a0 + o0 * cOmg + (cUv * b0 + u0 * cUg) - (cRv * c0 + r0 * cRg);
  const s1 = cOmv * a1 + o1 * cOmg + (cUv * b1 + u1 * cUg) - (cRv * c1 + r1 * cRg);
  const s2 = cOmv * a2 + o2 * cOmg + (cUv * b2 + u2 * cUg) - (cRv * c2 + r2 * cRg);
  t[21] = s0 - 0.5 * e0 + s[9]; t[22] = s1 - 0.5 * e1 + s[10]; t[23] = s2 - 0.5 * e2 + s[11];
  t[9] = s0 + 0.5 * e0 + s[6]; t[10] = s1 + 0.5 * e1 + s[7]; t[11] = s2 + 0.5 * e2 + s[8];
  nodeColumn(0, e, q, u, J, A0, dA, t, w, K, L, factor);
  nodeColumn(1, e, q, u, J, A1, dA, t, w, K, L, factor);
}

/**
 * Node n's 7 rows of column(s) e of factor ∂f/∂q into K from t (pos and rot of node n, values then gradients): the
 * gradient entries of the forces sign·(A_n pos)_i and (G_lᵀ total)_k (total = sign·rot, or with the quadratic velocity
 * term) in the expressions of the jet operations affine, dot3 and affine, and of G_l's jets (values c·p_m + 0, gradient
 * c at one Euler parameter, exactly 0 elsewhere), times factor into the column of e (node coordinates 3–6 for e < 4,
 * 10–13 for e < 8, 7–9 for the positions, and then node 0's position columns 0–2 negated).
 */
function nodeColumn(
  n: Int, e: Int, q: Float64Array, u: Float64Array, J: Float64Array, A: Float64Array, dA: Float64Array, t: Float64Array, w: Float64Array,
  K: Float64Array, L: number, factor: number,
): void {
  const o: Int = 12 * n, sign = n === 0 ? -1 : 1, at: Int = 7 * n + 3;
  // quadratic velocity term (L/2) ω̄ × (J ω̄), ω̄ = G_l θ̇ (θ̇ constant for ∂/∂q); with θ̇ = 0 (static solves) every
  // value and derivative of ω̄ and of the term is +0 or −0, and adding it changes nothing: skipped
  const velocity: Int = u[at] !== 0 || u[at + 1] !== 0 || u[at + 2] !== 0 || u[at + 3] !== 0 ? 1 : 0;
  if (velocity !== 0) addVelocityTerm(n, e, sign, q, u, J, w, t, L);
  // total = affine(rot, sign, 0) without the velocity term: its value sign·v + 0, its gradient sign·g
  const t0v = velocity !== 0 ? t[o + 6] : sign * t[o + 6] + 0, t1v = velocity !== 0 ? t[o + 7] : sign * t[o + 7] + 0;
  const t2v = velocity !== 0 ? t[o + 8] : sign * t[o + 8] + 0;
  const p0v = t[o], p1v = t[o + 1], p2v = t[o + 2], b0 = t[o + 3], b1 = t[o + 4], b2 = t[o + 5];
  // A_n's gradients: c·p at node n's Euler parameters, +0 at the other variables
  let a0g = 0, a1g = 0, a2g = 0, a3g = 0, a4g = 0, a5g = 0, a6g = 0, a7g = 0, a8g = 0;
  if (e >= 4 * n && e < 4 * n + 4) {
    const g: Int = 9 * e;
    a0g = dA[g]; a1g = dA[g + 1]; a2g = dA[g + 2]; a3g = dA[g + 3]; a4g = dA[g + 4];
    a5g = dA[g + 5]; a6g = dA[g + 6]; a7g = dA[g + 7]; a8g = dA[g + 8];
  }
  // G_l = 2[−e, e0 I − ẽ]: column k's entries c·p_m + 0, their gradients c at variable 4n + m
  const e0 = q[at], e1 = q[at + 1], e2 = q[at + 2], e3 = q[at + 3];
  const g00 = -2 * e1 + 0, g10 = -2 * e2 + 0, g20 = -2 * e3 + 0;
  const g01 = 2 * e0 + 0, g11 = -2 * e3 + 0, g21 = 2 * e2 + 0;
  const g02 = 2 * e3 + 0, g12 = 2 * e0 + 0, g22 = -2 * e1 + 0;
  const g03 = -2 * e2 + 0, g13 = 2 * e1 + 0, g23 = 2 * e0 + 0;
  // G_l's gradient terms t_k·c (c = ±2 at the variable of p_m, 0 at the others)
  const t0z = t0v * 0, t1z = t1v * 0, t2z = t2v * 0;
  const t0p = t0v * 2, t1p = t1v * 2, t2p = t2v * 2, t0m = t0v * -2, t1m = t1v * -2, t2m = t2v * -2;
  // the products with factor = 1 (static solves) and sign = 1 (node 1) left out, −1·y written −y: the same bits
  const tg0 = velocity !== 0 || n !== 0 ? t[o + 9] : -t[o + 9];
  const tg1 = velocity !== 0 || n !== 0 ? t[o + 10] : -t[o + 10];
  const tg2 = velocity !== 0 || n !== 0 ? t[o + 11] : -t[o + 11];
  const m: Int = e - 4 * n;
  const s0 = A[0] * b0 + p0v * a0g + (A[1] * b1 + p1v * a1g) + (A[2] * b2 + p2v * a2g);
  const s1 = A[3] * b0 + p0v * a3g + (A[4] * b1 + p1v * a4g) + (A[5] * b2 + p2v * a5g);
  const s2 = A[6] * b0 + p0v * a6g + (A[7] * b1 + p1v * a7g) + (A[8] * b2 + p2v * a8g);
  const s3 = g00 * tg0 + (m === 1 ? t0m : t0z) + (g10 * tg1 + (m === 2 ? t1m : t1z)) + (g20 * tg2 + (m === 3 ? t2m : t2z));
  const s4 = g01 * tg0 + (m === 0 ? t0p : t0z) + (g11 * tg1 + (m === 3 ? t1m : t1z)) + (g21 * tg2 + (m === 2 ? t2p : t2z));
  const s5 = g02 * tg0 + (m === 3 ? t0p : t0z) + (g12 * tg1 + (m === 0 ? t1p : t1z)) + (g22 * tg2 + (m === 1 ? t2m : t2z));
  const s6 = g03 * tg0 + (m === 2 ? t0m : t0z) + (g13 * tg1 + (m === 1 ? t1p : t1z)) + (g23 * tg2 + (m === 0 ? t2p : t2z));
  const n0 = n === 0 ? -s0 : s0, n1 = n === 0 ? -s1 : s1, n2 = n === 0 ? -s2 : s2;
  const f0 = factor !== 1 ? factor * n0 : n0, f1 = factor !== 1 ? factor * n1 : n1, f2 = factor !== 1 ? factor * n2 : n2;
  const f3 = factor !== 1 ? factor * s3 : s3, f4 = factor !== 1 ? factor * s4 : s4;
  const f5 = factor !== 1 ? factor * s5 : s5, f6 = factor !== 1 ? factor * s6 : s6;
  const r0: Int = 98 * n, r1: Int = r0 + 14, r2: Int = r1 + 14, r3: Int = r2 + 14, r4: Int = r3 + 14, r5: Int = r4 + 14, r6: Int = r5 + 14;
  const c: Int = e < 4 ? e + 3 : e < 8 ? e + 6 : e - 1;
  K[r0 + c] = f0; K[r1 + c] = f1; K[r2 + c] = f2; K[r3 + c] = f3; K[r4 + c] = f4; K[r5 + c] = f5; K[r6 + c] = f6;
  if (e >= 8) {
    const c0: Int = e - 8;
    K[r0 + c0] = -f0; K[r1 + c0] = -f1; K[r2 + c0] = -f2; K[r3 + c0] = -f3; K[r4 + c0] = -f4; K[r5 + c0] = -f5; K[r6 + c0] = -f6;
  }
}

/**
 * Row i of ω̄ = G_l θ̇ (value at w[2i], gradient for variable e at w[2i + 1]) for G_l's row entries c_k·p_{m_k}
 * (p = q[at …], θ̇ = u[at …], gradient c_k where e = slot + m_k): the expressions of the jet operations affine, then
 * addScaled.
 */
function omegaRow(
  w: Float64Array, i: Int, q: Float64Array, u: Float64Array, at: Int, slot: Int, e: Int,
  c0: number, m0: Int, c1: number, m1: Int, c2: number, m2: Int, c3: number, m3: Int,
): void {
  const G0v = c0 * q[at + m0] + 0, G0g = e === slot + m0 ? c0 : 0;
  const G1v = c1 * q[at + m1] + 0, G1g = e === slot + m1 ? c1 : 0;
  const G2v = c2 * q[at + m2] + 0, G2g = e === slot + m2 ? c2 : 0;
  const G3v = c3 * q[at + m3] + 0, G3g = e === slot + m3 ? c3 : 0;
  let ov = u[at] * G0v + 0, og = u[at] * G0g;
  ov = ov + u[at + 1] * G1v; og = og + u[at + 1] * G1g;
  ov = ov + u[at + 2] * G2v; og = og + u[at + 2] * G2g;
  ov = ov + u[at + 3] * G3v; og = og + u[at + 3] * G3g;
  w[2 * i] = ov; w[2 * i + 1] = og;
}

/**
 * Node n's rot (value and gradient for variable e, in t) replaced by total = sign·rot + (L/2) ω̄ × (J ω̄), ω̄ = G_l θ̇:
 * the expressions of the jet operations affine and addScaled (ω̄ and J ω̄ from G_l's jets, into w), cross and
 * affine/addScaled (total).
 */
function addVelocityTerm(n: Int, e: Int, sign: number, q: Float64Array, u: Float64Array, J: Float64Array, w: Float64Array, t: Float64Array, L: number): void {
  const at: Int = 7 * n + 3, slot: Int = 4 * n, o: Int = 12 * n;
  // G_l = 2[−e, e0 I − ẽ]: row i's entries (c, m) for c·p_m
  omegaRow(w, 0, q, u, at, slot, e, -2, 1, 2, 0, 2, 3, -2, 2);
  omegaRow(w, 1, q, u, at, slot, e, -2, 2, -2, 3, 2, 0, 2, 1);
  omegaRow(w, 2, q, u, at, slot, e, -2, 3, 2, 2, -2, 1, 2, 0);
  // J ω̄ at 6 + 2i
  for (let i: Int = 0; i < 3; i++) {
    const v = J[3 * i] * w[0] + 0 + J[3 * i + 1] * w[2] + J[3 * i + 2] * w[4];
    const g = J[3 * i] * w[1] + J[3 * i + 1] * w[3] + J[3 * i + 2] * w[5];
    w[2 * i + 6] = v; w[2 * i + 7] = g;
  }
  const halfL = 0.5 * L;
  for (let kk: Int = 0; kk < 3; kk++) {
    const i: Int = kk === 2 ? 0 : kk + 1, j: Int = kk === 0 ? 2 : kk - 1;
    const av = w[2 * i], ag = w[2 * i + 1], bv = w[2 * j + 6], bg = w[2 * j + 7], cv = w[2 * j], cg = w[2 * j + 1], dv = w[2 * i + 6], dg = w[2 * i + 7];
    const qv = av * bv + -1 * (cv * dv), qg = av * bg + bv * ag + -1 * (cv * dg + dv * cg);
    t[o + kk + 6] = sign * t[o + kk + 6] + 0 + halfL * qv;
    t[o + kk + 9] = sign * t[o + kk + 9] + halfL * qg;
  }
}
