import { describe, expect, it } from 'vitest';
import { bitPatterns as bits, kernelValues as values } from '../helpers/kernelValues.ts';
import { reevingSystemRegion } from '../../src/items/objects/reevingSystemKernels.ts';
import * as source from '../../src/items/objects/reevingSystemKernelsSource.ts';

/** The first double of a view in its region. */
function at(view: Float64Array, region: Float64Array): number {
  return (view.byteOffset - region.byteOffset) / 8;
}

/** The kernels, each called in turn. */
const kernelNames = ['spans', 'loads', 'tangentStart', 'tangentStep'] as const;

describe('reevingSystemKernels', () => {
  it('compute the spans, the loads and the tangent iteration bit for bit as the source run as JavaScript', () => {
    const layouts = [[7, 7, 7], [0, 7, 6], [7, 0], [6, 7, 0, 7, 1]];
    const rates = new Set<string>(), statuses = new Set<string>();
    for (let trial = 0; trial < 400; trial++) {
      const coordinates = layouts[Math.floor(trial / kernelNames.length) % layouts.length];
      const rope = reevingSystemRegion(coordinates);
      const doubles = (rope.tableAddress - rope.address) / 8;
      const table = rope.table;
      const next = values(trial + 1, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const input = Float64Array.from({ length: doubles }, next);
      input[3] = trial % 2;
      // a span of length 0 (its tangent points coincide): no rate, no shear damping
      if (trial % 5 === 0) {
        const p = at(rope.position, rope.region), t = at(rope.tangents, rope.region);
        input.copyWithin(p + 3, p, p + 3);
        input.fill(0, t, t + 6);
      }
      const name = kernelNames[trial % kernelNames.length], span = trial % (coordinates.length - 1);
      table[14] = span;
      // tangentStart: both radii 0 (no iteration), or the axis of marker span along the line of the centres (for span
      // 0 through an identity rotation: that tangentStart forms the global axes first)
      const p = at(rope.position, rope.region) + 3 * span, radii = at(rope.radii, rope.region) + span;
      const axis = at(span === 0 ? rope.localAxes : rope.axis, rope.region) + 3 * span, rotation = at(rope.rotations, rope.region);
      if (trial % 3 === 0) input.fill(0, radii, radii + 2);
      if (trial % 3 === 1) {
        for (let k = 0; k < 3; k++) input[axis + k] = 2 * (input[p + 3 + k] - input[p + k]);
        if (span === 0) input.set([1, 0, 0, 0, 1, 0, 0, 0, 1], rotation);
      }
      const expected = input.slice();
      const rate = source[name](expected, table);
      rope.region.set(input);
      expect(bits([rope.kernels[name](rope.address, rope.tableAddress)])).toEqual(bits([rate]));
      expect(bits(rope.region.subarray(0, doubles))).toEqual(bits(expected));
      (name === 'spans' || name === 'loads' ? rates : statuses).add(bits([rate])[0]);
    }
    expect(rates.size).toBeGreaterThan(50);
    expect([...statuses].sort()).toEqual(['0', '1', '3', '4', '5']);
  });

  it('lays out the parts of a rope in its region', () => {
    const rope = reevingSystemRegion([7, 0, 6]);
    expect([rope.position.length, rope.tangents.length, rope.lengths.length, rope.wrap.length]).toEqual([9, 12, 2, 6]);
    expect(rope.loads.map((load) => load.length)).toEqual([7, 0, 6]);
    expect(rope.positionJacobians[1].byteOffset - rope.positionJacobians[0].byteOffset).toBe(8 * 6 * 7);
    expect(rope.rotationJacobians[0].byteOffset - rope.positionJacobians[0].byteOffset).toBe(8 * 3 * 7);
    expect([rope.rotations.length, rope.localAxes.length, rope.table.length]).toEqual([27, 9, 23]);
  });
});
