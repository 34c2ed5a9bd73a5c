/**
 * The loops of {@link symmetricEigen} as a WebAssembly module: the copy of the matrix (with its check for non-finite
 * entries), the Householder reduction to tridiagonal form and the implicit QL iteration with the sort. A fresh process
 * runs them compiled from their first call (no interpreted arithmetic, no boxed doubles); V8 compiles the hot ones again
 * optimized after a few calls (the small functions of the innermost loops: little compile work). The module's source is
 * symmetricEigenKernelsSource.ts; its bytes, which the engine loads (building nothing at run time), are in
 * symmetricEigenKernelsModule.ts, written by scripts/generateWasmKernels.ts.
 * @module
 */

import { symmetricEigenModuleBase64 } from './symmetricEigenKernelsModule.ts';
import { compileStoredModule, instantiateOnMemory, memoryPages, wasmPageBytes } from './storedWasmModule.ts';

/** The kernels as called from JavaScript (addresses in bytes; see {@link symmetricEigenLayout}). */
export interface SymmetricEigenKernels {
  /** q[r·n + c] = a[c·n + r] for all r, c (row by row); returns r·n + c of the first non-finite entry, else −1. */
  load(n: number, a: number, q: number): number;
  /**
   * Householder reduction Qᵀ A Q = T of the matrix A stored transposed in q (tred2): T's diagonal into d, its entry
   * (i − 1, i) into e[i] (e[0] = 0), Q into q (row r: Q's column r).
   */
  tridiagonalize(n: number, q: number, d: number, e: number): void;
  /**
   * Implicit QL iteration (tql2) on the tridiagonal matrix of tridiagonalize, rotating the entries first … n − 1 of the
   * rows of q along, then eigenvalues (d) and rows of q sorted ascending; returns −1, or the eigenvalue whose iteration
   * took more than maxIterations sweeps.
   */
  diagonalize(n: number, first: number, maxIterations: number, q: number, d: number, e: number): number;
}

/** Byte offsets of the arrays of an n × n decomposition in the kernels' memory, and the bytes they take. */
export interface SymmetricEigenLayout {
  /** The eigenvectors as rows (n·n doubles, at 0). */
  readonly q: number;
  /** The matrix, row-major (n·n doubles). */
  readonly a: number;
  /** The diagonal, then the eigenvalues (n doubles). */
  readonly d: number;
  /** The off-diagonal (n doubles). */
  readonly e: number;
  /** Bytes in all. */
  readonly bytes: number;
}

/** The layout of {@link SymmetricEigenLayout} for dimension n. */
export function symmetricEigenLayout(n: number): SymmetricEigenLayout {
  const a = n * n * 8;
  const d = 2 * a;
  const e = d + n * 8;
  return { q: 0, a, d, e, bytes: e + n * 8 };
}

/** The compiled module. */
let compiledModule: WebAssembly.Module | undefined;

/** The kernels' instance and its memory (one at a time: the decompositions do not nest). */
let instance: { kernels: SymmetricEigenKernels; memory: WebAssembly.Memory } | undefined;

/**
 * The kernels on a memory of at least `bytes` (the module, 3.6 KB, is compiled synchronously at the first call, also on
 * a browser's main thread, which allows up to 4 KB). A larger memory is a new memory with a new instance, at least
 * twice the pages of the last: growing a memory would detach its buffer, and V8 then deoptimizes all optimized code
 * that reads typed arrays (its "no array buffer detached" assumption) and compiles it again with detach checks.
 */
export function symmetricEigenKernels(bytes: number): { kernels: SymmetricEigenKernels; memory: WebAssembly.Memory } {
  const pages = instance === undefined ? 0 : instance.memory.buffer.byteLength / wasmPageBytes;
  if (instance === undefined || bytes > pages * wasmPageBytes) {
    compiledModule ??= compileStoredModule(symmetricEigenModuleBase64);
    const memory = new WebAssembly.Memory({ initial: Math.max(memoryPages(bytes), 2 * pages) });
    const kernels = instantiateOnMemory<SymmetricEigenKernels>(compiledModule, memory);
    instance = { kernels, memory };
  }
  return instance;
}
