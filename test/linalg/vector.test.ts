import { describe, it, expect } from 'vitest';
import { axpy, copyInto, dot, fill, norm2, normInf, scaleInto } from '../../src/linalg/vector.ts';

describe('vector helpers', () => {
  it('norm2 is exact on a 3-4-5 triangle and does not overflow or underflow', () => {
    expect(norm2(new Float64Array([3, 4]))).toBe(5);
    expect(norm2(new Float64Array([3e300, 4e300]))).toBeCloseTo(5e300, -290);
    expect(norm2(new Float64Array([3e-300, 4e-300])) / 5e-300).toBeCloseTo(1, 14);
    expect(norm2(new Float64Array([1, 2, 100]), 2)).toBeCloseTo(Math.sqrt(5), 15);
    expect(norm2(new Float64Array(0))).toBe(0);
  });

  it('normInf takes the largest magnitude and propagates NaN', () => {
    expect(normInf(new Float64Array([1, -7, 3]))).toBe(7);
    expect(normInf(new Float64Array([1, -7, 30]), 2)).toBe(7);
    expect(normInf(new Float64Array([1, NaN, 3]))).toBeNaN();
  });

  it('dot, axpy, copyInto, fill and scaleInto work on prefixes', () => {
    const a = new Float64Array([1, 2, 3]);
    const b = new Float64Array([4, 5, 6]);
    expect(dot(a, b)).toBe(32);
    expect(dot(a, b, 2)).toBe(14);
    const y = new Float64Array([1, 1, 1]);
    axpy(y, 2, a);
    expect(Array.from(y)).toEqual([3, 5, 7]);
    axpy(y, -1, a, 1);
    expect(Array.from(y)).toEqual([2, 5, 7]);
    const d = new Float64Array(3);
    copyInto(d, b, 2);
    expect(Array.from(d)).toEqual([4, 5, 0]);
    copyInto(d, b);
    expect(Array.from(d)).toEqual([4, 5, 6]);
    fill(d, 9, 2);
    expect(Array.from(d)).toEqual([9, 9, 6]);
    scaleInto(d, 0.5, d);
    expect(Array.from(d)).toEqual([4.5, 4.5, 3]);
  });
});
