/**
 * A plectoneme: the twisted, clamped rod of PyElastica's HelicalBucklingCase (L = 100, B = 1.345, C = 0.789, shear and
 * axial stiffness 1e5, 27 end turns; examples/helicalBuckling.ts) released by a larger slack, so that the localized
 * helix grows into a loop that touches itself and winds into a plectoneme, with self contact of the rod (GeneralContact,
 * radius ≤ the element length); and the link Tw + Wr of the rod closed by a planar rectangle far away (the ribbon the
 * sections' third axis d₃, which the closure carries as the constant normal z of its plane: no twist there).
 * PyElastica's PlectonemesCase integrates the same kind of release explicitly; here generalized-α with adaptive steps.
 *
 * Run `npx tsx examples/plectonemes.ts [turns]` (default 10 turns, 60 elements, ≈ 25 s; 27 turns: 200 elements, ≈ 4.5
 * min). Shared with test/long/plectoneme.test.ts.
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid,
  GenericJoint, Force, ObjectRodLinearDamping, MarkerBodyMass, type MainSystem, type GeneralContact,
  type SolverStatistics,
} from '../src/node.ts';
import { ribbonLink } from '../src/rods/linking.ts';
import { helicalBucklingData } from './helicalBuckling.ts';

/** Options of {@link buildPlectoneme}. */
export interface PlectonemeOptions {
  numberOfElements: number;
  /** End shortening at the end of the path (the helical-buckling case has 3). */
  slack: number;
  /** Cross-section radius of the contact (≤ L/numberOfElements). */
  radius: number;
  /** Contact stiffness per rod (N/m per contact point; the pair has half of it). */
  contactStiffness: number;
  /** Lateral imperfection force at the middle node, ramped out after the release (default 1e-3). */
  imperfection?: number;
  /** End turns (default 27, the helical-buckling case's). */
  turns?: number;
  /** Self contact (default true; false: the rod passes through itself). */
  selfContact?: boolean;
  /**
   * Dynamic path: the release over time [0, 0.8·endTime], with rotary inertia (a solid section of the contact radius,
   * ρA = 1) and linear damping per length of the velocity (translationalDamping) and angular velocity (rotationalDamping).
   */
  dynamic?: { endTime: number; translationalDamping: number; rotationalDamping: number };
}

/** The assembled model with its contact and nodes. */
export interface PlectonemeModel {
  mbs: MainSystem;
  /** End turns: the link of the closed rod. */
  turns: number;
  contact: GeneralContact;
  nodeNumbers: number[];
  rod: number;
  length: number;
}

/**
 * The rod along x from the origin (SE3 elements), clamped at both ends; the end at x = L turned by 27 turns (initial state:
 * the uniformly twisted, stretched straight rod) and moved by stretch − (stretch + slack)·g(τ) with the geometric release g
 * of examples/helicalBuckling.ts over load time τ ∈ [0, 0.8], the imperfection ramped out over [0.8, 1].
 */
export function buildPlectoneme(options: PlectonemeOptions): PlectonemeModel {
  const { length, bending, torsion, shear } = helicalBucklingData, turns = options.turns ?? helicalBucklingData.turns;
  const imperfection = options.imperfection ?? 1e-3, stretch = 1e-3, releaseEnd = 0.8, slack = options.slack;
  const kappa = Math.log(1 + 1e4);
  const release = (tau: number) => Math.expm1(kappa * tau) / Math.expm1(kappa);
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ formulation: 'displacement',
    centerline: { type: 'Straight', length }, numberOfElements: options.numberOfElements, polynomialDegree: 1, interpolation: 'SE3',
    physicsAxialShearStiffness: [shear, shear, shear], physicsBendingTorsionStiffness: [torsion, bending, bending], physicsMassPerLength: 1,
    physicsInertiaPerLength: options.dynamic === undefined ? [0, 0, 0] : [0.5, 0.25, 0.25].map((f) => f * options.radius ** 2),
  });
  const time = options.dynamic?.endTime ?? 1;
  if (options.dynamic !== undefined) {
    mbs.addObject(ObjectRodLinearDamping({
      markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: rod.objectNumber })),
      translationalDamping: options.dynamic.translationalDamping, rotationalDamping: options.dynamic.rotationalDamping,
    }));
  }
  const nodes = rod.nodeNumbers;
  const totalTwist = 2 * Math.PI * turns;
  nodes.forEach((node, k) => {
    const fraction = k / (nodes.length - 1), half = totalTwist * fraction / 2;
    mbs.modifyNode(node, { initialCoordinates: [stretch * fraction, 0, 0, Math.cos(half) - 1, Math.sin(half), 0, 0] });
  });
  const ground = mbs.addObject(ObjectGround({}));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[0] }))] }));
  mbs.addObject(GenericJoint({
    markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [length, 0, 0] })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[nodes.length - 1] }))],
    offsetUserFunction: (_mbs: unknown, t: number) => [stretch - (stretch + slack) * release(Math.min(1, t / time / releaseEnd)), 0, 0, totalTwist, 0, 0],
  }));
  mbs.addLoad(Force({
    markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[Math.floor(nodes.length / 2)] })), loadVector: [0, imperfection, 0],
    loadVectorUserFunction: (_mbs: unknown, t: number) => [0, imperfection * Math.min(1, Math.max(0, (1 - t / time) / (1 - releaseEnd))), 0],
  }));
  const contact = mbs.addGeneralContact();
  contact.addCosseratRod(rod.objectNumber, options.radius, options.contactStiffness, 0, 0, 1, options.selfContact ?? true);
  mbs.assemble();
  return { mbs, turns, contact, nodeNumbers: nodes, rod: rod.objectNumber, length };
}

