/**
 * Second-order forward differentiation: a {@link Jet2} carries a value with its gradient and Hessian with respect to
 * n independent variables. Elements use it for strain measures whose second derivatives (for analytic stiffness
 * matrices) are long to write by hand; a {@link Jet2Pool} preallocates all jets so that evaluation does not allocate.
 * @module
 */

/** A scalar with gradient g (n) and symmetric Hessian h (n × n, row-major) with respect to n variables. */
export class Jet2 {
  v = 0;
  readonly g: Float64Array;
  readonly h: Float64Array;

  /** secondOrder false: no Hessian storage (first-order pools). */
  constructor(readonly n: number, secondOrder = true) {
    this.g = new Float64Array(n);
    this.h = new Float64Array(secondOrder ? n * n : 0);
  }
}

/**
 * A fixed set of preallocated jets and the operations on them (results written into a given jet, which may be one of
 * the operands). With `hessians` false only values and gradients are computed; a first-order pool (secondOrder false)
 * stores no Hessians at all. Evaluations run one at a time, so one pool may serve all elements of a type.
 */
export class Jet2Pool {
  private readonly jets: Jet2[];
  private next = 0;
  private reserved = 0;
  private readonly triples: Jet2[][];
  private nextTriple = 0;
  private reservedTriples = 0;
  protected readonly tmp: Jet2;
  private computeHessians: boolean;
  /** Variables differentiated: the first `active` of the n (see {@link Jet2Pool.activeVariables}). */
  private active: number;
  /** Gradient entries computed per operation: active, or 0 while {@link Jet2Pool.derivatives} is false. */
  protected m: number;
  /** Hessians computed per operation (computeHessians and derivatives). */
  protected hess: boolean;

  constructor(readonly n: number, size: number, readonly secondOrder = true) {
    this.jets = Array.from({ length: size }, () => this.createJet(n, secondOrder));
    this.triples = Array.from({ length: size }, () => [this.jets[0], this.jets[0], this.jets[0]]);
    this.tmp = this.createJet(n, secondOrder);
    this.computeHessians = secondOrder;
    this.active = n;
    this.m = n;
    this.hess = secondOrder;
  }

  /** A new jet of the pool (called by the constructor: a subclass's jets may carry more). */
  protected createJet(n: number, secondOrder: boolean): Jet2 {
    return new Jet2(n, secondOrder);
  }

  /** Compute Hessians (false: values and gradients only); only second-order pools can. */
  get hessians(): boolean {
    return this.computeHessians;
  }

  set hessians(value: boolean) {
    if (value && !this.secondOrder) throw new Error('Jet2Pool: a first-order pool has no Hessians');
    this.computeHessians = value;
    this.hess = value && this.m > 0;
  }

  /**
   * Compute gradients (and Hessians if {@link Jet2Pool.hessians}); false: values only, for a residual that needs no
   * derivatives (the values are the same operations either way, so they are bit-identical).
   */
  get derivatives(): boolean {
    return this.m > 0;
  }

  set derivatives(value: boolean) {
    this.m = value ? this.active : 0;
    this.hess = value && this.computeHessians;
  }

  /**
   * Differentiate with respect to the first `count` variables only (default n): gradient entries ≥ count and Hessian
   * rows and columns ≥ count are neither computed nor valid. For a function of a few of the variables, numbered first;
   * each computed entry is the same operations as with all n, so it is the same to the last bit.
   */
  get activeVariables(): number {
    return this.active;
  }

  set activeVariables(count: number) {
    if (!(Number.isInteger(count) && count >= 0 && count <= this.n)) throw new RangeError(`Jet2Pool.activeVariables: expected an integer in [0, ${this.n}], got ${count}`);
    this.active = count;
    if (this.m > 0) this.m = count;
  }

  /** Frees all jets and triples taken since the last {@link Jet2Pool.reserve} (or all, without one). */
  reset(): void {
    this.next = this.reserved;
    this.nextTriple = this.reservedTriples;
  }

  /** Keeps the jets and triples taken so far (e.g. the independent variables) across resets. */
  reserve(): void {
    this.reserved = this.next;
    this.reservedTriples = this.nextTriple;
  }

