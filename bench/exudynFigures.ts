/**
 * Exudyn's figures for the benchmark rows, from the side-by-side sittings stored in docs/benchmarks.md ("Side by side
 * with Exudyn on the quiet machine, session 14"): Exudyn 1.11.0 built from source on this machine, its own test and
 * performance scripts run alternately with Flexdyn's ports (fresh processes, medians of 3 where the sitting ran 3),
 * solve time per step; of the session's three sittings each figure is Exudyn's fastest (the one least favourable to
 * Flexdyn). `npm run bench` prints each with the date and machine of the sittings (issue 18, "Benchmarks must be honest").
 * @module
 */

import type { ComparisonFigure } from './harness.ts';

/** When and where the figures were measured. */
export const exudynSitting = {
  date: '2026-12-03',
  machine: 'this sandbox, nproc 2 (quiet: load average ≈ 0.2–1.5), Python 3.11.2, Node v20.20.2',
  exudyn: 'Exudyn 1.11.0 (e44aca1b, built here with GCC 12.2 -O3)',
  section: 'docs/benchmarks.md, "Side by side with Exudyn on the quiet machine, session 14 (2026-12-03, 21:52–23:36 UTC)"',
} as const;

/** Exudyn's solve time per step [µs] of each script (perf3DRigidBodies with its script's 4 threads). */
export const exudynMicrosecondsPerStep = {
  heavyTop: 25.6,
  sliderCrank3Dtest: 66.9,
  fourBarMechanismTest: 10.1,
  sphericalJointTest: 45.4,
  perfRigidPendulum: 6.16,
  perf3DRigidBodies: 10795,
  objectFFRFreducedOrderTest: 192,
  perfObjectFFRFreducedOrder: 179,
  objectFFRFTest: 74746,
  perfSpringDamperExplicit: 0.385,
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
