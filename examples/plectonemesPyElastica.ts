/**
 * PyElastica's own plectoneme case (examples/RodContactCase/RodSelfContact/PlectonemesCase in GazzolaLab/PyElastica; its
 * facts, our code): a straight rod, L = 1 m, radius r = 0.025 m, mass 1 kg (ρA = 1 kg/m), E = 1e6 Pa, G = E/1.5,
 * clamped at the start; its end turned about the rod axis at a constant rate, 10 turns in 50 s, with the end's position
 * held in the two transverse directions only (free along the axis) and a small transverse push at the middle node
 * while twisting; then 50 s of relaxation with the end held fully. Linear damping ν = 2/(ρA) per unit mass (PyElastica's
 * AnalyticalLinearDamper), self contact. The reference is topological: the link Lk = Tw + Wr equals the applied end
 * turns (10 after 50 s) through the transition in which twist turns into writhe.
 *
 * Differences from PyElastica's set-up, all forced or immaterial:
 * - 40 SE3 elements instead of 150: the self contact excludes neighbours closer than π·r along the rod and needs the
 *   radius ≤ the element length (0.025 m = L/40); SE3 elements are exact for helices, which is what a plectoneme winds.
 * - PyElastica's transverse push is a velocity decrement of 1e-4 m/s of the middle node in each of its steps
 *   (dt = 1.667e-5 s), i.e. a force m_node·1e-4/dt = (1/150)·1e-4/1.667e-5 = 0.04 N; here that force, constant while twisting.
 * - Contact (GeneralContact, capsules of radius r around the segments): PyElastica's RodSelfContact acts per pair of
 *   its elements with k = 1e4 N/m and ν = 10 N s/m (force k·γ + ν·v_n on each segment of the pair); on its element length
 *   L/150 that is a line stiffness 1.5e6 N/m² and line damping 1500 N s/m² where two stretches of rod lie along each
 *   other, which is kept here on the element length L/40: 3.75e4 N/m and 37.5 N s/m per pair of segments (the pair
 *   has half of each rod's: 7.5e4 and 18.75 per rod). The penetration k·γ = F stays far below r either way.
 * - The end is released axially and fixed again through a second joint along the axis that is switched on at 50 s
 *   at the axial position reached then (PyElastica overwrites the end's position and velocity in its constraint).
 *
 * The rod runs along x (PyElastica's runs along y, its push along the normal d₁ = z; here along −z).
 *
 * Behaviour (docs/benchmarks.md, "PyElastica's plectoneme case, session 12"): the rod snaps into a loop after about one
 * turn, its end sliding in from x = 1 m to ≈ 0.1 m of the start, and coils; it never passes through itself (every pair of
 * non-adjacent segments checked between all accepted steps); the writhe agrees between h ≤ 0.25 s and h ≤ 0.125 s to
 * 0.016 at 10 s and 0.003 from 20 to 40 s. At ≈ 43 s the coiled rod swings around its clamped start several times
 * (the belt trick, each passage changing the closed ribbon's link by ±2): an unstable event whose outcome depends on
 * the step size; Lk = round(Φ/2π) + 2·(passages around an end) holds after every step.
 *
 * Run `npx tsx examples/plectonemesPyElastica.ts [steps] [samples.json]` (default: at most 100 s/400 per step, adaptive). Shared with
 * test/long/plectonemePyElastica.test.ts and bench/pyelasticaCases.ts.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, OutputVariableType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid, GenericJoint, Force,
  ObjectRodLinearDamping, MarkerBodyMass, type MainSystem, type GeneralContact, type SolverStatistics,
} from '../src/node.ts';
import { ribbonLink } from '../src/rods/linking.ts';
import { SweptSegmentCrossing } from '../src/contact/rodTunnelling.ts';
import { plectonemeDynamicSettings } from './plectonemes.ts';

/** PyElastica's parameters of the case and the values derived from them. */
export const pyelasticaPlectonemeData = (() => {
  const length = 1, radius = 0.025, youngsModulus = 1e6, shearModulus = 1e6 / 1.5, mass = 1;
  const area = Math.PI * radius ** 2, density = mass / (area * length), inertia = Math.PI * radius ** 4 / 4;
  const pyelasticaElements = 150, pyelasticaTimeStep = 0.0025 * length / pyelasticaElements;
  return {
    length, radius, youngsModulus, shearModulus, density,
    /** ρA [kg/m]. */
    massPerLength: density * area,
    /** EA, and α_c G A with PyElastica's shear factor α_c = 27/28 [N]. */
    axialStiffness: youngsModulus * area, shearStiffness: 27 / 28 * shearModulus * area,
    /** EI (bending) and G·2I (torsion) [N m²]. */
    bendingStiffness: youngsModulus * inertia, torsionStiffness: shearModulus * 2 * inertia,
    /** ρI (bending) and ρ·2I (torsion) per length [kg m]. */
    bendingInertia: density * inertia, torsionInertia: density * 2 * inertia,
    /** PyElastica's damping_constant ν = 2/(ρA) [1/s]. */
    dampingRate: 2 / (density * area),
    turns: 10, twistTime: 50, relaxTime: 50,
    pyelasticaElements, pyelasticaTimeStep,
    /** PyElastica's step count for the 100 s. */
    pyelasticaSteps: Math.floor(100 / pyelasticaTimeStep),
    /** The middle node's velocity decrement per step (1e-4 m/s) as a force [N]. */
    pushForce: mass / pyelasticaElements * 1e-4 / pyelasticaTimeStep,
    /** PyElastica's RodSelfContact per element pair: k [N/m], ν [N s/m]. */
    pyelasticaContactStiffness: 1e4, pyelasticaContactDamping: 10,
  };
})();

