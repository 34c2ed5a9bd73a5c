import { describe, expect, it } from 'vitest';
import { bitPatterns as bits, kernelValues as values } from '../helpers/kernelValues.ts';
import { reevingSystemRegion } from '../../src/items/objects/reevingSystemKernels.ts';
import * as source from '../../src/items/objects/reevingSystemKernelsSource.ts';

/** The first double of a view in its region. */
function at(view: Float64Array, region: Float64Array): number {
  return (view.byteOffset - region.byteOffset) / 8;
}

describe('reevingSystemKernels', () => {
  it('compute the spans and the loads bit for bit as the source run as JavaScript', () => {
    const layouts = [[7, 7, 7], [0, 7, 6], [7, 0], [6, 7, 0, 7, 1]];
    const rates = new Set<string>();
    for (let trial = 0; trial < 400; trial++) {
      const coordinates = layouts[trial % layouts.length];
      const rope = reevingSystemRegion(coordinates);
      const doubles = (rope.tableAddress - rope.address) / 8;
      const table = new Int32Array(rope.region.buffer, rope.region.byteOffset + 8 * doubles, 14 + coordinates.length);
      const next = values(trial + 1, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const input = Float64Array.from({ length: doubles }, next);
      input[3] = trial % 2;
      // a span of length 0 (its tangent points coincide): no rate, no shear damping
      if (trial % 5 === 0) {
        const p = at(rope.position, rope.region), t = at(rope.tangents, rope.region);
        input.copyWithin(p + 3, p, p + 3);
        input.fill(0, t, t + 6);
      }
      const expected = input.slice();
      const rate = trial % 3 === 0 ? source.loads(expected, table) : source.spans(expected, table);
      rope.region.set(input);
      expect(bits([trial % 3 === 0 ? rope.kernels.loads(rope.address, rope.tableAddress) : rope.kernels.spans(rope.address, rope.tableAddress)])).toEqual(bits([rate]));
      expect(bits(rope.region.subarray(0, doubles))).toEqual(bits(expected));
      rates.add(bits([rate])[0]);
    }
    expect(rates.size).toBeGreaterThan(100);
  });

  it('lays out the parts of a rope in its region', () => {
    const rope = reevingSystemRegion([7, 0, 6]);
    expect([rope.position.length, rope.tangents.length, rope.lengths.length, rope.wrap.length]).toEqual([9, 12, 2, 6]);
    expect(rope.loads.map((load) => load.length)).toEqual([7, 0, 6]);
    expect(rope.positionJacobians[1].byteOffset - rope.positionJacobians[0].byteOffset).toBe(8 * 6 * 7);
    expect(rope.rotationJacobians[0].byteOffset - rope.positionJacobians[0].byteOffset).toBe(8 * 3 * 7);
  });
});
