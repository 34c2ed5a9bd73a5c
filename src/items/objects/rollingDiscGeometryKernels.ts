/**
 * The WebAssembly kernels of RollingDiscGeometry (source rollingDiscGeometryKernelsSource.ts, bytes in
 * rollingDiscGeometryKernelsModule.ts): compiled once per process, instantiated on a memory in which each geometry takes
 * a region of its own ({@link rollingDiscGeometryLayout}), whose results are the geometry's arrays (views).
 * @module
 */

import { compileStoredModule, instantiateKernels, type KernelExports } from '../../linalg/storedWasmModule.ts';
import { kernelRegions, type KernelRegion } from './kernelRegions.ts';
import { rollingDiscGeometryModuleBase64 } from './rollingDiscGeometryKernelsModule.ts';
import type * as kernelSource from './rollingDiscGeometryKernelsSource.ts';

/** The module's exports (addresses in bytes). */
export type RollingDiscGeometryKernels = KernelExports<typeof kernelSource>;

/** Offsets (doubles) in a geometry's region (rollingDiscGeometryKernelsSource.ts describes them), and its size. */
export const rollingDiscGeometryLayout = {
  a0: 0, a1: 9, p0: 18, p1: 21, planeNormal: 24, discAxis: 27, radius: 30, omegaLocal0: 31, omegaLocal1: 34, v0: 37, v1: 40,
  normal: 43, axis: 46, forward: 49, toContact: 52, lateral: 55, contactPoint: 58, radiusVector: 61, planeArm: 64, omega0: 67,
  omega1: 70, contactVelocity1: 73, contactVelocity0: 76, relativeVelocity: 79, slipVelocity: 82, axisNormalSine: 84, trailVelocity: 85,
  reference0: 88, q0: 95, u0: 102, reference1: 109, q1: 116, u1: 123,
  /** Doubles of a region. */
  doubles: 130,
} as const;

/** The compiled module. */
let compiledModule: WebAssembly.Module | undefined;

/** The geometries' regions. */
const regions = kernelRegions((pages) => instantiateKernels<RollingDiscGeometryKernels>(compiledModule ??= compileStoredModule(rollingDiscGeometryModuleBase64), pages));

/** A new region for one geometry, on a memory of one page (64 KB: 63 geometries) shared by the next geometries while it has room. */
export function rollingDiscGeometryRegion(): KernelRegion<RollingDiscGeometryKernels> {
  return regions(rollingDiscGeometryLayout.doubles);
}
