import { optionNames, ownOptions } from '../core/dictionary.ts';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import { FlexdynError } from '../core/errors.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import { constraintNullSpace, linearizeAtInitialState, optionalBoolean } from './linearization.ts';
import { condenseMassless, masslessCoordinates, type MasslessCondensation } from './masslessCondensation.ts';
import { symmetricEigen } from '../linalg/symmetricEigen.ts';
import { factorCroutLU, solveCroutLU } from '../linalg/croutLU.ts';
import { dotRange } from '../linalg/vector.ts';
import { RowMajorMatrix } from '../linalg/rowMajorMatrix.ts';

/** Options of computeODE2Eigenvalues (Exudyn's keyword arguments). */
export interface EigenvalueOptions {
  /** Number of eigenvalues to return (0: all). */
  numberOfEigenvalues?: number;
  /** ODE2 coordinate indices fixed to zero (rows and columns removed). */
  constrainedCoordinates?: readonly number[];
  /** Return frequencies √λ/(2π) in Hz instead of λ = ω². */
  convert2Frequencies?: boolean;
  /** Sort by and return |λ| (default true, as Exudyn). */
  useAbsoluteValues?: boolean;
  /** Ignore the algebraic equations (constraints). */
  ignoreAlgebraicEquations?: boolean;
  /** Singular values of C_qᵀ below this count as zero when building the constraint null space. */
  singularValuesTolerance?: number;
  /**
   * Subtract the load Jacobian ∂(loads)/∂q from K (Flexdyn option, default false as Exudyn): needed to linearize about a
   * loaded equilibrium when a load's point of application moves with the coordinates, e.g. gravity on a rigid body
   * whose center of mass is off its node.
   */
  includeLoadsJacobian?: boolean;
  /**
   * Add the stiffness of the constraint forces ∂(C_qᵀλ)/∂q (λ·C_qq) with the multipliers λ of the analysed state (default
   * true; Flexdyn option, Exudyn omits the term): about a loaded equilibrium the reactions of joints and distance
   * constraints stiffen (a pendulum's √(g/L)) or soften the system. λ are the initial configuration's algebraic
   * coordinates, so after solveStatic copy both q and λ to the initial configuration (setODE2Coordinates and
   * setAECoordinates with ConfigurationType.Initial); with λ = 0 (Exudyn's usual case) the term vanishes. Only with the
   * constraint null space (not with constrainedCoordinates or ignoreAlgebraicEquations).
   */
  includeConstraintForceJacobian?: boolean;
  /**
   * Solve with K as assembled instead of its symmetric part (Flexdyn option, default false): for elements whose
   * tangent is not symmetric even at an equilibrium, such as the Petrov–Galerkin Cosserat rod under prestress, where
   * the symmetric part misplaces the modes. Uses a general real eigen solve; an eigenvalue with an imaginary part above
   * 1e-6 of its modulus among the returned ones is an error (no vibration mode).
   */
  unsymmetricStiffness?: boolean;
  /**
   * Shift σ of a shift-invert solve (Flexdyn option): the eigenvalues μ = 1/(ω² − σ) of Lᵀ(K − σM)⁻¹L (M = L Lᵀ)
   * instead of those of L⁻¹KL⁻ᵀ. The errors of a dense eigen solve scale with the largest |eigenvalue|: ε·max|ω²| for
   * the direct solve, which in stiff models (a thin rod with ω²_max ≈ 1e13) can be 1e-5 of the lowest ω², and
   * ε/min|ω² − σ| for the shift-invert solve, which resolves the lowest modes (and loses the highest). K − σM must be
   * regular: σ = 0 for a supported system, a negative σ for one with rigid-body modes. `false`: the direct solve only
   * (Exudyn's dense path). Default (undefined): both, each eigenvalue from the one that resolves it (see
   * refineLowModes), so that low and high modes are accurate to round-off relative to themselves.
   */
  shiftInvert?: number | false;
  /**
   * Solve the damped problem (λ²M + λD + K)φ = 0 (Exudyn's option, default false): complex eigenvalues
   * λ = −ζω ± iω√(1 − ζ²) in conjugate pairs, D = ∂(Σ ode2Lhs)/∂u. Returns {@link ComplexEigenvalueResult}: the values
   * stay complex also with useAbsoluteValues (which sorts them by |λ|; Exudyn returns |λ| then); convert2Frequencies
   * and shiftInvert must not be set.
   */
  computeComplexEigenvalues?: boolean;
}

