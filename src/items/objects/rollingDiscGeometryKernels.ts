/**
 * The WebAssembly kernels of RollingDiscGeometry (source rollingDiscGeometryKernelsSource.ts, bytes in
 * rollingDiscGeometryKernelsModule.ts): compiled once per process, instantiated on a memory in which each geometry takes
 * a region of its own ({@link rollingDiscGeometryLayout}), whose results are the geometry's arrays (views).
 * @module
 */

import { compileStoredModule, instantiateKernels, type KernelExports, type KernelInstance } from '../../linalg/storedWasmModule.ts';
import { rollingDiscGeometryModuleBase64 } from './rollingDiscGeometryKernelsModule.ts';
import type * as kernelSource from './rollingDiscGeometryKernelsSource.ts';

/** The module's exports (addresses in bytes). */
export type RollingDiscGeometryKernels = KernelExports<typeof kernelSource>;

/** Offsets (doubles) in a geometry's region (rollingDiscGeometryKernelsSource.ts describes them), and its size. */
export const rollingDiscGeometryLayout = {
  a0: 0, a1: 9, p0: 18, p1: 21, planeNormal: 24, discAxis: 27, radius: 30, omegaLocal0: 31, omegaLocal1: 34, v0: 37, v1: 40,
  normal: 43, axis: 46, forward: 49, toContact: 52, lateral: 55, contactPoint: 58, radiusVector: 61, planeArm: 64, omega0: 67,
  omega1: 70, contactVelocity1: 73, contactVelocity0: 76, relativeVelocity: 79, slipVelocity: 82, axisNormalSine: 84, trailVelocity: 85,
  /** Doubles of a region. */
  doubles: 88,
} as const;

/** The compiled module. */
let compiledModule: WebAssembly.Module | undefined;

/** The instance whose memory regions are given out, and the first free double. */
let current: KernelInstance<RollingDiscGeometryKernels> | undefined;
let free = 0;

/** A geometry's region: the kernels, the view of its doubles and its byte address. */
export interface RollingDiscGeometryRegion {
  readonly kernels: RollingDiscGeometryKernels;
  readonly region: Float64Array;
  readonly address: number;
}

/**
 * A new region for one geometry: in the memory (64 KB, 93 geometries) of the current instance, or, when that is full,
 * of a new one (a memory is never grown: that would detach its views).
 */
export function rollingDiscGeometryRegion(): RollingDiscGeometryRegion {
  const size = rollingDiscGeometryLayout.doubles;
  if (current === undefined || free + size > current.doubles.length) {
    compiledModule ??= compileStoredModule(rollingDiscGeometryModuleBase64);
    current = instantiateKernels<RollingDiscGeometryKernels>(compiledModule);
    free = 0;
  }
  const start = free;
  free += size;
  return { kernels: current.exports, region: current.doubles.subarray(start, start + size), address: 8 * start };
}
