import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import type { InMemoryFileSystem } from '../core/fileSystem.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';
import { DynamicSolverType } from '../registry/enums.ts';
import { butcherTableaux } from './explicit.ts';
import { toNumberArray } from '../linalg/arrays.ts';
import { RowMajorMatrix } from '../linalg/rowMajorMatrix.ts';
import { ImplicitSecondOrderStepper } from './implicit.ts';
import type { NewtonProblem } from './newton.ts';
import { SimulationSettings } from './SimulationSettings.ts';
import { prepareDynamicRun } from './solveDynamic.ts';
import { prepareStaticRun, StaticStepper } from './solveStatic.ts';
import type { SolverHooks, StepAttempt, TimeStepper } from './stepContracts.ts';
import { SolverSession, type SolverRun } from './stepLoop.ts';

/*
 * Solver objects (Exudyn's MainSolverStatic, MainSolverImplicitSecondOrder, MainSolverExplicit): a solve in its phases
 * (initializeSolver, solveSteps, finalizeSolver) and the pieces of a step (residual, Jacobian, mass matrix, Newton
 * update) at the current state, so that a user can write an own step or Newton. They run the steppers and the step loop
 * of solveStatic/solveDynamic (prepareStaticRun, prepareDynamicRun, SolverSession): solveSystem gives the results of
 * mbs.solveStatic/solveDynamic bit for bit.
 */

/** What a solver object needs of the system it solves, for one solve. @internal */
export interface SolverContext {
  /** The compiled model. */
  readonly model: CompiledModel;
  /** Its assembler. */
  readonly assembler: SystemAssembler;
  /** The system's user hooks (pre-step, post-step, post-Newton, pre-Newton residual, system Jacobian). */
  readonly hooks: SolverHooks;
  /** Where internal sensor rows go. */
  readonly records: SensorRecords;
  /** Where files go without a file system. */
  readonly memoryFiles: InMemoryFileSystem;
  /** Runs a phase of the solve with the system's running-solve guard (no add, modify, assemble or nested solve meanwhile). */
  whileSolving<T>(phase: string, action: () => T): T;
}

/** A system a solver object can solve: the MainSystem. */
export interface SolverHost {
  /** The solve context; throws if the system is not assembled. @internal */
  solverContext(request: string): SolverContext;
}

/** The step loop's position as Exudyn's `solver.it` shows it (a snapshot). */
export interface SolverIterationData {
  /** Time of the current state (the end of the step being computed, inside a step). */
  readonly currentTime: number;
  /** Step size of the current step (before the first step: the first step's size). */
  readonly currentStepSize: number;
  /** Index of the current step, from 1 (0 before the first step). */
  readonly currentStepIndex: number;
  /** Time (load-step time for the static solver) at the start. */
  readonly startTime: number;
  /** Time at the end. */
  readonly endTime: number;
  /** Planned number of steps. */
  readonly numberOfSteps: number;
  /** Largest (and uniform) step size, (endTime − startTime)/numberOfSteps. */
  readonly maxStepSize: number;
  /** Smallest step size of adaptive steps. */
  readonly minStepSize: number;
  /** Steps adapt their size. */
  readonly adaptiveStep: boolean;
  /** Newton iterations of all steps so far, rejected attempts included (Exudyn's newtonStepsCount). */
  readonly newtonStepsCount: number;
  /** Jacobian factorizations of all steps so far (Exudyn's newtonJacobiCount). */
  readonly newtonJacobiCount: number;
}

/** The stepper of a run, recording the step size and index the loop passes and the Newton counts (the solver object's `it`). */
class ObservedStepper implements TimeStepper {
  readonly name: string;
  readonly automaticStepSize?: boolean;
  stepSize: number;
  stepIndex = 0;
  newtonIterations = 0;
  jacobianUpdates = 0;

  constructor(readonly inner: TimeStepper, firstStepSize: number) {
    this.name = inner.name;
    this.automaticStepSize = inner.automaticStepSize;
    this.stepSize = firstStepSize;
  }

  step(h: number, stepIndex: number, discontinuousIteration: number): StepAttempt {
    this.stepSize = h;
    this.stepIndex = stepIndex;
    const attempt = this.inner.step(h, stepIndex, discontinuousIteration);
    this.newtonIterations += attempt.iterations;
    this.jacobianUpdates += attempt.jacobianUpdates;
    return attempt;
  }

