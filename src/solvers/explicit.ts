import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SystemState } from '../model/SystemState.ts';
import { DynamicSolverType } from '../registry/enums.ts';
import { FlexdynError, formatItemLabel } from '../core/errors.ts';
import { LinearSystem } from './linearSystem.ts';
import { MassMatrixStore } from './massMatrix.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import { newAttempt, setAttempt, type StepAttempt, type TimeStepper } from './stepContracts.ts';
import type { StepSchedule } from './stepSchedule.ts';
import { copyArray } from '../linalg/arrays.ts';
import { firstNonFinite } from './stepDiagnosis.ts';
import type { NodeModel } from '../registry/capabilities.ts';

/** A Butcher tableau; b̂ (embedded, for the error estimate) only for methods with step-size control. */
export interface ButcherTableau {
  /** Stage times. */
  readonly c: Float64Array;
  /** Stage coefficients, lower triangular. */
  readonly a: readonly Float64Array[];
  /** Weights of the propagated solution. */
  readonly b: Float64Array;
  /** Weights of the embedded solution. */
  readonly bHat: Float64Array | undefined;
  /** Order of the propagated solution (step-size controller exponent). */
  readonly order: number;
}

const s5 = Math.sqrt(5);

/** A tableau as written: coefficient lists. */
interface TableauCoefficients {
  c: number[];
  a: number[][];
  b: number[];
  bHat?: number[];
  order: number;
}

/**
 * The tableau as the stepper reads it: Float64Arrays and one object shape for all methods. As number arrays, some
 * lists held small integers only ([0, 0, 1], [0, 1]) and others doubles, and some tableaux had bHat: the stepper's
 * optimized code, compiled for one method, was thrown away at the next method's first step (V8's "wrong map").
 */
function tableau(t: TableauCoefficients): ButcherTableau {
  return {
    c: Float64Array.from(t.c), a: t.a.map((row) => Float64Array.from(row)), b: Float64Array.from(t.b),
    bHat: t.bHat === undefined ? undefined : Float64Array.from(t.bHat), order: t.order,
  };
}

