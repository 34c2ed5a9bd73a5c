import { describe, it, expect } from 'vitest';
import { SparseAssembler, cscEntry, cscFromTriplets, cscMultiply } from '../../src/linalg/sparse.ts';
import type { CscMatrix } from '../../src/linalg/sparse.ts';
import { cscToDense, mulberry32 } from './matrices.ts';

type Triplet = [number, number, number];

function assembleAll(asm: SparseAssembler, entries: Triplet[]): CscMatrix {
  asm.begin();
  for (const [r, c, v] of entries) asm.add(r, c, v);
  return asm.end();
}

function denseOf(n: number, entries: Triplet[]): Float64Array {
  const d = new Float64Array(n * n);
  for (const [r, c, v] of entries) d[r * n + c] += v;
  return d;
}

function expectValidCsc(a: CscMatrix): void {
  expect(a.colPtr[0]).toBe(0);
  for (let j = 0; j < a.n; j++) {
    for (let k = a.colPtr[j] + 1; k < a.colPtr[j + 1]; k++) expect(a.rowIndex[k]).toBeGreaterThan(a.rowIndex[k - 1]);
  }
  expect(a.rowIndex.length).toBe(a.colPtr[a.n]);
  expect(a.values.length).toBe(a.colPtr[a.n]);
}

function randomEntries(n: number, m: number, rnd: () => number): Triplet[] {
  const e: Triplet[] = [];
  for (let k = 0; k < m; k++) e.push([Math.floor(rnd() * n), Math.floor(rnd() * n), Math.round(100 * (2 * rnd() - 1)) / 8]);
  return e;
}

describe('SparseAssembler', () => {
  it('builds a sorted CSC pattern with duplicates summed', () => {
    const rnd = mulberry32(3);
    const n = 12;
    const entries = randomEntries(n, 200, rnd);
    const asm = new SparseAssembler(n, 4);
    const a = assembleAll(asm, entries);
    expectValidCsc(a);
    expect(asm.patternChanged).toBe(true);
    expect(asm.patternVersion).toBe(1);
    expect(Array.from(cscToDense(a))).toEqual(Array.from(denseOf(n, entries)));
    const distinct = new Set(entries.map(([r, c]) => r * n + c)).size;
    expect(a.colPtr[n]).toBe(distinct);
  });

  it('reuses the pattern for the same (row, col) sequence and only updates values', () => {
    const rnd = mulberry32(4);
    const n = 10;
    const entries = randomEntries(n, 80, rnd);
    const asm = new SparseAssembler(n);
    const a1 = assembleAll(asm, entries);
    const colPtr = a1.colPtr;
    const rowIndex = a1.rowIndex;
    const values = a1.values;
    const entries2: Triplet[] = entries.map(([r, c, v]) => [r, c, 3 * v - 1]);
    const a2 = assembleAll(asm, entries2);
    expect(asm.patternChanged).toBe(false);
    expect(asm.patternVersion).toBe(1);
    expect(a2).toBe(a1);
    expect(a2.colPtr).toBe(colPtr);
    expect(a2.rowIndex).toBe(rowIndex);
    expect(a2.values).toBe(values);
    expect(Array.from(cscToDense(a2))).toEqual(Array.from(denseOf(n, entries2)));
  });

  it('detects a changed position, an extra entry, a missing entry, and a return to the old pattern', () => {
    const n = 5;
    const base: Triplet[] = [
      [0, 0, 1],
      [1, 1, 2],
      [2, 2, 3],
      [3, 3, 4],
      [4, 4, 5],
      [0, 4, 1],
    ];
    const asm = new SparseAssembler(n);
    const oldRowIndex = assembleAll(asm, base).rowIndex;
    const moved = base.map((t, k): Triplet => (k === 2 ? [2, 1, 3] : t));
    const cases: Triplet[][] = [moved, [...base, [4, 0, 7]], base.slice(0, 5), base];
    let version = 1;
    for (const entries of cases) {
      const a = assembleAll(asm, entries);
      expect(asm.patternChanged).toBe(true);
      expect(asm.patternVersion).toBe(++version);
      expectValidCsc(a);
      expect(Array.from(cscToDense(a))).toEqual(Array.from(denseOf(n, entries)));
    }
    expect(Array.from(oldRowIndex)).toEqual([0, 1, 2, 3, 0, 4]);
    assembleAll(asm, base);
    expect(asm.patternChanged).toBe(false);
  });

  it('treats the same entries in another order as a pattern change (slot map follows call order)', () => {
    const asm = new SparseAssembler(3);
    assembleAll(asm, [
      [0, 0, 1],
      [1, 1, 1],
    ]);
    const a = assembleAll(asm, [
      [1, 1, 5],
      [0, 0, 7],
    ]);
    expect(asm.patternChanged).toBe(true);
    expect(Array.from(a.values)).toEqual([7, 5]);
  });

  it('handles empty assemblies and rejects out-of-range entries', () => {
    const asm = new SparseAssembler(3);
    const a = assembleAll(asm, []);
    expect(a.colPtr[3]).toBe(0);
    assembleAll(asm, []);
    expect(asm.patternChanged).toBe(false);
    expect(() => assembleAll(asm, [[3, 0, 1]])).toThrow(RangeError);
    expect(() => assembleAll(asm, [[0, -1, 1]])).toThrow(RangeError);
  });

  it('cscMultiply agrees with the dense product', () => {
    const rnd = mulberry32(8);
    const n = 9;
    const entries = randomEntries(n, 40, rnd);
    const a = assembleAll(new SparseAssembler(n), entries);
    const d = denseOf(n, entries);
    const x = Float64Array.from({ length: n }, (_, i) => i - 3);
    const y = new Float64Array(n);
    cscMultiply(a, x, y);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += d[i * n + j] * x[j];
      expect(y[i]).toBeCloseTo(s, 12);
    }
  });
});

