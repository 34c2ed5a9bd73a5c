import { describe, it, expect } from 'vitest';
import {
  RigidBodyInertia, InertiaCuboid, InertiaCylinder, InertiaSphere, InertiaHollowSphere, InertiaMassPoint, InertiaRodX,
  InertiaTensor2Inertia6D, Inertia6D2InertiaTensor, RotXYZ2RotationMatrix, RotationMatrixX, Skew, mat3Mul, mat3MulTranspose,
  mat3MulVec,
} from '../../src/rotations/index.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { makeRandom, maxDiff, randomVector } from './helpers.ts';

/** A cloud of point masses: the oracle for mass, COM and inertia by direct summation. */
interface Cloud { m: number[]; r: number[][] }

/** Inertia tensor Σ m_i (|r_i − o|² I − (r_i − o)(r_i − o)ᵀ) of a cloud about the point o. */
function cloudTensor(c: Cloud, o: number[] = [0, 0, 0]): number[][] {
  const j = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  c.m.forEach((m, i) => {
    const d = c.r[i].map((x, k) => x - o[k]);
    const dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) j[a][b] += m * ((a === b ? dd : 0) - d[a] * d[b]);
  });
  return j;
}

function cloudMass(c: Cloud): number {
  return c.m.reduce((s, x) => s + x, 0);
}

function cloudCOM(c: Cloud): number[] {
  const m = cloudMass(c);
  return [0, 1, 2].map((k) => c.m.reduce((s, mi, i) => s + mi * c.r[i][k], 0) / m);
}

function randomCloud(rand: () => number, n: number, offset: number[]): Cloud {
  const m = Array.from({ length: n }, () => 0.1 + rand());
  const r = Array.from({ length: n }, () => randomVector(rand, 3).map((x, k) => x + offset[k]));
  return { m, r };
}

/** Cell-center cloud of a homogeneous cuboid with n³ cells, total mass m. */
function cuboidCloud(sides: number[], n: number, m: number): Cloud {
  const cloud: Cloud = { m: [], r: [] };
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) {
    cloud.m.push(m / n ** 3);
    cloud.r.push([(i + 0.5) / n - 0.5, (j + 0.5) / n - 0.5, (k + 0.5) / n - 0.5].map((x, a) => x * sides[a]));
  }
  return cloud;
}

/** Relative max difference of two tensors, scaled by the larger max-norm. */
function relDiff(a: number[][], b: number[][]): number {
  const scale = Math.max(...a.flat().map(Math.abs), ...b.flat().map(Math.abs));
  return maxDiff(a, b) / scale;
}

// Direct sums over ≤ 1000 points accumulate ~√n ε relative rounding; 1e-13 relative leaves a factor >10 margin.
const SUM_TOL = 1e-13;

