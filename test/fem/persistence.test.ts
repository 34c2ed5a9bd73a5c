import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEMinterface, ObjectFFRFreducedOrderInterface } from '../../src/index.ts';
import { createBlockMesh } from '../../src/fem/meshers.ts';
import { abaqusInputText, abaqusMatrixText } from './abaqusFixtures.ts';

const directory = mkdtempSync(join(tmpdir(), 'flexdyn-persistence-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A 4 × 1 × 1 steel block of Tet4 elements (our mesh and matrices, written as Abaqus files and read back), with HCB modes. */
function blockC3D4(): FEMinterface {
  const mesh = createBlockMesh({ size: [4, 1, 1], divisions: [4, 1, 1], elementType: 'Tet4' });
  const steel = { name: 'steel', youngsModulus: 2e11, poissonsRatio: 0.3, density: 2900 };
  const own = new FEMinterface();
  own.importMesh(mesh);
  own.computeMassAndStiffness(steel);
  writeFileSync(join(directory, 'block.inp'), abaqusInputText(mesh, { part: 'block', material: steel }));
  writeFileSync(join(directory, 'block_MASS1.mtx'), abaqusMatrixText(own.getMassMatrix()));
  writeFileSync(join(directory, 'block_STIF1.mtx'), abaqusMatrixText(own.getStiffnessMatrix()));
  const fem = new FEMinterface();
  fem.importFromAbaqusInputFile(join(directory, 'block.inp'), { typeName: 'Instance', name: 'block-1' });
  fem.readMassMatrixFromAbaqus(join(directory, 'block_MASS1.mtx'));
  fem.readStiffnessMatrixFromAbaqus(join(directory, 'block_STIF1.mtx'));
  fem.computeHurtyCraigBamptonModes([fem.getNodesInPlane([0, 0, 0], [-1, 0, 0])], 3);
  return fem;
}

describe('saveToFile / loadFromFile', () => {
  const fem = blockC3D4();

  it('FEMinterface round trip restores every field exactly (typed arrays, sparse matrices, mode basis)', () => {
    const file = join(directory, 'fem.json');
    fem.saveToFile(file);
    const loaded = new FEMinterface();
    loaded.loadFromFile(file);
    expect(loaded.nodes).toEqual(fem.nodes);
    expect(loaded.nodeLabels).toEqual(fem.nodeLabels);
    expect(loaded.elements).toEqual(fem.elements);
    expect(loaded.massMatrix).toEqual(fem.massMatrix);
    expect(loaded.stiffnessMatrix).toEqual(fem.stiffnessMatrix);
    expect(loaded.nodeSets).toEqual(fem.nodeSets);
    expect(loaded.materials).toEqual(fem.materials);
    expect(loaded.metaData).toEqual(fem.metaData);
    expect(loaded.eigenValues).toEqual(fem.eigenValues);
    const [n, m] = fem.modeBasis!.shape;
    expect(loaded.modeBasis!.shape).toEqual([n, m]);
    for (let j = 0; j < m; j++) for (let i = 0; i < n; i++) expect(loaded.modeBasis!.get(i, j)).toBe(fem.modeBasis!.get(i, j));
    const left = fem.getNodesInPlane([0, 0, 0], [-1, 0, 0]);
    expect(loaded.getNodeWeightsFromSurfaceAreas(left)).toEqual(fem.getNodeWeightsFromSurfaceAreas(left));
  });

  it('ObjectFFRFreducedOrderInterface round trip restores all reduced data and works as an instance', () => {
    const cms = new ObjectFFRFreducedOrderInterface(fem);
    const file = join(directory, 'cms.json');
    cms.saveToFile(file);
    const loaded = ObjectFFRFreducedOrderInterface.loadFromFile(file);
    expect(loaded).toBeInstanceOf(ObjectFFRFreducedOrderInterface);
    expect({ ...loaded }).toEqual({ ...cms });
    expect(loaded.triangles).toEqual(fem.getSurfaceTriangles()); // the surface for the viewer travels with the file
    expect(loaded.triangles.length).toBeGreaterThan(0);
    const q = [0.01, -0.02, 0.03, 0.001, 0.002, -0.001, 0.0005, 1e-4, -2e-4, 3e-4];
    expect(loaded.ufMassFFRFreducedOrder(q)).toEqual(cms.ufMassFFRFreducedOrder(q));
  });

  it('rejects a missing file, a file of the other class and inconsistent data with clear messages', () => {
    const loaded = new FEMinterface();
    expect(() => loaded.loadFromFile(join(directory, 'none.json'))).toThrow(/cannot read .*none\.json: file not found/);
    const femFile = join(directory, 'fem2.json');
    fem.saveToFile(femFile);
    expect(() => ObjectFFRFreducedOrderInterface.loadFromFile(femFile)).toThrow(/must be a 'flexdyn-ObjectFFRFreducedOrderInterface' file, got format flexdyn-FEMinterface/);
    const bad = join(directory, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'flexdyn-ObjectFFRFreducedOrderInterface', version: 1, data: { nModes: 2 } }));
    expect(() => ObjectFFRFreducedOrderInterface.loadFromFile(bad)).toThrow(/got no modeBasis, xRef/);
    writeFileSync(bad, JSON.stringify({ format: 'flexdyn-FEMinterface', version: 2, data: {} }));
    expect(() => loaded.loadFromFile(bad)).toThrow(/must have version 1, got 2/);
  });
});