  restoreStartOfStep(): void {
    this.inner.restoreStartOfStep();
  }

  saveStartOfStep(): void {
    this.inner.saveStartOfStep();
  }

  modelChanged(): void {
    this.inner.modelChanged?.();
  }
}

/** Where a solver object is: before initializeSolver, initialized, steps solved (or failed), finalized. */
type SolverPhase = 'new' | 'initialized' | 'solved' | 'finalized';

/** The run of an initialized solver object. */
interface InitializedRun {
  readonly host: SolverHost;
  readonly settings: SimulationSettings;
  readonly context: SolverContext;
  readonly session: SolverSession;
  readonly stepper: ObservedStepper;
}

/**
 * What all solver objects share: the phases of a solve, the system sizes, the step loop's position (`it`), the ODE2
 * right-hand side, the algebraic equations and the mass matrix at the current state, kept in the solver's residual and
 * mass matrix for getSystemResidual/getSystemMassMatrix. Calls are checked: a phase out of order, another system or
 * settings than those of initializeSolver, or a system assembled again since then is a FlexdynError naming the method.
 */
export abstract class MainSolverBase {
  /** Solver name (Exudyn's GetSolverName), as in files and messages. */
  abstract readonly solverName: string;
  /** The class name for messages (`MainSolverStatic.solveSteps: …`). */
  protected abstract readonly className: string;
  private phase: SolverPhase = 'new';
  /** The run of the last initializeSolver (kept after finalizeSolver; run() checks the phase). */
  protected initialized?: InitializedRun;
  private residualVector = new Float64Array(0);
  private massMatrix?: RowMajorMatrix;
  /** The mass matrix before the last one, filled again by the next computeMassMatrix (a user integrator calls it every stage). */
  private spareMassMatrix?: RowMajorMatrix;
  /** The scalarFactor of the mass matrix. */
  private massMatrixFactor = 1;
  /** The model's nodeObjectRevision a constant mass matrix was assembled at (−1: not constant, assemble again). */
  private massMatrixRevision = -1;

  /** True for MainSolverStatic. */
  abstract isStaticSolver(): boolean;

  /** Creates the run (settings checked, schedule, initial state, stepper) for the context. */
  protected abstract prepareRun(context: SolverContext, settings: SimulationSettings): SolverRun;

  /**
   * Checks the settings, sets the initial state (as the solve would), creates the stepper (implicit: with the initial
   * accelerations), opens the output files and writes their headers. Returns true (a failure throws).
   */
  initializeSolver(mbs: SolverHost, settings: SimulationSettings = new SimulationSettings()): boolean {
    if (this.phase === 'initialized' || this.phase === 'solved') {
      throw this.error('initializeSolver', 'the solver is already initialized; call finalizeSolver first (it closes the files of the last run)');
    }
    const context = mbs.solverContext(this.solverName);
    const { run, stepper } = context.whileSolving('initializeSolver', () => {
      const prepared = this.prepareRun(context, settings);
      const automatic = prepared.stepper.automaticStepSize === true && prepared.schedule.initialStepSize !== 0;
      const observed = new ObservedStepper(prepared.stepper, automatic ? prepared.schedule.initialStepSize : prepared.schedule.maximumStepSize);
      return { run: { ...prepared, stepper: observed }, stepper: observed };
    });
    const session = new SolverSession(run);
    this.initialized = { host: mbs, settings, context, session, stepper };
    this.residualVector = new Float64Array(context.model.nu + context.model.nAE + context.model.nODE1);
    this.massMatrix = undefined;
    try {
      this.afterInitialize(context, run);
    } catch (error) {
      session.finalize(); // the files just opened are closed again
      throw error;
    }
    this.phase = 'initialized';
    return true;
  }

  /** True between initializeSolver and finalizeSolver. */
  protected isInitialized(): boolean {
    return this.phase === 'initialized' || this.phase === 'solved';
  }

  /** Solver-specific set-up after the run is prepared (the implicit solver installs the user Newton function). */
  protected afterInitialize(_context: SolverContext, _run: SolverRun): void {}

