/**
 * ObjectConnectorTorsionalSpringDamper's generalized forces on node markers as WebAssembly: the module of
 * torsionalSpringDamperKernelsSource.ts, stored in torsionalSpringDamperKernelsModule.ts. Instances of one 64 KB memory
 * each, with fixed views of the markers' kinematics, the joint frames, the nodes' coordinates and the output, and after
 * them a slot of its own for each connector's set-up and markers' constants ({@link torsionalSpringDamperSlot}): one
 * instance serves the connectors of a process (the calls do not nest) until its slots are taken.
 * @module
 */

import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports, type KernelInstance } from '../../linalg/storedWasmModule.ts';
import { kernelRegions, type KernelRegion } from './kernelRegions.ts';
import { torsionalSpringDamperModuleBase64 } from './torsionalSpringDamperKernelsModule.ts';
import type * as source from './torsionalSpringDamperKernelsSource.ts';

/**
 * The regions of the memory in their order, with their lengths in doubles (see the source's torsionLoads): the markers'
 * kinematics and Jacobians (3 × 7 each), the joint frames, the nodes' coordinates and velocities (14 per marker), the
 * output (n0 + n1 ≤ 14).
 */
const layout = kernelLayout({
  a0: 9, a1: 9, p0: 3, p1: 3, v0: 3, v1: 3, w0: 3, w1: 3, j0: 21, g0: 21, j1: 21, g1: 21, a0All: 9, a1All: 9, nodes: 28, out: 14,
});

/** Doubles of a connector's set-up in its slot: R0 (9), k, d, θ_off, ω_off, τ_c (5), R1 (9). */
export const torsionalSpringDamperSetupDoubles = 23;
/** Doubles of a connector's slot: the set-up, then each marker's constants (18, nodeMarkerKernelsSource.ts's nodeMarker). */
const slotDoubles = torsionalSpringDamperSetupDoubles + 36;

/** An instance of the kernel: the views of the regions it shares between connectors, and the call. */
export type TorsionalSpringDamperKernels = { readonly [Name in keyof typeof layout.lengths]: Float64Array<ArrayBuffer> } & {
  /**
   * One evaluation for the connector in the slot at byte address `slot` (the nodes' coordinates and velocities in the view
   * `nodes`, marker i's from 14·i on): the entries to add to its local vector into the view `out`.
   */
  loads(slot: number, n0: number, n1: number, kind0: number, kind1: number, fromLeft: number): void;
};

let compiled: WebAssembly.Module | undefined;

/** An instance on a memory of `pages` pages: the views of its regions (consecutive from 0) and the call. */
function createKernels(pages: number): KernelInstance<TorsionalSpringDamperKernels> {
  compiled ??= compileStoredModule(torsionalSpringDamperModuleBase64);
  const { exports, doubles } = instantiateKernels<KernelExports<typeof source>>(compiled, pages);
  const views = kernelViews(doubles, layout);
  const kernel = exports.torsionLoads;
  const { a0, a1, p0, p1, v0, v1, w0, w1, j0, g0, j1, g1, a0All, a1All, nodes, out } = layout.addresses;
  const loads = (slot: number, n0: number, n1: number, kind0: number, kind1: number, fromLeft: number): void => {
    kernel(a0, a1, p0, p1, v0, v1, w0, w1, j0, g0, j1, g1, a0All, a1All, nodes, out, slot, slot + 8 * 14,
      slot + 8 * torsionalSpringDamperSetupDoubles, slot + 8 * (torsionalSpringDamperSetupDoubles + 18), n0, n1, kind0, kind1, fromLeft);
  };
  return { exports: { ...views, loads }, doubles };
}

const regions = kernelRegions(createKernels, layout.doubles);

/**
 * A slot of its own for a connector (after the shared regions, in the current instance or, when that is full, a new
 * one): its set-up at 0 ({@link torsionalSpringDamperSetupDoubles} doubles: R0, the five scalars of the torque law, R1),
 * marker 0's constants after it, marker 1's 18 doubles later.
 */
export function torsionalSpringDamperSlot(): KernelRegion<TorsionalSpringDamperKernels> {
  return regions(slotDoubles);
}
