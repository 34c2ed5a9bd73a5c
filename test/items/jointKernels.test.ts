import { describe, expect, it } from 'vitest';
import { jointSlot, jointMarkerCapacity, jointNodeConstantsDoubles, jointSetupEntries, jointSlotDoubles } from '../../src/items/objects/jointKernels.ts';
import { evaluateJoint, evaluateNodeJoint } from '../../src/items/objects/jointKernelsSource.ts';
import { bitPatterns, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';

/*
 * The joints' kernel as WebAssembly against its source run as JavaScript on the same memory, bit for bit: the regions
 * and the joint's slot (inputs, work arrays, outputs) after both calls, from random values with ±0, subnormals, ±∞ and NaN among
 * them, for the set-ups of the joint items (translation frames, free and locked rotations, the alternative equations,
 * multiplier rows), both levels, with reactions, Jacobian or neither, and several marker sizes.
 * (test/scripts/wasmKernelCompiler.test.ts checks that the stored module is the source's compiled bytes.)
 */

/** The kernels and the slot the test's joint uses (`joint`: its byte address). */
const { kernels: k, region: slot, address: joint } = jointSlot();
/** All doubles of the kernels' memory (every view shares its buffer). */
const memory = new Float64Array(k.a0.buffer);

/** The call of the kernel's source as JavaScript on the memory's regions, the joint in the slot at byte address `joint`. */
function javascriptJoint(joint: number, n0: number, n1: number, index2: number, reactions: number, jacobian: number): void {
  const at = (byte: number, length: number) => new Float64Array(memory.buffer, byte, length);
  evaluateJoint(k.a0, k.a1, at(joint, 9), at(joint + 72, 9), k.p0, k.p1, k.v0, k.v1, k.omega0, k.omega1, k.j0, k.g0, k.j1, k.g1,
    k.lambda, k.reaction, k.g, k.c, k.a0All, k.a1All, k.a0AllDot, k.a1AllDot, k.dp, k.dv, k.skew, k.product, k.generic,
    at(joint + 144, jointSetupEntries), n0, n1, index2, reactions, jacobian);
}

/** Set-ups as JointModel writes them: [fromLeft, frame, alternative, rows, s0..s5, axis0, axis1]. */
const setups: readonly (readonly number[])[] = [
  // JointGeneric all locked, global translations
  [0, 0, 0, 6, 0, 1, 2, 3, 4, 5, 2, 2, 0, 1, 0, 1],
  // the same with the alternative rotation equations, R0 from the left
  [1, 0, 1, 6, 0, 1, 2, 3, 4, 5, 2, 2, 0, 1, 0, 1],
  // JointRevoluteZ (rotation z free: g = λ in row 5)
  [0, 0, 0, 6, 0, 1, 2, 3, 4, -1, 2, 2, -1, 0, 1, -1],
  // JointPrismaticX (translation x free, translations in J0)
  [0, 1, 0, 6, -1, 1, 2, 3, 4, 5, 2, 2, 0, 1, 0, 1],
  // a universal joint (two rotations free: one rotation row)
  [0, 0, 0, 6, 0, 1, 2, 3, -1, -1, 1, -1, -1, 2, -1, -1],
  // JointPrismatic2D (translations in J1, rotation z) with its two rows
  [0, 2, 0, 2, 1, 5, -1, -1, -1, -1, -1, -1, 0, -1, -1, 1],
  // JointSpherical (a point joint: three global translation rows)
  [0, 0, 0, 3, 0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1],
  // JointSpherical with x free (g = λ in row 0)
  [0, 0, 0, 3, -1, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1],
];

/** The test's inputs (see kernelValues). */
const values = (seed: number, special: number): (() => number) => kernelValues(seed, { specialShare: special, decades: 8 });

describe('joint kernel', () => {
  const sizes: [number, number][] = [[0, 7], [7, 0], [7, 7], [6, 3], [1, 1], [jointMarkerCapacity, jointMarkerCapacity]];
  const identity = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  /** Writes R0 = R1 = I and the set-up into the test joint's slot, as JointModel's bind does. */
  const place = (setup: readonly number[]): void => {
    slot.set(identity, 0);
    slot.set(identity, 9);
    slot.set(setup, 18);
  };

  it.each([[0.002, 1], [0.15, 2]])('gives the JavaScript source\'s memory bit for bit (special values %s)', (special, seed) => {
    const next = values(seed, special);
    let cases = 0;
    for (const setup of setups) {
      for (const [n0, n1] of sizes) {
        for (let flags = 0; flags < 8; flags++) {
          const index2 = flags & 1, reactions = (flags >> 1) & 1, jacobian = (flags >> 2) & 1;
          place(setup);
          // random everything but the set-up (λ of some rows exactly 0: those rows add nothing)
          const setupFirst = joint / 8 + 18;
          for (let i = 0; i < memory.length; i++) if (i < setupFirst || i >= setupFirst + jointSetupEntries) memory[i] = next();
          k.lambda[cases % 6] = 0;
          // the regions and the slot (the slots after it are never written)
          const used = memory.subarray(0, setupFirst + jointSetupEntries);
          const start = used.slice();
          javascriptJoint(joint, n0, n1, index2, reactions, jacobian);
          const expected = bitPatterns(used);
          used.set(start);
          k.evaluate(joint, n0, n1, index2, reactions, jacobian);
          expect(bitPatterns(used)).toEqual(expected);
          cases++;
        }
      }
    }
    expect(cases).toBe(8 * sizes.length * setups.length);
  });

  it('writes every entry of the rows × (n0 + n1) Jacobian and leaves the reactions of λ = 0 alone', () => {
    place(setups[2]);
    for (const [n0, n1] of sizes) {
      const n = n0 + n1;
      memory.fill(0.5, 0, joint / 8);
      k.c.fill(NaN);
      k.lambda.fill(0);
      k.reaction.fill(3);
      k.evaluate(joint, n0, n1, 0, 1, 1);
      expect(k.c.subarray(0, 6 * n).every((x) => Number.isFinite(x))).toBe(true);
      if (6 * n < k.c.length) expect(Number.isNaN(k.c[6 * n])).toBe(true);
      expect(k.reaction.every((x) => x === 3)).toBe(true);
    }
  });

  it('gives each joint a slot of its own after the work regions, and the next joints a new instance when one is full', () => {
    const first = jointSlot();
    expect(first.kernels).toBe(k);
    expect(first.address).toBe(joint + 8 * jointSlotDoubles);
    let next = first;
    let inSameInstance = 1;
    // bounded: one page holds a few hundred slots
    for (let taken = 0; taken < 10_000 && next.kernels === k; taken++) {
      next = jointSlot();
      if (next.kernels === k) inSameInstance++;
    }
    // the slots of one instance: the page after the work regions (joint/8 doubles before the test's own slot)
    expect(inSameInstance).toBe(Math.floor((8192 - joint / 8) / jointSlotDoubles) - 1);
    expect(next.address).toBe(joint);
    expect(next.region.buffer).not.toBe(first.region.buffer);
  });

  it('forms the markers\' kinematics from their nodes as the JavaScript source does, bit for bit (evaluateNodes)', () => {
    const { kernels: kn, region: nodeSlot, address: at } = jointSlot(true);
    expect(nodeSlot.length).toBe(jointSlotDoubles + jointNodeConstantsDoubles);
    const all = new Float64Array(kn.a0.buffer);
    const view = (byte: number, length: number) => new Float64Array(all.buffer, byte, length);
    const used = all.subarray(0, at / 8 + jointSlotDoubles + jointNodeConstantsDoubles);
    let cases = 0;
    for (const special of [0.002, 0.15]) {
      const next = values(7 + cases, special);
      for (const setup of setups) {
        for (const [kind0, kind1] of [[0, 1], [1, 0], [1, 1], [0, 2], [2, 0], [2, 1], [2, 2]]) {
          const n0 = kind0 > 0 ? 7 : 0, n1 = kind1 > 0 ? 7 : 0;
          for (let flags = 0; flags < 8; flags++) {
            const index2 = flags & 1, reactions = (flags >> 1) & 1, jacobian = (flags >> 2) & 1;
            for (let i = 0; i < used.length; i++) used[i] = next();
            nodeSlot.set(identity, 0);
            nodeSlot.set(identity, 9);
            nodeSlot.set(setup, 18);
            kn.lambda[cases % 6] = 0;
            const start = used.slice();
            evaluateNodeJoint(kn.a0, kn.a1, view(at, 9), view(at + 72, 9), kn.p0, kn.p1, kn.v0, kn.v1, kn.omega0, kn.omega1, kn.j0, kn.g0, kn.j1, kn.g1,
              kn.lambda, kn.reaction, kn.g, kn.c, kn.a0All, kn.a1All, kn.a0AllDot, kn.a1AllDot, kn.dp, kn.dv, kn.skew, kn.product, kn.generic,
              view(at + 144, jointSetupEntries), n0, n1, index2, reactions, jacobian,
              view(at + 8 * jointSlotDoubles, 18), view(at + 8 * jointSlotDoubles + 144, 18), kn.nodes, kind0, kind1);
            const expected = bitPatterns(used);
            used.set(start);
            kn.evaluateNodes(at, n0, n1, index2, reactions, jacobian, kind0, kind1);
            expect(bitPatterns(used)).toEqual(expected);
            cases++;
          }
        }
      }
    }
    expect(cases).toBe(2 * setups.length * 7 * 8);
  });

  it('gives a node marker the node\'s kinematics and Jacobians (p = r + q, A(p), v = u̇, ω̄ = G_l ṗ, [I | 0], [0 | G])', () => {
    const { kernels: kn, address: at, region } = jointSlot(true);
    const reference = [0.1, 0.2, 0.3, 0.6, 0.8, 0, 0], q = [0.01, -0.02, 0.03, 0, -0.3, 0.2, 0.1], u = [1, 2, 3, 0.1, -0.2, 0.3, 0.4];
    region.set([1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
    region.set([0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0], 18);
    region.fill(0, jointSlotDoubles, jointSlotDoubles + 36);
    region.set(reference.slice(0, 3), jointSlotDoubles + 18);
    region.set(reference.slice(3), jointSlotDoubles + 30);
    kn.nodes.set([...q, ...u], 14);
    kn.evaluateNodes(at, 0, 7, 1, 0, 1, 0, 1);
    const e = reference.slice(3).map((r, i) => r + q[3 + i]);
    expect(Array.from(kn.p1)).toEqual([0.1 + 0.01, 0.2 - 0.02, 0.3 + 0.03]);
    expect(Array.from(kn.v1)).toEqual([1, 2, 3]);
    expect(kn.a1[0]).toBe(-2 * e[3] * e[3] - 2 * e[2] * e[2] + 1);
    expect(kn.omega1[0]).toBe(0 + -2 * e[1] * u[3] + 2 * e[0] * u[4] + 2 * e[3] * u[5] + -2 * e[2] * u[6]);
    expect(Array.from(kn.j1.subarray(0, 21))).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(Array.from(kn.g1.subarray(0, 7))).toEqual([0, 0, 0, -2 * e[1], 2 * e[0], -2 * e[3], 2 * e[2]]);
  });

  it('evaluates a distance constraint (frame 3) on node markers, mass points among them, as the JavaScript source does, bit for bit', () => {
    const { kernels: kn, region: nodeSlot, address: at } = jointSlot(true);
    const all = new Float64Array(kn.a0.buffer);
    const view = (byte: number, length: number) => new Float64Array(all.buffer, byte, length);
    const used = all.subarray(0, at / 8 + jointSlotDoubles + jointNodeConstantsDoubles);
    const kinds = [[0, 2], [2, 0], [2, 3], [3, 2], [0, 3], [3, 0], [1, 3], [3, 3], [2, 2], [0, 1]];
    let cases = 0;
    for (const special of [0.002, 0.15]) {
      const next = values(31 + cases, special);
      for (const [kind0, kind1] of kinds) {
        const n0 = kind0 === 3 ? 3 : kind0 > 0 ? 7 : 0, n1 = kind1 === 3 ? 3 : kind1 > 0 ? 7 : 0;
        for (let flags = 0; flags < 4; flags++) {
          const index2 = flags & 1, jacobian = (flags >> 1) & 1;
          for (let i = 0; i < used.length; i++) used[i] = next();
          nodeSlot.fill(0, 18, jointSlotDoubles);
          nodeSlot[19] = 3;
          nodeSlot[22] = next();
          const start = used.slice();
          evaluateNodeJoint(kn.a0, kn.a1, view(at, 9), view(at + 72, 9), kn.p0, kn.p1, kn.v0, kn.v1, kn.omega0, kn.omega1, kn.j0, kn.g0, kn.j1, kn.g1,
            kn.lambda, kn.reaction, kn.g, kn.c, kn.a0All, kn.a1All, kn.a0AllDot, kn.a1AllDot, kn.dp, kn.dv, kn.skew, kn.product, kn.generic,
            view(at + 144, jointSetupEntries), n0, n1, index2, 0, jacobian,
            view(at + 8 * jointSlotDoubles, 18), view(at + 8 * jointSlotDoubles + 144, 18), kn.nodes, kind0, kind1);
          const expected = bitPatterns(used);
          used.set(start);
          kn.evaluateNodes(at, n0, n1, index2, 0, jacobian, kind0, kind1);
          expect(bitPatterns(used)).toEqual(expected);
          cases++;
        }
      }
    }
    expect(cases).toBe(2 * kinds.length * 4);
  });

  it('gives a mass point\'s marker (kind 3) p = r + q, v = u̇, J = I, and the distance row g = |Δp| − d, [0 − nᵀJ0, 0 + nᵀJ1]', () => {
    const { kernels: kn, address: at, region } = jointSlot(true);
    region.fill(0, 18, jointSlotDoubles + 36);
    region[19] = 3;
    region[22] = 2;
    region.set([1, 2, 3], jointSlotDoubles + 9);
    region.set([1, 2, 2], jointSlotDoubles + 18);
    kn.nodes.set([3, 4, 7, 0, 0, 0, 0, 0.5, -1, 2], 14);
    kn.evaluateNodes(at, 0, 3, 0, 0, 1, 0, 3);
    expect(Array.from(kn.p1)).toEqual([4, 6, 9]);
    expect(Array.from(kn.v1)).toEqual([0.5, -1, 2]);
    expect(Array.from(kn.j1.subarray(0, 9))).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(kn.g[0]).toBe(Math.sqrt(3 * 3 + 4 * 4 + 6 * 6) - 2);
    const length = Math.sqrt(61);
    expect(Array.from(kn.c.subarray(0, 3))).toEqual([0 + (1 / length) * 3, 0 + (1 / length) * 4, 0 + (1 / length) * 6]);
  });
});
