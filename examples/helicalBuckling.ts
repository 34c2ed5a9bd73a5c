/**
 * Helical buckling of a twisted, clamped rod (PyElastica's HelicalBucklingCase, issue 14): a straight rod of length
 * L = 100 along x, bending stiffness B = 1.345, torsional stiffness C = 0.789, shear and axial stiffness 1e5, clamped at
 * both ends; one end is turned by R = 27 full turns about the rod axis and moved towards the other by the slack 3. The
 * rod buckles into the localized helix of van der Heijden, Neukirch, Goss & Thompson ("Instability and self-contact
 * phenomena in the writhing of clamped rods", Int. J. Mech. Sci. 45, 2003, eqs. 27 and 52), whose end moment m and
 * tension t (dimensionless, m = M L/B, t = T L²/B) follow from "Writhing instabilities of twisted rods: from infinite to
 * finite length" (2001), eqs. 14–15:
 *   d = √(16/t · (1 − m²/(4t))) (end shortening / L),   R = m/γ + 4 arccos(m/(2√t)) (end rotation),   γ = C/B.
 * The localized solution has cos φ(s) = 1 − (1 − cos φ_max) sech²(√(4t − m²) s/(2L)), s from the middle, with
 * cos φ_max = m²/(2t) − 1 (φ the angle of the tangent to the end-to-end axis), so PyElastica's normalized envelope
 * (cos φ − cos φ_max)/(1 − cos φ_max) is tanh²(√(4t − m²) s/(2L)).
 *
 * PyElastica integrates 10 500 s in explicit steps of 1e-3·Δl (1.05e7 steps). Here: one static solve with load steps,
 * the twist first (ends at distance L, where the rod stays nearly straight), then the slack; a lateral force at the
 * middle node, ramped back to 0 over the path, is the imperfection that picks the buckled branch.
 *
 * Run `npx tsx examples/helicalBuckling.ts`. Shared with test/long/helicalBuckling.test.ts and bench/pyelasticaCases.bench.ts.
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid,
  GenericJoint, Force, type MainSystem, type SolverStatistics,
} from '../src/node.ts';

/** PyElastica's parameters: L, bending B, torsion C, shear and axial stiffness, end turns, slack. */
export const helicalBucklingData = { length: 100, bending: 1.345, torsion: 0.789, shear: 1e5, turns: 27, slack: 3 };

/** Analytic solution (van der Heijden et al.): dimensionless end moment m, tension t, maximum tangent angle φ_max. */
export interface HelicalBucklingAnalytic {
  /** m = M L/B. */
  moment: number;
  /** t = T L²/B. */
  tension: number;
  /** φ_max [rad], the largest angle of the tangent to the end-to-end axis (at the middle). */
  phiMax: number;
  /** The normalized envelope (cos φ − cos φ_max)/(1 − cos φ_max) at arc length s from the middle. */
  envelope: (sFromMiddle: number) => number;
}

/**
 * Solves d = √(16/t (1 − m²/(4t))), R = m/γ + 4 arccos(m/(2√t)) for (m, t) by Newton (with a = m/(2√t) ∈ (0, 1) and
 * √t as unknowns: d = 4 √(1 − a²)/√t, R = 2a√t/γ + 4 arccos a), started at the straight-rod guess a = 0.9.
 */
export function helicalBucklingAnalytic(data = helicalBucklingData): HelicalBucklingAnalytic {
  const gamma = data.torsion / data.bending, R = 2 * Math.PI * data.turns, d = data.slack / data.length;
  // eliminate √t = 4√(1 − a²)/d, then solve g(a) = 8a√(1 − a²)/(γ d) + 4 arccos a − R = 0 on the branch a → 1
  let a = 0.9;
  for (let k = 0; k < 100; k++) {
    const w = Math.sqrt(1 - a * a);
    const g = 8 * a * w / (gamma * d) + 4 * Math.acos(a) - R;
    const dg = 8 * (w - a * a / w) / (gamma * d) - 4 / w;
    const step = g / dg;
    a -= step;
    if (Math.abs(step) < 1e-15) break;
  }
  const rootT = 4 * Math.sqrt(1 - a * a) / d, tension = rootT * rootT, moment = 2 * a * rootT;
  const phiMax = Math.acos(moment * moment / (2 * tension) - 1);
  const decay = Math.sqrt(4 * tension - moment * moment) / (2 * data.length);
  return { moment, tension, phiMax, envelope: (s) => Math.tanh(decay * s) ** 2 };
}

