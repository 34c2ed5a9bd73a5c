/**
 * Wilberforce pendulum (the fourth example, the `npm start` demo): the helical steel spring of
 * examples/helicalSpring.ts (3 coils, D = 32 mm, d = 1 mm, pitch 1 mm, one Cosserat rod of 18 quadratic elements),
 * clamped on top, with a steel cylinder bob (R = 23 mm, h = 36 mm, axis vertical on the spring axis, top face at the
 * level of the wire end) rigidly attached to the lower wire end, under gravity. The bob is an ObjectRigidBody on the
 * last rod node itself (inertia and center of mass expressed in that node's frame), so the attachment is exactly rigid
 * and needs no constraint.
 *
 * With bobAttachment 'joint' the bob is a separate rigid body held to the wire end by a rigid GenericJoint (same
 * physics; the test compares both).
 *
 * The static extension under gravity (≈ 44 mm) is 15 times the unloaded spring height, so the motion is analysed about
 * the loaded static equilibrium:
 * - eigenvalues of the system linearized there, with the load Jacobian of gravity on the bob (its center of mass is off
 *   the node) and the stiffness as assembled (the Petrov–Galerkin tangent of the prestressed rod is not symmetric;
 *   its symmetric part misplaces the modes);
 * - a dynamic run with the bob pulled down by k·10 mm (static equilibrium with that extra force) and released at rest:
 *   generalized-α, ρ∞ = 0.8, h = 5e-3 s, 4 s; z(t) and θ(t) exchange energy with the beat period
 *   1/(f₂ − f₁), and a least-squares fit of the two-frequency recurrence of both low-pass filtered signals gives f₁, f₂
 *   ({@link fitTwoFrequencies}).
 * Both are compared with the 2-DOF model ω_z = √(k/m), ω_θ = √(δ/I_zz), δ = k R²(1 + ν cos²α), α the helix angle.
 *
 * Run `npm start` (or `npx tsx examples/wilberforce.ts`); z(t) and θ(t) go to solution/wilberforce.txt, the coordinates
 * and the scene to solution/wilberforceSolution.txt and .scene.json: `npx flexdyn view solution/wilberforceSolution.txt`.
 * The model definition is src/live/demos/wilberforce.ts (shared with the live browser page); this file adds the analysis
 * and is shared with test/rods/wilberforce.test.ts and bench/rodDynamics.bench.ts.
 * @module
 */

import { pathToFileURL } from 'node:url';
import { OutputVariableType, exportScene, loadSolutionFile, type SolverStatistics } from '../src/node.ts';
import {
  springData, textbookSpringStiffness, wilberforceData, bobMass, bobAxialInertia, buildWilberforce, wilberforceSettings, solveStaticEquilibrium,
  pullDown, type WilberforceModel,
} from '../src/live/demos/wilberforce.ts';

/** Solution file of `npm start` (coordinates every 10 ms); its scene file is written beside it for `npx flexdyn view`. */
export const wilberforceSolutionFile = 'solution/wilberforceSolution.txt';

/** The model definition (shared with the live page): src/live/demos/wilberforce.ts. */
export {
  wilberforceData, bobMass, bobAxialInertia, buildWilberforce, wilberforceSettings, solveStaticEquilibrium, pullDown,
} from '../src/live/demos/wilberforce.ts';
export type { WilberforceOptions, WilberforceModel } from '../src/live/demos/wilberforce.ts';

/** Predicted frequencies of the uncoupled 2-DOF model [Hz]. */
export interface PredictedFrequencies {
  /** Vertical f_z = √(k/m)/(2π). */
  vertical: number;
  /** Torsional f_θ = √(δ/I_zz)/(2π). */
  torsional: number;
  /** Torsional stiffness δ = k R²(1 + ν cos²α) [N m/rad]. */
  torsionalStiffness: number;
}

