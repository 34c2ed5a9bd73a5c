/**
 * The WebAssembly kernels of ObjectJointRollingDisc on Euler-parameter nodes (source rollingDiscJointKernelsSource.ts,
 * bytes in rollingDiscJointKernelsModule.ts): compiled once per process, instantiated on a memory in which each joint
 * takes a region of its own ({@link rollingDiscJointLayout}) for its constants, inputs and results.
 * @module
 */

import { compileStoredModule, instantiateKernels, type KernelExports } from '../../linalg/storedWasmModule.ts';
import { kernelRegions, type KernelRegion } from './kernelRegions.ts';
import { rollingDiscJointModuleBase64 } from './rollingDiscJointKernelsModule.ts';
import type * as kernelSource from './rollingDiscJointKernelsSource.ts';

/** The module's exports (addresses in bytes). */
export type RollingDiscJointKernels = KernelExports<typeof kernelSource>;

/** Offsets (doubles) in a joint's region (rollingDiscJointKernelsSource.ts describes them), and its size. */
export const rollingDiscJointLayout = {
  planeNormal: 0, discAxis: 3, radius: 6, reference0: 7, reference1: 14, plane: 21, q0: 33, u0: 40, q1: 47, u1: 54,
  lambda: 61, residual: 64, g: 78, jacobian: 81,
  /** Doubles of a region. */
  doubles: 146,
} as const;

/** The compiled module. */
let compiledModule: WebAssembly.Module | undefined;

/** The joints' regions. */
const regions = kernelRegions((pages) => instantiateKernels<RollingDiscJointKernels>(compiledModule ??= compileStoredModule(rollingDiscJointModuleBase64), pages));

/** A new region for one joint, on a memory of one page (64 KB: 56 joints) shared by the next joints while it has room. */
export function rollingDiscJointRegion(): KernelRegion<RollingDiscJointKernels> {
  return regions(rollingDiscJointLayout.doubles);
}
