import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../helpers/random.ts';
import {
  SystemContainer, SimulationSettings, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, MarkerNodeRigid, Point2DS1, Cable2D, ContactTypeIndex,
  ConfigurationType, OutputVariableType, FlexdynError, graphics, NodeType, InertiaCuboid,
} from '../../src/index.ts';

/** Spheres at random positions (mass points with velocities), a unit ground square of two triangles at z = 0 and a cable element along x at y = 1. */
function scene(count = 60) {
  const next = mulberry32(5);
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.setSearchTreeCellSize([6, 6, 6]);
  const spheres: { p: number[]; v: number[]; r: number }[] = [];
  for (let i = 0; i < count; i++) {
    const p = [next() * 2 - 1, next() * 2 - 1, 0.2 + next()], v = [next() - 0.5, next() - 0.5, next() - 0.5], r = 0.02 + 0.05 * next();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: p, initialVelocities: v }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), r, 1e3, 0, 0);
    spheres.push({ p, v, r });
  }
  const ground = mbs.addMarker(MarkerNodeRigid({ nodeNumber: mbs.addNode(NodePointGround({})) }));
  contact.addTrianglesRigidBodyBased(ground, 1e3, 0, 0, [[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]], [[0, 1, 2], [0, 2, 3]]);
  // a cable element from (−0.5, 1.5) to (0.5, 1.5), bent by its slopes (±0.4) and moving up at its second node
  const n0 = mbs.addNode(Point2DS1({ referenceCoordinates: [-0.5, 1.5, 1, 0.4] }));
  const n1 = mbs.addNode(Point2DS1({ referenceCoordinates: [0.5, 1.5, 1, -0.4], initialVelocities: [0, 2, 0, 0] }));
  const cable = mbs.addObject(Cable2D({ physicsLength: 1, physicsMassPerLength: 1, physicsAxialStiffness: 1e4, physicsBendingStiffness: 1, nodeNumbers: [n0, n1] }));
  contact.addANCFCable(cable, 0.01, 1e3, 0, 0);
  mbs.assemble();
  return { mbs, contact, spheres, cable };
}

