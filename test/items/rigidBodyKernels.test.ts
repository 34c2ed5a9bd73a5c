import { describe, expect, it } from 'vitest';
import * as bodySource from '../../src/items/objects/rigidBodyKernelsSource.ts';
import * as jacobianSource from '../../src/items/objects/rigidBodyJacobianKernelsSource.ts';
import {
  rigidBodyConstantEntries, rigidBodyJacobianAddress, rigidBodyKernels, rigidBodyMassAddress, rigidBodyRowsAddress,
} from '../../src/items/objects/rigidBodyKernels.ts';

/*
 * ObjectRigidBody's Euler-parameter kernels: their source run as JavaScript (the operations the body's JavaScript had)
 * against the stored modules' exports, bit for bit, on random inputs over many decades mixed with ±0, subnormals, ±∞
 * and NaN. (test/scripts/wasmKernelCompiler.test.ts checks that the stored modules are the sources' bytes.)
 */

/** Random magnitudes of both signs over 12 decades, one in six a special value. */
function values(seed: number): () => number {
  let state = seed >>> 0;
  const special = [0, -0, 5e-324, -2.2250738585072014e-308, Infinity, -Infinity, NaN, 1, -1, 0.5];
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const r = state / 2 ** 32;
    if (r < 0.16) return special[state % special.length];
    return (r < 0.58 ? -1 : 1) * 10 ** (12 * r - 6) * (1 + r);
  };
}

/** Bit patterns (every NaN as one: wasm may give another NaN payload than JavaScript). */
function bits(a: ArrayLike<number>): string[] {
  return Array.from(a, (x) => (Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : String(x)));
}

/** A body's constants as ObjectRigidBody forms them: J, J_r0·0 + J_r1·0 + J_r2·0, p_ref, m. */
function bodyConstants(next: () => number): Float64Array {
  const c = new Float64Array(rigidBodyConstantEntries);
  for (let k = 0; k < 9; k++) c[k] = next();
  for (let r = 0; r < 3; r++) c[9 + r] = c[3 * r] * 0 + c[3 * r + 1] * 0 + c[3 * r + 2] * 0;
  for (let k = 12; k < 17; k++) c[k] = next();
  return c;
}

describe('rigid-body kernels (WebAssembly) bit for bit as their JavaScript source', () => {
  const kernels = rigidBodyKernels();
  const next = values(46);
  const slot = kernels.slot();

  it('eulerParameterGyroscopicJacobian', () => {
    for (let trial = 0; trial < 500; trial++) {
      const c = bodyConstants(next);
      const x = Array.from({ length: 8 }, next) as [number, number, number, number, number, number, number, number];
      const expected = new Float64Array(32);
      jacobianSource.eulerParameterGyroscopicJacobian(c, ...x, expected);
      kernels.exports.eulerParameterGyroscopicJacobian(kernels.constantsAddress(c, slot), ...x, rigidBodyJacobianAddress);
      expect(bits(kernels.jacobian)).toEqual(bits(expected));
    }
  });

  it('eulerParameterMassMatrix (writing only the nonzero entries)', () => {
    for (let trial = 0; trial < 500; trial++) {
      const c = bodyConstants(next);
      const p = Array.from({ length: 4 }, next) as [number, number, number, number];
      const expected = new Float64Array(49);
      bodySource.eulerParameterMassMatrix(c, ...p, expected);
      kernels.exports.eulerParameterMassMatrix(kernels.constantsAddress(c, slot), ...p, rigidBodyMassAddress);
      expect(bits(kernels.mass)).toEqual(bits(expected));
    }
  });

  it('eulerParameterMassProduct and eulerParameterGyroscopicLhs', () => {
    type Twelve = [number, number, number, number, number, number, number, number, number, number, number, number];
    for (let trial = 0; trial < 500; trial++) {
      const c = bodyConstants(next);
      const x = Array.from({ length: 12 }, next) as Twelve;
      // the mass product's work: M_θθ in the 16 entries from the rows' address
      const expected = new Float64Array(16);
      bodySource.eulerParameterMassProduct(c, ...x, expected);
      kernels.exports.eulerParameterMassProduct(kernels.constantsAddress(c, slot), ...x, rigidBodyRowsAddress);
      expect(bits(kernels.rows)).toEqual(bits(expected.subarray(0, 4)));
      bodySource.eulerParameterGyroscopicLhs(c, ...x, expected);
      kernels.exports.eulerParameterGyroscopicLhs(kernels.constantsAddress(c, slot), ...x, rigidBodyRowsAddress);
      expect(bits(kernels.rows)).toEqual(bits(expected.subarray(0, 4)));
    }
  });

  it('copies a body\'s constants into its slot only when the slot holds another array', () => {
    const massOf = (c: Float64Array): number => {
      kernels.exports.eulerParameterMassMatrix(kernels.constantsAddress(c, slot), 0, 0, 0, 0, rigidBodyMassAddress);
      return kernels.mass[0];
    };
    const first = bodyConstants(next), second = bodyConstants(next);
    first[16] = 3; second[16] = 5;
    expect(massOf(first)).toBe(3);
    // the same array: not copied again (constants are fixed once bound; a body bound again makes a new array)
    first[16] = 4;
    expect(massOf(first)).toBe(3);
    expect(massOf(second)).toBe(5);
    expect(massOf(first)).toBe(4);
  });
});
