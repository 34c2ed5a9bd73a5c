import { EntryAccumulator, type SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SystemState } from '../model/SystemState.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';
import { norm2, norm2Into } from '../linalg/vector.ts';
import { LinearSystem } from './linearSystem.ts';
import { MassMatrixStore } from './massMatrix.ts';
import { NewtonSolver, takeJacobianUpdateSignal, type NewtonProblem } from './newton.ts';
import { newAttempt, setAttempt, type SolverHooks, type StepAttempt, type TimeStepper } from './stepContracts.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import { applyIncrement } from './increments.ts';
import { ResidualMagnitude } from './roundOff.ts';
import { explainNonFinite, userHookError } from './stepDiagnosis.ts';
import { addSystemJacobianTerms, callPreNewtonResidual } from './systemUserFunctions.ts';
import type { MatrixAccumulator } from '../model/assembly.ts';
import { copyArray, copyArrayAt } from '../linalg/arrays.ts';
import type { NodeModel } from '../registry/capabilities.ts';

/** Generalized-α parameters from the spectral radius (Chung–Hulbert as in Arnold–Brüls), or Newmark's. */
export interface GeneralizedAlphaParameters {
  /** α_m. */
  alphaM: number;
  /** α_f. */
  alphaF: number;
  /** Newmark β. */
  beta: number;
  /** Newmark γ. */
  gamma: number;
}

/** α_m = (2ρ∞−1)/(ρ∞+1), α_f = ρ∞/(ρ∞+1), γ = ½ + α_f − α_m, β = ¼(γ + ½)²; Newmark: α_m = α_f = ½. */
export function generalizedAlphaParameters(settings: SimulationSettings['timeIntegration']['generalizedAlpha']): GeneralizedAlphaParameters {
  if (settings.useNewmark) return { alphaM: 0.5, alphaF: 0.5, beta: settings.newmarkBeta, gamma: settings.newmarkGamma };
  const rho = settings.spectralRadius;
  const alphaM = (2 * rho - 1) / (rho + 1);
  const alphaF = rho / (rho + 1);
  const gamma = 0.5 + alphaF - alphaM;
  return { alphaM, alphaF, beta: 0.25 * (gamma + 0.5) ** 2, gamma };
}

/**
 * Implicit second-order integrator: generalized-α in the Arnold–Brüls form (equilibrium at
 * t_{n+1}, algorithmic accelerations), Newmark and the trapezoidal rule as special cases,
 * index-3 or index-2 constraints. Newton iterates on displacement increments Δq; nodes with
 * a Lie-group update compose q ⊕ Δ as Exudyn does with its default settings
 * (lieGroupSimplifiedKinematicRelations = false): the predictor composes the Newmark increment
 * Δ = h v_n + h²(½−β) a*_n + h²β a*_{n+1}(pred) onto q_n (a* algorithmic accelerations), after the
 * node's correctPredictedIncrement if it has one (NodeRigidBodyRotVecLG: factor I + skew(−hβ/(2γ) ω̄)),
 * and every Newton correction is composed onto the current iterate, q ← q ⊕ (−δ), while v and a
 * take the linear updates. So q_{n+1} = q_n ⊕ Δ holds up to commutator terms of O(h|δ|), third
 * order per step. The Jacobian has no tangent operator (Exudyn's default). First-order (ODE1) coordinates are
 * integrated with the trapezoidal rule x_{n+1} = x_n + h/2 (ẋ_n + ẋ_{n+1}), ẋ_{n+1} = F(x_{n+1}, q_{n+1}, u_{n+1},
 * t_{n+1}), as Exudyn does for every implicit solver: their equations F − ẋ = 0 follow the algebraic ones in the
 * Newton system, unscaled, and Newton updates x by −δ and ẋ by −(2/h)δ.
 */
