/**
 * The kernels of the planar ANCF cable element (ObjectANCFCable2D) and their memory: one instance per process, shared by
 * all elements (kernel calls do not nest). An element copies its table into {@link ANCFCable2DKernelViews.table} and
 * its coordinates into e (and u) before each call and reads the results from the views. The kernels' source is
 * ancfCable2DKernelsSource.ts.
 * @module
 */

import { dampingMatrix, elasticLhs, sections, stiffnessMatrix } from './ancfCable2DKernelsSource.ts';

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

/** The kernels' arrays (views of the instance's memory). */
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

/** The kernels with their arrays. */
export interface ANCFCable2DKernels {
  readonly views: ANCFCable2DKernelViews;
  readonly elasticLhs: typeof elasticLhs;
  readonly stiffnessMatrix: typeof stiffnessMatrix;
  readonly dampingMatrix: typeof dampingMatrix;
  readonly sections: typeof sections;
}

let instance: ANCFCable2DKernels | undefined;

/** The process's kernels (created at the first call). */
export function ancfCable2DKernels(): ANCFCable2DKernels {
  instance ??= {
    views: {
      table: new Float64Array(cableTableLength),
      e: new Float64Array(8),
      u: new Float64Array(8),
      f: new Float64Array(8),
      matrix: new Float64Array(64),
      sectionValues: new Float64Array(2 * ruleCapacity * sectionValueStride),
      section: new Float64Array(8),
      df: new Float64Array(8),
      dg: new Float64Array(8),
      gradient: new Float64Array(8),
      hessian: new Float64Array(64),
      hessianU: new Float64Array(8),
      column: new Float64Array(8),
    },
    elasticLhs, stiffnessMatrix, dampingMatrix, sections,
  };
  return instance;
}
