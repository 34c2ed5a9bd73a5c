import { describe, expect, it } from 'vitest';
import {
  SystemContainer, OutputVariableType, ConfigurationType, NodeType, RigidBodyInertia, InertiaCuboid, RotXYZ2RotationMatrix, RotationMatrixZ,
  mat3Mul, mat3MulVec, mat3Transpose, EulerParameters2G, FlexdynError, ObjectGround, MarkerBodyRigid, type MainSystem,
} from '../src/index.ts';

// Conversions of rotation parameters and products of a few O(1) matrices: round-off stays below 1e-14.
const tol = 1e-14;

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance = tol): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(Math.abs(actual[i] - expected[i])).toBeLessThan(tolerance);
}

const Aref = RotXYZ2RotationMatrix([0.3, -0.7, 1.1]);
const Ainit = RotXYZ2RotationMatrix([-0.2, 0.4, 0.25]);
const inertia = new RigidBodyInertia({ mass: 2, inertiaTensor: [[0.3, 0.01, 0], [0.01, 0.4, 0.02], [0, 0.02, 0.5]], com: [0.1, -0.05, 0.2] });

describe('createRigidBody', () => {
  for (const nodeType of Object.values(NodeType)) {
    it(`${nodeType}: reference/initial rotation, global initial velocities, inertia and COM`, () => {
      const mbs = new SystemContainer().addSystem();
      const omega = [1.5, -2, 0.7];
      const velocity = [0.2, 0.3, -0.4];
      const displacement = [0.01, -0.02, 0.03];
      const result = mbs.createRigidBody({
        referencePosition: [1, 2, 3], referenceRotationMatrix: Aref, initialVelocity: velocity, initialAngularVelocity: omega,
        initialDisplacement: displacement, initialRotationMatrix: Ainit, inertia, nodeType, returnDict: true,
      });
      mbs.assemble();
      const { nodeNumber, bodyNumber } = result;
      expect(result.markerBodyMass).toBeUndefined();
      const body = mbs.getObject(bodyNumber);
      expect(body.physicsMass).toBe(2);
      expect(Array.from(body.physicsInertia as number[])).toEqual([0.3, 0.4, 0.5, 0.02, 0, 0.01]);
      expect(Array.from(body.physicsCenterOfMass as number[])).toEqual([0.1, -0.05, 0.2]);
      const reference = ConfigurationType.Reference;
      expectClose(mbs.getNodeOutput(nodeNumber, OutputVariableType.RotationMatrix, reference), Aref.flat());
      expectClose(mbs.getNodeOutput(nodeNumber, OutputVariableType.Position, reference), [1, 2, 3]);
      expectClose(mbs.getNodeOutput(nodeNumber, OutputVariableType.RotationMatrix), mat3Mul(Aref, Ainit).flat());
      expectClose(mbs.getNodeOutput(nodeNumber, OutputVariableType.Position), [1.01, 1.98, 3.03]);
      expectClose(mbs.getNodeOutput(nodeNumber, OutputVariableType.Velocity), velocity);
      if (nodeType === NodeType.RotationEulerParameters || nodeType === NodeType.RotationRxyz) {
        // Exudyn converts ω with the REFERENCE rotation parameters; ω is exact only at the reference rotation
        const nodeDict = mbs.getNode(nodeNumber);
        const ref = Array.from(nodeDict.referenceCoordinates as number[]).slice(3);
        const rates = Array.from(nodeDict.initialVelocities as number[]).slice(3);
        if (nodeType === NodeType.RotationEulerParameters) {
          const G = EulerParameters2G(ref);
          expectClose(G.map((row) => row.reduce((s, g, j) => s + g * rates[j], 0)), omega);
        }
      } else {
        // Lie-group nodes store the body-fixed ω̄ = A_refᵀ ω
        const rates = Array.from(mbs.getNode(nodeNumber).initialVelocities as number[]).slice(3);
        expectClose(rates, mat3MulVec(mat3Transpose(Aref), omega));
      }
    });
  }

  it('Rxyz: θ̇ reproduces ω at the reference rotation', () => {
    const mbs = new SystemContainer().addSystem();
    const b = mbs.createRigidBody({ referenceRotationMatrix: Aref, initialAngularVelocity: [1, 2, 3], inertia, nodeType: NodeType.RotationRxyz });
    mbs.assemble();
    expectClose(mbs.getObjectOutputBody(b, OutputVariableType.AngularVelocity), [1, 2, 3]);
  });

  it('create2D: NodeRigidBody2D with the z-angle of the rotation, ObjectRigidBody2D with Jzz; gravity adds a mass-proportional load', () => {
    const mbs = new SystemContainer().addSystem();
    const result = mbs.createRigidBody({
      referencePosition: [1, 2, 0], referenceRotationMatrix: RotationMatrixZ(0.4), initialRotationMatrix: RotationMatrixZ(0.1),
      initialVelocity: [3, 4, 0], initialAngularVelocity: [0, 0, 5], inertia: InertiaCuboid(1000, [1, 0.1, 0.2]), gravity: [0, -9.81, 0],
      create2D: true, returnDict: true,
    });
    const node = mbs.getNode(result.nodeNumber);
    expect(node.nodeType).toBe('RigidBody2D');
    expectClose(node.referenceCoordinates as number[], [1, 2, 0.4]);
    // Exudyn's 2D branch subtracts the reference angle from the initial rotation's angle (the 3D branch composes them)
    expectClose(node.initialCoordinates as number[], [0, 0, 0.1 - 0.4]);
    expect(Array.from(node.initialVelocities as number[])).toEqual([3, 4, 5]);
    const body = mbs.getObject(result.bodyNumber);
    expect(body.objectType).toBe('RigidBody2D');
    expect(body.physicsMass).toBeCloseTo(20, 12);
    expect(body.physicsInertia).toBeCloseTo(20 / 12 * (1 + 0.01), 12);
    expect(mbs.getMarker(result.markerBodyMass!).markerType).toBe('BodyMass');
    expect(Array.from(mbs.getLoad(result.loadNumber!).loadVector as number[])).toEqual([0, -9.81, 0]);
  });

  it('rejects bad input with messages naming the argument', () => {
    const mbs = new SystemContainer().addSystem();
    expect(() => mbs.createRigidBody({} as never)).toThrow(/createRigidBody: inertia must be a RigidBodyInertia/);
    expect(() => mbs.createRigidBody({ inertia, nodeType: 'RotationFoo' as never })).toThrow(/nodeType must be one of NodeType.RotationEulerParameters/);
    expect(() => mbs.createRigidBody({ inertia, referencePosition: [1, 2] })).toThrow(/referencePosition must be a vector of 3 finite numbers/);
    expect(() => mbs.createRigidBody({ inertia, create2D: true })).toThrow(/with create2D, the center of mass of inertia must be \[0, 0, 0\]/);
    expect(() => mbs.createRigidBody({ inertia: InertiaCuboid(1, [1, 1, 1]), create2D: true, referenceRotationMatrix: Aref })).toThrow(/rotation about the z-axis only/);
    expect(mbs.numberOfNodes).toBe(0);
  });
});

