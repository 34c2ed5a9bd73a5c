import { describe, expect, it } from 'vitest';
import { beamGeometricallyExact2DDoubles, beamGeometricallyExact2DRegion } from '../../src/items/objects/beamGeometricallyExact2DKernels.ts';
import { beam2DAngles, beam2DStiffness } from '../../src/items/objects/beamGeometricallyExact2DKernelsSource.ts';
import { bitPatterns, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';

/*
 * The planar beam's kernels as WebAssembly against their source run as JavaScript on the same region, bit for bit: the
 * whole region (inputs, work arrays, outputs) after both calls, from random values with ±0, subnormals, ±∞ and NaN
 * among them, for the linear and the quadratic element. (test/scripts/wasmKernelCompiler.test.ts checks that the stored
 * module is the source's compiled bytes.)
 */

const { kernels, region, address } = beamGeometricallyExact2DRegion();

describe('beamGeometricallyExact2D kernels', () => {
  it.each([[0.002, 1], [0.15, 2]])('give the JavaScript source\'s region bit for bit (special values %s)', (special, seed) => {
    const next = kernelValues(seed, { specialShare: special, specials: [...kernelSpecials, 1e-15] });
    expect(region.length).toBe(beamGeometricallyExact2DDoubles);
    for (const nN of [2, 3]) {
      for (let trial = 0; trial < 40; trial++) {
        for (let i = 0; i < region.length; i++) region[i] = next();
        const start = region.slice();
        beam2DAngles(region, nN);
        beam2DStiffness(region, nN);
        const expected = bitPatterns(region);
        region.set(start);
        kernels.beam2DAngles(address, nN);
        kernels.beam2DStiffness(address, nN);
        expect(bitPatterns(region)).toEqual(expected);
      }
    }
  });

  it('writes every entry of the 3nN × 3nN Jacobian and nothing past the region', () => {
    for (const nN of [2, 3]) {
      const n = 3 * nN;
      region.fill(0.5);
      region.fill(NaN, 102, 183);
      kernels.beam2DAngles(address, nN);
      kernels.beam2DStiffness(address, nN);
      expect(region.subarray(102, 102 + n * n).every((x) => Number.isFinite(x))).toBe(true);
      if (n * n < 81) expect(Number.isNaN(region[102 + n * n])).toBe(true);
    }
  });
});
