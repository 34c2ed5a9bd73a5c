import { SimulationSettings, OutputVariableType } from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { buildDuffingOscillator } from './springDamperUserFunctionTest.ts';

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
    const tEnd = 50;
    const h = 1e-4;
    const { mbs, node: n1 } = buildDuffingOscillator(tEnd);
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
