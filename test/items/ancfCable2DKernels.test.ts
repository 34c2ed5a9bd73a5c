import { describe, expect, it } from 'vitest';
import * as source from '../../src/items/objects/ancfCable2DKernelsSource.ts';
import * as forceSource from '../../src/items/objects/ancfCable2DForceKernelsSource.ts';
import {
  ancfCable2DAddresses, ancfCable2DKernels, axialRuleIndex, bendingRuleIndex, cableTableLength, ruleCapacity, type ANCFCable2DKernelViews,
} from '../../src/items/objects/ancfCable2DKernels.ts';
import { bitPatterns, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';

/*
 * The cable kernels' sources run as JavaScript is the reference of the WebAssembly exports, bit for bit: both on the
 * same memory contents (random doubles over many decades with ±0, subnormals, ±∞ and NaN among them), every double of
 * the kernels' arrays compared after each call. (test/scripts/wasmKernelCompiler.test.ts checks that the stored modules
 * are the sources'.)
 */

/** The test's inputs (see kernelValues). */
const values = (seed: number): (() => number) => kernelValues(seed, { specials: [...kernelSpecials, 0.5], negativeBelow: 0.54, decades: 8 });

describe('ancfCable2DKernels', () => {
  const { exports, views } = ancfCable2DKernels();
  const memory = new Float64Array(views.table.buffer);
  const used = Math.max(...Object.values(views).map((v: Float64Array) => v.byteOffset / 8 + v.length));
  /** The reference's memory: a plain array with the same layout, and its views. */
  const plain = new Float64Array(used);
  const reference = Object.fromEntries(Object.entries(views).map(([name, v]: [string, Float64Array]) => [name, plain.subarray(v.byteOffset / 8, v.byteOffset / 8 + v.length)])) as unknown as ANCFCable2DKernelViews;
  const at = ancfCable2DAddresses;
  const next = values(46);

  /** Fills both memories with the same doubles; the element constants zero with probability 1/3 each (no damping, no stiffness). */
  function fill(): void {
    for (let i = 0; i < used; i++) plain[i] = next();
    for (let c = 0; c < 4; c++) if (next() > 0 && next() > 0) plain[c] = 0;
    memory.set(plain);
  }

  function expectSameMemory(label: string): void {
    expect(bitPatterns(memory.subarray(0, used)), label).toEqual(bitPatterns(plain));
  }

  it('lay their arrays out in the memory without overlaps', () => {
    const spans = Object.values(views).map((v: Float64Array) => [v.byteOffset, v.byteOffset + v.byteLength]).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
    expect(views.table.length).toBe(cableTableLength);
    expect(memory.length).toBe(8192);
  });

  it('compute elasticLhs, stiffnessMatrix, dampingMatrix and sections bit for bit', () => {
    for (let trial = 0; trial < 600; trial++) {
      const axialCount = trial % (ruleCapacity + 1), bendingCount = (trial >> 1) % (ruleCapacity + 1), rates = (trial >> 2) & 1;
      const factor = next();
      fill();
      forceSource.elasticLhs(reference.table, axialRuleIndex, axialCount, bendingRuleIndex, bendingCount, reference.e, reference.u, rates, reference.f);
      exports.elasticLhs(at.table, axialRuleIndex, axialCount, bendingRuleIndex, bendingCount, at.e, at.u, rates, at.f);
      expectSameMemory(`elasticLhs, trial ${trial}`);
      fill();
      source.stiffnessMatrix(reference.table, axialRuleIndex, axialCount, bendingRuleIndex, bendingCount, reference.e, reference.u, factor, reference.matrix,
        reference.section, reference.df, reference.dg, reference.gradient, reference.hessian, reference.hessianU, reference.column);
      exports.stiffnessMatrix(at.table, axialRuleIndex, axialCount, bendingRuleIndex, bendingCount, at.e, at.u, factor, at.matrix, at.section, at.df,
        at.dg, at.gradient, at.hessian, at.hessianU, at.column);
      expectSameMemory(`stiffnessMatrix, trial ${trial}`);
      fill();
      source.dampingMatrix(reference.table, axialRuleIndex, axialCount, bendingRuleIndex, bendingCount, reference.e, factor, reference.matrix,
        reference.section, reference.df, reference.dg, reference.gradient);
      exports.dampingMatrix(at.table, axialRuleIndex, axialCount, bendingRuleIndex, bendingCount, at.e, factor, at.matrix, at.section, at.df, at.dg, at.gradient);
      expectSameMemory(`dampingMatrix, trial ${trial}`);
      fill();
      source.sections(reference.table, axialRuleIndex, axialCount, bendingRuleIndex, bendingCount, reference.e, reference.sectionValues,
        reference.section, reference.df, reference.dg, reference.gradient);
      exports.sections(at.table, axialRuleIndex, axialCount, bendingRuleIndex, bendingCount, at.e, at.sectionValues, at.section, at.df, at.dg, at.gradient);
      expectSameMemory(`sections, trial ${trial}`);
    }
  });

  it('compute the same bits on an element-like table (finite, stretched, damped)', () => {
    // S' and S'' of an element of length 0.7 at scattered points, small reference strains and curvatures, positive weights
    // and constants, coordinates near a straight line, velocities of order 1
    for (let trial = 0; trial < 200; trial++) {
      fill();
      const L = 0.7;
      for (const rule of [axialRuleIndex, bendingRuleIndex]) {
        for (let p = 0; p < ruleCapacity; p++) {
          const x = L * Math.abs(Math.sin(trial + 3 * p));
          const slopes = [-6 * x / L ** 2 + 6 * x * x / L ** 3, 1 - 4 * x / L + 3 * x * x / L ** 2, 6 * x / L ** 2 - 6 * x * x / L ** 3, -2 * x / L + 3 * x * x / L ** 2];
          const slopes2 = [12 * x / L ** 3 - 6 / L ** 2, 6 * x / L ** 2 - 4 / L, 6 / L ** 2 - 12 * x / L ** 3, 6 * x / L ** 2 - 2 / L];
          for (let j = 0; j < 4; j++) {
            plain[rule + 4 * p + j] = slopes[j];
            plain[rule + 4 * ruleCapacity + 4 * p + j] = slopes2[j];
          }
          plain[rule + 8 * ruleCapacity + p] = 0.01 * Math.sin(trial + p);
          plain[rule + 9 * ruleCapacity + p] = 0.2 * Math.cos(trial + p);
          plain[rule + 10 * ruleCapacity + p] = 0.1 + Math.abs(Math.cos(p));
        }
      }
      const e = reference.e, u = reference.u;
      [0, 0, 1, 0.01, L, 0.02, 1, -0.01].forEach((value, a) => { e[a] = value + 1e-3 * Math.sin(7 * trial + a); u[a] = Math.cos(3 * trial + a); });
      plain.set([1e4, trial % 2 ? 30 : 0, 50, trial % 3 ? 0.7 : 0], 0);
      memory.set(plain);
      const factor = trial % 5 === 0 ? -0 : 1 + Math.sin(trial);
      source.stiffnessMatrix(reference.table, axialRuleIndex, ruleCapacity, bendingRuleIndex, 3, reference.e, reference.u, factor, reference.matrix,
        reference.section, reference.df, reference.dg, reference.gradient, reference.hessian, reference.hessianU, reference.column);
      exports.stiffnessMatrix(at.table, axialRuleIndex, ruleCapacity, bendingRuleIndex, 3, at.e, at.u, factor, at.matrix, at.section, at.df,
        at.dg, at.gradient, at.hessian, at.hessianU, at.column);
      forceSource.elasticLhs(reference.table, axialRuleIndex, 4, bendingRuleIndex, 2, reference.e, reference.u, 1, reference.f);
      exports.elasticLhs(at.table, axialRuleIndex, 4, bendingRuleIndex, 2, at.e, at.u, 1, at.f);
      expect(reference.matrix.every(Number.isFinite)).toBe(true);
      expectSameMemory(`element-like, trial ${trial}`);
    }
  });
});
