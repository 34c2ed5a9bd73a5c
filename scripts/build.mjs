#!/usr/bin/env node
/**
 * `npm run build`: type-checks src/ and writes its declaration files into dist/ (tsc, doc comments kept),
 * then the ES modules with source maps (each file transpiled on its own, which `isolatedModules` makes
 * equivalent, without comments: the documentation lives in the .d.ts files, and the engine-only install
 * stays small); rewrites the `.ts` import paths that declaration files keep to `.js`, copies the viewer
 * page's static files, and writes the generated item dictionary types (dist/registry/itemDictionaries.d.ts)
 * from the item registry of the compiled engine; compiles the test models as scripts of the package (dist/testModels/,
 * not packed); finally bundles the entry points (esbuild, shared chunks in dist/chunks/) for a fast cold start, and the
 * whole engine once more as one script for Node with V8's code cache (dist/script/), and removes the per-file modules.
 * Plain JavaScript, so that `prepare` runs it without tsx.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';
import { build as esbuild } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
/**
 * The test models (dist/testModels/) that the process writing the code cache runs before it writes it: V8's cache of a
 * script holds the bytecode of every function compiled so far, so the functions that a model's solve compiles lazily
 * (≈ 1 060 of them for a rigid-body model, each parsed and compiled from the source on its first call) come from the
 * cache too. heavyTop (rigid bodies in Euler parameters and Rxyz, coordinate constraints, a force, generalized-α, the
 * solution file) covers the shared path of items added by dictionary; mainSystemExtensionsTests covers the create…
 * helpers (mass points, rigid bodies, spring-dampers, joints, distance constraints, loads: the builders, their reference
 * outputs and the connector and joint models) and the linearization, eigenvalue and degree-of-freedom analyses, which
 * 41 of the 100 test models use; PARTS_ATEs_moving the sparse LU (analysis, ordering, factorization, refactorization) of
 * larger systems and the 2D rigid bodies and joints. Lazily compiled functions of the script (V8's function events, cache
 * written under the same flags), heavyTop alone → heavyTop and mainSystemExtensionsTests: mainSystemExtensionsTests
 * 349 → 0, rigidBodyCOMtest 171 → 34, revoluteJointPrismaticJointTest 138 → 25, sliderCrank3Dtest 108 → 2,
 * PARTS_ATEs_moving 219 → 109 (→ 0 with it), sphericalJointTest 53 → 3 (docs/decisions.md, "Cold start: a code cache
 * trained on a model" and "Code cache trained on the create… helpers too"; docs/benchmarks.md, setup25). The three
 * grow the cache by ≈ 52 % (1.127 MB with heavyTop alone, 1.336 MB).
 */
const codeCacheTraining = ['heavyTop', 'mainSystemExtensionsTests', 'PARTS_ATEs_moving'];

// a fresh dist/, except the live page that `npm run build:live` writes into dist/live
if (existsSync(dist)) {
  for (const entry of readdirSync(dist)) if (entry !== 'live') rmSync(join(dist, entry), { recursive: true, force: true });
}
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--emitDeclarationOnly'], { stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error('build: tsc failed');
  process.exit(compiled.status ?? 1);
}

