/**
 * A catheter pushed through a bent vessel: a Cosserat rod (radius 1 mm, E = 1e8 Pa, 70 mm) in a rigid tube of radius
 * 3 mm made of triangles (a GeneralContact mesh on the ground, normals into the lumen): 75 mm straight, a 90° bend of
 * centerline radius 30 mm, 30 mm straight. The catheter's proximal end is guided along the entry's axis (a GenericJoint
 * holds y, z and the rotation) and pushed by a prescribed coordinate (ConnectorCoordinate with an offset user function,
 * 60 mm in 0.6 s after a smooth start); its tip runs into the bend's outer wall, slides along it and out into the exit.
 * The rod–mesh contact of GeneralContact (penalty, damping, regularized Coulomb friction μ) carries the wall's forces.
 * The push force is the coordinate constraint's force; with friction it grows with the wrap of the catheter around the
 * bend (capstan-like: the tension-like axial force rises by e^{μφ} over a wrap angle φ).
 *
 * Run `npx tsx examples/catheterInVessel.ts`; shared with test/examples/catheterInVessel.test.ts.
 * @module
 */

import { pathToFileURL } from 'node:url';
import { OutputVariableType, SimulationSettings, SystemContainer, LinearSolverType, NodeType, InertiaCuboid, type MainSystem, type SolverStatistics, type GeneralContact } from '../src/node.ts';

/** The data of the example (SI units). */
export const catheterData = {
  /** Vessel: lumen radius, straight entry and exit lengths, bend radius (of the centerline) and angle. */
  vesselRadius: 3e-3, entryLength: 0.075, exitLength: 0.03, bendRadius: 0.03, bendAngle: Math.PI / 2,
  /** Rings of the vessel mesh per metre of centerline and points per ring. */
  ringsPerMetre: 400, pointsPerRing: 16,
  /** Catheter: radius, Young's modulus (G = E/3), density, length, elements (linear), its start behind the entry's end. */
  catheterRadius: 1e-3, youngsModulus: 1e8, density: 1000, catheterLength: 0.07, elements: 28, start: 0.072,
  /** Contact (per point, the catheter's and the wall's in series), damping (each), friction regularization. */
  contactStiffness: 2e4, contactDamping: 0.1, frictionZone: 1e-3,
  /** Time step of generalized-α. */
  stepSize: 5e-4,
  /** Push: distance and duration (smooth start over rampTime). */
  pushDistance: 0.06, pushTime: 0.6, rampTime: 0.1,
};

/** The vessel's centerline at arc length u ∈ [0, total]: point and unit tangent (the entry along +x ending at the origin, the bend turning towards +y). */
export function vesselAxis(u: number): { point: number[]; tangent: number[] } {
  const d = catheterData, arc = d.bendRadius * d.bendAngle;
  if (u <= d.entryLength) return { point: [u - d.entryLength, 0, 0], tangent: [1, 0, 0] };
  if (u <= d.entryLength + arc) {
    const phi = (u - d.entryLength) / d.bendRadius;
    return { point: [d.bendRadius * Math.sin(phi), d.bendRadius * (1 - Math.cos(phi)), 0], tangent: [Math.cos(phi), Math.sin(phi), 0] };
  }
  const end = [d.bendRadius * Math.sin(d.bendAngle), d.bendRadius * (1 - Math.cos(d.bendAngle)), 0], t = [Math.cos(d.bendAngle), Math.sin(d.bendAngle), 0];
  const s = u - d.entryLength - arc;
  return { point: [end[0] + s * t[0], end[1] + s * t[1], 0], tangent: t };
}

/** Total length of the vessel's centerline. */
export function vesselLength(): number {
  const d = catheterData;
  return d.entryLength + d.bendRadius * d.bendAngle + d.exitLength;
}