export class ImplicitSecondOrderStepper implements TimeStepper, NewtonProblem {
  readonly name: string;
  readonly size: number;
  private readonly nu: number;
  private readonly params: GeneralizedAlphaParameters;
  private readonly useIndex2: boolean;
  private readonly newmark: boolean;
  private readonly aAlgorithmic: Float64Array;
  private readonly aAlgorithmicStart: Float64Array;
  private readonly f: Float64Array;
  private readonly massTimesA: Float64Array;
  private readonly increment: Float64Array;
  private readonly g: Float64Array;
  /** Number of ODE1 coordinates; their equations follow the ODE2 and algebraic ones ({@link SystemAssembler.ode1SystemIndex}). */
  private readonly nODE1: number;
  /** Right-hand side F of the first-order equations (n_ODE1). */
  private readonly ode1Rhs: Float64Array;
  private readonly mass: MassMatrixStore;
  private readonly system: LinearSystem;
  private readonly newton: NewtonSolver;
  private readonly current: SystemState;
  private readonly startOfStep: SystemState;
  private readonly attempt: StepAttempt = newAttempt();
  private readonly magnitude: ResidualMagnitude;
  /** Nodes with Exudyn's Lie-group predictor correction (found again after a run-time change: node models are replaced). */
  private predictorNodes: readonly NodeModel[];
  /** Norm of the last residual (before the ODE2 rows are scaled by βh²). */
  residualNorm = 0;
  /**
   * True after a residual whose ODE2 rows were scaled by βh² ≤ 1: the rows' products cannot overflow, so residualNorm,
   * the norm of every entry before the scaling (non-finite if one is), is finite only if every entry of r is.
   */
  residualNormCoversEntries = false;
  /** Where norm2Into writes residualNorm (no boxed double per Newton iteration). */
  private readonly residualNormWork = new Float64Array(1);
  /**
   * Replaces the predictor and the Newton iteration of every step (a solver object's user Newton function, Exudyn's
   * SetUserFunctionNewton): called with the current state at the start of the step and the new time; it writes the
   * step's result into the current state and returns true if the step succeeded.
   */
  newtonReplacement?: () => boolean;
  /** (Σ x)·0 over the values the last {@link ImplicitSecondOrderStepper.update} wrote: ±0 if all are finite (NaN: not finite, an overflowing sum, or not checked). */
  private updateCheck = Number.NaN;
  /** Post-Newton (discontinuous) iteration of the current step, from 0. */
  private discontinuousIteration = 0;
  /** The update −a_n/β' that moves the predictor to a_{n+1} = a_n (constantAccelerationPredictor; zero beyond the ODE2 rows). */
  private readonly accelerationShift: Float64Array;
  private h = 0;
  private betaPrime = 0;
  private gammaPrime = 0;
  /**
   * βh², γh and 1/(βh²) of the current step size (set with it: each product, formed per Newton iteration, was a boxed
   * double in baseline code), and the mass factor (1 − α_m)/(1 − α_f); NaN (doubles) until set.
   */
  private betaH2 = Number.NaN;
  private gammaH = Number.NaN;
  private lambdaScale = Number.NaN;
  /**
   * The predictor's factors of the current step size (set with it, see predictor): h²(½ − β), h²β (0 for Newmark),
   * h(1 − γ), hγ (0 for Newmark); NaN until set.
   */
  private predictorC1 = Number.NaN;
  private predictorC2 = Number.NaN;
  private predictorV1 = Number.NaN;
  private predictorV2 = Number.NaN;
  private readonly massFactor: number;
  /** −α_m/(1 − α_m) and α_f/(1 − α_m) of the predictor's algorithmic accelerations, (1 − α_f)/(1 − α_m) of {@link finishAlgorithmicAccelerations}. */
  private readonly startFactor: number;
  private readonly accelerationFactor: number;
  private readonly finishFactor: number;

