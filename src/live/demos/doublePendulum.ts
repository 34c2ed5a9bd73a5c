/**
 * Double pendulum of two rigid bricks on revolute joints about z (a model of the live page and part of
 * examples/viewerDemo.ts): the first brick hinged at a point of the ground, the second at the end of the first, both
 * released at rest from the angle `initialAngle` below the horizontal, under gravity along −y.
 * @module
 */
import {
  SystemContainer, SimulationSettings, LinearSolverType, OutputVariableType, SensorBody, InertiaCuboid, RotationMatrixZ, graphics,
  type MainSystem,
} from '../../index.ts';

/** Options of {@link addDoublePendulum}; lengths in m, angle in rad. */
export interface DoublePendulumOptions {
  /** Length of the first brick (default 0.5 m). */
  length0?: number;
  /** Length of the second brick (default 0.5 m). */
  length1?: number;
  /** Square cross-section side of both bricks (default 0.06 m). */
  width?: number;
  /** Density (default 1000 kg/m³). */
  density?: number;
  /** Angle of both bricks below the +x axis at release (default 0: horizontal). */
  initialAngle?: number;
  /** Hinge of the first brick on the ground (default the origin). */
  hinge?: readonly number[];
  /** Gravity vector (default [0, −9.81, 0]). */
  gravity?: readonly number[];
}

/** The pendulum's bodies. */
export interface DoublePendulumBodies {
  /** First brick (hinged to the ground). */
  body0: number;
  /** Second brick. */
  body1: number;
  /** Tip of the second brick in its body frame (its free end). */
  tipLocal: number[];
}

/**
 * Adds the two bricks (mbs.createRigidBody, each with its graphics: a brick and a frame basis) and the two revolute
 * joints (hinge cylinders drawn with axisRadius 0.03 m and axisLength 0.12 m) to mbs, the first joint on `ground`.
 */
export function addDoublePendulum(mbs: MainSystem, ground: number, options: DoublePendulumOptions = {}): DoublePendulumBodies {
  const a0 = options.length0 ?? 0.5, a1 = options.length1 ?? 0.5, w = options.width ?? 0.06, density = options.density ?? 1000;
  const g = options.gravity ?? [0, -9.81, 0], hinge = options.hinge ?? [0, 0, 0];
  const angle = options.initialAngle ?? 0;
  const A = RotationMatrixZ(-angle);
  const along = (s: number) => [hinge[0] + s * Math.cos(angle), hinge[1] - s * Math.sin(angle), hinge[2]];
  const brick = (a: number, c: readonly number[]) => [graphics.Brick({ size: [a, w, w], color: c }), graphics.Basis({ length: 0.15, radius: 0.006 })];
  const body0 = mbs.createRigidBody({
    referencePosition: along(a0 / 2), referenceRotationMatrix: A, inertia: InertiaCuboid({ density, sideLengths: [a0, w, w] }), gravity: g,
    graphicsDataList: brick(a0, graphics.color.red),
  });
  const body1 = mbs.createRigidBody({
    referencePosition: along(a0 + a1 / 2), referenceRotationMatrix: A, inertia: InertiaCuboid({ density, sideLengths: [a1, w, w] }), gravity: g,
    graphicsDataList: brick(a1, graphics.color.dodgerblue),
  });
  mbs.createRevoluteJoint({ bodyNumbers: [ground, body0], position: hinge, axis: [0, 0, 1], axisRadius: 0.03, axisLength: 0.12 });
  mbs.createRevoluteJoint({ bodyNumbers: [body0, body1], position: along(a0), axis: [0, 0, 1], axisRadius: 0.03, axisLength: 0.12 });
  return { body0, body1, tipLocal: [a1 / 2, 0, 0] };
}

/** The live page's double pendulum: ground bar, pendulum, a sensor of the tip position; assembled. */
export function buildDoublePendulum(options: DoublePendulumOptions = {}): { mbs: MainSystem; bodies: DoublePendulumBodies; tipSensor: number } {
  const mbs = new SystemContainer().addSystem();
  const hinge = options.hinge ?? [0, 0, 0];
  const ground = mbs.createGround({ graphicsDataList: [graphics.Brick({ centerPoint: [hinge[0], hinge[1] + 0.05, hinge[2] - 0.05], size: [0.6, 0.1, 0.1], color: graphics.color.grey })] });
  const bodies = addDoublePendulum(mbs, ground, options);
  const tipSensor = mbs.addSensor(SensorBody({
    bodyNumber: bodies.body1, localPosition: bodies.tipLocal, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false, name: 'pendulum tip',
  }));
  mbs.assemble();
  return { mbs, bodies, tipSensor };
}

/** Generalized-α with the default settings, dense LU (14 coordinates, 10 joint equations), endTime in steps of stepSize. */
export function doublePendulumSettings(endTime = 5, stepSize = 2e-3): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.linearSolverType = LinearSolverType.EXUdense;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = Math.round(endTime / stepSize);
  settings.timeIntegration.verboseMode = 0;
  return settings;
}