/** Two EP bodies with rotated reference frames, and a ground. */
function twoBodies(): { mbs: MainSystem; ground: number; b0: number; b1: number; A0: number[][]; A1: number[][] } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  const A0 = RotXYZ2RotationMatrix([0.2, 0.5, -0.3]);
  const A1 = RotXYZ2RotationMatrix([-0.6, 0.1, 0.9]);
  const b0 = mbs.createRigidBody({ referencePosition: [0.5, 0, 0], referenceRotationMatrix: A0, inertia: InertiaCuboid(1000, [1, 0.1, 0.1]) });
  const b1 = mbs.createRigidBody({ referencePosition: [1.5, 0.2, -0.1], referenceRotationMatrix: A1, inertia: InertiaCuboid(1000, [1, 0.1, 0.1]) });
  return { mbs, ground, b0, b1, A0, A1 };
}

/** Global position and frame (A·rotationMarker) of a joint's markers in the reference configuration. */
function jointFrame(mbs: MainSystem, joint: number, i: number): { p: number[]; frame: number[][] } {
  mbs.assemble();
  const object = mbs.getObject(joint);
  const marker = (object.markerNumbers as number[])[i];
  const p = mbs.getMarkerOutput(marker, OutputVariableType.Position, ConfigurationType.Reference);
  const A = mbs.getMarkerOutput(marker, OutputVariableType.RotationMatrix, ConfigurationType.Reference);
  const R = object[`rotationMarker${i}`] as number[][];
  return { p, frame: mat3Mul(A, R) };
}

const column = (m: number[][], j: number) => m.map((row) => row[j]);

