import {
  SystemContainer, SimulationSettings, ObjectGround, MarkerBodyRigid, ObjectJointRevoluteZ, ObjectJointPrismaticX, CartesianSpringDamper,
  LoadForceVector, OutputVariableType, InertiaCuboid, RotationMatrixX, RotationMatrixY, RotationMatrixZ,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's revoluteJointPrismaticJointTest: a chain of five Euler-parameter bars on JointRevoluteZ joints whose axes
 * are turned by rotationMarker0/1, the third bar on a JointPrismaticX with a Cartesian spring-damper; gravity and a
 * tip force, generalized-α (ρ∞ = 0.8) with modified Newton, index 3. Matches Exudyn to 5.5e-13 relative.
 */
export const revoluteJointPrismaticJointTest: TestModel = {
  name: 'revoluteJointPrismaticJointTest',
  reference: 1.2538806799249342,
  comparison: 'relative',
  tolerance: 1e-10,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.4;
    const d = 0.1;
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    let mPosLast = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const A0 = RotationMatrixX(0);
    const Alist = [A0, RotationMatrixY(0.5 * Math.PI), RotationMatrixZ(0.5 * Math.PI), RotationMatrixX(-0.5 * Math.PI), RotationMatrixZ(0.5 * Math.PI)];
    const p0 = [0, 0, 0];
    const vLoc = [L, 0, 0];
    const g = [0, -9.81, 0];
    let nRB = -1;
    for (let i = 0; i < 5; i++) {
      const inertia = InertiaCuboid({ density: 1000, sideLengths: [L, d, d] });
      for (let k = 0; k < 3; k++) p0[k] += 0.5 * vLoc[k];
      const body = mbs.createRigidBody({ inertia, referencePosition: [...p0], referenceRotationMatrix: A0, gravity: g, returnDict: true });
      nRB = body.nodeNumber;
      const mPos0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body.bodyNumber, localPosition: [-0.5 * L, 0, 0] }));
      const mPos1 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body.bodyNumber, localPosition: [0.5 * L, 0, 0] }));
      if (i !== 2) {
        mbs.addObject(ObjectJointRevoluteZ({ markerNumbers: [mPosLast, mPos0], rotationMarker0: Alist[i], rotationMarker1: Alist[i] }));
      } else {
        mbs.addObject(ObjectJointPrismaticX({ markerNumbers: [mPosLast, mPos0], rotationMarker0: Alist[i], rotationMarker1: Alist[i] }));
        const k = 500;
        const damp = k * 0.02;
        mbs.addObject(CartesianSpringDamper({ markerNumbers: [mPosLast, mPos0], stiffness: [k, k, k], damping: [damp, damp, damp] }));
      }
      mPosLast = mPos1;
      for (let k = 0; k < 3; k++) p0[k] += 0.5 * vLoc[k];
    }
    mbs.addLoad(LoadForceVector({ markerNumber: mPosLast, loadVector: [0, 0, 20] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 0.25;
    const h = 0.001;
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.solutionWritePeriod = 0.001;
    settings.solutionSettings.sensorsWritePeriod = 0.01;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveDynamic(settings);
    const u0 = mbs.getNodeOutput(nRB, OutputVariableType.Displacement);
    const rot0 = mbs.getNodeOutput(nRB, OutputVariableType.Rotation);
    let result = 0;
    for (let i = 0; i < 3; i++) result += Math.abs(u0[i]) + Math.abs(rot0[i]);
    return result;
  },
};
