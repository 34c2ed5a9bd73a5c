/**
 * A particle cloud in a box of triangles (issue 13; Exudyn's particlesTest3D-style set-up): n mass points with contact
 * spheres of random radii (r·(1 ± 0.001), seeded) in a cubic lattice 0.5 % tighter than the spheres (every sphere
 * touches its neighbours, the floor and walls next to it), ten layers high in an open box of five Exudyn bricks (a
 * GeneralContact ground mesh of 60 triangles), initial velocity −1 m/s, gravity, GeneralContact with k = 2e3, d = 4 and
 * a search grid of about one cell per sphere; explicit Euler, h = 1e-4, no end-of-step accelerations. The footprint grows with n (10 layers
 * of about n/10 spheres), so every size has the same share of spheres at walls and the same contacts per sphere; the
 * time per step should grow linearly with n: {@link particleScalingSlope} gives the slope of log(time per step) over
 * log(n), which the issue bounds by 1.1. The timed part is the steps after the first (the solver's set-up, done in the
 * first step, is not a cost per step).
 * @module
 */

import {
  SystemContainer, SimulationSettings, DynamicSolverType, NodePoint, MassPoint, MarkerNodePosition, Force, ObjectGround, MarkerBodyRigid,
  OutputVariableType, ContactTypeIndex, LinearSolverType, graphics, type MainSystem, type GeneralContact,
} from '../src/index.ts';
import { mulberry32 } from '../test/helpers/random.ts';
import type { Benchmark, BenchmarkResult, PreparedBenchmark } from './harness.ts';

/** Base radius, lattice spacing (neighbours, floor and walls overlap the spheres by 0.5 % of r), mass, contact stiffness and damping. */
const r0 = 0.05, inset = 0.995 * r0, spacing = 2 * inset, mass = 0.05, k = 2e3, d = 4, h = 1e-4, layers = 10;

/** The particle box of n spheres (layers × row × row, row = ⌈√(n/10)⌉, the last layer partly filled). */
export function buildParticleBox(n: number): { mbs: MainSystem; contact: GeneralContact; settings: (steps: number) => SimulationSettings; nodes: number[]; width: number } {
  const random = mulberry32(1);
  const row = Math.ceil(Math.sqrt(n / layers));
  const width = (row - 1) * spacing + 2 * inset, wall = 2 * r0, height = (Math.ceil(n / (row * row)) + 1) * spacing;
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.setFrictionPairings([[0]]);
  // open box: floor (top face at z = 0) and four walls around [0, width]², Exudyn's 8-point bricks merged
  const c = 0.5 * width;
  let box = graphics.Brick({ centerPoint: [c, c, -0.5 * wall], size: [width + 2 * wall, width + 2 * wall, wall], addNormals: false });
  for (const [x, y, sx, sy] of [[-0.5 * wall, c, wall, width], [width + 0.5 * wall, c, wall, width], [c, -0.5 * wall, width + 2 * wall, wall], [c, width + 0.5 * wall, width + 2 * wall, wall]]) {
    box = graphics.MergeTriangleLists(box, graphics.Brick({ centerPoint: [x, y, 0.5 * height], size: [sx, sy, height], addNormals: false }));
  }
  const ground = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  const [points, triangles] = graphics.ToPointsAndTrigs(box);
  contact.addTrianglesRigidBodyBased(mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), k, d, 0, points, triangles, true);
  const nodes: number[] = [];
  for (let i = 0; i < n; i++) {
    const ix = i % row, iy = Math.floor(i / row) % row, iz = Math.floor(i / (row * row));
    const position = [inset + ix * spacing, inset + iy * spacing, inset + iz * spacing];
    const node = mbs.addNode(NodePoint({ referenceCoordinates: position, initialVelocities: [0, 0, -1] }));
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addLoad(Force({ markerNumber: marker, loadVector: [0, 0, -mass * 9.81] }));
    contact.addSphereWithMarker(marker, r0 * (0.999 + 0.002 * random()), k, d, 0);
    nodes.push(node);
  }
  contact.setSearchTreeBox([-wall, -wall, -wall], [width + wall, width + wall, height]);
  contact.setSearchTreeCellSize([row + 2, row + 2, Math.ceil(n / (row * row)) + 2]);
  mbs.assemble();
  const settings = (steps: number) => {
    const s = new SimulationSettings();
    s.solutionSettings.writeSolutionToFile = false;
    s.timeIntegration.verboseMode = 0;
    s.timeIntegration.numberOfSteps = steps;
    s.timeIntegration.endTime = steps * h;
    s.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = false;
    // as bench/peers/exudynParticles.py sets it: the dense default would be switched to EigenSparse anyway above 1000
    // unknowns, with a console.warn that creates Node's stderr stream in every fresh particle process
    s.linearSolverType = LinearSolverType.EigenSparse;
    return s;
  };
  return { mbs, contact, settings, nodes, width };
}