/** The option names of {@link EigenvalueOptions}, for the unknown-option check of computeODE2Eigenvalues. */
const eigenvalueOptionNames = optionNames<EigenvalueOptions>({
  numberOfEigenvalues: true, constrainedCoordinates: true, convert2Frequencies: true, useAbsoluteValues: true, ignoreAlgebraicEquations: true, singularValuesTolerance: true, includeLoadsJacobian: true, includeConstraintForceJacobian: true, unsymmetricStiffness: true, shiftInvert: true,
  computeComplexEigenvalues: true,
});

/** Eigenvalues (ascending) and mode shapes (one array of n_u entries per eigenvalue). */
export interface EigenvalueResult {
  /** Eigenvalues ω² (or frequencies in Hz). */
  values: number[];
  /** Mode shapes, same order as values. */
  vectors: number[][];
}

/** A complex number re + i·im. */
export interface Complex {
  re: number;
  im: number;
}

/** Eigenvalues λ of the damped system (computeComplexEigenvalues) and their mode shapes. */
export interface ComplexEigenvalueResult {
  /** Eigenvalues λ = −ζω ± iω√(1 − ζ²) of M q̈ + D q̇ + K q = 0, in conjugate pairs. */
  values: Complex[];
  /** Position part φ of each state-space mode (n_u complex entries, unit 2-norm, largest entry real and positive). */
  vectors: { re: number[]; im: number[] }[];
}

/**
 * Eigenvalues of K φ = λ M φ for the system linearized at the initial state, K = ∂(Σ ode2Lhs)/∂q (loads not included
 * unless includeLoadsJacobian) + ∂(C_qᵀλ)/∂q with the initial state's multipliers (unless includeConstraintForceJacobian
 * is false). Constraints: coordinates removed (constrainedCoordinates) or the null space N of C_q (dense SVD), K̃ = N K Nᵀ.
 * Dense generalized symmetric solve through the Cholesky factor of M. With computeComplexEigenvalues, the damped
 * problem (λ²M + λD + K) φ = 0 instead (see complexEigenvalues).
 */