  /**
   * Runs the step loop from the initial state to the end time (Exudyn's SolveSteps): pre-step, step, post-Newton and
   * post-step functions, sensors and solution rows. Returns true; a failed step throws and keeps the last good state.
   */
  solveSteps(mbs: SolverHost, settings?: SimulationSettings): boolean {
    const run = this.checked('solveSteps', mbs, settings, ['initialized']);
    this.phase = 'solved';
    run.context.whileSolving('solveSteps', () => run.session.solveSteps());
    return true;
  }

  /**
   * Closes the output files (after a failed solveSteps, or a system assembled again since initializeSolver, too) and
   * prints the statistics if the settings ask for them.
   */
  finalizeSolver(mbs: SolverHost, settings?: SimulationSettings): void {
    const run = this.checked('finalizeSolver', mbs, settings, ['initialized', 'solved'], false);
    this.phase = 'finalized';
    run.session.finalize();
  }

  /** initializeSolver, solveSteps and finalizeSolver (also after a failure); the result of mbs.solveStatic/solveDynamic. */
  solveSystem(mbs: SolverHost, settings: SimulationSettings = new SimulationSettings()): boolean {
    this.initializeSolver(mbs, settings);
    try {
      this.solveSteps(mbs, settings);
    } finally {
      this.finalizeSolver(mbs, settings);
    }
    return true;
  }

  /** Number of ODE2 coordinates (velocity coordinates) of the initialized system. */
  getODE2size(): number {
    return this.results('getODE2size').context.model.nu;
  }

  /** Number of ODE1 (first-order) coordinates; their rows follow the ODE2 and algebraic ones in the residual and Jacobian. */
  getODE1size(): number {
    return this.results('getODE1size').context.model.nODE1;
  }

  /** Number of algebraic coordinates. */
  getAEsize(): number {
    return this.results('getAEsize').context.model.nAE;
  }

  /** Number of data coordinates. */
  getDataSize(): number {
    return this.results('getDataSize').context.model.data.current.data.length;
  }

  /** The step loop's position (a snapshot; Exudyn's `solver.it`). */
  get it(): SolverIterationData {
    const { context, stepper, session } = this.results('it');
    const schedule = session.run.schedule;
    return {
      currentTime: context.model.data.current.t, currentStepSize: stepper.stepSize, currentStepIndex: stepper.stepIndex,
      startTime: schedule.startTime, endTime: schedule.endTime, numberOfSteps: schedule.numberOfSteps,
      maxStepSize: schedule.maximumStepSize, minStepSize: schedule.minimumStepSize, adaptiveStep: schedule.adaptiveStep,
      newtonStepsCount: stepper.newtonIterations, newtonJacobiCount: stepper.jacobianUpdates,
    };
  }

  /** Writes the ODE2 right-hand side f(q, u, t) = loads − Σ ode2Lhs at the current state into the residual's first getODE2size() entries. */
  computeODE2RHS(mbs: SolverHost): void {
    const { context } = this.checked('computeODE2RHS', mbs);
    context.assembler.computeODE2Rhs(context.model.data.current, this.residualVector.subarray(0, context.model.nu));
  }

  /**
   * Writes the right-hand side F(x, q, u, t) of the first-order equations ẋ = F at the current state into the residual's
   * ODE1 rows (the last getODE1size() entries, after the algebraic ones; Exudyn orders ODE2, ODE1, AE).
   */
  computeODE1RHS(mbs: SolverHost): void {
    const { context } = this.checked('computeODE1RHS', mbs);
    const { nu, nAE, nODE1 } = context.model;
    context.assembler.computeODE1Rhs(context.model.data.current, this.residualVector.subarray(nu + nAE, nu + nAE + nODE1));
  }

  /** Writes the algebraic equations g (velocity level with velocityLevel) at the current state into the residual's getAEsize() entries after the ODE2 ones. */
  computeAlgebraicEquations(mbs: SolverHost, velocityLevel = false): void {
    const { context } = this.checked('computeAlgebraicEquations', mbs);
    const { nu, nAE } = context.model;
    context.assembler.computeAE(context.model.data.current, this.residualVector.subarray(nu, nu + nAE), velocityLevel);
  }

