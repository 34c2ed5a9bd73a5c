/**
 * Sparse generalized symmetric eigenvalue solver K φ = λ M φ for the lowest eigenpairs of
 * finite element pencils (M symmetric positive definite, K symmetric positive
 * semi-definite; free bodies have six zero eigenvalues).
 *
 * Method: shift-invert block Krylov–Schur (thick-restart block Lanczos) in the M inner
 * product, chosen over subspace iteration because it needs several times fewer
 * applications of the operator for the same accuracy.
 * - Operator: Op = (K − σM)⁻¹M with a shift σ < 0, so that K − σM is regular also for free
 *   bodies; Op is M-symmetric with eigenvalues θ = 1/(λ − σ) > 0, the lowest λ are the
 *   largest θ. K − σM is factorized once by the sparse LDLᵀ {@link SparseLDLT} (or a given
 *   factorization); its inertia proves σ below the spectrum (no negative pivot). Only when
 *   LDLᵀ without pivoting meets a zero pivot, {@link SparseLU} (with pivoting) is used.
 * - Expansion: a block of b vectors at a time, W = Op·V_last, M-orthogonalized against the
 *   whole basis by classical Gram–Schmidt applied twice (full reorthogonalization); the
 *   coefficients form the projected matrix H = VᵀM·Op·V. A (numerically) dependent image
 *   is replaced by a random vector, which keeps the block size and brings in directions
 *   of eigenvalues with a multiplicity above b (the six rigid-body modes with b = 3).
 * - Rayleigh–Ritz on the symmetric part of H gives Ritz pairs (θ, y); a Ritz vector
 *   x = V y is judged by its true residual r = Kx − λMx with the Rayleigh quotient
 *   λ = xᵀKx / xᵀMx (also the returned eigenvalue).
 * - Locking: converged Ritz vectors move into a locked set that the basis stays
 *   M-orthogonal to (the operator is deflated to P·Op with P the M-projector off the locked
 *   set) and that leaves the Rayleigh–Ritz problem.
 * - Thick restart when the basis is full: locked set, the best unconverged Ritz vectors and
 *   the last (not yet expanded) block; H restarts as diag(θ) plus the coupling of the kept
 *   Ritz vectors to that block (Krylov–Schur form).
 * - Rigid-body modes: their θ ≈ 1/|σ| exceeds the flexible θ by λ₁/|σ| (about 10⁶). The
 *   rounding error ε·θ_max of a projected matrix containing them would stay in a thick
 *   restart relation and limit the flexible residuals to about ε·λ₁/|σ|. So a leading
 *   group of Ritz values separated by a factor {@link EXPLICIT_RESTART_RANGE} is tested
 *   after every block and locked as soon as it has converged, followed by an explicit
 *   restart from the b best remaining Ritz vectors.
 * - Between restarts, the true residuals are also evaluated once the Krylov estimates
 *   ‖Op x − θx‖_M/θ of all wanted pairs are small, so the iteration stops without filling
 *   the basis.
 *
 * Convergence: a Ritz pair is accepted when ‖Kφ − λMφ‖ ≤ tol·‖Kφ‖, or when its backward
 * error ‖Kφ − λMφ‖ / ((‖K‖₁ + |λ|‖M‖₁)‖φ‖) is at most c·ε (c = {@link BACKWARD_ERROR_FACTOR}),
 * the rounding level of the product Kφ itself: rigid-body modes (Kφ is pure rounding) and
 * eigenvalues far below ‖K‖/‖M‖ can only reach the second test. Eigenvalue errors are
 * quadratic in the residual.
 *
 * Sturm check: an eigenvalue of multiplicity above b may be missed (with b = 2, the third
 * copy of a triple eigenvalue at the end of the wanted range was missed in the tests; random
 * replacements and rounding bring such directions in only slowly). After convergence the
 * number of negative pivots of K − τM, τ in a gap of the computed spectrum, is compared with
 * the number of computed eigenvalues below τ, and a shortfall is an error. Eigenvalues
 * missed above the last gap of relative width {@link STURM_GAP} are not detected.
 * @module
 */

import ndarray from 'ndarray';
import { cscMultiply, type CscMatrix } from '../linalg/sparse.ts';
import { SparseLU } from '../linalg/sparseLU.ts';
import { SparseLDLT } from '../linalg/sparseLDLT.ts';
import { symmetricEigen } from '../linalg/symmetricEigen.ts';
import { FlexdynError } from '../core/errors.ts';

/** Default shift factor: σ = −factor · tr(K)/tr(M) (tr(K)/tr(M) is about the mean eigenvalue). */
export const DEFAULT_SHIFT_FACTOR = 1e-8;

