import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, InertiaCuboid, LinearSolverType, FlexdynError, NodePoint, NodePointGround, ObjectMassPoint, MarkerNodeCoordinate,
  ObjectConnectorCoordinate, ObjectConnectorCoordinateSpringDamper, LoadCoordinate, type MainSystem,
} from '../../src/index.ts';

/** A bar pendulum on a revolute joint about z; with `redundant`, a spherical joint at the same point repeats its three translations. */
function pendulum(redundant: boolean): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.createGround({});
  const body = mbs.createRigidBody({ inertia: InertiaCuboid({ density: 1000, sideLengths: [1, 0.1, 0.1] }), referencePosition: [0.5, 0, 0], gravity: [0, -9.81, 0] });
  mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], axis: [0, 0, 1] });
  if (redundant) mbs.createSphericalJoint({ bodyNumbers: [ground, body], position: [0, 0, 0] });
  mbs.assemble();
  return mbs;
}

function dynamicSettings(type: LinearSolverType, ignoreSingularJacobian: boolean): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = 200;
  settings.timeIntegration.endTime = 0.5;
  settings.timeIntegration.verboseMode = 0;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = type;
  settings.linearSolverSettings.ignoreSingularJacobian = ignoreSingularJacobian;
  return settings;
}

/** A mass point: x held by the same coordinate constraint twice, y and z on springs (k = 200, 50) under loads 3 and −2. */
function doublyConstrainedMassPoint(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
  mbs.addObject(ObjectMassPoint({ physicsMass: 1, nodeNumber: node }));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const [x, y, z] = [0, 1, 2].map((coordinate) => mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate })));
  mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, x] }));
  mbs.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, x] }));
  mbs.addObject(ObjectConnectorCoordinateSpringDamper({ markerNumbers: [groundMarker, y], stiffness: 200 }));
  mbs.addObject(ObjectConnectorCoordinateSpringDamper({ markerNumbers: [groundMarker, z], stiffness: 50 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: x, load: 7 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: y, load: 3 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: z, load: -2 }));
  mbs.assemble();
  return mbs;
}

describe('linearSolverSettings.ignoreSingularJacobian', () => {
  it('pendulumWithARedundantSphericalJointMovesLikeTheRevolutePendulum', () => {
    const reference = pendulum(false);
    reference.solveDynamic(dynamicSettings(LinearSolverType.EXUdense, false));
    const expected = reference.systemData.getODE2Coordinates();
    for (const type of [LinearSolverType.EXUdense, LinearSolverType.EigenDense]) {
      const mbs = pendulum(true);
      expect(mbs.computeSystemDegreeOfFreedom()).toMatchObject({ degreeOfFreedom: 1, redundantConstraints: 3 });
      mbs.solveDynamic(dynamicSettings(type, true));
      const q = mbs.systemData.getODE2Coordinates();
      // the coordinate updates of both Newton iterations are the same (C_qᵀλ is unique); only the convergence test
      // sees the repeated equations' residuals: agreement to the Newton tolerance (relative 1e-8 of the increments)
      q.forEach((value, i) => expect(Math.abs(value - expected[i])).toBeLessThan(1e-8));
      // and it swung: the bar turned by more than 0.5 rad
      expect(Math.hypot(...expected)).toBeGreaterThan(0.5);
    }
  });

  it('withoutItTheRedundantJointIsASingularJacobian', () => {
    const mbs = pendulum(true);
    // the first solve with the saddle-point matrix, the initial accelerations' [[M, C_qᵀ], [C_q, 0]], fails
    expect(() => mbs.solveDynamic(dynamicSettings(LinearSolverType.EXUdense, false))).toThrow(/initial accelerations: the mass matrix \(with constraint Jacobian\) is singular at algebraic equation .*\(redundant constraints\? mbs.computeSystemDegreeOfFreedom\(\) names them; linearSolverSettings.ignoreSingularJacobian solves with them\)/);
  });

  it('staticSolutionWithARepeatedConstraintSplitsNothingButTheMultipliers', () => {
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.verboseMode = 0;
    const mbs = doublyConstrainedMassPoint();
    expect(() => mbs.solveStatic(settings)).toThrow(/Jacobian is singular: no pivot for .*linearSolverSettings.ignoreSingularJacobian solves with them/);
    settings.linearSolverSettings.ignoreSingularJacobian = true;
    mbs.solveStatic(settings);
    const q = mbs.systemData.getODE2Coordinates();
    // linear springs: y = 3/200, z = −2/50 exactly up to round-off; x held
    expect(q[0]).toBe(0);
    expect(q[1]).toBeCloseTo(3 / 200, 15);
    expect(q[2]).toBeCloseTo(-2 / 50, 15);
    // the two multipliers together carry the load on x (sign of the constraint's C_q = −e on the ground side)
    const [lambda0, lambda1] = mbs.systemData.getAECoordinates();
    expect(Math.abs(lambda0 + lambda1)).toBeCloseTo(7, 12);
  });

  it('sparseSolverIsANamedError', () => {
    const mbs = pendulum(true);
    expect(() => mbs.solveDynamic(dynamicSettings(LinearSolverType.EigenSparse, true))).toThrow(FlexdynError);
    expect(() => mbs.solveDynamic(dynamicSettings(LinearSolverType.EigenSparse, true))).toThrow(
      /solveDynamic: linearSolverSettings.ignoreSingularJacobian needs a dense linear solver \(linearSolverType EXUdense or EigenDense.*got linearSolverType = EigenSparse/,
    );
  });

  it('isValidatedAsABoolean', () => {
    const settings = dynamicSettings(LinearSolverType.EXUdense, true);
    (settings.linearSolverSettings as { ignoreSingularJacobian: unknown }).ignoreSingularJacobian = 'yes';
    expect(() => pendulum(true).solveDynamic(settings)).toThrow(/SimulationSettings: linearSolverSettings.ignoreSingularJacobian must be true or false, got string "yes"/);
  });
});
