import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodeGenericData, NodePointGround, Point2D, MassPoint2D, MarkerNodePosition, MarkerNodeCoordinate,
  CoordinateConstraint, Force, MarkerBodyRigid, MarkerBodyPosition, ObjectGround, Rigid2D, RigidBody2D, ObjectContactCurveCircles,
  OutputVariableType, InertiaCuboid, RotXYZ2RotationMatrix,
} from '../../src/index.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { expectObjectJacobians } from '../helpers/objectJacobian.ts';

const k = 1e5, r = 0.05, mass = 2, g = 9.81;

/** A pin (mass point, radius 0.05) under gravity on the floor y = 0 of a ground curve [(1, 0) → (−1, 0)], starting at depth δ. */
function pinOnFloor(depth: number, contact: Record<string, unknown> = {}, data = [0, -depth, 0]) {
  const mbs = new SystemContainer().addSystem();
  const curve = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({})), localPosition: [0, 0, 0] }));
  const pinNode = mbs.addNode(Point2D({ referenceCoordinates: [0.3, r - depth] }));
  mbs.addObject(MassPoint2D({ nodeNumber: pinNode, physicsMass: mass }));
  const pin = mbs.addMarker(MarkerNodePosition({ nodeNumber: pinNode }));
  mbs.addLoad(Force({ markerNumber: pin, loadVector: [0, -mass * g, 0] }));
  const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: pinNode, coordinate: 0 }))] }));
  const dataNode = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: data.length, initialCoordinates: data }));
  const object = mbs.addObject(ObjectContactCurveCircles({
    markerNumbers: [curve, pin], nodeNumber: dataNode, circlesRadii: [r], segmentsData: [[1, 0, -1, 0]], contactStiffness: k, ...contact,
  }));
  return { mbs, pinNode, object, curve, pin, dataNode };
}