/** A pair is also accepted when its backward error is at most this factor times ε (rounding level). */
export const BACKWARD_ERROR_FACTOR = 1000;

/**
 * A leading group of Ritz values this factor above the next one is locked early and followed
 * by an explicit restart (keeps ε·θ_max/θ_kept ≤ 2e-12 in the restart relation).
 */
export const EXPLICIT_RESTART_RANGE = 1e4;

/** Between restarts, true residuals are computed once all Krylov residual estimates are below this factor times tol. */
const KRYLOV_ESTIMATE_FACTOR = 10;

/** A Gram–Schmidt remainder below this fraction of the original M-norm counts as dependent. */
const DEPENDENCY_TOLERANCE = 1e-12;

/**
 * Sturm check: after convergence, the inertia of K − τM with τ in the widest relative gap of
 * at least this size among the computed eigenvalues counts the eigenvalues below τ.
 */
export const STURM_GAP = 1e-3;

/** A factorization of K − σM: `solve(b, x)` sets x = (K − σM)⁻¹ b (x may alias b). */
export interface ShiftedSolver {
  /** Solves (K − σM) x = b. */
  solve(b: Float64Array, x: Float64Array): void;
  /** Optional: solves for `count` right-hand sides stored column after column (x may alias b); used for the blocks of the iteration. */
  solveMultiple?(b: Float64Array, x: Float64Array, count: number): void;
}

/** Options of {@link solveSparseEigen}. */
export interface SparseEigenOptions {
  /** Number of lowest eigenpairs to compute (1 ≤ n ≤ dimension). */
  numberOfEigenvalues: number;
  /**
   * Shift σ of the shift-invert operator; must lie below the lowest eigenvalue. Default
   * −{@link DEFAULT_SHIFT_FACTOR}·tr(K)/tr(M).
   */
  shift?: number;
  /** A factorization of K − σ·M for the given `shift` (which is then required), e.g. to share it with static modes. */
  factorization?: ShiftedSolver;
  /** Block size b (default min(3, numberOfEigenvalues)); multiplicities up to b are resolved by construction. */
  blockSize?: number;
  /** Largest basis size (default max(3·n, n + 4b) + b, at most the dimension; at least n + 3b). */
  maxBasisSize?: number;
  /** Relative residual tolerance (default 1e-10). */
  tolerance?: number;
  /** Maximum number of restarts (default 200; a non-negative integer). The Krylov loop also ends after (maxRestarts + 2)·(maxBasisSize + numberOfEigenvalues + 2) cycles. */
  maxRestarts?: number;
  /** Seed of the random start block (default 1); results are reproducible for a given seed. */
  seed?: number;
  /**
   * Sturm-sequence check (default true): one more LDLᵀ factorization of K − τM with τ between
   * two computed eigenvalues (see {@link STURM_GAP}); its number of negative pivots must equal
   * the number of computed eigenvalues below τ, otherwise eigenvalues were missed (an error).
   */
  sturmCheck?: boolean;
}

/** Outcome of the Sturm check of {@link solveSparseEigen}. */
export interface SturmCheckResult {
  /** Shift τ of the check. */
  shift: number;
  /** Eigenvalues below τ by the inertia of K − τM (its negative pivots). */
  count: number;
  /** Computed eigenvalues below τ. */
  found: number;
}

/** Eigenpairs computed by {@link solveSparseEigen}. */
export interface SparseEigenResult {
  /** Eigenvalues λ = ω² in ascending order (Rayleigh quotients of the modes). */
  values: Float64Array;
  /**
   * Modes as columns of an n × count ndarray (column-major storage: mode i is contiguous),
   * M-normalized (φᵀMφ = 1) with their largest-magnitude entry positive.
   */
  vectors: ndarray.NdArray<Float64Array>;
  /** Mode i as a view into the storage of `vectors`. */
  modes: Float64Array[];
  /** Relative residuals ‖Kφ − λMφ‖ / ‖Kφ‖ of the modes (about 1 for rigid-body modes, where Kφ is rounding). */
  residuals: Float64Array;
  /** Backward errors ‖Kφ − λMφ‖ / ((‖K‖₁ + |λ|·‖M‖₁)·‖φ‖) of the modes. */
  backwardErrors: Float64Array;
  /** Shift σ used. */
  shift: number;
  /** Thick restarts (full basis) needed. */
  restarts: number;
  /** Applications of (K − σM)⁻¹ (sparse triangular solve pairs). */
  operatorApplications: number;
  /** The Sturm check, or undefined when it was switched off, no gap of {@link STURM_GAP} exists, or K − τM met a zero pivot. */
  sturm?: SturmCheckResult;
}

