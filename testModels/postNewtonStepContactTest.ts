import {
  SystemContainer, SimulationSettings, NodeGenericData, Point, NodePointGround, ObjectGround, MassPoint, MarkerNodeCoordinate,
  CoordinateSpringDamper, LoadCoordinate, OutputVariableType, ConfigurationType, DynamicSolverType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's postNewtonStepContactTest: a mass point falls onto a penalty contact (k = 20000) whose on/off state is a data
 * coordinate switched by a post-Newton user function; at each switch it reports the penetration as error and recommends
 * the step that ends at the estimated contact instant, so that the adaptive step size resolves the impacts (one
 * discontinuous iteration, ignoreMaxIterations false, tolerance 1e-8). Index-2 trapezoidal rule, h = 5e-3, 0.5 s. The
 * result is the final y position. Exudyn reads the step size from its solver object (mbs.sys['dynamicSolver']); here it
 * is t − t(start of step), the same number.
 */
export const postNewtonStepContactTest: TestModel = {
  name: 'postNewtonStepContactTest',
  reference: 0.057286638346409235,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.5;
    const r = 0.05;
    const g = 9.81;
    const mass = 0.25;
    const spring = 20000;
    const damper = 0 * 0.01 * spring;
    const load0 = -mass * g;
    const tEnd = 0.5;
    const h = 5e-3;

    mbs.addNode(NodeGenericData({ initialCoordinates: [0], numberOfDataCoordinates: 1 }));
    const n1 = mbs.addNode(Point({ referenceCoordinates: [0, L, 0], initialCoordinates: [0, r - L + 0.01, 0], initialVelocities: [0, -1, 0] }));

    mbs.setPostNewtonUserFunction((m, t) => {
      const p0 = m.getNodeOutput(n1, OutputVariableType.Position, ConfigurationType.StartOfStep)[1] - r;
      const p = m.getNodeOutput(n1, OutputVariableType.Position)[1] - r;
      const stepSize = t - m.systemData.getTime(ConfigurationType.StartOfStep);
      const data = m.systemData.getDataCoordinates();
      const data0 = m.systemData.getDataCoordinates(ConfigurationType.StartOfStep);
      let recommendedStepSize = -1;
      let error = 0;
      if (p < 0) {
        if (data0[0] === 0) {
          error = Math.abs(p);
          recommendedStepSize = p0 > 0 ? stepSize * Math.abs(p0) / (Math.abs(p0) + Math.abs(p)) : 0.25 * stepSize;
          data[0] = 1;
        }
      } else if (data0[0] === 1) {
        error = Math.abs(p);
        recommendedStepSize = p0 > 0 ? stepSize * Math.abs(p0) / (Math.abs(p0) + Math.abs(p)) : 0.25 * stepSize;
        data[0] = 0;
      }
      m.systemData.setDataCoordinates(data);
      return [error, recommendedStepSize];
    });

    mbs.addObject(ObjectGround({}));
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: n1 }));
    const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    const nodeMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n1, coordinate: 1 }));
    mbs.addObject(CoordinateSpringDamper({
      markerNumbers: [groundMarker, nodeMarker], stiffness: spring, damping: damper,
      springForceUserFunction: (m, _t, _itemIndex, u, _v, k) => (m.systemData.getDataCoordinates()[0] === 1 ? k * (L + u - r) : 0),
    }));
    mbs.addLoad(LoadCoordinate({ markerNumber: nodeMarker, load: load0 }));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 1e-5;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.minimumStepSize = 1e-10;
    settings.timeIntegration.discontinuous.iterationTolerance = 1e-8;
    settings.timeIntegration.discontinuous.maxIterations = 1;
    settings.timeIntegration.discontinuous.ignoreMaxIterations = false;
    settings.timeIntegration.adaptiveStepRecoverySteps = 0;
    settings.timeIntegration.adaptiveStepIncrease = 10;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.displayStatistics = true;
    settings.timeIntegration.verboseMode = 1;
    mbs.solveDynamic(settings, DynamicSolverType.TrapezoidalIndex2);
    return mbs.getNodeOutput(n1, OutputVariableType.Position)[1];
  },
};