  constructor(
    private readonly model: CompiledModel,
    private readonly assembler: SystemAssembler,
    private readonly settings: SimulationSettings,
    private readonly hooks: SolverHooks,
    name: string,
    forceNewmarkIndex2: boolean,
  ) {
    const ga = settings.timeIntegration.generalizedAlpha;
    this.newmark = ga.useNewmark || forceNewmarkIndex2;
    this.useIndex2 = ga.useIndex2Constraints || forceNewmarkIndex2;
    if (this.useIndex2 && !this.newmark) throw new FlexdynError('timeIntegration.generalizedAlpha.useIndex2Constraints requires useNewmark = true', { parameter: 'useIndex2Constraints' });
    this.params = generalizedAlphaParameters({ ...ga, useNewmark: this.newmark });
    this.massFactor = (1 - this.params.alphaM) / (1 - this.params.alphaF);
    this.startFactor = -this.params.alphaM / (1 - this.params.alphaM);
    this.accelerationFactor = this.params.alphaF / (1 - this.params.alphaM);
    this.finishFactor = (1 - this.params.alphaF) / (1 - this.params.alphaM);
    if (ga.lieGroupSimplifiedKinematicRelations && model.hasLieGroupNodes) {
      throw new FlexdynError('timeIntegration.generalizedAlpha.lieGroupSimplifiedKinematicRelations is not implemented; it must be false, got true', { parameter: 'lieGroupSimplifiedKinematicRelations' });
    }
    this.predictorNodes = model.nodes.filter((node) => node.correctPredictedIncrement !== undefined);
    this.name = name;
    this.nu = model.nu;
    this.nODE1 = model.nODE1;
    this.size = model.nu + model.nAE + model.nODE1;
    this.ode1Rhs = new Float64Array(model.nODE1);
    this.aAlgorithmic = new Float64Array(this.nu);
    this.aAlgorithmicStart = new Float64Array(this.nu);
    this.f = new Float64Array(this.nu);
    this.massTimesA = new Float64Array(this.nu);
    this.increment = new Float64Array(this.nu);
    this.accelerationShift = new Float64Array(this.size);
    this.g = new Float64Array(model.nAE);
    this.mass = new MassMatrixStore(assembler, settings.timeIntegration.reuseConstantMassMatrix);
    this.system = new LinearSystem(this.size, settings.linearSolverType, 'solveDynamic', settings.linearSolverSettings.ignoreSingularJacobian, settings.linearSolverSettings.pivotThreshold);
    this.newton = new NewtonSolver(this.system, settings.timeIntegration.newton, this.size);
    this.current = model.data.current;
    this.startOfStep = model.data.startOfStep;
    this.magnitude = new ResidualMagnitude(model, assembler);
  }

  /**
   * Computes the initial accelerations and multipliers (if requested; the rate of velocity-level constraints only with
   * computeInitialVelocityConstraintRates, as Exudyn) and initializes the algorithmic accelerations; the initial ODE1 rates are ẋ_0 = F(x_0, q_0, u_0, t_0) with computeInitialODE1Rates, else 0 as in
   * Exudyn (see docs/decisions.md).
   */
  initialize(): void {
    const ga = this.settings.timeIntegration.generalizedAlpha;
    const s = this.current;
    if (ga.computeInitialAccelerations) {
      solveAccelerations(this.model, this.assembler, this.mass, this.system, s, this.f, this.g, true, ga.computeInitialVelocityConstraintRates);
      if (!ga.storeInitialAlgebraicCoordinates) s.lambda.fill(0);
    } else {
      if (ga.resetAccelerations) s.a.fill(0);
      s.lambda.fill(0);
    }
    if (ga.computeInitialODE1Rates && this.nODE1 > 0) this.assembler.computeODE1Rhs(s, s.ode1_t);
    else s.ode1_t.fill(0);
    this.aAlgorithmic.set(s.a);
  }

  saveStartOfStep(): void {
    copyArray(this.aAlgorithmicStart, this.aAlgorithmic);
  }

  /**
   * Item parameters changed: node models may be new. A Jacobian that modified Newton keeps stays, as in Exudyn (its
   * contractivity rule updates it when needed; mbs.solverSignalJacobianUpdate asks for an update).
   */
  modelChanged(): void {
    this.predictorNodes = this.model.nodes.filter((node) => node.correctPredictedIncrement !== undefined);
  }

  restoreStartOfStep(): void {
    copyArray(this.aAlgorithmic, this.aAlgorithmicStart);
  }

  release(): void {
    this.system.release();
  }

