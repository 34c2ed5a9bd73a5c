import {
  SystemContainer, SimulationSettings, NodeGenericData, NodeGenericODE2, NodePointGround, ObjectGround, Cable2D, ALECable2D, MarkerNodeCoordinate,
  CoordinateConstraint, Force, MarkerBodyPosition, MarkerBodyCable2DShape, ObjectContactFrictionCircleCable2D, Rigid2D, RigidBody2D,
  MarkerBodyRigid, CoordinateSpringDamper, LoadCoordinate, ConfigurationType, generateStraightLineANCFCable2D, generateSlidingJoint,
  generateAleSlidingJoint,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's ANCFslidingAndALEjointTest (Zwölfer, Gerstmayr): two 5 t bodies (rotation fixed, damped) hang from a carrier
 * rope (6 ANCFCable2D elements, L = 100 m, EA = 2e8, EI = 5e4, 10 kg/m) through ObjectJointSliding2D (local formulation,
 * generateSlidingJoint) and from a haulage rope 0.35 m below (6 ObjectALEANCFCable2D elements, EA = 5e7, EI = 4e3, 3 kg/m,
 * without coupling terms and ALE variation) through ObjectJointALEMoving2D (generateAleSlidingJoint) at arc positions 0
 * and 32 m; a 200 kg carrier wheel (r = 0.21) fixed to the carrier rope's midpoint supports the haulage rope by
 * ObjectContactFrictionCircleCable2D (4 segments, k = 1e7). Static solution (10 load steps, relative tolerance 1e-7,
 * stabilizerODE2term = 2, axial coordinate fixed), then from it 400 Newmark steps (index 2, ρ∞ = 0.3) to t = 0.8 s with
 * the axial coordinate driven by the force 2.5e5·t and the bodies' rotation constraints switched off. Result: the sum of
 * the y displacement of node 3 of the haulage rope (Exudyn's sol[ltg[1]] of cable element 3) after both solves.
 */
export const ANCFslidingAndALEjointTest: TestModel = {
  name: 'ANCFslidingAndALEjointTest',
  reference: -4.426408394755261,
  comparison: 'relative',
  // measured here: static part −2.1973218865081 (Exudyn −2.1973218891273, 1.2e-9 relative), dynamic part −2.2290864340535
  // (Exudyn −2.2290865056280, 3.2e-8), sum 1.7e-8 relative. Tightening the Newton tolerances moves our parts by 3.8e-10
  // (static, 1e-7 → 1e-10) and 1.9e-9 (dynamic, 1e-8 → 1e-11); Exudyn's own reference moved by 2.0e-9 with its 2023 load
  // Jacobian. The rest of the dynamic gap is not explained (the sliding joint's sliding-coordinate increment enters its
  // reaction Cᵀλ, as in Exudyn, so the result depends on the discontinuous iterations' sequence): tolerance 3e-8.
  tolerance: 3e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const L = 100;
    const g = 9.81;
    const nEl = 6;
    const offset = 0.35;
    const offsetCarrier = -0.515;
    const nGlobalGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGlobalGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGlobalGround, coordinate: 0 }));

    // carrier rope
    const [cable2NodeList, cable2ObjectList] = generateStraightLineANCFCable2D(mbs, {
      positionOfNode0: [0, 0, 0], positionOfNode1: [L, 0, 0], numberOfElements: nEl,
      cableTemplate: Cable2D({ physicsMassPerLength: 10, physicsBendingStiffness: 50000, physicsAxialStiffness: 2e8 }),
      massProportionalLoad: [0, -g, 0], fixedConstraintsNode0: [1, 1, 0, 0], fixedConstraintsNode1: [1, 1, 0, 0],
    });
    // haulage rope (ALE), its axial coordinate fixed in the static solution
    const nALE = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0], initialCoordinates_t: [0] }));
    const mALE = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nALE, coordinate: 0 }));
    const [, cable1ObjectList] = generateStraightLineANCFCable2D(mbs, {
      positionOfNode0: [0, -offset, 0], positionOfNode1: [L, -offset, 0], numberOfElements: nEl,
      cableTemplate: ALECable2D({ physicsMassPerLength: 3, physicsBendingStiffness: 4000, physicsAxialStiffness: 5e7, physicsUseCouplingTerms: false, physicsAddALEvariation: false, nodeNumbers: [-1, -1, nALE] }),
      massProportionalLoad: [0, -g, 0], fixedConstraintsNode0: [1, 1, 0, 0], fixedConstraintsNode1: [1, 1, 0, 0],
    });
    const cAleConstraint = mbs.addObject(CoordinateConstraint({ markerNumbers: [mGlobalGround, mALE] }));

    // carrier wheel fixed to the carrier rope's midpoint, in frictional contact with the haulage rope
    const carrierWheelRadius = 0.42 / 2;
    const mAttachX = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: cable2NodeList[nEl / 2], coordinate: 0 }));
    const mAttachY = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: cable2NodeList[nEl / 2], coordinate: 1 }));
    const nCarrier = mbs.addNode(Rigid2D({ referenceCoordinates: [L / 2, offsetCarrier - carrierWheelRadius, 0] }));
    const oCarrier = mbs.addObject(RigidBody2D({ physicsMass: 200, physicsInertia: 1, nodeNumber: nCarrier }));
    const mCarrierX = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nCarrier, coordinate: 0 }));
    const mCarrierY = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nCarrier, coordinate: 1 }));
    const mCarrierRot = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nCarrier, coordinate: 2 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mAttachX, mCarrierX] }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mAttachY, mCarrierY] }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mGlobalGround, mCarrierRot] }));
    const nSegments = 4;
    const mContactCarrier = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oCarrier }));
    for (const cable of cable1ObjectList) {
      const mContactCable = mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: cable, numberOfSegments: nSegments }));
      const data = mbs.addNode(NodeGenericData({ initialCoordinates: new Array(3 * nSegments).fill(0.1), numberOfDataCoordinates: 3 * nSegments }));
      mbs.addObject(ObjectContactFrictionCircleCable2D({
        markerNumbers: [mContactCarrier, mContactCable], nodeNumber: data, numberOfContactSegments: nSegments, contactStiffness: 1e7, circleRadius: carrierWheelRadius,
      }));
    }

    // two bodies, each on the carrier rope (sliding joint) and on the haulage rope (ALE joint)
    const cRigidBodyRotList: number[] = [];
    const massRigid = 5000;
    const a = 0.8 * 2;
    let positionOfBody = 0;
    for (let i = 0; i < 2; i++) {
      const yCOM = a;
      const nRigid = mbs.addNode(Rigid2D({ referenceCoordinates: [positionOfBody, -yCOM, 0] }));
      const oRigid = mbs.addObject(RigidBody2D({ physicsMass: massRigid, physicsInertia: massRigid / 12 * (2 * a) ** 2, nodeNumber: nRigid }));
      const markerRigidTop = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [0, yCOM, 0] }));
      const markerRigidTopAle = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [0, yCOM - offset, 0] }));
      const mCOM = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [0, 0, 0] }));
      mbs.addLoad(Force({ markerNumber: mCOM, loadVector: [0, -massRigid * g, 0] }));
      // the element of the body's position: Exudyn's loop over the element lengths
      let cumulativeLength = 0;
      let count = 0;
      while (positionOfBody >= cumulativeLength) {
        cumulativeLength += mbs.getObjectParameter(cable2ObjectList[count], 'physicsLength') as number;
        count++;
      }
      count--;
      generateAleSlidingJoint(mbs, { cableObjectList: cable1ObjectList, markerBodyPositionOfSlidingBody: markerRigidTopAle, AleNode: nALE, localMarkerIndexOfStartCable: count, AleSlidingOffset: positionOfBody });
      const [oSlidingJoint] = generateSlidingJoint(mbs, { cableObjectList: cable2ObjectList, markerBodyPositionOfSlidingBody: markerRigidTop, localMarkerIndexOfStartCable: count, slidingCoordinateStartPosition: positionOfBody });
      mbs.setObjectParameter(oSlidingJoint, 'classicalFormulation', false);
      const mRigidBodyRot = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid, coordinate: 2 }));
      cRigidBodyRotList.push(mbs.addObject(CoordinateConstraint({ markerNumbers: [mGlobalGround, mRigidBodyRot] })));
      mbs.addObject(CoordinateSpringDamper({ markerNumbers: [mGlobalGround, mRigidBodyRot], damping: 1e6 }));
      positionOfBody += 32;
    }
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.staticSolver.numberOfLoadSteps = 10;
    settings.staticSolver.newton.relativeTolerance = 1e-7;
    settings.staticSolver.stabilizerODE2term = 2;
    // body 0 starts at the supports of both ropes: its sliding joint's normal equation and its ALE joint's y equation both
    // fix its y coordinate to a fixed node (redundant constraints; Exudyn's dense LU passes them on a round-off pivot),
    // so the rank-revealing solver is needed; the displacements are unique, only the split of the redundant forces is not.
    // Its default rank threshold n·ε (relative to the largest pivot, here the rope stiffness ~1e7) would also drop the
    // genuine constraint pivots (~1/stiffness); 1e-20 drops only the exactly dependent rows (round-off ~1e-30 relative).
    settings.linearSolverSettings.ignoreSingularJacobian = true;
    settings.linearSolverSettings.pivotThreshold = 1e-20;
    settings.staticSolver.verboseMode = 0;
    settings.timeIntegration.verboseMode = 0;
    const vInit = mbs.systemData.getODE2Coordinates_t(ConfigurationType.Initial);
    mbs.solveStatic(settings);

    const nc = mbs.systemData.getObjectLTGODE2(cable1ObjectList[nEl / 2])[1];
    const uStatic = mbs.systemData.getODE2Coordinates()[nc];
    const u = mbs.systemData.getODE2Coordinates();
    const data = mbs.systemData.getDataCoordinates();

    // drive the axial coordinate, restart from the static solution, release the constraints
    mbs.addLoad(LoadCoordinate({ markerNumber: mALE, loadUserFunction: (_mbs, t) => t * 50000 * 5 }));
    mbs.assemble();
    mbs.systemData.setODE2Coordinates(u, ConfigurationType.Initial);
    mbs.systemData.setODE2Coordinates_t(vInit, ConfigurationType.Initial);
    mbs.systemData.setDataCoordinates(data, ConfigurationType.Initial);
    for (const item of cRigidBodyRotList) mbs.setObjectParameter(item, 'activeConnector', false);
    mbs.setObjectParameter(cAleConstraint, 'activeConnector', false);

    settings.timeIntegration.numberOfSteps = 400;
    settings.timeIntegration.endTime = 0.8;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.3;
    mbs.solveDynamic(settings);
    const uDynamic = mbs.systemData.getODE2Coordinates()[nc];
    return uStatic + uDynamic;
  },
};
