/**
 * Continuum snake (Gazzola, Dudte, McCormick & Mahadevan, "Forward and inverse problems in the mechanics of soft
 * filaments", R. Soc. open sci. 5, 2018; PyElastica's ContinuumSnakeCase in the paper's set-up, issue 14): a free
 * Cosserat rod (L = 1 m, r = 0.025 m, ρ = 1000 kg/m³, E = 1e7 Pa, G = E/3, linear damping ν = 5 per length on the
 * velocity and the angular velocity) lies on the ground under gravity; a travelling wave of muscle torques
 * (LoadMuscleTorque: cubic B-spline amplitude β(s) with the paper's optimized control values [17.4, 48.5, 5.4, 14.7] N m,
 * period T = 1 s, wavelength 0.97 L, ramped up over one period) bends it, and the anisotropic Coulomb friction of the
 * ground (ObjectContactRodPlane; Froude number 0.1: μ = L/(T² g Fr), kinetic [μ, 1.5μ, 2μ], static [2μ, 3μ, 4μ]
 * forward/backward/sideways) turns the undulation into forward motion.
 *
 * The rod is numbered from the head (PyElastica's last node) to the tail, which is how LoadMuscleTorque reproduces
 * PyElastica's wave (see its description); the snake therefore crawls towards decreasing s, against the tangent, so
 * the forward/backward friction coefficients swap places. The forward speed is PyElastica's measure: the centre-of-mass
 * displacement over whole periods after the ramp (t = 2T … 4T), projected on its own direction, per time.
 *
 * The paper's own C++ code (mattialab/elastica, Snake.cpp) runs the unrounded gait [17.29, 48.54, 5.392, 14.74] N m with
 * wave number 6.133/m (λ = 1.0245 L) on 100 elements; PyElastica's example, followed here, rounds the values and uses
 * λ = 0.97 L. The paper's speed for the gait is not available here (docs/benchmarks.md lists what was searched).
 *
 * PyElastica (the paper's version) integrates this with position Verlet at Δt = 1e-5 T (4e5 steps for 4 s); here
 * generalized-α with implicit contact and friction. Run `npx tsx examples/continuumSnake.ts [stepsPerPeriod]`.
 * Shared with test/long/continuumSnake.test.ts, bench/pyelasticaCases.bench.ts and scripts/optimizeSnakeGait.ts.
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, LoadMuscleTorque, ObjectRodLinearDamping, MarkerBodyMass, SensorNode,
  type MainSystem, type SolverStatistics,
} from '../src/node.ts';

/** The paper's snake and ground. */
export const snakeData = {
  length: 1, radius: 0.025, density: 1000, E: 1e7, damping: 5, period: 1, g: 9.80665, froude: 0.1,
  /** The paper's optimized gait: B-spline control values [N m] and wavelength / L. */
  gait: { splineCoefficients: [17.4, 48.5, 5.4, 14.7], wavelength: 0.97 },
};

/**
 * The gait scripts/optimizeSnakeGait.ts found (seed 14: evolutionary search 12 × 3 at h = T/50, then 12 Nelder–Mead
 * iterations at T/100; 56 evaluations, 435 s on 2 loaded cores): 0.2954 m/s at T/100, converged 0.2874 m/s at T/200 and
 * T/400, 3.6× the paper's gait (0.0795 m/s); see test/long/continuumSnake.test.ts.
 */
export const optimizedSnakeGait = {
  splineCoefficients: [0.3356446750101285, 53.87442797467169, 38.460482810252714, 2.927040809397093], wavelength: 1.2210296468504898,
};

/** A gait: the muscle torques' B-spline control values [N m] and the wavelength relative to L. */
export interface SnakeGait {
  splineCoefficients: readonly number[];
  wavelength: number;
}

/** Options of {@link buildContinuumSnake}. */
export interface ContinuumSnakeOptions {
  gait?: SnakeGait;
  numberOfElements?: number;
  polynomialDegree?: number;
  /** Regularization velocity of the friction (stick zone) [m/s]; default 1e-3. */
  frictionZone?: number;
}

/** The assembled snake. */
export interface ContinuumSnakeModel {
  mbs: MainSystem;
  nodeNumbers: number[];
  /** One position sensor per node (stored internally), for the centre of mass. */
  sensors: number[];
}

