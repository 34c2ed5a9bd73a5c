/**
 * Generates the settings reference (docs/reference/SimulationSettings.md): every field of
 * `SimulationSettings` with its path, default and meaning. Defaults come from a freshly constructed
 * `SimulationSettings`, meanings from the doc comments in src/solvers/SimulationSettings.ts, so the page
 * cannot drift from the code. Run with `npx tsx scripts/generateSettingsDocs.ts [file]`; `npm run docs` runs it.
 * @module
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { SimulationSettings } from '../src/solvers/SimulationSettings.ts';
import { describeSettingRule, simulationSettingsRules, type SettingRule } from '../src/solvers/settingsValidation.ts';

/** The source files the doc comments are read from: the settings classes, and the one the assembler reads too. */
export const settingsSourcePaths = ['../src/solvers/SimulationSettings.ts', '../src/model/NumericalDifferentiationSettings.ts']
  .map((path) => resolve(dirname(fileURLToPath(import.meta.url)), path));

/** One field of a settings class as declared in the source. */
export interface SettingsField {
  /** Property name. */
  readonly name: string;
  /** Doc comment, one line. */
  readonly description: string;
  /** Class name of a nested settings object (`readonly newton = new NewtonSettings()`), else undefined. */
  readonly nestedClass?: string;
}

/** One settings class: its doc comment and fields in declaration order. */
export interface SettingsClass {
  /** Class name, e.g. `NewtonSettings`. */
  readonly name: string;
  /** Doc comment, one line. */
  readonly description: string;
  /** Fields in declaration order. */
  readonly fields: readonly SettingsField[];
}

/** One leaf setting of a SimulationSettings instance: its path (`timeIntegration.newton.relativeTolerance`) and value. */
export interface SettingsLeaf {
  /** Dotted path from the SimulationSettings object. */
  readonly path: string;
  /** The default value. */
  readonly value: unknown;
}

function docText(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const jsDoc = ranges.map((range) => source.text.slice(range.pos, range.end)).filter((text) => text.startsWith('/**')).at(-1);
  if (jsDoc === undefined) return '';
  return jsDoc.replace(/^\/\*\*|\*\/$/g, '').split('\n').map((line) => line.replace(/^\s*\*\s?/, '').trim()).filter((line) => line !== '').join(' ');
}

/** Reads the settings classes and their documented fields from the source files (or the given source texts). */
export function readSettingsClasses(sourceTexts: string | readonly string[] = settingsSourcePaths.map((path) => readFileSync(path, 'utf8'))): Map<string, SettingsClass> {
  const classes = new Map<string, SettingsClass>();
  for (const sourceText of typeof sourceTexts === 'string' ? [sourceTexts] : sourceTexts) {
    const source = ts.createSourceFile('SimulationSettings.ts', sourceText, ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || statement.name === undefined) continue;
      const fields: SettingsField[] = [];
      for (const member of statement.members) {
        if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        const initializer = member.initializer;
        const nestedClass = initializer !== undefined && ts.isNewExpression(initializer) && ts.isIdentifier(initializer.expression) ? initializer.expression.text : undefined;
        fields.push({ name: member.name.text, description: docText(member, source), nestedClass });
      }
      classes.set(statement.name.text, { name: statement.name.text, description: docText(statement, source), fields });
    }
  }
  return classes;
}

