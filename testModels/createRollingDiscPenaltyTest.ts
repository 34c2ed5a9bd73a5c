import { SystemContainer, SimulationSettings, OutputVariableType, RigidBodyInertia, InertiaCuboid, Skew, mat3MulVec } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's createRollingDiscPenaltyTest: a two-wheeler without steering — two wheels (mass 1 with the inertia of a ring of
 * 0.5 kg, r = 0.1, axis y) at x = ±0.4 on revolute joints (axis y, at the wheel centres) to a board (density 2800,
 * 0.8 × 0.05 × 0.05, at height 1.2 r), all moving forward with v = ω × [0, 0, r], ω = [0, 8π, 0]; each wheel on the ground
 * through mbs.createRollingDiscPenalty (k = 1e5, d = 1e3, μ = [0.4, 0.4], no proportional zone); gravity −9.81 z;
 * generalized-α defaults with modified Newton, 500 steps to 1 s. The result is the norm of the contact point of wheel 0.
 */
export const createRollingDiscPenaltyTest: TestModel = {
  name: 'createRollingDiscPenaltyTest',
  reference: 2.1129927199922243,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const g = [0, 0, -9.81], m = 0.5, r = 0.1, L = 0.8;
    const omega0 = [0, 4 * 2 * Math.PI, 0];
    const v0 = mat3MulVec(Skew(omega0), [0, 0, r]);
    const inertiaRing = new RigidBodyInertia({ mass: 1, inertiaTensor: [[0.25 * m * r * r, 0, 0], [0, 0.5 * m * r * r, 0], [0, 0, 0.25 * m * r * r]] });
    const wheels = [-0.5 * L, 0.5 * L].map((x) => mbs.createRigidBody({
      referencePosition: [x, 0, r], initialVelocity: v0, initialAngularVelocity: omega0, inertia: inertiaRing, gravity: g,
    }) as number);
    const oBody = mbs.createRigidBody({
      referencePosition: [0, 0, r * 1.2], initialVelocity: v0, inertia: InertiaCuboid(2800, [L, 0.5 * r, 0.5 * r]), gravity: g,
    }) as number;
    const oGround = mbs.createGround();
    for (const wheel of wheels) {
      mbs.createRevoluteJoint({ bodyNumbers: [wheel, oBody], position: [0, 0, 0], axis: [0, 1, 0], useGlobalFrame: false, axisRadius: 0.1 * r, axisLength: 0.6 * r });
    }
    const rolling = wheels.map((wheel) => mbs.createRollingDiscPenalty({
      bodyNumbers: [oGround, wheel], axisPosition: [0, 0, 0], axisVector: [0, 1, 0], discRadius: r,
      contactStiffness: 1e5, contactDamping: 1e3, dryFriction: [0.4, 0.4], discWidth: 0.1 * r,
    }));
    mbs.assemble();
    const settings = new SimulationSettings();
    const stepSize = 0.002, tEnd = 1;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.sensorsWritePeriod = 0.005;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.newton.useModifiedNewton = true;
    mbs.solveDynamic(settings);
    const p0 = mbs.getObjectOutput(rolling[0], OutputVariableType.Position);
    return Math.hypot(p0[0], p0[1], p0[2]);
  },
};
