import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, MarkerBodyRigid, NodeGenericData, ObjectJointGeneric,
  ObjectConnectorRollingDiscPenalty, LoadTorqueVector, SensorBody, InertiaCylinder, InertiaCuboid, RotationMatrixZ, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Wheel angular velocities [ω0 … ω3] of a Mecanum platform for the local velocities (vx, vy) and yaw rate (Exudyn's
 * MecanumXYphi2WheelVelocities).
 */
function mecanumWheelVelocities(xVel: number, yVel: number, angVel: number, R: number, Lx: number, Ly: number): number[] {
  const LxLy2 = (Lx + Ly) / 2;
  const rows = [[1, -1, LxLy2], [-1, -1, -LxLy2], [-1, -1, LxLy2], [1, -1, -LxLy2]];
  return rows.map((row) => (row[0] * xVel + row[1] * yVel + row[2] * angVel) / R);
}

/** The desired platform velocity [vx, vy, yaw rate] of Exudyn's test at time t. */
function desiredVelocity(t: number): number[] {
  if (t < 4) return [1, 0, 0];
  if (t < 8) return [0, 1, 0];
  if (t < 16) return [0, 0, 0.125 * Math.PI];
  if (t < 20) return [1, 0, 0];
  return [0, 0, 0];
}

/**
 * Exudyn's mecanumWheelRollingDiscTest: a platform (500 kg cuboid 3 × 3 × 0.4) on four Mecanum wheels (cylinders of density
 * 500, width 0.2, r = 0.4, axis x) in revolute joints (ObjectJointGeneric); each wheel on the ground through
 * ObjectConnectorRollingDiscPenalty with friction only along axes turned by ±45° (μ = [1, 0], dryFrictionAngle ±π/4, the
 * sign alternating on the diagonals; k = 1e5, d = 1e3, v_μ = 0.1); each wheel driven by a body-fixed torque
 * 500 (ω_desired − ω_x) whose user function reads the wheel's AngularVelocityLocal sensor (desired: move in x at 1 m/s);
 * from rest, 250 steps to 0.5 s, Newmark with index-2 constraints, modified Newton, discontinuous iteration tolerance 0.1
 * with rejected steps at maxIterations. The result is the x position of the platform.
 */
export const mecanumWheelRollingDiscTest: TestModel = {
  name: 'mecanumWheelRollingDiscTest',
  reference: 0.2714267238324343,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const g = [0, 0, -9.81];
    const rWheel = 0.4, wWheel = 0.2, lCar = 3, wCar = 3, hCar = rWheel, mCar = 500;
    const inertiaWheel = InertiaCylinder(500, wWheel, rWheel, 0);
    const inertiaCar = InertiaCuboid(mCar / (lCar * wCar * hCar), [wCar, lCar, hCar]);
    const car = mbs.createRigidBody({
      referencePosition: [0, 0, rWheel], referenceRotationMatrix: RotationMatrixZ(0), initialVelocity: [0, 0, 0], initialAngularVelocity: [0, 0, 0],
      inertia: inertiaCar, gravity: g, returnDict: true,
    });
    const oGround = mbs.addObject(ObjectGround({}));
    const markerGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const markerWheels: number[] = [];
    const angularVelocitySensors: number[] = [];
    for (let iWheel = 0; iWheel < 4; iWheel++) {
      const frictionAngle = (iWheel === 0 || iWheel === 3 ? -1 : 1) * 0.25 * Math.PI;
      const dx = (iWheel === 1 || iWheel === 3 ? -1 : 1) * -0.5 * wCar;
      const dy = (iWheel > 1 ? -1 : 1) * -0.5 * lCar;
      const initialRotation = RotationMatrixZ(0);
      const pOff = [dx, dy, 0];
      const wheel = mbs.createRigidBody({
        referencePosition: [dx, dy, rWheel], referenceRotationMatrix: initialRotation, initialVelocity: [0, 0, 0], initialAngularVelocity: [0, 0, 0],
        inertia: inertiaWheel, gravity: g,
      }) as number;
      const mWheel = mbs.addMarker(MarkerBodyRigid({ bodyNumber: wheel, localPosition: [0, 0, 0] }));
      markerWheels.push(mWheel);
      const mCarAxle = mbs.addMarker(MarkerBodyRigid({ bodyNumber: car.bodyNumber, localPosition: pOff }));
      mbs.addObject(ObjectJointGeneric({ markerNumbers: [mWheel, mCarAxle], rotationMarker1: initialRotation, constrainedAxes: [1, 1, 1, 0, 1, 1] }));
      const nGeneric = mbs.addNode(NodeGenericData({ initialCoordinates: [0, 0, 0], numberOfDataCoordinates: 3 }));
      mbs.addObject(ObjectConnectorRollingDiscPenalty({
        markerNumbers: [markerGround, mWheel], nodeNumber: nGeneric, discRadius: rWheel, dryFriction: [1, 0], dryFrictionAngle: frictionAngle,
        dryFrictionProportionalZone: 1e-1, rollingFrictionViscous: 0, contactStiffness: 1e5, contactDamping: 1e5 * 0.01,
      }));
      angularVelocitySensors.push(mbs.addSensor(SensorBody({ bodyNumber: wheel, storeInternal: true, outputVariableType: OutputVariableType.AngularVelocityLocal })));
    }
    const pControl = 500;
    // the load vector [i, 0, 0] carries the wheel number i, as in Exudyn's test
    const UFtorque = (system: MainSystem, t: number, torque: readonly number[]) => {
      const iWheel = Math.trunc(torque[0]);
      const v = desiredVelocity(t);
      const desired = mecanumWheelVelocities(v[0], v[1], v[2], rWheel, wCar, lCar)[iWheel];
      const current = system.getSensorValues(angularVelocitySensors[iWheel])[0];
      return [pControl * (desired - current), 0, 0];
    };
    markerWheels.forEach((marker, i) => mbs.addLoad(LoadTorqueVector({ markerNumber: marker, loadVector: [i, 0, 0], bodyFixed: true, loadVectorUserFunction: UFtorque })));
    mbs.assemble();
    const settings = new SimulationSettings();
    const tEnd = 0.5, h = 0.002;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.sensorsWritePeriod = 0.002;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.discontinuous.ignoreMaxIterations = false;
    settings.timeIntegration.discontinuous.iterationTolerance = 0.1;
    mbs.solveDynamic(settings);
    return mbs.getObjectOutputBody(car.bodyNumber, OutputVariableType.Position, [0, 0, 0])[0];
  },
};
