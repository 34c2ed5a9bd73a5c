/**
 * Static Cosserat-rod benchmarks on the helix roll-up (examples/helixRollUp.ts): a straight rod of two helix
 * coils rolled up by a body-fixed tip moment. Quadratic elements, reduced integration, sparse LU, adaptive
 * load steps from the given number of initial steps (a step that needs more than 12 Newton iterations is
 * repeated with a quarter of the increment; the 100-step runs never need that and are equal steps).
 * - slenderness 10, 10 elements, 100 load steps: CardiLLo's setting (10.4 s, 400 Newton iterations,
 *   26 ms per iteration); the issue's goal is under 0.2 s;
 * - slenderness 1e3, 10 elements, adaptive from one step: as few steps as the formulation needs;
 * - slenderness 10 with 10, 20, 40, 80 elements and 100 steps: the cost per Newton iteration against the
 *   number of elements (sparse assembly and LU: linear growth).
 * - slenderness 10, 100 load steps with the 'quaternion' interpolation: p = 2 × 10 (the R12 row's setting, error
 *   3.56e-3 R0 instead of 6.41e-2) and p = 1 × 10 (which R12 cannot roll up);
 * - slenderness 10, 100 load steps with the 'SE3' interpolation, 5 linear elements: the exact helix (error ~6e-15 R0 at
 *   the Newton tolerance 1e-12; 1.4e-11 R0 with the rows' tolerance 1e-10·|m| + 1e-13·EA).
 * - slenderness 1e3 and 1e4, quaternion p = 2 × 10, formulation 'mixed', one load step (4 Newton iterations; CardiLLo's
 *   mixed element 0.48 s / 0.60 s with 18 / 22 iterations; the issue's goal 1/50 of that).
 * The checks report accepted load steps, Newton iterations and the wall and CPU time per iteration of the last run
 * (CPU time is the steadier figure on a loaded machine).
 * @module
 */

import { buildHelixRollUp, helixNodalError, helixRadius, helixRollUpSettings } from '../examples/helixRollUp.ts';
import type { SolverStatistics } from '../src/index.ts';
import type { Benchmark, PreparedBenchmark } from './harness.ts';

/** Orientation interpolation of the rod. */
type RodInterpolation = 'R12' | 'quaternion' | 'SE3';
/** Formulation of the rod's internal forces. */
type RodFormulation = 'displacement' | 'mixed';

function prepareHelix(numberOfElements: number, slenderness: number, loadSteps: number, interpolation: RodInterpolation, polynomialDegree: number,
  formulation: RodFormulation): PreparedBenchmark {
  const model = buildHelixRollUp({ polynomialDegree, numberOfElements, slenderness, interpolation, formulation });
  const settings = helixRollUpSettings(model, { loadSteps, adaptive: true });
  let statistics: SolverStatistics | undefined;
  let seconds = 0;
  let cpuSeconds = 0;
  return {
    coordinates: model.mbs.systemData.numberOfCoordinatesODE2() + model.mbs.systemData.numberOfCoordinatesAE(),
    get steps() { return statistics?.steps ?? loadSteps; },
    solve: () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      statistics = model.mbs.solveStatic(settings);
      seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      cpuSeconds = (used.user + used.system) / 1e6;
    },
    check: () => {
      const iterations = statistics?.newtonIterations ?? 0;
      const perIteration = iterations > 0 ? (seconds / iterations) * 1e6 : Number.NaN;
      const cpuPerIteration = iterations > 0 ? (cpuSeconds / iterations) * 1e6 : Number.NaN;
      return `${statistics?.steps ?? 0} load steps (${statistics?.rejectedSteps ?? 0} rejected), ${iterations} Newton iterations; last run `
        + `${perIteration.toFixed(1)} µs wall, ${cpuPerIteration.toFixed(1)} µs CPU per iteration (${(cpuPerIteration / numberOfElements).toFixed(2)} µs CPU per iteration and element), `
        + `nodal error ${(helixNodalError(model) / helixRadius).toExponential(4)} R0`;
    },
  };
}

/** One helix benchmark: the given elements, slenderness and (initial) load steps; R12 with p = 2 unless given. */
function helixBenchmark(name: string, description: string, numberOfElements: number, slenderness: number, loadSteps: number, repetitions: number,
  comparison?: Benchmark['comparison'], interpolation: RodInterpolation = 'R12', polynomialDegree = 2, formulation: RodFormulation = 'displacement'): Benchmark {
  return {
    name,
    description,
    repetitions,
    steps: loadSteps,
    // warm-up runs from one initial step (adaptive, same model): JIT only, no allocation estimate (it would compare
    // a one-step with a many-step solve, which adaptive steps make meaningless)
    warmUpSteps: 1,
    warmUpRuns: 2,
    comparison,
    prepare: (steps) => prepareHelix(numberOfElements, slenderness, steps, interpolation, polynomialDegree, formulation),
  };
}

/** The rod statics benchmarks in report order. */
export function rodStaticsBenchmarks(): Benchmark[] {
  return [
    helixBenchmark('rod helix 1e1 p2×10 100 steps', 'helix roll-up, slenderness 10, 10 quadratic elements, 100 load steps (400 Newton iterations), sparse LU; '
      + 'also the 10-element point of the cost per iteration', 10, 1e1, 100, 7,
      { seconds: 0.2, source: 'goal of the issue: under 0.2 s (CardiLLo 10.4 s, 400 Newton iterations, 26 ms per iteration)' }),
    helixBenchmark('rod helix 1e3 p2×10 adaptive', 'helix roll-up, slenderness 1e3, 10 quadratic elements, adaptive load steps from one step, sparse LU', 10, 1e3, 1, 5),
    ...[20, 40, 80].map((nEl) => helixBenchmark(`rod helix 1e1 p2×${nEl} 100 steps`,
      `helix roll-up, slenderness 10, ${nEl} quadratic elements, 100 load steps (400 Newton iterations): cost per iteration vs elements`, nEl, 1e1, 100, 5)),
    helixBenchmark('rod helix 1e1 quaternion p2×10 100 steps', 'helix roll-up as the first row with the quaternion interpolation (A orthonormal everywhere)',
      10, 1e1, 100, 5, undefined, 'quaternion'),
    helixBenchmark('rod helix 1e1 quaternion p1×10 100 steps', 'helix roll-up, slenderness 10, 10 linear elements with the quaternion interpolation '
      + '(R12 diverges there), 100 load steps', 10, 1e1, 100, 5, undefined, 'quaternion', 1),
    helixBenchmark('rod helix 1e1 SE3 p1×5 100 steps', 'helix roll-up, slenderness 10, 5 linear SE(3) elements (constant strain: the exact helix), '
      + '100 load steps', 5, 1e1, 100, 5, undefined, 'SE3', 1),
    ...([[1e3, 0.48], [1e4, 0.60]] as const).map(([slenderness, cardillo]) => helixBenchmark(`rod helix ${slenderness.toExponential(0).replace('+', '')} mixed quaternion p2×10`,
      `helix roll-up, slenderness ${slenderness}, 10 quadratic quaternion elements, formulation 'mixed' (stresses as unknowns), one load step, sparse LU`,
      10, slenderness, 1, 7, { seconds: cardillo / 50, source: `goal of the issue: 1/50 of CardiLLo's mixed element (${cardillo} s, ${slenderness === 1e3 ? '1 load step, 18' : '2 load steps, 22'} Newton iterations, measured here 2026-12-02)` },
      'quaternion', 2, 'mixed')),
  ];
}
