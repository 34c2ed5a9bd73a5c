import { describe, it, expect } from 'vitest';
import { computeEigenmodes, computeHurtyCraigBamptonModes } from '../../src/fem/modes.ts';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { cscMultiply, type CscMatrix } from '../../src/linalg/sparse.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { cscToDense } from '../linalg/matrices.ts';
import { denseGeneralizedEigenvalues, trussLattice, type LatticePencil } from './eigenMatrices.ts';
import { rigidBodyModes } from './helpers.ts';
import { ownRotor } from './abaqusFixtures.ts';
import { maxAbs } from '../helpers/arrays.ts';

/**
 * Tolerances: eigenvalues against the dense Cholesky-reduced solve to 1e-10 relative (as in
 * eigenSparse.test.ts); static modes are one sparse LU solve each, so their equilibrium and
 * rigid-body reproduction hold to rounding, ≤ 1e-12 relative to ‖K‖·‖u‖ or ‖u‖.
 */
const REL = 1e-10;

/** Column q of a mode basis ndarray as a Float64Array copy. */
function column(basis: { shape: number[]; get(i: number, j: number): number }, q: number): Float64Array {
  return Float64Array.from({ length: basis.shape[0] }, (_, i) => basis.get(i, q));
}

/** Dense principal submatrix A[idx, idx] as a CSC matrix (for the dense oracle). */
function principal(a: CscMatrix, idx: number[]): CscMatrix {
  const d = cscToDense(a);
  const colPtr = new Int32Array(idx.length + 1);
  const rows: number[] = [];
  const vals: number[] = [];
  idx.forEach((gc, c) => {
    idx.forEach((gr, r) => {
      const v = d[gr * a.n + gc];
      if (v !== 0) { rows.push(r); vals.push(v); }
    });
    colPtr[c + 1] = rows.length;
  });
  return { n: idx.length, colPtr, rowIndex: Int32Array.from(rows), values: Float64Array.from(vals) };
}

/** Bar-like lattice 10×3×3 (length 0.9 along x) with its end faces x = 0 and x = 0.9 as interfaces. */
function bar(): { lat: LatticePencil; left: number[]; right: number[] } {
  const lat = trussLattice(10, 3, 3, { perturbation: 0.1 });
  const left: number[] = [];
  const right: number[] = [];
  for (let a = 0; a < lat.nodes; a++) {
    if (lat.positions[3 * a] < 1e-9) left.push(a);
    if (lat.positions[3 * a] > 0.9 - 1e-9) right.push(a);
  }
  return { lat, left, right };
}

function interiorDofs(n: number, boundaryNodes: number[]): number[] {
  const b = new Set<number>();
  for (const node of boundaryNodes) for (let d = 0; d < 3; d++) b.add(3 * node + d);
  return Array.from({ length: n }, (_, i) => i).filter((i) => !b.has(i));
}


