/**
 * Generates the published item dictionary types from the item registry of the compiled engine (run by
 * scripts/build.mjs after tsc): dist/registry/itemDictionaries.d.ts gets one interface per item type —
 * discriminated by nodeType/objectType/markerType/loadType/sensorType, each parameter with its
 * description and default as doc comment and the value type of its declaration — and the unions
 * NodeInput, ObjectInput, MarkerInput, LoadInput, SensorInput that MainSystem.add… accept; each
 * factory's declaration (NodePoint, ObjectMassPoint, their Exudyn aliases) is rewritten to take and
 * return its item's dictionary. Nothing generated is committed: the sources declare the inputs as
 * plain records (src/registry/itemDictionaries.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const categories = ['Node', 'Object', 'Marker', 'Load', 'Sensor'];

/** TypeScript type of a Dict field's value by its kind (top-level parameters take their declared type instead). */
const kindTypes = {
  Real: 'number', UReal: 'number', PReal: 'number', Int: 'number', UInt: 'number', Bool: 'boolean', String: 'string',
  Vector: 'VectorValue', IntVector: 'readonly number[]', Matrix: 'MatrixValue', MatrixContainer: 'MatrixContainerValue',
  NodeIndex: 'NodeIndex', ObjectIndex: 'ObjectIndex', MarkerIndex: 'MarkerIndex', LoadIndex: 'LoadIndex', SensorIndex: 'SensorIndex',
  ArrayNodeIndex: 'readonly NodeIndex[]', ArrayMarkerIndex: 'readonly MarkerIndex[]', ArraySensorIndex: 'readonly SensorIndex[]',
  UserFunction: '((...args: never[]) => unknown) | 0', OutputVariableType: 'OutputVariableType', Dict: 'Record<string, unknown>',
  GraphicsDataList: 'readonly GraphicsData[]',
};

function filesUnder(folder, ending) {
  const out = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, ending));
    else if (entry.name.endsWith(ending)) out.push(path);
  }
  return out;
}

/** A doc comment (indented), with the text's '*\/' broken up. */
function docComment(lines, indent) {
  const body = lines.flatMap((l) => l.split('\n')).map((l) => `${indent} * ${l.replaceAll('*/', '*\\/')}`.trimEnd());
  return `${indent}/**\n${body.join('\n')}\n${indent} */\n`;
}

function defaultText(value) {
  if (typeof value === 'function') return 'a function';
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function property(name, parameter, type, indent) {
  const doc = [parameter.description, `Default: \`${defaultText(parameter.default)}\`${parameter.typeName ? ` (${parameter.typeName})` : ''}.`];
  return docComment(doc, indent) + `${indent}${name}?: ${type};\n`;
}

/** Inline object type of a Dict parameter with declared fields (each field documented). */
function dictType(fields, indent) {
  let text = '{\n';
  for (const [name, field] of Object.entries(fields)) {
    const type = field.kind === 'Dict' && field.fields ? dictType(field.fields, indent + '  ') : kindTypes[field.kind];
    if (type === undefined) throw new Error(`itemDictionaryTypes: no type for kind ${field.kind} of field ${name}`);
    text += property(name, field, type, indent + '  ');
  }
  return text + `${indent}}`;
}

/** The statement `export declare const <name>: …;` in a declaration file: [start, end) or undefined. */
function declarationRange(text, name) {
  const match = new RegExp(`^export declare const ${name}: `, 'm').exec(text);
  if (match === null) return undefined;
  let depth = 0;
  for (let i = match.index + match[0].length; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === ';' && depth === 0) return [match.index, i + 1];
  }
  throw new Error(`itemDictionaryTypes: unterminated declaration of ${name}`);
}

/** Module specifier from one dist file to another (posix, './' prefixed, .js). */
function specifier(fromFile, toFile) {
  const path = relative(join(fromFile, '..'), toFile).split(sep).join('/').replace(/\.d\.ts$/, '.js');
  return path.startsWith('.') ? path : `./${path}`;
}