export function computeODE2Eigenvalues(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, options: EigenvalueOptions): EigenvalueResult | ComplexEigenvalueResult {
  const where = 'computeODE2Eigenvalues';
  options = ownOptions(where, options, eigenvalueOptionNames);
  const complex = optionalBoolean(where, 'computeComplexEigenvalues', options.computeComplexEigenvalues) ?? false;
  if (complex) {
    if (options.convert2Frequencies === true) throw new FlexdynError(`${where}: with computeComplexEigenvalues, convert2Frequencies must be false (the eigenvalues are complex: |λ|/(2π) is the undamped frequency in Hz), got true`);
    if (options.shiftInvert !== undefined && options.shiftInvert !== false) throw new FlexdynError(`${where}: shiftInvert belongs to the symmetric undamped solve and must be undefined or false with computeComplexEigenvalues, got ${options.shiftInvert}`);
  }
  let nu = model.nu;
  let constrained = options.constrainedCoordinates ?? [];
  if (constrained.length > 0 && model.nAE > 0 && options.ignoreAlgebraicEquations !== true) {
    throw new FlexdynError(`${where}: the system has ${model.nAE} algebraic equations; with constrainedCoordinates they would be ignored silently: set ignoreAlgebraicEquations: true, or leave constrainedCoordinates empty to project into the constraints' null space (Exudyn's rule)`, { parameter: 'constrainedCoordinates' });
  }
  const nullSpace = !(constrained.length > 0 || model.nAE === 0 || options.ignoreAlgebraicEquations === true);
  let { mass: fullMass, stiffness: fullStiffness, damping: fullDamping, constraintTransposed } = linearizeAtInitialState(model, assembler, settings, {
    damping: complex,
    constraintJacobian: nullSpace,
    includeLoadsJacobian: options.includeLoadsJacobian === true,
    includeConstraintForceJacobian: nullSpace && options.includeConstraintForceJacobian !== false,
  }, where);
  // massless coordinates that no constraint acts on (a mixed rod's stresses): statically condensed, the eigenvectors
  // expanded again at the end (massless coordinates held by constraints or constrainedCoordinates stay as they were)
  const massless = masslessCoordinates(fullMass).filter((i) => !constrained.includes(i)
    && (constraintTransposed === undefined || constraintTransposed.row(i).every((x) => x === 0)));
  let condensation: MasslessCondensation | undefined;
  if (massless.length > 0 && !complex) {
    condensation = condenseMassless(fullMass, fullStiffness, massless, where);
    const position = new Map(condensation.kept.map((index, k) => [index, k]));
    constrained = constrained.map((index) => position.get(index) ?? index);
    if (constraintTransposed !== undefined) constraintTransposed = constraintTransposed.select(condensation.kept, Array.from({ length: constraintTransposed.columns }, (_, j) => j));
    fullMass = condensation.mass;
    fullStiffness = condensation.stiffness;
    nu = condensation.kept.length;
  }
  let basis: RowMajorMatrix;
  let free: number[] | undefined;
  if (!nullSpace) {
    for (const index of constrained) {
      if (!Number.isInteger(index) || index < 0 || index >= nu) throw new FlexdynError(`computeODE2Eigenvalues: constrainedCoordinates entries must be ODE2 indices in 0 ... ${nu - 1}, got ${index}`);
    }
    free = Array.from({ length: nu }, (_, i) => i).filter((i) => !constrained.includes(i));
    basis = new RowMajorMatrix(free.length, nu);
    free.forEach((column, row) => basis.set(row, column, 1));
  } else {
    basis = constraintNullSpace(constraintTransposed!, options.singularValuesTolerance ?? 1e-12);
  }
  // no free coordinates (fully constrained): no eigenvalues (ml-matrix, used with complex eigenvalues, rejects empty matrices)
  if (basis.rows === 0) return { values: [], vectors: [] };
  // the selection basis of free coordinates is applied by picking entries; the null-space basis by products
  const basisTransposed = free === undefined ? basis.transpose() : undefined;
  const reduce = (full: RowMajorMatrix): RowMajorMatrix => (free !== undefined ? selectFree(full, free) : basis.multiply(full).multiply(basisTransposed!));
  const mass = reduce(fullMass);
  const stiffness = reduce(fullStiffness);
  const useAbsolute = options.useAbsoluteValues ?? true;
  if (complex) return complexEigenvalues(mass, stiffness, reduce(fullDamping!), basis, useAbsolute, options.numberOfEigenvalues);
  const unsymmetric = options.unsymmetricStiffness === true;
  if (options.shiftInvert !== undefined && options.shiftInvert !== false && !Number.isFinite(options.shiftInvert)) {
    throw new FlexdynError(`computeODE2Eigenvalues: shiftInvert must be a finite number or false, got ${options.shiftInvert}`);
  }
  const factored = factorPencil(stiffness, mass, unsymmetric);
  const direct = generalizedSymmetricEigen(factored, options.shiftInvert === false ? undefined : options.shiftInvert);
  const { values, imaginary, modes } = options.shiftInvert === undefined && !unsymmetric ? refineLowModes(factored, direct) : direct;
  const n = factored.n;
  const order = values.map((_, i) => i).sort((a, b) => (useAbsolute ? Math.abs(values[a]) - Math.abs(values[b]) : values[a] - values[b]));
  const count = options.numberOfEigenvalues !== undefined && options.numberOfEigenvalues > 0 ? Math.min(options.numberOfEigenvalues, order.length) : order.length;
  const selected = order.slice(0, count);
  for (const i of selected) {
    if (imaginary !== undefined && Math.abs(imaginary[i]) > 1e-6 * Math.hypot(values[i], imaginary[i])) {
      throw new FlexdynError(`computeODE2Eigenvalues: with unsymmetricStiffness, the returned eigenvalues must be real, got ${values[i]} + ${imaginary[i]}i`);
    }
  }
  const result = selected.map((i) => (useAbsolute ? Math.abs(values[i]) : values[i]));
  const fullVectors = selected.map((i) => {
    const mode = modes.subarray(i * n, (i + 1) * n);
    return expandMassless(free !== undefined ? expandFree(mode, free, nu) : basisTransposed!.multiplyVector(mode), condensation);
  });
  return {
    values: options.convert2Frequencies === true ? result.map((lambda) => Math.sqrt(lambda) / (2 * Math.PI)) : result,
    vectors: fullVectors,
  };
}

