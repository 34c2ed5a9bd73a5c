import { describe, it, expect } from 'vitest';
import {
  RotationMatrixX, RotationMatrixY, RotationMatrixZ, RotationMatrix2D, RotXYZ2RotationMatrix, RotationMatrix2RotXYZ,
  RotXYZ2G, RotXYZ2GLocal, RotXYZ2G_t, RotXYZ2GLocal_t, AngularVelocity2RotXYZ_t, RotXYZ2EulerParameters,
  EulerParameters2RotationMatrix, RotationMatrix2EulerParameters, EulerParameters2G, EulerParameters2GLocal,
  AngularVelocity2EulerParameters_t, RotationVector2RotationMatrix, RotationMatrix2RotationVector,
  ComputeRotationAxisFromRotationVector, RotationVector2G, RotationVector2GLocal, ExpSO3, LogSO3, TExpSO3, TExpSO3Inv,
  ExpS3, CompositionRuleForRotationVectors, CompositionRuleForEulerParameters, ComputeOrthonormalBasisVectors,
  ComputeOrthonormalBasis, GramSchmidt, Skew, Skew2Vec, mat3Mul, mat3MulTranspose, mat3TransposeMul, mat3MulVec, mat3Det,
  eulerParameters0, expSO3Into, tExpSO3Into, tExpSO3InvInto, rotXYZ2RotationMatrixInto,
} from '../../src/rotations/index.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { derivative, flat, makeRandom, maxDiff, randomRotationVector, randomVector, uniform } from './helpers.ts';

const I3 = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/** A random rotation matrix built independently of the conversions under test (product of axis rotations). */
function randomRotationMatrix(rand: () => number): number[][] {
  return mat3Mul(mat3Mul(RotationMatrixZ(uniform(rand, -Math.PI, Math.PI)), RotationMatrixY(uniform(rand, -Math.PI, Math.PI))),
    RotationMatrixX(uniform(rand, -Math.PI, Math.PI)));
}

/** Exudyn's sign convention of rotation vectors / Euler parameters: ep and −ep are the same rotation. */
function epDistance(a: number[], b: number[]): number {
  return Math.min(maxDiff(a, b), maxDiff(a, b.map((x) => -x)));
}

// Round trips of O(1) trigonometric expressions lose a few ulps per operation; 1e-13 (≈ 450 ε) is the brief's
// bound and leaves an order of magnitude of margin to the measured ≤ 1e-14.
const ROUND_TRIP = 1e-13;
// Fourth-order central differences with h = 1e-3 of O(1) matrices: truncation ≈ h⁴/30 ≈ 3e-14, rounding
// ≈ 1.5 ε/h ≈ 3e-13; 2e-11 is safe yet 1e7 below the size of a wrong sign or a wrong column (O(1)).
const FD = 2e-11;
// Orthogonality AᵀA = I and det A = 1: each entry of A carries a few roundings and AᵀA sums three products of
// them, so deviations of up to ~8 ε (1.8e-15) occur; 4e-15 bounds that, a non-orthogonal formula errs by O(1).
const ORTHO = 4e-15;

