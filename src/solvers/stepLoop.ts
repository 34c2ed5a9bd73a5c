import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';
import { describeNonFiniteState, describeThrown, explainNonFinite, findFailingTerm, stateIsFinite } from './stepDiagnosis.ts';
import type { OutputRecorder } from './output.ts';
import type { ProgressReporter } from './progress.ts';
import type { TimeIntegrationSettings } from './SimulationSettings.ts';

/** User hooks the MainSystem passes to the solvers (Exudyn's pre-step and post-newton functions). */
export interface SolverHooks {
  /** Called at the start of each step with the new time; returning false stops the simulation. */
  preStepUserFunction?: (mbs: unknown, t: number) => boolean | void;
  /** Called after each Newton solve; returns [error, recommended step size]; error > 1 repeats the step. */
  postNewtonUserFunction?: (mbs: unknown, t: number) => readonly [number, number] | readonly number[];
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
   * For steppers with a prescribed, non-uniform time sequence (geometric load steps): the time at the end of step
   * stepIndex (1-based) given the time at its start. When present the loop takes these times without step-size
   * adaptation (a failed step is an error) and stops at the end time. Absent: uniform or adaptive steps.
   */
  stepEndTime?(stepIndex: number, startTime: number): number;
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

/**
 * Largest number of consecutive rejected attempts of one step: with validated settings a failing step reaches the
 * minimum step size after log(h/h_min)/log(1/adaptiveStepDecrease) attempts (27 halvings from 1 to 1e-8); the bound
 * ends the step whatever the settings (adaptiveStepDecrease close to 1, a controller that keeps rejecting).
 */
export const maximumRejectionsPerStep = 200;

/**
 * Exudyn's step loop: accumulated time t += h (clamped to the end time) with adaptive steps,
 * step-size reduction when a step fails, recovery after adaptiveStepRecoverySteps steps,
 * output after each accepted step. A step is all or nothing: on any failure (a step that cannot be reduced further,
 * a non-finite state, a throwing pre-step, item or sensor user function) the last accepted state stays current,
 * with every row recorded up to it, and the FlexdynError names the time, the step and the cause. Every loop is bounded:
 * the time advances each accepted step, a step is attempted at most {@link maximumRejectionsPerStep} times.
 */
export function runStepLoop(
  model: CompiledModel,
  assembler: SystemAssembler,
  stepper: TimeStepper,
  settings: TimeIntegrationSettings,
  recorder: OutputRecorder,
  hooks: SolverHooks,
  automaticStepSize: boolean,
  progress?: ProgressReporter,
): SolverStatistics {
  const { current, startOfStep } = model.data;
  const startTime = settings.startTime;
  const endTime = settings.endTime;
  const numberOfSteps = checkedNumberOfSteps(settings.numberOfSteps);
  const hMax = (endTime - startTime) / numberOfSteps;
  const prescribed = stepper.stepEndTime !== undefined;
  const adaptive = !prescribed && (settings.adaptiveStep || automaticStepSize);
  let h = automaticStepSize && settings.initialStepSize !== 0 ? settings.initialStepSize : hMax;
  const started = performance.now();
  const statistics: SolverStatistics = { steps: 0, rejectedSteps: 0, newtonIterations: 0, jacobianUpdates: 0, computationTime: 0 };
  current.t = startTime;
  if (!stateIsFinite(current)) {
    throw new FlexdynError(`${stepper.name}: the initial state is not finite: ${describeNonFiniteState(model, assembler, current)}`);
  }
  try {
    recorder.finishStep(current, h, true);
  } catch (error) {
    throw stepError(error, stepper.name, `at the initial time t = ${startTime}`, 'no sensor row is stored');
  }
  let stepIndex = 1;
  let stepsSinceReduction = 0;
  let endReached = endTime - startTime <= 1e-10;
  while (!endReached) {
    startOfStep.copyFrom(current);
    stepper.saveStartOfStep();
    const kept = `the state of t = ${startOfStep.t} is kept and all sensor rows up to it are stored`;
    for (let attemptNumber = 1; ; attemptNumber++) {
      if (adaptive) {
        if (startOfStep.t + h > endTime) h = endTime - startOfStep.t;
        current.t = startOfStep.t + h;
      } else if (prescribed) {
        current.t = stepper.stepEndTime!(stepIndex, startOfStep.t);
        h = current.t - startOfStep.t;
      } else {
        current.t = stepIndex * h + startTime;
      }
      const t = current.t;
      const where = `at t = ${t} (step ${stepIndex}, step size ${h})`;
      if (!(h > 0 && t > startOfStep.t)) {
        current.copyFrom(startOfStep);
        throw new FlexdynError(`${stepper.name} failed ${where}: the step size must be positive and advance the time beyond t = ${startOfStep.t} (a step below the resolution of t); ${kept}`);
      }
      let failure: string | undefined;
      let nextStepSize: number | undefined;
      try {
        if (hooks.preStepUserFunction !== undefined && callPreStep(hooks.preStepUserFunction, current.mbs, t) === false) {
          current.copyFrom(startOfStep);
          statistics.computationTime = (performance.now() - started) / 1000;
          return statistics;
        }
        const attempt = stepper.step(h, stepIndex);
        statistics.newtonIterations += attempt.iterations;
        statistics.jacobianUpdates += attempt.jacobianUpdates;
        if (!stateIsFinite(current)) {
          failure = explainNonFinite(model, assembler, current, startOfStep, t);
        } else if (attempt.accepted) {
          recorder.finishStep(current, h, false);
          statistics.steps++;
          progress?.update(current.t, statistics.steps);
          if (attempt.nextStepSize !== undefined) {
            h = attempt.nextStepSize;
          } else if (++stepsSinceReduction >= settings.adaptiveStepRecoverySteps && attempt.iterations <= settings.adaptiveStepRecoveryIterations) {
            h = Math.min(hMax, settings.adaptiveStepIncrease * h);
            stepsSinceReduction = 0;
          }
          break;
        } else {
          failure = attempt.failure;
          nextStepSize = attempt.nextStepSize;
        }
      } catch (error) {
        const cause = error instanceof FlexdynError ? undefined : findFailingTerm(model, startOfStep, t);
        current.copyFrom(startOfStep);
        stepper.restoreStartOfStep();
        throw stepError(error, stepper.name, where, kept, cause);
      }
      statistics.rejectedSteps++;
      current.copyFrom(startOfStep);
      stepper.restoreStartOfStep();
      if (attemptNumber >= maximumRejectionsPerStep) {
        throw new FlexdynError(`${stepper.name} failed ${where}: the step was rejected ${attemptNumber} times (last: ${failure ?? 'step not accepted'}); ${kept}`);
      }
      if (nextStepSize !== undefined && nextStepSize > 0 && nextStepSize < h) { h = nextStepSize; continue; }
      if (!adaptive || h <= settings.minimumStepSize) {
        throw new FlexdynError(`${stepper.name} failed ${where}: ${failure ?? 'step not accepted'}; ${kept}`);
      }
      h = Math.max(h * settings.adaptiveStepDecrease, settings.minimumStepSize);
      stepsSinceReduction = 0;
    }
    stepIndex++;
    if (current.t >= endTime - 1e-10) endReached = true;
  }
  statistics.computationTime = (performance.now() - started) / 1000;
  return statistics;
}

/** Calls the pre-step function; it must return true, false or nothing. */
function callPreStep(preStep: NonNullable<SolverHooks['preStepUserFunction']>, mbs: unknown, t: number): boolean | void {
  let result: unknown;
  try {
    result = preStep(mbs, t);
  } catch (error) {
    if (error instanceof FlexdynError) throw error;
    throw new FlexdynError(`preStepUserFunction threw ${describeThrown(error)}`, { parameter: 'preStepUserFunction', cause: error });
  }
  if (result !== undefined && typeof result !== 'boolean') {
    throw new FlexdynError(`preStepUserFunction must return true, false or nothing, got ${describeValue(result)}`, { parameter: 'preStepUserFunction' });
  }
  return result;
}

/**
 * The FlexdynError of a step that threw: time, step and cause (the thrown error's message, and the item whose term threw
 * when it is known), and what is kept; item and parameter of a FlexdynError cause carry over.
 */
function stepError(error: unknown, solverName: string, where: string, kept: string, cause?: string): FlexdynError {
  const flexdyn = error instanceof FlexdynError ? error : undefined;
  const reason = flexdyn !== undefined ? flexdyn.message : cause ?? `an exception was thrown: ${describeThrown(error)}`;
  return new FlexdynError(`${solverName} failed ${where}: ${reason}; ${kept}`, { item: flexdyn?.item, parameter: flexdyn?.parameter, cause: error });
}

/** numberOfSteps as an integer ≥ 1, with Exudyn's tolerance for float input. */
export function checkedNumberOfSteps(value: number): number {
  const n = Math.round(value);
  if (!Number.isFinite(value) || Math.abs(n - value) > 100 * Number.EPSILON * Math.abs(value) || n < 1) {
    throw new FlexdynError(`timeIntegration.numberOfSteps must be a positive integer, got ${value}`, { parameter: 'numberOfSteps' });
  }
  return n;
}
