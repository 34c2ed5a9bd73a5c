import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType,
  Point, NodePointGround, MassPoint, MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate, SensorObject,
} from '../../src/index.ts';
import { geneticOptimization, minimize, parameterVariation, type ParameterSet } from '../../src/studies/index.ts';

/*
 * Exudyn's geneticOptimizationTest (main/pythonDev/TestModels/geneticOptimizationTest.py; reference
 * 0.10117518366826603 in runTestSuiteRefSol.py = GA optimum 0.0030262381385228617 + variation value
 * 0.09814894553377107). The model: a mass–spring–damper (m = 1.6 kg, k = 4000 N/m, d = 8 N s/m, force 80 N,
 * u0 = −0.08 m, v0 = 1 m/s), 100 generalized-α steps (ρ∞ = 1) to t = 1 s; the objective is the norm of the
 * spring displacement's difference to the nominal run, √Σdiff² / steps · tEnd.
 *
 * The variation part is deterministic and compared with Exudyn's number. The GA part draws numpy random numbers
 * (seed 0) that a TypeScript generator cannot reproduce bit for bit, so its 0.00302… cannot be matched; instead
 * the optimizer must find the known optimum, the nominal parameters (objective 0).
 */

const steps = 100, tEnd = 1;

/** The spring displacement of the model at each step. */
function displacement(p: ParameterSet): number[] {
  const mbs = new SystemContainer().addSystem();
  const n1 = mbs.addNode(Point({ referenceCoordinates: [0.5, 0, 0], initialCoordinates: [-0.08, 0, 0], initialVelocities: [1, 0, 0] }));
  const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: p.mass ?? 1.6, nodeNumber: n1 }));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
  const nodeMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n1, coordinate: 0 }));
  const spring = mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundMarker, nodeMarker], stiffness: p.spring ?? 4000, damping: 8 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: nodeMarker, load: p.force ?? 80 }));
  const sensor = mbs.addSensor(SensorObject({ objectNumber: spring, outputVariableType: OutputVariableType.Displacement, storeInternal: true, writeToFile: false }));
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 2e-3;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
  mbs.solveDynamic(settings);
  return mbs.getSensorStoredData(sensor).map((row) => row[1]);
}

const reference = displacement({});

/** Exudyn's objective: the norm of the difference to the nominal run. */
function errorNorm(p: ParameterSet): number {
  const data = displacement(p);
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += (data[i] - reference[i]) ** 2;
  return (Math.sqrt(sum) / steps) * tEnd;
}

describe("Exudyn's geneticOptimizationTest", () => {
  it('reproducesTheVariationValueOfExudyn', async () => {
    const result = await parameterVariation(errorNorm, { mass: [1, 10, 2], spring: [100, 10000, 3] }, { useLogSpace: true, addComputationIndex: true, showProgress: false });
    // v[3] of Exudyn's run is mass = 10, spring = 100 (the last parameter varies fastest, as here)
    expect(result.cases[3].parameters).toMatchObject({ mass: 10, spring: 100 });
    // same model, same integrator: agreement to round-off of 100 steps (relative 1e-10)
    expect(Math.abs((result.values[3] as number) / 0.09814894553377107 - 1)).toBeLessThan(1e-10);
  });

  it('findsTheNominalParametersAsTheOptimum', async () => {
    const ranges = { mass: [1, 10], spring: [100, 10000], force: [1, 1000] } as const;
    const ga = await geneticOptimization(errorNorm, ranges, { populationSize: 40, numberOfGenerations: 8, elitistRatio: 0.1, crossoverProbability: 0.1, rangeReductionFactor: 0.7, distanceFactor: 0.1, randomizerInitialization: 0, showProgress: false });
    // Exudyn's 10 × 2 run reaches 0.0030; 40 × 8 gets well below it
    expect(ga.optimumValue).toBeLessThan(0.003);
    const refined = await minimize(errorNorm, ranges, { initialGuess: ga.optimumParameters, tol: 1e-12, maxiter: 2000, showProgress: false });
    // the known optimum is the nominal parameter set (objective exactly 0 there)
    expect(refined.optimumValue).toBeLessThan(1e-6);
    expect(Math.abs(refined.optimumParameters.mass / 1.6 - 1)).toBeLessThan(1e-3);
    expect(Math.abs(refined.optimumParameters.spring / 4000 - 1)).toBeLessThan(1e-3);
    expect(Math.abs(refined.optimumParameters.force / 80 - 1)).toBeLessThan(1e-3);
  });
});
