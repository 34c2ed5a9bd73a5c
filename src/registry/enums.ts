/** Output variables that nodes, objects, markers and sensors answer (Exudyn's OutputVariableType). */
export const OutputVariableType = {
  _None: '_None',
  Acceleration: 'Acceleration',
  AccelerationLocal: 'AccelerationLocal',
  AngularAcceleration: 'AngularAcceleration',
  AngularAccelerationLocal: 'AngularAccelerationLocal',
  AngularVelocity: 'AngularVelocity',
  AngularVelocityLocal: 'AngularVelocityLocal',
  ConstraintEquation: 'ConstraintEquation',
  Coordinates: 'Coordinates',
  CoordinatesTotal: 'CoordinatesTotal',
  Coordinates_t: 'Coordinates_t',
  Coordinates_tt: 'Coordinates_tt',
  CurvatureLocal: 'CurvatureLocal',
  Director1: 'Director1',
  Director2: 'Director2',
  Director3: 'Director3',
  Displacement: 'Displacement',
  DisplacementLocal: 'DisplacementLocal',
  Distance: 'Distance',
  Force: 'Force',
  ForceLocal: 'ForceLocal',
  Position: 'Position',
  Rotation: 'Rotation',
  RotationMatrix: 'RotationMatrix',
  SlidingCoordinate: 'SlidingCoordinate',
  StrainLocal: 'StrainLocal',
  StressLocal: 'StressLocal',
  Torque: 'Torque',
  TorqueLocal: 'TorqueLocal',
  Velocity: 'Velocity',
  VelocityLocal: 'VelocityLocal',
  KineticEnergy: 'KineticEnergy',
  PotentialEnergy: 'PotentialEnergy',
} as const;

/** One member of {@link OutputVariableType}. */
export type OutputVariableType = (typeof OutputVariableType)[keyof typeof OutputVariableType];

/** Which stored state an output refers to (Exudyn's ConfigurationType). */
export const ConfigurationType = {
  Reference: 'Reference',
  Initial: 'Initial',
  Current: 'Current',
  StartOfStep: 'StartOfStep',
  Visualization: 'Visualization',
} as const;

/** One member of {@link ConfigurationType}. */
export type ConfigurationType = (typeof ConfigurationType)[keyof typeof ConfigurationType];

/** Dynamic solvers (Exudyn's DynamicSolverType). */
export const DynamicSolverType = {
  GeneralizedAlpha: 'GeneralizedAlpha',
  TrapezoidalIndex2: 'TrapezoidalIndex2',
  ExplicitEuler: 'ExplicitEuler',
  ExplicitMidpoint: 'ExplicitMidpoint',
  RK33: 'RK33',
  RK44: 'RK44',
  RK67: 'RK67',
  ODE23: 'ODE23',
  DOPRI5: 'DOPRI5',
  VelocityVerlet: 'VelocityVerlet',
} as const;

/** One member of {@link DynamicSolverType}. */
export type DynamicSolverType = (typeof DynamicSolverType)[keyof typeof DynamicSolverType];

/** Linear solvers (Exudyn's LinearSolverType). */
export const LinearSolverType = {
  EXUdense: 'EXUdense',
  EigenSparse: 'EigenSparse',
} as const;

/** One member of {@link LinearSolverType}. */
export type LinearSolverType = (typeof LinearSolverType)[keyof typeof LinearSolverType];
