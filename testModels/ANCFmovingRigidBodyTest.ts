import {
  SystemContainer, SimulationSettings, NodeGenericData, NodeGenericODE2, NodePointGround, ObjectGround, Cable2D, ALECable2D, MarkerNodeCoordinate,
  CoordinateConstraint, Force, MarkerBodyPosition, MarkerBodyCable2DShape, MarkerBodyCable2DCoordinates, ObjectContactCircleCable2D,
  ObjectJointALEMoving2D, Rigid2D, RigidBody2D, MarkerBodyRigid, ConfigurationType, generateStraightLineANCFCable2D,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's ANCFmovingRigidBodyTest: a suspension rope (10 ANCFCable2D elements, L = 10 m, EA = 3.98e7, EI = 7.89e3,
 * 20.87 kg/m, ends clamped) and 1 m below it a haulage rope (10 ObjectALEANCFCable2D elements, EA = 9.67e6, EI = 596,
 * 6.96 kg/m, no ALE variation, ends clamped) whose axial coordinate starts with 10 m/s; a slack carrier wheel (r = 0.75)
 * fixed to the suspension rope's midpoint supports the haulage rope by ObjectContactCircleCable2D (4 segments, k = 1e7).
 * A 60 kg body hangs from the haulage rope through ObjectJointALEMoving2D, inactive in the static solution (2 load steps;
 * the body and the axial coordinate fixed by coordinate constraints), then active for 200 generalized-α steps
 * (ρ∞ = 0.3, index 3, no initial accelerations) to t = 0.1 s with those constraints released. Result: the y displacement
 * of node 2 of the suspension rope (Exudyn's sol[int(ncables/4)·4 + 1], 11 nodes) after the static plus after the
 * dynamic solution.
 */
export const ANCFmovingRigidBodyTest: TestModel = {
  name: 'ANCFmovingRigidBodyTest',
  reference: -0.12893096934983617,
  comparison: 'relative',
  // measured here: static part −0.064464746906494 (Exudyn −0.064464746906129, 5.7e-11), dynamic part −0.064466222448032
  // (Exudyn −0.064466222443707, 6.7e-11), sum 3.6e-11 relative; only with the static solver keeping the initial
  // velocities (the haulage rope's 10 m/s enters its v² terms), as Exudyn's does — with zero velocities it is 4.6e-3 off
  tolerance: 1e-10,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const L = 10;
    const g = 9.81;
    const nEl = 10;
    const vALE = 10;
    const offset = -1;
    const nGlobalGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGlobalGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGlobalGround, coordinate: 0 }));

    const [suspensionNodes] = generateStraightLineANCFCable2D(mbs, {
      positionOfNode0: [0, 0, 0], positionOfNode1: [L, 0, 0], numberOfElements: nEl,
      cableTemplate: Cable2D({ physicsMassPerLength: 20.87, physicsBendingStiffness: 78878 * 0.1, physicsAxialStiffness: 398240000 * 0.1 }),
      massProportionalLoad: [0, -g, 0], fixedConstraintsNode0: [1, 1, 0, 1], fixedConstraintsNode1: [1, 1, 0, 1],
    });
    const nALE = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0], initialCoordinates_t: [vALE] }));
    const mALE = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nALE, coordinate: 0 }));
    const [, haulageCables] = generateStraightLineANCFCable2D(mbs, {
      positionOfNode0: [0, offset, 0], positionOfNode1: [L, offset, 0], numberOfElements: nEl,
      cableTemplate: ALECable2D({ physicsMassPerLength: 6.96, physicsBendingStiffness: 5956 * 0.1, physicsAxialStiffness: 96725000 * 0.1, physicsAddALEvariation: false, nodeNumbers: [-1, -1, nALE] }),
      massProportionalLoad: [0, -g, 0], fixedConstraintsNode0: [1, 1, 0, 1], fixedConstraintsNode1: [1, 1, 0, 1],
    });
    const cAleConstraint = mbs.addObject(CoordinateConstraint({ markerNumbers: [mGlobalGround, mALE] }));

    // slack carrier wheel on the suspension rope's midpoint, in contact with the haulage rope
    const wheelRadius = 0.75;
    const mAttachX = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: suspensionNodes[nEl / 2], coordinate: 0 }));
    const mAttachY = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: suspensionNodes[nEl / 2], coordinate: 1 }));
    const nWheel = mbs.addNode(Rigid2D({ referenceCoordinates: [5, offset - wheelRadius, 0] }));
    const oWheel = mbs.addObject(RigidBody2D({ physicsMass: 1, physicsInertia: 1, nodeNumber: nWheel }));
    const mWheelX = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nWheel, coordinate: 0 }));
    const mWheelY = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nWheel, coordinate: 1 }));
    const mWheelRot = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nWheel, coordinate: 2 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mAttachX, mWheelX] }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mAttachY, mWheelY] }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mGlobalGround, mWheelRot] }));
    const nSegments = 4;
    const mContactWheel = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oWheel }));
    for (const cable of haulageCables) {
      const mContactCable = mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: cable, numberOfSegments: nSegments }));
      const data = mbs.addNode(NodeGenericData({ initialCoordinates: new Array(nSegments).fill(0.1), numberOfDataCoordinates: nSegments }));
      mbs.addObject(ObjectContactCircleCable2D({
        markerNumbers: [mContactWheel, mContactCable], nodeNumber: data, numberOfContactSegments: nSegments, contactStiffness: 1e7, circleRadius: wheelRadius, offset: 0,
      }));
    }

    // the body moving with the haulage rope
    const a = 0.8;
    const yCOM = a;
    const massRigid = 60;
    const nRigid = mbs.addNode(Rigid2D({ referenceCoordinates: [0, offset - yCOM, 0], initialVelocities: [vALE, 0, 0] }));
    const oRigid = mbs.addObject(RigidBody2D({ physicsMass: massRigid, physicsInertia: massRigid / 12 * (2 * a) ** 2, nodeNumber: nRigid }));
    const markerRigidTopAle = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [0, yCOM, 0] }));
    const mCOM = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [0, 0, 0] }));
    mbs.addLoad(Force({ markerNumber: mCOM, loadVector: [0, -massRigid * g, 0] }));
    const aleCableMarkers = haulageCables.map((cable) => mbs.addMarker(MarkerBodyCable2DCoordinates({ bodyNumber: cable })));
    const aleOffsets = haulageCables.map((_, i) => i * L / nEl);
    const nodeData = mbs.addNode(NodeGenericData({ initialCoordinates: [0], numberOfDataCoordinates: 1 }));
    const aleSlidingJoint = mbs.addObject(ObjectJointALEMoving2D({
      name: 'aleSlider', markerNumbers: [markerRigidTopAle, aleCableMarkers[0]], slidingMarkerNumbers: aleCableMarkers, slidingMarkerOffsets: aleOffsets,
      nodeNumbers: [nodeData, nALE], activeConnector: false,
    }));
    const rigidConstraints = [0, 1, 2].map((coordinate) => mbs.addObject(CoordinateConstraint({
      markerNumbers: [mGlobalGround, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid, coordinate }))],
    })));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.staticSolver.numberOfLoadSteps = 2;
    settings.staticSolver.verboseMode = 0;
    settings.timeIntegration.verboseMode = 0;
    const vInit = mbs.systemData.getODE2Coordinates_t(ConfigurationType.Initial);
    mbs.solveStatic(settings);
    const u = mbs.systemData.getODE2Coordinates();
    const data = mbs.systemData.getDataCoordinates();
    mbs.systemData.setODE2Coordinates(u, ConfigurationType.Initial);
    mbs.systemData.setODE2Coordinates_t(vInit, ConfigurationType.Initial);
    mbs.systemData.setDataCoordinates(data, ConfigurationType.Initial);
    const nodeCount = suspensionNodes.length;
    const uStatic = u[Math.trunc(nodeCount / 4) * 4 + 1];

    mbs.setObjectParameter(aleSlidingJoint, 'activeConnector', true);
    for (const constraint of rigidConstraints) mbs.setObjectParameter(constraint, 'activeConnector', false);
    mbs.setObjectParameter(cAleConstraint, 'activeConnector', false);

    settings.timeIntegration.numberOfSteps = 200;
    settings.timeIntegration.endTime = 0.1;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.3;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
    mbs.solveDynamic(settings);
    const uDynamic = mbs.systemData.getODE2Coordinates()[Math.trunc(nodeCount / 4) * 4 + 1];
    return uStatic + uDynamic;
  },
};
