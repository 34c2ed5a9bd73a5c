import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, MassPoint,
  MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate, SensorLoad, SensorNode,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's springDamperUserFunctionTest: a mass on a nonlinear coordinate spring, excited by a frequency sweep. */
export const springDamperUserFunctionTest: TestModel = {
  name: 'springDamperUserFunctionTest',
  reference: 0.5062872273010911,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.5;
    const mass = 1.6;
    const spring = 4000;
    const damper = 4;
    const load0 = 80;
    const omega0 = Math.sqrt(spring / mass);
    const f0 = 0;
    const f1 = omega0 / (2 * Math.PI);
    const tEnd = 50;
    const steps = 5000;
    const springForce = (_mbs: unknown, _t: number, _item: number, u: number, v: number, k: number, d: number) => 0.1 * k * u + k * u ** 3 + v * d;
    const sweep = (t: number, t1: number, fa: number, fb: number) => Math.sin(2 * Math.PI * (fa + (fb - fa) / t1 * 0.5 * t) * t);
    const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [L, 0, 0] }));
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: n1 }));
    const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    const nodeMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n1, coordinate: 0 }));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundMarker, nodeMarker], stiffness: spring, damping: damper, springForceUserFunction: springForce }));
    const loadC = mbs.addLoad(LoadCoordinate({ markerNumber: nodeMarker, load: load0, loadUserFunction: (_m, t, load) => load * sweep(t, tEnd, f0, f1) }));
    mbs.addSensor(SensorLoad({ loadNumber: loadC, writeToFile: false, storeInternal: true }));
    mbs.addSensor(SensorNode({ nodeNumber: n1, writeToFile: false, outputVariableType: OutputVariableType.CoordinatesTotal, storeInternal: true }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.solutionWritePeriod = 2e-3;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.numberOfSteps = steps;
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    return mbs.getNodeOutput(n1, OutputVariableType.CoordinatesTotal)[0];
  },
};