describe('elementary rotations and Tait–Bryan angles', () => {
  it('RotationMatrixX/Y/Z rotate the axes in the right-handed sense', () => {
    const q = Math.PI / 2;
    expect(maxDiff(mat3MulVec(RotationMatrixX(q), [0, 1, 0]), [0, 0, 1])).toBeLessThan(1e-16);
    expect(maxDiff(mat3MulVec(RotationMatrixY(q), [0, 0, 1]), [1, 0, 0])).toBeLessThan(1e-16);
    expect(maxDiff(mat3MulVec(RotationMatrixZ(q), [1, 0, 0]), [0, 1, 0])).toBeLessThan(1e-16);
    expect(maxDiff(RotationMatrix2D(0.3), [[Math.cos(0.3), -Math.sin(0.3)], [Math.sin(0.3), Math.cos(0.3)]])).toBe(0);
  });

  it('RotXYZ2RotationMatrix is A_x A_y A_z, orthogonal with det 1', () => {
    const rand = makeRandom(10);
    for (let k = 0; k < 50; k++) {
      const rot = randomVector(rand, 3, -4, 4);
      const a = RotXYZ2RotationMatrix(rot);
      const expected = mat3Mul(mat3Mul(RotationMatrixX(rot[0]), RotationMatrixY(rot[1])), RotationMatrixZ(rot[2]));
      expect(maxDiff(a, expected)).toBeLessThan(1e-15);
      expect(maxDiff(mat3TransposeMul(a, a), I3)).toBeLessThan(ORTHO);
      expect(Math.abs(mat3Det(flat(a)) - 1)).toBeLessThan(ORTHO);
    }
  });

  it('matrix ↔ RotXYZ round trips, including gimbal lock', () => {
    const rand = makeRandom(11);
    let worst = 0;
    for (let k = 0; k < 200; k++) {
      const a = randomRotationMatrix(rand);
      worst = Math.max(worst, maxDiff(RotXYZ2RotationMatrix(RotationMatrix2RotXYZ(a)), a));
      // away from gimbal lock (|θ1| ≤ 1.4, cos θ1 ≥ 0.17) the angles themselves are recovered
      const rot = [uniform(rand, -3.1, 3.1), uniform(rand, -1.4, 1.4), uniform(rand, -3.1, 3.1)];
      worst = Math.max(worst, maxDiff(RotationMatrix2RotXYZ(RotXYZ2RotationMatrix(rot)), rot));
    }
    expect(worst).toBeLessThan(ROUND_TRIP);
    // gimbal lock θ1 = π/2: θ0 and θ2 turn about the same axis; Exudyn puts everything into θ2
    const locked = RotationMatrix2RotXYZ(RotXYZ2RotationMatrix([0.3, Math.PI / 2, 0.4]));
    expect(locked[0]).toBe(0);
    expect(Math.abs(locked[1] - Math.PI / 2)).toBeLessThan(1e-15);
    expect(Math.abs(locked[2] - 0.7)).toBeLessThan(1e-15);
  });

  it('G and G_local of RotXYZ match ω̃ = Ȧ Aᵀ and ω̃_local = Aᵀ Ȧ from differentiating A(θ(t))', () => {
    const rand = makeRandom(12);
    for (let k = 0; k < 20; k++) {
      const rot = randomVector(rand, 3, -2, 2);
      const rate = randomVector(rand, 3); // |rate| ≤ √3 keeps |f⁽⁵⁾| ≤ 16 in the FD error bound
      const a = RotXYZ2RotationMatrix(rot);
      const aDot = derivative((t) => flat(RotXYZ2RotationMatrix(rot.map((r, i) => r + t * rate[i]))));
      const omega = mat3MulVec(RotXYZ2G(rot), rate);
      const omegaLocal = mat3MulVec(RotXYZ2GLocal(rot), rate);
      expect(maxDiff(mat3MulTranspose(aDot, a), Skew(omega))).toBeLessThan(FD);
      expect(maxDiff(mat3TransposeMul(a, aDot), Skew(omegaLocal))).toBeLessThan(FD);
      // G_t and G_local_t against differentiating G(θ(t))
      const gDot = derivative((t) => flat(RotXYZ2G(rot.map((r, i) => r + t * rate[i]))));
      const gLocalDot = derivative((t) => flat(RotXYZ2GLocal(rot.map((r, i) => r + t * rate[i]))));
      expect(maxDiff(RotXYZ2G_t(rot, rate), gDot)).toBeLessThan(FD);
      expect(maxDiff(RotXYZ2GLocal_t(rot, rate), gLocalDot)).toBeLessThan(FD);
      // θ̇ back from ω
      expect(maxDiff(AngularVelocity2RotXYZ_t(omega, rot), rate)).toBeLessThan(1e-13);
    }
    // gimbal lock: G is singular (cos(π/2) evaluates to 6e-17, inside the 1e-14 threshold)
    expect(() => AngularVelocity2RotXYZ_t([1, 0, 0], [0, -Math.PI / 2, 0])).toThrow(/AngularVelocity2RotXYZ_t: rotation\[1\] must not be ±π\/2/);
    expect(() => AngularVelocity2RotXYZ_t([1, 0, 0], [0, Math.PI / 2 - 1e-6, 0])).not.toThrow();
  });

  it('rotXYZ2RotationMatrixInto reads angles at an offset', () => {
    const q = new Float64Array([5, 5, 5, 0.1, 0.2, 0.3]);
    expect(maxDiff(rotXYZ2RotationMatrixInto(new Float64Array(9), q, 3), RotXYZ2RotationMatrix([0.1, 0.2, 0.3]))).toBe(0);
  });
});