  /**
   * Computes scalarFactor·M(q) (n_ODE2 × n_ODE2) at the current state as the solver's mass matrix. A constant mass matrix
   * (every object's, with timeIntegration.reuseConstantMassMatrix) is kept: the next call with the same scalarFactor and
   * no node or object changed since assembles nothing (a user integrator calls this every step).
   */
  computeMassMatrix(mbs: SolverHost, scalarFactor = 1): void {
    const { context, settings } = this.checked('computeMassMatrix', mbs);
    requireFinite('computeMassMatrix', 'scalarFactor', scalarFactor);
    const { model } = context;
    const constant = settings.timeIntegration.reuseConstantMassMatrix && model.hasConstantMassMatrix;
    if (constant && this.massMatrix !== undefined && this.massMatrixRevision === model.nodeObjectRevision && Object.is(this.massMatrixFactor, scalarFactor)) return;
    const n = model.nu;
    const spare = this.spareMassMatrix;
    this.spareMassMatrix = undefined;
    const mass = spare !== undefined && spare.rows === n ? spare : new RowMajorMatrix(n, n);
    if (mass === spare) mass.data.fill(0);
    context.assembler.addMassMatrix(context.model.data.current, mass, scalarFactor);
    // the last one stays the solver's mass matrix if the assembly throws
    this.spareMassMatrix = this.massMatrix;
    this.massMatrix = mass;
    this.massMatrixFactor = scalarFactor;
    this.massMatrixRevision = constant ? model.nodeObjectRevision : -1;
  }

  /** The solver's residual vector (n_ODE2 + n_AE + n_ODE1 entries), as the last compute… call left it. */
  getSystemResidual(): number[] {
    this.results('getSystemResidual');
    return toNumberArray(this.residualVector);
  }

  /** The last mass matrix of computeMassMatrix, as rows. */
  getSystemMassMatrix(): number[][] {
    this.results('getSystemMassMatrix');
    if (this.massMatrix === undefined) throw this.error('getSystemMassMatrix', 'no mass matrix computed yet; call computeMassMatrix(mbs) first');
    return this.massMatrix.toRows();
  }

  /** The residual vector, for the Newton methods of the subclasses. */
  protected get residual(): Float64Array {
    return this.residualVector;
  }

  /** The run whose results a read-only accessor reads: the current one, or the last finalized one; throws before the first initializeSolver. */
  protected results(method: string): InitializedRun {
    if (this.initialized === undefined) throw this.error(method, 'the solver is not initialized; call initializeSolver(mbs, settings) first');
    return this.initialized;
  }

  /** The initialized run; throws naming the method if the solver is not initialized (or finalized). */
  protected run(method: string): InitializedRun {
    if (this.initialized === undefined || this.phase === 'new' || this.phase === 'finalized') {
      throw this.error(method, this.phase === 'finalized' ? 'the solver was finalized; call initializeSolver(mbs, settings) again' : 'the solver is not initialized; call initializeSolver(mbs, settings) first');
    }
    return this.initialized;
  }

  /**
   * The initialized run, checked for a call with mbs (and settings, if given): the same system and settings as
   * initializeSolver, a system not assembled again since, and a phase among `phases` (default: any initialized one).
   */
  protected checked(method: string, mbs: SolverHost, settings?: SimulationSettings, phases?: readonly SolverPhase[], sameModel = true): InitializedRun {
    const run = this.run(method);
    if (mbs !== run.host) throw this.error(method, 'mbs must be the system passed to initializeSolver, got another one');
    if (settings !== undefined && settings !== run.settings) throw this.error(method, 'settings must be the SimulationSettings passed to initializeSolver, got another object; call initializeSolver with these settings instead');
    if (sameModel && mbs.solverContext(this.solverName).model !== run.context.model) throw this.error(method, 'the system was assembled again since initializeSolver; call finalizeSolver and initializeSolver again');
    if (phases !== undefined && !phases.includes(this.phase)) throw this.error(method, `not possible after ${this.phase === 'solved' ? 'solveSteps' : 'initializeSolver'}; the order is initializeSolver, solveSteps, finalizeSolver`);
    return run;
  }

