/**
 * The joints' per-evaluation arithmetic as WebAssembly: the module of jointKernelsSource.ts, stored in
 * jointKernelsModule.ts. One instance per process, shared by all joints (the calls do not nest), on one 64 KB memory
 * with fixed views of the inputs, work arrays and outputs. A joint writes its markers' kinematics into the views (the
 * markers write into them, or whole arrays are copied with `set`), calls {@link JointKernels.evaluate} and reads the
 * rows from `g`, the Jacobian from `c` and the residual entries from `reaction`.
 * @module
 */

import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports, wasmPageBytes } from '../../linalg/storedWasmModule.ts';
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

/** The kernels: a view of each region of their memory, the joints' slots and the call. */
export type JointKernels = { readonly [Name in JointRegion]: Float64Array<ArrayBuffer> } & {
  /** A slot for a joint's R0, R1 and set-up (in turn; slots are shared once all are handed out). */
  slot(): number;
  /**
   * The byte address of the slot, holding R0, R1 and the set-up: copied in first unless the slot holds the owner's (a
   * joint bound again, or more joints than slots).
   */
  joint(slot: number, owner: object, r0: Float64Array, r1: Float64Array, setup: Float64Array): number;
  /** One evaluation of the joint in the slot at byte address `joint` from the views' values (flags 0 or 1). */
  evaluate(joint: number, n0: number, n1: number, index2: number, reactions: number, jacobian: number): void;
};

let instance: JointKernels | undefined;

/** The process's kernels (compiled and instantiated at the first call). */
export function jointKernels(): JointKernels {
  instance ??= createKernels();
  return instance;
}

/** The instance, the views of its memory's regions (consecutive from 0), the slots and the call. */
function createKernels(): JointKernels {
  const { exports, doubles } = instantiateKernels<KernelExports<typeof source>>(compileStoredModule(jointModuleBase64));
  const views = kernelViews(doubles, layout);
  const kernel = exports.evaluateJoint;
  // the addresses as constants of the closure (a property load per argument cost more in a fresh process's baseline code)
  const {
    a0, a1, p0, p1, v0, v1, omega0, omega1, j0, g0, j1, g1, lambda, reaction, g, c, a0All, a1All, a0AllDot, a1AllDot, dp, dv, skew, product, generic,
  } = layout.addresses;
  const firstSlot = 8 * layout.doubles;
  /** The owner whose rotations each slot holds (compared by identity; a placeholder while vacant). */
  const owners = new Array<object>(slotCount).fill(layout);
  let nextSlot = 0;
  const slot = (): number => {
    const next = nextSlot;
    nextSlot = (next + 1) % slotCount;
    return next;
  };
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
  return { ...views, slot, joint, evaluate };
}