/**
 * basis·A·basisᵀ for the basis that selects the coordinates `free` (row r: a single 1 in column free[r]), for finite A:
 * A's entries picked out, each + 0 as in the product's sums (which turn −0 into +0), without the two n³ products.
 */
function selectFree(full: RowMajorMatrix, free: number[]): RowMajorMatrix {
  const result = new RowMajorMatrix(free.length, free.length);
  for (let r = 0; r < free.length; r++) {
    for (let c = 0; c < free.length; c++) result.set(r, c, full.get(free[r], free[c]) + 0);
  }
  return result;
}

/** basisᵀ·v for the selection basis of {@link selectFree}: entry free[r] = v_r + 0, the others 0. */
function expandFree(mode: Float64Array, free: number[], nu: number): Float64Array {
  const result = new Float64Array(nu);
  for (let r = 0; r < free.length; r++) result[free[r]] = mode[r] + 0;
  return result;
}

/** The eigenvector on all coordinates: the kept ones as computed, the massless ones recovered (q_S = −K_SS⁻¹K_SM q_M). */
function expandMassless(vector: Float64Array, condensation: MasslessCondensation | undefined): number[] {
  if (condensation === undefined) return Array.from(vector);
  const full = new Array<number>(condensation.kept.length + condensation.massless.length).fill(0);
  condensation.kept.forEach((index, k) => { full[index] = vector[k]; });
  const recovered = condensation.recover.multiplyVector(vector);
  condensation.massless.forEach((index, k) => { full[index] = recovered[k]; });
  return full;
}

/**
 * Eigenvalues of the damped system M q̈ + D q̇ + K q = 0 (reduced coordinates, q_full = basisᵀ q): with M = L Lᵀ and
 * y = Lᵀq the first-order form ẋ = A x, x = [y; ẏ], A = [[0, I], [−L⁻¹KL⁻ᵀ, −L⁻¹DL⁻ᵀ]], similar to Exudyn's
 * −[[0, M], [M, 0]]⁻¹[[K, D], [0, −M]] without inverting M. A general real eigen decomposition (ml-matrix, Hessenberg
 * QR) gives the 2n eigenvalues; K and D are used as assembled (no symmetrization). Sorted by |λ| (useAbsoluteValues;
 * ties by real, then imaginary part) or by real, then imaginary part (numpy's order of complex numbers).
 */