/** Returns αA + βB for two n×n CSC matrices (row indices sorted when both inputs are sorted). */
export function cscLinearCombination(alpha: number, a: CscMatrix, beta: number, b: CscMatrix): CscMatrix {
  const n = a.n;
  if (b.n !== n) throw new FlexdynError(`cscLinearCombination: matrices must have the same dimension, got ${n} and ${b.n}`);
  const colPtr = new Int32Array(n + 1);
  const capacity = a.colPtr[n] + b.colPtr[n];
  const rows = new Int32Array(capacity);
  const vals = new Float64Array(capacity);
  const nnz = mergeColumns(alpha, a, beta, b, colPtr, rows, vals);
  return { n, colPtr, rowIndex: rows.slice(0, nnz), values: vals.slice(0, nnz) };
}

/**
 * {@link cscLinearCombination}'s columns into colPtr, rows and vals; returns the entries written. A function of its
 * own that ends with its loop: compiled on stack in a fresh process, the loop followed by code that had not run yet
 * deoptimized there.
 */
function mergeColumns(alpha: number, a: CscMatrix, beta: number, b: CscMatrix, colPtr: Int32Array, rows: Int32Array, vals: Float64Array): number {
  const n = a.n;
  const slot = new Int32Array(n).fill(-1);
  let nnz = 0;
  for (let j = 0; j < n; j++) {
    const start = nnz;
    let pa = a.colPtr[j];
    let pb = b.colPtr[j];
    const ea = a.colPtr[j + 1];
    const eb = b.colPtr[j + 1];
    while (pa < ea || pb < eb) {
      const ra = pa < ea ? a.rowIndex[pa] : n;
      const rb = pb < eb ? b.rowIndex[pb] : n;
      const r = ra <= rb ? ra : rb;
      let v = 0;
      if (ra === r) v += alpha * a.values[pa++];
      if (rb === r) v += beta * b.values[pb++];
      const s = slot[r];
      if (s >= start) {
        vals[s] += v;
      } else {
        slot[r] = nnz;
        rows[nnz] = r;
        vals[nnz++] = v;
      }
    }
    colPtr[j + 1] = nnz;
  }
  return nnz;
}

/** Sum of the diagonal entries of a CSC matrix. */
export function cscTrace(a: CscMatrix): number {
  let t = 0;
  for (let j = 0; j < a.n; j++) {
    for (let k = a.colPtr[j]; k < a.colPtr[j + 1]; k++) if (a.rowIndex[k] === j) t += a.values[k];
  }
  return t;
}

/** Seeded PRNG (mulberry32) returning uniform numbers in [-1, 1). */
function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}

function positiveInteger(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new FlexdynError(`solveSparseEigen: ${name} must be a positive integer, got ${value}`, { parameter: name });
  return value;
}

/** ‖A‖₁ (the largest absolute column sum) and tr(A) of a matrix checked by {@link checkedFigures}. */
interface MatrixFigures {
  norm1: number;
  trace: number;
}

/**
 * Validates that a CSC matrix is square n×n with consistent arrays and finite entries, and returns its ‖A‖₁ and trace
 * (the sum of {@link cscTrace}), all in one pass over the entries (column by column; each sum in the entries' order).
 */
function checkedFigures(a: CscMatrix, n: number, name: string): MatrixFigures {
  const { colPtr, rowIndex, values } = a;
  if (a.n !== n || colPtr.length < n + 1 || rowIndex.length < colPtr[n] || values.length < colPtr[n]) {
    throw new FlexdynError(`solveSparseEigen: ${name} must be a consistent ${n}×${n} CSC matrix, got dimension ${a.n}`, { parameter: name });
  }
  let norm1 = 0;
  let trace = 0;
  for (let j = 0; j < n; j++) {
    let sum = 0;
    for (let k = colPtr[j]; k < colPtr[j + 1]; k++) {
      const v = values[k];
      if (!Number.isFinite(v)) {
        throw new FlexdynError(`solveSparseEigen: ${name} must have finite entries, got ${v} at row ${rowIndex[k]}`, { parameter: name });
      }
      sum += Math.abs(v);
      if (rowIndex[k] === j) trace += v;
    }
    if (sum > norm1) norm1 = sum;
  }
  return { norm1, trace };
}

/** Rayleigh quotient and residual figures of an accepted eigenpair. */
interface PairQuality {
  value: number;
  residual: number;
  backwardError: number;
}

/**
 * Computes the lowest `numberOfEigenvalues` eigenpairs of K φ = λ M φ by shift-invert
 * block Krylov–Schur with full M-reorthogonalization and locking (see the module
 * description). K and M must be symmetric with both triangles stored.
 */
