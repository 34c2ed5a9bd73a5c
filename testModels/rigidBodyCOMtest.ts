import { SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, SensorNode, RigidBodyInertia } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's rigidBodyCOMtest: two chains of two rigid bodies (25 kg, inertia tensor [[10,1,2],[1,7,3],[2,3,6]]) under
 * gravity, each body hinged to the previous one (the first to the ground) by a generic joint at its left end (all
 * translations locked; the first joint also locks the x and y rotations). The first chain has its center of mass at
 * the reference point, the second at com = [0.4, 0.22, −0.35] (inertia translated, bodies shifted by −com so both chains
 * have the same geometry). Generalized-α as Newmark with index-2 constraints, ρ∞ = 0.6, modified Newton, 100 steps to
 * 1 s; the result is the sum of the norms of the last bodies' displacements at their centers of mass.
 */
export const rigidBodyCOMtest: TestModel = {
  name: 'rigidBodyCOMtest',
  reference: 3.409431467726291,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const nBodies = 2;
    const sx = 0.3;
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const m = 25;
    const inertia = [[10, 1, 2], [1, 7, 3], [2, 3, 6]];
    const lastBodies: number[] = [];
    for (let chain = 0; chain < 2; chain++) {
      const com = chain === 0 ? [0, 0, 0] : [0.4, 0.22, -0.35];
      const bodyInertia = new RigidBodyInertia({ mass: m, inertiaTensor: inertia }).translated(com);
      let previous = oGround;
      let node = -1;
      for (let i = 0; i < nBodies; i++) {
        const created = mbs.createRigidBody({
          inertia: bodyInertia, referencePosition: [i * 2 * sx + sx - com[0], -com[1], -com[2]], initialVelocity: [0, 0, 0],
          initialAngularVelocity: [0, 0, 0], gravity: [0, -9.81, 0], returnDict: true,
        });
        const rotationLocked = i === 0 ? 1 : 0;
        mbs.createGenericJoint({
          bodyNumbers: [created.bodyNumber, previous], position: [-sx + com[0], com[1], com[2]],
          constrainedAxes: [1, 1, 1, rotationLocked, rotationLocked, 0], useGlobalFrame: false,
        });
        previous = created.bodyNumber;
        node = created.nodeNumber;
      }
      mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Coordinates }));
      lastBodies.push(previous);
    }
    mbs.assemble();
    const settings = new SimulationSettings();
    const fact = 100;
    settings.timeIntegration.numberOfSteps = fact;
    settings.timeIntegration.endTime = 0.01 * fact;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / 1000;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6;
    mbs.solveDynamic(settings);
    return lastBodies.reduce((sum, body) => sum + Math.hypot(...mbs.getObjectOutputBody(body, OutputVariableType.Displacement, mbs.getObject(body).physicsCenterOfMass as number[])), 0);
  },
};
