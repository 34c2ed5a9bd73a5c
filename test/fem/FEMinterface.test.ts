import { describe, it, expect } from 'vitest';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { createBlockMesh, createCylinderMesh, type FemMesh } from '../../src/fem/meshers.ts';
import { elementStresses, lameParameters, type LinearElasticMaterial } from '../../src/fem/elements.ts';
import { InertiaCuboid } from '../../src/rotations/rigidBodyInertia.ts';
import { cscGet, directionSum, maxAbs, maxAsymmetry, multiply, normInf, rigidBodyModes } from './helpers.ts';
import { mulberry32 } from '../helpers/random.ts';

const steel: LinearElasticMaterial = { youngsModulus: 2.1e11, poissonsRatio: 0.3, density: 7850 };

/** Unit cube mesh with its interior nodes moved by up to ±0.1·h in each direction: distorted elements, exact box boundary. */
function distortedCube(elementType: 'Hex8' | 'Tet4', n = 3): FEMinterface {
  const mesh = createBlockMesh({ size: [1, 1, 1], divisions: [n, n, n], elementType });
  const rnd = mulberry32(7);
  const h = 1 / n;
  for (let i = 0; i < mesh.nodes.length; i += 3) {
    const inside = [0, 1, 2].every((d) => mesh.nodes[i + d] > 1e-12 && mesh.nodes[i + d] < 1 - 1e-12);
    if (inside) for (let d = 0; d < 3; d++) mesh.nodes[i + d] += 0.2 * h * (rnd() - 0.5);
  }
  const fem = new FEMinterface();
  fem.importMesh(mesh);
  return fem;
}

function meshModel(mesh: FemMesh): FEMinterface {
  const fem = new FEMinterface();
  fem.importMesh(mesh);
  return fem;
}

describe('patch test: a uniform strain field on a distorted mesh', () => {
  // u = E x + c with a general displacement gradient E (strain ε = sym E plus a rotation)
  const E = [[1e-3, 2e-4, -3e-4], [5e-4, -2e-3, 1e-4], [-1e-4, 3e-4, 1.5e-3]];
  const eps = [E[0][0], E[1][1], E[2][2], E[1][2] + E[2][1], E[0][2] + E[2][0], E[0][1] + E[1][0]];
  const { lambda, mu } = lameParameters(steel.youngsModulus, steel.poissonsRatio);
  const tr = eps[0] + eps[1] + eps[2];
  const sigma = [lambda * tr + 2 * mu * eps[0], lambda * tr + 2 * mu * eps[1], lambda * tr + 2 * mu * eps[2], mu * eps[3], mu * eps[4], mu * eps[5]];
  const energy = sigma.reduce((s, v, k) => s + v * eps[k], 0); // σ:ε per unit volume (V = 1)

  for (const [elementType, integration] of [['Hex8', 'full'], ['Hex8', 'selectiveReduced'], ['Tet4', 'full']] as const) {
    it(`${elementType} (${integration}): interior forces vanish, face nodes carry σ·n A/9, energy = σ:ε V, element stresses = D ε`, () => {
      const fem = distortedCube(elementType);
      fem.computeMassAndStiffness(steel, { hex8Integration: integration });
      const x = fem.nodes;
      const u = Float64Array.from({ length: x.length }, (_, k) => {
        const i = k - (k % 3), a = k % 3;
        return 1e-3 * (a + 1) + E[a][0] * x[i] + E[a][1] * x[i + 1] + E[a][2] * x[i + 2];
      });
      const f = multiply(fem.getStiffnessMatrix(), u);
      const fScale = normInf(f);
      // round-off: |K| |u| ε with a few dozen terms per row; an element failing the patch test errs by O(1)
      const tol = 1e-11 * fScale;
      const interior = fem.getNodesInCube([1e-9, 1e-9, 1e-9], [1 - 1e-9, 1 - 1e-9, 1 - 1e-9]);
      expect(interior.length).toBe(8);
      for (const i of interior) for (let d = 0; d < 3; d++) expect(Math.abs(f[3 * i + d])).toBeLessThan(tol);
      // nodes in the middle of the face x = 1 (undistorted 3×3 grid): f_i = ∫ N_i σ n dA = (σ_xx, σ_xy, σ_xz)/9
      const faceMiddle = fem.getNodesInPlane([1, 0, 0], [1, 0, 0]).filter((i) => [1, 2].every((d) => x[3 * i + d] > 0.1 && x[3 * i + d] < 0.9));
      expect(faceMiddle.length).toBe(4);
      for (const i of faceMiddle) {
        expect(Math.abs(f[3 * i] - sigma[0] / 9)).toBeLessThan(tol);
        expect(Math.abs(f[3 * i + 1] - sigma[5] / 9)).toBeLessThan(tol);
        expect(Math.abs(f[3 * i + 2] - sigma[4] / 9)).toBeLessThan(tol);
      }
      const uKu = u.reduce((s, v, k) => s + v * f[k], 0);
      expect(Math.abs(uKu - energy) / energy).toBeLessThan(1e-10);
      // stresses at the integration points of every element
      const block = fem.elements[0];
      const nn = elementType === 'Hex8' ? 8 : 4;
      const xe = new Float64Array(3 * nn), ue = new Float64Array(3 * nn), out = new Float64Array(elementType === 'Hex8' ? 48 : 6);
      let worst = 0;
      for (let e = 0; e < block.count; e++) {
        for (let a = 0; a < nn; a++) {
          const node = block.connectivity[nn * e + a];
          for (let d = 0; d < 3; d++) { xe[3 * a + d] = x[3 * node + d]; ue[3 * a + d] = u[3 * node + d]; }
        }
        elementStresses(elementType, xe, ue, steel, out, integration);
        for (let k = 0; k < out.length; k++) worst = Math.max(worst, Math.abs(out[k] - sigma[k % 6]));
      }
      expect(worst / Math.max(...sigma.map(Math.abs))).toBeLessThan(1e-10);
    });
  }
});