/** Options of {@link buildHelicalBuckling}. */
export interface HelicalBucklingOptions {
  numberOfElements: number;
  polynomialDegree?: number;
  interpolation?: 'R12' | 'quaternion' | 'SE3';
  /** Lateral imperfection force at the middle node during the release, then ramped to 0 (default 1e-3; B/L² = 1.3e-4). */
  imperfection?: number;
  /** Load time at which the release is complete (default 0.8); from there to t = 1 the imperfection force is ramped out. */
  releaseEnd?: number;
  /** Ratio of the last to the first end motion per load step of the geometric release (default 1e4). */
  releaseRange?: number;
  /**
   * Extension of the rod in the initial state (default 1e-3: tension EA·1e-5 = 1, above M²/(4B) = 0.33 of the final end
   * moment, so the straight twisted rod is stable, Greenhill); the load path moves the end by −(stretch + slack).
   */
  stretch?: number;
}

/** The assembled model. */
export interface HelicalBucklingModel {
  mbs: MainSystem;
  nodeNumbers: number[];
  /** The GenericJoint that holds the moved and turned end (its Force and Torque outputs are the end loads). */
  endJoint: number;
}

/**
 * The rod along x from the origin, clamped at x = 0 and at x = L by GenericJoints; the joint at x = L turns the end by
 * 2π·turns about x (rotation offset) and moves it by stretch − (stretch + slack)·g(min(1, t/releaseEnd)), g geometric from 0 to 1 (static load time
 * t ∈ [0, 1]); a lateral force at the middle node (the imperfection) acts during the release and is ramped out after it.
 * The initial state is the equilibrium at t = 0: the straight rod stretched by `stretch` and uniformly twisted by the
 * end turns (node k turned by 2π·turns·s_k/L: the twist is a linear torsion problem, no path is needed for it); the load
 * steps then release the end by the slack, through the buckling.
 */
export function buildHelicalBuckling(options: HelicalBucklingOptions): HelicalBucklingModel {
  const { length, bending, torsion, shear, turns, slack } = helicalBucklingData;
  const imperfection = options.imperfection ?? 1e-3, stretch = options.stretch ?? 1e-3, releaseEnd = options.releaseEnd ?? 0.8;
  // the release g(τ) = (e^{κτ} − 1)/(e^κ − 1), κ = ln(1 + range): equal load steps move the end geometrically, the first
  // ones by (stretch + slack)/range, so that they resolve the buckling (the tension falls from EA·stretch/L to M²/(4B)
  // after an end motion of 7e-4, a 2e-4 fraction of the release) without jumping onto the unstable straight branch
  const kappa = Math.log(1 + (options.releaseRange ?? 1e4));
  const release = (tau: number) => Math.expm1(kappa * tau) / Math.expm1(kappa);
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ formulation: 'displacement',
    centerline: { type: 'Straight', length }, numberOfElements: options.numberOfElements, polynomialDegree: options.polynomialDegree ?? 1,
    interpolation: options.interpolation ?? 'SE3',
    physicsAxialShearStiffness: [shear, shear, shear], physicsBendingTorsionStiffness: [torsion, bending, bending], physicsMassPerLength: 1,
  });
  const nodes = rod.nodeNumbers;
  const totalTwist = 2 * Math.PI * turns;
  nodes.forEach((node, k) => {
    // the reference frame is the identity (rod along x): total quaternion (cos θ/2, sin θ/2, 0, 0), θ = twist at s_k
    const fraction = k / (nodes.length - 1), half = totalTwist * fraction / 2;
    mbs.modifyNode(node, { initialCoordinates: [stretch * fraction, 0, 0, Math.cos(half) - 1, Math.sin(half), 0, 0] });
  });
  const ground = mbs.addObject(ObjectGround({}));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[0] }))] }));
  const endJoint = mbs.addObject(GenericJoint({
    markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [length, 0, 0] })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[nodes.length - 1] }))],
    offsetUserFunction: (_mbs: unknown, t: number) => [stretch - (stretch + slack) * release(Math.min(1, t / releaseEnd)), 0, 0, totalTwist, 0, 0],
  }));
  const middle = nodes[Math.floor(nodes.length / 2)];
  mbs.addLoad(Force({
    markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: middle })), loadVector: [0, imperfection, 0],
    loadVectorUserFunction: (_mbs: unknown, t: number) => [0, imperfection * Math.min(1, Math.max(0, (1 - t) / (1 - releaseEnd))), 0],
  }));
  mbs.assemble();
  return { mbs, nodeNumbers: nodes, endJoint };
}

