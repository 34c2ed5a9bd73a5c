import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bool, markerIndexArray, vector, type MatrixValue } from '../../registry/parameters.ts';
import { JointModel } from './jointKernel.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1] (position and orientation).', 2),
  axisMarker0: vector([1, 0, 0], 'Sliding axis t̄0 in the frame of marker 0.', 3, 'Vector3D'),
  normalMarker1: vector([0, 1, 0], 'Normal n̄1 to the sliding axis in the frame of marker 1.', 3, 'Vector3D'),
  constrainRotation: bool(true, 'If true, the relative rotation is locked (t0·n1 = 0), else the second equation reads λ1 = 0.'),
  activeConnector: bool(true, 'If false, both equations read λ = 0 (the multipliers stay).'),
};

/**
 * The joint frames of the lowering, R0 = [t̄0, ẑ × t̄0, ẑ] and R1 = [n̄1 × ẑ, n̄1, ẑ] (columns): column x of J0 = A0·R0 is
 * t0 = A0·t̄0 and column y of J1 = A1·R1 is n1 = A1·n̄1, as given (not normalized: Exudyn's equations, and so its
 * multipliers, scale with the axes); for unit axes in the x-y plane both are rotations about z.
 */
function planarFrames(t: ArrayLike<number>, n: ArrayLike<number>): [MatrixValue, MatrixValue] {
  return [
    [[t[0], -t[1], 0], [t[1], t[0], 0], [t[2], 0, 1]],
    [[n[1], n[0], 0], [-n[0], n[1], 0], [0, n[2], 1]],
  ];
}

/** A planar prismatic joint (Exudyn's ObjectJointPrismatic2D, alias PrismaticJoint2D). */
export const objectJointPrismatic2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointPrismatic2D',
  aliases: ['PrismaticJoint2D'],
  description: 'Marker 1 slides along the axis t0 = A0·axisMarker0 of marker 0 in the plane: its position stays on the line '
    + '(d·n1 = 0 with n1 = A1·normalMarker1) and, with constrainRotation, the relative rotation is locked (t0·n1 = 0); '
    + '2 algebraic equations. For planar bodies (rotation about z). No output variables (Exudyn raises "not implemented").',
  parameters,
  outputVariables: [],
  equations: 'd = p1 − p0, t0 = A0·t̄0, n1 = A1·n̄1. Index 3: g0 = d·n1, g1 = t0·n1 (or λ1 without constrainRotation). '
    + 'Index 2: g0 = (v1 − v0)·n1 + d·A1(ω̄1 × n̄1), g1 = A0(ω̄0 × t̄0)·n1 + t0·A1(ω̄1 × n̄1). Lowered to the joint kernel '
    + '(ObjectJointGeneric\'s rows): joint frames J0 = A0·[t̄0, ẑ × t̄0, ẑ] and J1 = A1·[n̄1 × ẑ, n̄1, ẑ], g0 the y row of the '
    + 'translation measured in J1 (A1allᵀd), g1 the z rotation row a0_x·a1_y. Jacobian: row 0 [−n1ᵀJ0 | n1ᵀJ1 + (n1 × d)ᵀG1], '
    + 'row 1 [(a0_x × a1_y)ᵀG0 | (a1_y × a0_x)ᵀG1] with the global rotation Jacobians G; on planar bodies (z rows of J zero, '
    + 'G along z) equal to Exudyn\'s planar Jacobian.',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [i, 0.2 * i, 0.3 * i], initialVelocities: [0.1, 0.2 * i, 1 - 2 * i] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody2D', physicsMass: 1, physicsInertia: 0.2, nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.5 - i, 0.1 * i, 0] }));
    return mbs.addObject({ objectType: 'JointPrismatic2D', markerNumbers: markers, axisMarker0: [0.6, 0.8, 0], normalMarker1: [0, 1, 0] });
  },
  create: (v, label) => {
    const [rotationMarker0, rotationMarker1] = planarFrames(v.axisMarker0, v.normalMarker1);
    return new JointModel(label, {
      constrainedAxes: [0, 1, 0, 0, 0, v.constrainRotation ? 1 : 0],
      translationFrame: 'J1',
      rows: [1, 5],
      rigidMarkers: true,
      planar: true,
    }, { markerNumbers: v.markerNumbers, activeConnector: v.activeConnector, rotationMarker0, rotationMarker1 }, []);
  },
};

/** Factory for a planar prismatic joint. */
export const ObjectJointPrismatic2D = makeFactory(objectJointPrismatic2DDefinition);
/** Exudyn's alias of {@link ObjectJointPrismatic2D}. */
export const PrismaticJoint2D = ObjectJointPrismatic2D;
