#!/usr/bin/env node
/**
 * Helix roll-up side by side with CardiLLo (docs/benchmarks.md, "Cosserat rods side by side with CardiLLo"): the roll-up of
 * examples/helixRollUp.ts (= CardiLLo's examples/Herrmann2025_mixed_Cosserat_rod/02_helix.py) in three groups,
 * alternating CardiLLo and Flexdyn per row, each side a fresh process:
 *
 * 1. slender: slenderness 1e3 and 1e4, p = 2, 10 elements — CardiLLo's mixed quaternion rod with 1 and 2 load steps
 *    (newton_atol 1e-12 / 1e-14, its example's values) against every Flexdyn formulation (displacement: adaptive load steps
 *    from one step; mixed and its constrained variants: one step);
 * 2. moderate: slenderness 10, p = 2, 10 elements, 100 load steps — CardiLLo's displacement-based quaternion rod
 *    (newton_atol 1e-8, its example's value) against Flexdyn's formulations;
 * 3. scaling (Flexdyn only): CPU µs per Newton iteration and element of each formulation for 10 … 80 elements.
 *
 * CardiLLo: `python3 bench/peers/cardilloHelix.py <case>` with a CardiLLo checkout and bench/peers/cardilloShim on
 * PYTHONPATH (Debian's python3-numpy/-scipy/-matplotlib/-tqdm/-cachetools/-dill/-vtk9); times from time.perf_counter and
 * time.process_time around its Newton solve, one run. Flexdyn: `npx tsx bench/peers/flexdynHelix.ts <case>` (MainSystem.solveStatic
 * timed in the process: cold = the first solve, warm = the median of the timed runs after a warm-up). The last column is
 * CardiLLo's CPU time (its first row of the group) over Flexdyn's warm CPU time. Prints Markdown tables and the machine line.
 *
 * Options: --cardillo <checkout> (/tmp/cardillo) --python <python> (/usr/bin/python3) --runs n (Flexdyn timed runs per case, 5)
 * --groups slender,moderate,scaling (all) --no-cardillo (Flexdyn only) --dry (the plan only).
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

const argv = process.argv.slice(2);
const known = new Set(['--cardillo', '--python', '--runs', '--groups', '--no-cardillo', '--dry']);
for (let i = 0; i < argv.length; i++) {
  if (!known.has(argv[i])) throw new Error(`unknown option ${argv[i]}; options: ${[...known].join(' ')}`);
  if (['--cardillo', '--python', '--runs', '--groups'].includes(argv[i])) i++;
}
function option(name, fallback) {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  if (at + 1 >= argv.length) throw new Error(`${name}: a value is missing`);
  return argv[at + 1];
}
const cardilloCheckout = option('--cardillo', '/tmp/cardillo');
const python = option('--python', '/usr/bin/python3');
const runs = Number(option('--runs', '5'));
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: expected a positive integer, got ${option('--runs')}`);
const groups = option('--groups', 'slender,moderate,scaling').split(',');
for (const group of groups) if (!['slender', 'moderate', 'scaling'].includes(group)) throw new Error(`--groups: unknown group '${group}'`);
const withCardillo = !argv.includes('--no-cardillo');
const dry = argv.includes('--dry');
if (withCardillo && !dry && !existsSync(join(cardilloCheckout, 'cardillo', 'rods', 'cosseratRod.py'))) {
  throw new Error(`--cardillo: no CardiLLo checkout at ${cardilloCheckout} (cardillo/rods/cosseratRod.py missing)`);
}

/** Flexdyn's formulations: label and case fields. */
const formulations = [
  { label: 'R12, displacement', interpolation: 'R12' },
  { label: 'quaternion, displacement', interpolation: 'quaternion' },
  { label: 'quaternion, mixed', interpolation: 'quaternion', formulation: 'mixed' },
  { label: 'quaternion, mixed, shear-rigid', interpolation: 'quaternion', formulation: 'mixed', constraints: 'shearRigid' },
  { label: 'quaternion, mixed, inextensible', interpolation: 'quaternion', formulation: 'mixed', constraints: 'inextensible' },
  { label: 'quaternion, mixed, Kirchhoff', interpolation: 'quaternion', formulation: 'mixed', constraints: 'kirchhoff' },
  { label: 'R12, mixed', interpolation: 'R12', formulation: 'mixed' },
];
const label = ({ label: name, ...fields }) => [name, fields];

/** Runs CardiLLo on one case; returns its JSON result or the failure. */
function runCardillo(spec) {
  if (dry) return { dry: true };
  const result = spawnSync('nice', ['-n', '10', python, join(here, 'cardilloHelix.py'), JSON.stringify(spec)], {
    cwd: '/tmp', encoding: 'utf8', env: { ...process.env, PYTHONPATH: `${join(here, 'cardilloShim')}:${cardilloCheckout}` }, maxBuffer: 1 << 26,
  });
  const line = result.stdout.split('\n').find((l) => l.startsWith('{'));
  return line === undefined ? { failure: (result.stderr || result.stdout).trim().split('\n').slice(-1)[0] } : JSON.parse(line);
}