/** Number of pairs in contact (sphere–sphere and sphere–triangle) at the current state. */
export function contactPairs(contact: GeneralContact): number {
  contact.updateContacts();
  let pairs = 0;
  for (let i = 0; i < contact.numberOfSpheres; i++) pairs += contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, i).length;
  for (let t = 0; t < contact.numberOfTriangles; t++) pairs += contact.getActiveContacts(ContactTypeIndex.IndexTrigsRigidBodyBased, t).length;
  return pairs / 2;
}

/**
 * The particle box with steps + 1 steps per solve, of which the last `steps` are timed: the first step carries the
 * solver's set-up (the constant mass matrix assembled and factorized), which is not the cost per step the issue asks for.
 */
function prepare(n: number, steps: number): PreparedBenchmark {
  const { mbs, contact, settings, nodes } = buildParticleBox(n);
  const s = settings(steps + 1);
  let calls = 0, started = 0, seconds = 0;
  mbs.setPreStepUserFunction(() => {
    if (++calls === 2) started = performance.now();
    return true;
  });
  return {
    coordinates: mbs.systemData.numberOfCoordinatesODE2(),
    steps,
    solve: () => {
      calls = 0;
      mbs.solveDynamic(s, DynamicSolverType.ExplicitEuler);
      seconds = (performance.now() - started) / 1000;
    },
    timedSeconds: () => seconds,
    check: () => {
      const z = nodes.map((node) => mbs.getNodeOutput(node, OutputVariableType.Position)[2]);
      const pairs = contactPairs(contact);
      return `${n} spheres, ${pairs} contact pairs (${(pairs / n).toFixed(2)} per sphere), lowest centre z = ${Math.min(...z).toFixed(4)}`;
    },
  };
}

/** Sizes of the rows: 1e3, 1e4 and 1e5 spheres. */
const sizes = [1000, 10000, 100000] as const;

/** One benchmark per size: explicit Euler steps of the particle box. */
export function particleBenchmarks(): Benchmark[] {
  return sizes.map((n) => ({
    name: `particles${n}`,
    description: `${n} spheres in a box of 60 triangles, GeneralContact, explicit Euler (h = 1e-4)`,
    repetitions: 3,
    // enough steps that the solver's set-up (mass matrix, first garbage collections of the large heap) is amortized
    steps: n >= 100000 ? 30 : n >= 10000 ? 50 : 300,
    warmUpSteps: n >= 100000 ? 10 : n >= 10000 ? 50 : 300,
    prepare: (steps: number) => prepare(n, steps),
  }));
}

/** The slope of log(time per step) over log(spheres) between consecutive particle rows of the results (e.g. "1e3→1e4: 1.03"). */
export function particleScalingSlope(results: readonly BenchmarkResult[]): string | undefined {
  const rows = results.filter((r) => r.benchmark.name.startsWith('particles'));
  if (rows.length < 2) return undefined;
  const size = (r: BenchmarkResult) => Number(r.benchmark.name.slice('particles'.length));
  return rows.slice(1).map((r, i) => {
    const slope = Math.log(r.microsecondsPerStep / rows[i].microsecondsPerStep) / Math.log(size(r) / size(rows[i]));
    return `${size(rows[i]).toExponential(0)}→${size(r).toExponential(0)}: ${slope.toFixed(2)}`;
  }).join(', ');
}