  step(h: number, _stepIndex: number, discontinuousIteration: number): StepAttempt {
    // the factors of an unchanged step size are those already set (no call per step)
    if (h !== this.h) this.setStepSize(h);
    this.discontinuousIteration = discontinuousIteration;
    if (this.newtonReplacement !== undefined) {
      if (!this.replacedNewton(this.newtonReplacement)) return setAttempt(this.attempt, false, 0, undefined, 'the user Newton function returned false', 0);
      this.finishAlgorithmicAccelerations();
      return setAttempt(this.attempt, true, 0, undefined, undefined, 0);
    }
    takeJacobianUpdateSignal(this.model, this.newton);
    this.predictor();
    const result = this.newton.solve(this);
    if (!result.converged) return setAttempt(this.attempt, false, result.iterations, undefined, result.failure ?? `Newton did not converge after ${result.iterations} iterations, residual ${result.residual.toExponential(3)}`, result.jacobianUpdates);
    this.finishAlgorithmicAccelerations();
    const attempt = setAttempt(this.attempt, true, result.iterations, undefined, undefined, result.jacobianUpdates);
    // the converged state is that of the last update (every coordinate written and checked) unless a pre-Newton-residual
    // function, called after it, may have changed it
    attempt.stateFinite = this.updateCheck === 0 && this.hooks.preNewtonResidualUserFunction === undefined;
    // Newton's last act was the residual at this state (the algorithmic accelerations above are the stepper's own)
    attempt.endsAtResidual = true;
    return attempt;
  }

  /** Modified Newton's restart: the predictor again, from the start of the step. */
  restart(): void {
    this.predictor();
  }

  /** a*_{n+1} += (1 − α_f)/(1 − α_m) a_{n+1} after a solved step (Exudyn's FinalizeNewton). */
  private finishAlgorithmicAccelerations(): void {
    const a = this.current.a, aAlgorithmic = this.aAlgorithmic, factor = this.finishFactor, nu = this.nu;
    for (let i = 0; i < nu; i++) aAlgorithmic[i] += factor * a[i];
  }

  /** Calls the user Newton function, which must return true or false. */
  private replacedNewton(newton: () => boolean): boolean {
    let result: unknown;
    try {
      result = newton();
    } catch (error) {
      throw userHookError('user Newton function', error);
    }
    if (typeof result !== 'boolean') throw new FlexdynError(`the user Newton function must return true or false, got ${describeValue(result)}`, { parameter: 'userFunctionNewton' });
    return result;
  }

  /** Step size of the current (or, before the first step, the first) step. */
  get stepSize(): number {
    return this.h;
  }

  /** The algorithmic accelerations of generalized-α (current, or at the start of the step), read-only. */
  algorithmicAccelerations(startOfStep: boolean): Readonly<Float64Array> {
    return startOfStep ? this.aAlgorithmicStart : this.aAlgorithmic;
  }

  /** Sets the step size h and the Newmark factors β' = (1 − α_m)/(h²β(1 − α_f)), γ' = γ/(hβ) that depend on it. */
  setStepSize(h: number): void {
    const { alphaM, alphaF, beta, gamma } = this.params;
    this.h = h;
    this.betaPrime = (1 - alphaM) / (h * h * beta * (1 - alphaF));
    this.gammaPrime = gamma / (h * beta);
    this.betaH2 = beta * h * h;
    this.gammaH = gamma * h;
    this.lambdaScale = 1 / this.betaH2;
    this.predictorC1 = h * h * (0.5 - beta);
    this.predictorC2 = this.newmark ? 0 : h * h * beta;
    this.predictorV1 = h * (1 - gamma);
    this.predictorV2 = this.newmark ? 0 : h * gamma;
  }

