#!/usr/bin/env node
/**
 * Side-by-side runs of Exudyn 1.11 and Flexdyn on the same test models (docs/benchmarks.md, "Side by side with
 * Exudyn"). For every model, alternating Exudyn and Flexdyn (A B A B, a fresh process per run, `--runs` runs per side),
 * then each warm Flexdyn process in turn, its timed batches interleaved with more Exudyn processes:
 *
 * - Exudyn: `python3 bench/peers/exudynRun.py <TestModels>/<model>.py` (the script as __main__ in the test suite's
 *   mode, its own settings; solve time = the time of Exudyn's SolveSystem calls, steps and Newton iterations from
 *   the solver); process wall time from spawn to exit.
 * - Flexdyn, cold: `node bench/peers/out/bench/peers/flexdynRun.js <model>` (compiled JavaScript on dist/, the ported
 *   testModels/<model>.ts, their imports of src/index.ts and src/node.ts as `flexdyn` and `flexdyn/node` through
 *   package.json; solve time = the time of MainSystem.solveDynamic/solveStatic calls); process wall time.
 * - Flexdyn, warm: `--warm-processes` more processes (3), each running the model repeatedly: `flexdynRun.js <model>
 *   --batches` warms up (its rule: ≥ 2 runs and 1 s of solving, …) while nothing else of ours runs, then waits on stdin;
 *   the driver then alternates one Exudyn process with one timed batch of the warm process, `--runs` pairs per warm
 *   process, in the order E W, W E, E W, … (a drift within a pair's seconds falls on both sides in turn). A batch is
 *   one untimed run (the process sat idle while an Exudyn process ran on its CPU; docs/decisions.md, "Side by side: a
 *   batch starts with one untimed run"), then n timed runs of the warm model with n = the Exudyn sample's solve time
 *   over the warm process's last solve time per run
 *   (rounded, ≥ 1, ≤ 100; in a W E pair the previous Exudyn sample's): both sides solve for about the same seconds at
 *   about the same moment. The warm figure of a process is the median of all its timed runs; the row gives the median
 *   over these processes (one process's JIT decisions and the machine's moments move a short model's warm figure by
 *   20–40 %, session 18).
 *
 * The host slows a virtual CPU for 10–60 s at a time (sessions 18–19), so two medians taken minutes apart can measure
 * two host states. Each ratio is therefore given twice: the ratio of the medians (the columns kept from before:
 * `warm / Exudyn`, `cold / Exudyn`) and the median of per-pair ratios (`(pairs)` columns: each warm batch against the
 * Exudyn process adjacent to it in time, each fresh Flexdyn process against the Exudyn process just before it, per
 * step; the whole process's time likewise), in which a slow moment that hits both sides of a pair cancels. Exudyn's
 * µs/step is the median over all its processes of the row (cold pairs and warm pairs). After the table, the quartiles
 * of the per-pair warm ratios of each row.
 *
 * Then the GeneralContact particle box (bench/particles.bench.ts; Exudyn: bench/peers/exudynParticles.py) with 1 000
 * and 10 000 spheres the same way, and the slope of log(time per step) over log(spheres). Prints a Markdown table and
 * the machine line. Before the runs: `npm run build` (dist/) and the compilation of testModels/, bench/ and
 * test/helpers/ into bench/peers/out/ (its src/ is a link to dist/), unless --no-build.
 *
 * With --cpu the per-step columns are the CPU time of the solve calls (Python's time.process_time, Node's
 * process.cpuUsage: all threads of the process, so a multi-threaded Exudyn solve counts every thread) and the process
 * column the CPU time of the whole process when it reports (getrusage / process.cpuUsage): the figures to compare on a
 * shared, loaded machine, where walls measure the other processes as much as ours.
 *
 * Options: --models a,b,c | --all (every model of testModels/index.ts with an Exudyn script of the same name) --cpu
 * --runs n (3: pairs of fresh processes, and pairs per warm process) --warm-processes n (3) --no-particles
 * --particles-only --no-build (neither) --no-dist (out/ only, dist/ as it is)
 * --dry (plan and expected time only) --keep-node-ca-certs (see below) --no-pin (warm pairs unpinned, see below)
 * --exudyn <Exudyn's main/ folder> (/tmp/exudyn-build/src/main) --python <python> (/usr/bin/python3) --logs <folder>.
 *
 * Before each row, two fixed loops run in a Node child pinned to each CPU in turn (`taskset`, where there is one); their
 * times per CPU follow the table ("host check"): a chain of 10⁸ dependent additions (≈ 85–95 ms on a quiet host) and a
 * throughput-bound loop of independent Float64Array loads, square roots and stores (≈ 8 ms on a quiet CPU): this
 * machine's host runs a virtual CPU for seconds to minutes in a state that slows throughput-bound code — both engines'
 * solves — by 1.3–1.7× and leaves a dependency chain as it is (docs/benchmarks.md, two23), which a row's ratio of
 * medians cannot show by itself.
 *
 * Pinned pairs (unless --no-pin, and where taskset and two CPUs are there): each warm pair runs on one CPU, alternating
 * between pairs — the Exudyn process under `taskset -c k` and the warm Flexdyn process's main thread moved to CPU k
 * (`taskset -p`; V8's compiler and garbage-collector threads stay free to use the other CPU, as in a user's process: with
 * all threads pinned, ANCFgeneralContactCircle's warm figure rose 6–8 %, session 22) for the batch beside it — so that a
 * CPU's slow state falls on both sides of a pair and cancels in its
 * per-pair ratio, and the warm medians see both CPUs equally (docs/decisions.md, "Side by side: each warm pair on one
 * CPU"). Not for a row whose Exudyn script solves with more than one thread (perf3DRigidBodies: 4), nor the fresh
 * processes of the cold and process columns (a fresh Node process compiles on the second core while it runs; a model
 * script run from the command line has both cores).
 *
 * Node's children run without NODE_EXTRA_CA_CERTS unless --keep-node-ca-certs: a sandbox that reaches the network
 * through a proxy sets it, and Node parses the named bundle at every start (≈ 40 ms of main-thread CPU for 144
 * certificates) before a script's first line; Python's side runs /usr/bin/python3, which loads no certificate bundle at
 * its start either (docs/decisions.md, "Side by side: no sandbox certificate bundle in either engine's start").
 * Plain JavaScript, so that it runs without tsx.
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const out = join(here, 'out');

/** Issue 13's models and issue 18's (the default list). */
const defaultModels = [
  'contactSphereSphereTest', 'contactSphereSphereTestEAPM', 'rollingCoinTest', 'rollingCoinPenaltyTest', 'createRollingDiscTest',
  'createRollingDiscPenaltyTest', 'carRollingDiscTest', 'rollingDiscTangentialForces', 'mecanumWheelRollingDiscTest',
  'heavyTop', 'sliderCrank3Dtest', 'sphericalJointTest', 'fourBarMechanismTest', 'perf3DRigidBodies', 'objectFFRFreducedOrderTest',
  'perfObjectFFRFreducedOrder', 'objectFFRFTest', 'perfSpringDamperExplicit', 'perfRigidPendulum', 'perfSpringDamperUserFunction',
];
/** Spheres of the particle rows and their timed steps (bench/particles.bench.ts: steps after the first). */
const particleRows = [[1000, 300], [10000, 50]];
/**
 * Expected seconds per model on the quiet 2-core machine: one Exudyn process, one Flexdyn cold process, the Flexdyn warm
 * process (measured 2026-12-02 17:13–17:43 UTC at load average 14–17, divided by 2.5; perf3DRigidBodies: Exudyn
 * ≈ 21 s, ours ≈ 10 s build + 17 s solve when quiet).
 */