  /** A FlexdynError `<class>.<method>: <reason>`. */
  protected error(method: string, reason: string): FlexdynError {
    return new FlexdynError(`${this.className}.${method}: ${reason}`, { parameter: method });
  }
}

/**
 * The Newton pieces of the static and the implicit solver object: the Jacobians of the ODE2 right-hand side and the
 * algebraic equations, and the solver's own Newton residual, Jacobian and update at the current state.
 */
abstract class MainSolverNewton extends MainSolverBase {
  private jacobianMatrix?: RowMajorMatrix;
  private newtonSolution = new Float64Array(0);

  /** The Newton problem of the run (the stepper). */
  protected abstract newtonProblem(run: SolverRun): NewtonProblem;

  /** The predictor of the step before Newton (computeNewtonUpdate with initial = true). */
  protected abstract predictor(run: SolverRun): void;

  protected override afterInitialize(context: SolverContext, run: SolverRun): void {
    this.jacobianMatrix = undefined;
    this.newtonSolution = new Float64Array(context.model.nu + context.model.nAE + context.model.nODE1);
    super.afterInitialize(context, run);
  }

  /**
   * Sets the solver's Jacobian (size n_ODE2 + n_AE + n_ODE1) to scalarFactor_ODE2·∂f/∂q + scalarFactor_ODE2_t·∂f/∂u of
   * the ODE2 right-hand side f at the current state (Exudyn: (−1, 0) gives the stiffness matrix, (0, −1) the damping
   * matrix), with scalarFactor_ODE1·∂f/∂x in the ODE1 columns; computeLoadsJacobian 1 adds the loads' coordinate
   * derivatives, 2 also their velocity derivatives.
   */
  computeJacobianODE2RHS(mbs: SolverHost, scalarFactor_ODE2 = 1, scalarFactor_ODE2_t = 0, scalarFactor_ODE1 = 1, computeLoadsJacobian = 0): void {
    const { context } = this.checked('computeJacobianODE2RHS', mbs);
    requireFinite('computeJacobianODE2RHS', 'scalarFactor_ODE2', scalarFactor_ODE2);
    requireFinite('computeJacobianODE2RHS', 'scalarFactor_ODE2_t', scalarFactor_ODE2_t);
    requireFinite('computeJacobianODE2RHS', 'scalarFactor_ODE1', scalarFactor_ODE1);
    if (computeLoadsJacobian !== 0 && computeLoadsJacobian !== 1 && computeLoadsJacobian !== 2) {
      throw this.error('computeJacobianODE2RHS', `computeLoadsJacobian must be 0, 1 or 2, got ${describeValue(computeLoadsJacobian)}`);
    }
    const { model, assembler } = context;
    const s = model.data.current;
    const size = model.nu + model.nAE + model.nODE1;
    const jacobian = new RowMajorMatrix(size, size);
    assembler.addODE2LhsJacobian(s, jacobian, -scalarFactor_ODE2, -scalarFactor_ODE2_t);
    if (scalarFactor_ODE1 !== 0) assembler.addODE2LhsODE1Jacobian(s, jacobian, -scalarFactor_ODE1);
    if (computeLoadsJacobian > 0) assembler.addLoadsJacobian(s, jacobian, scalarFactor_ODE2, computeLoadsJacobian > 1 ? scalarFactor_ODE2_t : 0);
    this.jacobianMatrix = jacobian;
  }

  /**
   * Adds the Jacobian of the first-order right-hand side F to the solver's Jacobian (its ODE1 rows):
   * scalarFactor_ODE2·∂F/∂q + scalarFactor_ODE2_t·∂F/∂u in the ODE2 columns, scalarFactor_ODE1·∂F/∂x in the ODE1
   * columns. Call computeJacobianODE2RHS first.
   */
  computeJacobianODE1RHS(mbs: SolverHost, scalarFactor_ODE2 = 1, scalarFactor_ODE2_t = 0, scalarFactor_ODE1 = 1): void {
    const { context } = this.checked('computeJacobianODE1RHS', mbs);
    requireFinite('computeJacobianODE1RHS', 'scalarFactor_ODE2', scalarFactor_ODE2);
    requireFinite('computeJacobianODE1RHS', 'scalarFactor_ODE2_t', scalarFactor_ODE2_t);
    requireFinite('computeJacobianODE1RHS', 'scalarFactor_ODE1', scalarFactor_ODE1);
    if (this.jacobianMatrix === undefined) throw this.error('computeJacobianODE1RHS', 'no Jacobian to add to; call computeJacobianODE2RHS(mbs, …) first');
    context.assembler.addODE1RhsJacobian(context.model.data.current, this.jacobianMatrix, scalarFactor_ODE1, scalarFactor_ODE2, scalarFactor_ODE2_t);
  }

