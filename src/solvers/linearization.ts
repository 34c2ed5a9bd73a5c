import { describeValue, FlexdynError } from '../core/errors.ts';
import { optionNames, ownOptions } from '../core/dictionary.ts';
import { rowMajorEntries, type SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import { validateSimulationSettings } from './settingsValidation.ts';
import { symmetricEigen } from '../linalg/symmetricEigen.ts';
import { RowMajorMatrix } from '../linalg/rowMajorMatrix.ts';

/** What {@link linearizeAtInitialState} assembles besides M and K. */
export interface LinearizationRequest {
  /** Assemble D = ∂(Σ ode2Lhs)/∂u (and, with includeLoadsJacobian, − ∂(loads)/∂u). */
  damping: boolean;
  /** Assemble C_qᵀ (n_u × n_AE): ∂g/∂Δq of position-level equations, ∂ġ/∂u of velocity-level ones, transposed. */
  constraintJacobian: boolean;
  /** Subtract the loads' Jacobians from K (and D). */
  includeLoadsJacobian: boolean;
  /** Add ∂(C_qᵀλ)/∂q with the state's multipliers λ to K. */
  includeConstraintForceJacobian: boolean;
}

/** Dense matrices of the ODE2 equations M u̇ + ode2Lhs(q, u) + C_qᵀλ = loads linearized at the initial state. */
export interface Linearization {
  /** M (n_u × n_u). */
  mass: RowMajorMatrix;
  /** K = ∂(Σ ode2Lhs)/∂q (n_u × n_u), with the requested load and constraint-force terms. */
  stiffness: RowMajorMatrix;
  /** D = ∂(Σ ode2Lhs)/∂u (n_u × n_u), if requested. */
  damping?: RowMajorMatrix;
  /** C_qᵀ (n_u × n_AE), if requested. */
  constraintTransposed?: RowMajorMatrix;
}

/**
 * Assembles the linearization of the ODE2 equations at the initial state (Exudyn linearizes with its static solver at
 * the initial values): the current state is set to the initial one at t = staticSolver.loadStepStart, numerical
 * differentiation follows staticSolver.newton. `where` names the calling function in errors and warnings; every matrix
 * is checked to be finite (the dense decompositions that follow iterate until convergence and may not end on NaN).
 * ODE1 coordinates are held at their initial values (a console warning says so).
 */
export function linearizeAtInitialState(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, request: LinearizationRequest, where: string): Linearization {
  validateSimulationSettings(settings);
  if (model.nODE1 > 0) console.warn(`${where}: the linearization covers the ODE2 equations only; the ${model.nODE1} ODE1 coordinates stay at their initial values and their coupling terms are left out (as in Exudyn)`);
  const nu = model.nu;
  const s = model.data.current;
  s.copyFrom(model.data.initial);
  s.t = settings.staticSolver.loadStepStart;
  assembler.differentiation = settings.staticSolver.newton.numericalDifferentiation;
  const mass = new RowMajorMatrix(nu, nu);
  assembler.addMassMatrix(s, rowMajorEntries(mass), 1);
  const stiffness = new RowMajorMatrix(nu, nu);
  const stiffnessEntries = rowMajorEntries(stiffness);
  assembler.addODE2LhsJacobian(s, stiffnessEntries, 1, 0);
  if (request.includeLoadsJacobian) assembler.addLoadsJacobian(s, stiffnessEntries, -1, 0);
  if (request.includeConstraintForceJacobian && model.nAE > 0) assembler.addConstraintForceJacobian(s, stiffnessEntries, 1);
  requireFiniteMatrix(mass, 'mass matrix', assembler, where);
  requireFiniteMatrix(stiffness, 'stiffness matrix', assembler, where);
  const result: Linearization = { mass, stiffness };
  if (request.damping) {
    const damping = new RowMajorMatrix(nu, nu);
    const dampingEntries = rowMajorEntries(damping);
    assembler.addODE2LhsJacobian(s, dampingEntries, 0, 1);
    if (request.includeLoadsJacobian) assembler.addLoadsJacobian(s, dampingEntries, 0, -1);
    requireFiniteMatrix(damping, 'damping matrix', assembler, where);
    result.damping = damping;
  }
  if (request.constraintJacobian) {
    // the ODE2 rows × algebraic columns of the system Jacobian: C_qᵀ
    const jacobian = new RowMajorMatrix(nu + model.nAE, nu + model.nAE);
    assembler.addConstraintJacobian(s, rowMajorEntries(jacobian), 0, 0, 1, 0, false);
    const transposed = jacobian.block(0, nu, nu, model.nAE);
    requireFiniteMatrix(transposed, 'constraint Jacobian', assembler, where);
    result.constraintTransposed = transposed;
  }
  return result;
}

/**
 * Orthonormal basis (as rows) of the null space of C_q, given C_qᵀ (n_u × n_AE): the eigenvectors of
 * C_qᵀ C_q (the full left singular basis of C_qᵀ) whose singular value σ = √λ counts as zero. Forming the
 * Gram matrix leaves σ ≈ √ε·σ_max ≈ 1e-8·σ_max of round-off on null directions, so a singular value is
 * zero when σ ≤ max(tolerance, 1e-6·σ_max) (Exudyn's absolute tolerance alone would misclassify them).
 */
export function constraintNullSpace(constraintTransposed: RowMajorMatrix, tolerance: number): RowMajorMatrix {
  const n = constraintTransposed.rows;
  if (constraintTransposed.columns === 0) {
    const identity = new RowMajorMatrix(n, n);
    for (let i = 0; i < n; i++) identity.set(i, i, 1);
    return identity;
  }
  const gram = constraintTransposed.multiply(constraintTransposed.transpose());
  const { values, vectors } = symmetricEigen(gram.data, n);
  const singularValues = Array.from(values, (value) => Math.sqrt(Math.max(value, 0)));
  const threshold = Math.max(tolerance, 1e-6 * Math.max(...singularValues));
  const free = singularValues.map((value, i) => (value <= threshold ? i : -1)).filter((i) => i >= 0);
  const basis = new RowMajorMatrix(free.length, n);
  free.forEach((k, row) => basis.data.set(vectors.subarray(k * n, (k + 1) * n), row * n));
  return basis;
}

/**
 * Throws if a matrix has a NaN or infinite entry, naming the equation of its row (`where`: the calling function).
 */
function requireFiniteMatrix(matrix: RowMajorMatrix, what: string, assembler: SystemAssembler, where: string): void {
  for (let i = 0; i < matrix.rows; i++) {
    for (let j = 0; j < matrix.columns; j++) {
      const value = matrix.get(i, j);
      if (!Number.isFinite(value)) {
        throw new FlexdynError(`${where}: the ${what} entry (${i}, ${j}) at ${assembler.describeEquation(i)} must be finite, got ${value}`);
      }
    }
  }
}

/** Checks that an option is a boolean if given. */
export function optionalBoolean(where: string, name: string, value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  throw new FlexdynError(`${where}: options.${name} must be a boolean, got ${describeValue(value)}`);
}

/** Checks that an option is a non-negative finite number if given. */
export function optionalTolerance(where: string, name: string, value: unknown): number | undefined {
  if (value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0)) return value;
  throw new FlexdynError(`${where}: options.${name} must be a finite number ≥ 0, got ${describeValue(value)}`);
}