const expected = {
  contactSphereSphereTest: [0.6, 0.9, 2.5], contactSphereSphereTestEAPM: [1.2, 2.6, 7.1], rollingCoinTest: [0.6, 0.8, 1.5],
  rollingCoinPenaltyTest: [0.6, 0.9, 2.3], createRollingDiscTest: [0.6, 0.8, 1.5], createRollingDiscPenaltyTest: [1.1, 1.4, 3.5],
  carRollingDiscTest: [0.6, 1.3, 2.1], rollingDiscTangentialForces: [1.5, 0.9, 1.5], mecanumWheelRollingDiscTest: [0.8, 1.3, 2.7],
  heavyTop: [0.7, 1.6, 2.1], sliderCrank3Dtest: [0.6, 1.1, 1.9], sphericalJointTest: [1.1, 1.8, 1.9], fourBarMechanismTest: [0.6, 0.8, 1.5],
  perf3DRigidBodies: [39, 29, 182], objectFFRFreducedOrderTest: [0.6, 1.1, 2.7], perfObjectFFRFreducedOrder: [6.1, 3.8, 17.7],
  objectFFRFTest: [2.1, 1.8, 4.1], perfSpringDamperExplicit: [6.5, 4.2, 22.1], perfRigidPendulum: [8.2, 5.1, 33.8],
  perfSpringDamperUserFunction: [4.5, 4.5, 25],
  particles1000: [1.4, 2.3, 7.9], particles10000: [2.9, 3.2, 12.8],
};
/** Seconds assumed for a model without an entry in `expected`. */
const expectedDefault = [1.5, 1.5, 6];