export function solveSparseEigen(stiffness: CscMatrix, mass: CscMatrix, options: SparseEigenOptions): SparseEigenResult {
  const n = stiffness.n;
  const figuresK = checkedFigures(stiffness, n, 'stiffnessMatrix');
  const figuresM = checkedFigures(mass, n, 'massMatrix');
  const nev = options.numberOfEigenvalues;
  if (!Number.isInteger(nev) || nev < 1 || nev > n) {
    throw new FlexdynError(`solveSparseEigen: numberOfEigenvalues must be an integer in [1, ${n}], got ${nev}`, { parameter: 'numberOfEigenvalues' });
  }
  const b = Math.min(positiveInteger(options.blockSize, 'blockSize', Math.min(3, nev)), n);
  const cap = Math.min(n, positiveInteger(options.maxBasisSize, 'maxBasisSize', Math.max(3 * nev, nev + 4 * b) + b));
  if (cap < n && cap < nev + 3 * b) {
    throw new FlexdynError(`solveSparseEigen: maxBasisSize must be at least numberOfEigenvalues + 3·blockSize = ${nev + 3 * b}, got ${cap}`, { parameter: 'maxBasisSize' });
  }
  const tol = options.tolerance ?? 1e-10;
  if (!(tol > 0 && tol < 1)) throw new FlexdynError(`solveSparseEigen: tolerance must be in (0, 1), got ${tol}`, { parameter: 'tolerance' });
  const maxRestarts = options.maxRestarts === 0 ? 0 : positiveInteger(options.maxRestarts, 'maxRestarts', 200);
  // Hard bound on the cycles of the loop below, whatever the branch taken: a cycle either
  // expands the basis (at most cap columns between restarts), restarts, or locks pairs.
  const maxCycles = (maxRestarts + 2) * (cap + nev + 2);
  let cycles = 0;
  const { shift, solver, ldlt } = shiftedSolver(stiffness, mass, figuresK.trace, figuresM.trace, options);

  const normK = figuresK.norm1;
  const normM = figuresM.norm1;
  const basis = new MOrthonormalBasis(n, cap, mass, randomGenerator(options.seed ?? 1));
  const { V, MV } = basis;
  const scratch = new Float64Array(n * cap);
  const H = new Float64Array(cap * cap);
  const x = new Float64Array(n);
  const kx = new Float64Array(n);
  const mx = new Float64Array(n);
  const accepted: PairQuality[] = [];
  let locked = 0;
  let expanded = 0;
  let operatorApplications = 0;
  let restarts = 0;

  for (let c = 0; c < b; c++) basis.appendRandom();
  for (;;) {
    if (++cycles > maxCycles) {
      throw new FlexdynError(`solveSparseEigen: no convergence within ${maxCycles} Krylov cycles (${locked} of ${nev} eigenpairs converged, tolerance ${tol})`, { parameter: 'maxRestarts' });
    }
    const size = basis.size;
    const pending = size - expanded;
    let fullCycle = true;
    if (pending > 0 && (size + pending <= cap || cap === n)) {
      // The images Op·V_c of the pending columns are independent: one block solve.
      const images = scratch.subarray(0, pending * n);
      images.set(MV.subarray(expanded * n, size * n));
      if (solver.solveMultiple !== undefined) solver.solveMultiple(images, images, pending);
      else for (let c = 0; c < pending; c++) solver.solve(images.subarray(c * n, (c + 1) * n), images.subarray(c * n, (c + 1) * n));
      for (let c = expanded; c < size; c++) {
        const w = basis.w;
        w.set(images.subarray((c - expanded) * n, (c - expanded + 1) * n));
        operatorApplications++;
        const before = basis.orthogonalize();
        for (let r = locked; r < basis.size; r++) H[r * cap + c] = basis.coeff[r];
        const norm = basis.append(before);
        if (norm > 0) H[(basis.size - 1) * cap + c] = norm;
        else basis.appendRandom();
      }
      expanded = size;
      fullCycle = false;
    }

    const na = expanded - locked;
    const exhausted = basis.size === n && expanded === n;
    if (exhausted) fullCycle = true;
    // The Krylov estimates below need the Ritz vectors' entries q with H[r, locked + q] ≠ 0 in a pending row r only
    // (the last expanded block): the other entries are computed when the cycle goes on to the true residuals.
    let first = 0;
    if (!fullCycle) {
      first = na;
      for (let r = expanded; r < basis.size; r++) {
        for (let q = 0; q < first; q++) {
          if (H[r * cap + locked + q] !== 0) { first = q; break; }
        }
      }
    }
    let ritz = rayleighRitz(H, cap, locked, na, first);
    // Between restarts, the true residuals are evaluated when the Krylov estimates
    // ‖Op x − θx‖_M / θ of all wanted Ritz pairs are small (to stop as soon as they have
    // converged), or for a leading group separated by a gap of EXPLICIT_RESTART_RANGE (the
    // rigid-body modes at θ ≈ 1/|σ|), which is locked as early as possible.
    let candidates = Math.min(nev - locked, na);
    if (!fullCycle) {
      let estimatesSmall = true;
      for (let t = 0; t < candidates && estimatesSmall; t++) {
        let beta2 = 0;
        for (let r = expanded; r < basis.size; r++) {
          let s = 0;
          for (let q = 0; q < na; q++) s += H[r * cap + locked + q] * ritz.vectors[q * na + t];
          beta2 += s * s;
        }
        if (!(Math.sqrt(beta2) <= KRYLOV_ESTIMATE_FACTOR * tol * ritz.values[t])) estimatesSmall = false;
      }
      if (!estimatesSmall) {
        let gap = 0;
        for (let t = 1; t < Math.min(candidates + 1, na); t++) if (ritz.values[t - 1] > EXPLICIT_RESTART_RANGE * ritz.values[t]) gap = t;
        if (gap === 0) continue;
        candidates = gap;
      }
    }
    if (first > 0) ritz = rayleighRitz(H, cap, locked, na, 0);
    if (candidates > 0 && ritz.values[na - 1] < 0 && -ritz.values[na - 1] >= ritz.values[candidates - 1]) {
      throw new FlexdynError(`solveSparseEigen: shift must lie below the lowest eigenvalue, got σ = ${shift} above the eigenvalue near ${shift + 1 / ritz.values[na - 1]}`, { parameter: 'shift' });
    }
    const converged: number[] = [];
    const quality: PairQuality[] = [];
    for (let t = 0; t < candidates; t++) {
      if (!(ritz.values[t] > 0)) {
        throw new FlexdynError(`solveSparseEigen: shift must lie below the lowest eigenvalue (K positive semi-definite, M positive definite), got σ = ${shift}`, { parameter: 'shift' });
      }
      combine(V, n, locked, na, ritz.vectors, t, x);
      const q = pairQuality(stiffness, mass, x, kx, mx, normK, normM);
      quality.push(q);
      if (exhausted || q.residual <= tol || q.backwardError <= BACKWARD_ERROR_FACTOR * Number.EPSILON) converged.push(t);
    }
    if (!fullCycle && converged.length < candidates) continue;
    const newLocked = locked + converged.length;
    const finished = newLocked >= nev;
    if (!finished && fullCycle && restarts >= maxRestarts) {
      throw new FlexdynError(`solveSparseEigen: no convergence after ${maxRestarts} restarts (${newLocked} of ${nev} eigenpairs converged, tolerance ${tol})`, { parameter: 'maxRestarts' });
    }
    for (const t of converged) accepted.push(quality[t]);

    let keepIdx: number[] = [];
    if (!finished) {
      const room = cap - newLocked - 2 * Math.max(basis.size - expanded, 1);
      const stillWanted = nev - newLocked;
      const keep = Math.max(0, Math.min(na - converged.length, room, stillWanted + Math.floor(Math.max(0, room - stillWanted) / 2)));
      for (let t = 0; t < na && keepIdx.length < keep; t++) if (!converged.includes(t)) keepIdx.push(t);
    }
    // Explicit restart after locking Ritz values far above the kept ones: a thick restart
    // would carry the rounding error ε·θ_max of this projected matrix into the relation.
    const explicit = !finished && keepIdx.length > 0 && (!fullCycle || (converged.length > 0 && ritz.values[0] > EXPLICIT_RESTART_RANGE * ritz.values[keepIdx[0]]));
    if (explicit) keepIdx = keepIdx.slice(0, b);
    const pend = explicit ? 0 : basis.size - expanded;
    const order = [...converged, ...keepIdx];
    const coupling = new Float64Array(pend * keepIdx.length);
    for (let r = 0; r < pend; r++) {
      for (let q = 0; q < keepIdx.length; q++) {
        let s = 0;
        for (let t = 0; t < na; t++) s += H[(expanded + r) * cap + locked + t] * ritz.vectors[t * na + keepIdx[q]];
        coupling[r * keepIdx.length + q] = s;
      }
    }
    const newStart = locked + order.length;
    for (const target of [V, MV]) {
      for (let q = 0; q < order.length; q++) combine(target, n, locked, na, ritz.vectors, order[q], scratch.subarray(q * n, (q + 1) * n));
      if (pend > 0) target.copyWithin(newStart * n, expanded * n, basis.size * n);
      target.set(scratch.subarray(0, n * order.length), locked * n);
    }
    locked = newLocked;
    if (finished) break;
    if (fullCycle) restarts++;
    H.fill(0);
    if (explicit) {
      expanded = newLocked;
      basis.size = newStart;
      while (basis.size - expanded < b && basis.appendRandom());
      continue;
    }
    for (let q = 0; q < keepIdx.length; q++) {
      const c = newLocked + q;
      H[c * cap + c] = ritz.values[keepIdx[q]];
      for (let r = 0; r < pend; r++) H[(newStart + r) * cap + c] = coupling[r * keepIdx.length + q];
    }
    expanded = newStart;
    basis.size = newStart + pend;
    if (pend === 0) for (let c = 0; c < b && basis.appendRandom(); c++);
  }
  const result = packResult(mass, V, n, nev, accepted, shift, restarts, operatorApplications);
  if (options.sturmCheck ?? true) {
    // a given LDLᵀ factorization of the same dimension lends its fill-reducing ordering to the check's analysis
    const given = options.factorization instanceof SparseLDLT && options.factorization.size === n ? options.factorization.permutation : undefined;
    result.sturm = sturmCheck(stiffness, mass, figuresK.trace / figuresM.trace, result.values, ldlt, given);
  }
  return result;
}

