import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import type { InMemoryFileSystem } from '../core/fileSystem.ts';
import { norm2 } from '../linalg/vector.ts';
import { LinearSystem } from './linearSystem.ts';
import { MassMatrixStore } from './massMatrix.ts';
import { NewtonSolver, takeJacobianUpdateSignal, type NewtonProblem } from './newton.ts';
import { applyIncrement } from './increments.ts';
import { ResidualMagnitude } from './roundOff.ts';
import { explainNonFinite } from './stepDiagnosis.ts';
import { addSystemJacobianTerms, callPreNewtonResidual } from './systemUserFunctions.ts';
import type { MatrixAccumulator } from '../model/assembly.ts';
import { validateSimulationSettings } from './settingsValidation.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import type { SystemState } from '../model/SystemState.ts';
import { newAttempt, setAttempt, type SolverHooks, type SolverStatistics, type StepAttempt, type TimeStepper } from './stepContracts.ts';
import { runSolver, type SolverRun } from './stepLoop.ts';
import { staticStepSchedule } from './stepSchedule.ts';

/**
 * Static equilibrium f(q; loadFactor) + C_qᵀλ = 0, C(q) = 0 by Newton per load step, starting
 * from the previous load step's solution. The load factor (t − loadStepStart)/loadStepDuration grows
 * linearly with the load-step time, or geometrically with loadStepGeometric (see {@link staticStepSchedule});
 * user-function loads are not scaled. Optional stabilizer s(1 − loadFactor²)·M·(q − q_start) for systems
 * that are singular at zero load. ODE1 coordinates keep their initial values (constrainODE1coordinates) or solve
 * F(x, q, 0, t) = 0 with the rest.
 */
export class StaticStepper implements TimeStepper, NewtonProblem {
  readonly name = 'StaticSolver';
  readonly size: number;
  /** Norm of the last residual. */
  residualNorm = 0;
  private readonly f: Float64Array;
  private readonly g: Float64Array;
  private readonly massTimesDq: Float64Array;
  private readonly dq: Float64Array;
  private readonly newton: NewtonSolver;
  private readonly mass?: MassMatrixStore;
  private readonly attempt: StepAttempt = newAttempt();
  private readonly magnitude: ResidualMagnitude;
  /** Right-hand side F of the first-order equations (n_ODE1). */
  private readonly ode1Rhs: Float64Array;

  /** Repetition of the current load step by the discontinuous iteration, from 0 (for the pre-Newton residual function). */
  private discontinuousIteration = 0;

  constructor(private readonly model: CompiledModel, private readonly assembler: SystemAssembler, private readonly settings: SimulationSettings, private readonly hooks: SolverHooks) {
    this.size = model.nu + model.nAE + model.nODE1;
    this.ode1Rhs = new Float64Array(model.nODE1);
    this.f = new Float64Array(model.nu);
    this.g = new Float64Array(model.nAE);
    this.massTimesDq = new Float64Array(model.nu);
    this.dq = new Float64Array(model.nu);
    this.newton = new NewtonSolver(new LinearSystem(this.size, settings.linearSolverType, 'solveStatic', settings.linearSolverSettings.ignoreSingularJacobian), settings.staticSolver.newton, this.size);
    this.magnitude = new ResidualMagnitude(model, assembler);
    if (settings.staticSolver.stabilizerODE2term !== 0) this.mass = new MassMatrixStore(assembler, true);
  }

  saveStartOfStep(): void {}

  restoreStartOfStep(): void {}

  step(_h: number, _stepIndex: number, discontinuousIteration: number): StepAttempt {
    this.discontinuousIteration = discontinuousIteration;
    const ss = this.settings.staticSolver;
    const s = this.model.data.current;
    const loadTime = s.t - ss.loadStepStart;
    s.loadFactor = ss.useLoadFactor ? loadTime / ss.loadStepDuration : 1;
    if (!ss.newton.constraintForceJacobian) s.lambda.fill(0);
    takeJacobianUpdateSignal(this.model, this.newton);
    const result = this.newton.solve(this);
    if (!result.converged) return setAttempt(this.attempt, false, result.iterations, undefined, result.failure ?? `Newton did not converge after ${result.iterations} iterations, residual ${result.residual.toExponential(3)}`, result.jacobianUpdates);
    return setAttempt(this.attempt, true, result.iterations, undefined, undefined, result.jacobianUpdates);
  }

  /** Modified Newton's restart: the coordinates of the start of the load step (time and load factor stay), λ = 0 as at its start. */
  restart(): void {
    const s = this.model.data.current;
    const t = s.t;
    const loadFactor = s.loadFactor;
    s.copyCoordinatesFrom(this.model.data.startOfStep);
    s.t = t;
    s.loadFactor = loadFactor;
    if (!this.settings.staticSolver.newton.constraintForceJacobian) s.lambda.fill(0);
  }

  private stabilizer(): number {
    const lf = this.model.data.current.loadFactor;
    return (1 - lf * lf) * this.settings.staticSolver.stabilizerODE2term;
  }

  beforeResidual(newtonIteration: number): void {
    const hook = this.hooks.preNewtonResidualUserFunction;
    if (hook !== undefined) callPreNewtonResidual(hook, this.model.data.current.mbs, this.model.data.current.t, newtonIteration, this.discontinuousIteration);
  }

