/**
 * Eigenvalues and eigenvectors of a real symmetric dense matrix on Float64Array storage: Householder reduction to
 * tridiagonal form with the transformations accumulated, then the implicit QL iteration with Wilkinson-type shifts
 * on the tridiagonal matrix, rotating the accumulated basis along (the algorithm of EISPACK's tred2 and tql2, Martin,
 * Reinsch and Wilkinson, Handbook for Automatic Computation II, 1971). The arithmetic is done in the order of that
 * algorithm, so the results equal those of other faithful implementations (ml-matrix's symmetric
 * EigenvalueDecomposition) bit for bit; the storage is flat and nothing is looked up per entry. The loops are
 * WebAssembly kernels (symmetricEigenKernels.ts): a fresh process runs them compiled from the first call.
 * @module
 */

import { FlexdynError } from '../core/errors.ts';
import { symmetricEigenKernels, symmetricEigenLayout } from './symmetricEigenKernels.ts';

/** Eigen decomposition A = Σ λ_k v_k v_kᵀ of {@link symmetricEigen}. */
export interface SymmetricEigen {
  /** Eigenvalues λ_k in ascending order. */
  values: Float64Array;
  /** Orthonormal eigenvectors as rows of a row-major n × n array: v_k is entries k·n … k·n + n − 1. */
  vectors: Float64Array;
}

/**
 * QL iterations allowed for one eigenvalue before {@link symmetricEigen} gives up (EISPACK allows 30; the iteration
 * converges cubically and takes one to three on ordinary matrices).
 */
const maxIterationsPerEigenvalue = 100;

/** Largest n: the kernels' arrays (2n² + 2n doubles) must stay below 2 GB, the byte offsets being signed 32-bit integers. */
const maxDimension = 11584;

/**
 * Eigenvalues (ascending) and orthonormal eigenvectors of the symmetric n × n matrix `a` (row-major, entry (i, j) at
 * i·n + j, finite; only used as symmetric: pass an exactly symmetric matrix, e.g. (A + Aᵀ)/2). `a` is not changed.
 * With `firstEntry` > 0 only the eigenvector entries firstEntry … n − 1 are computed (the others are returned as 0):
 * the QL iteration rotates each entry index on its own, so those entries and the eigenvalues equal the full
 * decomposition's bit for bit, at a fraction of its cost when few entries are wanted.
 */
export function symmetricEigen(a: ArrayLike<number>, n: number, firstEntry = 0): SymmetricEigen {
  if (!Number.isInteger(n) || n < 0 || a.length < n * n) {
    throw new FlexdynError(`symmetricEigen: the matrix must have n × n = ${n} × ${n} entries (n a non-negative integer), got ${a.length} entries`, { parameter: 'n' });
  }
  if (n > maxDimension) {
    throw new FlexdynError(`symmetricEigen: n must be at most ${maxDimension} (the kernels' arrays below 2 GB), got ${n}`, { parameter: 'n' });
  }
  if (!Number.isInteger(firstEntry) || firstEntry < 0 || firstEntry > n) {
    throw new FlexdynError(`symmetricEigen: firstEntry must be an integer in [0, ${n}], got ${firstEntry}`, { parameter: 'firstEntry' });
  }
  const values = new Float64Array(n);
  if (n === 0) return { values, vectors: new Float64Array(0) };
  const layout = symmetricEigenLayout(n);
  const { kernels, memory } = symmetricEigenKernels(layout.bytes);
  const heap = new Float64Array(memory.buffer);
  const size = n * n;
  // the matrix into the kernels' memory (a Float64Array copied natively)
  if (a instanceof Float64Array) heap.set(a.subarray(0, size), layout.a / 8);
  else for (let k = 0; k < size; k++) heap[layout.a / 8 + k] = a[k];
  // q[r·n + c] holds entry (c, r): row k of q ends as eigenvector k, and every inner loop runs along a row
  const invalid = kernels.load(n, layout.a, layout.q);
  if (invalid >= 0) {
    const r = Math.floor(invalid / n), c = invalid % n;
    throw new FlexdynError(`symmetricEigen: the matrix entries must be finite, got ${a[c * n + r]} at (${c}, ${r})`, { parameter: 'a' });
  }
  kernels.tridiagonalize(n, layout.q, layout.d, layout.e);
  const failed = kernels.diagonalize(n, firstEntry, maxIterationsPerEigenvalue, layout.q, layout.d, layout.e);
  if (failed >= 0) {
    throw new FlexdynError(`symmetricEigen: the QL iteration must converge within ${maxIterationsPerEigenvalue} sweeps per eigenvalue, got none for eigenvalue ${failed} of ${n}`);
  }
  values.set(heap.subarray(layout.d / 8, layout.d / 8 + n));
  const q = heap.slice(layout.q / 8, layout.q / 8 + size);
  if (firstEntry > 0) for (let r = 0; r < n; r++) q.fill(0, r * n, r * n + firstEntry);
  return { values, vectors: q };
}
