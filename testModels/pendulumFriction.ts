import {
  SystemContainer, SimulationSettings, InertiaCuboid, ObjectGround, NodeRigidBody2D, ObjectRigidBody2D, MarkerBodyPosition, MarkerNodePosition,
  MarkerBodyRigid, ObjectJointRevolute2D, Force, CartesianSpringDamper, SensorMarker, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's pendulumFriction: a planar pendulum on a revolute joint with regularized Coulomb friction at its tip,
 * modelled by a CartesianSpringDamper with a user function; index-2 trapezoidal rule, 4000 steps.
 */
export const pendulumFriction: TestModel = {
  name: 'pendulumFriction',
  reference: 0.39999998776982304,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.8;
    const mass = 2.5;
    const g = 9.81;
    const r = 0.05;
    const d = r / 2;
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const inertia = InertiaCuboid({ density: mass / (L * d * d), sideLengths: [L, d, d] });
    const nR0 = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [L / 2, 0, 0] }));
    const oR0 = mbs.addObject(ObjectRigidBody2D({ nodeNumber: nR0, physicsMass: inertia.mass, physicsInertia: inertia.inertiaTensor[2][2] }));
    const mGround0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const mR0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oR0, localPosition: [-L / 2, 0, 0] }));
    const mTip0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oR0, localPosition: [L / 2, 0, 0] }));
    const mNodeR0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: nR0 }));
    const mR0COM = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oR0, localPosition: [0, 0, 0] }));
    mbs.addObject(ObjectJointRevolute2D({ markerNumbers: [mGround0, mR0] }));
    mbs.addLoad(Force({ markerNumber: mNodeR0, loadVector: [0, -mass * g, 0] }));

    const zeroZoneFriction = 1e-3;
    const fFriction = 1;
    const userFunctionSpringDamper = (_mbs: unknown, _t: number, _itemIndex: number, _u: ArrayLike<number>, v: ArrayLike<number>,
      _k: ArrayLike<number>, _d: ArrayLike<number>, offset: ArrayLike<number>): number[] => {
      const vNorm = Math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2);
      const f = [v[0], v[1], v[2]];
      const factor = Math.abs(vNorm) < offset[0] ? offset[1] / offset[0] : offset[1] / vNorm;
      return f.map((x) => factor * x);
    };
    mbs.addObject(CartesianSpringDamper({
      markerNumbers: [mGround0, mTip0], offset: [zeroZoneFriction, fFriction, 0], springForceUserFunction: userFunctionSpringDamper,
    }));
    const sPos = mbs.addSensor(SensorMarker({ markerNumber: mR0COM, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const f = 4000;
    settings.timeIntegration.numberOfSteps = Math.trunc(1 * f);
    settings.timeIntegration.endTime = 0.0001 * f;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / 5000;
    settings.solutionSettings.sensorsWritePeriod = settings.timeIntegration.endTime / 2000;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = settings.timeIntegration.generalizedAlpha.useNewmark;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.60;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
    settings.solutionSettings.coordinatesSolutionFileName = 'solution/coordinatesSolution.txt';
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveDynamic(settings);
    const p0 = mbs.getSensorValues(sPos) as number[];
    return Math.sqrt(p0[0] ** 2 + p0[1] ** 2 + p0[2] ** 2);
  },
};
