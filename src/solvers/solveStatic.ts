import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import type { InMemoryFileSystem } from '../core/fileSystem.ts';
import { norm2 } from '../linalg/vector.ts';
import { FlexdynError } from '../core/errors.ts';
import { LinearSystem } from './linearSystem.ts';
import { MassMatrixStore } from './massMatrix.ts';
import { NewtonSolver, type NewtonProblem } from './newton.ts';
import { OutputRecorder } from './output.ts';
import { ProgressReporter } from './progress.ts';
import { applyIncrement } from './increments.ts';
import { ResidualMagnitude } from './roundOff.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import { checkedNumberOfSteps, newAttempt, runStepLoop, setAttempt, type SolverHooks, type SolverStatistics, type StepAttempt, type TimeStepper } from './stepLoop.ts';

/** Load-step times within 1e-10·loadStepDuration of the end count as the end (Exudyn's round-off guard). */
const loadStepEndTolerance = 1e-10;

/**
 * Static equilibrium f(q; loadFactor) + C_qᵀλ = 0, C(q) = 0 by Newton per load step, starting
 * from the previous load step's solution. The load factor (t − loadStepStart)/loadStepDuration grows
 * linearly with the load-step time, or geometrically with loadStepGeometric (see {@link StaticStepper.stepEndTime});
 * user-function loads are not scaled. Optional stabilizer s(1 − loadFactor²)·M·(q − q_start) for systems
 * that are singular at zero load.
 */
class StaticStepper implements TimeStepper, NewtonProblem {
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
  /** Geometric load steps: the time sequence of {@link StaticStepper.geometricEndTime}; undefined for linear steps. */
  readonly stepEndTime?: (stepIndex: number, startTime: number) => number;
  /** Multiplicative load-time factor of geometric load steps, range^(1/(n − 1)). */
  private readonly geometricFactor: number;

  constructor(private readonly model: CompiledModel, private readonly assembler: SystemAssembler, private readonly settings: SimulationSettings) {
    this.size = model.nu + model.nAE;
    this.f = new Float64Array(model.nu);
    this.g = new Float64Array(model.nAE);
    this.massTimesDq = new Float64Array(model.nu);
    this.dq = new Float64Array(model.nu);
    this.newton = new NewtonSolver(new LinearSystem(this.size, settings.linearSolverType), settings.staticSolver.newton, this.size);
    this.magnitude = new ResidualMagnitude(model, assembler);
    if (settings.staticSolver.stabilizerODE2term !== 0) this.mass = new MassMatrixStore(assembler, model.hasConstantMassMatrix);
    const ss = settings.staticSolver;
    this.geometricFactor = ss.loadStepGeometric ? Math.pow(ss.loadStepGeometricRange, 1 / (geometricLoadSteps(ss.numberOfLoadSteps) - 1)) : 1;
    if (ss.loadStepGeometric) this.stepEndTime = (_stepIndex, startTime) => this.geometricEndTime(startTime);
  }

  /**
   * Exudyn's geometric load steps: the load time τ = t − loadStepStart starts at loadStepDuration/range and is
   * multiplied by range^(1/(n − 1)) per step, τ_k = loadStepDuration·range^((k − 1)/(n − 1) − 1) for k = 1 … n,
   * so the load factor τ/loadStepDuration runs from 1/range to 1.
   */
  private geometricEndTime(startTime: number): number {
    const ss = this.settings.staticSolver;
    const duration = ss.loadStepDuration;
    let loadTime = startTime - ss.loadStepStart;
    loadTime = loadTime - loadStepEndTolerance * duration <= 0 ? duration / ss.loadStepGeometricRange : loadTime * this.geometricFactor;
    if (loadTime + loadStepEndTolerance * duration >= duration) loadTime = duration;
    return ss.loadStepStart + loadTime;
  }

  saveStartOfStep(): void {}

  restoreStartOfStep(): void {}

  step(): StepAttempt {
    const ss = this.settings.staticSolver;
    const s = this.model.data.current;
    const loadTime = s.t - ss.loadStepStart;
    s.loadFactor = ss.useLoadFactor ? loadTime / ss.loadStepDuration : 1;
    if (!ss.newton.constraintForceJacobian) s.lambda.fill(0);
    const result = this.newton.solve(this);
    if (!result.converged) return setAttempt(this.attempt, false, result.iterations, undefined, result.failure ?? `Newton did not converge after ${result.iterations} iterations, residual ${result.residual.toExponential(3)}`, result.jacobianUpdates);
    return setAttempt(this.attempt, true, result.iterations, undefined, undefined, result.jacobianUpdates);
  }

