/**
 * Line terms of the external virtual work of the rod element (seed 000, eq. 2): force densities b (global) and moment
 * densities c (cross-section frame) per arc length, f_{r_i} += ∫ N_i b ds, f_{φ_i} += ∫ N_i c ds, and internal (active)
 * moments τ (cross-section frame), f_{φ_i} += ∫ N_i' τ ds (the weak form of c = −τ' without end couples: muscle torques).
 * With c and τ in the cross-section frame the generalized force does not depend on the configuration (no load Jacobian).
 * @module
 */

import type { DistributedLoadDensity } from '../../../registry/capabilities.ts';
import type { ArcLength, RodRule } from './referenceGeometry.ts';

/** Line loads on one rod, integrated with the inertia quadrature. */
export class ExternalVirtualWork {
  private readonly loadForce = new Float64Array(3);
  private readonly loadMoment = new Float64Array(3);
  private readonly loadInternalMoment = new Float64Array(3);

  constructor(private readonly rule: RodRule, private readonly arcLengths: ArcLength, private readonly p: number, private readonly nElements: number) {}

  /**
   * f += ∫ (δrᵀ b + δφ_Kᵀ c + δφ_K'ᵀ τ) ds per node, ds = scale·J dξ with scale = L/L_ref, so that ∫ ds = L in the arc-length
   * coordinate that density receives (at the point's reference arc length times scale).
   */
  addLineLoads(density: DistributedLoadDensity, f: Float64Array): void {
    const p = this.p, np = p + 1, rule = this.rule, scale = this.arcLengths.length / this.arcLengths.referenceLength;
    const b = this.loadForce, c = this.loadMoment, tau = this.loadInternalMoment;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const index = e * rule.count + k, o = k * np;
        b.fill(0); c.fill(0); tau.fill(0);
        density(rule.arc[index] * scale, b, c, tau);
        // ∫ N_i' τ ds = ∫ dN_i/dξ τ dξ: the weight in dξ without J
        const wds = rule.weight[k] * rule.J[index] * scale, wdxi = rule.weight[k];
        for (let i = 0; i < np; i++) {
          const row = 6 * (p * e + i), ni = wds * rule.n[o + i], dni = wdxi * rule.dn[o + i];
          for (let d = 0; d < 3; d++) { f[row + d] += ni * b[d]; f[row + 3 + d] += ni * c[d] + dni * tau[d]; }
        }
      }
    }
  }
}
