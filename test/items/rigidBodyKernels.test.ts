import { describe, expect, it } from 'vitest';
import * as bodySource from '../../src/items/objects/rigidBodyKernelsSource.ts';
import * as jacobianSource from '../../src/items/objects/rigidBodyJacobianKernelsSource.ts';
import * as velocitySource from '../../src/items/objects/rigidBodyVelocityKernelsSource.ts';
import * as loadJacobianSource from '../../src/items/objects/rigidBodyLoadJacobianKernelsSource.ts';
import {
  rigidBodyConstantEntries, rigidBodyJacobianAddress, rigidBodyKernels, rigidBodyMassAddress, rigidBodyRowsAddress,
} from '../../src/items/objects/rigidBodyKernels.ts';
import * as taitBryanSource from '../../src/items/objects/rigidBodyTaitBryanKernelsSource.ts';
import { taitBryanKernels } from '../../src/items/objects/rigidBodyTaitBryanKernels.ts';
import { bitPatterns, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';

/*
 * ObjectRigidBody's Euler-parameter kernels: their source run as JavaScript (the operations the body's JavaScript had)
 * against the stored modules' exports, bit for bit, on random inputs over many decades mixed with ±0, subnormals, ±∞
 * and NaN. (test/scripts/wasmKernelCompiler.test.ts checks that the stored modules are the sources' bytes.)
 */

/** The test's inputs (see kernelValues). */
const values = (seed: number): (() => number) => kernelValues(seed, { specialShare: 0.16, specials: [...kernelSpecials, 0.5], negativeBelow: 0.58, decades: 12 });

/** A body's constants as ObjectRigidBody forms them: J, J_r0·0 + J_r1·0 + J_r2·0, p_ref, m, −mχ. */
function bodyConstants(next: () => number): Float64Array {
  const c = new Float64Array(rigidBodyConstantEntries);
  for (let k = 0; k < 9; k++) c[k] = next();
  for (let r = 0; r < 3; r++) c[9 + r] = c[3 * r] * 0 + c[3 * r + 1] * 0 + c[3 * r + 2] * 0;
  for (let k = 12; k < rigidBodyConstantEntries; k++) c[k] = next();
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
      expect(bitPatterns(kernels.jacobian)).toEqual(bitPatterns(expected));
    }
  });

  it('eulerParameterMassMatrix (writing only the nonzero entries)', () => {
    for (let trial = 0; trial < 500; trial++) {
      const c = bodyConstants(next);
      const p = Array.from({ length: 4 }, next) as [number, number, number, number];
      const expected = new Float64Array(49);
      bodySource.eulerParameterMassMatrix(c, ...p, expected);
      kernels.exports.eulerParameterMassMatrix(kernels.constantsAddress(c, slot), ...p, rigidBodyMassAddress);
      expect(bitPatterns(kernels.mass)).toEqual(bitPatterns(expected));
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
      expect(bitPatterns(kernels.rows.subarray(0, 4))).toEqual(bitPatterns(expected.subarray(0, 4)));
      velocitySource.eulerParameterGyroscopicLhs(c, ...x, expected);
      kernels.exports.eulerParameterGyroscopicLhs(kernels.constantsAddress(c, slot), ...x, rigidBodyRowsAddress);
      expect(bitPatterns(kernels.rows.subarray(0, 4))).toEqual(bitPatterns(expected.subarray(0, 4)));
    }
  });

  it('eulerParameterComMassProduct, eulerParameterComMassProportionalForce and eulerParameterComQuadraticVelocityLhs (COM offset)', () => {
    type Eighteen = [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number];
    type Fifteen = [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number];
    type Fourteen = [number, number, number, number, number, number, number, number, number, number, number, number, number, number];
    for (let trial = 0; trial < 500; trial++) {
      const c = bodyConstants(next);
      const x = Array.from({ length: 18 }, next) as Eighteen;
      const expected = new Float64Array(16);
      const work = new Float64Array(12);
      bodySource.eulerParameterComMassProduct(c, ...x, expected, work);
      kernels.exports.eulerParameterComMassProduct(kernels.constantsAddress(c, slot), ...x, rigidBodyRowsAddress, rigidBodyJacobianAddress);
      expect(bitPatterns(kernels.rows)).toEqual(bitPatterns(expected.subarray(0, 7)));
      const z = x.slice(0, 14) as Fourteen;
      bodySource.eulerParameterComMassProportionalForce(c, ...z, expected, work);
      kernels.exports.eulerParameterComMassProportionalForce(kernels.constantsAddress(c, slot), ...z, rigidBodyRowsAddress, rigidBodyJacobianAddress);
      expect(bitPatterns(kernels.rows)).toEqual(bitPatterns(expected.subarray(0, 7)));
      const y = x.slice(0, 15) as Fifteen;
      velocitySource.eulerParameterComQuadraticVelocityLhs(c, ...y, expected);
      kernels.exports.eulerParameterComQuadraticVelocityLhs(kernels.constantsAddress(c, slot), ...y, rigidBodyRowsAddress);
      expect(bitPatterns(kernels.rows)).toEqual(bitPatterns(expected.subarray(0, 7)));
    }
  });

  it('eulerParameterPointPosition and eulerParameterPositionJacobian', () => {
    type Ten = [number, number, number, number, number, number, number, number, number, number];
    type Seven = [number, number, number, number, number, number, number];
    for (let trial = 0; trial < 500; trial++) {
      const c = bodyConstants(next);
      const x = Array.from({ length: 10 }, next) as Ten;
      const expected = new Float64Array(21);
      velocitySource.eulerParameterPointPosition(c, ...x.slice(0, 10) as Ten, expected);
      kernels.exports.eulerParameterPointPosition(kernels.constantsAddress(c, slot), ...x.slice(0, 10) as Ten, rigidBodyRowsAddress);
      expect(bitPatterns(kernels.rows.subarray(0, 3))).toEqual(bitPatterns(expected.subarray(0, 3)));
      velocitySource.eulerParameterPositionJacobian(c, ...x.slice(0, 7) as Seven, expected);
      kernels.exports.eulerParameterPositionJacobian(kernels.constantsAddress(c, slot), ...x.slice(0, 7) as Seven, rigidBodyJacobianAddress);
      expect(bitPatterns(kernels.positionJacobian)).toEqual(bitPatterns(expected));
    }
  });

  it('eulerParameterLoadJacobian (with and without the lever, added to the block\'s values)', () => {
    type Fourteen = [number, number, number, number, number, number, number, number, number, number, number, number, number, number];
    const exports = kernels.loadJacobian();
    for (let trial = 0; trial < 1000; trial++) {
      const c = bodyConstants(next);
      const x = Array.from({ length: 14 }, next) as Fourteen;
      const lever = trial % 3 === 0 ? 0 : 1;
      const expected = Float64Array.from({ length: 25 }, next);
      kernels.loadJacobianRows.set(expected);
      loadJacobianSource.eulerParameterLoadJacobian(c, ...x, lever, expected);
      exports.eulerParameterLoadJacobian(kernels.constantsAddress(c, slot), ...x, lever, rigidBodyJacobianAddress);
      expect(bitPatterns(kernels.loadJacobianRows)).toEqual(bitPatterns(expected));
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

describe('the Tait–Bryan kernels (WebAssembly) bit for bit as their JavaScript source', () => {
  const kernels = taitBryanKernels();
  const next = values(47);

  it('taitBryanGyroscopicJacobian', () => {
    for (let trial = 0; trial < 500; trial++) {
      const inertia = Float64Array.from({ length: 9 }, next);
      const x = Array.from({ length: 7 }, next) as [number, number, number, number, number, number, number];
      const expected = new Float64Array(18);
      taitBryanSource.taitBryanGyroscopicJacobian(inertia, ...x, expected);
      kernels.exports.taitBryanGyroscopicJacobian(kernels.inertiaAddress(inertia), ...x, 0);
      expect(bitPatterns(kernels.jacobian)).toEqual(bitPatterns(expected));
    }
  });

  it('taitBryanGyroscopicLhs', () => {
    for (let trial = 0; trial < 500; trial++) {
      const inertia = Float64Array.from({ length: 9 }, next);
      const x = Array.from({ length: 10 }, next) as [number, number, number, number, number, number, number, number, number, number];
      const expected = new Float64Array(3);
      taitBryanSource.taitBryanGyroscopicLhs(inertia, ...x, expected);
      kernels.exports.taitBryanGyroscopicLhs(kernels.inertiaAddress(inertia), ...x, 0);
      expect(bitPatterns(kernels.jacobian.subarray(0, 3))).toEqual(bitPatterns(expected));
    }
  });

  it('copies a body\'s inertia into the memory only when it holds another array', () => {
    const state = [0.8, 0.6, 0.28, 0.96, 0.3, -1.2, 0.7] as const;
    const kernelResult = (inertia: Float64Array): string[] => {
      kernels.exports.taitBryanGyroscopicJacobian(kernels.inertiaAddress(inertia), ...state, 0);
      return bitPatterns(kernels.jacobian);
    };
    const sourceResult = (inertia: ArrayLike<number>): string[] => {
      const b = new Float64Array(18);
      taitBryanSource.taitBryanGyroscopicJacobian(Float64Array.from(inertia), ...state, b);
      return bitPatterns(b);
    };
    const first = Float64Array.of(1, 0.1, 0, 0.1, 2, 0, 0, 0, 3), second = Float64Array.of(4, 0, 0.2, 0, 5, 0, 0.2, 0, 6);
    const firstEntries = Array.from(first);
    expect(kernelResult(first)).toEqual(sourceResult(first));
    // the same array: not copied again (a body's inertia is fixed once it is built)
    first[4] = 7;
    expect(kernelResult(first)).toEqual(sourceResult(firstEntries));
    expect(kernelResult(second)).toEqual(sourceResult(second));
    expect(kernelResult(first)).toEqual(sourceResult(first));
  });
});
