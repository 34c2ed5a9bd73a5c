/**
 * The WebAssembly kernels of ObjectConnectorRollingDiscPenalty: its forces (source rollingDiscPenaltyForceKernelsSource.ts,
 * bytes in rollingDiscPenaltyForceKernelsModule.ts) and its Jacobian columns (rollingDiscPenaltyKernelsSource.ts,
 * rollingDiscPenaltyKernelsModule.ts), two modules (each below the 4 KB a browser's main thread may compile
 * synchronously) compiled once per process and instantiated on one memory shared by all the connectors (their kernel
 * calls never nest). The memory holds the input region ({@link rollingDiscPenaltyInput}) and after it, from
 * {@link rollingDiscPenaltyColumnsStart}, each connector's column arrays and local matrix (every connector at the same
 * place: they are filled and used within one Jacobian call).
 * @module
 */

import { compileStoredModule, memoryPages, type KernelExports, type KernelInstance } from '../../linalg/storedWasmModule.ts';
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
} as const;

/** Offset (doubles) of the connectors' column arrays, after the input region. */
export const rollingDiscPenaltyColumnsStart = 96;

/** The compiled modules (forces, columns). */
let compiledModules: [WebAssembly.Module, WebAssembly.Module] | undefined;

/** The shared instances. */
let shared: KernelInstance<RollingDiscPenaltyKernels> | undefined;

/**
 * The shared kernels, on a memory of at least `doubles` doubles: one page (64 KB) for every connector of rigid bodies; a
 * connector that needs more gets new instances on a larger memory, which later connectors share (a memory is never
 * grown: that would detach its views).
 */
export function rollingDiscPenaltyKernels(doubles: number): KernelInstance<RollingDiscPenaltyKernels> {
  if (shared === undefined || shared.doubles.length < doubles) {
    compiledModules ??= [compileStoredModule(rollingDiscPenaltyForceModuleBase64), compileStoredModule(rollingDiscPenaltyModuleBase64)];
    const memory = new WebAssembly.Memory({ initial: memoryPages(8 * doubles) });
    const [forces, columns] = compiledModules.map((module) => new WebAssembly.Instance(module, { env: { memory } }).exports);
    shared = { exports: { ...forces, ...columns } as unknown as RollingDiscPenaltyKernels, doubles: new Float64Array(memory.buffer) };
  }
  return shared;
}
