import {
  SystemContainer, SimulationSettings, ObjectGround, InertiaCuboid, InertiaCylinder, RotationMatrixZ, mat3Mul, mat3MulVec, MarkerBodyRigid,
  MarkerNodeRotationCoordinate, MarkerNodeCoordinate, ObjectJointGeneric, CartesianSpringDamper, SensorNode, SensorBody, Node1D, Mass1D, Rotor1D,
  CoordinateConstraint, LoadCoordinate, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's driveTrainTest: a four-cylinder crank drive (Euler-parameter crank and conrods on an elastic support,
 * Mass1D pistons) coupled through gear constraints to a Rotor1D drive train and a flywheel, driven by a torque
 * for t < 0.25. Result: crank z-rotation (from its rotation matrix) minus the flywheel angle at t = 0.1; a
 * difference of two 0.88 rad angles, compared absolutely.
 */
export const driveTrainTest: TestModel = {
  name: 'driveTrainTest',
  reference: -9.269855516524927e-08,
  comparison: 'absolute',
  // The result is the difference of two angles of 0.8813 rad, so a relative tolerance on it is meaningless; we use
  // the absolute tolerance of Exudyn's own test suite on Linux (3e-11, runTestSuite.py), i.e. 3.4e-11 relative per angle.
  tolerance: 3e-11,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const L0 = 0.2;
    const L1 = 0.5;
    const L2 = 0.1;
    const a = 0.025;
    const discBig = 0.15;
    const discSmall = 0.05;
    const rho = 7850;
    const kJoint = 1e4;
    const dJoint = 2e2;
    const inertiaCrank = InertiaCuboid({ density: rho, sideLengths: [L0, a, a] });
    const omega0 = [0, 0, 2 * Math.PI * 100 * 0];
    const p0 = [0, 0, 0];
    const v0 = [0, 0, 0];
    const eye = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    const oRB0 = mbs.createRigidBody({
      inertia: inertiaCrank, referencePosition: p0, referenceRotationMatrix: eye, initialVelocity: v0, initialAngularVelocity: omega0,
      gravity: [0, -9.81 * 0, 0],
    });
    const nRB0 = mbs.getObject(oRB0).nodeNumber as number;
    const mGround0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, -a] }));
    const mRigid0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oRB0, localPosition: [0, 0, -a] }));
    const mRigid0RotationCoordinate = mbs.addMarker(MarkerNodeRotationCoordinate({ nodeNumber: nRB0, rotationCoordinate: 2 }));
    const mGround0b = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 6 * a] }));
    const mRigid0b = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oRB0, localPosition: [0, 0, 6 * a] }));
    mbs.addObject(ObjectJointGeneric({ markerNumbers: [mRigid0, mGround0], constrainedAxes: [0, 0, 1, 1, 1, 0] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [mRigid0, mGround0], stiffness: [kJoint, kJoint, 0], damping: [dJoint, dJoint, 0] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [mRigid0b, mGround0b], stiffness: [kJoint, kJoint, 0], damping: [dJoint, dJoint, 0] }));
    mbs.addSensor(SensorNode({ nodeNumber: nRB0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    mbs.addSensor(SensorNode({ nodeNumber: nRB0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    const sCrankAngle = mbs.addSensor(SensorNode({ nodeNumber: nRB0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Rotation }));

    for (let i = 0; i < 4; i++) {
      const inertiaConrod = InertiaCuboid({ density: rho, sideLengths: [L1, a, a] });
      const phi = i / 4 * (2 * Math.PI);
      const A = RotationMatrixZ(phi);
      let A2 = RotationMatrixZ(0);
      let v2 = [0, 0, 0];
      let offsetPiston = 0;
      if (i === 1 || i === 3) {
        const phi2 = Math.atan2(0.5 * L0, L1);
        A2 = RotationMatrixZ(phi2);
        v2 = mat3MulVec(A, [-0.5 * L0, -0.25 * L0, 0]);
        offsetPiston = L1 * (1 - Math.cos(phi2)) + 0.5 * L0;
      }
      let offZ = 0;
      let Acrank: number[][];
      if (i < 2) {
        Acrank = RotationMatrixZ(0);
      } else {
        Acrank = RotationMatrixZ(Math.PI);
        offZ = 4 * a;
      }
      const omega1 = [0, 0, 0];
      const Ap1 = mat3MulVec(A, [0.5 * L0 + 0.5 * L1, 0, 2 * a + offZ]);
      const p1 = [v2[0] + Ap1[0], v2[1] + Ap1[1], v2[2] + Ap1[2]];
      const v1 = [0, 0, 0];
      const oRB1 = mbs.createRigidBody({
        inertia: inertiaConrod, referencePosition: p1, referenceRotationMatrix: mat3Mul(A, A2), initialAngularVelocity: omega1,
        initialVelocity: v1, gravity: [0, -9.81 * 0, 0],
      });
      const locPos0 = mat3MulVec(Acrank, [0.5 * L0, 0, a + offZ]);
      mbs.createGenericJoint({
        bodyNumbers: [oRB0, oRB1], position: locPos0, constrainedAxes: [1, 1, 1, 1, 1, 0], useGlobalFrame: false, axesRadius: 0.5 * a, axesLength: 2 * a,
      });
      const refPosPiston = mat3MulVec(A, [0.5 * L0 + L1 - offsetPiston, 0, 2 * a + offZ]);
      let pistonMass = 0.2;
      if (i === 3) pistonMass *= 1.5;
      const n1D1 = mbs.addNode(Node1D({ referenceCoordinates: [0] }));
      const oPiston1 = mbs.addObject(Mass1D({ physicsMass: pistonMass, nodeNumber: n1D1, referencePosition: refPosPiston, referenceRotation: A }));
      mbs.createSphericalJoint({ bodyNumbers: [oPiston1, oRB1], position: [0, 0, 0], constrainedAxes: [1, 1, 0], useGlobalFrame: false, jointRadius: 1.5 * a });
    }

    const inertiaDiscBig = InertiaCylinder({ density: rho, length: 2 * a, outerRadius: discBig, axis: 2 });
    const inertiaDiscSmall = InertiaCylinder({ density: rho, length: 2 * a, outerRadius: discSmall, axis: 2 });
    const nDT0 = mbs.addNode(Node1D({ referenceCoordinates: [0] }));
    const oDT0 = mbs.addObject(Rotor1D({ nodeNumber: nDT0, physicsInertia: inertiaDiscBig.getInertia6D()[2], referencePosition: [0, 0, -2 * a] }));
    const mDT0Rigid = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oDT0, localPosition: [0, 0, a] }));
    const mDT0Coordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nDT0, coordinate: 0 }));
    mbs.addObject(ObjectJointGeneric({ markerNumbers: [mRigid0, mDT0Rigid], constrainedAxes: [0, 0, 0, 0, 0, 1] }));
    const nDT1 = mbs.addNode(Node1D({ referenceCoordinates: [0] }));
    mbs.addObject(Rotor1D({ nodeNumber: nDT1, physicsInertia: inertiaDiscSmall.getInertia6D()[2], referencePosition: [discBig + discSmall, 0, -2 * a] }));
    const mDT1Coordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nDT1, coordinate: 0 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mDT0Coordinate, mDT1Coordinate], factorValue1: -discSmall / discBig }));
    const nDT2 = mbs.addNode(Node1D({ referenceCoordinates: [0] }));
    mbs.addObject(Rotor1D({ nodeNumber: nDT2, physicsInertia: inertiaDiscBig.getInertia6D()[2], referencePosition: [discBig + discSmall, 0, -5 * a] }));
    const mDT2Coordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nDT2, coordinate: 0 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mDT1Coordinate, mDT2Coordinate], factorValue1: 1 }));
    const nDT3 = mbs.addNode(Node1D({ referenceCoordinates: [0] }));
    mbs.addObject(Rotor1D({ nodeNumber: nDT3, physicsInertia: inertiaDiscSmall.getInertia6D()[2], referencePosition: [(discBig + discSmall) * 2, 0, -5 * a] }));
    const mDT3Coordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nDT3, coordinate: 0 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mDT2Coordinate, mDT3Coordinate], factorValue1: -discSmall / discBig }));
    const nDT4 = mbs.addNode(Node1D({ referenceCoordinates: [0] }));
    const oDT4 = mbs.addObject(Rotor1D({ nodeNumber: nDT4, physicsInertia: 5 * inertiaDiscBig.getInertia6D()[2], referencePosition: [0, 0, 9 * a] }));
    const mDT4Coordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nDT4, coordinate: 0 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mDT4Coordinate, mRigid0RotationCoordinate], velocityLevel: true }));
    mbs.addSensor(SensorBody({ bodyNumber: oDT4, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    const sFlyWheelAngle = mbs.addSensor(SensorNode({ nodeNumber: nDT4, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.CoordinatesTotal }));
    const UFLoad = (_mbs: unknown, t: number, load: number) => (t < 0.25 ? load : 0);
    mbs.addLoad(LoadCoordinate({ markerNumber: mDT3Coordinate, load: 100, loadUserFunction: UFLoad }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 0.1;
    const h = 1e-4;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / 1000;
    settings.solutionSettings.sensorsWritePeriod = h;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    mbs.solveDynamic(settings);
    const phiCrank = (mbs.getSensorValues(sCrankAngle) as number[])[2];
    const phiFlyWheel = mbs.getSensorValues(sFlyWheelAngle)[0];
    return phiCrank - phiFlyWheel;
  },
};
