import type { LinearSystem } from './linearSystem.ts';
import type { MatrixAccumulator } from '../model/assembly.ts';
import type { NewtonSettings } from './SimulationSettings.ts';
import type { ResidualMagnitude } from './roundOff.ts';

/** A nonlinear problem r(x) = 0 on the solver's unknowns, as the Newton iteration sees it. */
export interface NewtonProblem {
  /** Number of unknowns (ODE2 increments and scaled multipliers). */
  readonly size: number;
  /**
   * Writes the residual used in the linear solve into r and its norm for the convergence test into
   * {@link NewtonProblem.residualNorm} (a field, not a return value: a double returned from a call the optimizer does
   * not inline is boxed in a new heap object, once per iteration).
   */
  residual(r: Float64Array): void;
  /** Norm of the last residual() for the convergence test. */
  readonly residualNorm: number;
  /**
   * True if {@link NewtonProblem.residualNorm} of the last residual() is finite only when every entry of r is: the solver
   * then takes a finite norm without scanning r. Absent or false: r is scanned (a norm may skip NaN entries).
   */
  readonly residualNormCoversEntries?: boolean;
  /**
   * Called before each residual(): newtonIteration 0 before the first, k after the k-th update (the MainSystem's
   * pre-Newton-residual function). Absent: nothing to call.
   */
  beforeResidual?(newtonIteration: number): void;
  /** Adds the Jacobian into an empty matrix: the linear system (between begin() and factorize()) or a dense copy. */
  jacobian(system: MatrixAccumulator): void;
  /** Applies x ← x − Δ to the state. */
  update(delta: Float64Array): void;
  /**
   * Magnitude of the terms summed into the residual at the current state, in the units of residualNorm
   * ({@link ResidualMagnitude}): a residual below roundOffResidualFactor·ε times it is at its round-off level.
   * Absent: no round-off test.
   */
  roundOffScale?(): number;
  /**
   * Returns the unknowns to where the solve started (the predictor of a time step, the start of a load step): modified
   * Newton's restart after diverging iterations. Absent: no restart (the Jacobian is updated instead).
   */
  restart?(): void;
  /** Names the item owning an unknown, for singular-Jacobian messages. */
  describeUnknown(index: number): string;
  /** Why the residual is not finite (the item whose term is not finite, see stepDiagnosis.ts), for the failure message. */
  explainNonFiniteResidual?(): string;
}

/** Outcome of one Newton solve. */
export interface NewtonResult {
  /** True if converged. */
  converged: boolean;
  /** Iterations taken. */
  iterations: number;
  /** Residual norm at the end. */
  residual: number;
  /** Number of Jacobian factorizations. */
  jacobianUpdates: number;
  /** Why the iteration stopped without convergence (singular Jacobian, divergence), if it did. */
  failure?: string;
}

/**
 * Newton's method with Exudyn's criteria: at least one iteration; converged when
 * res/res₀ ≤ relativeTolerance or res ≤ absoluteTolerance; res₀ raised to the first
 * iteration's residual if larger (adaptInitialResidual). Beyond Exudyn, also converged when
 * the residual stagnates at or below roundOffResidualFactor·ε·‖w‖ (its round-off level, w the magnitudes of the
 * summed terms, {@link NewtonProblem.roundOffScale}): stiff problems (steel rods: forces ~EA·ε) cannot get below it,
 * however small their loads. ‖w‖ is evaluated at the iterate it accepts; as it costs a stiffness assembly, the solver
 * keeps the value of an earlier iterate (stiffness and configuration change slowly) to skip evaluations far above
 * the level. Full Newton factorizes every
 * iteration; modified Newton keeps the factorization (also across steps) while the residual contracts (from the third
 * iteration: res/res_last ≤ modifiedNewtonContractivity), updates it otherwise, in every iteration after
 * maxModifiedNewtonIterations and at every step with modifiedNewtonJacUpdatePerStep, turns into full Newton after
 * maxModifiedNewtonRestartIterations more, and restarts the solve from the predictor when the residual more than doubles or
 * contracts badly again after a restart (then with full Newton), as Exudyn's CSolverBase::Newton;
 * weightTolerancePerCoordinate divides the norms by √n.
 * Work arrays are allocated once per solver.
 */
export class NewtonSolver {
  private readonly r: Float64Array;
  private readonly delta: Float64Array;
  /**
   * Every field from the start, the residual a double (NaN until the first solve ends): a first fraction stored into a
   * field that held a small integer, or a field added later, changes V8's layout of the record; the next solver's record
   * (the next solve's) then no longer had the layout the compiled Newton loop assumed, which V8 discarded there.
   */
  private readonly result: NewtonResult = { converged: false, iterations: 0, residual: Number.NaN, jacobianUpdates: 0, failure: undefined };
  /**
   * ‖w‖ of the round-off test at the last iterate it was evaluated for (NaN: not yet); kept across solves. A double from
   * the start: a field first holding a small integer changes V8's layout of every solver when the first ‖w‖ is stored,
   * which deoptimizes the compiled Newton loop and its callers (in mainSystemExtensionsTests in its fifth solve).
   */
  private roundOffScale = Number.NaN;
  /** Evaluations of ‖w‖ in the current solve. */
  private roundOffEvaluations = 0;
  /** Set to force a Jacobian update in the next iteration (modified Newton). */
  jacobianUpdateRequested = true;

