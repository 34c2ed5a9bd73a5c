import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, MassPoint,
  MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate, SensorLoad, SensorNode, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's springDamperUserFunctionTest: a mass on a nonlinear coordinate spring, excited by a frequency sweep. */
/**
 * The Duffing oscillator of Exudyn's springDamperUserFunctionTest and perfSpringDamperUserFunction (not assembled): a 1.6 kg
 * mass point at x = 0.5 on a coordinate spring-damper with the user force 0.1·k·u + k·u³ + d·v (k = 4000, d = 4) and a
 * load user function sweeping 80 N linearly from 0 to the linear eigenfrequency over [0, tEnd].
 */
export function buildDuffingOscillator(tEnd: number): { mbs: MainSystem; node: number; load: number } {
  const mbs = new SystemContainer().addSystem();
  const L = 0.5;
  const mass = 1.6;
  const spring = 4000;
  const damper = 4;
  const load0 = 80;
  const omega0 = Math.sqrt(spring / mass);
  const f0 = 0;
  const f1 = omega0 / (2 * Math.PI);
  const springForce = (_mbs: unknown, _t: number, _item: number, u: number, v: number, k: number, d: number) => 0.1 * k * u + k * u ** 3 + v * d;
  /** Linear frequency sweep over [0, t1] from fa to fb (the factor 0.5 gives the instantaneous frequency). */
  const sweep = (t: number, t1: number, fa: number, fb: number) => Math.sin(2 * Math.PI * (fa + (fb - fa) / t1 * 0.5 * t) * t);
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [L, 0, 0] }));
  const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: node }));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
  const nodeMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundMarker, nodeMarker], stiffness: spring, damping: damper, springForceUserFunction: springForce }));
  const load = mbs.addLoad(LoadCoordinate({ markerNumber: nodeMarker, load: load0, loadUserFunction: (_m, t, value) => value * sweep(t, tEnd, f0, f1) }));
  return { mbs, node, load };
}

export const springDamperUserFunctionTest: TestModel = {
  name: 'springDamperUserFunctionTest',
  reference: 0.5062872273010911,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const tEnd = 50;
    const steps = 5000;
    const { mbs, node: n1, load: loadC } = buildDuffingOscillator(tEnd);
    mbs.addSensor(SensorLoad({ loadNumber: loadC, writeToFile: false, storeInternal: true }));
    mbs.addSensor(SensorNode({ nodeNumber: n1, writeToFile: false, outputVariableType: OutputVariableType.CoordinatesTotal, storeInternal: true }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.solutionWritePeriod = 2e-3;
    settings.timeIntegration.numberOfSteps = steps;
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    return mbs.getNodeOutput(n1, OutputVariableType.CoordinatesTotal)[0];
  },
};