/** Options of computeLinearizedSystem (Exudyn's keyword arguments, plus two Flexdyn options). */
export interface LinearizedSystemOptions {
  /** Return N M Nᵀ, N K Nᵀ, N D Nᵀ with N an orthonormal basis (rows) of the null space of C_q (default false). */
  projectIntoConstraintNullspace?: boolean;
  /** Singular values of C_qᵀ up to this count as zero when building the null space (default 1e-12; see constraintNullSpace). */
  singularValuesTolerance?: number;
  /** Also return C_qᵀ (n_u × n_AE, Exudyn's layout) as constraintJacobianTransposed (default false). */
  returnConstraintJacobian?: boolean;
  /** Also return the null-space basis N ((n_u − rank C_q) × n_u) as constraintNullspace (default false). */
  returnConstraintNullspace?: boolean;
  /** Subtract the loads' Jacobians ∂(loads)/∂q, ∂(loads)/∂u from K and D (Flexdyn option, default false as Exudyn). */
  includeLoadsJacobian?: boolean;
  /**
   * Add ∂(C_qᵀλ)/∂q with the initial state's multipliers to K (Flexdyn option, default true as in
   * computeODE2Eigenvalues; with λ = 0, Exudyn's usual initial state, the term vanishes).
   */
  includeConstraintForceJacobian?: boolean;
}

