import { describe, expect, it } from 'vitest';
import { torsionalSpringDamperSetupDoubles, torsionalSpringDamperSlot } from '../../src/items/objects/torsionalSpringDamperKernels.ts';
import { torsionLoads } from '../../src/items/objects/torsionalSpringDamperKernelsSource.ts';
import {
  SystemContainer, TorsionalSpringDamper, RotationMatrixX, RotationMatrixZ,
} from '../../src/index.ts';
import { dynamicSettings } from '../helpers/settings.ts';
import { spinningBodyPair } from '../helpers/spinningBodyPair.ts';
import { bitPatterns, kernelValues } from '../helpers/kernelValues.ts';

/*
 * The torsional spring-damper's kernel as WebAssembly against its source run as JavaScript on the same memory, bit for
 * bit: the shared regions and the connector's slot after both calls, from random values with ±0, subnormals, ±∞ and NaN
 * among them, for every pair of marker kinds (fixed, node reference point, body-fixed point) and R0 from either side
 * (the module's atan2 is the host's Math.atan2). Then whole runs through the kernel against the connector's JavaScript.
 * (test/scripts/wasmKernelCompiler.test.ts checks that the stored module is the source's compiled bytes.)
 */

describe('torsional spring-damper kernel', () => {
  it.each([[0.002, 1], [0.15, 2], [0, 3]])('gives the JavaScript source\'s memory bit for bit (special values %s)', (special, seed) => {
    const { kernels: k, region, address: slot } = torsionalSpringDamperSlot();
    const memory = new Float64Array(k.a0.buffer);
    const used = memory.subarray(0, slot / 8 + region.length);
    const at = (byte: number, length: number) => new Float64Array(memory.buffer, byte, length);
    const next = kernelValues(seed, { specialShare: special, decades: 8 });
    const setup = torsionalSpringDamperSetupDoubles;
    let cases = 0;
    for (const kind0 of [0, 1, 2]) {
      for (const kind1 of [0, 1, 2]) {
        const n0 = kind0 > 0 ? 7 : 0, n1 = kind1 > 0 ? 7 : 0;
        for (let fromLeft = 0; fromLeft < 2; fromLeft++) {
          for (let i = 0; i < used.length; i++) used[i] = next();
          const start = used.slice();
          torsionLoads(k.a0, k.a1, k.p0, k.p1, k.v0, k.v1, k.w0, k.w1, k.j0, k.g0, k.j1, k.g1, k.a0All, k.a1All, k.nodes, k.out,
            at(slot, 14), at(slot + 8 * 14, 9), at(slot + 8 * setup, 18), at(slot + 8 * (setup + 18), 18), n0, n1, kind0, kind1, fromLeft);
          const expected = bitPatterns(used);
          used.set(start);
          k.loads(slot, n0, n1, kind0, kind1, fromLeft);
          expect(bitPatterns(used)).toEqual(expected);
          cases++;
        }
      }
    }
    expect(cases).toBe(18);
  });

  it('adds −G0ᵀT and G1ᵀT of the damping torque between a node marker and a fixed marker', () => {
    const { kernels: k, region, address: slot } = torsionalSpringDamperSlot();
    // R0 = R1 = I, d = 2 (k = 0, no offsets); marker 0 on a node at rest at its reference point, unit Euler parameters,
    // turning about z at ė = (0, 0, 0, 0.5) (ω = 2·G ė = (0, 0, 1)); marker 1 fixed, A = I, ω̄ = 0
    region.fill(0);
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], 14);
    region[10] = 2;
    const c0 = torsionalSpringDamperSetupDoubles, c1 = c0 + 18;
    region[c0 + 12] = 1;
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], c1);
    k.nodes.fill(0);
    k.nodes[13] = 0.5;
    k.loads(slot, 7, 0, 1, 0, 0);
    // Δω = 0 − 1, τ = −2: T = (0, 0, −2); marker 0 gets −G0ᵀT, and G0 at e = (1, 0, 0, 0) is 2 at the Euler parameters
    // e1, e2, e3 of rows x, y, z: only e3's entry, −(2 · −2) = 4 (the position rows −(−0) = +0)
    const out = Array.from(k.out.subarray(0, 7));
    expect(out.slice(0, 3)).toEqual([0, 0, 0]);
    expect(out.slice(3)).toEqual([-0, -0, -0, 4]);
  });
});

describe('ConnectorTorsionalSpringDamper on Euler-parameter nodes', () => {
  /**
   * Two bodies on Euler-parameter nodes (one spinning), the spring between marker kinds kind0 and kind1 (0 ground, 1 a
   * body's reference point, 2 a body-fixed point), with all five constants of the torque law and damping changed in
   * place at t = 0.1: the final coordinates, through the kernel (no user function) or through the connector's
   * JavaScript (a user function with the same operations).
   */
  const run = (kind0: number, kind1: number, userFunction: boolean): number[] => {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const marker = spinningBodyPair(mbs);
    const k = 3, velocityOffset = 0.2, torque = 0.4;
    const spring = mbs.addObject(TorsionalSpringDamper({
      markerNumbers: [marker(kind0, 0), marker(kind1, 1)], stiffness: k, damping: 0.1, offset: 0.1, velocityOffset, torque,
      rotationMarker0: RotationMatrixX(0.3), rotationMarker1: RotationMatrixZ(-0.2),
      springTorqueUserFunction: userFunction
        ? (_mbs, _t, _item, angle, omega, stiffness, damping, offset) => stiffness * (angle - offset) + damping * (omega - velocityOffset) + torque
        : 0,
    }));
    mbs.setPreStepUserFunction((system, t) => {
      if (Math.abs(t - 0.1) < 1e-9) system.setObjectParameter(spring, 'damping', 0.5);
      return true;
    });
    mbs.assemble();
    mbs.solveDynamic(dynamicSettings(0.3, 60));
    return Array.from(mbs.systemData.getODE2Coordinates());
  };

  it.each([[0, 1], [1, 0], [1, 2], [2, 1], [2, 2]])('moves the same to the last bit through the kernel and through JavaScript (kinds %i, %i)', (kind0, kind1) => {
    const kernel = run(kind0, kind1, false), javaScript = run(kind0, kind1, true);
    expect(bitPatterns(kernel)).toEqual(bitPatterns(javaScript));
    expect(kernel.some((value, i) => Math.abs(value) > 1e-3 && i > 0)).toBe(true);
  });
});
