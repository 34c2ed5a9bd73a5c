/**
 * Import of Abaqus input files (.inp: nodes, solid elements, node and element sets,
 * materials, solid sections) and of matrices written by Abaqus's
 * `*MATRIX OUTPUT, FORMAT=COORDINATE` or `FORMAT=MATRIX INPUT` (.mtx) into sparse storage.
 *
 * Node, element and coordinate numbers are 0-based in Flexdyn: node i is the i-th node
 * of the selected mesh in file order, and its coordinates are 3i, 3i+1, 3i+2 (x, y, z),
 * Exudyn's ordering.
 * @module
 */
import { optionNames, ownOptions } from '../core/dictionary.ts';
import { FlexdynError } from '../core/errors.ts';
import { readTextFile, type FileLocation } from '../core/fileSystem.ts';
import { cscFromTriplets, type CscMatrix } from '../linalg/sparse.ts';
import { PlainLineScanner } from './abaqusMatrixKernels.ts';
import type { FemElementType } from './elements.ts';
import { nodesPerElement } from './elements.ts';

/** A file given as a path or a `file:` URL. */
export type { FileLocation };

/** Abaqus solid element types we import and the Flexdyn element type of their connectivity. */
export const abaqusElementTypes: Readonly<Record<string, FemElementType>> = {
  C3D8: 'Hex8', C3D8R: 'Hex8', C3D8H: 'Hex8', C3D8I: 'Hex8',
  C3D20: 'Hex20', C3D20R: 'Hex20', C3D20H: 'Hex20',
  C3D4: 'Tet4', C3D4H: 'Tet4',
  C3D10: 'Tet10', C3D10H: 'Tet10', C3D10M: 'Tet10', C3D10MH: 'Tet10', C3D10HS: 'Tet10',
};

/** Elements of one Flexdyn type: connectivity (0-based node numbers, row per element) and Abaqus labels. */
export interface AbaqusElementBlock {
  /** Flexdyn element type. */
  type: FemElementType;
  /** Abaqus element type names that contributed to this block (e.g. ['C3D8']). */
  abaqusTypes: string[];
  /** Node numbers, `nodesPerElement[type]` per element, 0-based. */
  connectivity: Int32Array;
  /** Abaqus element label of each element. */
  labels: Int32Array;
}

/** A named set of 0-based node numbers. */
export interface AbaqusNodeSet {
  /** Set name as written in the file. */
  name: string;
  /** Node numbers (0-based, ascending, unique). */
  nodeNumbers: Int32Array;
}

/** A named set of 0-based element numbers (numbering over all blocks, block by block). */
export interface AbaqusElementSet {
  /** Set name as written in the file. */
  name: string;
  /** Element numbers (0-based, ascending, unique). */
  elementNumbers: Int32Array;
}

/** A material of the `*Material` section: density (`*Density`) and isotropic elasticity (`*Elastic`). */
export interface AbaqusMaterial {
  /** Material name as written in the file. */
  name: string;
  /** Mass density, when given. */
  density?: number;
  /** Young's modulus of an isotropic `*Elastic` law, when given. */
  youngsModulus?: number;
  /** Poisson's ratio of an isotropic `*Elastic` law, when given. */
  poissonsRatio?: number;
  /** The `type=` of `*Elastic` when it is not isotropic (then E and ν are not read). */
  unsupportedElasticType?: string;
}

/** A `*Solid Section`: the material of an element set. */
export interface AbaqusSolidSection {
  /** Element set name. */
  elementSet: string;
  /** Material name. */
  material: string;
}

/** The mesh of one part or instance of an Abaqus input file. */
export interface AbaqusMesh {
  /** File the mesh was read from. */
  fileName: string;
  /** Where the nodes were found: 'Part', 'Instance' or 'Model' (a flat input file without parts). */
  typeName: 'Part' | 'Instance' | 'Model';
  /** Name of the part or instance ('' for a flat file). */
  name: string;
  /** Abaqus label of each node. */
  nodeLabels: Int32Array;
  /** Node positions, x, y, z per node (with the instance's translation and rotation applied). */
  nodes: Float64Array;
  /** One block per element type, in order of first appearance. */
  elementBlocks: AbaqusElementBlock[];
  /** Node sets of the part or instance and assembly-level node sets that refer to it. */
  nodeSets: AbaqusNodeSet[];
  /** Element sets, likewise. */
  elementSets: AbaqusElementSet[];
  /** All materials of the file. */
  materials: AbaqusMaterial[];
  /** Solid sections of the part or instance. */
  sections: AbaqusSolidSection[];
}

/** Which part or instance to read (Exudyn's `typeName`, `name`). */
export interface AbaqusImportOptions {
  /** 'Part' or 'Instance'; with `name`, selects the container whose mesh is read. */
  typeName?: 'Part' | 'Instance';
  /** Name of the part or instance. Without it, the one container that holds nodes is read. */
  name?: string;
}

/** The option names of {@link AbaqusImportOptions}, for the unknown-option check of parseAbaqusInput. */
const abaqusImportOptionNames = optionNames<AbaqusImportOptions>({
  typeName: true, name: true,
});

