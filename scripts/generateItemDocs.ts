/**
 * Generates the item reference: one Markdown page per registered item type
 * (docs/items/<Category><TypeName>.md) and an index by category and family (docs/items/index.md), derived only from
 * the item declarations (parameters, output variables, equations, aliases), and the family tables of
 * docs/items-overview.md (between its `<!-- families: Category -->` and `<!-- end families -->` lines; the prose around
 * them is written by hand). Run with `npx tsx scripts/generateItemDocs.ts [folder]`; `npm run docs` runs it before
 * typedoc.
 * @module
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { itemDefinitions } from '../src/items/index.ts';
import { commonParameters, typeKeyOf, type ItemCategory, type ItemDefinition } from '../src/registry/definition.ts';
import { parameterSizeText, parameterTypeName, structuralReason, type Parameter } from '../src/registry/parameters.ts';

/** One generated Markdown file: its name inside the items folder and its text. */
export interface GeneratedPage {
  /** File name, e.g. `ObjectMassPoint.md`. */
  readonly fileName: string;
  /** Markdown text. */
  readonly markdown: string;
}

/** Category order and headings of the index page. */
const categoryHeadings: readonly (readonly [ItemCategory, string])[] = [
  ['Node', 'Nodes'],
  ['Object', 'Objects'],
  ['Marker', 'Markers'],
  ['Load', 'Loads'],
  ['Sensor', 'Sensors'],
];

/** Vectors with more entries than this are abbreviated in the default column. */
const maxListedEntries = 6;

/** The full item name, e.g. `ObjectMassPoint`: category plus type name (also the factory name and page name). */
export function itemFullName(definition: ItemDefinition): string {
  return `${definition.category}${definition.typeName}`;
}

/** The factory names of an item: the full name first, then Exudyn's aliases. */
export function factoryNames(definition: ItemDefinition): string[] {
  return [itemFullName(definition), ...(definition.aliases ?? [])];
}

/** All parameters of an item in dictionary order: its own, then the common `name` and `visualization`. */
export function allParameters(definition: ItemDefinition): [string, Parameter<unknown>][] {
  return [...Object.entries(definition.parameters), ...Object.entries(commonParameters)];
}

function formatNumber(value: number): string {
  return Object.is(value, -0) ? '0' : String(value);
}

function formatList(values: readonly unknown[]): string {
  if (values.length > maxListedEntries) {
    const first = values[0];
    if (values.every((v) => v === first)) return `[${formatValue(first)}, …] (${values.length} entries)`;
    return `[${values.slice(0, 3).map(formatValue).join(', ')}, …] (${values.length} entries)`;
  }
  return `[${values.map(formatValue).join(', ')}]`;
}

function formatValue(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Float64Array) return formatList(Array.from(value));
  if (Array.isArray(value)) return formatList(value);
  if (typeof value === 'function') return 'function';
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0 ? '{}' : JSON.stringify(value);
  return String(value);
}

function isIdentity(rows: readonly (readonly number[])[]): boolean {
  return rows.length > 0 && rows.every((row, i) => row.length === rows.length && row.every((v, j) => v === (i === j ? 1 : 0)));
}

function isZero(rows: readonly (readonly number[])[]): boolean {
  return rows.every((row) => row.every((v) => v === 0));
}

/** The default of a parameter, compact: `0`, `[0, 0, 0]`, `identity(3)`, `invalid (-1)`, `0 (none)`. */
export function formatDefault(parameter: Parameter<unknown>): string {
  const value = parameter.default;
  switch (parameter.kind) {
    case 'NodeIndex': case 'ObjectIndex': case 'MarkerIndex': case 'LoadIndex': case 'SensorIndex':
      return value === -1 ? 'invalid (-1)' : formatValue(value);
    case 'ArrayMarkerIndex':
      return Array.isArray(value) && value.length > 0 && value.every((v) => v === -1) ? `[${value.map(() => 'invalid').join(', ')}]` : formatValue(value);
    case 'UserFunction':
      return value === 0 ? '0 (none)' : formatValue(value);
    case 'Matrix': {
      const rows = value as readonly (readonly number[])[];
      if (rows.length === 0) return '[]';
      if (isIdentity(rows)) return `identity(${rows.length})`;
      if (isZero(rows)) return `zeros(${rows.length} x ${rows[0].length})`;
      return `[${rows.map((row) => formatList(row)).join(', ')}]`;
    }
    default:
      return formatValue(value);
  }
}

