import {
  SystemContainer, SimulationSettings, DynamicSolverType, ObjectGround, MarkerBodyRigid, GenericJoint, TorsionalSpringDamper,
  RigidBodySpringDamper, Torque, ObjectJointRollingDisc, NodeGenericData, RollingDiscPenalty, SensorObject, SensorBody, OutputVariableType,
  InertiaCylinder, RigidBodyInertia, RotationMatrixX, type MainSystem,
} from '../src/index.ts';
import { diagonalMatrix, type TestModel } from './testModel.ts';

/**
 * Exudyn's rotatingTableTest: a wheel (InertiaCylinder(1000, 0.1, 0.5, axis z), centre 3 m out on the z axis, gravity −9.81 y)
 * rolls on a table, a rigid body (m = 100, J = 1000 I) that turns about the vertical y axis (GenericJoint to ground with that
 * rotation free, TorsionalSpringDamper about y with k = d = 0). The wheel's frame end (3 m inwards) is held at [0, r, 0] by
 * a RigidBodySpringDamper (k = 1e6, d = 1e4, translations only), a body-fixed torque 20 N m about the wheel axis drives it.
 * Mode 0: JointRollingDisc (all three contact velocities constrained); mode 1: RollingDiscPenalty (k = 1e6, d = 1e4,
 * μ = [0.5, 0.5], v_μ = 0.01, linear proportional zone). At t = 2.5 the pre-step function sets the table's damping to
 * 5000 (mbs.setObjectParameter while running). TrapezoidalIndex2, modified Newton, initial accelerations computed,
 * h = 5e-3, 5 s. The result is the sum over both modes of ‖q_ODE2‖ at the end. Measured against Exudyn 1.10's Linux log:
 * mode 0 3.9199250593930244 (Exudyn …30524, 6708 Newton iterations and 33 Jacobians as Exudyn), mode 1 3.918755319240682
 * (Exudyn 3.9187553156367994, 9e-10; 7012 Newton iterations, Exudyn 7002); the sum is 4.6e-10 from the reference.
 */
export const rotatingTableTest: TestModel = {
  name: 'rotatingTableTest',
  reference: 7.838680375029869,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    let uTest = 0;
    for (let mode = 0; mode < 2; mode++) uTest += Math.hypot(...rotatingTable(mode).systemData.getODE2Coordinates());
    return uTest;
  },
};

/** One mode of the model, solved. */
function rotatingTable(mode: number): MainSystem {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const r = 0.5, d = 3, g = 9.81, w = 0.1;
  const gravity = [0, -g, 0];
  const vDisc = [0, 0, 1];
  const p0Wheel = [0, 0, d];
  const p0Plane = [0, -r, 0];
  const n0Plane = [0, 1, 0];
  const bWheel = mbs.createRigidBody({ inertia: InertiaCylinder(1000, w, r, 2), referencePosition: p0Wheel, gravity }) as number;
  const iPlane = new RigidBodyInertia({ mass: 100, inertiaTensor: [[1000, 0, 0], [0, 1000, 0], [0, 0, 1000]] });
  const oGround = mbs.addObject(ObjectGround({ referencePosition: p0Plane }));
  const bPlane = mbs.createRigidBody({ inertia: iPlane, referencePosition: p0Plane, gravity }) as number;

  // the table turns about the vertical axis
  const markerSupportGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
  const markerSupportPlane = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bPlane, localPosition: [0, 0, 0] }));
  mbs.addObject(GenericJoint({ markerNumbers: [markerSupportGround, markerSupportPlane], constrainedAxes: [1, 1, 1, 1, 0, 1] }));
  const oTSD = mbs.addObject(TorsionalSpringDamper({
    markerNumbers: [markerSupportGround, markerSupportPlane], stiffness: 0, damping: 0,
    rotationMarker0: RotationMatrixX(0.5 * Math.PI), rotationMarker1: RotationMatrixX(0.5 * Math.PI), // spring axis z → y
  }));

  // the wheel's frame is held at the table's centre, and driven by a torque about the wheel axis
  const markerSupportGroundWheel = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, r, 0] }));
  const markerWheelFrame = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bWheel, localPosition: [0, 0, -d] }));
  const kSD = 1e6, dSD = 1e4;
  mbs.addObject(RigidBodySpringDamper({
    markerNumbers: [markerWheelFrame, markerSupportGroundWheel], stiffness: diagonalMatrix([kSD, kSD, kSD, 0, 0, 0]), damping: diagonalMatrix([dSD, dSD, dSD, 0, 0, 0]),
  }));
  mbs.addLoad(Torque({ markerNumber: markerWheelFrame, loadVector: [0, 0, 20], bodyFixed: true }));

  // rolling contact of the wheel on the table
  const markerWheelCenter = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bWheel, localPosition: [0, 0, 0] }));
  const markerRollingPlane = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bPlane, localPosition: [0, 0, 0] }));
  let oRolling: number;
  if (mode === 0) {
    oRolling = mbs.addObject(ObjectJointRollingDisc({
      markerNumbers: [markerRollingPlane, markerWheelCenter], constrainedAxes: [1, 1, 1], discRadius: r, discAxis: vDisc, planeNormal: n0Plane,
    }));
  } else {
    const nGeneric = mbs.addNode(NodeGenericData({ initialCoordinates: [0, 0, 0], numberOfDataCoordinates: 3 }));
    oRolling = mbs.addObject(RollingDiscPenalty({
      markerNumbers: [markerRollingPlane, markerWheelCenter], nodeNumber: nGeneric, discRadius: r, discAxis: vDisc, planeNormal: n0Plane,
      contactStiffness: kSD, contactDamping: dSD, dryFriction: [0.5, 0.5], dryFrictionProportionalZone: 0.01, useLinearProportionalZone: true,
    }));
  }
  mbs.addSensor(SensorObject({ objectNumber: oRolling, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.ForceLocal }));
  mbs.addSensor(SensorObject({ objectNumber: oRolling, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Velocity }));
  for (const outputVariableType of [OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal, OutputVariableType.AngularAcceleration]) {
    mbs.addSensor(SensorBody({ bodyNumber: bWheel, storeInternal: true, writeToFile: false, outputVariableType }));
  }

  mbs.setPreStepUserFunction((system, t) => {
    if (Math.abs(t - 2.5) < 1e-4) system.setObjectParameter(oTSD, 'damping', 5000);
    return true;
  });
  mbs.assemble();

  const settings = new SimulationSettings();
  const tEnd = 5, h = 0.005;
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
  settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
  settings.timeIntegration.newton.useModifiedNewton = true;
  mbs.solveDynamic(settings, DynamicSolverType.TrapezoidalIndex2);
  return mbs;
}
