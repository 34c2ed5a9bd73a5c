/**
 * Internal virtual work of the rod element (seed 000, eq. 1) with the Petrov–Galerkin test functions (eq. 8): the
 * generalized internal forces per node, their analytic Jacobians and the strain energy, for any
 * {@link RodInterpolation} and {@link SectionLaw}. With n, m the section stresses at a point:
 * f_{r_i} = ∫ N_i' A n dξ, f_{φ_i} = ∫ [N_i' m − N_i(γ̄ × n + κ̄ × m)] dξ.
 * @module
 */

import { addSkewMulInto, skewInto } from '../../../rotations/skew.ts';
import { addProduct } from './kernels.ts';
import type { RodInterpolation } from './interpolation.ts';
import type { RodRule } from './referenceGeometry.ts';
import type { SectionLaw } from './sectionLaw.ts';

/** The coefficient 1 for {@link addProduct} (its scale array, index 0). */
const UNIT = Float64Array.of(1);

/** The internal-force kernels of one rod: an interpolation, a section law and the internal-force quadrature. */
export class InternalVirtualWork {
  /** Section force n and moment m of the last evaluated point. */
  readonly force = new Float64Array(3);
  readonly moment = new Float64Array(3);
  private readonly an = new Float64Array(3);
  private readonly couple = new Float64Array(3);
  // Jacobian blocks of one node k at one point: n_Δ, m_Δ, X = ∂(A n)/∂Δ_k, Y = −∂(γ̄ × n + κ̄ × m)/∂Δ_k
  private readonly nnR = new Float64Array(9);
  private readonly nnP = new Float64Array(9);
  private readonly mmP = new Float64Array(9);
  /** m_Δ of Δr_k, non-zero only for laws whose moment depends on γ̄ (∂m/∂γ̄ Γ_r). */
  private readonly mmR = new Float64Array(9);
  private readonly xR = new Float64Array(9);
  private readonly xP = new Float64Array(9);
  private readonly yR = new Float64Array(9);
  private readonly yP = new Float64Array(9);
  private readonly skewForce = new Float64Array(9);

  constructor(private readonly interpolation: RodInterpolation, private readonly law: SectionLaw, private readonly rule: RodRule, private readonly nElements: number) {}

  /** Sets the reference data of point k of element e on the interpolation's strains. */
  private atPoint(e: number, k: number): void {
    const rule = this.rule, index = e * rule.count + k;
    this.interpolation.strains.atReference(rule.J, rule.gamma0, rule.kappa0, index);
  }