/** All leaf settings of an object (recursing into nested settings objects), in declaration order. */
export function settingsLeaves(settings: object = new SimulationSettings(), prefix = ''): SettingsLeaf[] {
  const leaves: SettingsLeaf[] = [];
  for (const [name, value] of Object.entries(settings)) {
    const path = `${prefix}${name}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) leaves.push(...settingsLeaves(value as object, `${path}.`));
    else leaves.push({ path, value });
  }
  return leaves;
}

/** A default value as printed in the table: numbers as JavaScript prints them, strings quoted. */
export function formatSettingValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  return String(value);
}

/** The paths at which each settings class occurs below SimulationSettings, e.g. NewtonSettings → two paths. */
function classPaths(classes: Map<string, SettingsClass>): Map<string, string[]> {
  const paths = new Map<string, string[]>([['SimulationSettings', ['']]]);
  const visit = (className: string, prefix: string): void => {
    for (const field of classes.get(className)?.fields ?? []) {
      if (field.nestedClass === undefined) continue;
      const path = `${prefix}${field.name}`;
      paths.set(field.nestedClass, [...(paths.get(field.nestedClass) ?? []), path]);
      visit(field.nestedClass, `${path}.`);
    }
  };
  visit('SimulationSettings', '');
  return paths;
}

/** The validation rules of each settings class's fields (src/solvers/settingsValidation.ts), by class name. */
function rulesByClass(): Map<string, Readonly<Record<string, SettingRule>>> {
  const result = new Map<string, Readonly<Record<string, SettingRule>>>([['SimulationSettings', simulationSettingsRules as Readonly<Record<string, SettingRule>>]]);
  const visit = (rules: Readonly<Record<string, SettingRule>>): void => {
    for (const rule of Object.values(rules)) {
      if (rule.kind !== 'group') continue;
      result.set(rule.className, rule.rules);
      visit(rule.rules);
    }
  };
  visit(simulationSettingsRules as Readonly<Record<string, SettingRule>>);
  return result;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The Markdown page: one section per settings class, with a table of its fields (path, default, meaning). */
export function renderSettingsPage(classes: Map<string, SettingsClass> = readSettingsClasses(), settings: object = new SimulationSettings()): string {
  const values = new Map(settingsLeaves(settings).map((leaf) => [leaf.path, leaf.value]));
  const paths = classPaths(classes);
  const rules = rulesByClass();
  const parts = [
    '---',
    'title: Simulation settings reference',
    '---',
    '',
    '# Simulation settings reference',
    '',
    'Every field of `SimulationSettings` (Exudyn\'s `exu.SimulationSettings`, same names and defaults), generated by',
    '`scripts/generateSettingsDocs.ts` from `src/solvers/SimulationSettings.ts`: defaults from a new `SimulationSettings()`,',
    'meanings from the doc comments. Set them on the object before solving, e.g.',
    '`settings.timeIntegration.newton.relativeTolerance = 1e-10`. The [solvers guide](../solvers.md) explains which',
    'solver reads which settings.',
    '',
  ];
  for (const [className, classPathList] of paths) {
    const settingsClass = classes.get(className);
    if (settingsClass === undefined) throw new Error(`generateSettingsDocs: class ${className} not found in SimulationSettings.ts`);
    const first = classPathList[0];
    const where = first === '' ? 'the settings object itself' : classPathList.map((path) => `\`${path}\``).join(', ');
    parts.push(`## ${className}`, '', `${settingsClass.description} At ${where}.`, '', '| Field | Default | Meaning | Accepts |', '| --- | --- | --- | --- |');
    for (const field of settingsClass.fields) {
      if (field.description === '') throw new Error(`generateSettingsDocs: ${className}.${field.name} has no doc comment`);
      const fullPath = first === '' ? field.name : `${first}.${field.name}`;
      if (field.nestedClass !== undefined) {
        parts.push(`| \`${field.name}\` | a ${field.nestedClass} | ${cell(field.description)} See [${field.nestedClass}](#${field.nestedClass.toLowerCase()}). | |`);
        continue;
      }
      if (!values.has(fullPath)) throw new Error(`generateSettingsDocs: ${fullPath} is declared but not present on a new SimulationSettings()`);
      for (const path of classPathList.slice(1)) {
        if (!Object.is(values.get(`${path}.${field.name}`), values.get(fullPath))) {
          throw new Error(`generateSettingsDocs: ${path}.${field.name} and ${fullPath} have different defaults; the table lists one per class`);
        }
      }
      const rule = rules.get(className)?.[field.name];
      parts.push(`| \`${field.name}\` | \`${formatSettingValue(values.get(fullPath))}\` | ${cell(field.description)} | ${rule === undefined ? '' : cell(describeSettingRule(rule))} |`);
    }
    parts.push('');
  }
  return parts.join('\n');
}

/** Writes the settings reference to a file; returns its path. */
export function writeSettingsDocs(file = 'docs/reference/SimulationSettings.md'): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderSettingsPage());
  return file;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const written = writeSettingsDocs(process.argv[2]);
  console.log(`generateSettingsDocs: wrote ${written}`);
}