// ---------------------------------------------------------------------------------------------------------- options
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
function option(name, fallback) {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  if (at + 1 >= argv.length) throw new Error(`${name}: a value is missing`);
  return argv[at + 1];
}
const known = new Set(['--cpu', '--models', '--all', '--runs', '--no-particles', '--particles-only', '--no-build', '--no-dist', '--dry', '--exudyn', '--python', '--logs', '--keep-node-ca-certs', '--warm-processes', '--no-pin']);
for (let i = 0; i < argv.length; i++) {
  if (!known.has(argv[i])) throw new Error(`unknown option ${argv[i]}; options: ${[...known].join(' ')}`);
  if (['--models', '--runs', '--warm-processes', '--exudyn', '--python', '--logs'].includes(argv[i])) i++;
}
const runs = Number(option('--runs', '3'));
/** The solve-time and process-time fields of a run record compared (--cpu: CPU seconds, else wall seconds). */
const cpu = flag('--cpu');
const solveKey = cpu ? 'cpuSeconds' : 'seconds';
const processKey = cpu ? 'processCpuSeconds' : 'wall';
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: expected a positive integer, got ${option('--runs')}`);
const warmProcesses = Number(option('--warm-processes', '3'));
if (!Number.isInteger(warmProcesses) || warmProcesses < 1) throw new Error(`--warm-processes: expected a positive integer, got ${option('--warm-processes')}`);
const exudynMain = option('--exudyn', '/tmp/exudyn-build/src/main');
const python = option('--python', '/usr/bin/python3');
const testModelsDir = join(exudynMain, 'pythonDev', 'TestModels');
const exudynLib = existsSync(join(exudynMain, 'build'))
  ? readdirSync(join(exudynMain, 'build')).filter((d) => d.startsWith('lib.')).map((d) => join(exudynMain, 'build', d))[0]
  : undefined;

// ---------------------------------------------------------------------------------------------------------- build
/** The JavaScript of every .ts file of a folder (recursively) into the same place under out/. */
function transpileFolder(folder, options) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const source = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'out' && entry.name !== 'fixtures') transpileFolder(source, options);
      continue;
    }
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
    const target = join(out, relative(root, source)).replace(/\.ts$/, '.js');
    // the package's entries as a user's script imports them (package.json: under Node the engine script, docs/decisions.md)
    const text = readFileSync(source, 'utf8').replace(/(['"])(?:\.\.\/)+src\/(index|node|viewer\/index|studies\/index)\.ts\1/g,
      (_, quote, entry) => `${quote}${entry === 'index' ? 'flexdyn' : `flexdyn/${entry.replace('/index', '')}`}${quote}`);
    const { outputText, diagnostics } = ts.transpileModule(text, { compilerOptions: options, fileName: source, reportDiagnostics: true });
    if (diagnostics.length > 0) throw new Error(`${source}: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n')}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
}

/** dist/ (npm run build) and bench/peers/out/: testModels/, bench/, test/helpers/ compiled, out/src → dist/. */
function build() {
  if (!flag('--no-dist')) {
    console.log('build: npm run build (dist/) ...');
    const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build: scripts/build.mjs failed');
  }
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('build: dist/ is missing (npm run build)');
  rmSync(out, { recursive: true, force: true });
  const configFile = ts.readConfigFile(join(root, 'tsconfig.build.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const { rootDir: _rootDir, outDir: _outDir, ...fileOptions } = options;
  const compilerOptions = {
    ...fileOptions, module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler, removeComments: true,
    declaration: false, sourceMap: false, noEmit: false, emitDeclarationOnly: false,
  };
  for (const folder of ['testModels', 'bench', join('test', 'helpers')]) transpileFolder(join(root, folder), compilerOptions);
  symlinkSync(relative(out, join(root, 'dist')), join(out, 'src'), 'dir');
  console.log('build: bench/peers/out/ written');
}

// ---------------------------------------------------------------------------------------------------------- runs
const logs = option('--logs') ?? (flag('--dry') ? '(none: --dry)' : mkdtempSync(join(tmpdir(), 'peers-sbs-')));
const exudynCwd = join(logs, 'exudyn-cwd');
const flexdynCwd = join(logs, 'flexdyn-cwd');

/** Runs one process; returns its wall seconds and the parsed PEERS_RESULT line (or the error). */
function runProcess(label, command, args, options) {
  const started = process.hrtime.bigint();
  const child = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 1800_000 });
  const wall = Number(process.hrtime.bigint() - started) * 1e-9;
  writeFileSync(join(logs, `${label}.log`), `${command} ${args.join(' ')}\n${child.stdout ?? ''}\n--- stderr\n${child.stderr ?? ''}`);
  const line = (child.stdout ?? '').split('\n').find((l) => l.startsWith('PEERS_RESULT '));
  if (child.status !== 0 || line === undefined) {
    const tail = `${child.stderr ?? ''}${child.stdout ?? ''}`.trim().split('\n').slice(-1)[0] ?? '';
    return { wall, error: `exit ${child.status ?? child.signal}: ${tail.slice(0, 160)}` };
  }
  return { wall, ...JSON.parse(line.slice('PEERS_RESULT '.length)) };
}

