import { describe, it, expect } from 'vitest';
import { EigenvalueDecomposition, Matrix, determinant, inverse } from 'ml-matrix';
import {
  elementStresses, hex8MassScalar, hex8ShapeFunctions, hex8Stiffness, lameParameters, tet4MassScalar, tet4Stiffness,
  type Hex8Integration, type LinearElasticMaterial,
} from '../../src/fem/elements.ts';
import { FlexdynError } from '../../src/core/errors.ts';

const steel: LinearElasticMaterial = { youngsModulus: 2e11, poissonsRatio: 0.3, density: 7850 };

/** A distorted hexahedron (C3D8 order): unit cube with every corner moved by up to 0.2. */
const distortedHex = Float64Array.from([
  0, 0, 0, 1.1, 0.05, -0.1, 1.2, 0.9, 0.1, -0.1, 1.05, 0,
  0.1, -0.05, 1, 0.95, 0.1, 1.15, 1.1, 1.2, 0.9, 0, 0.9, 1.1,
]);
const unitCube = Float64Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]);
const tet = Float64Array.from([0.1, 0, 0, 1.2, 0.1, 0, 0.2, 0.9, 0.1, 0.3, 0.2, 1.1]);

/** Isotropic D (6×6, Voigt xx, yy, zz, yz, xz, xy, engineering shear). */
function Dmatrix(m: LinearElasticMaterial): Matrix {
  const { lambda, mu } = lameParameters(m.youngsModulus, m.poissonsRatio);
  const D = Matrix.zeros(6, 6);
  for (let a = 0; a < 3; a++) {
    for (let b = 0; b < 3; b++) D.set(a, b, lambda);
    D.set(a, a, lambda + 2 * mu);
    D.set(3 + a, 3 + a, mu);
  }
  return D;
}

/** Strain-displacement matrix B (6 × 3nn) of gradients g (row per node). */
function Bmatrix(g: number[][]): Matrix {
  const B = Matrix.zeros(6, 3 * g.length);
  g.forEach(([gx, gy, gz], i) => {
    B.set(0, 3 * i, gx); B.set(1, 3 * i + 1, gy); B.set(2, 3 * i + 2, gz);
    B.set(3, 3 * i + 1, gz); B.set(3, 3 * i + 2, gy);
    B.set(4, 3 * i, gz); B.set(4, 3 * i + 2, gx);
    B.set(5, 3 * i, gy); B.set(5, 3 * i + 1, gx);
  });
  return B;
}

/** Independent oracle: K = Σ w det J B̄ᵀ D B̄ with explicit matrices (ml-matrix inverse of J). */
function hex8Oracle(x: Float64Array, m: LinearElasticMaterial, integration: Hex8Integration): Matrix {
  const D = Dmatrix(m);
  const gp = 1 / Math.sqrt(3);
  const N = new Float64Array(8), dN = new Float64Array(24);
  const points: { B: Matrix; w: number }[] = [];
  for (const z of [-gp, gp]) for (const y of [-gp, gp]) for (const xi of [-gp, gp]) {
    hex8ShapeFunctions(xi, y, z, N, dN);
    const J = Matrix.zeros(3, 3);
    for (let i = 0; i < 8; i++) for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) J.set(a, b, J.get(a, b) + x[3 * i + a] * dN[3 * i + b]);
    const Jinverse = inverse(J);
    const g = Array.from({ length: 8 }, (_, i) => [0, 1, 2].map((a) => [0, 1, 2].reduce((s, b) => s + Jinverse.get(b, a) * dN[3 * i + b], 0)));
    points.push({ B: Bmatrix(g), w: determinant(J) });
  }
  if (integration === 'selectiveReduced') {
    const V = points.reduce((s, p) => s + p.w, 0);
    const volRow = (B: Matrix) => Matrix.rowVector([0, 1, 2].reduce((r, a) => r.map((v, c) => v + B.get(a, c) / 3), new Array<number>(24).fill(0)));
    const mean = Matrix.zeros(1, 24);
    for (const p of points) mean.add(volRow(p.B).mul(p.w / V));
    for (const p of points) {
      const d = mean.clone().sub(volRow(p.B));
      for (let a = 0; a < 3; a++) for (let c = 0; c < 24; c++) p.B.set(a, c, p.B.get(a, c) + d.get(0, c));
    }
  }
  const K = Matrix.zeros(24, 24);
  for (const p of points) K.add(p.B.transpose().mmul(D).mmul(p.B).mul(p.w));
  return K;
}

function maxAbsDiff(a: Float64Array, b: Matrix): number {
  let d = 0;
  const n = b.rows;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) d = Math.max(d, Math.abs(a[r * n + c] - b.get(r, c)));
  return d;
}

function maxAbsOf(a: Float64Array): number {
  return a.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
}

/** Sorted eigenvalues of a symmetric row-major matrix. */
function eigenvalues(a: Float64Array, n: number): number[] {
  const m = Matrix.from1DArray(n, n, Array.from(a));
  return new EigenvalueDecomposition(m, { assumeSymmetric: true }).realEigenvalues.slice().sort((p, q) => p - q);
}

