/**
 * Settings of numerical differentiation of items without analytic Jacobians (Exudyn's numericalDifferentiation): part
 * of the solver settings (timeIntegration.newton and staticSolver.newton), read by the assembler.
 */
export class NumericalDifferentiationSettings {
  /** Relative perturbation ε; the step is ε·max(minimumCoordinateSize, |q_i|). */
  relativeEpsilon = 1e-7;
  /** Lower bound of the coordinate magnitude that scales the perturbation. */
  minimumCoordinateSize = 1e-2;
  /**
   * Differentiate ODE2 terms numerically even where an item has an analytic Jacobian (every object, in a dense
   * n_local × n_local work matrix: for rods and meshes costly in time and memory).
   */
  forODE2 = false;
}
