import {
  SystemContainer, SimulationSettings, ObjectGround, MarkerBodyRigid, NodeRigidBodyEP, ObjectRigidBody, MarkerBodyMass, Gravity, GenericJoint,
  SphericalJoint, OutputVariableType, AngularVelocity2EulerParameters_t, eulerParameters0,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's genericJointUserFunctionTest: a chain of five Euler-parameter bodies; the first two generic joints follow a
 * time-dependent rotation offset (offsetUserFunction, Tait–Bryan angles about x and z, the first one with a free
 * translation axis), then a spherical joint and two generic revolute joints; generalized-α (ρ∞ = 0.6), modified Newton,
 * index 3. Matches Exudyn to 2e-14 relative.
 */
export const genericJointUserFunctionTest: TestModel = {
  name: 'genericJointUserFunctionTest',
  reference: 1.1922383967562884,
  comparison: 'relative',
  tolerance: 1e-10,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const nBodies = 5;
    const s = 0.1;
    const sx = 3 * s;
    const cPosZ = 0;
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    let mPosLast = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [-sx, 0, 0] }));
    let oRB = -1;
    const offset = (_mbs: unknown, t: number) => {
      const phiZ = -2 * Math.PI * 0.5 * (1 - Math.cos(t * 2 * Math.PI / 4)) / nBodies;
      const phiX = -0.5 * Math.PI * 0.5 * (1 - Math.cos(t * 2 * Math.PI / 4)) / nBodies;
      return [0, 0, 0, phiX, 0, phiZ];
    };
    for (let i = 0; i < nBodies; i++) {
      const f = 0;
      const omega0 = [0, 50 * f, 20 * f];
      const ep0 = [...eulerParameters0];
      const epT0 = AngularVelocity2EulerParameters_t(omega0, ep0);
      const p0 = [-sx * 0 + i * 2 * sx, 0, 0];
      const v0 = [0.2 * f, 0, 0];
      const nRB = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [...p0, ...ep0], initialVelocities: [...v0, ...epT0] }));
      oRB = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [6, 1, 6, 0, 0, 0], nodeNumber: nRB, physicsCenterOfMass: [0, 0, 0] }));
      const mMassRB = mbs.addMarker(MarkerBodyMass({ bodyNumber: oRB }));
      mbs.addLoad(Gravity({ markerNumber: mMassRB, loadVector: [0, -9.81, 0] }));
      const mPos = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oRB, localPosition: [-sx, 0, i === 0 ? 0 : cPosZ] }));
      const val = i === 0 ? 0 : 1;
      if (i < 2) {
        mbs.addObject(GenericJoint({
          markerNumbers: [mPos, mPosLast], constrainedAxes: [val, 1, 1, 1, 1, 1],
          offsetUserFunctionParameters: [0, 0, 0, 0, 0, 0], offsetUserFunction: offset,
        }));
      } else if (i === 3) {
        mbs.addObject(GenericJoint({ markerNumbers: [mPosLast, mPos], constrainedAxes: [1, 1, 1, 1, 0, 1] }));
      } else if (i === 4) {
        mbs.addObject(GenericJoint({ markerNumbers: [mPosLast, mPos], constrainedAxes: [1, 1, 1, 1, 1, 0] }));
      } else {
        mbs.addObject(SphericalJoint({ markerNumbers: [mPosLast, mPos], constrainedAxes: [1, 1, 1] }));
      }
      mPosLast = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oRB, localPosition: [sx, 0, cPosZ] }));
    }
    mbs.assemble();

    const settings = new SimulationSettings();
    const fact = 500;
    settings.timeIntegration.numberOfSteps = fact;
    settings.timeIntegration.endTime = 0.005 * fact;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / fact * 10;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = false;
    settings.timeIntegration.generalizedAlpha.useNewmark = false;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6;
    mbs.solveDynamic(settings);
    const pos = mbs.getObjectOutputBody(oRB, OutputVariableType.Position, [0, 0, 0]);
    return Math.abs(pos[0]) + Math.abs(pos[1]) + Math.abs(pos[2]);
  },
};
