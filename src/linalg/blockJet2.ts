/**
 * Second-order jets that know which blocks of their gradient and Hessian can be nonzero. The variables form blocks of
 * a fixed size (e.g. the three components of one slope vector); a jet records the gradient blocks and the Hessian
 * block pairs that may be nonzero, and every operation computes only the entries in the blocks its result can reach.
 * A function of a few of the vectors (a cross product, a dot product of two of them) then costs a fraction of a dense
 * jet operation, which matters most while the code runs unoptimized (a fresh process's first solve).
 *
 * Every computed entry is the dense operation's expression on the same operands, so each nonzero entry is the same to
 * the last bit; an entry that is not computed is structurally zero, i.e. the dense operation gives ±0 there, and is
 * stored as +0. The two can differ only in the sign of a zero, which no sum with a nonzero term keeps.
 * @module
 */
import { Jet2, Jet2Pool } from './jet2.ts';

/** A Jet2 with the blocks that may be nonzero: all entries outside them are zero (kept by {@link BlockJet2Pool}). */
export class BlockJet2 extends Jet2 {
  /** Bit I: gradient block I may be nonzero. */
  gBlocks = 0;
  /** Bit I·B + J (B blocks in all): Hessian block (I, J) may be nonzero. */
  hBlocks = 0;
}

/**
 * A {@link Jet2Pool} of {@link BlockJet2} jets whose n variables form n / blockSize blocks (at most 5, so that the
 * Hessian's block pairs fit a 32-bit mask). A block only partly among the active variables is computed whole. Only the
 * operations below keep the blocks; the others of Jet2Pool build on them. Each operation writes out the same block
 * loops around its own expression on purpose: a shared loop calling the expression per entry would cost a call per
 * entry in unoptimized code, which is what these jets are meant to save.
 */
export class BlockJet2Pool extends Jet2Pool {
  /** B: blocks of variables in all. */
  private readonly blockCount: number;
  /** The mask of one row of block pairs (B bits). */
  private readonly rowBlocks: number;
  /**
   * For a gradient mask x, the block pairs (I, 0) with I in x: the pairs (I, J), I in x and J in y, are rowsOf[x] · y
   * (y < 2^B, so the rows do not overlap).
   */
  private readonly rowsOf: Int32Array;

  constructor(n: number, size: number, readonly blockSize: number) {
    super(n, size, true);
    this.blockCount = n / blockSize;
    if (!(Number.isInteger(this.blockCount) && this.blockCount <= 5)) throw new RangeError(`BlockJet2Pool: ${n} variables are not at most 5 blocks of ${blockSize}`);
    this.rowBlocks = (1 << this.blockCount) - 1;
    this.rowsOf = new Int32Array(1 << this.blockCount);
    for (let x = 0; x < this.rowsOf.length; x++) for (let I = 0; I < this.blockCount; I++) if ((x >> I & 1) !== 0) this.rowsOf[x] |= 1 << (I * this.blockCount);
  }

  protected override createJet(n: number, secondOrder: boolean): Jet2 {
    return new BlockJet2(n, secondOrder);
  }

  /** Records out's new blocks after its entries in them were written, and zeroes the entries of the blocks it leaves. */
  private settle(out: BlockJet2, gBlocks: number, hBlocks: number): void {
    const staleG = out.gBlocks & ~gBlocks, staleH = out.hBlocks & ~hBlocks;
    out.gBlocks = gBlocks;
    out.hBlocks = hBlocks;
    if ((staleG | staleH) !== 0) this.clearBlocks(out, staleG, staleH);
  }

  /**
   * Zeroes the given blocks of out. A function of its own: rare once a pool's jets hold the same quantities at every
   * evaluation, so optimized operations call it instead of inlining its loops; plain loops (no builtin call per block).
   */
  private clearBlocks(out: BlockJet2, gBlocks: number, hBlocks: number): void {
    const s = this.blockSize, B = this.blockCount, n = this.n, g = out.g, h = out.h;
    for (let I = 0; I < B; I++) {
      if ((gBlocks >> I & 1) !== 0) for (let i = I * s; i < I * s + s; i++) g[i] = 0;
      for (let J = 0; J < B; J++) {
        if ((hBlocks >> (I * B + J) & 1) === 0) continue;
        for (let i = I * s; i < I * s + s; i++) for (let k = i * n + J * s, end = k + s; k < end; k++) h[k] = 0;
      }
    }
  }