describe('assembled matrices', () => {
  const meshes: [string, FemMesh][] = [
    ['distorted Hex8 cube', createBlockMesh({ size: [1, 1, 1], divisions: [3, 3, 3] })],
    ['Tet4 full cylinder', createCylinderMesh({ outerRadius: 0.1, length: 0.3, rings: 2, segments: 12, layers: 3, elementType: 'Tet4' })],
    ['Hex8 tube along x', createCylinderMesh({ outerRadius: 0.1, innerRadius: 0.04, length: 0.3, rings: 2, segments: 12, layers: 3, axis: 'x' })],
  ];

  it('are symmetric to round-off and the stiffness annihilates the 6 rigid-body modes', () => {
    for (const [, mesh] of meshes) {
      for (const integration of ['full', 'selectiveReduced'] as const) {
        const fem = meshModel(mesh);
        fem.computeMassAndStiffness(steel, { hex8Integration: integration });
        const K = fem.getStiffnessMatrix(), M = fem.getMassMatrix();
        // element matrices are mirrored from their upper triangle and summed in the same order
        expect(maxAsymmetry(K)).toBe(0);
        expect(maxAsymmetry(M)).toBe(0);
        for (const r of rigidBodyModes(fem.nodes, [0.05, 0.05, 0.05])) {
          expect(normInf(multiply(K, r)) / (maxAbs(K) * normInf(r))).toBeLessThan(1e-14);
        }
      }
    }
  });

  it('consistent and lumped mass carry ρV in each direction', () => {
    for (const [, mesh] of meshes) {
      const fem = meshModel(mesh);
      for (const lumpedMass of [false, true]) {
        const V = fem.computeMassAndStiffness(steel, { lumpedMass });
        // sums of ~1e4 entries: round-off ~1e-14 relative
        for (let d = 0; d < 3; d++) expect(Math.abs(directionSum(fem.getMassMatrix(), d) - steel.density * V) / (steel.density * V)).toBeLessThan(1e-13);
      }
    }
  });

  it('rigid-body inertia of the consistent mass of a distorted cube is the exact cuboid inertia', () => {
    // isoparametric elements interpolate x exactly, so x̃ᵀ M x̃ = ∫ρ x̃ᵀx̃ dV for any mesh of the box
    for (const elementType of ['Hex8', 'Tet4'] as const) {
      const fem = distortedCube(elementType);
      fem.computeMassAndStiffness(steel);
      const rbi = fem.getRigidBodyInertia();
      const exact = InertiaCuboid(steel.density, [1, 1, 1]);
      expect(Math.abs(rbi.mass - exact.mass) / exact.mass).toBeLessThan(1e-14);
      for (let d = 0; d < 3; d++) expect(rbi.com[d]).toBeCloseTo(0.5, 14);
      const J = rbi.inertiaCOM(), Je = exact.inertia();
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) expect(Math.abs(J[r][c] - Je[r][c]) / Je[0][0]).toBeLessThan(1e-13);
    }
  });

  it('needs Hex8/Tet4 elements and a material for meshes without Abaqus sections', () => {
    const fem = meshModel(createBlockMesh({ size: [1, 1, 1], divisions: [1, 1, 1] }));
    expect(() => fem.computeMassAndStiffness()).toThrow(/element 0 has no solid section with a material/);
    expect(() => fem.computeMassAndStiffness({ ...steel, poissonsRatio: 0.5 })).toThrow(/poissonsRatio must lie in/);
    expect(() => fem.getMassMatrix()).toThrow(/no mass matrix/);
    fem.importMesh({ nodes: new Float64Array(60), elementBlocks: [{ type: 'Hex20', connectivity: Int32Array.from({ length: 20 }, (_, k) => k) }] });
    expect(() => fem.computeMassAndStiffness(steel)).toThrow(/Hex20 has no element formulation/);
  });
});

