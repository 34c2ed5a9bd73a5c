import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import * as flexdyn from '../src/index.ts';
import { itemDefinitions } from '../src/items/index.ts';
import { typeKeyOf, type ItemCategory, type ItemDefinition } from '../src/registry/definition.ts';
import { OutputVariableType } from '../src/registry/enums.ts';
import { markerIndexArray, matrix, nodeIndex, parameterTypeName, real, userFunction, vector } from '../src/registry/parameters.ts';
import { allParameters, factoryNames, formatDefault, generateItemPages, itemFullName, renderItemPage } from '../scripts/generateItemDocs.ts';

/** Splits a Markdown table row into its cells, honouring escaped pipes. */
function cells(row: string): string[] {
  return row.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** The rows of the table under '## Parameters' (header and separator excluded). */
function parameterRows(markdown: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf('## Parameters');
  expect(start).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 4)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

const pages = generateItemPages();
const pageByName = new Map(pages.map((page) => [page.fileName, page.markdown]));

describe('item reference generator', () => {
  it('produces one page per registered item and an index', () => {
    expect(itemDefinitions.length).toBeGreaterThan(0);
    expect(pages).toHaveLength(itemDefinitions.length + 1);
    for (const definition of itemDefinitions) expect(pageByName.has(`${itemFullName(definition)}.md`)).toBe(true);
    expect(pageByName.has('index.md')).toBe(true);
  });

  it('has a table row for every parameter, including name and visualization, in dictionary order', () => {
    for (const definition of itemDefinitions) {
      const rows = parameterRows(pageByName.get(`${itemFullName(definition)}.md`)!);
      const declared = allParameters(definition);
      expect(rows.map((row) => row[0]), itemFullName(definition)).toEqual(declared.map(([name]) => `\`${name}\``));
      expect(declared.slice(-2).map(([name]) => name)).toEqual(['name', 'visualization']);
      rows.forEach((row, i) => {
        const [, parameter] = declared[i];
        expect(row, `${itemFullName(definition)}.${declared[i][0]}`).toHaveLength(5);
        expect(row[1]).toBe(parameterTypeName(parameter));
        expect(row[3]).toBe(`\`${formatDefault(parameter).replace(/\|/g, '\\|')}\``);
      });
    }
  });

  it('lists description, output variables, equations and factory names', () => {
    for (const definition of itemDefinitions) {
      const page = pageByName.get(`${itemFullName(definition)}.md`)!;
      expect(page).toContain(`# ${itemFullName(definition)}\n`);
      expect(page).toContain(definition.description);
      for (const variable of definition.outputVariables) expect(page).toContain(`\`OutputVariableType.${variable}\``);
      if (definition.equations !== undefined) expect(page).toContain(definition.equations.trim());
      for (const name of factoryNames(definition)) expect(page).toContain(`\`${name}\``);
    }
  });

  it('links every item page from the index', () => {
    const index = pageByName.get('index.md')!;
    for (const definition of itemDefinitions) {
      expect(index).toContain(`](./${itemFullName(definition)}.md)`);
      expect(index).toContain(`  - ./${itemFullName(definition)}.md\n`);
    }
  });

  it('formats defaults compactly', () => {
    expect(formatDefault(real(0.5, 'r'))).toBe('0.5');
    expect(formatDefault(vector([0, 0, 0], 'v', 3))).toBe('[0, 0, 0]');
    expect(formatDefault(vector(new Array<number>(12).fill(0), 'v', 12))).toBe('[0, …] (12 entries)');
    expect(formatDefault(matrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 'm', [3, 3]))).toBe('identity(3)');
    expect(formatDefault(matrix([[0, 0], [0, 0]], 'm', [2, 2]))).toBe('zeros(2 x 2)');
    expect(formatDefault(matrix([[1, 2], [3, 4]], 'm', [2, 2]))).toBe('[[1, 2], [3, 4]]');
    expect(formatDefault(nodeIndex('n'))).toBe('invalid (-1)');
    expect(formatDefault(markerIndexArray('m', 2))).toBe('[invalid, invalid]');
    expect(formatDefault(userFunction('f', '(mbs, t) => number'))).toBe('0 (none)');
  });

  it('keeps the table intact when a description contains a pipe', () => {
    const parameters = { weight: real(1, 'Either |a| or |b|.') };
    const definition: ItemDefinition<'Object', typeof parameters> = {
      category: 'Object', typeName: 'PipeTest', description: 'Test item.', parameters,
      outputVariables: [OutputVariableType.Position],
      example: () => { throw new Error('not used'); },
      create: () => { throw new Error('not used'); },
    };
    const rows = parameterRows(renderItemPage(definition as unknown as ItemDefinition));
    expect(rows[0]).toEqual(['`weight`', 'Real', '', '`1`', 'Either \\|a\\| or \\|b\\|.']);
  });
});

