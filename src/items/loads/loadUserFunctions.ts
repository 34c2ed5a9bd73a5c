import type { ItemState } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import type { UserFunctionValue } from '../../registry/parameters.ts';
import { checkedUserVector } from '../../registry/userFunctionResults.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Array.prototype.findIndex, called on the user function's result (an array, a typed array or an array-like object). */
const findIndex = Array.prototype.findIndex as (this: unknown, predicate: (value: unknown) => boolean) => number;

/** True for anything but a finite number (Number.isFinite converts nothing: null, true and '1' are not numbers). */
const isNotFiniteNumber = (value: unknown): boolean => !Number.isFinite(value);

/**
 * Writes the load vector (or the user function's result for it) into out, checking the result's size. loadVector is the
 * list the user function receives, values the same numbers as a Float64Array, which the path without a user function
 * copies: every load then hands the solve one elements kind (a list of whole numbers is a Smi list, one with fractions a
 * double list, and a kernel that met one deoptimized at the other).
 *
 * The result is accepted exactly when {@link checkedUserVector} accepts it (an object whose length is out.length, with a
 * finite number at every index; holes read as undefined), which then throws its error. The result is read only by
 * builtins (Reflect.get for the length, findIndex, Float64Array.prototype.set), not by property loads of our code: a
 * user function's list changes its elements kind with its values (`load.map(…)` gives a Smi list at t = 0 and t ≥ 1, a
 * double list between; two functions, two kinds), and our loads, compiled for one kind, deoptimized at the other. The
 * user function's branch is a function of its own ({@link copyUserVector}): the path without one, which every load runs,
 * stays as small as it was (mainSystemExtensionsTests 3 866 → 3 834 M instructions, loadUserFunctionTest 1 048 → 1 038 M).
 */
export function evaluateVectorUserFunction(
  label: ItemLabel,
  userFunction: UserFunctionValue<SystemUserFunction<UserFunctionSystem, [t: number, loadVector: number[]], ArrayLike<number>>>,
  s: ItemState,
  loadVector: number[],
  values: Float64Array,
  out: Float64Array,
): void {
  if (userFunction === 0) {
    for (let i = 0; i < out.length; i++) out[i] = values[i];
    return;
  }
  copyUserVector(label, userFunction(s.mbs, s.t, loadVector), out);
}

/** The user function's result into out, checked as {@link evaluateVectorUserFunction} says. */
function copyUserVector(label: ItemLabel, result: unknown, out: Float64Array): void {
  const n = out.length;
  if (result === null || typeof result !== 'object' || Reflect.get(result, 'length') !== n || findIndex.call(result, isNotFiniteNumber) !== -1) {
    checkedUserVector(label, 'loadVectorUserFunction', result, n);
  }
  out.set(result as ArrayLike<number>);
}