describe('Euler parameters', () => {
  it('EulerParameters2RotationMatrix agrees with RotXYZ via RotXYZ2EulerParameters', () => {
    const rand = makeRandom(20);
    for (let k = 0; k < 50; k++) {
      const rot = randomVector(rand, 3, -4, 4);
      const ep = RotXYZ2EulerParameters(rot);
      expect(Math.abs(Math.hypot(...ep) - 1)).toBeLessThan(1e-15);
      expect(maxDiff(EulerParameters2RotationMatrix(ep), RotXYZ2RotationMatrix(rot))).toBeLessThan(1e-15);
    }
    expect(EulerParameters2RotationMatrix(eulerParameters0)).toEqual(I3);
  });

  it('matrix ↔ Euler parameters round trips with e0 ≥ 0, also at 180°', () => {
    const rand = makeRandom(21);
    let worst = 0;
    for (let k = 0; k < 300; k++) {
      const a = randomRotationMatrix(rand);
      const ep = RotationMatrix2EulerParameters(a);
      expect(ep[0]).toBeGreaterThanOrEqual(0);
      worst = Math.max(worst, maxDiff(EulerParameters2RotationMatrix(ep), a));
      worst = Math.max(worst, epDistance(RotationMatrix2EulerParameters(EulerParameters2RotationMatrix(ep)), ep));
    }
    // rotations by π and by π − 1e-9 about a skew axis: the trace branch alone would lose half the digits here
    for (const angle of [Math.PI, Math.PI - 1e-9]) {
      const axis = [1, -2, 0.5].map((x) => x / Math.hypot(1, -2, 0.5));
      const a = RotationVector2RotationMatrix(axis.map((x) => x * angle));
      const ep = RotationMatrix2EulerParameters(a);
      worst = Math.max(worst, maxDiff(EulerParameters2RotationMatrix(ep), a));
      worst = Math.max(worst, epDistance(ep.slice(1), axis.map((x) => x * Math.sin(angle / 2))));
    }
    expect(worst).toBeLessThan(ROUND_TRIP);
  });

  it('G and G_local of Euler parameters match Ȧ Aᵀ and Aᵀ Ȧ; ė = ¼ Gᵀ ω', () => {
    const rand = makeRandom(22);
    for (let k = 0; k < 20; k++) {
      const e0 = ExpS3(randomRotationVector(rand, 3));
      const d = randomVector(rand, 4, -0.5, 0.5); // small |d| keeps the normalized path's f⁽⁵⁾ moderate
      // path on the unit sphere e(t) = (e0 + t d)/|e0 + t d|, ė(0) = d − (e0·d) e0
      const path = (t: number): number[] => {
        const e = e0.map((x, i) => x + t * d[i]);
        const n = Math.hypot(...e);
        return e.map((x) => x / n);
      };
      const dotEd = e0.reduce((s, x, i) => s + x * d[i], 0);
      const eDot = d.map((x, i) => x - dotEd * e0[i]);
      const a = EulerParameters2RotationMatrix(e0);
      const aDot = derivative((t) => flat(EulerParameters2RotationMatrix(path(t))));
      const omega = EulerParameters2G(e0).map((row) => row.reduce((s, g, j) => s + g * eDot[j], 0));
      const omegaLocal = EulerParameters2GLocal(e0).map((row) => row.reduce((s, g, j) => s + g * eDot[j], 0));
      expect(maxDiff(mat3MulTranspose(aDot, a), Skew(omega))).toBeLessThan(FD);
      expect(maxDiff(mat3TransposeMul(a, aDot), Skew(omegaLocal))).toBeLessThan(FD);
      expect(maxDiff(AngularVelocity2EulerParameters_t(omega, e0), eDot)).toBeLessThan(1e-14);
    }
  });
});

