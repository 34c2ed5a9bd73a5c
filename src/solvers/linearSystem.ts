import { DenseLU } from '../linalg/denseLU.ts';
import { DenseFullPivotLU } from '../linalg/denseFullPivotLU.ts';
import { SparseAssembler } from '../linalg/sparse.ts';
import { SparseLU, SparseLUShare, type SparseLUOptions, type SparseLUSingular } from '../linalg/sparseLU.ts';
import type { CscMatrix } from '../linalg/sparse.ts';
import type { MatrixAccumulator } from '../model/assembly.ts';
import { zeroArray } from '../linalg/arrays.ts';
import { LinearSolverType } from '../registry/enums.ts';
import { FlexdynError } from '../core/errors.ts';

/** Result of a factorization: ok, or the index of the first singular unknown. */
export type FactorizationResult = { readonly ok: true } | { readonly ok: false; readonly singularIndex: number };

/** The shared success result (no allocation per factorization). */
const factorizationOk: FactorizationResult = Object.freeze({ ok: true });

/** Fill nnz(L) + nnz(U) relative to nnz(A) above which {@link LinearSystem} tries other analyses of a new pattern. */
const fillRatioLimit = 3;

/**
 * The analyses tried when the default one (AMD, diagonal preference 0.1) fills much: the RCM ordering (chains and
 * bands), and AMD with diagonal preference 0.01, which keeps the planned pivots of saddle-point systems whose
 * rotational inertias are small against their constraint Jacobians (the default threshold rejects them, and the
 * off-plan pivots then fill the factors: 6× more than RCM on Exudyn's perf3DRigidBodies Jacobian).
 */
const alternativeAnalyses: readonly SparseLUOptions[] = [{ ordering: 'rcm' }, { pivotThreshold: 0.01 }];

/**
 * Unknowns above which a requested dense solver (EXUdense, Exudyn's default) is replaced by the sparse one
 * (EigenSparse): dense LU costs n³/3 per factorization and n² memory. Measured crossover (CPU time, generalized-α,
 * 20 steps of a spring–mass chain, docs/decisions.md): equal at ≈ 60 unknowns, dense 2.6× slower at 300 and 5.4× at
 * 750. The limit sits above the crossover, so Exudyn's test models (all below it) keep the dense path bit for bit and
 * models with dense blocks (FFRF, many constraints), where sparse LU gains less, switch only when dense is clearly slower.
 */
export const denseLinearSolverLimit = 1000;

/**
 * Unknowns up to which EigenSparse switches to dense LU when the sparse factors of a pattern are dense: more than
 * {@link denseFillShare}·n² entries in L + U. The sparse substitution then does as many multiply-adds as the dense one, each
 * through an index (createSphereQuadContact: 56 unknowns, L + U 83 % of n², 24 % of the step in the sparse solve; with dense
 * LU the warm solve took 0.72 of the time, docs/benchmarks.md roll20). Above the limit the dense factorization's n³/3 and n²
 * memory are not risked.
 */
export const denseSwitchLimit = 200;
/** Share of n² that the sparse factors of a pattern must exceed for {@link denseSwitchLimit}'s switch to dense LU. */
export const denseFillShare = 0.5;

/** True once the switch to sparse was logged in this process (the log is written once, not per solve). */
let automaticSparseLogged = false;

/** True for the dense linear solvers (EXUdense, EigenDense). */
export function isDenseSolverType(type: LinearSolverType): boolean {
  return type === LinearSolverType.EXUdense || type === LinearSolverType.EigenDense;
}

/**
 * The linear solver used for `n` unknowns: the requested one, except EXUdense above {@link denseLinearSolverLimit},
 * which becomes EigenSparse (logged once per process with console.warn, naming `where` and the size) unless
 * `keepDense` (ignoreSingularJacobian needs the dense rank-revealing factorization at any size).
 */
