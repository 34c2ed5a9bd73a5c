import { describe, it, expect } from 'vitest';
import { LuDecomposition, Matrix } from 'ml-matrix';
import { DenseLU, DENSE_PIVOT_TOLERANCE, type DenseLUSingular, substituteFactors } from '../../src/linalg/denseLU.ts';
import { readFileSync } from 'node:fs';
import { denseLUModuleBytes, denseLUModuleText } from '../../src/linalg/denseLUKernelsSource.ts';
import { denseLUModuleBase64 } from '../../src/linalg/denseLUKernelsModule.ts';
import { signedLeb, unsignedLeb } from '../../src/linalg/wasmModule.ts';
import { denseMultiply, mulberry32, toRows } from './matrices.ts';

/**
 * The small-matrix factorization as the JavaScript loop that the WebAssembly kernel replaced (row by row; that loop
 * paired rows, with the same operations per entry): the reference, bit for bit, for zeros, −0, subnormals, NaN and ±∞.
 */
function referenceFactorize(a: Float64Array, n: number, swaps: Int32Array): true | DenseLUSingular {
  const tol = DENSE_PIVOT_TOLERANCE;
  for (let k = 0; k < n; k++) {
    const kk = k * n + k;
    let scale = 0;
    for (let idx = k; idx < kk; idx += n) { const v = Math.abs(a[idx]); if (v > scale) scale = v; }
    let p = k, pmax = -1;
    for (let i = k, idx = kk; i < n; i++, idx += n) { const v = Math.abs(a[idx]); if (v > pmax) { pmax = v; p = i; } }
    if (pmax > scale) scale = pmax;
    if (!(pmax > tol * scale) || pmax === 0) return { singularColumn: k, pivot: pmax, columnScale: scale };
    swaps[k] = p;
    if (p !== k) for (let j = 0; j < n; j++) { const t = a[k * n + j]; a[k * n + j] = a[p * n + j]; a[p * n + j] = t; }
    const invPivot = 1 / a[kk];
    const rowK = k * n;
    const columns: number[] = [];
    for (let j = k + 1; j < n; j++) if (a[rowK + j] !== 0) columns.push(j);
    const sparseRow = 2 * columns.length < n - k - 1;
    for (let i = k + 1; i < n; i++) {
      const rowI = i * n;
      const l = a[rowI + k] * invPivot;
      a[rowI + k] = l;
      if (l === 0) continue;
      if (sparseRow) for (const j of columns) a[rowI + j] -= l * a[rowK + j];
      else for (let j = k + 1; j < n; j++) a[rowI + j] -= l * a[rowK + j];
    }
  }
  return true;
}

/** y ← U⁻¹L⁻¹y over the factors' entries that are not exactly zero, row by row (the listed substitution). */
function referenceListedSubstitution(a: Float64Array, n: number, y: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let s = y[i];
    for (let j = 0; j < i; j++) if (a[i * n + j] !== 0) s -= a[i * n + j] * y[j];
    y[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let j = i + 1; j < n; j++) if (a[i * n + j] !== 0) s -= a[i * n + j] * y[j];
    y[i] = s / a[i * n + i];
  }
}

/** P·b for the row swaps of a factorization. */
function swapped(b: Float64Array, swaps: Int32Array): Float64Array {
  const y = Float64Array.from(b);
  for (let k = 0; k < swaps.length; k++) { const p = swaps[k], t = y[k]; y[k] = y[p]; y[p] = t; }
  return y;
}

/** Indices where two arrays differ as values (Object.is: −0 ≠ 0, NaN = NaN). */
function differing(x: ArrayLike<number>, y: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (!Object.is(x[i], y[i])) out.push(i);
  return out;
}

const specialValues = [0, -0, 1, -1, 0.5, -2.5, 5e-324, -5e-324, 1e-310, 1e300, -1e300, Infinity, -Infinity, NaN];

