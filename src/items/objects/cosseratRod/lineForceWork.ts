/**
 * State-dependent line forces on the rod (fluid drag, velocity damping): the external virtual work of seed 000, eq. 2,
 * ∫ (δrᵀ b + δφ_Kᵀ c) ds, with b and c from a {@link LineForceLaw} of the current tangent r_ξ = Σ N_i' r_i, velocity
 * v = Σ N_i v_i and body-fixed angular velocity ω̄ = Σ N_i ω̄_i (eq. 9) at the points of the inertia quadrature, and its
 * analytic Jacobians: ∂/∂u = ∫ N_i N_j (∂b/∂v, ∂c/∂ω̄) ds, ∂/∂Δr_j = ∫ N_i N_j' ∂b/∂r_ξ ds (b, c do not depend on the
 * orientation). The same for every interpolation (the fields are the Petrov–Galerkin ones); r_ξ is that of the Lagrange
 * centerline Σ N_i r_i (R12, quaternion; for SE3's linear elements the chord, which its centerline matches at the nodes).
 * @module
 */

import type { ItemState, LineForceLaw, LocalMatrixAccumulator, NodeModel } from '../../../registry/capabilities.ts';
import type { ArcLength, RodRule } from './referenceGeometry.ts';
import { zeroArray } from '../../../linalg/arrays.ts';

/** Line-force laws on one rod, integrated with the inertia quadrature. */
export class LineForceWork {
  private readonly rXi = new Float64Array(3);
  private readonly v = new Float64Array(3);
  private readonly omega = new Float64Array(3);
  private readonly b = new Float64Array(3);
  private readonly c = new Float64Array(3);
  private readonly dbdv = new Float64Array(9);
  private readonly dbdrXi = new Float64Array(9);
  private readonly dcdw = new Float64Array(9);
  /** Element matrix (6(p + 1))², row-major. */
  private readonly element: Float64Array;

  constructor(private readonly rule: RodRule, private readonly arcLengths: ArcLength, private readonly p: number, private readonly nElements: number) {
    this.element = new Float64Array(36 * (p + 1) * (p + 1));
  }

  /** r_ξ, v, ω̄ at point k of element e; evaluates the law (with derivatives when withDerivatives); returns w_k·ds/dξ. */
  private evaluate(nodes: readonly NodeModel[], s: ItemState, law: LineForceLaw, e: number, k: number, withDerivatives: boolean): number {
    const p = this.p, np = p + 1, rule = this.rule, o = k * np, q = s.q, u = s.u;
    const rXi = this.rXi, v = this.v, w = this.omega;
    // (small work arrays zeroed by loops: a TypedArray.fill call costs as much as 30 writes)
    for (let d = 0; d < 3; d++) { rXi[d] = 0; v[d] = 0; w[d] = 0; }
    for (let i = 0; i <= p; i++) {
      const node = nodes[p * e + i], ref = node.referenceCoordinates, iq = node.qIndex, iu = node.uIndex, ni = rule.n[o + i], dni = rule.dn[o + i];
      for (let d = 0; d < 3; d++) {
        rXi[d] += dni * (ref[d] + q[iq + d]);
        v[d] += ni * u[iu + d];
        w[d] += ni * u[iu + 3 + d];
      }
    }
    const index = e * rule.count + k, scale = this.arcLengths.length / this.arcLengths.referenceLength, dsdxi = rule.J[index] * scale;
    const b = this.b, c = this.c;
    for (let d = 0; d < 3; d++) { b[d] = 0; c[d] = 0; }
    if (withDerivatives) {
      const dbdv = this.dbdv, dbdrXi = this.dbdrXi, dcdw = this.dcdw;
      for (let m = 0; m < 9; m++) { dbdv[m] = 0; dbdrXi[m] = 0; dcdw[m] = 0; }
      law.evaluate(rule.arc[index] * scale, this.arcLengths.length, dsdxi, rXi, v, w, this.b, this.c, this.dbdv, this.dbdrXi, this.dcdw);
    } else {
      law.evaluate(rule.arc[index] * scale, this.arcLengths.length, dsdxi, rXi, v, w, this.b, this.c);
    }
    return rule.weight[k] * dsdxi;
  }

  /** f += factor·∫ (δrᵀ b + δφ_Kᵀ c) ds per node. */
  addForces(nodes: readonly NodeModel[], s: ItemState, law: LineForceLaw, f: Float64Array, factor: number): void {
    const p = this.p, np = p + 1, rule = this.rule, b = this.b, c = this.c;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const wds = factor * this.evaluate(nodes, s, law, e, k, false);
        for (let i = 0; i <= p; i++) {
          const row = 6 * (p * e + i), ni = wds * rule.n[k * np + i];
          for (let d = 0; d < 3; d++) { f[row + d] += ni * b[d]; f[row + 3 + d] += ni * c[d]; }
        }
      }
    }
  }

  /**
   * target += factor·∂(∫ (δrᵀ b + δφ_Kᵀ c) ds)/∂u (wrt 'u': the (r_i, r_j) and (φ_i, φ_j) blocks) or /∂Δq (wrt 'q': the
   * (r_i, r_j) blocks, only for laws that depend on the tangent), element by element, 3 × 3 blocks in a fixed sequence.
   */
  addJacobian(nodes: readonly NodeModel[], s: ItemState, law: LineForceLaw, wrt: 'q' | 'u', target: LocalMatrixAccumulator, factor: number): void {
    if (wrt === 'q' && !law.dependsOnTangent) return;
    const p = this.p, np = p + 1, size = 6 * np, rule = this.rule, m = this.element;
    for (let e = 0; e < this.nElements; e++) {
      zeroArray(m);
      for (let k = 0; k < rule.count; k++) {
        const wds = factor * this.evaluate(nodes, s, law, e, k, true), o = k * np;
        for (let i = 0; i <= p; i++) {
          const ni = wds * rule.n[o + i];
          for (let j = 0; j <= p; j++) {
            if (wrt === 'u') {
              const nij = ni * rule.n[o + j];
              addScaled3(m, 6 * i * size + 6 * j, size, nij, this.dbdv);
              addScaled3(m, (6 * i + 3) * size + 6 * j + 3, size, nij, this.dcdw);
            } else {
              addScaled3(m, 6 * i * size + 6 * j, size, ni * rule.dn[o + j], this.dbdrXi);
            }
          }
        }
      }
      const offset = 6 * p * e;
      for (let i = 0; i <= p; i++) {
        for (let j = 0; j <= p; j++) {
          target.addBlock(offset + 6 * i, offset + 6 * j, 3, 3, m, 6 * i * size + 6 * j, size, 1);
          if (wrt === 'u') target.addBlock(offset + 6 * i + 3, offset + 6 * j + 3, 3, 3, m, (6 * i + 3) * size + 6 * j + 3, size, 1);
        }
      }
    }
  }
}

/** m[at + r·stride + c] += a·x[3r + c] for a 3 × 3 block. */
function addScaled3(m: Float64Array, at: number, stride: number, a: number, x: Float64Array): void {
  for (let r = 0; r < 3; r++) {
    const row = at + r * stride;
    m[row] += a * x[3 * r]; m[row + 1] += a * x[3 * r + 1]; m[row + 2] += a * x[3 * r + 2];
  }
}
