import type { SystemState } from '../model/SystemState.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';
import type { TripletMatrixValue } from '../registry/parameters.ts';

/*
 * The contracts between the step loop (stepLoop.ts), the time steppers (static, implicit, explicit) and the output
 * recorder (output.ts): each of them imports these, none of them imports another for its types.
 */

/**
 * Additional Jacobian terms of a system Jacobian user function: sparse [row, column, value] triplets in the system's
 * unknowns (ODE2 coordinates, then algebraic, then ODE1 ones), as a list or as Exudyn's MatrixContainer in triplet form (its
 * numberOfRows/numberOfColumns are not used: the indices are checked against the system size). Repeated positions add up.
 */
export type SystemJacobianTerms = readonly (readonly [number, number, number])[] | TripletMatrixValue;

/** User hooks the MainSystem passes to the solvers (Exudyn's MainSystem user functions). */
export interface SolverHooks {
  /** Called at the start of each step with the new time; returning false stops the simulation. */
  preStepUserFunction?: (mbs: UserFunctionSystem, t: number) => boolean | void;
  /**
   * Called after each accepted step (and once for the initial state), before sensors and the solution file record it;
   * it may change the current state. Returning false stops the simulation after this step.
   */
  postStepUserFunction?: (mbs: UserFunctionSystem, t: number) => boolean | void;
  /**
   * Called after each Newton solve (each step of an explicit solver) before the items' post-Newton steps; returns
   * [error, recommended step size (< 0: none)]; |error| adds to the discontinuous error (see DiscontinuousSettings).
   */
  postNewtonUserFunction?: (mbs: UserFunctionSystem, t: number) => readonly [number, number] | readonly number[];
  /**
   * Called by the implicit and static solvers before every evaluation of the Newton residual (not before Jacobians):
   * newtonIt = 0 for the residual of the predictor, k after the k-th Newton update; discontinuousIt counts the
   * post-Newton iterations of the step from 0.
   */
  preNewtonResidualUserFunction?: (mbs: UserFunctionSystem, t: number, newtonIt: number, discontinuousIt: number) => void;
  /**
   * Called by the implicit and static solvers after assembling each Newton Jacobian; returns terms of the Jacobian of the
   * right-hand side f (for a spring force f = −k·q: −k) multiplied by factorODE2 for derivatives with respect to
   * coordinates, factorODE2_t for velocities and factorODE1 for first-order coordinates (Exudyn's values: static 1, 0, 1;
   * implicit −βh², −γh, −βh²); the solver adds them to its Jacobian.
   */
  systemJacobianUserFunction?: (mbs: UserFunctionSystem, t: number, factorODE2: number, factorODE2_t: number, factorODE1: number) => SystemJacobianTerms;
}

/** Result of one step attempt. */
export interface StepAttempt {
  /** True if the step was accepted. */
  accepted: boolean;
  /** Newton iterations (0 for explicit methods). */
  iterations: number;
  /** Step size to use next (automatic step size); undefined keeps the step loop's rule. */
  nextStepSize?: number;
  /** Why the step failed, for the error message if it cannot be reduced. */
  failure?: string;
  /** Jacobian evaluations and factorizations of the step's Newton iterations (0 for explicit methods). */
  jacobianUpdates: number;
  /**
   * Iterations that decide whether the step size may grow again (Exudyn: the last Newton solve's iterations plus the
   * discontinuous iterations); undefined: iterations.
   */
  recoveryIterations?: number;
  /**
   * True: the stepper wrote every coordinate of the current state in this attempt (q, u, a, λ, ODE1 values and rates;
   * not the data coordinates) and found them all finite on the way (an accepted attempt only), so the step loop skips
   * its own finiteness pass. Anything else: the step loop checks the state.
   */
  stateFinite?: boolean;
  /**
   * True: the current state is the one at which the stepper evaluated its last residual (an accepted Newton solve ends
   * with that evaluation), so the post-Newton steps may reuse what the items computed there
   * (PostNewtonOutput.stateOfLastResidual). Anything else: not known.
   */
  endsAtResidual?: boolean;
}

