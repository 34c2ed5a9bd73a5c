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
 * Run `npm start` (or `npx tsx examples/wilberforce.ts`); z(t) and θ(t) go to solution/wilberforce.txt.
 * The builder is shared with test/rods/wilberforce.test.ts and bench/rodDynamics.bench.ts.
 * @module
 */

import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ConfigurationType, ObjectGround, MarkerBodyRigid,
  MarkerNodeRigid, MarkerBodyMass, MarkerBodyPosition, GenericJoint, LoadMassProportional, Force, ObjectRigidBody, SensorUserFunction, InertiaCylinder,
  NodeType, rodCenterline, type MainSystem, type CenterlineOptions, type SolverStatistics,
} from '../src/node.ts';
import { springData, springWireStiffness, textbookSpringStiffness } from './helicalSpring.ts';

/** Bob and load data of the issue. */
export const wilberforceData = {
  /** Bob (steel cylinder) radius [m]. */
  bobRadius: 0.023,
  /** Bob height [m]. */
  bobHeight: 0.036,
  /** Gravitational acceleration [m/s²]. */
  gravity: 9.81,
} as const;

/** Mass m = ρ π R² h of the bob [kg]. */
export const bobMass = springData.density * Math.PI * wilberforceData.bobRadius ** 2 * wilberforceData.bobHeight;

/** Inertia I_zz = m R²/2 of the bob about its (vertical) axis [kg m²]. */
export const bobAxialInertia = 0.5 * bobMass * wilberforceData.bobRadius ** 2;

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

/** Options of buildWilberforce. */
export interface WilberforceOptions {
  /** Rod elements; default 18. */
  numberOfElements?: number;
  /** Polynomial degree; default 2. */
  polynomialDegree?: number;
  /** Sensor file of z(t), θ(t); '' (default) keeps the rows in memory only. */
  sensorFile?: string;
  /**
   * How the bob is attached: 'node' (default) — an ObjectRigidBody on the last rod node, exactly rigid without a
   * constraint; 'joint' — a rigid body with its own node at its center of mass, held to the wire end by a GenericJoint
   * with all six axes locked (the stiffness of the joint's reactions, λ·C_qq, then carries the gravity lever).
   */
  bobAttachment?: 'node' | 'joint';
}

/** The assembled pendulum. */
export interface WilberforceModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** Rod nodes from the clamped top (s = 0) to the bob (s = L). */
  nodeNumbers: number[];
  /** The bob (ObjectRigidBody on the last rod node, or on its own node with bobAttachment 'joint'). */
  bob: number;
  /** Center of mass of the bob in the frame of the bob's node (the wire-end node, or the bob's own node: zero). */
  comLocal: number[];
  /** Downward force on the bob's center of mass [N] (a user-function load reads it; 0 after pullDown). */
  pull: { force: number };
  /** How the bob is attached (see {@link WilberforceOptions.bobAttachment}). */
  bobAttachment: 'node' | 'joint';
  /** Sensor with the values [z, θ]: vertical displacement of the bob's center of mass [m] and its rotation about the vertical axis [rad]. */
  sensor: number;
}

/** Row-major 3×3 → nested. */
function nested(a: ArrayLike<number>): number[][] {
  return [[a[0], a[1], a[2]], [a[3], a[4], a[5]], [a[6], a[7], a[8]]];
}

/**
 * Builds the pendulum: the spring of examples/helicalSpring.ts from (0, R, 3·pitch) down to (0, R, 0), node 0 clamped
 * (GenericJoint to the ground), a steel cylinder with its axis on the spring axis and its center of mass at
 * (0, 0, −h/2) as ObjectRigidBody on the last rod node, gravity on rod and bob, a downward pull on the bob (zero unless
 * set, see pullDown) and a user-function sensor [z, θ].
 */
