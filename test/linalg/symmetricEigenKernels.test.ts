import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { symmetricEigen } from '../../src/linalg/symmetricEigen.ts';
import { symmetricEigenKernels } from '../../src/linalg/symmetricEigenKernels.ts';
import { symmetricEigenModuleBytes, symmetricEigenModuleText } from '../../src/linalg/symmetricEigenKernelsSource.ts';
import { symmetricEigenModuleBase64 } from '../../src/linalg/symmetricEigenKernelsModule.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { mulberry32 } from './matrices.ts';

/*
 * The JavaScript loops that the WebAssembly kernels replaced (tred2, tql2 and the sort of symmetricEigen before the
 * kernels): the reference, bit for bit, for −0, subnormals, zero rows, widely scaled and repeated eigenvalues.
 */

/** The decomposition as the replaced JavaScript computed it (its loops below, unchanged but for the error). */
function referenceEigen(a: Float64Array, n: number, first: number): { values: Float64Array; vectors: Float64Array } {
  const q = new Float64Array(n * n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) q[r * n + c] = a[c * n + r];
  const values = new Float64Array(n);
  const offDiagonal = new Float64Array(n);
  if (n > 0) {
    tridiagonalize(n, q, values, offDiagonal);
    diagonalizeTridiagonal(n, q, values, offDiagonal, first);
    if (first > 0) for (let r = 0; r < n; r++) q.fill(0, r * n, r * n + first);
  }
  return { values, vectors: q };
}

const maxIterationsPerEigenvalue = 100;

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
          throw new Error(`no convergence for eigenvalue ${l}`);
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

/** Special entries: signed zeros, subnormals, the extremes of the finite range's useful part. */
const specialValues = [0, -0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, -1e-200, 1e150, -3e120, 1, -1, 0.5];

/** A random symmetric matrix with a share of special entries and, optionally, zero rows and columns. */
function specialSymmetric(n: number, share: number, zeroRows: number, scale: number, rnd: () => number): Float64Array {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const v = rnd() < share ? specialValues[Math.floor(rnd() * specialValues.length)] : scale * (2 * rnd() - 1);
      a[i * n + j] = v;
      a[j * n + i] = v;
    }
  }
  for (let z = 0; z < zeroRows; z++) {
    const k = Math.floor(rnd() * n);
    for (let j = 0; j < n; j++) { a[k * n + j] = rnd() < 0.5 ? 0 : -0; a[j * n + k] = a[k * n + j]; }
  }
  return a;
}

/** Expects symmetricEigen to equal the replaced JavaScript bit for bit (Object.is: −0 and NaN included). */
function expectAsReference(a: Float64Array, n: number, first: number): void {
  const ours = symmetricEigen(a, n, first);
  let reference: { values: Float64Array; vectors: Float64Array };
  try {
    reference = referenceEigen(a, n, first);
  } catch {
    expect(() => symmetricEigen(a, n, first)).toThrow(/QL iteration must converge/);
    return;
  }
  expect(ours.values.length).toBe(n);
  expect(ours.vectors.length).toBe(n * n);
  for (let k = 0; k < n; k++) expect(Object.is(ours.values[k], reference.values[k])).toBe(true);
  for (let k = 0; k < n * n; k++) if (!Object.is(ours.vectors[k], reference.vectors[k])) expect([k, ours.vectors[k]]).toEqual([k, reference.vectors[k]]);
}

describe('symmetricEigen kernels (WebAssembly)', () => {
  it('are a module under 4 KB that validates, and symmetricEigenKernelsModule.ts is what scripts/generateWasmKernels.ts writes now', () => {
    const bytes = symmetricEigenModuleBytes();
    // a browser's main thread compiles modules up to 4 KB synchronously
    expect(bytes.length).toBeLessThan(4096);
    expect(WebAssembly.validate(bytes)).toBe(true);
    // after a change of symmetricEigenKernelsSource.ts: npm run generate:wasm
    const file = readFileSync(new URL('../../src/linalg/symmetricEigenKernelsModule.ts', import.meta.url), 'utf8');
    expect(file).toBe(symmetricEigenModuleText());
    expect(Uint8Array.from(atob(symmetricEigenModuleBase64), (c) => c.charCodeAt(0))).toEqual(bytes);
  });

  it('decompose as the JavaScript loops, bit for bit: −0, subnormals, zero rows, scales from 1e-300 to 1e150, firstEntry', () => {
    const rnd = mulberry32(2032);
    for (const n of [1, 2, 3, 4, 5, 7, 12, 25, 45, 64]) {
      for (const share of [0, 0.05, 0.3]) {
        for (const scale of [1, 1e-300, 1e150]) {
          const a = specialSymmetric(n, share, share > 0 ? 1 + Math.floor(n / 8) : 0, scale, rnd);
          for (const first of new Set([0, Math.floor(n / 2), Math.max(n - 3, 0), n])) expectAsReference(a, n, first);
        }
      }
    }
  });

  it('decompose a diagonal matrix, a zero matrix, a −0 matrix and repeated eigenvalues as the JavaScript loops', () => {
    const n = 9;
    const diagonal = new Float64Array(n * n);
    for (let i = 0; i < n; i++) diagonal[i * n + i] = (i % 3) - 1;
    const zeros = new Float64Array(n * n);
    const negativeZeros = new Float64Array(n * n).fill(-0);
    const repeated = new Float64Array(n * n).fill(1);
    for (const a of [diagonal, zeros, negativeZeros, repeated]) for (const first of [0, 4]) expectAsReference(a, n, first);
  });

  it('reject the first non-finite entry in the order of the JavaScript check (column by column of a), with its value', () => {
    for (const bad of [NaN, Infinity, -Infinity]) {
      const a = new Float64Array(16).fill(1);
      a[2 * 4 + 1] = bad; // entry (2, 1): checked before (1, 2)
      a[1 * 4 + 3] = NaN; // entry (1, 3): checked later
      expect(() => symmetricEigen(a, 4)).toThrow(FlexdynError);
      expect(() => symmetricEigen(a, 4)).toThrow(`finite, got ${bad} at (2, 1)`);
    }
    expect(() => symmetricEigen([1, 2, 2, Number.NaN], 2)).toThrow('finite, got NaN at (1, 1)');
    expect(() => symmetricEigen({ length: 11585 * 11585 }, 11585)).toThrow('n must be at most 11584');
  });

  it('decompose plain arrays and longer inputs, leave the input unchanged, and return arrays of their own', () => {
    const rnd = mulberry32(7);
    const a = specialSymmetric(6, 0, 0, 1, rnd);
    const longer = new Float64Array(40).fill(7);
    longer.set(a);
    const before = Float64Array.from(longer);
    const first = symmetricEigen(Array.from(a), 6);
    const second = symmetricEigen(longer, 6);
    expect(longer).toEqual(before);
    expect(second.values).toEqual(first.values);
    expect(second.vectors).toEqual(first.vectors);
    symmetricEigen(specialSymmetric(6, 0, 0, 1, rnd), 6);
    expect(second.values).toEqual(first.values);
  });

  it('move to a new memory for a larger matrix instead of growing one (growing would detach the buffer)', () => {
    const small = symmetricEigenKernels(1000).memory;
    const buffer = small.buffer;
    const rnd = mulberry32(11);
    for (const n of [100, 130, 20]) expectAsReference(specialSymmetric(n, 0, 0, 1, rnd), n, 0);
    expect(buffer.byteLength).toBeGreaterThan(0);
    expect(symmetricEigenKernels(1000).memory.buffer.byteLength).toBeGreaterThanOrEqual(2 * 130 * 130 * 8);
  });
});