/** The JavaScript of every source file, with its source map (sources: the file in src/). */
function transpileAll(sourceFolder, options) {
  for (const entry of readdirSync(sourceFolder, { withFileTypes: true })) {
    const source = join(sourceFolder, entry.name);
    if (entry.isDirectory()) { transpileAll(source, options); continue; }
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
    const target = join(dist, relative(join(root, 'src'), source)).replace(/\.ts$/, '.js');
    const { outputText, sourceMapText, diagnostics } = ts.transpileModule(readFileSync(source, 'utf8'), { compilerOptions: options, fileName: source, reportDiagnostics: true });
    if (diagnostics.length > 0) throw new Error(`build: ${source}: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n')}`);
    const map = JSON.parse(sourceMapText);
    map.file = basename(target);
    map.sources = [relative(dirname(target), source).split(sep).join('/')];
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
    writeFileSync(`${target}.map`, JSON.stringify(map));
  }
}
const configFile = ts.readConfigFile(join(root, 'tsconfig.build.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
// each file alone as an ES module (the package is "type": "module", which NodeNext would read from package.json)
const { rootDir: _rootDir, outDir: _outDir, ...fileOptions } = options;
transpileAll(join(root, 'src'), {
  ...fileOptions, module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler, removeComments: true,
  declaration: false, noEmit: false, emitDeclarationOnly: false,
});

/**
 * The ported Exudyn test models as model scripts of the compiled package (dist/testModels/, not packed): their imports
 * of the sources become the package's own entries (`flexdyn`, `flexdyn/node`, resolved through package.json's exports
 * to dist/), so `node dist/testModels/runTestModel.js <name>` runs one model from compiled JavaScript in a fresh process.
 */
function transpileTestModels(options) {
  const folder = join(root, 'testModels');
  const target = join(dist, 'testModels');
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.ts') || name.endsWith('.d.ts')) continue;
    const source = readFileSync(join(folder, name), 'utf8')
      .replace(/(['"])\.\.\/src\/index\.ts\1/g, "'flexdyn'").replace(/(['"])\.\.\/src\/node\.ts\1/g, "'flexdyn/node'");
    if (/['"]\.\.\/src\//.test(source)) throw new Error(`build: testModels/${name} imports from src/ beside the package entries`);
    const { outputText, diagnostics } = ts.transpileModule(source, { compilerOptions: options, fileName: join(folder, name), reportDiagnostics: true });
    if (diagnostics.length > 0) throw new Error(`build: testModels/${name}: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n')}`);
    writeFileSync(join(target, name.replace(/\.ts$/, '.js')), outputText);
  }
}
transpileTestModels({ ...fileOptions, module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler, removeComments: true, sourceMap: false, declaration: false, noEmit: false, emitDeclarationOnly: false });

/** Declaration files keep the sources' `.ts` specifiers (TypeScript rewrites them in .js only). */
function rewriteDeclarationImports(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) rewriteDeclarationImports(path);
    else if (entry.name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const rewritten = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1$2.js$3');
      if (rewritten !== text) writeFileSync(path, rewritten);
    }
  }
}
rewriteDeclarationImports(dist);

const client = join(root, 'src', 'viewer', 'client');
if (existsSync(client)) cpSync(client, join(dist, 'viewer', 'client'), { recursive: true });

const { writeItemDictionaryTypes } = await import(pathToFileURL(join(root, 'scripts', 'itemDictionaryTypes.mjs')).href);
await writeItemDictionaryTypes(dist);

/**
 * The entry points as bundles (esbuild, code splitting): each entry of package.json's exports and the CLI becomes one
 * file plus the chunks it shares with the others (dist/chunks/, one instance of every module across the entries), so
 * that `import('flexdyn')` loads a handful of files instead of ~250 modules, each resolved, read and linked by Node's
 * ESM loader on its own (cold start, docs/benchmarks.md). The code is the per-file output above, concatenated, not
 * recompiled (target esnext: nothing lowered); source maps compose with the per-file ones and point at src/.
 * Dependencies stay imports. The per-file modules are removed afterwards (the declaration files stay per file).
 */
const entries = { index: 'index.js', node: 'node.js', 'viewer/index': 'viewer/index.js', 'studies/index': 'studies/index.js', cli: 'cli.js' };
const bundled = join(root, 'dist-bundle');
rmSync(bundled, { recursive: true, force: true });
/**
 * The array libraries as the package's subpath imports (`#ml-matrix`, package.json "imports"): Node itself (condition
 * `node-addons`, which bundlers do not set) loads them through the modules of dist/dependencies/, which `require` them;
 * everything else (bundlers for the browser or for Node, `--no-addons`) gets the package itself. Importing a CommonJS
 * package from an ES module makes Node scan its whole source for export names first (cjs-module-lexer, ≈ 45 ms of CPU
 * for ml-matrix's 150 kB in a fresh process, docs/benchmarks.md "Cold start, session 9"); `require` does not scan.
 * The objects are the same (one CommonJS module cache), so a user's own `import { Matrix } from 'ml-matrix'` gets our
 * class. ndarray-ops, which compiles its operations when it loads, is loaded on the first call of one of its functions.
 */
const nodeRequiredDependencies = { 'ml-matrix': 'eager', ndarray: 'eager', 'ndarray-ops': 'lazy' };
const dependencyImports = {
  name: 'dependency-imports',
  setup(build) {
    const names = Object.keys(nodeRequiredDependencies).map((name) => name.replace(/[-]/g, '\\-')).join('|');
    build.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) => ({ path: `#${args.path}`, external: true }));
  },
};
await esbuild({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(dist, file)])),
  outdir: bundled, bundle: true, splitting: true, format: 'esm', platform: 'neutral', target: 'esnext',
  packages: 'external', external: ['node:*'], chunkNames: 'chunks/[name]-[hash]', sourcemap: true, sourcesContent: false, logLevel: 'warning',
  plugins: [dependencyImports],
});
/** Folders of dist/ whose .js files are no per-file modules: the viewer page's scripts, the live page, the test models. */
const keptFolders = new Set(['viewer/client', 'live', 'testModels'].map((folder) => join(dist, folder)));
/** Every per-file module (.js and its map) below folder. */
function removeModules(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) { if (!keptFolders.has(path)) removeModules(path); }
    else if (entry.name.endsWith('.js') || entry.name.endsWith('.js.map')) rmSync(path);
  }
}
const entryNamespaces = await buildEngineScript();
removeModules(dist);
cpSync(bundled, dist, { recursive: true });
rmSync(bundled, { recursive: true, force: true });
await writeDependencyModules();
await writeEngineScriptEntries(entryNamespaces);
/** The names each bundle file imports from `#name` (import clauses of the bundled output), in the bundles below folder. */
function importedNames(dependency, folder = dist) {
  const names = new Set();
  const specifier = JSON.stringify(`#${dependency}`);
  const scan = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) { if (!keptFolders.has(path)) scan(path); continue; }
      if (!entry.name.endsWith('.js')) continue;
      for (const [, clause] of readFileSync(path, 'utf8').matchAll(new RegExp(`^import\\s+([^;]*?)\\s+from\\s+${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')};$`, 'gm'))) {
        const braces = /\{([^}]*)\}/.exec(clause);
        const defaultPart = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim();
        if (defaultPart.startsWith('*')) throw new Error(`build: a namespace import of ${dependency} (${path}); import its names`);
        if (defaultPart !== '') names.add('default');
        for (const part of (braces?.[1] ?? '').split(',')) if (part.trim() !== '') names.add(part.trim().split(/\s+as\s+/)[0]);
      }
    }
  };
  scan(folder);
  return names;
}

