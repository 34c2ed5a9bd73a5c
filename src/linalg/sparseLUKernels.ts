/**
 * The numeric loops of {@link SparseLU}'s refactorization and solve as a WebAssembly module: a fresh process runs them
 * compiled from their first call (no interpreted arithmetic, no boxed doubles, no optimizing compile of the JavaScript
 * they replaced). The module's source is sparseLUKernelsSource.ts; its bytes, which the engine loads (building nothing at
 * run time), are in sparseLUKernelsModule.ts, written by scripts/generateWasmKernels.ts. Addresses are byte offsets in
 * the instance's memory (see {@link sparseLULayout}).
 * @module
 */

import { sparseLUModuleBase64 } from './sparseLUKernelsModule.ts';
import { compileStoredModule } from './storedWasmModule.ts';

/** The kernels as called from JavaScript (addresses in bytes; see {@link SparseLULayout}). */
export interface SparseLUKernels {
  /**
   * Refactorizes the n columns of the matrix whose values are at `values` (pattern at colPtr and rowIndex) with the
   * stored pivots and L/U pattern, as SparseLU.refactorize: 1 with max |scaled A| and max |U| at maxima and maxima + 8,
   * or 0 at the first pivot below tau·max |L column| or tol·max |column| (the work vector x left zeroed). group: the U
   * entries' groups (see SparseLU's groupUpperPart), 0 for none.
   */
  refactor(n: number, tau: number, tol: number, values: number, colPtr: number, rowIndex: number, x: number, group: number,
    maxima: number, q: number, pinv: number, lp: number, li: number, lx: number, up: number, ui: number, ux: number,
    udiag: number, rs: number, cs: number): number;
  /** Solves A·x = b with the factors: b at `vector` on entry, x there on return (y: n doubles of work space). */
  solve(n: number, vector: number, y: number, prow: number, q: number, pinv: number, lp: number, li: number, lx: number,
    up: number, ui: number, ux: number, udiag: number, rs: number, cs: number): void;
}

/**
 * Byte offsets of SparseLU's arrays in its memory for n unknowns, a matrix of up to `entries` entries and L and U of up
 * to lowerCapacity and upperCapacity entries (without their diagonals), and the bytes they take.
 */
export interface SparseLULayout {
  /** max |scaled A| and max |U| of a refactorization (2 doubles). */
  readonly maxima: number;
  /** The work vector of the factorizations (n doubles, zero between them). */
  readonly work: number;
  /** U's diagonal (n doubles). */
  readonly udiag: number;
  /** Row scale factors of the equilibration (n doubles). */
  readonly rowScale: number;
  /** Column scale factors (n doubles). */
  readonly colScale: number;
  /** The solve's work vector (n doubles). */
  readonly sol: number;
  /** The right-hand side and solution of a solve (n doubles). */
  readonly vector: number;
  /** The copy of A's values (entries doubles). */
  readonly values: number;
  /** L's values (lowerCapacity doubles). */
  readonly lx: number;
  /** U's values (upperCapacity doubles). */
  readonly ux: number;
  /** The column order q (n int32). */
  readonly colOrder: number;
  /** The pivot step of each row (n int32). */
  readonly stepOfRow: number;
  /** The row of each pivot step (n int32). */
  readonly rowOfStep: number;
  /** L's column starts (n + 1 int32). */
  readonly lp: number;
  /** U's column starts (n + 1 int32). */
  readonly up: number;
  /** A's column starts of the last factorization's pattern (n + 1 int32). */
  readonly colPtr: number;
  /** A's row indices of that pattern (entries int32). */
  readonly rowIndex: number;
  /** L's row indices (lowerCapacity int32). */
  readonly li: number;
  /** U's row indices (upperCapacity int32). */
  readonly ui: number;
  /** The groups of U's entries (upperCapacity bytes). */
  readonly group: number;
  /** Bytes of the layout. */
  readonly bytes: number;
}

/**
 * The layout of {@link SparseLULayout} (the doubles first, then the int32 arrays, then the bytes). Throws a RangeError
 * beyond 2³¹ bytes (the kernels address with signed 32-bit offsets).
 */
export function sparseLULayout(n: number, entries: number, lowerCapacity: number, upperCapacity: number): SparseLULayout {
  const maxima = 0;
  const work = 16;
  const udiag = work + 8 * n;
  const rowScale = udiag + 8 * n;
  const colScale = rowScale + 8 * n;
  const sol = colScale + 8 * n;
  const vector = sol + 8 * n;
  const values = vector + 8 * n;
  const lx = values + 8 * entries;
  const ux = lx + 8 * lowerCapacity;
  const colOrder = ux + 8 * upperCapacity;
  const stepOfRow = colOrder + 4 * n;
  const rowOfStep = stepOfRow + 4 * n;
  const lp = rowOfStep + 4 * n;
  const up = lp + 4 * (n + 1);
  const colPtr = up + 4 * (n + 1);
  const rowIndex = colPtr + 4 * (n + 1);
  const li = rowIndex + 4 * entries;
  const ui = li + 4 * lowerCapacity;
  const group = ui + 4 * upperCapacity;
  const bytes = group + upperCapacity;
  if (bytes > 0x7fffffff) throw new RangeError(`SparseLU: factors of ${lowerCapacity + upperCapacity} entries exceed 2 GB`);
  return { maxima, work, udiag, rowScale, colScale, sol, vector, values, lx, ux, colOrder, stepOfRow, rowOfStep, lp, up, colPtr,
    rowIndex, li, ui, group, bytes };
}

/** The compiled module (compiled synchronously at the first call: below the 4 KB a browser's main thread may compile so). */
let compiledModule: WebAssembly.Module | undefined;

/** An instance of the kernels on a memory of its own (the module is compiled at the first call). */
export function sparseLUKernels(memory: WebAssembly.Memory): SparseLUKernels {
  compiledModule ??= compileStoredModule(sparseLUModuleBase64);
  return new WebAssembly.Instance(compiledModule, { env: { memory } }).exports as unknown as SparseLUKernels;
}