/** An n×n matrix with the given share of nonzeros (diagonal always), some drawn from specialValues. */
function specialMatrix(n: number, density: number, specialShare: number, rnd: () => number): Float64Array {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j && rnd() >= density) { a[i * n + j] = rnd() < 0.2 ? -0 : 0; continue; }
      a[i * n + j] = rnd() < specialShare ? specialValues[Math.floor(rnd() * specialValues.length)] : rnd() - 0.5 + (i === j ? 2 : 0);
    }
  }
  return a;
}

type Internals = { swaps: Int32Array; nonzeros: { listed: boolean } };

/** Factorizes a with DenseLU and the reference, expects the same bits, and solves b twice (full, then listed if sparse). */
function expectAsReference(a: Float64Array, n: number, b: Float64Array, lu = new DenseLU(n)): void {
  lu.resize(n);
  lu.matrix.set(a);
  const result = lu.factorize();
  const reference = Float64Array.from(a);
  const swaps = new Int32Array(n);
  const expected = n >= 64 ? result : referenceFactorize(reference, n, swaps);
  if (n >= 64) reference.set(lu.matrix); // (the large path is JavaScript, unchanged: only its substitutions are checked)
  if (expected !== true || result !== true) {
    expect(result).not.toBe(true);
    expect(expected).not.toBe(true);
    const [r, e] = [result as DenseLUSingular, expected as DenseLUSingular];
    expect(r.singularColumn).toBe(e.singularColumn);
    expect(Object.is(r.pivot, e.pivot) && Object.is(r.columnScale, e.columnScale)).toBe(true);
    expect(differing(lu.matrix, reference)).toEqual([]);
    return;
  }
  const internals = lu as unknown as Internals;
  if (n < 64) expect(Array.from(internals.swaps)).toEqual(Array.from(swaps));
  expect(differing(lu.matrix, reference)).toEqual([]);
  const x = new Float64Array(n);
  lu.solve(b, x);
  const full = swapped(b, internals.swaps);
  substituteFactors(reference, n, n, full);
  expect(differing(x, full)).toEqual([]);
  // in place, and now through the listed nonzeros when they are few
  const y = Float64Array.from(b);
  lu.solve(y, y);
  const listed = swapped(b, internals.swaps);
  if (internals.nonzeros.listed) referenceListedSubstitution(reference, n, listed);
  else substituteFactors(reference, n, n, listed);
  expect(differing(y, listed)).toEqual([]);
}

