import type { CompiledModel } from '../model/compile.ts';
import { FlexdynError } from '../core/errors.ts';
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
 * Exudyn's step loop: accumulated time t += h (clamped to the end time) with adaptive steps,
 * step-size reduction when a step fails, recovery after adaptiveStepRecoverySteps steps,
 * output after each accepted step. On failure the last accepted state stays current.
 */
export function runStepLoop(
  model: CompiledModel,
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
  recorder.finishStep(current, h, true);
  let stepIndex = 1;
  let stepsSinceReduction = 0;
  let endReached = endTime - startTime <= 1e-10;
  while (!endReached) {
    startOfStep.copyFrom(current);
    stepper.saveStartOfStep();
    for (;;) {
      if (adaptive) {
        if (startOfStep.t + h > endTime) h = endTime - startOfStep.t;
        current.t = startOfStep.t + h;
      } else if (prescribed) {
        current.t = stepper.stepEndTime!(stepIndex, startOfStep.t);
        h = current.t - startOfStep.t;
      } else {
        current.t = stepIndex * h + startTime;
      }
      if (hooks.preStepUserFunction !== undefined && hooks.preStepUserFunction(current.mbs, current.t) === false) {
        statistics.computationTime = (performance.now() - started) / 1000;
        return statistics;
      }
      let attempt: StepAttempt;
      try {
        attempt = stepper.step(h, stepIndex);
      } catch (error) {
        current.copyFrom(startOfStep);
        stepper.restoreStartOfStep();
        throw error;
      }
      statistics.newtonIterations += attempt.iterations;
      statistics.jacobianUpdates += attempt.jacobianUpdates;
      if (attempt.accepted) {
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
      }
      statistics.rejectedSteps++;
      current.copyFrom(startOfStep);
      stepper.restoreStartOfStep();
      if (attempt.nextStepSize !== undefined) { h = attempt.nextStepSize; continue; }
      if (!adaptive || h <= settings.minimumStepSize) {
        throw new FlexdynError(`${stepper.name} failed at t = ${startOfStep.t + h} (step ${stepIndex}, step size ${h}): ${attempt.failure ?? 'step not accepted'}; the state of t = ${startOfStep.t} is kept and all sensor rows up to it are stored`);
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

/** numberOfSteps as an integer ≥ 1, with Exudyn's tolerance for float input. */
export function checkedNumberOfSteps(value: number): number {
  const n = Math.round(value);
  if (!Number.isFinite(value) || Math.abs(n - value) > 100 * Number.EPSILON * Math.abs(value) || n < 1) {
    throw new FlexdynError(`timeIntegration.numberOfSteps must be a positive integer, got ${value}`, { parameter: 'numberOfSteps' });
  }
  return n;
}
