import { describe, it, expect } from 'vitest';
import { LuDecomposition, Matrix } from 'ml-matrix';
import { DenseLU, DENSE_PIVOT_TOLERANCE, type DenseLUSingular } from '../../src/linalg/denseLU.ts';
import { denseLUKernels, denseLULayout, type FactorListing, substituteInMemory } from '../../src/linalg/denseLUKernels.ts';
import { memoryPages } from '../../src/linalg/storedWasmModule.ts';
import { readFileSync } from 'node:fs';
import { denseLULargeModuleBytes, denseLUModuleBytes, denseLUModuleText } from '../../src/linalg/denseLUKernelsSource.ts';
import { denseLULargeModuleBase64, denseLUModuleBase64 } from '../../src/linalg/denseLUKernelsModule.ts';
import { signedLeb, unsignedLeb } from '../../src/linalg/wasmModule.ts';
import { denseMultiply, mulberry32, textbookSubstitution, toRows } from './matrices.ts';

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

/**
 * The large-matrix factorization (n ≥ 64) as the JavaScript that the WebAssembly kernel replaced (its row pairs as
 * single rows: the same operations per entry): profile bounds per column (lastRow), column scales of the finished U
 * rows (upperMax), the pivot row's nonzero columns, or its band [first, end) when they are one run or at least half.
 */
function referenceFactorizeLarge(a: Float64Array, n: number, swaps: Int32Array): true | DenseLUSingular {
  const tol = DENSE_PIVOT_TOLERANCE;
  const lastRow = new Int32Array(n).fill(-1);
  const upperMax = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (a[i * n + j] !== 0) lastRow[j] = i;
  for (let k = 0; k < n; k++) {
    const kk = k * n + k;
    let scale = upperMax[k];
    const candidates = lastRow[k] > k ? lastRow[k] : k;
    let p = k, search = -1;
    for (let i = k; i <= candidates; i++) { const v = Math.abs(a[i * n + k]); if (v > search) { search = v; p = i; } }
    const pmax = Math.abs(a[kk + (p - k) * n]);
    if (pmax > scale) scale = pmax;
    if (!(pmax > tol * scale) || pmax === 0) return { singularColumn: k, pivot: pmax, columnScale: scale };
    swaps[k] = p;
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = a[k * n + j]; a[k * n + j] = a[p * n + j]; a[p * n + j] = t;
        if (t !== 0 && lastRow[j] < p) lastRow[j] = p;
      }
    }
    const invPivot = 1 / a[kk];
    const rowK = k * n;
    const lastI = invPivot > 0 ? (lastRow[k] > k ? lastRow[k] : k) : n - 1;
    const columns: number[] = [];
    for (let j = k + 1; j < n; j++) if (a[rowK + j] !== 0) columns.push(j);
    for (const j of columns) { const v = Math.abs(a[rowK + j]); if (v > upperMax[j]) upperMax[j] = v; }
    const count = columns.length;
    const dense = 2 * count >= n - k - 1;
    const band = dense || (count > 0 && columns[count - 1] - columns[0] === count - 1);
    const first = dense ? k + 1 : count > 0 ? columns[0] : 0;
    const end = dense ? n : first + count;
    let lastUpdated = -1;
    for (let i = k + 1; i <= lastI; i++) {
      const rowI = i * n;
      const l = a[rowI + k] * invPivot;
      a[rowI + k] = l;
      if (l === 0) continue;
      lastUpdated = i;
      if (band) for (let j = first; j < end; j++) a[rowI + j] -= l * a[rowK + j];
      else for (const j of columns) a[rowI + j] -= l * a[rowK + j];
    }
    if (lastUpdated >= 0) for (const j of columns) if (lastRow[j] < lastUpdated) lastRow[j] = lastUpdated;
  }
  return true;
}

/**
 * y ← U⁻¹L⁻¹y over the factors' entries that are not exactly zero, row by row (the listed substitution), on the leading
 * rank×rank block of factors with the given stride (with non-finite values in y it differs from the full substitution,
 * where 0 · ∞ is NaN: as the JavaScript listing did).
 */