  constructor(private readonly system: LinearSystem, private readonly settings: NewtonSettings, size: number) {
    this.r = new Float64Array(size);
    this.delta = new Float64Array(size);
  }

  /**
   * Runs the iteration from the state the problem holds (after its predictor). The result
   * object is reused by the next call (no allocation per step): read it before solving again.
   */
  solve(problem: NewtonProblem): NewtonResult {
    const s = this.settings;
    const r = this.r;
    const delta = this.delta;
    const weight = s.weightTolerancePerCoordinate ? 1 / Math.sqrt(Math.max(problem.size, 1)) : 1;
    if (s.useModifiedNewton && s.modifiedNewtonJacUpdatePerStep) this.jacobianUpdateRequested = true;
    problem.beforeResidual?.(0);
    problem.residual(r);
    // the norm straight from the field when it covers every entry (no call per residual)
    let initialResidual = weight * (problem.residualNormCoversEntries === true ? problem.residualNorm : finiteOrNaN(problem, r));
    if (!Number.isFinite(initialResidual)) return this.finish(false, 0, initialResidual, 0, nonFiniteFailure(problem));
    if (initialResidual <= s.absoluteTolerance) initialResidual = 2 * s.absoluteTolerance;
    let residual = initialResidual;
    let lastResidual = initialResidual;
    let iterations = 0;
    let jacobianUpdates = 0;
    this.roundOffEvaluations = 0;
    const roundOffTest = s.roundOffResidualFactor > 0 && problem.roundOffScale !== undefined;
    const modified = s.useModifiedNewton;
    const canRestart = problem.restart !== undefined;
    // Exudyn's modified Newton (CSolverBase::Newton): Jacobian updates after maxModifiedNewtonIterations iterations of the
    // solve or on bad contractivity, full Newton after maxModifiedNewtonRestartIterations more; contractivity > 2 (or bad
    // contractivity again after a restart, then with full Newton) restarts the solve from the predictor and asks for one
    // iteration more after it converges
    let fullNewton = !modified;
    let restarted = false;
    let iterationAfterRestart = false;
    while (iterations < s.maxIterations) {
      iterations++;
      if (fullNewton || this.jacobianUpdateRequested) {
        const singular = this.factorize(problem);
        if (singular !== undefined) return this.finish(false, iterations, residual, jacobianUpdates, singular);
        jacobianUpdates++;
        this.jacobianUpdateRequested = false;
      }
      this.system.solve(r, delta);
      problem.update(delta);
      problem.beforeResidual?.(iterations);
      problem.residual(r);
      residual = weight * (problem.residualNormCoversEntries === true ? problem.residualNorm : finiteOrNaN(problem, r));
      if (!Number.isFinite(residual)) return this.finish(false, iterations, residual, jacobianUpdates, nonFiniteFailure(problem));
      if (residual * residual >= s.maximumSolutionNorm) {
        return this.finish(false, iterations, residual, jacobianUpdates, `the residual norm ${residual.toExponential(3)} exceeds √maximumSolutionNorm (diverged)`);
      }
      // the first iteration's test first: both comparisons then run in every step (V8 compiles them with type feedback)
      if (s.adaptInitialResidual && iterations <= 1 && residual > initialResidual) {
        initialResidual = residual;
        lastResidual = residual;
      }
      const converged = !s.useNewtonSolver || residual / initialResidual <= s.relativeTolerance || residual <= s.absoluteTolerance
        || (roundOffTest && this.atRoundOffLevel(problem, weight * s.roundOffResidualFactor * Number.EPSILON, residual, lastResidual, iterations));
      if (iterationAfterRestart && converged) {
        iterationAfterRestart = false;
        continue;
      }
      if (converged) return this.finish(true, iterations, residual, jacobianUpdates);
      iterationAfterRestart = false;
      if (!fullNewton) {
        // the request stored in every modified iteration (the value it holds, or true once the iterations run out): a store
        // first made when a late step first needed that many iterations threw away the optimized Newton loop
        // (driveTrainTest, sphericalJointTest, bricardMechanism)
        const iterationsRunOut = iterations > s.maxModifiedNewtonIterations;
        this.jacobianUpdateRequested = this.jacobianUpdateRequested || iterationsRunOut;
        if (iterations > s.maxModifiedNewtonIterations + (s.modifiedNewtonJacUpdatePerStep ? 0 : s.maxModifiedNewtonRestartIterations)) fullNewton = true;
      }
      const contractivity = residual / lastResidual;
      lastResidual = residual;
      // the request stored and the divergence test made in every iteration, as above: a bad contraction first met after V8
      // compiled the loop discarded it (contactCurveExample, after its first steps, in a third of the fresh processes)
      const badContraction = !fullNewton && iterations > 2 && contractivity > s.modifiedNewtonContractivity;
      const diverging = contractivity > 2;
      this.jacobianUpdateRequested = this.jacobianUpdateRequested || badContraction;
      if (badContraction) {
        if (restarted) fullNewton = true;
        if ((diverging || fullNewton) && canRestart) {
          restarted = true;
          residual = initialResidual;
          lastResidual = initialResidual;
          problem.restart!();
          problem.beforeResidual?.(iterations);
          problem.residual(r);
          iterationAfterRestart = true;
        }
      }
    }
    return this.finish(false, iterations, residual, jacobianUpdates);
  }

