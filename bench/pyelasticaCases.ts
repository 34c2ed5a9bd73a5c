/**
 * Flexdyn's side of the speed table against PyElastica (issue 14, docs/benchmarks.md): each of PyElastica's validation
 * cases at the step size the tests use, with its accuracy figure, steps, Newton iterations, wall and CPU time, per
 * simulated second, next to PyElastica's published step size and step count for the same simulated time (its examples/,
 * explicit position Verlet), and PyElastica's own CPU time per step measured on this machine (bench/pyelasticaFigures.ts)
 * with the ratio of CPU time per simulated second. Each row runs once untimed (JIT warm-up) and then three times: the
 * medians (PyElastica's figures are medians after numba's compilation). Run `nice -n 10 npx tsx bench/pyelasticaCases.ts
 * [--markdown]` (a few minutes; not part of `npm run bench`).
 * @module
 */
import { pathToFileURL } from 'node:url';
import type { SolverStatistics } from '../src/node.ts';
import { axialFriction, inclineFriction, simulateAxialFriction, simulateIncline } from '../examples/frictionValidation.ts';
import { runContinuumSnake } from '../examples/continuumSnake.ts';
import { solveHelicalBuckling } from '../examples/helicalBuckling.ts';
import { freeVibration, upwardZeros } from '../examples/dynamicCantilever.ts';
import { pyelasticaSitting, pyelasticaStepCosts, type PyelasticaCase } from './pyelasticaFigures.ts';

/** One row of the table. */
interface CaseRow {
  name: string;
  /** Simulated time [s] (0: static). */
  simulatedTime: number;
  /** PyElastica's step size [s] and step count for its run of the case, and which measured step cost applies. */
  pyelastica: { dt: number; steps: number; note: string; cost: PyelasticaCase };
  statistics: SolverStatistics;
  wallSeconds: number;
  cpuSeconds: number;
  accuracy: string;
}

/** Runs fn once untimed (JIT warm-up), then `runs` times; the last value and the medians of wall and CPU seconds. */
function timed<T>(fn: () => T, runs = 3): { value: T; wallSeconds: number; cpuSeconds: number } {
  let value = fn();
  const walls: number[] = [], cpus: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now(), cpu = process.cpuUsage();
    value = fn();
    const used = process.cpuUsage(cpu);
    walls.push((performance.now() - started) / 1000);
    cpus.push((used.user + used.system) / 1e6);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { value, wallSeconds: median(walls), cpuSeconds: median(cpus) };
}

/** PyElastica's DynamicCantileverCase as examples/dynamicCantilever.ts runs it: mode 1, ρ∞ = 1, h = T₁/100, 12 periods; accuracy: the period from the zero crossings against 2π/ω₁. */
function cantileverRow(): CaseRow {
  const run = timed(() => freeVibration(100, 12, 1));
  const zeros = upwardZeros(run.value.t, run.value.y), period = run.value.period;
  const measured = (zeros[zeros.length - 1] - zeros[0]) / (zeros.length - 1);
  return {
    name: 'Dynamic cantilever, mode 1 (8 cubic elements, h = T₁/100)', simulatedTime: 12 * period,
    pyelastica: { dt: 5e-4, steps: 600_000, note: '300 s', cost: 'cantilever' }, statistics: run.value.statistics, wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds,
    accuracy: `period ${(measured / period - 1).toExponential(1)} (trapezoidal rule: +3.3e-4)`,
  };
}

/**
 * PyElastica's axial_friction.py at force F, 0.25 s in 250 steps (h = 1e-3), with the viscous stick zone or the elastic
 * stick/slip model: examples/frictionValidation.ts, as test/items/contactRodPlane*.test.ts (model building included in the time).
 */
function axialFrictionRow(F: number, elastic: boolean): CaseRow {
  const run = timed(() => simulateAxialFriction(F, 250, elastic));
  const model = elastic ? 'elastic stick/slip' : 'viscous stick zone';
  return {
    name: `Axial friction, F = ${F} N sliding, ${model} (8 linear elements, h = 1e-3)`, simulatedTime: axialFriction.endTime,
    pyelastica: { dt: 1e-5, steps: 25_000, note: '0.25 s', cost: 'axialFriction' }, statistics: run.value.statistics, wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds,
    accuracy: `kinetic energy ${(run.value.energy / run.value.exact - 1).toExponential(1)}`,
  };
}

