import { describe, expect, it } from 'vitest';
import * as source from '../../src/items/objects/contactCurveCirclesKernelsSource.ts';
import { ContactCurveCirclesKernels, curveCircleEntries } from '../../src/items/objects/contactCurveCirclesKernels.ts';
import { bitPatterns, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';

/*
 * ObjectContactCurveCircles' kernels: their source run as JavaScript (the operations the item's JavaScript had) against
 * the stored module's exports, bit for bit, on random inputs (wide and narrow ranges, mixed with ±0, subnormals, ±∞ and
 * NaN) and stored circle indices in and out of range, fractional, −0 and NaN. (test/scripts/wasmKernelCompiler.test.ts
 * checks that the stored module is the source's bytes.)
 */

const nC = 3, nS = 7;
const indices = [-1, 0, 1, 2, 3, 0.5, -0, NaN];

/** Random inputs of the kernels: segments, lengths, frame inputs, circles' inputs and data coordinates. */
function inputs(next: () => number, pick: () => number) {
  const fill = (n: number) => Float64Array.from({ length: n }, next);
  const frame = new Float64Array(22);
  frame.set(fill(15));
  const circles = new Float64Array(curveCircleEntries * nC);
  for (let i = 0; i < nC; i++) {
    circles.set(fill(6), curveCircleEntries * i);
    circles[curveCircleEntries * i + 12] = Math.abs(next());
  }
  const data = new Float64Array(3 * nS);
  for (let j = 0; j < nS; j++) {
    data[3 * j] = indices[pick() % indices.length];
    data[3 * j + 1] = next();
    data[3 * j + 2] = next();
  }
  return { segments: fill(4 * nS), lengths: fill(nS), frame, circles, data, stiffness: next(), damping: next() };
}

describe('contact curve–circles kernels (WebAssembly) bit for bit as their JavaScript source', () => {
  for (const [name, decades, specialShare] of [['wide', 12, 0.06], ['narrow', 2, 0.02]] as const) {
    it(`curveForces and curvePostNewton (${name} range)`, () => {
      const next = kernelValues(name === 'wide' ? 47 : 48, { specials: kernelSpecials, specialShare, decades });
      let state = 7;
      const pick = (): number => (state = (state * 1103515245 + 12345) % 2147483648);
      for (let trial = 0; trial < 300; trial++) {
        const x = inputs(next, pick);
        const kernels = new ContactCurveCirclesKernels(nC, x.segments, x.lengths, x.stiffness, x.damping);
        const pair = new Float64Array(9);
        kernels.frame.set(x.frame); kernels.circles.set(x.circles); kernels.data.set(x.data);
        const any = source.curveForces(x.frame, x.circles, nC, x.segments, x.lengths, x.data, nS, pair, x.stiffness, x.damping);
        expect(kernels.forces()).toBe(any !== 0);
        expect(bitPatterns(kernels.frame)).toEqual(bitPatterns(x.frame));
        expect(bitPatterns(kernels.circles)).toEqual(bitPatterns(x.circles));
        const error = source.curvePostNewton(x.frame, x.circles, nC, x.segments, x.data, nS, pair, x.stiffness, x.damping);
        expect(bitPatterns([kernels.postNewton()])).toEqual(bitPatterns([error]));
        expect(bitPatterns(kernels.data)).toEqual(bitPatterns(x.data));
        expect(bitPatterns(kernels.circles)).toEqual(bitPatterns(x.circles));
      }
    });
  }
});