  /** A free jet (throws when the pool is exhausted: a programming error, the size is fixed per element). */
  take(): Jet2 {
    if (this.next >= this.jets.length) throw new Error(`Jet2Pool: more than ${this.jets.length} jets taken`);
    return this.jets[this.next++];
  }

  /** out = variable i with value v (gradient e_i, Hessian 0). */
  variable(i: number, v: number, out: Jet2): Jet2 {
    out.v = v;
    out.g.fill(0);
    out.g[i] = 1;
    if (this.hess) out.h.fill(0);
    return out;
  }

  /** out = the constant v (gradient and Hessian 0); a caller may then set entries of a sparse gradient itself. */
  constant(v: number, out: Jet2): Jet2 {
    out.v = v;
    const og = out.g;
    for (let i = 0, m = this.m; i < m; i++) og[i] = 0;
    if (this.hess) {
      const oh = out.h;
      for (let i = 0, n = this.n, m = this.m; i < m; i++) for (let k = i * n, end = k + m; k < end; k++) oh[k] = 0;
    }
    return out;
  }

  /** out = a + b. */
  add(a: Jet2, b: Jet2, out: Jet2): Jet2 {
    out.v = a.v + b.v;
    const og = out.g, ag = a.g, bg = b.g;
    for (let i = 0, m = this.m; i < m; i++) og[i] = ag[i] + bg[i];
    if (this.hess) {
      const oh = out.h, ah = a.h, bh = b.h;
      for (let i = 0, n = this.n, m = this.m; i < m; i++) for (let k = i * n, end = k + m; k < end; k++) oh[k] = ah[k] + bh[k];
    }
    return out;
  }

  /** out = a + c b. */
  addScaled(a: Jet2, c: number, b: Jet2, out: Jet2): Jet2 {
    out.v = a.v + c * b.v;
    const og = out.g, ag = a.g, bg = b.g;
    for (let i = 0, m = this.m; i < m; i++) og[i] = ag[i] + c * bg[i];
    if (this.hess) {
      const oh = out.h, ah = a.h, bh = b.h;
      for (let i = 0, n = this.n, m = this.m; i < m; i++) for (let k = i * n, end = k + m; k < end; k++) oh[k] = ah[k] + c * bh[k];
    }
    return out;
  }

  /** out = c a + d (a constant d). */
  affine(a: Jet2, c: number, d: number, out: Jet2): Jet2 {
    out.v = c * a.v + d;
    const og = out.g, ag = a.g;
    for (let i = 0, m = this.m; i < m; i++) og[i] = c * ag[i];
    if (this.hess) {
      const oh = out.h, ah = a.h;
      for (let i = 0, n = this.n, m = this.m; i < m; i++) for (let k = i * n, end = k + m; k < end; k++) oh[k] = c * ah[k];
    }
    return out;
  }

  /** out = a b. */
  mul(a: Jet2, b: Jet2, out: Jet2): Jet2 {
    // written in place unless out is an operand (then through tmp)
    const t = out === a || out === b ? this.tmp : out;
    const av = a.v, bv = b.v, ag = a.g, bg = b.g, tg = t.g, m = this.m;
    t.v = av * bv;
    for (let i = 0; i < m; i++) tg[i] = av * bg[i] + bv * ag[i];
    if (this.hess) {
      const n = this.n, ah = a.h, bh = b.h, th = t.h;
      for (let i = 0; i < m; i++) {
        const ai = ag[i], bi = bg[i];
        for (let j = 0; j < m; j++) th[i * n + j] = av * bh[i * n + j] + bv * ah[i * n + j] + ai * bg[j] + bi * ag[j];
      }
    }
    return t === out ? out : this.copy(t, out);
  }

