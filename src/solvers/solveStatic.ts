import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import type { InMemoryFileSystem } from '../core/fileSystem.ts';
import { dot, norm2, scaleInto } from '../linalg/vector.ts';
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
import { newAttempt, setAttempt, type EquilibriumPath, type SolverHooks, type SolverStatistics, type StepAttempt, type TimeStepper } from './stepContracts.ts';
import { runSolver, type SolverRun } from './stepLoop.ts';
import { arcLengthStepSchedule, staticStepSchedule } from './stepSchedule.ts';

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
  protected readonly newton: NewtonSolver
  /** The linear system Newton factorizes (the arc-length stepper solves its second right-hand side with it). */
  protected readonly system: LinearSystem;
  private readonly mass?: MassMatrixStore;
  protected readonly attempt: StepAttempt = newAttempt();
  private readonly magnitude: ResidualMagnitude;
  /** Right-hand side F of the first-order equations (n_ODE1). */
  private readonly ode1Rhs: Float64Array;

  /** Repetition of the current load step by the discontinuous iteration, from 0 (for the pre-Newton residual function). */
  protected discontinuousIteration = 0;

  constructor(protected readonly model: CompiledModel, protected readonly assembler: SystemAssembler, protected readonly settings: SimulationSettings, private readonly hooks: SolverHooks) {
    this.size = model.nu + model.nAE + model.nODE1;
    this.ode1Rhs = new Float64Array(model.nODE1);
    this.f = new Float64Array(model.nu);
    this.g = new Float64Array(model.nAE);
    this.massTimesDq = new Float64Array(model.nu);
    this.dq = new Float64Array(model.nu);
    this.system = new LinearSystem(this.size, settings.linearSolverType, 'solveStatic', settings.linearSolverSettings.ignoreSingularJacobian, settings.linearSolverSettings.pivotThreshold);
    this.newton = new NewtonSolver(this.system, settings.staticSolver.newton, this.size);
    this.magnitude = new ResidualMagnitude(model, assembler);
    if (settings.staticSolver.stabilizerODE2term !== 0) this.mass = new MassMatrixStore(assembler, true);
  }

  saveStartOfStep(): void {}

  restoreStartOfStep(): void {}

  release(): void {
    this.system.release();
  }

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
    // r = −f through a loop of its own: with the loop here, its bytecode made this dispatcher hot in a short solve, and
    // TurboFan compiled it (with what it inlines) at the run's end (ANCFBeamTest: at Jacobian 118 of 118)
    scaleInto(r, -1, this.f, nu);
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

/**
 * Arc-length continuation (Riks, Crisfield; staticSolver.arcLength): the static residual r(x, λ) = 0 with the load
 * factor λ as extra unknown and the constraint ‖Δu‖² + c²Δλ² = Δs² on the increments of the ODE2 coordinates u and of λ
 * within the step (c = loadFactorScale, Δs the step of the loop). Each step starts with the tangent predictor
 * Δx = −Δλ·J⁻¹q, q = ∂r/∂λ, Δλ = ±Δs/√(‖J⁻¹q‖²_u + c²), the sign continuing the previous step's direction (increasing
 * λ in the first). Each Newton correction borders the system's factorized Jacobian J: with δ_r = J⁻¹r (Newton's solve)
 * and δ_q = J⁻¹q (a second solve with the same factors), Δx = δ_r + dλ·δ_q, and dλ is the root of the quadratic
 * constraint that keeps the increment closest in direction to the one before the correction (Crisfield 1981). q is
 * the exact difference r(x, λ + 1) − r(x, λ): loads are affine in λ (user-function loads are not scaled). The constraint
 * holds exactly after every correction, so Newton's residual test on r decides convergence. The next arc length is
 * Δs·√(desiredIterations/iterations) within the bounds; work arrays are allocated once.
 */
export class ArcLengthStepper extends StaticStepper {
  /** The loop starts with initialArcLength and takes the arc length each step proposes. */
  readonly automaticStepSize = true;
  /** r(x, λ + 1), then q = ∂r/∂λ at the last residual's iterate. */
  private readonly loadDerivative: Float64Array;
  /** J⁻¹q. */
  private readonly tangent: Float64Array;
  /** Correction applied to the state: δ_r + dλ·δ_q (or the predictor). */
  private readonly correction: Float64Array;
  /** Δu: increments of the ODE2 coordinates since the start of the step. */
  private readonly increment: Float64Array;
  /** Δu of the last accepted step. */
  private readonly previousIncrement: Float64Array;
  /** Δλ since the start of the step. */
  private loadFactorIncrement = 0;
  /** Δλ of the last accepted step (0 before the first). */
  private previousLoadFactorIncrement = 0;
  /** Arc length Δs of the current step. */
  private arcLength = 0;
  /** Why the current step cannot go on (no real root of the constraint, a restart), else undefined; the step is then reduced. */
  private stepFailure: string | undefined;
  /** Path parameter and load factor of the initial state and of every accepted step. */
  readonly path: EquilibriumPath = { pathParameter: [], loadFactor: [] };

