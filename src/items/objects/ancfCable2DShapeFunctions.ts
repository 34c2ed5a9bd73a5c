/**
 * The cubic Hermite shape functions of the planar ANCF cable and their derivatives, written in the kernel subset of
 * scripts/wasmKernelCompiler.ts: the engine's JavaScript (ObjectANCFCable2D and the elements and contacts built on it)
 * and the WebAssembly kernels that import them (src/contact/ancfCableCircleKernelsSource.ts) run the same operations.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/** Cubic Hermite shape functions S1..S4 at x ∈ [0, L] (weights of r0, r0', r1, r1') into out[o …]. */
export function shapeFunctions(x: number, L: number, out: Float64Array, o: Int): void {
  const xi = x / L;
  out[o] = 1 - 3 * xi * xi + 2 * xi * xi * xi;
  out[o + 1] = x - 2 * x * x / L + x * xi * xi;
  out[o + 2] = 3 * xi * xi - 2 * xi * xi * xi;
  out[o + 3] = -x * xi + x * xi * xi;
}

/** First derivatives S'1..S'4 with respect to x into out[o …]. */
export function shapeFunctions_x(x: number, L: number, out: Float64Array, o: Int): void {
  const L2 = L * L;
  const L3 = L2 * L;
  out[o] = -6 * x / L2 + 6 * x * x / L3;
  out[o + 1] = 1 - 4 * x / L + 3 * x * x / L2;
  out[o + 2] = 6 * x / L2 - 6 * x * x / L3;
  out[o + 3] = -2 * x / L + 3 * x * x / L2;
}

/** Second derivatives S''1..S''4 with respect to x into out[o …]. */
export function shapeFunctions_xx(x: number, L: number, out: Float64Array, o: Int): void {
  const L2 = L * L;
  const L3 = L2 * L;
  out[o] = 12 * x / L3 - 6 / L2;
  out[o + 1] = 6 * x / L2 - 4 / L;
  out[o + 2] = 6 / L2 - 12 * x / L3;
  out[o + 3] = 6 * x / L2 - 2 / L;
}
