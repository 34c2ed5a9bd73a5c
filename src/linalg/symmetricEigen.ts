/**
 * Eigenvalues and eigenvectors of a real symmetric dense matrix on Float64Array storage: Householder reduction to
 * tridiagonal form with the transformations accumulated, then the implicit QL iteration with Wilkinson-type shifts
 * on the tridiagonal matrix, rotating the accumulated basis along (the algorithm of EISPACK's tred2 and tql2, Martin,
 * Reinsch and Wilkinson, Handbook for Automatic Computation II, 1971). The arithmetic is done in the order of that
 * algorithm, so the results equal those of other faithful implementations (ml-matrix's symmetric
 * EigenvalueDecomposition) bit for bit; the storage is flat and nothing is looked up per entry.
 * @module
 */

import { FlexdynError } from '../core/errors.ts';

/** Eigen decomposition A = Σ λ_k v_k v_kᵀ of {@link symmetricEigen}. */
export interface SymmetricEigen {
  /** Eigenvalues λ_k in ascending order. */
  values: Float64Array;
  /** Orthonormal eigenvectors as rows of a row-major n × n array: v_k is entries k·n … k·n + n − 1. */
  vectors: Float64Array;
}

/**
 * QL iterations allowed for one eigenvalue before {@link symmetricEigen} gives up (EISPACK allows 30; the iteration
 * converges cubically and takes one to three on ordinary matrices).
 */
const maxIterationsPerEigenvalue = 100;

/**
 * Eigenvalues (ascending) and orthonormal eigenvectors of the symmetric n × n matrix `a` (row-major, entry (i, j) at
 * i·n + j, finite; only used as symmetric: pass an exactly symmetric matrix, e.g. (A + Aᵀ)/2). `a` is not changed.
 * With `firstEntry` > 0 only the eigenvector entries firstEntry … n − 1 are computed (the others are returned as 0):
 * the QL iteration rotates each entry index on its own, so those entries and the eigenvalues equal the full
 * decomposition's bit for bit, at a fraction of its cost when few entries are wanted.
 */
export function symmetricEigen(a: ArrayLike<number>, n: number, firstEntry = 0): SymmetricEigen {
  if (!Number.isInteger(n) || n < 0 || a.length < n * n) {
    throw new FlexdynError(`symmetricEigen: the matrix must have n × n = ${n} × ${n} entries (n a non-negative integer), got ${a.length} entries`, { parameter: 'n' });
  }
  if (!Number.isInteger(firstEntry) || firstEntry < 0 || firstEntry > n) {
    throw new FlexdynError(`symmetricEigen: firstEntry must be an integer in [0, ${n}], got ${firstEntry}`, { parameter: 'firstEntry' });
  }
  // q[r·n + c] holds entry (c, r): row k of q ends as eigenvector k, and every inner loop below runs along a row
  const q = new Float64Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const value = a[c * n + r];
      if (!Number.isFinite(value)) throw new FlexdynError(`symmetricEigen: the matrix entries must be finite, got ${value} at (${c}, ${r})`, { parameter: 'a' });
      q[r * n + c] = value;
    }
  }
  const values = new Float64Array(n);
  const offDiagonal = new Float64Array(n);
  if (n > 0) {
    tridiagonalize(n, q, values, offDiagonal);
    diagonalizeTridiagonal(n, q, values, offDiagonal, firstEntry);
    if (firstEntry > 0) for (let r = 0; r < n; r++) q.fill(0, r * n, r * n + firstEntry);
  }
  return { values, vectors: q };
}

/**
 * Householder reduction Qᵀ A Q = T (tred2): on return `diagonal` holds T's diagonal, `offDiagonal[i]` its entry (i − 1, i)
 * (offDiagonal[0] = 0) and q the orthogonal Q, stored as described in {@link symmetricEigen} (row r of q is Q's column r).
 * Rows n − 1 down to 1 are reduced one at a time; `diagonal` carries the row being reduced, scaled by its 1-norm to
 * avoid under- and overflow, and finally the Householder vectors' norms, from which Q is accumulated.
 */
