import { SystemContainer, SimulationSettings, OutputVariableType, SensorBody, DynamicSolverType } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's velocityVerletTest: a mass on a spring, velocity Verlet with four step sizes; sum of final positions. */
export const velocityVerletTest: TestModel = {
  name: 'velocityVerletTest',
  reference: 4.365184132226787,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const mass = mbs.createMassPoint({ referencePosition: [1, 0, 0], initialVelocity: [1, 0, 0], physicsMass: 10 });
    const ground = mbs.createGround();
    mbs.createSpringDamper({ bodyNumbers: [ground, mass], referenceLength: 1, stiffness: 1000, damping: 0 });
    const sMass = mbs.addSensor(SensorBody({ bodyNumber: mass, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    mbs.assemble();
    const settings = new SimulationSettings();
    let sum = 0;
    for (let i = 0; i < 4; i++) {
      const h = 0.001 / 2 ** i;
      const tEnd = 2;
      settings.timeIntegration.endTime = tEnd;
      settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
      mbs.solveDynamic(settings, DynamicSolverType.VelocityVerlet);
      const position = mbs.getSensorValues(sMass) as number[];
      sum += position[0];
    }
    return sum;
  },
};