/** Options of {@link buildPyElasticaPlectoneme}. */
export interface PyElasticaPlectonemeOptions {
  /** Rod elements (default 40, the most with radius ≤ element length). */
  numberOfElements?: number;
  /** Self contact (default true). */
  selfContact?: boolean;
  /** Factor on the contact stiffness and damping kept per length from PyElastica's (default 1). */
  contactFactor?: number;
}

/** The assembled model. */
export interface PyElasticaPlectonemeModel {
  mbs: MainSystem;
  contact: GeneralContact;
  nodeNumbers: number[];
  rod: number;
  /** The joint that holds the end along the axis from {@link pyelasticaPlectonemeData}.twistTime on. */
  axialJoint: number;
  /** The end's axial displacement held by the axial joint (set when it is switched on). */
  axialHold: { offset: number };
}

/** The applied end rotation [rad] at time t: 10 turns at a constant rate over [0, 50 s], then held. */
export function appliedEndAngle(t: number): number {
  const { turns, twistTime } = pyelasticaPlectonemeData;
  return 2 * Math.PI * turns * Math.min(1, Math.max(0, t / twistTime));
}

/** Builds the case: SE3 rod along x, clamp, end rotation and transverse hold, axial hold (off), push, damping, self contact. */
export function buildPyElasticaPlectoneme(options: PyElasticaPlectonemeOptions = {}): PyElasticaPlectonemeModel {
  const data = pyelasticaPlectonemeData, elements = options.numberOfElements ?? 40;
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ formulation: 'displacement',
    centerline: { type: 'Straight', length: data.length }, numberOfElements: elements, polynomialDegree: 1, interpolation: 'SE3',
    physicsAxialShearStiffness: [data.axialStiffness, data.shearStiffness, data.shearStiffness],
    physicsBendingTorsionStiffness: [data.torsionStiffness, data.bendingStiffness, data.bendingStiffness],
    physicsMassPerLength: data.massPerLength, physicsInertiaPerLength: [data.torsionInertia, data.bendingInertia, data.bendingInertia],
  });
  // AnalyticalLinearDamper's uniform ν: c_t = ν ρA, c_r = ν ρI (ObjectRodLinearDamping; one rotational constant, the bending one).
  mbs.addObject(ObjectRodLinearDamping({
    markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: rod.objectNumber })),
    translationalDamping: data.dampingRate * data.massPerLength, rotationalDamping: data.dampingRate * data.bendingInertia,
  }));
  const nodes = rod.nodeNumbers, end = nodes[nodes.length - 1];
  const ground = mbs.addObject(ObjectGround({}));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[0] }))] }));
  const groundAtEnd = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [data.length, 0, 0] }));
  const endMarker = mbs.addMarker(MarkerNodeRigid({ nodeNumber: end }));
  // the end: transverse position and all rotations held, turned about x by the applied angle; free along x
  mbs.addObject(GenericJoint({
    markerNumbers: [groundAtEnd, endMarker], constrainedAxes: [0, 1, 1, 1, 1, 1],
    offsetUserFunction: (_mbs: unknown, t: number) => [0, 0, 0, appliedEndAngle(t), 0, 0],
  }));
  const axialHold = { offset: 0 };
  const axialJoint = mbs.addObject(GenericJoint({
    markerNumbers: [groundAtEnd, endMarker], constrainedAxes: [1, 0, 0, 0, 0, 0], activeConnector: false,
    offsetUserFunction: () => [axialHold.offset, 0, 0, 0, 0, 0],
  }));
  mbs.addLoad(Force({
    markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[Math.floor(elements / 2)] })), loadVector: [0, 0, -data.pushForce],
    loadVectorUserFunction: (_mbs: unknown, t: number) => [0, 0, t < data.twistTime ? -data.pushForce : 0],
  }));
  const contact = mbs.addGeneralContact();
  if (options.selfContact ?? true) {
    // PyElastica's per-pair k, ν on its element length L/150, kept per length on ours; per rod twice the pair's (in series / halved)
    const perLength = (data.length / data.pyelasticaElements) / (data.length / elements);
    const factor = options.contactFactor ?? 1;
    const pairStiffness = factor * data.pyelasticaContactStiffness / perLength, pairDamping = factor * data.pyelasticaContactDamping / perLength;
    contact.addCosseratRod(rod.objectNumber, data.radius, 2 * pairStiffness, pairDamping / 2, 0, 1, true);
  }
  mbs.assemble();
  return { mbs, contact, nodeNumbers: nodes, rod: rod.objectNumber, axialJoint, axialHold };
}