  /**
   * out = out + c (a b) in one pass: the operations of mul into a temporary and addScaled (add for c = 1, since 1·x = x),
   * so the same result to the last bit; out must not alias a or b.
   */
  addMul(out: Jet2, c: number, a: Jet2, b: Jet2): Jet2 {
    const av = a.v, bv = b.v, ag = a.g, bg = b.g, og = out.g, m = this.m;
    out.v = out.v + c * (av * bv);
    for (let i = 0; i < m; i++) og[i] = og[i] + c * (av * bg[i] + bv * ag[i]);
    if (this.hess) {
      const n = this.n, ah = a.h, bh = b.h, oh = out.h;
      for (let i = 0; i < m; i++) {
        const ai = ag[i], bi = bg[i];
        for (let j = 0; j < m; j++) {
          const k = i * n + j;
          oh[k] = oh[k] + c * (av * bh[k] + bv * ah[k] + ai * bg[j] + bi * ag[j]);
        }
      }
    }
    return out;
  }

  /** out = f(a) for f with value f0, first derivative f1 and second derivative f2 at a.v. */
  chain(a: Jet2, f0: number, f1: number, f2: number, out: Jet2): Jet2 {
    const n = this.n, m = this.m, og = out.g, ag = a.g;
    if (this.hess) {
      const oh = out.h, ah = a.h;
      for (let i = 0; i < m; i++) {
        const gi = f2 * ag[i];
        for (let j = 0; j < m; j++) oh[i * n + j] = f1 * ah[i * n + j] + gi * ag[j];
      }
    }
    for (let i = 0; i < m; i++) og[i] = f1 * ag[i];
    out.v = f0;
    return out;
  }

  /** out = sin a. */
  sin(a: Jet2, out: Jet2): Jet2 {
    const sn = Math.sin(a.v);
    return this.chain(a, sn, Math.cos(a.v), -sn, out);
  }

  /** out = cos a. */
  cos(a: Jet2, out: Jet2): Jet2 {
    const c = Math.cos(a.v);
    return this.chain(a, c, -Math.sin(a.v), -c, out);
  }

  /** out = a/b. */
  div(a: Jet2, b: Jet2, out: Jet2): Jet2 {
    const t = this.take();
    return this.mul(a, this.inverse(b, t), out);
  }

  /** out = Σ_k c_k a^k (Horner; c[0] the constant). */
  polynomial(a: Jet2, c: readonly number[], out: Jet2): Jet2 {
    const t = this.take();
    this.affine(a, 0, c[c.length - 1], t);
    for (let k = c.length - 2; k >= 0; k--) this.affine(this.mul(t, a, t), 1, c[k], t);
    return this.copy(t, out);
  }

  /** out = √a. */
  sqrt(a: Jet2, out: Jet2): Jet2 {
    const r = Math.sqrt(a.v);
    return this.chain(a, r, 0.5 / r, -0.25 / (r * a.v), out);
  }

  /** out = 1/√a. */
  inverseSqrt(a: Jet2, out: Jet2): Jet2 {
    const r = 1 / Math.sqrt(a.v);
    return this.chain(a, r, -0.5 * r / a.v, 0.75 * r / (a.v * a.v), out);
  }

  /** out = 1/a. */
  inverse(a: Jet2, out: Jet2): Jet2 {
    const r = 1 / a.v;
    return this.chain(a, r, -r * r, 2 * r * r * r, out);
  }

  /** out = a. */
  copy(a: Jet2, out: Jet2): Jet2 {
    if (a === out) return out;
    out.v = a.v;
    const n = this.n, m = this.m;
    if (m === n) {
      out.g.set(a.g);
      if (this.hess) out.h.set(a.h);
      return out;
    }
    const og = out.g, ag = a.g;
    for (let i = 0; i < m; i++) og[i] = ag[i];
    if (this.hess) {
      const oh = out.h, ah = a.h;
      for (let i = 0; i < m; i++) for (let k = i * n, end = k + m; k < end; k++) oh[k] = ah[k];
    }
    return out;
  }

  /** out = a·b for jet 3-vectors. */
  dot(a: readonly Jet2[], b: readonly Jet2[], out: Jet2): Jet2 {
    return this.dot3(a[0], a[1], a[2], b[0], b[1], b[2], out);
  }

