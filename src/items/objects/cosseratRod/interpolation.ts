/**
 * What the rod kernels read from an interpolation of centerline and cross-section orientation (seed 000, eqs. 5–9):
 * the nodal data, the section at one point with its strains, the strain derivatives of one node there, and the
 * kinematics of a point. {@link R12Interpolation} is the paper's; an interpolation of the nodal quaternions or of
 * relative SE(3) twists implements this interface in a file of its own and reuses the kernels and section laws.
 * @module
 */

import type { ItemState, NodeModel } from '../../../registry/capabilities.ts';
import type { SectionStrains } from './sectionLaw.ts';

/** An interpolation of the rod's nodes (p·n_el + 1 quaternion nodes, element e on nodes p·e … p·e + p). */
export interface RodInterpolation {
  /** Polynomial degree p. */
  readonly p: number;
  /** Reference nodal positions r⁰_i, 3 per node (set by bindNodes). */
  readonly rRef: Float64Array;
  /** Body-fixed nodal angular velocities ω̄_i, 3 per node (gathered). */
  readonly w: Float64Array;
  /** r_ξ at the evaluated section. */
  readonly rXi: Float64Array;
  /** The cross-section orientation A at the evaluated section (9, row-major). */
  readonly aMat: Float64Array;
  /** γ̄, κ̄ (and rates) of the evaluated section, with its reference data. */
  readonly strains: SectionStrains;
  /** Per-node derivative blocks at the section (3×3 each): ∂γ̄/∂Δr_k, ∂γ̄/∂Δφ_k, ∂κ̄/∂Δφ_k (∂κ̄/∂Δr_k = 0). */
  readonly gr: Float64Array;
  readonly gp: Float64Array;
  readonly kp: Float64Array;
  /** ∂γ̄̇/∂Δr_k, ∂γ̄̇/∂Δφ_k, ∂κ̄̇/∂Δφ_k at the section. */
  readonly gdr: Float64Array;
  readonly gdp: Float64Array;
  readonly kdp: Float64Array;
  /** Binds the nodes and computes their reference data. */
  bindNodes(nodes: readonly NodeModel[]): void;
  /** Gathers the nodal coordinates (and velocities) of the state. */
  gather(s: ItemState, withVelocities: boolean): void;
  /** Gathers only the nodal angular velocities ω̄_i. */
  gatherAngularVelocities(s: ItemState): void;
  /** Evaluates the section at a point of element e (shape values nv, ξ-derivatives dnv at offset o), current or reference. */
  section(e: number, nv: Float64Array, dnv: Float64Array, o: number, reference: boolean): void;
  /** Evaluates the strain rates at the current section (gathered with velocities). */
  sectionRates(e: number, nv: Float64Array, dnv: Float64Array, o: number): void;
  /** Writes gr, gp, kp of node g (shape value nv[i], ξ-derivative dnv[i]) at the evaluated section. */
  strainDerivatives(g: number, nv: Float64Array, dnv: Float64Array, i: number): void;
  /** Writes gdr, gdp, kdp of node g, after strainDerivatives of g and the rates. */
  strainRateDerivatives(g: number, nv: Float64Array, dnv: Float64Array, i: number): void;
  /** After strainDerivatives of node g: out += ∂(A x)/∂Δφ_k for a fixed vector x (3×3). */
  addRotationDerivativeTimes(g: number, x: Float64Array, out: Float64Array): void;
  /** Centerline position of a point of element e with shape values nv. */
  position(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void;
  /** Subtracts the reference position of the point from out. */
  subtractReferencePosition(e: number, nv: Float64Array, out: Float64Array): void;
  /** Centerline velocity of the point. */
  velocity(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void;
  /** ∂position/∂u of the point on the element's nodes (3 × 6(p + 1)). */
  positionJacobian(nv: Float64Array, out: Float64Array): void;
  /** Cross-section orientation of the point (9, row-major). */
  orientation(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void;
  /** Global angular velocity of the point. */
  angularVelocity(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void;
  /** Body-fixed angular velocity of the point. */
  angularVelocityLocal(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void;
  /** ∂ω/∂u of the point on the element's nodes (3 × 6(p + 1)). */
  rotationJacobian(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void;
  /** k += factor·∂(J_rotᵀ τ)/∂Δq on the element's nodes for a fixed global torque τ (6(p + 1) square). */
  addRotationJacobianTransposed_q(s: ItemState, e: number, nv: Float64Array, torque: ArrayLike<number>, k: Float64Array, factor: number): void;
}
