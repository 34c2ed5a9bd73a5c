/**
 * The joints' per-evaluation arithmetic as WebAssembly: the module of jointKernelsSource.ts, stored in
 * jointKernelsModule.ts. Instances of one 64 KB memory each, with fixed views of the inputs, work arrays and outputs, and
 * after them a slot of its own for each joint's rotations and set-up ({@link jointSlot}): one instance serves the joints
 * of a process (the calls do not nest) until its slots are taken, then the next joints get a new one. A joint writes its
 * markers' kinematics into the views (the markers write into them, or whole arrays are copied with `set`), calls
 * {@link JointKernels.evaluate} and reads the rows from `g`, the Jacobian from `c` and the residual entries from
 * `reaction`.
 * @module
 */

import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports, type KernelInstance } from '../../linalg/storedWasmModule.ts';
import { kernelRegions, type KernelRegion } from './kernelRegions.ts';
import { jointModuleBase64 } from './jointKernelsModule.ts';
import type * as source from './jointKernelsSource.ts';

/** The most coordinates of one marker the kernels' memory has room for (rigid bodies have at most 7). */
export const jointMarkerCapacity = 64;

const capacity = jointMarkerCapacity;

/**
 * The regions of the memory in their order, with their lengths in doubles (see the source's evaluateJoint for what each
 * holds): the markers' kinematics; per marker the position and rotation Jacobian (3 × capacity); λ, the residual's
 * entries, the rows, the Jacobian (6 rows of both markers' coordinates); work arrays; the coordinates and velocities of
 * the markers' nodes for {@link JointKernels.evaluateNodes} (≈ 14 KB in all). The rest of the
 * page holds the joints' rotations R0, R1 and set-ups in slots ({@link jointSlot}).
 */
const layout = kernelLayout({
  a0: 9, a1: 9, p0: 3, p1: 3, v0: 3, v1: 3, omega0: 3, omega1: 3,
  j0: 3 * capacity, g0: 3 * capacity, j1: 3 * capacity, g1: 3 * capacity,
  lambda: 6, reaction: 2 * capacity, g: 6, c: 12 * capacity,
  a0All: 9, a1All: 9, a0AllDot: 9, a1AllDot: 9, dp: 3, dv: 3, skew: 9, product: 9, generic: 6, nodes: 28,
});

/** Entries of a joint's set-up (see the source's evaluateJoint). */
export const jointSetupEntries = 16;
/** Doubles of a joint's slot: R0 (9), R1 (9) and the set-up. */
export const jointSlotDoubles = 18 + jointSetupEntries;
/**
 * Doubles of the markers' constants of {@link JointKernels.evaluateNodes} (18 per marker: A, p, v, ω̄ of a fixed
 * marker; or the node's reference position at 0, the marker's body-fixed position at 3 and the node's reference Euler
 * parameters at 12), after the slot's {@link jointSlotDoubles}.
 */
export const jointNodeConstantsDoubles = 36;

/** The name of a region of the kernels' memory. */
export type JointRegion = keyof typeof layout.lengths;

/** An instance of the kernels: a view of each region of its memory and the call. */
export type JointKernels = { readonly [Name in JointRegion]: Float64Array<ArrayBuffer> } & {
  /** One evaluation of the joint in the slot at byte address `joint` from the views' values (flags 0 or 1). */
  evaluate(joint: number, n0: number, n1: number, index2: number, reactions: number, jacobian: number): void;
  /**
   * {@link JointKernels.evaluate} with the markers' kinematics formed first from the constants after the slot (see
   * {@link jointNodeConstantsDoubles}) and the nodes' coordinates and velocities in `nodes` (marker i's from 14·i on):
   * kind 0 a fixed marker, kind 1 a marker at the reference point of an Euler-parameter node, kind 2 at a body-fixed
   * point of a rigid body on one, kind 3 a marker at a mass point's node (the source's evaluateNodeJoint). A set-up with
   * frame 3 is ObjectConnectorDistance's: its row into `g`, its Jacobian row into `c`, |Δp| into `generic[0]`.
   */
  evaluateNodes(joint: number, n0: number, n1: number, index2: number, reactions: number, jacobian: number, kind0: number, kind1: number): void;
};

let compiled: WebAssembly.Module | undefined;

/** An instance on a memory of `pages` pages: the views of its regions (consecutive from 0) and the call. */
function createKernels(pages: number): KernelInstance<JointKernels> {
  compiled ??= compileStoredModule(jointModuleBase64);
  const { exports, doubles } = instantiateKernels<KernelExports<typeof source>>(compiled, pages);
  const views = kernelViews(doubles, layout);
  const kernel = exports.evaluateJoint, nodeKernel = exports.evaluateNodeJoint;
  // the addresses as constants of the closure (a property load per argument cost more in a fresh process's baseline code)
  const {
    a0, a1, p0, p1, v0, v1, omega0, omega1, j0, g0, j1, g1, lambda, reaction, g, c, a0All, a1All, a0AllDot, a1AllDot, dp, dv, skew, product, generic, nodes,
  } = layout.addresses;
  const evaluate = (joint: number, n0: number, n1: number, index2: number, reactions: number, jacobian: number): void => {
    kernel(a0, a1, joint, joint + 72, p0, p1, v0, v1, omega0, omega1, j0, g0, j1, g1, lambda, reaction, g, c, a0All, a1All, a0AllDot, a1AllDot,
      dp, dv, skew, product, generic, joint + 144, n0, n1, index2, reactions, jacobian);
  };
  const evaluateNodes = (joint: number, n0: number, n1: number, index2: number, reactions: number, jacobian: number, kind0: number, kind1: number): void => {
    nodeKernel(a0, a1, joint, joint + 72, p0, p1, v0, v1, omega0, omega1, j0, g0, j1, g1, lambda, reaction, g, c, a0All, a1All, a0AllDot, a1AllDot,
      dp, dv, skew, product, generic, joint + 144, n0, n1, index2, reactions, jacobian, joint + 8 * jointSlotDoubles, joint + 8 * jointSlotDoubles + 144,
      nodes, kind0, kind1);
  };
  return { exports: { ...views, evaluate, evaluateNodes }, doubles };
}

const regions = kernelRegions(createKernels, layout.doubles);

/**
 * A slot of its own for a joint ({@link jointSlotDoubles} doubles after the work regions, in the current instance or,
 * when that is full, a new one): the joint writes R0, R1 and its set-up into it once, at bind. With `nodeConstants` the
 * slot has room for the markers' constants of {@link JointKernels.evaluateNodes} after them.
 */
export function jointSlot(nodeConstants = false): KernelRegion<JointKernels> {
  return regions(jointSlotDoubles + (nodeConstants ? jointNodeConstantsDoubles : 0));
}