function tridiagonalize(n: number, q: Float64Array, diagonal: Float64Array, offDiagonal: Float64Array): void {
  const d = diagonal, e = offDiagonal;
  for (let j = 0; j < n; j++) d[j] = q[j * n + n - 1];
  for (let i = n - 1; i > 0; i--) {
    let scale = 0;
    let h = 0;
    for (let k = 0; k < i; k++) scale = scale + Math.abs(d[k]);
    if (scale === 0) {
      // the row is already reduced: no reflection
      e[i] = d[i - 1];
      for (let j = 0; j < i; j++) {
        d[j] = q[j * n + i - 1];
        q[j * n + i] = 0;
        q[i * n + j] = 0;
      }
    } else {
      for (let k = 0; k < i; k++) {
        d[k] = d[k] / scale;
        h = h + d[k] * d[k];
      }
      let f = d[i - 1];
      let g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h = h - f * g;
      d[i - 1] = f - g;
      // p = A u / h into e (the upper triangle of the leading block, row by row)
      for (let j = 0; j < i; j++) e[j] = 0;
      for (let j = 0; j < i; j++) {
        f = d[j];
        q[i * n + j] = f;
        e[j] = productRow(q, j * n, j, i, d, e, f);
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j] = e[j] / h;
        f = f + e[j] * d[j];
      }
      // w = p − (uᵀp / 2h) u, then the rank-two update A − u wᵀ − w uᵀ
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j] = e[j] - hh * d[j];
      for (let j = 0; j < i; j++) {
        const row = j * n;
        rankTwoUpdateRow(q, row, j, i, d, e);
        d[j] = q[row + i - 1];
        q[row + i] = 0;
      }
    }
    d[i] = h;
  }
  // accumulate the reflections into Q
  for (let i = 0; i < n - 1; i++) {
    const next = (i + 1) * n;
    q[i * n + n - 1] = q[i * n + i];
    q[i * n + i] = 1;
    const h = d[i + 1];
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = q[next + k] / h;
      for (let j = 0; j <= i; j++) reflectRow(q, next, j * n, i + 1, d);
    }
    for (let k = 0; k <= i; k++) q[next + k] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = q[j * n + n - 1];
    q[j * n + n - 1] = 0;
  }
  q[(n - 1) * n + n - 1] = 1;
  e[0] = 0;
}

/*
 * The inner loops of the reduction as small functions of their own (as rotateRows): a fresh process compiles them
 * optimized after a few calls instead of running the loop nests interpreted until their on-stack replacement is ready.
 */

/**
 * Row j of the product p = A u (A the leading i × i block, upper triangle in rows j·n…, u in d): returns
 * e[j] + Σ_{k ≥ j} a_jk u_k and adds a_jk·u_j to e[k] for k > j (the lower triangle's share).
 */
function productRow(q: Float64Array, row: number, j: number, i: number, d: Float64Array, e: Float64Array, f: number): number {
  let g = e[j] + q[row + j] * f;
  for (let k = j + 1; k <= i - 1; k++) {
    g = g + q[row + k] * d[k];
    e[k] = e[k] + q[row + k] * f;
  }
  return g;
}

/** Row j (columns j … i − 1) of the rank-two update A − u wᵀ − w uᵀ (u in d, w in e). */
function rankTwoUpdateRow(q: Float64Array, row: number, j: number, i: number, d: Float64Array, e: Float64Array): void {
  const f = d[j], g = e[j];
  for (let k = j; k <= i - 1; k++) q[row + k] = q[row + k] - (f * e[k] + g * d[k]);
}

/** Applies a reflection to the first `count` entries of a row of Q: row ← row − (v·row) d, v the row at `next`. */
function reflectRow(q: Float64Array, next: number, row: number, count: number, d: Float64Array): void {
  let g = 0;
  for (let k = 0; k < count; k++) g = g + q[next + k] * q[row + k];
  for (let k = 0; k < count; k++) q[row + k] = q[row + k] - g * d[k];
}

