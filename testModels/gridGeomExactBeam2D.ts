import {
  SystemContainer, SimulationSettings, NodeRigidBody2D, NodePointGround, ObjectBeamGeometricallyExact2D, MarkerNodeCoordinate,
  MarkerNodeRigid, CoordinateConstraint, Force, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's gridGeomExactBeam2D: a 16 × 4 grid of RigidBody2D nodes (spacing 0.5 m) joined by linear
 * ObjectBeamGeometricallyExact2D elements along x and, every fourth column, along y (includeReferenceRotations = false,
 * so the vertical elements share nodes with the horizontal ones); the left column is clamped and every right-end node
 * carries a force of −1e5 N in y. Dynamic solve, generalized-α with Exudyn's defaults, 100 steps to t = 0.1 s,
 * modified Newton; the result is the y displacement of the top right node.
 */
export const gridGeomExactBeam2D: TestModel = {
  name: 'gridGeomExactBeam2D',
  reference: -1.582796574326255,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const lElem = 0.5, lElemY = lElem;
    const E = 2.1e11 * 0.1, rho = 7800, b = 0.1, h = 0.1, nu = 0.3;
    const A = b * h, I = b * h ** 3 / 12;
    const ks = 10 * (1 + nu) / (12 + 11 * nu);
    const G = E / (2 * (1 + nu));
    const beam = (n0: number, n1: number, length: number) => mbs.addObject(ObjectBeamGeometricallyExact2D({
      nodeNumbers: [n0, n1], physicsLength: length, physicsMassPerLength: rho * A, physicsCrossSectionInertia: rho * I,
      physicsBendingStiffness: E * I, physicsAxialStiffness: E * A, physicsShearStiffness: ks * G * A, includeReferenceRotations: false,
      visualization: { drawHeight: h },
    }));
    const nX = 16, nY = 4;
    const nodeIndices: number[][] = Array.from({ length: nX }, () => new Array<number>(nY));
    for (let j = 0; j < nY; j++) {
      for (let i = 0; i < nX; i++) {
        nodeIndices[i][j] = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [i * lElem, j * lElemY, 0], initialCoordinates: [0, 0, 0], initialVelocities: [0, 0, 0] }));
      }
    }
    for (let j = 0; j < nY; j++) for (let i = 0; i < nX - 1; i++) beam(nodeIndices[i][j], nodeIndices[i + 1][j], lElem);
    for (let j = 0; j < nY - 1; j++) for (let i = 0; i < nX / 4; i++) beam(nodeIndices[(i + 1) * 4 - 1][j], nodeIndices[(i + 1) * 4 - 1][j + 1], lElemY);
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    for (let j = 0; j < nY; j++) {
      for (const coordinate of [0, 1, 2]) {
        mbs.addObject(CoordinateConstraint({ markerNumbers: [mGround, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodeIndices[0][j], coordinate }))] }));
      }
      mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodeIndices[nX - 1][j] })), loadVector: [0, -1e5, 0] }));
    }
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 0.1, steps = 100;
    settings.timeIntegration.numberOfSteps = steps;
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.solutionWritePeriod = tEnd / steps;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.linearSolverType = 'EigenSparse';
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.staticSolver.newton.maxIterations = 50;
    settings.staticSolver.numberOfLoadSteps = 10;
    mbs.solveDynamic(settings);
    return mbs.getNodeOutput(nodeIndices[nX - 1][nY - 1], OutputVariableType.Coordinates)[1];
  },
};
