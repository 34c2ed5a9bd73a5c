import { describe, expect, it } from 'vitest';
import { evaluateVectorUserFunction } from '../../src/items/loads/loadUserFunctions.ts';
import { checkedUserVector } from '../../src/registry/userFunctionResults.ts';
import type { ItemState } from '../../src/registry/capabilities.ts';
import { bitPatterns } from '../helpers/kernelValues.ts';

const label = { category: 'Load', typeName: 'ForceVector', index: 2 };
/** The part of the state the vector load reads. */
const state = { mbs: {}, t: 0.25 } as unknown as ItemState;

/** evaluateVectorUserFunction with a user function returning result: the vector written, or the error thrown. */
function evaluated(result: unknown): Float64Array | Error {
  const out = new Float64Array(3).fill(7);
  try {
    evaluateVectorUserFunction(label, () => result as ArrayLike<number>, state, [1, 2, 3], new Float64Array([1, 2, 3]), out);
  } catch (error) {
    return error as Error;
  }
  return out;
}

/** What the check with its read loop gives: the vector of checkedUserVector's entries, or its error. */
function expected(result: unknown): Float64Array | Error {
  try {
    const checked = checkedUserVector(label, 'loadVectorUserFunction', result, 3);
    return Float64Array.from({ length: 3 }, (_, i) => checked[i]);
  } catch (error) {
    return error as Error;
  }
}

const holey = [1, 2, 3];
delete holey[1];
const sparse: number[] = [];
sparse[2] = 1;

const results: [string, unknown][] = [
  ['Smi list', [0, 0, 10]],
  ['double list', [0.5, -0, 1e-310]],
  ['mixed list', [1, 2.5, -3]],
  ['Float64Array', new Float64Array([Number.MAX_VALUE, -Number.MIN_VALUE, -0])],
  ['Int32Array', new Int32Array([1, -2, 3])],
  ['Float32Array', new Float32Array([0.1, 0.2, 0.3])],
  ['array-like object', { length: 3, 0: 1.5, 1: 2, 2: -0 }],
  ['list with a hole', holey],
  ['sparse list', sparse],
  ['null entry', [1, null, 3]],
  ['undefined entry', [1, undefined, 3]],
  ['boolean entry', [true, 0, 0]],
  ['string entry', ['1', 0, 0]],
  ['list entry', [[1], 0, 0]],
  ['object with valueOf', [{ valueOf: () => 1 }, 0, 0]],
  ['NaN', [0, 0, Number.NaN]],
  ['Infinity', [Number.POSITIVE_INFINITY, 0, 0]],
  ['−Infinity', [0, Number.NEGATIVE_INFINITY, 0]],
  ['BigInt64Array', new BigInt64Array(3)],
  ['two entries', [1, 2]],
  ['four entries', [1, 2, 3, 4]],
  ['Float64Array of four', new Float64Array(4)],
  ['empty list', []],
  ['length as a string', { length: '3', 0: 1, 1: 2, 2: 3 }],
  ['fractional length', { length: 3.5, 0: 1, 1: 2, 2: 3 }],
  ['object without length', {}],
  ['DataView', new DataView(new ArrayBuffer(24))],
  ['undefined', undefined],
  ['null', null],
  ['number', 3],
  ['string of three', 'abc'],
  ['function', () => [1, 2, 3]],
];

describe('evaluateVectorUserFunction', () => {
  it.each(results)('%s: the same vector (bit for bit) or the same error as checkedUserVector', (_name, result) => {
    const actual = evaluated(result);
    const reference = expected(result);
    if (reference instanceof Error) {
      expect(actual).toBeInstanceOf(Error);
      expect((actual as Error).message).toBe(reference.message);
      expect((actual as Error).name).toBe('FlexdynError');
    } else {
      expect(actual).toBeInstanceOf(Float64Array);
      expect(bitPatterns(actual as Float64Array)).toEqual(bitPatterns(reference));
    }
  });

  it('accepts the valid results and rejects the others', () => {
    const accepted = results.filter(([, result]) => !(evaluated(result) instanceof Error)).map(([name]) => name);
    expect(accepted).toEqual(['Smi list', 'double list', 'mixed list', 'Float64Array', 'Int32Array', 'Float32Array', 'array-like object']);
  });

  it('copies loadVector without a user function, and passes mbs, t and loadVector to one', () => {
    const out = new Float64Array(3);
    evaluateVectorUserFunction(label, 0, state, [9, 9, 9], new Float64Array([1, -0, 2.5]), out);
    expect(bitPatterns(out)).toEqual(bitPatterns(new Float64Array([1, -0, 2.5])));
    const loadVector = [0, 0, 10];
    evaluateVectorUserFunction(label, (mbs, t, load) => {
      expect(mbs).toBe(state.mbs);
      expect(load).toBe(loadVector);
      return load.map((value) => t * value);
    }, state, loadVector, new Float64Array(loadVector), out);
    expect(Array.from(out)).toEqual([0, 0, 2.5]);
  });

  it('a result whose elements kind changes between calls (Smi, double, Smi list) gives its values each time', () => {
    const out = new Float64Array(3);
    const userFunction = (_mbs: unknown, t: number, load: number[]) => load.map((value) => (t < 1 ? t * t : 1) * value);
    for (const t of [0, 0.5, 1, 0.25, 2]) {
      evaluateVectorUserFunction(label, userFunction, { mbs: {}, t } as unknown as ItemState, [0, 0, 10], new Float64Array([0, 0, 10]), out);
      expect(Array.from(out)).toEqual([0, 0, (t < 1 ? t * t : 1) * 10]);
    }
  });
});