/** Butcher tableaux of the explicit Runge–Kutta methods, as written. */
const coefficients: Partial<Record<DynamicSolverType, TableauCoefficients>> = {
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

/** Butcher tableaux of the explicit Runge–Kutta methods. */
export const butcherTableaux: Partial<Record<DynamicSolverType, ButcherTableau>> = Object.fromEntries(
  Object.entries(coefficients).map(([method, t]) => [method, tableau(t)]),
);

/**
 * Common part of explicit integrators: accelerations a = M⁻¹ f, constraint elimination and the
 * position update. With explicitIntegration.useLieGroupIntegration (default) nodes with a
 * composition update (composeIncrement) are integrated in their Lie algebra, all other nodes
 * additively; without it every coordinate is added (Exudyn's behaviour, only for n_q = n_u).
 */
abstract class ExplicitStepperBase implements TimeStepper {
  /** True if the method controls its step size. */
  abstract readonly automaticStepSize: boolean;
  protected readonly nu: number;
  protected readonly nq: number;
  protected readonly f: Float64Array;
  /** Eliminated coordinates: velocity indices (found again after a run-time change: activeConnector may switch). */
  protected eliminated: Int32Array;
  /** Eliminated coordinates: position indices of the same coordinates. */
  protected eliminatedQ: Int32Array;
  /** Nodes integrated in their Lie algebra (empty without Lie-group integration; found again after a run-time change). */
  protected lieNodes: readonly NodeModel[];
  /**
   * Velocity indices of the Lie nodes' coordinates as ranges [start, end) of consecutive indices, start and end one
   * after the other (one range for the coordinates of nodes that follow each one another): loops over a range read no
   * index array.
   */
  protected readonly lieRanges: Int32Array;
  /** True if all coordinates are additive and q and u share their indices. */
  protected readonly identityAdditive: boolean;
  /** Position indices of the additive coordinates (when not identityAdditive). */
  protected readonly additiveQ: Int32Array;
  /** Velocity indices of the additive coordinates (when not identityAdditive). */
  protected readonly additiveU: Int32Array;
  /** Reused return value of step(). */
  protected readonly attempt: StepAttempt = newAttempt();
  /**
   * The step size of the current step and the factor of {@link ExplicitStepperBase.addAdditive}: fields, not parameters
   * (a double passed to a call the optimizer does not inline is boxed in a new heap object, several times per stage).
   */
  protected h = 0;
  protected additiveFactor = 0;
  private readonly mass: MassMatrixStore;
  private readonly system: LinearSystem;
  /** The model's nodeObjectRevision of the factorized mass matrix (-1: none); a run-time parameter change factorizes again. */
  private factorizedRevision = -1;
  /** Whether the factorization is kept (the mass matrix was constant at factorizedRevision; it changes only with that revision). */
  private factorizationKept = false;
  /**
   * Diagonal of a constant, diagonal mass matrix (see {@link ExplicitStepperBase.accelerations}), else empty or stale. LU of
   * a diagonal matrix computes exactly f_i / m_ii (dense: no pivoting, zero eliminations; sparse: the equilibration's
   * powers of two cancel), so dividing directly gives identical accelerations without the LU solve.
   */
  private diagonalMass = new Float64Array(0);
  private useDiagonalMass = false;

  constructor(readonly name: string, protected readonly model: CompiledModel, protected readonly assembler: SystemAssembler, protected readonly settings: SimulationSettings) {
    this.nu = model.nu;
    this.nq = model.nq;
    this.f = new Float64Array(this.nu);
    this.mass = new MassMatrixStore(assembler, settings.timeIntegration.reuseConstantMassMatrix);
    this.system = new LinearSystem(this.nu, settings.linearSolverType, 'solveDynamic');
    const eliminated = eliminatedCoordinates(model, settings.timeIntegration.explicitIntegration.eliminateConstraints, name);
    this.eliminated = new Int32Array(eliminated);
    this.eliminatedQ = new Int32Array(eliminated.map((u) => positionIndexOf(model, u)));
    const useLieGroup = settings.timeIntegration.explicitIntegration.useLieGroupIntegration;
    if (!useLieGroup) {
      const node = model.nodes.find((n) => n.nq !== n.nu);
      if (node !== undefined) {
        throw new FlexdynError(`${name}: ${formatItemLabel(node.label)} has n_q = ${node.nq} ≠ n_u = ${node.nu} and cannot be integrated additively; timeIntegration.explicitIntegration.useLieGroupIntegration must be true, got false`, { parameter: 'useLieGroupIntegration' });
      }
    }
    this.lieNodes = useLieGroup ? model.nodes.filter((node) => node.composeIncrement !== undefined) : [];
    this.identityAdditive = this.lieNodes.length === 0 && model.nq === model.nu;
    const additiveQ: number[] = [];
    const additiveU: number[] = [];
    const lieCoordinates: number[] = [];
    for (const node of model.nodes) {
      const lie = this.lieNodes.includes(node);
      for (let i = 0; i < node.nu; i++) {
        if (lie) { lieCoordinates.push(node.uIndex + i); continue; }
        additiveQ.push(node.qIndex + i);
        additiveU.push(node.uIndex + i);
      }
    }
    this.additiveQ = new Int32Array(additiveQ);
    this.additiveU = new Int32Array(additiveU);
    this.lieRanges = consecutiveRanges(lieCoordinates);
  }

  /** Writes a = M(q)⁻¹ f(q, u, t) for state s into out. */
  protected accelerations(s: SystemState, out: Float64Array): void {
    if (this.nu === 0) return;
    if (!this.factorizationKept || this.factorizedRevision !== this.model.nodeObjectRevision) {
      const singular = this.factorizeMass(s);
      if (singular >= 0) throw new FlexdynError(`${this.name}: the mass matrix is singular at ${this.assembler.describeEquation(singular)}; explicit solvers need a regular mass matrix`);
    }
    const f = this.f;
    this.assembler.computeODE2Rhs(s, f);
    if (this.useDiagonalMass) this.divideByDiagonalMass(out);
    else this.system.solve(f, out);
  }

  /**
   * Assembles M at state s and factorizes it (a regular diagonal M kept as its diagonal); returns −1, or the index of the
   * equation at which M is singular (then nothing is kept).
   */
  private factorizeMass(s: SystemState): number {
    const constantMass = this.mass.constant;
    this.mass.update(s);
    // a kept diagonal M with finite, non-zero entries is not factorized: LU of a diagonal matrix (sparse: equilibrated by
    // powers of two; dense: partial pivoting) computes exactly f_i / m_ii; any other M goes through the factorization and its checks
    this.useDiagonalMass = constantMass && this.regularDiagonalMass();
    if (!this.useDiagonalMass) {
      this.system.begin();
      this.mass.addTo(this.system, 1);
      const result = this.system.factorize();
      if (!result.ok) return result.singularIndex;
    }
    this.factorizedRevision = this.model.nodeObjectRevision;
    this.factorizationKept = constantMass;
    return -1;
  }

  /**
   * Factorizes a constant M before the first step, as the first stage would (M is the same at every state): the stages'
   * accelerations then never take the factorization path in a run without parameter changes, which the optimized step of
   * an earlier solve met first at the next solve's first stage (V8 threw that code away there). A singular M is left to
   * the first stage, which reports it.
   */
  protected prepareConstantMass(s: SystemState): void {
    if (this.nu > 0 && this.mass.constant) this.factorizeMass(s);
  }

  /** out = f / diag(M) entry by entry (the solve of a diagonal mass matrix). */
  private divideByDiagonalMass(out: Float64Array): void {
    const f = this.f, d = this.diagonalMass;
    for (let i = 0; i < f.length; i++) out[i] = f[i] / d[i];
  }

  /**
   * True if the assembled mass matrix is diagonal with finite, non-zero diagonal entries, which are then in
   * {@link ExplicitStepperBase.diagonalMass}.
   */
  private regularDiagonalMass(): boolean {
    if (this.diagonalMass.length !== this.nu) this.diagonalMass = new Float64Array(this.nu);
    const d = this.diagonalMass;
    if (!this.mass.diagonal(d)) return false;
    for (let i = 0; i < d.length; i++) if (d[i] === 0 || !Number.isFinite(d[i])) return false;
    return true;
  }

  /** Writes the ODE1 rates ẋ = F(x, q, u, t) at state s into out (nothing without ODE1 coordinates). */
  protected ode1Rates(s: SystemState, out: Float64Array): void {
    if (this.model.nODE1 > 0) this.assembler.computeODE1Rhs(s, out);
  }

  /** q += factor·rates on the additive coordinates (rates indexed like u), factor = {@link ExplicitStepperBase.additiveFactor}. */
  protected addAdditive(q: Float64Array, rates: Float64Array): void {
    const factor = this.additiveFactor;
    if (this.identityAdditive) {
      for (let k = 0; k < this.nu; k++) q[k] += factor * rates[k];
      return;
    }
    const qIndex = this.additiveQ;
    const uIndex = this.additiveU;
    for (let k = 0; k < qIndex.length; k++) q[qIndex[k]] += factor * rates[uIndex[k]];
  }

  /** Sets eliminated coordinates of a velocity-indexed vector to zero. */
  protected eliminate(v: Float64Array): void {
    const eliminated = this.eliminated;
    for (let k = 0; k < eliminated.length; k++) v[eliminated[k]] = 0;
  }

  /** Sets eliminated coordinates of a position vector to zero. */
  protected eliminatePositions(q: Float64Array): void {
    const eliminated = this.eliminatedQ;
    for (let k = 0; k < eliminated.length; k++) q[eliminated[k]] = 0;
  }

  saveStartOfStep(): void {}

  restoreStartOfStep(): void {}

  release(): void {
    this.system.release();
  }

  /** Item parameters changed: constraints may have been switched on or off, node models are new. */
  modelChanged(): void {
    const model = this.model;
    const eliminated = eliminatedCoordinates(model, this.settings.timeIntegration.explicitIntegration.eliminateConstraints, this.name);
    this.eliminated = new Int32Array(eliminated);
    this.eliminatedQ = new Int32Array(eliminated.map((u) => positionIndexOf(model, u)));
    if (this.lieNodes.length > 0) this.lieNodes = model.nodes.filter((node) => node.composeIncrement !== undefined);
  }

  abstract step(h: number): StepAttempt;
}

/**
 * One zero vector of length n per stage (a loop: Array.from({ length }, …) and Int32Array.from iterate generically and
 * cost microseconds per solve, which models of many short solves pay).
 */
function stageVectors(stages: number, n: number): Float64Array[] {
  const vectors: Float64Array[] = [];
  for (let i = 0; i < stages; i++) vectors.push(new Float64Array(n));
  return vectors;
}

/** Indices as ranges [start, end) of consecutive ones (in their order), start and end one after the other. */
function consecutiveRanges(indices: readonly number[]): Int32Array {
  const ranges: number[] = [];
  for (const index of indices) {
    if (ranges.length > 0 && ranges[ranges.length - 1] === index) ranges[ranges.length - 1] = index + 1;
    else ranges.push(index, index + 1);
  }
  return new Int32Array(ranges);
}

/** The position index of the coordinate with velocity index u (same local index within its node). */
function positionIndexOf(model: CompiledModel, u: number): number {
  const node = model.nodes.find((n) => u >= n.uIndex && u < n.uIndex + n.nu);
  return node === undefined ? u : node.qIndex + (u - node.uIndex);
}

/**
 * Coordinates fixed by ConnectorCoordinate constraints to ground, which explicit solvers eliminate. Inactive
 * constraints (every row g = λ, see ObjectModel.multiplierRows) constrain nothing and are skipped; their multipliers
 * stay zero.
 */
function eliminatedCoordinates(model: CompiledModel, eliminate: boolean, solverName: string): number[] {
  const result: number[] = [];
  for (const node of model.constraintNodes) {
    throw new FlexdynError(`${solverName}: ${formatItemLabel(node.label)} has algebraic equations, which explicit solvers cannot handle; use an implicit solver`);
  }
  for (const { object } of model.constraintObjects) {
    if (object.multiplierRows !== undefined && object.multiplierRows.length === object.nAE) continue;
    const coordinate = object.eliminableCoordinate?.();
    if (coordinate === undefined || !eliminate) {
      throw new FlexdynError(`${solverName}: ${formatItemLabel(object.label)} is a constraint that explicit solvers cannot eliminate (only coordinate constraints to ground can be); use an implicit solver`);
    }
    result.push(coordinate);
  }
  return result;
}

/**
 * Explicit Runge–Kutta integrator with an optional embedded error estimate (DOPRI5, ODE23). ODE1 coordinates are
 * integrated by the same tableau with stage rates F(x_i, q_i, u_i, t_i) and take part in the error estimate.
 * Lie-group nodes are integrated by Runge–Kutta–Munthe-Kaas in their Lie algebra, as Exudyn's
 * explicit Lie-group integration (NodeRigidBodyRotVecLG; the quaternion node alike): with
 * Ω_i = Σ_j a_ij h K_j the stage position is q0 ⊕ Ω_i, the stage rate K_i = T_exp(Ω_i)⁻¹ (u0 + Σ_j a_ij h L_j)
 * (node.incrementRates) and the step q0 ⊕ Σ_i b_i h K_i; velocities are added for all nodes.
 * The method keeps its order and the composition keeps rotations exactly orthogonal.
 */
class RungeKuttaStepper extends ExplicitStepperBase {
  readonly automaticStepSize: boolean;
  private readonly kq: Float64Array[];
  private readonly kv: Float64Array[];
  private readonly qHat: Float64Array;
  private readonly vHat: Float64Array;
  /** Σ_j a_ij h K_j of the Lie nodes (velocity-indexed). */
  private readonly lieIncrement: Float64Array;
  /** u0 + Σ_j a_ij h L_j of the Lie nodes (velocity-indexed). */
  private readonly lieVelocity: Float64Array;
  /** Stage rates of the ODE1 coordinates, F at each stage (n_ODE1 each). */
  private readonly kx: Float64Array[];
  /** Embedded solution of the ODE1 coordinates. */
  private readonly xHat: Float64Array;
  /**
   * The step size the controller proposes (set by controlStepSize before it is read). NaN, not 0, at first: a field that
   * starts as a small integer and later holds a double changes the object's map, which throws away every optimized
   * function of the stepper (the first adaptive step of the process did so).
   */
  private nextStepSize = Number.NaN;

  constructor(
    name: string, model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, private readonly tableau: ButcherTableau,
    /** Largest step of the step-size control: the schedule's maximum step size. */
    private readonly maximumStepSize: number,
  ) {
    super(name, model, assembler, settings);
    this.automaticStepSize = tableau.bHat !== undefined && settings.timeIntegration.automaticStepSize;
    const stages = tableau.c.length;
    this.kq = stageVectors(stages, this.nu);
    this.kv = stageVectors(stages, this.nu);
    this.qHat = new Float64Array(model.nq);
    this.vHat = new Float64Array(this.nu);
    this.kx = stageVectors(stages, model.nODE1);
    this.xHat = new Float64Array(model.nODE1);
    this.lieIncrement = new Float64Array(this.lieNodes.length > 0 ? this.nu : 0);
    this.lieVelocity = new Float64Array(this.lieNodes.length > 0 ? this.nu : 0);
    for (const node of this.lieNodes) {
      if (node.incrementRates === undefined) {
        throw new FlexdynError(`${name}: ${formatItemLabel(node.label)} has a composition update but no incrementRates, which explicit Lie-group integration needs; set timeIntegration.explicitIntegration.useLieGroupIntegration = false or use an implicit solver`);
      }
    }
  }

  /** Initializes accelerations to zero (as Exudyn's explicit solvers start) and the ODE1 rates to F at the initial state. */
  initialize(): void {
    const s = this.model.data.current;
    s.a.fill(0);
    s.lambda.fill(0);
    this.ode1Rates(s, s.ode1_t);
    this.prepareConstantMass(s);
  }

  step(h: number): StepAttempt {
    this.h = h;
    const { c, a, b } = this.tableau;
    const s = this.model.data.current;
    const s0 = this.model.data.startOfStep;
    const t1 = s.t;
    const kq = this.kq;
    const kv = this.kv;
    const lie = this.lieNodes.length > 0;
    const kx = this.kx;
    const nODE1 = this.model.nODE1;
    for (let i = 0; i < c.length; i++) {
      const ai = a[i];
      this.sumStages(ai, i, s.q, s.u, s.ode1);
      if (lie) {
        this.lieSums(ai, i, s0.u);
        if (i > 0) this.composeLie(s.q);
      }
      s.t = s0.t + c[i] * h;
      if (nODE1 > 0) this.ode1Rates(s, kx[i]);
      this.accelerations(s, kv[i]);
      copyArray(kq[i], s.u);
      if (lie) this.lieRates(kq[i]);
    }
    // the state is checked as it is written when the combination writes all of it: q, u, (a copy of the last stage) a, the
    // ODE1 coordinates and their end-of-step rates
    const endAccelerations = this.settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations;
    const checked = this.identityAdditive && this.model.nAE === 0 && this.eliminated.length === 0 && !endAccelerations && b[b.length - 1] !== 0;
    let finite = false;
    if (checked) finite = this.combineChecked(b, s.q, s.u, s.ode1);
    else this.combine(b, s.q, s.u, s.ode1);
    const eliminating = this.eliminated.length > 0;
    if (eliminating) {
      this.eliminate(s.u);
      this.eliminatePositions(s.q);
    }
    s.t = t1;
    let nextStepSize: number | undefined;
    let accepted = true;
    if (this.automaticStepSize) {
      this.combine(this.tableau.bHat!, this.qHat, this.vHat, this.xHat);
      this.eliminatePositions(this.qHat);
      this.eliminate(this.vHat);
      accepted = this.controlStepSize(s, s0);
      nextStepSize = this.nextStepSize;
      if (!accepted) return setAttempt(this.attempt, false, 0, nextStepSize, Number.isNaN(nextStepSize) ? 'the embedded error estimate is not finite' : undefined);
    }
    if (nODE1 > 0) {
      this.ode1Rates(s, s.ode1_t);
      if (checked) finite = finite && firstNonFinite(s.ode1_t) < 0;
    }
    if (endAccelerations) this.accelerations(s, s.a);
    else copyArray(s.a, kv[c.length - 1]);
    if (eliminating) this.eliminate(s.a);
    const attempt = setAttempt(this.attempt, accepted, 0, nextStepSize);
    attempt.stateFinite = checked && finite;
    return attempt;
  }

  /**
   * {@link RungeKuttaStepper.combine} for identity-additive coordinates, weights whose last entry is not 0:
   * q = q0 + Σ b_i h K_i, u = u0 + Σ b_i h L_i, x = x0 + Σ b_i h X_i with the same operations per entry, the last stage
   * fused into loops that sum q_k·0 + u_k·0 + L_k·0 + x_k·0 over the new q, u, x and the last stage's accelerations L
   * (which become a): 0 if all are finite, NaN otherwise (x·0 is NaN for x = NaN or ±∞). Returns whether all are finite,
   * without a second pass over the state (a boolean: a returned double would be boxed).
   */
  private combineChecked(weights: Float64Array, q: Float64Array, u: Float64Array, x: Float64Array): boolean {
    const nu = this.nu;
    const last = weights.length - 1;
    this.sumStages(weights, last, q, u, x);
    const factor = weights[last] * this.h;
    const kql = this.kq[last];
    const kvl = this.kv[last];
    let check = 0;
    for (let k = 0; k < nu; k++) {
      const acceleration = kvl[k];
      const position = q[k] + factor * kql[k];
      const velocity = u[k] + factor * acceleration;
      q[k] = position;
      u[k] = velocity;
      check += position * 0 + velocity * 0 + acceleration * 0;
    }
    const kxl = this.kx[last];
    for (let k = 0; k < x.length; k++) {
      const value = x[k] + factor * kxl[k];
      x[k] = value;
      check += value * 0;
    }
    return check === 0;
  }

  /** Lie nodes: lieIncrement = Σ_j w_j h K_j and lieVelocity = u0 + Σ_j w_j h L_j over j < count. */
  private lieSums(weights: Float64Array, count: number, u0: Float64Array): void {
    const h = this.h;
    const ranges = this.lieRanges;
    const increment = this.lieIncrement;
    const velocity = this.lieVelocity;
    for (let r = 0; r < ranges.length; r += 2) {
      for (let i = ranges[r]; i < ranges[r + 1]; i++) { increment[i] = 0; velocity[i] = 0; }
    }
    for (let j = 0; j < count; j++) {
      const wj = weights[j];
      if (wj === 0) continue;
      const factor = wj * h;
      const kqj = this.kq[j];
      const kvj = this.kv[j];
      for (let r = 0; r < ranges.length; r += 2) {
        for (let i = ranges[r]; i < ranges[r + 1]; i++) {
          increment[i] += factor * kqj[i];
          velocity[i] += factor * kvj[i];
        }
      }
    }
    for (let r = 0; r < ranges.length; r += 2) {
      for (let i = ranges[r]; i < ranges[r + 1]; i++) velocity[i] = u0[i] + velocity[i];
    }
  }

  /** q ← q ⊕ lieIncrement for the Lie nodes (q holds q0 there). */
  private composeLie(q: Float64Array): void {
    const nodes = this.lieNodes;
    for (let n = 0; n < nodes.length; n++) nodes[n].composeIncrement!(q, this.lieIncrement, nodes[n].uIndex, 1);
  }

  /** K = T_exp(Ω)⁻¹ (u0 + Σ a h L) for the Lie nodes' entries of the stage rate. */
  private lieRates(k: Float64Array): void {
    const nodes = this.lieNodes;
    for (let n = 0; n < nodes.length; n++) {
      const index = nodes[n].uIndex;
      nodes[n].incrementRates!(this.lieIncrement, index, this.lieVelocity, index, k, index);
    }
  }

  /** q, u, x = start of step + Σ_i b_i h (K_i, L_i, X_i) over all stages, the Lie nodes' positions composed: q0 ⊕ Σ b_i h K_i. */
  private combine(weights: Float64Array, q: Float64Array, u: Float64Array, x: Float64Array): void {
    this.sumStages(weights, weights.length, q, u, x);
    if (this.lieNodes.length > 0) {
      this.lieSums(weights, weights.length, this.model.data.startOfStep.u);
      this.composeLie(q);
    }
  }

  /**
   * q, u, x = start of step + Σ_{j<count} w_j h (K_j, L_j, X_j), on the additive position coordinates (the Lie nodes'
   * positions keep their start values): a stage's state or the step's combination, with the operations, in the same order,
   * of copying the start values and adding the terms one by one; the first term is added to the start values as they are
   * read (no copy pass first).
   */
  private sumStages(weights: Float64Array, count: number, q: Float64Array, u: Float64Array, x: Float64Array): void {
    const s0 = this.model.data.startOfStep;
    const q0 = s0.q, u0 = s0.u, x0 = s0.ode1;
    const identity = this.identityAdditive;
    if (!identity) copyArray(q, q0);
    const h = this.h;
    const nu = u.length, nx = x.length;
    let first = true;
    for (let j = 0; j < count; j++) {
      const wj = weights[j];
      if (wj === 0) continue;
      const factor = wj * h;
      const kq = this.kq[j], kv = this.kv[j], kx = this.kx[j];
      if (!identity) {
        this.additiveFactor = factor;
        this.addAdditive(q, kq);
      }
      // the first term is added to the start values, every later one to the sum so far (one loop each for both: a method
      // whose first stage sums have one term, as the midpoint rule's, leaves no path that the next method meets first)
      const qFrom = first ? q0 : q, uFrom = first ? u0 : u, xFrom = first ? x0 : x;
      if (identity) for (let e = 0; e < nu; e++) q[e] = qFrom[e] + factor * kq[e];
      for (let e = 0; e < nu; e++) u[e] = uFrom[e] + factor * kv[e];
      for (let e = 0; e < nx; e++) x[e] = xFrom[e] + factor * kx[e];
      first = false;
    }
    if (first) {
      if (identity) copyArray(q, q0);
      copyArray(u, u0);
      copyArray(x, x0);
    }
  }

  /**
   * Exudyn's controller: scaled RMS error with signed max(x̂, x0) scaling over the position, velocity and ODE1
   * coordinates, h_opt = h·err^(−1/order); position coordinates as stored (rotation parameters of Lie nodes after
   * composition).
   * Returns whether the step is accepted and sets {@link RungeKuttaStepper.nextStepSize}.
   */
  private controlStepSize(s: SystemState, s0: SystemState): boolean {
    const h = this.h;
    const ti = this.settings.timeIntegration;
    const atol = ti.absoluteTolerance;
    const rtol = ti.relativeTolerance;
    let sum = 0;
    const x = s.ode1, x0 = s0.ode1, xHat = this.xHat;
    for (let i = 0; i < x.length; i++) {
      const sx = atol + Math.max(xHat[i], x0[i]) * rtol;
      const ex = (xHat[i] - x[i]) / sx;
      sum += ex * ex;
    }
    const n = Math.max(this.nq, this.nu);
    for (let i = 0; i < n; i++) {
      if (i < this.nq) {
        const sq = atol + Math.max(this.qHat[i], s0.q[i]) * rtol;
        const eq = (this.qHat[i] - s.q[i]) / sq;
        sum += eq * eq;
      }
      if (i < this.nu) {
        const sv = atol + Math.max(this.vHat[i], s0.u[i]) * rtol;
        const ev = (this.vHat[i] - s.u[i]) / sv;
        sum += ev * ev;
      }
    }
    let error = Math.sqrt(sum / (this.nq + this.nu + x.length));
    if (!(error < Infinity)) {
      // NaN or infinite estimate: rejected without a proposal; the step loop reduces the step (adaptiveStepDecrease)
      this.nextStepSize = Number.NaN;
      return false;
    }
    if (error === 0) error = 1e-12;
    const hOpt = h * (1 / error) ** (1 / this.tableau.order);
    const hMax = Math.min(this.maximumStepSize, h * ti.stepSizeMaxIncrease);
    const hNew = Math.min(hMax, Math.max(ti.minimumStepSize, ti.stepSizeSafety * hOpt));
    this.nextStepSize = hNew;
    return hNew === ti.minimumStepSize || hOpt >= h;
  }
}

/**
 * Velocity Verlet: half-step velocity, full-step position, forces with the half-step velocity.
 * Lie-group nodes compose the position step, q ← q ⊕ h v_{1/2} (Exudyn's Lie-group update). ODE1 coordinates take
 * an explicit Euler step with the rate at the end-of-step ODE2 state (first order, as in Exudyn).
 */
class VelocityVerletStepper extends ExplicitStepperBase {
  readonly automaticStepSize = false;

  /** Computes the initial accelerations a0 = M⁻¹ f(q0, u0, t0) and ODE1 rates ẋ_0 = F(x0, q0, u0, t0). */
  initialize(): void {
    const s = this.model.data.current;
    s.lambda.fill(0);
    this.accelerations(s, s.a);
    this.ode1Rates(s, s.ode1_t);
  }

  step(h: number): StepAttempt {
    const s = this.model.data.current;
    const nu = this.nu;
    this.h = h;
    for (let i = 0; i < nu; i++) s.u[i] += 0.5 * h * s.a[i];
    this.additiveFactor = h;
    this.addAdditive(s.q, s.u);
    const nodes = this.lieNodes;
    for (let n = 0; n < nodes.length; n++) nodes[n].composeIncrement!(s.q, s.u, nodes[n].uIndex, h);
    this.eliminate(s.u);
    this.eliminatePositions(s.q);
    this.accelerations(s, s.a);
    this.eliminate(s.a);
    for (let i = 0; i < nu; i++) s.u[i] += 0.5 * h * s.a[i];
    // ODE1 coordinates: explicit Euler with the rate at the new ODE2 state and time (Exudyn's velocity Verlet)
    this.ode1Rates(s, s.ode1_t);
    for (let k = 0; k < s.ode1.length; k++) s.ode1[k] += h * s.ode1_t[k];
    return setAttempt(this.attempt, true, 0);
  }
}

/** Creates the explicit stepper for a solver type and initializes the accelerations. */
export function createExplicitStepper(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, schedule: StepSchedule, solverType: DynamicSolverType): ExplicitStepperBase {
  if (solverType === DynamicSolverType.VelocityVerlet) {
    const stepper = new VelocityVerletStepper(solverType, model, assembler, settings);
    stepper.initialize();
    return stepper;
  }
  const tableau = butcherTableaux[solverType];
  if (tableau === undefined) throw new FlexdynError(`solveDynamic: ${solverType} is not an explicit Runge–Kutta method`);
  const stepper = new RungeKuttaStepper(solverType, model, assembler, settings, tableau, schedule.maximumStepSize);
  stepper.initialize();
  return stepper;
}
