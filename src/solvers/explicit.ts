import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SystemState } from '../model/SystemState.ts';
import { DynamicSolverType, LinearSolverType } from '../registry/enums.ts';
import { FlexdynError, formatItemLabel } from '../registry/errors.ts';
import { LinearSystem } from './linearSystem.ts';
import { MassMatrixStore } from './massMatrix.ts';
import { applyIncrement } from './increments.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import { newAttempt, setAttempt, type StepAttempt, type TimeStepper } from './stepLoop.ts';
import { copyArray } from '../model/arrays.ts';

/** A Butcher tableau; b̂ (embedded, for the error estimate) only for methods with step-size control. */
export interface ButcherTableau {
  /** Stage times. */
  readonly c: readonly number[];
  /** Stage coefficients, lower triangular. */
  readonly a: readonly (readonly number[])[];
  /** Weights of the propagated solution. */
  readonly b: readonly number[];
  /** Weights of the embedded solution. */
  readonly bHat?: readonly number[];
  /** Order of the propagated solution (step-size controller exponent). */
  readonly order: number;
}

const s5 = Math.sqrt(5);

/** Butcher tableaux of the explicit Runge–Kutta methods. */
export const butcherTableaux: Partial<Record<DynamicSolverType, ButcherTableau>> = {
  [DynamicSolverType.ExplicitEuler]: { c: [0], a: [[]], b: [1], order: 1 },
  [DynamicSolverType.ExplicitMidpoint]: { c: [0, 0.5], a: [[], [0.5]], b: [0, 1], order: 2 },
  [DynamicSolverType.RK33]: { c: [0, 1 / 3, 2 / 3], a: [[], [1 / 3], [0, 2 / 3]], b: [1 / 4, 0, 3 / 4], order: 3 },
  [DynamicSolverType.RK44]: { c: [0, 0.5, 0.5, 1], a: [[], [0.5], [0, 0.5], [0, 0, 1]], b: [1 / 6, 1 / 3, 1 / 3, 1 / 6], order: 4 },
  [DynamicSolverType.RK67]: {
    c: [0, 1 / 2 - s5 / 10, 1 / 2 + s5 / 10, 1 / 2 - s5 / 10, 1 / 2 + s5 / 10, 1 / 2 - s5 / 10, 1],
    a: [
      [],
      [1 / 2 - (1 / 10) * s5],
      [-(1 / 10) * s5, 1 / 2 + (1 / 5) * s5],
      [(7 / 20) * s5 - 3 / 4, (1 / 4) * s5 - 1 / 4, 3 / 2 - (7 / 10) * s5],
      [1 / 12 - (1 / 60) * s5, 0, 1 / 6, (7 / 60) * s5 + 1 / 4],
      [(1 / 60) * s5 + 1 / 12, 0, 3 / 4 - (5 / 12) * s5, 1 / 6, -1 / 2 + (3 / 10) * s5],
      [1 / 6, 0, -55 / 12 + (25 / 12) * s5, -(7 / 12) * s5 - 25 / 12, 5 - 2 * s5, 5 / 2 + (1 / 2) * s5],
    ],
    b: [1 / 12, 0, 0, 0, 5 / 12, 5 / 12, 1 / 12],
    order: 6,
  },
  [DynamicSolverType.ODE23]: {
    c: [0, 1 / 2, 3 / 4, 1],
    a: [[], [1 / 2], [0, 3 / 4], [2 / 9, 1 / 3, 4 / 9]],
    b: [2 / 9, 1 / 3, 4 / 9, 0],
    bHat: [2 / 9 + 5 / 72, 1 / 3 - 1 / 12, 4 / 9 - 1 / 9, 1 / 8],
    order: 3,
  },
  [DynamicSolverType.DOPRI5]: {
    c: [0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1, 1],
    a: [
      [],
      [1 / 5],
      [3 / 40, 9 / 40],
      [44 / 45, -56 / 15, 32 / 9],
      [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
      [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
      [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84],
    ],
    b: [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0],
    bHat: [5179 / 57600, 0, 7571 / 16695, 393 / 640, -92097 / 339200, 187 / 2100, 1 / 40],
    order: 5,
  },
};

/** Common part of explicit integrators: accelerations a = M⁻¹ f and constraint elimination. */
abstract class ExplicitStepperBase implements TimeStepper {
  /** True if the method controls its step size. */
  abstract readonly automaticStepSize: boolean;
  protected readonly nu: number;
  protected readonly f: Float64Array;
  protected readonly eliminated: Int32Array;
  /** Reused return value of step(). */
  protected readonly attempt: StepAttempt = newAttempt();
  private readonly mass: MassMatrixStore;
  private readonly system: LinearSystem;
  private readonly constantMass: boolean;
  private factorized = false;
  /**
   * Diagonal of a constant, diagonal mass matrix with the dense solver, else empty. Dense LU
   * of a diagonal matrix computes exactly f_i / m_ii (no pivoting, zero eliminations), so
   * dividing directly gives identical accelerations without the LU solve.
   */
  private diagonalMass = new Float64Array(0);
  private useDiagonalMass = false;

  constructor(readonly name: string, protected readonly model: CompiledModel, protected readonly assembler: SystemAssembler, protected readonly settings: SimulationSettings) {
    this.nu = model.nu;
    this.f = new Float64Array(this.nu);
    this.constantMass = model.hasConstantMassMatrix && settings.timeIntegration.reuseConstantMassMatrix;
    this.mass = new MassMatrixStore(assembler, this.constantMass);
    this.system = new LinearSystem(this.nu, settings.linearSolverType);
    this.eliminated = Int32Array.from(eliminatedCoordinates(model, settings.timeIntegration.explicitIntegration.eliminateConstraints, name));
  }

  /** Writes a = M(q)⁻¹ f(q, u, t) for state s into out. */
  protected accelerations(s: SystemState, out: Float64Array): void {
    if (!this.constantMass || !this.factorized) {
      this.mass.update(s);
      this.system.begin();
      this.mass.addTo(this.system, 1);
      const result = this.system.factorize();
      if (!result.ok) throw new FlexdynError(`${this.name}: the mass matrix is singular at ${this.assembler.describeEquation(result.singularIndex)}; explicit solvers need a regular mass matrix`);
      this.factorized = true;
      if (this.constantMass && this.settings.linearSolverType === LinearSolverType.EXUdense) {
        this.diagonalMass = new Float64Array(this.nu);
        this.useDiagonalMass = this.mass.diagonal(this.diagonalMass);
      }
    }
    const f = this.f;
    this.assembler.computeODE2Rhs(s, f);
    if (this.useDiagonalMass) {
      const d = this.diagonalMass;
      for (let i = 0; i < f.length; i++) out[i] = f[i] / d[i];
    } else {
      this.system.solve(f, out);
    }
  }

  /** Sets eliminated coordinates of v to zero. */
  protected eliminate(v: Float64Array): void {
    const eliminated = this.eliminated;
    for (let k = 0; k < eliminated.length; k++) v[eliminated[k]] = 0;
  }

  saveStartOfStep(): void {}

  restoreStartOfStep(): void {}

  abstract step(h: number): StepAttempt;
}

/** Coordinates fixed by ConnectorCoordinate constraints to ground, which explicit solvers eliminate. */
function eliminatedCoordinates(model: CompiledModel, eliminate: boolean, solverName: string): number[] {
  const result: number[] = [];
  for (const node of model.constraintNodes) {
    throw new FlexdynError(`${solverName}: ${formatItemLabel(model.nodes[node].label)} has algebraic equations, which explicit solvers cannot handle; use an implicit solver`);
  }
  for (const i of model.constraintObjects) {
    const object = model.objects[i];
    const coordinate = object.eliminableCoordinate?.();
    if (coordinate === undefined || !eliminate) {
      throw new FlexdynError(`${solverName}: ${formatItemLabel(object.label)} is a constraint that explicit solvers cannot eliminate (only coordinate constraints to ground can be); use an implicit solver`);
    }
    result.push(coordinate);
  }
  return result;
}

/** Explicit Runge–Kutta integrator with an optional embedded error estimate (DOPRI5, ODE23). */
class RungeKuttaStepper extends ExplicitStepperBase {
  readonly automaticStepSize: boolean;
  private readonly kq: Float64Array[];
  private readonly kv: Float64Array[];
  private readonly qHat: Float64Array;
  private readonly vHat: Float64Array;
  private nextStepSize = 0;

  constructor(name: string, model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, private readonly tableau: ButcherTableau) {
    super(name, model, assembler, settings);
    this.automaticStepSize = tableau.bHat !== undefined && settings.timeIntegration.automaticStepSize;
    const stages = tableau.c.length;
    this.kq = Array.from({ length: stages }, () => new Float64Array(this.nu));
    this.kv = Array.from({ length: stages }, () => new Float64Array(this.nu));
    this.qHat = new Float64Array(model.nq);
    this.vHat = new Float64Array(this.nu);
  }

  /** Initializes accelerations to zero (as Exudyn's explicit solvers start). */
  initialize(): void {
    this.model.data.current.a.fill(0);
    this.model.data.current.lambda.fill(0);
  }

  step(h: number): StepAttempt {
    const { c, a, b } = this.tableau;
    const s = this.model.data.current;
    const s0 = this.model.data.startOfStep;
    const t1 = s.t;
    const nu = this.nu;
    const kq = this.kq;
    const kv = this.kv;
    for (let i = 0; i < c.length; i++) {
      copyArray(s.q, s0.q);
      copyArray(s.u, s0.u);
      const ai = a[i];
      for (let j = 0; j < i; j++) {
        const aij = ai[j];
        if (aij === 0) continue;
        applyIncrement(this.model, s.q, kq[j], aij * h);
        const kvj = kv[j];
        for (let k = 0; k < nu; k++) s.u[k] += aij * h * kvj[k];
      }
      s.t = s0.t + c[i] * h;
      this.accelerations(s, kv[i]);
      copyArray(kq[i], s.u);
    }
    copyArray(s.q, s0.q);
    copyArray(s.u, s0.u);
    this.combine(b, h, s.q, s.u);
    this.eliminate(s.u);
    this.eliminate(s.q);
    s.t = t1;
    let nextStepSize: number | undefined;
    let accepted = true;
    if (this.automaticStepSize) {
      copyArray(this.qHat, s0.q);
      copyArray(this.vHat, s0.u);
      this.combine(this.tableau.bHat!, h, this.qHat, this.vHat);
      this.eliminate(this.qHat);
      this.eliminate(this.vHat);
      accepted = this.controlStepSize(h, s, s0);
      nextStepSize = this.nextStepSize;
      if (!accepted) return setAttempt(this.attempt, false, 0, nextStepSize);
    }
    if (this.settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations) this.accelerations(s, s.a);
    else copyArray(s.a, kv[c.length - 1]);
    this.eliminate(s.a);
    return setAttempt(this.attempt, accepted, 0, nextStepSize);
  }

  private combine(weights: readonly number[], h: number, q: Float64Array, u: Float64Array): void {
    const nu = this.nu;
    for (let i = 0; i < weights.length; i++) {
      const bi = weights[i];
      if (bi === 0) continue;
      applyIncrement(this.model, q, this.kq[i], bi * h);
      const kvi = this.kv[i];
      for (let k = 0; k < nu; k++) u[k] += bi * h * kvi[k];
    }
  }

  /**
   * Exudyn's controller: scaled RMS error with signed max(x̂, x0) scaling, h_opt = h·err^(−1/order).
   * Returns whether the step is accepted and sets {@link RungeKuttaStepper.nextStepSize}.
   */
  private controlStepSize(h: number, s: SystemState, s0: SystemState): boolean {
    const ti = this.settings.timeIntegration;
    const atol = ti.absoluteTolerance;
    const rtol = ti.relativeTolerance;
    let sum = 0;
    for (let i = 0; i < this.nu; i++) {
      const sq = atol + Math.max(this.qHat[i], s0.q[i]) * rtol;
      const eq = (this.qHat[i] - s.q[i]) / sq;
      const sv = atol + Math.max(this.vHat[i], s0.u[i]) * rtol;
      const ev = (this.vHat[i] - s.u[i]) / sv;
      sum += eq * eq + ev * ev;
    }
    let error = Math.sqrt(sum / (2 * this.nu));
    if (error === 0) error = 1e-12;
    const hOpt = h * (1 / error) ** (1 / this.tableau.order);
    const hMax = Math.min((ti.endTime - ti.startTime) / ti.numberOfSteps, h * ti.stepSizeMaxIncrease);
    const hNew = Math.min(hMax, Math.max(ti.minimumStepSize, ti.stepSizeSafety * hOpt));
    this.nextStepSize = hNew;
    return hNew === ti.minimumStepSize || hOpt >= h;
  }
}

/** Velocity Verlet: half-step velocity, full-step position, forces with the half-step velocity. */
class VelocityVerletStepper extends ExplicitStepperBase {
  readonly automaticStepSize = false;

  /** Computes the initial accelerations a0 = M⁻¹ f(q0, u0, t0). */
  initialize(): void {
    const s = this.model.data.current;
    s.lambda.fill(0);
    this.accelerations(s, s.a);
  }

  step(h: number): StepAttempt {
    const s = this.model.data.current;
    const nu = this.nu;
    for (let i = 0; i < nu; i++) s.u[i] += 0.5 * h * s.a[i];
    applyIncrement(this.model, s.q, s.u, h);
    this.eliminate(s.u);
    this.eliminate(s.q);
    this.accelerations(s, s.a);
    this.eliminate(s.a);
    for (let i = 0; i < nu; i++) s.u[i] += 0.5 * h * s.a[i];
    return setAttempt(this.attempt, true, 0);
  }
}

/** Creates the explicit stepper for a solver type and initializes the accelerations. */
export function createExplicitStepper(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, solverType: DynamicSolverType): ExplicitStepperBase {
  if (solverType === DynamicSolverType.VelocityVerlet) {
    const stepper = new VelocityVerletStepper(solverType, model, assembler, settings);
    stepper.initialize();
    return stepper;
  }
  const tableau = butcherTableaux[solverType];
  if (tableau === undefined) throw new FlexdynError(`solveDynamic: ${solverType} is not an explicit Runge–Kutta method`);
  const stepper = new RungeKuttaStepper(solverType, model, assembler, settings, tableau);
  stepper.initialize();
  return stepper;
}
