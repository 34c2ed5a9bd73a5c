/**
 * The WebAssembly kernels of ObjectConnectorRollingDiscPenalty: its forces (source rollingDiscPenaltyForceKernelsSource.ts,
 * bytes in rollingDiscPenaltyForceKernelsModule.ts) and its Jacobian columns (rollingDiscPenaltyKernelsSource.ts,
 * rollingDiscPenaltyKernelsModule.ts), two modules (each below the 4 KB a browser's main thread may compile
 * synchronously) compiled once per process and instantiated on one memory, in which each connector takes a region of
 * its own: the input region ({@link rollingDiscPenaltyInput}) and after it, from {@link rollingDiscPenaltyColumnsStart},
 * its column arrays and local matrix.
 * @module
 */

import { compileStoredModule, instantiateKernels, type KernelExports } from '../../linalg/storedWasmModule.ts';
import { kernelRegions, type KernelRegion } from './kernelRegions.ts';
import { rollingDiscPenaltyForceModuleBase64 } from './rollingDiscPenaltyForceKernelsModule.ts';
import { rollingDiscPenaltyModuleBase64 } from './rollingDiscPenaltyKernelsModule.ts';
import type * as forceSource from './rollingDiscPenaltyForceKernelsSource.ts';
import type * as columnSource from './rollingDiscPenaltyKernelsSource.ts';

/** The exports of both modules (addresses in bytes). */
export type RollingDiscPenaltyKernels = KernelExports<typeof forceSource> & KernelExports<typeof columnSource>;

/**
 * Offsets (doubles) of the input region's entries (rollingDiscPenaltyForceKernelsSource.ts describes them): the
 * kinematics, the forces that its evaluate writes, and the connector's constants (14 doubles from `constants`).
 */
export const rollingDiscPenaltyInput = {
  /** The block of a RollingDiscGeometry's region from v0 to |w1 × n0| (its `kinematics`). */
  kinematics: 0,
  normalForce: 48, slipForce: 49, slipDerivatives: 51, groundVelocityFull: 57, groundVelocity: 60, forcePos: 63, rollingForce: 66,
  force0: 69, torque0: 72, force1: 75, torque1: 78,
  constants: 81,
  /**
   * The inputs of the kernel nodeColumns (rollingDiscPenaltyKernelsSource.ts): a RollingDiscGeometry's node coordinates
   * (42 doubles), the plane normal and the disc axis.
   */
  nodes: 96, planeNormal: 138, discAxis: 141,
  /** The marker loads of the kernel nodeLoads (rollingDiscPenaltyForceKernelsSource.ts; 14 doubles). */
  nodeLoads: 144,
} as const;

/** Offset (doubles) of the connectors' column arrays, after the input region. */
export const rollingDiscPenaltyColumnsStart = 158;

/** The compiled modules (forces, columns). */
let compiledModules: [WebAssembly.Module, WebAssembly.Module] | undefined;

/**
 * A new region of `doubles` doubles for one connector (its input region, column arrays and local matrix), on a memory
 * of one page (64 KB: 15 connectors of two rigid bodies) or more, shared by the next connectors while it has room.
 */
export const rollingDiscPenaltyRegion: (doubles: number) => KernelRegion<RollingDiscPenaltyKernels> = kernelRegions((pages) => {
  compiledModules ??= [compileStoredModule(rollingDiscPenaltyForceModuleBase64), compileStoredModule(rollingDiscPenaltyModuleBase64)];
  return instantiateKernels<RollingDiscPenaltyKernels>(compiledModules, pages);
});
