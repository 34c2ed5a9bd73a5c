import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAbaqusInput, parseAbaqusMatrix } from '../../src/fem/abaqus.ts';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { cscGet } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'flexdyn-fem-'));
let fileCount = 0;
function file(text: string, ext = 'inp'): string {
  const path = join(dir, `case${fileCount++}.${ext}`);
  writeFileSync(path, text);
  return path;
}

/** Expects a FlexdynError whose message starts with `<path>:<line>: ` and matches `pattern`. */
function expectFileError(f: () => unknown, path: string, line: number, pattern: RegExp): void {
  let error: unknown;
  try { f(); } catch (e) { error = e; }
  expect(error).toBeInstanceOf(FlexdynError);
  const message = (error as Error).message;
  expect(message.startsWith(`${path}:${line}: `)).toBe(true);
  expect(message).toMatch(pattern);
}

describe('Abaqus input parser', () => {
  it('reads a flat file: non-consecutive labels, a C3D20 record over two lines, generated and nested sets, material', () => {
    const nodes = Array.from({ length: 20 }, (_, k) => `${10 * (k + 1)}, ${k}., ${k % 3}., ${k % 5}.`).join('\n');
    const text = `*Heading
** comment
*NODE
${nodes}
*Element, type=C3D20R, elset=all
7, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150,
   160, 170, 180, 190, 200
*Nset, nset=first, generate
10, 50, 20
*Nset, nset=both
first, 200
*Elset, elset=E2
7
*Solid Section, elset=all, material=Alu
,
*Material, name=alu
*Density
2700.,
*Elastic
7e10, 0.33
`;
    const mesh = parseAbaqusInput(text, 'flat.inp');
    expect([mesh.typeName, mesh.name]).toEqual(['Model', '']);
    expect(Array.from(mesh.nodeLabels.subarray(0, 3))).toEqual([10, 20, 30]);
    expect(Array.from(mesh.nodes.subarray(57, 60))).toEqual([19, 1, 4]);
    expect(mesh.elementBlocks.map((b) => [b.type, b.abaqusTypes, Array.from(b.labels)])).toEqual([['Hex20', ['C3D20R'], [7]]]);
    expect(Array.from(mesh.elementBlocks[0].connectivity)).toEqual(Array.from({ length: 20 }, (_, k) => k));
    expect(mesh.nodeSets.map((s) => [s.name, Array.from(s.nodeNumbers)])).toEqual([['first', [0, 2, 4]], ['both', [0, 2, 4, 19]]]);
    expect(mesh.elementSets.map((s) => [s.name, Array.from(s.elementNumbers)])).toEqual([['all', [0]], ['E2', [0]]]);
    expect(mesh.materials).toEqual([{ name: 'alu', density: 2700, youngsModulus: 7e10, poissonsRatio: 0.33 }]);
    expect(mesh.sections).toEqual([{ elementSet: 'all', material: 'Alu' }]);
  });

  it('places a dependent instance (translation, then rotation about an axis) and reads its assembly-level sets', () => {
    const text = `*Part, name=P
*Node
1, 1., 0., 0.
2, 0., 1., 0.
3, 0., 0., 1.
4, 0., 0., 0.
*Element, type=C3D4
1, 4, 1, 2, 3
*End Part
*Assembly, name=A
*Instance, name=I1, part=P
 1., 2., 3.
 0., 0., 0., 0., 0., 1., 90.
*End Instance
*Nset, nset=tip, instance=I1
 2,
*Nset, nset=other, instance=I2
 1,
*End Assembly
`;
    const mesh = parseAbaqusInput(text, 'inst.inp', { typeName: 'Instance', name: 'i1' });
    // node 1: (1,0,0) + (1,2,3) = (2,2,3), rotated by 90° about z: (−2, 2, 3)
    const p = Array.from(mesh.nodes.subarray(0, 3));
    expect(p[0]).toBeCloseTo(-2, 15); expect(p[1]).toBeCloseTo(2, 15); expect(p[2]).toBeCloseTo(3, 15);
    expect(mesh.nodeSets.map((s) => [s.name, Array.from(s.nodeNumbers)])).toEqual([['tip', [1]]]);
    // without a name, the part is the one container with nodes; its single instance's sets apply
    const part = parseAbaqusInput(text, 'inst.inp');
    expect([part.typeName, part.name, Array.from(part.nodes.subarray(0, 3))]).toEqual(['Part', 'P', [1, 0, 0]]);
    expect(part.nodeSets.map((s) => s.name)).toEqual(['tip']);
  });

  it('reads node-based matrix files and mirrors a stored triangle', () => {
    const fem = new FEMinterface();
    fem.importFromAbaqusInputFile(file('*Node\n5, 0., 0., 0.\n9, 1., 0., 0.\n'));
    // FORMAT=MATRIX INPUT: node label, dof, node label, dof, value; upper triangle only
    const info = fem.readStiffnessMatrixFromAbaqus(file('5,1, 5,1, 2.0\n5,1, 9,2, -1.5\n9,3, 9,3, 4.0\n', 'mtx'));
    expect([info.format, info.storage, info.entries]).toEqual(['matrixInput', 'upper', 3]);
    const K = fem.getStiffnessMatrix();
    expect([K.n, cscGet(K, 0, 0), cscGet(K, 0, 4), cscGet(K, 4, 0), cscGet(K, 5, 5), K.colPtr[K.n]]).toEqual([6, 2, -1.5, -1.5, 4, 4]);
    const lower = parseAbaqusMatrix('1 1 1.0\n3 1 0.5\n3 3 2.0\n', 'lower.mtx');
    expect([lower.storage, lower.matrix.n, cscGet(lower.matrix, 0, 2), cscGet(lower.matrix, 2, 0)]).toEqual(['lower', 3, 0.5, 0.5]);
  });

  it('reads plain coordinate lines (the WebAssembly scanner) as the general tokenizer reads the same entries', () => {
    const entries: [number, number, string][] = [[1, 1, '8.238577604155140e+09'], [1, 2, '-1.192092895507813e-07'], [2, 1, '.5'],
      [2, 2, '+3.'], [3, 1, '1E-300'], [1, 3, '1E-300'], [3, 3, '42']];
    // blanks and single commas: plain lines; form feeds as separators or a no-break space at the end: the general path only
    const plain = entries.map(([r, c, v], k) => (k % 2 === 0 ? `${r} ${c}  ${v}` : ` ${r}, ${c},${v}\r`)).join('\n');
    const general = entries.map(([r, c, v], k) => (k % 2 === 0 ? `${r}\f${c}\f${v}` : `${r} ${c} ${v}\u00a0`)).join('\n');
    const a = parseAbaqusMatrix(plain, 'plain.mtx');
    const b = parseAbaqusMatrix(general, 'general.mtx');
    expect([a.storage, a.entries, a.format]).toEqual(['full', 7, 'coordinate']);
    expect(a).toEqual(b);
    expect([cscGet(a.matrix, 0, 0), cscGet(a.matrix, 0, 1), cscGet(a.matrix, 1, 0), cscGet(a.matrix, 2, 0)]).toEqual([8.23857760415514e9, -1.192092895507813e-7, 0.5, 1e-300]);
    // a label 0 and an overflowing value are reported by the general path
    expect(() => parseAbaqusMatrix('1 1 1\n0 1 1\n', 'zero.mtx')).toThrow('zero.mtx:2: row and column indices must be ≥ 1');
    expect(() => parseAbaqusMatrix('1 1 1e999\n', 'inf.mtx')).toThrow('inf.mtx:1: matrix value must be a number, got "1e999"');
  });
});

