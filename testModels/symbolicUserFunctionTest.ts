import {
  SystemContainer, SimulationSettings, DynamicSolverType, OutputVariableType, MarkerNodeCoordinate, LoadCoordinate,
  type SpringForceUserFunction, type LoadUserFunction,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's symbolicUserFunctionTest: a 1 kg mass point on a spring-damper (reference length 0.1, k = 100, d = 1) whose
 * force law is a user function f = 10·d·Δl̇ + k·sign(Δl)·|Δl|^1.2 + f₀, excited along x by a coordinate load
 * 10·sin(20πt); RK44, 10 000 steps to 50 s; the result is the norm of the final position. Exudyn compiles the two user
 * functions symbolically; they are ordinary functions here.
 */
export const symbolicUserFunctionTest: TestModel = {
  name: 'symbolicUserFunctionTest',
  reference: 0.10039884426884882,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const springForceUserFunction: SpringForceUserFunction = (_mbs, _t, _item, deltaL, deltaL_t, stiffness, damping, force) =>
      10 * damping * deltaL_t + stiffness * Math.sign(deltaL) * Math.abs(deltaL) ** 1.2 + force;
    const loadUserFunction: LoadUserFunction = (_mbs, t, load) => load * Math.sin(10 * (2 * Math.PI) * t);
    const oGround = mbs.createGround();
    const oMassPoint = mbs.createMassPoint({ referencePosition: [1 + 0.05, 0, 0], physicsMass: 1 });
    mbs.createSpringDamper({ bodyNumbers: [oGround, oMassPoint], referenceLength: 0.1, stiffness: 100, damping: 1, springForceUserFunction });
    const node = mbs.getObject(oMassPoint).nodeNumber as number;
    const mc = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
    mbs.addLoad(LoadCoordinate({ markerNumber: mc, load: 10, loadUserFunction }));
    mbs.assemble();
    const endTime = 50;
    const stepSize = 0.005;
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.numberOfSteps = Math.trunc(endTime / stepSize);
    settings.timeIntegration.endTime = endTime;
    settings.timeIntegration.newton.useModifiedNewton = true;
    mbs.solveDynamic(settings, DynamicSolverType.RK44);
    return Math.hypot(...mbs.getNodeOutput(node, OutputVariableType.Position));
  },
};
