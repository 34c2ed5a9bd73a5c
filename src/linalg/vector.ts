/**
 * Small allocation-free helpers on Float64Array vectors used by the solvers.
 * Every function works on the first `n` entries (default: the whole array).
 * @module
 */

/** Euclidean norm of the first `n` entries of `a`, scaled to avoid overflow/underflow (NaN if any entry is NaN). */
export function norm2(a: Float64Array, n: number = a.length): number {
  norm2Into(a, n, normResult, 0);
  return normResult[0];
}

/** norm2's result (a returned double, held here, is not boxed even when norm2Into is not inlined). */
const normResult = new Float64Array(1);

/**
 * Writes {@link norm2} of the first `n` entries of `a` into out[at]: for callers in Newton iterations, where a double
 * returned from a call the optimizer does not inline would be boxed, a new heap object per call.
 */
export function norm2Into(a: Float64Array, n: number, out: Float64Array, at: number): void {
  let scale = 0;
  for (let i = 0; i < n; i++) {
    const v = Math.abs(a[i]);
    if (v > scale || v !== v) scale = v;
  }
  // a zero, infinite or NaN largest magnitude is the norm itself. That case takes the same operations as the others
  // (the sum is formed and not used), so that code compiled before the first zero residual came is not deoptimized
  const scaled = scale > 0 && scale < Infinity;
  const inv = scaled ? 1 / scale : 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const v = a[i] * inv;
    s += v * v;
  }
  out[at] = scaled ? scale * Math.sqrt(s) : scale;
}

/** Maximum absolute value of the first `n` entries of `a` (NaN if any entry is NaN). */
export function normInf(a: Float64Array, n: number = a.length): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const v = Math.abs(a[i]);
    if (v > m || v !== v) m = v;
  }
  return m;
}

/** Dot product of the first `n` entries of `a` and `b`. */
export function dot(a: Float64Array, b: Float64Array, n: number = a.length): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

/**
 * Σ_{k = from}^{to − 1} a[offset + k]·x[k], summed from +0 in ascending k: the inner product of a row of a row-major
 * matrix (starting at `offset`) with part of a vector. A small function of its own, so that a fresh process compiles the
 * dense kernels' n³ loop nests that call it optimized after a few calls instead of interpreting them until their
 * on-stack replacement is ready.
 */
export function dotRange(a: Float64Array, offset: number, x: Float64Array, from: number, to: number): number {
  let s = 0;
  for (let k = from; k < to; k++) s += a[offset + k] * x[k];
  return s;
}

/**
 * y[yo + i] −= x[xo + i]·factor for from ≤ i < to (y and x may be the same array): a row or column update of the dense
 * and sparse factorizations, a small function of its own for the reason given at {@link dotRange}.
 */
export function subtractScaled(y: Float64Array, yo: number, x: Float64Array, xo: number, factor: number, from: number, to: number): void {
  for (let i = from; i < to; i++) y[yo + i] -= x[xo + i] * factor;
}

/** y += a·x on the first `n` entries. */
export function axpy(y: Float64Array, a: number, x: Float64Array, n: number = y.length): void {
  for (let i = 0; i < n; i++) y[i] += a * x[i];
}

/** Copies the first `n` entries of `src` into `dst`. */
export function copyInto(dst: Float64Array, src: Float64Array, n: number = src.length): void {
  if (n === src.length) dst.set(src);
  else dst.set(src.subarray(0, n));
}

/** Sets the first `n` entries of `a` to `value`. */
export function fill(a: Float64Array, value: number, n: number = a.length): void {
  a.fill(value, 0, n);
}

/** dst = s·src on the first `n` entries (`dst` may alias `src`). */
export function scaleInto(dst: Float64Array, s: number, src: Float64Array, n: number = src.length): void {
  for (let i = 0; i < n; i++) dst[i] = s * src[i];
}
