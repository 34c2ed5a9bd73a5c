import { describe, expect, it } from 'vitest';
import { compileKernelFile } from '../../scripts/wasmKernelCompiler.ts';
import { instantiateKernels, type KernelExports } from '../../src/linalg/storedWasmModule.ts';
import * as source from '../../src/io/textOutputKernelsSource.ts';
import { kernelSpecials, kernelValues } from '../helpers/kernelValues.ts';
import { mulberry32 } from '../helpers/random.ts';

/** Values per row of the test and the byte addresses of the regions (powers 10^−70 … 10^111, values, text, state). */
const rowLength = 64;
const at = { powers: 0, values: 8 * 182, text: 8 * (182 + rowLength), state: 8 * (182 + rowLength) + 26 * rowLength };

/** A memory laid out as {@link at} says, with its views. */
function memory(buffer: ArrayBuffer) {
  const powers = new Float64Array(buffer, at.powers, 182);
  for (let i = 0; i < 182; i++) powers[i] = Number(`1e${i - 70}`);
  return { powers, values: new Float64Array(buffer, at.values, rowLength), text: new Uint8Array(buffer, at.text, 26 * rowLength), state: new Int32Array(buffer, at.state, 1) };
}

/** The rows' texts as the source (JavaScript) and the module write them: each call's bytes and stop, in order. */
function calls(row: readonly number[], precision: number) {
  const { exports, doubles } = wasm;
  const js = memory(new ArrayBuffer(doubles.byteLength)), module = memory(doubles.buffer as ArrayBuffer);
  js.values.set(row);
  module.values.set(row);
  const fromSource: string[] = [], fromModule: string[] = [];
  for (let i = 0; i < row.length;) {
    const a = source.formatRow(js.values, i, row.length, i > 0 ? 1 : 0, precision, js.powers, js.text, js.state);
    const b = exports.formatRow(at.values, i, row.length, i > 0 ? 1 : 0, precision, at.powers, at.text, at.state);
    fromSource.push(`${js.state[0]}:${String.fromCharCode(...js.text.subarray(0, a))}`);
    fromModule.push(`${module.state[0]}:${String.fromCharCode(...module.text.subarray(0, b))}`);
    i = Math.max(js.state[0], module.state[0]) + 1;
  }
  return { fromSource, fromModule };
}

/** The row's text: the kernel's, with toPrecision's text of the values it stops at (the writer's fallback). */
function rowText(row: readonly number[], precision: number): string {
  const js = memory(new ArrayBuffer(8 * 182 + 8 * rowLength + 26 * rowLength + 8));
  js.values.set(row);
  let text = '';
  for (let i = 0; i < row.length;) {
    const written = source.formatRow(js.values, i, row.length, i > 0 ? 1 : 0, precision, js.powers, js.text, js.state);
    text += String.fromCharCode(...js.text.subarray(0, written));
    i = js.state[0];
    if (i < row.length) text += (i > 0 ? ',' : '') + reference(row[i], precision);
    i++;
  }
  return text;
}

/** Exudyn's text of a number. */
const reference = (value: number, precision: number): string => Number(value.toPrecision(precision)).toString();

const wasm = instantiateKernels<KernelExports<typeof source>>(new WebAssembly.Module(compileKernelFile('src/io/textOutputKernelsSource.ts')));

/** Rows of the test's values: seeded kernelValues over 300 decades, random bit patterns, and the edges. */
function rows(): number[][] {
  const random = mulberry32(5), next = kernelValues(17, { specialShare: 0.1, decades: 300 }), narrow = kernelValues(3, { decades: 30 });
  const words = new Uint32Array(2), bits = new Float64Array(words.buffer);
  const bitRandom = (): number => {
    words[0] = Math.floor(random() * 2 ** 32);
    words[1] = Math.floor(random() * 2 ** 32);
    return bits[0];
  };
  const edges: number[] = [...kernelSpecials, 0.5, 1.5, 2.5, 0.125, 1.25e-5, 1e-7, 1e-6, 9.999999e-7, 1e20, 1e21, 9.99999999999e20, 123456789012345, 2 ** 53, 5e-324, 1.7976931348623157e308];
  for (let e = -80; e <= 100; e++) {
    const p = Number(`1e${e}`);
    edges.push(p, p * (1 + 2 ** -52), p * (1 - 2 ** -53), 5 * p, 1.5 * p, 0.95 * p, 9.5 * p, 9.999999999999999 * p);
  }
  for (let d = 1; d <= 15; d++) for (let k = 0; k < 20; k++) edges.push(Number(`${Math.floor(random() * 10 ** d)}5e${Math.floor(random() * 40) - 25}`));
  const all: number[][] = [];
  for (let i = 0; i < edges.length; i += rowLength) all.push(edges.slice(i, i + rowLength));
  for (let r = 0; r < 60; r++) all.push(Array.from({ length: rowLength }, (_, i) => (i % 3 === 0 ? bitRandom() : i % 3 === 1 ? next() : narrow())));
  return all;
}

describe('textOutputKernels (row text)', () => {
  const all = rows();

  it('writes the same bytes and stops at the same values in the module as the source does, at precisions 0 … 17', () => {
    for (let precision = 0; precision <= 17; precision++) {
      for (const row of all) {
        const { fromSource, fromModule } = calls(row, precision);
        expect(fromModule).toEqual(fromSource);
      }
    }
  });

  it('gives Number(x.toPrecision(p)).toString() of every value with the writer\'s fallback, at precisions 1 … 17', () => {
    let stops = 0, values = 0;
    for (let precision = 1; precision <= 17; precision++) {
      for (const row of all) {
        expect(rowText(row, precision)).toBe(row.map((v) => reference(v, precision)).join(','));
        if (precision === 10) {
          stops += calls(row, precision).fromSource.length - 1;
          values += row.length;
        }
      }
    }
    expect(stops).toBeLessThan(0.4 * values); // the fast path takes most values (not the subnormals, extremes, ties)
  });
});
