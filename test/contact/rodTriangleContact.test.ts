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
    // seed mod 3: over the face and across the edge x = 0.1; diagonally past the corner, 3 mm outside both sides; across the face near the corner, descending
    const [start, direction] = [
      [[-0.05, 0, 0.05 + r - 0.002], [1, 0.2, -0.01]], [[0.203, 0.003, 0.055], [-1, 1, 0]], [[0.02, 0.02, 0.05 + r - 0.003], [1, 1.1, -0.08]],
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
    // measured 100 face, 20 edge, 8 vertex contacts over the 18 states
    expect(kinds.face).toBeGreaterThan(0);
    expect(kinds.edge).toBeGreaterThan(0);
    expect(kinds.vertex).toBeGreaterThan(0);
  });
});

describe('GeneralContact: rod–mesh contact, static and dynamic validation', () => {
  const g = 9.81;

  it('a straight rod lying on a box top under gravity (static): total contact force = weight, penetration = weight/(points · k_eff)', () => {
    // One linear element (its centerline is a straight line: no bending) split into 4 segments: 5 contact points on the
    // box's top face, which it crosses over the face's diagonal. By symmetry and the straight centerline all 5 points
    // penetrate equally, so the penalty law gives δ = W/(5 k_eff), k_eff = k_rod k_mesh/(k_rod + k_mesh).
    const r = 0.01, L = 0.4, kRod = 2e4, kMesh = 3e4, kEff = kRod * kMesh / (kRod + kMesh);
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setFrictionPairings([[0]]);
    const [points, triangles] = graphics.ToPointsAndTrigs(graphics.Brick({ centerPoint: [0, 0, -0.05], size: [0.6, 0.3, 0.1], addNormals: false }));
    groundMesh(mbs, contact, points, triangles, kMesh, 0);
    const weight = 1000 * Math.PI * r * r * L * g, delta = weight / (5 * kEff);
    const rod = mbs.createCosseratRod({
      interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', start: [-L / 2, 0.03, r - delta], direction: [1, 0, 0], length: L },
      numberOfElements: 1, polynomialDegree: 1, ...section(r),
    });
    contact.addCosseratRod(rod.objectNumber, r, kRod, 0, 0, 4);
    mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: rod.objectNumber })), loadVector: [0, 0, -g] }));
    // the contact holds the rod only in z: its first node is held in x, y and about x and z (no vertical force, no pitch)
    clamp(mbs, rod.nodeNumbers[0], [-L / 2, 0.03, 0], [1, 1, 0, 1, 0, 1]);
    const sensor = mbs.createRodContactSensor({ generalContactNumber: 0, storeInternal: true, writeToFile: false });
    mbs.assemble();
    mbs.solveStatic(staticSettings(2));
    const contacts = contact.rodContacts();
    expect(contacts).toHaveLength(5);
    // Newton converged to 1e-11 relative: force balance and the penalty law hold to 1e-8
    const total = contacts.reduce((sum, c) => sum + c.force[2], 0);
    expect(Math.abs(total + weight) / weight).toBeLessThan(1e-8); // the force on the mesh points down
    for (const c of contacts) {
      expect(c.segmentB).toBe(-1);
      expect(Math.abs(-c.gap - delta) / delta).toBeLessThan(1e-8);
      expect(Math.abs(c.normalForce + kEff * delta) / (kEff * delta)).toBeLessThan(1e-8);
      // the gap is the distance of the centerline point from the top face z = 0 minus r
      expect(Math.abs(c.pointA[2] - r - c.gap)).toBeLessThan(1e-15);
      expect(Math.abs(c.pointB[2])).toBeLessThan(1e-15);
    }
    // the centerline's nodes are at r − δ
    for (const node of rod.nodeNumbers) expect(Math.abs((mbs.getNodeOutput(node, OutputVariableType.Position) as number[])[2] - (r - delta))).toBeLessThan(1e-8 * delta);
    expect(contact.getActiveContacts(ContactTypeIndex.IndexRodSegments, 0)).toHaveLength(1);
    // the rod-contact sensor reports the rod–mesh contacts: the force on the mesh (the weight), 5 pairs, the gap −δ
    const [fx, fy, fz, count, gap, slip] = mbs.getSensorValues(sensor);
    expect(Math.hypot(fx, fy)).toBeLessThan(1e-12);
    expect(Math.abs(fz + weight) / weight).toBeLessThan(1e-8);
    expect([count, slip]).toEqual([5, 0]);
    expect(Math.abs(gap + delta) / delta).toBeLessThan(1e-8);
  });

  for (const element of ['R12 displacement', 'default'] as const) it(`a clamped rod bent over the ridge of a wedge (static, ${element}): contact force and tip deflection vs Timoshenko`, () => {
    // Cantilever along x (L = 1, clamped at 0), a ground wedge whose ridge (along y) at x = a touches the rod's underside,
    // a tip load P down: a propped cantilever with a spring k_eff at the prop. Compatibility at a (deflection under P and
    // under the prop force S, Timoshenko with the rod's GA, contact compliance 1/k_eff):
    //   S (a³/3EI + a/GA + 1/k_eff) = P (a²(3L − a)/6EI + a/GA),   w_L = P (L³/3EI + L/GA) − S (a²(3L − a)/6EI + a/GA).
    const r = 0.01, L = 1, a = 0.6, E = 1e7, P = 1e-3, kRod = 1e4, kMesh = 1e4, kEff = kRod * kMesh / (kRod + kMesh);
    const EI = E * Math.PI * r ** 4 / 4, GA = (E / 3) * Math.PI * r * r;
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setFrictionPairings([[0]]);
    const top = -r, bottom = -r - 0.05;
    const wedgePoints = [[a, -0.1, top], [a, 0.1, top], [a - 0.05, -0.1, bottom], [a - 0.05, 0.1, bottom], [a + 0.05, -0.1, bottom], [a + 0.05, 0.1, bottom]];
    // two slopes, the base and the two ends, each oriented outwards (checked by checkTriangleMesh: consistent orientation)
    const wedgeTriangles = [[0, 3, 2], [0, 1, 3], [0, 5, 1], [0, 4, 5], [2, 5, 4], [2, 3, 5], [0, 2, 4], [1, 5, 3]];
    groundMesh(mbs, contact, wedgePoints, wedgeTriangles, kMesh, 0);
    const rod = mbs.createCosseratRod({
      ...elementOptions(element), centerline: { type: 'Straight', start: [0, 0, 0], direction: [1, 0, 0], length: L }, numberOfElements: 20, polynomialDegree: 2, ...section(r, E),
    });
    contact.addCosseratRod(rod.objectNumber, r, kRod, 0, 0, 3);
    clamp(mbs, rod.nodeNumbers[0], [0, 0, 0]);
    const tip = rod.nodeNumbers[rod.nodeNumbers.length - 1];
    mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: tip })), loadVector: [0, 0, -P] }));
    mbs.assemble();
    mbs.solveStatic(staticSettings(2));
    // the ridge is under a segment end (x = a is a node): the node's contact with the ridge and the fading crossing of the
    // segment before it, both on the ridge
    const contacts = contact.rodContacts();
    expect(contacts.length).toBeGreaterThan(0);
    const atA = a * a * (3 * L - a) / (6 * EI) + a / GA;
    const S = P * atA / (a ** 3 / (3 * EI) + a / GA + 1 / kEff);
    const tipDeflection = P * (L ** 3 / (3 * EI) + L / GA) - S * atA;
    for (const c of contacts) {
      expect(Math.abs(c.pointB[0] - a)).toBeLessThan(1e-12);
      expect(Math.abs(c.pointB[2] - top)).toBeLessThan(1e-12);
      expect(Math.abs(c.pointA[0] - a)).toBeLessThan(1e-3);
    }
    const force = -contacts.reduce((sum, c) => sum + c.force[2], 0); // the mesh is pushed down by S
    const w = -(mbs.getNodeOutput(tip, OutputVariableType.Displacement) as number[])[2];
    // measured −1.9e-5 (force) and −3.6e-5 (tip) with both elements: 20 quadratic elements, and the closest centerline
    // point sits on the rotated section, off x = a by about the slope times r (≈ 1e-5 relative in the lever arms)
    expect(Math.abs(force / S - 1)).toBeLessThan(2e-4);
    expect(Math.abs(w / tipDeflection - 1)).toBeLessThan(2e-4);
  });

  it('a rod sliding axially over a triangulated plane (generalized-α): friction force = μ N, deceleration μ g', () => {
    // The rod (L = 0.4, r = 1 cm, 8 linear elements) starts on a ground plane of 2 × 12 squares (24 triangles, their
    // diagonals across its path) at its static penetration, sliding along x at v0 = 1 m/s with μ = 0.3 (regularized
    // below 1e-4 m/s). Sliding, each contact carries μ|F| against the slip, so m dv/dt = −μ ΣF = −μ (W + m z̈):
    // v(T) = v0 − μ g T − μ Δż, and the contact damping leaves ż(T) ≈ 0 after the start.
    const r = 0.01, L = 0.4, mu = 0.3, v0 = 1, T = 0.2, n = 8, kRod = 2e4, kMesh = 2e4, kEff = kRod * kMesh / (kRod + kMesh);
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setFrictionPairings([[mu]]);
    contact.frictionProportionalZone = 1e-4;
    const [points, triangles] = planeMesh(-0.3, 0.9, -0.1, 0.1, 0, 12, 2);
    groundMesh(mbs, contact, points, triangles, kMesh, 10);
    const mass = 1000 * Math.PI * r * r * L, weight = mass * g;
    // each node carries its share of the weight (half at the ends) on its own contact point
    const rod = mbs.createCosseratRod({
      interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', start: [-0.25, 0.013, r - weight / (n * kEff)], direction: [1, 0, 0], length: L },
      numberOfElements: n, polynomialDegree: 1, ...section(r, 1e8),
    });
    contact.addCosseratRod(rod.objectNumber, r, kRod, 10, 0);
    rod.nodeNumbers.forEach((node, i) => {
      const share = (i === 0 || i === n ? 0.5 : 1) * weight / (n * kEff);
      mbs.modifyNode(node, { initialCoordinates: [0, 0, weight / (n * kEff) - share, 0, 0, 0, 0], initialVelocities: [v0, 0, 0, 0, 0, 0] });
    });
    mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: rod.objectNumber })), loadVector: [0, 0, -g] }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.linearSolverType = LinearSolverType.EigenSparse;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 0;
    settings.timeIntegration.endTime = T;
    settings.timeIntegration.numberOfSteps = 200;
    settings.timeIntegration.verboseMode = 0;
    const statistics = mbs.solveDynamic(settings);
    const velocity = rod.nodeNumbers.reduce((sum, node, i) => sum + (i === 0 || i === n ? 0.5 : 1) * (mbs.getNodeOutput(node, OutputVariableType.Velocity) as number[])[0], 0) / n;
    const expected = v0 - mu * g * T;
    const contacts = contact.rodContacts();
    const normal = -contacts.reduce((sum, c) => sum + c.normalForce, 0);
    const friction = contacts.reduce((sum, c) => sum + c.force[0], 0); // on the mesh: along the slip of the rod
    expect(contacts).toHaveLength(n + 1);
    expect(statistics.newtonIterations / 200).toBeLessThan(4); // measured 2.3 per step
    // every point slides (|v_t| ≈ 0.4 m/s ≫ 1e-4): the friction is μ|F| exactly (round-off)
    expect(Math.abs(friction / (mu * normal) - 1)).toBeLessThan(1e-12);
    // measured N/W − 1 = 7.5e-7 (the damped vertical motion left at T) and a velocity change μ g T to 5e-10 relative
    expect(Math.abs(normal / weight - 1)).toBeLessThan(1e-5);
    expect(Math.abs((velocity - v0) / (expected - v0) - 1)).toBeLessThan(1e-6);
  });

  /**
   * A rod (r = 1 cm, 8 linear elements) above a triangulated plane z = 0 at height z0, falling at vz; one step of 1 ms,
   * fixed (default) or the first of adaptive steps; the solve, and the system to inspect after it.
   */
  function fallingRod(z0: number, vz: number, k = 2e4, rise = 0, adaptiveStep = false) {
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setFrictionPairings([[0]]);
    const [points, triangles] = planeMesh(-0.3, 0.3, -0.2, 0.2, 0, 6, 4);
    groundMesh(mbs, contact, points, triangles, k, 0);
    const rod = mbs.createCosseratRod({
      interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', start: [-0.2, 0.013, z0], direction: [1, 0.1, rise].map((v) => v / Math.hypot(1, 0.1, rise)), length: 0.4 },
      numberOfElements: 8, polynomialDegree: 1, ...section(0.01),
    });
    contact.addCosseratRod(rod.objectNumber, 0.01, k, 0, 0);
    for (const node of rod.nodeNumbers) mbs.modifyNode(node, { initialVelocities: [0, 0, vz, 0, 0, 0] });
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 0;
    settings.timeIntegration.endTime = 1e-3;
    settings.timeIntegration.numberOfSteps = 1;
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.adaptiveStep = adaptiveStep;
    return Object.assign(() => mbs.solveDynamic(settings), { mbs, rod });
  }

  it('a rod that passes through the mesh within one step is reported (the contact at the step ends cannot see it)', () => {
    // 5 cm above the plane at −100 m/s: the step of 1 ms ends 5 cm below it, all points behind the triangles
    expect(fallingRod(0.05, -100)).toThrow(/GeneralContact 0: rod segment \d+ \(rod 0, at arc length ≈ [\d.]+\) passed through triangle \d+ within the step ending at t = 0\.001/);
  });

  it('with adaptive steps, a step in which the rod passes through the mesh is rejected and retried smaller: the rod bounces', () => {
    // as above with a contact stiff enough to stop the rod within its radius: the 1 ms step is rejected, the smaller steps
    // see the contact, and the rod (no damping) leaves the plane upwards before 1 ms
    const solve = fallingRod(0.0537, -100, 1e9, 0, true);
    expect(solve().rejectedSteps).toBeGreaterThan(0);
    for (const node of solve.rod.nodeNumbers) {
      expect(solve.mbs.getNodeOutput(node, OutputVariableType.Position)[2]).toBeGreaterThan(0.01);
      expect(solve.mbs.getNodeOutput(node, OutputVariableType.Velocity)[2]).toBeGreaterThan(0);
    }
  });

  it('a centerline that reaches the mesh (penetration of the radius) at the end of a step is reported', () => {
    // a rod rising from 1 cm below the plane to 3 cm above it (crossing z = 0 at arc length ≈ 0.1), at rest: its centerline crosses the triangles at the
    // end of the first step (its points below the plane never crossed it: not a pass-through within the step)
    expect(fallingRod(-0.01, 0, 2e4, 0.1)).toThrow(/GeneralContact 0: rod segment 2 \(rod 0, arc length 0\.100000 … 0\.150000\) crosses triangle \d+ with its centerline \(a penetration of the cross-section radius\) at t = 0\.001/);
  });
});