/**
 * The 2-DOF model with the textbook stiffness k = G d⁴/(64 n R³) and the helix angle α of the unloaded spring
 * (tan α = pitch/(2πR)); the figures: 2.357 Hz and 2.572 Hz.
 */
export function predictedFrequencies(): PredictedFrequencies {
  const k = textbookSpringStiffness;
  const R = springData.coilRadius;
  const tanAlpha = springData.pitch / (2 * Math.PI * R);
  const cos2 = 1 / (1 + tanAlpha * tanAlpha);
  const delta = k * R * R * (1 + springData.nu * cos2);
  return { vertical: Math.sqrt(k / bobMass) / (2 * Math.PI), torsional: Math.sqrt(delta / bobAxialInertia) / (2 * Math.PI), torsionalStiffness: delta };
}

/** Share of the bob's modal kinetic energy per motion: vertical m ż², torsional I_zz θ̇², lateral m(ẋ² + ẏ²) of the COM. */
export interface ModeShares {
  /** Vertical share. */
  vertical: number;
  /** Rotation about the vertical axis. */
  torsional: number;
  /** Lateral (swinging). */
  lateral: number;
}

/** Eigen analysis about the static equilibrium. */
export interface WilberforceLinearization {
  /** Static drop of the bob's center of mass [m] (positive downward). */
  staticDrop: number;
  /** Static rotation of the bob about the vertical axis [rad]. */
  staticRotation: number;
  /** Lowest eigenfrequencies [Hz] (ascending). */
  frequencies: number[];
  /** Per frequency: how the bob moves in the mode. */
  shares: ModeShares[];
  /** The vertical (f_z) and torsional (f_θ) modes: those of the lowest modes with the largest vertical and torsional shares. */
  vertical: number;
  /** See vertical. */
  torsional: number;
  /** Newton iterations of the static solve. */
  newtonIterations: number;
}

/**
 * Solves the static equilibrium (solveStaticEquilibrium) and computes the lowest eigenfrequencies there: stiffness with
 * the gravity load Jacobian and as assembled (unsymmetric), clamp as constraint null space, shift-invert solve about 0
 * (the wire's shear and torsion modes reach ω² ≈ 1e13: with the direct dense solve the lowest frequencies change by up to
 * 2.5e-5 when K changes by 1e-10, with shift-invert by 2e-9).
 */
export function linearizeAboutStaticEquilibrium(model: WilberforceModel, numberOfFrequencies = 6): WilberforceLinearization {
  const { mbs, bob } = model;
  const statistics = solveStaticEquilibrium(model);
  const [z, rotation] = mbs.getSensorValues(model.sensor) as number[];
  const result = mbs.computeODE2Eigenvalues(wilberforceSettings(), {
    includeLoadsJacobian: true, unsymmetricStiffness: true, numberOfEigenvalues: numberOfFrequencies, convert2Frequencies: true, shiftInvert: 0,
  });
  // bob kinematics in a mode φ: u of the wire-end node = [v global, ω̄ local]; COM velocity v + ω × (A χ)
  const last = model.nodeNumbers[model.nodeNumbers.length - 1];
  const uIndex = mbs.compiled().nodes[last].uIndex;
  const a = mbs.getNodeOutput(last, OutputVariableType.RotationMatrix);
  const node = mbs.getNodeOutput(last, OutputVariableType.Position);
  const com = mbs.getObjectOutputBody(bob, OutputVariableType.Position, model.comLocal);
  const lever = [com[0] - node[0], com[1] - node[1], com[2] - node[2]];
  const shares = result.vectors.map((phi): ModeShares => {
    const wl = [phi[uIndex + 3], phi[uIndex + 4], phi[uIndex + 5]];
    const w = [0, 1, 2].map((r) => a[3 * r] * wl[0] + a[3 * r + 1] * wl[1] + a[3 * r + 2] * wl[2]);
    const v = [
      phi[uIndex] + w[1] * lever[2] - w[2] * lever[1],
      phi[uIndex + 1] + w[2] * lever[0] - w[0] * lever[2],
      phi[uIndex + 2] + w[0] * lever[1] - w[1] * lever[0],
    ];
    const vertical = bobMass * v[2] ** 2, torsional = bobAxialInertia * w[2] ** 2, lateral = bobMass * (v[0] ** 2 + v[1] ** 2);
    const total = vertical + torsional + lateral;
    return { vertical: vertical / total, torsional: torsional / total, lateral: lateral / total };
  });
  const pick = (key: 'vertical' | 'torsional') => result.values[shares.reduce((best, share, i) => (share[key] > shares[best][key] ? i : best), 0)];
  return {
    staticDrop: -z, staticRotation: rotation, frequencies: result.values, shares,
    vertical: pick('vertical'), torsional: pick('torsional'), newtonIterations: statistics.newtonIterations,
  };
}

