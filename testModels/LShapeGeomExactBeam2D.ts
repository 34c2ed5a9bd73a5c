import {
  SystemContainer, SimulationSettings, NodeRigidBody2D, NodePointGround, ObjectBeamGeometricallyExact2D, MarkerNodeCoordinate,
  MarkerNodeRigid, CoordinateConstraint, Force, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's LShapeGeomExactBeam2D: an L-shaped frame of 8 linear ObjectBeamGeometricallyExact2D elements (a = 0.25 m,
 * 0.1 m × 0.05 m steel), four along x and four up along y from the corner, all nodes with reference angle 0
 * (includeReferenceRotations = false joins the two legs at 90° in the corner node); clamped at the origin, a force of
 * 1e6 N in x at the upper end. Static solve, 10 load steps, Newton relative tolerance 1e-6; the result is the tip's y
 * displacement.
 */
export const LShapeGeomExactBeam2D: TestModel = {
  name: 'LShapeGeomExactBeam2D',
  reference: -0.9181474510515214,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const a = 0.25, lElem = a;
    const E = 2.1e11, rho = 7800, b = 0.1, h = 0.05, nu = 0.3;
    const A = b * h, I = b * h ** 3 / 12;
    const ks = 10 * (1 + nu) / (12 + 11 * nu);
    const G = E / (2 * (1 + nu));
    const pRefList = [[0, 0], [a, 0], [2 * a, 0], [3 * a, 0], [4 * a, 0], [4 * a, a], [4 * a, 2 * a], [4 * a, 3 * a], [4 * a, 4 * a]];
    const nodeList = pRefList.map((p) => mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [p[0], p[1], 0], initialCoordinates: [0, 0, 0], initialVelocities: [0, 0, 0] })));
    for (let i = 0; i < nodeList.length - 1; i++) {
      mbs.addObject(ObjectBeamGeometricallyExact2D({
        nodeNumbers: [nodeList[i], nodeList[i + 1]], physicsLength: lElem, physicsMassPerLength: rho * A, physicsCrossSectionInertia: rho * I,
        physicsBendingStiffness: E * I, physicsAxialStiffness: E * A, physicsShearStiffness: ks * G * A, includeReferenceRotations: false,
        visualization: { drawHeight: h },
      }));
    }
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    for (const coordinate of [0, 1, 2]) {
      mbs.addObject(CoordinateConstraint({ markerNumbers: [mGround, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodeList[0], coordinate }))] }));
    }
    mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodeList[nodeList.length - 1] })), loadVector: [1e6, 0, 0] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.linearSolverType = 'EigenSparse';
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.staticSolver.newton.maxIterations = 50;
    settings.staticSolver.numberOfLoadSteps = 10;
    settings.staticSolver.newton.relativeTolerance = 1e-6;
    settings.staticSolver.verboseMode = 0;
    mbs.solveStatic(settings);
    return mbs.getNodeOutput(nodeList[nodeList.length - 1], OutputVariableType.Coordinates)[1];
  },
};