  constructor(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, hooks: SolverHooks) {
    super(model, assembler, settings, hooks);
    this.loadDerivative = new Float64Array(this.size);
    this.tangent = new Float64Array(this.size);
    this.correction = new Float64Array(this.size);
    this.increment = new Float64Array(model.nu);
    this.previousIncrement = new Float64Array(model.nu);
    const s = model.data.current;
    s.loadFactor = 0;
    this.path.pathParameter.push(s.t);
    this.path.loadFactor.push(0);
  }

  override step(h: number, _stepIndex: number, discontinuousIteration: number): StepAttempt {
    this.discontinuousIteration = discontinuousIteration;
    const al = this.settings.staticSolver.arcLength;
    const s = this.model.data.current;
    const nu = this.model.nu;
    // step loop's time is the path parameter; the load factor is the start-of-step one, an unknown from here on
    s.loadFactor = this.model.data.startOfStep.loadFactor;
    if (!this.settings.staticSolver.newton.constraintForceJacobian) s.lambda.fill(0);
    this.arcLength = h;
    this.stepFailure = undefined;
    // predictor: the tangent J⁻¹q at the start of the step
    this.system.begin();
    this.jacobian(this.system);
    const factorization = this.system.factorize();
    if (!factorization.ok) return setAttempt(this.attempt, false, 0, undefined, `Jacobian is singular at the start of the arc-length step: no pivot for ${this.describeUnknown(factorization.singularIndex)}`, 1);
    this.residual(this.correction);
    this.system.solve(this.loadDerivative, this.tangent);
    const c2 = al.loadFactorScale * al.loadFactorScale;
    const tangentNorm = Math.sqrt(dot(this.tangent, this.tangent, nu) + c2);
    if (!(tangentNorm > 0)) return setAttempt(this.attempt, false, 0, undefined, 'the loads do not act on the coordinates (∂r/∂λ = 0): nothing to continue in', 1);
    // the tangent direction (−δ_q, 1) continues the previous increment's direction
    const direction = this.previousLoadFactorIncrement === 0 ? 1
      : Math.sign(c2 * this.previousLoadFactorIncrement - dot(this.previousIncrement, this.tangent, nu)) || 1;
    const dLambda = direction * h / tangentNorm;
    for (let i = 0; i < this.size; i++) this.correction[i] = dLambda * this.tangent[i];
    this.applyCorrection(dLambda);
    this.loadFactorIncrement = dLambda;
    for (let i = 0; i < nu; i++) this.increment[i] = -dLambda * this.tangent[i];
    this.newton.jacobianUpdateRequested = true;
    const result = this.newton.solve(this);
    const jacobianUpdates = result.jacobianUpdates + 1;
    if (!result.converged) {
      const failure = this.stepFailure ?? result.failure ?? `Newton did not converge after ${result.iterations} iterations, residual ${result.residual.toExponential(3)}`;
      return setAttempt(this.attempt, false, result.iterations, undefined, failure, jacobianUpdates);
    }
    const ratio = Math.min(Math.sqrt(al.desiredIterations / Math.max(result.iterations, 1)), this.settings.staticSolver.adaptiveStepIncrease);
    const next = Math.min(al.maximumArcLength, Math.max(al.minimumArcLength, h * ratio));
    return setAttempt(this.attempt, true, result.iterations, next, undefined, jacobianUpdates);
  }

  /** x ← x − correction, λ ← λ + dλ. */
  private applyCorrection(dLambda: number): void {
    super.update(this.correction);
    this.model.data.current.loadFactor += dLambda;
  }

  /** The residual r(x, λ) into r, and q = r(x, λ + 1) − r(x, λ) for the bordering. */
  override residual(r: Float64Array): void {
    const s = this.model.data.current;
    const q = this.loadDerivative;
    s.loadFactor += 1;
    super.residual(q);
    s.loadFactor -= 1;
    super.residual(r);
    for (let i = 0; i < this.size; i++) q[i] -= r[i];
    if (this.stepFailure !== undefined) r[0] = Number.NaN;
  }

