/**
 * The generalized forces of an intrinsic ObjectConnectorRigidBodySpringDamper on node markers as WebAssembly: the
 * module of intrinsicSpringDamperKernelsSource.ts, stored in intrinsicSpringDamperKernelsModule.ts. Instances of one
 * 64 KB memory each, with fixed views of the markers' kinematics, the joint frames, the state of the force law, the nodes'
 * coordinates and the output, and after them a slot of its own for each connector's set-up and markers' constants
 * ({@link intrinsicSpringDamperSlot}): one instance serves the connectors of a process (the calls do not nest) until its
 * slots are taken.
 * @module
 */

import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports, type KernelInstance } from '../../linalg/storedWasmModule.ts';
import { kernelRegions, type KernelRegion } from './kernelRegions.ts';
import { intrinsicSpringDamperModuleBase64 } from './intrinsicSpringDamperKernelsModule.ts';
import type * as source from './intrinsicSpringDamperKernelsSource.ts';

/**
 * The regions of the memory in their order, with their lengths in doubles (see the source's intrinsicNodeLoads): the
 * markers' kinematics and Jacobians (3 × 7 each), the joint frames and relative rotation, the logarithm's terms, the
 * relative velocities, the joint frame Aj, u6, v6, f6, the global force and the markers' torques, T_exp⁻¹ and exp(½uRot),
 * the markers' null directions (4 × 3 × 7 each), the nodes' coordinates and velocities (14 per marker), the output (n0 + n1 ≤ 14).
 */
const layout = kernelLayout({
  a0: 9, a1: 9, p0: 3, p1: 3, v0: 3, v1: 3, w0: 3, w1: 3, j0: 21, g0: 21, j1: 21, g1: 21, a0All: 9, a1All: 9, relRot: 9, logTerms: 5,
  dv: 3, omegaRel: 3, aj: 9, u6: 6, v6: 6, f6: 6, force: 3, torque0: 3, torque1: 3, tInverse: 9, halfExp: 9, nd0: 84, nd1: 84, nodes: 28, out: 14,
});

/** Doubles of a connector's set-up in its slot: R0 (9), R1 (9), K (36), D (36), the offset (6), row-major. */
export const intrinsicSpringDamperSetupDoubles = 96;
/** Doubles of a connector's slot: the set-up, then each marker's constants (18, nodeMarkerKernelsSource.ts's nodeMarker). */
const slotDoubles = intrinsicSpringDamperSetupDoubles + 36;

/** An instance of the kernel: the views of the regions it shares between connectors, and the call. */
export type IntrinsicSpringDamperKernels = { readonly [Name in keyof typeof layout.lengths]: Float64Array<ArrayBuffer> } & {
  /**
   * One evaluation for the connector in the slot at byte address `slot` (the nodes' coordinates and velocities in the view
   * `nodes`, marker i's from 14·i on): the markers' kinematics, frames and the state of the force law into the views, with
   * loads = 0 the markers' null directions (nd0, nd1), with loads = 1 the entries added to the connector's local vector in the view `out`; returns 1 at 180° relative
   * rotation (the state not formed, out unchanged), else 0 (flags 0 or 1; the source's intrinsicNodeLoads).
   */
  loads(slot: number, n0: number, n1: number, kind0: number, kind1: number, fromLeft: number, hasDamping: number, velocities: number,
    linear: number, loads: number): number;
};

let compiled: WebAssembly.Module | undefined;

/** An instance on a memory of `pages` pages: the views of its regions (consecutive from 0) and the call. */
function createKernels(pages: number): KernelInstance<IntrinsicSpringDamperKernels> {
  compiled ??= compileStoredModule(intrinsicSpringDamperModuleBase64);
  const { exports, doubles } = instantiateKernels<KernelExports<typeof source>>(compiled, pages);
  const views = kernelViews(doubles, layout);
  const kernel = exports.intrinsicNodeLoads;
  const {
    a0, a1, p0, p1, v0, v1, w0, w1, j0, g0, j1, g1, a0All, a1All, relRot, logTerms, dv, omegaRel, aj, u6, v6, f6, force, torque0,
    torque1, tInverse, halfExp, nd0, nd1, nodes, out,
  } = layout.addresses;
  const loads = (slot: number, n0: number, n1: number, kind0: number, kind1: number, fromLeft: number, hasDamping: number, velocities: number,
    linear: number, loads: number): number => kernel(
    a0, a1, p0, p1, v0, v1, w0, w1, j0, g0, j1, g1, a0All, a1All, relRot, logTerms, dv, omegaRel, aj, u6, v6, f6, force, torque0,
    torque1, tInverse, halfExp, nd0, nd1, nodes, out, slot, slot + 8 * 9, slot + 8 * 18, slot + 8 * 54, slot + 8 * 90,
    slot + 8 * intrinsicSpringDamperSetupDoubles, slot + 8 * (intrinsicSpringDamperSetupDoubles + 18), n0, n1, kind0, kind1, fromLeft, hasDamping,
    velocities, linear, loads,
  );
  return { exports: { ...views, loads }, doubles };
}

const regions = kernelRegions(createKernels, layout.doubles);

/**
 * A slot of its own for a connector (after the shared regions, in the current instance or, when that is full, a new
 * one): its set-up at 0 ({@link intrinsicSpringDamperSetupDoubles} doubles: R0, R1, K, D, the offset), marker 0's
 * constants after it, marker 1's 18 doubles later.
 */
export function intrinsicSpringDamperSlot(): KernelRegion<IntrinsicSpringDamperKernels> {
  return regions(slotDoubles);
}
