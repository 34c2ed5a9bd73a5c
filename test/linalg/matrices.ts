/**
 * Reproducible test and benchmark matrices for the linear-algebra layer (shared by
 * test/linalg and bench/linalg).
 * @module
 */

import { SparseAssembler } from '../../src/linalg/sparse.ts';
import type { CscMatrix } from '../../src/linalg/sparse.ts';
import { mulberry32 } from '../helpers/random.ts';

/** Seeded PRNG in [0, 1), re-exported for the linear-algebra tests and benchmarks. */
export { mulberry32 };

/** Random n×n row-major matrix with entries uniform in [-1, 1). */
export function randomDense(n: number, rnd: () => number): Float64Array {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) a[i] = 2 * rnd() - 1;
  return a;
}

/** Random vector with entries uniform in [-1, 1). */
export function randomVector(n: number, rnd: () => number): Float64Array {
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) v[i] = 2 * rnd() - 1;
  return v;
}

/** y = A·x for a row-major dense matrix. */
export function denseMultiply(a: Float64Array, n: number, x: Float64Array): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += a[i * n + j] * x[j];
    y[i] = s;
  }
  return y;
}

/** Dense row-major copy of a CSC matrix. */
export function cscToDense(a: CscMatrix): Float64Array {
  const n = a.n;
  const d = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) d[a.rowIndex[k] * n + j] += a.values[k];
  }
  return d;
}

/** Rows of a row-major matrix as nested arrays (for ml-matrix). */
export function toRows(a: Float64Array, n: number): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) rows.push(Array.from(a.subarray(i * n, (i + 1) * n)));
  return rows;
}

/** Callback receiving the entries of a test matrix in a fixed order. */
export type EntrySink = (row: number, col: number, value: number) => void;

/** 5-point Laplacian on an m×m grid (n = m², natural row-by-row numbering), scaled by `scale`. */
export function emitLaplacian2D(m: number, sink: EntrySink, scale: number = 1): void {
  for (let y = 0; y < m; y++) {
    for (let x = 0; x < m; x++) {
      const i = y * m + x;
      sink(i, i, 4 * scale);
      if (x > 0) sink(i, i - 1, -scale);
      if (x < m - 1) sink(i, i + 1, -scale);
      if (y > 0) sink(i, i - m, -scale);
      if (y < m - 1) sink(i, i + m, -scale);
    }
  }
}

/**
 * Saddle-point (KKT) matrix [[K, Cᵀ], [C, 0]] of a planar chain of `masses` point masses:
 * K = M/h² + springs between neighbours i, i+1 and i, i+2 (stiffness `k`), and one
 * distance constraint per mass (mass 0 to a fixed anchor, mass i to mass i-1), so the
 * dimension is 3·masses with a zero `masses`×`masses` diagonal block for the multipliers.
 * `valueSeed` perturbs the geometry (directions) to produce new values on the same pattern.
 */
