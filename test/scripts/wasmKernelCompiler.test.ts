import { describe, expect, it } from 'vitest';
import { compileKernelFile, compileKernels, kernelModuleText, kernelSources } from '../../scripts/wasmKernelCompiler.ts';
import { instantiateKernels, type KernelExports } from '../../src/linalg/storedWasmModule.ts';
import * as sample from './sampleKernels.ts';
import { bitPatterns, kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';

/** The sample kernels compiled, instantiated on a memory of one page, and a view of that memory. */
function instantiateSample() {
  const { exports, doubles } = instantiateKernels<KernelExports<typeof sample>>(new WebAssembly.Module(compileKernelFile('test/scripts/sampleKernels.ts')));
  expect(doubles.length).toBe(8192);
  return { exports, view: doubles };
}

/** The test's inputs (see kernelValues). */
const values = (seed: number): (() => number) => kernelValues(seed, { specialShare: 0.15, specials: [...kernelSpecials, 0.1], negativeBelow: 0.55, decades: 12 });

describe('wasmKernelCompiler', () => {
  const { exports, view } = instantiateSample();
  const next = values(7);

  it('compiles straight-line arithmetic bit for bit (literals, −0, unary minus, compound assignments, Math)', () => {
    for (let trial = 0; trial < 400; trial++) {
      const x = Float64Array.of(next(), next(), next());
      const out = Float64Array.of(0, 0, 0, 0, 0, next());
      const start = out[5];
      sample.straightLine(x, out);
      view.set(x, 0);
      view.fill(0, 8, 13);
      view[13] = start;
      exports.straightLine(0, 64);
      expect(bitPatterns(view.subarray(8, 14))).toEqual(bitPatterns(out));
    }
  });

  it('compiles loops, index arithmetic and results bit for bit', () => {
    for (const n of [0, 1, 2, 5, 8]) {
      const a = Float64Array.from({ length: 2 * n + 2 }, next);
      const out = new Float64Array(2 * n);
      const expected = sample.loops(a, n, out);
      view.set(a, 0);
      view.fill(1, 100, 100 + 2 * n);
      const got = exports.loops(0, n, 800);
      expect(bitPatterns([got])).toEqual(bitPatterns([expected]));
      expect(bitPatterns(view.subarray(100, 100 + 2 * n))).toEqual(bitPatterns(out));
    }
  });

  it('compiles conditions, select and early returns as JavaScript evaluates them', () => {
    const cases = [[1, 2], [2, 1], [1, 1], [NaN, 1], [-0, 0], [0, -0], [-3, NaN]];
    for (const [x, y] of cases) {
      for (const k of [0, 1, 2, 3, 6, 9]) {
        const out = new Float64Array(3);
        const expected = sample.branches(x, y, k, out);
        view.fill(7, 0, 3);
        expect(exports.branches(x, y, k, 0)).toBe(expected);
        expect(bitPatterns(view.subarray(0, 3))).toEqual(bitPatterns(out));
      }
    }
  });

  it('calls internal and exported functions of the file and imported ones, and exports only the file\'s exported ones', () => {
    const n = 6;
    const a = Float64Array.from({ length: n }, next), b = Float64Array.from({ length: n }, next);
    const out = new Float64Array(n + 1);
    sample.calls(a, b, n, out);
    view.set(a, 0);
    view.set(b, n);
    exports.calls(0, 8 * n, n, 16 * n);
    expect(bitPatterns(view.subarray(2 * n, 3 * n + 1))).toEqual(bitPatterns(out));
    const exported = WebAssembly.Module.exports(new WebAssembly.Module(compileKernelFile('test/scripts/sampleKernels.ts'))).map((e) => e.name);
    expect(exported.sort()).toEqual(['branches', 'bytes', 'calls', 'integers', 'loops', 'straightLine']);
  });

  it('compiles Int32Array elements, while, break and continue as JavaScript runs them', () => {
    const random = values(11);
    const integer = (below: number): number => Math.floor(Math.abs(random()) * 1e6) % (below + 1) - 1; // −1 … below − 1
    for (const n of [0, 1, 4, 9, 30]) {
      for (const limit of [0, 2, 50]) {
        const given = Int32Array.from({ length: n }, () => integer(n));
        const next = Int32Array.from({ length: n }, () => integer(n));
        const counts = new Int32Array(n + 1), starts = new Int32Array(n + 1);
        const expected = given.slice();
        const skipped = sample.integers(expected, n, next, limit, counts, starts);
        // the same arrays in the memory as Int32Arrays: values at byte 0, next, counts, starts after them
        const ints = new Int32Array(view.buffer);
        const at = { values: 0, next: 4 * n, counts: 8 * n, starts: 12 * n + 4 };
        ints.fill(-7, 0, 16 * n + 8);
        ints.set(given, at.values / 4);
        ints.set(next, at.next / 4);
        ints.fill(0, at.counts / 4, at.counts / 4 + 2 * n + 2);
        expect(exports.integers(at.values, n, at.next, limit, at.counts, at.starts)).toBe(skipped);
        expect(ints.slice(0, n)).toEqual(expected);
        expect(ints.slice(at.counts / 4, at.counts / 4 + n + 1)).toEqual(counts);
        expect(ints.slice(at.starts / 4, at.starts / 4 + n + 1)).toEqual(starts);
        if (n === 30) expect(new Set(expected).size).toBeGreaterThan(2); // chains of several lengths, stopped ones (−1) among them
      }
    }
  });

  it('compiles Uint8Array elements, Math.floor and number | 0 as JavaScript runs them', () => {
    const random = values(13);
    for (const n of [1, 5, 40]) {
      const x = Float64Array.from({ length: n }, () => random() * 1e3).map((v) => (Number.isFinite(v) ? Math.max(-1e9, Math.min(1e9, v)) : 0.5)); // | 0 traps in wasm beyond 2³¹
      const text = new Uint8Array(3 + n).fill(7), out = new Float64Array(1);
      const expected = sample.bytes(x, n, text, 3, out);
      // x at byte 0, text at byte 8n (bytes 8n … 8n + 2 stay 7), out after it
      const bytes = new Uint8Array(view.buffer);
      const at = { x: 0, text: 8 * n, out: 8 * n + 8 * Math.ceil((3 + n) / 8) };
      view.set(x, 0);
      bytes.fill(7, at.text, at.text + 3 + n);
      expect(exports.bytes(at.x, n, at.text, 3, at.out)).toBe(expected);
      expect(bytes.slice(at.text, at.text + 3 + n)).toEqual(text);
      expect(view[at.out / 8]).toBe(out[0]);
    }
    expect(() => compileKernels('export function f(k: Int): Int { return k | 1; }', 'k.ts')).toThrow(/\| is only number \| 0/);
  });

  it('calls the host\'s Math.atan2 (imported as env.atan2, before the module\'s own functions in the index space)', () => {
    const source = [
      'function twice(x: number): number { return 2 * x; }',
      'export function angle(a: Float64Array, n: Int): void {',
      '  for (let i: Int = 0; i < n; i++) a[2 * n + i] = twice(Math.atan2(a[i], a[n + i]));',
      '}',
    ].join('\n');
    const { exports: k, doubles } = instantiateKernels<{ angle(a: number, n: number): void }>(new WebAssembly.Module(compileKernels(source, 'k.ts')));
    const random = values(17), n = 200;
    for (let i = 0; i < 2 * n; i++) doubles[i] = random();
    k.angle(0, n);
    const expected = Array.from({ length: n }, (_, i) => 2 * Math.atan2(doubles[i], doubles[n + i]));
    expect(bitPatterns(doubles.subarray(2 * n, 3 * n))).toEqual(bitPatterns(expected));
  });

  it('calls the host\'s Math.sin and Math.cos (imported as env.sin, env.cos)', () => {
    const source = [
      'export function trig(a: Float64Array, n: Int): void {',
      '  for (let i: Int = 0; i < n; i++) {',
      '    a[n + i] = Math.sin(a[i]);',
      '    a[2 * n + i] = Math.cos(0.5 * a[i]);',
      '  }',
      '}',
    ].join('\n');
    const { exports: k, doubles } = instantiateKernels<{ trig(a: number, n: number): void }>(new WebAssembly.Module(compileKernels(source, 'k.ts')));
    const random = values(19), n = 200;
    for (let i = 0; i < n; i++) doubles[i] = random();
    doubles.set([0, -0, 1e-300, Math.PI, 1e22, -Infinity, NaN], 0);
    k.trig(0, n);
    const input = Array.from(doubles.subarray(0, n));
    expect(bitPatterns(doubles.subarray(n, 2 * n))).toEqual(bitPatterns(input.map((x) => Math.sin(x))));
    expect(bitPatterns(doubles.subarray(2 * n, 3 * n))).toEqual(bitPatterns(input.map((x) => Math.cos(0.5 * x))));
  });

  it('names file, line and construct of what the subset does not have', () => {
    const cases: [string, RegExp][] = [
      ['export function f(a: Float64Array): void { a[0] = Math.tan(a[1]); }', /k\.ts:1:\d+: only Math\.sqrt.*Math\.sin/],
      ['export function f(a: number): number { return a % 2; }', /operator not in the subset/],
      ['export function f(k: Int, x: number): number { return k + x; }', /a number where a Int is expected|a Int where a number is expected/],
      ['export function f(k: Int): Int { return k / 2; }', /operator not in the subset for a Int/],
      ['export function f(x: number): void {\n  do x -= 1; while (x > 0);\n}', /k\.ts:2:3: statement not in the subset/],
      ['export function f(x: number): void {\n  if (x > 0) break;\n}', /k\.ts:2:14: break outside a loop/],
      ['export function f(a: Int32Array, i: Int): void { a[i] = a[i] + 0.5; }', /literal is not a 32-bit integer/],
      ['export function f(a: Int32Array, b: Float64Array): void { b[0] = a[0]; }', /a Int where a number is expected/],
      ['export function f(a: Float64Array): void { a[0]++; }', /\+\+ and -- are of Int locals and Int32Array elements/],
      ['export function f(a: Int32Array, i: Int): void { a[++i] = 0; }', /unary operator not in the subset/],
      ["import { readFileSync } from 'node:fs';\nexport function f(): void {}", /k\.ts:1:1: a kernel file imports named functions of another kernel file/],
      ["import { missing } from './test/scripts/sampleKernelHelpers.ts';\nexport function f(): void {}", /declares no function of this name/],
      ["import { twicePlusOne } from './test/scripts/sampleKernelHelpers.ts';\nfunction plusOne(x: number): number { return x; }\nexport function f(): void {}", /a function of this name is in the module already/],
      ['export function f(x: number): number { if (x) return 1; return 0; }', /a condition must be a comparison/],
      ['export function f(x: number): number { const y = x; y = 2; return y; }', /y is a const/],
      ['export function f(x: string): void {}', /type string is not a kernel type/],
      ['export function f(a: Float64Array): void { a = a; }', /not assigned|a Float64Array where/],
      ['const c = 1;\nexport function f(): void {}', /k\.ts:1:1: only imports and function declarations/],
      ['export function f(x: number): number { return 1.5; }\nexport function g(k: Int): Int { return 1.5; }', /literal is not a 32-bit integer/],
    ];
    for (const [text, message] of cases) expect(() => compileKernels(text, 'k.ts')).toThrow(message);
  });

  it.each(kernelSources.map((k) => [k.source, k] as const))('stores the module compiled from %s', async (_source, kernel) => {
    const stored = await import(/* @vite-ignore */ `../../${kernel.module}`) as Record<string, string>;
    const bytes = compileKernelFile(kernel.source);
    expect(kernelModuleText(kernel)).toContain(stored[kernel.constant].slice(0, 100));
    expect(stored[kernel.constant]).toBe(btoa(String.fromCharCode(...bytes)));
  });
});
