/**
 * Flexdyn's side of the helix roll-up comparison with CardiLLo (bench/peers/cardilloSideBySide.mjs): one process, one or
 * more cases given as JSON arguments
 * `{"interpolation": "quaternion", "formulation": "mixed", "constraints": "none", "p": 2, "nel": 10, "slenderness": 1e3, "steps": 1,
 * "adaptive": true, "runs": 3}`. Each case is built and solved `runs` times in this process
 * (examples/helixRollUp.ts: E = 1, G = 0.5, circle of diameter L/slenderness, body-fixed tip moment, residual tolerance
 * 1e-10·|m| + 1e-13·EA, sparse LU); the first solve is the cold one (JIT not yet warm), the median of the others the warm
 * time. Prints one line `HELIX_RESULT {json}` per case: load steps (accepted, rejected), Newton iterations, Jacobian
 * updates, cold and warm solve seconds (MainSystem.solveStatic only), µs per Newton iteration and element (warm), and the
 * nodal error max|r_i − r(α_i)|/R0.
 * @module
 */

import { helixNodalError, helixRadius, solveHelixRollUp, type HelixRollUpOptions } from '../../examples/helixRollUp.ts';
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

function runCase(spec: HelixCase): Record<string, unknown> {
  const runs = Math.max(1, spec.runs ?? 3);
  const seconds: number[] = [];
  let last: ReturnType<typeof solveHelixRollUp> | undefined;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    last = solveHelixRollUp(
      { polynomialDegree: spec.p, numberOfElements: spec.nel, slenderness: spec.slenderness, interpolation: spec.interpolation,
        formulation: spec.formulation, constraints: spec.constraints },
      { loadSteps: spec.steps, adaptive: spec.adaptive ?? false },
    );
    seconds.push((performance.now() - started) / 1000);
    if (last.failure !== undefined) break;
  }
  const statistics = last!.statistics;
  const warm = seconds.length > 1 ? median(seconds.slice(1)) : seconds[0];
  return {
    ...spec,
    converged: last!.failure === undefined,
    failure: last!.failure,
    acceptedSteps: statistics?.steps,
    rejectedSteps: statistics?.rejectedSteps,
    newtonIterations: statistics?.newtonIterations,
    jacobianUpdates: statistics?.jacobianUpdates,
    coldSeconds: seconds[0],
    warmSeconds: warm,
    microsecondsPerIterationAndElement: statistics === undefined ? undefined : (warm * 1e6) / statistics.newtonIterations / spec.nel,
    errorOverR0: last!.failure === undefined ? helixNodalError(last!.model) / helixRadius : undefined,
  };
}

for (const argument of process.argv.slice(2)) console.log(`HELIX_RESULT ${JSON.stringify(runCase(JSON.parse(argument) as HelixCase))}`);
