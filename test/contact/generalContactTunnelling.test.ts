import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, MarkerNodeRigid, DynamicSolverType, FlexdynError, OutputVariableType,
  InertiaCuboid, graphics, NodePoint2DSlope1, ObjectANCFCable2D, LoadForceVector,
} from '../../src/index.ts';
import { pointTriangleDistanceSquared } from '../../src/contact/triangleTunnelling.ts';
import { randomSequence } from '../helpers/random.ts';
import { dynamicSettings } from '../helpers/settings.ts';

/** A free sphere (m = 1) at x0 flying at v along x towards a fixed sphere at the origin; both of radius r, stiffness k each. */
function shot(x0: number, v: number, r = 0.1, k = 1e4) {
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: ground })), r, k, 0, 0);
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [x0, 0, 0], initialVelocities: [v, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
  contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), r, k, 0, 0);
  mbs.assemble();
  return { mbs, node };
}

function failure(run: () => void): unknown {
  try { run(); } catch (error) { return error; }
  return undefined;
}

describe('GeneralContact spheres: tunnelling is reported, not silent', () => {
  it('a sphere that penetrates beyond the radius in one step: named contact, spheres, time and hint', () => {
    // 0.25 m apart (gap 0.05), v = −30 m/s, h = 1e-2: the free sphere's centre crosses the fixed one's within the first step
    const { mbs } = shot(0.25, -30);
    const error = failure(() => mbs.solveDynamic(dynamicSettings(0.1, 10), DynamicSolverType.GeneralizedAlpha));
    expect(error).toBeInstanceOf(FlexdynError);
    const message = String((error as Error).message);
    expect(message).toMatch(/GeneralContact 0: spheres 0 and 1: penetration 0\.\d+ exceeds the smaller sphere radius 0.1 within one step at t = 0.01 \(tunnelling\)/);
    expect(message).toMatch(/reduce the step size \(timeIntegration.numberOfSteps\) .* or increase contactStiffness/);
  });

  it('a sphere that passes through the other within one step (explicit solver): reported as passing through', () => {
    // v = −100 m/s, h = 1e-2: from x = 0.5 to x = −0.5 in one step, both ends separated; the closest approach is 0
    const { mbs } = shot(0.5, -100);
    const error = failure(() => mbs.solveDynamic(dynamicSettings(0.05, 5), DynamicSolverType.RK44));
    expect(error).toBeInstanceOf(FlexdynError);
    expect(String((error as Error).message)).toMatch(/spheres 0 and 1: penetration 0\.\d+ exceeds the smaller sphere radius 0.1 within one step at t = 0.01 \(they pass through each other\) \(tunnelling\)/);
  });

  it('the same impacts with steps that resolve the contact run through and rebound', () => {
    // k_eff = 5e3, m = 1: contact time π/√5e3 ≈ 0.044 s; the deepest penetration v/ω = 30/70.7 = 0.42 m exceeds the
    // radius even when resolved: stiffer contact (k = 1e7 each, ω ≈ 2236, δ = 0.013 m) and h = 1e-5 resolve it
    const { mbs, node } = shot(0.25, -30, 0.1, 1e7);
    const settings = dynamicSettings(0.01, 1000);
    mbs.solveDynamic(settings, DynamicSolverType.RK44);
    expect(mbs.getNodeOutput(node, OutputVariableType.Velocity)[0]).toBeGreaterThan(29.9); // elastic rebound
  });

  it('a deep penetration reached slowly over many steps is no tunnelling', () => {
    // soft contact pressed in at 0.5 m/s over 0.5 s: penetration 0.2 m > radius, but 5 mm per step
    const { mbs } = shot(0.2, -0.5, 0.1, 1e-3);
    expect(() => mbs.solveDynamic(dynamicSettings(0.5, 100), DynamicSolverType.GeneralizedAlpha)).not.toThrow();
  });
});

/** A ball (m = 1, radius r) at height z0 falling at vz onto a floor of two triangles on ground (an open mesh, as Exudyn allows). */
function ballOnFloor(z0: number, vz: number, r = 0.1, k = 1e4, gravity = 0) {
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  const ground = mbs.addMarker(MarkerNodeRigid({ nodeNumber: mbs.addNode(NodePointGround({})) }));
  contact.addTrianglesRigidBodyBased(ground, k, 0, 0, [[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]], [[0, 1, 2], [0, 2, 3]]);
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.3, 0.2, z0], initialVelocities: [0, 0, vz] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
  const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
  contact.addSphereWithMarker(marker, r, k, 0, 0);
  if (gravity !== 0) mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, 0, -gravity] }));
  mbs.assemble();
  return { mbs, node };
}

