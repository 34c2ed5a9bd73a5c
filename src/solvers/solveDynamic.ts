import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import type { InMemoryFileSystem } from '../core/fileSystem.ts';
import { DynamicSolverType } from '../registry/enums.ts';
import { FlexdynError } from '../core/errors.ts';
import { ImplicitSecondOrderStepper } from './implicit.ts';
import { createExplicitStepper } from './explicit.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import type { SolverHooks, SolverStatistics, TimeStepper } from './stepContracts.ts';
import { runSolver, type SolverRun } from './stepLoop.ts';
import { dynamicStepSchedule } from './stepSchedule.ts';
import { validateSimulationSettings } from './settingsValidation.ts';

/** Solves the dynamic problem from the initial state with the given solver; the end state becomes current. */
export function solveDynamic(
  model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings,
  solverType: DynamicSolverType, hooks: SolverHooks, records: SensorRecords, memoryFiles: InMemoryFileSystem,
): SolverStatistics {
  return runSolver(prepareDynamicRun(model, assembler, settings, solverType, hooks, records, memoryFiles));
}

/**
 * Everything of a dynamic solve before its output opens: the settings checked, the step schedule, the initial state
 * and the initialized stepper (solveDynamic and the dynamic solver objects share it).
 */
export function prepareDynamicRun(
  model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings,
  solverType: DynamicSolverType, hooks: SolverHooks, records: SensorRecords, memoryFiles: InMemoryFileSystem,
): SolverRun {
  validateSimulationSettings(settings);
  const ti = settings.timeIntegration;
  const schedule = dynamicStepSchedule(ti);
  assembler.differentiation = ti.newton.numericalDifferentiation;
  const data = model.data;
  data.current.copyFrom(data.initial);
  data.current.t = ti.startTime;
  data.current.loadFactor = 1;
  let stepper: TimeStepper;
  if (solverType === DynamicSolverType.GeneralizedAlpha || solverType === DynamicSolverType.TrapezoidalIndex2) {
    const implicit = new ImplicitSecondOrderStepper(model, assembler, settings, hooks, solverType, solverType === DynamicSolverType.TrapezoidalIndex2);
    implicit.initialize();
    stepper = implicit;
  } else if (Object.values(DynamicSolverType).includes(solverType)) {
    stepper = createExplicitStepper(model, assembler, settings, schedule, solverType);
  } else {
    throw new FlexdynError(`solveDynamic: unknown solverType ${String(solverType)}; expected one of ${Object.values(DynamicSolverType).join(', ')}`);
  }
  return {
    model, assembler, stepper, schedule, hooks, discontinuous: ti.discontinuous, takesRecommendedStepSize: true, records, memoryFiles,
    solutionSettings: settings.solutionSettings, solverName: solverType, dynamic: true,
    showProgress: ti.verboseMode >= 1, printStatistics: settings.displayStatistics || ti.verboseMode >= 1,
  };
}
