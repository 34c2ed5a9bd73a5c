/**
 * Set-up shared by the rotorDiscTest models (objectFFRFTest, objectFFRFreducedOrderTest and the models built on
 * them): Exudyn's test data folder, the elastic bearings, the solver settings and the sensor sum.
 * @module
 */

import { SimulationSettings, MarkerSuperElementPosition, CartesianSpringDamper, type MainSystem } from '../src/index.ts';


/**
 * The rotor's two elastic bearings: the mean position of each mesh-node list (MarkerSuperElementPosition, equal
 * weights) tied to a ground position marker by a CartesianSpringDamper, k = 2e8 (axial stiffness 0 on the right),
 * d = 0.01 k.
 */
export function addRotorBearings(mbs: MainSystem, bodyNumber: number, nodeListLeft: number[], nodeListRight: number[],
  mGroundPosLeft: number, mGroundPosRight: number): void {
  const k = 2e8, d = k * 0.01;
  const mLeft = mbs.addMarker(MarkerSuperElementPosition({
    bodyNumber, meshNodeNumbers: nodeListLeft, weightingFactors: nodeListLeft.map(() => 1 / nodeListLeft.length),
  }));
  const mRight = mbs.addMarker(MarkerSuperElementPosition({
    bodyNumber, meshNodeNumbers: nodeListRight, weightingFactors: nodeListRight.map(() => 1 / nodeListRight.length),
  }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: [mLeft, mGroundPosLeft], stiffness: [k, k, k], damping: [d, d, d] }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: [mRight, mGroundPosRight], stiffness: [k, k, 0], damping: [d, d, d] }));
}

/** Exudyn's solver settings of the rotor tests: h = 1e-4, modified Newton, generalized-α with ρ∞ = 0.5. */
export function rotorSimulationSettings(tEnd: number): SimulationSettings {
  const h = 1e-4;
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
  settings.timeIntegration.endTime = tEnd;
  settings.solutionSettings.solutionWritePeriod = h;
  settings.solutionSettings.sensorsWritePeriod = h;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
  return settings;
}

/** Sum of |entries| of a sensor's stored rows, time column included (numpy's abs(data).sum()). */
export function absSum(rows: readonly (readonly number[])[]): number {
  let sum = 0;
  for (const row of rows) for (const value of row) sum += Math.abs(value);
  return sum;
}
