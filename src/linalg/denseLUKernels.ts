/**
 * The numeric loops of {@link DenseLU} as WebAssembly modules: the factorizations, the row swaps of a
 * right-hand side and the forward and back substitutions (over the full factors or over their listed nonzeros), and the
 * listing. A fresh process runs them compiled from their first call (no interpreted arithmetic, no boxed doubles, no
 * optimizing compile of the JavaScript they replaced). The modules' source is denseLUKernelsSource.ts; their bytes, which
 * the engine loads (building nothing at run time), are in denseLUKernelsModule.ts, written by
 * scripts/generateWasmKernels.ts. All addresses are byte offsets in the instance's memory; the matrix (row-major,
 * stride n) starts at 0.
 * @module
 */

import { denseLULargeModuleBase64, denseLUModuleBase64 } from './denseLUKernelsModule.ts';
import { compileStoredModule, instantiateOnMemory, memoryPages, wasmPageBytes } from './storedWasmModule.ts';
import { FlexdynError } from '../core/errors.ts';

/** The kernels as called from JavaScript (addresses in bytes; see {@link denseLULayout}). */
export interface DenseLUKernels {
  /**
   * Factorizes the n×n matrix at 0 in place with partial pivoting (as DenseLU.factorize for n below its large-matrix
   * dimension): −1 on success, else the singular column, with its pivot and column scale at report and report + 8.
   */
  factorize(n: number, tolerance: number, swaps: number, columns: number, report: number): number;
  /**
   * y ← U⁻¹L⁻¹P y with the leading n×n block of the factors at byte address a (row-major, stride entries per row), P the
   * first swapCount row swaps (y: n doubles).
   */
  substitute(n: number, stride: number, a: number, y: number, swaps: number, swapCount: number): void;
  /**
   * Lists the nonzeros of the leading n×n block of the factors at a (stride entries per row) by row, and U's diagonal, if
   * they fill less than 60 % of the triangles: 1, else 0.
   */
  list(n: number, stride: number, a: number, diagonal: number, lowerStart: number, upperStart: number, lowerValues: number,
    upperValues: number, lowerColumns: number, upperColumns: number): number;
  /** y ← U⁻¹L⁻¹P y through the listed nonzeros (the same result: only exact zeros are skipped, in the same order). */
  substituteListed(n: number, y: number, swaps: number, swapCount: number, diagonal: number, lowerStart: number,
    upperStart: number, lowerValues: number, upperValues: number, lowerColumns: number, upperColumns: number): void;
}

/** The large-matrix factorization, a module of its own (see denseLULargeModuleBytes in denseLUKernelsSource.ts). */
export interface DenseLULargeKernel {
  /**
   * {@link DenseLUKernels.factorize} for large matrices (DenseLU.factorize from its large-matrix dimension on): the same
   * factors and report, with the column passes bounded by the matrix's profile (lastRow, upperMax: its work arrays).
   */
  factorizeLarge(n: number, tolerance: number, swaps: number, columns: number, lastRow: number, upperMax: number,
    report: number): number;
}

/** Byte offsets of DenseLU's arrays in its memory for matrices up to capacity×capacity, and the bytes they take. */
export interface DenseLULayout {
  /** The right-hand side / solution (capacity doubles). */
  readonly vector: number;
  /** U's diagonal of the listed factors (capacity doubles). */
  readonly diagonal: number;
  /** Pivot and column scale of a singular column (2 doubles). */
  readonly report: number;
  /** Work array of the large-matrix factorization: per column the largest magnitude of the finished U rows (capacity doubles). */
  readonly upperMax: number;
  /** Values of the listed nonzeros of L and of U (capacity·(capacity − 1)/2 doubles each). */
  readonly lowerValues: number;
  readonly upperValues: number;
  /** Row swaps of the factorization (capacity ints). */
  readonly swaps: number;
  /** Work array of the factorization: byte offsets of a pivot row's columns (capacity ints). */
  readonly columns: number;
  /** Work array of the large-matrix factorization: per column the offset of the last row with a nonzero (capacity ints). */
  readonly lastRow: number;
  /** Start of each row's listed nonzeros of L and of U (capacity + 1 ints each). */
  readonly lowerStart: number;
  readonly upperStart: number;
  /** Columns (byte offsets in a row) of the listed nonzeros of L and of U (capacity·(capacity − 1)/2 ints each). */
  readonly lowerColumns: number;
  readonly upperColumns: number;
  /** Bytes in all. */
  readonly bytes: number;
}