  /**
   * Adds the constraint Jacobian to the solver's Jacobian: scalarFactor_ODE2·C_q (scalarFactor_ODE2_t for velocity-level
   * equations; all of them with velocityLevel) in the algebraic rows and C_qᵀ in the algebraic columns. Call
   * computeJacobianODE2RHS first.
   */
  computeJacobianAE(mbs: SolverHost, scalarFactor_ODE2 = 1, scalarFactor_ODE2_t = 0, scalarFactor_ODE1 = 1, velocityLevel = false): void {
    const { context } = this.checked('computeJacobianAE', mbs);
    requireFinite('computeJacobianAE', 'scalarFactor_ODE2', scalarFactor_ODE2);
    requireFinite('computeJacobianAE', 'scalarFactor_ODE2_t', scalarFactor_ODE2_t);
    requireFinite('computeJacobianAE', 'scalarFactor_ODE1', scalarFactor_ODE1);
    // the algebraic equations of Flexdyn's items do not depend on ODE1 coordinates: scalarFactor_ODE1 scales nothing
    if (this.jacobianMatrix === undefined) throw this.error('computeJacobianAE', 'no Jacobian to add to; call computeJacobianODE2RHS(mbs, …) first');
    context.assembler.addConstraintJacobian(context.model.data.current, this.jacobianMatrix, scalarFactor_ODE2, scalarFactor_ODE2_t, 1, 1, velocityLevel);
  }

  /**
   * Computes the solver's Newton residual at the current state into the residual vector (static: −f + C_qᵀλ and g;
   * implicit: βh²(M a − f + C_qᵀλ) and g) and returns its norm (implicit: before the βh² scaling, as the convergence test
   * reads it).
   */
  computeNewtonResidual(mbs: SolverHost, settings?: SimulationSettings): number {
    const { session } = this.checked('computeNewtonResidual', mbs, settings);
    const problem = this.newtonProblem(session.run);
    problem.residual(this.residual);
    return problem.residualNorm;
  }

  /** Computes the solver's Newton Jacobian (the matrix its Newton factorizes) at the current state as the solver's Jacobian. */
  computeNewtonJacobian(mbs: SolverHost, settings?: SimulationSettings): void {
    const { context, session } = this.checked('computeNewtonJacobian', mbs, settings);
    const size = context.model.nu + context.model.nAE + context.model.nODE1;
    const jacobian = new RowMajorMatrix(size, size);
    this.newtonProblem(session.run).jacobian(jacobian);
    this.jacobianMatrix = jacobian;
  }

  /**
   * Applies the Newton solution (setNewtonSolution) to the current state, x ← x − Δ with the solver's update (implicit:
   * also velocities and accelerations); with initial = true instead the predictor that starts a step's Newton
   * iteration (implicit: Newmark predictor from the start-of-step state; static: none).
   */
  computeNewtonUpdate(mbs: SolverHost, settings?: SimulationSettings, initial = false): void {
    const { session } = this.checked('computeNewtonUpdate', mbs, settings);
    if (initial) this.predictor(session.run);
    else this.newtonProblem(session.run).update(this.newtonSolution);
  }

  /** The solver's Jacobian (computeJacobianODE2RHS/computeJacobianAE or computeNewtonJacobian), as rows. */
  getSystemJacobian(): number[][] {
    this.results('getSystemJacobian');
    if (this.jacobianMatrix === undefined) throw this.error('getSystemJacobian', 'no Jacobian computed yet; call computeNewtonJacobian or computeJacobianODE2RHS first');
    return this.jacobianMatrix.toRows();
  }

  /** The Newton solution Δ that computeNewtonUpdate applies. */
  getNewtonSolution(): number[] {
    this.results('getNewtonSolution');
    return toNumberArray(this.newtonSolution);
  }