/**
 * dist/dependencies/<name>.js for each of nodeRequiredDependencies (Node's target of `#<name>`): the names the bundles
 * import, each checked to be the very object that `import(name)` gives Node (or, loaded lazily, a function forwarding
 * to it).
 */
async function writeDependencyModules() {
  const folder = join(dist, 'dependencies');
  mkdirSync(folder, { recursive: true });
  const require = createRequire(join(root, 'package.json'));
  for (const [dependency, loading] of Object.entries(nodeRequiredDependencies)) {
    const names = [...importedNames(dependency)].sort();
    const required = require(dependency);
    const namespace = await import(dependency);
    const lines = [
      `// Generated by scripts/build.mjs: ${dependency} for Node, loaded through require (no export scan of its CommonJS source)${loading === 'lazy' ? ' on the first call' : ''}.`,
      "import { createRequire } from 'node:module';",
    ];
    if (loading === 'eager') {
      lines.push(`const dependency = createRequire(import.meta.url)(${JSON.stringify(dependency)});`);
      for (const name of names) {
        if (name === 'default') {
          if (namespace.default !== required) throw new Error(`build: ${dependency}'s default export is not its module.exports`);
          lines.push('export default dependency;');
        } else {
          if (namespace[name] === undefined || namespace[name] !== required[name]) throw new Error(`build: ${dependency}.${name} differs between import and require`);
          lines.push(`export const ${name} = dependency.${name};`);
        }
      }
    } else {
      lines.push('let dependency;', `const load = () => dependency ??= createRequire(import.meta.url)(${JSON.stringify(dependency)});`);
      for (const name of names) {
        if (typeof namespace[name] !== 'function' || namespace[name] !== required[name] || name === 'default') throw new Error(`build: ${dependency}.${name}: only functions load lazily`);
        lines.push(`export function ${name}(...args) { return load().${name}(...args); }`);
      }
    }
    writeFileSync(join(folder, `${dependency}.js`), lines.join('\n') + '\n');
  }
}