/**
 * Exudyn's Python modules run from their bytecode, as in an installed Exudyn (pip compiles a package's modules when it
 * installs it), not compiled from source in every process (a build folder holds no bytecode, and this sandbox sets
 * PYTHONDONTWRITEBYTECODE): before the first run the package and the test suite's modelUnitTests.py are compiled into
 * <logs>/pycache (PYTHONPYCACHEPREFIX, so the Exudyn build stays as it is), and the processes may write what else they
 * import. Without it `import exudyn` takes ≈ 0.15 s more per process (docs/benchmarks.md, lead25; Flexdyn runs from its
 * own code cache, built by `npm run build`).
 */
const exudynPycache = join(logs, 'pycache');
// plots of a script (rollingDiscTangentialForces plots after its solve) go to matplotlib's file backend, no window
const { PYTHONDONTWRITEBYTECODE: sandboxNoBytecode, ...environmentWithBytecode } = process.env;
const exudynEnv = { ...environmentWithBytecode, PYTHONPATH: exudynLib ?? '', MPLBACKEND: 'Agg', PYTHONPYCACHEPREFIX: exudynPycache };
const testData = join(testModelsDir, 'testData');
/** The environment of the Flexdyn children: this process's, without the sandbox's certificate bundle (the comment above). */
const { NODE_EXTRA_CA_CERTS: sandboxCertificates, ...environmentWithoutCertificates } = process.env;
const keepCertificates = flag('--keep-node-ca-certs');
const flexdynEnv = {
  ...(keepCertificates ? process.env : environmentWithoutCertificates),
  FLEXDYN_EXUDYN_DATA: existsSync(join(testData, 'rotorDiscTest.inp')) ? testData : (process.env.FLEXDYN_EXUDYN_DATA ?? join(root, '..', 'shared', 'data', 'exudyn-testData')),
};
const flexdynEntry = join(out, 'bench', 'peers', 'flexdynRun.js');

/** Runs Python with these arguments, under `taskset -c cpu` when a CPU is given (a pinned pair). */
function exudynProcess(label, args, cpu) {
  return cpu === undefined
    ? runProcess(label, python, args, { cwd: exudynCwd, env: exudynEnv })
    : runProcess(label, 'taskset', ['-c', String(cpu), python, ...args], { cwd: exudynCwd, env: exudynEnv });
}
function exudynModel(model, run, cpu) {
  return exudynProcess(`${model}-exudyn-${run}`, [join(here, 'exudynRun.py'), join(testModelsDir, `${model}.py`)], cpu);
}
function exudynParticles(n, steps, run, cpu) {
  return exudynProcess(`particles${n}-exudyn-${run}`, [join(here, 'exudynParticles.py'), String(n), String(steps)], cpu);
}
function flexdyn(model, run) {
  return runProcess(`${model}-flexdyn-${run}`, process.execPath, [flexdynEntry, model], { cwd: flexdynCwd, env: flexdynEnv });
}

/**
 * A warm Flexdyn process paced by this driver (`flexdynRun.js <model> --batches`): `ready` resolves to its PEERS_READY
 * record after the warm-up, `batch(n)` to the PEERS_BATCH record of n timed runs, `finish()` to the PEERS_RESULT record
 * over all its timed runs (then the process exits and its log is written); a failure resolves to `{ error }`.
 */