/**
 * Contact stiffness 1e5 N/m² per length (static penetration ρA g/k = 1.9e-4 m ≪ r) and damping 600 N s/m² (critical
 * 2√(k ρA) = 885), the normal force law of the rod-on-plane validation cases (examples/frictionValidation.ts); PyElastica's
 * plane cancels the normal force instead (its k = 1, ν = 1e-6 act only on the penetration that remains).
 */
const contact = { stiffness: 1e5, damping: 600 };

/** Builds the snake from the head at the origin along −x, on the plane z = 0, gravity −z. */
export function buildContinuumSnake(options: ContinuumSnakeOptions = {}): ContinuumSnakeModel {
  const { length, radius, density, E, damping, period, g, froude } = snakeData;
  const gait = options.gait ?? snakeData.gait;
  const area = Math.PI * radius * radius, inertia = Math.PI / 4 * radius ** 4, G = E / 3;
  const massPerLength = density * area, numberOfElements = options.numberOfElements ?? 40;
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Straight', start: [0, 0, radius], direction: [-1, 0, 0], up: [0, 0, 1], length },
    numberOfElements, polynomialDegree: options.polynomialDegree ?? 1,
    // PyElastica's shearable rod: α_c = 4/3 of the circle on the shear stiffness
    physicsAxialShearStiffness: [E * area, (4 / 3) * G * area, (4 / 3) * G * area], physicsBendingTorsionStiffness: [2 * G * inertia, E * inertia, E * inertia],
    physicsMassPerLength: massPerLength, physicsInertiaPerLength: [2 * inertia, inertia, inertia].map((i) => density * i),
    gravity: [0, 0, -g],
  });
  const massMarker = mbs.addMarker(MarkerBodyMass({ bodyNumber: rod.objectNumber }));
  mbs.addLoad(LoadMuscleTorque({
    markerNumber: massMarker, direction: [0, 0, 1], amplitude: 1, splineCoefficients: [...gait.splineCoefficients], baseLength: length,
    period, waveNumber: 2 * Math.PI / (gait.wavelength * length), phaseShift: 0, rampUpTime: period,
  }));
  mbs.addObject(ObjectRodLinearDamping({ markerNumber: massMarker, translationalDamping: damping, rotationalDamping: damping }));
  const mu = length / (period * period * g * froude);
  const pointsPerElement = 2, points = numberOfElements * pointsPerElement;
  const penetration = massPerLength * g / contact.stiffness;
  // the snake starts resting on the ground: gaps closed at the static penetration
  const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4 * points, initialCoordinates: Array.from({ length: 4 * points }, (_, i) => (i % 4 === 0 ? -penetration : 0)) });
  for (const node of rod.nodeNumbers) mbs.modifyNode(node, { initialCoordinates: [0, 0, -penetration, 0, 0, 0, 0] });
  mbs.addObject({
    objectType: 'ContactRodPlane', bodyNumber: rod.objectNumber, nodeNumber: data, planePoint: [0, 0, 0], planeNormal: [0, 0, 1], radius, pointsPerElement,
    contactStiffness: contact.stiffness, contactDamping: contact.damping,
    // [along the tangent (towards the tail), against it (towards the head: the snake's forward), sideways]
    dynamicFriction: [1.5 * mu, mu, 2 * mu], staticFriction: [3 * mu, 2 * mu, 4 * mu], frictionProportionalZone: options.frictionZone ?? 1e-3,
  });
  const sensors = rod.nodeNumbers.map((node) => mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false })));
  mbs.assemble();
  return { mbs, nodeNumbers: rod.nodeNumbers, sensors };
}

/** Generalized-α settings with constant steps of T/stepsPerPeriod to endTime. */
export function continuumSnakeSettings(stepsPerPeriod: number, endTime: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  const ti = settings.timeIntegration;
  ti.endTime = endTime;
  ti.numberOfSteps = Math.round(stepsPerPeriod * endTime / snakeData.period);
  ti.verboseMode = 0;
  ti.generalizedAlpha.spectralRadius = 0.8;
  return settings;
}