  residual(r: Float64Array): void {
    const s = this.model.data.current;
    const nu = this.model.nu;
    this.assembler.computeODE2Rhs(s, this.f);
    for (let i = 0; i < nu; i++) r[i] = -this.f[i];
    if (this.mass !== undefined) {
      const start = this.model.data.startOfStep;
      for (let i = 0; i < nu; i++) this.dq[i] = s.q[i] - start.q[i];
      this.mass.update(s);
      this.mass.multiply(this.dq, this.massTimesDq);
      const factor = this.stabilizer();
      for (let i = 0; i < nu; i++) r[i] += factor * this.massTimesDq[i];
    }
    if (this.model.nAE > 0) {
      this.assembler.addConstraintReactions(s, r);
      this.assembler.computeAE(s, this.g, false);
      r.set(this.g, nu);
    }
    if (this.model.nODE1 > 0) this.ode1Residual(s, r);
    this.residualNorm = norm2(r, this.size);
  }

  /**
   * The ODE1 rows: x − x_initial with constrainODE1coordinates (the first-order states keep their initial values),
   * else F(x, q, 0, t), the steady state of the first-order equations.
   */
  private ode1Residual(s: SystemState, r: Float64Array): void {
    const first = this.model.nu + this.model.nAE;
    const n = this.model.nODE1;
    if (this.settings.staticSolver.constrainODE1coordinates) {
      const initial = this.model.data.initial.ode1;
      for (let k = 0; k < n; k++) r[first + k] = s.ode1[k] - initial[k];
      return;
    }
    this.assembler.computeODE1Rhs(s, this.ode1Rhs);
    for (let k = 0; k < n; k++) r[first + k] = this.ode1Rhs[k];
  }

  jacobian(system: MatrixAccumulator): void {
    const s = this.model.data.current;
    this.assembler.addODE2LhsJacobian(s, system, 1, 0);
    if (this.settings.staticSolver.computeLoadsJacobian) this.assembler.addLoadsJacobian(s, system, -1, 0);
    if (this.mass !== undefined) this.mass.addTo(system, this.stabilizer());
    if (this.model.nAE > 0) {
      if (this.settings.staticSolver.newton.constraintForceJacobian) this.assembler.addConstraintForceJacobian(s, system, 1);
      this.assembler.addConstraintJacobian(s, system, 1, 1, 1, 1, false);
    }
    if (this.model.nODE1 > 0) {
      this.assembler.addODE2LhsODE1Jacobian(s, system, 1);
      if (this.settings.staticSolver.constrainODE1coordinates) {
        for (let k = 0; k < this.model.nODE1; k++) system.add(this.assembler.ode1SystemIndex(k), this.assembler.ode1SystemIndex(k), 1);
      } else {
        this.assembler.addODE1RhsJacobian(s, system, 1, 1, 0);
      }
    }
    const userJacobian = this.hooks.systemJacobianUserFunction;
    // Exudyn's static Jacobian is +∂f with factors 1, 0, 1; ours is −∂f
    if (userJacobian !== undefined) addSystemJacobianTerms(userJacobian, s.mbs, s.t, 1, 0, 1, system, this.size, -1);
  }

  update(delta: Float64Array): void {
    const s = this.model.data.current;
    applyIncrement(this.model, s.q, delta, -1);
    for (let i = 0; i < this.model.nAE; i++) s.lambda[i] -= delta[this.model.nu + i];
    const first = this.model.nu + this.model.nAE;
    for (let k = 0; k < this.model.nODE1; k++) s.ode1[k] -= delta[first + k];
  }

  roundOffScale(): number {
    return this.magnitude.norm(this.model.data.current, false);
  }

  describeUnknown(index: number): string {
    return this.assembler.describeEquation(index);
  }

  explainNonFiniteResidual(): string {
    const { current, startOfStep } = this.model.data;
    return explainNonFinite(this.model, this.assembler, current, startOfStep, current.t);
  }
}

/** Solves the static problem from the initial state; the solution becomes the current state (velocities zero). */
export function solveStatic(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, hooks: SolverHooks, records: SensorRecords, memoryFiles: InMemoryFileSystem): SolverStatistics {
  return runSolver(prepareStaticRun(model, assembler, settings, hooks, records, memoryFiles));
}

/**
 * Everything of a static solve before its output opens: the settings checked, the load-step schedule, the initial state
 * (velocities and accelerations zero) and the stepper (solveStatic and MainSolverStatic share it).
 */
export function prepareStaticRun(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, hooks: SolverHooks, records: SensorRecords, memoryFiles: InMemoryFileSystem): SolverRun & { readonly stepper: StaticStepper } {
  validateSimulationSettings(settings);
  const ss = settings.staticSolver;
  const schedule = staticStepSchedule(ss);
  assembler.differentiation = ss.newton.numericalDifferentiation;
  const data = model.data;
  data.current.copyFrom(data.initial);
  data.current.u.fill(0);
  data.current.a.fill(0);
  data.current.ode1_t.fill(0);
  data.current.t = ss.loadStepStart;
  return {
    model, assembler, stepper: new StaticStepper(model, assembler, settings, hooks), schedule, hooks, discontinuous: ss.discontinuous, takesRecommendedStepSize: false,
    records, memoryFiles, solutionSettings: settings.solutionSettings,
    solverName: 'StaticSolver', dynamic: false, showProgress: ss.verboseMode >= 1, printStatistics: settings.displayStatistics || ss.verboseMode >= 2,
  };
}
