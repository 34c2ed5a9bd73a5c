/**
 * ObjectRigidBody's closed forms on Euler parameters as WebAssembly kernels: the mass matrix (without COM offset) and
 * the mass product (module of rigidBodyKernelsSource.ts), the quadratic velocity terms (rigidBodyVelocityKernelsSource.ts),
 * the gyroscopic Jacobian without COM offset (rigidBodyJacobianKernelsSource.ts) and the load Jacobian at a body-fixed
 * point (rigidBodyLoadJacobianKernelsSource.ts; four modules, each below the 4 KB a browser's main thread compiles
 * synchronously). A fresh process runs them compiled from their first call, with no
 * boxed doubles: the body passes the address of its constants in the memory and the node's coordinates as arguments
 * and hands the output region to the accumulator as it is. One instance of each module per process, all on one memory
 * of one page that is never grown, shared by all bodies (the kernels' calls do not nest), with fixed output regions at
 * the addresses below.
 * @module
 */

import type * as bodySource from './rigidBodyKernelsSource.ts';
import type * as jacobianSource from './rigidBodyJacobianKernelsSource.ts';
import type * as velocitySource from './rigidBodyVelocityKernelsSource.ts';
import type * as loadJacobianSource from './rigidBodyLoadJacobianKernelsSource.ts';
import { rigidBodyModuleBase64 } from './rigidBodyKernelsModule.ts';
import { rigidBodyJacobianModuleBase64 } from './rigidBodyJacobianKernelsModule.ts';
import { rigidBodyVelocityModuleBase64 } from './rigidBodyVelocityKernelsModule.ts';
import { rigidBodyLoadJacobianModuleBase64 } from './rigidBodyLoadJacobianKernelsModule.ts';
import { compileStoredModule, instantiateKernels, instantiateOnMemory, type KernelExports, wasmPageBytes } from '../../linalg/storedWasmModule.ts';

/**
 * Entries of a body's constants (see rigidBodyKernelsSource.ts): J (9), the inertia's zero terms (3), the reference
 * Euler parameters (4), m, U = −mχ (3), the reference position (3).
 */
export const rigidBodyConstantEntries = 23;
/** Byte address of the 7 × 7 mass matrix (only its nonzero entries are ever written). */
export const rigidBodyMassAddress = 0;
/**
 * Byte address of the rows of the mass product or of the quadratic velocity terms (four rotation rows, or all seven with
 * COM offset; 16 entries: the mass product's work).
 */
export const rigidBodyRowsAddress = 512;
/**
 * Byte address of the gyroscopic Jacobian: ∂/∂p (4 × 4) at entry 0, ∂/∂ṗ at entry 16; or of a position Jacobian (3 × 7);
 * or of the rotation rows of a load Jacobian's 7 × 7 block from its entry (3, 3) (25 entries).
 */
export const rigidBodyJacobianAddress = 640;
/** Byte address of the first of the bodies' constant slots. */
const firstSlotAddress = 896;
/** Bytes of a slot. */
const slotBytes = 8 * rigidBodyConstantEntries;
/** Slots in the rest of the page. */
const slotCount = Math.floor((wasmPageBytes - firstSlotAddress) / slotBytes);

/**
 * The three instances' exports (on one memory) and views of their output regions. Bodies' constants stay in slots of the
 * memory, handed out in turn at bind ({@link RigidBodyKernels.slot}): {@link RigidBodyKernels.constantsAddress} copies
 * a body's constants in only when its slot holds another's (more bodies than slots, or a body bound again).
 */
export class RigidBodyKernels {
  /** The mass matrix and mass product, the quadratic velocity terms, and the gyroscopic Jacobian. */
  readonly exports: KernelExports<typeof bodySource> & KernelExports<typeof velocitySource> & KernelExports<typeof jacobianSource>;
  /** The mass matrix (7 × 7). */
  readonly mass: Float64Array;
  /** The rows (four, or seven with COM offset). */
  readonly rows: Float64Array;
  /** The gyroscopic Jacobian's two blocks. */
  readonly jacobian: Float64Array;
  /** A point's position Jacobian (3 × 7, where the gyroscopic Jacobian's blocks are). */
  readonly positionJacobian: Float64Array;
  /** A load Jacobian's rows 3…6 from its entry (3, 3) (25 entries of the 7 × 7 block, where the gyroscopic Jacobian is). */
  readonly loadJacobianRows: Float64Array;
  private readonly doubles: Float64Array;
  private readonly memory: WebAssembly.Memory;
  private loadJacobianExports?: KernelExports<typeof loadJacobianSource>;
  /** The constants each slot holds (compared by identity; an empty array while vacant: a comparison of two objects). */
  private readonly slotContents: Float64Array[] = new Array<Float64Array>(slotCount).fill(new Float64Array(0));
  private nextSlot = 0;

  constructor() {
    const { exports, doubles, memory } = instantiateKernels<RigidBodyKernels['exports']>(
      [compileStoredModule(rigidBodyModuleBase64), compileStoredModule(rigidBodyVelocityModuleBase64), compileStoredModule(rigidBodyJacobianModuleBase64)]);
    this.exports = exports;
    this.memory = memory;
    this.doubles = doubles;
    this.mass = doubles.subarray(rigidBodyMassAddress / 8, rigidBodyMassAddress / 8 + 49);
    this.rows = doubles.subarray(rigidBodyRowsAddress / 8, rigidBodyRowsAddress / 8 + 7);
    this.jacobian = doubles.subarray(rigidBodyJacobianAddress / 8, rigidBodyJacobianAddress / 8 + 32);
    this.positionJacobian = doubles.subarray(rigidBodyJacobianAddress / 8, rigidBodyJacobianAddress / 8 + 21);
    this.loadJacobianRows = doubles.subarray(rigidBodyJacobianAddress / 8, rigidBodyJacobianAddress / 8 + 25);
  }

  /**
   * The load Jacobian's export, its module instantiated on the memory at the first call (a process whose bodies take no
   * load Jacobian compiles none).
   */
  loadJacobian(): KernelExports<typeof loadJacobianSource> {
    this.loadJacobianExports ??= instantiateOnMemory(compileStoredModule(rigidBodyLoadJacobianModuleBase64), this.memory);
    return this.loadJacobianExports;
  }

  /** A slot for a body's constants (in turn; slots are shared once all are handed out). */
  slot(): number {
    const slot = this.nextSlot;
    this.nextSlot = (slot + 1) % slotCount;
    return slot;
  }

  /** The byte address of the constants in the slot, copied in first unless the slot holds these (the same array). */
  constantsAddress(constants: Float64Array, slot: number): number {
    const address = firstSlotAddress + slot * slotBytes;
    if (this.slotContents[slot] !== constants) {
      this.doubles.set(constants, address / 8);
      this.slotContents[slot] = constants;
    }
    return address;
  }
}

let instance: RigidBodyKernels | undefined;

/** The process's kernels (compiled and instantiated at the first call: a process without such bodies compiles none). */
export function rigidBodyKernels(): RigidBodyKernels {
  instance ??= new RigidBodyKernels();
  return instance;
}