describe('RigidBodyInertia transformations against direct summation over a point cloud', () => {
  const rand = makeRandom(70);
  const cloud = randomCloud(rand, 200, [0.3, -0.2, 0.5]);
  const mass = cloudMass(cloud);
  const com = cloudCOM(cloud);
  const body = new RigidBodyInertia({ mass, inertiaTensor: cloudTensor(cloud), com });

  it('stores the tensor about the reference point and gives the COM tensor by the parallel-axis theorem', () => {
    expect(relDiff(body.inertiaCOM(), cloudTensor(cloud, com))).toBeLessThan(SUM_TOL);
    const atCOM = new RigidBodyInertia({ mass, inertiaTensor: cloudTensor(cloud, com), com, inertiaTensorAtCOM: true });
    expect(relDiff(atCOM.inertia(), cloudTensor(cloud))).toBeLessThan(SUM_TOL);
    // positional form as in Exudyn: RigidBodyInertia(mass, inertiaTensor, com, inertiaTensorAtCOM)
    expect(new RigidBodyInertia(mass, cloudTensor(cloud, com), com, true).inertiaTensor).toEqual(atCOM.inertiaTensor);
  });

  it('translated(v) equals the cloud moved by v, about the same reference point', () => {
    const v = [1.5, -0.7, 2.2];
    const moved: Cloud = { m: cloud.m, r: cloud.r.map((p) => p.map((x, k) => x + v[k])) };
    const t = body.translated(v);
    expect(t.mass).toBe(mass);
    expect(maxDiff(t.com, cloudCOM(moved))).toBeLessThan(1e-14);
    expect(relDiff(t.inertia(), cloudTensor(moved))).toBeLessThan(SUM_TOL);
    // the tensor about the COM does not change
    expect(relDiff(t.inertiaCOM(), body.inertiaCOM())).toBeLessThan(SUM_TOL);
  });

  it('rotated(A) equals the cloud rotated about the reference point (also with com ≠ 0)', () => {
    const a = RotXYZ2RotationMatrix([0.4, -1.1, 2.3]);
    const turned: Cloud = { m: cloud.m, r: cloud.r.map((p) => mat3MulVec(a, p)) };
    const r = body.rotated(a);
    expect(maxDiff(r.com, cloudCOM(turned))).toBeLessThan(1e-14);
    expect(relDiff(r.inertia(), cloudTensor(turned))).toBeLessThan(SUM_TOL);
    expect(relDiff(r.inertia(), mat3MulTranspose(mat3Mul(a, body.inertia()), a))).toBeLessThan(1e-15);
    const t = r.inertiaTensor;
    expect([t[0][1], t[0][2], t[1][2]]).toEqual([t[1][0], t[2][0], t[2][1]]);
  });

  it('transformed(HT) rotates then translates', () => {
    const a = RotXYZ2RotationMatrix([-0.3, 0.8, 0.1]);
    const v = [0.2, 0.4, -1];
    const ht = [[...a[0], v[0]], [...a[1], v[1]], [...a[2], v[2]], [0, 0, 0, 1]];
    const moved: Cloud = { m: cloud.m, r: cloud.r.map((p) => mat3MulVec(a, p).map((x, k) => x + v[k])) };
    const t = body.transformed(ht);
    expect(maxDiff(t.com, cloudCOM(moved))).toBeLessThan(1e-14);
    expect(relDiff(t.inertia(), cloudTensor(moved))).toBeLessThan(SUM_TOL);
  });

  it('plus() of two bodies with different COMs equals the union of the clouds', () => {
    const other = randomCloud(rand, 150, [-1, 0.4, 0.1]);
    const b2 = new RigidBodyInertia({ mass: cloudMass(other), inertiaTensor: cloudTensor(other), com: cloudCOM(other) });
    const union: Cloud = { m: [...cloud.m, ...other.m], r: [...cloud.r, ...other.r] };
    const sum = body.plus(b2);
    expect(Math.abs(sum.mass / cloudMass(union) - 1)).toBeLessThan(SUM_TOL);
    expect(maxDiff(sum.com, cloudCOM(union))).toBeLessThan(1e-14);
    expect(relDiff(sum.inertia(), cloudTensor(union))).toBeLessThan(SUM_TOL);
    expect(relDiff(sum.inertiaCOM(), cloudTensor(union, cloudCOM(union)))).toBeLessThan(SUM_TOL);
    // two zero masses: COM defined as 0 instead of 0/0
    expect(new RigidBodyInertia().plus(new RigidBodyInertia()).com).toEqual([0, 0, 0]);
  });

  it('getInertia6D uses Exudyn order [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy]', () => {
    const j = [[1, 0.1, 0.2], [0.1, 2, 0.3], [0.2, 0.3, 3]];
    const i = new RigidBodyInertia({ mass: 1, inertiaTensor: j });
    expect(i.getInertia6D()).toEqual([1, 2, 3, 0.3, 0.2, 0.1]);
    expect(InertiaTensor2Inertia6D(j)).toEqual([1, 2, 3, 0.3, 0.2, 0.1]);
    expect(Inertia6D2InertiaTensor([1, 2, 3, 0.3, 0.2, 0.1])).toEqual(j);
  });
});