/** Static settings: sparse LU, adaptive load steps, residual tolerance absolute 1e-10 (forces ~ T = 0.4, moments ~ M = 1.3). */
export function helicalBucklingSettings(loadSteps: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  const ss = settings.staticSolver;
  ss.verboseMode = 0;
  ss.numberOfLoadSteps = loadSteps;
  ss.adaptiveStep = true;
  ss.newton.maxIterations = 15;
  ss.newton.relativeTolerance = 0;
  ss.newton.absoluteTolerance = 1e-9;
  return settings;
}

/** Envelope of the computed rod: per element, arc length from the middle and the normalized envelope of its chord tangent. */
export function computedEnvelope(model: HelicalBucklingModel): { s: number[]; envelope: number[]; phiMax: number } {
  const points = model.nodeNumbers.map((node) => model.mbs.getNodeOutput(node, OutputVariableType.Position));
  const first = points[0], last = points[points.length - 1];
  const axis = [0, 1, 2].map((i) => last[i] - first[i]);
  const axisLength = Math.hypot(axis[0], axis[1], axis[2]);
  const cosPhi: number[] = [], arc: number[] = [];
  let s = 0;
  for (let k = 1; k < points.length; k++) {
    const t = [0, 1, 2].map((i) => points[k][i] - points[k - 1][i]);
    const ds = Math.hypot(t[0], t[1], t[2]);
    cosPhi.push((t[0] * axis[0] + t[1] * axis[1] + t[2] * axis[2]) / (ds * axisLength));
    arc.push(s + ds / 2);
    s += ds;
  }
  const cosMax = Math.min(...cosPhi);
  return { s: arc.map((a) => a - s / 2), envelope: cosPhi.map((c) => (c - cosMax) / (1 - cosMax)), phiMax: Math.acos(cosMax) };
}

/** Result of {@link solveHelicalBuckling}. */
export interface HelicalBucklingResult {
  model: HelicalBucklingModel;
  statistics: SolverStatistics;
  /** Largest |envelope − analytic| over the elements. */
  envelopeError: number;
  /** φ_max computed and its relative error against the analytic one. */
  phiMax: number;
  phiMaxError: number;
  /** End moment about the axis and tension from the end joint's reaction, relative errors against m B/L and t B/L². */
  momentError: number;
  tensionError: number;
  /** Wall time of the static solve [s]. */
  seconds: number;
}

/** Builds, solves and compares with the analytic envelope. */
export function solveHelicalBuckling(options: HelicalBucklingOptions, loadSteps = 40): HelicalBucklingResult {
  const model = buildHelicalBuckling(options);
  const start = performance.now();
  const statistics = model.mbs.solveStatic(helicalBucklingSettings(loadSteps));
  const seconds = (performance.now() - start) / 1000;
  const analytic = helicalBucklingAnalytic();
  const computed = computedEnvelope(model);
  let envelopeError = 0;
  computed.s.forEach((s, k) => { envelopeError = Math.max(envelopeError, Math.abs(computed.envelope[k] - analytic.envelope(s))); });
  // the joint's reaction on the rod end, in the (global = joint) frame: axial force −T, torque −M about the axis
  const { bending, length } = helicalBucklingData;
  const force = model.mbs.getObjectOutput(model.endJoint, OutputVariableType.ForceLocal), torque = model.mbs.getObjectOutput(model.endJoint, OutputVariableType.TorqueLocal);
  const momentError = -torque[0] / (analytic.moment * bending / length) - 1, tensionError = -force[0] / (analytic.tension * bending / length ** 2) - 1;
  return { model, statistics, envelopeError, phiMax: computed.phiMax, phiMaxError: computed.phiMax / analytic.phiMax - 1, momentError, tensionError, seconds };
}

function main(): void {
  const analytic = helicalBucklingAnalytic();
  console.log(`analytic: m = ${analytic.moment.toFixed(6)}, t = ${analytic.tension.toFixed(3)}, φ_max = ${analytic.phiMax.toFixed(6)} rad`);
  for (const numberOfElements of (process.argv[2] ?? "100,200").split(",").map(Number)) {
    const result = solveHelicalBuckling({ numberOfElements }, 50);
    console.log(`${numberOfElements} SE3 elements: envelope error ${result.envelopeError.toExponential(3)}, φ_max ${result.phiMax.toFixed(6)} (${result.phiMaxError.toExponential(2)}), `
      + `end moment ${result.momentError.toExponential(2)}, tension ${result.tensionError.toExponential(2)}, `
      + `${result.statistics.steps} (+${result.statistics.rejectedSteps} rejected) load steps, ${result.statistics.newtonIterations} Newton iterations, ${result.seconds.toFixed(2)} s`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