/** PyElastica's rolling_friction_on_inclined_plane.py at α = 0.2π (rolling), 0.5 s, h = 2.5e-4: examples/frictionValidation.ts (model building included). */
function rollingRow(): CaseRow {
  const run = timed(() => simulateIncline(0.2 * Math.PI, 2000));
  return {
    name: 'Rolling on an incline, α = 0.2π (8 linear elements, h = 2.5e-4)', simulatedTime: inclineFriction.endTime,
    pyelastica: { dt: 1e-6, steps: 500_000, note: '0.5 s', cost: 'rolling' }, statistics: run.value.statistics, wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds,
    accuracy: `kinetic energy ${(run.value.energy / run.value.exact - 1).toExponential(1)}`,
  };
}

/** The continuum snake of examples/continuumSnake.ts (the paper code's set-up), the paper's gait, 2 s at h = T/stepsPerPeriod. */
function snakeRow(stepsPerPeriod: number): CaseRow {
  const run = timed(() => runContinuumSnake({ stepsPerPeriod }));
  return {
    name: `Continuum snake, paper's gait (the paper code's set-up, 100 linear elements, h = T/${stepsPerPeriod})`, simulatedTime: 2,
    pyelastica: { dt: 1e-5, steps: 200_000, note: '2 s (the paper\'s code; PyElastica\'s cost per step of the 100-element snake)', cost: 'snake100' }, statistics: run.value.statistics, wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds,
    accuracy: `forward speed ${run.value.forwardSpeed.toFixed(4)} m/s`,
  };
}

/** The helical buckling static path of examples/helicalBuckling.ts, 200 SE3 elements, 50 load steps. */
function helicalRow(): CaseRow {
  const run = timed(() => solveHelicalBuckling({ numberOfElements: 200 }, 50));
  return {
    name: 'Helical buckling, static path (200 SE3 elements, 50 load steps)', simulatedTime: 0,
    pyelastica: { dt: 1e-3, steps: 10_500_000, note: '10 500 s, dt = 1e-3·Δl', cost: 'helicalBuckling' }, statistics: run.value.statistics, wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds,
    accuracy: `envelope ${run.value.envelopeError.toExponential(2)}, end moment ${run.value.momentError.toExponential(1)}`,
  };
}

function main(): void {
  const markdown = process.argv.includes('--markdown');
  const rows = [cantileverRow(), axialFrictionRow(10.5, false), axialFrictionRow(8, true), rollingRow(), snakeRow(50), snakeRow(100), helicalRow()];
  const header = [
    'case', 'PyElastica dt, steps', 'Flexdyn steps (rejected)', 'Newton iterations', 'steps ratio', 'wall [s]', 'CPU [s]', 'CPU per simulated s',
    'PyElastica CPU per step', 'PyElastica CPU per simulated s (static: its run)', 'CPU ratio PyElastica / Flexdyn', 'accuracy',
  ];
  const lines = rows.map((r) => {
    const s = r.statistics, cost = pyelasticaStepCosts[r.pyelastica.cost], bound = cost.lowerBound ? '≥ ' : '';
    // PyElastica's CPU time per simulated second = its cost per step × its steps per simulated second; for a static
    // answer (no simulated time on our side) its whole damped run against our solve.
    const theirs = r.simulatedTime > 0 ? cost.microseconds * 1e-6 / r.pyelastica.dt : cost.microseconds * 1e-6 * r.pyelastica.steps;
    const ours = r.simulatedTime > 0 ? r.cpuSeconds / r.simulatedTime : r.cpuSeconds;
    return [
      r.name, `${r.pyelastica.dt}, ${r.pyelastica.steps.toLocaleString('en-US')} (${r.pyelastica.note})`, `${s.steps} (${s.rejectedSteps})`, `${s.newtonIterations}`,
      `${Math.round(r.pyelastica.steps / (s.steps + s.rejectedSteps))}×`, r.wallSeconds.toFixed(2), r.cpuSeconds.toFixed(2),
      r.simulatedTime > 0 ? `${ours.toPrecision(3)} s` : 'static',
      `${bound}${cost.microseconds} µs (${cost.elements} elements)`, `${bound}${theirs.toPrecision(3)} s`, `${bound}${(theirs / ours).toPrecision(3)}×`, r.accuracy,
    ];
  });
  const source = `PyElastica figures: ${pyelasticaSitting.pyelastica}; measured ${pyelasticaSitting.date} on ${pyelasticaSitting.machine} (${pyelasticaSitting.section})`;
  if (markdown) {
    console.log(source);
    console.log('');
    console.log(`| ${header.join(' | ')} |`);
    console.log(`| ${header.map(() => '---').join(' | ')} |`);
    for (const line of lines) console.log(`| ${line.join(' | ')} |`);
  } else {
    console.log(source);
    for (const line of lines) console.log(line.map((cell, i) => `${header[i]}: ${cell}`).join('; '));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
