import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import type { SystemState } from '../model/SystemState.ts';
import type { InMemoryFileSystem } from '../core/fileSystem.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';
import { monotonicMilliseconds } from '../core/clock.ts';
import { describeNonFiniteState, describeThrown, explainNonFinite, findFailingTerm, stateIsFinite, userHookError } from './stepDiagnosis.ts';
import { OutputRecorder } from './output.ts';
import { ProgressReporter } from './progress.ts';
import type { SolutionSettings } from './SimulationSettings.ts';
import type { SolverHooks, SolverStatistics, StepAttempt, StepRecorder, TimeStepper } from './stepContracts.ts';
import type { StepSchedule } from './stepSchedule.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';
import { DiscontinuousIteration } from './discontinuous.ts';
import type { DiscontinuousSettings } from './SimulationSettings.ts';

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
  schedule: StepSchedule,
  recorder: StepRecorder,
  hooks: SolverHooks,
  discontinuous: DiscontinuousIteration,
  progress?: ProgressReporter,
): SolverStatistics {
  const { current, startOfStep } = model.data;
  const { startTime, endTime, stepEndTime } = schedule;
  const hMax = schedule.maximumStepSize;
  const automaticStepSize = stepper.automaticStepSize === true;
  const prescribed = stepEndTime !== undefined;
  const adaptive = !prescribed && (schedule.adaptiveStep || automaticStepSize);
  let h = automaticStepSize && schedule.initialStepSize !== 0 ? schedule.initialStepSize : hMax;
  const started = monotonicMilliseconds();
  // the computation time a double from the start (NaN until it is stored at the end): see NewtonSolver's result record
  const statistics: SolverStatistics = { steps: 0, rejectedSteps: 0, newtonIterations: 0, jacobianUpdates: 0, discontinuousIterations: 0, computationTime: Number.NaN };
  current.t = startTime;
  let stopped = startSteps(model, assembler, stepper, recorder, hooks, startTime, h);
  let stepIndex = 1;
  let stepsSinceReduction = 0;
  /** The node and object revision the stepper has seen (parameters changed between solves are new to a new stepper anyway). */
  let revision = model.nodeObjectRevision;
  let endReached = stopped || endTime - startTime <= 1e-10;
  // the loop holds the path of an accepted step only: failures, rejections and their messages are functions of their own
  // (never called in a solve without them, so not compiled into the loop's optimized code)
  while (!endReached) {
    startOfStep.copyFrom(current);
    stepper.saveStartOfStep();
    for (let attemptNumber = 1; ; attemptNumber++) {
      if (adaptive) {
        if (startOfStep.t + h > endTime) h = endTime - startOfStep.t;
        current.t = startOfStep.t + h;
      } else if (prescribed) {
        current.t = stepEndTime!(stepIndex, startOfStep.t);
        h = current.t - startOfStep.t;
      } else {
        current.t = stepIndex * h + startTime;
      }
      const t = current.t;
      if (!(h > 0 && t > startOfStep.t)) throw nonAdvancingStep(stepper, current, startOfStep, t, stepIndex, h);
      let failure: string | undefined;
      let nextStepSize: number | undefined;
      try {
        if (hooks.preStepUserFunction !== undefined && callStepHook('preStepUserFunction', hooks.preStepUserFunction, current.mbs, t) === false) {
          current.copyFrom(startOfStep);
          statistics.computationTime = (monotonicMilliseconds() - started) / 1000;
          return statistics;
        }
        if (model.nodeObjectRevision !== revision) {
          revision = model.nodeObjectRevision;
          stepper.modelChanged?.();
        }
        const attempt = discontinuous.step(stepper, h, stepIndex);
        statistics.newtonIterations += attempt.iterations;
        statistics.jacobianUpdates += attempt.jacobianUpdates;
        statistics.discontinuousIterations = discontinuous.count;
        // the stepper's own check when it has one (values checked as they were written), else a pass over the state
        if (attempt.stateFinite !== true && !stateIsFinite(current)) {
          failure = explainNonFinite(model, assembler, current, startOfStep, t);
        } else if (attempt.accepted) {
          stopped = hooks.postStepUserFunction !== undefined && callStepHook('postStepUserFunction', hooks.postStepUserFunction, current.mbs, t) === false;
          // the state is the one the step's post-Newton steps saw unless the post-step function ran (it may change it)
          current.postNewtonKept = hooks.postStepUserFunction === undefined;
          try {
            recorder.finishStep(current, h, false);
          } finally {
            current.postNewtonKept = false;
          }
          if (stepper.stepAccepted?.() === true) stopped = true;
          statistics.steps++;
          progress?.update(current.t, statistics.steps);
          if (attempt.nextStepSize !== undefined) {
            h = attempt.nextStepSize;
          } else if (++stepsSinceReduction >= schedule.adaptiveStepRecoverySteps && (attempt.recoveryIterations ?? attempt.iterations) <= schedule.adaptiveStepRecoveryIterations) {
            h = Math.min(hMax, schedule.adaptiveStepIncrease * h);
            stepsSinceReduction = 0;
          }
          break;
        } else {
          failure = attempt.failure;
          nextStepSize = attempt.nextStepSize;
        }
      } catch (error) {
        throw failedStep(error, model, stepper, current, startOfStep, t, stepIndex, h);
      }
      h = reducedStepSize(statistics, schedule, stepper, current, startOfStep, adaptive, attemptNumber, failure, nextStepSize, t, stepIndex, h);
      stepsSinceReduction = 0;
    }
    stepIndex++;
    if (stopped || current.t >= endTime - 1e-10) endReached = true;
  }
  statistics.computationTime = (monotonicMilliseconds() - started) / 1000;
  return statistics;
}