  private stabilizer(): number {
    const lf = this.model.data.current.loadFactor;
    return (1 - lf * lf) * this.settings.staticSolver.stabilizerODE2term;
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
    this.residualNorm = norm2(r, this.size);
  }

  jacobian(system: LinearSystem): void {
    const s = this.model.data.current;
    this.assembler.addODE2LhsJacobian(s, system, 1, 0);
    if (this.settings.staticSolver.computeLoadsJacobian) this.assembler.addLoadsJacobian(s, system, -1, 0);
    if (this.mass !== undefined) this.mass.addTo(system, this.stabilizer());
    if (this.model.nAE > 0) {
      if (this.settings.staticSolver.newton.constraintForceJacobian) this.assembler.addConstraintForceJacobian(s, system, 1);
      this.assembler.addConstraintJacobian(s, system, 1, 1, 1, 1, false);
    }
  }

  update(delta: Float64Array): void {
    const s = this.model.data.current;
    applyIncrement(this.model, s.q, delta, -1);
    for (let i = 0; i < this.model.nAE; i++) s.lambda[i] -= delta[this.model.nu + i];
  }

  roundOffScale(): number {
    return this.magnitude.norm(this.model.data.current, false);
  }

  describeUnknown(index: number): string {
    return this.assembler.describeEquation(index);
  }
}

/**
 * Number of geometric load steps: numberOfLoadSteps, at least 2 (the sequence needs a first and a last step); with
 * fewer Exudyn warns and performs 2 steps, and so do we.
 */
function geometricLoadSteps(numberOfLoadSteps: number): number {
  return Math.max(2, checkedNumberOfSteps(numberOfLoadSteps));
}

/** Solves the static problem from the initial state; the solution becomes the current state (velocities zero). */
export function solveStatic(model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings, hooks: SolverHooks, records: SensorRecords, memoryFiles: InMemoryFileSystem): SolverStatistics {
  const ss = settings.staticSolver;
  assembler.differentiation = ss.newton.numericalDifferentiation;
  const data = model.data;
  data.current.copyFrom(data.initial);
  data.current.u.fill(0);
  data.current.a.fill(0);
  data.current.t = ss.loadStepStart;
  if (ss.loadStepGeometric && !(Number.isFinite(ss.loadStepGeometricRange) && ss.loadStepGeometricRange > 0)) {
    throw new FlexdynError(`staticSolver.loadStepGeometricRange must be a positive number, got ${ss.loadStepGeometricRange}`, { parameter: 'loadStepGeometricRange' });
  }
  if (ss.loadStepGeometric && checkedNumberOfSteps(ss.numberOfLoadSteps) < 2) {
    console.warn('StaticSolver: loadStepGeometric needs at least 2 load steps; performing 2 load steps');
  }
  const numberOfSteps = ss.loadStepGeometric ? geometricLoadSteps(ss.numberOfLoadSteps) : ss.numberOfLoadSteps;
  const stepper = new StaticStepper(model, assembler, settings);
  const stepSettings = {
    ...settings.timeIntegration,
    startTime: ss.loadStepStart,
    endTime: ss.loadStepStart + ss.loadStepDuration,
    numberOfSteps,
    adaptiveStep: ss.adaptiveStep,
    adaptiveStepDecrease: ss.adaptiveStepDecrease,
    adaptiveStepIncrease: ss.adaptiveStepIncrease,
    adaptiveStepRecoverySteps: ss.adaptiveStepRecoverySteps,
    adaptiveStepRecoveryIterations: ss.adaptiveStepRecoveryIterations,
    minimumStepSize: ss.minimumStepSize,
  };
  const recorder = new OutputRecorder(model, records, settings.solutionSettings, stepSettings.startTime, stepSettings.endTime, 'StaticSolver', false, numberOfSteps, memoryFiles);
  recorder.start(data.current);
  let statistics: SolverStatistics | undefined;
  const progress = ss.verboseMode >= 1 ? new ProgressReporter('StaticSolver', stepSettings.startTime, stepSettings.endTime) : undefined;
  try {
    statistics = runStepLoop(model, stepper, stepSettings, recorder, hooks, false, progress);
    progress?.finish();
    if (settings.displayStatistics || ss.verboseMode >= 2) {
      console.log(`StaticSolver: ${statistics.steps} load steps, ${statistics.newtonIterations} Newton iterations, ${statistics.jacobianUpdates} Jacobian updates, ${statistics.computationTime.toFixed(3)} s`);
    }
    return statistics;
  } finally {
    progress?.finish();
    recorder.close(statistics);
  }
}
