import { describe, expect, it, vi } from 'vitest';
import {
  SystemContainer, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, MarkerNodeRigid, MarkerBodyRigid, ObjectGround, LoadForceVector,
  CartesianSpringDamper, RotationMatrixY, NodeType, InertiaSphere, InertiaCuboid, RotationMatrixZ, RotationMatrixX, mat3Mul, OutputVariableType, DynamicSolverType,
  ContactTypeIndex, graphics, type MainSystem,
} from '../../src/index.ts';
import { randomSequence } from '../helpers/random.ts';
import { dynamicSettings } from '../helpers/settings.ts';
import { contactJacobianErrors, perturbPositions } from './contactJacobian.ts';

const g = 9.81;

/** A system with a ground marker carrying a triangle mesh (points, triangles) and a GeneralContact. */
function groundMesh(points: number[][], triangles: number[][], k: number, d: number, mu = 0) {
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.setFrictionPairings([[mu]]);
  const ground = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  const groundMarker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] }));
  contact.addTrianglesRigidBodyBased(groundMarker, k, d, 0, points, triangles);
  return { mbs, contact, groundMarker };
}

/**
 * A mass point with a contact sphere at position and a force on it, held horizontally by springs (x, y) to its start
 * (the frictionless contact has no tangential stiffness); returns its node.
 */
function ball(mbs: MainSystem, contact: ReturnType<typeof groundMesh>['contact'], position: number[], r: number, k: number, d: number, force: number[], mass = 1): number {
  const node = mbs.addNode(NodePoint({ referenceCoordinates: position }));
  mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: node }));
  const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
  mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: force }));
  const anchor = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({ referencePosition: position })), localPosition: [0, 0, 0] }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: [anchor, marker], stiffness: [100, 100, 0], damping: [0, 0, 0] }));
  contact.addSphereWithMarker(marker, r, k, d, 0);
  return node;
}

/** A unit cube's points and triangles (graphics.Brick about the origin). */
const unitCube = () => graphics.ToPointsAndTrigs(graphics.Brick({ size: [1, 1, 1], addNormals: false }));

/** The global indices of the triangles in contact with sphere i (its active contacts after the spheres). */
function trianglesTouched(contact: ReturnType<typeof groundMesh>['contact'], sphere: number): number[] {
  return contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, sphere).filter((g) => g >= contact.numberOfSpheres);
}

/** Static equilibrium of the model; returns the node's position. */
function staticPosition(mbs: MainSystem, node: number): number[] {
  mbs.assemble();
  const settings = dynamicSettings(1, 1);
  settings.staticSolver.newton.relativeTolerance = 1e-13;
  settings.staticSolver.newton.absoluteTolerance = 1e-13;
  mbs.solveStatic(settings);
  return Array.from(mbs.getNodeOutput(node, OutputVariableType.Position));
}

