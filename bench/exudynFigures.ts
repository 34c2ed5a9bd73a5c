/**
 * Exudyn's figures for the benchmark rows, from the side-by-side sitting stored in docs/benchmarks.md ("Side by side
 * with Exudyn, measured (session 7 …)"): Exudyn 1.11.0 built from source on this machine, its own test and performance
 * scripts run alternately with Flexdyn's ports (fresh processes, medians of 3), solve time per step. `npm run bench`
 * prints each with the date and machine of that sitting (issue 18, "Benchmarks must be honest").
 * @module
 */

import type { ComparisonFigure } from './harness.ts';

/** When and where the figures were measured. */
export const exudynSitting = {
  date: '2026-12-02',
  machine: 'this sandbox, nproc 2 (quiet: load average ≈ 1–1.5), Python 3.11.2, Node v20.20.2',
  exudyn: 'Exudyn 1.11.0 (e44aca1b, built here with GCC 12.2 -O3)',
  section: 'docs/benchmarks.md, "Side by side with Exudyn, measured (session 7; 2026-12-02, 18:53–19:08 UTC, quiet machine)"',
} as const;

/** Exudyn's solve time per step [µs] of each script, the default-list table first, else the `--all` table. */
export const exudynMicrosecondsPerStep = {
  heavyTop: 22.7,
  sliderCrank3Dtest: 69.0,
  fourBarMechanismTest: 8.97,
  sphericalJointTest: 46.9,
  perfRigidPendulum: 4.91,
  perf3DRigidBodies: 8133,
  objectFFRFreducedOrderTest: 173,
  perfObjectFFRFreducedOrder: 168,
  objectFFRFTest: 75511,
  perfSpringDamperExplicit: 0.337,
} as const;

/**
 * The comparison figure of an Exudyn script: its µs per step with the sitting's date and machine; `note` says how the
 * row differs from the script (threads, a related model).
 */
export function exudynFigure(script: string, note?: string): ComparisonFigure {
  if (!Object.hasOwn(exudynMicrosecondsPerStep, script)) throw new Error(`bench/exudynFigures.ts: no Exudyn figure for ${script}`);
  return {
    microsecondsPerStep: exudynMicrosecondsPerStep[script as keyof typeof exudynMicrosecondsPerStep],
    measured: exudynSitting.date,
    source: `${exudynSitting.exudyn} ${script}.py, solve time per step${note === undefined ? '' : ` (${note})`}, measured ${exudynSitting.date} on ${exudynSitting.machine}, side by side with Flexdyn (${exudynSitting.section})`,
  };
}
