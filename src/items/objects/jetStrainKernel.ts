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
  /** The strains' jet variable jetOffset + j is local variable offset + j, for j < count (see {@link JetStrainPoint.window}). */
  private offset = 0;
  private count: number;
  private jetOffset = 0;

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
   * variables jetOffset … jetOffset + count − 1 (Hessian stride still nVar); the others have zero derivatives. jetOffset 0:
   * a pool of count active variables (Jet2Pool.activeVariables = count); jetOffset = offset: a pool of all nVar variables
   * whose strains depend on some of them. Default: all, offset 0.
   */
  window(offset: number, count: number, jetOffset = 0): void {
    this.offset = offset;
    this.count = count;
    this.jetOffset = jetOffset;
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
    const o = this.offset, jo = this.jetOffset;
    let rate = 0;
    for (let j = 0; j < this.count; j++) rate += strain.g[jo + j] * this.rates[o + j];
    return rate;
  }

  /** Starts a point's local force / matrix (zeroed). */
  begin(): void {
    this.fLocal.fill(0);
    this.kLocal.fill(0);
  }

  /** Starts a point's local force only (zeroed; the local matrix is not used until the next {@link JetStrainPoint.begin}). */
  beginForce(): void {
    this.fLocal.fill(0);
  }

  /** Adds the generalized force of one strain with scalar "stress" σ = w (k (ε − ε_ref) + d ε̇): σ ∇ε. */
  addForce(strain: Jet2, stress: number): void {
    const o = this.offset, jo = this.jetOffset;
    for (let j = 0; j < this.count; j++) this.fLocal[o + j] += stress * strain.g[jo + j];
  }

  /**
   * Adds ∂(σ ∇ε)/∂q of one strain to the local matrix: k ∇ε⊗∇ε + σ H + d (ε̇ H + ∇ε⊗(H v̇)), with stress σ including
   * the damping part, k = w·stiffness and d = w·damping (already multiplied by the Jacobian factor).
   */
  addStiffness(strain: Jet2, stress: number, k: number, d: number): void {
    const n = this.nVar, m = this.count, o = this.offset, jo = this.jetOffset, g = strain.g, h = strain.h, kl = this.kLocal;
    if (d !== 0) {
      for (let r = 0; r < m; r++) {
        let sum = 0;
        for (let c = 0; c < m; c++) sum += h[(jo + r) * n + jo + c] * this.rates[o + c];
        this.hv[r] = sum;
      }
    }
    for (let r = 0; r < m; r++) {
      const kg = k * g[jo + r], dg = d * g[jo + r], row = (o + r) * n + o, hRow = (jo + r) * n + jo;
      // without damping no "+ 0" per entry: it could only turn a −0 sum into +0, which adds nothing to the +0 or
      // nonzero entry of kLocal either way
      if (d === 0) for (let c = 0; c < m; c++) kl[row + c] += kg * g[jo + c] + stress * h[hRow + c];
      else for (let c = 0; c < m; c++) kl[row + c] += kg * g[jo + c] + stress * h[hRow + c] + dg * this.hv[c];
    }
  }

  /** Adds d ∇ε⊗∇ε (damping matrix of one strain, d = w·damping·factor). */
  addDamping(strain: Jet2, d: number): void {
    const n = this.nVar, m = this.count, o = this.offset, jo = this.jetOffset, g = strain.g, kl = this.kLocal;
    for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) kl[(o + r) * n + o + c] += d * g[jo + r] * g[jo + c];
  }

  /** f += Bᵀ f_local over the window's rows (the others are zero since the point's begin or beginForce). */
  mapForce(f: Float64Array): void {
    const m = this.entries;
    for (let r = this.offset, end = this.offset + this.count; r < end; r++) {
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
