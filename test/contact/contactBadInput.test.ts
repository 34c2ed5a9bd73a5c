import { describe, expect, it } from 'vitest';
import {
  SystemContainer, FlexdynError, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, MarkerNodeCoordinate, MarkerNodeRigid, graphics, type MainSystem,
} from '../../src/index.ts';
import { itemDefinitions } from '../../src/items/index.ts';
import { itemFullName } from '../../scripts/generateItemDocs.ts';

/**
 * Bad input to the contact items and to GeneralContact (issue 13): negative stiffness, μ < 0, a restitution outside
 * (0, 1], a radius ≤ 0, a degenerate or inconsistently oriented triangle mesh, a marker of the wrong kind, a search
 * tree of 0 cells. Each case must throw a FlexdynError naming the item or setting, the parameter, what is expected and
 * what came; the table is checked against the registry so that no contact item is left out.
 */

/** The example of an item type, built and changed by changes (parameters), then assembled. */
function modified(fullName: string, changes: Record<string, unknown>): () => void {
  return () => {
    const definition = itemDefinitions.find((d) => itemFullName(d) === fullName)!;
    const mbs = new SystemContainer().addSystem();
    const index = definition.example!(mbs as never) as number;
    mbs.modifyObject(index, changes as never);
    mbs.assemble();
  };
}

/** The example of an item type with entry `entry` of its markerNumbers replaced by a marker of the wrong kind. */
function wrongMarker(fullName: string, entry: number, kind: 'coordinate' | 'position'): () => void {
  return () => {
    const definition = itemDefinitions.find((d) => itemFullName(d) === fullName)!;
    const mbs = new SystemContainer().addSystem();
    const index = definition.example!(mbs as never) as number;
    const markers = [...(mbs.getObject(index).markerNumbers as number[])];
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 5] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    markers[entry] = kind === 'coordinate' ? mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 })) : mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.modifyObject(index, { markerNumbers: markers } as never);
    mbs.assemble();
  };
}

/** A system with a GeneralContact, a mass point (marker 0: position, marker 1: coordinate) and a ground frame (marker 2). */
function generalContact(configure: (mbs: MainSystem, contact: ReturnType<MainSystem['addGeneralContact']>) => void): () => void {
  return () => {
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
    mbs.addMarker(MarkerNodeRigid({ nodeNumber: mbs.addNode(NodePointGround({})) }));
    configure(mbs, contact);
    mbs.assemble();
  };
}

const cube = graphics.ToPointsAndTrigs(graphics.Brick({ size: [1, 1, 1], addNormals: false }));
const flipped = cube[1].map((t, i) => (i === 3 ? [t[0], t[2], t[1]] : t));

