import { describeValue, itemError, type ItemLabel } from '../core/errors.ts';
import type { MatrixValue } from './parameters.ts';

/**
 * A user function's vector result, checked at the call: an array (or typed array) of n finite numbers; otherwise a
 * FlexdynError naming the item, the function, what was expected and what came.
 */
export function checkedUserVector(label: ItemLabel, parameter: string, result: unknown, n: number): ArrayLike<number> {
  if (result === null || typeof result !== 'object' || (result as ArrayLike<unknown>).length !== n) {
    itemError(label, parameter, `must return an array of ${n} numbers, got ${describeValue(result)}`);
  }
  const values = result as ArrayLike<unknown>;
  for (let i = 0; i < n; i++) {
    const value = values[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) itemError(label, parameter, `must return finite numbers, got ${describeValue(value)} at entry ${i}`);
  }
  return values as ArrayLike<number>;
}

/**
 * A user function's n × columns matrix result (an array of n rows of `columns` finite numbers; square by default),
 * checked at the call like {@link checkedUserVector}.
 */
export function checkedUserMatrix(label: ItemLabel, parameter: string, result: unknown, n: number, columns = n): MatrixValue {
  if (!Array.isArray(result) || result.length !== n) itemError(label, parameter, `must return a ${n} x ${columns} matrix (array of rows), got ${describeValue(result)}`);
  for (let i = 0; i < n; i++) {
    const row: unknown = result[i];
    if (row === null || typeof row !== 'object' || (row as ArrayLike<unknown>).length !== columns) itemError(label, parameter, `must return a ${n} x ${columns} matrix; row ${i} is ${describeValue(row)}`);
    for (let j = 0; j < columns; j++) {
      const value = (row as ArrayLike<unknown>)[j];
      if (typeof value !== 'number' || !Number.isFinite(value)) itemError(label, parameter, `must return finite numbers, got ${describeValue(value)} at (${i}, ${j})`);
    }
  }
  return result as MatrixValue;
}
