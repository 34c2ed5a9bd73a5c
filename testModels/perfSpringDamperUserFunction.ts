import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, MassPoint,
  MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's performance model perfSpringDamperUserFunction: springDamperUserFunctionTest's Duffing oscillator (a 1.6 kg
 * mass point on a coordinate spring-damper with the user force 0.1·k·u + k·u³ + d·v, k = 4000, d = 4, a load user
 * function sweeping 80 N from 0 to the linear eigenfrequency over 50 s) with 500 000 generalized-α steps of 0.1 ms
 * (ρ∞ = 1) instead of 5 000; the solution file as the script writes it (Exudyn's default: every 0.01 s); the script's
 * displayComputationTime (a timing printout) has no setting here. The result is the mass's x position at the end.
 * Exudyn's performance suite compares with 1e-10 absolute; the user functions are the same formulas in the same
 * Newton iteration, so the same tolerance applies. A long model (`long`): it runs in `npm run testmodels:long`
 * (.ci/run), not in `npm test`.
 */
export const perfSpringDamperUserFunction: TestModel = {
  name: 'perfSpringDamperUserFunction',
  reference: 0.5065575310983877,
  comparison: 'absolute',
  tolerance: 1e-10,
  long: true,
  run() {
    const mbs = new SystemContainer().addSystem();
    const L = 0.5;
    const mass = 1.6;
    const spring = 4000;
    const damper = 4;
    const load0 = 80;
    const omega0 = Math.sqrt(spring / mass);
    const f0 = 0;
    const f1 = omega0 / (2 * Math.PI);
    const tEnd = 50;
    const h = 1e-4;
    const springForce = (_mbs: unknown, _t: number, _item: number, u: number, v: number, k: number, d: number) => 0.1 * k * u + k * u ** 3 + v * d;
    /** Linear frequency sweep over [0, t1] from fa to fb (the factor 0.5 gives the instantaneous frequency). */
    const sweep = (t: number, t1: number, fa: number, fb: number) => Math.sin(2 * Math.PI * (fa + (fb - fa) / t1 * 0.5 * t) * t);
    const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [L, 0, 0] }));
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: n1 }));
    const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    const nodeMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n1, coordinate: 0 }));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundMarker, nodeMarker], stiffness: spring, damping: damper, springForceUserFunction: springForce }));
    mbs.addLoad(LoadCoordinate({ markerNumber: nodeMarker, load: load0, loadUserFunction: (_m, t, load) => load * sweep(t, tEnd, f0, f1) }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.displayStatistics = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.timeIntegration.verboseMode = 1;
    mbs.solveDynamic(settings);
    return mbs.getNodeOutput(n1, OutputVariableType.Position)[0];
  },
};
