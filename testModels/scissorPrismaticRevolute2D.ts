import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, MarkerBodyPosition, MarkerBodyRigid, NodeRigidBody2D,
  RigidBody2D, Force, ObjectConnectorCartesianSpringDamper, PrismaticJoint2D, RevoluteJoint2D, NodePointGround, MarkerNodeCoordinate,
  CoordinateConstraint, ObjectConnectorCoordinateSpringDamper, MainSolverImplicitSecondOrder,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's scissorPrismaticRevolute2D: a planar scissor lift of 3 × 2 rigid bars (RigidBody2D, L = 0.8, m = 1, g = 0.981)
 * joined by revolute joints (case 0) or stiff Cartesian spring-dampers (case 1, k = 1e4, d = 100), a diagonal bar on a
 * spring-damper to ground along which the upper crossing points slide in PrismaticJoint2D joints (rotation free), the
 * first horizontal bar's rotation fixed and the first vertical bar driven by a coordinate spring-damper with a user
 * force k (u + offset) + d v (k = 1e4, d = 1e4, offset π/4). Newmark with index-2 constraints (ρ∞ = 0.6), full Newton,
 * EigenSparse, initial accelerations computed, 500 steps to 10 s, solved by a MainSolverImplicitSecondOrder; the result is
 * 1e-2 times the sum over both cases of the last vertical bar's y position and the solver's Newton iteration count
 * (solver.it.newtonStepsCount).
 */
