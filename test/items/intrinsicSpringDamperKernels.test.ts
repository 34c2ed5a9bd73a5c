import { describe, expect, it } from 'vitest';
import { intrinsicSpringDamperSetupDoubles, intrinsicSpringDamperSlot } from '../../src/items/objects/intrinsicSpringDamperKernels.ts';
import { intrinsicNodeLoads } from '../../src/items/objects/intrinsicSpringDamperKernelsSource.ts';
import { SystemContainer, RigidBodySpringDamper, RotationMatrixX, RotationMatrixZ } from '../../src/index.ts';
import { dynamicSettings } from '../helpers/settings.ts';
import { spinningBodyPair } from '../helpers/spinningBodyPair.ts';
import { bitPatterns, kernelValues } from '../helpers/kernelValues.ts';

/*
 * The intrinsic rigid-body spring-damper's kernel as WebAssembly against its source run as JavaScript on the same memory,
 * bit for bit: the shared regions and the connector's slot after both calls, from random values with ±0, subnormals, ±∞
 * and NaN among them, for every pair of marker kinds (fixed, node reference point, body-fixed point), R0 from either
 * side, all flags (damping, velocities, force law, loads; the module's atan2, sin and cos are the host's). Then whole runs through the kernel
 * against the connector's JavaScript.
 * (test/scripts/wasmKernelCompiler.test.ts checks that the stored module is the source's compiled bytes.)
 */

describe('intrinsic spring-damper kernel', () => {
  it.each([[0.002, 1], [0.15, 2], [0, 3]])('gives the JavaScript source\'s memory bit for bit (special values %s)', (special, seed) => {
    const { kernels: k, region, address: slot } = intrinsicSpringDamperSlot();
    const memory = new Float64Array(k.a0.buffer);
    const used = memory.subarray(0, slot / 8 + region.length);
    const at = (byte: number, length: number) => new Float64Array(memory.buffer, byte, length);
    const next = kernelValues(seed, { specialShare: special, decades: 2 });
    const setup = intrinsicSpringDamperSetupDoubles;
    let cases = 0, formed = 0;
    for (const kind0 of [0, 1, 2]) {
      for (const kind1 of [0, 1, 2]) {
        const n0 = kind0 > 0 ? 7 : 0, n1 = kind1 > 0 ? 7 : 0;
        for (let flags = 0; flags < 32; flags++) {
          const fromLeft = flags & 1, hasDamping = (flags >> 1) & 1, velocities = (flags >> 2) & 1, linear = (flags >> 3) & 1, loads = (flags >> 4) & 1;
          for (let i = 0; i < used.length; i++) used[i] = next();
          const start = used.slice();
          const result = intrinsicNodeLoads(k.a0, k.a1, k.p0, k.p1, k.v0, k.v1, k.w0, k.w1, k.j0, k.g0, k.j1, k.g1, k.a0All, k.a1All,
            k.relRot, k.logTerms, k.dv, k.omegaRel, k.aj, k.u6, k.v6, k.f6, k.force, k.torque0, k.torque1, k.tInverse, k.halfExp, k.nd0, k.nd1, k.nodes,
            k.out, at(slot, 9), at(slot + 8 * 9, 9), at(slot + 8 * 18, 36), at(slot + 8 * 54, 36), at(slot + 8 * 90, 6),
            at(slot + 8 * setup, 18), at(slot + 8 * (setup + 18), 18), n0, n1, kind0, kind1, fromLeft, hasDamping, velocities, linear, loads);
          const expected = bitPatterns(used);
          used.set(start);
          expect(k.loads(slot, n0, n1, kind0, kind1, fromLeft, hasDamping, velocities, linear, loads)).toBe(result);
          expect(bitPatterns(used)).toEqual(expected);
          cases++;
          formed += result === 0 ? 1 : 0;
        }
      }
    }
    expect(cases).toBe(288);
    expect(formed).toBeGreaterThan(200);
  });

  it('returns 1 at 180° relative rotation and leaves the output unchanged', () => {
    const { kernels: k, region, address: slot } = intrinsicSpringDamperSlot();
    // R0 = I, R1 = rotation by π about x; both markers fixed with A = I
    region.fill(0);
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
    region.set([1, 0, 0, 0, -1, 0, 0, 0, -1], 9);
    const c0 = intrinsicSpringDamperSetupDoubles, c1 = c0 + 18;
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], c0);
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], c1);
    k.out.fill(0.5);
    expect(k.loads(slot, 0, 0, 0, 0, 1, 0, 0, 1, 1)).toBe(1);
    expect(Array.from(k.out)).toEqual(new Array(14).fill(0.5));
  });

  it('adds the spring force −F to a node marker pulled towards a fixed marker', () => {
    const { kernels: k, region, address: slot } = intrinsicSpringDamperSlot();
    // R0 = R1 = I, K = 10 I, no damping, no offset; marker 0 on a node at rest at its reference point (0, 0, 0), unit
    // Euler parameters; marker 1 fixed at p = (1, 2, 3), A = I: no relative rotation, uPos = Δp, F = (10, 20, 30)
    region.fill(0);
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1], 9);
    for (let i = 0; i < 6; i++) region[18 + 7 * i] = 10;
    const c0 = intrinsicSpringDamperSetupDoubles, c1 = c0 + 18;
    region[c0 + 12] = 1;
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 2, 3], c1);
    k.nodes.fill(0);
    k.out.fill(0);
    expect(k.loads(slot, 7, 0, 1, 0, 1, 0, 0, 1, 1)).toBe(0);
    // the lever −½uPos gives the torque τ = (−½Δp) × F = 0; Gᵀτ adds zeros
    expect(Array.from(k.out.subarray(0, 3))).toEqual([-10, -20, -30]);
    expect(Array.from(k.out.subarray(3, 7)).every((x) => x === 0)).toBe(true);
  });
});