/** Escapes text for one Markdown table cell (pipes, line breaks). */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function code(text: string): string {
  return text === '' ? '' : `\`${text}\``;
}

/** The parameter table of an item: one row per parameter (common parameters included). */
export function parameterTable(definition: ItemDefinition): string {
  const lines = ['| Name | Type | Size | Default | Description |', '| --- | --- | --- | --- | --- |'];
  for (const [name, parameter] of allParameters(definition)) {
    const structural = structuralReason(parameter) === undefined ? '' : ' *Structural.*';
    lines.push(`| ${code(name)} | ${cell(parameterTypeName(parameter))} | ${cell(parameterSizeText(parameter))} | ${cell(code(formatDefault(parameter)))} | ${cell(parameter.description + structural)} |`);
  }
  return lines.join('\n');
}

/** The Markdown reference page of one item type. */
export function renderItemPage(definition: ItemDefinition): string {
  const fullName = itemFullName(definition);
  const [factory, ...aliases] = factoryNames(definition);
  const typeKey = typeKeyOf[definition.category];
  const parts: string[] = [
    '---',
    `title: ${fullName}`,
    '---',
    '',
    `# ${fullName}`,
    '',
    definition.description,
    '',
    `Factory: ${code(factory)}${aliases.length > 0 ? `; ${aliases.length === 1 ? 'alias' : 'aliases'}: ${aliases.map(code).join(', ')}` : ''}.`,
    `Add with \`mbs.add${definition.category}(${factory}({ … }))\` or a plain dictionary with \`${typeKey}: '${definition.typeName}'\` (\`'${fullName}'\` is accepted too).`,
    '',
    '## Parameters',
    '',
    parameterTable(definition),
    '',
    'Parameters not marked *Structural* can change on an assembled system, also from a user function during a solve, with `mbs.set'
      + `${definition.category}Parameter(i, name, value)\` or \`mbs.modify${definition.category}(i, { … })\`; the next evaluation uses them. `
      + `Structural ones are fixed while the system is assembled: change them with \`mbs.modify${definition.category}\` and call \`mbs.assemble()\` between solves `
      + '([decisions](../decisions.md#changing-a-running-model-issue-15)).',
    '',
    '## Output variables',
    '',
    definition.outputVariables.length > 0
      ? definition.outputVariables.map((variable) => `- \`OutputVariableType.${variable}\``).join('\n')
      : 'None: this item type answers no output variables.',
    '',
  ];
  if (definition.equations !== undefined && definition.equations.trim() !== '') {
    parts.push('## Equations', '', definition.equations.trim(), '');
  }
  return parts.join('\n');
}

/** The first sentence of a description, for the index table. */
function firstSentence(text: string): string {
  const match = /^(.*?[.!?])(\s|$)/.exec(text);
  return match === null ? text : match[1];
}

/** A family of item types on the index page: a heading, a one-line description and which items belong to it. */
export interface ItemFamily {
  /** Category whose section holds the family. */
  readonly category: ItemCategory;
  /** Heading of the family (also its anchor, e.g. `rigid-bodies`). */
  readonly title: string;
  /** One line on what the family is for. */
  readonly description: string;
  /** Full item names (`ObjectRigidBody`) of the family's members. */
  readonly members: RegExp;
}

/**
 * The item families, in index order. An item belongs to the first family of its category whose pattern matches
 * its full name; items that match none are listed under "Other <category>", so a new item type always appears.
 */