describe('inertia factories against textbook values', () => {
  it('InertiaCuboid: m = ρ abc, J_x = m(b² + c²)/12, checked against the cell-center cloud', () => {
    const sides = [0.4, 0.1, 0.25];
    const cub = InertiaCuboid({ density: 7850, sideLengths: sides });
    const m = 7850 * 0.4 * 0.1 * 0.25;
    expect(Math.abs(cub.mass - m)).toBeLessThan(1e-12);
    // the midpoint rule with n cells gives Σ x² = L³/12 (1 − 1/n²) per direction, exactly
    const n = 10;
    const cloudJ = cloudTensor(cuboidCloud(sides, n, m)).map((row) => row.map((x) => x / (1 - 1 / n ** 2)));
    expect(relDiff(cub.inertia(), cloudJ)).toBeLessThan(SUM_TOL);
    expect(cub.com).toEqual([0, 0, 0]);
    // hand value: unit cube of density 12 has m = 12, J = 12·2/12 = 2
    expect(InertiaCuboid(12, [1, 1, 1]).getInertia6D()).toEqual([2, 2, 2, 0, 0, 0]);
  });

  it('InertiaCylinder: solid ½ m r² and m(3r² + L²)/12, hollow = outer minus inner, any axis', () => {
    // ρ = 1/π, L = 2, r = 1: m = 2, J_axis = 1, J_t = 2(3 + 4)/12 = 7/6
    const c = InertiaCylinder({ density: 1 / Math.PI, length: 2, outerRadius: 1, axis: 2 });
    expect(Math.abs(c.mass - 2)).toBeLessThan(1e-15);
    expect(maxDiff(c.getInertia6D(), [7 / 6, 7 / 6, 1, 0, 0, 0])).toBeLessThan(1e-15);
    expect(maxDiff(InertiaCylinder(1 / Math.PI, 2, 1, 0).getInertia6D(), [1, 7 / 6, 7 / 6, 0, 0, 0])).toBeLessThan(1e-15);
    const args = { density: 2700, length: 0.3, axis: 1 };
    const outer = InertiaCylinder({ ...args, outerRadius: 0.1 });
    const inner = InertiaCylinder({ ...args, outerRadius: 0.04 });
    const hollow = InertiaCylinder({ ...args, outerRadius: 0.1, innerRadius: 0.04 });
    expect(Math.abs(hollow.mass - (outer.mass - inner.mass))).toBeLessThan(1e-12);
    expect(maxDiff(hollow.getInertia6D(), outer.getInertia6D().map((x, i) => x - inner.getInertia6D()[i]))).toBeLessThan(1e-14);
    expect(() => InertiaCylinder({ ...args, outerRadius: 0.1, axis: 3 })).toThrow(/InertiaCylinder: axis must be 0, 1 or 2, got number 3/);
    expect(() => InertiaCylinder({ ...args, outerRadius: 0.1, innerRadius: 0.2 })).toThrow(/innerRadius must be <= outerRadius/);
  });

  it('InertiaSphere (2/5 m r², from mass or density), hollow sphere (2/3 m r²), rod, mass point', () => {
    expect(maxDiff(InertiaSphere({ mass: 5, radius: 0.2 }).getInertia6D(), [0.08, 0.08, 0.08, 0, 0, 0])).toBeLessThan(1e-16); // ulp(0.08) = 1.4e-17
    const s = InertiaSphere({ density: 3 / (4 * Math.PI), radius: 1 });
    expect(Math.abs(s.mass - 1)).toBeLessThan(1e-15);
    expect(maxDiff(s.getInertia6D(), [0.4, 0.4, 0.4, 0, 0, 0])).toBeLessThan(1e-15);
    expect(InertiaSphere(5, 0.2).getInertia6D()).toEqual(InertiaSphere({ mass: 5, radius: 0.2 }).getInertia6D());
    expect(() => InertiaSphere({ mass: 1, density: 2, radius: 1 })).toThrow(/exactly one of mass and density/);
    expect(maxDiff(InertiaHollowSphere(3, 0.5).getInertia6D(), [0.5, 0.5, 0.5, 0, 0, 0])).toBeLessThan(1e-16);
    expect(InertiaRodX({ mass: 6, length: 2 }).getInertia6D()).toEqual([0, 2, 2, 0, 0, 0]);
    const p = InertiaMassPoint({ mass: 2 });
    expect(p.getInertia6D()).toEqual([0, 0, 0, 0, 0, 0]);
    // a point mass at distance d has J = m d² about the perpendicular axes (Exudyn's unbalance use)
    const t = p.translated([0, 0, 3]);
    expect(maxDiff(t.getInertia6D(), [18, 18, 0, 0, 0, 0])).toBe(0);
  });

  it('sphere + translated point mass: Steiner term and mass-weighted COM', () => {
    const j = InertiaSphere({ mass: 2, radius: 0.1 }).plus(InertiaMassPoint({ mass: 1 }).translated([0.3, 0, 0]));
    expect(j.mass).toBe(3);
    expect(maxDiff(j.com, [0.1, 0, 0])).toBeLessThan(1e-16); // a few ulps of 0.1
    expect(maxDiff(j.inertia(), [[0.008, 0, 0], [0, 0.008 + 0.09, 0], [0, 0, 0.008 + 0.09]])).toBeLessThan(1e-16);
    // about the COM: sphere (0.008 + 2·0.1²) and point (1·0.2²) about y and z
    expect(maxDiff(j.inertiaCOM(), [[0.008, 0, 0], [0, 0.008 + 0.02 + 0.04, 0], [0, 0, 0.008 + 0.02 + 0.04]])).toBeLessThan(1e-16);
  });

  it('a rotated cuboid agrees with rotating its point cloud', () => {
    const sides = [1, 0.2, 0.5];
    const a = RotationMatrixX(0.7);
    const n = 8;
    const rotated = cuboidCloud(sides, n, 3 * 1 * 0.2 * 0.5);
    // J is linear in the second moments, which the midpoint rule scales by (1 − 1/n²) in every direction
    rotated.r = rotated.r.map((p) => mat3MulVec(a, p));
    const cloudJ = cloudTensor(rotated).map((row) => row.map((x) => x / (1 - 1 / n ** 2)));
    expect(relDiff(InertiaCuboid({ density: 3, sideLengths: sides }).rotated(a).inertia(), cloudJ)).toBeLessThan(SUM_TOL);
  });
});