  /**
   * Newmark predictor with a_{n+1} = 0 (λ = 0), from the start-of-step coordinates (the data coordinates stay: a repeated
   * discontinuous iteration keeps those its post-Newton step set); Lie-group nodes compose q_n ⊕ Δ. Every sum is formed
   * in Exudyn's order, a*_{n+1} = a*_n·(−α_m/(1 − α_m)) + α_f/(1 − α_m)·a_n and q = ((q_n + h u_n) + h²(½−β) a*_n) + h²β a*_{n+1}
   * term by term onto q_n, so that the rounding is Exudyn's: a contact that closes exactly at a step end (the step its
   * recommended step size gives) switches on the sign of a gap of ±1e-16, and the other rounding switches it a step
   * later with a 1e-8 micro step (docs/decisions.md, contactSphereSphereTest).
   */
  predictor(): void {
    const h = this.h;
    const s = this.current;
    const s0 = this.startOfStep;
    const aStart = this.newmark ? s0.a : this.aAlgorithmicStart;
    const t = s.t;
    s.copyCoordinatesFrom(s0);
    s.t = t;
    // the step's increment Δ = h u_n + h²(½−β) a*_n [+ h²β a*_{n+1}] (generalized-α only) and the predicted velocities,
    // with the factors of setStepSize and the constructor; Lie-group nodes compose q_n ⊕ Δ (Δ summed in the same order,
    // corrected by the node first), the others add term by term
    const c1 = this.predictorC1, c2 = this.predictorC2;
    if (!this.model.hasLieGroupNodes) {
      // one loop for accelerations, velocities and positions (each entry's terms in the order of the separate loops)
      this.predictAdditive(aStart, c1, c2);
    } else {
      // a loop of its own: with the loops here, their bytecode made this once-per-step method hot in a short run, and
      // TurboFan compiled it with all it inlines (gridGeomExactBeam2D)
      this.predictAccelerationsAndVelocities(aStart);
      const d = this.increment, aAlgorithmic = this.aAlgorithmic;
      for (let i = 0; i < this.nu; i++) d[i] = h * s0.u[i] + c1 * aStart[i] + c2 * aAlgorithmic[i];
      const predictorNodes = this.predictorNodes;
      if (predictorNodes.length > 0) {
        const { beta, gamma } = this.params;
        const factor = -0.5 * h * beta / gamma;
        for (let k = 0; k < predictorNodes.length; k++) predictorNodes[k].correctPredictedIncrement!(s, d, predictorNodes[k].uIndex, factor);
      }
      for (const node of this.model.nodes) {
        if (node.composeIncrement !== undefined) node.composeIncrement(s.q, d, node.uIndex, 1);
        else this.addPredictorIncrement(s.q, node.qIndex, node.uIndex, node.nu, aStart, c1, c2);
      }
    }
    // the built-in, not zeroArray: this once-per-step method gets a TurboFan job in runs of a few thousand steps that
    // barely pays back, and each inlined zeroArray added a loop to it (rotatingTableTest, heavyTop: fewer instructions)
    // (each a call into a C++ built-in, so none for an empty vector: no constraints, no ODE1 coordinates)
    s.a.fill(0);
    if (this.model.nAE > 0) s.lambda.fill(0);
    if (this.nODE1 > 0) {
      // ODE1 coordinates by the trapezoidal rule: x = x_n + h/2 ẋ_n + h/2 ẋ_{n+1}, Newton starts from ẋ_{n+1} = 0
      for (let k = 0; k < this.nODE1; k++) s.ode1[k] = s0.ode1[k] + 0.5 * h * s0.ode1_t[k];
      s.ode1_t.fill(0);
    }
    if (this.settings.timeIntegration.generalizedAlpha.constantAccelerationPredictor) {
      // a_{n+1} = a_n: the Newton update with δ = −a_n/β' (a −= β'δ, u −= γ'δ, q −= δ composed), so that q, u and a stay
      // related as in every iterate
      const shift = this.accelerationShift, a0 = s0.a, betaPrime = this.betaPrime;
      for (let i = 0; i < this.nu; i++) shift[i] = -a0[i] / betaPrime;
      this.update(shift);
    }
  }