/**
 * Prony fit of two frequencies common to several sampled signals x_n = c + Σ_k a_k cos(ω_k n Δt + φ_k) (undamped): the
 * differences d_n = x_{n+1} − x_n remove c and satisfy d_{n+4} + d_n = c₁(d_{n+3} + d_{n+1}) − c₂ d_{n+2} with
 * c₁ = y₁ + y₂, c₂ = 2 + y₁y₂, y_k = 2 cos ω_kΔt (the palindromic polynomial of the two pairs e^{±iω_kΔt}).
 * c₁, c₂ by least squares over all signals (each scaled by its RMS difference), then y² − c₁y + c₂ − 2 = 0.
 * Returns the frequencies in Hz, ascending, and the RMS of the recurrence residual relative to the RMS of d.
 */
export function fitTwoFrequencies(signals: readonly (readonly number[])[], dt: number): { frequencies: number[]; relativeResidual: number } {
  const rows: [number, number, number][] = [];
  let dd = 0;
  for (const x of signals) {
    const d = x.slice(1).map((v, i) => v - x[i]);
    const scale = Math.sqrt(d.reduce((sum, v) => sum + v * v, 0) / d.length);
    if (!(scale > 0)) continue;
    for (let n = 0; n + 4 < d.length; n++) {
      rows.push([(d[n + 3] + d[n + 1]) / scale, -d[n + 2] / scale, (d[n + 4] + d[n]) / scale]);
      dd += (d[n + 2] / scale) ** 2;
    }
  }
  let a11 = 0, a12 = 0, a22 = 0, b1 = 0, b2 = 0;
  for (const [p, q, r] of rows) { a11 += p * p; a12 += p * q; a22 += q * q; b1 += p * r; b2 += q * r; }
  const det = a11 * a22 - a12 * a12;
  const c1 = (b1 * a22 - b2 * a12) / det, c2 = (a11 * b2 - a12 * b1) / det;
  let residual = 0;
  for (const [p, q, r] of rows) residual += (r - c1 * p - c2 * q) ** 2;
  const root = Math.sqrt(Math.max(c1 * c1 - 4 * (c2 - 2), 0));
  const frequencies = [(c1 + root) / 2, (c1 - root) / 2].map((y) => Math.acos(Math.min(Math.max(y / 2, -1), 1)) / (2 * Math.PI * dt));
  return { frequencies: frequencies.sort((x, y) => x - y), relativeResidual: Math.sqrt(residual / dd) };
}

/** Samples x(t) (t ascending) at 0, Δt, 2Δt, … ≤ t_end by linear interpolation. */
function resample(t: readonly number[], x: readonly number[], dt: number): number[] {
  const out: number[] = [];
  let j = 0;
  for (let k = 0; k * dt <= t[t.length - 1] + 1e-12; k++) {
    const tk = k * dt;
    while (j + 2 < t.length && t[j + 1] < tk) j++;
    const w = Math.min(Math.max((tk - t[j]) / (t[j + 1] - t[j]), 0), 1);
    out.push((1 - w) * x[j] + w * x[j + 1]);
  }
  return out;
}

