import { describe, expect, it } from 'vitest';
import { bitPatterns as bits, kernelValues as values } from '../helpers/kernelValues.ts';
import { rollingDiscGeometryLayout as at, rollingDiscGeometryRegion } from '../../src/items/objects/rollingDiscGeometryKernels.ts';
import * as source from '../../src/items/objects/rollingDiscGeometryKernelsSource.ts';

describe('rollingDiscGeometryKernels', () => {
  it('computes positions, velocities and the trail velocity bit for bit as the source run as JavaScript', () => {
    const { kernels, region, address } = rollingDiscGeometryRegion();
    for (let trial = 0; trial < 600; trial++) {
      const next = values(trial + 1, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const input = Float64Array.from({ length: at.doubles }, next);
      // parallel axis and normal (|w1 × n0| = 0), zero vectors
      if (trial % 17 === 0) input.copyWithin(at.discAxis, at.planeNormal, at.planeNormal + 3).copyWithin(at.a1, at.a0, at.a0 + 9);
      if (trial % 19 === 0) input.fill(0, at.omegaLocal0, at.v1 + 3);
      const positionsOnly = trial % 3 === 0;
      const expected = input.slice();
      const length = positionsOnly ? source.positions(expected) : source.kinematics(expected);
      const armAt = trial % 2 === 0 ? at.contactPoint : at.planeArm;
      source.trailVelocity(expected, expected.subarray(armAt, armAt + 3));
      region.set(input);
      expect(bits([positionsOnly ? kernels.positions(address) : kernels.kinematics(address)])).toEqual(bits([length]));
      kernels.trailVelocity(address, address + 8 * armAt);
      expect(bits(region)).toEqual(bits(expected));
    }
  });

  it('forms the markers\' kinematics from Euler-parameter nodes bit for bit as the source run as JavaScript', () => {
    const { kernels, region, address } = rollingDiscGeometryRegion();
    for (let trial = 0; trial < 400; trial++) {
      const next = values(trial + 7, { specialShare: trial % 4 === 3 ? 0.08 : 0 });
      const input = Float64Array.from({ length: at.doubles }, next);
      // all coordinates zero: a disc axis parallel to the normal where the reference rotations are the identity's
      if (trial % 17 === 0) input.fill(0, at.reference0, at.doubles).fill(1, at.reference0 + 3, at.reference0 + 4).fill(1, at.reference1 + 3, at.reference1 + 4).copyWithin(at.discAxis, at.planeNormal, at.planeNormal + 3);
      const bodies = trial % 2;
      const expected = input.slice();
      const length = source.nodeKinematics(expected, bodies);
      region.set(input);
      expect(bits([kernels.nodeKinematics(address, bodies)])).toEqual(bits([length]));
      expect(bits(region)).toEqual(bits(expected));
    }
  });

  it('gives each geometry a region of its own', () => {
    const a = rollingDiscGeometryRegion(), b = rollingDiscGeometryRegion();
    expect(b.address - a.address === 8 * at.doubles || b.address === 0).toBe(true);
    expect(a.region.length).toBe(at.doubles);
  });
});