  /**
   * out = a0 b0 + a1 b1 + a2 b2 in one pass (the operations and their order of three products and two sums, so the
   * result equals mul, add, add to the last bit); out may be an operand.
   */
  dot3(a0: Jet2, a1: Jet2, a2: Jet2, b0: Jet2, b1: Jet2, b2: Jet2, out: Jet2): Jet2 {
    const t = out === a0 || out === a1 || out === a2 || out === b0 || out === b1 || out === b2 ? this.tmp : out;
    const a0v = a0.v, a1v = a1.v, a2v = a2.v, b0v = b0.v, b1v = b1.v, b2v = b2.v;
    const a0g = a0.g, a1g = a1.g, a2g = a2.g, b0g = b0.g, b1g = b1.g, b2g = b2.g, tg = t.g, m = this.m;
    t.v = a0v * b0v + a1v * b1v + a2v * b2v;
    for (let i = 0; i < m; i++) tg[i] = a0v * b0g[i] + b0v * a0g[i] + (a1v * b1g[i] + b1v * a1g[i]) + (a2v * b2g[i] + b2v * a2g[i]);
    if (this.hess) {
      const n = this.n, a0h = a0.h, a1h = a1.h, a2h = a2.h, b0h = b0.h, b1h = b1.h, b2h = b2.h, th = t.h;
      for (let i = 0; i < m; i++) {
        const a0i = a0g[i], b0i = b0g[i], a1i = a1g[i], b1i = b1g[i], a2i = a2g[i], b2i = b2g[i];
        for (let j = 0; j < m; j++) {
          const k = i * n + j;
          th[k] = a0v * b0h[k] + b0v * a0h[k] + a0i * b0g[j] + b0i * a0g[j]
            + (a1v * b1h[k] + b1v * a1h[k] + a1i * b1g[j] + b1i * a1g[j])
            + (a2v * b2h[k] + b2v * a2h[k] + a2i * b2g[j] + b2i * a2g[j]);
        }
      }
    }
    return t === out ? out : this.copy(t, out);
  }

  /** out = a × b for jet 3-vectors (out must not alias a or b). */
  cross(a: readonly Jet2[], b: readonly Jet2[], out: readonly Jet2[]): readonly Jet2[] {
    for (let k = 0; k < 3; k++) {
      const i = (k + 1) % 3, j = (k + 2) % 3;
      this.mulSub(a[i], b[j], a[j], b[i], out[k]);
    }
    return out;
  }

  /** out = a b − c d in one pass (the operations of mul, mul and addScaled with −1, so the same result to the last bit); out must not alias an operand. */
  private mulSub(a: Jet2, b: Jet2, c: Jet2, d: Jet2, out: Jet2): void {
    const av = a.v, bv = b.v, cv = c.v, dv = d.v, ag = a.g, bg = b.g, cg = c.g, dg = d.g, og = out.g, m = this.m;
    out.v = av * bv + -1 * (cv * dv);
    for (let i = 0; i < m; i++) og[i] = av * bg[i] + bv * ag[i] + -1 * (cv * dg[i] + dv * cg[i]);
    if (this.hess) {
      const n = this.n, ah = a.h, bh = b.h, ch = c.h, dh = d.h, oh = out.h;
      for (let i = 0; i < m; i++) {
        const ai = ag[i], bi = bg[i], ci = cg[i], di = dg[i];
        for (let j = 0; j < m; j++) {
          const k = i * n + j;
          oh[k] = av * bh[k] + bv * ah[k] + ai * bg[j] + bi * ag[j] + -1 * (cv * dh[k] + dv * ch[k] + ci * dg[j] + di * cg[j]);
        }
      }
    }
  }

  /** Three free jets (a 3-vector, a preallocated array). */
  vector(): Jet2[] {
    return this.triple(this.take(), this.take(), this.take());
  }

  /** A preallocated array holding a, b, c (a 3-vector of existing jets). */
  triple(a: Jet2, b: Jet2, c: Jet2): Jet2[] {
    if (this.nextTriple >= this.triples.length) throw new Error(`Jet2Pool: more than ${this.triples.length} triples taken`);
    const t = this.triples[this.nextTriple++];
    t[0] = a; t[1] = b; t[2] = c;
    return t;
  }
}
