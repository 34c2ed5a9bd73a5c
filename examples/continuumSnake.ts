/**
 * Continuum snake (Gazzola, Dudte, McCormick & Mahadevan, "Forward and inverse problems in the mechanics of soft
 * filaments", R. Soc. open sci. 5, 2018), as the paper's own code runs it (mattialab/elastica, Snake.cpp; issue 14): a
 * free Cosserat rod (L = 1 m, r = 0.025 m, ρ = 1000 kg/m³, E = 1e7 Pa, G = E/1.5, linear damping ν = 5 per length on the
 * velocity and the angular velocity, 100 elements) lies on the ground under gravity; a travelling wave of muscle
 * torques about the ground normal (ObjectRodGlobalMuscleTorque: the axis fixed in space, the paper code's spline curve
 * with its optimized control values [17.29, 48.54, 5.392, 14.74] N m, wave number 6.133/m, period T = 1 s, ramped up over
 * one period) bends it, and the anisotropic friction of the ground (ObjectContactRodPlane with componentwiseFriction: the
 * axial and the sideways slip each meet their own kinetic friction, as in the paper's code and PyElastica; Froude number
 * 0.1: μ = L/(T² g Fr), [μ, 1.5μ, 2μ] forward/backward/sideways) turns the undulation into forward motion.
 *
 * The rod is numbered from the head (the code's x[0]) to the tail: the snake crawls towards decreasing s, against the
 * tangent, so the forward/backward friction coefficients swap places in ContactRodPlane's [along, against, sideways].
 * The forward speed is the code's measure: the mean nodal velocity averaged over 1 ≤ t ≤ 2 s (the mean node displacement
 * over that second), along the head's initial direction. The code prints 0.568 m/s for this gait (docs/benchmarks.md).
 *
 * The paper's code integrates this with position Verlet at Δt = 1e-5 T (2e5 steps for 2 s); here generalized-α with
 * implicit contact and friction. Run `npx tsx examples/continuumSnake.ts [stepsPerPeriod]`.
 * Shared with test/long/continuumSnake.test.ts, bench/pyelasticaCases.ts and scripts/optimizeSnakeGait.ts.
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectRodGlobalMuscleTorque, ObjectRodLinearDamping, MarkerBodyMass, SensorNode,
  type MainSystem, type SolverStatistics,
} from '../src/node.ts';

/** The paper code's snake and ground. */
export const snakeData = {
  length: 1, radius: 0.025, density: 1000, E: 1e7, poissonRatio: 0.5, damping: 5, period: 1, g: 9.81, froude: 0.1, numberOfElements: 100,
  /** The paper's optimized gait as its code holds it: B-spline control values [N m] and the wavelength 2π/(6.133/m) relative to L. */
  gait: { splineCoefficients: [17.29, 48.54, 5.392, 14.74], wavelength: 2 * Math.PI / 6.133 },
  /** The speed [m/s] the paper's code prints for the gait (mean nodal velocity over 1 ≤ t ≤ 2 s), run here (docs/benchmarks.md). */
  codeSpeed: 0.568009,
};

/**
 * The gait scripts/optimizeSnakeGait.ts found for this model (evolutionary search 12 × 3 at h = T/50, best 0.440 m/s, then
 * Nelder–Mead from the paper's gait at T/100; 56 evaluations, 641 s): 0.55227 m/s, 2.3 % faster than the paper's gait
 * (0.54003 m/s), which the paper's own optimization found for its model (test/long/continuumSnake.test.ts).
 */
export const optimizedSnakeGait = {
  splineCoefficients: [19.68473821620632, 48.11617284430236, 4.725603575680204, 14.55106307432448], wavelength: 1.0827173227808677,
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
  /** Regularization velocity of the friction (stick zone) [m/s]; default 1e-2 (the speed is the same with 1e-3 and 1e-4, at 7–25× the steps). */
  frictionZone?: number;
}

/** The assembled snake. */
export interface ContinuumSnakeModel {
  mbs: MainSystem;
  nodeNumbers: number[];
  /** One position sensor per node (stored internally), for the mean node position. */
  sensors: number[];
}

