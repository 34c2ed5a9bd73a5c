import { describe, it, expect } from 'vitest';
import {
  SystemContainer, ConfigurationType, InertiaCuboid, RotationMatrixZ, GenericJoint, MarkerBodyRigid, MarkerNodeCoordinate,
  CoordinateSpringDamper, NodePointGround, NodeRigidBody2D, ObjectRigidBody2D, ObjectJointPrismatic2D, ObjectJointRevolute2D,
  MarkerBodyPosition, InertiaSphere, OutputVariableType,
} from '../../src/index.ts';
import { itemDefinitions } from '../../src/items/index.ts';
import { computeScene, decodeArray } from '../../src/viewer/scene.ts';
import { connectorDrawings, jointPartGraphics, springCoil, springCoilPointCount } from '../../src/viewer/connectorDrawing.ts';

/** A body turned 30° about z with one joint of each kind to the ground, a Cartesian and a coordinate spring, a torsional spring. */
function build() {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.createGround({});
  const A = RotationMatrixZ(Math.PI / 6);
  const body = mbs.createRigidBody({ referencePosition: [1, 2, 0], referenceRotationMatrix: A, inertia: InertiaCuboid({ density: 1000, sideLengths: [0.2, 0.1, 0.1] }) });
  const prismatic = mbs.createPrismaticJoint({ bodyNumbers: [ground, body], position: [1, 2, 0], axis: [1, 0, 0], axisRadius: 0.02, axisLength: 0.5 });
  const spherical = mbs.createSphericalJoint({ bodyNumbers: [ground, body], position: [1.1, 2, 0], jointRadius: 0.04 });
  const gx = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [1, 2, 0] }));
  const bx = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0, 0, 0] }));
  const free1 = mbs.addObject(GenericJoint({ markerNumbers: [gx, bx], constrainedAxes: [1, 1, 1, 0, 1, 1], visualization: { axesRadius: 0.05, axesLength: 0.5 } }));
  const free2 = mbs.addObject(GenericJoint({ markerNumbers: [gx, bx], constrainedAxes: [1, 1, 1, 0, 0, 1], visualization: { axesRadius: 0.05, axesLength: 0.2 } }));
  const cartesian = mbs.createCartesianSpringDamper({ bodyNumbers: [ground, body], localPosition0: [0, 0, 0], stiffness: [1, 1, 1], drawSize: 0.1 });
  const mass = mbs.createMassPoint({ referencePosition: [0, 1, 0], physicsMass: 1 });
  const groundNode = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const coordinate = mbs.addObject(CoordinateSpringDamper({
    markerNumbers: [mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: groundNode, coordinate: 1 })), mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.getObject(mass).nodeNumber as number, coordinate: 1 }))],
    stiffness: 10,
  }));
  const torsional = mbs.createTorsionalSpringDamper({ bodyNumbers: [ground, body], position: [1, 2, 0], axis: [0, 0, 1], stiffness: 1, unlimitedRotations: false });
  mbs.assemble();
  return { mbs, A, prismatic, spherical, free1, free2, cartesian, coordinate, torsional };
}