export function buildWilberforce(options: WilberforceOptions = {}): WilberforceModel {
  const { coils, coilRadius: R, pitch, density } = springData;
  const { bobRadius, bobHeight, gravity } = wilberforceData;
  const mbs = new SystemContainer().addSystem();
  const centerline: CenterlineOptions = {
    type: 'Helix', radius: R, pitch, turns: coils, center: [0, 0, coils * pitch], rotationMatrix: [[1, 0, 0], [0, -1, 0], [0, 0, -1]],
  };
  const rod = mbs.createCosseratRod({
    centerline, numberOfElements: options.numberOfElements ?? 18, polynomialDegree: options.polynomialDegree ?? 2,
    rodParameters: springWireStiffness(), gravity: [0, 0, -gravity],
  });
  const nodes = rod.nodeNumbers;
  const line = rodCenterline(centerline);
  const frameTop = new Float64Array(9), frameEnd = new Float64Array(9), top = new Float64Array(3), end = new Float64Array(3);
  line.rotationMatrix(0, frameTop);
  line.rotationMatrix(rod.length, frameEnd);
  line.position(0, top);
  line.position(rod.length, end);

  const ground = mbs.addObject(ObjectGround({}));
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: Array.from(top) }));
  mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[0] }))], rotationMarker0: nested(frameTop) }));

  const last = nodes[nodes.length - 1];
  const comGlobal = [0, 0, -bobHeight / 2];
  const aT = nested(frameEnd);
  const aLocal = [0, 1, 2].map((r) => [0, 1, 2].map((c) => aT[c][r]));
  const cylinder = InertiaCylinder({ density, length: bobHeight, outerRadius: bobRadius, axis: 2 });
  let bob: number;
  let comLocal: number[];
  if (options.bobAttachment === 'joint') {
    // own node at the COM (axes global), the wire end at end − c in the bob frame; the joint frame J0 = A_L A_Lᵀ = I
    // coincides with the bob frame in the reference configuration
    comLocal = [0, 0, 0];
    bob = mbs.createRigidBody({ inertia: cylinder, referencePosition: comGlobal, gravity: [0, 0, -gravity] });
    const wireEnd = mbs.addMarker(MarkerNodeRigid({ nodeNumber: last }));
    const bobTop = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bob, localPosition: [0, 1, 2].map((k) => end[k] - comGlobal[k]) }));
    mbs.addObject(GenericJoint({ markerNumbers: [wireEnd, bobTop], rotationMarker0: aLocal }));
  } else {
    // the bob as a body of the wire-end node: inertia about its COM in the global frame, expressed in the node frame A_L
    // (J = A_Lᵀ J_g A_L), center of mass at A_Lᵀ(c − r_L) from the node
    comLocal = [0, 1, 2].map((r) => aLocal[r][0] * (comGlobal[0] - end[0]) + aLocal[r][1] * (comGlobal[1] - end[1]) + aLocal[r][2] * (comGlobal[2] - end[2]));
    const inertia = cylinder.rotated(aLocal).translated(comLocal);
    bob = mbs.addObject(ObjectRigidBody({ physicsMass: inertia.mass, physicsInertia: inertia.getInertia6D(), physicsCenterOfMass: inertia.com, nodeNumber: last }));
    mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: bob })), loadVector: [0, 0, -gravity] }));
  }
  // the hand that pulls the bob down before the release
  const pull = { force: 0 };
  mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: bob, localPosition: comLocal })), loadVectorUserFunction: () => [0, 0, -pull.force] }));

  // z: vertical displacement of the COM; θ: rotation of the bob about the vertical axis, from A A_Lᵀ (exact for any tilt)
  const sensor = mbs.addSensor(SensorUserFunction({
    storeInternal: true, writeToFile: (options.sensorFile ?? '') !== '', fileName: options.sensorFile ?? '',
    sensorUserFunction: (system, _t, _sensors, _factors, configuration) => {
      const m = system as MainSystem;
      const com = m.getObjectOutputBody(bob, OutputVariableType.Position, comLocal, configuration);
      const a = m.getNodeOutput(last, OutputVariableType.RotationMatrix, configuration);
      let r00 = 0, r01 = 0, r10 = 0, r11 = 0;
      for (let k = 0; k < 3; k++) {
        r00 += a[k] * frameEnd[k]; r01 += a[k] * frameEnd[3 + k];
        r10 += a[3 + k] * frameEnd[k]; r11 += a[3 + k] * frameEnd[3 + k];
      }
      return [com[2] - comGlobal[2], Math.atan2(r10 - r01, r00 + r11)];
    },
  }));
  mbs.assemble();
  return { mbs, nodeNumbers: nodes, bob, comLocal, pull, bobAttachment: options.bobAttachment ?? 'node', sensor };
}

