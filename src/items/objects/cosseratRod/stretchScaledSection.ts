import { addDiagonalTimes, LinearElasticSection } from './linearElasticSection.ts';
import type { SectionStrains } from './sectionLaw.ts';

/** out(3×3) += M · b for M, b 3×3 row-major. */
function addMatrixTimes(out: Float64Array, m: Float64Array, b: Float64Array): void {
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) out[3 * r + c] += m[3 * r] * b[c] + m[3 * r + 1] * b[3 + c] + m[3 * r + 2] * b[6 + c];
  }
}

/**
 * PyElastica's stretch-scaled law (seed 003: A = Â/e, S = Ŝ/e, B = B̂/e² with the stretch e = ds/dŝ): the resultants
 * n = Ĉ_γ(γ − γ⁰)/e and m = Ĉ_κ(κ − κ⁰)/e³ with e = |γ| (γ = γ̄/J, κ = κ̄/J per reference arc length; PyElastica's
 * internal stress Ŝσ divided by the dilatation, its couple B̂κ̂ divided by the cube of the Voronoi dilatation), so the
 * moment depends on the stretch (∂m/∂γ̄ ≠ 0). The strain-rate damping stays D_γγ̇, D_κκ̇. Energy density
 * ½[(γ − γ⁰)ᵀĈ_γ(γ − γ⁰)/e + (κ − κ⁰)ᵀĈ_κ(κ − κ⁰)/e³]: the linear law's with the scaled stiffnesses, not a potential
 * of this law (n, m are not its gradient), as PyElastica has none either.
 */
export class StretchScaledSection extends LinearElasticSection {
  override readonly momentDependsOnStrain = true;
  /** ∂n/∂γ̄, ∂m/∂γ̄ (3×3) and the diagonal ∂m/∂κ̄ at the prepared point. */
  private readonly forceTangent = new Float64Array(9);
  private readonly momentStrainTangent = new Float64Array(9);
  private readonly momentTangent = new Float64Array(3);
  private readonly gamma = new Float64Array(3);

  /** e = |γ̄|/J, and γ into this.gamma. */
  private stretch(strains: SectionStrains): number {
    const J = strains.J, g = this.gamma;
    for (let d = 0; d < 3; d++) g[d] = strains.gammaBar[d] / J;
    return Math.hypot(g[0], g[1], g[2]);
  }

  override stress(strains: SectionStrains, withRates: boolean, n: Float64Array, m: Float64Array): void {
    super.stress(strains, withRates, n, m);
    const e = this.stretch(strains), J = strains.J, o = strains.referenceOffset;
    for (let d = 0; d < 3; d++) {
      // replace the elastic parts C(x − x⁰) by their scaled values, keep the rate parts
      const elasticN = this.cGamma[d] * (this.gamma[d] - strains.gamma0[o + d]);
      const elasticM = this.cKappa[d] * (strains.kappaBar[d] / J - strains.kappa0[o + d]);
      n[d] += elasticN * (1 / e - 1);
      m[d] += elasticM * (1 / (e * e * e) - 1);
    }
  }

  override energyDensity(strains: SectionStrains): number {
    const e = this.stretch(strains), J = strains.J, o = strains.referenceOffset;
    let forcePart = 0, momentPart = 0;
    for (let d = 0; d < 3; d++) {
      const dg = this.gamma[d] - strains.gamma0[o + d], dk = strains.kappaBar[d] / J - strains.kappa0[o + d];
      forcePart += this.cGamma[d] * dg * dg;
      momentPart += this.cKappa[d] * dk * dk;
    }
    return 0.5 * (forcePart / e + momentPart / (e * e * e));
  }

  /** ∂n/∂γ̄ = [Ĉ_γ/e − Ĉ_γ(γ − γ⁰)γᵀ/e³]/J, ∂m/∂κ̄ = Ĉ_κ/(J e³), ∂m/∂γ̄ = −3 Ĉ_κ(κ − κ⁰)γᵀ/(J e⁵). */
  override prepareTangent(strains: SectionStrains): void {
    super.prepareTangent(strains);
    const e = this.stretch(strains), J = strains.J, o = strains.referenceOffset, g = this.gamma;
    const e3 = e * e * e;
    for (let r = 0; r < 3; r++) {
      const sn = this.cGamma[r] * (g[r] - strains.gamma0[o + r]);
      const sm = this.cKappa[r] * (strains.kappaBar[r] / J - strains.kappa0[o + r]);
      for (let c = 0; c < 3; c++) {
        this.forceTangent[3 * r + c] = ((r === c ? this.cGamma[r] / e : 0) - sn * g[c] / e3) / J;
        this.momentStrainTangent[3 * r + c] = -3 * sm * g[c] / (e3 * e * e * J);
      }
      this.momentTangent[r] = this.cKappa[r] / (J * e3);
    }
  }

  override addForceTangent(rate: boolean, b: Float64Array, out: Float64Array): void {
    if (rate) super.addForceTangent(true, b, out);
    else addMatrixTimes(out, this.forceTangent, b);
  }

  override addMomentTangent(rate: boolean, b: Float64Array, out: Float64Array): void {
    if (rate) super.addMomentTangent(true, b, out);
    else addDiagonalTimes(out, this.momentTangent, b);
  }

  override addMomentStrainTangent(b: Float64Array, out: Float64Array): void {
    addMatrixTimes(out, this.momentStrainTangent, b);
  }
}