  /**
   * The predictor's algorithmic accelerations a*[i] = a*_start[i]·startFactor + accelerationFactor·a_n[i] and velocities
   * u[i] = (u_n[i] + v1·aStart[i]) + v2·a*[i] of every coordinate (aStart is a_n or a*_start, not a*).
   */
  private predictAccelerationsAndVelocities(aStart: Float64Array): void {
    const aAlgorithmic = this.aAlgorithmic, aAlgorithmicStart = this.aAlgorithmicStart;
    const a0 = this.startOfStep.a, u0 = this.startOfStep.u, u = this.current.u;
    const startFactor = this.startFactor, accelerationFactor = this.accelerationFactor, v1 = this.predictorV1, v2 = this.predictorV2;
    for (let i = 0; i < this.nu; i++) {
      aAlgorithmic[i] = aAlgorithmicStart[i] * startFactor + accelerationFactor * a0[i];
      u[i] = u0[i] + v1 * aStart[i] + v2 * aAlgorithmic[i];
    }
  }

  /**
   * {@link predictAccelerationsAndVelocities} and {@link addPredictorIncrement} of every coordinate in one loop (no
   * Lie-group node: q and u have the same indices): each entry's values are those of the two loops.
   */
  private predictAdditive(aStart: Float64Array, c1: number, c2: number): void {
    const aAlgorithmic = this.aAlgorithmic, aAlgorithmicStart = this.aAlgorithmicStart;
    const a0 = this.startOfStep.a, u0 = this.startOfStep.u, u = this.current.u, q = this.current.q;
    const startFactor = this.startFactor, accelerationFactor = this.accelerationFactor, v1 = this.predictorV1, v2 = this.predictorV2;
    const h = this.h, nu = this.nu;
    for (let i = 0; i < nu; i++) {
      const aPredicted = aAlgorithmicStart[i] * startFactor + accelerationFactor * a0[i];
      aAlgorithmic[i] = aPredicted;
      const un = u0[i], as = aStart[i];
      u[i] = un + v1 * as + v2 * aPredicted;
      q[i] = q[i] + h * un + c1 * as + c2 * aPredicted;
    }
  }

  /**
   * q ← ((q + h u_n) + c1 a*_n) + c2 a*_{n+1} for n additive coordinates from qIndex (velocities from uIndex), term by
   * term as Exudyn rounds; the sum of the increment first and then q + Δ differs from it by an ulp of q.
   */
  private addPredictorIncrement(q: Float64Array, qIndex: number, uIndex: number, n: number, aStart: Float64Array, c1: number, c2: number): void {
    const h = this.h;
    const u0 = this.startOfStep.u;
    const aAlgorithmic = this.aAlgorithmic;
    for (let k = 0; k < n; k++) {
      const i = uIndex + k;
      q[qIndex + k] = q[qIndex + k] + h * u0[i] + c1 * aStart[i] + c2 * aAlgorithmic[i];
    }
  }

  beforeResidual(newtonIteration: number): void {
    const hook = this.hooks.preNewtonResidualUserFunction;
    if (hook !== undefined) callPreNewtonResidual(hook, this.current.mbs, this.current.t, newtonIteration, this.discontinuousIteration);
  }

  residual(r: Float64Array): void {
    const s = this.current;
    const nu = this.nu;
    // the work arrays in locals: each store into r would make the optimizer reload this.massTimesA and this.f per entry
    const massTimesA = this.massTimesA, f = this.f;
    this.mass.multiplyAt(s, s.a, massTimesA);
    this.assembler.computeODE2Rhs(s, f);
    for (let i = 0; i < nu; i++) r[i] = massTimesA[i] - f[i];
    if (this.model.nAE > 0) {
      this.assembler.computeAEAndReactions(s, this.g, r, this.useIndex2);
      copyArrayAt(r, this.g, nu);
    }
    if (this.nODE1 > 0) {
      // first-order rows F(x, q, u, t) − ẋ, not scaled (Exudyn's residual)
      this.assembler.computeODE1Rhs(s, this.ode1Rhs);
      const first = nu + this.model.nAE;
      for (let k = 0; k < this.nODE1; k++) r[first + k] = this.ode1Rhs[k] - s.ode1_t[k];
    }
    norm2Into(r, this.size, this.residualNormWork, 0);
    this.residualNorm = this.residualNormWork[0];
    const scale = this.betaH2;
    for (let i = 0; i < nu; i++) r[i] *= scale;
    this.residualNormCoversEntries = scale <= 1;
  }

