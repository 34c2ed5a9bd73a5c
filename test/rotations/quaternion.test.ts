import { describe, it, expect } from 'vitest';
import {
  quaternionRotationMatrix, quaternionProduct, quaternionExp, quaternionComposeRotationVector, quaternionRateMatrix,
  quaternionAngularVelocityMatrix, quaternionRotationMatrixInto, quaternionRotationMatrixDerivativeInto,
  quaternionComposeRotationVectorInto, quaternionRatesInto, quaternionProductInto, quaternionExpInto,
  EulerParameters2RotationMatrix, EulerParameters2GLocal, ExpSO3, ExpS3, Skew, mat3Mul, mat3TransposeMul, mat3Det,
} from '../../src/rotations/index.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { derivative, flat, makeRandom, maxDiff, naiveMul, randomRotationVector, randomVector, uniform } from './helpers.ts';

const I3 = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
// Products of O(1) entries with a few roundings each: identities hold to ~8 ε; 4e-15 bounds that.
const ROUND = 4e-15;
// Fourth-order central differences (h = 1e-3) of O(1) functions: truncation ~3e-14, rounding ~3e-13.
const FD = 2e-11;

/** Random non-unit quaternion with norm in [0.2, 5]. */
function randomQuaternion(rand: () => number): number[] {
  const e = ExpS3(randomRotationVector(rand, 2 * Math.PI));
  const s = uniform(rand, 0.2, 5);
  return e.map((x) => s * x);
}

describe('rotation matrix of a non-unit quaternion (seed eq. 5)', () => {
  it('A(P) is orthogonal with det 1 and invariant under P → cP', () => {
    const rand = makeRandom(50);
    for (let k = 0; k < 50; k++) {
      const p = randomQuaternion(rand);
      const a = quaternionRotationMatrix(p);
      expect(maxDiff(mat3TransposeMul(a, a), I3)).toBeLessThan(ROUND);
      expect(Math.abs(mat3Det(flat(a)) - 1)).toBeLessThan(ROUND);
      for (const c of [1e-3, 3.7, -2, 1e4]) expect(maxDiff(quaternionRotationMatrix(p.map((x) => c * x)), a)).toBeLessThan(ROUND);
      // for unit quaternions it is Exudyn's Euler-parameter matrix
      const n = Math.hypot(...p);
      expect(maxDiff(EulerParameters2RotationMatrix(p.map((x) => x / n)), a)).toBeLessThan(ROUND);
    }
  });

  it('A(exp(φ)) = exp(φ̃) and A(P ⊗ Q) = A(P) A(Q) (Hamilton product)', () => {
    const rand = makeRandom(51);
    for (let k = 0; k < 50; k++) {
      const phi = randomRotationVector(rand, 3);
      expect(maxDiff(quaternionRotationMatrix(quaternionExp(phi)), ExpSO3(phi))).toBeLessThan(ROUND);
      const p = randomQuaternion(rand), q = randomQuaternion(rand);
      const pq = quaternionProduct(p, q);
      expect(Math.abs(Math.hypot(...pq) - Math.hypot(...p) * Math.hypot(...q))).toBeLessThan(1e-14 * Math.hypot(...pq));
      expect(maxDiff(quaternionRotationMatrix(pq), mat3Mul(quaternionRotationMatrix(p), quaternionRotationMatrix(q)))).toBeLessThan(ROUND);
    }
    // i ⊗ j = k identifies the Hamilton convention
    expect(quaternionProduct([0, 1, 0, 0], [0, 0, 1, 0])).toEqual([0, 0, 0, 1]);
  });

  it('∂A/∂P_k agrees with differentiating A(P + t e_k)', () => {
    const rand = makeRandom(52);
    const dA = new Float64Array(36);
    for (let k = 0; k < 20; k++) {
      const p = randomQuaternion(rand).map((x) => x / 2 + 0.1); // norm ≥ ~0.1: FD rounding scales with 1/|P|
      const n = Math.hypot(...p);
      quaternionRotationMatrixDerivativeInto(dA, p);
      for (let j = 0; j < 4; j++) {
        // scale the step with |P| so that the difference quotient stays well conditioned
        const fd = derivative((t) => flat(quaternionRotationMatrix(p.map((x, i) => x + (i === j ? t * n : 0))))).map((x) => x / n);
        expect(maxDiff(dA.subarray(9 * j, 9 * j + 9), fd)).toBeLessThan(FD / n);
      }
    }
  });
});

