/**
 * Mixed (Hellinger–Reissner) internal virtual work of the rod element: the section force n and moment m are fields of
 * their own, discontinuous between elements, of degree p − 1 in each element (Herrmann, Harsch, Eugster et al. 2025),
 * represented by their values at the p Gauss points of the element — the points of the internal-force quadrature, so
 * the stress "mass" matrix ∫ N^σ_a N^σ_b J dξ of that quadrature is diagonal. With σ_k = (n_k, m_k) at point k, weight
 * w_k and the linear elastic law (C, D diagonal) the two residuals are
 *   rod rows (eqs. 1, 8):  f_{r_i} = Σ_k w_k N_i' A n_k,  f_{φ_i} = Σ_k w_k [N_i' m_k − N_i(γ̄ × n_k + κ̄ × m_k)],
 *   stress rows:           g_k = w_k [C_γ γ̄ − J C_γ γ⁰ + D_γ γ̄̇ − J n_k ; C_κ κ̄ − J C_κ κ⁰ + D_κ κ̄̇ − J m_k]
 * (the weak compatibility ∫ τ·(ε − C⁻¹(σ − D ε̇)) J dξ = 0 for every stress τ, scaled by C so that its residual is a force,
 * comparable with the rod rows). A constrained component (shear-rigid: n₂, n₃; inextensible: n₁) has zero compliance:
 * its row is g = w_k C (ε − ε⁰)·J, its stress a Lagrange multiplier (no −J σ, no damping term).
 * The stresses are Newton unknowns: this is what lets Newton take the load in one or two steps for slender rods (the
 * condensed form σ = C Π(ε) is, with this quadrature, the displacement element with reduced integration, see
 * docs/decisions.md). All arrays preallocated; nothing is allocated per call.
 * @module
 */

import { addSkewMulInto } from '../../../rotations/skew.ts';
import type { RodInterpolation } from './interpolation.ts';
import type { RodRule } from './referenceGeometry.ts';

/** Names of the constrained variants of the mixed rod (the `constraints` parameter of ObjectCosseratRod). */
export const rodConstraintNames = ['none', 'shearRigid', 'inextensible', 'kirchhoff'] as const;
/** One of {@link rodConstraintNames}. */
export type RodConstraintName = typeof rodConstraintNames[number];

/** Per stress component (n₁, n₂, n₃, m₁, m₂, m₃): true when it is a Lagrange multiplier of the constraint variant. */
export function constrainedComponents(constraints: RodConstraintName): boolean[] {
  const shear = constraints === 'shearRigid' || constraints === 'kirchhoff';
  const axial = constraints === 'inextensible' || constraints === 'kirchhoff';
  return [axial, shear, shear, false, false, false];
}

/** The mixed internal-force kernels of one rod (p Gauss points per element, linear elastic section law). */
export class MixedVirtualWork {
  /** Stress unknowns per element, 6 per Gauss point. */
  readonly stressesPerElement: number;
  /** C per component (n then m) and D per component; constrained components get no damping. */
  private readonly stiffness = new Float64Array(6);
  private readonly damping = new Float64Array(6);
  /** 1 for a component with compliance (−J σ in its row), 0 for a constrained one. */
  private readonly compliant = new Float64Array(6);
  readonly hasDamping: boolean;
  private readonly xP = new Float64Array(9);
  private readonly yR = new Float64Array(9);
  private readonly yP = new Float64Array(9);
  private readonly n = new Float64Array(3);
  private readonly m = new Float64Array(3);

  /**
   * @param axialShear [EA, GA₂, GA₃], bendingTorsion [GI_p, EI₂, EI₃], the damping diagonals D_γ, D_κ (checked by the caller)
   * @param constrained per component, from {@link constrainedComponents}
   */
  constructor(private readonly interpolation: RodInterpolation, private readonly rule: RodRule, private readonly nElements: number,
    axialShear: ArrayLike<number>, bendingTorsion: ArrayLike<number>, axialShearDamping: ArrayLike<number>, bendingTorsionDamping: ArrayLike<number>,
    constrained: readonly boolean[]) {
    if (rule.count !== interpolation.p) throw new Error(`MixedVirtualWork needs the p-point rule, got ${rule.count} points for p = ${interpolation.p}`);
    this.stressesPerElement = 6 * rule.count;
    for (let c = 0; c < 3; c++) {
      this.stiffness[c] = axialShear[c];
      this.stiffness[3 + c] = bendingTorsion[c];
      this.damping[c] = constrained[c] ? 0 : axialShearDamping[c];
      this.damping[3 + c] = constrained[3 + c] ? 0 : bendingTorsionDamping[c];
    }
    for (let c = 0; c < 6; c++) this.compliant[c] = constrained[c] ? 0 : 1;
    this.hasDamping = this.damping.some((d) => d !== 0);
  }

