import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, NodePoint2D, MassPoint2D,
  MarkerBodyPosition, Force, SpringDamper, NodePointGround, MarkerNodeCoordinate, CoordinateConstraint, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Columns of the grid: a ground point and 71 mass points per row. */
const nBodies = 72;
/** Rows of the grid. */
const nBodies2 = 6;

/**
 * The model of Exudyn's sparseMatrixSpringDamperTest: a 72 × 6 grid of 2D mass points
 * (the first column is ground) joined by horizontal, vertical and diagonal spring-dampers,
 * loaded by small downward forces, plus one coordinate constraint (852 ODE2 coordinates,
 * 1 algebraic). Returns the system and the tip node (last node of the bottom row).
 */
export function buildSparseMatrixSpringDamperModel(): { mbs: MainSystem; tipNode: number } {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const sqrt2 = 2 ** 0.5;
  for (let j = 0; j < nBodies2; j++) {
    const ground = mbs.addObject(ObjectGround({ referencePosition: [0, j, 0] }));
    mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0, 0, 0] }));
    for (let i = 0; i < nBodies - 1; i++) {
      const node = mbs.addNode(NodePoint2D({ referenceCoordinates: [i + 1, j], initialCoordinates: [0, 0] }));
      const body = mbs.addObject(MassPoint2D({ physicsMass: 10, nodeNumber: node }));
      const mBody = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition: [0, 0, 0] }));
      mbs.addLoad(Force({ markerNumber: mBody, loadVector: [0, -0.025, 0] }));
    }
  }
  const spring = (m0: number, m1: number, referenceLength: number) =>
    mbs.addObject(SpringDamper({ stiffness: 4000, damping: 10, force: 0, referenceLength, markerNumbers: [m0, m1] }));
  for (let j = 0; j < nBodies2 - 1; j++) {
    for (let i = 0; i < nBodies - 1; i++) {
      spring(j * nBodies + i, j * nBodies + i + 1, 1);
      spring(j * nBodies + i, (j + 1) * nBodies + i, 1);
      spring(j * nBodies + i, (j + 1) * nBodies + i + 1, sqrt2);
    }
  }
  for (let i = 0; i < nBodies - 1; i++) {
    const j = nBodies2 - 1;
    spring(j * nBodies + i, j * nBodies + i + 1, 1);
  }
  for (let j = 0; j < nBodies2 - 1; j++) {
    const i = nBodies - 1;
    spring(j * nBodies + i, (j + 1) * nBodies + i, 1);
  }
  const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [-0.5, 0, 0] }));
  const mGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
  const mNC1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: 1, coordinate: 1 }));
  mbs.addObject(CoordinateConstraint({ markerNumbers: [mGround, mNC1] }));
  mbs.assemble();
  return { mbs, tipNode: nBodies - 2 };
}

/** Static settings of the test (Exudyn sets verboseMode = 2, which only prints). */
export function sparseMatrixSpringDamperSettings(linearSolverType: LinearSolverType): SimulationSettings {
  const settings = new SimulationSettings();
  settings.staticSolver.newton.numericalDifferentiation.relativeEpsilon = 1e-5 * 0.01;
  settings.linearSolverType = linearSolverType;
  return settings;
}

/**
 * Exudyn's sparseMatrixSpringDamperTest: static equilibrium of the spring grid, solved with
 * the dense and then (from the initial configuration again) with the sparse solver; the result
 * is 1e-2 · y-position of the tip after the sparse solve.
 */
export const sparseMatrixSpringDamperTest: TestModel = {
  name: 'sparseMatrixSpringDamperTest',
  reference: -0.06779862812271394,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const { mbs, tipNode } = buildSparseMatrixSpringDamperModel();
    mbs.solveStatic(sparseMatrixSpringDamperSettings(LinearSolverType.EXUdense));
    mbs.solveStatic(sparseMatrixSpringDamperSettings(LinearSolverType.EigenSparse));
    return 1e-2 * mbs.getNodeOutput(tipNode, OutputVariableType.Position)[1];
  },
};