describe('intrinsic ConnectorRigidBodySpringDamper on Euler-parameter nodes', () => {
  /**
   * Two spinning bodies on Euler-parameter nodes, the intrinsic spring-damper between marker kinds kind0 and kind1 (0
   * ground, 1 a body's reference point, 2 a body-fixed point) with full K and D, an offset and both joint-frame rotations:
   * the final coordinates, through the kernel or (javaScript) through the connector's JavaScript (its kernel slot
   * removed at each bind).
   */
  const run = (kind0: number, kind1: number, damped: boolean, javaScript: boolean): number[] => {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const marker = spinningBodyPair(mbs);
    const matrix = (scale: number) => Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i === j ? scale * (2 + i) : 0.05 * scale)));
    const spring = mbs.addObject(RigidBodySpringDamper({
      markerNumbers: [marker(kind0, 0), marker(kind1, 1)], stiffness: matrix(10), damping: matrix(damped ? 0.2 : 0), offset: [0.01, 0, -0.02, 0.03, 0, 0.01],
      rotationMarker0: RotationMatrixX(0.3), rotationMarker1: RotationMatrixZ(-0.2), intrinsicFormulation: true,
    }));
    mbs.assemble();
    const model = mbs.compiled().objects[spring] as unknown as { bindNodeSlot(): void; intrinsicSlot: unknown };
    const prototype = Object.getPrototypeOf(model) as { bindNodeSlot(this: typeof model): void };
    const bindNodeSlot = prototype.bindNodeSlot;
    expect(model.intrinsicSlot).toBeDefined();
    if (javaScript) prototype.bindNodeSlot = function (this: typeof model) { bindNodeSlot.call(this); this.intrinsicSlot = undefined; };
    try {
      if (javaScript) model.bindNodeSlot();
      mbs.solveDynamic(dynamicSettings(0.3, 60));
      expect(model.intrinsicSlot === undefined).toBe(javaScript);
    } finally {
      prototype.bindNodeSlot = bindNodeSlot;
    }
    return Array.from(mbs.systemData.getODE2Coordinates());
  };

  it.each([[0, 1, false], [1, 0, true], [1, 2, false], [2, 1, true], [2, 2, true], [0, 2, false]])(
    'moves the same to the last bit through the kernel and through JavaScript (kinds %i, %i, damping %s)', (kind0, kind1, damped) => {
      const kernel = run(kind0, kind1, damped, false), javaScript = run(kind0, kind1, damped, true);
      expect(bitPatterns(kernel)).toEqual(bitPatterns(javaScript));
      expect(kernel.some((value, i) => Math.abs(value) > 1e-3 && i > 0)).toBe(true);
    });
});
