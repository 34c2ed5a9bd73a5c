import {
  SystemContainer, SimulationSettings, NodeGenericData, NodePointGround, ObjectGround, Point2DS1, Cable2D, MarkerNodeCoordinate,
  CoordinateConstraint, MarkerNodePosition, Force, MarkerBodyPosition, MarkerBodyCable2DShape, ObjectContactCircleCable2D,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's ANCFcontactCircleTest: a steel cable (L = 2 m, 1 mm × 1 mm, 8 ANCFCable2D elements) clamped at x = 0 bends
 * under 40 times its weight onto two fixed circles (r = 0.2 at (1.5, −0.5), r = 0.1 at (0.5, −0.15)); each element has
 * one ObjectContactCircleCable2D per circle with 4 segments (k_c = 1e3, data coordinates start with the gap 0.1).
 * Static solve: 40 geometric load steps (range 1e4), Newton tolerances 1e-7 relative / 1e-10 absolute, at most 30
 * iterations, discontinuous tolerance 1, stabilizerODE2term 2. The result is the tip's y displacement (Exudyn's sol[n−3]).
 * Both results carry the error of Newton's relative tolerance 1e-7: with 1e-11 Flexdyn gives −0.48426561043, Exudyn's
 * earlier references (−0.4842656133, −0.4842656547) lie there too; with the original settings Flexdyn's analytic and
 * Exudyn's numerical Jacobian stop at the same iterate to 7.9e-9 relative.
 */
export const ANCFcontactCircleTest: TestModel = {
  name: 'ANCFcontactCircleTest',
  reference: -0.4842698420787613,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const L = 2, E = 2.07e11, rho = 7800, b = 0.001, h = 0.001;
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
        physicsLength: lElem, physicsMassPerLength: rho * A, physicsBendingStiffness: E * I, physicsAxialStiffness: E * A,
        nodeNumbers: [nc0 + i, nc0 + i + 1],
      })));
    }
    for (const coordinate of [0, 1, 3]) {
      mbs.addObject(CoordinateConstraint({ markerNumbers: [mGround, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nc0, coordinate }))] }));
    }
    nodeList.forEach((node, i) => {
      const m = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
      const fact = i === 0 || i === nodeList.length - 1 ? 0.5 : 1;
      mbs.addLoad(Force({ markerNumber: m, loadVector: [0, -40 * 2 * rho * A * fact * lElem, 0] }));
    });

    const cStiffness = 1e3;
    const nSegments = 4;
    const initialGapList = new Array(nSegments).fill(0.1);
    const mGroundCircle = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [0.75 * L, -0.5, 0] }));
    const mGroundCircle2 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [0.25 * L, -0.15, 0] }));
    for (const cable of cableList) {
      const mCable = mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: cable, numberOfSegments: nSegments }));
      for (const [circle, radius] of [[mGroundCircle, 0.2], [mGroundCircle2, 0.1]]) {
        const data = mbs.addNode(NodeGenericData({ initialCoordinates: initialGapList, numberOfDataCoordinates: nSegments }));
        mbs.addObject(ObjectContactCircleCable2D({
          markerNumbers: [circle, mCable], nodeNumber: data, numberOfContactSegments: nSegments, contactStiffness: cStiffness,
          circleRadius: radius, offset: 0,
        }));
      }
    }
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.staticSolver.newton.numericalDifferentiation.relativeEpsilon = 1e-10;
    settings.staticSolver.verboseMode = 0;
    settings.staticSolver.numberOfLoadSteps = 40;
    settings.staticSolver.loadStepGeometric = true;
    settings.staticSolver.loadStepGeometricRange = 1e4;
    settings.staticSolver.adaptiveStep = false;
    settings.staticSolver.newton.relativeTolerance = 1e-7;
    settings.staticSolver.newton.absoluteTolerance = 1e-10;
    settings.staticSolver.newton.maxIterations = 30;
    settings.staticSolver.discontinuous.iterationTolerance = 1;
    settings.staticSolver.stabilizerODE2term = 2;
    mbs.solveStatic(settings);
    const sol = mbs.systemData.getODE2Coordinates();
    return sol[sol.length - 3];
  },
};
