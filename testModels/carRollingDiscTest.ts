import {
  SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, ObjectGround, MarkerBodyRigid, NodeGenericData, ObjectJointGeneric,
  ObjectConnectorRollingDiscPenalty, LoadTorqueVector, InertiaCylinder, InertiaCuboid, RotationMatrixZ,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's carRollingDiscTest: a car body (500 kg cuboid 2 × 3 × 0.4, at height r) on four wheels (cylinders of density 500,
 * width 0.1, r = 0.4, axis x) in revolute joints (ObjectJointGeneric, rotation about the wheel axis free), the front wheels
 * steered (turning radius 5: atan(3/5) left, atan(3/7) right); each wheel on the ground through
 * ObjectConnectorRollingDiscPenalty (k = 1e5, d = 1e3, μ = [0.4, 0.4], v_μ = 0.1); the rear wheels driven by body-fixed
 * torques −200 about their axis (a user function switches them off after 4 s); gravity −9.81 z; from rest, 250 steps to
 * 0.5 s with TrapezoidalIndex2. The result is the sum of the coordinates of the last wheel's node.
 */
export const carRollingDiscTest: TestModel = {
  name: 'carRollingDiscTest',
  reference: -0.23940048717113782,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const g = [0, 0, -9.81];
    const rWheel = 0.4, wWheel = 0.1, lCar = 3, wCar = 2, hCar = rWheel, mCar = 500;
    const inertiaWheel = InertiaCylinder(500, wWheel, rWheel, 0);
    const inertiaCar = InertiaCuboid(mCar / (lCar * wCar * hCar), [wCar, lCar, hCar]);
    const bCar = mbs.createRigidBody({
      inertia: inertiaCar, referencePosition: [0, 0, rWheel], referenceRotationMatrix: RotationMatrixZ(0), initialAngularVelocity: [0, 0, 0],
      initialVelocity: [0, 0, 0], gravity: g,
    }) as number;
    const oGround = mbs.addObject(ObjectGround({}));
    const markerGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const rSteering = 5;
    const steering = [0, 0, Math.atan(lCar / rSteering), Math.atan(lCar / (wCar + rSteering))];
    const markerWheels: number[] = [];
    let lastWheelNode = -1;
    for (let iWheel = 0; iWheel < 4; iWheel++) {
      const dx = (iWheel === 1 || iWheel === 3 ? -1 : 1) * -0.5 * wCar;
      const dy = (iWheel > 1 ? -1 : 1) * -0.5 * lCar;
      const initialRotation = RotationMatrixZ(steering[iWheel]);
      const pOff = [dx, dy, 0];
      const created = mbs.createRigidBody({
        inertia: inertiaWheel, referencePosition: [dx, dy, rWheel], referenceRotationMatrix: initialRotation, initialAngularVelocity: [0, 0, 0],
        initialVelocity: [0, 0, 0], gravity: g, returnDict: true,
      });
      lastWheelNode = created.nodeNumber;
      const mWheel = mbs.addMarker(MarkerBodyRigid({ bodyNumber: created.bodyNumber, localPosition: [0, 0, 0] }));
      markerWheels.push(mWheel);
      const mCarAxle = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bCar, localPosition: pOff }));
      mbs.addObject(ObjectJointGeneric({ markerNumbers: [mWheel, mCarAxle], rotationMarker1: initialRotation, constrainedAxes: [1, 1, 1, 0, 1, 1] }));
      const nGeneric = mbs.addNode(NodeGenericData({ initialCoordinates: [0, 0, 0], numberOfDataCoordinates: 3 }));
      mbs.addObject(ObjectConnectorRollingDiscPenalty({
        markerNumbers: [markerGround, mWheel], nodeNumber: nGeneric, discRadius: rWheel, dryFriction: [0.4, 0.4], dryFrictionProportionalZone: 1e-1,
        rollingFrictionViscous: 0, contactStiffness: 1e5, contactDamping: 1e5 * 0.01,
      }));
    }
    const UFtorque = (_mbs: unknown, t: number, torque: readonly number[]) => (t < 4 ? torque : [0, 0, 0]);
    for (const marker of markerWheels.slice(0, 2)) {
      mbs.addLoad(LoadTorqueVector({ markerNumber: marker, loadVector: [-200, 0, 0], bodyFixed: true, loadVectorUserFunction: UFtorque }));
    }
    mbs.assemble();
    const settings = new SimulationSettings();
    const tEnd = 0.5, h = 0.002;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveDynamic(settings, DynamicSolverType.TrapezoidalIndex2);
    const c = mbs.getNodeOutput(lastWheelNode, OutputVariableType.Coordinates);
    return c.reduce((sum, x) => sum + x, 0);
  },
};