describe('Hex8 element', () => {
  it('stiffness equals an explicit Σ w det J BᵀDB (full) and B̄ᵀDB̄ (selectiveReduced) on a distorted hexahedron', () => {
    for (const integration of ['full', 'selectiveReduced'] as const) {
      const K = new Float64Array(576);
      hex8Stiffness(distortedHex, steel, integration, K);
      // both are sums of the same 8 products in another order: round-off ~1e-15 of max |K|
      expect(maxAbsDiff(K, hex8Oracle(distortedHex, steel, integration)) / maxAbsOf(K)).toBeLessThan(1e-13);
    }
  });

  it('has exactly 6 zero eigenvalues (rigid-body modes) and 18 positive ones', () => {
    for (const integration of ['full', 'selectiveReduced'] as const) {
      const K = new Float64Array(576);
      hex8Stiffness(distortedHex, steel, integration, K);
      const ev = eigenvalues(K, 24);
      const scale = ev[23];
      // zero eigenvalues are round-off (≤ 1e-14·λmax); the smallest elastic one is ~1e-2·λmax
      for (let k = 0; k < 6; k++) expect(Math.abs(ev[k]) / scale).toBeLessThan(1e-12);
      expect(ev[6] / scale).toBeGreaterThan(1e-3);
    }
  });

  it('consistent mass of the unit cube is ρ Π(1/3 or 1/6) and sums to ρV for a distorted hexahedron', () => {
    const M = new Float64Array(64);
    const V = hex8MassScalar(unitCube, 1000, M);
    expect(V).toBeCloseTo(1, 15);
    // M_ij = ρ ∏_d (1/3 if i and j share coordinate d, else 1/6): node 0 vs 0, 1 (differs in x), 6 (all differ)
    expect(M[0]).toBeCloseTo(1000 / 27, 12);
    expect(M[1]).toBeCloseTo(1000 / 54, 12);
    expect(M[6]).toBeCloseTo(1000 / 216, 12);
    const Vd = hex8MassScalar(distortedHex, 1000, M);
    expect(Math.abs(M.reduce((s, v) => s + v, 0) - 1000 * Vd)).toBeLessThan(1e-12 * 1000 * Vd);
  });

  it('rejects an inverted element (node order other than C3D8)', () => {
    const flipped = Float64Array.from([...unitCube.subarray(12, 24), ...unitCube.subarray(0, 12)]);
    expect(() => hex8Stiffness(flipped, steel, 'full', new Float64Array(576))).toThrow(FlexdynError);
    expect(() => hex8Stiffness(flipped, steel, 'full', new Float64Array(576))).toThrow(/Jacobian determinant must be > 0/);
  });
});

describe('Tet4 element', () => {
  it('stiffness equals V BᵀDB with the constant B of the linear tetrahedron', () => {
    const K = new Float64Array(144);
    tet4Stiffness(tet, steel, K);
    // gradients from the inverse of [x2−x1, x3−x1, x4−x1], by ml-matrix
    const A = new Matrix([[0, 0, 0], [0, 0, 0], [0, 0, 0]]);
    for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) A.set(r, c, tet[3 * (c + 1) + r] - tet[r]);
    const Ainv = inverse(A);
    const g = [0, 1, 2].map((k) => [0, 1, 2].map((a) => Ainv.get(k, a)));
    const g0 = [0, 1, 2].map((a) => -(g[0][a] + g[1][a] + g[2][a]));
    const B = Bmatrix([g0, ...g]);
    const V = determinant(A) / 6;
    const oracle = B.transpose().mmul(Dmatrix(steel)).mmul(B).mul(V);
    expect(maxAbsDiff(K, oracle) / maxAbsOf(K)).toBeLessThan(1e-13);
    const ev = eigenvalues(K, 12);
    for (let k = 0; k < 6; k++) expect(Math.abs(ev[k]) / ev[11]).toBeLessThan(1e-12);
    expect(ev[6] / ev[11]).toBeGreaterThan(1e-3);
  });

  it('consistent mass is ρV(1 + δij)/20', () => {
    const M = new Float64Array(16);
    const V = tet4MassScalar(tet, 2900, M);
    expect(M[0]).toBe((2 * 2900 * V) / 20);
    expect(M[1]).toBe((2900 * V) / 20);
    expect(M.reduce((s, v) => s + v, 0)).toBeCloseTo(2900 * V, 10);
  });

  it('rejects a tetrahedron with negative volume', () => {
    const inverted = Float64Array.from([...tet.subarray(3, 6), ...tet.subarray(0, 3), ...tet.subarray(6)]);
    expect(() => tet4Stiffness(inverted, steel, new Float64Array(144))).toThrow(/volume must be > 0/);
  });
});

describe('element stresses', () => {
  it('reproduce σ = D ε exactly for a linear displacement field (Hex8 both integrations, Tet4)', () => {
    // u = E x + c with a general (non-symmetric) gradient E
    const E = [[1e-3, 2e-4, -3e-4], [5e-4, -2e-3, 1e-4], [-1e-4, 3e-4, 1.5e-3]];
    const u = (x: Float64Array) => Float64Array.from({ length: x.length }, (_, k) => {
      const i = Math.floor(k / 3), a = k % 3;
      return 1e-2 * (a + 1) + E[a][0] * x[3 * i] + E[a][1] * x[3 * i + 1] + E[a][2] * x[3 * i + 2];
    });
    const eps = [E[0][0], E[1][1], E[2][2], E[1][2] + E[2][1], E[0][2] + E[2][0], E[0][1] + E[1][0]];
    const sigma = Dmatrix(steel).mmul(Matrix.columnVector(eps)).to1DArray();
    const scale = Math.max(...sigma.map(Math.abs));
    for (const integration of ['full', 'selectiveReduced'] as const) {
      const out = new Float64Array(48);
      elementStresses('Hex8', distortedHex, u(distortedHex), steel, out, integration);
      for (let p = 0; p < 8; p++) for (let c = 0; c < 6; c++) expect(Math.abs(out[6 * p + c] - sigma[c]) / scale).toBeLessThan(1e-12);
    }
    const out = new Float64Array(6);
    elementStresses('Tet4', tet, u(tet), steel, out);
    for (let c = 0; c < 6; c++) expect(Math.abs(out[c] - sigma[c]) / scale).toBeLessThan(1e-12);
  });
});
