import { expect } from 'vitest';
import { FlexdynError } from '../../src/index.ts';

/** Expects fn to throw a FlexdynError whose message matches pattern (a RegExp, or a string it must contain); returns the error. */
export function expectFlexdynError(fn: () => unknown, pattern: RegExp | string): FlexdynError {
  let caught: unknown;
  try { fn(); } catch (error) { caught = error; }
  expect(caught).toBeInstanceOf(FlexdynError);
  expect((caught as Error).message).toMatch(pattern);
  return caught as FlexdynError;
}
