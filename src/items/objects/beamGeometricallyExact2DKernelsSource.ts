/**
 * The source of the WebAssembly module of ObjectBeamGeometricallyExact2D's ∂f/∂q (the element Jacobian of the planar
 * Simo–Reissner beam; see beamGeometricallyExact2DKernels.ts), in the TypeScript subset of scripts/wasmKernelCompiler.ts:
 * the same floating-point operations in the same order as the element's JavaScript had them, so the module's results
 * are the same bit for bit (wasm has no fused multiply-add); the tests run these functions as JavaScript against the
 * module's exports.
 *
 * Each function takes the element's region b (190 doubles, at these offsets) and its number of nodes nN (2: linear,
 * one strain point; 3: quadratic, two strain points):
 * - 0–8 the nodes' coordinates Δq [x, y, θ] × nN and 9–17 their velocities (written by the element per evaluation);
 * - 18–26 the nodes' reference coordinates, 27–32 the shapes S and 33–38 their derivatives S' (nN per strain point),
 *   39–40 the strain points' weights and 41–42 their reference angles θ_ref, 43–49 the constants [EA, GA, EI, d_γ₁,
 *   d_γ₂, d_κ, κ₀] (written by the element once), 50 the Jacobian's factor (per call of beam2DStiffness);
 * - 51–52 the strain points' section angles θ (beam2DAngles), 53–56 [cos θ, sin θ] per strain point (written by the
 *   element: the trigonometric functions are outside the subset);
 * - 57–65 the total coordinates e = q_ref + Δq (beam2DAngles), 66–74 δγ₁ and 75–83 δγ₂ of a strain point, 84–92 and
 *   93–101 the stiffness rows EA δγ₁ + d_γ₁ H₁v and GA δγ₂ + d_γ₂ H₂v, 102–182 factor ∂f/∂q (3nN × 3nN row-major,
 *   beam2DStiffness), 183–189 a strain point's [γ₁, γ₂, κ, γ̇₁, γ̇₂, κ̇, θ̇].
 *
 * A Jacobian evaluation is beam2DAngles, the trigonometric functions, then beam2DStiffness.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/** e = q_ref + Δq, and each strain point's section angle θ = θ_ref + Σ S_i (e_θ,i − q_ref,θ,i) into b[51 + p]. */
export function beam2DAngles(b: Float64Array, nN: Int): void {
  for (let a: Int = 0; a < 3 * nN; a++) b[57 + a] = b[18 + a] + b[a];
  const points: Int = nN === 2 ? 1 : 2;
  for (let p: Int = 0; p < points; p++) {
    const o: Int = nN * p;
    let theta = b[41 + p];
    for (let i: Int = 0; i < nN; i++) theta += b[27 + o + i] * (b[59 + 3 * i] - b[20 + 3 * i]);
    b[51 + p] = theta;
  }
}

/**
 * factor ∂f/∂q = Σ_p factor w_p [δγ₁ ⊗ (EA δγ₁ + d_γ₁ H₁v) + N H₁ + δγ₂ ⊗ (GA δγ₂ + d_γ₂ H₂v) + Q H₂ + EI δκ ⊗ δκ] into
 * b[102 …] (3nN × 3nN row-major), after beam2DAngles and the element's cos θ, sin θ; the factor at b[50]. H₁ =
 * P_n⊗Θ + Θ⊗P_n − (1 + γ₁) Θ⊗Θ, H₂ = −P_t⊗Θ − Θ⊗P_t − γ₂ Θ⊗Θ (P_t, P_n: t, n times S'_i in the position rows; Θ: S_i
 * in the angle rows).
 */
export function beam2DStiffness(b: Float64Array, nN: Int): void {
  const n: Int = 3 * nN;
  for (let a: Int = 0; a < n * n; a++) b[102 + a] = 0;
  const points: Int = nN === 2 ? 1 : 2;
  for (let p: Int = 0; p < points; p++) {
    section(b, nN, p);
    pointStiffness(b, nN, p, b[50] * b[39 + p]);
  }
}

/**
 * The section state of strain point p from e, the velocities and [cos θ, sin θ]: δγ₁ = t·δr' + γ₂ δθ and
 * δγ₂ = n·δr' − (1 + γ₁) δθ into b[66 …], b[75 …], and [γ₁, γ₂, κ, γ̇₁, γ̇₂, κ̇, θ̇] into b[183 …].
 */