/** Result of {@link runContinuumSnake}. */
export interface ContinuumSnakeRun {
  /** The model after the run (its node sensors hold the body's history). */
  model: ContinuumSnakeModel;
  /** Average forward speed [m/s] over t = startPeriods·T … endTime. */
  forwardSpeed: number;
  /** Direction of the motion in the ground plane (unit). */
  direction: [number, number];
  statistics: SolverStatistics;
  /** Wall time of the dynamic solve [s]. */
  seconds: number;
  /**
   * Smallest distance between centerline nodes more than 4r apart along the body, over all stored states: below 2r the
   * body overlaps itself (the model has no self-contact).
   */
  selfDistance: number;
}

/** See {@link ContinuumSnakeRun.selfDistance}. */
function smallestSelfDistance(model: ContinuumSnakeModel): number {
  const columns = model.sensors.map((sensor) => model.mbs.getSensorStoredData(sensor));
  const n = columns.length, spacing = snakeData.length / (n - 1), gap = Math.ceil(4 * snakeData.radius / spacing) + 1;
  let smallest = Infinity;
  for (let r = 0; r < columns[0].length; r++) {
    for (let i = 0; i < n; i++) {
      for (let j = i + gap; j < n; j++) {
        const a = columns[i][r], b = columns[j][r];
        smallest = Math.min(smallest, Math.hypot(a[1] - b[1], a[2] - b[2], a[3] - b[3]));
      }
    }
  }
  return smallest;
}

/** Centre of mass (of the nodes with trapezoidal weights, linear elements) of every stored row. */
function centreOfMassRows(model: ContinuumSnakeModel): { t: number[]; x: number[]; y: number[] } {
  const columns = model.sensors.map((sensor) => model.mbs.getSensorStoredData(sensor));
  const n = columns.length, rows = columns[0].length;
  const t: number[] = [], x: number[] = [], y: number[] = [];
  for (let r = 0; r < rows; r++) {
    let sx = 0, sy = 0;
    for (let k = 0; k < n; k++) {
      const w = k === 0 || k === n - 1 ? 0.5 : 1;
      sx += w * columns[k][r][1];
      sy += w * columns[k][r][2];
    }
    t.push(columns[0][r][0]);
    x.push(sx / (n - 1));
    y.push(sy / (n - 1));
  }
  return { t, x, y };
}

/** Runs the snake to endTime (default 4 T) and measures the forward speed from startPeriods (default 2) on. */
export function runContinuumSnake(options: ContinuumSnakeOptions & { stepsPerPeriod?: number; endTime?: number; startPeriods?: number } = {}): ContinuumSnakeRun {
  const model = buildContinuumSnake(options);
  const endTime = options.endTime ?? 4 * snakeData.period, start = (options.startPeriods ?? 2) * snakeData.period;
  const begin = performance.now();
  const statistics = model.mbs.solveDynamic(continuumSnakeSettings(options.stepsPerPeriod ?? 200, endTime));
  const seconds = (performance.now() - begin) / 1000;
  const com = centreOfMassRows(model);
  const at = (time: number) => {
    let k = 0;
    while (k + 1 < com.t.length && com.t[k + 1] <= time + 1e-12) k++;
    return k;
  };
  const k0 = at(start), k1 = com.t.length - 1;
  const dx = com.x[k1] - com.x[k0], dy = com.y[k1] - com.y[k0], distance = Math.hypot(dx, dy);
  return { model, forwardSpeed: distance / (com.t[k1] - com.t[k0]), direction: [dx / distance, dy / distance], statistics, seconds, selfDistance: smallestSelfDistance(model) };
}

function main(): void {
  const stepsPerPeriod = Number(process.argv[2] ?? 200);
  const run = runContinuumSnake({ stepsPerPeriod, numberOfElements: Number(process.argv[3] ?? 40) });
  console.log(`continuum snake, paper's gait, h = T/${stepsPerPeriod}: forward speed ${run.forwardSpeed.toFixed(5)} m/s = ${(run.forwardSpeed * snakeData.period / snakeData.length).toFixed(4)} L/T, `
    + `direction [${run.direction.map((d) => d.toFixed(3)).join(', ')}], ${run.statistics.steps} steps (+${run.statistics.rejectedSteps} rejected), `
    + `${run.statistics.newtonIterations} Newton iterations, ${run.seconds.toFixed(1)} s; smallest self-distance ${run.selfDistance.toFixed(4)} m (2r = ${2 * snakeData.radius})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