  /** Sets the Newton solution Δ (n_ODE2 + n_AE (+ n_ODE1, after them) finite entries; the solution of Jacobian·Δ = residual) for computeNewtonUpdate. */
  setNewtonSolution(values: ArrayLike<number>): void {
    this.run('setNewtonSolution');
    const n = this.newtonSolution.length;
    if (values === null || typeof values !== 'object' || values.length !== n) throw this.error('setNewtonSolution', `values must be an array of ${n} numbers, got ${describeValue(values)}`);
    for (let i = 0; i < n; i++) requireFinite('setNewtonSolution', `values[${i}]`, values[i]);
    this.newtonSolution.set(values);
  }
}

/** Static solver object (Exudyn's MainSolverStatic): the load steps of mbs.solveStatic, phase by phase. */
export class MainSolverStatic extends MainSolverNewton {
  readonly solverName = 'StaticSolver';
  protected readonly className = 'MainSolverStatic';

  isStaticSolver(): boolean {
    return true;
  }

  protected prepareRun(context: SolverContext, settings: SimulationSettings): SolverRun {
    return prepareStaticRun(context.model, context.assembler, settings, context.hooks, context.records, context.memoryFiles);
  }

  protected newtonProblem(run: SolverRun): NewtonProblem {
    const stepper = innerStepper(run);
    if (!(stepper instanceof StaticStepper)) throw new FlexdynError(`MainSolverStatic: expected the static stepper, got ${stepper.name}`);
    return stepper;
  }

  protected predictor(): void {}
}

/** The user Newton function of MainSolverImplicitSecondOrder: writes the step's result into the current state; true if it succeeded. */
export type UserFunctionNewton<S extends SolverHost> = (solver: MainSolverImplicitSecondOrder, mbs: S, settings: SimulationSettings) => boolean;

/**
 * Implicit second-order solver object (Exudyn's MainSolverImplicitSecondOrder): the generalized-α / Newmark solve of
 * mbs.solveDynamic (DynamicSolverType.GeneralizedAlpha), phase by phase, with a user function that may replace the
 * predictor and Newton iteration of every step (setUserFunctionNewton).
 */
export class MainSolverImplicitSecondOrder extends MainSolverNewton {
  readonly solverName: string = DynamicSolverType.GeneralizedAlpha;
  protected readonly className = 'MainSolverImplicitSecondOrder';
  private userNewton?: { readonly host: SolverHost; readonly newton: UserFunctionNewton<SolverHost> };

  isStaticSolver(): boolean {
    return false;
  }

  /**
   * Sets (or clears with 0) the function that replaces the predictor and Newton iteration of every step: called at the
   * start of each step with the current state at the start-of-step values and the new time (solver.it.currentStepSize
   * is the step size), it writes the step's result into the current state (mbs.systemData) and returns true, or false
   * if the step failed. The generalized-α bookkeeping, post-Newton and post-step functions and the output follow as
   * after Newton. mbs is the system the solver will solve.
   */
  setUserFunctionNewton<S extends SolverHost>(mbs: S, newton: UserFunctionNewton<S> | 0): void {
    if (newton !== 0 && typeof newton !== 'function') throw this.error('setUserFunctionNewton', `expected a function or 0 (to clear it), got ${describeValue(newton)}`);
    this.userNewton = newton === 0 ? undefined : { host: mbs, newton: newton as UserFunctionNewton<SolverHost> };
    const run = this.initialized;
    if (run !== undefined && this.isInitialized()) this.installNewton(run.host, run.settings, this.implicitStepper(run.session.run));
  }

  /** The algorithmic accelerations of generalized-α (Exudyn's GetAAlgorithmic). */
  getAAlgorithmic(): number[] {
    return toNumberArray(this.implicitStepper(this.results('getAAlgorithmic').session.run).algorithmicAccelerations(false));
  }

  /** The algorithmic accelerations at the start of the step (Exudyn's GetStartOfStepStateAAlgorithmic). */
  getStartOfStepStateAAlgorithmic(): number[] {
    return toNumberArray(this.implicitStepper(this.results('getStartOfStepStateAAlgorithmic').session.run).algorithmicAccelerations(true));
  }