describe('cscFromTriplets and cscEntry', () => {
  it('compress triplets like the assembler (sorted rows, duplicates summed in order) and read entries back', () => {
    const rnd = mulberry32(11);
    const n = 9;
    const entries = randomEntries(n, 120, rnd);
    const a = cscFromTriplets(n, Int32Array.from(entries, (e) => e[0]), Int32Array.from(entries, (e) => e[1]), Float64Array.from(entries, (e) => e[2]), entries.length);
    expectValidCsc(a);
    const asm = assembleAll(new SparseAssembler(n, 4), entries);
    expect(Array.from(a.colPtr)).toEqual(Array.from(asm.colPtr));
    expect(Array.from(a.rowIndex)).toEqual(Array.from(asm.rowIndex));
    expect(Array.from(a.values)).toEqual(Array.from(asm.values));
    const dense = denseOf(n, entries);
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) expect(cscEntry(a, r, c)).toBe(dense[r * n + c]);
  });

  it('rejects an entry outside n × n', () => {
    expect(() => cscFromTriplets(2, Int32Array.of(0, 2), Int32Array.of(0, 0), Float64Array.of(1, 1), 2)).toThrow(/cscFromTriplets: entry \(2, 0\) outside 2×2/);
  });
});

describe('SparseAssembler pattern change after matching calls', () => {
  it('gives the values of a fresh assembly bit for bit when the sequence changes after a matching prefix (add, addBlock, addEntries, fewer calls)', () => {
    const rnd = mulberry32(21);
    const n = 7;
    // values with cancellations (x + (−x) = +0) and −0 entries, where the order of the sums matters
    const value = () => [0, -0, 0.1, -0.1, 1e16, -1e16, 3][Math.floor(rnd() * 7)] * (1 + rnd());
    for (let trial = 0; trial < 200; trial++) {
      const base = randomEntries(n, 30, rnd).map(([r, c]): Triplet => [r, c, value()]);
      const asm = new SparseAssembler(n, 4);
      assembleAll(asm, base);
      const cut = Math.floor(rnd() * base.length);
      const next: Triplet[] = base.slice(0, cut).map(([r, c]): Triplet => [r, c, value()]);
      const kind = trial % 4;
      if (kind !== 3) for (let k = cut; k < base.length + 3; k++) next.push([Math.floor(rnd() * n), Math.floor(rnd() * n), value()]);
      asm.begin();
      if (kind === 0) for (const [r, c, v] of next) asm.add(r, c, v);
      const index = Int32Array.from({ length: n }, (_, i) => i);
      if (kind === 1 || kind === 3) for (const [r, c, v] of next) asm.addBlock(index, r, index, c, 1, 1, Float64Array.of(v), 0, 1, 1, 1);
      if (kind === 2) asm.addEntries(index, index, Int32Array.from(next, (t) => t[0]), Int32Array.from(next, (t) => t[1]), Float64Array.from(next, (t) => t[2]), next.length, 1);
      const a = asm.end();
      const fresh = assembleAll(new SparseAssembler(n), next);
      expect(Array.from(a.rowIndex)).toEqual(Array.from(fresh.rowIndex));
      expect(a.values.length).toBe(fresh.values.length);
      for (let k = 0; k < a.values.length; k++) expect(Object.is(a.values[k], fresh.values[k])).toBe(true);
    }
  });
});