describe('DenseLU kernels (WebAssembly)', () => {
  it('writes LEB128 as the binary format defines it, and a module under 4 KB that validates', () => {
    expect(unsignedLeb(0)).toEqual([0]);
    expect(unsignedLeb(127)).toEqual([0x7f]);
    expect(unsignedLeb(128)).toEqual([0x80, 0x01]);
    expect(unsignedLeb(624485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(signedLeb(-1)).toEqual([0x7f]);
    expect(signedLeb(63)).toEqual([0x3f]);
    expect(signedLeb(64)).toEqual([0xc0, 0x00]);
    expect(signedLeb(-64)).toEqual([0x40]);
    expect(signedLeb(-65)).toEqual([0xbf, 0x7f]);
    expect(signedLeb(-123456)).toEqual([0xc0, 0xbb, 0x78]);
    const bytes = denseLUModuleBytes();
    // a browser's main thread compiles modules up to 4 KB synchronously
    expect(bytes.length).toBeLessThan(4096);
    expect(WebAssembly.validate(bytes)).toBe(true);
  });

  it('loads the bytes of its source: denseLUKernelsModule.ts is what scripts/generateWasmKernels.ts writes now', () => {
    // after a change of denseLUKernelsSource.ts: npm run generate:wasm
    const file = readFileSync(new URL('../../src/linalg/denseLUKernelsModule.ts', import.meta.url), 'utf8');
    expect(file).toBe(denseLUModuleText());
    expect(Uint8Array.from(atob(denseLUModuleBase64), (c) => c.charCodeAt(0))).toEqual(denseLUModuleBytes());
  });

  it('factorizes and solves as the JavaScript loops, bit for bit: −0, subnormals, NaN, ±∞, sparse and dense pivot rows', () => {
    const rnd = mulberry32(2026);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 12, 20, 33, 63, 64, 70]) {
      for (const density of [0.05, 0.2, 0.6, 1]) {
        for (const specialShare of [0, 0.02, 0.2]) {
          const a = specialMatrix(n, density, specialShare, rnd);
          const b = new Float64Array(n);
          for (let i = 0; i < n; i++) b[i] = rnd() < specialShare ? specialValues[Math.floor(rnd() * specialValues.length)] : rnd() - 0.5;
          expectAsReference(a, n, b);
        }
      }
    }
  });

  it('reports singular columns as the JavaScript loop did: a zero column, a −0 column, a duplicated column, a NaN column', () => {
    const n = 6;
    const rnd = mulberry32(5);
    const base = specialMatrix(n, 1, 0, rnd);
    const cases: Array<(a: Float64Array) => void> = [
      (a) => { for (let i = 0; i < n; i++) a[i * n + 2] = 0; },
      (a) => { for (let i = 0; i < n; i++) a[i * n + 3] = -0; },
      (a) => { for (let i = 0; i < n; i++) a[i * n + 4] = a[i * n + 1]; },
      (a) => { for (let i = 0; i < n; i++) a[i * n + 0] = NaN; },
      (a) => { a[0] = 5e-324; for (let i = 1; i < n; i++) a[i * n] = 0; },
    ];
    for (const change of cases) {
      const a = Float64Array.from(base);
      change(a);
      const lu = new DenseLU(n);
      lu.matrix.set(a);
      expect(lu.factorize()).not.toBe(true);
      expect(lu.isFactored).toBe(false);
      expectAsReference(a, n, new Float64Array(n).fill(1));
    }
  });

  it('swaps rows as the JavaScript loop did (a zero leading entry, −0 against 0 in the pivot search)', () => {
    const a = Float64Array.from([-0, 0, 2, 0, 1, -0, 3, -0, 0.5]);
    const lu = new DenseLU(3);
    lu.matrix.set(a);
    expect(lu.factorize()).toBe(true);
    expect(Array.from((lu as unknown as Internals).swaps)).toEqual([2, 1, 2]);
    expectAsReference(a, 3, Float64Array.from([1, -0, 2]));
  });

  it('solves sparse saddle-point systems as ml-matrix does, one instance resized across sizes (memory grown, views replaced)', () => {
    const rnd = mulberry32(99);
    const lu = new DenseLU(2);
    for (const blocks of [1, 3, 2, 8, 12]) {
      const nb = 9, n = blocks * nb;
      const a = new Float64Array(n * n);
      for (let block = 0; block < blocks; block++) {
        const o = block * nb;
        for (let i = 0; i < 6; i++) a[(o + i) * n + o + i] = 2 + rnd();
        for (let c = 0; c < 3; c++) {
          for (let j = 0; j < 6; j++) {
            const g = rnd() - 0.5;
            a[(o + 6 + c) * n + o + j] = g;
            a[(o + j) * n + o + 6 + c] = g;
            if (block + 1 < blocks) a[(o + 6 + c) * n + o + nb + j] = a[(o + nb + j) * n + o + 6 + c] = rnd() - 0.5;
          }
        }
      }
      const xTrue = Float64Array.from({ length: n }, () => rnd() - 0.5);
      const b = denseMultiply(a, n, xTrue);
      expectAsReference(a, n, b, lu);
      const x = new Float64Array(n);
      lu.solve(b, x);
      const oracle = new LuDecomposition(new Matrix(toRows(a, n))).solve(Matrix.columnVector(Array.from(b))).getColumn(0);
      for (let i = 0; i < n; i++) expect(Math.abs(x[i] - oracle[i])).toBeLessThan(1e-9 * (1 + Math.abs(oracle[i])));
    }
  });
});