function referenceListedSubstitution(a: Float64Array, stride: number, rank: number, y: Float64Array): void {
  for (let i = 0; i < rank; i++) {
    let s = y[i];
    for (let j = 0; j < i; j++) if (a[i * stride + j] !== 0) s -= a[i * stride + j] * y[j];
    y[i] = s;
  }
  for (let i = rank - 1; i >= 0; i--) {
    let s = y[i];
    for (let j = i + 1; j < rank; j++) if (a[i * stride + j] !== 0) s -= a[i * stride + j] * y[j];
    y[i] = s / a[i * stride + i];
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
  const expected = (n >= 64 ? referenceFactorizeLarge : referenceFactorize)(reference, n, swaps);
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
  expect(Array.from(internals.swaps)).toEqual(Array.from(swaps));
  expect(differing(lu.matrix, reference)).toEqual([]);
  const x = new Float64Array(n);
  lu.solve(b, x);
  const full = swapped(b, internals.swaps);
  textbookSubstitution(reference, n, n, full);
  expect(differing(x, full)).toEqual([]);
  // in place, and now through the listed nonzeros when they are few
  const y = Float64Array.from(b);
  lu.solve(y, y);
  const listed = swapped(b, internals.swaps);
  if (internals.nonzeros.listed) referenceListedSubstitution(reference, n, n, listed);
  else textbookSubstitution(reference, n, n, listed);
  expect(differing(y, listed)).toEqual([]);
}

describe('DenseLU kernels (WebAssembly)', () => {
  it('writes LEB128 as the binary format defines it, and modules under 4 KB that validate', () => {
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
    for (const bytes of [denseLUModuleBytes(), denseLULargeModuleBytes()]) {
      // a browser's main thread compiles modules up to 4 KB synchronously
      expect(bytes.length).toBeLessThan(4096);
      expect(WebAssembly.validate(bytes)).toBe(true);
    }
  });

  it('loads the bytes of its source: denseLUKernelsModule.ts is what scripts/generateWasmKernels.ts writes now', () => {
    // after a change of denseLUKernelsSource.ts: npm run generate:wasm
    const file = readFileSync(new URL('../../src/linalg/denseLUKernelsModule.ts', import.meta.url), 'utf8');
    expect(file).toBe(denseLUModuleText());
    expect(Uint8Array.from(atob(denseLUModuleBase64), (c) => c.charCodeAt(0))).toEqual(denseLUModuleBytes());
    expect(Uint8Array.from(atob(denseLULargeModuleBase64), (c) => c.charCodeAt(0))).toEqual(denseLULargeModuleBytes());
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

  it('factorizes large banded and block matrices as the JavaScript did, bit for bit: profile bounds, negative pivots, specials', () => {
    const rnd = mulberry32(64);
    for (const n of [64, 65, 68, 90, 116]) {
      for (const width of [1, 3, 9, 30]) {
        for (const specialShare of [0, 0.03, 0.2]) {
          // a band (some of its entries zero or −0, diagonals of either sign) with a few far entries (fill-in, swaps)
          const a = new Float64Array(n * n);
          for (let i = 0; i < n; i++) {
            for (let j = Math.max(0, i - width); j <= Math.min(n - 1, i + width); j++) {
              const draw = rnd();
              a[i * n + j] = draw < specialShare ? specialValues[Math.floor(rnd() * specialValues.length)]
                : draw < 0.15 ? (rnd() < 0.5 ? -0 : 0) : rnd() - 0.5 + (i === j ? (rnd() < 0.3 ? -2 : 2) : 0);
            }
            if (rnd() < 0.1) a[i * n + Math.floor(rnd() * n)] = rnd() - 0.5;
          }
          const b = Float64Array.from({ length: n }, () => rnd() - 0.5);
          expectAsReference(a, n, b);
        }
      }
    }
  });

  it('reports singular columns as the JavaScript did, small and large: zero, −0, duplicated and NaN columns, a subnormal pivot', () => {
    for (const [n, density, seed] of [[6, 1, 5], [70, 0.1, 7]]) {
      const rnd = mulberry32(seed);
      const base = specialMatrix(n, density, 0, rnd);
      const cases: Array<(a: Float64Array) => void> = [
        (a) => { for (let i = 0; i < n; i++) a[i * n + 2] = 0; },
        (a) => { for (let i = 0; i < n; i++) a[i * n + 3] = -0; },
        (a) => { for (let i = 0; i < n; i++) a[i * n + 4] = a[i * n + 1]; },
        (a) => { for (let i = 0; i < n; i++) a[i * n + 0] = NaN; },
        (a) => { for (let i = 0; i < n; i++) a[i * n + n - 1] = NaN; },
        (a) => { a[0] = 5e-324; for (let i = 1; i < n; i++) a[i * n] = 0; },
      ];
      for (const [index, change] of cases.entries()) {
        const a = Float64Array.from(base);
        change(a);
        const lu = new DenseLU(n);
        lu.matrix.set(a);
        // (at n = 70 the subnormal pivot is kept: its column has no other nonzero, so it is its own scale, and the sparse
        // matrix leaves no later column singular)
        const usable = n === 70 && index === 5;
        expect(lu.factorize() === true).toBe(usable);
        expect(lu.isFactored).toBe(usable);
        expectAsReference(a, n, new Float64Array(n).fill(1));
      }
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

  it('substitutes with the leading rank×rank block of factors of another stride and address, full and listed, as the textbook', () => {
    // DenseFullPivotLU's use: the complete factors' leading block (stride n) after the first rank row swaps, and the kept
    // block's factors (stride rank) after DenseLU's arrays, without swaps; −0, subnormal and non-finite right-hand sides
    const rnd = mulberry32(2022);
    for (let trial = 0; trial < 120; trial++) {
      const n = 1 + Math.floor(rnd() * 40);
      const rank = trial % 3 === 0 ? Math.max(0, n - 1 - Math.floor(rnd() * 3)) : n;
      const stride = trial % 2 === 0 ? n : Math.max(rank, 1);
      const density = [0.05, 0.2, 0.5, 1][trial % 4];
      const layout = denseLULayout(n);
      const address = trial % 2 === 0 ? 0 : Math.ceil(layout.bytes / 8) * 8;
      const memory = new WebAssembly.Memory({ initial: memoryPages(address + n * n * 8) });
      const kernels = denseLUKernels(memory);
      const a = new Float64Array(memory.buffer, address, n * n);
      for (let i = 0; i < rank; i++) {
        for (let j = 0; j < stride; j++) a[i * stride + j] = i === j ? 1 + rnd() : rnd() < density ? rnd() - 0.5 : rnd() < 0.5 ? -0 : 0;
      }
      const swapCount = trial % 2 === 0 ? rank : 0;
      const swaps = new Int32Array(memory.buffer, layout.swaps, n);
      for (let k = 0; k < n; k++) swaps[k] = k + Math.floor(rnd() * (n - k));
      const b = Float64Array.from({ length: n }, () => rnd() < 0.1 ? specialValues[Math.floor(rnd() * specialValues.length)] : rnd() - 0.5);
      const full = Float64Array.from(b);
      for (let k = 0; k < swapCount; k++) { const p = swaps[k], t = full[k]; full[k] = full[p]; full[p] = t; }
      const listed = Float64Array.from(full);
      textbookSubstitution(Float64Array.from(a), stride, rank, full);
      referenceListedSubstitution(Float64Array.from(a), stride, rank, listed);
      const listing: FactorListing = { substitutions: 0, listed: false };
      const vector = new Float64Array(memory.buffer, layout.vector, n);
      for (let call = 0; call < 3; call++) {
        vector.set(b);
        substituteInMemory(kernels, layout, listing, rank, stride, address, swapCount);
        expect(differing(vector, listing.listed ? listed : full)).toEqual([]);
        if (call === 0) expect(listing.listed).toBe(false);
      }
      if (density <= 0.2 && rank > 10) expect(listing.listed).toBe(true);
    }
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