describe('GeneralContact: spheres on triangles, force law and exclusions', () => {
  const k = 1e5, kEff = k / 2, r = 0.1, m = 2;
  // a floor of two triangles with the diagonal from (−1, −1) to (1, 1)
  const floor = { points: [[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]], triangles: [[0, 1, 2], [0, 2, 3]] };

  it('a sphere resting on a face: k_eff·penetration = weight (static, Newton with the analytic Jacobian)', () => {
    const { mbs, contact } = groundMesh(floor.points, floor.triangles, k, 10);
    const node = ball(mbs, contact, [0.3, -0.2, r - 1e-4], r, k, 10, [0, 0, -m * g]); // in contact at the start
    const z = staticPosition(mbs, node)[2];
    // linear penalty: exact up to Newton's tolerance
    expect(kEff * (r - z)).toBeCloseTo(m * g, 8);
    expect(contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, 0)).toEqual([1]); // global index of triangle 0 (after the sphere)
  });

  it('a sphere over the shared diagonal of two coplanar triangles feels one face, not two (exclusion of duplicates in a plane)', () => {
    const { mbs, contact } = groundMesh(floor.points, floor.triangles, k, 10);
    const node = ball(mbs, contact, [0.25, 0.25, r - 1e-4], r, k, 10, [0, 0, -m * g]);
    const p = staticPosition(mbs, node);
    expect(kEff * (r - p[2])).toBeCloseTo(m * g, 8);
    expect(contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, 0)).toHaveLength(1);
  });

  for (const excludeDuplicated of [false, true]) {
    it(`a sphere pressed onto the convex edge of a box balances the load: ${excludeDuplicated ? 'one edge contact of full force (duplicate point excluded)' : 'two edge contacts of half force each'}`, () => {
      // a unit cube turned by −45° about y: its edge (0.5, y, 0.5) becomes a ridge along y at x = 0, z = √2/2
      const [cubePoints, triangles] = graphics.ToPointsAndTrigs(graphics.Brick({ size: [1, 1, 1], addNormals: false }));
      const R = RotationMatrixY(-Math.PI / 4);
      const points = cubePoints.map((q) => [0, 1, 2].map((i) => R[i][0] * q[0] + R[i][1] * q[1] + R[i][2] * q[2]));
      const { mbs, contact } = groundMesh(points, triangles, k, 10);
      contact.excludeDuplicatedTrigSphereContactPoints = excludeDuplicated;
      const F = 50;
      const node = ball(mbs, contact, [0, 0.1, Math.SQRT1_2 + r - 1e-4], r, k, 10, [0, 0, -F]);
      const p = staticPosition(mbs, node);
      expect(p[0]).toBeCloseTo(0, 12);
      expect(kEff * (Math.SQRT1_2 + r - p[2])).toBeCloseTo(F, 7);
      expect(contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, 0)).toHaveLength(excludeDuplicated ? 1 : 2);
    });
  }

  it('a sphere just within or beyond its radius of a tilted face far from the origin touches it or not (the height pre-test)', () => {
    // a slanted triangle about (1000, −500, 200); centres at heights r(1 ∓ 1e-9) above its centroid, and just behind it
    const R = mat3Mul(RotationMatrixX(0.3), RotationMatrixY(-0.7));
    const c = [1000, -500, 200];
    const local = [[-1, -1, 0], [1, -0.5, 0], [0, 1, 0]];
    const points = local.map((q) => [0, 1, 2].map((i) => c[i] + R[i][0] * q[0] + R[i][1] * q[1] + R[i][2] * q[2]));
    const normal = [R[0][2], R[1][2], R[2][2]];
    for (const [height, touches] of [[r * (1 - 1e-9), true], [r * (1 + 1e-9), false], [-1e-9, false], [1e-9, true]] as const) {
      const { mbs, contact } = groundMesh(points, [[0, 1, 2]], k, 10);
      const at = [0, 1, 2].map((i) => c[i] + height * normal[i]);
      ball(mbs, contact, at, r, k, 10, [0, 0, 0]);
      mbs.assemble();
      expect(contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, 0), `height ${height}`).toEqual(touches ? [1] : []);
    }
  });

  it('spheres on the body of a closed mesh: inside it they touch none of its triangles, outside they touch its faces', () => {
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setFrictionPairings([[0]]);
    const body = mbs.createRigidBody({
      inertia: InertiaCuboid(1000, [1, 1, 1]), nodeType: NodeType.RotationRotationVector, referencePosition: [0.2, -0.1, 0.3],
      referenceRotationMatrix: mat3Mul(RotationMatrixX(0.4), RotationMatrixZ(0.3)), returnDict: true,
    });
    contact.addTrianglesRigidBodyBased(mbs.addMarker(MarkerNodeRigid({ nodeNumber: body.nodeNumber })), k, 10, 0, ...unitCube());
    const at = (localPosition: number[]) => contact.addSphereWithMarker(mbs.addMarker(MarkerBodyRigid({ bodyNumber: body.bodyNumber, localPosition })), r, k, 10, 0);
    const inside = [at([0, 0, 0.3]), at([0.35, -0.3, 0.35])];
    const outside = [at([0.2, -0.1, 0.55]), at([-0.2, 0.25, -0.56])]; // above the top face, below the bottom face, each over one triangle
    mbs.assemble();
    for (const sphere of inside) expect(trianglesTouched(contact, sphere)).toEqual([]);
    for (const sphere of outside) expect(trianglesTouched(contact, sphere)).toHaveLength(1);
  });

  it('a ground sphere inside a ground mesh touches none of its triangles, and one of them after a run-time move out through a face', () => {
    const { mbs, contact } = groundMesh(...unitCube(), k, 10);
    const node = mbs.addNode(NodePointGround({ referenceCoordinates: [0.1, 0.2, 0.1] }));
    const sphere = contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), r, k, 10, 0);
    mbs.assemble();
    expect(trianglesTouched(contact, sphere)).toEqual([]);
    mbs.setNodeParameter(node, 'referenceCoordinates', [-0.2, 0.25, -0.56]);
    contact.updateContacts();
    expect(trianglesTouched(contact, sphere)).toHaveLength(1);
  });

  it('getItemsInBox lists spheres and triangles by local index', () => {
    const { mbs, contact } = groundMesh(floor.points, floor.triangles, k, 10);
    ball(mbs, contact, [0.5, -0.5, 0.2], r, k, 10, [0, 0, 0]);
    mbs.assemble();
    expect(contact.getItemsInBox([0.4, -0.6, 0.15], [0.6, -0.4, 0.25])).toEqual({ MarkerBasedSpheres: [0], ANCFCable2D: [], TrigsRigidBodyBased: [], RodSegments: [] });
    // the bounding boxes of both triangles are the whole square
    expect(contact.getItemsInBox([-0.9, 0.8, -0.1], [-0.8, 0.9, 0.1])).toEqual({ MarkerBasedSpheres: [], ANCFCable2D: [], TrigsRigidBodyBased: [0, 1], RodSegments: [] });
    expect(contact.getItemsInBox([2, 2, 2], [3, 3, 3])).toEqual({ MarkerBasedSpheres: [], ANCFCable2D: [], TrigsRigidBodyBased: [], RodSegments: [] });
    expect(contact.numberOfTriangles).toBe(2);
  });
});