function warmProcess(model, label, warmUpRuns) {
  const args = [flexdynEntry, model, '--batches', ...(warmUpRuns === undefined ? [] : ['--warmup', String(warmUpRuns)])];
  const child = spawn(process.execPath, args, { cwd: flexdynCwd, env: flexdynEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '', stderr = '', exit;
  const pending = [], waiting = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => { stderr += text; });
  child.stdin.on('error', () => {}); // a process that died: its error comes with the exit below
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdout += `${line}\n`;
    if (!line.startsWith('PEERS_')) return;
    const record = JSON.parse(line.slice(line.indexOf(' ') + 1));
    if (waiting.length > 0) waiting.shift()(record);
    else pending.push(record);
  });
  const closed = new Promise((resolve) => child.on('close', (code, signal) => {
    exit = code ?? signal;
    writeFileSync(join(logs, `${label}.log`), `${process.execPath} ${args.join(' ')}\n${stdout}\n--- stderr\n${stderr}`);
    const tail = `${stderr}${stdout}`.trim().split('\n').slice(-1)[0] ?? '';
    for (const resolveNext of waiting.splice(0)) resolveNext({ error: `exit ${exit}: ${tail.slice(0, 160)}` });
    resolve();
  }));
  const next = () => {
    if (pending.length > 0) return Promise.resolve(pending.shift());
    if (exit !== undefined) return Promise.resolve({ error: `exit ${exit}` });
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    ready: next(),
    /** n timed runs; with the process's main thread on CPU `cpu` (moved there first) when one is given. */
    batch(n, cpu) {
      if (exit !== undefined) return next();
      if (cpu !== undefined) {
        const moved = spawnSync('taskset', ['-p', '-c', String(cpu), String(child.pid)], { encoding: 'utf8' });
        if (moved.status !== 0) return Promise.resolve({ error: `taskset -p -c ${cpu} ${child.pid}: ${(moved.stderr ?? '').trim()}` });
      }
      child.stdin.write(`${n}\n`);
      return next();
    },
    async finish() {
      if (exit === undefined) child.stdin.end('end\n');
      const result = await next();
      await closed;
      return exit === 0 || result.error !== undefined ? result : { error: `exit ${exit}` };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------- report
const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
};
const significant = (x) => (Number.isFinite(x) ? (x >= 1000 ? x.toFixed(0) : x.toPrecision(3)) : '–');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : '–');
const perStep = (seconds, steps) => (steps > 0 ? (seconds / steps) * 1e6 : Number.NaN);
/** The q-quantile (0…1) of the finite values, linear between order statistics. */
const quantile = (values, q) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = q * (sorted.length - 1), low = Math.floor(at);
  return low + 1 < sorted.length ? sorted[low] + (at - low) * (sorted[low + 1] - sorted[low]) : sorted[low];
};
/** Ratios b / a of pairs [a, b] of records, per step of each (or of `key` itself when perStepOf is false). */
const pairRatios = (pairs, key, perStepOf = true) => pairs
  .filter(([a, b]) => a.error === undefined && b.error === undefined)
  .map(([a, b]) => (perStepOf ? perStep(b[key], b.steps) / perStep(a[key], a.steps) : b[key] / a[key]));
const pairedRatio = (ratios) => (ratios.some((r) => Number.isFinite(r)) ? median(ratios).toFixed(2) : '–');

/**
 * One table row from the runs of a model: Exudyn's processes, Flexdyn's fresh processes (the same index: a pair), the
 * warm processes' results and the warm pairs [Exudyn process, warm batch].
 */
function summarize(name, exudynRuns, flexdynRuns, warmRuns, warmPairs) {
  const ok = (list) => list.filter((r) => r.error === undefined);
  const e = ok([...exudynRuns, ...warmPairs.map(([exudyn]) => exudyn)]), f = ok(flexdynRuns);
  const w = ok(warmRuns);
  const eSteps = e[0]?.steps ?? 0, fSteps = f[0]?.steps ?? w[0]?.steps ?? 0;
  const eMicro = median(e.map((r) => perStep(r[solveKey], r.steps)));
  const fCold = median(f.map((r) => perStep(r[solveKey], r.steps)));
  const fWarm = median(w.map((r) => perStep(r[solveKey], r.steps)));
  const newton = (r) => (r !== undefined && r.steps > 0 && r.newton > 0 ? (r.newton / r.steps).toFixed(2) : '–');
  const resultDifference = e[0]?.result != null && f[0]?.result != null && Number.isFinite(f[0].result)
    ? (Math.abs(e[0].result - f[0].result) / Math.max(Math.abs(e[0].result), 1e-300)).toExponential(1) : '–';
  const coldPairs = exudynRuns.map((r, i) => [r, flexdynRuns[i]]);
  const warmRatios = pairRatios(warmPairs, solveKey);
  const errors = [...[...exudynRuns, ...warmPairs.map(([exudyn]) => exudyn)].filter((r) => r.error !== undefined).map((r) => `Exudyn ${r.error}`),
    ...flexdynRuns.filter((r) => r.error !== undefined).map((r) => `Flexdyn ${r.error}`),
    ...warmRuns.filter((r) => r.error !== undefined).map((r) => `Flexdyn warm ${r.error}`)];
  const notes = [...new Set(e.filter((r) => r.scriptError !== undefined).map((r) => `the Exudyn script raised after its solves: ${r.scriptError}`))];
  return {
    name, errors, notes, eMicro, fWarm, fCold, warmRatios,
    threads: [...new Set(e.flatMap((r) => r.threads ?? []))],
    cells: [
      name,
      eSteps === fSteps ? String(eSteps) : `${eSteps} / ${fSteps}`,
      `${newton(e[0])} / ${newton(f[0])}`,
      significant(eMicro), significant(fWarm), ratio(fWarm, eMicro), pairedRatio(warmRatios),
      significant(fCold), ratio(fCold, eMicro), pairedRatio(pairRatios(coldPairs, solveKey)),
      `${significant(median(e.map((r) => r[processKey])))} / ${significant(median(f.map((r) => r[processKey])))}`,
      pairedRatio(pairRatios(coldPairs, processKey, false)),
      resultDifference,
    ],
  };
}

