import { describeValue, FlexdynError } from '../core/errors.ts';
import type { MatrixAccumulator } from '../model/assembly.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';
import type { SolverHooks } from './stepContracts.ts';
import { userHookError } from './stepDiagnosis.ts';

/*
 * The MainSystem user functions that act inside a Newton iteration (Exudyn's PreNewtonResidualUserFunction and
 * SystemJacobianUserFunction), called by the implicit and the static stepper.
 */

/** Calls the pre-Newton-residual function; runs once per Newton iteration, so without a closure. */
export function callPreNewtonResidual(hook: NonNullable<SolverHooks['preNewtonResidualUserFunction']>, mbs: UserFunctionSystem, t: number, newtonIt: number, discontinuousIt: number): void {
  try {
    hook(mbs, t, newtonIt, discontinuousIt);
  } catch (error) {
    throw userHookError('preNewtonResidualUserFunction', error);
  }
}

/**
 * Calls the system Jacobian function with Exudyn's factors and adds scale·(its terms) into the Jacobian: scale 1 where
 * the solver's Jacobian has the sign of −∂f (implicit: factors −βh², −γh), −1 where the factors are positive (static).
 * Every term is checked first (integer row and column in 0 … size − 1, a finite value), so a bad one adds nothing.
 */
export function addSystemJacobianTerms(
  hook: NonNullable<SolverHooks['systemJacobianUserFunction']>, mbs: UserFunctionSystem, t: number,
  factorODE2: number, factorODE2_t: number, factorODE1: number, target: MatrixAccumulator, size: number, scale: number,
): void {
  let result: unknown;
  try {
    result = hook(mbs, t, factorODE2, factorODE2_t, factorODE1);
  } catch (error) {
    throw userHookError('systemJacobianUserFunction', error);
  }
  const triplets = tripletsOf(result);
  for (let k = 0; k < triplets.length; k++) {
    const entry: unknown = triplets[k];
    if (!Array.isArray(entry) || entry.length !== 3) fail(`entry ${k} must be [row, column, value], got ${describeValue(entry)}`);
    const [row, column, value] = entry as unknown[];
    for (const [what, index] of [['row', row], ['column', column]] as const) {
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= size) fail(`entry ${k}: ${what} must be an integer in 0 … ${size - 1} (the system's unknowns), got ${describeValue(index)}`);
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(`entry ${k}: value must be a finite number, got ${describeValue(value)} at t = ${t}`);
  }
  for (let k = 0; k < triplets.length; k++) {
    const [row, column, value] = triplets[k] as readonly [number, number, number];
    target.add(row, column, scale * value);
  }
}

/** The triplet list of a system Jacobian function's result (a list, or an object with triplets). */
function tripletsOf(result: unknown): readonly unknown[] {
  if (Array.isArray(result)) return result;
  if (result !== null && typeof result === 'object' && Array.isArray((result as { triplets?: unknown }).triplets)) return (result as { triplets: unknown[] }).triplets;
  return fail(`must return sparse terms: a list of [row, column, value] or {numberOfRows, numberOfColumns, triplets}, got ${describeValue(result)}`);
}

function fail(reason: string): never {
  throw new FlexdynError(`systemJacobianUserFunction ${reason}`, { parameter: 'systemJacobianUserFunction' });
}
