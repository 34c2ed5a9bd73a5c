import { describe, expect, it } from 'vitest';
import { asFloat64Array, copyArrayAt, copyLeadingAt, float64Copy, toNumberArray, zeroLeading } from '../../src/linalg/arrays.ts';

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

  it('copyLeadingAt copies what dst.set(src.subarray(0, count), offset) copies: count entries, or all of a shorter src', () => {
    for (const [length, count, offset] of [[5, 3, 2], [5, 5, 0], [2, 3, 4], [4, 0, 1]]) {
      const src = Float64Array.from({ length }, (_, i) => -(i + 1) / 3);
      const dst = Float64Array.from({ length: 10 }, (_, i) => 100 + i);
      const expected = dst.slice();
      expected.set(src.subarray(0, count), offset);
      copyLeadingAt(dst, src, count, offset);
      expect(Array.from(dst)).toEqual(Array.from(expected));
    }
  });

  it('toNumberArray gives a new plain array with the entries (−0, NaN and infinities as they are)', () => {
    const a = new Float64Array([1.5, -0, Number.NaN, -Infinity, 1e-300]);
    const copy = toNumberArray(a);
    expect(Array.isArray(copy)).toBe(true);
    expect(copy).toEqual([1.5, -0, Number.NaN, -Infinity, 1e-300]);
    expect(Object.is(copy[1], -0)).toBe(true);
    a[0] = 2;
    expect(copy[0]).toBe(1.5);
    expect(toNumberArray(new Float64Array(0))).toEqual([]);
  });

  it('float64Copy holds the numbers of Float64Array.from bit for bit, in views that do not overlap', () => {
    const values = [-0, 0, 1.5, -2.25e-300, Number.MAX_VALUE, 1 / 3];
    const a = float64Copy(values), b = float64Copy([7, 8]);
    const from = Float64Array.from(values);
    expect(a.length).toBe(values.length);
    for (let i = 0; i < values.length; i++) expect(Object.is(a[i], from[i])).toBe(true);
    b.fill(9);
    for (let i = 0; i < values.length; i++) expect(Object.is(a[i], from[i])).toBe(true);
    expect(float64Copy([]).length).toBe(0);
  });

  it('asFloat64Array passes a Float64Array through and copies any other list bit for bit', () => {
    const typed = Float64Array.of(1, -0, 2.5);
    expect(asFloat64Array(typed)).toBe(typed);
    const list = [0, -0, 20, -9.81];
    const copy = asFloat64Array(list);
    expect(copy).toBeInstanceOf(Float64Array);
    expect(copy.length).toBe(list.length);
    for (let i = 0; i < list.length; i++) expect(Object.is(copy[i], list[i])).toBe(true);
    list[2] = 7; // a copy: the caller's list is not the array the kernels see
    expect(copy[2]).toBe(20);
    expect(asFloat64Array(Float32Array.of(0.5))).toBeInstanceOf(Float64Array);
  });
});
