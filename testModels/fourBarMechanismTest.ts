import {
  SystemContainer, SimulationSettings, NodePoint, NodePointGround, MassPoint, MarkerNodePosition,
  MarkerNodeCoordinate, CoordinateConstraint, ObjectConnectorDistance, Force,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's fourBarMechanismTest: a planar four-bar linkage of mass points and distance constraints under gravity. */
export const fourBarMechanismTest: TestModel = {
  name: 'fourBarMechanismTest',
  reference: -2.376335780518213,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const nBodies = 4;
    const mass = 3;
    const g = 9.81;
    const omega0 = 2;
    const n0 = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [0, 2, 0], initialVelocities: [2 * omega0, 0, 0] }));
    const n2 = mbs.addNode(NodePoint({ referenceCoordinates: [4, 5, 0], initialVelocities: [5 * omega0, 0, 0] }));
    const n3 = mbs.addNode(NodePoint({ referenceCoordinates: [4, 0, 0] }));
    // Exudyn also adds MassPoint(physicsMass=0) on the ground node n0 (it carries the background graphics and has no
    // coordinates, so it contributes nothing); Flexdyn's ObjectMassPoint rejects ground nodes, so it is left out.
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: n1 }));
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: n2 }));
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: n3 }));
    for (let i = 0; i < nBodies; i++) mbs.addMarker(MarkerNodePosition({ nodeNumber: i }));
    const mc0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n0, coordinate: 0 }));
    const mc1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n3, coordinate: 1 }));
    const mc2 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n3, coordinate: 0 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mc0, mc1] }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mc0, mc2] }));
    mbs.addObject(ObjectConnectorDistance({ markerNumbers: [0, 1], distance: 2 }));
    mbs.addObject(ObjectConnectorDistance({ markerNumbers: [1, 2], distance: 5 }));
    mbs.addObject(ObjectConnectorDistance({ markerNumbers: [2, 3], distance: 5 }));
    mbs.addLoad(Force({ markerNumber: 1, loadVector: [0, -mass * g, 0] }));
    mbs.addLoad(Force({ markerNumber: 2, loadVector: [0, -mass * g, 0] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const f = 2000;
    settings.timeIntegration.numberOfSteps = f;
    settings.timeIntegration.endTime = 0.001 * f;
    settings.solutionSettings.writeSolutionToFile = true;
    settings.solutionSettings.solutionWritePeriod = settings.timeIntegration.endTime / 500;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.newton.relativeTolerance = 1e-8 * 100;
    settings.timeIntegration.newton.absoluteTolerance = 1e-10;
    settings.timeIntegration.newton.useModifiedNewton = false;
    settings.timeIntegration.newton.maxModifiedNewtonIterations = 5;
    settings.timeIntegration.newton.numericalDifferentiation.minimumCoordinateSize = 1;
    settings.timeIntegration.newton.numericalDifferentiation.relativeEpsilon = 6.055454452393343e-06 * 10;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = false;
    settings.timeIntegration.generalizedAlpha.useNewmark = false;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    mbs.solveDynamic(settings);
    return mbs.systemData.getODE2Coordinates()[1];
  },
};