  override variable(i: number, v: number, out: BlockJet2): BlockJet2 {
    out.v = v;
    out.g.fill(0);
    out.g[i] = 1;
    if (out.hBlocks !== 0) out.h.fill(0);
    out.gBlocks = 1 << Math.floor(i / this.blockSize);
    out.hBlocks = 0;
    return out;
  }

  override constant(v: number, out: BlockJet2): BlockJet2 {
    // all blocks go: one fill each (a constant often replaces a full jet: an accumulator's start)
    out.v = v;
    if (out.gBlocks !== 0) out.g.fill(0);
    if (out.hBlocks !== 0) out.h.fill(0);
    out.gBlocks = 0;
    out.hBlocks = 0;
    return out;
  }

  override add(a: BlockJet2, b: BlockJet2, out: BlockJet2): BlockJet2 {
    const G = a.gBlocks | b.gBlocks, H = this.hess ? a.hBlocks | b.hBlocks : out.hBlocks;
    const ag = a.g, bg = b.g, og = out.g, s = this.blockSize, nb = this.m / s;
    out.v = a.v + b.v;
    for (let I = 0; I < nb; I++) if ((G >> I & 1) !== 0) for (let i = I * s, end = i + s; i < end; i++) og[i] = ag[i] + bg[i];
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, ah = a.h, bh = b.h, oh = out.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          for (let J = 0; J < nb; J++) if ((row >> J & 1) !== 0) for (let k = i * n + J * s, end = k + s; k < end; k++) oh[k] = ah[k] + bh[k];
        }
      }
    }
    this.settle(out, this.m > 0 ? G : out.gBlocks, H);
    return out;
  }

  override addScaled(a: BlockJet2, c: number, b: BlockJet2, out: BlockJet2): BlockJet2 {
    const G = a.gBlocks | b.gBlocks, H = this.hess ? a.hBlocks | b.hBlocks : out.hBlocks;
    const ag = a.g, bg = b.g, og = out.g, s = this.blockSize, nb = this.m / s;
    out.v = a.v + c * b.v;
    for (let I = 0; I < nb; I++) if ((G >> I & 1) !== 0) for (let i = I * s, end = i + s; i < end; i++) og[i] = ag[i] + c * bg[i];
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, ah = a.h, bh = b.h, oh = out.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          for (let J = 0; J < nb; J++) if ((row >> J & 1) !== 0) for (let k = i * n + J * s, end = k + s; k < end; k++) oh[k] = ah[k] + c * bh[k];
        }
      }
    }
    this.settle(out, this.m > 0 ? G : out.gBlocks, H);
    return out;
  }

  override affine(a: BlockJet2, c: number, d: number, out: BlockJet2): BlockJet2 {
    const G = a.gBlocks, H = this.hess ? a.hBlocks : out.hBlocks;
    const ag = a.g, og = out.g, s = this.blockSize, nb = this.m / s;
    out.v = c * a.v + d;
    for (let I = 0; I < nb; I++) if ((G >> I & 1) !== 0) for (let i = I * s, end = i + s; i < end; i++) og[i] = c * ag[i];
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, ah = a.h, oh = out.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          for (let J = 0; J < nb; J++) if ((row >> J & 1) !== 0) for (let k = i * n + J * s, end = k + s; k < end; k++) oh[k] = c * ah[k];
        }
      }
    }
    this.settle(out, this.m > 0 ? G : out.gBlocks, H);
    return out;
  }

  override mul(a: BlockJet2, b: BlockJet2, out: BlockJet2): BlockJet2 {
    // written in place unless out is an operand (then through tmp)
    const t = (out === a || out === b ? this.tmp : out) as BlockJet2;
    const ga = a.gBlocks, gb = b.gBlocks;
    const rows = this.rowsOf;
    const G = ga | gb, H = this.hess ? a.hBlocks | b.hBlocks | rows[ga] * gb | rows[gb] * ga : t.hBlocks;
    const av = a.v, bv = b.v, ag = a.g, bg = b.g, tg = t.g, s = this.blockSize, nb = this.m / s;
    t.v = av * bv;
    for (let I = 0; I < nb; I++) if ((G >> I & 1) !== 0) for (let i = I * s, end = i + s; i < end; i++) tg[i] = av * bg[i] + bv * ag[i];
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, ah = a.h, bh = b.h, th = t.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          const ai = ag[i], bi = bg[i];
          for (let J = 0; J < nb; J++) {
            if ((row >> J & 1) === 0) continue;
            for (let j = J * s, k = i * n + j, end = j + s; j < end; j++, k++) th[k] = av * bh[k] + bv * ah[k] + ai * bg[j] + bi * ag[j];
          }
        }
      }
    }
    this.settle(t, this.m > 0 ? G : t.gBlocks, H);
    return t === out ? out : this.copy(t, out);
  }

  override addMul(out: BlockJet2, c: number, a: BlockJet2, b: BlockJet2): BlockJet2 {
    const ga = a.gBlocks, gb = b.gBlocks;
    const rows = this.rowsOf;
    const G = out.gBlocks | ga | gb, H = this.hess ? out.hBlocks | a.hBlocks | b.hBlocks | rows[ga] * gb | rows[gb] * ga : out.hBlocks;
    const av = a.v, bv = b.v, ag = a.g, bg = b.g, og = out.g, s = this.blockSize, nb = this.m / s;
    out.v = out.v + c * (av * bv);
    for (let I = 0; I < nb; I++) if ((G >> I & 1) !== 0) for (let i = I * s, end = i + s; i < end; i++) og[i] = og[i] + c * (av * bg[i] + bv * ag[i]);
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, ah = a.h, bh = b.h, oh = out.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          const ai = ag[i], bi = bg[i];
          for (let J = 0; J < nb; J++) {
            if ((row >> J & 1) === 0) continue;
            for (let j = J * s, k = i * n + j, end = j + s; j < end; j++, k++) oh[k] = oh[k] + c * (av * bh[k] + bv * ah[k] + ai * bg[j] + bi * ag[j]);
          }
        }
      }
    }
    this.settle(out, this.m > 0 ? G : out.gBlocks, H);
    return out;
  }

  override chain(a: BlockJet2, f0: number, f1: number, f2: number, out: BlockJet2): BlockJet2 {
    const rows = this.rowsOf;
    const G = a.gBlocks, H = this.hess ? a.hBlocks | rows[G] * G : out.hBlocks;
    const ag = a.g, og = out.g, s = this.blockSize, nb = this.m / s;
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, ah = a.h, oh = out.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          const gi = f2 * ag[i];
          for (let J = 0; J < nb; J++) {
            if ((row >> J & 1) === 0) continue;
            for (let j = J * s, k = i * n + j, end = j + s; j < end; j++, k++) oh[k] = f1 * ah[k] + gi * ag[j];
          }
        }
      }
    }
    for (let I = 0; I < nb; I++) if ((G >> I & 1) !== 0) for (let i = I * s, end = i + s; i < end; i++) og[i] = f1 * ag[i];
    out.v = f0;
    this.settle(out, this.m > 0 ? G : out.gBlocks, H);
    return out;
  }

  override copy(a: BlockJet2, out: BlockJet2): BlockJet2 {
    if (a === out) return out;
    const G = a.gBlocks, H = this.hess ? a.hBlocks : out.hBlocks;
    const ag = a.g, og = out.g, s = this.blockSize, nb = this.m / s;
    out.v = a.v;
    for (let I = 0; I < nb; I++) if ((G >> I & 1) !== 0) for (let i = I * s, end = i + s; i < end; i++) og[i] = ag[i];
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, ah = a.h, oh = out.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          for (let J = 0; J < nb; J++) if ((row >> J & 1) !== 0) for (let k = i * n + J * s, end = k + s; k < end; k++) oh[k] = ah[k];
        }
      }
    }
    this.settle(out, this.m > 0 ? G : out.gBlocks, H);
    return out;
  }

  override dot3(a0: BlockJet2, a1: BlockJet2, a2: BlockJet2, b0: BlockJet2, b1: BlockJet2, b2: BlockJet2, out: BlockJet2): BlockJet2 {
    const t = (out === a0 || out === a1 || out === a2 || out === b0 || out === b1 || out === b2 ? this.tmp : out) as BlockJet2;
    const ga0 = a0.gBlocks, ga1 = a1.gBlocks, ga2 = a2.gBlocks, gb0 = b0.gBlocks, gb1 = b1.gBlocks, gb2 = b2.gBlocks;
    const rows = this.rowsOf;
    const G = ga0 | ga1 | ga2 | gb0 | gb1 | gb2;
    const H = this.hess
      ? a0.hBlocks | a1.hBlocks | a2.hBlocks | b0.hBlocks | b1.hBlocks | b2.hBlocks
        | rows[ga0] * gb0 | rows[gb0] * ga0 | rows[ga1] * gb1 | rows[gb1] * ga1 | rows[ga2] * gb2 | rows[gb2] * ga2
      : t.hBlocks;
    const a0v = a0.v, a1v = a1.v, a2v = a2.v, b0v = b0.v, b1v = b1.v, b2v = b2.v;
    const a0g = a0.g, a1g = a1.g, a2g = a2.g, b0g = b0.g, b1g = b1.g, b2g = b2.g, tg = t.g, s = this.blockSize, nb = this.m / s;
    t.v = a0v * b0v + a1v * b1v + a2v * b2v;
    for (let I = 0; I < nb; I++) {
      if ((G >> I & 1) === 0) continue;
      for (let i = I * s, end = i + s; i < end; i++) tg[i] = a0v * b0g[i] + b0v * a0g[i] + (a1v * b1g[i] + b1v * a1g[i]) + (a2v * b2g[i] + b2v * a2g[i]);
    }
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, a0h = a0.h, a1h = a1.h, a2h = a2.h, b0h = b0.h, b1h = b1.h, b2h = b2.h, th = t.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          const a0i = a0g[i], b0i = b0g[i], a1i = a1g[i], b1i = b1g[i], a2i = a2g[i], b2i = b2g[i];
          for (let J = 0; J < nb; J++) {
            if ((row >> J & 1) === 0) continue;
            for (let j = J * s, k = i * n + j, end = j + s; j < end; j++, k++) {
              th[k] = a0v * b0h[k] + b0v * a0h[k] + a0i * b0g[j] + b0i * a0g[j]
                + (a1v * b1h[k] + b1v * a1h[k] + a1i * b1g[j] + b1i * a1g[j])
                + (a2v * b2h[k] + b2v * a2h[k] + a2i * b2g[j] + b2i * a2g[j]);
            }
          }
        }
      }
    }
    this.settle(t, this.m > 0 ? G : t.gBlocks, H);
    return t === out ? out : this.copy(t, out);
  }

  override cross(a: readonly BlockJet2[], b: readonly BlockJet2[], out: readonly BlockJet2[]): readonly BlockJet2[] {
    for (let k = 0; k < 3; k++) {
      const i = (k + 1) % 3, j = (k + 2) % 3;
      this.blockMulSub(a[i], b[j], a[j], b[i], out[k]);
    }
    return out;
  }

  /** out = a b − c d, Jet2Pool's fused kernel on the blocks; out must not alias an operand. */
  private blockMulSub(a: BlockJet2, b: BlockJet2, c: BlockJet2, d: BlockJet2, out: BlockJet2): void {
    const ga = a.gBlocks, gb = b.gBlocks, gc = c.gBlocks, gd = d.gBlocks;
    const rows = this.rowsOf;
    const G = ga | gb | gc | gd;
    const H = this.hess
      ? a.hBlocks | b.hBlocks | c.hBlocks | d.hBlocks | rows[ga] * gb | rows[gb] * ga | rows[gc] * gd | rows[gd] * gc
      : out.hBlocks;
    const av = a.v, bv = b.v, cv = c.v, dv = d.v, ag = a.g, bg = b.g, cg = c.g, dg = d.g, og = out.g, s = this.blockSize, nb = this.m / s;
    out.v = av * bv + -1 * (cv * dv);
    for (let I = 0; I < nb; I++) {
      if ((G >> I & 1) === 0) continue;
      for (let i = I * s, end = i + s; i < end; i++) og[i] = av * bg[i] + bv * ag[i] + -1 * (cv * dg[i] + dv * cg[i]);
    }
    if (this.hess) {
      const n = this.n, B = this.blockCount, cols = this.rowBlocks, ah = a.h, bh = b.h, ch = c.h, dh = d.h, oh = out.h;
      for (let I = 0; I < nb; I++) {
        const row = H >> (I * B);
        if ((row & cols) === 0) continue;
        for (let i = I * s, iEnd = i + s; i < iEnd; i++) {
          const ai = ag[i], bi = bg[i], ci = cg[i], di = dg[i];
          for (let J = 0; J < nb; J++) {
            if ((row >> J & 1) === 0) continue;
            for (let j = J * s, k = i * n + j, end = j + s; j < end; j++, k++) {
              oh[k] = av * bh[k] + bv * ah[k] + ai * bg[j] + bi * ag[j] + -1 * (cv * dh[k] + dv * ch[k] + ci * dg[j] + di * cg[j]);
            }
          }
        }
      }
    }
    this.settle(out, this.m > 0 ? G : out.gBlocks, H);
  }
}