  /** f += f_int (after the interpolation gathered the state, with velocities when the law has damping). */
  addForces(f: Float64Array): void {
    const interpolation = this.interpolation, law = this.law, rates = law.hasDamping;
    const p = interpolation.p, np = p + 1, rule = this.rule, A = interpolation.aMat, n = this.force, m = this.moment;
    const an = this.an, couple = this.couple, strains = interpolation.strains, gb = strains.gammaBar, kb = strains.kappaBar;
    const J = rule.J, gamma0 = rule.gamma0, kappa0 = rule.kappa0;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const o = k * np;
        interpolation.section(e, rule.n, rule.dn, o, false);
        if (rates) interpolation.sectionRates(e, rule.n, rule.dn, o);
        strains.atReference(J, gamma0, kappa0, e * rule.count + k);
        law.stress(strains, rates, n, m);
        an[0] = A[0] * n[0] + A[1] * n[1] + A[2] * n[2];
        an[1] = A[3] * n[0] + A[4] * n[1] + A[5] * n[2];
        an[2] = A[6] * n[0] + A[7] * n[1] + A[8] * n[2];
        couple[0] = gb[1] * n[2] - gb[2] * n[1] + kb[1] * m[2] - kb[2] * m[1];
        couple[1] = gb[2] * n[0] - gb[0] * n[2] + kb[2] * m[0] - kb[0] * m[2];
        couple[2] = gb[0] * n[1] - gb[1] * n[0] + kb[0] * m[1] - kb[1] * m[0];
        const weight = rule.weight[k];
        for (let i = 0; i < np; i++) {
          const row = 6 * (p * e + i), ni = weight * rule.n[o + i], dni = weight * rule.dn[o + i];
          for (let d = 0; d < 3; d++) {
            f[row + d] += dni * an[d];
            f[row + 3 + d] += dni * m[d] - ni * couple[d];
          }
        }
      }
    }
  }

  /**
   * Adds factor·(∂f_int/∂Δ) (geometric = true: stiffness, incl. the q-dependence of the damping forces) or
   * factor·(∂f_int/∂u) of the damping forces (geometric = false) of element e to target ((6(p + 1))² row-major), the
   * state gathered. Per point and node k with Γ_k, K_k the strain derivatives of the interpolation,
   * n_Δ = ∂n/∂γ̄ Γ + ∂n/∂γ̄̇ ∂γ̄̇/∂Δ, m_Δ likewise (+ ∂m/∂γ̄ Γ for a stretch-dependent moment): ∂f_{r_i} = N_i'(A n_Δ + ∂(A n)/∂Δ_k),
   * ∂f_{φ_i} = N_i' m_Δ + N_i(ñ Γ − γ̄~ n_Δ + m̃ K − κ̄~ m_Δ).
   */
  addElementJacobian(e: number, factor: number, geometric: boolean, target: Float64Array): void {
    const interpolation = this.interpolation, law = this.law, strains = interpolation.strains;
    const p = interpolation.p, np = p + 1, rule = this.rule, size = 6 * np, A = interpolation.aMat;
    const rates = geometric && law.hasDamping, cross = geometric && law.momentDependsOnStrain;
    const { nnR, nnP, mmP, mmR, xR, xP, yR, yP } = this;
    const { gr, gp, kp, gdr, gdp, kdp } = interpolation;
    for (let q = 0; q < rule.count; q++) {
      const o = q * np;
      interpolation.section(e, rule.n, rule.dn, o, false);
      if (rates) interpolation.sectionRates(e, rule.n, rule.dn, o);
      this.atPoint(e, q);
      if (geometric) law.stress(strains, rates, this.force, this.moment);
      law.prepareTangent(strains);
      const weight = factor * rule.weight[q];
      for (let kk = 0; kk < np; kk++) {
        const g = p * e + kk;
        interpolation.strainDerivatives(g, rule.n, rule.dn, o + kk);
        for (let m = 0; m < 9; m++) { nnR[m] = 0; nnP[m] = 0; mmP[m] = 0; }
        law.addForceTangent(!geometric, gr, nnR);
        law.addForceTangent(!geometric, gp, nnP);
        law.addMomentTangent(!geometric, kp, mmP);
        if (cross) {
          for (let m = 0; m < 9; m++) mmR[m] = 0;
          law.addMomentStrainTangent(gr, mmR);
          law.addMomentStrainTangent(gp, mmP);
        }
        if (rates) {
          interpolation.strainRateDerivatives(g, rule.n, rule.dn, o + kk);
          law.addForceTangent(true, gdr, nnR);
          law.addForceTangent(true, gdp, nnP);
          law.addMomentTangent(true, kdp, mmP);
        }
        for (let m = 0; m < 9; m++) { xR[m] = 0; xP[m] = 0; yR[m] = 0; yP[m] = 0; }
        addProduct(xR, A, nnR, UNIT, 0);
        addProduct(xP, A, nnP, UNIT, 0);
        addSkewMulInto(yR, strains.gammaBar, nnR, -1);
        addSkewMulInto(yP, strains.gammaBar, nnP, -1);
        addSkewMulInto(yP, strains.kappaBar, mmP, -1);
        if (cross) addSkewMulInto(yR, strains.kappaBar, mmR, -1);
        if (geometric) {
          interpolation.addRotationDerivativeTimes(g, this.force, xP);
          addSkewMulInto(yR, this.force, gr, 1);
          addSkewMulInto(yP, this.force, gp, 1);
          addSkewMulInto(yP, this.moment, kp, 1);
        }
        // blocks (r_i, r_k) += N_i' X_r, (r_i, φ_k) += N_i' X_φ, (φ_i, r_k) += N_i Y_r, (φ_i, φ_k) += N_i' m_Δ + N_i Y_φ (inlined:
        // no boxed coefficients per call)
        const col = 6 * kk;
        for (let i = 0; i < np; i++) {
          const ni = weight * rule.n[o + i], dni = weight * rule.dn[o + i];
          for (let r = 0; r < 3; r++) {
            const top = (6 * i + r) * size + col, bottom = top + 3 * size, b = 3 * r;
            target[top] += dni * xR[b]; target[top + 1] += dni * xR[b + 1]; target[top + 2] += dni * xR[b + 2];
            target[top + 3] += dni * xP[b]; target[top + 4] += dni * xP[b + 1]; target[top + 5] += dni * xP[b + 2];
            target[bottom] += ni * yR[b]; target[bottom + 1] += ni * yR[b + 1]; target[bottom + 2] += ni * yR[b + 2];
            if (cross) { target[bottom] += dni * mmR[b]; target[bottom + 1] += dni * mmR[b + 1]; target[bottom + 2] += dni * mmR[b + 2]; }
            target[bottom + 3] += dni * mmP[b]; target[bottom + 4] += dni * mmP[b + 1]; target[bottom + 5] += dni * mmP[b + 2];
            target[bottom + 3] += ni * yP[b]; target[bottom + 4] += ni * yP[b + 1]; target[bottom + 5] += ni * yP[b + 2];
          }
        }
      }
    }
  }

  /** Strain energy ∫ ψ J dξ with the internal-force quadrature (state gathered without velocities). */
  strainEnergy(): number {
    const interpolation = this.interpolation, rule = this.rule, np = interpolation.p + 1;
    let energy = 0;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const J = rule.J[e * rule.count + k];
        interpolation.section(e, rule.n, rule.dn, k * np, false);
        this.atPoint(e, k);
        energy += rule.weight[k] * J * this.law.energyDensity(interpolation.strains);
      }
    }
    return energy;
  }
}
