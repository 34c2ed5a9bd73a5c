/**
 * Flexdyn's side of the helix roll-up comparison with CardiLLo (bench/peers/cardilloSideBySide.mjs): one process, one or
 * more cases given as JSON arguments
 * `{"interpolation": "quaternion", "formulation": "mixed", "constraints": "none", "p": 2, "nel": 10, "slenderness": 1e3, "steps": 1,
 * "adaptive": true, "runs": 5}`. Each case is built (examples/helixRollUp.ts: E = 1, G = 0.5, circle of
 * diameter L/slenderness, body-fixed tip moment, residual tolerance 1e-10·|m| + 1e-13·EA, sparse LU) and solved repeatedly
 * in this process: the first solve is the cold one (JIT not yet warm), then warm-up runs (≥ 2 and 1 s), then timed runs
 * (≥ `runs` and 0.5 s). Only MainSystem.solveStatic is timed (wall: performance.now, CPU: process.cpuUsage); the build is
 * reported apart. Prints one line `HELIX_RESULT {json}` per case: load steps (accepted, rejected), Newton iterations,
 * Jacobian updates, cold and warm (median) solve seconds, CPU µs per Newton iteration and element (warm), and the nodal
 * error max|r_i − r(α_i)|/R0.
 * @module
 */

import { buildHelixRollUp, helixNodalError, helixRadius, helixRollUpSettings, type HelixRollUpOptions } from '../../examples/helixRollUp.ts';
import { median } from '../harness.ts';

/** One case of the command line. */
interface HelixCase {
  interpolation: 'R12' | 'quaternion' | 'SE3';
  p: number;
  nel: number;
  slenderness: number;
  steps: number;
  adaptive?: boolean;
  runs?: number;
  formulation?: HelixRollUpOptions['formulation'];
  constraints?: HelixRollUpOptions['constraints'];
}

/** Wall and CPU seconds of fn. */
function timed<T>(fn: () => T): { value: T; wall: number; cpu: number } {
  const started = performance.now(), startedCpu = process.cpuUsage();
  const value = fn();
  const cpu = process.cpuUsage(startedCpu);
  return { value, wall: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

function runCase(spec: HelixCase): Record<string, unknown> {
  const timedRuns = Math.max(1, spec.runs ?? 5);
  const options: HelixRollUpOptions = {
    polynomialDegree: spec.p, numberOfElements: spec.nel, slenderness: spec.slenderness, interpolation: spec.interpolation,
    formulation: spec.formulation, constraints: spec.constraints,
  };
  const solve = () => {
    const build = timed(() => buildHelixRollUp(options));
    const model = build.value;
    const settings = helixRollUpSettings(model, { loadSteps: spec.steps, adaptive: spec.adaptive ?? false });
    const run = timed(() => {
      try { return { statistics: model.mbs.solveStatic(settings), failure: undefined }; } catch (error) { return { statistics: undefined, failure: error instanceof Error ? error.message : String(error) }; }
    });
    return { model, build, run };
  };
  // cold: the first solve in this process; warm-up: ≥ 2 runs and 1 s (≤ 20 runs); timed: ≥ timedRuns runs and 0.5 s (≤ 50 runs)
  const cold = solve();
  const runs = [cold];
  if (cold.run.value.failure === undefined) {
    let spent = cold.run.wall, count = 1;
    while ((count < 2 || spent < 1) && count < 20) { spent += solve().run.wall; count++; }
    runs.length = 0;
    spent = 0;
    while ((runs.length < timedRuns || spent < 0.5) && runs.length < 50) { const r = solve(); runs.push(r); spent += r.run.wall; }
  }
  const last = runs[runs.length - 1];
  const statistics = last.run.value.statistics;
  const warmCpu = median(runs.map((r) => r.run.cpu));
  return {
    ...spec,
    converged: last.run.value.failure === undefined,
    failure: last.run.value.failure,
    acceptedSteps: statistics?.steps,
    rejectedSteps: statistics?.rejectedSteps,
    newtonIterations: statistics?.newtonIterations,
    jacobianUpdates: statistics?.jacobianUpdates,
    timedRuns: runs.length,
    coldSeconds: cold.run.wall,
    coldCpuSeconds: cold.run.cpu,
    warmSeconds: median(runs.map((r) => r.run.wall)),
    warmCpuSeconds: warmCpu,
    buildCpuSeconds: median(runs.map((r) => r.build.cpu)),
    microsecondsPerIterationAndElement: statistics === undefined ? undefined : (warmCpu * 1e6) / statistics.newtonIterations / spec.nel,
    errorOverR0: last.run.value.failure === undefined ? helixNodalError(last.model) / helixRadius : undefined,
  };
}

for (const argument of process.argv.slice(2)) console.log(`HELIX_RESULT ${JSON.stringify(runCase(JSON.parse(argument) as HelixCase))}`);