describe('GeneralContact: sphere–triangle Jacobians against central differences', () => {
  /**
   * A cube mesh on a rigid body (rotation vector or Euler parameters) touched by spheres on a rigid body, a mass point
   * and ground: one on a face, one at an edge, one at a vertex (as the seeded offsets place them), all with friction.
   */
  function cubeContacts(nodeType: string, mu: number, zone: number, seed: number) {
    const random = randomSequence(seed);
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setFrictionPairings([[mu]]);
    contact.frictionProportionalZone = zone;
    const a = 0.4, r = 0.1, k = 2e4, d = 20;
    const [points, triangles] = graphics.ToPointsAndTrigs(graphics.Brick({ size: [a, a, a], addNormals: false }));
    const A = mat3Mul(RotationMatrixZ(0.1), RotationMatrixX(0.05));
    const cube = mbs.createRigidBody({
      inertia: InertiaCuboid(500, [a, a, a]), nodeType: nodeType as never, referencePosition: [0, 0, 0], referenceRotationMatrix: A,
      initialVelocity: [random(), random(), random()], initialAngularVelocity: [2 * random(), 2 * random(), 2 * random()], returnDict: true,
    });
    contact.addTrianglesRigidBodyBased(mbs.addMarker(MarkerNodeRigid({ nodeNumber: cube.nodeNumber })), k, d, 0, points, triangles);
    const h = 0.5 * a;
    // in the cube's frame: face (top), edge (x = y = h), vertex (−h, −h, −h), centres 0.95 r away
    const place = (x: number[]) => [0, 1, 2].map((i) => A[i][0] * x[0] + A[i][1] * x[1] + A[i][2] * x[2]);
    const face = place([0.05, -0.03, h + 0.95 * r]), edge = place([h + 0.67 * r, h + 0.67 * r, 0.05]), vertex = place([-h - 0.55 * r, -h - 0.55 * r, -h - 0.55 * r]);
    const sphereBody = mbs.createRigidBody({
      inertia: InertiaSphere(1, r), nodeType: NodeType.RotationRotationVector, referencePosition: face,
      initialVelocity: [random(), random(), random()], initialAngularVelocity: [3 * random(), 3 * random(), 3 * random()], returnDict: true,
    });
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodeRigid({ nodeNumber: sphereBody.nodeNumber })), r, k, d, 0);
    const point = mbs.addNode(NodePoint({ referenceCoordinates: edge, initialVelocities: [random(), random(), random()] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: point }));
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: point })), r, k, d, 0);
    const ground = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    contact.addSphereWithMarker(mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: vertex })), r, k, d, 0);
    mbs.assemble();
    perturbPositions(mbs, random, 0.003);
    return { mbs, contact };
  }

  for (const nodeType of [NodeType.RotationRotationVector, NodeType.RotationEulerParameters]) {
    for (const [regime, mu, zone] of [['frictionless', 0, 1e-3], ['Coulomb', 0.3, 1e-3], ['regularized', 0.3, 100]] as const) {
      it(`${regime}, cube on ${nodeType}: face, edge and vertex contacts`, () => {
        for (const seed of [5, 29]) {
          const { mbs, contact } = cubeContacts(nodeType, mu, zone, seed);
          contact.updateContacts();
          // sphere 0 on a face (one triangle), sphere 1 at an edge (two), sphere 2 at a vertex (several)
          const counts = [0, 1, 2].map((i) => contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, i).length);
          expect(counts[0]).toBe(1);
          expect(counts[1]).toBe(2);
          expect(counts[2]).toBeGreaterThanOrEqual(3);
          const e = contactJacobianErrors(mbs, contact);
          expect(e.force).toBeGreaterThan(10);
          expect(e.scaleQ).toBeGreaterThan(1e3);
          // central differences with h = 1e-7 on entries of 1e4: truncation and round-off both below 1e-7 relative
          expect(e.q).toBeLessThan(1e-7);
          expect(e.u).toBeLessThan(1e-7);
        }
      });
    }
  }
});