/**
 * The engine for Node as one classic script with V8's code cache (docs/decisions.md, "Cold start: the engine as one
 * script with a code cache"): Node 20 compiles every ES module from its source in every process (≈ 40 ms for the 1.8 MB
 * main chunk) and keeps no code cache for modules; a script compiled through node:vm takes V8's cached data. The entries
 * `flexdyn`, `flexdyn/node`, `flexdyn/viewer` and `flexdyn/studies` under Node (package.json condition `node-addons`,
 * which bundlers do not set, as for the array libraries above) are small ES modules in dist/script/ that re-export the
 * namespaces of one script, dist/script/script.js: the per-file modules of above, bundled by esbuild as CommonJS (the
 * same code; one instance of every module for all four entries) inside a strict function that receives `require`, the
 * module URL and `import()` from the loader, dist/script/load.js. flexdyn/node's one statement with an effect, installing
 * Node's file system, runs in its entry module, so that importing `flexdyn` alone keeps files in memory as before.
 * The array libraries and the Node built-ins beyond those Node loads at start are required on first use
 * (deferredRequireTable): a typical model never loads ml-matrix (≈ 14 ms CPU), ndarray, ndarray-ops (cwise compiles all
 * its operations), node:http (the viewer server), node:net, node:crypto (the queue) or node:os (the thread pool).
 * The code cache (dist/script/code-cache-<V8 version>-<arch>.bin) is written after the script has loaded and run a test
 * model (codeCacheTraining) in a fresh process of this Node; another V8 version finds no file of its name and compiles the script as before. The script has no
 * source map (Node applies none to code compiled by node:vm): `node --conditions=flexdyn-modules --enable-source-maps`
 * selects the ES-module bundles, whose stack traces point at src/. Returns the export names of the entries' arrays of values
 * (namespacesAsValues), which the entry modules read by position.
 */