function complexEigenvalues(mass: RowMajorMatrix, stiffness: RowMajorMatrix, damping: RowMajorMatrix, reducedBasis: RowMajorMatrix, useAbsolute: boolean, numberOfEigenvalues: number | undefined): ComplexEigenvalueResult {
  const n = mass.rows;
  const l = choleskyFactor(symmetricPart(mass), n);
  if (l === undefined) throw new FlexdynError('computeODE2Eigenvalues: the mass matrix is not positive definite (massless coordinates?)');
  const matrix = (m: RowMajorMatrix): Matrix => Matrix.from1DArray(m.rows, m.columns, m.data);
  const basis = matrix(reducedBasis);
  const lInverse = Matrix.from1DArray(n, n, lowerTriangularInverse(l, n));
  const reducedStiffness = lInverse.mmul(matrix(stiffness)).mmul(lInverse.transpose());
  const reducedDamping = lInverse.mmul(matrix(damping)).mmul(lInverse.transpose());
  const system = Matrix.zeros(2 * n, 2 * n);
  for (let i = 0; i < n; i++) {
    system.set(i, n + i, 1);
    for (let j = 0; j < n; j++) {
      system.set(n + i, j, -reducedStiffness.get(i, j));
      system.set(n + i, n + j, -reducedDamping.get(i, j));
    }
  }
  const decomposition = new EigenvalueDecomposition(system);
  const re = decomposition.realEigenvalues, im = decomposition.imaginaryEigenvalues;
  const eigenvectors = decomposition.eigenvectorMatrix;
  // position part of a state vector x = [y; ẏ] in the full coordinates: q = Nᵀ L⁻ᵀ y
  const toFull = basis.transpose().mmul(lInverse.transpose());
  const positionPart = (column: number, factor: number): number[] =>
    toFull.mmul(eigenvectors.subMatrix(0, n - 1, column, column)).to1DArray().map((value) => factor * value);
  const modes = re.map((_, k) => {
    // a conjugate pair is stored in columns k, k + 1 (im[k] > 0) as real and imaginary part of the vector of λ_k;
    // λ_{k+1} = conj(λ_k) has the conjugate vector
    if (im[k] === 0) return normalizedMode(positionPart(k, 1), new Array<number>(basis.columns).fill(0));
    const first = im[k] > 0 ? k : k - 1;
    return normalizedMode(positionPart(first, 1), positionPart(first + 1, im[k] > 0 ? 1 : -1));
  });
  const lexicographic = (a: number, b: number): number => re[a] - re[b] || im[a] - im[b];
  const byModulus = (a: number, b: number): number => Math.hypot(re[a], im[a]) - Math.hypot(re[b], im[b]) || lexicographic(a, b);
  const order = re.map((_, k) => k).sort(useAbsolute ? byModulus : lexicographic);
  const count = numberOfEigenvalues !== undefined && numberOfEigenvalues > 0 ? Math.min(numberOfEigenvalues, order.length) : order.length;
  const selected = order.slice(0, count);
  return { values: selected.map((k) => ({ re: re[k], im: im[k] })), vectors: selected.map((k) => modes[k]) };
}

/** Scales a complex vector to unit 2-norm with its largest-magnitude entry real and positive (a deterministic phase). */
function normalizedMode(re: number[], im: number[]): { re: number[]; im: number[] } {
  let normSquared = 0, largest = 0, index = 0;
  for (let i = 0; i < re.length; i++) {
    const magnitude = Math.hypot(re[i], im[i]);
    normSquared += magnitude * magnitude;
    if (magnitude > largest) { largest = magnitude; index = i; }
  }
  if (largest === 0) return { re, im };
  // multiply by conj(v_index) / (|v_index|·‖v‖)
  const scale = largest * Math.sqrt(normSquared);
  const cr = re[index] / scale, ci = -im[index] / scale;
  return { re: re.map((r, i) => r * cr - im[i] * ci), im: re.map((r, i) => r * ci + im[i] * cr) };
}

/** Eigenvalues of one solve of {@link generalizedSymmetricEigen} and their modes φ as rows (row k: the mode of values[k]). */
interface PencilSolve {
  /** Eigenvalues λ (real parts for unsymmetric K). */
  values: number[];
  /** Imaginary parts (unsymmetric K only). */
  imaginary?: number[];
  /** Row-major n × n: row k = the mode of values[k] (for unsymmetric K, a complex pair's real and imaginary part in two rows). */
  modes: Float64Array;
}

/**
 * The default of computeODE2Eigenvalues for symmetric K. The direct solve resolves ω² to about ε·max|ω²| (absolute),
 * so a stiff model loses digits of its low modes (a thin rod: 1e-5 of ω₁²). A shift-invert solve about σ = −τ has
 * errors of about ε·(|ω²| + τ)²/(τ + ω²_min) with ω²_min = min|ω²| (the largest μ = 1/(ω² + τ) sets its absolute
 * error): round-off relative to ω² for the modes near and below τ, and a negative shift keeps K + τM regular with
 * rigid-body modes too. The solves: τ₁ = 1e-8·max|ω²| (resolves every eigenvalue far above ε·τ₁, so its values tell
 * rigid-body modes (≈ 0) from the lowest flexible one ω²_f), then, when ω²_f < τ₁, τ₂ = ω²_f / 2. Each eigenvalue and
 * its mode come from the solve with the smallest error estimate, the lists matched by rank (ascending ω²). Models whose
 * eigenvalues span less than 1e4 keep the direct solve unchanged.
 */
