/**
 * What the rod kernels read from an interpolation of centerline and cross-section orientation (seed 000, eqs. 5–9):
 * the nodal data, the section at one point with its strains, the strain derivatives of one node there, and the
 * kinematics of a point. R12Interpolation is the paper's, QuaternionInterpolation interpolates the nodal quaternions,
 * SE3Interpolation the relative twists of neighbouring nodes (linear elements); each implements this interface in a file
 * of its own and reuses the kernels and section laws. The Petrov–Galerkin fields (virtual displacements and rotations,
 * velocities Σ N_i v_i and body-fixed angular velocities Σ N_i ω̄_i) are common to all of them, and so is the centerline
 * r = Σ N_i r_i of R12 and quaternion: the functions at the end of this file.
 * @module
 */

import type { ItemState, NodeModel } from '../../../registry/capabilities.ts';
import { lagrangeBasisInto } from './lagrange.ts';
import type { SectionStrains } from './sectionLaw.ts';

/** Names of the interpolations of the rod (the `interpolation` parameter of ObjectCosseratRod). */
export const rodInterpolationNames = ['R12', 'quaternion', 'SE3'] as const;
/** One of {@link rodInterpolationNames}. */
export type RodInterpolationName = typeof rodInterpolationNames[number];

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
  /** |∂r⁰/∂η|, the reference centerline's arc length per element parameter η ∈ [0, 1] at η of element e. */
  referenceSpeed(e: number, eta: number): number;
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
  /** ∂ω/∂Δq of the point at fixed velocity coordinates on the element's nodes (3 × 6(p + 1)). */
  angularVelocity_q(s: ItemState, e: number, nv: Float64Array, out: Float64Array): void;
  /** k += factor·∂(J_rotᵀ τ)/∂Δq on the element's nodes for a fixed global torque τ (6(p + 1) square). */
  addRotationJacobianTransposed_q(s: ItemState, e: number, nv: Float64Array, torque: ArrayLike<number>, k: Float64Array, factor: number): void;
}

/** w = the nodal body-fixed angular velocities ω̄_i, 3 per node, from the state. */
export function gatherNodalAngularVelocities(nodes: readonly NodeModel[], s: ItemState, w: Float64Array): void {
  const u = s.u;
  for (let g = 0; g < nodes.length; g++) {
    const j = nodes[g].uIndex + 3;
    w[3 * g] = u[j]; w[3 * g + 1] = u[j + 1]; w[3 * g + 2] = u[j + 2];
  }
}

// ---------------------------------------------------------------------------------------
// The fields every interpolation shares at a point of element e with the shape values nv (N_i at the point)

/** r = Σ N_i r_i of the nodes p·e … p·e + p. */
export function lagrangePositionInto(nodes: readonly NodeModel[], p: number, s: ItemState, e: number, nv: Float64Array, out: Float64Array): void {
  const q = s.q;
  out[0] = 0; out[1] = 0; out[2] = 0;
  for (let i = 0; i <= p; i++) {
    const node = nodes[p * e + i], ref = node.referenceCoordinates, j = node.qIndex, ni = nv[i];
    out[0] += ni * (ref[0] + q[j]); out[1] += ni * (ref[1] + q[j + 1]); out[2] += ni * (ref[2] + q[j + 2]);
  }
}

/** out −= r⁰ = Σ N_i r⁰_i (rRef: 3 per node). */
export function lagrangeSubtractReferencePosition(rRef: Float64Array, p: number, e: number, nv: Float64Array, out: Float64Array): void {
  for (let i = 0; i <= p; i++) {
    const g = p * e + i;
    for (let d = 0; d < 3; d++) out[d] -= nv[i] * rRef[3 * g + d];
  }
}

/** |∂r⁰/∂η| = |Σ (dN_i/dη) r⁰_i| at η of element e (n, dn: p + 1 entries of scratch). */
export function lagrangeReferenceSpeed(rRef: Float64Array, p: number, e: number, eta: number, n: Float64Array, dn: Float64Array): number {
  lagrangeBasisInto(p, eta, n, dn, 0);
  let x = 0, y = 0, z = 0;
  for (let i = 0; i <= p; i++) {
    const g = p * e + i;
    x += dn[i] * rRef[3 * g]; y += dn[i] * rRef[3 * g + 1]; z += dn[i] * rRef[3 * g + 2];
  }
  return Math.hypot(x, y, z);
}

/** Σ N_i u_{i,offset..offset+2}: v = Σ N_i v_i (offset 0) or the body-fixed Σ N_i ω̄_i (offset 3, eq. 9). */
export function lagrangeVelocityInto(nodes: readonly NodeModel[], p: number, s: ItemState, e: number, nv: Float64Array, offset: number, out: Float64Array): void {
  const u = s.u;
  out[0] = 0; out[1] = 0; out[2] = 0;
  for (let i = 0; i <= p; i++) {
    const j = nodes[p * e + i].uIndex + offset, ni = nv[i];
    out[0] += ni * u[j]; out[1] += ni * u[j + 1]; out[2] += ni * u[j + 2];
  }
}

/** ∂r/∂u = [N_0 I₃ 0 | … | N_p I₃ 0] on the element's nodes (3 × 6(p + 1)). */
export function lagrangePositionJacobian(p: number, nv: Float64Array, out: Float64Array): void {
  const n = 6 * (p + 1);
  out.fill(0, 0, 3 * n);
  for (let i = 0; i <= p; i++) {
    const col = 6 * i, ni = nv[i];
    out[col] = ni; out[n + col + 1] = ni; out[2 * n + col + 2] = ni;
  }
}

/** out = −A x̃ (3×3 row-major), the derivative of ω = A x by a body-fixed rotation δα of A at fixed x: δω = −A x̃ δα. */
export function minusRotationTimesSkewInto(out: Float64Array, A: ArrayLike<number>, x: ArrayLike<number>): void {
  for (let r = 0; r < 3; r++) {
    const a0 = A[3 * r], a1 = A[3 * r + 1], a2 = A[3 * r + 2];
    out[3 * r] = -(a1 * x[2] - a2 * x[1]);
    out[3 * r + 1] = -(a2 * x[0] - a0 * x[2]);
    out[3 * r + 2] = -(a0 * x[1] - a1 * x[0]);
  }
}