/** Distance of the point p from the vessel's centerline (exact: the nearest of the entry, the bend's circle arc and the exit). */
export function distanceToVesselAxis(p: readonly number[]): number {
  const d = catheterData;
  const segment = (a: number[], t: number[], length: number) => {
    const s = Math.min(length, Math.max(0, (p[0] - a[0]) * t[0] + (p[1] - a[1]) * t[1] + (p[2] - a[2]) * t[2]));
    return Math.hypot(p[0] - a[0] - s * t[0], p[1] - a[1] - s * t[1], p[2] - a[2] - s * t[2]);
  };
  const entry = segment([-d.entryLength, 0, 0], [1, 0, 0], d.entryLength);
  const exitStart = vesselAxis(d.entryLength + d.bendRadius * d.bendAngle);
  const exit = segment(exitStart.point, exitStart.tangent, d.exitLength);
  // the bend: centre (0, R, 0), angle φ of the point (from −y), clamped to [0, θ]
  const phi = Math.min(d.bendAngle, Math.max(0, Math.atan2(p[0], d.bendRadius - p[1])));
  const q = [d.bendRadius * Math.sin(phi), d.bendRadius * (1 - Math.cos(phi)), 0];
  const bend = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
  return Math.min(entry, bend, exit);
}

/**
 * The vessel wall: rings of pointsPerRing points around the centerline every 1/ringsPerMetre, joined by two triangles
 * per quad, oriented so that the normals (p1 − p0) × (p2 − p0) point into the lumen (towards the axis).
 */
export function vesselMesh(): { points: number[][]; triangles: number[][] } {
  const d = catheterData, total = vesselLength(), rings = Math.ceil(total * d.ringsPerMetre) + 1, m = d.pointsPerRing;
  const points: number[][] = [], triangles: number[][] = [];
  for (let i = 0; i < rings; i++) {
    const { point, tangent } = vesselAxis(total * i / (rings - 1));
    const normal = [-tangent[1], tangent[0], 0]; // in the bend's plane, towards the bend's centre
    for (let j = 0; j < m; j++) {
      const a = 2 * Math.PI * j / m, c = Math.cos(a), s = Math.sin(a);
      points.push([0, 1, 2].map((k) => point[k] + d.vesselRadius * (c * normal[k] + s * (k === 2 ? 1 : 0))));
    }
  }
  for (let i = 0; i + 1 < rings; i++) {
    for (let j = 0; j < m; j++) {
      const a = i * m + j, b = i * m + (j + 1) % m, c = (i + 1) * m + j, e = (i + 1) * m + (j + 1) % m;
      // around the ring (normal, z) is counter-clockwise seen along the tangent: (b − a) × (c − a) points outwards, so reverse
      triangles.push([a, c, b], [b, c, e]);
    }
  }
  return { points, triangles };
}

/** The push (displacement of the proximal end along x) at time t: the speed ramps up as (1 − cos(π t/τ))/2 over τ = rampTime, then stays. */
export function pushDisplacement(t: number): number {
  const d = catheterData, tau = d.rampTime, v = d.pushDistance / (d.pushTime - tau / 2);
  if (t <= 0) return 0;
  if (t < tau) return v * (t / 2 - tau / (2 * Math.PI) * Math.sin(Math.PI * t / tau));
  return v * (t - tau / 2);
}

/** The model: the system, the contact, the catheter's nodes and the push constraint. */
export interface CatheterModel {
  mbs: MainSystem;
  contact: GeneralContact;
  nodeNumbers: number[];
  push: number;
}

