import { LinearSolverType } from '../registry/enums.ts';
import { NumericalDifferentiationSettings } from '../model/NumericalDifferentiationSettings.ts';

export { NumericalDifferentiationSettings };

/** Newton settings, shared by the static and the implicit dynamic solver (Exudyn's NewtonSettings). */
export class NewtonSettings {
  /** Relative tolerance on the residual norm, relative to the initial residual. */
  relativeTolerance = 1e-8;
  /** Absolute tolerance on the residual norm. */
  absoluteTolerance = 1e-10;
  /**
   * Also converged when the residual norm stagnates (above 0.25 times the previous one) at or below
   * roundOffResidualFactor·ε·‖w‖, w_i = Σ_j |∂r_i/∂x_j|·|x_j| the magnitude of the stiffness and constraint terms at
   * absolute coordinates x (the residual's round-off level); 0 disables the test (Exudyn's criteria only). Not in
   * Exudyn, see docs/decisions.md.
   */
  roundOffResidualFactor = 10;
  /** Maximum number of Newton iterations per step. */
  maxIterations = 25;
  /** Keep the Jacobian across iterations and steps until convergence slows down. */
  useModifiedNewton = false;
  /** Iterations of modified Newton before the Jacobian is updated. */
  maxModifiedNewtonIterations = 8;
  /** Further iterations after a Jacobian update before switching to full Newton. */
  maxModifiedNewtonRestartIterations = 7;
  /** Contractivity res/lastRes above which modified Newton updates the Jacobian. */
  modifiedNewtonContractivity = 0.5;
  /** Update the Jacobian at the start of every step in modified Newton. */
  modifiedNewtonJacUpdatePerStep = false;
  /** Raise the initial residual to the first iteration's residual if that is larger. */
  adaptInitialResidual = true;
  /** Divide the residual norm by √n. */
  weightTolerancePerCoordinate = false;
  /**
   * Divergence bound: a Newton iterate whose squared residual norm reaches it fails the step (Exudyn tests the squared
   * norms of the coordinates and velocities instead; see docs/decisions.md).
   */
  maximumSolutionNorm = 1e38;
  /** If false, take one linear solve per step without checking convergence. */
  useNewtonSolver = true;
  /**
   * Add the constraint-force stiffness ∂(C_qᵀλ)/∂q (λ·C_qq, current λ) to the Newton Jacobian of the static and implicit
   * solvers (Flexdyn option; default false as Exudyn, whose Jacobian omits it). Without it Newton converges only linearly
   * on constraints carrying load (pendulum chains, prestressed joints) and the static Jacobian of a hanging pendulum is
   * singular; with it Newton is quadratic and the static solver continues λ from the previous load step instead of
   * restarting it from 0.
   */
  constraintForceJacobian = false;
  /** Numerical differentiation settings. */
  readonly numericalDifferentiation = new NumericalDifferentiationSettings();
}

/**
 * Settings of the discontinuous (post-Newton) iteration of contact, friction and switching items (Exudyn's
 * DiscontinuousSettings): after each converged step every item with a post-Newton step updates its discrete state and
 * reports an error; the step is iterated again while the largest error (plus the postNewtonUserFunction's) exceeds
 * iterationTolerance.
 */
export class DiscontinuousSettings {
  /** Absolute tolerance of the discontinuous error (an absolute residual such as a force jump; may be large). */
  iterationTolerance = 1;
  /** Maximum number of discontinuous iterations (Newton solves, or explicit steps) per step. */
  maxIterations = 5;
  /**
   * Accept a step whose discontinuous iteration has not reached iterationTolerance after maxIterations; false rejects
   * it (adaptive steps then reduce the step size; otherwise the solve fails, keeping the last accepted state).
   */
  ignoreMaxIterations = true;
  /**
   * Take the step size an item (or the postNewtonUserFunction) recommends when it detects a jump within the step: the step
   * is repeated with min(0.75 h, recommended) in adaptive implicit and explicit solvers; false ignores recommendations.
   */
  useRecommendedStepSize = true;
}