export function linearSolverTypeFor(requested: LinearSolverType, n: number, where: string, keepDense = false): LinearSolverType {
  if (requested !== LinearSolverType.EXUdense || n <= denseLinearSolverLimit || keepDense) return requested;
  if (!automaticSparseLogged) {
    automaticSparseLogged = true;
    console.warn(`${where}: ${n} unknowns exceed ${denseLinearSolverLimit}: using the sparse linear solver (EigenSparse) instead of linearSolverType = EXUdense, whose dense LU costs n³/3 per factorization (logged once)`);
  }
  return LinearSolverType.EigenSparse;
}

function fill(lu: SparseLU): number {
  return lu.nnzL + lu.nnzU;
}

/**
 * A square linear system J x = b that the solvers assemble entry by entry and factorize:
 * dense LU (EXUdense, EigenDense; with ignoreSingularJacobian the rank-revealing LU with complete pivoting) or sparse LU
 * with a reused pattern and symbolic analysis (EigenSparse).
 */
export class LinearSystem implements MatrixAccumulator {
  private dense?: DenseLU | DenseFullPivotLU;
  private readonly sparse?: SparseAssembler;
  private sparseLU?: SparseLU;
  private analyzedPatternVersion = -1;
  private values!: Float64Array;

  /**
   * The solver type in use: the requested type, or EigenSparse for a dense request above {@link denseLinearSolverLimit}
   * unknowns (an EigenSparse system stays EigenSparse here when its dense factors switch it to dense LU, see {@link denseSwitchLimit}).
   */
  readonly type: LinearSolverType;

