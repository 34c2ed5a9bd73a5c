import { describe, expect, it } from 'vitest';
import { ancfCableCircleModuleBase64 } from '../../src/contact/ancfCableCircleKernelsModule.ts';
import * as source from '../../src/contact/ancfCableCircleKernelsSource.ts';
import { shapeFunctions } from '../../src/items/objects/ObjectANCFCable2D.ts';
import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, type KernelExports } from '../../src/linalg/storedWasmModule.ts';
import { bitPatterns, kernelValues } from '../helpers/kernelValues.ts';

/*
 * The circle–ANCF cable contact kernels as WebAssembly against their source run as JavaScript on the same memory, bit
 * for bit: the whole memory (inputs, work arrays, outputs) after both calls, for elements pressed into a circle (chord
 * and exact method, without and with friction in both of its regimes, with and without derivatives) and for the
 * elements' bounding boxes, motion and swept boxes and a pair's Jacobian blocks, with special values (±0, subnormals, ±∞, NaN) mixed into the inputs. test/contact/ancfCableCircle.test.ts checks the runtime's
 * results (derivatives against differences); test/scripts/wasmKernelCompiler.test.ts that the stored module is the
 * source's compiled bytes.
 */

const chords = 12;
const columns = 7;
const layout = kernelLayout({
  e: 8, et: 8, s: 16, g: 11, gX: 110, gY: 121, w: 48, dX: 20, r: 176, shapes: 8 * chords, points: 15 * chords, shared: chords, middles: 3 * chords,
  coordinates: 8 * chords, lengths: chords, halfHeights: chords, boxes: 6 * chords,
  coordinates1: 8 * chords, boxes1: 6 * chords,
  K: 12 * columns, J: 3 * columns, C: 88, M: 11 * columns, rows: columns * (8 + columns),
});
const { exports, doubles } = instantiateKernels<KernelExports<typeof source>>(compileStoredModule(ancfCableCircleModuleBase64));
const v = kernelViews(doubles, layout), at = layout.addresses;
const memory = doubles.subarray(0, layout.doubles);

/** Writes an element of length L with n chords pressed into the circle into the inputs (a share `special` of them replaced by special values). */
function writeCase(next: () => number, special: () => number, L: number, n: number, friction: number, zone: number): void {
  for (let i = 0; i < memory.length; i++) memory[i] = special();
  const depth = 0.03 * next(), x0 = -L / 2 + 0.1 * (next() - 0.5), y = 0.5 - depth;
  const e = [x0, y + 0.3 * depth * next(), 1, 0.3 * (next() - 0.5), x0 + L, y + 0.3 * depth * next(), 1, 0.3 * (next() - 0.5)];
  const s = [0.02 * (next() - 0.5), 0.01 * (next() - 0.5), 0.3 * (next() - 0.5), 0.3 * (next() - 0.5), next() < 0.2 ? 0 : 2 * (next() - 0.5),
    L, n, 0.5, 0.5, 1e5, next() < 0.2 ? 0 : 100, friction, zone];
  const pick = (x: number) => (next() < 0.01 ? special() : x);
  for (let k = 0; k < 8; k++) { v.e[k] = pick(e[k]); v.et[k] = pick(0.4 * (next() - 0.5)); }
  s.forEach((x, k) => { v.s[k] = k === 6 ? x : pick(x); });
  const l = L / n;
  for (let c = 0; c < n; c++) {
    shapeFunctions(c * l, L, v.shapes, 8 * c);
    shapeFunctions(c * l + l, L, v.shapes, 8 * c + 4);
    for (let k = 0; k < 3; k++) {
      const x = c * l + (0.5 + 0.5 * (k - 1)) * l;
      shapeFunctions(x, L, v.points, 15 * c + 5 * k);
      v.points[15 * c + 5 * k + 4] = (x - c * l) / l;
    }
    v.shared[c] = c > 0 && next() < 0.5 ? 1 : 0;
  }
}

/** Runs `call` on the JavaScript source and on the module from the same memory: the memory and results after each. */
function both(javascript: () => number, wasm: () => number): void {
  const start = memory.slice();
  const expectedResult = javascript();
  const expected = bitPatterns(memory);
  memory.set(start);
  const result = wasm();
  expect(result).toBe(expectedResult);
  expect(bitPatterns(memory)).toEqual(expected);
}