/** Generalized-α and Newmark parameters (Exudyn's generalizedAlpha settings). */
export class GeneralizedAlphaSettings {
  /** Spectral radius ρ∞ at infinite frequency, in [0, 1]. */
  spectralRadius = 0.9;
  /** Use Newmark with newmarkBeta, newmarkGamma instead of generalized-α. */
  useNewmark = false;
  /** Newmark β. */
  newmarkBeta = 0.25;
  /** Newmark γ. */
  newmarkGamma = 0.5;
  /** Velocity-level (index 2) constraints; requires useNewmark. */
  useIndex2Constraints = false;
  /** Solve for consistent initial accelerations before the first step. */
  computeInitialAccelerations = true;
  /** Start from zero accelerations when computeInitialAccelerations is false. */
  resetAccelerations = false;
  /** Keep the Lagrange multipliers of the initial acceleration solve in the initial state. */
  storeInitialAlgebraicCoordinates = true;
  /**
   * Start the trapezoidal rule of the ODE1 coordinates from the consistent rates ẋ_0 = F(x_0, q_0, u_0, t_0) (Flexdyn
   * option: second order from the first step). False (default, as Exudyn): from ẋ_0 = 0, so the first step is
   * x_1 = x_0 + h/2 ẋ_1, an O(h) error where F(x_0) ≠ 0.
   */
  computeInitialODE1Rates = false;
  /**
   * Include the rate ∂(g)/∂q·u of velocity-level constraints g(q, u) = 0 (ObjectJointRollingDisc, velocity-level coordinate
   * constraints) in the initial accelerations (Flexdyn option: consistent initial accelerations and multipliers).
   * False (default, as Exudyn): only position-level constraints contribute their curvature; the initial accelerations then
   * violate d/dt g = 0, and with the trapezoidal rule (Newmark γ = 1/2) the multipliers keep an alternating error
   * (−1)ⁿδ that does not decay (the motion is not affected).
   */
  computeInitialVelocityConstraintRates = false;
  /**
   * Start each step's Newton iteration from the Newmark predictor with a_{n+1} = a_n (accelerations constant over the
   * step) instead of a_{n+1} = 0 (Flexdyn option; default false, Exudyn's predictor). For a motion with smooth accelerations
   * the start is closer by O(h² a) in q and O(h a) in u, so fewer Newton iterations (the continuum snake at T/50: 316
   * instead of 656, examples/continuumSnake.ts). The converged step is the same up to the Newton tolerance, except that rotations
   * composed with every Newton correction (Lie-group updates) depend on the start by a difference that vanishes with the
   * step (1e-8 of a rigid body's rotation matrix after 200 steps of 5 ms; test/solvers/constantAccelerationPredictor).
   */
  constantAccelerationPredictor = false;
  /**
   * Exudyn's alternative Lie-group scheme (Newton iterates on the total increment, composed from q_n);
   * not implemented: true is rejected. The default scheme composes each Newton correction onto the iterate.
   */
  lieGroupSimplifiedKinematicRelations = false;
}

/** Settings of the explicit solvers. */
export class ExplicitIntegrationSettings {
  /** Eliminate coordinate constraints (ConnectorCoordinate to ground) by zeroing the coordinate. */
  eliminateConstraints = true;
  /** Recompute accelerations at the end of each step for output. */
  computeEndOfStepAccelerations = true;
  /**
   * Integrate nodes with a composition update in their Lie algebra (Runge–Kutta–Munthe-Kaas, composed
   * velocity Verlet); false integrates all coordinates additively as Exudyn does (only for nodes with n_q = n_u).
   */
  useLieGroupIntegration = true;
}

/** Time integration settings (Exudyn's TimeIntegrationSettings). */
export class TimeIntegrationSettings {
  /** Number of steps; the maximum step size is (endTime − startTime)/numberOfSteps. */
  numberOfSteps = 100;
  /** Start time. */
  startTime = 0;
  /** End time. */
  endTime = 1;
  /** 0: silent; 1: summary; 2: each step; 3: each iteration. */
  verboseMode = 0;
  /** Reduce the step size when Newton fails. */
  adaptiveStep = true;
  /** Factor of step reduction. */
  adaptiveStepDecrease = 0.5;
  /** Factor of step increase after recovery. */
  adaptiveStepIncrease = 2;
  /** Steps after a reduction before the step size may grow again. */
  adaptiveStepRecoverySteps = 10;
  /** Maximum Newton iterations of the last step for the step size to grow again. */
  adaptiveStepRecoveryIterations = 7;
  /** Step-size control of embedded explicit methods (DOPRI5, ODE23). */
  automaticStepSize = true;
  /** Initial step of automatic step-size control; 0 means the maximum step size. */
  initialStepSize = 0;
  /** Smallest step size. */
  minimumStepSize = 1e-8;
  /** Absolute tolerance of the explicit step-size control. */
  absoluteTolerance = 1e-8;
  /** Relative tolerance of the explicit step-size control. */
  relativeTolerance = 1e-8;
  /** Safety factor of the step-size controller. */
  stepSizeSafety = 0.9;
  /** Maximum factor of step growth per step. */
  stepSizeMaxIncrease = 2;
  /** Factorize a constant mass matrix once. */
  reuseConstantMassMatrix = true;
  /**
   * Load Jacobians in the implicit solvers: 0 none (Exudyn's default), 1 ∂(loads)/∂q (analytic where the load has
   * it, else numerical), 2 also ∂(loads)/∂u (numerical, for loads with user functions).
   */
  computeLoadsJacobian = 0;
  /** Newton settings of the implicit solvers. */
  readonly newton = new NewtonSettings();
  /** Discontinuous iteration of the dynamic solvers. */
  readonly discontinuous = new DiscontinuousSettings();
  /** Generalized-α settings. */
  readonly generalizedAlpha = new GeneralizedAlphaSettings();
  /** Explicit solver settings. */
  readonly explicitIntegration = new ExplicitIntegrationSettings();
}

