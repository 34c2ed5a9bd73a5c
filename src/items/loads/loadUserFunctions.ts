import type { ItemState } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import type { UserFunctionValue } from '../../registry/parameters.ts';

/** Writes the load vector (or the user function's result for it) into out, checking the result's size. */
export function evaluateVectorUserFunction(
  label: ItemLabel,
  userFunction: UserFunctionValue<(mbs: unknown, t: number, loadVector: number[]) => ArrayLike<number>>,
  s: ItemState,
  loadVector: number[],
  out: Float64Array,
): void {
  if (userFunction === 0) {
    for (let i = 0; i < out.length; i++) out[i] = loadVector[i];
    return;
  }
  const result = userFunction(s.mbs, s.t, loadVector);
  if (result === null || typeof result !== 'object' || result.length !== out.length) {
    itemError(label, 'loadVectorUserFunction', `must return ${out.length} numbers, got ${describeValue(result)}`);
  }
  for (let i = 0; i < out.length; i++) out[i] = result[i];
}