/** √(a² + b²) without overflow or destructive underflow (scaled by the larger magnitude). */
function hypotenuse(a: number, b: number): number {
  if (Math.abs(a) > Math.abs(b)) {
    const ratio = b / a;
    return Math.abs(a) * Math.sqrt(1 + ratio * ratio);
  }
  if (b !== 0) {
    const ratio = a / b;
    return Math.abs(b) * Math.sqrt(1 + ratio * ratio);
  }
  return 0;
}

/**
 * Implicit QL iteration (tql2) on the tridiagonal matrix of {@link tridiagonalize}: each eigenvalue in turn, from the
 * top, by shifted QL sweeps over the unreduced block below it (a sub-diagonal entry counts as zero below ε times the
 * largest |d_l| + |e_l| so far), the Givens rotations applied to the rows of q (to their entries first … n − 1). Then
 * eigenvalues and rows sorted ascending.
 */
function diagonalizeTridiagonal(n: number, q: Float64Array, d: Float64Array, e: Float64Array, first: number): void {
  for (let i = 1; i < n; i++) e[i - 1] = e[i];
  e[n - 1] = 0;
  let shiftSum = 0;
  let norm = 0;
  const eps = Number.EPSILON;
  for (let l = 0; l < n; l++) {
    norm = Math.max(norm, Math.abs(d[l]) + Math.abs(e[l]));
    // the first negligible sub-diagonal entry at or below l (e[n − 1] = 0 ends the search)
    let m = l;
    while (m < n - 1 && !(Math.abs(e[m]) <= eps * norm)) m++;
    if (m > l) {
      let iterations = 0;
      do {
        if (++iterations > maxIterationsPerEigenvalue) {
          throw new FlexdynError(`symmetricEigen: the QL iteration must converge within ${maxIterationsPerEigenvalue} sweeps per eigenvalue, got none for eigenvalue ${l} of ${n}`);
        }
        // shift from the leading 2 × 2 block
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = hypotenuse(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < n; i++) d[i] = d[i] - h;
        shiftSum = shiftSum + h;
        // the QL sweep from m − 1 up to l
        p = d[m];
        let c = 1, c2 = c, c3 = c;
        const el1 = e[l + 1];
        let s = 0, s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = hypotenuse(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          rotateRows(q, i * n + first, n, n - first, c, s);
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
      } while (Math.abs(e[l]) > eps * norm);
    }
    d[l] = d[l] + shiftSum;
    e[l] = 0;
  }
  // selection sort, ascending (rows of q swapped along)
  for (let i = 0; i < n - 1; i++) {
    let k = i;
    let p = d[i];
    for (let j = i + 1; j < n; j++) {
      if (d[j] < p) {
        k = j;
        p = d[j];
      }
    }
    if (k !== i) {
      d[k] = d[i];
      d[i] = p;
      const rowI = i * n, rowK = k * n;
      for (let j = first; j < n; j++) {
        const t = q[rowI + j];
        q[rowI + j] = q[rowK + j];
        q[rowK + j] = t;
      }
    }
  }
}

/**
 * The Givens rotation of rows i and i + 1 of q (row i at `upper`, row i + 1 `n` entries further, `count` entries each):
 * row i + 1 ← s·row i + c·row i + 1, row i ← c·row i − s·row i + 1. A small function of its own, so that a fresh
 * process compiles it optimized after a few calls instead of running the QL loop nest interpreted until its on-stack
 * replacement is ready.
 */
function rotateRows(q: Float64Array, upper: number, n: number, count: number, c: number, s: number): void {
  const lower = upper + n;
  for (let k = 0; k < count; k++) {
    const t = q[lower + k];
    q[lower + k] = s * q[upper + k] + c * t;
    q[upper + k] = c * q[upper + k] - s * t;
  }
}