describe('malformed files name the file and line', () => {
  it('input files', () => {
    const cases: [string, number, RegExp][] = [
      ['*Node\n1, 0., 0.\n', 2, /\*Node data must be a node label and 3 coordinates, got "1, 0., 0."/],
      ['*Node\n1, 0., x, 0.\n', 2, /node coordinate must be a number, got "x"/],
      ['*Node\n1, 0., 0., 0.\n1, 1., 0., 0.\n', 3, /node label 1 defined twice/],
      ['*Node\n1, 0., 0., 0.\n** comment\n*Element, type=C3D6\n1, 1, 1, 1, 1, 1, 1\n', 4, /type "C3D6" is not supported/],
      ['*Node\n1, 0., 0., 0.\n*Element, type=C3D8\n1, 1, 1, 1, 1, 1, 1, 1\n', 4, /an element label and 8 node labels, got 8 values/],
      ['*Node\n1, 0., 0., 0.\n*Element, type=C3D4\n1, 1, 1, 1, 2\n', 4, /refers to node label 2, which is not defined/],
      ['*Node\n1, 0., 0., 0.\n*Nset, nset=s, generate\n1, 5\n', 4, /node label 2 is not defined/],
      ['*Node\n1, 0., 0., 0.\n*Nset, nset=s\nmissing\n', 4, /node set "missing" is not defined/],
      ['*Part, name=P\n*Node\n1, 0., 0., 0.\n', 1, /\*Part "P" has no \*End Part/],
      ['1, 0., 0., 0.\n', 1, /data line before the first keyword/],
      ['*Material, name=m\n*Elastic\n2e11\n*Node\n1, 0., 0., 0.\n', 3, /\*Elastic data must be "E, nu"/],
    ];
    for (const [text, line, pattern] of cases) {
      const path = file(text);
      expectFileError(() => new FEMinterface().importFromAbaqusInputFile(path), path, line, pattern);
    }
  });

  it('matrix files, also against the mesh size', () => {
    const bad = file('1 1 2.0\n1 x 3.0\n', 'mtx');
    expectFileError(() => new FEMinterface().readMassMatrixFromAbaqus(bad), bad, 2, /column index must be an integer, got "x"/);
    const mixed = file('1 1 2.0\n1,1, 1,1, 3.0\n', 'mtx');
    expectFileError(() => new FEMinterface().readMassMatrixFromAbaqus(mixed), mixed, 2, /has 5 values, but earlier lines have 3/);
    const fem = new FEMinterface();
    fem.importFromAbaqusInputFile(file('*Node\n1, 0., 0., 0.\n'));
    const big = file('1 1 2.0\n\n4 4 1.0\n', 'mtx');
    expectFileError(() => fem.readStiffnessMatrixFromAbaqus(big), big, 3, /entry \(4, 4\) lies outside the 3×3 matrix of the mesh/);
    const rot = file('1,4, 1,4, 1.0\n', 'mtx');
    expectFileError(() => fem.readStiffnessMatrixFromAbaqus(rot), rot, 1, /dof must be 1, 2 or 3/);
  });

  it('missing files and meshes that need a part name', () => {
    const missing = join(dir, 'missing.inp');
    expect(() => new FEMinterface().importFromAbaqusInputFile(missing)).toThrow(`Abaqus input file: cannot read ${missing}: file not found`);
    expect(() => new FEMinterface().readMassMatrixFromAbaqus(join(dir, 'missing.mtx'))).toThrow(/Abaqus matrix file: cannot read .*missing\.mtx: file not found/);
    const two = '*Part, name=A\n*Node\n1, 0., 0., 0.\n*End Part\n*Part, name=B\n*Node\n1, 0., 0., 0.\n*End Part\n';
    expect(() => parseAbaqusInput(two, 'two.inp')).toThrow(/two\.inp: nodes are defined in Part "A" \(line 1\), Part "B" \(line 5\): pass typeName and name/);
    expect(parseAbaqusInput(two, 'two.inp', { typeName: 'Part', name: 'B' }).name).toBe('B');
    expect(() => parseAbaqusInput(two, 'two.inp', { typeName: 'Instance', name: 'X' })).toThrow(/no \*Instance named "X" \(found: Part "A", Part "B"\)/);
  });
});