/** The layout of {@link DenseLULayout} for a capacity (the matrix first, at 0). */
export function denseLULayout(capacity: number): DenseLULayout {
  const triangle = capacity * (capacity - 1) / 2;
  const vector = capacity * capacity * 8;
  const diagonal = vector + capacity * 8;
  const report = diagonal + capacity * 8;
  const upperMax = report + 16;
  const lowerValues = upperMax + capacity * 8;
  const upperValues = lowerValues + triangle * 8;
  const swaps = upperValues + triangle * 8;
  const columns = swaps + capacity * 4;
  const lastRow = columns + capacity * 4;
  const lowerStart = lastRow + capacity * 4;
  const upperStart = lowerStart + (capacity + 1) * 4;
  const lowerColumns = upperStart + (capacity + 1) * 4;
  const upperColumns = lowerColumns + triangle * 4;
  return { vector, diagonal, report, upperMax, lowerValues, upperValues, swaps, columns, lastRow, lowerStart, upperStart,
    lowerColumns, upperColumns, bytes: upperColumns + triangle * 4 };
}

/** The compiled modules (2.3 KB and 1.2 KB: compiled synchronously, also on a browser's main thread, which allows up to 4 KB). */
let compiledModule: WebAssembly.Module | undefined;
let compiledLargeModule: WebAssembly.Module | undefined;

/** An instance of the kernels on a memory of its own (the module is compiled at the first call). */
export function denseLUKernels(memory: WebAssembly.Memory): DenseLUKernels {
  compiledModule ??= compileStoredModule(denseLUModuleBase64);
  return instantiateOnMemory<DenseLUKernels>(compiledModule, memory);
}

/** An instance of the large-matrix factorization on a memory of the kernels (the module is compiled at the first call). */
export function denseLULargeKernel(memory: WebAssembly.Memory): DenseLULargeKernel {
  compiledLargeModule ??= compileStoredModule(denseLULargeModuleBase64);
  return instantiateOnMemory<DenseLULargeKernel>(compiledLargeModule, memory);
}

/**
 * A WebAssembly memory with the kernels on it, owned by one DenseLU or DenseFullPivotLU at a time: taken from the pool
 * with {@link takeDenseLUMemory}, given back with {@link returnDenseLUMemory} when the owner is released.
 */
export interface DenseLUMemory {
  /** The memory (its owner grows it with {@link growDenseLUMemory}, which detaches the buffer and every view of it). */
  readonly memory: WebAssembly.Memory;
  /** The kernels on the memory. */
  readonly kernels: DenseLUKernels;
  /** The large-matrix factorization on the memory, instantiated at the first factorization that needs it (kept with the memory). */
  largeKernel?: DenseLULargeKernel;
}

/** Free memories the pool keeps: a process solves with one dense system at a time, rarely a few nested. */
const POOLED_MEMORIES = 4;

/**
 * Bytes up to which a released memory goes back to the pool (about n = 450 for DenseLU); a larger one is left to the
 * garbage collector, since the pool keeps its memories for the process.
 */
const POOLED_MEMORY_MAX_BYTES = 1 << 22;

/**
 * The free memories. A new WebAssembly memory and its instance cost 0.13–0.2 ms (the mapping of the memory, a fault at the
 * first touch of each page, the instantiation), which tiny models pay at every solve: contactCoordinateTest's warm run
 * takes 40 % less CPU time with a memory reused. There is no taking back: a memory is its owner's until the owner is released,
 * which only the end of a solve whose linear system nothing else can reach does (LinearSystem.release from runSolver), so
 * no DenseLU's factors or views ever change under it.
 */
const freeMemories: DenseLUMemory[] = [];

