/**
 * The WebAssembly kernels of ObjectConnectorRollingDiscPenalty (source rollingDiscPenaltyKernelsSource.ts, bytes in
 * rollingDiscPenaltyKernelsModule.ts): compiled once per process and instantiated on one memory shared by all the
 * connectors (their kernel calls never nest). The memory holds the input region ({@link rollingDiscPenaltyInput}) and
 * after it, from {@link rollingDiscPenaltyColumnsStart}, each connector's column arrays and local matrix (every connector
 * at the same place: they are filled and used within one Jacobian call).
 * @module
 */

import { compileStoredModule, instantiateKernels, memoryPages, type KernelExports, type KernelInstance } from '../../linalg/storedWasmModule.ts';
import { rollingDiscPenaltyModuleBase64 } from './rollingDiscPenaltyKernelsModule.ts';
import type * as kernelSource from './rollingDiscPenaltyKernelsSource.ts';

/** The module's exports (addresses in bytes). */
export type RollingDiscPenaltyKernels = KernelExports<typeof kernelSource>;

/** Offsets (doubles) of the input region's entries (see rollingDiscPenaltyKernelsSource.ts). */
export const rollingDiscPenaltyInput = {
  normal: 0, axis: 3, forward: 6, lateral: 9, planeArm: 12, radiusVector: 15, omega0: 18, omega1: 21, relativeVelocity: 24,
  normalForce: 27, slipForce: 28, slipDerivatives: 30, groundVelocityFull: 36, groundVelocity: 39, forcePos: 42,
  /** Disc radius, contact stiffness, contact damping, rolling friction (the connector's constants, 4 doubles). */
  constants: 45,
} as const;

/** Offset (doubles) of the connectors' column arrays, after the input region. */
export const rollingDiscPenaltyColumnsStart = 56;

/** The compiled module. */
let compiledModule: WebAssembly.Module | undefined;

/** The shared instance. */
let shared: KernelInstance<RollingDiscPenaltyKernels> | undefined;

/**
 * The shared instance, on a memory of at least `doubles` doubles: one page (64 KB) for every connector of rigid bodies;
 * a connector that needs more gets a new instance on a larger memory, which later connectors share (a memory is never
 * grown: that would detach its views).
 */
export function rollingDiscPenaltyKernels(doubles: number): KernelInstance<RollingDiscPenaltyKernels> {
  if (shared === undefined || shared.doubles.length < doubles) {
    compiledModule ??= compileStoredModule(rollingDiscPenaltyModuleBase64);
    shared = instantiateKernels<RollingDiscPenaltyKernels>(compiledModule, memoryPages(8 * doubles));
  }
  return shared;
}