const linearizedSystemOptionNames = optionNames<LinearizedSystemOptions>({
  projectIntoConstraintNullspace: true, singularValuesTolerance: true, returnConstraintJacobian: true, returnConstraintNullspace: true,
  includeLoadsJacobian: true, includeConstraintForceJacobian: true,
});

/** Result of computeLinearizedSystem: M, K, D (projected with projectIntoConstraintNullspace) and what was requested. */
export interface LinearizedSystem {
  /** M (n × n; n = n_u, or the null-space dimension when projected), as rows. */
  massMatrix: number[][];
  /** K = ∂(Σ ode2Lhs)/∂q, as rows. */
  stiffnessMatrix: number[][];
  /** D = ∂(Σ ode2Lhs)/∂u, as rows. */
  dampingMatrix: number[][];
  /** C_qᵀ (n_u × n_AE), with returnConstraintJacobian (Exudyn's layout: the ODE2 rows of the system Jacobian). */
  constraintJacobianTransposed?: number[][];
  /** Orthonormal null-space basis of C_q as rows ((n_u − rank C_q) × n_u), with returnConstraintNullspace. */
  constraintNullspace?: number[][];
}

/**
 * Exudyn's ComputeLinearizedSystem: M, K and D of M q̈ + D q̇ + K q = 0, the ODE2 equations linearized at the
 * initial state (K and D are the Jacobians of Σ ode2Lhs, so without loads unless includeLoadsJacobian), optionally
 * projected into the null space of the constraint Jacobian (M̃ = N M Nᵀ …, N from the SVD of C_qᵀ). Without
 * algebraic equations C_qᵀ has no columns and N is the identity.
 */
export function computeLinearizedSystem(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, options: LinearizedSystemOptions): LinearizedSystem {
  const where = 'computeLinearizedSystem';
  options = ownOptions(where, options, linearizedSystemOptionNames);
  const project = optionalBoolean(where, 'projectIntoConstraintNullspace', options.projectIntoConstraintNullspace) ?? false;
  const returnJacobian = optionalBoolean(where, 'returnConstraintJacobian', options.returnConstraintJacobian) ?? false;
  const returnNullspace = optionalBoolean(where, 'returnConstraintNullspace', options.returnConstraintNullspace) ?? false;
  const tolerance = optionalTolerance(where, 'singularValuesTolerance', options.singularValuesTolerance) ?? 1e-12;
  const linearization = linearizeAtInitialState(model, assembler, settings, {
    damping: true,
    constraintJacobian: project || returnJacobian || returnNullspace,
    includeLoadsJacobian: optionalBoolean(where, 'includeLoadsJacobian', options.includeLoadsJacobian) ?? false,
    includeConstraintForceJacobian: optionalBoolean(where, 'includeConstraintForceJacobian', options.includeConstraintForceJacobian) ?? true,
  }, where);
  let { mass, stiffness } = linearization;
  let damping = linearization.damping!;
  const nullspace = project || returnNullspace ? constraintNullSpace(linearization.constraintTransposed!, tolerance) : undefined;
  if (project) {
    const basis = nullspace!, basisTransposed = basis.transpose();
    mass = basis.multiply(mass).multiply(basisTransposed);
    stiffness = basis.multiply(stiffness).multiply(basisTransposed);
    damping = basis.multiply(damping).multiply(basisTransposed);
  }
  const result: LinearizedSystem = { massMatrix: mass.toRows(), stiffnessMatrix: stiffness.toRows(), dampingMatrix: damping.toRows() };
  if (returnJacobian) result.constraintJacobianTransposed = linearization.constraintTransposed!.toRows();
  if (returnNullspace) result.constraintNullspace = nullspace!.toRows();
  return result;
}