  jacobian(system: MatrixAccumulator): void {
    const h = this.h, betaH2 = this.betaH2, gammaH = this.gammaH;
    this.mass.addAt(this.current, system, this.massFactor);
    this.assembler.addODE2LhsJacobian(this.current, system, betaH2, gammaH);
    const loadsJacobian = this.settings.timeIntegration.computeLoadsJacobian;
    // −βh² and −γh: (−β)·h·h is −(β·h·h) bit for bit (a negation is exact)
    if (loadsJacobian > 0) this.assembler.addLoadsJacobian(this.current, system, -betaH2, loadsJacobian > 1 ? -gammaH : 0);
    if (this.model.nAE > 0) {
      if (this.settings.timeIntegration.newton.constraintForceJacobian) this.assembler.addConstraintForceJacobian(this.current, system, betaH2);
      this.assembler.addConstraintJacobian(this.current, system, 1, this.gammaPrime, 1, this.lambdaScale, this.useIndex2);
    }
    if (this.nODE1 > 0) {
      // ODE1 rows: ∂F/∂x − (2/h) I (ẋ = 2/h·δx), ∂F/∂q + γ'∂F/∂u; ODE2 rows: βh²·∂(ode2Lhs)/∂x
      this.assembler.addODE2LhsODE1Jacobian(this.current, system, betaH2);
      this.assembler.addODE1RhsJacobian(this.current, system, 1, 1, this.gammaPrime);
      for (let k = 0; k < this.nODE1; k++) {
        const index = this.assembler.ode1SystemIndex(k);
        system.add(index, index, -2 / h);
      }
    }
    const userJacobian = this.hooks.systemJacobianUserFunction;
    if (userJacobian !== undefined) {
      addSystemJacobianTerms(userJacobian, this.current.mbs, this.current.t, -betaH2, -gammaH, -betaH2, system, this.size, 1);
    }
  }

  /**
   * Applies the Newton correction to every coordinate of the state (q, u, a, λ, ODE1 values and rates) and sets
   * {@link ImplicitSecondOrderStepper.updateCheck} to (Σ x)·0 over the new values: 0 if all are finite and their sum does
   * not overflow, NaN otherwise (a NaN or ±∞ makes the sum NaN or ±∞); or to NaN when the positions are composed (Lie-group
   * nodes, n_q ≠ n_u) and not checked here. NaN only costs the step loop its own pass over the state, so a sum that
   * overflows (|x| near 1e308) is no error; one addition per value instead of x·0 and its addition, each a boxed double in
   * baseline code.
   */
  update(delta: Float64Array): void {
    const s = this.current;
    const nu = this.nu;
    const { q, u, a } = s;
    const gammaPrime = this.gammaPrime;
    const betaPrime = this.betaPrime;
    let check = 0;
    if (!this.model.hasLieGroupNodes && q.length === nu) {
      // the additive update of applyIncrement (q += −1·δ), fused with the velocities and accelerations: the same operations per entry
      for (let i = 0; i < nu; i++) {
        const d = delta[i];
        const position = q[i] - d;
        const velocity = u[i] - gammaPrime * d;
        const acceleration = a[i] - betaPrime * d;
        q[i] = position;
        u[i] = velocity;
        a[i] = acceleration;
        check += position + velocity + acceleration;
      }
    } else {
      applyIncrement(this.model, q, delta, -1);
      for (let i = 0; i < nu; i++) {
        u[i] -= gammaPrime * delta[i];
        a[i] -= betaPrime * delta[i];
      }
      check = Number.NaN;
    }
    const lambda = s.lambda;
    const lambdaScale = this.lambdaScale;
    const nAE = this.model.nAE;
    for (let i = 0; i < nAE; i++) {
      const value = lambda[i] - lambdaScale * delta[nu + i];
      lambda[i] = value;
      check += value;
    }
    const first = nu + nAE;
    const rateFactor = 2 / this.h;
    for (let k = 0; k < this.nODE1; k++) {
      const value = s.ode1[k] - delta[first + k];
      const rate = s.ode1_t[k] - rateFactor * delta[first + k];
      s.ode1[k] = value;
      s.ode1_t[k] = rate;
      check += value + rate;
    }
    this.updateCheck = check * 0;
  }

