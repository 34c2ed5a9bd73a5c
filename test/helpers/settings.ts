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

/** Settings of a quiet static solve without solution file, tight Newton tolerance 1e-12 and the given load steps. */
export function tightStaticSettings(loadSteps = 1): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.numberOfLoadSteps = loadSteps;
  settings.staticSolver.newton.relativeTolerance = 1e-12;
  return settings;
}