describe('computeEigenmodes (free-free modes without the rigid-body modes)', () => {
  it('own rotor (Abaqus files written by the test): the flexible modes equal the dense solve, M-normalized and M-orthogonal to the rigid-body motions', () => {
    const fem = ownRotor();
    const n = fem.numberOfCoordinates();
    const massMatrix = fem.getMassMatrix();
    const stiffnessMatrix = fem.getStiffnessMatrix();
    const r = computeEigenmodes({ massMatrix, stiffnessMatrix, numberOfModes: 8, excludeRigidBodyModes: true });
    expect(r.modeBasis.shape).toEqual([n, 8]);
    const dense = denseGeneralizedEigenvalues(stiffnessMatrix, massMatrix);
    r.eigenValues.forEach((v, i) => expect(Math.abs(v - dense[6 + i]) / dense[6 + i]).toBeLessThan(REL));
    r.eigenFrequenciesHz.forEach((f, i) => expect(f).toBe(Math.sqrt(r.eigenValues[i]) / (2 * Math.PI)));
    // the excluded ones are rounding: |λ| ≤ 1e-12·λ_6
    expect(r.rigidBodyEigenValues.length).toBe(6);
    for (const v of r.rigidBodyEigenValues) expect(Math.abs(v)).toBeLessThan(1e-12 * r.eigenValues[0]);
    // the flexible modes are M-orthogonal to the rigid-body motions and M-normalized
    const mx = new Float64Array(n);
    for (let q = 0; q < 8; q++) {
      const phi = column(r.modeBasis, q);
      cscMultiply(massMatrix, phi, mx);
      let norm = 0;
      for (let i = 0; i < n; i++) norm += phi[i] * mx[i];
      expect(Math.abs(norm - 1)).toBeLessThan(1e-12);
      // cosine of the M-angle: |rᵀMφ| / (‖r‖_M‖φ‖_M) (rᵀKφ = λ rᵀMφ with K r = 0 up to 1e-15·‖K‖)
      for (const rigid of rigidBodyModes(fem.nodes)) {
        let s = 0;
        let rr = 0;
        for (let i = 0; i < n; i++) s += rigid[i] * mx[i];
        const mr = new Float64Array(n);
        cscMultiply(massMatrix, rigid, mr);
        for (let i = 0; i < n; i++) rr += rigid[i] * mr[i];
        expect(Math.abs(s) / Math.sqrt(rr)).toBeLessThan(1e-12);
      }
    }
  });

  it('excludeRigidBodyModes: true is 6, false (default) keeps them, a count works like Exudyn\'s integer', () => {
    const { stiffness, mass } = trussLattice(5, 4, 3, { perturbation: 0.1 });
    const six = computeEigenmodes({ massMatrix: mass, stiffnessMatrix: stiffness, numberOfModes: 4, excludeRigidBodyModes: true });
    const count = computeEigenmodes({ massMatrix: mass, stiffnessMatrix: stiffness, numberOfModes: 4, excludeRigidBodyModes: 6 });
    const none = computeEigenmodes({ massMatrix: mass, stiffnessMatrix: stiffness, numberOfModes: 10 });
    expect(Array.from(count.eigenValues)).toEqual(Array.from(six.eigenValues));
    expect(none.rigidBodyEigenValues.length).toBe(0);
    for (let i = 0; i < 4; i++) expect(Math.abs(none.eigenValues[6 + i] - six.eigenValues[i]) / six.eigenValues[i]).toBeLessThan(1e-12);
    for (let i = 0; i < 6; i++) expect(none.eigenValues[i]).toBeLessThan(1e-12 * six.eigenValues[0]);
  });

  it('rejects a supported body (its lowest eigenvalues are not zero) and bad arguments', () => {
    const { stiffness, mass } = trussLattice(4, 3, 3);
    const supported: CscMatrix = { ...stiffness, values: Float64Array.from(stiffness.values) };
    // springs to ground at node 0 (all directions) and node 1 (y, z): no rigid-body motion left
    for (const dof of [0, 1, 2, 4, 5]) {
      for (let k = supported.colPtr[dof]; k < supported.colPtr[dof + 1]; k++) if (supported.rowIndex[k] === dof) supported.values[k] += 1e6;
    }
    const run = (o: Partial<Parameters<typeof computeEigenmodes>[0]>) => () =>
      computeEigenmodes({ massMatrix: mass, stiffnessMatrix: supported, numberOfModes: 4, excludeRigidBodyModes: true, ...o });
    expect(run({})).toThrow(FlexdynError);
    expect(run({})).toThrow('the 6 lowest eigenvalues must be rigid-body modes');
    expect(run({ numberOfModes: 0 })).toThrow('numberOfModes must be a positive integer, got 0');
    expect(run({ excludeRigidBodyModes: -1 })).toThrow('excludeRigidBodyModes must be a boolean or a non-negative integer, got -1');
    expect(run({ numberOfModes: 200 })).toThrow('must not exceed the 108 coordinates');
    expect(run({ massMatrix: trussLattice(3, 3, 3).mass })).toThrow('massMatrix must have the dimension of stiffnessMatrix (108), got 81');
    // a partly supported body (3 rigid-body modes left) fails with 6 and passes with 3
    const partly: CscMatrix = { ...stiffness, values: Float64Array.from(stiffness.values) };
    for (const dof of [0, 1, 2]) {
      for (let k = partly.colPtr[dof]; k < partly.colPtr[dof + 1]; k++) if (partly.rowIndex[k] === dof) partly.values[k] += 1e6;
    }
    expect(run({ stiffnessMatrix: partly })).toThrow('λ_3');
    const three = computeEigenmodes({ massMatrix: mass, stiffnessMatrix: partly, numberOfModes: 2, excludeRigidBodyModes: 3 });
    expect(three.eigenValues[0]).toBeGreaterThan(1e3);
  });
});

