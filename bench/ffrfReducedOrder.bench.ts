/**
 * FFRF reduced-order benchmarks: the unbalanced rotor of Exudyn's objectFFRFreducedOrderTest (rotorDiscTest, 8 modes,
 * 15 ODE2 coordinates + 1 Euler-parameter constraint, 100 steps of 0.1 ms) and Exudyn's performance model
 * perfObjectFFRFreducedOrder (the same rotor, 20 000 steps, sensors every 0.1 s). Generalized-α ρ∞ = 0.5, modified Newton.
 * @module
 */

import { SystemContainer, OutputVariableType, SensorSuperElement } from '../src/index.ts';
import { dynamicSolveBenchmark, type Benchmark } from './harness.ts';
import { exudynFigure } from './exudynFigures.ts';
import { buildRotorFFRFreducedOrder } from '../testModels/objectFFRFreducedOrderTest.ts';
import { absSum, rotorSimulationSettings } from '../testModels/ffrfRotor.ts';
import { perfObjectFFRFreducedOrder } from '../testModels/perfObjectFFRFreducedOrder.ts';

/** The rotor model with a SuperElement displacement sensor at the mid node, for n steps of 0.1 ms. */
function prepareRotor(steps: number, sensorsWritePeriod: number) {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const { objFFRF, nMid } = buildRotorFFRFreducedOrder(mbs, { stiffnessScale: 1e-2, sensorPoint: [0, 0, 0.25] });
  const sensor = mbs.addSensor(SensorSuperElement({
    bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement,
  }));
  mbs.assemble();
  const settings = rotorSimulationSettings(steps * 1e-4);
  settings.solutionSettings.sensorsWritePeriod = sensorsWritePeriod;
  settings.solutionSettings.solutionWritePeriod = sensorsWritePeriod;
  settings.timeIntegration.verboseMode = 0;
  return { mbs, settings, sensor };
}

/** One rotor benchmark; the check reports the sensor sum (and its error to reference, if given) and the CPU time per step. */
function rotorBenchmark(name: 'objectFFRFreducedOrderTest' | 'perfObjectFFRFreducedOrder', description: string, steps: number, warmUpSteps: number,
  repetitions: number, sensorsWritePeriod: number, check: (sum: number) => string): Benchmark {
  return {
    name,
    description,
    repetitions,
    steps,
    warmUpSteps,
    comparison: exudynFigure(name),
    prepare: (n) => {
      const { mbs, settings, sensor } = prepareRotor(n, sensorsWritePeriod);
      return dynamicSolveBenchmark(mbs, settings, n, () => check(absSum(mbs.getSensorStoredData(sensor))));
    },
  };
}

/** The reduced-order FFRF benchmarks in report order. */
export function ffrfReducedOrderBenchmarks(): Benchmark[] {
  return [
    rotorBenchmark('objectFFRFreducedOrderTest', 'rotorDiscTest as ObjectFFRFreducedOrder (8 modes), MarkerSuperElementPosition supports, 100 steps of 0.1 ms',
      100, 100, 10, 1e-4, (sum) => `result ${0.01 * sum} (relative error ${(Math.abs(0.01 * sum - 0.0053552332680605694) / 0.0053552332680605694).toExponential(1)} to Exudyn's reference)`),
    rotorBenchmark('perfObjectFFRFreducedOrder', 'the rotor of objectFFRFreducedOrderTest over 2 s: 20 000 steps of 0.1 ms, sensor every 0.1 s',
      20000, 2000, 3, 0.1, (sum) => `result ${sum} (relative error ${(Math.abs(sum - perfObjectFFRFreducedOrder.reference) / perfObjectFFRFreducedOrder.reference).toExponential(1)} to Exudyn's reference)`),
  ];
}