/** Settings of the issue: generalized-α ρ∞ = 0.8, h = 5e-3 s, sparse LU; the gravity load on the bob gets its Jacobian. */
export function wilberforceSettings(endTime = 4, stepSize = 5e-3, spectralRadius = 0.8): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = Math.round(endTime / stepSize);
  settings.timeIntegration.generalizedAlpha.spectralRadius = spectralRadius;
  settings.timeIntegration.computeLoadsJacobian = 1;
  settings.timeIntegration.verboseMode = 0;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.computeLoadsJacobian = true;
  return settings;
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
 * Static equilibrium under gravity (4 load steps: the extension is 15 spring heights), made the initial state: the
 * coordinates and the multipliers (the eigen analysis takes the constraint-force stiffness from them).
 */
export function solveStaticEquilibrium(model: WilberforceModel): SolverStatistics {
  const { mbs } = model;
  const settings = wilberforceSettings();
  settings.staticSolver.numberOfLoadSteps = 4;
  // the joint-attached bob hangs on the joint's reactions: Newton needs their stiffness λ·C_qq to converge
  settings.staticSolver.newton.constraintForceJacobian = model.bobAttachment === 'joint';
  const statistics = mbs.solveStatic(settings);
  mbs.systemData.setODE2Coordinates(mbs.systemData.getODE2Coordinates(), ConfigurationType.Initial);
  mbs.systemData.setAECoordinates(mbs.systemData.getAECoordinates(), ConfigurationType.Initial);
  return statistics;
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
 * Initial state of the dynamic run, the classic start of a Wilberforce pendulum: the bob is pulled down by the force
 * k·amplitude (k the textbook stiffness) and held, i.e. the static equilibrium with gravity and that force becomes the
 * initial state (at rest), then the force is removed. Returns the bob's [z, θ] in the pulled equilibrium.
 */
export function pullDown(model: WilberforceModel, amplitude = 0.01): number[] {
  model.pull.force = textbookSpringStiffness * amplitude;
  solveStaticEquilibrium(model);
  model.pull.force = 0;
  return model.mbs.getSensorValues(model.sensor) as number[];
}

/**
 * Pulls the bob down (pullDown), releases it, integrates for endTime with the settings and fits the two
 * frequencies from z(t), θ(t).
 */
export function simulateWilberforce(model: WilberforceModel, endTime = 4, stepSize = 5e-3, amplitude = 0.01): WilberforceRun {
  const { mbs } = model;
  pullDown(model, amplitude);
  const statistics = mbs.solveDynamic(wilberforceSettings(endTime, stepSize));
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

function main(): void {
  const predicted = predictedFrequencies();
  const k = textbookSpringStiffness;
  console.log('Wilberforce pendulum: helical steel spring (3 coils, D = 32 mm, d = 1 mm, pitch 1 mm) as one Cosserat rod of 18 quadratic elements,');
  console.log(`steel cylinder bob R = 23 mm, h = 36 mm: m = ${bobMass.toFixed(4)} kg, I_zz = ${bobAxialInertia.toExponential(4)} kg m²; k = ${k.toFixed(3)} N/m, δ = ${predicted.torsionalStiffness.toExponential(4)} N m/rad`);
  console.log(`2-DOF model: f_z = √(k/m)/2π = ${predicted.vertical.toFixed(4)} Hz, f_θ = √(δ/I_zz)/2π = ${predicted.torsional.toFixed(4)} Hz`);

  const linear = linearizeAboutStaticEquilibrium(buildWilberforce());
  console.log(`\nStatic equilibrium under gravity: drop ${(1000 * linear.staticDrop).toFixed(2)} mm (mg/k = ${(1000 * bobMass * wilberforceData.gravity / k).toFixed(2)} mm), bob rotation ${linear.staticRotation.toFixed(4)} rad`);
  console.log('Lowest eigenfrequencies linearized about it, with the shares of the bob\'s modal kinetic energy:');
  linear.frequencies.forEach((f, i) => {
    const { vertical, torsional, lateral } = linear.shares[i];
    console.log(`  ${f.toFixed(4).padStart(9)} Hz  vertical ${vertical.toFixed(3)}  torsional ${torsional.toFixed(3)}  lateral ${lateral.toFixed(3)}`);
  });

  const started = performance.now();
  const run = simulateWilberforce(buildWilberforce({ sensorFile: 'solution/wilberforce.txt' }));
  const seconds = (performance.now() - started) / 1000;
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
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