describe('rotation vector, exp / log and the tangent operator', () => {
  it('exp is orthogonal with det 1 and log inverts it for angles in [0, π]', () => {
    const rand = makeRandom(30);
    let worst = 0;
    for (let k = 0; k < 300; k++) {
      const v = randomRotationVector(rand, Math.PI);
      const a = RotationVector2RotationMatrix(v);
      expect(maxDiff(mat3TransposeMul(a, a), I3)).toBeLessThan(ORTHO);
      expect(Math.abs(mat3Det(flat(a)) - 1)).toBeLessThan(ORTHO);
      worst = Math.max(worst, maxDiff(RotationMatrix2RotationVector(a), v));
      const m = randomRotationMatrix(rand);
      worst = Math.max(worst, maxDiff(RotationVector2RotationMatrix(RotationMatrix2RotationVector(m)), m));
      // matrix → Rxyz → Euler parameters → rotation vector → matrix
      const chain = RotationVector2RotationMatrix(RotationMatrix2RotationVector(
        EulerParameters2RotationMatrix(RotXYZ2EulerParameters(RotationMatrix2RotXYZ(m)))));
      worst = Math.max(worst, maxDiff(chain, m));
    }
    expect(worst).toBeLessThan(ROUND_TRIP);
    // Rodrigues for a quarter turn about z, and tiny angles (no 0/0)
    expect(maxDiff(ExpSO3([0, 0, Math.PI / 2]), RotationMatrixZ(Math.PI / 2))).toBeLessThan(1e-16);
    expect(maxDiff(RotationMatrix2RotationVector(ExpSO3([1e-12, -2e-12, 3e-12])), [1e-12, -2e-12, 3e-12])).toBeLessThan(1e-27);
    expect(RotationMatrix2RotationVector(I3)).toEqual([0, 0, 0]);
    expect(maxDiff(LogSO3(ExpSO3([0.1, 0.2, 0.3])), Skew([0.1, 0.2, 0.3]))).toBeLessThan(1e-15);
    expect(maxDiff(Skew2Vec(LogSO3(RotationMatrixX(-0.5))), [-0.5, 0, 0])).toBeLessThan(1e-15);
  });

  it('rotation angles beyond 2π are exact (no range reduction with an unreduced axis vector)', () => {
    const v = [0, 0, 2 * Math.PI + 0.3];
    expect(maxDiff(RotationVector2RotationMatrix(v), RotationMatrixZ(0.3))).toBeLessThan(1e-15);
  });

  it('T_exp(Ω): exp(Ω)ᵀ d/dt exp(Ω + tδ) = (T_exp(Ω) δ)~, across the series threshold', () => {
    const rand = makeRandom(31);
    const angles = [0, 1e-4, 0.03, 0.0499999, 0.0500001, 0.2, 1, 2.5, 3.1, 4, 6];
    for (const angle of angles) {
      const axis = randomRotationVector(rand, 1);
      const n = Math.hypot(...axis);
      const omega = axis.map((x) => (x / n) * angle);
      const delta = randomVector(rand, 3);
      const a = ExpSO3(omega);
      const aDot = derivative((t) => flat(ExpSO3(omega.map((x, i) => x + t * delta[i]))));
      const w = mat3MulVec(TExpSO3(omega), delta);
      expect(maxDiff(mat3TransposeMul(a, aDot), Skew(w))).toBeLessThan(FD);
      if (angle < 6) expect(maxDiff(mat3Mul(TExpSO3Inv(omega), TExpSO3(omega)), I3)).toBeLessThan(1e-14);
    }
  });

  it('series and closed forms of T_exp and T_exp⁻¹ join continuously at φ = 0.05', () => {
    const below = new Float64Array(9), above = new Float64Array(9);
    const dir = [0.48, -0.6, 0.64];
    for (const [kernel, name] of [[tExpSO3Into, 'T'], [tExpSO3InvInto, 'Tinv']] as const) {
      kernel(below, dir.map((x) => x * 0.05 * (1 - 1e-15)));
      kernel(above, dir.map((x) => x * 0.05));
      // the true change across the step is ~1e-17; the closed form's coefficient is accurate to ~1e-13 relative at
      // φ = 0.05 and enters multiplied by φ², so both sides agree to an ulp of the O(1) entries (2.2e-16), while a
      // wrong series term would show as ≥ 1e-10
      expect(maxDiff(below, above), name).toBeLessThanOrEqual(2.3e-16);
    }
  });

  it('CompositionRuleForRotationVectors composes as exp(v0) exp(Ω) and keeps angles up to 2π', () => {
    const rand = makeRandom(32);
    for (let k = 0; k < 50; k++) {
      const v0 = randomRotationVector(rand, Math.PI), om = randomRotationVector(rand, 1);
      const v = CompositionRuleForRotationVectors(v0, om);
      expect(maxDiff(ExpSO3(v), mat3Mul(ExpSO3(v0), ExpSO3(om)))).toBeLessThan(ROUND_TRIP);
    }
    // a rotation about z growing past π continues to 2π − 0.2 instead of flipping to −0.2
    const v = CompositionRuleForRotationVectors([0, 0, 3], [0, 0, Math.PI - 0.2]);
    expect(maxDiff(v, [0, 0, 3 + Math.PI - 0.2])).toBeLessThan(1e-14);
    expect(maxDiff(CompositionRuleForEulerParameters(ExpS3([0.2, 0, 0]), ExpS3([0.3, 0, 0])), ExpS3([0.5, 0, 0]))).toBeLessThan(1e-16);
  });

  it('Lie-group rotation-vector G matrices, axis helper and kernels at offsets', () => {
    const v = [0.3, -0.2, 0.9];
    expect(RotationVector2G(v)).toEqual(RotationVector2RotationMatrix(v));
    expect(RotationVector2GLocal(v)).toEqual(I3);
    expect(maxDiff(ComputeRotationAxisFromRotationVector([0, 3, 4]), [0, 0.6, 0.8])).toBe(0);
    expect(ComputeRotationAxisFromRotationVector([0, 0, 0])).toEqual([0, 0, 0]);
    const q = new Float64Array([7, 0.3, -0.2, 0.9]);
    expect(maxDiff(expSO3Into(new Float64Array(9), q, 1), ExpSO3(v))).toBe(0);
  });
});