/**
 * Twist, writhe and link of the rod closed by a planar rectangle in the x–y plane from its end along +x by 2L, over to
 * y = 2L, back to x = −2L and to the start (as examples/plectonemes.ts), the ribbon the sections' third axis d₃ at the
 * element middles (the last element: at the end) and z on the closure. The closed ribbon's link is an integer that
 * changes only where the rod passes through itself or through the closure (swinging around an end): with the end turned
 * by Φ, its d₃ is z turned about x by Φ and the ribbon's last junction turns by the representative of −Φ in (−π, π], so
 * Lk = round(Φ/2π) while neither happens (10 from 50 s on). The ends' transverse coordinates, held by the joints to rounding, are set to exactly 0 so
 * that the closure's legs on the x axis stay exactly collinear (the solid angle of collinear edges is then exactly 0).
 */
export function pyelasticaPlectonemeLink(model: PyElasticaPlectonemeModel): { twist: number; writhe: number; link: number } {
  const { mbs, nodeNumbers, rod } = model, { length } = pyelasticaPlectonemeData;
  const points: number[] = [], ribbon: number[] = [];
  const positions = nodeNumbers.map((node) => mbs.getNodeOutput(node, OutputVariableType.Position));
  const elements = nodeNumbers.length - 1;
  for (const p of [positions[0], positions[elements]]) {
    if (Math.abs(p[1]) > 1e-10 || Math.abs(p[2]) > 1e-10) throw new Error(`the rod's ends left the x axis: ${p.join(', ')}`);
    p[1] = 0; p[2] = 0;
  }
  for (let e = 0; e < elements; e++) {
    points.push(...positions[e]);
    // the last edge's ribbon is the end's d₃ (z turned by Φ), so that the junction's turn flips exactly at half turns
    const A = mbs.getObjectOutputBody(rod, OutputVariableType.RotationMatrix, [e + 1 < elements ? length * (e + 0.5) / elements : length, 0, 0]);
    ribbon.push(A[2], A[5], A[8]);
  }
  const end = positions[elements], K = 2 * length;
  for (const p of [end, [end[0] + K, 0, 0], [end[0] + K, K, 0], [-K, K, 0], [-K, 0, 0]]) { points.push(p[0], p[1], p[2]); ribbon.push(0, 0, 1); }
  return ribbonLink(points, ribbon);
}