describe('ancfCableCircle kernels', () => {
  const regimes: [number, number][] = [[0, 1], [0.5, 10], [0.5, 1e-3], [0.5, 1e-101]];

  it.each([[0, 1], [0.002, 2], [0.05, 3]])('chords: the JavaScript source\'s memory bit for bit (special share %s)', (share, seed) => {
    const next = kernelValues(seed, { specialShare: 0, negativeBelow: 0, decades: 0 }); // uniform in [1, 2)
    const special = kernelValues(seed + 100, { specialShare: share });
    const uniform = () => next() - 1;
    let contacts = 0;
    for (let trial = 0; trial < 200; trial++) {
      const [friction, zone] = regimes[trial % regimes.length];
      const n = 1 + (trial % chords), derivatives = (trial >> 2) % 2;
      writeCase(uniform, special, 0.3 + 0.2 * uniform(), n, friction, zone);
      both(
        () => source.chords(v.e, v.et, v.s, v.g, v.gX, v.gY, v.w, v.dX, v.r, v.shapes, v.points, v.shared, v.middles, n, derivatives),
        () => exports.chords(at.e, at.et, at.s, at.g, at.gX, at.gY, at.w, at.dX, at.r, at.shapes, at.points, at.shared, at.middles, n, derivatives),
      );
      if (source.chords(v.e, v.et, v.s, v.g, v.gX, v.gY, v.w, v.dX, v.r, v.shapes, v.points, v.shared, v.middles, n, derivatives) > 1) contacts++;
    }
    expect(contacts).toBeGreaterThan(100);
  });

  it.each([[0, 4], [0.05, 5]])('exactSegment: the JavaScript source\'s memory bit for bit (special share %s)', (share, seed) => {
    const next = kernelValues(seed, { specialShare: 0, negativeBelow: 0, decades: 0 });
    const special = kernelValues(seed + 100, { specialShare: share });
    const uniform = () => next() - 1;
    for (let trial = 0; trial < 200; trial++) {
      const [friction, zone] = regimes[trial % regimes.length];
      const L = 0.3 + 0.2 * uniform(), derivatives = (trial >> 2) % 2, count = trial % 4;
      writeCase(uniform, special, L, 1, friction, zone);
      const xa = 0.5 * L * uniform(), xb = xa + 0.5 * L * uniform();
      both(
        () => source.exactSegment(v.e, v.et, v.s, v.g, v.gX, v.gY, v.w, v.dX, v.r, v.middles, xa, xb, count, derivatives),
        () => exports.exactSegment(at.e, at.et, at.s, at.g, at.gX, at.gY, at.w, at.dX, at.r, at.middles, xa, xb, count, derivatives),
      );
    }
  });

  it.each([[0, 6], [0.05, 7]])('cableBoxes: the JavaScript source\'s memory bit for bit (special share %s)', (share, seed) => {
    const next = kernelValues(seed, { specialShare: share, decades: 2 });
    for (let trial = 0; trial < 100; trial++) {
      for (let i = 0; i < memory.length; i++) memory[i] = next();
      // bent elements of several lengths (interior extrema or none), straight ones (c3 = 0, c2 = 0) among them
      for (let i = 0; i < chords; i++) {
        v.lengths[i] = trial % 5 === 0 ? next() : 0.2 + 0.1 * (i % 3);
        v.halfHeights[i] = i % 2 === 0 ? 0 : Math.abs(next());
        if (i % 4 === 3) for (let k = 0; k < 8; k++) v.coordinates[8 * i + k] = [0, 0, 1, 0, v.lengths[i], 0, 1, 0][k];
      }
      const count = trial % (chords + 1);
      both(
        () => { source.cableBoxes(v.coordinates, v.lengths, v.halfHeights, v.boxes, count); return 0; },
        () => { exports.cableBoxes(at.coordinates, at.lengths, at.halfHeights, at.boxes, count); return 0; },
      );
    }
  });

  it.each([[0, 8], [0.05, 9]])('pairBlocks: the JavaScript source\'s memory bit for bit (special share %s)', (share, seed) => {
    const next = kernelValues(seed, { specialShare: share });
    for (let trial = 0; trial < 40; trial++) {
      for (let i = 0; i < memory.length; i++) memory[i] = next();
      const m = trial % (columns + 1), factorQ = next(), factorU = trial % 3 === 0 ? 0 : next();
      both(
        () => { source.pairBlocks(v.gX, v.gY, v.K, v.J, v.C, v.M, v.rows, factorQ, factorU, m); return 0; },
        () => { exports.pairBlocks(at.gX, at.gY, at.K, at.J, at.C, at.M, at.rows, factorQ, factorU, m); return 0; },
      );
    }
  });

  it.each([[0, 10], [0.05, 11]])('cableMotion and sweptCableBoxes: the JavaScript source\'s memory bit for bit (special share %s)', (share, seed) => {
    const next = kernelValues(seed, { specialShare: share, decades: 2 });
    for (let trial = 0; trial < 60; trial++) {
      for (let i = 0; i < memory.length; i++) memory[i] = next();
      const count = trial % (chords + 1);
      both(
        () => source.cableMotion(v.coordinates, v.coordinates1, v.lengths, count),
        () => exports.cableMotion(at.coordinates, at.coordinates1, at.lengths, count),
      );
      both(
        () => { source.sweptCableBoxes(v.coordinates, v.coordinates1, v.lengths, v.halfHeights, v.boxes, v.boxes1, count); return 0; },
        () => { exports.sweptCableBoxes(at.coordinates, at.coordinates1, at.lengths, at.halfHeights, at.boxes, at.boxes1, count); return 0; },
      );
    }
  });
});