/**
 * Counts the eigenvalues below τ, the midpoint of the last gap of relative size ≥ STURM_GAP
 * between computed eigenvalues, by the negative pivots of K − τM (Sylvester's law of
 * inertia); throws when that count exceeds the number of computed eigenvalues below τ. Gaps
 * must also exceed DEFAULT_SHIFT_FACTOR·|tr(K)/tr(M)| (`traceRatio`), far above the rounding level of the
 * computed rigid-body eigenvalues (whose differences say nothing).
 * `ldlt` (of K − σM) is refactorized when given, otherwise K − τM is analyzed anew, in the elimination order `ordering`
 * when given (that of a factorization of K or K − σM: the same pattern for a mass matrix within the stiffness
 * matrix's, which skips the comparison of orderings; the inertia does not depend on the order).
 */
function sturmCheck(stiffness: CscMatrix, mass: CscMatrix, traceRatio: number, values: Float64Array, ldlt: SparseLDLT | undefined, ordering: Int32Array | undefined): SturmCheckResult | undefined {
  const floor = DEFAULT_SHIFT_FACTOR * Math.abs(traceRatio);
  let found = 0;
  for (let i = values.length - 1; i >= 1 && found === 0; i--) {
    const lo = values[i - 1];
    const hi = values[i];
    if (hi - lo >= Math.max(STURM_GAP * Math.max(Math.abs(lo), Math.abs(hi)), floor)) found = i;
  }
  if (found === 0) return undefined;
  const shift = 0.5 * (values[found - 1] + values[found]);
  const shifted = cscLinearCombination(1, stiffness, -shift, mass);
  const factor = ldlt ?? new SparseLDLT({ ordering });
  const outcome = ldlt === undefined ? factor.analyze(shifted) : factor.refactorize(shifted);
  if (outcome !== true) return undefined;
  const count = factor.negativePivots;
  if (count > found) {
    throw new FlexdynError(
      `solveSparseEigen: eigenvalues were missed: K − τM has ${count} negative pivots for τ = ${shift}, so ${count} eigenvalues lie below τ, got ${found}; increase blockSize (multiplicities above it can be missed) or maxBasisSize`,
      { parameter: 'blockSize' },
    );
  }
  return { shift, count, found };
}