function refineLowModes(factored: FactoredPencil, direct: PencilSolve): PencilSolve {
  const largest = Math.max(0, ...direct.values.map(Math.abs));
  const spread = 1e4;
  if (!(largest > 0) || !direct.values.some((value) => Math.abs(value) * spread < largest)) return direct;
  const solves: (PencilSolve & { error: (lambda: number) => number })[] = [
    { ...direct, error: (lambda) => largest / Math.abs(lambda) },
  ];
  const shifted = (tau: number): boolean => {
    let solve: PencilSolve;
    try {
      solve = generalizedSymmetricEigen(factored, -tau);
    } catch (error) {
      if (error instanceof FlexdynError) return false; // −τ happens to be an eigenvalue (an unstable model)
      throw error;
    }
    const smallest = Math.min(...solve.values.map(Math.abs));
    solves.push({ ...solve, error: (lambda) => (Math.abs(lambda) + tau) ** 2 / (Math.abs(lambda) * (smallest + tau)) });
    return true;
  };
  const tau1 = 1e-8 * largest;
  if (!shifted(tau1)) return direct;
  // eigenvalues within 1e4·ε·τ₁ of zero are rigid-body modes at the round-off of the first shifted solve
  const flexible = solves[1].values.map(Math.abs).filter((value) => value > 1e4 * Number.EPSILON * tau1);
  const lowestFlexible = flexible.length > 0 ? Math.min(...flexible) : Infinity;
  if (lowestFlexible < tau1) shifted(lowestFlexible / 2);
  const ranks = solves.map(({ values }) => values.map((_, i) => i).sort((a, b) => values[a] - values[b]));
  const n = factored.n;
  const values = direct.values.slice();
  const modes = direct.modes.slice();
  // A shifted solve is accurate from the lowest eigenvalue up to where its error estimate passes the direct solve's;
  // above that its values (and so their ranks) are not trusted: it drops out for good.
  const trusted = solves.map(() => true);
  for (let r = 0; r < values.length; r++) {
    const error = solves.map((solve, k) => solve.error(solve.values[ranks[k][r]]));
    let best = 0;
    for (let k = 1; k < solves.length; k++) {
      if (trusted[k] && !(error[k] < error[0])) trusted[k] = false;
      if (trusted[k] && error[k] < error[best]) best = k;
    }
    if (best === 0) continue;
    const i = ranks[0][r], j = ranks[best][r];
    values[i] = solves[best].values[j];
    modes.set(solves[best].modes.subarray(j * n, (j + 1) * n), i * n);
  }
  return { values, modes };
}

/**
 * K φ = λ M φ with what its solves share, as row-major n × n arrays: K symmetrized (or as assembled when unsymmetric),
 * M symmetrized and its factor M = L Lᵀ.
 */
interface FactoredPencil {
  n: number;
  stiffness: Float64Array;
  unsymmetric: boolean;
  symmetricMass: Float64Array;
  l: Float64Array;
}

/** The entries of an ml-matrix Matrix as a row-major array. */
function rowMajor(matrix: Matrix): Float64Array {
  const { rows, columns } = matrix;
  const result = new Float64Array(rows * columns);
  for (let i = 0; i < rows; i++) for (let j = 0; j < columns; j++) result[i * columns + j] = matrix.get(i, j);
  return result;
}

/** (A + Aᵀ)/2 of a square matrix, row-major: entry (i, j) = (a_ij + a_ji)·0.5. */
function symmetricPart(matrix: RowMajorMatrix): Float64Array {
  const n = matrix.rows;
  const result = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) result[i * n + j] = (matrix.get(i, j) + matrix.get(j, i)) * 0.5;
  return result;
}

/**
 * Symmetrizes M (and K, unless unsymmetric) and factorizes M = L Lᵀ, once for the direct and shifted solves of
 * {@link refineLowModes}. The symmetrization keeps round-off asymmetry of item matrices (w·Sᵢ·Sⱼ ≠ w·Sⱼ·Sᵢ in the last
 * bit) from making the Cholesky factorization reject M.
 */
