#!/usr/bin/env node
/**
 * Cold start of the compiled package (docs/benchmarks.md, "Cold start"): fresh Node processes that import the package
 * entry (`import('flexdyn')` in the package root, resolved through its package.json as a user's import is) or run one
 * test model from compiled JavaScript (`node dist/testModels/runTestModel.js <name>`), for one or more package roots (a
 * folder with package.json and dist/, e.g. this repository after `npm run build` and a copy of an older build; a root
 * written `<folder>#<condition>` runs Node with `--conditions=<condition>`, e.g. `.#flexdyn-modules` for the ES-module
 * bundles of the same build instead of the engine script), interleaved so that a changing machine load hits all roots
 * alike. Prints the medians of wall time (measured here, around the child process) and of the child's
 * CPU time (user + system), per root and case.
 *
 * Usage: `node bench/coldStart.mjs [--runs 7] [--root .] [--root /tmp/old-build] [--root .#flexdyn-modules] [model …]`
 * (defaults: this repository; heavyTop sliderCrank3Dtest sphericalJointTest fourBarMechanismTest objectFFRFreducedOrderTest).
 * Plain JavaScript, so that no transpiler runs in the measured processes or beside them.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const roots = [];
const models = [];
let runs = 7;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--root') {
    const [folder, condition] = args[++i].split('#');
    roots.push({ folder: resolve(folder), flags: condition === undefined ? [] : [`--conditions=${condition}`], label: args[i] });
  }
  else models.push(args[i]);
}
if (roots.length === 0) roots.push({ folder: resolve('.'), flags: [], label: '.' });
if (models.length === 0) models.push('heavyTop', 'sliderCrank3Dtest', 'sphericalJointTest', 'fourBarMechanismTest', 'objectFFRFreducedOrderTest');

/** One fresh process: [wall s, cpu s]. */
function measure(root, model) {
  // import('flexdyn') from the package root resolves through its package.json (self-reference), as a user's import does
  const command = model === undefined
    ? ['--input-type=module', '-e', "await import('flexdyn'); const u = process.cpuUsage(); console.log('cpu', (u.user + u.system) / 1e6, 's')"]
    : [join(root.folder, 'dist', 'testModels', 'runTestModel.js'), model];
  const started = performance.now();
  const result = spawnSync(process.execPath, [...root.flags, ...command], { encoding: 'utf8', cwd: root.folder });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  const cpu = Number(/cpu ([0-9.e-]+) s/.exec(result.stdout)?.[1]);
  return [wall, cpu];
}

const median = (values) => { const s = [...values].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2; };
const cases = [undefined, ...models];
const samples = new Map();
const loads = [loadavg()[0]];
for (let run = 0; run < runs; run++) {
  for (const model of cases) {
    for (const root of roots) {
      const key = `${root.label}\u0000${model ?? 'import'}`;
      if (!samples.has(key)) samples.set(key, []);
      samples.get(key).push(measure(root, model));
    }
  }
  loads.push(loadavg()[0]);
}
console.log(`${runs} fresh processes per case, Node ${process.version}, load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
console.log(`| case | ${roots.map((r) => `${r.label} wall [s] | cpu [s]`).join(' | ')} |`);
console.log(`|---|${roots.map(() => '---|---').join('|')}|`);
for (const model of cases) {
  const cells = roots.map((root) => {
    const s = samples.get(`${root.label}\u0000${model ?? 'import'}`);
    return `${median(s.map((x) => x[0])).toFixed(3)} | ${median(s.map((x) => x[1])).toFixed(3)}`;
  });
  console.log(`| ${model ?? "import('flexdyn')"} | ${cells.join(' | ')} |`);
}