describe('factories exported from src/index.ts', () => {
  const definitionOf = new Map(itemDefinitions.map((definition) => [`${typeKeyOf[definition.category]}:${definition.typeName}`, definition]));
  const typeKeys = Object.entries(typeKeyOf) as [ItemCategory, string][];

  /** Exported functions that return an item dictionary when called without arguments (classes throw and are skipped). */
  function exportedFactories(): { exportName: string; typeKey: string; typeName: unknown }[] {
    const found: { exportName: string; typeKey: string; typeName: unknown }[] = [];
    for (const [exportName, value] of Object.entries(flexdyn)) {
      if (typeof value !== 'function') continue;
      let result: unknown;
      try {
        result = (value as (input?: object) => unknown)({});
      } catch {
        continue;
      }
      if (typeof result !== 'object' || result === null) continue;
      const keys = typeKeys.filter(([, key]) => key in result);
      if (keys.length === 0) continue;
      expect(keys, `${exportName} sets more than one type key`).toHaveLength(1);
      found.push({ exportName, typeKey: keys[0][1], typeName: (result as Record<string, unknown>)[keys[0][1]] });
    }
    return found;
  }

  it('belong to a registered definition and carry its full name or a declared alias', () => {
    const factories = exportedFactories();
    expect(factories.length).toBeGreaterThanOrEqual(itemDefinitions.length);
    for (const { exportName, typeKey, typeName } of factories) {
      const definition = definitionOf.get(`${typeKey}:${String(typeName)}`);
      expect(definition, `${exportName} creates ${typeKey}: ${String(typeName)}, which is not in itemDefinitions`).toBeDefined();
      expect(factoryNames(definition!), `${exportName} is not a declared name of ${itemFullName(definition!)}`).toContain(exportName);
    }
  });

  it('exist for every registered definition under its full name and each alias', () => {
    const exports = flexdyn as unknown as Record<string, unknown>;
    for (const definition of itemDefinitions) {
      const [full, ...aliases] = factoryNames(definition);
      expect(typeof exports[full], `${full} is not exported from src/index.ts`).toBe('function');
      for (const alias of aliases) expect(exports[alias], `alias ${alias} of ${full}`).toBe(exports[full]);
      const dictionary = (exports[full] as (input?: object) => Record<string, unknown>)({});
      expect(dictionary[typeKeyOf[definition.category]]).toBe(definition.typeName);
    }
  });
});

describe('README and getting started', () => {
  const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
  const firstTsBlock = (markdown: string) => /```ts\n([\s\S]*?)```/.exec(markdown)?.[1];

  it('show examples/firstModel.ts verbatim as the first model', () => {
    const example = read('examples/firstModel.ts');
    expect(firstTsBlock(read('README.md'))).toBe(example);
    expect(firstTsBlock(read('docs/getting-started.md'))).toBe(example);
  });

  it('give the set-up commands that .ci/run executes', () => {
    const readme = read('README.md');
    expect(readme).toContain('```sh\nnpm ci && npm start\n```');
    expect(readme).toContain('```sh\nnpm ci && npm test\n```');
    expect(read('.ci/run').trim().split('\n')).toContain('npm ci && npm test');
  });
});