export const scissorPrismaticRevolute2D: TestModel = {
  name: 'scissorPrismaticRevolute2D',
  reference: 27.20255648904422,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.8;
    const mass = 1;
    const g = 9.81 * 0.1;
    const n = 3;
    const pi = 3.1415926535897932384626;
    const springForceUF = (_mbs: unknown, _t: number, _itemIndex: number, u: number, v: number, k: number, d: number, offset: number) => k * (u + offset) + v * d;
    const f = 500;
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = Math.trunc(1 * f);
    settings.timeIntegration.endTime = 0.02 * f;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / 5000;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.newton.useModifiedNewton = false;
    settings.timeIntegration.newton.modifiedNewtonJacUpdatePerStep = true;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = settings.timeIntegration.generalizedAlpha.useNewmark;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6;
    settings.timeIntegration.adaptiveStep = false;
    settings.linearSolverType = LinearSolverType.EigenSparse;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
    settings.displayStatistics = true;

    let resUy = 0;
    let resIt = 0;
    for (let testCase = 0; testCase < 2; testCase++) {
      mbs.reset();
      const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
      const mGround = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
      let lastMarkerV = mGround;
      let lastMarkerH = mGround;
      const useCartesianSD = testCase !== 0;
      let oBodyD = 0;
      let nMeasure = 0;
      for (let i = 0; i < n; i++) {
        const k = 1e4;
        const d = 1e-2 * k;
        const nBodyH = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [L * i, L * i, 0] }));
        const oBodyH = mbs.addObject(RigidBody2D({ physicsMass: mass, physicsInertia: mass, nodeNumber: nBodyH }));
        const mBodyH0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oBodyH, localPosition: [-L, 0, 0] }));
        const mBodyH1 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oBodyH, localPosition: [L, 0, 0] }));
        const mBodyHCOM = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oBodyH, localPosition: [0, 0, 0] }));
        const nBodyV = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [L * i, L * i, 0.5 * pi] }));
        const oBodyV = mbs.addObject(RigidBody2D({ physicsMass: mass, physicsInertia: mass, nodeNumber: nBodyV }));
        nMeasure = nBodyV;
        const mBodyV0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oBodyV, localPosition: [-L, 0, 0] }));
        const mBodyV1 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oBodyV, localPosition: [L, 0, 0] }));
        const mBodyVCOM = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oBodyV, localPosition: [0, 0, 0] }));
        if (i === 0) {
          const nBodyD = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [0, 0, 0.25 * pi] }));
          oBodyD = mbs.addObject(RigidBody2D({ physicsMass: mass, physicsInertia: mass, nodeNumber: nBodyD }));
          const mBodyDCOM = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oBodyD, localPosition: [0, 0, 0] }));
          mbs.addLoad(Force({ markerNumber: mBodyDCOM, loadVector: [0, -mass * g, 0] }));
          mbs.addObject(ObjectConnectorCartesianSpringDamper({ markerNumbers: [mBodyDCOM, mGround], stiffness: [k, k, k], damping: [d, d, d] }));
        }
        if (i > 0) {
          const mBodyDact = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oBodyD, localPosition: [i * L * 2 ** 0.5, 0, 0] }));
          mbs.addObject(PrismaticJoint2D({ markerNumbers: [mBodyVCOM, mBodyDact], axisMarker0: [1, 0, 0], normalMarker1: [0, 1, 0], constrainRotation: false }));
        }
        if (i === 0) {
          if (useCartesianSD) {
            mbs.addObject(ObjectConnectorCartesianSpringDamper({ markerNumbers: [mBodyHCOM, mGround], stiffness: [k, k, k], damping: [d, d, d] }));
            mbs.addObject(ObjectConnectorCartesianSpringDamper({ markerNumbers: [mBodyVCOM, mGround], stiffness: [k, k, k], damping: [d, d, d] }));
          } else {
            mbs.addObject(RevoluteJoint2D({ markerNumbers: [mBodyHCOM, mGround] }));
            mbs.addObject(RevoluteJoint2D({ markerNumbers: [mBodyVCOM, mGround] }));
          }
          const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [L, 0, 0] }));
          const mCoordGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
          const mCoordPhiH = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nBodyH, coordinate: 2 }));
          mbs.addObject(CoordinateConstraint({ markerNumbers: [mCoordGround, mCoordPhiH] }));
          const mCoordPhiV = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nBodyV, coordinate: 2 }));
          mbs.addObject(ObjectConnectorCoordinateSpringDamper({
            markerNumbers: [mCoordGround, mCoordPhiV], stiffness: 1e4, damping: 10e3, offset: 0.25 * pi, springForceUserFunction: springForceUF,
          }));
        } else if (useCartesianSD) {
          mbs.addObject(ObjectConnectorCartesianSpringDamper({ markerNumbers: [mBodyHCOM, mBodyVCOM], stiffness: [k, k, k], damping: [d, d, d] }));
          mbs.addObject(ObjectConnectorCartesianSpringDamper({ markerNumbers: [mBodyH0, lastMarkerV], stiffness: [k, k, k], damping: [d, d, d] }));
          mbs.addObject(ObjectConnectorCartesianSpringDamper({ markerNumbers: [mBodyV0, lastMarkerH], stiffness: [k, k, k], damping: [d, d, d] }));
        } else {
          mbs.addObject(RevoluteJoint2D({ markerNumbers: [mBodyHCOM, mBodyVCOM] }));
          mbs.addObject(RevoluteJoint2D({ markerNumbers: [mBodyH0, lastMarkerV] }));
          mbs.addObject(RevoluteJoint2D({ markerNumbers: [mBodyV0, lastMarkerH] }));
        }
        lastMarkerH = mBodyH1;
        lastMarkerV = mBodyV1;
        mbs.addLoad(Force({ markerNumber: mBodyHCOM, loadVector: [0, -mass * g, 0] }));
        mbs.addLoad(Force({ markerNumber: mBodyVCOM, loadVector: [0, -mass * g, 0] }));
      }
      mbs.assemble();
      const solver = new MainSolverImplicitSecondOrder();
      solver.solveSystem(mbs, settings);
      resUy += mbs.getNodeOutput(nMeasure, OutputVariableType.Position)[1];
      resIt += solver.it.newtonStepsCount;
    }
    return 1e-2 * (resUy + resIt);
  },
};
