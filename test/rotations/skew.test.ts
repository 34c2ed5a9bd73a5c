import { describe, it, expect } from 'vitest';
import {
  Skew, Skew2Vec, cross3, mat3Mul, mat3MulVec, mat3Transpose, mat3TransposeMul, mat3MulTranspose, mat3TransposeMulVec,
  skewInto, skew2VecInto, cross3Into, dot3, norm3, mat3IdentityInto, mat3TransposeInto, mat3MulVecInto,
  mat3TransposeMulVecInto, mat3MulInto, mat3TransposeMulInto, mat3MulTransposeInto, skewMulInto, mat3Det, hypot2, hypot3,
  skewEntry, addSkewMulInto,
} from '../../src/rotations/index.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { flat, makeRandom, maxDiff, naiveMul, naiveTranspose, randomVector } from './helpers.ts';

// Entries are O(1) random numbers; every kernel result is a sum of 3 products, so it agrees with the naive
// oracle to a few ulps (< 1e-15). Where the same arithmetic is done in the same order, equality is exact.
const TOL = 1e-15;

describe('skew matrices', () => {
  it('Skew(v) r equals v × r and Skew2Vec inverts Skew', () => {
    const rand = makeRandom(1);
    for (let k = 0; k < 20; k++) {
      const v = randomVector(rand, 3), r = randomVector(rand, 3);
      const s = Skew(v);
      expect(s).toHaveLength(3);
      expect(maxDiff(mat3MulVec(s, r), cross3(v, r))).toBeLessThan(TOL);
      expect(maxDiff(Skew2Vec(s), v)).toBe(0);
      expect(maxDiff(mat3Transpose(s), flat(s).map((x) => -x))).toBe(0);
    }
    expect(Skew([1, 2, 3])).toEqual([[0, -3, 2], [3, 0, -1], [-2, 1, 0]]);
  });

  it('skewEntry(v, offset, r, c) is entry (r, c) of skewInto at the same offset; addSkewMulInto adds c·ṽA', () => {
    const rand = makeRandom(7);
    for (let k = 0; k < 10; k++) {
      const stack = Float64Array.from(randomVector(rand, 9));
      for (const offset of [0, 3, 6]) {
        const s = skewInto(new Float64Array(9), stack, offset);
        for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) expect(skewEntry(stack, offset, r, c)).toBe(s[3 * r + c]);
      }
      const v = randomVector(rand, 3), a = Float64Array.from(randomVector(rand, 9)), start = Float64Array.from(randomVector(rand, 9));
      const product = skewMulInto(new Float64Array(9), v, a);
      // same products and differences as skewMulInto, then one multiply and one add per entry: exact
      const expected = start.map((x, i) => x + 0.7 * product[i]);
      expect(Array.from(addSkewMulInto(start.slice(), v, a, 0.7))).toEqual(Array.from(expected));
    }
  });

  it('skew2VecInto takes the skew-symmetric part of a general matrix', () => {
    const out = skew2VecInto(new Float64Array(3), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // ½(A21 − A12, A02 − A20, A10 − A01) = ½(8 − 6, 3 − 7, 4 − 2)
    expect(Array.from(out)).toEqual([1, -2, 1]);
  });

  it('skewInto reads at an offset and skewMulInto equals ṽ A', () => {
    const rand = makeRandom(2);
    const buf = new Float64Array([9, 9, 0.3, -0.7, 1.1]);
    expect(Array.from(skewInto(new Float64Array(9), buf, 2))).toEqual(flat(Skew([0.3, -0.7, 1.1])));
    const v = randomVector(rand, 3), a = randomVector(rand, 9);
    const expected = naiveMul(flat(Skew(v)), a, 3, 3, 3);
    const aa = new Float64Array(a);
    expect(maxDiff(skewMulInto(new Float64Array(9), v, aa), expected)).toBeLessThan(TOL);
    expect(maxDiff(skewMulInto(aa, v, aa), expected)).toBeLessThan(TOL); // aliasing out = a
  });
});

