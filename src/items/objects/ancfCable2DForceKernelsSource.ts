/**
 * The source of the WebAssembly kernel of the planar ANCF cable element's elastic forces (ObjectANCFCable2D; runtime in
 * ancfCable2DKernels.ts, which loads this module and that of ancfCable2DKernelsSource.ts on one memory), in the
 * TypeScript subset of scripts/wasmKernelCompiler.ts. A module of its own: the forces are evaluated far more often than
 * the Jacobians (explicit integrators evaluate nothing else), so they are written out on locals (no calls, no work
 * arrays: ≈ 40 % less time per call than through the point functions of ancfCable2DKernelsSource.ts, whose formulas for
 * ε, K and their gradients these are, operation for operation), and the two together exceed the 4 KB a module may have.
 * The same operations in the same order as the JavaScript this replaced, so the results are the same bit for bit; run as
 * JavaScript, the function is the reference of the tests. The table, e and u as in ancfCable2DKernelsSource.ts.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * f += ∫ (N ∂ε/∂e + M ∂K/∂e) dx, N = EA (ε − ε_ref) + d_ε ε̇, M = EI (K − K_ref) + d_K K̇ by the axial rule (at `axial`,
 * axialCount points) and the bending rule (at `bending`); the rates ε̇ = ∂ε/∂e·u, K̇ = ∂K/∂e·u only if withRates ≠ 0
 * (else 0). Per point: r' = Σ S'_j e_j (and r'' = Σ S''_j e_j), ε = |r'| − 1 with ∂ε/∂e_(j,i) = S'_j r'_i / |r'|,
 * K = F/G with F = r' × r'', G = |r'|² and ∂K/∂e = ∂F/∂e / G − F ∂G/∂e / G².
 */
export function elasticLhs(
  table: Float64Array, axial: Int, axialCount: Int, bending: Int, bendingCount: Int, e: Float64Array, u: Float64Array, withRates: Int,
  f: Float64Array,
): void {
  const EA = table[0], dAxial = table[1], EI = table[2], dBending = table[3];
  const e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3], e4 = e[4], e5 = e[5], e6 = e[6], e7 = e[7];
  const u0 = u[0], u1 = u[1], u2 = u[2], u3 = u[3], u4 = u[4], u5 = u[5], u6 = u[6], u7 = u[7];
  let f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4], f5 = f[5], f6 = f[6], f7 = f[7];
  for (let p: Int = 0; p < axialCount; p++) {
    const o: Int = axial + 4 * p;
    const s0 = table[o], s1 = table[o + 1], s2 = table[o + 2], s3 = table[o + 3];
    const rpx = 0 + s0 * e0 + s1 * e2 + s2 * e4 + s3 * e6, rpy = 0 + s0 * e1 + s1 * e3 + s2 * e5 + s3 * e7;
    const norm = Math.sqrt(rpx * rpx + rpy * rpy);
    const g0 = s0 * rpx / norm, g1 = s0 * rpy / norm, g2 = s1 * rpx / norm, g3 = s1 * rpy / norm;
    const g4 = s2 * rpx / norm, g5 = s2 * rpy / norm, g6 = s3 * rpx / norm, g7 = s3 * rpy / norm;
    let strain_t = 0;
    if (withRates !== 0) strain_t = 0 + g0 * u0 + g1 * u1 + g2 * u2 + g3 * u3 + g4 * u4 + g5 * u5 + g6 * u6 + g7 * u7;
    const c = table[axial + p + 50] * (EA * ((norm - 1) - table[axial + p + 40]) + dAxial * strain_t);
    f0 += c * g0; f1 += c * g1; f2 += c * g2; f3 += c * g3; f4 += c * g4; f5 += c * g5; f6 += c * g6; f7 += c * g7;
  }
  for (let p: Int = 0; p < bendingCount; p++) {
    const o: Int = bending + 4 * p;
    const s0 = table[o], s1 = table[o + 1], s2 = table[o + 2], s3 = table[o + 3];
    const t0 = table[o + 20], t1 = table[o + 21], t2 = table[o + 22], t3 = table[o + 23];
    const rpx = 0 + s0 * e0 + s1 * e2 + s2 * e4 + s3 * e6, rpy = 0 + s0 * e1 + s1 * e3 + s2 * e5 + s3 * e7;
    const rppx = 0 + t0 * e0 + t1 * e2 + t2 * e4 + t3 * e6, rppy = 0 + t0 * e1 + t1 * e3 + t2 * e5 + t3 * e7;
    const F = rpx * rppy - rpy * rppx, G = rpx * rpx + rpy * rpy, G2 = G * G;
    const twoRpx = 2 * rpx, twoRpy = 2 * rpy;
    const g0 = (s0 * rppy - t0 * rpy) / G - F * (twoRpx * s0) / G2, g1 = (-s0 * rppx + t0 * rpx) / G - F * (twoRpy * s0) / G2;
    const g2 = (s1 * rppy - t1 * rpy) / G - F * (twoRpx * s1) / G2, g3 = (-s1 * rppx + t1 * rpx) / G - F * (twoRpy * s1) / G2;
    const g4 = (s2 * rppy - t2 * rpy) / G - F * (twoRpx * s2) / G2, g5 = (-s2 * rppx + t2 * rpx) / G - F * (twoRpy * s2) / G2;
    const g6 = (s3 * rppy - t3 * rpy) / G - F * (twoRpx * s3) / G2, g7 = (-s3 * rppx + t3 * rpx) / G - F * (twoRpy * s3) / G2;
    let curvature_t = 0;
    if (withRates !== 0) curvature_t = 0 + g0 * u0 + g1 * u1 + g2 * u2 + g3 * u3 + g4 * u4 + g5 * u5 + g6 * u6 + g7 * u7;
    const c = table[bending + p + 50] * (EI * (F / G - table[bending + p + 45]) + dBending * curvature_t);
    f0 += c * g0; f1 += c * g1; f2 += c * g2; f3 += c * g3; f4 += c * g4; f5 += c * g5; f6 += c * g6; f7 += c * g7;
  }
  f[0] = f0; f[1] = f1; f[2] = f2; f[3] = f3; f[4] = f4; f[5] = f5; f[6] = f6; f[7] = f7;
}
