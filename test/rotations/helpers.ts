/** Shared helpers of the rotation tests: a seeded random generator and matrix comparisons. */

import { mulberry32 } from '../helpers/random.ts';

/** Deterministic uniform random numbers in [0, 1) (mulberry32), so failures reproduce. */
export const makeRandom = mulberry32;

/** Uniform random number in [lo, hi). */
export function uniform(rand: () => number, lo: number, hi: number): number {
  return lo + (hi - lo) * rand();
}

/** Random vector with entries in [lo, hi). */
export function randomVector(rand: () => number, n: number, lo = -1, hi = 1): number[] {
  return Array.from({ length: n }, () => uniform(rand, lo, hi));
}

/** Random rotation vector with angle uniform in [0, maxAngle) and a uniformly random axis. */
export function randomRotationVector(rand: () => number, maxAngle: number): number[] {
  let v: number[];
  let n: number;
  do {
    v = randomVector(rand, 3);
    n = Math.hypot(v[0], v[1], v[2]);
  } while (n > 1 || n < 1e-3);
  const angle = uniform(rand, 0, maxAngle);
  return v.map((x) => (x / n) * angle);
}

/** Flattens nested rows or passes a flat array through. */
export function flat(m: ArrayLike<ArrayLike<number>> | ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < m.length; i++) {
    const row = m[i];
    if (typeof row === 'number') out.push(row);
    else for (let j = 0; j < row.length; j++) out.push(row[j]);
  }
  return out;
}

/** Largest absolute entry-wise difference of two matrices or vectors (nested or flat). */
export function maxDiff(a: ArrayLike<ArrayLike<number>> | ArrayLike<number>, b: ArrayLike<ArrayLike<number>> | ArrayLike<number>): number {
  const x = flat(a), y = flat(b);
  if (x.length !== y.length) throw new Error(`size mismatch ${x.length} vs ${y.length}`);
  let m = 0;
  for (let i = 0; i < x.length; i++) {
    const d = Math.abs(x[i] - y[i]);
    if (!(d <= m)) m = d;
  }
  return m;
}

/** Naive row-major product of an (n × k) and a (k × m) matrix, the test oracle for the kernels. */
export function naiveMul(a: number[], b: number[], n: number, k: number, m: number): number[] {
  const c = new Array<number>(n * m).fill(0);
  for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) for (let l = 0; l < k; l++) c[i * m + j] += a[i * k + l] * b[l * m + j];
  return c;
}

/** Naive transpose of a row-major (n × m) matrix. */
export function naiveTranspose(a: number[], n: number, m: number): number[] {
  const t = new Array<number>(n * m);
  for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) t[j * n + i] = a[i * m + j];
  return t;
}

/**
 * Fourth-order central difference of a matrix- or vector-valued f at t = 0 with step h:
 * (−f(2h) + 8 f(h) − 8 f(−h) + f(−2h)) / (12 h). Truncation error ≈ h⁴ |f⁽⁵⁾| / 30, rounding ≈ 1.5 ε |f| / h.
 */
export function derivative(f: (t: number) => number[], h = 1e-3): number[] {
  const a = f(2 * h), b = f(h), c = f(-h), d = f(-2 * h);
  return a.map((_, i) => (-a[i] + 8 * b[i] - 8 * c[i] + d[i]) / (12 * h));
}