describe('GeneralContact: rolling of a ball on a triangle floor (friction torque)', () => {
  it('a ball launched sliding without spin ends rolling at about 5/7 of its speed (implicit, analytic Jacobians)', () => {
    const r = 0.1, mass = 1, k = 1e5, mu = 0.3, v0 = 1;
    const board = graphics.CheckerBoard({ point: [1, 0, 0], size: 3, nTiles: 6 });
    const [points, triangles] = graphics.ToPointsAndTrigs(board);
    const { mbs, contact } = groundMesh(points, triangles, k, 200, mu);
    contact.frictionProportionalZone = 1e-4;
    const z0 = r - mass * g / (k / 2); // at rest vertically
    const body = mbs.createRigidBody({
      inertia: InertiaSphere(mass, r), nodeType: NodeType.RotationRotationVector, referencePosition: [0, 0.05, z0],
      initialVelocity: [v0, 0, 0], gravity: [0, 0, -g], returnDict: true,
    });
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodeRigid({ nodeNumber: body.nodeNumber })), r, k, 200, 0);
    mbs.assemble();
    const settings = dynamicSettings(0.3, 3000);
    settings.timeIntegration.newton.relativeTolerance = 1e-10;
    mbs.solveDynamic(settings, DynamicSolverType.GeneralizedAlpha);
    const v = mbs.getNodeOutput(body.nodeNumber, OutputVariableType.Velocity);
    const omega = mbs.getNodeOutput(body.nodeNumber, OutputVariableType.AngularVelocity);
    // sliding until it rolls (t ≈ 2v0/(7μg) ≈ 0.1 s), then rolling: friction acts at the contact point, the lever
    // ρ = r − δ below the centre (δ = mg/k_eff the penetration), so the impulse J gives m(v0 − v) = J, Iω = Jρ and
    // rolling v = ωρ: v = v0 x/(1 + x), x = mρ²/I (5/7 v0 for ρ = r). The regularized friction (zone 1e-4) leaves a
    // slip below 1e-4, and the ball crosses 10 tile edges without a bump.
    const rho = r - mass * g / (k / 2), x = mass * rho * rho / (0.4 * mass * r * r);
    expect(Math.abs(v[0] - v0 * x / (1 + x))).toBeLessThan(1e-4);
    expect(Math.abs(omega[1] * rho - v[0])).toBeLessThan(1e-4);
    expect(Math.abs(v[1]) + Math.abs(v[2])).toBeLessThan(1e-6);
  });
});