/**
 * Arc-length (Riks/Crisfield) continuation of the static solver: the load factor λ becomes an unknown and each step
 * advances a prescribed path length Δs, ‖Δu‖² + (loadFactorScale·Δλ)² = Δs² (Δu the increments of the ODE2
 * coordinates within the step), so the solver follows the equilibrium path through limit points (snap-through) where
 * load steps fail. The step loop's time is then the path parameter loadStepStart + s (s the accumulated arc length);
 * the load factor of every accepted step is returned in the statistics (`equilibriumPath`) and is the state's load
 * factor that the loads use.
 */
export class ArcLengthSettings {
  /** Use arc-length continuation instead of load steps (numberOfLoadSteps, loadStepDuration and loadStepGeometric are then not used). */
  useArcLength = false;
  /** Arc length Δs of the first step, in the units of the coordinates (with loadFactorScale: of the scaled norm). */
  initialArcLength = 0.01;
  /** Smallest arc length: a step that fails at this size ends the solve with an error. */
  minimumArcLength = 1e-8;
  /** Largest arc length of a step. */
  maximumArcLength = 1;
  /**
   * Weight c of the load factor in the constraint ‖Δu‖² + c²Δλ² = Δs², in the units of the coordinates: 0 is Crisfield's
   * cylindrical constraint (coordinates only), c > 0 the spherical one.
   */
  loadFactorScale = 0;
  /** Newton iterations a step should take: the next arc length is Δs·√(desired/iterations), within the minimum and maximum and growing at most by adaptiveStepIncrease. */
  desiredIterations = 5;
  /** The solve ends after the first step whose load factor reaches this value. */
  maximumLoadFactor = 1;
  /** The solve ends after this many accepted arc-length steps. */
  maximumNumberOfSteps = 1000;
}

/** Static solver settings (Exudyn's StaticSolverSettings). */
export class StaticSolverSettings {
  /** Number of load steps. */
  numberOfLoadSteps = 1;
  /** Pseudo-time of one load step sequence. */
  loadStepDuration = 1;
  /** Pseudo-time at the start. */
  loadStepStart = 0;
  /** Scale loads by the load factor (t − start)/duration. */
  useLoadFactor = true;
  /**
   * Geometric instead of linear load steps: for n = numberOfLoadSteps (at least 2) and d = loadStepGeometricRange the
   * load factors are d^(k/(n−1))/d, k = 0 … n − 1, e.g. n = 4, d = 1000: 0.001, 0.01, 0.1, 1 (Exudyn's sequence);
   * adaptiveStep is ignored (a load step that fails is an error).
   */
  loadStepGeometric = false;
  /** Range d of geometric load steps: the first load factor is 1/d (see loadStepGeometric); must be positive. */
  loadStepGeometricRange = 1000;
  /** Reduce the load step when Newton fails. */
  adaptiveStep = true;
  /** Factor of load step reduction. */
  adaptiveStepDecrease = 0.25;
  /** Factor of load step increase after recovery. */
  adaptiveStepIncrease = 2;
  /** Steps after a reduction before the step may grow again. */
  adaptiveStepRecoverySteps = 4;
  /** Maximum Newton iterations of the last step for the step to grow again. */
  adaptiveStepRecoveryIterations = 7;
  /** Smallest load step. */
  minimumStepSize = 1e-8;
  /** Mass-proportional stabilization added to the static Jacobian. */
  stabilizerODE2term = 0;
  /** Include ∂(loads)/∂q in the Jacobian (follower loads, loads on rotating points; analytic where available, else numerical). */
  computeLoadsJacobian = true;
  /**
   * True: ODE1 coordinates (first-order states) keep their initial values in the static solution (equation
   * x − x_initial = 0); false: they solve the steady state F(x, q, 0, t) = 0 of their equations with the rest.
   */
  constrainODE1coordinates = true;
  /** 0: silent; 1: summary; 2: each step; 3: each iteration. */
  verboseMode = 1;
  /** Newton settings. */
  readonly newton = new NewtonSettings();
  /** Discontinuous iteration of the static solver (recommended step sizes are not used: load steps shrink by adaptiveStepDecrease). */
  readonly discontinuous = new DiscontinuousSettings();
  /** Arc-length continuation (Riks/Crisfield) for limit points and snap-through; not in Exudyn. */
  readonly arcLength = new ArcLengthSettings();
}