/**
 * The ground's normal force law: a soft penalty, k = 1e4 N/m² per length (static penetration ρA g/k = 1.9 mm = 0.077 R)
 * and damping 190 N s/m² (0.68 of critical, 2√(k ρA) = 280). The paper's code cancels the rod's net force into the
 * plane instead (its k = 1 N/m², ν = 1e-6 act only on the penetration that remains), so the stiffness is ours to choose,
 * and the speed depends on it through the sections' friction moment (−R n) × F, which twists the curved body and
 * redistributes the normal force: 0.548, 0.540, 0.534, 0.507, 0.474, 0.458 m/s for k = 3e3, 1e4, 2e4, 1e5, 1e6, 1e7 N/m²
 * (docs/decisions.md, "The continuum snake's ground").
 */
const contact = { stiffness: 1e4, damping: 190 };

/** Builds the snake from the head at the origin along −x, on the plane z = 0, gravity −z. */
export function buildContinuumSnake(options: ContinuumSnakeOptions = {}): ContinuumSnakeModel {
  const { length, radius, density, E, poissonRatio, damping, period, g, froude } = snakeData;
  const gait = options.gait ?? snakeData.gait;
  const area = Math.PI * radius * radius, inertia = Math.PI / 4 * radius ** 4, G = E / (1 + poissonRatio);
  const massPerLength = density * area, numberOfElements = options.numberOfElements ?? snakeData.numberOfElements;
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Straight', start: [0, 0, radius], direction: [-1, 0, 0], up: [0, 0, 1], length },
    numberOfElements, polynomialDegree: options.polynomialDegree ?? 1,
    // the shearable rod of the paper's code: α_c = 4/3 of the circle on the shear stiffness
    physicsAxialShearStiffness: [E * area, (4 / 3) * G * area, (4 / 3) * G * area], physicsBendingTorsionStiffness: [2 * G * inertia, E * inertia, E * inertia],
    physicsMassPerLength: massPerLength, physicsInertiaPerLength: [2 * inertia, inertia, inertia].map((i) => density * i),
    gravity: [0, 0, -g],
  });
  // the code turns the ground normal into each element's frame: an axis fixed in space
  mbs.addObject(ObjectRodGlobalMuscleTorque({
    bodyNumber: rod.objectNumber, direction: [0, 0, 1], amplitude: 1, splineCoefficients: [...gait.splineCoefficients], splineCurve: true, baseLength: length,
    period, waveNumber: 2 * Math.PI / (gait.wavelength * length), phaseShift: 0, rampUpTime: period, pointsPerElement: 2,
  }));
  const massMarker = mbs.addMarker(MarkerBodyMass({ bodyNumber: rod.objectNumber }));
  mbs.addObject(ObjectRodLinearDamping({ markerNumber: massMarker, translationalDamping: damping, rotationalDamping: damping }));
  const mu = length / (period * period * g * froude);
  // friction at the element centres, as the code evaluates it
  const pointsPerElement = 1, points = numberOfElements * pointsPerElement;
  const penetration = massPerLength * g / contact.stiffness;
  // the snake starts resting on the ground: gaps closed at the static penetration
  const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4 * points, initialCoordinates: Array.from({ length: 4 * points }, (_, i) => (i % 4 === 0 ? -penetration : 0)) });
  for (const node of rod.nodeNumbers) mbs.modifyNode(node, { initialCoordinates: [0, 0, -penetration, 0, 0, 0, 0] });
  mbs.addObject({
    objectType: 'ContactRodPlane', bodyNumber: rod.objectNumber, nodeNumber: data, planePoint: [0, 0, 0], planeNormal: [0, 0, 1], radius, pointsPerElement,
    contactStiffness: contact.stiffness, contactDamping: contact.damping, componentwiseFriction: true,
    // [along the tangent (towards the tail), against it (towards the head: the snake's forward), sideways]; the code's static
    // coefficients act only below a slip of 1e-8 m/s, so the stick zone keeps the kinetic ones (staticFriction 0)
    dynamicFriction: [1.5 * mu, mu, 2 * mu], frictionProportionalZone: options.frictionZone ?? 1e-2,
  });
  const sensors = rod.nodeNumbers.map((node) => mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false })));
  mbs.assemble();
  return { mbs, nodeNumbers: rod.nodeNumbers, sensors };
}

