import type { ItemState } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import type { UserFunctionValue } from '../../registry/parameters.ts';
import { checkedUserVector } from '../../registry/userFunctionResults.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/**
 * Writes the load vector (or the user function's result for it) into out, checking the result's size. loadVector is the
 * list the user function receives, values the same numbers as a Float64Array, which the path without a user function
 * copies: every load then hands the solve one elements kind (a list of whole numbers is a Smi list, one with fractions a
 * double list, and a kernel that met one deoptimized at the other).
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
  const result = checkedUserVector(label, 'loadVectorUserFunction', userFunction(s.mbs, s.t, loadVector), out.length);
  for (let i = 0; i < out.length; i++) out[i] = result[i];
}
