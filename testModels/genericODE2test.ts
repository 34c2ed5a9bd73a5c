import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, ObjectGround, MassPoint,
  MarkerBodyPosition, CartesianSpringDamper, Force, ObjectGenericODE2,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's genericODE2test: a Cartesian spring-damper mass and an equivalent ObjectGenericODE2 with a swept user force. */
export const genericODE2test: TestModel = {
  name: 'genericODE2test',
  reference: 0.036045463499024655,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.5;
    const mass = 1.6;
    const k = 4000;
    const dRel = 0.05;
    const d = dRel * 2 * 80;
    const u0 = -0.08;
    const v0 = 1;
    const f = 80;
    const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [L, 0, 0], initialCoordinates: [u0, 0, 0], initialVelocities: [v0, 0, 0] }));
    const objectGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const massPoint1 = mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: n1 }));
    const groundMarker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: objectGround, localPosition: [0, 0, 0] }));
    const bodyMarker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: massPoint1, localPosition: [0, 0, 0] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [groundMarker, bodyMarker], stiffness: [k, k, k], damping: [d, 0, 0], offset: [L, 0, 0] }));
    mbs.addLoad(Force({ markerNumber: bodyMarker, loadVector: [f, 0, 0] }));
    const n2 = mbs.addNode(NodePoint({ referenceCoordinates: [2 * L, 0, 0], initialCoordinates: [u0, (f / k) * 0.999, 0], initialVelocities: [v0, 0, 0] }));
    const diagonal = (a: number, b: number, c: number) => [[a, 0, 0], [0, b, 0], [0, 0, c]];
    const M = diagonal(mass, mass, mass);
    const fdyn = [0, 0, 10];
    const sweep = (t: number, t1: number, f0: number, f1: number) => Math.sin(2 * Math.PI * (f0 + ((f1 - f0) / t1) * 0.5 * t) * t);
    mbs.addObject(ObjectGenericODE2({
      nodeNumbers: [n2], massMatrix: M, stiffnessMatrix: diagonal(k, k, k), dampingMatrix: diagonal(d, 0, d), forceVector: [f, f, 0],
      forceUserFunction: (_mbs: unknown, t: number) => fdyn.map((value) => sweep(t, 10, 1, 100) * value),
      massMatrixUserFunction: () => M,
    }));
    mbs.assemble();
    const settings = new SimulationSettings();
    const tEnd = 1;
    const steps = 2000;
    settings.timeIntegration.numberOfSteps = steps;
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.solutionWritePeriod = tEnd / steps;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    const norm = (v: number[]) => Math.hypot(...v);
    return norm(mbs.getNodeOutput(n1, OutputVariableType.Coordinates)) + norm(mbs.getNodeOutput(n2, OutputVariableType.Coordinates));
  },
};
