/**
 * Abaqus files the tests make themselves: our own meshes written as Abaqus input files (part, instance,
 * sets, material, section) and our own assembled matrices as Abaqus matrix files (COORDINATE format,
 * both triangles), so that the reader, the eigen solvers, the LDLᵀ and the FFRF machinery are tested on
 * data of known origin without Exudyn's test files (those are `npm run test:exudyn-data`'s).
 * @module
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { createCylinderMesh, type FemMesh } from '../../src/fem/meshers.ts';
import type { LinearElasticMaterial } from '../../src/fem/elements.ts';
import type { CscMatrix } from '../../src/linalg/sparse.ts';

const abaqusTypeOf: Record<string, string> = { Hex8: 'C3D8', Tet4: 'C3D4', Hex20: 'C3D20', Tet10: 'C3D10' };
const nodesPer: Record<string, number> = { Hex8: 8, Tet4: 4, Hex20: 20, Tet10: 10 };

/** Options of {@link abaqusInputText}. */
export interface AbaqusInputOptions {
  /** Part name (the instance is `<part>-1`). */
  part: string;
  /** Material written as *Material with *Density and *Elastic. */
  material: LinearElasticMaterial & { name: string };
  /** Node sets (0-based node numbers), written at assembly level for the instance. */
  nodeSets?: Record<string, readonly number[]>;
}

/**
 * An Abaqus input file of a mesh as Abaqus/CAE writes one: *Part with *Node (labels 1…n, coordinates in
 * shortest round-trip form), *Element per block (labels continuing), *Nset/*Elset Set-1 (generate), the
 * solid section; *Assembly with one *Instance and the node sets; *Material.
 */
export function abaqusInputText(mesh: FemMesh, options: AbaqusInputOptions): string {
  const n = mesh.nodes.length / 3;
  const lines = ['*Heading', '** written by the Flexdyn tests (test/fem/abaqusFixtures.ts)', `*Part, name=${options.part}`, '*Node'];
  for (let i = 0; i < n; i++) lines.push(`${i + 1}, ${mesh.nodes[3 * i]}, ${mesh.nodes[3 * i + 1]}, ${mesh.nodes[3 * i + 2]}`);
  let label = 0;
  for (const block of mesh.elementBlocks) {
    lines.push(`*Element, type=${abaqusTypeOf[block.type]}`);
    const k = nodesPer[block.type];
    for (let e = 0; e < block.connectivity.length / k; e++) {
      lines.push(`${++label}, ${Array.from(block.connectivity.subarray(k * e, k * (e + 1)), (v) => v + 1).join(', ')}`);
    }
  }
  lines.push('*Nset, nset=Set-1, generate', ` 1, ${n}, 1`, '*Elset, elset=Set-1, generate', ` 1, ${label}, 1`);
  lines.push(`*Solid Section, elset=Set-1, material=${options.material.name}`, ',', '*End Part');
  lines.push('*Assembly, name=Assembly', `*Instance, name=${options.part}-1, part=${options.part}`, '*End Instance');
  for (const [name, nodes] of Object.entries(options.nodeSets ?? {})) {
    lines.push(`*Nset, nset=${name}, instance=${options.part}-1`, ...nodes.map((i) => ` ${i + 1},`));
  }
  lines.push('*End Assembly', `*Material, name=${options.material.name}`, '*Density', `${options.material.density},`);
  lines.push('*Elastic', `${options.material.youngsModulus}, ${options.material.poissonsRatio}`, '');
  return lines.join('\n');
}

/** An Abaqus matrix file (*MATRIX OUTPUT, FORMAT=COORDINATE): `row column value`, 1-based, every stored entry. */
export function abaqusMatrixText(a: CscMatrix): string {
  const lines: string[] = [];
  for (let c = 0; c < a.n; c++) for (let k = a.colPtr[c]; k < a.colPtr[c + 1]; k++) lines.push(`${a.rowIndex[k] + 1} ${c + 1} ${a.values[k]}`);
  return lines.join('\n') + '\n';
}

/** Steel of the rotor (Exudyn's rotorDiscTest: E = 2.1e11, ν = 0.3, ρ = 7850). */
export const rotorSteel = { name: 'steel', youngsModulus: 2.1e11, poissonsRatio: 0.3, density: 7850 };

/** File names of {@link writeOwnRotor}. */
export interface OwnRotorFiles {
  /** The input file. */
  inp: string;
  /** Mass matrix file (consistent mass). */
  mass: string;
  /** Stiffness matrix file. */
  stiffness: string;
  /** The mesh written. */
  mesh: FemMesh;
}

/**
 * Our own rotor in Abaqus format, in a new temporary folder: a full steel cylinder (r = 0.1 m, L = 0.5 m
 * along z; 8 segments, 1 ring, 4 layers of Hex8: 3·(9 + 8)·5 = 255 coordinates) with its consistent mass
 * and stiffness (selective reduced integration, as Abaqus C3D8), and the node sets of the two end faces.
 */
export function writeOwnRotor(): OwnRotorFiles {
  const folder = mkdtempSync(join(tmpdir(), 'flexdyn-abaqus-'));
  const mesh = createCylinderMesh({ outerRadius: 0.1, length: 0.5, rings: 1, segments: 8, layers: 4 });
  const fem = new FEMinterface();
  fem.importMesh(mesh);
  fem.computeMassAndStiffness(rotorSteel, { hex8Integration: 'selectiveReduced' });
  const ends = { left: fem.getNodesInPlane([0, 0, 0], [0, 0, 1]), right: fem.getNodesInPlane([0, 0, 0.5], [0, 0, 1]) };
  const files = { inp: join(folder, 'rotor.inp'), mass: join(folder, 'rotor_MASS1.mtx'), stiffness: join(folder, 'rotor_STIF1.mtx'), mesh };
  writeFileSync(files.inp, abaqusInputText(mesh, { part: 'rotor', material: rotorSteel, nodeSets: ends }));
  writeFileSync(files.mass, abaqusMatrixText(fem.getMassMatrix()));
  writeFileSync(files.stiffness, abaqusMatrixText(fem.getStiffnessMatrix()));
  return files;
}

/** The rotor of {@link writeOwnRotor} read back through the Abaqus reader, as the tests of Exudyn's rotorDiscTest read theirs. */
export function ownRotor(): FEMinterface {
  const files = writeOwnRotor();
  const fem = new FEMinterface();
  fem.importFromAbaqusInputFile(files.inp, { typeName: 'Instance', name: 'rotor-1' });
  fem.readMassMatrixFromAbaqus(files.mass);
  fem.readStiffnessMatrixFromAbaqus(files.stiffness);
  return fem;
}