describe('ObjectContactCurveCircles', () => {
  it('carriesTheWeight: the penetration of a resting pin is m g/(k l_seg)', () => {
    // the force per segment is l_seg k g (Exudyn's model 0): with l_seg = 2, g = −m g/(2k); static solve, Newton 1e-12
    const { mbs, pinNode, object } = pinOnFloor(1e-4);
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.newton.relativeTolerance = 1e-12;
    mbs.solveStatic(settings);
    const y = mbs.getNodeOutput(pinNode, OutputVariableType.Position)[1];
    expect(Math.abs(y - (r - mass * g / (2 * k)))).toBeLessThan(1e-13);
    expect(mbs.systemData.getDataCoordinates()[0]).toBe(0);
    const gap = mbs.getObjectOutput(object, OutputVariableType.DisplacementLocal) as ArrayLike<number>;
    expect(Math.abs(gap[0] + mass * g / (2 * k))).toBeLessThan(1e-13);
    const force = mbs.getObjectOutput(object, OutputVariableType.ForceLocal) as ArrayLike<number>;
    expect(Math.abs(force[0] + mass * g)).toBeLessThan(1e-8);
  });

  it('conservesMomentum when a pin hits a free, rotating curve body', () => {
    // no external forces: the pin's force F at its center and the curve's −F at the nearest point q act along the same line
    // (F ∥ c − q), so linear and angular momentum about the origin are conserved: after the bounce (ρ∞ = 1, Newton 1e-12)
    // both to round-off (observed 1e-15 absolute, 1.5e-14 relative for the angular momentum)
    const mbs = new SystemContainer().addSystem();
    const bodyNode = mbs.addNode(Rigid2D({ referenceCoordinates: [0, 0, 0.1], initialVelocities: [0, 0, 0.5] }));
    const J = 0.2, M = 3, m = 0.5;
    const body = mbs.addObject(RigidBody2D({ nodeNumber: bodyNode, physicsMass: M, physicsInertia: J }));
    const curve = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0.1, 0, 0] }));
    const pinNode = mbs.addNode(Point2D({ referenceCoordinates: [0.1, 0.3], initialVelocities: [0.2, -2] }));
    mbs.addObject(MassPoint2D({ nodeNumber: pinNode, physicsMass: m }));
    const pin = mbs.addMarker(MarkerNodePosition({ nodeNumber: pinNode }));
    const segmentsData = [[-0.5, 0.4, -0.5, 0], [0.5, 0, -0.5, 0], [0.5, 0.4, 0.5, 0]];
    const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 9, initialCoordinates: [-1, 0, 0, -1, 0, 0, -1, 0, 0] }));
    mbs.addObject(ObjectContactCurveCircles({ markerNumbers: [curve, pin], nodeNumber: data, circlesRadii: [0.05], segmentsData, contactStiffness: 1e5, contactDamping: 20 }));
    mbs.assemble();
    const momentum = () => {
      const x = mbs.getNodeOutput(bodyNode, OutputVariableType.Position), v = mbs.getNodeOutput(bodyNode, OutputVariableType.Velocity);
      const w = mbs.getNodeOutput(bodyNode, OutputVariableType.AngularVelocity)[2];
      const p = mbs.getNodeOutput(pinNode, OutputVariableType.Position), vp = mbs.getNodeOutput(pinNode, OutputVariableType.Velocity);
      return [M * v[0] + m * vp[0], M * v[1] + m * vp[1], J * w + M * (x[0] * v[1] - x[1] * v[0]) + m * (p[0] * vp[1] - p[1] * vp[0]), vp[1]];
    };
    const before = momentum();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.numberOfSteps = 2000;
    settings.timeIntegration.endTime = 0.2;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    mbs.solveDynamic(settings);
    const after = momentum();
    expect(after[3]).toBeGreaterThan(0); // the pin bounced off the floor
    expect(Math.abs(after[0] - before[0])).toBeLessThan(1e-12);
    expect(Math.abs(after[1] - before[1])).toBeLessThan(1e-12);
    expect(Math.abs(after[2] - before[2]) / Math.abs(before[2])).toBeLessThan(1e-12);
  });

  it('analyticJacobiansMatchCentralDifferences with the curve and the circles on rotating 3D bodies', () => {
    // the curve's marker off the center of a spinning Euler-parameter body (its frame turns the forces), two pins off the
    // centers of two other bodies (∂J/∂q, ∂v/∂q); the v_0 term of ġ through m0's rotation; h = 1e-6 for q (observed
    // 4e-11 relative), 1e-3 for u (ġ is linear in u). The local columns are compared one by one, so the markers sit on
    // different bodies: on a shared node the assembler adds the blocks of both copies, which such a check cannot separate.
    const mbs = new SystemContainer().addSystem();
    const inertia = InertiaCuboid(500, [0.4, 0.3, 0.1]);
    const plate = mbs.createRigidBody({ inertia, referencePosition: [0, 0, 0], referenceRotationMatrix: RotXYZ2RotationMatrix([0.2, -0.1, 0.4]), initialVelocity: [0.2, 0.1, -0.1], initialAngularVelocity: [0.3, -0.2, 1.5] });
    const curve = mbs.addMarker(MarkerBodyRigid({ bodyNumber: plate, localPosition: [0.05, -0.02, 0.01] }));
    const pins = [[0.05, 0.02, 0], [-0.1, 0.05, 0.01]].map((localPosition, i) => {
      const wheel = mbs.createRigidBody({ inertia, referencePosition: [0.1 - 0.2 * i, 0.25, 0.02], initialVelocity: [-0.3, 0.2, 0.1 * i], initialAngularVelocity: [0.1, 0.2 * i, -2] });
      return mbs.addMarker(MarkerBodyPosition({ bodyNumber: wheel, localPosition }));
    });
    const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 6, initialCoordinates: [0, -0.01, 0, 1, -0.02, 0] }));
    const index = mbs.addObject(ObjectContactCurveCircles({
      markerNumbers: [curve, ...pins], nodeNumber: data, circlesRadii: [0.05, 0.04], segmentsData: [[-0.4, 0.1, 0.1, 0.2], [0.1, 0.2, 0.5, 0.1]],
      contactStiffness: 1e4, contactDamping: 30,
    }));
    mbs.assemble();
    const model = mbs.compiled();
    const s: SystemState = model.data.current;
    const object = model.objects[index];
    expectObjectJacobians(object, s, { h: 1e-6, tolerance: 1e-9, minScale: 100, radialLeftOut: 'the curve\'s and the circles\' frames along the radial direction of Euler parameters (issue 18: costs Newton iterations, not results)' }, { h: 1e-3, tolerance: 1e-9, minScale: 1 });
  });

  it('rejectsBadInput with named errors', () => {
    const fails = (contact: Record<string, unknown>, data?: number[]) => () => pinOnFloor(1e-4, contact, data).mbs.assemble();
    expect(fails({ contactStiffness: -1 })).toThrow(/ObjectContactCurveCircles #\d+: contactStiffness .*-1/);
    expect(fails({ contactDamping: -1 })).toThrow(/ObjectContactCurveCircles #\d+: contactDamping .*-1/);
    expect(fails({ circlesRadii: [0] })).toThrow(/circlesRadii must be positive, got 0 for circle 0/);
    expect(fails({ circlesRadii: [0.1, 0.2] })).toThrow(/circlesRadii must have one radius per circle marker \(1\), got 2/);
    expect(fails({ segmentsData: [] })).toThrow(/segmentsData must have at least one segment/);
    expect(fails({ segmentsData: [[0, 0, 1]] })).toThrow(/segmentsData row 0 must be 4 finite numbers/);
    expect(fails({ segmentsData: { numberOfRows: 1, numberOfColumns: 4, triplets: [[0, 0, 1]] } })).toThrow(/segmentsData must be dense rows/);
    expect(fails({ polynomialData: [[0.1, 0.2]] })).toThrow(/polynomialData must be empty/);
    expect(fails({ rotationMarker0: [[0, -1, 0], [1, 0, 0], [0, 0, 1]] })).toThrow(/rotationMarker0 must be the identity/);
    expect(fails({ dynamicFriction: 0.3 })).toThrow(/dynamicFriction must be 0/);
    expect(fails({ dynamicFriction: -0.3 })).toThrow(/dynamicFriction .*-0.3/);
    expect(fails({ contactModel: 1 })).toThrow(/contactModel must be 0/);
    expect(fails({}, [0, 0])).toThrow(/nodeNumber must refer to a NodeGenericData with 3 data coordinates/);
    const { mbs, object, curve, pin } = pinOnFloor(1e-4);
    mbs.setObjectParameter(object, 'markerNumbers', [pin, pin]);
    expect(() => mbs.assemble()).toThrow(/ObjectContactCurveCircles #\d+: markerNumbers entry 0 must refer to a rigid marker/);
    expect(() => mbs.setObjectParameter(object, 'markerNumbers', [curve])).toThrow(/markerNumbers must list the curve's marker and at least one circle marker, got 1/);
  });
});
