/**
 * Dynamic cantilever (PyElastica's DynamicCantileverCase, issue 14): a Cosserat rod of length L = 1 m, radius 0.02 m,
 * E = 1e5 Pa, ρ = 2000 kg/m³ (G = E/3, shear coefficient 27/28), clamped at x = 0. Its bending frequencies are compared
 * with the Euler–Bernoulli beam's, ω_n = (β_n L)² √(EI/(ρA L⁴)) with β_n L the roots of cos x cosh x + 1 = 0
 * (0.596864π, 1.49418π, 2.50025π, 3.49999π), and a free vibration in mode 1, started with PyElastica's initial velocity
 * profile (free-end velocity 0.005 m/s), with the free-end amplitude v_end/ω₁ and the period 2π/ω₁.
 *
 * PyElastica integrates 300 s in explicit steps of 5e-4 s (600 000 steps); here generalized-α takes 100 steps per period.
 * Run `npx tsx examples/dynamicCantilever.ts`. Shared with test/rods/pyelasticaValidation.test.ts.
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid,
  GenericJoint, SensorNode, type MainSystem, type SolverStatistics,
} from '../src/node.ts';

/** PyElastica's cantilever: length [m], radius [m], Young's modulus [Pa], density [kg/m³]. */
export const cantileverData = { L: 1, radius: 0.02, E: 1e5, density: 2000 };

const area = Math.PI * cantileverData.radius ** 2, inertia = Math.PI / 4 * cantileverData.radius ** 4;
const EI = cantileverData.E * inertia, rhoA = cantileverData.density * area;

/** Roots β_n L of cos(x) cosh(x) + 1 = 0 (clamped–free Euler–Bernoulli beam), by Newton from (n − ½)π. */
export function cantileverRoots(count: number): number[] {
  return Array.from({ length: count }, (_, n) => {
    let x = (n + 0.5) * Math.PI;
    for (let k = 0; k < 50; k++) x -= (Math.cos(x) * Math.cosh(x) + 1) / (Math.cosh(x) * -Math.sin(x) + Math.cos(x) * Math.sinh(x));
    return x;
  });
}

/** Mode shape of the clamped–free beam (PyElastica's analytical_dynamic_cantilever), x ∈ [0, L]. */
export function cantileverMode(x: number, L: number, beta: number): number {
  const b = Math.cos(beta * L) + Math.cosh(beta * L), c = Math.sin(beta * L) + Math.sinh(beta * L);
  return Math.cosh(beta * x) - Math.cos(beta * x) + (b / c) * (Math.sin(beta * x) - Math.sinh(beta * x));
}

/** The Euler–Bernoulli angular frequencies ω₁ … ω₄ [rad/s] of the cantilever. */
export const eulerBernoulliFrequencies: readonly number[] = cantileverRoots(4).map((betaL) => betaL ** 2 * Math.sqrt(EI / (rhoA * cantileverData.L ** 4)));

/**
 * The cantilever as a Cosserat rod (R12, displacement formulation) clamped at x = 0 (GenericJoint). eulerBernoulli: the
 * rod's Euler–Bernoulli limit (shear stiffness ×1e4 and rotary inertia ×1e-4), which is what the analytic frequencies
 * describe; otherwise PyElastica's shearable rod with its rotary inertia.
 */
export function buildCantilever(numberOfElements: number, polynomialDegree: number, eulerBernoulli: boolean): { mbs: MainSystem; nodes: number[] } {
  const { L, E } = cantileverData;
  const G = E / 3, shear = (27 / 28) * G * area * (eulerBernoulli ? 1e4 : 1), rotary = eulerBernoulli ? 1e-4 : 1;
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Straight', length: L }, numberOfElements, polynomialDegree,
    physicsAxialShearStiffness: [E * area, shear, shear], physicsBendingTorsionStiffness: [G * 2 * inertia, EI, EI],
    physicsMassPerLength: rhoA, physicsInertiaPerLength: [2 * inertia, inertia, inertia].map((i) => cantileverData.density * i * rotary),
  });
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({})), localPosition: [0, 0, 0] }));
  mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: rod.nodeNumbers[0] }))] }));
  return { mbs, nodes: rod.nodeNumbers };
}

/** Settings without solution file or sensor file, sparse LU. */
export function cantileverSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  return settings;
}

/** The lowest four bending frequencies [rad/s] in the x–y plane: every second eigenfrequency (bending in y and z coincide). */
export function bendingFrequencies(mbs: MainSystem): number[] {
  mbs.assemble();
  const modes = mbs.computeODE2Eigenvalues(cantileverSettings(), { numberOfEigenvalues: 8, convert2Frequencies: true });
  return [0, 2, 4, 6].map((k) => 2 * Math.PI * modes.values[k]);
}