  protected prepareRun(context: SolverContext, settings: SimulationSettings): SolverRun {
    const run = prepareDynamicRun(context.model, context.assembler, settings, DynamicSolverType.GeneralizedAlpha, context.hooks, context.records, context.memoryFiles);
    this.implicitStepper(run).setStepSize(run.schedule.maximumStepSize);
    return run;
  }

  protected override afterInitialize(context: SolverContext, run: SolverRun): void {
    super.afterInitialize(context, run);
    this.installNewton(this.initialized!.host, this.initialized!.settings, this.implicitStepper(run));
  }

  protected newtonProblem(run: SolverRun): NewtonProblem {
    return this.implicitStepper(run);
  }

  protected predictor(run: SolverRun): void {
    this.implicitStepper(run).predictor();
  }

  private installNewton(host: SolverHost, settings: SimulationSettings, stepper: ImplicitSecondOrderStepper): void {
    const user = this.userNewton;
    if (user !== undefined && user.host !== host) throw this.error('setUserFunctionNewton', 'mbs must be the system the solver solves, got another one');
    stepper.newtonReplacement = user === undefined ? undefined : () => user.newton(this, host, settings);
  }

  private implicitStepper(run: SolverRun): ImplicitSecondOrderStepper {
    const stepper = innerStepper(run);
    if (!(stepper instanceof ImplicitSecondOrderStepper)) throw new FlexdynError(`MainSolverImplicitSecondOrder: expected the implicit stepper, got ${stepper.name}`);
    return stepper;
  }
}

/**
 * Explicit solver object (Exudyn's MainSolverExplicit): the explicit Runge–Kutta solve of mbs.solveDynamic with the
 * solver type given here (Exudyn reads timeIntegration.explicitIntegration.dynamicSolverType, which Flexdyn replaced by
 * the solverType argument; default DOPRI5, Exudyn's default), phase by phase.
 */
export class MainSolverExplicit extends MainSolverBase {
  readonly solverName: string;
  protected readonly className = 'MainSolverExplicit';

  /** An explicit solver object for an explicit DynamicSolverType (ExplicitEuler, ExplicitMidpoint, RK33, RK44, RK67, ODE23, DOPRI5, VelocityVerlet). */
  constructor(readonly solverType: DynamicSolverType = DynamicSolverType.DOPRI5) {
    super();
    if (solverType === DynamicSolverType.GeneralizedAlpha || solverType === DynamicSolverType.TrapezoidalIndex2 || !Object.values(DynamicSolverType).includes(solverType)) {
      const explicit = Object.values(DynamicSolverType).filter((t) => t !== DynamicSolverType.GeneralizedAlpha && t !== DynamicSolverType.TrapezoidalIndex2);
      throw new FlexdynError(`MainSolverExplicit: solverType must be an explicit method (${explicit.join(', ')}), got ${describeValue(solverType)}`, { parameter: 'solverType' });
    }
    this.solverName = solverType;
  }

  isStaticSolver(): boolean {
    return false;
  }

  /** Order of the method (Exudyn's GetMethodOrder; VelocityVerlet 2). */
  getMethodOrder(): number {
    return butcherTableaux[this.solverType]?.order ?? 2;
  }

  /** Number of stages of the method (Exudyn's GetNumberOfStages; VelocityVerlet: one acceleration evaluation per step). */
  getNumberOfStages(): number {
    return butcherTableaux[this.solverType]?.c.length ?? 1;
  }

  protected prepareRun(context: SolverContext, settings: SimulationSettings): SolverRun {
    return prepareDynamicRun(context.model, context.assembler, settings, this.solverType, context.hooks, context.records, context.memoryFiles);
  }
}

/** The run's stepper itself (a solver object's run wraps it in an ObservedStepper). */
function innerStepper(run: SolverRun): TimeStepper {
  return run.stepper instanceof ObservedStepper ? run.stepper.inner : run.stepper;
}

/** Throws a FlexdynError naming the method and argument unless value is a finite number. */
function requireFinite(method: string, name: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new FlexdynError(`${method}: ${name} must be a finite number, got ${describeValue(value)}`, { parameter: name });
}
