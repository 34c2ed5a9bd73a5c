/**
 * ObjectBeamGeometricallyExact's arithmetic as WebAssembly: the module of beamGeometricallyExactKernelsSource.ts, stored
 * in beamGeometricallyExactKernelsModule.ts, compiled once per process. Each element takes a region of its own
 * ({@link beamGeometricallyExactLayout}) in the memory of an instance shared with the next elements while it has room:
 * its coordinates, velocities and section constants (written by the element into views), the kernels' work arrays and
 * their results (the forces, h and ∂f/∂q, read through views).
 * @module
 */

import { compileStoredModule, instantiateKernels, kernelLayout, type KernelExports } from '../../linalg/storedWasmModule.ts';
import { kernelRegions, type KernelRegion } from './kernelRegions.ts';
import { beamGeometricallyExactModuleBase64 } from './beamGeometricallyExactKernelsModule.ts';
import type * as kernelSource from './beamGeometricallyExactKernelsSource.ts';

/** The module's exports (addresses in bytes). */
export type BeamGeometricallyExactKernels = KernelExports<typeof kernelSource>;

/**
 * The arrays of an element's region (lengths in doubles; beamGeometricallyExactKernelsSource.ts describes them): q, u, k,
 * J, A0, A1, R, motion; T_exp,SO3⁻¹, T_uw(±h), ũ, Ω̃, the stresses, total, h, G_l and the forces (beamForces); ∂A/∂p,
 * the rotation's gradients, the tso and node terms, the velocity terms and ∂f/∂q (beamStiffness). 4.6 KB: 14 elements
 * to a 64 KB memory.
 */
export const beamGeometricallyExactLayout = kernelLayout({
  q: 14, u: 14, k: 6, J: 9, A0: 9, A1: 9, R: 9, motion: 20,
  T: 9, Tp: 9, Tm: 9, us: 9, os: 9, stress: 6, total: 3, h: 6, gl: 12, forces: 14,
  dA: 72, rg: 77, tso: 12, terms: 24, velocity: 12, K: 196,
});

/** The name of an array of an element's region. */
export type BeamGeometricallyExactArray = keyof typeof beamGeometricallyExactLayout.lengths;

/** The compiled module. */
let compiledModule: WebAssembly.Module | undefined;

/** The elements' regions. */
const regions = kernelRegions((pages) => instantiateKernels<BeamGeometricallyExactKernels>(compiledModule ??= compileStoredModule(beamGeometricallyExactModuleBase64), pages));

/** A new region for one element. */
export function beamGeometricallyExactRegion(): KernelRegion<BeamGeometricallyExactKernels> {
  return regions(beamGeometricallyExactLayout.doubles);
}
