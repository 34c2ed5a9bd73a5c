/**
 * The joints' per-evaluation arithmetic as WebAssembly: the module of jointKernelsSource.ts, stored in
 * jointKernelsModule.ts. Instances of one 64 KB memory each, with fixed views of the inputs, work arrays and outputs, and
 * slots for the joints' rotations and set-ups: one instance serves all joints of a process (the calls do not nest) until
 * a model has more joints than it has slots; then another instance joins ({@link KernelSlotPool}). A joint writes its
 * markers' kinematics into the views (the markers write into them, or whole arrays are copied with `set`), calls
 * {@link JointKernels.evaluate} and reads the rows from `g`, the Jacobian from `c` and the residual entries from
 * `reaction`.
 * @module
 */

import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports, wasmPageBytes } from '../../linalg/storedWasmModule.ts';
import { KernelSlotPool, type KernelSlot } from '../../linalg/kernelSlots.ts';
import { jointModuleBase64 } from './jointKernelsModule.ts';
import type * as source from './jointKernelsSource.ts';

/** The most coordinates of one marker the kernels' memory has room for (rigid bodies have at most 7). */
export const jointMarkerCapacity = 64;

const capacity = jointMarkerCapacity;

/**
 * The regions of the memory in their order, with their lengths in doubles (see the source's evaluateJoint for what each
 * holds): the markers' kinematics; per marker the position and rotation Jacobian (3 × capacity); λ, the residual's
 * entries, the rows, the Jacobian (6 rows of both markers' coordinates); work arrays (≈ 14 KB in all). The rest of the
 * page holds the joints' rotations R0, R1 and set-ups in slots ({@link JointKernels.rotations}).
 */
const layout = kernelLayout({
  a0: 9, a1: 9, p0: 3, p1: 3, v0: 3, v1: 3, omega0: 3, omega1: 3,
  j0: 3 * capacity, g0: 3 * capacity, j1: 3 * capacity, g1: 3 * capacity,
  lambda: 6, reaction: 2 * capacity, g: 6, c: 12 * capacity,
  a0All: 9, a1All: 9, a0AllDot: 9, a1AllDot: 9, dp: 3, dv: 3, skew: 9, product: 9, generic: 6,
});

/** Entries of a joint's set-up (see the source's evaluateJoint). */
export const jointSetupEntries = 16;
/** Bytes of a slot: R0, R1 and the set-up. */
const slotBytes = 8 * (18 + jointSetupEntries);
/** Slots in the rest of the page. */
const slotCount = Math.floor((wasmPageBytes - 8 * layout.doubles) / slotBytes);

/** The name of a region of the kernels' memory. */
export type JointRegion = keyof typeof layout.lengths;

/** An instance of the kernels: a view of each region of its memory, the joints' slots and the call. */
export type JointKernels = { readonly [Name in JointRegion]: Float64Array<ArrayBuffer> } & {
  /**
   * The byte address of the slot, holding R0, R1 and the set-up: copied in first unless the slot holds the owner's (a
   * joint bound again, or a slot shared with a joint of another model).
   */
  joint(slot: number, owner: object, r0: Float64Array, r1: Float64Array, setup: Float64Array): number;
  /** One evaluation of the joint in the slot at byte address `joint` from the views' values (flags 0 or 1). */
  evaluate(joint: number, n0: number, n1: number, index2: number, reactions: number, jacobian: number): void;
};

let compiled: WebAssembly.Module | undefined;

/** The instance, the views of its memory's regions (consecutive from 0), the slots and the call. */
function createKernels(): JointKernels {
  compiled ??= compileStoredModule(jointModuleBase64);
  const { exports, doubles } = instantiateKernels<KernelExports<typeof source>>(compiled);
  const views = kernelViews(doubles, layout);
  const kernel = exports.evaluateJoint;
  // the addresses as constants of the closure (a property load per argument cost more in a fresh process's baseline code)
  const {
    a0, a1, p0, p1, v0, v1, omega0, omega1, j0, g0, j1, g1, lambda, reaction, g, c, a0All, a1All, a0AllDot, a1AllDot, dp, dv, skew, product, generic,
  } = layout.addresses;
  const firstSlot = 8 * layout.doubles;
  /** The owner whose rotations each slot holds (compared by identity; a placeholder while vacant). */
  const owners = new Array<object>(slotCount).fill(layout);
  const joint = (at: number, owner: object, r0: Float64Array, r1: Float64Array, setup: Float64Array): number => {
    const address = firstSlot + at * slotBytes;
    if (owners[at] !== owner) {
      doubles.set(r0, address / 8);
      doubles.set(r1, address / 8 + 9);
      doubles.set(setup, address / 8 + 18);
      owners[at] = owner;
    }
    return address;
  };
  const evaluate = (joint: number, n0: number, n1: number, index2: number, reactions: number, jacobian: number): void => {
    kernel(a0, a1, joint, joint + 72, p0, p1, v0, v1, omega0, omega1, j0, g0, j1, g1, lambda, reaction, g, c, a0All, a1All, a0AllDot, a1AllDot,
      dp, dv, skew, product, generic, joint + 144, n0, n1, index2, reactions, jacobian);
  };
  return { ...views, joint, evaluate };
}

const pool = new KernelSlotPool(createKernels, slotCount);

/** A slot for a joint of the assembly (the bind context's `assembly`) and the kernels whose memory holds it. */
export function jointKernelSlot(assembly: object): KernelSlot<JointKernels> {
  return pool.slot(assembly);
}
