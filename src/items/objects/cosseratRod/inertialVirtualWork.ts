/**
 * Virtual work of the inertia forces of the rod element (seed 000, eq. 3) with the independent velocity fields (eq. 9):
 * the constant mass matrix ∫ N_i N_j A_ρ0 J dξ · I₃ (translations), ∫ N_i N_j J dξ · K_I_ρ0 (rotations), the gyroscopic
 * term ∫ N_i (ω × I ω) J dξ with ω = Σ N_j ω̄_j and its Jacobian, the kinetic energy, and the mass-proportional load
 * (gravity) A_ρ0 ∫ N_i J dξ · b; all with the inertia quadrature.
 * @module
 */

import type { ItemState, LocalMatrixAccumulator, NodeModel } from '../../../registry/capabilities.ts';
import { skewInto } from '../../../rotations/skew.ts';
import type { RodRule } from './referenceGeometry.ts';
import type { SectionLaw } from './sectionLaw.ts';

/** The inertia kernels of one rod: section law (A_ρ0, K_I_ρ0) and the inertia quadrature with its reference J. */
export class InertialVirtualWork {
  /** ∫ N_i N_j J dξ per element, (p + 1)² each. */
  private readonly massCoefficients: Float64Array;
  /** ∫ N_g J dξ per node (gravity). */
  private readonly massShape: Float64Array;
  private readonly omega = new Float64Array(3);
  private readonly inertiaOmega = new Float64Array(3);
  private readonly jacobian = new Float64Array(9);
  private readonly skew = new Float64Array(9);

  constructor(private readonly law: SectionLaw, private readonly rule: RodRule, private readonly p: number, private readonly nElements: number) {
    this.massCoefficients = new Float64Array(nElements * (p + 1) * (p + 1));
    this.massShape = new Float64Array(p * nElements + 1);
  }

