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
  private readonly tmp: Jet2;
  private computeHessians: boolean;

  constructor(readonly n: number, size: number, readonly secondOrder = true) {
    this.jets = Array.from({ length: size }, () => new Jet2(n, secondOrder));
    this.triples = Array.from({ length: size }, () => [this.jets[0], this.jets[0], this.jets[0]]);
    this.tmp = new Jet2(n, secondOrder);
    this.computeHessians = secondOrder;
  }

  /** Compute Hessians (false: values and gradients only); only second-order pools can. */
  get hessians(): boolean {
    return this.computeHessians;
  }

  set hessians(value: boolean) {
    if (value && !this.secondOrder) throw new Error('Jet2Pool: a first-order pool has no Hessians');
    this.computeHessians = value;
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
    if (this.hessians) out.h.fill(0);
    return out;
  }

  /** out = a + b. */
  add(a: Jet2, b: Jet2, out: Jet2): Jet2 {
    out.v = a.v + b.v;
    for (let i = 0; i < this.n; i++) out.g[i] = a.g[i] + b.g[i];
    if (this.hessians) for (let i = 0; i < this.n * this.n; i++) out.h[i] = a.h[i] + b.h[i];
    return out;
  }

  /** out = a + c b. */
  addScaled(a: Jet2, c: number, b: Jet2, out: Jet2): Jet2 {
    out.v = a.v + c * b.v;
    for (let i = 0; i < this.n; i++) out.g[i] = a.g[i] + c * b.g[i];
    if (this.hessians) for (let i = 0; i < this.n * this.n; i++) out.h[i] = a.h[i] + c * b.h[i];
    return out;
  }

  /** out = c a + d (a constant d). */
  affine(a: Jet2, c: number, d: number, out: Jet2): Jet2 {
    out.v = c * a.v + d;
    for (let i = 0; i < this.n; i++) out.g[i] = c * a.g[i];
    if (this.hessians) for (let i = 0; i < this.n * this.n; i++) out.h[i] = c * a.h[i];
    return out;
  }

  /** out = a b. */
  mul(a: Jet2, b: Jet2, out: Jet2): Jet2 {
    const n = this.n;
    const t = this.tmp;
    t.v = a.v * b.v;
    for (let i = 0; i < n; i++) t.g[i] = a.v * b.g[i] + b.v * a.g[i];
    if (this.hessians) {
      for (let i = 0; i < n; i++) {
        const ai = a.g[i], bi = b.g[i];
        for (let j = 0; j < n; j++) t.h[i * n + j] = a.v * b.h[i * n + j] + b.v * a.h[i * n + j] + ai * b.g[j] + bi * a.g[j];
      }
    }
    return this.copy(t, out);
  }

  /** out = f(a) for f with value f0, first derivative f1 and second derivative f2 at a.v. */
  chain(a: Jet2, f0: number, f1: number, f2: number, out: Jet2): Jet2 {
    const n = this.n;
    if (this.hessians) {
      for (let i = 0; i < n; i++) {
        const gi = f2 * a.g[i];
        for (let j = 0; j < n; j++) out.h[i * n + j] = f1 * a.h[i * n + j] + gi * a.g[j];
      }
    }
    for (let i = 0; i < n; i++) out.g[i] = f1 * a.g[i];
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

  /** out = atan2(y, x) (first order only: requires hessians false). */
  atan2(y: Jet2, x: Jet2, out: Jet2): Jet2 {
    if (this.hessians) throw new Error('Jet2Pool.atan2: first order only (set hessians = false)');
    const r2 = x.v * x.v + y.v * y.v;
    const fy = x.v / r2, fx = -y.v / r2;
    out.v = Math.atan2(y.v, x.v);
    for (let i = 0; i < this.n; i++) out.g[i] = fy * y.g[i] + fx * x.g[i];
    return out;
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
    out.g.set(a.g);
    if (this.hessians) out.h.set(a.h);
    return out;
  }

  /** out = a·b for jet 3-vectors. */
  dot(a: readonly Jet2[], b: readonly Jet2[], out: Jet2): Jet2 {
    const t = this.take();
    this.mul(a[0], b[0], out);
    this.add(out, this.mul(a[1], b[1], t), out);
    return this.add(out, this.mul(a[2], b[2], t), out);
  }

  /** out = a × b for jet 3-vectors (out must not alias a or b). */
  cross(a: readonly Jet2[], b: readonly Jet2[], out: readonly Jet2[]): readonly Jet2[] {
    const t = this.take();
    for (let k = 0; k < 3; k++) {
      const i = (k + 1) % 3, j = (k + 2) % 3;
      this.mul(a[i], b[j], out[k]);
      this.addScaled(out[k], -1, this.mul(a[j], b[i], t), out[k]);
    }
    return out;
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
