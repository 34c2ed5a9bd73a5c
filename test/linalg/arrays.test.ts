import { describe, expect, it } from 'vitest';
import { copyArrayAt, zeroLeading } from '../../src/linalg/arrays.ts';

describe('array helpers of the hot paths', () => {
  it('zeroLeading zeroes exactly the first n entries, below and above the built-in threshold', () => {
    for (const n of [0, 1, 7, 15, 16, 40]) {
      const a = Float64Array.from({ length: 50 }, (_, i) => i + 1);
      zeroLeading(a, n);
      expect(Array.from(a)).toEqual(Array.from({ length: 50 }, (_, i) => (i < n ? 0 : i + 1)));
    }
  });

  it('copyArrayAt copies all of src to dst from the offset on and leaves the rest', () => {
    for (const length of [0, 3, 15, 16, 30]) {
      const src = Float64Array.from({ length }, (_, i) => -(i + 1) / 3);
      const dst = new Float64Array(40).fill(7);
      copyArrayAt(dst, src, 5);
      expect(Array.from(dst)).toEqual(Array.from({ length: 40 }, (_, i) => (i >= 5 && i < 5 + length ? src[i - 5] : 7)));
    }
  });
});
