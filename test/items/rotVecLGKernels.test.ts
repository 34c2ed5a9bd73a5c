import { describe, expect, it } from 'vitest';
import { ExpSO3, TExpSO3Inv } from '../../src/index.ts';
import { composeRotationVectorsInto, rotationVectorMatrixInto, tExpSO3InvTimesInto } from '../../src/items/nodes/NodeRigidBodyRotVecLG.ts';

/** 3 × 3 product of nested arrays. */
const multiply = (a: number[][], b: number[][]) => a.map((row) => [0, 1, 2].map((j) => row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j]));

describe('NodeRigidBodyRotVecLG kernels (vectors as arrays and offsets)', () => {
  const v0 = [0.3, -0.2, 0.5];
  const omega = [0.05, 0.4, -0.1];

  it('rotationVectorMatrixInto reads ψ at the offset and gives exp(ψ̃)', () => {
    const a = new Float64Array(9);
    rotationVectorMatrixInto(a, new Float64Array([7, 7, ...v0]), 2);
    const expected = ExpSO3(v0).flat();
    // two evaluations of the same series: agreement to a few ulps of 1
    for (let k = 0; k < 9; k++) expect(a[k]).toBeCloseTo(expected[k], 14);
  });

  it('composeRotationVectorsInto gives exp(v0) exp(Ω), also written over its own inputs', () => {
    const separate = new Float64Array(3);
    composeRotationVectorsInto(separate, 0, new Float64Array(v0), 0, new Float64Array(omega), 0);
    const composed = multiply(ExpSO3(v0), ExpSO3(omega)).flat();
    const fromResult = ExpSO3(Array.from(separate)).flat();
    // the half-angle form loses accuracy only for tiny angles; here |v0 ∘ Ω| ≈ 0.9: 1e-14
    for (let k = 0; k < 9; k++) expect(fromResult[k]).toBeCloseTo(composed[k], 14);
    // the node's use: out, v0 and Ω in one work array
    const work = new Float64Array([0, 0, 0, ...v0, ...omega]);
    composeRotationVectorsInto(work, 0, work, 3, work, 6);
    expect(Array.from(work.subarray(0, 3))).toEqual(Array.from(separate));
  });

  it('tExpSO3InvTimesInto gives T_exp(Ω)⁻¹ w in the closed form and in the series near 0', () => {
    const w = [1.5, -0.7, 2];
    for (const rotation of [omega, [0.004, -0.003, 0.01]]) {
      const out = new Float64Array(4);
      tExpSO3InvTimesInto(out, 1, new Float64Array([9, ...rotation]), 1, new Float64Array(w), 0);
      const t = TExpSO3Inv(rotation);
      for (let r = 0; r < 3; r++) expect(out[r + 1]).toBeCloseTo(t[r][0] * w[0] + t[r][1] * w[1] + t[r][2] * w[2], 14);
      expect(out[0]).toBe(0);
    }
  });
});