function section(b: Float64Array, nN: Int, p: Int): void {
  const o: Int = nN * p;
  let rpx = 0, rpy = 0, thetaX = 0, theta_t = 0, kappa_t = 0;
  for (let i: Int = 0; i < nN; i++) {
    const S = b[27 + o + i], Sx = b[33 + o + i], a: Int = 3 * i;
    rpx += Sx * b[57 + a];
    rpy += Sx * b[58 + a];
    thetaX += Sx * b[59 + a];
    theta_t += S * b[11 + a];
    kappa_t += Sx * b[11 + a];
  }
  const c = b[53 + 2 * p], sn = b[54 + 2 * p];
  const gamma1 = c * rpx + sn * rpy - 1;
  const gamma2 = -sn * rpx + c * rpy;
  let gamma1_t = 0, gamma2_t = 0;
  for (let i: Int = 0; i < nN; i++) {
    const S = b[27 + o + i], Sx = b[33 + o + i], a: Int = 3 * i;
    b[66 + a] = c * Sx; b[67 + a] = sn * Sx; b[68 + a] = gamma2 * S;
    b[75 + a] = -sn * Sx; b[76 + a] = c * Sx; b[77 + a] = -(1 + gamma1) * S;
    for (let k: Int = 0; k < 3; k++) {
      gamma1_t += b[66 + a + k] * b[9 + a + k];
      gamma2_t += b[75 + a + k] * b[9 + a + k];
    }
  }
  b[183] = gamma1; b[184] = gamma2; b[185] = thetaX - b[49];
  b[186] = gamma1_t; b[187] = gamma2_t; b[188] = kappa_t; b[189] = theta_t;
}

/** Adds strain point p's terms of ∂f/∂q (weight w, the factor included) to b[102 …], after {@link section}. */
function pointStiffness(b: Float64Array, nN: Int, p: Int, w: number): void {
  const n: Int = 3 * nN, o: Int = nN * p;
  const c = b[53 + 2 * p], sn = b[54 + 2 * p];
  const gamma1 = b[183], gamma2 = b[184], theta_t = b[189];
  const N = w * (b[43] * gamma1 + b[46] * b[186]);
  const Q = w * (b[44] * gamma2 + b[47] * b[187]);
  // P_n·v and P_t·v
  let pnv = 0, ptv = 0;
  for (let i: Int = 0; i < nN; i++) {
    const Sx = b[33 + o + i];
    pnv += Sx * (-sn * b[9 + 3 * i] + c * b[10 + 3 * i]);
    ptv += Sx * (c * b[9 + 3 * i] + sn * b[10 + 3 * i]);
  }
  const ea = w * b[43], ga = w * b[44], da = w * b[46], ds = w * b[47];
  // the row factors with H₁v, H₂v, formed once per point
  for (let i: Int = 0; i < nN; i++) {
    const S = b[27 + o + i], Sx = b[33 + o + i], a: Int = 3 * i;
    const h10 = -sn * Sx * theta_t, h11 = c * Sx * theta_t, h12 = S * (pnv - (1 + gamma1) * theta_t);
    const h20 = -c * Sx * theta_t, h21 = -sn * Sx * theta_t, h22 = -S * (ptv + gamma2 * theta_t);
    b[84 + a] = ea * b[66 + a] + da * h10; b[85 + a] = ea * b[67 + a] + da * h11; b[86 + a] = ea * b[68 + a] + da * h12;
    b[93 + a] = ga * b[75 + a] + ds * h20; b[94 + a] = ga * b[76 + a] + ds * h21; b[95 + a] = ga * b[77 + a] + ds * h22;
  }
  for (let a: Int = 0; a < n; a++) {
    const d1a = b[66 + a], d2a = b[75 + a], row: Int = 102 + a * n;
    for (let c2: Int = 0; c2 < n; c2++) b[row + c2] += d1a * b[84 + c2] + d2a * b[93 + c2];
  }
  const ei = w * b[45];
  // the factors that do not depend on i or j formed once per point, ei·S'_i and the others times S_i or S'_i once per i
  const angle = N * (1 + gamma1) + Q * gamma2, nx = N * -sn - Q * c, ny = N * c - Q * sn;
  for (let i: Int = 0; i < nN; i++) {
    const Si = b[27 + o + i], Sxi = b[33 + o + i];
    const ai: Int = 3 * i + 2, eiSxi = ei * Sxi, angleSi = angle * Si, nxSxi = nx * Sxi, nySxi = ny * Sxi;
    for (let j: Int = 0; j < nN; j++) {
      const Sj = b[27 + o + j], Sxj = b[33 + o + j];
      const bj: Int = 3 * j + 2;
      b[102 + ai * n + bj] += eiSxi * Sxj - angleSi * Sj;
      // position rows of H against the angle column and its transpose: N P_n⊗Θ − Q P_t⊗Θ
      const px = nxSxi * Sj;
      const py = nySxi * Sj;
      b[102 + 3 * i * n + bj] += px;
      b[102 + (3 * i + 1) * n + bj] += py;
      b[102 + bj * n + 3 * i] += px;
      b[102 + bj * n + 3 * i + 1] += py;
    }
  }
}