  roundOffScale(): number {
    return this.magnitude.norm(this.current, this.useIndex2);
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
 * Solves [[M, C_qᵀ], [C_q, 0]] [a; λ] = [f; −(C_q u)_q u] at state s for accelerations and
 * multipliers (the last term numerically, and only when ‖u‖ > 1e-10). Writes s.a and s.lambda.
 */
export function solveAccelerations(
  model: CompiledModel, assembler: SystemAssembler, mass: MassMatrixStore, system: LinearSystem,
  s: SystemState, f: Float64Array, g: Float64Array, withConstraints: boolean, velocityConstraintRates: boolean,
): void {
  const nu = model.nu;
  const nAE = withConstraints ? model.nAE : 0;
  system.begin();
  // massless coordinates without constraint forces (a mixed rod's stresses) have algebraic equations of their own and no
  // acceleration: a = 0 there (without this their rows would be zero: singular; massless coordinates held by constraints
  // keep the saddle-point rows they had)
  const massless = mass.addWithMassless(s, system);
  const constraintRows = new Uint8Array(nu);
  if (nAE > 0 && massless.length > 0) {
    assembler.addConstraintJacobian(s, new EntryAccumulator((row, _col, value) => { if (row < nu && value !== 0) constraintRows[row] = 1; }), 0, 0, 1, 0, false);
  }
  const free = massless.filter((i) => constraintRows[i] === 0);
  for (const i of free) system.add(i, i, 1);
  if (nAE > 0) assembler.addConstraintJacobian(s, system, 1, 1, 1, 1, false);
  for (let i = nu + nAE; i < system.n; i++) system.add(i, i, 1);
  const result = system.factorize();
  if (!result.ok) throw new FlexdynError(`initial accelerations: the mass matrix (with constraint Jacobian) is singular at ${assembler.describeEquation(result.singularIndex)} (redundant constraints? mbs.computeSystemDegreeOfFreedom() names them; linearSolverSettings.ignoreSingularJacobian solves with them)`);
  assembler.computeODE2Rhs(s, f);
  const rhs = new Float64Array(system.n);
  rhs.set(f);
  for (const i of free) rhs[i] = 0;
  if (nAE > 0 && norm2(s.u) > 1e-10) constraintCurvatureTerm(model, assembler, s, g, rhs, velocityConstraintRates);
  const x = new Float64Array(system.n);
  system.solve(rhs, x);
  s.a.set(x.subarray(0, nu));
  if (nAE > 0) s.lambda.set(x.subarray(nu, nu + nAE));
}

/**
 * rhs_AE = −(C_q u)_q u by a directional difference of the index-2 equations along u; the rows of velocity-level
 * constraints (their rate ∂g/∂q·u) stay 0 unless velocityConstraintRates (Exudyn omits them).
 */
function constraintCurvatureTerm(model: CompiledModel, assembler: SystemAssembler, s: SystemState, g: Float64Array, rhs: Float64Array, velocityConstraintRates: boolean): void {
  const nu = model.nu;
  const base = new Float64Array(model.nAE);
  assembler.computeAE(s, base, true);
  const saved = s.q.slice();
  let uMax = 0;
  let qMax = 1e-2;
  for (let i = 0; i < nu; i++) uMax = Math.max(uMax, Math.abs(s.u[i]));
  for (let i = 0; i < s.q.length; i++) qMax = Math.max(qMax, Math.abs(s.q[i]));
  const eps = (1e-7 * qMax) / uMax;
  applyIncrement(model, s.q, s.u, eps);
  assembler.computeAE(s, g, true);
  s.q.set(saved);
  for (let i = 0; i < model.nAE; i++) rhs[nu + i] = -(g[i] - base[i]) / eps;
  if (velocityConstraintRates) return;
  for (const { object } of model.constraintObjects) {
    if (object.velocityLevelConstraint !== true) continue;
    const start = model.addresses.objectAE[object.label.index];
    for (let r = 0; r < object.nAE; r++) rhs[start + r] = 0;
  }
}
