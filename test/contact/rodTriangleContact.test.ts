import { describe, expect, it } from 'vitest';
import { mulberry32, randomSequence } from '../helpers/random.ts';
import {
  SystemContainer, SimulationSettings, MarkerBodyRigid, MarkerNodeRigid, ObjectGround, GenericJoint, Force, ContactTypeIndex,
  LinearSolverType, OutputVariableType, LoadMassProportional, MarkerBodyMass, InertiaCuboid, NodeType, graphics, RotationMatrixZ, RotationMatrixX, mat3Mul,
  type MainSystem, type GeneralContact,
} from '../../src/index.ts';
import { contactJacobianErrors } from './contactJacobian.ts';
import { PointTriangle } from '../../src/contact/segmentTriangle.ts';

/** A rod's section: EA, GA, GJ, EI of a solid circle of radius r, G = E/3, density 1000 kg/m³ (as in rodContact.test.ts). */
function section(r: number, E = 1e7) {
  const A = Math.PI * r * r, I = Math.PI * r ** 4 / 4, G = E / 3;
  return {
    physicsAxialShearStiffness: [E * A, G * A, G * A], physicsBendingTorsionStiffness: [2 * G * I, E * I, E * I],
    physicsMassPerLength: 1000 * A, physicsInertiaPerLength: [2000 * I, 1000 * I, 1000 * I],
  };
}

/** Seed 000's rod element, or the defaults (quaternion, mixed). */
type RodElement = 'R12 displacement' | 'default';
const elementOptions = (element: RodElement) => (element === 'default' ? {} : { interpolation: 'R12', formulation: 'displacement' } as const);

/** Clamps the given axes of node `node` at p to the ground with a GenericJoint (global axes). */
function clamp(mbs: MainSystem, node: number, p: number[], constrainedAxes = [1, 1, 1, 1, 1, 1]): void {
  const ground = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({})), localPosition: p }));
  mbs.addObject(GenericJoint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }))], constrainedAxes }));
}

/** A mesh on the ground (static triangles) with stiffness k and damping d, friction material 0. */
function groundMesh(mbs: MainSystem, contact: GeneralContact, points: number[][], triangles: number[][], k: number, d: number): void {
  const marker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({})), localPosition: [0, 0, 0] }));
  contact.addTrianglesRigidBodyBased(marker, k, d, 0, points, triangles, true);
}

/** A plane z = z0 over [x0, x1] × [y0, y1] of nx × ny squares, each two triangles (normal +z). */
function planeMesh(x0: number, x1: number, y0: number, y1: number, z0: number, nx: number, ny: number): [number[][], number[][]] {
  const points: number[][] = [], triangles: number[][] = [];
  for (let j = 0; j <= ny; j++) for (let i = 0; i <= nx; i++) points.push([x0 + (x1 - x0) * i / nx, y0 + (y1 - y0) * j / ny, z0]);
  const at = (i: number, j: number) => j * (nx + 1) + i;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      triangles.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)], [at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
    }
  }
  return [points, triangles];
}

function staticSettings(loadSteps = 1): SimulationSettings {
  const settings = new SimulationSettings();
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.numberOfLoadSteps = loadSteps;
  settings.staticSolver.newton.relativeTolerance = 1e-11;
  return settings;
}

describe('PointTriangle: the exact closest point of a triangle', () => {
  it('matches a brute-force minimum over the triangle (face, edges, vertices)', () => {
    const next = randomSequence(11), closest = new PointTriangle();
    const kinds = [0, 0, 0];
    for (let trial = 0; trial < 100; trial++) {
      const y = Array.from({ length: 9 }, () => next());
      const p = [2 * next(), 2 * next(), 2 * next()];
      closest.evaluate(y, 0, p[0], p[1], p[2]);
      kinds[closest.kind]++;
      // brute force over a 200 × 200 barycentric grid: at most the exact minimum + O(h |e|), h = 1/200, |e| ≤ 3.5
      let best = Infinity;
      for (let i = 0; i <= 200; i++) {
        for (let j = 0; i + j <= 200; j++) {
          const a = i / 200, b = j / 200;
          best = Math.min(best, Math.hypot(...[0, 1, 2].map((k) => y[k] + a * (y[3 + k] - y[k]) + b * (y[6 + k] - y[k]) - p[k])));
        }
      }
      expect(closest.distance).toBeLessThanOrEqual(best + 1e-12);
      expect(best - closest.distance).toBeLessThan(2e-2);
    }
    expect(Math.min(...kinds)).toBeGreaterThan(5); // measured 8 or more of each kind
  });
});