/** Dynamic settings: generalized-α with ρ∞ (numerical damping of the element-scale modes), sparse LU, fixed steps. */
export function plectonemeDynamicSettings(endTime: number, steps: number, spectralRadius: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  const ti = settings.timeIntegration;
  ti.endTime = endTime;
  ti.numberOfSteps = steps;
  ti.verboseMode = 0;
  ti.generalizedAlpha.spectralRadius = spectralRadius;
  ti.newton.relativeTolerance = 1e-8;
  ti.newton.absoluteTolerance = 1e-9;
  return settings;
}

/**
 * Twist, writhe and link of the rod at its current state, closed by the rectangle from its end along +x by 2L, over
 * to y = 2L, back to x = −2L and to the start: the polygon of the nodes and the closure corners, the ribbon of each rod
 * element the third axis d₃ of its section at the element's middle (SE3: the exact middle frame), z on the closure.
 */
export function plectonemeLink(model: PlectonemeModel): { twist: number; writhe: number; link: number } {
  const { mbs, nodeNumbers, rod, length } = model;
  const points: number[] = [], ribbon: number[] = [];
  const positions = nodeNumbers.map((node) => mbs.getNodeOutput(node, OutputVariableType.Position));
  const elements = nodeNumbers.length - 1;
  for (let e = 0; e < elements; e++) {
    points.push(...positions[e]);
    const A = mbs.getObjectOutputBody(rod, OutputVariableType.RotationMatrix, [length * (e + 0.5) / elements, 0, 0]);
    ribbon.push(A[2], A[5], A[8]);
  }
  const end = positions[elements], K = 2 * length;
  const closure = [end, [end[0] + K, 0, 0], [end[0] + K, K, 0], [-K, K, 0], [-K, 0, 0]];
  for (const p of closure) { points.push(p[0], p[1], p[2]); ribbon.push(0, 0, 1); }
  return ribbonLink(points, ribbon);
}

/** Result of {@link simulatePlectoneme}. */
export interface PlectonemeRun {
  /** Twist, writhe and link of the initial (twisted, straight) rod. */
  initial: { twist: number; writhe: number; link: number };
  /** The same at the end. */
  final: { twist: number; writhe: number; link: number };
  /** The largest |Lk − turns| after any step. */
  linkError: number;
  /** The largest writhe after any step. */
  largestWrithe: number;
  /** The largest number of contact pairs after any step. */
  contacts: number;
  /** The deepest penetration after any step [m]. */
  deepest: number;
  statistics: SolverStatistics;
  /** The solved model (its state is the end of the run). */
  model: PlectonemeModel;
}

/**
 * The dynamic release over 1e4 s in `steps` (adaptive) steps of generalized-α with ρ∞ = 0, damping per length 1
 * (velocity) and 0.1 (angular velocity); twist, writhe, link and contacts checked after each step.
 */
export function simulatePlectoneme(options: PlectonemeOptions & { steps: number }): PlectonemeRun {
  const endTime = 1e4;
  const model = buildPlectoneme({ ...options, dynamic: { endTime, translationalDamping: 1, rotationalDamping: 0.1 } });
  const initial = plectonemeLink(model);
  let linkError = 0, largestWrithe = 0, contacts = 0, deepest = 0;
  model.mbs.setPostStepUserFunction(() => {
    const { link, writhe } = plectonemeLink(model);
    linkError = Math.max(linkError, Math.abs(link - model.turns));
    largestWrithe = Math.max(largestWrithe, writhe);
    const pairs = model.contact.rodContacts();
    contacts = Math.max(contacts, pairs.length);
    for (const pair of pairs) deepest = Math.max(deepest, -pair.gap);
  });
  const statistics = model.mbs.solveDynamic(plectonemeDynamicSettings(endTime, options.steps, 0));
  return { initial, final: plectonemeLink(model), linkError, largestWrithe, contacts, deepest, statistics, model };
}

function main(): void {
  const turns = Number(process.argv[2] ?? 10);
  const options = turns === 27
    ? { numberOfElements: 200, slack: 10, radius: 0.4, contactStiffness: 50, steps: 500 }
    : { numberOfElements: 60, slack: 15, radius: 0.4, contactStiffness: 50, turns, steps: 80 };
  const result = simulatePlectoneme(options);
  const { initial, final } = result;
  console.log(`${turns} turns, ${options.numberOfElements} SE3 elements, self contact: ${result.statistics.steps} steps (${result.statistics.rejectedSteps} rejected), ${result.statistics.newtonIterations} Newton iterations`);
  console.log(`  start: Tw ${initial.twist.toFixed(4)}, Wr ${initial.writhe.toFixed(4)}, Lk ${initial.link.toFixed(6)}; end: Tw ${final.twist.toFixed(4)}, Wr ${final.writhe.toFixed(4)}, Lk ${final.link.toFixed(6)}`);
  console.log(`  largest |Lk − ${turns}| over the steps ${result.linkError.toExponential(2)}, ${result.contacts} contact pairs at most, deepest penetration ${result.deepest.toExponential(2)} m (radius 0.4)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
