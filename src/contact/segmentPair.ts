/**
 * The closest points of two segments in 3D, x_A = A_0 + s a (a = A_1 − A_0) and x_B = B_0 + t b (b = B_1 − B_0) with
 * s, t ∈ [0, 1], minimizing |x_B − x_A| (a convex quadratic problem: the unconstrained minimum clamped to [0, 1] for s,
 * then t optimal for that s and clamped, then s optimal for that t and clamped, which is the constrained minimum; for
 * parallel segments s = 0 first), and the derivatives of s and t with respect to the 12 end-point coordinates
 * z = [A_0, A_1, B_0, B_1]: a parameter clamped to 0 or 1 has derivative 0, the free ones follow from differentiating
 * the stationarity conditions a·d = 0 (s free) and b·d = 0 (t free), d = x_B − x_A:
 *
 *   −(a·a) ∂s + (a·b) ∂t = −(aᵀ ∂d|_{s,t} + dᵀ ∂a),   −(a·b) ∂s + (b·b) ∂t = −(bᵀ ∂d|_{s,t} + dᵀ ∂b).
 *
 * Preallocated; no allocation per call.
 */
export class SegmentPair {
  /** Parameters of the closest points. */
  s = 0;
  t = 0;
  /** d = x_B − x_A and its length. */
  readonly d = new Float64Array(3);
  distance = 0;
  /** a = A_1 − A_0, b = B_1 − B_0. */
  readonly a = new Float64Array(3);
  readonly b = new Float64Array(3);
  /** ∂s/∂z and ∂t/∂z (12 each, z = [A_0, A_1, B_0, B_1]), written by {@link derivatives}. */
  readonly s_z = new Float64Array(12);
  readonly t_z = new Float64Array(12);

  /** The closest points of the segments [x[ia], x[ia + 3]] and [x[ib], x[ib + 3]] (end points stored consecutively in x). */
  evaluate(x: ArrayLike<number>, ia: number, ib: number): void {
    const a = this.a, b = this.b;
    let ar = 0, br = 0, aa = 0, bb = 0, ab = 0;
    for (let k = 0; k < 3; k++) {
      a[k] = x[ia + 3 + k] - x[ia + k];
      b[k] = x[ib + 3 + k] - x[ib + k];
      const r = x[ia + k] - x[ib + k];
      ar += a[k] * r; br += b[k] * r; aa += a[k] * a[k]; bb += b[k] * b[k]; ab += a[k] * b[k];
    }
    // stationarity of |r + s a − t b|²: aa s − ab t = −ar, ab s − bb t = −br
    const D = aa * bb - ab * ab;
    let s = 0, t = 0;
    if (aa === 0 && bb === 0) { s = 0; t = 0; } else if (aa === 0) {
      t = clamp(br / bb);
    } else if (bb === 0) {
      s = clamp(-ar / aa);
    } else {
      s = D > 1e-12 * aa * bb ? clamp((ab * br - bb * ar) / D) : 0;
      t = (br + s * ab) / bb;
      if (t < 0 || t > 1) {
        t = clamp(t);
        s = clamp((t * ab - ar) / aa);
      }
    }
    this.s = s; this.t = t;
    let squared = 0;
    for (let k = 0; k < 3; k++) {
      const dk = x[ib + k] + t * b[k] - x[ia + k] - s * a[k];
      this.d[k] = dk;
      squared += dk * dk;
    }
    this.distance = Math.sqrt(squared);
  }

  /** ∂s/∂z and ∂t/∂z at the last evaluate (free parameters only; 0 for clamped ones and for degenerate segments). */
  derivatives(): void {
    const { a, b, d, s, t, s_z, t_z } = this;
    s_z.fill(0); t_z.fill(0);
    const aa = a[0] * a[0] + a[1] * a[1] + a[2] * a[2], bb = b[0] * b[0] + b[1] * b[1] + b[2] * b[2], ab = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    const freeS = s > 0 && s < 1 && aa > 0, freeT = t > 0 && t < 1 && bb > 0;
    if (!freeS && !freeT) return;
    const D = aa * bb - ab * ab;
    // ∂d|_{s,t} = −(1 − s) ∂A_0 − s ∂A_1 + (1 − t) ∂B_0 + t ∂B_1; ∂a = ∂A_1 − ∂A_0, ∂b = ∂B_1 − ∂B_0
    for (let c = 0; c < 4; c++) {
      const dFixed = c === 0 ? -(1 - s) : c === 1 ? -s : c === 2 ? 1 - t : t;
      const da = c === 0 ? -1 : c === 1 ? 1 : 0, db = c === 2 ? -1 : c === 3 ? 1 : 0;
      for (let k = 0; k < 3; k++) {
        const rhs1 = -(a[k] * dFixed + d[k] * da);
        const rhs2 = -(b[k] * dFixed + d[k] * db);
        const j = 3 * c + k;
        if (freeS && freeT) {
          s_z[j] = (ab * rhs2 - bb * rhs1) / D;
          t_z[j] = (aa * rhs2 - ab * rhs1) / D;
        } else if (freeS) s_z[j] = -rhs1 / aa;
        else t_z[j] = rhs2 / bb;
      }
    }
  }
}

/** x clamped to [0, 1]. */
function clamp(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