/** Builds the model (assembled) with friction coefficient mu between catheter and wall. */
export function buildCatheterInVessel(mu: number): CatheterModel {
  const d = catheterData, r = d.catheterRadius, E = d.youngsModulus, G = E / 3;
  const A = Math.PI * r * r, I = Math.PI * r ** 4 / 4;
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.setFrictionPairings([[mu]]);
  contact.frictionProportionalZone = d.frictionZone;
  contact.setSearchTreeCellSize([12, 12, 2]);
  const { points, triangles } = vesselMesh();
  const ground = mbs.createGround({});
  contact.addTrianglesRigidBodyBased(mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: ground, localPosition: [0, 0, 0] }), d.contactStiffness, d.contactDamping, 0, points, triangles, true);
  const start = -d.start;
  const rod = mbs.createCosseratRod({
    interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', start: [start, 0, 0], direction: [1, 0, 0], length: d.catheterLength },
    numberOfElements: d.elements, polynomialDegree: 1,
    physicsAxialShearStiffness: [E * A, G * A, G * A], physicsBendingTorsionStiffness: [2 * G * I, E * I, E * I],
    physicsMassPerLength: d.density * A, physicsInertiaPerLength: [2 * d.density * I, d.density * I, d.density * I],
  });
  contact.addCosseratRod(rod.objectNumber, r, d.contactStiffness, d.contactDamping, 0, 1, false);
  // the proximal end: fixed to a pusher body (a rigid body on a rotation-vector node, whose coordinates a
  // ConnectorCoordinate can prescribe) that is guided along the entry's axis (y, z and the rotation held) and pushed along x
  const pusher = mbs.createRigidBody({
    inertia: InertiaCuboid(1000, [2e-3, 2e-3, 2e-3]), nodeType: NodeType.RotationRotationVector,
    referencePosition: [start, 0, 0], returnDict: true,
  });
  const first = rod.nodeNumbers[0];
  const pusherMarker = mbs.addMarker({ markerType: 'NodeRigid', nodeNumber: pusher.nodeNumber });
  mbs.addObject({
    objectType: 'JointGeneric', constrainedAxes: [0, 1, 1, 1, 1, 1],
    markerNumbers: [mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: ground, localPosition: [start, 0, 0] }), pusherMarker],
  });
  mbs.addObject({ objectType: 'JointGeneric', constrainedAxes: [1, 1, 1, 1, 1, 1], markerNumbers: [pusherMarker, mbs.addMarker({ markerType: 'NodeRigid', nodeNumber: first })] });
  const push = mbs.addObject({
    objectType: 'ConnectorCoordinate',
    markerNumbers: [mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: mbs.addNode({ nodeType: 'PointGround', referenceCoordinates: [0, 0, 0] }), coordinate: 0 }),
      mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: pusher.nodeNumber, coordinate: 0 })],
    offsetUserFunction: (_mbs: MainSystem, t: number) => pushDisplacement(t),
  });
  mbs.assemble();
  return { mbs, contact, nodeNumbers: rod.nodeNumbers, push };
}

/** The result of a run: largest distance of the centerline from the vessel axis, the tip's path, push forces over time. */
export interface CatheterRun {
  model: CatheterModel;
  statistics: SolverStatistics;
  /** Largest distance of a catheter node from the vessel's axis over all steps. */
  largestAxisDistance: number;
  /** [t, push force, tip x, tip y, number of contacts] per step. */
  history: number[][];
}

/** Runs the push to endTime (default: the whole push) with friction mu, generalized-α with the step size of catheterData. */
export function simulateCatheterInVessel(mu: number, endTime = catheterData.pushTime): CatheterRun {
  const model = buildCatheterInVessel(mu), { mbs, nodeNumbers, push, contact } = model;
  let largestAxisDistance = 0;
  const history: number[][] = [];
  const tip = nodeNumbers[nodeNumbers.length - 1];
  mbs.setPostStepUserFunction((_mbs, t) => {
    for (const node of nodeNumbers) largestAxisDistance = Math.max(largestAxisDistance, distanceToVesselAxis(mbs.getNodeOutput(node, OutputVariableType.Position) as number[]));
    const p = mbs.getNodeOutput(tip, OutputVariableType.Position) as number[];
    history.push([t, (mbs.getObjectOutput(push, OutputVariableType.Force) as number[])[0], p[0], p[1], contact.rodContacts().length]);
    return true;
  });
  const settings = new SimulationSettings();
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = Math.round(endTime / catheterData.stepSize);
  settings.timeIntegration.verboseMode = 0;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  const statistics = mbs.solveDynamic(settings);
  return { model, statistics, largestAxisDistance, history };
}

function main(): void {
  const d = catheterData;
  for (const mu of [0, 0.3]) {
    const started = process.cpuUsage();
    const run = simulateCatheterInVessel(mu);
    const cpu = process.cpuUsage(started);
    const last = run.history[run.history.length - 1];
    console.log(`μ = ${mu}: ${run.statistics.steps} steps, ${run.statistics.newtonIterations} Newton iterations, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU; `
      + `largest distance from the axis ${(1e3 * run.largestAxisDistance).toFixed(3)} mm (free lumen ${(1e3 * (d.vesselRadius - d.catheterRadius)).toFixed(1)} mm); `
      + `tip at [${(1e3 * last[2]).toFixed(1)}, ${(1e3 * last[3]).toFixed(1)}] mm; push force ${last[1].toExponential(3)} N, ${last[4]} contacts`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
