import {
  SystemContainer, SimulationSettings, NodeGenericData, Point, NodePointGround, ObjectGround, MassPoint, MarkerNodeCoordinate,
  ObjectContactCoordinate, LoadCoordinate, OutputVariableType, DynamicSolverType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's contactCoordinateTest: a mass point (0.25 kg, gravity) dropped from 0.05 m above a stiff penalty contact
 * (ObjectContactCoordinate, k = 2e6 N/m, d = 200 N s/m, offset r = 0.05) on the ground; the active set is the data
 * coordinate (initially 1: open), switched in the post-Newton step, which recommends the step to the contact instant.
 * Index-2 trapezoidal rule, h = 2e-4, 0.25 s, discontinuous tolerance 1e-3 (force), maxIterations 2, no ignoring of
 * maxIterations, adaptiveStepRecoverySteps 0, adaptiveStepIncrease 10. The result is the final y position. (Exudyn's
 * stepInformation only formats console output and has no setting here.)
 */
export const contactCoordinateTest: TestModel = {
  name: 'contactCoordinateTest',
  reference: 0.0553131995062827,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.5;
    const r = 0.05;
    const g = 9.81;
    const mass = 0.25;
    const spring = 20000 * 100;
    const damper = 0.0001 * spring;
    const load0 = -mass * g;
    const tEnd = 0.25;
    const h = 2e-3 * 0.1;

    const nData = mbs.addNode(NodeGenericData({ initialCoordinates: [1], numberOfDataCoordinates: 1 }));
    const n1 = mbs.addNode(Point({ referenceCoordinates: [0, 0, 0], initialCoordinates: [0, r + (L * 0 + 0.05), 0], initialVelocities: [0, 0, 0] }));
    mbs.addObject(ObjectGround({}));
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: n1 }));
    const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    const nodeMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n1, coordinate: 1 }));
    mbs.addObject(ObjectContactCoordinate({ markerNumbers: [groundMarker, nodeMarker], nodeNumber: nData, contactStiffness: spring, contactDamping: damper, offset: r }));
    mbs.addLoad(LoadCoordinate({ markerNumber: nodeMarker, load: load0 }));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 1e-10;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.minimumStepSize = 1e-10;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.newton.useModifiedNewton = false;
    settings.timeIntegration.discontinuous.iterationTolerance = 1e-3;
    settings.timeIntegration.discontinuous.maxIterations = 2;
    settings.timeIntegration.discontinuous.ignoreMaxIterations = false;
    settings.timeIntegration.adaptiveStepRecoverySteps = 0;
    settings.timeIntegration.adaptiveStepIncrease = 10;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.displayStatistics = true;
    mbs.solveDynamic(settings, DynamicSolverType.TrapezoidalIndex2);
    return mbs.getNodeOutput(n1, OutputVariableType.Position)[1];
  },
};