/**
 * A memory of at least `bytes`, zero there as a new one is: the smallest free one that holds them; else the largest free
 * one, grown; else a new one.
 */
export function takeDenseLUMemory(bytes: number): DenseLUMemory {
  let fit = -1, largest = -1, fitLength = 0, largestLength = 0;
  for (let i = 0; i < freeMemories.length; i++) {
    const length = freeMemories[i].memory.buffer.byteLength;
    if (length >= bytes && (fit < 0 || length < fitLength)) { fit = i; fitLength = length; }
    if (length > largestLength) { largest = i; largestLength = length; }
  }
  const index = fit >= 0 ? fit : largest;
  if (index < 0) {
    const memory = new WebAssembly.Memory({ initial: memoryPages(bytes) });
    return { memory, kernels: denseLUKernels(memory) };
  }
  const taken = freeMemories[index];
  freeMemories.splice(index, 1);
  growDenseLUMemory(taken, bytes);
  new Uint8Array(taken.memory.buffer, 0, bytes).fill(0);
  return taken;
}

/** Grows the memory to at least `bytes` (its buffer, and every view of it, detached when it grows). */
export function growDenseLUMemory(owned: DenseLUMemory, bytes: number): void {
  const pages = memoryPages(bytes) - owned.memory.buffer.byteLength / wasmPageBytes;
  if (pages > 0) owned.memory.grow(pages);
}

/** Gives a memory back to the pool (kept while the pool has room and the memory is at most {@link POOLED_MEMORY_MAX_BYTES}). */
export function returnDenseLUMemory(owned: DenseLUMemory): void {
  if (freeMemories.length < POOLED_MEMORIES && owned.memory.buffer.byteLength <= POOLED_MEMORY_MAX_BYTES) freeMemories.push(owned);
}

/** A dense LU's memory (className: DenseLU, DenseFullPivotLU), or for one released the FlexdynError of {@link releasedError}. */
export function ownedMemory(storage: DenseLUMemory | undefined, className: string, method: string): DenseLUMemory {
  if (storage === undefined) throw releasedError(className, method);
  return storage;
}

/** The FlexdynError of a call to a dense LU (className: DenseLU, DenseFullPivotLU) after it gave its memory back. */
export function releasedError(className: string, method: string): FlexdynError {
  return new FlexdynError(`${className}.${method}: the factorization was released (its memory went back to the pool at the end of the solve that used it) and cannot be used any more`);
}

/** Substitutions with the current factors (counted up to 2) and whether their nonzeros are listed: reset for new factors. */
export interface FactorListing {
  substitutions: number;
  listed: boolean;
}

/**
 * y ← U⁻¹L⁻¹P y on the vector at layout.vector, with the leading n×n block of the factors at byte address matrix (stride
 * entries per row) and P the first swapCount row swaps at layout.swaps. From the second substitution with the same factors
 * on (listing, a new FactorListing per factorization), their nonzeros are listed when they fill less than 60 % of the two
 * triangles (multibody systems: blocks of coupled bodies and their constraints), and then the only entries visited (the
 * same result: exact zeros skipped in the same order). Listing costs about one full substitution: full Newton (one
 * substitution per factorization) never pays it, modified Newton gains.
 */
export function substituteInMemory(kernels: DenseLUKernels, layout: DenseLULayout, listing: FactorListing, n: number,
  stride: number, matrix: number, swapCount: number): void {
  if (listing.substitutions < 2 && ++listing.substitutions === 2) {
    listing.listed = kernels.list(n, stride, matrix, layout.diagonal, layout.lowerStart, layout.upperStart,
      layout.lowerValues, layout.upperValues, layout.lowerColumns, layout.upperColumns) === 1;
  }
  if (listing.listed) {
    kernels.substituteListed(n, layout.vector, layout.swaps, swapCount, layout.diagonal, layout.lowerStart,
      layout.upperStart, layout.lowerValues, layout.upperValues, layout.lowerColumns, layout.upperColumns);
  } else {
    kernels.substitute(n, stride, matrix, layout.vector, layout.swaps, swapCount);
  }
}

