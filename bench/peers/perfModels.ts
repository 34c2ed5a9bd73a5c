/**
 * Exudyn's performance models (main/pythonDev/TestModels/perf*.py, run by its runPerformanceTests.py) that have no
 * port in testModels/, restated as {@link TestModel}s for the side-by-side harness (bench/peers/sideBySide.mjs) with the
 * scripts' own settings: step counts, step sizes, solver options, file output and progress output (verboseMode 1) as
 * there. The models themselves are the bench rows' (bench/rigidBodies.bench.ts, bench/singleMass.bench.ts,
 * testModels/objectFFRFreducedOrderTest.ts); references: runTestSuiteRefSol.py of Exudyn 1.11.
 * @module
 */

import { SystemContainer, SimulationSettings, DynamicSolverType, OutputVariableType, SensorSuperElement, SensorNode } from '../../src/index.ts';
import type { TestModel } from '../../testModels/testModel.ts';
import { buildPerf3DRigidBodies, perf3DRigidBodiesResult, perf3DRigidBodiesReference, perf3DRigidBodiesSettings } from '../rigidBodies.bench.ts';
import { buildRotorFFRFreducedOrder } from '../../testModels/objectFFRFreducedOrderTest.ts';
import { absSum, rotorSimulationSettings } from '../../testModels/ffrfRotor.ts';
import { perfObjectFFRFreducedOrderReference } from '../ffrfReducedOrder.bench.ts';
import { buildSingleMass } from '../singleMass.bench.ts';

/**
 * perf3DRigidBodies.py: 400 Euler-parameter cuboids on revolute joints, 1000 steps of 1 ms, generalized-α ρ∞ = 0.8,
 * modified Newton, EigenSparse; the script sets useGraphics = False, hence writeSolutionToFile = False (Exudyn: 4 threads).
 */
export const perf3DRigidBodies: TestModel = {
  name: 'perf3DRigidBodies',
  reference: perf3DRigidBodiesReference,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const mbs = new SystemContainer().addSystem();
    const last = buildPerf3DRigidBodies(mbs);
    mbs.assemble();
    const settings = perf3DRigidBodiesSettings(1000);
    settings.timeIntegration.verboseMode = 1;
    mbs.solveDynamic(settings);
    return perf3DRigidBodiesResult(mbs, last);
  },
};

/**
 * perfObjectFFRFreducedOrder.py: the rotor of objectFFRFreducedOrderTest over 2 s (20 000 steps of 0.1 ms), two sensors
 * stored every 0.1 s, no solution file; the result is Σ|entries| of the mid-node displacement sensor.
 */
export const perfObjectFFRFreducedOrder: TestModel = {
  name: 'perfObjectFFRFreducedOrder',
  needsExudynData: true,
  reference: perfObjectFFRFreducedOrderReference,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const mbs = new SystemContainer().addSystem();
    const { objFFRF, nMid } = buildRotorFFRFreducedOrder(mbs, { stiffnessScale: 1e-2, sensorPoint: [0, 0, 0.25] });
    const sDisp = mbs.addSensor(SensorSuperElement({
      bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement,
    }));
    mbs.addSensor(SensorNode({ nodeNumber: objFFRF.nRigidBody, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    mbs.assemble();
    const settings = rotorSimulationSettings(2);
    settings.solutionSettings.solutionWritePeriod = 0.1;
    settings.solutionSettings.sensorsWritePeriod = 0.1;
    settings.timeIntegration.verboseMode = 1;
    mbs.solveDynamic(settings);
    return absSum(mbs.getSensorStoredData(sDisp));
  },
};

/**
 * perfSpringDamperExplicit.py: one mass point on a coordinate spring-damper (m = 1.6, k = 4000, d = 8, load 80), explicit
 * Euler, 5·10⁶ steps of 1e-4 s without end-of-step accelerations, solved twice as the script does (its second solve
 * only adds Exudyn's statistics output); the result is |position| of the mass.
 */
export const perfSpringDamperExplicit: TestModel = {
  name: 'perfSpringDamperExplicit',
  reference: 0.52,
  comparison: 'relative',
  tolerance: 1e-6,
  run() {
    const { mbs, node: n1 } = buildSingleMass();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 5_000_000;
    settings.timeIntegration.endTime = 500;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = false;
    mbs.solveDynamic(settings, DynamicSolverType.ExplicitEuler);
    mbs.solveDynamic(settings, DynamicSolverType.ExplicitEuler);
    const position = mbs.getNodeOutput(n1, OutputVariableType.Position);
    return Math.abs(position[0]) + Math.abs(position[1]) + Math.abs(position[2]);
  },
};

/** The performance models of this file by name. */
export const perfModels: readonly TestModel[] = [perf3DRigidBodies, perfObjectFFRFreducedOrder, perfSpringDamperExplicit];
