import { SimulationSettings } from '../../src/index.ts';

/** Settings of a dynamic run of `steps` steps to tEnd without solution file; sensors record every step. */
export function dynamicSettings(tEnd: number, steps: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.numberOfSteps = steps;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  return settings;
}