describe('GeneralContact.shortestDistanceAlongLine', () => {
  it('spheres: the nearest sphere along random lines equals a brute-force search, with and without a cylinder', () => {
    const { contact, spheres } = scene();
    const next = mulberry32(9);
    let hits = 0;
    for (let trial = 0; trial < 200; trial++) {
      const p = [next() * 3 - 1.5, next() * 3 - 1.5, 0.2 + next()];
      const dir = [next() - 0.5, next() - 0.5, 0.3 * (next() - 0.5)];
      const cylinder = trial % 2 === 0 ? 0 : 0.03;
      const length = Math.hypot(...dir), e = dir.map((x) => x / length);
      let best = 1e7, bestIndex = -1;
      spheres.forEach(({ p: c, r }, i) => {
        const d = c.map((x, k) => x - p[k]);
        const along = d[0] * e[0] + d[1] * e[1] + d[2] * e[2];
        const off = Math.sqrt(Math.max(0, d[0] ** 2 + d[1] ** 2 + d[2] ** 2 - along * along));
        if (off > r + cylinder) return;
        const distance = along - (off <= cylinder ? r : Math.sqrt(r * r - (off - cylinder) ** 2));
        if (distance >= 0 && distance < best) { best = distance; bestIndex = i; }
      });
      const found = contact.shortestDistanceAlongLine(p, dir, 0, 1e7, true, cylinder, ContactTypeIndex.IndexSpheresMarkerBased);
      expect(found.itemIndex).toBe(bestIndex);
      expect(found.distance).toBeCloseTo(best, 12);
      if (bestIndex >= 0) {
        hits++;
        expect(found.typeIndex).toBe(ContactTypeIndex.IndexSpheresMarkerBased);
        const v = spheres[bestIndex].v;
        expect(found.velocityAlongLine).toBeCloseTo(v[0] * e[0] + v[1] * e[1] + v[2] * e[2], 14);
      } else {
        expect(found.typeIndex).toBe(ContactTypeIndex.IndexEndOfEnumList);
      }
    }
    expect(hits).toBeGreaterThan(10); // the lines hit spheres often enough to test something
  });

  it('triangles, the cable centerline, all kinds, min and max distance, configurations', () => {
    const { mbs, contact, cable } = scene(0);
    // straight down onto the ground square from z = 2: distance 2; outside the square: nothing (maxDistance returned)
    expect(contact.shortestDistanceAlongLine([0.3, -0.2, 2], [0, 0, -5])).toBeCloseTo(2, 14);
    expect(contact.shortestDistanceAlongLine([1.3, -0.2, 2], [0, 0, -1], 0, 100)).toBe(100);
    // an oblique line onto the square: the plane at z = 0 is reached after 2/cos
    const oblique = contact.shortestDistanceAlongLine([0, 0, 1], [0.3, 0, -1], 0, 10, true);
    expect(oblique.distance).toBeCloseTo(Math.hypot(0.3, 1), 14);
    expect(oblique.typeIndex).toBe(ContactTypeIndex.IndexTrigsRigidBodyBased);
    expect(oblique.velocityAlongLine).toBe(0);
    // the cable: r(x) = cubic Hermite from (−0.5, 1.5) with slope (1, 0.4) to (0.5, 1.5) with slope (1, −0.4); a vertical line
    // at x = 0 from y = 3 downwards meets it at its middle, y = 1.5 + 0.4·L/4 (S2(L/2) = L/8, S4(L/2) = −L/8) = 1.6
    const down = contact.shortestDistanceAlongLine([0, 3, 0], [0, -1, 0], 0, 10, true);
    expect(down.typeIndex).toBe(ContactTypeIndex.IndexANCFCable2D);
    expect(down.itemIndex).toBe(0);
    expect(down.distance).toBeCloseTo(3 - 1.6, 14);
    // the cable's velocity at its middle: node 1 moves up at 2 m/s, S3(L/2) = 1/2: 1 m/s upwards = −1 along the line
    expect(down.velocityAlongLine).toBeCloseTo(-1, 14);
    // a line not in the x–y plane does not see the cable; typeIndex selects kinds
    expect(contact.shortestDistanceAlongLine([0, 3, 0], [0, -1, 0.1], 0, 10, true).typeIndex).not.toBe(ContactTypeIndex.IndexANCFCable2D);
    expect(contact.shortestDistanceAlongLine([0, 3, 0.5], [0, -1, 0], 0, 10, false, 0, ContactTypeIndex.IndexTrigsRigidBodyBased)).toBe(10);
    // minDistance skips nearer items; items at maxDistance are ignored
    expect(contact.shortestDistanceAlongLine([0, 3, 0], [0, -1, 0], 1.5, 10)).toBe(10);
    expect(contact.shortestDistanceAlongLine([0, 3, 0], [0, -1, 0], 0, 1.4)).toBe(1.4);
    // the cable's centerline in the reference configuration is a straight line at y = 1.5 (its slopes are not a displacement)
    const s = mbs.stateOf(ConfigurationType.Current);
    expect(mbs.getObjectOutputBody(cable, OutputVariableType.Position, [0.5, 0, 0], ConfigurationType.Reference)[1]).toBeCloseTo(1.6, 14);
    // configurations: move node 1 up by 0.2 in Visualization only: the middle rises by 0.1
    const vis = mbs.stateOf(ConfigurationType.Visualization);
    vis.q.set(s.q);
    vis.q[mbs.getNodeODE2Index(mbs.compiled().nodes.length - 1) + 1] += 0.2;
    expect(contact.shortestDistanceAlongLine([0, 3, 0], [0, -1, 0], 0, 10, false, 0, ContactTypeIndex.IndexEndOfEnumList, ConfigurationType.Visualization)).toBeCloseTo(3 - 1.7, 14);
    expect(contact.shortestDistanceAlongLine([0, 3, 0], [0, -1, 0])).toBeCloseTo(3 - 1.6, 14);
  });

  it('bad input', () => {
    const { contact } = scene(1);
    expect(() => contact.shortestDistanceAlongLine([0, 0, 0], [0, 0, 0])).toThrow(/GeneralContact 0: shortestDistanceAlongLine: direction must not be \[0, 0, 0\]/);
    expect(() => contact.shortestDistanceAlongLine([0, 0], [0, 0, 1])).toThrow(/pStart\[2\] must be a finite number/);
    expect(() => contact.shortestDistanceAlongLine([0, 0, 0], [0, 0, 1], 1, 1)).toThrow(/maxDistance must be a finite number > minDistance = 1, got number 1/);
    expect(() => contact.shortestDistanceAlongLine([0, 0, 0], [0, 0, 1], 0, 1, false, 0.1)).toThrow(/cylinderRadius ≠ 0 needs typeIndex = ContactTypeIndex.IndexSpheresMarkerBased/);
    expect(() => contact.shortestDistanceAlongLine([0, 0, 0], [0, 0, 1], 0, 1, false, 0, 7)).toThrow(FlexdynError);
    expect(() => new SystemContainer().addSystem().addGeneralContact().shortestDistanceAlongLine([0, 0, 0], [1, 0, 0])).toThrow(/needs an assembled system/);
  });
});

