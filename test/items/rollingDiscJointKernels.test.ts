import { describe, expect, it } from 'vitest';
import { bitPatterns as bits, kernelValues as values } from '../helpers/kernelValues.ts';
import { rollingDiscJointLayout as at, rollingDiscJointRegion } from '../../src/items/objects/rollingDiscJointKernels.ts';
import * as source from '../../src/items/objects/rollingDiscJointKernelsSource.ts';

describe('rollingDiscJointKernels', () => {
  it('compute the reaction and the Jacobian bit for bit as the source run as JavaScript', () => {
    const { kernels, region, address } = rollingDiscJointRegion();
    const statuses = new Set<number>();
    for (let trial = 0; trial < 800; trial++) {
      const next = values(trial + 1, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const input = Float64Array.from({ length: at.doubles }, next);
      // parallel axis and normal (|w1 × n0| = 0: nothing written), and multipliers that are zero (no reaction) or partly zero
      if (trial % 13 === 0) input.fill(0, at.q0, at.u1 + 7).fill(0, at.reference0 + 4, at.reference0 + 7).fill(0, at.reference1 + 4, at.reference1 + 7).copyWithin(at.discAxis, at.planeNormal, at.planeNormal + 3);
      if (trial % 5 === 0) input.fill(0, at.lambda, at.lambda + 3);
      if (trial % 7 === 0) input[at.lambda + (trial % 3)] = 0;
      const bodies = trial % 2, jacobian = trial % 3 === 0;
      const expected = input.slice();
      const status = jacobian ? source.jacobian(expected, bodies) : source.reaction(expected, bodies);
      region.set(input);
      expect(jacobian ? kernels.jacobian(address, bodies) : kernels.reaction(address, bodies)).toBe(status);
      expect(bits(region)).toEqual(bits(expected));
      statuses.add(jacobian ? 3 + status : status);
    }
    expect([...statuses].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives each joint a region of its own', () => {
    const a = rollingDiscJointRegion(), b = rollingDiscJointRegion();
    expect(b.address - a.address === 8 * at.doubles || b.address === 0).toBe(true);
    expect(a.region.length).toBe(at.doubles);
  });
});