describe('GeneralContact spheres and triangles: tunnelling is reported, not silent', () => {
  it('a ball that passes through the floor within one step: named contact, sphere, triangle, time and hint', () => {
    // z from 0.3 to −0.7 in the first step (h = 1e-2, v = −100 m/s): both ends separated, the centre crosses triangle 0
    const { mbs } = ballOnFloor(0.3, -100);
    const error = failure(() => mbs.solveDynamic(dynamicSettings(0.05, 5), DynamicSolverType.ExplicitEuler));
    expect(error).toBeInstanceOf(FlexdynError);
    const message = String((error as Error).message);
    expect(message).toMatch(/GeneralContact 0: sphere 0 passed through triangle 0 \(radius 0.1\) within one step at t = 0.01 \(tunnelling\)/);
    expect(message).toMatch(/reduce the step size \(timeIntegration.numberOfSteps\) .* or increase contactStiffness/);
    expect((error as FlexdynError).parameter).toBe('contactStiffness');
  });

  it('implicit solver: a ball that ends behind the floor after one step is reported at that step', () => {
    // v = −30 m/s from z = 0.2: after 0.01 s the centre is at −0.1 (behind the floor, no force from it)
    const { mbs } = ballOnFloor(0.2, -30);
    expect(() => mbs.solveDynamic(dynamicSettings(0.05, 5), DynamicSolverType.GeneralizedAlpha)).toThrow(/sphere 0 passed through triangle 0 \(radius 0.1\) within one step at t = 0.01 \(tunnelling\)/);
  });

  it('a closed mesh on a moving body that passes over a fixed sphere within one step (the check in the body\'s frame)', () => {
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({})) })), 0.05, 1e4, 0, 0);
    const a = 0.4;
    const [points, triangles] = graphics.ToPointsAndTrigs(graphics.Brick({ size: [a, a, a], addNormals: false }));
    // the cube 0.5 m beside the sphere, flying at 60 m/s and spinning: its far face crosses the sphere within the first step
    const cube = mbs.createRigidBody({ inertia: InertiaCuboid(100, [a, a, a]), referencePosition: [-0.5, 0, 0], initialVelocity: [60, 0, 0], initialAngularVelocity: [0, 0, 3], returnDict: true });
    contact.addTrianglesRigidBodyBased(mbs.addMarker(MarkerNodeRigid({ nodeNumber: cube.nodeNumber })), 1e4, 0, 0, points, triangles);
    mbs.assemble();
    expect(() => mbs.solveDynamic(dynamicSettings(0.05, 5), DynamicSolverType.GeneralizedAlpha)).toThrow(/GeneralContact 0: sphere 0 passed through triangle \d+ \(radius 0.05\) within one step at t = 0.01 \(tunnelling\)/);
  });

  it('resolved impacts run through and rebound; a soft contact pressed slowly beyond the radius is no tunnelling', () => {
    // k = 1e6 each (5e5 in series), m = 1, v = −3 m/s: deepest penetration 3/707 = 4.2 mm; h = 1e-4 resolves it
    const { mbs, node } = ballOnFloor(0.15, -3, 0.1, 1e6);
    mbs.solveDynamic(dynamicSettings(0.05, 500), DynamicSolverType.RK44);
    expect(mbs.getNodeOutput(node, OutputVariableType.Velocity)[2]).toBeGreaterThan(2.99); // elastic rebound
    // a soft contact (k = 20 in series) under 5 N sinks 0.25 m > r = 0.1, 5 mm per step at most: the ball ends behind
    // the floor without the check firing (the penetration beyond the radius is the model's, not the step's)
    const soft = ballOnFloor(0.1, 0, 0.1, 40, 5);
    expect(() => soft.mbs.solveDynamic(dynamicSettings(2, 400), DynamicSolverType.GeneralizedAlpha)).not.toThrow();
    expect(soft.mbs.getNodeOutput(soft.node, OutputVariableType.Position)[2]).toBeLessThan(0);
  });

  it('pointTriangleDistanceSquared is the exact squared distance (against a fine sampling of the triangle)', () => {
    const random = randomSequence(7);
    for (let trial = 0; trial < 40; trial++) {
      const e1 = [random(), random(), random()], e2 = [random(), random(), random()], v = [2 * random(), 2 * random(), 2 * random()];
      const exact = pointTriangleDistanceSquared(v[0], v[1], v[2], e1[0], e1[1], e1[2], e2[0], e2[1], e2[2]);
      let sampled = Infinity;
      const n = 300;
      for (let a = 0; a <= n; a++) {
        for (let b = 0; a + b <= n; b++) {
          const x = [0, 1, 2].map((k) => (a * e1[k] + b * e2[k]) / n);
          sampled = Math.min(sampled, (v[0] - x[0]) ** 2 + (v[1] - x[1]) ** 2 + (v[2] - x[2]) ** 2);
        }
      }
      // the exact minimum is never above a sample; the samples are within the grid spacing (edges ≤ √3/300) of it
      expect(exact).toBeLessThanOrEqual(sampled + 1e-14);
      expect(Math.sqrt(sampled) - Math.sqrt(exact)).toBeLessThan(Math.sqrt(3) / n);
    }
  });
});

