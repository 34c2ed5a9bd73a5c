import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { createBlockMesh } from '../../src/fem/meshers.ts';
import { abaqusInputText, abaqusMatrixText, rotorSteel, writeOwnRotor } from './abaqusFixtures.ts';
import { directionSum, maxAbs, maxAsymmetry, multiply, normInf, rigidBodyModes } from './helpers.ts';

// The Abaqus reader on files the test writes from our own meshes and matrices: everything read must equal
// what was written (coordinates and matrix entries are written in shortest round-trip form, so exactly),
// and the matrices keep the physics they were assembled with.

describe('Abaqus files of our own meshes', () => {
  it('the rotor cylinder (Hex8, instance, node sets, material): nodes, elements, sets and material read back exactly', () => {
    const files = writeOwnRotor();
    const fem = new FEMinterface();
    const nodes = fem.importFromAbaqusInputFile(files.inp, { typeName: 'Instance', name: 'rotor-1' });
    expect(Array.from(nodes)).toEqual(Array.from(files.mesh.nodes));
    expect(fem.elements.map((b) => b.type)).toEqual(['Hex8']);
    expect(Array.from(fem.elements[0].connectivity)).toEqual(Array.from(files.mesh.elementBlocks[0].connectivity));
    expect(fem.materials).toEqual([{ name: 'steel', density: 7850, youngsModulus: 2.1e11, poissonsRatio: 0.3 }]);
    expect(fem.sections).toEqual([{ elementSet: 'Set-1', material: 'steel' }]);
    expect(Array.from(fem.getNodeSet('left')!.nodeNumbers)).toEqual(fem.getNodesInPlane([0, 0, 0], [0, 0, 1]));
    expect(Array.from(fem.getNodeSet('right')!.nodeNumbers)).toEqual(fem.getNodesInPlane([0, 0, 0.5], [0, 0, 1]));
    expect(fem.getNodeSet('Set-1')!.nodeNumbers.length).toBe(fem.numberOfNodes());
  });

  it('its matrices read back entry for entry; K is symmetric, annihilates the rigid-body modes; M sums to ρV per direction', () => {
    const files = writeOwnRotor();
    const own = new FEMinterface();
    own.importMesh(files.mesh);
    own.computeMassAndStiffness(rotorSteel, { hex8Integration: 'selectiveReduced' });
    const fem = new FEMinterface();
    fem.importFromAbaqusInputFile(files.inp, { typeName: 'Instance', name: 'rotor-1' });
    const k = fem.readStiffnessMatrixFromAbaqus(files.stiffness);
    const m = fem.readMassMatrixFromAbaqus(files.mass);
    expect([k.format, k.storage, m.storage]).toEqual(['coordinate', 'full', 'full']);
    for (const [read, assembled] of [[fem.getStiffnessMatrix(), own.getStiffnessMatrix()], [fem.getMassMatrix(), own.getMassMatrix()]]) {
      expect(Array.from(read.colPtr)).toEqual(Array.from(assembled.colPtr));
      expect(Array.from(read.rowIndex)).toEqual(Array.from(assembled.rowIndex));
      expect(Array.from(read.values)).toEqual(Array.from(assembled.values));
    }
    const K = fem.getStiffnessMatrix();
    expect(maxAsymmetry(K) / maxAbs(K)).toBeLessThan(1e-15);
    // |K r| / (|K| |r|): round-off of sums of ≤ 8 element contributions
    for (const r of rigidBodyModes(fem.nodes)) expect(normInf(multiply(K, r)) / (maxAbs(K) * normInf(r))).toBeLessThan(1e-13);
    // the cross-section is the regular octagon of the 8 outer nodes on r = 0.1: area 2√2 r², length 0.5
    const mass = 7850 * 2 * Math.SQRT2 * 0.01 * 0.5;
    for (let d = 0; d < 3; d++) expect(Math.abs(directionSum(fem.getMassMatrix(), d) - mass) / mass).toBeLessThan(1e-13);
  });

  it('a flat Tet4 block file (no part): nodes and elements read back; the lumped mass of the reader\'s mesh sums to ρV', () => {
    const folder = mkdtempSync(join(tmpdir(), 'flexdyn-abaqus-'));
    const mesh = createBlockMesh({ size: [4, 1, 1], divisions: [4, 2, 2], elementType: 'Tet4' });
    const material = { name: 'steel', youngsModulus: 2e11, poissonsRatio: 0.3, density: 2900 };
    const file = join(folder, 'block.inp');
    // the same content without *Part/*Assembly: a flat input file
    const flat = abaqusInputText(mesh, { part: 'block', material }).split('\n')
      .filter((line) => !/^\*(Part|End Part|Assembly|End Assembly|Instance|End Instance)/.test(line)).join('\n');
    writeFileSync(file, flat);
    const fem = new FEMinterface();
    fem.importFromAbaqusInputFile(file);
    expect(Array.from(fem.nodes)).toEqual(Array.from(mesh.nodes));
    expect(fem.elements.map((b) => [b.type, b.count])).toEqual([['Tet4', mesh.elementBlocks[0].connectivity.length / 4]]);
    fem.computeMassAndStiffness(undefined, { lumpedMass: true }); // material from the file's *Material
    for (let d = 0; d < 3; d++) expect(Math.abs(directionSum(fem.getMassMatrix(), d) - 2900 * 4) / 11600).toBeLessThan(1e-14);
    writeFileSync(join(folder, 'M.mtx'), abaqusMatrixText(fem.getMassMatrix()));
    const read = new FEMinterface();
    read.importFromAbaqusInputFile(file);
    expect(read.readMassMatrixFromAbaqus(join(folder, 'M.mtx')).storage).toBe('diagonal');
  });
});