describe('GeneralContact: triangle meshes, bad input', () => {
  const cube = graphics.ToPointsAndTrigs(graphics.Brick({ size: [1, 1, 1], addNormals: false }));
  const contact = () => new SystemContainer().addSystem().addGeneralContact();
  it('at addTrianglesRigidBodyBased: stiffness, damping, indices, degenerate triangles, inconsistent orientation', () => {
    expect(() => contact().addTrianglesRigidBodyBased(0, -1, 0, 0, cube[0], cube[1])).toThrow(/GeneralContact 0: contactStiffness must be a finite number > 0, got number -1/);
    expect(() => contact().addTrianglesRigidBodyBased(0, 1, -1, 0, cube[0], cube[1])).toThrow(/contactDamping must be a finite number ≥ 0, got number -1/);
    expect(() => contact().addTrianglesRigidBodyBased(0, 1, 0, -1, cube[0], cube[1])).toThrow(/frictionMaterialIndex must be an integer ≥ 0/);
    expect(() => contact().addTrianglesRigidBodyBased(0, 1, 0, 0, cube[0], [[0, 1, 8]])).toThrow(/triangleList\[0\]\[2\] must be a point index in \[0, 8\), got number 8/);
    expect(() => contact().addTrianglesRigidBodyBased(0, 1, 0, 0, [[0, 0, 0], [1, 0, 0], [2, 0, 0]], [[0, 1, 2]])).toThrow(/triangleList\[0\] must not be degenerate \(points 0, 1, 2 are on one line/);
    expect(() => contact().addTrianglesRigidBodyBased(0, 1, 0, 0, [[0, 0, 0], [1, 0, 0], [0, 0, 0]], [[0, 1, 2]])).toThrow(/must not be degenerate/);
    const flipped = cube[1].map((t, i) => (i === 3 ? [t[0], t[2], t[1]] : t));
    expect(() => contact().addTrianglesRigidBodyBased(0, 1, 0, 0, cube[0], flipped)).toThrow(/triangleList must be consistently oriented/);
    expect(() => contact().addTrianglesRigidBodyBased(0, 1, 0, 0, [[0, 0, Number.NaN]], [[0, 0, 0]])).toThrow(/pointList\[0\] must be 3 finite numbers/);
  });

  it('at assemble(): a mesh on a position marker, static triangles on a moving body, μ < 0; an open mesh on a moving body warns', () => {
    const build = (markerKind: 'position' | 'rigid', open: boolean, staticTriangles: boolean) => {
      const mbs = new SystemContainer().addSystem();
      const gc = mbs.addGeneralContact();
      const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
      mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
      const body = mbs.createRigidBody({ inertia: InertiaSphere(1, 0.1), referencePosition: [0, 0, 0] });
      const marker = markerKind === 'position' ? mbs.addMarker(MarkerNodePosition({ nodeNumber: node })) : mbs.addMarker(MarkerBodyRigid({ bodyNumber: body }));
      gc.addTrianglesRigidBodyBased(marker, 1e3, 0, 0, cube[0], open ? cube[1].slice(0, 11) : cube[1], staticTriangles);
      return mbs;
    };
    expect(() => build('position', false, false).assemble()).toThrow(/triangle mesh 0 needs a rigid-body marker with position and orientation \(MarkerNodeRigid, MarkerBodyRigid\), got marker 0 \(MarkerNodePosition\)/);
    // an open mesh on a moving body is accepted (Exudyn: a plate, a shell), with a warning naming an open edge
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(() => build('rigid', true, false).assemble()).not.toThrow();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(/GeneralContact 0: triangle mesh 0 on marker 0 moves with its body and is open \(an edge with triangles on one side only: triangle \d+, points \d+–\d+\)/);
      warn.mockClear();
      expect(() => build('rigid', false, false).assemble()).not.toThrow();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    expect(() => build('rigid', false, true).assemble()).toThrow(/staticTriangles = true, expected a marker without coordinates \(ground\), got marker 0 with \d+ coordinates/);
    expect(() => contact().setFrictionPairings([[-0.2]])).toThrow(/frictionPairings\[0\]\[0\] must be a finite number ≥ 0 \(a friction coefficient μ\), got number -0.2/);
    expect(() => { contact().frictionProportionalZone = -1; }).toThrow(/frictionProportionalZone must be a finite number ≥ 0/);
    expect(() => contact().setSearchTreeCellSize([4, 0, 4])).toThrow(/numberOfCells\[1\] must be an integer ≥ 1 \(a search tree of 0 cells finds nothing\), got number 0/);
  });
});