/** Moving average over window samples (the output is window − 1 samples shorter). */
function movingAverage(x: readonly number[], window: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < x.length; i++) {
    sum += x[i];
    if (i >= window) sum -= x[i - window];
    if (i >= window - 1) out.push(sum / window);
  }
  return out;
}

/** Result of the dynamic run. */
export interface WilberforceRun {
  /** Sensor rows [t, z, θ] (every step). */
  rows: number[][];
  /** Solver statistics. */
  statistics: SolverStatistics;
  /** Frequencies fitted from z(t), θ(t) [Hz], ascending. */
  frequencies: number[];
  /** Relative residual of the fit (see fitTwoFrequencies). */
  fitResidual: number;
  /** Mean drop of the bob (mean of −z) [m]. */
  meanDrop: number;
  /** Half the range of z [m]. */
  verticalAmplitude: number;
  /** Half the range of θ [rad]. */
  rotationAmplitude: number;
}

/**
 * Pulls the bob down (pullDown), releases it, integrates for endTime with the settings and fits the two
 * frequencies from z(t), θ(t). With a solutionFile the coordinates are written every 10 ms for the viewer.
 */
export function simulateWilberforce(model: WilberforceModel, endTime = 4, stepSize = 5e-3, amplitude = 0.01, solutionFile = ''): WilberforceRun {
  const { mbs } = model;
  pullDown(model, amplitude);
  const settings = wilberforceSettings(endTime, stepSize);
  if (solutionFile !== '') {
    // for the viewer: coordinates every 10 ms (100 frames per second of the animation)
    settings.solutionSettings.writeSolutionToFile = true;
    settings.solutionSettings.coordinatesSolutionFileName = solutionFile;
    settings.solutionSettings.solutionWritePeriod = 0.01;
  }
  const statistics = mbs.solveDynamic(settings);
  const rows = mbs.getSensorStoredData(model.sensor);
  const z = rows.map((row) => row[1]), theta = rows.map((row) => row[2]);
  // the fit needs equidistant samples (a step the solver had to split adds rows) and only the two modes: linear
  // interpolation to t = k·h, then two passes of a 0.2 s moving average (zeros at multiples of 5 Hz; it scales the second
  // swinging modes (8.31, 8.47 Hz) by 0.04 and keeps the frequencies, as any linear filter does)
  const times = rows.map((row) => row[0]);
  const window = Math.max(1, Math.round(0.2 / stepSize));
  const smooth = (x: number[]) => movingAverage(movingAverage(resample(times, x, stepSize), window), window);
  const fit = fitTwoFrequencies([smooth(z), smooth(theta)], stepSize);
  return {
    rows, statistics, frequencies: fit.frequencies, fitResidual: fit.relativeResidual,
    meanDrop: -z.reduce((sum, v) => sum + v, 0) / z.length,
    verticalAmplitude: (Math.max(...z) - Math.min(...z)) / 2,
    rotationAmplitude: (Math.max(...theta) - Math.min(...theta)) / 2,
  };
}

/** The demo's rod: the engine's default element (quaternion interpolation, mixed formulation; issue 16's best formulation). */
const demoRod = { interpolation: 'quaternion', formulation: 'mixed' } as const;