/**
 * The start of {@link runStepLoop}: checks the initial state, runs the post-step function and records the initial
 * time; returns whether the post-step function stopped the solve.
 */
function startSteps(model: CompiledModel, assembler: SystemAssembler, stepper: TimeStepper, recorder: StepRecorder, hooks: SolverHooks, startTime: number, h: number): boolean {
  const { current } = model.data;
  if (!stateIsFinite(current)) {
    // the initial rates and accelerations come from the items: name the one whose term is not finite, if any
    const culprit = findFailingTerm(model, current, current.t);
    throw new FlexdynError(`${stepper.name}: the initial state is not finite: ${describeNonFiniteState(model, assembler, current)}${culprit === undefined ? '' : `; ${culprit}`}`);
  }
  try {
    const stopped = hooks.postStepUserFunction !== undefined && callStepHook('postStepUserFunction', hooks.postStepUserFunction, current.mbs, startTime) === false;
    recorder.finishStep(current, h, true);
    return stopped;
  } catch (error) {
    throw stepError(error, stepper.name, `at the initial time t = ${startTime}`, 'no sensor row is stored');
  }
}

/** The error of a step that does not advance the time (h ≤ 0, or below the resolution of t); the start of the step is restored. */
function nonAdvancingStep(stepper: TimeStepper, current: SystemState, startOfStep: SystemState, t: number, stepIndex: number, h: number): FlexdynError {
  current.copyFrom(startOfStep);
  return new FlexdynError(`${stepper.name} failed ${failedAt(t, stepIndex, h)}: the step size must be positive and advance the time beyond t = ${startOfStep.t} (a step below the resolution of t); ${keptState(startOfStep.t)}`);
}

/** The error of an attempt that threw; the start of the step is restored (state and stepper). */
function failedStep(error: unknown, model: CompiledModel, stepper: TimeStepper, current: SystemState, startOfStep: SystemState, t: number, stepIndex: number, h: number): FlexdynError {
  const cause = error instanceof FlexdynError ? undefined : findFailingTerm(model, startOfStep, t);
  current.copyFrom(startOfStep);
  stepper.restoreStartOfStep();
  return stepError(error, stepper.name, failedAt(t, stepIndex, h), keptState(startOfStep.t), cause);
}

/**
 * A rejected attempt: counts it, restores the start of the step (state and stepper) and returns the step size of the next
 * attempt (the stepper's proposal if smaller, else h reduced by adaptiveStepDecrease), or throws when the step cannot be
 * reduced (a fixed step, the minimum step size, {@link maximumRejectionsPerStep} attempts).
 */
function reducedStepSize(statistics: SolverStatistics, schedule: StepSchedule, stepper: TimeStepper, current: SystemState, startOfStep: SystemState, adaptive: boolean,
  attemptNumber: number, failure: string | undefined, nextStepSize: number | undefined, t: number, stepIndex: number, h: number): number {
  statistics.rejectedSteps++;
  current.copyFrom(startOfStep);
  stepper.restoreStartOfStep();
  if (attemptNumber >= maximumRejectionsPerStep) {
    throw new FlexdynError(`${stepper.name} failed ${failedAt(t, stepIndex, h)}: the step was rejected ${attemptNumber} times (last: ${failure ?? 'step not accepted'}); ${keptState(startOfStep.t)}`);
  }
  if (adaptive && nextStepSize !== undefined && nextStepSize > 0 && nextStepSize < h) return nextStepSize;
  if (!adaptive || h <= schedule.minimumStepSize) {
    throw new FlexdynError(`${stepper.name} failed ${failedAt(t, stepIndex, h)}: ${failure ?? 'step not accepted'}; ${keptState(startOfStep.t)}`);
  }
  return Math.max(h * schedule.adaptiveStepDecrease, schedule.minimumStepSize);
}

/** `at t = … (step k, step size h)` of a failure message (built only when a step fails: no string per step). */
function failedAt(t: number, stepIndex: number, h: number): string {
  return `at t = ${t} (step ${stepIndex}, step size ${h})`;
}