describe('orthonormal bases', () => {
  it('ComputeOrthonormalBasis gives a rotation matrix with the first column along the vector (Exudyn choice of n1)', () => {
    const rand = makeRandom(40);
    for (let k = 0; k < 30; k++) {
      const v = randomVector(rand, 3, -2, 2);
      const a = ComputeOrthonormalBasis(v);
      expect(maxDiff(mat3TransposeMul(a, a), I3)).toBeLessThan(ORTHO);
      expect(Math.abs(mat3Det(flat(a)) - 1)).toBeLessThan(ORTHO);
      const n = Math.hypot(...v);
      expect(maxDiff([a[0][0], a[1][0], a[2][0]], v.map((x) => x / n))).toBeLessThan(1e-16);
    }
    // along x, n1 is e_y (as Exudyn); otherwise e_x projected
    expect(ComputeOrthonormalBasisVectors([2, 0, 0])).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    expect(ComputeOrthonormalBasisVectors([0, 0, 3])).toEqual([[0, 0, 1], [1, 0, 0], [0, 1, 0]]);
    expect(() => ComputeOrthonormalBasisVectors([0, 0, 0])).toThrow(FlexdynError);
  });

  it('GramSchmidt returns a right-handed triad and rejects parallel vectors', () => {
    const [e0, e1, e2] = GramSchmidt([0, 0, 2], [1, 1, 5]);
    expect(maxDiff(e0, [0, 0, 1])).toBe(0);
    expect(maxDiff(e1, [Math.SQRT1_2, Math.SQRT1_2, 0])).toBeLessThan(2.3e-16); // 1 ulp of 0.707
    expect(maxDiff(e2, [-Math.SQRT1_2, Math.SQRT1_2, 0])).toBeLessThan(2.3e-16);
    expect(() => GramSchmidt([1, 2, 3], [2, 4, 6])).toThrow(/vector1 must not be zero or parallel/);
  });
});

describe('input validation', () => {
  it('names the function and parameter, the expectation and what came', () => {
    expect(() => RotationMatrix2RotXYZ([[1, 0], [0, 1]])).toThrow(
      /RotationMatrix2RotXYZ: rotationMatrix must be a 3×3 matrix of finite numbers, got array of length 2/);
    expect(() => EulerParameters2G([1, 0, 0])).toThrow(/EulerParameters2G: eulerParameters must be a vector of 4 finite numbers/);
    try {
      RotXYZ2RotationMatrix([0, 'a', 0] as unknown as number[]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FlexdynError);
      expect((e as FlexdynError).parameter).toBe('rot');
    }
  });
});