/** A straight ANCF cable element along x (y = 0, from −0.5 to 0.5, free) and a ball (m = 1, radius r) at height y0 moving at vy. */
function ballAtCable(y0: number, vy: number, halfHeight: number, r = 0.1, k = 1e4) {
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  const n0 = mbs.addNode(NodePoint2DSlope1({ referenceCoordinates: [-0.5, 0, 1, 0] })), n1 = mbs.addNode(NodePoint2DSlope1({ referenceCoordinates: [0.5, 0, 1, 0] }));
  const cable = mbs.addObject(ObjectANCFCable2D({ physicsLength: 1, physicsMassPerLength: 1, physicsAxialStiffness: 1e4, physicsBendingStiffness: 1, nodeNumbers: [n0, n1] }));
  contact.addANCFCable(cable, halfHeight, k, 0, 0);
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.1, y0, 0], initialVelocities: [0, vy, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
  contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), r, k, 0, 0);
  mbs.assemble();
  return { mbs, node };
}

describe('GeneralContact spheres and ANCF cables: tunnelling is reported, not silent', () => {
  it('a ball that passes through a cable within one step: named contact, sphere, cable, time and hint', () => {
    // y from 0.5 to −0.5 in the first step (h = 1e-2, v = −100 m/s)
    const { mbs } = ballAtCable(0.5, -100, 0);
    const error = failure(() => mbs.solveDynamic(dynamicSettings(0.05, 5), DynamicSolverType.ExplicitEuler));
    expect(error).toBeInstanceOf(FlexdynError);
    const message = String((error as Error).message);
    expect(message).toMatch(/GeneralContact 0: sphere 0 \(radius 0.1\) passed through ANCF cable 0 \(halfHeight 0\) within one step at t = 0.01 \(tunnelling\)/);
    expect(message).toMatch(/reduce the step size \(timeIntegration.numberOfSteps\) .* or increase contactStiffness/);
  });

  it('a ball that ends within the halfHeight of the centerline after one step: penetration beyond its radius', () => {
    // y from 0.5 to 0.01 < halfHeight 0.02 in the first step (v = −49 m/s), on the side it came from
    const { mbs } = ballAtCable(0.5, -49, 0.02);
    expect(() => mbs.solveDynamic(dynamicSettings(0.05, 5), DynamicSolverType.ExplicitEuler)).toThrow(/sphere 0 \(radius 0.1\) penetrated beyond its radius into ANCF cable 0 \(halfHeight 0.02\) within one step at t = 0.01 \(tunnelling\)/);
  });

  it('the same impact with steps that resolve it runs through and rebounds', () => {
    // k = 1e6 each (5e5 in series), v = −1 m/s on a free cable (m = 1): no tunnelling, the ball is stopped
    const { mbs, node } = ballAtCable(0.11, -1, 0, 0.1, 1e6);
    expect(() => mbs.solveDynamic(dynamicSettings(0.05, 1000), DynamicSolverType.RK44)).not.toThrow();
    expect(mbs.getNodeOutput(node, OutputVariableType.Velocity)[1]).toBeGreaterThan(-0.9);
  });
});