describe('GeneralContact: rod–mesh contact', () => {
  /** The box's reference orientation (not the identity: the rotation-vector node composes tiny increments from the identity only to ~1e-8 absolute, Exudyn's formula). */
  const boxRotation = mat3Mul(RotationMatrixZ(0.1), RotationMatrixX(0.05));
  const rotate = (x: number[]) => [0, 1, 2].map((i) => boxRotation[i][0] * x[0] + boxRotation[i][1] * x[1] + boxRotation[i][2] * x[2]);

  /**
   * A box (0.2 × 0.2 × 0.1, top at z = 0.05 in its frame) on a free rigid body and a rod of radius r = 1 cm crossing over
   * the box's corner (0.1, 0.1, 0.05) and descending past its edges, its nodes moved at random by up to ±1 mm, all
   * velocities random: contacts of the rod's points with the top face, of its segments with the box's edges and corner.
   */
  function rodOverBox(seed: number, element: RodElement, mu: number, damping: number, m: number) {
    const random = randomSequence(seed);
    const r = 0.01;
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setFrictionPairings([[mu]]);
    contact.frictionProportionalZone = 0.05;
    const [points, triangles] = graphics.ToPointsAndTrigs(graphics.Brick({ size: [0.2, 0.2, 0.1], addNormals: false }));
    const box = mbs.createRigidBody({
      inertia: InertiaCuboid(1000, [0.2, 0.2, 0.1]), nodeType: NodeType.RotationRotationVector, referencePosition: [0, 0, 0], referenceRotationMatrix: boxRotation,
      initialVelocity: [0.2 * random(), 0.2 * random(), 0.2 * random()], initialAngularVelocity: [random(), random(), random()], returnDict: true,
    });
    contact.addTrianglesRigidBodyBased(mbs.addMarker(MarkerNodeRigid({ nodeNumber: box.nodeNumber })), 3e4, damping, 0, points, triangles);
    // seed mod 3: over the face and across the edge x = 0.1; past the corner; across the face near the corner, descending
    const [start, direction] = [
      [[-0.05, 0, 0.05 + r - 0.002], [1, 0.2, -0.01]], [[0, 0, 0.05 + r + 0.0005], [1, 1.05, -0.02]], [[0.02, 0.02, 0.05 + r - 0.003], [1, 1.1, -0.08]],
    ][seed % 3];
    const length = Math.hypot(...direction);
    const rod = mbs.createCosseratRod({
      ...elementOptions(element), centerline: { type: 'Straight', start: rotate(start), direction: rotate(direction.map((v) => v / length)), length: 0.2 },
      numberOfElements: 6, polynomialDegree: 2, ...section(r),
    });
    contact.addCosseratRod(rod.objectNumber, r, 2e4, damping, 0, m);
    mbs.assemble();
    const s = mbs.compiled().data.current;
    for (const node of rod.nodeNumbers) {
      const model = mbs.compiled().nodes[node];
      for (let k = 0; k < 3; k++) s.q[model.qIndex + k] += 1e-3 * random();
      for (let k = 0; k < model.nu; k++) s.u[model.uIndex + k] += 0.2 * random();
    }
    return { mbs, contact, r };
  }

  const kinds = { face: 0, edge: 0, vertex: 0 };
  for (const [name, mu, damping, m] of [
    ['frictionless, no damping', 0, 0, 1], ['damping, friction (regularized and sliding)', 0.4, 30, 2], ['friction, 3 segments per element', 0.3, 10, 3],
  ] as const) for (const element of ['R12 displacement', 'default'] as const) for (const seed of [1, 2, 3]) {
    it(`${name}, ${element}, seed ${seed}: analytic Jacobians against central differences`, () => {
      const { mbs, contact } = rodOverBox(seed + 10 * m, element, mu, damping, m);
      const list = contact.rodContacts().filter((c) => c.segmentB === -1);
      expect(list.length).toBeGreaterThan(0);
      // the box stays where it was (only its velocities were perturbed): classify the points on the box in its frame
      for (const c of list) {
        const local = [0, 1, 2].map((i) => boxRotation[0][i] * c.pointB[0] + boxRotation[1][i] * c.pointB[1] + boxRotation[2][i] * c.pointB[2]);
        const onBoundary = local.filter((v, k) => Math.abs(Math.abs(v) - [0.1, 0.1, 0.05][k]) < 1e-9).length;
        if (onBoundary === 1) kinds.face++; else if (onBoundary === 2) kinds.edge++; else kinds.vertex++;
        // the friction opposes the slip (of B against A) and is at most μ|F|
        const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
        expect(Math.abs(dot(c.slipVelocity, c.normal))).toBeLessThan(1e-12);
        const friction = c.force.map((f, k) => f - dot(c.force, c.normal) * c.normal[k]);
        expect(Math.hypot(...friction)).toBeLessThanOrEqual((mu + 1e-12) * Math.abs(c.normalForce)); // round-off of the projection
        if (mu > 0) expect(dot(friction, c.slipVelocity)).toBeLessThan(0);
      }
      const errors = contactJacobianErrors(mbs, contact);
      expect(errors.force).toBeGreaterThan(1); // in contact: k_eff ≈ 1.2e4 N/m × mm
      // central differences with step 1e-7 of forces ≈ 1e1 … 1e2 with Jacobian entries ≈ 1e4: truncation and round-off ≲ 1e-7
      expect(errors.q).toBeLessThan(1e-6);
      if (mu === 0 && damping === 0) expect(errors.scaleU).toBe(0);
      else expect(errors.u).toBeLessThan(1e-6);
    });
  }
  it('the seeded states above touch the face, the edges and the corner', () => {
    // measured 136 face, 14 edge, 8 vertex contacts over the 18 states
    expect(kinds.face).toBeGreaterThan(0);
    expect(kinds.edge).toBeGreaterThan(0);
    expect(kinds.vertex).toBeGreaterThan(0);
  });
});
