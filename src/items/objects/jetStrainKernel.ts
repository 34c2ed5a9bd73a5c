import type { Jet2 } from '../../linalg/jet2.ts';

/**
 * The shared part of elements whose elastic forces are Σ_points w Σ_strains (∂ε/∂q)ᵀ (k (ε − ε_ref) + d ε̇) with
 * strains ε given as second-order jets ({@link Jet2}) in a few local variables v = B q (slopes at the point), B sparse
 * with the same number of entries in every row (ObjectANCFBeam, ObjectANCFCable): the map B, the local variables
 * and their rates, and the local force, stiffness and damping matrices mapped back with Bᵀ.
 */
export class JetStrainPoint {
  /** Values of the local variables v = B e at the current point. */
  readonly values: Float64Array;
  /** Rates v̇ = B u. */
  readonly rates: Float64Array;
  private readonly column: Int32Array;
  private readonly factor: Float64Array;
  private readonly fLocal: Float64Array;
  private readonly kLocal: Float64Array;
  private readonly hv: Float64Array;
  /** The strains' jet variable j is local variable offset + j, for j < count (see {@link JetStrainPoint.window}). */
  private offset = 0;
  private count: number;

  /** nVar local variables, each a combination of `entries` element coordinates; nLocal element coordinates. */
  constructor(readonly nVar: number, readonly entries: number, readonly nLocal: number) {
    this.values = new Float64Array(nVar);
    this.rates = new Float64Array(nVar);
    this.column = new Int32Array(nVar * entries);
    this.factor = new Float64Array(nVar * entries);
    this.fLocal = new Float64Array(nVar);
    this.kLocal = new Float64Array(nVar * nVar);
    this.hv = new Float64Array(nVar);
    this.count = nVar;
  }

  /**
   * The strains that follow depend on the local variables offset … offset + count − 1 only, differentiated as jet
   * variables 0 … count − 1 (Jet2Pool.activeVariables = count; Hessian stride still nVar); the others have zero
   * derivatives. Default: all, offset 0.
   */
  window(offset: number, count: number): void {
    this.offset = offset;
    this.count = count;
  }

  /** Sets entry k of row r of B: v_r += factor · q_column. */
  set(r: number, k: number, column: number, factor: number): void {
    this.column[r * this.entries + k] = column;
    this.factor[r * this.entries + k] = factor;
  }

  /** Sets the factors of all entries of B (row-major, `entries` per row), keeping their columns. */
  setFactors(factors: Float64Array): void {
    this.factor.set(factors);
  }

  /** Computes values = B e and rates = B u from the element coordinates and velocities. */
  evaluate(e: Float64Array, u: Float64Array): void {
    const m = this.entries;
    for (let r = 0; r < this.nVar; r++) {
      let v = 0, w = 0;
      for (let k = 0; k < m; k++) {
        const c = this.column[r * m + k], f = this.factor[r * m + k];
        v += f * e[c];
        w += f * u[c];
      }
      this.values[r] = v;
      this.rates[r] = w;
    }
  }

  /** ε̇ = ∇ε · v̇ of a strain jet. */
  rate(strain: Jet2): number {
    const o = this.offset;
    let rate = 0;
    for (let j = 0; j < this.count; j++) rate += strain.g[j] * this.rates[o + j];
    return rate;
  }

  /** Starts a point's local force / matrix (zeroed). */
  begin(): void {
    this.fLocal.fill(0);
    this.kLocal.fill(0);
  }

  /** Adds the generalized force of one strain with scalar "stress" σ = w (k (ε − ε_ref) + d ε̇): σ ∇ε. */
  addForce(strain: Jet2, stress: number): void {
    const o = this.offset;
    for (let j = 0; j < this.count; j++) this.fLocal[o + j] += stress * strain.g[j];
  }

  /**
   * Adds ∂(σ ∇ε)/∂q of one strain to the local matrix: k ∇ε⊗∇ε + σ H + d (ε̇ H + ∇ε⊗(H v̇)), with stress σ including
   * the damping part, k = w·stiffness and d = w·damping (already multiplied by the Jacobian factor).
   */
  addStiffness(strain: Jet2, stress: number, k: number, d: number): void {
    const n = this.nVar, m = this.count, o = this.offset, g = strain.g, h = strain.h, kl = this.kLocal;
    if (d !== 0) {
      for (let r = 0; r < m; r++) {
        let sum = 0;
        for (let c = 0; c < m; c++) sum += h[r * n + c] * this.rates[o + c];
        this.hv[r] = sum;
      }
    }
    for (let r = 0; r < m; r++) {
      const kg = k * g[r], dg = d * g[r], row = (o + r) * n + o;
      for (let c = 0; c < m; c++) kl[row + c] += kg * g[c] + stress * h[r * n + c] + (d !== 0 ? dg * this.hv[c] : 0);
    }
  }

  /** Adds d ∇ε⊗∇ε (damping matrix of one strain, d = w·damping·factor). */
  addDamping(strain: Jet2, d: number): void {
    const n = this.nVar, m = this.count, o = this.offset, g = strain.g, kl = this.kLocal;
    for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) kl[(o + r) * n + o + c] += d * g[r] * g[c];
  }

  /** f += Bᵀ f_local. */
  mapForce(f: Float64Array): void {
    const m = this.entries;
    for (let r = 0; r < this.nVar; r++) {
      const value = this.fLocal[r];
      for (let k = 0; k < m; k++) f[this.column[r * m + k]] += this.factor[r * m + k] * value;
    }
  }

  /**
   * out += Bᵀ K_local B (nLocal × nLocal row-major). Only the window's rows and columns of K_local are read: the others
   * are zero since {@link JetStrainPoint.begin}, whose entries the loop skipped anyway.
   */
  mapMatrix(out: Float64Array): void {
    const m = this.entries, n = this.nVar, nl = this.nLocal, first = this.offset, end = this.offset + this.count;
    for (let r = first; r < end; r++) {
      for (let a = 0; a < m; a++) {
        const row = this.column[r * m + a], fr = this.factor[r * m + a];
        if (fr === 0) continue;
        for (let c = first; c < end; c++) {
          const value = fr * this.kLocal[r * n + c];
          if (value === 0) continue;
          for (let b = 0; b < m; b++) out[row * nl + this.column[c * m + b]] += value * this.factor[c * m + b];
        }
      }
    }
  }
}