function factorPencil(stiffness: RowMajorMatrix, mass: RowMajorMatrix, unsymmetric: boolean): FactoredPencil {
  const n = mass.rows;
  const symmetricMass = symmetricPart(mass);
  const l = choleskyFactor(symmetricMass, n);
  if (l === undefined) throw new FlexdynError('computeODE2Eigenvalues: the mass matrix is not positive definite (massless coordinates?)');
  return { n, stiffness: unsymmetric ? stiffness.data.slice() : symmetricPart(stiffness), unsymmetric, symmetricMass, l };
}

/**
 * Solves K φ = λ M φ for symmetric K and positive definite M: A = L⁻¹ K L⁻ᵀ with M = L Lᵀ ({@link factorPencil}).
 * For unsymmetric K, K is kept as it is and A gets a general real eigen decomposition. With a shift σ,
 * B = Lᵀ(K − σM)⁻¹L is decomposed instead (same vectors v = Lᵀφ, μ = 1/(λ − σ)) and the values are mapped back to
 * λ = σ + 1/μ. The factored matrices are not changed (the caller solves again with them).
 */
function generalizedSymmetricEigen(factored: FactoredPencil, shift: number | undefined): PencilSolve {
  const { n, stiffness: k, unsymmetric, symmetricMass, l } = factored;
  if (shift !== undefined) {
    const shifted = new Float64Array(n * n);
    for (let i = 0; i < n * n; i++) shifted[i] = k[i] - symmetricMass[i] * shift;
    const pivots = new Int32Array(n);
    if (factorCroutLU(shifted, n, pivots, new Float64Array(n)) >= 0) throw new FlexdynError(`computeODE2Eigenvalues: with shiftInvert = ${shift}, K − σM must be regular, got a singular matrix (rigid-body modes? use a negative shift)`);
    const solved = new Float64Array(n * n);
    solveCroutLU(shifted, pivots, l, solved, n, n);
    const b = multiply(transposed(l, n), 'upper', solved, 'full', n);
    const { values: mu, imaginary, vectors } = eigenRows(b, n, unsymmetric);
    const values = mu.map((re, i) => shift + re / (re * re + imaginary[i] * imaginary[i]));
    return {
      values,
      imaginary: unsymmetric ? mu.map((re, i) => -imaginary[i] / (re * re + imaginary[i] * imaginary[i])) : undefined,
      modes: solveUpperTriangularTransposed(l, vectors, n),
    };
  }
  const lInverse = lowerTriangularInverse(l, n);
  const a = multiply(multiply(lInverse, 'lower', k, 'full', n), 'full', transposed(lInverse, n), 'upper', n);
  const { values, imaginary, vectors } = eigenRows(a, n, unsymmetric);
  // φ_k = L⁻ᵀ v_k, as rows: Φ = V L⁻¹ with the v_k as the rows of V
  return { values, imaginary: unsymmetric ? imaginary : undefined, modes: multiply(vectors, 'full', lInverse, 'lower', n) };
}

/**
 * Eigen decomposition of the row-major n × n `a` with the eigenvectors as rows: for symmetric use, of (A + Aᵀ)/2
 * ({@link symmetricEigen}; imaginary parts 0), else a general real one (ml-matrix, Hessenberg QR; a complex pair's
 * vector as real and imaginary part in two rows).
 */
function eigenRows(a: Float64Array, n: number, general: boolean): { values: number[]; imaginary: number[]; vectors: Float64Array } {
  if (general) {
    const decomposition = new EigenvalueDecomposition(Matrix.from1DArray(n, n, a));
    return { values: decomposition.realEigenvalues, imaginary: decomposition.imaginaryEigenvalues, vectors: rowMajor(decomposition.eigenvectorMatrix.transpose()) };
  }
  const symmetric = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) symmetric[i * n + j] = (a[i * n + j] + a[j * n + i]) * 0.5;
  const { values, vectors } = symmetricEigen(symmetric, n);
  return { values: Array.from(values), imaginary: new Array<number>(n).fill(0), vectors };
}

/** Which triangle of a factor of {@link multiply} may be nonzero ('full': any entry). */
type Shape = 'full' | 'lower' | 'upper';

