import { SystemContainer, SimulationSettings, OutputVariableType, LoadTorqueVector, SensorBody, type MainSystem } from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { buildWheeledPlatform } from './carRollingDiscTest.ts';

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
 * Exudyn's mecanumWheelRollingDiscTest: the platform of carRollingDiscTest's {@link buildWheeledPlatform} (3 × 3 m, wheels
 * 0.2 m wide, not steered) on Mecanum wheels: friction only along axes turned by ±45° (μ = [1, 0], dryFrictionAngle ±π/4,
 * the sign alternating on the diagonals); each wheel driven by a body-fixed torque
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
    const rWheel = 0.4, lCar = 3, wCar = 3;
    const platform = buildWheeledPlatform(mbs, wCar, lCar, 0.2, [0, 0, 0, 0], (iWheel) => ({
      dryFriction: [1, 0], dryFrictionAngle: (iWheel === 0 || iWheel === 3 ? -1 : 1) * 0.25 * Math.PI,
    }));
    const angularVelocitySensors = platform.wheels.map((wheel) => mbs.addSensor(SensorBody({ bodyNumber: wheel, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocityLocal })));
    const pControl = 500;
    // the load vector [i, 0, 0] carries the wheel number i, as in Exudyn's test
    const UFtorque = (system: MainSystem, t: number, torque: readonly number[]) => {
      const iWheel = Math.trunc(torque[0]);
      const v = desiredVelocity(t);
      const desired = mecanumWheelVelocities(v[0], v[1], v[2], rWheel, wCar, lCar)[iWheel];
      const current = system.getSensorValues(angularVelocitySensors[iWheel])[0];
      return [pControl * (desired - current), 0, 0];
    };
    platform.wheelMarkers.forEach((marker, i) => mbs.addLoad(LoadTorqueVector({ markerNumber: marker, loadVector: [i, 0, 0], bodyFixed: true, loadVectorUserFunction: UFtorque })));
    mbs.assemble();
    const settings = new SimulationSettings();
    const tEnd = 0.5, h = 0.002;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.sensorsWritePeriod = 0.002;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.discontinuous.ignoreMaxIterations = false;
    settings.timeIntegration.discontinuous.iterationTolerance = 0.1;
    mbs.solveDynamic(settings);
    return mbs.getObjectOutputBody(platform.platform, OutputVariableType.Position, [0, 0, 0])[0];
  },
};