describe('SparseAssembler blocks: addZeros and the reuse of checked blocks', () => {
  it('give the pattern and values of a fresh assembly bit for bit, with the pattern kept, changed, or the index arrays changed in place', () => {
    const rnd = mulberry32(5);
    const n = 6;
    const index = Int32Array.from({ length: n }, (_, i) => n - 1 - i);
    const value = () => [0, -0, 0.1, -0.1, 1e16, -1e16, 3][Math.floor(rnd() * 7)] * (1 + rnd());
    // blocks of 2 × 3 or 3 × 2 at random offsets; a zero block is added as zeros (factor −1: −0 products) or with addZeros
    const randomBlock = () => (rnd() < 0.5 ? [2, 3] : [3, 2]).concat([Math.floor(rnd() * (n - 2)), Math.floor(rnd() * (n - 2))]);
    const blocks = Array.from({ length: 5 }, randomBlock);
    const viaBlock = new SparseAssembler(n, 4), viaZeros = new SparseAssembler(n, 4);
    let changes = 0;
    for (let assembly = 0; assembly < 120; assembly++) {
      // every 7th assembly replaces one block (the pattern changes in the middle of a matching sequence); every 11th
      // swaps two entries of the index array in place (the same block calls, other positions)
      if (assembly % 7 === 6) blocks[Math.floor(rnd() * blocks.length)] = randomBlock();
      if (assembly % 11 === 10) {
        const a = Math.floor(rnd() * n), b = Math.floor(rnd() * n);
        [index[a], index[b]] = [index[b], index[a]];
      }
      viaBlock.begin();
      viaZeros.begin();
      const triplets: Triplet[] = [];
      for (const [rows, cols, r, c] of blocks) {
        const zero = rnd() < 0.5;
        const block = Float64Array.from({ length: rows * cols }, () => (zero ? 0 : value()));
        const factor = zero ? -1 : 1;
        viaBlock.addBlock(index, r, index, c, rows, cols, block, 0, cols, 1, factor);
        if (zero) viaZeros.addZeros(index, r, index, c, rows, cols);
        else viaZeros.addBlock(index, r, index, c, rows, cols, block, 0, cols, 1, 1);
        for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) triplets.push([index[r + i], index[c + j], factor * block[i * cols + j]]);
      }
      const a = viaBlock.end(), b = viaZeros.end();
      if (viaBlock.patternChanged) changes++;
      expect(viaZeros.patternChanged).toBe(viaBlock.patternChanged);
      const fresh = assembleAll(new SparseAssembler(n), triplets);
      for (const m of [a, b]) {
        expect(Array.from(m.colPtr)).toEqual(Array.from(fresh.colPtr));
        expect(Array.from(m.rowIndex)).toEqual(Array.from(fresh.rowIndex));
        for (let k = 0; k < fresh.values.length; k++) expect(Object.is(m.values[k], fresh.values[k])).toBe(true);
      }
    }
    // the pattern was kept in most assemblies (checked blocks reused) and changed in some
    expect(changes).toBeGreaterThan(10);
    expect(changes).toBeLessThan(60);
  });
});
