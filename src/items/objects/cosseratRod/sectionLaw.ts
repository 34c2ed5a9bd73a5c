/**
 * The cross-section law of the Cosserat rod: what the rod kernels ask of a material at one quadrature point —
 * stresses n, m (resultant force and moment in the cross-section frame) from the strains, their tangents, the strain
 * energy density, and the inertia of the section. A new material (or a law a new formulation needs) implements
 * {@link SectionLaw} in one file; the rod item builds it from its parameters.
 * @module
 */

/**
 * Strain state at one point (seed 000, before eq. 1 and eq. 7): the unscaled strains γ̄ = Aᵀr_ξ and κ̄ = j⁻¹(Skw(AᵀA_ξ))
 * per dξ and their rates, written by the interpolation, and the reference data of the point (J = |r⁰_ξ|, γ⁰, κ⁰ per
 * reference arc length), set by the kernel with {@link SectionStrains.atReference}. The objective strains are γ = γ̄/J
 * and κ = κ̄/J.
 */
export class SectionStrains {
  /** γ̄ = Aᵀr_ξ. */
  readonly gammaBar = new Float64Array(3);
  /** κ̄ = j⁻¹(Skw(AᵀA_ξ)). */
  readonly kappaBar = new Float64Array(3);
  /** γ̄̇ (written only where rates are evaluated). */
  readonly gammaBarDot = new Float64Array(3);
  /** κ̄̇ (written only where rates are evaluated). */
  readonly kappaBarDot = new Float64Array(3);
  /** J = |r⁰_ξ| at the point. */
  J = 1;
  /** Holds γ⁰ of the point at {@link SectionStrains.referenceOffset}. */
  gamma0: Float64Array = new Float64Array(3);
  /** Holds κ⁰ of the point at {@link SectionStrains.referenceOffset}. */
  kappa0: Float64Array = new Float64Array(3);
  /** Offset of the point's γ⁰ and κ⁰ in gamma0 and kappa0. */
  referenceOffset = 0;

  /**
   * Sets the reference data of point `index` of a rule: J = J[index], γ⁰ = gamma0[3·index..], κ⁰ = kappa0[3·index..] (arrays and
   * an integer index, not a double argument: a call that is not inlined passes no boxed double).
   */
  atReference(J: Float64Array, gamma0: Float64Array, kappa0: Float64Array, index: number): void {
    this.J = J[index];
    this.referenceOffset = 3 * index;
    // the arrays change only between rules: skip the reference stores (and their write barriers) per point
    if (this.gamma0 !== gamma0) this.gamma0 = gamma0;
    if (this.kappa0 !== kappa0) this.kappa0 = kappa0;
  }
}

/**
 * A cross-section law: stresses n = n(γ, γ̇) and m = m(κ, κ̇) in the cross-section frame (the resultant force depends
 * on the axial and shear strains, the moment on curvature and torsion and, for PyElastica's stretch-scaled law, on the
 * stretch: the cross tangent ∂m/∂γ̄),
 * and the section's inertia. All methods are allocation-free.
 */
export interface SectionLaw {
  /** Mass per reference length A_ρ0 [kg/m] (mass matrix, gravity, kinetic energy). */
  readonly massPerLength: number;
  /** Diagonal of the cross-section inertia per reference length K_I_ρ0 [kg m] (rotational mass, gyroscopic term). */
  readonly inertiaPerLength: Float64Array;
  /** True when the stresses depend on the strain rates (viscous damping): the kernels then evaluate the rates. */
  readonly hasDamping: boolean;
  /** Writes n and m at the point of `strains`; with withRates the rate-dependent parts too (rates evaluated). */
  stress(strains: SectionStrains, withRates: boolean, n: Float64Array, m: Float64Array): void;
  /** Strain energy per reference arc length ψ(γ, κ) at the point of `strains` (rates are not read). */
  energyDensity(strains: SectionStrains): number;
  /** Prepares the tangents at the point of `strains` for the add…Tangent calls that follow (once per point). */
  prepareTangent(strains: SectionStrains): void;
  /** out += ∂n/∂γ̄ · b (rate false) or ∂n/∂γ̄̇ · b (rate true) at the prepared point; b and out 3×3 row-major. */
  addForceTangent(rate: boolean, b: Float64Array, out: Float64Array): void;
  /** out += ∂m/∂κ̄ · b (rate false) or ∂m/∂κ̄̇ · b (rate true) at the prepared point; b and out 3×3 row-major. */
  addMomentTangent(rate: boolean, b: Float64Array, out: Float64Array): void;
  /** True when m depends on γ̄ (the stretch-scaled law): the kernels then add ∂m/∂γ̄ through addMomentStrainTangent. */
  readonly momentDependsOnStrain: boolean;
  /** out += ∂m/∂γ̄ · b at the prepared point (only called when momentDependsOnStrain); b and out 3×3 row-major. */
  addMomentStrainTangent(b: Float64Array, out: Float64Array): void;
}