/**
 * Generalized-α settings with steps of at most T/stepsPerPeriod to endTime (adaptive: a step whose Newton iteration fails
 * is halved). Newton stops at 1e-4 of the initial residual (a few 1e-4 N on the 0.2 N a point carries) and starts from
 * a_{n+1} = a_n (constantAccelerationPredictor). Measured (docs/benchmarks.md, session 11) at T/50: 107 steps (+2
 * rejected), 316 Newton iterations, against 138 (+7), 765 with Newton's defaults (1e-8, zero predictor), the speed the
 * same to 5e-4 relative; 0.54232, 0.54082, 0.54035, 0.5402, 0.5402 m/s at T/25, T/50, T/100, T/200, T/400.
 */
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
  ti.newton.relativeTolerance = 1e-4;
  ti.generalizedAlpha.constantAccelerationPredictor = true;
  return settings;
}

/** Result of {@link runContinuumSnake}. */
export interface ContinuumSnakeRun {
  /** The model after the run (its node sensors hold the body's history). */
  model: ContinuumSnakeModel;
  /** The code's forward speed [m/s]: the mean node displacement over startTime … endTime along the head's initial direction (+x), per time. */
  forwardSpeed: number;
  /** Direction of the mean node displacement over that time in the ground plane (unit). */
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

/** Mean node position (unweighted, as the code's vMean) of every stored row. */
function meanNodeRows(model: ContinuumSnakeModel): { t: number[]; x: number[]; y: number[] } {
  const columns = model.sensors.map((sensor) => model.mbs.getSensorStoredData(sensor));
  const n = columns.length, rows = columns[0].length;
  const t: number[] = [], x: number[] = [], y: number[] = [];
  for (let r = 0; r < rows; r++) {
    let sx = 0, sy = 0;
    for (let k = 0; k < n; k++) {
      sx += columns[k][r][1];
      sy += columns[k][r][2];
    }
    t.push(columns[0][r][0]);
    x.push(sx / n);
    y.push(sy / n);
  }
  return { t, x, y };
}

/** Runs the snake to endTime (default 2 T) and measures the forward speed from startTime (default T) on. */
export function runContinuumSnake(options: ContinuumSnakeOptions & { stepsPerPeriod?: number; endTime?: number; startTime?: number } = {}): ContinuumSnakeRun {
  const model = buildContinuumSnake(options);
  const endTime = options.endTime ?? 2 * snakeData.period, start = options.startTime ?? snakeData.period;
  const begin = performance.now();
  const statistics = model.mbs.solveDynamic(continuumSnakeSettings(options.stepsPerPeriod ?? 100, endTime));
  const seconds = (performance.now() - begin) / 1000;
  const mean = meanNodeRows(model);
  const at = (time: number) => {
    let k = 0;
    while (k + 1 < mean.t.length && mean.t[k + 1] <= time + 1e-12) k++;
    return k;
  };
  const k0 = at(start), k1 = mean.t.length - 1;
  const dx = mean.x[k1] - mean.x[k0], dy = mean.y[k1] - mean.y[k0], distance = Math.hypot(dx, dy);
  return {
    model, forwardSpeed: dx / (mean.t[k1] - mean.t[k0]), direction: [dx / distance, dy / distance], statistics, seconds,
    selfDistance: smallestSelfDistance(model),
  };
}

function main(): void {
  const stepsPerPeriod = Number(process.argv[2] ?? 100);
  const run = runContinuumSnake({ stepsPerPeriod });
  console.log(`continuum snake, the paper's gait, h = T/${stepsPerPeriod}: forward speed ${run.forwardSpeed.toFixed(4)} m/s over 1 ≤ t ≤ 2 s `
    + `(the paper's code: ${snakeData.codeSpeed.toFixed(3)} m/s), ${run.statistics.steps} steps (+${run.statistics.rejectedSteps} rejected), `
    + `${run.statistics.newtonIterations} Newton iterations, ${run.seconds.toFixed(1)} s; smallest self-distance ${run.selfDistance.toFixed(4)} m (2r = ${2 * snakeData.radius})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
