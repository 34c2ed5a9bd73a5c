import type { CompiledModel } from '../model/compile.ts';
import type { PostNewtonOutput } from '../registry/capabilities.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';
import { describeValue, FlexdynError, formatItemLabel } from '../core/errors.ts';
import { callUserHook } from './stepDiagnosis.ts';
import type { DiscontinuousSettings } from './SimulationSettings.ts';
import { newAttempt, setAttempt, type SolverHooks, type StepAttempt, type TimeStepper } from './stepContracts.ts';

/**
 * Exudyn's discontinuous iteration around one step (CSolverBase::DiscontinuousIteration): the stepper solves the step
 * (Newton, or an explicit step), then the post-Newton step runs — the postNewtonUserFunction and every object's
 * `ObjectModel.postNewtonStep`, which update the data coordinates of the current state — and gives the
 * discontinuous error |user error| + max(item errors). While the error exceeds iterationTolerance and fewer than
 * maxIterations solves were made, the step is solved again from the start-of-step coordinates with the updated data
 * coordinates; if an item recommends a step below (1 + 1e-8)·h, the step is rejected at once with the proposal
 * min(0.75 h, recommended) (not below the minimum step size), which adaptive solvers take. After maxIterations the step is
 * accepted (ignoreMaxIterations) or rejected with a named failure. A post-Newton step that rejects the step (out.rejection:
 * a contact passed through) ends the iteration as a rejected step with that reason. A stepper failure (Newton) ends the iteration as a
 * rejected step. No allocation per step.
 */
export class DiscontinuousIteration {
  private readonly attempt: StepAttempt = newAttempt();
  private readonly output: PostNewtonOutput = { recommendedStepSize: -1, rejection: undefined, stateOfLastResidual: false };
  /** Discontinuous iterations (post-Newton steps) of the whole solve, rejected steps included. */
  count = 0;
  /** Step size recommended by the last post-Newton step (−1: none, or recommendations not used). */
  private recommendedStepSize = -1;

  /**
   * @param settings the solver's discontinuous settings (timeIntegration.discontinuous or staticSolver.discontinuous)
   * @param takesRecommendedStepSize whether a rejected step proposes the recommended step size (dynamic solvers; the static
   *   solver reduces load steps by its adaptiveStepDecrease, as Exudyn's)
   * @param minimumStepSize the schedule's minimum step size (a recommendation of 0 asks for it)
   */
  constructor(
    private readonly model: CompiledModel,
    private readonly settings: DiscontinuousSettings,
    private readonly hooks: SolverHooks,
    private readonly takesRecommendedStepSize: boolean,
    private readonly minimumStepSize: number,
  ) {}

  /** One step of size h with the discontinuous iteration; the returned record is reused by the next call. */
  step(stepper: TimeStepper, h: number, stepIndex: number): StepAttempt {
    if (!this.hasPostNewtonWork()) {
      // one solve, post-Newton error 0: the general loop's result for k = 1, in the stepper's own record (no copy)
      const solved = stepper.step(h, stepIndex, 0);
      if (solved.accepted) {
        this.count++;
        solved.failure = undefined;
        solved.recoveryIterations = solved.iterations + 1;
      } else {
        solved.recoveryIterations = solved.iterations;
      }
      return solved;
    }
    const { current, startOfStep } = this.model.data;
    const { maxIterations, iterationTolerance } = this.settings;
    const t = current.t;
    let iterations = 0;
    let jacobianUpdates = 0;
    for (let k = 1; ; k++) {
      const solved = stepper.step(h, stepIndex, k - 1);
      iterations += solved.iterations;
      jacobianUpdates += solved.jacobianUpdates;
      if (!solved.accepted) return this.result(false, iterations, jacobianUpdates, solved.iterations + k - 1, solved.nextStepSize, solved.failure);
      // a post-Newton user function runs before the objects and may change the state
      this.output.stateOfLastResidual = solved.endsAtResidual === true && this.hooks.postNewtonUserFunction === undefined;
      const error = this.postNewtonError();
      this.count++;
      const rejection = this.output.rejection;
      if (rejection !== undefined) return this.result(false, iterations, jacobianUpdates, solved.iterations + k, undefined, rejection);
      if (error <= iterationTolerance) {
        const stateFinite = solved.stateFinite;
        const accepted = this.result(true, iterations, jacobianUpdates, solved.iterations + k, solved.nextStepSize);
        // the stepper's finiteness check of the coordinates stays valid: the items' post-Newton steps write data
        // coordinates only (a user function may write anything: the step loop checks the state then)
        if (this.hooks.postNewtonUserFunction === undefined) accepted.stateFinite = stateFinite;
        return accepted;
      }
      const recommended = this.recommendedStepSize;
      if (k < maxIterations) {
        current.copyCoordinatesFrom(startOfStep);
        current.t = t;
        stepper.restoreStartOfStep();
        if (recommended >= 0 && recommended < (1 + 1e-8) * h) {
          return this.result(false, iterations, jacobianUpdates, solved.iterations + k, this.proposal(h, recommended),
            `a switching item recommends the step size ${recommended} (discontinuous error ${error} > iterationTolerance ${iterationTolerance})`);
        }
        continue;
      }
      if (this.settings.ignoreMaxIterations) return this.result(true, iterations, jacobianUpdates, solved.iterations + k, solved.nextStepSize);
      return this.result(false, iterations, jacobianUpdates, solved.iterations + k, recommended >= 0 ? this.proposal(h, recommended) : undefined,
        `discontinuous iteration was not successful: error ${error} > iterationTolerance ${iterationTolerance} after maxIterations = ${maxIterations} (set discontinuous.ignoreMaxIterations = true to accept such steps)`);
    }
  }