/** Output settings (Exudyn's SolutionSettings). */
export class SolutionSettings {
  /** Period of sensor output. */
  sensorsWritePeriod = 0.01;
  /** Period of solution file output. */
  solutionWritePeriod = 0.01;
  /** Write the coordinates to the solution file. */
  writeSolutionToFile = true;
  /** Name of the solution file (Exudyn appends .txt when missing). */
  coordinatesSolutionFileName = 'coordinatesSolution';
  /** Write the initial values as first row. */
  writeInitialValues = true;
  /** Include velocities in the solution file. */
  exportVelocities = true;
  /** Include accelerations in the solution file. */
  exportAccelerations = true;
  /** Include the ODE1 velocities (rates of the first-order coordinates) in the solution file of dynamic solvers; the ODE1 coordinates are always written. */
  exportODE1Velocities = true;
  /** Include algebraic coordinates in the solution file. */
  exportAlgebraicCoordinates = true;
  /** Include the data coordinates (of NodeGenericData) in the solution file. */
  exportDataCoordinates = true;
  /** Significant digits in text files. */
  outputPrecision = 10;
  /** Record sensors (files and internal storage). */
  sensorsStoreAndWriteFiles = true;
  /** Write a header into sensor files. */
  sensorsWriteFileHeader = true;
  /** Write the header into the solution file. */
  writeFileHeader = true;
  /** Write the footer (finish time, solver statistics) into the solution file. */
  writeFileFooter = true;
  /** Free text written as '#solution information = …' into the solution file header (line breaks become '_'). */
  solutionInformation = '';
}

/** Linear solver settings (Exudyn's LinearSolverSettings). */
export class LinearSolverSettings {
  /**
   * Solve singular Newton Jacobians with a rank-revealing dense LU (complete pivoting; Exudyn: Eigen's FullPivLU):
   * redundant constraints (overconstrained mechanisms such as Bricard's) then work, the unknowns of the missing pivots
   * (the undetermined multipliers) are set to 0 and the dependent equations are not used. Needs linearSolverType
   * EXUdense or EigenDense (any size); static and implicit solvers. An inconsistent singular system (conflicting
   * constraints, a missing support under load) shows as a Newton iteration that does not converge.
   */
  ignoreSingularJacobian = false;
  /**
   * Relative rank threshold of the rank-revealing LU of ignoreSingularJacobian (Exudyn: the threshold of Eigen's FullPivLU):
   * elimination stops when the largest remaining entry is at most pivotThreshold·|first pivot|. 0 (default): n·ε. A
   * smaller value keeps nearly dependent equations (constraints of very different scale next to stiff elements), so that
   * only exactly redundant ones are dropped. Only with ignoreSingularJacobian (a named error otherwise).
   */
  pivotThreshold = 0;
}

/** All solver settings, mirroring exu.SimulationSettings (same names and defaults). */
export class SimulationSettings {
  /** Time integration. */
  readonly timeIntegration = new TimeIntegrationSettings();
  /** Static solver. */
  readonly staticSolver = new StaticSolverSettings();
  /** Output. */
  readonly solutionSettings = new SolutionSettings();
  /** Dense (EXUdense, EigenDense) or sparse (EigenSparse) linear solver. */
  linearSolverType: LinearSolverType = LinearSolverType.EXUdense;
  /** Linear solver settings. */
  readonly linearSolverSettings = new LinearSolverSettings();
  /** Print solver statistics after solving. */
  displayStatistics = false;
}