  /** Mass coefficients ∫ N_i N_j J dξ and ∫ N_g J dξ from the rule's reference J (after the reference point data). */
  computeMassCoefficients(): void {
    const p = this.p, np = p + 1, rule = this.rule;
    this.massCoefficients.fill(0);
    this.massShape.fill(0);
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const wJ = rule.weight[k] * rule.J[e * rule.count + k];
        for (let i = 0; i < np; i++) {
          const ni = rule.n[k * np + i];
          this.massShape[p * e + i] += wJ * ni;
          for (let j = i; j < np; j++) this.massCoefficients[(e * np + i) * np + j] += wJ * ni * rule.n[k * np + j];
        }
      }
      for (let i = 1; i < np; i++) {
        for (let j = 0; j < i; j++) this.massCoefficients[(e * np + i) * np + j] = this.massCoefficients[(e * np + j) * np + i];
      }
    }
  }

  /** Per element and node pair (i, j): the diagonals A_ρ0 c_ij I₃ (translations) and c_ij K_I_ρ0 (rotations), c_ij = ∫ N_i N_j J dξ. */
  addMassMatrix(m: LocalMatrixAccumulator): void {
    const p = this.p, np = p + 1, J = this.law.inertiaPerLength, rhoA = this.law.massPerLength;
    for (let e = 0; e < this.nElements; e++) {
      for (let i = 0; i < np; i++) {
        const rowBase = 6 * (p * e + i);
        for (let j = 0; j < np; j++) {
          const c = this.massCoefficients[(e * np + i) * np + j];
          const colBase = 6 * (p * e + j);
          for (let d = 0; d < 3; d++) {
            m.add(rowBase + d, colBase + d, rhoA * c);
            m.add(rowBase + 3 + d, colBase + 3 + d, J[d] * c);
          }
        }
      }
    }
  }

  /** f_{r_g} += A_ρ0 ∫ N_g J dξ · b for a load per mass b. */
  massProportionalForce(loadPerMass: ArrayLike<number>, f: Float64Array): void {
    const rhoA = this.law.massPerLength;
    for (let g = 0; g < this.massShape.length; g++) {
      const c = rhoA * this.massShape[g];
      f[6 * g] += c * loadPerMass[0]; f[6 * g + 1] += c * loadPerMass[1]; f[6 * g + 2] += c * loadPerMass[2];
    }
  }

  /** ω = Σ N_j ω̄_j at point k of element e (nodal ω̄ in w). */
  private omegaAt(w: Float64Array, e: number, o: number): Float64Array {
    const p = this.p, np = p + 1, rule = this.rule, omega = this.omega;
    omega[0] = 0; omega[1] = 0; omega[2] = 0;
    for (let j = 0; j < np; j++) {
      const g = p * e + j, nj = rule.n[o + j];
      omega[0] += nj * w[3 * g]; omega[1] += nj * w[3 * g + 1]; omega[2] += nj * w[3 * g + 2];
    }
    return omega;
  }

  /** f_{φ_i} += ∫ N_i (ω × I ω) J dξ with ω = Σ N_j ω̄_j (nodal ω̄ in w). */
  addGyroscopicForces(w: Float64Array, f: Float64Array): void {
    const p = this.p, np = p + 1, rule = this.rule, I = this.law.inertiaPerLength;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const o = k * np;
        const omega = this.omegaAt(w, e, o);
        const x = omega[0], y = omega[1], z = omega[2];
        const gx = y * I[2] * z - z * I[1] * y, gy = z * I[0] * x - x * I[2] * z, gz = x * I[1] * y - y * I[0] * x;
        const wJ = rule.weight[k] * rule.J[e * rule.count + k];
        for (let i = 0; i < np; i++) {
          const row = 6 * (p * e + i) + 3, c = wJ * rule.n[o + i];
          f[row] += c * gx; f[row + 1] += c * gy; f[row + 2] += c * gz;
        }
      }
    }
  }

  /**
   * ∂(ω × Iω)/∂ω = ω̃ I − (Iω)~ of element e, distributed as factor·∫ N_i N_k (…) J dξ onto the rotation blocks of
   * target ((6(p + 1))² row-major).
   */
  addGyroscopicJacobian(w: Float64Array, e: number, factor: number, target: Float64Array): void {
    const p = this.p, np = p + 1, rule = this.rule, I = this.law.inertiaPerLength, size = 6 * np;
    const jac = this.jacobian, iw = this.inertiaOmega, sk = this.skew;
    for (let q = 0; q < rule.count; q++) {
      const o = q * np;
      const omega = this.omegaAt(w, e, o);
      skewInto(jac, omega);
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) jac[3 * r + c] *= I[c];
      iw[0] = I[0] * omega[0]; iw[1] = I[1] * omega[1]; iw[2] = I[2] * omega[2];
      skewInto(sk, iw);
      for (let c = 0; c < 9; c++) jac[c] -= sk[c];
      const wJ = factor * rule.weight[q] * rule.J[e * rule.count + q];
      for (let i = 0; i < np; i++) {
        const row = 6 * i + 3, ni = wJ * rule.n[o + i];
        for (let kk = 0; kk < np; kk++) {
          // block (φ_i, φ_k) += N_i N_k wJ · jac, inlined (no boxed coefficient per call)
          const c = ni * rule.n[o + kk];
          for (let r = 0; r < 3; r++) {
            const t = (row + r) * size + 6 * kk + 3, b = 3 * r;
            target[t] += c * jac[b]; target[t + 1] += c * jac[b + 1]; target[t + 2] += c * jac[b + 2];
          }
        }
      }
    }
  }

  /** T = ½ uᵀ M u. */
  kineticEnergy(s: ItemState, nodes: readonly NodeModel[]): number {
    const p = this.p, np = p + 1, u = s.u, I = this.law.inertiaPerLength, rhoA = this.law.massPerLength;
    let energy = 0;
    for (let e = 0; e < this.nElements; e++) {
      for (let i = 0; i < np; i++) {
        const a = nodes[p * e + i].uIndex;
        for (let j = 0; j < np; j++) {
          const b = nodes[p * e + j].uIndex, c = this.massCoefficients[(e * np + i) * np + j];
          energy += 0.5 * c * (rhoA * (u[a] * u[b] + u[a + 1] * u[b + 1] + u[a + 2] * u[b + 2])
            + I[0] * u[a + 3] * u[b + 3] + I[1] * u[a + 4] * u[b + 4] + I[2] * u[a + 5] * u[b + 5]);
        }
      }
    }
    return energy;
  }
}