  /**
   * The round-off test: the residual stagnates (res > {@link roundOffStagnation}·res_last: Newton no longer reduces
   * it, so it is noise, not the error of the iterate, which a quadratic iteration would reduce) and res ≤ factor·‖w‖,
   * factor = weight·roundOffResidualFactor·ε, ‖w‖ evaluated at the current iterate. The kept ‖w‖ of an earlier iterate
   * spares evaluations: none when the residual is above {@link roundOffWindow} times its level, at most
   * {@link roundOffEvaluationsPerSolve} per solve, and one in the last iteration in any case.
   */
  private atRoundOffLevel(problem: NewtonProblem, factor: number, residual: number, lastResidual: number, iterations: number): boolean {
    // the kept level's tests in every call, not only in a stagnating one: a stagnating iteration can come first after V8
    // compiled the Newton loop (which inlines this method), and a test it had never run with type feedback discarded the
    // compiled loop there (contactCurveExample: after its first step, in about half of the fresh processes)
    const scale = this.roundOffScale;
    const kept = scale >= 0, beforeLastIteration = iterations < this.settings.maxIterations;
    const aboveWindow = residual > roundOffWindow * factor * scale, evaluationsSpent = this.roundOffEvaluations >= roundOffEvaluationsPerSolve;
    if (iterations < 2 || residual <= roundOffStagnation * lastResidual) return false;
    if (kept && beforeLastIteration && (aboveWindow || evaluationsSpent)) return false;
    this.roundOffScale = problem.roundOffScale!();
    this.roundOffEvaluations++;
    return residual <= factor * this.roundOffScale;
  }

  private finish(converged: boolean, iterations: number, residual: number, jacobianUpdates: number, failure?: string): NewtonResult {
    const result = this.result;
    result.failure = failure;
    result.converged = converged;
    result.iterations = iterations;
    result.residual = residual;
    result.jacobianUpdates = jacobianUpdates;
    return result;
  }

  /** Assembles and factorizes the Jacobian; returns the reason if it is singular (the step then fails and may be reduced). */
  private factorize(problem: NewtonProblem): string | undefined {
    this.system.begin();
    problem.jacobian(this.system);
    const result = this.system.factorize();
    if (result.ok) return undefined;
    return `Jacobian is singular: no pivot for ${problem.describeUnknown(result.singularIndex)}; check for missing supports, redundant or conflicting constraints and zero masses (mbs.computeSystemDegreeOfFreedom() names redundant constraint equations; linearSolverSettings.ignoreSingularJacobian solves with them)`;
  }
}

/** Residuals above this multiple of the kept round-off level do not evaluate ‖w‖ (except in the last iteration). */
export const roundOffWindow = 100;
/** Contraction res/res_last above which an iteration counts as stagnating (a condition of the round-off test). */
export const roundOffStagnation = 0.25;
/** Evaluations of ‖w‖ per solve inside the window (the last iteration may add one). */
export const roundOffEvaluationsPerSolve = 3;

/** The failure message of a non-finite residual. */
function nonFiniteFailure(problem: NewtonProblem): string {
  return `the residual is not finite: ${problem.explainNonFiniteResidual?.() ?? 'an entry is NaN or infinite'}`;
}

/** The residual norm, or NaN if an entry of r is not finite (a norm may skip NaN entries). */
function finiteOrNaN(problem: NewtonProblem, r: Float64Array): number {
  const norm = problem.residualNorm;
  if (problem.residualNormCoversEntries === true) return norm;
  for (let i = 0; i < r.length; i++) if (!Number.isFinite(r[i])) return Number.NaN;
  return norm;
}

/** Passes mbs.solverSignalJacobianUpdate (Exudyn's) on to a Newton solver at the start of a step and clears it. */
export function takeJacobianUpdateSignal(model: { signalJacobianUpdate: boolean }, newton: NewtonSolver): void {
  if (!model.signalJacobianUpdate) return;
  newton.jacobianUpdateRequested = true;
  model.signalJacobianUpdate = false;
}
