/** Output variables that nodes, objects, markers and sensors answer (Exudyn's OutputVariableType). */
export const OutputVariableType = {
  /** No output variable (the default of sensors; must be set). */
  _None: '_None',
  /** Acceleration in global coordinates. */
  Acceleration: 'Acceleration',
  /** Acceleration in body-fixed (local) coordinates. */
  AccelerationLocal: 'AccelerationLocal',
  /** Angular acceleration in global coordinates. */
  AngularAcceleration: 'AngularAcceleration',
  /** Angular acceleration in body-fixed coordinates. */
  AngularAccelerationLocal: 'AngularAccelerationLocal',
  /** Angular velocity in global coordinates. */
  AngularVelocity: 'AngularVelocity',
  /** Angular velocity in body-fixed coordinates. */
  AngularVelocityLocal: 'AngularVelocityLocal',
  /** Residual of the constraint equations. */
  ConstraintEquation: 'ConstraintEquation',
  /** Coordinates (displacements from the reference values). */
  Coordinates: 'Coordinates',
  /** Reference plus current coordinates. */
  CoordinatesTotal: 'CoordinatesTotal',
  /** Velocity coordinates. */
  Coordinates_t: 'Coordinates_t',
  /** Acceleration coordinates. */
  Coordinates_tt: 'Coordinates_tt',
  /** Curvature (bending and torsion strain) in local coordinates. */
  CurvatureLocal: 'CurvatureLocal',
  /** First director (axis) of a rotated frame. */
  Director1: 'Director1',
  /** Second director (axis) of a rotated frame. */
  Director2: 'Director2',
  /** Third director (axis) of a rotated frame. */
  Director3: 'Director3',
  /** Displacement from the reference configuration (connectors: relative displacement). */
  Displacement: 'Displacement',
  /** Displacement in local coordinates. */
  DisplacementLocal: 'DisplacementLocal',
  /** Distance between two points. */
  Distance: 'Distance',
  /** Force in global coordinates (connectors: connector force). */
  Force: 'Force',
  /** Force in local coordinates. */
  ForceLocal: 'ForceLocal',
  /** Position in global coordinates (reference plus displacement). */
  Position: 'Position',
  /** Rotation parameters (e.g. Tait–Bryan angles). */
  Rotation: 'Rotation',
  /** Rotation matrix, 9 entries row by row. */
  RotationMatrix: 'RotationMatrix',
  /** Sliding coordinate of a sliding joint. */
  SlidingCoordinate: 'SlidingCoordinate',
  /** Axial and shear strain in local coordinates. */
  StrainLocal: 'StrainLocal',
  /** Stress in local coordinates. */
  StressLocal: 'StressLocal',
  /** Torque in global coordinates. */
  Torque: 'Torque',
  /** Torque in local coordinates. */
  TorqueLocal: 'TorqueLocal',
  /** Velocity in global coordinates. */
  Velocity: 'Velocity',
  /** Velocity in local coordinates. */
  VelocityLocal: 'VelocityLocal',
  /** Kinetic energy. */
  KineticEnergy: 'KineticEnergy',
  /** Potential (elastic) energy. */
  PotentialEnergy: 'PotentialEnergy',
} as const;

/** One member of {@link OutputVariableType}. */
export type OutputVariableType = (typeof OutputVariableType)[keyof typeof OutputVariableType];

/** Which stored state an output refers to (Exudyn's ConfigurationType). */
export const ConfigurationType = {
  /** The reference configuration (coordinates zero). */
  Reference: 'Reference',
  /** The initial configuration (initial coordinates and velocities of the nodes). */
  Initial: 'Initial',
  /** The current configuration (end of the last solve or step). */
  Current: 'Current',
  /** The configuration at the start of the current step. */
  StartOfStep: 'StartOfStep',
  /** The configuration shown by viewers. */
  Visualization: 'Visualization',
} as const;

/** One member of {@link ConfigurationType}. */
export type ConfigurationType = (typeof ConfigurationType)[keyof typeof ConfigurationType];

/** Dynamic solvers (Exudyn's DynamicSolverType). */
export const DynamicSolverType = {
  /** Implicit generalized-α (Newmark with useNewmark). */
  GeneralizedAlpha: 'GeneralizedAlpha',
  /** Implicit Newmark with index-2 constraints (the trapezoidal rule with the default newmarkBeta, newmarkGamma). */
  TrapezoidalIndex2: 'TrapezoidalIndex2',
  /** Explicit Euler, order 1. */
  ExplicitEuler: 'ExplicitEuler',
  /** Explicit midpoint rule, order 2. */
  ExplicitMidpoint: 'ExplicitMidpoint',
  /** Heun's third-order Runge–Kutta method. */
  RK33: 'RK33',
  /** Classical fourth-order Runge–Kutta method. */
  RK44: 'RK44',
  /** Sixth-order Runge–Kutta method with seven stages, fixed step. */
  RK67: 'RK67',
  /** Embedded Runge–Kutta pair of order 2(3) with step-size control. */
  ODE23: 'ODE23',
  /** Dormand–Prince 5(4) pair with step-size control. */
  DOPRI5: 'DOPRI5',
  /** Velocity Verlet (Störmer–Verlet), order 2. */
  VelocityVerlet: 'VelocityVerlet',
} as const;

/** One member of {@link DynamicSolverType}. */
export type DynamicSolverType = (typeof DynamicSolverType)[keyof typeof DynamicSolverType];

/** Linear solvers (Exudyn's LinearSolverType). */
export const LinearSolverType = {
  /** Dense LU factorization (default, as in Exudyn). */
  EXUdense: 'EXUdense',
  /** Sparse LU factorization with fill-reducing ordering. */
  EigenSparse: 'EigenSparse',
  /**
   * Dense LU with partial pivoting, as EXUdense (Exudyn: Eigen's PartialPivLU); with
   * linearSolverSettings.ignoreSingularJacobian complete pivoting (Exudyn: Eigen's FullPivLU). Never switched to sparse.
   */
  EigenDense: 'EigenDense',
} as const;

/** One member of {@link LinearSolverType}. */
export type LinearSolverType = (typeof LinearSolverType)[keyof typeof LinearSolverType];
