import { describe, expect, it } from 'vitest';
import { bitPatterns as bits, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';
import { kernelViews } from '../../src/linalg/storedWasmModule.ts';
import { beamGeometricallyExactLayout as layout, beamGeometricallyExactRegion } from '../../src/items/objects/beamGeometricallyExactKernels.ts';
import * as source from '../../src/items/objects/beamGeometricallyExactKernelsSource.ts';

/*
 * The beam's kernels as WebAssembly against their source run as JavaScript on a copy of the element's region, bit for
 * bit: the whole region after each call, from random values (with ±0, subnormals, ±∞ and NaN among them in a quarter of
 * the trials), in every branch: the logarithm's closed form and series (R near I), β's and f8's closed forms and
 * series (small Ω), with and without Euler-parameter velocities, factor 1 and others. (test/scripts/
 * wasmKernelCompiler.test.ts checks that the stored module is the source's compiled bytes.)
 */

const at = layout.addresses;
const offset = (name: keyof typeof at): number => at[name] / 8;

describe('beamGeometricallyExact kernels', () => {
  it('give the JavaScript source\'s region bit for bit', () => {
    const { kernels, region, address } = beamGeometricallyExactRegion();
    const a = (name: keyof typeof at): number => address + at[name];
    let closedCount = 0;
    for (let trial = 0; trial < 400; trial++) {
      const next = kernelValues(trial + 1, { specialShare: trial % 4 === 3 ? 0.05 : 0, specials: [...kernelSpecials], decades: trial % 8 < 4 ? 2 : 6 });
      const input = Float64Array.from({ length: layout.doubles }, next);
      // R near I (the logarithm's series), small Ω (β's, γ's and f8's series), Ω of |Ω| in (0.02, 0.2), no rotation rates
      const variant = trial % 5;
      if (variant === 1) {
        // equal Euler parameters: R = A0ᵀA0 is symmetric, a = 0
        input.copyWithin(offset('q') + 10, offset('q') + 3, offset('q') + 7);
        for (let i = 0; i < 9; i++) input[offset('R') + i] = (i % 4 === 0 ? 1 : 0) + 1e-7 * input[offset('R') + i];
      }
      if (variant === 2) for (let i = 6; i < 10; i++) input[offset('motion') + i] *= 1e-4;
      if (variant === 3) {
        input.set([0.03, -0.05, 0.04], offset('motion') + 6);
        input[offset('motion') + 9] = 0.03 * 0.03 + 0.05 * 0.05 + 0.04 * 0.04;
      }
      if (trial % 3 === 0) { input.fill(0, offset('u') + 3, offset('u') + 7); input.fill(0, offset('u') + 10, offset('u') + 14); }
      const factor = trial % 2 === 0 ? 1 : next(), length = next();
      const expected = input.slice();
      const v = kernelViews(expected, layout);
      region.set(input);

      const closed = source.beamRelativeRotation(v.q, v.A0, v.A1, v.R, v.motion);
      expect(kernels.beamRelativeRotation(a('q'), a('A0'), a('A1'), a('R'), a('motion'))).toBe(closed);
      expect(bits(region)).toEqual(bits(expected));
      closedCount += closed;

      for (const flag of [0, 1]) {
        const x = source.beamRotationVector(v.motion, flag);
        expect(bits([kernels.beamRotationVector(a('motion'), flag)])).toEqual(bits([x]));
        expect(bits(region)).toEqual(bits(expected));
      }
      // R, the rotation vector and the trigonometric values of the trial's variant again (the kernels wrote others)
      for (const array of [expected, region]) {
        array.set(input.subarray(offset('R'), offset('R') + 9), offset('R'));
        array.set(input.subarray(offset('motion') + 6, offset('motion') + 20), offset('motion') + 6);
      }

      source.beamForces(v.q, v.u, v.k, v.J, v.A0, v.A1, v.motion, v.T, v.Tp, v.Tm, v.us, v.os, v.stress, v.total, v.h, v.gl, v.forces, length);
      kernels.beamForces(a('q'), a('u'), a('k'), a('J'), a('A0'), a('A1'), a('motion'), a('T'), a('Tp'), a('Tm'), a('us'), a('os'), a('stress'),
        a('total'), a('h'), a('gl'), a('forces'), length);
      expect(bits(region)).toEqual(bits(expected));

      source.beamStiffness(v.q, v.u, v.k, v.J, v.A0, v.A1, v.R, v.motion, v.dA, v.rg, v.tso, v.terms, v.velocity, v.K, length, factor);
      kernels.beamStiffness(a('q'), a('u'), a('k'), a('J'), a('A0'), a('A1'), a('R'), a('motion'), a('dA'), a('rg'), a('tso'), a('terms'),
        a('velocity'), a('K'), length, factor);
      expect(bits(region)).toEqual(bits(expected));
    }
    // both forms of the logarithm ran
    expect(closedCount).toBeGreaterThan(0);
    expect(closedCount).toBeLessThan(400);
  });
});
