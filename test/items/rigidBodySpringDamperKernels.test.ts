import { describe, expect, it } from 'vitest';
import { rigidBodySpringDamperKernels, rigidBodySpringDamperMarkerCapacity } from '../../src/items/objects/rigidBodySpringDamperKernels.ts';
import { intrinsicLog, intrinsicState, stiffnessColumns, translationColumns, translationDampingColumns } from '../../src/items/objects/rigidBodySpringDamperKernelsSource.ts';
import { bitPatterns, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';

/*
 * The connector's column kernel as WebAssembly against its source run as JavaScript on the same views, bit for bit:
 * the whole memory (inputs, work arrays, outputs) after both calls, from random values with ±0, subnormals, ±∞ and NaN
 * among them, for every combination of the flags and several marker sizes. (test/scripts/wasmKernelCompiler.test.ts
 * checks that the stored module is the source's compiled bytes.)
 */

const k = rigidBodySpringDamperKernels();
/** All doubles of the kernels' memory (every view shares its buffer). */
const memory = new Float64Array(k.aj.buffer);

/** The call of the kernel's source as JavaScript, with the runtime's views and arguments. */
function javascriptColumns(n0: number, n1: number, null0: number, null1: number, intrinsic: number, hasDamping: number, nearPi: number): void {
  stiffnessColumns(k.aj, k.a0, k.a1, k.a0All, k.a1All, k.r0, k.r1, k.relRot, k.tInverse, k.halfExp, k.halfTangent, k.u6, k.f6, k.force,
    k.lever, k.dLocal, k.dp, k.dv, k.omegaRel, k.stiffness, k.damping, k.coefficients, k.j0, k.g0, k.nd0, k.rates0, k.j1, k.g1, k.nd1,
    k.rates1, k.dA, k.dAll, k.dM, k.dAj, k.du6, k.dv6, k.df6, k.m, n0, n1, null0, null1, intrinsic, hasDamping, nearPi);
}

/** The test's inputs (see kernelValues). */
const values = (seed: number, special: number): (() => number) => kernelValues(seed, { specialShare: special, specials: [...kernelSpecials, 1e-15], decades: 8 });

describe('rigidBodySpringDamper kernel', () => {
  const sizes: [number, number][] = [[0, 7], [7, 0], [7, 7], [6, 3], [1, 1], [rigidBodySpringDamperMarkerCapacity, rigidBodySpringDamperMarkerCapacity]];

  it.each([[0.002, 1], [0.15, 2]])('give the JavaScript source\'s memory bit for bit (special values %s)', (special, seed) => {
    const next = values(seed, special);
    let cases = 0;
    for (const [n0, n1] of sizes) {
      for (let flags = 0; flags < 32; flags++) {
        const null0 = flags & 1, null1 = (flags >> 1) & 1, intrinsic = (flags >> 2) & 1, hasDamping = (flags >> 3) & 1, nearPi = (flags >> 4) & 1;
        for (let i = 0; i < memory.length; i++) memory[i] = next();
        // in about half of the cases the first columns (up to 3) of both markers do not turn them (a rigid body's translations)
        if (next() > 0) {
          for (const [g, nd, nm] of [[k.g0, k.nd0, n0], [k.g1, k.nd1, n1]] as const) {
            for (let c = 0; c < Math.min(3, nm); c++) {
              for (let r = 0; r < 3; r++) g[r * nm + c] = 0;
              for (let r = 0; r < 9; r++) nd[r * nm + c] = r % 2 === 0 ? 0 : -0;
            }
          }
        }
        const start = memory.slice();
        javascriptColumns(n0, n1, null0, null1, intrinsic, hasDamping, nearPi);
        const expected = bitPatterns(memory);
        memory.set(start);
        k.stiffnessColumns(n0, n1, null0, null1, intrinsic, hasDamping, nearPi);
        expect(bitPatterns(memory)).toEqual(expected);
        cases++;
      }
    }
    expect(cases).toBe(32 * sizes.length);
  });

  it.each([[0.002, 3], [0.15, 4]])('translation-only columns give the JavaScript source\'s memory bit for bit (special values %s)', (special, seed) => {
    const next = values(seed, special);
    let cases = 0;
    for (const [n0, n1] of sizes) {
      for (let flags = 0; flags < 16; flags++) {
        const null0 = flags & 1, null1 = (flags >> 1) & 1, hasDamping = (flags >> 2) & 1, damping = (flags >> 3) & 1;
        for (let i = 0; i < memory.length; i++) memory[i] = next();
        const start = memory.slice();
        if (damping !== 0) translationDampingColumns(k.aj, k.damping, k.j0, k.j1, k.m, n0, n1);
        else {
          translationColumns(k.aj, k.a0, k.r0, k.dp, k.dv, k.f6, k.stiffness, k.damping, k.j0, k.g0, k.nd0, k.rates0, k.j1, k.nd1, k.rates1,
            k.dA, k.dAll, k.dAj, k.du6, k.dv6, k.m, n0, n1, null0, null1, hasDamping);
        }
        const expected = bitPatterns(memory);
        memory.set(start);
        if (damping !== 0) k.translationDampingColumns(n0, n1);
        else k.translationColumns(n0, n1, null0, null1, hasDamping);
        expect(bitPatterns(memory)).toEqual(expected);
        cases++;
      }
    }
    expect(cases).toBe(16 * sizes.length);
  });

  it.each([[0.002, 5], [0.15, 6]])('the intrinsic state gives the JavaScript source\'s memory bit for bit (special values %s)', (special, seed) => {
    const next = values(seed, special);
    // uRot and φ: random, small (the series of T_exp⁻¹), zero, and the trigonometric values of φ
    const angles = [(): number => next(), (): number => 0.01 * next(), (): number => 0];
    let cases = 0;
    for (const angle of angles) {
      for (let flags = 0; flags < 16; flags++) {
        const velocities = flags & 1, linear = (flags >> 1) & 1, loads = linear & (flags >> 2), hasDamping = (flags >> 3) & 1;
        for (let i = 0; i < memory.length; i++) memory[i] = next();
        const x = angle(), y = angle(), z = 4 * angle();
        const phi = Math.hypot(x, y, z), half = 0.5 * phi;
        const trig = [Math.sin(half), phi < 0.05 ? 0 : Math.cos(half), Math.sin(0.5 * half)] as const;
        const start = memory.slice();
        intrinsicState(k.a0All, k.p0, k.p1, k.dv, k.omegaRel, k.stiffness, k.damping, k.offset, k.aj, k.u6, k.v6, k.f6, k.force, k.torque0,
          k.torque1, k.tInverse, k.halfExp, x, y, z, phi, ...trig, velocities, linear, loads, hasDamping);
        const expected = bitPatterns(memory);
        memory.set(start);
        k.intrinsicState(x, y, z, phi, ...trig, velocities, linear, loads, hasDamping);
        expect(bitPatterns(memory)).toEqual(expected);
        cases++;
      }
    }
    expect(cases).toBe(16 * angles.length);
  });

  it.each([[0.002, 7], [0.15, 8]])('the logarithm\'s terms give the JavaScript source\'s memory and result bit for bit (special values %s)', (special, seed) => {
    const next = values(seed, special);
    const results = [0, 0];
    for (let c = 0; c < 200; c++) {
      for (let i = 0; i < memory.length; i++) memory[i] = next();
      // some frames at 180° relative rotation (1 + tr M = 0): A0all = I, A1all = diag(1, −1, −1)
      if (c % 4 === 0) {
        k.a0All.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
        k.a1All.set([1, 0, 0, 0, -1, 0, 0, 0, -1]);
      }
      const start = memory.slice();
      const expected = intrinsicLog(k.a0All, k.a1All, k.relRot, k.logTerms);
      const expectedMemory = bitPatterns(memory);
      memory.set(start);
      expect(k.intrinsicLog()).toBe(expected);
      expect(bitPatterns(memory)).toEqual(expectedMemory);
      results[expected]++;
    }
    expect(results[0]).toBeGreaterThan(0);
    expect(results[1]).toBeGreaterThan(0);
  });

  it('writes every entry of the (n0 + n1)² columns', () => {
    for (const [n0, n1] of sizes) {
      const n = n0 + n1;
      memory.fill(0.5);
      k.m.fill(NaN);
      for (const call of [() => k.stiffnessColumns(n0, n1, 1, 1, 1, 1, 0), () => k.translationColumns(n0, n1, 1, 1, 1), () => k.translationDampingColumns(n0, n1)]) {
        k.m.fill(NaN);
        call();
        expect(k.m.subarray(0, n * n).every((x) => Number.isFinite(x))).toBe(true);
        if (n * n < k.m.length) expect(Number.isNaN(k.m[n * n])).toBe(true);
      }
    }
  });
});