/** The link the closed ribbon of {@link pyelasticaPlectonemeLink} has at time t without a passage: round(Φ/2π). */
export function expectedLink(t: number): number {
  return Math.round(appliedEndAngle(t) / (2 * Math.PI));
}

/** Whether Φ(t)/2π is within 0.05 of a half integer, where the end junction's turn of ±π is ambiguous (not checked). */
function ambiguousJunction(t: number): boolean {
  const turns = appliedEndAngle(t) / (2 * Math.PI);
  return Math.abs(turns - Math.floor(turns) - 0.5) < 0.05;
}

/** One sample of the run (after a step). */
export interface PlectonemeSample {
  t: number; twist: number; writhe: number; link: number;
  /** The end's position along the axis [m] (1 at the start; free while twisting). */
  endAxial: number;
}

/** Result of {@link simulatePyElasticaPlectoneme}. */
export interface PyElasticaPlectonemeRun {
  /** Twist, writhe and link after each accepted step. */
  samples: PlectonemeSample[];
  /**
   * The largest |Lk − round(Φ/2π) − 2 n_c| after any step, n_c the net number of the rod's passages around an end
   * (see closurePassages; steps with Φ/2π within 0.05 of a half integer left out).
   */
  linkError: number;
  /**
   * Steps in which the rod crossed a leg of the closure on the axis (beyond its end, or behind its clamped start): it
   * swung around an end (the belt trick), which changes the link of the closed ribbon by ±2 without a passage through
   * itself; n_c above counts them with the sign of the change.
   */
  closurePassages: number;
  /** Steps in which two non-adjacent segments of the rod passed through each other (all pairs, excluded neighbours too; 0 expected). */
  selfPassages: number;
  /** Every passage: the time at the end of its step, the segments (j = −1: the closure's leg beyond the end, −2: behind the start) and the link's change in the step. */
  passageLog: { t: number; i: number; j: number; linkChange: number }[];
  /** Writhe at 50 s (end of the twisting; the sample nearest) and at 100 s. */
  writheAtTwistEnd: number;
  writheAtEnd: number;
  /** The largest number of contact pairs after any step. */
  contacts: number;
  /** The deepest penetration after any step [m]. */
  deepest: number;
  /** The largest mismatch of the end's d₃ against z turned by Φ about x (checks the sign of the closure's ribbon). */
  endRibbonError: number;
  statistics: SolverStatistics;
  model: PyElasticaPlectonemeModel;
}

/**
 * The 100 s in `steps` adaptive steps (largest step 100 s/steps) of generalized-α with spectral radius ρ∞ (default 0),
 * the end's axial hold switched on in the first step that starts at or after 50 s; twist, writhe, link and contacts
 * after each step. Newton to the relative tolerance 1e-8 of plectonemeDynamicSettings. endTime (default 100 s) shortens
 * the run, with the largest step still 100 s/steps.
 */
