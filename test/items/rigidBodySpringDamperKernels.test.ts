import { describe, expect, it } from 'vitest';
import { rigidBodySpringDamperKernels, rigidBodySpringDamperMarkerCapacity } from '../../src/items/objects/rigidBodySpringDamperKernels.ts';
import { stiffnessColumns } from '../../src/items/objects/rigidBodySpringDamperKernelsSource.ts';

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

/** A value generator: magnitudes over many decades and both signs, and (share `special`) the special values. */
function values(seed: number, special: number): () => number {
  let state = seed >>> 0;
  const specials = [0, -0, 5e-324, -2.2250738585072014e-308, Infinity, -Infinity, NaN, 1, -1, 1e-15];
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const r = state / 2 ** 32;
    if (r < special) return specials[state % specials.length];
    return (r < 0.5 ? -1 : 1) * 10 ** (8 * r - 4) * (1 + r);
  };
}

/** The doubles as strings, every NaN as one (wasm may give another NaN payload than JavaScript). */
function bits(a: ArrayLike<number>): string[] {
  return Array.from(a, (x) => (Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : String(x)));
}

describe('rigidBodySpringDamper kernel', () => {
  const sizes: [number, number][] = [[0, 7], [7, 0], [7, 7], [6, 3], [1, 1], [rigidBodySpringDamperMarkerCapacity, rigidBodySpringDamperMarkerCapacity]];

  it.each([[0.002, 1], [0.15, 2]])('give the JavaScript source\'s memory bit for bit (special values %s)', (special, seed) => {
    const next = values(seed, special);
    let cases = 0;
    for (const [n0, n1] of sizes) {
      for (let flags = 0; flags < 32; flags++) {
        const null0 = flags & 1, null1 = (flags >> 1) & 1, intrinsic = (flags >> 2) & 1, hasDamping = (flags >> 3) & 1, nearPi = (flags >> 4) & 1;
        for (let i = 0; i < memory.length; i++) memory[i] = next();
        const start = memory.slice();
        javascriptColumns(n0, n1, null0, null1, intrinsic, hasDamping, nearPi);
        const expected = bits(memory);
        memory.set(start);
        k.stiffnessColumns(n0, n1, null0, null1, intrinsic, hasDamping, nearPi);
        expect(bits(memory)).toEqual(expected);
        cases++;
      }
    }
    expect(cases).toBe(32 * sizes.length);
  });

  it('writes every entry of the (n0 + n1)² columns', () => {
    for (const [n0, n1] of sizes) {
      const n = n0 + n1;
      memory.fill(0.5);
      k.m.fill(NaN);
      k.stiffnessColumns(n0, n1, 1, 1, 1, 1, 0);
      expect(k.m.subarray(0, n * n).every((x) => Number.isFinite(x))).toBe(true);
      if (n * n < k.m.length) expect(Number.isNaN(k.m[n * n])).toBe(true);
    }
  });
});