  /** The bordered correction: δ_r = delta (Newton's J⁻¹r), δ_q = J⁻¹q, dλ from the constraint, x ← x − δ_r − dλ·δ_q. */
  override update(delta: Float64Array): void {
    const nu = this.model.nu;
    const al = this.settings.staticSolver.arcLength;
    const c2 = al.loadFactorScale * al.loadFactorScale;
    const du = this.increment, dq = this.tangent;
    this.system.solve(this.loadDerivative, dq);
    // Δu_new = w − dλ·δ_q with w = Δu − δ_r; ‖Δu_new‖² + c²(Δλ + dλ)² = Δs²
    let wDotW = 0, wDotQ = 0, qDotQ = 0, duDotQ = 0;
    for (let i = 0; i < nu; i++) {
      const w = du[i] - delta[i];
      wDotW += w * w; wDotQ += w * dq[i]; qDotQ += dq[i] * dq[i]; duDotQ += du[i] * dq[i];
    }
    const dl = this.loadFactorIncrement;
    const a1 = qDotQ + c2;
    const a2 = -2 * wDotQ + 2 * c2 * dl;
    const a3 = wDotW + c2 * dl * dl - this.arcLength * this.arcLength;
    const discriminant = a2 * a2 - 4 * a1 * a3;
    if (!(discriminant >= 0) || !(a1 > 0)) {
      this.stepFailure = noRealRootFailure;
      return;
    }
    const root = Math.sqrt(discriminant);
    const q1 = a2 >= 0 ? -0.5 * (a2 + root) : -0.5 * (a2 - root);
    const root1 = q1 / a1, root2 = q1 !== 0 ? a3 / q1 : -root1;
    // the root whose new increment points most along the increment before the correction
    // alignment Δu·Δu_new + c²Δλ·Δλ_new is affine in dλ: the larger root wins where its slope is positive
    const slope = c2 * dl - duDotQ;
    const dLambda = slope * (root1 - root2) >= 0 ? root1 : root2;
    for (let i = 0; i < this.size; i++) this.correction[i] = delta[i] + dLambda * dq[i];
    for (let i = 0; i < nu; i++) du[i] -= this.correction[i];
    this.loadFactorIncrement += dLambda;
    this.applyCorrection(dLambda);
  }

  /** Modified Newton's restart from the predictor ends the step instead (it is then reduced): the increments of the constraint would be lost. */
  override restart(): void {
    this.stepFailure = 'modified Newton diverged in the arc-length step';
  }

  override explainNonFiniteResidual(): string {
    return this.stepFailure ?? super.explainNonFiniteResidual();
  }

  stepAccepted(): boolean {
    const s = this.model.data.current;
    this.previousIncrement.set(this.increment);
    this.previousLoadFactorIncrement = this.loadFactorIncrement;
    this.path.pathParameter.push(s.t);
    this.path.loadFactor.push(s.loadFactor);
    return s.loadFactor >= this.settings.staticSolver.arcLength.maximumLoadFactor
      || this.path.loadFactor.length > this.settings.staticSolver.arcLength.maximumNumberOfSteps;
  }
}

/** The failure of an arc-length correction without a real root (a fixed string: no allocation in Newton). */
const noRealRootFailure = 'the arc-length constraint has no real root for the load factor correction';

/** Solves the static problem from the initial state; the solution becomes the current state (velocities: the initial ones). */
export function solveStatic(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, hooks: SolverHooks, records: SensorRecords, memoryFiles: InMemoryFileSystem): SolverStatistics {
  const run = prepareStaticRun(model, assembler, settings, hooks, records, memoryFiles);
  const statistics = runSolver(run);
  if (run.stepper instanceof ArcLengthStepper) statistics.equilibriumPath = run.stepper.path;
  return statistics;
}

/**
 * Everything of a static solve before its output opens: the settings checked, the load-step schedule, the initial state
 * (initial velocities, accelerations zero) and the stepper (solveStatic and MainSolverStatic share it).
 */
export function prepareStaticRun(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, hooks: SolverHooks, records: SensorRecords, memoryFiles: InMemoryFileSystem): SolverRun & { readonly stepper: StaticStepper } {
  validateSimulationSettings(settings);
  const ss = settings.staticSolver;
  const arcLength = ss.arcLength.useArcLength;
  const schedule = arcLength ? arcLengthStepSchedule(ss) : staticStepSchedule(ss);
  assembler.differentiation = ss.newton.numericalDifferentiation;
  const data = model.data;
  data.current.copyFrom(data.initial);
  // velocities stay the initial ones, as in Exudyn (its static solver starts from the initial state as it is): forces
  // that depend on them (an axially moving cable's v² terms, damping) act in the static solution
  data.current.a.fill(0);
  data.current.ode1_t.fill(0);
  data.current.t = ss.loadStepStart;
  return {
    model, assembler, stepper: arcLength ? new ArcLengthStepper(model, assembler, settings, hooks) : new StaticStepper(model, assembler, settings, hooks), schedule, hooks, discontinuous: ss.discontinuous, takesRecommendedStepSize: false,
    records, memoryFiles, solutionSettings: settings.solutionSettings,
    solverName: 'StaticSolver', dynamic: false, showProgress: ss.verboseMode >= 1, printStatistics: settings.displayStatistics || ss.verboseMode >= 2,
  };
}