export function emitSpringChainKKT(masses: number, sink: EntrySink, valueSeed: number = 1, k: number = 1e4): void {
  const rnd = mulberry32(valueSeed);
  const angle = new Float64Array(masses + 2);
  for (let i = 0; i < angle.length; i++) angle[i] = -Math.PI / 2 + 0.6 * (rnd() - 0.5);
  const px = new Float64Array(masses);
  const py = new Float64Array(masses);
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < masses; i++) {
    cx += Math.cos(angle[i]);
    cy += Math.sin(angle[i]);
    px[i] = cx;
    py[i] = cy;
  }
  const mOverH2 = 0.01 / (1e-3 * 1e-3);
  const spring = (a: number, b: number): void => {
    let dx = px[b] - px[a];
    let dy = py[b] - py[a];
    const l = Math.hypot(dx, dy);
    dx /= l;
    dy /= l;
    const kk = [k * dx * dx, k * dx * dy, k * dy * dy];
    const blk = (r: number, c: number, s: number): void => {
      sink(2 * r, 2 * c, s * kk[0]);
      sink(2 * r, 2 * c + 1, s * kk[1]);
      sink(2 * r + 1, 2 * c, s * kk[1]);
      sink(2 * r + 1, 2 * c + 1, s * kk[2]);
    };
    blk(a, a, 1);
    blk(b, b, 1);
    blk(a, b, -1);
    blk(b, a, -1);
  };
  for (let i = 0; i < masses; i++) {
    sink(2 * i, 2 * i, mOverH2);
    sink(2 * i + 1, 2 * i + 1, mOverH2);
    if (i + 1 < masses) spring(i, i + 1);
    if (i + 2 < masses) spring(i, i + 2);
  }
  const off = 2 * masses;
  for (let c = 0; c < masses; c++) {
    const ax = c === 0 ? 0 : px[c - 1];
    const ay = c === 0 ? 0 : py[c - 1];
    let dx = px[c] - ax;
    let dy = py[c] - ay;
    const l = Math.hypot(dx, dy);
    dx /= l;
    dy /= l;
    const row = off + c;
    const put = (dof: number, v: number): void => {
      sink(row, dof, v);
      sink(dof, row, v);
    };
    put(2 * c, dx);
    put(2 * c + 1, dy);
    if (c > 0) {
      put(2 * (c - 1), -dx);
      put(2 * (c - 1) + 1, -dy);
    }
  }
}

/**
 * Random sparse unsymmetric n×n matrix: about `perColumn` random off-diagonal entries
 * per column, a random permutation part (structural nonsingularity) and a diagonal that
 * is zero for a fraction `zeroDiagFraction` of the columns (forcing off-diagonal pivots).
 */
export function emitRandomSparse(n: number, perColumn: number, rnd: () => number, sink: EntrySink, zeroDiagFraction: number = 0.2): void {
  const perm = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  for (let j = 0; j < n; j++) {
    if (rnd() >= zeroDiagFraction) sink(j, j, 2 * rnd() - 1);
    sink(perm[j], j, 1 + rnd());
    for (let t = 0; t < perColumn; t++) sink(Math.floor(rnd() * n), j, 2 * rnd() - 1);
  }
}

/** Assembles the entries emitted by `emit` into a fresh CSC matrix. */
export function assemble(n: number, emit: (sink: EntrySink) => void): CscMatrix {
  const asm = new SparseAssembler(n);
  asm.begin();
  emit((r, c, v) => asm.add(r, c, v));
  return asm.end();
}

/**
 * The factors of partial pivoting as written in the textbook, in place (first largest |a_ik| as pivot, rows swapped,
 * l = a_ik·(1/pivot) stored for every row below, a_ij −= l·a_kj for every j > k of every row with l ≠ 0); returns the swaps.
 */
export function textbookFactors(a: Float64Array, n: number): Int32Array {
  const swaps = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    let p = k, pmax = -1;
    for (let i = k; i < n; i++) { const v = Math.abs(a[i * n + k]); if (v > pmax) { pmax = v; p = i; } }
    swaps[k] = p;
    for (let j = 0; j < n; j++) { const t = a[k * n + j]; a[k * n + j] = a[p * n + j]; a[p * n + j] = t; }
    const invPivot = 1 / a[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const l = a[i * n + k] * invPivot;
      a[i * n + k] = l;
      if (l !== 0) for (let j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
    }
  }
  return swaps;
}

/**
 * Forward and back substitution as written in the textbook, in place with LU factors (row-major, stride entries per
 * row): y_i −= L_ij y_j for j = 0 … i − 1, then y_i = (y_i − Σ_{j>i} U_ij y_j)/U_ii with j increasing, on the leading
 * rank×rank block.
 */
export function textbookSubstitution(a: Float64Array, stride: number, rank: number, y: Float64Array): void {
  for (let i = 0; i < rank; i++) { let s = y[i]; for (let j = 0; j < i; j++) s -= a[i * stride + j] * y[j]; y[i] = s; }
  for (let i = rank - 1; i >= 0; i--) {
    let s = y[i];
    for (let j = i + 1; j < rank; j++) s -= a[i * stride + j] * y[j];
    y[i] = s / a[i * stride + i];
  }
}
