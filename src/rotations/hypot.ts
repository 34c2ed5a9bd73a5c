/**
 * √(x² + y²) and √(x² + y² + z²) with the operations of V8's Math.hypot, written in the kernel subset of
 * scripts/wasmKernelCompiler.ts: the engine's JavaScript (src/rotations/skew.ts re-exports them) and the WebAssembly
 * kernels that import them give the same double as Math.hypot, without its per-call array and boxed result.
 * @module
 */

/**
 * √(x² + y²): both scaled by the larger magnitude (Math.hypot's compensated sum reduces to a² + b² for two terms). +∞ if
 * an argument is infinite (the largest double times 2), else NaN if one is NaN (through the quotient, NaN / 0
 * included). Either order takes the same operations (the larger and smaller picked by selects), so that code compiled
 * while one argument was always the larger is not deoptimized when the other is.
 */
export function hypot2(x: number, y: number): number {
  const ax = Math.abs(x), ay = Math.abs(y);
  if (ax > 1.7976931348623157e308 || ay > 1.7976931348623157e308) return 1.7976931348623157e308 * 2;
  const large = ax >= ay ? ax : ay, small = ax >= ay ? ay : ax;
  if (large + small === 0) return 0;
  const b = small / large;
  return Math.sqrt(1 + b * b) * large;
}

/**
 * √(x² + y² + z²): scaled by the largest magnitude, the compensated sum of the three scaled squares. +∞ if an argument
 * is infinite, else NaN if one is NaN (their sum).
 */
export function hypot3(x: number, y: number, z: number): number {
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  if (ax > 1.7976931348623157e308 || ay > 1.7976931348623157e308 || az > 1.7976931348623157e308) return 1.7976931348623157e308 * 2;
  if (ax !== ax || ay !== ay || az !== az) return ax + ay + az;
  // the largest magnitude by comparisons (no NaN here, and no −0 after Math.abs: Math.max's value)
  const larger = ax >= ay ? ax : ay, max = larger >= az ? larger : az;
  if (max === 0) return 0;
  // The compensated sum from 0 of the three scaled squares, without its operations on the starting zeros, which change
  // no bit (x − 0 = x and 0 + x = x for x = n² ≥ +0, and (x − 0) − x = +0 for finite x): the first square is the sum, the
  // first compensation +0.
  const a = ax / max, b = ay / max, c = az / max;
  const first = a * a, second = b * b;
  const preliminary = first + second;
  const compensation = (preliminary - first) - second;
  return Math.sqrt(preliminary + (c * c - compensation)) * max;
}
