/**
 * ObjectRigidBody's closed forms without COM offset as WebAssembly kernels: on Euler parameters the mass matrix, the
 * mass product's rotation rows and the gyroscopic force (module of rigidBodyKernelsSource.ts) and the gyroscopic
 * Jacobian (rigidBodyJacobianKernelsSource.ts), on Tait–Bryan angles the gyroscopic Jacobian, the gyroscopic force and
 * the mass matrix (rigidBodyTaitBryanKernelsSource.ts): three modules, each below the 4 KB a browser's main thread
 * compiles synchronously. A fresh process runs them compiled from their first call, with no boxed doubles: the body
 * passes the address of its constants in the memory and the node's coordinates as arguments and hands the output region
 * to the accumulator as it is. One instance of each module per process, all on one memory of one page that is never
 * grown, shared by all bodies (the kernels' calls do not nest), with fixed output regions at the addresses below.
 * @module
 */

import type * as bodySource from './rigidBodyKernelsSource.ts';
import type * as jacobianSource from './rigidBodyJacobianKernelsSource.ts';
import type * as taitBryanSource from './rigidBodyTaitBryanKernelsSource.ts';
import { rigidBodyModuleBase64 } from './rigidBodyKernelsModule.ts';
import { rigidBodyJacobianModuleBase64 } from './rigidBodyJacobianKernelsModule.ts';
import { rigidBodyTaitBryanModuleBase64 } from './rigidBodyTaitBryanKernelsModule.ts';
import { compileStoredModule, type KernelExports, wasmPageBytes } from '../../linalg/storedWasmModule.ts';

/** Entries of a body's constants (see rigidBodyKernelsSource.ts): J (9), the inertia's zero terms (3), p_ref (4), m. */
export const rigidBodyConstantEntries = 17;
/** Byte address of the 7 × 7 mass matrix on Euler parameters (only its nonzero entries are ever written). */
export const rigidBodyMassAddress = 0;
/** Byte address of the 6 × 6 mass matrix on Tait–Bryan angles (only its nonzero entries are ever written). */
export const rigidBodyTaitBryanMassAddress = 512;
/**
 * Byte address of the four (three) rotation rows of the mass product or of the gyroscopic force (16 entries: the mass
 * product's work).
 */
export const rigidBodyRowsAddress = 832;
/**
 * Byte address of the gyroscopic Jacobian: ∂/∂p (4 × 4) at entry 0, ∂/∂ṗ at entry 16 on Euler parameters; ∂/∂θ (3 × 3) at
 * 0, ∂/∂θ̇ at 9 on Tait–Bryan angles.
 */
export const rigidBodyJacobianAddress = 960;
/** Byte address of the first of the bodies' constant slots. */
const firstSlotAddress = 1216;
/** Bytes of a slot. */
const slotBytes = 8 * rigidBodyConstantEntries;
/** Slots in the rest of the page. */
const slotCount = Math.floor((wasmPageBytes - firstSlotAddress) / slotBytes);

/**
 * The two instances' exports (on one memory) and views of their output regions. Bodies' constants stay in slots of the
 * memory, handed out in turn at bind ({@link RigidBodyKernels.slot}): {@link RigidBodyKernels.constantsAddress} copies
 * a body's constants in only when its slot holds another's (more bodies than slots, or a body bound again).
 */
export class RigidBodyKernels {
  /** The mass matrix, mass product and gyroscopic force on Euler parameters (after use('EP')). */
  exports!: KernelExports<typeof bodySource>;
  /** The gyroscopic Jacobian on Euler parameters (after use('EP')). */
  jacobianExports!: KernelExports<typeof jacobianSource>;
  /** The closed forms on Tait–Bryan angles (after use('Rxyz')). */
  taitBryanExports!: KernelExports<typeof taitBryanSource>;
  /** The mass matrix on Euler parameters (7 × 7). */
  readonly mass: Float64Array;
  /** The mass matrix on Tait–Bryan angles (6 × 6). */
  readonly taitBryanMass: Float64Array;
  /** The four rows. */
  readonly rows: Float64Array;
  /** The gyroscopic Jacobian's two blocks. */
  readonly jacobian: Float64Array;
  private readonly memory = new WebAssembly.Memory({ initial: 1 });
  private readonly doubles = new Float64Array(this.memory.buffer);
  /** The constants each slot holds (compared by identity; an empty array while vacant: a comparison of two objects). */
  private readonly slotContents: Float64Array[] = new Array<Float64Array>(slotCount).fill(new Float64Array(0));
  private nextSlot = 0;

  constructor() {
    const doubles = this.doubles;
    this.mass = doubles.subarray(rigidBodyMassAddress / 8, rigidBodyMassAddress / 8 + 49);
    this.taitBryanMass = doubles.subarray(rigidBodyTaitBryanMassAddress / 8, rigidBodyTaitBryanMassAddress / 8 + 36);
    this.rows = doubles.subarray(rigidBodyRowsAddress / 8, rigidBodyRowsAddress / 8 + 4);
    this.jacobian = doubles.subarray(rigidBodyJacobianAddress / 8, rigidBodyJacobianAddress / 8 + 32);
  }

  /** Instantiates the modules of a closed form (at its first body: a process compiles only those it uses). */
  use(form: 'EP' | 'Rxyz'): void {
    if (form === 'EP') {
      this.exports ??= this.instantiate(rigidBodyModuleBase64) as unknown as KernelExports<typeof bodySource>;
      this.jacobianExports ??= this.instantiate(rigidBodyJacobianModuleBase64) as unknown as KernelExports<typeof jacobianSource>;
    } else {
      this.taitBryanExports ??= this.instantiate(rigidBodyTaitBryanModuleBase64) as unknown as KernelExports<typeof taitBryanSource>;
    }
  }

  private instantiate(base64: string): WebAssembly.Exports {
    return new WebAssembly.Instance(compileStoredModule(base64), { env: { memory: this.memory } }).exports;
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

/** The process's kernels with the modules of a closed form instantiated. */
export function rigidBodyKernels(form: 'EP' | 'Rxyz'): RigidBodyKernels {
  instance ??= new RigidBodyKernels();
  instance.use(form);
  return instance;
}
