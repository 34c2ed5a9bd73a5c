import { describe, it, expect } from 'vitest';
import { cscEntries, entryValue, matrixEntries, transposedEntries, type MatrixEntries } from '../../src/linalg/matrixEntries.ts';
import { mulberry32 } from '../helpers/random.ts';

/** The entries' arrays up to count, as plain arrays (to compare two entry lists). */
const plain = (e: MatrixEntries | undefined) => e === undefined ? undefined : {
  rows: Array.from(e.rows.subarray(0, e.count)), cols: Array.from(e.cols.subarray(0, e.count)),
  values: Array.from(e.values.subarray(0, e.count)), rowStart: Array.from(e.rowStart), count: e.count,
};

describe('cscEntries (the nonzero entries of a matrix stored by columns)', () => {
  it('areTheEntriesOfTheDenseRowsThatAddTheStoredValuesToZerosInStorageOrder', () => {
    const random = mulberry32(26);
    for (let trial = 0; trial < 40; trial++) {
      const n = 1 + Math.floor(random() * 12);
      // columns with rows in random order, repeated positions, explicit zeros and a pair that cancels
      const colPtr = [0], rowIndex: number[] = [], values: number[] = [];
      const dense = Array.from({ length: n }, () => new Array<number>(n).fill(0));
      for (let c = 0; c < n; c++) {
        const stored = Math.floor(random() * (n + 3));
        for (let k = 0; k < stored; k++) {
          const r = Math.floor(random() * n);
          const v = random() < 0.15 ? 0 : (random() - 0.5) * 10 ** Math.floor(random() * 6 - 3);
          rowIndex.push(r); values.push(v); dense[r][c] += v;
          if (random() < 0.1) { rowIndex.push(r); values.push(-dense[r][c]); dense[r][c] += -dense[r][c]; }
        }
        colPtr.push(rowIndex.length);
      }
      const entries = cscEntries(n, colPtr, rowIndex, values);
      expect(plain(entries)).toEqual(plain(matrixEntries(dense)));
      expect(entries!.values.length).toBe(entries!.count);
      // the transpose's entries are those of the transposed dense rows; entryValue reads any position
      const transposed = dense.map((_, i) => dense.map((row) => row[i]));
      expect(plain(transposedEntries(entries!, n))).toEqual(plain(matrixEntries(transposed)));
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(entryValue(entries!, i, j)).toBe(dense[i][j] === 0 ? 0 : dense[i][j]);
    }
    expect(cscEntries(0, [0], [], [])).toBeUndefined();
  });
});