  /**
   * A system of n unknowns solved with `requested` (see {@link linearSolverTypeFor}); `where` names the solver for the
   * log and errors. With `ignoreSingularJacobian` (linearSolverSettings) a dense type factorizes with complete pivoting
   * and solves singular consistent systems (redundant constraints); EigenSparse cannot and is an error.
   */
  constructor(readonly n: number, requested: LinearSolverType, where = 'LinearSystem', ignoreSingularJacobian = false, pivotThreshold = 0) {
    if (pivotThreshold !== 0 && !ignoreSingularJacobian) {
      throw new FlexdynError(`${where}: linearSolverSettings.pivotThreshold applies to the rank-revealing LU of linearSolverSettings.ignoreSingularJacobian; set ignoreSingularJacobian = true or pivotThreshold = 0, got pivotThreshold = ${pivotThreshold} without it`, { parameter: 'linearSolverSettings.pivotThreshold' });
    }
    if (ignoreSingularJacobian && !isDenseSolverType(requested)) {
      throw new FlexdynError(`${where}: linearSolverSettings.ignoreSingularJacobian needs a dense linear solver (linearSolverType EXUdense or EigenDense: rank-revealing LU with complete pivoting), got linearSolverType = ${requested}`, { parameter: 'linearSolverSettings.ignoreSingularJacobian' });
    }
    const type = linearSolverTypeFor(requested, n, where, ignoreSingularJacobian);
    this.type = type;
    if (isDenseSolverType(type)) {
      if (ignoreSingularJacobian) {
        const fullPivot = new DenseFullPivotLU(Math.max(n, 1));
        if (pivotThreshold !== 0) fullPivot.threshold = pivotThreshold;
        this.dense = fullPivot;
      } else {
        this.dense = new DenseLU(Math.max(n, 1));
      }
      this.dense.resize(n);
    } else {
      this.sparse = new SparseAssembler(n);
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

  /** Adds a block (see {@link MatrixAccumulator.addBlock}): the values of the equivalent add calls. */
  addBlock(rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number, rows: number, cols: number,
    block: Float64Array, blockOffset: number, rowStride: number, colStride: number, factor: number): void {
    if (this.dense === undefined) {
      this.sparse!.addBlock(rowIndex, rowOffset, colIndex, colOffset, rows, cols, block, blockOffset, rowStride, colStride, factor);
      return;
    }
    const values = this.values, n = this.n;
    if (factor === 1) {
      // 1·x is x for every double: the constraint blocks (factor 1) skip the product, a boxed double per entry in baseline code
      for (let i = 0; i < rows; i++) {
        const offset = rowIndex[rowOffset + i] * n, base = blockOffset + i * rowStride;
        for (let j = 0; j < cols; j++) values[offset + colIndex[colOffset + j]] += block[base + j * colStride];
      }
      return;
    }
    for (let i = 0; i < rows; i++) {
      const offset = rowIndex[rowOffset + i] * n, base = blockOffset + i * rowStride;
      for (let j = 0; j < cols; j++) values[offset + colIndex[colOffset + j]] += factor * block[base + j * colStride];
    }
  }

  /** The positions of a zero block (see {@link MatrixAccumulator.addZeros}): the sparse pattern's; nothing in a dense matrix. */
  addZeros(rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number, rows: number, cols: number): void {
    if (this.dense === undefined) this.sparse!.addZeros(rowIndex, rowOffset, colIndex, colOffset, rows, cols);
  }

  /** Adds a list of entries (see {@link MatrixAccumulator.addEntries}): the values of the equivalent add calls. */
  addEntries(rowIndex: Int32Array, colIndex: Int32Array, rows: Int32Array, cols: Int32Array, values: Float64Array, count: number, factor: number): void {
    if (this.dense === undefined) {
      this.sparse!.addEntries(rowIndex, colIndex, rows, cols, values, count, factor);
      return;
    }
    const matrix = this.values, n = this.n;
    for (let e = 0; e < count; e++) matrix[rowIndex[rows[e]] * n + colIndex[cols[e]]] += factor * values[e];
  }

  /** Finishes assembly and factorizes; on a singular matrix reports the unknown. */
  factorize(): FactorizationResult {
    if (this.n === 0) return factorizationOk;
    if (this.dense !== undefined) {
      const result = this.dense.factorize();
      if (result === true) return factorizationOk;
      return { ok: false, singularIndex: 'singularColumn' in result ? result.singularColumn : result.invalidIndex % this.n };
    }
    const matrix = this.sparse!.end();
    let result;
    if (this.sparse!.patternVersion !== this.analyzedPatternVersion) {
      result = this.analyze(matrix);
      this.analyzedPatternVersion = result === true ? this.sparse!.patternVersion : -1;
      if (result === true && this.n <= denseSwitchLimit && fill(this.sparseLU!) > denseFillShare * this.n * this.n) return this.switchToDense(matrix);
    } else {
      // the assembler keeps its pattern arrays until it rebuilds them, which bumps patternVersion
      result = this.sparseLU!.refactorize(matrix, true);
    }
    return typeof result === 'object' ? { ok: false, singularIndex: result.singularColumn } : factorizationOk;
  }

  /**
   * Symbolic analysis and first factorization of a new pattern with the default solver; if that fills more than
   * fillRatioLimit·nnz(A), also with the alternative analyses in turn until one stays within that limit, keeping
   * the one with the least fill (the earlier one of equal fills). Later factorizations of the pattern refactorize
   * with the kept solver.
   *
   * The analyses stop where their fill passes a limit (SparseLU.analyzeWithin), since the work of a factorization
   * grows faster than its fill (perf3DRigidBodies' default analysis filled 6× more than RCM's at 10× its cost): first
   * the ratio limit; when none stays within it, they are resumed in turns with a limit growing by 5 % until one ends,
   * and the others then only to its fill. The kept solver is that of complete analyses (the least fill, the earlier one
   * of equal fills, whatever the growth), except that a default analysis which would end singular beyond the fill of
   * another one is not found singular. The small growth keeps the analyses that are not kept from going on much beyond
   * the kept one's fill (PARTS_ATEs_moving: two of three went on to 1.17 times it with growth by a quarter, ≈ 15 % of the
   * analysis).
   */
  private analyze(matrix: CscMatrix): true | SparseLUSingular {
    // the factors of the earlier pattern are not used again: their memory goes back to the pool for these analyses
    this.sparseLU?.release();
    const limit = fillRatioLimit * matrix.colPtr[matrix.n];
    const lu = new SparseLU();
    // the alternatives equilibrate, build the graph of A + Aᵀ and pair zero-diagonal columns as the default does
    const share = new SparseLUShare(matrix);
    const result = lu.analyzeWithin(matrix, limit, share);
    if (result !== false) return this.keep(lu, [lu], result);
    const candidates = [lu];
    const stopped = [lu];
    for (const options of alternativeAnalyses) {
      const candidate = new SparseLU(options);
      candidates.push(candidate);
      const outcome = candidate.analyzeWithin(matrix, limit, share);
      if (outcome === true) return this.keep(candidate, candidates, true);
      if (outcome === false) stopped.push(candidate);
    }
    let best: SparseLU | undefined;
    let bound = limit;
    while (best === undefined) {
      bound = Math.ceil(1.05 * bound);
      for (let i = 0; i < stopped.length; i++) {
        const candidate = stopped[i];
        // once one has ended, the later ones (in the order of the analyses) must end below its fill to be kept
        const outcome = candidate.resumeAnalysis(matrix, best === undefined ? bound : fill(best) - 1);
        if (outcome === true) {
          best = candidate;
        } else if (outcome !== false) {
          if (candidate === lu) return this.keep(lu, candidates, outcome);
          stopped.splice(i--, 1);
        }
      }
    }
    return this.keep(best, candidates, true);
  }

  /** The end of {@link LinearSystem.analyze}: `kept` solves from now on, the other candidates give their memories back. */
  private keep(kept: SparseLU, candidates: readonly SparseLU[], result: true | SparseLUSingular): true | SparseLUSingular {
    for (const candidate of candidates) if (candidate !== kept) candidate.release();
    this.sparseLU = kept;
    return result;
  }

  /**
   * EigenSparse whose factors came out dense ({@link denseSwitchLimit}): from this factorization on, the system is assembled,
   * factorized and solved as a dense one (DenseLU, partial pivoting); this matrix is copied from its sparse assembly.
   */
  private switchToDense(matrix: CscMatrix): FactorizationResult {
    const n = this.n;
    const dense = new DenseLU(n);
    dense.resize(n);
    const values = dense.matrix;
    zeroArray(values);
    const { colPtr, rowIndex, values: entries } = matrix;
    for (let col = 0; col < n; col++) {
      for (let k = colPtr[col]; k < colPtr[col + 1]; k++) values[rowIndex[k] * n + col] += entries[k];
    }
    this.dense = dense;
    this.values = values;
    this.sparseLU!.release();
    this.sparseLU = undefined;
    return this.factorize();
  }

  /** Stored entries of the factors: nnz(L) + nnz(U) of the sparse LU, n² for the dense one. */
  get factorNonzeros(): number {
    if (this.dense !== undefined) return this.n * this.n;
    return this.sparseLU === undefined ? 0 : fill(this.sparseLU);
  }

  /**
   * Gives the dense or sparse LU's WebAssembly memory back to its pool for the next system (see DenseLU.release and
   * SparseLU.release): the end of a solve whose system nothing else can reach. Afterwards factorize and solve throw (n > 0).
   */
  release(): void {
    if (this.dense === undefined) {
      this.sparseLU?.release();
      return;
    }
    this.dense.release();
    // add and addBlock write through values: no longer into the released memory, which the pool lends to the next DenseLU
    this.values = this.dense.matrix;
  }

  /** Solves J x = b with the last factorization; x may alias b. */
  solve(b: Float64Array, x: Float64Array): void {
    if (this.n === 0) return;
    if (this.dense !== undefined) this.dense.solve(b, x);
    else this.sparseLU!.solve(b, x);
  }
}