/**
 * Factorizes K − σM (default σ from the traces traceK and traceM) by LDLᵀ, whose inertia must show no negative
 * pivot (σ below the spectrum); sparse LU only when LDLᵀ meets a zero pivot. Or takes the
 * given factorization.
 */
function shiftedSolver(stiffness: CscMatrix, mass: CscMatrix, traceK: number, traceM: number, options: SparseEigenOptions): { shift: number; solver: ShiftedSolver; ldlt?: SparseLDLT } {
  if (options.shift !== undefined && !Number.isFinite(options.shift)) {
    throw new FlexdynError(`solveSparseEigen: shift must be finite, got ${options.shift}`, { parameter: 'shift' });
  }
  if (options.factorization !== undefined) {
    if (options.shift === undefined) throw new FlexdynError('solveSparseEigen: shift must be given together with factorization, got undefined', { parameter: 'shift' });
    return { shift: options.shift, solver: options.factorization };
  }
  let shift = options.shift;
  if (shift === undefined) {
    if (!(traceM > 0)) throw new FlexdynError(`solveSparseEigen: massMatrix must be positive definite, got trace ${traceM}`, { parameter: 'massMatrix' });
    shift = -DEFAULT_SHIFT_FACTOR * (traceK > 0 ? traceK / traceM : 1);
  }
  const shifted = cscLinearCombination(1, stiffness, -shift, mass);
  const ldlt = new SparseLDLT();
  if (ldlt.analyze(shifted) === true) {
    if (ldlt.negativePivots > 0) {
      throw new FlexdynError(`solveSparseEigen: shift must lie below the lowest eigenvalue, got σ = ${shift} with ${ldlt.negativePivots} eigenvalue(s) below it (negative pivots of K − σM)`, { parameter: 'shift' });
    }
    return { shift, solver: ldlt, ldlt };
  }
  const lu = new SparseLU();
  const outcome = lu.analyze(shifted);
  if (outcome !== true) {
    throw new FlexdynError(`solveSparseEigen: K − σM must be regular, got a singular column ${outcome.singularColumn} for σ = ${shift} (σ is an eigenvalue?)`, { parameter: 'shift' });
  }
  return { shift, solver: lu };
}