describe('node selection', () => {
  const block = meshModel(createBlockMesh({ size: [2, 1, 0.5], divisions: [4, 3, 2] }));
  const tube = meshModel(createCylinderMesh({ outerRadius: 0.2, innerRadius: 0.05, length: 0.5, rings: 3, segments: 16, layers: 5 }));

  it('in a plane (normal normalized), in a box, at a point', () => {
    expect(block.getNodesInPlane([0, 0, 0], [1, 0, 0]).length).toBe(4 * 3);
    expect(block.getNodesInPlane([2, 0, 0], [-3, 0, 0])).toEqual(Array.from({ length: 12 }, (_, k) => 4 + 5 * k));
    expect(block.getNodesInPlane([0, 0, 0.25], [0, 0, 1]).length).toBe(5 * 4);
    expect(block.getNodesInPlane([0, 0, 0.26], [0, 0, 1], 1e-3).length).toBe(0);
    expect(block.getNodesInCube([0.4, 0, 0], [1.1, 1, 0.5])).toEqual(block.getNodesInBox([0.4, 0, 0], [1.1, 1, 0.5]));
    expect(block.getNodesInCube([0.4, 0, 0], [1.1, 1, 0.5]).length).toBe(2 * 4 * 3); // x = 0.5, 1.0
    expect(block.getNodeAtPoint([1.5, 2 / 3, 0.25])).toBe(1 + 5 * (2 + 4 * 1) + 2);
    expect(block.getNodeAtPoint([1.5, 0.5, 0.25], 1e-5, false)).toBe(-1);
    expect(() => block.getNodeAtPoint([1.5, 0.5, 0.25])).toThrow(/no node within 0.00001 of \[1.5, 0.5, 0.25\]/);
    expect(() => block.getNodesInPlane([0, 0, 0], [0, 0, 0])).toThrow(/normal must not be zero/);
  });

  it('on cylinders, circles and lines', () => {
    expect(tube.getNodesOnCylinder([0, 0, 0], [0, 0, 0.5], 0.2).length).toBe(16 * 6);
    expect(tube.getNodesOnCylinder([0, 0, 0], [0, 0, 0.5], 0.05).length).toBe(16 * 6);
    expect(tube.getNodesOnCylinder([0, 0, 0.1], [0, 0, 0.3], 0.2).length).toBe(16 * 3); // layers at z = 0.1, 0.2, 0.3
    expect(tube.getNodesOnCylinder([0, 0, 0], [0, 0, 0.5], 0.1).length).toBe(16 * 6); // ring r = 0.1 of the 3 rings
    expect(tube.getNodesOnCircle([0, 0, 0.5], [0, 0, 1], 0.2).length).toBe(16);
    expect(block.getNodesOnLine([0, 0, 0], [2, 0, 0])).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('node weights', () => {
  it('from surface areas: Exudyn\'s split of a quadrilateral face gives 1/3, 1/6, 1/3, 1/6', () => {
    const fem = meshModel(createBlockMesh({ size: [2, 1, 1], divisions: [1, 1, 1] }));
    const face = fem.getNodesInPlane([0, 0, 0], [1, 0, 0]); // nodes 0 (0,0,0), 2 (0,1,0), 4 (0,0,1), 6 (0,1,1)
    expect(face).toEqual([0, 2, 4, 6]);
    // face (3, 7, 4, 0) of the C3D8 element → triangles (3, 4, 7), (3, 0, 4): local 3 and 4 touch both
    const w = fem.getNodeWeightsFromSurfaceAreas(face);
    const expected = [1 / 6, 1 / 3, 1 / 3, 1 / 6];
    for (let k = 0; k < 4; k++) expect(w[k]).toBeCloseTo(expected[k], 15);
    const area = fem.getNodeWeightsFromSurfaceAreas(face, false).reduce((s, v) => s + v, 0);
    expect(area).toBeCloseTo(1, 15);
    expect(() => fem.getNodeWeightsFromSurfaceAreas([0, 7])).toThrow(/no surface triangle/);
  });

  it('from the mass matrix: lumped masses 1 : 2 : 4 at corner, edge and middle of a face of a 2×2×2 grid', () => {
    const fem = meshModel(createBlockMesh({ size: [1, 1, 1], divisions: [2, 2, 2] }));
    fem.computeMassAndStiffness(steel);
    const face = fem.getNodesInPlane([0, 0, 0], [1, 0, 0]);
    const w = fem.getNodeMassWeights(face);
    // face nodes (j, k) in order k, j: corner, edge, corner / edge, middle, edge / corner, edge, corner
    const expected = [1, 2, 1, 2, 4, 2, 1, 2, 1].map((v) => v / 16);
    for (let k = 0; k < 9; k++) expect(w[k]).toBeCloseTo(expected[k], 15);
    const m = fem.getNodeMassWeights([13], false); // center node: 8 elements · ρ(1/8)/8
    expect(m[0]).toBeCloseTo(steel.density / 8, 10);
  });
});

describe('matrix modifications', () => {
  it('addNodeMass, scaling and elastic supports change the diagonal; a missing diagonal entry is inserted', () => {
    const fem = meshModel(createBlockMesh({ size: [1, 1, 1], divisions: [1, 1, 1] }));
    fem.computeMassAndStiffness(steel);
    const m0 = directionSum(fem.getMassMatrix(), 1);
    fem.addNodeMass(3, 0.5);
    expect(directionSum(fem.getMassMatrix(), 1) - m0).toBeCloseTo(0.5, 10);
    fem.scaleMassMatrix(2);
    expect(directionSum(fem.getMassMatrix(), 2)).toBeCloseTo(2 * (m0 + 0.5), 9);
    const k00 = cscGet(fem.getStiffnessMatrix(), 0, 0);
    fem.scaleStiffnessMatrix(1e-2);
    fem.addElasticSupportAtNode(0, [1, 2, 3]);
    expect(cscGet(fem.getStiffnessMatrix(), 0, 0)).toBeCloseTo(1e-2 * k00 + 1, 0);
    expect(cscGet(fem.getStiffnessMatrix(), 2, 2) - cscGet(fem.getStiffnessMatrix(), 1, 1)).toBeCloseTo(1, 0);
    // empty mass matrix: entries are inserted in sorted position
    fem.massMatrix = { n: 24, colPtr: new Int32Array(25), rowIndex: new Int32Array(0), values: new Float64Array(0) };
    fem.addNodeMass(1, 5);
    const M = fem.getMassMatrix();
    expect(Array.from(M.colPtr.subarray(0, 8))).toEqual([0, 0, 0, 0, 1, 2, 3, 3]);
    expect([cscGet(M, 3, 3), cscGet(M, 4, 4), cscGet(M, 5, 5)]).toEqual([5, 5, 5]);
    expect(() => fem.addNodeMass(8, 1)).toThrow(/node number must be an integer in 0 … 7/);
  });
});

describe('gyroscopic matrix', () => {
  it('isTheAxisCrossProductOfTheMassTimesVelocityPerNode', () => {
    // G = (I ⊗ ẽ) M: (G v)_node = e × (M v)_node, for each axis; round-off of one mat-vec (1e-12 relative)
    const fem = distortedCube('Hex8', 2);
    fem.computeMassAndStiffness(steel);
    const rnd = mulberry32(3);
    const v = Float64Array.from({ length: fem.numberOfCoordinates() }, () => rnd() - 0.5);
    const mv = multiply(fem.getMassMatrix(), v);
    const scale = normInf(mv);
    for (const axis of [0, 1, 2]) {
      const gv = multiply(fem.getGyroscopicMatrix(axis), v);
      const e = [0, 0, 0];
      e[axis] = 1;
      for (let i = 0; i < gv.length; i += 3) {
        const cross = [e[1] * mv[i + 2] - e[2] * mv[i + 1], e[2] * mv[i] - e[0] * mv[i + 2], e[0] * mv[i + 1] - e[1] * mv[i]];
        for (let d = 0; d < 3; d++) expect(Math.abs(gv[i + d] - cross[d])).toBeLessThan(1e-12 * scale);
      }
    }
  });

  it('isSkewForALumpedMassSoGyroscopicForcesDoNoWork', () => {
    const fem = distortedCube('Hex8', 2);
    fem.computeMassAndStiffness(steel, { lumpedMass: true });
    const g = fem.getGyroscopicMatrix(2);
    const scale = maxAbs(g);
    for (let c = 0; c < g.n; c++) for (let r = 0; r < g.n; r++) expect(Math.abs(cscGet(g, r, c) + cscGet(g, c, r))).toBeLessThan(1e-14 * scale);
    expect(() => fem.getGyroscopicMatrix(3)).toThrow(/rotationAxis must be 0, 1 or 2, got 3/);
  });
});
