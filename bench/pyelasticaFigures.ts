/**
 * PyElastica's measured cost per step for the cases of bench/pyelasticaCases.ts (issue 14, "Speed"), from the sitting
 * stored in docs/benchmarks.md ("PyElastica's cost per step, measured"). PyElastica could not be installed here; its
 * numba kernels were assembled from single stored files of its repository (see `pyelasticaSitting.pyelastica`) and
 * driven step by step the way its `PositionVerlet.step` drives a system collection, with each case's forcing kernels
 * called as its example's forcing modules call them. CPU time (`time.process_time`) per step after numba compilation,
 * median of three or four runs; the machine was shared, so wall time was not used.
 * @module
 */

/** When, where and with what the figures were measured. */
export const pyelasticaSitting = {
  date: '2026-12-03',
  machine: 'this sandbox, nproc 2, shared (load average 12–15), Debian python3 3.11.2, numpy 1.24.2, numba 0.56.4',
  pyelastica:
    'PyElastica (GazzolaLab/PyElastica) kernels from stored single files: rod/cosserat_rod.py, rod/data_structures.py, ' +
    '_calculus.py and timestepper/symplectic_steppers.py at c54d1a4; _linalg.py and rod/factory_function.py at 03c00f4; ' +
    '_contact_functions.py as released in 0.3.2, dissipation.py as released in 0.3.1/0.3.2; contact_utils.py, _rotations.py, ' +
    'external_forces.py and reset_functions_for_block_structure/_reset_ghost_vector_or_scalar.py of the same typed code line; ' +
    'utils.py at 04303fa (older; no single commit could be assembled)',
  section: 'docs/benchmarks.md, "PyElastica\'s cost per step, measured (issue 14; 2026-12-03)"',
} as const;

/** One measured (or bounded) PyElastica cost per step. */
export interface PyelasticaStepCost {
  /** CPU time per position-Verlet step [µs]. */
  readonly microseconds: number;
  /** Elements of the rod in PyElastica's example. */
  readonly elements: number;
  /** True when the figure leaves out kernels the example also runs, so PyElastica's real cost is higher. */
  readonly lowerBound: boolean;
  /** What the timed step contains and how the run was checked. */
  readonly note: string;
}

/** PyElastica's CPU time per step for each case (keys used by bench/pyelasticaCases.ts). */
export const pyelasticaStepCosts = {
  cantilever: {
    microseconds: 46.1, elements: 100, lowerBound: false,
    note: 'rod kernels + position Verlet + clamped end, dt = 5e-4; tip displacement at T₁/4 −0.7 % from v_end/ω₁',
  },
  axialFriction: {
    microseconds: 52.5, elements: 50, lowerBound: false,
    note: 'rod kernels + gravity + uniform force + anisotropic friction plane, dt = 1e-5, the whole 0.25 s; kinetic energy −2.8e-4 from the analytic value',
  },
  rolling: {
    microseconds: 52.1, elements: 50, lowerBound: false,
    note: 'rod kernels + gravity + anisotropic friction plane on the 0.2π incline, dt = 1e-6, first 5 % of the steps; translational energy equals rolling without slip to 2e-14',
  },
  snake: {
    microseconds: 63.1, elements: 50, lowerBound: false,
    note: 'rod kernels + gravity + muscle torques + anisotropic friction plane + analytical linear damper, the paper\'s snake (L = 1 m, E = 1e7 Pa, T = 1 s), 4 s at dt = 1e-4, 1e-4, 1e-5 and 5e-6 (63.1, 63.1, 61.9, 63.3 µs); forward speed 0.130, 0.128, 0.084 m/s at dt = 5e-6, 1e-5, 1e-4 (B-spline shape a stand-in)',
  },
  snake100: {
    microseconds: 84.8, elements: 100, lowerBound: false,
    note: 'the same kernels and driver as `snake` with 100 elements (the paper code\'s discretization, examples/continuumSnake.ts), dt = 1e-5, 0.3 s; '
      + 'three runs 83.6, 84.8, 85.8 µs (2026-12-03, 13:00 UTC, load average 2.5–3)',
  },
  helicalBuckling: {
    microseconds: 46.1, elements: 100, lowerBound: true,
    note: 'the 100-element rod step of the cantilever; helical-buckling boundary condition and damping not included',
  },
} as const satisfies Record<string, PyelasticaStepCost>;

/** Key of a case in {@link pyelasticaStepCosts}. */
export type PyelasticaCase = keyof typeof pyelasticaStepCosts;