describe('RigidBodyInertia validation', () => {
  it('rejects unsymmetric and indefinite tensors, negative masses and malformed input, naming the parameter', () => {
    const catchError = (f: () => unknown): FlexdynError => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(FlexdynError);
        return e as FlexdynError;
      }
      throw new Error('expected a FlexdynError');
    };
    const asym = catchError(() => new RigidBodyInertia({ mass: 1, inertiaTensor: [[1, 0.1, 0], [0, 1, 0], [0, 0, 1]] }));
    expect(asym.parameter).toBe('inertiaTensor');
    expect(asym.message).toMatch(/^RigidBodyInertia: inertiaTensor must be symmetric, got \[\[1,0.1,0\],\[0,1,0\],\[0,0,1\]\]/);
    const indefinite = catchError(() => new RigidBodyInertia({ mass: 1, inertiaTensor: [[1, 0, 0], [0, 1, 0], [0, 0, -0.1]] }));
    expect(indefinite.message).toMatch(/inertiaTensor must be positive semi-definite, got .* \(eigenvalues .*-0\.1/);
    // positive diagonal but indefinite through the off-diagonal terms (eigenvalues 3, −1, 1)
    expect(() => new RigidBodyInertia({ mass: 1, inertiaTensor: [[1, 2, 0], [2, 1, 0], [0, 0, 1]] })).toThrow(/positive semi-definite/);
    expect(catchError(() => new RigidBodyInertia({ mass: -1 })).message).toBe('RigidBodyInertia: mass must be a finite number >= 0, got number -1');
    expect(catchError(() => new RigidBodyInertia({ mass: 1, com: [0, 0] })).parameter).toBe('com');
    expect(catchError(() => InertiaCuboid({ density: 1, sideLengths: [1, -1, 1] })).parameter).toBe('sideLengths');
    // PSD tensors that violate the triangle inequality are accepted (Exudyn only warns)
    expect(() => new RigidBodyInertia({ mass: 1, inertiaTensor: [[1, 0, 0], [0, 1, 0], [0, 0, 3]] })).not.toThrow();
  });

  it('operations on valid inertias do not trip the checks on rounding noise', () => {
    // a rotated rod has a rank-2 tensor with two equal eigenvalues, the worst case for eigenvalue rounding
    const rod = InertiaRodX(2, 1).rotated(RotXYZ2RotationMatrix([0.3, 0.7, -1.2]));
    expect(() => new RigidBodyInertia({ mass: rod.mass, inertiaTensor: rod.inertiaTensor })).not.toThrow();
    const back = InertiaMassPoint(2).translated([0.1, 0.2, 0.3]).translated([-0.1, -0.2, -0.3]);
    expect(maxDiff(back.inertia(), [[0, 0, 0], [0, 0, 0], [0, 0, 0]])).toBeLessThan(1e-16);
    expect(maxDiff(Skew([0, 0, 0]), back.inertia())).toBeLessThan(1e-16);
  });

  it('toString lists mass, COM and both tensors like Exudyn', () => {
    const s = InertiaSphere(5, 0.2).toString();
    expect(s).toMatch(/^mass = 5\nCOM = \[0, 0, 0\]\ninertiaTensorAtOrigin = \n\[0.08/);
    expect(s).toContain('inertiaTensorAtCOM');
  });
});
