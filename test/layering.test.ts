import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The layering of src/ as docs/architecture.md states it (design.md's order): every import points downward, and
 * no files or top-level folders import each other in a cycle. An `import type`, an `export … from` and a dynamic
 * import() count as imports. Files directly under src/ other than MainSystem.ts are entry points (index.ts, the Node
 * entry node.ts, cli.ts) and sit at the top.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

/** The layers from the top; a name ending in '/' is a folder of src/, else a file directly under src/. */
const layers: readonly (readonly string[])[] = [
  ['<entry>', 'live/'],
  ['viewer/', 'studies/'],
  ['MainSystem.ts'],
  ['builders/'],
  ['solvers/'],
  ['model/'],
  ['items/', 'contact/'],
  ['registry/'],
  ['fem/'],
  ['rods/', 'rotations/', 'graphics/', 'io/', 'analysis/'],
  ['linalg/'],
  ['core/'],
];

/** The unit a file belongs to: its top-level folder ('viewer/'), MainSystem.ts, or '<entry>' for other files directly under src/. */
function unitOf(file: string): string {
  const slash = file.indexOf('/');
  if (slash >= 0) return file.slice(0, slash + 1);
  return file === 'MainSystem.ts' ? 'MainSystem.ts' : '<entry>';
}

/** Layer index of a unit (0 = top), undefined for a folder missing from the order. */
function levelOf(unit: string): number | undefined {
  const level = layers.findIndex((layer) => layer.includes(unit));
  return level < 0 ? undefined : level;
}

function sourceFiles(directory: string, out: string[] = []): string[] {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|js|mjs)$/.test(entry)) out.push(path);
  }
  return out;
}

/** The file a relative specifier resolves to (the .ts source of a '.js' specifier, an index.ts of a folder). */
function resolveImport(from: string, specifier: string): string | undefined {
  const target = resolve(dirname(from), specifier);
  const candidates = [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, join(target, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

interface ImportEdge {
  readonly from: string;
  readonly to: string;
}

/** All relative imports of the files in src/ (paths relative to src/); non-relative ones are packages. */
function importEdges(): { files: string[]; edges: ImportEdge[]; unresolved: string[] } {
  const files = sourceFiles(src);
  const edges: ImportEdge[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const imported of info.importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = resolveImport(file, imported.fileName);
      if (target === undefined) unresolved.push(`${relative(src, file)} imports '${imported.fileName}', which does not exist`);
      else edges.push({ from: relative(src, file), to: relative(src, target) });
    }
  }
  return { files: files.map((f) => relative(src, f)), edges, unresolved };
}

/** Strongly connected components with more than one member (Tarjan), each as a list of nodes. */
function cycles(nodes: readonly string[], adjacency: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), onStack = new Set<string>(), stack: string[] = [];
  const result: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of adjacency.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) result.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return result;
}

/** The edges inside one strongly connected component, to show how the cycle closes. */
function edgesWithin(component: readonly string[], edges: readonly ImportEdge[], key: (file: string) => string): string[] {
  const members = new Set(component);
  return edges.filter((e) => key(e.from) !== key(e.to) && members.has(key(e.from)) && members.has(key(e.to))).map((e) => `${e.from} → ${e.to}`);
}

const { files, edges, unresolved } = importEdges();

describe('layering of src/', () => {
  it('reads a real import graph', () => {
    // guards against a parser that finds nothing (the checks below would then pass trivially)
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: 'MainSystem.ts', to: 'builders/builderSink.ts' }); // an `import type`
    expect(edges).toContainEqual({ from: 'index.ts', to: 'builders/bodies.ts' }); // an `export … from`
    expect(unresolved, unresolved.join('\n')).toEqual([]);
  });

  it('every top-level folder of src/ has a place in the layer order', () => {
    const missing = [...new Set(files.map(unitOf))].filter((unit) => levelOf(unit) === undefined);
    expect(missing, `folders without a layer (add them to test/layering.test.ts and docs/architecture.md): ${missing.join(', ')}`).toEqual([]);
  });

  it('imports point downward only (design.md: entries → viewer, studies → MainSystem → builders → solvers → model → items → registry → fem → rods/rotations/graphics/io → linalg → core)', () => {
    const upward = edges
      .filter((e) => unitOf(e.from) !== unitOf(e.to) && (levelOf(unitOf(e.to)) ?? Infinity) < (levelOf(unitOf(e.from)) ?? -1))
      .map((e) => `${e.from} → ${e.to} (${unitOf(e.from)} is below ${unitOf(e.to)})`);
    expect(upward, `upward imports:\n${upward.join('\n')}`).toEqual([]);
  });

  it('no files import each other in a cycle', () => {
    const adjacency = new Map<string, Set<string>>();
    for (const e of edges) adjacency.set(e.from, (adjacency.get(e.from) ?? new Set()).add(e.to));
    const found = cycles(files, adjacency);
    const report = found.map((c) => `${c.join(', ')}:\n  ${edgesWithin(c, edges, (f) => f).join('\n  ')}`);
    expect(found, `file cycles:\n${report.join('\n')}`).toEqual([]);
  });

  it('no top-level folders import each other in a cycle (same-layer neighbours included)', () => {
    const adjacency = new Map<string, Set<string>>();
    for (const e of edges) {
      const a = unitOf(e.from), b = unitOf(e.to);
      if (a !== b) adjacency.set(a, (adjacency.get(a) ?? new Set()).add(b));
    }
    const found = cycles([...new Set(files.map(unitOf))], adjacency);
    const report = found.map((c) => `${c.join(', ')}:\n  ${edgesWithin(c, edges, unitOf).join('\n  ')}`);
    expect(found, `folder cycles:\n${report.join('\n')}`).toEqual([]);
  });

  it('layers above MainSystem read the system through its public accessors, not the compiled model', () => {
    // mbs.assembledItems(), stateOf(), getObject() … instead of mbs.compiled(): the compiled model is the solvers' view
    const above = files.filter((f) => (levelOf(unitOf(f)) ?? Infinity) < (levelOf('MainSystem.ts') as number));
    const reaching = above.filter((f) => /\.compiled\(\)/.test(readFileSync(join(src, f), 'utf8')));
    expect(reaching, `files above MainSystem that call compiled(): ${reaching.join(', ')}`).toEqual([]);
  });

  it('docs/architecture.md names every top-level folder of src/ and the layer order of this test', () => {
    const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const folders = [...new Set(files.map(unitOf))].filter((unit) => unit.endsWith('/'));
    const unnamed = folders.filter((folder) => !text.includes(`\`${folder}\``));
    expect(unnamed, `folders of src/ that docs/architecture.md does not name (as \`folder/\`): ${unnamed.join(', ')}`).toEqual([]);
    // the order line of the architecture page lists the layers of this test, top to bottom (folders and MainSystem.ts;
    // the entry files are named beside them in prose)
    const order = layers.map((layer) => layer.filter((unit) => unit !== '<entry>').sort().join(' '));
    const line = text.split('\n').find((l) => l.startsWith('Layer order:'));
    expect(line, 'docs/architecture.md must have a line starting with "Layer order:"').toBeDefined();
    const stated = line!.slice('Layer order:'.length).split('→')
      .map((segment) => segment.replace(/[`,()]/g, ' ').trim().split(/\s+/).map((w) => w.replace(/\.$/, '')).filter((w) => w.endsWith('/') || w === 'MainSystem.ts').sort().join(' '));
    expect(stated, `the "Layer order:" line of docs/architecture.md, segments between arrows`).toEqual(order);
  });
});