/** Runs Flexdyn on one case; returns its JSON result or the failure. */
function runFlexdyn(spec, timedRuns = runs) {
  if (dry) return { dry: true };
  const result = spawnSync('nice', ['-n', '10', 'npx', 'tsx', join(here, 'flexdynHelix.ts'), JSON.stringify({ ...spec, runs: timedRuns })], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  const line = result.stdout.split('\n').find((l) => l.startsWith('HELIX_RESULT '));
  return line === undefined ? { failure: (result.stderr || result.stdout).trim().split('\n').slice(-1)[0] } : JSON.parse(line.slice('HELIX_RESULT '.length));
}

const seconds = (x) => (x === undefined ? '–' : x < 1 ? `${(x * 1000).toFixed(0)} ms` : `${x.toFixed(2)} s`);
const error = (x) => (x === undefined ? '–' : x.toExponential(3));
function table(header, rows) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, i) => (i === 0 ? ':---' : '---:')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('');
}
const ratio = (peerCpu, cpu) => (peerCpu === undefined || cpu === undefined ? '–' : `${(peerCpu / cpu).toFixed(1)}×`);
const cardilloRow = (name, r) => r.failure !== undefined ? [name, '–', '–', r.failure.slice(0, 60), '', '', '', '']
  : [name, r.dry ? '' : `${r.loadSteps}`, r.dry ? '' : `${r.newtonIterations}`, seconds(r.solveSeconds), seconds(r.solveCpuSeconds), '–', error(r.errorOverR0), ''];
const flexdynRow = (name, r, peerCpu) => r.failure !== undefined ? [name, '–', '–', r.failure.slice(0, 60), '', '', '', '']
  : [name, r.dry ? '' : `${r.acceptedSteps} (${r.rejectedSteps} rejected)`, r.dry ? '' : `${r.newtonIterations}`, seconds(r.warmSeconds), seconds(r.warmCpuSeconds),
    seconds(r.coldSeconds), error(r.errorOverR0), ratio(peerCpu, r.warmCpuSeconds)];
const header = ['p = 2, 10 elements', 'load steps', 'Newton it.', 'solve wall', 'solve CPU', 'Flexdyn cold wall', 'error/R0', 'CardiLLo ÷ Flexdyn CPU'];

const started = new Date();
console.log(`Helix roll-up side by side with CardiLLo, ${started.toISOString()}, ${availableParallelism()} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);

if (groups.includes('slender')) {
  for (const slenderness of [1e3, 1e4]) {
    console.log(`Slenderness ${slenderness.toExponential(0)}:\n`);
    const rows = [];
    let peerCpu;
    if (withCardillo) {
      for (const steps of [1, 2]) {
        const r = runCardillo({ interpolation: 'Quaternion', mixed: true, p: 2, nel: 10, slenderness, steps, atol: slenderness === 1e3 ? 1e-12 : 1e-14 });
        peerCpu ??= r.solveCpuSeconds;
        rows.push(cardilloRow(`CardiLLo quaternion, mixed, ${steps} load step${steps > 1 ? 's' : ''}`, r));
      }
    }
    for (const [name, fields] of formulations.map(label)) {
      const mixed = fields.formulation === 'mixed';
      rows.push(flexdynRow(`Flexdyn ${name}`, runFlexdyn({ ...fields, p: 2, nel: 10, slenderness, steps: 1, adaptive: !mixed }), peerCpu));
    }
    table(header, rows);
  }
}

if (groups.includes('moderate')) {
  console.log('Slenderness 10, 100 equal load steps:\n');
  const rows = [];
  let peerCpu;
  if (withCardillo) {
    const r = runCardillo({ interpolation: 'Quaternion', mixed: false, p: 2, nel: 10, slenderness: 10, steps: 100, atol: 1e-8 });
    peerCpu = r.solveCpuSeconds;
    rows.push(cardilloRow('CardiLLo quaternion, displacement', r));
  }
  for (const [name, fields] of formulations.map(label)) rows.push(flexdynRow(`Flexdyn ${name}`, runFlexdyn({ ...fields, p: 2, nel: 10, slenderness: 10, steps: 100 }), peerCpu));
  table(header, rows);
}

if (groups.includes('scaling')) {
  console.log('CPU µs per Newton iteration and element (warm), slenderness 10, p = 2, 100 equal load steps:\n');
  const meshes = [10, 20, 40, 80];
  const rows = [];
  for (const [name, fields] of formulations.map(label)) {
    const row = [name];
    for (const nel of meshes) {
      const r = runFlexdyn({ ...fields, p: 2, nel, slenderness: 10, steps: 100 }, 2);
      row.push(r.failure !== undefined ? 'fails' : r.dry ? '' : r.microsecondsPerIterationAndElement.toFixed(1));
    }
    rows.push(row);
  }
  table(['formulation', ...meshes.map((n) => `${n} elements`)], rows);
}
console.log(`ended ${new Date().toISOString()}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
