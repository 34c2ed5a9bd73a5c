import { describe, expect, it } from 'vitest';
import { translationSpringDamperSetupDoubles, translationSpringDamperSlot } from '../../src/items/objects/translationSpringDamperKernels.ts';
import { translationLoads } from '../../src/items/objects/translationSpringDamperKernelsSource.ts';
import { bitPatterns, kernelValues } from '../helpers/kernelValues.ts';

/*
 * The translation-only rigid-body spring-damper's kernel as WebAssembly against its source run as JavaScript on the
 * same memory, bit for bit: the shared regions and the connector's slot after both calls, from random values with ±0,
 * subnormals, ±∞ and NaN among them, for every pair of marker kinds (fixed, node reference point, body-fixed point),
 * R0 from either side, with and without damping.
 * (test/scripts/wasmKernelCompiler.test.ts checks that the stored module is the source's compiled bytes.)
 */

describe('translation spring-damper kernel', () => {
  it.each([[0.002, 1], [0.15, 2]])('gives the JavaScript source\'s memory bit for bit (special values %s)', (special, seed) => {
    const { kernels: k, region, address: slot } = translationSpringDamperSlot();
    const memory = new Float64Array(k.a0.buffer);
    const used = memory.subarray(0, slot / 8 + region.length);
    const at = (byte: number, length: number) => new Float64Array(memory.buffer, byte, length);
    const next = kernelValues(seed, { specialShare: special, decades: 8 });
    let cases = 0;
    for (const kind0 of [0, 1, 2]) {
      for (const kind1 of [0, 1, 2]) {
        const n0 = kind0 > 0 ? 7 : 0, n1 = kind1 > 0 ? 7 : 0;
        for (let flags = 0; flags < 4; flags++) {
          const fromLeft = flags & 1, hasDamping = (flags >> 1) & 1;
          for (let i = 0; i < used.length; i++) used[i] = next();
          const start = used.slice();
          translationLoads(k.a0, k.a1, k.p0, k.p1, k.v0, k.v1, k.w0, k.w1, k.j0, k.g0, k.j1, k.g1, k.aj, k.nodes, k.out,
            at(slot, translationSpringDamperSetupDoubles), at(slot + 8 * translationSpringDamperSetupDoubles, 18),
            at(slot + 8 * (translationSpringDamperSetupDoubles + 18), 18), n0, n1, kind0, kind1, fromLeft, hasDamping);
          const expected = bitPatterns(used);
          used.set(start);
          k.loads(slot, n0, n1, kind0, kind1, fromLeft, hasDamping);
          expect(bitPatterns(used)).toEqual(expected);
          cases++;
        }
      }
    }
    expect(cases).toBe(36);
  });

  it('adds −J0ᵀF and J1ᵀF for a spring between a fixed marker and a node marker', () => {
    const { kernels: k, region, address: slot } = translationSpringDamperSlot();
    // R0 = I, K = 10 I, D = 0, offset 0; marker 0 on a node at rest at its reference point (0, 0, 0), unit Euler parameters
    region.fill(0);
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
    region[9] = 10; region[13] = 10; region[17] = 10;
    const c0 = translationSpringDamperSetupDoubles, c1 = c0 + 18;
    region[c0 + 12] = 1;
    // marker 1 fixed at p = (1, 2, 3), A = I
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 2, 3], c1);
    k.nodes.fill(0);
    k.loads(slot, 7, 0, 1, 0, 0, 0);
    // F = K Δp = (10, 20, 30) acts on marker 1; marker 0's position rows get −F, its rotation rows 0
    expect(Array.from(k.out.subarray(0, 7))).toEqual([-10, -20, -30, -0, -0, -0, -0]);
  });
});
