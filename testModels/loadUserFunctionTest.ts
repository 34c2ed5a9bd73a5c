import { SystemContainer, SimulationSettings, DynamicSolverType, OutputVariableType, SensorBody, type LoadVectorUserFunction } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's loadUserFunctionTest: a 1 kg mass point on a spring-damper (k = 100, d = 1, length 1, start 5 cm stretched)
 * under a load user function, solved with RK44 (2000 steps to 10 s). Exudyn runs two cases and adds the norms of the
 * final positions: a rotating force [sin(4πt)·F, cos(4πt)·F, 0] written as a Python user function, and the load vector
 * scaled by cos(4πt) written as a symbolic user function; both are ordinary functions here.
 */
export const loadUserFunctionTest: TestModel = {
  name: 'loadUserFunctionTest',
  reference: 1.8051173706570725,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const rotatingForce: LoadVectorUserFunction = (_mbs, t, loadVector) => [Math.sin(2 * (2 * Math.PI) * t) * loadVector[0], Math.cos(2 * (2 * Math.PI) * t) * loadVector[0], 0];
    const scaledForce: LoadVectorUserFunction = (_mbs, t, loadVector) => loadVector.map((value) => Math.cos(2 * (2 * Math.PI) * t) * value);
    let result = 0;
    for (const loadVectorUserFunction of [rotatingForce, scaledForce]) {
      const SC = new SystemContainer();
      const mbs = SC.addSystem();
      const oGround = mbs.createGround();
      const oMassPoint = mbs.createMassPoint({ referencePosition: [1 + 0.05, 0, 0], physicsMass: 1, drawSize: 0.1 });
      mbs.createSpringDamper({ bodyNumbers: [oGround, oMassPoint], referenceLength: 1, stiffness: 100, damping: 1 });
      const sMass = mbs.addSensor(SensorBody({ bodyNumber: oMassPoint, outputVariableType: OutputVariableType.Position, writeToFile: false }));
      mbs.createForce({ bodyNumber: oMassPoint, loadVector: [10, 0, 0], loadVectorUserFunction });
      mbs.assemble();
      const endTime = 10;
      const stepSize = 0.005;
      const settings = new SimulationSettings();
      settings.solutionSettings.writeSolutionToFile = false;
      settings.timeIntegration.numberOfSteps = Math.trunc(endTime / stepSize);
      settings.timeIntegration.endTime = endTime;
      settings.timeIntegration.newton.useModifiedNewton = true;
      mbs.solveDynamic(settings, DynamicSolverType.RK44);
      result += Math.hypot(...mbs.getSensorValues(sMass));
    }
    return result;
  },
};