export const itemFamilies: readonly ItemFamily[] = [
  { category: 'Node', title: 'Point nodes', description: 'Positions of points in 3D or 2D (displacement coordinates), and the ground point.', members: /^NodePoint(2D|Ground)?$/ },
  { category: 'Node', title: 'Rigid-body nodes', description: 'Position and orientation of a rigid frame: Euler parameters, Tait–Bryan angles, rotation vector (Lie group), quaternion (Lie group), planar.', members: /^NodeRigidBody/ },
  { category: 'Node', title: 'Beam and rod nodes', description: 'Nodes with slope or cross-section coordinates for beams and cables.', members: /^NodePoint(\dD)?Slope|^NodeRod/ },
  { category: 'Node', title: 'Scalar and generic nodes', description: 'One coordinate (drive trains, 1D masses) or any number of coordinates (generic systems, reduced-order bodies).', members: /^Node(1D|Generic)/ },
  { category: 'Object', title: 'Ground, mass points and 1D bodies', description: 'The ground, point masses in 3D and 2D, and translational or rotational 1D masses.', members: /^Object(Ground|MassPoint|Mass1D|RotationalMass1D)/ },
  { category: 'Object', title: 'Rigid bodies', description: 'Rigid bodies in 3D and 2D on a rigid-body node, with mass, center of mass and inertia tensor.', members: /^ObjectRigidBody/ },
  { category: 'Object', title: 'Flexible bodies', description: 'Beams, cables, Cosserat rods (with velocity damping and fluid drag along them) and floating frame of reference bodies.', members: /^Object(ANCF|ALEANCF|Beam|CosseratRod|Rod|FFRF)/ },
  { category: 'Object', title: 'Springs, dampers and forces', description: 'Connectors that apply forces or torques between markers: linear and nonlinear springs and dampers, gravity, a rope over sheaves, a hydraulic actuator.', members: /^ObjectConnector.*(SpringDamper(Ext)?|Gravity|ReevingSystemSprings|HydraulicActuatorSimple)$/ },
  { category: 'Object', title: 'Joints and constraints', description: 'Algebraic constraints between two markers: generic, spherical, revolute and prismatic joints, coordinate, coordinate-vector and distance constraints.', members: /^Object(Joint|ConnectorCoordinate(Vector)?$|ConnectorDistance$)/ },
  { category: 'Object', title: 'Contact', description: 'Penalty contact between spheres, triangles, circles and cables and of a rolling disc on a plane, with impact models, adhesion and friction; the contact state lives in a data node and switches in the post-Newton step.', members: /^Object(Contact|ConnectorRollingDiscPenalty$)/ },
  { category: 'Object', title: 'Generic systems', description: 'User-defined second-order systems with mass, stiffness and damping matrices and a force user function.', members: /^ObjectGeneric/ },
  { category: 'Marker', title: 'Node markers', description: 'Where connectors and loads act on a node: its position, a coordinate, all its coordinates, its frame.', members: /^MarkerNode/ },
  { category: 'Marker', title: 'Body markers', description: 'Where connectors and loads act on a body: a point, a frame, the whole mass (gravity), or all its coordinates.', members: /^Marker(Body|SuperElement|Object)/ },
  { category: 'Load', title: 'Forces and torques', description: 'Point forces and torques on markers, coordinate loads, gravity and distributed line loads.', members: /^Load/ },
  { category: 'Sensor', title: 'Output sensors', description: 'Record output variables of nodes, objects, bodies, markers and loads, or a user-function value, to files and memory.', members: /^Sensor/ },
];

/** The family of an item: the first matching family of its category, or the category's "Other" family. */
export function familyOf(definition: ItemDefinition): ItemFamily {
  const fullName = itemFullName(definition);
  const found = itemFamilies.find((family) => family.category === definition.category && family.members.test(fullName));
  if (found !== undefined) return found;
  const heading = categoryHeadings.find(([category]) => category === definition.category)![1];
  return { category: definition.category, title: `Other ${heading.toLowerCase()}`, description: `${heading} that belong to none of the families above.`, members: /$^/ };
}

/** The index page: all item types by category and family, linking to their pages. */
export function renderItemIndex(definitions: readonly ItemDefinition[]): string {
  const parts: string[] = [
    '---',
    'title: Item reference',
    'children:',
    ...definitions.map((definition) => `  - ./${itemFullName(definition)}.md`),
    '---',
    '',
    '# Item reference',
    '',
    'Every item type Flexdyn registers, generated from the item declarations by `scripts/generateItemDocs.ts`',
    '(run `npm run docs`), grouped by category and family. Each page lists the parameters with type, size, default',
    'and description, the output variables and the factory names. Parameters that every item has: `name` and',
    '`visualization`.',
    '',
  ];
  for (const [category, heading] of categoryHeadings) {
    const members = definitions.filter((definition) => definition.category === category);
    if (members.length === 0) continue;
    parts.push(`## ${heading}`, '');
    for (const { family, definitions: familyMembers } of familiesOf(category, members)) {
      parts.push(`### ${family.title}`, '', family.description, '', '| Item | Factories | Description |', '| --- | --- | --- |');
      for (const definition of familyMembers) {
        const fullName = itemFullName(definition);
        parts.push(`| [${fullName}](./${fullName}.md) | ${factoryNames(definition).map(code).join(', ')} | ${cell(firstSentence(definition.description))} |`);
      }
      parts.push('');
    }
  }
  return parts.join('\n');
}

