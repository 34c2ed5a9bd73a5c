import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import { FlexdynError } from '../core/errors.ts';
import { OutputRecorder } from './output.ts';
import { ProgressReporter } from './progress.ts';
import type { SolutionSettings } from './SimulationSettings.ts';
import type { SolverHooks, SolverStatistics, StepAttempt, StepRecorder, TimeStepper } from './stepContracts.ts';
import type { StepSchedule } from './stepSchedule.ts';

/**
 * Exudyn's step loop over a step schedule: uniform steps t_k = t_0 + k·h (computed from the step index, so that no
 * round-off accumulates), adaptive steps t += h clamped to the end time (reduced when a step fails, increased again
 * after adaptiveStepRecoverySteps good steps), or the schedule's prescribed sequence; output after each accepted step.
 * On failure the last accepted state stays current.
 */
export function runStepLoop(
  model: CompiledModel,
  stepper: TimeStepper,
  schedule: StepSchedule,
  recorder: StepRecorder,
  hooks: SolverHooks,
  progress?: ProgressReporter,
): SolverStatistics {
  const { current, startOfStep } = model.data;
  const { startTime, endTime, stepEndTime } = schedule;
  const hMax = schedule.maximumStepSize;
  const automaticStepSize = stepper.automaticStepSize === true;
  const prescribed = stepEndTime !== undefined;
  const adaptive = !prescribed && (schedule.adaptiveStep || automaticStepSize);
  let h = automaticStepSize && schedule.initialStepSize !== 0 ? schedule.initialStepSize : hMax;
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
        current.t = stepEndTime!(stepIndex, startOfStep.t);
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
        } else if (++stepsSinceReduction >= schedule.adaptiveStepRecoverySteps && attempt.iterations <= schedule.adaptiveStepRecoveryIterations) {
          h = Math.min(hMax, schedule.adaptiveStepIncrease * h);
          stepsSinceReduction = 0;
        }
        break;
      }
      statistics.rejectedSteps++;
      current.copyFrom(startOfStep);
      stepper.restoreStartOfStep();
      if (attempt.nextStepSize !== undefined) { h = attempt.nextStepSize; continue; }
      if (!adaptive || h <= schedule.minimumStepSize) {
        throw new FlexdynError(`${stepper.name} failed at t = ${startOfStep.t + h} (step ${stepIndex}, step size ${h}): ${attempt.failure ?? 'step not accepted'}; the state of t = ${startOfStep.t} is kept and all sensor rows up to it are stored`);
      }
      h = Math.max(h * schedule.adaptiveStepDecrease, schedule.minimumStepSize);
      stepsSinceReduction = 0;
    }
    stepIndex++;
    if (current.t >= endTime - 1e-10) endReached = true;
  }
  statistics.computationTime = (performance.now() - started) / 1000;
  return statistics;
}

/** What a solve driver (solveStatic, solveDynamic) hands to {@link runSolver}. */
export interface SolverRun {
  /** The compiled model; its current state is the initial state of the run. */
  readonly model: CompiledModel;
  /** The time stepper, initialized. */
  readonly stepper: TimeStepper;
  /** The checked step schedule. */
  readonly schedule: StepSchedule;
  /** User hooks. */
  readonly hooks: SolverHooks;
  /** Where internal sensor rows go. */
  readonly records: SensorRecords;
  /** Output settings. */
  readonly solutionSettings: SolutionSettings;
  /** Solver name for files, progress and messages. */
  readonly solverName: string;
  /** Dynamic run (velocities and accelerations written) or static. */
  readonly dynamic: boolean;
  /** Show a progress line while running. */
  readonly showProgress: boolean;
  /** Print the statistics line at the end. */
  readonly printStatistics: boolean;
}

/**
 * The shell of every solve: opens the output (sensor files, solution file with its header), runs the step loop with
 * progress, closes the output also when the loop throws (the footer then reports the failure), and prints the
 * statistics if asked.
 */
export function runSolver(run: SolverRun): SolverStatistics {
  const { model, schedule, solverName } = run;
  const recorder = new OutputRecorder(model, run.records, run.solutionSettings, schedule.startTime, schedule.endTime, solverName, run.dynamic, schedule.numberOfSteps);
  recorder.start(model.data.current);
  const progress = run.showProgress ? new ProgressReporter(solverName, schedule.startTime, schedule.endTime) : undefined;
  let statistics: SolverStatistics | undefined;
  try {
    statistics = runStepLoop(model, run.stepper, schedule, recorder, run.hooks, progress);
  } finally {
    progress?.finish();
    recorder.close(statistics);
  }
  if (run.printStatistics) {
    console.log(`${solverName}: ${statistics.steps} ${run.dynamic ? 'steps' : 'load steps'}, ${statistics.rejectedSteps} rejected, ${statistics.newtonIterations} Newton iterations, ${statistics.jacobianUpdates} Jacobian updates, ${statistics.computationTime.toFixed(3)} s`);
  }
  return statistics;
}
