import {
  SystemContainer, SimulationSettings, NodeRigidBody2D, NodePointGround, ObjectBeamGeometricallyExact2D, MarkerNodeCoordinate,
  MarkerNodeRigid, CoordinateConstraint, Force, Torque, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's geometricallyExactBeam2Dtest: a cantilever of 16 linear ObjectBeamGeometricallyExact2D elements (L = 2 m,
 * 0.1 m × 0.5 m steel, shear stiffness k_s G A with k_s = 10(1 + ν)/(12 + 11ν)) along 45°, clamped at the origin and
 * loaded at the tip by a force 5e8 h³ normal to the axis and a torque −5e8: large deflection. Static solve (10 load
 * steps), once with includeReferenceRotations = false and once with true (the nodes' reference angle is the axis
 * direction, so both give the same result); the result is the mean tip y displacement.
 */
export const geometricallyExactBeam2Dtest: TestModel = {
  name: 'geometricallyExactBeam2Dtest',
  reference: -2.211502835379855,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const nElements = 16, L = 2;
    const lElem = L / nElements;
    const E = 2.07e11, rho = 7850, b = 0.1, h = 0.5, nu = 0.3;
    const A = b * h, I = b * h ** 3 / 12;
    const ks = 10 * (1 + nu) / (12 + 11 * nu);
    const G = 7.9615e10;
    const fEnd = 5e8 * h ** 3;
    const phi = 0.25 * Math.PI;
    const nodeList: number[] = [];
    for (let i = 0; i <= nElements; i++) {
      nodeList.push(mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [Math.cos(phi) * lElem * i, Math.sin(phi) * lElem * i, phi], initialCoordinates: [0, 0, 0], initialVelocities: [0, 0, 0] })));
    }
    const elementList: number[] = [];
    for (let i = 0; i < nElements; i++) {
      elementList.push(mbs.addObject(ObjectBeamGeometricallyExact2D({
        nodeNumbers: [nodeList[i], nodeList[i + 1]], physicsLength: lElem, physicsMassPerLength: rho * A, physicsCrossSectionInertia: rho * I,
        physicsBendingStiffness: E * I, physicsAxialStiffness: E * A, physicsShearStiffness: ks * G * A, visualization: { drawHeight: 0.02 * h },
      })));
    }
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    for (const coordinate of [0, 1, 2]) {
      mbs.addObject(CoordinateConstraint({ markerNumbers: [mGround, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodeList[0], coordinate }))] }));
    }
    const tip = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodeList[nElements] }));
    mbs.addLoad(Force({ markerNumber: tip, loadVector: [fEnd * Math.sin(phi), -fEnd * Math.cos(phi), 0] }));
    mbs.addLoad(Torque({ markerNumber: tip, loadVector: [0, 0, -5e8] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.linearSolverType = 'EigenSparse';
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.staticSolver.newton.maxIterations = 50;
    settings.staticSolver.numberOfLoadSteps = 10;
    settings.staticSolver.verboseMode = 0;
    let uTotal = 0;
    for (const includeReferenceRotations of [false, true]) {
      for (const element of elementList) mbs.setObjectParameter(element, 'includeReferenceRotations', includeReferenceRotations);
      mbs.solveStatic(settings);
      uTotal += mbs.getNodeOutput(nodeList[nElements], OutputVariableType.Coordinates)[1];
    }
    return 0.5 * uTotal;
  },
};