interface DataLine { line: number; text: string }
interface KeywordBlock { keyword: string; params: Map<string, string>; line: number; data: DataLine[] }
interface Container {
  typeName: 'Part' | 'Instance' | 'Model';
  name: string;
  part?: string;
  line: number;
  blocks: KeywordBlock[];
  placement: DataLine[];
}

function fail(fileName: string, line: number, message: string): never {
  throw new FlexdynError(`${fileName}:${line}: ${message}`);
}

function splitFields(text: string): string[] {
  const fields = text.split(',').map((s) => s.trim());
  if (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

function parseReal(token: string, fileName: string, line: number, what: string): number {
  let v = token === '' ? NaN : Number(token);
  if (Number.isNaN(v) && /^[^dD]*[dD][^dD]*$/.test(token)) v = Number(token.replace(/[dD]/, 'e')); // Fortran exponent 1.0D+03
  if (!Number.isFinite(v)) fail(fileName, line, `${what} must be a number, got "${token}"`);
  return v;
}

/** True for an optionally signed string of decimal digits. */
function isIntegerToken(token: string): boolean {
  const n = token.length;
  let k = n > 0 && (token.charCodeAt(0) === 43 || token.charCodeAt(0) === 45) ? 1 : 0;
  if (k === n) return false;
  for (; k < n; k++) {
    const c = token.charCodeAt(k);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Largest label Abaqus allows (and an Int32Array holds): 2³¹ − 1. */
const maximumLabel = 2147483647;

function parseLabel(token: string, fileName: string, line: number, what: string): number {
  const v = isIntegerToken(token) ? Number(token) : NaN;
  if (!Number.isSafeInteger(v)) fail(fileName, line, `${what} must be an integer, got "${token}"`);
  if (Math.abs(v) > maximumLabel) fail(fileName, line, `${what} must be at most ${maximumLabel} (2³¹ − 1) in magnitude, got ${token}`);
  return v;
}

/** Splits the file into keyword blocks (keyword line + its data lines), skipping comments. */
function tokenize(text: string, fileName: string): KeywordBlock[] {
  const lines = text.split(/\r?\n/);
  const blocks: KeywordBlock[] = [];
  let current: KeywordBlock | undefined;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('**')) continue;
    if (trimmed.startsWith('*')) {
      const parts = trimmed.slice(1).split(',');
      const keyword = parts[0].trim().replace(/\s+/g, ' ').toUpperCase();
      const params = new Map<string, string>();
      for (let k = 1; k < parts.length; k++) {
        const p = parts[k].trim();
        if (p === '') continue;
        const eq = p.indexOf('=');
        if (eq < 0) params.set(p.toUpperCase(), '');
        else params.set(p.slice(0, eq).trim().toUpperCase(), p.slice(eq + 1).trim());
      }
      if (keyword === 'INCLUDE') fail(fileName, i + 1, '*Include is not supported: merge the included file into the input file');
      current = { keyword, params, line: i + 1, data: [] };
      blocks.push(current);
    } else {
      if (current === undefined) fail(fileName, i + 1, `data line before the first keyword: "${trimmed}"`);
      current.data.push({ line: i + 1, text: trimmed });
    }
  }
  return blocks;
}

/** Groups keyword blocks by the part/instance/assembly they appear in. */
function groupContainers(blocks: KeywordBlock[], fileName: string) {
  const model: Container = { typeName: 'Model', name: '', line: 1, blocks: [], placement: [] };
  const containers: Container[] = [];
  const assembly: KeywordBlock[] = [];
  const materials: KeywordBlock[] = [];
  let inside: Container | undefined;
  let inAssembly = false;
  let inMaterial = false;
  for (const b of blocks) {
    const kw = b.keyword;
    if (kw === 'PART' || kw === 'INSTANCE') {
      if (inside !== undefined) fail(fileName, b.line, `*${kw} inside *${inside.typeName} "${inside.name}" (line ${inside.line}) without *End ${inside.typeName}`);
      const name = b.params.get('NAME');
      if (name === undefined || name === '') fail(fileName, b.line, `*${kw} needs name=`);
      inside = { typeName: kw === 'PART' ? 'Part' : 'Instance', name, part: b.params.get('PART'), line: b.line, blocks: [], placement: b.data };
      containers.push(inside);
      inMaterial = false;
      continue;
    }
    if (kw === 'END PART' || kw === 'END INSTANCE') {
      const expected = kw === 'END PART' ? 'Part' : 'Instance';
      if (inside === undefined || inside.typeName !== expected) fail(fileName, b.line, `*${kw === 'END PART' ? 'End Part' : 'End Instance'} without a matching *${expected}`);
      inside = undefined;
      continue;
    }
    if (kw === 'ASSEMBLY') { inAssembly = true; inMaterial = false; continue; }
    if (kw === 'END ASSEMBLY') { inAssembly = false; continue; }
    if (kw === 'MATERIAL') { inMaterial = true; materials.push(b); continue; }
    if (inMaterial && (kw === 'DENSITY' || kw === 'ELASTIC')) { materials.push(b); continue; }
    inMaterial = false;
    if (inside !== undefined) inside.blocks.push(b);
    else if (inAssembly) assembly.push(b);
    else model.blocks.push(b);
  }
  if (inside !== undefined) fail(fileName, inside.line, `*${inside.typeName} "${inside.name}" has no *End ${inside.typeName}`);
  if (model.blocks.some((b) => b.keyword === 'NODE')) containers.push(model);
  return { containers, assembly, materials };
}

function parseMaterials(blocks: KeywordBlock[], fileName: string): AbaqusMaterial[] {
  const materials: AbaqusMaterial[] = [];
  let current: AbaqusMaterial | undefined;
  for (const b of blocks) {
    if (b.keyword === 'MATERIAL') {
      const name = b.params.get('NAME');
      if (name === undefined || name === '') fail(fileName, b.line, '*Material needs name=');
      current = { name };
      materials.push(current);
      continue;
    }
    if (current === undefined) continue;
    const first = b.data[0];
    if (first === undefined) fail(fileName, b.line, `*${b.keyword === 'DENSITY' ? 'Density' : 'Elastic'} has no data line`);
    const fields = splitFields(first.text);
    if (b.keyword === 'DENSITY') {
      current.density = parseReal(fields[0] ?? '', fileName, first.line, 'density');
    } else {
      const type = (b.params.get('TYPE') ?? 'ISOTROPIC').toUpperCase();
      if (type !== 'ISOTROPIC') { current.unsupportedElasticType = type; continue; }
      if (fields.length < 2) fail(fileName, first.line, `*Elastic data must be "E, nu", got "${first.text}"`);
      current.youngsModulus = parseReal(fields[0], fileName, first.line, "Young's modulus");
      current.poissonsRatio = parseReal(fields[1], fileName, first.line, "Poisson's ratio");
    }
  }
  return materials;
}

/** Applies an instance's placement lines (translation, then rotation about an axis by an angle in degrees). */
function applyPlacement(nodes: Float64Array, placement: DataLine[], fileName: string): void {
  if (placement.length === 0) return;
  const t = splitFields(placement[0].text).map((s) => parseReal(s, fileName, placement[0].line, 'instance translation'));
  if (t.length !== 3) fail(fileName, placement[0].line, `instance translation must have 3 values, got ${t.length}`);
  for (let i = 0; i < nodes.length; i += 3) { nodes[i] += t[0]; nodes[i + 1] += t[1]; nodes[i + 2] += t[2]; }
  if (placement.length < 2) return;
  const r = splitFields(placement[1].text).map((s) => parseReal(s, fileName, placement[1].line, 'instance rotation'));
  if (r.length !== 7) fail(fileName, placement[1].line, `instance rotation must have 7 values (axis point a, axis point b, angle in degrees), got ${r.length}`);
  let ax = r[3] - r[0], ay = r[4] - r[1], az = r[5] - r[2];
  const len = Math.hypot(ax, ay, az);
  if (len === 0) fail(fileName, placement[1].line, 'instance rotation axis points must differ');
  ax /= len; ay /= len; az /= len;
  const phi = (r[6] * Math.PI) / 180;
  const c = Math.cos(phi), s = Math.sin(phi), k = 1 - c;
  for (let i = 0; i < nodes.length; i += 3) {
    const px = nodes[i] - r[0], py = nodes[i + 1] - r[1], pz = nodes[i + 2] - r[2];
    const d = ax * px + ay * py + az * pz;
    nodes[i] = r[0] + c * px + s * (ay * pz - az * py) + k * d * ax;
    nodes[i + 1] = r[1] + c * py + s * (az * px - ax * pz) + k * d * ay;
    nodes[i + 2] = r[2] + c * pz + s * (ax * py - ay * px) + k * d * az;
  }
}

/** Reads the members of a *Nset or *Elset block: labels or names of earlier sets, or generate triples. */
function setMembers(
  b: KeywordBlock, fileName: string, indexOfLabel: Map<number, number>, known: Map<string, Int32Array>, what: 'node' | 'element',
): Int32Array {
  const out: number[] = [];
  const generate = b.params.has('GENERATE');
  for (const d of b.data) {
    const fields = splitFields(d.text);
    if (generate) {
      if (fields.length < 2 || fields.length > 3) fail(fileName, d.line, `generate data must be "first, last[, increment]", got "${d.text}"`);
      const first = parseLabel(fields[0], fileName, d.line, `first ${what} label`);
      const last = parseLabel(fields[1], fileName, d.line, `last ${what} label`);
      const inc = fields.length === 3 ? parseLabel(fields[2], fileName, d.line, 'increment') : 1;
      if (inc <= 0 || last < first) fail(fileName, d.line, `generate needs first ≤ last and increment > 0, got "${d.text}"`);
      for (let label = first; label <= last; label += inc) {
        const index = indexOfLabel.get(label);
        if (index === undefined) fail(fileName, d.line, `${what} label ${label} is not defined`);
        out.push(index);
      }
      continue;
    }
    for (const f of fields) {
      if (isIntegerToken(f)) {
        const label = Number(f);
        const index = indexOfLabel.get(label);
        if (index === undefined) fail(fileName, d.line, `${what} label ${label} is not defined`);
        out.push(index);
      } else {
        const other = known.get(f.toUpperCase());
        if (other === undefined) fail(fileName, d.line, `${what} set "${f}" is not defined`);
        for (const i of other) out.push(i);
      }
    }
  }
  return Int32Array.from(new Set(out)).sort();
}

function addToSet(sets: Map<string, { name: string; members: Int32Array }>, name: string, members: Int32Array): void {
  const key = name.toUpperCase();
  const old = sets.get(key);
  if (old === undefined) { sets.set(key, { name, members }); return; }
  old.members = Int32Array.from(new Set([...old.members, ...members])).sort();
}

/**
 * Parses the text of an Abaqus input file and returns the mesh of one part or instance.
 *
 * Reads `*Node` (label, x, y, z), `*Element, type=…` for the solid types in
 * {@link abaqusElementTypes} (records may continue over lines ending in a comma),
 * `*Nset`/`*Elset` (labels, names of earlier sets, or `generate`), `*Material` with
 * `*Density` and isotropic `*Elastic`, and `*Solid Section`. Node numbers are the order
 * of the nodes in the file. Errors name the file and line.
 */
export function parseAbaqusInput(text: string, fileName: string, options: AbaqusImportOptions = {}): AbaqusMesh {
  options = ownOptions('parseAbaqusInput', options, abaqusImportOptionNames);
  const blocks = tokenize(text, fileName);
  const { containers, assembly, materials: materialBlocks } = groupContainers(blocks, fileName);
  const hasNodes = (c: Container) => c.blocks.some((b) => b.keyword === 'NODE');

  let selected: Container;
  if (options.name !== undefined || options.typeName !== undefined) {
    const typeName = options.typeName ?? 'Part';
    const found = containers.find((c) => c.typeName === typeName && (options.name === undefined || c.name.toUpperCase() === options.name.toUpperCase()));
    if (found === undefined) {
      const list = containers.filter((c) => c.typeName !== 'Model').map((c) => `${c.typeName} "${c.name}"`).join(', ') || 'none';
      throw new FlexdynError(`${fileName}: no *${typeName}${options.name !== undefined ? ` named "${options.name}"` : ''} (found: ${list})`);
    }
    selected = found;
  } else {
    const withNodes = containers.filter(hasNodes);
    if (withNodes.length === 0) throw new FlexdynError(`${fileName}: no *Node section found`);
    if (withNodes.length > 1) {
      throw new FlexdynError(`${fileName}: nodes are defined in ${withNodes.map((c) => `${c.typeName} "${c.name}" (line ${c.line})`).join(', ')}: pass typeName and name`);
    }
    selected = withNodes[0];
  }

  // an instance without its own mesh uses its part's mesh, placed by the instance's data lines
  let meshSource = selected;
  let placement: DataLine[] = [];
  if (selected.typeName === 'Instance') {
    placement = selected.placement;
    if (!hasNodes(selected)) {
      const part = containers.find((c) => c.typeName === 'Part' && selected.part !== undefined && c.name.toUpperCase() === selected.part.toUpperCase());
      if (part === undefined) fail(fileName, selected.line, `*Instance "${selected.name}" has no *Node section and its part "${selected.part ?? ''}" is not defined`);
      meshSource = part;
    }
  }
  if (!hasNodes(meshSource)) fail(fileName, meshSource.line, `*${meshSource.typeName} "${meshSource.name}" has no *Node section`);

  // nodes
  const labels: number[] = [];
  const coords: number[] = [];
  const nodeIndexOfLabel = new Map<number, number>();
  for (const b of meshSource.blocks) {
    if (b.keyword !== 'NODE') continue;
    for (const d of b.data) {
      const f = splitFields(d.text);
      if (f.length !== 4) fail(fileName, d.line, `*Node data must be a node label and 3 coordinates, got "${d.text}"`);
      const label = parseLabel(f[0], fileName, d.line, 'node label');
      if (nodeIndexOfLabel.has(label)) fail(fileName, d.line, `node label ${label} defined twice`);
      nodeIndexOfLabel.set(label, labels.length);
      labels.push(label);
      for (let k = 1; k <= 3; k++) coords.push(parseReal(f[k], fileName, d.line, 'node coordinate'));
    }
  }
  const nodes = Float64Array.from(coords);
  applyPlacement(nodes, placement, fileName);

  // elements, grouped by Flexdyn type in order of first appearance
  interface Pending { type: FemElementType; abaqusTypes: string[]; conn: number[]; labels: number[] }
  const pending: Pending[] = [];
  const elementSetOfSection: { elset: string; labels: number[]; line: number }[] = [];
  for (const b of meshSource.blocks) {
    if (b.keyword !== 'ELEMENT') continue;
    const abaqusType = (b.params.get('TYPE') ?? '').toUpperCase();
    const type = abaqusElementTypes[abaqusType];
    if (type === undefined) {
      fail(fileName, b.line, `*Element type "${b.params.get('TYPE') ?? ''}" is not supported (supported: ${Object.keys(abaqusElementTypes).join(', ')})`);
    }
    const nn = nodesPerElement[type];
    let block = pending.find((p) => p.type === type);
    if (block === undefined) { block = { type, abaqusTypes: [], conn: [], labels: [] }; pending.push(block); }
    if (!block.abaqusTypes.includes(abaqusType)) block.abaqusTypes.push(abaqusType);
    const elsetName = b.params.get('ELSET');
    const sectionLabels: number[] = [];
    let tokens: string[] = [];
    let startLine = 0;
    for (let k = 0; k < b.data.length; k++) {
      const d = b.data[k];
      if (tokens.length === 0) startLine = d.line;
      tokens.push(...splitFields(d.text));
      const continues = d.text.endsWith(',') && tokens.length < nn + 1;
      if (continues && k + 1 < b.data.length) continue;
      if (tokens.length !== nn + 1) {
        fail(fileName, startLine, `*Element, type=${abaqusType} data must be an element label and ${nn} node labels, got ${tokens.length} values`);
      }
      const label = parseLabel(tokens[0], fileName, startLine, 'element label');
      block.labels.push(label);
      sectionLabels.push(label);
      for (let j = 1; j <= nn; j++) {
        const nodeLabel = parseLabel(tokens[j], fileName, startLine, 'node label');
        const index = nodeIndexOfLabel.get(nodeLabel);
        if (index === undefined) fail(fileName, startLine, `element ${label} refers to node label ${nodeLabel}, which is not defined`);
        block.conn.push(index);
      }
      tokens = [];
    }
    if (elsetName !== undefined && elsetName !== '') elementSetOfSection.push({ elset: elsetName, labels: sectionLabels, line: b.line });
  }
  const elementBlocks: AbaqusElementBlock[] = pending.map((p) => ({
    type: p.type, abaqusTypes: p.abaqusTypes, connectivity: Int32Array.from(p.conn), labels: Int32Array.from(p.labels),
  }));
  const elementIndexOfLabel = new Map<number, number>();
  let elementCount = 0;
  for (const eb of elementBlocks) {
    for (const label of eb.labels) {
      if (elementIndexOfLabel.has(label)) throw new FlexdynError(`${fileName}: element label ${label} defined twice`);
      elementIndexOfLabel.set(label, elementCount++);
    }
  }

  // sets: in the mesh source, then in the instance (independent mesh), then assembly-level ones for the instance
  const nodeSets = new Map<string, { name: string; members: Int32Array }>();
  const elementSets = new Map<string, { name: string; members: Int32Array }>();
  for (const s of elementSetOfSection) {
    addToSet(elementSets, s.elset, Int32Array.from(s.labels.map((l) => elementIndexOfLabel.get(l) as number)).sort());
  }
  const instanceNames = new Set<string>();
  if (selected.typeName === 'Instance') instanceNames.add(selected.name.toUpperCase());
  else if (selected.typeName === 'Part') {
    const instances = containers.filter((c) => c.typeName === 'Instance' && c.part?.toUpperCase() === selected.name.toUpperCase() && !hasNodes(c));
    if (instances.length === 1) instanceNames.add(instances[0].name.toUpperCase());
  }
  const setBlocks: KeywordBlock[] = [...meshSource.blocks];
  if (meshSource !== selected) setBlocks.push(...selected.blocks);
  for (const b of assembly) {
    const instance = b.params.get('INSTANCE');
    if (instance !== undefined && instanceNames.has(instance.toUpperCase())) setBlocks.push(b);
  }
  const known = (sets: Map<string, { name: string; members: Int32Array }>) => new Map([...sets].map(([k, v]) => [k, v.members]));
  const sections: AbaqusSolidSection[] = [];
  for (const b of setBlocks) {
    if (b.keyword === 'NSET' || b.keyword === 'ELSET') {
      const isNode = b.keyword === 'NSET';
      const name = b.params.get(isNode ? 'NSET' : 'ELSET');
      if (name === undefined || name === '') fail(fileName, b.line, `*${isNode ? 'Nset needs nset=' : 'Elset needs elset='}`);
      const sets = isNode ? nodeSets : elementSets;
      addToSet(sets, name, setMembers(b, fileName, isNode ? nodeIndexOfLabel : elementIndexOfLabel, known(sets), isNode ? 'node' : 'element'));
    } else if (b.keyword === 'SOLID SECTION') {
      const elset = b.params.get('ELSET');
      const material = b.params.get('MATERIAL');
      if (elset === undefined || material === undefined) fail(fileName, b.line, '*Solid Section needs elset= and material=');
      sections.push({ elementSet: elset, material });
    }
  }

  return {
    fileName,
    typeName: selected.typeName,
    name: selected.name,
    nodeLabels: Int32Array.from(labels),
    nodes,
    elementBlocks,
    nodeSets: [...nodeSets.values()].map((s) => ({ name: s.name, nodeNumbers: s.members })),
    elementSets: [...elementSets.values()].map((s) => ({ name: s.name, elementNumbers: s.members })),
    materials: parseMaterials(materialBlocks, fileName),
    sections,
  };
}

/** Reads an Abaqus input file; see {@link parseAbaqusInput}. */
export function readAbaqusInputFile(location: FileLocation, options: AbaqusImportOptions = {}): AbaqusMesh {
  const { text, fileName } = readTextFile(location, 'Abaqus input file');
  return parseAbaqusInput(text, fileName, options);
}

/** How the entries of a matrix file covered the matrix. */
export type MatrixStorage = 'full' | 'upper' | 'lower' | 'diagonal';

/** A sparse matrix read from an Abaqus .mtx file. */
export interface AbaqusMatrix {
  /** The full (both triangles) matrix in CSC form, duplicates summed. */
  matrix: CscMatrix;
  /**
   * Which entries the file held: both triangles ('full', stored as read), one triangle
   * ('upper'/'lower', mirrored to the other), or only the diagonal.
   */
  storage: MatrixStorage;
  /** Number of entries (data lines) in the file. */
  entries: number;
  /** 'coordinate' (row, column, value) or 'matrixInput' (node, dof, node, dof, value). */
  format: 'coordinate' | 'matrixInput';
}

/** Options for reading a matrix file. */
export interface AbaqusMatrixOptions {
  /** Matrix dimension; without it, the largest index in the file. Larger indices are errors. */
  numberOfCoordinates?: number;
  /** For the node-based format: the 0-based node number of an Abaqus node label (default label − 1). */
  nodeIndexOfLabel?: (label: number) => number | undefined;
}

/** The option names of {@link AbaqusMatrixOptions}, for the unknown-option check of parseAbaqusMatrix. */
const abaqusMatrixOptionNames = optionNames<AbaqusMatrixOptions>({
  numberOfCoordinates: true, nodeIndexOfLabel: true,
});

/**
 * The fields of the line text[from, to) as parseAbaqusMatrix's `line.trim().split(/[\s,]+/)` would give them, their
 * offsets in `starts`/`ends` (the first 6): the number of fields, 0 for a line to skip (blank, or a `*` keyword or
 * comment line), or −1 when the line needs the string path (a character beyond ASCII, which may be Unicode whitespace,
 * or a comma first or last, which makes an empty field).
 */
function fastFields(text: string, from: number, to: number, starts: Int32Array, ends: Int32Array): number {
  let count = 0;
  let inField = false;
  let first = -1;
  let last = -1;
  for (let k = from; k < to; k++) {
    const ch = text.charCodeAt(k);
    if (ch > 127) return -1;
    // \s in ASCII: tab, \n, \v, \f, \r, space
    const separator = ch === 32 || ch === 44 || (ch >= 9 && ch <= 13);
    if (!separator || ch === 44) {
      if (first < 0) first = ch;
      last = ch;
    }
    if (separator) {
      if (inField) { if (count <= 6) ends[count - 1] = k; inField = false; }
    } else if (!inField) {
      if (count < 6) starts[count] = k;
      count++;
      inField = true;
    }
  }
  if (inField && count <= 6) ends[count - 1] = to;
  if (first === 44 || last === 44) return -1;
  if (count === 0 || first === 42) return 0;
  return count;
}

/** The integer field source[a, b): plain digits read directly, anything else (a sign, an error) by {@link parseLabel}. */
function labelAt(source: string, a: number, b: number, fileName: string, line: number, what: string): number {
  if (b > a && b - a <= 9) {
    let v = 0;
    let k = a;
    for (; k < b; k++) {
      const d = source.charCodeAt(k) - 48;
      if (d < 0 || d > 9) break;
      v = 10 * v + d;
    }
    if (k === b) return v;
  }
  return parseLabel(source.slice(a, b), fileName, line, what);
}

/**
 * Parses an Abaqus matrix file. Two layouts are recognized by the number of values per line:
 * `row, column, value` (FORMAT=COORDINATE: 1-based global coordinate numbers; for a mesh of
 * solid elements with 3 dofs per node, coordinate 3(label−1)+d+1 is dof d of node `label`)
 * and `node, dof, node, dof, value` (FORMAT=MATRIX INPUT, dofs 1…3). A file that holds only
 * one triangle is mirrored; a file with both triangles is stored as read.
 */
export function parseAbaqusMatrix(text: string, fileName: string, options: AbaqusMatrixOptions = {}): AbaqusMatrix {
  options = ownOptions('parseAbaqusMatrix', options, abaqusMatrixOptionNames);
  // the entries as read, in typed arrays grown by doubling (about 30 characters per line)
  const capacity = Math.max(16, Math.ceil(text.length / 24));
  const e: MatrixEntries = {
    rows: new Int32Array(capacity), cols: new Int32Array(capacity), vals: new Float64Array(capacity), count: 0, maxIndex: -1, maxIndexLine: 0,
    limit: options.numberOfCoordinates, fileName, end: 0,
  };
  let format: 'coordinate' | 'matrixInput' | undefined;
  const limit = options.numberOfCoordinates;
  const nodeIndex = options.nodeIndexOfLabel ?? ((label: number) => label - 1);
  // The lines (split at \n, a \r before it is whitespace) are tokenized in place: the fields' offsets into `text`;
  // only a line that fastFields does not take (see there) is trimmed and split as a string.
  const starts = new Int32Array(6);
  const ends = new Int32Array(6);
  const coordinate = (source: string, field: number, lineNo: number): number => {
    const label = labelAt(source, starts[field], ends[field], fileName, lineNo, 'node label');
    const dof = labelAt(source, starts[field + 1], ends[field + 1], fileName, lineNo, 'dof');
    if (dof < 1 || dof > 3) fail(fileName, lineNo, `dof must be 1, 2 or 3 (translations), got ${dof}`);
    const node = nodeIndex(label);
    if (node === undefined || node < 0) fail(fileName, lineNo, `node label ${label} is not a node of the mesh`);
    return 3 * node + dof - 1;
  };
  let from = 0;
  let lineNo = 1;
  while (from <= text.length) {
    if (format !== 'matrixInput') {
      // plain coordinate lines, the most common ones, by readPlainLines; the general path below reads one other line
      const read = readPlainLines(text, from, lineNo, e);
      if (read > 0) {
        format = 'coordinate';
        lineNo += read;
        from = e.end;
        continue;
      }
    }
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    const lineStart = from;
    const lineNumber = lineNo++;
    from = to + 1;
    let source = text;
    let count = fastFields(text, lineStart, to, starts, ends);
    if (count === 0) continue;
    if (count < 0) {
      const t = text.slice(lineStart, to).trim();
      if (t === '' || t.startsWith('*')) continue;
      const f = t.split(/[\s,]+/);
      source = f.join(' ');
      count = f.length;
      for (let k = 0, at = 0; k < Math.min(count, 6); at += f[k].length + 1, k++) {
        starts[k] = at;
        ends[k] = at + f[k].length;
      }
    }
    const lineFormat = count === 3 ? 'coordinate' : count === 5 ? 'matrixInput' : undefined;
    if (lineFormat === undefined) fail(fileName, lineNumber, `matrix entry must be "row column value" or "node dof node dof value", got "${text.slice(lineStart, to).trim()}"`);
    if (format === undefined) format = lineFormat;
    else if (format !== lineFormat) fail(fileName, lineNumber, `matrix entry has ${count} values, but earlier lines have ${format === 'coordinate' ? 3 : 5}`);
    let r: number;
    let c: number;
    if (lineFormat === 'coordinate') {
      r = labelAt(source, starts[0], ends[0], fileName, lineNumber, 'row index') - 1;
      c = labelAt(source, starts[1], ends[1], fileName, lineNumber, 'column index') - 1;
      if (r < 0 || c < 0) fail(fileName, lineNumber, `row and column indices must be ≥ 1, got "${text.slice(lineStart, to).trim()}"`);
    } else {
      r = coordinate(source, 0, lineNumber);
      c = coordinate(source, 2, lineNumber);
    }
    addEntry(e, r, c, parseReal(source.slice(starts[count - 1], ends[count - 1]), fileName, lineNumber, 'matrix value'), lineNumber);
  }
  const { rows, cols, vals, count: entries, maxIndex, maxIndexLine } = e;
  if (format === undefined) throw new FlexdynError(`${fileName}: matrix file has no entries`);
  let upper = 0, lower = 0;
  for (let k = 0; k < entries; k++) {
    if (rows[k] < cols[k]) upper++;
    else if (rows[k] > cols[k]) lower++;
  }
  const storage: MatrixStorage = upper > 0 && lower > 0 ? 'full' : upper > 0 ? 'upper' : lower > 0 ? 'lower' : 'diagonal';
  const mirror = storage === 'upper' || storage === 'lower';
  const n = limit ?? maxIndex + 1;
  // Without numberOfCoordinates the dimension comes from the largest index. A mass or stiffness matrix has an
  // entry in every row, so a dimension beyond twice the entry count is one mistyped index (that would size
  // the matrix at gigabytes), not a matrix.
  if (limit === undefined && n > 2 * entries + 2) {
    fail(fileName, maxIndexLine, `matrix index ${maxIndex + 1} would make the matrix ${n} × ${n} from ${entries} entries; `
      + 'give numberOfCoordinates (the mesh\'s coordinate count) or correct the index');
  }
  const matrix = mirror ? mirroredMatrix(n, rows, cols, vals, entries) : cscFromTriplets(n, rows, cols, vals, entries);
  return { matrix, storage, entries, format };
}

/** The entries of parseAbaqusMatrix as read: typed arrays grown by doubling, the largest index and its line. */
interface MatrixEntries {
  rows: Int32Array;
  cols: Int32Array;
  vals: Float64Array;
  /** Entries stored. */
  count: number;
  maxIndex: number;
  maxIndexLine: number;
  /** The matrix dimension, if given (larger indices are errors). */
  limit: number | undefined;
  fileName: string;
  /** Where readPlainLines stopped. */
  end: number;
}

/** Appends the entry (r, c, v) of line lineNo (0-based indices), after the dimension check. */
function addEntry(e: MatrixEntries, r: number, c: number, v: number, lineNo: number): void {
  const limit = e.limit;
  if (limit !== undefined && (r >= limit || c >= limit)) {
    fail(e.fileName, lineNo, `entry (${r + 1}, ${c + 1}) lies outside the ${limit}×${limit} matrix of the mesh`);
  }
  const k = e.count;
  if (k === e.rows.length) {
    const capacity = 2 * k;
    e.rows = grown(e.rows, capacity);
    e.cols = grown(e.cols, capacity);
    e.vals = grown(e.vals, capacity);
  }
  e.rows[k] = r; e.cols[k] = c; e.vals[k] = v;
  e.count = k + 1;
  if (Math.max(r, c) > e.maxIndex) { e.maxIndex = Math.max(r, c); e.maxIndexLine = lineNo; }
}

/**
 * parseAbaqusMatrix's plain coordinate lines from `from` on, the first of them line lineNo, into `e`, up to the first
 * line that is none: returns the number of lines read and sets e.end to the position after them. A plain line, the form
 * most files hold throughout (see plainLines in abaqusMatrixKernelsSource.ts), is read by the WebAssembly scanner in
 * batches; its fields are fastFields' fields of such a line, the labels and the value read as labelAt and parseReal
 * read them: a value outside the scanner's exact fast path by Number() on its text, as parseReal does. A label 0, an
 * index beyond the matrix or a value out of range ends the plain lines (the general path reports it).
 */
function readPlainLines(text: string, from: number, lineNo: number, e: MatrixEntries): number {
  const scanner = PlainLineScanner.shared();
  const { rows, cols, vals, next, valueStart, valueEnd, slow, scalars } = scanner;
  const limit = e.limit ?? 2147483647;
  let read = 0;
  for (;;) {
    let count = scanner.scan(text, from, limit);
    if (count === 0) break;
    const offset = scanner.offset;
    let cut = false;
    for (let s = 0; s < scalars[0]; s++) {
      const i = slow[s];
      const v = Number(text.slice(offset + valueStart[i], offset + valueEnd[i]));
      if (!Number.isFinite(v)) { count = i; cut = true; break; }
      vals[i] = v;
    }
    if (cut) {
      for (let i = 0; i < count; i++) addEntry(e, rows[i], cols[i], vals[i], lineNo + read + i);
    } else {
      const k = e.count;
      if (k + count > e.rows.length) {
        const capacity = Math.max(2 * e.rows.length, k + count);
        e.rows = grown(e.rows, capacity);
        e.cols = grown(e.cols, capacity);
        e.vals = grown(e.vals, capacity);
      }
      e.rows.set(rows.subarray(0, count), k);
      e.cols.set(cols.subarray(0, count), k);
      e.vals.set(vals.subarray(0, count), k);
      e.count = k + count;
      if (scalars[1] > e.maxIndex) { e.maxIndex = scalars[1]; e.maxIndexLine = lineNo + read + scalars[2]; }
    }
    if (count > 0) from = offset + next[count - 1];
    read += count;
    // on with the next window after a whole one (or a full batch); a line that is none ends the plain lines
    if (cut || (from < scanner.windowEnd && count < scanner.capacity)) break;
  }
  e.end = from;
  return read;
}

/** A copy of `a` in a new typed array of its kind with `capacity` entries. */
function grown<T extends Int32Array | Float64Array>(a: T, capacity: number): T {
  const copy = new (a.constructor as new (length: number) => T)(capacity);
  copy.set(a);
  return copy;
}

/** The CSC matrix of one triangle's entries and their mirror images ((r, c, v), then (c, r, v) off the diagonal). */
function mirroredMatrix(n: number, rows: Int32Array, cols: Int32Array, vals: Float64Array, entries: number): CscMatrix {
  const both = new Int32Array(2 * entries);
  const bothCols = new Int32Array(2 * entries);
  const bothVals = new Float64Array(2 * entries);
  let count = 0;
  for (let k = 0; k < entries; k++) {
    both[count] = rows[k]; bothCols[count] = cols[k]; bothVals[count++] = vals[k];
    if (rows[k] !== cols[k]) { both[count] = cols[k]; bothCols[count] = rows[k]; bothVals[count++] = vals[k]; }
  }
  return cscFromTriplets(n, both, bothCols, bothVals, count);
}

/** Reads an Abaqus matrix file; see {@link parseAbaqusMatrix}. */
export function readAbaqusMatrixFile(location: FileLocation, options: AbaqusMatrixOptions = {}): AbaqusMatrix {
  const { text, fileName } = readTextFile(location, 'Abaqus matrix file');
  return parseAbaqusMatrix(text, fileName, options);
}
