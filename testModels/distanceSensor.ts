import {
  SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, NodeType, ContactTypeIndex, NodePointGround, MarkerNodeRigid, Node1D,
  ObjectRotationalMass1D, MarkerBodyRigid, ObjectGround, Cable2D, SensorNode, SensorMarker, InertiaSphere, graphics, generateStraightLineANCFCable,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Euclidean norm of a sensor's values. */
const norm = (values: readonly number[]) => Math.hypot(...values);

/**
 * Exudyn's distanceSensor: a sphere (m = 1, r = 0.05) slides at 0.2 m/s over a floor of triangles (a Brick and a
 * Cylinder on ground, one GeneralContact, k = 1e4, d = 10, no friction) with a rotating table (Node1D, 4π rad/s) and a
 * 4-element ANCF cable (E = 1e7, 10 mm × 50 mm, clamped at one end, added to the contact with halfHeight h/2) sagging
 * under gravity beside them. Distance sensors (createDistanceSensor on the GeneralContact): two at fixed points looking
 * at the sphere along −y and −z with a cylinder of radius r/2, one on the table's marker looking down, two looking along
 * −y at the cable; RK44, 2500 steps of 1e-4 s. Result: the sum of the norms of the final values of the two sphere
 * sensors, the two cable sensors and the sphere's velocity.
 */
export const distanceSensor: TestModel = {
  name: 'distanceSensor',
  reference: 1.867764310778691,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const mbs = new SystemContainer().addSystem();
    const m = 1, a = 0.1, radius = 0.5 * a, t = 0.1 * a, k = 1e4, d = 0.001 * k, g = 9.81;
    let L = 2;
    const gContact = mbs.addGeneralContact();
    gContact.setFrictionPairings([[0]]);
    gContact.setSearchTreeCellSize([8, 8, 8]);
    const rRot = 0.2;
    const floor = graphics.MergeTriangleLists(
      graphics.Cylinder({ pAxis: [0, rRot, 0], vAxis: [0, 2 * rRot, 0], radius: 0.5 * rRot, color: graphics.color.dodgerblue, nTiles: 32 }),
      graphics.Brick({ centerPoint: [0.45 * L, 0, -0.5 * t], size: [L, L, t], color: graphics.color.steelblue, addNormals: false }),
    );
    const [meshPoints, meshTrigs] = graphics.ToPointsAndTrigs(floor);
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGround = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nGround }));
    gContact.addTrianglesRigidBodyBased(mGround, k, d, 0, meshPoints, meshTrigs);

    // the rotating table: a Node1D rotor with a rigid marker at its rim
    const nTable = mbs.addNode(Node1D({ referenceCoordinates: [0], initialVelocities: [4 * Math.PI] }));
    const oTable = mbs.addObject(ObjectRotationalMass1D({ physicsInertia: 1, nodeNumber: nTable, referencePosition: [0, rRot, rRot], referenceRotation: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }));
    const mTable = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oTable, localPosition: [0, -rRot, 0] }));

    // the sphere, resting on the floor at its static penetration (springs in series: 0.5 k)
    const oMass = mbs.createRigidBody({
      referencePosition: [0, 0, radius - (m * g) / (k * 0.5)], initialVelocity: [0.2, 0, 0], initialAngularVelocity: [0, 0, 0],
      inertia: InertiaSphere(m, radius), nodeType: NodeType.RotationRotationVector, gravity: [0, 0, -g],
    });
    const nMass = mbs.getObject(oMass).nodeNumber as number;
    const mThis = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nMass }));
    gContact.addSphereWithMarker(mThis, radius, k, d, 0);
    mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0], visualization: { graphicsData: [floor] } }));

    // the cable, clamped at its first node (x, y and the slope's y)
    L = 0.5;
    const E = 1e7, rho = 7800, b = 0.01, h = 0.05;
    const A = b * h, I = b * h ** 3 / 12;
    const cableTemplate = Cable2D({
      physicsMassPerLength: rho * A, physicsBendingStiffness: E * I, physicsAxialStiffness: E * A, physicsBendingDamping: 0.005 * E * I,
      useReducedOrderIntegration: 2, visualization: { drawHeight: h },
    });
    const ancf = generateStraightLineANCFCable(mbs, {
      positionOfNode0: [-2 * L, 0, 0], positionOfNode1: [-L, 0, 0], numberOfElements: 4, cableTemplate, massProportionalLoad: [0, -9.81, 0],
      fixedConstraintsNode0: [1, 1, 0, 1], fixedConstraintsNode1: [0, 0, 0, 0],
    });
    for (const element of ancf[1]) gContact.addANCFCable(element, 0.5 * h, 1, 0, 0);

    const ngc = mbs.numberOfGeneralContacts() - 1;
    const sDistanceSphere = mbs.createDistanceSensor({
      generalContactIndex: ngc, positionOrMarker: [2 * radius, 4 * radius, radius], dirSensor: [0, -2 * radius, 0], minDistance: 0, maxDistance: t + 4 * radius,
      measureVelocity: true, cylinderRadius: radius * 0.5, storeInternal: true, addGraphicsObject: true, selectedTypeIndex: ContactTypeIndex.IndexSpheresMarkerBased,
    });
    const sDistanceSphere2 = mbs.createDistanceSensor({
      generalContactIndex: ngc, positionOrMarker: [2 * radius, 0, 4 * radius], dirSensor: [0, 0, -2 * radius], minDistance: 0, maxDistance: t + 4 * radius,
      measureVelocity: true, cylinderRadius: radius * 0.5, storeInternal: true, addGraphicsObject: true, selectedTypeIndex: ContactTypeIndex.IndexSpheresMarkerBased,
    });
    mbs.createDistanceSensor({
      generalContactIndex: ngc, positionOrMarker: mTable, dirSensor: [0, 0, -2 * radius], minDistance: -10, maxDistance: t + 4 * radius,
      measureVelocity: true, cylinderRadius: 0, storeInternal: true, addGraphicsObject: true,
    });
    const sANCF = mbs.createDistanceSensor({
      generalContactIndex: ngc, positionOrMarker: [-L * 1.5, 0, 0], dirSensor: [0, -0.1, 0], minDistance: 0, maxDistance: L, measureVelocity: true,
      storeInternal: true, addGraphicsObject: true,
    });
    const sANCFdist = mbs.createDistanceSensor({
      generalContactIndex: ngc, positionOrMarker: [-0.6061511314921351, 0, 0], dirSensor: [0, -0.1, 0], minDistance: 0, maxDistance: L, measureVelocity: true,
      storeInternal: true, addGraphicsObject: true,
    });
    mbs.addSensor(SensorNode({ nodeNumber: ancf[0][ancf[0].length - 1], storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
    const sVelocitySphere = mbs.addSensor(SensorMarker({ markerNumber: mThis, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Velocity }));
    // no sensor files, as in Exudyn (its distance sensors have no fileName)
    for (let s = 0; s < mbs.numberOfSensors; s++) mbs.setSensorParameter(s, 'writeToFile', false);
    mbs.assemble();

    const tEnd = 0.25, stepSize = 1e-4;
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 0.01;
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / stepSize);
    settings.timeIntegration.endTime = tEnd;
    mbs.solveDynamic(settings, DynamicSolverType.RK44);

    return [sDistanceSphere, sDistanceSphere2, sANCF, sANCFdist, sVelocitySphere].reduce((sum, sensor) => sum + norm(mbs.getSensorValues(sensor)), 0);
  },
};