describe('joint helpers', () => {
  it('createRevoluteJoint: both marker frames coincide at the joint point with z along the axis (global and body0-local input)', () => {
    for (const useGlobalFrame of [true, false]) {
      const { mbs, b0, b1, A0 } = twoBodies();
      const position = [1, 0.1, -0.05];
      const axis = [0.3, -1, 2];
      const joint = mbs.createRevoluteJoint({ name: 'rev', bodyNumbers: [b0, b1], position, axis, useGlobalFrame });
      expect(mbs.getObject(joint).objectType).toBe('JointRevoluteZ');
      expect(mbs.getMarkerNumber('Marker1:rev')).toBe((mbs.getObject(joint).markerNumbers as number[])[1]);
      const pJoint = useGlobalFrame ? position : mat3MulVec(A0, position).map((x, k) => x + [0.5, 0, 0][k]);
      const vAxis = useGlobalFrame ? axis : mat3MulVec(A0, axis);
      const n = Math.hypot(...vAxis);
      const f0 = jointFrame(mbs, joint, 0);
      const f1 = jointFrame(mbs, joint, 1);
      expectClose(f0.p, pJoint);
      expectClose(f1.p, pJoint);
      expectClose(f0.frame.flat(), f1.frame.flat());
      expectClose(column(f0.frame, 2), vAxis.map((x) => x / n));
    }
  });

  it('createPrismaticJoint: x-axis of both joint frames along the sliding axis', () => {
    const { mbs, ground, b1 } = twoBodies();
    const joint = mbs.createPrismaticJoint({ bodyNumbers: [ground, b1], position: [1, 1, 1], axis: [0, 0, 2] });
    expect(mbs.getObject(joint).objectType).toBe('JointPrismaticX');
    const f0 = jointFrame(mbs, joint, 0);
    const f1 = jointFrame(mbs, joint, 1);
    expectClose(f1.p, [1, 1, 1]);
    expectClose(f0.frame.flat(), f1.frame.flat());
    expectClose(column(f0.frame, 0), [0, 0, 1]);
  });

  it('createGenericJoint with useGlobalFrame false: the joint axes are rotationMatrixAxes in body0\'s frame', () => {
    const { mbs, b0, b1, A0 } = twoBodies();
    const R = RotXYZ2RotationMatrix([0.1, 0.2, 0.3]);
    const joint = mbs.createGenericJoint({ bodyNumbers: [b0, b1], position: [0.5, 0, 0], rotationMatrixAxes: R, constrainedAxes: [1, 1, 1, 1, 1, 0], useGlobalFrame: false });
    expect(mbs.getObject(joint).constrainedAxes).toEqual([1, 1, 1, 1, 1, 0]);
    const f0 = jointFrame(mbs, joint, 0);
    const f1 = jointFrame(mbs, joint, 1);
    expectClose(f0.p, mat3MulVec(A0, [0.5, 0, 0]).map((x, k) => x + [0.5, 0, 0][k]));
    expectClose(f1.p, f0.p);
    expectClose(f0.frame.flat(), mat3Mul(A0, R).flat());
    expectClose(f1.frame.flat(), f0.frame.flat());
  });

  it('createSphericalJoint: position markers, also on bodies without orientation; a given marker defines the joint point', () => {
    const { mbs, b0 } = twoBodies();
    const point = mbs.createMassPoint({ referencePosition: [2, 0, 0], physicsMass: 1 });
    const joint = mbs.createSphericalJoint({ bodyNumbers: [b0, point], position: [2, 0, 0], constrainedAxes: [1, 0, 1] });
    const [m0, m1] = mbs.getObject(joint).markerNumbers as number[];
    expect(mbs.getMarker(m0).markerType).toBe('BodyPosition');
    expect(mbs.getObject(joint).constrainedAxes).toEqual([1, 0, 1]);
    mbs.assemble();
    expectClose(mbs.getMarkerOutput(m0, OutputVariableType.Position, ConfigurationType.Reference), [2, 0, 0]);
    expectClose(mbs.getMarkerOutput(m1, OutputVariableType.Position, ConfigurationType.Reference), [2, 0, 0]);
    const m = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b0, localPosition: [0.2, 0, 0] }));
    const joint2 = mbs.createSphericalJoint({ bodyNumbers: [{ markerNumber: m }, point] });
    const [n0, n1] = mbs.getObject(joint2).markerNumbers as number[];
    expect(n0).toBe(m);
    mbs.assemble();
    expectClose(mbs.getMarkerOutput(n1, OutputVariableType.Position, ConfigurationType.Reference), mbs.getMarkerOutput(m, OutputVariableType.Position, ConfigurationType.Reference));
    expect(() => mbs.createSphericalJoint({ bodyNumbers: [{ markerNumber: m }, point], position: [0, 0, 0] })).toThrow(/position must be omitted when a marker is given/);
    expect(() => mbs.createSphericalJoint({ bodyNumbers: [b0, point] })).toThrow(/createSphericalJoint: position must be a vector of 3 finite numbers/);
    expect(() => mbs.createSphericalJoint({ bodyNumbers: [b0, 'x' as never], position: [0, 0, 0] })).toThrow(/bodyNumbers\[1\] must be an object index \(body\) or \{ markerNumber \}/);
  });

  it('createRigidBodySpringDamper: rigid markers at the local positions, frame rotationMatrixJoint, intrinsic formulation by default', () => {
    const { mbs, ground, b0, b1, A0, A1 } = twoBodies();
    const R = RotXYZ2RotationMatrix([0.4, 0, -0.2]);
    const c = mbs.createRigidBodySpringDamper({ bodyNumbers: [b0, b1], localPosition1: [0.1, 0, 0], rotationMatrixJoint: R });
    const object = mbs.getObject(c);
    expect(object.intrinsicFormulation).toBe(true);
    const [m0, m1] = object.markerNumbers as number[];
    expect(mbs.getMarker(m1).markerType).toBe('BodyRigid');
    expect(Array.from(mbs.getMarker(m1).localPosition as number[])).toEqual([0.1, 0, 0]);
    expect(m0).toBe(m1 - 1);
    expectClose((object.rotationMarker0 as number[][]).flat(), mat3Mul(mat3Transpose(A0), R).flat());
    expectClose((object.rotationMarker1 as number[][]).flat(), mat3Mul(mat3Transpose(A1), R).flat());
    const toGround = mbs.createRigidBodySpringDamper({ bodyNumbers: [ground, b1], rotationMatrixJoint: R });
    expectClose((mbs.getObject(toGround).rotationMarker0 as number[][]).flat(), R.flat());
    const n = mbs.getObject(b1).nodeNumber as number;
    const c2 = mbs.createRigidBodySpringDamper({ bodyNumbers: [b0, { nodeNumber: n }], useGlobalFrame: false, intrinsicFormulation: false });
    const object2 = mbs.getObject(c2);
    expect(mbs.getMarker((object2.markerNumbers as number[])[1]).markerType).toBe('NodeRigid');
    expectClose((object2.rotationMarker0 as number[][]).flat(), [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expectClose((object2.rotationMarker1 as number[][]).flat(), mat3Mul(mat3Transpose(A1), A0).flat());
    expect(() => mbs.createRigidBodySpringDamper({ bodyNumbers: [b0, { nodeNumber: n }], localPosition1: [1, 0, 0] })).toThrow(/localPosition1 must be \[0, 0, 0\] when bodyNumbers\[1\] is a node/);
  });

  it('createTorsionalSpringDamper: frames as the revolute joint; unlimitedRotations adds a data node for the turns', () => {
    const { mbs, b0, b1 } = twoBodies();
    const unlimited = mbs.createTorsionalSpringDamper({ bodyNumbers: [b0, b1], position: [1, 0, 0], axis: [0, 0, 1], stiffness: 10 });
    const dataNode = mbs.getObject(unlimited).nodeNumber as number;
    expect(mbs.getNode(dataNode)).toMatchObject({ nodeType: 'GenericData', numberOfDataCoordinates: 1, initialCoordinates: [0] });
    const c = mbs.createTorsionalSpringDamper({ bodyNumbers: [b0, b1], position: [1, 0, 0], axis: [0, 1, 0], stiffness: 10, damping: 0.5, unlimitedRotations: false });
    const object = mbs.getObject(c);
    expect(object.stiffness).toBe(10);
    expect(object.damping).toBe(0.5);
    expect(object.nodeNumber).toBe(-1);
    const f0 = jointFrame(mbs, c, 0);
    const f1 = jointFrame(mbs, c, 1);
    expectClose(f0.frame.flat(), f1.frame.flat());
    expectClose(column(f0.frame, 2), [0, 1, 0]);
  });
});
