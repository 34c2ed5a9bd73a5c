/**
 * Discrete Fourier transform of real or complex sequences of any length: iterative radix-2 Cooley–Tukey for powers of
 * two, Bluestein's chirp-z transform (three power-of-two FFTs) for other lengths, so every length costs O(n log n).
 * Convention as numpy.fft.fft: Y_k = Σ_j x_j exp(−2πi jk/n), no scaling.
 * @module
 */
import { FlexdynError } from '../core/errors.ts';

/** Real and imaginary parts of a complex sequence (equal lengths). */
export interface ComplexArray {
  /** Real parts. */
  readonly re: Float64Array;
  /** Imaginary parts. */
  readonly im: Float64Array;
}

/** In-place radix-2 FFT of (re, im), length a power of two; inverse = true computes Σ x_j exp(+2πi jk/n) (unscaled). */
function radix2InPlace(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      let t = re[i]; re[i] = re[j]; re[j] = t;
      t = im[i]; im[i] = im[j]; im[j] = t;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const angle = (sign * 2 * Math.PI) / size;
    for (let k = 0; k < half; k++) {
      // twiddle factors computed directly (not by recurrence) to keep round-off at machine precision
      const wr = Math.cos(angle * k), wi = Math.sin(angle * k);
      for (let start = 0; start < n; start += size) {
        const a = start + k, b = a + half;
        const tr = wr * re[b] - wi * im[b];
        const ti = wr * im[b] + wi * re[b];
        re[b] = re[a] - tr; im[b] = im[a] - ti;
        re[a] += tr; im[a] += ti;
      }
    }
  }
}

/** Bluestein: the DFT of length n as a convolution of length m ≥ 2n − 1 (a power of two). */
function bluestein(re: Float64Array, im: Float64Array): ComplexArray {
  const n = re.length;
  let m = 1;
  while (m < 2 * n - 1) m <<= 1;
  // chirp w_j = exp(−iπ j²/n); j² mod 2n keeps the angle small for large j
  const cr = new Float64Array(n), ci = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const angle = (Math.PI * ((j * j) % (2 * n))) / n;
    cr[j] = Math.cos(angle); ci[j] = -Math.sin(angle);
  }
  const ar = new Float64Array(m), ai = new Float64Array(m), br = new Float64Array(m), bi = new Float64Array(m);
  for (let j = 0; j < n; j++) {
    ar[j] = re[j] * cr[j] - im[j] * ci[j];
    ai[j] = re[j] * ci[j] + im[j] * cr[j];
  }
  br[0] = cr[0]; bi[0] = -ci[0];
  for (let j = 1; j < n; j++) {
    br[j] = br[m - j] = cr[j];
    bi[j] = bi[m - j] = -ci[j];
  }
  radix2InPlace(ar, ai, false);
  radix2InPlace(br, bi, false);
  for (let k = 0; k < m; k++) {
    const r = ar[k] * br[k] - ai[k] * bi[k];
    ai[k] = ar[k] * bi[k] + ai[k] * br[k];
    ar[k] = r;
  }
  radix2InPlace(ar, ai, true);
  const outRe = new Float64Array(n), outIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const r = ar[k] / m, i = ai[k] / m;
    outRe[k] = r * cr[k] - i * ci[k];
    outIm[k] = r * ci[k] + i * cr[k];
  }
  return { re: outRe, im: outIm };
}

/** The DFT Y_k = Σ_j x_j exp(−2πi jk/n) of a real (im omitted) or complex sequence of length n ≥ 1. */
export function fft(re: ArrayLike<number>, im?: ArrayLike<number>): ComplexArray {
  const n = re.length;
  if (n === 0) throw new FlexdynError('fft: the sequence must have at least one entry, got none');
  if (im !== undefined && im.length !== n) throw new FlexdynError(`fft: imaginary parts must have ${n} entries like the real parts, got ${im.length}`);
  const r = Float64Array.from(re);
  const i = im === undefined ? new Float64Array(n) : Float64Array.from(im);
  for (let k = 0; k < n; k++) {
    if (!Number.isFinite(r[k]) || !Number.isFinite(i[k])) throw new FlexdynError(`fft: entry ${k} must be finite, got ${r[k]}${im === undefined ? '' : ` + ${i[k]}i`}`);
  }
  if ((n & (n - 1)) === 0) {
    radix2InPlace(r, i, false);
    return { re: r, im: i };
  }
  return bluestein(r, i);
}
