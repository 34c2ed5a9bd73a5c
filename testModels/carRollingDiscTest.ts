import {
  SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, ObjectGround, MarkerBodyRigid, NodeGenericData, ObjectJointGeneric,
  ObjectConnectorRollingDiscPenalty, LoadTorqueVector, InertiaCylinder, InertiaCuboid, RotationMatrixZ, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** What {@link buildWheeledPlatform} adds: the platform body and, per wheel, its body, node and marker at the wheel centre. */
export interface WheeledPlatform {
  readonly platform: number;
  readonly wheels: readonly number[];
  readonly wheelNodes: readonly number[];
  readonly wheelMarkers: readonly number[];
}

/**
 * The vehicle of Exudyn's carRollingDiscTest and mecanumWheelRollingDiscTest: a 500 kg cuboid platform wCar × lCar × r at
 * height r = 0.4 at rest, four wheels (cylinders of density 500, width wWheel, radius r, axis x; wheel i at
 * (∓wCar/2, ∓lCar/2), 0 and 1 in front of y = 0, turned about z by steering[i]) in revolute joints (ObjectJointGeneric,
 * rotation about the wheel axis free) at the platform, each on the ground through ObjectConnectorRollingDiscPenalty
 * (k = 1e5, d = 1e3, v_μ = 0.1, friction of the wheel from `friction`); gravity −9.81 z.
 */
export function buildWheeledPlatform(mbs: MainSystem, wCar: number, lCar: number, wWheel: number, steering: readonly number[],
  friction: (iWheel: number) => { dryFriction: number[]; dryFrictionAngle: number }): WheeledPlatform {
  const g = [0, 0, -9.81], rWheel = 0.4, hCar = rWheel, mCar = 500;
  const inertiaWheel = InertiaCylinder(500, wWheel, rWheel, 0);
  const platform = mbs.createRigidBody({
    inertia: InertiaCuboid(mCar / (lCar * wCar * hCar), [wCar, lCar, hCar]), referencePosition: [0, 0, rWheel], referenceRotationMatrix: RotationMatrixZ(0),
    initialAngularVelocity: [0, 0, 0], initialVelocity: [0, 0, 0], gravity: g,
  }) as number;
  const oGround = mbs.addObject(ObjectGround({}));
  const markerGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
  const wheels: number[] = [], wheelNodes: number[] = [], wheelMarkers: number[] = [];
  for (let iWheel = 0; iWheel < 4; iWheel++) {
    const dx = (iWheel === 1 || iWheel === 3 ? -1 : 1) * -0.5 * wCar;
    const dy = (iWheel > 1 ? -1 : 1) * -0.5 * lCar;
    const initialRotation = RotationMatrixZ(steering[iWheel]);
    const created = mbs.createRigidBody({
      inertia: inertiaWheel, referencePosition: [dx, dy, rWheel], referenceRotationMatrix: initialRotation, initialAngularVelocity: [0, 0, 0],
      initialVelocity: [0, 0, 0], gravity: g, returnDict: true,
    });
    wheels.push(created.bodyNumber);
    wheelNodes.push(created.nodeNumber);
    const mWheel = mbs.addMarker(MarkerBodyRigid({ bodyNumber: created.bodyNumber, localPosition: [0, 0, 0] }));
    wheelMarkers.push(mWheel);
    const mAxle = mbs.addMarker(MarkerBodyRigid({ bodyNumber: platform, localPosition: [dx, dy, 0] }));
    mbs.addObject(ObjectJointGeneric({ markerNumbers: [mWheel, mAxle], rotationMarker1: initialRotation, constrainedAxes: [1, 1, 1, 0, 1, 1] }));
    const nGeneric = mbs.addNode(NodeGenericData({ initialCoordinates: [0, 0, 0], numberOfDataCoordinates: 3 }));
    mbs.addObject(ObjectConnectorRollingDiscPenalty({
      markerNumbers: [markerGround, mWheel], nodeNumber: nGeneric, discRadius: rWheel, ...friction(iWheel), dryFrictionProportionalZone: 1e-1,
      rollingFrictionViscous: 0, contactStiffness: 1e5, contactDamping: 1e5 * 0.01,
    }));
  }
  return { platform, wheels, wheelNodes, wheelMarkers };
}

/**
 * Exudyn's carRollingDiscTest: the car of {@link buildWheeledPlatform} (2 × 3 m, wheels 0.1 m wide, μ = [0.4, 0.4]) with the
 * front wheels steered (turning radius 5: atan(3/5) left, atan(3/7) right) and the rear wheels driven by body-fixed torques
 * −200 about their axis (a user function switches them off after 4 s); from rest, 250 steps to 0.5 s with
 * TrapezoidalIndex2. The result is the sum of the coordinates of the last wheel's node.
 */
export const carRollingDiscTest: TestModel = {
  name: 'carRollingDiscTest',
  reference: -0.23940048717113782,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const lCar = 3, wCar = 2, rSteering = 5;
    const steering = [0, 0, Math.atan(lCar / rSteering), Math.atan(lCar / (wCar + rSteering))];
    const car = buildWheeledPlatform(mbs, wCar, lCar, 0.1, steering, () => ({ dryFriction: [0.4, 0.4], dryFrictionAngle: 0 }));
    const UFtorque = (_mbs: unknown, t: number, torque: readonly number[]) => (t < 4 ? torque : [0, 0, 0]);
    for (const marker of car.wheelMarkers.slice(0, 2)) {
      mbs.addLoad(LoadTorqueVector({ markerNumber: marker, loadVector: [-200, 0, 0], bodyFixed: true, loadVectorUserFunction: UFtorque }));
    }
    mbs.assemble();
    const settings = new SimulationSettings();
    const tEnd = 0.5, h = 0.002;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    mbs.solveDynamic(settings, DynamicSolverType.TrapezoidalIndex2);
    const c = mbs.getNodeOutput(car.wheelNodes[3], OutputVariableType.Coordinates);
    return c.reduce((sum, x) => sum + x, 0);
  },
};
