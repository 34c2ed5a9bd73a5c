/**
 * ObjectConnectorRigidBodySpringDamper's q-Jacobian columns as WebAssembly: the module of
 * rigidBodySpringDamperKernelsSource.ts, stored in rigidBodySpringDamperKernelsModule.ts. One instance per process,
 * shared by all connectors (the calls do not nest), on one 64 KB memory with fixed views of the inputs, work arrays and
 * output. A connector writes its state
 * into the views (whole arrays with `set`), calls {@link RigidBodySpringDamperKernels.stiffnessColumns} (or, translation
 * only, translationColumns, translationDampingColumns) and reads the columns from the view `m`; the intrinsic
 * formulation's logarithm and state and loads come from intrinsicLog and intrinsicState.
 * @module
 */

import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports } from '../../linalg/storedWasmModule.ts';
import { rigidBodySpringDamperModuleBase64 } from './rigidBodySpringDamperKernelsModule.ts';
import type * as source from './rigidBodySpringDamperKernelsSource.ts';

/** The most coordinates of one marker the kernels' memory has room for (rigid bodies have at most 7). */
export const rigidBodySpringDamperMarkerCapacity = 32;

const capacity = rigidBodySpringDamperMarkerCapacity;

/**
 * The regions of the memory in their order, with their lengths in doubles (see the source's stiffnessColumns for what
 * each holds): 3 × 3 inputs; vectors; K, D; the coefficients [a, b, 2 sgn(t), r² + t², γ, g, |uRot|², c]; per marker
 * (3 × capacity rows each) the position and rotation Jacobian, the four null directions, ∂v/∂q then ∂ω/∂q; work arrays;
 * the columns m, (n0 + n1)² row-major (47 KB in all).
 */
const layout = kernelLayout({
  aj: 9, a0: 9, a1: 9, a0All: 9, a1All: 9, r0: 9, r1: 9, relRot: 9, tInverse: 9, halfExp: 9, halfTangent: 9,
  u6: 6, f6: 6, force: 3, lever: 3, dLocal: 3, dp: 3, dv: 3, omegaRel: 3,
  p0: 3, p1: 3, v6: 6, offset: 6, torque0: 3, torque1: 3, logTerms: 5,
  stiffness: 36, damping: 36, coefficients: 8,
  j0: 3 * capacity, g0: 3 * capacity, nd0: 12 * capacity, rates0: 6 * capacity,
  j1: 3 * capacity, g1: 3 * capacity, nd1: 12 * capacity, rates1: 6 * capacity,
  dA: 9, dAll: 9, dM: 9, dAj: 9, du6: 6, dv6: 6, df6: 6, m: 4 * capacity * capacity,
});

/** The name of a region of the kernels' memory. */
export type RigidBodySpringDamperRegion = keyof typeof layout.lengths;

/** The kernels: a view of each region of their memory, and the call. */
export type RigidBodySpringDamperKernels = { readonly [Name in RigidBodySpringDamperRegion]: Float64Array<ArrayBuffer> } & {
  /** The columns into m from the views' values (flags 0 or 1; nearPi: the relative rotation is at 180°). */
  stiffnessColumns(n0: number, n1: number, null0: number, null1: number, intrinsic: number, hasDamping: number, nearPi: number): void;
  /** A translation-only connector's q-Jacobian columns into m from the views aj, a0, r0, dp, dv, f6, K, D, j0, g0, nd0, rates0, j1, nd1, rates1. */
  translationColumns(n0: number, n1: number, null0: number, null1: number, hasDamping: number): void;
  /** A translation-only connector's damping-Jacobian columns into m from the views aj, damping, j0 and j1. */
  translationDampingColumns(n0: number, n1: number): void;
  /**
   * The relative rotation A0allᵀA1all into relRot and the terms of its logarithm into logTerms from the views a0All and
   * a1All; returns 1 at 180° (logTerms not written), else 0 (the source's intrinsicLog).
   */
  intrinsicLog(): number;
  /**
   * The intrinsic formulation's aj, u6, (velocities) v6, (linear) f6 and (loads) force, torque0, torque1 from the views
   * a0All, p0, p1, dv, omegaRel, stiffness, damping and offset, uRot = (x, y, z), φ = |uRot|, sin(φ/2), cos(φ/2) (read if
   * φ ≥ 0.05) and sin(φ/4) (the source's intrinsicState; flags 0 or 1).
   */
  intrinsicState(x: number, y: number, z: number, phi: number, sinH: number, cosH: number, sinQuarter: number,
    velocities: number, linear: number, loads: number, hasDamping: number): void;
};

let instance: RigidBodySpringDamperKernels | undefined;

/** The process's kernels (compiled and instantiated at the first call). */
export function rigidBodySpringDamperKernels(): RigidBodySpringDamperKernels {
  instance ??= createKernels();
  return instance;
}

/** The instance, the views of its memory's regions (consecutive from 0) and the call. */
function createKernels(): RigidBodySpringDamperKernels {
  const { exports, doubles } = instantiateKernels<KernelExports<typeof source>>(compileStoredModule(rigidBodySpringDamperModuleBase64));
  const views = kernelViews(doubles, layout), at = layout.addresses;
  const kernel = exports.stiffnessColumns;
  const stiffnessColumns = (n0: number, n1: number, null0: number, null1: number, intrinsic: number, hasDamping: number, nearPi: number): void => {
    kernel(at.aj, at.a0, at.a1, at.a0All, at.a1All, at.r0, at.r1, at.relRot, at.tInverse, at.halfExp, at.halfTangent, at.u6, at.f6,
      at.force, at.lever, at.dLocal, at.dp, at.dv, at.omegaRel, at.stiffness, at.damping, at.coefficients, at.j0, at.g0, at.nd0, at.rates0,
      at.j1, at.g1, at.nd1, at.rates1, at.dA, at.dAll, at.dM, at.dAj, at.du6, at.dv6, at.df6, at.m, n0, n1, null0, null1, intrinsic, hasDamping, nearPi);
  };
  const translation = exports.translationColumns, translationDamping = exports.translationDampingColumns;
  const translationColumns = (n0: number, n1: number, null0: number, null1: number, hasDamping: number): void => {
    translation(at.aj, at.a0, at.r0, at.dp, at.dv, at.f6, at.stiffness, at.damping, at.j0, at.g0, at.nd0, at.rates0, at.j1, at.nd1,
      at.rates1, at.dA, at.dAll, at.dAj, at.du6, at.dv6, at.m, n0, n1, null0, null1, hasDamping);
  };
  const translationDampingColumns = (n0: number, n1: number): void => {
    translationDamping(at.aj, at.damping, at.j0, at.j1, at.m, n0, n1);
  };
  const log = exports.intrinsicLog;
  const intrinsicLog = (): number => log(at.a0All, at.a1All, at.relRot, at.logTerms);
  const intrinsic = exports.intrinsicState;
  const intrinsicState = (x: number, y: number, z: number, phi: number, sinH: number, cosH: number, sinQuarter: number,
    velocities: number, linear: number, loads: number, hasDamping: number): void => {
    intrinsic(at.a0All, at.p0, at.p1, at.dv, at.omegaRel, at.stiffness, at.damping, at.offset, at.aj, at.u6, at.v6, at.f6, at.force,
      at.torque0, at.torque1, at.tInverse, at.halfExp, x, y, z, phi, sinH, cosH, sinQuarter, velocities, linear, loads, hasDamping);
  };
  return { ...views, stiffnessColumns, translationColumns, translationDampingColumns, intrinsicLog, intrinsicState };
}