  /**
   * f[rod rows] += f_int and f[stressRow + …] += g for the stresses sigma[sigmaOffset + 6(p·e + k) + c] (the interpolation
   * gathered the state, with velocities when the rod has damping).
   */
  addForces(sigma: ArrayLike<number>, sigmaOffset: number, f: Float64Array, stressRow: number): void {
    const interpolation = this.interpolation, rule = this.rule, p = interpolation.p, np = p + 1, A = interpolation.aMat;
    const strains = interpolation.strains, gb = strains.gammaBar, kb = strains.kappaBar, gd = strains.gammaBarDot, kd = strains.kappaBarDot;
    const { stiffness, damping, compliant, n, m } = this, rates = this.hasDamping;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const o = k * np, point = e * rule.count + k, s = sigmaOffset + 6 * point;
        interpolation.section(e, rule.n, rule.dn, o, false);
        if (rates) interpolation.sectionRates(e, rule.n, rule.dn, o);
        for (let d = 0; d < 3; d++) { n[d] = sigma[s + d]; m[d] = sigma[s + 3 + d]; }
        const an0 = A[0] * n[0] + A[1] * n[1] + A[2] * n[2];
        const an1 = A[3] * n[0] + A[4] * n[1] + A[5] * n[2];
        const an2 = A[6] * n[0] + A[7] * n[1] + A[8] * n[2];
        const c0 = gb[1] * n[2] - gb[2] * n[1] + kb[1] * m[2] - kb[2] * m[1];
        const c1 = gb[2] * n[0] - gb[0] * n[2] + kb[2] * m[0] - kb[0] * m[2];
        const c2 = gb[0] * n[1] - gb[1] * n[0] + kb[0] * m[1] - kb[1] * m[0];
        const weight = rule.weight[k];
        for (let i = 0; i < np; i++) {
          const row = 6 * (p * e + i), ni = weight * rule.n[o + i], dni = weight * rule.dn[o + i];
          f[row] += dni * an0; f[row + 1] += dni * an1; f[row + 2] += dni * an2;
          f[row + 3] += dni * m[0] - ni * c0; f[row + 4] += dni * m[1] - ni * c1; f[row + 5] += dni * m[2] - ni * c2;
        }
        const J = rule.J[point], g = stressRow + 6 * point;
        for (let d = 0; d < 3; d++) {
          let gn = stiffness[d] * (gb[d] - J * rule.gamma0[3 * point + d]) - compliant[d] * J * n[d];
          let gm = stiffness[3 + d] * (kb[d] - J * rule.kappa0[3 * point + d]) - compliant[3 + d] * J * m[d];
          if (rates) { gn += damping[d] * gd[d]; gm += damping[3 + d] * kd[d]; }
          f[g + d] += weight * gn;
          f[g + 3 + d] += weight * gm;
        }
      }
    }
  }

  /**
   * Adds factor·∂(f_int, g)/∂Δ (geometric = true: rod increments Δr_i, body-fixed Δφ_i and the stresses; incl. the
   * q-dependence of the damping terms) or factor·∂(f_int, g)/∂u (geometric = false: damping only) of element e to target,
   * row-major of size (6(p + 1) + 6p)²: the element's rod coordinates first, then its 6p stresses (point k, component c
   * at 6(p + 1) + 6k + c). The state is gathered; sigma as in {@link MixedVirtualWork.addForces}.
   */
  addElementJacobian(e: number, sigma: ArrayLike<number>, sigmaOffset: number, factor: number, geometric: boolean, target: Float64Array): void {
    const interpolation = this.interpolation, rule = this.rule, p = interpolation.p, np = p + 1, nRod = 6 * np;
    const size = nRod + this.stressesPerElement, A = interpolation.aMat, strains = interpolation.strains;
    const gb = strains.gammaBar, kb = strains.kappaBar;
    const { stiffness, damping, compliant, n, m, xP, yR, yP } = this;
    const rates = this.hasDamping;
    if (!geometric && !rates) return;
    const { gr, gp, kp, gdr, gdp, kdp } = interpolation;
    for (let k = 0; k < rule.count; k++) {
      const o = k * np, point = e * rule.count + k, s = sigmaOffset + 6 * point, weight = factor * rule.weight[k];
      interpolation.section(e, rule.n, rule.dn, o, false);
      if (rates && geometric) interpolation.sectionRates(e, rule.n, rule.dn, o);
      for (let d = 0; d < 3; d++) { n[d] = sigma[s + d]; m[d] = sigma[s + 3 + d]; }
      const stressCol = nRod + 6 * k;
      for (let kk = 0; kk < np; kk++) {
        const g = p * e + kk, col = 6 * kk;
        interpolation.strainDerivatives(g, rule.n, rule.dn, o + kk);
        if (geometric) {
          // rod rows at fixed stresses: (r_i, φ_k) += N_i' ∂(A n)/∂Δφ_k, (φ_i, ·) += N_i (ñ Γ + m̃ K)
          xP.fill(0); yR.fill(0); yP.fill(0);
          interpolation.addRotationDerivativeTimes(g, n, xP);
          addSkewMulInto(yR, n, gr, 1);
          addSkewMulInto(yP, n, gp, 1);
          addSkewMulInto(yP, m, kp, 1);
          for (let i = 0; i < np; i++) {
            const ni = weight * rule.n[o + i], dni = weight * rule.dn[o + i];
            for (let r = 0; r < 3; r++) {
              const top = (6 * i + r) * size + col, bottom = top + 3 * size, b = 3 * r;
              target[top + 3] += dni * xP[b]; target[top + 4] += dni * xP[b + 1]; target[top + 5] += dni * xP[b + 2];
              target[bottom] += ni * yR[b]; target[bottom + 1] += ni * yR[b + 1]; target[bottom + 2] += ni * yR[b + 2];
              target[bottom + 3] += ni * yP[b]; target[bottom + 4] += ni * yP[b + 1]; target[bottom + 5] += ni * yP[b + 2];
            }
          }
        }
        // stress rows of point k against node kk: w (C ∂ε̄/∂Δ + D ∂ε̄̇/∂Δ) (geometric) or w D ∂ε̄̇/∂u = w D ∂ε̄/∂Δ (rates)
        if (geometric && rates) interpolation.strainRateDerivatives(g, rule.n, rule.dn, o + kk);
        for (let r = 0; r < 3; r++) {
          const rowN = (stressCol + r) * size + col, rowM = rowN + 3 * size, b = 3 * r;
          const cn = weight * (geometric ? stiffness[r] : damping[r]), cm = weight * (geometric ? stiffness[3 + r] : damping[3 + r]);
          for (let c = 0; c < 3; c++) {
            target[rowN + c] += cn * gr[b + c];
            target[rowN + 3 + c] += cn * gp[b + c];
            target[rowM + 3 + c] += cm * kp[b + c];
          }
          if (geometric && rates) {
            const dn = weight * damping[r], dm = weight * damping[3 + r];
            for (let c = 0; c < 3; c++) {
              target[rowN + c] += dn * gdr[b + c];
              target[rowN + 3 + c] += dn * gdp[b + c];
              target[rowM + 3 + c] += dm * kdp[b + c];
            }
          }
        }
      }
      if (!geometric) continue;
      // rod rows against the stresses of point k: ∂f_{r_i}/∂n = N_i' A, ∂f_{φ_i}/∂n = −N_i γ̄~, ∂f_{φ_i}/∂m = N_i' I − N_i κ̄~
      for (let i = 0; i < np; i++) {
        const ni = weight * rule.n[o + i], dni = weight * rule.dn[o + i];
        for (let r = 0; r < 3; r++) {
          const top = (6 * i + r) * size + stressCol, bottom = top + 3 * size;
          target[top] += dni * A[3 * r]; target[top + 1] += dni * A[3 * r + 1]; target[top + 2] += dni * A[3 * r + 2];
          target[bottom + 3 + r] += dni;
        }
        // skew(v) = [[0, −v2, v1], [v2, 0, −v0], [−v1, v0, 0]]
        const b = (6 * i + 3) * size + stressCol;
        target[b + 1] += ni * gb[2]; target[b + 2] -= ni * gb[1];
        target[b + size] -= ni * gb[2]; target[b + size + 2] += ni * gb[0];
        target[b + 2 * size] += ni * gb[1]; target[b + 2 * size + 1] -= ni * gb[0];
        target[b + 4] += ni * kb[2]; target[b + 5] -= ni * kb[1];
        target[b + size + 3] -= ni * kb[2]; target[b + size + 5] += ni * kb[0];
        target[b + 2 * size + 3] += ni * kb[1]; target[b + 2 * size + 4] -= ni * kb[0];
      }
      // stress rows against their own stresses: −w J on compliant components
      const J = rule.J[point];
      for (let c = 0; c < 6; c++) target[(stressCol + c) * size + stressCol + c] -= weight * J * compliant[c];
    }
  }

  /** The stresses σ(η) of element e at its parameter η: the degree p − 1 Lagrange polynomial through the p Gauss points (n, m written). */
  stressAt(sigma: ArrayLike<number>, sigmaOffset: number, e: number, eta: number, n: Float64Array, m: Float64Array): void {
    const rule = this.rule, points = rule.points, count = rule.count;
    n.fill(0); m.fill(0);
    for (let k = 0; k < count; k++) {
      let l = 1;
      for (let j = 0; j < count; j++) if (j !== k) l *= (eta - points[j]) / (points[k] - points[j]);
      const s = sigmaOffset + 6 * (e * count + k);
      for (let d = 0; d < 3; d++) { n[d] += l * sigma[s + d]; m[d] += l * sigma[s + 3 + d]; }
    }
  }
}