/** Rayleigh quotient λ = xᵀKx/xᵀMx, relative residual ‖Kx − λMx‖/‖Kx‖ and backward error ‖Kx − λMx‖/((‖K‖₁ + |λ|‖M‖₁)‖x‖). */
function pairQuality(stiffness: CscMatrix, mass: CscMatrix, x: Float64Array, kx: Float64Array, mx: Float64Array, normK: number, normM: number): PairQuality {
  cscMultiply(stiffness, x, kx);
  cscMultiply(mass, x, mx);
  const n = x.length;
  let xkx = 0;
  let xmx = 0;
  let xx = 0;
  for (let i = 0; i < n; i++) {
    xkx += x[i] * kx[i];
    xmx += x[i] * mx[i];
    xx += x[i] * x[i];
  }
  const value = xkx / xmx;
  let rr = 0;
  let kk = 0;
  for (let i = 0; i < n; i++) {
    const r = kx[i] - value * mx[i];
    rr += r * r;
    kk += kx[i] * kx[i];
  }
  const r = Math.sqrt(rr);
  return { value, residual: kk > 0 ? r / Math.sqrt(kk) : r === 0 ? 0 : Infinity, backwardError: r / ((normK + Math.abs(value) * normM) * Math.sqrt(xx)) };
}

/**
 * M-orthonormal basis V (column-major n × capacity, with MV = M·V) and the Gram–Schmidt
 * work vector `w`: orthogonalize() projects w against the current columns,
 * append() adds its normalized remainder.
 */
class MOrthonormalBasis {
  /** Basis vectors, column c at offset c·n. */
  readonly V: Float64Array;
  /** M times the basis vectors. */
  readonly MV: Float64Array;
  /** Work vector to orthogonalize. */
  readonly w: Float64Array;
  /** Gram–Schmidt coefficients of the last orthogonalize() (one per column). */
  readonly coeff: Float64Array;
  /** Number of columns in use. */
  size = 0;
  private readonly mw: Float64Array;

  constructor(
    private readonly n: number,
    private readonly capacity: number,
    private readonly mass: CscMatrix,
    private readonly random: () => number,
  ) {
    this.V = new Float64Array(n * capacity);
    this.MV = new Float64Array(n * capacity);
    this.w = new Float64Array(n);
    this.mw = new Float64Array(n);
    this.coeff = new Float64Array(capacity);
  }

  /** Removes the components of w along all columns (classical Gram–Schmidt, two passes); returns ‖w‖_M before. */
  orthogonalize(): number {
    const { n, V, MV, w, mw, coeff } = this;
    cscMultiply(this.mass, w, mw);
    let before = 0;
    for (let i = 0; i < n; i++) before += w[i] * mw[i];
    coeff.fill(0, 0, this.size);
    // Column c's update w −= s_c·V_c and the next column's product s_{c+1} = MV_{c+1}·w (with the updated entries) in
    // one pass over w: the operations and their order are those of the two loops one after the other.
    const size = this.size;
    if (size === 0) return Math.sqrt(Math.max(before, 0));
    let s = 0;
    for (let i = 0; i < n; i++) s += MV[i] * w[i];
    for (let pass = 0; pass < 2; pass++) {
      for (let c = 0; c < size; c++) {
        coeff[c] += s;
        const off = c * n;
        const last = pass === 1 && c === size - 1;
        // the next product: column c + 1 of this pass, or column 0 of the second pass
        const next = c < size - 1 ? off + n : 0;
        let t = 0;
        if (last) {
          for (let i = 0; i < n; i++) w[i] -= s * V[off + i];
        } else {
          for (let i = 0; i < n; i++) {
            const wi = w[i] - s * V[off + i];
            w[i] = wi;
            t += MV[next + i] * wi;
          }
        }
        s = t;
      }
    }
    return Math.sqrt(Math.max(before, 0));
  }

