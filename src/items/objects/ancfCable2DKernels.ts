/**
 * The WebAssembly kernels of the planar ANCF cable element (ObjectANCFCable2D) and their memory: one instance of each of
 * the two modules per process on one 64 KB memory (never grown), shared by all elements (kernel calls do not nest). An element copies its
 * table into {@link ANCFCable2DKernelViews.table} and its coordinates into e (and u) before each call, passes the
 * arrays' byte addresses ({@link ancfCable2DAddresses}) and reads the results from the views. A fresh process runs the
 * kernels compiled from their first call (no interpreted arithmetic, no boxed doubles). The kernels' sources are
 * ancfCable2DKernelsSource.ts and ancfCable2DForceKernelsSource.ts; their modules, which the engine loads, are in
 * ancfCable2DKernelsModule.ts and ancfCable2DForceKernelsModule.ts (written by scripts/generateWasmKernels.ts).
 * @module
 */

import { ancfCable2DForceModuleBase64 } from './ancfCable2DForceKernelsModule.ts';
import { ancfCable2DModuleBase64 } from './ancfCable2DKernelsModule.ts';
import type * as forceSource from './ancfCable2DForceKernelsSource.ts';
import type * as source from './ancfCable2DKernelsSource.ts';
import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports } from '../../linalg/storedWasmModule.ts';

/** Points a quadrature rule's block of an element table has room for. */
export const ruleCapacity = 5;
/** Index of the axial rule's block in an element table ([EA, d_ε, EI, d_K] before it). */
export const axialRuleIndex = 4;
/** Index of the bending rule's block in an element table. */
export const bendingRuleIndex = axialRuleIndex + 11 * ruleCapacity;
/** Doubles of an element table: the constants and the two rules' blocks (S', S'', ε_ref, K_ref, weights). */
export const cableTableLength = bendingRuleIndex + 11 * ruleCapacity;
/** Offsets in a rule's block: S'_j(x_p) at 4p + j, S''_j(x_p) at slopes2 + 4p + j, ε_ref, K_ref and weight at p. */
export const ruleOffsets = { slopes: 0, slopes2: 4 * ruleCapacity, strainRef: 8 * ruleCapacity, curvatureRef: 9 * ruleCapacity, weight: 10 * ruleCapacity } as const;
/** Doubles per point of the sections kernel: ε, K, ∂ε/∂e (8), ∂K/∂e (8); axial points first, bending points from ruleCapacity. */
export const sectionValueStride = 18;

/** The kernels' arrays in the memory, in doubles. */
const layout = kernelLayout({
  table: cableTableLength, e: 8, u: 8, f: 8, section: 8, df: 8, dg: 8, gradient: 8, hessianU: 8, column: 8, hessian: 64,
  matrix: 64, sectionValues: 2 * ruleCapacity * sectionValueStride,
});

/** The kernels' arrays (views of the memory). */
export interface ANCFCable2DKernelViews {
  /** The calling element's table. */
  readonly table: Float64Array;
  /** Element coordinates (8). */
  readonly e: Float64Array;
  /** Element velocities (8). */
  readonly u: Float64Array;
  /** Force vector, in and out (8). */
  readonly f: Float64Array;
  /** Stiffness or damping matrix out (8 × 8). */
  readonly matrix: Float64Array;
  /** Strains and gradients of all points out (sections: 2·ruleCapacity·sectionValueStride). */
  readonly sectionValues: Float64Array;
  /** Work arrays: a point's slopes and norms (8), ∂f/∂e and ∂g/∂e of the curvature, a gradient, a Hessian (8 × 8), H u and a column (8 each). */
  readonly section: Float64Array;
  readonly df: Float64Array;
  readonly dg: Float64Array;
  readonly gradient: Float64Array;
  readonly hessian: Float64Array;
  readonly hessianU: Float64Array;
  readonly column: Float64Array;
}

/** Byte addresses of the arrays of {@link ANCFCable2DKernelViews} in the memory, the kernels' array arguments. */
export const ancfCable2DAddresses = layout.addresses;

/** The kernels of both modules (array arguments as byte addresses) with the views of their arrays. */
export interface ANCFCable2DKernels {
  readonly exports: KernelExports<typeof source> & KernelExports<typeof forceSource>;
  readonly views: ANCFCable2DKernelViews;
}

let instance: ANCFCable2DKernels | undefined;

/** The process's kernels (the modules, 4 KB and 1.7 KB, compiled and instantiated at the first call). */
export function ancfCable2DKernels(): ANCFCable2DKernels {
  if (instance === undefined) {
    const { exports, doubles } = instantiateKernels<ANCFCable2DKernels['exports']>(
      [compileStoredModule(ancfCable2DModuleBase64), compileStoredModule(ancfCable2DForceModuleBase64)]);
    const views: ANCFCable2DKernelViews = kernelViews(doubles, layout);
    instance = { exports, views };
  }
  return instance;
}