function main(): void {
  const predicted = predictedFrequencies();
  const k = textbookSpringStiffness;
  console.log('Wilberforce pendulum: helical steel spring (3 coils, D = 32 mm, d = 1 mm, pitch 1 mm) as one Cosserat rod of 18 quadratic elements (quaternion, mixed),');
  console.log(`steel cylinder bob R = 23 mm, h = 36 mm: m = ${bobMass.toFixed(4)} kg, I_zz = ${bobAxialInertia.toExponential(4)} kg m²; k = ${k.toFixed(3)} N/m, δ = ${predicted.torsionalStiffness.toExponential(4)} N m/rad`);
  console.log(`2-DOF model: f_z = √(k/m)/2π = ${predicted.vertical.toFixed(4)} Hz, f_θ = √(δ/I_zz)/2π = ${predicted.torsional.toFixed(4)} Hz`);

  const linear = linearizeAboutStaticEquilibrium(buildWilberforce(demoRod));
  console.log(`\nStatic equilibrium under gravity: drop ${(1000 * linear.staticDrop).toFixed(2)} mm (mg/k = ${(1000 * bobMass * wilberforceData.gravity / k).toFixed(2)} mm), bob rotation ${linear.staticRotation.toFixed(4)} rad`);
  console.log('Lowest eigenfrequencies linearized about it, with the shares of the bob\'s modal kinetic energy:');
  linear.frequencies.forEach((f, i) => {
    const { vertical, torsional, lateral } = linear.shares[i];
    console.log(`  ${f.toFixed(4).padStart(9)} Hz  vertical ${vertical.toFixed(3)}  torsional ${torsional.toFixed(3)}  lateral ${lateral.toFixed(3)}`);
  });

  const started = performance.now();
  const model = buildWilberforce({ ...demoRod, sensorFile: 'solution/wilberforce.txt' });
  const run = simulateWilberforce(model, 4, 5e-3, 0.01, wilberforceSolutionFile);
  const seconds = (performance.now() - started) / 1000;
  const sceneFile = exportScene(model.mbs, loadSolutionFile(wilberforceSolutionFile), { upAxis: 'z' });
  console.log(`\nBob pulled down by k·10 mm and released, generalized-α ρ∞ = 0.8, h = 5e-3 s, 4 s: ${run.statistics.steps} steps, `
    + `${run.statistics.newtonIterations} Newton iterations, ${seconds.toFixed(2)} s (static solve included)`);
  console.log('  t [s]   z [mm]   θ [rad]');
  for (let i = 0; i < run.rows.length; i += 10) {
    const [t, z, theta] = run.rows[i];
    console.log(`  ${t.toFixed(2).padStart(5)}  ${(1000 * z).toFixed(2).padStart(7)}  ${theta.toFixed(4).padStart(8)}`);
  }
  console.log(`mean drop ${(1000 * run.meanDrop).toFixed(2)} mm, amplitudes (half ranges) z ${(1000 * run.verticalAmplitude).toFixed(2)} mm, θ ${run.rotationAmplitude.toFixed(3)} rad; `
    + 'z(t), θ(t) written to solution/wilberforce.txt');
  const fitted = run.frequencies;
  console.log('\nFrequencies [Hz]          vertical f_z         torsional f_θ');
  console.log(`2-DOF model            ${predicted.vertical.toFixed(4).padStart(10)}           ${predicted.torsional.toFixed(4).padStart(10)}`);
  const compare = (name: string, fz: number, fTheta: number) => console.log(`${name.padEnd(21)}  ${fz.toFixed(4).padStart(10)} (${(100 * (fz / predicted.vertical - 1)).toFixed(2).padStart(5)} %)  `
    + `${fTheta.toFixed(4).padStart(10)} (${(100 * (fTheta / predicted.torsional - 1)).toFixed(2).padStart(5)} %)`);
  compare('eigen (equilibrium)', linear.vertical, linear.torsional);
  compare('fit of z(t), θ(t)', fitted[0], fitted[1]);
  console.log(`beat period 1/(f₂ − f₁) = ${(1 / (fitted[1] - fitted[0])).toFixed(2)} s; relative residual of the fit ${run.fitResidual.toExponential(2)}`);
  console.log(`\nsolution ${wilberforceSolutionFile} and scene ${sceneFile} written; watch the spring and the bob: npx flexdyn view ${wilberforceSolutionFile}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