describe('createDistanceSensor', () => {
  it('a sensor on a rigid body\'s marker looks along the body\'s axis; a sensor at a point measures a falling ball; isActive = false', () => {
    const mbs = new SystemContainer().addSystem();
    const floor = graphics.Brick({ centerPoint: [0, 0, -0.05], size: [4, 4, 0.1], addNormals: false });
    const [points, trigs] = graphics.ToPointsAndTrigs(floor);
    const ground = mbs.addMarker(MarkerNodeRigid({ nodeNumber: mbs.addNode(NodePointGround({})) }));
    const geometry = mbs.createDistanceSensorGeometry({ meshPoints: points, meshTrigs: trigs, rigidBodyMarkerIndex: ground });
    expect(mbs.getGeneralContact(geometry).isActive).toBe(false);
    // a body 1 m above the floor, turned by 90° about x: its local y axis points along global z
    const body = mbs.createRigidBody({
      referencePosition: [0, 0, 1], referenceRotationMatrix: [[1, 0, 0], [0, 0, -1], [0, 1, 0]], inertia: InertiaCuboid(1000, [0.1, 0.1, 0.1]),
      nodeType: NodeType.RotationEulerParameters, gravity: [0, 0, -10],
    });
    const marker = mbs.addMarker(MarkerNodeRigid({ nodeNumber: mbs.getObject(body).nodeNumber as number }));
    // local −y = global −z: looking down at the floor from the body
    const onBody = mbs.createDistanceSensor({ generalContactIndex: geometry, positionOrMarker: marker, dirSensor: [0, -1, 0], measureVelocity: true, storeInternal: true, addGraphicsObject: true });
    const fixed = mbs.createDistanceSensor({ generalContactIndex: geometry, positionOrMarker: [0.5, 0.5, 3], dirSensor: [0, 0, -2], minDistance: 0, maxDistance: 10, storeInternal: true });
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 0.1;
    settings.timeIntegration.endTime = 0.4;
    settings.timeIntegration.numberOfSteps = 40;
    settings.timeIntegration.verboseMode = 0;
    mbs.solveDynamic(settings);
    // free fall (no contact forces: isActive false): z = 1 − 5 t², which the sensor on the body reads; the velocity is the
    // floor's (it does not move), not the relative one
    for (const [time, distance, velocity] of mbs.getSensorStoredData(onBody)) {
      expect(distance).toBeCloseTo(1 - 5 * time * time, 10);
      expect(velocity).toBe(0);
    }
    for (const [, distance] of mbs.getSensorStoredData(fixed)) expect(distance).toBeCloseTo(3, 14);
    // the beam drawn in the Visualization configuration (graphics user function of the added ground object): at
    // t = 0.4 the body is at z = 0.2; the beam ends at the floor point hit (0, 0, 0) and is one dirSensor (1) long
    const beamObject = mbs.numberOfObjects - 1;
    mbs.stateOf(ConfigurationType.Visualization).q.set(mbs.stateOf(ConfigurationType.Current).q);
    const visualization = mbs.getObject(beamObject).visualization as { graphicsDataUserFunction: (m: unknown, i: number) => { data: ArrayLike<number> }[] };
    const [beam] = visualization.graphicsDataUserFunction(mbs, beamObject);
    Array.from(beam.data).forEach((x, k) => expect(x).toBeCloseTo([0, 0, 1, 0, 0, 0][k], 12));
    expect(() => mbs.createDistanceSensor({ generalContactIndex: 3, positionOrMarker: [0, 0, 0], dirSensor: [1, 0, 0] })).toThrow(/createDistanceSensor: generalContactIndex must be the index of a GeneralContact \(0 … 0\), got number 3/);
    expect(() => mbs.createDistanceSensor({ generalContactIndex: 0, positionOrMarker: [0, 0, 0], dirSensor: [1, 0, 0], cylinderRadius: 0.1 })).toThrow(/cylinderRadius = 0 unless selectedTypeIndex = IndexSpheresMarkerBased/);
    expect(() => mbs.createDistanceSensor({ generalContactIndex: 0, positionOrMarker: [0, 0], dirSensor: [1, 0, 0] })).toThrow(/positionOrMarker must be a vector of 3 finite numbers/);
  });
});
