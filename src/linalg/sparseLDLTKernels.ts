/**
 * The numeric loops of {@link SparseLDLT} as a WebAssembly module: the assembly of the permuted matrix and its column
 * scales, the multifrontal factorization (front assembly, extend-add, blocked dense LDLᵀ of the supernode panels, the
 * update matrices), the count of negative pivots and the multi-right-hand-side solve (permutation, forward substitution,
 * division by the pivots, backward substitution). A fresh process runs them compiled from their first call (no
 * interpreted arithmetic, no boxed doubles); V8 compiles the hot small functions of the innermost loops again optimized
 * after a few calls. The module's source is sparseLDLTKernelsSource.ts; its bytes, which the engine loads (building
 * nothing at run time), are in sparseLDLTKernelsModule.ts, written by scripts/generateWasmKernels.ts.
 *
 * All data of one factorization lives in one memory, laid out as sparseLDLTKernelsLayout.ts says.
 * @module
 */

import { sparseLDLTFactorizationModuleBase64, sparseLDLTSolveModuleBase64 } from './sparseLDLTKernelsModule.ts';
import { compileStoredModule, instantiateOnMemory } from './storedWasmModule.ts';

/** The kernels as called from JavaScript (all addresses come from the header). */
export interface SparseLDLTKernels {
  /**
   * Assembles C's values from A's (aValues through slot) and the column scales, then factorizes: −1, or the elimination
   * step whose pivot |d_j| ≤ tolerance·colScale_j (the pivot left in d).
   */
  factorize(tolerance: number): number;
  /** Number of negative pivots d_j. */
  countNegative(): number;
  /** Solves A X = B in place for `count` right-hand sides at the header's rhs address (column-major n × count). */
  solve(count: number): void;
}

/** The compiled modules (each below 4 KB). */
let factorizationModule: WebAssembly.Module | undefined;
let solveModule: WebAssembly.Module | undefined;

/**
 * The kernels on a memory: instances of the factorization's and the solve's modules (compiled synchronously at the first
 * call, also on a browser's main thread, which allows up to 4 KB each).
 */
export function sparseLDLTKernels(memory: WebAssembly.Memory): SparseLDLTKernels {
  factorizationModule ??= compileStoredModule(sparseLDLTFactorizationModuleBase64);
  solveModule ??= compileStoredModule(sparseLDLTSolveModuleBase64);
  const { factorize } = instantiateOnMemory<SparseLDLTKernels>(factorizationModule, memory);
  const { solve, countNegative } = instantiateOnMemory<SparseLDLTKernels>(solveModule, memory);
  return { factorize, countNegative, solve };
}
