/**
 * ObjectBeamGeometricallyExact2D's element Jacobian as WebAssembly: the module of beamGeometricallyExact2DKernelsSource.ts,
 * stored in beamGeometricallyExact2DKernelsModule.ts, compiled once per process. Each element takes a region of its own
 * ({@link beamGeometricallyExact2DDoubles} doubles; the source describes them) in the memory of an instance shared with
 * the next elements while it has room (43 elements to a 64 KB memory).
 * @module
 */

import { compileStoredModule, instantiateKernels, type KernelExports } from '../../linalg/storedWasmModule.ts';
import { kernelRegions, type KernelRegion } from './kernelRegions.ts';
import { beamGeometricallyExact2DModuleBase64 } from './beamGeometricallyExact2DKernelsModule.ts';
import type * as kernelSource from './beamGeometricallyExact2DKernelsSource.ts';

/** The module's exports (the region's byte address and the number of nodes). */
export type BeamGeometricallyExact2DKernels = KernelExports<typeof kernelSource>;

/** The doubles of an element's region. */
export const beamGeometricallyExact2DDoubles = 190;

/** The compiled module. */
let compiledModule: WebAssembly.Module | undefined;

/** The elements' regions. */
const regions = kernelRegions((pages) => instantiateKernels<BeamGeometricallyExact2DKernels>(compiledModule ??= compileStoredModule(beamGeometricallyExact2DModuleBase64), pages));

/** A new region for one element. */
export function beamGeometricallyExact2DRegion(): KernelRegion<BeamGeometricallyExact2DKernels> {
  return regions(beamGeometricallyExact2DDoubles);
}