const unit = cpu ? 'CPU µs/step' : 'µs/step';
const header = ['model', 'steps', 'Newton/step Exudyn / Flexdyn', `Exudyn ${unit} (solve)`, `Flexdyn warm ${unit}`, 'warm / Exudyn',
  'warm / Exudyn (pairs)', `Flexdyn cold ${unit}`, 'cold / Exudyn', 'cold / Exudyn (pairs)', `process ${cpu ? 'CPU' : 'wall'} s Exudyn / Flexdyn`,
  'process Flexdyn / Exudyn (pairs)', 'result rel. diff.'];
function table(rows) {
  const lines = [`| ${header.join(' | ')} |`, `|:---|${header.slice(1).map(() => '---:').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.cells.join(' | ')} |`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------- main
async function modelList() {
  if (flag('--particles-only')) return [];
  if (flag('--models')) return option('--models').split(',').map((m) => m.trim()).filter((m) => m !== '');
  if (!flag('--all')) return defaultModels;
  const { testModels } = await import(pathToFileURL(join(out, 'testModels', 'index.js')).href);
  return testModels.map((m) => m.name).filter((m) => existsSync(join(testModelsDir, `${m}.py`)));
}

if (!flag('--no-build') && !flag('--dry')) build();
if (exudynLib === undefined) throw new Error(`no Exudyn build in ${join(exudynMain, 'build')} (lib.*); --exudyn <Exudyn's main/ folder>`);
const models = await modelList();
for (const m of models) if (!existsSync(join(testModelsDir, `${m}.py`))) throw new Error(`no Exudyn script ${join(testModelsDir, `${m}.py`)}`);
const particles = flag('--no-particles') ? [] : particleRows;

const estimate = (name) => {
  const [e, f, w] = expected[name] ?? expectedDefault;
  return runs * (e + f) + warmProcesses * (w + runs * e * 1.5);
};
const plan = [...models, ...particles.map(([n]) => `particles${n}`)];
const total = plan.reduce((sum, name) => sum + estimate(name), 0);
console.log(`plan (${runs} runs per side, ${warmProcesses} warm processes of ${runs} batches, each beside an Exudyn process): ${plan.map((name) => `${name} ~${estimate(name).toFixed(0)} s`).join(', ')}`);
console.log(`expected total ~${(total / 60).toFixed(1)} min; logs in ${logs}`);
if (flag('--dry')) process.exit(0);
if (!existsSync(flexdynEntry)) throw new Error(`${flexdynEntry} is missing: run without --no-build once`);

mkdirSync(logs, { recursive: true });
// the folder Exudyn's scripts write into (its test suite runs them where earlier scripts made it; pickleCopyMbs opens
// solution/mbs.pkl without creating the folder)
mkdirSync(join(exudynCwd, 'solution'), { recursive: true });
mkdirSync(flexdynCwd, { recursive: true });
if (existsSync(testData) && !existsSync(join(exudynCwd, 'testData'))) symlinkSync(testData, join(exudynCwd, 'testData'), 'dir');
// the package and the test suite's module that the scripts import (a script run as __main__ is compiled in any case)
const compiled = spawnSync(python, ['-m', 'compileall', '-q', exudynLib, join(testModelsDir, 'modelUnitTests.py')], { encoding: 'utf8', env: exudynEnv });
if (compiled.status !== 0) throw new Error(`python -m compileall of Exudyn's modules failed: ${(compiled.stderr || compiled.stdout).trim().slice(0, 300)}`);
const pythonVersion = spawnSync(python, ['--version'], { encoding: 'utf8' }).stdout.trim();
const loadStart = loadavg();
const startedAt = new Date();
const rows = [];
let exudynVersion = '?';
/**
 * The host check's loops (the comment at the top): prints the milliseconds of the addition chain, a space, and the
 * median milliseconds of five passes of the throughput loop (the first pass is its warm-up and not counted).
 */
const spinSource = '(() => { let x = 0; let t = process.hrtime.bigint(); for (let i = 0; i < 1e8; i++) x += i * 1e-9; '
  + 'const chain = Number(process.hrtime.bigint() - t) / 1e6 + (x > 0 ? 0 : Number.NaN); '
  + 'const a = new Float64Array(1 << 16), passes = []; '
  + 'for (let p = 0; p < 6; p++) { t = process.hrtime.bigint(); '
  + 'for (let r = 0; r < 64; r++) for (let i = 0; i < a.length; i++) a[i] = Math.sqrt(a[i] + i); '
  + 'passes.push(Number(process.hrtime.bigint() - t) / 1e6); } '
  + 'const sorted = passes.slice(1).sort((p, q) => p - q); '
  + 'process.stdout.write(`${chain} ${sorted[2] + (a[7] > 0 ? 0 : Number.NaN)}`); })()';
const taskset = spawnSync('taskset', ['--version'], { encoding: 'utf8' }).status === 0;
/** Whether warm pairs are pinned to one CPU each (the comment at the top). */
const pinPairs = taskset && availableParallelism() >= 2 && !flag('--no-pin');
/** [chain, throughput] milliseconds of the host check's loops on each CPU (the comment at the top), or [] without taskset. */
function hostCheck() {
  if (!taskset) return [];
  return Array.from({ length: availableParallelism() }, (_, cpu) => {
    const child = spawnSync('taskset', ['-c', String(cpu), process.execPath, '-e', spinSource], { encoding: 'utf8', env: flexdynEnv });
    return child.status === 0 ? child.stdout.split(' ').map(Number) : [Number.NaN, Number.NaN];
  });
}
const formatTimes = (times) => times.map((t) => (Number.isFinite(t) ? (t >= 20 ? t.toFixed(0) : t.toFixed(1)) : '?')).join(' / ');
const formatHostCheck = (checks) => (checks.length === 0 ? '–'
  : `${formatTimes(checks.map(([chain]) => chain))} (throughput ${formatTimes(checks.map(([, throughput]) => throughput))})`);
/**
 * Per CPU of the pinned warm pairs: the pairs, Exudyn's median µs/step and the median per-pair ratio, as
 * `CPU 0: 5 pairs, Exudyn 7.1 µs/step, 0.80`.
 */
function pinnedSummary(warmPairs, pairCpus) {
  return [0, 1].map((cpu) => {
    const pairs = warmPairs.filter((_, i) => pairCpus[i] === cpu);
    const exudynMicro = median(pairs.filter(([a]) => a.error === undefined).map(([a]) => perStep(a[solveKey], a.steps)));
    return `CPU ${cpu}: ${pairs.length} pairs, Exudyn ${significant(exudynMicro)} µs/step, ${pairedRatio(pairRatios(pairs, solveKey))}`;
  }).join('; ');
}
/**
 * Runs of one row (A B A B, then each warm process: its warm-up, then `runs` pairs of an Exudyn process and a warm batch
 * in the order E W, W E, …; the comment at the top); adds the row to `rows` and returns it.
 */
async function measure(name, exudynRun, warmUpRuns) {
  const began = Date.now();
  const host = hostCheck();
  console.log(`${name}: expected ~${estimate(name).toFixed(0)} s; host check ${formatHostCheck(host)} ms`);
  const e = [], f = [];
  for (let r = 0; r < runs; r++) {
    e.push(exudynRun(r));
    f.push(flexdyn(name, r));
  }
  const warmRuns = [], warmPairs = [], pairCpus = [];
  // seconds of solving of a record as the budgets count them (CPU where measured; the particle box has walls only)
  const solving = (r) => (Number.isFinite(r?.[solveKey]) ? r[solveKey] : r?.seconds);
  // pinned pairs only where Exudyn's script solves on one thread (its threads as the fresh processes reported them)
  const exudynOk = e.filter((r) => r.error === undefined);
  const pinned = pinPairs && exudynOk.length > 0 && exudynOk.every((r) => (r.threads ?? []).every((t) => t === 1));
  for (let p = 0; p < warmProcesses; p++) {
    const warmChild = warmProcess(name, `${name}-flexdyn-warm${p}`, warmUpRuns);
    const ready = await warmChild.ready;
    let perRun = solving(ready), target = solving(e.find((r) => r.error === undefined));
    const batch = async (cpu) => {
      const n = Number.isFinite(target) && perRun > 0 ? Math.min(100, Math.max(1, Math.round(target / perRun))) : 1;
      const record = await warmChild.batch(n, cpu);
      if (record.error === undefined) perRun = solving(record) / record.runs;
      return record;
    };
    const exudyn = (i, cpu) => {
      const record = exudynRun(`w${p}-${i}`, cpu);
      if (record.error === undefined) target = solving(record);
      return record;
    };
    for (let i = 0; i < runs && ready.error === undefined; i++) {
      const cpu = pinned ? (p * runs + i) % 2 : undefined;
      if (i % 2 === 0) {
        const exudynRecord = exudyn(i, cpu);
        warmPairs.push([exudynRecord, await batch(cpu)]);
      } else {
        const warmRecord = await batch(cpu);
        warmPairs.push([exudyn(i, cpu), warmRecord]);
      }
      pairCpus.push(cpu);
    }
    warmRuns.push(ready.error === undefined ? await warmChild.finish() : ready);
  }
  exudynVersion = e.find((r) => r.exudyn !== undefined)?.exudyn ?? exudynVersion;
  const row = { ...summarize(name, e, f, warmRuns, warmPairs), host, perCpu: pinned ? pinnedSummary(warmPairs, pairCpus) : undefined };
  rows.push(row);
  console.log(`${name}: ${((Date.now() - began) / 1000).toFixed(0)} s; Exudyn ${significant(row.eMicro)} µs/step, Flexdyn warm ${significant(row.fWarm)}, cold ${significant(row.fCold)}${row.errors.length > 0 ? `; ${row.errors[0]}` : ''}`);
  return row;
}
// the long models (cold process > 10 s) and the particle boxes: one warm-up run (≥ 1 s of solving anyway)
for (const model of models) await measure(model, (r, cpu) => exudynModel(model, r, cpu), (expected[model]?.[1] ?? 0) > 10 ? 1 : undefined);
const particleResults = [];
for (const [n, steps] of particles) particleResults.push({ n, row: await measure(`particles${n}`, (r, cpu) => exudynParticles(n, steps, r, cpu), 1) });
const loadEnd = loadavg();

console.log('');
console.log(table(rows));
console.log('');
if (particleResults.length === 2) {
  const [a, b] = particleResults;
  const slope = (key) => (Math.log(b.row[key] / a.row[key]) / Math.log(b.n / a.n)).toFixed(2);
  console.log(`Particle box, slope of log(µs/step) over log(spheres) from ${a.n} to ${b.n}: Exudyn ${slope('eMicro')}, Flexdyn warm ${slope('fWarm')}, Flexdyn cold ${slope('fCold')}.`);
}
if (taskset) {
  console.log(`Host check before each row (pinned to each CPU: ms of 10⁸ dependent additions, ≈ 85–95 on a quiet host; in brackets ms of the throughput loop, ≈ 8 on a quiet CPU, 13–16 in the slow state): ${rows.map((r) => `${r.name} ${formatHostCheck(r.host)}`).join(', ')}.`);
}
const pinnedRows = rows.filter((r) => r.perCpu !== undefined);
if (pinnedRows.length > 0) console.log(`Pinned warm pairs (each pair on one CPU, alternating): ${pinnedRows.map((r) => `${r.name} ${r.perCpu}`).join(', ')}.`);
const unpinned = rows.filter((r) => r.perCpu === undefined).map((r) => r.name);
if (pinPairs && unpinned.length > 0) console.log(`Warm pairs not pinned (Exudyn solves with more than one thread, or no Exudyn record): ${unpinned.join(', ')}.`);
console.log(`Per-pair warm ratios, quartiles (q1 median q3, pairs): ${rows.map((r) => `${r.name} ${[0.25, 0.5, 0.75].map((q) => quantile(r.warmRatios, q).toFixed(2)).join(' ')} (${r.warmRatios.length})`).join(', ')}.`);
const threads = rows.filter((r) => r.threads.some((t) => t !== 1)).map((r) => `${r.name} (${r.threads.join(', ')})`);
if (threads.length > 0) console.log(`Exudyn threads other than 1 (simulationSettings.parallel.numberOfThreads of the script): ${threads.join(', ')}.`);
for (const row of rows) for (const note of row.notes) console.log(`note: ${row.name}: ${note}`);
for (const row of rows) for (const error of row.errors) console.log(`failed: ${row.name}: ${error}`);
const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`${startedAt.toISOString().slice(0, 16).replace('T', ' ')}–${new Date().toISOString().slice(11, 16)} UTC, nproc ${availableParallelism()}, node ${process.version}, ${pythonVersion}, Exudyn ${exudynVersion}, `
  + `${runs} runs per side (medians), warm: median of ${warmProcesses} processes of ${runs} batches interleaved with Exudyn processes${pinPairs ? ' (each pair pinned to one CPU, alternating, where Exudyn solves on one thread)' : ''}, ${cpu ? 'CPU times' : 'wall times'}, `
  + `${sandboxCertificates === undefined ? 'no NODE_EXTRA_CA_CERTS set' : keepCertificates ? 'Node children with NODE_EXTRA_CA_CERTS' : 'Node children without NODE_EXTRA_CA_CERTS'}, `
  + `Exudyn's modules from bytecode compiled before the first run${sandboxNoBytecode === undefined ? '' : ' (PYTHONDONTWRITEBYTECODE unset for its processes)'}; load average at start ${load(loadStart)}, at end ${load(loadEnd)}. Logs: ${logs}`);
