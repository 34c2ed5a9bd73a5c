/*
 * Exudyn's smooth step functions (exudyn.advancedUtilities SmoothStep, SmoothStepDerivative), for prescribed motions in
 * user functions.
 */

/**
 * A cosine step from value0 (x ≤ x0) to value1 (x ≥ x1): value0 + (value1 − value0)·½(1 − cos(π (x − x0)/(x1 − x0)))
 * between; continuous with continuous first derivative (Exudyn's SmoothStep).
 */
export function SmoothStep(x: number, x0: number, x1: number, value0: number, value1: number): number {
  if (x <= x0) return value0;
  if (x >= x1) return value1;
  return value0 + (value1 - value0) * 0.5 * (1 - Math.cos((x - x0) / (x1 - x0) * Math.PI));
}

/** d/dx of {@link SmoothStep}: (value1 − value0)·½ sin(π (x − x0)/(x1 − x0))·π/(x1 − x0) between x0 and x1, 0 outside. */
export function SmoothStepDerivative(x: number, x0: number, x1: number, value0: number, value1: number): number {
  if (x <= x0 || x >= x1) return 0;
  const dx = x1 - x0;
  return (value1 - value0) * 0.5 * Math.sin((x - x0) / dx * Math.PI) * Math.PI / dx;
}