/** Writes dist/registry/itemDictionaries.d.ts and retypes the factories in dist/items. */
export async function writeItemDictionaryTypes(dist) {
  const url = (file) => pathToFileURL(join(dist, file)).href;
  const { itemDefinitions } = await import(url('items/index.js'));
  const { typeKeyOf, commonParameters } = await import(url('registry/definition.js'));
  const target = join(dist, 'registry', 'itemDictionaries.d.ts');

  // where each definition is exported (module, export name), found by identity in the compiled item modules
  const located = new Map();
  const itemFiles = filesUnder(join(dist, 'items'), '.js');
  for (const file of itemFiles) {
    const module = await import(pathToFileURL(file).href);
    for (const [exportName, value] of Object.entries(module)) {
      if (itemDefinitions.includes(value) && !located.has(value)) located.set(value, { file: file.replace(/\.js$/, '.d.ts'), exportName });
    }
  }

  const imports = [
    "import type { ParameterValues, VectorValue, MatrixValue, MatrixContainerValue, NodeIndex, ObjectIndex, MarkerIndex, LoadIndex, SensorIndex } from './parameters.js';",
    "import type { OutputVariableType } from './enums.js';",
    "import type { GraphicsData } from '../graphics/graphicsData.js';",
  ];
  // the parameters every item has, declared once
  let body = docComment(['Parameters every item has besides its own.'], '') + 'export interface ItemCommonParameters {\n';
  for (const [name, parameter] of Object.entries(commonParameters)) {
    body += property(name, parameter, parameter.kind === 'Dict' && parameter.fields ? dictType(parameter.fields, '  ') : kindTypes[parameter.kind], '  ');
  }
  body += '}\n\n';
  const unions = Object.fromEntries(categories.map((c) => [c, []]));
  const factoryTypes = new Map(); // declaration file → [factory name, dictionary interface]
  for (const definition of itemDefinitions) {
    const where = located.get(definition);
    if (where === undefined) throw new Error(`itemDictionaryTypes: no module of dist/items exports the definition of ${definition.category}${definition.typeName}`);
    const { category, typeName } = definition;
    const interfaceName = `${category}${typeName}Dictionary`;
    const alias = `${category}${typeName}$definition`;
    imports.push(`import type { ${where.exportName} as ${alias} } from '${specifier(target, where.file)}';`);
    const typeKey = typeKeyOf[category];
    const names = [typeName, `${category}${typeName}`];
    body += docComment([`${category}${typeName}: ${definition.description}`, '', `The dictionary of \`mbs.add${category}(…)\` and of the factory ${category}${typeName}(…) (see docs/items/${category}${typeName}.md).`], '');
    body += `export interface ${interfaceName} extends ItemCommonParameters {\n`;
    body += docComment([`Item type: '${typeName}' (also '${category}${typeName}').`], '  ');
    body += `  ${typeKey}: ${names.map((n) => `'${n}'`).join(' | ')};\n`;
    for (const [name, parameter] of Object.entries(definition.parameters)) {
      body += property(name, parameter, `ParameterValues<(typeof ${alias})['parameters']>['${name}']`, '  ');
    }
    for (const name of Object.keys(commonParameters)) {
      if (name in definition.parameters) throw new Error(`itemDictionaryTypes: ${category}${typeName} declares the common parameter ${name} again`);
    }
    body += '}\n\n';
    unions[category].push(interfaceName);
    const factories = [`${category}${typeName}`, ...(definition.aliases ?? []).filter((a) => a !== `${category}${typeName}`)];
    const list = factoryTypes.get(where.file) ?? [];
    for (const factory of factories) list.push([factory, interfaceName, typeKey]);
    factoryTypes.set(where.file, list);
  }
  for (const category of categories) {
    body += docComment([`Every ${category.toLowerCase()} dictionary \`mbs.add${category}\` accepts: a union discriminated by \`${typeKeyOf[category]}\`.`], '');
    body += `export type ${category}Input = ${unions[category].join(' | ') || 'never'};\n\n`;
  }
  const header = '/**\n * Item dictionaries typed per item type, generated from the item registry by scripts/itemDictionaryTypes.mjs (npm run build).\n * @module\n */\n';
  writeFileSync(target, `${header}${imports.join('\n')}\n\n${body}`);

  // the factories: (parameters without the type key) => the item's dictionary
  let retyped = 0;
  for (const [file, factories] of factoryTypes) {
    let text = readFileSync(file, 'utf8');
    const used = new Set();
    for (const [factory, interfaceName, typeKey] of factories) {
      const range = declarationRange(text, factory);
      if (range === undefined) continue; // an alias exported elsewhere, or not at all
      text = `${text.slice(0, range[0])}export declare const ${factory}: (parameters?: Omit<${interfaceName}, '${typeKey}'>) => ${interfaceName};${text.slice(range[1])}`;
      used.add(interfaceName);
      retyped++;
    }
    if (used.size === 0) throw new Error(`itemDictionaryTypes: no factory declaration found in ${file}`);
    text = `import type { ${[...used].join(', ')} } from '${specifier(file, target)}';\n${text}`;
    writeFileSync(file, text);
  }
  return { items: itemDefinitions.length, factories: retyped };
}
