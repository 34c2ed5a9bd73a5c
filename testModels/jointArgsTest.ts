import {
  SystemContainer, SimulationSettings, OutputVariableType, MarkerBodyRigid, RevoluteJointZ, InertiaCuboid, RotationVector2RotationMatrix, getJointArgs,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's jointArgsTest: four 1 × 0.1 × 0.1 m steel-like bricks (density 5000) with the same reference rotation
 * (rotation vector [0.2, 0.3, 0.4]) under gravity, each on a revolute joint: two joints made by createRevoluteJoint
 * (global z axis at [0.25, −0.1, 0.1]; axis y in body 0's frame at [0.1, −0.05, 0.05] local to it) and two equal ones
 * made with getJointArgs from an existing rigid marker (and, for the second, the first joint's rotationMarker0), so
 * each pair of bodies must move identically. Generalized-α, modified Newton, 250 steps to 0.5 s; the result is 0.1 ×
 * the sum of the total coordinates of body 1's node, counted twice (Exudyn's script reads node n1 twice).
 */
export const jointArgsTest: TestModel = {
  name: 'jointArgsTest',
  reference: 0.004269049550098547,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const g = [0, -9.81, 0];
    const L = 1;
    const w = 0.1;
    const pMid0 = [L * 0.5, 0, 0];
    const pMid1 = [L * 0.5, -L, 0];
    const oGround = mbs.createGround({ referencePosition: [0, 0, 0] });
    const iCube0 = InertiaCuboid({ density: 5000, sideLengths: [L, w, w] });
    const referenceRotationMatrix = RotationVector2RotationMatrix([0.2, 0.3, 0.4]);

    const b0 = mbs.createRigidBody({ inertia: iCube0, referencePosition: pMid0, referenceRotationMatrix, gravity: g });
    mbs.createRevoluteJoint({ bodyNumbers: [oGround, b0], position: [0.25, -0.1, 0.1], axis: [0, 0, 1] });
    const b1 = mbs.createRigidBody({ inertia: iCube0, referencePosition: pMid0, referenceRotationMatrix, gravity: g });
    const n1 = mbs.getObject(b1).nodeNumber as number;
    const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0.25, -0.1, 0.1] }));
    mbs.addObject(RevoluteJointZ({ ...getJointArgs(mbs, { markerNumber0: mGround, bodyNumber1: b1 }) }));

    const b0B = mbs.createRigidBody({ inertia: iCube0, referencePosition: pMid1, referenceRotationMatrix, gravity: g });
    const r0B = mbs.createRevoluteJoint({ bodyNumbers: [b0B, oGround], position: [0.1, -0.05, 0.05], axis: [0, 1, 0], useGlobalFrame: false, axisRadius: 0.06, axisLength: 0.4 });
    const b1B = mbs.createRigidBody({ inertia: iCube0, referencePosition: pMid1, referenceRotationMatrix, gravity: g });
    const mb1B = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b1B, localPosition: [0.1, -0.05, 0.05] }));
    mbs.addObject(RevoluteJointZ({ ...getJointArgs(mbs, { markerNumber0: mb1B, rotationMarker0: mbs.getObject(r0B).rotationMarker0 as number[][], bodyNumber1: oGround }) }));
    mbs.assemble();

    const tEnd = 0.5;
    const h = 2e-3;
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.solutionWritePeriod = 0.01;
    settings.timeIntegration.newton.useModifiedNewton = true;
    mbs.solveDynamic(settings);
    // Exudyn's script sets n1B = GetObject(b1)['nodeNumber'] (body 1's node, not body 1B's): the same node twice
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    return 0.1 * sum(mbs.getNodeOutput(n1, OutputVariableType.CoordinatesTotal)) + 0.1 * sum(mbs.getNodeOutput(n1, OutputVariableType.CoordinatesTotal));
  },
};