describe('computeHurtyCraigBamptonModes', () => {
  it('RBE2 with two interfaces: 6 static modes of the second interface (first excluded), fixed-interface eigenmodes', () => {
    const { lat, left, right } = bar();
    const n = lat.stiffness.n;
    const r = computeHurtyCraigBamptonModes({
      massMatrix: lat.mass, stiffnessMatrix: lat.stiffness, nodePositions: lat.positions,
      boundaryNodeLists: [left, right], numberOfEigenModes: 8,
    });
    expect(r.numberOfStaticModes).toBe(6);
    expect(r.numberOfEigenModes).toBe(8);
    expect(r.modeBasis.shape).toEqual([n, 14]);
    const p0 = [0, 1, 2].map((d) => right.reduce((s, a) => s + lat.positions[3 * a + d], 0) / right.length);
    const kNorm = maxAbs(lat.stiffness.values);
    const interior = interiorDofs(n, [...left, ...right]);
    const f = new Float64Array(n);
    for (let c = 0; c < 6; c++) {
      const u = column(r.modeBasis, c);
      for (const a of left) for (let d = 0; d < 3; d++) expect(u[3 * a + d]).toBe(0);
      for (const a of right) {
        const p = [0, 1, 2].map((d) => lat.positions[3 * a + d] - p0[d]);
        // column c < 3: translation e_c; c ≥ 3: Skew(p)·e_k = p × e_k (Exudyn's sign)
        const e = [0, 0, 0];
        e[c % 3] = 1;
        const expected = c < 3 ? e : [p[1] * e[2] - p[2] * e[1], p[2] * e[0] - p[0] * e[2], p[0] * e[1] - p[1] * e[0]];
        for (let d = 0; d < 3; d++) expect(Math.abs(u[3 * a + d] - expected[d])).toBeLessThan(1e-15);
      }
      // static equilibrium of the interior: (K u)_i = 0
      cscMultiply(lat.stiffness, u, f);
      for (const i of interior) expect(Math.abs(f[i])).toBeLessThan(1e-12 * kNorm * maxAbs(u));
    }
    // eigenmodes: zero on the boundary, eigenpairs of (K_ii, M_ii) equal to the dense solve
    const denseFixed = denseGeneralizedEigenvalues(principal(lat.stiffness, interior), principal(lat.mass, interior));
    const mx = new Float64Array(n);
    for (let q = 0; q < 8; q++) {
      const phi = column(r.modeBasis, 6 + q);
      for (const a of [...left, ...right]) for (let d = 0; d < 3; d++) expect(phi[3 * a + d]).toBe(0);
      expect(Math.abs(r.eigenValues[q] - denseFixed[q]) / denseFixed[q]).toBeLessThan(REL);
      cscMultiply(lat.stiffness, phi, f);
      cscMultiply(lat.mass, phi, mx);
      let res = 0;
      for (const i of interior) res = Math.max(res, Math.abs(f[i] - r.eigenValues[q] * mx[i]));
      expect(res / maxAbs(f)).toBeLessThan(1e-9);
      let norm = 0;
      for (let i = 0; i < n; i++) norm += phi[i] * mx[i];
      expect(Math.abs(norm - 1)).toBeLessThan(1e-12);
    }
    r.eigenFrequenciesHz.forEach((hz, q) => expect(hz).toBe(Math.sqrt(r.eigenValues[q]) / (2 * Math.PI)));
  });

  it('RBE2 without excluding the first interface: combinations of the 12 static modes reproduce the six rigid-body motions', () => {
    const { lat, left, right } = bar();
    const r = computeHurtyCraigBamptonModes({
      massMatrix: lat.mass, stiffnessMatrix: lat.stiffness, nodePositions: lat.positions,
      boundaryNodeLists: [left, right], numberOfEigenModes: 0, excludeRigidBodyMotion: false,
    });
    expect(r.numberOfStaticModes).toBe(12);
    expect(r.eigenValues.length).toBe(0);
    const mean = (list: number[]) => [0, 1, 2].map((d) => list.reduce((s, a) => s + lat.positions[3 * a + d], 0) / list.length);
    const p1 = mean(left);
    const p2 = mean(right);
    const rigid = rigidBodyModes(lat.positions, p1);
    const cols = Array.from({ length: 12 }, (_, c) => column(r.modeBasis, c));
    for (let k = 0; k < 6; k++) {
      // rigid motion k: translation e_k, or rotation about p1 with Exudyn's sign: u = (x − p1) × e = −e × (x − p1)
      const combo = new Float64Array(lat.stiffness.n);
      const add = (c: number, s: number) => cols[c].forEach((v, i) => { combo[i] += s * v; });
      if (k < 3) {
        add(k, 1);
        add(6 + k, 1);
      } else {
        const e = [0, 0, 0];
        e[k - 3] = 1;
        add(k, 1);
        add(6 + k, 1);
        // (x − p1) × e = (x − p2) × e + (p2 − p1) × e on the second interface
        const d = [p2[0] - p1[0], p2[1] - p1[1], p2[2] - p1[2]];
        const shift = [d[1] * e[2] - d[2] * e[1], d[2] * e[0] - d[0] * e[2], d[0] * e[1] - d[1] * e[0]];
        for (let t = 0; t < 3; t++) add(6 + t, shift[t]);
      }
      const expected = k < 3 ? rigid[k] : rigid[k].map((v) => -v);
      let err = 0;
      combo.forEach((v, i) => { err = Math.max(err, Math.abs(v - expected[i])); });
      expect(err).toBeLessThan(1e-12 * maxAbs(expected));
    }
  });

  it('allBoundaryNodes: a unit static mode per boundary coordinate, their sum per direction is a rigid translation', () => {
    const { lat, left, right } = bar();
    const n = lat.stiffness.n;
    const r = computeHurtyCraigBamptonModes({
      massMatrix: lat.mass, stiffnessMatrix: lat.stiffness, nodePositions: lat.positions,
      boundaryNodeLists: [left, right], numberOfEigenModes: 3, useRigidBodyModes: false,
    });
    const nb = 3 * (left.length + right.length);
    expect(r.numberOfStaticModes).toBe(nb);
    expect(r.modeBasis.shape).toEqual([n, nb + 3]);
    const boundary = [...left, ...right];
    const sums = [0, 1, 2].map(() => new Float64Array(n));
    for (let c = 0; c < nb; c++) {
      const u = column(r.modeBasis, c);
      const node = boundary[Math.floor(c / 3)];
      boundary.forEach((a) => { for (let d = 0; d < 3; d++) expect(u[3 * a + d]).toBe(3 * a + d === 3 * node + (c % 3) ? 1 : 0); });
      u.forEach((v, i) => { sums[c % 3][i] += v; });
    }
    for (let d = 0; d < 3; d++) {
      let err = 0;
      sums[d].forEach((v, i) => { err = Math.max(err, Math.abs(v - (i % 3 === d ? 1 : 0))); });
      expect(err).toBeLessThan(1e-12);
    }
  });

  it('uses the boundary node weights for the mean point p₀ = Σ wᵢxᵢ of the rotation modes', () => {
    const { lat, left, right } = bar();
    const weights = right.map((_, j) => (j + 1) / ((right.length * (right.length + 1)) / 2));
    const r = computeHurtyCraigBamptonModes({
      massMatrix: lat.mass, stiffnessMatrix: lat.stiffness, nodePositions: lat.positions,
      boundaryNodeLists: [left, right], numberOfEigenModes: 0,
      boundaryNodeWeights: [left.map(() => 1 / left.length), weights],
    });
    const p0 = [0, 1, 2].map((d) => right.reduce((s, a, j) => s + weights[j] * lat.positions[3 * a + d], 0));
    // rotation column about e_z: u = p × e_z = (p_y, −p_x, 0) with p = x − p₀
    const u = column(r.modeBasis, 5);
    for (const a of right) {
      expect(Math.abs(u[3 * a] - (lat.positions[3 * a + 1] - p0[1]))).toBeLessThan(1e-15);
      expect(Math.abs(u[3 * a + 1] + (lat.positions[3 * a] - p0[0]))).toBeLessThan(1e-15);
    }
  });

  it('own rotor (Abaqus files written by the test): interfaces z = 0 and z = 0.5 (its node sets), fixed-interface frequencies equal the dense solve', () => {
    const fem = ownRotor();
    const n = fem.numberOfCoordinates();
    const left = Array.from(fem.getNodeSet('left')!.nodeNumbers);
    const right = Array.from(fem.getNodeSet('right')!.nodeNumbers);
    expect(left).toEqual(fem.getNodesInPlane([0, 0, 0], [0, 0, 1]));
    expect(left.length).toBeGreaterThan(2);
    expect(right.length).toBeGreaterThan(2);
    const r = computeHurtyCraigBamptonModes({
      massMatrix: fem.getMassMatrix(), stiffnessMatrix: fem.getStiffnessMatrix(), nodePositions: fem.nodes,
      boundaryNodeLists: [left, right], numberOfEigenModes: 6,
    });
    expect(r.modeBasis.shape).toEqual([n, 12]);
    const interior = interiorDofs(n, [...left, ...right]);
    const dense = denseGeneralizedEigenvalues(principal(fem.getStiffnessMatrix(), interior), principal(fem.getMassMatrix(), interior));
    r.eigenValues.forEach((v, q) => expect(Math.abs(v - dense[q]) / dense[q]).toBeLessThan(REL));
    // 6 static modes of the second interface: its rigid-body motions on its nodes
    const u = column(r.modeBasis, 2);
    for (const a of right) expect(u[3 * a + 2]).toBe(1);
  });

  it('without boundary lists: Exudyn\'s free-mode convention (numberOfEigenModes includes the 6 dropped rigid-body modes)', () => {
    const { stiffness, mass, positions } = trussLattice(5, 4, 3, { perturbation: 0.1 });
    const r = computeHurtyCraigBamptonModes({ massMatrix: mass, stiffnessMatrix: stiffness, nodePositions: positions, boundaryNodeLists: [], numberOfEigenModes: 10 });
    const free = computeEigenmodes({ massMatrix: mass, stiffnessMatrix: stiffness, numberOfModes: 4, excludeRigidBodyModes: true });
    expect(r.numberOfStaticModes).toBe(0);
    expect(r.modeBasis.shape).toEqual([stiffness.n, 4]);
    expect(r.eigenValues.length).toBe(10);
    expect(Array.from(r.eigenValues.slice(6))).toEqual(Array.from(free.eigenValues));
    for (let i = 0; i < 6; i++) expect(r.eigenValues[i]).toBeLessThan(1e-12 * free.eigenValues[0]);
  });

  it('FEMinterface.computeHurtyCraigBamptonModes rejects an unknown computationMode', () => {
    const fem = new FEMinterface();
    expect(() => fem.computeHurtyCraigBamptonModes([[0]], 1, { computationMode: 'RBE3' as 'RBE2' })).toThrow(/computationMode must be 'RBE2' or 'allBoundaryNodes', got RBE3/);
  });

  it('rejects bad boundary lists and weights', () => {
    const { lat, left, right } = bar();
    const run = (o: Partial<Parameters<typeof computeHurtyCraigBamptonModes>[0]>) => () => computeHurtyCraigBamptonModes({
      massMatrix: lat.mass, stiffnessMatrix: lat.stiffness, nodePositions: lat.positions,
      boundaryNodeLists: [left, right], numberOfEigenModes: 2, ...o,
    });
    expect(run({ boundaryNodeLists: [left, [right[0], left[1]]] })).toThrow(`boundaryNodeLists[1] must not repeat nodes (node ${left[1]} is already in list 0)`);
    expect(run({ boundaryNodeLists: [left, []] })).toThrow('boundaryNodeLists[1] must not be empty');
    expect(run({ boundaryNodeLists: [[0, 90]] })).toThrow('boundaryNodeLists[0] must hold node indices in [0, 89], got 90');
    expect(run({ boundaryNodeWeights: [[1]] })).toThrow('boundaryNodeWeights must have one list per boundary list (2), got 1');
    expect(run({ boundaryNodeWeights: [[1], right.map(() => 1)] })).toThrow(`boundaryNodeWeights[0] must have ${left.length} entries, got 1`);
    expect(run({ nodePositions: lat.positions.subarray(3) })).toThrow('nodePositions must hold 3 coordinates per node (270 values), got 267');
    expect(run({ numberOfEigenModes: -1 })).toThrow('numberOfEigenModes must be a non-negative integer, got -1');
    // one boundary node fixes only the translations: K_ii is singular (rotation about it)
    expect(run({ boundaryNodeLists: [[left[0]]] })).toThrow('boundaryNodeLists must fix all rigid-body motions of the body');
    expect(run({ boundaryNodeLists: [], numberOfEigenModes: 6 })).toThrow('numberOfEigenModes must exceed numberOfRigidBodyModes (6) without boundary lists, got 6');
    for (const f of [run({ boundaryNodeLists: [left, []] }), run({ numberOfEigenModes: -1 })]) expect(f).toThrow(FlexdynError);
  });
});
