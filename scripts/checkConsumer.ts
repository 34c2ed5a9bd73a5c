/**
 * The consumer checks (`npm test` runs them): Flexdyn as a user gets it from npm.
 *
 * 1. `npm pack` (building dist/ first when it is older than the sources): the tarball holds only
 *    dist/, bin/, README, CHANGELOG, LICENSE and package.json.
 * 2. A fresh project installs the tarball offline (from the tarball and the local npm cache, with a
 *    lockfile taken from this repository's): only the runtime dependencies come along (under 2 MB; flexdyn itself under 10 MB).
 * 3. `node app.mjs` (flexdyn/node: files on disk) and `node engine.mjs` (the engine alone in Node:
 *    files in memory, one notice) run the model of test/consumer/oscillator.mjs; x(1 s) matches the
 *    analytic solution. Under Node `flexdyn` is the engine script, which takes its code cache; with
 *    `--conditions=flexdyn-modules` the ES-module bundles compute the same.
 * 4. `tsc` checks test/consumer/app.ts under strict + NodeNext with skipLibCheck false; the language
 *    service shows a parameter's description on hover.
 * 5. esbuild bundles test/consumer/browser.mjs for the browser; headless Chromium runs it with the
 *    same figures as Node. Without Chromium the step is skipped with the reason, except with CI=true,
 *    where a skip is a failure.
 *
 * Exits non-zero on the first failure; prints the figures (tarball size and files, install size).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { build } from 'esbuild';
import { browserSkipReason, launchBrowser } from '../test/viewer/browserHarness.ts';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const fixtures = join(root, 'test', 'consumer');
const started = performance.now();
const ci = (process.env.CI ?? '') !== '' && process.env.CI !== '0' && process.env.CI?.toLowerCase() !== 'false';

/** Largest install of flexdyn's runtime dependencies (bytes of their files): a stray dependency or bundled library adds
 * megabytes here; today ml-matrix, ndarray and theirs take about 1.2 MB. */
const dependencyLimit = 2_000_000;
/** Largest installed flexdyn package itself (dist/ with declarations and source maps, bin/, README …): the engine's own
 * growth budget, 4.5 MB in session 7 (bundled entries); a stray bundle in dist/ would show here. */
const packageLimit = 10_000_000;
/** Relative difference allowed between the browser's and Node's figures: the same code on the same IEEE doubles
 * gives identical numbers; V8 versions may differ in the last bit of Math.cos, which enters only `analytic`. */
const browserTolerance = 1e-12;
/** |x − x_analytic| allowed at t = 1 s: generalized-α with ρ∞ = 1 at ωh = 0.01 has a phase error ≈ ω t (ωh)²/12 ≈ 1.7e-4 rad,
 * i.e. ≤ x0 · 1.7e-4 ≈ 1.7e-6 m; 1e-5 m leaves room without hiding a wrong solve (amplitude 1e-2 m). */
const analyticTolerance = 1e-5;

