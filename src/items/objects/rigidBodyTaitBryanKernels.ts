/**
 * ObjectRigidBody's quadratic velocity terms and gyroscopic Jacobian on Tait–Bryan angles (NodeRigidBodyRxyz, no COM
 * offset) as WebAssembly kernels (module of rigidBodyTaitBryanKernelsSource.ts): a fresh process runs them compiled from
 * their first call, with no boxed doubles. One instance per process (compiled at the first such body's bind), on a
 * memory of one page that is never grown: the output (the Jacobian's two blocks, or the three rows) at byte 0, the
 * inertia of the body that called last at {@link taitBryanInertiaAddress}.
 * @module
 */

import type * as taitBryanSource from './rigidBodyTaitBryanKernelsSource.ts';
import { rigidBodyTaitBryanModuleBase64 } from './rigidBodyTaitBryanKernelsModule.ts';
import { compileStoredModule, instantiateKernels, type KernelExports } from '../../linalg/storedWasmModule.ts';

/** Byte address of the output: the gyroscopic Jacobian (∂/∂θ, 3 × 3, at entry 0, ∂/∂θ̇ at entry 9) or the three rows. */
export const taitBryanJacobianAddress = 0;
/** Byte address of the inertia J (9 entries, row-major) the kernel reads. */
export const taitBryanInertiaAddress = 256;

/** The instance's export and views of its memory. */
export class TaitBryanKernels {
  /** The kernels. */
  readonly exports: KernelExports<typeof taitBryanSource>;
  /** The output: the Jacobian's two blocks, or the rows in its first three entries. */
  readonly jacobian: Float64Array;
  private readonly inertia: Float64Array;
  /** The inertia the memory holds (compared by identity). */
  private held: Float64Array | undefined;

  constructor() {
    const { exports, doubles } = instantiateKernels<TaitBryanKernels['exports']>(compileStoredModule(rigidBodyTaitBryanModuleBase64));
    this.exports = exports;
    this.jacobian = doubles.subarray(taitBryanJacobianAddress / 8, taitBryanJacobianAddress / 8 + 18);
    this.inertia = doubles.subarray(taitBryanInertiaAddress / 8, taitBryanInertiaAddress / 8 + 9);
  }

  /** The byte address of J in the memory, copied in first unless the memory holds this array's entries already. */
  inertiaAddress(inertia: Float64Array): number {
    if (this.held !== inertia) {
      this.inertia.set(inertia);
      this.held = inertia;
    }
    return taitBryanInertiaAddress;
  }
}

let instance: TaitBryanKernels | undefined;

/** The process's instance (compiled at the first call: a process without such bodies compiles none). */
export function taitBryanKernels(): TaitBryanKernels {
  instance ??= new TaitBryanKernels();
  return instance;
}