/**
 * C = A B of row-major n × n arrays, c_ij = Σ_k a_ik b_kj summed from 0 in ascending k. Terms where a triangular factor
 * has its zeros are left out: they are exact zeros, and adding ±0 to the sum (which starts at +0 and so never is −0)
 * changes nothing, so the result is that of the full sum bit for bit.
 */
function multiply(a: Float64Array, aShape: Shape, b: Float64Array, bShape: Shape, n: number): Float64Array {
  const c = new Float64Array(n * n);
  const column = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    for (let k = 0; k < n; k++) column[k] = b[k * n + j];
    // b_kj = 0 for k < j (lower) or k > j (upper)
    const from = bShape === 'lower' ? j : 0;
    const to = bShape === 'upper' ? j + 1 : n;
    for (let i = 0; i < n; i++) {
      // a_ik = 0 for k > i (lower) or k < i (upper)
      c[i * n + j] = dotRange(a, i * n, column, Math.max(from, aShape === 'upper' ? i : 0), Math.min(to, aShape === 'lower' ? i + 1 : n));
    }
  }
  return c;
}

/** Aᵀ of a row-major n × n array. */
function transposed(a: Float64Array, n: number): Float64Array {
  const t = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[j * n + i] = a[i * n + j];
  return t;
}

/**
 * Cholesky factor L (row-major, zero above the diagonal) of the symmetric n × n `a` = L Lᵀ, row by row
 * (l_jk = (a_jk − Σ_{i<k} l_ki l_ji)/l_kk, l_jj = √(a_jj − Σ_{k<j} l_jk²)); undefined unless every pivot is positive.
 */
function choleskyFactor(a: Float64Array, n: number): Float64Array | undefined {
  const l = new Float64Array(n * n);
  let positiveDefinite = true;
  for (let j = 0; j < n; j++) {
    const rowJ = j * n;
    let d = 0;
    for (let k = 0; k < j; k++) {
      const rowK = k * n;
      let s = 0;
      for (let i = 0; i < k; i++) s += l[rowK + i] * l[rowJ + i];
      s = (a[rowJ + k] - s) / l[rowK + k];
      l[rowJ + k] = s;
      d = d + s * s;
    }
    d = a[rowJ + j] - d;
    positiveDefinite &&= d > 0;
    l[rowJ + j] = Math.sqrt(Math.max(d, 0));
  }
  return positiveDefinite ? l : undefined;
}

/** Φ with rows φ_c = L⁻ᵀ v_c for the lower triangular L and the rows v_c of `v` (back substitution with Lᵀ), all row-major n × n. */
function solveUpperTriangularTransposed(l: Float64Array, v: Float64Array, n: number): Float64Array {
  const lt = transposed(l, n);
  const x = new Float64Array(n * n);
  for (let c = 0; c < n; c++) {
    const row = c * n;
    for (let i = n - 1; i >= 0; i--) x[row + i] = subtractProducts(v[row + i], lt, i * n, x, row, i + 1, n) / lt[i * n + i];
  }
  return x;
}

/**
 * start − Σ_{k = from}^{to − 1} a[aOffset + k]·x[xOffset + k], subtracted one product at a time in ascending k (a small
 * function of its own for the reason given at {@link dotRange}).
 */
function subtractProducts(start: number, a: Float64Array, aOffset: number, x: Float64Array, xOffset: number, from: number, to: number): number {
  let sum = start;
  for (let k = from; k < to; k++) sum -= a[aOffset + k] * x[xOffset + k];
  return sum;
}

/**
 * L⁻¹ for the lower triangular row-major n × n L: forward substitution on the columns of the identity. Column c is
 * zero above row c; below, the products with those zeros are left out (the sums stay +0 through them, as computed).
 */
function lowerTriangularInverse(l: Float64Array, n: number): Float64Array {
  const x = new Float64Array(n * n);
  const column = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    for (let i = c; i < n; i++) column[i] = subtractProducts(i === c ? 1 : 0, l, i * n, column, 0, c, i) / l[i * n + i];
    for (let i = c; i < n; i++) x[i * n + c] = column[i];
  }
  return x;
}