/** Result of {@link freeVibration}: the free end's deflection history, the analytic period and amplitude. */
export interface FreeVibrationResult {
  /** Times of the sensor rows [s]. */
  t: number[];
  /** Free-end deflection y [m] per row. */
  y: number[];
  /** 2π/ω₁ of Euler–Bernoulli [s]. */
  period: number;
  /** v_end/ω₁ [m]: the analytic amplitude. */
  amplitude: number;
  statistics: SolverStatistics;
}

/**
 * Free vibration in mode 1 (8 cubic elements in the Euler–Bernoulli limit) started with PyElastica's initial velocity
 * profile (free-end velocity 0.005 m/s), generalized-α with spectral radius rho over `periods` periods of ω₁ in steps
 * of T/stepsPerPeriod.
 */
export function freeVibration(stepsPerPeriod: number, periods: number, rho: number): FreeVibrationResult {
  const { mbs, nodes } = buildCantilever(8, 3, true);
  const { L } = cantileverData;
  const tip = nodes[nodes.length - 1];
  const sensor = mbs.addSensor(SensorNode({ nodeNumber: tip, outputVariableType: OutputVariableType.Displacement, storeInternal: true, writeToFile: false }));
  mbs.assemble();
  const beta = cantileverRoots(1)[0] / L, endVelocity = 0.005;
  const scale = endVelocity / cantileverMode(L, L, beta);
  const compiled = mbs.compiled();
  const u = new Float64Array(compiled.data.initial.u.length);
  for (const node of nodes) {
    const model = compiled.nodes[node];
    const x = model.referenceCoordinates[0], h = 1e-6;
    u[model.uIndex + 1] = scale * cantileverMode(x, L, beta);
    // the cross-section turns with the slope: ω_z = ∂v_y/∂x (central difference, error ~1e-12 relative)
    u[model.uIndex + 5] = scale * (cantileverMode(x + h, L, beta) - cantileverMode(x - h, L, beta)) / (2 * h);
  }
  mbs.systemData.setODE2Coordinates_t(Array.from(u), ConfigurationType.Initial);
  const period = 2 * Math.PI / eulerBernoulliFrequencies[0];
  const settings = cantileverSettings();
  settings.timeIntegration.numberOfSteps = stepsPerPeriod * periods;
  settings.timeIntegration.endTime = period * periods;
  settings.timeIntegration.adaptiveStep = false;
  settings.timeIntegration.verboseMode = 0;
  settings.timeIntegration.generalizedAlpha.spectralRadius = rho;
  settings.timeIntegration.newton.relativeTolerance = 1e-10;
  const statistics = mbs.solveDynamic(settings);
  const rows = mbs.getSensorStoredData(sensor);
  return { t: rows.map((row) => row[0]), y: rows.map((row) => row[2]), period, statistics, amplitude: endVelocity / eulerBernoulliFrequencies[0] };
}

/** Peak values of y(t): the parabola through each positive local maximum and its neighbours (removes the sampling bias 1 − cos(π/N)). */
export function peaks(y: number[]): number[] {
  const out: number[] = [];
  for (let k = 1; k + 1 < y.length; k++) {
    if (y[k] > 0 && y[k] >= y[k - 1] && y[k] > y[k + 1]) {
      const a = (y[k - 1] + y[k + 1]) / 2 - y[k], b = (y[k + 1] - y[k - 1]) / 2;
      out.push(y[k] - b * b / (4 * a));
    }
  }
  return out;
}

/** Times of the upward zero crossings of y(t) (linear interpolation). */
export function upwardZeros(t: number[], y: number[]): number[] {
  const zeros: number[] = [];
  for (let k = 1; k < y.length; k++) if (y[k - 1] < 0 && y[k] >= 0) zeros.push(t[k - 1] + (t[k] - t[k - 1]) * (-y[k - 1]) / (y[k] - y[k - 1]));
  return zeros;
}

function main(): void {
  const frequencies = bendingFrequencies(buildCantilever(8, 3, true).mbs);
  frequencies.forEach((omega, n) => console.log(`bending mode ${n + 1}: ω = ${omega.toPrecision(8)} rad/s, Euler–Bernoulli ${eulerBernoulliFrequencies[n].toPrecision(8)} (${(omega / eulerBernoulliFrequencies[n] - 1).toExponential(2)})`));
  const run = freeVibration(100, 12, 1);
  const zeros = upwardZeros(run.t, run.y), amplitudes = peaks(run.y);
  const period = (zeros[zeros.length - 1] - zeros[0]) / (zeros.length - 1);
  const amplitude = amplitudes.reduce((sum, a) => sum + a, 0) / amplitudes.length;
  console.log(`free vibration, 12 periods in ${run.statistics.steps} steps (${run.statistics.newtonIterations} Newton iterations; PyElastica: 600 000 explicit steps for 300 s): `
    + `period ${period.toPrecision(6)} s (${(period / run.period - 1).toExponential(2)} of 2π/ω₁), mean free-end amplitude ${amplitude.toExponential(5)} m (${(amplitude / run.amplitude - 1).toExponential(2)} of v_end/ω₁)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