function step(name: string): void {
  console.log(`consumer check: ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

class CheckFailure extends Error {}

function fail(message: string): never {
  throw new CheckFailure(message);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): { stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} (in ${cwd}) exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

function newestModification(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestModification(join(path, entry))));
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

async function sha512(file: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `sha512-${hash.digest('base64')}`;
}

async function main(): Promise<void> {
  // 1. build when stale, pack
  const builtIndex = join(root, 'dist', 'index.js');
  const sources = ['src', 'scripts/build.mjs', 'scripts/itemDictionaryTypes.mjs', 'tsconfig.build.json', 'tsconfig.json', 'package.json'].map((p) => join(root, p));
  if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < Math.max(...sources.map(newestModification))) {
    step('dist/ is older than the sources: npm run build');
    run(process.execPath, [join(root, 'scripts', 'build.mjs')], root);
  }
  const work = mkdtempSync(join(tmpdir(), 'flexdyn-consumer-'));
  try {
    step('npm pack');
    const packed = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root).stdout)[0] as {
      filename: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[];
    };
    const allowed = /^(dist\/|bin\/flexdyn\.js$|README\.md$|CHANGELOG\.md$|LICENSE$|package\.json$)/;
    const stray = packed.files.map((f) => f.path).filter((p) => !allowed.test(p));
    if (stray.length > 0) fail(`the tarball must hold only dist/, bin/, README, CHANGELOG, LICENSE, package.json; got also ${stray.slice(0, 10).join(', ')}`);
    for (const needed of ['LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/node.js', 'dist/viewer/index.js', 'dist/registry/itemDictionaries.d.ts', 'dist/viewer/client/index.html']) {
      if (!packed.files.some((f) => f.path === needed)) fail(`the tarball must hold ${needed}, got none`);
    }
    console.log(`  tarball ${packed.filename}: ${packed.entryCount} files, ${(packed.size / 1e6).toFixed(2)} MB (unpacked ${(packed.unpackedSize / 1e6).toFixed(2)} MB)`);

    // 2. install into a fresh project, offline, with a lockfile from this repository's
    step('install the tarball into a fresh project (offline)');
    const project = join(work, 'app');
    mkdirSync(project);
    const repoManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const repoLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string; dependencies?: Record<string, string>; dev?: boolean; optional?: boolean; peer?: boolean; devOptional?: boolean }> };
    const tarball = `file:../${packed.filename}`;
    const packages: Record<string, unknown> = {
      '': { name: 'flexdyn-consumer', version: '1.0.0', dependencies: { flexdyn: tarball } },
      'node_modules/flexdyn': {
        version: repoManifest.version, resolved: tarball, integrity: await sha512(join(work, packed.filename)), license: repoManifest.license,
        dependencies: repoManifest.dependencies, peerDependencies: repoManifest.peerDependencies, peerDependenciesMeta: repoManifest.peerDependenciesMeta,
        bin: repoManifest.bin, engines: repoManifest.engines,
      },
    };
    const pending = Object.keys(repoManifest.dependencies as Record<string, string>);
    while (pending.length > 0) {
      const name = pending.pop()!;
      const key = `node_modules/${name}`;
      if (key in packages) continue;
      const entry = repoLock.packages[key];
      if (entry === undefined) fail(`package-lock.json must have ${key} (a runtime dependency), got none`);
      const { dev: _dev, devOptional: _devOptional, peer: _peer, ...runtime } = entry;
      packages[key] = runtime;
      pending.push(...Object.keys(entry.dependencies ?? {}));
    }
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'flexdyn-consumer', version: '1.0.0', private: true, type: 'module', dependencies: { flexdyn: tarball } }, null, 2));
    writeFileSync(join(project, 'package-lock.json'), JSON.stringify({ name: 'flexdyn-consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2));
    run('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], project);
    const installed = Object.keys(packages).filter((k) => k !== '').map((k) => k.slice('node_modules/'.length)).sort();
    const present = readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.'))
      .flatMap((n) => (n.startsWith('@') ? readdirSync(join(project, 'node_modules', n)).map((m) => `${n}/${m}`) : [n])).sort();
    if (present.join() !== installed.join()) fail(`the install must hold exactly flexdyn and its runtime dependencies ${installed.join(', ')}, got ${present.join(', ')}`);
    const installSize = sizeOf(join(project, 'node_modules'));
    const packageSize = sizeOf(join(project, 'node_modules', 'flexdyn'));
    const dependencySize = installSize - packageSize;
    console.log(`  engine-only install: ${present.length} packages (${present.join(', ')}), ${(installSize / 1e6).toFixed(2)} MB: flexdyn ${(packageSize / 1e6).toFixed(2)} MB, runtime dependencies ${(dependencySize / 1e6).toFixed(2)} MB`);
    if (dependencySize > dependencyLimit) fail(`the runtime dependencies of the engine-only install must stay under ${dependencyLimit / 1e6} MB, got ${(dependencySize / 1e6).toFixed(2)} MB`);
    if (packageSize > packageLimit) fail(`the installed flexdyn package must stay under ${packageLimit / 1e6} MB, got ${(packageSize / 1e6).toFixed(2)} MB`);
    for (const file of ['oscillator.mjs', 'app.mjs', 'engine.mjs', 'browser.mjs', 'app.ts', 'tsconfig.json']) copyFileSync(join(fixtures, file), join(project, file));

    // 3. plain node
    step('node app.mjs (flexdyn/node) and node engine.mjs (flexdyn, no file system)');
    const nodeEnv = { ...process.env, NODE_OPTIONS: '' };
    const appRun = run(process.execPath, ['app.mjs'], project, nodeEnv);
    const app = JSON.parse(appRun.stdout.trim().split('\n').pop()!) as Record<string, number>;
    if (!existsSync(join(project, 'solution', 'oscillator.txt'))) fail('node app.mjs must write solution/oscillator.txt through flexdyn/node, got no file');
    if (!(Math.abs(app.x - app.analytic) <= analyticTolerance)) fail(`x(${app.t}) must match the analytic solution within ${analyticTolerance}, got ${app.x} vs ${app.analytic}`);
    if (!(Math.abs(app.lastSolutionTime - app.t) < 1e-9) || app.solutionRows !== 101) fail(`the solution file must have 101 rows up to t = ${app.t}, got ${app.solutionRows} rows up to ${app.lastSolutionTime}`);
    const engineRun = run(process.execPath, ['engine.mjs'], project, nodeEnv);
    const engine = JSON.parse(engineRun.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    const notices = engineRun.stderr.split('\n').filter((line) => line.includes('kept in memory'));
    if (notices.length !== 1) fail(`the engine entry must say once that the files stay in memory, got ${notices.length} notices:\n${engineRun.stderr}`);
    for (const key of Object.keys(app)) if (engine[key] !== app[key]) fail(`the engine entry must compute the same ${key} as flexdyn/node, got ${String(engine[key])} vs ${app[key]}`);
    // under Node the entries are the engine script, compiled with the code cache the build wrote (docs/decisions.md);
    // `--conditions=flexdyn-modules` gives the ES-module bundles, which must compute the same
    const loader = pathToFileURL(join(project, 'node_modules', 'flexdyn', 'dist', 'script', 'load.js')).href;
    const scriptRun = run(process.execPath, ['--input-type=module', '-e', `const { codeCacheUsed } = await import(${JSON.stringify(loader)}); console.log(JSON.stringify({ entry: import.meta.resolve('flexdyn'), codeCacheUsed }))`], project, nodeEnv);
    const script = JSON.parse(scriptRun.stdout.trim()) as { entry: string; codeCacheUsed: boolean };
    if (!script.entry.endsWith('/dist/script/index.js') || !script.codeCacheUsed) fail(`under Node, flexdyn must resolve to dist/script/index.js and its script take the code cache, got ${script.entry}, code cache used: ${script.codeCacheUsed}`);
    const modulesRun = run(process.execPath, ['--conditions=flexdyn-modules', 'app.mjs'], project, nodeEnv);
    const modules = JSON.parse(modulesRun.stdout.trim().split('\n').pop()!) as Record<string, number>;
    for (const key of Object.keys(app)) if (modules[key] !== app[key]) fail(`the ES-module bundles (--conditions=flexdyn-modules) must compute the same ${key} as the engine script, got ${modules[key]} vs ${app[key]}`);
    const usage = run(join(project, 'node_modules', '.bin', 'flexdyn'), ['--help'], project, nodeEnv).stdout;
  if (!usage.startsWith('usage: flexdyn view')) fail(`the flexdyn command (bin/flexdyn.js → dist/cli.js) must print its usage, got '${usage}'`);
  console.log(`  x(${app.t}) = ${app.x} (analytic ${app.analytic}); ${app.solutionRows} solution rows; engine entry identical, notice: ${notices[0].trim()}; engine script with code cache, ES-module bundles identical`);

    // 4. strict tsc consumer and the editor's hover text
    step('tsc (strict, NodeNext, skipLibCheck false) on app.ts');
    const configFile = ts.readConfigFile(join(project, 'tsconfig.json'), ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, project);
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const diagnostics = ts.getPreEmitDiagnostics(program);
    if (diagnostics.length > 0) fail(`tsc reports ${diagnostics.length} errors:\n${ts.formatDiagnostics(diagnostics.slice(0, 20), { getCanonicalFileName: (f) => f, getCurrentDirectory: () => project, getNewLine: () => '\n' })}`);
    const appFile = join(project, 'app.ts');
    const appText = readFileSync(appFile, 'utf8');
    const service = ts.createLanguageService({
      getCompilationSettings: () => parsed.options, getScriptFileNames: () => parsed.fileNames, getScriptVersion: () => '1',
      getScriptSnapshot: (f) => (existsSync(f) ? ts.ScriptSnapshot.fromString(readFileSync(f, 'utf8')) : undefined),
      getCurrentDirectory: () => project, getDefaultLibFileName: ts.getDefaultLibFilePath, fileExists: ts.sys.fileExists, readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory, directoryExists: ts.sys.directoryExists, getDirectories: ts.sys.getDirectories,
    });
    for (const [key, expected] of [['physicsMass: 1', 'Mass [kg] of the point.'], ['stiffness: 800', '']] as const) {
      const info = service.getQuickInfoAtPosition(appFile, appText.indexOf(key) + 1);
      const documentation = ts.displayPartsToString(info?.documentation);
      if (documentation === '' || !documentation.includes(expected)) fail(`hovering ${key.split(':')[0]} in an editor must show its description${expected ? ` '${expected}'` : ''}, got '${documentation}'`);
    }
    console.log(`  ${parsed.fileNames.length} file, ${program.getSourceFiles().filter((f) => f.fileName.includes('node_modules/flexdyn/')).length} declaration files of flexdyn checked: no errors; hover shows parameter descriptions`);

    // 5. browser bundle in headless Chromium
    step('esbuild --platform=browser bundle of browser.mjs');
    const bundle = await build({ entryPoints: [join(project, 'browser.mjs')], bundle: true, platform: 'browser', format: 'esm', write: false, absWorkingDir: project, logLevel: 'silent', target: 'es2022' });
    const code = bundle.outputFiles[0].text;
    console.log(`  bundle: ${(code.length / 1e3).toFixed(0)} kB`);
    const skipReason = browserSkipReason();
    if (skipReason !== undefined) {
      if (ci) fail(`CI=true: the browser check must run, got a skip: ${skipReason}`);
      console.log(`consumer check: browser run SKIPPED: ${skipReason}`);
    } else {
      step('headless Chromium runs the bundle');
      const browser = await launchBrowser();
      try {
        const page = await browser.context.newPage();
        await page.setContent('<!doctype html><title>flexdyn consumer check</title>');
        await page.addScriptTag({ content: code, type: 'module' });
        await page.waitForFunction(() => (globalThis as { flexdynResult?: unknown }).flexdynResult !== undefined, undefined, { timeout: 30_000 });
        const result = await page.evaluate(() => (globalThis as unknown as { flexdynResult: Record<string, unknown> }).flexdynResult);
        if (result.error !== undefined) fail(`the model must run in the browser, got ${String(result.error)}`);
        let largest = 0;
        for (const key of Object.keys(app)) {
          const a = app[key], b = result[key] as number;
          const difference = Math.abs(a - b) / Math.max(1e-300, Math.abs(a));
          if (!(difference <= browserTolerance)) fail(`the browser must compute ${key} = ${a} as Node, got ${b}`);
          largest = Math.max(largest, difference);
        }
        console.log(`  browser figures equal Node's (largest relative difference ${largest.toExponential(1)}); files in memory: ${(result.outputFiles as string[]).join(', ')}`);
      } finally {
        await browser.close();
      }
    }
    step('passed');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`consumer check FAILED: ${error instanceof CheckFailure ? error.message : error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
});