/** The anchor of a heading on a generated page ('Ground, mass points and 1D bodies' → 'ground-mass-points-and-1d-bodies'). */
function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
}

/** The families of a category with their members, in index order (a category's "Other" family last, if it has members). */
function familiesOf(category: ItemCategory, definitions: readonly ItemDefinition[]): { family: ItemFamily; definitions: ItemDefinition[] }[] {
  const families = new Map<string, { family: ItemFamily; definitions: ItemDefinition[] }>();
  for (const family of itemFamilies) if (family.category === category) families.set(family.title, { family, definitions: [] });
  for (const definition of definitions) {
    if (definition.category !== category) continue;
    const family = familyOf(definition);
    if (!families.has(family.title)) families.set(family.title, { family, definitions: [] });
    families.get(family.title)!.definitions.push(definition);
  }
  return [...families.values()].filter((entry) => entry.definitions.length > 0);
}

/** The family table of a category for docs/items-overview.md: family (linked to the index), what for, the items (linked to their pages). */
export function renderOverviewTable(category: ItemCategory, definitions: readonly ItemDefinition[] = itemDefinitions): string {
  const rows = ['| Family | What for | Items |', '| --- | --- | --- |'];
  for (const { family, definitions: members } of familiesOf(category, definitions)) {
    const items = members.map((definition) => `[${itemFullName(definition)}](./items/${itemFullName(definition)}.md)`).join(', ');
    rows.push(`| [${family.title}](./items/index.md#${anchorOf(family.title)}) | ${cell(family.description)} | ${items} |`);
  }
  return rows.join('\n');
}

/**
 * docs/items-overview.md with its family tables generated: the lines between `<!-- families: <Category> -->` and the
 * next `<!-- end families -->` are replaced by {@link renderOverviewTable}; every category must have its markers.
 */
export function updateItemsOverview(text: string, definitions: readonly ItemDefinition[] = itemDefinitions): string {
  let result = text;
  for (const [category] of categoryHeadings) {
    const begin = `<!-- families: ${category} -->`, end = '<!-- end families -->';
    const at = result.indexOf(begin), stop = result.indexOf(end, at);
    if (at < 0 || stop < 0) throw new Error(`generateItemDocs: items-overview.md lacks the lines '${begin}' … '${end}'`);
    result = `${result.slice(0, at + begin.length)}\n${renderOverviewTable(category, definitions)}\n${result.slice(stop)}`;
  }
  return result;
}

/** All pages of the item reference: one per definition, then index.md. */
export function generateItemPages(definitions: readonly ItemDefinition[] = itemDefinitions): GeneratedPage[] {
  const pages = definitions.map((definition) => ({ fileName: `${itemFullName(definition)}.md`, markdown: renderItemPage(definition) }));
  const names = new Set<string>();
  for (const page of pages) {
    if (names.has(page.fileName)) throw new Error(`generateItemDocs: two item definitions produce the page ${page.fileName}`);
    names.add(page.fileName);
  }
  pages.push({ fileName: 'index.md', markdown: renderItemIndex(definitions) });
  return pages;
}

/** Writes the item reference into a folder (removing stale .md pages there); returns the written paths. */
export function writeItemDocs(folder: string, definitions: readonly ItemDefinition[] = itemDefinitions): string[] {
  mkdirSync(folder, { recursive: true });
  for (const entry of readdirSync(folder)) {
    if (entry.endsWith('.md')) rmSync(join(folder, entry));
  }
  return generateItemPages(definitions).map((page) => {
    const path = join(folder, page.fileName);
    writeFileSync(path, page.markdown);
    return path;
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const folder = process.argv[2] ?? 'docs/items';
  const written = writeItemDocs(folder);
  console.log(`generateItemDocs: wrote ${written.length} pages to ${folder}`);
  const overview = join(dirname(resolve(folder)), 'items-overview.md');
  if (existsSync(overview)) {
    writeFileSync(overview, updateItemsOverview(readFileSync(overview, 'utf8')));
    console.log(`generateItemDocs: updated the family tables of ${overview}`);
  }
}