/** What a failed solve keeps, for the end of its message. */
function keptState(t: number): string {
  return `the state of t = ${t} is kept and all sensor rows up to it are stored`;
}

/**
 * Calls the pre-step or post-step function; it must return true, false or nothing. A throw becomes {@link userHookError}'s
 * FlexdynError, as with callUserHook (not used here: its closure would be one allocation per step).
 */
function callStepHook(name: string, hook: (mbs: UserFunctionSystem, t: number) => boolean | void, mbs: UserFunctionSystem, t: number): boolean | void {
  let result: unknown;
  try {
    result = hook(mbs, t);
  } catch (error) {
    throw userHookError(name, error);
  }
  if (result !== undefined && typeof result !== 'boolean') {
    throw new FlexdynError(`${name} must return true, false or nothing, got ${describeValue(result)}`, { parameter: name });
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

/** What a solve driver (solveStatic, solveDynamic) hands to {@link runSolver}. */
export interface SolverRun {
  /** The compiled model; its current state is the initial state of the run. */
  readonly model: CompiledModel;
  /** Its assembler (to find the item behind a non-finite state). */
  readonly assembler: SystemAssembler;
  /** The time stepper, initialized. */
  readonly stepper: TimeStepper;
  /** The checked step schedule. */
  readonly schedule: StepSchedule;
  /** User hooks. */
  readonly hooks: SolverHooks;
  /** Discontinuous iteration settings of the solver. */
  readonly discontinuous: DiscontinuousSettings;
  /** Whether a step rejected by the discontinuous iteration takes the recommended step size (dynamic solvers). */
  readonly takesRecommendedStepSize: boolean;
  /** Where internal sensor rows go. */
  readonly records: SensorRecords;
  /** Where the solution and sensor files go when no file system is installed. */
  readonly memoryFiles: InMemoryFileSystem;
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
 * The shell of solveStatic and solveDynamic: opens the output (sensor files, solution file with its header), runs the step
 * loop with progress, closes the output also when the loop throws (the footer then reports the failure), and prints the
 * statistics if asked. Then, whatever happened, the run's stepper gives back its pooled storage (TimeStepper.release):
 * nothing outside keeps the run of these solves (solver objects run a SolverSession of their own and keep theirs).
 */
export function runSolver(run: SolverRun): SolverStatistics {
  let statistics: SolverStatistics | undefined;
  try {
    const session = new SolverSession(run);
    try {
      statistics = session.solveSteps();
    } finally {
      session.finalize();
    }
  } finally {
    run.stepper.release?.();
  }
  return statistics;
}

/**
 * A solve in its three phases (Exudyn's InitializeSolver, SolveSteps, FinalizeSolver), which {@link runSolver} runs in
 * one go and a solver object one by one: the constructor opens the output, {@link SolverSession.solveSteps} runs the
 * step loop, {@link SolverSession.finalize} closes the output (also after a failed loop) and prints the statistics.
 */
export class SolverSession {
  private readonly recorder: OutputRecorder;
  private progress?: ProgressReporter;
  /** Statistics of the step loop once it has finished successfully. */
  statistics?: SolverStatistics;

  /** Opens the output of the run (sensor files, solution file with its header). */
  constructor(readonly run: SolverRun) {
    const { model, schedule, solverName } = run;
    this.recorder = new OutputRecorder(model, run.records, run.solutionSettings, schedule.startTime, schedule.endTime, solverName, run.dynamic, schedule.numberOfSteps, run.memoryFiles);
    this.recorder.start(model.data.current);
  }

  /** Runs the step loop from the run's current state with progress; the statistics are also kept in {@link SolverSession.statistics}. */
  solveSteps(): SolverStatistics {
    const { run } = this;
    this.progress = run.showProgress ? new ProgressReporter(run.solverName, run.schedule.startTime, run.schedule.endTime) : undefined;
    const discontinuous = new DiscontinuousIteration(run.model, run.discontinuous, run.hooks, run.takesRecommendedStepSize, run.schedule.minimumStepSize);
    this.statistics = runStepLoop(run.model, run.assembler, run.stepper, run.schedule, this.recorder, run.hooks, discontinuous, this.progress);
    return this.statistics;
  }

  /** Closes the output (the footer reports a failure when the loop did not finish) and prints the statistics if asked. */
  finalize(): void {
    const { run, statistics } = this;
    this.progress?.finish();
    this.recorder.close(statistics);
    if (run.printStatistics && statistics !== undefined) {
      console.log(`${run.solverName}: ${statistics.steps} ${run.dynamic ? 'steps' : 'load steps'}, ${statistics.rejectedSteps} rejected, ${statistics.newtonIterations} Newton iterations, ${statistics.jacobianUpdates} Jacobian updates, ${statistics.computationTime.toFixed(3)} s`);
    }
  }
}
