/**
 * The numeric loops of {@link SparseLU}'s refactorization and solve as a WebAssembly module: a fresh process runs them
 * compiled from their first call (no interpreted arithmetic, no boxed doubles, no optimizing compile of the JavaScript
 * they replaced). The module's source is sparseLUKernelsSource.ts; its bytes, which the engine loads (building nothing at
 * run time), are in sparseLUKernelsModule.ts, written by scripts/generateWasmKernels.ts. Addresses are byte offsets in
 * the instance's memory (see {@link sparseLULayout}).
 * @module
 */

import { sparseLUModuleBase64 } from './sparseLUKernelsModule.ts';
import { compileStoredModule, instantiateOnMemory, memoryPages } from './storedWasmModule.ts';

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

/** An instance of the kernels on `memory` (the module is compiled at the first call). */
function sparseLUKernels(memory: WebAssembly.Memory): SparseLUKernels {
  compiledModule ??= compileStoredModule(sparseLUModuleBase64);
  return instantiateOnMemory<SparseLUKernels>(compiledModule, memory);
}

/** What holds a lent {@link SparseLUMemory}: a SparseLU, whose arrays are views of it. */
export interface SparseLUTenant {
  /** Copies the arrays out of the memory into arrays of its own and gives the memory back ({@link returnSparseLUMemory}). */
  moveOut(): void;
}

/** A WebAssembly memory with the kernels on it, lent to one SparseLU at a time (see {@link lendSparseLUMemory}). */
export interface SparseLUMemory {
  /** The memory's buffer (the memory never grows, so the buffer stays attached). */
  readonly buffer: ArrayBuffer;
  /** The kernels on the memory. */
  readonly kernels: SparseLUKernels;
  /** The SparseLU whose arrays are in the memory; undefined while it is free. */
  tenant: SparseLUTenant | undefined;
  /** When the tenant last used the memory (a count of uses, see {@link useSparseLUMemory}). */
  usedAt: number;
  /** Whether the memory is the pool's (else its tenant's own, see {@link POOLED_MEMORY_MAX_BYTES}). */
  readonly pooled: boolean;
}

/**
 * Memories the pool keeps, for the SparseLUs in use at a time: a linear system's analysis compares up to three, and a
 * process rarely solves with more than one system at once.
 */
const POOLED_MEMORIES = 4;

/**
 * Bytes up to which a memory is lent from the pool; a larger one is the SparseLU's own (freed with it): the pool keeps its
 * memories for the process, and a fresh memory's cost is small against an analysis that fills more.
 */
const POOLED_MEMORY_MAX_BYTES = 1 << 22;

/**
 * The pool's memories. A fresh WebAssembly memory costs its mapping and a fault at the first touch of each page (≈ 0.25
 * ms to create and fill one of 64 KB), where typed arrays reuse memory the allocator freed: a model that builds its
 * linear systems anew on every solve (geometricallyExactBeamTest: 5 static solves per run) ran warm ≈ 25 % slower with a
 * memory per SparseLU. From the pool, a SparseLU takes over a memory that an earlier one used: one given back
 * (SparseLU.release: LinearSystem's analyses that it does not keep, its factors of a replaced pattern and of a finished
 * solve), else a memory in use, taken back from the tenant that used it longest ago, which copies its arrays out first
 * and can move back into a memory later (a SparseLU used outside LinearSystem does not say when it is no longer used).
 */
const pool: SparseLUMemory[] = [];

/** The count of uses of the pool's memories (the clock of usedAt). */
let uses = 0;

/** A memory of at least `bytes` with the kernels on it. */
function newSparseLUMemory(bytes: number, tenant: SparseLUTenant, pooled: boolean): SparseLUMemory {
  const memory = new WebAssembly.Memory({ initial: memoryPages(bytes) });
  return { buffer: memory.buffer, kernels: sparseLUKernels(memory), tenant, usedAt: ++uses, pooled };
}

/**
 * A memory of at least `bytes` for `tenant`, the first `bytes` zero: the smallest free one of the pool that holds them;
 * else a new one while the pool has room; else the one used longest ago (a free one first; else its tenant moves out),
 * replaced by a new memory when too small. Beyond {@link POOLED_MEMORY_MAX_BYTES}, a new memory outside the pool.
 */
export function lendSparseLUMemory(bytes: number, tenant: SparseLUTenant): SparseLUMemory {
  if (bytes > POOLED_MEMORY_MAX_BYTES) return newSparseLUMemory(bytes, tenant, false);
  let fit: SparseLUMemory | undefined;
  let oldest: SparseLUMemory | undefined;
  for (const m of pool) {
    if (m.tenant === undefined && m.buffer.byteLength >= bytes && (fit === undefined || m.buffer.byteLength < fit.buffer.byteLength)) fit = m;
    if (oldest === undefined || takenBackBefore(m, oldest)) oldest = m;
  }
  if (fit === undefined && pool.length < POOLED_MEMORIES) {
    fit = newSparseLUMemory(bytes, tenant, true);
    pool.push(fit);
    return fit;
  }
  if (fit === undefined) {
    fit = oldest!;
    fit.tenant?.moveOut();
    if (fit.buffer.byteLength < bytes) {
      fit = newSparseLUMemory(bytes, tenant, true);
      pool[pool.indexOf(oldest!)] = fit;
      return fit;
    }
  }
  // zeroed as a fresh memory is (the work vector must be)
  new Uint8Array(fit.buffer, 0, bytes).fill(0);
  fit.tenant = tenant;
  fit.usedAt = ++uses;
  return fit;
}

/** Whether the pool takes back memory a before b when none fits: a free one before one in use, then the one used longest ago. */
function takenBackBefore(a: SparseLUMemory, b: SparseLUMemory): boolean {
  const aFree = a.tenant === undefined;
  return aFree !== (b.tenant === undefined) ? aFree : a.usedAt < b.usedAt;
}

/** Gives a memory back to the pool (its tenant no longer uses it). */
export function returnSparseLUMemory(memory: SparseLUMemory): void {
  memory.tenant = undefined;
}

/** Marks a use of the memory by its tenant (the pool takes back the memory used longest ago first). */
export function useSparseLUMemory(memory: SparseLUMemory): void {
  memory.usedAt = ++uses;
}