export function simulatePyElasticaPlectoneme(options: PyElasticaPlectonemeOptions & { steps: number; spectralRadius?: number; endTime?: number }): PyElasticaPlectonemeRun {
  const data = pyelasticaPlectonemeData, fullTime = data.twistTime + data.relaxTime, endTime = options.endTime ?? fullTime;
  const model = buildPyElasticaPlectoneme(options);
  const { mbs, contact, nodeNumbers } = model, end = nodeNumbers[nodeNumbers.length - 1];
  const samples: PlectonemeSample[] = [{ t: 0, ...pyelasticaPlectonemeLink(model), endAxial: pyelasticaPlectonemeData.length }];
  let linkError = Math.abs(samples[0].link), contacts = 0, deepest = 0, endRibbonError = 0;
  const passages = new PassageCounter(model);
  let beltTurns = 0, closurePassages = 0, selfPassages = 0;
  const passageLog: PyElasticaPlectonemeRun['passageLog'] = [];
  let held = false;
  mbs.setPreStepUserFunction((_mbs, t) => {
    if (!held && t >= data.twistTime - 1e-9) {
      held = true;
      model.axialHold.offset = mbs.getNodeOutput(end, OutputVariableType.Displacement)[0];
      mbs.setObjectParameter(model.axialJoint, 'activeConnector', true);
    }
  });
  mbs.setPostStepUserFunction((_mbs, t) => {
    const sample = { t, ...pyelasticaPlectonemeLink(model), endAxial: mbs.getNodeOutput(end, OutputVariableType.Position)[0] };
    samples.push(sample);
    const { self, closure } = passages.step();
    for (const [i, j] of passages.pairs) passageLog.push({ t, i, j, linkChange: sample.link - samples[samples.length - 2].link });
    if (self > 0) selfPassages++;
    if (closure > 0) {
      // a passage around an end: the link jumps by ±2 (per passage) in this step
      closurePassages++;
      beltTurns = Math.round((sample.link - expectedLink(t)) / 2);
    }
    if (!ambiguousJunction(t)) linkError = Math.max(linkError, Math.abs(sample.link - expectedLink(t) - 2 * beltTurns));
    const A = mbs.getNodeOutput(end, OutputVariableType.RotationMatrix), phi = appliedEndAngle(t);
    endRibbonError = Math.max(endRibbonError, Math.hypot(A[2], A[5] + Math.sin(phi), A[8] - Math.cos(phi)));
    if (contact.numberOfRodSegments > 0) {
      const pairs = contact.rodContacts();
      contacts = Math.max(contacts, pairs.length);
      for (const pair of pairs) deepest = Math.max(deepest, -pair.gap);
    }
  });
  const statistics = mbs.solveDynamic(plectonemeDynamicSettings(endTime, Math.max(1, Math.round(options.steps * endTime / fullTime)), options.spectralRadius ?? 0));
  const nearest = (time: number) => samples.reduce((best, s) => (Math.abs(s.t - time) < Math.abs(best.t - time) ? s : best));
  return {
    samples, linkError, closurePassages, selfPassages, passageLog, writheAtTwistEnd: nearest(data.twistTime).writhe, writheAtEnd: samples[samples.length - 1].writhe,
    contacts, deepest, endRibbonError, statistics, model,
  };
}

/**
 * Passages between two accepted steps, with the nodes moving linearly from one state to the next (the polygon whose link
 * {@link pyelasticaPlectonemeLink} measures): of two non-adjacent segments of the rod through each other (all pairs,
 * also the neighbours that the self contact excludes), and of a segment through a leg of the closure on the axis (from
 * the end along +x by 2L, from −2L to the start; the rectangle's far sides lie beyond the rod's reach; the end segments
 * share their node with a leg and are not checked against it).
 */
class PassageCounter {
  private readonly crossing = new SweptSegmentCrossing();
  private readonly previous: Float64Array;
  private readonly current: Float64Array;
  private readonly start = new Float64Array(12);
  private readonly end = new Float64Array(12);

  constructor(private readonly model: PyElasticaPlectonemeModel) {
    this.previous = this.positions(new Float64Array(3 * model.nodeNumbers.length));
    this.current = new Float64Array(this.previous.length);
  }

  /** The pairs that crossed in the last {@link step}: [i, j], j = −1, −2 for the legs beyond the end and behind the start. */
  readonly pairs: [number, number][] = [];

