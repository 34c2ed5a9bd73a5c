/**
 * A kernel file that test/scripts/sampleKernels.ts imports from: its functions become internal functions of that
 * module (test/scripts/wasmKernelCompiler.test.ts).
 * @module
 */

/** 2x + 1, through an internal helper of this file. */
export function twicePlusOne(x: number): number {
  return plusOne(2 * x);
}

/** x + 1. */
function plusOne(x: number): number {
  return x + 1;
}
