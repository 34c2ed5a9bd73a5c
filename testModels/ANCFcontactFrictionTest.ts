import {
  SystemContainer, SimulationSettings, NodeGenericData, NodePointGround, ObjectGround, Point2DS1, Cable2D, MarkerNodeCoordinate,
  CoordinateConstraint, MarkerNodePosition, Force, MarkerBodyPosition, MarkerBodyCable2DShape, ObjectContactFrictionCircleCable2D, Rigid2D,
  RigidBody2D, MarkerBodyRigid, Torque, CoordinateSpringDamper,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's ANCFcontactFrictionTest: a steel cable (L = 2 m, 10 mm × 10 mm, 8 ANCFCable2D elements with axial damping)
 * clamped at x = 0 falls under 40 times its weight onto a roll (RigidBody2D, r = 0.3 at (1.5, −0.5), held by coordinate
 * spring-dampers and driven by the torque −0.1); each element has one ObjectContactFrictionCircleCable2D with 8 segments
 * (k_c = 1e3, d_c = 40, μ_v = 10, μ = 2, point-wise normals), data coordinates [0.1]·8 + [0]·16. Newmark (ρ∞ = 0.6),
 * 300 steps to t = 0.15, full Newton with tolerances 1e-8 relative / 1e-8 absolute. The result is Exudyn's sol[n−3], the
 * x displacement of the roll's node (the last node with coordinates).
 */
export const ANCFcontactFrictionTest: TestModel = {
  name: 'ANCFcontactFrictionTest',
  reference: -0.014187561328096003,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const L = 2, E = 2.07e11, rho = 7800, b = 0.001 * 10, h = 0.001 * 10;
    const A = b * h;
    const I = b * h ** 3 / 12;
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));

    const nElements = 8;
    const lElem = L / nElements;
    const nc0 = mbs.addNode(Point2DS1({ referenceCoordinates: [0, 0, 1, 0] }));
    const nodeList = [nc0];
    const cableList: number[] = [];
    for (let i = 0; i < nElements; i++) {
      nodeList.push(mbs.addNode(Point2DS1({ referenceCoordinates: [lElem * (i + 1), 0, 1, 0] })));
      cableList.push(mbs.addObject(Cable2D({
        physicsLength: lElem, physicsMassPerLength: rho * A, physicsBendingStiffness: E * I, physicsAxialStiffness: E * A * 0.1,
        physicsBendingDamping: 0, physicsAxialDamping: E * A * 0.1, nodeNumbers: [nc0 + i, nc0 + i + 1],
      })));
    }
    for (const coordinate of [0, 1, 3]) {
      mbs.addObject(CoordinateConstraint({ markerNumbers: [mGround, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nc0, coordinate }))] }));
    }
    nodeList.forEach((node, i) => {
      const m = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
      const fact = i === 0 || i === nodeList.length - 1 ? 0.5 : 1;
      mbs.addLoad(Force({ markerNumber: m, loadVector: [0, -0.1 * 400 * rho * A * fact * lElem, 0] }));
    });

    const cStiffness = 1e3;
    const cDamping = 0.02 * cStiffness * 2;
    const r2 = 0.3;
    const posRoll1 = [0.25 * L, -0.15, 0];
    const posRoll2 = [0.75 * L, -0.5, 0];
    const nSegments = 2 * 4;
    const initialGapList = [...new Array(nSegments).fill(0.1), ...new Array(2 * nSegments).fill(0)];
    // the original adds two ground markers that the contacts do not use (they keep its marker numbering)
    mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: posRoll1 }));
    mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: posRoll2 }));

    const nRigid = mbs.addNode(Rigid2D({ referenceCoordinates: posRoll2 }));
    const oRigid = mbs.addObject(RigidBody2D({ nodeNumber: nRigid, physicsMass: 1, physicsInertia: 0.001 }));
    const mRigid = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oRigid, localPosition: [0, 0, 0] }));
    mbs.addLoad(Torque({ markerNumber: mRigid, loadVector: [0, 0, -0.1] }));
    for (const coordinate of [0, 1]) {
      const mRigidC = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid, coordinate }));
      mbs.addObject(CoordinateSpringDamper({ markerNumbers: [mGround, mRigidC], stiffness: 100, damping: 5 }));
    }
    for (const cable of cableList) {
      const mCable = mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: cable, numberOfSegments: nSegments }));
      const data = mbs.addNode(NodeGenericData({ initialCoordinates: initialGapList, numberOfDataCoordinates: nSegments * 3 }));
      mbs.addObject(ObjectContactFrictionCircleCable2D({
        markerNumbers: [mRigid, mCable], nodeNumber: data, numberOfContactSegments: nSegments, contactStiffness: cStiffness,
        contactDamping: cDamping, frictionVelocityPenalty: 10, frictionCoefficient: 2, useSegmentNormals: false, circleRadius: r2,
      }));
    }
    mbs.assemble();

    const settings = new SimulationSettings();
    const fact = 300;
    settings.timeIntegration.numberOfSteps = fact;
    settings.timeIntegration.endTime = 0.0005 * fact;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / fact;
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.newton.relativeTolerance = 1e-8;
    settings.timeIntegration.newton.absoluteTolerance = 1e-10 * 100;
    settings.timeIntegration.newton.useModifiedNewton = false;
    settings.timeIntegration.newton.maxModifiedNewtonIterations = 5;
    settings.timeIntegration.newton.modifiedNewtonContractivity = 1e8;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = false;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6;
    mbs.solveDynamic(settings);
    const sol = mbs.systemData.getODE2Coordinates();
    return sol[sol.length - 3];
  },
};
