/**
 * Shape functions and quadrature of the Cosserat rod element (seed 000, eq. 4): Lagrange
 * polynomials of degree p on p + 1 evenly spaced nodes η_i = i/p of the element parameter
 * η ∈ [0, 1], and Gauss–Legendre rules on [0, 1].
 * @module
 */

/** A quadrature rule on [0, 1]: ∫₀¹ f dη ≈ Σ w_k f(η_k). */
export interface UnitRule {
  /** Points η_k ∈ (0, 1). */
  readonly points: Float64Array;
  /** Weights w_k (sum 1). */
  readonly weights: Float64Array;
}

/**
 * Gauss–Legendre rule with n points on [0, 1] (exact for polynomials of degree 2n − 1): roots of the
 * Legendre polynomial P_n by Newton's method from Chebyshev-like initial guesses, weights 2/((1 − x²) P_n'(x)²) / 2.
 */
export function gaussLegendreUnit(n: number): UnitRule {
  const points = new Float64Array(n);
  const weights = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let x = -Math.cos(Math.PI * (k + 0.75) / (n + 0.5));
    let [pn, dpn] = legendre(n, x);
    for (let iteration = 0; iteration < 100; iteration++) {
      const step = pn / dpn;
      x -= step;
      [pn, dpn] = legendre(n, x);
      if (Math.abs(step) < 1e-16) break;
    }
    points[k] = 0.5 * (x + 1);
    weights[k] = 1 / ((1 - x * x) * dpn * dpn);
  }
  return { points, weights };
}

/** [P_n(x), P_n'(x)] by the three-term recurrence. */
function legendre(n: number, x: number): [number, number] {
  let p0 = 1;
  let p1 = x;
  for (let j = 2; j <= n; j++) {
    const p2 = ((2 * j - 1) * x * p1 - (j - 1) * p0) / j;
    p0 = p1;
    p1 = p2;
  }
  return [p1, n * (x * p1 - p0) / (x * x - 1)];
}

/**
 * Lagrange basis of degree p on the nodes η_i = i/p at η: n[o + i] = N_i(η) = Π_{j≠i} (η − η_j)/(η_i − η_j)
 * and dn[o + i] = dN_i/dη = Σ_{k≠i} 1/(η_i − η_k) Π_{j≠i,k} (η − η_j)/(η_i − η_j) (no division by η − η_k,
 * so it holds at the nodes too).
 */
export function lagrangeBasisInto(p: number, eta: number, n: Float64Array, dn: Float64Array, o: number): void {
  for (let i = 0; i <= p; i++) {
    const etaI = i / p;
    let value = 1;
    let slope = 0;
    for (let j = 0; j <= p; j++) {
      if (j === i) continue;
      const etaJ = j / p;
      const factor = (eta - etaJ) / (etaI - etaJ);
      slope = slope * factor + value / (etaI - etaJ);
      value *= factor;
    }
    n[o + i] = value;
    dn[o + i] = slope;
  }
}