/** Sets all fields of a stepper's reusable attempt record and returns it. */
export function setAttempt(attempt: StepAttempt, accepted: boolean, iterations: number, nextStepSize?: number, failure?: string, jacobianUpdates = 0): StepAttempt {
  attempt.accepted = accepted;
  attempt.iterations = iterations;
  attempt.jacobianUpdates = jacobianUpdates;
  attempt.nextStepSize = nextStepSize;
  attempt.failure = failure;
  attempt.recoveryIterations = undefined;
  attempt.stateFinite = undefined;
  attempt.endsAtResidual = undefined;
  return attempt;
}

/** A fresh attempt record for a stepper to reuse with {@link setAttempt}. */
export function newAttempt(): StepAttempt {
  // all fields from the start: one object shape for every attempt record the step loop reads
  return { accepted: true, iterations: 0, nextStepSize: undefined, failure: undefined, jacobianUpdates: 0, recoveryIterations: undefined, stateFinite: undefined, endsAtResidual: undefined };
}

/** A time integrator as the step loop drives it. */
export interface TimeStepper {
  /** Human-readable solver name. */
  readonly name: string;
  /**
   * Integrates from the start-of-step coordinates (and the current data coordinates) to time current.t with step h;
   * discontinuousIteration counts the repetitions of the step by the discontinuous iteration from 0. The returned
   * object may be reused by the stepper's next step (no allocation per step).
   */
  step(h: number, stepIndex: number, discontinuousIteration: number): StepAttempt;
  /** Restores solver-internal values (e.g. algorithmic accelerations) to the start of step. */
  restoreStartOfStep(): void;
  /** Saves solver-internal values at the start of step. */
  saveStartOfStep(): void;
  /**
   * True if the stepper controls its step size (embedded explicit pairs): the loop then starts with the schedule's
   * initialStepSize, adapts the steps and takes each attempt's nextStepSize.
   */
  readonly automaticStepSize?: boolean;
  /**
   * Called by the step loop before a step when node or object parameters changed since the last step (the compiled
   * model's nodeObjectRevision advanced: set…Parameter from a user function): the stepper drops what it built from them
   * (node lists, eliminated coordinates).
   */
  modelChanged?(): void;
  /**
   * Called by the step loop after each accepted step, after its output; returns true when the stepper's own end
   * criterion is reached (the arc-length solver's maximum load factor), which ends the solve. Absent: the end time ends it.
   */
  stepAccepted?(): boolean;
  /**
   * Called by runSolver (stepLoop.ts) when its run is over (solveStatic, solveDynamic) and nothing can reach the stepper any
   * more: gives its linear system's dense or sparse LU memory back to its pool (LinearSystem.release). The stepper does not step
   * afterwards. Solver objects never call it (their accessors read the run after finalizeSolver).
   */
  release?(): void;
}

/** Statistics of a finished solve. */
export interface SolverStatistics {
  /** Accepted steps. */
  steps: number;
  /** Rejected or repeated steps. */
  rejectedSteps: number;
  /** Total Newton iterations. */
  newtonIterations: number;
  /** Jacobian evaluations and factorizations of the Newton iterations, rejected steps included (0 for explicit methods). */
  jacobianUpdates: number;
  /** Discontinuous iterations (post-Newton steps), rejected steps included. */
  discontinuousIterations: number;
  /** Wall time in seconds. */
  computationTime: number;
  /**
   * The equilibrium path of an arc-length solve (staticSolver.arcLength): path parameter t (the loop's time,
   * loadStepStart + arc length) and load factor of the initial state and of every accepted step. Absent otherwise.
   */
  equilibriumPath?: EquilibriumPath;
}

/** Load factor against path parameter of an arc-length solve, one entry per accepted step (the initial state first). */
export interface EquilibriumPath {
  /** Path parameter loadStepStart + s (s the accumulated arc length): the time column of the sensor rows. */
  readonly pathParameter: number[];
  /** Load factor λ at that point. */
  readonly loadFactor: number[];
}

/** What the step loop reports to the output: the state after each accepted step (and once at the start). */
export interface StepRecorder {
  /** Writes the sensor rows and solution rows that are due at s.t; stepSize is the step that reached it. */
  finishStep(s: SystemState, stepSize: number, isInitial: boolean): void;
}