describe('connector drawings', () => {
  it('chooses Exudyn\'s glyphs per joint type, sizes from the visualization, frames J = A·rotationMarker at the markers', () => {
    const m = build();
    const drawings = connectorDrawings(m.mbs, 2);
    const of = (i: number) => drawings.find((d) => d.index === i)!;
    const state = m.mbs.stateOf(ConfigurationType.Reference);
    const p = new Float64Array(3), R = new Float64Array(9);

    // prismatic: rail 1.5·L, radius R/2 on marker 0; sleeve L, R on marker 1; both along the joint frame's x
    const prismatic = of(m.prismatic);
    expect(prismatic.parts.map((part) => part.shapes)).toEqual([
      [{ type: 'cylinder', axis: [1, 0, 0], start: -0.375, length: 0.75, radius: 0.01 }],
      [{ type: 'cylinder', axis: [1, 0, 0], start: -0.25, length: 0.5, radius: 0.02 }],
    ]);
    expect(prismatic.line).toBe(false);
    // marker 1 is on the turned body: J1 = A · rotationMarker1, its x axis is the global joint axis x
    prismatic.parts[1].frame(state, p, R);
    const R1 = m.mbs.getObject(m.prismatic).rotationMarker1 as number[][];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(R[3 * i + j]).toBeCloseTo(m.A[i][0] * R1[0][j] + m.A[i][1] * R1[1][j] + m.A[i][2] * R1[2][j], 14);
    expect([R[0], R[3], R[6]].map((x) => Math.round(x * 1e12) / 1e12)).toEqual([1, 0, 0]);
    expect(Array.from(p)).toEqual([1, 2, 0]);

    // spherical: spheres of jointRadius at both markers, lighter on marker 0; no line (all axes constrained)
    const spherical = of(m.spherical);
    expect(spherical.parts.map((part) => part.shapes)).toEqual([[{ type: 'sphere', radius: 0.04 }], [{ type: 'sphere', radius: 0.04 }]]);
    expect(spherical.parts[0].color).toEqual([0.6 * 0.2 + 0.4, 0.6 * 0.2 + 0.4, 1, 1]);
    expect(spherical.parts[1].color).toEqual([0.2, 0.2, 1, 1]); // Exudyn's connectors.defaultColor
    spherical.parts[1].frame(state, p, R);
    for (let k = 0; k < 3; k++) expect(p[k]).toBeCloseTo([1.1, 2, 0][k], 14);

    // generic joint with the x rotation free: axis (1.2·L, R/2) and hinge (L, R) about x; with two free rotations one axis per marker
    expect(of(m.free1).parts.map((part) => part.shapes)).toEqual([
      [{ type: 'cylinder', axis: [1, 0, 0], start: -0.3, length: 0.6, radius: 0.025 }],
      [{ type: 'cylinder', axis: [1, 0, 0], start: -0.25, length: 0.5, radius: 0.05 }],
    ]);
    expect(of(m.free2).parts.map((part) => part.shapes.map((s) => (s.type === 'cylinder' ? s.axis : s.type)))).toEqual([[[1, 0, 0]], [[0, 1, 0]]]);

    // springs: the Cartesian one with drawSize 0.1 (radius 0.05), the coordinate one through its nodes with the automatic size 3 % of 2
    expect(of(m.cartesian).spring).toEqual({ radius: 0.05, windings: 8 });
    const coordinate = of(m.coordinate);
    expect(coordinate.spring!.radius).toBeCloseTo(0.03, 15);
    coordinate.ends[1](state, p);
    expect(Array.from(p)).toEqual([0, 1, 0]); // the mass point's node
    // the torsional spring-damper stays a line
    expect(of(m.torsional).line).toBe(true);
    expect(of(m.torsional).parts).toHaveLength(0);
  });

  it('the coil polyline: ends at the markers, helix of the radius between 10 % and 90 %, a zero-length spring collapses to its point', () => {
    const n = springCoilPointCount(3);
    expect(n).toBe(3 * 12 + 3);
    const out = new Float64Array(3 * n);
    springCoil([0, 0, 0], [0, 0, 2], 0.1, 3, out);
    expect(Array.from(out.subarray(0, 3))).toEqual([0, 0, 0]);
    expect(Array.from(out.subarray(3 * (n - 1)))).toEqual([0, 0, 2]);
    for (let i = 1; i < n - 1; i++) {
      expect(Math.hypot(out[3 * i], out[3 * i + 1])).toBeCloseTo(0.1, 14);
      expect(out[3 * i + 2]).toBeCloseTo(0.2 + (1.6 * (i - 1)) / (n - 3), 14);
    }
    // 3 windings: the helix starts and ends at the same angle
    for (let k = 0; k < 2; k++) expect(out[3 + k]).toBeCloseTo(out[3 * (n - 2) + k], 14);
    springCoil([1, 2, 3], [1, 2, 3], 0.1, 3, out);
    for (let i = 0; i < n; i++) expect(Array.from(out.subarray(3 * i, 3 * i + 3))).toEqual([1, 2, 3]);
  });

  it('draws a joint from what it lowers to: a generic joint with the revolute or prismatic flags gets their glyphs', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({});
    const body = mbs.createRigidBody({ referencePosition: [1, 0, 0], inertia: InertiaCuboid({ density: 1000, sideLengths: [0.2, 0.1, 0.1] }) });
    const markers = () => [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [1, 0, 0] })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: body }))];
    const sizes = { axisRadius: 0.02, axisLength: 0.5, axesRadius: 0.02, axesLength: 0.5 };
    const revolute = mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [1, 0, 0], axis: [0, 0, 1], axisRadius: 0.02, axisLength: 0.5 });
    const genericRevolute = mbs.addObject(GenericJoint({ markerNumbers: markers(), constrainedAxes: [1, 1, 1, 1, 1, 0], visualization: sizes }));
    const prismatic = mbs.createPrismaticJoint({ bodyNumbers: [ground, body], position: [1, 0, 0], axis: [1, 0, 0], axisRadius: 0.02, axisLength: 0.5 });
    const genericPrismatic = mbs.addObject(GenericJoint({ markerNumbers: markers(), constrainedAxes: [0, 1, 1, 1, 1, 1], visualization: sizes }));
    mbs.assemble();
    const drawings = connectorDrawings(mbs, 2);
    const shapesOf = (i: number) => drawings.find((d) => d.index === i)!.parts.map((part) => part.shapes);
    expect(shapesOf(genericRevolute)).toEqual(shapesOf(revolute));
    expect(shapesOf(genericPrismatic)).toEqual(shapesOf(prismatic));
    expect(shapesOf(genericPrismatic)[0]).toEqual([{ type: 'cylinder', axis: [1, 0, 0], start: -0.375, length: 0.75, radius: 0.01 }]);
  });

  it('draws the planar joints from their lowered data: in-plane axes, drawSize, frames from the axes', () => {
    const mbs = new SystemContainer().addSystem();
    const angle = 0.4;
    const bodies = [0, 1].map((i) => mbs.addObject(ObjectRigidBody2D({
      physicsMass: 1, physicsInertia: 0.1, nodeNumber: mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [i, 0, i * angle] })),
    })));
    const rigid = bodies.map((b) => mbs.addMarker(MarkerBodyRigid({ bodyNumber: b })));
    const points = bodies.map((b) => mbs.addMarker(MarkerBodyPosition({ bodyNumber: b })));
    // an unnormalized sliding axis (Exudyn uses it as given) and a unit normal at 45° in marker 1
    const prismatic = mbs.addObject(ObjectJointPrismatic2D({ markerNumbers: rigid, axisMarker0: [0, 2, 0], normalMarker1: [Math.SQRT1_2, Math.SQRT1_2, 0], visualization: { drawSize: 0.1 } }));
    const slot = mbs.addObject(ObjectJointPrismatic2D({ markerNumbers: rigid, constrainRotation: false, visualization: { drawSize: 0.1 } }));
    const revolute = mbs.addObject(ObjectJointRevolute2D({ markerNumbers: points, visualization: { drawSize: 0.1 } }));
    mbs.assemble();
    const drawings = connectorDrawings(mbs, 2);
    const of = (i: number) => drawings.find((d) => d.index === i)!;
    // R = drawSize/2 = 0.05, L = 4·R = 0.2: rail (1.5·L, R/2) on marker 0 and sleeve (L, R) on marker 1 along x of the joint frames
    expect(of(prismatic).parts.map((part) => part.shapes)).toEqual([
      [{ type: 'cylinder', axis: [1, 0, 0], start: -0.15000000000000002, length: 0.30000000000000004, radius: 0.025 }],
      [{ type: 'cylinder', axis: [1, 0, 0], start: -0.1, length: 0.2, radius: 0.05 }],
    ]);
    expect(of(prismatic).line).toBe(false);
    // pin in a slot: the rail on marker 0, a hinge about z on marker 1
    expect(of(slot).parts.map((part) => part.shapes.map((shape) => (shape.type === 'cylinder' ? [shape.axis, shape.length] : shape.type)))).toEqual([
      [[[1, 0, 0], 0.30000000000000004]], [[[0, 0, 1], 0.2]],
    ]);
    // the planar revolute joint: spheres of drawSize/2, no line (its z translation is no degree of freedom)
    expect(of(revolute).parts.map((part) => part.shapes)).toEqual([[{ type: 'sphere', radius: 0.05 }], [{ type: 'sphere', radius: 0.05 }]]);
    expect(of(revolute).line).toBe(false);
    // J0's x axis is the normalized sliding axis A0·t̄0/|t̄0| = global y; J1 = A1·[n̄1 × ẑ, n̄1, ẑ] is a rotation about z
    const state = mbs.stateOf(ConfigurationType.Reference);
    const p = new Float64Array(3), R = new Float64Array(9);
    of(prismatic).parts[0].frame(state, p, R);
    expect([R[0], R[3], R[6]]).toEqual([0, 1, 0]);
    expect([R[2], R[5], R[8]]).toEqual([0, 0, 1]);
    of(prismatic).parts[1].frame(state, p, R);
    const phi = angle + Math.PI / 4;
    expect(R[0]).toBeCloseTo(Math.cos(phi - Math.PI / 2), 15);
    expect(R[3]).toBeCloseTo(Math.sin(phi - Math.PI / 2), 15);
    expect(R[1]).toBeCloseTo(Math.cos(phi), 15);
    expect(R[4]).toBeCloseTo(Math.sin(phi), 15);
    expect(Array.from(p)).toEqual([1, 0, 0]);
  });

  it('drawsContactsAsTheirSpheresAndTriangle: the sphere(s) at the markers, the triangle in the frame of marker 1', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({});
    const body = mbs.createRigidBody({ referencePosition: [0.2, 0.1, 0.3], inertia: InertiaSphere(1, 0.1) });
    const other = mbs.createRigidBody({ referencePosition: [0.5, 0.1, 0.3], inertia: InertiaSphere(1, 0.1) });
    const triangle = mbs.createSphereTriangleContact({
      bodyNumbers: [body, ground], localPosition1: [0, 0, 0.05], radiusSphere: 0.1, trianglePoints: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], contactStiffness: 1, show: true,
    });
    const spheres = mbs.createSphereSphereContact({ bodyNumbers: [body, other], spheresRadii: [0.1, 0.15], contactStiffness: 1 });
    mbs.assemble();
    const drawings = connectorDrawings(mbs, 1);
    const of = (i: number) => drawings.find((d) => d.index === i)!;
    expect(of(spheres).parts.map((part) => part.shapes)).toEqual([[{ type: 'sphere', radius: 0.1 }], [{ type: 'sphere', radius: 0.15 }]]);
    expect(of(spheres).line).toBe(false);
    const drawn = of(triangle);
    expect(drawn.parts.map((part) => part.shapes)).toEqual([[{ type: 'sphere', radius: 0.1 }], [{ type: 'triangle', points: [0, 0, 0, 1, 0, 0, 0, 1, 0] }]]);
    const p = new Float64Array(3), R = new Float64Array(9);
    drawn.parts[1].frame(mbs.stateOf(ConfigurationType.Reference), p, R);
    expect(Array.from(p)).toEqual([0, 0, 0.05]);
    expect(Array.from(R)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const [mesh] = jointPartGraphics(drawn.parts[1]);
    expect(mesh).toMatchObject({ type: 'TriangleList', points: [0, 0, 0, 1, 0, 0, 0, 1, 0], normals: [0, 0, 1, 0, 0, 1, 0, 0, 1], triangles: [0, 1, 2] });
    // the scene carries the triangle as a mesh of the contact's marker-1 part (3 points), fixed with the ground
    const n = mbs.systemData.getODE2Coordinates().length;
    const scene = computeScene(mbs, { times: [0], coordinates: { rows: 1, columns: n, row: () => new Array(n).fill(0) } });
    const joint = scene.joints.find((j) => j.label === `ObjectContactSphereTriangle #${triangle}`)!;
    expect(decodeArray(joint.parts[1].mesh.positions)).toHaveLength(9);
    expect(joint.parts[1].static).toBe(true);
    // createSphereTriangleContact draws nothing by default (Exudyn's show = False)
    const hidden = mbs.createSphereTriangleContact({ bodyNumbers: [body, ground], radiusSphere: 0.1, contactStiffness: 1 });
    mbs.assemble();
    expect(connectorDrawings(mbs, 1).some((d) => d.index === hidden)).toBe(false);
  });

  it('draws the rolling discs as Exudyn does: the disc (discRadius, discWidth) and an axle about A1·discAxis at the wheel marker', () => {
    for (const typeName of ['JointRollingDisc', 'ConnectorRollingDiscPenalty']) {
      const definition = itemDefinitions.find((d) => d.category === 'Object' && d.typeName === typeName)!;
      const mbs = new SystemContainer().addSystem();
      const index = definition.example!(mbs as never) as number;
      mbs.modifyObject(index, { visualization: { discWidth: 0.05 } } as never);
      mbs.assemble();
      const dictionary = mbs.getObject(index), r = dictionary.discRadius as number, a = dictionary.discAxis as number[];
      const drawing = connectorDrawings(mbs, 1).find((d) => d.index === index)!;
      expect(drawing.line, typeName).toBe(false);
      const unit = a.map((x) => x / Math.hypot(a[0], a[1], a[2]));
      expect(drawing.parts.map((part) => [part.marker, part.shapes]), typeName).toEqual([
        [1, [{ type: 'cylinder', axis: unit, start: -0.025, length: 0.05, radius: r }]],
        [1, [{ type: 'cylinder', axis: unit, start: -0.05, length: 0.1, radius: 0.1 * r }]],
      ]);
      // the contact point the item computes lies on the rim of the drawn disc: |p − c| = r, (p − c) ⟂ the drawn axis
      // (the penalty's Position is p − p0, Exudyn's output, so p0 is added)
      const s = mbs.stateOf(ConfigurationType.Initial);
      const c = new Float64Array(3), R = new Float64Array(9);
      drawing.parts[0].frame(s, c, R);
      const axis = [0, 1, 2].map((i) => R[3 * i] * unit[0] + R[3 * i + 1] * unit[1] + R[3 * i + 2] * unit[2]);
      const contact = mbs.getObjectOutput(index, OutputVariableType.Position, ConfigurationType.Initial) as number[];
      const p0 = new Float64Array(3);
      if (typeName === 'ConnectorRollingDiscPenalty') drawing.ends[0](s, p0);
      const d = [0, 1, 2].map((k) => contact[k] + p0[k] - c[k]);
      expect(Math.hypot(d[0], d[1], d[2]), typeName).toBeCloseTo(r, 12);
      // the scene carries disc and axle as the joint's two meshes
      const n = mbs.systemData.getODE2Coordinates().length;
      const scene = computeScene(mbs, { times: [0], coordinates: { rows: 1, columns: n, row: () => new Array(n).fill(0) } });
      expect(scene.joints.find((j) => j.label === `Object${typeName} #${index}`)!.parts, typeName).toHaveLength(2);
      expect(d[0] * axis[0] + d[1] * axis[1] + d[2] * axis[2], typeName).toBeCloseTo(0, 12);
    }
  });
});
