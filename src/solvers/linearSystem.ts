import { DenseLU } from '../linalg/denseLU.ts';
import { SparseAssembler } from '../linalg/sparse.ts';
import { SparseLU } from '../linalg/sparseLU.ts';
import type { MatrixAccumulator } from '../model/assembly.ts';
import { zeroArray } from '../model/arrays.ts';
import { LinearSolverType } from '../registry/enums.ts';

/** Result of a factorization: ok, or the index of the first singular unknown. */
export type FactorizationResult = { readonly ok: true } | { readonly ok: false; readonly singularIndex: number };

/** The shared success result (no allocation per factorization). */
const factorizationOk: FactorizationResult = Object.freeze({ ok: true });

/**
 * A square linear system J x = b that the solvers assemble entry by entry and factorize:
 * dense LU (EXUdense) or sparse LU with a reused pattern and symbolic analysis (EigenSparse).
 */
export class LinearSystem implements MatrixAccumulator {
  private readonly dense?: DenseLU;
  private readonly sparse?: SparseAssembler;
  private readonly sparseLU?: SparseLU;
  private analyzedPatternVersion = -1;
  private values!: Float64Array;

  constructor(readonly n: number, readonly type: LinearSolverType) {
    if (type === LinearSolverType.EXUdense) {
      this.dense = new DenseLU(Math.max(n, 1));
      this.dense.resize(n);
    } else {
      this.sparse = new SparseAssembler(n);
      this.sparseLU = new SparseLU();
    }
  }

  /** Starts assembling: all entries zero. */
  begin(): void {
    if (this.dense !== undefined) {
      this.values = this.dense.matrix;
      zeroArray(this.values);
    } else {
      this.sparse!.begin();
    }
  }

  /** Adds value at (row, col). */
  add(row: number, col: number, value: number): void {
    if (this.dense !== undefined) this.values[row * this.n + col] += value;
    else this.sparse!.add(row, col, value);
  }

  /** Finishes assembly and factorizes; on a singular matrix reports the unknown. */
  factorize(): FactorizationResult {
    if (this.n === 0) return factorizationOk;
    if (this.dense !== undefined) {
      const result = this.dense.factorize();
      return result === true ? factorizationOk : { ok: false, singularIndex: result.singularColumn };
    }
    const matrix = this.sparse!.end();
    const lu = this.sparseLU!;
    let result;
    if (this.sparse!.patternVersion !== this.analyzedPatternVersion) {
      result = lu.analyze(matrix);
      this.analyzedPatternVersion = result === true ? this.sparse!.patternVersion : -1;
    } else {
      result = lu.refactorize(matrix);
    }
    return typeof result === 'object' ? { ok: false, singularIndex: result.singularColumn } : factorizationOk;
  }

  /** Solves J x = b with the last factorization; x may alias b. */
  solve(b: Float64Array, x: Float64Array): void {
    if (this.n === 0) return;
    if (this.dense !== undefined) this.dense.solve(b, x);
    else this.sparseLU!.solve(b, x);
  }
}
