import {
  SystemContainer, SimulationSettings, ObjectGround, NodePointGround, MarkerNodeCoordinate, MarkerBodyPosition, MarkerNodePosition, MarkerBodyRigid,
  NodeRigidBody2D, ObjectRigidBody2D, CoordinateSpringDamper, RevoluteJoint2D, PrismaticJoint2D, LoadCoordinate, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's sliderCrankFloatingTest as its test suite runs it (performTests): a planar slider-crank on RevoluteJoint2D
 * and PrismaticJoint2D joints, first on a fixed frame, then (added to the same system) on a frame floating on
 * coordinate springs; crank torque by a load user function; index-2 trapezoidal rule, 5000 steps each. The result
 * sums the slider x positions of both solves. Matches Exudyn to 1.1e-15 relative.
 */
export const sliderCrankFloatingTest: TestModel = {
  name: 'sliderCrankFloatingTest',
  reference: 0.591649163378833,
  comparison: 'relative',
  tolerance: 1e-10,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    let solution = 0;
    for (const testCase of [0, 1]) {
      const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
      const mGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
      let floatingRB: number;
      let mFloatingN: number;
      if (testCase === 0) {
        floatingRB = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
        mFloatingN = mbs.addMarker(MarkerBodyPosition({ bodyNumber: floatingRB, localPosition: [0, 0, 0] }));
      } else {
        const nFloating = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [0, 0, 0], initialVelocities: [0, 0, 0] }));
        mFloatingN = mbs.addMarker(MarkerNodePosition({ nodeNumber: nFloating }));
        const k = 5000;
        const d = k * 0.01;
        for (const coordinate of [0, 1, 2]) {
          const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nFloating, coordinate }));
          mbs.addObject(CoordinateSpringDamper({ markerNumbers: [mGround, marker], stiffness: k, damping: d }));
        }
        floatingRB = mbs.addObject(ObjectRigidBody2D({ physicsMass: 2, physicsInertia: 1, nodeNumber: nFloating }));
      }
      const L1 = 0.1;
      const L2 = 0.3;
      const s1 = L1 * 0.5;
      const s2 = L2 * 0.5;
      const m1 = 0.2;
      const m2 = 0.2;
      const m3 = 0.4;
      const M = 0.1;
      const J1 = (m1 / 12) * L1 ** 2;
      const J2 = (m2 / 12) * L2 ** 2;
      const nRigid1 = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [s1, 0, 0], initialVelocities: [0, 0, 0] }));
      const oRigid1 = mbs.addObject(ObjectRigidBody2D({ physicsMass: m1, physicsInertia: J1, nodeNumber: nRigid1 }));
      const nRigid2 = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [L1 + s2, 0, 0], initialVelocities: [0, 0, 0] }));
      const oRigid2 = mbs.addObject(ObjectRigidBody2D({ physicsMass: m2, physicsInertia: J2, nodeNumber: nRigid2 }));
      const nMass = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [L1 + L2, 0, 0] }));
      const oMass = mbs.addObject(ObjectRigidBody2D({ physicsMass: m3, physicsInertia: 0.001 * m3, nodeNumber: nMass }));
      const mR1Left = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oRigid1, localPosition: [-s1, 0, 0] }));
      const mR1Right = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid1, localPosition: [s1, 0, 0] }));
      const mR2Left = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid2, localPosition: [-s2, 0, 0] }));
      const mR2Right = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid2, localPosition: [s2, 0, 0] }));
      const mMass = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oMass, localPosition: [0, 0, 0] }));
      mbs.addObject(RevoluteJoint2D({ markerNumbers: [mFloatingN, mR1Left] }));
      mbs.addObject(RevoluteJoint2D({ markerNumbers: [mR1Right, mR2Left] }));
      mbs.addObject(RevoluteJoint2D({ markerNumbers: [mR2Right, mMass] }));
      const mRigidGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: floatingRB, localPosition: [L1 + L2, 0, 0] }));
      const mRigidSlider = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oMass, localPosition: [0, 0, 0] }));
      mbs.addObject(PrismaticJoint2D({ markerNumbers: [mRigidGround, mRigidSlider], constrainRotation: true }));
      const mCrankAngle = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid1, coordinate: 2 }));
      mbs.addLoad(LoadCoordinate({ markerNumber: mCrankAngle, load: M, loadUserFunction: (_mbs, t, load) => (t <= 2 ? load : 0) }));
      mbs.assemble();

      const settings = new SimulationSettings();
      settings.timeIntegration.numberOfSteps = 5000;
      settings.timeIntegration.endTime = 0.3;
      settings.timeIntegration.verboseMode = 1;
      settings.solutionSettings.solutionWritePeriod = 2e-4;
      settings.timeIntegration.newton.useModifiedNewton = true;
      settings.timeIntegration.newton.relativeTolerance = 1e-8;
      settings.timeIntegration.newton.absoluteTolerance = 1e-8;
      settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
      settings.timeIntegration.generalizedAlpha.useNewmark = true;
      settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
      mbs.solveDynamic(settings);
      solution += Math.abs(mbs.getNodeOutput(nMass, OutputVariableType.Position)[0]);
    }
    return solution;
  },
};
