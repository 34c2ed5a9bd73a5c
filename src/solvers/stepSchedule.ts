import { FlexdynError } from '../core/errors.ts';
import type { ArcLengthSettings, StaticSolverSettings, TimeIntegrationSettings } from './SimulationSettings.ts';
import { settingError } from './settingsValidation.ts';

/**
 * The step sequence of one solve, computed and checked from the settings before the solver creates its stepper or
 * opens any file: the step loop, the steppers and the output recorder read the number of steps and the step sizes
 * from here only. New rules about the step settings belong in {@link dynamicStepSchedule} / {@link staticStepSchedule}.
 */
export interface StepSchedule {
  /** Time (dynamic) or load-step time (static) at the start. */
  readonly startTime: number;
  /** Time at the end. */
  readonly endTime: number;
  /** Planned number of steps, an integer ≥ 1 (written to the solution file header). */
  readonly numberOfSteps: number;
  /** Step size of uniform steps and the largest step of adaptive ones: (endTime − startTime)/numberOfSteps. */
  readonly maximumStepSize: number;
  /** First step of a stepper that controls its own step size; 0 means maximumStepSize. */
  readonly initialStepSize: number;
  /** Reduce the step size after a failed step and let it grow again after good ones. */
  readonly adaptiveStep: boolean;
  /** Factor of a step reduction. */
  readonly adaptiveStepDecrease: number;
  /** Factor of a step increase after recovery. */
  readonly adaptiveStepIncrease: number;
  /** Accepted steps after a reduction before the step size may grow again. */
  readonly adaptiveStepRecoverySteps: number;
  /** Largest number of Newton iterations of the last step for the step size to grow again. */
  readonly adaptiveStepRecoveryIterations: number;
  /** Smallest step size. */
  readonly minimumStepSize: number;
  /**
   * A prescribed, non-uniform sequence (geometric load steps): the time at the end of step stepIndex (1-based) given
   * the time at its start. The loop then takes these times without adaptation (a failed step is an error).
   */
  readonly stepEndTime?: (stepIndex: number, startTime: number) => number;
}

/** Load-step times within 1e-10·loadStepDuration of the end count as the end (Exudyn's round-off guard). */
const loadStepEndTolerance = 1e-10;

/** The schedule of a dynamic solve: numberOfSteps uniform steps from startTime to endTime, or adaptive ones. */
export function dynamicStepSchedule(ti: TimeIntegrationSettings): StepSchedule {
  const numberOfSteps = checkedNumberOfSteps(ti.numberOfSteps, 'timeIntegration.numberOfSteps');
  if (!(ti.endTime > ti.startTime)) {
    settingError('timeIntegration.endTime', `must be greater than timeIntegration.startTime = ${ti.startTime}, got ${ti.endTime}`);
  }
  if (!Number.isFinite(ti.endTime - ti.startTime)) {
    settingError('timeIntegration.endTime', `− startTime must be a finite span, got ${ti.endTime} − ${ti.startTime}`);
  }
  if (ti.initialStepSize !== 0 && ti.initialStepSize < ti.minimumStepSize) {
    settingError('timeIntegration.initialStepSize', `must be 0 (automatic) or at least timeIntegration.minimumStepSize = ${ti.minimumStepSize}, got ${ti.initialStepSize}`);
  }
  return {
    startTime: ti.startTime,
    endTime: ti.endTime,
    numberOfSteps,
    maximumStepSize: (ti.endTime - ti.startTime) / numberOfSteps,
    initialStepSize: ti.initialStepSize,
    adaptiveStep: ti.adaptiveStep,
    adaptiveStepDecrease: ti.adaptiveStepDecrease,
    adaptiveStepIncrease: ti.adaptiveStepIncrease,
    adaptiveStepRecoverySteps: ti.adaptiveStepRecoverySteps,
    adaptiveStepRecoveryIterations: ti.adaptiveStepRecoveryIterations,
    minimumStepSize: ti.minimumStepSize,
  };
}

/**
 * The schedule of a static solve: numberOfLoadSteps load steps over [loadStepStart, loadStepStart + loadStepDuration],
 * uniform (or adaptive), or geometric with loadStepGeometric: at least 2 steps (with fewer Exudyn warns and performs
 * 2, and so do we), load time τ_k = loadStepDuration·range^((k − 1)/(n − 1) − 1) for k = 1 … n, so that the load
 * factor τ/loadStepDuration runs from 1/range to 1.
 */