async function buildEngineScript() {
  const folder = join(bundled, 'script');
  mkdirSync(folder, { recursive: true });
  const nodeSource = readFileSync(join(dist, 'node.js'), 'utf8');
  const installStatement = 'installFileSystem(nodeFileSystem);';
  if (nodeSource.split(installStatement).length !== 2) throw new Error(`build: dist/node.js must hold '${installStatement}' once (the engine script runs it from flexdyn/node's entry)`);
  const virtualModules = {
    /** flexdyn/node's exports without its effect, plus installFileSystem for its entry module to call. */
    'flexdyn-node-exports': { contents: nodeSource.replace(installStatement, 'export { installFileSystem };'), resolveDir: dist },
  };
  const result = await esbuild({
    stdin: {
      contents: ["export * as index from './index.js';", "export * as viewer from './viewer/index.js';",
        "export * as studies from './studies/index.js';", "export * as node from 'flexdyn-node-exports';"].join('\n'),
      resolveDir: dist, sourcefile: 'script-entry.js', loader: 'js',
    },
    absWorkingDir: root, outfile: join(folder, 'script.js'), write: false, metafile: true, bundle: true, format: 'cjs', platform: 'node',
    target: 'esnext', packages: 'external', logLevel: 'warning',
    define: { 'import.meta.url': '__moduleUrl', 'import.meta.resolve': '__resolve' },
    banner: { js: '(function (exports, require, module, __moduleUrl, __resolve, __import) {\n"use strict";' },
    footer: { js: '})' },
    plugins: [{
      name: 'engine-script-modules',
      setup(build) {
        build.onResolve({ filter: /^flexdyn-node-exports$/ }, (args) => ({ path: args.path, namespace: 'engine-script' }));
        build.onLoad({ filter: /.*/, namespace: 'engine-script' }, (args) => ({ ...virtualModules[args.path], loader: 'js' }));
      },
    }],
  });
  /** The export names of each entry's namespace in the order of its array of values (namespacesAsValues). */
  let entryNamespaces;
  const dynamicImport = /(?<![\w$.'"`])import\(/g;
  const dynamicImports = Object.keys(result.metafile.inputs).filter((input) => !input.includes(':') && existsSync(join(root, input)))
    .reduce((count, input) => count + (readFileSync(join(root, input), 'utf8').match(dynamicImport)?.length ?? 0), 0);
  for (const output of result.outputFiles) {
    let text = output.text;
    if (output.path.endsWith('.js')) {
      // import() of a package or a user's module goes through the loader's import() (a script compiled by node:vm has none)
      const found = text.match(dynamicImport)?.length ?? 0;
      if (found !== dynamicImports) throw new Error(`build: the engine script has ${found} import( but its modules ${dynamicImports} dynamic imports`);
      text = text.replace(dynamicImport, '__import(');
      if (/\bimport\.meta\b/.test(text)) throw new Error('build: the engine script still uses import.meta');
      if (/[^\x00-\x7f]/.test(text)) throw new Error('build: the engine script must be ASCII (its loader reads it as Latin-1)');
      const namespaces = namespacesAsValues(text);
      entryNamespaces = namespaces.entryNamespaces;
      text = withoutIndentation(namespaces.text);
    }
    writeFileSync(output.path, text);
  }
  if (entryNamespaces === undefined) throw new Error('build: esbuild wrote no engine script');
  return entryNamespaces;
}

/**
 * The engine script without the spaces that start its lines (≈ 210 kB of 2.2 MB): every fresh process reads the script
 * into a Buffer and copies it into a string, two blocks of fresh memory, and on the side-by-side machine a fresh page
 * costs ≈ 12 µs (≈ 3 ms per MB; docs/benchmarks.md, cold20). Every line stays where it is (stack traces name script.js's
 * lines); the lines inside a template literal that spans lines keep their spaces (they are part of its value).
 */
function withoutIndentation(text) {
  const source = ts.createSourceFile('script.js', text, ts.ScriptTarget.ESNext, false, ts.ScriptKind.JS);
  if (source.parseDiagnostics.length > 0) throw new Error(`build: the engine script does not parse: ${source.parseDiagnostics[0].messageText}`);
  /** [start, end) of the template literals that span lines, in order. */
  const templates = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral || node.kind === ts.SyntaxKind.TemplateExpression) {
      const start = node.getStart(source);
      if (text.slice(start, node.end).includes('\n')) templates.push([start, node.end]);
      return; // a template nested in this one's expressions lies inside its range
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let next = 0;
  return text.replace(/^[ \t]+/gm, (indentation, at) => {
    while (next < templates.length && templates[next][1] <= at) next++;
    return next < templates.length && templates[next][0] < at ? indentation : '';
  });
}

/**
 * The engine script's namespaces as plain values, filled once at the end of the script, in place of esbuild's
 * `__export(ns, { name: () => local, … })` at their module's start: one getter closure and one defineProperty per name
 * (≈ 750 in all) cost ≈ 0.6 MB of new-space allocation and CPU at every import, and their compiled getters 11 % of the
 * code cache (docs/benchmarks.md, imp19). A namespace that is a value of another (index's graphics) becomes a frozen
 * object (assigning to a name fails as it did for a getter without setter). The entries' namespaces (index, node,
 * viewer, studies) become arrays of their values in the order of their names, and the script exports the object
 * `{ index, node, viewer, studies }` of those arrays: an object literal of ≈ 350 computed values is built in dictionary
 * mode, one runtime call per property (≈ 0.16 ms each for index and node, every fresh process), an array of them in one
 * step; the entry modules take each value by its position (writeEngineScriptEntries, with the names returned here), and
 * esbuild's getters of the entry object (`__toCommonJS`, ≈ 0.09 ms at its first use) are gone. The values are the same:
 * every namespace is read only through another namespace's getter or the entries after the script has run (the build
 * checks that no other code names it), and the entries' `export const` takes each value once anyway.
 */
function namespacesAsValues(text) {
  const block = /^__export\(([\w$]+), \{\n((?: {2}[\w$]+: \(\) => [\w$]+,?\n)*)\}\);\n/gm;
  const entryObject = 'script_entry_exports';
  const namespaces = new Map();
  let entries;
  const converted = text.replace(block, (whole, namespace, body) => {
    const pairs = [...body.matchAll(/^ {2}([\w$]+): \(\) => ([\w$]+)/gm)].map(([, name, local]) => [name, local]);
    if (namespace === entryObject) {
      entries = pairs;
      return '';
    }
    namespaces.set(namespace, pairs);
    const uses = text.match(new RegExp(`(?<![\\w$])${namespace.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')).length;
    const lazyUses = text.match(new RegExp(`\\(\\) => ${namespace.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))?.length ?? 0;
    // `var ns = {};`, the __export line, and otherwise only getters of other namespaces
    if (!text.includes(`\nvar ${namespace} = {};\n`) || uses !== 2 + lazyUses) throw new Error(`build: the engine script's namespace ${namespace} is used other than through getters`);
    return '';
  });
  if (/^__export\(/m.test(converted)) throw new Error('build: an __export of the engine script has another form than name: () => local');
  // esbuild's entry object: `var script_entry_exports = {};`, its __export, `module.exports = __toCommonJS(script_entry_exports);`
  const entryLines = [`var ${entryObject} = {};\n`, `module.exports = __toCommonJS(${entryObject});\n`];
  if (entries === undefined || entryLines.some((line) => converted.split(line).length !== 2)
    || converted.split(new RegExp(`(?<![\\w$])${entryObject}(?![\\w$])`)).length !== 3) {
    throw new Error(`build: the engine script's ${entryObject} is not esbuild's entry object as expected`);
  }
  const entryNamespaces = {};
  for (const [entry, namespace] of entries) {
    if (!namespaces.has(namespace) || [...namespaces.values()].some((pairs) => pairs.some(([, local]) => local === namespace))) {
      throw new Error(`build: the engine script's entry ${entry} is not a namespace of its own`);
    }
    entryNamespaces[entry] = namespaces.get(namespace).map(([name]) => name);
  }
  const entryNamespaceLocals = new Set(entries.map(([, namespace]) => namespace));
  // a namespace that holds another (index's graphics) is filled after it
  const filled = [];
  while (namespaces.size > 0) {
    const ready = [...namespaces].find(([, pairs]) => pairs.every(([, local]) => !namespaces.has(local)));
    if (ready === undefined) throw new Error('build: the engine script\'s namespaces hold each other');
    const [namespace, pairs] = ready;
    filled.push(entryNamespaceLocals.has(namespace)
      ? `${namespace} = [${pairs.map(([, local]) => local).join(', ')}];`
      : `${namespace} = Object.freeze({ ${pairs.map(([name, local]) => (name === local ? name : `${name}: ${local}`)).join(', ')} });`);
    namespaces.delete(namespace);
  }
  filled.push(`module.exports = { ${entries.map(([entry, namespace]) => `${entry}: ${namespace}`).join(', ')} };`);
  const withoutEntryObject = entryLines.reduce((result, line) => result.replace(line, ''), converted);
  const footer = withoutEntryObject.lastIndexOf('\n})');
  if (footer < 0 || withoutEntryObject.slice(footer) !== '\n})\n') throw new Error('build: the engine script must end with its function\'s closing `})`');
  return { text: `${withoutEntryObject.slice(0, footer)}\n${filled.join('\n')}${withoutEntryObject.slice(footer)}`, entryNamespaces };
}

/**
 * For each package or built-in of deferredRequires that the script requires: the names it reads (`var import_x = require("id")`, then only
 * `import_x.name`), or 'function' for a default import that is only called (`__toESM(require("id"), 1)`, then only
 * `import_x.default`, and the package is a function). Any other use fails the build, as it would need the module itself.
 */
function deferredRequireTable(script) {
  /** What the engine script requires on first use (the comment on buildEngineScript). */
  const deferredRequires = ['ml-matrix', 'ndarray', 'ndarray-ops', 'node:http', 'node:net', 'node:crypto', 'node:os'];
  const table = {};
  const require = createRequire(join(root, 'package.json'));
  for (const id of deferredRequires) {
    const pattern = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const all = script.match(new RegExp(`require\\("${pattern}"\\)`, 'g'))?.length ?? 0;
    if (all === 0) continue;
    const declarations = [...script.matchAll(new RegExp(`^var (import_[\\w$]+) = (__toESM\\()?require\\("${pattern}"\\)(, 1\\))?;$`, 'gm'))];
    if (declarations.length !== all) throw new Error(`build: the engine script requires ${id} other than as \`var import_x = require("${id}")\` (it is required on first use)`);
    const names = new Set();
    let called = false;
    for (const [, variable, toESM] of declarations) {
      const uses = [...script.matchAll(new RegExp(`\\b${variable.replace(/\$/g, '\\$')}\\b(\\.([\\w$]+))?`, 'g'))].slice(1);
      for (const [use, , name] of uses) {
        if (name === undefined) throw new Error(`build: the engine script uses ${variable} (${id}) other than by a name: ${use}`);
        if (toESM !== undefined) {
          if (name !== 'default' || typeof require(id) !== 'function') throw new Error(`build: ${id} is imported by default and read as .${name}; only a called function is required on first use`);
          called = true;
        } else names.add(name);
      }
    }
    if (called && names.size > 0) throw new Error(`build: ${id} is both called and read by name in the engine script`);
    table[id] = called ? 'function' : [...names].sort();
  }
  return table;
}

/**
 * dist/script/load.js (the loader) and the entry modules dist/script/{index,node,viewer,studies}.js: each exports the
 * very names of its ES-module bundle (read from the bundles just written), taken by position from the script's namespace
 * arrays (entryNamespaces: the names of each array's values in order, from buildEngineScript). Then a fresh Node process
 * runs the script and the models of codeCacheTraining, and writes the code cache.
 */
async function writeEngineScriptEntries(entryNamespaces) {
  const folder = join(dist, 'script');
  const script = readFileSync(join(folder, 'script.js'), 'utf8');
  const deferred = deferredRequireTable(script);
  const scriptBytes = Buffer.byteLength(script, 'latin1');
  writeFileSync(join(folder, 'load.js'), `// Generated by scripts/build.mjs: runs script.js (the engine as one classic script) for Node with V8's code cache.
import { createRequire } from 'node:module';

// Node's built-ins through process.getBuiltinModule (Node ≥ 20.16) or require, not \`import\`: an ES import of a built-in
// builds its module facade, which for node:fs reads every export, fs.promises too (≈ 3–4 ms of a fresh process;
// docs/benchmarks.md, cold20); createRequire's require (Module._load and the helpers it compiles at their first call in
// every process, ≈ 0.3–0.5 ms) serves the packages, created on the first one the engine requires
let packageRequire;
/** A built-in or a package, as \`require\` gives it. */
function require(id) {
  if (process.getBuiltinModule !== undefined && id.startsWith('node:')) return process.getBuiltinModule(id);
  packageRequire ??= createRequire(import.meta.url);
  return packageRequire(id);
}
const { closeSync, fstatSync, openSync, readSync } = require('node:fs');
const { fileURLToPath } = require('node:url');
const { Script } = require('node:vm');

/** Reads the file from its start into \`buffer\` until the file's end or the buffer's; the number of bytes read. */
function readUntilEnd(fd, buffer) {
  let read = 0;
  while (read < buffer.length) {
    const n = readSync(fd, buffer, read, buffer.length - read, read);
    if (n === 0) break;
    read += n;
  }
  return read;
}
/**
 * The file's bytes, read into \`into\`; a file that fills \`into\` is read again into a Buffer of its size. No fstat
 * otherwise: Node compiles a dozen functions for its Stats at their first use (≈ 0.1 ms of every fresh process).
 */
function readInto(url, into) {
  const fd = openSync(url, 'r');
  try {
    const read = readUntilEnd(fd, into);
    if (read < into.length) return into.subarray(0, read);
    const buffer = Buffer.allocUnsafeSlow(fstatSync(fd).size);
    return buffer.subarray(0, readUntilEnd(fd, buffer));
  } finally {
    closeSync(fd);
  }
}
const file = fileURLToPath(new URL('./script.js', import.meta.url));
/** The script compiled with V8's code cache of this V8 if there is one, and whether there was one. */
function compileScript() {
  // the script is ASCII (the build checks): read as Latin-1, Node's UTF-8 decoding takes ≈ 10 ms more CPU for 2 MB
  // one byte more than the build's script.js (${scriptBytes} bytes): all of it fits before the Buffer's end
  const bytes = readInto(file, Buffer.allocUnsafeSlow(${scriptBytes + 1}));
  const source = bytes.toString('latin1');
  // the cache goes into the script's Buffer, which the string has copied: no second block of fresh memory to fault in
  let cachedData;
  try {
    cachedData = readInto(new URL(\`./code-cache-\${process.versions.v8}-\${process.arch}.bin\`, import.meta.url), bytes);
  } catch {
    cachedData = undefined; // another V8 version: compiled from the source
  }
  return { script: new Script(source, { filename: file, cachedData }), cacheGiven: cachedData !== undefined };
}
const { script, cacheGiven } = compileScript();
/** Packages and built-ins required on first use: the names the script reads of each, or 'function' (called only). */
const deferred = ${JSON.stringify(deferred)};
function requireForEngine(id) {
  const names = deferred[id];
  if (names === undefined) return require(id);
  let loaded;
  const load = () => loaded ??= require(id);
  if (names === 'function') return (...args) => load()(...args);
  const exports = {};
  for (const name of names) Object.defineProperty(exports, name, { get: () => load()[name], enumerable: true });
  return exports;
}
const module = { exports: {} };
script.runInThisContext()(module.exports, requireForEngine, module, import.meta.url, (specifier) => import.meta.resolve(specifier), (specifier) => import(specifier));
/** The namespaces of the entries (index, node with installFileSystem, viewer, studies), each the array of its values in the order the build gave its entry module. */
export const engine = module.exports;
/** Whether V8 took the code cache (not with another V8 version or other V8 flags: then the script compiled from source). */
export const codeCacheUsed = cacheGiven && script.cachedDataRejected === false;
/** V8's code cache of the script as it is now (the build writes it after one run). */
export function createCodeCache() {
  return script.createCachedData();
}
`);
  const entries = { index: 'index.js', node: 'node.js', viewer: 'viewer/index.js', studies: 'studies/index.js' };
  const indexExports = await import(pathToFileURL(join(dist, 'index.js')).href);
  for (const [name, bundle] of Object.entries(entries)) {
    const exports = await import(pathToFileURL(join(dist, bundle)).href);
    const names = Object.keys(exports);
    if (names.includes('default')) throw new Error(`build: ${bundle} has a default export; the script entries export names only`);
    // the script's namespace of this entry is the array of its values in the order of entryNamespaces[name]
    const values = 'values';
    if (names.includes(values)) throw new Error(`build: ${bundle} exports ${values}, the name its script entry gives the namespace's values`);
    const position = (key) => {
      const at = entryNamespaces[name].indexOf(key);
      if (at < 0) throw new Error(`build: the engine script's namespace ${name} has no ${key}, which ${bundle} exports`);
      return at;
    };
    const lines = [`// Generated by scripts/build.mjs: ${name === 'index' ? 'flexdyn' : `flexdyn/${name}`} for Node, from the engine script (script.js, loaded by load.js).`,
      "import { engine } from './load.js';", `const ${values} = engine.${name};`];
    if (name === 'node') lines.push(`${values}[${position('installFileSystem')}](${values}[${position('nodeFileSystem')}]);`);
    // flexdyn/node holds every name of flexdyn (the same values) and a few of its own: it re-exports flexdyn's entry, so a
    // process that imports both binds flexdyn's ≈ 340 names once, not twice (≈ 3.5 ms; docs/benchmarks.md, cold20)
    const reexportsIndex = name === 'node' && Object.keys(indexExports).every((key) => key in exports && exports[key] === indexExports[key]);
    if (reexportsIndex) lines.push("export * from './index.js';");
    const own = reexportsIndex ? names.filter((key) => !(key in indexExports)) : names;
    lines.push(`export const ${own.map((key) => `${key} = ${values}[${position(key)}]`).join(', ')};`);
    writeFileSync(join(folder, `${name}.js`), lines.join('\n') + '\n');
  }
  const cacheFile = join(folder, `code-cache-${process.versions.v8}-${process.arch}.bin`);
  const url = (path) => JSON.stringify(pathToFileURL(path).href);
  const training = codeCacheTraining.map((name) => `(await import(${url(join(dist, 'testModels', `${name}.js`))})).${name}.run();`);
  const written = spawnSync(process.execPath, ['--input-type=module', '-e', [
    "import { writeFileSync } from 'node:fs';",
    `const { createCodeCache } = await import(${url(join(folder, 'load.js'))});`,
    `await import(${url(join(folder, 'node.js'))});`,
    `(await import(${url(join(dist, 'testModels', 'scratchDirectory.js'))})).enterScratchDirectory('flexdyn-code-cache-');`,
    ...training,
    `writeFileSync(${JSON.stringify(cacheFile)}, createCodeCache());`,
  ].join('\n')],
  { stdio: ['ignore', 'ignore', 'inherit'] });
  if (written.status !== 0) throw new Error('build: writing the code cache of the engine script failed');
}

console.log(`build: dist/ written`);
