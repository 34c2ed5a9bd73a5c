import type { SectionLaw, SectionStrains } from './sectionLaw.ts';

/** out(3×3) += diag(d) · b. */
export function addDiagonalTimes(out: Float64Array, d: Float64Array, b: Float64Array): void {
  for (let r = 0; r < 3; r++) {
    const f = d[r];
    out[3 * r] += f * b[3 * r]; out[3 * r + 1] += f * b[3 * r + 1]; out[3 * r + 2] += f * b[3 * r + 2];
  }
}

/**
 * The seed-000 section law (CardiLLo's and Exudyn's linear one): n = C_γ(γ − γ⁰) + D_γ γ̇, m = C_κ(κ − κ⁰) + D_κ κ̇ with
 * diagonal C_γ = diag(EA, GA₂, GA₃), C_κ = diag(GI_p, EI₂, EI₃) and viscous strain-rate damping D_γ, D_κ; γ = γ̄/J,
 * κ = κ̄/J. Energy density ½[(γ − γ⁰)ᵀC_γ(γ − γ⁰) + (κ − κ⁰)ᵀC_κ(κ − κ⁰)].
 */
export class LinearElasticSection implements SectionLaw {
  readonly massPerLength: number;
  readonly inertiaPerLength: Float64Array;
  readonly hasDamping: boolean;
  readonly momentDependsOnStrain: boolean = false;
  protected readonly cGamma: Float64Array;
  protected readonly cKappa: Float64Array;
  private readonly dGamma: Float64Array;
  private readonly dKappa: Float64Array;
  /** C_γ/J, C_κ/J, D_γ/J, D_κ/J at the prepared point (∂n/∂γ̄, ∂m/∂κ̄, ∂n/∂γ̄̇, ∂m/∂κ̄̇). */
  private readonly stiffnessN = new Float64Array(3);
  private readonly stiffnessM = new Float64Array(3);
  private readonly dampingN = new Float64Array(3);
  private readonly dampingM = new Float64Array(3);

  /** From the diagonals [EA, GA₂, GA₃], [GI_p, EI₂, EI₃], the damping diagonals, A_ρ0 and diag K_I_ρ0 (checked by the caller). */
  constructor(axialShearStiffness: ArrayLike<number>, bendingTorsionStiffness: ArrayLike<number>, axialShearDamping: ArrayLike<number>,
    bendingTorsionDamping: ArrayLike<number>, massPerLength: number, inertiaPerLength: ArrayLike<number>) {
    this.cGamma = Float64Array.from(axialShearStiffness);
    this.cKappa = Float64Array.from(bendingTorsionStiffness);
    this.dGamma = Float64Array.from(axialShearDamping);
    this.dKappa = Float64Array.from(bendingTorsionDamping);
    this.massPerLength = massPerLength;
    this.inertiaPerLength = Float64Array.from(inertiaPerLength);
    this.hasDamping = [...this.dGamma, ...this.dKappa].some((d) => d !== 0);
  }

  stress(strains: SectionStrains, withRates: boolean, n: Float64Array, m: Float64Array): void {
    const J = strains.J, o = strains.referenceOffset, gamma0 = strains.gamma0, kappa0 = strains.kappa0;
    const gammaBar = strains.gammaBar, kappaBar = strains.kappaBar;
    for (let d = 0; d < 3; d++) {
      n[d] = this.cGamma[d] * (gammaBar[d] / J - gamma0[o + d]);
      m[d] = this.cKappa[d] * (kappaBar[d] / J - kappa0[o + d]);
      if (withRates) {
        n[d] += this.dGamma[d] * strains.gammaBarDot[d] / J;
        m[d] += this.dKappa[d] * strains.kappaBarDot[d] / J;
      }
    }
  }

  energyDensity(strains: SectionStrains): number {
    const J = strains.J, o = strains.referenceOffset;
    let density = 0;
    for (let d = 0; d < 3; d++) {
      const dg = strains.gammaBar[d] / J - strains.gamma0[o + d];
      const dk = strains.kappaBar[d] / J - strains.kappa0[o + d];
      density += 0.5 * (this.cGamma[d] * dg * dg + this.cKappa[d] * dk * dk);
    }
    return density;
  }

  prepareTangent(strains: SectionStrains): void {
    const J = strains.J;
    for (let d = 0; d < 3; d++) {
      this.stiffnessN[d] = this.cGamma[d] / J;
      this.stiffnessM[d] = this.cKappa[d] / J;
      this.dampingN[d] = this.dGamma[d] / J;
      this.dampingM[d] = this.dKappa[d] / J;
    }
  }

  addForceTangent(rate: boolean, b: Float64Array, out: Float64Array): void {
    addDiagonalTimes(out, rate ? this.dampingN : this.stiffnessN, b);
  }

  addMomentTangent(rate: boolean, b: Float64Array, out: Float64Array): void {
    addDiagonalTimes(out, rate ? this.dampingM : this.stiffnessM, b);
  }

  /** m does not depend on γ̄: nothing to add. */
  addMomentStrainTangent(_b: Float64Array, _out: Float64Array): void {}
}