describe('kinematics Ṗ = Q(P) ω (seed eq. 10) and the body-fixed update', () => {
  it('Q(P) ω reproduces the body-fixed angular velocity ω̃ = Aᵀ Ȧ, keeps |P| and H(P) inverts it', () => {
    const rand = makeRandom(60);
    for (let k = 0; k < 30; k++) {
      const p = randomQuaternion(rand);
      const omega = randomVector(rand, 3);
      const qm = quaternionRateMatrix(p);
      const pDot = naiveMul(flat(qm), omega, 4, 3, 1);
      const pDotKernel = quaternionRatesInto(new Float64Array(4), 0, p, 0, omega);
      expect(maxDiff(pDotKernel, pDot)).toBeLessThan(ROUND * Math.hypot(...p));
      // P·Ṗ = 0: the norm is an invariant of the kinematic equation
      expect(Math.abs(p.reduce((s, x, i) => s + x * pDot[i], 0))).toBeLessThan(ROUND * p.reduce((s, x) => s + x * x, 0));
      const a = quaternionRotationMatrix(p);
      const aDot = derivative((t) => flat(quaternionRotationMatrix(p.map((x, i) => x + t * pDot[i]))));
      expect(maxDiff(mat3TransposeMul(a, aDot), Skew(omega))).toBeLessThan(FD);
      // H(P) Ṗ = ω and, for unit P, Q = ¼ G_localᵀ (Exudyn's Euler-parameter G)
      const h = quaternionAngularVelocityMatrix(p);
      expect(maxDiff(naiveMul(flat(h), pDot, 3, 4, 1), omega)).toBeLessThan(ROUND);
      const n = Math.hypot(...p);
      const gLocal = flat(EulerParameters2GLocal(p.map((x) => x / n)));
      const qUnit = flat(quaternionRateMatrix(p.map((x) => x / n)));
      for (let i = 0; i < 4; i++) for (let j = 0; j < 3; j++) expect(Math.abs(qUnit[3 * i + j] - 0.25 * gLocal[4 * j + i])).toBeLessThan(1e-16);
    }
  });

  it('Ṗ = Q(P) ω is the derivative of P ⊗ exp(t ω) at t = 0', () => {
    const rand = makeRandom(61);
    for (let k = 0; k < 20; k++) {
      const p = randomQuaternion(rand), omega = randomVector(rand, 3);
      const fd = derivative((t) => quaternionComposeRotationVector(p, omega.map((w) => t * w)));
      expect(maxDiff(fd, naiveMul(flat(quaternionRateMatrix(p)), omega, 4, 3, 1))).toBeLessThan(FD * Math.hypot(...p));
    }
  });

  it('P ⊗ exp(Δφ) rotates body-fixed, keeps |P|, works in place at offsets and with a factor', () => {
    const rand = makeRandom(62);
    for (let k = 0; k < 50; k++) {
      const p = randomQuaternion(rand), dphi = randomRotationVector(rand, 4);
      const updated = quaternionComposeRotationVector(p, dphi);
      expect(Math.abs(Math.hypot(...updated) - Math.hypot(...p))).toBeLessThan(1e-15 * Math.hypot(...p) * 4);
      expect(maxDiff(quaternionRotationMatrix(updated), mat3Mul(quaternionRotationMatrix(p), ExpSO3(dphi)))).toBeLessThan(ROUND);
      // in place inside a coordinate vector, as a node's composeIncrement does: q = [r, P], Δ = [Δr, Δφ], factor −0.5
      const q = new Float64Array([9, 9, 9, ...p]);
      const delta = new Float64Array([1, 1, 1, ...dphi]);
      quaternionComposeRotationVectorInto(q, 3, q, 3, delta, 3, -0.5);
      expect(maxDiff(q.subarray(3), quaternionComposeRotationVector(p, dphi.map((x) => -0.5 * x)))).toBe(0);
      expect(Array.from(q.subarray(0, 3))).toEqual([9, 9, 9]);
    }
    // aliasing of the product kernel and exp with factor
    const e = quaternionExpInto(new Float64Array(4), 0, [0, 0, 1], 0, Math.PI);
    expect(maxDiff(e, [0, 0, 0, 1])).toBeLessThan(1e-16);
    const buf = new Float64Array([0, 1, 0, 0, 0, 0, 1, 0]);
    quaternionProductInto(buf, 4, buf, 0, buf, 4);
    expect(Array.from(buf.subarray(4))).toEqual([0, 0, 0, 1]);
  });

  it('the rotation matrix kernel reads P at an offset; scripts get clear errors', () => {
    const q = new Float64Array([1, 2, 3, 0, 0, 0, 2]);
    expect(maxDiff(quaternionRotationMatrixInto(new Float64Array(9), q, 3), [[-1, 0, 0], [0, -1, 0], [0, 0, 1]])).toBe(0);
    expect(() => quaternionRotationMatrix([0, 0, 0, 0])).toThrow(FlexdynError);
    expect(() => quaternionRotationMatrix([0, 0, 0, 0])).toThrow(/quaternion must be a nonzero quaternion/);
    expect(() => quaternionProduct([1, 0, 0], [1, 0, 0, 0])).toThrow(/quaternionProduct: a must be a vector of 4 finite numbers/);
  });
});