export function staticStepSchedule(ss: StaticSolverSettings): StepSchedule {
  const requested = checkedNumberOfSteps(ss.numberOfLoadSteps, 'staticSolver.numberOfLoadSteps');
  let numberOfSteps = requested;
  let stepEndTime: StepSchedule['stepEndTime'];
  if (ss.loadStepGeometric) {
    const range = ss.loadStepGeometricRange;
    if (requested < 2) console.warn('StaticSolver: loadStepGeometric needs at least 2 load steps; performing 2 load steps');
    numberOfSteps = Math.max(2, requested);
    const factor = Math.pow(range, 1 / (numberOfSteps - 1));
    const start = ss.loadStepStart, duration = ss.loadStepDuration;
    stepEndTime = (_stepIndex, startTime) => {
      let loadTime = startTime - start;
      loadTime = loadTime - loadStepEndTolerance * duration <= 0 ? duration / range : loadTime * factor;
      if (loadTime + loadStepEndTolerance * duration >= duration) loadTime = duration;
      return start + loadTime;
    };
  }
  return {
    startTime: ss.loadStepStart,
    endTime: ss.loadStepStart + ss.loadStepDuration,
    numberOfSteps,
    maximumStepSize: (ss.loadStepStart + ss.loadStepDuration - ss.loadStepStart) / numberOfSteps,
    initialStepSize: 0,
    adaptiveStep: ss.adaptiveStep,
    adaptiveStepDecrease: ss.adaptiveStepDecrease,
    adaptiveStepIncrease: ss.adaptiveStepIncrease,
    adaptiveStepRecoverySteps: ss.adaptiveStepRecoverySteps,
    adaptiveStepRecoveryIterations: ss.adaptiveStepRecoveryIterations,
    minimumStepSize: ss.minimumStepSize,
    stepEndTime,
  };
}

/**
 * The schedule of an arc-length solve (staticSolver.arcLength): the loop's time is the path parameter loadStepStart + s,
 * its step the arc length Δs (from initialArcLength, adapted by the stepper within minimumArcLength … maximumArcLength,
 * reduced by adaptiveStepDecrease when a step fails); the span is that of maximumNumberOfSteps steps of maximumArcLength,
 * and the stepper ends the solve earlier at maximumLoadFactor. Rejects settings that cannot work: an initial arc length
 * outside the bounds, a stabilizer (it depends on λ², which is now an unknown) and useLoadFactor = false (nothing to
 * continue in).
 */
export function arcLengthStepSchedule(ss: StaticSolverSettings): StepSchedule {
  const al: ArcLengthSettings = ss.arcLength;
  const numberOfSteps = checkedNumberOfSteps(al.maximumNumberOfSteps, 'staticSolver.arcLength.maximumNumberOfSteps');
  if (al.minimumArcLength > al.maximumArcLength) {
    settingError('staticSolver.arcLength.minimumArcLength', `must not exceed staticSolver.arcLength.maximumArcLength = ${al.maximumArcLength}, got ${al.minimumArcLength}`);
  }
  if (al.initialArcLength < al.minimumArcLength || al.initialArcLength > al.maximumArcLength) {
    settingError('staticSolver.arcLength.initialArcLength', `must lie within staticSolver.arcLength.minimumArcLength … maximumArcLength = ${al.minimumArcLength} … ${al.maximumArcLength}, got ${al.initialArcLength}`);
  }
  if (!(al.maximumLoadFactor > 0)) {
    settingError('staticSolver.arcLength.maximumLoadFactor', `must be positive (the path starts at load factor 0 with increasing load), got ${al.maximumLoadFactor}`);
  }
  if (ss.stabilizerODE2term !== 0) {
    settingError('staticSolver.stabilizerODE2term', `must be 0 with staticSolver.arcLength.useArcLength (the stabilizer depends on the load factor, an unknown of the arc-length solve), got ${ss.stabilizerODE2term}`);
  }
  if (!ss.useLoadFactor) {
    settingError('staticSolver.useLoadFactor', 'must be true with staticSolver.arcLength.useArcLength (the arc-length solve continues in the load factor), got false');
  }
  const span = numberOfSteps * al.maximumArcLength;
  if (!Number.isFinite(ss.loadStepStart + span)) {
    settingError('staticSolver.arcLength.maximumArcLength', `· maximumNumberOfSteps must be a finite path length, got ${al.maximumArcLength} · ${numberOfSteps}`);
  }
  return {
    startTime: ss.loadStepStart,
    endTime: ss.loadStepStart + span,
    numberOfSteps,
    maximumStepSize: al.maximumArcLength,
    initialStepSize: al.initialArcLength,
    adaptiveStep: true,
    adaptiveStepDecrease: ss.adaptiveStepDecrease,
    adaptiveStepIncrease: ss.adaptiveStepIncrease,
    adaptiveStepRecoverySteps: ss.adaptiveStepRecoverySteps,
    adaptiveStepRecoveryIterations: ss.adaptiveStepRecoveryIterations,
    minimumStepSize: al.minimumArcLength,
  };
}

/** A number of steps as an integer ≥ 1, with Exudyn's tolerance for float input; `setting` names it in the error. */
export function checkedNumberOfSteps(value: number, setting: string): number {
  const n = Math.round(value);
  if (!Number.isFinite(value) || Math.abs(n - value) > 100 * Number.EPSILON * Math.abs(value) || n < 1) {
    throw new FlexdynError(`${setting} must be a positive integer, got ${value}`, { parameter: setting.slice(setting.lastIndexOf('.') + 1) });
  }
  return n;
}