  /** The step a rejected step proposes for a recommendation: Exudyn's min(0.75 h, recommended), at least the minimum step. */
  private proposal(h: number, recommended: number): number | undefined {
    if (!this.takesRecommendedStepSize) return undefined;
    return Math.max(this.minimumStepSize, Math.min(0.75 * h, recommended));
  }

  private result(accepted: boolean, iterations: number, jacobianUpdates: number, recoveryIterations: number, nextStepSize?: number, failure?: string): StepAttempt {
    const attempt = setAttempt(this.attempt, accepted, iterations, nextStepSize, failure, jacobianUpdates);
    attempt.recoveryIterations = recoveryIterations;
    return attempt;
  }

  /** True if a post-Newton step has anything to evaluate (checked per step: run-time changes may add objects). */
  private hasPostNewtonWork(): boolean {
    const model = this.model;
    return this.hooks.postNewtonUserFunction !== undefined || model.postNewtonObjects.length > 0 || model.systemComponents.length > 0;
  }

  /**
   * The post-Newton step: |error of the postNewtonUserFunction| + the largest error of the objects' post-Newton steps;
   * sets the smallest recommended step size (−1 when none or when useRecommendedStepSize is false). The time is read from
   * the current state (a double argument would be boxed in every step).
   */
  private postNewtonError(): number {
    const { current, startOfStep } = this.model.data;
    const t = current.t;
    let userError = 0;
    let recommended = -1;
    const userFunction = this.hooks.postNewtonUserFunction;
    if (userFunction !== undefined) {
      const [error, step] = postNewtonUserResult(userFunction, current.mbs, t);
      userError = error;
      if (step >= 0) recommended = step;
    }
    let itemError = 0;
    const objects = this.model.objects;
    const output = this.output;
    output.rejection = undefined;
    const postNewtonObjects = this.model.postNewtonObjects;
    for (let o = 0; o < postNewtonObjects.length; o++) {
      const object = objects[postNewtonObjects[o]];
      output.recommendedStepSize = -1;
      const error = object.postNewtonStep!(current, startOfStep, output);
      if (!(error >= 0) || error === Infinity) {
        throw new FlexdynError(`${formatItemLabel(object.label)}: its post-Newton step must return a finite error ≥ 0, got ${describeValue(error)} at t = ${t}`, { item: object.label });
      }
      if (error > itemError) itemError = error;
      const step = output.recommendedStepSize;
      if (step >= 0 && (recommended < 0 || step < recommended)) recommended = step;
    }
    const components = this.model.systemComponents;
    for (let c = 0; c < components.length; c++) {
      itemError = Math.max(itemError, components[c].postNewtonStep(current, startOfStep, output));
      if (output.rejection !== undefined) break;
    }
    this.recommendedStepSize = this.settings.useRecommendedStepSize ? recommended : -1;
    return userError + itemError;
  }
}

/**
 * [|error|, recommended step size (−1: none)] of a post-Newton user function's result [error, recommendedStepSize],
 * checked: an array of a finite error and optionally a step size (missing or not finite: no recommendation).
 */
function postNewtonUserResult(postNewton: NonNullable<SolverHooks['postNewtonUserFunction']>, mbs: UserFunctionSystem, t: number): [number, number] {
  const result = callUserHook('postNewtonUserFunction', () => postNewton(mbs, t));
  const values = result as ArrayLike<unknown> | null | undefined;
  const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number' || values.length < 1 || values.length > 2 || !finite(values[0]) || (values.length === 2 && typeof values[1] !== 'number')) {
    throw new FlexdynError(`postNewtonUserFunction must return [error, recommendedStepSize] with a finite error, got ${describeValue(result)}${Array.isArray(result) ? ` (${result.map((v) => describeValue(v)).join(', ')})` : ''}`, { parameter: 'postNewtonUserFunction' });
  }
  const step = values.length === 2 ? values[1] as number : -1;
  return [Math.abs(values[0] as number), Number.isFinite(step) ? step : -1];
}