describe('3×3 kernels', () => {
  const rand = makeRandom(3);
  const a = randomVector(rand, 9), b = randomVector(rand, 9), x = randomVector(rand, 3), y = randomVector(rand, 3);

  it('products agree with the naive oracle, also when out aliases an input', () => {
    const ab = naiveMul(a, b, 3, 3, 3);
    const atb = naiveMul(naiveTranspose(a, 3, 3), b, 3, 3, 3);
    const abt = naiveMul(a, naiveTranspose(b, 3, 3), 3, 3, 3);
    expect(maxDiff(mat3MulInto(new Float64Array(9), a, b), ab)).toBeLessThan(TOL);
    expect(maxDiff(mat3TransposeMulInto(new Float64Array(9), a, b), atb)).toBeLessThan(TOL);
    expect(maxDiff(mat3MulTransposeInto(new Float64Array(9), a, b), abt)).toBeLessThan(TOL);
    for (const [kernel, expected] of [[mat3MulInto, ab], [mat3TransposeMulInto, atb], [mat3MulTransposeInto, abt]] as const) {
      const left = new Float64Array(a);
      expect(maxDiff(kernel(left, left, b), expected)).toBeLessThan(TOL);
      const right = new Float64Array(b);
      expect(maxDiff(kernel(right, a, right), expected)).toBeLessThan(TOL);
    }
    expect(maxDiff(mat3Mul(a, b), ab)).toBeLessThan(TOL);
    expect(maxDiff(mat3TransposeMul(a, b), atb)).toBeLessThan(TOL);
    expect(maxDiff(mat3MulTranspose(a, b), abt)).toBeLessThan(TOL);
  });

  it('matrix-vector products, transpose, cross, dot, norm, identity and determinant', () => {
    expect(maxDiff(mat3MulVecInto(new Float64Array(3), a, x), naiveMul(a, x, 3, 3, 1))).toBeLessThan(TOL);
    expect(maxDiff(mat3TransposeMulVecInto(new Float64Array(3), a, x), naiveMul(naiveTranspose(a, 3, 3), x, 3, 3, 1))).toBeLessThan(TOL);
    const xx = new Float64Array(x);
    expect(maxDiff(mat3MulVecInto(xx, a, xx), naiveMul(a, x, 3, 3, 1))).toBeLessThan(TOL);
    expect(maxDiff(mat3TransposeMulVec(a, x), naiveMul(naiveTranspose(a, 3, 3), x, 3, 3, 1))).toBeLessThan(TOL);
    const at = new Float64Array(a);
    expect(Array.from(mat3TransposeInto(at, at))).toEqual(naiveTranspose(a, 3, 3));
    const c = cross3Into(new Float64Array(3), x, y);
    expect(Math.abs(dot3(c, x))).toBeLessThan(TOL);
    expect(Math.abs(dot3(c, y))).toBeLessThan(TOL);
    expect(Array.from(cross3Into(new Float64Array(3), [1, 0, 0], [0, 1, 0]))).toEqual([0, 0, 1]);
    expect(norm3([3, 4, 12])).toBe(13);
    expect(Array.from(mat3IdentityInto(new Float64Array(9).fill(7)))).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(mat3Det([2, 0, 0, 0, 3, 0, 0, 0, 4])).toBe(24);
    // det(AB) = det(A) det(B) up to rounding of O(1) products
    expect(Math.abs(mat3Det(mat3MulInto(new Float64Array(9), a, b)) - mat3Det(a) * mat3Det(b))).toBeLessThan(1e-14);
  });

  it('script functions accept nested and flat matrices and reject malformed input', () => {
    const nested = [[1, 2, 3], [4, 5, 6], [7, 8, 10]];
    expect(mat3Mul(nested, flat(nested))).toEqual(mat3Mul(flat(nested), nested));
    expect(() => mat3Mul([[1, 2], [3, 4]], nested)).toThrow(FlexdynError);
    expect(() => mat3MulVec(nested, [1, 2])).toThrow(/mat3MulVec: x must be a vector of 3 finite numbers, got array of length 2/);
    expect(() => Skew([1, NaN, 3])).toThrow(/Skew: vector must be a vector of 3 finite numbers/);
  });
});

describe('hypot3', () => {
  it('returns the same double as Math.hypot (which allocates per call), including the special values', () => {
    // deterministic inputs over 40 decades, with a tiny and a zero component mixed in: any difference in the
    // scaling or the compensated sum shows as a last-bit mismatch, so the comparison is exact (Object.is)
    let seed = 12345;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (let i = 0; i < 20000; i++) {
      const scale = 10 ** Math.floor(40 * random() - 20);
      const x = (random() - 0.5) * scale, y = (random() - 0.5) * scale * (i % 3 === 0 ? 1e-9 : 1), z = i % 7 === 0 ? 0 : (random() - 0.5) * scale;
      expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
    }
    for (const [x, y, z] of [[Number.NaN, 1, 2], [Number.NaN, Infinity, 1], [-Infinity, 0, 0], [-0, 0, 0], [3, -4, 12], [1e300, 1e300, 1e300], [1e-320, 0, 1e-320]]) {
      expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
    }
    expect(hypot3(3, -4, 12)).toBe(13);
  });
});

describe('hypot2', () => {
  it('returns the same double as Math.hypot of two arguments, including the special values', () => {
    // as hypot3's test: over 40 decades, one component tiny (1e-9) or zero in some draws; exact comparison (Object.is)
    let seed = 54321;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (let i = 0; i < 20000; i++) {
      const scale = 10 ** Math.floor(40 * random() - 20);
      const x = (random() - 0.5) * scale, y = i % 7 === 0 ? 0 : (random() - 0.5) * scale * (i % 3 === 0 ? 1e-9 : 1);
      expect(Object.is(hypot2(x, y), Math.hypot(x, y))).toBe(true);
      expect(Object.is(hypot2(y, x), Math.hypot(y, x))).toBe(true);
    }
    for (const [x, y] of [[Number.NaN, 1], [Number.NaN, Infinity], [-Infinity, 0], [-0, 0], [0, -0], [3, -4], [1e300, 1e300], [1e-320, 1e-320], [5e-324, 0]]) {
      expect(Object.is(hypot2(x, y), Math.hypot(x, y))).toBe(true);
    }
    expect(hypot2(3, -4)).toBe(5);
  });
});