/** [case, run, parameter, message pattern (item or setting, parameter, expected, got)]. */
const cases: [string, () => void, string, RegExp][] = [
  // ObjectContactSphereSphere
  ['SphereSphere: negative stiffness', modified('ObjectContactSphereSphere', { contactStiffness: -1 }), 'contactStiffness', /ObjectContactSphereSphere #\d+: contactStiffness must be non-negative, got -1/],
  ['SphereSphere: μ < 0', modified('ObjectContactSphereSphere', { dynamicFriction: -0.1 }), 'dynamicFriction', /ObjectContactSphereSphere #\d+: dynamicFriction must be non-negative, got -0.1/],
  ['SphereSphere: restitution 0', modified('ObjectContactSphereSphere', { restitutionCoefficient: 0 }), 'restitutionCoefficient', /ObjectContactSphereSphere #\d+: restitutionCoefficient must lie in \(0, 1\], got 0/],
  ['SphereSphere: restitution > 1', modified('ObjectContactSphereSphere', { restitutionCoefficient: 1.5 }), 'restitutionCoefficient', /restitutionCoefficient must lie in \(0, 1\], got 1.5/],
  ['SphereSphere: radius 0', modified('ObjectContactSphereSphere', { spheresRadii: [0, 0.1] }), 'spheresRadii', /ObjectContactSphereSphere #\d+: spheresRadii entry 0 must be a radius > 0, got 0/],
  ['SphereSphere: coordinate marker', wrongMarker('ObjectContactSphereSphere', 0, 'coordinate'), 'markerNumbers', /ObjectContactSphereSphere #\d+: markerNumbers entry 0 must refer to a position marker, got MarkerNodeCoordinate #\d+/],
  // ObjectContactSphereTriangle
  ['SphereTriangle: negative stiffness', modified('ObjectContactSphereTriangle', { contactStiffness: -1 }), 'contactStiffness', /ObjectContactSphereTriangle #\d+: contactStiffness must be non-negative, got -1/],
  ['SphereTriangle: μ < 0', modified('ObjectContactSphereTriangle', { dynamicFriction: -0.1 }), 'dynamicFriction', /ObjectContactSphereTriangle #\d+: dynamicFriction must be non-negative, got -0.1/],
  ['SphereTriangle: restitution < 0', modified('ObjectContactSphereTriangle', { restitutionCoefficient: -0.5 }), 'restitutionCoefficient', /ObjectContactSphereTriangle #\d+: restitutionCoefficient must lie in \(0, 1\], got -0.5/],
  ['SphereTriangle: restitution > 1', modified('ObjectContactSphereTriangle', { restitutionCoefficient: 1.5 }), 'restitutionCoefficient', /restitutionCoefficient must lie in \(0, 1\], got 1.5/],
  ['SphereTriangle: radius 0', modified('ObjectContactSphereTriangle', { radiusSphere: 0 }), 'radiusSphere', /ObjectContactSphereTriangle #\d+: radiusSphere must be a radius > 0, got 0/],
  ['SphereTriangle: degenerate triangle', modified('ObjectContactSphereTriangle', { trianglePoints: [[0, 0, 0], [1, 0, 0], [2, 0, 0]] }), 'trianglePoints', /ObjectContactSphereTriangle #\d+: trianglePoints .*got/],
  ['SphereTriangle: triangle on a position marker', wrongMarker('ObjectContactSphereTriangle', 1, 'position'), 'markerNumbers', /ObjectContactSphereTriangle #\d+: markerNumbers entry 1 must refer to a rigid marker .* that carries the triangle, got MarkerNodePosition #\d+/],
  // ObjectContactCircleCable2D, ObjectContactFrictionCircleCable2D
  ['CircleCable2D: negative stiffness', modified('ObjectContactCircleCable2D', { contactStiffness: -1 }), 'contactStiffness', /ObjectContactCircleCable2D #\d+: contactStiffness must be non-negative, got -1/],
  ['CircleCable2D: radius 0', modified('ObjectContactCircleCable2D', { circleRadius: 0 }), 'circleRadius', /ObjectContactCircleCable2D #\d+: circleRadius must be positive, got 0/],
  ['CircleCable2D: cable marker of the wrong kind', wrongMarker('ObjectContactCircleCable2D', 1, 'position'), 'markerNumbers', /ObjectContactCircleCable2D #\d+: markerNumbers entry 1 must refer to a MarkerBodyCable2DShape, got MarkerNodePosition #\d+/],
  ['FrictionCircleCable2D: negative stiffness', modified('ObjectContactFrictionCircleCable2D', { contactStiffness: -1 }), 'contactStiffness', /ObjectContactFrictionCircleCable2D #\d+: contactStiffness must be non-negative, got -1/],
  ['FrictionCircleCable2D: μ < 0', modified('ObjectContactFrictionCircleCable2D', { frictionCoefficient: -0.1 }), 'frictionCoefficient', /ObjectContactFrictionCircleCable2D #\d+: frictionCoefficient must be non-negative, got -0.1/],
  ['FrictionCircleCable2D: radius 0', modified('ObjectContactFrictionCircleCable2D', { circleRadius: 0 }), 'circleRadius', /ObjectContactFrictionCircleCable2D #\d+: circleRadius must be positive, got 0/],
  ['FrictionCircleCable2D: circle on a position marker', wrongMarker('ObjectContactFrictionCircleCable2D', 0, 'position'), 'markerNumbers', /ObjectContactFrictionCircleCable2D #\d+: markerNumbers entry 0 must refer to a rigid marker .*, got MarkerNodePosition #\d+/],
  // ObjectContactConvexRoll
  ['ConvexRoll: negative stiffness', modified('ObjectContactConvexRoll', { contactStiffness: -1 }), 'contactStiffness', /ObjectContactConvexRoll #\d+: contactStiffness must be non-negative, got -1/],
  ['ConvexRoll: μ < 0', modified('ObjectContactConvexRoll', { dynamicFriction: -0.1 }), 'dynamicFriction', /ObjectContactConvexRoll #\d+: dynamicFriction must be non-negative, got -0.1/],
  ['ConvexRoll: radius r(0) ≤ 0', modified('ObjectContactConvexRoll', { coefficientsHull: [-1, 0, -0.1] }), 'coefficientsHull', /ObjectContactConvexRoll #\d+: coefficientsHull must give a positive radius r\(0\) at the roll center, got r\(0\) = -0.1/],
  ['ConvexRoll: position marker', wrongMarker('ObjectContactConvexRoll', 1, 'position'), 'markerNumbers', /ObjectContactConvexRoll #\d+: markerNumbers entry 1 must refer to a rigid marker .*got MarkerNodePosition #\d+, which provides no orientation/],
  // ObjectContactCurveCircles
  ['CurveCircles: negative stiffness', modified('ObjectContactCurveCircles', { contactStiffness: -1 }), 'contactStiffness', /ObjectContactCurveCircles #\d+: contactStiffness must be non-negative, got -1/],
  ['CurveCircles: μ < 0', modified('ObjectContactCurveCircles', { dynamicFriction: -0.1 }), 'dynamicFriction', /ObjectContactCurveCircles #\d+: dynamicFriction must be non-negative, got -0.1/],
  ['CurveCircles: radius 0', modified('ObjectContactCurveCircles', { circlesRadii: [0.1, 0] }), 'circlesRadii', /ObjectContactCurveCircles #\d+: circlesRadii must be positive, got 0 for circle 1/],
  ['CurveCircles: curve on a position marker', wrongMarker('ObjectContactCurveCircles', 0, 'position'), 'markerNumbers', /ObjectContactCurveCircles #\d+: markerNumbers entry 0 must refer to a rigid marker \(position and orientation of the curve\), got MarkerNodePosition #\d+/],
  // ObjectContactCoordinate
  ['ContactCoordinate: negative stiffness', modified('ObjectContactCoordinate', { contactStiffness: -1 }), 'contactStiffness', /ObjectContactCoordinate #\d+: contactStiffness must be non-negative, got -1/],
  ['ContactCoordinate: position marker', wrongMarker('ObjectContactCoordinate', 0, 'position'), 'markerNumbers', /ObjectContactCoordinate #\d+: markerNumbers entry 0 must refer to a coordinate marker, got MarkerNodePosition #\d+/],
  // ObjectContactRodPlane (a rod body instead of markers)
  ['RodPlane: negative stiffness', modified('ObjectContactRodPlane', { contactStiffness: -1 }), 'contactStiffness', /ObjectContactRodPlane #\d+: contactStiffness must be non-negative, got -1/],
  ['RodPlane: μ < 0', modified('ObjectContactRodPlane', { dynamicFriction: [0.3, -0.1, 0.2] }), 'dynamicFriction', /ObjectContactRodPlane #\d+: dynamicFriction entry 1 must be a friction coefficient ≥ 0, got \[0.3, -0.1, 0.2\]/],
  ['RodPlane: radius 0', modified('ObjectContactRodPlane', { radius: 0 }), 'radius', /ObjectContactRodPlane #\d+: radius must be a cross-section radius > 0, got 0/],
  ['RodPlane: a mass point instead of a rod', () => {
    const definition = itemDefinitions.find((d) => itemFullName(d) === 'ObjectContactRodPlane')!;
    const mbs = new SystemContainer().addSystem();
    const index = definition.example!(mbs as never) as number;
    const mass = mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 5] })) }));
    mbs.modifyObject(index, { bodyNumber: mass } as never);
    mbs.assemble();
  }, 'bodyNumber', /ObjectContactRodPlane #\d+: bodyNumber must refer to a rod \(a CosseratRod/],
  // ObjectContactRodSphere, ObjectContactRodCylinder (a rod and a shape's marker)
  ...(['Sphere', 'Cylinder'] as const).flatMap((shape): [string, () => void, string, RegExp][] => {
    const name = `ObjectContactRod${shape}`;
    return [
      [`Rod${shape}: negative stiffness`, modified(name, { contactStiffness: -1 }), 'contactStiffness', new RegExp(`${name} #\\d+: contactStiffness must be non-negative, got -1`)],
      [`Rod${shape}: stiffness 0`, modified(name, { contactStiffness: 0 }), 'contactStiffness', new RegExp(`${name} #\\d+: contactStiffness must be > 0, got 0`)],
      [`Rod${shape}: μ < 0`, modified(name, { dynamicFriction: -0.1 }), 'dynamicFriction', new RegExp(`${name} #\\d+: dynamicFriction must be non-negative, got -0.1`)],
      [`Rod${shape}: static μ below the dynamic one`, modified(name, { dynamicFriction: 0.3, staticFriction: 0.2 }), 'staticFriction', new RegExp(`${name} #\\d+: staticFriction must be 0 \\(= dynamic\\) or ≥ dynamicFriction = 0.3, got 0.2`)],
      [`Rod${shape}: radius 0`, modified(name, { radius: 0 }), 'radius', new RegExp(`${name} #\\d+: radius must be a cross-section radius > 0, got 0`)],
      [`Rod${shape}: a mass point instead of a rod`, () => {
        const definition = itemDefinitions.find((d) => itemFullName(d) === name)!;
        const mbs = new SystemContainer().addSystem();
        const index = definition.example!(mbs as never) as number;
        const mass = mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 5] })) }));
        mbs.modifyObject(index, { bodyNumber: mass } as never);
        mbs.assemble();
      }, 'bodyNumber', new RegExp(`${name} #\\d+: bodyNumber must refer to a rod \\(a CosseratRod`)],
    ];
  }),
  ['RodSphere: sphere radius 0', modified('ObjectContactRodSphere', { sphereRadius: 0 }), 'sphereRadius', /ObjectContactRodSphere #\d+: sphereRadius must be a sphere radius > 0, got 0/],
  ['RodCylinder: cylinder radius 0', modified('ObjectContactRodCylinder', { cylinderRadius: 0 }), 'cylinderRadius', /ObjectContactRodCylinder #\d+: cylinderRadius must be a cylinder radius > 0, got 0/],
  ['RodCylinder: a tube thinner than the rod', modified('ObjectContactRodCylinder', { insideCylinder: true, cylinderRadius: 0.2 }), 'cylinderRadius', /ObjectContactRodCylinder #\d+: cylinderRadius must exceed the rod's radius R = 0.3 for a rod inside the cylinder \(insideCylinder\), got 0.2/],
  ['RodCylinder: axis of zero length', modified('ObjectContactRodCylinder', { cylinderAxis: [0, 0, 0] }), 'cylinderAxis', /ObjectContactRodCylinder #\d+: cylinderAxis must be a vector of nonzero length, got \[0, 0, 0\]/],
  ['RodCylinder: a position marker for the cylinder', () => {
    const definition = itemDefinitions.find((d) => itemFullName(d) === 'ObjectContactRodCylinder')!;
    const mbs = new SystemContainer().addSystem();
    const index = definition.example!(mbs as never) as number;
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 5] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    mbs.modifyObject(index, { markerNumber: mbs.addMarker(MarkerNodePosition({ nodeNumber: node })) } as never);
    mbs.assemble();
  }, 'markerNumber', /ObjectContactRodCylinder #\d+: markerNumber must refer to a rigid marker .*for the orientation of the cylinder's axis, got MarkerNodePosition #\d+/],
  // rolling discs
  ['JointRollingDisc: radius 0', modified('ObjectJointRollingDisc', { discRadius: 0 }), 'discRadius', /ObjectJointRollingDisc #\d+: discRadius must be > 0, got 0/],
  ['JointRollingDisc: position marker', wrongMarker('ObjectJointRollingDisc', 1, 'position'), 'markerNumbers', /ObjectJointRollingDisc #\d+: markerNumbers entry 1 must refer to a rigid marker .*got MarkerNodePosition #\d+, which provides no orientation/],
  ['RollingDiscPenalty: negative stiffness', modified('ObjectConnectorRollingDiscPenalty', { contactStiffness: -1 }), 'contactStiffness', /ObjectConnectorRollingDiscPenalty #\d+: contactStiffness must be non-negative, got -1/],
  ['RollingDiscPenalty: μ < 0', modified('ObjectConnectorRollingDiscPenalty', { dryFriction: [0.3, -0.2] }), 'dryFriction', /ObjectConnectorRollingDiscPenalty #\d+: dryFriction entry 1 must be ≥ 0, got -0.2/],
  ['RollingDiscPenalty: radius 0', modified('ObjectConnectorRollingDiscPenalty', { discRadius: 0 }), 'discRadius', /ObjectConnectorRollingDiscPenalty #\d+: discRadius must be > 0, got 0/],
  ['RollingDiscPenalty: coordinate marker', wrongMarker('ObjectConnectorRollingDiscPenalty', 0, 'coordinate'), 'markerNumbers', /ObjectConnectorRollingDiscPenalty #\d+: markerNumbers entry 0 must refer to a rigid marker .*got MarkerNodeCoordinate #\d+, which provides no position and orientation/],
  // GeneralContact
  ['GeneralContact: sphere radius 0', generalContact((_, c) => c.addSphereWithMarker(0, 0, 1e3, 0, 0)), 'radius', /GeneralContact 0: radius must be a finite number > 0, got number 0/],
  ['GeneralContact: negative sphere stiffness', generalContact((_, c) => c.addSphereWithMarker(0, 0.1, -1, 0, 0)), 'contactStiffness', /GeneralContact 0: contactStiffness must be a finite number > 0, got number -1/],
  ['GeneralContact: negative mesh stiffness', generalContact((_, c) => c.addTrianglesRigidBodyBased(2, -1, 0, 0, cube[0], cube[1])), 'contactStiffness', /GeneralContact 0: contactStiffness must be a finite number > 0, got number -1/],
  ['GeneralContact: negative cable stiffness', generalContact((_, c) => c.addANCFCable(0, 0, -1, 0, 0)), 'contactStiffness', /GeneralContact 0: contactStiffness must be a finite number > 0, got number -1/],
  ['GeneralContact: μ < 0', generalContact((_, c) => c.setFrictionPairings([[0.2, -0.1], [-0.1, 0.3]])), 'frictionPairings[0][1]', /GeneralContact 0: frictionPairings\[0\]\[1\] must be a finite number ≥ 0 \(a friction coefficient μ\), got number -0.1/],
  ['GeneralContact: degenerate triangle', generalContact((_, c) => c.addTrianglesRigidBodyBased(2, 1e3, 0, 0, [[0, 0, 0], [1, 0, 0], [2, 0, 0]], [[0, 1, 2]])), 'triangleList[0]', /GeneralContact 0: triangleList\[0\] must not be degenerate \(points 0, 1, 2 are on one line: the triangle has no normal\), got area 0/],
  ['GeneralContact: mesh not consistently closed', generalContact((_, c) => c.addTrianglesRigidBodyBased(2, 1e3, 0, 0, cube[0], flipped)), 'triangleList', /GeneralContact 0: triangleList must be consistently oriented .*, got triangle \d+ and a neighbour running along their common edge/],
  ['GeneralContact: sphere on a coordinate marker', generalContact((_, c) => c.addSphereWithMarker(1, 0.1, 1e3, 0, 0)), 'markerIndex', /GeneralContact 0: sphere 0 needs a position marker .*, got marker 1 \(MarkerNodeCoordinate\) without a position/],
  ['GeneralContact: mesh on a position marker', generalContact((_, c) => c.addTrianglesRigidBodyBased(0, 1e3, 0, 0, cube[0], cube[1])), 'rigidBodyMarkerIndex', /GeneralContact 0: triangle mesh 0 needs a rigid-body marker .*, got marker 0 \(MarkerNodePosition\)/],
  ['GeneralContact: cable on a mass point', generalContact((_, c) => c.addANCFCable(0, 0, 1e3, 0, 0)), 'objectIndex', /GeneralContact 0: ANCF cable 0 must refer to an ObjectANCFCable2D, got object 0 \(ObjectMassPoint\)/],
  ['GeneralContact: search tree of 0 cells', generalContact((_, c) => c.setSearchTreeCellSize([4, 0, 4])), 'numberOfCells[1]', /GeneralContact 0: numberOfCells\[1\] must be an integer ≥ 1 \(a search tree of 0 cells finds nothing\), got number 0/],
];

describe('contact items and GeneralContact: bad input gives a named FlexdynError', () => {
  it.each(cases)('%s', (_, run, parameter, pattern) => {
    let error: unknown;
    try { run(); } catch (caught) { error = caught; }
    expect(error).toBeInstanceOf(FlexdynError);
    expect((error as FlexdynError).parameter).toBe(parameter);
    expect((error as Error).message).toMatch(pattern);
  });

  it('every contact item type of the registry has cases for each of its checked inputs', () => {
    const contactItems = itemDefinitions.map(itemFullName).filter((name) => /^Object(Contact|JointRollingDisc$|ConnectorRollingDiscPenalty$)/.test(name));
    for (const name of contactItems) {
      const covered = cases.filter(([, , , pattern]) => pattern.source.includes(name)).map(([, , parameter]) => parameter);
      const parameters = Object.keys(itemDefinitions.find((d) => itemFullName(d) === name)!.parameters);
      // stiffness, friction, restitution and radius parameters the item has, and its markers (or body)
      const expected = parameters.filter((p) => /^(contactStiffness|dynamicFriction|frictionCoefficient|dryFriction|restitutionCoefficient|spheresRadii|radiusSphere|radius|circleRadius|circlesRadii|discRadius|coefficientsHull|markerNumbers|bodyNumber)$/.test(p));
      expect(covered.sort(), name).toEqual(expect.arrayContaining(expected));
    }
  });
});
