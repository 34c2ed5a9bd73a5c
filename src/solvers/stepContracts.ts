import type { SystemState } from '../model/SystemState.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';

/*
 * The contracts between the step loop (stepLoop.ts), the time steppers (static, implicit, explicit) and the output
 * recorder (output.ts): each of them imports these, none of them imports another for its types.
 */

/** User hooks the MainSystem passes to the solvers (Exudyn's pre-step and post-newton functions). */
export interface SolverHooks {
  /** Called at the start of each step with the new time; returning false stops the simulation. */
  preStepUserFunction?: (mbs: UserFunctionSystem, t: number) => boolean | void;
  /** Called after each Newton solve; returns [error, recommended step size]; error > 1 repeats the step. */
  postNewtonUserFunction?: (mbs: UserFunctionSystem, t: number) => readonly [number, number] | readonly number[];
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
}

/** Sets all fields of a stepper's reusable attempt record and returns it. */
export function setAttempt(attempt: StepAttempt, accepted: boolean, iterations: number, nextStepSize?: number, failure?: string, jacobianUpdates = 0): StepAttempt {
  attempt.accepted = accepted;
  attempt.iterations = iterations;
  attempt.jacobianUpdates = jacobianUpdates;
  attempt.nextStepSize = nextStepSize;
  attempt.failure = failure;
  return attempt;
}

/** A fresh attempt record for a stepper to reuse with {@link setAttempt}. */
export function newAttempt(): StepAttempt {
  return { accepted: true, iterations: 0, nextStepSize: undefined, failure: undefined, jacobianUpdates: 0 };
}

/** A time integrator as the step loop drives it. */
export interface TimeStepper {
  /** Human-readable solver name. */
  readonly name: string;
  /**
   * Integrates from the start-of-step state to time current.t with step h. The returned
   * object may be reused by the stepper's next step (no allocation per step).
   */
  step(h: number, stepIndex: number): StepAttempt;
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
   * Called by the step loop before a step when item parameters changed since the last step (the compiled model's
   * revision advanced: set…Parameter from a user function): the stepper drops what it built from them (a kept
   * Newton Jacobian, node lists, eliminated coordinates).
   */
  modelChanged?(): void;
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
  /** Wall time in seconds. */
  computationTime: number;
}

/** What the step loop reports to the output: the state after each accepted step (and once at the start). */
export interface StepRecorder {
  /** Writes the sensor rows and solution rows that are due at s.t; stepSize is the step that reached it. */
  finishStep(s: SystemState, stepSize: number, isInitial: boolean): void;
}
