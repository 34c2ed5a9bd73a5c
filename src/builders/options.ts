import { describeValue, FlexdynError } from '../core/errors.ts';

/*
 * Checks of builder options that are not item parameters (positions, axes and flags a builder turns into item
 * parameters). Parameters a builder passes on unchanged are left to the registry's validation (see checkBeforeAdding).
 */

/** True for a non-negative integer (an item index). */
export function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Checks a vector of 3 finite numbers; returns it as an array. */
export function checkedVector3(where: string, argumentName: string, value: unknown): number[] {
  const ok = (Array.isArray(value) || value instanceof Float64Array) && value.length === 3 && Array.from(value as ArrayLike<unknown>).every((x) => typeof x === 'number' && Number.isFinite(x));
  if (!ok) throw new FlexdynError(`${where}: ${argumentName} must be a vector of 3 finite numbers, got ${describeValue(value)}`);
  return Array.from(value as ArrayLike<number>);
}

/** Checks a boolean option. */
export function checkedBool(where: string, argumentName: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new FlexdynError(`${where}: ${argumentName} must be a boolean, got ${describeValue(value)}`);
  return value;
}

/** The 3×3 identity as rows. */
export function identity3(): number[][] {
  return [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
}

/**
 * Runs read (reference-configuration outputs); an error names the builder and what it was computing, the reason and
 * an optional hint.
 */
export function readReference<T>(where: string, what: string, read: () => T, hint = ''): T {
  try {
    return read();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FlexdynError(`${where}: ${what} cannot be computed from the reference configuration (${message})${hint}`);
  }
}