  /** The passages since the last call (or the start): numbers of segment pairs and of segment–leg pairs that crossed. */
  step(): { self: number; closure: number } {
    const { previous, current, start, end, crossing, pairs } = this, segments = this.model.nodeNumbers.length - 1;
    this.positions(current);
    let self = 0, closure = 0;
    pairs.length = 0;
    for (let i = 0; i < segments; i++) {
      for (let k = 0; k < 6; k++) { start[k] = previous[3 * i + k]; end[k] = current[3 * i + k]; }
      for (let j = i + 2; j < segments; j++) {
        for (let k = 0; k < 6; k++) { start[6 + k] = previous[3 * j + k]; end[6 + k] = current[3 * j + k]; }
        if (crossing.find(start, end, 0, 6)) { self++; pairs.push([i, j]); }
      }
      // the legs on the axis (y = z = 0): leg −1 from the end along +x by 2L, leg −2 from −2L to the start; the end
      // segments share their node with a leg and are not checked against it
      const K = 2 * pyelasticaPlectonemeData.length, xEnd0 = previous[3 * segments], xEnd1 = current[3 * segments];
      for (let leg = -1; leg >= -2; leg--) {
        if (i === (leg === -1 ? segments - 1 : 0)) continue;
        for (let k = 7; k < 12; k++) if (k !== 9) { start[k] = 0; end[k] = 0; }
        start[6] = leg === -1 ? xEnd0 : -K; start[9] = leg === -1 ? xEnd0 + K : 0;
        end[6] = leg === -1 ? xEnd1 : -K; end[9] = leg === -1 ? xEnd1 + K : 0;
        if (crossing.find(start, end, 0, 6)) { closure++; pairs.push([i, leg]); }
      }
    }
    previous.set(current);
    return { self, closure };
  }

  /** The nodes' positions into out (3 per node). */
  private positions(out: Float64Array): Float64Array {
    const { mbs, nodeNumbers } = this.model;
    nodeNumbers.forEach((node, k) => out.set(mbs.getNodeOutput(node, OutputVariableType.Position), 3 * k));
    return out;
  }
}

/** The writhe of a run interpolated linearly at time t. */
export function writheAt(samples: readonly PlectonemeSample[], t: number): number {
  let k = 1;
  while (k < samples.length - 1 && samples[k].t < t) k++;
  const a = samples[k - 1], b = samples[k], w = (t - a.t) / (b.t - a.t);
  return a.writhe + Math.min(1, Math.max(0, w)) * (b.writhe - a.writhe);
}

function main(): void {
  const steps = Number(process.argv[2] ?? 400);
  const started = performance.now();
  const run = simulatePyElasticaPlectoneme({ steps });
  const seconds = (performance.now() - started) / 1000, s = run.statistics;
  console.log(`PyElastica's plectoneme case, 40 SE3 elements, 100 s in ${s.steps} steps (${s.rejectedSteps} rejected, at most ${steps} by size), ${s.newtonIterations} Newton iterations, ${seconds.toFixed(1)} s`);
  console.log(`  ${run.selfPassages} steps in which the rod passed through itself; ${run.closurePassages} in which it swung around an end (crossing the closure on the axis)`);
  console.log(`  largest |Lk − round(Φ/2π) − 2 n_c| ${run.linkError.toExponential(2)}; Wr at 50 s ${run.writheAtTwistEnd.toFixed(4)}, at 100 s ${run.writheAtEnd.toFixed(4)}; end ribbon check ${run.endRibbonError.toExponential(1)}`);
  console.log(`  ${run.contacts} contact pairs at most, deepest penetration ${run.deepest.toExponential(2)} m (r = 0.025 m)`);
  for (const t of [10, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100]) console.log(`  Wr(${t} s) = ${writheAt(run.samples, t).toFixed(4)}`);
  if (process.argv[3] !== undefined) writeFileSync(process.argv[3], JSON.stringify(run.samples));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