  /** Appends w/‖w‖_M when ‖w‖_M > 1e-12·before (not numerically dependent) and there is room; returns ‖w‖_M or 0. */
  append(before: number): number {
    if (this.size >= this.capacity) return 0;
    const { n, w, mw } = this;
    cscMultiply(this.mass, w, mw);
    let norm2 = 0;
    for (let i = 0; i < n; i++) norm2 += w[i] * mw[i];
    const norm = Math.sqrt(Math.max(norm2, 0));
    if (!(norm > DEPENDENCY_TOLERANCE * before)) return 0;
    const inv = 1 / norm;
    const off = this.size * n;
    for (let i = 0; i < n; i++) {
      this.V[off + i] = w[i] * inv;
      this.MV[off + i] = mw[i] * inv;
    }
    this.size++;
    return norm;
  }

  /** Appends an M-orthonormalized random vector (three tries); false when none fits. */
  appendRandom(): boolean {
    for (let attempt = 0; attempt < 3 && this.size < this.capacity; attempt++) {
      for (let i = 0; i < this.n; i++) this.w[i] = this.random();
      if (this.append(this.orthogonalize()) > 0) return true;
    }
    return false;
  }
}

/**
 * Symmetric Rayleigh–Ritz of H[off:off+na, off:off+na]: Ritz values descending, vectors row-major na×na (column t = Ritz
 * vector t; its entries above row `first` are 0, the others as with first = 0, see {@link symmetricEigen}).
 */
function rayleighRitz(H: Float64Array, cap: number, off: number, na: number, first: number): { values: Float64Array; vectors: Float64Array } {
  const t = new Float64Array(na * na);
  for (let i = 0; i < na; i++) {
    for (let j = 0; j < na; j++) t[i * na + j] = 0.5 * (H[(off + i) * cap + off + j] + H[(off + j) * cap + off + i]);
  }
  const { values: raw, vectors: rows } = symmetricEigen(t, na, first);
  const idx = Array.from({ length: na }, (_, i) => i).sort((p, q) => raw[q] - raw[p]);
  const values = new Float64Array(na);
  const vectors = new Float64Array(na * na);
  for (let c = 0; c < na; c++) {
    values[c] = raw[idx[c]];
    const source = idx[c] * na;
    for (let r = 0; r < na; r++) vectors[r * na + c] = rows[source + r];
  }
  return { values, vectors };
}

/** x = V[:, off:off+na]·y_t (y_t = column t of the row-major na×na matrix Y). */
function combine(V: Float64Array, n: number, off: number, na: number, Y: Float64Array, t: number, x: Float64Array): void {
  x.fill(0);
  for (let s = 0; s < na; s++) {
    const ys = Y[s * na + t];
    if (ys === 0) continue;
    const base = (off + s) * n;
    for (let i = 0; i < n; i++) x[i] += ys * V[base + i];
  }
}

/** Sorts the accepted pairs ascending, M-normalizes and sign-normalizes the first nev modes and packs the result. */
function packResult(mass: CscMatrix, V: Float64Array, n: number, nev: number, accepted: PairQuality[], shift: number, restarts: number, operatorApplications: number): SparseEigenResult {
  const idx = accepted.map((_, i) => i).sort((p, q) => accepted[p].value - accepted[q].value).slice(0, nev);
  const data = new Float64Array(n * nev);
  const values = new Float64Array(nev);
  const residuals = new Float64Array(nev);
  const backwardErrors = new Float64Array(nev);
  const mx = new Float64Array(n);
  const modes: Float64Array[] = [];
  for (let q = 0; q < nev; q++) {
    const src = idx[q];
    const col = data.subarray(q * n, (q + 1) * n);
    col.set(V.subarray(src * n, (src + 1) * n));
    cscMultiply(mass, col, mx);
    let xmx = 0;
    let big = 0;
    for (let i = 0; i < n; i++) {
      xmx += col[i] * mx[i];
      if (Math.abs(col[i]) > Math.abs(big)) big = col[i];
    }
    const scale = (big < 0 ? -1 : 1) / Math.sqrt(xmx);
    for (let i = 0; i < n; i++) col[i] *= scale;
    values[q] = accepted[src].value;
    residuals[q] = accepted[src].residual;
    backwardErrors[q] = accepted[src].backwardError;
    modes.push(col);
  }
  return { values, vectors: ndarray(data, [n, nev], [1, n]), modes, residuals, backwardErrors, shift, restarts, operatorApplications };
}
